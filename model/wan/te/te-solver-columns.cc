/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TeSolver's column generation for MAX_FLOW (TeSolver::COLUMN_GENERATION): the restricted LP,
// its feasible start, the pricing of the paths left out and the rounds of Resolve().

#include "te-solver-detail.h"

#include "ns3/optical-util.h"

#include <algorithm>

namespace ns3
{

namespace
{
/// The solver's log component, under its one name.
LogComponent& g_log = tesolverdetail::SolverLog();

using tesolverdetail::PathVar;

/// MAX_FLOW by column generation (see TeSolver): the LP, its rows and columns, and its steps.
struct ColumnGeneration
{
    const TeSolver::Problem& p;                      //!< The problem
    const std::vector<PathVar>& vars;                //!< The usable paths, by commodity
    const std::vector<uint32_t>& firstVar;           //!< Each commodity's first entry in vars
    LinearProgram& lp;                               //!< The LP
    std::vector<uint32_t>& rowOf;                    //!< LP row of each arc (UINT32_MAX: none)
    std::vector<uint32_t>& lpVar;                    //!< LP variable of each path
    std::vector<std::pair<uint32_t, double>> column; //!< Scratch column or row

    /**
     * \param [in] v A usable path
     * \return its arcs
     */
    const TePath& PathOf(uint32_t v) const
    {
        return p.commodities[vars[v].commodity].paths[vars[v].path];
    }

    /**
     * \brief Adds path v's column: its rowed arcs and its commodity's demand row (if any).
     * \param [in] v A usable path
     * \param [in] demandRow Its commodity's demand row (UINT32_MAX: none)
     */
    void AddPath(uint32_t v, uint32_t demandRow)
    {
        column.clear();
        for (uint32_t a : PathOf(v))
        {
            if (rowOf[a] != UINT32_MAX)
            {
                column.emplace_back(rowOf[a], 1.0);
            }
        }
        if (demandRow != UINT32_MAX)
        {
            column.emplace_back(demandRow, 1.0);
        }
        lpVar[v] = lp.AddColumn(0, p.commodities[vars[v].commodity].demand, vars[v].cost, column);
    }

    /**
     * \brief The first LP: arc rows first (arcRow), one column per commodity (its most valuable
     * path), the extra arcs.
     * \param [in] arcRow Arcs that get a capacity row
     * \param [out] extraVar LP variable of each arc's extra capacity (UINT32_MAX: none)
     */
    void AddFirstColumns(const std::vector<char>& arcRow, std::vector<uint32_t>& extraVar)
    {
        const double inf = LinearProgram::Infinity();
        const std::size_t nArcs = arcRow.size();
        const std::size_t nCommodities = p.commodities.size();
        for (std::size_t a = 0; a < nArcs; ++a)
        {
            if (arcRow[a])
            {
                rowOf[a] = lp.GetNConstraints();
                lp.AddConstraint({}, -inf, p.capacity[a]);
            }
        }
        for (std::size_t c = 0; c < nCommodities; ++c)
        {
            if (firstVar[c + 1] == firstVar[c])
            {
                continue;
            }
            uint32_t best = firstVar[c];
            for (uint32_t v = firstVar[c] + 1; v < firstVar[c + 1]; ++v)
            {
                best = vars[v].cost > vars[best].cost ? v : best;
            }
            AddPath(best, UINT32_MAX);
        }
        for (std::size_t a = 0; a < nArcs; ++a)
        {
            const double extra = p.extra.empty() ? 0.0 : p.extra[a];
            if (arcRow[a] && extra > 0)
            {
                extraVar[a] = lp.AddColumn(0,
                                           extra,
                                           p.extraPenalty.empty() ? 0.0 : -p.extraPenalty[a],
                                           {{rowOf[a], -1.0}});
            }
        }
    }

    /// \brief A feasible start: each commodity's whole demand on its path where it still fits,
    /// the shortest paths (fewest arcs: the most throughput per unit of capacity) first.
    void SetFeasibleStart()
    {
        std::vector<uint32_t> order;
        for (uint32_t v = 0; v < vars.size(); ++v)
        {
            if (lpVar[v] != UINT32_MAX)
            {
                order.push_back(v);
            }
        }
        std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
            return PathOf(x).size() < PathOf(y).size();
        });
        std::vector<double> residual(p.capacity);
        std::vector<bool> atUpper(lp.GetNVariables(), false);
        for (uint32_t v : order)
        {
            const double d = p.commodities[vars[v].commodity].demand;
            const TePath& path = PathOf(v);
            if (std::all_of(path.begin(), path.end(), [&](uint32_t a) {
                    return rowOf[a] == UINT32_MAX || residual[a] >= d;
                }))
            {
                for (uint32_t a : path)
                {
                    residual[a] -= d;
                }
                atUpper[lpVar[v]] = true;
            }
        }
        lp.SetStart(atUpper);
    }

