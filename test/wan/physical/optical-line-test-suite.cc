/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The optical WAN's physical layer: ASE and GN-model NLI over amplified spans, SNR of paths,
// transceiver modes.

#include "../../common/optical-test-compat.h"

#include "ns3/double.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>

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
        : TestCase("GN model, comb option: NLI of a 100 km span by hand (1.74 uW in 32 GHz), "
                   "GSNR 24.95 dB; at the optimal launch power NLI is half the ASE")
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
        ch.nliModel = OpticalChannel::COMB;
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
        NS_TEST_ASSERT_MSG_NE(error.find("length -5 km (allowed: 0 to 1000)"),
                              std::string::npos,
                              error);
        FibreSpan far;
        far.lengthKm = 200;
        NS_TEST_ASSERT_MSG_EQ(line.AddSpan(far, error), false, "beyond reach");
        NS_TEST_ASSERT_MSG_NE(error.find("beyond the amplifier's reach of 28"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(line.GetSpans().size(), 0, "nothing added");
    }
};

/// Path of the GNPy reference table.
std::string
GnpyTable()
{
#ifdef OPTICAL_SOURCE_DIR
    return std::string(OPTICAL_SOURCE_DIR) + "/test/wan/data/gnpy-gn-reference.csv";
#else
    return OpticalDataFile::GetDataDirectory() + "/../test/wan/data/gnpy-gn-reference.csv";
#endif
}

/// GSNR, signal, ASE and NLI of the per-channel GN model against GNPy v2.9's.
class GnpyTestCase : public TestCase
{
  public:
    GnpyTestCase()
        : TestCase("per-channel GN model against GNPy v2.9 (gn_model_analytic): 1 to 20 spans, "
                   "1 to 96 channels at 50 and 100 GHz, -6 to +4 dBm, within 0.01 dB")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<OpticalDataFile::Row> rows;
        std::string error;
        const std::vector<std::string> columns = {"spans",
                                                  "span-km",
                                                  "loss-db-per-km",
                                                  "connector-db",
                                                  "gain-db",
                                                  "noise-figure-db",
                                                  "dispersion-ps-nm-km",
                                                  "effective-area-um2",
                                                  "launch-dbm",
                                                  "channels",
                                                  "spacing-ghz",
                                                  "baud-gbd",
                                                  "signal-dbm",
                                                  "ase-dbm",
                                                  "nli-dbm",
                                                  "gsnr-db"};
        NS_TEST_ASSERT_MSG_EQ(OpticalDataFile::ReadCsv(GnpyTable(), columns, {}, rows, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_GT(rows.size(), 100, "the whole table");
        // Tolerance 0.01 dB: both evaluate the same closed form with the same constants (h, c,
        // n2), the table keeps six decimals, and a wrong constant or term moves a value by more
        // (gamma 1.3 instead of GNPy's 1.27: 0.2 dB of NLI; the comb model: 0.5 to 2.4 dB).
        // GNPy's channel under test sits at its reference frequency, c / 1550 nm, where its
        // gamma (from n2 and the effective area) and beta2 (from D) take the values given.
        const double f = 299792458.0 / 1550e-9 / 1e12;
        double worst = 0;
        for (const auto& row : rows)
        {
            std::map<std::string, double> v;
            for (const auto& c : columns)
            {
                NS_TEST_ASSERT_MSG_EQ(OpticalDataFile::ParseDouble(row.at(c), v[c]), true, c);
            }
            FibreSpan span;
            span.lengthKm = v["span-km"];
            span.lossDbPerKm = v["loss-db-per-km"];
            span.connectorLossDb = v["connector-db"];
            span.amplifierGainDb = v["gain-db"];
            span.noiseFigureDb = v["noise-figure-db"];
            span.gamma = OpticalLineSystem::GammaFromEffectiveArea(v["effective-area-um2"], f);
            span.beta2PsSqPerKm =
                OpticalLineSystem::Beta2FromDispersion(v["dispersion-ps-nm-km"], f);
            OpticalLineSystem line;
            for (int i = 0; i < static_cast<int>(v["spans"]); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(line.AddSpan(span, error), true, error);
            }
            OpticalChannel ch;
            ch.frequencyThz = f;
            ch.launchPowerDbm = v["launch-dbm"];
            ch.channels = static_cast<uint32_t>(v["channels"]);
            ch.spacingGhz = v["spacing-ghz"];
            ch.baudGbd = v["baud-gbd"];
            NS_TEST_ASSERT_MSG_EQ(ch.Check(error), true, error);
            const double b = ch.baudGbd * 1e9;
            const std::string what = std::to_string(static_cast<int>(v["spans"])) + " spans, " +
                                     std::to_string(ch.channels) + " channels at " +
                                     std::to_string(ch.launchPowerDbm) + " dBm";
            const double dbm = 1e3;
            NS_TEST_ASSERT_MSG_EQ_TOL(10 * std::log10(line.GetSignalPowerW(ch) * dbm),
                                      v["signal-dbm"],
                                      0.01,
                                      "signal, " << what);
            NS_TEST_ASSERT_MSG_EQ_TOL(10 * std::log10(line.GetAsePowerW(ch, b) * dbm),
                                      v["ase-dbm"],
                                      0.01,
                                      "ASE, " << what);
            NS_TEST_ASSERT_MSG_EQ_TOL(10 * std::log10(line.GetNliPsd(ch) * b * dbm),
                                      v["nli-dbm"],
                                      0.01,
                                      "NLI, " << what);
            NS_TEST_ASSERT_MSG_EQ_TOL(line.GetGsnrDb(ch), v["gsnr-db"], 0.01, "GSNR, " << what);
            worst = std::max(worst, std::fabs(line.GetGsnrDb(ch) - v["gsnr-db"]));
        }
        std::cout << "largest GSNR difference to GNPy: " << worst << " dB over " << rows.size()
                  << " lines" << std::endl;
    }
};

/// The per-channel sum against its limits, the comb, and the positions in the comb.
class PerChannelTestCase : public TestCase
{
  public:
    PerChannelTestCase()
        : TestCase("per-channel NLI: one channel is its self-channel term, a Nyquist comb "
                   "approaches the comb formula, edge channels mirror each other, the comb "
                   "formula overstates 80 x 32 GBd at 50 GHz by about 2 dB")
    {
    }

