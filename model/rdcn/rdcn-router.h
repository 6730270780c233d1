/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_ROUTER_H
#define RDCN_ROUTER_H

#include "rdcn-schedule.h"

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * One hop over time: ToR \c tor sends on uplink \c uplink during absolute slot \c slot, and the
 * circuit leads to ToR \c next. The next ToR may send the packet on from slot + 1 (a hop takes
 * the rest of its slot: hop-on-hop-off).
 */
struct RdcnHop
{
    uint32_t tor{0};    //!< Sending ToR
    uint32_t uplink{0}; //!< Its uplink
    uint64_t slot{0};   //!< Absolute slot in which it sends
    uint32_t next{0};   //!< ToR the circuit leads to
};

/// \return true when both hops are the same
bool operator==(const RdcnHop& a, const RdcnHop& b);

/**
 * \ingroup optical
 * What a packet (or a fluid chunk) carries for routing: the VLB intermediate, the source
 * route, the hops taken so far.
 */
struct RdcnRouteState
{
    int32_t via{-1};            //!< VLB intermediate still to reach (-1: none)
    uint32_t hops{0};           //!< Circuit hops taken so far
    std::vector<RdcnHop> route; //!< Source route (empty: per-hop routing)
};

/**
 * \ingroup optical
 * \brief Routing over time in a time-slotted network: which uplink, in which slot, towards
 * which ToR.
 *
 * Schemes (attribute Scheme):
 *  - direct: wait for the next circuit to the destination;
 *  - vlb: Valiant load balancing: direct to a uniformly random intermediate ToR, then direct
 *    to the destination (two hops). Attribute VlbIntermediates says which ToRs may be drawn:
 *    any but the source (RotorNet's and Valiant's rule; drawing the destination means one
 *    hop: on a permutation VLB then reaches half the capacity), or neither end (two hops
 *    always: (N - 2) / (N - 1) of that half on a permutation);
 *  - rotorlb: RotorNet's load balancing: direct while the next circuit to the destination can
 *    still carry the bytes in its window, only the excess through intermediates, each
 *    accepting what its own circuit to the destination can carry in its next window. The
 *    router's hops are direct's; the choice depends on queue contents, so the network that
 *    holds the queues makes it (IsLoadBalancing; the fluid engine RdcnFluidNetwork does);
 *  - hoho: hop-on-hop-off: the first hop of an earliest-arrival path over the time-expanded
 *    graph (fewest hops among the earliest, then the lowest uplink, then the earliest slot);
 *  - ksp: the K earliest-arriving paths whose first hops differ (attribute Paths); a flow
 *    hash picks one, so one flow keeps one path while flows spread over K;
 *  - source: the source ToR computes the hop-on-hop-off path and the packet carries it
 *    (RdcnRouteState::route); later ToRs follow it.
 *
 * Time-expanded graph: a packet at ToR i that may leave from absolute slot k either waits to
 * k + 1 or hops on a circuit i -> j of slot k and may leave j from k + 1. It is delivered when
 * it reaches the destination; the arrival slot is that k + 1.
 *
 * Paths are searched within a horizon of two cycles: hops in the 2 L + 1 slots from the ready
 * slot on, L = RdcnSchedule::GetNSlicesAt(ready); beyond that a destination is unreachable.
 *
 * Per-ToR time-flow tables cache, for a slice of the ready slot and a destination, the egress
 * uplink and the slot to send in (hoho), the path (source) or the K paths (ksp); they are filled
 * on first use (hoho and source fill every destination of a slice at once, from one search) and
 * cleared when the schedule installs a new cycle (the router follows RdcnSchedule's Installed
 * trace, so cycles must be installed after SetSchedule). A lookup whose horizon reaches into a
 * later installed cycle is computed and not cached. Direct and vlb use an index of the direct
 * circuits of each (ToR, destination) built once per cycle instead: O(N L U) memory and a binary
 * search per lookup.
 */
