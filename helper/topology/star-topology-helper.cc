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
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/red-queue-disc.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

StarTopologyHelper::StarTopologyHelper() = default;

void
StarTopologyHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_p2p.SetDeviceAttribute(name, value);
}

void
StarTopologyHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_p2p.SetChannelAttribute(name, value);
}

Ptr<Node>
StarTopologyHelper::Install(NodeContainer hosts)
{
    NS_ABORT_MSG_IF(hosts.GetN() < 2, "StarTopologyHelper: need at least 2 hosts");
    NS_ABORT_MSG_IF(hosts.GetN() > 16000, "StarTopologyHelper: at most 16000 hosts");
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
    Ipv4AddressHelper addresses;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NetDeviceContainer link = m_p2p.Install(hosts.Get(i), sw);
        m_hostDevices.Add(link.Get(0));
        m_switchDevices.Add(link.Get(1));
        if (m_ecnThreshold > 0)
        {
            ecn.Install(link.Get(1)); // before addresses: they would install the default
        }
        // One /30 per link: 10.x.y.z with room for 16000 links.
        const uint32_t base = (10u << 24) | (i << 2);
        addresses.SetBase(Ipv4Address(base), Ipv4Mask("255.255.255.252"));
        addresses.Assign(link);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    return sw;
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
        m_p2p.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("2p")));
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
