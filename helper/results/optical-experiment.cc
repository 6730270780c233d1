/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-experiment.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#ifndef OPTICAL_VERSION
#define OPTICAL_VERSION "unknown"
#endif
#ifndef OPTICAL_SOURCE_DIR
#define OPTICAL_SOURCE_DIR ""
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OpticalExperiment");

namespace
{
/// The experiment whose run the signal watcher marks (one per process); under g_activeMutex.
OpticalExperiment* g_active = nullptr;

/// Guards g_active and the end of a run (Finish, Fail) against the signal watcher.
std::mutex g_activeMutex;

/// Signals after which a started run is marked 'failed'.
const int HANDLED_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGABRT};

/// Number of handled signals.
constexpr size_t HANDLED_COUNT = sizeof(HANDLED_SIGNALS) / sizeof(HANDLED_SIGNALS[0]);

/// Dispositions the handlers replaced (restored when the run ends).
struct sigaction g_previous[HANDLED_COUNT];

/// Whether the handler of each handled signal is installed (signals ignored at start stay so).
bool g_installed[HANDLED_COUNT] = {false};

/// Pipe from the signal handler to the watcher thread: one byte per signal, its number.
int g_signalPipe[2] = {-1, -1};

/// Pipe from the watcher to the handler of a synchronous signal waiting for the run's mark.
int g_replyPipe[2] = {-1, -1};

/**
 * Longest wait of the watcher for a write of the program in progress before it marks the run
 * (a flush of a full batch takes milliseconds; a program that aborts inside the store holds it).
 */
constexpr std::chrono::milliseconds SIGNAL_STORE_WAIT{5000};

/// Whether a signal is synchronous (raised by the thread that gets it, which must not go on).
bool
IsSynchronous(int signal)
{
    return signal == SIGPIPE || signal == SIGABRT;
}

/// Name of a handled signal.
const char*
SignalName(int signal)
{
    switch (signal)
    {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    case SIGPIPE:
        return "SIGPIPE";
    case SIGABRT:
        return "SIGABRT";
    default:
        return "a signal";
    }
}

/// Arguments that ask ns-3's CommandLine for help and end the program.
bool
IsHelpArgument(const std::string& name)
{
    return name == "help" || name == "PrintHelp" || name == "PrintGlobals" ||
           name == "PrintGroups" || name == "PrintGroup" || name == "PrintTypeIds" ||
           name == "PrintAttributes" || name == "version" || name == "PrintVersion";
}

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

/// Quotes an argument for a shell when needed.
std::string
ShellQuote(const std::string& arg)
{
    if (!arg.empty() && arg.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;!#~") == std::string::npos)
    {
        return arg;
    }
    std::string out = "'";
    for (char c : arg)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}
} // namespace

OpticalExperiment::OpticalExperiment(const std::string& program, const std::string& description)
    : m_program(program)
{
    if (!description.empty())
    {
        m_cmd.Usage(description);
    }
    if (const char* env = std::getenv("NS3_OPTICAL_RESULTS"))
    {
        if (*env != '\0')
        {
            m_resultsPath = env;
        }
    }
}

OpticalExperiment::~OpticalExperiment()
{
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_started && !m_finished && m_store)
        {
            m_store->FinishRun(m_runId,
                               false,
                               "the program ended without OpticalExperiment::Finish()");
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
}

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
             Decorate(help, "whole number, " + std::to_string(min) + " to " + std::to_string(max)),
             std::to_string(value),
             [&value, min, max](const std::string& text, std::string& error) {
                 uint64_t v = 0;
                 if (!ReadCount(text, min, max, v, error))
                 {
                     return false;
                 }
                 value = v;
                 return true;
             });
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
             Decorate(help, "whole number, " + std::to_string(min) + " to " + std::to_string(max)),
             std::to_string(value),
             [&value, min, max](const std::string& text, std::string& error) {
                 uint64_t v = 0;
                 if (!ReadCount(text, min, max, v, error))
                 {
                     return false;
                 }
                 value = static_cast<uint32_t>(v);
                 return true;
             });
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
    Fail("--" + name + shown + ": " + problem);
}

