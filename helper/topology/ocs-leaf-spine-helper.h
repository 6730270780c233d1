/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_LEAF_SPINE_HELPER_H
#define OCS_LEAF_SPINE_HELPER_H

#include "described-fabric.h"
#include "scale-out-fabric.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/ocs-configuration.h"
#include "ns3/ocs-cyclic-schedule.h"
#include "ns3/ocs-helper.h"
#include "ns3/ocs-schedule-driver.h"
#include "ns3/ocs-schedule-source.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/topology-description.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The canonical optical datacenter: ToRs (packet switches) joined through optical
 * circuit switches as spines (Helios, c-Through, Jupiter's OCS layer, TopoOpt, MixNet), one
 * Describe() at packet and flow level, under any controller.
 *
 * T ToRs, each with H hosts on point-to-point links and U uplinks; uplink k of ToR t is port
 * t U/S + k / S of spine k mod S (S spines, U a multiple of S, each spine T U / S ports).
 * A spine's circuits join ToR uplinks two ways (a lit circuit is a point-to-point link
 * between two ToRs). Hosts are ranks t H + h; the GPUs of a server sit under one ToR.
 *
 * Who sets the circuits:
 * - static (the default): each spine keeps one configuration from the start, the one given
 *   by SetConfiguration(), else a round-robin tournament matching (uplink k of every ToR in
 *   round 2k: ToR pairs of round 2k mod (T - 1), RoundRobinConfiguration());
 * - a rotation: SetRotation(period) moves every uplink to the next round of the tournament
 *   every period, so that each ToR pair has a circuit on each uplink once per T - 1 periods
 *   (an OcsCyclicSchedule per spine), the spines at staggered times (Opera's offsets: spine s
 *   changes s period / S into each period): while one spine is dark the others stay lit, and
 *   uplinks are two rounds apart, so that two uplinks never carry the same matching when the
 *   rounds are at least twice the uplinks (T - 1 >= 2U);
 * - any schedule source: SetSchedule() plays an OcsScheduleSource of S switches (an
 *   RdcnSchedule whose ToR count is T and whose uplinks are S, one port per ToR; a
 *   traffic-aware scheduler's schedule) with the one OCS schedule driver; at packet level its
 *   circuits must be two-way (global routing ignores one-way circuits);
 * - an external controller, on GetSwitches() after the build.
 *
 * At packet level (PacketTopologyRealizer) every ToR uplink has an IPv4 interface and a /30 of
 * its own, global routes follow the circuits (recomputed when they go dark and when they are
 * lit) and are computed once the initial circuits are in place. At flow level
 * (FlowTopologyRealizer) lit circuits are links between ToR vertices; flows whose path goes
 * dark stall and take the next path that appears.
 */
class OcsLeafSpineHelper : public ScaleOutFabric
{
  public:
    OcsLeafSpineHelper();

    /// \param [in] hosts Hosts per ToR (default 4)
    void SetHostsPerTor(uint32_t hosts);
    /// \param [in] spines OCS spines (default 2)
    void SetSpines(uint32_t spines);
    /// \param [in] uplinks Uplinks per ToR, a multiple of the spines (default 0: one per spine)
    void SetUplinksPerTor(uint32_t uplinks);
    /// \param [in] rate Rate of each host link (default 100 Gb/s)
    void SetHostLinkRate(DataRate rate);
    /// \param [in] delay One-way delay of each host link (default 1 us)
    void SetHostLinkDelay(Time delay);
    /// \param [in] rate Rate of each uplink, i.e. of a circuit (default 100 Gb/s)
    void SetUplinkRate(DataRate rate);
    /// \param [in] delay One-way fibre delay between a ToR and a spine port (default 1 us;
    /// a circuit between two ToRs crosses two)
    void SetFibreDelay(Time delay);
    /// \param [in] mtu MTU of every link and port (default 9000 bytes)
    void SetMtu(uint32_t mtu);

    /**
     * \brief Sets an attribute of the spines (OpticalCircuitSwitch: ReconfigurationDelay,
     * ControlPlaneDelay, Policy, ...).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetOcsAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets when, at packet level, the ToRs' interfaces and global routes follow the
     * spines' circuits (default FOLLOW_LIGHT; WHEN_LIT keeps the old routes through a
     * reconfiguration's dark time, for a lossless fabric that pauses or drains instead).
     * \param [in] when When
     */
    void SetOcsRouteUpdates(OcsHelper::RouteUpdates when);

    /**
     * \brief Gives a spine its static configuration (ports as in the class doc).
     * \param [in] spine The spine
     * \param [in] config Its circuits
     */
    void SetConfiguration(uint32_t spine, const OcsConfiguration& config);

    /**
     * \brief Cycles every spine through the rounds of the round-robin tournament, one round
     * per uplink and \p period (a rotor), spine s offset by s period / S.
     * \param [in] period Time between two reconfigurations of a spine (> 0)
     */
    void SetRotation(Time period);

    /**
     * \brief Plays a schedule on the spines (one switch per spine), with the one OCS schedule
     * driver; its configuration before the first slot is the initial one.
     * \param [in] schedule The schedule (GetNSwitches() == spines)
     */
    void SetSchedule(Ptr<OcsScheduleSource> schedule);

    /**
     * \brief The round-robin tournament's matching of one round over ToRs (the circle method:
     * every ToR pair in exactly one of T - 1 rounds, T rounded up to even; the ToR paired with
     * the missing one waits).
     * \param [in] tors ToRs (>= 2)
     * \param [in] round The round (taken mod the number of rounds)
     * \return (ToR, ToR) pairs
     */
    static std::vector<std::pair<uint32_t, uint32_t>> RoundRobinMatching(uint32_t tors,
                                                                         uint32_t round);

    /**
     * \param [in] tors ToRs
     * \param [in] spine A spine
     * \param [in] slot Rotation slot (0 for the static configuration)
     * \return the spine's configuration: for each of its ports per ToR, the uplink's round
     * (slot + 2 uplink) of RoundRobinMatching as two-way circuits
     */
    OcsConfiguration RoundRobinConfiguration(uint32_t tors, uint32_t spine, uint32_t slot) const;

    /**
     * \param [in] tor A ToR
     * \param [in] uplink One of its uplinks
     * \return (spine, port) of the uplink
     */
    std::pair<uint32_t, uint32_t> GetPort(uint32_t tor, uint32_t uplink) const;

    /**
     * \brief Describes the fabric: hosts "host<t>.<h>" (rank t H + h), ToRs "tor<t>" (tier 0),
     * spines "ocs<s>", links host to ToR (in rank order), then the uplinks' OCS ports.
     * \param [in] tors ToRs
     * \param [in] gpusPerServer GPUs per server (a server's GPUs are hosts of one ToR and one
     * scale-up domain)
     * \return the description
     */
    TopologyDescription Describe(uint32_t tors, uint32_t gpusPerServer = 1) const;

    /// \return the spines (after a build)
    const std::vector<Ptr<OpticalCircuitSwitch>>& GetSwitches() const;

    /// \return the driver of SetSchedule() (after a build; else nullptr)
    Ptr<OcsScheduleDriver> GetDriver() const;

    /// \return the rotation of each spine (SetRotation(), after a build; else empty)
    const std::vector<Ptr<OcsCyclicSchedule>>& GetRotations() const;

    // ScaleOutFabric
    /**
     * \param [in] hosts Hosts
     * \param [in] gpusPerServer GPUs per server
     * \return "" or what is wrong: hosts not a multiple of HostsPerTor, fewer than 2 ToRs,
     * uplinks not a multiple of spines, a server across ToRs, a configuration invalid for its
     * spine, a schedule of another switch count
     */
    std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const override;
    /**
     * \brief Builds the fabric at packet level on the caller's hosts.
     * \param [in] hosts The hosts
     * \param [in] gpusPerServer GPUs per server
     */
    void InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer) override;
    /**
     * \brief Builds the fabric as a flow-level graph under a FlowNetwork.
     * \param [in] hosts Hosts
     * \param [in] gpusPerServer GPUs per server
     * \return the engine and the host vertices
     */
    FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) override;

  private:
    /// \return the fabric as a DescribedFabric (its description, address block, OCS attributes)
    DescribedFabric AsDescribed();
    /// \return uplinks per ToR (SetUplinksPerTor, or the spines)
    uint32_t GetUplinks() const;
    /// \return ports per ToR on each spine
    uint32_t GetPortsPerTor() const;
    /// \param [in] ocs The spines just built \param [in] tors ToRs \brief Circuits, control.
    void Control(const std::vector<Ptr<OpticalCircuitSwitch>>& ocs, uint32_t tors);

    uint32_t m_hostsPerTor{4};                                                     //!< H
    uint32_t m_spines{2};                                                          //!< S
    uint32_t m_uplinks{0};                                                         //!< U (0: S)
    DataRate m_hostRate{"100Gbps"};                                                //!< Host links
    Time m_hostDelay{MicroSeconds(1)};                                             //!< Host links
    DataRate m_uplinkRate{"100Gbps"};                                              //!< Uplinks
    Time m_fibreDelay{MicroSeconds(1)};                                            //!< Fibres
    uint32_t m_mtu{9000};                                                          //!< MTU
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes;      //!< Spines
    OcsHelper::RouteUpdates m_routeUpdates{OcsHelper::RouteUpdates::FOLLOW_LIGHT}; //!< Routes
    std::map<uint32_t, OcsConfiguration> m_configs;                                //!< Static
    Time m_rotation;                                   //!< Rotation period (0: none)
    Ptr<OcsScheduleSource> m_schedule;                 //!< Schedule (or nullptr)
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches; //!< Spines built
    std::vector<Ptr<OcsCyclicSchedule>> m_rotors;      //!< Rotation of each spine
    Ptr<OcsScheduleDriver> m_driver;                   //!< Driver of the schedule
};

} // namespace ns3

#endif /* OCS_LEAF_SPINE_HELPER_H */
