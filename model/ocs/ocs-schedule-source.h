/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_SCHEDULE_SOURCE_H
#define OCS_SCHEDULE_SOURCE_H

#include "ocs-configuration.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a schedule of optical circuit switches says, for the one driver that plays
 * every schedule (OcsScheduleDriver): slots 0, 1, ... with their start times, and for each
 * switch it drives the configuration of each step.
 *
 * A step is a slot, or, for schedules that do not follow the clock (a rotor that waits for a
 * busy switch, OcsCyclicSchedule with a Period), the index of the request. Sources:
 * OcsCyclicSchedule (configurations cycled on one switch), RdcnSchedule (the matchings of a
 * time-slotted network, one switch per uplink, cycles installed by a traffic-aware scheduler
 * included).
 */
class OcsScheduleSource : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OcsScheduleSource();
    ~OcsScheduleSource() override;

    /// \return the number of switches the schedule drives
    virtual uint32_t GetNSwitches() const = 0;

    /**
     * \param [in] slot A slot
     * \return when it begins (absolute simulation time)
     */
    virtual Time GetSlotStart(uint64_t slot) const = 0;

    /**
     * \param [in] sw A switch of the schedule (< GetNSwitches())
     * \param [in] step A slot, or a request index (see the class doc)
     * \return the configuration the switch should have in it
     */
    virtual OcsConfiguration GetConfiguration(uint32_t sw, uint64_t step) const = 0;

    /**
     * \brief The configuration a switch has before \p firstSlot, as if the schedule had always
     * run (set at once by a driver whose SetInitial attribute is true).
     * \param [in] sw A switch
     * \param [in] firstSlot The first slot driven
     * \return the configuration (default: that of step firstSlot - 1, or of step 0)
     */
    virtual OcsConfiguration GetConfigurationBefore(uint32_t sw, uint64_t firstSlot) const;

    /**
     * \return the time from which no slot begins (0: the schedule never ends)
     */
    virtual Time GetEnd() const;

    /**
     * \param [in] t A time
     * \return the first slot that begins at or after \p t (default: searched from slot 0)
     */
    virtual uint64_t GetFirstSlotFrom(Time t) const;
};

} // namespace ns3

#endif /* OCS_SCHEDULE_SOURCE_H */
