/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnSchedule: its matchings, cycles and timing, and what they connect when. The schedule file
// format (ToString, Parse, Load) is in rdcn-schedule-file.cc.

#include "rdcn-schedule.h"

#include "rdcn-schedule-detail.h"

#include "ns3/log.h"
#include "ns3/optical-units.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnSchedule");

NS_OBJECT_ENSURE_REGISTERED(RdcnSchedule);

namespace rdcnscheduledetail
{

LogComponent&
ScheduleLog()
{
    return g_log;
}

std::string
TimeText(Time t)
{
    if (t.IsZero())
    {
        return "0s";
    }
    for (const auto& [name, unit] : FILE_TIME_UNITS)
    {
        const int64_t whole = t.ToInteger(unit);
        if (Time::FromInteger(whole, unit) == t)
        {
            return std::to_string(whole) + name;
        }
    }
    return OpticalUnits::FormatTime(t.GetSeconds());
}

} // namespace rdcnscheduledetail

using rdcnscheduledetail::TimeText;

namespace
{

/// \return the problem with the shape of \p matchings, or empty
std::string
CheckShape(uint32_t tors, const std::vector<std::vector<RdcnMatching>>& matchings)
{
    std::ostringstream os;
    if (tors < 2 || tors > RdcnSchedule::MAX_TORS)
    {
        os << tors << " ToRs (allowed: 2 to " << RdcnSchedule::MAX_TORS << ")";
        return os.str();
    }
    if (matchings.empty() || matchings.size() > RdcnSchedule::MAX_UPLINKS)
    {
        os << matchings.size() << " uplinks (allowed: 1 to " << RdcnSchedule::MAX_UPLINKS << ")";
        return os.str();
    }
    const std::size_t slices = matchings.front().size();
    if (slices == 0 || slices > RdcnSchedule::MAX_SLICES)
    {
        os << "uplink 0 has " << slices << " slices (allowed: 1 to " << RdcnSchedule::MAX_SLICES
           << ")";
        return os.str();
    }
    for (std::size_t u = 1; u < matchings.size(); ++u)
    {
        if (matchings[u].size() != slices)
        {
            os << "uplink " << u << " has " << matchings[u].size() << " slices, uplink 0 has "
               << slices << " (every uplink has the same cycle)";
            return os.str();
        }
    }
    for (std::size_t u = 0; u < matchings.size(); ++u)
    {
        for (std::size_t s = 0; s < slices; ++s)
        {
            const std::string problem = RdcnSchedule::ValidateMatching(matchings[u][s],
                                                                       tors,
                                                                       static_cast<uint32_t>(u),
                                                                       static_cast<uint32_t>(s));
            if (!problem.empty())
            {
                return problem;
            }
        }
    }
    return "";
}

} // namespace

TypeId
RdcnSchedule::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnSchedule")
            .SetParent<OcsScheduleSource>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnSchedule>()
            .AddAttribute("Slot",
                          "Length of one slot (s): the time one set of circuits stays up, guard "
                          "band included. Must be longer than Guard.",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&RdcnSchedule::m_slot),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Guard",
                          "Guard band (s): a circuit that changes at a slot boundary is dark for "
                          "this long at the start of the slot (reconfiguration plus clock skew).",
                          TimeValue(MicroSeconds(2)),
                          MakeTimeAccessor(&RdcnSchedule::m_guard),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Start",
                          "When absolute slot 0 begins (s).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&RdcnSchedule::m_start),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Installed",
                            "A new cycle was installed; the argument is its first absolute slot.",
                            MakeTraceSourceAccessor(&RdcnSchedule::m_installed),
                            "ns3::RdcnSchedule::InstalledTracedCallback");
    return tid;
}

RdcnSchedule::RdcnSchedule()
{
    NS_LOG_FUNCTION(this);
}

RdcnSchedule::~RdcnSchedule()
{
    NS_LOG_FUNCTION(this);
}

