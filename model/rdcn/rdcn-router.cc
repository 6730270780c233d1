/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-router.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnRouter");

NS_OBJECT_ENSURE_REGISTERED(RdcnRouter);

namespace
{

/// No slot (unreached, no next cycle).
constexpr uint64_t NO_SLOT = std::numeric_limits<uint64_t>::max();
/// No hop count (unreached).
constexpr uint32_t NO_HOPS = std::numeric_limits<uint32_t>::max();
/// Bits of the cache key for the destination (RdcnSchedule::MAX_TORS < 2^16).
constexpr uint32_t KEY_DST_BITS = 16;
/// Bits of the cache key for the slice.
constexpr uint32_t KEY_SLICE_BITS = 24;
/// Bits of the cache key for the cycle (the rest of 64).
constexpr uint32_t KEY_EPOCH_BITS = 64 - KEY_DST_BITS - KEY_SLICE_BITS;
/// Destination field of the key of a block holding every destination.
constexpr uint64_t KEY_ALL_DST = (uint64_t{1} << KEY_DST_BITS) - 1;

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

/// Hop count of a backward value (arrival << 32 | hops).
constexpr uint32_t VALUE_ARRIVAL_SHIFT = 32;

/// Parent of a state of the forward search: the hop that led to it (from < 0: waited).
struct Parent
{
    int32_t from{-1};   //!< Sending ToR (-1: the packet waited)
    uint32_t uplink{0}; //!< Uplink
};

/// The names of the schemes, in enum order.
const char* const kSchemeNames[] = {"direct", "vlb", "hoho", "ksp", "source"};

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

bool
operator==(const RdcnHop& a, const RdcnHop& b)
{
    return a.tor == b.tor && a.uplink == b.uplink && a.slot == b.slot && a.next == b.next;
}

TypeId
RdcnRouter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnRouter")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnRouter>()
            .AddAttribute("Scheme",
                          "Routing: direct (wait for the circuit to the destination), vlb "
                          "(Valiant: direct to a random intermediate, then direct), hoho "
                          "(hop-on-hop-off: earliest arrival over time), ksp (Paths earliest "
                          "paths with distinct first hops, one per flow hash), source (the "
                          "hoho path chosen at the source and carried)",
                          EnumValue(RdcnRouter::DIRECT),
                          optical::compat::MakeEnumAccessorCompat<Scheme>(&RdcnRouter::m_scheme),
                          optical::MakeAnyCaseEnumChecker(RdcnRouter::DIRECT,
                                                          "direct",
                                                          RdcnRouter::VLB,
                                                          "vlb",
                                                          RdcnRouter::HOHO,
                                                          "hoho",
                                                          RdcnRouter::KSP,
                                                          "ksp",
                                                          RdcnRouter::SOURCE,
                                                          "source"))
            .AddAttribute("Paths",
                          "K of ksp: paths (with distinct first hops) a flow hash chooses "
                          "among (>= 1)",
                          UintegerValue(3),
                          MakeUintegerAccessor(&RdcnRouter::m_paths),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxTableEntries",
                          "Most entries the time-flow tables of all ToRs hold together (one per "
                          "ToR, slice and destination; K for ksp); lookups beyond it are "
                          "computed and not cached (0: no tables)",
                          UintegerValue(4000000),
                          MakeUintegerAccessor(&RdcnRouter::m_maxEntries),
                          MakeUintegerChecker<uint64_t>())
            .AddTraceSource("Route",
                            "A hop was chosen: ToR, destination, uplink, absolute slot",
                            MakeTraceSourceAccessor(&RdcnRouter::m_routeTrace),
                            "ns3::RdcnRouter::RouteTracedCallback");
    return tid;
}

RdcnRouter::RdcnRouter()
    : m_rng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
    m_bounds.push_back(0);
}

RdcnRouter::~RdcnRouter()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnRouter::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_schedule)
    {
        m_schedule->TraceDisconnectWithoutContext("Installed",
                                                  MakeCallback(&RdcnRouter::Installed, this));
    }
    m_schedule = nullptr;
    m_rng = nullptr;
    ClearTables();
    Object::DoDispose();
}

