/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fat-tree-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-topology-realizer.h"

namespace ns3
{

FatTreeTopologyHelper::FatTreeTopologyHelper()
    : m_links(Ipv4Address("10.64.0.0"), Ipv4Mask("255.192.0.0"))
{
}

void
FatTreeTopologyHelper::SetHostsPerLeaf(uint32_t hostsPerLeaf)
{
    if (hostsPerLeaf == 0)
    {
        NS_FATAL_ERROR("FatTreeTopologyHelper: hosts per leaf must be positive, not 0");
    }
    m_hostsPerLeaf = hostsPerLeaf;
}

uint32_t
FatTreeTopologyHelper::GetHostsPerLeaf() const
{
    return m_hostsPerLeaf;
}

void
FatTreeTopologyHelper::SetNSpines(uint32_t spines)
{
    if (spines == 0)
    {
        NS_FATAL_ERROR("FatTreeTopologyHelper: the number of spines must be positive, not 0");
    }
    m_spines = spines;
}

uint32_t
FatTreeTopologyHelper::GetNSpines() const
{
    return m_spines;
}

void
FatTreeTopologyHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetDeviceAttribute(name, value);
}

void
FatTreeTopologyHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetChannelAttribute(name, value);
}

void
FatTreeTopologyHelper::SetUplinkDataRate(DataRate rate)
{
    if (rate.GetBitRate() == 0)
    {
        NS_FATAL_ERROR("FatTreeTopologyHelper: the uplink rate must be positive, not 0 bit/s");
    }
    m_uplinkRate = rate;
}

DataRate
FatTreeTopologyHelper::GetUplinkDataRate() const
{
    return m_uplinkRate ? *m_uplinkRate : m_links.GetDataRate();
}

uint32_t
FatTreeTopologyHelper::CheckHosts(uint32_t hosts, const std::string& who) const
{
    if (hosts < 2)
    {
        NS_FATAL_ERROR(who << ": need at least 2 hosts, not " << hosts);
    }
    if (hosts % m_hostsPerLeaf != 0)
    {
        NS_FATAL_ERROR(who << ": " << hosts << " hosts is not a multiple of the " << m_hostsPerLeaf
                           << " hosts per leaf");
    }
    return hosts / m_hostsPerLeaf;
}

TopologyDescription
FatTreeTopologyHelper::Describe(uint32_t hosts) const
{
    const uint32_t nLeaves = CheckHosts(hosts, "FatTreeTopologyHelper");
    const DataRate uplink = GetUplinkDataRate();
    TopologyDescription d;
    for (uint32_t h = 0; h < hosts; ++h)
    {
        d.AddHost("host" + std::to_string(h));
    }
    for (uint32_t j = 0; j < nLeaves; ++j)
    {
        d.AddSwitch("leaf" + std::to_string(j), 0);
    }
    for (uint32_t k = 0; k < m_spines; ++k)
    {
        d.AddSwitch("spine" + std::to_string(k), 1);
    }
    // Host links in host order, then leaf j to spine k in (j, k) order.
    for (uint32_t h = 0; h < hosts; ++h)
    {
        m_links.AddLink(d, h, hosts + h / m_hostsPerLeaf);
    }
    for (uint32_t j = 0; j < nLeaves; ++j)
    {
        for (uint32_t k = 0; k < m_spines; ++k)
        {
            m_links.AddLink(d, hosts + j, hosts + nLeaves + k, uplink);
        }
    }
    return d;
}

NodeContainer
FatTreeTopologyHelper::Install(NodeContainer hosts)
{
    const uint32_t nLeaves = CheckHosts(hosts.GetN(), "FatTreeTopologyHelper::Install");
    const TopologyDescription d = Describe(hosts.GetN());
    PacketTopologyRealizer::Result made =
        m_links.Realize(d, hosts, "FatTreeTopologyHelper::Install");
    m_leaves = NodeContainer();
    m_spineNodes = NodeContainer();
    m_hostDevices = NetDeviceContainer();
    for (uint32_t j = 0; j < nLeaves; ++j)
    {
        m_leaves.Add(made.nodes.Get(hosts.GetN() + j));
    }
    for (uint32_t k = 0; k < m_spines; ++k)
    {
        m_spineNodes.Add(made.nodes.Get(hosts.GetN() + nLeaves + k));
    }
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        m_hostDevices.Add(made.links[h].Get(0));
    }
    return NodeContainer(m_leaves, m_spineNodes);
}

std::vector<uint32_t>
FatTreeTopologyHelper::Build(Ptr<FlowTopology> topology, uint32_t hosts) const
{
    NS_ABORT_MSG_IF(!topology, "FatTreeTopologyHelper::Build: no topology");
    CheckHosts(hosts, "FatTreeTopologyHelper::Build");
    return FlowTopologyRealizer().Realize(Describe(hosts), topology, "FatTreeTopologyHelper").hosts;
}

NodeContainer
FatTreeTopologyHelper::GetLeaves() const
{
    return m_leaves;
}

NodeContainer
FatTreeTopologyHelper::GetSpines() const
{
    return m_spineNodes;
}

NetDeviceContainer
FatTreeTopologyHelper::GetHostDevices() const
{
    return m_hostDevices;
}

} // namespace ns3
