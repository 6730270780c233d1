/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the module's graph algorithms on Boost.Graph against the hand-written code they
 * replaced, in the same invocation on the same inputs. The old code is kept below, in
 * namespace `baseline` (a private copy, used by nothing else), as the module had it before
 * issue #18:
 *
 * - TePaths::KShortest (Yen, k = --k) and TePaths::EdgeDisjoint on synthetic WANs
 *   (WanTopology::Generate, 4,000 x 2,500 km, mean degree 2.4) of --sizes sites, weights in
 *   km and in hops (many ties), over --pairs ordered pairs (all pairs if fewer); the new code
 *   through one TePathFinder per graph, as the module's callers (TeSolver's commodities,
 *   BypassPlanner) use it;
 * - BypassGrooming's shortest-path trees (opticalgraph::ShortestTree, which
 *   BypassGrooming::Tree calls) over a site graph of links (the fibres and a bypass link per
 *   pair of sites two fibres apart) priced at random, whole trees from every site and
 *   targeted searches with a budget;
 * - FlowTopology::ShortestPath (hop count, ECMP) from every host to --flowDsts destinations
 *   of a k-ary fat tree (--fatTreeK), from a cold cache;
 * - WanTopology::GetUnreachable and GetBridges on the synthetic WANs and on their spanning
 *   trees (every fibre a bridge).
 *
 * Each case is timed --repeat times for the old and the new code alternately; the best time
 * of each is kept. The output checks that both give the same answers (same paths, distances,
 * trees, bridges) and prints new/old per case against the target (<= --target).
 *
 *   ./ns3 run "graph-paths --sizes=100,300,754"
 */

#include "../../model/common/optical-graph.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include "ns3/optical-util.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <queue>
#include <set>
#include <sstream>
#include <unordered_map>

using namespace ns3;

namespace baseline
{

// ---------------------------------------------------------------------------------------------
// The old TePaths (model/wan/te/te-paths.cc before Boost.Graph): a hand-written A* over
// adjacency arrays, with Yen's algorithm and the greedy disjoint paths over it.

/// \return true if the arc can be used for routing (endpoints in range, weight finite >= 0)
bool
Usable(const TeGraph& g, const TeGraph::Arc& a)
{
    return a.from < g.nodes && a.to < g.nodes && std::isfinite(a.weight) && a.weight >= 0;
}

/**
 * Shortest paths over a graph with some arcs and nodes banned. The work arrays are kept
 * between searches and reset only where the last search wrote (a search touches few nodes).
 */
class Dijkstra
{
  public:
    /// \param [in] g The graph (kept by reference)
    explicit Dijkstra(const TeGraph& g)
        : m_g(g),
          m_start(g.nodes + 1, 0),
          m_inStart(g.nodes + 1, 0),
          m_dist(g.nodes, std::numeric_limits<double>::infinity()),
          m_pred(g.nodes, NONE),
          m_settled(g.nodes, 0),
          m_bannedNode(g.nodes, 0),
          m_bannedArc(g.arcs.size(), 0)
    {
        // Out-arcs of each node, in arc index order.
        // Out-arcs and in-arcs of each node, in arc index order.
        for (const auto& a : g.arcs)
        {
            if (Usable(g, a))
            {
                ++m_start[a.from + 1];
                ++m_inStart[a.to + 1];
            }
        }
        for (uint32_t v = 0; v < g.nodes; ++v)
        {
            m_start[v + 1] += m_start[v];
            m_inStart[v + 1] += m_inStart[v];
        }
        m_out.resize(m_start[g.nodes]);
        m_in.resize(m_inStart[g.nodes]);
        std::vector<uint32_t> fill(m_start.begin(), m_start.end() - 1);
        std::vector<uint32_t> fillIn(m_inStart.begin(), m_inStart.end() - 1);
        for (uint32_t i = 0; i < g.arcs.size(); ++i)
        {
            if (Usable(g, g.arcs[i]))
            {
                m_out[fill[g.arcs[i].from]++] = i;
                m_in[fillIn[g.arcs[i].to]++] = i;
            }
        }
    }

    /**
     * \param [in] dst Destination
     * \return every node's distance to dst, ignoring bans (infinity if it cannot reach dst):
     * a consistent A* heuristic for the searches toward dst, whose bans only lengthen paths
     */
    std::vector<double> DistancesTo(uint32_t dst) const
    {
        std::vector<double> dist(m_g.nodes, std::numeric_limits<double>::infinity());
        using Item = std::pair<double, uint32_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
        dist[dst] = 0;
        queue.push({0, dst});
        while (!queue.empty())
        {
            const auto [d, v] = queue.top();
            queue.pop();
            if (d > dist[v])
            {
                continue;
            }
            for (uint32_t i = m_inStart[v]; i < m_inStart[v + 1]; ++i)
            {
                const TeGraph::Arc& a = m_g.arcs[m_in[i]];
                if (d + a.weight < dist[a.from])
                {
                    dist[a.from] = d + a.weight;
                    queue.push({dist[a.from], a.from});
                }
            }
        }
        return dist;
    }

