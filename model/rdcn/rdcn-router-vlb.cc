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
        if (m_vlbIntermediates == VLB_ANY)
        {
            // Uniform over the N - 1 ToRs other than tor; the destination means one hop (kept
            // as the intermediate, so that a later call at this ToR does not draw again).
            uint32_t via = m_rng->GetInteger(0, m_tors - 2);
            via += via >= tor ? 1 : 0;
            state.via = static_cast<int32_t>(via);
            NS_LOG_LOGIC("VLB " << tor << " -> " << dst << " via " << via);
        }
        else
        {
            // Uniform over the N - 2 ToRs other than tor and dst.
            const uint32_t lo = std::min(tor, dst);
            const uint32_t hi = std::max(tor, dst);
            uint32_t via = m_rng->GetInteger(0, m_tors - 3);
            via += via >= lo ? 1 : 0;
            via += via >= hi ? 1 : 0;
            state.via = static_cast<int32_t>(via);
            NS_LOG_LOGIC("VLB " << tor << " -> " << dst << " via " << via);
        }
    }
    if (state.via >= 0 && static_cast<uint32_t>(state.via) == tor)
    {
        state.via = -1;
    }
    const uint32_t target = state.via >= 0 ? static_cast<uint32_t>(state.via) : dst;
    return DirectHop(tor, ready, target, hop);
}

} // namespace ns3
