/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Capacity fluctuations against spectral width and SNR operating point (the rate-adaptive
 * study of a US ISP). For each channel width (--widths) and baseline SNR (--snrFrom to --snrTo),
 * an adaptive link follows an SNR series whose fast fluctuations grow with the width
 * (SnrTimeSeries::FluctuationWidthExponent); a wider channel carries proportionally more per
 * mode (TransceiverModes::Scaled). All links draw the same random numbers, so widths and
 * operating points differ only by what they are.
 *
 *   ./ns3 run channel-width-study
 *
 * Prints fluctuation-ratio-widest-vs-narrowest (rate changes of the widest channel over those
 * of the narrowest, all operating points), stable-operating-points (operating points with fewer
 * than --stableChangesPerDay changes a day at every width) and lists them.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ChannelWidthStudy");

namespace
{
/// Parses a comma-separated list of positive numbers (false on any other text).
bool
ParseList(const std::string& text, std::vector<double>& out)
{
    out.clear();
    std::istringstream in(text);
    std::string cell;
    while (std::getline(in, cell, ','))
    {
        double v = 0;
        if (!OpticalDataFile::ParseDouble(OpticalDataFile::Trim(cell), v) || !(v > 0))
        {
            return false;
        }
        out.push_back(v);
    }
    return !out.empty();
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string widthsText = "50,75,100,150";
    double snrFrom = 8;
    double snrTo = 16;
    double snrStep = 0.25;
    std::string duration = "90d";
    std::string modesTable = "radwan";
    double hysteresisDb = 0.5;
    std::string holdDown = "30min";
    double stableChangesPerDay = 0.5;

    OpticalExperiment exp("channel-width-study",
                          "Rate changes against spectral width and SNR operating point");
    exp.AddValue("widths",
                 "Channel widths (GHz, comma-separated; the first is the reference "
                 "of the mode table)",
                 widthsText);
    exp.AddValue("snrFrom", "Lowest baseline SNR (dB)", snrFrom);
    exp.AddValue("snrTo", "Highest baseline SNR (dB)", snrTo);
    exp.AddValue("snrStep", "Step between baselines (dB)", snrStep);
    exp.AddValue("duration", "Time simulated per link", duration);
    exp.AddValue("modes", "Mode table at 50 GHz (data/transceiver-modes.csv)", modesTable);
    exp.AddValue("hysteresisDb", "Extra SNR an upgrade needs (dB)", hysteresisDb);
    exp.AddValue("holdDown", "Hold-down before an upgrade", holdDown);
    exp.AddValue("stableChangesPerDay",
                 "An operating point is stable below this many changes a day",
                 stableChangesPerDay);
    exp.Parse(argc, argv);

    std::vector<double> widths;
    if (!ParseList(widthsText, widths))
    {
        exp.Fail("--widths: '" + widthsText + "' is not a list of positive numbers (e.g. 50,100)");
    }
    if (!(snrStep > 0) || snrTo < snrFrom)
    {
        exp.Fail("--snrStep must be > 0 and --snrTo >= --snrFrom");
    }
    const Time length = exp.NonNegativeTime("duration", duration);
    if (!length.IsStrictlyPositive())
    {
        exp.Fail("--duration: '" + duration + "' (must be > 0)");
    }
    RateAdaptiveLinkHelper helper;
    std::string error;
    if (!helper.SetModes(modesTable, error))
    {
        exp.Fail(error);
    }
    const TransceiverModes base = helper.GetModes();
    helper.SetLinkAttribute("HysteresisDb", DoubleValue(hysteresisDb));
    helper.SetLinkAttribute("HoldDown", TimeValue(exp.NonNegativeTime("holdDown", holdDown)));
    exp.Start();

    struct Point
    {
        double width;
        double snr;
        Ptr<RateAdaptiveLink> link;
    };

    std::vector<Point> points;
    std::vector<double> snrs;
    for (double s = snrFrom; s <= snrTo + 1e-9; s += snrStep)
    {
        snrs.push_back(s);
    }
    for (double w : widths)
    {
        for (double s : snrs)
        {
            helper.SetSnrAttribute("BaselineDb", DoubleValue(s));
            helper.SetSnrAttribute("SpectralWidthGhz", DoubleValue(w));
            Ptr<RateAdaptiveLink> link = helper.CreateLink();
            link->SetModes(base.Scaled(w / 50.0));
            link->AssignStreams(0); // common random numbers
            link->Start(length);
            points.push_back({w, s, link});
        }
    }
    exp.Run(length);

    const double days = length.GetDays();
    std::map<double, double> changesByWidth;
    std::map<double, double> worstBySnr;
    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("channel_width",
                                {{"width_ghz", "REAL"},
                                 {"baseline_db", "REAL"},
                                 {"changes_per_day", "REAL"},
                                 {"mean_capacity_gbps", "REAL"},
                                 {"availability", "REAL"}});
    }
    for (const auto& p : points)
    {
        const double perDay = p.link->GetCounters().changes / days;
        changesByWidth[p.width] += perDay;
        worstBySnr[p.snr] = std::max(worstBySnr[p.snr], perDay);
        if (ResultsStore* store = exp.GetStore())
        {
            store->AddEvent(
                "channel_width",
                exp.GetRunId(),
                {p.width, p.snr, perDay, p.link->GetMeanCapacityGbps(), p.link->GetAvailability()});
        }
    }
    std::ostringstream stable;
    uint32_t nStable = 0;
    for (const auto& [snr, worst] : worstBySnr)
    {
        if (worst < stableChangesPerDay)
        {
            stable << (nStable++ ? "," : "") << snr;
        }
    }
    const double narrow = changesByWidth.begin()->second;
    const double wide = changesByWidth.rbegin()->second;
    for (const auto& [w, c] : changesByWidth)
    {
        exp.Metric("changes-per-day-" + std::to_string(static_cast<int>(w)) + "ghz",
                   c / snrs.size());
    }
    std::cout << "stable-operating-points-db: " << (nStable ? stable.str() : "none") << std::endl;
    exp.Metric("stable-operating-points", nStable);
    exp.Metric("fluctuation-ratio-widest-vs-narrowest", narrow > 0 ? wide / narrow : 0);
    return exp.Finish();
}