std::string
RdcnSchedule::ValidateMatching(const RdcnMatching& m,
                               uint32_t tors,
                               uint32_t uplink,
                               uint32_t slice)
{
    std::ostringstream os;
    os << "uplink " << uplink << " slice " << slice << ": ";
    if (m.size() != tors)
    {
        os << "the matching has " << m.size() << " entries for " << tors << " ToRs";
        return os.str();
    }
    std::vector<int32_t> sender(tors, NO_PEER);
    for (uint32_t i = 0; i < tors; ++i)
    {
        const int32_t p = m[i];
        if (p == NO_PEER)
        {
            continue;
        }
        if (p < 0 || static_cast<uint32_t>(p) >= tors)
        {
            os << "ToR " << i << " sends to ToR " << p << ", out of range (ToRs 0 to " << tors - 1
               << ", or " << NO_PEER << " for none)";
            return os.str();
        }
        if (static_cast<uint32_t>(p) == i)
        {
            os << "ToR " << i << " sends to itself (a circuit joins two different ToRs)";
            return os.str();
        }
        if (sender[p] != NO_PEER)
        {
            os << "ToRs " << sender[p] << " and " << i << " both send to ToR " << p
               << " (not a matching)";
            return os.str();
        }
        sender[p] = static_cast<int32_t>(i);
    }
    return "";
}

bool
RdcnSchedule::SetMatchings(uint32_t tors,
                           const std::vector<std::vector<RdcnMatching>>& matchings,
                           std::string& error)
{
    NS_LOG_FUNCTION(this << tors << matchings.size());
    const std::string problem = CheckShape(tors, matchings);
    if (!problem.empty())
    {
        error = "RdcnSchedule: " + problem;
        return false;
    }
    m_tors = tors;
    m_uplinks = static_cast<uint32_t>(matchings.size());
    m_cycles.clear();
    m_cycles.push_back(Cycle{0, matchings});
    return true;
}

bool
RdcnSchedule::Install(const std::vector<std::vector<RdcnMatching>>& matchings,
                      uint64_t fromSlot,
                      std::string& error)
{
    NS_LOG_FUNCTION(this << matchings.size() << fromSlot);
    if (m_cycles.empty())
    {
        error = "RdcnSchedule::Install: no first cycle (call SetMatchings first)";
        return false;
    }
    if (matchings.size() != m_uplinks)
    {
        std::ostringstream os;
        os << "RdcnSchedule::Install: " << matchings.size() << " uplinks, the schedule has "
           << m_uplinks;
        error = os.str();
        return false;
    }
    const std::string problem = CheckShape(m_tors, matchings);
    if (!problem.empty())
    {
        error = "RdcnSchedule::Install: " + problem;
        return false;
    }
    const Time now = Simulator::Now();
    if (GetSlotStart(fromSlot) < now)
    {
        std::ostringstream os;
        os << "RdcnSchedule::Install: slot " << fromSlot << " began at "
           << TimeText(GetSlotStart(fromSlot)) << ", before now (" << TimeText(now) << ")";
        error = os.str();
        return false;
    }
    while (m_cycles.size() > 1 && m_cycles.back().first >= fromSlot)
    {
        m_cycles.pop_back();
    }
    if (m_cycles.back().first >= fromSlot)
    {
        m_cycles.back() = Cycle{fromSlot, matchings};
    }
    else
    {
        m_cycles.push_back(Cycle{fromSlot, matchings});
    }
    Prune();
    m_installed(fromSlot);
    return true;
}

void
RdcnSchedule::Prune()
{
    // Cycle i is no longer needed once the slot before the current one lies in cycle i + 1:
    // IsGuarded(slot) looks one slot back.
    const uint64_t current = GetSlotAt(Simulator::Now());
    std::size_t drop = 0;
    while (drop + 1 < m_cycles.size() && m_cycles[drop + 1].first + 1 <= current)
    {
        ++drop;
    }
    if (drop > 0)
    {
        NS_LOG_LOGIC("dropping " << drop << " cycles that ended before slot " << current);
        m_cycles.erase(m_cycles.begin(), m_cycles.begin() + static_cast<std::ptrdiff_t>(drop));
    }
}

const RdcnSchedule::Cycle&
RdcnSchedule::CycleAt(uint64_t slot) const
{
    NS_ASSERT_MSG(!m_cycles.empty(), "RdcnSchedule: no matchings set");
    // Cycles are few and sorted by first slot; the newest ones are asked for most.
    for (auto it = m_cycles.rbegin(); it != m_cycles.rend(); ++it)
    {
        if (it->first <= slot)
        {
            return *it;
        }
    }
    return m_cycles.front();
}

