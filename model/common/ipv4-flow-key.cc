/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-flow-key.h"

#include "ns3/hash.h"
#include "ns3/tcp-header.h"
#include "ns3/udp-header.h"

#include <cstring>

namespace ns3
{

namespace
{
/// IP protocol number of TCP.
constexpr uint8_t PROTO_TCP = 6;
/// IP protocol number of UDP.
constexpr uint8_t PROTO_UDP = 17;
/// Size of a UDP header (bytes).
constexpr uint32_t UDP_HEADER_BYTES = 8;
/// Smallest TCP header (bytes).
constexpr uint32_t TCP_MIN_HEADER_BYTES = 20;
} // namespace

uint32_t
Ipv4FlowKey::TcpHeaderLength(Ptr<const Packet> p)
{
    if (!p || p->GetSize() < TCP_MIN_HEADER_BYTES)
    {
        return 0;
    }
    uint8_t front[13];
    p->CopyData(front, sizeof(front));
    const uint32_t length = (front[12] >> 4) * 4u;
    return length >= TCP_MIN_HEADER_BYTES && length <= p->GetSize() ? length : 0;
}

bool
Ipv4FlowKey::ReadPorts(Ptr<const Packet> p,
                       uint8_t protocol,
                       uint16_t& sourcePort,
                       uint16_t& destinationPort)
{
    if (!p)
    {
        return false;
    }
    if (protocol == PROTO_UDP && p->GetSize() >= UDP_HEADER_BYTES)
    {
        UdpHeader udp;
        p->PeekHeader(udp);
        sourcePort = udp.GetSourcePort();
        destinationPort = udp.GetDestinationPort();
        return true;
    }
    if (protocol == PROTO_TCP && TcpHeaderLength(p) > 0)
    {
        TcpHeader tcp;
        p->PeekHeader(tcp);
        sourcePort = tcp.GetSourcePort();
        destinationPort = tcp.GetDestinationPort();
        return true;
    }
    return false;
}

Ipv4FlowKey
Ipv4FlowKey::Of(const Ipv4Header& header, Ptr<const Packet> p)
{
    Ipv4FlowKey key;
    key.source = header.GetSource().Get();
    key.destination = header.GetDestination().Get();
    key.protocol = header.GetProtocol();
    if (header.GetFragmentOffset() == 0)
    {
        ReadPorts(p, key.protocol, key.sourcePort, key.destinationPort);
    }
    return key;
}

uint64_t
Ipv4FlowKey::Hash() const
{
    char buffer[13];
    std::memcpy(buffer, &source, 4);
    std::memcpy(buffer + 4, &destination, 4);
    std::memcpy(buffer + 8, &protocol, 1);
    std::memcpy(buffer + 9, &sourcePort, 2);
    std::memcpy(buffer + 11, &destinationPort, 2);
    return Hash64(buffer, sizeof(buffer));
}

bool
Ipv4FlowKey::operator==(const Ipv4FlowKey& o) const
{
    return source == o.source && destination == o.destination && protocol == o.protocol &&
           sourcePort == o.sourcePort && destinationPort == o.destinationPort;
}

std::size_t
Ipv4FlowKeyHash::operator()(const Ipv4FlowKey& k) const
{
    return static_cast<std::size_t>(k.Hash());
}

} // namespace ns3
