/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdma-nic.h"

#include "lossless-queue-disc.h"
#include "rdma-nic-detail.h"
#include "roce-fast-path.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/queue-item.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/udp-header.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdmaNic");
NS_OBJECT_ENSURE_REGISTERED(RdmaNic);

namespace rdmanicdetail
{

LogComponent&
NicLog()
{
    return g_log;
}

} // namespace rdmanicdetail

namespace
{
/// Bytes below the RoCE header on the wire: IPv4 (20), UDP (8), point-to-point (2).
constexpr uint32_t UNDER_ROCE = 30;
/// IP protocol number of UDP.
constexpr uint8_t UDP_PROTOCOL = 17;
/// Next queue pair id in the simulation.
uint32_t g_nextQp = 1;
/// Whether Simulator::Destroy will start the ids again.
bool g_resetArmed = false;

/// \return a new queue pair id: unique in the simulation, from 1 in every simulation of a
/// process (ids are UDP source ports' entropy, so ECMP's choices repeat run to run)
uint32_t
NextQp()
{
    if (!g_resetArmed)
    {
        g_resetArmed = true;
        Simulator::ScheduleDestroy(+[]() {
            g_nextQp = 1;
            g_resetArmed = false;
        });
    }
    return g_nextQp++;
}

} // namespace

