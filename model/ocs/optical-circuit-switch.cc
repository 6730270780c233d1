/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-circuit-switch.h"

#include "ocs-channel.h"
#include "ocs-switch-model.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OpticalCircuitSwitch");

NS_OBJECT_ENSURE_REGISTERED(OpticalCircuitSwitch);

TypeId
OpticalCircuitSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OpticalCircuitSwitch")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<OpticalCircuitSwitch>()
            .AddAttribute("PortCount",
                          "Number of ports. 0 lets OcsHelper::Install size the switch to the "
                          "endpoints it attaches; it cannot change once a fibre is attached.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&OpticalCircuitSwitch::SetNPorts,
                                               &OpticalCircuitSwitch::GetNPortsAttribute),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Latency",
                          "Time light takes to cross the switch from input to output port "
                          "(s; default 0: light passes straight through).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_latency),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ReconfigurationDelay",
                          "Time a changing circuit stays dark (s). Default 10 ms: the headline "
                          "OCS delay of Opus (piezo beam-steering switches report 10-25 ms; 3D "
                          "MEMS up to 200 ms; fast prototypes microseconds; see "
                          "data/ocs-device-classes.csv).",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_reconfigurationDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ControlPlaneDelay",
                          "Time from a reconfiguration request until the switch starts acting "
                          "on it: deciding and programming (s).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_controlPlaneDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Policy",
                          "What happens to frames on ports that change circuit: Drop (switch at "
                          "once, frames crossing them are lost) or Drain (pause their endpoints "
                          "and wait until the frames already sent have left, then switch).",
                          EnumValue(OpticalCircuitSwitch::DROP),
                          optical::compat::MakeEnumAccessorCompat<ReconfigurationPolicy>(
                              &OpticalCircuitSwitch::m_policy),
                          optical::MakeAnyCaseEnumChecker(OpticalCircuitSwitch::DROP,
                                                          "Drop",
                                                          OpticalCircuitSwitch::DRAIN,
                                                          "Drain"))
            .AddAttribute("DrainTimeout",
                          "Longest time the Drain policy waits for changing ports to become "
                          "idle before switching anyway (s).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_drainTimeout),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("InsertionLoss",
                          "Insertion loss of a circuit that sets none of its own (dB per pass; "
                          "MEMS switches typically 1.5-3 dB).",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&OpticalCircuitSwitch::m_defaultLossDb),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("SwitchModel",
                          "What is inside the switch (an OcsSwitchModel, e.g. a compiled "
                          "photonic target): circuit losses, which circuits a reconfiguration "
                          "interrupts and for how long. Null (default): an ideal switch, where "
                          "exactly the changing circuits go dark for ReconfigurationDelay and "
                          "circuits lose InsertionLoss or their own loss.",
                          PointerValue(),
                          MakePointerAccessor(&OpticalCircuitSwitch::SetSwitchModel,
                                              &OpticalCircuitSwitch::GetSwitchModel),
                          MakePointerChecker<OcsSwitchModel>())
            .AddTraceSource(
                "ReconfigurationStart",
                "Changing circuits went dark (old configuration, new configuration).",
                MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_reconfigurationStartTrace),
                "ns3::OpticalCircuitSwitch::ReconfigurationStartTracedCallback")
            .AddTraceSource(
                "ReconfigurationEnd",
                "The new circuits are lit (configuration now in place).",
                MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_reconfigurationEndTrace),
                "ns3::OpticalCircuitSwitch::ReconfigurationEndTracedCallback")
            .AddTraceSource("CircuitUp",
                            "A circuit direction was lit (input port, output port).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_circuitUpTrace),
                            "ns3::OpticalCircuitSwitch::CircuitTracedCallback")
            .AddTraceSource("CircuitDown",
                            "A circuit direction went dark (input port, output port).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_circuitDownTrace),
                            "ns3::OpticalCircuitSwitch::CircuitTracedCallback")
            .AddTraceSource("Drop",
                            "A frame was lost in the switch (frame, input port, DropReason).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_dropTrace),
                            "ns3::OpticalCircuitSwitch::DropTracedCallback")
            .AddTraceSource("Rx",
                            "A frame arrives at an input port (frame, input port, output port "
                            "or -1). Fired when the endpoint starts sending it.",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_rxTrace),
                            "ns3::OpticalCircuitSwitch::FrameTracedCallback")
            .AddTraceSource("Tx",
                            "A frame crossed the switch (frame, input port, output port). Fired "
                            "when it reaches the endpoint at the end of the output fibre.",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_txTrace),
                            "ns3::OpticalCircuitSwitch::FrameTracedCallback");
    return tid;
}

