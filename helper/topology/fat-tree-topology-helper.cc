/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "fat-tree-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-global-routing-helper.h"

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

NodeContainer
FatTreeTopologyHelper::Install(NodeContainer hosts)
{
    const uint32_t nLeaves = CheckHosts(hosts.GetN(), "FatTreeTopologyHelper::Install");
    const DataRate uplink = GetUplinkDataRate();
    m_leaves = NodeContainer();
    m_spineNodes = NodeContainer();
    m_hostDevices = NetDeviceContainer();
    m_leaves.Create(nLeaves);
    m_spineNodes.Create(m_spines);
    InternetStackHelper internet;
    internet.Install(hosts);
    internet.Install(m_leaves);
    internet.Install(m_spineNodes);

    // One /30 per link: host links in host order, then leaf j to spine k in (j, k) order.
    m_links.Reset(static_cast<uint64_t>(hosts.GetN()) + static_cast<uint64_t>(nLeaves) * m_spines,
                  "FatTreeTopologyHelper::Install");
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        NetDeviceContainer link = m_links.Connect(hosts.Get(h), m_leaves.Get(h / m_hostsPerLeaf));
        m_hostDevices.Add(link.Get(0));
    }
    for (uint32_t j = 0; j < nLeaves; ++j)
    {
        for (uint32_t k = 0; k < m_spines; ++k)
        {
            m_links.Connect(m_leaves.Get(j), m_spineNodes.Get(k), uplink);
        }
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return NodeContainer(m_leaves, m_spineNodes);
}

std::vector<uint32_t>
FatTreeTopologyHelper::Build(Ptr<FlowTopology> topology, uint32_t hosts) const
{
    NS_ABORT_MSG_IF(!topology, "FatTreeTopologyHelper::Build: no topology");
    const uint32_t nLeaves = CheckHosts(hosts, "FatTreeTopologyHelper::Build");
    const DataRate uplink = GetUplinkDataRate();
    std::vector<uint32_t> hostVertices;
    hostVertices.reserve(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        hostVertices.push_back(topology->AddVertex("host" + std::to_string(h)));
    }
    std::vector<uint32_t> leaves;
    leaves.reserve(nLeaves);
    for (uint32_t j = 0; j < nLeaves; ++j)
    {
        leaves.push_back(topology->AddVertex("leaf" + std::to_string(j)));
    }
    std::vector<uint32_t> spines;
    spines.reserve(m_spines);
    for (uint32_t k = 0; k < m_spines; ++k)
    {
        spines.push_back(topology->AddVertex("spine" + std::to_string(k)));
    }
    for (uint32_t h = 0; h < hosts; ++h)
    {
        m_links.AddFlowLink(topology, hostVertices[h], leaves[h / m_hostsPerLeaf]);
    }
    for (uint32_t leaf : leaves)
    {
        for (uint32_t spine : spines)
        {
            m_links.AddFlowLink(topology, leaf, spine, uplink);
        }
    }
    return hostVertices;
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
