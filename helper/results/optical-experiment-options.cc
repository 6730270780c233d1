/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// OpticalExperiment's typed options (AddTime, AddDataRate, AddCount, AddEnum, the lists, ...):
// how each reads its text strictly, checks its bounds and describes itself in --help.

#include "optical-experiment-detail.h"
#include "optical-experiment.h"

#include "ns3/abort.h"

#include <algorithm>
#include <climits>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

namespace
{
/// A time as text in the best unit, exact to the nanosecond ("1us", "10ms", "24h").
std::string
TimeText(const Time& value)
{
    const int64_t ns = value.GetNanoSeconds();

    const struct
    {
        int64_t factor;
        const char* unit;
    } units[] = {{86400000000000LL, "d"},
                 {3600000000000LL, "h"},
                 {60000000000LL, "min"},
                 {1000000000LL, "s"},
                 {1000000LL, "ms"},
                 {1000LL, "us"}};

    for (const auto& u : units)
    {
        if (ns != 0 && ns % u.factor == 0)
        {
            return std::to_string(ns / u.factor) + u.unit;
        }
    }
    return ns == 0 ? "0s" : std::to_string(ns) + "ns";
}

/// Splits a comma-separated list; false (with an error) on an empty element.
bool
SplitList(const std::string& text,
          size_t minCount,
          size_t maxCount,
          std::vector<std::string>& items,
          std::string& error)
{
    items.clear();
    const std::string t = OpticalUnits::Trim(text);
    if (!t.empty())
    {
        size_t start = 0;
        while (true)
        {
            const size_t comma = t.find(',', start);
            const std::string item = OpticalUnits::Trim(
                t.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            if (item.empty())
            {
                error = "empty element in the list (expected comma-separated values)";
                return false;
            }
            items.push_back(item);
            if (items.size() > maxCount)
            {
                error = "more than " + std::to_string(maxCount) + " elements";
                return false;
            }
            if (comma == std::string::npos)
            {
                break;
            }
            start = comma + 1;
        }
    }
    if (items.size() < minCount)
    {
        error = "needs at least " + std::to_string(minCount) + " element" +
                (minCount == 1 ? "" : "s") + " (comma-separated)";
        return false;
    }
    return true;
}

/// Joins texts with commas.
std::string
JoinList(const std::vector<std::string>& items, const std::string& separator = ",")
{
    std::string out;
    for (const auto& item : items)
    {
        out += (out.empty() ? "" : separator) + item;
    }
    return out;
}

/// "[kind; bounds; default]" appended to an option's help.
std::string
Decorate(const std::string& help, const std::string& kind)
{
    return help + " [" + kind + "]";
}

/// Checks a number against bounds, with the error naming the allowed range.
bool
InBounds(double value,
         const OpticalBounds& bounds,
         const std::string& unit,
         const std::string& shown,
         std::string& error)
{
    if (bounds.Contains(value))
    {
        return true;
    }
    error = shown + " is out of range (allowed: " + bounds.Describe(unit) + ")";
    return false;
}

/// The message for a count that is not a whole number in min..max.
std::string
CountError(const std::string& text, uint64_t min, uint64_t max, const std::string& error)
{
    const std::string allowed =
        " (allowed: whole numbers " + std::to_string(min) + " to " + std::to_string(max) + ")";
    double v = 0;
    std::string ignored;
    if (OpticalUnits::ParseReal(text, v, ignored))
    {
        return OpticalUnits::Trim(text) +
               (v < 0 || v > static_cast<double>(max) ? " is out of range"
                                                      : " is not a whole number") +
               allowed;
    }
    return error + allowed;
}

/// Reads a whole number within min..max, with the message of CountError on failure.
bool
ReadCount(const std::string& text, uint64_t min, uint64_t max, uint64_t& value, std::string& error)
{
    if (!OpticalUnits::ParseUnsigned(text, UINT64_MAX, value, error))
    {
        error = CountError(text, min, max, error);
        return false;
    }
    if (value < min || value > max)
    {
        error = std::to_string(value) + " is out of range (allowed: whole numbers " +
                std::to_string(min) + " to " + std::to_string(max) + ")";
        return false;
    }
    return true;
}

/// Unit text with a leading space, for bounds descriptions.
std::string
Spaced(const std::string& unit)
{
    return unit.empty() ? "" : " " + unit;
}

/// \return the help text of a count's range, "whole number, MIN to MAX"
std::string
CountRange(uint64_t min, uint64_t max)
{
    return "whole number, " + std::to_string(min) + " to " + std::to_string(max);
}

/**
 * \param [out] value Where a read count goes (uint32_t or uint64_t; max fits it)
 * \param [in] min Smallest allowed
 * \param [in] max Largest allowed
 * \return the option's reader: ReadCount, then the value stored
 */
template <typename T>
std::function<bool(const std::string&, std::string&)>
CountReader(T& value, uint64_t min, uint64_t max)
{
    return [&value, min, max](const std::string& text, std::string& error) {
        uint64_t v = 0;
        if (!ReadCount(text, min, max, v, error))
        {
            return false;
        }
        value = static_cast<T>(v);
        return true;
    };
}

} // namespace

void
OpticalExperiment::Register(const std::string& name,
                            const std::string& help,
                            const std::string& defaultText,
                            std::function<bool(const std::string&, std::string&)> parse,
                            bool isFlag,
                            bool record)
{
    for (const auto& option : m_options)
    {
        NS_ABORT_MSG_IF(option.name == name,
                        "OpticalExperiment: option --" << name << " added twice");
    }
    m_helpText.push_back(std::make_unique<std::string>(defaultText));
    m_cmd.AddValue(name, help, *m_helpText.back());
    Option option;
    option.name = name;
    option.parse = std::move(parse);
    option.defaultText = defaultText;
    option.isFlag = isFlag;
    option.record = record;
    m_options.push_back(std::move(option));
}

void
OpticalExperiment::AddTime(const std::string& name,
                           const std::string& help,
                           Time& value,
                           const OpticalBounds& bounds,
                           const std::string& bareUnit)
{
    double factor = 1;
    NS_ABORT_MSG_UNLESS(OpticalUnits::TimeUnit(bareUnit, factor),
                        "--" << name << ": '" << bareUnit << "' is not a time unit");
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) &&
                            bounds.GetMax() <= OpticalUnits::MAX_TIME_S &&
                            bounds.GetMin() >= -OpticalUnits::MAX_TIME_S,
                        "--" << name << ": time bounds must be finite, within 100 years");
    const std::string range = bounds.Describe(&OpticalUnits::FormatTime);
    Register(name,
             Decorate(help,
                      "time, e.g. 10ms, 1.5s, 24h; a bare number is in " + bareUnit + "; " + range),
             TimeText(value),
             [&value, bounds, bareUnit, range](const std::string& text, std::string& error) {
                 double seconds = 0;
                 if (!OpticalUnits::ParseTime(text, bareUnit, seconds, error))
                 {
                     return false;
                 }
                 if (!bounds.Contains(seconds))
                 {
                     error = OpticalUnits::FormatTime(seconds) +
                             " is out of range (allowed: " + range + ")";
                     return false;
                 }
                 // Time holds whole steps of its resolution: the rounded time must be allowed too.
                 const Time rounded = Seconds(seconds);
                 if (!bounds.Contains(rounded.GetSeconds()))
                 {
                     error = OpticalUnits::Trim(text) + " rounds to " +
                             OpticalUnits::FormatTime(rounded.GetSeconds()) +
                             " at ns-3's time resolution (allowed: " + range + ")";
                     return false;
                 }
                 value = rounded;
                 return true;
             });
}

