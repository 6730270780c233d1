/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-paths.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <set>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TePaths");

namespace
{

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

} // namespace

double
TePaths::Weight(const TeGraph& g, const TePath& p)
{
    double w = 0;
    for (uint32_t a : p)
    {
        if (a < g.arcs.size())
        {
            w += g.arcs[a].weight;
        }
    }
    return w;
}

std::vector<TePath>
TePaths::KShortest(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k)
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
            candidates.insert({Weight(g, total), std::move(total)});
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
    NS_LOG_DEBUG(found.size() << " shortest paths " << src << "->" << dst);
    return found;
}

std::vector<TePath>
TePaths::EdgeDisjoint(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k, bool removeReverse)
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
    NS_LOG_DEBUG(found.size() << " arc-disjoint paths " << src << "->" << dst);
    return found;
}

bool
TePaths::Check(const TeGraph& g, std::string& error)
{
    for (std::size_t i = 0; i < g.arcs.size(); ++i)
    {
        const TeGraph::Arc& a = g.arcs[i];
        if (a.from >= g.nodes || a.to >= g.nodes)
        {
            error = "arc " + std::to_string(i) + " goes from node " + std::to_string(a.from) +
                    " to node " + std::to_string(a.to) + ", but the graph has " +
                    std::to_string(g.nodes) + " nodes (0 to " +
                    (g.nodes ? std::to_string(g.nodes - 1) : std::string("none")) + ")";
            return false;
        }
        if (!std::isfinite(a.weight) || a.weight < 0)
        {
            error = "arc " + std::to_string(i) + " (" + std::to_string(a.from) + "->" +
                    std::to_string(a.to) + ") has weight " + std::to_string(a.weight) +
                    " (need a finite weight >= 0)";
            return false;
        }
    }
    return true;
}

bool
TePaths::Make(const std::string& kind,
              const TeGraph& g,
              uint32_t src,
              uint32_t dst,
              uint32_t k,
              std::vector<TePath>& out,
              std::string& error)
{
    if (kind != "ksp" && kind != "edge-disjoint")
    {
        error = "path kind '" + kind + "' is unknown (allowed: ksp, edge-disjoint)";
        return false;
    }
    if (!Check(g, error))
    {
        return false;
    }
    for (const auto& [name, node] :
         {std::make_pair("source", src), std::make_pair("destination", dst)})
    {
        if (node >= g.nodes)
        {
            error = std::string(name) + " node " + std::to_string(node) +
                    " is out of range (the graph has " + std::to_string(g.nodes) + " nodes)";
            return false;
        }
    }
    if (src == dst)
    {
        error = "source and destination are both node " + std::to_string(src) +
                " (need two different nodes)";
        return false;
    }
    if (k == 0)
    {
        error = "k is 0 (need at least 1 path)";
        return false;
    }
    out = kind == "ksp" ? KShortest(g, src, dst, k) : EdgeDisjoint(g, src, dst, k, true);
    return true;
}

} // namespace ns3
