/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-cyclic-schedule.h"

#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsCyclicSchedule");

NS_OBJECT_ENSURE_REGISTERED(OcsCyclicSchedule);

TypeId
OcsCyclicSchedule::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsCyclicSchedule")
            .SetParent<Object>()
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
    m_event.Cancel();
    m_switch = nullptr;
    Object::DoDispose();
}

void
OcsCyclicSchedule::Setup(Ptr<OpticalCircuitSwitch> ocs,
                         const std::vector<OcsConfiguration>& configs)
{
    NS_LOG_FUNCTION(this << ocs);
    NS_ABORT_MSG_IF(!ocs, "OcsCyclicSchedule: no switch given");
    NS_ABORT_MSG_IF(configs.empty(), "OcsCyclicSchedule: no configuration to cycle through");
    for (std::size_t k = 0; k < configs.size(); ++k)
    {
        const std::string problem = configs[k].Validate(ocs->GetNPorts());
        NS_ABORT_MSG_IF(!problem.empty(),
                        "OcsCyclicSchedule: configuration " << k << " ('" << configs[k]
                                                            << "') is invalid: " << problem);
    }
    m_switch = ocs;
    m_configs = configs;
    m_next = 0;
    m_durations.clear();
}

void
OcsCyclicSchedule::SetSlotDurations(const std::vector<Time>& durations)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(durations.size() != m_configs.size(),
                    "OcsCyclicSchedule: " << durations.size() << " slot durations for "
                                          << m_configs.size()
                                          << " configurations (call Setup() first)");
    for (std::size_t k = 0; k < durations.size(); ++k)
    {
        NS_ABORT_MSG_IF(!durations[k].IsStrictlyPositive(),
                        "OcsCyclicSchedule: slot " << k << " has duration "
                                                   << durations[k].As(Time::US)
                                                   << "; slots must be longer than 0");
    }
    m_durations = durations;
}

void
OcsCyclicSchedule::Start()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_switch, "OcsCyclicSchedule: Setup() was not called");
    NS_ABORT_MSG_IF(m_period.IsZero() && m_durations.empty(),
                    "OcsCyclicSchedule: Period must be positive");
    m_event.Cancel();
    const Time delay = m_start > Simulator::Now() ? m_start - Simulator::Now() : Seconds(0);
    m_event = Simulator::Schedule(delay, &OcsCyclicSchedule::Tick, this);
}

void
OcsCyclicSchedule::Stop()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
}

void
OcsCyclicSchedule::Tick()
{
    NS_LOG_FUNCTION(this);
    if (!m_stop.IsZero() && Simulator::Now() >= m_stop)
    {
        return;
    }
    const std::size_t slot = m_next;
    if (m_switch->GetNPendingReconfigurations() > 0)
    {
        ++m_nSkipped;
        NS_LOG_WARN("switch still reconfiguring at " << Simulator::Now().As(Time::MS)
                                                     << ": slot skipped (Period too short?)");
        if (!m_durations.empty())
        {
            m_next = (m_next + 1) % m_configs.size(); // slots follow the clock
        }
    }
    else
    {
        m_switch->Reconfigure(m_configs[m_next]);
        m_next = (m_next + 1) % m_configs.size();
        ++m_nRequests;
    }
    m_event = Simulator::Schedule(m_durations.empty() ? m_period : m_durations[slot],
                                  &OcsCyclicSchedule::Tick,
                                  this);
}

uint64_t
OcsCyclicSchedule::GetNRequests() const
{
    return m_nRequests;
}

uint64_t
OcsCyclicSchedule::GetNSkipped() const
{
    return m_nSkipped;
}

} // namespace ns3
