/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The ADMM of TeAdmmMethod (the formulation is in te-admm.h). Data layout: the paths that take
// part (demand > 0, every arc up) are numbered in commodity order; their arcs are laid out one
// after the other as "incidences" (path p owns incidences pathStart[p] .. pathStart[p+1]). The
// copies (z and the scaled dual u, side by side) are stored arc by arc (arc a owns slots
// arcStart[a] .. arcStart[a+1], by a counting sort, so in incidence order within an arc):
// the arc step runs over its slots contiguously; the commodity step gathers each incidence's
// copy through slot and leaves its path's new flow x beside the copy, so that the arc step reads
// x contiguously too (the slots of one arc are in path order, so the commodity step walks every
// arc's slots forwards and finds their cache lines warm). Both steps write disjoint places and
// reduce their residuals per fixed block, so the thread count never changes a result.

#include "te-admm.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <numeric>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeAdmmMethod");
NS_OBJECT_ENSURE_REGISTERED(TeAdmmMethod);

namespace
{
constexpr std::size_t kCommodityBlock = 256; //!< Commodities per block of the commodity step
constexpr std::size_t kArcBlock = 64;        //!< Arcs per block of the arc step
constexpr std::size_t kPrefetch = 128;       //!< Incidences the commodity step looks ahead
constexpr uint32_t kSeedRounds = 10;         //!< Rounds of SeedDuals' price fitting
constexpr uint32_t kRhoPeriod = 10;          //!< Iterations between rho updates
constexpr double kRhoRatio = 10;             //!< Residual ratio that changes rho
constexpr double kRhoMin = 1e-4;             //!< Smallest rho (scaled problem)
constexpr double kRhoMax = 1e4;              //!< Largest rho

/// \return h updated with the 32-bit word v (FNV-1a over words)
uint64_t
Mix(uint64_t h, uint64_t v)
{
    return optical::Fnv1aWord(h, v);
}

/// \return a hash of the commodities' endpoints and paths (not of demands or capacities)
uint64_t
StructureKey(const TeSolver::Problem& p)
{
    uint64_t h = 14695981039346656037ULL;
    h = Mix(h, p.commodities.size());
    for (const auto& c : p.commodities)
    {
        h = Mix(Mix(Mix(h, c.src), c.dst), c.paths.size());
        for (const auto& path : c.paths)
        {
            h = Mix(h, path.size());
            for (uint32_t a : path)
            {
                h = Mix(h, a);
            }
        }
    }
    return h;
}

/**
 * \brief Projects v onto {x >= 0, sum x <= cap}, minimising sum w_i (x_i - v_i)^2.
 * \param [in,out] x In: v; out: the projection
 * \param [in] w Weights (> 0)
 * \param [in] cap The cap (>= 0)
 */
void
WeightedCappedSimplex(std::vector<double>& x, const std::vector<double>& w, double cap)
{
    const std::size_t n = x.size();
    double positive = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        positive += std::max(0.0, x[i]);
    }
    if (positive <= cap)
    {
        for (auto& v : x)
        {
            v = std::max(0.0, v);
        }
        return;
    }
    // x_i = max(0, v_i - tau / w_i); element i is active while tau < v_i w_i. With the k
    // largest breakpoints active, tau = (sum v - cap) / sum 1/w over them.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return x[a] * w[a] > x[b] * w[b] || (x[a] * w[a] == x[b] * w[b] && a < b);
    });
    double sumV = 0;
    double sumInv = 0;
    double tau = 0;
    for (std::size_t k = 0; k < n; ++k)
    {
        const std::size_t i = order[k];
        if (x[i] <= 0)
        {
            break;
        }
        sumV += x[i];
        sumInv += 1 / w[i];
        tau = (sumV - cap) / sumInv;
        const double next = k + 1 < n ? x[order[k + 1]] * w[order[k + 1]] : 0.0;
        if (tau >= next)
        {
            break;
        }
    }
    tau = std::max(0.0, tau);
    for (std::size_t i = 0; i < n; ++i)
    {
        x[i] = std::max(0.0, x[i] - tau / w[i]);
    }
}

