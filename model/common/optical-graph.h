/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_GRAPH_H
#define OPTICAL_GRAPH_H

/**
 * \file
 * \ingroup optical
 * Private to the module's sources (not installed, not in optical-module.h, so that users do
 * not compile Boost.Graph): the Boost.Graph pieces the graph algorithms share.
 *
 * - opticalgraph::Digraph, a compressed-sparse-row directed graph whose edges carry the
 *   caller's arc index (and a direction, for an undirected link crossed both ways);
 * - opticalgraph::BestFirst, best-first search (A*, or Dijkstra's algorithm with a zero
 *   heuristic) as Boost.Graph composes its own: boost::breadth_first_visit over a
 *   boost::d_ary_heap_indirect, relaxing edges with boost::relax_target, with the queue and the
 *   work arrays kept between searches and reset only where the last search wrote, an early
 *   stop, and a deterministic order: the queue is keyed by (cost, vertex index), so of two
 *   vertices with the same cost the lower-numbered one is settled first (the order Boost's
 *   own heap gives them is unspecified). The relaxation test is the caller's (plain "<", or
 *   "< by more than a tolerance"), so the first way found into a vertex is kept among equal
 *   ones unless the caller's callbacks say otherwise;
 * - opticalgraph::ShortestTree, Dijkstra's tree with a target and a budget over BestFirst;
 * - opticalgraph::Reachable, what a breadth-first visit reaches (FromAdjacency builds the
 *   graph from adjacency lists).
 *
 * Include it by a relative path ("../common/optical-graph.h").
 */

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/detail/d_ary_heap.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/graph/relax.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

namespace ns3
{
namespace opticalgraph
{

/// What an edge of a Digraph carries: the caller's arc (or link) index and a direction.
struct EdgeTag
{
    uint32_t arc{0};  //!< The caller's arc or link index
    uint8_t dir{0};   //!< Direction it is crossed in (0 or 1), for undirected links
    double weight{0}; //!< A fixed weight, if the caller keeps one in the graph
};

/// A static directed graph, vertices 0 .. n-1, out-edges in the order they were given.
using Digraph = boost::compressed_sparse_row_graph<boost::directedS,
                                                   boost::no_property,
                                                   EdgeTag,
                                                   boost::no_property,
                                                   uint32_t,
                                                   uint32_t>;
/// An edge of a Digraph.
using DigraphEdge = boost::graph_traits<Digraph>::edge_descriptor;

/**
 * A readable edge property map of a Digraph computed from each edge's tag, f(tag), for
 * weights that change between searches.
 */
template <typename F>
struct TagWeightMap
{
    using key_type = DigraphEdge;                      //!< Edge
    using value_type = double;                         //!< Weight
    using reference = double;                          //!< By value
    using category = boost::readable_property_map_tag; //!< Read only
    const Digraph* graph{nullptr};                     //!< The graph
    F f;                                               //!< Weight of a tag
};

/**
 * \param [in] m The map
 * \param [in] e An edge
 * \return its weight
 */
template <typename F>
double
get(const TagWeightMap<F>& m, const DigraphEdge& e)
{
    return m.f((*m.graph)[e]);
}

/**
 * \param [in] g The graph
 * \return the map of the weights the graph keeps in its tags
 */
inline auto
FixedWeights(const Digraph& g)
{
    return boost::get(&EdgeTag::weight, g);
}

/**
 * \brief Builds a Digraph.
 * \param [in] n Number of vertices
 * \param [in] ends (tail, head) per edge, sorted by tail (order kept within a tail)
 * \param [in] tags The tag of each edge
 * \return the graph
 */
inline Digraph
MakeDigraph(uint32_t n,
            const std::vector<std::pair<uint32_t, uint32_t>>& ends,
            const std::vector<EdgeTag>& tags)
{
    return Digraph(boost::edges_are_sorted, ends.begin(), ends.end(), tags.begin(), n);
}

/// A queue key: cost, then vertex index (a strict total order).
struct SearchKey
{
    double cost;     //!< Distance plus heuristic
    uint32_t vertex; //!< The vertex
};

/// The key map of BestFirst's queue: get gives (cost, vertex), put stores the cost.
struct SearchCostMap
{
    using key_type = uint32_t;                           //!< Vertex
    using value_type = SearchKey;                        //!< (cost, vertex)
    using reference = SearchKey;                         //!< By value
    using category = boost::read_write_property_map_tag; //!< Read and write
    double* cost{nullptr};                               //!< Cost per vertex
};

/**
 * \param [in] m The map
 * \param [in] v A vertex
 * \return (its cost, v)
 */
inline SearchKey
get(const SearchCostMap& m, uint32_t v)
{
    return SearchKey{m.cost[v], v};
}

/**
 * \param [in] m The map
 * \param [in] v A vertex
 * \param [in] c Its new cost
 */
inline void
put(const SearchCostMap& m, uint32_t v, double c)
{
    m.cost[v] = c;
}

/// Plain "<" on distances.
struct StrictLess
{
    /// \return a < b
    bool operator()(double a, double b) const
    {
        return a < b;
    }
};

/// "<" by more than a tolerance: a way must be shorter by more than it to replace another.
struct ToleranceLess
{
    double tolerance; //!< The tolerance