void
OpticalExperiment::AddTimeNumber(const std::string& name,
                                 const std::string& help,
                                 double& value,
                                 const OpticalBounds& bounds,
                                 const std::string& unit)
{
    AddNumberInUnit(name,
                    help,
                    value,
                    bounds,
                    unit,
                    "time, e.g. 10ms, 24h",
                    &OpticalUnits::TimeUnit,
                    &OpticalUnits::ParseTime);
}

void
OpticalExperiment::AddNumberInUnit(
    const std::string& name,
    const std::string& help,
    double& value,
    const OpticalBounds& bounds,
    const std::string& unit,
    const std::string& kind,
    bool (*lookup)(const std::string&, double&),
    bool (*parse)(const std::string&, const std::string&, double&, std::string&))
{
    double factor = 1;
    NS_ABORT_MSG_UNLESS(lookup(unit, factor),
                        "--" << name << ": '" << unit << "' is not a unit of " << kind);
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) && std::isfinite(bounds.GetMin()),
                        "--" << name << ": bounds must be finite");
    const std::string range = bounds.Describe(Spaced(unit));
    Register(
        name,
        Decorate(help, kind + "; a bare number is in " + unit + "; " + range),
        OpticalUnits::Format(value),
        [&value, bounds, unit, factor, parse](const std::string& text, std::string& error) {
            double base = 0;
            if (!parse(text, unit, base, error))
            {
                return false;
            }
            const double v = base / factor;
            if (!InBounds(v, bounds, Spaced(unit), OpticalUnits::Format(v) + " " + unit, error))
            {
                return false;
            }
            value = v;
            return true;
        });
}

