/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cost-catalog.h"

#include "ns3/abort.h"
#include "ns3/optical-data-file.h"

#include <cmath>

namespace ns3
{

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
    for (const auto& row : rows)
    {
        const std::string& name = row.at("component");
        int c = 0;
        while (c < N_COMPONENTS && Name(static_cast<Component>(c)) != name)
        {
            ++c;
        }
        if (c == N_COMPONENTS)
        {
            error = path + ": unknown component '" + name + "' (known: " + names + ")";
            return false;
        }
        if (seen[c])
        {
            error = path + ": component '" + name + "' is listed twice";
            return false;
        }
        double v = 0;
        if (!OpticalDataFile::ParseDouble(row.at("cost"), v) || v < 0)
        {
            error = path + ": component '" + name + "': cost '" + row.at("cost") +
                    "' (need a number >= 0)";
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
    NS_ABORT_MSG_IF(!std::isfinite(cost) || cost < 0,
                    "CostCatalog: cost " << cost << " of " << Name(c) << " (need >= 0)");
    m_cost[c] = cost;
}

} // namespace ns3
