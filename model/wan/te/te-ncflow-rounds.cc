/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TeNcflowMethod's sub-problems (steps 3 to 5 of the method, described in te-ncflow.cc): each
// round's estimated loads, capacity shares, LPs, solves and merge, twice.

#include "te-ncflow-detail.h"

#include "ns3/optical-util.h"

#include <algorithm>
#include <numeric>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>

namespace ns3
{

namespace
{
/// The method's log component, under its one name.
LogComponent& g_log = ncflowdetail::NcflowLog();
} // namespace

namespace ncflowdetail
{

bool
Decomposition::RunRounds(uint32_t threads,
                         double buildContracted,
                         TeSolver::Solution& out,
                         std::string& error)
{
    StartRounds(buildContracted, out);
    tbb::task_arena arena(static_cast<int>(threads));
    for (int round = 0; round < 2; ++round)
    {
        const auto roundStart = std::chrono::steady_clock::now();
        const bool first = round == 0;
        ComputeLeft(out);
        for (uint32_t i : order)
        {
            EstimateLoads(i, first);
        }
        std::fill(arcMark.begin(), arcMark.end(), NONE);
        ShareCapacity();
        BuildSubProblems(arena);
        out.buildSeconds += optical::SecondsSince(roundStart);

        // The sub-problems, all at once; then the merge.
        SolveSubProblems(arena);
        if (!Merge(round, out, error))
        {
            return false;
        }
        NS_LOG_INFO("ncflow: round " << round + 1 << " carried " << carried[round] << " at "
                                     << optical::SecondsSince(start) << " s");
        if (first)
        {
            SubtractFirstRound(out);
        }
    }
    NS_LOG_INFO("ncflow: " << k << " clusters, " << cp.commodities.size() << " cluster pairs, "
                           << routeCommodity.size() << " routes (budgets " << cs.throughput << "), "
                           << order.size() << " sub-problems; carried " << carried[0] << " + "
                           << carried[1] << " of " << TeMethod::TotalDemand(p));
    return true;
}

void
Decomposition::StartRounds(double buildContracted, TeSolver::Solution& out)
{
    for (std::size_t i = 0; i < sub.size(); ++i)
    {
        if (!sub[i].members.empty())
        {
            order.push_back(static_cast<uint32_t>(i));
        }
    }
    std::stable_sort(order.begin(), order.end(), [this](uint32_t a, uint32_t b) {
        return sub[a].paths > sub[b].paths;
    });
    out.pathFlow.assign(p.commodities.size(), {});
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        out.pathFlow[c].assign(p.commodities[c].paths.size(), 0);
    }
    out.variables = cs.variables;
    out.constraints = cs.constraints;
    out.rounds = cs.rounds;
    out.usablePaths = 0;
    out.buildSeconds = buildContracted;
    scratchLoad.assign(arcs, 0);
    scratchPotential.assign(arcs, 0);
    arcMark.assign(arcs, NONE);
    totalLoad.resize(arcs);
    totalPotential.resize(arcs);
    capacity = p.capacity;
    left.resize(p.commodities.size());
}

void
Decomposition::ComputeLeft(const TeSolver::Solution& out)
{
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const double sum = std::accumulate(out.pathFlow[c].begin(), out.pathFlow[c].end(), 0.0);
        left[c] = p.commodities[c].demand - sum;
        // Less than a relative 1e-6 left (the LPs' tolerances): nothing.
        left[c] = left[c] > 1e-6 * p.commodities[c].demand ? left[c] : 0;
    }
}

void
Decomposition::EstimateLoads(uint32_t i, bool first)
{
    SubProblem& s = sub[i];
    s.arcs.clear();
    s.load.clear();
    s.potential.clear();
    s.solved.clear();
    const bool intra = i < k;
    auto add = [&](uint32_t a, double load, double potential) {
        if (arcMark[a] != i)
        {
            arcMark[a] = i;
            s.arcs.push_back(a);
        }
        scratchLoad[a] += load;
        scratchPotential[a] += potential;
    };
    for (uint32_t c : s.members)
    {
        const auto& com = p.commodities[c];
        if (!(left[c] > 0))
        {
            continue;
        }
        // Each eligible path's group (intra: all inside paths, one group; inter: its route;
        // round 2: all paths with room, one group).
        groupOf.assign(com.paths.size(), NONE);
        touched.clear();
        routeShare.clear();
        groupWeight.clear();
        for (std::size_t q = 0; q < com.paths.size(); ++q)
        {
            const auto& path = com.paths[q];
            uint32_t r = NONE;
            if (!first)
            {
                r = std::all_of(path.begin(),
                                path.end(),
                                [&](uint32_t a) { return capacity[a] > 0; })
                        ? 0
                        : NONE;
            }
            else if (intra)
            {
                r = Usable(path) &&
                            std::all_of(path.begin(),
                                        path.end(),
                                        [&](uint32_t a) { return cluster[g.arcs[a].to] == i; })
                        ? 0
                        : NONE;
            }
            else
            {
                r = pathRoute[firstPath[c] + q];
            }
            if (r == NONE)
            {
                continue;
            }
            auto at = std::find(touched.begin(), touched.end(), r) - touched.begin();
            if (at == static_cast<std::ptrdiff_t>(touched.size()))
            {
                touched.push_back(r);
                // Intra: the whole demand; inter: its share of the route's budget.
                routeShare.push_back(!first  ? 0.0
                                     : intra ? com.demand
                                             : budget[r] * com.demand / routeDemand[r]);
                groupWeight.push_back(0);
            }
            groupOf[q] = static_cast<uint32_t>(at);
            groupWeight[at] += 1;
        }
        if (touched.empty())
        {
            continue;
        }
        s.solved.push_back(c);
        // At most its demand in all, spread evenly over each group's paths.
        const double sum = std::accumulate(routeShare.begin(), routeShare.end(), 0.0);
        const double scale = sum > com.demand ? com.demand / sum : 1.0;
        for (std::size_t q = 0; q < com.paths.size(); ++q)
        {
            if (groupOf[q] == NONE)
            {
                continue;
            }
            const uint32_t at = groupOf[q];
            const double f = routeShare[at] * scale / groupWeight[at];
            for (uint32_t a : com.paths[q])
            {
                add(a, f, left[c]);
            }
        }
    }
    for (uint32_t a : s.arcs)
    {
        s.load.push_back(scratchLoad[a]);
        s.potential.push_back(scratchPotential[a]);
        scratchLoad[a] = 0;
        scratchPotential[a] = 0;
    }
}

