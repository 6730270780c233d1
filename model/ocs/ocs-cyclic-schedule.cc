/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-cyclic-schedule.h"

#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsCyclicSchedule");

NS_OBJECT_ENSURE_REGISTERED(OcsCyclicSchedule);

TypeId
OcsCyclicSchedule::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsCyclicSchedule")
            .SetParent<OcsScheduleSource>()
            .SetGroupName("Optical")
            .AddConstructor<OcsCyclicSchedule>()
            .AddAttribute("Period",
                          "Time between two reconfiguration requests (s).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&OcsCyclicSchedule::m_period),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("StartTime",
                          "Time of the first request (s).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OcsCyclicSchedule::m_start),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("StopTime",
                          "No request is made at or after this time (s; 0: never stop).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OcsCyclicSchedule::m_stop),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

OcsCyclicSchedule::OcsCyclicSchedule()
{
    NS_LOG_FUNCTION(this);
}

OcsCyclicSchedule::~OcsCyclicSchedule()
{
    NS_LOG_FUNCTION(this);
}

void
OcsCyclicSchedule::DoDispose()
{
    if (m_driver)
    {
        m_driver->Dispose();
        m_driver = nullptr;
    }
    m_switches.clear();
    OcsScheduleSource::DoDispose();
}

void
OcsCyclicSchedule::Setup(Ptr<OpticalCircuitSwitch> ocs,
                         const std::vector<OcsConfiguration>& configs)
{
    Setup(std::vector<Ptr<OpticalCircuitSwitch>>{ocs},
          std::vector<std::vector<OcsConfiguration>>{configs});
}

void
OcsCyclicSchedule::Setup(const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
                         const std::vector<std::vector<OcsConfiguration>>& configs)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(switches.empty(), "OcsCyclicSchedule: no switch given");
    NS_ABORT_MSG_IF(configs.size() != switches.size(),
                    "OcsCyclicSchedule: " << configs.size() << " lists of configurations for "
                                          << switches.size() << " switches");
    for (std::size_t s = 0; s < switches.size(); ++s)
    {
        NS_ABORT_MSG_IF(!switches[s], "OcsCyclicSchedule: no switch given");
        NS_ABORT_MSG_IF(configs[s].empty(), "OcsCyclicSchedule: no configuration to cycle through");
        NS_ABORT_MSG_IF(configs[s].size() != configs[0].size(),
                        "OcsCyclicSchedule: switch " << s << " has " << configs[s].size()
                                                     << " configurations, switch 0 "
                                                     << configs[0].size());
        for (std::size_t k = 0; k < configs[s].size(); ++k)
        {
            const std::string problem = configs[s][k].Validate(switches[s]->GetNPorts());
            NS_ABORT_MSG_IF(!problem.empty(),
                            "OcsCyclicSchedule: configuration " << k << " ('" << configs[s][k]
                                                                << "') is invalid: " << problem);
        }
    }
    m_switches = switches;
    m_configs = configs;
    m_durations.clear();
}

void
OcsCyclicSchedule::SetSlotDurations(const std::vector<Time>& durations)
{
    NS_LOG_FUNCTION(this);
    const size_t n = m_configs.empty() ? 0 : m_configs[0].size();
    NS_ABORT_MSG_IF(durations.size() != n,
                    "OcsCyclicSchedule: " << durations.size() << " slot durations for " << n
                                          << " configurations (call Setup() first)");
    for (std::size_t k = 0; k < durations.size(); ++k)
    {
        NS_ABORT_MSG_IF(!durations[k].IsStrictlyPositive(),
                        "OcsCyclicSchedule: slot " << k << " has duration "
                                                   << durations[k].As(Time::US)
                                                   << "; slots must be longer than 0");
    }
    m_durations = durations;
    m_cycle = Seconds(0);
    for (const Time& d : durations)
    {
        m_cycle += d;
    }
}

void
OcsCyclicSchedule::Start()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_switches.empty(), "OcsCyclicSchedule: Setup() was not called");
    NS_ABORT_MSG_IF(m_period.IsZero() && m_durations.empty(),
                    "OcsCyclicSchedule: Period must be positive");
    if (m_driver)
    {
        m_driver->Stop();
    }
    m_origin = std::max(m_start, Simulator::Now());
    m_driver = CreateObject<OcsScheduleDriver>();
    // A rotor asks every slot and never queues behind a busy switch; with a Period a skipped
    // step comes at the next slot, with durations slots follow the clock.
    m_driver->SetAttribute("WhenBusy", EnumValue(OcsScheduleDriver::SKIP));
    m_driver->SetAttribute(
        "Follow",
        EnumValue(m_durations.empty() ? OcsScheduleDriver::REQUESTS : OcsScheduleDriver::SLOTS));
    m_driver->SetAttribute("RequestUnchanged", BooleanValue(true));
    m_driver->SetAttribute("SetInitial", BooleanValue(false));
    std::string error;
    NS_ABORT_MSG_IF(!m_driver->Setup(this, m_switches, error), "OcsCyclicSchedule: " << error);
    m_driver->Start();
}

void
OcsCyclicSchedule::Stop()
{
    NS_LOG_FUNCTION(this);
    if (m_driver)
    {
        m_driver->Stop();
    }
}

uint32_t
OcsCyclicSchedule::GetNSwitches() const
{
    return static_cast<uint32_t>(m_switches.size());
}

Time
OcsCyclicSchedule::GetSlotStart(uint64_t slot) const
{
    if (m_durations.empty())
    {
        return m_origin + m_period * static_cast<int64_t>(slot);
    }
    const uint64_t n = m_durations.size();
    Time t = m_origin + m_cycle * static_cast<int64_t>(slot / n);
    for (uint64_t k = 0; k < slot % n; ++k)
    {
        t += m_durations[k];
    }
    return t;
}

OcsConfiguration
OcsCyclicSchedule::GetConfiguration(uint32_t sw, uint64_t step) const
{
    return m_configs.at(sw)[step % m_configs[sw].size()];
}

Time
OcsCyclicSchedule::GetEnd() const
{
    return m_stop;
}

uint64_t
OcsCyclicSchedule::GetNRequests() const
{
    return m_driver ? m_driver->GetNRequests() : 0;
}

Ptr<OcsScheduleDriver>
OcsCyclicSchedule::GetDriver() const
{
    return m_driver;
}

uint64_t
OcsCyclicSchedule::GetNSkipped() const
{
    return m_driver ? m_driver->GetNSkipped() : 0;
}

} // namespace ns3
