/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "smn-capacity-study.h"

#include "ns3/bandwidth-log-run.h"
#include "ns3/cost-catalog.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-units.h"
#include "ns3/rate-adaptive-wan-helper.h"
#include "ns3/simulator.h"
#include "ns3/te-topology.h"

#include <algorithm>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SmnCapacityStudy");

namespace
{

/// Transmission rate of every link (static policy), and so the capacity of one wavelength.
constexpr double kWavelengthGbps = 100;

/**
 * \param [in] totals Per sample or window, its total
 * \param [in] count How many to take
 * \return the indices of the \p count largest, ties to the earlier, in time order
 */
std::vector<uint32_t>
Busiest(const std::vector<double>& totals, uint32_t count)
{
    std::vector<uint32_t> order(totals.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&totals](uint32_t a, uint32_t b) {
        return totals[a] > totals[b];
    });
    order.resize(std::min<std::size_t>(count, order.size()));
    std::sort(order.begin(), order.end());
    return order;
}

/// One simulated period of the WAN.
struct Period
{
    bool keepLog{false};  //!< Keep the fine log (only the logged period needs it)
    FineBandwidthLog log; //!< Its fine log, if kept
    double offered{0};    //!< Bytes offered
    double carried{0};    //!< Bytes carried
};

} // namespace

std::string
SmnCapacityStudy::Check(const SmnCapacityConfig& c)
{
    auto t = [](Time x) { return OpticalUnits::FormatTime(x.GetSeconds()); };
    if (!c.step.IsStrictlyPositive())
    {
        return "--step=" + t(c.step) + ": must be above 0";
    }
    if (c.window < c.step)
    {
        return "--window=" + t(c.window) +
               ": shorter than the fine sampling interval --step=" + t(c.step);
    }
    if (c.window.GetTimeStep() % c.step.GetTimeStep() != 0)
    {
        return "--window=" + t(c.window) + ": not a whole number of --step=" + t(c.step);
    }
    if (c.teInterval < c.step || c.teInterval.GetTimeStep() % c.step.GetTimeStep() != 0)
    {
        return "--teInterval=" + t(c.teInterval) + ": not a whole number of --step=" + t(c.step);
    }
    if (c.duration < c.window || c.duration.GetTimeStep() % c.window.GetTimeStep() != 0)
    {
        return "--days=" + t(c.duration) + ": not a whole number of --window=" + t(c.window);
    }
    const auto samples = c.duration.GetTimeStep() / c.step.GetTimeStep();
    if (samples > 100000000)
    {
        return "--days=" + t(c.duration) + " at --step=" + t(c.step) + ": " +
               std::to_string(samples) + " samples a series (allowed: up to 100,000,000)";
    }
    for (double q : c.quantiles)
    {
        if (!(q >= 0 && q <= 1))
        {
            return "--quantiles: " + std::to_string(q) + " (allowed: 0 to 1)";
        }
    }
    const std::vector<std::string> stats{"p50", "p95", "max", "mean"};
    if (std::find(stats.begin(), stats.end(), c.statistic) == stats.end())
    {
        return "--statistic=" + c.statistic + ": unknown (allowed: p50, p95, max, mean)";
    }
    if (c.snapshots == 0)
    {
        return "--snapshots=0: plan for at least one";
    }
    return "";
}

