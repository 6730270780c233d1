/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-rdma-gate.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnRdmaGate");

NS_OBJECT_ENSURE_REGISTERED(RdcnRdmaGate);

TypeId
RdcnRdmaGate::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnRdmaGate")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnRdmaGate>()
            .AddAttribute("Gating",
                          "none (queue pairs send freely; the ToRs' calendar queues hold what "
                          "waits for its circuit) or circuit (a queue pair sends while its ToR "
                          "has a circuit up to the destination's ToR)",
                          EnumValue(CIRCUIT),
                          optical::compat::MakeEnumAccessorCompat<Gating>(&RdcnRdmaGate::m_gating),
                          MakeEnumChecker(NONE, "none", CIRCUIT, "circuit"))
            .AddAttribute("Lead",
                          "How much earlier than the circuit's window a gate opens and closes (s): "
                          "the time from the NIC to its ToR (RdcnHelper sets the host link's "
                          "delay plus one MTU frame at the host rate)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&RdcnRdmaGate::m_lead),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Tail",
                          "How much earlier still a gate closes (s): the time the last frame "
                          "needs to cross its circuit (RdcnHelper sets one MTU frame at the "
                          "uplink rate, the interframe gap and the fibre's delay)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&RdcnRdmaGate::m_tail),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

RdcnRdmaGate::RdcnRdmaGate()
    : m_gating(CIRCUIT)
{
}

RdcnRdmaGate::~RdcnRdmaGate() = default;

void
RdcnRdmaGate::DoDispose()
{
    m_event.Cancel();
    m_nics.clear();
    m_schedule = nullptr;
    Object::DoDispose();
}

void
RdcnRdmaGate::Setup(Ptr<RdcnSchedule> schedule,
                    RdcnRouter::Scheme scheme,
                    const RdcnAddressPlan& plan)
{
    NS_ABORT_MSG_IF(!schedule || schedule->GetNTors() != plan.tors,
                    "RdcnRdmaGate::Setup: the schedule's ToRs differ from the address plan's "
                        << plan.tors);
    m_schedule = schedule;
    m_scheme = scheme;
    m_plan = plan;
}

uint32_t
RdcnRdmaGate::GetGateOf(uint32_t tor) const
{
    return m_scheme == RdcnRouter::DIRECT ? tor : 0;
}

void
RdcnRdmaGate::Attach(NodeContainer hosts)
{
    NS_LOG_FUNCTION(this << hosts.GetN());
    NS_ABORT_MSG_IF(!m_schedule, "RdcnRdmaGate::Attach: call Setup first");
    if (m_gating == NONE)
    {
        return;
    }
    const uint32_t tors = m_plan.tors;
    NS_ABORT_MSG_IF(hosts.GetN() != tors * m_plan.hostsPerTor,
                    "RdcnRdmaGate::Attach: " << hosts.GetN() << " hosts for " << tors << " ToRs of "
                                             << m_plan.hostsPerTor);
    m_gates = m_scheme == RdcnRouter::DIRECT ? tors : 1;
    m_nics.assign(tors, {});
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<RdmaNic> nic = hosts.Get(i)->GetObject<RdmaNic>();
        if (!nic)
        {
            continue;
        }
        const uint32_t tor = i / m_plan.hostsPerTor;
        const RdcnAddressPlan plan = m_plan;
        const bool direct = m_scheme == RdcnRouter::DIRECT;
        nic->SetGates(m_gates, [plan, tor, direct](Ipv4Address to) {
            uint32_t t = 0;
            uint32_t h = 0;
            if (!plan.Locate(to, t, h) || t == tor)
            {
                return RdmaNic::NO_GATE;
            }
            return direct ? t : 0u;
        });
        m_nics[tor].push_back(nic);
        ++m_attached;
    }
    if (m_attached == 0)
    {
        return;
    }
    const Time window = m_schedule->GetSlot() - m_schedule->GetGuard();
    NS_ABORT_MSG_IF(window <= m_tail,
                    "RdcnRdmaGate: Tail "
                        << m_tail.As(Time::US) << " is not shorter than a "
                        << "circuit's window (slot - guard = " << window.As(Time::US)
                        << "): no frame would be sent; allowed: below it");
    // Start in the current slot: what is up now is open, the rest closed.
    const uint64_t slot = m_schedule->GetSlotAt(Simulator::Now());
    m_open.assign(tors, std::vector<uint8_t>(m_gates, 1));
    for (uint32_t tor = 0; tor < tors; ++tor)
    {
        Lit(tor, slot, m_scratch);
        for (uint32_t key = 0; key < m_gates; ++key)
        {
            if (!m_scratch[key])
            {
                Apply(tor, key, false);
            }
        }
    }
    ScheduleClose(slot);
}

uint32_t
RdcnRdmaGate::GetNAttached() const
{
    return m_attached;
}

const RdcnRdmaGate::Counters&
RdcnRdmaGate::GetCounters() const
{
    return m_counters;
}

void
RdcnRdmaGate::Lit(uint32_t tor, uint64_t slot, std::vector<uint8_t>& lit) const
{
    lit.assign(m_gates, 0);
    for (uint32_t u = 0; u < m_schedule->GetNUplinks(); ++u)
    {
        const int32_t peer = m_schedule->GetPeer(tor, u, slot);
        if (peer != RdcnSchedule::NO_PEER)
        {
            lit[GetGateOf(static_cast<uint32_t>(peer))] = 1;
        }
    }
}

void
RdcnRdmaGate::Apply(uint32_t tor, uint32_t key, bool open)
{
    m_open[tor][key] = open ? 1 : 0;
    for (const Ptr<RdmaNic>& nic : m_nics[tor])
    {
        nic->SetGateOpen(key, open);
    }
    (open ? m_counters.opened : m_counters.closed) += m_nics[tor].size();
}

void
RdcnRdmaGate::Close(uint64_t slot)
{
    ++m_counters.boundaries;
    for (uint32_t tor = 0; tor < m_plan.tors; ++tor)
    {
        if (m_nics[tor].empty())
        {
            continue;
        }
        Lit(tor, slot + 1, m_scratch);
        for (uint32_t key = 0; key < m_gates; ++key)
        {
            if (m_open[tor][key] && !m_scratch[key])
            {
                Apply(tor, key, false);
            }
        }
    }
    const Time at = m_schedule->GetSlotStart(slot + 1) + m_schedule->GetGuard() - m_lead;
    m_event = Simulator::Schedule(std::max(at - Simulator::Now(), Seconds(0)),
                                  &RdcnRdmaGate::Open,
                                  this,
                                  slot + 1);
}

void
RdcnRdmaGate::ScheduleClose(uint64_t slot)
{
    const Time at = m_schedule->GetSlotStart(slot + 1) - m_lead - m_tail;
    m_event = Simulator::Schedule(std::max(at - Simulator::Now(), Seconds(0)),
                                  &RdcnRdmaGate::Close,
                                  this,
                                  slot);
}

void
RdcnRdmaGate::Open(uint64_t slot)
{
    for (uint32_t tor = 0; tor < m_plan.tors; ++tor)
    {
        if (m_nics[tor].empty())
        {
            continue;
        }
        Lit(tor, slot, m_scratch);
        for (uint32_t key = 0; key < m_gates; ++key)
        {
            if (m_scratch[key] && !m_open[tor][key])
            {
                Apply(tor, key, true);
            }
        }
    }
    ScheduleClose(slot);
}

} // namespace ns3
