/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The lowering of the photonic switch language's circuits (PhotonicLanguage::LowerCircuits):
// PERMUTE nodes become plain edges, MULTICAST nodes trees of equal-power SPLITTERs.

#include "photonic-language-detail.h"
#include "photonic-language.h"

#include "ns3/log.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

namespace
{

/// The language's log component, under its one name.
LogComponent& g_log = photonic::LanguageLog();

/// The lowering of one graph: the edge tables of its nodes, the nodes and edges removed.
class CircuitLowering
{
  public:
    /**
     * \brief Lowering of \p graph; indexes its edges by node input and output.
     * \param [in,out] graph The graph (kept by reference)
     */
    explicit CircuitLowering(PhotonicGraph& graph);

    /// \brief Lowers every PERMUTE and MULTICAST node of the graph as it was given.
    void LowerNodes();

    /// \brief Removes the lowered nodes and the joined edges; renumbers.
    void RemoveLowered();

  private:
    /**
     * \brief New nodes get their own in/out tables.
     * \param [in] v The node
     */
    void Grow(uint32_t v);

    /**
     * \brief Joins the edge a (into a lowered node) with the edge b (out of it): a now ends
     * where b ended, b is removed.
     * \param [in] a The edge in (UINT32_MAX: none)
     * \param [in] b The edge out (UINT32_MAX: none)
     */
    void Join(uint32_t a, uint32_t b);

    /**
     * \brief A PERMUTE node: input i joined to output perm[i].
     * \param [in] v The node
     * \param [in] node A copy of it
     */
    void LowerPermute(uint32_t v, const PhotonicNode& node);

    /**
     * \brief A MULTICAST node: a tree of equal-power splitters.
     * \param [in] v The node
     * \param [in] node A copy of it
     */
    void LowerMulticast(uint32_t v, const PhotonicNode& node);

    /**
     * \brief Builds the tree of outputs [lo, hi) fed by the edge 'feed'.
     * \param [in] v The MULTICAST node
     * \param [in] node A copy of it
     * \param [in] base The signal of its input, for the new edges' names
     * \param [in] feed The edge feeding the tree
     * \param [in] lo The first output
     * \param [in] hi One past the last output
     */
    void BuildTree(uint32_t v,
                   const PhotonicNode& node,
                   const std::string& base,
                   uint32_t feed,
                   uint32_t lo,
                   uint32_t hi);

