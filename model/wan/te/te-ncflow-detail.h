/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_NCFLOW_DETAIL_H
#define TE_NCFLOW_DETAIL_H

// Private to TeNcflowMethod's source files (not installed): the log component and the NONE
// marker they share, and the sub-problems and state of one solve past the clustering, which
// te-ncflow.cc (the contracted problem) and te-ncflow-rounds.cc (the sub-problems' rounds) share.

#include "te-ncflow.h"

#include "ns3/log.h"

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <oneapi/tbb/task_arena.h>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{
namespace ncflowdetail
{

/**
 * \brief The log component "TeNcflowMethod" (defined in te-ncflow.cc), which the method's
 * other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& NcflowLog();

/// Marks a node not reached, or not yet in a cluster; an entry that is none.
constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();

/// Hash of a cluster sequence.
struct SequenceHash
{
    /// \param [in] s The sequence \return its hash
    std::size_t operator()(const std::vector<uint32_t>& s) const
    {
        uint64_t h = 1469598103934665603ULL;
        for (uint32_t x : s)
        {
            h = (h ^ x) * 1099511628211ULL;
        }
        return static_cast<std::size_t>(h);
    }
};

/// A sub-problem: one cluster's intra-cluster commodities, or one cluster pair's.
struct SubProblem
{
    std::vector<uint32_t> members; //!< Original commodity of each of its commodities
    std::vector<uint32_t> arcs;    //!< Arcs its eligible paths use
    std::vector<double> load;      //!< Per entry of arcs, the estimated load, then the share
    std::vector<double> potential; //!< Per entry of arcs, the demand of its paths over the arc
    std::vector<uint32_t> solved;  //!< Members in the LP (round 2: those with demand left)
    double demand{0};              //!< Its commodities' demand
    std::size_t paths{0};          //!< Its commodities' paths
    TeSolver::Problem problem;     //!< The LP, once built
    TeSolver::Solution solution;   //!< Its answer
    std::string error;             //!< Why it failed
    bool ok{false};                //!< Solved
};

/**
 * One ncflow solve past the clustering (steps 2 to 5 of te-ncflow.cc's file comment): the
 * contracted problem and its routes, the sub-problems, and their two rounds, each step a member
 * function.
 */
struct Decomposition
{
    /**
     * \param [in] graph The graph
     * \param [in] problem The problem
     * \param [in] clusterOf Each node's cluster
     * \param [in] clusters Clusters (>= 2)
     * \param [in] started When the solve started
     */
    Decomposition(const TeGraph& graph,
                  const TeSolver::Problem& problem,
                  const std::vector<uint32_t>& clusterOf,
                  uint32_t clusters,
                  std::chrono::steady_clock::time_point started)
        : g(graph),
          p(problem),
          cluster(clusterOf),
          k(clusters),
          start(started),
          arcs(graph.arcs.size())
    {
    }

    const TeGraph& g;                                  //!< The graph
    const TeSolver::Problem& p;                        //!< The problem
    const std::vector<uint32_t>& cluster;              //!< Each node's cluster
    const uint32_t k;                                  //!< Clusters
    const std::chrono::steady_clock::time_point start; //!< When the solve started
    const std::size_t arcs;                            //!< Arcs of the graph

    // 2. The contracted graph and problem, the sub-problems and the routes.
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> contractedArc; //!< (from, to) -> arc
    TeGraph cg;                                                      //!< The contracted graph
    TeSolver::Problem cp;                                            //!< The contracted problem
    std::vector<uint32_t> pairGroup; //!< Per cluster pair x k + y: its sub-problem (NONE: none)
    std::vector<std::pair<uint32_t, uint32_t>> groupPairs; //!< First and last pair of a group
    std::vector<SubProblem> sub; //!< 0 .. k-1 intra-cluster (by cluster), then the groups
    std::unordered_map<std::vector<uint32_t>, uint32_t, SequenceHash>
        routeId;                          //!< Cluster sequence -> route
    std::vector<uint32_t> routeCommodity; //!< Route -> contracted commodity
    std::vector<uint32_t> routePath;      //!< Route -> its path in the contracted commodity
    std::vector<double> routeDemand;      //!< Route -> demand of the commodities with a path on it
    std::vector<uint32_t> pathRoute;      //!< Flat: route of each path of inter commodities
    std::vector<std::size_t> firstPath;   //!< Per commodity + 1: its first entry in pathRoute
    std::vector<uint32_t> touched;        //!< Scratch: routes (groups) of one commodity
    TeSolver::Solution cs;                //!< The contracted LP's answer
    std::vector<double> budget;           //!< Per route, its flow in the contracted LP

    // 3.-5. The two rounds of the sub-problems.
    std::vector<uint32_t> order;          //!< Sub-problems with members, largest first
    std::vector<double> scratchLoad;      //!< Scratch per arc: one sub-problem's load
    std::vector<double> scratchPotential; //!< Scratch per arc: one sub-problem's potential
    std::vector<uint32_t> arcMark;        //!< Per arc, the last sub-problem that listed it
    std::vector<double> routeShare;       //!< Scratch: one commodity's share of each group
    std::vector<double> groupWeight;      //!< Scratch: the paths of each group
    std::vector<uint32_t> groupOf;        //!< Scratch: each path's group (NONE: not eligible)
    std::vector<double> totalLoad;        //!< Per arc, the sub-problems' estimated loads
    std::vector<double> totalPotential;   //!< Per arc, the sub-problems' potentials
    std::vector<double> capacity;         //!< Per arc, what the round shares
    std::vector<double> left;             //!< Per commodity, the demand left
    double carried[2] = {0, 0};           //!< Flow carried by each round

    /**
     * \param [in] a An arc
     * \return true if it is up (positive capacity)
     */
    bool Up(uint32_t a) const;

    /**
     * \param [in] path A path
     * \return true if every arc of it is up
     */
    bool Usable(const TePath& path) const;

    /// \brief The contracted graph: one arc per ordered pair of clusters with arcs up between
    /// them, of their summed capacity.
    void Contract();

    /// \brief The inter-cluster sub-problems: the cluster pairs of each source cluster, in order
    /// of destination, grouped while a group holds at most PATHS_PER_SUBPROBLEM candidate paths
    /// (a pair alone may hold more); sizes sub.
    void GroupPairs();

    /// \brief Deals the commodities to their sub-problems, and the inter-cluster ones' usable
    /// paths to the routes (their cluster sequences) of the contracted commodities.
    void CollectRoutes();

    /**
     * \brief Solves the contracted LP; each route's flow is its budget.
     * \param [out] error Why it failed
     * \return false if it failed
     */
    bool SolveContracted(std::string& error);

    /**
     * \brief The two rounds of the sub-problems: first on the capacities (estimated loads from
     * the budgets), then on what they left (shares by potential only).
     * \param [in] threads Threads of the task arena
     * \param [in] buildContracted Build time of the contracted problem (s)
     * \param [out] out The allocation
     * \param [out] error Why it failed
     * \return false if a sub-problem failed
     */
    bool RunRounds(uint32_t threads,
                   double buildContracted,
                   TeSolver::Solution& out,
                   std::string& error);

    /**
     * \brief Sets up the rounds: the sub-problems' order, out's flows and counts, the scratch.
     * \param [in] buildContracted Build time of the contracted problem (s)
     * \param [out] out The allocation
     */
    void StartRounds(double buildContracted, TeSolver::Solution& out);

    /**
     * \brief Each commodity's demand left by the allocation so far.
     * \param [in] out The allocation
     */
    void ComputeLeft(const TeSolver::Solution& out);

    /**
     * \brief A sub-problem's eligible commodities (solved), and its estimated loads (first
     * round) and potentials over the arcs it may use, sparse.
     * \param [in] i The sub-problem
     * \param [in] first Whether this is the first round
     */
    void EstimateLoads(uint32_t i, bool first);

    /// \brief Each arc's shares (in each SubProblem::load): in proportion to the estimates if
    /// they exceed the capacity, else the estimates plus the rest in proportion to the
    /// potentials. They sum to the capacity (or less).
    void ShareCapacity();

    /**
     * \brief Builds the sub-problems' LPs on their shares, in parallel.
     * \param [in,out] arena The task arena
     */
    void BuildSubProblems(tbb::task_arena& arena);

    /**
     * \brief Solves the sub-problems, all at once.
     * \param [in,out] arena The task arena
     */
    void SolveSubProblems(tbb::task_arena& arena);

    /**
     * \brief Adds the sub-problems' flows and counts to the allocation.
     * \param [in] round The round (0 or 1)
     * \param [in,out] out The allocation
     * \param [out] error Why a sub-problem failed
     * \return false if one failed
     */
    bool Merge(int round, TeSolver::Solution& out, std::string& error);

    /**
     * \brief The capacity the first round left, an arc's room below a relative 1e-6 counting
     * none.
     * \param [in] out The allocation of the first round
     */
    void SubtractFirstRound(const TeSolver::Solution& out);
};

} // namespace ncflowdetail
} // namespace ns3

#endif /* TE_NCFLOW_DETAIL_H */