/**
 * \brief The threshold tau > 0 of an arc's projection, with sum max(0, v - tau) = cap, by
 * Newton's method on that decreasing convex function: tau' = (sum of the elements above tau -
 * cap) / their count. From below it climbs to the root (Michelot's algorithm, which starts at
 * the lowest tau, over every positive element); from above, one step lands at or below the
 * root. It starts at the arc's last threshold, which moves little between iterations, and
 * stops when no element enters or leaves.
 * \param [in] wv The values to project
 * \param [in] cap The arc's capacity (scaled)
 * \param [in] positive Sum of the positive values (> cap)
 * \param [in] count How many values are positive
 * \param [in] previous The arc's last threshold
 * \return tau
 */
double
Threshold(const std::vector<double>& wv,
          double cap,
          double positive,
          std::size_t count,
          double previous)
{
    double tau = (positive - cap) / count;
    if (previous > tau)
    {
        double sum = 0;
        std::size_t kept = 0;
        for (double value : wv)
        {
            if (value > previous)
            {
                sum += value;
                ++kept;
            }
        }
        // A Newton step from the last threshold: at or below the root.
        if (kept > 0 && (sum - cap) / kept > tau)
        {
            tau = (sum - cap) / kept;
            count = kept;
        }
    }
    // The first pass may find more elements above tau than defined it (a step from above the
    // root); after it the set only shrinks, as tau climbs.
    for (bool firstPass = true;; firstPass = false)
    {
        double sum = 0;
        std::size_t kept = 0;
        for (double value : wv)
        {
            if (value > tau)
            {
                sum += value;
                ++kept;
            }
        }
        if (kept == 0 || kept == count || (kept > count && !firstPass))
        {
            break;
        }
        count = kept;
        tau = (sum - cap) / count;
    }
    return tau;
}
} // namespace

/// Index of a problem and the iterates (scaled units), kept for the warm start.
struct TeAdmmMethod::State
{
    uint64_t key{0};                 //!< StructureKey of the problem
    std::vector<uint32_t> commodity; //!< Per path: its commodity
    std::vector<uint32_t> pathIndex; //!< Per path: its index in the commodity
    std::vector<uint32_t> comStart;  //!< Per commodity + 1: its first path
    std::vector<uint32_t> pathStart; //!< Per path + 1: its first incidence
    std::vector<double> gain;        //!< Per path: objective coefficient
    std::vector<uint32_t> arcStart;  //!< Per arc + 1: its first slot
    std::vector<uint32_t> slot;      //!< Per incidence: its slot

    /// One arc's copy of one path's flow.
    struct Copy
    {
        double z; //!< The copy
        double u; //!< Its scaled dual
        double x; //!< The path's flow, as the last commodity step left it
    };

    std::vector<double> x;    //!< Per path: flow
    std::vector<Copy> copies; //!< Per slot
    double rho{1};            //!< Penalty
    double scale{1};          //!< Flow units per scaled unit
    bool solved{false};       //!< Holds the iterates of a solve
};

TypeId
TeAdmmMethod::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TeAdmmMethod")
            .SetParent<TeMethod>()
            .SetGroupName("Optical")
            .AddConstructor<TeAdmmMethod>()
            .AddAttribute("MaxIterations",
                          "Iteration limit of one solve (>= 1)",
                          UintegerValue(100),
                          MakeUintegerAccessor(&TeAdmmMethod::m_maxIterations),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Tolerance",
                          "Relative primal and dual residual at which a solve stops (> 0)",
                          DoubleValue(1e-3),
                          MakeDoubleAccessor(&TeAdmmMethod::m_tolerance),
                          MakeDoubleChecker<double>(1e-12, 1))
            .AddAttribute("Rho",
                          "Starting penalty parameter, on the problem scaled so that the "
                          "mean fair share of a path on an arc is 1 (> 0)",
                          DoubleValue(0.03),
                          MakeDoubleAccessor(&TeAdmmMethod::m_rho),
                          MakeDoubleChecker<double>(kRhoMin, kRhoMax))
            .AddAttribute("Relaxation",
                          "Over-relaxation alpha of the arc step (Boyd et al. 2011, 3.4.3): the "
                          "copies are projected from alpha x + (1 - alpha) z_prev; 1 is plain "
                          "ADMM (0 < alpha < 2)",
                          DoubleValue(1.8),
                          MakeDoubleAccessor(&TeAdmmMethod::m_relaxation),
                          MakeDoubleChecker<double>(0.01, 1.99))
            .AddAttribute("AdaptiveRho",
                          "Balance the residuals by doubling or halving rho every 10 "
                          "iterations",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TeAdmmMethod::m_adaptiveRho),
                          MakeBooleanChecker())
            .AddAttribute("WarmStart",
                          "Start a problem with the last one's commodities and paths from the "
                          "last flows, copies and duals",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TeAdmmMethod::m_warmStart),
                          MakeBooleanChecker());
    return tid;
}

