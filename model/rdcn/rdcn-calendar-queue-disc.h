/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_CALENDAR_QUEUE_DISC_H
#define RDCN_CALENDAR_QUEUE_DISC_H

#include "rdcn-router.h"
#include "rdcn-schedule.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace ns3
{

class OcsNetDevice;

/**
 * \ingroup optical
 * \brief The calendar queue of one ToR uplink of a time-slotted network: one FIFO per slice of
 * the schedule's cycle, each served only while its slice's circuit is up.
 *
 * A packet is filed under the slice written in its RdcnTag (by RdcnTorRouting). The queue of
 * slice s is served only in the absolute slots k whose slice is s, only inside the uplink's
 * usable window [RdcnSchedule::GetWindowStart(tor, uplink, k), GetSlotStart(k+1)) and only while
 * the slot has a circuit (a slot whose peer is RdcnSchedule::NO_PEER serves nothing). The head
 * packet is dequeued only if its frame (the packet, the OcsNetDevice's 2-byte PPP header, at
 * the device's DataRate, plus its InterframeGap) and then the uplink fibre's delay end no later
 * than the slot: its light has then crossed the switch before the circuit changes. A packet
 * that does not fit waits for its slice's next turn, one cycle later (calendar queue
 * semantics). Packets of a slice whose turn comes sooner than the slot the router chose leave
 * at that sooner turn (the same circuit, in a periodic schedule).
 *
 * The queue paces itself: it hands the device one frame at a time, when the device is idle
 * (it keeps the time the device becomes idle), and schedules its own Run() at that time and at
 * the next window start of a non-empty slice queue (ns-3's traffic control only runs a queue
 * disc when a packet arrives or the device queue wakes).
 *
 * With TransitFirst (the default) each slice has two FIFOs, one for packets in transit (they
 * came to this ToR over an uplink: RdcnTag::FLAG_TRANSIT) and one for packets from the ToR's
 * hosts, and the transit FIFO is served first, as RotorLB does: traffic already in the network
 * is not starved by new traffic (under saturating VLB traffic this gives each ToR half its
 * uplink capacity; with one shared FIFO, drops at intermediates waste first hops). If the
 * transit head does not fit in the rest of the window, the local head may. MaxSize applies to
 * each FIFO.
 *
 * When the queue is above EcnMarkThreshold (per FIFO; 0: off) ECN-capable packets are
 * marked CE (QueueDisc::Mark, reason ECN_MARK) and kept; packets are dropped (reason
 * QUEUE_FULL_DROP) only when their slice queue is at MaxSize. A packet without an RdcnTag is
 * dropped (UNTAGGED_DROP). If a cycle with more slices is installed, slice queues are added
 * when first needed.
 *
 * A switch buffer may take part (SetBuffer: a lossless ToR's RoceSharedBuffer, so that the
 * packets waiting here count toward the PFC thresholds of the ports they came in on): a packet
 * its admission refuses is dropped (BUFFER_FULL_DROP), and every packet admitted is released
 * when it leaves (dequeued, or flushed to be routed again after a cycle change).
 *
 * Independently of the pacing, every frame the device starts is checked against the schedule
 * (trace PhyTxBegin of the device): a frame that begins before the window or whose light
 * would still cross the switch after the slot counts as a window violation (it must stay 0).
 */
class RdcnCalendarQueueDisc : public QueueDisc
{
  public:
    /// Drop reason: the packet's slice queue was at MaxSize.
    static constexpr const char* QUEUE_FULL_DROP = "queue-full";
    /// Drop reason: the packet carried no RdcnTag.
    static constexpr const char* UNTAGGED_DROP = "untagged";
    /// Drop reason: the switch buffer (SetBuffer) refused the packet.
    static constexpr const char* BUFFER_FULL_DROP = "buffer-full";
    /// Mark reason: the slice queue was above EcnMarkThreshold.
    static constexpr const char* ECN_MARK = "ecn-mark";

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnCalendarQueueDisc();
    ~RdcnCalendarQueueDisc() override;

    /**
     * \brief Ties the queue to its uplink (before the simulation starts).
     * \param schedule the schedule
     * \param tor the ToR
     * \param uplink its uplink
     * \param device the uplink's device (attached to its fibre)
     */
    void Setup(Ptr<RdcnSchedule> schedule, uint32_t tor, uint32_t uplink, Ptr<OcsNetDevice> device);

    /// Admission of a packet into a switch buffer: false drops it.
    using AdmitCallback = std::function<bool(Ptr<const QueueDiscItem>)>;
    /// A packet admitted leaves the queue disc.
    using ReleaseCallback = std::function<void(Ptr<const QueueDiscItem>)>;

    /**
     * \brief Makes a switch buffer account for the packets held here (see the class).
     * \param admit Asked before a packet is queued (after the MaxSize check)
     * \param release Told when a packet admitted leaves
     */
    void SetBuffer(AdmitCallback admit, ReleaseCallback release);

    /// \return the ToR
    uint32_t GetTor() const;
    /// \return the uplink
    uint32_t GetUplink() const;
    /// \return the number of slices that have queues
    uint32_t GetNSliceQueues() const;
    /// \return true when transit packets have their own FIFO, served first (TransitFirst)
    bool IsTransitFirst() const;
    /// \return the packets queued for slice \p slice (0 for a slice with no queue yet)
    uint32_t GetSliceNPackets(uint32_t slice) const;
    /// \return the bytes queued for slice \p slice
    uint32_t GetSliceNBytes(uint32_t slice) const;
    /// \return the most bytes queued at once (all slices together)
    uint64_t GetPeakBytes() const;
    /// \return frames the device started outside their window (must stay 0)
    uint64_t GetWindowViolations() const;
    /// \return frames the device started (checked against the schedule)
    uint64_t GetNFramesChecked() const;

    /**
     * \brief Time the device is busy with a packet: its frame (packet + PPP header) at the
     * device's DataRate, plus the InterframeGap.
     * \param packetBytes the packet's size (IP header included)
     * \return the busy time
     */
    Time GetTransmissionTime(uint32_t packetBytes) const;

    /**
     * \brief Whether a packet may start now in absolute slot \p slot.
     * \param packetBytes the packet's size
     * \param start when it would start
     * \param slot the slot \p start is in
     * \return true when start is in the window and transmission plus fibre delay end by the
     *         slot's end
     */
    bool Fits(uint32_t packetBytes, Time start, uint64_t slot) const;

    /**
     * \brief Whether a packet of \p packetBytes filed now under the slice of \p slot would still
     * leave by the end of \p slot: the time the slice's queued packets take (transit and local,
     * frames and gaps) plus its own fits in the windows of that slice's slots from now to
     * \p slot (the rest of the current one included), minus the fibre delay of each. The ToR
     * routing uses it to spread packets over later circuits when the first is booked up.
     * \param slot an absolute slot, now or later
     * \param packetBytes the packet's size
     * \return true when there is room
     */
    bool HasRoom(uint64_t slot, uint32_t packetBytes) const;

    /// \return the time the packets queued for \p slice take to send (frames and gaps)
    Time GetBacklogTime(uint32_t slice) const;

    /// The calendar queue of a ToR's uplink (RotorLB asks its peers').
    using QueueOf = std::function<Ptr<RdcnCalendarQueueDisc>(uint32_t tor, uint32_t uplink)>;

    /**
     * \brief RotorLB (RdcnRouter::ROTORLB; RdcnHelper sets it): when the circuit of the slot
     * has nothing of its own slice left to send (transit first, then local), it carries the
     * head of another slice's local FIFO whose slice holds more than one window (the excess
     * over what its own next direct window carries) to the slot's peer, as far as the peer's
     * queue for its next direct circuit to the packet's destination, with what this queue
     * already sent it in the slot for that destination, stays within one window (RotorNet's
     * rule: an intermediate accepts only what it sends on in one turn; the simulator reads
     * the peer's queue where RotorNet exchanges offers). Only this uplink's slices are looked
     * at: with several uplinks, a destination's excess moves over the circuits of the uplink
     * its direct circuit is on. At the peer the packet is transit and goes direct. Needs
     * TransitFirst (a local FIFO per slice); off without it.
     * \param router the router (its DirectHop finds the peer's next direct circuit)
     * \param queueOf the calendar queue of any ToR's uplink
     */
    void SetLoadBalancing(Ptr<RdcnRouter> router, QueueOf queueOf);
    /// \return packets carried to an intermediate (RotorLB) so far
    uint64_t GetNOffloaded() const;

    /**
     * \brief Takes every queued packet out (to route it again when the schedule changes
     * cycle). QueueDisc's statistics count them as dequeued.
     * \return the packets, slice by slice, transit before local, in FIFO order
     */
    std::vector<Ptr<QueueDiscItem>> Flush();

    /**
     * \brief Bytes queued per (source ToR, destination ToR), from the packets' tags.
     * \return key (src << 16 | dst) -> bytes
     */
    const std::unordered_map<uint32_t, uint64_t>& GetQueuedBytesByPair() const;

  protected:
    void DoDispose() override;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    Ptr<const QueueDiscItem> DoPeek() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    /// \brief Adds queues for slices up to \p slices.
    void GrowTo(uint32_t slices);
    /// \return the FIFOs of slice \p slice, transit first (empty when it has none yet)
    std::vector<Ptr<InternalQueue>> Fifos(uint32_t slice) const;
    /**
     * \brief The FIFO whose head may leave at \p start in \p slot (transit first).
     * \param slot the slot
     * \param start when the packet would start
     * \return the internal queue index, or -1
     */
    int32_t Pick(uint64_t slot, Time start) const;
    /**
     * \brief RotorLB: the local FIFO of another slice whose head may go to the peer of
     * \p slot now (SetLoadBalancing).
     * \param slot the slot \param start when the packet would start \return the internal
     * queue index, or -1
     */
    int32_t Offloadable(uint64_t slot, Time start) const;
    /// \return the internal queue that may send now, or -1
    int32_t Eligible() const;
    /// \brief Schedules Run() at \p at unless a wake-up is already due no later.
    void WakeAt(Time at);
    /// \brief Finds the next time worth running and schedules a wake-up then.
    void ScheduleNextWake();
    /// \brief The wake-up: runs the queue disc.
    void Wake();
    /// \brief Checks a frame the device starts. \param packet the frame
    void CheckFrame(Ptr<const Packet> packet);
    /// \brief Adds \p bytes (may be negative) to the pair of \p item.
    void CountPair(Ptr<const QueueDiscItem> item, int64_t bytes);

    Ptr<RdcnSchedule> m_schedule;                       //!< Schedule
    Ptr<OcsNetDevice> m_device;                         //!< Uplink device
    uint32_t m_tor{0};                                  //!< ToR
    uint32_t m_uplink{0};                               //!< Uplink
    DataRate m_rate;                                    //!< Device rate (read at Setup)
    Time m_gap;                                         //!< Device interframe gap
    Time m_fibre;                                       //!< Fibre delay to the switch
    QueueSize m_ecnThreshold;                           //!< ECN marking threshold per FIFO (0: off)
    bool m_transitFirst{true};                          //!< Transit FIFO per slice, served first
    uint32_t m_perSlice{2};                             //!< FIFOs per slice (fixed at CheckConfig)
    Time m_busyUntil{0};                                //!< When the device is idle again
    EventId m_wake;                                     //!< Next self-scheduled Run
    Time m_wakeAt{0};                                   //!< Its time
    AdmitCallback m_admit;                              //!< Buffer admission (SetBuffer)
    ReleaseCallback m_release;                          //!< Buffer release (SetBuffer)
    uint64_t m_peakBytes{0};                            //!< Most bytes queued at once
    uint64_t m_violations{0};                           //!< Frames outside their window
    uint64_t m_checked{0};                              //!< Frames checked
    std::unordered_map<uint32_t, uint64_t> m_pairBytes; //!< Queued bytes per (src, dst)
    std::vector<Time> m_backlog;                        //!< Send time queued per slice
    Ptr<RdcnRouter> m_lbRouter;                         //!< RotorLB: router (null: off)
    QueueOf m_queueOf;                                  //!< RotorLB: the ToRs' queues
    uint64_t m_offloadSlot{UINT64_MAX};                 //!< RotorLB: slot of m_offloaded
    std::unordered_map<uint32_t, Time> m_offloaded;     //!< Time sent on, per destination ToR
    uint64_t m_offloads{0};                             //!< Packets carried to intermediates
};

} // namespace ns3

#endif /* RDCN_CALENDAR_QUEUE_DISC_H */
