/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-paths.h"

#include "../../common/optical-graph.h"

#include "ns3/log.h"

#include <algorithm>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/iterator/transform_iterator.hpp>
#include <cmath>
#include <functional>
#include <limits>
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

/// An arc's ends, (tail, head) or reversed (head, tail).
struct Ends
{
    const TeGraph* g{nullptr}; //!< The graph
    bool reversed{false};      //!< (head, tail)

    /// \return the ends of arc i
    std::pair<uint32_t, uint32_t> operator()(uint32_t i) const
    {
        const TeGraph::Arc& a = g->arcs[i];
        return reversed ? std::make_pair(a.to, a.from) : std::make_pair(a.from, a.to);
    }
};

/// An arc's tag: its index and weight.
struct Tag
{
    const TeGraph* g{nullptr}; //!< The graph

    /// \return the tag of arc i
    opticalgraph::EdgeTag operator()(uint32_t i) const
    {
        return opticalgraph::EdgeTag{i, 0, g->arcs[i].weight};
    }
};

/**
 * Shortest paths over a graph with some arcs and nodes banned, by Boost.Graph: the graph and
 * its reverse as compressed-sparse-row graphs (arcs that cannot be used and loops left out),
 * the bans as a filtered view, the searches A* on Boost.Graph (opticalgraph::BestFirst, whose work
 * arrays are kept between searches).
 */
class Dijkstra
{
  public:
    /// \param [in] g The graph (kept by reference)
    explicit Dijkstra(const TeGraph& g)
        : m_g(g),
          m_pred(g.nodes, NONE),
          m_bannedNode(g.nodes, 0),
          m_bannedArc(g.arcs.size(), 0),
          m_search(g.nodes)
    {
        // Out-arcs and in-arcs of each node, in arc index order (Boost sorts them by node).
        std::vector<uint32_t> usable;
        usable.reserve(g.arcs.size());
        for (uint32_t i = 0; i < g.arcs.size(); ++i)
        {
            if (Usable(g, g.arcs[i]) && g.arcs[i].from != g.arcs[i].to)
            {
                usable.push_back(i);
            }
        }
        m_out =
            opticalgraph::Digraph(boost::edges_are_unsorted_multi_pass,
                                  boost::make_transform_iterator(usable.begin(), Ends{&g, false}),
                                  boost::make_transform_iterator(usable.end(), Ends{&g, false}),
                                  boost::make_transform_iterator(usable.begin(), Tag{&g}),
                                  g.nodes);
        m_in = opticalgraph::Digraph(boost::edges_are_unsorted_multi_pass,
                                     boost::make_transform_iterator(usable.begin(), Ends{&g, true}),
                                     boost::make_transform_iterator(usable.end(), Ends{&g, true}),
                                     boost::make_transform_iterator(usable.begin(), Tag{&g}),
                                     g.nodes);
    }

    /**
     * \param [in] dst Destination
     * \return every node's distance to dst, ignoring bans (infinity if it cannot reach dst):
     * a consistent A* heuristic for the searches toward dst, whose bans only lengthen paths
     * (boost::dijkstra_shortest_paths over the reverse graph: distances do not depend on ties)
     */
    std::vector<double> DistancesTo(uint32_t dst) const
    {
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<double> dist(m_g.nodes, inf);
        boost::dijkstra_shortest_paths(
            m_in,
            dst,
            boost::weight_map(opticalgraph::FixedWeights(m_in))
                .distance_map(
                    boost::make_iterator_property_map(dist.begin(), boost::identity_property_map()))
                .distance_inf(inf));
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
        auto [e, end] = boost::out_edges(arcFrom, m_out);
        for (; e != end; ++e)
        {
            if (boost::target(*e, m_out) == arcTo)
            {
                result.push_back(m_out[*e].arc);
            }
        }
        return result;
    }

