/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PACKET_TOPOLOGY_REALIZER_H
#define PACKET_TOPOLOGY_REALIZER_H

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/ocs-helper.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/topology-description.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Makes a TopologyDescription at packet level: ns-3 nodes, point-to-point links with
 * the described rate, delay, MTU and queues, Internet stacks, a /30 subnet per link, global
 * routes, and OCSes through OcsHelper whose ports are addressed and routed over.
 *
 * The order is fixed, so that a description always gives the same node ids, interface numbers
 * and addresses:
 * 1. the nodes that are not hosts nor OCSes (switches) are created in index order (hosts are
 *    the caller's, given in rank order);
 * 2. Internet stacks on the hosts, then on the switches, in index order;
 * 3. links in index order: the devices (first of the pair at \c a), a RED queue disc at \c b
 *    if the link marks ECN, then the link's /30, the next of the address block (\c a gets the
 *    first address);
 * 4. global routing tables, if there are links (with OCS ports addressed: after step 8);
 * 5. OCSes in index order: a node, then OcsHelper's devices on the nodes of its ports, in
 *    port order (the ports of an OCS must be 0, 1, ... and share rate, delay and MTU);
 * 6. the ports of the adopted OCSes (AdoptOcs()), in the description's attachment order: a
 *    device on the port's node, by OcsHelper::Attach;
 * 7. the fibres between OCS ports, in index order (OcsHelper::Join);
 * 8. OCS ports addressed (OcsAddressing::PER_PORT, the default): in attachment order, each
 *    port's device becomes an IPv4 interface of its node with a /30 of its own, the next of
 *    the block after the links' (the node has the first address). Never one subnet for
 *    several ports: a lit circuit then looks like a point-to-point link to global routing,
 *    and no packet is sent into a circuit toward a node that is not its next hop. Every OCS
 *    then follows its circuits (OcsHelper::EnableIpv4RoutingUpdates: an interface is up while
 *    its port is lit, global routes are recomputed when circuits go dark and when they are
 *    lit), and the routes are recomputed once more at the first instant of the run, when the
 *    initial circuits the caller set are in place. If every circuit of an OCS is dark then,
 *    the run says so on stderr: traffic through it waits for the first reconfiguration.
 *
 * With OcsAddressing::NONE, OCS devices get no IPv4 interface: the caller addresses and routes
 * them (photonic rails, whose circuits are one-way; the torus datacenter; RDCN ToRs).
 *
 * Hooks: SetRoutingHelper() gives the nodes of a role their routing protocol (default: ns-3's
 * static and global routing); SetDeviceHook() is called for every link end and OCS port
 * device before addresses are assigned (a queue disc per role, a device per port).
 *
 * An adopted OCS is a switch that already exists (a TorusFabric's server fabrics): no node is
 * made for it, its ports need not be 0, 1, ... nor share a rate, and its ports and fibres keep
 * the channel attributes of the OcsHelper (SetOcsHelper()) as they are; every other OCS port
 * and fibre gets the Length that gives its described delay.
 */
class PacketTopologyRealizer
{
  public:
    /// What a realization made.
    struct Result
    {
        NodeContainer nodes; //!< Node of each description node, by index (null: adopted OCS)
        std::vector<NetDeviceContainer> links;      //!< Devices of each link (a's first)
        std::vector<Ptr<Node>> ocsNodes;            //!< Node of each OCS, in index order
        std::vector<NetDeviceContainer> ocsDevices; //!< Devices of each OCS, by port
                                                    //!< (adopted: attachment order)
        std::vector<Ptr<OpticalCircuitSwitch>> ocs; //!< Each OCS, in index order
        /// Device of each OCS port, in the description's attachment order
        std::vector<Ptr<OcsNetDevice>> portDevices;
    };

    /// How the ports of the OCSes the realizer makes (or adopts) are addressed.
    enum class OcsAddressing
    {
        PER_PORT, //!< An IPv4 interface and a /30 of its own per port, routes follow circuits
        NONE,     //!< No IPv4 interface: the caller's business
    };

    /// Where a device of the network sits, for SetDeviceHook().
    struct DevicePlace
    {
        uint32_t node;                  //!< Description node it is on
        TopologyDescription::Role role; //!< That node's role
        bool isOcsPort;                 //!< An OCS port's device (else a link end)
        uint32_t index;                 //!< Link index, or OCS attachment index
    };

    /// Called for every link end and OCS port device, before its addresses are assigned.
    using DeviceHook = std::function<void(Ptr<NetDevice> device, const DevicePlace& place)>;

    /**
     * \brief Creates the realizer.
     * \param [in] network First address of the block the links' /30 subnets are taken from
     * \param [in] mask Mask of the block (its size bounds the number of links)
     */
    PacketTopologyRealizer(Ipv4Address network = Ipv4Address("10.0.0.0"),
                           Ipv4Mask mask = Ipv4Mask("255.0.0.0"));

    /**
     * \brief Sets the factory of the links, for what a description does not hold (device or
     * channel attributes other than DataRate, Mtu and Delay, which each link sets).
     * \param [in] p2p The factory
     */
    void SetPointToPointHelper(const PointToPointHelper& p2p);

    /**
     * \brief Sets an attribute of the OCSes (e.g. ReconfigurationDelay).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetOcsAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets the factory of the OCSes' devices and fibres (default: a plain OcsHelper);
     * DataRate and Mtu of each device are the description's.
     * \param [in] ocs The factory
     */
    void SetOcsHelper(const OcsHelper& ocs);

    /**
     * \brief Sets how OCS ports are addressed (default PER_PORT).
     * \param [in] addressing The scheme
     */
    void SetOcsAddressing(OcsAddressing addressing);

    /**
     * \brief Sets when the addressed OCS ports' interfaces and the global routes follow the
     * circuits (default OcsHelper::RouteUpdates::FOLLOW_LIGHT).
     * \param [in] when When
     */
    void SetOcsRouteUpdates(OcsHelper::RouteUpdates when);

    /**
     * \brief Gives the nodes of one role a routing protocol (e.g. Ipv4StaticRoutingHelper for
     * hosts behind a default route, a protocol of the fabric's own for ToRs). Default: the
     * Internet stack's (static and global routing).
     * \param [in] role HOST or SWITCH
     * \param [in] routing The routing helper (copied)
     */
    void SetRoutingHelper(TopologyDescription::Role role, const Ipv4RoutingHelper& routing);

    /**
     * \brief Gives the nodes of one role their Internet stack helper (its routing, whether it
     * installs IPv6, ...). Default: ns-3's InternetStackHelper.
     * \param [in] role HOST or SWITCH
     * \param [in] stack The helper (copied)
     */
    void SetInternetStackHelper(TopologyDescription::Role role, const InternetStackHelper& stack);

    /**
     * \brief Sets a hook called for every link end and OCS port device before its addresses
     * (e.g. to install a queue disc on the devices of one role).
     * \param [in] hook The hook
     */
    void SetDeviceHook(DeviceHook hook);

    /**
     * \brief Uses an existing switch for an OCS of the description, instead of making one.
     * \param [in] node The OCS's node index in the description
     * \param [in] ocs The switch (its PortCount must be the description's)
     */
    void AdoptOcs(uint32_t node, Ptr<OpticalCircuitSwitch> ocs);

    /**
     * \brief Makes the network (a fatal error names what is wrong with the description).
     * \param [in] description The network
     * \param [in] hosts The hosts, in rank order (as many as the description has), created by
     * the caller
     * \param [in] who Name of the caller, for messages
     * \return what was made
     */
    Result Realize(const TopologyDescription& description,
                   NodeContainer hosts,
                   const std::string& who = "PacketTopologyRealizer");

  private:
    /**
     * \brief Checks that a description can be made on \p hosts (a fatal error names what is
     * wrong: an invalid description, another number of hosts, more /30 subnets than the block
     * holds).
     * \param [in] description The network
     * \param [in] hosts The hosts
     * \param [in] who Name of the caller, for messages
     * \return true if the OCS ports are addressed (OcsAddressing::PER_PORT and some ports)
     */
    bool CheckRealizable(const TopologyDescription& description,
                         const NodeContainer& hosts,
                         const std::string& who) const;

    /**
     * \brief Step 1: the node of each description node, the caller's hosts by rank and a new
     * node per switch, in index order (OCSes are made in step 5).
     * \param [in] description The network
     * \param [in] hosts The hosts, in rank order
     * \param [out] switches The switches' nodes, in index order
     * \return the node of each description node (null for the OCSes)
     */
    std::vector<Ptr<Node>> MakeNodes(const TopologyDescription& description,
                                     const NodeContainer& hosts,
                                     NodeContainer& switches) const;

    /**
     * \brief Step 2: Internet stacks on the hosts, then on the switches (each role's helper,
     * if set).
     * \param [in] hosts The hosts
     * \param [in] switches The switches
     */
    void InstallStacks(const NodeContainer& hosts, const NodeContainer& switches) const;

    /**
     * \brief Step 3: the links in index order (devices, the device hook, a RED queue disc if
     * the link marks ECN), each with the next /30 of the block.
     * \param [in] description The network
     * \param [in] byIndex The node of each description node
     * \param [in,out] result What was made: links
     * \return the first /30 after the links'
     */
    uint32_t MakeLinks(const TopologyDescription& description,
                       const std::vector<Ptr<Node>>& byIndex,
                       Result& result);

    /**
     * \brief Step 5: the OCSes in index order, the adopted ones checked and taken as they are
     * (their ports are step 6), the others made by MakeOcs().
     * \param [in] description The network
     * \param [in,out] byIndex The node of each description node: the OCSes' set
     * \param [in,out] result What was made: ocs, ocsNodes, ocsDevices, portDevices
     * \param [in] who Name of the caller, for messages
     * \return the ordinal of each OCS among the OCSes, by node index (NONE: not an OCS)
     */
    std::vector<uint32_t> MakeOcses(const TopologyDescription& description,
                                    std::vector<Ptr<Node>>& byIndex,
                                    Result& result,
                                    const std::string& who) const;

    /**
     * \brief Makes one OCS that is not adopted: its node, then OcsHelper's devices on the
     * nodes of its ports, in port order (the ports must be 0, 1, ... and share rate, delay and
     * MTU; a fatal error otherwise), the device hook on each port.
     * \param [in] description The network
     * \param [in] i The OCS's node index
     * \param [in] onThis Its ports: port -> attachment index
     * \param [in,out] byIndex The node of each description node: the OCS's set
     * \param [in,out] result What was made: the OCS appended
     * \param [in] who Name of the caller, for messages
     */
    void MakeOcs(const TopologyDescription& description,
                 uint32_t i,
                 const std::map<uint32_t, uint32_t>& onThis,
                 std::vector<Ptr<Node>>& byIndex,
                 Result& result,
                 const std::string& who) const;

    /**
     * \brief Step 6: the ports of the adopted OCSes, in attachment order (OcsHelper::Attach,
     * then the device hook).
     * \param [in] description The network
     * \param [in] byIndex The node of each description node
     * \param [in] ocsOrdinal The ordinal of each OCS (MakeOcses())
     * \param [in,out] result What was made: portDevices, ocsDevices
     */
    void AttachAdoptedPorts(const TopologyDescription& description,
                            const std::vector<Ptr<Node>>& byIndex,
                            const std::vector<uint32_t>& ocsOrdinal,
                            Result& result) const;

    /**
     * \brief Step 7: the fibres between OCS ports, in index order (OcsHelper::Join; a Length
     * for the described delay unless an end is adopted).
     * \param [in] description The network
     * \param [in] ocsOrdinal The ordinal of each OCS (MakeOcses())
     * \param [in] result What was made (its OCSes)
     */
    void JoinFibres(const TopologyDescription& description,
                    const std::vector<uint32_t>& ocsOrdinal,
                    const Result& result) const;

    /**
     * \brief Gives every OCS port its interface and /30 (OcsAddressing::PER_PORT), makes
     * routes follow circuits and checks, at the first instant of the run, that some are lit.
     * \param [in] description The network
     * \param [in] result What was made
     * \param [in] firstSubnet The first free /30 of the block
     * \param [in] who Name of the caller, for messages
     */
    void AddressOcsPorts(const TopologyDescription& description,
                         Result& result,
                         uint32_t firstSubnet,
                         const std::string& who);

    PointToPointHelper m_p2p;                                                      //!< Link factory
    OcsAddressing m_ocsAddressing{OcsAddressing::PER_PORT};                        //!< OCS ports
    OcsHelper::RouteUpdates m_routeUpdates{OcsHelper::RouteUpdates::FOLLOW_LIGHT}; //!< Routes
    std::map<TopologyDescription::Role, InternetStackHelper> m_stacks;             //!< By role
    DeviceHook m_deviceHook;                                                       //!< Device hook
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes;      //!< OCSes
    OcsHelper m_ocsHelper;                                   //!< OCS devices and fibres
    std::map<uint32_t, Ptr<OpticalCircuitSwitch>> m_adopted; //!< Node index -> switch
    uint32_t m_network;                                      //!< Address block
    uint64_t m_capacity;                                     //!< Its /30s
};

} // namespace ns3

#endif /* PACKET_TOPOLOGY_REALIZER_H */
