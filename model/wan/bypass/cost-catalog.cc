/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cost-catalog.h"

#include "ns3/abort.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-units.h"

#include <cmath>
#include <fstream>

namespace ns3
{

namespace
{
/**
 * \brief The line of a data row of a CSV data file, for messages: OpticalDataFile::ReadCsv
 * skips blank lines and lines starting with '#', and the first other line is the header.
 * \param [in] path The file
 * \param [in] row Index of the data row (0: the first after the header)
 * \return "path:line" (just the path if the file cannot be read again)
 */
std::string
Where(const std::string& path, std::size_t row)
{
    std::ifstream in(path);
    std::string line;
    std::size_t lineNo = 0;
    std::size_t kept = 0;
    while (std::getline(in, line))
    {
        ++lineNo;
        const std::string t = OpticalDataFile::Trim(line);
        if (t.empty() || t[0] == '#')
        {
            continue;
        }
        if (kept++ == row + 1)
        {
            return path + ":" + std::to_string(lineNo);
        }
    }
    return path;
}
} // namespace

const std::string CostCatalog::DEFAULT_FILE = "bypass-costs.csv";

CostCatalog::CostCatalog()
    : m_cost{1.0, 1.0, 2.0, 2.0}
{
}

std::string
CostCatalog::Name(Component c)
{
    switch (c)
    {
    case ROUTER_PORT:
        return "router-port";
    case TRANSPONDER:
        return "transponder";
    case REGENERATOR:
        return "regenerator";
    case AMPLIFIER:
        return "amplifier";
    case N_COMPONENTS:
        break;
    }
    return "unknown";
}

bool
CostCatalog::Load(const std::string& file, std::string& error)
{
    // A bare name is a file of the data directory's wan/ folder.
    const std::string path = file.find('/') == std::string::npos
                                 ? OpticalDataFile::GetDataDirectory() + "/wan/" + file
                                 : file;
    std::vector<OpticalDataFile::Row> rows;
    if (!OpticalDataFile::ReadCsv(path, {"component", "cost"}, {}, rows, error))
    {
        return false;
    }
    std::string names;
    for (int c = 0; c < N_COMPONENTS; ++c)
    {
        names += (c ? ", " : "") + Name(static_cast<Component>(c));
    }
    std::array<double, N_COMPONENTS> cost{};
    std::array<bool, N_COMPONENTS> seen{};
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
        const auto& row = rows[r];
        const std::string& name = row.at("component");
        int c = 0;
        while (c < N_COMPONENTS && Name(static_cast<Component>(c)) != name)
        {
            ++c;
        }
        if (c == N_COMPONENTS)
        {
            error = Where(path, r) + ": unknown component '" + name + "' (known: " + names + ")";
            return false;
        }
        if (seen[c])
        {
            error = Where(path, r) + ": component '" + name + "' is listed twice";
            return false;
        }
        double v = 0;
        std::string why;
        if (!OpticalUnits::ParseReal(row.at("cost"), v, why) || !(v >= 0 && v <= MAX_COST))
        {
            error = Where(path, r) + ": component '" + name + "': cost '" + row.at("cost") +
                    "' (need a number from 0 to " + OpticalUnits::Format(MAX_COST) +
                    ", CostCatalog::MAX_COST" + (why.empty() ? "" : "; " + why) + ")";
            return false;
        }
        cost[c] = v;
        seen[c] = true;
    }
    for (int c = 0; c < N_COMPONENTS; ++c)
    {
        if (!seen[c])
        {
            error = path + ": the catalog is missing component '" +
                    Name(static_cast<Component>(c)) + "' (need every one of: " + names + ")";
            return false;
        }
    }
    m_cost = cost;
    return true;
}

double
CostCatalog::Get(Component c) const
{
    NS_ABORT_MSG_IF(c < 0 || c >= N_COMPONENTS, "CostCatalog: component " << c);
    return m_cost[c];
}

void
CostCatalog::Set(Component c, double cost)
{
    NS_ABORT_MSG_IF(c < 0 || c >= N_COMPONENTS, "CostCatalog: component " << c);
    NS_ABORT_MSG_IF(!(cost >= 0 && cost <= MAX_COST),
                    "CostCatalog: cost " << cost << " of " << Name(c) << " (need 0 to " << MAX_COST
                                         << ", CostCatalog::MAX_COST)");
    m_cost[c] = cost;
}

} // namespace ns3
