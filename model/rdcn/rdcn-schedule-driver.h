/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_SCHEDULE_DRIVER_H
#define RDCN_SCHEDULE_DRIVER_H

#include "rdcn-schedule.h"

#include "ns3/enum.h"
#include "ns3/nstime.h"
#include "ns3/ocs-schedule-driver.h"
#include "ns3/optical-circuit-switch.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief Deprecated: the rotor switches of a time-slotted network are played by the one OCS
 * schedule driver, OcsScheduleDriver, with the RdcnSchedule as its source (RdcnHelper does
 * it). This name is kept so that programs written before still compile: Start() also gives
 * the switches the schedule's timing, as it did (ReconfigurationDelay = Guard, no
 * control-plane delay, Drop policy).
 */
class RdcnScheduleDriver : public OcsScheduleDriver
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::RdcnScheduleDriver")
                                .SetParent<OcsScheduleDriver>()
                                .SetGroupName("Optical")
                                .AddConstructor<RdcnScheduleDriver>();
        return tid;
    }

    /**
     * \brief Sets the schedule and the switches (switch u for uplink u).
     * \param schedule the schedule
     * \param switches the switches
     * \param error the problem on failure
     * \return true on success
     */
    [[deprecated("use OcsScheduleDriver (RdcnHelper drives the switches)")]] bool Setup(
        Ptr<RdcnSchedule> schedule,
        const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
        std::string& error)
    {
        m_rdcn = schedule;
        m_rotors = switches;
        return OcsScheduleDriver::Setup(schedule, switches, error);
    }

    /// \brief Gives the switches the schedule's timing, then drives them.
    void Start()
    {
        for (const Ptr<OpticalCircuitSwitch>& ocs : m_rotors)
        {
            ocs->SetAttribute("ReconfigurationDelay", TimeValue(m_rdcn->GetGuard()));
            ocs->SetAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
            ocs->SetAttribute("Policy", EnumValue(OpticalCircuitSwitch::DROP));
        }
        OcsScheduleDriver::Start();
    }

    /// \return the schedule
    Ptr<RdcnSchedule> GetSchedule() const
    {
        return m_rdcn;
    }

  private:
    Ptr<RdcnSchedule> m_rdcn;                        //!< Schedule
    std::vector<Ptr<OpticalCircuitSwitch>> m_rotors; //!< Switches
};

} // namespace ns3

#endif /* RDCN_SCHEDULE_DRIVER_H */