int
OpticalExperiment::CheckNs3Argument(const std::string& name,
                                    const std::string& value,
                                    std::string& canonical,
                                    std::string& error)
{
    Ptr<const AttributeChecker> checker;
    std::string what;
    for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
    {
        if ((*it)->GetName() == name)
        {
            checker = (*it)->GetChecker();
            what = "ns-3 global value";
        }
    }
    if (!checker && name.rfind("ns3::", 0) == 0)
    {
        const auto colon = name.rfind("::");
        const std::string typeName = name.substr(0, colon);
        const std::string attribute = name.substr(colon + 2);
        TypeId tid;
        if (colon <= 3 || !TypeId::LookupByNameFailSafe(typeName, &tid))
        {
            error = "no ns-3 type '" + typeName +
                    "' (attribute defaults are --ns3::Type::Attribute=value)";
            return 0;
        }
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(attribute, &info))
        {
            error = typeName + " has no attribute '" + attribute +
                    "' (see --PrintAttributes=" + typeName + ")";
            return 0;
        }
        checker = info.checker;
        what = "attribute " + name;
    }
    if (!checker)
    {
        return -1;
    }
    std::string type = checker->GetValueTypeName();
    if (type.rfind("ns3::", 0) != 0)
    {
        type = "ns3::" + type;
    }
    Ptr<AttributeValue> candidate;
    if (type == "ns3::UintegerValue")
    {
        uint64_t v = 0;
        if (!OpticalUnits::ParseUnsigned(value, UINT64_MAX, v, error))
        {
            return 0;
        }
        if (name == "RngSeed" && (v == 0 || v > UINT32_MAX))
        {
            // ns-3 aborts on a zero seed once the first random variable is drawn.
            error = "'" + value + "' is out of range (allowed: 1 to 4294967295)";
            return 0;
        }
        candidate = Create<UintegerValue>(v);
        canonical = std::to_string(v);
    }
    else if (type == "ns3::IntegerValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return 0;
        }
        if (v != std::floor(v) || std::fabs(v) > 9.2e18)
        {
            error = "'" + value + "' is not a whole number";
            return 0;
        }
        candidate = Create<IntegerValue>(static_cast<int64_t>(v));
        canonical = std::to_string(static_cast<int64_t>(v));
    }
    else if (type == "ns3::DoubleValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return 0;
        }
        candidate = Create<DoubleValue>(v);
        canonical = OpticalUnits::Format(v);
    }
    else if (type == "ns3::BooleanValue")
    {
        bool v = false;
        if (!OpticalUnits::ParseBool(value, v, error))
        {
            return 0;
        }
        candidate = Create<BooleanValue>(v);
        canonical = v ? "true" : "false";
    }
    else if (type == "ns3::TimeValue")
    {
        double s = 0;
        if (!OpticalUnits::ParseTime(value, "s", s, error))
        {
            return 0;
        }
        if (std::fabs(s) > OpticalUnits::MAX_TIME_S)
        {
            error = "'" + value + "' is out of range (allowed: at most 100 years)";
            return 0;
        }
        candidate = Create<TimeValue>(Seconds(s));
        canonical = OpticalUnits::Format(s) + "s";
    }
    else if (type == "ns3::DataRateValue")
    {
        double bps = 0;
        if (!OpticalUnits::ParseDataRate(value, "bps", bps, error))
        {
            return 0;
        }
        if (bps < 0 || bps > 1.8e19)
        {
            error = "'" + value + "' is out of range (allowed: 0 to 1.8e19 bps)";
            return 0;
        }
        candidate = Create<DataRateValue>(DataRate(static_cast<uint64_t>(std::llround(bps))));
        canonical = std::to_string(static_cast<uint64_t>(std::llround(bps))) + "bps";
    }
    if (candidate)
    {
        if (!checker->Check(*candidate))
        {
            error = "'" + value + "' is outside what " + what + " allows (" +
                    checker->GetUnderlyingTypeInformation() + ")";
            return 0;
        }
        return 1;
    }
    // Other value types (strings, enums, type ids, ...): ns-3's own reader decides.
    if (!checker->CreateValidValue(StringValue(value)))
    {
        error = "'" + value + "' is not a valid " + checker->GetValueTypeName() + " for " + what +
                " (" + checker->GetUnderlyingTypeInformation() + ")";
        return 0;
    }
    canonical = value;
    return 1;
}

