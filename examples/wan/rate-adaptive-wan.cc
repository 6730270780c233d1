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
#include <memory>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("RateAdaptiveWanExample");

namespace
{
/// Settings shared by the scenarios.
struct Settings
{
    WanTopology fibres;                         //!< Fibre layer
    std::vector<TrafficMatrix::Demand> demands; //!< Demands (Gb/s)
    std::string paths;                          //!< Path kind
    uint32_t k{4};                              //!< Paths per demand
    uint32_t wavelengths{8};                    //!< Per fibre
    double staticRate{100};                     //!< Static rate (Gb/s)
    std::string modes;                          //!< Mode table
    std::string objective;                      //!< TE objective
    Time interval;                              //!< TE interval
    Time duration;                              //!< Simulated time
    double hysteresisDb{0.5};                   //!< Hysteresis
    Time holdDown;                              //!< Hold-down
    Time downtime;                              //!< Change downtime
    Time history;                               //!< SNR history for the link statistics
    std::string backend;                        //!< flow or packet
    double packetScale{1e-3};                   //!< Packet level: device rate per Gb/s
};

/// What the links' SNR histories show.
struct History
{
    std::vector<std::vector<SnrTimeSeries::Sample>> samples; //!< Per fibre
    double staticDownS{0};   //!< Outage time of static links (dark or SNR)
    double adaptiveDownS{0}; //!< Outage time of adaptive links on the same series
};

/// Gives the link helper the settings' mode table and link attributes (all but the policy).
void
Configure(RateAdaptiveLinkHelper& links, const Settings& s, OpticalExperiment& exp)
{
    std::string error;
    if (!links.SetModes(s.modes, error))
    {
        exp.Fail(error);
    }
    links.SetLinkAttribute("StaticRate", DoubleValue(s.staticRate));
    links.SetLinkAttribute("HysteresisDb", DoubleValue(s.hysteresisDb));
    links.SetLinkAttribute("HoldDown", TimeValue(s.holdDown));
    links.SetLinkAttribute("ChangeDowntime", TimeValue(s.downtime));
}

/// Static and adaptive links on each fibre's SNR over a long history, without traffic.
History
RunHistory(const Settings& s, const std::vector<double>& baselineDb, OpticalExperiment& exp)
{
    RateAdaptiveLinkHelper links;
    std::string error;
    Configure(links, s, exp);
    History h;
    std::vector<Ptr<RateAdaptiveLink>> all;
    for (std::size_t f = 0; f < baselineDb.size(); ++f)
    {
        links.SetSnrAttribute("BaselineDb", DoubleValue(baselineDb[f]));
        links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        Ptr<RateAdaptiveLink> st = links.CreateLink();
        st->AssignStreams(100000 + 2 * static_cast<int64_t>(f));
        h.samples.push_back(st->GetSnrModel()->Generate(s.history));
        links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::ADAPTIVE));
        Ptr<RateAdaptiveLink> ad = links.CreateLink();
        for (auto& l : {st, ad})
        {
            l->SetSamples(h.samples.back());
            l->Start(s.history);
            all.push_back(l);
        }
    }
    Simulator::Stop(s.history);
    Simulator::Run();
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const RateAdaptiveLink::Counters c = all[i]->GetCounters();
        (i % 2 == 0 ? h.staticDownS : h.adaptiveDownS) += (c.downDark + c.downSnr).GetSeconds();
    }
    Simulator::Destroy();
    return h;
}

/// What a scenario measured.
struct Outcome
{
    double offeredGbps{0};          //!< Mean demand
    double carriedGbps{0};          //!< Mean carried (bytes sent over the run)
    uint32_t changes{0};            //!< Rate changes over all links
    double downSeconds{0};          //!< Link outage time (dark or SNR) over all links
    uint64_t sentPackets{0};        //!< Packet level: TE packets sent
    uint64_t receivedPackets{0};    //!< Packet level: received
    uint64_t droppedPackets{0};     //!< Packet level: dropped on the WAN
    uint32_t upgrades{0};           //!< Caps raised by the TE
    double solverSeconds{0};        //!< TE solver time
    std::vector<double> baselineDb; //!< Per fibre
    std::vector<double> throughput; //!< Per interval (Gb/s)
};