void
Decomposition::ShareCapacity()
{
    std::fill(totalLoad.begin(), totalLoad.end(), 0.0);
    std::fill(totalPotential.begin(), totalPotential.end(), 0.0);
    for (uint32_t i : order)
    {
        for (std::size_t j = 0; j < sub[i].arcs.size(); ++j)
        {
            totalLoad[sub[i].arcs[j]] += sub[i].load[j];
            totalPotential[sub[i].arcs[j]] += sub[i].potential[j];
        }
    }
    for (uint32_t i : order)
    {
        SubProblem& s = sub[i];
        for (std::size_t j = 0; j < s.arcs.size(); ++j)
        {
            const uint32_t a = s.arcs[j];
            const double cap = capacity[a];
            const double load = totalLoad[a];
            const double potential = totalPotential[a];
            double share = 0;
            if (load >= cap)
            {
                share = load > 0 ? cap * (s.load[j] / load) : 0;
            }
            else
            {
                share =
                    s.load[j] + (potential > 0 ? (cap - load) * (s.potential[j] / potential) : 0);
            }
            s.load[j] = std::min(share, cap);
        }
    }
}

void
Decomposition::BuildSubProblems(tbb::task_arena& arena)
{
    // Built in parallel: their copies of the commodities dominate.
    arena.execute([&] {
        tbb::parallel_for(
            std::size_t{0},
            order.size(),
            [&](std::size_t j) {
                SubProblem& s = sub[order[j]];
                s.problem = TeSolver::Problem();
                s.problem.objective = TeSolver::MAX_FLOW;
                s.problem.tieBreak = p.tieBreak;
                // Column generation: most of a sub-problem's demands stay on one path.
                s.problem.method =
                    p.method == TeSolver::AUTO ? TeSolver::COLUMN_GENERATION : p.method;
                s.problem.capacity.assign(arcs, 0);
                for (std::size_t e = 0; e < s.arcs.size(); ++e)
                {
                    s.problem.capacity[s.arcs[e]] = s.load[e];
                }
                s.problem.commodities.reserve(s.solved.size());
                for (uint32_t c : s.solved)
                {
                    s.problem.commodities.push_back(p.commodities[c]);
                    s.problem.commodities.back().demand = left[c];
                }
            },
            tbb::simple_partitioner());
    });
}

void
Decomposition::SolveSubProblems(tbb::task_arena& arena)
{
    arena.execute([&] {
        tbb::parallel_for(
            std::size_t{0},
            order.size(),
            [&](std::size_t j) {
                SubProblem& s = sub[order[j]];
                s.ok = s.solved.empty() || TeSolver::Solve(g, s.problem, s.solution, s.error);
                s.problem = TeSolver::Problem();
            },
            tbb::simple_partitioner());
    });
}

bool
Decomposition::Merge(int round, TeSolver::Solution& out, std::string& error)
{
    const bool first = round == 0;
    for (uint32_t i : order)
    {
        SubProblem& s = sub[i];
        if (s.solved.empty())
        {
            continue;
        }
        if (!s.ok)
        {
            error = "ncflow: round " + std::to_string(round + 1) + ", the " +
                    (i < k ? "intra-cluster problem of cluster " + std::to_string(i)
                           : "inter-cluster problem from cluster " +
                                 std::to_string(groupPairs[i - k].first / k) + " to clusters " +
                                 std::to_string(groupPairs[i - k].first % k) + " to " +
                                 std::to_string(groupPairs[i - k].second % k)) +
                    ": " + s.error;
            return false;
        }
        for (std::size_t j = 0; j < s.solved.size(); ++j)
        {
            auto& f = out.pathFlow[s.solved[j]];
            for (std::size_t q = 0; q < f.size(); ++q)
            {
                f[q] += s.solution.pathFlow[j][q];
            }
        }
        carried[round] += s.solution.throughput;
        out.variables += s.solution.variables;
        out.constraints += s.solution.constraints;
        out.rounds += s.solution.rounds;
        out.usablePaths += first ? s.solution.usablePaths : 0;
        s.solution = TeSolver::Solution();
    }
    return true;
}

void
Decomposition::SubtractFirstRound(const TeSolver::Solution& out)
{
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        for (std::size_t q = 0; q < p.commodities[c].paths.size(); ++q)
        {
            for (uint32_t a : p.commodities[c].paths[q])
            {
                capacity[a] -= out.pathFlow[c][q];
            }
        }
    }
    for (std::size_t a = 0; a < arcs; ++a)
    {
        capacity[a] = capacity[a] > 1e-6 * p.capacity[a] ? capacity[a] : 0;
    }
}

} // namespace ncflowdetail
} // namespace ns3
