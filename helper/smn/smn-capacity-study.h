/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SMN_CAPACITY_STUDY_H
#define SMN_CAPACITY_STUDY_H

#include "ns3/bandwidth-log.h"
#include "ns3/capacity-planner.h"
#include "ns3/nstime.h"
#include "ns3/results-store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Settings of the SMN capacity-planning study (smn-capacity-planning).
 */
struct SmnCapacityConfig
{
    std::string topology{"b4"};    //!< Fibre topology (TeTopology::LoadFibres)
    double fibreKm{500};           //!< Fibre length for TE topologies (km)
    std::string matrix{"gravity"}; //!< Base matrix (TrafficMatrix::Make)
    double load{0.5};              //!< Mean volume over the installed capacity (sum over arcs)
    uint32_t wavelengths{4};       //!< Wavelengths per fibre
    uint32_t paths{3};             //!< Candidate paths per demand (k shortest)
    Time duration{Days(2)};        //!< Logged period (the next period is as long)
    Time step{Seconds(1)};         //!< Fine sampling interval
    Time window{Minutes(15)};      //!< Coarse window
    std::vector<double> quantiles{0.5, 0.95}; //!< Quantiles of the coarse log
    std::string statistic{"p95"}; //!< Coarse summary the planner reads: p50, p95, max, mean
    uint32_t snapshots{8};        //!< Busiest samples (fine) or windows (coarse) planned for
    Time teInterval{Minutes(5)};  //!< TE interval of the runs
    double annualGrowth{0.4};     //!< Traffic growth per year
    uint32_t maxUnits{32};        //!< Most wavelengths added to one fibre
    double plannerTimeLimitS{60}; //!< CBC's limit per plan (s)
    int64_t stream{1};            //!< First random stream
};

/**
 * \ingroup optical
 * \brief What the study measured.
 */
struct SmnCapacityOutcome
{
    uint32_t sites{0};                //!< Sites
    uint32_t fibres{0};               //!< Fibres
    uint32_t pairs{0};                //!< Demands
    uint64_t fineValues{0};           //!< Values of the fine log
    uint64_t coarseValues{0};         //!< Values of the coarse log
    double logSizeRatio{0};           //!< Fine over coarse size
    CapacityPlanner::Plan finePlan;   //!< Plan from the fine log
    CapacityPlanner::Plan coarsePlan; //!< Plan from the coarse log
    double planAgreementPct{0};       //!< Fibres both augment over fibres either augments
    double planCostDifferencePct{0};  //!< (coarse - fine) / fine cost, in percent
    double loggedCarriedPct{0};       //!< Carried / offered in the logged period
    double noPlanCarriedPct{0};       //!< Carried / offered next period, no augmentation
    double fineCarriedPct{0};         //!< Same, with the fine plan
    double coarseCarriedPct{0};       //!< Same, with the coarse plan
    double growth{1};                 //!< Demand factor of the next period over this one
};

/**
 * \ingroup optical
 * \brief The SMN capacity-planning study (Coarse Bandwidth Logs): a rate-adaptive WAN under TE
 * logs per-link and per-pair traffic every Step for a period (BandwidthLogRun); the fine log
 * is coarsened into per-window summaries (CoarseBandwidthLog); CapacityPlanner plans the next
 * period from each (the busiest fine samples, or the busiest windows at the chosen statistic,
 * grown by the period's growth); the next period (same traffic seed, traffic time after the
 * logged one) is simulated with no plan, the fine plan and the coarse plan.
 *
 * Units: one wavelength of the fibre's current rate per unit; its cost two router ports and
 * two transponders of the WAN cost catalog (CostCatalog, data/wan/bypass-costs.csv).
 */
class SmnCapacityStudy
{
  public:
    /**
     * \param [in] c Settings
     * \return what is wrong with them (empty: nothing): a window shorter than the step or
     * not a multiple of it, a TE interval not a multiple of the step, an unknown statistic,
     * a quantile out of range, a duration not a multiple of the window
     */
    static std::string Check(const SmnCapacityConfig& c);

    /**
     * \brief Runs the study (the simulator is run and destroyed four times).
     * \param [in] c Settings
     * \param [out] out What it measured
     * \param [out] error What went wrong
     * \return false on error
     */
    static bool Run(const SmnCapacityConfig& c, SmnCapacityOutcome& out, std::string& error);

    /**
     * \brief The planning snapshots of a fine log: its \p count busiest samples (by total pair
     * traffic; ties to the earlier), each the pairs' rates.
     * \param [in] fine The log
     * \param [in] count How many
     * \return [snapshot][pair] (Gb/s)
     */
    static std::vector<std::vector<double>> FineSnapshots(const FineBandwidthLog& fine,
                                                          uint32_t count);

    /**
     * \brief The planning snapshots of a coarse log: its \p count busiest windows (by the sum
     * over pairs of \p statistic; ties to the earlier), each the pairs' \p statistic.
     * \param [in] coarse The log
     * \param [in] statistic p50, p95 (quantiles of the log), max or mean
     * \param [in] count How many
     * \return [snapshot][pair] (Gb/s); empty if the statistic is not in the log
     */
    static std::vector<std::vector<double>> CoarseSnapshots(const CoarseBandwidthLog& coarse,
                                                            const std::string& statistic,
                                                            uint32_t count);

    /**
     * \brief Records the run: one row per plan (ev_smn_plans).
     * \param [in] store The store (nothing when null)
     * \param [in] runId The run
     * \param [in] c Settings
     * \param [in] out Outcome
     */
    static void Record(ResultsStore* store,
                       int64_t runId,
                       const SmnCapacityConfig& c,
                       const SmnCapacityOutcome& out);
};

} // namespace ns3

#endif /* SMN_CAPACITY_STUDY_H */