class RdcnRouter : public Object
{
  public:
    /// Routing schemes.
    enum Scheme
    {
        DIRECT,  //!< Wait for the direct circuit
        VLB,     //!< Valiant: random intermediate, two direct hops
        HOHO,    //!< Hop-on-hop-off: earliest arrival over the time-expanded graph
        KSP,     //!< K earliest paths with distinct first hops, picked by flow hash
        SOURCE,  //!< Hop-on-hop-off path chosen at the source and carried in the packet
        ROTORLB, //!< RotorNet's RotorLB: direct first, the excess through intermediates
    };

    /// Which ToRs VLB may draw as the intermediate (attribute VlbIntermediates).
    enum VlbIntermediates
    {
        VLB_ANY,        //!< Any ToR but the source (the destination: one hop)
        VLB_NEITHER_END //!< Neither the source nor the destination (two hops always)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnRouter();
    ~RdcnRouter() override;

    /**
     * \brief Sets the schedule (also clears the tables) and follows its Installed trace.
     *
     * Cycles installed (RdcnSchedule::Install) after this call are followed; install none
     * before it, and call it again after RdcnSchedule::SetMatchings.
     * \param schedule the schedule
     */
    void SetSchedule(Ptr<RdcnSchedule> schedule);
    /// \return the schedule
    Ptr<RdcnSchedule> GetSchedule() const;

    /// \brief Sets the scheme (also attribute Scheme). \param scheme the scheme
    void SetScheme(Scheme scheme);
    /// \return the scheme
    Scheme GetScheme() const;

    /**
     * \brief Parses a scheme name.
     * \param name direct, vlb, hoho, ksp, source or rotorlb
     * \param scheme set on success
     * \param error set to "unknown routing 'NAME' (allowed: direct, vlb, hoho, ksp, source,
     *        rotorlb)"
     * \return true on success
     */
    static bool ParseScheme(const std::string& name, Scheme& scheme, std::string& error);
    /// \brief The name of a scheme. \param scheme the scheme \return its name
    static std::string GetSchemeName(Scheme scheme);

    /**
     * \return true for a scheme whose choice between the direct circuit and an intermediate
     * depends on queue contents (rotorlb): the network holding the queues decides, with
     * DirectHop for each hop
     */
    bool IsLoadBalancing() const;
    /// \return which ToRs vlb draws as the intermediate (attribute VlbIntermediates)
    VlbIntermediates GetVlbIntermediates() const;

    /**
     * \brief VLB's intermediates from \p src to \p dst, numbered from 0: the ToRs but the
     * source (VlbIntermediates any, the destination among them) or but both ends (others), in
     * ToR order. NextHop draws one uniformly; the fluid engine splits bytes over them.
     * \param src the source ToR \param dst the destination ToR
     * \return how many there are (at least 1: with two ToRs, the destination)
     */
    uint32_t GetNIntermediates(uint32_t src, uint32_t dst) const;
    /**
     * \param src the source ToR \param dst the destination ToR
     * \param index below GetNIntermediates(src, dst)
     * \return intermediate number \p index
     */
    uint32_t GetIntermediate(uint32_t src, uint32_t dst, uint32_t index) const;

    /**
     * \brief Checks that the scheme can route on the schedule.
     * \return empty, or the problem: direct and vlb need every pair connected in a cycle (the
     *         error names a pair that never meets and the schedule); hoho, ksp and source need
     *         every pair reachable over time
     */
    std::string Check() const;

    /**
     * \brief The next hop of a packet.
     * \param tor where the packet is
     * \param ready first absolute slot in which it may leave
     * \param dst destination ToR (!= tor)
     * \param flowHash flow hash (ksp picks a path with it)
     * \param state the packet's routing state: read and updated (VLB intermediate chosen at
     *        the source and cleared when reached; source route set at the source; hops)
     * \param hop set on success
     * \return false when no route exists within two cycles
     */
    bool NextHop(uint32_t tor,
                 uint64_t ready,
                 uint32_t dst,
                 uint64_t flowHash,
                 RdcnRouteState& state,
                 RdcnHop& hop);