    PhotonicGraph& m_graph;                       //!< The graph
    uint32_t m_n0;                                //!< Nodes before the lowering
    std::vector<std::vector<uint32_t>> m_inEdge;  //!< Edge feeding each node input
    std::vector<std::vector<uint32_t>> m_outEdge; //!< Edge leaving each node output
    std::vector<bool> m_deadEdge;                 //!< Edges removed
    std::vector<bool> m_deadNode;                 //!< Nodes removed
};

CircuitLowering::CircuitLowering(PhotonicGraph& graph)
    : m_graph(graph),
      m_n0(static_cast<uint32_t>(graph.nodes.size()))
{
    // Edge feeding each node input and leaving each node output.
    m_inEdge.resize(m_n0);
    m_outEdge.resize(m_n0);
    for (uint32_t v = 0; v < m_n0; ++v)
    {
        m_inEdge[v].assign(m_graph.nodes[v].nIn, UINT32_MAX);
        m_outEdge[v].assign(m_graph.nodes[v].nOut, UINT32_MAX);
    }
    for (uint32_t e = 0; e < m_graph.edges.size(); ++e)
    {
        const PhotonicEdge& ed = m_graph.edges[e];
        if (ed.to < m_n0 && ed.toPort < m_inEdge[ed.to].size())
        {
            m_inEdge[ed.to][ed.toPort] = e;
        }
        if (ed.from < m_n0 && ed.fromPort < m_outEdge[ed.from].size())
        {
            m_outEdge[ed.from][ed.fromPort] = e;
        }
    }
    m_deadEdge.assign(m_graph.edges.size(), false);
    m_deadNode.assign(m_n0, false);
}

void
CircuitLowering::Grow(uint32_t v)
{
    if (v >= m_inEdge.size())
    {
        m_inEdge.resize(v + 1);
        m_outEdge.resize(v + 1);
        m_deadNode.resize(v + 1, false);
    }
    m_inEdge[v].assign(m_graph.nodes[v].nIn, UINT32_MAX);
    m_outEdge[v].assign(m_graph.nodes[v].nOut, UINT32_MAX);
}

void
CircuitLowering::Join(uint32_t a, uint32_t b)
{
    if (a == UINT32_MAX || b == UINT32_MAX)
    {
        if (a != UINT32_MAX)
        {
            m_deadEdge[a] = true;
        }
        if (b != UINT32_MAX)
        {
            m_deadEdge[b] = true;
        }
        return;
    }
    if (a == b)
    {
        m_deadEdge[a] = true; // a lowered node feeding itself
        return;
    }
    PhotonicEdge& ea = m_graph.edges[a];
    const PhotonicEdge eb = m_graph.edges[b];
    ea.to = eb.to;
    ea.toPort = eb.toPort;
    ea.signal = eb.signal;
    ea.location = eb.location;
    if (eb.to < m_inEdge.size() && eb.toPort < m_inEdge[eb.to].size())
    {
        m_inEdge[eb.to][eb.toPort] = a;
    }
    m_deadEdge[b] = true;
}

void
CircuitLowering::LowerNodes()
{
    for (uint32_t v = 0; v < m_n0; ++v)
    {
        const PhotonicNode node = m_graph.nodes[v];
        if (node.op == PhotonicOp::PERMUTE)
        {
            LowerPermute(v, node);
        }
        else if (node.op == PhotonicOp::MULTICAST)
        {
            LowerMulticast(v, node);
        }
    }
}

void
CircuitLowering::LowerPermute(uint32_t v, const PhotonicNode& node)
{
    m_deadNode[v] = true;
    for (uint32_t i = 0; i < node.nIn; ++i)
    {
        const uint32_t o = i < node.perm.size() ? node.perm[i] : i;
        const uint32_t b = o < m_outEdge[v].size() ? m_outEdge[v][o] : UINT32_MAX;
        Join(m_inEdge[v][i], b);
    }
}

void
CircuitLowering::LowerMulticast(uint32_t v, const PhotonicNode& node)
{
    m_deadNode[v] = true;
    const uint32_t k = node.nOut;
    const uint32_t a = node.nIn > 0 ? m_inEdge[v][0] : UINT32_MAX;
    if (k == 0 || a == UINT32_MAX)
    {
        for (uint32_t o = 0; o < k; ++o)
        {
            if (m_outEdge[v][o] != UINT32_MAX)
            {
                m_deadEdge[m_outEdge[v][o]] = true;
            }
        }
        if (a != UINT32_MAX)
        {
            m_deadEdge[a] = true;
        }
        return;
    }
    const std::string base = m_graph.edges[a].signal;
    BuildTree(v, node, base, a, 0, k);
}

void
CircuitLowering::BuildTree(uint32_t v,
                           const PhotonicNode& node,
                           const std::string& base,
                           uint32_t feed,
                           uint32_t lo,
                           uint32_t hi)
{
    if (hi - lo == 1)
    {
        Join(feed, m_outEdge[v][lo]);
        return;
    }
    const uint32_t left = (hi - lo + 1) / 2;
    PhotonicNode s;
    s.op = PhotonicOp::SPLITTER;
    s.nIn = 1;
    s.nOut = 2;
    s.name = node.name;
    s.params = {static_cast<double>(left) / static_cast<double>(hi - lo)};
    s.location = node.location;
    const uint32_t sid = m_graph.AddNode(s);
    Grow(sid);
    PhotonicEdge& fe = m_graph.edges[feed];
    fe.to = sid;
    fe.toPort = 0;
    m_inEdge[sid][0] = feed;
    for (uint32_t side = 0; side < 2; ++side)
    {
        PhotonicEdge e;
        e.from = sid;
        e.fromPort = side;
        e.to = sid; // set by the recursion
        e.signal =
            base + "." + std::to_string(lo) + "-" + std::to_string(hi) + (side == 0 ? "L" : "R");
        e.location = node.location;
        const uint32_t eid = m_graph.AddEdge(e);
        m_deadEdge.push_back(false);
        m_outEdge[sid][side] = eid;
        if (side == 0)
        {
            BuildTree(v, node, base, eid, lo, lo + left);
        }
        else
        {
            BuildTree(v, node, base, eid, lo + left, hi);
        }
    }
}

void
CircuitLowering::RemoveLowered()
{
    std::vector<uint32_t> newId(m_graph.nodes.size(), UINT32_MAX);
    std::vector<PhotonicNode> nodes;
    nodes.reserve(m_graph.nodes.size());
    for (uint32_t v = 0; v < m_graph.nodes.size(); ++v)
    {
        if (v < m_deadNode.size() && m_deadNode[v])
        {
            continue;
        }
        newId[v] = static_cast<uint32_t>(nodes.size());
        nodes.push_back(std::move(m_graph.nodes[v]));
    }
    std::vector<PhotonicEdge> edges;
    edges.reserve(m_graph.edges.size());
    for (uint32_t e = 0; e < m_graph.edges.size(); ++e)
    {
        if (m_deadEdge[e])
        {
            continue;
        }
        PhotonicEdge ed = m_graph.edges[e];
        if (ed.from >= newId.size() || ed.to >= newId.size() || newId[ed.from] == UINT32_MAX ||
            newId[ed.to] == UINT32_MAX)
        {
            continue;
        }
        ed.from = newId[ed.from];
        ed.to = newId[ed.to];
        edges.push_back(ed);
    }
    m_graph.nodes = std::move(nodes);
    m_graph.edges = std::move(edges);
}

} // namespace

void
PhotonicLanguage::LowerCircuits(PhotonicGraph& graph)
{
    NS_LOG_FUNCTION(graph.nodes.size() << graph.edges.size());
    CircuitLowering lowering(graph);
    lowering.LowerNodes();
    lowering.RemoveLowered();
}

} // namespace ns3
