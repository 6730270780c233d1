/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-header.h"

#include "ns3/abort.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoceHeader);
NS_OBJECT_ENSURE_REGISTERED(PfcHeader);
NS_OBJECT_ENSURE_REGISTERED(RoceIngressTag);

namespace
{
/// Bytes of the base transport header.
constexpr uint32_t BTH_BYTES = 12;
/// Bytes of one INT record.
constexpr uint32_t INT_HOP_BYTES = 16;
/// Bytes of a PFC frame's payload as carried here: opcode (2), class-enable vector (2),
/// 8 quanta (16), padded to 802.1Qbb's 46-byte minimum payload less the IPv4 header (20).
constexpr uint32_t PFC_BYTES = 26;
} // namespace

TypeId
RoceHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceHeader")
                            .SetParent<Header>()
                            .SetGroupName("Optical")
                            .AddConstructor<RoceHeader>();
    return tid;
}

TypeId
RoceHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
RoceHeader::GetSerializedSize() const
{
    return BTH_BYTES + ((m_flags & FLAG_INT) ? 2 + MAX_INT_HOPS * INT_HOP_BYTES : 0);
}

void
RoceHeader::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteU8(m_opcode);
    i.WriteU8(m_flags);
    i.WriteHtonU32(m_qp);
    i.WriteHtonU32(m_psn);
    i.WriteU16(0);
    if (m_flags & FLAG_INT)
    {
        i.WriteU8(m_nHops);
        i.WriteU8(0);
        for (const auto& h : m_hops)
        {
            i.WriteHtonU32(h.timeNs);
            i.WriteHtonU32(h.txBytes);
            i.WriteHtonU32(h.qlen);
            i.WriteHtonU32(h.rateMbps);
        }
    }
}

uint32_t
RoceHeader::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    uint8_t opcode = i.ReadU8();
    NS_ABORT_MSG_IF(opcode > CNP, "RoceHeader: unknown opcode " << uint32_t(opcode));
    m_opcode = static_cast<Opcode>(opcode);
    m_flags = i.ReadU8();
    m_qp = i.ReadNtohU32();
    m_psn = i.ReadNtohU32();
    i.ReadU16();
    m_nHops = 0;
    if (m_flags & FLAG_INT)
    {
        m_nHops = i.ReadU8();
        i.ReadU8();
        NS_ABORT_MSG_IF(m_nHops > MAX_INT_HOPS, "RoceHeader: " << uint32_t(m_nHops) << " INT hops");
        for (auto& h : m_hops)
        {
            h.timeNs = i.ReadNtohU32();
            h.txBytes = i.ReadNtohU32();
            h.qlen = i.ReadNtohU32();
            h.rateMbps = i.ReadNtohU32();
        }
    }
    return GetSerializedSize();
}

void
RoceHeader::Print(std::ostream& os) const
{
    static const char* names[] = {"DATA", "ACK", "NACK", "CNP"};
    os << names[m_opcode] << " qp=" << m_qp << " psn=" << m_psn;
    if (m_flags & FLAG_INT)
    {
        os << " int=" << uint32_t(m_nHops);
    }
}

void
RoceHeader::SetOpcode(Opcode opcode)
{
    m_opcode = opcode;
}

RoceHeader::Opcode
RoceHeader::GetOpcode() const
{
    return m_opcode;
}

void
RoceHeader::SetQueuePair(uint32_t qp)
{
    m_qp = qp;
}

uint32_t
RoceHeader::GetQueuePair() const
{
    return m_qp;
}

void
RoceHeader::SetPsn(uint32_t psn)
{
    m_psn = psn;
}

uint32_t
RoceHeader::GetPsn() const
{
    return m_psn;
}

void
RoceHeader::SetIntEnabled(bool enabled)
{
    m_flags = enabled ? (m_flags | FLAG_INT) : (m_flags & ~FLAG_INT);
    if (!enabled)
    {
        m_nHops = 0;
    }
}