TypeId
RdmaNic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdmaNic")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RdmaNic>()
            .AddAttribute("PayloadSize",
                          "Payload bytes per data packet (bytes; 0: the largest that fits the "
                          "port's MTU; HPCC: 1000)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdmaNic::m_payload),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AckInterval",
                          "Data packets per ACK (the last of a message is always acknowledged; "
                          "HPCC: 1)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RdmaNic::m_ackInterval),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("FastPath",
                          "Frames go from the NIC to the port's traffic control with the IPv4 "
                          "header written here, skipping Ipv4L3Protocol::Send (the same "
                          "frames; the host's IPv4 Tx and SendOutgoing traces do not see "
                          "them). RoceFabric's FastPath sets it",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RdmaNic::m_fastPath),
                          MakeBooleanChecker())
            .AddAttribute("AckPriority",
                          "Priority of ACKs, NACKs and CNPs (0-7; above data's)",
                          UintegerValue(7),
                          MakeUintegerAccessor(&RdmaNic::m_ackPriority),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("RetransmitTimeout",
                          "Without progress for this long, send again from the first "
                          "unacknowledged packet (go-back-N). Long: a lossless fabric's "
                          "pauses delay ACKs by milliseconds, and a spurious timeout sends "
                          "everything in flight again (NICs: 4.096 us x 2^N, N = 12: 17 ms)",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&RdmaNic::m_rto),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("CnpInterval",
                          "At most one CNP per queue pair per interval (DCQCN: 50 us)",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&RdmaNic::m_cnpInterval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("NackInterval",
                          "At most one NACK for the same expected PSN per interval",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&RdmaNic::m_nackInterval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BaseRtt",
                          "Unloaded round trip the congestion control assumes (HPCC's T; "
                          "set it to the fabric's longest; 8 us: four 1-us hops each way)",
                          TimeValue(MicroSeconds(8)),
                          MakeTimeAccessor(&RdmaNic::m_baseRtt),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddTraceSource("MessageComplete",
                            "A message was acknowledged whole (queue pair, bytes, duration)",
                            MakeTraceSourceAccessor(&RdmaNic::m_messageTrace),
                            "ns3::RdmaNic::MessageTracedCallback")
            .AddTraceSource("Retransmit",
                            "Go-back-N sent again from a PSN (queue pair, PSN)",
                            MakeTraceSourceAccessor(&RdmaNic::m_retransmitTrace),
                            "ns3::RdmaNic::RetransmitTracedCallback")
            .AddTraceSource("Rate",
                            "A queue pair's rate changed (queue pair, rate)",
                            MakeTraceSourceAccessor(&RdmaNic::m_rateTrace),
                            "ns3::DataRate::TracedCallback");
    return tid;
}

RdmaNic::RdmaNic()
{
    m_ccFactory.SetTypeId(RdmaCongestionControl::GetTypeId());
}

RdmaNic::~RdmaNic() = default;

void
RdmaNic::DoDispose()
{
    for (auto& qp : m_send)
    {
        qp->timer.Cancel();
        qp->cc = nullptr;
        qp->peer = nullptr;
    }
    for (auto& port : m_ports)
    {
        port->event.Cancel();
    }
    m_send.clear();
    m_recv.clear();
    m_ports.clear();
    m_gateOf = nullptr;
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
    }
    m_socket = nullptr;
    if (m_path)
    {
        m_path->SetLocalReceiver(RoceFastPath::LocalReceiver());
        m_path = nullptr;
    }
    m_node = nullptr;
    Object::DoDispose();
}

void
RdmaNic::DoInitialize()
{
    // The global value as the simulation starts (a program may set it after Install); read
    // per frame it costs a name lookup.
    m_checksum = Node::ChecksumEnabled();
    Object::DoInitialize();
}

void
RdmaNic::SetCongestionControl(const ObjectFactory& factory)
{
    m_ccFactory = factory;
    // The receiver answers CE marks only if the fabric's law reads CNPs (every NIC of a
    // fabric runs the same law).
    m_sendCnp = m_ccFactory.Create<RdmaCongestionControl>()->NeedsCnp();
}

void
RdmaNic::Install(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_node, "RdmaNic: installed twice");
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "RdmaNic: node " << node->GetId() << " has no Internet stack");
    m_node = node;
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    for (uint32_t i = 1; i < ipv4->GetNInterfaces(); ++i)
    {
        if (ipv4->GetNAddresses(i) == 0)
        {
            continue;
        }
        auto port = std::make_unique<Port>();
        port->device = ipv4->GetNetDevice(i);
        DataRateValue rate;
        NS_ABORT_MSG_IF(!port->device->GetAttributeFailSafe("DataRate", rate),
                        "RdmaNic: device " << port->device->GetIfIndex() << " of node "
                                           << node->GetId() << " has no DataRate");
        port->rate = rate.Get();
        port->mtu = port->device->GetMtu();
        port->broadcast = port->device->GetBroadcast();
        port->needsArp = port->device->NeedsArp();
        port->interface = i;
        port->qdisc =
            tc ? DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(port->device))
               : nullptr;
        if (port->qdisc)
        {
            uint32_t index = m_ports.size();
            port->qdisc->TraceConnectWithoutContext(
                "Pause",
                MakeCallback(&RdmaNic::PortPaused, this).Bind(index));
            port->qdisc->TraceConnectWithoutContext(
                "Dequeue",
                MakeCallback(&RdmaNic::PortDequeued, this).Bind(index));
        }
        if (m_ports.empty())
        {
            m_address = ipv4->GetAddress(i, 0).GetLocal();
        }
        m_ports.push_back(std::move(port));
    }
    NS_ABORT_MSG_IF(m_ports.empty(),
                    "RdmaNic: node " << node->GetId() << " has no device with an IPv4 address");
    m_ipv4 = ipv4;
    m_tc = tc;
    UintegerValue ttl(64);
    ipv4->GetAttributeFailSafe("DefaultTtl", ttl);
    m_ttl = static_cast<uint8_t>(ttl.Get());
    m_checksum = Node::ChecksumEnabled();
    m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(
        m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), RoceHeader::UDP_PORT)) != 0,
        "RdmaNic: node " << node->GetId() << " cannot bind UDP port 4791");
    m_socket->SetIpRecvTos(true);
    m_socket->SetRecvCallback(MakeCallback(&RdmaNic::Receive, this));
    Ptr<RoceFastPath> path = node->GetObject<RoceFastPath>();
    if (m_fastPath && path && path->IsInstalled())
    {
        m_path = path; // frames for the host come from it, routes of frames sent too
        m_path->SetLocalReceiver(MakeCallback(&RdmaNic::Deliver, this));
    }
}

Ptr<Node>
RdmaNic::GetNode() const
{
    return m_node;
}

Ipv4Address
RdmaNic::GetAddress() const
{
    return m_address;
}

