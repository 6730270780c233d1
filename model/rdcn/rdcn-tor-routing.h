/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_TOR_ROUTING_H
#define RDCN_TOR_ROUTING_H

#include "rdcn-router.h"
#include "rdcn-schedule.h"

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-flow-key.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/net-device.h"
#include "ns3/optical-compat.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

class RdcnCalendarQueueDisc;

/**
 * \ingroup optical
 * \brief The addresses of a time-slotted network: one /30 per host link, in ToR-major order.
 *
 * Host h of ToR t (H hosts per ToR) has link number n = t H + h; the link's network is
 * base + 4n (/30), the ToR's side of the link is base + 4n + 1 and the host base + 4n + 2. A
 * host address therefore names its ToR: t = ((a - base) / 4) / H. The default base 10.0.0.0
 * leaves room for 2^22 hosts.
 */
struct RdcnAddressPlan
{
    Ipv4Address base{"10.0.0.0"}; //!< First address (a multiple of 4)
    uint32_t tors{0};             //!< ToRs
    uint32_t hostsPerTor{0};      //!< Hosts per ToR

    /// \return the number of hosts the plan can hold from its base to 255.255.255.255
    uint64_t GetCapacity() const;
    /// \return the address of host \p h of ToR \p tor
    Ipv4Address GetHostAddress(uint32_t tor, uint32_t h) const;
    /// \return the ToR's address on the link of its host \p h (the host's gateway)
    Ipv4Address GetTorAddress(uint32_t tor, uint32_t h) const;
    /// \return the network mask of a host link (/30)
    static Ipv4Mask GetLinkMask();

    /**
     * \brief Finds the host of an address.
     * \param address an address
     * \param tor set to its ToR
     * \param h set to its host index
     * \return true when \p address is a host address of the plan
     */
    bool Locate(Ipv4Address address, uint32_t& tor, uint32_t& h) const;
};

/**
 * \ingroup optical
 * \brief IPv4 forwarding at a ToR of a time-slotted network: to its hosts, or over time on its
 * uplinks' circuits (RdcnRouter), through the calendar queues.
 *
 * Hosts hang off the ToR on point-to-point links and run the ordinary Internet stack with a
 * default route to it. A packet for a host of this ToR goes to that host's link. Any other
 * packet is routed over time: its destination ToR comes from the address plan; the slot from
 * which it may leave is the current slot for a packet from a host and the next one for a
 * packet from an uplink (a hop takes the rest of its slot); RdcnRouter::NextHop picks uplink
 * and slot (flow hash: the 5-tuple, so that ksp keeps a flow on one path), with the routing
 * state (VLB intermediate, hops, source route) read from the packet's RdcnTag and
 * RdcnRouteTag; the ToR rewrites the tag (slice = the schedule's slice of the hop's slot) and
 * hands the packet to that uplink, whose RdcnCalendarQueueDisc holds it until then.
 *
 * Drops (counted per reason): NO_ROUTE_DROP (destination not in the plan, or no route within two
 * cycles), TTL_DROP (IP TTL would reach 0 here; checked by the ToR so that the drop is
 * counted with its reason), HOP_LIMIT_DROP (more circuit hops than RdcnTag::MAX_HOPS).
 *
 * Spreading (attribute SpreadAttempts): when the calendar queue the router's hop goes to is
 * already booked beyond that hop's slot (RdcnCalendarQueueDisc::HasRoom), the ToR asks the
 * router again from the slot after it, up to SpreadAttempts times, and takes the first hop
 * whose queue has room; it stops when an answer leads to a queue already tried (with one
 * circuit per pair and cycle, as in a round robin, the next answer is the same queue a cycle
 * later, so nothing changes). VLB keeps the intermediate it chose; ksp never spreads (a flow
 * keeps its path). Without room anywhere the first hop is taken: the packet waits for its
 * slice's later turns, or is dropped when that queue is full.
 *
 * When the schedule installs a new cycle (traffic-aware schedules), the ToR routes every
 * packet its calendar queues hold again at the start of the new cycle's first slot: the slices
 * they were filed under belong to the old cycle (their circuits, even their number, change).
 *
 * The ToR originates nothing: RouteOutput always fails (no ICMP errors either).
 *
 * At the destination ToR, packets that came over an uplink are checked for reordering per flow
 * (5-tuple): a TCP segment whose sequence number is below the highest seen on the flow, or a
 * UDP datagram whose SeqTsHeader sequence number (ns-3's UdpClient; attribute UdpSequence) is,
 * counts as reordered. TCP retransmissions count as reordered too.
 */
class RdcnTorRouting : public Ipv4RoutingProtocol
{
  public:
    /// Drop reason: no route (unknown destination, or the router found none).
    static constexpr const char* NO_ROUTE_DROP = "no-route";
    /// Drop reason: the IP TTL expired at this ToR.
    static constexpr const char* TTL_DROP = "ttl";
    /// Drop reason: more circuit hops than a tag can count.
    static constexpr const char* HOP_LIMIT_DROP = "hop-limit";

    /// Counters of one ToR.
    struct Counters
    {
        uint64_t fromHosts{0};                 //!< Packets entering from hosts (to be forwarded)
        uint64_t fromHostsBytes{0};            //!< Their bytes (IP)
        uint64_t toHosts{0};                   //!< Packets handed to host links
        uint64_t toHostsBytes{0};              //!< Their bytes
        uint64_t fromUplinks{0};               //!< Packets arriving on uplinks
        uint64_t toUplinks{0};                 //!< Packets handed to uplinks (calendar queues)
        uint64_t spread{0};                    //!< Packets sent on a later hop with room
        uint64_t rerouted{0};                  //!< Queued packets routed again after a cycle change
        std::map<std::string, uint64_t> drops; //!< Packets dropped here, by reason
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnTorRouting();
    ~RdcnTorRouting() override;

