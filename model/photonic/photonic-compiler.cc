/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-compiler.h"

#include "photonic-language.h"

#include "ns3/log.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicCompiler");

namespace
{

/// Where each node's optical ports connect: per node, per port, the edge (or -1).
struct GraphIndex
{
    std::vector<std::vector<int32_t>> in;  //!< node -> input port -> edge
    std::vector<std::vector<int32_t>> out; //!< node -> output port -> edge

    explicit GraphIndex(const PhotonicGraph& g)
        : in(g.nodes.size()),
          out(g.nodes.size())
    {
        for (std::size_t n = 0; n < g.nodes.size(); ++n)
        {
            in[n].assign(g.nodes[n].nIn, -1);
            out[n].assign(g.nodes[n].nOut, -1);
        }
        for (std::size_t e = 0; e < g.edges.size(); ++e)
        {
            const PhotonicEdge& edge = g.edges[e];
            if (edge.fromPort < out[edge.from].size())
            {
                out[edge.from][edge.fromPort] = static_cast<int32_t>(e);
            }
            if (edge.toPort < in[edge.to].size())
            {
                in[edge.to][edge.toPort] = static_cast<int32_t>(e);
            }
        }
    }
};

/// A node input reached by following light forward through crossings.
struct Reached
{
    uint32_t node; //!< The node
    uint32_t port; //!< Its input
};

/**
 * Follows light from output \p port of node \p node to the next node that is not a crossing.
 * \return false if the output feeds nothing (cannot happen in a well-typed graph)
 */
bool
FollowForward(const PhotonicGraph& g,
              const GraphIndex& idx,
              uint32_t node,
              uint32_t port,
              Reached& reached)
{
    for (std::size_t guard = 0; guard <= g.nodes.size(); ++guard)
    {
        const int32_t e = idx.out[node][port];
        if (e < 0)
        {
            return false;
        }
        const PhotonicEdge& edge = g.edges[e];
        if (g.nodes[edge.to].op != PhotonicOp::CROSSING)
        {
            reached = {edge.to, edge.toPort};
            return true;
        }
        node = edge.to;
        port = 1 - edge.toPort;
    }
    return false; // a loop of crossings
}

/**
 * Follows light backward from input \p port of node \p node to the producer that is not a
 * crossing; \p reached.port is then the producer's output.
 */
bool
FollowBackward(const PhotonicGraph& g,
               const GraphIndex& idx,
               uint32_t node,
               uint32_t port,
               Reached& reached)
{
    for (std::size_t guard = 0; guard <= g.nodes.size(); ++guard)
    {
        const int32_t e = idx.in[node][port];
        if (e < 0)
        {
            return false;
        }
        const PhotonicEdge& edge = g.edges[e];
        if (g.nodes[edge.from].op != PhotonicOp::CROSSING)
        {
            reached = {edge.from, edge.fromPort};
            return true;
        }
        node = edge.from;
        port = 1 - edge.fromPort;
    }
    return false;
}

std::string
Where(const PhotonicNode& node)
{
    return node.location.line > 0 ? node.location.ToString() + ": " : std::string();
}

bool
HasTerminators(const std::vector<PhotonicNet>& nets)
{
    return std::any_of(nets.begin(), nets.end(), [](const PhotonicNet& n) { return n.anySink; });
}

double
PowerDb(double share)
{
    return -10.0 * std::log10(share);
}

/**
 * The I/O port of the target that an INPUT node's switch input is.
 * \param [in] target The target
 * \param [in] n The INPUT node
 * \param [out] io The I/O port
 * \param [out] error Set when the target has no such input
 * \return true on success
 */
bool
InputIo(const PhotonicTarget& target, const PhotonicNode& n, uint32_t& io, std::string& error)
{
    if (n.port >= target.GetNInputs())
    {
        error = Where(n) + "input " + n.name + " is switch input " + std::to_string(n.port) +
                ", beyond the " + std::to_string(target.GetNInputs()) + " inputs of target '" +
                target.GetName() + "'";
        return false;
    }
    io = target.InputIo(n.port);
    return true;
}

/**
 * The I/O port of the target that an OUTPUT node's switch output is.
 * \param [in] target The target
 * \param [in] n The OUTPUT node
 * \param [out] io The I/O port
 * \param [out] error Set when the target has no such output
 * \return true on success
 */
bool
OutputIo(const PhotonicTarget& target, const PhotonicNode& n, uint32_t& io, std::string& error)
{
    if (n.port >= target.GetNOutputs())
    {
        error = Where(n) + "output " + n.name + " is switch output " + std::to_string(n.port) +
                ", beyond the " + std::to_string(target.GetNOutputs()) + " outputs of target '" +
                target.GetName() + "'";
        return false;
    }
    io = target.OutputIo(n.port);
    return true;
}

/**
 * Collects the leaves of a circuit or a splitter tree (output ports) and their shares of the
 * light, depth first.
 * \param [in] g The graph
 * \param [in] idx Its index
 * \param [in] target The target
 * \param [in] source The INPUT node that feeds the tree
 * \param [in] r The first node its light reaches
 * \param [in,out] net The net (its sinks and fractions appended)
 * \param [out] sinkNames The leaves' names, in the order found
 * \param [out] error Why not (the light reaches something else than a splitter or an output)
 * \return true on success
 */
bool
CollectSplitterTree(const PhotonicGraph& g,
                    const GraphIndex& idx,
                    const PhotonicTarget& target,
                    const PhotonicNode& source,
                    const Reached& r,
                    PhotonicNet& net,
                    std::vector<std::string>& sinkNames,
                    std::string& error)
{
    std::vector<std::pair<Reached, double>> stack{{r, 1.0}};
    while (!stack.empty())
    {
        const auto [at, share] = stack.back();
        stack.pop_back();
        const PhotonicNode& node = g.nodes[at.node];
        if (node.op == PhotonicOp::OUTPUT)
        {
            uint32_t io = 0;
            if (!OutputIo(target, node, io, error))
            {
                return false;
            }
            net.sinks.push_back(io);
            net.fractions.push_back(share);
            sinkNames.push_back(node.name);
        }
        else if (node.op == PhotonicOp::SPLITTER)
        {
            const double ratio = node.params.empty() ? 0.5 : node.params[0];
            for (uint32_t k = 0; k < 2; ++k)
            {
                Reached next{};
                if (!FollowForward(g, idx, at.node, k, next))
                {
                    error = Where(node) + "a splitter output leads nowhere";
                    return false;
                }
                stack.push_back({next, share * (k == 0 ? ratio : 1.0 - ratio)});
            }
        }
        else
        {
            error = Where(node) + "light of " + source.name + " split and then reaches " +
                    PhotonicOpName(node.op) +
                    ": a splitter tree on a switch target must end at output ports (write "
                    "the branch as an output, or the program as analog)";
            return false;
        }
    }
    return true;
}

/**
 * Adds the net of an INPUT node: to a sink (terminator, detector), a circuit or a splitter
 * tree; none when its light enters a combiner (the combiner tree's net is made from its root).
 * \param [in] g The graph
 * \param [in] idx Its index
 * \param [in] target The target
 * \param [in] n The INPUT node
 * \param [in,out] nets The nets (the node's appended)
 * \param [out] error Set on failure
 * \return true on success
 */
bool
AddInputNet(const PhotonicGraph& g,
            const GraphIndex& idx,
            const PhotonicTarget& target,
            uint32_t n,
            std::vector<PhotonicNet>& nets,
            std::string& error)
{
    const PhotonicNode& source = g.nodes[n];
    PhotonicNet net;
    if (!InputIo(target, source, net.source, error))
    {
        return false;
    }
    Reached r{};
    if (!FollowForward(g, idx, n, 0, r))
    {
        error = Where(source) + "input " + source.name + " leads nowhere";
        return false;
    }
    const PhotonicNode& first = g.nodes[r.node];
    if (first.op == PhotonicOp::COMBINER)
    {
        return true; // a fan-in, gathered from its root
    }
    if (first.op == PhotonicOp::TERMINATOR || first.op == PhotonicOp::DETECTOR)
    {
        net.name = source.name + " -> " + PhotonicOpName(first.op);
        net.anySink = true;
        nets.push_back(net);
        return true;
    }
    // A circuit or a splitter tree: collect the leaves and their shares.
    std::vector<std::string> sinkNames;
    if (!CollectSplitterTree(g, idx, target, source, r, net, sinkNames, error))
    {
        return false;
    }
    std::ostringstream name;
    name << source.name << " -> ";
    for (std::size_t k = 0; k < sinkNames.size(); ++k)
    {
        name << (k ? "," : "") << sinkNames[k];
    }
    net.name = name.str();
    if (net.sinks.size() == 1)
    {
        net.fractions.clear(); // a circuit
    }
    nets.push_back(net);
    return true;
}

/**
 * Collects the sources of a combiner tree (input ports) and their shares, walking the light
 * backward from the root, depth first.
 * \param [in] g The graph
 * \param [in] idx Its index
 * \param [in] target The target
 * \param [in] n The root combiner
 * \param [in,out] net The net (its sinks and fractions appended: the sources)
 * \param [out] names The sources' names, in the order found
 * \param [out] error Why not (a combiner fed by something else than a combiner or an input)
 * \return true on success
 */
bool
CollectCombinerTree(const PhotonicGraph& g,
                    const GraphIndex& idx,
                    const PhotonicTarget& target,
                    uint32_t n,
                    PhotonicNet& net,
                    std::vector<std::string>& names,
                    std::string& error)
{
    const PhotonicNode& node = g.nodes[n];
    std::vector<std::pair<Reached, double>> stack{{{n, 0}, 0.5}, {{n, 1}, 0.5}};
    while (!stack.empty())
    {
        const auto [at, share] = stack.back();
        stack.pop_back();
        Reached up{};
        if (!FollowBackward(g, idx, at.node, at.port, up))
        {
            error = Where(g.nodes[at.node]) + "a combiner input is fed by nothing";
            return false;
        }
        const PhotonicNode& producer = g.nodes[up.node];
        if (producer.op == PhotonicOp::COMBINER)
        {
            stack.push_back({{up.node, 0}, share / 2});
            stack.push_back({{up.node, 1}, share / 2});
        }
        else if (producer.op == PhotonicOp::INPUT)
        {
            uint32_t io = 0;
            if (!InputIo(target, producer, io, error))
            {
                return false;
            }
            net.sinks.push_back(io);
            net.fractions.push_back(share);
            names.push_back(producer.name);
        }
        else
        {
            error = Where(node) + "a combiner is fed by " + PhotonicOpName(producer.op) +
                    ": a combiner tree on a switch target must start at input ports";
            return false;
        }
    }
    return true;
}

/**
 * Adds the net of a combiner tree if \p n is its root (a combiner whose light does not enter
 * another combiner): forward to its output, backward to its sources.
 * \param [in] g The graph
 * \param [in] idx Its index
 * \param [in] target The target
 * \param [in] n A COMBINER node
 * \param [in,out] nets The nets (the tree's appended)
 * \param [out] error Set on failure
 * \return true on success (nothing added if \p n is not a root)
 */
bool
AddCombinerNet(const PhotonicGraph& g,
               const GraphIndex& idx,
               const PhotonicTarget& target,
               uint32_t n,
               std::vector<PhotonicNet>& nets,
               std::string& error)
{
    const PhotonicNode& node = g.nodes[n];
    Reached down{};
    if (!FollowForward(g, idx, n, 0, down))
    {
        error = Where(node) + "a combiner output leads nowhere";
        return false;
    }
    if (g.nodes[down.node].op == PhotonicOp::COMBINER)
    {
        return true; // not a root
    }
    const PhotonicNode& sink = g.nodes[down.node];
    if (sink.op != PhotonicOp::OUTPUT)
    {
        error = Where(node) + "combined light reaches " + PhotonicOpName(sink.op) +
                ": a combiner tree on a switch target must end at an output port";
        return false;
    }
    PhotonicNet net;
    net.fanIn = true;
    if (!OutputIo(target, sink, net.source, error))
    {
        return false;
    }
    std::vector<std::string> names;
    if (!CollectCombinerTree(g, idx, target, n, net, names, error))
    {
        return false;
    }
    std::ostringstream name;
    for (std::size_t k = 0; k < names.size(); ++k)
    {
        name << (k ? "," : "") << names[k];
    }
    name << " -> " << sink.name;
    net.name = name.str();
    nets.push_back(net);
    return true;
}

} // namespace

