/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_SOLVER_H
#define TE_SOLVER_H

#include "te-paths.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Path-based multi-commodity flow for WAN traffic engineering, solved as a linear
 * program with COIN-OR CLP (through LinearProgram).
 *
 * Each commodity (a demand from src to dst) may be split over its candidate paths (from
 * TePaths); f[c][p] >= 0 is the flow of commodity c on its path p.
 *
 * - MAX_FLOW: maximise sum f - sum_a penalty_a x_a subject to sum_p f[c][p] <= demand_c and,
 *   per arc, sum of the f over paths using it <= capacity_a + x_a, 0 <= x_a <= extra_a. A
 *   variable x_a exists only where extra_a > 0: it is the RADWAN-style graph abstraction, a
 *   parallel "fake" link offering capacity beyond what the link carries today (e.g. by changing
 *   its modulation), whose use costs penalty_a per unit (the churn of reconfiguring it).
 * - MIN_MAX_UTILISATION: every demand is routed, sum_p f[c][p] = demand_c, and per arc the load
 *   <= U (capacity_a + extra_a); minimise U. U may exceed 1 (the demand does not fit).
 *
 * Arcs of capacity 0 are down: a path crossing one gets no variable and carries nothing (in
 * MAX_FLOW a commodity left without a path simply gets 0; in MIN_MAX_UTILISATION a commodity of
 * positive demand without a usable path is an error). Commodities of demand 0 are skipped.
 * A path may use an arc more than once; it then loads it once per use.
 *
 * Method (Problem::method): the whole LP at once (FULL_LP), or, for MAX_FLOW, column
 * generation (COLUMN_GENERATION): the LP starts with each commodity's shortest usable path
 * only, and every round prices the other candidate paths with the arc prices of the last
 * solve (a path of commodity c enters when its value, 1 - eps rank, exceeds its price, the sum
 * of its arcs' prices, plus c's own price, max(0, best value - price over c's paths in the
 * LP)), adds the best one per commodity and resolves from the last basis
 * (LinearProgram::Resolve); a commodity's demand row appears when it gets its second path. It
 * stops when no path prices in: the optimum of the full LP, whose size it rarely reaches
 * (most demands stay on one path). AUTO (default) picks column generation for MAX_FLOW
 * problems of COLUMN_GENERATION_PATHS usable paths or more.
 *
 * Model size: one variable per usable path (plus U, plus x_a); a commodity with one usable path
 * is held by that variable's bounds instead of a row; in MAX_FLOW an arc gets a row only if the
 * demands of the paths crossing it could exceed its capacity. Pure LPs of 10,000 variables or
 * more are solved by CLP's primal simplex (see LinearProgram::Solve).
 *
 * Tie-break: among solutions of equal throughput (or utilisation), shorter paths are preferred.
 * Each commodity's paths are ranked by weight (rank = how many of its paths are strictly
 * lighter, so equal weights tie); a unit of flow on a path of rank r is worth 1 - eps r in
 * MAX_FLOW and costs eps r / D in MIN_MAX_UTILISATION (D the total demand), eps =
 * Problem::tieBreak (default 1e-6). It can cost at most eps x (largest rank) of the optimal
 * throughput (relative) or of U (absolute), and it is left out of Solution::objective.
 */
class TeSolver
{
  public:
    /// What to optimise.
    enum Objective
    {
        MAX_FLOW,            //!< Maximise carried flow (less the penalty of extra capacity)
        MIN_MAX_UTILISATION, //!< Route all demand, minimising the highest arc utilisation
    };

    /// How to solve (see the class description).
    enum Method
    {
        AUTO,              //!< COLUMN_GENERATION for large MAX_FLOW problems, else FULL_LP
        FULL_LP,           //!< One LP with every usable path
        COLUMN_GENERATION, //!< Paths priced in round by round (MAX_FLOW only)
    };

    /// AUTO uses column generation from this many usable paths (MAX_FLOW).
    static constexpr uint32_t COLUMN_GENERATION_PATHS = 20000;

    /// One demand and its candidate paths.
    struct Commodity
    {
        uint32_t src{0};           //!< Source node
        uint32_t dst{0};           //!< Destination node
        double demand{0};          //!< Demand, in the unit of the capacities (e.g. Gb/s), >= 0
        std::vector<TePath> paths; //!< Candidate paths from src to dst
    };

    /// A problem over a TeGraph.
    struct Problem
    {
        std::vector<double> capacity;       //!< Per arc, >= 0 (0: the arc is down)
        std::vector<double> extra;          //!< Per arc or empty (none): capacity on offer beyond
                                            //!< `capacity` (graph abstraction), >= 0
        std::vector<double> extraPenalty;   //!< Per arc or empty (0): objective cost per unit of
                                            //!< extra used in MAX_FLOW, >= 0 (0 for a link whose
                                            //!< extra is already in use: churn-free)
        std::vector<Commodity> commodities; //!< The demands
        Objective objective{MAX_FLOW};      //!< What to optimise
        double tieBreak{1e-6};              //!< eps of the shorter-path tie-break (>= 0, < 0.1)
        Method method{AUTO};                //!< How to solve
    };

