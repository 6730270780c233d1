/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "path-predictor.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PathPredictor");

namespace
{
constexpr uint32_t INF = std::numeric_limits<uint32_t>::max();
} // namespace

// ------------------------------------------------------------------------------- PathAtlas

PathAtlas
PathAtlas::Measure(const AsGraph& truth,
                   const AsPolicy& policy,
                   const std::vector<uint32_t>& vantagePoints,
                   const std::vector<uint32_t>& targets)
{
    PathAtlas atlas;
    const uint32_t n = truth.GetN();
    atlas.m_vps = vantagePoints;
    atlas.m_toward.assign(n, {});
    atlas.m_nextHops.assign(n, {});
    atlas.m_isTarget.assign(n, 0);
    BgpRouteEngine engine(truth, &policy);
    AsRoutes routes;
    for (uint32_t t : targets)
    {
        if (atlas.m_isTarget[t])
        {
            continue;
        }
        atlas.m_isTarget[t] = 1;
        atlas.m_targets.push_back(t);
        engine.Compute(t, routes);
        for (uint32_t v : vantagePoints)
        {
            if (v != t && routes.HasRoute(v))
            {
                atlas.Add(routes.Path(v));
            }
        }
    }
    atlas.Close();
    return atlas;
}

PathAtlas
PathAtlas::FromPaths(uint32_t ases,
                     const std::vector<uint32_t>& vantagePoints,
                     const std::vector<std::vector<uint32_t>>& paths)
{
    PathAtlas atlas;
    atlas.m_vps = vantagePoints;
    atlas.m_toward.assign(ases, {});
    atlas.m_nextHops.assign(ases, {});
    atlas.m_isTarget.assign(ases, 0);
    for (const auto& p : paths)
    {
        NS_ABORT_MSG_IF(p.empty(), "PathAtlas::FromPaths: an empty path");
        if (!atlas.m_isTarget[p.back()])
        {
            atlas.m_isTarget[p.back()] = 1;
            atlas.m_targets.push_back(p.back());
        }
        atlas.Add(p);
    }
    atlas.Close();
    return atlas;
}

void
PathAtlas::Add(std::vector<uint32_t> path)
{
    const auto k = static_cast<uint32_t>(m_paths.size());
    m_toward[path.back()].push_back(k);
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
    {
        m_nextHops[path[i]].push_back(path[i + 1]);
    }
    m_paths.push_back(std::move(path));
}

void
PathAtlas::Close()
{
    for (auto& hops : m_nextHops)
    {
        std::sort(hops.begin(), hops.end());
        hops.erase(std::unique(hops.begin(), hops.end()), hops.end());
    }
}

const std::vector<uint32_t>&
PathAtlas::GetVantagePoints() const
{
    return m_vps;
}

const std::vector<uint32_t>&
PathAtlas::GetTargets() const
{
    return m_targets;
}

bool
PathAtlas::IsTarget(uint32_t t) const
{
    return m_isTarget[t] != 0;
}

const std::vector<uint32_t>&
PathAtlas::PathsTo(uint32_t t) const
{
    return m_toward[t];
}

const std::vector<uint32_t>&
PathAtlas::GetPath(uint32_t k) const
{
    return m_paths[k];
}

uint32_t
PathAtlas::GetPathCount() const
{
    return static_cast<uint32_t>(m_paths.size());
}

const std::vector<uint32_t>&
PathAtlas::NextHopsOf(uint32_t a) const
{
    return m_nextHops[a];
}

// ----------------------------------------------------------------------------- PathPredictor

bool
PathPredictor::PredictOrigins(const std::vector<uint32_t>& origins, std::vector<uint32_t>& reached)
{
    return false;
}

// ----------------------------------------------------------------------- ValleyFreePredictor

ValleyFreePredictor::ValleyFreePredictor(const AsGraph& g)
    : m_g(g)
{
}

std::string
ValleyFreePredictor::GetName() const
{
    return "valley-free";
}

