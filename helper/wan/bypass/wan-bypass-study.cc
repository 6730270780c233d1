/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-bypass-study.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanBypassStudy");

double
WanBypassStudy::Delivery::GetMetPct() const
{
    return demandedBytes > 0 ? 100 * std::min(carriedBytes, demandedBytes) / demandedBytes : 100.0;
}

double
WanBypassStudy::Delivery::GetOfferedPct() const
{
    return demandedBytes > 0 ? 100 * offeredBytes / demandedBytes : 0.0;
}

std::vector<std::pair<std::string, double>>
WanBypassStudy::HeadroomMetrics(const BypassPlanner::Headroom& h, std::string& note)
{
    std::vector<std::pair<std::string, double>> out;
    std::ostringstream os;
    switch (h.outcome)
    {
    case BypassPlanner::Headroom::FOUND:
        out.emplace_back("max-demand-scale", h.scale);
        out.emplace_back("max-demand-scale-fails-at", h.failsAt);
        break;
    case BypassPlanner::Headroom::AT_LIMIT:
        // Not a number found: the search stopped at its limit.
        os << "max-demand-scale: at least " << h.scale << " (--maxScaleLimit)";
        out.emplace_back("max-demand-scale-at-least", h.scale);
        break;
    case BypassPlanner::Headroom::NONE:
        os << "max-demand-scale: below " << h.failsAt;
        out.emplace_back("max-demand-scale-below", h.failsAt);
        break;
    }
    note = os.str();
    out.emplace_back("max-demand-scale-plans", h.plans);
    return out;
}

uint32_t
WanBypassStudy::CountExpress(const BypassPlan& plan)
{
    uint32_t n = 0;
    for (const auto& l : plan.links)
    {
        n += l.IsBypass() ? 1 : 0;
    }
    return n;
}

std::vector<TrafficMatrix::Demand>
WanBypassStudy::Scaled(std::vector<TrafficMatrix::Demand> demands, double factor)
{
    for (auto& d : demands)
    {
        d.gbps *= factor;
    }
    return demands;
}

double
WanBypassStudy::ReductionPct(double part, double whole)
{
    return whole > 0 ? 100 * (1 - part / whole) : 0.0;
}

double
WanBypassStudy::TopQuarterSavingsPct(const std::vector<std::pair<uint32_t, double>>& savings)
{
    double total = 0;
    double top = 0;
    const std::size_t quarter = (savings.size() + 3) / 4;
    for (std::size_t i = 0; i < savings.size(); ++i)
    {
        total += std::max(0.0, savings[i].second);
        top += i < quarter ? std::max(0.0, savings[i].second) : 0.0;
    }
    return total > 0 ? 100 * top / total : 0.0;
}

bool
WanBypassStudy::MakePlans(const BypassPlanner& planner,
                          const std::string& kind,
                          const std::vector<TrafficMatrix::Demand>& demands,
                          BypassPlanner::Failures failures,
                          Plans& plans,
                          std::string& error)
{
    plans = Plans();
    if (!planner.Plan(kind, demands, false, plans.baseline, error) ||
        !planner.Plan(kind, demands, true, plans.bypass, error))
    {
        return false;
    }
    plans.openBaseline = plans.baseline;
    plans.openBypass = plans.bypass;
    const auto scenarios = planner.Scenarios(failures);
    if (!planner.Protect(demands, scenarios, false, plans.baseline, error) ||
        !planner.Protect(demands, scenarios, true, plans.bypass, error))
    {
        return false;
    }
    plans.protectedBaseline = plans.baseline;
    plans.protectedBypass = plans.bypass;
    if (failures == BypassPlanner::NONE)
    {
        // Only for the savings under failures: fibres that cannot hold restoration capacity
        // leave that number out rather than fail the plans asked for.
        const auto cuts = planner.Scenarios(BypassPlanner::SINGLE_CUT);
        plans.protectedOk =
            planner.Protect(demands, cuts, false, plans.protectedBaseline, plans.protectedWhy) &&
            planner.Protect(demands, cuts, true, plans.protectedBypass, plans.protectedWhy);
    }
    return true;
}

