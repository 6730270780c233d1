/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-data-file.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#ifndef OPTICAL_DATA_DIR
#define OPTICAL_DATA_DIR "data"
#endif

namespace ns3
{

std::string
OpticalDataFile::Trim(const std::string& text)
{
    const auto b = text.find_first_not_of(" \t\r");
    if (b == std::string::npos)
    {
        return "";
    }
    const auto e = text.find_last_not_of(" \t\r");
    return text.substr(b, e - b + 1);
}

std::string
OpticalDataFile::Shorten(const std::string& text, std::size_t max)
{
    static const char* hex = "0123456789abcdef";
    std::string out;
    const std::size_t kept = std::min(text.size(), max);
    out.reserve(kept);
    for (std::size_t i = 0; i < kept; ++i)
    {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7f)
        {
            out += static_cast<char>(c);
        }
        else
        {
            out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
        }
    }
    if (text.size() > max)
    {
        out += "... (" + std::to_string(text.size()) + " characters)";
    }
    return out;
}

namespace
{
/// Longest cell text a number reader quotes in full.
const std::size_t MAX_QUOTED = 60;

/**
 * Splits a CSV line into trimmed cells; a quoted cell may hold commas, and "" inside quotes is
 * one quote.
 * \param [in] line The line
 * \param [out] cells The cells
 * \return false if a quote is not closed
 */
bool
SplitCells(const std::string& line, std::vector<std::string>& cells)
{
    cells.clear();
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i)
    {
        const char c = line[i];
        if (c == '"')
        {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"')
            {
                cell += '"';
                ++i;
            }
            else
            {
                quoted = !quoted;
            }
        }
        else if (c == ',' && !quoted)
        {
            cells.push_back(OpticalDataFile::Trim(cell));
            cell.clear();
        }
        else
        {
            cell += c;
        }
    }
    cells.push_back(OpticalDataFile::Trim(cell));
    return !quoted;
}

/// \return " unit" or "" for an empty unit
std::string
UnitSuffix(const std::string& unit)
{
    return unit.empty() ? "" : " " + unit;
}
} // namespace

std::string
OpticalDataFile::GetDataDirectory()
{
    const char* env = std::getenv("NS3_OPTICAL_DATA_DIR");
    return (env && *env) ? std::string(env) : std::string(OPTICAL_DATA_DIR);
}

std::string
OpticalDataFile::Resolve(const std::string& name)
{
    if (name.find('/') != std::string::npos)
    {
        return name;
    }
    return GetDataDirectory() + "/" + name;
}

bool
OpticalDataFile::ParseDouble(const std::string& text, double& value)
{
    const std::string t = Trim(text);
    if (t.empty())
    {
        return false;
    }
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(t.c_str(), &end);
    if (*end != '\0' || errno != 0 || !std::isfinite(v) || std::fpclassify(v) == FP_SUBNORMAL)
    {
        return false; // trailing text, out of range, or too close to 0 (subnormal)
    }
    value = v;
    return true;
}

bool
OpticalDataFile::ReadReal(const std::string& text,
                          const OpticalBounds& bounds,
                          const std::string& unit,
                          double& value,
                          std::string& error)
{
    const std::string allowed = " (allowed: " + bounds.Describe(UnitSuffix(unit)) + ")";
    const std::string t = OpticalUnits::Trim(text);
    if (t.size() > MAX_QUOTED)
    {
        error = "'" + Shorten(t, MAX_QUOTED) + "' is not a number" + allowed;
        return false;
    }
    double v = 0;
    std::string why;
    if (!OpticalUnits::ParseReal(text, v, why))
    {
        error = why + allowed;
        return false;
    }
    if (!bounds.Contains(v))
    {
        error = "'" + OpticalUnits::Trim(text) + "' is out of range" + allowed;
        return false;
    }
    value = v;
    return true;
}

