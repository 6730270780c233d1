/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-shared-buffer.h"

#include "pfc-protocol.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceSharedBuffer");
NS_OBJECT_ENSURE_REGISTERED(RoceSharedBuffer);

TypeId
RoceSharedBuffer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoceSharedBuffer")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RoceSharedBuffer>()
            .AddAttribute("BufferSize",
                          "Packet buffer of the switch (bytes; HPCC's mix/config.txt: 32 MB)",
                          UintegerValue(32000000),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_bufferSize),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("Reserved",
                          "Bytes of its own each (ingress interface, priority) fills first "
                          "(bytes; HPCC: 4 KB)",
                          UintegerValue(4000),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_reserved),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Headroom",
                          "Bytes each (ingress interface, priority) of a PFC priority may hold "
                          "after pausing its upstream (bytes; 0: RoceFabric sets what a pause can "
                          "find in flight on the switch's fastest port, RequiredHeadroom)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_headroom),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Alpha",
                          "Dynamic threshold: an (ingress, priority) pauses its upstream when it "
                          "holds Alpha x the free shared bytes (HPCC: 1/8)",
                          DoubleValue(0.125),
                          MakeDoubleAccessor(&RoceSharedBuffer::m_alpha),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("XoffThreshold",
                          "Fixed threshold of the shared bytes an (ingress, priority) may hold "
                          "before pausing (bytes; 0: the dynamic threshold)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_xoff),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("XonOffset",
                          "Resume when this many bytes below the threshold (bytes; HPCC: 3 KB)",
                          UintegerValue(3000),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_xonOffset),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PauseQuanta",
                          "Quanta (512 bit times) a pause frame asks for; refreshed at half",
                          UintegerValue(0xFFFF),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_quanta),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("PfcPriorities",
                          "Priorities PFC protects, one bit each (bit p: priority p). Default "
                          "0x88: 3 (data) and 7 (ACKs, NACKs, CNPs); every protected priority "
                          "of every interface keeps a headroom, so protecting all eight leaves "
                          "a 33-port 400 Gb/s switch of 32 MB no shared pool",
                          UintegerValue(0x88),
                          MakeUintegerAccessor(&RoceSharedBuffer::m_pfcMask),
                          MakeUintegerChecker<uint8_t>())
            .AddTraceSource("Pfc",
                            "The switch started (true) or stopped (false) pausing an upstream",
                            MakeTraceSourceAccessor(&RoceSharedBuffer::m_pfcTrace),
                            "ns3::RoceSharedBuffer::PfcTracedCallback");
    return tid;
}

RoceSharedBuffer::RoceSharedBuffer() = default;

RoceSharedBuffer::~RoceSharedBuffer() = default;

void
RoceSharedBuffer::DoDispose()
{
    for (auto& in : m_ingress)
    {
        in.refresh.Cancel();
    }
    m_node = nullptr;
    Object::DoDispose();
}

void
RoceSharedBuffer::Install(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_node, "RoceSharedBuffer: installed twice");
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "RoceSharedBuffer: node " << node->GetId() << " has no IPv4 stack");
    m_node = node;
    m_nInterfaces = ipv4->GetNInterfaces();
    m_ingress.assign(m_nInterfaces * N_PRIORITIES, Ingress());
    uint64_t own = uint64_t(m_nInterfaces) * N_PRIORITIES * m_reserved +
                   uint64_t(m_nInterfaces) * __builtin_popcount(m_pfcMask) * m_headroom;
    m_pool = m_bufferSize > own ? m_bufferSize - own : 0;
    ipv4->TraceConnectWithoutContext("Rx", MakeCallback(&RoceSharedBuffer::Received, this));
}

