/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-tor-routing.h"

#include "rdcn-calendar-queue-disc.h"
#include "rdcn-tag.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/hash.h"
#include "ns3/ipv4-flow-key.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/seq-ts-header.h"
#include "ns3/sequence-number.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>
#include <ostream>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnTorRouting");

NS_OBJECT_ENSURE_REGISTERED(RdcnTorRouting);

namespace
{

/// IP protocol number of TCP.
constexpr uint8_t PROTO_TCP = 6;
/// IP protocol number of UDP.
constexpr uint8_t PROTO_UDP = 17;
/// Size of a UDP header (bytes).
constexpr uint32_t UDP_HEADER_BYTES = 8;

} // namespace

// ---------------------------------------------------------------------------- RdcnAddressPlan

uint64_t
RdcnAddressPlan::GetCapacity() const
{
    return (0x100000000ULL - base.Get()) / 4;
}

Ipv4Address
RdcnAddressPlan::GetHostAddress(uint32_t tor, uint32_t h) const
{
    return Ipv4Address(base.Get() + 4 * (tor * hostsPerTor + h) + 2);
}

Ipv4Address
RdcnAddressPlan::GetTorAddress(uint32_t tor, uint32_t h) const
{
    return Ipv4Address(base.Get() + 4 * (tor * hostsPerTor + h) + 1);
}

Ipv4Mask
RdcnAddressPlan::GetLinkMask()
{
    return Ipv4Mask("255.255.255.252");
}

bool
RdcnAddressPlan::Locate(Ipv4Address address, uint32_t& tor, uint32_t& h) const
{
    if (hostsPerTor == 0 || address.Get() < base.Get())
    {
        return false;
    }
    const uint32_t offset = address.Get() - base.Get();
    if (offset % 4 != 2)
    {
        return false;
    }
    const uint64_t link = offset / 4;
    if (link >= static_cast<uint64_t>(tors) * hostsPerTor)
    {
        return false;
    }
    tor = static_cast<uint32_t>(link / hostsPerTor);
    h = static_cast<uint32_t>(link % hostsPerTor);
    return true;
}

// ----------------------------------------------------------------------------- RdcnTorRouting

TypeId
RdcnTorRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnTorRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnTorRouting>()
            .AddAttribute("UdpSequence",
                          "Read a SeqTsHeader (ns-3's UdpClient) at the start of UDP payloads to "
                          "count reordering at the destination ToR. A payload whose sequence "
                          "number and timestamp are both 0, or whose timestamp lies in the "
                          "future, is taken as carrying none (e.g. OnOffApplication's zeros).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RdcnTorRouting::m_udpSequence),
                          MakeBooleanChecker())
            .AddAttribute("SpreadAttempts",
                          "When the calendar queue of the router's hop is booked beyond that "
                          "hop's slot, ask the router for later hops up to this many times and "
                          "take the first whose queue has room (0: always the router's first "
                          "hop; ksp never spreads).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&RdcnTorRouting::m_spreadAttempts),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Drop",
                            "A packet was dropped at the ToR (IP header, packet, reason).",
                            MakeTraceSourceAccessor(&RdcnTorRouting::m_dropTrace),
                            "ns3::RdcnTorRouting::DropTracedCallback")
            .AddTraceSource("Forward",
                            "A packet was handed to an uplink (packet with its tag, hop).",
                            MakeTraceSourceAccessor(&RdcnTorRouting::m_forwardTrace),
                            "ns3::RdcnTorRouting::ForwardTracedCallback");
    return tid;
}

RdcnTorRouting::RdcnTorRouting()
{
    NS_LOG_FUNCTION(this);
}

RdcnTorRouting::~RdcnTorRouting()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnTorRouting::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_ipv4 = nullptr;
    m_schedule = nullptr;
    m_router = nullptr;
    m_hosts.clear();
    m_uplinks.clear();
    m_order.clear();
    Ipv4RoutingProtocol::DoDispose();
}

