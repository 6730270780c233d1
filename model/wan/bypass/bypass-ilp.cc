/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BypassPlanner: the mixed-integer program (PlanIlp), solved with CBC.

#include "bypass-planner-detail.h"
#include "bypass-planner.h"

#include "ns3/optical-util.h"

namespace ns3
{

namespace
{
/// The planner's log component, under its one name.
LogComponent& g_log = bypassdetail::PlannerLog();
} // namespace

using namespace bypassdetail;

bool
BypassPlanner::Solve(const std::vector<TrafficMatrix::Demand>& demands,
                     const std::vector<uint32_t>& candidates,
                     const std::vector<uint32_t>& fixedWavelengths,
                     const std::vector<uint32_t>& cut,
                     double fraction,
                     bool integer,
                     BypassPlan& plan,
                     std::string& error) const
{
    const double inf = LinearProgram::Infinity();
    const std::set<uint32_t> cutSet(cut.begin(), cut.end());
    LinearProgram lp;
    lp.SetMaximize(false);
    std::vector<uint32_t> nVar(candidates.size());
    std::vector<const Lightpath*> links;
    std::vector<bool> usable;
    double smallest = inf;
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        const Lightpath& c = m_candidates[candidates[i]];
        links.push_back(&c);
        usable.push_back(!Crosses(c, cutSet));
        const double fixed = fixedWavelengths.empty() ? 0 : fixedWavelengths[candidates[i]];
        nVar[i] =
            lp.AddVariable(fixed, usable.back() ? m_wavelengths : fixed, c.wavelengthCost, integer);
        smallest = std::min(smallest, c.wavelengthCost / c.rateGbps);
    }
    // A tiny cost per Gb/s and lightpath keeps the flows free of cycles.
    const double eps = 1e-6 * (std::isfinite(smallest) && smallest > 0 ? smallest : 1.0);
    const SourceFlows flows =
        AddSourceFlows(lp, m_fibres.GetNSites(), demands, fraction, links, usable, eps, UINT32_MAX);
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (flows.load[i][dir].empty())
            {
                continue;
            }
            auto terms = flows.load[i][dir];
            terms.emplace_back(nVar[i], -m_candidates[candidates[i]].rateGbps);
            lp.AddConstraint(terms, -inf, 0);
        }
    }
    std::vector<std::vector<std::pair<uint32_t, double>>> fibreTerms(m_fibres.GetNFibres());
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        for (uint32_t f : m_candidates[candidates[i]].fibres)
        {
            fibreTerms[f].emplace_back(nVar[i], 1.0);
        }
    }
    for (const auto& terms : fibreTerms)
    {
        if (!terms.empty())
        {
            lp.AddConstraint(terms, -inf, m_wavelengths);
        }
    }
    const LinearProgram::Result r = lp.Solve(m_timeLimit.GetSeconds());
    if (!r.HasSolution())
    {
        error = "bypass planning " + std::string(integer ? "ILP" : "LP") + " (" +
                std::to_string(lp.GetNVariables()) + " variables) ended " +
                LinearProgram::StatusName(r.status) +
                (r.status == LinearProgram::INFEASIBLE
                     ? ": the demands do not fit in " + std::to_string(m_wavelengths) +
                           " wavelengths per fibre" +
                           (cut.empty() ? std::string()
                                        : " with " + std::to_string(cut.size()) + " fibre(s) cut")
                 : r.status == LinearProgram::INVALID ? ": " + r.error
                                                      : std::string(" (raise TimeLimit)"));
        return false;
    }
    // The wavelengths (rounded up when continuous), then the routes by flow decomposition.
    BypassPlan out;
    out.status = LinearProgram::StatusName(r.status);
    std::vector<uint32_t> planIndex(candidates.size(), UINT32_MAX);
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        const double n = r.values[nVar[i]];
        const auto w = static_cast<uint32_t>(std::ceil(n - 1e-6));
        if (w > 0)
        {
            planIndex[i] = static_cast<uint32_t>(out.links.size());
            out.links.push_back(m_candidates[candidates[i]]);
            out.links.back().wavelengths = w;
        }
    }
    out.routes = Decompose(demands, fraction, links, flows, r.values);
    for (auto& routes : out.routes)
    {
        for (auto& [route, gbps] : routes)
        {
            for (uint32_t& l : route)
            {
                l = planIndex[l];
            }
        }
    }
    Cost(out);
    // CBC's bound is on the objective (capacity cost plus the flows' tiny cost).
    out.bound = out.status == "optimal"
                    ? out.capacityCost
                    : std::min(out.capacityCost, r.bound - (r.objective - out.capacityCost));
    out.gap = out.capacityCost > 0
                  ? std::max(0.0, (out.capacityCost - out.bound) / out.capacityCost)
                  : 0.0;
    plan = std::move(out);
    return true;
}

bool
BypassPlanner::PlanIlp(const std::vector<TrafficMatrix::Demand>& demands,
                       bool bypass,
                       BypassPlan& plan,
                       std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<uint32_t> candidates;
    for (uint32_t i = 0; i < (bypass ? m_candidates.size() : m_nHopByHop); ++i)
    {
        candidates.push_back(i);
    }
    // The greedy plan is a solution of the same ILP: the answer is never costlier than it,
    // and exists when CBC finds none in the time limit.
    BypassPlan greedy;
    if (!PlanGreedy(demands, bypass, greedy, error))
    {
        greedy.capacityCost = std::numeric_limits<double>::infinity();
    }
    BypassPlan out;
    std::string why;
    const bool solved = Solve(demands, candidates, {}, {}, 1.0, true, out, why);
    if (!solved && !std::isfinite(greedy.capacityCost))
    {
        error = why;
        return false;
    }
    if (!solved || greedy.capacityCost < out.capacityCost)
    {
        const double bound = solved ? out.bound : 0.0;
        out = greedy;
        out.status = solved ? "feasible" : "greedy (no ILP solution in the time limit)";
        out.bound = std::min(bound, out.capacityCost);
        out.gap = out.capacityCost > 0 ? (out.capacityCost - out.bound) / out.capacityCost : 0.0;
    }
    out.seconds = optical::SecondsSince(start);
    NS_LOG_INFO("ILP plan (" << (bypass ? "bypass" : "hop-by-hop") << "): cost " << out.cost
                             << ", gap " << out.gap << ", " << out.seconds << " s");
    plan = std::move(out);
    return true;
}

} // namespace ns3