    /// \param [in] arc An arc to avoid until Unban
    void BanArc(uint32_t arc)
    {
        if (!m_bannedArc[arc])
        {
            m_bannedArc[arc] = 1;
            m_bannedArcs.push_back(arc);
        }
    }

    /// \param [in] node A node to avoid until Unban
    void BanNode(uint32_t node)
    {
        if (!m_bannedNode[node])
        {
            m_bannedNode[node] = 1;
            m_bannedNodes.push_back(node);
        }
    }

    /// Lifts every ban.
    void Unban()
    {
        for (uint32_t a : m_bannedArcs)
        {
            m_bannedArc[a] = 0;
        }
        for (uint32_t v : m_bannedNodes)
        {
            m_bannedNode[v] = 0;
        }
        m_bannedArcs.clear();
        m_bannedNodes.clear();
    }

    /**
     * \param [in] arcFrom Tail node
     * \param [in] arcTo Head node
     * \return the usable arcs from arcFrom to arcTo
     */
    std::vector<uint32_t> ArcsBetween(uint32_t arcFrom, uint32_t arcTo) const
    {
        std::vector<uint32_t> result;
        for (uint32_t i = m_start[arcFrom]; i < m_start[arcFrom + 1]; ++i)
        {
            if (m_g.arcs[m_out[i]].to == arcTo)
            {
                result.push_back(m_out[i]);
            }
        }
        return result;
    }

    /**
     * \brief The shortest path avoiding the banned arcs and nodes (A* search); among equally
     * short ways into a node found before it is settled, the one entering by the lowest arc
     * index.
     * \param [in] src Source
     * \param [in] dst Destination
     * \param [in] toDst DistancesTo(dst)
     * \param [out] path The path (arc indices)
     * \return true if dst can be reached
     */
    bool Run(uint32_t src, uint32_t dst, const std::vector<double>& toDst, TePath& path)
    {
        for (uint32_t v : m_touched)
        {
            m_dist[v] = std::numeric_limits<double>::infinity();
            m_pred[v] = NONE;
            m_settled[v] = 0;
        }
        m_touched.clear();
        path.clear();
        if (m_bannedNode[src] || m_bannedNode[dst] || std::isinf(toDst[src]))
        {
            return false;
        }
        // Keyed by distance from src plus distance to dst (ignoring bans).
        using Item = std::pair<double, uint32_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
        m_dist[src] = 0;
        m_touched.push_back(src);
        queue.push({toDst[src], src});
        while (!queue.empty())
        {
            const uint32_t u = queue.top().second;
            const bool stale = queue.top().first != m_dist[u] + toDst[u];
            queue.pop();
            if (m_settled[u] || stale)
            {
                continue;
            }
            const double d = m_dist[u];
            m_settled[u] = 1;
            if (u == dst)
            {
                break;
            }
            for (uint32_t i = m_start[u]; i < m_start[u + 1]; ++i)
            {
                const uint32_t a = m_out[i];
                const uint32_t v = m_g.arcs[a].to;
                if (m_bannedArc[a] || m_bannedNode[v] || m_settled[v] || std::isinf(toDst[v]))
                {
                    continue;
                }
                const double nd = d + m_g.arcs[a].weight;
                if (m_pred[v] == NONE && v != src)
                {
                    m_touched.push_back(v);
                }
                if (nd < m_dist[v] || (nd == m_dist[v] && a < m_pred[v]))
                {
                    m_dist[v] = nd;
                    m_pred[v] = a;
                    queue.push({nd + toDst[v], v});
                }
            }
        }
        if (!m_settled[dst])
        {
            return false;
        }
        for (uint32_t v = dst; v != src; v = m_g.arcs[m_pred[v]].from)
        {
            path.push_back(m_pred[v]);
        }
        std::reverse(path.begin(), path.end());
        return true;
    }

  private:
    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max(); //!< No arc

