/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-fast-path.h"

#include "roce-header.h"
#include "roce-shared-buffer.h"

#include "ns3/arp-l3-protocol.h"
#include "ns3/boolean.h"
#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv6.h"
#include "ns3/log.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceFastPath");
NS_OBJECT_ENSURE_REGISTERED(RoceFastPath);

TypeId
RoceFastPath::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceFastPath")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<RoceFastPath>()
                            .AddTraceSource("Rx",
                                            "A frame this path took (forwarded or delivered), "
                                            "from its IPv4 header: what IPv4's Rx would have "
                                            "seen",
                                            MakeTraceSourceAccessor(&RoceFastPath::m_rxTrace),
                                            "ns3::Ipv4L3Protocol::SentTracedCallback");
    return tid;
}

RoceFastPath::RoceFastPath()
{
    m_ucb = MakeCallback(&RoceFastPath::Forward, this);
    m_mcb = MakeCallback(&RoceFastPath::Group, this);
    m_lcb = MakeCallback(&RoceFastPath::Local, this);
    m_ecb = MakeCallback(&RoceFastPath::Refused, this);
}

RoceFastPath::~RoceFastPath() = default;

void
RoceFastPath::DoDispose()
{
    m_ucb = Ipv4RoutingProtocol::UnicastForwardCallback();
    m_mcb = Ipv4RoutingProtocol::MulticastForwardCallback();
    m_lcb = Ipv4RoutingProtocol::LocalDeliverCallback();
    m_ecb = Ipv4RoutingProtocol::ErrorCallback();
    m_node = nullptr;
    m_ipv4 = nullptr;
    m_tc = nullptr;
    m_buffer = nullptr;
    m_static = nullptr;
    m_global = nullptr;
    m_routing = nullptr;
    m_list = nullptr;
    m_routes.clear();
    m_sent.clear();
    m_chosen = nullptr;
    m_receiver = LocalReceiver();
    Object::DoDispose();
}

bool
RoceFastPath::Install(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer)
{
    NS_ABORT_MSG_IF(m_node, "RoceFastPath: installed twice");
    Ptr<Ipv4L3Protocol> ipv4 = node->GetObject<Ipv4L3Protocol>();
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    Ptr<Ipv6> ipv6 = node->GetObject<Ipv6>();
    if (!ipv4 || !tc || (ipv6 && ipv6->GetNInterfaces() > 1))
    {
        // Node::UnregisterProtocolHandler below removes handlers by equality: with IPv6
        // interfaces, traffic control's handlers for IPv6 would be among them.
        NS_LOG_WARN("node " << node->GetId() << ": RoCE frames take IPv4's own path");
        return false;
    }
    m_node = node;
    m_ipv4 = ipv4;
    m_tc = tc;
    m_buffer = buffer;
    m_interfaceOf.assign(node->GetNDevices(), -1);
    std::vector<Ptr<NetDevice>> taken;
    for (uint32_t i = 1; i < ipv4->GetNInterfaces(); ++i)
    {
        for (uint32_t a = 0; a < ipv4->GetNAddresses(i); ++a)
        {
            m_own.push_back(ipv4->GetAddress(i, a).GetLocal());
        }
        Ptr<NetDevice> device = ipv4->GetNetDevice(i);
        m_interfaceOf[device->GetIfIndex()] = static_cast<int32_t>(i);
        taken.push_back(device);
    }
    std::sort(m_own.begin(), m_own.end());
    // Ipv4L3Protocol::AddInterface registered traffic control's Receive twice per interface
    // (IPv4 and ARP) with one callback; Node removes equal handlers first come, first served,
    // so all are removed and ARP's registered again. IPv4 frames of every port come to one
    // handler of this path (one entry in the node's list, which Node scans per frame); those
    // of ports that need ARP go on to traffic control.
    const auto tcReceive = MakeCallback(&TrafficControlLayer::Receive, tc);
    for (std::size_t k = 0; k < 2 * taken.size(); ++k)
    {
        node->UnregisterProtocolHandler(tcReceive);
    }
    for (const auto& device : taken)
    {
        node->RegisterProtocolHandler(tcReceive, ArpL3Protocol::PROT_NUMBER, device);
    }
    node->RegisterProtocolHandler(MakeCallback(&RoceFastPath::Receive, this),
                                  Ipv4L3Protocol::PROT_NUMBER,
                                  nullptr);
    m_epoch = Ipv4EcmpRouting::GetEpoch();
    m_checksum = Node::ChecksumEnabled();
    return true;
}

void
RoceFastPath::DoInitialize()
{
    // The global value as the simulation starts (a program may set it after Install); read
    // per frame it costs a name lookup.
    m_checksum = Node::ChecksumEnabled();
    Object::DoInitialize();
}

const Address&
RoceFastPath::BroadcastOf(Ptr<NetDevice> device, uint32_t interface)
{
    if (interface >= m_broadcast.size())
    {
        m_broadcast.resize(interface + 1);
    }
    if (m_broadcast[interface].IsInvalid())
    {
        m_broadcast[interface] = device->GetBroadcast(); // constructed from text per call
    }
    return m_broadcast[interface];
}