OpticalCircuitSwitch::OpticalCircuitSwitch()
{
    NS_LOG_FUNCTION(this);
}

OpticalCircuitSwitch::~OpticalCircuitSwitch()
{
    NS_LOG_FUNCTION(this);
}

void
OpticalCircuitSwitch::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
    m_model = nullptr;
    for (auto& port : m_ports)
    {
        port.channel = nullptr;
    }
    m_ports.clear();
    m_requests.clear();
    Object::DoDispose();
}

void
OpticalCircuitSwitch::SetNPorts(uint32_t n)
{
    NS_LOG_FUNCTION(this << n);
    for (const auto& port : m_ports)
    {
        NS_ABORT_MSG_IF(port.channel,
                        "OpticalCircuitSwitch: PortCount cannot change once fibres are attached");
    }
    m_ports.assign(n, Port{});
    for (auto& port : m_ports)
    {
        port.history.push_back({Seconds(0), UNCONNECTED, OcsConfiguration::NO_PORT});
    }
}

uint32_t
OpticalCircuitSwitch::GetNPortsAttribute() const
{
    return static_cast<uint32_t>(m_ports.size());
}

uint32_t
OpticalCircuitSwitch::GetNPorts() const
{
    return static_cast<uint32_t>(m_ports.size());
}

void
OpticalCircuitSwitch::AttachChannel(uint32_t port, Ptr<OcsChannel> channel)
{
    NS_LOG_FUNCTION(this << port << channel);
    NS_ABORT_MSG_IF(port >= m_ports.size(),
                    "OpticalCircuitSwitch: cannot attach a fibre to port "
                        << port << ": the switch has " << m_ports.size()
                        << " ports (attribute PortCount)");
    NS_ABORT_MSG_IF(m_ports[port].channel,
                    "OpticalCircuitSwitch: port " << port << " already has a fibre attached");
    m_ports[port].channel = channel;
}

Ptr<OcsChannel>
OpticalCircuitSwitch::GetChannel(uint32_t port) const
{
    return port < m_ports.size() ? m_ports[port].channel : nullptr;
}

void
OpticalCircuitSwitch::SetSwitchModel(Ptr<OcsSwitchModel> model)
{
    NS_LOG_FUNCTION(this << model);
    NS_ABORT_MSG_IF(m_busy, "OpticalCircuitSwitch: SetSwitchModel while reconfiguring");
    m_model = model;
}

Ptr<OcsSwitchModel>
OpticalCircuitSwitch::GetSwitchModel() const
{
    return m_model;
}

bool
OpticalCircuitSwitch::Reconfigure(const OcsConfiguration& config, std::string* error)
{
    NS_LOG_FUNCTION(this << config);
    const std::string problem = config.Validate(GetNPorts());
    if (!problem.empty())
    {
        if (error)
        {
            *error = problem;
            return false;
        }
        NS_FATAL_ERROR("OpticalCircuitSwitch: invalid configuration '" << config
                                                                       << "': " << problem);
    }
    std::string unrealizable;
    if (m_model && !m_model->CanRealize(config, GetNPorts(), unrealizable))
    {
        if (error)
        {
            *error = unrealizable;
            return false;
        }
        NS_FATAL_ERROR("OpticalCircuitSwitch: configuration '" << config
                                                               << "' cannot be realized by the "
                                                                  "switch model: "
                                                               << unrealizable);
    }
    m_requests.push_back({config});
    if (!m_busy)
    {
        StartNextRequest();
    }
    return true;
}

