/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's least-cost searches (Engine): its set-up (weak components, the topological
// order of feed-forward targets) and the search for a net's next sink: one scan in topological
// order on feed-forward targets, else A* by opticalgraph::BestFirst over the state graph.

#include "../common/optical-graph.h"
#include "photonic-embedding-detail.h"

#include <algorithm>
#include <array>
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
 * An arc of the state graph as one A* search sees it: its tail and head states and what taking
 * it costs (Engine::Enter of the head's node; on an arc of the root, the start's cost).
 */
struct StateArc
{
    uint32_t from{0}; //!< Tail state (or the root)
    uint32_t to{0};   //!< Head state
    double cost{0};   //!< Cost of the arc

    /**
     * \param [in] o Another arc
     * \return true if the same
     */
    bool operator==(const StateArc& o) const
    {
        return from == o.from && to == o.to && cost == o.cost;
    }

    /**
     * \param [in] o Another arc
     * \return true if not the same
     */
    bool operator!=(const StateArc& o) const
    {
        return !(*this == o);
    }
};

class StateArcIterator;

/**
 * The state graph of one A* search as a Boost.Graph incidence graph (nothing is stored: the
 * arcs come from Graph::ForArcs, priced by Engine::Enter): vertices 2 node + phase, and a root,
 * 2 nNodes, whose out-arcs lead to the search's starts (in their order) at their costs. A
 * state's arcs are those the search may take: none into a node of the net's own tree, an I/O
 * port that is not a target, or a node the pricing blocks. The search runs over it filtered by
 * OpenArc (no arc into a settled state).
 */
struct StateGraph
{
    using vertex_descriptor = uint32_t;                            //!< A state (or the root)
    using edge_descriptor = StateArc;                              //!< An arc
    using out_edge_iterator = StateArcIterator;                    //!< Over a state's arcs
    using directed_category = boost::directed_tag;                 //!< Directed
    using edge_parallel_category = boost::allow_parallel_edge_tag; //!< Starts may repeat
    using traversal_category = boost::incidence_graph_tag;         //!< Out-arcs only
    using degree_size_type = std::size_t;                          //!< Degrees
    using vertices_size_type = std::size_t;                        //!< State counts
    using edges_size_type = std::size_t;                           //!< Arc counts

    /// \return no state
    static uint32_t null_vertex()
    {
        return NONE;
    }

    const Engine* en{nullptr};                 //!< The engine (graph, occupancy)
    const std::vector<Start>* starts{nullptr}; //!< The search's starts
    const Cost* cost{nullptr};                 //!< The search's pricing
    bool reverse{false};                       //!< Against the light
    uint32_t root{0};                          //!< The root: 2 nNodes
};

/// The out-arcs of a state (at most two, held here) or of the root (the starts).
class StateArcIterator
    : public boost::
          iterator_facade<StateArcIterator, StateArc, boost::forward_traversal_tag, StateArc>
{
  public:
    StateArcIterator() = default; //!< A singular iterator

    /**
     * \param [in] graph The graph
     * \param [in] from The state (or the root)
     * \param [in] arcs A state's arcs (unused for the root)
     * \param [in] k The place of the arc it is at
     */
    StateArcIterator(const StateGraph* graph,
                     uint32_t from,
                     const std::array<StateArc, 2>& arcs,
                     uint32_t k)
        : m_graph(graph),
          m_from(from),
          m_arcs(arcs),
          m_k(k)
    {
    }

  private:
    friend class boost::iterator_core_access;

    /// \return the arc it is at
    StateArc dereference() const
    {
        if (m_from == m_graph->root)
        {
            const Start& s = (*m_graph->starts)[m_k];
            return StateArc{m_from, s.state, s.g};
        }
        return m_arcs.at(m_k); // (checked: a state has at most two arcs)
    }

    /**
     * \param [in] o Another iterator over the same arcs
     * \return true if at the same arc
     */
    bool equal(const StateArcIterator& o) const
    {
        return m_k == o.m_k;
    }

    /// Moves to the next arc.
    void increment()
    {
        ++m_k;
    }

    const StateGraph* m_graph{nullptr}; //!< The graph
    uint32_t m_from{0};                 //!< The state
    std::array<StateArc, 2> m_arcs{};   //!< A state's arcs
    uint32_t m_k{0};                    //!< The place of the arc it is at
};