  private:
    void DoRun() override
    {
        const OpticalLineSystem line = Line(1, 100, 5.5);
        // One channel whose slot is its bandwidth: both models are the self-channel term.
        OpticalChannel one;
        one.channels = 1;
        one.spacingGhz = 32;
        OpticalChannel oneComb = one;
        oneComb.nliModel = OpticalChannel::COMB;
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetNliPsd(one) / line.GetNliPsd(oneComb),
                                  1.0,
                                  1e-12,
                                  "self-channel");
        // By hand, the self-channel term alone: (8 / 27 pi) gamma^2 L_eff^2 G^3
        // asinh((pi^2 / 2) |beta2| L_eff,a B^2) / (|beta2| L_eff,a), G = 1 mW / 32 GHz.
        const double x = 0.5 * M_PI * M_PI * 21.3e-24 * 21.7147 * 32e9 * 32e9;
        const double alpha = 0.2 / 4.342944819;
        const double leff = (1 - std::exp(-alpha * 100)) / alpha;
        const double hand = 8 / (27 * M_PI) * 1.3 * 1.3 * leff * leff / (21.3e-24 * (1 / alpha)) *
                            std::pow(1e-3 / 32e9, 3) * std::asinh(x);
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetNliPsd(one) / hand, 1.0, 1e-3, "by hand");
        // A Nyquist comb (spacing = baud): the per-channel sum telescopes to 2 asinh(a (K + 1/2))
        // - asinh(a / 2), within a few percent of the comb's asinh(a (2K + 1)^2 / 2).
        OpticalChannel nyquist;
        nyquist.channels = 81;
        nyquist.spacingGhz = 32;
        OpticalChannel nyquistComb = nyquist;
        nyquistComb.nliModel = OpticalChannel::COMB;
        const double ratioDb =
            10 * std::log10(line.GetNliPsd(nyquistComb) / line.GetNliPsd(nyquist));
        NS_TEST_ASSERT_MSG_EQ_TOL(ratioDb, 0.0, 0.1, "Nyquist comb");
        // Edges mirror each other and see less NLI than the centre.
        OpticalChannel low;
        low.channels = 80;
        low.position = 0;
        OpticalChannel high = low;
        high.position = 79;
        OpticalChannel centre = low;
        centre.position = OpticalChannel::CENTRE;
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetNliPsd(low) / line.GetNliPsd(high), 1.0, 1e-12, "mirror");
        NS_TEST_ASSERT_MSG_GT(line.GetNliPsd(centre), 1.2 * line.GetNliPsd(low), "centre");
        // The comb fills the 18 GHz gaps: about 2 dB more NLI (GNPy's table holds the exact
        // per-channel numbers).
        OpticalChannel comb = centre;
        comb.nliModel = OpticalChannel::COMB;
        const double overDb = 10 * std::log10(line.GetNliPsd(comb) / line.GetNliPsd(centre));
        NS_TEST_ASSERT_MSG_EQ_TOL(overDb, 2.0, 0.2, "comb overstates");
        // The optimum of the per-channel model: NLI = ASE / 2 exactly, and higher than the
        // comb's by a third of the NLI difference (P_opt ~ NLI^(-1/3)).
        OpticalChannel best = centre;
        best.launchPowerDbm = line.GetOptimalLaunchDbm(centre);
        const double b = best.baudGbd * 1e9;
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetNliPsd(best) * b / line.GetAsePowerW(best, b),
                                  0.5,
                                  1e-9,
                                  "NLI half the ASE");
        NS_TEST_ASSERT_MSG_EQ_TOL(best.launchPowerDbm - line.GetOptimalLaunchDbm(comb),
                                  overDb / 3,
                                  1e-9,
                                  "optimum moves by a third");
        for (double d : {-0.5, 0.5})
        {
            OpticalChannel near = best;
            near.launchPowerDbm += d;
            NS_TEST_ASSERT_MSG_GT(line.GetGsnrDb(best), line.GetGsnrDb(near), "a maximum");
        }
    }
};

