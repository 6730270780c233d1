/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BypassPlanner: the greedy search (PlanGreedy) and its LP polish.

#include "bypass-grooming.h"
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
BypassPlanner::PlanGreedy(const std::vector<TrafficMatrix::Demand>& demands,
                          bool bypass,
                          BypassPlan& plan,
                          std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    const TeGraph g = FibreGraph(m_fibres);
    const std::size_t nc = m_candidates.size();

    // Start: every demand hop by hop on its shortest fibre path, then express wavelengths.
    BypassGrooming grooming(m_candidates,
                            bypass ? nc : m_nHopByHop,
                            m_fibres.GetNSites(),
                            m_fibres.GetNFibres(),
                            m_wavelengths,
                            demands);
    grooming.SetSearchBudget(m_maxSearches);
    std::vector<BypassGrooming::Route> routes;
    TePathFinder finder(g);
    for (std::size_t d = 0; d < demands.size(); ++d)
    {
        if (demands[d].gbps > 0)
        {
            BypassGrooming::Route r{d, {}, demands[d].gbps};
            const std::vector<TePath> shortest =
                finder.KShortest(demands[d].src, demands[d].dst, 1);
            for (uint32_t arc : shortest.front())
            {
                r.hops.push_back(arc / 2);
            }
            routes.push_back(std::move(r));
        }
    }
    grooming.SetRoutes(routes);
    if (bypass)
    {
        grooming.Express(m_maxHops);
    }
    grooming.Shed(m_shedPasses);
    grooming.Fill(m_shedPasses);
    // Search: slope scaling from the best plan so far (its prices perturbed after the first
    // cycle), then the shedding and fill moves; the cheapest plan within the fibres is kept.
    std::vector<BypassGrooming::Route> best = grooming.GetRoutes();
    double bestCost =
        grooming.Fits() ? grooming.GetCost() : std::numeric_limits<double>::infinity();
    for (uint32_t cycle = 0; cycle < m_searchCycles; ++cycle)
    {
        std::vector<double> noise;
        for (std::size_t c = 0; cycle > 0 && c < nc; ++c)
        {
            noise.push_back(m_searchRng->GetValue(1 - m_perturbation, 1 + m_perturbation));
        }
        grooming.SetRoutes(best);
        if (grooming.SlopeScale(m_slopeRounds, noise))
        {
            grooming.Shed(m_shedPasses);
            grooming.Fill(m_shedPasses);
        }
        NS_LOG_DEBUG("search cycle " << cycle << ": cost " << grooming.GetCost() << " (best "
                                     << bestCost << ")");
        if (grooming.Fits() && grooming.GetCost() < bestCost - 1e-9)
        {
            bestCost = grooming.GetCost();
            best = grooming.GetRoutes();
        }
    }
    grooming.SetRoutes(best);
    bool stopped = grooming.IsOverBudget();
    if (m_polishPasses > 0 && !stopped)
    {
        Polish(demands, grooming);
        stopped = grooming.IsOverBudget();
    }
    NS_LOG_INFO("greedy plan: " << grooming.GetSearches() << " path searches (MaxSearches "
                                << m_maxSearches << ")");
    // Every fibre within its wavelengths.
    for (uint32_t f = 0; f < m_fibres.GetNFibres(); ++f)
    {
        if (grooming.GetFibreWavelengths(f) > m_wavelengths)
        {
            const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
            error = "greedy plan: fibre " + m_fibres.GetSite(fibre.a).name + "-" +
                    m_fibres.GetSite(fibre.b).name + " needs " +
                    std::to_string(grooming.GetFibreWavelengths(f)) +
                    " wavelengths, more than WavelengthsPerFibre (" +
                    std::to_string(m_wavelengths) + ")";
            return false;
        }
    }
    BypassPlan out;
    out.status = stopped ? "greedy (MaxSearches reached: the best plan so far)" : "greedy";
    std::vector<uint32_t> planIndex(nc, UINT32_MAX);
    for (uint32_t c = 0; c < nc; ++c)
    {
        if (grooming.GetWavelengths(c) > 0)
        {
            planIndex[c] = static_cast<uint32_t>(out.links.size());
            out.links.push_back(m_candidates[c]);
            out.links.back().wavelengths = grooming.GetWavelengths(c);
        }
    }
    out.routes.assign(demands.size(), {});
    for (const BypassGrooming::Route& r : grooming.GetRoutes())
    {
        std::vector<uint32_t> route;
        for (uint32_t c : r.hops)
        {
            route.push_back(planIndex[c]);
        }
        out.routes[r.demand].emplace_back(route, r.gbps);
    }
    Cost(out);
    out.bound = out.capacityCost;
    out.seconds = optical::SecondsSince(start);
    plan = std::move(out);
    return true;
}