bool
PhotonicCompiler::IsAnalog(const PhotonicGraph& graph)
{
    return graph.Count(PhotonicOp::MZI) + graph.Count(PhotonicOp::PHASE) +
               graph.Count(PhotonicOp::UNITARY) >
           0;
}

bool
PhotonicCompiler::ExtractNets(const PhotonicGraph& g,
                              const PhotonicTarget& target,
                              std::vector<PhotonicNet>& nets,
                              std::string& error)
{
    nets.clear();
    const GraphIndex idx(g);
    for (uint32_t n = 0; n < g.nodes.size(); ++n)
    {
        if (g.nodes[n].op == PhotonicOp::INPUT && !AddInputNet(g, idx, target, n, nets, error))
        {
            return false;
        }
    }
    // Combiner trees: from each root (a combiner whose light does not enter another
    // combiner) forward to its output and backward to its sources.
    for (uint32_t n = 0; n < g.nodes.size(); ++n)
    {
        if (g.nodes[n].op == PhotonicOp::COMBINER &&
            !AddCombinerNet(g, idx, target, n, nets, error))
        {
            return false;
        }
    }
    return true;
}

namespace
{

/// Compiles an analog slot onto a Clements or Reck mesh.
bool
CompileAnalog(const PhotonicGraph& graph,
              const PhotonicTarget& target,
              PhotonicCompiledSlot& slot,
              std::string& error)
{
    slot.analog = true;
    const std::string& style = target.GetStyle();
    if (style != "clements" && style != "reck")
    {
        error = "an analog program (mzi, phase, unitary) needs a clements or reck mesh; target '" +
                target.GetName() + "' is a " + style + " target";
        return false;
    }
    slot.ideal = MziMesh::GraphTransfer(graph, slot.inputs, slot.outputs);
    if (slot.ideal.Rows() == 0 && !graph.nodes.empty())
    {
        error = "an analog program must not loop: its transfer matrix needs an acyclic graph";
        return false;
    }
    if (slot.inputs.size() != slot.outputs.size())
    {
        error = "an analog program must have as many outputs as inputs (it has " +
                std::to_string(slot.inputs.size()) + " inputs and " +
                std::to_string(slot.outputs.size()) + " outputs): meshes realize unitaries";
        return false;
    }
    if (!MziMesh::IsUnitary(slot.ideal, 1e-8))
    {
        error = "the analog program's transfer matrix is not unitary (a splitter, combiner, "
                "detector or terminator loses light): lossless meshes realize unitaries only";
        return false;
    }
    const uint32_t n = target.GetNInputs();
    for (uint32_t p : slot.inputs)
    {
        if (p >= n)
        {
            error = "analog input on switch port " + std::to_string(p) + ", beyond the " +
                    std::to_string(n) + " modes of target '" + target.GetName() + "'";
            return false;
        }
    }
    for (uint32_t p : slot.outputs)
    {
        if (p >= n)
        {
            error = "analog output on switch port " + std::to_string(p) + ", beyond the " +
                    std::to_string(n) + " modes of target '" + target.GetName() + "'";
            return false;
        }
    }
    // The whole mesh's unitary: the program on its ports, the other modes paired in order.
    PhotonicMatrix full(n, n);
    for (std::size_t r = 0; r < slot.outputs.size(); ++r)
    {
        for (std::size_t c = 0; c < slot.inputs.size(); ++c)
        {
            full(slot.outputs[r], slot.inputs[c]) = slot.ideal(r, c);
        }
    }
    std::vector<bool> rowUsed(n, false);
    std::vector<bool> colUsed(n, false);
    for (uint32_t p : slot.outputs)
    {
        rowUsed[p] = true;
    }
    for (uint32_t p : slot.inputs)
    {
        colUsed[p] = true;
    }
    uint32_t col = 0;
    for (uint32_t r = 0; r < n; ++r)
    {
        if (rowUsed[r])
        {
            continue;
        }
        while (colUsed[col])
        {
            ++col;
        }
        full(r, col++) = 1.0;
    }
    MziMeshDecomposition mesh;
    if (!MziMesh::Decompose(full, style, mesh, error))
    {
        return false;
    }
    const std::vector<PhotonicElement>& elements = target.GetElements();
    slot.embedding.states.assign(elements.size(), PhotonicElementState());
    std::vector<double> losses;
    losses.reserve(mesh.mzis.size());
    for (const MziSetting& m : mesh.mzis)
    {
        const int32_t e = target.MeshElement(m.column, m.mode);
        if (e < 0)
        {
            error = "target '" + target.GetName() + "' has no MZI at column " +
                    std::to_string(m.column) + ", mode " + std::to_string(m.mode) + ", where the " +
                    style + " mesh needs one";
            return false;
        }
        PhotonicElementState& s = slot.embedding.states[e];
        const double c = std::cos(m.theta);
        const double sn = std::sin(m.theta);
        if (std::abs(sn) < 1e-12)
        {
            s.setting = PhotonicElementState::BAR;
        }
        else if (std::abs(c) < 1e-12)
        {
            s.setting = PhotonicElementState::CROSS;
        }
        else
        {
            s.setting = PhotonicElementState::SPLIT;
            s.ratio = c * c;
        }
        s.phase = m.phi;
        losses.push_back(elements[e].lossDb);
    }
    const PhotonicMatrix realizedFull = MziMesh::Reconstruct(mesh, losses);
    slot.realized = PhotonicMatrix(slot.ideal.Rows(), slot.ideal.Cols());
    for (std::size_t r = 0; r < slot.outputs.size(); ++r)
    {
        for (std::size_t c = 0; c < slot.inputs.size(); ++c)
        {
            slot.realized(r, c) = realizedFull(slot.outputs[r], slot.inputs[c]);
        }
    }
    slot.fidelity = MziMesh::Fidelity(slot.ideal, slot.realized);
    for (std::size_t r = 0; r < slot.outputs.size(); ++r)
    {
        for (std::size_t c = 0; c < slot.inputs.size(); ++c)
        {
            const double ideal = std::norm(slot.ideal(r, c));
            const double real = std::norm(slot.realized(r, c));
            if (ideal > 1e-6 && real > 0)
            {
                slot.pairs.push_back({slot.inputs[c], slot.outputs[r], PowerDb(real / ideal)});
            }
        }
    }
    slot.embedding.ok = true;
    slot.embedding.algorithm = style;
    return true;
}

} // namespace

