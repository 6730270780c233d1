/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_SOLVER_DETAIL_H
#define TE_SOLVER_DETAIL_H

// Private to TeSolver's source files (not installed): what its full LP (te-solver.cc) and its
// column generation (te-solver-columns.cc) share.

#include "te-solver.h"

#include "ns3/linear-program.h"
#include "ns3/log.h"

#include <chrono>
#include <cstdint>
#include <vector>

namespace ns3
{
namespace tesolverdetail
{

/**
 * \brief The log component "TeSolver" (defined in te-solver.cc), which the solver's other
 * source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& SolverLog();

/// A usable path of a commodity: a variable of the full LP.
struct PathVar
{
    uint32_t commodity; //!< Commodity index
    uint32_t path;      //!< Path index within the commodity
    double cost;        //!< Objective coefficient (value of flow with the tie-break)
};

/**
 * \brief MAX_FLOW by column generation (see TeSolver): arc rows first (arcRow), one column per
 * commodity (its most valuable path), the extra arcs; then rounds of pricing and Resolve().
 * \param [in] p The problem
 * \param [in] vars The usable paths, by commodity
 * \param [in] firstVar Each commodity's first entry in vars (and the end)
 * \param [in] arcRow Arcs that get a capacity row
 * \param [in] start When the solve started
 * \param [out] lp The final LP
 * \param [out] rowOf LP row of each arc (UINT32_MAX: none)
 * \param [out] lpVar LP variable of each path (UINT32_MAX: never entered)
 * \param [out] extraVar LP variable of each arc's extra capacity (UINT32_MAX: none)
 * \param [out] rounds Solves
 * \param [out] buildSeconds Time from start to the first model
 * \param [in] timeLimitS Wall-clock limit from start (0: none): when it passes, the last
 * round's point comes back FEASIBLE
 * \return the last solve's result
 */
LinearProgram::Result SolveByColumns(const TeSolver::Problem& p,
                                     const std::vector<PathVar>& vars,
                                     const std::vector<uint32_t>& firstVar,
                                     const std::vector<char>& arcRow,
                                     std::chrono::steady_clock::time_point start,
                                     LinearProgram& lp,
                                     std::vector<uint32_t>& rowOf,
                                     std::vector<uint32_t>& lpVar,
                                     std::vector<uint32_t>& extraVar,
                                     uint32_t& rounds,
                                     double& buildSeconds,
                                     double timeLimitS);

} // namespace tesolverdetail
} // namespace ns3

#endif /* TE_SOLVER_DETAIL_H */
