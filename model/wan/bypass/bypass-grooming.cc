/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bypass-grooming.h"

#include "../../common/optical-graph.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BypassGrooming");

/// The usable links as a Boost.Graph: per site, an edge for each link that starts or ends
/// there (in link order), tagged with the link and the direction it is crossed in.
struct BypassGrooming::SiteGraph
{
    opticalgraph::Digraph graph;    //!< The graph
    opticalgraph::BestFirst search; //!< Work arrays of the searches
};

BypassGrooming::BypassGrooming(const std::vector<Lightpath>& candidates,
                               uint32_t usable,
                               uint32_t nSites,
                               uint32_t nFibres,
                               uint32_t wavelengthsPerFibre,
                               const std::vector<TrafficMatrix::Demand>& demands)
    : m_candidates(candidates),
      m_usable(std::min<uint32_t>(usable, candidates.size())),
      m_nSites(nSites),
      m_perFibre(wavelengthsPerFibre),
      m_demands(demands),
      m_load(candidates.size(), {0.0, 0.0}),
      m_waves(candidates.size(), 0),
      m_onFibre(nFibres, 0),
      m_graph(std::make_shared<SiteGraph>())
{
    std::vector<std::vector<uint32_t>> adjacent(nSites);
    for (uint32_t c = 0; c < m_usable; ++c)
    {
        adjacent[m_candidates[c].sites.front()].push_back(c);
        adjacent[m_candidates[c].sites.back()].push_back(c);
    }
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    std::vector<opticalgraph::EdgeTag> tags;
    for (uint32_t u = 0; u < nSites; ++u)
    {
        for (uint32_t c : adjacent[u])
        {
            const int dir = Dir(c, u);
            ends.emplace_back(u, End(c, dir));
            tags.push_back({c, static_cast<uint8_t>(dir), 0});
        }
    }
    m_graph->graph = opticalgraph::MakeDigraph(nSites, ends, tags);
    m_graph->search.Resize(nSites);
}

uint32_t
BypassGrooming::GetWavelengths(uint32_t c) const
{
    return m_waves[c];
}

double
BypassGrooming::Place(const Route& r, double sign)
{
    uint32_t at = m_demands[r.demand].src;
    double delta = 0;
    for (uint32_t c : r.hops)
    {
        const int dir = Dir(c, at);
        const uint32_t before = m_waves[c];
        m_load[c][dir] += sign * r.gbps;
        const uint32_t after = Waves(c, m_load[c][0], m_load[c][1]);
        if (after != before)
        {
            m_waves[c] = after;
            for (uint32_t f : m_candidates[c].fibres)
            {
                m_onFibre[f] += after - before; // modulo 2^32: a decrease wraps back
            }
            delta += (static_cast<double>(after) - before) * m_candidates[c].wavelengthCost;
        }
        at = End(c, dir);
    }
    return delta;
}

void
BypassGrooming::Recount()
{
    std::fill(m_load.begin(), m_load.end(), std::array<double, 2>{0.0, 0.0});
    std::fill(m_onFibre.begin(), m_onFibre.end(), 0);
    std::fill(m_waves.begin(), m_waves.end(), 0);
    for (const Route& r : m_routes)
    {
        Place(r, 1);
    }
}

void
BypassGrooming::SetRoutes(const std::vector<Route>& routes)
{
    m_routes = routes;
    Recount();
}

const std::vector<BypassGrooming::Route>&
BypassGrooming::GetRoutes() const
{
    return m_routes;
}

double
BypassGrooming::GetCost() const
{
    double total = 0;
    for (uint32_t c = 0; c < m_candidates.size(); ++c)
    {
        total += GetWavelengths(c) * m_candidates[c].wavelengthCost;
    }
    return total;
}

bool
BypassGrooming::Fits() const
{
    return std::all_of(m_onFibre.begin(), m_onFibre.end(), [this](uint32_t w) {
        return w <= m_perFibre;
    });
}

std::vector<std::vector<uint32_t>>
BypassGrooming::Adjacency(bool withLoadOnly, uint32_t except) const
{
    std::vector<std::vector<uint32_t>> adjacent(m_nSites);
    for (uint32_t c = 0; c < m_usable; ++c)
    {
        if (c != except && (!withLoadOnly || GetWavelengths(c) > 0))
        {
            adjacent[m_candidates[c].sites.front()].push_back(c);
            adjacent[m_candidates[c].sites.back()].push_back(c);
        }
    }
    return adjacent;
}

