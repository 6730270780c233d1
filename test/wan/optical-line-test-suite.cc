/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The optical WAN's physical layer: ASE and GN-model NLI over amplified spans, SNR of paths,
// transceiver modes.

#include "ns3/double.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cmath>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// \return a line of n identical spans of \p km (SSMF, EDFA of noise figure \p nf)
OpticalLineSystem
Line(uint32_t n, double km, double nf)
{
    OpticalLineSystem line;
    std::string error;
    FibreSpan span;
    span.lengthKm = km;
    span.noiseFigureDb = nf;
    for (uint32_t i = 0; i < n; ++i)
    {
        NS_ABORT_MSG_IF(!line.AddSpan(span, error), error);
    }
    return line;
}
} // namespace

/// OSNR of N spans against the textbook closed form (no NLI).
class OsnrTestCase : public TestCase
{
  public:
    OsnrTestCase()
        : TestCase("OSNR of N amplified spans: 58 + P - span loss - NF - 10 log10 N (0.1 nm)")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {1u, 10u, 20u})
        {
            for (double p : {-2.0, 0.0, 3.0})
            {
                const OpticalLineSystem line = Line(n, 80, 5.5);
                OpticalChannel ch;
                ch.launchPowerDbm = p;
                const double expected = 58 + p - 16 - 5.5 - 10 * std::log10(n);
                NS_TEST_ASSERT_MSG_EQ_TOL(line.GetOsnrDb(ch), expected, 0.1, n << " spans");
                // Without NLI the SNR in the signal bandwidth is the OSNR less the bandwidth
                // ratio.
                NS_TEST_ASSERT_MSG_EQ_TOL(line.GetGsnrDb(ch, false),
                                          OpticalLineSystem::OsnrToSnrDb(line.GetOsnrDb(ch), 32),
                                          1e-9,
                                          "bandwidths");
            }
        }
        // OpenROADM's 100G mode: 12 dB OSNR is 8.0 dB SNR at 31.57 GBd.
        NS_TEST_ASSERT_MSG_EQ_TOL(OpticalLineSystem::OsnrToSnrDb(12, 31.57), 7.98, 0.01, "8.0");
    }
};

/// NLI against a value computed by hand, and the optimal launch power.
class NliTestCase : public TestCase
{
  public:
    NliTestCase()
        : TestCase("GN model: NLI of a 100 km span by hand (1.74 uW in 32 GHz), GSNR 24.95 dB; "
                   "at the optimal launch power NLI is half the ASE")
    {
    }

  private:
    void DoRun() override
    {
        const OpticalLineSystem line = Line(1, 100, 5.5);
        OpticalChannel ch;
        ch.launchPowerDbm = 0;
        ch.baudGbd = 32;
        ch.spacingGhz = 50;
        ch.channels = 80;
        // By hand: alpha = 0.2 / 4.343 = 0.04605 /km, L_eff = 21.498 km, L_eff,a = 21.715 km,
        // asinh argument (pi^2 / 2) 21.3e-24 s^2/km x 21.715 km x (4 THz)^2 = 36519,
        // G_ch = 1 mW / 32 GHz: G_NLI = 5.443e-17 W/Hz, 1.742 uW in 32 GHz.
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetNliPsd(ch) * 32e9, 1.7417e-6, 0.001e-6, "NLI power");
        // ASE: 10^0.55 x h nu x 10^2 x 32 GHz = 1.455 uW; GSNR = 1 mW / 3.197 uW.
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetAsePowerW(ch, 32e9), 1.4551e-6, 0.001e-6, "ASE power");
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetGsnrDb(ch), 24.953, 0.005, "GSNR");
        // NLI grows as P^3: 3 dB more launch power, 9 dB more NLI.
        OpticalChannel louder = ch;
        louder.launchPowerDbm = 3;
        NS_TEST_ASSERT_MSG_EQ_TOL(10 * std::log10(line.GetNliPsd(louder) / line.GetNliPsd(ch)),
                                  9.0,
                                  1e-9,
                                  "cubic");
        // The optimum: NLI = ASE / 2.
        OpticalChannel best = ch;
        best.launchPowerDbm = line.GetOptimalLaunchDbm(ch);
        const double ratio = line.GetNliPsd(best) * 32e9 / line.GetAsePowerW(best, 32e9);
        NS_TEST_ASSERT_MSG_EQ_TOL(ratio, 0.5, 0.01, "NLI half the ASE at the optimum");
        NS_TEST_ASSERT_MSG_GT(line.GetGsnrDb(best), line.GetGsnrDb(ch), "better than 0 dBm");
        NS_TEST_ASSERT_MSG_GT(line.GetGsnrDb(best), line.GetGsnrDb(louder), "better than 3 dBm");
    }
};