void
RdcnRouter::SetSchedule(Ptr<RdcnSchedule> schedule)
{
    NS_LOG_FUNCTION(this << schedule);
    if (m_schedule)
    {
        m_schedule->TraceDisconnectWithoutContext("Installed",
                                                  MakeCallback(&RdcnRouter::Installed, this));
    }
    m_schedule = schedule;
    m_bounds.assign(1, 0);
    m_tors = 0;
    m_uplinks = 0;
    ClearTables();
    if (m_schedule)
    {
        const bool connected =
            m_schedule->TraceConnectWithoutContext("Installed",
                                                   MakeCallback(&RdcnRouter::Installed, this));
        NS_ASSERT_MSG(connected, "RdcnSchedule has no Installed trace source");
        (void)connected;
    }
}

Ptr<RdcnSchedule>
RdcnRouter::GetSchedule() const
{
    return m_schedule;
}

void
RdcnRouter::SetScheme(Scheme scheme)
{
    NS_LOG_FUNCTION(this << scheme);
    m_scheme = scheme;
}

RdcnRouter::Scheme
RdcnRouter::GetScheme() const
{
    return m_scheme;
}

bool
RdcnRouter::ParseScheme(const std::string& name, Scheme& scheme, std::string& error)
{
    for (uint32_t s = DIRECT; s <= SOURCE; ++s)
    {
        if (name == kSchemeNames[s])
        {
            scheme = static_cast<Scheme>(s);
            return true;
        }
    }
    error = "unknown routing '" + name + "' (allowed: direct, vlb, hoho, ksp, source)";
    return false;
}

std::string
RdcnRouter::GetSchemeName(Scheme scheme)
{
    return scheme <= SOURCE ? kSchemeNames[scheme] : "unknown";
}

uint64_t
RdcnRouter::GetNTableEntries() const
{
    return m_entries;
}

uint64_t
RdcnRouter::GetNRecomputed() const
{
    return m_recomputed;
}

int64_t
RdcnRouter::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_rng->SetStream(stream);
    return 1;
}

void
RdcnRouter::Installed(uint64_t fromSlot)
{
    NS_LOG_FUNCTION(this << fromSlot);
    // Mirror RdcnSchedule::Install: cycles beginning at or after fromSlot are dropped.
    while (m_bounds.size() > 1 && m_bounds.back() >= fromSlot)
    {
        m_bounds.pop_back();
    }
    if (fromSlot == 0)
    {
        m_bounds.assign(1, 0);
    }
    else if (m_bounds.back() < fromSlot)
    {
        m_bounds.push_back(fromSlot);
    }
    ClearTables();
}

void
RdcnRouter::ClearTables() const
{
    m_tables.clear();
    m_cached = 0;
    m_epochs.clear();
}

void
RdcnRouter::Sync() const
{
    NS_ASSERT_MSG(m_schedule, "RdcnRouter: no schedule set");
    const uint32_t n = m_schedule->GetNTors();
    const uint32_t u = m_schedule->GetNUplinks();
    if (n != m_tors || u != m_uplinks)
    {
        // The schedule was rebuilt (SetMatchings) with other sizes.
        m_tors = n;
        m_uplinks = u;
        ClearTables();
    }
    if (m_tableScheme != m_scheme || m_tablePaths != m_paths)
    {
        m_tables.clear();
        m_cached = 0;
        m_tableScheme = m_scheme;
        m_tablePaths = m_paths;
    }
    if (m_tables.size() != n)
    {
        m_tables.assign(n, {});
        m_cached = 0;
    }
}

