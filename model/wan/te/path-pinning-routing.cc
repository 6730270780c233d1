/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "path-pinning-routing.h"

#include "ns3/ipv4-flow-key.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/loopback-net-device.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/udp-header.h"

#include <iomanip>
#include <sstream>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PathPinningRouting");

NS_OBJECT_ENSURE_REGISTERED(PathPinningRouting);

namespace
{

/// IP protocol number of UDP.
constexpr uint8_t UDP_PROTOCOL = 17;
/// IP protocol number of TCP.
constexpr uint8_t TCP_PROTOCOL = 6;

} // namespace

bool
PathPinningRouting::FlowKey::operator<(const FlowKey& other) const
{
    return std::make_tuple(source.Get(), destination.Get(), protocol, sourcePort, destinationPort) <
           std::make_tuple(other.source.Get(),
                           other.destination.Get(),
                           other.protocol,
                           other.sourcePort,
                           other.destinationPort);
}

TypeId
PathPinningRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PathPinningRouting")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("Optical")
                            .AddConstructor<PathPinningRouting>();
    return tid;
}

PathPinningRouting::PathPinningRouting() = default;

void
PathPinningRouting::DoDispose()
{
    m_ipv4 = nullptr;
    m_pins.clear();
    Ipv4RoutingProtocol::DoDispose();
}

PathPinningRouting::FlowKey
PathPinningRouting::Addresses(Ipv4Address source, Ipv4Address destination)
{
    FlowKey key;
    key.source = source;
    key.destination = destination;
    return key;
}

PathPinningRouting::FlowKey
PathPinningRouting::Flow(Ipv4Address source,
                         Ipv4Address destination,
                         uint8_t protocol,
                         uint16_t sourcePort,
                         uint16_t destinationPort)
{
    FlowKey key = Addresses(source, destination);
    key.protocol = protocol;
    key.sourcePort = sourcePort;
    key.destinationPort = destinationPort;
    return key;
}

bool
PathPinningRouting::AddPin(const FlowKey& key,
                           uint32_t interface,
                           Ipv4Address nextHop,
                           std::string& error)
{
    NS_LOG_FUNCTION(this << key.source << key.destination << +key.protocol << key.sourcePort
                         << key.destinationPort << interface << nextHop);
    if (!m_ipv4)
    {
        error = "PathPinningRouting: not attached to a node's IPv4 (install it first)";
        return false;
    }
    if (key.source == Ipv4Address::GetAny() || key.source.IsMulticast() || key.source.IsBroadcast())
    {
        std::ostringstream os;
        os << "PathPinningRouting: bad source " << key.source << " (a unicast address)";
        error = os.str();
        return false;
    }
    if (key.destination == Ipv4Address::GetAny() || key.destination.IsMulticast() ||
        key.destination.IsBroadcast())
    {
        std::ostringstream os;
        os << "PathPinningRouting: bad destination " << key.destination << " (a unicast address)";
        error = os.str();
        return false;
    }
    if ((key.sourcePort != 0 || key.destinationPort != 0) && key.protocol != UDP_PROTOCOL &&
        key.protocol != TCP_PROTOCOL)
    {
        error = "PathPinningRouting: ports with protocol " + std::to_string(key.protocol) +
                " (ports need protocol 17 UDP or 6 TCP)";
        return false;
    }
    if (interface >= m_ipv4->GetNInterfaces() ||
        DynamicCast<LoopbackNetDevice>(m_ipv4->GetNetDevice(interface)))
    {
        error = "PathPinningRouting: bad interface " + std::to_string(interface) +
                " (an interface of the node other than the loopback, < " +
                std::to_string(m_ipv4->GetNInterfaces()) + ")";
        return false;
    }
    Pin pin;
    pin.interface = interface;
    pin.nextHop = nextHop;
    m_pins[key] = pin;
    return true;
}

void
PathPinningRouting::RemovePins()
{
    NS_LOG_FUNCTION(this);
    m_pins.clear();
}