uint32_t
RdcnSchedule::GetNTors() const
{
    return m_tors;
}

uint32_t
RdcnSchedule::GetNUplinks() const
{
    return m_uplinks;
}

uint32_t
RdcnSchedule::GetNSlices() const
{
    return m_cycles.empty() ? 0 : static_cast<uint32_t>(m_cycles.front().matchings[0].size());
}

uint32_t
RdcnSchedule::GetNSlicesAt(uint64_t slot) const
{
    return m_cycles.empty() ? 0 : static_cast<uint32_t>(CycleAt(slot).matchings[0].size());
}

Time
RdcnSchedule::GetSlot() const
{
    return m_slot;
}

Time
RdcnSchedule::GetGuard() const
{
    return m_guard;
}

Time
RdcnSchedule::GetStart() const
{
    return m_start;
}

void
RdcnSchedule::SetSlot(Time slot)
{
    NS_LOG_FUNCTION(this << slot);
    m_slot = slot;
}

void
RdcnSchedule::SetGuard(Time guard)
{
    NS_LOG_FUNCTION(this << guard);
    m_guard = guard;
}

std::string
RdcnSchedule::CheckTiming() const
{
    std::ostringstream os;
    if (m_slot <= Seconds(0))
    {
        os << "slot " << TimeText(m_slot) << " must be positive (guard " << TimeText(m_guard)
           << ")";
    }
    else if (m_guard < Seconds(0))
    {
        os << "guard " << TimeText(m_guard) << " must not be negative (slot " << TimeText(m_slot)
           << ")";
    }
    else if (m_guard >= m_slot)
    {
        os << "slot " << TimeText(m_slot) << " must be longer than guard " << TimeText(m_guard)
           << " (a slot needs a usable window after its guard band)";
    }
    return os.str();
}

const RdcnMatching&
RdcnSchedule::GetMatching(uint32_t uplink, uint32_t slice) const
{
    NS_ASSERT_MSG(!m_cycles.empty(), "RdcnSchedule: no matchings set");
    NS_ASSERT_MSG(uplink < m_uplinks, "RdcnSchedule: uplink " << uplink << " of " << m_uplinks);
    NS_ASSERT_MSG(slice < GetNSlices(), "RdcnSchedule: slice " << slice << " of " << GetNSlices());
    return m_cycles.front().matchings[uplink][slice];
}

const std::vector<std::vector<RdcnMatching>>&
RdcnSchedule::GetMatchings() const
{
    static const std::vector<std::vector<RdcnMatching>> none;
    return m_cycles.empty() ? none : m_cycles.front().matchings;
}

uint32_t
RdcnSchedule::GetSlice(uint64_t slot) const
{
    const Cycle& c = CycleAt(slot);
    const uint64_t length = c.matchings[0].size();
    // A slot before the oldest cycle kept (already pruned) is read as that cycle's.
    const uint64_t offset = slot >= c.first ? slot - c.first : 0;
    return static_cast<uint32_t>(offset % length);
}

uint64_t
RdcnSchedule::GetCycleStart(uint64_t slot) const
{
    return CycleAt(slot).first;
}

int32_t
RdcnSchedule::GetPeer(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    NS_ASSERT_MSG(tor < m_tors, "RdcnSchedule: ToR " << tor << " of " << m_tors);
    NS_ASSERT_MSG(uplink < m_uplinks, "RdcnSchedule: uplink " << uplink << " of " << m_uplinks);
    const Cycle& c = CycleAt(slot);
    const uint64_t length = c.matchings[0].size();
    const uint64_t offset = slot >= c.first ? slot - c.first : 0;
    return c.matchings[uplink][offset % length][tor];
}

bool
RdcnSchedule::IsGuarded(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    const int32_t peer = GetPeer(tor, uplink, slot);
    if (peer == NO_PEER)
    {
        return false;
    }
    int32_t previous;
    if (slot == 0)
    {
        const Cycle& c = CycleAt(0);
        previous = c.matchings[uplink].back()[tor];
    }
    else
    {
        previous = GetPeer(tor, uplink, slot - 1);
    }
    return previous != peer;
}

