/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's "ilp" embedder: the exact embedding of circuits as an integer program on
// CBC (LinearProgram): a binary per (net, arc), flow conservation, node capacity one, minimise
// the largest loss, then the total.

#include "photonic-embedding-detail.h"

#include "ns3/linear-program.h"

#include <algorithm>
#include <sstream>

namespace ns3
{
namespace photonicembeddetail
{
namespace
{

/// The router's log component, under its one name.
LogComponent& g_log = EmbeddingLog();

/// An arc of the state graph a path of a net can use.
struct IlpArc
{
    uint32_t from; //!< Tail state
    uint32_t to;   //!< Head state
    double loss;   //!< Its loss (dB)
};

/// A row of the program: (variable, coefficient) pairs.
using Row = std::vector<std::pair<uint32_t, double>>;

/**
 * \param [in] g The graph
 * \param [in] net A circuit
 * \return the state its path starts from (its source in phase 0)
 */
uint32_t
SourceState(const Graph& g, const PhotonicNet& net)
{
    return 2 * (g.firstIo + net.source);
}

/**
 * \param [in] g The graph
 * \param [in] net A circuit
 * \return the state its path ends at (its sink in phase 1)
 */
uint32_t
SinkState(const Graph& g, const PhotonicNet& net)
{
    return 2 * (g.firstIo + net.sinks[0]) + 1;
}

/**
 * \param [in] nets The nets
 * \param [out] emb The embedding: its error if a net is not a circuit
 * \return true if every net is a circuit (one source, one sink)
 */
bool
AllCircuits(const std::vector<PhotonicNet>& nets, PhotonicEmbedding& emb)
{
    for (const PhotonicNet& net : nets)
    {
        if (net.anySink || net.sinks.size() != 1)
        {
            emb.error = "ilp: net '" + net.name +
                        "' is not a circuit (one source, one sink); the ilp embeds circuits "
                        "only (use pathfinder)";
            return false;
        }
    }
    return true;
}

/**
 * \brief The arcs of the state graph reachable from a net's source, breadth-first (no I/O
 * port other than its sink is entered).
 * \param [in] g The graph
 * \param [in] net The net
 * \param [in] n Its index, stamped in fw
 * \param [in,out] fw Per state, the last net that reached it
 * \return the arcs, in the order found
 */
std::vector<IlpArc>
ReachableArcs(const Graph& g, const PhotonicNet& net, uint32_t n, std::vector<uint32_t>& fw)
{
    const bool reverse = net.fanIn;
    const uint32_t src = SourceState(g, net);
    const uint32_t snk = SinkState(g, net);
    std::vector<IlpArc> all;
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
    return all;
}

/**
 * \brief The arcs (of those reachable from the source) that lie on a way to the sink:
 * backward reachability from the sink over the arcs, looked up by head.
 * \param [in] all The arcs reachable from the source (ReachableArcs)
 * \param [in] snk The sink's state
 * \param [in] n The net's index, stamped in bw
 * \param [in] fw Per state, the last net that reached it forward
 * \param [in,out] bw Per state, the last net that reached it backward
 * \return the arcs, in the order of \p all
 */
std::vector<IlpArc>
ArcsToSink(const std::vector<IlpArc>& all,
           uint32_t snk,
           uint32_t n,
           const std::vector<uint32_t>& fw,
           std::vector<uint32_t>& bw)
{
    // Backward reachability over the collected arcs (CSR by head).
    std::vector<uint32_t> idx(all.size());
    for (std::size_t a = 0; a < all.size(); ++a)
    {
        idx[a] = static_cast<uint32_t>(a);
    }
    std::sort(idx.begin(), idx.end(), [&](uint32_t x, uint32_t y) {
        return all[x].to < all[y].to;
    });
    std::vector<uint32_t> queue(1, snk);
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
    std::vector<IlpArc> kept;
    for (const IlpArc& a : all)
    {
        if (bw[a.from] == n && bw[a.to] == n && fw[a.from] == n)
        {
            kept.push_back(a);
        }
    }
    return kept;
}

/**
 * \brief Per net: the arcs of the state graph a path of the net can use (reachable from its
 * source, co-reachable to its sink). A net whose sink is not reachable is added to the
 * embedding's failedNets.
 * \param [in] g The graph
 * \param [in] nets The nets (circuits)
 * \param [out] arcs Per net, its arcs
 * \param [in,out] emb The embedding
 * \return the number of (net, arc) pairs
 */
uint64_t
CollectArcs(const Graph& g,
            const std::vector<PhotonicNet>& nets,
            std::vector<std::vector<IlpArc>>& arcs,
            PhotonicEmbedding& emb)
{
    const uint32_t K = static_cast<uint32_t>(nets.size());
    arcs.assign(K, std::vector<IlpArc>());
    uint64_t total = 0;
    const uint32_t nStates = 2 * g.nNodes;
    std::vector<uint32_t> fw(nStates, NONE);
    std::vector<uint32_t> bw(nStates, NONE);
    for (uint32_t n = 0; n < K; ++n)
    {
        const PhotonicNet& net = nets[n];
        const std::vector<IlpArc> all = ReachableArcs(g, net, n, fw);
        const uint32_t snk = SinkState(g, net);
        if (fw[snk] != n)
        {
            std::ostringstream os;
            os << net.name << ": no path: I/O port " << net.sinks[0]
               << " is not reachable from I/O port " << net.source << " on "
               << (g.directed ? "a feed-forward" : "a recirculating") << " target";
            emb.failedNets.push_back(os.str());
            continue;
        }
        arcs[n] = ArcsToSink(all, snk, n, fw, bw);
        total += arcs[n].size();
    }
    return total;
}

/**
 * \brief The weight of the total-loss term: the total term is at most tieDb, so the largest
 * loss is within tieDb of the min-max optimum whatever the total.
 * \param [in] arcs Per net, its arcs
 * \param [in] tieDb Options::ilpTieDb
 * \return eps
 */
double
TieWeight(const std::vector<std::vector<IlpArc>>& arcs, double tieDb)
{
    const uint32_t K = static_cast<uint32_t>(arcs.size());
    double lmax = 0;
    for (uint32_t n = 0; n < K; ++n)
    {
        double sum = 0;
        for (const IlpArc& a : arcs[n])
        {
            sum += a.loss;
        }
        lmax = std::max(lmax, sum);
    }
    return lmax > 0 ? tieDb / (K * lmax) : 0;
}

/**
 * \brief Adds one net to the program: a binary per arc (objective eps x loss), flow
 * conservation per state (out - in = +1 at the source, -1 at the sink, else 0) and z >= the
 * path's loss; each arc's variable is added to the capacity row of its head's node.
 * \param [in,out] lp The program
 * \param [in] z The largest-loss variable
 * \param [in] arcs The net's arcs
 * \param [in] src Its source state
 * \param [in] snk Its sink state
 * \param [in] eps Weight of the total loss
 * \param [out] var Per arc, its variable
 * \param [in,out] capacity Per node, the variables of the arcs into it
 */
void
AddNetRows(LinearProgram& lp,
           uint32_t z,
           const std::vector<IlpArc>& arcs,
           uint32_t src,
           uint32_t snk,
           double eps,
           std::vector<uint32_t>& var,
           std::vector<Row>& capacity)
{
    Row lossRow{{z, 1.0}};
    std::vector<uint32_t> states;
    for (const IlpArc& a : arcs)
    {
        const uint32_t x = lp.AddVariable(0, 1, eps * a.loss, true);
        var.push_back(x);
        lossRow.emplace_back(x, -a.loss);
        capacity[a.to >> 1].emplace_back(x, 1.0);
        states.push_back(a.from);
        states.push_back(a.to);
    }
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end()), states.end());
    std::vector<Row> cons(states.size());
    auto at = [&](uint32_t s) {
        return std::lower_bound(states.begin(), states.end(), s) - states.begin();
    };
    for (std::size_t a = 0; a < arcs.size(); ++a)
    {
        cons[at(arcs[a].from)].emplace_back(var[a], 1.0);
        cons[at(arcs[a].to)].emplace_back(var[a], -1.0);
    }
    for (std::size_t i = 0; i < states.size(); ++i)
    {
        const double rhs = states[i] == src ? 1.0 : states[i] == snk ? -1.0 : 0.0;
        lp.AddConstraint(cons[i], rhs, rhs);
    }
    lp.AddConstraint(lossRow, 0, LinearProgram::Infinity());
}

/**
 * \brief The program: z (the largest loss, minimised), every net's rows (AddNetRows), then
 * per node shared by several arcs, capacity one.
 * \param [in] g The graph
 * \param [in] nets The nets
 * \param [in] arcs Per net, its arcs
 * \param [in] eps Weight of the total loss
 * \param [in,out] lp The program (empty)
 * \return per net, the variables of its arcs
 */
std::vector<std::vector<uint32_t>>
BuildProgram(const Graph& g,
             const std::vector<PhotonicNet>& nets,
             const std::vector<std::vector<IlpArc>>& arcs,
             double eps,
             LinearProgram& lp)
{
    const uint32_t K = static_cast<uint32_t>(nets.size());
    const uint32_t z = lp.AddVariable(0, LinearProgram::Infinity(), 1.0, false, "z");
    std::vector<std::vector<uint32_t>> var(K);
    std::vector<Row> capacity(g.nNodes);
    for (uint32_t n = 0; n < K; ++n)
    {
        AddNetRows(lp,
                   z,
                   arcs[n],
                   SourceState(g, nets[n]),
                   SinkState(g, nets[n]),
                   eps,
                   var[n],
                   capacity);
    }
    for (uint32_t v = 0; v < g.nNodes; ++v)
    {
        if (capacity[v].size() > 1)
        {
            lp.AddConstraint(capacity[v], -LinearProgram::Infinity(), 1.0);
        }
    }
    return var;
}

/**
 * \brief Reports a solve that found no solution: the status (and why) as the error, every net
 * as not embedded.
 * \param [in] nets The nets
 * \param [in] res The solve's result
 * \param [in,out] emb The embedding
 */
void
ReportNoSolution(const std::vector<PhotonicNet>& nets,
                 const LinearProgram::Result& res,
                 PhotonicEmbedding& emb)
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
}

