/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's direct scheme: the index of each cycle's direct circuits per (ToR, destination)
// pair and the next direct circuit (DirectHop), which vlb uses as well.

#include "rdcn-router-detail.h"
#include "rdcn-router.h"

#include "ns3/log.h"

#include <algorithm>
#include <vector>

namespace ns3
{

namespace
{

/// The router's log component, under its one name.
LogComponent& g_log = rdcnrouterdetail::RouterLog();

using rdcnrouterdetail::NO_SLOT;

} // namespace

void
RdcnRouter::BuildDirect(Epoch& epoch) const
{
    const uint32_t n = m_tors;
    const uint32_t u = m_uplinks;
    const std::size_t pairs = static_cast<std::size_t>(n) * n;
    epoch.directStart.assign(pairs + 1, 0);
    for (uint32_t code = 0; code < epoch.slices * u; ++code)
    {
        const int32_t* row = &epoch.peers[static_cast<std::size_t>(code) * n];
        for (uint32_t i = 0; i < n; ++i)
        {
            if (row[i] >= 0)
            {
                ++epoch.directStart[static_cast<std::size_t>(i) * n + row[i] + 1];
            }
        }
    }
    for (std::size_t p = 0; p < pairs; ++p)
    {
        epoch.directStart[p + 1] += epoch.directStart[p];
    }
    epoch.direct.assign(epoch.directStart[pairs], 0);
    std::vector<uint32_t> fill(epoch.directStart.begin(), epoch.directStart.end() - 1);
    // Codes slice * U + uplink in ascending order: each list is sorted by slice, then uplink.
    for (uint32_t code = 0; code < epoch.slices * u; ++code)
    {
        const int32_t* row = &epoch.peers[static_cast<std::size_t>(code) * n];
        for (uint32_t i = 0; i < n; ++i)
        {
            if (row[i] >= 0)
            {
                epoch.direct[fill[static_cast<std::size_t>(i) * n + row[i]]++] = code;
            }
        }
    }
}

bool
RdcnRouter::DirectHop(uint32_t tor, uint64_t ready, uint32_t dst, RdcnHop& hop) const
{
    Sync();
    if (tor >= m_tors || dst >= m_tors || tor == dst)
    {
        NS_LOG_WARN("DirectHop: bad pair " << tor << " -> " << dst << " (" << m_tors << " ToRs)");
        return false;
    }
    uint64_t from = ready;
    std::size_t e = 0;
    while (true)
    {
        Epoch& epoch = EpochAt(from, &e);
        if (epoch.directStart.empty())
        {
            BuildDirect(epoch);
        }
        const std::size_t pair = static_cast<std::size_t>(tor) * m_tors + dst;
        const uint32_t* begin = epoch.direct.data() + epoch.directStart[pair];
        const uint32_t* end = epoch.direct.data() + epoch.directStart[pair + 1];
        if (begin != end)
        {
            const uint32_t s0 = (from - epoch.first) % epoch.slices;
            const uint32_t* it = std::lower_bound(begin, end, s0 * m_uplinks);
            uint64_t slot;
            uint32_t code;
            if (it != end)
            {
                code = *it;
                slot = from + (code / m_uplinks - s0);
            }
            else
            {
                code = *begin;
                slot = from + (epoch.slices - s0) + code / m_uplinks;
            }
            if (slot < epoch.end)
            {
                hop.tor = tor;
                hop.uplink = code % m_uplinks;
                hop.slot = slot;
                hop.next = dst;
                return true;
            }
        }
        if (epoch.end == NO_SLOT)
        {
            return false;
        }
        from = epoch.end;
    }
}

bool
RdcnRouter::NextHopDirect(uint32_t tor,
                          uint64_t ready,
                          uint32_t dst,
                          uint64_t /* flowHash */,
                          RdcnRouteState& /* state */,
                          RdcnHop& hop)
{
    return DirectHop(tor, ready, dst, hop);
}

} // namespace ns3
