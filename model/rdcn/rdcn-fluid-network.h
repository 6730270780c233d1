/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_FLUID_NETWORK_H
#define RDCN_FLUID_NETWORK_H

#include "rdcn-router.h"
#include "rdcn-schedule.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/flow-engine.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/queue-size.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The flow level of a time-slotted network: a slot-stepped fluid model with calendar
 * queues, over the same RdcnSchedule and the same RdcnRouter decisions as the packet level.
 *
 * Hosts: host h sits on ToR h / HostsPerTor. A ToR has the schedule's U uplinks; uplink u of
 * ToR t follows the circuit the schedule gives it in each absolute slot. Every ToR keeps a
 * calendar queue per (uplink, slice): the bytes that will leave on that uplink the next time
 * the slice comes round.
 *
 * One step per slot k (one ns-3 event at the slot's start, plus one event per flow at its
 * exact delivery time):
 *  1. Injection: each host's NIC gives HostRate * Slot bytes to its flows, shared fairly
 *     (water-filling: a flow with fewer bytes left than the fair share takes what it has and
 *     the rest is shared among the others). Each flow's bytes are routed with
 *     RdcnRouter::NextHop(ToR, ready = k, destination ToR, flow hash, state) into the calendar
 *     queue (ToR, hop.uplink, slice(hop.slot)) if that queue has room; otherwise they stay at
 *     the host (backpressure) and the flow waits, out of the share, until that queue's slot has
 *     come. Flows between hosts of one ToR go through the ToR only, at the host rate.
 *  2. Service: each lit circuit (ToR, uplink) serves the queue of slice(k), FIFO, at
 *     UplinkRate from its window start (RdcnSchedule::GetWindowStart: after the guard band if
 *     the circuit changed) to the end of the slot. A served byte reaches the next ToR after
 *     FibreDelay. At its destination ToR it goes to the host's egress (HostRate, no limit: a
 *     byte waits there while the link is busy) and reaches the host after HostLinkDelay;
 *     elsewhere it is routed on with ready = k + 1 into the next calendar queue if that queue
 *     has room; a chunk that the next ToR cannot take keeps its place and the circuit serves
 *     the chunks behind it (per-destination backpressure, no head-of-line blocking).
 *
 * Timing inside a slot is exact for the fluid: a chunk leaves at max(circuit free, chunk
 * ready) and takes bytes / UplinkRate; the bytes a host injects in slot k are ready at the ToR
 * from the start of slot k (or the flow's start) plus HostLinkDelay (the NIC's serialization
 * inside the slot is not a constraint: a slot-synchronous first hop); bytes that crossed a
 * circuit are ready at the next ToR when the chunk's last byte has arrived. So a flow
 * completes when its last byte reaches the host, at a time inside the slot, not rounded to
 * slots. A flow that starts inside a slot injects at once what its host's NIC has left of the
 * slot (an idle host: HostRate times the rest of the slot), which the circuit of the slot may
 * still carry; from the next slot on it takes its fair share.
 *
 * Calendar queues are lossless: every chunk moves only into a queue with room, so bytes are
 * never dropped. QueueLimit bounds each queue per hop class: bytes injected by the ToR's own
 * hosts (class 0) and bytes that have crossed h circuits (class h) have separate limits, and
 * the circuit serves the highest class first (the bytes closest to their destination, as
 * RotorLB does). Because a chunk only ever moves to a higher class, no cycle of full queues
 * can form (no backpressure deadlock); the peak of one queue is at most (classes) *
 * QueueLimit.
 *
 * Bytes that a circuit could not carry in its window (its queue held more than the window)
 * wait for the slice's next turn under direct, VLB and RotorLB (their next circuit is that
 * queue's); under hop-on-hop-off and k shortest they are routed again from the ToR from the
 * next slot on, into the queue of their next earliest path (room permitting), as the packet
 * level's ToRs pick a hop whose window still has room.
 *
 * Cost: a step touches the queues of the slot's slice that hold bytes, the hosts whose share
 * changes and the flows whose queue is served; a flow waiting for its circuit is not touched
 * (its injected bytes accumulate in closed form and are materialized as one chunk when its
 * queue is served or fills). Flows routed by vlb draw an intermediate for every slot's bytes,
 * so they are routed in every slot. VLB here is the fluid limit of a uniform draw per packet:
 * a slot's bytes of a flow are split evenly over VlbSplit intermediates (all of them by
 * default: the ToRs but the source, or neither end, as RdcnRouter's VlbIntermediates says),
 * taken in turn from an offset that moves with the slot. It stays oblivious: when a queue has
 * no room for its part, every part shrinks alike and the rest waits at the host, so
 * backpressure cannot steer bytes towards the emptier paths (the bound of VLB is then its
 * closed form, not what an adaptive scheme would carry).
 *
 * RotorLB (RdcnRouter::ROTORLB, RotorNet's load balancing), decided here where the queues are:
 * hosts inject into the queue of the direct circuit only (room permitting, as direct); a
 * circuit to ToR j serves its bytes that crossed circuits first, then the ToR's own bytes for
 * j, and with the time left of its window carries other destinations' excess to j: for each
 * destination d, the bytes of the ToR's queue for d beyond what its next direct window to d
 * carries (the newest first), as far as j's next direct window to d has room for them beside
 * what j's queue to d holds (RotorNet's rule: an intermediate accepts only what it sends on
 * in one turn). Destinations are visited from an offset that turns with the slot. Flows under
 * rotorlb are routed every slot (their bytes are materialized so that they can move). Bytes are
 * counted in fixed point (1/4096 byte), so the conservation check (bytes started = delivered +
 * calendar queues + egress + at hosts) holds exactly.
 *
 * Low-latency flows (Opera's split): with a low-latency router set (SetLowLatencyRouter), a
 * flow of at most LowLatencyBytes is routed by that router (hop-on-hop-off or k shortest over
 * the circuits up now: multi-hop expander paths at once) instead of the network's router (bulk:
 * direct, VLB or RotorLB), and its bytes sit in each calendar queue's priority classes, which
 * the circuit serves before any bulk class (highest hop class first within each). Priority
 * classes have their own QueueLimit per hop class, so bulk never blocks them. Low-latency flows
 * are routed every slot, and at their destination ToR they go to the host link ahead of the
 * bulk bytes waiting for it. The hosts' NICs share their rate fairly among all their flows
 * (no priority at the sending host).
 */
