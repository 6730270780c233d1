/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TORUS_DATACENTER_HELPER_H
#define TORUS_DATACENTER_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/ocs-helper.h"
#include "ns3/torus-fabric.h"
#include "ns3/torus-ip-routing.h"

#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds a torus ML datacenter whose servers hold photonic fabrics, for the flow-level
 * engine (Create(), then TorusFabric::Build) or at packet level (Install()).
 *
 * \code
 *   TorusGeometry geometry;
 *   geometry.Configure(1, {4, 4, 4}, {2, 2, 1}, error);
 *   TorusDatacenterHelper dc;
 *   dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(Seconds(1.1)));
 *   dc.SetDeviceAttribute("DataRate", DataRateValue(DataRate("100Gbps")));
 *   Ptr<TorusFabric> fabric = dc.Create(geometry);
 *   NodeContainer accelerators = dc.Install(fabric);   // packet level
 *   Ipv4Address to = fabric->GetObject<TorusIpRouting>()->GetAcceleratorAddress(5);
 * \endcode
 *
 * At packet level each accelerator is a node with one OcsNetDevice per port, attached by a
 * fibre to its port on the server's fabric; each torus link that leaves a server is a fibre
 * between the two servers' fabrics (OcsHelper::Join). Light crosses every fabric on its path,
 * each with its latency and its reconfiguration; accelerators forward IP packets between lit
 * paths (TorusIpRouting, aggregated to the fabric).
 */
class TorusDatacenterHelper
{
  public:
    TorusDatacenterHelper();

    /**
     * \brief Sets an attribute of every server's fabric (ns3::OpticalCircuitSwitch).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetFabricAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Joins the racks through inter-rack OCSes (TorusFabric::SetupInterRack), as
     * TPUv4 does; off by default (direct wrap-around fibres).
     * \param [in] enable On or off
     */
    void SetInterRack(bool enable);

    /**
     * \brief Sets an attribute of the inter-rack switches (ns3::OpticalCircuitSwitch).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetInterRackAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the accelerators' port devices (ns3::OcsNetDevice).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the fibres (ns3::OcsChannel), between an accelerator and
     * its fabric and between two servers' fabrics.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * \param [in] geometry The datacenter
     * \return its fabrics, in their default configuration (the plain torus)
     */
    Ptr<TorusFabric> Create(const TorusGeometry& geometry) const;

    /**
     * \brief Builds the datacenter at packet level: nodes, devices, fibres, the Internet stack,
     * addresses and routing (TorusIpRouting, aggregated to \p fabric).
     * \param [in] fabric Fabrics from Create() (once)
     * \return the node of each accelerator, by accelerator id
     */
    NodeContainer Install(Ptr<TorusFabric> fabric);

  private:
    ObjectFactory m_fabricFactory;    //!< Server fabrics
    ObjectFactory m_interRackFactory; //!< Inter-rack switches
    bool m_interRack{false};          //!< Inter-rack switches on
    OcsHelper m_ocs;                  //!< Devices and fibres
};

} // namespace ns3

#endif /* TORUS_DATACENTER_HELPER_H */
