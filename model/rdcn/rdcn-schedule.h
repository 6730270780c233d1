/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_SCHEDULE_H
#define RDCN_SCHEDULE_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ocs-configuration.h"
#include "ns3/ocs-schedule-source.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class RandomVariableStream;

/**
 * \ingroup optical
 * One uplink's circuits during one slice of a time-slotted network: entry i is the ToR that
 * ToR i's uplink reaches (RdcnSchedule::NO_PEER: none). A valid matching never sends a ToR to
 * itself and never sends two ToRs to the same ToR (a rotor switch's output port is fed by one
 * input at a time).
 */
using RdcnMatching = std::vector<int32_t>;

/**
 * \ingroup optical
 * \brief The circuit schedule of a time-slotted reconfigurable datacenter network
 * (RotorNet, Opera, Shale, traffic-aware, or a file).
 *
 * N ToRs each have U uplinks; uplink u of every ToR is a port of OCS u (one rotor switch per
 * uplink). Time is cut into slots of Slot length from Start; absolute slot k covers
 * [Start + k Slot, Start + (k+1) Slot). The schedule is a cycle of L slices: during absolute
 * slot k, uplink u follows matching m[u][slice(k)], slice(k) = (k - first) mod L, where first
 * is the slot from which the cycle applies (0 for the first cycle; later ones are installed by
 * Install(), which is how traffic-aware schedulers change the schedule). Install() forgets
 * cycles whose last slot lies more than one slot before the simulation clock; "the first
 * cycle" below is the oldest cycle still kept (the one SetMatchings set until then).
 *
 * A circuit that differs from the one of the previous slot is dark for the first Guard of the
 * slot (the rotor moving plus clock skew): the usable window of ToR t's uplink u in slot k is
 * [SlotStart(k) + (IsGuarded(t,u,k) ? Guard : 0), SlotStart(k+1)). Slot 0 is guarded against
 * the cycle's last slice (the network starts as if it had always run), so that every cycle is
 * alike.
 */
class RdcnSchedule : public OcsScheduleSource
{
  public:
    /// Peer of an uplink with no circuit.
    static constexpr int32_t NO_PEER = -1;
    /// Most ToRs a schedule may have.
    static constexpr uint32_t MAX_TORS = 65535;
    /// Most uplinks per ToR.
    static constexpr uint32_t MAX_UPLINKS = 64;
    /// Most slices per cycle.
    static constexpr uint32_t MAX_SLICES = 1000000;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnSchedule();
    ~RdcnSchedule() override;

    /**
     * \brief Sets the first cycle.
     * \param tors ToRs (>= 2)
     * \param matchings matchings[u][s]: uplink u during slice s; every uplink has the same
     *        number of slices (>= 1) and every matching has \p tors entries
     * \param error set to what is wrong (naming the uplink, slice and ToRs) on failure
     * \return true when every matching is valid; on failure nothing changes
     */
    bool SetMatchings(uint32_t tors,
                      const std::vector<std::vector<RdcnMatching>>& matchings,
                      std::string& error);

    /**
     * \brief Installs a new cycle from absolute slot \p fromSlot on (traffic-aware schedules).
     *
     * Slots before \p fromSlot keep the cycles in place; from \p fromSlot the new cycle's slice 0
     * applies. Cycles installed earlier that begin at or after \p fromSlot are dropped.
     * \param matchings as for SetMatchings (same ToRs and uplinks)
     * \param fromSlot absolute slot (must not be in the past of the simulation clock)
     * \param error set on failure
     * \return true when installed
     */
    bool Install(const std::vector<std::vector<RdcnMatching>>& matchings,
                 uint64_t fromSlot,
                 std::string& error);

    /// \return the number of ToRs
    uint32_t GetNTors() const;
    /// \return the number of uplinks per ToR
    uint32_t GetNUplinks() const;
    /// \return the cycle length L of the first cycle (slices)
    uint32_t GetNSlices() const;
    /// \return the cycle length of the cycle that applies in absolute slot \p slot
    uint32_t GetNSlicesAt(uint64_t slot) const;
    /// \return the slot length
    Time GetSlot() const;
    /// \return the guard band
    Time GetGuard() const;
    /// \return when slot 0 begins
    Time GetStart() const;
    /// \brief Sets the slot length (also attribute Slot). \param slot > 0
    void SetSlot(Time slot);
    /// \brief Sets the guard band (also attribute Guard). \param guard >= 0, < Slot
    void SetGuard(Time guard);