PhotonicCompilation
PhotonicCompiler::Compile(const PhotonicProgram& program,
                          const PhotonicTarget& target,
                          const Options& options,
                          const PhotonicCompilation* previous)
{
    NS_LOG_FUNCTION(program.name << target.GetName());
    const auto t0 = std::chrono::steady_clock::now();
    PhotonicCompilation result;
    const PhotonicCompiledSlot* before =
        previous && previous->ok && !previous->slots.empty() ? &previous->slots.back() : nullptr;
    std::vector<bool> used(target.GetElements().size(), false);
    result.slots.reserve(program.slots.size());
    for (std::size_t k = 0; k < program.slots.size(); ++k)
    {
        const PhotonicSlot& source = program.slots[k];
        PhotonicCompiledSlot slot;
        slot.duration = source.duration;
        PhotonicGraph graph = source.graph;
        PhotonicLanguage::LowerCircuits(graph);
        const std::string prefix =
            program.slots.size() > 1 ? "slot " + std::to_string(k) + ": " : std::string();
        std::string error;
        if (IsAnalog(graph))
        {
            if (!CompileAnalog(graph, target, slot, error))
            {
                result.error = prefix + error;
                return result;
            }
        }
        else
        {
            if (!ExtractNets(graph, target, slot.nets, error))
            {
                result.error = prefix + error;
                return result;
            }
            const bool reuse = before && !before->analog;
            slot.embedding = PhotonicRouter::Embed(target,
                                                   slot.nets,
                                                   options.router,
                                                   reuse ? &before->embedding : nullptr,
                                                   reuse ? &before->nets : nullptr);
            if (!slot.embedding.ok && HasTerminators(slot.nets))
            {
                // No free output to absorb a dropped input's light (every output carries a
                // circuit or a branch): those inputs are taken as dark, and the rest is
                // embedded without them.
                std::vector<PhotonicNet> lit;
                for (const PhotonicNet& net : slot.nets)
                {
                    if (net.anySink)
                    {
                        ++slot.darkInputs;
                    }
                    else
                    {
                        lit.push_back(net);
                    }
                }
                slot.nets = lit;
                slot.embedding = PhotonicRouter::Embed(target,
                                                       slot.nets,
                                                       options.router,
                                                       reuse ? &before->embedding : nullptr,
                                                       reuse ? &before->nets : nullptr);
            }
            if (!slot.embedding.ok)
            {
                result.error = prefix + "cannot embed on target '" + target.GetName() +
                               "': " + slot.embedding.error;
                return result;
            }
            for (std::size_t n = 0; n < slot.nets.size(); ++n)
            {
                const PhotonicNet& net = slot.nets[n];
                const PhotonicRoute& route = slot.embedding.routes[n];
                if (net.anySink)
                {
                    continue;
                }
                for (std::size_t s = 0; s < net.sinks.size(); ++s)
                {
                    const uint32_t inIo = net.fanIn ? net.sinks[s] : net.source;
                    const uint32_t outIo = net.fanIn ? net.source : net.sinks[s];
                    slot.pairs.push_back({static_cast<uint32_t>(target.InputPortOf(inIo)),
                                          static_cast<uint32_t>(target.OutputPortOf(outIo)),
                                          route.sinkLossDb.at(s)});
                }
            }
        }
        if (before)
        {
            slot.elementsChanged = static_cast<uint32_t>(
                PhotonicRouter::ChangedElements(before->embedding, slot.embedding).size());
        }
        else
        {
            slot.elementsChanged = static_cast<uint32_t>(
                std::count_if(slot.embedding.states.begin(),
                              slot.embedding.states.end(),
                              [](const PhotonicElementState& s) {
                                  return s.setting != PhotonicElementState::UNUSED;
                              }));
        }
        for (std::size_t e = 0; e < slot.embedding.states.size(); ++e)
        {
            used[e] = used[e] || slot.embedding.states[e].setting != PhotonicElementState::UNUSED;
        }
        result.slots.push_back(std::move(slot));
        before = &result.slots.back();
    }
    double sum = 0;
    for (const PhotonicCompiledSlot& slot : result.slots)
    {
        for (const PhotonicPair& p : slot.pairs)
        {
            result.maxPathLossDb = std::max(result.maxPathLossDb, p.lossDb);
            sum += p.lossDb;
            ++result.pairs;
        }
    }
    result.meanPathLossDb = result.pairs ? sum / result.pairs : 0;
    result.elementsUsed = static_cast<uint32_t>(std::count(used.begin(), used.end(), true));
    result.ok = true;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

} // namespace ns3