    /**
     * \brief Pricing: each commodity's path of the largest reduced cost above its own price
     * (the least that keeps its paths in the LP priced out) by more than tolerance.
     * \param [in] r The last solve's (optimal) result
     * \param [in] tolerance Least excess of reduced cost that prices a path in
     * \param [in,out] price Scratch: the price of each arc
     * \param [out] entering The paths that enter
     */
    void Price(const LinearProgram::Result& r,
               double tolerance,
               std::vector<double>& price,
               std::vector<uint32_t>& entering) const
    {
        for (std::size_t a = 0; a < price.size(); ++a)
        {
            price[a] = rowOf[a] == UINT32_MAX ? 0.0 : r.duals[rowOf[a]];
        }
        auto reduced = [&](uint32_t v) {
            double len = 0;
            for (uint32_t a : PathOf(v))
            {
                len += price[a];
            }
            return vars[v].cost - len;
        };
        entering.clear();
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            // The commodity's own price: the least that keeps every path in the LP priced out.
            double own = 0;
            for (uint32_t v = firstVar[c]; v < firstVar[c + 1]; ++v)
            {
                if (lpVar[v] != UINT32_MAX)
                {
                    own = std::max(own, reduced(v));
                }
            }
            uint32_t best = UINT32_MAX;
            double bestValue = tolerance;
            for (uint32_t v = firstVar[c]; v < firstVar[c + 1]; ++v)
            {
                if (lpVar[v] == UINT32_MAX)
                {
                    const double value = reduced(v) - own;
                    if (value > bestValue)
                    {
                        best = v;
                        bestValue = value;
                    }
                }
            }
            if (best != UINT32_MAX)
            {
                entering.push_back(best);
            }
        }
    }

    /**
     * \brief Adds the entering paths' columns; a commodity's second path turns its demand into
     * a row over its paths.
     * \param [in] entering The paths that enter
     * \param [in,out] demandRow Each commodity's demand row (UINT32_MAX: none yet)
     */
    void Enter(const std::vector<uint32_t>& entering, std::vector<uint32_t>& demandRow)
    {
        const double inf = LinearProgram::Infinity();
        for (uint32_t v : entering)
        {
            const uint32_t c = vars[v].commodity;
            if (demandRow[c] == UINT32_MAX)
            {
                // Its second path: the demand becomes a row over its paths.
                column.clear();
                for (uint32_t w = firstVar[c]; w < firstVar[c + 1]; ++w)
                {
                    if (lpVar[w] != UINT32_MAX)
                    {
                        column.emplace_back(lpVar[w], 1.0);
                    }
                }
                demandRow[c] = lp.GetNConstraints();
                lp.AddConstraint(column, -inf, p.commodities[c].demand);
            }
            AddPath(v, demandRow[c]);
        }
    }
};

} // namespace

namespace tesolverdetail
{

LinearProgram::Result
SolveByColumns(const TeSolver::Problem& p,
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
               double timeLimitS)
{
    ColumnGeneration cg{p, vars, firstVar, lp, rowOf, lpVar, {}};
    cg.AddFirstColumns(arcRow, extraVar);
    cg.SetFeasibleStart();
    buildSeconds = optical::SecondsSince(start);
    // A path prices in when its reduced cost exceeds this: above CLP's dual tolerance (1e-7),
    // below the tie-break's steps (1e-6 by default).
    const double tolerance = std::min(1e-7, 0.5 * p.tieBreak + 1e-9);
    std::vector<uint32_t> demandRow(p.commodities.size(), UINT32_MAX);
    std::vector<double> price(arcRow.size(), 0);
    std::vector<uint32_t> entering;
    for (;;)
    {
        double left = 0;
        if (timeLimitS > 0)
        {
            left = timeLimitS - optical::SecondsSince(start);
            if (left <= 0)
            {
                left = 1e-3; // CLP stops at once, from the last round's optimal basis
            }
        }
        LinearProgram::Result r = lp.Resolve(left);
        ++rounds;
        if (r.status != LinearProgram::OPTIMAL)
        {
            return r;
        }
        if (timeLimitS > 0 && optical::SecondsSince(start) >= timeLimitS)
        {
            // The restricted LP's optimum: feasible, not proven optimal for every path.
            r.status = LinearProgram::FEASIBLE;
            return r;
        }
        cg.Price(r, tolerance, price, entering);
        NS_LOG_INFO("TE column generation round " << rounds << ": objective " << r.objective << ", "
                                                  << entering.size() << " paths enter, "
                                                  << optical::SecondsSince(start) << " s");
        if (entering.empty())
        {
            return r;
        }
        cg.Enter(entering, demandRow);
    }
}

} // namespace tesolverdetail
} // namespace ns3