    /// \return a < b - tolerance
    bool operator()(double a, double b) const
    {
        return a < b - tolerance;
    }
};

/**
 * \brief Best-first searches (A*; Dijkstra's algorithm with a zero heuristic) over views of
 * graphs with n vertices, built as Boost.Graph builds its own dijkstra_shortest_paths and
 * astar_search: boost::breadth_first_visit with a mutable priority queue
 * (boost::d_ary_heap_indirect) as its buffer and a visitor that relaxes edges with
 * boost::relax_target. This class owns the queue, its index map and the work arrays, so they
 * are kept between searches (reset only where the last search wrote), and the search can end
 * as a vertex is settled (the buffer then reports itself empty).
 */
class BestFirst
{
  public:
    /// \param [in] n Number of vertices
    explicit BestFirst(uint32_t n = 0)
        : m_heap(SearchCostMap{nullptr}, IndexMap(nullptr), HeapLess(), HeapStore{&m_heapData})
    {
        Resize(n);
    }

    BestFirst(const BestFirst&) = delete;            //!< Not copyable (the queue's maps)
    BestFirst& operator=(const BestFirst&) = delete; //!< Not copyable

    /// \param [in] n Number of vertices (every array reset)
    void Resize(uint32_t n)
    {
        m_dist.assign(n, std::numeric_limits<double>::infinity());
        m_cost.assign(n, std::numeric_limits<double>::infinity());
        m_color.assign(n, boost::white_color);
        m_indexInHeap.assign(n, static_cast<std::size_t>(-1));
        m_touched.clear();
        m_heapData.clear();
        m_heap = Heap(SearchCostMap{m_cost.data()},
                      IndexMap(m_indexInHeap.data()),
                      HeapLess(),
                      HeapStore{&m_heapData});
    }

    /// \return the distance of v from the last search's source (infinite if not reached)
    double Distance(uint32_t v) const
    {
        return m_dist[v];
    }

    /// \return true if the last search was stopped at v, or ran to the end and settled v
    bool Settled(uint32_t v) const
    {
        return m_examined == v || (!m_stopped && m_color[v] == boost::black_color);
    }

    /// \return true if v is black (settled and finished) in the search under way
    bool Closed(uint32_t v) const
    {
        return m_color[v] == boost::black_color;
    }

    /**
     * \brief One search from s. Ties: the queue settles the vertex of lowest (distance +
     * heuristic, vertex index) first; an edge replaces a vertex's way in only if less(new
     * distance, old distance).
     * \param [in] g The graph view (vertex index = vertex)
     * \param [in] s The source
     * \param [in] heuristic h(v): a consistent lower bound on the rest (0: Dijkstra)
     * \param [in] weight Edge weight map of g (>= 0, possibly infinite)
     * \param [in] less The relaxation test on distances
     * \param [in] stop stop(v, cost): end the search as v is settled (v stays settled)
     * \param [in] relaxed relaxed(e): edge e gave its head a shorter distance
     * \param [in] notRelaxed notRelaxed(e): edge e did not
     */
    template <typename Graph,
              typename Heuristic,
              typename WeightMap,
              typename Less,
              typename Stop,
              typename Relaxed,
              typename NotRelaxed>
    void Run(const Graph& g,
             uint32_t s,
             Heuristic heuristic,
             WeightMap weight,
             Less less,
             Stop stop,
             Relaxed relaxed,
             NotRelaxed notRelaxed)
    {
        m_heapData.clear(); // what a stopped search left (their heap positions are not read)
        for (uint32_t v : m_touched)
        {
            m_dist[v] = std::numeric_limits<double>::infinity();
            m_cost[v] = std::numeric_limits<double>::infinity();
            m_color[v] = boost::white_color;
        }
        m_touched.clear();
        m_examined = NONE;
        m_stopped = false;
        m_dist[s] = 0;
        m_cost[s] = heuristic(s);
        Visitor<Heuristic, WeightMap, Less, Stop, Relaxed, NotRelaxed>
            vis{{}, this, heuristic, weight, less, stop, relaxed, notRelaxed};
        Queue queue{this};
        boost::breadth_first_visit(
            g,
            s,
            queue,
            vis,
            boost::make_iterator_property_map(m_color.begin(), boost::identity_property_map()));
    }

