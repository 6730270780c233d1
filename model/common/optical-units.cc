/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-units.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ns3
{

namespace
{
/// One unit name and its factor to the base unit.
struct Unit
{
    const char* name; //!< As written after the number
    double factor;    //!< Base units per unit
};

const Unit TIME_UNITS[] = {{"y", 365.0 * 86400},
                           {"d", 86400},
                           {"h", 3600},
                           {"min", 60},
                           {"s", 1},
                           {"ms", 1e-3},
                           {"us", 1e-6},
                           {"ns", 1e-9},
                           {"ps", 1e-12},
                           {"fs", 1e-15}};

/// Decimal and binary prefixes, as ns3::DataRate reads them.
const Unit PREFIXES[] = {{"", 1},
                         {"k", 1e3},
                         {"K", 1e3},
                         {"M", 1e6},
                         {"G", 1e9},
                         {"T", 1e12},
                         {"Ki", 1024.0},
                         {"Mi", 1024.0 * 1024},
                         {"Gi", 1024.0 * 1024 * 1024},
                         {"Ti", 1024.0 * 1024 * 1024 * 1024}};

const char* const TIME_LIST = "y, d, h, min, s, ms, us, ns, ps, fs";
const char* const RATE_LIST = "bps, kbps, Mbps, Gbps, Tbps (or b/s), Bps or B/s for bytes, "
                              "Ki/Mi/Gi/Ti for powers of 1024";
const char* const SIZE_LIST = "B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB";

/// Splits "12.5ms" into the number text and the unit text; false if no number starts it.
bool
SplitNumber(const std::string& text, std::string& number, std::string& unit, std::string& error)
{
    const std::string t = OpticalUnits::Trim(text);
    if (t.empty())
    {
        error = "empty value";
        return false;
    }
    size_t i = 0;
    if (t[i] == '+' || t[i] == '-')
    {
        ++i;
    }
    size_t digits = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
    {
        ++i;
        ++digits;
    }
    if (i < t.size() && t[i] == '.')
    {
        ++i;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
        {
            ++i;
            ++digits;
        }
    }
    if (digits == 0)
    {
        error = "'" + t + "' is not a number";
        return false;
    }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E'))
    {
        size_t j = i + 1;
        if (j < t.size() && (t[j] == '+' || t[j] == '-'))
        {
            ++j;
        }
        size_t expDigits = 0;
        while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])))
        {
            ++j;
            ++expDigits;
        }
        if (expDigits > 0)
        {
            i = j;
        }
    }
    number = t.substr(0, i);
    unit = OpticalUnits::Trim(t.substr(i));
    return true;
}

/// Reads a number text already checked by SplitNumber.
bool
ToDouble(const std::string& number, double& value, std::string& error)
{
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (end == number.c_str() || *end != '\0')
    {
        error = "'" + number + "' is not a number";
        return false;
    }
    if (!std::isfinite(v) || (errno == ERANGE && std::fabs(v) > 1))
    {
        error = "'" + number + "' is out of the range of a number";
        return false;
    }
    // Underflow: a subnormal (or a value rounded to 0) cannot be computed with, and would pass
    // a "> 0" bound that 0 itself fails.
    if (errno == ERANGE || std::fpclassify(v) == FP_SUBNORMAL)
    {
        error = "'" + number + "' is too close to 0 for a number (the smallest is about 2.2e-308;" +
                " write 0 for zero)";
        return false;
    }
    value = v == 0 ? 0.0 : v; // no negative zero
    return true;
}

/// Parses number + unit where the unit comes from \p lookup; a bare number uses bareUnit.
bool
ParseQuantity(const std::string& text,
              const std::string& bareUnit,
              bool (*lookup)(const std::string&, double&),
              const char* what,
              const char* list,
              double& value,
              std::string& error)
{
    std::string number;
    std::string unit;
    if (!SplitNumber(text, number, unit, error))
    {
        error += std::string(" (expected a ") + what + ": a number with a unit (" + list +
                 ") or a bare number in " + bareUnit + ")";
        return false;
    }
    double v = 0;
    if (!ToDouble(number, v, error))
    {
        return false;
    }
    double factor = 1;
    const std::string& u = unit.empty() ? bareUnit : unit;
    if (!lookup(u, factor))
    {
        error = "unknown unit '" + unit + "' in '" + OpticalUnits::Trim(text) + "' (" + what +
                " units: " + list + ")";
        if (unit.empty())
        {
            error = "bad unit for a bare number: '" + bareUnit + "'";
        }
        return false;
    }
    value = v * factor;
    if (!std::isfinite(value))
    {
        error = "'" + OpticalUnits::Trim(text) + "' is out of the range of a number";
        return false;
    }
    return true;
}
} // namespace

// ------------------------------------------------------------------------------ OpticalBounds

