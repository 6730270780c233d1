/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TeNcflowMethod::Cluster: the nodes split into connected clusters of similar size
// (farthest-point seeds, balanced breadth-first growth, then balancing moves; step 1 of the
// method, described in te-ncflow.cc).

#include "te-ncflow-detail.h"
#include "te-ncflow.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <queue>
#include <random>

namespace ns3
{

namespace
{
/// The method's log component, under its one name.
LogComponent& g_log = ncflowdetail::NcflowLog();

using ncflowdetail::NONE;

/// Undirected view of a TeGraph, for breadth-first searches.
using UndirectedGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

/**
 * \brief Breadth-first hop distances from one node (Boost.Graph).
 * \param [in] u The undirected graph
 * \param [in] from The source
 * \return per node, the hops from \p from (NONE where it cannot be reached)
 */
std::vector<uint32_t>
Hops(const UndirectedGraph& u, uint32_t from)
{
    const std::size_t n = boost::num_vertices(u);
    std::vector<uint32_t> dist(n, NONE);
    dist[from] = 0;
    boost::breadth_first_search(
        u,
        boost::vertex(from, u),
        boost::visitor(boost::make_bfs_visitor(boost::record_distances(
            boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, u)),
            boost::on_tree_edge()))));
    return dist;
}

/**
 * \brief Farthest-point seeds: the first drawn with \p seed, each next one the node farthest
 * (in hops) from the seeds so far (ties: lowest index). Unreached nodes count as infinitely
 * far, so every weakly connected component gets a seed before any component gets a second one.
 * \param [in] u The undirected graph
 * \param [in] n Its nodes (>= 1)
 * \param [in] k Seeds wanted (1 .. n)
 * \param [in] seed Seed of the first seed's draw
 * \return the k seeds, the seed of cluster c at c
 */
std::vector<uint32_t>
FarthestSeeds(const UndirectedGraph& u, uint32_t n, uint32_t k, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<uint32_t> seeds{
        static_cast<uint32_t>(std::uniform_int_distribution<uint64_t>(0, n - 1)(rng))};
    std::vector<uint32_t> dist = Hops(u, seeds[0]);
    while (seeds.size() < k)
    {
        uint32_t best = NONE;
        for (uint32_t v = 0; v < n; ++v)
        {
            if (dist[v] > 0 && (best == NONE || dist[v] > dist[best]))
            {
                best = v;
            }
        }
        seeds.push_back(best);
        const auto d = Hops(u, best);
        for (uint32_t v = 0; v < n; ++v)
        {
            dist[v] = std::min(dist[v], d[v]);
        }
    }
    return seeds;
}

/**
 * \brief Balanced growth: each cluster starts at its seed; the smallest cluster that can still
 * grow takes the next node of its breadth-first frontier, until none can.
 * \param [in] u The undirected graph
 * \param [in] k Clusters
 * \param [in] seeds The seed of each cluster
 * \param [in,out] label Per node, its cluster (in: all NONE; out: NONE where no cluster
 * reached)
 * \param [in,out] size Per cluster, its nodes (in: all 1)
 */
void
GrowClusters(const UndirectedGraph& u,
             uint32_t k,
             const std::vector<uint32_t>& seeds,
             std::vector<uint32_t>& label,
             std::vector<uint32_t>& size)
{
    std::vector<std::queue<uint32_t>> frontier(k);
    using Entry = std::pair<uint32_t, uint32_t>; // (size, cluster)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> growable;
    auto take = [&](uint32_t c, uint32_t v) {
        label[v] = c;
        for (auto [e, end] = boost::adjacent_vertices(v, u); e != end; ++e)
        {
            if (label[*e] == NONE)
            {
                frontier[c].push(static_cast<uint32_t>(*e));
            }
        }
    };
    for (uint32_t c = 0; c < k; ++c)
    {
        take(c, seeds[c]);
    }
    for (uint32_t c = 0; c < k; ++c)
    {
        growable.emplace(1, c);
    }
    while (!growable.empty())
    {
        const uint32_t c = growable.top().second;
        growable.pop();
        auto& q = frontier[c];
        while (!q.empty() && label[q.front()] != NONE)
        {
            q.pop();
        }
        if (q.empty())
        {
            continue; // enclosed: its frontier can only grow through its own nodes
        }
        take(c, q.front());
        q.pop();
        growable.emplace(++size[c], c);
    }
}

