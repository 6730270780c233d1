/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CAPACITY_PLANNER_H
#define CAPACITY_PLANNER_H

#include "ns3/te-paths.h"
#include "ns3/te-solver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief WAN capacity planning: which fibres get more wavelengths, and how many, so that every
 * planning snapshot of demand (grown to the next period) is carried, at the least cost; a
 * mixed-integer program on CBC (LinearProgram).
 *
 * Variables: per fibre f the whole number of units added, n_f in [0, maxUnits], each adding
 * unitGbps_f to both of the fibre's arcs at unitCost_f; per snapshot s, demand c and candidate
 * path k a flow x_sck >= 0. Constraints: per snapshot and demand, sum_k x_sck = growth x d_sc
 * (all of it is carried); per snapshot and arc a, sum of the flows over a <= capacity_a +
 * unitGbps_f(a) n_f(a). Objective: min sum_f unitCost_f n_f (+ 1e-6 per Gb/s-hop of flow, so
 * that among plans of equal cost the shortest routes are taken and the answer is unique).
 */
class CapacityPlanner
{
  public:
    /// A planning problem.
    struct Problem
    {
        TeGraph graph;                                //!< Arcs
        std::vector<double> capacity;                 //!< Per arc, installed (Gb/s, >= 0)
        std::vector<uint32_t> arcFibre;               //!< Per arc, its fibre
        std::vector<double> unitGbps;                 //!< Per fibre: Gb/s a unit adds (> 0)
        std::vector<double> unitCost;                 //!< Per fibre: cost of a unit (>= 0)
        std::vector<TeSolver::Commodity> commodities; //!< Demands' paths (demand unused)
        std::vector<std::vector<double>> snapshots;   //!< [snapshot][commodity] demand (Gb/s)
        double growth{1};                             //!< Factor on every snapshot (>= 1)
        uint32_t maxUnits{64};                        //!< Most units on one fibre
    };

    /// A plan.
    struct Plan
    {
        bool ok{false};              //!< A plan was found (optimal or feasible at the limit)
        std::string status;          //!< LinearProgram::StatusName of the solve
        std::vector<uint32_t> units; //!< Per fibre, units added
        double cost{0};              //!< Sum of unit costs
        double gap{0};               //!< CBC's relative gap (0: proven optimal)
        double seconds{0};           //!< Solve wall time (s)
        uint32_t variables{0};       //!< Variables of the program
    };

    /**
     * \brief Plans.
     * \param [in] problem The problem
     * \param [in] timeLimitS CBC's time limit (s; 0: none)
     * \param [out] plan The plan
     * \param [out] error Inconsistent sizes, a path over an unknown arc, a negative or
     * non-finite number, no snapshot, no plan (demand that no path can carry even with
     * maxUnits everywhere)
     * \return false on error
     */
    static bool Solve(const Problem& problem, double timeLimitS, Plan& plan, std::string& error);

    /**
     * \brief How much two plans agree on where to add capacity.
     * \param [in] a A plan
     * \param [in] b Another, over the same fibres
     * \return the fibres both augment over the fibres either augments, in percent (100 when
     * neither augments any)
     */
    static double Agreement(const Plan& a, const Plan& b);
};

} // namespace ns3

#endif /* CAPACITY_PLANNER_H */