const RdmaNicCounters&
RdmaNic::GetCounters() const
{
    return m_counters;
}

uint32_t
RdmaNic::Connect(Ptr<RdmaNic> peer, uint8_t priority, Ipv4Address to)
{
    NS_ABORT_MSG_IF(!m_node || !peer || !peer->m_node, "RdmaNic::Connect: NICs not installed");
    NS_ABORT_MSG_IF(priority > 7, "RdmaNic::Connect: priority " << uint32_t(priority) << " (0-7)");
    auto qp = std::make_unique<SendQp>();
    qp->control.qp = NextQp();
    qp->peer = peer;
    qp->to = to == Ipv4Address::GetAny() ? peer->GetAddress() : to;
    qp->priority = priority;
    if (m_gateOf)
    {
        qp->gate = GateOf(qp->to);
    }
    // The port the route to the peer leaves by.
    Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
    Ipv4Header header;
    header.SetDestination(qp->to);
    Socket::SocketErrno err;
    Ptr<Ipv4Route> route =
        ipv4->GetRoutingProtocol()->RouteOutput(Create<Packet>(), header, nullptr, err);
    if (route)
    {
        for (uint32_t p = 0; p < m_ports.size(); ++p)
        {
            if (m_ports[p]->device == route->GetOutputDevice())
            {
                qp->port = p;
            }
        }
    }
    Port& port = *m_ports[qp->port];
    qp->cc = m_ccFactory.Create<RdmaCongestionControl>();
    qp->intEnabled = qp->cc->NeedsInt();
    qp->measureRtt = qp->cc->NeedsRtt();
    RoceHeader roce;
    roce.SetIntEnabled(qp->intEnabled);
    uint32_t overhead = UNDER_ROCE - 2 + roce.GetSerializedSize();
    NS_ABORT_MSG_IF(port.mtu <= overhead,
                    "RdmaNic: MTU " << port.mtu << " of node " << m_node->GetId()
                                    << " leaves no payload under " << overhead << " header bytes");
    qp->payload = m_payload > 0 ? m_payload : port.mtu - overhead;
    NS_ABORT_MSG_IF(qp->payload + overhead > port.mtu,
                    "RdmaNic PayloadSize "
                        << m_payload << " with " << overhead << " header bytes exceeds the MTU "
                        << port.mtu << " of node " << m_node->GetId() << "; allowed: 0 or at most "
                        << port.mtu - overhead);
    qp->control.lineRate = port.rate;
    qp->control.baseRtt = m_baseRtt;
    qp->control.mtuBytes = qp->payload + overhead + 2;
    qp->cc->Init(qp->control);
    uint32_t id = qp->control.qp;
    peer->Accept(id, m_address);
    m_sendIndex[id] = m_send.size();
    port.qps.push_back(m_send.size());
    m_send.push_back(std::move(qp));
    return id;
}

void
RdmaNic::Accept(uint32_t qp, Ipv4Address from)
{
    auto r = std::make_unique<RecvQp>();
    r->from = from;
    m_recv[qp] = std::move(r);
}

void
RdmaNic::Expect(uint32_t qp, uint32_t endPsn, MessageCallback delivered)
{
    m_recv.at(qp)->messages.emplace_back(endPsn, std::move(delivered));
}

RdmaNic::SendQp&
RdmaNic::Find(uint32_t qp) const
{
    auto it = m_sendIndex.find(qp);
    NS_ABORT_MSG_IF(it == m_sendIndex.end(),
                    "RdmaNic: queue pair " << qp << " is not one of node "
                                           << (m_node ? m_node->GetId() : 0));
    return *m_send[it->second];
}