void
RdcnTorRouting::Setup(uint32_t tor,
                      Ptr<RdcnSchedule> schedule,
                      Ptr<RdcnRouter> router,
                      const RdcnAddressPlan& plan,
                      const std::vector<Ptr<NetDevice>>& hosts,
                      const std::vector<Ptr<NetDevice>>& uplinks)
{
    NS_LOG_FUNCTION(this << tor << schedule << router);
    NS_ABORT_MSG_IF(!m_ipv4, "RdcnTorRouting::Setup: install the Internet stack first");
    NS_ABORT_MSG_IF(!schedule || !router, "RdcnTorRouting::Setup: null schedule or router");
    NS_ABORT_MSG_IF(tor >= schedule->GetNTors() || uplinks.size() != schedule->GetNUplinks() ||
                        hosts.size() != plan.hostsPerTor,
                    "RdcnTorRouting::Setup: ToR "
                        << tor << " with " << uplinks.size() << " uplinks and " << hosts.size()
                        << " hosts does not match the schedule (" << schedule->GetNTors()
                        << " ToRs, " << schedule->GetNUplinks() << " uplinks) and plan ("
                        << plan.hostsPerTor << " hosts per ToR)");
    m_tor = tor;
    m_schedule = schedule;
    m_router = router;
    m_plan = plan;
    m_hosts = hosts;
    m_uplinks = uplinks;
    m_uplinkOf.clear();
    m_hostOf.clear();
    for (uint32_t u = 0; u < uplinks.size(); ++u)
    {
        const int32_t i = m_ipv4->GetInterfaceForDevice(uplinks[u]);
        NS_ABORT_MSG_IF(i < 0, "RdcnTorRouting::Setup: uplink " << u << " has no IPv4 interface");
        m_uplinkOf[static_cast<uint32_t>(i)] = u;
    }
    for (uint32_t h = 0; h < hosts.size(); ++h)
    {
        const int32_t i = m_ipv4->GetInterfaceForDevice(hosts[h]);
        NS_ABORT_MSG_IF(i < 0, "RdcnTorRouting::Setup: host " << h << " has no IPv4 interface");
        m_hostOf[static_cast<uint32_t>(i)] = h;
    }
    m_demand.assign(schedule->GetNTors(), 0);
    schedule->TraceConnectWithoutContext("Installed",
                                         MakeCallback(&RdcnTorRouting::Installed, this));
}

uint32_t
RdcnTorRouting::GetTor() const
{
    return m_tor;
}

const RdcnTorRouting::Counters&
RdcnTorRouting::GetCounters() const
{
    return m_counters;
}

std::vector<uint64_t>
RdcnTorRouting::GetDemand()
{
    std::vector<uint64_t> demand(m_demand.size(), 0);
    demand.swap(m_demand);
    return demand;
}

uint64_t
RdcnTorRouting::GetOrderedChecked() const
{
    return m_checked;
}

uint64_t
RdcnTorRouting::GetReorderedPackets() const
{
    return m_reordered;
}

uint64_t
RdcnTorRouting::FlowHash(const Ipv4Header& header, Ptr<const Packet> p)
{
    return Ipv4FlowKey::Of(header, p).Hash();
}

void
RdcnTorRouting::Drop(const Ipv4Header& header, Ptr<const Packet> p, const char* reason)
{
    NS_LOG_LOGIC("ToR " << m_tor << " drops a packet to " << header.GetDestination() << ": "
                        << reason);
    ++m_counters.drops[reason];
    m_dropTrace(header, p, reason);
}

