/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bandwidth-log.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-statistics.h"
#include "ns3/optical-units.h"

#include <algorithm>
#include <gsl/gsl_statistics_double.h>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BandwidthLog");

FineBandwidthLog::FineBandwidthLog()
    : m_step(Seconds(1))
{
}

FineBandwidthLog::FineBandwidthLog(Time step, std::vector<std::string> names, uint32_t links)
    : m_step(step),
      m_names(std::move(names)),
      m_links(links),
      m_values(m_names.size())
{
    NS_ABORT_MSG_IF(!step.IsStrictlyPositive(), "FineBandwidthLog: step " << step << " <= 0");
    NS_ABORT_MSG_IF(links > m_names.size(), "FineBandwidthLog: more links than series");
}

void
FineBandwidthLog::Append(const std::vector<double>& gbps)
{
    NS_ABORT_MSG_IF(gbps.size() != m_values.size(),
                    "FineBandwidthLog::Append: " << gbps.size() << " values for " << m_values.size()
                                                 << " series");
    for (std::size_t s = 0; s < gbps.size(); ++s)
    {
        m_values[s].push_back(static_cast<float>(gbps[s]));
    }
}

Time
FineBandwidthLog::GetStep() const
{
    return m_step;
}

uint32_t
FineBandwidthLog::GetNSeries() const
{
    return static_cast<uint32_t>(m_names.size());
}

uint32_t
FineBandwidthLog::GetNLinks() const
{
    return m_links;
}

uint32_t
FineBandwidthLog::GetNSamples() const
{
    return m_values.empty() ? 0 : static_cast<uint32_t>(m_values[0].size());
}

const std::vector<std::string>&
FineBandwidthLog::GetNames() const
{
    return m_names;
}

double
FineBandwidthLog::Get(uint32_t series, uint32_t k) const
{
    return m_values.at(series).at(k);
}

uint64_t
FineBandwidthLog::GetNValues() const
{
    return static_cast<uint64_t>(GetNSeries()) * GetNSamples();
}

uint64_t
FineBandwidthLog::GetSizeBytes() const
{
    return GetNValues() * sizeof(float);
}

bool
CoarseBandwidthLog::Coarsen(const FineBandwidthLog& fine,
                            Time window,
                            const std::vector<double>& quantiles,
                            CoarseBandwidthLog& coarse,
                            std::string& error)
{
    NS_LOG_FUNCTION(window << quantiles.size());
    const Time step = fine.GetStep();
    if (window < step)
    {
        error = "coarse window " + OpticalUnits::FormatTime(window.GetSeconds()) +
                " is shorter than the fine sampling interval " +
                OpticalUnits::FormatTime(step.GetSeconds());
        return false;
    }
    if (window.GetTimeStep() % step.GetTimeStep() != 0)
    {
        error = "coarse window " + OpticalUnits::FormatTime(window.GetSeconds()) +
                " is not a whole number of fine sampling intervals (" +
                OpticalUnits::FormatTime(step.GetSeconds()) + ")";
        return false;
    }
    for (double q : quantiles)
    {
        if (!(q >= 0 && q <= 1))
        {
            error = "quantile " + std::to_string(q) + " (allowed: 0 to 1)";
            return false;
        }
    }
    const uint32_t n = fine.GetNSamples();
    if (n == 0)
    {
        error = "the fine log has no samples";
        return false;
    }
    CoarseBandwidthLog c;
    c.m_window = window;
    c.m_perWindow = static_cast<uint32_t>(window.GetTimeStep() / step.GetTimeStep());
    c.m_windows = (n + c.m_perWindow - 1) / c.m_perWindow;
    c.m_names = fine.GetNames();
    c.m_links = fine.GetNLinks();
    c.m_quantiles = quantiles;
    const std::size_t stride = quantiles.size() + 2;
    c.m_values.assign(static_cast<std::size_t>(fine.GetNSeries()) * c.m_windows * stride, 0);
    std::vector<double> buf;
    for (uint32_t s = 0; s < fine.GetNSeries(); ++s)
    {
        for (uint32_t w = 0; w < c.m_windows; ++w)
        {
            const uint32_t from = w * c.m_perWindow;
            const uint32_t to = std::min(n, from + c.m_perWindow);
            buf.clear();
            for (uint32_t k = from; k < to; ++k)
            {
                buf.push_back(fine.Get(s, k));
            }
            std::sort(buf.begin(), buf.end());
            float* out = &c.m_values[c.Offset(s, w)];
            for (std::size_t q = 0; q < quantiles.size(); ++q)
            {
                out[q] = static_cast<float>(optical::QuantileOfSorted(buf, quantiles[q]));
            }
            out[quantiles.size()] = static_cast<float>(buf.back());
            out[quantiles.size() + 1] =
                static_cast<float>(gsl_stats_mean(buf.data(), 1, buf.size()));
        }
    }
    coarse = std::move(c);
    return true;
}

std::size_t
CoarseBandwidthLog::Offset(uint32_t series, uint32_t w) const
{
    NS_ABORT_MSG_IF(series >= m_names.size() || w >= m_windows,
                    "CoarseBandwidthLog: series " << series << " window " << w);
    return (static_cast<std::size_t>(series) * m_windows + w) * (m_quantiles.size() + 2);
}

Time
CoarseBandwidthLog::GetWindow() const
{
    return m_window;
}

uint32_t
CoarseBandwidthLog::GetSamplesPerWindow() const
{
    return m_perWindow;
}

uint32_t
CoarseBandwidthLog::GetNWindows() const
{
    return m_windows;
}

uint32_t
CoarseBandwidthLog::GetNSeries() const
{
    return static_cast<uint32_t>(m_names.size());
}

uint32_t
CoarseBandwidthLog::GetNLinks() const
{
    return m_links;
}

const std::vector<std::string>&
CoarseBandwidthLog::GetNames() const
{
    return m_names;
}

const std::vector<double>&
CoarseBandwidthLog::GetQuantiles() const
{
    return m_quantiles;
}

double
CoarseBandwidthLog::GetQuantile(uint32_t series, uint32_t w, uint32_t q) const
{
    NS_ABORT_MSG_IF(q >= m_quantiles.size(), "CoarseBandwidthLog: quantile index " << q);
    return m_values[Offset(series, w) + q];
}

double
CoarseBandwidthLog::GetMax(uint32_t series, uint32_t w) const
{
    return m_values[Offset(series, w) + m_quantiles.size()];
}

double
CoarseBandwidthLog::GetMean(uint32_t series, uint32_t w) const
{
    return m_values[Offset(series, w) + m_quantiles.size() + 1];
}

uint64_t
CoarseBandwidthLog::GetNValues() const
{
    return m_values.size();
}

uint64_t
CoarseBandwidthLog::GetSizeBytes() const
{
    return GetNValues() * sizeof(float);
}

} // namespace ns3
