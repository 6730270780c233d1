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

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ChannelWidthStudy");

int
main(int argc, char* argv[])
{
    std::vector<double> widths{50, 75, 100, 150};
    double snrFrom = 8;
    double snrTo = 16;
    double snrStep = 0.25;
    Time length = Days(90);
    std::string modesTable = "radwan";
    double hysteresisDb = 0.5;
    Time holdDown = Minutes(30);
    double stableChangesPerDay = 0.5;

    OpticalExperiment exp("channel-width-study",
                          "Rate changes against spectral width and SNR operating point");
    exp.AddRealList("widths",
                    "Channel widths (comma-separated; the mode table is at 50 GHz and scaled "
                    "by width / 50; 6.25 GHz is the flex-grid slot, 1 THz a superchannel)",
                    widths,
                    OpticalBounds::AtLeast(6.25).AtMost(1000),
                    "GHz",
                    1,
                    32);
    exp.AddReal("snrFrom",
                "Lowest baseline SNR",
                snrFrom,
                OpticalBounds::AtLeast(-10).AtMost(40),
                "dB");
    exp.AddReal("snrTo",
                "Highest baseline SNR (>= --snrFrom)",
                snrTo,
                OpticalBounds::AtLeast(-10).AtMost(40),
                "dB");
    exp.AddReal("snrStep",
                "Step between baselines (at most 1000 operating points)",
                snrStep,
                OpticalBounds::AtLeast(0.01).AtMost(50),
                "dB");
    exp.AddTime("duration",
                "Time simulated per link",
                length,
                OpticalBounds::Above(0).AtMost(10 * 365.25 * 86400));
    exp.AddText("modes", "Mode table at 50 GHz (data/transceiver-modes.csv)", modesTable, false);
    exp.AddReal("hysteresisDb",
                "Extra SNR an upgrade needs",
                hysteresisDb,
                OpticalBounds::AtLeast(0).AtMost(20),
                "dB");
    exp.AddTime("holdDown",
                "Hold-down before an upgrade",
                holdDown,
                OpticalBounds::AtLeast(0).AtMost(365.25 * 86400));
    exp.AddReal("stableChangesPerDay",
                "An operating point is stable below this many changes a day",
                stableChangesPerDay,
                OpticalBounds::Above(0).AtMost(86400),
                "changes/day");
    exp.Parse(argc, argv);

    exp.Require(snrTo >= snrFrom,
                "snrTo",
                "must be at least --snrFrom (" + OpticalUnits::Format(snrFrom) + " dB)");
    const double nSnr = std::floor((snrTo - snrFrom) / snrStep + 1e-9) + 1;
    exp.Require(nSnr * widths.size() <= 1000,
                "snrStep",
                "gives " + OpticalUnits::Format(nSnr) + " operating points x " +
                    std::to_string(widths.size()) + " widths, more than 1000 links");
    std::vector<double> sorted = widths;
    std::sort(sorted.begin(), sorted.end());
    exp.Require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(),
                "widths",
                "lists a width twice");
    RateAdaptiveLinkHelper helper;
    std::string error;
    exp.Require(helper.SetModes(modesTable, error), "modes", error);
    const TransceiverModes base = helper.GetModes();
    helper.SetLinkAttribute("HysteresisDb", DoubleValue(hysteresisDb));
    helper.SetLinkAttribute("HoldDown", TimeValue(holdDown));
    exp.Start();

    struct Point
    {
        double width;
        double snr;
        Ptr<RateAdaptiveLink> link;
    };

    std::vector<Point> points;
    std::vector<double> snrs;
    for (uint32_t i = 0; i < static_cast<uint32_t>(nSnr); ++i)
    {
        snrs.push_back(snrFrom + i * snrStep);
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
        store->CreateEventTable("channel_width");
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