void
ValleyFreePredictor::Build(const std::vector<uint32_t>& origins)
{
    const uint32_t n = m_g.GetN();
    m_built = origins;
    m_downLen.assign(n, INF);
    m_downNext.assign(n, AsGraph::NONE);
    m_bestLen.assign(n, INF);
    m_bestNext.assign(n, AsGraph::NONE);
    m_bestKind.assign(n, 0);
    for (uint32_t o : origins)
    {
        m_downLen[o] = 0;
        m_downNext[o] = o;
    }
    const auto& topo = m_g.TopologicalOrder();
    // Descending paths: an AS reaches an origin through its customers.
    for (uint32_t a : topo)
    {
        for (uint32_t e = m_g.Begin(a); e < m_g.CustomersEnd(a); ++e)
        {
            const uint32_t c = m_g.Neighbor(e);
            if (m_downLen[c] != INF && m_downLen[c] + 1 < m_downLen[a])
            {
                m_downLen[a] = m_downLen[c] + 1;
                m_downNext[a] = c;
            }
        }
    }
    // Valley-free: descend, or one peer link then descend, or a provider's valley-free path.
    for (auto it = topo.rbegin(); it != topo.rend(); ++it)
    {
        const uint32_t a = *it;
        m_bestLen[a] = m_downLen[a];
        m_bestNext[a] = m_downNext[a];
        m_bestKind[a] = 0;
        for (uint32_t e = m_g.CustomersEnd(a); e < m_g.PeersEnd(a); ++e)
        {
            const uint32_t y = m_g.Neighbor(e);
            if (m_downLen[y] != INF && m_downLen[y] + 1 < m_bestLen[a])
            {
                m_bestLen[a] = m_downLen[y] + 1;
                m_bestNext[a] = y;
                m_bestKind[a] = 1;
            }
        }
        for (uint32_t e = m_g.PeersEnd(a); e < m_g.End(a); ++e)
        {
            const uint32_t p = m_g.Neighbor(e);
            if (m_bestLen[p] != INF && m_bestLen[p] + 1 < m_bestLen[a])
            {
                m_bestLen[a] = m_bestLen[p] + 1;
                m_bestNext[a] = p;
                m_bestKind[a] = 2;
            }
        }
    }
}

std::vector<uint32_t>
ValleyFreePredictor::Predict(uint32_t src, uint32_t dst)
{
    if (m_built.size() != 1 || m_built[0] != dst)
    {
        Build({dst});
    }
    std::vector<uint32_t> path;
    if (m_bestLen[src] == INF)
    {
        return path;
    }
    uint32_t cur = src;
    path.push_back(cur);
    bool descending = false;
    while (m_downLen[cur] != 0 || !descending)
    {
        if (!descending)
        {
            const uint8_t kind = m_bestKind[cur];
            if (kind == 0)
            {
                descending = true;
                continue;
            }
            cur = m_bestNext[cur];
            descending = kind == 1;
        }
        else
        {
            cur = m_downNext[cur];
        }
        path.push_back(cur);
    }
    return path;
}

bool
ValleyFreePredictor::PredictOrigins(const std::vector<uint32_t>& origins,
                                    std::vector<uint32_t>& reached)
{
    Build(origins);
    const uint32_t n = m_g.GetN();
    // Origin reached on the descending path (topological order), then on the best path
    // (reverse topological order: a provider's is known before its customers').
    std::vector<uint32_t> down(n, AsGraph::NONE);
    for (uint32_t o : origins)
    {
        down[o] = o;
    }
    for (uint32_t a : m_g.TopologicalOrder())
    {
        if (m_downLen[a] != INF && m_downLen[a] != 0)
        {
            down[a] = down[m_downNext[a]];
        }
    }
    reached.assign(n, AsGraph::NONE);
    const auto& topo = m_g.TopologicalOrder();
    for (auto it = topo.rbegin(); it != topo.rend(); ++it)
    {
        const uint32_t a = *it;
        if (m_bestLen[a] == INF)
        {
            continue;
        }
        switch (m_bestKind[a])
        {
        case 0:
            reached[a] = down[a];
            break;
        case 1:
            reached[a] = down[m_bestNext[a]];
            break;
        default:
            reached[a] = reached[m_bestNext[a]];
        }
    }
    m_built.clear();
    return true;
}