TeAdmmMethod::TeAdmmMethod() = default;

TeAdmmMethod::~TeAdmmMethod() = default;

std::string
TeAdmmMethod::GetName() const
{
    return "admm";
}

void
TeAdmmMethod::Reset()
{
    m_state.reset();
    m_initial.clear();
    m_stats = Stats();
}

void
TeAdmmMethod::SetInitialFlows(std::vector<std::vector<double>> flows)
{
    m_initial = std::move(flows);
}

TeAdmmMethod::Stats
TeAdmmMethod::GetLastStats() const
{
    return m_stats;
}

void
TeAdmmMethod::SeedDuals(const TeSolver::Problem& p, State& s) const
{
    // Zero duals would let the first commodity steps pull every path towards its demand (the
    // objective's pull gain / rho is met by nothing) and undo a good start. At a solution,
    // complementary slackness prices only full arcs, and the prices along a used path of a
    // commodity with demand left over sum to its gain. Estimate: each such path shares its
    // gain equally among its full arcs; an arc's price is the mean of its shares; the scaled
    // dual of every copy on it is price / rho (the arc step's threshold).
    constexpr double kFull = 1 - 1e-3; //!< Load over capacity that counts as full
    const std::size_t na = s.arcStart.size() - 1;
    std::vector<double> load(na, 0);
    for (std::size_t a = 0; a < na; ++a)
    {
        for (uint32_t j = s.arcStart[a]; j < s.arcStart[a + 1]; ++j)
        {
            load[a] += s.copies[j].x;
        }
    }
    auto full = [&](uint32_t a) {
        return p.capacity[a] > 0 && load[a] * s.scale >= kFull * p.capacity[a];
    };
    std::vector<double> share(na, 0);
    std::vector<uint32_t> shares(na, 0);
    const std::size_t nc = s.comStart.size() - 1;
    std::vector<bool> open(nc, false); // demand left over
    for (std::size_t c = 0; c < nc; ++c)
    {
        double carried = 0;
        for (uint32_t path = s.comStart[c]; path < s.comStart[c + 1]; ++path)
        {
            carried += s.x[path];
        }
        if (carried * s.scale >= kFull * p.commodities[c].demand)
        {
            continue; // its demand's own price can meet the gain
        }
        open[c] = true;
        for (uint32_t path = s.comStart[c]; path < s.comStart[c + 1]; ++path)
        {
            if (s.x[path] <= 0)
            {
                continue;
            }
            const TePath& arcs = p.commodities[c].paths[s.pathIndex[path]];
            const auto nFull = std::count_if(arcs.begin(), arcs.end(), full);
            for (uint32_t a : arcs)
            {
                if (full(a))
                {
                    share[a] += s.gain[path] / nFull;
                    ++shares[a];
                }
            }
        }
    }
    // The used paths of commodities with demand left (their full arcs' prices should sum to
    // the path's gain), then a few rounds of proportional fitting from the mean shares: each
    // arc's price is scaled by the mean over its paths of gain / the path's price.
    std::vector<double> price(na, 0);
    for (std::size_t a = 0; a < na; ++a)
    {
        price[a] = shares[a] > 0 ? share[a] / shares[a] : 0.0;
    }
    for (uint32_t round = 0; round < kSeedRounds; ++round)
    {
        std::fill(share.begin(), share.end(), 0.0);
        std::fill(shares.begin(), shares.end(), 0);
        for (std::size_t c = 0; c < nc; ++c)
        {
            if (!open[c])
            {
                continue;
            }
            for (uint32_t path = s.comStart[c]; path < s.comStart[c + 1]; ++path)
            {
                if (s.x[path] <= 0)
                {
                    continue;
                }
                const TePath& arcs = p.commodities[c].paths[s.pathIndex[path]];
                double sum = 0;
                for (uint32_t a : arcs)
                {
                    sum += full(a) ? price[a] : 0.0;
                }
                if (sum <= 0)
                {
                    continue;
                }
                for (uint32_t a : arcs)
                {
                    if (full(a))
                    {
                        share[a] += s.gain[path] / sum;
                        ++shares[a];
                    }
                }
            }
        }
        for (std::size_t a = 0; a < na; ++a)
        {
            price[a] *= shares[a] > 0 ? share[a] / shares[a] : 1.0;
        }
    }
    for (std::size_t a = 0; a < na; ++a)
    {
        const double u = price[a] / s.rho;
        for (uint32_t j = s.arcStart[a]; j < s.arcStart[a + 1]; ++j)
        {
            s.copies[j].u = u;
        }
    }
}

