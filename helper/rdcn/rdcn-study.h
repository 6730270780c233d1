/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_STUDY_H
#define RDCN_STUDY_H

#include "ns3/collective-backend.h"
#include "ns3/data-rate.h"
#include "ns3/flow-workload.h"
#include "ns3/nstime.h"
#include "ns3/rdcn-fluid-network.h"
#include "ns3/rdcn-schedule.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * What one run of a time-slotted network study is: the rdcn example's options.
 */
struct RdcnStudyConfig
{
    std::string architecture{
        "rotornet"}; //!< rotornet, opera, shale, random, expander, traffic-aware, or a file
    std::string routing{"direct"};     //!< direct, vlb, hoho, ksp, source
    uint32_t tors{8};                  //!< ToRs
    uint32_t hostsPerTor{4};           //!< Hosts per ToR
    uint32_t uplinks{4};               //!< Uplinks per ToR (one rotor switch each)
    uint32_t dimensions{2};            //!< Shale: grid dimensions
    uint32_t randomSlices{0};          //!< Random schedules: slices per cycle (0: ToRs - 1)
    Time slot{MicroSeconds(50)};       //!< Slot length
    Time guard{MicroSeconds(2)};       //!< Guard band
    DataRate hostRate{"10Gbps"};       //!< Host line rate
    DataRate uplinkRate{"10Gbps"};     //!< Uplink rate
    double load{0.3};                  //!< Offered load (fraction of the host line rate)
    std::string workload{"websearch"}; //!< websearch, datamining, alltoall, permutation
    std::string sizes;                 //!< Flow-size CDF file (empty: the workload's)
    uint64_t flowBytes{1000000};       //!< alltoall/permutation: bytes per flow
    uint64_t shortFlowBytes{100000};   //!< Short flows: at most this many bytes
    /// Opera's split (flow level): the routing of low-latency flows (direct, hoho, ksp, source;
    /// "none": every flow follows routing)
    std::string lowLatencyRouting{"none"};
    uint64_t lowLatencyBytes{15000000};     //!< Low-latency flows: at most this many bytes
    Time duration{MilliSeconds(5)};         //!< Arrivals stop after this
    Time drain{MilliSeconds(20)};           //!< Longest wait after Duration for flows to finish
    Backend backend{Backend::PACKET};       //!< Network model (packet or flow level)
    uint64_t queueBytes{1000000};           //!< Calendar queue limit (bytes per slice queue)
    uint32_t paths{3};                      //!< ksp: K
    Time epoch{MilliSeconds(1)};            //!< traffic-aware: demand report interval
    std::string decomposition{"bvn"};       //!< traffic-aware: bvn or max-weight
    uint32_t stream{1};                     //!< First random stream
    std::string timeline;                   //!< Packet level: the switches' timeline (empty: none)
    Time timelineWindow{MicroSeconds(500)}; //!< ... of the run's first this long
    /// Runs the simulation until the given stop time (Duration + Drain; empty:
    /// Simulator::Run). A program passes its OpticalExperiment's Run, for progress lines on
    /// long packet-level runs: [&exp](Time stop) { exp.Run(stop); }
    std::function<void(Time stop)> runner;
};

/**
 * \ingroup optical
 * What a run of the study found.
 */
struct RdcnStudyOutcome
{
    FlowWorkloadSummary flows;             //!< Flows, FCTs, throughput
    std::vector<FlowRecord> records;       //!< Every flow
    double throughputPct{0};               //!< Delivered bytes over Duration, % of hosts' line rate
    uint64_t queuePeakBytes{0};            //!< Largest calendar queue (bytes)
    uint64_t guardDroppedPackets{0};       //!< Frames cut by guard bands (packet level)
    std::map<std::string, uint64_t> drops; //!< Packet level: drops by reason
    double reorderedPct{0};                //!< Packet level: data packets arriving out of order (%)
    bool conserved{false};                 //!< Conservation holds at the end
    double connectedMeanPct{0};            //!< Mean over pairs of the time they were connected (%)
    double connectedMinPct{0};             //!< Least connected pair (%)
    std::vector<std::vector<double>> connected; //!< Measured connected share per pair (N <= 128)
    uint32_t cycleSlices{0};                    //!< Slices per cycle
    uint64_t lowLatencyFlows{0};                //!< Flows started as low-latency flows
    uint64_t installs{0};                       //!< traffic-aware: cycles installed
    Time simulated;                             //!< Simulated time
    double wallSeconds{0};                      //!< Wall time of the simulation
    uint64_t events{0};                         //!< Simulator events executed
};

/**
 * \ingroup optical
 * \brief The time-slotted network study behind the rdcn example: builds the schedule, the
 * network (packet level with RdcnHelper, or the fluid network), the workload, runs, measures.
 */
class RdcnStudy
{
  public:
    /// \return empty when \p config can run; else the problem, naming the option and value
    static std::string Check(const RdcnStudyConfig& config);

    /**
     * \brief Builds the schedule of \p config (not traffic-aware's demand cycles).
     * \param error set on failure
     * \return the schedule, or null
     */
    static Ptr<RdcnSchedule> MakeSchedule(const RdcnStudyConfig& config, std::string& error);

    /**
     * \brief Runs the study.
     * \param config what to run (Check()ed)
     * \param outcome set on success
     * \param error set on failure
     * \return true on success
     */
    static bool Run(const RdcnStudyConfig& config, RdcnStudyOutcome& outcome, std::string& error);

    /// \return the demand slices per uplink of a traffic-aware cycle (as many as the
    /// round-robin base: half of the cycle follows demand)
    static uint32_t TrafficAwareDemandSlices(const RdcnStudyConfig& config);

    /**
     * \brief Starts a skewed demand on a fluid network, every flow of \p bytes: the first
     * \p permutationHosts hosts of each ToR send to their peers (same index) on the next ToR
     * (a permutation), the others to every host past index permutationHosts of every other
     * ToR (uniform). Each host receives from as many hosts' worth as it sends, so at equal
     * host rates no receiving NIC limits. With permutationHosts = HostsPerTor a share s = 1 of
     * each ToR's traffic goes to one ToR; with 0 all is uniform; in between,
     * s = permutationHosts / HostsPerTor.
     * \param net the network (schedule and router set)
     * \param permutationHosts hosts per ToR on the permutation (at most HostsPerTor)
     * \param bytes bytes per flow (1e12: saturating for any run of seconds)
     * \param error set when a flow cannot start
     * \return the flows started, or -1 on error
     */
    static int64_t StartSkewedDemand(Ptr<RdcnFluidNetwork> net,
                                     uint32_t permutationHosts,
                                     double bytes,
                                     std::string& error);
};

} // namespace ns3

#endif /* RDCN_STUDY_H */
