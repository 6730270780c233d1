/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * A WAN of rate-adaptive links under traffic engineering (RADWAN). Each fibre of the topology
 * is a link whose baseline SNR comes from the physical layer and whose SNR then varies over
 * time; a gravity matrix of demands is routed every --interval by the TE controller (LP over k
 * paths per demand) and carried by the flow-level engine, which re-rates flows whenever a link
 * changes rate or fails.
 *
 * The run compares --linkPolicy with --te against static links under LP TE on the same SNR
 * series:
 *  - static: every link at --staticRate, down below its threshold;
 *  - adaptive with --te=lp: links at the fastest rate their SNR allows, TE unaware of rates;
 *  - adaptive with --te=lp-abstraction: links at the static rate unless the TE uses the extra
 *    capacity offered on parallel arcs (with a penalty and a churn penalty).
 *
 *   ./ns3 run "rate-adaptive-wan --topology=continental-backbone --linkPolicy=adaptive
 *              --te=lp-abstraction --duration=7d"
 *
 * Prints links-augmentable-75g-pct, capacity-gain-tbps, failures-avoided-pct,
 * te-throughput-gain-pct and rate-changes-per-link-day.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <algorithm>
#include <cmath>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("RateAdaptiveWanExample");

/// Most TE intervals (--duration / --interval) a run may ask for: 10 years every hour, or a
/// year every 6 minutes (each interval solves an LP on the full topology twice).
static constexpr double MAX_INTERVALS = 87'660;

