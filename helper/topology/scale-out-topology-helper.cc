/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scale-out-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-network.h"

namespace ns3
{

ScaleOutTopologyHelper::ScaleOutTopologyHelper() = default;

bool
ScaleOutTopologyHelper::SetTopology(const std::string& name, std::string* error)
{
    if (name != "star" && name != "fat-tree" && name != "rail")
    {
        const std::string msg = "topology '" + name + "' is not one of star, fat-tree, rail";
        if (error)
        {
            *error = msg;
            return false;
        }
        NS_FATAL_ERROR("ScaleOutTopologyHelper: " << msg);
    }
    m_name = name;
    return true;
}

const std::string&
ScaleOutTopologyHelper::GetTopology() const
{
    return m_name;
}

void
ScaleOutTopologyHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_star.SetDeviceAttribute(name, value);
    m_fat.SetDeviceAttribute(name, value);
    m_rail.SetDeviceAttribute(name, value);
}

void
ScaleOutTopologyHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_star.SetChannelAttribute(name, value);
    m_fat.SetChannelAttribute(name, value);
    m_rail.SetChannelAttribute(name, value);
}

void
ScaleOutTopologyHelper::SetFatTree(uint32_t hostsPerLeaf, uint32_t spines)
{
    m_fat.SetHostsPerLeaf(hostsPerLeaf);
    m_fat.SetNSpines(spines);
}

std::string
ScaleOutTopologyHelper::Check(uint32_t hosts, uint32_t gpusPerServer) const
{
    if (hosts < 2)
    {
        return "a fabric needs at least 2 hosts (got " + std::to_string(hosts) + ")";
    }
    if (m_name == "fat-tree" && (m_fat.GetHostsPerLeaf() == 0 || m_fat.GetNSpines() == 0 ||
                                 hosts % m_fat.GetHostsPerLeaf() != 0))
    {
        return "a fat-tree of " + std::to_string(hosts) +
               " hosts needs a positive number of "
               "spines and hosts per leaf dividing the host count (hosts per leaf " +
               std::to_string(m_fat.GetHostsPerLeaf()) + ", spines " +
               std::to_string(m_fat.GetNSpines()) + ")";
    }
    if (m_name == "rail" && (gpusPerServer < 1 || hosts % gpusPerServer != 0))
    {
        return "a rail fabric of " + std::to_string(hosts) + " GPUs needs GPUs per server (" +
               std::to_string(gpusPerServer) + ") dividing the GPU count";
    }
    return "";
}

TopologyDescription
ScaleOutTopologyHelper::Describe(uint32_t hosts, uint32_t gpusPerServer) const
{
    const std::string problem = Check(hosts, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "ScaleOutTopologyHelper: " << problem);
    if (m_name == "star")
    {
        return m_star.Describe(hosts);
    }
    if (m_name == "fat-tree")
    {
        return m_fat.Describe(hosts);
    }
    return m_rail.Describe(hosts / gpusPerServer, gpusPerServer);
}

void
ScaleOutTopologyHelper::Install(NodeContainer hosts, uint32_t gpusPerServer)
{
    const std::string problem = Check(hosts.GetN(), gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "ScaleOutTopologyHelper: " << problem);
    if (m_name == "star")
    {
        m_star.Install(hosts);
    }
    else if (m_name == "fat-tree")
    {
        m_fat.Install(hosts);
    }
    else
    {
        m_rail.Install(hosts, gpusPerServer);
    }
}

std::vector<uint32_t>
ScaleOutTopologyHelper::Build(Ptr<FlowTopology> topology,
                              uint32_t hosts,
                              uint32_t gpusPerServer) const
{
    const std::string problem = Check(hosts, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "ScaleOutTopologyHelper: " << problem);
    if (m_name == "star")
    {
        return m_star.Build(topology, hosts);
    }
    if (m_name == "fat-tree")
    {
        return m_fat.Build(topology, hosts);
    }
    return m_rail.Build(topology, hosts / gpusPerServer, gpusPerServer);
}

std::string
ScaleOutTopologyHelper::CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const
{
    return Check(hosts, gpusPerServer);
}

void
ScaleOutTopologyHelper::InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer)
{
    Install(hosts, gpusPerServer);
}

ScaleOutFabric::FlowEndpoints
ScaleOutTopologyHelper::InstallFlow(uint32_t hosts, uint32_t gpusPerServer)
{
    return OnFlowNetwork(
        [&](Ptr<FlowTopology> topology) { return Build(topology, hosts, gpusPerServer); });
}

StarTopologyHelper&
ScaleOutTopologyHelper::GetStar()
{
    return m_star;
}

} // namespace ns3
