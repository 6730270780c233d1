/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The multi-commodity flow by source that BypassPlanner's ILP, LP polish and protection share.

#include "bypass-planner-detail.h"

#include <limits>

namespace ns3
{
namespace bypassdetail
{

SourceFlows
AddSourceFlows(LinearProgram& lp,
               uint32_t nSites,
               const std::vector<TrafficMatrix::Demand>& demands,
               double factor,
               const std::vector<const Lightpath*>& links,
               const std::vector<bool>& usable,
               double flowCost,
               uint32_t scaleVar)
{
    std::map<uint32_t, std::map<uint32_t, double>> bySource;
    for (const auto& d : demands)
    {
        if (d.gbps > 0)
        {
            bySource[d.src][d.dst] += d.gbps * factor;
        }
    }
    SourceFlows out;
    out.load.resize(links.size());
    for (const auto& [source, dsts] : bySource)
    {
        out.sources.push_back(source);
        out.var.emplace_back(links.size(), std::array<uint32_t, 2>{UINT32_MAX, UINT32_MAX});
        std::vector<std::vector<std::pair<uint32_t, double>>> node(nSites);
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            for (int dir = 0; dir < 2 && usable[i]; ++dir)
            {
                const uint32_t from = dir == 0 ? links[i]->a : links[i]->b;
                const uint32_t to = dir == 0 ? links[i]->b : links[i]->a;
                if (to == source)
                {
                    continue; // nothing flows back into its source
                }
                const uint32_t v = lp.AddVariable(0, LinearProgram::Infinity(), flowCost, false);
                out.var.back()[i][dir] = v;
                node[to].emplace_back(v, 1.0);
                node[from].emplace_back(v, -1.0);
                out.load[i][dir].emplace_back(v, 1.0);
            }
        }
        for (uint32_t v = 0; v < nSites; ++v)
        {
            if (v == source)
            {
                continue;
            }
            const auto it = dsts.find(v);
            const double need = it == dsts.end() ? 0.0 : it->second;
            if (scaleVar == UINT32_MAX)
            {
                lp.AddConstraint(node[v], need, need);
            }
            else
            {
                node[v].emplace_back(scaleVar, -need);
                lp.AddConstraint(node[v], 0, 0);
            }
        }
    }
    return out;
}

std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>>
Decompose(const std::vector<TrafficMatrix::Demand>& demands,
          double fraction,
          const std::vector<const Lightpath*>& links,
          const SourceFlows& flows,
          const std::vector<double>& values)
{
    std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>> out(demands.size());
    const std::vector<uint32_t>& sources = flows.sources;
    for (std::size_t k = 0; k < sources.size(); ++k)
    {
        // Remaining flow per directed arc (candidate, dir) of this source.
        std::vector<std::array<double, 2>> rest(links.size(), {0.0, 0.0});
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            for (int dir = 0; dir < 2; ++dir)
            {
                if (flows.var[k][i][dir] != UINT32_MAX)
                {
                    rest[i][dir] = std::max(0.0, values[flows.var[k][i][dir]]);
                }
            }
        }
        for (std::size_t di = 0; di < demands.size(); ++di)
        {
            const auto& d = demands[di];
            if (d.src != sources[k] || !(d.gbps > 0))
            {
                continue;
            }
            double left = d.gbps * fraction;
            for (int guard = 0; left > 1e-9 * std::max(1.0, d.gbps) && guard < 1000; ++guard)
            {
                // Walk back from the destination along the largest remaining inflow.
                std::vector<std::pair<uint32_t, int>> arcs;
                std::set<uint32_t> visited{d.dst};
                uint32_t at = d.dst;
                while (at != d.src)
                {
                    double best = 1e-12;
                    std::pair<uint32_t, int> pick{UINT32_MAX, 0};
                    for (std::size_t i = 0; i < links.size(); ++i)
                    {
                        const Lightpath& c = *links[i];
                        for (int dir = 0; dir < 2; ++dir)
                        {
                            const uint32_t to = dir == 0 ? c.b : c.a;
                            const uint32_t from = dir == 0 ? c.a : c.b;
                            if (to == at && rest[i][dir] > best && !visited.count(from))
                            {
                                best = rest[i][dir];
                                pick = {static_cast<uint32_t>(i), dir};
                            }
                        }
                    }
                    if (pick.first == UINT32_MAX)
                    {
                        break;
                    }
                    arcs.push_back(pick);
                    const Lightpath& c = *links[pick.first];
                    at = pick.second == 0 ? c.a : c.b;
                    visited.insert(at);
                }
                if (at != d.src || arcs.empty())
                {
                    break;
                }
                double amount = left;
                for (const auto& [i, dir] : arcs)
                {
                    amount = std::min(amount, rest[i][dir]);
                }
                std::vector<uint32_t> route;
                for (auto it = arcs.rbegin(); it != arcs.rend(); ++it)
                {
                    rest[it->first][it->second] -= amount;
                    route.push_back(it->first);
                }
                out[di].emplace_back(route, amount);
                left -= amount;
            }
        }
    }
    return out;
}

} // namespace bypassdetail
} // namespace ns3
