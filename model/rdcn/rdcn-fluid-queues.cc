/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnFluidNetwork: its calendar queues (ToR, uplink, slice): finding and releasing them,
// appending chunks, flows' membership in them, and predicting and capping when they fill.

#include "rdcn-fluid-network-detail.h"
#include "rdcn-fluid-network.h"

#include "ns3/log.h"

#include <algorithm>
#include <vector>

namespace ns3
{

namespace
{

/// Key of a calendar queue.
uint64_t
QueueKey(uint32_t tor, uint32_t uplink, uint32_t slice)
{
    return (static_cast<uint64_t>(tor) << 40) | (static_cast<uint64_t>(uplink) << 32) | slice;
}

/// The fluid network's log component, under its one name.
LogComponent& g_log = rdcnfluiddetail::FluidLog();

} // namespace

// ------------------------------------------------------------------ the queue pool

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
    std::vector<ClassFifo>().swap(q.priority);
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
    std::vector<ClassFifo>& fifos = (cls & PRIORITY_CLASS) ? q.priority : q.classes;
    const uint32_t index = cls & ~PRIORITY_CLASS;
    if (fifos.size() <= index)
    {
        fifos.resize(index + 1);
        m_maxClasses = std::max<uint32_t>(m_maxClasses, index + 1);
    }
    ClassFifo& fifo = fifos[index];
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

// ------------------------------------------------------------------ flows in a queue

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

// ------------------------------------------------------------------ fill prediction

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

} // namespace ns3