/**
 * \param [in] u A state (or the root)
 * \param [in] g The graph
 * \return its out-arcs the search may take, in Graph::ForArcs order (the root's: the starts,
 * in order)
 */
std::pair<StateArcIterator, StateArcIterator>
out_edges(uint32_t u, const StateGraph& g)
{
    std::array<StateArc, 2> arcs{};
    uint32_t n = 0;
    if (u == g.root)
    {
        n = static_cast<uint32_t>(g.starts->size());
    }
    else
    {
        const Engine& en = *g.en;
        en.G().ForArcs(u >> 1, u & 1, g.reverse, [&](uint32_t m, uint32_t ph, double loss) {
            if (en.m_own[m] == en.m_ogen || (en.G().IsIo(m) && en.m_target[m] != en.m_tgen))
            {
                return;
            }
            const double cost = en.Enter(m, loss, *g.cost);
            if (std::isfinite(cost))
            {
                arcs[n++] = StateArc{u, 2 * m + ph, cost};
            }
        });
    }
    return {StateArcIterator(&g, u, arcs, 0), StateArcIterator(&g, u, arcs, n)};
}

/**
 * \param [in] e An arc
 * \return its tail
 */
uint32_t
source(const StateArc& e, const StateGraph&)
{
    return e.from;
}

/**
 * \param [in] e An arc
 * \return its head
 */
uint32_t
target(const StateArc& e, const StateGraph&)
{
    return e.to;
}

/**
 * The arcs an A* search may take (the filtered view's edge predicate): none into a state it has
 * settled (a settled state is never reopened, whatever the heuristic's weight).
 */
struct OpenArc
{
    const opticalgraph::BestFirst* search{nullptr}; //!< The search under way

    /**
     * \param [in] e An arc
     * \return true if the search may take it
     */
    bool operator()(const StateArc& e) const
    {
        return !search->Closed(e.to);
    }
};

/// The weights of the arcs: their costs.
struct ArcCostMap
{
    using key_type = StateArc;                         //!< Arc
    using value_type = double;                         //!< Cost
    using reference = double;                          //!< By value
    using category = boost::readable_property_map_tag; //!< Read only
};

/**
 * \param [in] e An arc
 * \return its cost
 */
double
get(const ArcCostMap&, const StateArc& e)
{
    return e.cost;
}

} // namespace

Engine::Engine(const PhotonicTarget& t,
               const std::vector<PhotonicNet>& nets,
               const PhotonicRouter::Options& o)
    : m_t(t),
      m_g(t),
      m_nets(nets),
      m_opt(o)
{
    m_weight = t.GetElements().size() >= o.largeTargetElements ? o.astarWeightLarge : o.astarWeight;
    m_own.assign(m_g.nNodes, 0);
    m_target.assign(m_g.nNodes, 0);
    m_occ.assign(m_g.nNodes, 0);
    m_hist.assign(m_g.nNodes, 0);
    m_declared.assign(m_g.nNodes, 0);
    for (const PhotonicNet& n : nets)
    {
        m_declared[m_g.firstIo + n.source] = 1;
        for (uint32_t s : n.sinks)
        {
            m_declared[m_g.firstIo + s] = 1;
        }
    }
    m_trees.resize(nets.size());
    if (m_g.directed && o.dagSearch)
    {
        BuildTopologicalOrder();
    }
    BuildComponents();
    m_why.resize(nets.size());
}

Engine::~Engine() = default;

