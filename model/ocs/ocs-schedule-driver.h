/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_SCHEDULE_DRIVER_H
#define OCS_SCHEDULE_DRIVER_H

#include "ocs-configuration.h"
#include "ocs-schedule-source.h"

#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class OpticalCircuitSwitch;

/**
 * \ingroup optical
 * \brief The one driver of OCS schedules: plays an OcsScheduleSource on its switches, slot by
 * slot (OcsCyclicSchedule's rotor, a time-slotted network's RdcnSchedule, an OCS leaf-spine's
 * schedule).
 *
 * At the start of every slot k it asks each switch s for the configuration of its step (slot
 * k, or with Follow = REQUESTS the number of requests s has accepted so far). Attributes say
 * what the schedule means:
 * - RequestUnchanged: request a configuration equal to the one requested last (a rotor's
 *   request every period) or not (only circuits that change, as a time-slotted network);
 * - WhenBusy: a switch still reconfiguring at a slot boundary gets the request queued behind
 *   its pending ones (QUEUE) or the slot is skipped and counted (SKIP);
 * - SetInitial: Start() puts each switch in the configuration it would have had before the
 *   first slot (OcsScheduleSource::GetConfigurationBefore), read again at the first instant of
 *   the run, so that a schedule changed before Simulator::Run() (a traffic-aware scheduler's
 *   first cycle) is followed from its first slot; otherwise the switches keep what they have.
 *
 * Slots end at the source's GetEnd() (if set); otherwise the driver runs until the simulation
 * stops.
 */
class OcsScheduleDriver : public Object
{
  public:
    /// What a switch still reconfiguring at a slot boundary gets.
    enum WhenBusy
    {
        QUEUE, //!< The request waits behind the pending ones
        SKIP,  //!< No request in this slot (counted by GetNSkipped)
    };

    /// What a switch's step is.
    enum Follow
    {
        SLOTS,    //!< The slot: a skipped slot is not made up
        REQUESTS, //!< The number of requests the switch has had: skipped steps are not lost
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OcsScheduleDriver();
    ~OcsScheduleDriver() override;

    /**
     * \brief Sets the schedule and the switches it drives.
     * \param [in] source The schedule
     * \param [in] switches Switch s for the schedule's switch s (GetNSwitches() of them)
     * \param [out] error The problem (a count or a null switch), naming it
     * \return true on success
     */
    bool Setup(Ptr<OcsScheduleSource> source,
               const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
               std::string& error);

    /**
     * \brief Starts driving from the first slot at or after now. Call once, before or during
     * the simulation.
     */
    void Start();

    /// \brief Stops driving (no further request).
    void Stop();

    /// \return the schedule
    Ptr<OcsScheduleSource> GetSource() const;
    /// \return the slot boundaries handled
    uint64_t GetNSlots() const;
    /// \return the reconfigurations requested (all switches)
    uint64_t GetNRequests() const;
    /// \return the slots skipped because a switch was busy (WhenBusy SKIP), all switches
    uint64_t GetNSkipped() const;

    /**
     * TracedCallback signature of Reconfigure.
     * \param [in] sw The switch (its index in the schedule)
     * \param [in] step Its step
     * \param [in] config The configuration requested
     */
    typedef void (*ReconfigureTracedCallback)(uint32_t sw,
                                              uint64_t step,
                                              const OcsConfiguration& config);

  protected:
    void DoDispose() override;

  private:
    /// \param [in] first The first slot driven \brief Sets the initial configurations.
    void Prepare(uint64_t first);
    /// \param [in] first The first slot driven \brief Prepares again and drives from it.
    void Begin(uint64_t first);
    /// \param [in] slot The slot that begins \brief Requests its configurations.
    void SlotBegins(uint64_t slot);

    Ptr<OcsScheduleSource> m_source;                   //!< Schedule
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches; //!< Switch of each schedule switch
    std::vector<OcsConfiguration> m_inPlace;           //!< Last configuration requested
    std::vector<uint64_t> m_accepted;                  //!< Requests per switch
    WhenBusy m_whenBusy{QUEUE};                        //!< Busy switches
    Follow m_follow{SLOTS};                            //!< Steps
    bool m_requestUnchanged{false};                    //!< Request equal configurations
    bool m_setInitial{true};                           //!< Set the configuration before
    EventId m_event;                                   //!< Next slot boundary
    uint64_t m_slots{0};                               //!< Slot boundaries handled
    uint64_t m_requests{0};                            //!< Reconfigurations requested
    uint64_t m_skipped{0};                             //!< Slots skipped
    TracedCallback<uint32_t, uint64_t, const OcsConfiguration&> m_reconfigureTrace; //!< Trace
};

} // namespace ns3

#endif /* OCS_SCHEDULE_DRIVER_H */
