/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-line-system.h"

#include "ns3/optical-util.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

namespace
{
/// Planck's constant (J s).
constexpr double PLANCK = 6.62607015e-34;
/// Speed of light in vacuum (m/s).
constexpr double LIGHT_SPEED = 299792458.0;
/// dB/km to 1/km of power attenuation.
constexpr double DB_PER_NEPER = 4.342944819;

using optical::ToDb;

/// \return dBm in W
double
DbmToW(double dbm)
{
    return 1e-3 * std::pow(10.0, dbm / 10.0);
}

using optical::Num;

/// \return true if \p v is finite and within [lo, hi]
bool
Within(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}
} // namespace

double
FibreSpan::GetLossDb() const
{
    return lengthKm * lossDbPerKm + connectorLossDb;
}

double
FibreSpan::GetGainDb() const
{
    return amplifierGainDb < 0 ? GetLossDb() : amplifierGainDb;
}

bool
OpticalChannel::Check(std::string& error) const
{
    std::string what;
    if (!(Within(baudGbd, 0, 1000) && baudGbd > 0))
    {
        what = "baud rate " + Num(baudGbd) + " GBd (allowed: above 0, up to 1000)";
    }
    else if (!(Within(spacingGhz, 0, 10000) && spacingGhz > 0))
    {
        what = "spacing " + Num(spacingGhz) + " GHz (allowed: above 0, up to 10000)";
    }
    else if (channels < 1 || channels > MAX_CHANNELS)
    {
        what = std::to_string(channels) + " channels (allowed: 1 to " +
               std::to_string(MAX_CHANNELS) + ")";
    }
    else if (channels * spacingGhz > 50000)
    {
        what = std::to_string(channels) + " channels every " + Num(spacingGhz) +
               " GHz occupy more than 50 THz";
    }
    else if (position != CENTRE && position >= channels)
    {
        what = "position " + std::to_string(position) + " outside a comb of " +
               std::to_string(channels) + " channels";
    }
    else if (!Within(launchPowerDbm, -50, 40))
    {
        what = "launch power " + Num(launchPowerDbm) + " dBm (allowed: -50 to 40)";
    }
    else if (!Within(frequencyThz, 150, 250))
    {
        what = "frequency " + Num(frequencyThz) + " THz (allowed: 150 to 250)";
    }
    if (what.empty())
    {
        return true;
    }
    error = "optical channel: " + what;
    return false;
}

bool
OpticalLineSystem::AddSpan(const FibreSpan& span, std::string& error, double maxSpanLossDb)
{
    const std::string which = "span " + std::to_string(m_spans.size());
    std::string what;
    if (!Within(span.lengthKm, 0, MAX_SPAN_KM))
    {
        what = "length " + Num(span.lengthKm) + " km (allowed: 0 to " + Num(MAX_SPAN_KM) + ")";
    }
    else if (!(Within(span.lossDbPerKm, 0, 10) && span.lossDbPerKm > 0))
    {
        what = "attenuation " + Num(span.lossDbPerKm) + " dB/km (allowed: above 0, up to 10)";
    }
    else if (!Within(span.connectorLossDb, 0, 30))
    {
        what = "connector loss " + Num(span.connectorLossDb) + " dB (allowed: 0 to 30)";
    }
    else if (!Within(span.gamma, 0, 100))
    {
        what = "gamma " + Num(span.gamma) + " /W/km (allowed: 0 to 100)";
    }
    else if (!Within(std::fabs(span.beta2PsSqPerKm), 0.1, 200))
    {
        what = "beta2 " + Num(span.beta2PsSqPerKm) + " ps^2/km (allowed: |beta2| 0.1 to 200)";
    }
    else if (!(std::isfinite(span.amplifierGainDb) && span.amplifierGainDb <= 50))
    {
        what = "amplifier gain " + Num(span.amplifierGainDb) +
               " dB (allowed: up to 50; negative: the span's loss)";
    }
    else if (!Within(span.noiseFigureDb, 0, 20))
    {
        what = "noise figure " + Num(span.noiseFigureDb) + " dB (allowed: 0 to 20)";
    }
    else if (span.GetLossDb() > maxSpanLossDb)
    {
        what = "of " + Num(span.lengthKm) + " km loses " + Num(span.GetLossDb()) +
               " dB, beyond the amplifier's reach of " + Num(maxSpanLossDb) + " dB";
    }
    else if (m_spans.size() >= MAX_SPANS)
    {
        what = "one more than the " + std::to_string(MAX_SPANS) + " spans a line may have";
    }
    if (!what.empty())
    {
        error = which + ": " + what;
        return false;
    }
    m_spans.push_back(span);
    return true;
}

