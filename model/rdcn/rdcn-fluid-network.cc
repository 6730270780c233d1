/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-fluid-network.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnFluidNetwork");

NS_OBJECT_ENSURE_REGISTERED(RdcnFluidNetwork);

namespace
{

/// Key of a calendar queue.
uint64_t
QueueKey(uint32_t tor, uint32_t uplink, uint32_t slice)
{
    return (static_cast<uint64_t>(tor) << 40) | (static_cast<uint64_t>(uplink) << 32) | slice;
}

/// SplitMix64 finalizer: the flow hash of a flow id.
uint64_t
Mix(uint64_t x)
{
    return optical::SplitMix64(x);
}

/// Slack of the fixed-point capacity of a time span (units): absorbs the rounding of a
/// window's exact capacity, so that a window of 48 us at 10 Gb/s carries all its 60000 bytes.
constexpr double CAPACITY_SLACK = 1e-4;

} // namespace

TypeId
RdcnFluidNetwork::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnFluidNetwork")
            .SetParent<FlowEngine>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnFluidNetwork>()
            .AddAttribute("HostsPerTor",
                          "Hosts under each ToR; host h sits on ToR h / HostsPerTor.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RdcnFluidNetwork::m_hostsPerTor),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("HostRate",
                          "Rate of a host's NIC and of the ToR's link to the host (bit/s).",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&RdcnFluidNetwork::m_hostRate),
                          MakeDataRateChecker())
            .AddAttribute("UplinkRate",
                          "Rate of a ToR uplink, i.e. of one circuit (bit/s).",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&RdcnFluidNetwork::m_uplinkRate),
                          MakeDataRateChecker())
            .AddAttribute("QueueLimit",
                          "Bytes one calendar queue (ToR, uplink, slice) may hold per hop class "
                          "(bytes injected by the ToR's hosts; bytes that crossed 1, 2, ... "
                          "circuits); a chunk moves only into a queue with room (lossless "
                          "backpressure). Default 250000B: two slots of 50 us at 10 Gb/s. Must "
                          "be in bytes (B).",
                          QueueSizeValue(QueueSize("250000B")),
                          MakeQueueSizeAccessor(&RdcnFluidNetwork::m_queueLimit),
                          MakeQueueSizeChecker())
            .AddAttribute("FibreDelay",
                          "Propagation delay of a circuit, ToR to ToR.",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&RdcnFluidNetwork::m_fibreDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("HostLinkDelay",
                          "Propagation delay of the link between a host and its ToR (each way).",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&RdcnFluidNetwork::m_hostLinkDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("RouteAttempts",
                          "Routing draws for a slot's bytes of a vlb flow at its source: when "
                          "the queue of the drawn intermediate is full, the rest is routed "
                          "again with a fresh draw, up to this many draws (1: no redraw).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RdcnFluidNetwork::m_routeAttempts),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

RdcnFluidNetwork::RdcnFluidNetwork()
{
    NS_LOG_FUNCTION(this);
}

RdcnFluidNetwork::~RdcnFluidNetwork() = default;

void
RdcnFluidNetwork::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_slotEvent.Cancel();
    m_schedule = nullptr;
    m_router = nullptr;
    m_flows.clear();
    m_hosts.clear();
    m_queues.clear();
    m_queueIndex.clear();
    m_sliceLists.clear();
    m_dueHosts.clear();
    Object::DoDispose();
}

void
RdcnFluidNetwork::SetSchedule(Ptr<RdcnSchedule> schedule)
{
    NS_ABORT_MSG_IF(m_started > 0, "RdcnFluidNetwork: SetSchedule after the first flow");
    m_schedule = schedule;
    m_prepared = false;
}

Ptr<RdcnSchedule>
RdcnFluidNetwork::GetSchedule() const
{
    return m_schedule;
}

void
RdcnFluidNetwork::SetRouter(Ptr<RdcnRouter> router)
{
    NS_ABORT_MSG_IF(m_started > 0, "RdcnFluidNetwork: SetRouter after the first flow");
    m_router = router;
    m_prepared = false;
}

Ptr<RdcnRouter>
RdcnFluidNetwork::GetRouter() const
{
    return m_router;
}

std::string
RdcnFluidNetwork::Check() const
{
    if (!m_schedule)
    {
        return "RdcnFluidNetwork: no schedule (SetSchedule)";
    }
    if (m_schedule->GetNTors() < 2)
    {
        return "RdcnFluidNetwork: the schedule has " + std::to_string(m_schedule->GetNTors()) +
               " ToRs (its matchings are not set)";
    }
    const std::string timing = m_schedule->CheckTiming();
    if (!timing.empty())
    {
        return "RdcnFluidNetwork: " + timing;
    }
    if (!m_router)
    {
        return "RdcnFluidNetwork: no router (SetRouter)";
    }
    if (m_router->GetSchedule() != m_schedule)
    {
        return "RdcnFluidNetwork: the router routes on another schedule (RdcnRouter::SetSchedule "
               "with the network's schedule)";
    }
    if (m_hostsPerTor < 1)
    {
        return "RdcnFluidNetwork: HostsPerTor is 0 (allowed: >= 1)";
    }
    if (m_hostRate.GetBitRate() == 0)
    {
        return "RdcnFluidNetwork: HostRate is 0 (allowed: > 0)";
    }
    if (m_uplinkRate.GetBitRate() == 0)
    {
        return "RdcnFluidNetwork: UplinkRate is 0 (allowed: > 0)";
    }
    if (m_queueLimit.GetUnit() != QueueSizeUnit::BYTES)
    {
        std::ostringstream os;
        os << "RdcnFluidNetwork: QueueLimit " << m_queueLimit
           << " is in packets (allowed: bytes, e.g. 250000B)";
        return os.str();
    }
    if (m_queueLimit.GetValue() == 0)
    {
        return "RdcnFluidNetwork: QueueLimit is 0B (allowed: >= 1B)";
    }
    const uint64_t hosts = static_cast<uint64_t>(m_schedule->GetNTors()) * m_hostsPerTor;
    if (hosts > UINT32_MAX)
    {
        return "RdcnFluidNetwork: " + std::to_string(hosts) +
               " hosts (ToRs x HostsPerTor) is too many";
    }
    return "";
}

bool
RdcnFluidNetwork::Prepare(std::string* error)
{
    if (m_prepared)
    {
        return true;
    }
    const std::string problem = Check();
    if (!problem.empty())
    {
        if (error)
        {
            *error = problem;
        }
        return false;
    }
    m_tors = m_schedule->GetNTors();
    m_uplinks = m_schedule->GetNUplinks();
    m_slotS = m_schedule->GetSlot().GetSeconds();
    m_fibreS = m_fibreDelay.GetSeconds();
    m_hostLinkS = m_hostLinkDelay.GetSeconds();
    m_hostUps = m_hostRate.GetBitRate() / 8.0 * UNITS_PER_BYTE;
    m_upUps = m_uplinkRate.GetBitRate() / 8.0 * UNITS_PER_BYTE;
    m_stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    m_startSteps = m_schedule->GetStart().GetTimeStep();
    m_slotSteps = m_schedule->GetSlot().GetTimeStep();
    m_guardS = m_schedule->GetGuard().GetSeconds();
    m_hostCap = CapacityUnits(m_slotS, m_hostUps);
    m_limit = static_cast<Units>(m_queueLimit.GetValue()) * UNITS_PER_BYTE;
    const std::string routing = m_router->Check();
    if (!routing.empty())
    {
        if (error)
        {
            *error = "RdcnFluidNetwork: routing " +
                     RdcnRouter::GetSchemeName(m_router->GetScheme()) +
                     " cannot serve the schedule: " + routing;
        }
        return false;
    }
    m_perSlotRouting = m_router->GetScheme() == RdcnRouter::VLB;
    m_hosts.assign(static_cast<std::size_t>(m_tors) * m_hostsPerTor, Host{});
    m_torUnits.assign(m_tors, 0);
    m_sliceLists.assign(std::max<uint32_t>(1, m_schedule->GetNSlices()), {});
    const uint64_t circuits = static_cast<uint64_t>(m_tors) * m_uplinks;
    m_openCursor.assign(circuits, 0);
    m_openSlot.assign(circuits, 0);
    // A flat index of the calendar queues when it stays small (16 Mi entries, 64 MiB); queues
    // of longer cycles installed later, or of larger networks, go through a hash map.
    const uint64_t flat = circuits * m_schedule->GetNSlices();
    m_flatSlices = flat <= (uint64_t{1} << 24) ? m_schedule->GetNSlices() : 0;
    m_flatIndex.assign(m_flatSlices > 0 ? flat : 0, 0);
    if (!m_listening)
    {
        m_schedule->TraceConnectWithoutContext("Installed",
                                               MakeCallback(&RdcnFluidNetwork::Installed, this));
        m_listening = true;
    }
    m_prepared = true;
    NS_LOG_INFO("fluid RDCN: " << m_tors << " ToRs x " << m_uplinks << " uplinks, "
                               << m_hosts.size() << " hosts, host share " << m_hostCap
                               << " units per slot, queue limit " << m_limit << " units");
    return true;
}

uint32_t
RdcnFluidNetwork::GetNHosts() const
{
    return m_schedule ? m_schedule->GetNTors() * m_hostsPerTor : 0;
}

uint32_t
RdcnFluidNetwork::GetHostsPerTor() const
{
    return m_hostsPerTor;
}

uint32_t
RdcnFluidNetwork::GetTorOf(uint32_t host) const
{
    return host / m_hostsPerTor;
}

// ------------------------------------------------------------------ small helpers

double
RdcnFluidNetwork::SlotStartS(uint64_t slot) const
{
    // The schedule's GetSlotStart, without a Time object (hot path).
    return static_cast<double>(m_startSteps + m_slotSteps * static_cast<int64_t>(slot)) /
           m_stepsPerSecond;
}

double
RdcnFluidNetwork::WindowStartS(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    return SlotStartS(slot) + (m_schedule->IsGuarded(tor, uplink, slot) ? m_guardS : 0.0);
}

uint64_t
RdcnFluidNetwork::SlotAt(int64_t steps) const
{
    // The schedule's GetSlotAt.
    return steps <= m_startSteps ? 0 : static_cast<uint64_t>((steps - m_startSteps) / m_slotSteps);
}

double
RdcnFluidNetwork::OpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    const std::size_t c = static_cast<std::size_t>(tor) * m_uplinks + uplink;
    return m_openSlot[c] == slot + 1 ? m_openCursor[c] : WindowStartS(tor, uplink, slot);
}

void
RdcnFluidNetwork::SetOpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot, double cursor)
{
    const std::size_t c = static_cast<std::size_t>(tor) * m_uplinks + uplink;
    m_openSlot[c] = slot + 1;
    m_openCursor[c] = cursor;
}

