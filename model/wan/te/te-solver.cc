/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TeSolver: validation, the full LP (its columns, rows and solution), Solve, POP's
// SolvePartitioned and the dual bound; its column generation is in te-solver-columns.cc.

#include "te-solver.h"

#include "te-solver-detail.h"

#include "ns3/linear-program.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <thread>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeSolver");

namespace tesolverdetail
{

LogComponent&
SolverLog()
{
    return g_log;
}

} // namespace tesolverdetail

namespace
{

using tesolverdetail::PathVar;
using tesolverdetail::SolveByColumns;

/// \return "arc i (u->v)"
std::string
ArcName(const TeGraph& g, std::size_t i)
{
    return "arc " + std::to_string(i) + " (" + std::to_string(g.arcs[i].from) + "->" +
           std::to_string(g.arcs[i].to) + ")";
}

/// \return "commodity c (s->d)"
std::string
CommodityName(const TeSolver::Commodity& c, std::size_t i)
{
    return "commodity " + std::to_string(i) + " (" + std::to_string(c.src) + "->" +
           std::to_string(c.dst) + ")";
}

/// \return the value as text, with enough digits to tell it apart
std::string
Number(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/**
 * \param [in] g The graph
 * \param [in] p The problem
 * \param [out] error The first bad value
 * \return true if the problem is valid over the graph
 */
bool
Validate(const TeGraph& g, const TeSolver::Problem& p, std::string& error)
{
    if (!TePaths::Check(g, error))
    {
        return false;
    }
    const std::size_t arcs = g.arcs.size();
    const std::string arcCount = std::to_string(arcs) + " arcs";
    if (p.capacity.size() != arcs)
    {
        error = "capacity has " + std::to_string(p.capacity.size()) +
                " values, but the graph has " + arcCount + " (need one per arc)";
        return false;
    }
    const std::pair<const char*, const std::vector<double>*> perArc[] = {
        {"capacity", &p.capacity},
        {"extra", &p.extra},
        {"extraPenalty", &p.extraPenalty}};
    for (const auto& [name, values] : perArc)
    {
        if (!values->empty() && values->size() != arcs)
        {
            error = std::string(name) + " has " + std::to_string(values->size()) +
                    " values, but the graph has " + arcCount + " (need one per arc, or none)";
            return false;
        }
        for (std::size_t i = 0; i < values->size(); ++i)
        {
            if (!std::isfinite((*values)[i]) || (*values)[i] < 0)
            {
                error = std::string(name) + " of " + ArcName(g, i) + " is " + Number((*values)[i]) +
                        " (need a finite value >= 0)";
                return false;
            }
        }
    }
    if (p.objective != TeSolver::MAX_FLOW && p.objective != TeSolver::MIN_MAX_UTILISATION)
    {
        error = "objective " + std::to_string(static_cast<int>(p.objective)) +
                " is unknown (allowed: MAX_FLOW, MIN_MAX_UTILISATION)";
        return false;
    }
    if (p.method != TeSolver::AUTO && p.method != TeSolver::FULL_LP &&
        p.method != TeSolver::COLUMN_GENERATION)
    {
        error = "method " + std::to_string(static_cast<int>(p.method)) +
                " is unknown (allowed: AUTO, FULL_LP, COLUMN_GENERATION)";
        return false;
    }
    if (p.method == TeSolver::COLUMN_GENERATION && p.objective != TeSolver::MAX_FLOW)
    {
        error = "method COLUMN_GENERATION needs the MAX_FLOW objective (MIN_MAX_UTILISATION "
                "routes every demand: use FULL_LP or AUTO)";
        return false;
    }
    if (!std::isfinite(p.tieBreak) || p.tieBreak < 0 || p.tieBreak >= 0.1)
    {
        error = "tieBreak " + Number(p.tieBreak) + " is out of range (need 0 <= tieBreak < 0.1)";
        return false;
    }
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const TeSolver::Commodity& k = p.commodities[c];
        const std::string name = CommodityName(k, c);
        if (k.src >= g.nodes || k.dst >= g.nodes)
        {
            error = name + ": node " + std::to_string(std::max(k.src, k.dst)) +
                    " is out of range (the graph has " + std::to_string(g.nodes) + " nodes)";
            return false;
        }
        if (!std::isfinite(k.demand) || k.demand < 0)
        {
            error = name + ": demand " + Number(k.demand) + " (need a finite value >= 0)";
            return false;
        }
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const TePath& path = k.paths[q];
            const std::string pathName = name + ": path " + std::to_string(q);
            if (path.empty())
            {
                error = pathName + " is empty (need at least one arc)";
                return false;
            }
            uint32_t at = k.src;
            for (std::size_t j = 0; j < path.size(); ++j)
            {
                const uint32_t a = path[j];
                if (a >= arcs)
                {
                    error = pathName + " uses arc " + std::to_string(a) + ", but the graph has " +
                            arcCount + (arcs ? " (0 to " + std::to_string(arcs - 1) + ")" : "");
                    return false;
                }
                if (g.arcs[a].from != at)
                {
                    error = pathName + " is not contiguous: " + ArcName(g, a) +
                            " does not start at node " + std::to_string(at) +
                            (j == 0 ? ", the source"
                                    : ", where arc " + std::to_string(path[j - 1]) + " ends");
                    return false;
                }
                at = g.arcs[a].to;
            }
            if (at != k.dst)
            {
                error = pathName + " ends at node " + std::to_string(at) +
                        ", not at the destination " + std::to_string(k.dst);
                return false;
            }
        }
    }
    return true;
}