int
main(int argc, char* argv[])
{
    std::string topology = "continental-backbone";
    std::string linkPolicy = "adaptive";
    std::string te = "lp-abstraction";
    std::string matrix = "gravity";
    double totalTbps = 30;
    double augmentPercentile = 0.5;
    Backend backend = Backend::FLOW;
    RateAdaptiveWanStudy::Settings s; // the defaults of the other options

    OpticalExperiment exp("rate-adaptive-wan",
                          "A WAN of rate-adaptive links under traffic engineering (RADWAN)");
    exp.AddText("topology",
                "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                "GraphML or GML file (Internet Topology Zoo)",
                topology,
                false);
    exp.AddEnum("linkPolicy", "Link rates: static or adaptive", linkPolicy, {"static", "adaptive"});
    exp.AddEnum("te",
                "Traffic engineering: none, lp, lp-abstraction (RADWAN), or an accelerated "
                "TE method (pop, ncflow, admm, learned; max-flow only; learned needs "
                "--ns3::TeLearnedMethod::ModelFile or trains one at the first solve)",
                te,
                {"none", "lp", "lp-abstraction", "pop", "ncflow", "admm", "learned"});
    exp.AddCount("threads", "Threads of the TE method", s.threads, 1, 4096);
    double fibreKm = 800;
    exp.AddReal(
        "fibreKm",
        "Fibre length of TE topologies without coordinates (b4, uscarrier, kdl, asn, "
        ".json files)",
        fibreKm,
        OpticalBounds::AtLeast(WanTopology::MIN_LENGTH_KM).AtMost(WanTopology::MAX_LENGTH_KM),
        "km");
    exp.AddTime("duration",
                "Time simulated (at least one --interval)",
                s.duration,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddTime("interval",
                "Time between TE solves (and SNR-driven allocations)",
                s.interval,
                OpticalBounds::AtLeast(1e-3).AtMost(30 * 86400));
    exp.AddText("matrix",
                "Traffic matrix: gravity, uniform, bimodal or bimodal:F (a share F of large "
                "pairs)",
                matrix,
                false);
    exp.AddRateNumber("totalTbps",
                      "Total demand (up to 100 Pb/s, far beyond any WAN)",
                      totalTbps,
                      OpticalBounds::Above(0).AtMost(1e5),
                      "Tbps");
    exp.AddEnum("paths",
                "Candidate paths: ksp or edge-disjoint",
                s.paths,
                {"ksp", "edge-disjoint"});
    exp.AddCount("k", "Paths per demand", s.k, 1, 64);
    exp.AddCount("wavelengths",
                 "Wavelengths per fibre (C+L at 12.5 GHz stays below 1000)",
                 s.wavelengths,
                 1,
                 1000);
    exp.AddRateNumber("staticRate",
                      "Rate of static links, and the baseline (a rate of the mode table)",
                      s.staticRate,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", s.modes, false);
    exp.AddEnum("objective",
                "TE objective: max-flow or min-max-utilisation",
                s.objective,
                {"max-flow", "min-max-utilisation"});
    exp.AddReal("hysteresisDb",
                "Extra SNR an upgrade needs",
                s.hysteresisDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddTime("holdDown",
                "Hold-down before an upgrade",
                s.holdDown,
                OpticalBounds::AtLeast(0).AtMost(365.25 * 86400));
    exp.AddTime("downtime",
                "Downtime of a rate change (68s; hitless: e.g. 50ms)",
                s.downtime,
                OpticalBounds::AtLeast(0).AtMost(86400));
    exp.AddPercent("augmentPercentile",
                   "A link is augmentable to a rate its SNR supports at this percentile of its "
                   "lit readings (0.5: the rate it holds 99.5% of the lit time)",
                   augmentPercentile);
    exp.AddTime("history",
                "SNR history over which each link's augmentable capacity and the failures "
                "adaptive rates avoid are measured (links alone, without traffic)",
                s.history,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddBackend("backend",
                   "Network model of the traffic (packet: routers, rate-adaptive devices, UDP "
                   "flows pinned to the TE paths; for small networks)",
                   backend,
                   {Backend::FLOW, Backend::PACKET});
    exp.AddReal("packetScale",
                "Packet level: device rate per Gb/s of link capacity, in Gb/s (1e-3: a 100G "
                "link runs at 100 Mb/s; carried traffic is scaled back)",
                s.packetScale,
                OpticalBounds::AtLeast(1e-9).AtMost(1),
                "Gb/s per Gb/s");
    exp.Parse(argc, argv);

    std::string error;
    RateAdaptiveLink::Policy policy = RateAdaptiveLink::ADAPTIVE;
    exp.Require(RateAdaptiveLink::ParsePolicy(linkPolicy, policy), "linkPolicy", "unknown policy");
    s.level = WanTrafficHelper::GetLevelOf(backend);
    exp.Require(te != "lp-abstraction" || policy != RateAdaptiveLink::STATIC,
                "te",
                "lp-abstraction needs --linkPolicy=adaptive (static links have no extra "
                "capacity to offer)");
    exp.Require(s.duration >= s.interval,
                "duration",
                "must be at least one --interval (" +
                    OpticalUnits::FormatTime(s.interval.GetSeconds()) + ")");
    // Each interval solves TE twice (the static baseline and the scenario): bound the work a
    // run may ask for (the default, 7d every 15min, is 672 intervals).
    const double intervals = std::floor(s.duration.GetSeconds() / s.interval.GetSeconds());
    exp.Require(
        intervals <= MAX_INTERVALS,
        "interval",
        "with --duration=" + OpticalUnits::FormatTime(s.duration.GetSeconds()) + " asks for " +
            OpticalUnits::Format(intervals) + " TE intervals (each solves TE twice); at most " +
            OpticalUnits::Format(MAX_INTERVALS) + ": lengthen --interval or shorten --duration");
    exp.Require(TeTopology::LoadFibres(topology, fibreKm, s.fibres, error), "topology", error);
    for (const auto& note : s.fibres.GetNotes())
    {
        exp.Note(s.fibres.GetName() + ": " + note);
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    exp.Require(TrafficMatrix::Make(matrix, s.fibres, totalTbps * 1e3, rng, s.demands, error),
                "matrix",
                error);
    // The mode table and the link settings, as every scenario will use them.
    TransceiverModes table;
    exp.Require(table.Load(s.modes, TransceiverModes::DEFAULT_FILE, error), "modes", error);
    exp.Require(RateAdaptiveWanStudy::CheckStaticRate(s, error), "staticRate", error);
    exp.Start();

    // The baseline (static links under LP TE), the scenario asked for, the links' history.
    const auto runner = [&exp](Time t) { exp.Run(t); };
    RateAdaptiveWanStudy::Outcome base;
    RateAdaptiveWanStudy::Outcome run;
    RateAdaptiveWanStudy::History history;
    const bool same = policy == RateAdaptiveLink::STATIC && te == "lp";
    if (!RateAdaptiveWanStudy::RunScenario(s,
                                           RateAdaptiveLink::STATIC,
                                           "lp",
                                           base,
                                           error,
                                           runner) ||
        !(same || RateAdaptiveWanStudy::RunScenario(s, policy, te, run, error, runner)) ||
        !RateAdaptiveWanStudy::RunHistory(s, base.baselineDb, history, error))
    {
        exp.Fail(error);
    }
    if (same)
    {
        run = base;
    }
    // Augmentable links, from each link's SNR at the percentile.
    const RateAdaptiveAccounting::Augmentable aug =
        RateAdaptiveAccounting::GetAugmentable(history.samples,
                                               augmentPercentile,
                                               table,
                                               s.staticRate,
                                               s.wavelengths,
                                               75);
    const std::size_t nLinks = history.samples.size();
    if (ResultsStore* store = exp.GetStore())
    {
        RateAdaptiveWanStudy::WriteTables(*store,
                                          exp.GetRunId(),
                                          s,
                                          base,
                                          run,
                                          history,
                                          augmentPercentile,
                                          aug.extraGbps);
    }
    exp.Metric("offered-gbps", run.offeredGbps, "Gb/s");
    exp.Metric("baseline-carried-gbps", base.carriedGbps, "Gb/s");
    exp.Metric("carried-gbps", run.carriedGbps, "Gb/s");
    exp.Metric("te-upgrades", run.upgrades);
    exp.Metric("te-solver-s", run.solverSeconds, "s");
    exp.Metric("links-augmentable-75g-pct", 100.0 * aug.links / nLinks, "%");
    exp.Metric("capacity-gain-tbps", aug.gainGbps / 1e3, "Tb/s");
    exp.Metric("failures-avoided-pct", history.outages.GetFailuresAvoidedPct(), "%");
    exp.Metric("te-throughput-gain-pct", 100 * (run.carriedGbps / base.carriedGbps - 1), "%");
    exp.Metric("rate-changes-per-link-day", run.changes / (nLinks * s.duration.GetDays()));
    // Packet level: every packet sent is received or dropped (none left after the drain).
    WanTrafficHelper::ReportCounters(exp, run.packets);
    return exp.Finish();
}
