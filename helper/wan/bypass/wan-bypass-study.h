/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_BYPASS_STUDY_H
#define WAN_BYPASS_STUDY_H

#include "ns3/bypass-planner.h"
#include "ns3/bypass-topology-helper.h"
#include "ns3/optical-experiment.h"
#include "ns3/results-store.h"
#include "ns3/traffic-matrix.h"
#include "ns3/wan-traffic-helper.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Shoofly's study: the hop-by-hop and the bypass plan of a demand, protected against
 * failure scenarios, and the bypass plan's routes run on a WAN (flow or packet level) to
 * measure that every demand is met. The headroom search is BypassPlanner::MaxDemandScale.
 */
class WanBypassStudy
{
  public:
    /// Runs the simulation to a time (WanTrafficHelper::Runner).
    using Runner = WanTrafficHelper::Runner;

    /// The graph-file rules as typed at the command line (WanTopology::GraphOptions).
    struct TopologyRules
    {
        std::string parallelLinks{"merge"};  //!< merge or refuse
        std::string unlocated{"neighbours"}; //!< neighbours, fixed or refuse
        double unlocatedKm{WanTopology::DEFAULT_UNLOCATED_LENGTH_KM}; //!< Fixed length (km)
        std::string disconnected{"largest"};                          //!< largest or refuse
    };

    /**
     * \brief Adds --parallelLinks, --unlocated, --unlocatedKm and --disconnected.
     * \param [in,out] exp The experiment
     * \param [in,out] rules The variables, holding their defaults
     */
    static void AddTopologyOptions(OpticalExperiment& exp, TopologyRules& rules);

    /**
     * \brief Loads --topology under the rules (refusing a bad one, naming the option) and says
     * each rule that applied as a note.
     * \param [in,out] exp The experiment (before Start())
     * \param [in] topology The --topology value
     * \param [in] rules The rules
     * \param [out] fibres The topology
     */
    static void LoadTopology(OpticalExperiment& exp,
                             const std::string& topology,
                             const TopologyRules& rules,
                             WanTopology& fibres);

    /// The plans compared.
    struct Plans
    {
        BypassPlan openBaseline;      //!< Hop by hop, before protection
        BypassPlan openBypass;        //!< With bypass, before protection
        BypassPlan baseline;          //!< Hop by hop, protected against the failures asked for
        BypassPlan bypass;            //!< With bypass, protected against them
        BypassPlan protectedBaseline; //!< Protected against the failures, or single cuts if none
        BypassPlan protectedBypass;   //!< The same with bypass
        bool protectedOk{true};       //!< false if the single-cut protection failed
        std::string protectedWhy;     //!< Why, when it failed
    };

    /// What the run of a plan's routes measured.
    struct Delivery
    {
        double demandedGbps{0};       //!< Sum of the demands
        double demandedBytes{0};      //!< Demand x the run's time
        double offeredBytes{0};       //!< Offered by the traffic
        double carriedBytes{0};       //!< Carried to the destinations
        WanTraffic::Counters packets; //!< Packet level: packets sent, received, dropped

        /// \return the share of the demanded bytes carried (%, at most 100; 100 without demand)
        double GetMetPct() const;

        /// \return the share of the demanded bytes offered (%; 0 without demand)
        double GetOfferedPct() const;
    };

    /**
     * \brief The metrics of a headroom search: FOUND: max-demand-scale and
     * max-demand-scale-fails-at; AT_LIMIT: max-demand-scale-at-least (the limit); NONE:
     * max-demand-scale-below (the smallest scale tried); then max-demand-scale-plans.
     * \param [in] h What the search found
     * \param [out] note AT_LIMIT and NONE: a line that says the number is a bound, e.g.
     * "max-demand-scale: at least 64 (--maxScaleLimit)"; empty for FOUND
     * \return (name, value) per metric
     */
    static std::vector<std::pair<std::string, double>> HeadroomMetrics(
        const BypassPlanner::Headroom& h,
        std::string& note);

    /**
     * \param [in] plan A plan
     * \return its express lightpaths (those that bypass a router)
     */
    static uint32_t CountExpress(const BypassPlan& plan);

    /**
     * \param [in] demands Demands
     * \param [in] factor Growth factor
     * \return the demands, each x factor
     */
    static std::vector<TrafficMatrix::Demand> Scaled(std::vector<TrafficMatrix::Demand> demands,
                                                     double factor);

    /**
     * \param [in] part A cost
     * \param [in] whole The cost it is compared with
     * \return 100 (1 - part / whole), 0 if whole is 0
     */
    static double ReductionPct(double part, double whole);

    /**
     * \param [in] savings Savings per express lightpath, largest first (BypassSavings)
     * \return the share (%) of the positive savings that the largest quarter (rounded up)
     * of the lightpaths saves, 0 without savings
     */
    static double TopQuarterSavingsPct(const std::vector<std::pair<uint32_t, double>>& savings);

    /**
     * \brief Plans hop by hop and with bypass, protects both against \p failures and, when
     * that is NONE, also against single cuts (for the savings under failures: a failure of
     * that protection only clears protectedOk).
     * \param [in] planner The planner (network set)
     * \param [in] kind ilp or greedy
     * \param [in] demands Demands
     * \param [in] failures The failures the plans must survive
     * \param [out] plans The plans
     * \param [out] error What is wrong
     * \return false on error
     */
    static bool MakePlans(const BypassPlanner& planner,
                          const std::string& kind,
                          const std::vector<TrafficMatrix::Demand>& demands,
                          BypassPlanner::Failures failures,
                          Plans& plans,
                          std::string& error);

    /**
     * \brief Builds a plan as a WAN (BypassTopologyHelper) and runs its routes, every demand at
     * its volume, for \p duration (plus the traffic's drain time of 1 s); destroys the
     * simulator.
     * \param [in] fibres The fibre layer
     * \param [in] modes The mode table
     * \param [in] plan The plan
     * \param [in] demands Demands
     * \param [in] traffic The traffic's level and scale
     * \param [in] duration How long the routes run
     * \param [out] out What was delivered
     * \param [out] error What is wrong
     * \param [in] run Runs the simulator (default: Simulator::Stop and Run)
     * \return false on error
     */
    static bool RunRoutes(const WanTopology& fibres,
                          const TransceiverModes& modes,
                          const BypassPlan& plan,
                          const std::vector<TrafficMatrix::Demand>& demands,
                          const WanTrafficHelper& traffic,
                          Time duration,
                          Delivery& out,
                          std::string& error,
                          const Runner& run = Runner());

    /**
     * \brief Writes the bypass_link event table: per lightpath of the plan, its sites, fibres,
     * length, OSNR, rate, wavelengths and saving.
     * \param [in] store The store
     * \param [in] runId The run
     * \param [in] fibres The fibre layer
     * \param [in] plan The plan
     * \param [in] savings Its savings (BypassSavings)
     */
    static void WriteLinks(ResultsStore& store,
                           int64_t runId,
                           const WanTopology& fibres,
                           const BypassPlan& plan,
                           const std::vector<std::pair<uint32_t, double>>& savings);
};

} // namespace ns3

#endif /* WAN_BYPASS_STUDY_H */