void
BypassGrooming::Express(uint32_t maxHops)
{
    const std::size_t nc = m_candidates.size();
    const uint32_t nHopByHop = static_cast<uint32_t>(m_onFibre.size());
    // Express candidates by their fibre sequence in either direction.
    std::map<std::vector<uint32_t>, uint32_t> byFibres;
    for (uint32_t c = nHopByHop; c < m_usable; ++c)
    {
        byFibres[m_candidates[c].fibres] = c;
        byFibres.emplace(
            std::vector<uint32_t>(m_candidates[c].fibres.rbegin(), m_candidates[c].fibres.rend()),
            c);
    }
    for (int iteration = 0; !byFibres.empty() && iteration < 100000; ++iteration)
    {
        // Volume per candidate and direction over hop-by-hop runs of the routes.
        std::vector<std::array<double, 2>> match(nc, {0.0, 0.0});
        for (const Route& r : m_routes)
        {
            // `at`: the site where hop i starts, walked along once.
            uint32_t at = m_demands[r.demand].src;
            for (std::size_t i = 0; i < r.hops.size(); at = End(r.hops[i], Dir(r.hops[i], at)), ++i)
            {
                std::vector<uint32_t> run;
                for (std::size_t j = i;
                     j < r.hops.size() && r.hops[j] < nHopByHop && j - i < maxHops;
                     ++j)
                {
                    run.push_back(r.hops[j]);
                    const auto it = run.size() < 2 ? byFibres.end() : byFibres.find(run);
                    if (it != byFibres.end())
                    {
                        match[it->second][Dir(it->second, at)] += r.gbps;
                    }
                }
            }
        }
        double bestSaving = 1e-9;
        uint32_t best = UINT32_MAX;
        std::array<double, 2> bestMove{0.0, 0.0};
        for (uint32_t c = nHopByHop; c < m_usable; ++c)
        {
            if (match[c][0] <= 0 && match[c][1] <= 0)
            {
                continue;
            }
            const Lightpath& e = m_candidates[c];
            const uint32_t have = GetWavelengths(c);
            uint32_t room = m_perFibre;
            for (uint32_t f : e.fibres)
            {
                room = std::min(room, m_perFibre > m_onFibre[f] ? m_perFibre - m_onFibre[f] : 0);
            }
            // Candidate wavelength counts: as many as the traffic fills, and one more.
            const double most = std::max(m_load[c][0] + match[c][0], m_load[c][1] + match[c][1]);
            for (uint32_t n : {static_cast<uint32_t>(std::floor(most / e.rateGbps + 1e-9)),
                               static_cast<uint32_t>(std::ceil(most / e.rateGbps - 1e-9))})
            {
                if (n <= have || n - have > room)
                {
                    continue;
                }
                // Move as much as fits: the capacity n gives, less the load already on it.
                const std::array<double, 2> move{
                    std::min(match[c][0], std::max(0.0, n * e.rateGbps - m_load[c][0])),
                    std::min(match[c][1], std::max(0.0, n * e.rateGbps - m_load[c][1]))};
                double saving = -static_cast<double>(n - have) * e.wavelengthCost;
                // The fibres lose the moved load, each in the direction it is crossed.
                uint32_t at = e.sites.front();
                for (uint32_t f : e.fibres)
                {
                    const int dir = Dir(f, at);
                    std::array<double, 2> after = m_load[f];
                    after[dir] -= move[0];
                    after[1 - dir] -= move[1];
                    saving +=
                        (static_cast<double>(GetWavelengths(f)) - Waves(f, after[0], after[1])) *
                        m_candidates[f].wavelengthCost;
                    at = End(f, dir);
                }
                if (saving > bestSaving)
                {
                    bestSaving = saving;
                    best = c;
                    bestMove = move;
                }
            }
        }
        if (best == UINT32_MAX)
        {
            break;
        }
        // Move the volumes: split routes whose run matches, until each direction's share moved.
        const Lightpath& e = m_candidates[best];
        std::array<double, 2> left = bestMove;
        std::vector<Route> extra;
        for (Route& r : m_routes)
        {
            uint32_t at = m_demands[r.demand].src;
            for (std::size_t i = 0; i + e.fibres.size() <= r.hops.size(); ++i)
            {
                const bool hopByHop =
                    std::all_of(r.hops.begin() + i,
                                r.hops.begin() + i + e.fibres.size(),
                                [nHopByHop](uint32_t c) { return c < nHopByHop; });
                const int dir = Dir(best, at);
                std::vector<uint32_t> run(r.hops.begin() + i, r.hops.begin() + i + e.fibres.size());
                if (dir == 1)
                {
                    std::reverse(run.begin(), run.end());
                }
                if (hopByHop && run == e.fibres && left[dir] > 1e-9 &&
                    (e.sites.front() == at || e.sites.back() == at))
                {
                    const double moved = std::min(left[dir], r.gbps);
                    left[dir] -= moved;
                    Route rest = r;
                    rest.gbps = r.gbps - moved;
                    Place(r, -1);
                    r.gbps = moved;
                    r.hops.erase(r.hops.begin() + i, r.hops.begin() + i + e.fibres.size());
                    r.hops.insert(r.hops.begin() + i, best);
                    Place(r, 1);
                    if (rest.gbps > 1e-9)
                    {
                        Place(rest, 1);
                        extra.push_back(rest);
                    }
                    break;
                }
                at = End(r.hops[i], Dir(r.hops[i], at));
            }
        }
        m_routes.insert(m_routes.end(), extra.begin(), extra.end());
    }
}