    /**
     * \brief The next direct circuit: the first slot from \p ready with a circuit from \p tor
     * to \p dst on any uplink (the lowest uplink among several), across installed cycles.
     * \param tor sending ToR
     * \param ready first absolute slot it may send in
     * \param dst destination ToR (!= tor)
     * \param hop set on success
     * \return false when \p tor never reaches \p dst directly in a cycle
     */
    bool DirectHop(uint32_t tor, uint64_t ready, uint32_t dst, RdcnHop& hop) const;

    /**
     * \brief An earliest-arrival path over the time-expanded graph (ties as for hoho: fewest
     * hops, then the lowest first uplink, then the earliest first slot). It never visits a ToR
     * twice. Computed without the tables (a forward search slot by slot).
     * \param src source ToR
     * \param ready first absolute slot it may leave in
     * \param dst destination ToR
     * \param path set to the hops (empty when src == dst)
     * \return the arrival slot, or UINT64_MAX when unreachable within two cycles
     */
    uint64_t EarliestPath(uint32_t src,
                          uint64_t ready,
                          uint32_t dst,
                          std::vector<RdcnHop>& path) const;

    /**
     * \brief The \p k earliest-arriving paths whose first hops (uplink, slot) differ, sorted by
     * arrival then hops (then first uplink, first slot).
     *
     * Each path is a first hop from \p src within the horizon continued by an earliest-arrival
     * path (fewest hops among the earliest) from the first hop's far end that never comes back
     * to \p src; none visits a ToR twice. Computed without the tables (a backward dynamic
     * programme over the horizon).
     * \param src source ToR
     * \param ready first absolute slot it may leave in
     * \param dst destination ToR
     * \param k most paths
     * \return the paths (fewer than \p k when fewer first hops lead to \p dst; none when
     *         src == dst)
     */
    std::vector<std::vector<RdcnHop>> EarliestPaths(uint32_t src,
                                                    uint64_t ready,
                                                    uint32_t dst,
                                                    uint32_t k) const;

    /**
     * \brief Prints the time-flow table of \p tor for every slice and destination:
     * "slice dst uplink send-slice next arrival-slots" lines (ksp: one per path; "- - - -" when
     * unreachable), after two '#' header lines, for the cycle in use at the current simulation
     * time (ready slot = the slice's slot in that cycle; arrival-slots counted from it). Fills
     * the tables of the scheme (direct and vlb print the direct circuits).
     * \param tor the ToR
     * \param os where to print
     */
    void PrintTable(uint32_t tor, std::ostream& os);

    /// \return the number of time-flow table entries filled so far (all ToRs; hoho and source
    /// fill N - 1 per ToR and slice, ksp up to K per ToR, slice and destination)
    uint64_t GetNTableEntries() const;

    /**
     * \return how often a carried route (source, ksp) was recomputed at a ToR because it was
     *         stale: its hop from this ToR was already past, the route did not contain this ToR
     *         or lead to the destination, or its circuit no longer exists (a new cycle)
     */
    uint64_t GetNRecomputed() const;

    /**
     * \brief The number of slots a path from \p ready may use for hops: 2 L + 1, L the cycle
     * length at \p ready.
     * \param ready the ready slot
     * \return the horizon (slots)
     */
    uint64_t GetHorizon(uint64_t ready) const;

    /// TracedCallback signature of Route: ToR, destination, uplink and absolute slot of a hop.
    typedef void (*RouteTracedCallback)(uint32_t tor, uint32_t dst, uint32_t uplink, uint64_t slot);

