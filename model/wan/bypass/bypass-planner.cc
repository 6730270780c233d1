/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bypass-planner.h"

#include "../physical/optical-line-system.h"
#include "../te/te-paths.h"
#include "bypass-grooming.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/linear-program.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/optical-compat.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
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

/**
 * \brief Routes from a flow by source (AddSourceFlows): per demand, walked back from its
 * destination along the largest remaining inflow, as often as it takes.
 * \param [in] demands Demands
 * \param [in] fraction Share of each demand the flow carries
 * \param [in] links The links
 * \param [in] flows The flow variables
 * \param [in] values The LP's values
 * \return per demand, (link indices, Gb/s)
 */
std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>>
Decompose(const std::vector<TrafficMatrix::Demand>& demands,
          double fraction,
          const std::vector<const Lightpath*>& links,
          const SourceFlows& flows,
          const std::vector<double>& values)
{
    std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>> out(demands.size());
    const std::vector<uint32_t>& sources = flows.sources;
    for (std::size_t k = 0; k < sources.size(); ++k)
    {
        // Remaining flow per directed arc (candidate, dir) of this source.
        std::vector<std::array<double, 2>> rest(links.size(), {0.0, 0.0});
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            for (int dir = 0; dir < 2; ++dir)
            {
                if (flows.var[k][i][dir] != UINT32_MAX)
                {
                    rest[i][dir] = std::max(0.0, values[flows.var[k][i][dir]]);
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
                    for (std::size_t i = 0; i < links.size(); ++i)
                    {
                        const Lightpath& c = *links[i];
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
                    const Lightpath& c = *links[pick.first];
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
                    route.push_back(it->first);
                }
                out[di].emplace_back(route, amount);
                left -= amount;
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
                          MakeEnumChecker(OpticalChannel::PER_CHANNEL,
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
                          MakeUintegerChecker<uint32_t>(1));
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
    channel.nliModel = m_nliModel;
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
    TePathFinder finder(g);
    std::set<std::vector<uint32_t>> seen;
    for (uint32_t u = 0; u < fibres.GetNSites(); ++u)
    {
        for (uint32_t v = u + 1; v < fibres.GetNSites(); ++v)
        {
            for (const TePath& path : finder.KShortest(u, v, m_pathsPerPair))
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
                 : r.status == LinearProgram::INVALID ? ": " + r.error
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
    out.routes = Decompose(demands, fraction, links, flows, r.values);
    for (auto& routes : out.routes)
    {
        for (auto& [route, gbps] : routes)
        {
            for (uint32_t& l : route)
            {
                l = planIndex[l];
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

    // Start: every demand hop by hop on its shortest fibre path, then express wavelengths.
    BypassGrooming grooming(m_candidates,
                            bypass ? nc : m_nHopByHop,
                            m_fibres.GetNSites(),
                            m_fibres.GetNFibres(),
                            m_wavelengths,
                            demands);
    std::vector<BypassGrooming::Route> routes;
    TePathFinder finder(g);
    for (std::size_t d = 0; d < demands.size(); ++d)
    {
        if (demands[d].gbps > 0)
        {
            BypassGrooming::Route r{d, {}, demands[d].gbps};
            const std::vector<TePath> shortest =
                finder.KShortest(demands[d].src, demands[d].dst, 1);
            for (uint32_t arc : shortest.front())
            {
                r.hops.push_back(arc / 2);
            }
            routes.push_back(std::move(r));
        }
    }
    grooming.SetRoutes(routes);
    if (bypass)
    {
        grooming.Express(m_maxHops);
    }
    grooming.Shed(m_shedPasses);
    grooming.Fill(m_shedPasses);
    // Search: slope scaling from the best plan so far (its prices perturbed after the first
    // cycle), then the shedding and fill moves; the cheapest plan within the fibres is kept.
    std::vector<BypassGrooming::Route> best = grooming.GetRoutes();
    double bestCost =
        grooming.Fits() ? grooming.GetCost() : std::numeric_limits<double>::infinity();
    for (uint32_t cycle = 0; cycle < m_searchCycles; ++cycle)
    {
        std::vector<double> noise;
        for (std::size_t c = 0; cycle > 0 && c < nc; ++c)
        {
            noise.push_back(m_searchRng->GetValue(1 - m_perturbation, 1 + m_perturbation));
        }
        grooming.SetRoutes(best);
        if (grooming.SlopeScale(m_slopeRounds, noise))
        {
            grooming.Shed(m_shedPasses);
            grooming.Fill(m_shedPasses);
        }
        NS_LOG_DEBUG("search cycle " << cycle << ": cost " << grooming.GetCost() << " (best "
                                     << bestCost << ")");
        if (grooming.Fits() && grooming.GetCost() < bestCost - 1e-9)
        {
            bestCost = grooming.GetCost();
            best = grooming.GetRoutes();
        }
    }
    grooming.SetRoutes(best);
    if (m_polishPasses > 0)
    {
        Polish(demands, grooming);
    }
    // Every fibre within its wavelengths.
    for (uint32_t f = 0; f < m_fibres.GetNFibres(); ++f)
    {
        if (grooming.GetFibreWavelengths(f) > m_wavelengths)
        {
            const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
            error = "greedy plan: fibre " + m_fibres.GetSite(fibre.a).name + "-" +
                    m_fibres.GetSite(fibre.b).name + " needs " +
                    std::to_string(grooming.GetFibreWavelengths(f)) +
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
        if (grooming.GetWavelengths(c) > 0)
        {
            planIndex[c] = static_cast<uint32_t>(out.links.size());
            out.links.push_back(m_candidates[c]);
            out.links.back().wavelengths = grooming.GetWavelengths(c);
        }
    }
    out.routes.assign(demands.size(), {});
    for (const BypassGrooming::Route& r : grooming.GetRoutes())
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

void
BypassPlanner::Polish(const std::vector<TrafficMatrix::Demand>& demands,
                      BypassGrooming& grooming) const
{
    // The links with wavelengths, the emptiest top wavelength first.
    std::vector<uint32_t> used;
    for (uint32_t c = 0; c < m_candidates.size(); ++c)
    {
        if (grooming.GetWavelengths(c) > 0)
        {
            used.push_back(c);
        }
    }
    std::stable_sort(used.begin(), used.end(), [&grooming](uint32_t x, uint32_t y) {
        return grooming.GetTopFill(x) < grooming.GetTopFill(y);
    });
    // The demands over those links within their wavelengths (flow costs 1 per Gb/s and link).
    LinearProgram lp;
    lp.SetMaximize(false);
    std::vector<const Lightpath*> links;
    std::vector<uint32_t> wavelengths;
    for (uint32_t c : used)
    {
        links.push_back(&m_candidates[c]);
        wavelengths.push_back(grooming.GetWavelengths(c));
    }
    const SourceFlows flows = AddSourceFlows(lp,
                                             m_fibres.GetNSites(),
                                             demands,
                                             1.0,
                                             links,
                                             std::vector<bool>(links.size(), true),
                                             1.0,
                                             UINT32_MAX);
    std::vector<std::array<uint32_t, 2>> row(links.size(), {UINT32_MAX, UINT32_MAX});
    auto capacity = [&](std::size_t i) { return wavelengths[i] * links[i]->rateGbps; };
    for (std::size_t i = 0; i < links.size(); ++i)
    {
        for (int dir = 0; dir < 2; ++dir)
        {
            if (!flows.load[i][dir].empty())
            {
                row[i][dir] = lp.GetNConstraints();
                lp.AddConstraint(flows.load[i][dir], -LinearProgram::Infinity(), capacity(i));
            }
        }
    }
    auto setCapacity = [&](std::size_t i) {
        for (uint32_t r : row[i])
        {
            if (r != UINT32_MAX)
            {
                lp.SetConstraintBounds(r, -LinearProgram::Infinity(), capacity(i));
            }
        }
    };
    LinearProgram::Result r = lp.Resolve();
    if (r.status != LinearProgram::OPTIMAL)
    {
        NS_LOG_WARN("bypass polish: the LP over the greedy plan ended "
                    << LinearProgram::StatusName(r.status) << " " << r.error << "; plan kept");
        return;
    }
    // A link's top wavelength goes when the demands still route over the rest: at once when
    // the last flow leaves it spare, else when the LP with one wavelength less is feasible.
    auto flowOn = [&](std::size_t i) {
        double most = 0;
        for (const auto& terms : flows.load[i])
        {
            double sum = 0;
            for (const auto& [v, coefficient] : terms)
            {
                sum += coefficient * r.values[v];
            }
            most = std::max(most, sum);
        }
        return most;
    };
    uint32_t removed = 0;
    for (uint32_t pass = 0; pass < m_polishPasses; ++pass)
    {
        const uint32_t before = removed;
        for (std::size_t i = 0; i < links.size(); ++i)
        {
            if (wavelengths[i] == 0)
            {
                continue;
            }
            --wavelengths[i];
            setCapacity(i);
            if (flowOn(i) <= capacity(i) + 1e-9 * links[i]->rateGbps)
            {
                ++removed;
                continue;
            }
            LinearProgram::Result next = lp.Resolve();
            if (next.status == LinearProgram::OPTIMAL)
            {
                ++removed;
                r = std::move(next);
            }
            else
            {
                ++wavelengths[i];
                setCapacity(i);
            }
        }
        NS_LOG_DEBUG("bypass polish pass " << pass << ": " << removed - before
                                           << " wavelengths removed");
        if (removed == before)
        {
            break;
        }
    }
    r = lp.Resolve();
    if (removed == 0 || r.status != LinearProgram::OPTIMAL)
    {
        return;
    }
    std::vector<BypassGrooming::Route> routes;
    const auto perDemand = Decompose(demands, 1.0, links, flows, r.values);
    for (std::size_t d = 0; d < perDemand.size(); ++d)
    {
        for (const auto& [route, gbps] : perDemand[d])
        {
            BypassGrooming::Route g{d, {}, gbps};
            for (uint32_t l : route)
            {
                g.hops.push_back(used[l]);
            }
            routes.push_back(std::move(g));
        }
    }
    grooming.SetRoutes(routes);
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