void
RoceHeader::SetEcnEcho(bool echo)
{
    m_flags = echo ? (m_flags | FLAG_ECN_ECHO) : (m_flags & ~FLAG_ECN_ECHO);
}

bool
RoceHeader::GetEcnEcho() const
{
    return m_flags & FLAG_ECN_ECHO;
}

bool
RoceHeader::IsIntEnabled() const
{
    return m_flags & FLAG_INT;
}

uint32_t
RoceHeader::GetIntHops() const
{
    return m_nHops;
}

const RoceIntHop&
RoceHeader::GetIntHop(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_nHops, "RoceHeader: INT record " << i << " of " << uint32_t(m_nHops));
    return m_hops[i];
}

void
RoceHeader::PushIntHop(const RoceIntHop& hop)
{
    if ((m_flags & FLAG_INT) && m_nHops < MAX_INT_HOPS)
    {
        m_hops[m_nHops++] = hop;
    }
}

void
RoceHeader::CopyInt(const RoceHeader& other)
{
    SetIntEnabled(other.IsIntEnabled());
    m_nHops = other.m_nHops;
    m_hops = other.m_hops;
}

TypeId
PfcHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PfcHeader")
                            .SetParent<Header>()
                            .SetGroupName("Optical")
                            .AddConstructor<PfcHeader>();
    return tid;
}

TypeId
PfcHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
PfcHeader::GetSerializedSize() const
{
    return PFC_BYTES;
}

void
PfcHeader::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteHtonU16(0x0101); // 802.1Qbb's MAC control opcode
    i.WriteHtonU16(m_enable);
    for (uint16_t q : m_quanta)
    {
        i.WriteHtonU16(q);
    }
    i.WriteU8(0, PFC_BYTES - 4 - 2 * N_PRIORITIES);
}

uint32_t
PfcHeader::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    uint16_t opcode = i.ReadNtohU16();
    NS_ABORT_MSG_IF(opcode != 0x0101, "PfcHeader: opcode " << opcode << " is not 0x0101");
    m_enable = i.ReadNtohU16();
    for (auto& q : m_quanta)
    {
        q = i.ReadNtohU16();
    }
    return PFC_BYTES;
}

void
PfcHeader::Print(std::ostream& os) const
{
    os << "PFC";
    for (uint32_t p = 0; p < N_PRIORITIES; ++p)
    {
        if (IsEnabled(p))
        {
            os << " p" << p << "=" << m_quanta[p];
        }
    }
}

void
PfcHeader::SetQuanta(uint32_t priority, uint16_t quanta)
{
    NS_ABORT_MSG_IF(priority >= N_PRIORITIES, "PfcHeader: priority " << priority << " (0-7)");
    m_enable |= (1u << priority);
    m_quanta[priority] = quanta;
}

bool
PfcHeader::IsEnabled(uint32_t priority) const
{
    return priority < N_PRIORITIES && (m_enable & (1u << priority));
}

uint16_t
PfcHeader::GetQuanta(uint32_t priority) const
{
    return priority < N_PRIORITIES ? m_quanta[priority] : 0;
}

TypeId
RoceIngressTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceIngressTag")
                            .SetParent<Tag>()
                            .SetGroupName("Optical")
                            .AddConstructor<RoceIngressTag>();
    return tid;
}

TypeId
RoceIngressTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
RoceIngressTag::GetSerializedSize() const
{
    return 8;
}

void
RoceIngressTag::Serialize(TagBuffer i) const
{
    i.WriteU32(node);
    i.WriteU32(interface);
}

void
RoceIngressTag::Deserialize(TagBuffer i)
{
    node = i.ReadU32();
    interface = i.ReadU32();
}

void
RoceIngressTag::Print(std::ostream& os) const
{
    os << "node=" << node << " interface=" << interface;
}

} // namespace ns3