/// Runs one scenario.
Outcome
Run(const Settings& s,
    RateAdaptiveLink::Policy policy,
    const std::string& te,
    OpticalExperiment& exp)
{
    RateAdaptiveWanHelper helper;
    RateAdaptiveLinkHelper& links = helper.GetLinkHelper();
    std::string error;
    Configure(links, s, exp);
    links.SetLinkAttribute("Policy", EnumValue(policy));
    helper.SetWavelengths(s.wavelengths);
    RateAdaptiveWan wan;
    if (!helper.Build(s.fibres, 1, wan, error))
    {
        exp.Fail(error);
    }
    for (const auto& l : wan.links)
    {
        if (!l->Check(error))
        {
            exp.Fail(error);
        }
    }
    std::vector<TeSolver::Commodity> commodities;
    if (!RateAdaptiveWanHelper::MakeCommodities(wan,
                                                s.demands,
                                                s.paths,
                                                te == "none" ? 1 : s.k,
                                                commodities,
                                                error))
    {
        exp.Fail(error);
    }
    // The installer of TE splits and the bytes carried so far, at flow or packet level.
    Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
    net->SetTopology(wan.topology);
    WanPacketHelper packets;
    packets.SetCapacityScale(s.packetScale);
    WanPacketNetwork pnet;
    std::function<void(const TeSolver::Solution&, Time)> install;
    std::function<double()> carriedBytes;
    if (s.backend == "packet")
    {
        if (!packets.Install(wan, links, pnet, error) ||
            !packets.Pin(pnet, wan, commodities, error))
        {
            exp.Fail(error);
        }
        install = [&packets, &pnet, commodities](const TeSolver::Solution& sol, Time dt) {
            packets.InstallTraffic(pnet, commodities, sol, dt);
        };
        carriedBytes = [&pnet, &s]() { return pnet.counters->receivedBytes / s.packetScale; };
    }
    else
    {
        install = [net, commodities](const TeSolver::Solution& sol, Time dt) {
            RateAdaptiveWanHelper::InstallFlows(net, commodities, sol, dt);
        };
        carriedBytes = [net]() { return net->GetBytesTransferred(); };
    }
    for (auto& l : wan.links)
    {
        l->Start(s.duration);
    }
    Outcome out;
    Ptr<TeController> controller;
    if (te == "none")
    {
        // Each demand on its shortest path, at its full rate: the network shares links.
        auto all = std::make_shared<TeSolver::Solution>();
        for (const auto& c : commodities)
        {
            all->pathFlow.push_back({c.demand});
        }
        for (Time t = Seconds(0); t < s.duration; t += s.interval)
        {
            optical::compat::Schedule(t, [install, all, &s]() { install(*all, s.interval); });
        }
    }
    else
    {
        controller = CreateObject<TeController>();
        controller->SetAttribute("Interval", TimeValue(s.interval));
        controller->SetAttribute("Abstraction", BooleanValue(te == "lp-abstraction"));
        controller->SetAttribute("BaselineRate", DoubleValue(s.staticRate));
        controller->SetAttribute("Objective", StringValue(s.objective));
        controller->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths);
        controller->SetCommodities(commodities);
        controller->SetInstaller(install);
        controller->Start();
        // The last allocation ends with the run.
        optical::compat::Schedule(s.duration - Seconds(1e-9),
                                  [controller]() { controller->Stop(); });
    }
    // Carried traffic per interval.
    double lastSent = 0;
    for (Time t = s.interval; t <= s.duration; t += s.interval)
    {
        optical::compat::Schedule(t, [carriedBytes, &out, &lastSent, &s]() {
            const double sent = carriedBytes();
            out.throughput.push_back((sent - lastSent) * 8 / 1e9 / s.interval.GetSeconds());
            lastSent = sent;
        });
    }
    // Packet level: one more interval (at least 10 s) without traffic, for the packets queued or
    // in flight to arrive or be dropped.
    exp.Run(s.backend == "packet" ? s.duration + std::max(s.interval, Seconds(10)) : s.duration);
    if (s.backend == "packet")
    {
        out.sentPackets = pnet.counters->sent;
        out.receivedPackets = pnet.counters->received;
        out.droppedPackets = WanPacketHelper::GetDropped(pnet);
    }

    double demand = 0;
    for (const auto& c : commodities)
    {
        demand += c.demand;
    }
    out.offeredGbps = demand;
    out.carriedGbps = carriedBytes() * 8 / 1e9 / s.duration.GetSeconds();
    for (std::size_t f = 0; f < wan.links.size(); ++f)
    {
        const RateAdaptiveLink::Counters c = wan.links[f]->GetCounters();
        out.changes += c.changes;
        out.downSeconds += (c.downDark + c.downSnr).GetSeconds();
    }
    out.baselineDb = wan.baselineDb;
    if (controller)
    {
        out.upgrades = controller->GetNUpgradesRequested();
        out.solverSeconds = controller->GetSolverSeconds();
    }
    Simulator::Destroy();
    return out;
}