    /**
     * \brief Uses fixed random streams.
     * \param stream first stream
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// A table entry: wait \c wait slots from the ready slot, then hop.
    struct Entry
    {
        uint32_t wait{0};    //!< Slots to wait
        uint32_t next{0};    //!< Next ToR
        uint32_t arrival{0}; //!< Slots from ready to arrival at the destination (max: none)
        uint16_t uplink{0};  //!< Uplink
        uint16_t hops{0};    //!< Hops of the path
        uint32_t path{0};    //!< First of its hops in Block::hops (source, ksp)
    };

    /**
     * The entries of one ToR for one slice of a cycle: every destination (hoho, source: one
     * entry per destination, indexed by it) or one destination (ksp: up to K entries).
     */
    struct Block
    {
        std::vector<Entry> entries; //!< Entries
        std::vector<RdcnHop> hops;  //!< Paths of the entries, slots relative to ready
    };

    /// One cycle of the schedule as the router indexes it.
    struct Epoch
    {
        uint64_t first{0};                 //!< First absolute slot
        uint64_t end{0};                   //!< First slot of the next installed cycle (or max)
        uint32_t slices{0};                //!< Cycle length
        std::vector<int32_t> peers;        //!< [(slice * U + uplink) * N + tor]: peer
        std::vector<uint32_t> directStart; //!< Offsets of (tor * N + dst) in direct (CSR)
        std::vector<uint32_t> direct;      //!< slice * U + uplink, ascending per (tor, dst)
    };

    /// Result of a forward search over the time-expanded graph (rdcn-router-earliest.cc).
    struct Forward;

    /**
     * \brief A scheme's entry in the scheme seam (FunctionsOf, rdcn-router.cc): its name and
     * the functions that route by it, each in rdcn-router-<scheme>.cc.
     */
    struct SchemeFunctions
    {
        const char* name; //!< Name (ParseScheme, GetSchemeName)
        /// The next hop (as NextHop, which has checked the pair and synchronized the indexes)
        bool (RdcnRouter::*nextHop)(uint32_t tor,
                                    uint64_t ready,
                                    uint32_t dst,
                                    uint64_t flowHash,
                                    RdcnRouteState& state,
                                    RdcnHop& hop);
        /// Fills a cleared table block (as Fill); null: the scheme keeps no time-flow tables
        void (RdcnRouter::*fill)(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const;
        /// Blocks per destination holding up to K paths, one picked by flow hash (else one
        /// block for every destination of a slice, with one entry each)
        bool perDestination;
    };

    /**
     * \brief The scheme seam: what routes by each scheme.
     * \param [in] scheme the scheme (aborts on a value outside the enum)
     * \return its functions
     */
    static const SchemeFunctions& FunctionsOf(Scheme scheme);

    // Shared by every scheme (rdcn-router.cc): schedule cycles, indexes and tables.

