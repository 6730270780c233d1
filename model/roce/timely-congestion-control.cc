/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "timely-congestion-control.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TimelyCongestionControl");
NS_OBJECT_ENSURE_REGISTERED(TimelyCongestionControl);

namespace
{
/// ACKs in a row with a gradient <= 0 after which the increase is five times RateAi.
constexpr uint32_t HAI_AFTER = 5;
} // namespace

TypeId
TimelyCongestionControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TimelyCongestionControl")
            .SetParent<RdmaCongestionControl>()
            .SetGroupName("Optical")
            .AddConstructor<TimelyCongestionControl>()
            .AddAttribute("Alpha",
                          "Weight of the newest round-trip change in its moving average, in "
                          "(0, 1] (HPCC: 0.875)",
                          DoubleValue(0.875),
                          MakeDoubleAccessor(&TimelyCongestionControl::m_alpha),
                          MakeDoubleChecker<double>())
            .AddAttribute("Beta",
                          "Multiplicative decrease factor, in (0, 1] (HPCC: 0.8)",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&TimelyCongestionControl::m_beta),
                          MakeDoubleChecker<double>())
            .AddAttribute("TLow",
                          "Round trip below which the rate only grows (HPCC: 50 us)",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&TimelyCongestionControl::m_tLow),
                          MakeTimeChecker())
            .AddAttribute("THigh",
                          "Round trip above which the rate is cut by Beta (1 - THigh / rtt) "
                          "(HPCC: 500 us)",
                          TimeValue(MicroSeconds(500)),
                          MakeTimeAccessor(&TimelyCongestionControl::m_tHigh),
                          MakeTimeChecker())
            .AddAttribute("MinRtt",
                          "Round trip that normalizes the gradient (HPCC: 20 us)",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&TimelyCongestionControl::m_minRtt),
                          MakeTimeChecker())
            .AddAttribute("RateAi",
                          "Additive increase per ACK (b/s; HPCC: 50 Mb/s)",
                          DataRateValue(DataRate("50Mbps")),
                          MakeDataRateAccessor(&TimelyCongestionControl::m_rai),
                          MakeDataRateChecker())
            .AddAttribute("MinRate",
                          "Lowest rate (b/s; HPCC: 100 Mb/s)",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&TimelyCongestionControl::m_minRate),
                          MakeDataRateChecker());
    return tid;
}

TimelyCongestionControl::TimelyCongestionControl() = default;

TimelyCongestionControl::~TimelyCongestionControl() = default;

bool
TimelyCongestionControl::Check(std::string& error) const
{
    std::ostringstream os;
    if (!(m_alpha > 0.0 && m_alpha <= 1.0) || !(m_beta > 0.0 && m_beta <= 1.0))
    {
        os << "TimelyCongestionControl Alpha " << m_alpha << ", Beta " << m_beta
           << " cannot work; allowed: each in (0, 1]";
    }
    else if (!m_minRtt.IsStrictlyPositive() || !(m_tLow < m_tHigh))
    {
        os << "TimelyCongestionControl MinRtt " << m_minRtt.As(Time::US) << ", TLow "
           << m_tLow.As(Time::US) << ", THigh " << m_tHigh.As(Time::US)
           << "; allowed: MinRtt above 0, TLow below THigh";
    }
    else if (m_minRate.GetBitRate() == 0)
    {
        os << "TimelyCongestionControl MinRate 0 b/s; allowed: above 0";
    }
    error = os.str();
    return error.empty();
}

void
TimelyCongestionControl::Init(RdmaQpControl& qp)
{
    qp.rate = qp.lineRate;
    qp.window = 0;
}

bool
TimelyCongestionControl::NeedsRtt() const
{
    return true;
}

double
TimelyCongestionControl::GetRttDiff() const
{
    return m_rttDiff;
}

void
TimelyCongestionControl::OnAck(RdmaQpControl& qp, const RoceHeader& /* ack */, uint64_t)
{
    if (!qp.rtt.IsStrictlyPositive())
    {
        return;
    }
    const double rtt = qp.rtt.GetSeconds();
    if (m_prevRtt >= 0)
    {
        m_rttDiff = (1 - m_alpha) * m_rttDiff + m_alpha * (rtt - m_prevRtt);
    }
    m_prevRtt = rtt;
    const double rate = static_cast<double>(qp.rate.GetBitRate());
    const double ai = static_cast<double>(m_rai.GetBitRate());
    const double gradient = m_rttDiff / m_minRtt.GetSeconds();
    double next = rate;
    if (qp.rtt < m_tLow)
    {
        m_negative = 0;
        next = rate + ai;
    }
    else if (qp.rtt > m_tHigh)
    {
        m_negative = 0;
        next = rate * (1 - m_beta * (1 - m_tHigh.GetSeconds() / rtt));
    }
    else if (gradient <= 0)
    {
        ++m_negative;
        next = rate + (m_negative >= HAI_AFTER ? HAI_AFTER : 1) * ai;
    }
    else
    {
        m_negative = 0;
        next = rate * (1 - m_beta * gradient);
    }
    NS_LOG_LOGIC("qp " << qp.qp << " rtt " << qp.rtt.As(Time::US) << " gradient " << gradient
                       << ": " << rate << " -> " << next << " b/s");
    SetRate(qp, next, static_cast<double>(m_minRate.GetBitRate()));
}

} // namespace ns3
