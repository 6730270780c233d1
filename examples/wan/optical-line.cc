/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * The physical layer of one optical line: --spans equal fibre spans, each ended by an EDFA,
 * carrying --channels channels of --baud every --spacing GHz at --launchDbm each.
 *
 *     Tx --[ fibre --spanKm ]-- EDFA --[ fibre ]-- EDFA ... (--spans times) -- Rx
 *
 * The centre channel's generalised SNR comes from OpticalLineSystem: ASE of the amplifiers,
 * nonlinear interference of the closed-form GN model (--nliModel: per-channel, the default and
 * what GNPy computes, or the gap-free comb), and the transmitter's own noise (--txOsnrDb).
 * Prints, as "name: value" lines:
 *
 * - gsnr-db: the GSNR in 0.1 nm (12.5 GHz), transmitter included, what a transceiver mode's
 *   required OSNR is compared with;
 * - gsnr-signal-db: the same in the signal bandwidth (the baud rate);
 * - osnr-ase-db: the line's OSNR in 0.1 nm from ASE alone (58 + P - loss - NF - 10 log10 N);
 * - nli-over-ase: NLI power over ASE power at the launch power (0.5 at the optimum);
 * - optimal-launch-dbm: the launch power that maximises the line's GSNR, and
 *   gsnr-optimal-db, the GSNR in 0.1 nm there (transmitter included).
 */

#include "ns3/core-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"

#include <cmath>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t spans = 10;
    double spanKm = 80;
    double lossDbPerKm = 0.2;
    double gainDb = 0;
    double noiseFigureDb = 5.5;
    double dispersion = 16.7;
    double effectiveArea = 83;
    double launchDbm = 0;
    uint32_t channels = 80;
    double spacingGhz = 50;
    double baudGbd = 32;
    double txOsnrDb = 40;
    std::string nliModel = "per-channel";

    OpticalExperiment exp("optical-line",
                          "GSNR of one amplified optical line (ASE + GN-model NLI + transmitter)");
    exp.AddCount("spans",
                 "Fibre spans, each ended by an amplifier",
                 spans,
                 1,
                 OpticalLineSystem::MAX_SPANS);
    exp.AddReal("spanKm",
                "Length of each span (GNPy: up to 150 km)",
                spanKm,
                OpticalBounds::Above(0).AtMost(OpticalLineSystem::MAX_SPAN_KM),
                "km");
    exp.AddReal("lossDbPerKm",
                "Fibre attenuation (SSMF: 0.2)",
                lossDbPerKm,
                OpticalBounds::Above(0).AtMost(10),
                "dB/km");
    exp.AddReal("gainDb",
                "Amplifier gain; 0: each amplifier makes up its span's loss exactly",
                gainDb,
                OpticalBounds::Between(0, 50),
                "dB");
    exp.AddReal("noiseFigureDb",
                "Amplifier noise figure (EDFA: 5 to 10)",
                noiseFigureDb,
                OpticalBounds::Between(0, 20),
                "dB");
    exp.AddReal("dispersion",
                "Chromatic dispersion D at 1550 nm (SSMF: 16.7; the GN model needs |D| of at "
                "least about 0.1)",
                dispersion,
                OpticalBounds::Between(0.1, 100),
                "ps/nm/km");
    exp.AddReal("effectiveArea",
                "Effective area (SSMF: 80 to 85); gamma = 2 pi n2 / (lambda A_eff), n2 = "
                "2.6e-20 m^2/W",
                effectiveArea,
                OpticalBounds::Between(10, 500),
                "um^2");
    exp.AddReal("launchDbm",
                "Launch power per channel",
                launchDbm,
                OpticalBounds::Between(-30, 30),
                "dBm");
    exp.AddCount("channels",
                 "Channels on the line (the centre one is reported)",
                 channels,
                 1,
                 OpticalChannel::MAX_CHANNELS);
    exp.AddReal("spacing",
                "Channel spacing (slot width)",
                spacingGhz,
                OpticalBounds::Above(0).AtMost(1000),
                "GHz");
    exp.AddReal("baud",
                "Symbol rate (signal bandwidth)",
                baudGbd,
                OpticalBounds::Above(0).AtMost(500),
                "GBd");
    exp.AddReal("txOsnrDb",
                "Transmitter OSNR in 0.1 nm (GNPy: 33 to 40)",
                txOsnrDb,
                OpticalBounds::Between(10, 100),
                "dB");
    exp.AddEnum("nliModel",
                "Nonlinear interference: per-channel (GN model channel by channel) or comb (one "
                "gap-free band, overstates NLI)",
                nliModel,
                {"per-channel", "comb"});
    exp.Parse(argc, argv);

    const double frequencyThz = 193.41;
    FibreSpan span;
    span.lengthKm = spanKm;
    span.lossDbPerKm = lossDbPerKm;
    span.amplifierGainDb = gainDb > 0 ? gainDb : -1;
    span.noiseFigureDb = noiseFigureDb;
    span.gamma = OpticalLineSystem::GammaFromEffectiveArea(effectiveArea, frequencyThz);
    span.beta2PsSqPerKm = OpticalLineSystem::Beta2FromDispersion(dispersion, frequencyThz);
    OpticalLineSystem line;
    std::string error;
    for (uint32_t i = 0; i < spans && error.empty(); ++i)
    {
        line.AddSpan(span, error);
    }
    exp.Require(error.empty(), "spanKm", error);
    OpticalChannel ch;
    ch.frequencyThz = frequencyThz;
    ch.baudGbd = baudGbd;
    ch.spacingGhz = spacingGhz;
    ch.channels = channels;
    ch.launchPowerDbm = launchDbm;
    ch.nliModel = nliModel == "comb" ? OpticalChannel::COMB : OpticalChannel::PER_CHANNEL;
    exp.Require(ch.Check(error), "channels", error);
    exp.Require(spacingGhz >= baudGbd,
                "spacing",
                "must be at least --baud: overlapping channels are outside the GN model");
    exp.Start();

    const double bch = baudGbd * 1e9;
    const double txSnrDb = OpticalLineSystem::OsnrToSnrDb(txOsnrDb, baudGbd);
    const double bandwidthDb = 10 * std::log10(bch / OpticalLineSystem::REFERENCE_BANDWIDTH_HZ);
    const double gsnrSignalDb = OpticalLineSystem::CombineDb({line.GetGsnrDb(ch), txSnrDb});
    const double nliOverAse = line.GetNliPsd(ch) * bch / line.GetAsePowerW(ch, bch);
    const double optimalDbm = line.GetOptimalLaunchDbm(ch);
    exp.Metric("gsnr-db", gsnrSignalDb + bandwidthDb, "dB");
    exp.Metric("gsnr-signal-db", gsnrSignalDb, "dB");
    exp.Metric("osnr-ase-db", line.GetOsnrDb(ch), "dB");
    exp.Metric("nli-over-ase", nliOverAse, "");
    exp.Metric("optimal-launch-dbm", optimalDbm, "dBm");
    exp.Metric("gsnr-optimal-db",
               OpticalLineSystem::CombineDb({line.GetOptimalGsnrDb(ch), txSnrDb}) + bandwidthDb,
               "dB");
    return exp.Finish();
}
