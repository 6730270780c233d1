/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnFluidNetwork slot by slot: the step of each slot, the circuits serving their calendar
// queues (routing served bytes on to the next ToR), and the re-routing when a new cycle is
// installed.

#include "rdcn-fluid-network-detail.h"
#include "rdcn-fluid-network.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <vector>

namespace ns3
{

namespace
{
/// The fluid network's log component, under its one name.
LogComponent& g_log = rdcnfluiddetail::FluidLog();
} // namespace

// ------------------------------------------------------------------ the slot step

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
    if (m_rotorLb)
    {
        // RotorLB: every circuit of a ToR holding bytes may carry its excess, even one whose
        // own queue is empty.
        for (uint32_t tor = 0; tor < m_tors; ++tor)
        {
            if (m_torUnits[tor] == 0)
            {
                continue;
            }
            for (uint32_t uplink = 0; uplink < m_uplinks; ++uplink)
            {
                if (m_schedule->GetPeer(tor, uplink, slot) != RdcnSchedule::NO_PEER)
                {
                    ListQueue(GetQueue(tor, uplink, slice));
                }
            }
        }
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

// ------------------------------------------------------------------ circuit service

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
        if (m_reroutes)
        {
            RouteLeftover(queue, slot);
        }
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
RdcnFluidNetwork::ServeQueue(uint32_t queue, uint64_t slot, double& cursor)
{
    const Queue& q = m_queues[queue];
    const int32_t peer = m_schedule->GetPeer(q.tor, q.uplink, slot);
    if (peer == RdcnSchedule::NO_PEER || (q.units == 0 && !m_rotorLb))
    {
        return;
    }
    const uint32_t next = static_cast<uint32_t>(peer);
    // Priority classes (low-latency flows) first, then bulk; in each the bytes that crossed
    // the most circuits first.
    for (const uint32_t family : {PRIORITY_CLASS, 0u})
    {
        const std::size_t classes =
            family ? m_queues[queue].priority.size() : m_queues[queue].classes.size();
        for (std::size_t c = classes; c-- > 0;)
        {
            ServeClass(queue, family | static_cast<uint32_t>(c), next, slot, cursor);
        }
    }
    if (m_rotorLb && cursor < SlotStartS(slot + 1))
    {
        Offload(queue, next, slot, cursor);
    }
}

void
RdcnFluidNetwork::ServeClass(uint32_t queue,
                             uint32_t cls,
                             uint32_t next,
                             uint64_t slot,
                             double& cursor)
{
    const uint32_t tor = m_queues[queue].tor;
    const double slotEnd = SlotStartS(slot + 1);
    // GetQueue below may grow m_queues (a deque: fifo and chunk stay where they are).
    ClassFifo& fifo = FifoOf(m_queues[queue], cls);
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
                if (RouterOf(f)->NextHop(next, slot + 1, f.dstTor, f.hash, st, hop))
                {
                    const uint32_t q2 = GetQueue(next, hop.uplink, m_schedule->GetSlice(hop.slot));
                    const uint32_t onward = cls + 1; // one more circuit, same family
                    const Units room = m_limit - ClassUnits(m_queues[q2], onward);
                    x = std::min(x, std::max<Units>(0, room));
                    if (x > 0)
                    {
                        const double end = start + x / m_upUps;
                        Append(q2, onward, Onward(chunk.flow, x, slot, end, std::move(st)));
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
                m_queues[queue].units -= x;
                m_unitsCalendar -= x;
                m_torUnits[tor] -= x;
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

void
RdcnFluidNetwork::RouteLeftover(uint32_t queue, uint64_t slot)
{
    // Bytes of earliest-path flows (hoho, ksp) that were due in this slot but did not fit in
    // its window: routed again from this ToR from the next slot on (their next earliest path),
    // instead of waiting a whole cycle for this slice. Each class keeps its bytes' class.
    const uint32_t tor = m_queues[queue].tor;
    for (const uint32_t family : {PRIORITY_CLASS, 0u})
    {
        const std::size_t nClasses =
            family ? m_queues[queue].priority.size() : m_queues[queue].classes.size();
        for (std::size_t c = 0; c < nClasses; ++c)
        {
            const uint32_t cls = family | static_cast<uint32_t>(c);
            std::size_t keep = 0;
            // GetQueue may grow m_queues (a deque: the FIFO stays where it is).
            ClassFifo& fifo = FifoOf(m_queues[queue], cls);
            for (std::size_t i = 0; i < fifo.items.size(); ++i)
            {
                Chunk& chunk = fifo.items[i];
                const Flow& f = m_flows[chunk.flow];
                const RdcnRouter::Scheme scheme = RouterOf(f)->GetScheme();
                bool moved = false;
                if (chunk.slot <= slot && (scheme == RdcnRouter::HOHO || scheme == RdcnRouter::KSP))
                {
                    RdcnRouteState st = chunk.state;
                    RdcnHop hop;
                    if (RouterOf(f)->NextHop(tor, slot + 1, f.dstTor, f.hash, st, hop))
                    {
                        const uint32_t to =
                            GetQueue(tor, hop.uplink, m_schedule->GetSlice(hop.slot));
                        if (to != queue && ClassUnits(m_queues[to], cls) + chunk.units <= m_limit)
                        {
                            const Units units = chunk.units;
                            fifo.units -= units;
                            m_queues[queue].units -= units;
                            m_unitsCalendar -= units;
                            m_torUnits[tor] -= units;
                            Chunk next = std::move(chunk);
                            next.slot = slot + 1;
                            next.state = std::move(st);
                            Append(to, cls, std::move(next));
                            moved = true;
                        }
                    }
                }
                if (!moved)
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
}

RdcnFluidNetwork::Chunk
RdcnFluidNetwork::Onward(uint32_t flow,
                         Units units,
                         uint64_t slot,
                         double end,
                         RdcnRouteState state) const
{
    // Bytes that crossed a circuit of slot, their last byte sent at end: at the next ToR from
    // the fibre's delay later, and from the next slot on (a hop takes the rest of its slot).
    Chunk moved;
    moved.flow = flow;
    moved.units = units;
    moved.slot = slot + 1;
    moved.ready = end + m_fibreS;
    moved.state = std::move(state);
    return moved;
}

void
RdcnFluidNetwork::Offload(uint32_t queue, uint32_t peer, uint64_t slot, double& cursor)
{
    // RotorLB: what the circuit to peer has left of its window carries other destinations'
    // excess (bytes beyond what the ToR's own next direct window to them carries), as much as
    // peer's next direct window to each can carry on.
    const uint32_t tor = m_queues[queue].tor;
    const double slotEnd = SlotStartS(slot + 1);
    for (uint32_t i = 0; i + 1 < m_tors && cursor < slotEnd; ++i)
    {
        const uint32_t d = static_cast<uint32_t>((slot + i) % (m_tors - 1));
        const uint32_t dst = d + (d >= tor ? 1 : 0);
        RdcnHop own;
        if (dst == peer || !m_router->DirectHop(tor, slot + 1, dst, own))
        {
            continue;
        }
        const uint32_t from = GetQueue(tor, own.uplink, m_schedule->GetSlice(own.slot));
        const Units excess = m_queues[from].units - WindowUnits(own);
        RdcnHop onward;
        if (from == queue || excess <= 0 || m_queues[from].classes.empty() ||
            !m_router->DirectHop(peer, slot + 1, dst, onward))
        {
            continue;
        }
        const uint32_t to = GetQueue(peer, onward.uplink, m_schedule->GetSlice(onward.slot));
        Units x =
            std::min({excess, WindowRoom(to, onward, 1), CapacityUnits(slotEnd - cursor, m_upUps)});
        // The newest local bytes go: the tail of the class-0 FIFO, bytes already at the ToR.
        ClassFifo& fifo = m_queues[from].classes[0];
        while (x > 0 && !fifo.items.empty())
        {
            Chunk& chunk = fifo.items.back();
            if (chunk.slot > slot || chunk.ready > cursor)
            {
                break;
            }
            const Units y = std::min(x, chunk.units);
            const double end = cursor + y / m_upUps;
            Chunk moved = Onward(chunk.flow, y, slot, end, chunk.state);
            chunk.units -= y;
            fifo.units -= y;
            m_queues[from].units -= y;
            m_unitsCalendar -= y;
            m_torUnits[tor] -= y;
            if (chunk.units == 0)
            {
                fifo.items.pop_back();
            }
            Append(to, 1, std::move(moved));
            cursor = end;
            x -= y;
            ++m_offloaded;
        }
    }
}

// ------------------------------------------------------------------ installed cycles

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
        for (const uint32_t family : {0u, PRIORITY_CLASS})
        {
            std::vector<ClassFifo>& fifos = family ? q.priority : q.classes;
            for (uint32_t c = 0; c < fifos.size(); ++c)
            {
                for (Chunk& chunk : fifos[c].items)
                {
                    held.push_back({q.tor, family | c, std::move(chunk)});
                }
                fifos[c].items.clear();
                fifos[c].units = 0;
            }
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
        RdcnRouteState st = (e.cls & ~PRIORITY_CLASS) == 0 ? RdcnRouteState{} : e.chunk.state;
        RdcnHop hop;
        uint32_t q;
        if (RouterOf(f)->NextHop(e.tor, slot, f.dstTor, f.hash, st, hop))
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

} // namespace ns3
