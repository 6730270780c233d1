/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STAR_TOPOLOGY_HELPER_H
#define STAR_TOPOLOGY_HELPER_H

#include "topology-helper-common.h"

#include "ns3/flow-topology.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds N hosts on one non-blocking packet switch: an IPv4 router with a
 * point-to-point link of the same rate and delay to every host, global routing, one /30
 * subnet per link.
 *
 * The router forwards at line rate with an output queue per port, so two hosts that talk to
 * two others never share a link: the switch is non-blocking.
 *
 * Describe() gives the star as a TopologyDescription (hosts "host<i>" in rank order, then
 * "switch"; link i joins host i to the switch); Install() makes it at packet level
 * (PacketTopologyRealizer), Build() as a flow-level graph (FlowTopologyRealizer), without any
 * ns-3 node, for thousands of hosts.
 */
class StarTopologyHelper
{
  public:
    StarTopologyHelper();

    /**
     * \brief Sets an attribute of the links' devices (PointToPointNetDevice), e.g. DataRate, Mtu.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the links' channels (PointToPointChannel), e.g. Delay.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Describes the star.
     * \param [in] hosts Number of hosts (at least 2)
     * \return hosts "host<i>", then the "switch"; a link host i to switch of the configured
     * rate, delay and MTU per host (with ECN marking: device queues of 2 packets, RED at the
     * switch's end)
     */
    TopologyDescription Describe(uint32_t hosts) const;

    /**
     * \brief Builds the star: creates the switch, links, Internet stacks, addresses and routes.
     * \param [in] hosts The hosts (created by the caller)
     * \return the switch node
     */
    Ptr<Node> Install(NodeContainer hosts);

    /**
     * \brief Builds the same star directly in a flow-level graph, without ns-3 nodes: vertices
     * "host<i>" then "switch", a duplex link of the configured rate, delay and MTU per host.
     * \param [in] topology The graph to add to
     * \param [in] hosts Number of hosts
     * \return the host vertices, in host order
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology, uint32_t hosts) const;

    /**
     * \brief Makes the switch mark ECN instead of dropping, DCTCP-style: a RED queue disc on
     * every switch port that marks packets once its queue holds \p thresholdPackets (MinTh =
     * MaxTh = threshold, instantaneous queue), with device queues of 2 packets so that the
     * queue builds in the queue disc. Call before Install; pair with an ECN-capable
     * TCP (CollectiveHelper::SetTcpVariant("ns3::TcpDctcp") turns ECN on).
     * \param [in] thresholdPackets Marking threshold K (packets); 0 disables marking
     */
    void EnableEcnMarking(uint32_t thresholdPackets);

    /// \return the host-side devices of the last Install, in host order
    NetDeviceContainer GetHostDevices() const;

    /// \return packets the switch's queue discs marked with ECN so far
    uint64_t GetEcnMarks() const;

  private:
    TopologyLinkHelper m_links;         //!< Link settings, links and subnets
    NetDeviceContainer m_hostDevices;   //!< Host-side devices
    NetDeviceContainer m_switchDevices; //!< Switch-side devices
    uint32_t m_ecnThreshold{0};         //!< ECN marking threshold (packets; 0: off)
};

} // namespace ns3

#endif /* STAR_TOPOLOGY_HELPER_H */