bool
OpticalDataFile::ReadCount(const std::string& text,
                           uint64_t min,
                           uint64_t max,
                           uint64_t& value,
                           std::string& error)
{
    const std::string allowed =
        " (allowed: a whole number " + std::to_string(min) + " to " + std::to_string(max) + ")";
    const std::string t = OpticalUnits::Trim(text);
    if (t.size() > MAX_QUOTED)
    {
        error = "'" + Shorten(t, MAX_QUOTED) + "' is not a whole number" + allowed;
        return false;
    }
    double real = 0;
    std::string why;
    if (!OpticalUnits::ParseReal(t, real, why))
    {
        error = why + allowed;
        return false;
    }
    if (real < 0)
    {
        error = "'" + t + "' is negative" + allowed;
        return false;
    }
    if (real != std::floor(real))
    {
        error = "'" + t + "' is not a whole number" + allowed;
        return false;
    }
    uint64_t v = 0;
    if (real > static_cast<double>(max) ||
        !OpticalUnits::ParseUnsigned(t, std::numeric_limits<uint64_t>::max(), v, why) || v < min ||
        v > max)
    {
        error = "'" + t + "' is out of range" + allowed;
        return false;
    }
    value = v;
    return true;
}

std::string
OpticalDataFile::Record::Where() const
{
    return path + ":" + std::to_string(line) + ": ";
}

std::string
OpticalDataFile::Record::Text(const std::string& column) const
{
    const auto it = cells.find(column);
    return it == cells.end() ? std::string() : it->second;
}

bool
OpticalDataFile::Record::Has(const std::string& column) const
{
    return !Text(column).empty();
}

bool
OpticalDataFile::Record::Real(const std::string& column,
                              const OpticalBounds& bounds,
                              const std::string& unit,
                              double& value,
                              std::string& error) const
{
    std::string why;
    if (!ReadReal(Text(column), bounds, unit, value, why))
    {
        error = Where() + "column '" + column + "': " + why;
        return false;
    }
    return true;
}

bool
OpticalDataFile::Record::Count(const std::string& column,
                               uint64_t min,
                               uint64_t max,
                               uint64_t& value,
                               std::string& error) const
{
    std::string why;
    if (!ReadCount(Text(column), min, max, value, why))
    {
        error = Where() + "column '" + column + "': " + why;
        return false;
    }
    return true;
}

bool
OpticalDataFile::Record::Count(const std::string& column,
                               uint32_t min,
                               uint32_t max,
                               uint32_t& value,
                               std::string& error) const
{
    uint64_t v = 0;
    if (!Count(column, uint64_t{min}, uint64_t{max}, v, error))
    {
        return false;
    }
    value = static_cast<uint32_t>(v);
    return true;
}

bool
OpticalDataFile::ReadText(const std::string& path,
                          uint64_t maxBytes,
                          std::string& text,
                          std::string& error)
{
    std::string content;
    if (!ReadBytes(path, maxBytes, content, error))
    {
        return false;
    }
    if (content.compare(0, 3, "\xEF\xBB\xBF") == 0)
    {
        content.erase(0, 3);
    }
    text = std::move(content);
    return true;
}

bool
OpticalDataFile::ReadBytes(const std::string& path,
                           uint64_t maxBytes,
                           std::string& bytes,
                           std::string& error)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found)
    {
        error = "cannot open '" + path + "' (no such file)";
        return false;
    }
    if (ec)
    {
        error = "cannot open '" + path + "' (" + ec.message() + ")";
        return false;
    }
    if (!std::filesystem::is_regular_file(status))
    {
        error = "cannot open '" + path + "' (not a regular file)";
        return false;
    }
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
    {
        error = "cannot open '" + path + "' (" + ec.message() + ")";
        return false;
    }
    if (size > maxBytes)
    {
        error = path + ": " + std::to_string(size) + " bytes is too large (at most " +
                std::to_string(maxBytes) + " bytes, " + OpticalUnits::FormatBytes(maxBytes) + ")";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        error = "cannot open '" + path + "'";
        return false;
    }
    std::string content(static_cast<std::size_t>(size), '\0');
    in.read(content.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
    {
        error = "cannot read '" + path + "' (it changed while being read)";
        return false;
    }
    bytes = std::move(content);
    return true;
}

OpticalDataFile::Lines::Lines(const std::string& text)
    : m_text(text)
{
}

bool
OpticalDataFile::Lines::Next(std::string& line)
{
    if (m_pos >= m_text.size())
    {
        return false;
    }
    const std::size_t end = m_text.find_first_of("\r\n", m_pos);
    if (end == std::string::npos)
    {
        line.assign(m_text, m_pos, std::string::npos);
        m_pos = m_text.size();
        return true;
    }
    line.assign(m_text, m_pos, end - m_pos);
    m_pos = end + 1;
    if (m_text[end] == '\r' && m_pos < m_text.size() && m_text[m_pos] == '\n')
    {
        ++m_pos;
    }
    return true;
}