bool
RoceSharedBuffer::Check(std::string& error) const
{
    std::ostringstream os;
    uint64_t own = uint64_t(m_nInterfaces) * N_PRIORITIES * m_reserved +
                   uint64_t(m_nInterfaces) * __builtin_popcount(m_pfcMask) * m_headroom;
    if (own >= m_bufferSize)
    {
        os << "RoceSharedBuffer BufferSize " << m_bufferSize << " B on node "
           << (m_node ? m_node->GetId() : 0) << " holds no shared pool: " << m_nInterfaces
           << " interfaces reserve " << own << " B (Reserved " << m_reserved << ", Headroom "
           << m_headroom << " per interface and priority); allowed: BufferSize above that";
        error = os.str();
        return false;
    }
    if (m_xoff > 0 && m_xoff >= m_pool)
    {
        os << "RoceSharedBuffer XoffThreshold " << m_xoff << " B is not below the shared pool ("
           << m_pool << " B of BufferSize " << m_bufferSize << "); allowed: 0 (dynamic) or 1 to "
           << (m_pool - 1);
        error = os.str();
        return false;
    }
    if (m_xoff == 0 && (m_alpha <= 0.0 || m_alpha > 64.0))
    {
        os << "RoceSharedBuffer Alpha " << m_alpha << " cannot work; allowed: above 0, at most 64";
        error = os.str();
        return false;
    }
    return true;
}

