/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "star-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-topology-realizer.h"
#include "ns3/queue-disc.h"
#include "ns3/red-queue-disc.h"
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

TopologyDescription
StarTopologyHelper::Describe(uint32_t hosts) const
{
    NS_ABORT_MSG_IF(hosts < 2, "StarTopologyHelper: need at least 2 hosts, not " << hosts);
    TopologyDescription d;
    for (uint32_t i = 0; i < hosts; ++i)
    {
        d.AddHost("host" + std::to_string(i));
    }
    const uint32_t sw = d.AddSwitch("switch");
    for (uint32_t i = 0; i < hosts; ++i)
    {
        const uint32_t link = m_links.AddLink(d, i, sw);
        if (m_ecnThreshold > 0)
        {
            d.SetLinkQueueSize(link, QueueSize("2p"));
            d.SetLinkEcnMarking(link, m_ecnThreshold);
        }
    }
    return d;
}

Ptr<Node>
StarTopologyHelper::Install(NodeContainer hosts)
{
    NS_ABORT_MSG_IF(hosts.GetN() < 2, "StarTopologyHelper: need at least 2 hosts");
    NS_ABORT_MSG_IF(hosts.GetN() > MAX_HOSTS,
                    "StarTopologyHelper: at most " << MAX_HOSTS << " hosts");
    const TopologyDescription d = Describe(hosts.GetN());
    PacketTopologyRealizer::Result made = m_links.Realize(d, hosts, "StarTopologyHelper");
    m_hostDevices = NetDeviceContainer();
    m_switchDevices = NetDeviceContainer();
    for (const NetDeviceContainer& link : made.links)
    {
        m_hostDevices.Add(link.Get(0));
        m_switchDevices.Add(link.Get(1));
    }
    return made.nodes.Get(hosts.GetN()); // the switch follows the hosts
}

std::vector<uint32_t>
StarTopologyHelper::Build(Ptr<FlowTopology> topology, uint32_t hosts) const
{
    NS_ABORT_MSG_IF(!topology, "StarTopologyHelper::Build: no topology");
    NS_ABORT_MSG_IF(hosts < 2, "StarTopologyHelper::Build: need at least 2 hosts, not " << hosts);
    return FlowTopologyRealizer().Realize(Describe(hosts), topology, "StarTopologyHelper").hosts;
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