bool
OpticalDataFile::ReadRecords(const std::string& name,
                             const std::vector<std::string>& required,
                             const std::vector<std::string>& optional,
                             std::vector<Record>& records,
                             std::string& error)
{
    const std::string path = Resolve(name);
    std::string text;
    std::string why;
    if (!ReadText(path, MAX_FILE_BYTES, text, why))
    {
        error = why;
        if (why.rfind("cannot open '", 0) == 0)
        {
            error = "cannot open data file " + why.substr(std::string("cannot open ").size()) +
                    " (set NS3_OPTICAL_DATA_DIR to the module's data/ directory, or give a path)";
        }
        return false;
    }
    std::vector<std::string> header;
    std::vector<Record> parsed;
    uint64_t lineNo = 0;
    std::vector<std::string> cells;
    Lines lines(text);
    std::string line;
    while (lines.Next(line))
    {
        ++lineNo;
        const std::string t = Trim(line);
        if (t.empty() || t[0] == '#')
        {
            continue;
        }
        const std::string where = path + ":" + std::to_string(lineNo) + ": ";
        if (t.find('\0') != std::string::npos)
        {
            error = where + "a NUL byte (is this a text file?)";
            return false;
        }
        if (!SplitCells(t, cells))
        {
            error = where + "a quote is not closed";
            return false;
        }
        if (header.empty())
        {
            header = cells;
            std::set<std::string> names;
            for (const auto& col : header)
            {
                if (col.empty())
                {
                    error = where + "an empty column name in the header";
                    return false;
                }
                if (!names.insert(col).second)
                {
                    error = where + "column '" + col + "' appears twice in the header";
                    return false;
                }
            }
            std::vector<std::string> all = required;
            all.insert(all.end(), optional.begin(), optional.end());
            for (const auto& col : all)
            {
                if (!names.count(col))
                {
                    error = where + "missing column '" + col + "' in the header";
                    return false;
                }
            }
            continue;
        }
        if (cells.size() != header.size())
        {
            std::ostringstream msg;
            msg << where << "expected " << header.size() << " cells, found " << cells.size();
            error = msg.str();
            return false;
        }
        if (parsed.size() >= MAX_ROWS)
        {
            error = where + "more than " + std::to_string(MAX_ROWS) +
                    " rows (OpticalDataFile::MAX_ROWS)";
            return false;
        }
        Record record;
        record.path = path;
        record.line = lineNo;
        for (std::size_t i = 0; i < header.size(); ++i)
        {
            record.cells[header[i]] = cells[i];
        }
        for (const auto& col : required)
        {
            if (record.cells[col].empty())
            {
                error = where + "empty cell in required column '" + col + "'";
                return false;
            }
        }
        parsed.push_back(std::move(record));
    }
    if (header.empty())
    {
        error = path + ": no header row";
        return false;
    }
    records = std::move(parsed);
    return true;
}

bool
OpticalDataFile::ReadCsv(const std::string& name,
                         const std::vector<std::string>& required,
                         const std::vector<std::string>& optional,
                         std::vector<Row>& rows,
                         std::string& error)
{
    std::vector<Record> records;
    if (!ReadRecords(name, required, optional, records, error))
    {
        return false;
    }
    std::vector<Row> out;
    out.reserve(records.size());
    for (auto& r : records)
    {
        out.push_back(std::move(r.cells));
    }
    rows = std::move(out);
    return true;
}

bool
OpticalDataFile::CheckJsonNesting(const std::string& path,
                                  const std::string& text,
                                  uint32_t maxDepth,
                                  std::string& error)
{
    uint32_t depth = 0;
    uint64_t line = 1;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i)
    {
        const char c = text[i];
        if (c == '\n')
        {
            ++line;
        }
        else if (inString)
        {
            if (c == '\\')
            {
                ++i; // the escaped character cannot end the string
            }
            else if (c == '"')
            {
                inString = false;
            }
        }
        else if (c == '"')
        {
            inString = true;
        }
        else if (c == '[' || c == '{')
        {
            if (++depth > maxDepth)
            {
                error = path + ":" + std::to_string(line) + ": nested deeper than " +
                        std::to_string(maxDepth) + " levels of arrays and objects";
                return false;
            }
        }
        else if ((c == ']' || c == '}') && depth > 0)
        {
            --depth;
        }
    }
    return true;
}

} // namespace ns3
