/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// MziMesh on IR graphs: the transfer matrix of a graph (GraphTransfer, nodes evaluated in
// topological order) and the lowering of its UNITARY nodes into MZI and PHASE nodes
// (LowerUnitaries).

#include "mzi-mesh-detail.h"
#include "mzi-mesh.h"

// GCC 12 reports a false -Wmaybe-uninitialized inside Eigen's Householder products.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <Eigen/Dense>
#pragma GCC diagnostic pop
#include <algorithm>
#include <cmath>
#include <deque>

namespace ns3
{

using mzimeshdetail::kUnitaryTolerance;
using mzimeshdetail::Wrap;

namespace
{

/// The mesh's log component, under its one name.
LogComponent& g_log = mzimeshdetail::MeshLog();

using Complex = std::complex<double>;

/// The ideal 2x2 MZI applied to a pair of signals.
void
ApplyMzi(double theta,
         double phi,
         const Eigen::VectorXcd& in0,
         const Eigen::VectorXcd& in1,
         Eigen::VectorXcd& out0,
         Eigen::VectorXcd& out1)
{
    const double c = std::cos(theta);
    const double s = std::sin(theta);
    const Complex e = std::polar(1.0, phi);
    out0 = e * c * in0 - s * in1;
    out1 = e * s * in0 + c * in1;
}

/// \return parameter \p i of \p node, or \p def if it has none
double
Param(const PhotonicNode& node, std::size_t i, double def)
{
    return i < node.params.size() ? node.params[i] : def;
}

/**
 * The INPUT and OUTPUT nodes of a graph, each list sorted by switch port, then node index.
 * \param [in] graph The graph
 * \param [out] inNodes Its INPUT nodes (the transfer matrix's columns)
 * \param [out] outNodes Its OUTPUT nodes (the rows)
 */
void
PortNodes(const PhotonicGraph& graph,
          std::vector<uint32_t>& inNodes,
          std::vector<uint32_t>& outNodes)
{
    const std::size_t nNodes = graph.nodes.size();
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        if (graph.nodes[i].op == PhotonicOp::INPUT)
        {
            inNodes.push_back(i);
        }
        else if (graph.nodes[i].op == PhotonicOp::OUTPUT)
        {
            outNodes.push_back(i);
        }
    }
    auto byPort = [&graph](uint32_t x, uint32_t y) {
        const uint32_t px = graph.nodes[x].port;
        const uint32_t py = graph.nodes[y].port;
        return px != py ? px < py : x < y;
    };
    std::sort(inNodes.begin(), inNodes.end(), byPort);
    std::sort(outNodes.begin(), outNodes.end(), byPort);
}

/// Where the edges of a graph attach, and how many of each node's inputs wait for a signal.
struct EdgeIndex
{
    std::vector<std::vector<int64_t>> inEdge;  //!< node -> input -> edge (-1: none)
    std::vector<std::vector<int64_t>> outEdge; //!< node -> output -> edge (-1: none)
    std::vector<uint32_t> pending;             //!< Fed inputs not yet computed
};

/**
 * Indexes the edges into each node input and out of each node output.
 * \param [in] graph The graph
 * \param [out] idx The index
 * \param [out] bad The first edge naming a missing node or port (on failure)
 * \return false if an edge names a missing node or port (the graph is malformed)
 */
bool
IndexEdges(const PhotonicGraph& graph, EdgeIndex& idx, std::size_t& bad)
{
    const std::size_t nNodes = graph.nodes.size();
    idx.inEdge.assign(nNodes, {});
    idx.outEdge.assign(nNodes, {});
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        idx.inEdge[i].assign(graph.nodes[i].nIn, -1);
        idx.outEdge[i].assign(graph.nodes[i].nOut, -1);
    }
    idx.pending.assign(nNodes, 0);
    for (std::size_t e = 0; e < graph.edges.size(); ++e)
    {
        const PhotonicEdge& edge = graph.edges[e];
        if (edge.from >= nNodes || edge.to >= nNodes ||
            edge.fromPort >= idx.outEdge[edge.from].size() ||
            edge.toPort >= idx.inEdge[edge.to].size())
        {
            bad = e;
            return false;
        }
        idx.outEdge[edge.from][edge.fromPort] = static_cast<int64_t>(e);
        idx.inEdge[edge.to][edge.toPort] = static_cast<int64_t>(e);
        ++idx.pending[edge.to];
    }
    return true;
}

