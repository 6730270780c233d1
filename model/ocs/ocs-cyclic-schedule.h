/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_CYCLIC_SCHEDULE_H
#define OCS_CYCLIC_SCHEDULE_H

#include "ocs-configuration.h"
#include "ocs-schedule-driver.h"
#include "ocs-schedule-source.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <vector>

namespace ns3
{

class OpticalCircuitSwitch;

/**
 * \ingroup optical
 * \brief A controller that cycles an optical circuit switch through a list of configurations,
 * one every Period, like a rotor switch.
 *
 * The k-th request (k = 0, 1, ...) is made at StartTime + k x Period and asks for configuration
 * k mod n. If the switch has not finished the previous request by then, the slot is skipped
 * (and counted) rather than queued, so the schedule never falls behind.
 *
 * Slots of different lengths (a rotor program's slots): SetSlotDurations() gives each
 * configuration its own duration; request k is then made when slot k begins, at StartTime
 * plus the durations of the slots before it, and Period is not used. With durations, slots
 * follow the clock: a skipped slot is not made up, the next request asks for the next slot.
 *
 * It is a schedule source (OcsScheduleSource) played by the one OCS schedule driver
 * (OcsScheduleDriver: requests every slot, skips busy slots, steps by requests with a Period
 * and by slots with durations); slot 0 begins at Start() or StartTime, whichever is later.
 */
class OcsCyclicSchedule : public OcsScheduleSource
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OcsCyclicSchedule();
    ~OcsCyclicSchedule() override;

    /**
     * \brief Sets the switch and the configurations to cycle through.
     * \param [in] ocs The switch
     * \param [in] configs The configurations (at least one, each valid for the switch: a fatal
     * error names the first invalid one otherwise)
     */
    void Setup(Ptr<OpticalCircuitSwitch> ocs, const std::vector<OcsConfiguration>& configs);

    /**
     * \brief Sets several switches that change in the same slots (a rotor per spine of a
     * fabric), each with its own configurations.
     * \param [in] switches The switches
     * \param [in] configs The configurations of each switch (as many lists as switches, all
     * of the same length, each configuration valid for its switch)
     */
    void Setup(const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
               const std::vector<std::vector<OcsConfiguration>>& configs);

    /**
     * \brief Gives each configuration its own slot length (after Setup()).
     * \param [in] durations One positive duration per configuration
     */
    void SetSlotDurations(const std::vector<Time>& durations);

    /// \brief Schedules the first request at StartTime (called by the helper).
    void Start();

    /// \brief Stops making requests.
    void Stop();

    /// \return the number of requests made
    uint64_t GetNRequests() const;

    /// \return the number of slots skipped because the switch was still busy
    uint64_t GetNSkipped() const;

    /// \return the driver playing the schedule (after Start(); else nullptr)
    Ptr<OcsScheduleDriver> GetDriver() const;

    // OcsScheduleSource
    /// \return the switches of Setup()
    uint32_t GetNSwitches() const override;
    /// \param [in] slot A slot \return when it begins
    Time GetSlotStart(uint64_t slot) const override;
    /// \param [in] sw A switch \param [in] step A step \return its configuration step mod n
    OcsConfiguration GetConfiguration(uint32_t sw, uint64_t step) const override;
    /// \return StopTime (0: never)
    Time GetEnd() const override;

  protected:
    void DoDispose() override;

  private:
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches;    //!< The switches
    std::vector<std::vector<OcsConfiguration>> m_configs; //!< Per switch, cycled through
    Time m_period;                                        //!< Time between requests
    Time m_start;                                         //!< First request
    Time m_stop;                     //!< No request at or after this time (0: never stop)
    std::vector<Time> m_durations;   //!< Per-slot durations (empty: Period)
    Time m_origin;                   //!< When slot 0 begins (set by Start())
    Time m_cycle;                    //!< Sum of the durations (one cycle)
    Ptr<OcsScheduleDriver> m_driver; //!< The driver playing this schedule
};

} // namespace ns3

#endif /* OCS_CYCLIC_SCHEDULE_H */