bool
RoceFastPath::IsRoce(const uint8_t* b)
{
    // Version 4, no options (IHL 5), UDP, destination port 4791.
    return b[0] == 0x45 && b[9] == 17 &&
           ((uint32_t(b[22]) << 8) | b[23]) == uint32_t(RoceHeader::UDP_PORT);
}

int32_t
RoceFastPath::InterfaceOf(Ptr<NetDevice> device) const
{
    const uint32_t index = device->GetIfIndex();
    return index < m_interfaceOf.size() && m_interfaceOf[index] >= 0
               ? m_interfaceOf[index]
               : m_ipv4->GetInterfaceForDevice(device); // a port added later
}

bool
RoceFastPath::IsInstalled() const
{
    return m_node != nullptr;
}

void
RoceFastPath::SetLocalReceiver(LocalReceiver receiver)
{
    m_receiver = receiver;
}

void
RoceFastPath::ConnectRx(Ptr<Node> node, RxCallback sink)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "RoceFastPath::ConnectRx: node " << node->GetId() << " has no IPv4");
    ipv4->TraceConnectWithoutContext("Rx", sink);
    Ptr<RoceFastPath> path = node->GetObject<RoceFastPath>();
    if (!path)
    {
        path = CreateObject<RoceFastPath>(); // inactive until a fabric installs it
        node->AggregateObject(path);
    }
    path->TraceConnectWithoutContext("Rx", sink);
}

Ptr<Ipv4Route>
RoceFastPath::RouteOutput(Ptr<Packet> packet, const Ipv4Header& header, Socket::SocketErrno& error)
{
    NS_ASSERT_MSG(m_node, "RoceFastPath::RouteOutput: not installed");
    const bool remember = CanRemember();
    if (remember)
    {
        auto it = m_sent.find(header.GetDestination().Get());
        const int32_t interface =
            it != m_sent.end() ? InterfaceOf(it->second->GetOutputDevice()) : -1;
        if (interface >= 0 && m_ipv4->IsUp(static_cast<uint32_t>(interface)))
        {
            error = Socket::ERROR_NOTERROR;
            return it->second;
        }
    }
    Ptr<Ipv4Route> route =
        m_ipv4->GetRoutingProtocol()->RouteOutput(packet, header, nullptr, error);
    if (remember && route)
    {
        m_sent[header.GetDestination().Get()] = route;
    }
    return route;
}

void
RoceFastPath::Receive(Ptr<NetDevice> device,
                      Ptr<const Packet> packet,
                      uint16_t protocol,
                      const Address& from,
                      const Address& to,
                      NetDevice::PacketType type)
{
    uint8_t b[24];
    const int32_t interface = m_interfaceOf[device->GetIfIndex()];
    if (packet->GetSize() < sizeof(b) || packet->CopyData(b, sizeof(b)) != sizeof(b) ||
        !IsRoce(b) || interface < 0 || !m_ipv4->IsUp(static_cast<uint32_t>(interface)))
    {
        m_tc->Receive(device, packet, protocol, from, to, type);
        return;
    }
    const Ipv4Address destination((uint32_t(b[16]) << 24) | (uint32_t(b[17]) << 16) |
                                  (uint32_t(b[18]) << 8) | b[19]);
    const bool own = std::binary_search(m_own.begin(), m_own.end(), destination);
    // Delivered here: unfragmented frames (MF clear, offset 0), checksums off (UDP's would be
    // checked on IPv4's path).
    const bool deliver =
        own && !m_receiver.IsNull() && (b[6] & 0x3F) == 0 && b[7] == 0 && !m_checksum;
    if (destination.IsMulticast() || destination.IsBroadcast() || (own && !deliver))
    {
        m_tc->Receive(device, packet, protocol, from, to, type);
        return;
    }
    Ptr<Packet> copy = packet->Copy();
    m_rxTrace(copy, m_ipv4, static_cast<uint32_t>(interface));
    if (m_buffer && !own)
    {
        m_buffer->SetIngress(copy, static_cast<uint32_t>(interface));
    }
    Ipv4Header header;
    if (m_checksum)
    {
        header.EnableChecksum();
    }
    copy->RemoveHeader(header);
    if (header.GetPayloadSize() < copy->GetSize())
    {
        copy->RemoveAtEnd(copy->GetSize() - header.GetPayloadSize()); // a device's padding
    }
    if (deliver)
    {
        ++m_delivered;
        m_receiver(copy, header, static_cast<uint32_t>(interface));
        return;
    }
    if (!header.IsChecksumOk() || !m_ipv4->IsForwarding(static_cast<uint32_t>(interface)))
    {
        ++m_dropped;
        return;
    }
    const bool remember = CanRemember();
    if (remember)
    {
        auto it = m_routes.find(destination.Get());
        if (it != m_routes.end())
        {
            ++m_remembered;
            Forward(it->second, copy, header);
            return;
        }
    }
    m_chosen = nullptr;
    if (!m_ipv4->GetRoutingProtocol()->RouteInput(copy, header, device, m_ucb, m_mcb, m_lcb, m_ecb))
    {
        NS_LOG_WARN("node " << m_node->GetId() << ": no route to " << destination << ", dropped");
        ++m_dropped;
    }
    else if (remember && m_chosen)
    {
        m_routes[destination.Get()] = m_chosen;
    }
    m_chosen = nullptr;
}

