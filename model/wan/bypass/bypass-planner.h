/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BYPASS_PLANNER_H
#define BYPASS_PLANNER_H

#include "bypass-plan.h"
#include "cost-catalog.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/optical-line-system.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traffic-matrix.h"
#include "ns3/transceiver-modes.h"
#include "ns3/wan-topology.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

class BypassGrooming;

/**
 * \ingroup optical
 * \brief Plans WAN capacity with optical bypass (after Shoofly, SIGCOMM'21): which express
 * lightpaths to build over a fibre layer, and how many wavelengths each IP link gets, so that
 * every demand is routed at minimum hardware cost.
 *
 * Candidates: for every pair of sites, the PathsPerPair shortest fibre paths of at most
 * MaxBypassHops fibres; a candidate's OSNR adds 1/OSNR over its fibres (GN model: equal spans of
 * at most SpanKm, amplifiers of NoiseFigureDb, at the optimal launch power), the transmitter
 * (TransmitterOsnrDb) and the add/drop ROADMs (RoadmOsnrDb), and its rate is the fastest mode of
 * the table whose required OSNR plus MarginDb it meets (TransceiverModes::Select). An express
 * candidate no mode reaches is left out; a single fibre beyond every reach is regenerated (at
 * the fastest mode a regenerated segment reaches, with the fewest regenerators), so the
 * hop-by-hop network always exists.
 *
 * Costs: a wavelength costs 2 router ports, 2 transponders and its regenerators (the capacity
 * cost, which the planners minimise); every fibre carrying a wavelength adds its amplifier
 * sites (ceil(length / SpanKm)) to the total. Each fibre carries at most WavelengthsPerFibre
 * wavelengths.
 *
 * Planners: PlanIlp, a MILP solved with COIN-OR CBC (integer wavelengths per candidate, a
 * multi-commodity flow by source over the IP links, time limit TimeLimit, reporting the gap;
 * routes by flow decomposition; never costlier than the greedy plan, which it returns when
 * cheaper or when CBC finds nothing in time); PlanGreedy, the planner for large networks
 * (BypassGrooming): every demand hop by hop on its shortest fibre path, the express wavelengths
 * that save the most built again and again, then SearchCycles cycles of slope scaling (perturbed
 * by Perturbation after the first), shedding and fill moves from the cheapest plan so far, and
 * last an LP polish that removes a link's top wavelength whenever the demands still route over
 * the plan's other wavelengths (PolishPasses). The baseline is the same problem
 * with hop-by-hop candidates only (bypass = false).
 *
 * Failures: Protect() adds, scenario by scenario (each single fibre cut, or Scenarios random
 * sets of cuts, each fibre cut with probability CutProbability), the cheapest wavelengths (an
 * LP, rounded up) that let the surviving IP links carry RequiredFraction of every demand.
 *
 * Headroom: MaxDemandScale finds the largest growth of the demands a greedy bypass plan
 * carries within a budget of router ports (FindLargestScale: doubling, then bisection to
 * HeadroomTolerance), and says when the answer is at least the limit searched.
 */
class BypassPlanner : public Object
{
  public:
    /// \brief Get the type ID. \return the object TypeId
    static TypeId GetTypeId();

    BypassPlanner();

    /**
     * \brief Sets the inputs and builds the candidate lightpaths.
     * \param [in] fibres The fibre layer (connected)
     * \param [in] modes The transceiver mode table
     * \param [in] catalog Unit costs
     * \param [out] error A disconnected fibre layer, an empty mode table, a fibre no mode
     * carries even regenerated
     * \return false on error (the planner is unchanged)
     */
    bool SetNetwork(const WanTopology& fibres,
                    const TransceiverModes& modes,
                    const CostCatalog& catalog,
                    std::string& error);

    /// \return the candidate lightpaths (hop-by-hop ones first, one per fibre)
    const std::vector<Lightpath>& GetCandidates() const;

