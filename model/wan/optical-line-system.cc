/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-line-system.h"

#include <cmath>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>

namespace ns3
{

namespace
{
/// Planck's constant (J s).
constexpr double PLANCK = 6.62607015e-34;
/// dB/km to 1/km of power attenuation.
constexpr double DB_PER_NEPER = 4.342944819;

/// \return a value in dB
double
ToDb(double linear)
{
    return 10.0 * std::log10(linear);
}

/// \return dBm in W
double
DbmToW(double dbm)
{
    return 1e-3 * std::pow(10.0, dbm / 10.0);
}
} // namespace

double
FibreSpan::GetLossDb() const
{
    return lengthKm * lossDbPerKm + connectorLossDb;
}

bool
OpticalLineSystem::AddSpan(const FibreSpan& span, std::string& error, double maxSpanLossDb)
{
    if (span.lengthKm < 0 || span.lossDbPerKm < 0 || span.connectorLossDb < 0 ||
        span.noiseFigureDb < 0 || span.gamma < 0)
    {
        error = "span " + std::to_string(m_spans.size()) +
                ": length, loss, connector loss, gamma and noise figure must not be negative "
                "(length " +
                std::to_string(span.lengthKm) + " km, noise figure " +
                std::to_string(span.noiseFigureDb) + " dB)";
        return false;
    }
    if (span.GetLossDb() > maxSpanLossDb)
    {
        error = "span " + std::to_string(m_spans.size()) + " of " + std::to_string(span.lengthKm) +
                " km loses " + std::to_string(span.GetLossDb()) +
                " dB, beyond the amplifier's reach of " + std::to_string(maxSpanLossDb) + " dB";
        return false;
    }
    m_spans.push_back(span);
    return true;
}

bool
OpticalLineSystem::Build(double lengthKm,
                         const FibreSpan& span,
                         double maxSpanKm,
                         OpticalLineSystem& line,
                         std::string& error)
{
    if (!(lengthKm > 0) || !(maxSpanKm > 0))
    {
        error = "a line needs a positive length and amplifier spacing (length " +
                std::to_string(lengthKm) + " km, spacing " + std::to_string(maxSpanKm) + " km)";
        return false;
    }
    const auto n = static_cast<uint32_t>(std::ceil(lengthKm / maxSpanKm - 1e-9));
    OpticalLineSystem built;
    FibreSpan s = span;
    s.lengthKm = lengthKm / n;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!built.AddSpan(s, error))
        {
            return false;
        }
    }
    line = built;
    return true;
}

bool
OpticalLineSystem::GetLinkSnrDb(double lengthKm,
                                const FibreSpan& span,
                                double maxSpanKm,
                                double transmitterOsnrDb,
                                const OpticalChannel& channel,
                                double& snrDb,
                                std::string& error)
{
    OpticalLineSystem line;
    if (!Build(lengthKm, span, maxSpanKm, line, error))
    {
        return false;
    }
    snrDb = CombineDb(
        {line.GetOptimalGsnrDb(channel), OsnrToSnrDb(transmitterOsnrDb, channel.baudGbd)});
    return true;
}

double
OpticalLineSystem::GetOptimalGsnrDb(OpticalChannel channel) const
{
    channel.launchPowerDbm = GetOptimalLaunchDbm(channel);
    return GetGsnrDb(channel);
}

const std::vector<FibreSpan>&
OpticalLineSystem::GetSpans() const
{
    return m_spans;
}

double
OpticalLineSystem::GetLengthKm() const
{
    double length = 0;
    for (const auto& s : m_spans)
    {
        length += s.lengthKm;
    }
    return length;
}

double
OpticalLineSystem::GetAsePowerW(const OpticalChannel& channel, double bandwidthHz) const
{
    const double hnu = PLANCK * channel.frequencyThz * 1e12;
    double power = 0;
    for (const auto& s : m_spans)
    {
        const double gainDb = s.amplifierGainDb < 0 ? s.GetLossDb() : s.amplifierGainDb;
        power += std::pow(10.0, s.noiseFigureDb / 10.0) * hnu * std::pow(10.0, gainDb / 10.0) *
                 bandwidthHz;
    }
    return power;
}