class RdcnFluidNetwork : public FlowEngine
{
  public:
    /// Fixed-point bytes: the engine counts bytes in units of 1/UNITS_PER_BYTE.
    static constexpr int64_t UNITS_PER_BYTE = 4096;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnFluidNetwork();
    ~RdcnFluidNetwork() override;

    /**
     * \brief Sets the schedule (before the first flow).
     * \param [in] schedule The schedule
     */
    void SetSchedule(Ptr<RdcnSchedule> schedule);
    /// \return the schedule
    Ptr<RdcnSchedule> GetSchedule() const;

    /**
     * \brief Sets the router (before the first flow); it should route on the same schedule.
     * \param [in] router The router
     */
    void SetRouter(Ptr<RdcnRouter> router);
    /// \return the router
    Ptr<RdcnRouter> GetRouter() const;

    /**
     * \brief Sets the router of low-latency flows (before the first flow; null: none, every
     * flow is bulk): flows of at most LowLatencyBytes follow it, in the calendar queues'
     * priority classes. It should route on the same schedule, per hop or by source route
     * (direct, hoho, ksp, source; not vlb or rotorlb).
     * \param [in] router The router
     */
    void SetLowLatencyRouter(Ptr<RdcnRouter> router);
    /// \return the router of low-latency flows (null: none)
    Ptr<RdcnRouter> GetLowLatencyRouter() const;

    /**
     * \brief Checks the configuration.
     * \return empty when a schedule (with valid timing) and a router on the same schedule are
     *         set, HostsPerTor >= 1, the rates are positive, QueueLimit is in bytes (at least
     *         one byte) and a low-latency router, if set, routes per hop on the same schedule
     *         with LowLatencyBytes > 0; otherwise what is wrong, naming the value
     */
    std::string Check() const;

    /// \return the number of hosts (ToRs * HostsPerTor; 0 without a schedule)
    uint32_t GetNHosts() const;
    /// \return the hosts per ToR
    uint32_t GetHostsPerTor() const;
    /**
     * \param [in] host A host
     * \return its ToR
     */
    uint32_t GetTorOf(uint32_t host) const;