/// Arc a's extra capacity (0 without TeSolver::Problem::extra).
double
ExtraOf(const TeSolver::Problem& p, std::size_t a)
{
    return p.extra.empty() ? 0.0 : p.extra[a];
}

/// The penalty per unit of arc a's extra capacity (0 without TeSolver::Problem::extraPenalty).
double
PenaltyOf(const TeSolver::Problem& p, std::size_t a)
{
    return p.extraPenalty.empty() ? 0.0 : p.extraPenalty[a];
}

/**
 * \brief The usable paths (no arc down) of each commodity of positive demand, their costs from
 * their ranks by weight, and how many variables use each arc.
 * \param [in] g The graph
 * \param [in] p The problem
 * \param [in] maxFlow Whether the objective is MAX_FLOW
 * \param [out] vars The usable paths, by commodity
 * \param [out] firstVar Each commodity's first entry in vars (and the end); sized by the caller
 * \param [out] arcUses How many variables use each arc; sized by the caller
 * \param [out] arcLoadBound Sum of demand x use over the variables of each arc; sized by the caller
 * \param [out] error Why not, on false
 * \return false when MIN_MAX_UTILISATION has a commodity of positive demand without a usable path
 */
bool
CollectPathVars(const TeGraph& g,
                const TeSolver::Problem& p,
                bool maxFlow,
                std::vector<PathVar>& vars,
                std::vector<uint32_t>& firstVar,
                std::vector<uint32_t>& arcUses,
                std::vector<double>& arcLoadBound,
                std::string& error)
{
    double totalDemand = 0;
    for (const TeSolver::Commodity& c : p.commodities)
    {
        totalDemand += c.demand;
    }
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const TeSolver::Commodity& k = p.commodities[c];
        firstVar[c] = static_cast<uint32_t>(vars.size());
        if (k.demand <= 0)
        {
            continue;
        }
        const std::vector<double> ranks = TeSolver::PathRanks(g, p, k);
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const TePath& path = k.paths[q];
            const double rank = ranks[q];
            if (rank < 0)
            {
                continue;
            }
            const double cost = maxFlow ? 1 - p.tieBreak * rank : p.tieBreak * rank / totalDemand;
            vars.push_back({static_cast<uint32_t>(c), static_cast<uint32_t>(q), cost});
            for (uint32_t a : path)
            {
                ++arcUses[a];
                arcLoadBound[a] += k.demand;
            }
        }
        if (!maxFlow && vars.size() == firstVar[c])
        {
            error = CommodityName(k, c) + " has demand " + Number(k.demand) + " but " +
                    (k.paths.empty() ? std::string("no path")
                                     : "every one of its " + std::to_string(k.paths.size()) +
                                           " paths crosses an arc of capacity 0") +
                    " (MIN_MAX_UTILISATION must route every demand)";
            return false;
        }
    }
    firstVar[p.commodities.size()] = static_cast<uint32_t>(vars.size());
    return true;
}

