/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Embedding of nets on a photonic target (PhotonicRouter): what every algorithm shares (the
// routing graph, occupancy, losses, element states from routes, the reuse of a previous
// embedding, the checks) and PhotonicRouter::Embed, which hands the nets to one embedder
// (photonic-embed-pathfinder.cc, -first-fit.cc, -ilp.cc, -benes.cc; a net's routing is in
// photonic-embed-route.cc, its searches in photonic-embed-search.cc).
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

#include "photonic-embedding-detail.h"

#include "ns3/log.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicEmbedding");

namespace photonicembeddetail
{

LogComponent&
EmbeddingLog()
{
    return g_log;
}

Graph::Graph(const PhotonicTarget& t)
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
            std::max(maxStep, std::hypot(px[wgs[w].a] - px[wgs[w].b], py[wgs[w].a] - py[wgs[w].b]));
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

double
Engine::Fraction(uint32_t n, uint32_t k) const
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

void
Engine::Occupy(uint32_t n, int sign)
{
    for (uint32_t v : m_trees[n].nodes)
    {
        m_occ[v] += sign;
    }
}

void
Engine::Reoccupy()
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

void
Engine::Shares(uint32_t n, std::vector<double>& frac, std::vector<uint32_t>& kids) const
{
    const Tree& tr = m_trees[n];
    const PhotonicNet& net = m_nets[n];
    const std::size_t sz = tr.nodes.size();
    frac.assign(sz, 0);
    kids.assign(sz, 0);
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
}

std::vector<double>
Engine::SinkLoss(uint32_t n) const
{
    const Tree& tr = m_trees[n];
    const PhotonicNet& net = m_nets[n];
    std::vector<double> out;
    if (!tr.routed)
    {
        return out;
    }
    std::vector<double> frac;
    std::vector<uint32_t> kids;
    Shares(n, frac, kids);
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

std::pair<double, double>
Engine::Objective() const
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

double
Engine::NetMax(uint32_t n) const
{
    double mx = 0;
    for (double l : SinkLoss(n))
    {
        mx = std::max(mx, l);
    }
    return mx;
}

uint32_t
Engine::Overused() const
{
    uint32_t k = 0;
    for (uint32_t v = 0; v < m_g.nNodes; ++v)
    {
        k += m_occ[v] > 1;
    }
    return k;
}

bool
Engine::TouchesOverused(uint32_t n) const
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

bool
Engine::LoadTree(uint32_t n, const PhotonicRoute& r)
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

void
Engine::Fill(PhotonicEmbedding& emb) const
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
        std::vector<double> frac;
        std::vector<uint32_t> kids;
        Shares(n, frac, kids);
        const std::size_t sz = tr.nodes.size();
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

void
Engine::Conflicts(PhotonicEmbedding& emb, uint32_t rounds) const
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

namespace
{

/// \return true if two nets ask for the same thing
bool
SameNet(const PhotonicNet& a, const PhotonicNet& b)
{
    return a.source == b.source && a.sinks == b.sinks && a.fractions == b.fractions &&
           a.anySink == b.anySink && a.fanIn == b.fanIn;
}

} // namespace

std::vector<uint8_t>
PinPrevious(Engine& en,
            const PhotonicEmbedding* previous,
            const std::vector<PhotonicNet>* previousNets)
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
    return pinned;
}

} // namespace photonicembeddetail

using namespace photonicembeddetail;

namespace
{

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

/// \return the embedder of an algorithm's name ("pathfinder", "first-fit", "ilp", "benes"),
/// or null
Embedder
FindEmbedder(const std::string& name)
{
    static const std::pair<const char*, Embedder> EMBEDDERS[] = {
        {"pathfinder", PathFinder},
        {"first-fit", FirstFit},
        {"ilp", Ilp},
        {"benes", BenesEmbed},
    };
    for (const auto& [known, embedder] : EMBEDDERS)
    {
        if (name == known)
        {
            return embedder;
        }
    }
    return nullptr;
}

/**
 * \param [in] target The target
 * \param [in] nets The nets (some with several sinks)
 * \param [in,out] emb The embedding: if the target has no MZI, each net that needs a split
 * is added to its failedNets
 * \return true if the target has an MZI element (one that can split)
 */
bool
SplitsPossible(const PhotonicTarget& target,
               const std::vector<PhotonicNet>& nets,
               PhotonicEmbedding& emb)
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
    }
    return anyMzi;
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
    if (a != "auto" && !FindEmbedder(a))
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
    if (trees && !SplitsPossible(target, nets, emb))
    {
        return finish();
    }
    Engine en(target, nets, options);
    FindEmbedder(alg)(en, EmbedRequest{target, options, previous, previousNets}, emb);
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