void
OpticalExperiment::Parse(int argc, char* argv[])
{
    m_progress = isatty(STDERR_FILENO);
    Register(
        "results",
        "Results database (SQLite) to record this run in; 'none' records nothing [path]",
        m_resultsPath,
        [this](const std::string& text, std::string& error) {
            if (OpticalUnits::Trim(text).empty())
            {
                error = "must not be empty (a path, or 'none')";
                return false;
            }
            m_resultsPath = text;
            return true;
        },
        false,
        false);
    Register(
        "sweepKey",
        "Identifier of a sweep's grid point (set by the sweep runner)",
        m_sweepKey,
        [this](const std::string& text, std::string&) {
            m_sweepKey = text;
            return true;
        },
        false,
        false);
    Register(
        "progress",
        "Print simulation progress on stderr [true or false]",
        m_progress ? "true" : "false",
        [this](const std::string& text, std::string& error) {
            return OpticalUnits::ParseBool(text, m_progress, error);
        },
        true,
        false);

    std::vector<std::string> errors;
    std::vector<std::string> normalized{argc > 0 ? argv[0] : m_program};
    std::vector<std::string> help;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        m_args.push_back(arg);
        size_t dashes = 0;
        while (dashes < 2 && dashes < arg.size() && arg[dashes] == '-')
        {
            ++dashes;
        }
        if (dashes == 0)
        {
            errors.push_back("unexpected argument '" + arg + "' (options are --name=value)");
            continue;
        }
        const auto eq = arg.find('=');
        const std::string name =
            arg.substr(dashes, eq == std::string::npos ? std::string::npos : eq - dashes);
        const bool hasValue = eq != std::string::npos;
        const std::string value = hasValue ? arg.substr(eq + 1) : "";
        if (name.empty())
        {
            errors.push_back("unexpected argument '" + arg + "' (options are --name=value)");
            continue;
        }
        if (IsHelpArgument(name))
        {
            help.push_back(arg);
            continue;
        }
        Option* option = nullptr;
        for (auto& o : m_options)
        {
            if (o.name == name)
            {
                option = &o;
            }
        }
        if (option)
        {
            if (!hasValue && !option->isFlag)
            {
                errors.push_back("--" + name + " needs a value (--" + name + "=...)");
                continue;
            }
            option->given = hasValue ? value : "true";
            option->wasGiven = true;
            normalized.push_back("--" + name + "=" + option->given);
            continue;
        }
        std::string canonical;
        std::string error;
        if (!hasValue)
        {
            errors.push_back("unknown option --" + name + " (run with --help for the options)");
            continue;
        }
        const int known = CheckNs3Argument(name, value, canonical, error);
        if (known < 0)
        {
            errors.push_back("unknown option --" + name + " (run with --help for the options)");
        }
        else if (known == 0)
        {
            errors.push_back("--" + name + "=" + value + ": " + error);
        }
        else
        {
            normalized.push_back("--" + name + "=" + canonical);
        }
    }
    if (!help.empty())
    {
        // Help goes to ns-3's CommandLine alone, which prints it and ends the program.
        help.insert(help.begin(), normalized.front());
        std::vector<char*> helpArgv;
        for (auto& h : help)
        {
            helpArgv.push_back(&h[0]);
        }
        m_cmd.Parse(static_cast<int>(helpArgv.size()), helpArgv.data());
        std::exit(0);
    }
    for (auto& option : m_options)
    {
        std::string error;
        if (option.wasGiven && !option.parse(option.given, error))
        {
            errors.push_back("--" + option.name + "=" + option.given + ": " + error);
        }
    }
    if (!errors.empty())
    {
        for (const auto& e : errors)
        {
            std::cerr << m_program << ": " << e << std::endl;
        }
        std::cerr << m_program
                  << ": nothing was run (see --help for every option and its allowed values)"
                  << std::endl;
        m_finished = true;
        std::exit(1);
    }
    std::vector<char*> cmdArgv;
    for (auto& n : normalized)
    {
        cmdArgv.push_back(&n[0]);
    }
    m_cmd.Parse(static_cast<int>(cmdArgv.size()), cmdArgv.data());
}

void
OpticalExperiment::Fail(const std::string& message, int exitCode)
{
    std::cerr << m_program << ": " << message << std::endl;
    if (!m_started)
    {
        std::cerr << m_program << ": nothing was run" << std::endl;
    }
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_started && m_store && !m_finished)
        {
            m_store->FinishRun(m_runId, false, message);
            m_store->Close();
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
    std::exit(exitCode);
}

std::string
OpticalExperiment::GetVersion()
{
    // The checkout's own description when the program runs from a git checkout, else the
    // version compiled in.
    const std::string dir = OPTICAL_SOURCE_DIR;
    if (!dir.empty())
    {
        const std::string command =
            "git -C '" + dir + "' describe --always --dirty --tags 2>/dev/null";
        if (FILE* pipe = popen(command.c_str(), "r"))
        {
            char buf[128] = {0};
            std::string out;
            while (fgets(buf, sizeof(buf), pipe))
            {
                out += buf;
            }
            const int rc = pclose(pipe);
            while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
            {
                out.pop_back();
            }
            if (rc == 0 && !out.empty())
            {
                return out;
            }
        }
    }
    return OPTICAL_VERSION;
}

