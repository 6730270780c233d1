/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-method.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/optical-util.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <thread>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeMethod");

NS_OBJECT_ENSURE_REGISTERED(TeMethod);
NS_OBJECT_ENSURE_REGISTERED(TeLpMethod);
NS_OBJECT_ENSURE_REGISTERED(TePopMethod);

namespace
{
/// \return "src->dst (commodity i)"
std::string
CommodityName(const TeSolver::Commodity& c, std::size_t i)
{
    return "commodity " + std::to_string(i) + " (" + std::to_string(c.src) + "->" +
           std::to_string(c.dst) + ")";
}
} // namespace

TypeId
TeMethod::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TeMethod")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddAttribute("Threads",
                                          "Threads the method may use at once (>= 1)",
                                          UintegerValue(1),
                                          MakeUintegerAccessor(&TeMethod::m_threads),
                                          MakeUintegerChecker<uint32_t>(1, 4096));
    return tid;
}

TeMethod::TeMethod() = default;
TeMethod::~TeMethod() = default;

void
TeMethod::Reset()
{
}

uint32_t
TeMethod::GetThreads() const
{
    return m_threads;
}

uint32_t
TeMethod::GetUsableThreads() const
{
    const uint32_t hardware = std::max(1U, std::thread::hardware_concurrency());
    return std::max(1U, std::min(m_threads, hardware));
}

std::vector<std::string>
TeMethod::GetNames()
{
    return {"lp", "pop", "ncflow", "admm", "learned"};
}

Ptr<TeMethod>
TeMethod::Create(const std::string& name, std::string& error)
{
    // By TypeId name, so that this unit needs none of the methods' headers (each method's
    // unit registers its TypeId): "ncflow" is ns3::TeNcflowMethod.
    const auto names = GetNames();
    if (std::find(names.begin(), names.end(), name) != names.end())
    {
        std::string typeName = "ns3::Te" + name + "Method";
        typeName[7] = static_cast<char>(std::toupper(static_cast<unsigned char>(typeName[7])));
        TypeId tid;
        if (TypeId::LookupByNameFailSafe(typeName, &tid))
        {
            ObjectFactory factory;
            factory.SetTypeId(tid);
            Ptr<TeMethod> method = factory.Create<TeMethod>();
            if (const std::string why = method->GetUnavailableReason(); !why.empty())
            {
                error = "TE method '" + name + "' cannot run in this build: " + why;
                return nullptr;
            }
            return method;
        }
    }
    std::string allowed;
    for (const auto& n : names)
    {
        allowed += (allowed.empty() ? "" : ", ") + n;
    }
    error = "TE method '" + name + "' is unknown (allowed: " + allowed + ")";
    return nullptr;
}

std::string
TeMethod::GetUnavailableReason() const
{
    return "";
}

bool
TeMethod::Supports(const TeSolver::Problem& p, std::string& error) const
{
    if (p.objective != TeSolver::MAX_FLOW)
    {
        error = "TE method " + GetName() +
                " solves the max-flow objective only (min-max-utilisation: use lp or pop)";
        return false;
    }
    for (double e : p.extra)
    {
        if (e > 0)
        {
            error = "TE method " + GetName() +
                    " does not use extra capacity (the graph abstraction): use lp or pop";
            return false;
        }
    }
    return true;
}

double
TeMethod::TotalDemand(const TeSolver::Problem& p)
{
    double sum = 0;
    for (const auto& c : p.commodities)
    {
        sum += c.demand;
    }
    return sum;
}