  private:
    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max(); //!< No vertex

    /// The queue's order on keys.
    struct HeapLess
    {
        /// \return true if key a comes first
        bool operator()(const SearchKey& a, const SearchKey& b) const
        {
            return a.cost < b.cost || (a.cost == b.cost && a.vertex < b.vertex);
        }
    };

    /// The queue's storage: a handle on a vector kept by BestFirst, so that a stopped search's
    /// leftovers can be dropped at once (d_ary_heap_indirect has no clear()).
    struct HeapStore
    {
        using size_type = std::size_t;     //!< Size
        using value_type = uint32_t;       //!< Vertex
        std::vector<uint32_t>* v{nullptr}; //!< The vector

        /// \return the size
        size_type size() const
        {
            return v->size();
        }

        /// \return true if empty
        bool empty() const
        {
            return v->empty();
        }

        /// Appends x.
        void push_back(uint32_t x)
        {
            v->push_back(x);
        }

        /// Removes the last.
        void pop_back()
        {
            v->pop_back();
        }

        /// \return the last
        uint32_t& back()
        {
            return v->back();
        }

        /// \return element i
        uint32_t& operator[](size_type i)
        {
            return (*v)[i];
        }

        /// \return element i
        const uint32_t& operator[](size_type i) const
        {
            return (*v)[i];
        }
    };

    /// Position of each vertex in the queue.
    using IndexMap = boost::iterator_property_map<std::size_t*, boost::identity_property_map>;
    /// The queue: vertices by (cost, vertex).
    using Heap =
        boost::d_ary_heap_indirect<uint32_t, 4, IndexMap, SearchCostMap, HeapLess, HeapStore>;

    /// The buffer handed to breadth_first_visit: the queue, empty once the search stops.
    struct Queue
    {
        BestFirst* self; //!< The search

        /// Queues v (unless stopped).
        void push(uint32_t v)
        {
            if (!self->m_stopped)
            {
                self->m_heap.push(v);
            }
        }

        /// \return the vertex of lowest key
        uint32_t top() const
        {
            return self->m_heap.top();
        }

        /// Removes it.
        void pop()
        {
            self->m_heap.pop();
        }

        /// \return true if stopped or nothing is queued
        bool empty() const
        {
            return self->m_stopped || self->m_heap.empty();
        }
    };

    /// The breadth-first visitor that makes breadth_first_visit a best-first search.
    template <typename Heuristic,
              typename WeightMap,
              typename Less,
              typename Stop,
              typename Relaxed,
              typename NotRelaxed>
    struct Visitor : public boost::default_bfs_visitor
    {
        BestFirst* self;       //!< The search
        Heuristic heuristic;   //!< h(v)
        WeightMap weight;      //!< Edge weights
        Less less;             //!< Relaxation test
        Stop stop;             //!< Stop test
        Relaxed relaxed;       //!< Relaxed-edge callback
        NotRelaxed notRelaxed; //!< Not-relaxed-edge callback

        /// Records v for the next reset.
        template <typename G>
        void discover_vertex(uint32_t v, const G&)
        {
            self->m_touched.push_back(v);
        }

        /// Stops if asked to.
        template <typename G>
        void examine_vertex(uint32_t v, const G&)
        {
            if (stop(v, self->m_cost[v]))
            {
                self->m_examined = v;
                self->m_stopped = true;
            }
        }

        /// \return true if e relaxed its head (its cost then updated)
        template <typename E, typename G>
        bool Relax(const E& e, const G& g)
        {
            auto dist = boost::make_iterator_property_map(self->m_dist.begin(),
                                                          boost::identity_property_map());
            boost::dummy_property_map pred;
            if (boost::relax_target(e, g, weight, pred, dist, std::plus<double>(), less))
            {
                const uint32_t v = boost::target(e, g);
                self->m_cost[v] = self->m_dist[v] + heuristic(v);
                relaxed(e);
                return true;
            }
            notRelaxed(e);
            return false;
        }

        /// A new vertex (breadth_first_visit queues it next).
        template <typename E, typename G>
        void tree_edge(const E& e, const G& g)
        {
            if (!self->m_stopped)
            {
                Relax(e, g);
            }
        }

        /// A queued vertex: decrease its key if shorter.
        template <typename E, typename G>
        void gray_target(const E& e, const G& g)
        {
            if (!self->m_stopped && Relax(e, g))
            {
                self->m_heap.update(boost::target(e, g));
            }
        }

