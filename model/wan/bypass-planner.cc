/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bypass-planner.h"

#include "optical-line-system.h"
#include "te-paths.h"

#include "ns3/double.h"
#include "ns3/linear-program.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BypassPlanner");
NS_OBJECT_ENSURE_REGISTERED(BypassPlanner);

namespace
{

/// \return dB of a linear ratio
double
ToDb(double linear)
{
    return 10 * std::log10(linear);
}

/// \return the linear ratio of dB
double
FromDb(double db)
{
    return std::pow(10.0, db / 10);
}

/// \return a number as short text
std::string
Num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/// \return seconds since start
double
Since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The fibre layer as a TE graph: arcs 2f (a->b) and 2f+1 (b->a), weight km.
TeGraph
FibreGraph(const WanTopology& fibres)
{
    TeGraph g;
    g.nodes = fibres.GetNSites();
    for (const auto& f : fibres.GetFibres())
    {
        g.arcs.push_back({f.a, f.b, f.lengthKm});
        g.arcs.push_back({f.b, f.a, f.lengthKm});
    }
    return g;
}

/// \return true if the lightpath crosses a cut fibre
bool
Crosses(const Lightpath& l, const std::set<uint32_t>& cut)
{
    return std::any_of(l.fibres.begin(), l.fibres.end(), [&cut](uint32_t f) {
        return cut.count(f) > 0;
    });
}

/// A multi-commodity flow by source over undirected links (both directions) in an LP.
struct SourceFlows
{
    std::vector<uint32_t> sources;                         //!< Sources with demand
    std::vector<std::vector<std::array<uint32_t, 2>>> var; //!< [source][link][dir] (or MAX)
    /// Per link and direction (0: a->b), the flow variables on it
    std::vector<std::array<std::vector<std::pair<uint32_t, double>>, 2>> load;
};

/**
 * \brief Adds to \p lp the flows of every source with demand over the usable links, and per
 * source and other site the conservation row: inflow - outflow = demand x factor, or, when
 * \p scaleVar is a variable, inflow - outflow - demand x scaleVar = 0.
 * \param [in,out] lp The program
 * \param [in] nSites Sites
 * \param [in] demands Demands
 * \param [in] factor Demand factor (with no scaleVar)
 * \param [in] links The links
 * \param [in] usable Per link, whether it carries flow
 * \param [in] flowCost Objective coefficient of each flow variable
 * \param [in] scaleVar The variable scaling every demand, or UINT32_MAX
 * \return the variables
 */
SourceFlows
AddSourceFlows(LinearProgram& lp,
               uint32_t nSites,
               const std::vector<TrafficMatrix::Demand>& demands,
               double factor,
               const std::vector<const Lightpath*>& links,
               const std::vector<bool>& usable,
               double flowCost,
               uint32_t scaleVar)
{
    std::map<uint32_t, std::map<uint32_t, double>> bySource;
    for (const auto& d : demands)
    {
        if (d.gbps > 0)
        {
            bySource[d.src][d.dst] += d.gbps * factor;
        }
    }
    SourceFlows out;
    out.load.resize(links.size());
    for (const auto& [source, dsts] : bySource)
    {
        out.sources.push_back(source);
        out.var.emplace_back(links.size(), std::array<uint32_t, 2>{UINT32_MAX, UINT32_MAX});
        std::vector<std::vector<std::pair<uint32_t, double>>> node(nSites);
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            for (int dir = 0; dir < 2 && usable[i]; ++dir)
            {
                const uint32_t from = dir == 0 ? links[i]->a : links[i]->b;
                const uint32_t to = dir == 0 ? links[i]->b : links[i]->a;
                if (to == source)
                {
                    continue; // nothing flows back into its source
                }
                const uint32_t v = lp.AddVariable(0, LinearProgram::Infinity(), flowCost, false);
                out.var.back()[i][dir] = v;
                node[to].emplace_back(v, 1.0);
                node[from].emplace_back(v, -1.0);
                out.load[i][dir].emplace_back(v, 1.0);
            }
        }
        for (uint32_t v = 0; v < nSites; ++v)
        {
            if (v == source)
            {
                continue;
            }
            const auto it = dsts.find(v);
            const double need = it == dsts.end() ? 0.0 : it->second;
            if (scaleVar == UINT32_MAX)
            {
                lp.AddConstraint(node[v], need, need);
            }
            else
            {
                node[v].emplace_back(scaleVar, -need);
                lp.AddConstraint(node[v], 0, 0);
            }
        }
    }
    return out;
}

} // namespace

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
                          "Amplifier spacing (km; GNPy: spans up to 150 km)",
                          DoubleValue(80),
                          MakeDoubleAccessor(&BypassPlanner::m_spanKm),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("NoiseFigureDb",
                          "Amplifier noise figure (dB; GNPy: 6 to 10)",
                          DoubleValue(6),
                          MakeDoubleAccessor(&BypassPlanner::m_noiseFigureDb),
                          MakeDoubleChecker<double>(0))
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
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

BypassPlanner::BypassPlanner()
    : m_rng(CreateObject<UniformRandomVariable>())
{
}

int64_t
BypassPlanner::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