void
OpticalCircuitSwitch::SetInitialConfiguration(const OcsConfiguration& config)
{
    NS_LOG_FUNCTION(this << config);
    const std::string problem = config.Validate(GetNPorts());
    NS_ABORT_MSG_IF(!problem.empty(),
                    "OpticalCircuitSwitch: invalid configuration '" << config << "': " << problem);
    NS_ABORT_MSG_IF(m_busy,
                    "OpticalCircuitSwitch: SetInitialConfiguration while reconfiguring; use "
                    "Reconfigure()");
    const auto out = config.GetOutputMap(GetNPorts());
    std::vector<double> loss = config.GetLossMap(GetNPorts(), m_defaultLossDb);
    if (m_model)
    {
        OcsSwitchModel::Plan plan;
        std::string problem;
        NS_ABORT_MSG_IF(!m_model->Realize(config, GetNPorts(), plan, problem),
                        "OpticalCircuitSwitch: initial configuration '"
                            << config << "' cannot be realized by the switch model: " << problem);
        loss = plan.lossDb;
    }
    for (uint32_t p = 0; p < GetNPorts(); ++p)
    {
        m_ports[p].lossDb = loss[p];
        const PortState state = out[p] == OcsConfiguration::NO_PORT ? UNCONNECTED : LIT;
        if (state != m_ports[p].state || out[p] != m_ports[p].out)
        {
            SetPortState(p, state, out[p]);
            if (state == LIT)
            {
                m_circuitUpTrace(p, static_cast<uint32_t>(out[p]));
            }
        }
    }
    m_config = config;
}

const OcsConfiguration&
OpticalCircuitSwitch::GetConfiguration() const
{
    return m_config;
}

bool
OpticalCircuitSwitch::IsReconfiguring() const
{
    return m_busy;
}

uint32_t
OpticalCircuitSwitch::GetNPendingReconfigurations() const
{
    return static_cast<uint32_t>(m_requests.size());
}

int32_t
OpticalCircuitSwitch::GetLitPeer(uint32_t port) const
{
    NS_ASSERT(port < m_ports.size());
    return m_ports[port].state == LIT ? m_ports[port].out : OcsConfiguration::NO_PORT;
}

bool
OpticalCircuitSwitch::IsPortLit(uint32_t port) const
{
    NS_ASSERT(port < m_ports.size());
    return m_ports[port].state == LIT;
}

double
OpticalCircuitSwitch::GetInsertionLossDb(uint32_t port) const
{
    NS_ASSERT(port < m_ports.size());
    return m_ports[port].state == LIT ? m_ports[port].lossDb : 0.0;
}

double
OpticalCircuitSwitch::GetPathLossDb(uint32_t port) const
{
    NS_ASSERT(port < m_ports.size());
    const Port& in = m_ports[port];
    if (in.state != LIT || !in.channel || !m_ports[in.out].channel)
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return in.channel->GetLossDb() + in.lossDb + m_ports[in.out].channel->GetLossDb();
}

const OpticalCircuitSwitch::PortCounters&
OpticalCircuitSwitch::GetPortCounters(uint32_t port) const
{
    NS_ABORT_MSG_IF(port >= m_ports.size(),
                    "OpticalCircuitSwitch: no port " << port << " (the switch has "
                                                     << m_ports.size() << ")");
    return m_ports[port].counters;
}

uint64_t
OpticalCircuitSwitch::PortCounters::GetDroppedFrames() const
{
    uint64_t n = 0;
    for (uint32_t r = 0; r < N_DROP_REASONS; ++r)
    {
        n += drops[r];
    }
    return n;
}

OpticalCircuitSwitch::PortCounters
OpticalCircuitSwitch::GetTotalCounters() const
{
    PortCounters total;
    for (const auto& port : m_ports)
    {
        const PortCounters& c = port.counters;
        total.rxFrames += c.rxFrames;
        total.rxBytes += c.rxBytes;
        total.txFrames += c.txFrames;
        total.txBytes += c.txBytes;
        for (uint32_t r = 0; r < N_DROP_REASONS; ++r)
        {
            total.drops[r] += c.drops[r];
        }
        total.droppedBytes += c.droppedBytes;
        total.darkTime += c.darkTime;
        if (port.state == DARK_SWITCHING)
        {
            total.darkTime += Simulator::Now() - port.darkSince;
        }
    }
    return total;
}

