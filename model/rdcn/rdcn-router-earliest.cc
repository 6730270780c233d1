/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's earliest-arrival schemes, hoho and source: the forward search over the
// time-expanded graph (EarliestPath), the table blocks it fills (hoho: first hops; source: whole
// paths) and hoho's next hop. Source follows its carried path as ksp does (FollowRoute).

#include "rdcn-router-detail.h"
#include "rdcn-router.h"

#include "ns3/assert.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace ns3
{

namespace
{

using rdcnrouterdetail::NO_HOPS;
using rdcnrouterdetail::NO_SLOT;

/// Label of an unreached state of the forward search.
constexpr uint64_t NO_LABEL = std::numeric_limits<uint64_t>::max();
/// Shift of the hop count in a label.
constexpr uint32_t LABEL_HOPS_SHIFT = 48;
/// Shift of the first uplink in a label (RdcnSchedule::MAX_UPLINKS < 2^8).
constexpr uint32_t LABEL_UPLINK_SHIFT = 40;
/// Mask of the first slot (relative to the ready slot) in a label.
constexpr uint64_t LABEL_SLOT_MASK = (uint64_t{1} << LABEL_UPLINK_SHIFT) - 1;

/**
 * The label of a state of the forward search, packed so that a smaller label is a better one:
 * fewer hops (RdcnSchedule::MAX_TORS < 2^16), then a lower first uplink, then an earlier first
 * slot (relative to the ready slot).
 * \param hops hops so far
 * \param uplink first hop's uplink
 * \param slot first hop's slot, relative to the ready slot
 * \return the label
 */
constexpr uint64_t
MakeLabel(uint64_t hops, uint64_t uplink, uint64_t slot)
{
    return (hops << LABEL_HOPS_SHIFT) | (uplink << LABEL_UPLINK_SHIFT) | (slot & LABEL_SLOT_MASK);
}

/// \return the hops of \p label
constexpr uint32_t
LabelHops(uint64_t label)
{
    return static_cast<uint32_t>(label >> LABEL_HOPS_SHIFT);
}

/// \return the first uplink of \p label
constexpr uint32_t
LabelUplink(uint64_t label)
{
    return static_cast<uint32_t>((label >> LABEL_UPLINK_SHIFT) & 0xff);
}

/// \return the first slot (relative) of \p label
constexpr uint64_t
LabelSlot(uint64_t label)
{
    return label & LABEL_SLOT_MASK;
}

/// Parent of a state of the forward search: the hop that led to it (from < 0: waited).
struct Parent
{
    int32_t from{-1};   //!< Sending ToR (-1: the packet waited)
    uint32_t uplink{0}; //!< Uplink
};

} // namespace

/// Result of a forward search over the time-expanded graph from one ToR and ready slot.
struct RdcnRouter::Forward
{
    uint64_t ready{0};             //!< Ready slot
    uint32_t slots{0};             //!< Slots searched
    std::vector<uint64_t> arrival; //!< Per ToR: first slot it is reached (NO_SLOT: never)
    std::vector<uint64_t> label;   //!< Per ToR: label when first reached (MakeLabel)
    std::vector<Parent> parents;   //!< [t * N + j]: how (ready + t + 1, j) was reached
};

void
RdcnRouter::SearchForward(uint32_t src, uint64_t ready, int32_t stop, Forward& f) const
{
    // Labelling over the time-expanded graph, slot by slot: cur[j] is the best label of a
    // packet at ToR j ready at slot ready + t (waiting keeps a label, a hop adds one). Hops of
    // one slot read the labels from its start, so a packet takes at most one hop per slot.
    const uint32_t n = m_tors;
    const uint32_t u = m_uplinks;
    const uint64_t horizon = 2 * static_cast<uint64_t>(EpochAt(ready).slices) + 1;
    f.ready = ready;
    f.slots = 0;
    f.arrival.assign(n, NO_SLOT);
    f.label.assign(n, NO_LABEL);
    f.parents.clear();
    std::vector<uint64_t> cur(n, NO_LABEL);
    std::vector<uint64_t> next;
    std::vector<uint32_t> active;
    active.reserve(n);
    cur[src] = 0;
    f.arrival[src] = ready;
    f.label[src] = 0;
    active.push_back(src);
    for (uint64_t t = 0; t < horizon; ++t)
    {
        const uint64_t k = ready + t;
        const int32_t* row = PeerRow(k);
        next = cur;
        f.parents.resize((t + 1) * n);
        Parent* parents = &f.parents[t * n];
        const std::size_t senders = active.size();
        for (uint32_t l = 0; l < u; ++l)
        {
            const int32_t* peers = row + static_cast<std::size_t>(l) * n;
            const uint64_t firstHop = MakeLabel(1, l, t);
            for (std::size_t a = 0; a < senders; ++a)
            {
                const uint32_t i = active[a];
                const int32_t j = peers[i];
                if (j < 0)
                {
                    continue;
                }
                const uint64_t cand =
                    cur[i] == 0 ? firstHop : cur[i] + (uint64_t{1} << LABEL_HOPS_SHIFT);
                if (cand >= next[j])
                {
                    continue;
                }
                if (next[j] == NO_LABEL)
                {
                    active.push_back(j);
                    f.arrival[j] = k + 1;
                }
                if (f.arrival[j] == k + 1)
                {
                    f.label[j] = cand;
                }
                next[j] = cand;
                parents[j].from = static_cast<int32_t>(i);
                parents[j].uplink = l;
            }
        }
        cur.swap(next);
        f.slots = t + 1;
        if (stop >= 0 ? f.arrival[stop] != NO_SLOT : active.size() == n)
        {
            return;
        }
    }
}

std::vector<RdcnHop>
RdcnRouter::PathOf(const Forward& f, uint32_t src, uint32_t dst) const
{
    std::vector<RdcnHop> path;
    if (f.arrival[dst] == NO_SLOT || dst == src)
    {
        return path;
    }
    const uint32_t n = m_tors;
    uint64_t t = f.arrival[dst] - f.ready;
    uint32_t node = dst;
    while (t > 0)
    {
        const Parent& p = f.parents[(t - 1) * n + node];
        if (p.from >= 0)
        {
            path.push_back(RdcnHop{static_cast<uint32_t>(p.from), p.uplink, f.ready + t - 1, node});
            node = p.from;
        }
        --t;
    }
    NS_ASSERT(node == src);
    std::reverse(path.begin(), path.end());
    return path;
}

uint64_t
RdcnRouter::EarliestPath(uint32_t src,
                         uint64_t ready,
                         uint32_t dst,
                         std::vector<RdcnHop>& path) const
{
    Sync();
    path.clear();
    NS_ASSERT_MSG(src < m_tors && dst < m_tors,
                  "EarliestPath: ToR " << src << " or " << dst << " out of " << m_tors);
    if (src == dst)
    {
        return ready;
    }
    Forward f;
    SearchForward(src, ready, static_cast<int32_t>(dst), f);
    path = PathOf(f, src, dst);
    return f.arrival[dst];
}

std::vector<uint32_t>
RdcnRouter::SearchBlock(uint32_t tor, uint64_t ready, int32_t dst, Block& block, Forward& f) const
{
    Entry none;
    none.arrival = NO_HOPS;
    block.entries.assign(m_tors, none);
    SearchForward(tor, ready, dst, f);
    std::vector<uint32_t> reached;
    for (uint32_t d = 0; d < m_tors; ++d)
    {
        if (d == tor || f.arrival[d] == NO_SLOT || (dst >= 0 && d != static_cast<uint32_t>(dst)))
        {
            continue;
        }
        reached.push_back(d);
    }
    return reached;
}

void
RdcnRouter::FillFirstHops(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const
{
    Forward f;
    for (uint32_t d : SearchBlock(tor, ready, dst, block, f))
    {
        const uint64_t label = f.label[d];
        Entry& e = block.entries[d];
        e.wait = LabelSlot(label);
        e.uplink = LabelUplink(label);
        e.next = PeerRow(ready + e.wait)[static_cast<std::size_t>(e.uplink) * m_tors + tor];
        e.arrival = f.arrival[d] - ready;
        e.hops = LabelHops(label);
    }
}

void
RdcnRouter::FillPaths(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const
{
    Forward f;
    for (uint32_t d : SearchBlock(tor, ready, dst, block, f))
    {
        block.entries[d] = PathEntry(block, PathOf(f, tor, d), ready);
    }
}

bool
RdcnRouter::NextHopHoho(uint32_t tor,
                        uint64_t ready,
                        uint32_t dst,
                        uint64_t /* flowHash */,
                        RdcnRouteState& /* state */,
                        RdcnHop& hop)
{
    uint32_t first = 0;
    uint32_t count = 0;
    const Block* block = Lookup(tor, ready, dst, first, count);
    if (count == 0)
    {
        return false;
    }
    const Entry& e = block->entries[first];
    hop = RdcnHop{tor, e.uplink, ready + e.wait, e.next};
    return true;
}

} // namespace ns3