OpticalBounds
OpticalBounds::Between(double min, double max)
{
    OpticalBounds b;
    b.m_min = min;
    b.m_max = max;
    return b;
}

OpticalBounds
OpticalBounds::AtLeast(double min)
{
    OpticalBounds b;
    b.m_min = min;
    return b;
}

OpticalBounds
OpticalBounds::Above(double min)
{
    OpticalBounds b;
    b.m_min = min;
    b.m_minOpen = true;
    return b;
}

OpticalBounds
OpticalBounds::AtMost(double max) const
{
    OpticalBounds b = *this;
    b.m_max = max;
    b.m_maxOpen = false;
    return b;
}

OpticalBounds
OpticalBounds::Below(double max) const
{
    OpticalBounds b = *this;
    b.m_max = max;
    b.m_maxOpen = true;
    return b;
}

bool
OpticalBounds::Contains(double value) const
{
    if (!std::isfinite(value))
    {
        return false;
    }
    const bool aboveMin = m_minOpen ? value > m_min : value >= m_min;
    const bool belowMax = m_maxOpen ? value < m_max : value <= m_max;
    return aboveMin && belowMax;
}

double
OpticalBounds::GetMin() const
{
    return m_min;
}

double
OpticalBounds::GetMax() const
{
    return m_max;
}

bool
OpticalBounds::IsMinOpen() const
{
    return m_minOpen;
}

bool
OpticalBounds::IsMaxOpen() const
{
    return m_maxOpen;
}

std::string
OpticalBounds::Describe(const std::string& unit) const
{
    return Describe([unit](double v) { return OpticalUnits::Format(v) + unit; });
}

std::string
OpticalBounds::Describe(const std::function<std::string(double)>& format) const
{
    const bool hasMin = std::isfinite(m_min);
    const bool hasMax = std::isfinite(m_max);
    const std::string lo = hasMin ? format(m_min) : "";
    const std::string hi = hasMax ? format(m_max) : "";
    if (hasMin && hasMax && !m_minOpen && !m_maxOpen)
    {
        return lo + " to " + hi;
    }
    std::string out;
    if (hasMin)
    {
        out = (m_minOpen ? "> " : ">= ") + lo;
    }
    if (hasMax)
    {
        out += (out.empty() ? "" : " and ") + std::string(m_maxOpen ? "< " : "<= ") + hi;
    }
    return out.empty() ? "any finite number" : out;
}

// ------------------------------------------------------------------------------ OpticalUnits

std::string
OpticalUnits::Trim(const std::string& text)
{
    const char* blanks = " \t\r\n";
    const size_t begin = text.find_first_not_of(blanks);
    if (begin == std::string::npos)
    {
        return "";
    }
    const size_t end = text.find_last_not_of(blanks);
    return text.substr(begin, end - begin + 1);
}

std::string
OpticalUnits::Format(double value)
{
    char buf[32];
    for (int precision = 1; precision <= 17; ++precision)
    {
        std::snprintf(buf, sizeof(buf), "%.*g", precision, value);
        if (std::strtod(buf, nullptr) == value)
        {
            break;
        }
    }
    // Whole numbers print in full up to 1e15 ("7200", not "7.2e+03").
    if (std::strchr(buf, 'e') && value == std::floor(value) && std::fabs(value) < 1e15)
    {
        std::snprintf(buf, sizeof(buf), "%.0f", value);
    }
    return buf;
}

std::string
OpticalUnits::FormatTime(double seconds)
{
    if (seconds == 0)
    {
        return "0s";
    }
    if (std::fabs(seconds) >= 1e9)
    {
        return Format(seconds) + "s"; // beyond 30 years, days would hide the magnitude
    }
    for (const Unit& u : TIME_UNITS)
    {
        if (std::fabs(seconds) >= u.factor * (1 - 1e-12) && std::strcmp(u.name, "y") != 0)
        {
            return Format(seconds / u.factor) + u.name;
        }
    }
    return Format(seconds) + "s";
}

std::string
OpticalUnits::FormatRate(double bps)
{
    const Unit units[] = {{"Tbps", 1e12}, {"Gbps", 1e9}, {"Mbps", 1e6}, {"kbps", 1e3}};
    for (const Unit& u : units)
    {
        if (std::fabs(bps) >= u.factor)
        {
            return Format(bps / u.factor) + u.name;
        }
    }
    return Format(bps) + "bps";
}

