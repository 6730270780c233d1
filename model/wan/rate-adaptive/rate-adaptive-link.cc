/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-link.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveLink");

NS_OBJECT_ENSURE_REGISTERED(RateAdaptiveLink);

TypeId
RateAdaptiveLink::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RateAdaptiveLink")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RateAdaptiveLink>()
            .AddAttribute(
                "Policy",
                "static: one rate (StaticRate), down below its threshold; adaptive: "
                "the fastest mode that works, with hysteresis and hold-down",
                EnumValue(RateAdaptiveLink::ADAPTIVE),
                optical::compat::MakeEnumAccessorCompat<Policy>(&RateAdaptiveLink::m_policy),
                optical::MakeAnyCaseEnumChecker(RateAdaptiveLink::STATIC,
                                                "static",
                                                RateAdaptiveLink::ADAPTIVE,
                                                "adaptive"))
            .AddAttribute("StaticRate",
                          "Rate of a static link (a rate of the mode table, e.g. 100Gbps)",
                          DataRateValue(DataRate("100Gbps")),
                          MakeDataRateAccessor(&RateAdaptiveLink::SetStaticRateAttribute,
                                               &RateAdaptiveLink::GetStaticRateAttribute),
                          MakeDataRateChecker())
            .AddAttribute("MaxRate",
                          "Highest rate of an adaptive link (0bps: no cap). A TE controller "
                          "sets it through SetMaxRate (RADWAN's graph abstraction)",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&RateAdaptiveLink::SetMaxRateAttribute,
                                               &RateAdaptiveLink::GetMaxRateAttribute),
                          MakeDataRateChecker())
            .AddAttribute("MarginDb",
                          "Margin over each mode's required SNR (dB)",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RateAdaptiveLink::m_marginDb),
                          MakeDoubleChecker<double>())
            .AddAttribute("HysteresisDb",
                          "Extra margin the SNR must clear before an upgrade (dB, >= 0)",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&RateAdaptiveLink::m_hysteresisDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("HoldDown",
                          "An upgrade needs the SNR clear of its threshold for this long, and "
                          "this long since the last change (s)",
                          TimeValue(Minutes(30)),
                          MakeTimeAccessor(&RateAdaptiveLink::m_holdDown),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ChangeDowntime",
                          "Downtime of a change of mode (s): about 68 s when the laser is "
                          "turned off and on (RADWAN), tens of milliseconds when hitless",
                          TimeValue(Seconds(68)),
                          MakeTimeAccessor(&RateAdaptiveLink::m_changeDowntime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("SnrModel",
                          "Generator of the SNR series (SnrTimeSeries)",
                          PointerValue(),
                          MakePointerAccessor(&RateAdaptiveLink::m_snrModel),
                          MakePointerChecker<SnrTimeSeries>())
            .AddTraceSource("Snr",
                            "SNR of the last reading (dB, signal bandwidth)",
                            MakeTraceSourceAccessor(&RateAdaptiveLink::m_snrDb),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("Capacity",
                            "Rate offered (Gb/s; 0 while down)",
                            MakeTraceSourceAccessor(&RateAdaptiveLink::m_capacityGbps),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("RateChange",
                            "The transceiver's rate changed (old, new; Gb/s), when the new "
                            "rate is live",
                            MakeTraceSourceAccessor(&RateAdaptiveLink::m_rateChange),
                            "ns3::RateAdaptiveLink::RateChangeTracedCallback")
            .AddTraceSource("LinkDown",
                            "The link stopped carrying traffic (cause: dark, snr, change)",
                            MakeTraceSourceAccessor(&RateAdaptiveLink::m_linkDown),
                            "ns3::RateAdaptiveLink::LinkDownTracedCallback")
            .AddTraceSource("LinkUp",
                            "The link carries traffic again",
                            MakeTraceSourceAccessor(&RateAdaptiveLink::m_linkUp),
                            "ns3::RateAdaptiveLink::LinkUpTracedCallback");
    return tid;
}

RateAdaptiveLink::RateAdaptiveLink()
    : m_snrModel(CreateObject<SnrTimeSeries>()),
      m_snrDb(0),
      m_capacityGbps(0)
{
}

void
RateAdaptiveLink::DoDispose()
{
    m_stepEvent.Cancel();
    m_changeEvent.Cancel();
    m_snrModel = nullptr;
    Object::DoDispose();
}

void
RateAdaptiveLink::SetModes(const TransceiverModes& modes)
{
    m_modes = modes;
}

const TransceiverModes&
RateAdaptiveLink::GetModes() const
{
    return m_modes;
}

void
RateAdaptiveLink::SetSamples(const std::vector<SnrTimeSeries::Sample>& samples)
{
    m_samples = samples;
}

const std::vector<SnrTimeSeries::Sample>&
RateAdaptiveLink::GetSamples() const
{
    return m_samples;
}

Ptr<SnrTimeSeries>
RateAdaptiveLink::GetSnrModel() const
{
    return m_snrModel;
}

int
RateAdaptiveLink::StaticMode() const
{
    const auto& modes = m_modes.GetModes();
    for (std::size_t i = 0; i < modes.size(); ++i)
    {
        if (std::abs(modes[i].rateGbps - m_staticRateGbps) < 1e-9)
        {
            return static_cast<int>(i);
        }
    }
    return -1;
}

bool
RateAdaptiveLink::Check(std::string& error) const
{
    const auto& modes = m_modes.GetModes();
    if (modes.empty())
    {
        error = "rate-adaptive link: no mode table (SetModes)";
        return false;
    }
    if (m_policy == STATIC && StaticMode() < 0)
    {
        std::ostringstream msg;
        msg << "rate-adaptive link: static rate " << m_staticRateGbps
            << " Gb/s is not a mode of the table (rates:";
        for (const auto& m : modes)
        {
            msg << " " << m.rateGbps;
        }
        msg << ")";
        error = msg.str();
        return false;
    }
    if (!m_samples.empty() && m_samples.front().time.IsStrictlyNegative())
    {
        error = "rate-adaptive link: the SNR series starts at a negative time";
        return false;
    }
    if (m_samples.empty() && !m_snrModel)
    {
        error = "rate-adaptive link: neither an SNR series nor an SnrModel";
        return false;
    }
    return true;
}

void
RateAdaptiveLink::Start(Time duration)
{
    std::string error;
    NS_ABORT_MSG_IF(!Check(error), error);
    NS_ABORT_MSG_IF(m_started, "RateAdaptiveLink::Start called twice");
    if (m_samples.empty())
    {
        m_samples = m_snrModel->Generate(duration);
    }
    m_started = true;
    m_start = Simulator::Now();
    m_accounted = m_start;
    m_lastChange = m_start;
    m_state = DOWN_SNR;
    if (m_policy == STATIC)
    {
        m_mode = StaticMode();
        m_rateChange(0, GetRateGbps());
    }
    if (!m_samples.empty())
    {
        m_stepEvent = optical::compat::Schedule(m_samples.front().time, [this]() { Step(0); });
    }
}

void
RateAdaptiveLink::Step(std::size_t i)
{
    SetSnr(m_samples[i].snrDb, m_samples[i].dark);
    if (i + 1 < m_samples.size())
    {
        const Time at = m_start + m_samples[i + 1].time - Simulator::Now();
        m_stepEvent = optical::compat::Schedule(at.IsStrictlyNegative() ? Seconds(0) : at,
                                                [this, i]() { Step(i + 1); });
    }
}

double
RateAdaptiveLink::Threshold(int i) const
{
    return m_modes.GetModes()[static_cast<std::size_t>(i)].snrDb + m_marginDb;
}

int
RateAdaptiveLink::Fastest(double extraDb, bool capped) const
{
    const auto& modes = m_modes.GetModes();
    int best = -1;
    for (std::size_t i = 0; i < modes.size(); ++i)
    {
        const bool allowed =
            !capped || m_maxRateGbps <= 0 || modes[i].rateGbps <= m_maxRateGbps + 1e-9;
        if (allowed && m_snrDb >= Threshold(static_cast<int>(i)) + extraDb)
        {
            best = static_cast<int>(i);
        }
    }
    return best;
}

void
RateAdaptiveLink::SetSnr(double snrDb, bool dark)
{
    m_snrDb = snrDb;
    m_dark = dark;
    Evaluate();
}

void
RateAdaptiveLink::SetMaxRate(double gbps)
{
    NS_LOG_FUNCTION(this << gbps);
    m_maxRateGbps = gbps;
    Evaluate();
}

double
RateAdaptiveLink::GetMaxRate() const
{
    return m_maxRateGbps;
}

DataRate
RateAdaptiveLink::FromGbps(double gbps)
{
    return DataRate(static_cast<uint64_t>(std::llround(gbps * 1e9)));
}

double
RateAdaptiveLink::ToGbps(const DataRate& rate)
{
    return rate.GetBitRate() / 1e9;
}

void
RateAdaptiveLink::SetStaticRateAttribute(DataRate rate)
{
    m_staticRateGbps = ToGbps(rate);
}

DataRate
RateAdaptiveLink::GetStaticRateAttribute() const
{
    return FromGbps(m_staticRateGbps);
}

void
RateAdaptiveLink::SetMaxRateAttribute(DataRate rate)
{
    m_maxRateGbps = ToGbps(rate);
}

DataRate
RateAdaptiveLink::GetMaxRateAttribute() const
{
    return FromGbps(m_maxRateGbps);
}

void
RateAdaptiveLink::Evaluate()
{
    if (!m_started || m_changing)
    {
        return;
    }
    if (m_dark)
    {
        m_clear = false;
        Enter(DOWN_DARK, "dark");
        return;
    }
    if (m_policy == STATIC)
    {
        Enter(m_snrDb >= Threshold(m_mode) ? UP : DOWN_SNR, "snr");
        return;
    }
    const bool capped = m_maxRateGbps > 0 && m_mode >= 0 &&
                        m_modes.GetModes()[m_mode].rateGbps > m_maxRateGbps + 1e-9;
    if (m_mode < 0 || capped || m_snrDb < Threshold(m_mode))
    {
        m_clear = false;
        const int target = Fastest(0);
        if (target < 0)
        {
            Enter(DOWN_SNR, "snr");
        }
        else if (m_mode < 0)
        {
            // Turn-up: the first mode is chosen, not changed to.
            m_mode = target;
            m_rateChange(0, GetRateGbps());
            Enter(UP, "");
        }
        else
        {
            BeginChange(target);
        }
        return;
    }
    Enter(UP, "");
    const int up = Fastest(m_hysteresisDb);
    if (up <= m_mode)
    {
        m_clear = false;
        return;
    }
    const Time now = Simulator::Now();
    if (!m_clear)
    {
        m_clear = true;
        m_clearSince = now;
    }
    if (now - m_clearSince >= m_holdDown && now - m_lastChange >= m_holdDown)
    {
        BeginChange(up);
    }
}

void
RateAdaptiveLink::BeginChange(int mode)
{
    NS_LOG_FUNCTION(this << mode);
    m_pending = mode;
    m_lastChange = Simulator::Now();
    m_clear = false;
    m_changing = true;
    Enter(CHANGING, "change");
    m_changeEvent = optical::compat::Schedule(m_changeDowntime, [this]() { EndChange(); });
}

void
RateAdaptiveLink::EndChange()
{
    const double old = GetRateGbps();
    m_mode = m_pending;
    m_pending = -1;
    m_changing = false;
    Account();
    m_counters.changes++;
    NS_LOG_INFO("rate " << old << " -> " << GetRateGbps() << " Gb/s");
    m_rateChange(old, GetRateGbps());
    Evaluate();
}

void
RateAdaptiveLink::Account()
{
    const Time now = Simulator::Now();
    const Time dt = now - m_accounted;
    m_accounted = now;
    if (!m_started || dt.IsZero())
    {
        return;
    }
    m_counters.observed += dt;
    switch (m_state)
    {
    case UP:
        m_counters.up += dt;
        m_counters.capacityBits += GetRateGbps() * 1e9 * dt.GetSeconds();
        break;
    case DOWN_DARK:
        m_counters.downDark += dt;
        break;
    case DOWN_SNR:
        m_counters.downSnr += dt;
        break;
    case CHANGING:
        m_counters.changing += dt;
        break;
    }
}

void
RateAdaptiveLink::Enter(State state, const std::string& cause)
{
    Account();
    const State old = m_state;
    if (old == state)
    {
        return;
    }
    m_state = state;
    if ((state == DOWN_DARK || state == DOWN_SNR) && (old == UP || old == CHANGING))
    {
        m_counters.downEvents++;
    }
    m_capacityGbps = state == UP ? GetRateGbps() : 0.0;
    if (old == UP)
    {
        NS_LOG_INFO("link down (" << cause << ")");
        m_linkDown(cause);
    }
    else if (state == UP)
    {
        NS_LOG_INFO("link up at " << GetRateGbps() << " Gb/s");
        m_linkUp();
    }
}

RateAdaptiveLink::State
RateAdaptiveLink::GetState() const
{
    return m_state;
}

bool
RateAdaptiveLink::IsUp() const
{
    return m_state == UP;
}

double
RateAdaptiveLink::GetRateGbps() const
{
    return m_mode < 0 ? 0.0 : m_modes.GetModes()[static_cast<std::size_t>(m_mode)].rateGbps;
}

double
RateAdaptiveLink::GetCapacityGbps() const
{
    return IsUp() ? GetRateGbps() : 0.0;
}

double
RateAdaptiveLink::GetSnrDb() const
{
    return m_snrDb;
}

double
RateAdaptiveLink::GetFeasibleRateGbps() const
{
    if (m_dark)
    {
        return 0;
    }
    const int best = Fastest(0, false);
    return best < 0 ? 0.0 : m_modes.GetModes()[static_cast<std::size_t>(best)].rateGbps;
}

RateAdaptiveLink::Counters
RateAdaptiveLink::GetCounters() const
{
    const_cast<RateAdaptiveLink*>(this)->Account();
    return m_counters;
}

double
RateAdaptiveLink::GetAvailability() const
{
    const Counters c = GetCounters();
    return c.observed.IsZero() ? 1.0 : c.up.GetSeconds() / c.observed.GetSeconds();
}

double
RateAdaptiveLink::GetMeanCapacityGbps() const
{
    const Counters c = GetCounters();
    return c.observed.IsZero() ? 0.0 : c.capacityBits / 1e9 / c.observed.GetSeconds();
}

std::string
RateAdaptiveLink::GetPolicyName() const
{
    return m_policy == STATIC ? "static" : "adaptive";
}

bool
RateAdaptiveLink::ParsePolicy(const std::string& name, Policy& policy)
{
    if (name == "static")
    {
        policy = STATIC;
        return true;
    }
    if (name == "adaptive")
    {
        policy = ADAPTIVE;
        return true;
    }
    return false;
}

int64_t
RateAdaptiveLink::AssignStreams(int64_t stream)
{
    return m_snrModel ? m_snrModel->AssignStreams(stream) : 0;
}

} // namespace ns3
