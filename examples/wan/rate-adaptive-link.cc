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

namespace
{

/// The options, with their defaults.
struct Options
{
    std::string policy{"adaptive"};   //!< Policy reported: static | adaptive
    Time duration{Days(365)};         //!< Time simulated (without a trace)
    std::string snrTrace;             //!< CSV trace (empty: a generated series)
    std::string modesTable{"radwan"}; //!< Mode table
    double staticRate{100};           //!< Rate of the static link (Gb/s)
    double lengthKm{1500};            //!< Fibre length of the link
    double spanKm{80};                //!< Amplifier spacing
    double noiseFigureDb{6};          //!< Amplifier noise figure
    double transmitterOsnrDb{35};     //!< Transmitter OSNR in 0.1 nm
    double baselineDb{0};             //!< Baseline SNR (0: from the physical layer)
    double widthGhz{50};              //!< Spectral width of the channel
    double hysteresisDb{0.5};         //!< Extra SNR an upgrade needs
    Time holdDown{Minutes(30)};       //!< Hold-down before an upgrade
    Time downtime{Seconds(68)};       //!< Downtime of a rate change
};

/// The two links of the run, on the same SNR series.
struct Setup
{
    RateAdaptiveLink::Policy reported{RateAdaptiveLink::ADAPTIVE}; //!< --policy
    Time length;                    //!< Time simulated (the trace's length, or --duration)
    double baselineDb{0};           //!< Baseline SNR (dB)
    Ptr<RateAdaptiveLink> links[2]; //!< The static link, then the adaptive one
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The options, holding their defaults
 */
void
AddOptions(OpticalExperiment& exp, Options& o)
{
    exp.AddEnum("policy", "Policy reported: static or adaptive", o.policy, {"static", "adaptive"});
    exp.AddTime("duration",
                "Time simulated (ignored with --snrTrace: the trace's length)",
                o.duration,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddInputFile("snrTrace",
                     "CSV trace (time_s, snr_db; dark or empty: loss of light); empty: a "
                     "generated series",
                     o.snrTrace);
    exp.AddText("modes", "Mode table (data/transceiver-modes.csv)", o.modesTable, false);
    exp.AddRateNumber("staticRate",
                      "Rate of the static link (a rate of the table)",
                      o.staticRate,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddReal("lengthKm",
                "Fibre length of the link",
                o.lengthKm,
                OpticalBounds::Above(0).AtMost(20000),
                "km");
    exp.AddReal("spanKm",
                "Amplifier spacing",
                o.spanKm,
                OpticalBounds::AtLeast(1).AtMost(300),
                "km");
    exp.AddReal("noiseFigureDb",
                "Amplifier noise figure (EDFA 5 to 10)",
                o.noiseFigureDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddReal("transmitterOsnrDb",
                "Transmitter OSNR in 0.1 nm (GNPy: 33 to 40)",
                o.transmitterOsnrDb,
                OpticalBounds::AtLeast(10).AtMost(60),
                "dB");
    exp.AddReal("baselineDb",
                "Baseline SNR in the signal bandwidth (0: from the physical layer)",
                o.baselineDb,
                OpticalBounds::AtLeast(-10).AtMost(40),
                "dB");
    exp.AddReal("widthGhz",
                "Spectral width of the channel (6.25: one flex-grid slot; 4000 GHz: the C band)",
                o.widthGhz,
                OpticalBounds::AtLeast(6.25).AtMost(4000),
                "GHz");
    exp.AddReal("hysteresisDb",
                "Extra SNR an upgrade needs",
                o.hysteresisDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddTime("holdDown",
                "Hold-down before an upgrade",
                o.holdDown,
                OpticalBounds::AtLeast(0).AtMost(365.25 * 86400));
    exp.AddTime("downtime",
                "Downtime of a rate change (68s; hitless: e.g. 50ms)",
                o.downtime,
                OpticalBounds::AtLeast(0).AtMost(86400));
}

/**
 * \brief The baseline SNR of the link: --baselineDb, or, when it is 0, the physical layer's.
 * \param [in] o The options
 * \param [in,out] exp The experiment (refuses a line the physical layer cannot build)
 * \return the baseline SNR (dB)
 */
double
GetBaselineDb(const Options& o, OpticalExperiment& exp)
{
    double baselineDb = o.baselineDb;
    if (baselineDb == 0)
    {
        std::string error;
        FibreSpan span;
        span.noiseFigureDb = o.noiseFigureDb;
        OpticalChannel channel;
        channel.spacingGhz = o.widthGhz;
        channel.channels = std::max<uint32_t>(1, static_cast<uint32_t>(4000 / o.widthGhz));
        const bool ok = OpticalLineSystem::GetLinkSnrDb(o.lengthKm,
                                                        span,
                                                        o.spanKm,
                                                        o.transmitterOsnrDb,
                                                        channel,
                                                        baselineDb,
                                                        error);
        exp.Require(ok, "lengthKm", "with --spanKm: " + error);
    }
    return baselineDb;
}

/**
 * \brief Checks the options together and builds the static and the adaptive link on the same
 * SNR series (the trace, or one generated).
 * \param [in] o The options
 * \param [out] setup The links and what the run needs
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
CheckAndBuild(const Options& o, Setup& setup, OpticalExperiment& exp)
{
    std::string error;
    exp.Require(RateAdaptiveLink::ParsePolicy(o.policy, setup.reported),
                "policy",
                "unknown policy");
    std::vector<SnrTimeSeries::Sample> trace;
    exp.Require(o.snrTrace.empty() || SnrTimeSeries::LoadCsv(o.snrTrace, trace, error),
                "snrTrace",
                error);
    exp.Require(o.snrTrace.empty() || (!trace.empty() && trace.back().time.IsStrictlyPositive()),
                "snrTrace",
                "the trace must span a time > 0");
    setup.length = trace.empty() ? o.duration : trace.back().time;
    RateAdaptiveLinkHelper helper;
    exp.Require(helper.SetModes(o.modesTable, error), "modes", error);
    setup.baselineDb = GetBaselineDb(o, exp);
    helper.SetSnrAttribute("BaselineDb", DoubleValue(setup.baselineDb));
    helper.SetSnrAttribute("SpectralWidthGhz", DoubleValue(o.widthGhz));
    helper.SetLinkAttribute("StaticRate", DataRateValue(RateAdaptiveLink::FromGbps(o.staticRate)));
    helper.SetLinkAttribute("HysteresisDb", DoubleValue(o.hysteresisDb));
    helper.SetLinkAttribute("HoldDown", TimeValue(o.holdDown));
    helper.SetLinkAttribute("ChangeDowntime", TimeValue(o.downtime));

    for (int p = 0; p < 2; ++p)
    {
        helper.SetLinkAttribute(
            "Policy",
            EnumValue(p == 0 ? RateAdaptiveLink::STATIC : RateAdaptiveLink::ADAPTIVE));
        setup.links[p] = helper.CreateLink();
        const bool ok = setup.links[p]->Check(error);
        exp.Require(ok, "staticRate", error);
    }
    // Both follow the same series.
    if (trace.empty())
    {
        setup.links[0]->AssignStreams(0);
        trace = setup.links[0]->GetSnrModel()->Generate(setup.length);
    }
    for (auto& l : setup.links)
    {
        l->SetSamples(trace);
    }
}

/**
 * \brief Starts both links, samples their capacity every hour, and runs.
 * \param [in] setup The links
 * \param [in,out] exp The experiment (runs the simulator, records the series)
 */
void
Run(const Setup& setup, OpticalExperiment& exp)
{
    for (const auto& l : setup.links)
    {
        l->Start(setup.length);
    }
    // Capacity over time, one point an hour (days, Gb/s).
    for (int p = 0; p < 2; ++p)
    {
        const std::string name = std::string(p == 0 ? "static" : "adaptive") + "-capacity-gbps";
        for (Time t = Seconds(0); t <= setup.length; t += Hours(1))
        {
            optical::compat::Schedule(t, [&exp, name, l = setup.links[p]]() {
                exp.SeriesPoint(name, Simulator::Now().GetDays(), l->GetCapacityGbps());
            });
        }
    }
    exp.Run(setup.length);
}

/**
 * \brief Records both links and prints the metrics of --policy.
 * \param [in,out] exp The experiment
 * \param [in] setup The links
 * \param [in,out] avoided The static link's outage time during which the adaptive one was up
 */
void
Report(OpticalExperiment& exp, const Setup& setup, RateAdaptiveOutageOverlap& avoided)
{
    const RateAdaptiveLink::Counters st = setup.links[0]->GetCounters();
    Ptr<RateAdaptiveLink> shown = setup.links[setup.reported == RateAdaptiveLink::STATIC ? 0 : 1];
    const RateAdaptiveLink::Counters c = shown->GetCounters();
    const double staticDown = (st.downSnr + st.downDark + st.changing).GetSeconds();
    const double avoidedPct = staticDown > 0 ? 100 * avoided.Get().GetSeconds() / staticDown : 0;
    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("rate_adaptive_link");
        for (auto& l : setup.links)
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
    exp.Metric("baseline-snr-db", setup.baselineDb, "dB");
    exp.Metric("static-availability-pct", 100 * setup.links[0]->GetAvailability(), "%");
    exp.Metric("static-outages", st.downEvents);
    exp.Metric("availability-pct", 100 * shown->GetAvailability(), "%");
    exp.Metric("mean-capacity-gbps", shown->GetMeanCapacityGbps(), "Gb/s");
    exp.Metric("rate-changes", c.changes);
    exp.Metric("failures-avoided-pct", avoidedPct, "%");
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    OpticalExperiment exp("rate-adaptive-link",
                          "One WAN link following its SNR: static against adaptive rates");
    AddOptions(exp, o);
    exp.Parse(argc, argv);
    Setup setup;
    CheckAndBuild(o, setup, exp);
    exp.Start();

    RateAdaptiveOutageOverlap avoided(setup.links[0], setup.links[1]);
    Run(setup, exp);
    Report(exp, setup, avoided);
    return exp.Finish();
}