void
RdmaNic::Post(uint32_t id, uint64_t bytes, MessageCallback delivered, MessageCallback completed)
{
    NS_ABORT_MSG_IF(bytes == 0, "RdmaNic::Post: an empty message");
    SendQp& qp = Find(id);
    uint64_t packets = (bytes + qp.payload - 1) / qp.payload;
    NS_ABORT_MSG_IF(packets > UINT32_MAX - qp.end,
                    "RdmaNic::Post: queue pair " << id << " out of PSNs");
    RdmaMessage m{qp.end,
                  qp.end + static_cast<uint32_t>(packets),
                  bytes,
                  Simulator::Now(),
                  std::move(completed)};
    qp.end = m.endPsn;
    qp.pending += bytes;
    qp.peer->Expect(id, m.endPsn, std::move(delivered));
    qp.messages.push_back(std::move(m));
    // Sent from an event of its own, so that a message posted before Simulator::Run leaves
    // once the nodes (and their traffic control) are initialized.
    Port& port = *m_ports[qp.port];
    if (port.event.IsExpired())
    {
        port.event = Simulator::ScheduleNow(&RdmaNic::TrySend, this, qp.port);
    }
}

uint32_t
RdmaNic::PayloadOf(const SendQp& qp, uint32_t psn) const
{
    auto it = std::upper_bound(qp.messages.begin(),
                               qp.messages.end(),
                               psn,
                               [](uint32_t p, const RdmaMessage& m) { return p < m.endPsn; });
    NS_ASSERT(it != qp.messages.end() && psn >= it->firstPsn);
    if (psn + 1 < it->endPsn)
    {
        return qp.payload;
    }
    return static_cast<uint32_t>(it->bytes - uint64_t(it->endPsn - 1 - it->firstPsn) * qp.payload);
}

void
RdmaNic::TrySend(uint32_t p)
{
    Port& port = *m_ports[p];
    if (!port.event.IsExpired())
    {
        return;
    }
    Time now = Simulator::Now();
    if (port.freeAt > now)
    {
        port.event = Simulator::Schedule(port.freeAt - now, &RdmaNic::TrySend, this, p);
        return;
    }
    Time earliest = Time::Max();
    uint32_t n = port.qps.size();
    for (uint32_t k = 0; k < n; ++k)
    {
        uint32_t index = port.qps[(port.next + k) % n];
        SendQp& qp = *m_send[index];
        if (qp.next >= qp.end || (m_held & (1u << qp.priority)) ||
            (qp.gate != NO_GATE && !m_gateOpen[qp.gate]) ||
            (port.qdisc && port.qdisc->IsPaused(qp.priority)))
        {
            continue;
        }
        if (port.qdisc && port.qdisc->GetPriorityBytes(qp.priority) >= 2 * qp.control.mtuBytes)
        {
            // The device is not sending (an optical circuit held for a reconfiguration):
            // wait for the queue disc to move, as a NIC's transmit ring fills.
            port.blocked = true;
            continue;
        }
        if (qp.control.window > 0 &&
            uint64_t(qp.next - qp.una) * qp.control.mtuBytes >= qp.control.window)
        {
            continue;
        }
        if (qp.nextSend > now)
        {
            earliest = std::min(earliest, qp.nextSend);
            continue;
        }
        port.next = (port.next + k + 1) % n;
        SendData(qp);
        port.event = Simulator::Schedule(port.freeAt - now, &RdmaNic::TrySend, this, p);
        return;
    }
    if (earliest != Time::Max())
    {
        port.event = Simulator::Schedule(earliest - now, &RdmaNic::TrySend, this, p);
    }
}

void
RdmaNic::SendData(SendQp& qp)
{
    Port& port = *m_ports[qp.port];
    uint32_t payload = PayloadOf(qp, qp.next);
    RoceHeader roce;
    roce.SetOpcode(RoceHeader::DATA);
    roce.SetQueuePair(qp.control.qp);
    roce.SetPsn(qp.next);
    roce.SetIntEnabled(qp.intEnabled);
    Ptr<Packet> packet = Create<Packet>(payload);
    packet->AddHeader(roce);
    // TOS per packet as a tag that IPv4 applies (ns-3 3.37 takes a TOS from the address,
    // later releases from the socket; with neither set, both leave the tag alone).
    const uint32_t wire = packet->GetSize() + UNDER_ROCE;
    SendUdp(packet, qp.to, qp.control.qp, static_cast<uint8_t>((qp.priority * 8) << 2 | 0x02));
    Time now = Simulator::Now();
    port.freeAt = std::max(port.freeAt, now) + port.lineTime.Of(port.rate, wire);
    DataRate before = qp.control.rate;
    qp.cc->OnSent(qp.control, wire);
    qp.nextSend = now + qp.pacing.Of(qp.control.rate, wire);
    if (qp.measureRtt)
    {
        if (qp.next - qp.sentBase < qp.sentAt.size())
        {
            qp.sentAt[qp.next - qp.sentBase] = now; // sent again (go-back-N)
        }
        else
        {
            qp.sentAt.push_back(now);
        }
    }
    if (qp.control.rate != before)
    {
        m_rateTrace(qp.control.qp, qp.control.rate);
    }
    ++qp.next;
    ++m_counters.dataSent;
    if (!qp.armed)
    {
        ArmTimer(qp);
    }
}