void
BypassPlanner::Polish(const std::vector<TrafficMatrix::Demand>& demands,
                      BypassGrooming& grooming) const
{
    // The links with wavelengths, the emptiest top wavelength first.
    std::vector<uint32_t> used;
    for (uint32_t c = 0; c < m_candidates.size(); ++c)
    {
        if (grooming.GetWavelengths(c) > 0)
        {
            used.push_back(c);
        }
    }
    std::stable_sort(used.begin(), used.end(), [&grooming](uint32_t x, uint32_t y) {
        return grooming.GetTopFill(x) < grooming.GetTopFill(y);
    });
    // The demands over those links within their wavelengths (flow costs 1 per Gb/s and link).
    LinearProgram lp;
    lp.SetMaximize(false);
    std::vector<const Lightpath*> links;
    std::vector<uint32_t> wavelengths;
    for (uint32_t c : used)
    {
        links.push_back(&m_candidates[c]);
        wavelengths.push_back(grooming.GetWavelengths(c));
    }
    const SourceFlows flows = AddSourceFlows(lp,
                                             m_fibres.GetNSites(),
                                             demands,
                                             1.0,
                                             links,
                                             std::vector<bool>(links.size(), true),
                                             1.0,
                                             UINT32_MAX);
    std::vector<std::array<uint32_t, 2>> row(links.size(), {UINT32_MAX, UINT32_MAX});
    auto capacity = [&](std::size_t i) { return wavelengths[i] * links[i]->rateGbps; };
    for (std::size_t i = 0; i < links.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (!flows.load[i][dir].empty())
            {
                row[i][dir] = lp.GetNConstraints();
                lp.AddConstraint(flows.load[i][dir], -LinearProgram::Infinity(), capacity(i));
            }
        }
    }
    auto setCapacity = [&](std::size_t i) {
        for (uint32_t r : row[i])
        {
            if (r != UINT32_MAX)
            {
                lp.SetConstraintBounds(r, -LinearProgram::Infinity(), capacity(i));
            }
        }
    };
    LinearProgram::Result r = lp.Resolve();
    if (r.status != LinearProgram::OPTIMAL)
    {
        NS_LOG_WARN("bypass polish: the LP over the greedy plan ended "
                    << LinearProgram::StatusName(r.status) << " " << r.error << "; plan kept");
        return;
    }
    // A link's top wavelength goes when the demands still route over the rest: at once when
    // the last flow leaves it spare, else when the LP with one wavelength less is feasible.
    auto flowOn = [&](std::size_t i) {
        double most = 0;
        for (const auto& terms : flows.load[i])
        {
            double sum = 0;
            for (const auto& [v, coefficient] : terms)
            {
                sum += coefficient * r.values[v];
            }
            most = std::max(most, sum);
        }
        return most;
    };
    uint32_t removed = 0;
    for (uint32_t pass = 0; pass < m_polishPasses; ++pass)
    {
        const uint32_t before = removed;
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            if (wavelengths[i] == 0)
            {
                continue;
            }
            --wavelengths[i];
            setCapacity(i);
            if (flowOn(i) <= capacity(i) + 1e-9 * links[i]->rateGbps)
            {
                ++removed;
                continue;
            }
            if (grooming.IsOverBudget())
            {
                ++wavelengths[i];
                setCapacity(i);
                break;
            }
            // A re-solve of flows from every source: at least a search per source.
            grooming.Charge(m_fibres.GetNSites());
            LinearProgram::Result next = lp.Resolve();
            if (next.status == LinearProgram::OPTIMAL)
            {
                ++removed;
                r = std::move(next);
            }
            else
            {
                ++wavelengths[i];
                setCapacity(i);
            }
        }
        NS_LOG_DEBUG("bypass polish pass " << pass << ": " << removed - before
                                           << " wavelengths removed");
        if (removed == before || grooming.IsOverBudget())
        {
            break;
        }
    }
    r = lp.Resolve();
    if (removed == 0 || r.status != LinearProgram::OPTIMAL)
    {
        return;
    }
    std::vector<BypassGrooming::Route> routes;
    const auto perDemand = Decompose(demands, 1.0, links, flows, r.values);
    for (std::size_t d = 0; d < perDemand.size(); ++d)
    {
        for (const auto& [route, gbps] : perDemand[d])
        {
            BypassGrooming::Route g{d, {}, gbps};
            for (uint32_t l : route)
            {
                g.hops.push_back(used[l]);
            }
            routes.push_back(std::move(g));
        }
    }
    grooming.SetRoutes(routes);
}

} // namespace ns3
