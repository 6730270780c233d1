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
#include "ns3/topology-description.h"
#include "ns3/torus-fabric.h"
#include "ns3/torus-ip-routing.h"

#include <map>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds a torus ML datacenter whose servers hold photonic fabrics, for the flow-level
 * engine (Create(), then Build()) or at packet level (Install()).
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
 *
 * Both levels are made from one TopologyDescription (Describe()): its static part (the
 * accelerators, the server fabrics and inter-rack switches, the accelerator ports and the
 * fibres between switches), made by PacketTopologyRealizer or FlowTopologyRealizer on the
 * switches the TorusFabric owns (adopted). Which paths are lit, and how they change as the
 * fabrics reconfigure, stays in TorusFabric (TorusIpRouting at packet level,
 * TorusFabric::Track at flow level).
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
     * \brief Gives every server's fabric its own switch model (what is inside the fabric), for
     * example a compiled photonic mesh:
     * \code
     *   ObjectFactory model("ns3::CompiledSwitchModel");
     *   model.Set("TargetStyle", StringValue("clements"));
     *   dc.SetFabricSwitchModel(model);
     * \endcode
     * \param [in] factory Creates one ns3::OcsSwitchModel per server (default: none, ideal)
     */
    void SetFabricSwitchModel(const ObjectFactory& factory);

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
     * \brief Describes the datacenter: host i is accelerator i ("acc<i>", in its server), then
     * one OCS per server ("server<s>", its fabric's ports), then the inter-rack switches
     * ("interrack<d>-<position>", by dimension then position), if any. Each accelerator port
     * is attached to its fabric's port (nic: the torus port; rate and MTU of the device
     * attributes, delay of the channel attributes); each torus link that leaves a server is a
     * fibre between the two fabrics' outward ports, or two fibres to the inter-rack switch
     * for a wrap-around link; each server's accelerators are a scale-up domain.
     * \param [in] fabric Fabrics from Create()
     * \return the description
     */
    TopologyDescription Describe(Ptr<TorusFabric> fabric) const;

    /**
     * \brief Builds the datacenter in a flow-level graph: Describe() made by
     * FlowTopologyRealizer on the fabric's switches (one vertex per accelerator), then
     * TorusFabric::Track (one link per pair joined by lit paths, kept in step).
     * \param [in] fabric Fabrics from Create() (once)
     * \param [in] topology The graph
     * \param [in] unitBps Bandwidth of one torus port (bit/s, > 0)
     * \param [in] delay Delay of a path (the fibre and the fabrics)
     * \return the accelerator vertices, by accelerator id
     */
    std::vector<uint32_t> Build(Ptr<TorusFabric> fabric,
                                Ptr<FlowTopology> topology,
                                double unitBps,
                                Time delay) const;

    /**
     * \brief Builds the datacenter at packet level: nodes, devices, fibres, the Internet stack,
     * addresses and routing (TorusIpRouting, aggregated to \p fabric): Describe() made by
     * PacketTopologyRealizer on the fabric's switches, then an interface per port device.
     * \param [in] fabric Fabrics from Create() (once)
     * \return the node of each accelerator, by accelerator id
     */
    NodeContainer Install(Ptr<TorusFabric> fabric);

  private:
    ObjectFactory m_fabricFactory;    //!< Server fabrics
    ObjectFactory m_interRackFactory; //!< Inter-rack switches
    ObjectFactory m_fabricModel;      //!< Switch model of each fabric (type unset: none)
    bool m_interRack{false};          //!< Inter-rack switches on
    OcsHelper m_ocs;                  //!< Devices and fibres
    /// Attributes set on the devices and on the fibres (what Describe() reads)
    std::map<std::string, Ptr<AttributeValue>> m_deviceAttributes, m_channelAttributes;
};

} // namespace ns3

#endif /* TORUS_DATACENTER_HELPER_H */