/**
 * \brief Each net's tree from the solution: its chosen arcs followed from the source (cycles
 * off the path are ignored), in the occupancy.
 * \param [in,out] en The engine
 * \param [in] arcs Per net, its arcs
 * \param [in] var Per net, the variables of its arcs
 * \param [in] values The solution
 * \param [in,out] emb The embedding: its error if a net's arcs do not reach its sink
 * \return true if every net's path reaches its sink (else the nets before it are routed)
 */
bool
TraceSolution(Engine& en,
              const std::vector<std::vector<IlpArc>>& arcs,
              const std::vector<std::vector<uint32_t>>& var,
              const std::vector<double>& values,
              PhotonicEmbedding& emb)
{
    const Graph& g = en.G();
    const auto& nets = en.m_nets;
    const uint32_t K = static_cast<uint32_t>(nets.size());
    for (uint32_t n = 0; n < K; ++n)
    {
        Tree& tr = en.m_trees[n];
        tr.Clear();
        const uint32_t src = SourceState(g, nets[n]);
        const uint32_t snk = SinkState(g, nets[n]);
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
                if (arcs[n][a].from == s && values[var[n][a]] > 0.5)
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
            return false;
        }
        tr.sinkAt.push_back(static_cast<uint32_t>(tr.nodes.size() - 1));
        tr.routed = true;
        en.Occupy(n, +1);
    }
    return true;
}

} // namespace