bool
TeMethod::Allocate(const TeGraph& g,
                   const TeSolver::Problem& p,
                   TeSolver::Solution& out,
                   std::string& error)
{
    if (!TeSolver::Check(g, p, error) || !Supports(p, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    TeSolver::Solution s;
    if (!DoAllocate(g, p, s, error))
    {
        return false;
    }
    s.pathFlow.resize(p.commodities.size());
    Repair(g, p, s, true);
    std::string why;
    if (!CheckFeasible(g, p, s, why, 1e-9))
    {
        error =
            "TE method " + GetName() + " returned an infeasible allocation after repair: " + why;
        return false;
    }
    s.ok = true;
    if (s.status.empty())
    {
        s.status = "feasible";
    }
    const double total = optical::SecondsSince(start);
    s.buildSeconds = std::min(s.buildSeconds, total);
    s.seconds = total - s.buildSeconds;
    NS_LOG_INFO(GetName() << ": throughput " << s.throughput << " of " << TotalDemand(p) << " in "
                          << s.buildSeconds << " + " << s.seconds << " s");
    out = std::move(s);
    return true;
}

void
TeMethod::Evaluate(const TeGraph& g, const TeSolver::Problem& p, TeSolver::Solution& s)
{
    const std::size_t arcs = g.arcs.size();
    s.arcLoad.assign(arcs, 0);
    s.extraUsed.assign(arcs, 0);
    s.pathFlow.resize(p.commodities.size());
    double throughput = 0;
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& k = p.commodities[c];
        s.pathFlow[c].resize(k.paths.size(), 0);
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const double f = s.pathFlow[c][q];
            throughput += f;
            if (f == 0)
            {
                continue;
            }
            for (uint32_t a : k.paths[q])
            {
                s.arcLoad[a] += f;
            }
        }
    }
    s.throughput = throughput;
    s.maxUtilisation = 0;
    for (std::size_t a = 0; a < arcs; ++a)
    {
        s.extraUsed[a] = std::max(0.0, s.arcLoad[a] - p.capacity[a]);
        const double cap = p.capacity[a] + (p.objective == TeSolver::MAX_FLOW
                                                ? s.extraUsed[a]
                                                : (p.extra.empty() ? 0.0 : p.extra[a]));
        if (s.arcLoad[a] > 0 && cap > 0)
        {
            s.maxUtilisation = std::max(s.maxUtilisation, s.arcLoad[a] / cap);
        }
    }
    s.objective = p.objective == TeSolver::MAX_FLOW ? throughput : s.maxUtilisation;
}

