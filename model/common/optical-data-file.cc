/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-data-file.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
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

namespace
{
std::vector<std::string>
SplitCells(const std::string& line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line)
    {
        if (c == '"')
        {
            quoted = !quoted;
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
    return cells;
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
    if (*end != '\0' || errno != 0 || !std::isfinite(v))
    {
        return false;
    }
    value = v;
    return true;
}

bool
OpticalDataFile::ReadCsv(const std::string& name,
                         const std::vector<std::string>& required,
                         const std::vector<std::string>& optional,
                         std::vector<Row>& rows,
                         std::string& error)
{
    const std::string path = Resolve(name);
    std::ifstream in(path);
    if (!in)
    {
        error = "cannot open data file '" + path +
                "' (set NS3_OPTICAL_DATA_DIR to the module's data/ directory, or give a path)";
        return false;
    }
    std::vector<std::string> header;
    std::vector<Row> parsed;
    std::string line;
    unsigned lineNo = 0;
    while (std::getline(in, line))
    {
        ++lineNo;
        const std::string t = Trim(line);
        if (t.empty() || t[0] == '#')
        {
            continue;
        }
        auto cells = SplitCells(t);
        std::ostringstream where;
        where << path << ":" << lineNo << ": ";
        if (header.empty())
        {
            header = cells;
            std::set<std::string> names(header.begin(), header.end());
            std::vector<std::string> all = required;
            all.insert(all.end(), optional.begin(), optional.end());
            for (const auto& col : all)
            {
                if (!names.count(col))
                {
                    error = where.str() + "missing column '" + col + "' in the header";
                    return false;
                }
            }
            continue;
        }
        if (cells.size() != header.size())
        {
            std::ostringstream msg;
            msg << where.str() << "expected " << header.size() << " cells, found " << cells.size();
            error = msg.str();
            return false;
        }
        Row row;
        for (std::size_t i = 0; i < header.size(); ++i)
        {
            row[header[i]] = cells[i];
        }
        for (const auto& col : required)
        {
            if (row[col].empty())
            {
                error = where.str() + "empty cell in required column '" + col + "'";
                return false;
            }
        }
        parsed.push_back(row);
    }
    if (header.empty())
    {
        error = path + ": no header row";
        return false;
    }
    rows = parsed;
    return true;
}

} // namespace ns3
