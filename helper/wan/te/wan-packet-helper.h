/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_PACKET_HELPER_H
#define WAN_PACKET_HELPER_H

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/rate-adaptive-channel.h"
#include "ns3/rate-adaptive-net-device.h"
#include "ns3/rate-adaptive-wan-helper.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A rate-adaptive WAN at packet level: what WanPacketHelper built and counted.
 */
struct WanPacketNetwork
{
    /// Packet counters of the TE traffic.
    struct Counters : public SimpleRefCount<Counters>
    {
        uint64_t sent{0};        //!< Packets sent by the sources
        uint64_t received{0};    //!< Packets received by the sinks
        double sentBytes{0};     //!< Bytes sent
        double receivedBytes{0}; //!< Bytes received
    };

    NodeContainer routers;                           //!< One per site
    NodeContainer hosts;                             //!< One per site, behind its router
    std::vector<Ipv4Address> hostAddress;            //!< Per site
    std::vector<Ptr<RateAdaptiveNetDevice>> devices; //!< WAN devices (two per fibre)
    std::vector<Ptr<RateAdaptiveChannel>> channels;  //!< Per fibre
    std::vector<std::vector<uint16_t>> ports;        //!< [commodity][path]: UDP port
    Ptr<Counters> counters;                          //!< Traffic counters
};

/**
 * \ingroup optical
 * \brief Builds a RateAdaptiveWan at packet level and installs TE splits by per-flow path
 * pinning.
 *
 * Each site gets a router and a host behind it (an access link fast enough never to be the
 * bottleneck). Each fibre becomes a pair of RateAdaptiveNetDevices over a RateAdaptiveChannel
 * that follows the fibre's link in the RateAdaptiveWan (so flow level and packet level see the
 * same rates), at rate x wavelengths x CapacityScale: a scale below 1 keeps the packet count of a
 * WAN of 100G links tractable. Routers run PathPinningRouting above static and global routing.
 * Each commodity path is a UDP flow from the source host to its own port on the destination
 * host, pinned to the path's routers; InstallTraffic sends it at the TE's rate for one interval.
 */
class WanPacketHelper
{
  public:
    WanPacketHelper();

    /// \param [in] scale Device rate per Gb/s of link capacity, in Gb/s (> 0; default 1e-3)
    void SetCapacityScale(double scale);

    /// \param [in] bytes UDP payload of the TE traffic's packets (default 1000)
    void SetPacketSize(uint32_t bytes);

    /**
     * \brief Builds nodes, devices, addresses and routing over a WAN built by
     * RateAdaptiveWanHelper::Build (its links are shared).
     * \param [in] wan The WAN
     * \param [in] links The link helper (queues, device attributes)
     * \param [out] net What was built
     * \param [out] error What is wrong
     * \return false on error
     */
    bool Install(const RateAdaptiveWan& wan,
                 const RateAdaptiveLinkHelper& links,
                 WanPacketNetwork& net,
                 std::string& error) const;

    /**
     * \brief Pins every commodity path (a UDP port each) and installs the sinks.
     * \param [in,out] net The network
     * \param [in] wan The WAN
     * \param [in] commodities The commodities
     * \param [out] error A path that cannot be pinned, too many paths for the port space
     * \return false on error
     */
    bool Pin(WanPacketNetwork& net,
             const RateAdaptiveWan& wan,
             const std::vector<TeSolver::Commodity>& commodities,
             std::string& error) const;

    /**
     * \brief Sends each commodity path's allocation (Gb/s x CapacityScale) for \p interval.
     * \param [in] net The network
     * \param [in] commodities The commodities
     * \param [in] solution The TE solution
     * \param [in] interval How long
     * \return the bit rate offered (bit/s, scaled)
     */
    double InstallTraffic(WanPacketNetwork& net,
                          const std::vector<TeSolver::Commodity>& commodities,
                          const TeSolver::Solution& solution,
                          Time interval) const;

    /**
     * \param [in] net The network
     * \return packets dropped on the WAN: while a link was down (at Send, from the queue, lost
     * on the fibre) and by full queues
     */
    static uint64_t GetDropped(const WanPacketNetwork& net);

  private:
    double m_scale{1e-3};        //!< Capacity scale
    uint32_t m_packetSize{1000}; //!< UDP payload
};

} // namespace ns3

#endif /* WAN_PACKET_HELPER_H */
