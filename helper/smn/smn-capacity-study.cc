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

/// The WAN of the study and its demands, as every period simulates them.
struct StudyNetwork
{
    WanTopology fibres;                           //!< The fibre topology
    double unitCost{0};                           //!< Cost of one wavelength added to a fibre
    RateAdaptiveWan wan;                          //!< The WAN as built, without extra units
    std::vector<TeSolver::Commodity> commodities; //!< The demands, scaled to the load
    std::vector<double> capacity;                 //!< Per arc (Gb/s)
    std::vector<std::string> arcNames;            //!< Per arc: ip:A>B
    std::vector<std::string> pairNames;           //!< Per demand: pair:A>B
};

/**
 * \brief Builds the WAN as every period has it (same streams: same links), with \p units
 * wavelengths added to each fibre.
 * \param [in] c Settings
 * \param [in] fibres The fibre topology
 * \param [in] units Wavelengths added per fibre (empty: none)
 * \param [out] wan The WAN
 * \param [out] err What went wrong
 * \return false on error
 */
bool
BuildWan(const SmnCapacityConfig& c,
         const WanTopology& fibres,
         const std::vector<uint32_t>& units,
         RateAdaptiveWan& wan,
         std::string& err)
{
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
}

/**
 * \brief Builds the WAN without extra units, makes the demands (the matrix's shape on k
 * shortest paths, scaled to the load) and names the logged series.
 * \param [in] c Settings
 * \param [in] none No extra unit on any fibre
 * \param [in,out] net The network (fibres loaded first): wan, commodities, capacity, names
 * \param [out] error What went wrong
 * \return false on error
 */