        /// A settled vertex: queue it again if shorter (not with a consistent heuristic).
        template <typename E, typename G>
        void black_target(const E& e, const G& g)
        {
            if (!self->m_stopped && Relax(e, g))
            {
                const uint32_t v = boost::target(e, g);
                self->m_color[v] = boost::gray_color;
                self->m_heap.push(v);
            }
        }
    };

    std::vector<double> m_dist;                     //!< Distance from the source
    std::vector<double> m_cost;                     //!< Distance plus heuristic
    std::vector<boost::default_color_type> m_color; //!< White, gray (queued), black (settled)
    std::vector<std::size_t> m_indexInHeap;         //!< Position of each vertex in m_heap
    std::vector<uint32_t> m_heapData;               //!< The queue's vertices, in heap order
    Heap m_heap;                                    //!< The queue
    std::vector<uint32_t> m_touched;                //!< Vertices the last search wrote
    bool m_stopped{false};                          //!< The search was stopped
    uint32_t m_examined{NONE};                      //!< The vertex the search stopped at
};

/**
 * \brief A shortest-path tree by Dijkstra's algorithm (BestFirst with a zero heuristic) over
 * a Digraph whose edges cost cost(arc, dir), stopping once t is settled or the distances
 * reach budget. Ties: the queue settles the site of lowest (distance, index) first, and a way
 * into a site replaces the one found before only if shorter by more than 1e-12; out-edges are
 * tried in the graph's order.
 * \param [in] g The graph
 * \param [in] search The search (work arrays sized for g)
 * \param [in] s Source
 * \param [in] t Target (UINT32_MAX: none, the whole tree)
 * \param [in] budget Largest distance of interest
 * \param [in] cost cost(arc, dir) of an edge by its tag, >= 0 (infinite: not usable)
 * \param [out] dist Per vertex, its distance (infinite if not reached)
 * \param [out] via Per vertex, the arc of the edge it was reached by (UINT32_MAX: none)
 */
template <typename Cost>
void
ShortestTree(const Digraph& g,
             BestFirst& search,
             uint32_t s,
             uint32_t t,
             double budget,
             Cost cost,
             std::vector<double>& dist,
             std::vector<uint32_t>& via)
{
    const uint32_t n = boost::num_vertices(g);
    via.assign(n, std::numeric_limits<uint32_t>::max());
    auto weight = [&cost](const EdgeTag& tag) { return cost(tag.arc, tag.dir); };
    search.Run(
        g,
        s,
        [](uint32_t) { return 0.0; },
        TagWeightMap<decltype(weight)>{&g, weight},
        ToleranceLess{1e-12},
        [t, budget](uint32_t v, double d) { return v == t || d >= budget; },
        [&g, &via](const DigraphEdge& e) { via[boost::target(e, g)] = g[e].arc; },
        [](const DigraphEdge&) {});
    dist.resize(n);
    for (uint32_t v = 0; v < n; ++v)
    {
        dist[v] = search.Distance(v);
    }
}

/**
 * \brief Builds a Digraph from adjacency lists (edge i of vertex v: arc = its place in
 * v's list, dir 0).
 * \param [in] out Per vertex, the heads of its out-edges (each < out.size())
 * \return the graph
 */
inline Digraph
FromAdjacency(const std::vector<std::vector<uint32_t>>& out)
{
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    std::vector<EdgeTag> tags;
    for (uint32_t v = 0; v < out.size(); ++v)
    {
        for (uint32_t i = 0; i < out[v].size(); ++i)
        {
            ends.emplace_back(v, out[v][i]);
            tags.push_back(EdgeTag{i, 0, 0.0});
        }
    }
    return MakeDigraph(static_cast<uint32_t>(out.size()), ends, tags);
}

/**
 * \brief The vertices reachable from s (s included), by boost::breadth_first_visit.
 * \param [in] g The graph
 * \param [in] s The source
 * \return per vertex, whether it is reachable
 */
inline std::vector<bool>
Reachable(const Digraph& g, uint32_t s)
{
    const uint32_t n = boost::num_vertices(g);
    std::vector<boost::default_color_type> color(n, boost::white_color);
    boost::queue<uint32_t> queue;
    boost::breadth_first_visit(
        g,
        s,
        queue,
        boost::default_bfs_visitor(),
        boost::make_iterator_property_map(color.begin(), boost::identity_property_map()));
    std::vector<bool> reached(n);
    for (uint32_t v = 0; v < n; ++v)
    {
        reached[v] = color[v] != boost::white_color;
    }
    return reached;
}

} // namespace opticalgraph
} // namespace ns3

#endif /* OPTICAL_GRAPH_H */