/**
 * \brief The columns of the full LP (every usable path): one per path, then U
 * (MIN_MAX_UTILISATION) or each rowed arc's extra capacity (MAX_FLOW).
 * \param [in] p The problem
 * \param [in] maxFlow Whether the objective is MAX_FLOW
 * \param [in] vars The usable paths, by commodity
 * \param [in] firstVar Each commodity's first entry in vars (and the end)
 * \param [in] arcRow Arcs that get a capacity row
 * \param [in,out] lp The LP
 * \param [out] lpVar LP variable of each path
 * \param [out] extraVar LP variable of each arc's extra capacity (UINT32_MAX: none)
 * \param [out] uVar LP variable of U (MIN_MAX_UTILISATION)
 */
void
AddFullColumns(const TeSolver::Problem& p,
               bool maxFlow,
               const std::vector<PathVar>& vars,
               const std::vector<uint32_t>& firstVar,
               const std::vector<char>& arcRow,
               LinearProgram& lp,
               std::vector<uint32_t>& lpVar,
               std::vector<uint32_t>& extraVar,
               uint32_t& uVar)
{
    const double inf = LinearProgram::Infinity();
    for (uint32_t v = 0; v < vars.size(); ++v)
    {
        const double demand = p.commodities[vars[v].commodity].demand;
        const bool alone = firstVar[vars[v].commodity + 1] - firstVar[vars[v].commodity] == 1;
        // A commodity's only usable path carries it all (MIN_MAX) or up to it (MAX_FLOW) by
        // its bounds, without a row.
        lpVar[v] = lp.AddVariable(!maxFlow && alone ? demand : 0, demand, vars[v].cost, false);
    }
    if (!maxFlow)
    {
        uVar = lp.AddVariable(0, inf, 1, false, "U");
    }
    else
    {
        for (std::size_t a = 0; a < arcRow.size(); ++a)
        {
            if (arcRow[a] && ExtraOf(p, a) > 0)
            {
                extraVar[a] = lp.AddVariable(0,
                                             ExtraOf(p, a),
                                             -PenaltyOf(p, a),
                                             false,
                                             "extra" + std::to_string(a));
            }
        }
    }
}

/**
 * \brief The rows of the full LP: each commodity's demand over its paths (two or more), then each
 * rowed arc's capacity.
 * \param [in] p The problem
 * \param [in] maxFlow Whether the objective is MAX_FLOW
 * \param [in] vars The usable paths, by commodity
 * \param [in] firstVar Each commodity's first entry in vars (and the end)
 * \param [in] arcRow Arcs that get a capacity row
 * \param [in] arcUses How many variables use each arc
 * \param [in] extraVar LP variable of each arc's extra capacity (UINT32_MAX: none)
 * \param [in] uVar LP variable of U (MIN_MAX_UTILISATION)
 * \param [in,out] lp The LP
 * \param [out] rowOf LP row of each arc (UINT32_MAX: none)
 */
void
AddFullRows(const TeSolver::Problem& p,
            bool maxFlow,
            const std::vector<PathVar>& vars,
            const std::vector<uint32_t>& firstVar,
            const std::vector<char>& arcRow,
            const std::vector<uint32_t>& arcUses,
            const std::vector<uint32_t>& extraVar,
            uint32_t uVar,
            LinearProgram& lp,
            std::vector<uint32_t>& rowOf)
{
    const double inf = LinearProgram::Infinity();
    const std::size_t nArcs = arcRow.size();
    std::vector<std::pair<uint32_t, double>> terms;
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        if (firstVar[c + 1] - firstVar[c] < 2)
        {
            continue;
        }
        terms.clear();
        for (uint32_t v = firstVar[c]; v < firstVar[c + 1]; ++v)
        {
            terms.emplace_back(v, 1.0);
        }
        const double demand = p.commodities[c].demand;
        lp.AddConstraint(terms, maxFlow ? -inf : demand, demand);
    }
    // Arc rows: the variables of each arc, collected in one pass.
    std::vector<std::vector<std::pair<uint32_t, double>>> arcTerms(nArcs);
    for (std::size_t a = 0; a < nArcs; ++a)
    {
        if (arcRow[a])
        {
            arcTerms[a].reserve(arcUses[a] + 1);
        }
    }
    for (uint32_t v = 0; v < vars.size(); ++v)
    {
        for (uint32_t a : p.commodities[vars[v].commodity].paths[vars[v].path])
        {
            if (arcRow[a])
            {
                arcTerms[a].emplace_back(v, 1.0);
            }
        }
    }
    for (std::size_t a = 0; a < nArcs; ++a)
    {
        if (!arcRow[a])
        {
            continue;
        }
        rowOf[a] = lp.GetNConstraints();
        if (maxFlow)
        {
            if (extraVar[a] != UINT32_MAX)
            {
                arcTerms[a].emplace_back(extraVar[a], -1.0);
            }
            lp.AddConstraint(arcTerms[a], -inf, p.capacity[a]);
        }
        else
        {
            arcTerms[a].emplace_back(uVar, -(p.capacity[a] + ExtraOf(p, a)));
            lp.AddConstraint(arcTerms[a], -inf, 0);
        }
        std::vector<std::pair<uint32_t, double>>().swap(arcTerms[a]);
    }
}

