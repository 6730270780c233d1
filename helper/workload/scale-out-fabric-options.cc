/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scale-out-fabric-options.h"

#include "ns3/scale-out-topology-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{

void
ScaleOutFabricOptions::Add(OpticalExperiment& exp)
{
    exp.AddDataRate("linkRate",
                    "Scale-out NIC rate",
                    rate,
                    OpticalBounds::AtLeast(1e6).AtMost(1e13));
    exp.AddTime("linkDelay",
                "Propagation delay of each link",
                delay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddEnum("topology",
                "Scale-out fabric: star (one switch), fat-tree (2 levels, 4 hosts per leaf, 4 "
                "spines) or rail (rail-optimized: rail g joins GPU g of every server)",
                topology,
                {"star", "fat-tree", "rail"});
}

void
ScaleOutFabricOptions::Build(OpticalExperiment& exp,
                             NodeContainer nodes,
                             uint32_t gpusPerServer,
                             const std::string& what) const
{
    ScaleOutTopologyHelper fabric;
    std::string error;
    exp.Require(fabric.SetTopology(topology, &error), "topology", error);
    error = fabric.Check(nodes.GetN(), gpusPerServer);
    exp.Require(error.empty(), "topology", what + error);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(9000));
    fabric.SetChannelAttribute("Delay", TimeValue(delay));
    fabric.Install(nodes, gpusPerServer);
}

} // namespace ns3