void
RdcnTorRouting::CheckOrder(const Ipv4Header& header, Ptr<const Packet> p)
{
    if (header.GetFragmentOffset() != 0)
    {
        return;
    }
    Ipv4FlowKey key;
    key.source = header.GetSource().Get();
    key.destination = header.GetDestination().Get();
    key.protocol = header.GetProtocol();
    uint32_t seq = 0;
    bool wraps = false;
    if (key.protocol == PROTO_TCP)
    {
        const uint32_t length = Ipv4FlowKey::TcpHeaderLength(p);
        if (length == 0 || p->GetSize() == length)
        {
            return; // no header, or no payload (a pure acknowledgement)
        }
        TcpHeader tcp;
        p->PeekHeader(tcp);
        key.sourcePort = tcp.GetSourcePort();
        key.destinationPort = tcp.GetDestinationPort();
        seq = tcp.GetSequenceNumber().GetValue();
        wraps = true;
    }
    else if (key.protocol == PROTO_UDP && m_udpSequence)
    {
        SeqTsHeader seqTs;
        if (p->GetSize() < UDP_HEADER_BYTES + seqTs.GetSerializedSize())
        {
            return;
        }
        Ptr<Packet> copy = p->Copy();
        UdpHeader udp;
        copy->RemoveHeader(udp);
        copy->PeekHeader(seqTs);
        if ((seqTs.GetSeq() == 0 && seqTs.GetTs() == Seconds(0)) ||
            seqTs.GetTs() > Simulator::Now())
        {
            return; // no sequence header
        }
        key.sourcePort = udp.GetSourcePort();
        key.destinationPort = udp.GetDestinationPort();
        seq = seqTs.GetSeq();
    }
    else
    {
        return;
    }
    ++m_checked;
    auto it = m_order.find(key);
    if (it == m_order.end())
    {
        m_order[key].highest = seq;
        return;
    }
    const bool lower = wraps ? SequenceNumber32(seq) < SequenceNumber32(it->second.highest)
                             : seq < it->second.highest;
    if (lower)
    {
        ++m_reordered;
    }
    else
    {
        it->second.highest = seq;
    }
}

Ptr<Ipv4Route>
RdcnTorRouting::MakeRoute(const Ipv4Header& header, Ptr<NetDevice> device) const
{
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(header.GetDestination());
    route->SetSource(header.GetSource());
    route->SetGateway(Ipv4Address::GetAny());
    route->SetOutputDevice(device);
    return route;
}

