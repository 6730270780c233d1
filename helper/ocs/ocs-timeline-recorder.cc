/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-timeline-recorder.h"

#include "ns3/callback.h"
#include "ns3/simulator.h"

namespace ns3
{

void
OcsTimelineRecorder::Add(Ptr<OpticalCircuitSwitch> ocs, const std::string& name)
{
    auto sw = std::make_shared<Switch>();
    sw->name = name;
    sw->ports.resize(ocs->GetNPorts());
    if (!ocs->IsReconfiguring())
    {
        for (const OcsCircuit& c : ocs->GetConfiguration().GetCircuits())
        {
            sw->ports[c.from].peer = static_cast<int32_t>(c.to);
            sw->ports[c.from].since = Simulator::Now();
            if (c.bidirectional)
            {
                sw->ports[c.to].peer = static_cast<int32_t>(c.from);
                sw->ports[c.to].since = Simulator::Now();
            }
        }
    }
    ocs->TraceConnectWithoutContext(
        "CircuitUp",
        Callback<void, uint32_t, uint32_t>([sw](uint32_t from, uint32_t to) {
            Port& p = sw->ports[from];
            const Time now = Simulator::Now();
            if (p.darkening && now > p.since)
            {
                p.intervals.push_back({p.since, now, -1});
            }
            p.darkening = false;
            p.peer = static_cast<int32_t>(to);
            p.since = now;
        }));
    ocs->TraceConnectWithoutContext(
        "CircuitDown",
        Callback<void, uint32_t, uint32_t>([sw](uint32_t from, uint32_t) {
            Port& p = sw->ports[from];
            const Time now = Simulator::Now();
            if (p.peer >= 0)
            {
                p.intervals.push_back({p.since, now, p.peer});
            }
            p.peer = -1;
            p.darkening = true;
            p.since = now;
        }));
    m_switches.push_back(sw);
}

std::vector<OcsTimelineRecorder::Interval>
OcsTimelineRecorder::GetIntervals(std::size_t index, uint32_t port) const
{
    if (index >= m_switches.size() || port >= m_switches[index]->ports.size())
    {
        return {};
    }
    const Port& p = m_switches[index]->ports[port];
    std::vector<Interval> out = p.intervals;
    if (p.peer >= 0)
    {
        out.push_back({p.since, Simulator::Now(), p.peer});
    }
    return out;
}

void
OcsTimelineRecorder::AddToTimeline(OpticalTimeline& timeline, Time from, Time until) const
{
    const Time end = until.IsNegative() ? Simulator::Now() : until;
    for (std::size_t s = 0; s < m_switches.size(); ++s)
    {
        const Switch& sw = *m_switches[s];
        const uint32_t process = timeline.AddProcess("OCS " + sw.name);
        for (uint32_t port = 0; port < sw.ports.size(); ++port)
        {
            std::vector<Interval> shown;
            for (Interval i : GetIntervals(s, port))
            {
                i.start = std::max(i.start, from);
                i.end = std::min(i.end, end);
                if (i.end > i.start)
                {
                    shown.push_back(i);
                }
            }
            if (shown.empty())
            {
                continue;
            }
            const uint32_t track = timeline.AddTrack(process, "port " + std::to_string(port));
            for (const Interval& i : shown)
            {
                timeline.AddSlice(process,
                                  track,
                                  i.peer < 0 ? "dark" : "to port " + std::to_string(i.peer),
                                  i.peer < 0 ? "dark" : "circuit",
                                  i.start,
                                  i.end);
            }
        }
    }
}

} // namespace ns3
