/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-schedule-driver.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnScheduleDriver");

NS_OBJECT_ENSURE_REGISTERED(RdcnScheduleDriver);

TypeId
RdcnScheduleDriver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnScheduleDriver")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnScheduleDriver>()
            .AddTraceSource("Reconfigure",
                            "A switch was asked for a new configuration at a slot boundary "
                            "(uplink, slot, configuration).",
                            MakeTraceSourceAccessor(&RdcnScheduleDriver::m_reconfigureTrace),
                            "ns3::RdcnScheduleDriver::ReconfigureTracedCallback");
    return tid;
}

RdcnScheduleDriver::RdcnScheduleDriver()
{
    NS_LOG_FUNCTION(this);
}

RdcnScheduleDriver::~RdcnScheduleDriver()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnScheduleDriver::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    m_schedule = nullptr;
    m_switches.clear();
    Object::DoDispose();
}

bool
RdcnScheduleDriver::Setup(Ptr<RdcnSchedule> schedule,
                          const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
                          std::string& error)
{
    NS_LOG_FUNCTION(this << schedule);
    if (!schedule || schedule->GetNTors() == 0)
    {
        error = "RdcnScheduleDriver: no schedule (or a schedule without matchings)";
        return false;
    }
    if (switches.size() != schedule->GetNUplinks())
    {
        std::ostringstream os;
        os << "RdcnScheduleDriver: " << switches.size() << " switches for a schedule of "
           << schedule->GetNUplinks() << " uplinks (one switch per uplink)";
        error = os.str();
        return false;
    }
    for (uint32_t u = 0; u < switches.size(); ++u)
    {
        if (!switches[u] || switches[u]->GetNPorts() < schedule->GetNTors())
        {
            std::ostringstream os;
            os << "RdcnScheduleDriver: switch " << u << " has "
               << (switches[u] ? switches[u]->GetNPorts() : 0) << " ports; the schedule has "
               << schedule->GetNTors() << " ToRs (one port each)";
            error = os.str();
            return false;
        }
    }
    m_schedule = schedule;
    m_switches = switches;
    return true;
}

void
RdcnScheduleDriver::Start()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_schedule, "RdcnScheduleDriver::Start: call Setup first");
    const Time now = Simulator::Now();
    uint64_t first = m_schedule->GetSlotAt(now);
    if (m_schedule->GetSlotStart(first) < now)
    {
        ++first; // started in the middle of a slot: drive from the next boundary
    }
    Prepare(first);
    m_event = Simulator::ScheduleNow(&RdcnScheduleDriver::Begin, this, first);
}

void
RdcnScheduleDriver::Prepare(uint64_t first)
{
    m_inPlace.resize(m_switches.size());
    for (uint32_t u = 0; u < m_switches.size(); ++u)
    {
        Ptr<OpticalCircuitSwitch> ocs = m_switches[u];
        ocs->SetAttribute("ReconfigurationDelay", TimeValue(m_schedule->GetGuard()));
        ocs->SetAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
        ocs->SetAttribute("Policy", StringValue("Drop"));
        // The circuits of the slot before the first one: for slot 0 the cycle's last slice.
        const uint64_t before = first > 0 ? first - 1 : m_schedule->GetNSlicesAt(0) - 1;
        OcsConfiguration config = m_schedule->GetConfiguration(u, before);
        if (config == m_inPlace[u] && ocs->GetConfiguration() == config)
        {
            continue;
        }
        m_inPlace[u] = config;
        if (ocs->IsReconfiguring())
        {
            std::string problem;
            NS_ABORT_MSG_IF(!ocs->Reconfigure(config, &problem),
                            "RdcnScheduleDriver: switch " << u << ": " << problem);
        }
        else
        {
            ocs->SetInitialConfiguration(config);
        }
    }
}

void
RdcnScheduleDriver::Begin(uint64_t first)
{
    NS_LOG_FUNCTION(this << first);
    Prepare(first);
    const Time at = m_schedule->GetSlotStart(first);
    if (at == Simulator::Now())
    {
        SlotBegins(first);
        return;
    }
    m_event =
        Simulator::Schedule(at - Simulator::Now(), &RdcnScheduleDriver::SlotBegins, this, first);
}

void
RdcnScheduleDriver::SlotBegins(uint64_t slot)
{
    NS_LOG_FUNCTION(this << slot);
    ++m_slots;
    for (uint32_t u = 0; u < m_switches.size(); ++u)
    {
        OcsConfiguration config = m_schedule->GetConfiguration(u, slot);
        if (config == m_inPlace[u])
        {
            continue;
        }
        std::string problem;
        NS_ABORT_MSG_IF(!m_switches[u]->Reconfigure(config, &problem),
                        "RdcnScheduleDriver: switch " << u << " refused the configuration of slot "
                                                      << slot << ": " << problem);
        m_reconfigureTrace(u, slot, config);
        m_inPlace[u] = std::move(config);
        ++m_requests;
    }
    m_event = Simulator::Schedule(m_schedule->GetSlotStart(slot + 1) - Simulator::Now(),
                                  &RdcnScheduleDriver::SlotBegins,
                                  this,
                                  slot + 1);
}

Ptr<RdcnSchedule>
RdcnScheduleDriver::GetSchedule() const
{
    return m_schedule;
}

uint64_t
RdcnScheduleDriver::GetNSlots() const
{
    return m_slots;
}

uint64_t
RdcnScheduleDriver::GetNRequests() const
{
    return m_requests;
}

} // namespace ns3
