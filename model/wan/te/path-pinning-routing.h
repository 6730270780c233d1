/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATH_PINNING_ROUTING_H
#define PATH_PINNING_ROUTING_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/optical-compat.h"

#include <cstdint>
#include <map>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Per-flow path pinning: IPv4 forwarding of chosen flows on chosen interfaces, for
 * installing traffic-engineering splits at packet level.
 *
 * A table of pins maps a flow key (source, destination, IP protocol, source port, destination
 * port) to an output interface (and the next hop on it). It is meant to sit in an
 * Ipv4ListRouting above the protocol that routes everything else (Ipv4GlobalRouting or
 * Ipv4StaticRouting; see PathPinningHelper::Install): a packet that matches no pin is left to
 * the lower-priority protocols.
 *
 * Lookup, most specific first, of a packet from s to d of protocol p and ports (sp, dp):
 * (s, d, p, sp, dp), (s, d, p, 0, dp), (s, d, p, sp, 0), (s, d, p, 0, 0), (s, d, 0, 0, 0).
 * Ports are read from the UDP (17) or TCP (6) header of forwarded packets (RouteInput); a
 * fragment other than the first has no ports and matches only the pins without ports.
 * RouteOutput (packets this node originates) matches only the pins without ports, because
 * ns-3's transport protocols ask for a route before adding their header (UDP passes the
 * payload, TCP a null packet): ports cannot be read there. When the source of the header
 * passed to RouteOutput is unset (0.0.0.0), each address of the node is tried as the source.
 *
 * A pin on an interface that is down, or that has no address, is not used (the packet is left
 * to the other protocols). Multicast and broadcast packets are never pinned.
 */
class PathPinningRouting : public Ipv4RoutingProtocol
{
  public:
    /// A flow, or a set of flows (0 in a port or the protocol: any).
    struct FlowKey
    {
        Ipv4Address source{Ipv4Address::GetAny()};      //!< Source address
        Ipv4Address destination{Ipv4Address::GetAny()}; //!< Destination address
        uint8_t protocol{0};         //!< IP protocol (17 UDP, 6 TCP; 0: any, then no ports)
        uint16_t sourcePort{0};      //!< Source port (0: any)
        uint16_t destinationPort{0}; //!< Destination port (0: any)

        /**
         * \param [in] other Another key
         * \return true if this key orders before \p other
         */
        bool operator<(const FlowKey& other) const;
    };

    /// Where a pinned flow goes.
    struct Pin
    {
        uint32_t interface = 0;                      //!< Output IPv4 interface
        Ipv4Address nextHop = Ipv4Address::GetAny(); //!< Next hop (0.0.0.0: the destination)
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    PathPinningRouting();

    /**
     * \brief A key for the flows between two addresses (any protocol, any ports).
     * \param [in] source Source address
     * \param [in] destination Destination address
     * \return the key
     */
    static FlowKey Addresses(Ipv4Address source, Ipv4Address destination);

    /**
     * \brief A key for one UDP or TCP flow (a port of 0 matches any port).
     * \param [in] source Source address
     * \param [in] destination Destination address
     * \param [in] protocol IP protocol (17 UDP, 6 TCP)
     * \param [in] sourcePort Source port (0: any)
     * \param [in] destinationPort Destination port (0: any)
     * \return the key
     */
    static FlowKey Flow(Ipv4Address source,
                        Ipv4Address destination,
                        uint8_t protocol,
                        uint16_t sourcePort,
                        uint16_t destinationPort);

    /**
     * \brief Pins flows to an interface; a pin with the same key is replaced.
     * \param [in] key The flows (source and destination set; ports only with protocol 6 or 17)
     * \param [in] interface Output IPv4 interface of this node (not the loopback 0)
     * \param [in] nextHop Next hop on it (0.0.0.0: send to the destination; fine on p2p links)
     * \param [out] error The bad key field or interface
     * \return true if pinned
     */
    bool AddPin(const FlowKey& key, uint32_t interface, Ipv4Address nextHop, std::string& error);

    /// \brief Removes every pin.
    void RemovePins();

    /// \return the number of pins
    uint32_t GetNPins() const;

    /**
     * \brief The pin a packet would use.
     * \param [in] key The packet's flow (ports 0 if unknown)
     * \param [in] withPorts Whether the key's ports are known (false: only pins without ports)
     * \param [out] pin The pin found
     * \return true if a pin matches (whether or not its interface is up)
     */
    bool Lookup(const FlowKey& key, bool withPorts, Pin& pin) const;

    /// \return packets forwarded on a pin by RouteInput
    uint64_t GetNForwarded() const;

    /// \return packets to forward that RouteInput found no usable pin for (left to the others)
    uint64_t GetNMissed() const;

    // Inherited from Ipv4RoutingProtocol
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
    /**
     * \brief A route on a pin, if its interface can carry packets now.
     * \param [in] pin The pin
     * \param [in] destination Destination of the packet
     * \param [in] source Source of the route
     * \return the route, or null if the interface is down or has no address
     */
    Ptr<Ipv4Route> MakeRoute(const Pin& pin, Ipv4Address destination, Ipv4Address source) const;

    Ptr<Ipv4> m_ipv4;              //!< This node's IPv4
    std::map<FlowKey, Pin> m_pins; //!< The pins
    uint64_t m_forwarded{0};       //!< Packets forwarded on a pin
    uint64_t m_missed{0};          //!< Packets to forward without a pin
};

} // namespace ns3

#endif /* PATH_PINNING_ROUTING_H */