void
OpticalExperiment::AddDataRate(const std::string& name,
                               const std::string& help,
                               DataRate& value,
                               const OpticalBounds& bounds,
                               const std::string& bareUnit)
{
    double factor = 1;
    NS_ABORT_MSG_UNLESS(OpticalUnits::RateUnit(bareUnit, factor),
                        "--" << name << ": '" << bareUnit << "' is not a rate unit");
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) && bounds.GetMax() <= 1.8e19,
                        "--" << name
                             << ": rate bounds must be finite (ns3::DataRate holds 64 bits)");
    const std::string range = bounds.Describe(&OpticalUnits::FormatRate);
    Register(
        name,
        Decorate(help,
                 "data rate, e.g. 400Mbps, 10Gbps; a bare number is in " + bareUnit + "; " + range),
        OpticalUnits::FormatRate(static_cast<double>(value.GetBitRate())),
        [&value, bounds, bareUnit, range](const std::string& text, std::string& error) {
            double bps = 0;
            if (!OpticalUnits::ParseDataRate(text, bareUnit, bps, error))
            {
                return false;
            }
            if (!bounds.Contains(bps))
            {
                error = OpticalUnits::FormatRate(bps) + " is out of range (allowed: " + range + ")";
                return false;
            }
            // DataRate holds whole bit/s: the rounded rate must be allowed too.
            const double rounded = std::round(bps);
            if (!bounds.Contains(rounded))
            {
                error = OpticalUnits::Trim(text) + " rounds to " +
                        OpticalUnits::FormatRate(rounded) + " (allowed: " + range + ")";
                return false;
            }
            value = DataRate(static_cast<uint64_t>(rounded));
            return true;
        });
}

void
OpticalExperiment::AddRateNumber(const std::string& name,
                                 const std::string& help,
                                 double& value,
                                 const OpticalBounds& bounds,
                                 const std::string& unit)
{
    AddNumberInUnit(name,
                    help,
                    value,
                    bounds,
                    unit,
                    "data rate, e.g. 100Gbps, 2Tbps",
                    &OpticalUnits::RateUnit,
                    &OpticalUnits::ParseDataRate);
}

