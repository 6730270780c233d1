/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_CYCLIC_SCHEDULE_H
#define OCS_CYCLIC_SCHEDULE_H

#include "ocs-configuration.h"

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
 */
class OcsCyclicSchedule : public Object
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

  protected:
    void DoDispose() override;

  private:
    void Tick();

    Ptr<OpticalCircuitSwitch> m_switch;      //!< The switch
    std::vector<OcsConfiguration> m_configs; //!< Configurations to cycle through
    Time m_period;                           //!< Time between requests
    Time m_start;                            //!< First request
    Time m_stop;                             //!< No request at or after this time (0: never stop)
    std::vector<Time> m_durations;           //!< Per-slot durations (empty: Period)
    std::size_t m_next{0};                   //!< Index of the next configuration
    uint64_t m_nRequests{0};                 //!< Requests made
    uint64_t m_nSkipped{0};                  //!< Slots skipped
    EventId m_event;                         //!< Next tick
};

} // namespace ns3

#endif /* OCS_CYCLIC_SCHEDULE_H */
