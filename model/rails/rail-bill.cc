/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-bill.h"

#include "ns3/optical-data-file.h"

#include <cmath>

namespace ns3
{

namespace
{
/// Checks S and G; names the bad one.
bool
CheckShape(uint32_t servers, uint32_t gpusPerServer, std::string& error)
{
    if (servers == 0 || gpusPerServer == 0)
    {
        error = "a fabric needs at least one server and one GPU per server (got " +
                std::to_string(servers) + " servers of " + std::to_string(gpusPerServer) + " GPUs)";
        return false;
    }
    return true;
}

/// A bill of packet switches of radix k: one transceiver per GPU and per switch port.
RailBill
SwitchedBill(const std::string& fabric,
             const std::string& system,
             uint64_t gpus,
             uint32_t k,
             uint64_t switches)
{
    RailBill b;
    b.fabric = fabric;
    b.system = system;
    b.gpus = gpus;
    b.switchRadix = k;
    b.epsSwitches = switches;
    b.epsPorts = switches * k;
    b.transceivers = gpus + b.epsPorts;
    return b;
}

/// round(x), at least 1.
uint64_t
RoundUp1(double x)
{
    return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(x)));
}
} // namespace

bool
RailCatalog::Load(const std::string& file, std::string& error)
{
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(
            file,
            {"kind", "system", "power_w", "power_units", "cost_usd", "cost_units"},
            {"source"},
            rows,
            error))
    {
        return false;
    }
    const std::string path = OpticalDataFile::Resolve(file);
    std::vector<RailComponent> parsed;
    for (const auto& row : rows)
    {
        double power = 0;
        uint64_t powerUnits = 0;
        double cost = 0;
        uint64_t costUnits = 0;
        if (!row.Real("power_w", OpticalBounds::Between(0, MAX_POWER_W), "W", power, error) ||
            !row.Count("power_units", 1, MAX_UNITS, powerUnits, error) ||
            !row.Real("cost_usd", OpticalBounds::Between(0, MAX_COST_USD), "USD", cost, error) ||
            !row.Count("cost_units", 1, MAX_UNITS, costUnits, error))
        {
            error +=
                " (component '" + row.Text("kind") + "' of system '" + row.Text("system") + "')";
            return false;
        }
        for (const auto& c : parsed)
        {
            if (c.kind == row.Text("kind") && c.system == row.Text("system"))
            {
                error = row.Where() + "component '" + c.kind + "' of system '" + c.system +
                        "' is listed twice";
                return false;
            }
        }
        RailComponent c;
        c.kind = row.Text("kind");
        c.system = row.Text("system");
        c.powerW = power / static_cast<double>(powerUnits);
        c.costUsd = cost / static_cast<double>(costUnits);
        c.source = row.Text("source");
        parsed.push_back(c);
    }
    m_components = std::move(parsed);
    m_file = path;
    return true;
}

bool
RailCatalog::Find(const std::string& kind,
                  const std::string& system,
                  RailComponent& component,
                  std::string& error) const
{
    const RailComponent* any = nullptr;
    for (const auto& c : m_components)
    {
        if (c.kind == kind && c.system == system)
        {
            component = c;
            return true;
        }
        if (c.kind == kind && c.system == "any")
        {
            any = &c;
        }
    }
    if (any)
    {
        component = *any;
        return true;
    }
    error = "the component catalog " + (m_file.empty() ? std::string("(not loaded)") : m_file) +
            " has no '" + kind + "' for system '" + system + "' (nor for 'any')";
    return false;
}

const std::vector<RailComponent>&
RailCatalog::GetComponents() const
{
    return m_components;
}

bool
RailBill::Price(const RailCatalog& catalog,
                double& powerW,
                double& costUsd,
                std::string& error) const
{
    double power = 0;
    double cost = 0;
    const std::pair<const char*, uint64_t> items[] = {{"transceiver", transceivers},
                                                      {"eps-port", epsPorts},
                                                      {"ocs-port", ocsPorts}};
    for (const auto& [kind, count] : items)
    {
        if (count == 0)
        {
            continue;
        }
        RailComponent c;
        if (!catalog.Find(kind, system, c, error))
        {
            return false;
        }
        power += count * c.powerW;
        cost += count * c.costUsd;
    }
    powerW = power;
    costUsd = cost;
    return true;
}

bool
RailNetworkSizing::Electrical(uint32_t servers,
                              uint32_t gpusPerServer,
                              const std::string& system,
                              RailBill& bill,
                              std::string& error)
{
    if (!CheckShape(servers, gpusPerServer, error))
    {
        return false;
    }
    const double s = servers;
    const uint32_t k = std::max<uint32_t>(2, static_cast<uint32_t>(RoundUp1(std::sqrt(4 * s))));
    const uint64_t leavesPerRail = 2 * RoundUp1(s / (k / 2.0));
    const uint64_t spines = RoundUp1(static_cast<double>(gpusPerServer) * s / k);
    bill = SwitchedBill("electrical",
                        system,
                        static_cast<uint64_t>(servers) * gpusPerServer,
                        k,
                        gpusPerServer * leavesPerRail + spines);
    return true;
}

bool
RailNetworkSizing::Photonic(uint32_t servers,
                            uint32_t gpusPerServer,
                            const std::string& system,
                            uint32_t ocsRadix,
                            RailBill& bill,
                            std::string& error)
{
    if (!CheckShape(servers, gpusPerServer, error))
    {
        return false;
    }
    const uint32_t radix = ocsRadix == 0 ? 2 * servers : ocsRadix;
    if (radix < servers)
    {
        error = "an OCS of radix " + std::to_string(radix) + " cannot serve a rail of " +
                std::to_string(servers) + " servers (one port per server at least)";
        return false;
    }
    RailBill b;
    b.fabric = "photonic";
    b.system = system;
    b.gpus = static_cast<uint64_t>(servers) * gpusPerServer;
    b.ocses = gpusPerServer;
    b.ocsPorts = static_cast<uint64_t>(gpusPerServer) * radix;
    b.transceivers = b.gpus;
    bill = b;
    return true;
}

bool
RailNetworkSizing::FatTree(uint32_t servers,
                           uint32_t gpusPerServer,
                           const std::string& system,
                           RailBill& bill,
                           std::string& error)
{
    if (!CheckShape(servers, gpusPerServer, error))
    {
        return false;
    }
    const double n = static_cast<double>(servers) * gpusPerServer;
    const uint32_t k = std::max<uint32_t>(2, static_cast<uint32_t>(RoundUp1(std::cbrt(4 * n))));
    const uint64_t edges = RoundUp1(n / (k / 2.0));
    const uint64_t cores = RoundUp1(n / k);
    bill = SwitchedBill("fat-tree", system, static_cast<uint64_t>(n), k, 2 * edges + cores);
    return true;
}

bool
RailNetworkSizing::Size(const std::string& fabric,
                        uint32_t servers,
                        uint32_t gpusPerServer,
                        const std::string& system,
                        uint32_t ocsRadix,
                        RailBill& bill,
                        std::string& error)
{
    if (fabric == "electrical")
    {
        return Electrical(servers, gpusPerServer, system, bill, error);
    }
    if (fabric == "photonic" || fabric == "photonic-provision")
    {
        return Photonic(servers, gpusPerServer, system, ocsRadix, bill, error);
    }
    if (fabric == "fat-tree")
    {
        return FatTree(servers, gpusPerServer, system, bill, error);
    }
    error = "fabric '" + fabric +
            "' is not one of electrical, photonic, photonic-provision, "
            "fat-tree";
    return false;
}

} // namespace ns3
