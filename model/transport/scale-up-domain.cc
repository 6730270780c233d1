/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scale-up-domain.h"

#include "collective-schedule.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <queue>

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
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Analytic",
                          "Time a collective whose ranks are all in this domain in one step "
                          "(RunSchedule: same port model, one event) instead of one event per "
                          "transfer.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ScaleUpDomain::m_analytic),
                          MakeBooleanChecker());
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
    m_bytesMoved += bytes;
    optical::compat::Schedule(Reserve(from, to, bytes, now) - now, std::move(delivered));
}

Time
ScaleUpDomain::Reserve(uint32_t from, uint32_t to, uint64_t bytes, Time ready)
{
    const Time start = std::max({ready, m_egressFree[from], m_ingressFree[to]});
    const Time end = start + Seconds(static_cast<double>(bytes) * 8.0 / m_bandwidth.GetBitRate());
    m_egressFree[from] = end;
    m_ingressFree[to] = end;
    return end + m_latency;
}

bool
ScaleUpDomain::IsAnalytic() const
{
    return m_analytic;
}

uint64_t
ScaleUpDomain::GetSchedulesRun() const
{
    return m_schedulesRun;
}

void
ScaleUpDomain::RunSchedule(const std::shared_ptr<const CollectiveSchedule>& schedule,
                           const std::vector<uint32_t>& locals,
                           std::function<void()> done)
{
    NS_ABORT_MSG_IF(locals.size() != schedule->GetNRanks(),
                    "ScaleUpDomain: " << locals.size() << " GPUs for a schedule of "
                                      << schedule->GetNRanks() << " ranks");
    ++m_schedulesRun;
    const Time now = Simulator::Now();
    bool idle = true;
    for (uint32_t l : locals)
    {
        NS_ABORT_MSG_IF(l >= GetNGpus(),
                        "ScaleUpDomain: GPU " << l << " of a server with " << GetNGpus()
                                              << " GPUs");
        idle = idle && m_egressFree[l] <= now && m_ingressFree[l] <= now;
    }
    auto it = idle ? m_timings.find(schedule.get()) : m_timings.end();
    if (it != m_timings.end())
    {
        const Timing& t = it->second;
        for (std::size_t i = 0; i < locals.size(); ++i)
        {
            m_egressFree[locals[i]] = now + t.egress[i];
            m_ingressFree[locals[i]] = now + t.ingress[i];
        }
        m_bytesMoved += t.bytes;
        optical::compat::Schedule(t.duration, std::move(done));
        return;
    }

    // Event order, without the events: a min-heap of (ready time, op).
    const auto& ops = schedule->GetOps();
    std::vector<uint32_t> waiting(ops.size());
    const auto& dependents = schedule->GetDependents();
    std::vector<Time> ready(ops.size(), now);
    using Entry = std::pair<Time, uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    for (uint32_t i = 0; i < ops.size(); ++i)
    {
        waiting[i] = static_cast<uint32_t>(ops[i].deps.size());
        if (waiting[i] == 0)
        {
            heap.emplace(now, i);
        }
    }
    Time last = now;
    uint64_t bytes = 0;
    while (!heap.empty())
    {
        const auto [t, i] = heap.top();
        heap.pop();
        const CollectiveOp& o = ops[i];
        bytes += o.bytes;
        const Time delivered = Reserve(locals[o.src], locals[o.dst], o.bytes, t);
        last = std::max(last, delivered);
        for (uint32_t d : dependents[i])
        {
            ready[d] = std::max(ready[d], delivered);
            if (--waiting[d] == 0)
            {
                heap.emplace(ready[d], d);
            }
        }
    }
    m_bytesMoved += bytes;
    if (idle)
    {
        Timing t;
        t.schedule = schedule;
        t.duration = last - now;
        t.bytes = bytes;
        for (uint32_t l : locals)
        {
            t.egress.push_back(std::max(Time(0), m_egressFree[l] - now));
            t.ingress.push_back(std::max(Time(0), m_ingressFree[l] - now));
        }
        // Bounded: schedules built once per call (MoE routing) would otherwise pile up.
        if (m_timings.size() >= 4096)
        {
            m_timings.clear();
        }
        m_timings.emplace(schedule.get(), std::move(t));
    }
    optical::compat::Schedule(last - now, std::move(done));
}

} // namespace ns3