std::vector<std::vector<double>>
SmnCapacityStudy::FineSnapshots(const FineBandwidthLog& fine, uint32_t count)
{
    const uint32_t links = fine.GetNLinks();
    std::vector<double> totals(fine.GetNSamples(), 0);
    for (uint32_t s = links; s < fine.GetNSeries(); ++s)
    {
        for (uint32_t k = 0; k < fine.GetNSamples(); ++k)
        {
            totals[k] += fine.Get(s, k);
        }
    }
    std::vector<std::vector<double>> out;
    for (uint32_t k : Busiest(totals, count))
    {
        std::vector<double> m;
        for (uint32_t s = links; s < fine.GetNSeries(); ++s)
        {
            m.push_back(fine.Get(s, k));
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<std::vector<double>>
SmnCapacityStudy::CoarseSnapshots(const CoarseBandwidthLog& coarse,
                                  const std::string& statistic,
                                  uint32_t count)
{
    std::function<double(uint32_t, uint32_t)> get;
    if (statistic == "max")
    {
        get = [&coarse](uint32_t s, uint32_t w) { return coarse.GetMax(s, w); };
    }
    else if (statistic == "mean")
    {
        get = [&coarse](uint32_t s, uint32_t w) { return coarse.GetMean(s, w); };
    }
    else
    {
        const double q = statistic == "p50" ? 0.5 : statistic == "p95" ? 0.95 : -1;
        const auto& qs = coarse.GetQuantiles();
        const auto it = std::find(qs.begin(), qs.end(), q);
        if (it == qs.end())
        {
            return {};
        }
        const auto index = static_cast<uint32_t>(it - qs.begin());
        get = [&coarse, index](uint32_t s, uint32_t w) { return coarse.GetQuantile(s, w, index); };
    }
    const uint32_t links = coarse.GetNLinks();
    std::vector<double> totals(coarse.GetNWindows(), 0);
    for (uint32_t s = links; s < coarse.GetNSeries(); ++s)
    {
        for (uint32_t w = 0; w < coarse.GetNWindows(); ++w)
        {
            totals[w] += get(s, w);
        }
    }
    std::vector<std::vector<double>> out;
    for (uint32_t w : Busiest(totals, count))
    {
        std::vector<double> m;
        for (uint32_t s = links; s < coarse.GetNSeries(); ++s)
        {
            m.push_back(get(s, w));
        }
        out.push_back(std::move(m));
    }
    return out;
}

bool
SmnCapacityStudy::Run(const SmnCapacityConfig& c, SmnCapacityOutcome& out, std::string& error)
{
    out = SmnCapacityOutcome();
    error = Check(c);
    if (!error.empty())
    {
        return false;
    }
    WanTopology fibres;
    if (!TeTopology::LoadFibres(c.topology, c.fibreKm, fibres, error))
    {
        return false;
    }
    CostCatalog catalog;
    if (!catalog.Load(CostCatalog::DEFAULT_FILE, error))
    {
        return false;
    }
    const double unitCost =
        2 * catalog.Get(CostCatalog::ROUTER_PORT) + 2 * catalog.Get(CostCatalog::TRANSPONDER);

    // The WAN as built for every period (same streams: same links).
    auto build =
        [&c, &fibres](const std::vector<uint32_t>& units, RateAdaptiveWan& wan, std::string& err) {
            RateAdaptiveWanHelper helper;
            if (!helper.SetStaticLinks(kWavelengthGbps, err))
            {
                return false;
            }
            helper.SetWavelengths(c.wavelengths);
            if (!helper.Build(fibres, c.stream + 1, wan, err))
            {
                return false;
            }
            for (std::size_t a = 0; a < wan.wavelengths.size(); ++a)
            {
                wan.wavelengths[a] += units.empty() ? 0 : units[a / 2];
            }
            return true;
        };
    const std::vector<uint32_t> none(fibres.GetNFibres(), 0);
    RateAdaptiveWan wan;
    if (!build(none, wan, error))
    {
        return false;
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(c.stream);
    std::vector<TrafficMatrix::Demand> demands;
    if (!TrafficMatrix::Make(c.matrix, fibres, 1.0, rng, demands, error))
    {
        return false;
    }
    std::vector<TeSolver::Commodity> commodities;
    if (!RateAdaptiveWanHelper::MakeCommodities(wan, demands, "ksp", c.paths, commodities, error))
    {
        return false;
    }
    std::vector<double> capacity(wan.graph.arcs.size());
    for (std::size_t a = 0; a < capacity.size(); ++a)
    {
        capacity[a] = kWavelengthGbps * wan.wavelengths[a];
    }
    const double total = TeTopology::ScaleForLoad(demands, commodities, capacity, c.load);
    for (std::size_t i = 0; i < commodities.size(); ++i)
    {
        commodities[i].demand = demands[i].gbps * total;
    }
    std::vector<std::string> arcNames;
    for (const auto& arc : wan.graph.arcs)
    {
        arcNames.push_back("ip:" + fibres.GetSite(arc.from).name + ">" +
                           fibres.GetSite(arc.to).name);
    }
    std::vector<std::string> pairNames;
    for (const auto& k : commodities)
    {
        pairNames.push_back("pair:" + fibres.GetSite(k.src).name + ">" +
                            fibres.GetSite(k.dst).name);
    }
    out.sites = fibres.GetNSites();
    out.fibres = fibres.GetNFibres();
    out.pairs = static_cast<uint32_t>(commodities.size());

    // One period: the WAN with extra wavelengths, from traffic time `epoch`.
    auto simulate = [&](const std::vector<uint32_t>& units, Time epoch, Period& p) {
        RateAdaptiveWan w;
        if (!build(units, w, error))
        {
            return false;
        }
        for (auto& l : w.links)
        {
            l->Start(c.duration);
        }
        Ptr<BandwidthLogRun> run = CreateObject<BandwidthLogRun>();
        run->SetAttribute("Step", TimeValue(c.step));
        run->SetAttribute("TeInterval", TimeValue(c.teInterval));
        run->SetAttribute("Epoch", TimeValue(epoch));
        run->SetAttribute("AnnualGrowth", DoubleValue(c.annualGrowth));
        run->SetNetwork(w.graph, w.arcLinks, w.wavelengths, arcNames);
        run->SetDemands(commodities, pairNames);
        run->AssignStreams(c.stream + 2);
        if (!run->Check(error))
        {
            return false;
        }
        run->Start(c.duration);
        Simulator::Stop(c.duration);
        Simulator::Run();
        if (p.keepLog)
        {
            p.log = run->GetLog();
        }
        p.offered = run->GetOfferedBytes();
        p.carried = run->GetCarriedBytes();
        run->Dispose();
        Simulator::Destroy();
        return true;
    };
    auto pct = [](const Period& p) { return p.offered > 0 ? 100 * p.carried / p.offered : 100; };

    Period logged;
    logged.keepLog = true;
    if (!simulate(none, Seconds(0), logged))
    {
        return false;
    }
    out.loggedCarriedPct = pct(logged);
    CoarseBandwidthLog coarse;
    if (!CoarseBandwidthLog::Coarsen(logged.log, c.window, c.quantiles, coarse, error))
    {
        return false;
    }
    out.fineValues = logged.log.GetNValues();
    out.coarseValues = coarse.GetNValues();
    out.logSizeRatio = static_cast<double>(logged.log.GetSizeBytes()) / coarse.GetSizeBytes();

    CapacityPlanner::Problem problem;
    problem.graph = wan.graph;
    problem.capacity = capacity;
    for (std::size_t a = 0; a < capacity.size(); ++a)
    {
        problem.arcFibre.push_back(static_cast<uint32_t>(a / 2));
    }
    problem.unitGbps.assign(fibres.GetNFibres(), kWavelengthGbps);
    problem.unitCost.assign(fibres.GetNFibres(), unitCost);
    problem.commodities = commodities;
    problem.maxUnits = c.maxUnits;
    // The next period's traffic at the same time of day is this one's grown over one period.
    problem.growth = BandwidthLogRun::GrowthFactor(c.annualGrowth, c.duration);
    out.growth = problem.growth;
    problem.snapshots = FineSnapshots(logged.log, c.snapshots);
    if (!CapacityPlanner::Solve(problem, c.plannerTimeLimitS, out.finePlan, error))
    {
        error = "fine plan: " + error;
        return false;
    }
    problem.snapshots = CoarseSnapshots(coarse, c.statistic, c.snapshots);
    if (problem.snapshots.empty())
    {
        error = "--statistic=" + c.statistic + ": not among the coarse log's quantiles";
        return false;
    }
    if (!CapacityPlanner::Solve(problem, c.plannerTimeLimitS, out.coarsePlan, error))
    {
        error = "coarse plan: " + error;
        return false;
    }
    out.planAgreementPct = CapacityPlanner::Agreement(out.finePlan, out.coarsePlan);
    out.planCostDifferencePct =
        out.finePlan.cost > 0 ? 100 * (out.coarsePlan.cost - out.finePlan.cost) / out.finePlan.cost
                              : (out.coarsePlan.cost > 0 ? 100 : 0);

    Period next;
    if (!simulate(none, c.duration, next))
    {
        return false;
    }
    out.noPlanCarriedPct = pct(next);
    if (!simulate(out.finePlan.units, c.duration, next))
    {
        return false;
    }
    out.fineCarriedPct = pct(next);
    if (!simulate(out.coarsePlan.units, c.duration, next))
    {
        return false;
    }
    out.coarseCarriedPct = pct(next);
    return true;
}

void
SmnCapacityStudy::Record(ResultsStore* store,
                         int64_t runId,
                         const SmnCapacityConfig& c,
                         const SmnCapacityOutcome& out)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("smn_plans");
    auto row = [&](const std::string& source,
                   const CapacityPlanner::Plan& plan,
                   double carried,
                   int64_t values) {
        int64_t units = 0;
        int64_t augmented = 0;
        for (uint32_t u : plan.units)
        {
            units += u;
            augmented += u > 0 ? 1 : 0;
        }
        store->AddEvent("smn_plans",
                        runId,
                        {c.topology,
                         source,
                         source == "fine" ? c.step.GetSeconds() : c.window.GetSeconds(),
                         source == "fine" ? std::string("sample") : c.statistic,
                         static_cast<int64_t>(c.snapshots),
                         plan.cost,
                         units,
                         augmented,
                         carried,
                         values,
                         out.logSizeRatio,
                         plan.gap,
                         plan.seconds});
    };
    row("none", CapacityPlanner::Plan(), out.noPlanCarriedPct, 0);
    row("fine", out.finePlan, out.fineCarriedPct, static_cast<int64_t>(out.fineValues));
    row("coarse", out.coarsePlan, out.coarseCarriedPct, static_cast<int64_t>(out.coarseValues));
}

} // namespace ns3