bool
BypassPlanner::MakeLightpath(const std::vector<uint32_t>& fibrePath,
                             uint32_t from,
                             Lightpath& lp) const
{
    lp = Lightpath();
    lp.fibres = fibrePath;
    lp.sites.push_back(from);
    double invOsnr = 1 / FromDb(m_transmitterOsnrDb) + 1 / FromDb(m_roadmOsnrDb);
    for (uint32_t f : fibrePath)
    {
        const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
        lp.sites.push_back(fibre.a == lp.sites.back() ? fibre.b : fibre.a);
        lp.lengthKm += fibre.lengthKm;
        invOsnr += m_fibreInvOsnr[f];
    }
    lp.a = std::min(lp.sites.front(), lp.sites.back());
    lp.b = std::max(lp.sites.front(), lp.sites.back());
    lp.osnrDb = ToDb(1 / invOsnr);
    const int mode = m_modes.Select(lp.osnrDb, m_marginDb);
    if (mode >= 0)
    {
        lp.rateGbps = m_modes.GetModes()[mode].rateGbps;
    }
    else if (fibrePath.size() == 1)
    {
        // A single fibre beyond every reach: regenerate it into equal segments, as few as
        // give a mode.
        const WanTopology::Fibre& fibre = m_fibres.GetFibre(fibrePath[0]);
        const uint32_t most = static_cast<uint32_t>(std::ceil(fibre.lengthKm / m_spanKm));
        for (uint32_t r = 1; r < most && lp.rateGbps == 0; ++r)
        {
            const double inv = m_fibreInvOsnr[fibrePath[0]] / (r + 1) +
                               1 / FromDb(m_transmitterOsnrDb) + 1 / FromDb(m_roadmOsnrDb);
            const int m = m_modes.Select(ToDb(1 / inv), m_marginDb);
            if (m >= 0)
            {
                lp.rateGbps = m_modes.GetModes()[m].rateGbps;
                lp.regenerators = r;
                lp.osnrDb = ToDb(1 / inv);
            }
        }
    }
    if (lp.rateGbps <= 0)
    {
        return false;
    }
    lp.wavelengthCost = 2 * m_catalog.Get(CostCatalog::ROUTER_PORT) +
                        2 * m_catalog.Get(CostCatalog::TRANSPONDER) +
                        lp.regenerators * m_catalog.Get(CostCatalog::REGENERATOR);
    return true;
}

bool
BypassPlanner::SetNetwork(const WanTopology& fibres,
                          const TransceiverModes& modes,
                          const CostCatalog& catalog,
                          std::string& error)
{
    if (fibres.GetNSites() < 2 || fibres.GetNFibres() == 0)
    {
        error = "bypass planner: the fibre layer needs at least 2 sites and a fibre (it has " +
                std::to_string(fibres.GetNSites()) + " sites, " +
                std::to_string(fibres.GetNFibres()) + " fibres)";
        return false;
    }
    if (!fibres.IsConnected())
    {
        error = "bypass planner: the fibre layer is disconnected (every site must reach every "
                "other over fibres)";
        return false;
    }
    if (modes.GetModes().empty())
    {
        error = "bypass planner: the transceiver mode table is empty";
        return false;
    }
    const WanTopology oldFibres = m_fibres;
    const TransceiverModes oldModes = m_modes;
    const CostCatalog oldCatalog = m_catalog;
    const std::vector<double> oldInv = m_fibreInvOsnr;
    const std::vector<Lightpath> oldCandidates = m_candidates;
    const uint32_t oldHop = m_nHopByHop;
    const bool oldReady = m_ready;
    auto restore = [&]() {
        m_fibres = oldFibres;
        m_modes = oldModes;
        m_catalog = oldCatalog;
        m_fibreInvOsnr = oldInv;
        m_candidates = oldCandidates;
        m_nHopByHop = oldHop;
        m_ready = oldReady;
    };
    m_fibres = fibres;
    m_modes = modes;
    m_catalog = catalog;
    m_fibreInvOsnr.clear();
    m_candidates.clear();
    // Each fibre's line: equal spans, at the optimal launch power, 80 channels of 50 GHz.
    FibreSpan span;
    span.noiseFigureDb = m_noiseFigureDb;
    OpticalChannel channel;
    channel.channels = 80;
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        const WanTopology::Fibre& fibre = fibres.GetFibre(f);
        OpticalLineSystem line;
        if (!OpticalLineSystem::Build(fibre.lengthKm, span, m_spanKm, line, error))
        {
            error = "fibre " + fibres.GetSite(fibre.a).name + "-" + fibres.GetSite(fibre.b).name +
                    ": " + error;
            restore();
            return false;
        }
        channel.launchPowerDbm = line.GetOptimalLaunchDbm(channel);
        m_fibreInvOsnr.push_back(1 / FromDb(line.GetGsnr01nmDb(channel)));
    }
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        Lightpath lp;
        if (!MakeLightpath({f}, fibres.GetFibre(f).a, lp))
        {
            const WanTopology::Fibre& fibre = fibres.GetFibre(f);
            error = "fibre " + fibres.GetSite(fibre.a).name + "-" + fibres.GetSite(fibre.b).name +
                    " (" + Num(fibre.lengthKm) + " km): no mode of table '" + modes.GetName() +
                    "' works on it even regenerated at every amplifier (its OSNR over one "
                    "fibre: " +
                    Num(ToDb(1 / m_fibreInvOsnr[f])) + " dB; the slowest mode needs " +
                    Num(modes.GetModes().front().osnrDb) + " dB + " + Num(m_marginDb) +
                    " dB margin): no demand over it can be carried at any reach";
            restore();
            return false;
        }
        m_candidates.push_back(lp);
    }
    m_nHopByHop = static_cast<uint32_t>(m_candidates.size());
    // Express candidates: k shortest fibre paths of 2 to MaxBypassHops fibres per pair.
    const TeGraph g = FibreGraph(fibres);
    std::set<std::vector<uint32_t>> seen;
    for (uint32_t u = 0; u < fibres.GetNSites(); ++u)
    {
        for (uint32_t v = u + 1; v < fibres.GetNSites(); ++v)
        {
            for (const TePath& path : TePaths::KShortest(g, u, v, m_pathsPerPair))
            {
                if (path.size() < 2 || path.size() > m_maxHops)
                {
                    continue;
                }
                std::vector<uint32_t> fibrePath;
                for (uint32_t arc : path)
                {
                    fibrePath.push_back(arc / 2);
                }
                Lightpath lp;
                if (seen.insert(fibrePath).second && MakeLightpath(fibrePath, u, lp))
                {
                    m_candidates.push_back(lp);
                }
            }
        }
    }
    m_ready = true;
    NS_LOG_INFO("bypass candidates: " << m_nHopByHop << " hop-by-hop, "
                                      << m_candidates.size() - m_nHopByHop << " express");
    return true;
}