double
OpticalLineSystem::GetNliPsd(const OpticalChannel& channel) const
{
    const double bch = channel.baudGbd * 1e9;
    const double gch = DbmToW(channel.launchPowerDbm) / bch;
    const double btot = channel.channels * channel.spacingGhz * 1e9;
    double psd = 0;
    for (const auto& s : m_spans)
    {
        const double alpha = s.lossDbPerKm / DB_PER_NEPER; // 1/km
        if (alpha <= 0 || s.lengthKm <= 0 || s.gamma <= 0)
        {
            continue;
        }
        const double leff = (1.0 - std::exp(-alpha * s.lengthKm)) / alpha;
        const double leffa = 1.0 / alpha;
        const double beta2 = std::fabs(s.beta2PsSqPerKm) * 1e-24; // s^2/km
        psd += (8.0 / 27.0) * s.gamma * s.gamma * gch * gch * gch * leff * leff *
               std::asinh(0.5 * M_PI * M_PI * beta2 * leffa * btot * btot) / (M_PI * beta2 * leffa);
    }
    return psd;
}

double
OpticalLineSystem::GetOsnrDb(const OpticalChannel& channel) const
{
    return ToDb(DbmToW(channel.launchPowerDbm) / GetAsePowerW(channel, REFERENCE_BANDWIDTH_HZ));
}

double
OpticalLineSystem::GetGsnrDb(const OpticalChannel& channel, bool nli) const
{
    const double bch = channel.baudGbd * 1e9;
    const double noise = GetAsePowerW(channel, bch) + (nli ? GetNliPsd(channel) * bch : 0.0);
    return ToDb(DbmToW(channel.launchPowerDbm) / noise);
}

double
OpticalLineSystem::GetGsnr01nmDb(const OpticalChannel& channel) const
{
    return GetGsnrDb(channel, true) + ToDb(channel.baudGbd * 1e9 / REFERENCE_BANDWIDTH_HZ);
}

double
OpticalLineSystem::GetOptimalLaunchDbm(const OpticalChannel& channel) const
{
    struct Context
    {
        const OpticalLineSystem* line;
        OpticalChannel channel;
    } context{this, channel};

    gsl_function f;
    f.function = [](double dbm, void* p) {
        auto* c = static_cast<Context*>(p);
        OpticalChannel ch = c->channel;
        ch.launchPowerDbm = dbm;
        return -c->line->GetGsnrDb(ch, true);
    };
    f.params = &context;
    gsl_error_handler_t* old = gsl_set_error_handler_off();
    gsl_min_fminimizer* m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    double lo = -10;
    double hi = 10;
    double x = 0;
    // Brent needs f(x) below both ends: start from the best of a coarse scan.
    double best = f.function(lo, &context);
    for (double p = lo; p <= hi; p += 0.5)
    {
        const double v = f.function(p, &context);
        if (v < best)
        {
            best = v;
            x = p;
        }
    }
    if (x <= lo || x >= hi || gsl_min_fminimizer_set(m, &f, x, lo, hi) != GSL_SUCCESS)
    {
        gsl_min_fminimizer_free(m);
        gsl_set_error_handler(old);
        return x;
    }
    for (int i = 0; i < 100; ++i)
    {
        gsl_min_fminimizer_iterate(m);
        x = gsl_min_fminimizer_x_minimum(m);
        if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(m),
                                  gsl_min_fminimizer_x_upper(m),
                                  1e-6,
                                  0) == GSL_SUCCESS)
        {
            break;
        }
    }
    gsl_min_fminimizer_free(m);
    gsl_set_error_handler(old);
    return x;
}

double
OpticalLineSystem::CombineDb(const std::vector<double>& snrDb)
{
    double inverse = 0;
    for (double s : snrDb)
    {
        inverse += std::pow(10.0, -s / 10.0);
    }
    return inverse > 0 ? -ToDb(inverse) : INFINITY;
}

double
OpticalLineSystem::OsnrToSnrDb(double osnrDb, double baudGbd)
{
    return osnrDb - ToDb(baudGbd * 1e9 / REFERENCE_BANDWIDTH_HZ);
}

} // namespace ns3
