/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_TEST_STAR_H
#define ROCE_TEST_STAR_H

#include "ns3/data-rate.h"
#include "ns3/lossless-queue-disc.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/roce-fabric.h"

#include <functional>
#include <vector>

namespace ns3
{
namespace rocetest
{

/// A star: hosts 0..n-1 on one switch, links of one rate and delay (MTU 1500).
struct Star
{
    NodeContainer hosts;                   //!< Hosts
    Ptr<Node> sw;                          //!< The switch
    Ptr<RoceFabric> fabric;                //!< The lossless network
    std::vector<NetDeviceContainer> links; //!< Host link devices (host first)
};

/**
 * \brief Builds a star and makes it lossless.
 * \param [in] n Hosts
 * \param [in] rate Line rate
 * \param [in] delay Link delay
 * \param [in] configure Sets the fabric's attributes before Install
 * \param [in] install Whether to install the fabric (else only configured)
 * \return the star
 */
Star MakeStar(uint32_t n,
              DataRate rate,
              Time delay,
              const std::function<void(RoceFabric&)>& configure,
              bool install = true);

/// \param [in] s A star \param [in] h A host \return the switch port toward it
Ptr<LosslessQueueDisc> SwitchPort(const Star& s, uint32_t h);

/// \param [in] s A star \param [in] h A host \return its own port
Ptr<LosslessQueueDisc> HostPort(const Star& s, uint32_t h);

} // namespace rocetest
} // namespace ns3

#endif /* ROCE_TEST_STAR_H */