void
RoceSharedBuffer::Received(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
{
    SetIngress(packet, interface);
}

void
RoceSharedBuffer::SetIngress(Ptr<const Packet> packet, uint32_t interface)
{
    RoceIngressTag tag;
    tag.node = m_node->GetId();
    tag.interface = interface;
    ConstCast<Packet>(packet)->ReplacePacketTag(tag);
}

RoceSharedBuffer::Ingress&
RoceSharedBuffer::At(uint32_t interface, uint32_t priority)
{
    NS_ABORT_MSG_IF(interface >= m_nInterfaces || priority >= N_PRIORITIES,
                    "RoceSharedBuffer: interface " << interface << " priority " << priority);
    return m_ingress[interface * N_PRIORITIES + priority];
}

uint64_t
RoceSharedBuffer::GetThreshold() const
{
    if (m_xoff > 0)
    {
        return m_xoff;
    }
    return static_cast<uint64_t>(m_alpha * double(m_pool - m_poolUsed));
}

bool
RoceSharedBuffer::Admit(const RoceIngressTag& tag, uint32_t priority, uint32_t bytes)
{
    if (tag.node != m_node->GetId())
    {
        return true; // charged elsewhere (not a packet this switch received)
    }
    Ingress& in = At(tag.interface, priority);
    bool pfc = m_pfcMask & (1u << priority);
    uint64_t threshold = GetThreshold();
    if (in.reserved + bytes <= m_reserved)
    {
        in.reserved += bytes;
    }
    else if (in.headroom == 0 && in.shared + bytes <= threshold && m_poolUsed + bytes <= m_pool)
    {
        in.shared += bytes;
        m_poolUsed += bytes;
    }
    else if (pfc && in.headroom + bytes <= m_headroom)
    {
        in.headroom += bytes;
    }
    else
    {
        ++m_drops;
        NS_LOG_WARN("node " << m_node->GetId() << " interface " << tag.interface << " priority "
                            << priority << ": dropped " << bytes << " B (reserved " << in.reserved
                            << ", shared " << in.shared << " of threshold " << threshold
                            << ", headroom " << in.headroom << " of " << m_headroom << ", pool "
                            << m_poolUsed << " of " << m_pool << ", pausing " << in.pausing << ")");
        return false;
    }
    m_held += bytes;
    m_peak = std::max(m_peak, m_held);
    if (pfc && !in.pausing && (in.headroom > 0 || in.shared >= GetThreshold()))
    {
        in.pausing = true;
        m_pfcTrace(tag.interface, priority, true);
        SendPause(tag.interface, priority);
    }
    return true;
}

void
RoceSharedBuffer::Release(const RoceIngressTag& tag, uint32_t priority, uint32_t bytes)
{
    if (tag.node != m_node->GetId())
    {
        return;
    }
    Ingress& in = At(tag.interface, priority);
    uint64_t left = bytes;
    uint64_t h = std::min<uint64_t>(left, in.headroom);
    in.headroom -= h;
    left -= h;
    uint64_t s = std::min<uint64_t>(left, in.shared);
    in.shared -= s;
    m_poolUsed -= s;
    left -= s;
    uint64_t r = std::min<uint64_t>(left, in.reserved);
    in.reserved -= r;
    m_held -= bytes;
    if (in.pausing && in.headroom == 0 &&
        (in.shared == 0 || in.shared + m_xonOffset <= GetThreshold()))
    {
        in.pausing = false;
        in.refresh.Cancel();
        m_pfcTrace(tag.interface, priority, false);
        SendResume(tag.interface, priority);
    }
}

void
RoceSharedBuffer::SendPause(uint32_t interface, uint32_t priority)
{
    Ingress& in = At(interface, priority);
    if (!in.pausing)
    {
        return;
    }
    Ptr<PfcProtocol> pfc = m_node->GetObject<PfcProtocol>();
    NS_ABORT_MSG_IF(!pfc, "RoceSharedBuffer: node " << m_node->GetId() << " has no PfcProtocol");
    ++in.pauses;
    Time pause = pfc->SendFrame(interface, priority, m_quanta);
    in.refresh =
        Simulator::Schedule(pause / 2, &RoceSharedBuffer::SendPause, this, interface, priority);
}

void
RoceSharedBuffer::SendResume(uint32_t interface, uint32_t priority)
{
    m_node->GetObject<PfcProtocol>()->SendFrame(interface, priority, 0);
}

uint64_t
RoceSharedBuffer::GetPoolSize() const
{
    return m_pool;
}

uint64_t
RoceSharedBuffer::GetPoolUsed() const
{
    return m_poolUsed;
}

uint64_t
RoceSharedBuffer::GetPeakBytes() const
{
    return m_peak;
}

uint64_t
RoceSharedBuffer::GetDrops() const
{
    return m_drops;
}

bool
RoceSharedBuffer::IsPausing(uint32_t interface, uint32_t priority) const
{
    return interface < m_nInterfaces && priority < N_PRIORITIES &&
           m_ingress[interface * N_PRIORITIES + priority].pausing;
}

uint64_t
RoceSharedBuffer::GetPausesSent(uint32_t interface, uint32_t priority) const
{
    return interface < m_nInterfaces && priority < N_PRIORITIES
               ? m_ingress[interface * N_PRIORITIES + priority].pauses
               : 0;
}

uint32_t
RoceSharedBuffer::GetNInterfaces() const
{
    return m_nInterfaces;
}

Ptr<Node>
RoceSharedBuffer::GetNode() const
{
    return m_node;
}

uint32_t
RoceSharedBuffer::PriorityOf(Ptr<const QueueDiscItem> item)
{
    auto ip = DynamicCast<const Ipv4QueueDiscItem>(item);
    if (!ip)
    {
        return 0;
    }
    if (ip->GetHeader().GetProtocol() == PfcHeader::IP_PROTOCOL)
    {
        return N_PRIORITIES;
    }
    return (ip->GetHeader().GetDscp() >> 3) & 0x7;
}

bool
RoceSharedBuffer::AdmitItem(Ptr<const QueueDiscItem> item)
{
    const uint32_t priority = PriorityOf(item);
    RoceIngressTag tag;
    if (priority >= N_PRIORITIES || !item->GetPacket()->PeekPacketTag(tag))
    {
        return true;
    }
    return Admit(tag, priority, item->GetSize());
}

void
RoceSharedBuffer::ReleaseItem(Ptr<const QueueDiscItem> item)
{
    const uint32_t priority = PriorityOf(item);
    RoceIngressTag tag;
    if (priority < N_PRIORITIES && item->GetPacket()->PeekPacketTag(tag))
    {
        Release(tag, priority, item->GetSize());
    }
}

} // namespace ns3