uint64_t
OpticalCircuitSwitch::GetDrops(DropReason reason) const
{
    NS_ABORT_MSG_IF(static_cast<uint32_t>(reason) >= N_DROP_REASONS,
                    "OpticalCircuitSwitch::GetDrops: no drop reason " << reason);
    uint64_t n = 0;
    for (const auto& port : m_ports)
    {
        n += port.counters.drops[reason];
    }
    return n;
}

std::string
OpticalCircuitSwitch::GetDropReasonName(DropReason reason)
{
    switch (reason)
    {
    case NO_CIRCUIT:
        return "no-circuit";
    case RECONFIGURING:
        return "reconfiguring";
    case NO_ENDPOINT:
        return "no-endpoint";
    }
    return "unknown";
}

uint64_t
OpticalCircuitSwitch::GetNReconfigurations() const
{
    return m_nReconfigurations;
}

Time
OpticalCircuitSwitch::GetDarkTime() const
{
    return m_darkTime;
}

Time
OpticalCircuitSwitch::GetDrainTime() const
{
    return m_drainTime;
}

// ---------------------------------------------------------------------------- reconfiguration

void
OpticalCircuitSwitch::StartNextRequest()
{
    NS_LOG_FUNCTION(this);
    if (m_requests.empty())
    {
        m_busy = false;
        return;
    }
    m_busy = true;
    m_event = Simulator::Schedule(m_controlPlaneDelay, &OpticalCircuitSwitch::BeginSwitching, this);
}

void
OpticalCircuitSwitch::BeginSwitching()
{
    NS_LOG_FUNCTION(this);
    const uint32_t n = GetNPorts();
    const OcsConfiguration& target = m_requests.front().config;
    m_newOut = target.GetOutputMap(n);
    m_newLoss = target.GetLossMap(n, m_defaultLossDb);
    m_switchingTime = m_reconfigurationDelay;
    std::vector<bool> interrupted(n, false);
    if (m_model)
    {
        OcsSwitchModel::Plan plan;
        std::string problem;
        NS_ABORT_MSG_IF(!m_model->Realize(target, n, plan, problem),
                        "OpticalCircuitSwitch: configuration '"
                            << target << "' was accepted but the switch model cannot realize it "
                            << "now: " << problem);
        m_newLoss = plan.lossDb;
        interrupted = plan.interrupted;
        m_switchingTime = plan.switchingTime;
    }
    m_changing.clear();
    for (uint32_t p = 0; p < n; ++p)
    {
        const int32_t currentOut =
            m_ports[p].state == LIT ? m_ports[p].out : OcsConfiguration::NO_PORT;
        if (currentOut != m_newOut[p] ||
            (interrupted[p] && currentOut != OcsConfiguration::NO_PORT))
        {
            m_changing.push_back(p);
        }
        else
        {
            m_ports[p].lossDb = m_newLoss[p]; // same circuit: only its loss may change
        }
    }
    m_drainStart = Simulator::Now();
    if (m_policy == DRAIN && !m_changing.empty())
    {
        // Pause the endpoints of the changing ports; the switch is idle on them once the last
        // frame they already sent has left the switch.
        Time idleAt = Simulator::Now();
        for (uint32_t p : m_changing)
        {
            if (m_ports[p].channel)
            {
                m_ports[p].channel->SetTransmitHold(true);
            }
            idleAt = std::max(idleAt, m_ports[p].busyUntil);
        }
        const Time at = std::min(idleAt, Simulator::Now() + m_drainTimeout);
        NS_LOG_LOGIC("draining " << m_changing.size() << " ports until " << at.As(Time::US));
        m_event =
            Simulator::Schedule(at - Simulator::Now(), &OpticalCircuitSwitch::SwitchNow, this);
        return;
    }
    SwitchNow();
}

void
OpticalCircuitSwitch::SwitchNow()
{
    NS_LOG_FUNCTION(this);
    m_drainTime += Simulator::Now() - m_drainStart;
    m_oldConfig = m_config;
    m_config = m_requests.front().config;
    m_darkStart = Simulator::Now();
    for (uint32_t p : m_changing)
    {
        if (m_ports[p].state == LIT)
        {
            m_circuitDownTrace(p, static_cast<uint32_t>(m_ports[p].out));
        }
        SetPortState(p, DARK_SWITCHING, OcsConfiguration::NO_PORT);
    }
    m_reconfigurationStartTrace(m_oldConfig, m_config);
    m_event = Simulator::Schedule(m_changing.empty() ? Seconds(0) : m_switchingTime,
                                  &OpticalCircuitSwitch::EndSwitching,
                                  this);
}

