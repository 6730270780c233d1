/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * WAN capacity planning with optical bypass (after Shoofly, SIGCOMM'21). A gravity matrix of
 * --totalTbps x --demandScale is planned twice over the same fibre layer: hop by hop (every
 * wavelength ends at the router of each site it passes) and with express lightpaths that skip
 * routers within their optical reach (BypassPlanner, --planner=ilp (CBC) or greedy). The bypass
 * plan is then built as an ns-3 network (BypassTopologyHelper: rate-adaptive links at the
 * planned rates) and its routes run for --duration at flow level (or, --backend=packet, as
 * UDP flows pinned to the routes over routers and rate-adaptive devices), so that "every
 * demand is met" is measured, not assumed.
 *
 *   ./ns3 run "wan-bypass --topology=continental-backbone --demandScale=1 --failures=none
 *              --planner=ilp"
 *
 * Prints cost-reduction-pct (capacity cost: router ports, transponders, regenerators),
 * router-ports-saved, max-demand-scale, cost-reduction-under-failures-pct,
 * top25-bypass-savings-pct and demands-met-pct.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <algorithm>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("WanBypassExample");

namespace
{

/// The options, with their defaults.
struct Options
{
    std::string topology{"continental-backbone"};   //!< Fibre topology (name or file)
    WanBypassStudy::TopologyRules rules;            //!< What a graph file's quirks become
    double totalTbps{20};                           //!< Today's total demand (Tb/s)
    double demandScale{1};                          //!< Growth factor of today's demand
    std::string failures{"none"};                   //!< none | single-cut | stochastic
    std::string planner{"ilp"};                     //!< ilp | greedy
    std::string modes{"radwan"};                    //!< Mode table
    std::string catalog{CostCatalog::DEFAULT_FILE}; //!< Hardware cost catalog
    uint32_t wavelengths{96};                       //!< Wavelengths per fibre
    uint32_t maxHops{4};                            //!< Most fibres of an express lightpath
    uint32_t pathsPerPair{2};                       //!< Candidate fibre paths per pair
    Time limit{Seconds(60)};                        //!< ILP time limit (0: none)
    double requiredFraction{1.0};                   //!< Share each failure scenario carries
    Time runFor{Seconds(10)};                       //!< Simulated time of the plan's routes
    double maxScaleLimit{64};                       //!< Largest growth factor searched
    Backend backend{Backend::FLOW};                 //!< Simulation of the bypass plan
    double packetScale{1e-4};                       //!< Packet level: rate per planned Gb/s
};

/// What the run needs, built from the options before it starts.
struct Network
{
    WanTrafficHelper traffic;                                 //!< Traffic at --backend
    BypassPlanner::Failures failureKind{BypassPlanner::NONE}; //!< --failures
    WanTopology fibres;                                       //!< The fibre layer
    TransceiverModes table;                                   //!< The mode table
    CostCatalog costs;                                        //!< The cost catalog
    Ptr<BypassPlanner> bp;                                    //!< The planner, on the fibres
    std::vector<TrafficMatrix::Demand> demands;               //!< The demand planned
};

/// What the run found.
struct Outcome
{
    WanBypassStudy::Plans plans;                      //!< Hop by hop and with bypass
    std::vector<std::pair<uint32_t, double>> savings; //!< Bypass savings per link
    BypassPlanner::Headroom headroom;                 //!< Largest growth carried
    WanBypassStudy::Delivery delivery;                //!< The bypass plan's routes in ns-3
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The options, holding their defaults
 */
void
AddOptions(OpticalExperiment& exp, Options& o)
{
    exp.AddText("topology",
                "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                "GraphML or GML file (Internet Topology Zoo)",
                o.topology,
                false);
    WanBypassStudy::AddTopologyOptions(exp, o.rules);
    exp.AddRateNumber("totalTbps",
                      "Today's total demand, gravity over all site pairs (up to 100 Pb/s, far "
                      "beyond any WAN; demands beyond the fibres are refused)",
                      o.totalTbps,
                      OpticalBounds::Above(0).AtMost(1e5),
                      "Tbps");
    exp.AddReal("demandScale",
                "Growth factor applied to today's demand",
                o.demandScale,
                OpticalBounds::Above(0).AtMost(1e3));
    exp.AddEnum("failures",
                "Failure scenarios the plan must survive: none, single-cut (each fibre cut) or "
                "stochastic (BypassPlanner::Scenarios, CutProbability)",
                o.failures,
                {"none", "single-cut", "stochastic"});
    exp.AddEnum("planner",
                "ilp (COIN-OR CBC, with --timeLimit) or greedy",
                o.planner,
                {"ilp", "greedy"});
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", o.modes, false);
    exp.AddText("catalog",
                "Hardware cost catalog (a file of data/wan, or a path): router-port, "
                "transponder, regenerator, amplifier, each 0 to 1e9 (CostCatalog::MAX_COST)",
                o.catalog,
                false);
    exp.AddCount("wavelengths",
                 "Wavelengths per fibre (C band at 50 GHz: 96; C+L at 12.5 GHz stays below 1000)",
                 o.wavelengths,
                 1,
                 1000);
    exp.AddCount("maxHops", "Most fibres an express lightpath crosses", o.maxHops, 2, 32);
    exp.AddCount("pathsPerPair", "Candidate fibre paths per pair of sites", o.pathsPerPair, 1, 100);
    exp.AddTime("timeLimit",
                "ILP time limit (the gap is reported when it expires; 0: none)",
                o.limit,
                OpticalBounds::AtLeast(0).AtMost(7 * 86400));
    exp.AddFraction("requiredFraction",
                    "Share of every demand each failure scenario must still carry",
                    o.requiredFraction,
                    OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("duration",
                "Simulated time the plan's routes run",
                o.runFor,
                OpticalBounds::Above(0).AtMost(86400));
    exp.AddBackend("backend",
                   "Simulation of the bypass plan (packet: routers, rate-adaptive devices, UDP "
                   "flows pinned to the plan's routes; small networks)",
                   o.backend,
                   {Backend::FLOW, Backend::PACKET});
    exp.AddReal("packetScale",
                "Packet level: device rate per Gb/s of planned capacity, in Gb/s (delivered "
                "traffic is scaled back)",
                o.packetScale,
                OpticalBounds::AtLeast(1e-9).AtMost(1),
                "Gb/s per Gb/s");
    exp.AddReal("maxScaleLimit",
                "Largest growth factor max-demand-scale searches up to (doubling from 1, then "
                "bisection; an answer at the limit is reported as max-demand-scale-at-least)",
                o.maxScaleLimit,
                OpticalBounds::AtLeast(1).AtMost(BypassPlanner::MAX_SCALE_LIMIT));
}

/**
 * \brief Checks the options together and builds what the run needs (the fibres, the mode
 * table, the costs, the planner and the demand), refusing what no plan can carry.
 * \param [in] o The options
 * \param [out] net What the run needs
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
CheckAndBuild(const Options& o, Network& net, OpticalExperiment& exp)
{
    std::string error;
    net.traffic.SetBackend(o.backend);
    net.traffic.SetPacketScale(o.packetScale);
    exp.Require(BypassPlanner::ParseFailures(o.failures, net.failureKind),
                "failures",
                "unknown kind");
    WanBypassStudy::LoadTopology(exp, o.topology, o.rules, net.fibres);
    exp.Require(net.table.Load(o.modes, TransceiverModes::DEFAULT_FILE, error), "modes", error);
    exp.Require(net.costs.Load(o.catalog, error), "catalog", error);
    net.bp = CreateObject<BypassPlanner>();
    net.bp->SetAttribute("WavelengthsPerFibre", UintegerValue(o.wavelengths));
    net.bp->SetAttribute("MaxBypassHops", UintegerValue(o.maxHops));
    net.bp->SetAttribute("PathsPerPair", UintegerValue(o.pathsPerPair));
    net.bp->SetAttribute("TimeLimit", TimeValue(o.limit));
    net.bp->SetAttribute("RequiredFraction", DoubleValue(o.requiredFraction));
    net.bp->AssignStreams(1);
    exp.Require(net.bp->SetNetwork(net.fibres, net.table, net.costs, error), "topology", error);
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    std::vector<TrafficMatrix::Demand> today;
    exp.Require(TrafficMatrix::Make("gravity", net.fibres, o.totalTbps * 1e3, rng, today, error),
                "totalTbps",
                error);
    net.demands = WanBypassStudy::Scaled(today, o.demandScale);
    // Demands beyond every fibre together fit no plan: refused before the run.
    const bool carried = net.bp->CheckDemands(net.demands, error);
    exp.Require(carried, "totalTbps", "times --demandScale: " + error);
}

/**
 * \brief Plans the demand hop by hop and with bypass, searches the headroom, and runs the
 * bypass plan's routes in ns-3.
 * \param [in] o The options
 * \param [in] net What the run needs
 * \param [in,out] exp The experiment (runs the simulator, fails on error)
 * \return what the run found
 */
Outcome
Run(const Options& o, const Network& net, OpticalExperiment& exp)
{
    std::string error;
    Outcome out;
    // The two plans, for the failures asked for (and single cuts, for the savings under them).
    if (!WanBypassStudy::MakePlans(*net.bp,
                                   o.planner,
                                   net.demands,
                                   net.failureKind,
                                   out.plans,
                                   error))
    {
        exp.Fail(error);
    }
    if (!out.plans.protectedOk)
    {
        std::cerr << "wan-bypass: cost-reduction-under-failures-pct not computed: "
                  << out.plans.protectedWhy << std::endl;
    }
    out.savings = net.bp->BypassSavings(out.plans.bypass);

    // Headroom: the largest growth of the demand that a bypass plan carries with no more
    // router ports than the hop-by-hop plan of the demand, over greedy plans (the ILP would
    // take minutes per step).
    out.headroom = net.bp->MaxDemandScale(net.demands,
                                          out.plans.openBaseline.routerPorts,
                                          o.maxScaleLimit,
                                          error);

    // The bypass plan in ns-3: every route at its volume for --duration.
    if (!WanBypassStudy::RunRoutes(net.fibres,
                                   net.table,
                                   out.plans.bypass,
                                   net.demands,
                                   net.traffic,
                                   o.runFor,
                                   out.delivery,
                                   error,
                                   [&exp](Time t) { exp.Run(t); }))
    {
        exp.Fail(error);
    }
    return out;
}

/**
 * \brief Records the bypass plan's links and prints the metrics.
 * \param [in,out] exp The experiment
 * \param [in] net What the run used
 * \param [in] out What the run found
 */
void
Report(OpticalExperiment& exp, const Network& net, const Outcome& out)
{
    const BypassPlan& baseline = out.plans.baseline;
    const BypassPlan& bypass = out.plans.bypass;
    const WanBypassStudy::Delivery& delivery = out.delivery;
    if (ResultsStore* store = exp.GetStore())
    {
        WanBypassStudy::WriteLinks(*store, exp.GetRunId(), net.fibres, bypass, out.savings);
    }
    exp.Metric("demand-gbps", delivery.demandedGbps, "Gb/s");
    exp.Metric("baseline-capacity-cost", baseline.capacityCost);
    exp.Metric("bypass-capacity-cost", bypass.capacityCost);
    exp.Metric("baseline-total-cost", baseline.cost);
    exp.Metric("bypass-total-cost", bypass.cost);
    exp.Metric("baseline-router-ports", baseline.routerPorts);
    exp.Metric("bypass-router-ports", bypass.routerPorts);
    exp.Metric("express-lightpaths", WanBypassStudy::CountExpress(bypass));
    exp.Metric("planner-gap-pct", 100 * bypass.gap, "%");
    exp.Metric("planner-s", out.plans.openBaseline.seconds + out.plans.openBypass.seconds, "s");
    exp.Metric("restoration-wavelengths", bypass.restorationWavelengths);
    exp.Metric("total-cost-reduction-pct",
               WanBypassStudy::ReductionPct(bypass.cost, baseline.cost),
               "%");
    exp.Metric("cost-reduction-pct",
               WanBypassStudy::ReductionPct(bypass.capacityCost, baseline.capacityCost),
               "%");
    exp.Metric("router-ports-saved",
               static_cast<double>(baseline.routerPorts) - static_cast<double>(bypass.routerPorts));
    std::string note; // the headroom as a bound, when it is not a number found
    const auto headroomMetrics = WanBypassStudy::HeadroomMetrics(out.headroom, note);
    if (!note.empty())
    {
        std::cout << note << std::endl;
    }
    for (const auto& [name, value] : headroomMetrics)
    {
        exp.Metric(name, value);
    }
    if (out.plans.protectedOk)
    {
        exp.Metric("cost-reduction-under-failures-pct",
                   WanBypassStudy::ReductionPct(out.plans.protectedBypass.capacityCost,
                                                out.plans.protectedBaseline.capacityCost),
                   "%");
    }
    exp.Metric("top25-bypass-savings-pct", WanBypassStudy::TopQuarterSavingsPct(out.savings), "%");
    exp.Metric("demands-met-pct", delivery.GetMetPct(), "%");
    // Packet level: every packet sent is received or dropped (none left after the extra second).
    WanTrafficHelper::ReportCounters(exp, delivery.packets);
    exp.Metric("offered-pct", delivery.GetOfferedPct(), "%");
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    OpticalExperiment exp("wan-bypass", "WAN capacity planning with optical bypass (Shoofly)");
    AddOptions(exp, o);
    exp.Parse(argc, argv);
    Network net;
    CheckAndBuild(o, net, exp);
    exp.Start();

    const Outcome out = Run(o, net, exp);
    Report(exp, net, out);
    return exp.Finish();
}
