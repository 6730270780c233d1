/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_HELPER_H
#define ROCE_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/ocs-leaf-spine-helper.h"
#include "ns3/optical-experiment.h"
#include "ns3/rdcn-helper.h"
#include "ns3/roce-fabric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class ResultsStore;
struct FlowRecord;

/**
 * \ingroup optical
 * \brief FCT slowdowns of a set of flows: FCT over the flow alone (its bytes at line rate plus
 * a base delay), at least 1; sorted.
 */
struct RoceFlowSlowdowns
{
    std::vector<double> all;    //!< Every completed flow's, sorted
    std::vector<double> small;  //!< Of flows of at most 100 KB (HPCC's small-flow bin), sorted
    std::vector<double> byFlow; //!< Each flow's, in flow order (0 if not completed)
    uint64_t incomplete{0};     //!< Flows not completed
};

/**
 * \ingroup optical
 * \brief What a lossless fabric did, summed over its ports, NICs and buffers.
 */
struct RoceReport
{
    Time pausedTotal;        //!< Paused time of every port and priority
    Time pausedMax;          //!< Largest paused time of one port (its priorities summed)
    uint64_t pauseFrames{0}; //!< PFC frames that paused a port
    uint64_t ecnMarks{0};    //!< Packets marked CE
    uint32_t queuePeak{0};   //!< Largest queue of one port (bytes)
    uint64_t bufferDrops{0}; //!< Packets the switches' buffers refused
    RdmaNicCounters nics;    //!< The NICs' counters, summed
};

/**
 * \ingroup optical
 * \brief Builds the networks RoCE studies need that the fabric helpers do not make, and sums
 * and records what a RoceFabric did.
 */
class RoceHelper
{
  public:
    /**
     * \brief The textbook cyclic buffer dependency: \p switches switches in a ring, one host on
     * each, every switch routing every other host's address clockwise (static routes), so that
     * host i's traffic to host i + 2 crosses two ring links and every ring link carries two
     * such flows. Hosts get Internet stacks, addresses and routes; no fabric is installed.
     * \param [in] switches Switches in the ring (>= 3)
     * \param [in] rate Rate of every link
     * \param [in] delay Delay of every link
     * \param [in] mtu MTU of every link (bytes)
     * \return the hosts, host i on switch i
     */
    static NodeContainer BuildClockwiseRing(uint32_t switches,
                                            DataRate rate,
                                            Time delay,
                                            uint32_t mtu);

    /**
     * \brief Makes a fabric's ports follow the spines of an OCS leaf-spine (FollowOcs) and
     * moves every spine, once, to the next round of its round-robin matching.
     * \param [in] leafSpine The leaf-spine (built)
     * \param [in] tors Its ToRs
     * \param [in] fabric The fabric installed on its hosts
     * \param [in] reaction What the circuits' ports do while dark
     * \param [in] at When the spines reconfigure
     */
    static void FollowAndRotate(const OcsLeafSpineHelper& leafSpine,
                                uint32_t tors,
                                Ptr<RoceFabric> fabric,
                                RoceFabric::OcsReaction reaction,
                                Time at);

    /**
     * \brief Sets a time-slotted network up for RoCE: a round robin of \p tors ToRs with one
     * uplink, every link at \p rate with \p delay and \p mtu, queue pairs gated as \p gating
     * says, calendar queues that mark CE at the rate's Kmin and are limited by the ToR's
     * lossless buffer rather than their own size.
     * \param [in,out] rdcn The helper (the fabric to realize)
     * \param [in] tors ToRs (>= 3)
     * \param [in] hostsPerTor Hosts per ToR
     * \param [in] slot Slot of the schedule
     * \param [in] guard Its guard band
     * \param [in] rate Line rate
     * \param [in] delay Link delay
     * \param [in] mtu MTU (bytes)
     * \param [in] gating How queue pairs are gated
     * \return empty, or what is wrong with the schedule
     */
    static std::string ConfigureRoundRobin(RdcnHelper& rdcn,
                                           uint32_t tors,
                                           uint32_t hostsPerTor,
                                           Time slot,
                                           Time guard,
                                           DataRate rate,
                                           Time delay,
                                           uint32_t mtu,
                                           RdcnRdmaGate::Gating gating);

    /**
     * \param [in] fabric An installed fabric
     * \return what it did so far
     */
    static RoceReport Summarize(Ptr<RoceFabric> fabric);

    /**
     * \param [in] flows Flows (FlowWorkload::GetFlows)
     * \param [in] rate Line rate
     * \param [in] base The delay a flow alone still has (its path's propagation)
     * \return their slowdowns
     */
    static RoceFlowSlowdowns Slowdowns(const std::vector<FlowRecord>& flows,
                                       DataRate rate,
                                       Time base);

    /**
     * \brief Records completed flows in the declared table roce_flows.
     * \param [in] store The results store
     * \param [in] runId The run
     * \param [in] scenario Its scenario, for the rows
     * \param [in] law Its congestion control, for the rows
     * \param [in] flows The flows
     * \param [in] slowdowns Their slowdowns (Slowdowns())
     */
    static void RecordFlows(ResultsStore& store,
                            int64_t runId,
                            const std::string& scenario,
                            const std::string& law,
                            const std::vector<FlowRecord>& flows,
                            const RoceFlowSlowdowns& slowdowns);

    /**
     * \brief Records every port of a fabric in the declared table roce_ports.
     * \param [in] store The results store
     * \param [in] runId The run
     * \param [in] scenario Its scenario, for the rows
     * \param [in] law Its congestion control, for the rows
     * \param [in] fabric The fabric
     */
    static void RecordPorts(ResultsStore& store,
                            int64_t runId,
                            const std::string& scenario,
                            const std::string& law,
                            Ptr<RoceFabric> fabric);

    /**
     * \brief Prints and records a run's metrics: flows and their slowdown percentiles (all,
     * and short flows), whether it deadlocked, pause time (total and the most paused port) and
     * frames, ECN marks, CNPs, packets sent again, timeouts, buffer drops and the queue peak.
     * \param [in] exp The program's experiment
     * \param [in] report The fabric's counters (Summarize())
     * \param [in] slowdowns The flows' slowdowns (Slowdowns())
     * \param [in] deadlock Whether the watchdog found a deadlock
     */
    static void Report(OpticalExperiment& exp,
                       const RoceReport& report,
                       const RoceFlowSlowdowns& slowdowns,
                       bool deadlock);
};

} // namespace ns3

#endif /* ROCE_HELPER_H */
