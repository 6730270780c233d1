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

int
main(int argc, char* argv[])
{
    std::string topology = "continental-backbone";
    double totalTbps = 20;
    double demandScale = 1;
    std::string failures = "none";
    std::string planner = "ilp";
    std::string modes = "radwan";
    std::string catalog = CostCatalog::DEFAULT_FILE;
    uint32_t wavelengths = 96;
    uint32_t maxHops = 4;
    uint32_t pathsPerPair = 2;
    Time limit = Seconds(60);
    double requiredFraction = 1.0;
    Time runFor = Seconds(10);
    double maxScaleLimit = 64;
    Backend backend = Backend::FLOW;
    double packetScale = 1e-4;

    OpticalExperiment exp("wan-bypass", "WAN capacity planning with optical bypass (Shoofly)");
    exp.AddText("topology",
                "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                "GraphML or GML file (Internet Topology Zoo)",
                topology,
                false);
    WanBypassStudy::TopologyRules rules;
    WanBypassStudy::AddTopologyOptions(exp, rules);
    exp.AddRateNumber("totalTbps",
                      "Today's total demand, gravity over all site pairs (up to 100 Pb/s, far "
                      "beyond any WAN; demands beyond the fibres are refused)",
                      totalTbps,
                      OpticalBounds::Above(0).AtMost(1e5),
                      "Tbps");
    exp.AddReal("demandScale",
                "Growth factor applied to today's demand",
                demandScale,
                OpticalBounds::Above(0).AtMost(1e3));
    exp.AddEnum("failures",
                "Failure scenarios the plan must survive: none, single-cut (each fibre cut) or "
                "stochastic (BypassPlanner::Scenarios, CutProbability)",
                failures,
                {"none", "single-cut", "stochastic"});
    exp.AddEnum("planner",
                "ilp (COIN-OR CBC, with --timeLimit) or greedy",
                planner,
                {"ilp", "greedy"});
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", modes, false);
    exp.AddText("catalog",
                "Hardware cost catalog (a file of data/wan, or a path): router-port, "
                "transponder, regenerator, amplifier, each 0 to 1e9 (CostCatalog::MAX_COST)",
                catalog,
                false);
    exp.AddCount("wavelengths",
                 "Wavelengths per fibre (C band at 50 GHz: 96; C+L at 12.5 GHz stays below 1000)",
                 wavelengths,
                 1,
                 1000);
    exp.AddCount("maxHops", "Most fibres an express lightpath crosses", maxHops, 2, 32);
    exp.AddCount("pathsPerPair", "Candidate fibre paths per pair of sites", pathsPerPair, 1, 100);
    exp.AddTime("timeLimit",
                "ILP time limit (the gap is reported when it expires; 0: none)",
                limit,
                OpticalBounds::AtLeast(0).AtMost(7 * 86400));
    exp.AddFraction("requiredFraction",
                    "Share of every demand each failure scenario must still carry",
                    requiredFraction,
                    OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("duration",
                "Simulated time the plan's routes run",
                runFor,
                OpticalBounds::Above(0).AtMost(86400));
    exp.AddBackend("backend",
                   "Simulation of the bypass plan (packet: routers, rate-adaptive devices, UDP "
                   "flows pinned to the plan's routes; small networks)",
                   backend,
                   {Backend::FLOW, Backend::PACKET});
    exp.AddReal("packetScale",
                "Packet level: device rate per Gb/s of planned capacity, in Gb/s (delivered "
                "traffic is scaled back)",
                packetScale,
                OpticalBounds::AtLeast(1e-9).AtMost(1),
                "Gb/s per Gb/s");
    exp.AddReal("maxScaleLimit",
                "Largest growth factor max-demand-scale searches up to (doubling from 1, then "
                "bisection; an answer at the limit is reported as max-demand-scale-at-least)",
                maxScaleLimit,
                OpticalBounds::AtLeast(1).AtMost(BypassPlanner::MAX_SCALE_LIMIT));
    exp.Parse(argc, argv);

    std::string error;
    WanTrafficHelper traffic;
    traffic.SetBackend(backend);
    traffic.SetPacketScale(packetScale);
    BypassPlanner::Failures failureKind = BypassPlanner::NONE;
    exp.Require(BypassPlanner::ParseFailures(failures, failureKind), "failures", "unknown kind");
    WanTopology fibres;
    WanBypassStudy::LoadTopology(exp, topology, rules, fibres);
    TransceiverModes table;
    exp.Require(table.Load(modes, TransceiverModes::DEFAULT_FILE, error), "modes", error);
    CostCatalog costs;
    exp.Require(costs.Load(catalog, error), "catalog", error);
    Ptr<BypassPlanner> bp = CreateObject<BypassPlanner>();
    bp->SetAttribute("WavelengthsPerFibre", UintegerValue(wavelengths));
    bp->SetAttribute("MaxBypassHops", UintegerValue(maxHops));
    bp->SetAttribute("PathsPerPair", UintegerValue(pathsPerPair));
    bp->SetAttribute("TimeLimit", TimeValue(limit));
    bp->SetAttribute("RequiredFraction", DoubleValue(requiredFraction));
    bp->AssignStreams(1);
    exp.Require(bp->SetNetwork(fibres, table, costs, error), "topology", error);
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    std::vector<TrafficMatrix::Demand> today;
    exp.Require(TrafficMatrix::Make("gravity", fibres, totalTbps * 1e3, rng, today, error),
                "totalTbps",
                error);
    const std::vector<TrafficMatrix::Demand> demands = WanBypassStudy::Scaled(today, demandScale);
    // Demands beyond every fibre together fit no plan: refused before the run.
    const bool carried = bp->CheckDemands(demands, error);
    exp.Require(carried, "totalTbps", "times --demandScale: " + error);
    exp.Start();

    // The two plans, for the failures asked for (and single cuts, for the savings under them).
    WanBypassStudy::Plans plans;
    if (!WanBypassStudy::MakePlans(*bp, planner, demands, failureKind, plans, error))
    {
        exp.Fail(error);
    }
    if (!plans.protectedOk)
    {
        std::cerr << "wan-bypass: cost-reduction-under-failures-pct not computed: "
                  << plans.protectedWhy << std::endl;
    }
    const BypassPlan& baseline = plans.baseline;
    const BypassPlan& bypass = plans.bypass;
    const auto savings = bp->BypassSavings(bypass);

    // Headroom: the largest growth of the demand that a bypass plan carries with no more
    // router ports than the hop-by-hop plan of the demand, over greedy plans (the ILP would
    // take minutes per step).
    const BypassPlanner::Headroom headroom =
        bp->MaxDemandScale(demands, plans.openBaseline.routerPorts, maxScaleLimit, error);

    // The bypass plan in ns-3: every route at its volume for --duration.
    WanBypassStudy::Delivery delivery;
    if (!WanBypassStudy::RunRoutes(fibres,
                                   table,
                                   bypass,
                                   demands,
                                   traffic,
                                   runFor,
                                   delivery,
                                   error,
                                   [&exp](Time t) { exp.Run(t); }))
    {
        exp.Fail(error);
    }
    if (ResultsStore* store = exp.GetStore())
    {
        WanBypassStudy::WriteLinks(*store, exp.GetRunId(), fibres, bypass, savings);
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
    exp.Metric("planner-s", plans.openBaseline.seconds + plans.openBypass.seconds, "s");
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
    const auto headroomMetrics = WanBypassStudy::HeadroomMetrics(headroom, note);
    if (!note.empty())
    {
        std::cout << note << std::endl;
    }
    for (const auto& [name, value] : headroomMetrics)
    {
        exp.Metric(name, value);
    }
    if (plans.protectedOk)
    {
        exp.Metric("cost-reduction-under-failures-pct",
                   WanBypassStudy::ReductionPct(plans.protectedBypass.capacityCost,
                                                plans.protectedBaseline.capacityCost),
                   "%");
    }
    exp.Metric("top25-bypass-savings-pct", WanBypassStudy::TopQuarterSavingsPct(savings), "%");
    exp.Metric("demands-met-pct", delivery.GetMetPct(), "%");
    // Packet level: every packet sent is received or dropped (none left after the extra second).
    WanTrafficHelper::ReportCounters(exp, delivery.packets);
    exp.Metric("offered-pct", delivery.GetOfferedPct(), "%");
    return exp.Finish();
}