RdcnRouter::Epoch&
RdcnRouter::EpochAt(uint64_t slot, std::size_t* index) const
{
    const std::size_t e =
        std::upper_bound(m_bounds.begin(), m_bounds.end(), slot) - m_bounds.begin() - 1;
    if (index)
    {
        *index = e;
    }
    if (m_epochs.size() < m_bounds.size())
    {
        m_epochs.resize(m_bounds.size());
    }
    if (!m_epochs[e])
    {
        auto epoch = std::make_unique<Epoch>();
        epoch->first = m_bounds[e];
        epoch->end = e + 1 < m_bounds.size() ? m_bounds[e + 1] : NO_SLOT;
        epoch->slices = m_schedule->GetNSlicesAt(epoch->first);
        NS_ASSERT_MSG(epoch->slices >= 1, "RdcnRouter: the schedule has no slices");
        if (m_schedule->GetSlice(epoch->first) != 0)
        {
            // A cycle the router was not told about (installed before SetSchedule), or one the
            // schedule has pruned (a slot in the past): the index repeats the L slots from
            // here, which may differ from the schedule's cycles.
            NS_LOG_WARN("slot " << epoch->first << " does not begin a cycle of the schedule");
        }
        const uint32_t n = m_tors;
        const uint32_t u = m_uplinks;
        epoch->peers.assign(static_cast<std::size_t>(epoch->slices) * u * n, RdcnSchedule::NO_PEER);
        for (uint32_t s = 0; s < epoch->slices; ++s)
        {
            for (uint32_t l = 0; l < u; ++l)
            {
                int32_t* row = &epoch->peers[(static_cast<std::size_t>(s) * u + l) * n];
                for (uint32_t i = 0; i < n; ++i)
                {
                    row[i] = m_schedule->GetPeer(i, l, epoch->first + s);
                }
            }
        }
        NS_LOG_LOGIC("indexed cycle " << e << " from slot " << epoch->first << ": " << epoch->slices
                                      << " slices");
        m_epochs[e] = std::move(epoch);
    }
    return *m_epochs[e];
}

const int32_t*
RdcnRouter::PeerRow(uint64_t slot) const
{
    const Epoch& epoch = EpochAt(slot);
    const uint64_t slice = (slot - epoch.first) % epoch.slices;
    return &epoch.peers[slice * m_uplinks * m_tors];
}

