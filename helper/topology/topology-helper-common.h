/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TOPOLOGY_HELPER_COMMON_H
#define TOPOLOGY_HELPER_COMMON_H

#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-topology-realizer.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/topology-description.h"

#include <optional>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What the topology helpers (StarTopologyHelper, FatTreeTopologyHelper,
 * RailTopologyHelper) share: the settings of their point-to-point links, the links of their
 * descriptions (AddLink), and the packet-level realizer of their address block (Realize).
 *
 * The link rate, delay and MTU set through SetDeviceAttribute()/SetChannelAttribute() are kept
 * readable, so that a flow-level graph (FlowTopology) gets the links the packet-level build
 * would create. An attribute never set reads as the current default of PointToPointNetDevice
 * or PointToPointChannel (Config::SetDefault included).
 *
 * Subnets are /30s taken in turn from one address block, given at construction
 * (PacketTopologyRealizer takes them): each topology helper has its own block, so that their
 * addresses never collide.
 */
class TopologyLinkHelper
{
  public:
    /**
     * \brief Creates the helper.
     * \param [in] network First address of the block the /30 subnets are taken from
     * \param [in] mask Mask of the block (its size bounds the number of links)
     */
    TopologyLinkHelper(Ipv4Address network, Ipv4Mask mask);

    /**
     * \brief Sets an attribute of the links' devices (PointToPointNetDevice), e.g. DataRate, Mtu.
     * \param [in] name Attribute
     * \param [in] value Value (a StringValue such as "10Gbps" works too)
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the links' channels (PointToPointChannel), e.g. Delay.
     * \param [in] name Attribute
     * \param [in] value Value (a StringValue such as "1us" works too)
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /// \return the point-to-point helper the links are made with (e.g. to set its queues)
    PointToPointHelper& GetPointToPointHelper();

    /// \return the links' rate (DataRate attribute, or its default)
    DataRate GetDataRate() const;

    /// \return the links' propagation delay (Delay attribute, or its default)
    Time GetDelay() const;

    /// \return the links' MTU in bytes (Mtu attribute, or its default)
    uint32_t GetMtu() const;

    /**
     * \brief Adds a link with the configured delay and MTU to a description.
     * \param [in] description The description
     * \param [in] a First node
     * \param [in] b Second node
     * \param [in] rate Rate of this link, if not the configured one
     * \return the link's index
     */
    uint32_t AddLink(TopologyDescription& description,
                     uint32_t a,
                     uint32_t b,
                     std::optional<DataRate> rate = std::nullopt) const;

    /**
     * \brief Makes a description at packet level (PacketTopologyRealizer) with this helper's
     * links (their factory, queues included) and its address block.
     * \param [in] description The network
     * \param [in] hosts Its hosts, in rank order
     * \param [in] who Name of the caller, for messages
     * \return what was made
     */
    PacketTopologyRealizer::Result Realize(const TopologyDescription& description,
                                           NodeContainer hosts,
                                           const std::string& who);

  private:
    PointToPointHelper m_p2p;       //!< Link factory
    std::optional<DataRate> m_rate; //!< DataRate, if set
    std::optional<Time> m_delay;    //!< Delay, if set
    std::optional<uint32_t> m_mtu;  //!< Mtu, if set
    uint32_t m_network;             //!< First address of the subnet block
    Ipv4Mask m_mask;                //!< Mask of the block
};

} // namespace ns3

#endif /* TOPOLOGY_HELPER_COMMON_H */