bool
RoceFastPath::CanRemember()
{
    Ptr<Ipv4RoutingProtocol> routing = m_ipv4->GetRoutingProtocol();
    if (routing != m_routing)
    {
        m_routing = routing; // the cast once, not per frame
        m_list = DynamicCast<Ipv4ListRouting>(routing);
        m_nProtocols = UINT32_MAX;
    }
    Ptr<Ipv4ListRouting> list = m_list;
    const uint32_t n = list ? list->GetNRoutingProtocols() : 0;
    if (n != m_nProtocols)
    {
        // (Re)learn what routes: static and global routing only, global without random ECMP.
        m_nProtocols = n;
        m_static = nullptr;
        m_global = nullptr;
        m_deterministic = n > 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            int16_t priority = 0;
            Ptr<Ipv4RoutingProtocol> protocol = list->GetRoutingProtocol(i, priority);
            BooleanValue random(true);
            if (auto st = DynamicCast<Ipv4StaticRouting>(protocol))
            {
                m_static = st;
            }
            else if (auto gl = DynamicCast<Ipv4GlobalRouting>(protocol);
                     gl && gl->GetAttributeFailSafe("RandomEcmpRouting", random) && !random.Get())
            {
                m_global = gl;
            }
            else
            {
                m_deterministic = false;
            }
        }
        m_routes.clear();
        m_sent.clear();
    }
    if (!m_deterministic)
    {
        return false;
    }
    const uint32_t nStatic = m_static ? m_static->GetNRoutes() : 0;
    const uint32_t nGlobal = m_global ? m_global->GetNRoutes() : 0;
    if (m_epoch != Ipv4EcmpRouting::GetEpoch() || nStatic != m_staticRoutes ||
        nGlobal != m_globalRoutes)
    {
        m_epoch = Ipv4EcmpRouting::GetEpoch();
        m_staticRoutes = nStatic;
        m_globalRoutes = nGlobal;
        m_routes.clear();
        m_sent.clear();
    }
    return true;
}

void
RoceFastPath::Forward(Ptr<Ipv4Route> route, Ptr<const Packet> packet, const Ipv4Header& header)
{
    m_chosen = route;
    Ptr<NetDevice> out = route->GetOutputDevice();
    const int32_t interface = InterfaceOf(out);
    if (header.GetTtl() <= 1 || interface < 0 || !m_ipv4->IsUp(static_cast<uint32_t>(interface)))
    {
        NS_LOG_WARN("node " << m_node->GetId() << ": TTL run out or port down, dropped");
        ++m_dropped;
        return;
    }
    Ipv4Header h = header;
    h.SetTtl(header.GetTtl() - 1);
    ++m_forwarded;
    m_tc->Send(out,
               Create<Ipv4QueueDiscItem>(ConstCast<Packet>(packet),
                                         BroadcastOf(out, static_cast<uint32_t>(interface)),
                                         Ipv4L3Protocol::PROT_NUMBER,
                                         h));
}

void
RoceFastPath::Local(Ptr<const Packet> packet, const Ipv4Header& header, uint32_t iif)
{
    // Receive hands frames for the switch itself to IPv4 before routing: a protocol that
    // delivers a RoCE frame here anyway has a frame no switch can use.
    NS_LOG_WARN("node " << m_node->GetId() << ": RoCE frame for " << header.GetDestination()
                        << " delivered locally by routing, dropped");
    ++m_dropped;
}

void
RoceFastPath::Group(Ptr<Ipv4MulticastRoute> route,
                    Ptr<const Packet> packet,
                    const Ipv4Header& header)
{
    NS_LOG_WARN("node " << m_node->GetId() << ": multicast route for a RoCE frame, dropped");
    ++m_dropped;
}

void
RoceFastPath::Refused(Ptr<const Packet> packet, const Ipv4Header& header, Socket::SocketErrno error)
{
    NS_LOG_WARN("node " << m_node->GetId() << ": routing refused a frame to "
                        << header.GetDestination() << " (error " << error << ")");
    ++m_dropped;
}

uint64_t
RoceFastPath::GetForwarded() const
{
    return m_forwarded;
}

uint64_t
RoceFastPath::GetRemembered() const
{
    return m_remembered;
}

uint64_t
RoceFastPath::GetDelivered() const
{
    return m_delivered;
}

uint64_t
RoceFastPath::GetDropped() const
{
    return m_dropped;
}

} // namespace ns3
