/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's ksp scheme: the K earliest paths with distinct first hops by a backward dynamic
// programme over the time-expanded graph (EarliestPaths), and the table blocks they fill. A
// flow hash picks one of them, which the packet then carries (FollowRoute).

#include "rdcn-router-detail.h"
#include "rdcn-router.h"

#include "ns3/assert.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace ns3
{

namespace
{

using rdcnrouterdetail::NO_SLOT;

/// Hop count of a backward value (arrival << 32 | hops).
constexpr uint32_t VALUE_ARRIVAL_SHIFT = 32;

} // namespace

std::vector<std::vector<RdcnHop>>
RdcnRouter::EarliestPaths(uint32_t src, uint64_t ready, uint32_t dst, uint32_t k) const
{
    Sync();
    std::vector<std::vector<RdcnHop>> paths;
    NS_ASSERT_MSG(src < m_tors && dst < m_tors,
                  "EarliestPaths: ToR " << src << " or " << dst << " out of " << m_tors);
    if (src == dst || k == 0)
    {
        return paths;
    }
    const uint32_t n = m_tors;
    const uint32_t u = m_uplinks;
    const uint64_t horizon = 2 * static_cast<uint64_t>(EpochAt(ready).slices) + 1;
    constexpr uint8_t WAIT = 0xff; // U <= RdcnSchedule::MAX_UPLINKS < 0xff

    // Backward dynamic programme over the time-expanded graph: value[j] is the best
    // (arrival - ready) << 32 | hops from (ready + t, j) to dst, never through src (so every
    // first hop's continuation is a path that does not come back); choice[t * N + j] is the
    // uplink to take then (WAIT: wait a slot). Ties keep waiting, then the lowest uplink.
    std::vector<uint64_t> valueNext(n, NO_SLOT);
    std::vector<uint64_t> value;
    std::vector<uint8_t> choice(horizon * n, WAIT);

    /// A first hop and the best continuation after it.
    struct Candidate
    {
        uint64_t value;  //!< (arrival - ready) << 32 | hops
        uint32_t uplink; //!< First uplink
        uint64_t slot;   //!< First slot
        uint32_t next;   //!< First hop's far end
    };

    std::vector<Candidate> candidates;
    for (uint64_t t = horizon; t-- > 0;)
    {
        const uint64_t slot = ready + t;
        const int32_t* row = PeerRow(slot);
        const uint64_t direct = ((t + 1) << VALUE_ARRIVAL_SHIFT) | 1;
        value = valueNext;
        uint8_t* chosen = &choice[t * n];
        for (uint32_t l = 0; l < u; ++l)
        {
            const int32_t* peers = row + static_cast<std::size_t>(l) * n;
            for (uint32_t j = 0; j < n; ++j)
            {
                const int32_t p = peers[j];
                if (p < 0 || static_cast<uint32_t>(p) == src || j == dst)
                {
                    continue;
                }
                uint64_t cand;
                if (static_cast<uint32_t>(p) == dst)
                {
                    cand = direct;
                }
                else if (valueNext[p] == NO_SLOT)
                {
                    continue;
                }
                else
                {
                    cand = valueNext[p] + 1;
                }
                if (j == src)
                {
                    candidates.push_back(Candidate{cand, l, slot, static_cast<uint32_t>(p)});
                }
                else if (cand < value[j])
                {
                    value[j] = cand;
                    chosen[j] = static_cast<uint8_t>(l);
                }
            }
        }
        valueNext.swap(value);
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.value, a.uplink, a.slot) < std::tie(b.value, b.uplink, b.slot);
    });
    const std::size_t count = std::min<std::size_t>(k, candidates.size());
    for (std::size_t c = 0; c < count; ++c)
    {
        const Candidate& cand = candidates[c];
        std::vector<RdcnHop> path{RdcnHop{src, cand.uplink, cand.slot, cand.next}};
        uint32_t node = cand.next;
        uint64_t t = cand.slot - ready + 1;
        while (node != dst)
        {
            NS_ASSERT(t < horizon);
            const uint8_t l = choice[t * n + node];
            if (l != WAIT)
            {
                const int32_t p = PeerRow(ready + t)[static_cast<std::size_t>(l) * n + node];
                path.push_back(RdcnHop{node, l, ready + t, static_cast<uint32_t>(p)});
                node = p;
            }
            ++t;
        }
        paths.push_back(std::move(path));
    }
    return paths;
}

void
RdcnRouter::FillKPaths(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const
{
    for (const std::vector<RdcnHop>& path : EarliestPaths(tor, ready, dst, m_paths))
    {
        block.entries.push_back(PathEntry(block, path, ready));
    }
}

} // namespace ns3