    /**
     * \brief Starts a flow now (the fluid contract): \c src and \c dst are hosts, \c bytes
     * its size, \c sent runs when its last byte has left the source host (as an event of its
     * own, see SetInjectedCallback) and \c delivered when it has reached the destination host.
     * The engine is fluid: \c mtu and the header fields add nothing; it draws its own flow
     * hash (\c hash is not used), routes with its router (\c path must be empty) and has no
     * rate cap (\c capBps is not used).
     * \param [in] spec The flow
     * \param [out] error If not null, why it cannot start; if null that is fatal
     * \return the flow's id (>= 0), or -1 on error
     */
    int64_t StartFlow(FlowSpec spec, std::string* error = nullptr) override;

    /// \return the hosts (GetNHosts())
    uint32_t GetNEndpoints() const override;

    /**
     * \brief Starts a flow now.
     * \param [in] srcHost Source host (tor * HostsPerTor + h)
     * \param [in] dstHost Destination host (!= srcHost)
     * \param [in] bytes Size (bytes, > 0)
     * \param [in] delivered Called when the last byte has reached the destination host (may
     *        be empty)
     * \param [out] error If not null, receives why the flow cannot start (bad host, size or
     *        configuration, no route between the ToRs); if null, that is a fatal error
     * \return the flow's id (>= 0), or -1 on error
     */
    int64_t StartFlow(uint32_t srcHost,
                      uint32_t dstHost,
                      double bytes,
                      std::function<void()> delivered,
                      std::string* error = nullptr);

    /**
     * \brief Asks to be told when a flow's last byte has left its host (been injected into the
     * ToR), e.g. to start the next message of a connection then. The callback runs as an event
     * of its own (never inside StartFlow), at the time the last byte leaves.
     * \param [in] flow A flow returned by StartFlow and not yet completed
     * \param [in] injected The callback
     * \return false if the flow is unknown or already completed
     */
    bool SetInjectedCallback(int64_t flow, std::function<void()> injected);

    /// \return flows started so far
    uint64_t GetFlowsStarted() const override;
    /// \return flows completed so far
    uint64_t GetFlowsCompleted() const override;
    /// \return flows in progress
    uint64_t GetNActiveFlows() const override;

    /// \return bytes of the flows started so far
    double GetBytesStarted() const;
    /// \return bytes that have left their hosts so far (in a calendar queue, beyond, or local)
    double GetBytesInjected() const;
    /// \return bytes that have reached their destination host so far
    double GetBytesDelivered() const;
    /// \return bytes in calendar queues now (every class)
    double GetBytesInCalendarQueues() const;
    /// \return bytes at destination ToRs waiting for (or on) the link to their host
    double GetBytesInEgress() const;
    /// \return bytes still at their source hosts
    double GetBytesAtHosts() const;
    /// \return bytes queued anywhere: calendar queues + egress + at hosts
    double GetBytesQueued() const;

    /**
     * \brief Checks conservation in exact fixed point.
     * \return empty when bytes started = delivered + calendar queues + egress + at hosts;
     *         otherwise the five numbers
     */
    std::string CheckConservation() const;

    /// \return the most bytes one calendar queue (all its classes) held so far
    double GetPeakQueueBytes() const;
    /// \return the most bytes one class of one calendar queue held so far (<= QueueLimit)
    double GetPeakQueueClassBytes() const;
    /// \return the most bytes the calendar queues of one ToR held together so far
    double GetPeakTorBytes() const;
    /// \return slots stepped so far
    uint64_t GetSlotsStepped() const;
    /// \return chunk moves so far: a chunk entering a calendar queue, crossing a circuit or
    ///         reaching an egress
    uint64_t GetChunkMoves() const;
    /// \return the most hop classes (circuits crossed + 1) a calendar queue used so far, in
    ///         one family (bulk or priority: a queue holds at most twice as many classes)
    uint32_t GetMaxHopClasses() const;
    /// \return flows started as low-latency flows so far (LowLatencyBytes, with a low-latency
    ///         router set)
    uint64_t GetLowLatencyFlowsStarted() const;

