/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_FAST_PATH_H
#define ROCE_FAST_PATH_H

#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

class Ipv4;
class Ipv4L3Protocol;
class Ipv4ListRouting;
class Ipv4StaticRouting;
class RoceSharedBuffer;
class TrafficControlLayer;

/**
 * \ingroup optical
 * \brief The fast path of RoCEv2 frames through a node: forwarding on switches, delivery to
 * the RdmaNic on hosts.
 *
 * A node of a RoceFabric (with its attribute FastPath) receives its IPv4 frames here first.
 * A RoCEv2 frame (UDP to port 4791) passing through is forwarded the way IPv4 forwards it, in
 * fewer steps: its ingress is charged to the switch's RoceSharedBuffer, the node's routing
 * protocol picks the route (RouteInput with the same arguments, so ECMP hashing, RDCN routing
 * and every other protocol decide exactly as before), the TTL drops by one, and the frame goes
 * to traffic control on the route's device (the port's queue disc: PFC, ECN, INT apply as
 * before). On a host whose NIC set a local receiver (SetLocalReceiver), a RoCEv2 frame for one
 * of the host's addresses goes to that receiver with its IPv4 header, instead of through
 * IPv4's local delivery, UDP and a socket. Every other frame (PFC frames, TCP, ARP, fragments,
 * frames for a switch itself) takes ns-3's own path unchanged.
 *
 * Where a destination's route depends on nothing else (the node routes by list routing of
 * static and global routing only, global routing without RandomEcmpRouting), the route is
 * remembered per destination, for frames passing through and for the NIC's own (RouteOutput):
 * the scans of IPv4's interfaces and static routes that cost a frame time in proportion to
 * the ports happen once per destination. The memory is dropped when
 * Ipv4EcmpRouting::Invalidate() is called (OcsHelper and the realizers call it after
 * recomputing global routes; a program that changes routes during a run calls it too), when
 * the number of static or global routes changes, and a remembered route whose port is down is
 * not used.
 *
 * What a frame on this path skips is IPv4's bookkeeping: the Ipv4L3Protocol trace sources
 * Rx, Tx, UnicastForward, LocalDeliver and Drop of the node do not see it (the devices' and
 * queue discs' traces do; this path's own Rx trace fires for every frame it takes, with the
 * arguments IPv4's Rx would have had, and ConnectRx connects a sink to both), raw IPv4
 * sockets do not receive it, and no SocketPriorityTag is added (RoCE ports classify by DSCP).
 * Ports that need ARP, and nodes with IPv4 checksums on (Node::ChecksumEnabled) for delivery,
 * keep ns-3's path. RoceFabric's attribute FastPath (default false: the traces users connect
 * to a node's IPv4 keep working) installs it.
 */
class RoceFastPath : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RoceFastPath();
    ~RoceFastPath() override;

    /// A receiver of RoCEv2 frames for the node: the frame from its UDP header, its IPv4
    /// header, the IPv4 interface it came in on.
    using LocalReceiver = Callback<void, Ptr<Packet>, const Ipv4Header&, uint32_t>;
    /// The signature of IPv4's Rx trace (frame from its IPv4 header, IPv4, interface).
    using RxCallback = Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>;

    /**
     * \brief Takes the IPv4 frames of a node's ports (call once, before the simulation).
     * \param [in] node The switch or host: IPv4 and traffic control installed, no IPv6
     * interface
     * \param [in] buffer Its shared buffer (ingress accounting), or null
     * \return false (and nothing changed) if the node cannot use it: no IPv4, IPv6 interfaces
     */
    bool Install(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer);
    /// \return whether Install took the node's frames
    bool IsInstalled() const;

    /**
     * \brief RoCEv2 frames for the node's own addresses go to \p receiver (the host's NIC)
     * instead of IPv4's local delivery.
     * \param [in] receiver The receiver
     */
    void SetLocalReceiver(LocalReceiver receiver);

    /**
     * \brief The route of a frame the node sends (what its routing's RouteOutput returns, from
     * memory where routes depend on the destination only).
     * \param [in] packet The frame (without IPv4 header)
     * \param [in] header Its IPv4 header (destination and protocol set)
     * \param [out] error Why there is none
     * \return the route, or null
     */
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> packet,
                               const Ipv4Header& header,
                               Socket::SocketErrno& error);

    /**
     * \brief Connects \p sink to the frames a node's IPv4 receives, on either path: IPv4's
     * own Rx trace, and the Rx trace of the node's fast path, even if the fast path is
     * installed after this call (it is aggregated to the node here, inactive until installed).
     * Counters of delivered traffic use this instead of IPv4's Rx alone.
     * \param [in] node The node (IPv4 installed)
     * \param [in] sink The sink
     */
    static void ConnectRx(Ptr<Node> node, RxCallback sink);

    /// \return RoCEv2 frames forwarded on this path
    uint64_t GetForwarded() const;
    /// \return of these, frames forwarded by a remembered route
    uint64_t GetRemembered() const;
    /// \return RoCEv2 frames delivered to the local receiver
    uint64_t GetDelivered() const;
    /// \return RoCEv2 frames this path dropped (no route, TTL run out)
    uint64_t GetDropped() const;

    /// \return whether a frame that starts with IPv4 header bytes \p b (24 bytes) is RoCEv2
    /// \param [in] b The first bytes: IPv4 header without options, then the UDP ports
    static bool IsRoce(const uint8_t* b);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

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

    /// \return the broadcast address of \p device (remembered per interface)
    /// \param [in] device A port \param [in] interface Its IPv4 interface
    const Address& BroadcastOf(Ptr<NetDevice> device, uint32_t interface);
    /// \return the IPv4 interface of \p device (-1 if none) \param [in] device A port
    int32_t InterfaceOf(Ptr<NetDevice> device) const;

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
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_sent;   //!< Output routes remembered
    LocalReceiver m_receiver;                              //!< The host's NIC (or null)
    std::vector<Address> m_broadcast; //!< Broadcast address per interface (remembered)
    bool m_checksum{false};           //!< Node::ChecksumEnabled, read at Install and start
    TracedCallback<Ptr<const Packet>, Ptr<Ipv4>, uint32_t> m_rxTrace; //!< Frames taken
    Ptr<Ipv4Route> m_chosen;  //!< Route of the frame being routed
    uint64_t m_remembered{0}; //!< Frames on remembered routes
    uint64_t m_forwarded{0};  //!< Forwarded frames
    uint64_t m_dropped{0};    //!< Dropped frames
    uint64_t m_delivered{0};  //!< Frames to the receiver
};

} // namespace ns3

#endif // ROCE_FAST_PATH_H