std::string
OpticalUnits::FormatBytes(double bytes)
{
    const Unit units[] = {{"TiB", 1099511627776.0},
                          {"TB", 1e12},
                          {"GiB", 1073741824.0},
                          {"GB", 1e9},
                          {"MiB", 1048576.0},
                          {"MB", 1e6},
                          {"KiB", 1024.0},
                          {"KB", 1e3}};
    std::string best = Format(bytes) + "B";
    for (const Unit& u : units)
    {
        if (bytes != 0 && std::fmod(bytes, u.factor) == 0)
        {
            const std::string text = Format(bytes / u.factor) + u.name;
            if (text.size() < best.size())
            {
                best = text;
            }
        }
    }
    return best;
}

bool
OpticalUnits::ParseReal(const std::string& text, double& value, std::string& error)
{
    std::string number;
    std::string unit;
    if (!SplitNumber(text, number, unit, error))
    {
        return false;
    }
    if (!unit.empty())
    {
        error = "'" + Trim(text) + "' is not a number (trailing '" + unit + "')";
        return false;
    }
    return ToDouble(number, value, error);
}

bool
OpticalUnits::ParseUnsigned(const std::string& text,
                            uint64_t max,
                            uint64_t& value,
                            std::string& error)
{
    double v = 0;
    if (!ParseReal(text, v, error))
    {
        error += " (expected a whole number)";
        return false;
    }
    if (v < 0)
    {
        error = "'" + Trim(text) + "' is negative (expected a whole number >= 0)";
        return false;
    }
    if (v != std::floor(v))
    {
        error = "'" + Trim(text) + "' is not a whole number";
        return false;
    }
    // Doubles are exact up to 2^53; beyond, the text must be all digits to be read exactly.
    if (v > static_cast<double>(max))
    {
        error = "'" + Trim(text) + "' is too large (at most " + std::to_string(max) + ")";
        return false;
    }
    const std::string t = Trim(text);
    if (v >= 9007199254740992.0 && t.find_first_not_of("0123456789") == std::string::npos)
    {
        errno = 0;
        const unsigned long long exact = std::strtoull(t.c_str(), nullptr, 10);
        if (errno == ERANGE || exact > max)
        {
            error = "'" + t + "' is too large (at most " + std::to_string(max) + ")";
            return false;
        }
        value = exact;
        return true;
    }
    value = static_cast<uint64_t>(v);
    return true;
}

bool
OpticalUnits::TimeUnit(const std::string& unit, double& factor)
{
    for (const Unit& u : TIME_UNITS)
    {
        if (unit == u.name)
        {
            factor = u.factor;
            return true;
        }
    }
    return false;
}

bool
OpticalUnits::RateUnit(const std::string& unit, double& factor)
{
    for (const Unit& p : PREFIXES)
    {
        const std::string prefix = p.name;
        if (unit.compare(0, prefix.size(), prefix) != 0)
        {
            continue;
        }
        const std::string rest = unit.substr(prefix.size());
        if (rest == "bps" || rest == "b/s")
        {
            factor = p.factor;
            return true;
        }
        if (rest == "Bps" || rest == "B/s")
        {
            factor = 8 * p.factor;
            return true;
        }
    }
    return false;
}

bool
OpticalUnits::SizeUnit(const std::string& unit, double& factor)
{
    for (const Unit& p : PREFIXES)
    {
        if (std::string(p.name) + "B" == unit && std::strcmp(p.name, "k") != 0)
        {
            factor = p.factor;
            return true;
        }
    }
    if (unit == "kB")
    {
        factor = 1e3;
        return true;
    }
    return false;
}

bool
OpticalUnits::ParseTime(const std::string& text,
                        const std::string& bareUnit,
                        double& seconds,
                        std::string& error)
{
    return ParseQuantity(text, bareUnit, &TimeUnit, "time", TIME_LIST, seconds, error);
}

bool
OpticalUnits::ParseDataRate(const std::string& text,
                            const std::string& bareUnit,
                            double& bitsPerSecond,
                            std::string& error)
{
    return ParseQuantity(text, bareUnit, &RateUnit, "data rate", RATE_LIST, bitsPerSecond, error);
}

bool
OpticalUnits::ParseBytes(const std::string& text,
                         const std::string& bareUnit,
                         double& bytes,
                         std::string& error)
{
    if (!ParseQuantity(text, bareUnit, &SizeUnit, "size", SIZE_LIST, bytes, error))
    {
        return false;
    }
    if (bytes != std::floor(bytes))
    {
        error = "'" + Trim(text) + "' is not a whole number of bytes";
        return false;
    }
    return true;
}

bool
OpticalUnits::ParseBool(const std::string& text, bool& value, std::string& error)
{
    const std::string t = Trim(text);
    if (t == "true" || t == "1" || t == "yes" || t == "on")
    {
        value = true;
        return true;
    }
    if (t == "false" || t == "0" || t == "no" || t == "off")
    {
        value = false;
        return true;
    }
    error = "'" + t + "' is not a boolean (true, false, 1, 0, yes, no, on, off)";
    return false;
}

} // namespace ns3
