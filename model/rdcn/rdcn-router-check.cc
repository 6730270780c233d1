/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's checks of a schedule (every ToR pair reachable, the scheme's preconditions) and
// its table printer: what a program asks before a run, kept apart from the routing itself
// (rdcn-router.cc).

#include "rdcn-router.h"

#include "ns3/simulator.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace ns3
{

std::string
RdcnRouter::CheckReachable() const
{
    // Bit-parallel reachability over the time-expanded graph from every slice of the first
    // cycle: reach[j] holds the ToRs that can be at j, ready, by the current slot.
    const uint32_t n = m_tors;
    const uint32_t u = m_uplinks;
    const uint32_t words = (n + 63) / 64;
    const Epoch& first = EpochAt(0);
    const uint64_t horizon = 2 * static_cast<uint64_t>(first.slices) + 1;
    std::vector<uint64_t> full(static_cast<std::size_t>(n) * words, ~uint64_t{0});
    if (n % 64 != 0)
    {
        for (uint32_t j = 0; j < n; ++j)
        {
            full[static_cast<std::size_t>(j) * words + words - 1] = (uint64_t{1} << (n % 64)) - 1;
        }
    }
    std::vector<uint64_t> reach;
    std::vector<uint64_t> next;
    for (uint32_t s = 0; s < first.slices; ++s)
    {
        reach.assign(static_cast<std::size_t>(n) * words, 0);
        for (uint32_t j = 0; j < n; ++j)
        {
            reach[static_cast<std::size_t>(j) * words + j / 64] |= uint64_t{1} << (j % 64);
        }
        for (uint64_t t = 0; t < horizon; ++t)
        {
            const int32_t* row = PeerRow(s + t);
            next = reach;
            for (uint32_t l = 0; l < u; ++l)
            {
                for (uint32_t i = 0; i < n; ++i)
                {
                    const int32_t j = row[static_cast<std::size_t>(l) * n + i];
                    if (j < 0)
                    {
                        continue;
                    }
                    const uint64_t* from = &reach[static_cast<std::size_t>(i) * words];
                    uint64_t* to = &next[static_cast<std::size_t>(j) * words];
                    for (uint32_t w = 0; w < words; ++w)
                    {
                        to[w] |= from[w];
                    }
                }
            }
            reach.swap(next);
            if (std::equal(reach.begin(), reach.end(), full.begin()))
            {
                break;
            }
        }
        for (uint32_t src = 0; src < n; ++src)
        {
            for (uint32_t dst = 0; dst < n; ++dst)
            {
                if ((reach[static_cast<std::size_t>(dst) * words + src / 64] >> (src % 64) & 1) ==
                    0)
                {
                    std::ostringstream os;
                    os << "routing '" << GetSchemeName(m_scheme)
                       << "' needs every ToR to reach every other within two cycles (" << horizon
                       << " slots of the " << first.slices << "-slice cycle), but ToR " << src
                       << " cannot reach ToR " << dst << " from slice " << s << " (" << n
                       << " ToRs, " << u << " uplinks)";
                    return os.str();
                }
            }
        }
    }
    return "";
}

std::string
RdcnRouter::Check() const
{
    if (!m_schedule)
    {
        return "routing '" + GetSchemeName(m_scheme) + "': no schedule set";
    }
    if (m_schedule->GetNTors() < 2 || m_schedule->GetNUplinks() < 1 || m_schedule->GetNSlices() < 1)
    {
        std::ostringstream os;
        os << "routing '" << GetSchemeName(m_scheme) << "': the schedule is empty ("
           << m_schedule->GetNTors() << " ToRs, " << m_schedule->GetNUplinks() << " uplinks, "
           << m_schedule->GetNSlices() << " slices)";
        return os.str();
    }
    if (m_scheme == KSP && m_paths < 1)
    {
        return "routing 'ksp': Paths is 0 (must be >= 1)";
    }
    Sync();
    if (m_scheme == DIRECT || m_scheme == VLB || m_scheme == ROTORLB)
    {
        std::string missing;
        if (!m_schedule->ConnectsEveryPair(&missing))
        {
            std::ostringstream os;
            os << "routing '" << GetSchemeName(m_scheme)
               << "' needs a direct circuit between every pair of ToRs in a cycle, but " << missing
               << " (schedule of " << m_tors << " ToRs, " << m_uplinks << " uplinks, "
               << m_schedule->GetNSlices() << " slices; hoho, ksp or source route over several "
               << "hops)";
            return os.str();
        }
        return "";
    }
    return CheckReachable();
}

void
RdcnRouter::PrintTable(uint32_t tor, std::ostream& os)
{
    Sync();
    if (tor >= m_tors)
    {
        os << "# no ToR " << tor << " (" << m_tors << " ToRs)\n";
        return;
    }
    const uint64_t now = m_schedule->GetSlotAt(Simulator::Now());
    const Epoch& epoch = EpochAt(now);
    const uint32_t slices = epoch.slices;
    const uint64_t base = now - (now - epoch.first) % slices;
    os << "# time-flow table of ToR " << tor << " (" << GetSchemeName(m_scheme) << "), cycle of "
       << slices << " slices from slot " << base << "\n"
       << "# slice dst uplink send-slice next arrival-slots\n";
    for (uint32_t s = 0; s < slices; ++s)
    {
        const uint64_t ready = base + s;
        for (uint32_t dst = 0; dst < m_tors; ++dst)
        {
            if (dst == tor)
            {
                continue;
            }
            std::vector<Entry> entries;
            if (m_scheme == DIRECT || m_scheme == VLB || m_scheme == ROTORLB)
            {
                RdcnHop hop;
                if (DirectHop(tor, ready, dst, hop))
                {
                    Entry e;
                    e.wait = hop.slot - ready;
                    e.uplink = hop.uplink;
                    e.next = dst;
                    e.arrival = e.wait + 1;
                    entries.push_back(e);
                }
            }
            else
            {
                uint32_t first = 0;
                uint32_t count = 0;
                const Block* block = Lookup(tor, ready, dst, first, count);
                entries.assign(block->entries.begin() + first,
                               block->entries.begin() + first + count);
            }
            if (entries.empty())
            {
                os << s << ' ' << dst << " - - - -\n";
            }
            for (const Entry& e : entries)
            {
                os << s << ' ' << dst << ' ' << e.uplink << ' '
                   << m_schedule->GetSlice(ready + e.wait) << ' ' << e.next << ' ' << e.arrival
                   << '\n';
            }
        }
    }
}

} // namespace ns3