/**
 * \brief Reads an optimal LP's solution into s: arc prices and the bound (MAX_FLOW), each path's
 * flow, the arc loads, the extra capacity used, the maximum utilisation and the objective.
 * \param [in] g The graph
 * \param [in] p The problem
 * \param [in] maxFlow Whether the objective is MAX_FLOW
 * \param [in] vars The usable paths, by commodity
 * \param [in] lpVar LP variable of each path (UINT32_MAX: never entered)
 * \param [in] extraVar LP variable of each arc's extra capacity (UINT32_MAX: none)
 * \param [in] rowOf LP row of each arc (UINT32_MAX: none)
 * \param [in] uVar LP variable of U (MIN_MAX_UTILISATION)
 * \param [in] r The LP's optimal result
 * \param [in,out] s The solution, its pathFlow, arcLoad and extraUsed sized and zero
 */
void
ReadSolution(const TeGraph& g,
             const TeSolver::Problem& p,
             bool maxFlow,
             const std::vector<PathVar>& vars,
             const std::vector<uint32_t>& lpVar,
             const std::vector<uint32_t>& extraVar,
             const std::vector<uint32_t>& rowOf,
             uint32_t uVar,
             const LinearProgram::Result& r,
             TeSolver::Solution& s)
{
    const std::size_t nArcs = rowOf.size();
    if (maxFlow)
    {
        s.arcPrice.assign(nArcs, 0);
        for (std::size_t a = 0; a < nArcs; ++a)
        {
            s.arcPrice[a] = rowOf[a] == UINT32_MAX ? 0.0 : std::max(0.0, r.duals[rowOf[a]]);
        }
        s.bound = TeSolver::UpperBound(g, p, s.arcPrice);
    }
    for (uint32_t v = 0; v < vars.size(); ++v)
    {
        if (lpVar[v] == UINT32_MAX)
        {
            continue;
        }
        const double f = std::max(0.0, r.values[lpVar[v]]);
        s.pathFlow[vars[v].commodity][vars[v].path] = f;
        s.throughput += f;
        for (uint32_t a : p.commodities[vars[v].commodity].paths[vars[v].path])
        {
            s.arcLoad[a] += f;
        }
    }
    double penalty = 0;
    for (std::size_t a = 0; a < nArcs; ++a)
    {
        const double cap = p.capacity[a];
        const double load = s.arcLoad[a];
        // Load above capacity by less than the solver's tolerance is none.
        if (load > cap + 1e-9 * std::max(1.0, cap))
        {
            s.extraUsed[a] = load - cap;
        }
        if (extraVar[a] != UINT32_MAX)
        {
            penalty += PenaltyOf(p, a) * std::max(0.0, r.values[extraVar[a]]);
        }
        if (load > 0)
        {
            const double denominator = maxFlow ? cap + s.extraUsed[a] : cap + ExtraOf(p, a);
            s.maxUtilisation = std::max(s.maxUtilisation, load / denominator);
        }
    }
    s.objective = maxFlow ? s.throughput - penalty : std::max(0.0, r.values[uVar]);
}

} // namespace

bool
TeSolver::Check(const TeGraph& g, const Problem& p, std::string& error)
{
    return Validate(g, p, error);
}

