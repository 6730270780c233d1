/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_EMBEDDING_DETAIL_H
#define PHOTONIC_EMBEDDING_DETAIL_H

// Private to PhotonicRouter's source files (not installed): the embedder seam (one function
// per algorithm, each in its own file) and what the algorithms share: the routing graph, the
// router's working state (Engine) and its net searches.

#include "photonic-embedding.h"
#include "photonic-target.h"

#include "ns3/log.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace opticalgraph
{
class BestFirst;
} // namespace opticalgraph

namespace photonicembeddetail
{

/**
 * \brief The log component "PhotonicEmbedding" (defined in photonic-embedding.cc), which the
 * embedders' other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& EmbeddingLog();

/// No node, state or index.
constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();
/// An infinite loss or cost.
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

    /**
     * \brief Builds the graph of a target.
     * \param [in] t The target
     */
    explicit Graph(const PhotonicTarget& t);

    /**
     * \param [in] n A graph node
     * \return true if it is an I/O port
     */
    bool IsIo(uint32_t n) const
    {
        return n >= firstIo;
    }

    /**
     * \brief Calls f(next node, next phase, loss) for every arc out of state (n, ph).
     * \param [in] n The node
     * \param [in] ph Its phase (0: next move along its waveguide, 1: an element pass)
     * \param [in] reverse Search against the light (fan-in trees)
     * \param [in] f The callback
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

    /**
     * \param [in] a A node
     * \param [in] b Another
     * \return loss between adjacent nodes a and b (0 for a same-end pair; INF if not adjacent)
     */
    double ArcLoss(uint32_t a, uint32_t b) const
    {
        if (!IsIo(a) && !IsIo(b) && (a >> 2) == (b >> 2))
        {
            return ((a >> 1) & 1) != ((b >> 1) & 1) ? elemLoss[a >> 2] : 0.0;
        }
        return wgOther[a] == b ? wgLoss[a] : INF;
    }

    /**
     * \param [in] a A node
     * \param [in] b Another
     * \return true if a and b are the two ends of one element pass
     */
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

    /// Empties the tree.
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

/**
 * \brief The router's working state: graph, occupancy, costs, search buffers.
 *
 * Its set-up and its searches are in photonic-embed-search.cc, the routing of a net
 * (RouteNet and its steps) in photonic-embed-route.cc; its occupancy, losses, reuse of
 * previous routes and the embedding it fills in photonic-embedding.cc.
 */
class Engine
{
  public:
    /**
     * \brief Builds the graph and the search structures.
     * \param [in] t The target
     * \param [in] nets The nets
     * \param [in] o Options
     */
    Engine(const PhotonicTarget& t,
           const std::vector<PhotonicNet>& nets,
           const PhotonicRouter::Options& o);
    ~Engine();                                 //!< Frees the search's work arrays
    Engine(const Engine&) = delete;            //!< Not copyable
    Engine& operator=(const Engine&) = delete; //!< Not copyable

    /// \return the graph
    const Graph& G() const
    {
        return m_g;
    }

    /**
     * \param [in] n A net
     * \param [in] k One of its sinks
     * \return the normalised power share of sink k of net n
     */
    double Fraction(uint32_t n, uint32_t k) const;

    /**
     * \brief Adds (sign +1) or removes (-1) a tree's nodes to the occupancy.
     * \param [in] n The net
     * \param [in] sign +1 or -1
     */
    void Occupy(uint32_t n, int sign);

    /**
     * \param [in] m The node entered
     * \param [in] loss Loss of the arc into it
     * \param [in] c The pricing
     * \return the cost of entering m (INF: blocked)
     */
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
    void Reoccupy();

    /**
     * \brief Weak components of the state graph (union-find over its arcs), so that a sink in
     * another component than its source is known unreachable without a search (on
     * recirculating meshes the direction of travel splits the ports into such classes).
     */
    void BuildComponents();

    /**
     * \brief Feed-forward targets: nodes in a topological order of the light's arcs (Kahn), so
     * that least-cost paths come from one scan in that order, without a heap.
     */
    void BuildTopologicalOrder();

    /**
     * \param [in] v A node of a feed-forward target
     * \param [in] reverse Against the light
     * \return the phase the node is always in (light forward or reversed)
     */
    uint32_t Phase(uint32_t v, bool reverse) const;