    /// \return the number of hop-by-hop candidates (the first ones, one per fibre)
    uint32_t GetNHopByHop() const;

    /**
     * \brief Checks demands against the network.
     * \param [in] demands Demands (Gb/s)
     * \param [out] error An unknown site, a negative or non-finite volume, a demand between a
     * site and itself, a total beyond GetFibreCapacityGbps() (which no plan carries)
     * \return true if every demand is valid
     */
    bool CheckDemands(const std::vector<TrafficMatrix::Demand>& demands, std::string& error) const;

    /// \return the fastest rate of a candidate lightpath (Gb/s per wavelength)
    double GetFastestRateGbps() const;

    /**
     * \return the most any plan carries: fibres x WavelengthsPerFibre x the fastest
     * candidate's rate (Gb/s). Every Gb/s of a demand crosses a fibre, so demands totalling
     * more fit no plan.
     */
    double GetFibreCapacityGbps() const;

    /// Largest growth factor MaxDemandScale and FindLargestScale search up to (1e6).
    static constexpr double MAX_SCALE_LIMIT = 1e6;
    /// Default of the MaxSearches attribute: path searches of one greedy plan's moves.
    static constexpr uint64_t DEFAULT_MAX_SEARCHES = 200000;

    /// What a headroom search found.
    struct Headroom
    {
        /// How the search ended.
        enum Outcome
        {
            FOUND,    //!< scale fits and failsAt does not, within the tolerance
            AT_LIMIT, //!< The limit fits: the answer is at least the limit (scale = limit)
            NONE,     //!< Not even the smallest scale looked at (the tolerance) fits
        };

        Outcome outcome{NONE}; //!< How it ended
        double scale{0};       //!< FOUND: the largest scale found to fit; AT_LIMIT: the limit
        double failsAt{0};     //!< FOUND, NONE: the smallest scale found not to fit
        uint32_t plans{0};     //!< Scales tried (plans computed)
    };

    /**
     * \brief The largest scale s in [0, limit] with fits(s), for a predicate that holds up to
     * some threshold and fails above it. Brackets the threshold by doubling from 1 (1, 2, 4,
     * ..., the limit once a double would pass it) or, when 1 does not fit, by halving from it,
     * then bisects until the bracket [scale, failsAt] is within \p tolerance of scale. The
     * probes do not depend on the limit as long as it is above the threshold, so neither
     * does the answer; a limit that fits is reported as AT_LIMIT ("at least the limit"),
     * never as a number found.
     * \param [in] fits Whether a scale fits
     * \param [in] limit Largest scale looked at (1 to MAX_SCALE_LIMIT; fatal otherwise)
     * \param [in] tolerance Relative tolerance (> 0 and <= 0.5; fatal otherwise), also the
     * smallest scale looked at
     * \return what it found
     */
    static Headroom FindLargestScale(const std::function<bool(double)>& fits,
                                     double limit,
                                     double tolerance);

    /**
     * \brief Headroom: the largest growth factor s of the demands such that a greedy bypass
     * plan (PlanGreedy) of s x demands needs at most \p portBudget router ports, by
     * FindLargestScale with HeadroomTolerance. A scale whose demands exceed the fibres
     * (CheckDemands) or that the greedy planner cannot fit in the fibres' wavelengths does
     * not fit. Each probe plans anew (from the planner's random stream), so the answer is
     * reproducible for given streams.
     * \param [in] demands Demands at scale 1 (Gb/s)
     * \param [in] portBudget Router ports allowed (e.g. the hop-by-hop plan's of the demands)
     * \param [in] limit Largest growth looked at (1 to MAX_SCALE_LIMIT)
     * \param [out] error Invalid demands (the result is then NONE with no plan tried)
     * \return what it found
     */
    Headroom MaxDemandScale(const std::vector<TrafficMatrix::Demand>& demands,
                            uint32_t portBudget,
                            double limit,
                            std::string& error) const;