void
TeMethod::Repair(const TeGraph& g, const TeSolver::Problem& p, TeSolver::Solution& s, bool fill)
{
    const std::size_t arcs = g.arcs.size();
    const bool maxFlow = p.objective == TeSolver::MAX_FLOW;
    s.pathFlow.resize(p.commodities.size());
    auto limit = [&](std::size_t a) {
        return p.capacity[a] + (p.extra.empty() ? 0.0 : p.extra[a]);
    };
    // Usable paths only (every arc up), flows finite and >= 0, at most the demand.
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& k = p.commodities[c];
        auto& f = s.pathFlow[c];
        f.resize(k.paths.size(), 0);
        double sum = 0;
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            bool up = true;
            for (uint32_t a : k.paths[q])
            {
                up = up && limit(a) > 0;
            }
            if (!std::isfinite(f[q]) || f[q] < 0 || !up)
            {
                f[q] = 0;
            }
            sum += f[q];
        }
        if (maxFlow && sum > k.demand)
        {
            const double scale = sum > 0 ? k.demand / sum : 0;
            for (double& x : f)
            {
                x *= scale;
            }
        }
    }
    if (!maxFlow)
    {
        Evaluate(g, p, s);
        return;
    }
    // Scale each path by its tightest arc: afterwards sum over an arc of its paths' flows is
    // at most sum flow x (limit / load) = limit.
    std::vector<double> load(arcs, 0);
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& k = p.commodities[c];
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            for (uint32_t a : k.paths[q])
            {
                load[a] += s.pathFlow[c][q];
            }
        }
    }
    std::vector<double> factor(arcs, 1.0);
    bool over = false;
    for (std::size_t a = 0; a < arcs; ++a)
    {
        if (load[a] > limit(a))
        {
            // A hair below the exact ratio, so that rounding cannot leave an arc over.
            factor[a] = limit(a) / load[a] * (1 - 4 * std::numeric_limits<double>::epsilon());
            over = true;
        }
    }
    if (over)
    {
        std::fill(load.begin(), load.end(), 0.0);
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            const auto& k = p.commodities[c];
            for (std::size_t q = 0; q < k.paths.size(); ++q)
            {
                double m = 1;
                for (uint32_t a : k.paths[q])
                {
                    m = std::min(m, factor[a]);
                }
                s.pathFlow[c][q] *= m;
                for (uint32_t a : k.paths[q])
                {
                    load[a] += s.pathFlow[c][q];
                }
            }
        }
    }
    if (fill)
    {
        // Greedy fill of what is left: commodities by the hops of their shortest usable path.
        std::vector<std::pair<std::size_t, std::size_t>> order; // (hops, commodity)
        order.reserve(p.commodities.size());
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            const auto& k = p.commodities[c];
            std::size_t hops = std::numeric_limits<std::size_t>::max();
            for (const auto& path : k.paths)
            {
                hops = std::min(hops, path.size());
            }
            if (!k.paths.empty() && k.demand > 0)
            {
                order.emplace_back(hops, c);
            }
        }
        std::sort(order.begin(), order.end());
        for (const auto& [hops, c] : order)
        {
            const auto& k = p.commodities[c];
            auto& f = s.pathFlow[c];
            double left = k.demand - std::accumulate(f.begin(), f.end(), 0.0);
            for (std::size_t q = 0; q < k.paths.size() && left > 0; ++q)
            {
                // Up to the capacity only: extra capacity has a price the method weighed.
                double room = left;
                for (uint32_t a : k.paths[q])
                {
                    room = std::min(room, p.capacity[a] - load[a]);
                }
                // Leave the last relative 1e-12 of an arc: its rounding stays below the limit.
                room -= 1e-12 * room;
                if (room <= 0)
                {
                    continue;
                }
                f[q] += room;
                left -= room;
                for (uint32_t a : k.paths[q])
                {
                    load[a] += room;
                }
            }
        }
    }
    Evaluate(g, p, s);
}

bool
TeMethod::CheckFeasible(const TeGraph& g,
                        const TeSolver::Problem& p,
                        const TeSolver::Solution& s,
                        std::string& error,
                        double tolerance)
{
    if (s.pathFlow.size() != p.commodities.size())
    {
        error = "pathFlow has " + std::to_string(s.pathFlow.size()) + " commodities, the problem " +
                std::to_string(p.commodities.size());
        return false;
    }
    std::vector<double> load(g.arcs.size(), 0);
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& k = p.commodities[c];
        if (s.pathFlow[c].size() != k.paths.size())
        {
            error = CommodityName(k, c) + ": " + std::to_string(s.pathFlow[c].size()) +
                    " flows for " + std::to_string(k.paths.size()) + " paths";
            return false;
        }
        double sum = 0;
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const double f = s.pathFlow[c][q];
            if (!std::isfinite(f) || f < 0)
            {
                std::ostringstream os;
                os << CommodityName(k, c) << ": path " << q << " carries " << f
                   << " (need a finite value >= 0)";
                error = os.str();
                return false;
            }
            sum += f;
            for (uint32_t a : k.paths[q])
            {
                load[a] += f;
            }
        }
        const bool maxFlow = p.objective == TeSolver::MAX_FLOW;
        if ((maxFlow && sum > k.demand * (1 + tolerance) + 1e-300) ||
            (!maxFlow && std::abs(sum - k.demand) > k.demand * tolerance + 1e-12))
        {
            std::ostringstream os;
            os << CommodityName(k, c) << ": carries " << sum << " for a demand of " << k.demand;
            error = os.str();
            return false;
        }
    }
    if (p.objective == TeSolver::MAX_FLOW)
    {
        for (std::size_t a = 0; a < g.arcs.size(); ++a)
        {
            const double cap = p.capacity[a] + (p.extra.empty() ? 0.0 : p.extra[a]);
            if (load[a] > cap * (1 + tolerance))
            {
                std::ostringstream os;
                os << "arc " << a << " (" << g.arcs[a].from << "->" << g.arcs[a].to << ") carries "
                   << load[a] << ", above its capacity " << cap;
                error = os.str();
                return false;
            }
        }
    }
    return true;
}