void
Ilp(Engine& en, const EmbedRequest& request, PhotonicEmbedding& emb)
{
    const PhotonicRouter::Options& o = request.options;
    const Graph& g = en.G();
    const auto& nets = en.m_nets;
    if (!AllCircuits(nets, emb))
    {
        return;
    }
    std::vector<std::vector<IlpArc>> arcs;
    const uint64_t total = CollectArcs(g, nets, arcs, emb);
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
    const double eps = TieWeight(arcs, o.ilpTieDb);
    LinearProgram lp;
    const std::vector<std::vector<uint32_t>> var = BuildProgram(g, nets, arcs, eps, lp);
    const LinearProgram::Result res = lp.Solve(o.ilpTimeLimitS, o.ilpMaxNodes);
    emb.iterations = static_cast<uint32_t>(std::min<uint64_t>(res.nodes, UINT32_MAX));
    if (!res.HasSolution())
    {
        ReportNoSolution(nets, res, emb);
        return;
    }
    if (!TraceSolution(en, arcs, var, res.values, emb))
    {
        return;
    }
    emb.ok = res.HasSolution() && en.Overused() == 0;
    if (res.status == LinearProgram::FEASIBLE)
    {
        NS_LOG_INFO("ilp: time or node limit, gap " << res.gap);
    }
}

} // namespace photonicembeddetail
} // namespace ns3