    /**
     * \brief Plans with the ILP (CBC); the greedy plan, a solution of the same ILP, is
     * returned instead when it is cheaper or CBC finds none in TimeLimit (status says so;
     * bound 0 and gap 1 when CBC proved nothing).
     * \param [in] demands Demands (Gb/s)
     * \param [in] bypass false: hop-by-hop candidates only (the baseline)
     * \param [out] plan The plan
     * \param [out] error Invalid demands, no feasible plan (fibres full), no solution in time
     * \return true on success
     */
    bool PlanIlp(const std::vector<TrafficMatrix::Demand>& demands,
                 bool bypass,
                 BypassPlan& plan,
                 std::string& error) const;

    /**
     * \brief Plans with the heuristic for large networks (see the class description); the
     * perturbations come from the planner's second random stream.
     * \param [in] demands Demands (Gb/s)
     * \param [in] bypass false: hop-by-hop only (the baseline)
     * \param [out] plan The plan
     * \param [out] error Invalid demands, a fibre out of wavelengths
     * \return true on success
     */
    bool PlanGreedy(const std::vector<TrafficMatrix::Demand>& demands,
                    bool bypass,
                    BypassPlan& plan,
                    std::string& error) const;

    /**
     * \brief Plans with the named planner.
     * \param [in] planner "ilp" or "greedy"
     * \param [in] demands Demands (Gb/s)
     * \param [in] bypass false: the hop-by-hop baseline
     * \param [out] plan The plan
     * \param [out] error An unknown planner, or the planner's error
     * \return true on success
     */
    bool Plan(const std::string& planner,
              const std::vector<TrafficMatrix::Demand>& demands,
              bool bypass,
              BypassPlan& plan,
              std::string& error) const;

    /// Failure scenarios.
    enum Failures
    {
        NONE,       //!< No failure
        SINGLE_CUT, //!< Each single fibre cut
        STOCHASTIC, //!< Random sets of cuts
    };

    /**
     * \param [in] name "none", "single-cut" or "stochastic"
     * \param [out] f The kind
     * \return false for an unknown name
     */
    static bool ParseFailures(const std::string& name, Failures& f);

    /**
     * \param [in] f The kind
     * \return the failure scenarios (each a list of cut fibres; NONE: none), drawn from this
     * planner's random stream for STOCHASTIC
     */
    std::vector<std::vector<uint32_t>> Scenarios(Failures f) const;

    /**
     * \brief Adds wavelengths so that under every scenario the surviving lightpaths carry
     * RequiredFraction of every demand (restoration re-routes over them), and re-routes.
     * \param [in] demands Demands (Gb/s)
     * \param [in] scenarios Sets of cut fibres
     * \param [in] bypass false: add hop-by-hop wavelengths only
     * \param [in,out] plan The plan (its costs updated)
     * \param [out] error A scenario no addition survives (a demand cut off), fibres full
     * \return true on success
     */
    bool Protect(const std::vector<TrafficMatrix::Demand>& demands,
                 const std::vector<std::vector<uint32_t>>& scenarios,
                 bool bypass,
                 BypassPlan& plan,
                 std::string& error) const;

    /**
     * \brief The largest fraction of every demand the plan's lightpaths carry at once when
     * the given fibres are cut (max concurrent flow, an LP).
     * \param [in] demands Demands (Gb/s)
     * \param [in] plan The plan
     * \param [in] cut Cut fibres
     * \return the fraction (>= 1: everything carried; capped at 1)
     */
    double CarriedFraction(const std::vector<TrafficMatrix::Demand>& demands,
                           const BypassPlan& plan,
                           const std::vector<uint32_t>& cut) const;

    /**
     * \brief Per express lightpath of a plan, the cost it saves: what its traffic would cost
     * hop by hop (per Gb/s over each of its fibres, at that fibre's hop-by-hop rate) less what
     * its wavelengths cost.
     * \param [in] plan The plan
     * \return (index in plan.links, saving), largest first
     */
    std::vector<std::pair<uint32_t, double>> BypassSavings(const BypassPlan& plan) const;