    /**
     * \brief Checks slot and guard.
     * \return empty when Slot > 0 and 0 <= Guard < Slot; else the problem, naming both values
     */
    std::string CheckTiming() const;

    /// \return the matching of uplink \p uplink in slice \p slice of the first cycle
    const RdcnMatching& GetMatching(uint32_t uplink, uint32_t slice) const;

    /// \return the matchings of the first cycle, [uplink][slice]
    const std::vector<std::vector<RdcnMatching>>& GetMatchings() const;

    /**
     * \return the ToR that \p tor's uplink \p uplink reaches during absolute slot \p slot
     *         (NO_PEER: none)
     */
    int32_t GetPeer(uint32_t tor, uint32_t uplink, uint64_t slot) const;

    /// \return the slice (index in its cycle) of absolute slot \p slot
    uint32_t GetSlice(uint64_t slot) const;

    /**
     * \return the absolute slot from which the cycle that applies in \p slot applies (its
     *         slice 0 recurs at that slot plus multiples of its length)
     */
    uint64_t GetCycleStart(uint64_t slot) const;

    /**
     * \return true when \p tor's uplink \p uplink has a circuit in \p slot that differs from the
     *         one in slot - 1 (cyclically for slot 0), so the slot begins with a guard band
     */
    bool IsGuarded(uint32_t tor, uint32_t uplink, uint64_t slot) const;

    /// \return the absolute slot at time \p t (t before Start: slot 0)
    uint64_t GetSlotAt(Time t) const;
    /// \return when absolute slot \p slot begins
    Time GetSlotStart(uint64_t slot) const override;
    /// \return when the usable window of \p tor's uplink \p uplink begins in \p slot
    Time GetWindowStart(uint32_t tor, uint32_t uplink, uint64_t slot) const;

    /**
     * \return the share of time ToR \p a has a lit circuit to ToR \p b (any uplink), over one
     *         first cycle, guard bands excluded
     */
    double GetConnectedFraction(uint32_t a, uint32_t b) const;

    /**
     * \return true when every ordered pair of distinct ToRs has a circuit in some slice of the
     *         first cycle (direct and VLB routing need this); otherwise \p missing names a pair
     */
    bool ConnectsEveryPair(std::string* missing = nullptr) const;

    /// \return the OCS configuration of uplink \p uplink in absolute slot \p slot (one-way
    /// circuits from port a to port peer(a); port = ToR index)
    OcsConfiguration GetConfiguration(uint32_t uplink, uint64_t slot) const override;

    // OcsScheduleSource (the driver of the rotor switches plays it: one switch per uplink)
    /// \return the uplinks per ToR (one rotor switch each)
    uint32_t GetNSwitches() const override;
    /**
     * \param [in] uplink An uplink
     * \param [in] firstSlot The first slot driven
     * \return the configuration of the slot before (slot 0: the cycle's last slice), as if the
     * network had always run
     */
    OcsConfiguration GetConfigurationBefore(uint32_t uplink, uint64_t firstSlot) const override;
    /// \param [in] t A time \return the first slot that begins at or after \p t
    uint64_t GetFirstSlotFrom(Time t) const override;

    /// \return the schedule in the file format that Parse reads
    std::string ToString() const;

    /**
     * \brief Reads the schedule file format (data/rdcn/example-schedule.txt is an example).
     *
     * Lines: `tors N`, `uplinks U`, `slices L`, optional `slot TIME` and `guard TIME` (ns-3
     * time strings; they set the attributes), then one `match UPLINK SLICE p0 p1 ... p(N-1)`
     * line per uplink and slice, pi the peer of ToR i or `-`. `#` starts a comment. The
     * header lines come before the first match line, each once; match lines may come in any
     * order. A problem found at the end (a missing line) is reported at the last line; slot
     * <= guard at the later of the slot and guard lines.
     * \param text the file's contents
     * \param source name used in errors (a path)
     * \param error set to "source:line: problem" on failure
     * \return the schedule, or null on failure
     */
    static Ptr<RdcnSchedule> Parse(const std::string& text,
                                   const std::string& source,
                                   std::string& error);

