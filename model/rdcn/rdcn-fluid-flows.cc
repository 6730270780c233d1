/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnFluidNetwork's flows from start to end: their arrival (StartFlow), the injected and
// delivered callbacks, the egress to the destination host and completion; then the counters,
// the conservation check and the description of stalled flows.

#include "rdcn-fluid-network-detail.h"
#include "rdcn-fluid-network.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

namespace ns3
{

namespace
{

/// SplitMix64 finalizer: the flow hash of a flow id.
uint64_t
Mix(uint64_t x)
{
    return optical::SplitMix64(x);
}

/// The fluid network's log component, under its one name.
LogComponent& g_log = rdcnfluiddetail::FluidLog();

} // namespace

// ------------------------------------------------------------------ arrival

int64_t
RdcnFluidNetwork::StartFlow(FlowSpec spec, std::string* error)
{
    if (!spec.path.empty())
    {
        const std::string why = "RdcnFluidNetwork: a flow pinned to links (the time-slotted "
                                "network routes every flow with its RdcnRouter)";
        NS_ABORT_MSG_IF(!error, why);
        *error = why;
        return -1;
    }
    const int64_t flow =
        StartFlow(spec.src, spec.dst, spec.bytes, std::move(spec.delivered), error);
    if (flow >= 0 && spec.sent)
    {
        SetInjectedCallback(flow, std::move(spec.sent));
    }
    return flow;
}

int64_t
RdcnFluidNetwork::StartFlow(uint32_t srcHost,
                            uint32_t dstHost,
                            double bytes,
                            std::function<void()> delivered,
                            std::string* error)
{
    NS_LOG_FUNCTION(this << srcHost << dstHost << bytes);
    auto fail = [error](const std::string& why) -> int64_t {
        NS_ABORT_MSG_IF(!error, why);
        *error = why;
        return -1;
    };
    std::string why;
    if (!Prepare(&why))
    {
        return fail(why);
    }
    const uint32_t hosts = static_cast<uint32_t>(m_hosts.size());
    if (srcHost >= hosts || dstHost >= hosts)
    {
        return fail("RdcnFluidNetwork: host " + std::to_string(std::max(srcHost, dstHost)) +
                    " does not exist (allowed: 0 to " + std::to_string(hosts - 1) + ", " +
                    std::to_string(m_tors) + " ToRs x " + std::to_string(m_hostsPerTor) +
                    " hosts)");
    }
    if (srcHost == dstHost)
    {
        return fail("RdcnFluidNetwork: flow from host " + std::to_string(srcHost) +
                    " to itself (allowed: two different hosts)");
    }
    if (!(bytes > 0) || !std::isfinite(bytes) ||
        bytes * UNITS_PER_BYTE > static_cast<double>(INT64_MAX) / 4)
    {
        std::ostringstream os;
        os << "RdcnFluidNetwork: flow of " << bytes << " bytes (allowed: > 0 and finite)";
        return fail(os.str());
    }
    const Units units =
        std::max<Units>(1, static_cast<Units>(std::ceil(bytes * UNITS_PER_BYTE - 1e-6)));
    const uint32_t srcTor = GetTorOf(srcHost);
    const uint32_t dstTor = GetTorOf(dstHost);
    const Time nowTime = Simulator::Now();
    const int64_t nowSteps = nowTime.GetTimeStep();
    const uint64_t now = SlotAt(nowSteps);
    uint32_t id;
    if (!m_freeFlows.empty())
    {
        id = m_freeFlows.back();
        m_freeFlows.pop_back();
    }
    else
    {
        id = static_cast<uint32_t>(m_flows.size());
        m_flows.emplace_back();
    }
    Flow& f = m_flows[id];
    const uint32_t generation = f.generation + 1;
    f = Flow{};
    f.generation = generation;
    f.src = srcHost;
    f.dst = dstHost;
    f.srcTor = srcTor;
    f.dstTor = dstTor;
    f.local = srcTor == dstTor;
    f.lowLatency =
        !f.local && m_lowLatencyRouter && bytes <= static_cast<double>(m_lowLatencyBytes);
    m_lowLatencyStarted += f.lowLatency ? 1 : 0;
    f.hash = Mix((static_cast<uint64_t>(srcHost) << 32 | dstHost) ^
                 Mix(static_cast<uint64_t>(generation) << 32 | id));
    f.size = units;
    f.atHost = units;
    f.start = nowTime;
    f.startS = static_cast<double>(nowSteps) / m_stepsPerSecond;
    f.deliveredCb = std::move(delivered);
    f.active = true;
    ++m_started;
    ++m_active;
    m_unitsStarted += units;

    if (m_active == 1)
    {
        // The engine was idle: nothing it planned for earlier slots is left.
        m_dueHosts.clear();
    }
    const int64_t slotStart = m_startSteps + m_slotSteps * static_cast<int64_t>(now);
    if (static_cast<int64_t>(now) > m_lastSlot && nowSteps <= slotStart)
    {
        // At a slot boundary whose step has not run yet (or before the schedule's start): the
        // flow takes its share from this slot on.
        Enroll(id, now);
        EnsureSlotEvent(now);
    }
    else
    {
        if (static_cast<int64_t>(now) > m_lastSlot)
        {
            // The engine was idle: this slot counts as entered, with nothing queued.
            m_lastSlot = static_cast<int64_t>(now);
        }
        MidSlotStart(id, now);
        EnsureSlotEvent(now + 1);
    }
    return static_cast<int64_t>(static_cast<uint64_t>(generation) << 32 | id);
}

bool
RdcnFluidNetwork::SetInjectedCallback(int64_t flow, std::function<void()> injected)
{
    if (flow < 0)
    {
        return false;
    }
    const uint32_t id = static_cast<uint32_t>(flow & 0xffffffffLL);
    const uint32_t generation = static_cast<uint32_t>(static_cast<uint64_t>(flow) >> 32);
    if (id >= m_flows.size() || !m_flows[id].active || m_flows[id].generation != generation)
    {
        return false;
    }
    Flow& f = m_flows[id];
    if (f.injectedAt >= 0)
    {
        const Time at = TimeStep(ToSteps(f.injectedAt));
        Simulator::Schedule(std::max(Time(0), at - Simulator::Now()), injected);
    }
    else
    {
        f.injectedCb = std::move(injected);
    }
    return true;
}

void
RdcnFluidNetwork::MarkInjected(uint32_t flow, double when)
{
    Flow& f = m_flows[flow];
    f.mode = DONE;
    f.injectedAt = when;
    if (f.injectedCb)
    {
        const Time at = TimeStep(ToSteps(when));
        Simulator::Schedule(std::max(Time(0), at - Simulator::Now()), std::move(f.injectedCb));
        f.injectedCb = nullptr;
    }
}

// ------------------------------------------------------------------ delivery and completion

void
RdcnFluidNetwork::Deliver(uint32_t flow, Units units, double first, double last)
{
    Flow& f = m_flows[flow];
    Host& d = m_hosts[f.dst];
    const double tx = units / m_hostUps;
    double end;
    if (f.lowLatency)
    {
        // Ahead of the bulk bytes waiting for the host link: bulk arriving later waits for
        // these too (bulk bytes already given their time keep it).
        const double s = std::max(d.egressFreePriority, first);
        end = std::max(s + tx, last);
        d.egressFreePriority = end;
        d.egressFree = d.egressFree > s ? d.egressFree + tx : std::max(d.egressFree, end);
    }
    else
    {
        const double s = std::max({d.egressFree, d.egressFreePriority, first});
        end = std::max(s + tx, last);
        d.egressFree = end;
    }
    const double at = end + m_hostLinkS;
    const int64_t steps = ToSteps(at);
    (f.lowLatency ? d.egressPriority : d.egress).emplace_back(steps, units);
    m_unitsEgress += units;
    if (!d.inEgressList)
    {
        d.inEgressList = true;
        m_egressHosts.push_back(f.dst);
    }
    f.delivered += units;
    ++m_moves;
    if (f.delivered == f.size)
    {
        const Time when = TimeStep(steps);
        Simulator::Schedule(std::max(Time(0), when - Simulator::Now()),
                            &RdcnFluidNetwork::Complete,
                            this,
                            flow);
    }
}

void
RdcnFluidNetwork::Complete(uint32_t flow)
{
    Flow& f = m_flows[flow];
    NS_ASSERT(f.active && f.delivered == f.size);
    PopEgress(f.dst);
    f.active = false;
    --m_active;
    ++m_completed;
    const double bytes = static_cast<double>(f.size) / UNITS_PER_BYTE;
    NotifyFlowCompleted(f.src, f.dst, bytes, f.start);
    std::function<void()> cb = std::move(f.deliveredCb);
    f.deliveredCb = nullptr;
    f.injectedCb = nullptr;
    f.state = RdcnRouteState{};
    m_freeFlows.push_back(flow);
    if (cb)
    {
        cb();
    }
}

void
RdcnFluidNetwork::PopEgress(uint32_t host) const
{
    Host& h = const_cast<Host&>(m_hosts[host]);
    const int64_t now = Simulator::Now().GetTimeStep();
    for (auto* fifo : {&h.egress, &h.egressPriority})
    {
        while (!fifo->empty() && fifo->front().first <= now)
        {
            m_unitsDelivered += fifo->front().second;
            m_unitsEgress -= fifo->front().second;
            fifo->pop_front();
        }
    }
}

void
RdcnFluidNetwork::PopAllEgress() const
{
    std::size_t w = 0;
    for (std::size_t i = 0; i < m_egressHosts.size(); ++i)
    {
        const uint32_t host = m_egressHosts[i];
        PopEgress(host);
        Host& h = const_cast<Host&>(m_hosts[host]);
        if (h.egress.empty() && h.egressPriority.empty())
        {
            h.inEgressList = false;
        }
        else
        {
            m_egressHosts[w++] = host;
        }
    }
    m_egressHosts.resize(w);
}

// ------------------------------------------------------------------ counters

RdcnFluidNetwork::Units
RdcnFluidNetwork::TotalAccrual() const
{
    if (!m_prepared || m_lastSlot < 0)
    {
        return 0;
    }
    Units total = 0;
    for (uint32_t h = 0; h < m_hosts.size(); ++h)
    {
        total += HostAccrual(h, m_lastSlot);
    }
    return total;
}

uint64_t
RdcnFluidNetwork::GetFlowsStarted() const
{
    return m_started;
}

uint64_t
RdcnFluidNetwork::GetFlowsCompleted() const
{
    return m_completed;
}

uint64_t
RdcnFluidNetwork::GetNActiveFlows() const
{
    return m_active;
}

double
RdcnFluidNetwork::GetBytesStarted() const
{
    return static_cast<double>(m_unitsStarted) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesInjected() const
{
    return static_cast<double>(m_unitsMaterialized + TotalAccrual()) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesDelivered() const
{
    PopAllEgress();
    return static_cast<double>(m_unitsDelivered) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesInCalendarQueues() const
{
    return static_cast<double>(m_unitsCalendar + TotalAccrual()) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesInEgress() const
{
    PopAllEgress();
    return static_cast<double>(m_unitsEgress) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesAtHosts() const
{
    return static_cast<double>(m_unitsStarted - m_unitsMaterialized - TotalAccrual()) /
           UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetBytesQueued() const
{
    return GetBytesInCalendarQueues() + GetBytesInEgress() + GetBytesAtHosts();
}

std::string
RdcnFluidNetwork::CheckConservation() const
{
    PopAllEgress();
    // Each term is summed from the state itself, not from the running counters.
    Units atHosts = 0;
    Units accrued = 0;
    for (const Flow& f : m_flows)
    {
        if (!f.active)
        {
            continue;
        }
        const Units a = m_lastSlot >= 0 ? Accrued(f, m_lastSlot) : 0;
        accrued += a;
        atHosts += f.atHost - a;
    }
    Units calendar = accrued;
    for (const Queue& q : m_queues)
    {
        if (!q.used)
        {
            continue;
        }
        Units sum = 0;
        std::vector<const ClassFifo*> fifos;
        for (const ClassFifo& c : q.classes)
        {
            fifos.push_back(&c);
        }
        for (const ClassFifo& c : q.priority)
        {
            fifos.push_back(&c);
        }
        for (const ClassFifo* fifo : fifos)
        {
            const ClassFifo& c = *fifo;
            Units items = 0;
            for (const Chunk& chunk : c.items)
            {
                items += chunk.units;
            }
            if (items != c.units)
            {
                return "RdcnFluidNetwork: a queue class counts " + std::to_string(c.units) +
                       " units but holds " + std::to_string(items);
            }
            sum += items;
        }
        calendar += sum;
    }
    Units egress = 0;
    for (const Host& h : m_hosts)
    {
        for (const auto& e : h.egress)
        {
            egress += e.second;
        }
        for (const auto& e : h.egressPriority)
        {
            egress += e.second;
        }
    }
    const Units delivered = m_unitsDelivered;
    if (m_unitsStarted == delivered + calendar + egress + atHosts &&
        calendar == m_unitsCalendar + TotalAccrual() && egress == m_unitsEgress)
    {
        return "";
    }
    std::ostringstream os;
    const double u = UNITS_PER_BYTE;
    os << "RdcnFluidNetwork: bytes started " << m_unitsStarted / u << " != delivered "
       << delivered / u << " + calendar queues " << calendar / u << " + egress " << egress / u
       << " + at hosts " << atHosts / u << " (difference "
       << (m_unitsStarted - delivered - calendar - egress - atHosts) << " units; counters: "
       << "calendar " << (m_unitsCalendar + TotalAccrual()) / u << ", egress " << m_unitsEgress / u
       << ")";
    return os.str();
}

double
RdcnFluidNetwork::GetPeakQueueBytes() const
{
    return static_cast<double>(m_peakQueue) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetPeakQueueClassBytes() const
{
    return static_cast<double>(m_peakClass) / UNITS_PER_BYTE;
}

double
RdcnFluidNetwork::GetPeakTorBytes() const
{
    return static_cast<double>(std::max(m_peakTor, m_peakQueue)) / UNITS_PER_BYTE;
}

uint64_t
RdcnFluidNetwork::GetSlotsStepped() const
{
    return m_slots;
}

uint64_t
RdcnFluidNetwork::GetChunkMoves() const
{
    return m_moves;
}

uint32_t
RdcnFluidNetwork::GetMaxHopClasses() const
{
    return m_maxClasses;
}

std::string
RdcnFluidNetwork::DescribeStalledFlows(uint32_t max)
{
    if (m_active == 0)
    {
        return "";
    }
    std::ostringstream os;
    os << m_active << (m_active == 1 ? " flow" : " flows") << " in progress:";
    uint32_t named = 0;
    const double u = UNITS_PER_BYTE;
    for (const Flow& f : m_flows)
    {
        if (!f.active)
        {
            continue;
        }
        if (named == max)
        {
            os << " ...";
            break;
        }
        const Units accrued = m_lastSlot >= 0 ? Accrued(f, m_lastSlot) : 0;
        os << (named > 0 ? "," : "") << " host " << f.src << " -> host " << f.dst << " ("
           << f.delivered / u << " of " << f.size / u << " bytes delivered, "
           << (f.atHost - accrued) / u << " at the host";
        if (f.mode == STUCK)
        {
            os << ", no route from ToR " << f.srcTor << " to ToR " << f.dstTor;
        }
        else if (f.mode == BLOCKED)
        {
            const Queue& q = m_queues[f.queue];
            os << ", waiting for room in the calendar queue of ToR " << q.tor << " uplink "
               << q.uplink << " slice " << q.slice;
        }
        os << ")";
        ++named;
    }
    return os.str();
}

} // namespace ns3
