/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-global-routing-helper.h"

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
    const DataRate spineRate = GetSpineDataRate(servers);
    m_rails = NodeContainer();
    m_gpuDevices = NetDeviceContainer();
    m_rails.Create(gpusPerServer);
    m_spine = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(gpus);
    internet.Install(m_rails);
    internet.Install(m_spine);

    // One /30 per link: GPU links in GPU order, then rail g to the spine in rail order.
    m_links.Reset(static_cast<uint64_t>(gpus.GetN()) + gpusPerServer, who);
    for (uint32_t i = 0; i < gpus.GetN(); ++i)
    {
        NetDeviceContainer link = m_links.Connect(gpus.Get(i), m_rails.Get(i % gpusPerServer));
        m_gpuDevices.Add(link.Get(0));
    }
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        m_links.Connect(m_rails.Get(g), m_spine, spineRate);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return NodeContainer(m_rails, NodeContainer(m_spine));
}

std::vector<uint32_t>
RailTopologyHelper::Build(Ptr<FlowTopology> topology,
                          uint32_t servers,
                          uint32_t gpusPerServer) const
{
    NS_ABORT_MSG_IF(!topology, "RailTopologyHelper::Build: no topology");
    Check(servers, gpusPerServer, "RailTopologyHelper::Build");
    const DataRate spineRate = GetSpineDataRate(servers);
    std::vector<uint32_t> gpuVertices;
    gpuVertices.reserve(static_cast<std::size_t>(servers) * gpusPerServer);
    for (uint32_t s = 0; s < servers; ++s)
    {
        for (uint32_t g = 0; g < gpusPerServer; ++g)
        {
            gpuVertices.push_back(
                topology->AddVertex("gpu" + std::to_string(s) + "." + std::to_string(g)));
        }
    }
    std::vector<uint32_t> rails;
    rails.reserve(gpusPerServer);
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        rails.push_back(topology->AddVertex("rail" + std::to_string(g)));
    }
    const uint32_t spine = topology->AddVertex("spine");
    for (std::size_t i = 0; i < gpuVertices.size(); ++i)
    {
        m_links.AddFlowLink(topology, gpuVertices[i], rails[i % gpusPerServer]);
    }
    for (uint32_t rail : rails)
    {
        m_links.AddFlowLink(topology, rail, spine, spineRate);
    }
    return gpuVertices;
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
