/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IPV4_FLOW_KEY_H
#define IPV4_FLOW_KEY_H

#include "ns3/ipv4-header.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstddef>
#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The 5-tuple of an IPv4 packet, read where routing sees it (IP header apart, the
 * transport header at the front of the packet), and its hash: the one reader of ports for the
 * module's routing protocols (ECMP, an RDCN ToR, path pinning).
 */
struct Ipv4FlowKey
{
    uint32_t source{0};          //!< Source address
    uint32_t destination{0};     //!< Destination address
    uint8_t protocol{0};         //!< IP protocol
    uint16_t sourcePort{0};      //!< Source port (0 when not read)
    uint16_t destinationPort{0}; //!< Destination port (0 when not read)

    /**
     * \brief The key of a packet: addresses and protocol from \p header, ports from the front
     * of \p p when it is the first fragment and carries a whole UDP or TCP header.
     * \param [in] header The IP header
     * \param [in] p The packet without its IP header (may be null: no ports)
     * \return the key
     */
    static Ipv4FlowKey Of(const Ipv4Header& header, Ptr<const Packet> p);

    /**
     * \brief Reads the ports of a UDP or TCP packet whose IP header has been removed.
     * \param [in] p The packet (may be null)
     * \param [in] protocol Its IP protocol (17 UDP, 6 TCP)
     * \param [out] sourcePort Source port
     * \param [out] destinationPort Destination port
     * \return true if a whole transport header is at its front (a TCP header's own length, its
     * data offset, at least 20 bytes and within the packet)
     */
    static bool ReadPorts(Ptr<const Packet> p,
                          uint8_t protocol,
                          uint16_t& sourcePort,
                          uint16_t& destinationPort);

    /**
     * \param [in] p A TCP packet without its IP header
     * \return the length of the TCP header at its front (its data offset), or 0 when no whole
     * header is there
     */
    static uint32_t TcpHeaderLength(Ptr<const Packet> p);

    /// \return a 64-bit hash of the five fields (ns-3's Hash64, murmur3, of their 13 bytes)
    uint64_t Hash() const;

    /// \param [in] o Another key \return true when the five fields are equal
    bool operator==(const Ipv4FlowKey& o) const;
};

/// Hash of an Ipv4FlowKey, for unordered containers.
struct Ipv4FlowKeyHash
{
    /// \param [in] k A key \return its hash
    std::size_t operator()(const Ipv4FlowKey& k) const;
};

} // namespace ns3

#endif /* IPV4_FLOW_KEY_H */
