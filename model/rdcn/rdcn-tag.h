/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_TAG_H
#define RDCN_TAG_H

#include "rdcn-router.h"

#include "ns3/packet.h"
#include "ns3/tag.h"

#include <cstdint>
#include <ostream>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a packet carries through a time-slotted network (a packet tag): the ToRs it goes
 * from and to, its VLB intermediate, the circuit hops it took, and the slice (and slot) its
 * current ToR chose to send it in.
 *
 * The source ToR writes it when a packet enters from a host; every ToR rewrites it when it
 * routes the packet on. The calendar queue (RdcnCalendarQueueDisc) files the packet under
 * GetSlice(). Serialized it takes 20 bytes: src, dst and via (2 bytes each; via 0xFFFF = none),
 * hops and flags (1 byte each), slice (4), slot (8). On a real network these fields would sit
 * in a small shim header; here they are a tag, so they add no bytes on the wire.
 */
class RdcnTag : public Tag
{
  public:
    /// Flag: the packet carries a source route (an RdcnRouteTag).
    static constexpr uint8_t FLAG_SOURCE_ROUTE = 0x01;
    /// Flag: the packet came to its current ToR over an uplink (it is in transit there).
    static constexpr uint8_t FLAG_TRANSIT = 0x02;
    /// Serialized value of via meaning "no VLB intermediate".
    static constexpr uint16_t NO_VIA = 0xFFFF;
    /// Most hops the tag can count.
    static constexpr uint32_t MAX_HOPS = 255;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    /// \brief Sets the source ToR. \param tor the ToR (< 65535)
    void SetSource(uint32_t tor);
    /// \return the source ToR
    uint32_t GetSource() const;
    /// \brief Sets the destination ToR. \param tor the ToR (< 65535)
    void SetDestination(uint32_t tor);
    /// \return the destination ToR
    uint32_t GetDestination() const;
    /// \brief Sets the VLB intermediate. \param via the ToR, or -1 for none
    void SetVia(int32_t via);
    /// \return the VLB intermediate, or -1
    int32_t GetVia() const;
    /// \brief Sets the circuit hops taken so far. \param hops at most MAX_HOPS
    void SetHops(uint32_t hops);
    /// \return the circuit hops taken so far
    uint32_t GetHops() const;
    /// \brief Sets the slice (index in the cycle) to send in. \param slice the slice
    void SetSlice(uint32_t slice);
    /// \return the slice to send in
    uint32_t GetSlice() const;
    /// \brief Sets the absolute slot the router chose. \param slot the slot
    void SetSlot(uint64_t slot);
    /// \return the absolute slot the router chose
    uint64_t GetSlot() const;
    /// \brief Sets the flags. \param flags FLAG_* bits
    void SetFlags(uint8_t flags);
    /// \return the flags
    uint8_t GetFlags() const;

  private:
    uint16_t m_src{0};      //!< Source ToR
    uint16_t m_dst{0};      //!< Destination ToR
    uint16_t m_via{NO_VIA}; //!< VLB intermediate
    uint8_t m_hops{0};      //!< Hops taken
    uint8_t m_flags{0};     //!< Flags
    uint32_t m_slice{0};    //!< Slice to send in
    uint64_t m_slot{0};     //!< Slot chosen by the router
};

/**
 * \ingroup optical
 * \brief The source route of a packet (source routing, RdcnRouter::SOURCE), as a byte tag.
 *
 * On a real network the route would be a source-route header that the source ToR pushes and
 * later ToRs read; here it is a byte tag, so its bytes (13 per hop: ToR 2, uplink 1, slot 8,
 * next ToR 2, after a 2-byte count) are not added on the wire. The source ToR adds it once; the
 * route does not change on the way (RdcnRouteState::hops, in the RdcnTag, says how far along
 * it the packet is). ReadRoute() takes the last one added, so a ToR that computes a new route
 * for a packet may add another.
 */
class RdcnRouteTag : public Tag
{
  public:
    /// Most hops a route may have.
    static constexpr uint32_t MAX_HOPS = 255;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    /// \brief Sets the route. \param route at most MAX_HOPS hops, ToRs below 65535, uplinks below
    /// 256
    void SetRoute(const std::vector<RdcnHop>& route);
    /// \return the route
    const std::vector<RdcnHop>& GetRoute() const;

    /**
     * \brief Reads the last route tag added to a packet.
     * \param packet the packet
     * \param route set to the route when one is found
     * \return true when the packet carries a route tag
     */
    static bool ReadRoute(Ptr<const Packet> packet, std::vector<RdcnHop>& route);

  private:
    std::vector<RdcnHop> m_route; //!< The hops
};

} // namespace ns3

#endif /* RDCN_TAG_H */