uint64_t
RdcnSchedule::GetSlotAt(Time t) const
{
    if (t <= m_start || m_slot <= Seconds(0))
    {
        return 0;
    }
    return static_cast<uint64_t>((t - m_start).GetTimeStep() / m_slot.GetTimeStep());
}

Time
RdcnSchedule::GetSlotStart(uint64_t slot) const
{
    return TimeStep(static_cast<uint64_t>(m_start.GetTimeStep()) +
                    static_cast<uint64_t>(m_slot.GetTimeStep()) * slot);
}

Time
RdcnSchedule::GetWindowStart(uint32_t tor, uint32_t uplink, uint64_t slot) const
{
    const Time start = GetSlotStart(slot);
    return IsGuarded(tor, uplink, slot) ? start + m_guard : start;
}

double
RdcnSchedule::GetConnectedFraction(uint32_t a, uint32_t b) const
{
    if (m_cycles.empty() || a >= m_tors || b >= m_tors || a == b || m_slot <= Seconds(0))
    {
        return 0;
    }
    const auto& m = m_cycles.front().matchings;
    const uint32_t slices = GetNSlices();
    const int64_t slot = m_slot.GetTimeStep();
    const int64_t guard = std::min(std::max<int64_t>(m_guard.GetTimeStep(), 0), slot);
    int64_t lit = 0; // time steps over one cycle
    for (uint32_t s = 0; s < slices; ++s)
    {
        // Union over uplinks of the lit windows [guard or 0, slot): the earliest start counts.
        int64_t best = -1;
        for (uint32_t u = 0; u < m_uplinks; ++u)
        {
            if (m[u][s][a] != static_cast<int32_t>(b))
            {
                continue;
            }
            const int32_t previous = m[u][(s + slices - 1) % slices][a];
            const int64_t window = previous == static_cast<int32_t>(b) ? slot : slot - guard;
            best = std::max(best, window);
        }
        if (best > 0)
        {
            lit += best;
        }
    }
    return static_cast<double>(lit) / (static_cast<double>(slot) * slices);
}

bool
RdcnSchedule::ConnectsEveryPair(std::string* missing) const
{
    if (m_cycles.empty())
    {
        if (missing)
        {
            *missing = "no matchings set";
        }
        return false;
    }
    const auto& m = m_cycles.front().matchings;
    std::vector<char> seen(m_tors, 0);
    for (uint32_t a = 0; a < m_tors; ++a)
    {
        std::fill(seen.begin(), seen.end(), 0);
        for (const auto& uplink : m)
        {
            for (const RdcnMatching& matching : uplink)
            {
                if (matching[a] != NO_PEER)
                {
                    seen[matching[a]] = 1;
                }
            }
        }
        for (uint32_t b = 0; b < m_tors; ++b)
        {
            if (b != a && !seen[b])
            {
                if (missing)
                {
                    std::ostringstream os;
                    os << "ToR " << a << " never has a circuit to ToR " << b;
                    *missing = os.str();
                }
                return false;
            }
        }
    }
    return true;
}

OcsConfiguration
RdcnSchedule::GetConfiguration(uint32_t uplink, uint64_t slot) const
{
    OcsConfiguration config;
    for (uint32_t a = 0; a < m_tors; ++a)
    {
        const int32_t peer = GetPeer(a, uplink, slot);
        if (peer != NO_PEER)
        {
            config.ConnectOneWay(a, static_cast<uint32_t>(peer));
        }
    }
    return config;
}

uint32_t
RdcnSchedule::GetNSwitches() const
{
    return GetNUplinks();
}

OcsConfiguration
RdcnSchedule::GetConfigurationBefore(uint32_t uplink, uint64_t firstSlot) const
{
    // Slot 0 follows the cycle's last slice, as if the network had always run.
    const uint64_t before = firstSlot > 0 ? firstSlot - 1 : GetNSlicesAt(0) - 1;
    return GetConfiguration(uplink, before);
}

uint64_t
RdcnSchedule::GetFirstSlotFrom(Time t) const
{
    uint64_t first = GetSlotAt(t);
    if (GetSlotStart(first) < t)
    {
        ++first; // in the middle of a slot: the next boundary
    }
    return first;
}

} // namespace ns3