void
OpticalExperiment::AddBytes(const std::string& name,
                            const std::string& help,
                            uint64_t& value,
                            const OpticalBounds& bounds,
                            const std::string& bareUnit)
{
    double factor = 1;
    NS_ABORT_MSG_UNLESS(OpticalUnits::SizeUnit(bareUnit, factor),
                        "--" << name << ": '" << bareUnit << "' is not a size unit");
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) && bounds.GetMax() <= 9007199254740992.0 &&
                            bounds.GetMin() >= 0,
                        "--" << name << ": size bounds must be within 0 to 2^53 bytes");
    const std::string range = bounds.Describe(&OpticalUnits::FormatBytes);
    Register(name,
             Decorate(help,
                      "size, e.g. 4096, 64KiB, 16MiB, 1GB; a bare number is in " + bareUnit + "; " +
                          range),
             OpticalUnits::Format(static_cast<double>(value) / factor),
             [&value, bounds, bareUnit, range](const std::string& text, std::string& error) {
                 double bytes = 0;
                 if (!OpticalUnits::ParseBytes(text, bareUnit, bytes, error))
                 {
                     return false;
                 }
                 if (!bounds.Contains(bytes))
                 {
                     error = OpticalUnits::FormatBytes(bytes) +
                             " is out of range (allowed: " + range + ")";
                     return false;
                 }
                 value = static_cast<uint64_t>(bytes);
                 return true;
             });
}

void
OpticalExperiment::AddCount(const std::string& name,
                            const std::string& help,
                            uint64_t& value,
                            uint64_t min,
                            uint64_t max)
{
    NS_ABORT_MSG_UNLESS(min <= max, "--" << name << ": min > max");
    Register(name,
             Decorate(help, CountRange(min, max)),
             std::to_string(value),
             CountReader(value, min, max));
}

void
OpticalExperiment::AddCount(const std::string& name,
                            const std::string& help,
                            uint32_t& value,
                            uint64_t min,
                            uint64_t max)
{
    NS_ABORT_MSG_UNLESS(max <= UINT32_MAX, "--" << name << ": max does not fit 32 bits");
    NS_ABORT_MSG_UNLESS(min <= max, "--" << name << ": min > max");
    Register(name,
             Decorate(help, CountRange(min, max)),
             std::to_string(value),
             CountReader(value, min, max));
}

void
OpticalExperiment::AddReal(const std::string& name,
                           const std::string& help,
                           double& value,
                           const OpticalBounds& bounds,
                           const std::string& unit)
{
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) && std::isfinite(bounds.GetMin()),
                        "--" << name << ": bounds must be finite");
    const std::string range = bounds.Describe(Spaced(unit));
    Register(
        name,
        Decorate(help, (unit.empty() ? "number" : "number in " + unit) + ", " + range),
        OpticalUnits::Format(value),
        [&value, bounds, unit](const std::string& text, std::string& error) {
            double v = 0;
            if (!OpticalUnits::ParseReal(text, v, error) ||
                !InBounds(v, bounds, Spaced(unit), OpticalUnits::Format(v) + Spaced(unit), error))
            {
                return false;
            }
            value = v;
            return true;
        });
}

void
OpticalExperiment::AddFraction(const std::string& name,
                               const std::string& help,
                               double& value,
                               const OpticalBounds& bounds)
{
    Register(name,
             Decorate(help, "fraction, e.g. 0.25 or 25%; " + bounds.Describe()),
             OpticalUnits::Format(value),
             [&value, bounds](const std::string& text, std::string& error) {
                 std::string t = OpticalUnits::Trim(text);
                 const bool percent = !t.empty() && t.back() == '%';
                 if (percent)
                 {
                     t.pop_back();
                 }
                 double v = 0;
                 if (!OpticalUnits::ParseReal(t, v, error))
                 {
                     return false;
                 }
                 v = percent ? v / 100 : v;
                 if (!InBounds(v, bounds, "", OpticalUnits::Format(v), error))
                 {
                     return false;
                 }
                 value = v;
                 return true;
             });
}

void
OpticalExperiment::AddPercent(const std::string& name,
                              const std::string& help,
                              double& value,
                              const OpticalBounds& bounds)
{
    Register(name,
             Decorate(help, "percentage, e.g. 25 or 25%; " + bounds.Describe("%")),
             OpticalUnits::Format(value),
             [&value, bounds](const std::string& text, std::string& error) {
                 std::string t = OpticalUnits::Trim(text);
                 if (!t.empty() && t.back() == '%')
                 {
                     t.pop_back();
                 }
                 double v = 0;
                 if (!OpticalUnits::ParseReal(t, v, error) ||
                     !InBounds(v, bounds, "%", OpticalUnits::Format(v) + "%", error))
                 {
                     return false;
                 }
                 value = v;
                 return true;
             });
}

