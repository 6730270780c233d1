/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_SWITCH_PATH_H
#define ROCE_SWITCH_PATH_H

#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/socket.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

class Ipv4L3Protocol;
class Ipv4ListRouting;
class Ipv4StaticRouting;
class RoceSharedBuffer;
class TrafficControlLayer;

/**
 * \ingroup optical
 * \brief The switch-side forwarding path of RoCEv2 frames.
 *
 * A switch of a RoceFabric receives its IPv4 frames here first. A RoCEv2 frame (UDP to port
 * 4791) passing through is forwarded the way IPv4 forwards it, in fewer steps: its ingress is
 * charged to the switch's RoceSharedBuffer, the node's routing protocol picks the route
 * (RouteInput with the same arguments, so ECMP hashing, RDCN routing and every other protocol
 * decide exactly as before), the TTL drops by one, and the frame goes to traffic control on
 * the route's device (the port's queue disc: PFC, ECN, INT apply as before). Every other frame
 * (PFC frames, TCP, ARP, frames for the switch itself) takes ns-3's own path unchanged.
 *
 * Where a destination's route depends on nothing else (the node routes by list routing of
 * static and global routing only, global routing without RandomEcmpRouting), the route is
 * remembered per destination: the scans of IPv4's interfaces and static routes that cost a
 * frame time in proportion to the ports happen once per destination. The memory is dropped
 * when Ipv4EcmpRouting::Invalidate() is called (OcsHelper and the realizers call it after
 * recomputing global routes; a program that changes routes during a run calls it too), when
 * the number of static or global routes changes, and a remembered route whose port is down is
 * not used.
 *
 * What a frame on this path skips is IPv4's bookkeeping: the Ipv4L3Protocol trace sources
 * Rx, Tx, UnicastForward and Drop of the switch do not see it (the devices' and queue discs'
 * traces do), and no SocketPriorityTag is added (RoCE ports classify by DSCP). Ports that
 * need ARP keep ns-3's path. RoceFabric's attribute FastPath (default false: the traces
 * users connect to a switch's IPv4 keep working) installs it.
 */
class RoceSwitchPath : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RoceSwitchPath();
    ~RoceSwitchPath() override;

    /**
     * \brief Takes the IPv4 frames of a switch's ports (call once, before the simulation).
     * \param [in] node The switch: IPv4 and traffic control installed, no IPv6 interface
     * \param [in] buffer Its shared buffer (ingress accounting), or null
     * \return false (and nothing changed) if the node cannot use it: no IPv4, IPv6 interfaces
     */
    bool Install(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer);

    /// \return RoCEv2 frames forwarded on this path
    uint64_t GetForwarded() const;
    /// \return of these, frames forwarded by a remembered route
    uint64_t GetRemembered() const;
    /// \return RoCEv2 frames this path dropped (no route, TTL run out)
    uint64_t GetDropped() const;

    /// \return whether a frame that starts with IPv4 header bytes \p b (24 bytes) is RoCEv2
    /// \param [in] b The first bytes: IPv4 header without options, then the UDP ports
    static bool IsRoce(const uint8_t* b);

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief A frame from a port (Node protocol handler).
     * \param [in] device The port
     * \param [in] packet The frame, from its IPv4 header
     * \param [in] protocol 0x0800
     * \param [in] from Sender
     * \param [in] to Receiver
     * \param [in] type Packet type
     */
    void Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> packet,
                 uint16_t protocol,
                 const Address& from,
                 const Address& to,
                 NetDevice::PacketType type);
    /**
     * \brief The routing protocol chose a route.
     * \param [in] route The route \param [in] packet The frame without IPv4 header
     * \param [in] header Its IPv4 header
     */
    void Forward(Ptr<Ipv4Route> route, Ptr<const Packet> packet, const Ipv4Header& header);
    /// \brief The routing protocol refused a frame (an error callback).
    /// \param [in] packet The frame \param [in] header Its header \param [in] error Why
    void Refused(Ptr<const Packet> packet, const Ipv4Header& header, Socket::SocketErrno error);
    /// \brief The routing protocol delivers a frame locally or to a group: it should not.
    /// \param [in] packet The frame \param [in] header Its header \param [in] iif Interface
    void Local(Ptr<const Packet> packet, const Ipv4Header& header, uint32_t iif);
    /// \brief As Local, for multicast. \param [in] route Route \param [in] packet The frame
    /// \param [in] header Its header
    void Group(Ptr<Ipv4MulticastRoute> route, Ptr<const Packet> packet, const Ipv4Header& header);

    /**
     * \brief Whether routes may be remembered now (the routing is static and global only,
     * the routes unchanged since they were remembered); drops the memory if not.
     * \return true if a remembered route may be used
     */
    bool CanRemember();

    Ptr<Node> m_node;                                    //!< The switch
    Ptr<Ipv4L3Protocol> m_ipv4;                          //!< Its IPv4
    Ptr<TrafficControlLayer> m_tc;                       //!< Its traffic control
    Ptr<RoceSharedBuffer> m_buffer;                      //!< Its buffer (may be null)
    std::vector<int32_t> m_interfaceOf;                  //!< IPv4 interface by device index
    std::vector<Ipv4Address> m_own;                      //!< The switch's own addresses
    Ipv4RoutingProtocol::UnicastForwardCallback m_ucb;   //!< Forward
    Ipv4RoutingProtocol::MulticastForwardCallback m_mcb; //!< Group
    Ipv4RoutingProtocol::LocalDeliverCallback m_lcb;     //!< Local
    Ipv4RoutingProtocol::ErrorCallback m_ecb;            //!< Refused
    Ptr<Ipv4StaticRouting> m_static;                     //!< Static routing (list member)
    Ptr<Ipv4GlobalRouting> m_global;                     //!< Global routing (list member)
    Ptr<Ipv4RoutingProtocol> m_routing;                  //!< The node's routing, as last seen
    Ptr<Ipv4ListRouting> m_list;                         //!< It as list routing (or null)
    uint32_t m_nProtocols{UINT32_MAX};                   //!< List size the two were found in
    bool m_deterministic{false};                         //!< Routes depend on the destination only
    uint64_t m_epoch{0};                                 //!< Ipv4EcmpRouting epoch remembered at
    uint32_t m_staticRoutes{0};                          //!< Static routes remembered at
    uint32_t m_globalRoutes{0};                          //!< Global routes remembered at
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_routes; //!< Remembered, by destination
    Ptr<Ipv4Route> m_chosen;                               //!< Route of the frame being routed
    uint64_t m_remembered{0};                              //!< Frames on remembered routes
    uint64_t m_forwarded{0};                               //!< Forwarded frames
    uint64_t m_dropped{0};                                 //!< Dropped frames
};

} // namespace ns3

#endif // ROCE_SWITCH_PATH_H