// --------------------------------------------------------------------------- PolicyPredictor

PolicyPredictor::PolicyPredictor(const AsGraph& g, const AsPolicy& policy)
{
    Use(g, policy);
}

void
PolicyPredictor::Use(const AsGraph& g, const AsPolicy& policy)
{
    m_g = &g;
    m_policy = policy;
    m_engine = std::make_unique<BgpRouteEngine>(*m_g, &m_policy);
    m_dst = AsGraph::NONE;
}

std::string
PolicyPredictor::GetName() const
{
    return "policy";
}

std::vector<uint32_t>
PolicyPredictor::Predict(uint32_t src, uint32_t dst)
{
    if (dst != m_dst)
    {
        m_engine->Compute(dst, m_routes);
        m_dst = dst;
    }
    return m_routes.Path(src);
}

bool
PolicyPredictor::PredictOrigins(const std::vector<uint32_t>& origins,
                                std::vector<uint32_t>& reached)
{
    AsRoutes routes;
    m_engine->Compute(origins, routes);
    reached = std::move(routes.origin);
    return true;
}

// -------------------------------------------------------------------- LearnedPolicyPredictor

LearnedPolicyPredictor::LearnedPolicyPredictor(const AsGraph& g,
                                               const PathAtlas& atlas,
                                               uint32_t rounds)
    : PolicyPredictor(g),
      m_atlas(atlas)
{
    // Links seen on paths that the known graph lacks.
    std::vector<std::pair<uint32_t, uint32_t>> extra;
    for (uint32_t k = 0; k < atlas.GetPathCount(); ++k)
    {
        const auto& p = atlas.GetPath(k);
        for (std::size_t i = 0; i + 1 < p.size(); ++i)
        {
            if (g.FindSlot(p[i], p[i + 1]) == AsGraph::NONE)
            {
                extra.emplace_back(std::min(p[i], p[i + 1]), std::max(p[i], p[i + 1]));
            }
        }
    }
    std::sort(extra.begin(), extra.end());
    extra.erase(std::unique(extra.begin(), extra.end()), extra.end());
    m_addedLinks = static_cast<uint32_t>(extra.size());
    m_graph = extra.empty() ? g : g.WithLinks(extra);
    const uint32_t n = m_graph.GetN();
    std::vector<int32_t> evidence(m_graph.GetSlotCount(), 0);
    std::vector<uint8_t> hasEvidence(n, 0);
    std::vector<uint32_t> seen(n, AsGraph::NONE);
    std::vector<uint32_t> done(n, AsGraph::NONE);
    std::vector<uint32_t> observedNext(n, AsGraph::NONE);
    AsRoutes routes;
    m_learned.Reset(m_graph);
    for (uint32_t round = 0; round < rounds; ++round)
    {
        BgpRouteEngine engine(m_graph, &m_learned);
        for (uint32_t t : atlas.GetTargets())
        {
            engine.Compute(t, routes);
            // The observed next hop of every AS seen on a path toward t.
            for (uint32_t k : atlas.PathsTo(t))
            {
                const auto& p = atlas.GetPath(k);
                for (std::size_t i = 0; i + 1 < p.size(); ++i)
                {
                    seen[p[i]] = t;
                    observedNext[p[i]] = p[i + 1];
                }
            }
            for (uint32_t k : atlas.PathsTo(t))
            {
                const auto& p = atlas.GetPath(k);
                for (std::size_t i = 0; i + 1 < p.size(); ++i)
                {
                    const uint32_t a = p[i];
                    if (done[a] == t)
                    {
                        break; // the rest of this path was read from another monitor's
                    }
                    done[a] = t;
                    const uint32_t chosen = routes.next[a];
                    if (chosen == p[i + 1] || chosen == AsGraph::NONE)
                    {
                        continue;
                    }
                    // Evidence of a preference only if the route the simulation preferred is,
                    // hop by hop, the one observed from that neighbour (otherwise the
                    // neighbour may not offer it, or not that short: the mistake is
                    // elsewhere).
                    bool offered = true;
                    for (uint32_t x = chosen; x != t && offered; x = routes.next[x])
                    {
                        offered = seen[x] == t && observedNext[x] == routes.next[x];
                    }
                    const uint32_t en = m_graph.FindSlot(a, p[i + 1]);
                    const uint32_t em = m_graph.FindSlot(a, chosen);
                    if (!offered || en == AsGraph::NONE || em == AsGraph::NONE ||
                        m_graph.Relation(en) != m_graph.Relation(em))
                    {
                        continue;
                    }
                    ++evidence[en];
                    --evidence[em];
                    hasEvidence[a] = 1;
                }
            }
        }
        m_learned.Reset(m_graph);
        for (uint32_t a = 0; a < n; ++a)
        {
            if (!hasEvidence[a])
            {
                continue;
            }
            m_learned.deviating.push_back(a);
            for (uint32_t e = m_graph.Begin(a); e < m_graph.End(a); ++e)
            {
                m_learned.rank[e] = evidence[e] < 0 ? 1 : 0;
            }
        }
        std::fill(seen.begin(), seen.end(), AsGraph::NONE);
        std::fill(done.begin(), done.end(), AsGraph::NONE);
    }
    Use(m_graph, m_learned);
    NS_LOG_INFO("learned preferences of " << m_learned.deviating.size() << " ASes, " << m_addedLinks
                                          << " links added");
}