int64_t
RdcnFluidNetwork::ToSteps(double seconds) const
{
    return std::llround(seconds * m_stepsPerSecond);
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::CapacityUnits(double seconds, double unitsPerSecond) const
{
    if (seconds <= 0)
    {
        return 0;
    }
    return static_cast<Units>(std::floor(seconds * unitsPerSecond + CAPACITY_SLACK));
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::LevelAfter(const Host& h, int64_t slot) const
{
    const int64_t first = static_cast<int64_t>(h.levelSlot);
    if (slot + 1 >= first)
    {
        return h.level + h.share * (slot + 1 - first);
    }
    NS_ASSERT_MSG(slot + 2 == first, "level of slot " << slot << " asked, level at " << first);
    return h.levelPrev;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::Accrued(const Flow& f, int64_t slot) const
{
    if (f.mode != LAZY)
    {
        return 0;
    }
    return LevelAfter(m_hosts[f.src], slot) - f.join;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::ClassUnits(const Queue& q, uint32_t cls) const
{
    return cls < q.classes.size() ? q.classes[cls].units : 0;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::Content0(const Queue& q, int64_t slot) const
{
    Units c = ClassUnits(q, 0);
    for (uint32_t f : q.streams)
    {
        c += Accrued(m_flows[f], slot);
    }
    return c;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::HostAccrual(uint32_t host, int64_t slot) const
{
    const Host& h = m_hosts[host];
    if (h.nLazy == 0)
    {
        return 0;
    }
    // Exact modulo 2^64, and the true sum (the bytes accrued) is below 2^63.
    const uint64_t total =
        static_cast<uint64_t>(h.nLazy) * static_cast<uint64_t>(LevelAfter(h, slot)) - h.joinSum;
    return static_cast<Units>(total);
}

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

double
RdcnFluidNetwork::ReadyOf(const Flow& f, uint64_t fromSlot) const
{
    return std::max(SlotStartS(fromSlot), f.startS) + m_hostLinkS;
}

// ------------------------------------------------------------------ queues

uint32_t
RdcnFluidNetwork::GetQueue(uint32_t tor, uint32_t uplink, uint32_t slice)
{
    const bool flat = slice < m_flatSlices;
    const std::size_t cell =
        flat ? (static_cast<std::size_t>(tor) * m_uplinks + uplink) * m_flatSlices + slice : 0;
    const uint64_t key = QueueKey(tor, uplink, slice);
    if (flat)
    {
        if (m_flatIndex[cell] != 0)
        {
            return m_flatIndex[cell] - 1;
        }
    }
    else
    {
        auto it = m_queueIndex.find(key);
        if (it != m_queueIndex.end())
        {
            return it->second;
        }
    }
    uint32_t id;
    if (!m_freeQueues.empty())
    {
        id = m_freeQueues.back();
        m_freeQueues.pop_back();
    }
    else
    {
        id = static_cast<uint32_t>(m_queues.size());
        m_queues.emplace_back();
    }
    Queue& q = m_queues[id];
    q.tor = tor;
    q.uplink = uplink;
    q.slice = slice;
    q.units = 0;
    q.used = true;
    q.listed = false;
    ++q.version;
    if (flat)
    {
        m_flatIndex[cell] = id + 1;
    }
    else
    {
        m_queueIndex.emplace(key, id);
    }
    return id;
}

void
RdcnFluidNetwork::ListQueue(uint32_t queue)
{
    Queue& q = m_queues[queue];
    if (q.listed)
    {
        return;
    }
    q.listed = true;
    if (q.slice >= m_sliceLists.size())
    {
        m_sliceLists.resize(q.slice + 1);
    }
    m_sliceLists[q.slice].push_back(queue);
}

void
RdcnFluidNetwork::ReleaseQueue(uint32_t queue)
{
    Queue& q = m_queues[queue];
    NS_ASSERT(q.units == 0 && q.streams.empty() && q.waiters.empty());
    if (q.slice < m_flatSlices)
    {
        m_flatIndex[(static_cast<std::size_t>(q.tor) * m_uplinks + q.uplink) * m_flatSlices +
                    q.slice] = 0;
    }
    else
    {
        m_queueIndex.erase(QueueKey(q.tor, q.uplink, q.slice));
    }
    std::vector<ClassFifo>().swap(q.classes);
    std::vector<uint32_t>().swap(q.streams);
    std::vector<uint32_t>().swap(q.waiters);
    q.used = false;
    q.listed = false;
    ++q.version;
    m_freeQueues.push_back(queue);
}

void
RdcnFluidNetwork::AddPredict(uint32_t queue)
{
    Queue& q = m_queues[queue];
    if (q.predictRound != m_predictRound)
    {
        q.predictRound = m_predictRound;
        m_predict.push_back(queue);
    }
}

void
RdcnFluidNetwork::Append(uint32_t queue, uint32_t cls, Chunk chunk)
{
    if (chunk.units <= 0)
    {
        return;
    }
    Queue& q = m_queues[queue];
    if (q.classes.size() <= cls)
    {
        q.classes.resize(cls + 1);
        m_maxClasses = std::max<uint32_t>(m_maxClasses, cls + 1);
    }
    ClassFifo& fifo = q.classes[cls];
    const Units units = chunk.units;
    if (!fifo.items.empty())
    {
        Chunk& tail = fifo.items.back();
        if (tail.flow == chunk.flow && tail.ready == chunk.ready && tail.slot == chunk.slot &&
            tail.state.via == chunk.state.via && tail.state.hops == chunk.state.hops &&
            tail.state.route.empty() && chunk.state.route.empty())
        {
            tail.units += units;
            chunk.units = 0;
        }
    }
    if (chunk.units > 0)
    {
        fifo.items.push_back(std::move(chunk));
    }
    fifo.units += units;
    q.units += units;
    m_unitsCalendar += units;
    m_torUnits[q.tor] += units;
    m_peakClass = std::max(m_peakClass, fifo.units);
    m_peakQueue = std::max(m_peakQueue, q.units);
    ++m_moves;
    ListQueue(queue);
}

// ------------------------------------------------------------------ flows and hosts

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

void
RdcnFluidNetwork::EnsureSlotEvent(uint64_t slot)
{
    if (!m_slotEvent.IsExpired() && m_nextSlot <= slot)
    {
        return;
    }
    m_slotEvent.Cancel();
    m_nextSlot = slot;
    const Time at = TimeStep(m_startSteps + m_slotSteps * static_cast<int64_t>(slot));
    m_slotEvent = Simulator::Schedule(std::max(Time(0), at - Simulator::Now()),
                                      &RdcnFluidNetwork::RunSlot,
                                      this,
                                      slot);
}

void
RdcnFluidNetwork::MakeDue(uint32_t host, uint64_t slot)
{
    slot = static_cast<uint64_t>(std::max<int64_t>(static_cast<int64_t>(slot), m_lastSlot + 1));
    Host& h = m_hosts[host];
    const bool pending = h.dueSlot != UINT64_MAX && static_cast<int64_t>(h.dueSlot) > m_lastSlot;
    if (pending && h.dueSlot <= slot)
    {
        return;
    }
    h.dueSlot = slot;
    m_dueHosts[slot].push_back(host);
}

void
RdcnFluidNetwork::Enroll(uint32_t flow, uint64_t fromSlot)
{
    Flow& f = m_flows[flow];
    Host& h = m_hosts[f.src];
    f.fromSlot = fromSlot;
    f.state = RdcnRouteState{};
    Mode mode = SLOT;
    if (!f.local && !m_perSlotRouting)
    {
        RdcnHop hop;
        if (!m_router->NextHop(f.srcTor, fromSlot, f.dstTor, f.hash, f.state, hop))
        {
            NS_LOG_WARN("no route from ToR " << f.srcTor << " to ToR " << f.dstTor << " at slot "
                                             << fromSlot);
            f.mode = STUCK;
            return;
        }
        const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
        f.queue = q;
        f.segEnd = hop.slot;
        Queue& queue = m_queues[q];
        ListQueue(q);
        if (Content0(queue, static_cast<int64_t>(fromSlot) - 1) >= m_limit)
        {
            f.mode = BLOCKED;
            f.queuePos = static_cast<uint32_t>(queue.waiters.size());
            queue.waiters.push_back(flow);
            return;
        }
        mode = LAZY;
        f.queuePos = static_cast<uint32_t>(queue.streams.size());
        queue.streams.push_back(flow);
        AddPredict(q);
    }
    f.mode = mode;
    f.join = LevelAfter(h, static_cast<int64_t>(fromSlot) - 1);
    ++f.version;
    f.hostPos = static_cast<uint32_t>(h.members.size());
    h.members.push_back(flow);
    if (mode == SLOT)
    {
        ++h.nSlot;
    }
    else
    {
        ++h.nLazy;
        h.joinSum += static_cast<uint64_t>(f.join);
    }
    h.heap.push({f.join + f.atHost, flow, f.version});
    MakeDue(f.src, fromSlot);
}

void
RdcnFluidNetwork::RemoveMember(uint32_t flow)
{
    Flow& f = m_flows[flow];
    Host& h = m_hosts[f.src];
    NS_ASSERT(f.mode == LAZY || f.mode == SLOT);
    const uint32_t last = h.members.back();
    h.members[f.hostPos] = last;
    m_flows[last].hostPos = f.hostPos;
    h.members.pop_back();
    if (f.mode == SLOT)
    {
        --h.nSlot;
    }
    else
    {
        --h.nLazy;
        h.joinSum -= static_cast<uint64_t>(f.join);
    }
    ++f.version;
    MakeDue(f.src, m_lastSlot + 1);
}

void
RdcnFluidNetwork::Detach(uint32_t flow)
{
    Flow& f = m_flows[flow];
    Queue& q = m_queues[f.queue];
    std::vector<uint32_t>& list = f.mode == BLOCKED ? q.waiters : q.streams;
    NS_ASSERT(f.queuePos < list.size() && list[f.queuePos] == flow);
    const uint32_t last = list.back();
    list[f.queuePos] = last;
    m_flows[last].queuePos = f.queuePos;
    list.pop_back();
}

void
RdcnFluidNetwork::Block(uint32_t flow, uint32_t queue)
{
    Flow& f = m_flows[flow];
    if (f.mode == LAZY || f.mode == SLOT)
    {
        RemoveMember(flow);
    }
    f.mode = BLOCKED;
    f.queue = queue;
    Queue& q = m_queues[queue];
    f.queuePos = static_cast<uint32_t>(q.waiters.size());
    q.waiters.push_back(flow);
    ListQueue(queue);
}

void
RdcnFluidNetwork::Materialize(uint32_t flow,
                              uint32_t queue,
                              Units units,
                              uint64_t slot,
                              double ready)
{
    if (units <= 0)
    {
        return;
    }
    Flow& f = m_flows[flow];
    Chunk c;
    c.flow = flow;
    c.units = units;
    c.slot = slot;
    c.ready = ready;
    c.state = f.state;
    Append(queue, 0, std::move(c));
    f.atHost -= units;
    m_unitsMaterialized += units;
}

void
RdcnFluidNetwork::ProcessHost(uint32_t host, uint64_t slot)
{
    Host& h = m_hosts[host];
    const int64_t k = static_cast<int64_t>(slot);
    const Units base = LevelAfter(h, k - 1);
    Units capacity = m_hostCap;
    const std::size_t members = h.members.size();
    std::size_t n = members;
    std::vector<std::pair<uint32_t, Units>>& finishing = m_scratchFinishing;
    finishing.clear();
    if (h.heap.size() > 2 * members + 64)
    {
        // Stale entries (older versions) are dropped when they reach the top; rebuild the
        // heap when they outnumber the members.
        std::vector<FinishEntry> entries;
        entries.reserve(members);
        for (uint32_t flow : h.members)
        {
            const Flow& f = m_flows[flow];
            entries.push_back({f.join + f.atHost, flow, f.version});
        }
        h.heap = decltype(h.heap)(std::greater<FinishEntry>(), std::move(entries));
    }
    while (!h.heap.empty())
    {
        const FinishEntry top = h.heap.top();
        const Flow& f = m_flows[top.flow];
        if (!f.active || f.version != top.version || (f.mode != LAZY && f.mode != SLOT))
        {
            h.heap.pop();
            continue;
        }
        const Units left = std::max<Units>(0, top.level - base);
        if (n > 0 && left <= capacity / static_cast<Units>(n)) // left * n <= capacity
        {
            finishing.emplace_back(top.flow, left);
            capacity -= left;
            --n;
            h.heap.pop();
            continue;
        }
        break;
    }
    const Units shareK = n > 0 ? capacity / static_cast<Units>(n) : 0;
    h.levelPrev = base;
    h.level = base + shareK;
    h.levelSlot = slot + 1;
    h.share = n > 0 ? m_hostCap / static_cast<Units>(n) : 0;
    h.usedSlot = slot;
    h.used = m_hostCap - (capacity - shareK * static_cast<Units>(n));

    const double start = SlotStartS(slot);
    for (const auto& [flow, left] : finishing)
    {
        const double fraction =
            std::min(1.0, static_cast<double>(left) * members / static_cast<double>(m_hostCap));
        FinishInjection(flow, slot, start + m_slotS * fraction);
    }
    // Flows routed every slot take this slot's share now.
    if (h.nSlot > 0)
    {
        std::vector<uint32_t>& slotFlows = m_scratchFlows;
        slotFlows.clear();
        for (uint32_t flow : h.members)
        {
            if (m_flows[flow].mode == SLOT)
            {
                slotFlows.push_back(flow);
            }
        }
        for (uint32_t flow : slotFlows)
        {
            Flow& f = m_flows[flow];
            const Units offered = h.level - f.join;
            const Units taken = InjectRouted(flow, offered, slot, ReadyOf(f, slot));
            f.join = h.level;
            if (taken < offered)
            {
                // What the queue could not take stays at the host: its finish level moves.
                ++f.version;
                h.heap.push({f.join + f.atHost, flow, f.version});
            }
        }
    }
    for (uint32_t flow : h.members)
    {
        if (m_flows[flow].mode == LAZY)
        {
            AddPredict(m_flows[flow].queue);
        }
    }
    Reschedule(host);
}

void
RdcnFluidNetwork::Reschedule(uint32_t host)
{
    Host& h = m_hosts[host];
    if (h.members.empty())
    {
        return;
    }
    if (h.nSlot > 0)
    {
        MakeDue(host, h.levelSlot);
        return;
    }
    while (!h.heap.empty())
    {
        const FinishEntry top = h.heap.top();
        const Flow& f = m_flows[top.flow];
        if (!f.active || f.version != top.version || (f.mode != LAZY && f.mode != SLOT))
        {
            h.heap.pop();
            continue;
        }
        if (h.share <= 0)
        {
            return;
        }
        const Units left = std::max<Units>(0, top.level - h.level);
        const Units slots = (left + h.share - 1) / h.share; // ceil(left / share)
        MakeDue(host, h.levelSlot + static_cast<uint64_t>(std::max<Units>(0, slots - 1)));
        return;
    }
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::InjectRouted(uint32_t flow, Units units, uint64_t slot, double ready)
{
    Flow& f = m_flows[flow];
    if (units <= 0)
    {
        return 0;
    }
    if (f.local)
    {
        f.atHost -= units;
        m_unitsMaterialized += units;
        Deliver(flow, units, ready, ready);
        return units;
    }
    Units taken = 0;
    uint32_t lastQueue = UINT32_MAX;
    for (uint32_t attempt = 0; attempt < m_routeAttempts && taken < units; ++attempt)
    {
        RdcnRouteState st;
        RdcnHop hop;
        if (!m_router->NextHop(f.srcTor, slot, f.dstTor, f.hash, st, hop))
        {
            break;
        }
        const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
        if (q == lastQueue)
        {
            continue;
        }
        lastQueue = q;
        const Units room = m_limit - Content0(m_queues[q], static_cast<int64_t>(slot));
        const Units x = std::min(units - taken, std::max<Units>(0, room));
        if (x > 0)
        {
            Chunk c;
            c.flow = flow;
            c.units = x;
            c.slot = slot;
            c.ready = ready;
            c.state = st;
            Append(q, 0, std::move(c));
            f.atHost -= x;
            m_unitsMaterialized += x;
            taken += x;
        }
        else
        {
            ListQueue(q);
        }
    }
    return taken;
}

void
RdcnFluidNetwork::FinishInjection(uint32_t flow, uint64_t slot, double when)
{
    Flow& f = m_flows[flow];
    const Mode mode = f.mode;
    RemoveMember(flow);
    if (mode == SLOT)
    {
        const Units all = f.atHost;
        InjectRouted(flow, all, slot, ReadyOf(f, slot));
        if (f.atHost > 0)
        {
            // The queue had no room for all: the rest waits for the next slot.
            f.mode = SLOT;
            Enroll(flow, slot + 1);
            return;
        }
    }
    else
    {
        const uint32_t q = f.queue;
        Detach(flow);
        f.mode = DONE;
        const Units room = m_limit - Content0(m_queues[q], static_cast<int64_t>(slot));
        const Units x = std::min(f.atHost, std::max<Units>(0, room));
        Materialize(flow, q, x, slot, ReadyOf(f, f.fromSlot));
        if (f.atHost > 0)
        {
            Block(flow, q);
            return;
        }
    }
    MarkInjected(flow, when);
}

void
RdcnFluidNetwork::Predict(uint32_t queue, uint64_t slot)
{
    Queue& q = m_queues[queue];
    if (!q.used || q.streams.empty())
    {
        return;
    }
    const int64_t k = static_cast<int64_t>(slot);
    const Units content = Content0(q, k);
    if (content > m_limit)
    {
        CapFill(queue, slot);
        return;
    }
    Units growth = 0;
    uint64_t service = 0;
    for (uint32_t flow : q.streams)
    {
        growth += m_hosts[m_flows[flow].src].share;
        service = std::max(service, m_flows[flow].segEnd);
    }
    if (growth <= 0)
    {
        return;
    }
    const uint64_t fill = slot + static_cast<uint64_t>((m_limit - content) / growth) + 1;
    if (fill > service)
    {
        return; // its slot comes first
    }
    ++q.version;
    m_fills.push({fill, queue, q.version});
}

void
RdcnFluidNetwork::CapFill(uint32_t queue, uint64_t slot)
{
    Queue& q = m_queues[queue];
    const int64_t k = static_cast<int64_t>(slot);
    std::vector<uint32_t> streams = q.streams;
    std::vector<Units> before(streams.size());
    std::vector<Units> demand(streams.size());
    Units room = m_limit - ClassUnits(q, 0);
    Units total = 0;
    for (std::size_t i = 0; i < streams.size(); ++i)
    {
        const Flow& f = m_flows[streams[i]];
        before[i] = LevelAfter(m_hosts[f.src], k - 1) - f.join;
        demand[i] = LevelAfter(m_hosts[f.src], k) - f.join - before[i];
        room -= before[i];
        total += demand[i];
    }
    room = std::max<Units>(0, room);
    Units left = m_limit - ClassUnits(q, 0);
    NS_LOG_LOGIC("queue " << q.tor << "/" << q.uplink << "/" << q.slice << " fills in slot " << slot
                          << ": " << streams.size() << " flows blocked");
    for (std::size_t i = 0; i < streams.size(); ++i)
    {
        const uint32_t flow = streams[i];
        Flow& f = m_flows[flow];
        const Units take =
            total > 0 ? static_cast<Units>(static_cast<long double>(room) * demand[i] / total) : 0;
        const Units x = std::max<Units>(0, std::min(before[i] + take, left));
        left -= x;
        Detach(flow);
        const double ready = ReadyOf(f, f.fromSlot);
        // Block() removes the member with its current join level; materialize afterwards.
        f.queue = queue;
        Block(flow, queue);
        Materialize(flow, queue, x, slot, ready);
    }
    ++q.version;
}

// ------------------------------------------------------------------ service

void
RdcnFluidNetwork::Deliver(uint32_t flow, Units units, double first, double last)
{
    Flow& f = m_flows[flow];
    Host& d = m_hosts[f.dst];
    const double s = std::max(d.egressFree, first);
    const double end = std::max(s + units / m_hostUps, last);
    d.egressFree = end;
    const double at = end + m_hostLinkS;
    const int64_t steps = ToSteps(at);
    d.egress.emplace_back(steps, units);
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
    while (!h.egress.empty() && h.egress.front().first <= now)
    {
        m_unitsDelivered += h.egress.front().second;
        m_unitsEgress -= h.egress.front().second;
        h.egress.pop_front();
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
        if (h.egress.empty())
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

void
RdcnFluidNetwork::ServeQueue(uint32_t queue, uint64_t slot, double& cursor)
{
    Queue& q = m_queues[queue];
    const int32_t peer = m_schedule->GetPeer(q.tor, q.uplink, slot);
    if (peer == RdcnSchedule::NO_PEER || q.units == 0)
    {
        return;
    }
    const uint32_t next = static_cast<uint32_t>(peer);
    const double slotEnd = SlotStartS(slot + 1);
    for (std::size_t c = q.classes.size(); c-- > 0;)
    {
        ClassFifo& fifo = q.classes[c];
        std::size_t keep = 0;
        for (std::size_t i = 0; i < fifo.items.size(); ++i)
        {
            Chunk& chunk = fifo.items[i];
            const double start = std::max(cursor, chunk.ready);
            const Units capacity = chunk.slot <= slot ? CapacityUnits(slotEnd - start, m_upUps) : 0;
            Units x = std::min(chunk.units, capacity);
            if (x > 0)
            {
                const Flow& f = m_flows[chunk.flow];
                if (next == f.dstTor)
                {
                    const double end = start + x / m_upUps;
                    Deliver(chunk.flow, x, start + m_fibreS, end + m_fibreS);
                    cursor = end;
                }
                else
                {
                    RdcnRouteState st = chunk.state;
                    RdcnHop hop;
                    if (m_router->NextHop(next, slot + 1, f.dstTor, f.hash, st, hop))
                    {
                        const uint32_t q2 =
                            GetQueue(next, hop.uplink, m_schedule->GetSlice(hop.slot));
                        const uint32_t cls = static_cast<uint32_t>(c) + 1;
                        const Units room = m_limit - ClassUnits(m_queues[q2], cls);
                        x = std::min(x, std::max<Units>(0, room));
                        if (x > 0)
                        {
                            const double end = start + x / m_upUps;
                            Chunk moved;
                            moved.flow = chunk.flow;
                            moved.units = x;
                            moved.slot = slot + 1;
                            moved.ready = end + m_fibreS;
                            moved.state = std::move(st);
                            Append(q2, cls, std::move(moved));
                            cursor = end;
                        }
                        else
                        {
                            ListQueue(q2);
                        }
                    }
                    else
                    {
                        NS_LOG_WARN("no route from ToR " << next << " to ToR " << f.dstTor
                                                         << " after slot " << slot);
                        x = 0;
                    }
                }
                if (x > 0)
                {
                    chunk.units -= x;
                    fifo.units -= x;
                    q.units -= x;
                    m_unitsCalendar -= x;
                    m_torUnits[q.tor] -= x;
                    ++m_moves;
                }
            }
            if (chunk.units > 0)
            {
                if (keep != i)
                {
                    fifo.items[keep] = std::move(chunk);
                }
                ++keep;
            }
        }
        fifo.items.resize(keep);
    }
}

void
RdcnFluidNetwork::ServiceOf(uint32_t queue, uint64_t slot)
{
    const int64_t k = static_cast<int64_t>(slot);
    std::vector<uint32_t>& rerouted = m_scratchRerouted;
    rerouted.clear();
    {
        Queue& q = m_queues[queue];
        // The accruals of the flows whose hop is this slot become chunks.
        std::vector<uint32_t>& streams = m_scratchStreams;
        streams.assign(q.streams.begin(), q.streams.end());
        for (uint32_t flow : streams)
        {
            Flow& f = m_flows[flow];
            if (f.segEnd > slot)
            {
                continue;
            }
            const Units a = Accrued(f, k);
            const double ready = ReadyOf(f, f.fromSlot);
            Detach(flow);
            Materialize(flow, queue, a, slot, ready);
            Host& h = m_hosts[f.src];
            const Units join = LevelAfter(h, k);
            h.joinSum += static_cast<uint64_t>(join - f.join);
            f.join = join;
            rerouted.push_back(flow);
        }
        // Peak of the ToR's queues, accruals included, just before its circuits serve.
        Units tor = m_torUnits[q.tor];
        for (uint32_t i = 0; i < m_hostsPerTor; ++i)
        {
            tor += HostAccrual(q.tor * m_hostsPerTor + i, k);
        }
        m_peakTor = std::max(m_peakTor, tor);
    }
    Queue& q = m_queues[queue];
    if (m_schedule->GetPeer(q.tor, q.uplink, slot) != RdcnSchedule::NO_PEER)
    {
        double cursor = WindowStartS(q.tor, q.uplink, slot);
        ServeQueue(queue, slot, cursor);
        SetOpenCursor(q.tor, q.uplink, slot, cursor);
    }
    // Flows that waited for room route again from the next slot.
    if (!q.waiters.empty() && Content0(q, k) < m_limit)
    {
        std::vector<uint32_t> waiters;
        waiters.swap(q.waiters);
        for (uint32_t flow : waiters)
        {
            Flow& f = m_flows[flow];
            f.mode = DONE; // not a member, not in a list
            Enroll(flow, slot + 1);
        }
    }
    for (uint32_t flow : rerouted)
    {
        Resegment(flow, slot + 1);
    }
}

void
RdcnFluidNetwork::Resegment(uint32_t flow, uint64_t ready)
{
    // A LAZY member whose join level is up to date (ready - 1): route its next segment.
    Flow& f = m_flows[flow];
    RdcnHop hop;
    f.state = RdcnRouteState{};
    f.fromSlot = ready;
    if (!m_router->NextHop(f.srcTor, ready, f.dstTor, f.hash, f.state, hop))
    {
        NS_LOG_WARN("no route from ToR " << f.srcTor << " to ToR " << f.dstTor);
        RemoveMember(flow);
        f.mode = STUCK;
        return;
    }
    const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
    f.queue = q;
    f.segEnd = hop.slot;
    Queue& target = m_queues[q];
    ListQueue(q);
    if (Content0(target, static_cast<int64_t>(ready) - 1) >= m_limit)
    {
        RemoveMember(flow);
        f.mode = BLOCKED;
        f.queuePos = static_cast<uint32_t>(target.waiters.size());
        target.waiters.push_back(flow);
        return;
    }
    f.queuePos = static_cast<uint32_t>(target.streams.size());
    target.streams.push_back(flow);
    AddPredict(q);
}

void
RdcnFluidNetwork::Installed(uint64_t fromSlot)
{
    NS_LOG_FUNCTION(this << fromSlot);
    // A later install replaces the cycles from its slot on: keep the slots in order.
    m_installs.erase(std::remove_if(m_installs.begin(),
                                    m_installs.end(),
                                    [fromSlot](uint64_t s) { return s >= fromSlot; }),
                     m_installs.end());
    m_installs.push_back(fromSlot);
    if (m_active > 0 && static_cast<int64_t>(fromSlot) > m_lastSlot)
    {
        EnsureSlotEvent(fromSlot);
    }
}

void
RdcnFluidNetwork::Rehome(uint64_t slot)
{
    // A new cycle begins: slices mean other circuits now (and there may be more or fewer of
    // them), so every chunk is routed again from where it is, every flow at a host routes its
    // next segment from this slot, and the queues are rebuilt. Queues may exceed QueueLimit
    // until their next slot (nothing is dropped).
    NS_LOG_FUNCTION(this << slot);
    const int64_t k = static_cast<int64_t>(slot);
    std::vector<uint32_t> lazy;
    std::vector<uint32_t> waiting;

    struct Held
    {
        uint32_t tor;
        uint32_t cls;
        Chunk chunk;
    };

    std::vector<Held> held;
    for (uint32_t id = 0; id < m_queues.size(); ++id)
    {
        Queue& q = m_queues[id];
        if (!q.used)
        {
            continue;
        }
        std::vector<uint32_t> streams = q.streams;
        for (uint32_t flow : streams)
        {
            Flow& f = m_flows[flow];
            const Units a = Accrued(f, k - 1);
            const double ready = ReadyOf(f, f.fromSlot);
            Detach(flow);
            Materialize(flow, id, a, slot, ready);
            Host& h = m_hosts[f.src];
            const Units join = LevelAfter(h, k - 1);
            h.joinSum += static_cast<uint64_t>(join - f.join);
            f.join = join;
            lazy.push_back(flow);
        }
        for (uint32_t flow : q.waiters)
        {
            m_flows[flow].mode = DONE;
            waiting.push_back(flow);
        }
        q.waiters.clear();
        for (uint32_t c = 0; c < q.classes.size(); ++c)
        {
            for (Chunk& chunk : q.classes[c].items)
            {
                held.push_back({q.tor, c, std::move(chunk)});
            }
            q.classes[c].items.clear();
            q.classes[c].units = 0;
        }
        m_unitsCalendar -= q.units;
        m_torUnits[q.tor] -= q.units;
        q.units = 0;
        ReleaseQueue(id);
    }
    for (auto& list : m_sliceLists)
    {
        list.clear();
    }
    const uint32_t slices = m_schedule->GetNSlicesAt(slot);
    if (m_sliceLists.size() < slices)
    {
        m_sliceLists.resize(slices);
    }
    for (Held& e : held)
    {
        const Flow& f = m_flows[e.chunk.flow];
        RdcnRouteState st = e.cls == 0 ? RdcnRouteState{} : e.chunk.state;
        RdcnHop hop;
        uint32_t q;
        if (m_router->NextHop(e.tor, slot, f.dstTor, f.hash, st, hop))
        {
            q = GetQueue(e.tor, hop.uplink, m_schedule->GetSlice(hop.slot));
            e.chunk.state = std::move(st);
        }
        else
        {
            NS_LOG_WARN("no route from ToR " << e.tor << " to ToR " << f.dstTor << " in the cycle "
                                             << "installed at slot " << slot);
            q = GetQueue(e.tor, 0, 0);
        }
        e.chunk.slot = std::max(e.chunk.slot, slot);
        Append(q, e.cls, std::move(e.chunk));
        --m_moves; // re-filed, not moved
    }
    for (uint32_t flow : lazy)
    {
        Resegment(flow, slot);
    }
    for (uint32_t flow : waiting)
    {
        Enroll(flow, slot);
    }
}

void
RdcnFluidNetwork::RunSlot(uint64_t slot)
{
    NS_LOG_FUNCTION(this << slot);
    if (!m_installs.empty() && m_installs.front() <= slot)
    {
        // Before this slot counts as stepped, so that flows re-enrolled take part in it.
        while (!m_installs.empty() && m_installs.front() <= slot)
        {
            m_installs.erase(m_installs.begin());
        }
        Rehome(slot);
    }
    m_lastSlot = static_cast<int64_t>(slot);
    ++m_slots;
    PopAllEgress();

    // 1. Hosts whose share changes (or whose flows route every slot).
    auto due = m_dueHosts.find(slot);
    if (due != m_dueHosts.end())
    {
        std::vector<uint32_t> hosts = std::move(due->second);
        m_dueHosts.erase(due);
        for (uint32_t host : hosts)
        {
            if (m_hosts[host].dueSlot == slot)
            {
                m_hosts[host].dueSlot = UINT64_MAX;
                ProcessHost(host, slot);
            }
        }
    }
    // 2. Queues that may fill in this slot.
    {
        std::vector<uint32_t> predict;
        predict.swap(m_predict);
        ++m_predictRound;
        for (uint32_t queue : predict)
        {
            Predict(queue, slot);
        }
        while (!m_fills.empty() && m_fills.top().slot <= slot)
        {
            const FillEntry e = m_fills.top();
            m_fills.pop();
            if (m_queues[e.queue].used && m_queues[e.queue].version == e.version)
            {
                Predict(e.queue, slot);
            }
        }
    }
    // 3. The circuits of this slot serve their queues.
    const uint32_t slice = m_schedule->GetSlice(slot);
    if (slice >= m_sliceLists.size())
    {
        m_sliceLists.resize(slice + 1);
    }
    std::vector<uint32_t> list;
    list.swap(m_sliceLists[slice]);
    ++m_visit;
    for (uint32_t queue : list)
    {
        Queue& q = m_queues[queue];
        if (!q.used || !q.listed || q.slice != slice || q.visit == m_visit)
        {
            continue;
        }
        q.visit = m_visit;
        q.listed = false;
        ServiceOf(queue, slot);
        Queue& after = m_queues[queue];
        if (after.units == 0 && after.streams.empty() && after.waiters.empty())
        {
            ReleaseQueue(queue);
        }
        else
        {
            ListQueue(queue);
        }
    }
    if (m_active > 0)
    {
        EnsureSlotEvent(slot + 1);
    }
}

void
RdcnFluidNetwork::MidSlotStart(uint32_t flow, uint64_t slot)
{
    Flow& f = m_flows[flow];
    Host& h = m_hosts[f.src];
    if (h.usedSlot != slot)
    {
        h.usedSlot = slot;
        h.used = static_cast<Units>(h.members.size()) * h.share;
    }
    const double now = Simulator::Now().GetSeconds();
    const double t0 = std::max(now, h.nicFree);
    const double slotEnd = SlotStartS(slot + 1);
    const Units spare = std::max<Units>(0, m_hostCap - h.used);
    const Units nic = CapacityUnits(slotEnd - t0, m_hostUps);
    const Units x = std::min({f.atHost, spare, nic});
    if (x > 0)
    {
        const double ready = t0 + m_hostLinkS;
        Units taken = 0;
        if (f.local)
        {
            taken = InjectRouted(flow, x, slot, ready);
        }
        else
        {
            RdcnRouteState st;
            RdcnHop hop;
            if (m_router->NextHop(f.srcTor, slot, f.dstTor, f.hash, st, hop))
            {
                const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
                const Units room = m_limit - Content0(m_queues[q], static_cast<int64_t>(slot));
                taken = std::min(x, std::max<Units>(0, room));
                if (taken > 0)
                {
                    Chunk c;
                    c.flow = flow;
                    c.units = taken;
                    c.slot = slot;
                    c.ready = ready;
                    c.state = st;
                    Append(q, 0, std::move(c));
                    f.atHost -= taken;
                    m_unitsMaterialized += taken;
                    Queue& queue = m_queues[q];
                    if (hop.slot == slot &&
                        m_schedule->GetPeer(queue.tor, queue.uplink, slot) != RdcnSchedule::NO_PEER)
                    {
                        // Its circuit is lit now: it may still carry the chunk in this slot.
                        double cursor = OpenCursor(queue.tor, queue.uplink, slot);
                        ServeQueue(q, slot, cursor);
                        SetOpenCursor(queue.tor, queue.uplink, slot, cursor);
                    }
                }
                else
                {
                    ListQueue(q);
                }
            }
        }
        h.used += taken;
        h.nicFree = t0 + taken / m_hostUps;
        if (f.atHost == 0)
        {
            MarkInjected(flow, h.nicFree);
            return;
        }
    }
    Enroll(flow, slot + 1);
}

// ------------------------------------------------------------------ counters

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
        for (const ClassFifo& c : q.classes)
        {
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

uint32_t
RdcnFluidNetwork::GetNEndpoints() const
{
    return GetNHosts();
}

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