void
Engine::BuildComponents()
{
    const uint32_t S = 2 * m_g.nNodes;
    m_comp.resize(S);
    for (uint32_t s = 0; s < S; ++s)
    {
        m_comp[s] = s;
    }
    auto find = [&](uint32_t x) {
        while (m_comp[x] != x)
        {
            m_comp[x] = m_comp[m_comp[x]];
            x = m_comp[x];
        }
        return x;
    };
    for (uint32_t s = 0; s < S; ++s)
    {
        m_g.ForArcs(s >> 1, s & 1, false, [&](uint32_t m, uint32_t ph, double) {
            const uint32_t a = find(s);
            const uint32_t b = find(2 * m + ph);
            if (a != b)
            {
                m_comp[std::max(a, b)] = std::min(a, b);
            }
        });
    }
    for (uint32_t s = 0; s < S; ++s)
    {
        m_comp[s] = find(s);
    }
}

void
Engine::BuildTopologicalOrder()
{
    const uint32_t N = m_g.nNodes;
    std::vector<uint32_t> indeg(N, 0);
    for (uint32_t v = 0; v < N; ++v)
    {
        m_g.ForArcs(v, Phase(v, false), false, [&](uint32_t m, uint32_t, double) { ++indeg[m]; });
    }
    m_order.clear();
    m_order.reserve(N);
    for (uint32_t v = 0; v < N; ++v)
    {
        if (indeg[v] == 0)
        {
            m_order.push_back(v);
        }
    }
    for (std::size_t q = 0; q < m_order.size(); ++q)
    {
        m_g.ForArcs(m_order[q], Phase(m_order[q], false), false, [&](uint32_t m, uint32_t, double) {
            if (--indeg[m] == 0)
            {
                m_order.push_back(m);
            }
        });
    }
    m_dagOk = m_order.size() == N;
    if (!m_dagOk)
    {
        NS_LOG_WARN("feed-forward target with a cycle: searching by A* instead");
        return;
    }
    m_pos.assign(N, 0);
    for (uint32_t k = 0; k < N; ++k)
    {
        m_pos[m_order[k]] = k;
    }
    m_dDist.assign(N, 0);
    m_dSeen.assign(N, 0);
    m_dPrev.assign(N, NONE);
}

uint32_t
Engine::Phase(uint32_t v, bool reverse) const
{
    uint32_t ph;
    if (m_g.IsIo(v))
    {
        ph = m_g.wgUp[v] ? 0 : 1;
    }
    else
    {
        ph = ((v >> 1) & 1) == 0 ? 1 : 0;
    }
    return reverse ? 1 - ph : ph;
}

