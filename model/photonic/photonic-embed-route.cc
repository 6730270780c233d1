/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's routing of one net (Engine::RouteNet): its tree grown sink by sink, each
// from the source or a branch point (an MZI passed once) by a least-cost search, and why a
// sink has no path. PathFinder and first fit route with it.

#include "photonic-embedding-detail.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{
namespace photonicembeddetail
{

std::string
Engine::RouteNet(uint32_t n, const Cost& c)
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
        double tx = 0;
        double ty = 0;
        StampTargets(net, k, c, tx, ty);
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
        Graft(tr, starts[used], path);
    }
    tr.routed = true;
    return "";
}

void
Engine::StampTargets(const PhotonicNet& net, uint32_t k, const Cost& c, double& tx, double& ty)
{
    ++m_tgen;
    if (m_tgen == 0)
    {
        std::fill(m_target.begin(), m_target.end(), 0);
        m_tgen = 1;
    }
    tx = std::numeric_limits<double>::quiet_NaN();
    ty = tx;
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
}

void
Engine::Graft(Tree& tr, const Start& st, const std::vector<uint32_t>& path)
{
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

void
Engine::BranchStarts(const Tree& tr, const Cost& c, std::vector<Start>& starts) const
{
    const std::size_t n = tr.nodes.size();
    if (n < 2)
    {
        return; // no branch point (and GCC 12 at -O2 warns of the empty vectors below)
    }
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

std::string
Engine::NoPathReason(uint32_t n, uint32_t k, const Cost& c) const
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

} // namespace photonicembeddetail
} // namespace ns3