void
OpticalExperiment::AddEnum(const std::string& name,
                           const std::string& help,
                           std::string& value,
                           const std::vector<std::string>& allowed)
{
    NS_ABORT_MSG_IF(allowed.empty(), "--" << name << ": no allowed values");
    const std::string list = JoinList(allowed, ", ");
    Register(name,
             Decorate(help, "one of " + list),
             value,
             [&value, allowed, list](const std::string& text, std::string& error) {
                 const std::string t = OpticalUnits::Trim(text);
                 for (const auto& a : allowed)
                 {
                     if (t == a)
                     {
                         value = t;
                         return true;
                     }
                 }
                 error = "'" + t + "' is not one of: " + list;
                 return false;
             });
}

void
OpticalExperiment::AddChoiceIndex(const std::string& name,
                                  const std::string& help,
                                  const std::string& defaultText,
                                  const OpticalNames& names,
                                  const std::vector<uint32_t>& allowed,
                                  std::function<void(uint32_t)> set)
{
    std::vector<std::string> list;
    for (uint32_t i = 0; i < names.GetN(); ++i)
    {
        if (allowed.empty() || std::find(allowed.begin(), allowed.end(), i) != allowed.end())
        {
            list.push_back(names.GetName(i));
        }
    }
    NS_ABORT_MSG_IF(list.empty(), "--" << name << ": no allowed values");
    const std::string joined = JoinList(list, ", ");
    Register(name,
             Decorate(help, "one of " + joined + " (any case)"),
             defaultText,
             [names, allowed, joined, set](const std::string& text, std::string& error) {
                 uint32_t index = 0;
                 if (!names.Find(text, index, error))
                 {
                     if (!allowed.empty())
                     {
                         error = "'" + OpticalUnits::Trim(text) + "' is not one of: " + joined;
                     }
                     return false;
                 }
                 if (!allowed.empty() &&
                     std::find(allowed.begin(), allowed.end(), index) == allowed.end())
                 {
                     error = "'" + names.GetName(index) + "' is a " + names.GetWhat() +
                             " this program does not support (allowed: " + joined + ")";
                     return false;
                 }
                 set(index);
                 return true;
             });
}

void
OpticalExperiment::AddBackend(const std::string& name,
                              const std::string& help,
                              Backend& value,
                              const std::vector<Backend>& allowed)
{
    std::string described;
    for (const BackendInfo& info : BackendRegistry::GetAll())
    {
        const bool ok =
            allowed.empty() || std::find_if(allowed.begin(), allowed.end(), [&info](Backend b) {
                                   return b == info.backend;
                               }) != allowed.end();
        if (ok)
        {
            described += (described.empty() ? "" : "; ") + info.name + ": " + info.help;
        }
    }
    AddChoice(name, help + " (" + described + ")", value, allowed);
}

void
OpticalExperiment::AddFlag(const std::string& name, const std::string& help, bool& value)
{
    Register(
        name,
        Decorate(help, "true or false; --" + name + " alone is true"),
        value ? "true" : "false",
        [&value](const std::string& text, std::string& error) {
            return OpticalUnits::ParseBool(text, value, error);
        },
        true);
}

void
OpticalExperiment::AddText(const std::string& name,
                           const std::string& help,
                           std::string& value,
                           bool allowEmpty)
{
    Register(name, help, value, [&value, allowEmpty](const std::string& text, std::string& error) {
        if (!allowEmpty && OpticalUnits::Trim(text).empty())
        {
            error = "must not be empty";
            return false;
        }
        for (char c : text)
        {
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
            {
                error = "contains a control character";
                return false;
            }
        }
        value = text;
        return true;
    });
}