    /**
     * \brief Least-cost search on a feed-forward target: one scan of the topological order
     * (reversed for a fan-in), from the earliest start to the target. Same contract as
     * Search().
     * \param [in] starts The starts
     * \param [in] reverse Against the light
     * \param [in] c The pricing
     * \param [out] path States from a start to the target
     * \return the index of the start used, or NONE if no target is reachable
     */
    uint32_t SearchDag(const std::vector<Start>& starts,
                       bool reverse,
                       const Cost& c,
                       std::vector<uint32_t>& path);

    /**
     * \brief A* (opticalgraph::BestFirst) from the starts to a target node (m_target stamped
     * with m_tgen), avoiding the nodes stamped in m_own. Ties: of two states with the same
     * cost + heuristic, the one of lower index (2 node + phase) is settled first; a way into a
     * state replaces another only if cheaper; a settled state is never reopened.
     * \param [in] starts The starts
     * \param [in] reverse Against the light
     * \param [in] tx Target x (heuristic; NaN: none)
     * \param [in] ty Target y
     * \param [in] c The pricing
     * \param [out] path States from a start to the target
     * \return the index of the start used, or NONE if no target is reachable
     */
    uint32_t Search(const std::vector<Start>& starts,
                    bool reverse,
                    double tx,
                    double ty,
                    const Cost& c,
                    std::vector<uint32_t>& path);

    /**
     * \brief Routes net n into m_trees[n] (which must be empty, its nodes not in the
     * occupancy).
     * \param [in] n The net
     * \param [in] c The pricing
     * \return "" or why it failed
     */
    std::string RouteNet(uint32_t n, const Cost& c);

    /**
     * \brief Stamps the targets of sink k of a net in m_target (a new m_tgen): the sink, or
     * for a terminator every free I/O port that can output.
     * \param [in] net The net
     * \param [in] k The sink
     * \param [in] c The pricing
     * \param [out] tx Target x (NaN for a terminator)
     * \param [out] ty Target y
     */
    void StampTargets(const PhotonicNet& net, uint32_t k, const Cost& c, double& tx, double& ty);

    /**
     * \brief Adds the path a search found to a tree (and to m_own): the dark port of a branch
     * start, then the path's nodes (the source itself excepted), the last one as the next sink.
     * \param [in,out] tr The tree
     * \param [in] st The start the path leaves from
     * \param [in] path The path's states
     */
    void Graft(Tree& tr, const Start& st, const std::vector<uint32_t>& path);

    /**
     * \brief Branch points of a tree: an MZI it passes once, whose other output and other
     * input are free.
     * \param [in] tr The tree
     * \param [in] c The pricing
     * \param [in,out] starts Where the branch starts are appended
     */
    void BranchStarts(const Tree& tr, const Cost& c, std::vector<Start>& starts) const;

    /**
     * \param [in] n The net
     * \param [in] k The sink
     * \param [in] c The pricing
     * \return why sink k of net n has no path
     */
    std::string NoPathReason(uint32_t n, uint32_t k, const Cost& c) const;

    /**
     * \brief Per tree node of net n: the power share that runs through it (frac) and its
     * number of children by an element pass (kids).
     * \param [in] n The net (routed)
     * \param [out] frac Per tree node, the sum of the shares of the sinks below it
     * \param [out] kids Per tree node, its children by an element pass
     */
    void Shares(uint32_t n, std::vector<double>& frac, std::vector<uint32_t>& kids) const;

    /**
     * \param [in] n The net
     * \return per sink loss of net n's tree (split and merge losses included)
     */
    std::vector<double> SinkLoss(uint32_t n) const;

    /// \return the largest and the total sink loss over routed non-terminator nets
    std::pair<double, double> Objective() const;

    /**
     * \param [in] n The net
     * \return the largest sink loss of net n
     */
    double NetMax(uint32_t n) const;

    /// \return number of overused nodes
    uint32_t Overused() const;

    /**
     * \param [in] n The net
     * \return true if net n's tree holds an overused node
     */
    bool TouchesOverused(uint32_t n) const;

    /**
     * \brief Loads a previous route as net n's tree (checked: nodes in range, parents
     * consistent).
     * \param [in] n The net
     * \param [in] r The route
     * \return true if loaded
     */
    bool LoadTree(uint32_t n, const PhotonicRoute& r);

    /**
     * \brief Fills the embedding's routes, states and losses from the trees.
     * \param [in,out] emb The embedding
     */
    void Fill(PhotonicEmbedding& emb) const;

    /**
     * \brief Lists the nets that share nodes, with whom.
     * \param [in,out] emb The embedding (its failedNets)
     * \param [in] rounds Rounds run (for the message)
     */
    void Conflicts(PhotonicEmbedding& emb, uint32_t rounds) const;

