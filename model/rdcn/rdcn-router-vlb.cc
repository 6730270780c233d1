/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's Valiant load balancing: a uniformly random intermediate ToR chosen at the source
// (any ToR but the source, or neither end: attribute VlbIntermediates), then the direct circuits
// to it and on to the destination.

#include "rdcn-router-detail.h"
#include "rdcn-router.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

namespace
{

/// The router's log component, under its one name.
LogComponent& g_log = rdcnrouterdetail::RouterLog();

} // namespace

bool
RdcnRouter::NextHopVlb(uint32_t tor,
                       uint64_t ready,
                       uint32_t dst,
                       uint64_t /* flowHash */,
                       RdcnRouteState& state,
                       RdcnHop& hop)
{
    if (state.via < 0 && state.hops == 0 && m_tors > 2)
    {
        // Uniform over the intermediates; the destination (under any) means one hop, kept as
        // the intermediate so that a later call at this ToR does not draw again.
        const uint32_t n = GetNIntermediates(tor, dst);
        const uint32_t via = GetIntermediate(tor, dst, m_rng->GetInteger(0, n - 1));
        state.via = static_cast<int32_t>(via);
        NS_LOG_LOGIC("VLB " << tor << " -> " << dst << " via " << via);
    }
    if (state.via >= 0 && static_cast<uint32_t>(state.via) == tor)
    {
        state.via = -1;
    }
    const uint32_t target = state.via >= 0 ? static_cast<uint32_t>(state.via) : dst;
    return DirectHop(tor, ready, target, hop);
}

uint32_t
RdcnRouter::GetNIntermediates(uint32_t /* src */, uint32_t /* dst */) const
{
    const uint32_t tors = m_schedule ? m_schedule->GetNTors() : 0;
    if (tors <= 2)
    {
        return 1;
    }
    return m_vlbIntermediates == VLB_ANY ? tors - 1 : tors - 2;
}

uint32_t
RdcnRouter::GetIntermediate(uint32_t src, uint32_t dst, uint32_t index) const
{
    const uint32_t tors = m_schedule ? m_schedule->GetNTors() : 0;
    NS_ABORT_MSG_IF(index >= GetNIntermediates(src, dst),
                    "RdcnRouter::GetIntermediate: index " << index << " of "
                                                          << GetNIntermediates(src, dst));
    if (tors <= 2)
    {
        return dst;
    }
    if (m_vlbIntermediates == VLB_ANY)
    {
        return index + (index >= src ? 1 : 0);
    }
    const uint32_t lo = std::min(src, dst);
    const uint32_t hi = std::max(src, dst);
    uint32_t via = index + (index >= lo ? 1 : 0);
    return via + (via >= hi ? 1 : 0);
}

} // namespace ns3