template <typename ArcCost>
void
BypassGrooming::Tree(uint32_t s,
                     uint32_t t,
                     double budget,
                     std::vector<double>& dist,
                     std::vector<uint32_t>& via,
                     ArcCost cost) const
{
    ++m_searches;
    opticalgraph::ShortestTree(m_graph->graph, m_graph->search, s, t, budget, cost, dist, via);
}

void
BypassGrooming::SetSearchBudget(uint64_t searches)
{
    m_maxSearches = searches > UINT64_MAX - m_searches ? UINT64_MAX : m_searches + searches;
}

uint64_t
BypassGrooming::GetSearches() const
{
    return m_searches;
}

void
BypassGrooming::Charge(uint64_t searches)
{
    m_searches = searches > UINT64_MAX - m_searches ? UINT64_MAX : m_searches + searches;
}

bool
BypassGrooming::IsOverBudget() const
{
    return m_searches >= m_maxSearches;
}

std::vector<uint32_t>
BypassGrooming::PathTo(uint32_t s, uint32_t t, const std::vector<uint32_t>& via) const
{
    std::vector<uint32_t> hops;
    for (uint32_t v = t; v != s; v = End(via[v], Dir(via[v], v)))
    {
        hops.push_back(via[v]);
    }
    std::reverse(hops.begin(), hops.end());
    return hops;
}

bool
BypassGrooming::SlopeScale(uint32_t rounds, const std::vector<double>& noise)
{
    const std::size_t nc = m_candidates.size();
    // Price per Gb/s: at full wavelengths for a link without load, else at its load.
    std::vector<double> price(nc);
    auto reprice = [&]() {
        for (uint32_t c = 0; c < nc; ++c)
        {
            const double most = std::max(m_load[c][0], m_load[c][1]);
            if (most > 1e-9)
            {
                price[c] = GetWavelengths(c) * m_candidates[c].wavelengthCost / most;
            }
        }
    };
    for (uint32_t c = 0; c < nc; ++c)
    {
        price[c] = m_candidates[c].wavelengthCost / m_candidates[c].rateGbps;
    }
    reprice();
    for (uint32_t c = 0; c < nc && !noise.empty(); ++c)
    {
        price[c] *= noise[c];
    }
    std::map<uint32_t, std::vector<std::size_t>> bySource;
    for (std::size_t d = 0; d < m_demands.size(); ++d)
    {
        if (m_demands[d].gbps > 0)
        {
            bySource[m_demands[d].src].push_back(d);
        }
    }
    const std::vector<Route> start = m_routes;
    std::vector<Route> best;
    double bestCost = std::numeric_limits<double>::infinity();
    std::vector<double> dist(m_nSites);
    std::vector<uint32_t> via(m_nSites);
    for (uint32_t round = 0; round < rounds && !IsOverBudget(); ++round)
    {
        // Every demand on its cheapest path (a shortest-path tree per source).
        std::vector<Route> next;
        for (const auto& [s, ds] : bySource)
        {
            Tree(s,
                 UINT32_MAX,
                 std::numeric_limits<double>::infinity(),
                 dist,
                 via,
                 [&price](uint32_t c, int) { return price[c] * (1 + 1e-9); });
            for (std::size_t d : ds)
            {
                next.push_back(Route{d, PathTo(s, m_demands[d].dst, via), m_demands[d].gbps});
            }
        }
        SetRoutes(next);
        const double cost = GetCost();
        NS_LOG_DEBUG("slope scaling round " << round << ": cost " << cost
                                            << (Fits() ? "" : " (a fibre is full)"));
        if (Fits() && cost < bestCost - 1e-9)
        {
            bestCost = cost;
            best = m_routes;
        }
        reprice();
    }
    SetRoutes(std::isfinite(bestCost) ? best : start);
    return std::isfinite(bestCost);
}