    /// The answer.
    struct Solution
    {
        bool ok{false};           //!< true if the LP was solved to optimality
        std::string status;       //!< LinearProgram::StatusName of the solve
        double objective{0};      //!< MAX_FLOW: throughput - sum penalty x extra used; MIN_MAX: U
                                  //!< (the tie-break left out)
        double throughput{0};     //!< Sum of allocated flow
        double maxUtilisation{0}; //!< Max over arcs of load / (capacity + extraUsed) in
                                  //!< MAX_FLOW, load / (capacity + extra) in MIN_MAX (= U); 0
                                  //!< if no load
        std::vector<std::vector<double>> pathFlow; //!< Flow [commodity][path]
        std::vector<double> arcLoad;               //!< Total load per arc
        std::vector<double> extraUsed; //!< Per arc, load above `capacity` (0 if none); in
                                       //!< MIN_MAX_UTILISATION it exceeds `extra` when U > 1
        double seconds{0};             //!< Solve wall time (s)
        double buildSeconds{0};        //!< Validation and model build wall time (s)
        uint32_t variables{0};         //!< Variables of the LP
        uint32_t constraints{0};       //!< Constraints of the LP
        uint32_t rounds{0};            //!< Column-generation solves (0: one full LP)
        std::vector<double> arcPrice;  //!< MAX_FLOW: per arc, the dual price of its capacity
                                       //!< (0 without a row; POP: the parts' mean)
        double bound{0};               //!< MAX_FLOW: UpperBound() at arcPrice, >= the optimum
                                       //!< of the whole problem (= objective up to the
                                       //!< tie-break when solved as one LP); ADMM's at
                                       //!< its prices; 0: none (ncflow)
        uint32_t usablePaths{0};       //!< Variables the full LP would have for the paths
        bool timedOut{false};          //!< Solve's time limit stopped the LP (ok false); with
                                       //!< status "feasible" the allocation is the point
                                       //!< reached, feasible, and bound holds
    };

    /**
     * \brief Checks a problem as Solve does, without solving it.
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [out] error The first bad value and what is allowed
     * \return true if the problem is valid over the graph
     */
    static bool Check(const TeGraph& g, const Problem& p, std::string& error);

    /**
     * \brief The tie-break ranks of a commodity's paths, as the LP's objective uses them (a
     * path's cost is 1 - tieBreak x rank in MAX_FLOW).
     * \param [in] g The graph
     * \param [in] p The problem (its capacities)
     * \param [in] c One of its commodities
     * \return per path, the number of the commodity's paths strictly lighter than it
     * (TePaths::Weight), or -1 if the path crosses an arc of capacity 0 (unusable)
     */
    static std::vector<double> PathRanks(const TeGraph& g, const Problem& p, const Commodity& c);

    /**
     * \brief Validates, builds the linear program and solves it.
     * \param [in] g The graph (arc endpoints in range)
     * \param [in] p The problem: capacity sized like g.arcs, extra and extraPenalty empty or
     * sized like g.arcs, every value finite and >= 0; demands finite and >= 0; commodity nodes
     * in range; each path non-empty, of valid arcs, contiguous, from src to dst
     * \param [out] out The solution; unchanged when the input is invalid; on a failed solve,
     * its status, sizes and times (ok false)
     * \param [out] error The bad value (arc, commodity src->dst, path) and what is allowed, or
     * the solver's status
     * \param [in] timeLimitS Wall-clock limit of the whole solve in seconds (0: none). When it
     * passes (CLP's primal simplex stops, or column generation between rounds), out holds the
     * point reached if it is feasible (status "feasible", timedOut, ok false, its flows,
     * loads, arc prices and UpperBound()), else only its status (timedOut); false is returned
     * with the limit in \p error
     * \return true if solved to optimality
     */
    static bool Solve(const TeGraph& g,
                      const Problem& p,
                      Solution& out,
                      std::string& error,
                      double timeLimitS = 0);

    /**
     * \brief Solves a problem as POP does (Narayanan et al., SOSP'21): the commodities are
     * dealt at random into \p parts sub-problems, each with 1/parts of every arc's capacity
     * (and extra), solved independently (\p threads at a time) and merged. The merged flows
     * respect every capacity; the throughput is close to the full LP's when each part holds
     * many commodities (POP: within 1.5%), and the LP time falls faster than linearly.
     * \param [in] g The graph
     * \param [in] p The problem (as for Solve)
     * \param [in] parts Sub-problems (1: Solve)
     * \param [in] threads Sub-problems solved at once (>= 1)
     * \param [out] out The merged solution (seconds: wall time of all solves; buildSeconds:
     * their sum)
     * \param [out] error As for Solve, naming the part
     * \param [in] seed Seed of the deal (the same seed gives the same parts)
     * \return true if every part was solved to optimality
     */
    static bool SolvePartitioned(const TeGraph& g,
                                 const Problem& p,
                                 uint32_t parts,
                                 uint32_t threads,
                                 Solution& out,
                                 std::string& error,
                                 uint64_t seed = 1);

    /**
     * \brief An upper bound on a MAX_FLOW problem's optimum (throughput less penalties) by
     * weak duality: sum_a (capacity_a y_a + extra_a max(0, y_a - penalty_a)) + sum_c demand_c
     * max(0, 1 - min over c's usable paths of the sum of their arcs' y). Any prices y >= 0 give
     * a bound; an optimal LP's duals give the optimum itself.
     * \param [in] g The graph
     * \param [in] p The problem (valid, as for Solve)
     * \param [in] price Per arc, y (negative values count as 0)
     * \return the bound (infinity if the sizes do not match the graph)
     */
    static double UpperBound(const TeGraph& g, const Problem& p, const std::vector<double>& price);

    /**
     * \param [in] s A solution
     * \param [in] commodity Commodity index
     * \return the split of the commodity over its paths: pathFlow / their sum, or equal shares
     * when nothing is allocated (empty for a commodity without paths or out of range)
     */
    static std::vector<double> Splits(const Solution& s, uint32_t commodity);
};

} // namespace ns3

#endif /* TE_SOLVER_H */
