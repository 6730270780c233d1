/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's "pathfinder" embedder: negotiated congestion (McMurchie and Ebeling), then
// loss passes that re-route the nets on the worst paths with higher criticality.

#include "photonic-embedding-detail.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace photonicembeddetail
{
namespace
{

/// The router's log component, under its one name.
LogComponent& g_log = EmbeddingLog();

/**
 * Negotiated congestion (McMurchie and Ebeling): every round rips up and re-routes every net
 * not pinned, with node costs (base + history) x (1 + present x occupancy) (weighted against
 * pure loss by each net's criticality), until no node is shared or maxIterations rounds.
 * \param unpin A pinned net is re-routed once it shares a node (else it never moves)
 * \param[out] rounds Rounds run
 * \return true if legal (every routed net, no node shared)
 */
bool
Negotiate(Engine& en,
          const PhotonicRouter::Options& o,
          std::vector<uint8_t>& pinned,
          const std::vector<double>& crit,
          bool unpin,
          uint32_t& rounds)
{
    const uint32_t K = static_cast<uint32_t>(en.m_nets.size());
    Cost soft;
    soft.base = o.nodeBaseDb;
    soft.pres = o.presentFactor;
    soft.hist = &en.m_hist;
    const uint32_t maxRounds = std::max(1u, o.maxIterations);
    for (rounds = 1; rounds <= maxRounds; ++rounds)
    {
        for (uint32_t n = 0; n < K; ++n)
        {
            if (!en.m_why[n].empty())
            {
                continue;
            }
            if (pinned[n])
            {
                if (!unpin || !en.TouchesOverused(n))
                {
                    continue;
                }
                pinned[n] = 0;
            }
            if (rounds > 1 && !o.rerouteAll && en.m_trees[n].routed && !en.TouchesOverused(n))
            {
                continue;
            }
            if (en.m_trees[n].routed)
            {
                en.Occupy(n, -1);
            }
            soft.crit = crit[n];
            en.m_why[n] = en.RouteNet(n, soft);
            if (en.m_why[n].empty())
            {
                en.Occupy(n, +1);
            }
        }
        const uint32_t over = en.Overused();
        NS_LOG_INFO("negotiation round " << rounds << ": " << over << " overused nodes");
        if (over == 0)
        {
            return true;
        }
        for (uint32_t v = 0; v < en.G().nNodes; ++v)
        {
            if (en.m_occ[v] > 1)
            {
                en.m_hist[v] += o.historyFactor * (en.m_occ[v] - 1);
            }
        }
        soft.pres *= o.presentGrowth;
    }
    rounds = maxRounds;
    return false;
}

/// \return true if objective a (max, total) is better than b beyond the tolerance
bool
Better(const std::pair<double, double>& a, const std::pair<double, double>& b)
{
    return a.first < b.first - LOSS_TOLERANCE ||
           (a.first <= b.first + LOSS_TOLERANCE && a.second < b.second - LOSS_TOLERANCE);
}

/// Re-routes every movable net, worst first, with every other net fixed, keeping a change
/// only if the max (then total) loss does not grow.
void
Polish(Engine& en, const std::vector<uint8_t>& pinned)
{
    const uint32_t K = static_cast<uint32_t>(en.m_nets.size());
    Cost hard;
    hard.hard = true;
    std::vector<uint32_t> order;
    std::vector<double> crit(K, 0);
    for (uint32_t n = 0; n < K; ++n)
    {
        if (!pinned[n] && en.m_trees[n].routed)
        {
            order.push_back(n);
            crit[n] = en.NetMax(n);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return crit[a] > crit[b];
    });
    for (uint32_t n : order)
    {
        const auto before = en.Objective();
        Tree saved = en.m_trees[n];
        en.Occupy(n, -1);
        bool keep = en.RouteNet(n, hard).empty();
        if (keep)
        {
            const auto after = en.Objective();
            keep = !Better(before, after);
        }
        if (!keep)
        {
            en.m_trees[n] = saved;
        }
        en.Occupy(n, +1);
    }
}

/**
 * Loss passes: polish, then negotiate afresh with each net's criticality (its loss over the
 * largest, to criticalityExponent, at most maxCriticality) weighting pure loss against
 * congestion, so that the nets on the worst paths take their least-loss routes and the others
 * yield; keeps the best legal embedding in the trees.
 * \param [in,out] en The engine (a legal embedding in its trees)
 * \param [in] o Options
 * \param [in,out] pinned Per net, 1 if it keeps a previous route (unchanged: a pinned net is
 * not unpinned in these passes)
 * \param [in,out] emb The embedding (its iterations)
 */
void
LossPasses(Engine& en,
           const PhotonicRouter::Options& o,
           std::vector<uint8_t>& pinned,
           PhotonicEmbedding& emb)
{
    const auto& nets = en.m_nets;
    const uint32_t K = static_cast<uint32_t>(nets.size());
    Polish(en, pinned);
    std::vector<Tree> best = en.m_trees;
    auto bestObj = en.Objective();
    for (uint32_t pass = 0; pass < o.lossPasses && bestObj.first > 0; ++pass)
    {
        std::vector<double> crit(K, 0);
        for (uint32_t n = 0; n < K; ++n)
        {
            if (!pinned[n] && !nets[n].anySink)
            {
                crit[n] = std::min(o.maxCriticality,
                                   std::pow(en.NetMax(n) / bestObj.first, o.criticalityExponent));
            }
        }
        for (uint32_t n = 0; n < K; ++n)
        {
            if (!pinned[n])
            {
                en.m_trees[n].Clear();
            }
        }
        en.Reoccupy();
        std::fill(en.m_hist.begin(), en.m_hist.end(), 0.0);
        uint32_t r = 0;
        const bool ok = Negotiate(en, o, pinned, crit, false, r);
        emb.iterations += r;
        bool all = ok;
        for (uint32_t n = 0; n < K; ++n)
        {
            all &= en.m_why[n].empty();
            en.m_why[n].clear();
        }
        if (all)
        {
            Polish(en, pinned);
            const auto obj = en.Objective();
            if (Better(obj, bestObj))
            {
                best = en.m_trees;
                bestObj = obj;
                continue;
            }
        }
        break; // no better: the next pass would start from the same criticalities
    }
    en.m_trees = best;
    en.Reoccupy();
}

} // namespace

void
PathFinder(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb)
{
    const PhotonicRouter::Options& o = request.options;
    const uint32_t K = static_cast<uint32_t>(en.m_nets.size());
    std::vector<uint8_t> pinned = PinPrevious(en, request.previous, request.previousNets);
    uint32_t rounds = 0;
    const bool legal = Negotiate(en, o, pinned, std::vector<double>(K, 0.0), true, rounds);
    emb.iterations = rounds;
    bool allRouted = true;
    for (uint32_t n = 0; n < K; ++n)
    {
        if (!en.m_why[n].empty())
        {
            emb.failedNets.push_back(en.m_why[n]);
            allRouted = false;
        }
    }
    if (!legal)
    {
        en.Conflicts(emb, rounds);
    }
    emb.ok = legal && allRouted;
    if (!emb.ok)
    {
        return;
    }
    LossPasses(en, o, pinned, emb);
}

} // namespace photonicembeddetail
} // namespace ns3