    /**
     * \brief Sets up the ToR (after its Internet stack and interfaces exist).
     * \param tor this ToR's index
     * \param schedule the schedule
     * \param router the router shared by every ToR
     * \param plan the address plan
     * \param hosts the ToR's devices towards its hosts, host h at index h
     * \param uplinks the ToR's uplink devices, uplink u at index u
     */
    void Setup(uint32_t tor,
               Ptr<RdcnSchedule> schedule,
               Ptr<RdcnRouter> router,
               const RdcnAddressPlan& plan,
               const std::vector<Ptr<NetDevice>>& hosts,
               const std::vector<Ptr<NetDevice>>& uplinks);

    /// \return this ToR's index
    uint32_t GetTor() const;
    /// \return the counters
    const Counters& GetCounters() const;

    /**
     * \brief Bytes (IP) that entered from this ToR's hosts per destination ToR since the last
     * call, and resets them (for traffic-aware schedules).
     * \return entry d: bytes towards ToR d
     */
    std::vector<uint64_t> GetDemand();

    /// \return packets checked for reordering
    uint64_t GetOrderedChecked() const;
    /// \return packets found out of order
    uint64_t GetReorderedPackets() const;

    /**
     * \brief A 5-tuple flow hash.
     * \param header the IP header
     * \param p the packet without IP header
     * \return the hash (addresses and protocol only when the ports cannot be read)
     */
    static uint64_t FlowHash(const Ipv4Header& header, Ptr<const Packet> p);

    /**
     * TracedCallback signature of Drop.
     * \param [in] header the IP header
     * \param [in] packet the packet (without IP header)
     * \param [in] reason the drop reason
     */
    typedef void (*DropTracedCallback)(const Ipv4Header& header,
                                       Ptr<const Packet> packet,
                                       const std::string& reason);

    /**
     * TracedCallback signature of Forward.
     * \param [in] packet the packet (without IP header, tag written)
     * \param [in] hop the hop chosen
     */
    typedef void (*ForwardTracedCallback)(Ptr<const Packet> packet, const RdcnHop& hop);

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
    /// Highest sequence number seen on a flow.
    struct FlowOrder
    {
        uint32_t highest{0}; //!< Highest sequence number
    };

    /// \brief Counts a drop. \param header IP header \param p packet \param reason reason
    void Drop(const Ipv4Header& header, Ptr<const Packet> p, const char* reason);
    /// \brief Checks a packet reaching its destination ToR for reordering.
    void CheckOrder(const Ipv4Header& header, Ptr<const Packet> p);
    /// \return a route out of \p device towards \p header's destination
    Ptr<Ipv4Route> MakeRoute(const Ipv4Header& header, Ptr<NetDevice> device) const;
    /**
     * \brief Routes a packet over time and writes its tags.
     * \param header its IP header
     * \param q the packet (without IP header); its RdcnTag, if any, is removed
     * \param transit whether it came over an uplink
     * \param rerouting whether it is routed again from a calendar queue (its tag counts a hop
     *        not taken)
     * \param ready first slot it may leave in
     * \param dstTor its destination ToR (not this one)
     * \param hop set to the hop
     * \return empty, or the drop reason
     */
    const char* RouteOverTime(const Ipv4Header& header,
                              Ptr<Packet> q,
                              bool transit,
                              bool rerouting,
                              uint64_t ready,
                              uint32_t dstTor,
                              RdcnHop& hop);
    /// \return the calendar queue of uplink \p uplink (null if it has none)
    Ptr<RdcnCalendarQueueDisc> GetCalendarQueue(uint32_t uplink) const;
    /// \brief The schedule installed a new cycle from \p fromSlot.
    void Installed(uint64_t fromSlot);
    /// \brief Routes the calendar queues' packets again (a new cycle begins).
    void Reroute();

    Ptr<Ipv4> m_ipv4;                        //!< This node's IPv4
    Ptr<RdcnSchedule> m_schedule;            //!< Schedule
    Ptr<RdcnRouter> m_router;                //!< Router
    RdcnAddressPlan m_plan;                  //!< Address plan
    uint32_t m_tor{0};                       //!< This ToR
    std::vector<Ptr<NetDevice>> m_hosts;     //!< Host devices
    std::vector<Ptr<NetDevice>> m_uplinks;   //!< Uplink devices
    std::map<uint32_t, uint32_t> m_uplinkOf; //!< IPv4 interface -> uplink
    std::map<uint32_t, uint32_t> m_hostOf;   //!< IPv4 interface -> host
    bool m_udpSequence{true};                //!< Read SeqTsHeaders
    uint32_t m_spreadAttempts{8};            //!< Later hops tried when a queue is booked
    Counters m_counters;                     //!< Counters
    std::vector<uint64_t> m_demand;          //!< Bytes per destination ToR since last report
    std::unordered_map<Ipv4FlowKey, FlowOrder, Ipv4FlowKeyHash> m_order; //!< Per-flow order
    uint64_t m_checked{0};   //!< Packets checked for order
    uint64_t m_reordered{0}; //!< Packets out of order
    TracedCallback<const Ipv4Header&, Ptr<const Packet>, const std::string&> m_dropTrace; //!< Drop
    TracedCallback<Ptr<const Packet>, const RdcnHop&> m_forwardTrace; //!< Forward
};

} // namespace ns3

#endif /* RDCN_TOR_ROUTING_H */