uint32_t
Engine::SearchDag(const std::vector<Start>& starts,
                  bool reverse,
                  const Cost& c,
                  std::vector<uint32_t>& path)
{
    ++m_dgen;
    if (m_dgen == 0)
    {
        std::fill(m_dSeen.begin(), m_dSeen.end(), 0);
        m_dgen = 1;
    }
    const uint32_t N = m_g.nNodes;
    // Scan index k visits m_order[k] (forward) or m_order[N - 1 - k] (reversed).
    auto at = [&](uint32_t k) { return reverse ? m_order[N - 1 - k] : m_order[k]; };
    auto idx = [&](uint32_t v) { return reverse ? N - 1 - m_pos[v] : m_pos[v]; };
    uint32_t lo = NONE;
    for (const Start& s : starts)
    {
        const uint32_t v = s.state >> 1;
        const uint32_t k = idx(v);
        if (m_dSeen[k] != m_dgen || s.g < m_dDist[k])
        {
            m_dSeen[k] = m_dgen;
            m_dDist[k] = s.g;
            m_dPrev[k] = NONE;
        }
        lo = std::min(lo, k);
    }
    uint32_t found = NONE;
    for (uint32_t k = lo; k < N; ++k)
    {
        if (m_dSeen[k] != m_dgen)
        {
            continue;
        }
        const uint32_t v = at(k);
        ++m_expanded;
        if (m_g.IsIo(v) && Phase(v, reverse) == 1)
        {
            if (m_target[v] == m_tgen)
            {
                found = k;
                break;
            }
            continue;
        }
        const double gs = m_dDist[k];
        m_g.ForArcs(v, Phase(v, reverse), reverse, [&](uint32_t m, uint32_t, double loss) {
            if (m_own[m] == m_ogen || (m_g.IsIo(m) && m_target[m] != m_tgen))
            {
                return;
            }
            const double cost = Enter(m, loss, c);
            if (!std::isfinite(cost))
            {
                return;
            }
            const uint32_t t = idx(m);
            const double g2 = gs + cost;
            if (m_dSeen[t] != m_dgen || g2 < m_dDist[t])
            {
                m_dSeen[t] = m_dgen;
                m_dDist[t] = g2;
                m_dPrev[t] = k;
            }
        });
    }
    path.clear();
    if (found == NONE)
    {
        return NONE;
    }
    for (uint32_t k = found; k != NONE; k = m_dPrev[k])
    {
        const uint32_t v = at(k);
        path.push_back(2 * v + Phase(v, reverse));
    }
    std::reverse(path.begin(), path.end());
    for (uint32_t k = 0; k < starts.size(); ++k)
    {
        if (starts[k].state == path.front())
        {
            return k;
        }
    }
    return NONE;
}

uint32_t
Engine::Search(const std::vector<Start>& starts,
               bool reverse,
               double tx,
               double ty,
               const Cost& c,
               std::vector<uint32_t>& path)
{
    const uint32_t root = 2 * m_g.nNodes;
    if (!m_search)
    {
        m_search = std::make_unique<opticalgraph::BestFirst>(root + 1);
        m_prev.assign(root + 1, NONE);
    }
    const bool useH = std::isfinite(tx) && m_g.maxStep > 0;
    auto h = [&](uint32_t s) -> double {
        if (!useH || s == root)
        {
            return 0.0;
        }
        const uint32_t v = s >> 1;
        const double dx = m_g.px[v] - tx;
        const double dy = m_g.py[v] - ty;
        const double k = std::ceil(std::sqrt(dx * dx + dy * dy) * m_g.invStep - 1e-9);
        if (k <= 0)
        {
            return 0.0;
        }
        return m_weight *
               ((s & 1) ? (m_g.minElem + m_g.minWg) * k : m_g.minElem * (k - 1) + m_g.minWg * k);
    };
    // From the root, whose arcs reach the starts at their costs; ties settle the state of lowest
    // (cost + heuristic, state index) first, and a way into a state replaces another only if
    // cheaper.
    const StateGraph graph{this, &starts, &c, reverse, root};
    const boost::filtered_graph<StateGraph, OpenArc> view(graph, OpenArc{m_search.get()});
    uint32_t found = NONE;
    m_search->Run(
        view,
        root,
        h,
        ArcCostMap(),
        opticalgraph::StrictLess(),
        [&](uint32_t s, double) {
            if (s == root)
            {
                return false;
            }
            ++m_expanded;
            if ((s & 1) && m_g.IsIo(s >> 1) && m_target[s >> 1] == m_tgen)
            {
                found = s;
                return true;
            }
            return false;
        },
        [&](const StateArc& e) { m_prev[e.to] = e.from == root ? NONE : e.from; },
        [](const StateArc&) {});
    path.clear();
    if (found == NONE)
    {
        return NONE;
    }
    for (uint32_t s = found; s != NONE; s = m_prev[s])
    {
        path.push_back(s);
    }
    std::reverse(path.begin(), path.end());
    for (uint32_t k = 0; k < starts.size(); ++k)
    {
        if (starts[k].state == path.front())
        {
            return k;
        }
    }
    return NONE;
}

} // namespace photonicembeddetail
} // namespace ns3
