/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-rail-recorder.h"

#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicRailRecorder");

PhotonicRailRecorder::Counters
PhotonicRailRecorder::Read(Ptr<PhotonicRailController> c)
{
    return Counters{c->GetNReconfigurations(),
                    c->GetNTransitions(),
                    c->GetNSpeculativeTransitions(),
                    c->GetNRequests(),
                    c->GetWaitTime()};
}

PhotonicRailRecorder::Counters
PhotonicRailRecorder::Difference(const Counters& later, const Counters& earlier)
{
    return Counters{later.reconfigurations - earlier.reconfigurations,
                    later.transitions - earlier.transitions,
                    later.speculative - earlier.speculative,
                    later.requests - earlier.requests,
                    later.wait - earlier.wait};
}

void
PhotonicRailRecorder::Attach(Ptr<TrainingJob> job, Ptr<PhotonicRailController> controller)
{
    m_controller = controller;
    if (!controller)
    {
        return;
    }
    job->TraceConnectWithoutContext("IterationEnd",
                                    MakeCallback(&PhotonicRailRecorder::IterationEnd, this));
    controller->TraceConnectWithoutContext("Transition",
                                           MakeCallback(&PhotonicRailRecorder::Transitioned, this));
}

void
PhotonicRailRecorder::IterationEnd(const IterationRecord& record)
{
    const Counters now = Read(m_controller);
    m_iterations.push_back(Difference(now, m_mark));
    m_mark = now;
    NS_LOG_DEBUG("iteration " << record.index << ": " << m_iterations.back().reconfigurations
                              << " reconfigurations");
}

void
PhotonicRailRecorder::Transitioned(uint32_t rail, const OcsConfiguration& c, bool speculative)
{
    m_transitions.push_back(Transition{Simulator::Now().GetSeconds(),
                                       rail,
                                       static_cast<uint32_t>(c.GetNCircuits()),
                                       speculative,
                                       c.ToString()});
}

const std::vector<PhotonicRailRecorder::Counters>&
PhotonicRailRecorder::GetIterations() const
{
    return m_iterations;
}

PhotonicRailRecorder::Counters
PhotonicRailRecorder::GetLastIteration() const
{
    return m_iterations.empty() ? Counters{} : m_iterations.back();
}

const std::vector<PhotonicRailRecorder::Transition>&
PhotonicRailRecorder::GetTransitions() const
{
    return m_transitions;
}

PhotonicRailRecorder::Summary
PhotonicRailRecorder::Summarize(const std::vector<Ptr<OpticalCircuitSwitch>>& switches) const
{
    Summary s;
    s.last = GetLastIteration();
    s.transitions = m_transitions;
    if (m_controller)
    {
        s.multiRound = m_controller->GetNMultiRound();
        for (const auto& ocs : switches)
        {
            s.ocsDrops += ocs->GetTotalCounters().GetDroppedFrames();
        }
    }
    return s;
}

void
PhotonicRailRecorder::WriteTransitions(ResultsStore* store,
                                       int64_t runId,
                                       const std::vector<Transition>& transitions)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("transitions");
    for (const Transition& t : transitions)
    {
        store->AddEvent("transitions",
                        runId,
                        {t.timeS,
                         static_cast<int64_t>(t.rail),
                         static_cast<int64_t>(t.circuits),
                         static_cast<int64_t>(t.speculative ? 1 : 0),
                         t.configuration});
    }
}

} // namespace ns3