    /**
     * \brief Describes the flows in progress, for error messages when a workload does not
     * complete.
     * \param [in] max Flows to name at most
     * \return "" if none, else e.g. "2 flows in progress: host 0 -> host 5 (1000 of 4000 bytes
     *         delivered, 3000 at the host) ..." naming flows that have no route
     */
    std::string DescribeStalledFlows(uint32_t max = 5) override;

  protected:
    void DoDispose() override;

  private:
    /// Fixed-point bytes.
    using Units = int64_t;

    /// What a flow's bytes at its host do now.
    enum Mode : uint8_t
    {
        DONE,    //!< All bytes injected
        LAZY,    //!< Accruing into its queue until the queue's slot (or until it fills)
        SLOT,    //!< Injected and routed every slot (vlb, flows inside a ToR)
        BLOCKED, //!< Its queue is full: waits out of the share for the queue's slot
        STUCK,   //!< No route: waits at the host
    };

    /// A flow.
    struct Flow
    {
        uint32_t src{0};                   //!< Source host
        uint32_t dst{0};                   //!< Destination host
        uint32_t srcTor{0};                //!< Source ToR
        uint32_t dstTor{0};                //!< Destination ToR
        uint32_t generation{0};            //!< Reuse count of this slot (part of the id)
        uint64_t hash{0};                  //!< Flow hash
        Units size{0};                     //!< Size
        Units atHost{0};                   //!< Not injected at the start of the segment
        Units delivered{0};                //!< Handed to the destination's egress
        Time start;                        //!< Start time
        double startS{0};                  //!< Start (s)
        double injectedAt{-1};             //!< When the last byte left the host (s; < 0: not yet)
        std::function<void()> deliveredCb; //!< Delivered callback
        std::function<void()> injectedCb;  //!< Injected callback
        bool active{false};                //!< In progress
        bool local{false};                 //!< Both hosts on one ToR
        bool lowLatency{false};            //!< Routed by the low-latency router, priority
        Mode mode{DONE};                   //!< Mode
        uint32_t queue{0};                 //!< Target queue (LAZY, BLOCKED)
        uint32_t queuePos{0};              //!< Index in the queue's streams or waiters
        uint32_t hostPos{0};               //!< Index in the host's members (LAZY, SLOT)
        uint64_t fromSlot{0};              //!< First slot of the segment
        uint64_t segEnd{0};                //!< Slot of the segment's hop (LAZY)
        Units join{0};                     //!< Host level at the segment's start
        uint32_t version{0};               //!< Heap entries of older versions are stale
        RdcnRouteState state;              //!< Routing state of the segment's bytes
    };

    /// Bytes of one flow in a calendar queue.
    struct Chunk
    {
        uint32_t flow{0};     //!< Flow
        Units units{0};       //!< Bytes
        uint64_t slot{0};     //!< First slot they may leave in (a queue holds every cycle's)
        double ready{0};      //!< When they may leave (s)
        RdcnRouteState state; //!< Routing state
    };

    /// One hop class of a calendar queue.
    struct ClassFifo
    {
        std::vector<Chunk> items; //!< FIFO
        Units units{0};           //!< Bytes held
    };

    /// A calendar queue (ToR, uplink, slice).
    struct Queue
    {
        uint32_t tor{0};                 //!< ToR
        uint32_t uplink{0};              //!< Uplink
        uint32_t slice{0};               //!< Slice
        std::vector<ClassFifo> classes;  //!< By circuits crossed (bulk)
        std::vector<ClassFifo> priority; //!< Low-latency flows' bytes, by circuits crossed
        Units units{0};                  //!< Materialized bytes, all classes
        std::vector<uint32_t> streams;   //!< LAZY flows accruing into it
        std::vector<uint32_t> waiters;   //!< BLOCKED flows waiting for it
        uint32_t version{0};             //!< Fill checks of older versions are stale
        uint64_t predictRound{0};        //!< Round of m_predict it was last added to
        uint64_t visit{0};               //!< Visit stamp
        bool listed{false};              //!< In its slice's list
        bool used{false};                //!< Slot in use
    };