    /**
     * \brief Reads a schedule file (format as for Parse).
     * \param path the file; a relative path that does not exist is also looked for in the data
     *        directory (NS3_OPTICAL_DATA_DIR or the module's data/), e.g.
     *        "rdcn/example-schedule.txt"
     * \param error set to "path:line: problem", or to why the file cannot be read
     * \return the schedule, or null on failure
     */
    static Ptr<RdcnSchedule> Load(const std::string& path, std::string& error);

    /**
     * \brief Validates one matching.
     * \param m the matching
     * \param tors ToRs
     * \param uplink,slice named in the error
     * \return empty when valid; otherwise the problem ("uplink 1 slice 3: ToRs 2 and 5 both send
     *         to ToR 4 (not a matching)")
     */
    static std::string ValidateMatching(const RdcnMatching& m,
                                        uint32_t tors,
                                        uint32_t uplink,
                                        uint32_t slice);

    /// TracedCallback signature of Installed: the first slot of the new cycle.
    typedef void (*InstalledTracedCallback)(uint64_t fromSlot);

  private:
    /// A cycle of matchings applying from slot \c first.
    struct Cycle
    {
        uint64_t first{0};                                //!< First absolute slot
        std::vector<std::vector<RdcnMatching>> matchings; //!< [uplink][slice]
    };

    /**
     * \param slot an absolute slot
     * \return the cycle that applies in \p slot (the oldest kept for a slot before it)
     */
    const Cycle& CycleAt(uint64_t slot) const;
    /// \brief Forgets the cycles that no slot from one before the current one can reach.
    void Prune();

    uint32_t m_tors{0};                   //!< ToRs
    uint32_t m_uplinks{0};                //!< Uplinks per ToR
    Time m_slot;                          //!< Slot length
    Time m_guard;                         //!< Guard band
    Time m_start;                         //!< Start of slot 0
    std::vector<Cycle> m_cycles;          //!< Cycles by first slot (front: oldest still needed)
    TracedCallback<uint64_t> m_installed; //!< Installed
};

/**
 * \ingroup optical
 * \brief Generators of the oblivious schedules.
 *
 * Each returns the matchings[uplink][slice] of one cycle, or an empty vector with \p error set
 * (naming the value) when the architecture cannot be built with these numbers.
 */