uint64_t
RdcnRouter::GetHorizon(uint64_t ready) const
{
    Sync();
    return 2 * static_cast<uint64_t>(EpochAt(ready).slices) + 1;
}

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
RdcnRouter::Fill(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const
{
    // dst >= 0: that destination only (ksp; or hoho and source when not cached); dst < 0: every
    // destination from one search, entries indexed by destination.
    block.entries.clear();
    block.hops.clear();
    auto add = [&](const std::vector<RdcnHop>& path) {
        Entry e;
        e.wait = path.front().slot - ready;
        e.uplink = path.front().uplink;
        e.next = path.front().next;
        e.arrival = path.back().slot + 1 - ready;
        e.hops = path.size();
        e.path = block.hops.size();
        for (RdcnHop h : path)
        {
            h.slot -= ready;
            block.hops.push_back(h);
        }
        return e;
    };
    if (m_scheme == KSP)
    {
        for (const std::vector<RdcnHop>& path : EarliestPaths(tor, ready, dst, m_paths))
        {
            block.entries.push_back(add(path));
        }
        return;
    }
    Entry none;
    none.arrival = NO_HOPS;
    block.entries.assign(m_tors, none);
    Forward f;
    SearchForward(tor, ready, dst, f);
    for (uint32_t d = 0; d < m_tors; ++d)
    {
        if (d == tor || f.arrival[d] == NO_SLOT || (dst >= 0 && d != static_cast<uint32_t>(dst)))
        {
            continue;
        }
        if (m_scheme == SOURCE)
        {
            block.entries[d] = add(PathOf(f, tor, d));
        }
        else
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
}

std::vector<RdcnHop>
RdcnRouter::PathOf(const Block& block, const Entry& entry, uint64_t ready) const
{
    std::vector<RdcnHop> path(block.hops.begin() + entry.path,
                              block.hops.begin() + entry.path + entry.hops);
    for (RdcnHop& h : path)
    {
        h.slot += ready;
    }
    return path;
}

const RdcnRouter::Block*
RdcnRouter::Lookup(uint32_t tor, uint64_t ready, uint32_t dst, uint32_t& first, uint32_t& count)
{
    std::size_t e = 0;
    const Epoch& epoch = EpochAt(ready, &e);
    const uint64_t horizon = 2 * static_cast<uint64_t>(epoch.slices) + 1;
    const uint64_t slice = (ready - epoch.first) % epoch.slices;
    // The graph from ready is the same for every ready of this slice of this cycle only if the
    // horizon stays inside the cycle.
    const bool periodic = epoch.end == NO_SLOT || ready + horizon <= epoch.end;
    const bool keyFits = e < (uint64_t{1} << KEY_EPOCH_BITS) && slice < (1U << KEY_SLICE_BITS);
    const bool perDst = m_scheme == KSP;
    const uint64_t key = (static_cast<uint64_t>(e) << (KEY_SLICE_BITS + KEY_DST_BITS)) |
                         (slice << KEY_DST_BITS) | (perDst ? dst : KEY_ALL_DST);
    auto result = [&](const Block& block) {
        if (perDst)
        {
            first = 0;
            count = block.entries.size();
        }
        else
        {
            first = dst;
            count = block.entries[dst].arrival != NO_HOPS ? 1 : 0;
        }
        return &block;
    };
    auto& table = m_tables[tor];
    if (periodic && keyFits)
    {
        auto it = table.find(key);
        if (it != table.end())
        {
            return result(it->second);
        }
        const uint64_t size = perDst ? m_paths : m_tors - 1;
        if (m_cached + size <= m_maxEntries)
        {
            Block& block = table[key];
            Fill(tor, ready, perDst ? static_cast<int32_t>(dst) : -1, block);
            const uint64_t filled =
                perDst ? std::max<std::size_t>(1, block.entries.size()) : m_tors - 1;
            m_cached += filled;
            m_entries += filled;
            return result(block);
        }
    }
    Fill(tor, ready, static_cast<int32_t>(dst), m_scratch);
    return result(m_scratch);
}

bool
RdcnRouter::FollowRoute(uint32_t tor,
                        uint64_t ready,
                        uint32_t dst,
                        uint64_t flowHash,
                        RdcnRouteState& state,
                        RdcnHop& hop)
{
    if (!state.route.empty())
    {
        const auto it = std::find_if(state.route.begin(),
                                     state.route.end(),
                                     [tor](const RdcnHop& h) { return h.tor == tor; });
        if (it != state.route.end() && state.route.back().next == dst && ready <= it->slot &&
            m_schedule->GetPeer(tor, it->uplink, it->slot) == static_cast<int32_t>(it->next))
        {
            hop = *it;
            return true;
        }
        ++m_recomputed;
        NS_LOG_LOGIC("ToR " << tor << " recomputes a stale route to " << dst << " at slot "
                            << ready);
    }
    else if (state.hops > 0)
    {
        ++m_recomputed;
    }
    uint32_t first = 0;
    uint32_t count = 0;
    const Block* block = Lookup(tor, ready, dst, first, count);
    if (count == 0)
    {
        state.route.clear();
        return false;
    }
    const Entry& chosen = block->entries[first + (m_scheme == KSP ? flowHash % count : 0)];
    state.route = PathOf(*block, chosen, ready);
    hop = state.route.front();
    return true;
}

bool
RdcnRouter::NextHop(uint32_t tor,
                    uint64_t ready,
                    uint32_t dst,
                    uint64_t flowHash,
                    RdcnRouteState& state,
                    RdcnHop& hop)
{
    NS_LOG_FUNCTION(this << tor << ready << dst << flowHash);
    Sync();
    if (tor >= m_tors || dst >= m_tors || tor == dst)
    {
        NS_LOG_WARN("NextHop: bad pair " << tor << " -> " << dst << " (" << m_tors << " ToRs)");
        return false;
    }
    bool found = false;
    switch (m_scheme)
    {
    case DIRECT:
        found = DirectHop(tor, ready, dst, hop);
        break;
    case VLB: {
        if (state.via < 0 && state.hops == 0 && m_tors > 2)
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
        if (state.via >= 0 && static_cast<uint32_t>(state.via) == tor)
        {
            state.via = -1;
        }
        const uint32_t target = state.via >= 0 ? static_cast<uint32_t>(state.via) : dst;
        found = DirectHop(tor, ready, target, hop);
        break;
    }
    case HOHO: {
        uint32_t first = 0;
        uint32_t count = 0;
        const Block* block = Lookup(tor, ready, dst, first, count);
        if (count > 0)
        {
            const Entry& e = block->entries[first];
            hop = RdcnHop{tor, e.uplink, ready + e.wait, e.next};
            found = true;
        }
        break;
    }
    case KSP:
    case SOURCE:
        found = FollowRoute(tor, ready, dst, flowHash, state, hop);
        break;
    }
    if (!found)
    {
        NS_LOG_LOGIC("no route from " << tor << " to " << dst << " from slot " << ready);
        return false;
    }
    ++state.hops;
    NS_LOG_LOGIC("ToR " << tor << " -> " << dst << ": uplink " << hop.uplink << " slot " << hop.slot
                        << " to ToR " << hop.next);
    m_routeTrace(tor, dst, hop.uplink, hop.slot);
    return true;
}

} // namespace ns3