/// Lengths, span counts and channels out of range are refused with their range.
class BoundsTestCase : public TestCase
{
  public:
    BoundsTestCase()
        : TestCase("lines beyond 40,000 km or 1000 spans, spans out of range, channels out of "
                   "range: refused, with the allowed range")
    {
    }

  private:
    void DoRun() override
    {
        FibreSpan span;
        OpticalLineSystem line;
        std::string error;
        // The 1e300 km line whose span count overflowed into a near-perfect link.
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(1e300, span, 80, line, error), false, "");
        NS_TEST_ASSERT_MSG_NE(error.find("allowed: above 0, up to 40000"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(NAN, span, 80, line, error), false, "NaN");
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(INFINITY, span, 80, line, error),
                              false,
                              "infinite");
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(1000, span, 0, line, error), false, "");
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(1000, span, 1e9, line, error), false, "");
        // 40,000 km at 30 km: 1334 spans, more than 1000.
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(40000, span, 30, line, error), false, "");
        NS_TEST_ASSERT_MSG_NE(error.find("needs 1334 spans (allowed: up to 1000)"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(line.GetSpans().size(), 0, "unchanged");
        // The longest line there is: 500 spans of 80 km, the OSNR of the 58 dB rule.
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::Build(40000, span, 80, line, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(line.GetSpans().size(), 500, "spans");
        OpticalChannel ch;
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetOsnrDb(ch),
                                  58 - 16 - 5.5 - 10 * std::log10(500),
                                  0.1,
                                  "");
        double snr = 0;
        NS_TEST_ASSERT_MSG_EQ(OpticalLineSystem::GetLinkSnrDb(1e300, span, 80, 36, ch, snr, error),
                              false,
                              "no near-perfect link");
        // Spans.
        for (void (*bad)(FibreSpan&) : std::initializer_list<void (*)(FibreSpan&)>{
                 [](FibreSpan& s) { s.lengthKm = NAN; },
                 [](FibreSpan& s) { s.lossDbPerKm = 0; },
                 [](FibreSpan& s) { s.noiseFigureDb = 1e9; },
                 [](FibreSpan& s) { s.beta2PsSqPerKm = 0; },
                 [](FibreSpan& s) { s.amplifierGainDb = INFINITY; },
                 [](FibreSpan& s) { s.gamma = -1; }})
        {
            FibreSpan s;
            bad(s);
            OpticalLineSystem l;
            NS_TEST_ASSERT_MSG_EQ(l.AddSpan(s, error), false, "bad span");
            NS_TEST_ASSERT_MSG_NE(error.find("allowed"), std::string::npos, error);
        }
        // Channels.
        for (void (*bad)(OpticalChannel&) : std::initializer_list<void (*)(OpticalChannel&)>{
                 [](OpticalChannel& c) { c.baudGbd = 0; },
                 [](OpticalChannel& c) { c.channels = 0; },
                 [](OpticalChannel& c) { c.channels = 5000; },
                 [](OpticalChannel& c) { c.position = 1; },
                 [](OpticalChannel& c) { c.launchPowerDbm = NAN; },
                 [](OpticalChannel& c) { c.spacingGhz = -50; }})
        {
            OpticalChannel c;
            bad(c);
            NS_TEST_ASSERT_MSG_EQ(c.Check(error), false, "bad channel");
            NS_TEST_ASSERT_MSG_EQ(
                OpticalLineSystem::GetLinkSnrDb(1000, span, 80, 36, c, snr, error),
                false,
                "refused by the link");
        }
    }
};