const std::vector<Lightpath>&
BypassPlanner::GetCandidates() const
{
    return m_candidates;
}

uint32_t
BypassPlanner::GetNHopByHop() const
{
    return m_nHopByHop;
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
    }
    return true;
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
BypassPlanner::Solve(const std::vector<TrafficMatrix::Demand>& demands,
                     const std::vector<uint32_t>& candidates,
                     const std::vector<uint32_t>& fixedWavelengths,
                     const std::vector<uint32_t>& cut,
                     double fraction,
                     bool integer,
                     BypassPlan& plan,
                     std::string& error) const
{
    const double inf = LinearProgram::Infinity();
    const std::set<uint32_t> cutSet(cut.begin(), cut.end());
    LinearProgram lp;
    lp.SetMaximize(false);
    std::vector<uint32_t> nVar(candidates.size());
    std::vector<const Lightpath*> links;
    std::vector<bool> usable;
    double smallest = inf;
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        const Lightpath& c = m_candidates[candidates[i]];
        links.push_back(&c);
        usable.push_back(!Crosses(c, cutSet));
        const double fixed = fixedWavelengths.empty() ? 0 : fixedWavelengths[candidates[i]];
        nVar[i] =
            lp.AddVariable(fixed, usable.back() ? m_wavelengths : fixed, c.wavelengthCost, integer);
        smallest = std::min(smallest, c.wavelengthCost / c.rateGbps);
    }
    // A tiny cost per Gb/s and lightpath keeps the flows free of cycles.
    const double eps = 1e-6 * (std::isfinite(smallest) && smallest > 0 ? smallest : 1.0);
    const SourceFlows flows =
        AddSourceFlows(lp, m_fibres.GetNSites(), demands, fraction, links, usable, eps, UINT32_MAX);
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (flows.load[i][dir].empty())
            {
                continue;
            }
            auto terms = flows.load[i][dir];
            terms.emplace_back(nVar[i], -m_candidates[candidates[i]].rateGbps);
            lp.AddConstraint(terms, -inf, 0);
        }
    }
    std::vector<std::vector<std::pair<uint32_t, double>>> fibreTerms(m_fibres.GetNFibres());
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        for (uint32_t f : m_candidates[candidates[i]].fibres)
        {
            fibreTerms[f].emplace_back(nVar[i], 1.0);
        }
    }
    for (const auto& terms : fibreTerms)
    {
        if (!terms.empty())
        {
            lp.AddConstraint(terms, -inf, m_wavelengths);
        }
    }
    const LinearProgram::Result r = lp.Solve(m_timeLimit.GetSeconds());
    if (!r.HasSolution())
    {
        error = "bypass planning " + std::string(integer ? "ILP" : "LP") + " (" +
                std::to_string(lp.GetNVariables()) + " variables) ended " +
                LinearProgram::StatusName(r.status) +
                (r.status == LinearProgram::INFEASIBLE
                     ? ": the demands do not fit in " + std::to_string(m_wavelengths) +
                           " wavelengths per fibre" +
                           (cut.empty() ? std::string()
                                        : " with " + std::to_string(cut.size()) + " fibre(s) cut")
                     : std::string(" (raise TimeLimit)"));
        return false;
    }
    // The wavelengths (rounded up when continuous), then the routes by flow decomposition.
    BypassPlan out;
    out.status = LinearProgram::StatusName(r.status);
    std::vector<uint32_t> planIndex(candidates.size(), UINT32_MAX);
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        const double n = r.values[nVar[i]];
        const auto w = static_cast<uint32_t>(std::ceil(n - 1e-6));
        if (w > 0)
        {
            planIndex[i] = static_cast<uint32_t>(out.links.size());
            out.links.push_back(m_candidates[candidates[i]]);
            out.links.back().wavelengths = w;
        }
    }
    out.routes.assign(demands.size(), {});
    const std::vector<uint32_t>& sources = flows.sources;
    for (std::size_t k = 0; k < sources.size(); ++k)
    {
        // Remaining flow per directed arc (candidate, dir) of this source.
        std::vector<std::array<double, 2>> rest(candidates.size(), {0.0, 0.0});
        for (std::size_t i = 0; i < candidates.size(); ++i)
        {
            for (int dir = 0; dir < 2; ++dir)
            {
                if (flows.var[k][i][dir] != UINT32_MAX)
                {
                    rest[i][dir] = std::max(0.0, r.values[flows.var[k][i][dir]]);
                }
            }
        }
        for (std::size_t di = 0; di < demands.size(); ++di)
        {
            const auto& d = demands[di];
            if (d.src != sources[k] || !(d.gbps > 0))
            {
                continue;
            }
            double left = d.gbps * fraction;
            for (int guard = 0; left > 1e-9 * std::max(1.0, d.gbps) && guard < 1000; ++guard)
            {
                // Walk back from the destination along the largest remaining inflow.
                std::vector<std::pair<uint32_t, int>> arcs;
                std::set<uint32_t> visited{d.dst};
                uint32_t at = d.dst;
                while (at != d.src)
                {
                    double best = 1e-12;
                    std::pair<uint32_t, int> pick{UINT32_MAX, 0};
                    for (std::size_t i = 0; i < candidates.size(); ++i)
                    {
                        const Lightpath& c = m_candidates[candidates[i]];
                        for (int dir = 0; dir < 2; ++dir)
                        {
                            const uint32_t to = dir == 0 ? c.b : c.a;
                            const uint32_t from = dir == 0 ? c.a : c.b;
                            if (to == at && rest[i][dir] > best && !visited.count(from))
                            {
                                best = rest[i][dir];
                                pick = {static_cast<uint32_t>(i), dir};
                            }
                        }
                    }
                    if (pick.first == UINT32_MAX)
                    {
                        break;
                    }
                    arcs.push_back(pick);
                    const Lightpath& c = m_candidates[candidates[pick.first]];
                    at = pick.second == 0 ? c.a : c.b;
                    visited.insert(at);
                }
                if (at != d.src || arcs.empty())
                {
                    break;
                }
                double amount = left;
                for (const auto& [i, dir] : arcs)
                {
                    amount = std::min(amount, rest[i][dir]);
                }
                std::vector<uint32_t> route;
                for (auto it = arcs.rbegin(); it != arcs.rend(); ++it)
                {
                    rest[it->first][it->second] -= amount;
                    route.push_back(planIndex[it->first]);
                }
                out.routes[di].emplace_back(route, amount);
                left -= amount;
            }
        }
    }
    Cost(out);
    // CBC's bound is on the objective (capacity cost plus the flows' tiny cost).
    out.bound = out.status == "optimal"
                    ? out.capacityCost
                    : std::min(out.capacityCost, r.bound - (r.objective - out.capacityCost));
    out.gap = out.capacityCost > 0
                  ? std::max(0.0, (out.capacityCost - out.bound) / out.capacityCost)
                  : 0.0;
    plan = std::move(out);
    return true;
}

