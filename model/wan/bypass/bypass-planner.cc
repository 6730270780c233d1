/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bypass-planner.h"

#include "bypass-planner-detail.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BypassPlanner");
NS_OBJECT_ENSURE_REGISTERED(BypassPlanner);

namespace bypassdetail
{

LogComponent&
PlannerLog()
{
    return g_log;
}

} // namespace bypassdetail

using namespace bypassdetail;

TypeId
BypassPlanner::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BypassPlanner")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<BypassPlanner>()
            .AddAttribute("MaxBypassHops",
                          "Most fibres an express lightpath crosses (>= 2)",
                          UintegerValue(4),
                          MakeUintegerAccessor(&BypassPlanner::m_maxHops),
                          MakeUintegerChecker<uint32_t>(2))
            .AddAttribute("PathsPerPair",
                          "Candidate fibre paths per pair of sites (k shortest by length)",
                          UintegerValue(2),
                          MakeUintegerAccessor(&BypassPlanner::m_pathsPerPair),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WavelengthsPerFibre",
                          "Wavelengths a fibre carries (C band at 50 GHz: 96)",
                          UintegerValue(96),
                          MakeUintegerAccessor(&BypassPlanner::m_wavelengths),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SpanKm",
                          "Amplifier spacing (km, 1 to 1000; GNPy: spans up to 150 km)",
                          DoubleValue(80),
                          MakeDoubleAccessor(&BypassPlanner::m_spanKm),
                          MakeDoubleChecker<double>(1, OpticalLineSystem::MAX_SPAN_KM))
            .AddAttribute("NoiseFigureDb",
                          "Amplifier noise figure (dB, 0 to 20; GNPy: 6 to 10)",
                          DoubleValue(6),
                          MakeDoubleAccessor(&BypassPlanner::m_noiseFigureDb),
                          MakeDoubleChecker<double>(0, 20))
            .AddAttribute("NliModel",
                          "Nonlinear interference of each fibre's 80 channels: PerChannel (GN "
                          "model channel by channel, gaps between channels empty) or Comb (one "
                          "gap-free band, the earlier model: about 2 dB more NLI)",
                          EnumValue(OpticalChannel::PER_CHANNEL),
                          optical::compat::MakeEnumAccessorCompat<OpticalChannel::NliModel>(
                              &BypassPlanner::m_nliModel),
                          optical::MakeAnyCaseEnumChecker(OpticalChannel::PER_CHANNEL,
                                                          "PerChannel",
                                                          OpticalChannel::COMB,
                                                          "Comb"))
            .AddAttribute("TransmitterOsnrDb",
                          "Transmitter OSNR in 0.1 nm (dB; GNPy: 33 to 40)",
                          DoubleValue(36),
                          MakeDoubleAccessor(&BypassPlanner::m_transmitterOsnrDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("RoadmOsnrDb",
                          "OSNR of a lightpath's add and drop ROADMs in 0.1 nm (dB; GNPy: 38)",
                          DoubleValue(38),
                          MakeDoubleAccessor(&BypassPlanner::m_roadmOsnrDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("MarginDb",
                          "System margin above a mode's required OSNR (dB; GNPy: 2)",
                          DoubleValue(2),
                          MakeDoubleAccessor(&BypassPlanner::m_marginDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("TimeLimit",
                          "Wall-clock limit of the ILP (CBC); the best plan so far and its gap "
                          "are reported when it expires",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&BypassPlanner::m_timeLimit),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("RequiredFraction",
                          "Share of every demand a plan must carry in each failure scenario",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&BypassPlanner::m_requiredFraction),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("CutProbability",
                          "Stochastic failures: probability that a fibre is cut in a scenario",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&BypassPlanner::m_cutProbability),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Scenarios",
                          "Stochastic failures: number of scenarios drawn",
                          UintegerValue(20),
                          MakeUintegerAccessor(&BypassPlanner::m_scenarios),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SearchCycles",
                          "Greedy planner: cycles of its search (slope scaling from the best "
                          "plan so far, with perturbed prices after the first cycle, then "
                          "shedding and fill moves); 0: the express greedy and the moves only",
                          UintegerValue(20),
                          MakeUintegerAccessor(&BypassPlanner::m_searchCycles),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SlopeRounds",
                          "Greedy planner: slope-scaling rounds per search cycle (each "
                          "re-routes every demand)",
                          UintegerValue(10),
                          MakeUintegerAccessor(&BypassPlanner::m_slopeRounds),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Perturbation",
                          "Greedy planner: a perturbed cycle multiplies each link's first price "
                          "by a uniform factor in [1 - x, 1 + x]",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&BypassPlanner::m_perturbation),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("PolishPasses",
                          "Greedy planner: passes over every link of its last step, which "
                          "removes a link's top wavelength whenever the demands still route "
                          "over the others (an LP re-solved from its last basis); 0: none",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BypassPlanner::m_polishPasses),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HeadroomTolerance",
                          "MaxDemandScale: relative tolerance of its bisection (the largest "
                          "scale found to fit and the smallest found not to differ by at most "
                          "this share of the former); also the smallest scale it looks at",
                          DoubleValue(1e-3),
                          MakeDoubleAccessor(&BypassPlanner::m_headroomTolerance),
                          MakeDoubleChecker<double>(1e-9, 0.5))
            .AddAttribute("ShedPasses",
                          "Greedy planner: most passes of the shedding and fill moves over "
                          "every link",
                          UintegerValue(10),
                          MakeUintegerAccessor(&BypassPlanner::m_shedPasses),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxSearches",
                          "Greedy planner: most path searches (shortest-path trees and "
                          "detours) of one plan's improving moves; when they are spent, the "
                          "moves stop and the plan is the best so far (its status says so). "
                          "Bounds a plan of a large network (the Topology Zoo's Cogentco: 197 "
                          "sites) to minutes; the built-in networks stay far below it",
                          UintegerValue(DEFAULT_MAX_SEARCHES),
                          MakeUintegerAccessor(&BypassPlanner::m_maxSearches),
                          MakeUintegerChecker<uint64_t>(1));
    return tid;
}

BypassPlanner::BypassPlanner()
    : m_rng(CreateObject<UniformRandomVariable>()),
      m_searchRng(CreateObject<UniformRandomVariable>())
{
}

int64_t
BypassPlanner::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    m_searchRng->SetStream(stream + 1);
    return 2;
}

bool
BypassPlanner::CheckDemands(const std::vector<TrafficMatrix::Demand>& demands,
                            std::string& error) const
{
    if (!m_ready)
    {
        error = "bypass planner: no network (call SetNetwork first)";
        return false;
    }
    double total = 0;
    for (std::size_t i = 0; i < demands.size(); ++i)
    {
        const auto& d = demands[i];
        const std::string name = "demand " + std::to_string(i);
        if (d.src >= m_fibres.GetNSites() || d.dst >= m_fibres.GetNSites())
        {
            error = name + " is between unknown sites " + std::to_string(d.src) + " and " +
                    std::to_string(d.dst) + " (the fibre layer has sites 0 to " +
                    std::to_string(m_fibres.GetNSites() - 1) + ")";
            return false;
        }
        if (d.src == d.dst)
        {
            error = name + " goes from site " + m_fibres.GetSite(d.src).name + " to itself";
            return false;
        }
        if (!std::isfinite(d.gbps) || d.gbps < 0)
        {
            error = name + " (" + m_fibres.GetSite(d.src).name + "->" +
                    m_fibres.GetSite(d.dst).name + ") has volume " + Num(d.gbps) +
                    " Gb/s (need a finite value >= 0)";
            return false;
        }
        total += d.gbps;
    }
    // Every Gb/s of a demand crosses at least one fibre, whose wavelengths carry at most the
    // fastest mode each: more than that in total fits no plan (and would only overflow the
    // planners' wavelength counts).
    const double capacity = GetFibreCapacityGbps();
    if (total > capacity)
    {
        error = "the demands total " + Num(total) + " Gb/s, more than the fibre layer carries " +
                "in any plan: " + std::to_string(m_fibres.GetNFibres()) + " fibres x " +
                std::to_string(m_wavelengths) + " wavelengths (WavelengthsPerFibre) x " +
                Num(GetFastestRateGbps()) + " Gb/s (the fastest candidate) = " + Num(capacity) +
                " Gb/s";
        return false;
    }
    return true;
}

double
BypassPlanner::GetFastestRateGbps() const
{
    double fastest = 0;
    for (const Lightpath& l : m_candidates)
    {
        fastest = std::max(fastest, l.rateGbps);
    }
    return fastest;
}

double
BypassPlanner::GetFibreCapacityGbps() const
{
    return static_cast<double>(m_fibres.GetNFibres()) * m_wavelengths * GetFastestRateGbps();
}

BypassPlanner::Headroom
BypassPlanner::FindLargestScale(const std::function<bool(double)>& fits,
                                double limit,
                                double tolerance)
{
    NS_ABORT_MSG_IF(!(limit >= 1 && limit <= MAX_SCALE_LIMIT),
                    "BypassPlanner::FindLargestScale: limit " << limit << " (need 1 to "
                                                              << MAX_SCALE_LIMIT << ")");
    NS_ABORT_MSG_IF(!(tolerance > 0 && tolerance <= 0.5),
                    "BypassPlanner::FindLargestScale: tolerance " << tolerance
                                                                  << " (need > 0 and <= 0.5)");
    Headroom h;
    auto probe = [&h, &fits](double s) {
        ++h.plans;
        const bool ok = fits(s);
        NS_LOG_DEBUG("headroom: scale " << s << (ok ? " fits" : " does not fit"));
        return ok;
    };
    // A bracket [lo, hi] (lo fits, hi does not) found by doubling up from 1, or halving down
    // from it: the same probes for every limit above the answer.
    double lo = 0;
    double hi = 0;
    if (probe(1))
    {
        lo = 1;
        while (hi == 0)
        {
            if (lo >= limit)
            {
                h.outcome = Headroom::AT_LIMIT;
                h.scale = limit;
                return h;
            }
            const double s = std::min(2 * lo, limit);
            (probe(s) ? lo : hi) = s;
        }
    }
    else
    {
        hi = 1;
        while (lo == 0)
        {
            const double s = hi / 2;
            if (s < tolerance)
            {
                h.outcome = Headroom::NONE;
                h.failsAt = hi;
                return h;
            }
            (probe(s) ? lo : hi) = s;
        }
    }
    // Bisection within the bracket, to the relative tolerance.
    while (hi - lo > tolerance * lo)
    {
        const double mid = 0.5 * (lo + hi);
        (probe(mid) ? lo : hi) = mid;
    }
    h.outcome = Headroom::FOUND;
    h.scale = lo;
    h.failsAt = hi;
    return h;
}

BypassPlanner::Headroom
BypassPlanner::MaxDemandScale(const std::vector<TrafficMatrix::Demand>& demands,
                              uint32_t portBudget,
                              double limit,
                              std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return Headroom();
    }
    auto fits = [&](double s) {
        std::vector<TrafficMatrix::Demand> scaled = demands;
        for (auto& d : scaled)
        {
            d.gbps *= s;
        }
        BypassPlan p;
        std::string why;
        // A scale beyond the fibres (CheckDemands) or one the greedy planner cannot fit in
        // the fibres' wavelengths does not fit either.
        return PlanGreedy(scaled, true, p, why) && p.routerPorts <= portBudget;
    };
    return FindLargestScale(fits, limit, m_headroomTolerance);
}

void
BypassPlanner::Cost(BypassPlan& plan) const
{
    plan.routerPorts = 0;
    plan.transponders = 0;
    plan.regenerators = 0;
    plan.amplifiers = 0;
    plan.portsPerSite.assign(m_fibres.GetNSites(), 0);
    std::vector<bool> lit(m_fibres.GetNFibres(), false);
    for (const Lightpath& lp : plan.links)
    {
        plan.routerPorts += 2 * lp.wavelengths;
        plan.transponders += 2 * lp.wavelengths;
        plan.regenerators += lp.regenerators * lp.wavelengths;
        plan.portsPerSite[lp.a] += lp.wavelengths;
        plan.portsPerSite[lp.b] += lp.wavelengths;
        for (uint32_t f : lp.fibres)
        {
            lit[f] = lit[f] || lp.wavelengths > 0;
        }
    }
    for (uint32_t f = 0; f < lit.size(); ++f)
    {
        if (lit[f])
        {
            plan.amplifiers += static_cast<uint32_t>(
                std::max(1.0, std::ceil(m_fibres.GetFibre(f).lengthKm / m_spanKm - 1e-9)));
        }
    }
    plan.capacityCost = plan.routerPorts * m_catalog.Get(CostCatalog::ROUTER_PORT) +
                        plan.transponders * m_catalog.Get(CostCatalog::TRANSPONDER) +
                        plan.regenerators * m_catalog.Get(CostCatalog::REGENERATOR);
    plan.cost = plan.capacityCost + plan.amplifiers * m_catalog.Get(CostCatalog::AMPLIFIER);
}

bool
BypassPlanner::Plan(const std::string& planner,
                    const std::vector<TrafficMatrix::Demand>& demands,
                    bool bypass,
                    BypassPlan& plan,
                    std::string& error) const
{
    if (planner == "ilp")
    {
        return PlanIlp(demands, bypass, plan, error);
    }
    if (planner == "greedy")
    {
        return PlanGreedy(demands, bypass, plan, error);
    }
    error = "planner '" + planner + "' is unknown (allowed: ilp, greedy)";
    return false;
}

std::vector<std::pair<uint32_t, double>>
BypassPlanner::BypassSavings(const BypassPlan& plan) const
{
    std::vector<std::pair<uint32_t, double>> out;
    for (uint32_t i = 0; i < plan.links.size(); ++i)
    {
        const Lightpath& l = plan.links[i];
        if (!l.IsBypass())
        {
            continue;
        }
        // Hop by hop, each Gb/s costs per fibre the hop-by-hop wavelength's cost per Gb/s.
        double perGbps = 0;
        for (uint32_t f : l.fibres)
        {
            perGbps += m_candidates[f].wavelengthCost / m_candidates[f].rateGbps;
        }
        const double capacity = l.wavelengths * l.rateGbps;
        out.emplace_back(i, capacity * perGbps - l.wavelengths * l.wavelengthCost);
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
        return x.second > y.second;
    });
    return out;
}

} // namespace ns3