std::vector<uint32_t>
LearnedPolicyPredictor::Predict(uint32_t src, uint32_t dst)
{
    if (dst != m_pinned)
    {
        AsPolicy pinned = m_learned;
        for (uint32_t k : m_atlas.PathsTo(dst))
        {
            const auto& p = m_atlas.GetPath(k);
            for (std::size_t i = 0; i + 1 < p.size(); ++i)
            {
                const uint32_t e = m_graph.FindSlot(p[i], p[i + 1]);
                if (e != AsGraph::NONE)
                {
                    pinned.rank[e] = std::numeric_limits<int32_t>::min() / 2;
                    pinned.deviating.push_back(p[i]);
                }
            }
        }
        Use(m_graph, pinned);
        m_pinned = dst;
    }
    return PolicyPredictor::Predict(src, dst);
}

bool
LearnedPolicyPredictor::PredictOrigins(const std::vector<uint32_t>& origins,
                                       std::vector<uint32_t>& reached)
{
    if (m_pinned != AsGraph::NONE)
    {
        Use(m_graph, m_learned);
        m_pinned = AsGraph::NONE;
    }
    return PolicyPredictor::PredictOrigins(origins, reached);
}

std::string
LearnedPolicyPredictor::GetName() const
{
    return "learned";
}

uint32_t
LearnedPolicyPredictor::GetLearnedAses() const
{
    return static_cast<uint32_t>(m_learned.deviating.size());
}

uint32_t
LearnedPolicyPredictor::GetAddedLinks() const
{
    return m_addedLinks;
}

// -------------------------------------------------------------------------- SegmentPredictor

SegmentPredictor::SegmentPredictor(const AsGraph& g, const PathAtlas& atlas)
    : m_g(g),
      m_atlas(atlas),
      m_fallback(g),
      m_suffixPath(g.GetN(), AsGraph::NONE),
      m_suffixPos(g.GetN(), 0)
{
}

std::string
SegmentPredictor::GetName() const
{
    return "segments";
}

uint64_t
SegmentPredictor::GetFallbacks() const
{
    return m_fallbacks;
}