void
RdmaNic::ArmTimer(SendQp& qp)
{
    // Lazy: an ACK only moves the deadline; the one pending event, when it fires early, waits
    // again until the deadline (an event per ACK would fill the scheduler with cancelled ones).
    qp.armed = qp.una < qp.next;
    if (!qp.armed)
    {
        return;
    }
    qp.deadline = Simulator::Now() + m_rto;
    if (qp.timer.IsExpired())
    {
        qp.timer = Simulator::Schedule(m_rto, &RdmaNic::Timeout, this, qp.control.qp);
    }
}

void
RdmaNic::Timeout(uint32_t id)
{
    SendQp& qp = Find(id);
    if (!qp.armed)
    {
        return;
    }
    const Time now = Simulator::Now();
    if (qp.deadline > now)
    {
        qp.timer = Simulator::Schedule(qp.deadline - now, &RdmaNic::Timeout, this, id);
        return;
    }
    qp.armed = false;
    if (qp.una >= qp.next)
    {
        return;
    }
    ++m_counters.timeouts;
    m_counters.retransmitted += qp.next - qp.una;
    m_retransmitTrace(id, qp.una);
    qp.resentBelow = std::max(qp.resentBelow, qp.next);
    qp.next = qp.una;
    TrySend(qp.port);
}

uint16_t
RdmaNic::SourcePort(uint32_t qp)
{
    // RoCEv2 leaves the UDP source port to the sender as entropy for ECMP: a queue pair's
    // packets share one (0xC000 | 14 bits of the queue pair's hash), queue pairs differ.
    return static_cast<uint16_t>(0xC000u | ((qp * 2654435761u) >> 18));
}

void
RdmaNic::SendUdp(Ptr<Packet> packet, Ipv4Address to, uint32_t qp, uint8_t tos)
{
    // UDP by hand on IPv4 (what a UDP socket does, with the queue pair's source port):
    // the route, then the header, then IPv4.
    Ipv4Header header;
    header.SetDestination(to);
    header.SetProtocol(UDP_PROTOCOL);
    Socket::SocketErrno error = Socket::ERROR_NOTERROR;
    Ptr<Ipv4Route> route =
        m_path ? m_path->RouteOutput(packet, header, error)
               : m_ipv4->GetRoutingProtocol()->RouteOutput(packet, header, nullptr, error);
    if (!route)
    {
        NS_LOG_WARN("node " << m_node->GetId() << ": no route to " << to);
        ++m_counters.noRoute;
        return;
    }
    UdpHeader udp;
    udp.SetSourcePort(SourcePort(qp));
    udp.SetDestinationPort(RoceHeader::UDP_PORT);
    packet->AddHeader(udp);
    Ptr<NetDevice> out = route->GetOutputDevice();
    const Port* port = nullptr;
    for (std::size_t i = 0; m_fastPath && !port && i < m_ports.size(); ++i)
    {
        port = m_ports[i]->device == out ? m_ports[i].get() : nullptr; // only the fast path asks
    }
    if (m_tc && port && !port->needsArp && m_ipv4->IsUp(port->interface) &&
        packet->GetSize() + 20 <= port->mtu)
    {
        // What Ipv4L3Protocol::Send writes for a datagram that fits the MTU.
        header.SetSource(route->GetSource());
        header.SetPayloadSize(packet->GetSize());
        header.SetTtl(m_ttl);
        header.SetTos(tos);
        header.SetMayFragment();
        header.SetIdentification(m_identification++);
        if (m_checksum)
        {
            header.EnableChecksum();
        }
        m_tc->Send(out,
                   Create<Ipv4QueueDiscItem>(packet,
                                             port->broadcast,
                                             Ipv4L3Protocol::PROT_NUMBER,
                                             header));
        return;
    }
    // The TOS as a tag that IPv4 applies (ns-3 3.37 takes a TOS from the address, later
    // releases from the socket; with neither set, both leave the tag alone).
    SocketIpTosTag tag;
    tag.SetTos(tos);
    packet->AddPacketTag(tag);
    m_ipv4->Send(packet, route->GetSource(), to, UDP_PROTOCOL, route);
}