    /**
     * \brief Follows RdcnSchedule's Installed trace: mirrors the cycle bounds and clears the
     * tables.
     * \param [in] fromSlot first slot of the installed cycle
     */
    void Installed(uint64_t fromSlot);
    /// \brief Rebuilds the indexes and tables when the schedule's sizes, the scheme or K changed.
    void Sync() const;
    /// \brief Drops the tables and the cycle indexes.
    void ClearTables() const;
    /**
     * \brief The index of the cycle holding a slot, built on first use.
     * \param [in] slot an absolute slot
     * \param [out] index set to the cycle's index when not null
     * \return the cycle's index
     */
    Epoch& EpochAt(uint64_t slot, std::size_t* index = nullptr) const;
    /**
     * \brief The peers of every ToR and uplink in a slot.
     * \param [in] slot an absolute slot
     * \return the row of the slot: [uplink * N + tor]: peer
     */
    const int32_t* PeerRow(uint64_t slot) const;
    /**
     * \brief The table entries of \p tor towards \p dst from \p ready, from the tables (filled
     * on first use) or computed when the lookup cannot be cached.
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst the destination
     * \param [out] first set to the first entry for \p dst in the block
     * \param [out] count set to the number of its entries (0: unreachable)
     * \return the block holding them
     */
    const Block* Lookup(uint32_t tor,
                        uint64_t ready,
                        uint32_t dst,
                        uint32_t& first,
                        uint32_t& count);
    /**
     * \brief Clears a block and fills it by the scheme's fill function.
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst that destination only, or every destination when negative
     * \param [in,out] block the block
     */
    void Fill(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const;
    /**
     * \brief Adds a path's hops to a block (slots relative to \p ready).
     * \param [in,out] block the block
     * \param [in] path the path (not empty)
     * \param [in] ready the ready slot
     * \return the entry of the path
     */
    static Entry PathEntry(Block& block, const std::vector<RdcnHop>& path, uint64_t ready);
    /**
     * \brief The path of a block's entry (absolute slots).
     * \param [in] block the block
     * \param [in] entry one of its entries
     * \param [in] ready the ready slot of the lookup
     * \return the hops
     */
    std::vector<RdcnHop> PathOf(const Block& block, const Entry& entry, uint64_t ready) const;
    /**
     * \brief The next hop of a carried route (ksp, source): the packet's route when still
     * valid, else a new one from the tables (ksp: the path the flow hash picks).
     * \param [in] tor where the packet is
     * \param [in] ready first absolute slot in which it may leave
     * \param [in] dst destination ToR
     * \param [in] flowHash flow hash
     * \param [in,out] state the packet's routing state (its route replaced when recomputed)
     * \param [out] hop set on success
     * \return false when no route exists within two cycles
     */
    bool FollowRoute(uint32_t tor,
                     uint64_t ready,
                     uint32_t dst,
                     uint64_t flowHash,
                     RdcnRouteState& state,
                     RdcnHop& hop);

    // Direct (rdcn-router-direct.cc).

    /**
     * \brief Indexes the direct circuits of every (ToR, destination) pair of a cycle.
     * \param [in,out] epoch the cycle
     */
    void BuildDirect(Epoch& epoch) const;
    /**
     * \brief Direct's next hop: the next direct circuit to \p dst (DirectHop).
     * \param [in] tor where the packet is
     * \param [in] ready first absolute slot in which it may leave
     * \param [in] dst destination ToR
     * \param [in] flowHash unused
     * \param [in] state unused
     * \param [out] hop set on success
     * \return false when \p tor never reaches \p dst directly
     */
    bool NextHopDirect(uint32_t tor,
                       uint64_t ready,
                       uint32_t dst,
                       uint64_t flowHash,
                       RdcnRouteState& state,
                       RdcnHop& hop);

    // Valiant load balancing (rdcn-router-vlb.cc).

    /**
     * \brief VLB's next hop: the next direct circuit to the packet's intermediate (chosen at
     * the source, cleared when reached), then to \p dst.
     * \param [in] tor where the packet is
     * \param [in] ready first absolute slot in which it may leave
     * \param [in] dst destination ToR
     * \param [in] flowHash unused
     * \param [in,out] state the packet's routing state (its intermediate)
     * \param [out] hop set on success
     * \return false when the target is never reached directly
     */
    bool NextHopVlb(uint32_t tor,
                    uint64_t ready,
                    uint32_t dst,
                    uint64_t flowHash,
                    RdcnRouteState& state,
                    RdcnHop& hop);

    // Earliest arrival by a forward search: hoho and source (rdcn-router-earliest.cc).

    /**
     * \brief The forward search over the time-expanded graph from \p src.
     * \param [in] src source ToR
     * \param [in] ready its ready slot
     * \param [in] stop stop when this ToR is reached (negative: when every ToR is)
     * \param [out] f set to the result
     */
    void SearchForward(uint32_t src, uint64_t ready, int32_t stop, Forward& f) const;
    /**
     * \brief The path of a forward search to a ToR.
     * \param [in] f the search
     * \param [in] src its source
     * \param [in] dst the ToR
     * \return the hops (empty when unreached or \p dst is \p src)
     */
    std::vector<RdcnHop> PathOf(const Forward& f, uint32_t src, uint32_t dst) const;
    /**
     * \brief Sets a block's entries to every destination, all unreachable, and searches
     * forward from \p tor.
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst that destination only, or every destination when negative
     * \param [in,out] block the block (cleared)
     * \param [out] f set to the search
     * \return the destinations to fill: those reached (\p dst only when not negative), ascending
     */
    std::vector<uint32_t> SearchBlock(uint32_t tor,
                                      uint64_t ready,
                                      int32_t dst,
                                      Block& block,
                                      Forward& f) const;
    /**
     * \brief Hoho's table block: the first hop of the earliest path to each destination.
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst that destination only, or every destination when negative
     * \param [in,out] block the block (cleared)
     */
    void FillFirstHops(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const;
    /**
     * \brief Source's table block: the earliest path to each destination.
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst that destination only, or every destination when negative
     * \param [in,out] block the block (cleared)
     */
    void FillPaths(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const;
    /**
     * \brief Hoho's next hop: the first hop of the table's earliest path.
     * \param [in] tor where the packet is
     * \param [in] ready first absolute slot in which it may leave
     * \param [in] dst destination ToR
     * \param [in] flowHash unused
     * \param [in] state unused
     * \param [out] hop set on success
     * \return false when no route exists within two cycles
     */
    bool NextHopHoho(uint32_t tor,
                     uint64_t ready,
                     uint32_t dst,
                     uint64_t flowHash,
                     RdcnRouteState& state,
                     RdcnHop& hop);

    // K earliest paths by a backward programme (rdcn-router-ksp.cc).

    /**
     * \brief Ksp's table block: the K earliest paths to one destination (EarliestPaths).
     * \param [in] tor the ToR
     * \param [in] ready the ready slot
     * \param [in] dst the destination
     * \param [in,out] block the block (cleared)
     */
    void FillKPaths(uint32_t tor, uint64_t ready, int32_t dst, Block& block) const;

    // Checks (rdcn-router-check.cc).

    /// \return empty, or the first pair that cannot reach each other within two cycles
    std::string CheckReachable() const;

    Ptr<RdcnSchedule> m_schedule;                 //!< Schedule
    Scheme m_scheme{DIRECT};                      //!< Scheme
    VlbIntermediates m_vlbIntermediates{VLB_ANY}; //!< Which ToRs VLB draws
    uint32_t m_paths{3};                          //!< K of ksp
    uint64_t m_maxEntries{0};         //!< Most cached entries (attribute MaxTableEntries)
    Ptr<UniformRandomVariable> m_rng; //!< VLB intermediates
    mutable std::vector<std::unordered_map<uint64_t, Block>>
        m_tables;                                         //!< [tor][cycle, slice(, dst)]
    Block m_scratch;                                      //!< Lookup results not cached
    mutable uint64_t m_cached{0};                         //!< Entries in the tables now
    mutable Scheme m_tableScheme{DIRECT};                 //!< Scheme the tables were filled for
    mutable uint32_t m_tablePaths{0};                     //!< K the tables were filled for
    mutable uint32_t m_tors{0};                           //!< ToRs the indexes were built for
    mutable uint32_t m_uplinks{0};                        //!< Uplinks the indexes were built for
    mutable std::vector<uint64_t> m_bounds;               //!< First slots of the cycles (0 first)
    mutable std::vector<std::unique_ptr<Epoch>> m_epochs; //!< Index per cycle (null: not built)
    uint64_t m_entries{0};                                //!< Entries filled
    uint64_t m_recomputed{0};                             //!< Carried routes recomputed
    TracedCallback<uint32_t, uint32_t, uint32_t, uint64_t> m_routeTrace; //!< Route
};

} // namespace ns3

#endif /* RDCN_ROUTER_H */
