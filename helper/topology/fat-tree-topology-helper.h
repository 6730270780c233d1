/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAT_TREE_TOPOLOGY_HELPER_H
#define FAT_TREE_TOPOLOGY_HELPER_H

#include "topology-helper-common.h"

#include "ns3/data-rate.h"
#include "ns3/flow-topology.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"

#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds a two-level leaf/spine Clos ("fat tree"): hosts in groups of HostsPerLeaf on
 * leaf switches, every leaf linked to every spine switch.
 *
 * Host h attaches to leaf h / HostsPerLeaf. Every link has the rate, delay and MTU set with
 * SetDeviceAttribute()/SetChannelAttribute(), except the leaf-spine links (uplinks), whose
 * rate is SetUplinkDataRate() (default: the host links' rate). With as many spines as hosts
 * per leaf and uplinks as fast as host links, the fabric is non-blocking.
 *
 * Describe() gives the fabric as a TopologyDescription, which two realizers build:
 *  - Install(): at packet level (PacketTopologyRealizer), as ns-3 nodes: the leaves and spines
 *    are IPv4 routers, one point-to-point link and one /30 subnet (from 10.64.0.0/10) per
 *    link, global routing. A host's own address is on its interface 1 (its only device).
 *  - Build(): directly as a flow-level graph (FlowTopologyRealizer), without any ns-3 node,
 *    for thousands of hosts.
 */
class FatTreeTopologyHelper
{
  public:
    FatTreeTopologyHelper();

    /**
     * \brief Sets the number of hosts on each leaf (default 4).
     * \param [in] hostsPerLeaf Hosts per leaf (> 0)
     */
    void SetHostsPerLeaf(uint32_t hostsPerLeaf);

    /// \return the number of hosts on each leaf
    uint32_t GetHostsPerLeaf() const;

    /**
     * \brief Sets the number of spine switches (default 4).
     * \param [in] spines Spines (> 0)
     */
    void SetNSpines(uint32_t spines);

    /// \return the number of spine switches
    uint32_t GetNSpines() const;

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
     * \brief Sets the rate of the leaf-spine links (default: the host links' DataRate).
     * \param [in] rate Rate (> 0)
     */
    void SetUplinkDataRate(DataRate rate);

    /// \return the rate of the leaf-spine links
    DataRate GetUplinkDataRate() const;

    /**
     * \brief Describes the fat tree.
     * \param [in] hosts Number of hosts (a multiple of HostsPerLeaf, at least 2)
     * \return hosts "host<h>", leaves "leaf<j>" (tier 0), spines "spine<k>" (tier 1); links
     * host h to leaf h / HostsPerLeaf in host order, then leaf j to spine k in (j, k) order
     */
    TopologyDescription Describe(uint32_t hosts) const;

    /**
     * \brief Builds the fat tree at packet level: creates the leaves and spines, links,
     * Internet stacks, addresses and routes.
     * \param [in] hosts The hosts (created by the caller; a multiple of HostsPerLeaf)
     * \return the switches: the leaves, then the spines
     */
    NodeContainer Install(NodeContainer hosts);

    /**
     * \brief Builds the same fat tree directly in a flow-level graph, without ns-3 nodes:
     * vertices "host<i>", then "leaf<j>", then "spine<k>", and a duplex link per link.
     * \param [in] topology The graph to add to
     * \param [in] hosts Number of hosts (a multiple of HostsPerLeaf)
     * \return the host vertices, in host order
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology, uint32_t hosts) const;

    /// \return the leaf switches of the last Install, in order
    NodeContainer GetLeaves() const;

    /// \return the spine switches of the last Install, in order
    NodeContainer GetSpines() const;

    /// \return the host-side devices of the last Install, in host order
    NetDeviceContainer GetHostDevices() const;

  private:
    /**
     * \brief Checks the parameters (fatal error naming the bad value).
     * \param [in] hosts Number of hosts
     * \param [in] who Caller, for the message
     * \return the number of leaves
     */
    uint32_t CheckHosts(uint32_t hosts, const std::string& who) const;

    TopologyLinkHelper m_links;           //!< Link settings, links and subnets
    uint32_t m_hostsPerLeaf{4};           //!< Hosts per leaf
    uint32_t m_spines{4};                 //!< Spine switches
    std::optional<DataRate> m_uplinkRate; //!< Leaf-spine rate, if not the host links'
    NodeContainer m_leaves;               //!< Leaves of the last Install
    NodeContainer m_spineNodes;           //!< Spines of the last Install
    NetDeviceContainer m_hostDevices;     //!< Host-side devices of the last Install
};

} // namespace ns3

#endif /* FAT_TREE_TOPOLOGY_HELPER_H */
