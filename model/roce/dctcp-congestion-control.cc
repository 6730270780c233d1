/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dctcp-congestion-control.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DctcpCongestionControl");
NS_OBJECT_ENSURE_REGISTERED(DctcpCongestionControl);

TypeId
DctcpCongestionControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DctcpCongestionControl")
            .SetParent<RdmaCongestionControl>()
            .SetGroupName("Optical")
            .AddConstructor<DctcpCongestionControl>()
            .AddAttribute("G",
                          "Weight of a window's marked fraction in alpha, in (0, 1] (DCTCP: 1/16)",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&DctcpCongestionControl::m_g),
                          MakeDoubleChecker<double>())
            .AddAttribute("InitialAlpha",
                          "Alpha before the first window, in [0, 1] (Linux's "
                          "dctcp_alpha_on_init: 1, so the first marks halve the rate)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&DctcpCongestionControl::m_alpha),
                          MakeDoubleChecker<double>())
            .AddAttribute("RateAi",
                          "Increase after a window without marks (b/s; HPCC's DctcpRateAI: "
                          "1 Gb/s)",
                          DataRateValue(DataRate("1Gbps")),
                          MakeDataRateAccessor(&DctcpCongestionControl::m_rai),
                          MakeDataRateChecker())
            .AddAttribute("MinRate",
                          "Lowest rate (b/s; HPCC: 100 Mb/s)",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&DctcpCongestionControl::m_minRate),
                          MakeDataRateChecker());
    return tid;
}

DctcpCongestionControl::DctcpCongestionControl() = default;

DctcpCongestionControl::~DctcpCongestionControl() = default;

bool
DctcpCongestionControl::Check(std::string& error) const
{
    std::ostringstream os;
    if (!(m_g > 0.0 && m_g <= 1.0))
    {
        os << "DctcpCongestionControl G " << m_g << " cannot work; allowed: (0, 1]";
    }
    else if (!(m_alpha >= 0.0 && m_alpha <= 1.0))
    {
        os << "DctcpCongestionControl InitialAlpha " << m_alpha << " cannot work; allowed: [0, 1]";
    }
    else if (m_minRate.GetBitRate() == 0)
    {
        os << "DctcpCongestionControl MinRate 0 b/s; allowed: above 0";
    }
    error = os.str();
    return error.empty();
}

void
DctcpCongestionControl::Init(RdmaQpControl& qp)
{
    qp.rate = qp.lineRate;
    qp.window = 0;
}

double
DctcpCongestionControl::GetAlpha() const
{
    return m_alpha;
}

void
DctcpCongestionControl::OnSent(RdmaQpControl& /* qp */, uint32_t /* bytes */)
{
    ++m_sent;
}

void
DctcpCongestionControl::OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t)
{
    if (ack.GetOpcode() != RoceHeader::ACK)
    {
        return;
    }
    ++m_acks;
    m_marked += ack.GetEcnEcho() ? 1 : 0;
    if (ack.GetPsn() <= m_windowEnd)
    {
        return;
    }
    const double fraction = static_cast<double>(m_marked) / m_acks;
    m_alpha = (1 - m_g) * m_alpha + m_g * fraction;
    const double rate = static_cast<double>(qp.rate.GetBitRate());
    const double next =
        m_marked > 0 ? rate * (1 - m_alpha / 2) : rate + static_cast<double>(m_rai.GetBitRate());
    NS_LOG_LOGIC("qp " << qp.qp << " window: " << m_marked << " of " << m_acks << " marked, alpha "
                       << m_alpha << ": " << rate << " -> " << next);
    SetRate(qp, next, static_cast<double>(m_minRate.GetBitRate()));
    m_windowEnd = m_sent;
    m_acks = 0;
    m_marked = 0;
}

} // namespace ns3
