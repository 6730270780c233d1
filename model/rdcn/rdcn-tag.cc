/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-tag.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RdcnTag);
NS_OBJECT_ENSURE_REGISTERED(RdcnRouteTag);

// ------------------------------------------------------------------------------------ RdcnTag

TypeId
RdcnTag::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnTag").SetParent<Tag>().SetGroupName("Optical").AddConstructor<RdcnTag>();
    return tid;
}

TypeId
RdcnTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
RdcnTag::GetSerializedSize() const
{
    return 2 + 2 + 2 + 1 + 1 + 4 + 8;
}

void
RdcnTag::Serialize(TagBuffer i) const
{
    i.WriteU16(m_src);
    i.WriteU16(m_dst);
    i.WriteU16(m_via);
    i.WriteU8(m_hops);
    i.WriteU8(m_flags);
    i.WriteU32(m_slice);
    i.WriteU64(m_slot);
}

void
RdcnTag::Deserialize(TagBuffer i)
{
    m_src = i.ReadU16();
    m_dst = i.ReadU16();
    m_via = i.ReadU16();
    m_hops = i.ReadU8();
    m_flags = i.ReadU8();
    m_slice = i.ReadU32();
    m_slot = i.ReadU64();
}

void
RdcnTag::Print(std::ostream& os) const
{
    os << "src=" << m_src << " dst=" << m_dst << " via=" << GetVia()
       << " hops=" << static_cast<uint32_t>(m_hops) << " slice=" << m_slice << " slot=" << m_slot
       << " flags=" << static_cast<uint32_t>(m_flags);
}

void
RdcnTag::SetSource(uint32_t tor)
{
    NS_ABORT_MSG_IF(tor >= NO_VIA, "RdcnTag: ToR " << tor << " does not fit (at most 65534)");
    m_src = static_cast<uint16_t>(tor);
}

uint32_t
RdcnTag::GetSource() const
{
    return m_src;
}

void
RdcnTag::SetDestination(uint32_t tor)
{
    NS_ABORT_MSG_IF(tor >= NO_VIA, "RdcnTag: ToR " << tor << " does not fit (at most 65534)");
    m_dst = static_cast<uint16_t>(tor);
}

uint32_t
RdcnTag::GetDestination() const
{
    return m_dst;
}

void
RdcnTag::SetVia(int32_t via)
{
    NS_ABORT_MSG_IF(via >= static_cast<int32_t>(NO_VIA),
                    "RdcnTag: ToR " << via << " does not fit (at most 65534)");
    m_via = via < 0 ? NO_VIA : static_cast<uint16_t>(via);
}

int32_t
RdcnTag::GetVia() const
{
    return m_via == NO_VIA ? -1 : static_cast<int32_t>(m_via);
}

void
RdcnTag::SetHops(uint32_t hops)
{
    NS_ABORT_MSG_IF(hops > MAX_HOPS, "RdcnTag: " << hops << " hops (at most " << MAX_HOPS << ")");
    m_hops = static_cast<uint8_t>(hops);
}

uint32_t
RdcnTag::GetHops() const
{
    return m_hops;
}

void
RdcnTag::SetSlice(uint32_t slice)
{
    m_slice = slice;
}

uint32_t
RdcnTag::GetSlice() const
{
    return m_slice;
}

void
RdcnTag::SetSlot(uint64_t slot)
{
    m_slot = slot;
}

uint64_t
RdcnTag::GetSlot() const
{
    return m_slot;
}

void
RdcnTag::SetFlags(uint8_t flags)
{
    m_flags = flags;
}

uint8_t
RdcnTag::GetFlags() const
{
    return m_flags;
}

// ------------------------------------------------------------------------------- RdcnRouteTag

TypeId
RdcnRouteTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RdcnRouteTag")
                            .SetParent<Tag>()
                            .SetGroupName("Optical")
                            .AddConstructor<RdcnRouteTag>();
    return tid;
}

TypeId
RdcnRouteTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
RdcnRouteTag::GetSerializedSize() const
{
    return 2 + 13 * static_cast<uint32_t>(m_route.size());
}

void
RdcnRouteTag::Serialize(TagBuffer i) const
{
    i.WriteU16(static_cast<uint16_t>(m_route.size()));
    for (const auto& hop : m_route)
    {
        i.WriteU16(static_cast<uint16_t>(hop.tor));
        i.WriteU8(static_cast<uint8_t>(hop.uplink));
        i.WriteU64(hop.slot);
        i.WriteU16(static_cast<uint16_t>(hop.next));
    }
}

void
RdcnRouteTag::Deserialize(TagBuffer i)
{
    const uint16_t n = i.ReadU16();
    m_route.assign(n, RdcnHop{});
    for (auto& hop : m_route)
    {
        hop.tor = i.ReadU16();
        hop.uplink = i.ReadU8();
        hop.slot = i.ReadU64();
        hop.next = i.ReadU16();
    }
}

void
RdcnRouteTag::Print(std::ostream& os) const
{
    os << "route=";
    for (std::size_t k = 0; k < m_route.size(); ++k)
    {
        const RdcnHop& h = m_route[k];
        os << (k ? "," : "") << h.tor << ">" << h.next << "@u" << h.uplink << "s" << h.slot;
    }
}

void
RdcnRouteTag::SetRoute(const std::vector<RdcnHop>& route)
{
    NS_ABORT_MSG_IF(route.size() > MAX_HOPS,
                    "RdcnRouteTag: a route of " << route.size() << " hops (at most " << MAX_HOPS
                                                << ")");
    for (const auto& hop : route)
    {
        NS_ABORT_MSG_IF(hop.tor >= 0xFFFF || hop.next >= 0xFFFF || hop.uplink > 0xFF,
                        "RdcnRouteTag: hop " << hop.tor << ">" << hop.next << " on uplink "
                                             << hop.uplink << " does not fit");
    }
    m_route = route;
}

const std::vector<RdcnHop>&
RdcnRouteTag::GetRoute() const
{
    return m_route;
}

bool
RdcnRouteTag::ReadRoute(Ptr<const Packet> packet, std::vector<RdcnHop>& route)
{
    bool found = false;
    ByteTagIterator it = packet->GetByteTagIterator();
    while (it.HasNext())
    {
        ByteTagIterator::Item item = it.Next();
        if (item.GetTypeId() == GetTypeId())
        {
            RdcnRouteTag tag;
            item.GetTag(tag);
            route = tag.GetRoute();
            found = true;
        }
    }
    return found;
}

} // namespace ns3