bool
BypassPlanner::PlanIlp(const std::vector<TrafficMatrix::Demand>& demands,
                       bool bypass,
                       BypassPlan& plan,
                       std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<uint32_t> candidates;
    for (uint32_t i = 0; i < (bypass ? m_candidates.size() : m_nHopByHop); ++i)
    {
        candidates.push_back(i);
    }
    // The greedy plan is a solution of the same ILP: the answer is never costlier than it,
    // and exists when CBC finds none in the time limit.
    BypassPlan greedy;
    if (!PlanGreedy(demands, bypass, greedy, error))
    {
        greedy.capacityCost = std::numeric_limits<double>::infinity();
    }
    BypassPlan out;
    std::string why;
    const bool solved = Solve(demands, candidates, {}, {}, 1.0, true, out, why);
    if (!solved && !std::isfinite(greedy.capacityCost))
    {
        error = why;
        return false;
    }
    if (!solved || greedy.capacityCost < out.capacityCost)
    {
        const double bound = solved ? out.bound : 0.0;
        out = greedy;
        out.status = solved ? "feasible" : "greedy (no ILP solution in the time limit)";
        out.bound = std::min(bound, out.capacityCost);
        out.gap = out.capacityCost > 0 ? (out.capacityCost - out.bound) / out.capacityCost : 0.0;
    }
    out.seconds = Since(start);
    NS_LOG_INFO("ILP plan (" << (bypass ? "bypass" : "hop-by-hop") << "): cost " << out.cost
                             << ", gap " << out.gap << ", " << out.seconds << " s");
    plan = std::move(out);
    return true;
}

