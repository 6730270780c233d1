/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_RDMA_GATE_H
#define RDCN_RDMA_GATE_H

#include "rdcn-router.h"
#include "rdcn-schedule.h"
#include "rdcn-tor-routing.h"

#include "ns3/event-id.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/rdma-nic.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Gates the RDMA queue pairs of a time-slotted network's hosts by the circuit windows of
 * the schedule: a host sends a queue pair's data only while its ToR has a circuit up to the
 * queue pair's destination ToR (direct routing), or any circuit up (the other schemes, whose
 * first hop the ToR picks per packet), instead of filling the ToR's calendar queues with
 * packets that wait for a later slot. This extends RdmaNic's gates (RdmaNic::SetGates) and
 * follows the RdcnSchedule; RdcnHelper installs one on every network it builds, and it gates
 * the hosts that have an RdmaNic when the simulation starts.
 *
 * Timing, for the circuits of absolute slot s + 1 (start T, guard G): a gate whose circuit
 * continues from slot s stays open; the others close at T - Lead - Tail (the last frame a host
 * sends then still reaches its ToR and crosses the uplink before the circuit goes) and open
 * at T + G - Lead (the first frame reaches the ToR as the circuit's window begins). Lead is
 * the time from the NIC to the ToR's routing (RdcnHelper sets it to the host link's delay plus
 * one MTU frame at the host rate), Tail the time the last frame needs to cross its circuit
 * (RdcnHelper: an MTU frame at the uplink rate, the interframe gap and the fibre's delay, as
 * RdcnCalendarQueueDisc::Fits asks). Cycles a traffic-aware scheduler installs are read when each
 * boundary comes.
 */
class RdcnRdmaGate : public Object
{
  public:
    /// Whether queue pairs are gated.
    enum Gating
    {
        NONE,    //!< Queue pairs send freely; the ToRs' calendar queues hold what waits
        CIRCUIT, //!< Queue pairs send while the circuit to their destination is up
    };

    /// What the gate did.
    struct Counters
    {
        uint64_t boundaries{0}; //!< Slot boundaries followed
        uint64_t opened{0};     //!< Gates opened (per NIC)
        uint64_t closed{0};     //!< Gates closed (per NIC)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RdcnRdmaGate();
    ~RdcnRdmaGate() override;

    /**
     * \brief Sets what the gate follows (before Attach).
     * \param [in] schedule The schedule
     * \param [in] scheme The routing scheme of the ToRs
     * \param [in] plan The address plan (a host's address names its ToR)
     */
    void Setup(Ptr<RdcnSchedule> schedule, RdcnRouter::Scheme scheme, const RdcnAddressPlan& plan);

    /**
     * \brief Gates the hosts that have an RdmaNic (none: nothing happens) and follows the
     * schedule from now on. RdcnHelper calls it when the simulation starts.
     * \param [in] hosts The hosts, ToR-major (host h of ToR t at t H + h)
     */
    void Attach(NodeContainer hosts);

    /// \return the NICs gated
    uint32_t GetNAttached() const;
    /// \return what it did
    const Counters& GetCounters() const;
    /// \return the gate of a queue pair to ToR \p tor (direct routing: the ToR, else 0)
    uint32_t GetGateOf(uint32_t tor) const;

  private:
    void DoDispose() override;
    /// \param [in] tor A ToR \param [in] slot An absolute slot
    /// \param [out] lit Per gate: whether its circuit is up in \p slot
    void Lit(uint32_t tor, uint64_t slot, std::vector<uint8_t>& lit) const;
    /// Closes the gates whose circuits end with slot \p slot, and schedules the opening.
    void Close(uint64_t slot);
    /// Schedules Close(\p slot) at Lead + Tail before slot \p slot ends (now if that is past).
    void ScheduleClose(uint64_t slot);
    /// Opens the gates whose circuits begin in slot \p slot, and schedules the next closing.
    void Open(uint64_t slot);
    /// \param [in] tor A ToR \param [in] key A gate \param [in] open Open or close it on its NICs
    void Apply(uint32_t tor, uint32_t key, bool open);

    Gating m_gating; //!< Gating
    Time m_lead;     //!< Lead
    Time m_tail;     //!< Tail

    Ptr<RdcnSchedule> m_schedule;                    //!< Schedule
    RdcnRouter::Scheme m_scheme{RdcnRouter::DIRECT}; //!< Routing scheme
    RdcnAddressPlan m_plan;                          //!< Addresses
    uint32_t m_gates{0};                             //!< Gates per NIC
    std::vector<std::vector<Ptr<RdmaNic>>> m_nics;   //!< [tor]: its gated NICs
    std::vector<std::vector<uint8_t>> m_open;        //!< [tor][gate]: open now
    std::vector<uint8_t> m_scratch;                  //!< Lit() of the next slot
    uint32_t m_attached{0};                          //!< NICs gated
    EventId m_event;                                 //!< Next boundary
    Counters m_counters;                             //!< Counters
};

} // namespace ns3

#endif /* RDCN_RDMA_GATE_H */
