/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "path-pinning-helper.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/names.h"

#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PathPinningHelper");

namespace
{

/// One hop of a path: where to pin.
struct Hop
{
    Ptr<PathPinningRouting> routing; //!< The router's pinning
    uint32_t interface;              //!< Its interface towards the next router
    Ipv4Address nextHop;             //!< The next router's address on that link
};

/// \return the peer of a device on its point-to-point channel (null if none)
Ptr<NetDevice>
PeerOf(Ptr<NetDevice> device)
{
    Ptr<Channel> channel = device ? device->GetChannel() : nullptr;
    if (!channel || channel->GetNDevices() != 2)
    {
        return nullptr;
    }
    for (std::size_t d = 0; d < 2; ++d)
    {
        if (channel->GetDevice(d) && channel->GetDevice(d) != device)
        {
            return channel->GetDevice(d);
        }
    }
    return nullptr;
}

/// \return the next hop's address across a device's link (any if it has none)
Ipv4Address
NextHopAcross(Ptr<NetDevice> peer)
{
    Ptr<Ipv4> peerIpv4 = peer->GetNode()->GetObject<Ipv4>();
    const int32_t peerInterface = peerIpv4 ? peerIpv4->GetInterfaceForDevice(peer) : -1;
    if (peerInterface >= 0 && peerIpv4->GetNAddresses(static_cast<uint32_t>(peerInterface)) > 0)
    {
        return peerIpv4->GetAddress(static_cast<uint32_t>(peerInterface), 0).GetLocal();
    }
    return Ipv4Address::GetAny();
}

} // namespace

std::string
PathPinningHelper::NodeName(Ptr<Node> node)
{
    if (!node)
    {
        return "null node";
    }
    const std::string name = Names::FindName(node);
    return name.empty() ? "node " + std::to_string(node->GetId()) : name;
}

void
PathPinningHelper::Install(NodeContainer routers, int16_t priority)
{
    for (auto it = routers.Begin(); it != routers.End(); ++it)
    {
        Ptr<Node> node = *it;
        Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
        NS_ABORT_MSG_IF(!ipv4,
                        "PathPinningHelper: " << NodeName(node)
                                              << " has no IPv4 (install the Internet stack first)");
        Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
        NS_ABORT_MSG_IF(!list,
                        "PathPinningHelper: the routing of "
                            << NodeName(node)
                            << " is not an Ipv4ListRouting (use an Ipv4ListRoutingHelper)");
        if (Get(node))
        {
            continue;
        }
        list->AddRoutingProtocol(CreateObject<PathPinningRouting>(), priority);
        NS_LOG_LOGIC("installed on " << NodeName(node) << " at priority " << priority);
    }
}

Ptr<PathPinningRouting>
PathPinningHelper::Get(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node ? node->GetObject<Ipv4>() : nullptr;
    if (!ipv4)
    {
        return nullptr;
    }
    Ptr<Ipv4RoutingProtocol> top = ipv4->GetRoutingProtocol();
    if (Ptr<PathPinningRouting> pinning = DynamicCast<PathPinningRouting>(top))
    {
        return pinning;
    }
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(top);
    for (uint32_t i = 0; list && i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        if (Ptr<PathPinningRouting> pinning =
                DynamicCast<PathPinningRouting>(list->GetRoutingProtocol(i, priority)))
        {
            return pinning;
        }
    }
    return nullptr;
}

bool
PathPinningHelper::Pin(const std::vector<Ptr<Node>>& pathNodes,
                       const PathPinningRouting::FlowKey& key,
                       std::string& error)
{
    if (pathNodes.size() < 2)
    {
        error = "PathPinningHelper: a path of " + std::to_string(pathNodes.size()) +
                " routers (at least 2)";
        return false;
    }
    std::set<uint32_t> seen;
    for (const auto& node : pathNodes)
    {
        if (!node)
        {
            error = "PathPinningHelper: a null node in the path";
            return false;
        }
        if (!seen.insert(node->GetId()).second)
        {
            error = "PathPinningHelper: " + NodeName(node) + " appears twice in the path";
            return false;
        }
    }
    std::vector<Hop> hops;
    for (std::size_t i = 0; i + 1 < pathNodes.size(); ++i)
    {
        Ptr<Node> from = pathNodes[i];
        Ptr<Node> to = pathNodes[i + 1];
        Hop hop;
        hop.routing = Get(from);
        if (!hop.routing)
        {
            error = "PathPinningHelper: " + NodeName(from) +
                    " has no PathPinningRouting (PathPinningHelper::Install)";
            return false;
        }
        Ptr<Ipv4> ipv4 = from->GetObject<Ipv4>();
        bool found = false;
        for (uint32_t j = 0; j < ipv4->GetNInterfaces() && !found; ++j)
        {
            Ptr<NetDevice> device = ipv4->GetNetDevice(j);
            Ptr<Channel> channel = device ? device->GetChannel() : nullptr;
            if (!channel || channel->GetNDevices() != 2)
            {
                continue;
            }
            for (std::size_t d = 0; d < 2; ++d)
            {
                Ptr<NetDevice> peer = channel->GetDevice(d);
                if (peer == device || !peer || peer->GetNode() != to)
                {
                    continue;
                }
                hop.interface = j;
                hop.nextHop = NextHopAcross(peer);
                found = true;
                break;
            }
        }
        if (!found)
        {
            error = "PathPinningHelper: " + NodeName(from) + " and " + NodeName(to) +
                    " are not adjacent over a point-to-point link";
            return false;
        }
        hops.push_back(hop);
    }
    // AddPin can fail only on the key (the interfaces were found above), so only on the first
    // hop, before anything is pinned.
    for (const auto& hop : hops)
    {
        if (!hop.routing->AddPin(key, hop.interface, hop.nextHop, error))
        {
            return false;
        }
    }
    return true;
}