std::vector<double>
TeSolver::PathRanks(const TeGraph& g, const Problem& p, const Commodity& c)
{
    std::vector<double> weights;
    for (const TePath& path : c.paths)
    {
        weights.push_back(TePaths::Weight(g, path));
    }
    std::vector<double> ranks(c.paths.size());
    for (std::size_t q = 0; q < c.paths.size(); ++q)
    {
        const TePath& path = c.paths[q];
        if (std::any_of(path.begin(), path.end(), [&p](uint32_t a) { return p.capacity[a] <= 0; }))
        {
            ranks[q] = -1;
            continue;
        }
        ranks[q] = static_cast<double>(
            std::count_if(weights.begin(), weights.end(), [&weights, q](double w) {
                return w < weights[q];
            }));
    }
    return ranks;
}

bool
TeSolver::Solve(const TeGraph& g,
                const Problem& p,
                Solution& out,
                std::string& error,
                double timeLimitS)
{
    const auto start = std::chrono::steady_clock::now();
    if (!Validate(g, p, error))
    {
        return false;
    }
    const bool maxFlow = p.objective == MAX_FLOW;
    const std::size_t nArcs = g.arcs.size();

    std::vector<PathVar> vars;
    std::vector<uint32_t> firstVar(p.commodities.size() + 1, 0);
    std::vector<uint32_t> arcUses(nArcs, 0);
    std::vector<double> arcLoadBound(nArcs, 0); // sum of demand x use over the variables
    if (!CollectPathVars(g, p, maxFlow, vars, firstVar, arcUses, arcLoadBound, error))
    {
        return false;
    }

    // An arc needs a row when the flow that could reach it may exceed its capacity (MAX_FLOW),
    // or whenever it is used (MIN_MAX_UTILISATION).
    std::vector<char> arcRow(nArcs, 0);
    for (std::size_t a = 0; a < nArcs; ++a)
    {
        arcRow[a] = arcUses[a] > 0 && (!maxFlow || arcLoadBound[a] > p.capacity[a]);
    }

    const bool byColumns =
        maxFlow && (p.method == COLUMN_GENERATION ||
                    (p.method == AUTO && vars.size() >= COLUMN_GENERATION_PATHS));
    LinearProgram lp;
    lp.SetMaximize(maxFlow);
    // Variable of each path in the LP (UINT32_MAX: not in it, with column generation).
    std::vector<uint32_t> lpVar(vars.size(), UINT32_MAX);
    std::vector<uint32_t> extraVar(nArcs, UINT32_MAX);
    std::vector<uint32_t> rowOf(nArcs, UINT32_MAX); // LP row of each arc
    uint32_t uVar = UINT32_MAX;
    uint32_t rounds = 0;
    double buildSeconds = 0;
    LinearProgram::Result r;
    if (byColumns)
    {
        r = SolveByColumns(p,
                           vars,
                           firstVar,
                           arcRow,
                           start,
                           lp,
                           rowOf,
                           lpVar,
                           extraVar,
                           rounds,
                           buildSeconds,
                           timeLimitS);
    }
    else
    {
        AddFullColumns(p, maxFlow, vars, firstVar, arcRow, lp, lpVar, extraVar, uVar);
        AddFullRows(p, maxFlow, vars, firstVar, arcRow, arcUses, extraVar, uVar, lp, rowOf);
        buildSeconds = optical::SecondsSince(start);
        NS_LOG_INFO("TE LP: " << lp.GetNVariables() << " variables, " << lp.GetNConstraints()
                              << " constraints, built in " << buildSeconds << " s");
        r = lp.Solve(timeLimitS > 0 ? std::max(1e-3, timeLimitS - optical::SecondsSince(start))
                                    : 0.0);
    }
    Solution s;
    s.status = LinearProgram::StatusName(r.status);
    s.seconds = optical::SecondsSince(start) - buildSeconds;
    s.buildSeconds = buildSeconds;
    s.variables = lp.GetNVariables();
    s.constraints = lp.GetNConstraints();
    s.rounds = rounds;
    s.usablePaths = static_cast<uint32_t>(vars.size());
    s.pathFlow.resize(p.commodities.size());
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        s.pathFlow[c].assign(p.commodities[c].paths.size(), 0);
    }
    s.arcLoad.assign(nArcs, 0);
    s.extraUsed.assign(nArcs, 0);
    if (r.status == LinearProgram::FEASIBLE && timeLimitS > 0)
    {
        // The time limit: the point reached, feasible, with the bound of its prices.
        s.timedOut = true;
        ReadSolution(g, p, maxFlow, vars, lpVar, extraVar, rowOf, uVar, r, s);
        error = "the traffic-engineering LP (" + std::to_string(s.variables) + " variables, " +
                std::to_string(s.constraints) + " constraints) reached its time limit of " +
                Number(timeLimitS) + " s: a feasible allocation (throughput " +
                Number(s.throughput) + "), not proven optimal (bound " + Number(s.bound) + ")";
        out = std::move(s);
        return false;
    }
    if (r.status != LinearProgram::OPTIMAL)
    {
        s.timedOut = timeLimitS > 0 && r.status == LinearProgram::NO_SOLUTION;
        error = "the traffic-engineering LP (" + std::to_string(s.variables) + " variables, " +
                std::to_string(s.constraints) + " constraints) ended " + s.status +
                (s.timedOut ? " at its time limit of " + Number(timeLimitS) + " s"
                 : r.status == LinearProgram::INVALID
                     ? ": " + r.error + " (a demand or capacity of the input out of range)"
                     : std::string(" (need optimal)"));
        out = std::move(s);
        return false;
    }
    s.ok = true;
    ReadSolution(g, p, maxFlow, vars, lpVar, extraVar, rowOf, uVar, r, s);
    NS_LOG_INFO("TE LP " << s.status << ": objective " << s.objective << ", throughput "
                         << s.throughput << ", max utilisation " << s.maxUtilisation << " in "
                         << s.seconds << " s");
    out = std::move(s);
    return true;
}