bool
MakeDemands(const SmnCapacityConfig& c,
            const std::vector<uint32_t>& none,
            StudyNetwork& net,
            std::string& error)
{
    if (!BuildWan(c, net.fibres, none, net.wan, error))
    {
        return false;
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(c.stream);
    std::vector<TrafficMatrix::Demand> demands;
    if (!TrafficMatrix::Make(c.matrix, net.fibres, 1.0, rng, demands, error))
    {
        return false;
    }
    if (!RateAdaptiveWanHelper::MakeCommodities(net.wan,
                                                demands,
                                                "ksp",
                                                c.paths,
                                                net.commodities,
                                                error))
    {
        return false;
    }
    net.capacity.resize(net.wan.graph.arcs.size());
    for (std::size_t a = 0; a < net.capacity.size(); ++a)
    {
        net.capacity[a] = kWavelengthGbps * net.wan.wavelengths[a];
    }
    const double total = TeTopology::ScaleForLoad(demands, net.commodities, net.capacity, c.load);
    for (std::size_t i = 0; i < net.commodities.size(); ++i)
    {
        net.commodities[i].demand = demands[i].gbps * total;
    }
    for (const auto& arc : net.wan.graph.arcs)
    {
        net.arcNames.push_back("ip:" + net.fibres.GetSite(arc.from).name + ">" +
                               net.fibres.GetSite(arc.to).name);
    }
    for (const auto& k : net.commodities)
    {
        net.pairNames.push_back("pair:" + net.fibres.GetSite(k.src).name + ">" +
                                net.fibres.GetSite(k.dst).name);
    }
    return true;
}

/**
 * \brief Simulates one period: the WAN with extra wavelengths, from traffic time \p epoch
 * (the simulator is run and destroyed).
 * \param [in] c Settings
 * \param [in] net The network
 * \param [in] units Wavelengths added per fibre
 * \param [in] epoch Traffic time of the period's start
 * \param [in,out] p The period (its log kept if p.keepLog)
 * \param [out] error What went wrong
 * \return false on error
 */
bool
SimulatePeriod(const SmnCapacityConfig& c,
               const StudyNetwork& net,
               const std::vector<uint32_t>& units,
               Time epoch,
               Period& p,
               std::string& error)
{
    RateAdaptiveWan w;
    if (!BuildWan(c, net.fibres, units, w, error))
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
    run->SetNetwork(w.graph, w.arcLinks, w.wavelengths, net.arcNames);
    run->SetDemands(net.commodities, net.pairNames);
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
}

/// \param [in] p A period \return the share of its offered bytes it carried (%; 100 if none)
double
CarriedPct(const Period& p)
{
    return p.offered > 0 ? 100 * p.carried / p.offered : 100;
}

/**
 * \brief Plans the next period twice: from the fine log's busiest samples and from the coarse
 * log's busiest windows at the chosen statistic, both grown over one period.
 * \param [in] c Settings
 * \param [in] net The network
 * \param [in] fine The fine log
 * \param [in] coarse The coarse log
 * \param [in,out] out growth, the plans, their agreement and cost difference set
 * \param [out] error What went wrong
 * \return false on error
 */
bool
PlanNextPeriod(const SmnCapacityConfig& c,
               const StudyNetwork& net,
               const FineBandwidthLog& fine,
               const CoarseBandwidthLog& coarse,
               SmnCapacityOutcome& out,
               std::string& error)
{
    CapacityPlanner::Problem problem;
    problem.graph = net.wan.graph;
    problem.capacity = net.capacity;
    for (std::size_t a = 0; a < net.capacity.size(); ++a)
    {
        problem.arcFibre.push_back(static_cast<uint32_t>(a / 2));
    }
    problem.unitGbps.assign(net.fibres.GetNFibres(), kWavelengthGbps);
    problem.unitCost.assign(net.fibres.GetNFibres(), net.unitCost);
    problem.commodities = net.commodities;
    problem.maxUnits = c.maxUnits;
    // The next period's traffic at the same time of day is this one's grown over one period.
    problem.growth = BandwidthLogRun::GrowthFactor(c.annualGrowth, c.duration);
    out.growth = problem.growth;
    problem.snapshots = SmnCapacityStudy::FineSnapshots(fine, c.snapshots);
    if (!CapacityPlanner::Solve(problem, c.plannerTimeLimitS, out.finePlan, error))
    {
        error = "fine plan: " + error;
        return false;
    }
    problem.snapshots = SmnCapacityStudy::CoarseSnapshots(coarse, c.statistic, c.snapshots);
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
    return true;
}

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
    StudyNetwork net;
    if (!TeTopology::LoadFibres(c.topology, c.fibreKm, net.fibres, error))
    {
        return false;
    }
    CostCatalog catalog;
    if (!catalog.Load(CostCatalog::DEFAULT_FILE, error))
    {
        return false;
    }
    net.unitCost =
        2 * catalog.Get(CostCatalog::ROUTER_PORT) + 2 * catalog.Get(CostCatalog::TRANSPONDER);
    const std::vector<uint32_t> none(net.fibres.GetNFibres(), 0);
    if (!MakeDemands(c, none, net, error))
    {
        return false;
    }
    out.sites = net.fibres.GetNSites();
    out.fibres = net.fibres.GetNFibres();
    out.pairs = static_cast<uint32_t>(net.commodities.size());

    Period logged;
    logged.keepLog = true;
    if (!SimulatePeriod(c, net, none, Seconds(0), logged, error))
    {
        return false;
    }
    out.loggedCarriedPct = CarriedPct(logged);
    CoarseBandwidthLog coarse;
    if (!CoarseBandwidthLog::Coarsen(logged.log, c.window, c.quantiles, coarse, error))
    {
        return false;
    }
    out.fineValues = logged.log.GetNValues();
    out.coarseValues = coarse.GetNValues();
    out.logSizeRatio = static_cast<double>(logged.log.GetSizeBytes()) / coarse.GetSizeBytes();
    if (!PlanNextPeriod(c, net, logged.log, coarse, out, error))
    {
        return false;
    }

    Period next;
    if (!SimulatePeriod(c, net, none, c.duration, next, error))
    {
        return false;
    }
    out.noPlanCarriedPct = CarriedPct(next);
    if (!SimulatePeriod(c, net, out.finePlan.units, c.duration, next, error))
    {
        return false;
    }
    out.fineCarriedPct = CarriedPct(next);
    if (!SimulatePeriod(c, net, out.coarsePlan.units, c.duration, next, error))
    {
        return false;
    }
    out.coarseCarriedPct = CarriedPct(next);
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
