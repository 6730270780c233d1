/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-schedule.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"
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

namespace
{

/// Time units of the schedule file, largest first, with ns-3's names.
const std::pair<const char*, Time::Unit> FILE_TIME_UNITS[] = {{"s", Time::S},
                                                              {"ms", Time::MS},
                                                              {"us", Time::US},
                                                              {"ns", Time::NS},
                                                              {"ps", Time::PS},
                                                              {"fs", Time::FS}};

/// \return \p t as text in the largest unit that holds it exactly ("50us", "1500ns")
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

/**
 * Reads a time of the schedule file exactly: "1.5us" is 1500 ns, not 1.5e-6 s rounded.
 * \param text the text (OpticalUnits::ParseTime's syntax; a bare number is in seconds)
 * \param t set to the time
 * \param error set on failure
 * \return true on success
 */
bool
ReadTime(const std::string& text, Time& t, std::string& error)
{
    double seconds = 0;
    if (!OpticalUnits::ParseTime(text, "s", seconds, error))
    {
        return false;
    }
    if (seconds < 0 || seconds > OpticalUnits::MAX_TIME_S)
    {
        error = "'" + text + "' out of range (allowed: 0 to " +
                OpticalUnits::FormatTime(OpticalUnits::MAX_TIME_S) + ")";
        return false;
    }
    t = Seconds(seconds);
    for (const auto& [name, unit] : FILE_TIME_UNITS)
    {
        const std::string u(name);
        if (text.size() > u.size() && text.compare(text.size() - u.size(), u.size(), u) == 0)
        {
            double value = 0;
            std::string ignored;
            if (OpticalUnits::ParseReal(text.substr(0, text.size() - u.size()), value, ignored))
            {
                t = Time::FromDouble(value, unit);
            }
            break;
        }
    }
    return true;
}

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

std::string
RdcnSchedule::ToString() const
{
    std::ostringstream os;
    const uint32_t slices = GetNSlices();
    os << "# RdcnSchedule: " << m_tors << " ToRs, " << m_uplinks << " uplinks, " << slices
       << " slices\n";
    os << "tors " << m_tors << "\n";
    os << "uplinks " << m_uplinks << "\n";
    os << "slices " << slices << "\n";
    os << "slot " << TimeText(m_slot) << "\n";
    os << "guard " << TimeText(m_guard) << "\n";
    os << "# match UPLINK SLICE, then the peer of ToR 0, 1, ... (- for none)\n";
    const auto& m = GetMatchings();
    for (uint32_t u = 0; u < m_uplinks; ++u)
    {
        for (uint32_t s = 0; s < slices; ++s)
        {
            os << "match " << u << " " << s;
            for (int32_t p : m[u][s])
            {
                if (p == NO_PEER)
                {
                    os << " -";
                }
                else
                {
                    os << " " << p;
                }
            }
            os << "\n";
        }
    }
    return os.str();
}

namespace
{

/// Keywords of the schedule file format, as listed in errors.
const char* const SCHEDULE_KEYWORDS = "tors, uplinks, slices, slot, guard, match";

/// Splits \p line at blanks.
std::vector<std::string>
Tokens(const std::string& line)
{
    std::vector<std::string> out;
    std::istringstream is(line);
    std::string t;
    while (is >> t)
    {
        out.push_back(t);
    }
    return out;
}

} // namespace

Ptr<RdcnSchedule>
RdcnSchedule::Parse(const std::string& text, const std::string& source, std::string& error)
{
    NS_LOG_FUNCTION(source);
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    uint32_t lineNo = 0;
    auto fail = [&](uint32_t line, const std::string& problem) -> Ptr<RdcnSchedule> {
        std::ostringstream os;
        os << source << ":" << line << ": " << problem;
        error = os.str();
        return nullptr;
    };
    // Header values and the lines that set them (0: not yet).
    uint64_t tors = 0;
    uint64_t uplinks = 0;
    uint64_t slices = 0;
    uint32_t torsLine = 0;
    uint32_t uplinksLine = 0;
    uint32_t slicesLine = 0;
    uint32_t slotLine = 0;
    uint32_t guardLine = 0;
    uint32_t firstMatchLine = 0;
    std::vector<std::vector<RdcnMatching>> matchings;
    std::vector<std::vector<uint32_t>> matchLine; // [uplink][slice]: line of its match line

    OpticalDataFile::Lines lines(text);
    std::string raw;
    while (lines.Next(raw))
    {
        ++lineNo;
        const std::size_t hash = raw.find('#');
        const std::vector<std::string> tok =
            Tokens(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (tok.empty())
        {
            continue;
        }
        const std::string& key = tok[0];
        if (key == "tors" || key == "uplinks" || key == "slices")
        {
            uint64_t* value = key == "tors" ? &tors : key == "uplinks" ? &uplinks : &slices;
            uint32_t* where = key == "tors"      ? &torsLine
                              : key == "uplinks" ? &uplinksLine
                                                 : &slicesLine;
            const uint64_t lo = key == "tors" ? 2 : 1;
            const uint64_t hi = key == "tors"      ? MAX_TORS
                                : key == "uplinks" ? MAX_UPLINKS
                                                   : MAX_SLICES;
            if (firstMatchLine != 0)
            {
                return fail(lineNo,
                            "'" + key + "' after the first match line (line " +
                                std::to_string(firstMatchLine) + "); the header comes first");
            }
            if (*where != 0)
            {
                return fail(lineNo,
                            "duplicate '" + key + "' line (first on line " +
                                std::to_string(*where) + ")");
            }
            if (tok.size() != 2)
            {
                return fail(lineNo,
                            "'" + key + "' takes one value, got " + std::to_string(tok.size() - 1));
            }
            std::string problem;
            if (!OpticalUnits::ParseUnsigned(tok[1], hi, *value, problem) || *value < lo)
            {
                if (problem.empty())
                {
                    problem = "'" + tok[1] + "' is too small";
                }
                return fail(lineNo,
                            key + " " + problem + " (allowed: " + std::to_string(lo) + " to " +
                                std::to_string(hi) + ")");
            }
            *where = lineNo;
        }
        else if (key == "slot" || key == "guard")
        {
            uint32_t* where = key == "slot" ? &slotLine : &guardLine;
            if (*where != 0)
            {
                return fail(lineNo,
                            "duplicate '" + key + "' line (first on line " +
                                std::to_string(*where) + ")");
            }
            if (tok.size() != 2)
            {
                return fail(lineNo,
                            "'" + key + "' takes one time, got " + std::to_string(tok.size() - 1) +
                                " values");
            }
            Time value;
            std::string problem;
            if (!ReadTime(tok[1], value, problem))
            {
                return fail(lineNo, key + " " + problem);
            }
            if (key == "slot")
            {
                schedule->SetSlot(value);
            }
            else
            {
                schedule->SetGuard(value);
            }
            *where = lineNo;
        }
        else if (key == "match")
        {
            if (torsLine == 0 || uplinksLine == 0 || slicesLine == 0)
            {
                std::string missing;
                for (const auto& [name, line] : {std::pair<const char*, uint32_t>{"tors", torsLine},
                                                 {"uplinks", uplinksLine},
                                                 {"slices", slicesLine}})
                {
                    if (line == 0)
                    {
                        missing += missing.empty() ? "" : ", ";
                        missing += name;
                    }
                }
                return fail(lineNo,
                            "match line before the header (missing: " + missing +
                                "; tors, uplinks and slices come first)");
            }
            if (firstMatchLine == 0)
            {
                firstMatchLine = lineNo;
                matchings.assign(uplinks, std::vector<RdcnMatching>(slices));
                matchLine.assign(uplinks, std::vector<uint32_t>(slices, 0));
            }
            if (tok.size() != 3 + tors)
            {
                std::ostringstream os;
                os << "match line has " << (tok.size() < 3 ? 0 : tok.size() - 3)
                   << " peers, expected " << tors << " (match UPLINK SLICE, then one peer per ToR)";
                return fail(lineNo, os.str());
            }
            uint64_t u = 0;
            uint64_t sl = 0;
            std::string problem;
            if (!OpticalUnits::ParseUnsigned(tok[1], uplinks - 1, u, problem))
            {
                return fail(lineNo,
                            "uplink " + problem + " (allowed: 0 to " + std::to_string(uplinks - 1) +
                                ")");
            }
            if (!OpticalUnits::ParseUnsigned(tok[2], slices - 1, sl, problem))
            {
                return fail(lineNo,
                            "slice " + problem + " (allowed: 0 to " + std::to_string(slices - 1) +
                                ")");
            }
            if (matchLine[u][sl] != 0)
            {
                std::ostringstream os;
                os << "duplicate match line for uplink " << u << " slice " << sl
                   << " (first on line " << matchLine[u][sl] << ")";
                return fail(lineNo, os.str());
            }
            RdcnMatching m(tors, NO_PEER);
            for (uint64_t i = 0; i < tors; ++i)
            {
                const std::string& t = tok[3 + i];
                if (t == "-")
                {
                    continue;
                }
                uint64_t peer = 0;
                if (!OpticalUnits::ParseUnsigned(t, MAX_TORS, peer, problem) || peer >= tors)
                {
                    std::ostringstream os;
                    os << "uplink " << u << " slice " << sl << ": peer '" << t << "' of ToR " << i
                       << " is not a ToR (allowed: 0 to " << tors - 1 << ", or - for none)";
                    return fail(lineNo, os.str());
                }
                m[i] = static_cast<int32_t>(peer);
            }
            problem = ValidateMatching(m,
                                       static_cast<uint32_t>(tors),
                                       static_cast<uint32_t>(u),
                                       static_cast<uint32_t>(sl));
            if (!problem.empty())
            {
                return fail(lineNo, problem);
            }
            matchings[u][sl] = std::move(m);
            matchLine[u][sl] = lineNo;
        }
        else
        {
            return fail(lineNo,
                        "unknown keyword '" + key + "' (allowed: " + SCHEDULE_KEYWORDS + ")");
        }
    }
    const uint32_t last = std::max<uint32_t>(lineNo, 1);
    for (const auto& [name, line] : {std::pair<const char*, uint32_t>{"tors", torsLine},
                                     {"uplinks", uplinksLine},
                                     {"slices", slicesLine}})
    {
        if (line == 0)
        {
            return fail(last, std::string("end of file: no '") + name + "' line");
        }
    }
    if (firstMatchLine == 0)
    {
        return fail(last, "end of file: no match lines (one per uplink and slice)");
    }
    for (uint64_t u = 0; u < uplinks; ++u)
    {
        for (uint64_t sl = 0; sl < slices; ++sl)
        {
            if (matchLine[u][sl] == 0)
            {
                std::ostringstream os;
                os << "end of file: no match line for uplink " << u << " slice " << sl
                   << " (one per uplink and slice)";
                return fail(last, os.str());
            }
        }
    }
    const std::string timing = schedule->CheckTiming();
    if (!timing.empty())
    {
        const uint32_t line =
            slotLine == 0 && guardLine == 0 ? last : std::max(slotLine, guardLine);
        return fail(line, timing);
    }
    std::string problem;
    if (!schedule->SetMatchings(static_cast<uint32_t>(tors), matchings, problem))
    {
        return fail(last, problem); // not reached: every matching was checked above
    }
    return schedule;
}

Ptr<RdcnSchedule>
RdcnSchedule::Load(const std::string& path, std::string& error)
{
    NS_LOG_FUNCTION(path);
    std::string text;
    std::string why;
    if (OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, why))
    {
        return Parse(text, path, error);
    }
    // A relative path that is not there may name a file of the data directory.
    if (!path.empty() && path[0] != '/')
    {
        const std::string inData = OpticalDataFile::GetDataDirectory() + "/" + path;
        std::string ignored;
        if (OpticalDataFile::ReadText(inData, OpticalDataFile::MAX_FILE_BYTES, text, ignored))
        {
            return Parse(text, inData, error);
        }
    }
    error = "schedule file: " + why;
    return nullptr;
}

} // namespace ns3