bool
BypassGrooming::Cheapest(uint32_t s,
                         uint32_t t,
                         double gbps,
                         uint32_t banned,
                         double budget,
                         std::vector<uint32_t>& hops)
{
    const double inf = std::numeric_limits<double>::infinity();
    if (IsOverBudget())
    {
        return false;
    }
    std::vector<double> dist;
    std::vector<uint32_t> via;
    Tree(s, t, budget, dist, via, [&](uint32_t c, int dir) {
        if (c == banned)
        {
            return inf;
        }
        const Lightpath& l = m_candidates[c];
        uint32_t grow = 0;
        if (m_load[c][dir] + gbps > m_waves[c] * l.rateGbps + 1e-9 * l.rateGbps)
        {
            grow = Waves(c, m_load[c][dir] + gbps, 0) - m_waves[c];
            for (uint32_t f : l.fibres)
            {
                if (m_onFibre[f] + grow > m_perFibre)
                {
                    return inf;
                }
            }
        }
        // A tiny cost per link keeps the path short among equal ones.
        return (grow + 1e-6) * l.wavelengthCost;
    });
    if (!(dist[t] < budget))
    {
        return false;
    }
    hops = PathTo(s, t, via);
    return true;
}

void
BypassGrooming::IndexRoute(std::size_t ri, std::vector<std::vector<std::size_t>>& through) const
{
    for (uint32_t h : m_routes[ri].hops)
    {
        through[h].push_back(ri);
    }
}

std::vector<std::pair<std::size_t, int>>
BypassGrooming::RoutesCrossing(uint32_t c,
                               const std::vector<std::vector<std::size_t>>& through) const
{
    std::vector<std::pair<std::size_t, int>> crossing;
    for (std::size_t ri : through[c])
    {
        uint32_t at = m_demands[m_routes[ri].demand].src;
        for (uint32_t h : m_routes[ri].hops)
        {
            const int dir = Dir(h, at);
            if (h == c)
            {
                crossing.emplace_back(ri, dir);
                break;
            }
            at = End(h, dir);
        }
    }
    std::sort(crossing.begin(), crossing.end());
    crossing.erase(std::unique(crossing.begin(), crossing.end()), crossing.end());
    std::stable_sort(crossing.begin(), crossing.end(), [this](const auto& x, const auto& y) {
        return m_routes[x.first].gbps < m_routes[y.first].gbps;
    });
    return crossing;
}