std::unique_ptr<TeAdmmMethod::State>
TeAdmmMethod::BuildIndex(const TeGraph& g, const TeSolver::Problem& p, double maxCap) const
{
    const std::size_t nc = p.commodities.size();
    const std::size_t na = g.arcs.size();
    auto st = std::make_unique<State>();
    State& s = *st;
    s.key = StructureKey(p);
    s.comStart.reserve(nc + 1);
    s.pathStart.push_back(0);
    for (std::size_t c = 0; c < nc; ++c)
    {
        s.comStart.push_back(static_cast<uint32_t>(s.commodity.size()));
        const auto& k = p.commodities[c];
        if (k.demand <= 0)
        {
            continue;
        }
        const std::vector<double> ranks = TeSolver::PathRanks(g, p, k);
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const TePath& path = k.paths[q];
            const double rank = ranks[q];
            if (rank < 0)
            {
                continue;
            }
            s.commodity.push_back(static_cast<uint32_t>(c));
            s.pathIndex.push_back(static_cast<uint32_t>(q));
            s.gain.push_back(1 - p.tieBreak * rank);
            s.pathStart.push_back(static_cast<uint32_t>(s.pathStart.back() + path.size()));
        }
    }
    s.comStart.push_back(static_cast<uint32_t>(s.commodity.size()));
    // Slots by counting sort of the incidences over their arcs.
    const std::size_t incidences = s.pathStart.back();
    s.arcStart.assign(na + 1, 0);
    for (std::size_t path = 0; path < s.commodity.size(); ++path)
    {
        for (uint32_t a : p.commodities[s.commodity[path]].paths[s.pathIndex[path]])
        {
            ++s.arcStart[a + 1];
        }
    }
    for (std::size_t a = 0; a < na; ++a)
    {
        s.arcStart[a + 1] += s.arcStart[a];
    }
    s.slot.resize(incidences);
    std::vector<uint32_t> fill(s.arcStart.begin(), s.arcStart.end() - 1);
    for (std::size_t path = 0; path < s.commodity.size(); ++path)
    {
        uint32_t i = s.pathStart[path];
        for (uint32_t a : p.commodities[s.commodity[path]].paths[s.pathIndex[path]])
        {
            s.slot[i++] = fill[a]++;
        }
    }
    // The scale: the mean fair share of an incidence (the capacity of the arcs in use over
    // their incidences), so that flows, copies and the objective's pull gain / rho are of
    // one size and rho = 1 suits any network.
    double used = 0;
    for (std::size_t a = 0; a < na; ++a)
    {
        used += s.arcStart[a + 1] > s.arcStart[a] ? p.capacity[a] : 0.0;
    }
    s.scale = incidences == 0 ? maxCap : used / incidences;
    s.rho = m_rho;
    s.x.assign(s.commodity.size(), 0);
    s.copies.assign(incidences, {0, 0, 0});
    return st;
}