void
OpticalCircuitSwitch::EndSwitching()
{
    NS_LOG_FUNCTION(this);
    for (uint32_t p : m_changing)
    {
        m_ports[p].lossDb = m_newLoss[p];
        if (m_newOut[p] != OcsConfiguration::NO_PORT)
        {
            SetPortState(p, LIT, m_newOut[p]);
            m_circuitUpTrace(p, static_cast<uint32_t>(m_newOut[p]));
        }
        else
        {
            SetPortState(p, UNCONNECTED, OcsConfiguration::NO_PORT);
        }
    }
    if (m_policy == DRAIN)
    {
        for (uint32_t p : m_changing)
        {
            if (m_ports[p].channel)
            {
                m_ports[p].channel->SetTransmitHold(false);
            }
        }
    }
    m_darkTime += Simulator::Now() - m_darkStart;
    ++m_nReconfigurations;
    m_requests.pop_front();
    m_changing.clear();
    m_reconfigurationEndTrace(m_config);
    StartNextRequest();
}

void
OpticalCircuitSwitch::SetPortState(uint32_t p, PortState state, int32_t out)
{
    Port& port = m_ports[p];
    const bool wasLit = port.state == LIT;
    if (port.state == DARK_SWITCHING)
    {
        port.counters.darkTime += Simulator::Now() - port.darkSince;
    }
    if (state == DARK_SWITCHING)
    {
        port.darkSince = Simulator::Now();
    }
    port.state = state;
    port.out = out;
    ++port.epoch;
    port.history.push_back({Simulator::Now(), state, out});
    PruneHistory(port);
    const bool isLit = state == LIT;
    if (port.channel && wasLit != isLit)
    {
        port.channel->NotifyLinkChange(isLit);
    }
}

void
OpticalCircuitSwitch::PruneHistory(Port& port)
{
    // A frame still in flight entered the switch no earlier than now - horizon; keep the last
    // transition at or before that instant and every later one.
    const Time cutoff = Simulator::Now() - m_historyHorizon;
    while (port.history.size() >= 2 && port.history[1].at <= cutoff)
    {
        port.history.pop_front();
    }
}

bool
OpticalCircuitSwitch::LitDuring(const Port& port,
                                Time from,
                                Time to,
                                int32_t& out,
                                DropReason& reason) const
{
    // The state at 'from' is the last transition at or before it.
    const auto& h = port.history;
    std::size_t k = h.size();
    while (k > 0 && h[k - 1].at > from)
    {
        --k;
    }
    if (k == 0)
    {
        reason = RECONFIGURING; // older than any transition kept: cannot have been lit stably
        return false;
    }
    const Transition& t = h[k - 1];
    if (t.state != LIT)
    {
        reason = t.state == UNCONNECTED ? NO_CIRCUIT : RECONFIGURING;
        return false;
    }
    if (k < h.size() && h[k].at < to)
    {
        reason = RECONFIGURING; // the circuit changed while the frame was crossing
        return false;
    }
    out = t.out;
    return true;
}

// ---------------------------------------------------------------------------------- data path

