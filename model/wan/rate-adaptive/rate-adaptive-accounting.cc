/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-accounting.h"

#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/optical-statistics.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveAccounting");

double
RateAdaptiveAccounting::Outages::GetFailuresAvoidedPct() const
{
    return staticDownS > 0 ? 100 * (1 - adaptiveDownS / staticDownS) : 0;
}

double
RateAdaptiveAccounting::LitSnrPercentile(const std::vector<SnrTimeSeries::Sample>& samples,
                                         double p)
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
    return optical::Percentile(std::move(lit), p);
}

double
RateAdaptiveAccounting::RateAt(const TransceiverModes& modes, double snrDb)
{
    double rate = 0;
    for (const auto& m : modes.GetModes())
    {
        if (snrDb >= m.snrDb)
        {
            rate = m.rateGbps;
        }
    }
    return rate;
}

RateAdaptiveAccounting::Augmentable
RateAdaptiveAccounting::GetAugmentable(
    const std::vector<std::vector<SnrTimeSeries::Sample>>& series,
    double percentile,
    const TransceiverModes& modes,
    double staticGbps,
    uint32_t wavelengths,
    double thresholdGbps)
{
    Augmentable out;
    for (const auto& s : series)
    {
        const double extra = RateAt(modes, LitSnrPercentile(s, percentile)) - staticGbps;
        out.extraGbps.push_back(extra);
        out.links += extra >= thresholdGbps ? 1 : 0;
        out.gainGbps += std::max(0.0, extra) * wavelengths;
    }
    return out;
}

RateAdaptiveAccounting::Outages
RateAdaptiveAccounting::CompareOutages(
    const std::vector<std::pair<Ptr<RateAdaptiveLink>, Ptr<RateAdaptiveLink>>>& pairs,
    Time length)
{
    for (const auto& [st, ad] : pairs)
    {
        st->Start(length);
        ad->Start(length);
    }
    Simulator::Stop(length);
    Simulator::Run();
    Outages out;
    for (const auto& [st, ad] : pairs)
    {
        const RateAdaptiveLink::Counters s = st->GetCounters();
        const RateAdaptiveLink::Counters a = ad->GetCounters();
        out.staticDownS += (s.downDark + s.downSnr).GetSeconds();
        out.adaptiveDownS += (a.downDark + a.downSnr).GetSeconds();
    }
    Simulator::Destroy();
    return out;
}

RateAdaptiveOutageOverlap::RateAdaptiveOutageOverlap(Ptr<RateAdaptiveLink> a,
                                                     Ptr<RateAdaptiveLink> b)
    : m_a(a),
      m_b(b)
{
    for (auto l : {a, b})
    {
        l->TraceConnectWithoutContext("Capacity",
                                      MakeCallback(&RateAdaptiveOutageOverlap::Changed, this));
    }
}

Time
RateAdaptiveOutageOverlap::Get()
{
    Changed(0, 0);
    return m_total;
}

void
RateAdaptiveOutageOverlap::Changed(double, double)
{
    const Time now = Simulator::Now();
    if (m_inside)
    {
        m_total += now - m_since;
    }
    m_since = now;
    m_inside = !m_a->IsUp() && m_b->IsUp();
}

} // namespace ns3
