/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_FLUID_NETWORK_DETAIL_H
#define RDCN_FLUID_NETWORK_DETAIL_H

// Private to RdcnFluidNetwork's source files (not installed): its log component and the small
// helpers they all call on hot paths (slot times, fixed-point capacities, host levels, queue
// contents), defined inline here.

#include "rdcn-fluid-network.h"

#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ns3
{
namespace rdcnfluiddetail
{

/**
 * \brief The log component "RdcnFluidNetwork" (defined in rdcn-fluid-network.cc), which the
 * engine's other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& FluidLog();

/// Slack of the fixed-point capacity of a time span (units): absorbs the rounding of a
/// window's exact capacity, so that a window of 48 us at 10 Gb/s carries all its 60000 bytes.
constexpr double CAPACITY_SLACK = 1e-4;

} // namespace rdcnfluiddetail

// ------------------------------------------------------------------ slot times and fixed point

inline double
RdcnFluidNetwork::SlotStartS(uint64_t slot) const
{
    // The schedule's GetSlotStart, without a Time object (hot path).
    return static_cast<double>(m_startSteps + m_slotSteps * static_cast<int64_t>(slot)) /
           m_stepsPerSecond;
}

inline double
RdcnFluidNetwork::WindowStartS(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    return SlotStartS(slot) + (m_schedule->IsGuarded(tor, uplink, slot) ? m_guardS : 0.0);
}

inline uint64_t
RdcnFluidNetwork::SlotAt(int64_t steps) const
{
    // The schedule's GetSlotAt.
    return steps <= m_startSteps ? 0 : static_cast<uint64_t>((steps - m_startSteps) / m_slotSteps);
}

inline int64_t
RdcnFluidNetwork::ToSteps(double seconds) const
{
    return std::llround(seconds * m_stepsPerSecond);
}

inline RdcnFluidNetwork::Units
RdcnFluidNetwork::CapacityUnits(double seconds, double unitsPerSecond) const
{
    if (seconds <= 0)
    {
        return 0;
    }
    return static_cast<Units>(
        std::floor(seconds * unitsPerSecond + rdcnfluiddetail::CAPACITY_SLACK));
}

inline double
RdcnFluidNetwork::OpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    const std::size_t c = static_cast<std::size_t>(tor) * m_uplinks + uplink;
    return m_openSlot[c] == slot + 1 ? m_openCursor[c] : WindowStartS(tor, uplink, slot);
}

inline void
RdcnFluidNetwork::SetOpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot, double cursor)
{
    const std::size_t c = static_cast<std::size_t>(tor) * m_uplinks + uplink;
    m_openSlot[c] = slot + 1;
    m_openCursor[c] = cursor;
}

inline double
RdcnFluidNetwork::ReadyOf(const Flow& f, uint64_t fromSlot) const
{
    return std::max(SlotStartS(fromSlot), f.startS) + m_hostLinkS;
}

// ------------------------------------------------------------------ host levels and queues

inline RdcnFluidNetwork::Units
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

inline RdcnFluidNetwork::Units
RdcnFluidNetwork::Accrued(const Flow& f, int64_t slot) const
{
    if (f.mode != LAZY)
    {
        return 0;
    }
    return LevelAfter(m_hosts[f.src], slot) - f.join;
}

inline RdcnFluidNetwork::Units
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

inline RdcnFluidNetwork::Units
RdcnFluidNetwork::ClassUnits(const Queue& q, uint32_t cls) const
{
    const std::vector<ClassFifo>& fifos = (cls & PRIORITY_CLASS) ? q.priority : q.classes;
    const uint32_t index = cls & ~PRIORITY_CLASS;
    return index < fifos.size() ? fifos[index].units : 0;
}

inline RdcnFluidNetwork::ClassFifo&
RdcnFluidNetwork::FifoOf(Queue& q, uint32_t cls)
{
    return (cls & PRIORITY_CLASS) ? q.priority[cls & ~PRIORITY_CLASS] : q.classes[cls];
}

inline const Ptr<RdcnRouter>&
RdcnFluidNetwork::RouterOf(const Flow& f) const
{
    return f.lowLatency ? m_lowLatencyRouter : m_router;
}

inline uint32_t
RdcnFluidNetwork::FirstClassOf(const Flow& f) const
{
    return f.lowLatency ? PRIORITY_CLASS : 0;
}

inline RdcnFluidNetwork::Units
RdcnFluidNetwork::Content0(const Queue& q, int64_t slot) const
{
    Units c = ClassUnits(q, 0);
    for (uint32_t f : q.streams)
    {
        c += Accrued(m_flows[f], slot);
    }
    return c;
}

inline RdcnFluidNetwork::Units
RdcnFluidNetwork::RoomFor(const Flow& f, const Queue& q, int64_t slot) const
{
    // What a flow's injected bytes may still add to the queue: its own class's room (bulk
    // counts the accruing streams too).
    const Units held = f.lowLatency ? ClassUnits(q, PRIORITY_CLASS) : Content0(q, slot);
    return std::max<Units>(0, m_limit - held);
}

} // namespace ns3

#endif /* RDCN_FLUID_NETWORK_DETAIL_H */
