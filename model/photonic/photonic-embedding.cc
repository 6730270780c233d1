/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Embedding of nets on a photonic target (PhotonicRouter).
//
// The model of routing. A route alternates fixed waveguides and element passes. Light that
// enters element port (e, end, i) from its waveguide leaves by (e, 1 - end, i) (bar) or
// (e, 1 - end, 1 - i) (cross); feed-forward (directed) elements carry it from end 0 to end 1
// only, waveguides of directed targets from their node a to their node b; the cells of a
// recirculating mesh carry it either way. Every graph node (port) holds at most one net;
// this alone makes two nets through one element a consistent bar or cross (two passes
// through distinct inputs to distinct outputs are both bar or both cross). The search runs
// over states (node, next move): phase 0 = the next move is along the node's waveguide
// (the node was entered by an element pass, or is a source I/O port), phase 1 = the next
// move is an element pass (the node was entered by its waveguide; an I/O port in phase 1
// is where a route ends).
//
// Loss of a route to a sink: every element pass (element loss) and every waveguide
// (crossings x crossing loss + its own loss). A fan-out branches at an MZI element set to
// SPLIT (its input to both outputs); each sink adds, per split on its way, 10 log10(1/share)
// for the share of power its branch receives plus the target's splitter excess loss. A
// fan-in is the same tree with the light reversed, with 10 log10(2) dB plus the excess loss
// per 2:1 merge. The fourth port of a split (merge) element, the idle input (output), is
// held by its net (light entering it would mix into both outputs), with the used port of
// the same end as its parent in the route's tree.

#include "photonic-embedding.h"

#include "ns3/linear-program.h"
#include "ns3/log.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicEmbedding");

namespace
{

constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();
constexpr double INF = std::numeric_limits<double>::infinity();

/// Tolerance of loss comparisons (dB) and of state comparisons.
constexpr double LOSS_TOLERANCE = 1e-12;

/// The target's graph in flat arrays, for the searches.
struct Graph
{
    uint32_t nNodes{0};            //!< Graph nodes
    uint32_t nElements{0};         //!< Elements
    uint32_t firstIo{0};           //!< Node id of I/O port 0
    bool directed{true};           //!< Feed-forward
    std::vector<uint32_t> wgOther; //!< Per node: the other node of its waveguide, or NONE
    std::vector<double> wgLoss;    //!< Per node: loss of its waveguide
    std::vector<uint8_t> wgUp;     //!< Per node: 1 if it is the waveguide's upstream node (a)
    std::vector<double> elemLoss;  //!< Per element: loss of a pass
    std::vector<uint8_t> mzi;      //!< Per element: 1 for an MZI (can split)
    std::vector<double> px;        //!< Per node: layout x
    std::vector<double> py;        //!< Per node: layout y
    double minElem{0};             //!< Least element loss
    double minWg{0};               //!< Least waveguide loss
    double maxStep{0};             //!< Longest layout distance a waveguide spans
    double excess{0};              //!< Splitter excess loss
    double invStep{0};             //!< 1 / maxStep (0 if maxStep is 0)

    explicit Graph(const PhotonicTarget& t)
    {
        const auto& els = t.GetElements();
        const auto& io = t.GetIoPorts();
        nElements = static_cast<uint32_t>(els.size());
        nNodes = t.GetNNodes();
        firstIo = 4 * nElements;
        directed = t.IsDirected();
        excess = t.GetSplitterExcessLossDb();
        wgOther.assign(nNodes, NONE);
        wgLoss.assign(nNodes, 0);
        wgUp.assign(nNodes, 0);
        elemLoss.resize(nElements);
        mzi.resize(nElements);
        px.resize(nNodes);
        py.resize(nNodes);
        minElem = INF;
        for (uint32_t e = 0; e < nElements; ++e)
        {
            elemLoss[e] = els[e].lossDb;
            mzi[e] = els[e].kind == PhotonicElementKind::MZI;
            minElem = std::min(minElem, els[e].lossDb);
            for (uint32_t k = 0; k < 4; ++k)
            {
                px[4 * e + k] = els[e].x;
                py[4 * e + k] = els[e].y;
            }
        }
        for (std::size_t k = 0; k < io.size(); ++k)
        {
            px[firstIo + k] = io[k].x;
            py[firstIo + k] = io[k].y;
        }
        minWg = INF;
        const auto& wgs = t.GetWaveguides();
        for (uint32_t w = 0; w < wgs.size(); ++w)
        {
            const double loss = t.WaveguideLossDb(w);
            wgOther[wgs[w].a] = wgs[w].b;
            wgOther[wgs[w].b] = wgs[w].a;
            wgLoss[wgs[w].a] = loss;
            wgLoss[wgs[w].b] = loss;
            wgUp[wgs[w].a] = 1;
            minWg = std::min(minWg, loss);
            maxStep =
                std::max(maxStep,
                         std::hypot(px[wgs[w].a] - px[wgs[w].b], py[wgs[w].a] - py[wgs[w].b]));
        }
        if (!std::isfinite(minElem))
        {
            minElem = 0;
        }
        invStep = maxStep > 0 ? 1 / maxStep : 0;
        if (!std::isfinite(minWg))
        {
            minWg = 0;
        }
    }

    bool IsIo(uint32_t n) const
    {
        return n >= firstIo;
    }

    /**
     * Calls f(next node, next phase, loss) for every arc out of state (n, ph).
     * \param reverse Search against the light (fan-in trees)
     */
    template <typename F>
    void ForArcs(uint32_t n, uint32_t ph, bool reverse, F&& f) const
    {
        if (ph == 0)
        {
            const uint32_t m = wgOther[n];
            if (m == NONE)
            {
                return;
            }
            if (directed && (wgUp[n] != 0) == reverse)
            {
                return;
            }
            f(m, 1u, wgLoss[n]);
        }
        else
        {
            if (IsIo(n))
            {
                return;
            }
            const uint32_t e = n >> 2;
            const uint32_t end = (n >> 1) & 1;
            if (directed && end != (reverse ? 1u : 0u))
            {
                return;
            }
            const uint32_t base = 4 * e + 2 * (1 - end);
            f(base + (n & 1), 0u, elemLoss[e]);
            f(base + (1 - (n & 1)), 0u, elemLoss[e]);
        }
    }

    /// \return loss between adjacent nodes a and b (0 for a same-end pair; INF if not adjacent)
    double ArcLoss(uint32_t a, uint32_t b) const
    {
        if (!IsIo(a) && !IsIo(b) && (a >> 2) == (b >> 2))
        {
            return ((a >> 1) & 1) != ((b >> 1) & 1) ? elemLoss[a >> 2] : 0.0;
        }
        return wgOther[a] == b ? wgLoss[a] : INF;
    }