/// Segments in series, modes at their thresholds, bad input.
class ModesTestCase : public TestCase
{
  public:
    ModesTestCase()
        : TestCase("inverse SNRs add over segments; the fastest mode whose OSNR + margin the path "
                   "reaches, at and around each threshold; bad spans and tables are named")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ_TOL(OpticalLineSystem::CombineDb({20, 20}), 16.9897, 1e-4, "half");
        NS_TEST_ASSERT_MSG_EQ_TOL(OpticalLineSystem::CombineDb({20, 30}), 19.5861, 1e-4, "sum");
        // Two lines in series: the end-to-end OSNR is the combination of each.
        const OpticalLineSystem a = Line(5, 80, 5.5);
        const OpticalLineSystem b = Line(3, 60, 6);
        OpticalLineSystem both = a;
        std::string error;
        for (const auto& s : b.GetSpans())
        {
            NS_TEST_ASSERT_MSG_EQ(both.AddSpan(s, error), true, error);
        }
        OpticalChannel ch;
        NS_TEST_ASSERT_MSG_EQ_TOL(both.GetOsnrDb(ch),
                                  OpticalLineSystem::CombineDb({a.GetOsnrDb(ch), b.GetOsnrDb(ch)}),
                                  1e-9,
                                  "series");

        TransceiverModes modes;
        NS_TEST_ASSERT_MSG_EQ(modes.Load("openroadm-v5", TransceiverModes::DEFAULT_FILE, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(modes.GetModes().size(), 4, "100G to 400G");
        // Required OSNR 12, 17, 21, 24 dB; margin 2 dB.
        const double thresholds[] = {14, 19, 23, 26};
        const double rates[] = {100, 200, 300, 400};
        for (int i = 0; i < 4; ++i)
        {
            const int at = modes.Select(thresholds[i], 2);
            NS_TEST_ASSERT_MSG_EQ(at, i, "at the threshold of " << rates[i]);
            NS_TEST_ASSERT_MSG_EQ(modes.Select(thresholds[i] - 0.01, 2), i - 1, "just below");
        }
        TransceiverModes::Mode mode;
        NS_TEST_ASSERT_MSG_EQ(modes.SelectFor("A-B", 13.5, 2, mode, error), false, "none");
        NS_TEST_ASSERT_MSG_NE(error.find("link A-B: GSNR 13.5"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(modes.SelectFor("A-B", 30, 2, mode, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(mode.rateGbps, 400, "fastest");
        // The project's RADWAN-style table: 100G to 400G in 25/50G steps, 100G at 6.5 dB SNR,
        // and 50G and 75G fall-back rates from the same fit.
        NS_TEST_ASSERT_MSG_EQ(modes.Load("radwan", TransceiverModes::DEFAULT_FILE, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(modes.GetModes().size(), 11, "11 rates");
        NS_TEST_ASSERT_MSG_EQ(modes.GetModes()[2].rateGbps, 100, "100G third");
        NS_TEST_ASSERT_MSG_EQ_TOL(modes.GetModes()[2].snrDb, 6.5, 0.01, "100G");
        // Shannon with the fitted gap: 50G needs exactly the gap (1 bit per symbol).
        NS_TEST_ASSERT_MSG_EQ_TOL(modes.GetModes().front().snrDb, 1.73, 0.01, "50G");
        NS_TEST_ASSERT_MSG_EQ(modes.Load("nosuch", TransceiverModes::DEFAULT_FILE, error),
                              false,
                              "unknown");
        NS_TEST_ASSERT_MSG_NE(error.find("tables: openroadm-v5"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(modes.GetModes().size(), 11, "unchanged on failure");

        OpticalLineSystem line;
        FibreSpan bad;
        bad.lengthKm = -5;
        NS_TEST_ASSERT_MSG_EQ(line.AddSpan(bad, error), false, "negative length");
        NS_TEST_ASSERT_MSG_NE(error.find("-5"), std::string::npos, error);
        FibreSpan far;
        far.lengthKm = 200;
        NS_TEST_ASSERT_MSG_EQ(line.AddSpan(far, error), false, "beyond reach");
        NS_TEST_ASSERT_MSG_NE(error.find("beyond the amplifier's reach of 28"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(line.GetSpans().size(), 0, "nothing added");
    }
};

/// SNR over time: determinism, fluctuations against spectral width, events, traces.
class SnrSeriesTestCase : public TestCase
{
  public:
    SnrSeriesTestCase()
        : TestCase("SNR series: same streams same series; fluctuations twice as large at twice "
                   "the width; degradations and cuts at their rates; CSV traces and their errors")
    {
    }

  private:
    /// \return a series generator with only the given effects
    static Ptr<SnrTimeSeries> Make(double widthGhz, double degradationRate, double cutRate)
    {
        Ptr<SnrTimeSeries> s = CreateObject<SnrTimeSeries>();
        s->SetAttribute("DriftSigmaDb", DoubleValue(0));
        s->SetAttribute("SpectralWidthGhz", DoubleValue(widthGhz));
        s->SetAttribute("DegradationRate", DoubleValue(degradationRate));
        s->SetAttribute("DegradationDepthDb", DoubleValue(3));
        s->SetAttribute("CutRate", DoubleValue(cutRate));
        s->AssignStreams(11);
        return s;
    }

    void DoRun() override
    {
        Ptr<SnrTimeSeries> a = CreateObject<SnrTimeSeries>();
        Ptr<SnrTimeSeries> b = CreateObject<SnrTimeSeries>();
        a->AssignStreams(5);
        b->AssignStreams(5);
        const auto sa = a->Generate(Days(30));
        const auto sb = b->Generate(Days(30));
        NS_TEST_ASSERT_MSG_EQ(sa.size(), 30 * 96 + 1, "15-minute samples");
        bool same = true;
        for (std::size_t i = 0; i < sa.size(); ++i)
        {
            same = same && sa[i].snrDb == sb[i].snrDb && sa[i].dark == sb[i].dark;
        }
        NS_TEST_ASSERT_MSG_EQ(same, true, "deterministic");
        // Fluctuations only: mean 18 dB, standard deviation 0.1 dB at 50 GHz, 0.2 at 100.
        double sd[2] = {0, 0};
        for (int w = 0; w < 2; ++w)
        {
            const auto series = Make(w == 0 ? 50 : 100, 0, 0)->Generate(Days(200));
            double sum = 0;
            double sq = 0;
            for (const auto& x : series)
            {
                sum += x.snrDb;
                sq += x.snrDb * x.snrDb;
            }
            const double mean = sum / series.size();
            sd[w] = std::sqrt(sq / series.size() - mean * mean);
            NS_TEST_ASSERT_MSG_EQ_TOL(mean, 18, 0.01, "baseline");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(sd[0], 0.1, 0.005, "50 GHz");
        NS_TEST_ASSERT_MSG_EQ_TOL(sd[1] / sd[0], 2.0, 0.1, "twice the width, twice the size");
        // Degradations (1 a day, 2 h, 3 dB on average): the mean drops by about 1 x 2/24 x 3.
        const auto degraded = Make(50, 1, 0)->Generate(Days(1000));
        double sum = 0;
        for (const auto& x : degraded)
        {
            sum += x.snrDb;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(18 - sum / degraded.size(), 0.25, 0.04, "degradations");
        // Cuts (12 a year, 8 h): dark 12 x 8 / 8760 of the time.
        const auto cut = Make(50, 0, 12)->Generate(Days(3650));
        double dark = 0;
        for (const auto& x : cut)
        {
            dark += x.dark ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(dark / cut.size(), 12 * 8.0 / 8760, 0.003, "cuts");
        // Traces.
        const std::string file = CreateTempDirFilename("snr.csv");
        {
            std::ofstream out(file);
            out << "time_s,snr_db\n0,17.5\n900,dark\n1800, 16.25\n";
        }
        std::vector<SnrTimeSeries::Sample> trace;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(SnrTimeSeries::LoadCsv(file, trace, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(trace.size(), 3, "three samples");
        NS_TEST_ASSERT_MSG_EQ(trace[1].dark, true, "loss of light");
        NS_TEST_ASSERT_MSG_EQ_TOL(trace[2].snrDb, 16.25, 1e-12, "value");
        {
            std::ofstream out(file);
            out << "time_s,snr_db\n0,17.5\n900,abc\n";
        }
        NS_TEST_ASSERT_MSG_EQ(SnrTimeSeries::LoadCsv(file, trace, error), false, "bad SNR");
        NS_TEST_ASSERT_MSG_NE(error.find(":3: SNR 'abc'"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(trace.size(), 3, "unchanged on failure");
        {
            std::ofstream out(file);
            out << "0,17.5\n0,17\n";
        }
        NS_TEST_ASSERT_MSG_EQ(SnrTimeSeries::LoadCsv(file, trace, error), false, "time order");
        NS_TEST_ASSERT_MSG_NE(error.find(":2: time 0 does not follow"), std::string::npos, error);
    }
};

/// The suite.
class OpticalLineTestSuite : public TestSuite
{
  public:
    OpticalLineTestSuite()
        : TestSuite("optical-wan-line", SUITE_UNIT)
    {
        AddTestCase(new OsnrTestCase, TEST_QUICK);
        AddTestCase(new NliTestCase, TEST_QUICK);
        AddTestCase(new ModesTestCase, TEST_QUICK);
        AddTestCase(new SnrSeriesTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static OpticalLineTestSuite g_opticalLineTestSuite;

} // namespace