bool
WanBypassStudy::RunRoutes(const WanTopology& fibres,
                          const TransceiverModes& modes,
                          const BypassPlan& plan,
                          const std::vector<TrafficMatrix::Demand>& demands,
                          const WanTrafficHelper& traffic,
                          Time duration,
                          Delivery& out,
                          std::string& error,
                          const Runner& run)
{
    out = Delivery();
    BypassTopologyHelper topo;
    RateAdaptiveWan wan;
    if (!topo.Build(fibres, modes, plan, wan, error))
    {
        return false;
    }
    std::vector<TeSolver::Commodity> commodities;
    TeSolver::Solution routes;
    BypassTopologyHelper::Routes(wan, plan, demands, commodities, routes);
    // Packet-level devices take their rate from the links' first RateChange, at Start: the
    // traffic is built first.
    Ptr<WanTraffic> t = traffic.Install(wan, topo.GetLinkHelper(), commodities, error);
    if (!t)
    {
        return false;
    }
    for (auto& l : wan.links)
    {
        l->Start(duration + Seconds(1));
    }
    out.offeredBytes = t->Install(routes, duration);
    const Time stop = duration + t->GetDrainTime(Seconds(1));
    WanTrafficHelper::Run(run, stop);
    out.carriedBytes = t->GetCarriedBytes();
    out.packets = t->GetCounters();
    double demanded = 0;
    for (const auto& d : demands)
    {
        demanded += d.gbps;
    }
    out.demandedGbps = demanded;
    out.demandedBytes = demanded * 1e9 / 8 * duration.GetSeconds();
    Simulator::Destroy();
    return true;
}

void
WanBypassStudy::WriteLinks(ResultsStore& store,
                           int64_t runId,
                           const WanTopology& fibres,
                           const BypassPlan& plan,
                           const std::vector<std::pair<uint32_t, double>>& savings)
{
    store.CreateEventTable("bypass_link");
    std::vector<double> saving(plan.links.size(), 0);
    for (const auto& [i, v] : savings)
    {
        saving[i] = v;
    }
    for (std::size_t i = 0; i < plan.links.size(); ++i)
    {
        const Lightpath& l = plan.links[i];
        store.AddEvent("bypass_link",
                       runId,
                       {static_cast<int64_t>(i),
                        fibres.GetSite(l.a).name,
                        fibres.GetSite(l.b).name,
                        static_cast<int64_t>(l.fibres.size()),
                        l.lengthKm,
                        l.osnrDb,
                        l.rateGbps,
                        static_cast<int64_t>(l.wavelengths),
                        saving[i]});
    }
}

void
WanBypassStudy::AddTopologyOptions(OpticalExperiment& exp, TopologyRules& rules)
{
    exp.AddEnum("parallelLinks",
                "GraphML/GML: links between the same two nodes: merge (one fibre, the shortest "
                "given length; self-loops dropped) or refuse",
                rules.parallelLinks,
                {"merge", "refuse"});
    exp.AddEnum("unlocated",
                "GraphML/GML: nodes without coordinates: neighbours (placed at the centre of "
                "their located neighbours), fixed (their fibres --unlocatedKm long) or refuse",
                rules.unlocated,
                {"neighbours", "fixed", "refuse"});
    exp.AddReal("unlocatedKm",
                "GraphML/GML: length of a fibre to a node no rule places",
                rules.unlocatedKm,
                OpticalBounds::Above(0).AtMost(WanTopology::MAX_LENGTH_KM),
                "km");
    exp.AddEnum("disconnected",
                "GraphML/GML: a network in pieces: largest (plan its largest component) or "
                "refuse",
                rules.disconnected,
                {"largest", "refuse"});
}

void
WanBypassStudy::LoadTopology(OpticalExperiment& exp,
                             const std::string& topology,
                             const TopologyRules& rules,
                             WanTopology& fibres)
{
    WanTopology::GraphOptions options;
    options.unlocatedLengthKm = rules.unlocatedKm;
    std::string error;
    exp.Require(WanTopology::ParseParallelLinks(rules.parallelLinks, options.parallelLinks, error),
                "parallelLinks",
                error);
    exp.Require(WanTopology::ParseUnlocatedSites(rules.unlocated, options.unlocated, error),
                "unlocated",
                error);
    exp.Require(WanTopology::ParseDisconnected(rules.disconnected, options.disconnected, error),
                "disconnected",
                error);
    exp.Require(fibres.Load(topology, error, options), "topology", error);
    for (const auto& note : fibres.GetNotes())
    {
        exp.Note(fibres.GetName() + ": " + note);
    }
}

} // namespace ns3