bool
BypassPlanner::PlanGreedy(const std::vector<TrafficMatrix::Demand>& demands,
                          bool bypass,
                          BypassPlan& plan,
                          std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    const TeGraph g = FibreGraph(m_fibres);
    const std::size_t nc = m_candidates.size();

    // A route: the candidates it crosses (hop-by-hop ones are fibres), walked from the source.
    struct Route
    {
        std::size_t demand;         //!< Demand index
        std::vector<uint32_t> hops; //!< Candidates
        double gbps;                //!< Volume
    };

    std::vector<Route> routes;
    for (std::size_t d = 0; d < demands.size(); ++d)
    {
        if (!(demands[d].gbps > 0))
        {
            continue;
        }
        Route r{d, {}, demands[d].gbps};
        const std::vector<TePath> shortest =
            TePaths::KShortest(g, demands[d].src, demands[d].dst, 1);
        for (uint32_t arc : shortest.front())
        {
            r.hops.push_back(arc / 2);
        }
        routes.push_back(r);
    }
    // Direction of crossing candidate c when entering it at site `at`: 0 (a->b) or 1.
    auto dirOf = [this](uint32_t c, uint32_t at) {
        return m_candidates[c].sites.front() == at ? 0 : 1;
    };
    auto endOf = [this](uint32_t c, int dir) {
        return dir == 0 ? m_candidates[c].sites.back() : m_candidates[c].sites.front();
    };
    // Per candidate and direction (0: sites.front() -> back()), the load.
    std::vector<std::array<double, 2>> load(nc, {0.0, 0.0});
    auto addLoad = [&](const Route& r, double sign) {
        uint32_t at = demands[r.demand].src;
        for (uint32_t c : r.hops)
        {
            const int dir = dirOf(c, at);
            load[c][dir] += sign * r.gbps;
            at = dir == 0 ? m_candidates[c].sites.back() : m_candidates[c].sites.front();
        }
    };
    for (const Route& r : routes)
    {
        addLoad(r, 1);
    }
    auto waves = [&](uint32_t c, double fwd, double bwd) {
        return static_cast<uint32_t>(
            std::ceil(std::max({0.0, fwd, bwd}) / m_candidates[c].rateGbps - 1e-9));
    };
    // Express candidates by their fibre sequence in either direction: (candidate, reversed).
    std::map<std::vector<uint32_t>, std::pair<uint32_t, bool>> byFibres;
    for (uint32_t c = m_nHopByHop; bypass && c < nc; ++c)
    {
        byFibres[m_candidates[c].fibres] = {c, false};
        std::vector<uint32_t> rev(m_candidates[c].fibres.rbegin(), m_candidates[c].fibres.rend());
        byFibres.emplace(rev, std::make_pair(c, true));
    }
    std::vector<uint32_t> used(m_fibres.GetNFibres(), 0); // express wavelengths per fibre
    // Repeatedly build the express wavelengths that save the most: the traffic crossing a
    // candidate's fibres hop by hop moves onto it.
    for (int iteration = 0; bypass && iteration < 100000; ++iteration)
    {
        // Volume per candidate and direction over hop-by-hop runs of the routes.
        std::vector<std::array<double, 2>> match(nc, {0.0, 0.0});
        for (const Route& r : routes)
        {
            // `at`: the site where hop i starts, walked along once.
            uint32_t at = demands[r.demand].src;
            for (std::size_t i = 0; i < r.hops.size();
                 at = endOf(r.hops[i], dirOf(r.hops[i], at)), ++i)
            {
                std::vector<uint32_t> run;
                for (std::size_t j = i;
                     j < r.hops.size() && r.hops[j] < m_nHopByHop && j - i < m_maxHops;
                     ++j)
                {
                    run.push_back(r.hops[j]);
                    if (run.size() < 2)
                    {
                        continue;
                    }
                    const auto it = byFibres.find(run);
                    if (it != byFibres.end())
                    {
                        const uint32_t c = it->second.first;
                        match[c][m_candidates[c].sites.front() == at ? 0 : 1] += r.gbps;
                    }
                }
            }
        }
        double bestSaving = 1e-9;
        uint32_t best = UINT32_MAX;
        std::array<double, 2> bestMove{0.0, 0.0};
        for (uint32_t c = m_nHopByHop; c < nc; ++c)
        {
            if (match[c][0] <= 0 && match[c][1] <= 0)
            {
                continue;
            }
            const Lightpath& e = m_candidates[c];
            const uint32_t have = waves(c, load[c][0], load[c][1]);
            uint32_t room = m_wavelengths;
            for (uint32_t f : e.fibres)
            {
                const uint32_t taken = used[f] + waves(f, load[f][0], load[f][1]);
                room = std::min(room, m_wavelengths > taken ? m_wavelengths - taken : 0);
            }
            // Candidate wavelength counts: as many as the traffic fills, and one more.
            const double most = std::max(load[c][0] + match[c][0], load[c][1] + match[c][1]);
            for (uint32_t n : {static_cast<uint32_t>(std::floor(most / e.rateGbps + 1e-9)),
                               static_cast<uint32_t>(std::ceil(most / e.rateGbps - 1e-9))})
            {
                if (n <= have || n - have > room + 0)
                {
                    continue;
                }
                // Move as much as fits: the capacity n gives, less the load already on it.
                std::array<double, 2> move{
                    std::min(match[c][0], std::max(0.0, n * e.rateGbps - load[c][0])),
                    std::min(match[c][1], std::max(0.0, n * e.rateGbps - load[c][1]))};
                double saving = -static_cast<double>(n - have) * e.wavelengthCost;
                // The fibres lose the moved load, each in the direction it is crossed.
                uint32_t at = e.sites.front();
                for (uint32_t f : e.fibres)
                {
                    const int dir = dirOf(f, at);
                    std::array<double, 2> after = load[f];
                    after[dir] -= move[0];
                    after[1 - dir] -= move[1];
                    saving += (static_cast<double>(waves(f, load[f][0], load[f][1])) -
                               waves(f, after[0], after[1])) *
                              m_candidates[f].wavelengthCost;
                    at = dir == 0 ? m_candidates[f].sites.back() : m_candidates[f].sites.front();
                }
                if (saving > bestSaving)
                {
                    bestSaving = saving;
                    best = c;
                    bestMove = move;
                }
            }
        }
        if (best == UINT32_MAX)
        {
            break;
        }
        // Move the volumes: split routes whose run matches, until each direction's share moved.
        const Lightpath& e = m_candidates[best];
        std::array<double, 2> left = bestMove;
        std::vector<Route> extra;
        for (Route& r : routes)
        {
            uint32_t at = demands[r.demand].src;
            for (std::size_t i = 0; i + e.fibres.size() <= r.hops.size(); ++i)
            {
                const bool hopByHop = std::all_of(r.hops.begin() + i,
                                                  r.hops.begin() + i + e.fibres.size(),
                                                  [this](uint32_t c) { return c < m_nHopByHop; });
                const int dir = e.sites.front() == at ? 0 : 1;
                std::vector<uint32_t> run(r.hops.begin() + i, r.hops.begin() + i + e.fibres.size());
                if (dir == 1)
                {
                    std::reverse(run.begin(), run.end());
                }
                if (hopByHop && run == e.fibres && left[dir] > 1e-9 &&
                    (e.sites.front() == at || e.sites.back() == at))
                {
                    const double moved = std::min(left[dir], r.gbps);
                    left[dir] -= moved;
                    Route rest = r;
                    rest.gbps = r.gbps - moved;
                    addLoad(r, -1);
                    r.gbps = moved;
                    r.hops.erase(r.hops.begin() + i, r.hops.begin() + i + e.fibres.size());
                    r.hops.insert(r.hops.begin() + i, best);
                    addLoad(r, 1);
                    if (rest.gbps > 1e-9)
                    {
                        addLoad(rest, 1);
                        extra.push_back(rest);
                    }
                    break;
                }
                const int d = dirOf(r.hops[i], at);
                at = d == 0 ? m_candidates[r.hops[i]].sites.back()
                            : m_candidates[r.hops[i]].sites.front();
            }
        }
        routes.insert(routes.end(), extra.begin(), extra.end());
        for (uint32_t f : e.fibres)
        {
            used[f] += waves(best, load[best][0], load[best][1]) -
                       waves(best,
                             load[best][0] - bestMove[0] + left[0],
                             load[best][1] - bestMove[1] + left[1]);
        }
    }
    // Fill pass: a link's last wavelength goes when the traffic above its other wavelengths
    // re-routes over links with spare capacity (shortest detour by hops, each direction).
    bool improved = true;
    for (int pass = 0; improved && pass < 20; ++pass)
    {
        improved = false;
        for (uint32_t c = 0; c < nc; ++c)
        {
            const uint32_t w = waves(c, load[c][0], load[c][1]);
            if (w == 0)
            {
                continue;
            }
            const double rate = m_candidates[c].rateGbps;
            std::array<double, 2> need{load[c][0] - (w - 1) * rate, load[c][1] - (w - 1) * rate};
            const std::vector<Route> savedRoutes = routes;
            const std::vector<std::array<double, 2>> savedLoad = load;
            // Sites' links with wavelengths (other than c).
            std::vector<std::vector<uint32_t>> adjacent(m_fibres.GetNSites());
            for (uint32_t x = 0; x < nc; ++x)
            {
                if (x != c && waves(x, load[x][0], load[x][1]) > 0)
                {
                    adjacent[m_candidates[x].sites.front()].push_back(x);
                    adjacent[m_candidates[x].sites.back()].push_back(x);
                }
            }
            std::vector<Route> extra;
            for (std::size_t ri = 0; ri < routes.size(); ++ri)
            {
                if (need[0] <= 1e-9 && need[1] <= 1e-9)
                {
                    break;
                }
                uint32_t at = demands[routes[ri].demand].src;
                for (std::size_t i = 0; i < routes[ri].hops.size(); ++i)
                {
                    const uint32_t h = routes[ri].hops[i];
                    const int dir = dirOf(h, at);
                    if (h == c && need[dir] > 1e-9)
                    {
                        const double amount = std::min(need[dir], routes[ri].gbps);
                        // Shortest detour from at to the far end over links with spare
                        // capacity for `amount` in the direction crossed.
                        const uint32_t to = endOf(c, dir);
                        std::vector<std::pair<uint32_t, uint32_t>> prev(m_fibres.GetNSites(),
                                                                        {UINT32_MAX, UINT32_MAX});
                        std::vector<uint32_t> queue{at};
                        prev[at] = {at, UINT32_MAX};
                        for (std::size_t q = 0; q < queue.size() && prev[to].first == UINT32_MAX;
                             ++q)
                        {
                            const uint32_t u = queue[q];
                            for (uint32_t x : adjacent[u])
                            {
                                const int xd = dirOf(x, u);
                                const uint32_t v = endOf(x, xd);
                                const double spare = waves(x, savedLoad[x][0], savedLoad[x][1]) *
                                                         m_candidates[x].rateGbps -
                                                     load[x][xd];
                                if (prev[v].first == UINT32_MAX && spare >= amount - 1e-9)
                                {
                                    prev[v] = {u, x};
                                    queue.push_back(v);
                                }
                            }
                        }
                        if (prev[to].first == UINT32_MAX)
                        {
                            break;
                        }
                        std::vector<uint32_t> detour;
                        for (uint32_t v = to; v != at; v = prev[v].first)
                        {
                            detour.push_back(prev[v].second);
                        }
                        std::reverse(detour.begin(), detour.end());
                        // A detour through a site the route already visits would make a loop.
                        std::set<uint32_t> sites{demands[routes[ri].demand].src};
                        bool loop = false;
                        uint32_t walk = demands[routes[ri].demand].src;
                        std::vector<uint32_t> hopsAfter(routes[ri].hops.begin(),
                                                        routes[ri].hops.begin() + i);
                        hopsAfter.insert(hopsAfter.end(), detour.begin(), detour.end());
                        hopsAfter.insert(hopsAfter.end(),
                                         routes[ri].hops.begin() + i + 1,
                                         routes[ri].hops.end());
                        for (uint32_t x : hopsAfter)
                        {
                            walk = endOf(x, dirOf(x, walk));
                            loop = loop || !sites.insert(walk).second;
                        }
                        if (loop)
                        {
                            break;
                        }
                        Route moved = routes[ri];
                        addLoad(routes[ri], -1);
                        if (routes[ri].gbps - amount > 1e-9)
                        {
                            Route rest = routes[ri];
                            rest.gbps -= amount;
                            addLoad(rest, 1);
                            extra.push_back(rest);
                        }
                        moved.gbps = amount;
                        moved.hops.erase(moved.hops.begin() + i);
                        moved.hops.insert(moved.hops.begin() + i, detour.begin(), detour.end());
                        addLoad(moved, 1);
                        routes[ri] = moved;
                        need[dir] -= amount;
                        break;
                    }
                    at = endOf(h, dir);
                }
            }
            routes.insert(routes.end(), extra.begin(), extra.end());
            // Keep the moves only if the wavelength went and nothing grew.
            bool better = waves(c, load[c][0], load[c][1]) < w;
            for (uint32_t x = 0; better && x < nc; ++x)
            {
                better =
                    waves(x, load[x][0], load[x][1]) <= waves(x, savedLoad[x][0], savedLoad[x][1]);
            }
            if (better)
            {
                improved = true;
            }
            else
            {
                routes = savedRoutes;
                load = savedLoad;
            }
        }
    }
    // Wavelengths from the loads; every fibre within its wavelengths.
    std::vector<uint32_t> wavelengths(nc, 0);
    std::vector<uint32_t> onFibre(m_fibres.GetNFibres(), 0);
    for (uint32_t c = 0; c < nc; ++c)
    {
        wavelengths[c] = waves(c, load[c][0], load[c][1]);
        for (uint32_t f : m_candidates[c].fibres)
        {
            onFibre[f] += wavelengths[c];
        }
    }
    for (uint32_t f = 0; f < onFibre.size(); ++f)
    {
        if (onFibre[f] > m_wavelengths)
        {
            const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
            error = "greedy plan: fibre " + m_fibres.GetSite(fibre.a).name + "-" +
                    m_fibres.GetSite(fibre.b).name + " needs " + std::to_string(onFibre[f]) +
                    " wavelengths, more than WavelengthsPerFibre (" +
                    std::to_string(m_wavelengths) + ")";
            return false;
        }
    }
    BypassPlan out;
    out.status = "greedy";
    std::vector<uint32_t> planIndex(nc, UINT32_MAX);
    for (uint32_t c = 0; c < nc; ++c)
    {
        if (wavelengths[c] > 0)
        {
            planIndex[c] = static_cast<uint32_t>(out.links.size());
            out.links.push_back(m_candidates[c]);
            out.links.back().wavelengths = wavelengths[c];
        }
    }
    out.routes.assign(demands.size(), {});
    for (const Route& r : routes)
    {
        std::vector<uint32_t> route;
        for (uint32_t c : r.hops)
        {
            route.push_back(planIndex[c]);
        }
        out.routes[r.demand].emplace_back(route, r.gbps);
    }
    Cost(out);
    out.bound = out.capacityCost;
    out.seconds = Since(start);
    plan = std::move(out);
    return true;
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

bool
BypassPlanner::ParseFailures(const std::string& name, Failures& f)
{
    if (name == "none")
    {
        f = NONE;
    }
    else if (name == "single-cut")
    {
        f = SINGLE_CUT;
    }
    else if (name == "stochastic")
    {
        f = STOCHASTIC;
    }
    else
    {
        return false;
    }
    return true;
}

std::vector<std::vector<uint32_t>>
BypassPlanner::Scenarios(Failures f) const
{
    std::vector<std::vector<uint32_t>> out;
    if (f == SINGLE_CUT)
    {
        for (uint32_t i = 0; i < m_fibres.GetNFibres(); ++i)
        {
            out.push_back({i});
        }
    }
    else if (f == STOCHASTIC)
    {
        for (uint32_t s = 0; s < m_scenarios; ++s)
        {
            std::vector<uint32_t> cut;
            for (uint32_t i = 0; i < m_fibres.GetNFibres(); ++i)
            {
                if (m_rng->GetValue() < m_cutProbability)
                {
                    cut.push_back(i);
                }
            }
            if (!cut.empty())
            {
                out.push_back(cut);
            }
        }
    }
    return out;
}

double
BypassPlanner::CarriedFraction(const std::vector<TrafficMatrix::Demand>& demands,
                               const BypassPlan& plan,
                               const std::vector<uint32_t>& cut) const
{
    // Max concurrent flow over the plan's surviving lightpaths, as an LP.
    if (std::none_of(demands.begin(), demands.end(), [](const auto& d) { return d.gbps > 0; }))
    {
        return 1.0;
    }
    const std::set<uint32_t> cutSet(cut.begin(), cut.end());
    std::vector<const Lightpath*> links;
    std::vector<bool> usable;
    for (const Lightpath& l : plan.links)
    {
        links.push_back(&l);
        usable.push_back(!Crosses(l, cutSet));
    }
    LinearProgram lp;
    lp.SetMaximize(true);
    const uint32_t lambda = lp.AddVariable(0, 1, 1, false, "lambda");
    const SourceFlows flows =
        AddSourceFlows(lp, m_fibres.GetNSites(), demands, 1.0, links, usable, 0, lambda);
    for (std::size_t i = 0; i < plan.links.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (!flows.load[i][dir].empty())
            {
                lp.AddConstraint(flows.load[i][dir],
                                 -LinearProgram::Infinity(),
                                 plan.links[i].wavelengths * plan.links[i].rateGbps);
            }
        }
    }
    const LinearProgram::Result r = lp.Solve();
    return r.status == LinearProgram::OPTIMAL ? std::min(1.0, r.values[lambda]) : 0.0;
}