    const PhotonicTarget& m_t;              //!< Target
    Graph m_g;                              //!< Its graph
    const std::vector<PhotonicNet>& m_nets; //!< Nets
    PhotonicRouter::Options m_opt;          //!< Options
    std::vector<Tree> m_trees;              //!< Per net
    std::vector<std::string> m_why;         //!< Per net: why it failed ("" if not)
    std::vector<uint32_t> m_occ;            //!< Per node: nets holding it
    std::vector<double> m_hist;             //!< Per node: historical cost
    std::vector<uint8_t> m_declared;        //!< Per node: an I/O port some net names
    std::vector<uint32_t> m_own;            //!< Per node: generation of the net's own tree
    std::vector<uint32_t> m_target;         //!< Per node: generation of the search's targets

    /// The A* searches' queue and work arrays (states, then the root of the starts), made
    /// by the first A* search
    std::unique_ptr<opticalgraph::BestFirst> m_search;
    std::vector<uint32_t> m_prev;  //!< Per A* state: predecessor (NONE: a start)
    double m_weight{1};            //!< Heuristic weight (1: admissible)
    bool m_dagOk{false};           //!< Feed-forward searches scan m_order
    std::vector<uint32_t> m_comp;  //!< Per state: its weak component's root
    std::vector<uint32_t> m_order; //!< Topological order of the nodes (feed-forward)
    std::vector<uint32_t> m_pos;   //!< Per node: its place in m_order
    std::vector<double> m_dDist;   //!< Per scan index: cost
    std::vector<uint32_t> m_dSeen; //!< Per scan index: generation of m_dDist
    std::vector<uint32_t> m_dPrev; //!< Per scan index: predecessor's scan index
    uint32_t m_dgen{0};            //!< Scan generation
    uint32_t m_ogen{0};            //!< Own-tree generation
    uint32_t m_tgen{0};            //!< Target generation
    uint64_t m_expanded{0};        //!< States settled (statistics)
};

/**
 * \brief Loads the routes of a previous embedding for the nets equal to one of its nets (same
 * source, sinks, fractions, kind), each previous route used once, into the trees and the
 * occupancy, so that they stay where they are unless they conflict.
 * \param [in,out] en The engine
 * \param [in] previous The previous embedding (null: none)
 * \param [in] previousNets Its nets (null: none)
 * \return per net, 1 if it holds a previous route (pinned)
 */
std::vector<uint8_t> PinPrevious(Engine& en,
                                 const PhotonicEmbedding* previous,
                                 const std::vector<PhotonicNet>* previousNets);

/// What an embedder is given besides the engine.
struct EmbedRequest
{
    const PhotonicTarget& target;                 //!< The target
    const PhotonicRouter::Options& options;       //!< Options
    const PhotonicEmbedding* previous;            //!< A previous embedding, or null
    const std::vector<PhotonicNet>* previousNets; //!< Its nets, or null
};

/**
 * \brief An embedding algorithm: routes the engine's nets into its trees (and its occupancy)
 * and sets the embedding's ok, error, failedNets and iterations; PhotonicRouter::Embed then
 * fills the routes, element states and losses from the trees (Engine::Fill).
 */
using Embedder = void (*)(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb);

/**
 * \brief PathFinder (photonic-embed-pathfinder.cc): negotiated congestion, then loss passes.
 * \param [in,out] en The engine
 * \param [in] request Options and the previous embedding to reuse
 * \param [in,out] emb The embedding
 */
void PathFinder(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb);

/**
 * \brief First fit (photonic-embed-first-fit.cc): each net in order over the free nodes, no
 * rip-up.
 * \param [in,out] en The engine
 * \param [in] request Options (unused)
 * \param [in,out] emb The embedding
 */
void FirstFit(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb);

/**
 * \brief Exact embedding of circuits as a MILP on CBC (photonic-embed-ilp.cc).
 * \param [in,out] en The engine
 * \param [in] request Options (the ILP's limits)
 * \param [in,out] emb The embedding
 */
void Ilp(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb);

/**
 * \brief Benes targets (photonic-embed-benes.cc): the looping algorithm.
 * \param [in,out] en The engine
 * \param [in] request The target
 * \param [in,out] emb The embedding
 */
void BenesEmbed(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb);

} // namespace photonicembeddetail
} // namespace ns3

#endif /* PHOTONIC_EMBEDDING_DETAIL_H */
