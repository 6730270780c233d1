/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnRouter's shared part: attributes, the scheme seam (which functions route by each scheme,
// in rdcn-router-<scheme>.cc), the schedule's cycles and their indexes, the time-flow tables and
// their lookup, carried routes, and NextHop's dispatch on the scheme.

#include "rdcn-router.h"

#include "rdcn-router-detail.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnRouter");

NS_OBJECT_ENSURE_REGISTERED(RdcnRouter);

namespace rdcnrouterdetail
{

LogComponent&
RouterLog()
{
    return g_log;
}

} // namespace rdcnrouterdetail

namespace
{

using rdcnrouterdetail::NO_HOPS;
using rdcnrouterdetail::NO_SLOT;

/// Bits of the cache key for the destination (RdcnSchedule::MAX_TORS < 2^16).
constexpr uint32_t KEY_DST_BITS = 16;
/// Bits of the cache key for the slice.
constexpr uint32_t KEY_SLICE_BITS = 24;
/// Bits of the cache key for the cycle (the rest of 64).
constexpr uint32_t KEY_EPOCH_BITS = 64 - KEY_DST_BITS - KEY_SLICE_BITS;
/// Destination field of the key of a block holding every destination.
constexpr uint64_t KEY_ALL_DST = (uint64_t{1} << KEY_DST_BITS) - 1;

} // namespace

bool
operator==(const RdcnHop& a, const RdcnHop& b)
{
    return a.tor == b.tor && a.uplink == b.uplink && a.slot == b.slot && a.next == b.next;
}

const RdcnRouter::SchemeFunctions&
RdcnRouter::FunctionsOf(Scheme scheme)
{
    // One entry per scheme, in enum order.
    static const SchemeFunctions SCHEMES[] = {
        {"direct", &RdcnRouter::NextHopDirect, nullptr, false},
        {"vlb", &RdcnRouter::NextHopVlb, nullptr, false},
        {"hoho", &RdcnRouter::NextHopHoho, &RdcnRouter::FillFirstHops, false},
        {"ksp", &RdcnRouter::FollowRoute, &RdcnRouter::FillKPaths, true},
        {"source", &RdcnRouter::FollowRoute, &RdcnRouter::FillPaths, false},
        {"rotorlb", &RdcnRouter::NextHopDirect, nullptr, false},
    };
    NS_ABORT_MSG_IF(scheme > ROTORLB, "RdcnRouter: unknown scheme " << scheme);
    return SCHEMES[scheme];
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
                          "hoho path chosen at the source and carried), rotorlb (RotorNet's "
                          "load balancing: direct while the next direct window has room, the "
                          "excess through intermediates with room; decided by the network "
                          "holding the queues)",
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
                                                          "source",
                                                          RdcnRouter::ROTORLB,
                                                          "rotorlb"))
            .AddAttribute("VlbIntermediates",
                          "Which ToRs vlb draws as the intermediate: any (any ToR but the "
                          "source, uniformly; drawing the destination means one hop: "
                          "Valiant's and RotorNet's rule) or others (neither the source nor "
                          "the destination: two hops always)",
                          EnumValue(RdcnRouter::VLB_ANY),
                          optical::compat::MakeEnumAccessorCompat<VlbIntermediates>(
                              &RdcnRouter::m_vlbIntermediates),
                          optical::MakeAnyCaseEnumChecker(RdcnRouter::VLB_ANY,
                                                          "any",
                                                          RdcnRouter::VLB_NEITHER_END,
                                                          "others"))
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
    for (uint32_t s = DIRECT; s <= ROTORLB; ++s)
    {
        if (name == FunctionsOf(static_cast<Scheme>(s)).name)
        {
            scheme = static_cast<Scheme>(s);
            return true;
        }
    }
    error = "unknown routing '" + name + "' (allowed: direct, vlb, hoho, ksp, source, rotorlb)";
    return false;
}

std::string
RdcnRouter::GetSchemeName(Scheme scheme)
{
    return scheme <= ROTORLB ? FunctionsOf(scheme).name : "unknown";
}

bool
RdcnRouter::IsLoadBalancing() const
{
    return m_scheme == ROTORLB;
}

RdcnRouter::VlbIntermediates
RdcnRouter::GetVlbIntermediates() const
{
    return m_vlbIntermediates;
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

RdcnRouter::Entry
RdcnRouter::PathEntry(Block& block, const std::vector<RdcnHop>& path, uint64_t ready)
{
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
}

void
RdcnRouter::Fill(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const
{
    // dst >= 0: that destination only (ksp; or hoho and source when not cached); dst < 0: every
    // destination from one search, entries indexed by destination.
    block.entries.clear();
    block.hops.clear();
    const SchemeFunctions& scheme = FunctionsOf(m_scheme);
    NS_ASSERT_MSG(scheme.fill, "RdcnRouter: " << scheme.name << " keeps no tables");
    (this->*scheme.fill)(tor, ready, dst, block);
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
    const bool perDst = FunctionsOf(m_scheme).perDestination;
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
    const bool perDst = FunctionsOf(m_scheme).perDestination;
    const Entry& chosen = block->entries[first + (perDst ? flowHash % count : 0)];
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
    // The scheme seam: the scheme's own next-hop function (rdcn-router-<scheme>.cc).
    const bool found =
        (this->*FunctionsOf(m_scheme).nextHop)(tor, ready, dst, flowHash, state, hop);
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
