/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-packet-helper.h"

#include "path-pinning-helper.h"

#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/on-off-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanPacketHelper");

namespace
{
/// Counts a source's packets.
void
CountSent(Ptr<WanPacketNetwork::Counters> c, Ptr<const Packet> p)
{
    c->sent++;
    c->sentBytes += p->GetSize();
}

/// Counts a sink's packets.
void
CountReceived(Ptr<WanPacketNetwork::Counters> c, Ptr<const Packet> p, const Address&)
{
    c->received++;
    c->receivedBytes += p->GetSize();
}
} // namespace

WanPacketHelper::WanPacketHelper() = default;

void
WanPacketHelper::SetCapacityScale(double scale)
{
    m_scale = scale;
}

void
WanPacketHelper::SetPacketSize(uint32_t bytes)
{
    m_packetSize = bytes;
}

bool
WanPacketHelper::Install(const RateAdaptiveWan& wan,
                         const RateAdaptiveLinkHelper& links,
                         WanPacketNetwork& net,
                         std::string& error) const
{
    if (!(m_scale > 0) || m_packetSize == 0)
    {
        error = "packet-level WAN: the capacity scale and packet size must be > 0";
        return false;
    }
    WanPacketNetwork out;
    out.counters = Create<WanPacketNetwork::Counters>();
    const uint32_t sites = wan.graph.nodes;
    out.routers.Create(sites);
    out.hosts.Create(sites);
    Ipv4ListRoutingHelper list;
    list.Add(Ipv4StaticRoutingHelper(), 0);
    list.Add(Ipv4GlobalRoutingHelper(), -10);
    InternetStackHelper stack;
    stack.SetRoutingHelper(list);
    stack.Install(out.routers);
    stack.Install(out.hosts);

    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.252");
    double fastest = 0;
    for (std::size_t a = 0; a < wan.graph.arcs.size(); a += 2)
    {
        const TeGraph::Arc& arc = wan.graph.arcs[a];
        Ptr<RateAdaptiveLink> link = wan.arcLinks[a];
        NetDeviceContainer devs =
            links.Install(out.routers.Get(arc.from), out.routers.Get(arc.to), link);
        Ptr<RateAdaptiveChannel> ch = DynamicCast<RateAdaptiveChannel>(devs.Get(0)->GetChannel());
        ch->SetAttribute("Delay", TimeValue(wan.topology->GetLink(a).delay));
        ch->SetAttribute("CapacityScale", DoubleValue(wan.wavelengths[a] * m_scale));
        out.channels.push_back(ch);
        for (uint32_t i = 0; i < 2; ++i)
        {
            out.devices.push_back(DynamicCast<RateAdaptiveNetDevice>(devs.Get(i)));
        }
        addresses.Assign(devs);
        addresses.NewNetwork();
        const auto& modes = link->GetModes().GetModes();
        fastest = std::max(fastest, modes.back().rateGbps * wan.wavelengths[a]);
    }
    // Access links: faster than any WAN link can be, never the bottleneck.
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate",
                              DataRateValue(DataRate(4 * fastest * 1e9 * m_scale + 1e6)));
    access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
    Ipv4AddressHelper hostAddresses("172.16.0.0", "255.255.255.252");
    for (uint32_t s = 0; s < sites; ++s)
    {
        NetDeviceContainer devs = access.Install(out.hosts.Get(s), out.routers.Get(s));
        Ipv4InterfaceContainer ifs = hostAddresses.Assign(devs);
        hostAddresses.NewNetwork();
        out.hostAddress.push_back(ifs.GetAddress(0));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    PathPinningHelper::Install(out.routers);
    net = out;
    return true;
}

bool
WanPacketHelper::Pin(WanPacketNetwork& net,
                     const RateAdaptiveWan& wan,
                     const std::vector<TeSolver::Commodity>& commodities,
                     std::string& error) const
{
    uint32_t next = 10000;
    std::vector<std::vector<uint16_t>> ports;
    for (const auto& c : commodities)
    {
        ports.emplace_back();
        for (const auto& path : c.paths)
        {
            if (next > 65535)
            {
                error = "packet-level WAN: more than 55,536 commodity paths (one UDP port each)";
                return false;
            }
            const auto port = static_cast<uint16_t>(next++);
            // Each arc's own device (arc 2l: the first device of link l, 2l + 1: the second),
            // so that parallel links between two routers stay apart.
            std::vector<Ptr<NetDevice>> devices;
            for (uint32_t arc : path)
            {
                if (arc >= net.devices.size())
                {
                    error = "packet-level WAN: arc " + std::to_string(arc) + " out of range (" +
                            std::to_string(net.devices.size()) + " arcs)";
                    return false;
                }
                devices.push_back(net.devices[arc]);
            }
            const PathPinningRouting::FlowKey key = PathPinningRouting::Flow(net.hostAddress[c.src],
                                                                             net.hostAddress[c.dst],
                                                                             17,
                                                                             0,
                                                                             port);
            if (!PathPinningHelper::PinDevices(devices, key, error))
            {
                return false;
            }
            PacketSinkHelper sink("ns3::UdpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), port));
            ApplicationContainer app = sink.Install(net.hosts.Get(c.dst));
            app.Get(0)->TraceConnectWithoutContext("Rx",
                                                   MakeBoundCallback(&CountReceived, net.counters));
            ports.back().push_back(port);
        }
    }
    net.ports = ports;
    return true;
}

double
WanPacketHelper::InstallTraffic(WanPacketNetwork& net,
                                const std::vector<TeSolver::Commodity>& commodities,
                                const TeSolver::Solution& solution,
                                Time interval) const
{
    double offered = 0;
    for (std::size_t c = 0; c < commodities.size() && c < solution.pathFlow.size(); ++c)
    {
        for (std::size_t p = 0; p < commodities[c].paths.size(); ++p)
        {
            const double bps = solution.pathFlow[c][p] * 1e9 * m_scale;
            if (bps < 1e3)
            {
                continue;
            }
            OnOffHelper source(
                "ns3::UdpSocketFactory",
                InetSocketAddress(net.hostAddress[commodities[c].dst], net.ports[c][p]));
            source.SetConstantRate(DataRate(bps), m_packetSize);
            ApplicationContainer app = source.Install(net.hosts.Get(commodities[c].src));
            app.Get(0)->TraceConnectWithoutContext("Tx",
                                                   MakeBoundCallback(&CountSent, net.counters));
            app.Start(Seconds(0));
            app.Stop(interval);
            offered += bps;
        }
    }
    return offered;
}

uint64_t
WanPacketHelper::GetDropped(const WanPacketNetwork& net)
{
    uint64_t dropped = 0;
    for (const auto& d : net.devices)
    {
        dropped += d->GetLinkDownDrops() + d->GetQueue()->GetTotalDroppedPackets();
    }
    for (const auto& ch : net.channels)
    {
        dropped += ch->GetLost();
    }
    return dropped;
}

} // namespace ns3