/**
 * Applies a node's ideal matrix to the amplitude vectors on its inputs (an OUTPUT node writes
 * its row of the transfer matrix instead).
 * \param [in] node The node
 * \param [in] column Its column, if an INPUT node
 * \param [in] row Its row, if an OUTPUT node
 * \param [in] nCols Columns of the transfer matrix
 * \param [in] in Per input, its amplitudes (over the columns)
 * \param [in,out] out Per output, its amplitudes (zero on entry)
 * \param [in,out] result The transfer matrix
 */
void
EvaluateNode(const PhotonicNode& node,
             uint32_t column,
             uint32_t row,
             Eigen::Index nCols,
             const std::vector<Eigen::VectorXcd>& in,
             std::vector<Eigen::VectorXcd>& out,
             PhotonicMatrix& result)
{
    switch (node.op)
    {
    case PhotonicOp::INPUT:
        if (node.nOut > 0)
        {
            out[0](column) = 1.0;
        }
        break;
    case PhotonicOp::OUTPUT:
        if (node.nIn > 0)
        {
            for (Eigen::Index c = 0; c < nCols; ++c)
            {
                result(row, static_cast<uint32_t>(c)) = in[0](c);
            }
        }
        break;
    case PhotonicOp::MZI:
        if (node.nIn >= 2 && node.nOut >= 2)
        {
            ApplyMzi(Param(node, 0, 0.0), Param(node, 1, 0.0), in[0], in[1], out[0], out[1]);
        }
        break;
    case PhotonicOp::PHASE:
        if (node.nIn >= 1 && node.nOut >= 1)
        {
            out[0] = std::polar(1.0, Param(node, 0, 0.0)) * in[0];
        }
        break;
    case PhotonicOp::SPLITTER:
        if (node.nIn >= 1 && node.nOut >= 2)
        {
            const double r = Param(node, 0, 0.5);
            out[0] = std::sqrt(r) * in[0];
            out[1] = std::sqrt(1.0 - r) * in[0];
        }
        break;
    case PhotonicOp::COMBINER:
        if (node.nOut >= 1)
        {
            for (uint32_t p = 0; p < node.nIn; ++p)
            {
                out[0] += in[p] / std::sqrt(2.0);
            }
        }
        break;
    case PhotonicOp::CROSSING:
        if (node.nIn >= 2 && node.nOut >= 2)
        {
            out[1] = in[0];
            out[0] = in[1];
        }
        break;
    case PhotonicOp::DETECTOR:
    case PhotonicOp::TERMINATOR:
        break;
    case PhotonicOp::PERMUTE:
        for (uint32_t p = 0; p < node.nIn && p < node.perm.size(); ++p)
        {
            if (node.perm[p] < node.nOut)
            {
                out[node.perm[p]] = in[p];
            }
        }
        break;
    case PhotonicOp::MULTICAST:
        if (node.nIn >= 1 && node.nOut >= 1)
        {
            const double a = 1.0 / std::sqrt(static_cast<double>(node.nOut));
            for (uint32_t p = 0; p < node.nOut; ++p)
            {
                out[p] = a * in[0];
            }
        }
        break;
    case PhotonicOp::UNITARY:
        for (uint32_t r = 0; r < node.nOut && r < node.matrix.Rows(); ++r)
        {
            for (uint32_t c = 0; c < node.nIn && c < node.matrix.Cols(); ++c)
            {
                out[r] += node.matrix(r, c) * in[c];
            }
        }
        break;
    }
}

/// Where a signal enters or leaves the nodes a UNITARY is lowered into.
struct PortRef
{
    uint32_t node; //!< Node of the lowered graph
    uint32_t port; //!< Its input or output
};

/**
 * Checks the matrix of every UNITARY node and decomposes it (a 1 x 1 one into its phase).
 * \param [in] graph The graph
 * \param [in] style "clements" or "reck"
 * \param [out] meshes Per node, its mesh (UNITARY nodes only)
 * \param [out] error Why not, naming the node
 * \return true on success
 */
