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
#include <cmath>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("WanBypassExample");

namespace
{

/// \return the demands scaled by a factor
std::vector<TrafficMatrix::Demand>
Scaled(std::vector<TrafficMatrix::Demand> demands, double factor)
{
    for (auto& d : demands)
    {
        d.gbps *= factor;
    }
    return demands;
}

/// \return 100 (1 - part / whole), 0 if whole is 0
double
ReductionPct(double part, double whole)
{
    return whole > 0 ? 100 * (1 - part / whole) : 0.0;
}

} // namespace

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
    std::string timeLimit = "60s";
    double requiredFraction = 1.0;
    std::string duration = "10s";
    double maxScaleLimit = 64;
    std::string backend = "flow";
    double packetScale = 1e-4;

    OpticalExperiment exp("wan-bypass", "WAN capacity planning with optical bypass (Shoofly)");
    exp.AddValue("topology",
                 "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                 "GraphML file (Internet Topology Zoo)",
                 topology);
    exp.AddValue("totalTbps",
                 "Today's total demand, gravity over all site pairs (Tb/s)",
                 totalTbps);
    exp.AddValue("demandScale", "Growth factor applied to today's demand", demandScale);
    exp.AddValue("failures",
                 "Failure scenarios the plan must survive: none, single-cut (each fibre cut) or "
                 "stochastic (BypassPlanner::Scenarios, CutProbability)",
                 failures);
    exp.AddValue("planner", "ilp (COIN-OR CBC, with --timeLimit) or greedy", planner);
    exp.AddValue("modes", "Mode table (data/transceiver-modes.csv)", modes);
    exp.AddValue("catalog",
                 "Hardware cost catalog (a file of data/wan, or a path): router-port, "
                 "transponder, regenerator, amplifier",
                 catalog);
    exp.AddValue("wavelengths", "Wavelengths per fibre", wavelengths);
    exp.AddValue("maxHops", "Most fibres an express lightpath crosses", maxHops);
    exp.AddValue("pathsPerPair", "Candidate fibre paths per pair of sites", pathsPerPair);
    exp.AddValue("timeLimit", "ILP time limit (the gap is reported when it expires)", timeLimit);
    exp.AddValue("requiredFraction",
                 "Share of every demand each failure scenario must still carry",
                 requiredFraction);
    exp.AddValue("duration", "Simulated time the plan's routes run", duration);
    exp.AddValue("backend",
                 "Simulation of the bypass plan: flow (flow-level engine) or packet (routers, "
                 "rate-adaptive devices, UDP flows pinned to the plan's routes; small networks)",
                 backend);
    exp.AddValue("packetScale",
                 "Packet level: device rate per Gb/s of planned capacity, in Gb/s (delivered "
                 "traffic is scaled back)",
                 packetScale);
    exp.AddValue("maxScaleLimit",
                 "Largest growth factor max-demand-scale searches up to",
                 maxScaleLimit);
    exp.Parse(argc, argv);

    std::string error;
    BypassPlanner::Failures failureKind;
    if (!BypassPlanner::ParseFailures(failures, failureKind))
    {
        exp.Fail("--failures: '" + failures + "' (none, single-cut, stochastic)");
    }
    if (planner != "ilp" && planner != "greedy")
    {
        exp.Fail("--planner: '" + planner + "' (ilp, greedy)");
    }
    if (backend != "flow" && backend != "packet")
    {
        exp.Fail("--backend: '" + backend + "' (flow, packet)");
    }
    if (!(packetScale > 0))
    {
        exp.Fail("--packetScale must be > 0");
    }
    if (!(totalTbps > 0) || !(demandScale > 0) || wavelengths == 0 || maxHops < 2 ||
        pathsPerPair == 0 || !(requiredFraction > 0 && requiredFraction <= 1) ||
        !(maxScaleLimit >= 1))
    {
        exp.Fail("--totalTbps and --demandScale must be > 0, --wavelengths and "
                 "--pathsPerPair >= 1, --maxHops >= 2, --requiredFraction in (0, 1], "
                 "--maxScaleLimit >= 1");
    }
    const Time limit = exp.NonNegativeTime("timeLimit", timeLimit);
    const Time runFor = exp.NonNegativeTime("duration", duration);
    if (!runFor.IsStrictlyPositive())
    {
        exp.Fail("--duration must be > 0");
    }
    WanTopology fibres;
    if (!fibres.Load(topology, error))
    {
        exp.Fail("--topology: " + error);
    }
    TransceiverModes table;
    if (!table.Load(modes, TransceiverModes::DEFAULT_FILE, error))
    {
        exp.Fail("--modes: " + error);
    }
    CostCatalog costs;
    if (!costs.Load(catalog, error))
    {
        exp.Fail("--catalog: " + error);
    }
    Ptr<BypassPlanner> bp = CreateObject<BypassPlanner>();
    bp->SetAttribute("WavelengthsPerFibre", UintegerValue(wavelengths));
    bp->SetAttribute("MaxBypassHops", UintegerValue(maxHops));
    bp->SetAttribute("PathsPerPair", UintegerValue(pathsPerPair));
    bp->SetAttribute("TimeLimit", TimeValue(limit));
    bp->SetAttribute("RequiredFraction", DoubleValue(requiredFraction));
    bp->AssignStreams(1);
    if (!bp->SetNetwork(fibres, table, costs, error))
    {
        exp.Fail(error);
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    std::vector<TrafficMatrix::Demand> today;
    if (!TrafficMatrix::Make("gravity", fibres, totalTbps * 1e3, rng, today, error))
    {
        exp.Fail(error);
    }
    const std::vector<TrafficMatrix::Demand> demands = Scaled(today, demandScale);
    exp.Start();

    // The two plans, for the failures asked for.
    BypassPlan baseline;
    BypassPlan bypass;
    if (!bp->Plan(planner, demands, false, baseline, error) ||
        !bp->Plan(planner, demands, true, bypass, error))
    {
        exp.Fail(error);
    }
    const BypassPlan openBaseline = baseline;
    const BypassPlan openBypass = bypass;
    const auto scenarios = bp->Scenarios(failureKind);
    if (!bp->Protect(demands, scenarios, false, baseline, error) ||
        !bp->Protect(demands, scenarios, true, bypass, error))
    {
        exp.Fail(error);
    }
    // Savings under failures: the plans protected against --failures, or against single cuts
    // when --failures=none.
    BypassPlan protectedBaseline = baseline;
    BypassPlan protectedBypass = bypass;
    bool protectedOk = true;
    if (failureKind == BypassPlanner::NONE)
    {
        // Only for the metric: when the fibres cannot hold restoration capacity, say so and
        // leave the metric out rather than fail the plan asked for.
        const auto cuts = bp->Scenarios(BypassPlanner::SINGLE_CUT);
        std::string why;
        protectedOk = bp->Protect(demands, cuts, false, protectedBaseline, why) &&
                      bp->Protect(demands, cuts, true, protectedBypass, why);
        if (!protectedOk)
        {
            std::cerr << "wan-bypass: cost-reduction-under-failures-pct not computed: " << why
                      << std::endl;
        }
    }

    // Savings by bypass, and the share of the best quarter.
    const auto savings = bp->BypassSavings(bypass);
    double total = 0;
    double top = 0;
    const std::size_t quarter = (savings.size() + 3) / 4;
    for (std::size_t i = 0; i < savings.size(); ++i)
    {
        total += std::max(0.0, savings[i].second);
        top += i < quarter ? std::max(0.0, savings[i].second) : 0.0;
    }

    // Headroom: the largest growth of the demand that a bypass plan carries with no more
    // router ports than the hop-by-hop plan of today's demand, by bisection over greedy plans
    // (the ILP would take minutes per step).
    auto fits = [&](double s) {
        BypassPlan p;
        std::string why;
        return bp->PlanGreedy(Scaled(demands, s), true, p, why) &&
               p.routerPorts <= openBaseline.routerPorts;
    };
    double lo = 0;
    double hi = maxScaleLimit;
    if (fits(hi))
    {
        lo = hi;
    }
    for (int i = 0; i < 30 && hi - lo > 1e-3 && lo < maxScaleLimit; ++i)
    {
        const double mid = 0.5 * (lo + hi);
        (fits(mid) ? lo : hi) = mid;
    }

    // The bypass plan in ns-3: every route at its volume for --duration.
    BypassTopologyHelper topo;
    RateAdaptiveWan wan;
    if (!topo.Build(fibres, table, bypass, wan, error))
    {
        exp.Fail(error);
    }
    std::vector<TeSolver::Commodity> commodities;
    TeSolver::Solution routes;
    BypassTopologyHelper::Routes(wan, bypass, demands, commodities, routes);
    Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
    net->SetTopology(wan.topology);
    WanPacketHelper packets;
    packets.SetCapacityScale(packetScale);
    WanPacketNetwork pnet;
    // Devices take their rate from the links' first RateChange, at Start: install first.
    if (backend == "packet" && (!packets.Install(wan, topo.GetLinkHelper(), pnet, error) ||
                                !packets.Pin(pnet, wan, commodities, error)))
    {
        exp.Fail(error);
    }
    for (auto& l : wan.links)
    {
        l->Start(runFor + Seconds(1));
    }
    double offeredBytes = 0;
    if (backend == "packet")
    {
        offeredBytes = packets.InstallTraffic(pnet, commodities, routes, runFor) / packetScale / 8 *
                       runFor.GetSeconds();
    }
    else
    {
        offeredBytes = RateAdaptiveWanHelper::InstallFlows(net, commodities, routes, runFor);
    }
    // Packet level: one more second for the packets in flight.
    exp.Run(backend == "packet" ? runFor + Seconds(1) : runFor);
    const double carriedBytes = backend == "packet" ? pnet.counters->receivedBytes / packetScale
                                                    : net->GetBytesTransferred();
    uint64_t sentPackets = 0;
    uint64_t receivedPackets = 0;
    uint64_t droppedPackets = 0;
    if (backend == "packet")
    {
        sentPackets = pnet.counters->sent;
        receivedPackets = pnet.counters->received;
        droppedPackets = WanPacketHelper::GetDropped(pnet);
    }
    double demanded = 0;
    for (const auto& d : demands)
    {
        demanded += d.gbps;
    }
    const double demandedBytes = demanded * 1e9 / 8 * runFor.GetSeconds();
    Simulator::Destroy();

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("bypass_link",
                                {{"link", "INTEGER"},
                                 {"site_a", "TEXT"},
                                 {"site_b", "TEXT"},
                                 {"fibres", "INTEGER"},
                                 {"length_km", "REAL"},
                                 {"osnr_db", "REAL"},
                                 {"rate_gbps", "REAL"},
                                 {"wavelengths", "INTEGER"},
                                 {"saving", "REAL"}});
        std::vector<double> saving(bypass.links.size(), 0);
        for (const auto& [i, v] : savings)
        {
            saving[i] = v;
        }
        for (std::size_t i = 0; i < bypass.links.size(); ++i)
        {
            const Lightpath& l = bypass.links[i];
            store->AddEvent("bypass_link",
                            exp.GetRunId(),
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
    uint32_t expressLinks = 0;
    for (const auto& l : bypass.links)
    {
        expressLinks += l.IsBypass() ? 1 : 0;
    }
    exp.Metric("demand-gbps", demanded, "Gb/s");
    exp.Metric("baseline-capacity-cost", baseline.capacityCost);
    exp.Metric("bypass-capacity-cost", bypass.capacityCost);
    exp.Metric("baseline-total-cost", baseline.cost);
    exp.Metric("bypass-total-cost", bypass.cost);
    exp.Metric("baseline-router-ports", baseline.routerPorts);
    exp.Metric("bypass-router-ports", bypass.routerPorts);
    exp.Metric("express-lightpaths", expressLinks);
    exp.Metric("planner-gap-pct", 100 * bypass.gap, "%");
    exp.Metric("planner-s", openBaseline.seconds + openBypass.seconds, "s");
    exp.Metric("restoration-wavelengths", bypass.restorationWavelengths);
    exp.Metric("total-cost-reduction-pct", ReductionPct(bypass.cost, baseline.cost), "%");
    exp.Metric("cost-reduction-pct", ReductionPct(bypass.capacityCost, baseline.capacityCost), "%");
    exp.Metric("router-ports-saved",
               static_cast<double>(baseline.routerPorts) - static_cast<double>(bypass.routerPorts));
    exp.Metric("max-demand-scale", lo);
    if (protectedOk)
    {
        exp.Metric("cost-reduction-under-failures-pct",
                   ReductionPct(protectedBypass.capacityCost, protectedBaseline.capacityCost),
                   "%");
    }
    exp.Metric("top25-bypass-savings-pct", total > 0 ? 100 * top / total : 0.0, "%");
    exp.Metric("demands-met-pct",
               demandedBytes > 0 ? 100 * std::min(carriedBytes, demandedBytes) / demandedBytes
                                 : 100.0,
               "%");
    if (backend == "packet")
    {
        // Every packet sent is received or dropped (none left after the extra second).
        exp.Metric("packets-sent", sentPackets);
        exp.Metric("packets-received", receivedPackets);
        exp.Metric("packets-dropped", droppedPackets);
        exp.Metric("packets-unaccounted",
                   static_cast<double>(sentPackets) -
                       static_cast<double>(receivedPackets + droppedPackets));
    }
    exp.Metric("offered-pct", demandedBytes > 0 ? 100 * offeredBytes / demandedBytes : 0.0, "%");
    return exp.Finish();
}
