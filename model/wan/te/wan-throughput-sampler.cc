/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-throughput-sampler.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanThroughputSampler");

NS_OBJECT_ENSURE_REGISTERED(WanThroughputSampler);

TypeId
WanThroughputSampler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WanThroughputSampler")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<WanThroughputSampler>();
    return tid;
}

WanThroughputSampler::WanThroughputSampler() = default;

WanThroughputSampler::~WanThroughputSampler() = default;

void
WanThroughputSampler::Start(Counter carriedBytes, Time interval, Time duration)
{
    NS_ASSERT_MSG(interval.IsStrictlyPositive(), "the interval must be > 0");
    m_counter = std::move(carriedBytes);
    m_interval = interval;
    m_last = 0;
    m_samples.clear();
    for (Time t = interval; t <= duration; t += interval)
    {
        Simulator::Schedule(t, &WanThroughputSampler::Read, this);
    }
}

void
WanThroughputSampler::Read()
{
    const double sent = m_counter();
    m_samples.push_back((sent - m_last) * 8 / 1e9 / m_interval.GetSeconds());
    NS_LOG_DEBUG("interval " << m_samples.size() << ": " << m_samples.back() << " Gb/s");
    m_last = sent;
}

const std::vector<double>&
WanThroughputSampler::GetSamples() const
{
    return m_samples;
}

double
WanThroughputSampler::GetMean() const
{
    if (m_samples.empty())
    {
        return 0;
    }
    double sum = 0;
    for (double s : m_samples)
    {
        sum += s;
    }
    return sum / m_samples.size();
}

} // namespace ns3
