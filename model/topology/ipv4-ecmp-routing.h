/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef IPV4_ECMP_ROUTING_H
#define IPV4_ECMP_ROUTING_H

#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/node-container.h"
#include "ns3/optical-compat.h"

// ns-3.44 made global routing a template for IPv4 and IPv6 (global-routing.h, with the
// Ipv4GlobalRouting typedef); 3.37 has ipv4-global-routing.h.
#if __has_include("ns3/global-routing.h")
#include "ns3/global-routing.h"
#else
#include "ns3/ipv4-global-routing.h"
#endif

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Equal-cost multipath over ns-3's global routes, by flow hash or per packet.
 *
 * ns-3's Ipv4GlobalRouting keeps every equal-cost next hop of a destination but forwards on
 * the first (or, with RandomEcmpRouting, on a random one per packet). This protocol sits in a
 * node's Ipv4ListRouting above global routing (Install()) and forwards what global routing
 * would, choosing among the equal-cost entries of the destination (host routes, else the
 * network routes of the longest mask, else the default routes):
 * - FLOW_HASH (default): by a hash of the packet's 5-tuple (Ipv4FlowKey) salted with the node
 *   id (so that the switches of two tiers do not choose alike): every packet of a flow, a TCP
 *   connection or an RDMA queue pair, takes one path; flows spread;
 * - PACKET_SPRAY: each packet to the next entry in turn (round robin, per destination).
 * Entries whose interface is down are skipped. Only forwarding is decided here: locally
 * delivered packets and a node's own packets (RouteOutput) are left to the other protocols.
 *
 * The candidates of a destination are cached; the cache is dropped when an interface of the
 * node changes and when Invalidate() is called (OcsHelper's route updates call it after
 * Ipv4GlobalRoutingHelper::RecomputeRoutingTables; a program that recomputes global routes
 * during a run itself calls Invalidate() after).
 */
class Ipv4EcmpRouting : public Ipv4RoutingProtocol
{
  public:
    /// How a path is chosen among equal-cost entries.
    enum Mode
    {
        FLOW_HASH,    //!< By the 5-tuple's hash: a flow keeps one path
        PACKET_SPRAY, //!< Each packet to the next path in turn
    };

    /// \return the TypeId
    static TypeId GetTypeId();

    Ipv4EcmpRouting();
    ~Ipv4EcmpRouting() override;

    /**
     * \brief Adds one to each node's Ipv4ListRouting (ns-3's InternetStackHelper installs one),
     * at priority \p priority (above global routing's -10, below static routing's 0).
     * \param [in] nodes The nodes (Internet stack installed)
     * \param [in] mode How paths are chosen
     * \param [in] priority Priority in the list
     * \return the protocols, in node order
     */
    static std::vector<Ptr<Ipv4EcmpRouting>> Install(NodeContainer nodes,
                                                     Mode mode = FLOW_HASH,
                                                     int16_t priority = -5);

    /// \brief Drops the cached candidates of every instance (after global routes changed), and
    /// the routes RoceFastPath remembers.
    static void Invalidate();

    /// \return how many times Invalidate() was called (caches of routes compare it)
    static uint64_t GetEpoch();

    /// \return packets forwarded by this protocol
    uint64_t GetForwarded() const;

    // Ipv4RoutingProtocol
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    optical::compat::RouteInputArgs::Arg<3> ucb,
                    optical::compat::RouteInputArgs::Arg<4> mcb,
                    optical::compat::RouteInputArgs::Arg<5> lcb,
                    optical::compat::RouteInputArgs::Arg<6> ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /// One equal-cost way to a destination.
    struct Hop
    {
        uint32_t interface {
            0
        };                   //!< Output interface
        Ipv4Address gateway; //!< Next hop (0.0.0.0: the destination itself)
    };

    /// The equal-cost ways of a destination.
    struct Candidates
    {
        std::vector<Hop> hops; //!< In global routing's order
        uint32_t next{0};      //!< PACKET_SPRAY: the next in turn
    };

    /// \return the node's global routing (null if none)
    Ptr<Ipv4GlobalRouting> GetGlobal() const;
    /// \param [in] destination A destination \return its candidates (cached)
    Candidates& Lookup(Ipv4Address destination);

    Ptr<Ipv4> m_ipv4;                                 //!< The node's IPv4
    Mode m_mode{FLOW_HASH};                           //!< Mode attribute
    uint64_t m_epoch{0};                              //!< Invalidate() count cached
    std::unordered_map<uint32_t, Candidates> m_cache; //!< By destination address
    uint64_t m_salt{0};                               //!< Mix(node id + 1)
    uint64_t m_forwarded{0};                          //!< Packets forwarded
};

} // namespace ns3

#endif /* IPV4_ECMP_ROUTING_H */