    /// \return true if a and b are the two ends of one element pass
    bool IsPass(uint32_t a, uint32_t b) const
    {
        return !IsIo(a) && !IsIo(b) && (a >> 2) == (b >> 2) && ((a >> 1) & 1) != ((b >> 1) & 1);
    }
};

/// A net's tree of nodes (the route before it becomes a PhotonicRoute).
struct Tree
{
    std::vector<uint32_t> nodes;  //!< Graph nodes, source first
    std::vector<uint32_t> parent; //!< Per node: index of its parent (root: itself)
    std::vector<uint32_t> sinkAt; //!< Per sink: index in nodes
    std::vector<double> g;        //!< Per node: loss from the source (no split losses)
    bool routed{false};           //!< Holds a route

    void Clear()
    {
        nodes.clear();
        parent.clear();
        sinkAt.clear();
        g.clear();
        routed = false;
    }
};

/// How a search prices a node it enters.
struct Cost
{
    bool hard{false};                         //!< A node other nets hold is blocked
    double base{0};                           //!< Per node base cost
    double pres{0};                           //!< Present-congestion factor
    const std::vector<double>* hist{nullptr}; //!< Historical costs (soft)
    double crit{0}; //!< Criticality of the net: weight of pure loss against congestion
};

/// A start of a search: a state and its cost, from a tree node (branch point) or the root.
struct Start
{
    uint32_t state; //!< 2 node + phase
    double g;       //!< Cost so far
    double loss;    //!< Loss so far (tree loss up to the start, element pass included)
    uint32_t from;  //!< Index of the tree node it hangs from (NONE: the root)
    uint32_t dark;  //!< Dark port held (split/merge), or NONE
};

/// The router's working state: graph, occupancy, costs, search buffers.
class Engine
{
  public:
    Engine(const PhotonicTarget& t,
           const std::vector<PhotonicNet>& nets,
           const PhotonicRouter::Options& o)
        : m_t(t),
          m_g(t),
          m_nets(nets),
          m_opt(o)
    {
        m_weight =
            t.GetElements().size() >= o.largeTargetElements ? o.astarWeightLarge : o.astarWeight;
        const uint32_t nStates = 2 * m_g.nNodes;
        m_dist.assign(nStates, 0);
        m_prev.assign(nStates, NONE);
        m_seen.assign(nStates, 0);
        m_closed.assign(nStates, 0);
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

    const Graph& G() const
    {
        return m_g;
    }

    /// \return the normalised power share of sink k of net n
    double Fraction(uint32_t n, uint32_t k) const
    {
        const PhotonicNet& net = m_nets[n];
        if (net.fractions.empty())
        {
            return 1.0 / net.sinks.size();
        }
        double sum = 0;
        for (double f : net.fractions)
        {
            sum += f;
        }
        return net.fractions[k] / sum;
    }

    /// Adds (sign +1) or removes (-1) a tree's nodes to the occupancy.
    void Occupy(uint32_t n, int sign)
    {
        for (uint32_t v : m_trees[n].nodes)
        {
            m_occ[v] += sign;
        }
    }

    double Enter(uint32_t m, double loss, const Cost& c) const
    {
        const uint32_t o = m_occ[m];
        if (c.hard)
        {
            return o ? INF : loss;
        }
        const double congested = (loss + c.base + (*c.hist)[m]) * (1 + c.pres * o);
        return c.crit > 0 ? c.crit * loss + (1 - c.crit) * congested : congested;
    }

    /// Recomputes the occupancy from the trees.
    void Reoccupy()
    {
        std::fill(m_occ.begin(), m_occ.end(), 0);
        for (uint32_t n = 0; n < m_trees.size(); ++n)
        {
            if (m_trees[n].routed)
            {
                Occupy(n, +1);
            }
        }
    }

    /**
     * Weak components of the state graph (union-find over its arcs), so that a sink in
     * another component than its source is known unreachable without a search (on
     * recirculating meshes the direction of travel splits the ports into such classes).
     */
    void BuildComponents()
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

    /**
     * Feed-forward targets: nodes in a topological order of the light's arcs (Kahn), so that
     * least-cost paths come from one scan in that order, without a heap.
     */
    void BuildTopologicalOrder()
    {
        const uint32_t N = m_g.nNodes;
        std::vector<uint32_t> indeg(N, 0);
        for (uint32_t v = 0; v < N; ++v)
        {
            m_g.ForArcs(v, Phase(v, false), false, [&](uint32_t m, uint32_t, double) {
                ++indeg[m];
            });
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
            m_g.ForArcs(m_order[q],
                        Phase(m_order[q], false),
                        false,
                        [&](uint32_t m, uint32_t, double) {
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

    /// \return the phase a node of a feed-forward target is always in (light forward or reversed)
    uint32_t Phase(uint32_t v, bool reverse) const
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

    /**
     * Least-cost search on a feed-forward target: one scan of the topological order (reversed
     * for a fan-in), from the earliest start to the target. Same contract as Search().
     */
    uint32_t SearchDag(const std::vector<Start>& starts,
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

    /**
     * A* from the starts to a target node (m_target stamped with m_tgen), avoiding the
     * nodes stamped in m_own.
     * \param reverse Against the light
     * \param tx Target x (heuristic; NaN: none)
     * \param ty Target y
     * \param[out] path States from a start to the target
     * \return the index of the start used, or NONE if no target is reachable
     */
    uint32_t Search(const std::vector<Start>& starts,
                    bool reverse,
                    double tx,
                    double ty,
                    const Cost& c,
                    std::vector<uint32_t>& path)
    {
        ++m_gen;
        if (m_gen == 0)
        {
            std::fill(m_seen.begin(), m_seen.end(), 0);
            std::fill(m_closed.begin(), m_closed.end(), 0);
            m_gen = 1;
        }
        const bool useH = std::isfinite(tx) && m_g.maxStep > 0;
        auto h = [&](uint32_t s) -> double {
            if (!useH)
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
            return m_weight * ((s & 1) ? (m_g.minElem + m_g.minWg) * k
                                       : m_g.minElem * (k - 1) + m_g.minWg * k);
        };
        m_heap.clear();
        // Ties of f go to the deeper state (larger g): on meshes of equal paths the search
        // then runs down one of them instead of widening over all.
        auto cmp = [](const HeapEntry& a, const HeapEntry& b) {
            return a.f > b.f || (a.f == b.f && a.g < b.g);
        };
        for (const Start& s : starts)
        {
            if (m_seen[s.state] != m_gen || s.g < m_dist[s.state])
            {
                m_seen[s.state] = m_gen;
                m_dist[s.state] = s.g;
                m_prev[s.state] = NONE;
                m_heap.push_back({s.g + h(s.state), s.g, s.state});
                std::push_heap(m_heap.begin(), m_heap.end(), cmp);
            }
        }
        uint32_t found = NONE;
        while (!m_heap.empty())
        {
            std::pop_heap(m_heap.begin(), m_heap.end(), cmp);
            const uint32_t s = m_heap.back().s;
            m_heap.pop_back();
            if (m_closed[s] == m_gen)
            {
                continue;
            }
            m_closed[s] = m_gen;
            ++m_expanded;
            const uint32_t v = s >> 1;
            const uint32_t ph = s & 1;
            if (ph == 1 && m_g.IsIo(v))
            {
                if (m_target[v] == m_tgen)
                {
                    found = s;
                    break;
                }
                continue;
            }
            const double gs = m_dist[s];
            m_g.ForArcs(v, ph, reverse, [&](uint32_t m, uint32_t ph2, double loss) {
                const uint32_t t = 2 * m + ph2;
                if (m_closed[t] == m_gen || m_own[m] == m_ogen)
                {
                    return;
                }
                if (m_g.IsIo(m) && m_target[m] != m_tgen)
                {
                    return;
                }
                const double cost = Enter(m, loss, c);
                if (!std::isfinite(cost))
                {
                    return;
                }
                const double g2 = gs + cost;
                if (m_seen[t] != m_gen || g2 < m_dist[t])
                {
                    m_seen[t] = m_gen;
                    m_dist[t] = g2;
                    m_prev[t] = s;
                    m_heap.push_back({g2 + h(t), g2, t});
                    std::push_heap(m_heap.begin(), m_heap.end(), cmp);
                }
            });
        }
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

    /**
     * Routes net n into m_trees[n] (which must be empty, its nodes not in the occupancy).
     * \return "" or why it failed
     */
    std::string RouteNet(uint32_t n, const Cost& c)
    {
        const PhotonicNet& net = m_nets[n];
        Tree& tr = m_trees[n];
        tr.Clear();
        const bool reverse = net.fanIn;
        const uint32_t src = m_g.firstIo + net.source;
        ++m_ogen;
        if (m_ogen == 0)
        {
            std::fill(m_own.begin(), m_own.end(), 0);
            m_ogen = 1;
        }
        tr.nodes.push_back(src);
        tr.parent.push_back(0);
        tr.g.push_back(0);
        m_own[src] = m_ogen;
        std::vector<Start> starts;
        std::vector<uint32_t> path;
        const uint32_t nTargets = net.anySink ? 1 : static_cast<uint32_t>(net.sinks.size());
        for (uint32_t k = 0; k < nTargets; ++k)
        {
            ++m_tgen;
            if (m_tgen == 0)
            {
                std::fill(m_target.begin(), m_target.end(), 0);
                m_tgen = 1;
            }
            double tx = std::numeric_limits<double>::quiet_NaN();
            double ty = tx;
            if (net.anySink)
            {
                const auto& io = m_t.GetIoPorts();
                for (uint32_t p = 0; p < io.size(); ++p)
                {
                    const uint32_t v = m_g.firstIo + p;
                    if (io[p].canOutput && !m_declared[v] && (!c.hard || m_occ[v] == 0))
                    {
                        m_target[v] = m_tgen;
                    }
                }
            }
            else
            {
                const uint32_t v = m_g.firstIo + net.sinks[k];
                m_target[v] = m_tgen;
                tx = m_g.px[v];
                ty = m_g.py[v];
            }
            starts.clear();
            // (A reversed search's state (v, ph) is the forward state (v, 1 - ph).)
            if (k == 0 && !net.anySink &&
                m_comp[2 * src + (reverse ? 1 : 0)] !=
                    m_comp[2 * (m_g.firstIo + net.sinks[0]) + (reverse ? 0 : 1)])
            {
                tr.Clear();
                return NoPathReason(n, k, c);
            }
            if (k == 0)
            {
                starts.push_back({2 * src, 0.0, 0.0, NONE, NONE});
            }
            else
            {
                BranchStarts(tr, c, starts);
            }
            const uint32_t used = starts.empty() ? NONE
                                  : m_dagOk      ? SearchDag(starts, reverse, c, path)
                                                 : Search(starts, reverse, tx, ty, c, path);
            if (used == NONE)
            {
                tr.Clear();
                return NoPathReason(n, k, c);
            }
            const Start& st = starts[used];
            uint32_t parentIdx = 0;
            double loss = st.loss;
            if (st.from != NONE)
            {
                parentIdx = st.from;
                if (st.dark != NONE)
                {
                    tr.nodes.push_back(st.dark);
                    tr.parent.push_back(st.from);
                    tr.g.push_back(tr.g[st.from]);
                    m_own[st.dark] = m_ogen;
                }
            }
            for (std::size_t i = 0; i < path.size(); ++i)
            {
                const uint32_t v = path[i] >> 1;
                if (i == 0 && st.from == NONE)
                {
                    continue; // the source itself
                }
                if (i > 0)
                {
                    loss += m_g.ArcLoss(path[i - 1] >> 1, v);
                }
                tr.nodes.push_back(v);
                tr.parent.push_back(parentIdx);
                tr.g.push_back(loss);
                m_own[v] = m_ogen;
                parentIdx = static_cast<uint32_t>(tr.nodes.size() - 1);
            }
            tr.sinkAt.push_back(parentIdx);
        }
        tr.routed = true;
        return "";
    }

    /// Branch points of a tree: an MZI it passes once, whose other output and other input
    /// are free.
    void BranchStarts(const Tree& tr, const Cost& c, std::vector<Start>& starts) const
    {
        const std::size_t n = tr.nodes.size();
        std::vector<uint32_t> kids(n, 0);
        std::vector<uint32_t> kid(n, NONE);
        for (std::size_t i = 1; i < n; ++i)
        {
            const uint32_t p = tr.parent[i];
            if (m_g.IsPass(tr.nodes[p], tr.nodes[i]))
            {
                ++kids[p];
                kid[p] = static_cast<uint32_t>(i);
            }
        }
        for (std::size_t i = 1; i < n; ++i)
        {
            if (kids[i] != 1)
            {
                continue;
            }
            const uint32_t p = tr.nodes[i];
            const uint32_t e = p >> 2;
            if (!m_g.mzi[e])
            {
                continue;
            }
            const uint32_t out = tr.nodes[kid[i]];
            const uint32_t o = out ^ 1;
            const uint32_t d = p ^ 1;
            if (m_own[o] == m_ogen || m_own[d] == m_ogen)
            {
                continue;
            }
            const double co = Enter(o, m_g.elemLoss[e] + m_g.excess, c);
            const double cd = Enter(d, 0, c);
            if (!std::isfinite(co) || !std::isfinite(cd))
            {
                continue;
            }
            starts.push_back(
                {2 * o, tr.g[i] + co + cd, tr.g[i] + m_g.elemLoss[e], static_cast<uint32_t>(i), d});
        }
    }

    /// \return why sink k of net n has no path
    std::string NoPathReason(uint32_t n, uint32_t k, const Cost& c) const
    {
        const PhotonicNet& net = m_nets[n];
        std::ostringstream os;
        os << net.name << ": no path: ";
        const char* kind = m_g.directed ? "a feed-forward" : "a recirculating";
        if (net.anySink)
        {
            os << "no free I/O port that can output is reachable from I/O port " << net.source;
        }
        else if (k > 0)
        {
            os << "no branch of the tree reaches I/O port " << net.sinks[k]
               << " (a branch needs an MZI element passed once with its other ports free)";
        }
        else
        {
            os << "I/O port " << net.sinks[k] << " is not reachable from I/O port " << net.source;
        }
        os << " on " << kind << " target";
        if (c.hard)
        {
            os << " over the nodes other nets leave free";
        }
        return os.str();
    }

    /// \return per sink loss of net n's tree (split and merge losses included)
    std::vector<double> SinkLoss(uint32_t n) const
    {
        const Tree& tr = m_trees[n];
        const PhotonicNet& net = m_nets[n];
        std::vector<double> out;
        if (!tr.routed)
        {
            return out;
        }
        const std::size_t sz = tr.nodes.size();
        std::vector<double> frac(sz, 0);
        std::vector<uint32_t> kids(sz, 0);
        for (std::size_t i = 1; i < sz; ++i)
        {
            if (m_g.IsPass(tr.nodes[tr.parent[i]], tr.nodes[i]))
            {
                ++kids[tr.parent[i]];
            }
        }
        for (std::size_t k = 0; k < tr.sinkAt.size(); ++k)
        {
            const double f = net.anySink ? 1.0 : Fraction(n, static_cast<uint32_t>(k));
            for (uint32_t i = tr.sinkAt[k];; i = tr.parent[i])
            {
                frac[i] += f;
                if (i == 0)
                {
                    break;
                }
            }
        }
        for (std::size_t k = 0; k < tr.sinkAt.size(); ++k)
        {
            double loss = 0;
            for (uint32_t i = tr.sinkAt[k]; i != 0; i = tr.parent[i])
            {
                const uint32_t p = tr.parent[i];
                loss += m_g.ArcLoss(tr.nodes[p], tr.nodes[i]);
                if (kids[p] == 2 && m_g.IsPass(tr.nodes[p], tr.nodes[i]))
                {
                    const double share = net.fanIn ? 0.5 : frac[i] / frac[p];
                    loss += 10 * std::log10(1 / share) + m_g.excess;
                }
            }
            out.push_back(loss);
        }
        return out;
    }

    /// \return the largest and the total sink loss over routed non-terminator nets
    std::pair<double, double> Objective() const
    {
        double mx = 0;
        double total = 0;
        for (uint32_t n = 0; n < m_nets.size(); ++n)
        {
            if (m_nets[n].anySink)
            {
                continue;
            }
            for (double l : SinkLoss(n))
            {
                mx = std::max(mx, l);
                total += l;
            }
        }
        return {mx, total};
    }

    /// \return the largest sink loss of net n
    double NetMax(uint32_t n) const
    {
        double mx = 0;
        for (double l : SinkLoss(n))
        {
            mx = std::max(mx, l);
        }
        return mx;
    }

    /// \return number of overused nodes
    uint32_t Overused() const
    {
        uint32_t k = 0;
        for (uint32_t v = 0; v < m_g.nNodes; ++v)
        {
            k += m_occ[v] > 1;
        }
        return k;
    }

    /// \return true if net n's tree holds an overused node
    bool TouchesOverused(uint32_t n) const
    {
        for (uint32_t v : m_trees[n].nodes)
        {
            if (m_occ[v] > 1)
            {
                return true;
            }
        }
        return false;
    }

    /// Loads a previous route as net n's tree (checked: nodes in range, parents consistent).
    bool LoadTree(uint32_t n, const PhotonicRoute& r)
    {
        Tree& tr = m_trees[n];
        tr.Clear();
        const PhotonicNet& net = m_nets[n];
        if (r.nodes.empty() || r.parent.size() != r.nodes.size() ||
            r.nodes[0] != m_g.firstIo + net.source)
        {
            return false;
        }
        for (std::size_t i = 0; i < r.nodes.size(); ++i)
        {
            if (r.nodes[i] >= m_g.nNodes || (i > 0 && r.parent[i] >= i))
            {
                return false;
            }
        }
        tr.nodes = r.nodes;
        tr.parent = r.parent;
        tr.g.assign(r.nodes.size(), 0);
        for (std::size_t i = 1; i < r.nodes.size(); ++i)
        {
            const double l = m_g.ArcLoss(r.nodes[r.parent[i]], r.nodes[i]);
            if (!std::isfinite(l))
            {
                tr.Clear();
                return false;
            }
            tr.g[i] = tr.g[r.parent[i]] + l;
        }
        // Sinks: the I/O nodes of the tree other than the root, in the net's sink order.
        if (net.anySink)
        {
            for (std::size_t i = 1; i < r.nodes.size(); ++i)
            {
                if (m_g.IsIo(r.nodes[i]))
                {
                    tr.sinkAt.push_back(static_cast<uint32_t>(i));
                }
            }
        }
        else
        {
            for (uint32_t s : net.sinks)
            {
                auto it = std::find(r.nodes.begin(), r.nodes.end(), m_g.firstIo + s);
                if (it == r.nodes.end())
                {
                    tr.Clear();
                    return false;
                }
                tr.sinkAt.push_back(static_cast<uint32_t>(it - r.nodes.begin()));
            }
        }
        if (tr.sinkAt.size() != (net.anySink ? 1u : net.sinks.size()))
        {
            tr.Clear();
            return false;
        }
        tr.routed = true;
        return true;
    }

    /// Fills the embedding's routes, states and losses from the trees.
    void Fill(PhotonicEmbedding& emb) const
    {
        emb.routes.assign(m_nets.size(), PhotonicRoute());
        emb.states.assign(m_g.nElements, PhotonicElementState());
        std::vector<uint32_t> stamp(m_g.nElements, NONE);
        emb.maxLossDb = 0;
        emb.totalLossDb = 0;
        for (uint32_t n = 0; n < m_nets.size(); ++n)
        {
            const Tree& tr = m_trees[n];
            const PhotonicNet& net = m_nets[n];
            PhotonicRoute& r = emb.routes[n];
            if (!tr.routed)
            {
                continue;
            }
            r.nodes = tr.nodes;
            r.parent = tr.parent;
            r.sinkLossDb = SinkLoss(n);
            if (net.anySink)
            {
                r.chosenSink = tr.nodes[tr.sinkAt[0]] - m_g.firstIo;
            }
            else
            {
                for (double l : r.sinkLossDb)
                {
                    emb.maxLossDb = std::max(emb.maxLossDb, l);
                    emb.totalLossDb += l;
                }
            }
            const std::size_t sz = tr.nodes.size();
            std::vector<double> frac(sz, 0);
            for (std::size_t k = 0; k < tr.sinkAt.size(); ++k)
            {
                const double f = net.anySink ? 1.0 : Fraction(n, static_cast<uint32_t>(k));
                for (uint32_t i = tr.sinkAt[k];; i = tr.parent[i])
                {
                    frac[i] += f;
                    if (i == 0)
                    {
                        break;
                    }
                }
            }
            std::vector<uint32_t> kids(sz, 0);
            for (std::size_t i = 1; i < sz; ++i)
            {
                if (m_g.IsPass(tr.nodes[tr.parent[i]], tr.nodes[i]))
                {
                    ++kids[tr.parent[i]];
                }
            }
            for (std::size_t i = 1; i < sz; ++i)
            {
                const uint32_t p = tr.parent[i];
                const uint32_t a = tr.nodes[p];
                const uint32_t b = tr.nodes[i];
                if (!m_g.IsPass(a, b))
                {
                    continue;
                }
                const uint32_t e = a >> 2;
                // Light runs parent -> child in a fan-out, child -> parent in a fan-in.
                const uint32_t in = net.fanIn ? b : a;
                const uint32_t out = net.fanIn ? a : b;
                const bool bar = (in & 1) == (out & 1);
                PhotonicElementState& s = emb.states[e];
                if (stamp[e] != n)
                {
                    r.elements.push_back(e);
                }
                stamp[e] = n;
                if (kids[p] == 2)
                {
                    s.setting = PhotonicElementState::SPLIT;
                    if (net.fanIn)
                    {
                        s.ratio = 0.5;
                    }
                    else
                    {
                        const double share = frac[p] > 0 ? frac[i] / frac[p] : 0.5;
                        s.ratio = bar ? share : 1 - share;
                    }
                }
                else if (s.setting != PhotonicElementState::SPLIT)
                {
                    s.setting = bar ? PhotonicElementState::BAR : PhotonicElementState::CROSS;
                    s.ratio = bar ? 1 : 0;
                }
            }
        }
    }

    /// Lists the nets that share nodes, with whom.
    void Conflicts(PhotonicEmbedding& emb, uint32_t rounds) const
    {
        std::vector<std::vector<uint32_t>> who(m_nets.size());
        std::vector<uint32_t> first(m_g.nNodes, NONE);
        std::vector<std::vector<std::pair<uint32_t, uint32_t>>> shares(m_nets.size());
        for (uint32_t n = 0; n < m_nets.size(); ++n)
        {
            for (uint32_t v : m_trees[n].nodes)
            {
                if (m_occ[v] <= 1)
                {
                    continue;
                }
                if (first[v] == NONE)
                {
                    first[v] = n;
                }
                else
                {
                    shares[n].emplace_back(v, first[v]);
                    shares[first[v]].emplace_back(v, n);
                }
            }
        }
        for (uint32_t n = 0; n < m_nets.size(); ++n)
        {
            if (shares[n].empty())
            {
                continue;
            }
            const auto [v, other] = shares[n].front();
            std::ostringstream os;
            os << m_nets[n].name << ": shares ";
            if (m_g.IsIo(v))
            {
                os << "I/O port " << v - m_g.firstIo;
            }
            else
            {
                os << "element " << (v >> 2);
            }
            os << " with " << (other == n ? "itself" : m_nets[other].name) << " after " << rounds
               << " rounds";
            emb.failedNets.push_back(os.str());
        }
    }

    const PhotonicTarget& m_t;              //!< Target
    Graph m_g;                              //!< Its graph
    const std::vector<PhotonicNet>& m_nets; //!< Nets
    PhotonicRouter::Options m_opt;          //!< Options
    std::vector<Tree> m_trees;              //!< Per net
    std::vector<std::string> m_why;         //!< Per net: why it failed ("" if not)
    std::vector<uint32_t> m_occ;            //!< Per node: nets holding it
    std::vector<double> m_hist;             //!< Per node: historical cost
    std::vector<uint8_t> m_declared;        //!< Per node: an I/O port some net names
    std::vector<double> m_dist;             //!< Per state: cost
    std::vector<uint32_t> m_prev;           //!< Per state: predecessor
    std::vector<uint32_t> m_seen;           //!< Per state: generation of m_dist
    std::vector<uint32_t> m_closed;         //!< Per state: generation it was settled in
    std::vector<uint32_t> m_own;            //!< Per node: generation of the net's own tree
    std::vector<uint32_t> m_target;         //!< Per node: generation of the search's targets

    /// An entry of the search's heap.
    struct HeapEntry
    {
        double f;   //!< g + h
        double g;   //!< Cost so far
        uint32_t s; //!< State
    };

    std::vector<HeapEntry> m_heap; //!< Binary heap (lazy deletion)
    double m_weight{1};            //!< Heuristic weight (1: admissible)
    bool m_dagOk{false};           //!< Feed-forward searches scan m_order
    std::vector<uint32_t> m_comp;  //!< Per state: its weak component's root
    std::vector<uint32_t> m_order; //!< Topological order of the nodes (feed-forward)
    std::vector<uint32_t> m_pos;   //!< Per node: its place in m_order
    std::vector<double> m_dDist;   //!< Per scan index: cost
    std::vector<uint32_t> m_dSeen; //!< Per scan index: generation of m_dDist
    std::vector<uint32_t> m_dPrev; //!< Per scan index: predecessor's scan index
    uint32_t m_dgen{0};            //!< Scan generation
    uint32_t m_gen{0};             //!< Search generation
    uint32_t m_ogen{0};            //!< Own-tree generation
    uint32_t m_tgen{0};            //!< Target generation
    uint64_t m_expanded{0};        //!< States settled (statistics)
};

/// \return log2 of a power of two
uint32_t
Log2(uint32_t n)
{
    uint32_t k = 0;
    while ((1u << k) < n)
    {
        ++k;
    }
    return k;
}

/// \return "" if the nets are well formed on the target, else what is wrong
std::string
CheckNets(const PhotonicTarget& t, const std::vector<PhotonicNet>& nets)
{
    const auto& io = t.GetIoPorts();
    std::vector<int32_t> owner(io.size(), -1);
    for (uint32_t n = 0; n < nets.size(); ++n)
    {
        const PhotonicNet& net = nets[n];
        std::ostringstream os;
        os << "net " << n << " (" << net.name << "): ";
        auto port = [&](uint32_t p, bool input) -> std::string {
            if (p >= io.size())
            {
                return "I/O port " + std::to_string(p) + " is beyond the target's " +
                       std::to_string(io.size()) + " I/O ports";
            }
            if (input && !io[p].canInput)
            {
                return "I/O port " + std::to_string(p) + " cannot take light in";
            }
            if (!input && !io[p].canOutput)
            {
                return "I/O port " + std::to_string(p) + " cannot let light out";
            }
            if (owner[p] >= 0)
            {
                return "I/O port " + std::to_string(p) + " is also used by net " +
                       std::to_string(owner[p]) + " (" + nets[owner[p]].name + ")";
            }
            owner[p] = static_cast<int32_t>(n);
            return "";
        };
        std::string e = port(net.source, !net.fanIn);
        if (!e.empty())
        {
            return os.str() + e;
        }
        if (net.anySink && (!net.sinks.empty() || net.fanIn))
        {
            return os.str() + "a terminator (anySink) has no sinks and is not a fan-in";
        }
        if (!net.anySink && net.sinks.empty())
        {
            return os.str() + "no sink (a net needs sinks or anySink)";
        }
        for (uint32_t s : net.sinks)
        {
            e = port(s, net.fanIn);
            if (!e.empty())
            {
                return os.str() + e;
            }
        }
        if (!net.fractions.empty())
        {
            if (net.fractions.size() != net.sinks.size())
            {
                return os.str() + std::to_string(net.fractions.size()) + " fractions for " +
                       std::to_string(net.sinks.size()) + " sinks";
            }
            for (double f : net.fractions)
            {
                if (!(f > 0) || !std::isfinite(f))
                {
                    std::ostringstream v;
                    v << f;
                    return os.str() + "fraction " + v.str() + " must be finite and > 0";
                }
            }
        }
    }
    return "";
}

/// \return true if two nets ask for the same thing
bool
SameNet(const PhotonicNet& a, const PhotonicNet& b)
{
    return a.source == b.source && a.sinks == b.sinks && a.fractions == b.fractions &&
           a.anySink == b.anySink && a.fanIn == b.fanIn;
}

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

/// PathFinder: negotiated congestion, then loss passes.
void
PathFinder(Engine& en,
           const PhotonicRouter::Options& o,
           const PhotonicEmbedding* previous,
           const std::vector<PhotonicNet>* previousNets,
           PhotonicEmbedding& emb)
{
    const auto& nets = en.m_nets;
    const uint32_t K = static_cast<uint32_t>(nets.size());
    std::vector<uint8_t> pinned(K, 0);
    if (previous && previousNets && previous->routes.size() == previousNets->size())
    {
        std::vector<uint8_t> taken(previousNets->size(), 0);
        for (uint32_t n = 0; n < K; ++n)
        {
            for (uint32_t p = 0; p < previousNets->size(); ++p)
            {
                if (!taken[p] && SameNet(nets[n], (*previousNets)[p]) &&
                    en.LoadTree(n, previous->routes[p]))
                {
                    taken[p] = 1;
                    pinned[n] = 1;
                    en.Occupy(n, +1);
                    break;
                }
            }
        }
    }
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
    // Loss passes: polish, then negotiate afresh with each net's criticality (its loss over
    // the largest, to criticalityExponent, at most maxCriticality) weighting pure loss
    // against congestion, so that the nets on the worst paths take their least-loss routes
    // and the others yield; keep the best legal embedding.
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

/// First fit: each net in order over the free nodes, no rip-up.
void
FirstFit(Engine& en, PhotonicEmbedding& emb)
{
    Cost hard;
    hard.hard = true;
    bool all = true;
    for (uint32_t n = 0; n < en.m_nets.size(); ++n)
    {
        const std::string why = en.RouteNet(n, hard);
        if (!why.empty())
        {
            emb.failedNets.push_back(why);
            all = false;
            continue;
        }
        en.Occupy(n, +1);
    }
    emb.iterations = 1;
    emb.ok = all && en.Overused() == 0;
    if (en.Overused() > 0)
    {
        en.Conflicts(emb, 1);
    }
}

/// Exact embedding of circuits as a MILP on CBC.
void
Ilp(Engine& en, const PhotonicRouter::Options& o, PhotonicEmbedding& emb)
{
    const Graph& g = en.G();
    const auto& nets = en.m_nets;
    const uint32_t K = static_cast<uint32_t>(nets.size());
    for (const PhotonicNet& net : nets)
    {
        if (net.anySink || net.sinks.size() != 1)
        {
            emb.error = "ilp: net '" + net.name +
                        "' is not a circuit (one source, one sink); the ilp embeds circuits "
                        "only (use pathfinder)";
            return;
        }
    }

    // Per net: the arcs of the state graph a path of the net can use (reachable from its
    // source, co-reachable to its sink).
    struct Arc
    {
        uint32_t from;
        uint32_t to;
        double loss;
    };

    std::vector<std::vector<Arc>> arcs(K);
    uint64_t total = 0;
    const uint32_t nStates = 2 * g.nNodes;
    std::vector<uint32_t> fw(nStates, NONE);
    std::vector<uint32_t> bw(nStates, NONE);
    for (uint32_t n = 0; n < K; ++n)
    {
        const PhotonicNet& net = nets[n];
        const bool reverse = net.fanIn;
        const uint32_t src = 2 * (g.firstIo + net.source);
        const uint32_t snk = 2 * (g.firstIo + net.sinks[0]) + 1;
        std::vector<Arc> all;
        std::vector<uint32_t> queue{src};
        fw[src] = n;
        for (std::size_t q = 0; q < queue.size(); ++q)
        {
            const uint32_t s = queue[q];
            if ((s & 1) && g.IsIo(s >> 1))
            {
                continue;
            }
            g.ForArcs(s >> 1, s & 1, reverse, [&](uint32_t m, uint32_t ph, double loss) {
                const uint32_t t = 2 * m + ph;
                if (g.IsIo(m) && t != snk)
                {
                    return;
                }
                all.push_back({s, t, loss});
                if (fw[t] != n)
                {
                    fw[t] = n;
                    queue.push_back(t);
                }
            });
        }
        if (fw[snk] != n)
        {
            std::ostringstream os;
            os << net.name << ": no path: I/O port " << net.sinks[0]
               << " is not reachable from I/O port " << net.source << " on "
               << (g.directed ? "a feed-forward" : "a recirculating") << " target";
            emb.failedNets.push_back(os.str());
            continue;
        }
        // Backward reachability over the collected arcs (CSR by head).
        std::vector<uint32_t> heads;
        std::vector<uint32_t> idx(all.size());
        for (std::size_t a = 0; a < all.size(); ++a)
        {
            idx[a] = static_cast<uint32_t>(a);
        }
        std::sort(idx.begin(), idx.end(), [&](uint32_t x, uint32_t y) {
            return all[x].to < all[y].to;
        });
        queue.assign(1, snk);
        bw[snk] = n;
        for (std::size_t q = 0; q < queue.size(); ++q)
        {
            const uint32_t s = queue[q];
            auto lo = std::lower_bound(idx.begin(), idx.end(), s, [&](uint32_t a, uint32_t v) {
                return all[a].to < v;
            });
            for (; lo != idx.end() && all[*lo].to == s; ++lo)
            {
                const uint32_t f = all[*lo].from;
                if (bw[f] != n)
                {
                    bw[f] = n;
                    queue.push_back(f);
                }
            }
        }
        for (const Arc& a : all)
        {
            if (bw[a.from] == n && bw[a.to] == n && fw[a.from] == n)
            {
                arcs[n].push_back(a);
            }
        }
        total += arcs[n].size();
    }
    if (!emb.failedNets.empty())
    {
        return;
    }
    if (total > o.ilpMaxArcs)
    {
        emb.error = "ilp: " + std::to_string(total) + " (net, arc) variables exceed ilpMaxArcs " +
                    std::to_string(o.ilpMaxArcs) + " (use pathfinder, or raise ilpMaxArcs)";
        return;
    }
    // eps: the total term is at most ilpTieDb, so the largest loss is within ilpTieDb of
    // the min-max optimum whatever the total.
    double lmax = 0;
    for (uint32_t n = 0; n < K; ++n)
    {
        double sum = 0;
        for (const Arc& a : arcs[n])
        {
            sum += a.loss;
        }
        lmax = std::max(lmax, sum);
    }
    const double eps = lmax > 0 ? o.ilpTieDb / (K * lmax) : 0;
    LinearProgram lp;
    const uint32_t z = lp.AddVariable(0, LinearProgram::Infinity(), 1.0, false, "z");
    std::vector<std::vector<uint32_t>> var(K);
    std::vector<std::vector<std::pair<uint32_t, double>>> capacity(g.nNodes);
    for (uint32_t n = 0; n < K; ++n)
    {
        std::vector<std::pair<uint32_t, double>> lossRow{{z, 1.0}};
        // Flow conservation per state: out - in = +1 at the source, -1 at the sink.
        std::vector<std::pair<uint32_t, std::vector<std::pair<uint32_t, double>>>> rows;
        std::vector<uint32_t> rowOf;
        std::vector<uint32_t> states;
        for (const Arc& a : arcs[n])
        {
            const uint32_t x = lp.AddVariable(0, 1, eps * a.loss, true);
            var[n].push_back(x);
            lossRow.emplace_back(x, -a.loss);
            capacity[a.to >> 1].emplace_back(x, 1.0);
            states.push_back(a.from);
            states.push_back(a.to);
        }
        std::sort(states.begin(), states.end());
        states.erase(std::unique(states.begin(), states.end()), states.end());
        std::vector<std::vector<std::pair<uint32_t, double>>> cons(states.size());
        auto at = [&](uint32_t s) {
            return std::lower_bound(states.begin(), states.end(), s) - states.begin();
        };
        for (std::size_t a = 0; a < arcs[n].size(); ++a)
        {
            cons[at(arcs[n][a].from)].emplace_back(var[n][a], 1.0);
            cons[at(arcs[n][a].to)].emplace_back(var[n][a], -1.0);
        }
        const uint32_t src = 2 * (g.firstIo + nets[n].source);
        const uint32_t snk = 2 * (g.firstIo + nets[n].sinks[0]) + 1;
        for (std::size_t i = 0; i < states.size(); ++i)
        {
            const double rhs = states[i] == src ? 1.0 : states[i] == snk ? -1.0 : 0.0;
            lp.AddConstraint(cons[i], rhs, rhs);
        }
        lp.AddConstraint(lossRow, 0, LinearProgram::Infinity());
    }
    for (uint32_t v = 0; v < g.nNodes; ++v)
    {
        if (capacity[v].size() > 1)
        {
            lp.AddConstraint(capacity[v], -LinearProgram::Infinity(), 1.0);
        }
    }
    const LinearProgram::Result res = lp.Solve(o.ilpTimeLimitS, o.ilpMaxNodes);
    emb.iterations = static_cast<uint32_t>(std::min<uint64_t>(res.nodes, UINT32_MAX));
    if (!res.HasSolution())
    {
        emb.error = "ilp: " + LinearProgram::StatusName(res.status) +
                    (res.status == LinearProgram::INFEASIBLE
                         ? ": the nets cannot all be embedded with one net per node"
                         : "") +
                    (res.error.empty() ? "" : ": " + res.error);
        for (const PhotonicNet& net : nets)
        {
            emb.failedNets.push_back(net.name + ": not embedded (ilp " +
                                     LinearProgram::StatusName(res.status) + ")");
        }
        return;
    }
    for (uint32_t n = 0; n < K; ++n)
    {
        Tree& tr = en.m_trees[n];
        tr.Clear();
        const uint32_t src = 2 * (g.firstIo + nets[n].source);
        const uint32_t snk = 2 * (g.firstIo + nets[n].sinks[0]) + 1;
        std::vector<uint32_t> next;
        // Follow the chosen arcs from the source (cycles off the path are ignored).
        uint32_t s = src;
        tr.nodes.push_back(s >> 1);
        tr.parent.push_back(0);
        tr.g.push_back(0);
        for (std::size_t guard = 0; s != snk && guard <= arcs[n].size(); ++guard)
        {
            uint32_t t = NONE;
            double loss = 0;
            for (std::size_t a = 0; a < arcs[n].size(); ++a)
            {
                if (arcs[n][a].from == s && res.values[var[n][a]] > 0.5)
                {
                    t = arcs[n][a].to;
                    loss = arcs[n][a].loss;
                    break;
                }
            }
            if (t == NONE)
            {
                break;
            }
            tr.nodes.push_back(t >> 1);
            tr.parent.push_back(static_cast<uint32_t>(tr.nodes.size() - 2));
            tr.g.push_back(tr.g.back() + loss);
            s = t;
        }
        if (s != snk)
        {
            emb.error = "ilp: the solution of net '" + nets[n].name + "' does not reach its sink";
            tr.Clear();
            return;
        }
        tr.sinkAt.push_back(static_cast<uint32_t>(tr.nodes.size() - 1));
        tr.routed = true;
        en.Occupy(n, +1);
    }
    emb.ok = res.HasSolution() && en.Overused() == 0;
    if (res.status == LinearProgram::FEASIBLE)
    {
        NS_LOG_INFO("ilp: time or node limit, gap " << res.gap);
    }
}

/**
 * Benes targets: the permutation of the circuits (source input i -> output j) through
 * BenesRouter::Route (the looping algorithm), then each route traced from its input by
 * following the switch states.
 */
void
BenesEmbed(Engine& en, const PhotonicTarget& t, PhotonicEmbedding& emb)
{
    const Graph& g = en.G();
    const auto& nets = en.m_nets;
    const uint32_t n = t.GetNInputs();
    if (t.GetStyle() != "benes" || n < 2 || (n & (n - 1)) != 0 || t.GetNOutputs() != n ||
        t.GetElements().size() != static_cast<std::size_t>(n / 2) * (2 * Log2(n) - 1))
    {
        emb.error = "benes: target '" + t.GetName() + "' (style " + t.GetStyle() +
                    ") is not a generated Benes network (use pathfinder)";
        return;
    }
    std::vector<uint32_t> perm(n, UINT32_MAX);
    std::vector<uint32_t> in(nets.size());
    for (uint32_t k = 0; k < nets.size(); ++k)
    {
        const PhotonicNet& net = nets[k];
        if (net.anySink || net.sinks.size() != 1)
        {
            emb.error = "benes: net '" + net.name +
                        "' is not a circuit; the looping algorithm routes circuits only (use "
                        "pathfinder)";
            return;
        }
        const uint32_t a = net.fanIn ? net.sinks[0] : net.source;
        const uint32_t b = net.fanIn ? net.source : net.sinks[0];
        if (a >= n || b < n || b >= 2 * n)
        {
            emb.error = "benes: net '" + net.name + "' must run from an input (I/O 0.." +
                        std::to_string(n - 1) + ") to an output (I/O " + std::to_string(n) + ".." +
                        std::to_string(2 * n - 1) + ")";
            return;
        }
        perm[a] = b - n;
        in[k] = a;
    }
    const std::vector<std::vector<bool>> cross = BenesRouter::Route(n, perm);
    for (uint32_t k = 0; k < nets.size(); ++k)
    {
        const PhotonicNet& net = nets[k];
        std::vector<uint32_t> path{g.firstIo + in[k]};
        uint32_t v = path.back();
        while (path.size() <= g.nNodes)
        {
            const uint32_t w = g.wgOther[v];
            if (w == NONE)
            {
                break;
            }
            path.push_back(w);
            if (g.IsIo(w))
            {
                break;
            }
            const uint32_t e = w >> 2;
            const uint32_t stage = e / (n / 2);
            const uint32_t p = w & 1;
            const uint32_t q = cross.at(stage).at(e % (n / 2)) ? 1 - p : p;
            v = PhotonicTarget::ElementPort(e, 1, q);
            path.push_back(v);
        }
        const uint32_t want = g.firstIo + perm[in[k]] + n;
        if (path.back() != want)
        {
            emb.error = "benes: net '" + net.name + "' traced to node " +
                        std::to_string(path.back()) + ", not its output (node " +
                        std::to_string(want) + "): the target's wiring is not the generator's";
            return;
        }
        if (net.fanIn)
        {
            std::reverse(path.begin(), path.end());
        }
        Tree& tr = en.m_trees[k];
        tr.Clear();
        for (std::size_t i = 0; i < path.size(); ++i)
        {
            tr.nodes.push_back(path[i]);
            tr.parent.push_back(i == 0 ? 0 : static_cast<uint32_t>(i - 1));
            tr.g.push_back(i == 0 ? 0 : tr.g.back() + g.ArcLoss(path[i - 1], path[i]));
        }
        tr.sinkAt.push_back(static_cast<uint32_t>(path.size() - 1));
        tr.routed = true;
        en.Occupy(k, +1);
    }
    emb.iterations = 1;
    emb.ok = en.Overused() == 0;
    if (!emb.ok)
    {
        en.Conflicts(emb, 1);
    }
}

} // namespace

bool
PhotonicElementState::Differs(const PhotonicElementState& other) const
{
    // UNUSED is physically bar (an element left at its default).
    auto eff = [](Setting s) { return s == UNUSED ? BAR : s; };
    if (eff(setting) != eff(other.setting))
    {
        return true;
    }
    if (eff(setting) == SPLIT && std::abs(ratio - other.ratio) > LOSS_TOLERANCE)
    {
        return true;
    }
    return std::abs(phase - other.phase) > LOSS_TOLERANCE;
}

PhotonicEmbedding
PhotonicRouter::Embed(const PhotonicTarget& target,
                      const std::vector<PhotonicNet>& nets,
                      const Options& options,
                      const PhotonicEmbedding* previous,
                      const std::vector<PhotonicNet>* previousNets)
{
    const auto t0 = std::chrono::steady_clock::now();
    PhotonicEmbedding emb;
    auto finish = [&]() {
        emb.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!emb.ok && emb.error.empty())
        {
            std::ostringstream os;
            os << emb.algorithm << ": " << emb.failedNets.size() << " of " << nets.size()
               << " nets failed";
            for (const std::string& f : emb.failedNets)
            {
                os << "; " << f;
            }
            emb.error = os.str();
        }
        return emb;
    };
    const std::string& a = options.algorithm;
    if (a != "auto" && a != "pathfinder" && a != "ilp" && a != "first-fit" && a != "benes")
    {
        emb.error = "unknown routing algorithm '" + a +
                    "' (allowed: auto, pathfinder, ilp, first-fit, benes)";
        return finish();
    }
    std::string err = CheckNets(target, nets);
    if (!err.empty())
    {
        emb.error = err;
        return finish();
    }
    bool circuits = true;
    bool trees = false;
    for (const PhotonicNet& n : nets)
    {
        circuits &= !n.anySink && n.sinks.size() == 1;
        trees |= n.sinks.size() > 1;
    }
    std::string alg = a;
    if (alg == "auto")
    {
        alg = (target.GetStyle() == "benes" && circuits) ? "benes" : "pathfinder";
    }
    emb.algorithm = alg;
    if (previous && previous->states.size() != target.GetElements().size())
    {
        emb.error = "previous embedding has " + std::to_string(previous->states.size()) +
                    " element states, the target " + std::to_string(target.GetElements().size()) +
                    " elements";
        return finish();
    }
    if (trees)
    {
        bool anyMzi = false;
        for (const PhotonicElement& e : target.GetElements())
        {
            anyMzi |= e.kind == PhotonicElementKind::MZI;
        }
        if (!anyMzi)
        {
            for (const PhotonicNet& n : nets)
            {
                if (n.sinks.size() > 1)
                {
                    emb.failedNets.push_back(n.name + ": split needs an MZI element: target has "
                                                      "SWITCH elements only");
                }
            }
            return finish();
        }
    }
    Engine en(target, nets, options);
    if (alg == "pathfinder")
    {
        PathFinder(en, options, previous, previousNets, emb);
    }
    else if (alg == "first-fit")
    {
        FirstFit(en, emb);
    }
    else if (alg == "ilp")
    {
        Ilp(en, options, emb);
    }
    else
    {
        BenesEmbed(en, target, emb);
    }
    en.Fill(emb);
    NS_LOG_INFO(emb.algorithm << ": " << en.m_expanded << " states settled");
    return finish();
}

double
PhotonicRouter::PathLossDb(const PhotonicTarget& target, const std::vector<uint32_t>& path)
{
    const uint32_t firstIo = 4 * static_cast<uint32_t>(target.GetElements().size());
    const uint32_t nNodes = target.GetNNodes();
    double loss = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
    {
        const uint32_t a = path[i - 1];
        const uint32_t b = path[i];
        if (a >= nNodes || b >= nNodes)
        {
            return INF;
        }
        if (a < firstIo && b < firstIo && a / 4 == b / 4 && ((a >> 1) & 1) != ((b >> 1) & 1))
        {
            loss += target.GetElements()[a / 4].lossDb;
            continue;
        }
        const int32_t w = target.WaveguideAt(a);
        if (w < 0)
        {
            return INF;
        }
        const PhotonicWaveguide& g = target.GetWaveguides()[w];
        if ((g.a == a && g.b == b) || (g.a == b && g.b == a))
        {
            loss += target.WaveguideLossDb(static_cast<uint32_t>(w));
            continue;
        }
        return INF;
    }
    return loss;
}

std::vector<uint32_t>
PhotonicRouter::ChangedElements(const PhotonicEmbedding& before, const PhotonicEmbedding& after)
{
    std::vector<uint32_t> out;
    const std::size_t n = std::max(before.states.size(), after.states.size());
    const PhotonicElementState none;
    for (std::size_t e = 0; e < n; ++e)
    {
        const PhotonicElementState& x = e < before.states.size() ? before.states[e] : none;
        const PhotonicElementState& y = e < after.states.size() ? after.states[e] : none;
        if (x.Differs(y))
        {
            out.push_back(static_cast<uint32_t>(e));
        }
    }
    return out;
}

} // namespace ns3
