/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scale-up-domain.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScaleUpDomain");

NS_OBJECT_ENSURE_REGISTERED(ScaleUpDomain);

TypeId
ScaleUpDomain::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScaleUpDomain")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<ScaleUpDomain>()
            .AddAttribute("Bandwidth",
                          "Bandwidth of each GPU's scale-up port, per direction (bit/s). "
                          "Default 3600 Gb/s = 450 GB/s: H100/H200 NVLink, 900 GB/s "
                          "bidirectional per GPU.",
                          DataRateValue(DataRate("3600Gbps")),
                          MakeDataRateAccessor(&ScaleUpDomain::m_bandwidth),
                          MakeDataRateChecker())
            .AddAttribute("Latency",
                          "Latency of a scale-up transfer, after its last byte left (s).",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&ScaleUpDomain::m_latency),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

ScaleUpDomain::ScaleUpDomain() = default;

void
ScaleUpDomain::SetNGpus(uint32_t gpus)
{
    m_egressFree.assign(gpus, Seconds(0));
    m_ingressFree.assign(gpus, Seconds(0));
}

uint32_t
ScaleUpDomain::GetNGpus() const
{
    return static_cast<uint32_t>(m_egressFree.size());
}

uint64_t
ScaleUpDomain::GetBytesMoved() const
{
    return m_bytesMoved;
}

void
ScaleUpDomain::Transfer(uint32_t from, uint32_t to, uint64_t bytes, std::function<void()> delivered)
{
    NS_ABORT_MSG_IF(from >= GetNGpus() || to >= GetNGpus(),
                    "ScaleUpDomain: GPU " << std::max(from, to) << " of a server with "
                                          << GetNGpus() << " GPUs");
    const Time now = Simulator::Now();
    const Time start = std::max({now, m_egressFree[from], m_ingressFree[to]});
    const Time busy = Seconds(static_cast<double>(bytes) * 8.0 / m_bandwidth.GetBitRate());
    m_egressFree[from] = start + busy;
    m_ingressFree[to] = start + busy;
    m_bytesMoved += bytes;
    optical::compat::Schedule(start + busy + m_latency - now, [delivered]() { delivered(); });
}

} // namespace ns3