bool
BypassGrooming::ShedTo(uint32_t c,
                       uint32_t target,
                       std::vector<std::vector<std::size_t>>& through,
                       double& delta)
{
    const double cap = target * m_candidates[c].rateGbps;
    std::array<double, 2> need{m_load[c][0] - cap, m_load[c][1] - cap};
    // The routes crossing c (and the direction), smallest first.
    const std::vector<std::pair<std::size_t, int>> crossing = RoutesCrossing(c, through);
    // Undo log: routes changed (index, before) and the routes' count.
    std::vector<std::pair<std::size_t, Route>> changed;
    const std::size_t count = m_routes.size();
    delta = 0;
    std::vector<Route> moving;
    for (const auto& [ri, dir] : crossing)
    {
        if (need[dir] <= 1e-9 || m_routes[ri].gbps <= 1e-9)
        {
            continue;
        }
        const double amount = std::min(need[dir], m_routes[ri].gbps);
        changed.emplace_back(ri, m_routes[ri]);
        delta += Place(m_routes[ri], -1);
        Route part = m_routes[ri];
        part.gbps = amount;
        m_routes[ri].gbps -= amount;
        if (m_routes[ri].gbps > 1e-9)
        {
            delta += Place(m_routes[ri], 1);
        }
        moving.push_back(std::move(part));
        need[dir] -= amount;
    }
    std::stable_sort(moving.begin(), moving.end(), [](const Route& x, const Route& y) {
        return x.gbps > y.gbps;
    });
    bool ok = true;
    for (Route& part : moving)
    {
        const auto& d = m_demands[part.demand];
        // Within what is still saved (the move must save overall).
        if (!Cheapest(d.src, d.dst, part.gbps, c, -delta, part.hops))
        {
            ok = false;
            break;
        }
        delta += Place(part, 1);
        m_routes.push_back(std::move(part));
    }
    if (ok && delta < -1e-9)
    {
        for (std::size_t ri = count; ri < m_routes.size(); ++ri)
        {
            IndexRoute(ri, through);
        }
        return true;
    }
    // Undo, newest first.
    while (m_routes.size() > count)
    {
        Place(m_routes.back(), -1);
        m_routes.pop_back();
    }
    for (auto it = changed.rbegin(); it != changed.rend(); ++it)
    {
        if (m_routes[it->first].gbps > 1e-9)
        {
            Place(m_routes[it->first], -1);
        }
        m_routes[it->first] = it->second;
        Place(m_routes[it->first], 1);
    }
    return false;
}

double
BypassGrooming::ShedPass()
{
    const std::size_t nc = m_candidates.size();
    // Per link, the routes crossing it (kept up to date by appending; checked on use).
    std::vector<std::vector<std::size_t>> through(nc);
    for (std::size_t ri = 0; ri < m_routes.size(); ++ri)
    {
        IndexRoute(ri, through);
    }
    double gained = 0;
    // Links with the emptiest top wavelength first.
    std::vector<uint32_t> order;
    for (uint32_t c = 0; c < nc; ++c)
    {
        if (m_waves[c] > 0)
        {
            order.push_back(c);
        }
    }
    std::stable_sort(order.begin(), order.end(), [this](uint32_t x, uint32_t y) {
        return GetTopFill(x) < GetTopFill(y);
    });
    for (uint32_t c : order)
    {
        if (IsOverBudget())
        {
            break;
        }
        const uint32_t w = GetWavelengths(c);
        // Shed the top wavelength, else all of them.
        const std::vector<uint32_t> targets =
            w > 1 ? std::vector<uint32_t>{w - 1, 0} : std::vector<uint32_t>{0};
        for (uint32_t target : targets)
        {
            double delta = 0;
            if (ShedTo(c, target, through, delta))
            {
                gained -= delta;
                break;
            }
        }
    }
    return gained;
}

double
BypassGrooming::Shed(uint32_t passes)
{
    double total = 0;
    for (uint32_t pass = 0; pass < passes; ++pass)
    {
        Recount(); // no drift from the undone moves
        const double gained = ShedPass();
        // Drop emptied routes.
        m_routes.erase(std::remove_if(m_routes.begin(),
                                      m_routes.end(),
                                      [](const Route& r) { return r.gbps <= 1e-9; }),
                       m_routes.end());
        NS_LOG_DEBUG("shedding pass " << pass << ": saved " << gained);
        total += gained;
        if (gained < 1e-9)
        {
            break;
        }
    }
    Recount();
    return total;
}