/// \return the p-th percentile of the lit SNR readings of a series (dB)
double
Percentile(const std::vector<SnrTimeSeries::Sample>& samples, double p)
{
    std::vector<double> lit;
    for (const auto& x : samples)
    {
        if (!x.dark)
        {
            lit.push_back(x.snrDb);
        }
    }
    if (lit.empty())
    {
        return -1e9;
    }
    std::sort(lit.begin(), lit.end());
    const auto i = static_cast<std::size_t>(p / 100 * (lit.size() - 1));
    return lit[i];
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string topology = "continental-backbone";
    std::string linkPolicy = "adaptive";
    std::string te = "lp-abstraction";
    Time duration = Days(7);
    Time interval = Minutes(15);
    std::string matrix = "gravity";
    double totalTbps = 30;
    std::string paths = "ksp";
    uint32_t k = 4;
    uint32_t wavelengths = 8;
    double staticRate = 100;
    std::string modes = "radwan";
    std::string objective = "max-flow";
    double hysteresisDb = 0.5;
    Time holdDown = Minutes(30);
    Time downtime = Seconds(68);
    double augmentPercentile = 0.5;
    Time historyLength = Days(365);
    std::string backend = "flow";
    double packetScale = 1e-3;

    OpticalExperiment exp("rate-adaptive-wan",
                          "A WAN of rate-adaptive links under traffic engineering (RADWAN)");
    exp.AddText("topology",
                "Fibre topology: a name of data/wan (continental-backbone), a CSV file or a "
                "GraphML file (Internet Topology Zoo)",
                topology,
                false);
    exp.AddEnum("linkPolicy", "Link rates: static or adaptive", linkPolicy, {"static", "adaptive"});
    exp.AddEnum("te",
                "Traffic engineering: none, lp or lp-abstraction",
                te,
                {"none", "lp", "lp-abstraction"});
    exp.AddTime("duration",
                "Time simulated (at least one --interval)",
                duration,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddTime("interval",
                "Time between TE solves (and SNR-driven allocations)",
                interval,
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
    exp.AddEnum("paths", "Candidate paths: ksp or edge-disjoint", paths, {"ksp", "edge-disjoint"});
    exp.AddCount("k", "Paths per demand", k, 1, 64);
    exp.AddCount("wavelengths",
                 "Wavelengths per fibre (C+L at 12.5 GHz stays below 1000)",
                 wavelengths,
                 1,
                 1000);
    exp.AddRateNumber("staticRate",
                      "Rate of static links, and the baseline (a rate of the mode table)",
                      staticRate,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", modes, false);
    exp.AddEnum("objective",
                "TE objective: max-flow or min-max-utilisation",
                objective,
                {"max-flow", "min-max-utilisation"});
    exp.AddReal("hysteresisDb",
                "Extra SNR an upgrade needs",
                hysteresisDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddTime("holdDown",
                "Hold-down before an upgrade",
                holdDown,
                OpticalBounds::AtLeast(0).AtMost(365.25 * 86400));
    exp.AddTime("downtime",
                "Downtime of a rate change (68s; hitless: e.g. 50ms)",
                downtime,
                OpticalBounds::AtLeast(0).AtMost(86400));
    exp.AddPercent("augmentPercentile",
                   "A link is augmentable to a rate its SNR supports at this percentile of its "
                   "lit readings (0.5: the rate it holds 99.5% of the lit time)",
                   augmentPercentile);
    exp.AddTime("history",
                "SNR history over which each link's augmentable capacity and the failures "
                "adaptive rates avoid are measured (links alone, without traffic)",
                historyLength,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddEnum("backend",
                "flow (the flow-level engine) or packet (routers, rate-adaptive devices, UDP "
                "flows pinned to the TE paths; for small networks)",
                backend,
                {"flow", "packet"});
    exp.AddReal("packetScale",
                "Packet level: device rate per Gb/s of link capacity, in Gb/s (1e-3: a 100G "
                "link runs at 100 Mb/s; carried traffic is scaled back)",
                packetScale,
                OpticalBounds::AtLeast(1e-9).AtMost(1),
                "Gb/s per Gb/s");
    exp.Parse(argc, argv);

    Settings s;
    std::string error;
    RateAdaptiveLink::Policy policy = RateAdaptiveLink::ADAPTIVE;
    exp.Require(RateAdaptiveLink::ParsePolicy(linkPolicy, policy), "linkPolicy", "unknown policy");
    exp.Require(te != "lp-abstraction" || policy != RateAdaptiveLink::STATIC,
                "te",
                "lp-abstraction needs --linkPolicy=adaptive (static links have no extra "
                "capacity to offer)");
    exp.Require(duration >= interval,
                "duration",
                "must be at least one --interval (" +
                    OpticalUnits::FormatTime(interval.GetSeconds()) + ")");
    exp.Require(s.fibres.Load(topology, error), "topology", error);
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(0);
    exp.Require(TrafficMatrix::Make(matrix, s.fibres, totalTbps * 1e3, rng, s.demands, error),
                "matrix",
                error);
    // The mode table and the link settings, as every scenario will use them.
    TransceiverModes table;
    exp.Require(table.Load(modes, TransceiverModes::DEFAULT_FILE, error), "modes", error);
    {
        RateAdaptiveLinkHelper check;
        exp.Require(check.SetModes(modes, error), "modes", error);
        check.SetLinkAttribute("StaticRate", DoubleValue(staticRate));
        check.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        check.SetSnrAttribute("BaselineDb", DoubleValue(20));
        const bool ok = check.CreateLink()->Check(error);
        exp.Require(ok, "staticRate", error);
    }
    s.paths = paths;
    s.k = k;
    s.wavelengths = wavelengths;
    s.staticRate = staticRate;
    s.modes = modes;
    s.objective = objective;
    s.interval = interval;
    s.duration = duration;
    s.hysteresisDb = hysteresisDb;
    s.holdDown = holdDown;
    s.downtime = downtime;
    s.history = historyLength;
    s.backend = backend;
    s.packetScale = packetScale;
    exp.Start();

    const Outcome base = Run(s, RateAdaptiveLink::STATIC, "lp", exp);
    const bool same = policy == RateAdaptiveLink::STATIC && te == "lp";
    const Outcome run = same ? base : Run(s, policy, te, exp);
    const History history = RunHistory(s, base.baselineDb, exp);

    // Augmentable links, from each link's SNR at the percentile.
    uint32_t augmentable = 0;
    double gainGbps = 0;
    std::vector<double> extraPerLink;
    for (std::size_t f = 0; f < history.samples.size(); ++f)
    {
        const double snr = Percentile(history.samples[f], augmentPercentile);
        double rate = 0;
        for (const auto& m : table.GetModes())
        {
            if (snr >= m.snrDb)
            {
                rate = m.rateGbps;
            }
        }
        const double extra = rate - staticRate;
        extraPerLink.push_back(extra);
        augmentable += extra >= 75 ? 1 : 0;
        gainGbps += std::max(0.0, extra) * wavelengths;
    }
    const std::size_t nLinks = history.samples.size();
    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("wan_link");
        for (std::size_t f = 0; f < nLinks; ++f)
        {
            store->AddEvent("wan_link",
                            exp.GetRunId(),
                            {static_cast<int64_t>(f),
                             base.baselineDb[f],
                             Percentile(history.samples[f], augmentPercentile),
                             extraPerLink[f]});
        }
        store->CreateEventTable("wan_throughput");
        for (std::size_t i = 0; i < run.throughput.size(); ++i)
        {
            const double hours = (i + 1) * s.interval.GetHours();
            store->AddEvent("wan_throughput",
                            exp.GetRunId(),
                            {hours, base.throughput[i], run.throughput[i], run.offeredGbps});
        }
    }
    const double days = s.duration.GetDays();
    exp.Metric("offered-gbps", run.offeredGbps, "Gb/s");
    exp.Metric("baseline-carried-gbps", base.carriedGbps, "Gb/s");
    exp.Metric("carried-gbps", run.carriedGbps, "Gb/s");
    exp.Metric("te-upgrades", run.upgrades);
    exp.Metric("te-solver-s", run.solverSeconds, "s");
    exp.Metric("links-augmentable-75g-pct", 100.0 * augmentable / nLinks, "%");
    exp.Metric("capacity-gain-tbps", gainGbps / 1e3, "Tb/s");
    exp.Metric("failures-avoided-pct",
               history.staticDownS > 0 ? 100 * (1 - history.adaptiveDownS / history.staticDownS)
                                       : 0,
               "%");
    exp.Metric("te-throughput-gain-pct", 100 * (run.carriedGbps / base.carriedGbps - 1), "%");
    exp.Metric("rate-changes-per-link-day", run.changes / (nLinks * days));
    if (backend == "packet")
    {
        // Every packet sent is received or dropped (none left after the extra interval).
        exp.Metric("packets-sent", run.sentPackets);
        exp.Metric("packets-received", run.receivedPackets);
        exp.Metric("packets-dropped", run.droppedPackets);
        exp.Metric("packets-unaccounted",
                   static_cast<double>(run.sentPackets) -
                       static_cast<double>(run.receivedPackets + run.droppedPackets));
    }
    return exp.Finish();
}
