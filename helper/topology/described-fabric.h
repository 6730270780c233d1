/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DESCRIBED_FABRIC_H
#define DESCRIBED_FABRIC_H

#include "scale-out-fabric.h"

#include "ns3/ipv4-address.h"
#include "ns3/ocs-helper.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/topology-description.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A fabric of your own from one Describe(): a ScaleOutFabric that realizes a
 * TopologyDescription at packet level (PacketTopologyRealizer: addresses, routes that follow
 * the OCS circuits) or at flow level (FlowTopologyRealizer under a FlowNetwork), and hands the
 * OCSes it made to a callback that sets their circuits or starts their controller.
 *
 * \code
 *   // N hosts, each with two ports on one OCS; circuits join host i to host i + 1: a ring.
 *   DescribedFabric ring([](uint32_t hosts, uint32_t) {
 *       TopologyDescription d;
 *       for (uint32_t i = 0; i < hosts; ++i) d.AddHost("host" + std::to_string(i));
 *       const uint32_t ocs = d.AddOcs("ocs", 2 * hosts);
 *       for (uint32_t i = 0; i < hosts; ++i)
 *           for (uint32_t nic = 0; nic < 2; ++nic)
 *               d.AttachOcsPort(ocs, 2 * i + nic, i, DataRate("100Gbps"), MicroSeconds(1),
 *                               9000, nic);
 *       return d;
 *   });
 *   ring.SetCircuits([](const std::vector<Ptr<OpticalCircuitSwitch>>& ocs) {
 *       OcsConfiguration c;   // port 2i (host i) to port 2(i+1)+1 (host i + 1)
 *       ...
 *       ocs[0]->SetInitialConfiguration(c);
 *   });
 *   RealizedFabric net = ring.Realize(backend, 8, 1);
 * \endcode
 */
class DescribedFabric : public ScaleOutFabric
{
  public:
    /// Describes the fabric for a host count and a server size.
    using Describer = std::function<TopologyDescription(uint32_t hosts, uint32_t gpusPerServer)>;
    /// Sets the circuits of the OCSes just made (in the description's OCS order), at either
    /// level: initial configurations, schedules, controllers.
    using Circuits = std::function<void(const std::vector<Ptr<OpticalCircuitSwitch>>& ocs)>;

    /**
     * \param [in] describe The fabric's description
     * \param [in] name Name of the fabric, for messages
     */
    explicit DescribedFabric(Describer describe, std::string name = "DescribedFabric");

    /// \param [in] circuits Called with the OCSes after every build
    void SetCircuits(Circuits circuits);

    /**
     * \brief Sets an attribute of the OCSes (ReconfigurationDelay, Policy, ...).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetOcsAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets the address block of the packet level (default 10.192.0.0/10: none of the
     * module's other fabric helpers use it).
     * \param [in] network First address
     * \param [in] mask Its mask
     */
    void SetAddressBlock(Ipv4Address network, Ipv4Mask mask);

    /**
     * \brief Sets when interfaces and global routes follow the OCSes' circuits at packet level
     * (PacketTopologyRealizer::SetOcsRouteUpdates; default FOLLOW_LIGHT).
     * \param [in] when When
     */
    void SetOcsRouteUpdates(OcsHelper::RouteUpdates when);

    /// \return the OCSes of the last build
    const std::vector<Ptr<OpticalCircuitSwitch>>& GetSwitches() const;

    // ScaleOutFabric
    /**
     * \param [in] hosts Hosts
     * \param [in] gpusPerServer GPUs per server
     * \return "" or what is wrong: the description's own Validate(), or a host count other
     * than the description's
     */
    std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const override;
    /**
     * \brief Realizes the description at packet level on the caller's hosts.
     * \param [in] hosts The hosts
     * \param [in] gpusPerServer GPUs per server
     */
    void InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer) override;
    /**
     * \brief Realizes the description as a flow-level graph under a FlowNetwork.
     * \param [in] hosts Hosts
     * \param [in] gpusPerServer GPUs per server
     * \return the engine and the host vertices
     */
    FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) override;

  private:
    Describer m_describe;                                                          //!< Description
    std::string m_name;                                                            //!< For messages
    Circuits m_circuits;                                                           //!< Circuits
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes;      //!< OCSes
    Ipv4Address m_network{"10.192.0.0"};                                           //!< Block
    Ipv4Mask m_mask{"255.192.0.0"};                                                //!< Block's mask
    OcsHelper::RouteUpdates m_routeUpdates{OcsHelper::RouteUpdates::FOLLOW_LIGHT}; //!< Routes
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches;                             //!< OCSes built
};

} // namespace ns3

#endif /* DESCRIBED_FABRIC_H */
