/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * One optical WAN link over time (RADWAN): its SNR follows the physical layer's baseline (a
 * fibre of --lengthKm with amplifiers every --spanKm), slow drift, fluctuations, degradations
 * and cuts, or a CSV trace (--snrTrace). A static link (one rate, down below its threshold)
 * and an adaptive one (the fastest rate that works, hysteresis, hold-down, a downtime per
 * change) follow the same series in the same run.
 *
 *   ./ns3 run "rate-adaptive-link --policy=adaptive --duration=365d"
 *
 * Prints availability-pct, mean-capacity-gbps and rate-changes of --policy, and
 * failures-avoided-pct: the share of the static link's outage time during which the adaptive
 * link carried traffic at a lower rate.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("RateAdaptiveLinkExample");

int
main(int argc, char* argv[])
{
    std::string policy = "adaptive";
    Time duration = Days(365);
    std::string snrTrace;
    std::string modesTable = "radwan";
    double staticRate = 100;
    double lengthKm = 1500;
    double spanKm = 80;
    double noiseFigureDb = 6;
    double transmitterOsnrDb = 35;
    double baselineDb = 0;
    double widthGhz = 50;
    double hysteresisDb = 0.5;
    Time holdDown = Minutes(30);
    Time downtime = Seconds(68);

    OpticalExperiment exp("rate-adaptive-link",
                          "One WAN link following its SNR: static against adaptive rates");
    exp.AddEnum("policy", "Policy reported: static or adaptive", policy, {"static", "adaptive"});
    exp.AddTime("duration",
                "Time simulated (ignored with --snrTrace: the trace's length)",
                duration,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddInputFile("snrTrace",
                     "CSV trace (time_s, snr_db; dark or empty: loss of light); empty: a "
                     "generated series",
                     snrTrace);
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", modesTable, false);
    exp.AddRateNumber("staticRate",
                      "Rate of the static link (a rate of the table)",
                      staticRate,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddReal("lengthKm",
                "Fibre length of the link",
                lengthKm,
                OpticalBounds::Above(0).AtMost(20000),
                "km");
    exp.AddReal("spanKm", "Amplifier spacing", spanKm, OpticalBounds::AtLeast(1).AtMost(300), "km");
    exp.AddReal("noiseFigureDb",
                "Amplifier noise figure (EDFA 5 to 10)",
                noiseFigureDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddReal("transmitterOsnrDb",
                "Transmitter OSNR in 0.1 nm (GNPy: 33 to 40)",
                transmitterOsnrDb,
                OpticalBounds::AtLeast(10).AtMost(60),
                "dB");
    exp.AddReal("baselineDb",
                "Baseline SNR in the signal bandwidth (0: from the physical layer)",
                baselineDb,
                OpticalBounds::AtLeast(-10).AtMost(40),
                "dB");
    exp.AddReal("widthGhz",
                "Spectral width of the channel (6.25: one flex-grid slot; 4000 GHz: the C band)",
                widthGhz,
                OpticalBounds::AtLeast(6.25).AtMost(4000),
                "GHz");
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
    exp.Parse(argc, argv);

    std::string error;
    RateAdaptiveLink::Policy reported = RateAdaptiveLink::ADAPTIVE;
    exp.Require(RateAdaptiveLink::ParsePolicy(policy, reported), "policy", "unknown policy");
    std::vector<SnrTimeSeries::Sample> trace;
    exp.Require(snrTrace.empty() || SnrTimeSeries::LoadCsv(snrTrace, trace, error),
                "snrTrace",
                error);
    exp.Require(snrTrace.empty() || (!trace.empty() && trace.back().time.IsStrictlyPositive()),
                "snrTrace",
                "the trace must span a time > 0");
    const Time length = trace.empty() ? duration : trace.back().time;
    RateAdaptiveLinkHelper helper;
    exp.Require(helper.SetModes(modesTable, error), "modes", error);
    if (baselineDb == 0)
    {
        FibreSpan span;
        span.noiseFigureDb = noiseFigureDb;
        OpticalChannel channel;
        channel.spacingGhz = widthGhz;
        channel.channels = std::max<uint32_t>(1, static_cast<uint32_t>(4000 / widthGhz));
        const bool ok = OpticalLineSystem::GetLinkSnrDb(lengthKm,
                                                        span,
                                                        spanKm,
                                                        transmitterOsnrDb,
                                                        channel,
                                                        baselineDb,
                                                        error);
        exp.Require(ok, "lengthKm", "with --spanKm: " + error);
    }
    helper.SetSnrAttribute("BaselineDb", DoubleValue(baselineDb));
    helper.SetSnrAttribute("SpectralWidthGhz", DoubleValue(widthGhz));
    helper.SetLinkAttribute("StaticRate", DataRateValue(RateAdaptiveLink::FromGbps(staticRate)));
    helper.SetLinkAttribute("HysteresisDb", DoubleValue(hysteresisDb));
    helper.SetLinkAttribute("HoldDown", TimeValue(holdDown));
    helper.SetLinkAttribute("ChangeDowntime", TimeValue(downtime));

    Ptr<RateAdaptiveLink> links[2];
    for (int p = 0; p < 2; ++p)
    {
        helper.SetLinkAttribute(
            "Policy",
            EnumValue(p == 0 ? RateAdaptiveLink::STATIC : RateAdaptiveLink::ADAPTIVE));
        links[p] = helper.CreateLink();
        const bool ok = links[p]->Check(error);
        exp.Require(ok, "staticRate", error);
    }
    // Both follow the same series.
    if (trace.empty())
    {
        links[0]->AssignStreams(0);
        trace = links[0]->GetSnrModel()->Generate(length);
    }
    for (auto& l : links)
    {
        l->SetSamples(trace);
    }
    exp.Start();
    RateAdaptiveOutageOverlap avoided(links[0], links[1]);
    for (auto& l : links)
    {
        l->Start(length);
    }
    // Capacity over time, one point an hour (days, Gb/s).
    for (int p = 0; p < 2; ++p)
    {
        const std::string name = std::string(p == 0 ? "static" : "adaptive") + "-capacity-gbps";
        for (Time t = Seconds(0); t <= length; t += Hours(1))
        {
            optical::compat::Schedule(t, [&exp, name, l = links[p]]() {
                exp.SeriesPoint(name, Simulator::Now().GetDays(), l->GetCapacityGbps());
            });
        }
    }
    exp.Run(length);

    const RateAdaptiveLink::Counters st = links[0]->GetCounters();
    Ptr<RateAdaptiveLink> shown = links[reported == RateAdaptiveLink::STATIC ? 0 : 1];
    const RateAdaptiveLink::Counters c = shown->GetCounters();
    const double staticDown = (st.downSnr + st.downDark + st.changing).GetSeconds();
    const double avoidedPct = staticDown > 0 ? 100 * avoided.Get().GetSeconds() / staticDown : 0;
    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("rate_adaptive_link");
        for (auto& l : links)
        {
            const RateAdaptiveLink::Counters k = l->GetCounters();
            store->AddEvent("rate_adaptive_link",
                            exp.GetRunId(),
                            {l->GetPolicyName(),
                             l->GetAvailability(),
                             l->GetMeanCapacityGbps(),
                             static_cast<int64_t>(k.changes),
                             k.downDark.GetSeconds(),
                             k.downSnr.GetSeconds(),
                             k.changing.GetSeconds(),
                             static_cast<int64_t>(k.downEvents)});
        }
    }
    exp.Metric("baseline-snr-db", baselineDb, "dB");
    exp.Metric("static-availability-pct", 100 * links[0]->GetAvailability(), "%");
    exp.Metric("static-outages", st.downEvents);
    exp.Metric("availability-pct", 100 * shown->GetAvailability(), "%");
    exp.Metric("mean-capacity-gbps", shown->GetMeanCapacityGbps(), "Gb/s");
    exp.Metric("rate-changes", c.changes);
    exp.Metric("failures-avoided-pct", avoidedPct, "%");
    return exp.Finish();
}