    /// (finish level, flow, version) of a host's water-filling heap.
    struct FinishEntry
    {
        Units level;      //!< Host level at which the flow has injected everything
        uint32_t flow;    //!< Flow
        uint32_t version; //!< Flow version when pushed

        /// \return true when this entry finishes later (min-heap order)
        /// \param o the other entry
        bool operator>(const FinishEntry& o) const
        {
            return level != o.level ? level > o.level : flow > o.flow;
        }
    };

    /// A host: its NIC's share and its egress link.
    struct Host
    {
        std::vector<uint32_t> members; //!< Flows sharing the NIC (LAZY and SLOT)
        uint32_t nSlot{0};             //!< Of them, SLOT flows
        uint32_t nLazy{0};             //!< Of them, LAZY flows
        uint64_t joinSum{0};           //!< Sum of the LAZY members' join levels, modulo 2^64
        Units levelPrev{0};            //!< Level after slot levelSlot - 2
        Units level{0};                //!< Level after slot levelSlot - 1
        uint64_t levelSlot{0};         //!< First slot not in level
        Units share{0};                //!< Share per slot from levelSlot on
        std::priority_queue<FinishEntry, std::vector<FinishEntry>, std::greater<FinishEntry>>
            heap;                                     //!< Finish levels
        uint64_t dueSlot{UINT64_MAX};                 //!< Earliest slot it is due at
        uint64_t usedSlot{UINT64_MAX};                //!< Slot of \c used
        Units used{0};                                //!< NIC bytes given out in usedSlot
        double nicFree{0};                            //!< NIC free for mid-slot chunks (s)
        double egressFree{0};                         //!< Egress link free (s)
        std::deque<std::pair<int64_t, Units>> egress; //!< (arrival at host, time steps; bytes)
        double egressFreePriority{0};                 //!< Low-latency bytes' link free (s)
        std::deque<std::pair<int64_t, Units>> egressPriority; //!< ... and their arrivals
        bool inEgressList{false};                             //!< In m_egressHosts
    };

    /// A pending fill check: (slot, queue, queue version).
    struct FillEntry
    {
        uint64_t slot;    //!< Slot of the check
        uint32_t queue;   //!< Queue
        uint32_t version; //!< Its version

        /// \return true when this check is later (min-heap order)
        /// \param o the other entry
        bool operator>(const FillEntry& o) const
        {
            return slot != o.slot ? slot > o.slot : queue > o.queue;
        }
    };

    /// A class index with this bit names a priority class (Queue::priority).
    static constexpr uint32_t PRIORITY_CLASS = 0x10000;