void
TeAdmmMethod::SetStart(const TeSolver::Problem& p,
                       const std::vector<std::vector<double>>& initial,
                       State& s)
{
    const std::size_t nc = p.commodities.size();
    const std::size_t np = s.commodity.size();
    bool shapeOk = initial.size() == nc;
    for (std::size_t c = 0; shapeOk && c < nc; ++c)
    {
        shapeOk = initial[c].size() == p.commodities[c].paths.size();
    }
    if (!initial.empty() && shapeOk)
    {
        for (std::size_t path = 0; path < np; ++path)
        {
            const double f = initial[s.commodity[path]][s.pathIndex[path]];
            s.x[path] = std::isfinite(f) ? std::max(0.0, f) / s.scale : 0.0;
            for (uint32_t i = s.pathStart[path]; i < s.pathStart[path + 1]; ++i)
            {
                s.copies[s.slot[i]].z = s.x[path];
                s.copies[s.slot[i]].x = s.x[path];
            }
        }
        SeedDuals(p, s);
        m_stats.fromInitial = true;
    }
    else if (m_warmStart && m_state && m_state->solved && m_state->key == s.key)
    {
        // Same commodities and paths: every path that takes part in both problems (a failure
        // or a demand of 0 removes some) carries its flow, copies and duals over (flows and
        // copies in flow units); both path lists are in (commodity, path) order.
        const State& o = *m_state;
        const double ratio = o.scale / s.scale;
        const std::size_t oldPaths = o.commodity.size();
        std::size_t op = 0;
        std::size_t matched = 0;
        for (std::size_t path = 0; path < np; ++path)
        {
            const auto here = std::make_pair(s.commodity[path], s.pathIndex[path]);
            while (op < oldPaths && std::make_pair(o.commodity[op], o.pathIndex[op]) < here)
            {
                ++op;
            }
            if (op == oldPaths || std::make_pair(o.commodity[op], o.pathIndex[op]) != here)
            {
                continue;
            }
            s.x[path] = o.x[op] * ratio;
            for (uint32_t k = 0; k < s.pathStart[path + 1] - s.pathStart[path]; ++k)
            {
                const State::Copy& old = o.copies[o.slot[o.pathStart[op] + k]];
                s.copies[s.slot[s.pathStart[path] + k]] = {old.z * ratio, old.u, old.x * ratio};
            }
            ++matched;
        }
        s.rho = o.rho;
        m_stats.warmStarted = matched > 0;
    }
    if (!initial.empty() && !shapeOk)
    {
        NS_LOG_WARN("initial flows ignored: their shape does not match the problem");
    }
}

void
TeAdmmMethod::CommodityStep(State& s, const std::vector<double>& demand, std::size_t block)
{
    const std::size_t nc = demand.size();
    const std::size_t ni = s.copies.size();
    std::vector<double> v;
    std::vector<double> w;
    const std::size_t end = std::min(nc, (block + 1) * kCommodityBlock);
    for (std::size_t c = block * kCommodityBlock; c < end; ++c)
    {
        const uint32_t first = s.comStart[c];
        const uint32_t last = s.comStart[c + 1];
        if (first == last)
        {
            continue;
        }
        v.clear();
        w.clear();
        for (uint32_t path = first; path < last; ++path)
        {
            double sum = 0;
            for (uint32_t i = s.pathStart[path]; i < s.pathStart[path + 1]; ++i)
            {
                // The copies are scattered over the arcs: ask for the one kPrefetch
                // incidences ahead now, so that its load overlaps this one's.
                if (i + kPrefetch < ni)
                {
                    __builtin_prefetch(&s.copies[s.slot[i + kPrefetch]], 1);
                }
                const State::Copy& k = s.copies[s.slot[i]];
                sum += k.z - k.u;
            }
            const double hops = s.pathStart[path + 1] - s.pathStart[path];
            v.push_back((sum + s.gain[path] / s.rho) / hops);
            w.push_back(hops);
        }
        WeightedCappedSimplex(v, w, demand[c]);
        for (uint32_t path = first; path < last; ++path)
        {
            const double x = v[path - first];
            s.x[path] = x;
            for (uint32_t i = s.pathStart[path]; i < s.pathStart[path + 1]; ++i)
            {
                s.copies[s.slot[i]].x = x;
            }
        }
    }
}