uint32_t
PathPinningRouting::GetNPins() const
{
    return static_cast<uint32_t>(m_pins.size());
}

bool
PathPinningRouting::Lookup(const FlowKey& key, bool withPorts, Pin& pin) const
{
    std::vector<FlowKey> tries;
    tries.reserve(5);
    if (key.protocol != 0)
    {
        if (withPorts && (key.protocol == UDP_PROTOCOL || key.protocol == TCP_PROTOCOL))
        {
            tries.push_back(Flow(key.source,
                                 key.destination,
                                 key.protocol,
                                 key.sourcePort,
                                 key.destinationPort));
            tries.push_back(
                Flow(key.source, key.destination, key.protocol, 0, key.destinationPort));
            tries.push_back(Flow(key.source, key.destination, key.protocol, key.sourcePort, 0));
        }
        tries.push_back(Flow(key.source, key.destination, key.protocol, 0, 0));
    }
    tries.push_back(Addresses(key.source, key.destination));
    for (const auto& k : tries)
    {
        auto it = m_pins.find(k);
        if (it != m_pins.end())
        {
            pin = it->second;
            return true;
        }
    }
    return false;
}

uint64_t
PathPinningRouting::GetNForwarded() const
{
    return m_forwarded;
}

uint64_t
PathPinningRouting::GetNMissed() const
{
    return m_missed;
}

Ptr<Ipv4Route>
PathPinningRouting::MakeRoute(const Pin& pin, Ipv4Address destination, Ipv4Address source) const
{
    if (pin.interface >= m_ipv4->GetNInterfaces() || !m_ipv4->IsUp(pin.interface) ||
        m_ipv4->GetNAddresses(pin.interface) == 0)
    {
        NS_LOG_LOGIC("pinned interface " << pin.interface << " is down or has no address");
        return nullptr;
    }
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(destination);
    route->SetGateway(pin.nextHop);
    route->SetSource(source);
    route->SetOutputDevice(m_ipv4->GetNetDevice(pin.interface));
    return route;
}

Ptr<Ipv4Route>
PathPinningRouting::RouteOutput(Ptr<Packet> p,
                                const Ipv4Header& header,
                                Ptr<NetDevice> oif,
                                Socket::SocketErrno& sockerr)
{
    NS_LOG_FUNCTION(this << p << header << oif);
    sockerr = Socket::ERROR_NOROUTETOHOST;
    const Ipv4Address destination = header.GetDestination();
    if (!m_ipv4 || destination.IsMulticast() || destination.IsBroadcast())
    {
        return nullptr;
    }
    // Ports cannot be read here: transport protocols ask for a route before adding their header.
    std::vector<Ipv4Address> sources;
    if (header.GetSource() != Ipv4Address::GetAny())
    {
        sources.push_back(header.GetSource());
    }
    else
    {
        for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
        {
            for (uint32_t a = 0; a < m_ipv4->GetNAddresses(i); ++a)
            {
                sources.push_back(m_ipv4->GetAddress(i, a).GetLocal());
            }
        }
    }
    for (const auto& source : sources)
    {
        FlowKey key = Flow(source, destination, header.GetProtocol(), 0, 0);
        Pin pin;
        if (!Lookup(key, false, pin))
        {
            continue;
        }
        Ptr<Ipv4Route> route = MakeRoute(pin, destination, source);
        if (route && (!oif || route->GetOutputDevice() == oif))
        {
            NS_LOG_LOGIC("pinned " << source << " -> " << destination << " on interface "
                                   << pin.interface);
            sockerr = Socket::ERROR_NOTERROR;
            return route;
        }
    }
    return nullptr;
}