void
OpticalExperiment::Start()
{
    NS_ABORT_MSG_IF(m_started, "OpticalExperiment::Start called twice");
    if (m_resultsPath != "none")
    {
        auto store = std::make_unique<ResultsStore>();
        std::string error;
        if (!store->Open(m_resultsPath, error))
        {
            Fail("--results: " + error);
        }
        std::vector<ResultsStore::Parameter> parameters;
        for (const auto& option : m_options)
        {
            if (option.record)
            {
                parameters.push_back(
                    {option.name, option.wasGiven ? option.given : option.defaultText, "cli"});
            }
        }
        for (const auto& arg : m_args)
        {
            if (arg.rfind("--", 0) != 0)
            {
                continue;
            }
            const auto eq = arg.find('=');
            const std::string name =
                arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
            const std::string value = eq == std::string::npos ? "true" : arg.substr(eq + 1);
            bool known = name == "RngRun" || name == "RngSeed";
            for (const auto& option : m_options)
            {
                known = known || option.name == name;
            }
            if (!known && !name.empty())
            {
                parameters.push_back(
                    {name, value, name.rfind("ns3::", 0) == 0 ? "attribute" : "global"});
            }
        }
        parameters.push_back({"RngSeed", std::to_string(RngSeedManager::GetSeed()), "global"});
        parameters.push_back({"RngRun", std::to_string(RngSeedManager::GetRun()), "global"});
        ResultsStore::RunInfo info;
        info.program = m_program;
        info.sweepKey = m_sweepKey;
        info.rngSeed = RngSeedManager::GetSeed();
        info.rngRun = static_cast<int64_t>(RngSeedManager::GetRun());
        info.version = GetVersion();
        for (const auto& arg : m_args)
        {
            info.commandLine += (info.commandLine.empty() ? "" : " ") + ShellQuote(arg);
        }
        m_runId = store->BeginRun(info, parameters);
        m_store = std::move(store);
        m_started = true;
        WatchSignals();
    }
    m_started = true;
}

void
OpticalExperiment::WatchSignals()
{
    if (pipe2(g_signalPipe, O_CLOEXEC) != 0 || pipe2(g_replyPipe, O_CLOEXEC) != 0)
    {
        NS_LOG_WARN("no pipe for the signal watcher: a signal leaves the run 'running'");
        return;
    }
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        g_active = this;
    }
    // The watcher starts with the handled signals blocked, so that asynchronous ones reach
    // the program's threads (whose handler only writes to the pipe), never the watcher.
    sigset_t blocked;
    sigset_t previousMask;
    sigemptyset(&blocked);
    for (int signal : HANDLED_SIGNALS)
    {
        sigaddset(&blocked, signal);
    }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask);
    std::thread(&OpticalExperiment::Watcher).detach();
    pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);
    for (size_t i = 0; i < HANDLED_COUNT; ++i)
    {
        struct sigaction current;
        sigaction(HANDLED_SIGNALS[i], nullptr, &current);
        if (current.sa_handler == SIG_IGN)
        {
            continue; // ignored when the program started (nohup, background jobs): stays so
        }
        struct sigaction action;
        std::memset(&action, 0, sizeof(action));
        action.sa_handler = &OpticalExperiment::OnSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        g_installed[i] = sigaction(HANDLED_SIGNALS[i], &action, &g_previous[i]) == 0;
    }
}

void
OpticalExperiment::StopWatchingSignals()
{
    if (g_signalPipe[1] < 0)
    {
        return;
    }
    for (size_t i = 0; i < HANDLED_COUNT; ++i)
    {
        if (g_installed[i])
        {
            sigaction(HANDLED_SIGNALS[i], &g_previous[i], nullptr);
            g_installed[i] = false;
        }
    }
    // No handler writes to the pipe any more: closing it ends the watcher.
    close(g_signalPipe[1]);
    g_signalPipe[1] = -1;
}

void
OpticalExperiment::Watcher()
{
    unsigned char byte = 0;
    ssize_t n = 0;
    do
    {
        n = read(g_signalPipe[0], &byte, 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1)
    {
        // The run ended: the pipe was closed.
        close(g_signalPipe[0]);
        close(g_replyPipe[0]);
        close(g_replyPipe[1]);
        return;
    }
    const int signal = byte;
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (g_active)
        {
            g_active->MarkInterrupted(std::string("killed by ") + SignalName(signal));
        }
    }
    if (IsSynchronous(signal))
    {
        // The handler waits in the thread that raised it, and ends the process.
        const char done = 1;
        while (write(g_replyPipe[1], &done, 1) < 0 && errno == EINTR)
        {
        }
        return;
    }
    // End the process by the signal, with its default action, as if it had not been caught.
    std::signal(signal, SIG_DFL);
    kill(getpid(), signal);
}

