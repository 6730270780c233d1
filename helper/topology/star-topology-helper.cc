/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "star-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"

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
    Ipv4AddressHelper addresses;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NetDeviceContainer link = m_p2p.Install(hosts.Get(i), sw);
        m_hostDevices.Add(link.Get(0));
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

} // namespace ns3