void
SegmentPredictor::Build(uint32_t dst)
{
    for (uint32_t a : m_touched)
    {
        m_suffixPath[a] = AsGraph::NONE;
    }
    m_touched.clear();
    m_dst = dst;
    for (uint32_t k : m_atlas.PathsTo(dst))
    {
        const auto& p = m_atlas.GetPath(k);
        for (uint32_t i = 0; i < p.size(); ++i)
        {
            const uint32_t a = p[i];
            if (m_suffixPath[a] == AsGraph::NONE)
            {
                m_touched.push_back(a);
            }
            else if (m_atlas.GetPath(m_suffixPath[a]).size() - m_suffixPos[a] <= p.size() - i)
            {
                continue;
            }
            m_suffixPath[a] = k;
            m_suffixPos[a] = i;
        }
    }
}

std::vector<uint32_t>
SegmentPredictor::Predict(uint32_t src, uint32_t dst)
{
    if (src == dst)
    {
        return {src};
    }
    if (!m_atlas.IsTarget(dst))
    {
        ++m_fallbacks;
        return m_fallback.Predict(src, dst);
    }
    if (dst != m_dst)
    {
        Build(dst);
    }
    auto suffix = [this](uint32_t a) {
        const auto& p = m_atlas.GetPath(m_suffixPath[a]);
        return std::vector<uint32_t>(p.begin() + m_suffixPos[a], p.end());
    };
    if (m_suffixPath[src] != AsGraph::NONE)
    {
        return suffix(src);
    }
    // Candidates: (not valley-free, length, reversed, intersection distance, path).
    using Key = std::tuple<bool, std::size_t, bool, std::size_t, std::vector<uint32_t>>;
    bool found = false;
    Key best;
    std::vector<uint32_t> bestPath;
    auto consider = [&](std::vector<uint32_t> head, uint32_t meet, bool reversed) {
        auto tail = suffix(meet);
        head.insert(head.end(), tail.begin() + 1, tail.end());
        std::vector<uint32_t> sorted = head;
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        {
            return; // a loop
        }
        std::vector<uint32_t> asns(head.size());
        for (std::size_t k = 0; k < head.size(); ++k)
        {
            asns[k] = m_g.GetAsn(head[k]);
        }
        const std::size_t distance = head.size() - tail.size() + 1;
        Key key{!m_g.IsValleyFree(head), head.size(), reversed, distance, asns};
        if (!found || key < best)
        {
            best = std::move(key);
            bestPath = std::move(head);
            found = true;
        }
    };
    for (uint32_t next : m_atlas.NextHopsOf(src))
    {
        if (m_suffixPath[next] != AsGraph::NONE)
        {
            consider({src}, next, false);
        }
    }
    for (uint32_t k : m_atlas.PathsTo(src))
    {
        const auto& p = m_atlas.GetPath(k); // monitor ... src
        std::vector<uint32_t> head{src};
        for (std::size_t j = p.size() - 1; j-- > 0;)
        {
            head.push_back(p[j]);
            if (m_suffixPath[p[j]] != AsGraph::NONE)
            {
                consider(head, p[j], true);
                break;
            }
        }
    }
    if (!found)
    {
        ++m_fallbacks;
        return m_fallback.Predict(src, dst);
    }
    return bestPath;
}

// ---------------------------------------------------------------------------------- uses

bool
CrossesOrganisation(const AsGraph& g, const std::vector<uint32_t>& path, uint32_t org)
{
    for (std::size_t k = 1; k + 1 < path.size(); ++k)
    {
        if (g.GetOrganisation(path[k]) == org)
        {
            return true;
        }
    }
    return false;
}

double
CapturedShare(const std::vector<uint32_t>& reached, uint32_t attacker, uint32_t victim)
{
    uint64_t captured = 0;
    uint64_t others = 0;
    for (uint32_t i = 0; i < reached.size(); ++i)
    {
        if (i == attacker || i == victim)
        {
            continue;
        }
        ++others;
        captured += reached[i] == attacker ? 1 : 0;
    }
    return others == 0 ? 0 : static_cast<double>(captured) / others;
}

} // namespace ns3