bool
DecomposeUnitaries(const PhotonicGraph& graph,
                   const std::string& style,
                   std::vector<MziMeshDecomposition>& meshes,
                   std::string& error)
{
    const std::size_t nNodes = graph.nodes.size();
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        const PhotonicNode& node = graph.nodes[i];
        if (node.op != PhotonicOp::UNITARY)
        {
            continue;
        }
        const std::string where = "unitary node " + std::to_string(i) +
                                  (node.name.empty() ? "" : " (" + node.name + ")") + " at " +
                                  node.location.ToString();
        if (node.matrix.Rows() != node.nIn || node.matrix.Cols() != node.nIn ||
            node.nOut != node.nIn)
        {
            error = "MziMesh::LowerUnitaries: " + where + ": its matrix is " +
                    std::to_string(node.matrix.Rows()) + " x " +
                    std::to_string(node.matrix.Cols()) + " for " + std::to_string(node.nIn) +
                    " inputs and " + std::to_string(node.nOut) + " outputs";
            return false;
        }
        if (node.nIn == 1)
        {
            // One mode: a phase shifter (the unitary is e^{i phi}).
            if (!MziMesh::IsUnitary(node.matrix, kUnitaryTolerance))
            {
                error = "MziMesh::LowerUnitaries: " + where + ": the 1 x 1 matrix has modulus " +
                        std::to_string(std::abs(node.matrix(0, 0))) + ", not 1";
                return false;
            }
            meshes[i].n = 1;
            meshes[i].style = style;
            meshes[i].outputPhases = {Wrap(std::arg(node.matrix(0, 0)))};
            continue;
        }
        std::string why;
        if (!MziMesh::Decompose(node.matrix, style, meshes[i], why))
        {
            error = "MziMesh::LowerUnitaries: " + where + ": " + why;
            return false;
        }
    }
    return true;
}

/**
 * Adds the nodes of one lowered UNITARY: its MZIs (mesh order), then its n PHASE nodes.
 * \param [in] node The UNITARY node
 * \param [in] i Its index
 * \param [in] mesh Its mesh
 * \param [in,out] lowered The lowered graph
 * \param [out] entry Per mode, where its signal enters the mesh (first consumer)
 * \param [out] leave Per mode, where it leaves (last producer)
 * \param [in,out] internal The mesh's internal edges, appended
 */
void
ExpandUnitary(const PhotonicNode& node,
              uint32_t i,
              const MziMeshDecomposition& mesh,
              PhotonicGraph& lowered,
              std::vector<PortRef>& entry,
              std::vector<PortRef>& leave,
              std::vector<PhotonicEdge>& internal)
{
    const uint32_t n = mesh.n;
    const std::string base = node.name.empty() ? "unitary" + std::to_string(i) : node.name;
    std::vector<bool> entered(n, false);
    entry.assign(n, PortRef{0, 0});
    std::vector<PortRef> current(n, PortRef{0, 0});
    auto feed = [&](uint32_t mode, uint32_t to, uint32_t toPort) {
        if (!entered[mode])
        {
            entry[mode] = PortRef{to, toPort};
            entered[mode] = true;
        }
        else
        {
            PhotonicEdge e;
            e.from = current[mode].node;
            e.fromPort = current[mode].port;
            e.to = to;
            e.toPort = toPort;
            e.signal = base + ".mode" + std::to_string(mode);
            e.location = node.location;
            internal.push_back(e);
        }
    };
    for (std::size_t k = 0; k < mesh.mzis.size(); ++k)
    {
        const MziSetting& z = mesh.mzis[k];
        PhotonicNode mzi;
        mzi.op = PhotonicOp::MZI;
        mzi.nIn = 2;
        mzi.nOut = 2;
        mzi.name = base + ".mzi(" + std::to_string(z.column) + "," + std::to_string(z.mode) + ")";
        mzi.params = {z.theta, z.phi};
        mzi.location = node.location;
        const uint32_t id = lowered.AddNode(mzi);
        feed(z.mode, id, 0);
        feed(z.mode + 1, id, 1);
        current[z.mode] = PortRef{id, 0};
        current[z.mode + 1] = PortRef{id, 1};
    }
    for (uint32_t m = 0; m < n; ++m)
    {
        PhotonicNode phase;
        phase.op = PhotonicOp::PHASE;
        phase.nIn = 1;
        phase.nOut = 1;
        phase.name = base + ".phase" + std::to_string(m);
        phase.params = {mesh.outputPhases[m]};
        phase.location = node.location;
        const uint32_t id = lowered.AddNode(phase);
        feed(m, id, 0);
        current[m] = PortRef{id, 0};
    }
    leave = current;
}

