/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RAIL_TOPOLOGY_HELPER_H
#define RAIL_TOPOLOGY_HELPER_H

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
 * \brief Builds a rail-optimized scale-out fabric: S servers of G GPUs, GPU g of every server
 * linked by its scale-out NIC to rail switch g (one non-blocking switch per rail), and every
 * rail switch linked to one spine switch, through which traffic between rails crosses.
 *
 * GPUs (ranks) are ordered server-major: GPU g of server s is host s * G + g. GPU links have
 * the rate, delay and MTU set with SetDeviceAttribute()/SetChannelAttribute(); rail-spine links
 * the same delay and MTU and the rate SetSpineDataRate() (default: GPU link rate x S, so that
 * the spine is non-blocking).
 *
 * Describe() gives the fabric as a TopologyDescription, which two realizers build:
 *  - Install(): at packet level (PacketTopologyRealizer), as ns-3 nodes: the rail switches and
 *    the spine are IPv4 routers, one point-to-point link and one /30 subnet (from
 *    10.128.0.0/10) per link, global routing. A GPU's own address is on its interface 1 (its
 *    only device).
 *  - Build(): directly as a flow-level graph (FlowTopologyRealizer), without any ns-3 node,
 *    for thousands of GPUs.
 */
class RailTopologyHelper
{
  public:
    RailTopologyHelper();

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
     * \brief Sets the rate of the rail-spine links (default: GPU link rate x servers).
     * \param [in] rate Rate (> 0)
     */
    void SetSpineDataRate(DataRate rate);

    /**
     * \param [in] servers Number of servers
     * \return the rate of the rail-spine links of a fabric of \p servers servers
     */
    DataRate GetSpineDataRate(uint32_t servers) const;

    /**
     * \brief Describes the fabric.
     * \param [in] servers Number of servers (> 0)
     * \param [in] gpusPerServer GPUs per server, i.e. rails (> 0)
     * \return GPUs "gpu<s>.<g>" server-major (each server a scale-up domain), rail switches
     * "rail<g>" (tier 0, rail g), the "spine" (tier 1); links GPU to rail in GPU order, then
     * rail g to the spine in rail order
     */
    TopologyDescription Describe(uint32_t servers, uint32_t gpusPerServer) const;

    /**
     * \brief Builds the fabric at packet level: creates the rail switches and the spine, links,
     * Internet stacks, addresses and routes.
     * \param [in] gpus The GPUs, server-major (created by the caller; a multiple of
     * \p gpusPerServer)
     * \param [in] gpusPerServer GPUs per server, i.e. rails (> 0)
     * \return the switches: the rail switches, then the spine
     */
    NodeContainer Install(NodeContainer gpus, uint32_t gpusPerServer);

    /**
     * \brief Builds the same fabric directly in a flow-level graph, without ns-3 nodes:
     * vertices "gpu<s>.<g>" (server s, GPU g) server-major, then "rail<g>", then "spine", and a
     * duplex link per link.
     * \param [in] topology The graph to add to
     * \param [in] servers Number of servers (> 0)
     * \param [in] gpusPerServer GPUs per server, i.e. rails (> 0)
     * \return the GPU vertices, server-major (index s * gpusPerServer + g)
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology,
                                uint32_t servers,
                                uint32_t gpusPerServer) const;

    /// \return the rail switches of the last Install (rail g at index g)
    NodeContainer GetRails() const;

    /// \return the spine switch of the last Install
    Ptr<Node> GetSpine() const;

    /// \return the GPU-side devices of the last Install, in GPU order
    NetDeviceContainer GetGpuDevices() const;

  private:
    /**
     * \brief Checks the parameters (fatal error naming the bad value).
     * \param [in] servers Number of servers
     * \param [in] gpusPerServer GPUs per server
     * \param [in] who Caller, for the message
     */
    static void Check(uint32_t servers, uint32_t gpusPerServer, const std::string& who);

    TopologyLinkHelper m_links;          //!< Link settings, links and subnets
    std::optional<DataRate> m_spineRate; //!< Rail-spine rate, if set
    NodeContainer m_rails;               //!< Rail switches of the last Install
    Ptr<Node> m_spine;                   //!< Spine of the last Install
    NetDeviceContainer m_gpuDevices;     //!< GPU-side devices of the last Install
};

} // namespace ns3

#endif /* RAIL_TOPOLOGY_HELPER_H */
