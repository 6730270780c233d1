/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "star-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/red-queue-disc.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

namespace
{
/// Limit of Install (as many hosts as a packet-level star can reasonably take).
constexpr uint32_t MAX_HOSTS = 16000;
} // namespace

StarTopologyHelper::StarTopologyHelper()
    : m_links(Ipv4Address("10.0.0.0"), Ipv4Mask("255.192.0.0"))
{
}

void
StarTopologyHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetDeviceAttribute(name, value);
}

void
StarTopologyHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_links.SetChannelAttribute(name, value);
}

Ptr<Node>
StarTopologyHelper::Install(NodeContainer hosts)
{
    NS_ABORT_MSG_IF(hosts.GetN() < 2, "StarTopologyHelper: need at least 2 hosts");
    NS_ABORT_MSG_IF(hosts.GetN() > MAX_HOSTS,
                    "StarTopologyHelper: at most " << MAX_HOSTS << " hosts");
    Ptr<Node> sw = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(hosts);
    internet.Install(sw);
    m_hostDevices = NetDeviceContainer();
    m_switchDevices = NetDeviceContainer();
    TrafficControlHelper ecn;
    if (m_ecnThreshold > 0)
    {
        const double k = m_ecnThreshold;
        ecn.SetRootQueueDisc(
            "ns3::RedQueueDisc",
            "UseEcn",
            BooleanValue(true),
            "UseHardDrop",
            BooleanValue(false),
            "QW",
            DoubleValue(1.0),
            "MinTh",
            DoubleValue(k),
            "MaxTh",
            DoubleValue(k),
            "MaxSize",
            QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, 100 * m_ecnThreshold)));
    }
    m_links.Reset(hosts.GetN(), "StarTopologyHelper");
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NetDeviceContainer link = m_links.Install(hosts.Get(i), sw);
        m_hostDevices.Add(link.Get(0));
        m_switchDevices.Add(link.Get(1));
        if (m_ecnThreshold > 0)
        {
            ecn.Install(link.Get(1)); // before addresses: they would install the default
        }
        m_links.AssignSubnet(link); // one /30 per link, from 10.0.0.0/10
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return sw;
}

std::vector<uint32_t>
StarTopologyHelper::Build(Ptr<FlowTopology> topology, uint32_t hosts) const
{
    NS_ABORT_MSG_IF(!topology, "StarTopologyHelper::Build: no topology");
    NS_ABORT_MSG_IF(hosts < 2, "StarTopologyHelper::Build: need at least 2 hosts, not " << hosts);
    std::vector<uint32_t> hostVertices;
    hostVertices.reserve(hosts);
    for (uint32_t i = 0; i < hosts; ++i)
    {
        hostVertices.push_back(topology->AddVertex("host" + std::to_string(i)));
    }
    const uint32_t sw = topology->AddVertex("switch");
    for (uint32_t host : hostVertices)
    {
        m_links.AddFlowLink(topology, host, sw);
    }
    return hostVertices;
}

NetDeviceContainer
StarTopologyHelper::GetHostDevices() const
{
    return m_hostDevices;
}

void
StarTopologyHelper::EnableEcnMarking(uint32_t thresholdPackets)
{
    m_ecnThreshold = thresholdPackets;
    if (thresholdPackets > 0)
    {
        // Keep the queue in the queue disc, where it is marked: a device queue of a few
        // packets (with flow control, the queue disc only fills once the device queue is full).
        m_links.GetPointToPointHelper().SetQueue("ns3::DropTailQueue",
                                                 "MaxSize",
                                                 QueueSizeValue(QueueSize("2p")));
    }
}

uint64_t
StarTopologyHelper::GetEcnMarks() const
{
    uint64_t marks = 0;
    for (uint32_t i = 0; i < m_switchDevices.GetN(); ++i)
    {
        Ptr<NetDevice> dev = m_switchDevices.Get(i);
        Ptr<TrafficControlLayer> tc = dev->GetNode()->GetObject<TrafficControlLayer>();
        Ptr<QueueDisc> qd = tc ? tc->GetRootQueueDiscOnDevice(dev) : nullptr;
        if (qd)
        {
            const QueueDisc::Stats& stats = qd->GetStats();
            marks += stats.GetNMarkedPackets(RedQueueDisc::UNFORCED_MARK) +
                     stats.GetNMarkedPackets(RedQueueDisc::FORCED_MARK);
        }
    }
    return marks;
}

} // namespace ns3
