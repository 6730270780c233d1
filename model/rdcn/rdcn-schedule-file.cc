/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnSchedule's file format: ToString writes it, Parse reads it (header lines, then one match
// line per uplink and slice), Load reads a file of it. Example: data/rdcn/example-schedule.txt.

#include "rdcn-schedule-detail.h"
#include "rdcn-schedule.h"

#include "ns3/optical-data-file.h"
#include "ns3/optical-units.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

using rdcnscheduledetail::FILE_TIME_UNITS;
using rdcnscheduledetail::TimeText;

namespace
{

/// The schedule's log component, under its one name.
LogComponent& g_log = rdcnscheduledetail::ScheduleLog();

/// Keywords of the schedule file format, as listed in errors.
const char* const SCHEDULE_KEYWORDS = "tors, uplinks, slices, slot, guard, match";

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

/// What Parse has read so far: the header's values, the lines that set them (0: not yet) and
/// the matchings.
struct ScheduleFileState
{
    uint64_t tors{0};                                 //!< tors N
    uint64_t uplinks{0};                              //!< uplinks U
    uint64_t slices{0};                               //!< slices L
    uint32_t torsLine{0};                             //!< Line of 'tors'
    uint32_t uplinksLine{0};                          //!< Line of 'uplinks'
    uint32_t slicesLine{0};                           //!< Line of 'slices'
    uint32_t slotLine{0};                             //!< Line of 'slot'
    uint32_t guardLine{0};                            //!< Line of 'guard'
    uint32_t firstMatchLine{0};                       //!< Line of the first 'match'
    std::vector<std::vector<RdcnMatching>> matchings; //!< [uplink][slice]
    std::vector<std::vector<uint32_t>> matchLine;     //!< [uplink][slice]: line of its match line
};

/**
 * Reads a 'tors', 'uplinks' or 'slices' line (before the match lines, once each).
 * \param [in] tok The line's words (the keyword first)
 * \param [in] lineNo The line
 * \param [in,out] s What the file said so far
 * \param [out] problem Set on failure (without source:line)
 * \return true on success
 */
bool
ReadCount(const std::vector<std::string>& tok,
          uint32_t lineNo,
          ScheduleFileState& s,
          std::string& problem)
{
    const std::string& key = tok[0];
    uint64_t* value = key == "tors" ? &s.tors : key == "uplinks" ? &s.uplinks : &s.slices;
    uint32_t* where = key == "tors"      ? &s.torsLine
                      : key == "uplinks" ? &s.uplinksLine
                                         : &s.slicesLine;
    const uint64_t lo = key == "tors" ? 2 : 1;
    const uint64_t hi = key == "tors"      ? RdcnSchedule::MAX_TORS
                        : key == "uplinks" ? RdcnSchedule::MAX_UPLINKS
                                           : RdcnSchedule::MAX_SLICES;
    if (s.firstMatchLine != 0)
    {
        problem = "'" + key + "' after the first match line (line " +
                  std::to_string(s.firstMatchLine) + "); the header comes first";
        return false;
    }
    if (*where != 0)
    {
        problem = "duplicate '" + key + "' line (first on line " + std::to_string(*where) + ")";
        return false;
    }
    if (tok.size() != 2)
    {
        problem = "'" + key + "' takes one value, got " + std::to_string(tok.size() - 1);
        return false;
    }
    std::string why;
    if (!OpticalUnits::ParseUnsigned(tok[1], hi, *value, why) || *value < lo)
    {
        if (why.empty())
        {
            why = "'" + tok[1] + "' is too small";
        }
        problem = key + " " + why + " (allowed: " + std::to_string(lo) + " to " +
                  std::to_string(hi) + ")";
        return false;
    }
    *where = lineNo;
    return true;
}

/**
 * Reads a 'slot' or 'guard' line (once each) into the schedule's attribute.
 * \param [in] tok The line's words (the keyword first)
 * \param [in] lineNo The line
 * \param [in,out] s What the file said so far
 * \param [in,out] schedule The schedule (its Slot or Guard set)
 * \param [out] problem Set on failure (without source:line)
 * \return true on success
 */
bool
ReadTiming(const std::vector<std::string>& tok,
           uint32_t lineNo,
           ScheduleFileState& s,
           RdcnSchedule& schedule,
           std::string& problem)
{
    const std::string& key = tok[0];
    uint32_t* where = key == "slot" ? &s.slotLine : &s.guardLine;
    if (*where != 0)
    {
        problem = "duplicate '" + key + "' line (first on line " + std::to_string(*where) + ")";
        return false;
    }
    if (tok.size() != 2)
    {
        problem = "'" + key + "' takes one time, got " + std::to_string(tok.size() - 1) + " values";
        return false;
    }
    Time value;
    std::string why;
    if (!ReadTime(tok[1], value, why))
    {
        problem = key + " " + why;
        return false;
    }
    if (key == "slot")
    {
        schedule.SetSlot(value);
    }
    else
    {
        schedule.SetGuard(value);
    }
    *where = lineNo;
    return true;
}

/**
 * The problem of a match line that comes before the whole header.
 * \param [in] s What the file said so far
 * \return the problem, naming the header lines not read yet
 */
std::string
MissingHeader(const ScheduleFileState& s)
{
    std::string missing;
    for (const auto& [name, line] : {std::pair<const char*, uint32_t>{"tors", s.torsLine},
                                     {"uplinks", s.uplinksLine},
                                     {"slices", s.slicesLine}})
    {
        if (line == 0)
        {
            missing += missing.empty() ? "" : ", ";
            missing += name;
        }
    }
    return "match line before the header (missing: " + missing +
           "; tors, uplinks and slices come first)";
}

/**
 * Reads the peers of a match line into a matching (not yet validated as one).
 * \param [in] tok The line's words: match UPLINK SLICE, then one peer per ToR
 * \param [in] tors ToRs
 * \param [in] u,sl The uplink and slice, named in the error
 * \param [out] m The matching
 * \param [out] problem Set when a peer is not a ToR (nor -)
 * \return true on success
 */
bool
ReadPeers(const std::vector<std::string>& tok,
          uint64_t tors,
          uint64_t u,
          uint64_t sl,
          RdcnMatching& m,
          std::string& problem)
{
    m.assign(tors, RdcnSchedule::NO_PEER);
    std::string why;
    for (uint64_t i = 0; i < tors; ++i)
    {
        const std::string& t = tok[3 + i];
        if (t == "-")
        {
            continue;
        }
        uint64_t peer = 0;
        if (!OpticalUnits::ParseUnsigned(t, RdcnSchedule::MAX_TORS, peer, why) || peer >= tors)
        {
            std::ostringstream os;
            os << "uplink " << u << " slice " << sl << ": peer '" << t << "' of ToR " << i
               << " is not a ToR (allowed: 0 to " << tors - 1 << ", or - for none)";
            problem = os.str();
            return false;
        }
        m[i] = static_cast<int32_t>(peer);
    }
    return true;
}

/**
 * Reads a match line (after the header; one per uplink and slice).
 * \param [in] tok The line's words (the keyword first)
 * \param [in] lineNo The line
 * \param [in,out] s What the file said so far (the matching stored)
 * \param [out] problem Set on failure (without source:line)
 * \return true on success
 */
bool
ReadMatch(const std::vector<std::string>& tok,
          uint32_t lineNo,
          ScheduleFileState& s,
          std::string& problem)
{
    if (s.torsLine == 0 || s.uplinksLine == 0 || s.slicesLine == 0)
    {
        problem = MissingHeader(s);
        return false;
    }
    if (s.firstMatchLine == 0)
    {
        s.firstMatchLine = lineNo;
        s.matchings.assign(s.uplinks, std::vector<RdcnMatching>(s.slices));
        s.matchLine.assign(s.uplinks, std::vector<uint32_t>(s.slices, 0));
    }
    if (tok.size() != 3 + s.tors)
    {
        std::ostringstream os;
        os << "match line has " << (tok.size() < 3 ? 0 : tok.size() - 3) << " peers, expected "
           << s.tors << " (match UPLINK SLICE, then one peer per ToR)";
        problem = os.str();
        return false;
    }
    uint64_t u = 0;
    uint64_t sl = 0;
    std::string why;
    if (!OpticalUnits::ParseUnsigned(tok[1], s.uplinks - 1, u, why))
    {
        problem = "uplink " + why + " (allowed: 0 to " + std::to_string(s.uplinks - 1) + ")";
        return false;
    }
    if (!OpticalUnits::ParseUnsigned(tok[2], s.slices - 1, sl, why))
    {
        problem = "slice " + why + " (allowed: 0 to " + std::to_string(s.slices - 1) + ")";
        return false;
    }
    if (s.matchLine[u][sl] != 0)
    {
        std::ostringstream os;
        os << "duplicate match line for uplink " << u << " slice " << sl << " (first on line "
           << s.matchLine[u][sl] << ")";
        problem = os.str();
        return false;
    }
    RdcnMatching m;
    if (!ReadPeers(tok, s.tors, u, sl, m, problem))
    {
        return false;
    }
    problem = RdcnSchedule::ValidateMatching(m,
                                             static_cast<uint32_t>(s.tors),
                                             static_cast<uint32_t>(u),
                                             static_cast<uint32_t>(sl));
    if (!problem.empty())
    {
        return false;
    }
    s.matchings[u][sl] = std::move(m);
    s.matchLine[u][sl] = lineNo;
    return true;
}

/**
 * Checks at the end of the file that every header line and every match line came.
 * \param [in] s What the file said
 * \param [out] problem Set on failure (the first line missing)
 * \return true if none is missing
 */
bool
CheckComplete(const ScheduleFileState& s, std::string& problem)
{
    for (const auto& [name, line] : {std::pair<const char*, uint32_t>{"tors", s.torsLine},
                                     {"uplinks", s.uplinksLine},
                                     {"slices", s.slicesLine}})
    {
        if (line == 0)
        {
            problem = std::string("end of file: no '") + name + "' line";
            return false;
        }
    }
    if (s.firstMatchLine == 0)
    {
        problem = "end of file: no match lines (one per uplink and slice)";
        return false;
    }
    for (uint64_t u = 0; u < s.uplinks; ++u)
    {
        for (uint64_t sl = 0; sl < s.slices; ++sl)
        {
            if (s.matchLine[u][sl] == 0)
            {
                std::ostringstream os;
                os << "end of file: no match line for uplink " << u << " slice " << sl
                   << " (one per uplink and slice)";
                problem = os.str();
                return false;
            }
        }
    }
    return true;
}

} // namespace

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
    ScheduleFileState s;
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
        std::string problem;
        bool ok = false;
        if (key == "tors" || key == "uplinks" || key == "slices")
        {
            ok = ReadCount(tok, lineNo, s, problem);
        }
        else if (key == "slot" || key == "guard")
        {
            ok = ReadTiming(tok, lineNo, s, *schedule, problem);
        }
        else if (key == "match")
        {
            ok = ReadMatch(tok, lineNo, s, problem);
        }
        else
        {
            problem = "unknown keyword '" + key + "' (allowed: " + SCHEDULE_KEYWORDS + ")";
        }
        if (!ok)
        {
            return fail(lineNo, problem);
        }
    }
    const uint32_t last = std::max<uint32_t>(lineNo, 1);
    std::string problem;
    if (!CheckComplete(s, problem))
    {
        return fail(last, problem);
    }
    const std::string timing = schedule->CheckTiming();
    if (!timing.empty())
    {
        const uint32_t line =
            s.slotLine == 0 && s.guardLine == 0 ? last : std::max(s.slotLine, s.guardLine);
        return fail(line, timing);
    }
    if (!schedule->SetMatchings(static_cast<uint32_t>(s.tors), s.matchings, problem))
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