void
OpticalExperiment::AddInputFile(const std::string& name,
                                const std::string& help,
                                std::string& value)
{
    Register(name,
             Decorate(help, "path of a readable file; empty for none"),
             value,
             [&value](const std::string& text, std::string& error) {
                 if (text.empty())
                 {
                     value = text;
                     return true;
                 }
                 struct stat info;
                 if (stat(text.c_str(), &info) != 0)
                 {
                     error = "no such file";
                     return false;
                 }
                 if (!S_ISREG(info.st_mode))
                 {
                     error = "not a regular file";
                     return false;
                 }
                 std::ifstream in(text);
                 if (!in)
                 {
                     error = "cannot be read";
                     return false;
                 }
                 value = text;
                 return true;
             });
}

bool
opticalexperimentdetail::CheckWritableFile(const std::string& path, std::string& error)
{
    const auto slash = path.find_last_of('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.empty())
    {
        error = "names a directory, not a file";
        return false;
    }
    if (name.size() > NAME_MAX || path.size() >= PATH_MAX)
    {
        error = "a file name of " + std::to_string(name.size()) + " bytes in a path of " +
                std::to_string(path.size()) + " (allowed: names up to " + std::to_string(NAME_MAX) +
                " bytes, paths up to " + std::to_string(PATH_MAX - 1) + ")";
        return false;
    }
    struct stat info;
    if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
    {
        error = "a directory, not a file";
        return false;
    }
    const std::string dir =
        slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (stat(dir.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    {
        error = "its directory '" + dir + "' does not exist";
        return false;
    }
    if (access(dir.c_str(), W_OK) != 0)
    {
        error = "its directory '" + dir + "' is not writable";
        return false;
    }
    return true;
}

void
OpticalExperiment::AddOutputFile(const std::string& name,
                                 const std::string& help,
                                 std::string& value)
{
    Register(name,
             Decorate(help, "path of a file to write, in an existing writable directory"),
             value,
             [&value](const std::string& text, std::string& error) {
                 if (text.empty())
                 {
                     value = text;
                     return true;
                 }
                 if (!opticalexperimentdetail::CheckWritableFile(text, error))
                 {
                     return false;
                 }
                 value = text;
                 return true;
             });
}

bool
opticalexperimentdetail::CheckWritableDirectory(const std::string& path, std::string& error)
{
    if (path.size() >= PATH_MAX)
    {
        error = "a path of " + std::to_string(path.size()) + " bytes (allowed: up to " +
                std::to_string(PATH_MAX - 1) + ")";
        return false;
    }
    struct stat info;
    if (stat(path.c_str(), &info) == 0)
    {
        if (!S_ISDIR(info.st_mode))
        {
            error = "a file, not a directory";
            return false;
        }
        if (access(path.c_str(), W_OK) != 0)
        {
            error = "not writable";
            return false;
        }
        return true;
    }
    std::string trimmed = path;
    while (trimmed.size() > 1 && trimmed.back() == '/')
    {
        trimmed.pop_back();
    }
    const auto slash = trimmed.find_last_of('/');
    const std::string parent =
        slash == std::string::npos ? "." : (slash == 0 ? "/" : trimmed.substr(0, slash));
    if (stat(parent.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    {
        error = "neither it nor its parent '" + parent + "' exists";
        return false;
    }
    if (access(parent.c_str(), W_OK) != 0)
    {
        error = "its parent '" + parent + "' is not writable";
        return false;
    }
    return true;
}

void
OpticalExperiment::AddOutputDirectory(const std::string& name,
                                      const std::string& help,
                                      std::string& value)
{
    Register(name,
             Decorate(help, "a directory to write into: existing and writable, or made in one"),
             value,
             [&value](const std::string& text, std::string& error) {
                 if (!text.empty() && !opticalexperimentdetail::CheckWritableDirectory(text, error))
                 {
                     return false;
                 }
                 value = text;
                 return true;
             });
}

std::string
OpticalExperiment::GetOutputPath(const std::string& name) const
{
    if (m_resultsPath == "none")
    {
        return name;
    }
    const auto slash = m_resultsPath.find_last_of('/');
    return slash == std::string::npos ? name : m_resultsPath.substr(0, slash + 1) + name;
}

void
OpticalExperiment::AddRealList(const std::string& name,
                               const std::string& help,
                               std::vector<double>& value,
                               const OpticalBounds& bounds,
                               const std::string& unit,
                               size_t minCount,
                               size_t maxCount)
{
    NS_ABORT_MSG_UNLESS(std::isfinite(bounds.GetMax()) && std::isfinite(bounds.GetMin()),
                        "--" << name << ": bounds must be finite");
    std::vector<std::string> texts;
    for (double v : value)
    {
        texts.push_back(OpticalUnits::Format(v));
    }
    Register(
        name,
        Decorate(help,
                 "comma-separated numbers" + (unit.empty() ? "" : " in " + unit) + ", each " +
                     bounds.Describe(Spaced(unit))),
        JoinList(texts),
        [&value, bounds, unit, minCount, maxCount](const std::string& text, std::string& error) {
            std::vector<std::string> items;
            if (!SplitList(text, minCount, maxCount, items, error))
            {
                return false;
            }
            std::vector<double> out;
            for (const auto& item : items)
            {
                double v = 0;
                if (!OpticalUnits::ParseReal(item, v, error) ||
                    !InBounds(v,
                              bounds,
                              Spaced(unit),
                              OpticalUnits::Format(v) + Spaced(unit),
                              error))
                {
                    error = "element '" + item + "': " + error;
                    return false;
                }
                out.push_back(v);
            }
            value = out;
            return true;
        });
}

void
OpticalExperiment::AddCountList(const std::string& name,
                                const std::string& help,
                                std::vector<uint64_t>& value,
                                uint64_t min,
                                uint64_t max,
                                size_t minCount,
                                size_t maxCount)
{
    std::vector<std::string> texts;
    for (uint64_t v : value)
    {
        texts.push_back(std::to_string(v));
    }
    Register(name,
             Decorate(help,
                      "comma-separated whole numbers, each " + std::to_string(min) + " to " +
                          std::to_string(max)),
             JoinList(texts),
             [&value, min, max, minCount, maxCount](const std::string& text, std::string& error) {
                 std::vector<std::string> items;
                 if (!SplitList(text, minCount, maxCount, items, error))
                 {
                     return false;
                 }
                 std::vector<uint64_t> out;
                 for (const auto& item : items)
                 {
                     uint64_t v = 0;
                     if (!ReadCount(item, min, max, v, error))
                     {
                         error = "element '" + item + "': " + error;
                         return false;
                     }
                     out.push_back(v);
                 }
                 value = out;
                 return true;
             });
}

void
OpticalExperiment::AddEnumList(const std::string& name,
                               const std::string& help,
                               std::vector<std::string>& value,
                               const std::vector<std::string>& allowed,
                               size_t minCount,
                               size_t maxCount)
{
    const std::string list = JoinList(allowed, ", ");
    Register(
        name,
        Decorate(help, "comma-separated, each one of " + list),
        JoinList(value),
        [&value, allowed, list, minCount, maxCount](const std::string& text, std::string& error) {
            std::vector<std::string> items;
            if (!SplitList(text, minCount, maxCount, items, error))
            {
                return false;
            }
            for (const auto& item : items)
            {
                bool ok = false;
                for (const auto& a : allowed)
                {
                    ok = ok || item == a;
                }
                if (!ok)
                {
                    error = "element '" + item + "' is not one of: " + list;
                    return false;
                }
            }
            value = items;
            return true;
        });
}

void
OpticalExperiment::Require(bool ok, const std::string& name, const std::string& problem)
{
    if (ok)
    {
        return;
    }
    std::string shown;
    for (const auto& option : m_options)
    {
        if (option.name == name)
        {
            shown = "=" + (option.wasGiven ? option.given : option.defaultText);
        }
    }
    Refuse("--" + name + shown + ": " + problem); // Fail() before Start(); no row after
}
} // namespace ns3