std::array<double, 4>
TeAdmmMethod::ArcStep(State& s,
                      const std::vector<double>& cap,
                      double alpha,
                      std::vector<double>& tauOf,
                      std::size_t block)
{
    const std::size_t na = cap.size();
    // Residual sums in registers: primal^2, dual^2 (without rho), ||z||^2, ||u||^2.
    double primalSq = 0;
    double dualSq = 0;
    double zSq = 0;
    double uSq = 0;
    std::vector<double> wv;
    const std::size_t end = std::min(na, (block + 1) * kArcBlock);
    for (std::size_t a = block * kArcBlock; a < end; ++a)
    {
        const uint32_t first = s.arcStart[a];
        const uint32_t last = s.arcStart[a + 1];
        if (first == last)
        {
            continue;
        }
        wv.resize(last - first);
        double positive = 0;
        std::size_t count = 0;
        for (uint32_t j = first; j < last; ++j)
        {
            // Over-relaxed: alpha x + (1 - alpha) z_prev in place of x.
            const State::Copy& k = s.copies[j];
            const double value = alpha * k.x + (1 - alpha) * k.z + k.u;
            wv[j - first] = value;
            if (value > 0)
            {
                positive += value;
                ++count;
            }
        }
        const double tau = positive > cap[a] ? Threshold(wv, cap[a], positive, count, tauOf[a]) : 0;
        tauOf[a] = tau;
        // The arc's own sums (the block's, kept in memory across arcs, would make every
        // element wait for the last one's store).
        double arcPrimal = 0;
        double arcDual = 0;
        double arcZ = 0;
        double arcU = 0;
        for (uint32_t j = first; j < last; ++j)
        {
            State::Copy& k = s.copies[j];
            const double zNew = std::max(0.0, wv[j - first] - tau);
            const double dz = zNew - k.z;
            const double u = k.u + alpha * k.x + (1 - alpha) * k.z - zNew;
            arcPrimal += (k.x - zNew) * (k.x - zNew);
            arcDual += dz * dz;
            arcZ += zNew * zNew;
            arcU += u * u;
            k.u = u;
            k.z = zNew;
        }
        primalSq += arcPrimal;
        dualSq += arcDual;
        zSq += arcZ;
        uSq += arcU;
    }
    return {primalSq, dualSq, zSq, uSq};
}

double
TeAdmmMethod::Iterate(const TeSolver::Problem& p, State& s, std::vector<double>& tauOf)
{
    const std::size_t nc = p.commodities.size();
    const std::size_t na = tauOf.size();
    const std::size_t np = s.commodity.size();
    const std::size_t ni = s.copies.size();
    // Scaled demands and capacities.
    std::vector<double> demand(nc);
    for (std::size_t c = 0; c < nc; ++c)
    {
        demand[c] = p.commodities[c].demand / s.scale;
    }
    std::vector<double> cap(na);
    for (std::size_t a = 0; a < na; ++a)
    {
        cap[a] = p.capacity[a] / s.scale;
    }

    const std::size_t comBlocks = (nc + kCommodityBlock - 1) / kCommodityBlock;
    const std::size_t arcBlocks = (na + kArcBlock - 1) / kArcBlock;
    // Per arc block: primal^2, dual^2 (without rho), ||z||^2, ||u||^2.
    std::vector<std::array<double, 4>> partial(arcBlocks);
    const double alpha = m_relaxation;
    tbb::task_arena arena(static_cast<int>(GetUsableThreads()));

    uint32_t it = 0;
    double priceRho = s.rho;
    double primal = 0;
    double dual = 0;
    bool converged = false;
    while (it < m_maxIterations && np > 0)
    {
        ++it;
        arena.execute([&] {
            tbb::parallel_for(
                tbb::blocked_range<std::size_t>(0, comBlocks, 1),
                [&](const tbb::blocked_range<std::size_t>& r) {
                    for (std::size_t b = r.begin(); b < r.end(); ++b)
                    {
                        CommodityStep(s, demand, b);
                    }
                },
                tbb::simple_partitioner());
            tbb::parallel_for(
                tbb::blocked_range<std::size_t>(0, arcBlocks, 1),
                [&](const tbb::blocked_range<std::size_t>& r) {
                    for (std::size_t b = r.begin(); b < r.end(); ++b)
                    {
                        partial[b] = ArcStep(s, cap, alpha, tauOf, b);
                    }
                },
                tbb::simple_partitioner());
        });
        priceRho = s.rho; // the rho of the step that set tauOf, before any update below
        std::array<double, 4> total{0, 0, 0, 0};
        for (const auto& b : partial)
        {
            for (std::size_t k = 0; k < 4; ++k)
            {
                total[k] += b[k];
            }
        }
        const double zNorm = std::sqrt(total[2]);
        const double uNorm = std::sqrt(total[3]);
        const double tiny = 1e-12 * std::sqrt(static_cast<double>(ni));
        primal = std::sqrt(total[0]) / std::max(zNorm, tiny);
        dual = s.rho * std::sqrt(total[1]) / std::max(s.rho * uNorm, tiny);
        NS_LOG_LOGIC("iteration " << it << ": primal " << primal << " dual " << dual << " rho "
                                  << s.rho);
        if (primal <= m_tolerance && dual <= m_tolerance)
        {
            converged = true;
            break;
        }
        if (m_adaptiveRho && it % kRhoPeriod == 0)
        {
            AdaptRho(s, total);
        }
    }
    m_stats.iterations = it;
    m_stats.primalResidual = primal;
    m_stats.dualResidual = dual;
    m_stats.converged = converged;
    return priceRho;
}

