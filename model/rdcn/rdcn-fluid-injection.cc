/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnFluidNetwork at the source hosts: each host's NIC shared among its flows by water-filling
// (host levels, due slots), and the routing of a flow's injected bytes into the calendar queues.

#include "rdcn-fluid-network-detail.h"
#include "rdcn-fluid-network.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace ns3
{

namespace
{
/// The fluid network's log component, under its one name.
LogComponent& g_log = rdcnfluiddetail::FluidLog();
} // namespace

// ------------------------------------------------------------------ the NIC share

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
    if (!f.local && !m_perSlotRouting && !f.lowLatency)
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

// ------------------------------------------------------------------ injection at the source

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
    if (f.lowLatency)
    {
        return InjectLowLatency(flow, units, slot, ready);
    }
    if (m_rotorLb)
    {
        return InjectRotorLb(flow, units, slot, ready);
    }
    // VLB: the slot's bytes split evenly over k of the router's intermediates, from an offset
    // that turns with the slot.
    const uint32_t candidates = m_router->GetNIntermediates(f.srcTor, f.dstTor);
    const uint32_t k = m_vlbSplit == 0 ? candidates : std::min(m_vlbSplit, candidates);
    const uint64_t offset = (slot * k + f.hash) % candidates;
    std::vector<RdcnRouteState>& states = m_scratchStates;
    std::vector<uint32_t>& queues = m_scratchQueues;
    states.assign(k, RdcnRouteState());
    queues.resize(k);
    for (uint32_t j = 0; j < k; ++j)
    {
        states[j].via = static_cast<int32_t>(
            m_router->GetIntermediate(f.srcTor,
                                      f.dstTor,
                                      static_cast<uint32_t>((offset + j) % candidates)));
        RdcnHop hop;
        if (!m_router->NextHop(f.srcTor, slot, f.dstTor, f.hash, states[j], hop))
        {
            return 0;
        }
        queues[j] = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
    }
    // Parts that share a queue share its room: count them on a sorted copy.
    std::vector<uint32_t>& sorted = m_scratchSorted;
    sorted.assign(queues.begin(), queues.end());
    std::sort(sorted.begin(), sorted.end());
    // Even parts (the first units % k one unit more), all cut alike to the tightest room.
    const Units base = units / static_cast<Units>(k);
    const Units extra = units % static_cast<Units>(k);
    Units cap = base + 1;
    for (std::size_t i = 0; i < sorted.size();)
    {
        std::size_t j = i;
        while (j < sorted.size() && sorted[j] == sorted[i])
        {
            ++j;
        }
        const Units room = m_limit - Content0(m_queues[sorted[i]], static_cast<int64_t>(slot));
        cap = std::min(cap, std::max<Units>(0, room) / static_cast<Units>(j - i));
        i = j;
    }
    Units taken = 0;
    for (uint32_t j = 0; j < k; ++j)
    {
        const Units x = std::min(base + (j < extra ? 1 : 0), cap);
        if (x <= 0)
        {
            ListQueue(queues[j]);
            continue;
        }
        Inject(flow, queues[j], x, slot, ready, states[j]);
        taken += x;
    }
    return taken;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::WindowRoom(uint32_t queue, const RdcnHop& hop, uint32_t cls) const
{
    // What the hop's circuit can still carry in its window, beyond what its queue holds, and
    // what the queue's class has room for.
    const Queue& q = m_queues[queue];
    const Units carries = WindowUnits(hop) - q.units;
    return std::max<Units>(0, std::min(carries, m_limit - ClassUnits(q, cls)));
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::WindowUnits(const RdcnHop& hop) const
{
    return CapacityUnits(SlotStartS(hop.slot + 1) - WindowStartS(hop.tor, hop.uplink, hop.slot),
                         m_upUps);
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::InjectRotorLb(uint32_t flow, Units units, uint64_t slot, double ready)
{
    // RotorLB injects into the direct circuit's queue only; its excess moves to intermediates
    // when a circuit has time left (Offload).
    const Flow& f = m_flows[flow];
    RdcnHop direct;
    if (!m_router->DirectHop(f.srcTor, slot, f.dstTor, direct))
    {
        return 0;
    }
    const uint32_t q = GetQueue(f.srcTor, direct.uplink, m_schedule->GetSlice(direct.slot));
    const Units x = std::min(units, m_limit - Content0(m_queues[q], static_cast<int64_t>(slot)));
    if (x <= 0)
    {
        ListQueue(q);
        return 0;
    }
    Inject(flow, q, x, slot, ready, RdcnRouteState());
    return x;
}

RdcnFluidNetwork::Units
RdcnFluidNetwork::InjectLowLatency(uint32_t flow, Units units, uint64_t slot, double ready)
{
    // A low-latency flow's bytes of the slot: one path of its router, into the priority class.
    const Flow& f = m_flows[flow];
    RdcnRouteState st;
    RdcnHop hop;
    if (!m_lowLatencyRouter->NextHop(f.srcTor, slot, f.dstTor, f.hash, st, hop))
    {
        return 0;
    }
    const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
    const Units x = std::min(units, RoomFor(f, m_queues[q], static_cast<int64_t>(slot)));
    if (x <= 0)
    {
        ListQueue(q);
        return 0;
    }
    Inject(flow, q, x, slot, ready, st);
    return x;
}

void
RdcnFluidNetwork::Inject(uint32_t flow,
                         uint32_t queue,
                         Units units,
                         uint64_t slot,
                         double ready,
                         const RdcnRouteState& state)
{
    Chunk c;
    c.flow = flow;
    c.units = units;
    c.slot = slot;
    c.ready = ready;
    c.state = state;
    Append(queue, FirstClassOf(m_flows[flow]), std::move(c));
    m_flows[flow].atHost -= units;
    m_unitsMaterialized += units;
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
            if (RouterOf(f)->NextHop(f.srcTor, slot, f.dstTor, f.hash, st, hop))
            {
                const uint32_t q = GetQueue(f.srcTor, hop.uplink, m_schedule->GetSlice(hop.slot));
                taken = std::min(x, RoomFor(f, m_queues[q], static_cast<int64_t>(slot)));
                if (taken > 0)
                {
                    Inject(flow, q, taken, slot, ready, st);
                    Queue& queue = m_queues[q];
                    if (hop.slot == slot &&
                        m_schedule->GetPeer(queue.tor, queue.uplink, slot) != RdcnSchedule::NO_PEER)
                    {
                        // Its circuit is lit now: it may still carry the chunk in this slot.
                        double cursor = OpenCursor(queue.tor, queue.uplink, slot);
                        ServeQueue(q, slot, cursor);
                        SetOpenCursor(queue.tor, queue.uplink, slot, cursor);
                        if (m_reroutes)
                        {
                            // What the rest of the window cannot carry takes its next
                            // earliest path (hoho, ksp).
                            RouteLeftover(q, slot);
                        }
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

} // namespace ns3
