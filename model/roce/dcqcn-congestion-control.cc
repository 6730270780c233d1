/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dcqcn-congestion-control.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DcqcnCongestionControl");
NS_OBJECT_ENSURE_REGISTERED(DcqcnCongestionControl);

TypeId
DcqcnCongestionControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DcqcnCongestionControl")
            .SetParent<RdmaCongestionControl>()
            .SetGroupName("Optical")
            .AddConstructor<DcqcnCongestionControl>()
            .AddAttribute("G",
                          "Alpha gain g, in (0, 1] (HPCC mix/config.txt: 1/256)",
                          DoubleValue(1.0 / 256),
                          MakeDoubleAccessor(&DcqcnCongestionControl::m_g),
                          MakeDoubleChecker<double>())
            .AddAttribute("AlphaResumeInterval",
                          "Period of the alpha update (HPCC mix/config.txt: 1 us)",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&DcqcnCongestionControl::m_alphaInterval),
                          MakeTimeChecker())
            .AddAttribute("RateDecreaseInterval",
                          "At most one cut per interval (HPCC mix/config.txt: 4 us)",
                          TimeValue(MicroSeconds(4)),
                          MakeTimeAccessor(&DcqcnCongestionControl::m_decreaseInterval),
                          MakeTimeChecker())
            .AddAttribute("RateIncreaseTimer",
                          "Period of the increase timer (HPCC run.py: 300 us; mix/config.txt: "
                          "900 us)",
                          TimeValue(MicroSeconds(300)),
                          MakeTimeAccessor(&DcqcnCongestionControl::m_increaseTimer),
                          MakeTimeChecker())
            .AddAttribute("FastRecoveryStages",
                          "Increase events of fast recovery F (HPCC mix/config.txt: 1)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&DcqcnCongestionControl::m_stages),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RateAi",
                          "Additive increase of the target rate (b/s; HPCC: 50 Mb/s)",
                          DataRateValue(DataRate("50Mbps")),
                          MakeDataRateAccessor(&DcqcnCongestionControl::m_rai),
                          MakeDataRateChecker())
            .AddAttribute("RateHai",
                          "Hyper increase of the target rate (b/s; HPCC: 100 Mb/s)",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&DcqcnCongestionControl::m_rhai),
                          MakeDataRateChecker())
            .AddAttribute("MinRate",
                          "Lowest rate (b/s; HPCC: 100 Mb/s)",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&DcqcnCongestionControl::m_minRate),
                          MakeDataRateChecker())
            .AddAttribute("ByteCounter",
                          "Bytes sent per increase event of the byte counter (bytes; 0: off, "
                          "as HPCC's simulator; the DCQCN paper: 10 MB)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DcqcnCongestionControl::m_byteCounter),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("ClampTargetRate",
                          "Whether every cut sets Rt = Rc (else only the first cut and cuts "
                          "after an increase event; HPCC mix/config.txt: false)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&DcqcnCongestionControl::m_clamp),
                          MakeBooleanChecker());
    return tid;
}

DcqcnCongestionControl::DcqcnCongestionControl() = default;

DcqcnCongestionControl::~DcqcnCongestionControl() = default;

void
DcqcnCongestionControl::DoDispose()
{
    m_decrease.Cancel();
    m_timer.Cancel();
    m_qp = nullptr;
    RdmaCongestionControl::DoDispose();
}

bool
DcqcnCongestionControl::Check(std::string& error) const
{
    std::ostringstream os;
    if (!(m_g > 0.0 && m_g <= 1.0))
    {
        os << "DcqcnCongestionControl G " << m_g << " cannot work; allowed: (0, 1]";
    }
    else if (!m_alphaInterval.IsStrictlyPositive() || !m_decreaseInterval.IsStrictlyPositive() ||
             !m_increaseTimer.IsStrictlyPositive())
    {
        os << "DcqcnCongestionControl AlphaResumeInterval " << m_alphaInterval.As(Time::US)
           << ", RateDecreaseInterval " << m_decreaseInterval.As(Time::US) << ", RateIncreaseTimer "
           << m_increaseTimer.As(Time::US) << "; allowed: each above 0";
    }
    else if (m_minRate.GetBitRate() == 0)
    {
        os << "DcqcnCongestionControl MinRate 0 b/s; allowed: above 0";
    }
    error = os.str();
    return error.empty();
}

void
DcqcnCongestionControl::Init(RdmaQpControl& qp)
{
    m_qp = &qp;
    qp.rate = qp.lineRate;
    qp.window = 0;
    m_target = static_cast<double>(qp.lineRate.GetBitRate());
}