bool
TeSolver::SolvePartitioned(const TeGraph& g,
                           const Problem& p,
                           uint32_t parts,
                           uint32_t threads,
                           Solution& out,
                           std::string& error,
                           uint64_t seed)
{
    if (parts <= 1)
    {
        return Solve(g, p, out, error);
    }
    if (!Validate(g, p, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    // Deal the commodities at random, evenly.
    std::vector<std::size_t> order(p.commodities.size());
    for (std::size_t i = 0; i < order.size(); ++i)
    {
        order[i] = i;
    }
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<Problem> sub(parts);
    std::vector<std::vector<std::size_t>> members(parts);
    for (uint32_t q = 0; q < parts; ++q)
    {
        sub[q].objective = p.objective;
        sub[q].tieBreak = p.tieBreak;
        sub[q].method = p.method;
        sub[q].extraPenalty = p.extraPenalty;
        sub[q].capacity = p.capacity;
        sub[q].extra = p.extra;
        for (double& c : sub[q].capacity)
        {
            c /= parts;
        }
        for (double& e : sub[q].extra)
        {
            e /= parts;
        }
    }
    for (std::size_t i = 0; i < order.size(); ++i)
    {
        const std::size_t q = i % parts;
        members[q].push_back(order[i]);
        sub[q].commodities.push_back(p.commodities[order[i]]);
    }
    std::vector<Solution> solved(parts);
    std::vector<std::string> errors(parts);
    std::vector<char> ok(parts, 0);
    std::atomic<uint32_t> next{0};
    auto worker = [&]() {
        for (uint32_t q = next++; q < parts; q = next++)
        {
            ok[q] = Solve(g, sub[q], solved[q], errors[q]) ? 1 : 0;
        }
    };
    std::vector<std::thread> pool;
    for (uint32_t t = 1; t < std::max(1U, threads); ++t)
    {
        pool.emplace_back(worker);
    }
    worker();
    for (auto& t : pool)
    {
        t.join();
    }
    Solution merged;
    merged.ok = true;
    merged.status = "optimal";
    merged.pathFlow.resize(p.commodities.size());
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        merged.pathFlow[c].assign(p.commodities[c].paths.size(), 0);
    }
    merged.arcLoad.assign(g.arcs.size(), 0);
    merged.extraUsed.assign(g.arcs.size(), 0);
    for (uint32_t q = 0; q < parts; ++q)
    {
        if (!ok[q])
        {
            error = "part " + std::to_string(q) + " of " + std::to_string(parts) + ": " + errors[q];
            merged.ok = false;
            merged.status = solved[q].status;
            continue;
        }
        const Solution& s = solved[q];
        for (std::size_t i = 0; i < members[q].size(); ++i)
        {
            merged.pathFlow[members[q][i]] = s.pathFlow[i];
        }
        for (std::size_t a = 0; a < g.arcs.size(); ++a)
        {
            merged.arcLoad[a] += s.arcLoad[a];
            merged.extraUsed[a] += s.extraUsed[a];
        }
        merged.throughput += s.throughput;
        merged.objective = p.objective == MAX_FLOW ? merged.objective + s.objective
                                                   : std::max(merged.objective, s.objective);
        merged.buildSeconds += s.buildSeconds;
        merged.variables += s.variables;
        merged.constraints += s.constraints;
        merged.rounds += s.rounds;
        merged.usablePaths += s.usablePaths;
    }
    for (std::size_t a = 0; a < g.arcs.size(); ++a)
    {
        const double cap =
            p.capacity[a] +
            (p.objective == MAX_FLOW ? merged.extraUsed[a] : (p.extra.empty() ? 0.0 : p.extra[a]));
        if (merged.arcLoad[a] > 0 && cap > 0)
        {
            merged.maxUtilisation = std::max(merged.maxUtilisation, merged.arcLoad[a] / cap);
        }
    }
    if (merged.ok && p.objective == MAX_FLOW)
    {
        // The parts' mean arc prices bound the whole problem's optimum (the full LP need not
        // be solved to know how far POP is from it).
        merged.arcPrice.assign(g.arcs.size(), 0);
        for (uint32_t q = 0; q < parts; ++q)
        {
            for (std::size_t a = 0; a < g.arcs.size(); ++a)
            {
                merged.arcPrice[a] += solved[q].arcPrice[a] / parts;
            }
        }
        merged.bound = UpperBound(g, p, merged.arcPrice);
    }
    merged.seconds = optical::SecondsSince(start);
    NS_LOG_INFO("TE LP in " << parts << " parts: throughput " << merged.throughput << " in "
                            << merged.seconds << " s");
    out = std::move(merged);
    return out.ok;
}

double
TeSolver::UpperBound(const TeGraph& g, const Problem& p, const std::vector<double>& price)
{
    if (price.size() != g.arcs.size() || p.capacity.size() != g.arcs.size())
    {
        return std::numeric_limits<double>::infinity();
    }
    // Weak duality for max sum f - sum penalty x: for prices y >= 0 on the arc rows, the
    // optimum is at most sum_a (capacity_a y_a + extra_a max(0, y_a - penalty_a)) plus, per
    // commodity, demand x max(0, 1 - its cheapest usable path's price).
    double bound = 0;
    for (std::size_t a = 0; a < g.arcs.size(); ++a)
    {
        const double y = std::max(0.0, price[a]);
        const double extra = p.extra.empty() ? 0.0 : p.extra[a];
        const double penalty = p.extraPenalty.empty() ? 0.0 : p.extraPenalty[a];
        bound += p.capacity[a] * y + extra * std::max(0.0, y - penalty);
    }
    for (const Commodity& c : p.commodities)
    {
        double cheapest = std::numeric_limits<double>::infinity();
        for (const TePath& path : c.paths)
        {
            double len = 0;
            bool up = true;
            for (uint32_t a : path)
            {
                up = up && a < g.arcs.size() && p.capacity[a] > 0;
                len += a < g.arcs.size() ? std::max(0.0, price[a]) : 0.0;
            }
            cheapest = up ? std::min(cheapest, len) : cheapest;
        }
        if (std::isfinite(cheapest))
        {
            bound += c.demand * std::max(0.0, 1 - cheapest);
        }
    }
    return bound;
}

std::vector<double>
TeSolver::Splits(const Solution& s, uint32_t commodity)
{
    if (commodity >= s.pathFlow.size() || s.pathFlow[commodity].empty())
    {
        return {};
    }
    const std::vector<double>& flow = s.pathFlow[commodity];
    double sum = 0;
    for (double f : flow)
    {
        sum += f;
    }
    std::vector<double> split(flow.size(), 1.0 / static_cast<double>(flow.size()));
    if (sum > 0)
    {
        for (std::size_t i = 0; i < flow.size(); ++i)
        {
            split[i] = flow[i] / sum;
        }
    }
    return split;
}

} // namespace ns3