    /**
     * \brief The shortest path avoiding the banned arcs and nodes (A* on Boost.Graph, guided by
     * toDst). Ties: the queue settles the node of lowest (distance + toDst, node index) first;
     * among equally short ways into a node found before it is settled, the one entering by
     * the lowest arc index is kept.
     * \param [in] src Source
     * \param [in] dst Destination
     * \param [in] toDst DistancesTo(dst)
     * \param [out] path The path (arc indices)
     * \return true if dst can be reached
     */
    bool Run(uint32_t src, uint32_t dst, const std::vector<double>& toDst, TePath& path)
    {
        path.clear();
        if (m_bannedNode[src] || m_bannedNode[dst] || std::isinf(toDst[src]))
        {
            return false;
        }
        // The view: no banned arc, no banned node, nothing settled, nothing that cannot reach
        // dst.
        const boost::filtered_graph<opticalgraph::Digraph, Open> view(m_out, Open{this, &toDst});
        m_search.Run(
            view,
            src,
            [&toDst](uint32_t v) { return toDst[v]; },
            opticalgraph::FixedWeights(m_out),
            opticalgraph::StrictLess(),
            [dst](uint32_t v, double) { return v == dst; },
            [this](const opticalgraph::DigraphEdge& e) {
                m_pred[boost::target(e, m_out)] = m_out[e].arc;
            },
            [this](const opticalgraph::DigraphEdge& e) {
                // An equally short way into a node not yet settled: keep the lower arc.
                const uint32_t u = boost::source(e, m_out);
                const uint32_t v = boost::target(e, m_out);
                const uint32_t a = m_out[e].arc;
                if (m_search.Distance(u) + m_out[e].weight == m_search.Distance(v) && a < m_pred[v])
                {
                    m_pred[v] = a;
                }
            });
        if (!m_search.Settled(dst))
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

    /// The arcs a search may take (the filtered view's edge predicate).
    struct Open
    {
        const Dijkstra* self{nullptr};             //!< The searches
        const std::vector<double>* toDst{nullptr}; //!< Distances to the destination

        /// \return true if e's arc and head are not banned, its head not settled and able to
        /// reach the destination
        bool operator()(const opticalgraph::DigraphEdge& e) const
        {
            const uint32_t v = boost::target(e, self->m_out);
            return !self->m_bannedArc[self->m_out[e].arc] && !self->m_bannedNode[v] &&
                   !self->m_search.Closed(v) && !std::isinf((*toDst)[v]);
        }
    };

    const TeGraph& m_g;                  //!< The graph
    opticalgraph::Digraph m_out;         //!< The usable arcs
    opticalgraph::Digraph m_in;          //!< The usable arcs, reversed
    std::vector<uint32_t> m_pred;        //!< Arc into each node on its shortest path
    std::vector<char> m_bannedNode;      //!< Banned nodes
    std::vector<char> m_bannedArc;       //!< Banned arcs
    std::vector<uint32_t> m_bannedArcs;  //!< Banned arcs, to unban
    std::vector<uint32_t> m_bannedNodes; //!< Banned nodes, to unban
    opticalgraph::BestFirst m_search;    //!< The A* searches, with their work arrays
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

/// The searches of a TePathFinder.
class TePathFinder::Impl
{
  public:
    /// \param [in] g The graph
    explicit Impl(const TeGraph& g)
        : m_g(g),
          m_search(g)
    {
    }

    const TeGraph& m_g; //!< The graph
    Dijkstra m_search;  //!< Its searches
};

TePathFinder::TePathFinder(const TeGraph& g)
    : m_impl(std::make_unique<Impl>(g))
{
}

TePathFinder::~TePathFinder() = default;

std::vector<TePath>
TePaths::KShortest(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k)
{
    return TePathFinder(g).KShortest(src, dst, k);
}

std::vector<TePath>
TePaths::EdgeDisjoint(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k, bool removeReverse)
{
    return TePathFinder(g).EdgeDisjoint(src, dst, k, removeReverse);
}

std::vector<TePath>
TePathFinder::KShortest(uint32_t src, uint32_t dst, uint32_t k)
{
    const TeGraph& g = m_impl->m_g;
    Dijkstra& search = m_impl->m_search;
    std::vector<TePath> found;
    if (k == 0 || src >= g.nodes || dst >= g.nodes || src == dst)
    {
        return found;
    }
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
    NS_LOG_DEBUG(found.size() << " shortest paths " << src << "->" << dst);
    return found;
}

std::vector<TePath>
TePathFinder::EdgeDisjoint(uint32_t src, uint32_t dst, uint32_t k, bool removeReverse)
{
    const TeGraph& g = m_impl->m_g;
    Dijkstra& search = m_impl->m_search;
    std::vector<TePath> found;
    if (k == 0 || src >= g.nodes || dst >= g.nodes || src == dst)
    {
        return found;
    }
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
    return Check(g, error) && TePathFinder(g).Find(kind, src, dst, k, out, error);
}

bool
TePathFinder::Find(const std::string& kind,
                   uint32_t src,
                   uint32_t dst,
                   uint32_t k,
                   std::vector<TePath>& out,
                   std::string& error)
{
    const TeGraph& g = m_impl->m_g;
    if (kind != "ksp" && kind != "edge-disjoint")
    {
        error = "path kind '" + kind + "' is unknown (allowed: ksp, edge-disjoint)";
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
    out = kind == "ksp" ? KShortest(src, dst, k) : EdgeDisjoint(src, dst, k, true);
    return true;
}

} // namespace ns3
