/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_PATHS_H
#define TE_PATHS_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A directed graph of links, for traffic engineering: nodes 0 .. nodes-1 and arcs
 * named by their index. Parallel arcs are allowed; a duplex link is two arcs.
 */
struct TeGraph
{
    /// One directed link.
    struct Arc
    {
        uint32_t from; //!< Tail node
        uint32_t to;   //!< Head node
        double weight; //!< Routing weight (e.g. length in km, or 1 for hops), >= 0
    };

    uint32_t nodes{0};     //!< Number of nodes
    std::vector<Arc> arcs; //!< The arcs; an arc's index names it
};

/// A path: arc indices, from the source to the destination.
using TePath = std::vector<uint32_t>;

/**
 * \ingroup optical
 * \brief Candidate paths between two nodes of a TeGraph, for path-based traffic engineering
 * (TeSolver).
 *
 * Weights must be finite and >= 0 (Make checks; KShortest and EdgeDisjoint treat an arc with a
 * negative, non-finite weight or an endpoint out of range as absent). Ties are broken
 * deterministically: each shortest-path search keeps, among equally short ways into a node
 * found before the node is settled, the one entering by the lowest arc index, and Yen's
 * candidates of equal weight are taken in the order of their arc index sequences
 * (lexicographically), so the same graph always gives the same paths in the same order.
 *
 * The searches run on Boost.Graph: A* over a compressed-sparse-row graph of the arcs (Yen's bans
 * and removed arcs as a filtered view), guided toward the destination by the distances to it
 * over the whole graph (boost::dijkstra_shortest_paths over the reverse graph, once per call).
 * The k = 4 shortest paths of a pair of a 754-node, 1,810-arc graph take about 80 us through
 * a TePathFinder (utils/bench/graph-paths, shared 2-core machine; the hand-written searches
 * they replaced: about 100 us in the same run). Loops over pairs should use a TePathFinder:
 * the static functions build the graph's Boost form on every call.
 */
class TePaths
{
  public:
    /**
     * \brief The k shortest loopless paths by weight (Yen's algorithm over Dijkstra).
     * \param [in] g The graph
     * \param [in] src Source node
     * \param [in] dst Destination node
     * \param [in] k How many paths at most
     * \return up to k paths, shortest first (fewer when fewer exist; none when src == dst or a
     * node is out of range)
     */
    static std::vector<TePath> KShortest(const TeGraph& g, uint32_t src, uint32_t dst, uint32_t k);

    /**
     * \brief Up to k arc-disjoint paths: repeatedly the shortest path, whose arcs are then
     * removed (a greedy choice: it may find fewer disjoint paths than exist).
     * \param [in] g The graph
     * \param [in] src Source node
     * \param [in] dst Destination node
     * \param [in] k How many paths at most
     * \param [in] removeReverse Also remove, for each arc u->v of a chosen path, every arc v->u
     * (for a duplex graph: the paths then share no fibre in either direction)
     * \return up to k paths, shortest first, no two sharing an arc
     */
    static std::vector<TePath> EdgeDisjoint(const TeGraph& g,
                                            uint32_t src,
                                            uint32_t dst,
                                            uint32_t k,
                                            bool removeReverse = true);

    /**
     * \param [in] g The graph
     * \param [in] p A path of g (arc indices out of range count 0)
     * \return the sum of its arcs' weights
     */
    static double Weight(const TeGraph& g, const TePath& p);

    /**
     * \brief Candidate paths by name, with the graph and the nodes checked.
     * \param [in] kind "ksp" (KShortest) or "edge-disjoint" (EdgeDisjoint, removing reverse arcs)
     * \param [in] g The graph (arc endpoints < nodes, weights finite and >= 0)
     * \param [in] src Source node (< nodes)
     * \param [in] dst Destination node (< nodes, != src)
     * \param [in] k How many paths at most (>= 1)
     * \param [out] out The paths (possibly none, if dst cannot be reached); unchanged on failure
     * \param [out] error The bad kind (with the allowed ones), node, arc or k
     * \return true on success
     */
    static bool Make(const std::string& kind,
                     const TeGraph& g,
                     uint32_t src,
                     uint32_t dst,
                     uint32_t k,
                     std::vector<TePath>& out,
                     std::string& error);

    /**
     * \brief Checks a graph: arc endpoints in range, weights finite and >= 0.
     * \param [in] g The graph
     * \param [out] error The first bad arc and what is allowed
     * \return true if the graph is valid
     */
    static bool Check(const TeGraph& g, std::string& error);
};

/**
 * \ingroup optical
 * \brief The searches of TePaths on one graph, for many source-destination pairs: the graph's
 * Boost.Graph form (two compressed-sparse-row graphs) and the work arrays are built once, at
 * construction, instead of on every call of TePaths' static functions (which each build them
 * for one pair). The paths are exactly those of the static functions.
 *
 * The graph is kept by reference: it must outlive the finder and not change while it is used.
 * A finder is not safe to use from several threads at once (one per thread).
 */
class TePathFinder
{
  public:
    /// \param [in] g The graph (arcs that TePaths treats as absent are left out)
    explicit TePathFinder(const TeGraph& g);
    ~TePathFinder();
    TePathFinder(const TePathFinder&) = delete;
    TePathFinder& operator=(const TePathFinder&) = delete;

    /**
     * \param [in] src Source node
     * \param [in] dst Destination node
     * \param [in] k How many paths at most
     * \return TePaths::KShortest(g, src, dst, k)
     */
    std::vector<TePath> KShortest(uint32_t src, uint32_t dst, uint32_t k);

    /**
     * \param [in] src Source node
     * \param [in] dst Destination node
     * \param [in] k How many paths at most
     * \param [in] removeReverse Also remove the reverse arcs of a chosen path's arcs
     * \return TePaths::EdgeDisjoint(g, src, dst, k, removeReverse)
     */
    std::vector<TePath> EdgeDisjoint(uint32_t src, uint32_t dst, uint32_t k, bool removeReverse);

    /**
     * \brief TePaths::Make without the graph check (do it once with TePaths::Check).
     * \param [in] kind "ksp" or "edge-disjoint"
     * \param [in] src Source node (< nodes)
     * \param [in] dst Destination node (< nodes, != src)
     * \param [in] k How many paths at most (>= 1)
     * \param [out] out The paths; unchanged on failure
     * \param [out] error The bad kind (with the allowed ones), node or k
     * \return true on success
     */
    bool Find(const std::string& kind,
              uint32_t src,
              uint32_t dst,
              uint32_t k,
              std::vector<TePath>& out,
              std::string& error);

  private:
    class Impl;
    std::unique_ptr<Impl> m_impl; //!< The graph's searches
};

} // namespace ns3

#endif /* TE_PATHS_H */