void
TeAdmmMethod::AdaptRho(State& s, const std::array<double, 4>& total)
{
    // Absolute residuals: r = ||x - z||, d = rho ||z - z_prev||.
    const double r = std::sqrt(total[0]);
    const double d = s.rho * std::sqrt(total[1]);
    double factor = 1;
    if (r > kRhoRatio * d && s.rho * 2 <= kRhoMax)
    {
        factor = 2;
    }
    else if (d > kRhoRatio * r && s.rho / 2 >= kRhoMin)
    {
        factor = 0.5;
    }
    if (factor != 1)
    {
        s.rho *= factor;
        for (auto& k : s.copies)
        {
            k.u /= factor;
        }
    }
}

bool
TeAdmmMethod::DoAllocate(const TeGraph& g,
                         const TeSolver::Problem& p,
                         TeSolver::Solution& out,
                         std::string& error)
{
    const auto start = std::chrono::steady_clock::now();
    const std::size_t nc = p.commodities.size();
    const std::size_t na = g.arcs.size();
    double maxCap = 0;
    for (double c : p.capacity)
    {
        maxCap = std::max(maxCap, c);
    }
    out.pathFlow.assign(nc, {});
    for (std::size_t c = 0; c < nc; ++c)
    {
        out.pathFlow[c].assign(p.commodities[c].paths.size(), 0);
    }
    m_stats = Stats();
    std::vector<std::vector<double>> initial = std::move(m_initial);
    m_initial.clear();
    if (maxCap <= 0)
    {
        out.status = "no capacity";
        return true;
    }

    // The index, built for every problem (3 s of setup on Kdl's 29 million incidences).
    std::unique_ptr<State> st = BuildIndex(g, p, maxCap);
    State& s = *st;
    const std::size_t np = s.commodity.size();
    const std::size_t ni = s.copies.size();

    // Starting point: SetInitialFlows, else the last solve of the same structure, else zero.
    SetStart(p, initial, s);
    out.buildSeconds = optical::SecondsSince(start);

    // Per arc: the last projection's tau, whose rho multiple is the arc's capacity price.
    std::vector<double> tauOf(na, 0);
    const double priceRho = Iterate(p, s, tauOf);

    for (std::size_t path = 0; path < np; ++path)
    {
        out.pathFlow[s.commodity[path]][s.pathIndex[path]] = s.x[path] * s.scale;
    }
    out.arcPrice.assign(na, 0);
    for (std::size_t a = 0; a < na; ++a)
    {
        out.arcPrice[a] = priceRho * tauOf[a];
    }
    out.bound = TeSolver::UpperBound(g, p, out.arcPrice);
    m_stats.rho = s.rho;
    const uint32_t it = m_stats.iterations;
    out.rounds = it;
    out.status = m_stats.converged ? "converged after " + std::to_string(it) + " iterations"
                                   : "iteration limit (" + std::to_string(it) + ")";
    s.solved = true;
    m_state = std::move(st);
    NS_LOG_INFO("admm: " << out.status << ", primal " << m_stats.primalResidual << ", dual "
                         << m_stats.dualResidual << ", " << np << " paths, " << ni
                         << " incidences");
    return true;
}

} // namespace ns3
