/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective.h"

#include "collective-controller.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Collective");

NS_OBJECT_ENSURE_REGISTERED(Collective);

TypeId
Collective::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Collective")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<Collective>()
                            .AddTraceSource("Completed",
                                            "The collective completed (its record).",
                                            MakeTraceSourceAccessor(&Collective::m_completedTrace),
                                            "ns3::Collective::CompletedTracedCallback")
                            .AddTraceSource("PhaseStart",
                                            "The collective's transfers began (job, kind, group "
                                            "size, bytes).",
                                            MakeTraceSourceAccessor(&Collective::m_phaseStartTrace),
                                            "ns3::Collective::PhaseTracedCallback")
                            .AddTraceSource("PhaseEnd",
                                            "The collective's last transfer was delivered (job, "
                                            "kind, group size, bytes).",
                                            MakeTraceSourceAccessor(&Collective::m_phaseEndTrace),
                                            "ns3::Collective::PhaseTracedCallback");
    return tid;
}

Collective::Collective() = default;

void
Collective::DoDispose()
{
    m_transport = nullptr;
    m_controller = nullptr;
    m_done = nullptr;
    Object::DoDispose();
}

void
Collective::Setup(const CollectiveSchedule& schedule,
                  Ptr<CollectiveTransport> transport,
                  const std::vector<uint32_t>& ranks,
                  const std::string& job)
{
    const std::string problem = schedule.Validate();
    NS_ABORT_MSG_IF(!problem.empty(), "Collective: invalid schedule: " << problem);
    Setup(std::make_shared<const CollectiveSchedule>(schedule), transport, ranks, job);
}

void
Collective::Setup(std::shared_ptr<const CollectiveSchedule> schedule,
                  Ptr<CollectiveTransport> transport,
                  const std::vector<uint32_t>& ranks,
                  const std::string& job)
{
    NS_ABORT_MSG_IF(m_started, "Collective: Setup after Start");
    NS_ABORT_MSG_IF(!transport, "Collective: no transport");
    NS_ABORT_MSG_IF(!schedule, "Collective: no schedule");
    NS_ABORT_MSG_IF(ranks.size() != schedule->GetNRanks(),
                    "Collective: " << ranks.size() << " ranks given for a collective of "
                                   << schedule->GetNRanks());
    for (uint32_t r : ranks)
    {
        NS_ABORT_MSG_IF(r >= transport->GetNRanks(),
                        "Collective: rank " << r << " is not a rank of the transport (it has "
                                            << transport->GetNRanks() << ")");
    }
    m_schedule = std::move(schedule);
    m_transport = transport;
    m_ranks = ranks;
    static uint64_t nextId = 0;
    m_record.id = ++nextId;
    m_record.ranks = ranks;
    m_record.schedule = m_schedule;
    m_record.job = job;
    m_record.kind = m_schedule->GetKind();
    m_record.algorithm = m_schedule->GetAlgorithm();
    m_record.groupSize = m_schedule->GetNRanks();
    m_record.bytes = m_schedule->GetBytes();
}

void
Collective::SetStartGate(StartGate gate)
{
    SetController(gate ? CollectiveController::FromStartGate(std::move(gate)) : nullptr);
}

void
Collective::SetController(Ptr<CollectiveController> controller)
{
    NS_ABORT_MSG_IF(m_started, "Collective: controller set after Start");
    m_controller = controller;
}

void
Collective::Start(DoneCallback done)
{
    NS_ABORT_MSG_IF(!m_transport, "Collective: Start before Setup");
    NS_ABORT_MSG_IF(m_started, "Collective: Start called twice");
    m_started = true;
    m_done = std::move(done);
    m_record.requested = Simulator::Now();
    if (m_controller)
    {
        Ptr<Collective> self = this;
        m_controller->RequestStart(m_record, [self]() { self->Begin(); });
        return;
    }
    Begin();
}

void
Collective::Begin()
{
    NS_ABORT_MSG_IF(m_begun, "Collective: released twice by its start gate");
    m_begun = true;
    m_record.start = Simulator::Now();
    m_phaseStartTrace(m_record.job, m_record.kind, m_record.groupSize, m_record.bytes);
    const auto& ops = m_schedule->GetOps();
    m_remaining = ops.size();
    if (ops.empty())
    {
        // Nothing to move: done at once (after the caller's Start returns).
        Ptr<Collective> self = this;
        optical::compat::ScheduleNow([self]() { self->Complete(); });
        return;
    }
    // A transport that can time the whole schedule at once (all ranks in one scale-up domain)
    // does; it calls back when the last transfer is delivered.
    if (m_transport->RunLocally(m_schedule, m_ranks, [this]() {
            m_remaining = 0;
            Complete();
        }))
    {
        return;
    }
    m_waiting.resize(ops.size());
    for (uint32_t i = 0; i < ops.size(); ++i)
    {
        m_waiting[i] = static_cast<uint32_t>(ops[i].deps.size());
    }
    m_remaining = ops.size();
    for (uint32_t i = 0; i < ops.size(); ++i)
    {
        if (m_waiting[i] == 0)
        {
            Launch(i);
        }
    }
}

void
Collective::Launch(uint32_t op)
{
    if (m_controller)
    {
        Ptr<Collective> self = this;
        m_controller->RequestTransfer(m_record, op, [self, op]() { self->Send(op); });
        return;
    }
    Send(op);
}

void
Collective::Send(uint32_t op)
{
    const CollectiveOp& o = m_schedule->GetOps()[op];
    if (o.bytes == 0)
    {
        // A transfer of nothing (a hand-built schedule; CollectiveAlgorithms removes them) is
        // delivered at once, without the transport: it only orders its dependents.
        Ptr<Collective> self = this;
        optical::compat::ScheduleNow([self, op]() { self->Delivered(op); });
        return;
    }
    m_transport->Send(m_ranks[o.src], m_ranks[o.dst], o.bytes, [this, op]() { Delivered(op); });
}

void
Collective::Delivered(uint32_t op)
{
    --m_remaining;
    if (m_controller)
    {
        m_controller->TransferDelivered(m_record, op);
    }
    for (uint32_t next : m_schedule->GetDependents()[op])
    {
        if (--m_waiting[next] == 0)
        {
            Launch(next);
        }
    }
    if (m_remaining == 0)
    {
        Complete();
    }
}

void
Collective::Complete()
{
    std::vector<uint32_t>().swap(m_waiting); // nothing is waiting any more
    {
        m_record.end = Simulator::Now();
        const double seconds = (m_record.end - m_record.start).GetSeconds();
        m_record.algBandwidthGbps = seconds > 0 ? m_record.bytes * 8.0 / seconds / 1e9 : 0;
        m_record.busBandwidthGbps = m_record.algBandwidthGbps * m_schedule->GetBusBandwidthFactor();
        m_phaseEndTrace(m_record.job, m_record.kind, m_record.groupSize, m_record.bytes);
        m_completedTrace(m_record);
        if (m_controller)
        {
            m_controller->Completed(m_record);
        }
        if (m_done)
        {
            m_done(m_record);
        }
    }
}

bool
Collective::IsDone() const
{
    return m_begun && m_remaining == 0;
}

const CollectiveRecord&
Collective::GetRecord() const
{
    return m_record;
}

} // namespace ns3