void
RdmaNic::SendControl(Ipv4Address to, const RoceHeader& header, uint32_t p)
{
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(header);
    const uint32_t wire = packet->GetSize() + UNDER_ROCE;
    SendUdp(packet, to, header.GetQueuePair(), static_cast<uint8_t>((m_ackPriority * 8) << 2));
    Port& port = *m_ports[p];
    port.freeAt = std::max(port.freeAt, Simulator::Now()) + port.controlTime.Of(port.rate, wire);
}

void
RdmaNic::PortPaused(uint32_t port, uint32_t priority, bool paused)
{
    if (!paused)
    {
        TrySend(port);
    }
}

void
RdmaNic::PortDequeued(uint32_t port, Ptr<const QueueDiscItem> item)
{
    if (m_ports[port]->blocked)
    {
        m_ports[port]->blocked = false;
        TrySend(port);
    }
}

void
RdmaNic::Hold(uint8_t priority, bool hold)
{
    NS_ABORT_MSG_IF(priority > 7, "RdmaNic::Hold: priority " << uint32_t(priority) << " (0-7)");
    m_held = hold ? (m_held | (1u << priority)) : (m_held & ~(1u << priority));
    if (!hold)
    {
        for (uint32_t p = 0; p < m_ports.size(); ++p)
        {
            TrySend(p);
        }
    }
}

void
RdmaNic::SetGates(uint32_t gates, GateKeyCallback keyOf)
{
    NS_ABORT_MSG_IF(gates == 0 || !keyOf,
                    "RdmaNic::SetGates: no gate (allowed: 1 or more, a key function)");
    m_gateOpen.assign(gates, 1);
    m_gateOf = std::move(keyOf);
    for (const auto& qp : m_send)
    {
        qp->gate = GateOf(qp->to);
    }
}

uint32_t
RdmaNic::GateOf(Ipv4Address to) const
{
    uint32_t key = m_gateOf(to);
    NS_ABORT_MSG_IF(key != NO_GATE && key >= m_gateOpen.size(),
                    "RdmaNic: gate " << key << " of " << to << " on node " << m_node->GetId()
                                     << " (allowed: below " << m_gateOpen.size() << " or NO_GATE)");
    return key;
}

void
RdmaNic::SetGateOpen(uint32_t key, bool open)
{
    NS_ABORT_MSG_IF(key >= m_gateOpen.size(),
                    "RdmaNic::SetGateOpen: gate " << key << " (allowed: below " << m_gateOpen.size()
                                                  << ")");
    if (bool(m_gateOpen[key]) == open)
    {
        return;
    }
    m_gateOpen[key] = open ? 1 : 0;
    if (open)
    {
        for (uint32_t p = 0; p < m_ports.size(); ++p)
        {
            TrySend(p);
        }
    }
}

bool
RdmaNic::IsGateOpen(uint32_t key) const
{
    return key < m_gateOpen.size() && m_gateOpen[key];
}

uint32_t
RdmaNic::GetNGates() const
{
    return m_gateOpen.size();
}

DataRate
RdmaNic::GetRate(uint32_t qp) const
{
    return Find(qp).control.rate;
}

Ptr<RdmaCongestionControl>
RdmaNic::GetCongestionControl(uint32_t qp) const
{
    return Find(qp).cc;
}

uint64_t
RdmaNic::GetPendingBytes(uint32_t qp) const
{
    return Find(qp).pending;
}

} // namespace ns3
