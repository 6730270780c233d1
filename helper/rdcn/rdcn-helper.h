/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_HELPER_H
#define RDCN_HELPER_H

#include "rdcn-network.h"

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/rdcn-schedule.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds a time-slotted reconfigurable datacenter network at packet level, in the
 * manner of PointToPointHelper.
 *
 * Install(schedule, H) builds N ToR nodes (N = the schedule's ToRs), H hosts per ToR and U
 * rotor switches (U = the schedule's uplinks), each an OpticalCircuitSwitch of N ports on its
 * own node with ToR t's uplink u on port t of switch u (an OcsNetDevice and OcsChannel per
 * uplink). Hosts hang off their ToR on point-to-point links and run the ordinary Internet
 * stack (IPv4, static routing, a default route to the ToR, ns-3's default queue disc); ToRs
 * route with RdcnTorRouting over the router (RdcnRouter on the schedule), each uplink under an
 * RdcnCalendarQueueDisc; the one OCS schedule driver (OcsScheduleDriver) plays the schedule on the
 * switches. Addresses follow RdcnAddressPlan (one /30 per host link from 10.0.0.0).
 *
 * \code
 *   std::string error;
 *   Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
 *   schedule->SetMatchings(8, RdcnScheduleGenerator::RoundRobin(8, 1, error), error);
 *   RdcnHelper rdcn;
 *   rdcn.SetUplinkAttribute("DataRate", DataRateValue(DataRate("100Gbps")));
 *   rdcn.SetRouterAttribute("Scheme", StringValue("vlb"));
 *   RdcnNetwork net = rdcn.Install(schedule, 2, error);
 *   if (!net.IsValid()) { std::cerr << error << std::endl; return 1; }
 *   rdcn.AssignStreams(net, 1);
 *   // applications on net.GetHost(t, h), addressed to net.GetHostAddress(t', h')
 * \endcode
 *
 * Attribute errors (a name that is not an attribute of the objects concerned, a value it does
 * not accept) are reported by the next Install.
 */
class RdcnHelper
{
  public:
    RdcnHelper();

    /**
     * \brief Sets an attribute of the host links: a PointToPointNetDevice attribute (DataRate,
     * default here 10Gbps; Mtu; ...) or a PointToPointChannel attribute (Delay, default here
     * 500ns).
     * \param name attribute name
     * \param value its value
     */
    void SetHostLinkAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the uplinks: an OcsNetDevice attribute (DataRate, default
     * here 10Gbps; InterframeGap; Mtu; ...), an OcsChannel attribute (Length, GroupIndex, ...),
     * or "Delay" (TimeValue): the one-way fibre delay between a ToR and its switch, default
     * 500ns, which sets the fibre's Length from its GroupIndex. Setting Length overrides Delay.
     * \param name attribute name
     * \param value its value
     */
    void SetUplinkAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the calendar queues (RdcnCalendarQueueDisc: MaxSize,
     * EcnMarkThreshold).
     * \param name attribute name
     * \param value its value
     */
    void SetQueueDiscAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the switches (OpticalCircuitSwitch: Latency, InsertionLoss,
     * ...). ReconfigurationDelay, ControlPlaneDelay and Policy are set by the driver (Guard, 0,
     * Drop) and cannot be set here.
     * \param name attribute name
     * \param value its value
     */
    void SetSwitchAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the router (RdcnRouter: Scheme, Paths).
     * \param name attribute name
     * \param value its value
     */
    void SetRouterAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of every ToR's routing (RdcnTorRouting: UdpSequence).
     * \param name attribute name
     * \param value its value
     */
    void SetTorRoutingAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Builds the network.
     * \param schedule the schedule (matchings set; Slot and Guard valid)
     * \param hostsPerTor hosts per ToR (>= 1)
     * \param error set to the problem on failure: an attribute error, no schedule or no
     *        matchings, bad timing, hostsPerTor 0, too many hosts for the address plan, a
     *        window too short for a full frame, or a routing scheme that cannot run on the
     *        schedule (RdcnRouter::Check)
     * \return the network; not valid (IsValid() false) on failure, and then nothing was built
     */
    RdcnNetwork Install(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor, std::string& error);

    /**
     * \brief Fixes the random streams of the network (the router's VLB choices).
     * \param network a network built by Install
     * \param stream first stream
     * \return the number of streams used
     */
    int64_t AssignStreams(RdcnNetwork& network, int64_t stream);

  private:
    /// Attributes to set, by name.
    using AttributeList = std::vector<std::pair<std::string, Ptr<AttributeValue>>>;

    /**
     * \brief Checks that \p tid has attribute \p name and that it accepts \p value.
     * \param tid the type
     * \param name attribute name
     * \param value its value
     * \return the value converted for the attribute, or null (the error is recorded)
     */
    Ptr<AttributeValue> Check(TypeId tid, const std::string& name, const AttributeValue& value);

    AttributeList m_hostDevice;        //!< Host link devices (PointToPointNetDevice)
    AttributeList m_hostChannel;       //!< Host link channels (PointToPointChannel)
    AttributeList m_uplinkDevice;      //!< Uplink devices (OcsNetDevice)
    AttributeList m_uplinkChannel;     //!< Uplink fibres (OcsChannel)
    AttributeList m_switch;            //!< Switches (OpticalCircuitSwitch)
    ObjectFactory m_queue;             //!< Calendar queues
    ObjectFactory m_router;            //!< Router
    ObjectFactory m_torRouting;        //!< ToR routing
    Time m_uplinkDelay;                //!< Fibre delay (negative: Length set instead)
    std::vector<std::string> m_errors; //!< Attribute errors, reported by Install
};

} // namespace ns3

#endif /* RDCN_HELPER_H */