bool
DcqcnCongestionControl::NeedsCnp() const
{
    return true;
}

void
DcqcnCongestionControl::UpdateAlpha()
{
    int64_t now = Simulator::Now().GetTimeStep() / m_alphaInterval.GetTimeStep();
    if (now <= m_alphaIndex)
    {
        return;
    }
    // The interval m_alphaIndex ends: with or without a CNP; the ones after it had none.
    m_alpha = m_cnpInInterval ? (1 - m_g) * m_alpha + m_g : (1 - m_g) * m_alpha;
    m_alpha *= std::pow(1 - m_g, static_cast<double>(now - m_alphaIndex - 1));
    m_alphaIndex = now;
    m_cnpInInterval = false;
}

double
DcqcnCongestionControl::GetAlpha()
{
    UpdateAlpha();
    return m_alpha;
}

DataRate
DcqcnCongestionControl::GetTargetRate() const
{
    return DataRate(static_cast<uint64_t>(m_target));
}

void
DcqcnCongestionControl::OnCnp(RdmaQpControl& qp)
{
    UpdateAlpha();
    m_cnpInInterval = true;
    if (!m_decrease.IsExpired())
    {
        return;
    }
    Time now = Simulator::Now();
    if (!m_phaseSet)
    {
        m_phaseSet = true;
        m_decreasePhase = now;
        m_decrease = Simulator::ScheduleNow(&DcqcnCongestionControl::Decrease, this);
        return;
    }
    // The next boundary of the decrease check's grid.
    int64_t step = m_decreaseInterval.GetTimeStep();
    int64_t since = (now - m_decreasePhase).GetTimeStep();
    int64_t next = (since / step + 1) * step;
    if (since % step == 0)
    {
        next = since;
    }
    m_decrease =
        Simulator::Schedule(TimeStep(next - since), &DcqcnCongestionControl::Decrease, this);
}

void
DcqcnCongestionControl::Decrease()
{
    UpdateAlpha();
    double rc = static_cast<double>(m_qp->rate.GetBitRate());
    if (m_clamp || !m_cut || m_timerStage > 0 || m_byteStage > 0)
    {
        m_target = rc;
    }
    m_cut = true;
    SetRate(*m_qp, rc * (1 - m_alpha / 2), static_cast<double>(m_minRate.GetBitRate()));
    m_timerStage = 0;
    m_byteStage = 0;
    m_bytes = 0;
    StartTimer();
    NS_LOG_LOGIC("qp " << m_qp->qp << " cut to " << m_qp->rate << " alpha " << m_alpha);
}

void
DcqcnCongestionControl::StartTimer()
{
    m_timer.Cancel();
    m_timer = Simulator::Schedule(m_increaseTimer, &DcqcnCongestionControl::Increase, this, false);
}

void
DcqcnCongestionControl::OnSent(RdmaQpControl& qp, uint32_t bytes)
{
    if (m_byteCounter == 0 || !m_cut)
    {
        return;
    }
    m_bytes += bytes;
    if (m_bytes >= m_byteCounter)
    {
        m_bytes -= m_byteCounter;
        Increase(true);
    }
}

void
DcqcnCongestionControl::Increase(bool byByteCounter)
{
    if (byByteCounter)
    {
        ++m_byteStage;
    }
    else
    {
        ++m_timerStage;
    }
    double line = static_cast<double>(m_qp->lineRate.GetBitRate());
    double rc = static_cast<double>(m_qp->rate.GetBitRate());
    uint32_t most = std::max(m_timerStage, m_byteCounter ? m_byteStage : 0u);
    uint32_t least = m_byteCounter ? std::min(m_timerStage, m_byteStage) : 0;
    if (most < m_stages)
    {
        // fast recovery toward the target
    }
    else if (m_byteCounter && least >= m_stages)
    {
        m_target = std::min(line, m_target + static_cast<double>(m_rhai.GetBitRate()));
    }
    else
    {
        m_target = std::min(line, m_target + static_cast<double>(m_rai.GetBitRate()));
    }
    // Halfway to the target; a step that would round to no change reaches the target instead
    // (bit rates are integers: (target + rc) / 2 truncated can stay one bit/s below it forever,
    // and the timer would then never stop).
    double next = (m_target + rc) / 2;
    if (static_cast<uint64_t>(next) == static_cast<uint64_t>(rc))
    {
        next = m_target;
    }
    SetRate(*m_qp, next, static_cast<double>(m_minRate.GetBitRate()));
    if (!byByteCounter &&
        (m_qp->rate.GetBitRate() < m_qp->lineRate.GetBitRate() || m_target < line))
    {
        StartTimer();
    }
}

} // namespace ns3