void
BypassGrooming::Fill(uint32_t passes)
{
    const std::size_t nc = m_candidates.size();
    bool improved = true;
    for (uint32_t pass = 0; improved && pass < passes; ++pass)
    {
        improved = false;
        for (uint32_t c = 0; c < nc && !IsOverBudget(); ++c)
        {
            const uint32_t w = GetWavelengths(c);
            if (w == 0)
            {
                continue;
            }
            const double rate = m_candidates[c].rateGbps;
            std::array<double, 2> need{m_load[c][0] - (w - 1) * rate,
                                       m_load[c][1] - (w - 1) * rate};
            const std::vector<Route> savedRoutes = m_routes;
            const std::vector<std::array<double, 2>> savedLoad = m_load;
            const std::vector<uint32_t> savedFibre = m_onFibre;
            const std::vector<uint32_t> savedWaves = m_waves;
            // Sites' links with wavelengths (other than c).
            const std::vector<std::vector<uint32_t>> adjacent = Adjacency(true, c);
            std::vector<Route> extra;
            for (std::size_t ri = 0; ri < m_routes.size(); ++ri)
            {
                if (need[0] <= 1e-9 && need[1] <= 1e-9)
                {
                    break;
                }
                const uint32_t src = m_demands[m_routes[ri].demand].src;
                uint32_t at = src;
                for (std::size_t i = 0; i < m_routes[ri].hops.size(); ++i)
                {
                    const uint32_t h = m_routes[ri].hops[i];
                    const int dir = Dir(h, at);
                    if (h != c || need[dir] <= 1e-9)
                    {
                        at = End(h, dir);
                        continue;
                    }
                    const double amount = std::min(need[dir], m_routes[ri].gbps);
                    // Shortest detour from `at` to the far end over links with spare capacity
                    // for `amount` in the direction crossed.
                    const uint32_t to = End(c, dir);
                    ++m_searches;
                    std::vector<std::pair<uint32_t, uint32_t>> prev(m_nSites,
                                                                    {UINT32_MAX, UINT32_MAX});
                    std::vector<uint32_t> queue{at};
                    prev[at] = {at, UINT32_MAX};
                    for (std::size_t q = 0; q < queue.size() && prev[to].first == UINT32_MAX; ++q)
                    {
                        const uint32_t u = queue[q];
                        for (uint32_t x : adjacent[u])
                        {
                            const int xd = Dir(x, u);
                            const uint32_t v = End(x, xd);
                            const double spare =
                                savedWaves[x] * m_candidates[x].rateGbps - m_load[x][xd];
                            if (prev[v].first == UINT32_MAX && spare >= amount - 1e-9)
                            {
                                prev[v] = {u, x};
                                queue.push_back(v);
                            }
                        }
                    }
                    if (prev[to].first == UINT32_MAX)
                    {
                        break;
                    }
                    std::vector<uint32_t> detour;
                    for (uint32_t v = to; v != at; v = prev[v].first)
                    {
                        detour.push_back(prev[v].second);
                    }
                    std::reverse(detour.begin(), detour.end());
                    Route moved = m_routes[ri];
                    moved.gbps = amount;
                    moved.hops.erase(moved.hops.begin() + i);
                    moved.hops.insert(moved.hops.begin() + i, detour.begin(), detour.end());
                    // A detour through a site the route already visits would make a loop.
                    std::set<uint32_t> sites{src};
                    bool loop = false;
                    uint32_t walk = src;
                    for (uint32_t x : moved.hops)
                    {
                        walk = End(x, Dir(x, walk));
                        loop = loop || !sites.insert(walk).second;
                    }
                    if (loop)
                    {
                        break;
                    }
                    Place(m_routes[ri], -1);
                    if (m_routes[ri].gbps - amount > 1e-9)
                    {
                        Route rest = m_routes[ri];
                        rest.gbps -= amount;
                        Place(rest, 1);
                        extra.push_back(std::move(rest));
                    }
                    Place(moved, 1);
                    m_routes[ri] = std::move(moved);
                    need[dir] -= amount;
                    break;
                }
            }
            m_routes.insert(m_routes.end(), extra.begin(), extra.end());
            // Keep the moves only if the wavelength went and nothing grew.
            bool better = GetWavelengths(c) < w;
            for (uint32_t x = 0; better && x < nc; ++x)
            {
                better = m_waves[x] <= savedWaves[x];
            }
            if (better)
            {
                improved = true;
            }
            else
            {
                m_routes = savedRoutes;
                m_load = savedLoad;
                m_onFibre = savedFibre;
                m_waves = savedWaves;
            }
        }
    }
}

} // namespace ns3
