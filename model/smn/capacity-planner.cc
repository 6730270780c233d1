/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "capacity-planner.h"

#include "ns3/linear-program.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CapacityPlanner");

namespace
{

/// Cost per Gb/s and arc of flow: breaks ties between plans of equal cost toward short routes.
constexpr double kRouteTieBreak = 1e-6;

/// \return true if \p x is finite and >= 0
bool
NonNegative(double x)
{
    return std::isfinite(x) && x >= 0;
}

} // namespace

bool
CapacityPlanner::Solve(const Problem& p, double timeLimitS, Plan& plan, std::string& error)
{
    NS_LOG_FUNCTION(p.snapshots.size() << p.commodities.size());
    const std::size_t arcs = p.graph.arcs.size();
    const std::size_t fibres = p.unitGbps.size();
    if (p.capacity.size() != arcs || p.arcFibre.size() != arcs || p.unitCost.size() != fibres)
    {
        error = "capacity planner: " + std::to_string(arcs) + " arcs with " +
                std::to_string(p.capacity.size()) + " capacities and " +
                std::to_string(p.arcFibre.size()) + " fibres of arcs; " + std::to_string(fibres) +
                " unit sizes with " + std::to_string(p.unitCost.size()) + " unit costs";
        return false;
    }
    if (p.snapshots.empty())
    {
        error = "capacity planner: no demand snapshot to plan for";
        return false;
    }
    if (!(std::isfinite(p.growth) && p.growth >= 1))
    {
        error = "capacity planner: growth " + std::to_string(p.growth) + " (allowed: >= 1)";
        return false;
    }
    for (std::size_t a = 0; a < arcs; ++a)
    {
        if (!NonNegative(p.capacity[a]) || p.arcFibre[a] >= fibres)
        {
            error = "capacity planner: arc " + std::to_string(a) + ": capacity " +
                    std::to_string(p.capacity[a]) + " or fibre " + std::to_string(p.arcFibre[a]) +
                    " out of range";
            return false;
        }
    }
    for (std::size_t f = 0; f < fibres; ++f)
    {
        if (!(NonNegative(p.unitGbps[f]) && p.unitGbps[f] > 0) || !NonNegative(p.unitCost[f]))
        {
            error = "capacity planner: fibre " + std::to_string(f) + ": unit " +
                    std::to_string(p.unitGbps[f]) + " Gb/s (allowed: > 0) or cost " +
                    std::to_string(p.unitCost[f]) + " (allowed: >= 0)";
            return false;
        }
    }
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        for (const auto& path : p.commodities[c].paths)
        {
            for (uint32_t a : path)
            {
                if (a >= arcs)
                {
                    error = "capacity planner: demand " + std::to_string(c) + " uses arc " +
                            std::to_string(a) + " of " + std::to_string(arcs);
                    return false;
                }
            }
        }
    }
    for (std::size_t s = 0; s < p.snapshots.size(); ++s)
    {
        if (p.snapshots[s].size() != p.commodities.size())
        {
            error = "capacity planner: snapshot " + std::to_string(s) + " has " +
                    std::to_string(p.snapshots[s].size()) + " demands for " +
                    std::to_string(p.commodities.size());
            return false;
        }
        for (double d : p.snapshots[s])
        {
            if (!NonNegative(d))
            {
                error = "capacity planner: snapshot " + std::to_string(s) + ": demand " +
                        std::to_string(d) + " (allowed: >= 0)";
                return false;
            }
        }
    }

    LinearProgram lp;
    std::vector<uint32_t> units(fibres);
    for (std::size_t f = 0; f < fibres; ++f)
    {
        units[f] = lp.AddVariable(0, p.maxUnits, p.unitCost[f], true, "units" + std::to_string(f));
    }
    for (std::size_t s = 0; s < p.snapshots.size(); ++s)
    {
        std::vector<std::vector<std::pair<uint32_t, double>>> arcTerms(arcs);
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            const double d = p.growth * p.snapshots[s][c];
            if (d <= 0)
            {
                continue;
            }
            if (p.commodities[c].paths.empty())
            {
                error = "capacity planner: demand " + std::to_string(c) + " has no path";
                return false;
            }
            std::vector<std::pair<uint32_t, double>> sum;
            for (const auto& path : p.commodities[c].paths)
            {
                const uint32_t x = lp.AddVariable(0,
                                                  LinearProgram::Infinity(),
                                                  kRouteTieBreak * path.size(),
                                                  false);
                sum.emplace_back(x, 1);
                for (uint32_t a : path)
                {
                    arcTerms[a].emplace_back(x, 1);
                }
            }
            lp.AddConstraint(sum, d, d);
        }
        for (std::size_t a = 0; a < arcs; ++a)
        {
            if (arcTerms[a].empty())
            {
                continue;
            }
            arcTerms[a].emplace_back(units[p.arcFibre[a]], -p.unitGbps[p.arcFibre[a]]);
            lp.AddConstraint(arcTerms[a], -LinearProgram::Infinity(), p.capacity[a]);
        }
    }
    const LinearProgram::Result r = lp.Solve(timeLimitS);
    plan = Plan();
    plan.status = LinearProgram::StatusName(r.status);
    plan.seconds = r.seconds;
    plan.variables = lp.GetNVariables();
    if (r.status != LinearProgram::OPTIMAL && r.status != LinearProgram::FEASIBLE)
    {
        error = "capacity planner: no plan (" + plan.status +
                (r.status == LinearProgram::INFEASIBLE
                     ? ": some demand exceeds its paths even with " + std::to_string(p.maxUnits) +
                           " units on every fibre"
                     : std::string(r.error.empty() ? "" : ": " + r.error)) +
                ")";
        return false;
    }
    plan.ok = true;
    plan.gap = r.gap;
    plan.units.resize(fibres);
    for (std::size_t f = 0; f < fibres; ++f)
    {
        plan.units[f] = static_cast<uint32_t>(std::lround(r.values[units[f]]));
        plan.cost += plan.units[f] * p.unitCost[f];
    }
    return true;
}

double
CapacityPlanner::Agreement(const Plan& a, const Plan& b)
{
    const std::size_t n = std::max(a.units.size(), b.units.size());
    uint32_t both = 0;
    uint32_t either = 0;
    for (std::size_t f = 0; f < n; ++f)
    {
        const bool x = f < a.units.size() && a.units[f] > 0;
        const bool y = f < b.units.size() && b.units[f] > 0;
        both += (x && y) ? 1 : 0;
        either += (x || y) ? 1 : 0;
    }
    return either == 0 ? 100.0 : 100.0 * both / either;
}

} // namespace ns3