    const TeGraph& m_g;                  //!< The graph
    std::vector<uint32_t> m_start;       //!< Start of each node's out-arcs in m_out
    std::vector<uint32_t> m_out;         //!< Out-arcs, by node
    std::vector<uint32_t> m_inStart;     //!< Start of each node's in-arcs in m_in
    std::vector<uint32_t> m_in;          //!< In-arcs, by node
    std::vector<double> m_dist;          //!< Distance from the source
    std::vector<uint32_t> m_pred;        //!< Arc into each node on its shortest path
    std::vector<char> m_settled;         //!< Settled
    std::vector<char> m_bannedNode;      //!< Banned nodes
    std::vector<char> m_bannedArc;       //!< Banned arcs
    std::vector<uint32_t> m_touched;     //!< Nodes the last search wrote
    std::vector<uint32_t> m_bannedArcs;  //!< Banned arcs, to unban
    std::vector<uint32_t> m_bannedNodes; //!< Banned nodes, to unban
};

std::vector<TePath>
KShortest(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k)
{
    std::vector<TePath> found;
    if (k == 0 || src >= g.nodes || dst >= g.nodes || src == dst)
    {
        return found;
    }
    Dijkstra search(g);
    const std::vector<double> toDst = search.DistancesTo(dst);
    TePath first;
    if (!search.Run(src, dst, toDst, first))
    {
        return found;
    }
    found.push_back(first);
    std::set<TePath> accepted{first};
    // Candidates by weight, then by arc sequence; only the best k - |found| are kept.
    std::set<std::pair<double, TePath>> candidates;
    TePath spur;
    std::vector<uint32_t> nodes;
    while (found.size() < k)
    {
        const TePath last = found.back();
        nodes.assign(1, src);
        for (uint32_t a : last)
        {
            nodes.push_back(g.arcs[a].to);
        }
        for (std::size_t i = 0; i < last.size(); ++i)
        {
            // Deviate from the last path at its i-th node: no arc that a path found so far
            // takes after the same root, and no node of the root (loopless).
            for (const TePath& p : found)
            {
                if (p.size() > i && std::equal(last.begin(), last.begin() + i, p.begin()))
                {
                    search.BanArc(p[i]);
                }
            }
            for (std::size_t j = 0; j < i; ++j)
            {
                search.BanNode(nodes[j]);
            }
            const bool reached = search.Run(nodes[i], dst, toDst, spur);
            search.Unban();
            if (!reached)
            {
                continue;
            }
            TePath total(last.begin(), last.begin() + i);
            total.insert(total.end(), spur.begin(), spur.end());
            if (accepted.count(total))
            {
                continue;
            }
            candidates.insert({TePaths::Weight(g, total), std::move(total)});
            while (candidates.size() > k - found.size())
            {
                candidates.erase(std::prev(candidates.end()));
            }
        }
        if (candidates.empty())
        {
            break;
        }
        found.push_back(candidates.begin()->second);
        accepted.insert(found.back());
        candidates.erase(candidates.begin());
    }
    return found;
}

std::vector<TePath>
EdgeDisjoint(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k, bool removeReverse)
{
    std::vector<TePath> found;
    if (k == 0 || src >= g.nodes || dst >= g.nodes || src == dst)
    {
        return found;
    }
    Dijkstra search(g);
    const std::vector<double> toDst = search.DistancesTo(dst);
    std::vector<uint32_t> removed;
    TePath path;
    while (found.size() < k)
    {
        for (uint32_t a : removed)
        {
            search.BanArc(a);
        }
        const bool reached = search.Run(src, dst, toDst, path);
        search.Unban();
        if (!reached)
        {
            break;
        }
        for (uint32_t a : path)
        {
            removed.push_back(a);
            if (removeReverse)
            {
                for (uint32_t r : search.ArcsBetween(g.arcs[a].to, g.arcs[a].from))
                {
                    removed.push_back(r);
                }
            }
        }
        found.push_back(path);
    }
    return found;
}

// ---------------------------------------------------------------------------------------------
// The old BypassGrooming::Tree (model/wan/bypass/bypass-grooming.cc): Dijkstra over per-site link
// lists with a binary heap of (distance, site).

/// A link between two sites (BypassGrooming's candidate, as the tree sees it).
struct SiteLink
{
    uint32_t front; //!< First site
    uint32_t back;  //!< Last site
};

/// \return 0 if link c is crossed from its first site when entered at `at`, else 1
int
Dir(const std::vector<SiteLink>& links, uint32_t c, uint32_t at)
{
    return links[c].front == at ? 0 : 1;
}

/// \return the site where link c is left when crossed in direction dir
uint32_t
End(const std::vector<SiteLink>& links, uint32_t c, int dir)
{
    return dir == 0 ? links[c].back : links[c].front;
}

/// The old tree (see BypassGrooming::Tree).
template <typename ArcCost>
void
Tree(const std::vector<SiteLink>& links,
     const std::vector<std::vector<uint32_t>>& adjacent,
     uint32_t s,
     uint32_t t,
     double budget,
     std::vector<double>& dist,
     std::vector<uint32_t>& via,
     ArcCost cost)
{
    using HeapItem = std::pair<double, uint32_t>;
    using MinHeap = std::priority_queue<HeapItem, std::vector<HeapItem>, std::greater<HeapItem>>;
    const uint32_t nSites = adjacent.size();
    dist.assign(nSites, std::numeric_limits<double>::infinity());
    via.assign(nSites, UINT32_MAX);
    MinHeap heap;
    dist[s] = 0;
    heap.emplace(0.0, s);
    while (!heap.empty())
    {
        const auto [du, u] = heap.top();
        heap.pop();
        if (u == t || du >= budget)
        {
            break; // settled, or nothing left within the budget
        }
        if (du > dist[u])
        {
            continue;
        }
        for (uint32_t c : adjacent[u])
        {
            const int dir = Dir(links, c, u);
            const double dv = du + cost(c, dir);
            const uint32_t v = End(links, c, dir);
            if (dv < dist[v] - 1e-12)
            {
                dist[v] = dv;
                via[v] = c;
                heap.emplace(dv, v);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The old FlowTopology::DistancesTo and ShortestPath (model/flow/flow-topology.cc): a reverse
// breadth-first search with a std::deque, then a walk down the hop counts with ECMP.

constexpr uint16_t kUnreachable = std::numeric_limits<uint16_t>::max(); //!< Not reached

/// Mixes a flow hash with a vertex (splitmix64 finaliser), as FlowTopology does.
uint64_t
Mix(uint64_t h, uint64_t v)
{
    return optical::SplitMixFinalize(h ^ (v * 0x9e3779b97f4a7c15ULL));
}

/// The old shortest paths of a FlowTopology (links copied out of it).
class FlowPaths
{
  public:
    /// \param [in] topo The topology
    explicit FlowPaths(const FlowTopology& topo)
        : m_out(topo.GetNVertices()),
          m_in(topo.GetNVertices())
    {
        for (uint32_t l = 0; l < topo.GetNLinks(); ++l)
        {
            m_links.push_back(topo.GetLink(l));
            m_out[m_links.back().from].push_back(l);
            m_in[m_links.back().to].push_back(l);
        }
    }

    /// The old DistancesTo (over up links only).
    const std::vector<uint16_t>& DistancesTo(uint32_t dst)
    {
        auto it = m_distances.find(dst);
        if (it != m_distances.end())
        {
            return it->second;
        }
        std::vector<uint16_t> dist(m_out.size(), kUnreachable);
        std::deque<uint32_t> queue{dst};
        dist[dst] = 0;
        while (!queue.empty())
        {
            const uint32_t v = queue.front();
            queue.pop_front();
            for (uint32_t l : m_in[v])
            {
                const FlowTopology::Link& link = m_links[l];
                if ((!link.up || !(link.capacity > 0)) || dist[link.from] != kUnreachable)
                {
                    continue;
                }
                dist[link.from] = static_cast<uint16_t>(dist[v] + 1);
                queue.push_back(link.from);
            }
        }
        return m_distances.emplace(dst, std::move(dist)).first->second;
    }

    /// The old ShortestPath over up links, with its path cache. \return false if none
    bool ShortestPath(uint32_t src, uint32_t dst, uint64_t hash, std::vector<uint32_t>& links)
    {
        links.clear();
        auto cached = m_shortestCache.find(PathKey{src, dst, hash});
        if (cached != m_shortestCache.end())
        {
            links = cached->second;
            return true;
        }
        const std::vector<uint16_t>& dist = DistancesTo(dst);
        if (dist[src] == kUnreachable)
        {
            return false;
        }
        uint32_t at = src;
        std::vector<uint32_t> candidates;
        while (at != dst)
        {
            candidates.clear();
            for (uint32_t l : m_out[at])
            {
                const FlowTopology::Link& link = m_links[l];
                if ((link.up && link.capacity > 0) && dist[link.to] + 1 == dist[at])
                {
                    candidates.push_back(l);
                }
            }
            const uint32_t pick = candidates.size() == 1
                                      ? candidates[0]
                                      : candidates[Mix(hash, at) % candidates.size()];
            links.push_back(pick);
            at = m_links[pick].to;
        }
        if (m_shortestCache.size() >= (1u << 20))
        {
            m_shortestCache.clear();
        }
        m_shortestCache.emplace(PathKey{src, dst, hash}, links);
        return true;
    }

  private:
    /// Key of a shortest path: source, destination, flow hash.
    struct PathKey
    {
        uint32_t src;  //!< Source vertex
        uint32_t dst;  //!< Destination vertex
        uint64_t hash; //!< Flow hash

        /// \param [in] o Other key \return true if equal
        bool operator==(const PathKey& o) const
        {
            return src == o.src && dst == o.dst && hash == o.hash;
        }
    };

    /// Hasher of PathKey.
    struct PathKeyHash
    {
        /// \param [in] k Key \return its hash
        std::size_t operator()(const PathKey& k) const
        {
            return static_cast<std::size_t>(
                Mix(k.hash, (static_cast<uint64_t>(k.src) << 32) | k.dst));
        }
    };

    std::unordered_map<PathKey, std::vector<uint32_t>, PathKeyHash> m_shortestCache; //!< Paths
    std::vector<FlowTopology::Link> m_links;                                         //!< Links
    std::vector<std::vector<uint32_t>> m_out;                                        //!< Out-links
    std::vector<std::vector<uint32_t>> m_in;                                         //!< In-links
    std::unordered_map<uint32_t, std::vector<uint16_t>> m_distances;                 //!< Cache
};

// ---------------------------------------------------------------------------------------------
// The old WanTopology connectivity (model/wan/topology/wan-topology.cc): breadth-first reachability
// and Tarjan's bridges (iterative low-link).

/// The old GetUnreachable.
std::vector<uint32_t>
Unreachable(const WanTopology& topo, const std::vector<std::vector<uint32_t>>& fibresAt)
{
    std::vector<uint32_t> unreachable;
    const uint32_t n = topo.GetNSites();
    if (n == 0)
    {
        return unreachable;
    }
    std::vector<bool> seen(n, false);
    std::vector<uint32_t> queue{0};
    seen[0] = true;
    for (std::size_t k = 0; k < queue.size(); ++k)
    {
        for (uint32_t e : fibresAt[queue[k]])
        {
            const WanTopology::Fibre& f = topo.GetFibre(e);
            const uint32_t w = f.a == queue[k] ? f.b : f.a;
            if (!seen[w])
            {
                seen[w] = true;
                queue.push_back(w);
            }
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!seen[i])
        {
            unreachable.push_back(i);
        }
    }
    return unreachable;
}

/// The old FindBridges, then GetBridges' sort.
std::vector<uint32_t>
Bridges(const WanTopology& topo, const std::vector<std::vector<uint32_t>>& at)
{
    std::vector<uint32_t> bridges;
    const uint32_t n = topo.GetNSites();
    if (n == 0)
    {
        return bridges;
    }
    const uint32_t none = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> order(n, none);
    std::vector<uint32_t> low(n, 0);
    std::vector<uint32_t> size(n, 1);

    struct Frame
    {
        uint32_t site;
        uint32_t viaFibre;
        std::size_t next;
    };

    std::vector<Frame> stack;
    uint32_t counter = 0;
    order[0] = low[0] = counter++;
    stack.push_back({0, none, 0});
    while (!stack.empty())
    {
        Frame& f = stack.back();
        if (f.next < at[f.site].size())
        {
            const uint32_t e = at[f.site][f.next++];
            if (e == f.viaFibre)
            {
                continue;
            }
            const WanTopology::Fibre& fe = topo.GetFibre(e);
            const uint32_t w = fe.a == f.site ? fe.b : fe.a;
            if (order[w] == none)
            {
                order[w] = low[w] = counter++;
                stack.push_back({w, e, 0});
            }
            else
            {
                low[f.site] = std::min(low[f.site], order[w]);
            }
            continue;
        }
        const Frame done = f;
        stack.pop_back();
        if (!stack.empty())
        {
            const uint32_t parent = stack.back().site;
            low[parent] = std::min(low[parent], low[done.site]);
            size[parent] += size[done.site];
            if (low[done.site] > order[parent])
            {
                bridges.push_back(done.viaFibre);
            }
        }
    }
    std::sort(bridges.begin(), bridges.end());
    return bridges;
}

} // namespace baseline

namespace
{

/// Seconds since t0.
double
Since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// One case's result.
struct Case
{
    std::string name; //!< What was timed
    double oldS{0};   //!< Best time of the old code (s)
    double newS{0};   //!< Best time of the new code (s)
    bool same{true};  //!< Same answers
    std::string note; //!< Size of the work
};

/**
 * TimeBoth: times old() and fresh() alternately, keeping the best of each.
 * \param [in] repeat Rounds
 * \param [in] old The old code
 * \param [in] fresh The new code
 * \param [out] c The times
 */
void
TimeBoth(uint32_t repeat,
         const std::function<void()>& old,
         const std::function<void()>& fresh,
         Case& c)
{
    c.oldS = c.newS = std::numeric_limits<double>::infinity();
    for (uint32_t r = 0; r < repeat; ++r)
    {
        auto t0 = std::chrono::steady_clock::now();
        old();
        c.oldS = std::min(c.oldS, Since(t0));
        t0 = std::chrono::steady_clock::now();
        fresh();
        c.newS = std::min(c.newS, Since(t0));
    }
}

/// A synthetic WAN of n sites (stream 1).
WanTopology
MakeWan(uint32_t n)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(1);
    WanTopology topo;
    std::string error;
    NS_ABORT_MSG_IF(!WanTopology::Generate(n, 2.4, 4000, 2500, rng, topo, error), error);
    return topo;
}

/// The duplex graph of a WAN, weights in km or in hops.
TeGraph
MakeGraph(const WanTopology& topo, bool hops)
{
    TeGraph g;
    g.nodes = topo.GetNSites();
    for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
    {
        const WanTopology::Fibre& fibre = topo.GetFibre(f);
        const double w = hops ? 1.0 : fibre.lengthKm;
        g.arcs.push_back({fibre.a, fibre.b, w});
        g.arcs.push_back({fibre.b, fibre.a, w});
    }
    return g;
}

/// Up to `count` ordered pairs spread over all of them (all if fewer).
std::vector<std::pair<uint32_t, uint32_t>>
Pairs(uint32_t n, uint64_t count)
{
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    const uint64_t all = static_cast<uint64_t>(n) * (n - 1);
    const uint64_t step = std::max<uint64_t>(1, all / std::max<uint64_t>(count, 1));
    for (uint64_t i = 0; i < all; i += step)
    {
        const uint32_t src = i / (n - 1);
        uint32_t dst = i % (n - 1);
        dst += dst >= src ? 1 : 0;
        pairs.emplace_back(src, dst);
    }
    return pairs;
}

/// The fibres of a WAN by site, as WanTopology keeps them.
std::vector<std::vector<uint32_t>>
FibresAt(const WanTopology& topo)
{
    std::vector<std::vector<uint32_t>> at(topo.GetNSites());
    for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
    {
        at[topo.GetFibre(f).a].push_back(f);
        at[topo.GetFibre(f).b].push_back(f);
    }
    return at;
}

/// A spanning tree of a WAN (breadth-first from site 0), with the same sites.
WanTopology
SpanningTree(const WanTopology& topo)
{
    WanTopology tree;
    for (uint32_t s = 0; s < topo.GetNSites(); ++s)
    {
        tree.AddSite(topo.GetSite(s));
    }
    const auto at = FibresAt(topo);
    std::vector<bool> seen(topo.GetNSites(), false);
    std::vector<uint32_t> queue{0};
    seen[0] = true;
    for (std::size_t k = 0; k < queue.size(); ++k)
    {
        for (uint32_t f : at[queue[k]])
        {
            const WanTopology::Fibre& fibre = topo.GetFibre(f);
            const uint32_t w = fibre.a == queue[k] ? fibre.b : fibre.a;
            if (!seen[w])
            {
                seen[w] = true;
                queue.push_back(w);
                std::string error;
                NS_ABORT_MSG_IF(!tree.AddFibre(fibre.a, fibre.b, fibre.lengthKm, error), error);
            }
        }
    }
    return tree;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string sizes = "100,300,754";
    uint64_t pairs = 4000;
    uint32_t k = 4;
    uint32_t repeat = 5;
    uint32_t fatTreeK = 16;
    uint32_t flowDsts = 64;
    double target = 1.10;
    std::string only = "te,bypass,wan,flow";
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Numbers of WAN sites (comma-separated)", sizes);
    cmd.AddValue("pairs", "Ordered pairs per WAN for the path searches (all if fewer)", pairs);
    cmd.AddValue("k", "Paths per pair", k);
    cmd.AddValue("repeat", "Timed rounds per case (the best is kept)", repeat);
    cmd.AddValue("fatTreeK", "Fat tree arity for the FlowTopology case (even)", fatTreeK);
    cmd.AddValue("flowDsts", "Destinations routed to from every host", flowDsts);
    cmd.AddValue("target", "Largest acceptable new/old time ratio", target);
    cmd.AddValue("cases", "Cases to run, comma-separated: te, bypass, wan, flow", only);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(repeat == 0 || k == 0 || fatTreeK < 2 || fatTreeK % 2, "bad options");

    std::vector<uint32_t> siteCounts;
    {
        std::stringstream ss(sizes);
        std::string item;
        while (std::getline(ss, item, ','))
        {
            siteCounts.push_back(std::stoul(item));
        }
    }
    std::vector<Case> cases;
    auto wanted = [&only](const std::string& name) {
        return ("," + only + ",").find("," + name + ",") != std::string::npos;
    };

    for (uint32_t n : siteCounts)
    {
        const WanTopology wan = MakeWan(n);
        const auto pairList = Pairs(n, pairs);
        for (bool hops : {false, true})
        {
            if (!wanted("te"))
            {
                break;
            }
            const TeGraph g = MakeGraph(wan, hops);
            const std::string tag = std::to_string(n) + " sites, " + (hops ? "hops" : "km");
            for (bool disjoint : {false, true})
            {
                Case c;
                c.name = std::string(disjoint ? "TePaths::EdgeDisjoint" : "TePaths::KShortest") +
                         " k=" + std::to_string(k) + ", " + tag;
                c.note = std::to_string(pairList.size()) + " pairs, " +
                         std::to_string(g.arcs.size()) + " arcs";
                std::vector<std::vector<TePath>> before(pairList.size());
                std::vector<std::vector<TePath>> after(pairList.size());
                TimeBoth(
                    repeat,
                    [&]() {
                        for (std::size_t i = 0; i < pairList.size(); ++i)
                        {
                            const auto [s, d] = pairList[i];
                            before[i] = disjoint ? baseline::EdgeDisjoint(g, s, d, k, true)
                                                 : baseline::KShortest(g, s, d, k);
                        }
                    },
                    [&]() {
                        // As the module's callers do: one finder per graph, for every pair.
                        TePathFinder finder(g);
                        for (std::size_t i = 0; i < pairList.size(); ++i)
                        {
                            const auto [s, d] = pairList[i];
                            after[i] = disjoint ? finder.EdgeDisjoint(s, d, k, true)
                                                : finder.KShortest(s, d, k);
                        }
                    },
                    c);
                c.same = before == after;
                cases.push_back(c);
            }
        }

        // BypassGrooming's trees: the fibres and a bypass link per pair of sites two fibres
        // apart, each priced at random (per direction), as slope scaling prices them.
        if (wanted("bypass"))
        {
            std::vector<baseline::SiteLink> links;
            const auto at = FibresAt(wan);
            for (uint32_t f = 0; f < wan.GetNFibres(); ++f)
            {
                links.push_back({wan.GetFibre(f).a, wan.GetFibre(f).b});
            }
            for (uint32_t s = 0; s < n; ++s)
            {
                for (uint32_t f1 : at[s])
                {
                    const uint32_t m =
                        wan.GetFibre(f1).a == s ? wan.GetFibre(f1).b : wan.GetFibre(f1).a;
                    for (uint32_t f2 : at[m])
                    {
                        const uint32_t t =
                            wan.GetFibre(f2).a == m ? wan.GetFibre(f2).b : wan.GetFibre(f2).a;
                        if (t > s)
                        {
                            links.push_back({s, t});
                        }
                    }
                }
            }
            std::vector<std::vector<uint32_t>> adjacent(n);
            for (uint32_t c = 0; c < links.size(); ++c)
            {
                adjacent[links[c].front].push_back(c);
                adjacent[links[c].back].push_back(c);
            }
            // The graph BypassGrooming builds from the same lists.
            std::vector<std::pair<uint32_t, uint32_t>> ends;
            std::vector<opticalgraph::EdgeTag> tags;
            for (uint32_t u = 0; u < n; ++u)
            {
                for (uint32_t c : adjacent[u])
                {
                    const int dir = baseline::Dir(links, c, u);
                    ends.emplace_back(u, baseline::End(links, c, dir));
                    tags.push_back({c, static_cast<uint8_t>(dir), 0});
                }
            }
            const opticalgraph::Digraph graph = opticalgraph::MakeDigraph(n, ends, tags);
            opticalgraph::BestFirst search(n);
            Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
            rng->SetStream(2);
            std::vector<double> price(2 * links.size());
            for (double& p : price)
            {
                // Few distinct prices: many equal-cost trees, where the tie-breaks matter.
                p = 1 + rng->GetInteger(0, 3);
            }
            auto cost = [&price](uint32_t c, int dir) { return price[2 * c + dir] * (1 + 1e-9); };
            for (bool targeted : {false, true})
            {
                Case c;
                c.name = std::string("BypassGrooming trees, ") +
                         (targeted ? "to a target within a budget" : "whole") + ", " +
                         std::to_string(n) + " sites";
                c.note = std::to_string(links.size()) + " links";
                const uint32_t rounds = targeted ? 20 : 4;
                std::vector<std::vector<double>> distOld, distNew;
                std::vector<std::vector<uint32_t>> viaOld, viaNew;
                auto run = [&](bool fresh) {
                    auto& dists = fresh ? distNew : distOld;
                    auto& vias = fresh ? viaNew : viaOld;
                    dists.clear();
                    vias.clear();
                    std::vector<double> dist;
                    std::vector<uint32_t> via;
                    for (uint32_t r = 0; r < rounds; ++r)
                    {
                        for (uint32_t s = 0; s < n; ++s)
                        {
                            const uint32_t t = targeted ? (s * 7 + r * 13 + 1) % n : UINT32_MAX;
                            const double budget =
                                targeted ? 6.0 : std::numeric_limits<double>::infinity();
                            if (t == s)
                            {
                                continue;
                            }
                            if (fresh)
                            {
                                opticalgraph::ShortestTree(graph,
                                                           search,
                                                           s,
                                                           t,
                                                           budget,
                                                           cost,
                                                           dist,
                                                           via);
                            }
                            else
                            {
                                baseline::Tree(links, adjacent, s, t, budget, dist, via, cost);
                            }
                            if (r == 0)
                            {
                                dists.push_back(dist);
                                vias.push_back(via);
                            }
                        }
                    }
                };
                TimeBoth(
                    repeat,
                    [&]() { run(false); },
                    [&]() { run(true); },
                    c);
                c.same = distOld == distNew && viaOld == viaNew;
                cases.push_back(c);
            }
        }

        // WanTopology connectivity: the WAN, and its spanning tree (every fibre a bridge).
        for (bool tree : {false, true})
        {
            if (!wanted("wan"))
            {
                break;
            }
            const WanTopology topo = tree ? SpanningTree(wan) : wan;
            const auto at = FibresAt(topo);
            Case c;
            c.name = std::string("WanTopology GetUnreachable + GetBridges, ") +
                     (tree ? "spanning tree of " : "") + std::to_string(n) + " sites";
            c.note = std::to_string(topo.GetNFibres()) + " fibres";
            const uint32_t rounds = 50;
            std::vector<uint32_t> bOld, bNew, uOld, uNew;
            TimeBoth(
                repeat,
                [&]() {
                    for (uint32_t r = 0; r < rounds; ++r)
                    {
                        uOld = baseline::Unreachable(topo, at);
                        bOld = baseline::Bridges(topo, at);
                    }
                },
                [&]() {
                    for (uint32_t r = 0; r < rounds; ++r)
                    {
                        uNew = topo.GetUnreachable();
                        bNew = topo.GetBridges();
                    }
                },
                c);
            c.same = bOld == bNew && uOld == uNew;
            c.note += ", " + std::to_string(bNew.size()) + " bridges";
            cases.push_back(c);
        }
    }

    // FlowTopology: a k-ary fat tree, every host to flowDsts hosts, cold caches.
    if (wanted("flow"))
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t half = fatTreeK / 2;
        std::vector<uint32_t> hosts;
        std::vector<uint32_t> core;
        for (uint32_t i = 0; i < half * half; ++i)
        {
            core.push_back(topo->AddVertex("core" + std::to_string(i)));
        }
        for (uint32_t p = 0; p < fatTreeK; ++p)
        {
            std::vector<uint32_t> agg;
            for (uint32_t a = 0; a < half; ++a)
            {
                agg.push_back(topo->AddVertex("agg"));
                for (uint32_t j = 0; j < half; ++j)
                {
                    topo->AddDuplexLink(agg[a], core[a * half + j], 100e9, NanoSeconds(500));
                }
            }
            for (uint32_t e = 0; e < half; ++e)
            {
                const uint32_t edge = topo->AddVertex("edge");
                for (uint32_t a = 0; a < half; ++a)
                {
                    topo->AddDuplexLink(edge, agg[a], 100e9, NanoSeconds(500));
                }
                for (uint32_t h = 0; h < half; ++h)
                {
                    const uint32_t host = topo->AddVertex("host");
                    hosts.push_back(host);
                    topo->AddDuplexLink(host, edge, 100e9, NanoSeconds(500));
                }
            }
        }
        // A few links down, so that the filter matters.
        for (uint32_t l = 0; l < topo->GetNLinks(); l += 97)
        {
            topo->SetLinkUp(l, false);
        }
        std::vector<uint32_t> dsts;
        for (uint32_t i = 0; i < flowDsts && i < hosts.size(); ++i)
        {
            dsts.push_back(hosts[(i * 7919) % hosts.size()]);
        }
        Case c;
        c.name = "FlowTopology::ShortestPath, fat tree k=" + std::to_string(fatTreeK);
        c.note = std::to_string(hosts.size()) + " hosts x " + std::to_string(dsts.size()) +
                 " destinations, " + std::to_string(topo->GetNLinks()) + " links";
        std::vector<std::vector<uint32_t>> pOld, pNew;
        auto routeAll = [&](bool fresh) {
            auto& out = fresh ? pNew : pOld;
            out.clear();
            baseline::FlowPaths old(*topo);
            topo->SetPathFunction(nullptr); // clears the routing caches
            std::vector<uint32_t> links;
            std::string error;
            for (uint32_t d : dsts)
            {
                for (uint32_t s : hosts)
                {
                    if (s == d)
                    {
                        continue;
                    }
                    const uint64_t hash = s * 1000003ULL + d;
                    const bool ok = fresh ? topo->ShortestPath(s, d, hash, true, links, error)
                                          : old.ShortestPath(s, d, hash, links);
                    out.push_back(ok ? links : std::vector<uint32_t>{});
                }
            }
        };
        TimeBoth(
            repeat,
            [&]() { routeAll(false); },
            [&]() { routeAll(true); },
            c);
        c.same = pOld == pNew;
        cases.push_back(c);
    }

    std::cout << std::left << std::setw(64) << "case" << std::right << std::setw(11) << "old (ms)"
              << std::setw(11) << "new (ms)" << std::setw(9) << "new/old" << std::setw(6) << "same"
              << "  target  work\n";
    bool allSame = true;
    bool allFast = true;
    for (const Case& c : cases)
    {
        const double ratio = c.newS / c.oldS;
        const bool fast = ratio <= target;
        allSame = allSame && c.same;
        allFast = allFast && fast;
        std::cout << std::left << std::setw(64) << c.name << std::right << std::fixed
                  << std::setprecision(2) << std::setw(11) << c.oldS * 1e3 << std::setw(11)
                  << c.newS * 1e3 << std::setw(9) << ratio << std::setw(6)
                  << (c.same ? "yes" : "NO") << "  " << (fast ? "ok    " : "SLOWER") << "  "
                  << c.note << "\n";
    }
    std::cout << "same-answers: " << (allSame ? "yes" : "no") << "\n";
    std::cout << "target-met: " << (allFast ? "yes" : "no") << " (new/old <= " << target
              << " in every case)\n";
    return allSame ? 0 : 1;
}