bool
PathPinningRouting::RouteInput(Ptr<const Packet> p,
                               const Ipv4Header& header,
                               Ptr<const NetDevice> idev,
                               optical::compat::RouteInputArgs::Arg<3> ucb,
                               optical::compat::RouteInputArgs::Arg<4> /* mcb */,
                               optical::compat::RouteInputArgs::Arg<5> lcb,
                               optical::compat::RouteInputArgs::Arg<6> /* ecb */)
{
    NS_LOG_FUNCTION(this << p << header << idev);
    if (!m_ipv4)
    {
        return false;
    }
    const int32_t input = m_ipv4->GetInterfaceForDevice(idev);
    if (input < 0)
    {
        return false;
    }
    const auto iif = static_cast<uint32_t>(input);
    const Ipv4Address destination = header.GetDestination();
    if (m_ipv4->IsDestinationAddress(destination, iif))
    {
        if (lcb.IsNull())
        {
            return false;
        }
        lcb(p, header, iif);
        return true;
    }
    if (destination.IsMulticast() || destination.IsBroadcast() || !m_ipv4->IsForwarding(iif))
    {
        return false;
    }
    FlowKey key = Flow(header.GetSource(), destination, header.GetProtocol(), 0, 0);
    // Only the first fragment carries the transport header.
    const bool withPorts =
        header.GetFragmentOffset() == 0 &&
        Ipv4FlowKey::ReadPorts(p, key.protocol, key.sourcePort, key.destinationPort);
    Pin pin;
    Ptr<Ipv4Route> route;
    if (Lookup(key, withPorts, pin))
    {
        route = MakeRoute(pin, destination, header.GetSource());
    }
    if (!route)
    {
        ++m_missed;
        return false;
    }
    NS_LOG_LOGIC("forwarding " << key.source << ":" << key.sourcePort << " -> " << destination
                               << ":" << key.destinationPort << " on interface " << pin.interface);
    ++m_forwarded;
    ucb(route, p, header);
    return true;
}

void
PathPinningRouting::NotifyInterfaceUp(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
}

void
PathPinningRouting::NotifyInterfaceDown(uint32_t interface)
{
    // Pins stay: while the interface is down they are skipped (MakeRoute).
    NS_LOG_FUNCTION(this << interface);
}

void
PathPinningRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
}

void
PathPinningRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
}

void
PathPinningRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    NS_ASSERT(ipv4);
    m_ipv4 = ipv4;
}

void
PathPinningRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream& os = *stream->GetStream();
    std::ios state(nullptr);
    state.copyfmt(os);
    const Ptr<Node> node = m_ipv4 ? m_ipv4->GetObject<Node>() : nullptr;
    os << "Node: " << (node ? std::to_string(node->GetId()) : std::string("-"))
       << ", Time: " << Now().As(unit)
       << ", Local time: " << (node ? node->GetLocalTime().As(unit) : Now().As(unit))
       << ", PathPinningRouting table" << std::endl;
    if (m_pins.empty())
    {
        os << "(no pins)" << std::endl << std::endl;
        return;
    }
    os << std::left << std::setw(16) << "Source" << std::setw(16) << "Destination" << std::setw(6)
       << "Proto" << std::setw(8) << "SPort" << std::setw(8) << "DPort" << std::setw(16)
       << "NextHop"
       << "Iface" << std::endl;
    for (const auto& [key, pin] : m_pins)
    {
        std::ostringstream src;
        std::ostringstream dst;
        std::ostringstream hop;
        src << key.source;
        dst << key.destination;
        hop << pin.nextHop;
        os << std::setw(16) << src.str() << std::setw(16) << dst.str() << std::setw(6)
           << (key.protocol ? std::to_string(key.protocol) : std::string("*")) << std::setw(8)
           << (key.sourcePort ? std::to_string(key.sourcePort) : std::string("*")) << std::setw(8)
           << (key.destinationPort ? std::to_string(key.destinationPort) : std::string("*"))
           << std::setw(16) << hop.str() << pin.interface << std::endl;
    }
    os << std::endl;
    os.copyfmt(state);
}

} // namespace ns3
