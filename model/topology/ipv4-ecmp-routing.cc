/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-ecmp-routing.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/ipv4-flow-key.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4EcmpRouting");

NS_OBJECT_ENSURE_REGISTERED(Ipv4EcmpRouting);

namespace
{
/// Invalidate() calls so far: instances whose cache is older drop it.
uint64_t g_epoch = 0;

/// \param [in] x A value \return it mixed (splitmix64's finalizer)
uint64_t
Mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
} // namespace

TypeId
Ipv4EcmpRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Ipv4EcmpRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Optical")
            .AddConstructor<Ipv4EcmpRouting>()
            .AddAttribute("Mode",
                          "How a path is chosen among the equal-cost routes of a destination: "
                          "flow-hash (the 5-tuple's hash salted with the node id; a flow keeps "
                          "one path) or packet-spray (each packet to the next path in turn)",
                          EnumValue(FLOW_HASH),
                          optical::compat::MakeEnumAccessorCompat<Mode>(&Ipv4EcmpRouting::m_mode),
                          MakeEnumChecker(FLOW_HASH, "flow-hash", PACKET_SPRAY, "packet-spray"));
    return tid;
}

Ipv4EcmpRouting::Ipv4EcmpRouting() = default;

Ipv4EcmpRouting::~Ipv4EcmpRouting() = default;

std::vector<Ptr<Ipv4EcmpRouting>>
Ipv4EcmpRouting::Install(NodeContainer nodes, Mode mode, int16_t priority)
{
    std::vector<Ptr<Ipv4EcmpRouting>> made;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<Ipv4> ipv4 = nodes.Get(i)->GetObject<Ipv4>();
        NS_ABORT_MSG_IF(!ipv4,
                        "Ipv4EcmpRouting::Install: node " << nodes.Get(i)->GetId()
                                                          << " has no Internet stack");
        Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
        NS_ABORT_MSG_IF(!list,
                        "Ipv4EcmpRouting::Install: node "
                            << nodes.Get(i)->GetId()
                            << " routes without an Ipv4ListRouting (InternetStackHelper's "
                               "default has one)");
        Ptr<Ipv4EcmpRouting> ecmp = CreateObject<Ipv4EcmpRouting>();
        ecmp->m_mode = mode;
        list->AddRoutingProtocol(ecmp, priority);
        made.push_back(ecmp);
    }
    return made;
}

void
Ipv4EcmpRouting::Invalidate()
{
    ++g_epoch;
}

uint64_t
Ipv4EcmpRouting::GetEpoch()
{
    return g_epoch;
}

uint64_t
Ipv4EcmpRouting::GetForwarded() const
{
    return m_forwarded;
}

Ptr<Ipv4GlobalRouting>
Ipv4EcmpRouting::GetGlobal() const
{
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol());
    if (!list)
    {
        return nullptr;
    }
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority = 0;
        if (auto global = DynamicCast<Ipv4GlobalRouting>(list->GetRoutingProtocol(i, priority)))
        {
            return global;
        }
    }
    return nullptr;
}

Ipv4EcmpRouting::Candidates&
Ipv4EcmpRouting::Lookup(Ipv4Address destination)
{
    if (m_epoch != g_epoch)
    {
        m_cache.clear();
        m_epoch = g_epoch;
    }
    auto [it, added] = m_cache.try_emplace(destination.Get());
    if (!added)
    {
        return it->second;
    }
    Ptr<Ipv4GlobalRouting> global = GetGlobal();
    if (!global)
    {
        return it->second;
    }
    // Host routes first; else the network routes of the longest matching mask (the default
    // route is the network of mask 0).
    std::vector<Hop> host;
    std::vector<Hop> network;
    int32_t longest = -1;
    for (uint32_t i = 0; i < global->GetNRoutes(); ++i)
    {
        const Ipv4RoutingTableEntry* e = global->GetRoute(i);
        if (e->IsHost())
        {
            if (e->GetDest() == destination)
            {
                host.push_back({e->GetInterface(), e->GetGateway()});
            }
            continue;
        }
        const Ipv4Mask mask = e->GetDestNetworkMask();
        if (!mask.IsMatch(destination, e->GetDestNetwork()))
        {
            continue;
        }
        const auto length = static_cast<int32_t>(mask.GetPrefixLength());
        if (length > longest)
        {
            longest = length;
            network.clear();
        }
        if (length == longest)
        {
            network.push_back({e->GetInterface(), e->GetGateway()});
        }
    }
    it->second.hops = host.empty() ? std::move(network) : std::move(host);
    return it->second;
}