class RdcnScheduleGenerator
{
  public:
    /**
     * RotorNet round robin: the N-1 shifts i -> (i + k) mod N, k = 1..N-1, dealt to the U
     * rotors in turn (rotor u gets shifts u+1, u+1+U, ...); the cycle has ceil((N-1)/U) slices
     * and a rotor with fewer shifts repeats its first one. Every pair meets once per cycle
     * (U = 1: exactly 1/(N-1) of the time, minus guard bands).
     * \param tors N (2 to MAX_TORS)
     * \param uplinks U (1 to N-1: each rotor needs a shift of its own)
     * \param error set on failure, naming the value
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> RoundRobin(uint32_t tors,
                                                             uint32_t uplinks,
                                                             std::string& error);

    /**
     * Opera: the N-1 shifts of a random relabelling of the ToRs (so that the circuits up at
     * any instant form an expander), dealt to U >= 2 rotors that each hold a matching for U
     * slices and change one at a time, staggered: rotor u changes at slices congruent to u
     * mod U. The cycle has U * ceil((N-1)/U) slices. A rotor dealt one shift fewer than
     * the others fills its last turn with a shift of rotor 0, so that it still changes then:
     * exactly one rotor changes at every slice boundary (none when N-1 = U, where every rotor
     * holds one shift for good). The union of the circuits at any slice is strongly connected
     * (it holds U consecutive shifts, or shift 1 or N-1).
     * \param tors N (2 to MAX_TORS)
     * \param uplinks U (2 to N-1)
     * \param rng uniform stream on [0, 1) for the relabelling (its stream fixes the schedule)
     * \param error set on failure, naming the value
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> Opera(uint32_t tors,
                                                        uint32_t uplinks,
                                                        Ptr<RandomVariableStream> rng,
                                                        std::string& error);

    /**
     * Shale-like: the ToRs form a virtual grid n^h (N must be a perfect h-th power, n >= 2);
     * slice s serves dimension s mod h with the round robin over the n-1 shifts along it;
     * uplink u is offset by u slices. The cycle has h (n-1) slices. Pairs that differ in one
     * coordinate meet directly; others need up to h hops. ToR t has coordinates
     * c_d = (t / n^d) mod n.
     * \param tors N = n^h (n >= 2)
     * \param uplinks U (1 to h (n-1): offsets beyond the cycle would repeat uplinks)
     * \param dimensions h (1 to log2 N)
     * \param error set on failure ("shale: 10 ToRs is not a perfect square (dimensions 2 ...")
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> Shale(uint32_t tors,
                                                        uint32_t uplinks,
                                                        uint32_t dimensions,
                                                        std::string& error);

    /**
     * Uniformly random derangements (no ToR reaches itself), \p slices per uplink; every
     * matching is drawn on its own, so pairs may miss each other in a cycle.
     * \param tors N (2 to MAX_TORS)
     * \param uplinks U (1 to MAX_UPLINKS)
     * \param slices slices per uplink (1 to MAX_SLICES)
     * \param rng uniform stream on [0, 1) (its stream fixes the schedule)
     * \param error set on failure, naming the value
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> Random(uint32_t tors,
                                                         uint32_t uplinks,
                                                         uint32_t slices,
                                                         Ptr<RandomVariableStream> rng,
                                                         std::string& error);

    /**
     * A static expander: \p uplinks random derangements (Random with one slice), held in
     * every one of \p slices slices, so circuits never change (no guard band after the first
     * slot) and the network is a fixed random regular graph of degree U, the cost-equivalent
     * static topology Opera is compared with. Draws are repeated (at most 1,000 times) until
     * every ToR reaches every other over the circuits.
     * \param tors N (3 to MAX_TORS)
     * \param uplinks U (1 to MAX_UPLINKS)
     * \param slices slices per cycle (1 to MAX_SLICES; routing horizons count in cycles)
     * \param rng uniform stream on [0, 1) (its stream fixes the graph)
     * \param error set on failure, naming the value
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> StaticExpander(uint32_t tors,
                                                                 uint32_t uplinks,
                                                                 uint32_t slices,
                                                                 Ptr<RandomVariableStream> rng,
                                                                 std::string& error);

    /**
     * \brief Builds a schedule by architecture name or from a schedule file.
     *
     * Names: rotornet (RoundRobin), opera (Opera), shale (Shale with \p dimensions), random
     * (Random with ceil((tors-1)/uplinks) slices, the round robin's cycle), expander
     * (StaticExpander over as many slices as the round robin's cycle). Any other name
     * containing '/' or '.' is read as a schedule file (Load); its ToRs and uplinks must
     * equal \p tors and \p uplinks unless those are 0. The schedule's Slot, Guard and Start
     * are the attribute defaults (a file may set slot and guard).
     * \param architecture rotornet, opera, shale, random, expander, or a file path
     * \param tors ToRs
     * \param uplinks uplinks per ToR
     * \param dimensions Shale's grid dimensions (ignored by the others)
     * \param rng uniform stream on [0, 1) for opera, random and expander (ignored by the
     *        others)
     * \param error set on failure, naming the value and what is allowed
     * \return the schedule, or null on failure
     */
    static Ptr<RdcnSchedule> Make(const std::string& architecture,
                                  uint32_t tors,
                                  uint32_t uplinks,
                                  uint32_t dimensions,
                                  Ptr<RandomVariableStream> rng,
                                  std::string& error);
};

} // namespace ns3

#endif /* RDCN_SCHEDULE_H */