Ptr<Ipv4Route>
RdcnTorRouting::RouteOutput(Ptr<Packet> p,
                            const Ipv4Header& header,
                            Ptr<NetDevice> oif,
                            Socket::SocketErrno& sockerr)
{
    NS_LOG_FUNCTION(this << p << header << oif);
    NS_LOG_LOGIC("ToR " << m_tor << ": a ToR of a time-slotted network originates no packets ("
                        << header.GetDestination() << ")");
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
RdcnTorRouting::RouteInput(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           Ptr<const NetDevice> idev,
                           optical::compat::RouteInputArgs::Arg<3> ucb,
                           optical::compat::RouteInputArgs::Arg<4> /* mcb */,
                           optical::compat::RouteInputArgs::Arg<5> lcb,
                           optical::compat::RouteInputArgs::Arg<6> ecb)
{
    NS_LOG_FUNCTION(this << p << header << idev);
    if (!m_ipv4 || !m_schedule)
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
    if (destination.IsMulticast() || destination.IsBroadcast())
    {
        return false;
    }
    const bool fromUplink = m_uplinkOf.count(iif) > 0;
    if (!fromUplink && m_hostOf.count(iif) == 0)
    {
        return false;
    }
    const uint32_t bytes = p->GetSize() + header.GetSerializedSize();
    if (fromUplink)
    {
        ++m_counters.fromUplinks;
    }
    else
    {
        ++m_counters.fromHosts;
        m_counters.fromHostsBytes += bytes;
    }
    uint32_t dstTor = 0;
    uint32_t host = 0;
    if (!m_plan.Locate(destination, dstTor, host))
    {
        Drop(header, p, NO_ROUTE_DROP);
        if (!ecb.IsNull())
        {
            ecb(p, header, Socket::ERROR_NOROUTETOHOST);
        }
        return true;
    }
    if (!fromUplink)
    {
        m_demand[dstTor] += bytes;
    }
    if (header.GetTtl() <= 1)
    {
        Drop(header, p, TTL_DROP);
        if (!ecb.IsNull())
        {
            ecb(p, header, Socket::ERROR_NOROUTETOHOST);
        }
        return true;
    }
    Ptr<Packet> q = p->Copy();
    if (dstTor == m_tor)
    {
        if (fromUplink)
        {
            CheckOrder(header, p);
        }
        RdcnTag tag;
        q->RemovePacketTag(tag);
        ++m_counters.toHosts;
        m_counters.toHostsBytes += bytes;
        ucb(MakeRoute(header, m_hosts[host]), q, header);
        return true;
    }
    const uint64_t now = m_schedule->GetSlotAt(Simulator::Now());
    RdcnHop hop;
    const char* reason =
        RouteOverTime(header, q, fromUplink, false, fromUplink ? now + 1 : now, dstTor, hop);
    if (reason)
    {
        Drop(header, p, reason);
        if (!ecb.IsNull())
        {
            ecb(p, header, Socket::ERROR_NOROUTETOHOST);
        }
        return true;
    }
    ++m_counters.toUplinks;
    m_forwardTrace(q, hop);
    ucb(MakeRoute(header, m_uplinks[hop.uplink]), q, header);
    return true;
}

const char*
RdcnTorRouting::RouteOverTime(const Ipv4Header& header,
                              Ptr<Packet> q,
                              bool transit,
                              bool rerouting,
                              uint64_t ready,
                              uint32_t dstTor,
                              RdcnHop& hop)
{
    // The routing state comes from the tags of a packet in transit (or routed again); a packet
    // from a host starts afresh.
    RdcnTag tag;
    const bool tagged = q->RemovePacketTag(tag);
    RdcnRouteState state;
    uint32_t source = m_tor;
    std::vector<RdcnHop> carried;
    if (tagged && (transit || rerouting))
    {
        source = tag.GetSource();
        state.via = tag.GetVia();
        // The tag counts the hop it was routed for (NextHop counts it); one routed again has
        // not taken it.
        state.hops = rerouting && tag.GetHops() > 0 ? tag.GetHops() - 1 : tag.GetHops();
        if (tag.GetFlags() & RdcnTag::FLAG_SOURCE_ROUTE)
        {
            RdcnRouteTag::ReadRoute(q, carried);
            state.route = carried;
        }
    }
    const RdcnRouteState before = state;
    const uint64_t flowHash = FlowHash(header, q);
    if (!m_router->NextHop(m_tor, ready, dstTor, flowHash, state, hop))
    {
        return NO_ROUTE_DROP;
    }
    const uint32_t bytes = q->GetSize() + header.GetSerializedSize();
    Ptr<RdcnCalendarQueueDisc> queue = GetCalendarQueue(hop.uplink);
    if (m_spreadAttempts > 0 && m_router->GetScheme() != RdcnRouter::KSP && queue &&
        !queue->HasRoom(hop.slot, bytes))
    {
        RdcnRouteState base = before;
        if (base.via < 0 && base.hops == 0)
        {
            base.via = state.via; // VLB keeps the intermediate it chose
        }
        std::set<std::pair<uint32_t, uint32_t>> tried{{hop.uplink, m_schedule->GetSlice(hop.slot)}};
        uint64_t after = hop.slot;
        for (uint32_t a = 0; a < m_spreadAttempts; ++a)
        {
            RdcnRouteState alternative = base;
            RdcnHop later;
            if (!m_router->NextHop(m_tor, after + 1, dstTor, flowHash, alternative, later) ||
                !tried.insert({later.uplink, m_schedule->GetSlice(later.slot)}).second)
            {
                break;
            }
            Ptr<RdcnCalendarQueueDisc> other = GetCalendarQueue(later.uplink);
            if (other && other->HasRoom(later.slot, bytes))
            {
                hop = later;
                state = alternative;
                ++m_counters.spread;
                break;
            }
            after = later.slot;
        }
    }
    NS_ABORT_MSG_IF(hop.tor != m_tor || hop.uplink >= m_uplinks.size() || hop.slot < ready,
                    "RdcnTorRouting: ToR " << m_tor << " got hop " << hop.tor << ">" << hop.next
                                           << " on uplink " << hop.uplink << " in slot " << hop.slot
                                           << " (ready " << ready << ")");
    if (state.hops > RdcnTag::MAX_HOPS || state.route.size() > RdcnRouteTag::MAX_HOPS)
    {
        return HOP_LIMIT_DROP;
    }
    tag.SetSource(source);
    tag.SetDestination(dstTor);
    tag.SetVia(state.via);
    tag.SetHops(state.hops);
    tag.SetSlot(hop.slot);
    tag.SetSlice(m_schedule->GetSlice(hop.slot));
    tag.SetFlags((state.route.empty() ? 0 : RdcnTag::FLAG_SOURCE_ROUTE) |
                 (transit ? RdcnTag::FLAG_TRANSIT : 0));
    q->AddPacketTag(tag);
    if (!state.route.empty() && !(state.route == carried))
    {
        RdcnRouteTag routeTag;
        routeTag.SetRoute(state.route);
        q->AddByteTag(routeTag);
    }
    return nullptr;
}

Ptr<RdcnCalendarQueueDisc>
RdcnTorRouting::GetCalendarQueue(uint32_t uplink) const
{
    if (!m_ipv4 || uplink >= m_uplinks.size())
    {
        return nullptr;
    }
    Ptr<TrafficControlLayer> tc = m_ipv4->GetObject<Node>()->GetObject<TrafficControlLayer>();
    return tc ? DynamicCast<RdcnCalendarQueueDisc>(tc->GetRootQueueDiscOnDevice(m_uplinks[uplink]))
              : nullptr;
}

void
RdcnTorRouting::Installed(uint64_t fromSlot)
{
    NS_LOG_FUNCTION(this << fromSlot);
    const Time at = std::max(Simulator::Now(), m_schedule->GetSlotStart(fromSlot));
    const Ptr<Node> node = m_ipv4->GetObject<Node>();
    Simulator::ScheduleWithContext(node->GetId(),
                                   at - Simulator::Now(),
                                   &RdcnTorRouting::Reroute,
                                   this);
}

void
RdcnTorRouting::Reroute()
{
    NS_LOG_FUNCTION(this);
    Ptr<TrafficControlLayer> tc = m_ipv4->GetObject<Node>()->GetObject<TrafficControlLayer>();
    if (!tc)
    {
        return;
    }
    std::vector<Ptr<QueueDiscItem>> items;
    for (const auto& device : m_uplinks)
    {
        Ptr<RdcnCalendarQueueDisc> queue =
            DynamicCast<RdcnCalendarQueueDisc>(tc->GetRootQueueDiscOnDevice(device));
        if (queue)
        {
            for (auto& item : queue->Flush())
            {
                items.push_back(item);
            }
        }
    }
    const uint64_t slot = m_schedule->GetSlotAt(Simulator::Now());
    for (const auto& item : items)
    {
        Ptr<Ipv4QueueDiscItem> ipItem = DynamicCast<Ipv4QueueDiscItem>(item);
        RdcnTag tag;
        if (!ipItem || !item->GetPacket()->PeekPacketTag(tag))
        {
            continue; // not routed by this ToR: cannot happen on its calendar queues
        }
        const Ipv4Header& header = ipItem->GetHeader();
        RdcnHop hop;
        const char* reason = RouteOverTime(header,
                                           item->GetPacket(),
                                           tag.GetFlags() & RdcnTag::FLAG_TRANSIT,
                                           true,
                                           slot,
                                           tag.GetDestination(),
                                           hop);
        if (reason)
        {
            Drop(header, item->GetPacket(), reason);
            continue;
        }
        ++m_counters.rerouted;
        tc->Send(m_uplinks[hop.uplink], item);
    }
}

void
RdcnTorRouting::NotifyInterfaceUp(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
}

void
RdcnTorRouting::NotifyInterfaceDown(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
}

void
RdcnTorRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
}

void
RdcnTorRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
}

void
RdcnTorRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    m_ipv4 = ipv4;
}

void
RdcnTorRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream& os = *stream->GetStream();
    const Ptr<Node> node = m_ipv4 ? m_ipv4->GetObject<Node>() : nullptr;
    os << "Node: " << (node ? std::to_string(node->GetId()) : std::string("-"))
       << ", Time: " << Now().As(unit) << ", RdcnTorRouting of ToR " << m_tor << std::endl;
    for (const auto& [iif, h] : m_hostOf)
    {
        os << "  host " << h << " " << m_plan.GetHostAddress(m_tor, h) << "/30 on interface " << iif
           << std::endl;
    }
    for (const auto& [iif, u] : m_uplinkOf)
    {
        os << "  uplink " << u << " on interface " << iif << std::endl;
    }
    if (m_router)
    {
        os << "  other ToRs: over time by " << RdcnRouter::GetSchemeName(m_router->GetScheme())
           << " routing (see RdcnRouter::PrintTable)" << std::endl;
    }
    os << std::endl;
}

} // namespace ns3
