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
#include "ns3/rdcn-fluid-network.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/scale-out-fabric.h"
#include "ns3/topology-description.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class Ipv4StaticRoutingHelper;
class PacketTopologyRealizer;

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
 * The network is described once (Describe(): a TopologyDescription) and made by
 * PacketTopologyRealizer with the fabric's own hooks: static routing on hosts, RdcnTorRouting on
 * ToRs, unaddressed uplinks under calendar queues. As a ScaleOutFabric (SetSchedule(),
 * SetHostsPerTor(), then Realize(backend, hosts, 1)) it runs at packet level on hosts the caller
 * made, or at flow level as an RdcnFluidNetwork over the same schedule and a router of the same
 * attributes (host and uplink rates, calendar queue limit, fibre and host link delays), under
 * the one flow-level transport.
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
class RdcnHelper : public ScaleOutFabric
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
     * \brief Opera's split of latency-sensitive from bulk traffic (flow level): flows of at
     * most \p maxBytes follow a second router of scheme \p scheme (the router's other
     * attributes, such as Paths, as set with SetRouterAttribute) in the calendar queues'
     * priority classes, served before bulk; larger flows follow the router's Scheme (bulk:
     * direct, vlb or rotorlb). RdcnFluidNetwork::SetLowLatencyRouter and LowLatencyBytes.
     * The packet level has no priority class yet: InstallOn refuses a network with the split.
     * \param scheme a path scheme (direct, hoho, ksp, source)
     * \param maxBytes the largest low-latency flow (bytes, >= 1; Opera: 15 MB)
     */
    void SetLowLatencyRouting(RdcnRouter::Scheme scheme, uint64_t maxBytes);

    /// \return whether SetLowLatencyRouting was called
    bool HasLowLatencyRouting() const;

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
     * \brief Builds the network on hosts the caller made (N ToRs x H hosts of them, ToR-major).
     * \param schedule the schedule
     * \param hosts the hosts (a multiple of the schedule's ToRs)
     * \param error set to the problem on failure (as Install)
     * \return the network; not valid on failure
     */
    RdcnNetwork InstallOn(Ptr<RdcnSchedule> schedule, NodeContainer hosts, std::string& error);

    /**
     * \brief Describes the network: hosts "host<t>.<h>" (rank t H + h), ToRs "tor<t>", the link
     * of each host to its ToR (ToR end first), rotor switches "rotor<u>" of N ports, ToR t's
     * uplink u on port t of rotor u.
     * \param schedule the schedule
     * \param hostsPerTor hosts per ToR
     * \return the description
     */
    TopologyDescription Describe(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor) const;

    /**
     * \brief Sets an attribute of the RDMA gate every network gets (RdcnRdmaGate: Gating,
     * Lead, Tail). The gate holds the queue pairs of hosts with an RdmaNic (the rdma backend,
     * RoceFabric) while the circuit to their destination is down; Lead and Tail default to
     * the host link's delay plus one MTU frame at the host rate, and one MTU frame at the uplink
     * rate.
     * \param name the attribute
     * \param value its value
     */
    void SetRdmaGateAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets the schedule of the fabric (ScaleOutFabric: Realize, InstallOnHosts,
     * InstallFlow).
     * \param schedule the schedule
     */
    void SetSchedule(Ptr<RdcnSchedule> schedule);

    /// \param hostsPerTor hosts per ToR of the fabric (ScaleOutFabric; default 1)
    void SetHostsPerTor(uint32_t hostsPerTor);

    /// \return the last network built at packet level (not valid before)
    RdcnNetwork GetNetwork() const;

    /// \return the last network built at flow level (nullptr before)
    Ptr<RdcnFluidNetwork> GetFluidNetwork() const;

    /**
     * \brief Fixes the random streams of the last network built, at either level (its
     * router's VLB choices).
     * \param stream first stream
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    // ScaleOutFabric
    /**
     * \param hosts hosts (the schedule's ToRs x HostsPerTor)
     * \param gpusPerServer 1 (hosts have no scale-up domain here)
     * \return "" or what is wrong (no schedule, another host count, an attribute error, bad
     *         timing, a routing scheme that cannot run on the schedule, ...)
     */
    std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const override;
    /**
     * \brief InstallOn() the fabric's schedule (a fatal error names a failure).
     * \param hosts the hosts
     * \param gpusPerServer 1
     */
    void InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer) override;
    /**
     * \brief The flow level: an RdcnFluidNetwork over the fabric's schedule, with a router
     * made as the packet level's (Scheme, Paths, ...), the host link and uplink rates, the
     * calendar queues' MaxSize as QueueLimit (a limit in packets as that many full frames:
     * uplink MTU + PPP header), the fibre and host link delays.
     * \param hosts hosts
     * \param gpusPerServer 1
     * \return the engine and hosts 0 .. hosts-1
     */
    FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) override;
    /**
     * \param level a network level
     * \return packet level: connections opened at a pair's first message (ConnectAtStart
     *         false: N^2 connections at start would be too many); flow level: messages of
     *         their payload only (MessageHeaderBytes 0)
     */
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> GetTransportAttributes(
        NetworkLevel level) const override;

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

    /**
     * \brief Checks a network before anything is made.
     * \param schedule the schedule
     * \param hostsPerTor hosts per ToR
     * \return "" or the problem
     */
    std::string CheckNetwork(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor) const;

    /**
     * \brief Gives the realizer the fabric's own hooks: the host links' and uplinks'
     * attributes, the switches' attributes, unaddressed OCS ports, hosts with static routing
     * and ToRs with RdcnTorRouting (neither with IPv6).
     * \param [in,out] realizer The realizer
     * \param [in] staticRouting The hosts' routing helper
     */
    void ConfigureRealizer(PacketTopologyRealizer& realizer,
                           const Ipv4StaticRoutingHelper& staticRouting) const;

    /**
     * \brief Makes the described network on the hosts of \p d (PacketTopologyRealizer) and
     * keeps its ToRs, switches and devices in \p d, as the description orders them.
     * \param [in] staticRouting The hosts' routing helper
     * \param [in,out] d The network's state (schedule, plan and hosts set)
     */
    void RealizeFabric(const Ipv4StaticRoutingHelper& staticRouting,
                       const Ptr<RdcnNetwork::Data>& d) const;

    /**
     * \brief Gives every host a default route to its ToR and keeps the ToR-side queue discs
     * of the host links.
     * \param [in] staticRouting The hosts' routing helper
     * \param [in,out] d The network's state (realized)
     */
    static void RouteHosts(const Ipv4StaticRoutingHelper& staticRouting,
                           const Ptr<RdcnNetwork::Data>& d);

    /**
     * \brief Gives every ToR's uplinks an interface with no address under a calendar queue,
     * and sets up the ToR's routing over them.
     * \param [in,out] d The network's state (realized)
     */
    void SetupUplinks(const Ptr<RdcnNetwork::Data>& d) const;

    /**
     * \brief Sets the switches up for the schedule (reconfiguration delay the guard, no
     * control-plane delay, Drop policy) and starts the one driver that plays it.
     * \param [in,out] d The network's state (realized)
     * \param [out] problem Why the driver could not be set up
     * \return true on success
     */
    static bool StartDriver(const Ptr<RdcnNetwork::Data>& d, std::string& problem);
    /// Makes the network's RDMA gate, which gates the hosts' NICs when the simulation starts.
    void MakeRdmaGate(const Ptr<RdcnNetwork::Data>& d) const;

    /**
     * \brief Connects the network's counters to the hosts', host links' and uplinks' traces.
     * \param [in] d The network's state (the trace sinks hold it)
     */
    static void ConnectCounters(const Ptr<RdcnNetwork::Data>& d);

    /// A host link's rate, delay and MTU, as the attributes make them.
    struct HostLink
    {
        DataRate rate; //!< Rate
        Time delay;    //!< Delay
        uint32_t mtu;  //!< MTU (bytes)
    };

    /// \return the host links' rate, delay and MTU
    HostLink ProbeHostLink() const;
    /// \return a probe uplink device with the uplink attributes
    Ptr<OcsNetDevice> ProbeUplinkDevice() const;
    /// \return a probe uplink fibre with the uplink attributes (and Delay)
    Ptr<OcsChannel> ProbeUplinkFibre() const;

    Ptr<RdcnSchedule> m_fabricSchedule; //!< Schedule of the fabric (ScaleOutFabric)
    uint32_t m_fabricHostsPerTor{1};    //!< Hosts per ToR of the fabric
    RdcnNetwork m_network;              //!< Last packet-level network
    Ptr<RdcnFluidNetwork> m_fluid;      //!< Last flow-level network
    Ptr<RdcnRouter> m_lastRouter;       //!< Router of the last network built
    AttributeList m_hostDevice;         //!< Host link devices (PointToPointNetDevice)
    AttributeList m_hostChannel;        //!< Host link channels (PointToPointChannel)
    AttributeList m_uplinkDevice;       //!< Uplink devices (OcsNetDevice)
    AttributeList m_uplinkChannel;      //!< Uplink fibres (OcsChannel)
    AttributeList m_switch;             //!< Switches (OpticalCircuitSwitch)
    ObjectFactory m_queue;              //!< Calendar queues
    ObjectFactory m_router;             //!< Router
    bool m_lowLatency{false};           //!< Opera's split asked for
    RdcnRouter::Scheme m_lowLatencyScheme{RdcnRouter::HOHO}; //!< ... its scheme
    uint64_t m_lowLatencyBytes{0};                           //!< ... its largest flow
    ObjectFactory m_torRouting;                              //!< ToR routing
    AttributeList m_rdmaGate;                                //!< RDMA gates (RdcnRdmaGate)
    Time m_uplinkDelay;                //!< Fibre delay (negative: Length set instead)
    std::vector<std::string> m_errors; //!< Attribute errors, reported by Install
};

} // namespace ns3

#endif /* RDCN_HELPER_H */
