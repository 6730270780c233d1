/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's "benes" embedder: on a generated Benes target, the permutation of the
// circuits through BenesRouter::Route (the looping algorithm), each route then traced from its
// input by following the switch states.

#include "photonic-embedding-detail.h"

#include <algorithm>
#include <string>

namespace ns3
{
namespace photonicembeddetail
{
namespace
{

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

/**
 * \param [in] t The target
 * \param [out] emb The embedding: its error if the target is not a generated Benes network
 * \return true if it is one (style benes, n = 2^k inputs and outputs, n/2 (2 log2 n - 1)
 * elements)
 */
bool
IsGeneratedBenes(const PhotonicTarget& t, PhotonicEmbedding& emb)
{
    const uint32_t n = t.GetNInputs();
    if (t.GetStyle() != "benes" || n < 2 || (n & (n - 1)) != 0 || t.GetNOutputs() != n ||
        t.GetElements().size() != static_cast<std::size_t>(n / 2) * (2 * Log2(n) - 1))
    {
        emb.error = "benes: target '" + t.GetName() + "' (style " + t.GetStyle() +
                    ") is not a generated Benes network (use pathfinder)";
        return false;
    }
    return true;
}

/**
 * \brief The permutation the circuits ask for: each from an input a to an output b (the
 * light's way: a fan-in runs from its sink to its source).
 * \param [in] nets The nets
 * \param [in] n Inputs (= outputs)
 * \param [out] perm Per input, its output's index (UINT32_MAX: unused)
 * \param [out] in Per net, its input
 * \param [in,out] emb The embedding: its error if a net is not a circuit from an input to an
 * output
 * \return true if every net is one
 */
bool
Permutation(const std::vector<PhotonicNet>& nets,
            uint32_t n,
            std::vector<uint32_t>& perm,
            std::vector<uint32_t>& in,
            PhotonicEmbedding& emb)
{
    perm.assign(n, UINT32_MAX);
    in.assign(nets.size(), 0);
    for (uint32_t k = 0; k < nets.size(); ++k)
    {
        const PhotonicNet& net = nets[k];
        if (net.anySink || net.sinks.size() != 1)
        {
            emb.error = "benes: net '" + net.name +
                        "' is not a circuit; the looping algorithm routes circuits only (use "
                        "pathfinder)";
            return false;
        }
        const uint32_t a = net.fanIn ? net.sinks[0] : net.source;
        const uint32_t b = net.fanIn ? net.source : net.sinks[0];
        if (a >= n || b < n || b >= 2 * n)
        {
            emb.error = "benes: net '" + net.name + "' must run from an input (I/O 0.." +
                        std::to_string(n - 1) + ") to an output (I/O " + std::to_string(n) + ".." +
                        std::to_string(2 * n - 1) + ")";
            return false;
        }
        perm[a] = b - n;
        in[k] = a;
    }
    return true;
}

/**
 * \brief A route traced from an input: along each waveguide, then through each switch as its
 * state says, until an I/O port (or a dead end).
 * \param [in] g The graph
 * \param [in] cross Per stage and switch, true if crossed (BenesRouter::Route)
 * \param [in] n Inputs
 * \param [in] input The input
 * \return the path's nodes, from the input's I/O node
 */
std::vector<uint32_t>
TracePath(const Graph& g, const std::vector<std::vector<bool>>& cross, uint32_t n, uint32_t input)
{
    std::vector<uint32_t> path{g.firstIo + input};
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
    return path;
}

} // namespace

void
BenesEmbed(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb)
{
    const PhotonicTarget& t = request.target;
    const Graph& g = en.G();
    const auto& nets = en.m_nets;
    const uint32_t n = t.GetNInputs();
    if (!IsGeneratedBenes(t, emb))
    {
        return;
    }
    std::vector<uint32_t> perm;
    std::vector<uint32_t> in;
    if (!Permutation(nets, n, perm, in, emb))
    {
        return;
    }
    const std::vector<std::vector<bool>> cross = BenesRouter::Route(n, perm);
    for (uint32_t k = 0; k < nets.size(); ++k)
    {
        const PhotonicNet& net = nets[k];
        std::vector<uint32_t> path = TracePath(g, cross, n, in[k]);
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

} // namespace photonicembeddetail
} // namespace ns3
