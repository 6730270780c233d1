/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-test-star.h"

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rocetest
{

Star
MakeStar(uint32_t n,
         DataRate rate,
         Time delay,
         const std::function<void(RoceFabric&)>& configure,
         bool install)
{
    Star s;
    s.hosts.Create(n);
    s.sw = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(s.hosts);
    internet.Install(s.sw);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(1500));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.252");
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = p2p.Install(s.hosts.Get(i), s.sw);
        addresses.Assign(d);
        addresses.NewNetwork();
        s.links.push_back(d);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    s.fabric = CreateObject<RoceFabric>();
    configure(*s.fabric);
    if (install)
    {
        s.fabric->Install(s.hosts);
    }
    return s;
}

/// The switch port toward host \p h.
Ptr<LosslessQueueDisc>
SwitchPort(const Star& s, uint32_t h)
{
    Ptr<TrafficControlLayer> tc = s.sw->GetObject<TrafficControlLayer>();
    return DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(s.links[h].Get(1)));
}

/// The host port of host \p h.
Ptr<LosslessQueueDisc>
HostPort(const Star& s, uint32_t h)
{
    Ptr<TrafficControlLayer> tc = s.hosts.Get(h)->GetObject<TrafficControlLayer>();
    return DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(s.links[h].Get(0)));
}

} // namespace rocetest
} // namespace ns3
