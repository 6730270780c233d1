/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef STAR_TOPOLOGY_HELPER_H
#define STAR_TOPOLOGY_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-helper.h"

#include <string>

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
     * \brief Builds the star: creates the switch, links, Internet stacks, addresses and routes.
     * \param [in] hosts The hosts (created by the caller)
     * \return the switch node
     */
    Ptr<Node> Install(NodeContainer hosts);

    /// \return the host-side devices of the last Install, in host order
    NetDeviceContainer GetHostDevices() const;

  private:
    PointToPointHelper m_p2p;         //!< Link factory
    NetDeviceContainer m_hostDevices; //!< Host-side devices
};

} // namespace ns3

#endif /* STAR_TOPOLOGY_HELPER_H */
