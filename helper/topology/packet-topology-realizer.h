/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PACKET_TOPOLOGY_REALIZER_H
#define PACKET_TOPOLOGY_REALIZER_H

#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/ocs-helper.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/topology-description.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Makes a TopologyDescription at packet level: ns-3 nodes, point-to-point links with
 * the described rate, delay, MTU and queues, Internet stacks, a /30 subnet per link, global
 * routes, and OCSes through OcsHelper.
 *
 * The order is fixed, so that a description always gives the same node ids, interface numbers
 * and addresses:
 * 1. the nodes that are not hosts nor OCSes (switches) are created in index order (hosts are
 *    the caller's, given in rank order);
 * 2. Internet stacks on the hosts, then on the switches, in index order;
 * 3. links in index order: the devices (first of the pair at \c a), a RED queue disc at \c b
 *    if the link marks ECN, then the link's /30, the next of the address block (\c a gets the
 *    first address);
 * 4. global routing tables, if there are links;
 * 5. OCSes in index order: a node, then OcsHelper's devices on the nodes of its ports, in
 *    port order (the ports of an OCS must be 0, 1, ... and share rate, delay and MTU).
 *    Addresses on OCS devices are the caller's (circuits are one-way);
 * 6. the ports of the adopted OCSes (AdoptOcs()), in the description's attachment order: a
 *    device on the port's node, by OcsHelper::Attach;
 * 7. the fibres between OCS ports, in index order (OcsHelper::Join).
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
    PointToPointHelper m_p2p;                                                 //!< Link factory
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes; //!< OCSes
    OcsHelper m_ocsHelper;                                   //!< OCS devices and fibres
    std::map<uint32_t, Ptr<OpticalCircuitSwitch>> m_adopted; //!< Node index -> switch
    uint32_t m_network;                                      //!< Address block
    uint64_t m_capacity;                                     //!< Its /30s
};

} // namespace ns3

#endif /* PACKET_TOPOLOGY_REALIZER_H */