void
OpticalCircuitSwitch::Ingress(uint32_t p, Ptr<Packet> packet, Time txTime, Time fibreDelay)
{
    NS_LOG_FUNCTION(this << p << packet << txTime);
    Port& in = m_ports[p];
    const Time now = Simulator::Now();
    const Time tEnter = now + fibreDelay;
    const Time tExit = tEnter + txTime;
    in.counters.rxFrames++;
    in.counters.rxBytes += packet->GetSize();
    if (tExit > in.busyUntil)
    {
        in.busyUntil = tExit;
    }
    if (!m_rxTrace.IsEmpty())
    {
        m_rxTrace(packet, p, in.state == LIT ? in.out : OcsConfiguration::NO_PORT);
    }
    if (in.state == LIT && m_ports[in.out].channel)
    {
        // Fast path: one event, at the far endpoint; Egress checks the port did not change.
        const Ptr<OcsChannel>& outChannel = m_ports[in.out].channel;
        const Time deliverAt = tExit + m_latency + outChannel->GetDelay();
        m_historyHorizon = std::max(m_historyHorizon, deliverAt - tEnter);
        Simulator::ScheduleWithContext(outChannel->GetEndpointContext(),
                                       deliverAt - now,
                                       &OpticalCircuitSwitch::Egress,
                                       this,
                                       p,
                                       in.out,
                                       in.epoch,
                                       tEnter,
                                       tExit,
                                       packet);
        return;
    }
    // Dark or unconnected now: decide when the frame has crossed the switch (a circuit may
    // light in the meantime).
    m_historyHorizon = std::max(m_historyHorizon, txTime);
    Simulator::Schedule(tExit - now,
                        &OpticalCircuitSwitch::ExitDarkPort,
                        this,
                        p,
                        tEnter,
                        tExit,
                        packet);
}

void
OpticalCircuitSwitch::Egress(uint32_t inPort,
                             int32_t outPort,
                             uint64_t epoch,
                             Time tEnter,
                             Time tExit,
                             Ptr<Packet> packet)
{
    const Port& in = m_ports[inPort];
    if (in.epoch == epoch)
    {
        // The port did not change since the frame was sent.
        Deliver(inPort, outPort, packet, tExit - tEnter);
        return;
    }
    int32_t out = OcsConfiguration::NO_PORT;
    DropReason reason = RECONFIGURING;
    if (!LitDuring(in, tEnter, tExit, out, reason))
    {
        DropFrame(inPort, reason, packet);
        return;
    }
    if (out == outPort || !m_ports[out].channel)
    {
        Deliver(inPort, out, packet, tExit - tEnter);
        return;
    }
    // A circuit changed and relit before the frame arrived (sub-propagation-delay
    // reconfiguration): the frame goes to the new peer, no earlier than now.
    const Time at = tExit + m_latency + m_ports[out].channel->GetDelay();
    const Time delay = std::max(Seconds(0), at - Simulator::Now());
    Simulator::ScheduleWithContext(m_ports[out].channel->GetEndpointContext(),
                                   delay,
                                   &OpticalCircuitSwitch::Deliver,
                                   this,
                                   inPort,
                                   out,
                                   packet,
                                   tExit - tEnter);
}

void
OpticalCircuitSwitch::ExitDarkPort(uint32_t inPort, Time tEnter, Time tExit, Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(this << inPort << packet);
    int32_t out = OcsConfiguration::NO_PORT;
    DropReason reason = RECONFIGURING;
    if (!LitDuring(m_ports[inPort], tEnter, tExit, out, reason))
    {
        DropFrame(inPort, reason, packet);
        return;
    }
    if (!m_ports[out].channel)
    {
        DropFrame(inPort, NO_ENDPOINT, packet);
        return;
    }
    Simulator::ScheduleWithContext(m_ports[out].channel->GetEndpointContext(),
                                   m_latency + m_ports[out].channel->GetDelay(),
                                   &OpticalCircuitSwitch::Deliver,
                                   this,
                                   inPort,
                                   out,
                                   packet,
                                   tExit - tEnter);
}

void
OpticalCircuitSwitch::Deliver(uint32_t inPort, int32_t outPort, Ptr<Packet> packet, Time txTime)
{
    Port& out = m_ports[outPort];
    if (!out.channel)
    {
        DropFrame(inPort, NO_ENDPOINT, packet);
        return;
    }
    out.counters.txFrames++;
    out.counters.txBytes += packet->GetSize();
    if (!m_txTrace.IsEmpty())
    {
        m_txTrace(packet, inPort, outPort);
    }
    out.channel->Deliver(packet, txTime);
}

void
OpticalCircuitSwitch::DropFrame(uint32_t inPort, DropReason reason, Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(this << inPort << reason << packet);
    Port& in = m_ports[inPort];
    in.counters.drops[reason]++;
    in.counters.droppedBytes += packet->GetSize();
    m_dropTrace(packet, inPort, static_cast<uint32_t>(reason));
}

} // namespace ns3