/// Amplifiers that do not make up the loss: the power drifts, ASE and NLI with it.
class GainTestCase : public TestCase
{
  public:
    GainTestCase()
        : TestCase("gain 1 dB above the loss: the signal grows 1 dB a span, each amplifier's "
                   "ASE by the gain after it; OSNR by hand")
    {
    }

  private:
    void DoRun() override
    {
        FibreSpan span;
        span.amplifierGainDb = 17; // loss 16 dB
        OpticalLineSystem line;
        std::string error;
        for (int i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(line.AddSpan(span, error), true, error);
        }
        OpticalChannel ch;
        NS_TEST_ASSERT_MSG_EQ_TOL(10 * std::log10(line.GetSignalPowerW(ch) / 1e-3),
                                  3.0,
                                  1e-9,
                                  "3 dB up");
        // ASE at the end: NF h nu B x (G, G^2 / L, G^3 / L^2) for the 3rd, 2nd, 1st amplifier.
        const double g = std::pow(10, 1.7);
        const double l = std::pow(10, 1.6);
        const double unit = std::pow(10, 0.55) * 6.62607015e-34 * 193.41e12 * 12.5e9;
        const double ase = unit * (g + g * g / l + g * g * g / (l * l));
        NS_TEST_ASSERT_MSG_EQ_TOL(line.GetOsnrDb(ch),
                                  10 * std::log10(1e-3 * std::pow(10, 0.3) / ase),
                                  1e-9,
                                  "OSNR by hand");
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
        AddTestCase(new GnpyTestCase, TEST_QUICK);
        AddTestCase(new PerChannelTestCase, TEST_QUICK);
        AddTestCase(new BoundsTestCase, TEST_QUICK);
        AddTestCase(new GainTestCase, TEST_QUICK);
        AddTestCase(new ModesTestCase, TEST_QUICK);
        AddTestCase(new SnrSeriesTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static OpticalLineTestSuite g_opticalLineTestSuite;

} // namespace