Ptr<Ipv4Route>
Ipv4EcmpRouting::RouteOutput(Ptr<Packet> p,
                             const Ipv4Header& header,
                             Ptr<NetDevice> oif,
                             Socket::SocketErrno& sockerr)
{
    // A node's own packets go by the other protocols (their transport header is not yet on
    // the packet, so no flow could be hashed here).
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
Ipv4EcmpRouting::RouteInput(Ptr<const Packet> p,
                            const Ipv4Header& header,
                            Ptr<const NetDevice> idev,
                            optical::compat::RouteInputArgs::Arg<3> ucb,
                            optical::compat::RouteInputArgs::Arg<4> mcb,
                            optical::compat::RouteInputArgs::Arg<5> lcb,
                            optical::compat::RouteInputArgs::Arg<6> ecb)
{
    const Ipv4Address destination = header.GetDestination();
    const int32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    if (destination.IsMulticast() || destination.IsBroadcast() || iif < 0 ||
        m_ipv4->IsDestinationAddress(destination, static_cast<uint32_t>(iif)) ||
        !m_ipv4->IsForwarding(static_cast<uint32_t>(iif)))
    {
        return false;
    }
    // Per packet: no allocation; the k-th of the candidates whose interface is up.
    Candidates& candidates = Lookup(destination);
    std::size_t up = 0;
    for (const Hop& hop : candidates.hops)
    {
        up += m_ipv4->IsUp(hop.interface) ? 1 : 0;
    }
    if (up == 0)
    {
        return false;
    }
    std::size_t pick = 0;
    if (up > 1)
    {
        pick = m_mode == FLOW_HASH ? Mix(Ipv4FlowKey::Of(header, p).Hash() ^ m_salt) % up
                                   : candidates.next++ % up;
    }
    const Hop* chosen = nullptr;
    for (const Hop& hop : candidates.hops)
    {
        if (m_ipv4->IsUp(hop.interface) && pick-- == 0)
        {
            chosen = &hop;
            break;
        }
    }
    const Hop& hop = *chosen;
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(destination);
    route->SetSource(m_ipv4->GetAddress(hop.interface, 0).GetLocal());
    route->SetGateway(hop.gateway);
    route->SetOutputDevice(m_ipv4->GetNetDevice(hop.interface));
    ++m_forwarded;
    ucb(route, p, header);
    return true;
}

void
Ipv4EcmpRouting::NotifyInterfaceUp(uint32_t interface)
{
    m_cache.clear();
}

void
Ipv4EcmpRouting::NotifyInterfaceDown(uint32_t interface)
{
    m_cache.clear();
}

void
Ipv4EcmpRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    m_cache.clear();
}

void
Ipv4EcmpRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    m_cache.clear();
}

void
Ipv4EcmpRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
    m_cache.clear();
    // The node is aggregated with its IPv4 before routing is set (InternetStackHelper).
    Ptr<Node> node = ipv4 ? ipv4->GetObject<Node>() : nullptr;
    m_salt = Mix((node ? node->GetId() : 0) + 1);
}

void
Ipv4EcmpRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    *stream->GetStream() << "Ipv4EcmpRouting ("
                         << (m_mode == FLOW_HASH ? "flow-hash" : "packet-spray")
                         << ") over global routing; " << m_cache.size() << " destinations cached, "
                         << m_forwarded << " packets forwarded\n";
}

void
Ipv4EcmpRouting::DoDispose()
{
    m_ipv4 = nullptr;
    m_cache.clear();
    Ipv4RoutingProtocol::DoDispose();
}

} // namespace ns3