bool
PathPinningHelper::PinDevices(const std::vector<Ptr<NetDevice>>& devices,
                              const PathPinningRouting::FlowKey& key,
                              std::string& error)
{
    if (devices.empty())
    {
        error = "PathPinningHelper: a path of no link (at least 1)";
        return false;
    }
    std::set<uint32_t> seen;
    std::vector<Hop> hops;
    for (std::size_t i = 0; i < devices.size(); ++i)
    {
        Ptr<NetDevice> device = devices[i];
        Ptr<NetDevice> peer = PeerOf(device);
        if (!peer)
        {
            error = "PathPinningHelper: device " + std::to_string(i) +
                    " of the path is not on a point-to-point link";
            return false;
        }
        Ptr<Node> from = device->GetNode();
        if (!seen.insert(from->GetId()).second)
        {
            error = "PathPinningHelper: " + NodeName(from) + " appears twice in the path";
            return false;
        }
        if (i + 1 < devices.size() && devices[i + 1]->GetNode() != peer->GetNode())
        {
            error = "PathPinningHelper: device " + std::to_string(i + 1) + " is on " +
                    NodeName(devices[i + 1]->GetNode()) + ", not on " + NodeName(peer->GetNode()) +
                    " where link " + std::to_string(i) + " ends";
            return false;
        }
        Hop hop;
        hop.routing = Get(from);
        Ptr<Ipv4> ipv4 = from->GetObject<Ipv4>();
        const int32_t interface = ipv4 ? ipv4->GetInterfaceForDevice(device) : -1;
        if (!hop.routing || interface < 0)
        {
            error = "PathPinningHelper: " + NodeName(from) +
                    " has no PathPinningRouting (PathPinningHelper::Install) or no IPv4 "
                    "interface on the device";
            return false;
        }
        hop.interface = static_cast<uint32_t>(interface);
        hop.nextHop = NextHopAcross(peer);
        hops.push_back(hop);
    }
    for (const auto& hop : hops)
    {
        if (!hop.routing->AddPin(key, hop.interface, hop.nextHop, error))
        {
            return false;
        }
    }
    return true;
}

std::vector<Ptr<Node>>
PathPinningHelper::PathNodes(const std::vector<Ptr<Node>>& routerOfVertex,
                             const TeGraph& g,
                             const TePath& path,
                             std::string& error)
{
    std::vector<Ptr<Node>> nodes;
    for (std::size_t i = 0; i < path.size(); ++i)
    {
        const uint32_t a = path[i];
        if (a >= g.arcs.size())
        {
            error = "PathPinningHelper: arc " + std::to_string(a) + " out of range (" +
                    std::to_string(g.arcs.size()) + " arcs)";
            return {};
        }
        const TeGraph::Arc& arc = g.arcs[a];
        if (i > 0 && arc.from != g.arcs[path[i - 1]].to)
        {
            error = "PathPinningHelper: arc " + std::to_string(a) + " starts at vertex " +
                    std::to_string(arc.from) + ", not where arc " + std::to_string(path[i - 1]) +
                    " ends";
            return {};
        }
        for (uint32_t v : {arc.from, arc.to})
        {
            if (v >= routerOfVertex.size() || !routerOfVertex[v])
            {
                error = "PathPinningHelper: vertex " + std::to_string(v) + " has no router (" +
                        std::to_string(routerOfVertex.size()) + " routers given)";
                return {};
            }
        }
        if (i == 0)
        {
            nodes.push_back(routerOfVertex[arc.from]);
        }
        nodes.push_back(routerOfVertex[arc.to]);
    }
    return nodes;
}

} // namespace ns3