    bool Prepare(std::string* error);
    void EnsureSlotEvent(uint64_t slot);
    void RunSlot(uint64_t slot);
    void ProcessHost(uint32_t host, uint64_t slot);
    void MakeDue(uint32_t host, uint64_t slot);
    void Reschedule(uint32_t host);
    void Enroll(uint32_t flow, uint64_t fromSlot);
    void RemoveMember(uint32_t flow);
    void Detach(uint32_t flow);
    void Block(uint32_t flow, uint32_t queue);
    void FinishInjection(uint32_t flow, uint64_t slot, double when);
    Units InjectRouted(uint32_t flow, Units units, uint64_t slot, double ready);
    Units InjectRotorLb(uint32_t flow, Units units, uint64_t slot, double ready);
    Units InjectLowLatency(uint32_t flow, Units units, uint64_t slot, double ready);
    void Inject(uint32_t flow,
                uint32_t queue,
                Units units,
                uint64_t slot,
                double ready,
                const RdcnRouteState& state);
    Units WindowRoom(uint32_t queue, const RdcnHop& hop, uint32_t cls) const;
    Units WindowUnits(const RdcnHop& hop) const;
    void Offload(uint32_t queue, uint32_t peer, uint64_t slot, double& cursor);
    Chunk Onward(uint32_t flow, Units units, uint64_t slot, double end, RdcnRouteState state) const;
    void Materialize(uint32_t flow, uint32_t queue, Units units, uint64_t slot, double ready);
    void Append(uint32_t queue, uint32_t cls, Chunk chunk);
    void Predict(uint32_t queue, uint64_t slot);
    void CapFill(uint32_t queue, uint64_t slot);
    void ServeQueue(uint32_t queue, uint64_t slot, double& cursor);
    void ServeClass(uint32_t queue, uint32_t cls, uint32_t next, uint64_t slot, double& cursor);
    void RouteLeftover(uint32_t queue, uint64_t slot);
    void ServiceOf(uint32_t queue, uint64_t slot);
    void Deliver(uint32_t flow, Units units, double first, double last);
    void Complete(uint32_t flow);
    void PopEgress(uint32_t host) const;
    void PopAllEgress() const;
    void MidSlotStart(uint32_t flow, uint64_t slot);
    void Resegment(uint32_t flow, uint64_t ready);
    void Installed(uint64_t fromSlot);
    void Rehome(uint64_t slot);
    uint32_t GetQueue(uint32_t tor, uint32_t uplink, uint32_t slice);
    void ListQueue(uint32_t queue);
    void ReleaseQueue(uint32_t queue);
    void AddPredict(uint32_t queue);
    void MarkInjected(uint32_t flow, double when);
    Units TotalAccrual() const;
    // Small helpers on hot paths, defined inline in rdcn-fluid-network-detail.h (private to the
    // engine's source files, which all include it).
    inline Units LevelAfter(const Host& h, int64_t slot) const;
    inline Units Accrued(const Flow& f, int64_t slot) const;
    inline Units ClassUnits(const Queue& q, uint32_t cls) const;
    inline static ClassFifo& FifoOf(Queue& q, uint32_t cls);
    inline Units RoomFor(const Flow& f, const Queue& q, int64_t slot) const;
    inline const Ptr<RdcnRouter>& RouterOf(const Flow& f) const;
    inline uint32_t FirstClassOf(const Flow& f) const;
    inline Units Content0(const Queue& q, int64_t slot) const;
    inline Units HostAccrual(uint32_t host, int64_t slot) const;
    inline double ReadyOf(const Flow& f, uint64_t fromSlot) const;
    inline double SlotStartS(uint64_t slot) const;
    inline double WindowStartS(uint32_t tor, uint32_t uplink, uint64_t slot) const;
    inline uint64_t SlotAt(int64_t steps) const;
    inline double OpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot) const;
    inline void SetOpenCursor(uint32_t tor, uint32_t uplink, uint64_t slot, double cursor);
    inline int64_t ToSteps(double seconds) const;
    inline Units CapacityUnits(double seconds, double unitsPerSecond) const;

    // Attributes
    uint32_t m_hostsPerTor{1}; //!< Hosts per ToR
    DataRate m_hostRate;       //!< Host NIC rate
    DataRate m_uplinkRate;     //!< Uplink rate
    QueueSize m_queueLimit;    //!< Bytes per calendar queue and hop class
    Time m_fibreDelay;         //!< Circuit propagation
    Time m_hostLinkDelay;      //!< Host-ToR propagation
    uint32_t m_vlbSplit{0};    //!< Intermediates a vlb flow's slot is split over (0: all)
    std::vector<RdcnRouteState> m_scratchStates; //!< vlb: each part's routing state
    std::vector<uint32_t> m_scratchQueues;       //!< vlb: each part's queue
    std::vector<uint32_t> m_scratchSorted;       //!< vlb: the parts' queues, sorted

    Ptr<RdcnSchedule> m_schedule;       //!< Schedule
    Ptr<RdcnRouter> m_router;           //!< Router (bulk flows)
    Ptr<RdcnRouter> m_lowLatencyRouter; //!< Router of low-latency flows (null: none)
    uint64_t m_lowLatencyBytes{0};      //!< Largest low-latency flow (bytes)

    // Derived at the first flow
    bool m_prepared{false};       //!< Derived values computed
    uint32_t m_tors{0};           //!< ToRs
    uint32_t m_uplinks{0};        //!< Uplinks per ToR
    double m_slotS{0};            //!< Slot (s)
    double m_fibreS{0};           //!< Fibre delay (s)
    double m_hostLinkS{0};        //!< Host link delay (s)
    double m_hostUps{0};          //!< Host rate (units/s)
    double m_upUps{0};            //!< Uplink rate (units/s)
    double m_stepsPerSecond{0};   //!< Time steps per second
    int64_t m_startSteps{0};      //!< Start of slot 0 (time steps)
    int64_t m_slotSteps{0};       //!< Slot (time steps)
    double m_guardS{0};           //!< Guard band (s)
    uint32_t m_flatSlices{0};     //!< Slices of the flat queue index (0: hash map only)
    Units m_hostCap{0};           //!< Host NIC units per slot
    Units m_limit{0};             //!< Queue limit (units)
    bool m_perSlotRouting{false}; //!< Scheme routes every slot's bytes (vlb, rotorlb)
    bool m_rotorLb{false};        //!< RotorLB: direct first, the excess through intermediates
    bool m_reroutes{false};       //!< A router routes over the earliest paths (hoho, ksp)
    uint64_t m_offloaded{0};      //!< RotorLB: chunks moved to an intermediate

    std::vector<Flow> m_flows;                           //!< Flows by slot
    std::vector<uint32_t> m_freeFlows;                   //!< Free flow slots
    std::vector<Host> m_hosts;                           //!< Hosts
    std::deque<Queue> m_queues;                          //!< Queue pool (stable references)
    std::vector<uint32_t> m_freeQueues;                  //!< Free queue slots
    std::unordered_map<uint64_t, uint32_t> m_queueIndex; //!< (tor, uplink, slice) -> queue
    std::vector<uint32_t> m_flatIndex; //!< [(tor U + uplink) flatSlices + slice] -> queue + 1
    std::vector<std::vector<uint32_t>> m_sliceLists; //!< Queues worth visiting per slice
    std::vector<Units> m_torUnits;                   //!< Materialized bytes per ToR
    std::unordered_map<uint64_t, std::vector<uint32_t>> m_dueHosts; //!< Slot -> hosts
    std::priority_queue<FillEntry, std::vector<FillEntry>, std::greater<FillEntry>>
        m_fills;                             //!< Fill checks
    std::vector<uint32_t> m_predict;         //!< Queues to predict at the next step
    uint64_t m_predictRound{1};              //!< Round of m_predict
    std::vector<double> m_openCursor;        //!< Per circuit (tor U + uplink): free from (s) ...
    std::vector<uint64_t> m_openSlot;        //!< ... in this slot (+ 1; 0: not served yet)
    std::vector<uint32_t> m_scratchStreams;  //!< ServiceOf scratch
    std::vector<uint32_t> m_scratchRerouted; //!< ServiceOf scratch
    std::vector<uint32_t> m_scratchFlows;    //!< ProcessHost scratch
    std::vector<std::pair<uint32_t, Units>> m_scratchFinishing; //!< ProcessHost scratch
    mutable std::vector<uint32_t> m_egressHosts;                //!< Hosts with egress bytes
    EventId m_slotEvent;                                        //!< Next step
    uint64_t m_nextSlot{0};                                     //!< Slot of m_slotEvent
    int64_t m_lastSlot{-1};           //!< Last slot stepped (or entered mid-slot)
    std::vector<uint64_t> m_installs; //!< First slots of cycles installed, pending
    bool m_listening{false};          //!< Connected to the schedule's Installed

    // Counters
    uint64_t m_started{0};             //!< Flows started
    uint64_t m_completed{0};           //!< Flows completed
    uint64_t m_active{0};              //!< Flows in progress
    Units m_unitsStarted{0};           //!< Started
    Units m_unitsMaterialized{0};      //!< Injected and counted beyond the accruals
    mutable Units m_unitsDelivered{0}; //!< Reached their host
    mutable Units m_unitsEgress{0};    //!< In egress
    Units m_unitsCalendar{0};          //!< Materialized in calendar queues
    Units m_peakQueue{0};              //!< Peak of one queue
    Units m_peakClass{0};              //!< Peak of one class
    Units m_peakTor{0};                //!< Peak of one ToR
    uint64_t m_slots{0};               //!< Slots stepped
    uint64_t m_moves{0};               //!< Chunk moves
    uint32_t m_maxClasses{0};          //!< Most classes used
    uint64_t m_lowLatencyStarted{0};   //!< Low-latency flows started
    uint64_t m_visit{0};               //!< Visit stamps
};

} // namespace ns3

#endif /* RDCN_FLUID_NETWORK_H */