double
OpticalLineSystem::SpanCount(double lengthKm, double maxSpanKm)
{
    return std::max(1.0, std::ceil(lengthKm / maxSpanKm - 1e-9));
}

bool
OpticalLineSystem::Build(double lengthKm,
                         const FibreSpan& span,
                         double maxSpanKm,
                         OpticalLineSystem& line,
                         std::string& error)
{
    if (!(Within(lengthKm, 0, MAX_LINE_KM) && lengthKm > 0))
    {
        error = "line length " + Num(lengthKm) + " km (allowed: above 0, up to " +
                Num(MAX_LINE_KM) + ")";
        return false;
    }
    if (!(Within(maxSpanKm, 0, MAX_SPAN_KM) && maxSpanKm > 0))
    {
        error = "amplifier spacing " + Num(maxSpanKm) + " km (allowed: above 0, up to " +
                Num(MAX_SPAN_KM) + ")";
        return false;
    }
    const double spans = SpanCount(lengthKm, maxSpanKm);
    if (spans > MAX_SPANS)
    {
        error = "a line of " + Num(lengthKm) + " km at most " + Num(maxSpanKm) +
                " km apart needs " + Num(spans) + " spans (allowed: up to " +
                std::to_string(MAX_SPANS) + ")";
        return false;
    }
    const auto n = static_cast<uint32_t>(spans);
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
    if (!channel.Check(error))
    {
        return false;
    }
    if (!Within(transmitterOsnrDb, 0, 100))
    {
        error = "transmitter OSNR " + Num(transmitterOsnrDb) + " dB (allowed: 0 to 100)";
        return false;
    }
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
OpticalLineSystem::SpanNliPsdPerCubicWatt(const FibreSpan& s, const OpticalChannel& channel)
{
    const double alpha = s.lossDbPerKm / DB_PER_NEPER; // 1/km
    if (!(alpha > 0) || s.lengthKm <= 0 || s.gamma <= 0)
    {
        return 0;
    }
    const double leff = (1.0 - std::exp(-alpha * s.lengthKm)) / alpha; // km
    const double leffa = 1.0 / alpha;                                  // km
    const double beta2 = std::fabs(s.beta2PsSqPerKm) * 1e-24;          // s^2/km
    const double bch = channel.baudGbd * 1e9;                          // Hz
    const double g = 1.0 / bch; // PSD of 1 W in the channel (1/Hz)
    // (8 / 27 pi) gamma^2 L_eff^2 / (|beta2| L_eff,a): 1 / (W^2 s^2).
    const double factor = 8.0 / (27.0 * M_PI) * s.gamma * s.gamma * leff * leff / (beta2 * leffa);
    const double x = M_PI * M_PI * beta2 * leffa; // s^2
    if (channel.nliModel == OpticalChannel::COMB)
    {
        const double btot = channel.channels * channel.spacingGhz * 1e9;
        return factor * g * g * g * std::asinh(0.5 * x * btot * btot);
    }
    // Channel by channel: the self-channel term, then each neighbour at distance d spacings
    // (on one side or both).
    const uint32_t n = channel.channels;
    const uint32_t p = channel.position == OpticalChannel::CENTRE ? n / 2 : channel.position;
    double psi = std::asinh(0.5 * x * bch * bch);
    const double df = channel.spacingGhz * 1e9;
    for (uint32_t d = 1; d < n; ++d)
    {
        const uint32_t count = (d <= p ? 1 : 0) + (d <= n - 1 - p ? 1 : 0);
        if (count == 0)
        {
            break;
        }
        psi += count * (std::asinh(x * bch * (d * df + 0.5 * bch)) -
                        std::asinh(x * bch * (d * df - 0.5 * bch)));
    }
    return factor * g * g * g * psi;
}

OpticalLineSystem::EndPowers
OpticalLineSystem::Propagate(const OpticalChannel& channel, double aseBandwidthHz) const
{
    const double hnu = PLANCK * channel.frequencyThz * 1e12;
    const double bch = channel.baudGbd * 1e9;
    EndPowers e;
    e.signal = DbmToW(channel.launchPowerDbm);
    for (const auto& s : m_spans)
    {
        // NLI arises in the fibre at the span's input power (every channel at the same
        // power); connectors and splices count at the span's end.
        e.nli += SpanNliPsdPerCubicWatt(s, channel) * e.signal * e.signal * e.signal * bch;
        const double loss = std::pow(10.0, -s.GetLossDb() / 10.0);
        e.signal *= loss;
        e.ase *= loss;
        e.nli *= loss;
        // The amplifier: ASE NF h nu B at its input, then its gain on everything.
        e.ase += std::pow(10.0, s.noiseFigureDb / 10.0) * hnu * aseBandwidthHz;
        const double gain = std::pow(10.0, s.GetGainDb() / 10.0);
        e.signal *= gain;
        e.ase *= gain;
        e.nli *= gain;
    }
    return e;
}

double
OpticalLineSystem::GetAsePowerW(const OpticalChannel& channel, double bandwidthHz) const
{
    return Propagate(channel, bandwidthHz).ase;
}

double
OpticalLineSystem::GetNliPsd(const OpticalChannel& channel) const
{
    const double bch = channel.baudGbd * 1e9;
    return Propagate(channel, bch).nli / bch;
}

double
OpticalLineSystem::GetSignalPowerW(const OpticalChannel& channel) const
{
    return Propagate(channel, REFERENCE_BANDWIDTH_HZ).signal;
}

double
OpticalLineSystem::GetOsnrDb(const OpticalChannel& channel) const
{
    const EndPowers e = Propagate(channel, REFERENCE_BANDWIDTH_HZ);
    return ToDb(e.signal / e.ase);
}

double
OpticalLineSystem::GetGsnrDb(const OpticalChannel& channel, bool nli) const
{
    const EndPowers e = Propagate(channel, channel.baudGbd * 1e9);
    return ToDb(e.signal / (e.ase + (nli ? e.nli : 0.0)));
}

double
OpticalLineSystem::GetGsnr01nmDb(const OpticalChannel& channel) const
{
    return GetGsnrDb(channel, true) + ToDb(channel.baudGbd * 1e9 / REFERENCE_BANDWIDTH_HZ);
}

double
OpticalLineSystem::GetOptimalLaunchDbm(const OpticalChannel& channel) const
{
    // At 1 mW per channel: NLI = eta (1 mW)^3; the ASE does not depend on the launch power.
    OpticalChannel ch = channel;
    ch.launchPowerDbm = 0;
    const EndPowers e = Propagate(ch, ch.baudGbd * 1e9);
    if (!(e.nli > 0))
    {
        return 40; // no NLI: the loudest launch power a channel may have
    }
    const double eta = e.nli / 1e-9; // W / W^3
    const double popt = std::cbrt(e.ase / (2 * eta));
    // Within the launch powers a channel may have (OpticalChannel::Check()).
    return std::min(40.0, std::max(-50.0, ToDb(popt / 1e-3)));
}

double
OpticalLineSystem::GammaFromEffectiveArea(double effectiveAreaUm2, double frequencyThz)
{
    return 2 * M_PI * SILICA_N2 * frequencyThz * 1e12 / (LIGHT_SPEED * effectiveAreaUm2 * 1e-12) *
           1e3;
}

double
OpticalLineSystem::Beta2FromDispersion(double dispersionPsPerNmKm, double frequencyThz)
{
    const double lambda = LIGHT_SPEED / (frequencyThz * 1e12); // m
    const double beta2 =
        -dispersionPsPerNmKm * 1e-6 * lambda * lambda / (2 * M_PI * LIGHT_SPEED); // s^2/m
    return beta2 * 1e27;                                                          // ps^2/km
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