/**
 * Adds the graph's edges to the lowered graph, reindexed: an edge leaving or entering a
 * UNITARY leaves or enters its mesh.
 * \param [in] graph The graph
 * \param [in] newIndex Per node that is not a UNITARY, its index in the lowered graph
 * \param [in] entry Per UNITARY node, per mode, where its signal enters the mesh
 * \param [in] leave Per UNITARY node, per mode, where it leaves
 * \param [in,out] lowered The lowered graph
 * \param [out] error Why not (an edge on a port the unitary does not have)
 * \return true on success
 */
bool
RewireEdges(const PhotonicGraph& graph,
            const std::vector<uint32_t>& newIndex,
            const std::vector<std::vector<PortRef>>& entry,
            const std::vector<std::vector<PortRef>>& leave,
            PhotonicGraph& lowered,
            std::string& error)
{
    for (const PhotonicEdge& edge : graph.edges)
    {
        PhotonicEdge e = edge;
        if (graph.nodes[edge.from].op == PhotonicOp::UNITARY)
        {
            if (edge.fromPort >= leave[edge.from].size())
            {
                error = "MziMesh::LowerUnitaries: an edge leaves output " +
                        std::to_string(edge.fromPort) + " of unitary node " +
                        std::to_string(edge.from) + ", which has " +
                        std::to_string(leave[edge.from].size());
                return false;
            }
            e.from = leave[edge.from][edge.fromPort].node;
            e.fromPort = leave[edge.from][edge.fromPort].port;
        }
        else
        {
            e.from = newIndex[edge.from];
        }
        if (graph.nodes[edge.to].op == PhotonicOp::UNITARY)
        {
            if (edge.toPort >= entry[edge.to].size())
            {
                error = "MziMesh::LowerUnitaries: an edge enters input " +
                        std::to_string(edge.toPort) + " of unitary node " +
                        std::to_string(edge.to) + ", which has " +
                        std::to_string(entry[edge.to].size());
                return false;
            }
            e.to = entry[edge.to][edge.toPort].node;
            e.toPort = entry[edge.to][edge.toPort].port;
        }
        else
        {
            e.to = newIndex[edge.to];
        }
        lowered.AddEdge(e);
    }
    return true;
}

} // namespace