bool
BypassPlanner::Protect(const std::vector<TrafficMatrix::Demand>& demands,
                       const std::vector<std::vector<uint32_t>>& scenarios,
                       bool bypass,
                       BypassPlan& plan,
                       std::string& error) const
{
    if (!CheckDemands(demands, error))
    {
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    BypassPlan out = plan;
    // The plan's wavelengths per candidate.
    auto perCandidate = [this](const BypassPlan& p) {
        std::vector<uint32_t> w(m_candidates.size(), 0);
        for (const Lightpath& l : p.links)
        {
            for (uint32_t i = 0; i < m_candidates.size(); ++i)
            {
                if (m_candidates[i].fibres == l.fibres && m_candidates[i].sites == l.sites)
                {
                    w[i] += l.wavelengths;
                    break;
                }
            }
        }
        return w;
    };
    std::vector<uint32_t> candidates;
    for (uint32_t i = 0; i < (bypass ? m_candidates.size() : m_nHopByHop); ++i)
    {
        candidates.push_back(i);
    }
    uint32_t added = 0;
    for (const auto& cut : scenarios)
    {
        if (CarriedFraction(demands, out, cut) >= m_requiredFraction - 1e-6)
        {
            continue;
        }
        const std::vector<uint32_t> have = perCandidate(out);
        BypassPlan more;
        std::string why;
        if (!Solve(demands, candidates, have, cut, m_requiredFraction, false, more, why))
        {
            std::string names;
            for (uint32_t f : cut)
            {
                const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
                names += (names.empty() ? "" : ", ") + m_fibres.GetSite(fibre.a).name + "-" +
                         m_fibres.GetSite(fibre.b).name;
            }
            error = "no restoration capacity carries " + Num(100 * m_requiredFraction) +
                    "% of the demands with fibre(s) " + names + " cut: " + why;
            return false;
        }
        // Keep the routes of the intact network; take the larger wavelength counts.
        const std::vector<uint32_t> want = perCandidate(more);
        BypassPlan merged = out;
        for (uint32_t i = 0; i < m_candidates.size(); ++i)
        {
            if (want[i] <= have[i])
            {
                continue;
            }
            added += want[i] - have[i];
            bool found = false;
            for (Lightpath& l : merged.links)
            {
                if (l.fibres == m_candidates[i].fibres && l.sites == m_candidates[i].sites)
                {
                    l.wavelengths += want[i] - have[i];
                    found = true;
                    break;
                }
            }
            if (!found)
            {
                merged.links.push_back(m_candidates[i]);
                merged.links.back().wavelengths = want[i] - have[i];
            }
        }
        out = std::move(merged);
    }
    Cost(out);
    out.restorationWavelengths = plan.restorationWavelengths + added;
    out.bound = std::min(out.bound + (out.capacityCost - plan.capacityCost), out.capacityCost);
    out.seconds = plan.seconds + Since(start);
    plan = std::move(out);
    return true;
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