void
OpticalExperiment::MarkInterrupted(const std::string& message)
{
    if (m_started && !m_finished && m_store)
    {
        if (!m_store->InterruptRun(m_runId, message, SIGNAL_STORE_WAIT))
        {
            std::cerr << m_program << ": " << message
                      << ": the results store stayed busy; the run is left 'running'" << std::endl;
        }
        m_finished = true;
    }
}

void
OpticalExperiment::OnSignal(int signal)
{
    // Only async-signal-safe calls: the watcher thread does the marking.
    const int savedErrno = errno;
    const unsigned char byte = static_cast<unsigned char>(signal);
    const bool sent = write(g_signalPipe[1], &byte, 1) == 1;
    if (IsSynchronous(signal))
    {
        // This thread must not go on (a write to a closed pipe, abort()): wait for the run's
        // mark, then end by the signal, delivered with its default action when this returns.
        if (sent)
        {
            struct pollfd reply;
            reply.fd = g_replyPipe[0];
            reply.events = POLLIN;
            reply.revents = 0;
            poll(&reply, 1, static_cast<int>(SIGNAL_STORE_WAIT.count()) + 2000);
        }
        std::signal(signal, SIG_DFL);
        raise(signal);
    }
    errno = savedErrno;
}

void
OpticalExperiment::Run(Time stop)
{
    Simulator::Stop(stop - Simulator::Now());
    m_stop = stop;
    m_wallStart = std::chrono::steady_clock::now();
    m_lastReport = m_wallStart;
    if (m_progress && stop > Simulator::Now())
    {
        m_progressStep = std::max(NanoSeconds(1), (stop - Simulator::Now()) / 1000);
        m_progressEvent = Simulator::Schedule(m_progressStep, &OpticalExperiment::Progress, this);
    }
    Simulator::Run();
    m_progressEvent.Cancel();
    if (m_progress)
    {
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - m_wallStart).count();
        std::cerr << m_program << ": simulated " << Simulator::Now().GetSeconds() << " s in "
                  << std::fixed << std::setprecision(1) << wall << " s" << std::defaultfloat
                  << std::endl;
    }
}

void
OpticalExperiment::Progress()
{
    // Adapt the simulated step so that checks come about every 0.25-1 s of wall-clock time;
    // report at most once a second.
    const auto now = std::chrono::steady_clock::now();
    const double sinceReport = std::chrono::duration<double>(now - m_lastReport).count();
    const double elapsed = std::chrono::duration<double>(now - m_wallStart).count();
    if (sinceReport < 0.25)
    {
        m_progressStep = m_progressStep * 2;
    }
    if (sinceReport >= 1.0)
    {
        const double done = Simulator::Now().GetSeconds() / m_stop.GetSeconds();
        std::cerr << m_program << ": " << std::fixed << std::setprecision(1) << 100 * done << "% ("
                  << Simulator::Now().GetSeconds() << " of " << m_stop.GetSeconds()
                  << " s simulated), " << elapsed << " s elapsed, ETA "
                  << (done > 0 ? elapsed * (1 - done) / done : 0.0) << " s" << std::defaultfloat
                  << std::endl;
        m_lastReport = now;
        if (sinceReport > 2.0)
        {
            m_progressStep = std::max(NanoSeconds(1), m_progressStep / 2);
        }
    }
    if (Simulator::Now() + m_progressStep < m_stop)
    {
        m_progressEvent = Simulator::Schedule(m_progressStep, &OpticalExperiment::Progress, this);
    }
}

void
OpticalExperiment::Metric(const std::string& name, double value, const std::string& unit)
{
    std::cout << name << ": " << value << std::endl;
    if (m_store)
    {
        m_store->AddMetric(m_runId, name, value, unit);
    }
}

void
OpticalExperiment::SeriesPoint(const std::string& series, double x, double y)
{
    if (m_store)
    {
        m_store->AddSeriesPoint(m_runId, series, x, y);
    }
}

ResultsStore*
OpticalExperiment::GetStore()
{
    return m_store.get();
}

int64_t
OpticalExperiment::GetRunId() const
{
    return m_runId;
}

int
OpticalExperiment::Finish()
{
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_store && !m_finished)
        {
            m_store->FinishRun(m_runId, true);
            m_store->Close();
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
    return 0;
}

} // namespace ns3
