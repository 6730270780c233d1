/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_SCHEDULE_DRIVER_H
#define RDCN_SCHEDULE_DRIVER_H

#include "rdcn-schedule.h"

#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/ocs-configuration.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class OpticalCircuitSwitch;

/**
 * \ingroup optical
 * \brief Drives the rotor switches of a time-slotted network from its RdcnSchedule: OCS u (one
 * per uplink, N ports, port t = ToR t's uplink u) follows uplink u's matchings slot by slot.
 *
 * Start() sets each switch's ReconfigurationDelay to the schedule's Guard, its
 * ControlPlaneDelay to 0 and its Policy to Drop, and its initial configuration to that of the
 * cycle's last slice, as if the network had always run: the ports whose circuit differs in
 * slot 0 then go dark for the first Guard of slot 0, exactly the guarded windows of
 * RdcnSchedule::IsGuarded. At the start of every slot k it reads GetConfiguration(u, k) and
 * requests it from switch u if it differs from the one in place; only the ports whose circuit
 * changes go dark, for Guard. Since it reads the schedule every slot, new cycles installed by
 * a traffic-aware scheduler (RdcnSchedule::Install) are followed. It runs until the simulation
 * stops.
 */
class RdcnScheduleDriver : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnScheduleDriver();
    ~RdcnScheduleDriver() override;

    /**
     * \brief Sets the schedule and the switches.
     * \param schedule the schedule
     * \param switches switch u for uplink u (GetNUplinks() of them, each with >= GetNTors()
     *        ports)
     * \param error set to the problem (switch count or port count) on failure
     * \return true on success
     */
    bool Setup(Ptr<RdcnSchedule> schedule,
               const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
               std::string& error);

    /**
     * \brief Sets the switches' timing and initial configuration and schedules the first slot
     * boundary (the slot at or after now). Call once, before or during the simulation. The
     * initial configuration is read again when the simulation reaches the current instant, so
     * that a schedule changed after Start() and before Simulator::Run (e.g. by
     * RdcnTrafficAwareScheduler::Start) is followed from slot 0.
     */
    void Start();

    /// \return the schedule
    Ptr<RdcnSchedule> GetSchedule() const;
    /// \return the number of slot boundaries handled
    uint64_t GetNSlots() const;
    /// \return the number of reconfigurations requested (all switches)
    uint64_t GetNRequests() const;

    /**
     * TracedCallback signature of Reconfigure.
     * \param [in] uplink the switch's uplink
     * \param [in] slot the slot that begins
     * \param [in] config the configuration requested
     */
    typedef void (*ReconfigureTracedCallback)(uint32_t uplink,
                                              uint64_t slot,
                                              const OcsConfiguration& config);

  protected:
    void DoDispose() override;

  private:
    /// \brief Slot \p slot begins: reconfigures the switches whose circuits change.
    void SlotBegins(uint64_t slot);
    /**
     * \brief Sets the switches' timing and the circuits in place before slot \p first.
     * \param first the first slot driven
     */
    void Prepare(uint64_t first);
    /// \brief Prepares again (the schedule may have changed since Start) and drives from
    /// \p first. \param first the first slot driven
    void Begin(uint64_t first);

    Ptr<RdcnSchedule> m_schedule;                      //!< Schedule
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches; //!< Switch per uplink
    std::vector<OcsConfiguration> m_inPlace;           //!< Last configuration requested
    EventId m_event;                                   //!< Next slot boundary
    uint64_t m_slots{0};                               //!< Slot boundaries handled
    uint64_t m_requests{0};                            //!< Reconfigurations requested
    TracedCallback<uint32_t, uint64_t, const OcsConfiguration&> m_reconfigureTrace; //!< Trace
};

} // namespace ns3

#endif /* RDCN_SCHEDULE_DRIVER_H */