// ---------------------------------------------------------------------------------------- lp

TypeId
TeLpMethod::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TeLpMethod")
            .SetParent<TeMethod>()
            .SetGroupName("Optical")
            .AddConstructor<TeLpMethod>()
            .AddAttribute(
                "Solver",
                "How CLP solves the LP: auto (column generation for large max-flow "
                "problems), full (every path at once) or columns (column generation)",
                EnumValue(TeSolver::AUTO),
                optical::compat::MakeEnumAccessorCompat<TeSolver::Method>(&TeLpMethod::m_method),
                optical::MakeAnyCaseEnumChecker(TeSolver::AUTO,
                                                "auto",
                                                TeSolver::FULL_LP,
                                                "full",
                                                TeSolver::COLUMN_GENERATION,
                                                "columns"))
            .AddAttribute("TimeLimit",
                          "Wall-clock limit of one solve (0s: none); when it passes, the point "
                          "CLP reached (feasible, not proven optimal; none: zero flows) is "
                          "repaired and filled like any method's, and the Solution's bound "
                          "still holds",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TeLpMethod::m_timeLimit),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

std::string
TeLpMethod::GetName() const
{
    return "lp";
}

bool
TeLpMethod::Supports(const TeSolver::Problem& p, std::string& error) const
{
    return true;
}

bool
TeLpMethod::DoAllocate(const TeGraph& g,
                       const TeSolver::Problem& p,
                       TeSolver::Solution& out,
                       std::string& error)
{
    TeSolver::Problem q = p;
    q.method = m_method;
    if (TeSolver::Solve(g, q, out, error, m_timeLimit.GetSeconds()))
    {
        return true;
    }
    if (!out.timedOut)
    {
        return false;
    }
    NS_LOG_WARN("lp: " << error);
    if (out.pathFlow.size() != p.commodities.size())
    {
        out.pathFlow.assign(p.commodities.size(), {});
    }
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        out.pathFlow[c].resize(p.commodities[c].paths.size(), 0);
    }
    return true;
}

// --------------------------------------------------------------------------------------- pop

TypeId
TePopMethod::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TePopMethod")
            .SetParent<TeMethod>()
            .SetGroupName("Optical")
            .AddConstructor<TePopMethod>()
            .AddAttribute("Parts",
                          "Sub-problems the demands are dealt into, each with that share of "
                          "every capacity (1: the LP)",
                          UintegerValue(16),
                          MakeUintegerAccessor(&TePopMethod::m_parts),
                          MakeUintegerChecker<uint32_t>(1, 1u << 20))
            .AddAttribute("Seed",
                          "Seed of the random deal",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TePopMethod::m_seed),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

std::string
TePopMethod::GetName() const
{
    return "pop";
}

bool
TePopMethod::Supports(const TeSolver::Problem& p, std::string& error) const
{
    return true;
}

bool
TePopMethod::DoAllocate(const TeGraph& g,
                        const TeSolver::Problem& p,
                        TeSolver::Solution& out,
                        std::string& error)
{
    if (!TeSolver::SolvePartitioned(g, p, m_parts, m_threads, out, error, m_seed))
    {
        return false;
    }
    // The parts' model builds ran inside their threads: count them as solve time.
    out.buildSeconds = 0;
    return true;
}

} // namespace ns3
