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

namespace
{

/// The options of the example, with their defaults (the study's settings hold the others).
struct Options
{
    std::string topology{"continental-backbone"}; //!< Fibre topology (name or file)
    std::string linkPolicy{"adaptive"};           //!< static | adaptive
    std::string te{"lp-abstraction"};             //!< TE of the scenario
    std::string matrix{"gravity"};                //!< Traffic matrix
    double totalTbps{30};                         //!< Total demand (Tb/s)
    double augmentPercentile{0.5};                //!< Percentile of a link's augmentable rate
    Backend backend{Backend::FLOW};               //!< Network model of the traffic
    double fibreKm{800};                          //!< Fibre length without coordinates (km)
};

/// What the run needs besides the study's settings.
struct Setup
{
    RateAdaptiveLink::Policy policy{RateAdaptiveLink::ADAPTIVE}; //!< --linkPolicy
    TransceiverModes table;                                      //!< The mode table
};

/// What the runs measured.
struct Runs
{
    RateAdaptiveWanStudy::Outcome base;    //!< Static links under LP TE
    RateAdaptiveWanStudy::Outcome run;     //!< The scenario asked for
    RateAdaptiveWanStudy::History history; //!< The links' SNR history
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The example's options, holding their defaults
 * \param [in,out] s The study's settings, holding the defaults of the other options
 */
void
AddOptions(OpticalExperiment& exp, Options& o, RateAdaptiveWanStudy::Settings& s)
{
    exp.AddText("topology",
                "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                "GraphML or GML file (Internet Topology Zoo)",
                o.topology,
                false);
    exp.AddEnum("linkPolicy",
                "Link rates: static or adaptive",
                o.linkPolicy,
                {"static", "adaptive"});
    exp.AddEnum("te",
                "Traffic engineering: none, lp, lp-abstraction (RADWAN), or an accelerated "
                "TE method (pop, ncflow, admm, learned; max-flow only; learned needs "
                "--ns3::TeLearnedMethod::ModelFile or trains one at the first solve)",
                o.te,
                {"none", "lp", "lp-abstraction", "pop", "ncflow", "admm", "learned"});
    exp.AddCount("threads", "Threads of the TE method", s.threads, 1, 4096);
    exp.AddReal(
        "fibreKm",
        "Fibre length of TE topologies without coordinates (b4, uscarrier, kdl, asn, "
        ".json files)",
        o.fibreKm,
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
                o.matrix,
                false);
    exp.AddRateNumber("totalTbps",
                      "Total demand (up to 100 Pb/s, far beyond any WAN)",
                      o.totalTbps,
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
                   o.augmentPercentile);
    exp.AddTime("history",
                "SNR history over which each link's augmentable capacity and the failures "
                "adaptive rates avoid are measured (links alone, without traffic)",
                s.history,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddBackend("backend",
                   "Network model of the traffic (packet: routers, rate-adaptive devices, UDP "
                   "flows pinned to the TE paths; for small networks)",
                   o.backend,
                   {Backend::FLOW, Backend::PACKET});
    exp.AddReal("packetScale",
                "Packet level: device rate per Gb/s of link capacity, in Gb/s (1e-3: a 100G "
                "link runs at 100 Mb/s; carried traffic is scaled back)",
                s.packetScale,
                OpticalBounds::AtLeast(1e-9).AtMost(1),
                "Gb/s per Gb/s");
}

/**
 * \brief Checks the options together and builds what the run needs (the fibres, the demands,
 * the mode table), bounding the work a run may ask for.
 * \param [in] o The example's options
 * \param [in,out] s The study's settings (gets the level, the fibres and the demands)
 * \param [out] setup The link policy and the mode table
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
CheckAndBuild(const Options& o,
              RateAdaptiveWanStudy::Settings& s,
              Setup& setup,
              OpticalExperiment& exp)
{
    std::string error;
    exp.Require(RateAdaptiveLink::ParsePolicy(o.linkPolicy, setup.policy),
                "linkPolicy",
                "unknown policy");
    s.level = WanTrafficHelper::GetLevelOf(o.backend);
    exp.Require(o.te != "lp-abstraction" || setup.policy != RateAdaptiveLink::STATIC,
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
    exp.Require(TeTopology::LoadFibres(o.topology, o.fibreKm, s.fibres, error), "topology", error);
    for (const auto& note : s.fibres.GetNotes())
    {
        exp.Note(s.fibres.GetName() + ": " + note);
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    exp.Require(TrafficMatrix::Make(o.matrix, s.fibres, o.totalTbps * 1e3, rng, s.demands, error),
                "matrix",
                error);
    // The mode table and the link settings, as every scenario will use them.
    exp.Require(setup.table.Load(s.modes, TransceiverModes::DEFAULT_FILE, error), "modes", error);
    exp.Require(RateAdaptiveWanStudy::CheckStaticRate(s, error), "staticRate", error);
}

/**
 * \brief Runs the baseline (static links under LP TE), the scenario asked for (the baseline
 * again if it is the same) and the links' history.
 * \param [in] o The example's options
 * \param [in] s The study's settings
 * \param [in] policy The link policy of the scenario
 * \param [in,out] exp The experiment (runs the simulator, fails on error)
 * \return what the runs measured
 */
Runs
Run(const Options& o,
    const RateAdaptiveWanStudy::Settings& s,
    RateAdaptiveLink::Policy policy,
    OpticalExperiment& exp)
{
    std::string error;
    const auto runner = [&exp](Time t) { exp.Run(t); };
    Runs r;
    const bool same = policy == RateAdaptiveLink::STATIC && o.te == "lp";
    if (!RateAdaptiveWanStudy::RunScenario(s,
                                           RateAdaptiveLink::STATIC,
                                           "lp",
                                           r.base,
                                           error,
                                           runner) ||
        !(same || RateAdaptiveWanStudy::RunScenario(s, policy, o.te, r.run, error, runner)) ||
        !RateAdaptiveWanStudy::RunHistory(s, r.base.baselineDb, r.history, error))
    {
        exp.Fail(error);
    }
    if (same)
    {
        r.run = r.base;
    }
    return r;
}

/**
 * \brief Records the links and the throughput and prints the metrics.
 * \param [in,out] exp The experiment
 * \param [in] o The example's options
 * \param [in] s The study's settings
 * \param [in] table The mode table
 * \param [in] r What the runs measured
 */
void
Report(OpticalExperiment& exp,
       const Options& o,
       const RateAdaptiveWanStudy::Settings& s,
       const TransceiverModes& table,
       const Runs& r)
{
    const RateAdaptiveWanStudy::Outcome& base = r.base;
    const RateAdaptiveWanStudy::Outcome& run = r.run;
    // Augmentable links, from each link's SNR at the percentile.
    const RateAdaptiveAccounting::Augmentable aug =
        RateAdaptiveAccounting::GetAugmentable(r.history.samples,
                                               o.augmentPercentile,
                                               table,
                                               s.staticRate,
                                               s.wavelengths,
                                               75);
    const std::size_t nLinks = r.history.samples.size();
    if (ResultsStore* store = exp.GetStore())
    {
        RateAdaptiveWanStudy::WriteTables(*store,
                                          exp.GetRunId(),
                                          s,
                                          base,
                                          run,
                                          r.history,
                                          o.augmentPercentile,
                                          aug.extraGbps);
    }
    exp.Metric("offered-gbps", run.offeredGbps, "Gb/s");
    exp.Metric("baseline-carried-gbps", base.carriedGbps, "Gb/s");
    exp.Metric("carried-gbps", run.carriedGbps, "Gb/s");
    exp.Metric("te-upgrades", run.upgrades);
    exp.Metric("te-solver-s", run.solverSeconds, "s");
    exp.Metric("links-augmentable-75g-pct", 100.0 * aug.links / nLinks, "%");
    exp.Metric("capacity-gain-tbps", aug.gainGbps / 1e3, "Tb/s");
    exp.Metric("failures-avoided-pct", r.history.outages.GetFailuresAvoidedPct(), "%");
    exp.Metric("te-throughput-gain-pct", 100 * (run.carriedGbps / base.carriedGbps - 1), "%");
    exp.Metric("rate-changes-per-link-day", run.changes / (nLinks * s.duration.GetDays()));
    // Packet level: every packet sent is received or dropped (none left after the drain).
    WanTrafficHelper::ReportCounters(exp, run.packets);
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    RateAdaptiveWanStudy::Settings s; // the defaults of the other options
    OpticalExperiment exp("rate-adaptive-wan",
                          "A WAN of rate-adaptive links under traffic engineering (RADWAN)");
    AddOptions(exp, o, s);
    exp.Parse(argc, argv);
    Setup setup;
    CheckAndBuild(o, s, setup, exp);
    exp.Start();

    // The baseline (static links under LP TE), the scenario asked for, the links' history.
    const Runs runs = Run(o, s, setup.policy, exp);
    Report(exp, o, s, setup.table, runs);
    return exp.Finish();
}