/**
 * \brief Components without a seed (more components than clusters) join the smallest cluster
 * (which is then not connected).
 * \param [in] u The undirected graph
 * \param [in] n Its nodes
 * \param [in,out] label Per node, its cluster (out: no NONE left)
 * \param [in,out] size Per cluster, its nodes
 */
void
JoinUnseeded(const UndirectedGraph& u,
             uint32_t n,
             std::vector<uint32_t>& label,
             std::vector<uint32_t>& size)
{
    for (uint32_t v = 0; v < n; ++v)
    {
        if (label[v] != NONE)
        {
            continue;
        }
        const auto c =
            static_cast<uint32_t>(std::min_element(size.begin(), size.end()) - size.begin());
        const auto d = Hops(u, v);
        for (uint32_t w = 0; w < n; ++w)
        {
            if (d[w] != NONE)
            {
                label[w] = c;
                ++size[c];
            }
        }
    }
}

/**
 * \brief Balance: a node on the boundary of a cluster at least 2 larger than its neighbour's
 * moves there when its own cluster stays connected without it. Each move lowers the sum of
 * the squared sizes by at least 2, so this ends; then neighbouring clusters differ by at most
 * 1 wherever a boundary node could move.
 * \param [in] u The undirected graph
 * \param [in] n Its nodes
 * \param [in,out] label Per node, its cluster
 * \param [in,out] size Per cluster, its nodes
 */
void
BalanceClusters(const UndirectedGraph& u,
                uint32_t n,
                std::vector<uint32_t>& label,
                std::vector<uint32_t>& size)
{
    std::vector<uint32_t> stack;
    std::vector<uint32_t> mark(n, NONE);
    uint32_t stamp = 0;
    auto connectedWithout = [&](uint32_t v) {
        const uint32_t c = label[v];
        uint32_t from = NONE;
        for (auto [e, end] = boost::adjacent_vertices(v, u); e != end && from == NONE; ++e)
        {
            from = label[*e] == c && *e != v ? static_cast<uint32_t>(*e) : NONE;
        }
        if (from == NONE)
        {
            return false;
        }
        ++stamp;
        mark[v] = stamp;
        mark[from] = stamp;
        stack.assign(1, from);
        uint32_t reached = 1;
        while (!stack.empty())
        {
            const uint32_t w = stack.back();
            stack.pop_back();
            for (auto [e, end] = boost::adjacent_vertices(w, u); e != end; ++e)
            {
                if (label[*e] == c && mark[*e] != stamp)
                {
                    mark[*e] = stamp;
                    ++reached;
                    stack.push_back(static_cast<uint32_t>(*e));
                }
            }
        }
        return reached + 1 == size[c];
    };
    for (bool moved = true; moved;)
    {
        moved = false;
        for (uint32_t v = 0; v < n; ++v)
        {
            const uint32_t c = label[v];
            uint32_t best = NONE;
            for (auto [e, end] = boost::adjacent_vertices(v, u); e != end; ++e)
            {
                const uint32_t d = label[*e];
                if (d != c && size[c] >= size[d] + 2 && (best == NONE || size[d] < size[best]))
                {
                    best = d;
                }
            }
            if (best != NONE && connectedWithout(v))
            {
                label[v] = best;
                --size[c];
                ++size[best];
                moved = true;
            }
        }
    }
}
} // namespace

std::vector<uint32_t>
TeNcflowMethod::Cluster(const TeGraph& g, uint32_t k, uint64_t seed)
{
    NS_LOG_FUNCTION(g.nodes << k << seed);
    const uint32_t n = g.nodes;
    if (n == 0)
    {
        return {};
    }
    k = std::clamp(k, 1U, n);
    UndirectedGraph u(n);
    for (const auto& a : g.arcs)
    {
        if (a.from < n && a.to < n && a.from != a.to)
        {
            boost::add_edge(a.from, a.to, u);
        }
    }
    const std::vector<uint32_t> seeds = FarthestSeeds(u, n, k, seed);
    std::vector<uint32_t> label(n, NONE);
    std::vector<uint32_t> size(k, 1);
    GrowClusters(u, k, seeds, label, size);
    JoinUnseeded(u, n, label, size);
    BalanceClusters(u, n, label, size);
    return label;
}

} // namespace ns3