    /**
     * \brief Recounts a plan's hardware and cost from its links (ports, transponders,
     * regenerators, amplifiers of the lit fibres, ports per site).
     * \param [in,out] plan The plan
     */
    void Cost(BypassPlan& plan) const;

    /// \param [in] stream First random stream \return streams used (2: stochastic cuts, the
    /// greedy planner's perturbations)
    int64_t AssignStreams(int64_t stream);

  private:
    /// Builds one candidate from a fibre path (rate, regenerators, cost); false if no mode.
    bool MakeLightpath(const std::vector<uint32_t>& fibrePath, uint32_t from, Lightpath& lp) const;

    /// Route all demands on the given lightpaths at minimum cost (the ILP or, with
    /// fixed wavelengths, an LP).
    bool Solve(const std::vector<TrafficMatrix::Demand>& demands,
               const std::vector<uint32_t>& candidates,
               const std::vector<uint32_t>& fixedWavelengths,
               const std::vector<uint32_t>& cut,
               double fraction,
               bool integer,
               BypassPlan& plan,
               std::string& error) const;

    /**
     * \brief The greedy planner's last step: removes a link's top wavelength whenever the
     * demands still route over the others (an LP over the plan's links, re-solved by the
     * dual simplex), PolishPasses times over every link, and re-routes by the LP's flow.
     * \param [in] demands Demands
     * \param [in,out] grooming The plan
     */
    void Polish(const std::vector<TrafficMatrix::Demand>& demands, BypassGrooming& grooming) const;

    WanTopology m_fibres;                //!< Fibre layer
    TransceiverModes m_modes;            //!< Modes
    CostCatalog m_catalog;               //!< Unit costs
    std::vector<double> m_fibreInvOsnr;  //!< Per fibre, 1/OSNR (linear) of its line
    std::vector<Lightpath> m_candidates; //!< Candidates, hop-by-hop first
    uint32_t m_nHopByHop{0};             //!< Hop-by-hop candidates
    bool m_ready{false};                 //!< SetNetwork succeeded

    uint32_t m_maxHops;      //!< Longest express lightpath (fibres)
    uint32_t m_pathsPerPair; //!< Candidate fibre paths per pair
    uint32_t m_wavelengths;  //!< Per fibre
    double m_spanKm;         //!< Amplifier spacing
    double m_noiseFigureDb;  //!< Amplifier noise figure
    OpticalChannel::NliModel m_nliModel{
        OpticalChannel::PER_CHANNEL};       //!< NLI model of the fibres' lines
    double m_transmitterOsnrDb;             //!< Transmitter OSNR
    double m_roadmOsnrDb;                   //!< Add/drop ROADM OSNR
    double m_marginDb;                      //!< System margin
    Time m_timeLimit;                       //!< ILP time limit
    double m_requiredFraction;              //!< Under failures
    double m_cutProbability;                //!< Stochastic cuts
    uint32_t m_scenarios;                   //!< Stochastic scenarios
    uint32_t m_searchCycles;                //!< Greedy planner's search cycles
    uint32_t m_slopeRounds;                 //!< Slope-scaling rounds per cycle
    double m_perturbation;                  //!< Price perturbation
    uint32_t m_shedPasses;                  //!< Passes of the moves
    uint64_t m_maxSearches;                 //!< Path searches of one greedy plan's moves
    uint32_t m_polishPasses;                //!< Passes of the LP polish
    double m_headroomTolerance;             //!< MaxDemandScale's relative tolerance
    Ptr<UniformRandomVariable> m_rng;       //!< Stochastic cuts
    Ptr<UniformRandomVariable> m_searchRng; //!< Greedy planner's perturbations
};

} // namespace ns3

#endif /* BYPASS_PLANNER_H */
