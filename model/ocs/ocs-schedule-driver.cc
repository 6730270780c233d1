/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-schedule-driver.h"

#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/simulator.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsScheduleDriver");

NS_OBJECT_ENSURE_REGISTERED(OcsScheduleDriver);

TypeId
OcsScheduleDriver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsScheduleDriver")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<OcsScheduleDriver>()
            .AddAttribute(
                "WhenBusy",
                "What a switch still reconfiguring at a slot boundary gets: Queue (the "
                "request waits behind its pending ones) or Skip (no request this slot, "
                "counted).",
                EnumValue(QUEUE),
                optical::compat::MakeEnumAccessorCompat<WhenBusy>(&OcsScheduleDriver::m_whenBusy),
                optical::MakeAnyCaseEnumChecker(QUEUE, "Queue", SKIP, "Skip"))
            .AddAttribute(
                "Follow",
                "What a switch's step is: Slots (the clock; skipped slots are not "
                "made up) or Requests (the requests it has had; a skipped step comes "
                "at the next slot).",
                EnumValue(SLOTS),
                optical::compat::MakeEnumAccessorCompat<Follow>(&OcsScheduleDriver::m_follow),
                optical::MakeAnyCaseEnumChecker(SLOTS, "Slots", REQUESTS, "Requests"))
            .AddAttribute("RequestUnchanged",
                          "Request a configuration equal to the one requested last (a rotor's "
                          "request every period); false: only when circuits change.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&OcsScheduleDriver::m_requestUnchanged),
                          MakeBooleanChecker())
            .AddAttribute("SetInitial",
                          "Start() sets each switch to the configuration it would have had "
                          "before the first slot, as if the schedule had always run.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&OcsScheduleDriver::m_setInitial),
                          MakeBooleanChecker())
            .AddTraceSource("Reconfigure",
                            "A switch was asked for a new configuration at a slot boundary "
                            "(switch, step, configuration).",
                            MakeTraceSourceAccessor(&OcsScheduleDriver::m_reconfigureTrace),
                            "ns3::OcsScheduleDriver::ReconfigureTracedCallback");
    return tid;
}

OcsScheduleDriver::OcsScheduleDriver() = default;

OcsScheduleDriver::~OcsScheduleDriver() = default;

void
OcsScheduleDriver::DoDispose()
{
    m_event.Cancel();
    m_source = nullptr;
    m_switches.clear();
    Object::DoDispose();
}

bool
OcsScheduleDriver::Setup(Ptr<OcsScheduleSource> source,
                         const std::vector<Ptr<OpticalCircuitSwitch>>& switches,
                         std::string& error)
{
    NS_LOG_FUNCTION(this << source);
    if (!source || source->GetNSwitches() == 0)
    {
        error = "OcsScheduleDriver: no schedule (or a schedule of no switch)";
        return false;
    }
    if (switches.size() != source->GetNSwitches())
    {
        std::ostringstream os;
        os << "OcsScheduleDriver: " << switches.size() << " switches for a schedule of "
           << source->GetNSwitches() << " switches";
        error = os.str();
        return false;
    }
    for (uint32_t s = 0; s < switches.size(); ++s)
    {
        if (!switches[s])
        {
            error = "OcsScheduleDriver: switch " + std::to_string(s) + " is null";
            return false;
        }
    }
    m_source = source;
    m_switches = switches;
    m_inPlace.assign(switches.size(), OcsConfiguration());
    m_accepted.assign(switches.size(), 0);
    return true;
}

void
OcsScheduleDriver::Start()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_source, "OcsScheduleDriver::Start: call Setup first");
    m_event.Cancel();
    const uint64_t first = m_source->GetFirstSlotFrom(Simulator::Now());
    if (!m_setInitial)
    {
        m_event = Simulator::Schedule(m_source->GetSlotStart(first) - Simulator::Now(),
                                      &OcsScheduleDriver::SlotBegins,
                                      this,
                                      first);
        return;
    }
    Prepare(first);
    m_event = Simulator::ScheduleNow(&OcsScheduleDriver::Begin, this, first);
}

void
OcsScheduleDriver::Stop()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
}

void
OcsScheduleDriver::Prepare(uint64_t first)
{
    for (uint32_t s = 0; s < m_switches.size(); ++s)
    {
        Ptr<OpticalCircuitSwitch> ocs = m_switches[s];
        OcsConfiguration config = m_source->GetConfigurationBefore(s, first);
        if (config == m_inPlace[s] && ocs->GetConfiguration() == config)
        {
            continue;
        }
        m_inPlace[s] = config;
        if (ocs->IsReconfiguring())
        {
            std::string problem;
            NS_ABORT_MSG_IF(!ocs->Reconfigure(config, &problem),
                            "OcsScheduleDriver: switch " << s << ": " << problem);
        }
        else
        {
            ocs->SetInitialConfiguration(config);
        }
    }
}

void
OcsScheduleDriver::Begin(uint64_t first)
{
    NS_LOG_FUNCTION(this << first);
    Prepare(first);
    const Time at = m_source->GetSlotStart(first);
    if (at == Simulator::Now())
    {
        SlotBegins(first);
        return;
    }
    m_event =
        Simulator::Schedule(at - Simulator::Now(), &OcsScheduleDriver::SlotBegins, this, first);
}

void
OcsScheduleDriver::SlotBegins(uint64_t slot)
{
    NS_LOG_FUNCTION(this << slot);
    const Time end = m_source->GetEnd();
    if (!end.IsZero() && Simulator::Now() >= end)
    {
        return;
    }
    ++m_slots;
    for (uint32_t s = 0; s < m_switches.size(); ++s)
    {
        Ptr<OpticalCircuitSwitch> ocs = m_switches[s];
        if (m_whenBusy == SKIP && ocs->GetNPendingReconfigurations() > 0)
        {
            ++m_skipped;
            NS_LOG_WARN("switch " << s << " still reconfiguring at "
                                  << Simulator::Now().As(Time::MS) << ": slot " << slot
                                  << " skipped (slots too short?)");
            continue;
        }
        const uint64_t step = m_follow == SLOTS ? slot : m_accepted[s];
        OcsConfiguration config = m_source->GetConfiguration(s, step);
        if (!m_requestUnchanged && config == m_inPlace[s])
        {
            continue;
        }
        std::string problem;
        NS_ABORT_MSG_IF(!ocs->Reconfigure(config, &problem),
                        "OcsScheduleDriver: switch " << s << " refused the configuration of step "
                                                     << step << ": " << problem);
        m_reconfigureTrace(s, step, config);
        m_inPlace[s] = std::move(config);
        ++m_accepted[s];
        ++m_requests;
    }
    m_event = Simulator::Schedule(m_source->GetSlotStart(slot + 1) - Simulator::Now(),
                                  &OcsScheduleDriver::SlotBegins,
                                  this,
                                  slot + 1);
}

Ptr<OcsScheduleSource>
OcsScheduleDriver::GetSource() const
{
    return m_source;
}

uint64_t
OcsScheduleDriver::GetNSlots() const
{
    return m_slots;
}

uint64_t
OcsScheduleDriver::GetNRequests() const
{
    return m_requests;
}

uint64_t
OcsScheduleDriver::GetNSkipped() const
{
    return m_skipped;
}

} // namespace ns3