PhotonicMatrix
MziMesh::GraphTransfer(const PhotonicGraph& graph,
                       std::vector<uint32_t>& inputs,
                       std::vector<uint32_t>& outputs)
{
    inputs.clear();
    outputs.clear();
    const std::size_t nNodes = graph.nodes.size();
    // Columns: INPUT nodes by switch port (then node index); rows: OUTPUT nodes likewise.
    std::vector<uint32_t> inNodes;
    std::vector<uint32_t> outNodes;
    PortNodes(graph, inNodes, outNodes);
    std::vector<uint32_t> column(nNodes, 0);
    for (uint32_t j = 0; j < inNodes.size(); ++j)
    {
        column[inNodes[j]] = j;
    }

    // Edges into each node input and out of each node output; edges naming a missing node or
    // port make the graph malformed.
    EdgeIndex idx;
    std::size_t bad = 0;
    if (!IndexEdges(graph, idx, bad))
    {
        NS_LOG_WARN("GraphTransfer: edge " << bad << " names a missing node or port");
        return PhotonicMatrix();
    }

    // Kahn's algorithm, FIFO; each edge's amplitude vector (over the input columns) is freed
    // once its consumer has run, so the memory held is the graph's width, not its size.
    const Eigen::Index nCols = static_cast<Eigen::Index>(inNodes.size());
    std::vector<Eigen::VectorXcd> signal(graph.edges.size());
    std::deque<uint32_t> ready;
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        if (idx.pending[i] == 0)
        {
            ready.push_back(i);
        }
    }
    PhotonicMatrix result(static_cast<uint32_t>(outNodes.size()),
                          static_cast<uint32_t>(inNodes.size()));
    std::vector<uint32_t> row(nNodes, 0);
    for (uint32_t k = 0; k < outNodes.size(); ++k)
    {
        row[outNodes[k]] = k;
    }
    std::size_t done = 0;
    while (!ready.empty())
    {
        const uint32_t i = ready.front();
        ready.pop_front();
        ++done;
        const PhotonicNode& node = graph.nodes[i];
        std::vector<Eigen::VectorXcd> in(node.nIn);
        for (uint32_t p = 0; p < node.nIn; ++p)
        {
            const int64_t e = idx.inEdge[i][p];
            if (e >= 0 && signal[e].size() == nCols)
            {
                in[p] = std::move(signal[e]);
                signal[e] = Eigen::VectorXcd();
            }
            else
            {
                in[p] = Eigen::VectorXcd::Zero(nCols);
            }
        }
        std::vector<Eigen::VectorXcd> out(node.nOut, Eigen::VectorXcd::Zero(nCols));
        EvaluateNode(node, column[i], row[i], nCols, in, out, result);
        for (uint32_t p = 0; p < node.nOut; ++p)
        {
            const int64_t e = idx.outEdge[i][p];
            if (e < 0)
            {
                continue;
            }
            signal[e] = std::move(out[p]);
            const uint32_t to = graph.edges[e].to;
            if (--idx.pending[to] == 0)
            {
                ready.push_back(to);
            }
        }
    }
    if (done != nNodes)
    {
        NS_LOG_WARN("GraphTransfer: the graph has a cycle (" << nNodes - done
                                                             << " nodes never became ready)");
        return PhotonicMatrix();
    }
    for (uint32_t j : inNodes)
    {
        inputs.push_back(graph.nodes[j].port);
    }
    for (uint32_t k : outNodes)
    {
        outputs.push_back(graph.nodes[k].port);
    }
    return result;
}

bool
MziMesh::LowerUnitaries(PhotonicGraph& graph, const std::string& style, std::string& error)
{
    if (style != "clements" && style != "reck")
    {
        error = "MziMesh::LowerUnitaries: unknown style \"" + style + "\" (clements or reck)";
        return false;
    }
    const std::size_t nNodes = graph.nodes.size();
    // Decompose every UNITARY first: the graph stays untouched on failure.
    std::vector<MziMeshDecomposition> meshes(nNodes);
    if (!DecomposeUnitaries(graph, style, meshes, error))
    {
        return false;
    }
    for (const PhotonicEdge& edge : graph.edges)
    {
        if (edge.from >= nNodes || edge.to >= nNodes)
        {
            error = "MziMesh::LowerUnitaries: an edge names node " +
                    std::to_string(std::max(edge.from, edge.to)) + " of a graph of " +
                    std::to_string(nNodes) + " nodes";
            return false;
        }
    }

    // New nodes: every node in order, each UNITARY replaced in place by its MZIs (mesh order)
    // and its n PHASE nodes. For each unitary mode: where its signal enters the mesh (first
    // consumer) and where it leaves (last producer).
    PhotonicGraph lowered;
    std::vector<uint32_t> newIndex(nNodes, 0);
    std::vector<std::vector<PortRef>> entry(nNodes);
    std::vector<std::vector<PortRef>> leave(nNodes);
    std::vector<PhotonicEdge> internal;
    for (uint32_t i = 0; i < nNodes; ++i)
    {
        const PhotonicNode& node = graph.nodes[i];
        if (node.op != PhotonicOp::UNITARY)
        {
            newIndex[i] = lowered.AddNode(node);
            continue;
        }
        ExpandUnitary(node, i, meshes[i], lowered, entry[i], leave[i], internal);
    }
    if (!RewireEdges(graph, newIndex, entry, leave, lowered, error))
    {
        return false;
    }
    for (const PhotonicEdge& e : internal)
    {
        lowered.AddEdge(e);
    }
    graph = std::move(lowered);
    return true;
}

} // namespace ns3
