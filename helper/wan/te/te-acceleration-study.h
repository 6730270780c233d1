/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_ACCELERATION_STUDY_H
#define TE_ACCELERATION_STUDY_H

#include "ns3/nstime.h"
#include "ns3/results-store.h"
#include "ns3/te-method.h"
#include "ns3/te-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/// What a TE-acceleration run does (the te-acceleration example's options).
struct TeAccelerationConfig
{
    std::string topology{"b4"};            //!< TeTopology::Load name or file
    double gbpsPerUnit{1.0};               //!< Gb/s per unit of the file's capacities
    std::string method{"admm"};            //!< TeMethod name
    uint32_t intervals{4};                 //!< TE intervals (one matrix each)
    Time interval{Minutes(5)};             //!< Time between matrices
    Time start{Hours(14)};                 //!< Time of day of the first matrix
    uint32_t threads{1};                   //!< Threads of the method (and of the path search)
    std::string matrix{"gravity"};         //!< TrafficMatrix kind
    std::string demandsFile;               //!< Base matrix from a CSV file (src,dst,gbps) instead
    double load{1.0};                      //!< Load of the base matrix (TeTopology::ScaleForLoad)
    double share{1.0};                     //!< Keep the largest pairs carrying this volume share
    double amplitude{0.3};                 //!< Diurnal swing
    double noise{0.1};                     //!< Per-pair noise
    uint32_t paths{4};                     //!< Paths per demand
    std::string pathKind{"edge-disjoint"}; //!< TePaths kind
    uint32_t failures{0};                  //!< Links (both directions) down per interval
    bool compareLp{true};                  //!< Also solve every matrix with the LP
    Time lpTimeLimit{Seconds(0)};          //!< Limit of one LP solve (0: none; TeLpMethod)
    uint32_t certifyIterations{0};         //!< Iterations of the certifying ADMM (0: none)
    std::string modelFile;                 //!< learned: model file (empty: train one first)
    uint32_t trainMatrices{16};            //!< learned without a file: training matrices
    uint32_t trainEpochs{40};              //!< learned without a file: epochs
};

/// One interval's numbers.
struct TeAccelerationInterval
{
    double demandGbps{0};     //!< Offered
    double carriedGbps{0};    //!< Carried by the method
    double lpCarriedGbps{0};  //!< Carried by the LP (compareLp)
    double setupS{0};         //!< Method setup
    double solveS{0};         //!< Method solve
    double lpSetupS{0};       //!< LP setup
    double lpSolveS{0};       //!< LP solve
    double maxUtilisation{0}; //!< Method's highest arc utilisation
    uint32_t failedLinks{0};  //!< Links down
    bool lpOptimal{true};     //!< The LP was solved to optimality (not stopped by its limit)
    double boundGbps{0};      //!< The LP's optimum if known (lpOptimal), else the least upper
                              //!< bound on it (the LP's and every method's Solution::bound);
                              //!< 0: none (compareLp off and no method bound)
};

/// What a run measured.
struct TeAccelerationOutcome
{
    uint32_t nodes{0};                             //!< Topology nodes
    uint32_t arcs{0};                              //!< Topology arcs
    std::size_t commodities{0};                    //!< Demands solved
    std::size_t paths{0};                          //!< Candidate paths
    double pathsS{0};                              //!< Path search (shared by all methods)
    double trainingS{0};                           //!< learned: training (if done here)
    std::vector<TeAccelerationInterval> intervals; //!< Per interval
    double satisfiedPct{0};                        //!< Carried / offered over all intervals (%)
    double lpSatisfiedPct{0};                      //!< The LP's (%)
    double qualityVsLp{0};                         //!< satisfiedPct / lpSatisfiedPct
    double speedupVsLp{0};       //!< LP time / method time (setup + solve, all intervals)
    double solveSMedian{0};      //!< Median method solve time (s)
    double setupSMedian{0};      //!< Median method setup time (s)
    double lpSolveSMedian{0};    //!< Median LP solve time (s)
    double maxUtilisation{0};    //!< Highest arc utilisation of the method over the intervals
    bool feasible{true};         //!< Every allocation passed TeMethod::CheckFeasible
    bool lpOptimal{true};        //!< The LP was optimal in every interval (else the LP's figures
                                 //!< are those of the points it reached, speedupVsLp a lower
                                 //!< bound)
    double qualityLowerBound{0}; //!< Carried / the sum of boundGbps: at most qualityVsLp
                                 //!< against the LP's optimum, equal to it when lpOptimal
    double certifyS{0};          //!< Time of the certifying solves (counted nowhere else)
};

/**
 * \ingroup optical
 * \brief The TE-acceleration study (Teal, NCFlow, POP): one method against the LP on the same
 * series of traffic matrices over a TE topology.
 *
 * Loads the topology, draws the base matrix (TrafficMatrix over the nodes' capacities, scaled
 * to the load; or a file), keeps the largest pairs carrying the share of its volume, finds the
 * candidate paths once, makes the diurnal series (one matrix per interval), and in each
 * interval fails some links at random (capacity 0, both directions), solves with the method
 * (kept across intervals, so warm starts apply) and, with compareLp, with the LP. Random
 * streams come from ns-3's RngSeedManager (--RngRun): the bimodal matrix, the noise and the
 * failures each have their own.
 *
 * An LP given lpTimeLimit may stop before its optimum (large networks take hours): it then
 * counts with the point it reached, its time is a lower bound on the LP's, and the quality of
 * every method is certified against the least upper bound on the LP's optimum that any solve
 * of the interval proved (TeSolver::UpperBound at its arc prices: the LP's, ADMM's), by weak
 * duality. With certifyIterations, every interval whose LP optimum is not known also gets an
 * untimed certifying solve: an "admm" of that many iterations (tolerance 1e-6, warm-started
 * across intervals), whose prices prove a tighter bound than a fast method's; its allocation
 * counts for no method, its time is certifyS.
 */
class TeAccelerationStudy
{
  public:
    /**
     * \param [in] c A configuration
     * \return what is wrong with it (naming the option and what is allowed), or empty
     */
    static std::string Check(const TeAccelerationConfig& c);

    /**
     * \brief Runs the study for one method.
     * \param [in] c The configuration (Check() passed)
     * \param [in] method The method (its attributes already set; Threads is set from c)
     * \param [out] out What it measured
     * \param [out] error Why it could not run
     * \return true on success
     */
    static bool Run(const TeAccelerationConfig& c,
                    Ptr<TeMethod> method,
                    TeAccelerationOutcome& out,
                    std::string& error);

    /**
     * \brief Runs the study for several methods on the same matrices and failures, the LP
     * solved once per interval (c.method is not used).
     * \param [in] c The configuration
     * \param [in] methods The methods
     * \param [out] out One outcome per method
     * \param [out] error Why it could not run
     * \return true on success
     */
    static bool Run(const TeAccelerationConfig& c,
                    const std::vector<Ptr<TeMethod>>& methods,
                    std::vector<TeAccelerationOutcome>& out,
                    std::string& error);

    /**
     * \brief Records a run: ev_te_acceleration (one row per interval) and ev_te_summary.
     * \param [in] store The store (nullptr: nothing)
     * \param [in] runId The run
     * \param [in] c The configuration
     * \param [in] out The outcome
     */
    static void Record(ResultsStore* store,
                       int64_t runId,
                       const TeAccelerationConfig& c,
                       const TeAccelerationOutcome& out);
};

} // namespace ns3

#endif /* TE_ACCELERATION_STUDY_H */
