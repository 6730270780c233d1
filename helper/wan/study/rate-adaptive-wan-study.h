/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_WAN_STUDY_H
#define RATE_ADAPTIVE_WAN_STUDY_H

#include "ns3/rate-adaptive-accounting.h"
#include "ns3/rate-adaptive-wan-helper.h"
#include "ns3/results-store.h"
#include "ns3/traffic-matrix.h"
#include "ns3/wan-topology.h"
#include "ns3/wan-traffic-helper.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief RADWAN's study: a WAN of rate-adaptive links under traffic engineering, against static
 * links under LP TE on the same SNR series.
 *
 * RunScenario builds the WAN (RateAdaptiveWanHelper), its traffic at the level asked for
 * (WanTrafficHelper) and a TE controller (or, te "none", each demand on its shortest path at
 * its full rate), runs it for the duration and samples the carried throughput every interval
 * (WanThroughputSampler). RunHistory runs a static and an adaptive link on each fibre's SNR
 * over a long history, without traffic, for the links' augmentable capacity and the failures
 * adaptive rates avoid (RateAdaptiveAccounting).
 */
class RateAdaptiveWanStudy
{
  public:
    /// Runs the simulation to a time (WanTrafficHelper::Runner).
    using Runner = WanTrafficHelper::Runner;

    /// Settings shared by the scenarios.
    struct Settings
    {
        WanTopology fibres;                         //!< Fibre layer
        std::vector<TrafficMatrix::Demand> demands; //!< Demands (Gb/s)
        std::string paths{"ksp"};                   //!< Path kind (ksp or edge-disjoint)
        uint32_t k{4};                              //!< Paths per demand
        uint32_t wavelengths{8};                    //!< Per fibre
        double staticRate{100};                     //!< Static and baseline rate (Gb/s)
        std::string modes{"radwan"};                //!< Mode table
        std::string objective{"max-flow"};          //!< TE objective
        Time interval{Minutes(15)};                 //!< TE interval
        uint32_t threads{1};                        //!< Threads of the TE method
        Time duration{Days(7)};                     //!< Simulated time
        double hysteresisDb{0.5};                   //!< Hysteresis
        Time holdDown{Minutes(30)};                 //!< Hold-down
        Time downtime{Seconds(68)};                 //!< Change downtime
        Time history{Days(365)};                    //!< SNR history for the link statistics
        WanTrafficHelper::Level level{WanTrafficHelper::FLOW}; //!< Level of the traffic
        double packetScale{1e-3}; //!< Packet level: device rate per Gb/s
    };

    /// What a scenario measured.
    struct Outcome
    {
        double offeredGbps{0};          //!< Mean demand
        double carriedGbps{0};          //!< Mean carried (bytes carried over the run)
        uint32_t changes{0};            //!< Rate changes over all links
        double downSeconds{0};          //!< Link outage time (dark or SNR) over all links
        WanTraffic::Counters packets;   //!< Packet level: packets sent, received, dropped
        uint32_t upgrades{0};           //!< Caps raised by the TE
        double solverSeconds{0};        //!< TE solver time
        std::vector<double> baselineDb; //!< Per fibre
        std::vector<double> throughput; //!< Per interval (Gb/s)
    };

    /// What the links' SNR histories show.
    struct History
    {
        std::vector<std::vector<SnrTimeSeries::Sample>> samples; //!< Per fibre
        RateAdaptiveAccounting::Outages outages; //!< Static and adaptive links on them
    };

    /**
     * \brief Gives a link helper the settings' mode table and link attributes (all but the
     * policy).
     * \param [in,out] links The helper
     * \param [in] s The settings
     * \param [out] error An unknown mode table
     * \return false on error
     */
    static bool Configure(RateAdaptiveLinkHelper& links, const Settings& s, std::string& error);

    /**
     * \brief Checks that a static link at the settings' rate can run (a rate of the table).
     * \param [in] s The settings
     * \param [out] error What is wrong
     * \return false on error
     */
    static bool CheckStaticRate(const Settings& s, std::string& error);

    /**
     * \brief Runs one scenario (and destroys the simulator).
     * \param [in] s The settings
     * \param [in] policy Link policy
     * \param [in] te none, lp, lp-abstraction, or a TeMethod name (pop, ncflow, admm,
     * learned: the TeController's Method)
     * \param [out] out What it measured
     * \param [out] error What is wrong
     * \param [in] run Runs the simulator (default: Simulator::Stop and Run)
     * \return false on error
     */
    static bool RunScenario(const Settings& s,
                            RateAdaptiveLink::Policy policy,
                            const std::string& te,
                            Outcome& out,
                            std::string& error,
                            const Runner& run = Runner());

    /**
     * \brief Runs a static and an adaptive link on each fibre's SNR (random stream 100000 + 2
     * x fibre) over the settings' history, without traffic.
     * \param [in] s The settings
     * \param [in] baselineDb Per fibre: baseline SNR (dB)
     * \param [out] out The series and the outage totals
     * \param [out] error What is wrong
     * \return false on error
     */
    static bool RunHistory(const Settings& s,
                           const std::vector<double>& baselineDb,
                           History& out,
                           std::string& error);

    /**
     * \brief Writes the study's event tables: wan_link (per fibre: baseline SNR, SNR at the
     * percentile, augmentable extra rate) and wan_throughput (per interval: baseline and
     * scenario throughput, offered).
     * \param [in] store The store
     * \param [in] runId The run
     * \param [in] s The settings
     * \param [in] base The baseline scenario
     * \param [in] run The scenario
     * \param [in] history The history
     * \param [in] percentile The percentile of the augmentable rates
     * \param [in] extraGbps Per fibre: the augmentable extra rate
     */
    static void WriteTables(ResultsStore& store,
                            int64_t runId,
                            const Settings& s,
                            const Outcome& base,
                            const Outcome& run,
                            const History& history,
                            double percentile,
                            const std::vector<double>& extraGbps);
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_WAN_STUDY_H */
