/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BypassPlanner: failure scenarios and protection (Protect).

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
BypassPlanner::ParseFailures(const std::string& name, Failures& f)
{
    if (name == "none")
    {
        f = NONE;
    }
    else if (name == "single-cut")
    {
        f = SINGLE_CUT;
    }
    else if (name == "stochastic")
    {
        f = STOCHASTIC;
    }
    else
    {
        return false;
    }
    return true;
}

std::vector<std::vector<uint32_t>>
BypassPlanner::Scenarios(Failures f) const
{
    std::vector<std::vector<uint32_t>> out;
    if (f == SINGLE_CUT)
    {
        for (uint32_t i = 0; i < m_fibres.GetNFibres(); ++i)
        {
            out.push_back({i});
        }
    }
    else if (f == STOCHASTIC)
    {
        for (uint32_t s = 0; s < m_scenarios; ++s)
        {
            std::vector<uint32_t> cut;
            for (uint32_t i = 0; i < m_fibres.GetNFibres(); ++i)
            {
                if (m_rng->GetValue() < m_cutProbability)
                {
                    cut.push_back(i);
                }
            }
            if (!cut.empty())
            {
                out.push_back(cut);
            }
        }
    }
    return out;
}

double
BypassPlanner::CarriedFraction(const std::vector<TrafficMatrix::Demand>& demands,
                               const BypassPlan& plan,
                               const std::vector<uint32_t>& cut) const
{
    // Max concurrent flow over the plan's surviving lightpaths, as an LP.
    if (std::none_of(demands.begin(), demands.end(), [](const auto& d) { return d.gbps > 0; }))
    {
        return 1.0;
    }
    const std::set<uint32_t> cutSet(cut.begin(), cut.end());
    std::vector<const Lightpath*> links;
    std::vector<bool> usable;
    for (const Lightpath& l : plan.links)
    {
        links.push_back(&l);
        usable.push_back(!Crosses(l, cutSet));
    }
    LinearProgram lp;
    lp.SetMaximize(true);
    const uint32_t lambda = lp.AddVariable(0, 1, 1, false, "lambda");
    const SourceFlows flows =
        AddSourceFlows(lp, m_fibres.GetNSites(), demands, 1.0, links, usable, 0, lambda);
    for (std::size_t i = 0; i < plan.links.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (!flows.load[i][dir].empty())
            {
                lp.AddConstraint(flows.load[i][dir],
                                 -LinearProgram::Infinity(),
                                 plan.links[i].wavelengths * plan.links[i].rateGbps);
            }
        }
    }
    const LinearProgram::Result r = lp.Solve();
    return r.status == LinearProgram::OPTIMAL ? std::min(1.0, r.values[lambda]) : 0.0;
}

bool
BypassPlanner::Protect(const std::vector<TrafficMatrix::Demand>& demands,
                       const std::vector<std::vector<uint32_t>>& scenarios,
                       bool bypass,
                       BypassPlan& plan,
                       std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    BypassPlan out = plan;
    // The plan's wavelengths per candidate.
    auto perCandidate = [this](const BypassPlan& p) {
        std::vector<uint32_t> w(m_candidates.size(), 0);
        for (const Lightpath& l : p.links)
        {
            for (uint32_t i = 0; i < m_candidates.size(); ++i)
            {
                if (m_candidates[i].fibres == l.fibres && m_candidates[i].sites == l.sites)
                {
                    w[i] += l.wavelengths;
                    break;
                }
            }
        }
        return w;
    };
    std::vector<uint32_t> candidates;
    for (uint32_t i = 0; i < (bypass ? m_candidates.size() : m_nHopByHop); ++i)
    {
        candidates.push_back(i);
    }
    uint32_t added = 0;
    for (const auto& cut : scenarios)
    {
        if (CarriedFraction(demands, out, cut) >= m_requiredFraction - 1e-6)
        {
            continue;
        }
        const std::vector<uint32_t> have = perCandidate(out);
        BypassPlan more;
        std::string why;
        if (!Solve(demands, candidates, have, cut, m_requiredFraction, false, more, why))
        {
            std::string names;
            for (uint32_t f : cut)
            {
                const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
                names += (names.empty() ? "" : ", ") + m_fibres.GetSite(fibre.a).name + "-" +
                         m_fibres.GetSite(fibre.b).name;
            }
            error = "no restoration capacity carries " + Num(100 * m_requiredFraction) +
                    "% of the demands with fibre(s) " + names + " cut: " + why;
            return false;
        }
        // Keep the routes of the intact network; take the larger wavelength counts.
        const std::vector<uint32_t> want = perCandidate(more);
        BypassPlan merged = out;
        for (uint32_t i = 0; i < m_candidates.size(); ++i)
        {
            if (want[i] <= have[i])
            {
                continue;
            }
            added += want[i] - have[i];
            bool found = false;
            for (Lightpath& l : merged.links)
            {
                if (l.fibres == m_candidates[i].fibres && l.sites == m_candidates[i].sites)
                {
                    l.wavelengths += want[i] - have[i];
                    found = true;
                    break;
                }
            }
            if (!found)
            {
                merged.links.push_back(m_candidates[i]);
                merged.links.back().wavelengths = want[i] - have[i];
            }
        }
        out = std::move(merged);
    }
    Cost(out);
    out.restorationWavelengths = plan.restorationWavelengths + added;
    out.bound = std::min(out.bound + (out.capacityCost - plan.capacityCost), out.capacityCost);
    out.seconds = plan.seconds + optical::SecondsSince(start);
    plan = std::move(out);
    return true;
}

} // namespace ns3
