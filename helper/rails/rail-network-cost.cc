/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-network-cost.h"

namespace ns3
{

bool
RailNetworkCost::Compute(const RailNetworkHelper& fabric,
                         const TrainingLayout& layout,
                         const std::string& system,
                         const RailCatalog& catalog,
                         std::string& error)
{
    RailBill bill;
    RailBill electricalBill;
    RailNetworkHelper electrical;
    electrical.SetNetwork("electrical");
    const uint32_t servers = layout.GetServers();
    const uint32_t gpusPerServer = layout.gpusPerServer;
    return fabric.Size(servers, gpusPerServer, system, bill, error) &&
           bill.Price(catalog, powerW, costUsd, error) &&
           electrical.Size(servers, gpusPerServer, system, electricalBill, error) &&
           electricalBill.Price(catalog, electricalPowerW, electricalCostUsd, error);
}

std::string
RailNetworkCost::CheckJob(const RailNetworkHelper& fabric,
                          const TrainingLayout& layout,
                          const TrainingConfig& config)
{
    const std::string problem = fabric.Check(layout.GetServers(), layout.gpusPerServer);
    return problem.empty() ? fabric.CheckPlacement(config, layout.gpusPerServer) : problem;
}

double
RailNetworkCost::GetPowerRatio() const
{
    return electricalPowerW / powerW;
}

double
RailNetworkCost::GetCostRatio() const
{
    return electricalCostUsd / costUsd;
}

} // namespace ns3
