/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-topology-realizer.h"

namespace ns3
{

RailTopologyHelper::RailTopologyHelper()
    : m_links(Ipv4Address("10.128.0.0"), Ipv4Mask("255.192.0.0"))
{
}

void
RailTopologyHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetDeviceAttribute(name, value);
}

void
RailTopologyHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetChannelAttribute(name, value);
}

void
RailTopologyHelper::SetSpineDataRate(DataRate rate)
{
    if (rate.GetBitRate() == 0)
    {
        NS_FATAL_ERROR("RailTopologyHelper: the spine link rate must be positive, not 0 bit/s");
    }
    m_spineRate = rate;
}

DataRate
RailTopologyHelper::GetSpineDataRate(uint32_t servers) const
{
    return m_spineRate ? *m_spineRate : DataRate(m_links.GetDataRate().GetBitRate() * servers);
}

void
RailTopologyHelper::Check(uint32_t servers, uint32_t gpusPerServer, const std::string& who)
{
    if (gpusPerServer == 0)
    {
        NS_FATAL_ERROR(who << ": GPUs per server must be positive, not 0");
    }
    if (servers == 0)
    {
        NS_FATAL_ERROR(who << ": the number of servers must be positive, not 0");
    }
    if (static_cast<uint64_t>(servers) * gpusPerServer < 2)
    {
        NS_FATAL_ERROR(who << ": need at least 2 GPUs, not " << servers * gpusPerServer);
    }
}

TopologyDescription
RailTopologyHelper::Describe(uint32_t servers, uint32_t gpusPerServer) const
{
    Check(servers, gpusPerServer, "RailTopologyHelper");
    const DataRate spineRate = GetSpineDataRate(servers);
    const uint32_t gpus = servers * gpusPerServer;
    TopologyDescription d;
    d.AddServers(servers, gpusPerServer);
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        d.AddSwitch("rail" + std::to_string(g), 0, g);
    }
    const uint32_t spine = d.AddSwitch("spine", 1);
    // GPU links in GPU order, then rail g to the spine in rail order.
    for (uint32_t i = 0; i < gpus; ++i)
    {
        m_links.AddLink(d, i, gpus + i % gpusPerServer);
    }
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        m_links.AddLink(d, gpus + g, spine, spineRate);
    }
    return d;
}

NodeContainer
RailTopologyHelper::Install(NodeContainer gpus, uint32_t gpusPerServer)
{
    const std::string who = "RailTopologyHelper::Install";
    if (gpusPerServer > 0 && gpus.GetN() % gpusPerServer != 0)
    {
        NS_FATAL_ERROR(who << ": " << gpus.GetN() << " GPUs is not a multiple of the "
                           << gpusPerServer << " GPUs per server");
    }
    const uint32_t servers = gpusPerServer > 0 ? gpus.GetN() / gpusPerServer : 0;
    Check(servers, gpusPerServer, who);
    const TopologyDescription d = Describe(servers, gpusPerServer);
    PacketTopologyRealizer::Result made = m_links.Realize(d, gpus, who);
    m_rails = NodeContainer();
    m_gpuDevices = NetDeviceContainer();
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        m_rails.Add(made.nodes.Get(gpus.GetN() + g));
    }
    m_spine = made.nodes.Get(gpus.GetN() + gpusPerServer);
    for (uint32_t i = 0; i < gpus.GetN(); ++i)
    {
        m_gpuDevices.Add(made.links[i].Get(0));
    }
    return NodeContainer(m_rails, NodeContainer(m_spine));
}

std::vector<uint32_t>
RailTopologyHelper::Build(Ptr<FlowTopology> topology,
                          uint32_t servers,
                          uint32_t gpusPerServer) const
{
    NS_ABORT_MSG_IF(!topology, "RailTopologyHelper::Build: no topology");
    Check(servers, gpusPerServer, "RailTopologyHelper::Build");
    return FlowTopologyRealizer()
        .Realize(Describe(servers, gpusPerServer), topology, "RailTopologyHelper")
        .hosts;
}

NodeContainer
RailTopologyHelper::GetRails() const
{
    return m_rails;
}

Ptr<Node>
RailTopologyHelper::GetSpine() const
{
    return m_spine;
}

NetDeviceContainer
RailTopologyHelper::GetGpuDevices() const
{
    return m_gpuDevices;
}

} // namespace ns3
