/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hpcc-congestion-control.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HpccCongestionControl");
NS_OBJECT_ENSURE_REGISTERED(HpccCongestionControl);

TypeId
HpccCongestionControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HpccCongestionControl")
            .SetParent<RdmaCongestionControl>()
            .SetGroupName("Optical")
            .AddConstructor<HpccCongestionControl>()
            .AddAttribute("TargetUtilization",
                          "eta: the utilization HPCC aims at, in (0, 1] (HPCC: 0.95)",
                          DoubleValue(0.95),
                          MakeDoubleAccessor(&HpccCongestionControl::m_eta),
                          MakeDoubleChecker<double>())
            .AddAttribute("MaxStage",
                          "Additive increase stages before a multiplicative update (HPCC "
                          "mix/config.txt: 0; its attribute default: 5)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HpccCongestionControl::m_maxStage),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RateAi",
                          "Additive increase W_AI, as a rate (b/s; HPCC: 50 Mb/s)",
                          DataRateValue(DataRate("50Mbps")),
                          MakeDataRateAccessor(&HpccCongestionControl::m_rai),
                          MakeDataRateChecker())
            .AddAttribute("WindowEnabled",
                          "Whether the window limits bytes in flight (HPCC: yes)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&HpccCongestionControl::m_window),
                          MakeBooleanChecker());
    return tid;
}

HpccCongestionControl::HpccCongestionControl() = default;

HpccCongestionControl::~HpccCongestionControl() = default;

bool
HpccCongestionControl::Check(std::string& error) const
{
    if (!(m_eta > 0.0 && m_eta <= 1.0))
    {
        std::ostringstream os;
        os << "HpccCongestionControl TargetUtilization " << m_eta << "; allowed: (0, 1]";
        error = os.str();
        return false;
    }
    return true;
}

bool
HpccCongestionControl::NeedsInt() const
{
    return true;
}

double
HpccCongestionControl::GetUtilization() const
{
    return m_u;
}

void
HpccCongestionControl::Init(RdmaQpControl& qp)
{
    qp.rate = qp.lineRate;
    m_wc = static_cast<double>(qp.lineRate.GetBitRate()) / 8 * qp.baseRtt.GetSeconds();
    qp.window = m_window ? static_cast<uint64_t>(m_wc) : 0;
}

void
HpccCongestionControl::OnSent(RdmaQpControl& qp, uint32_t bytes)
{
    ++m_sentPsn;
}

void
HpccCongestionControl::OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked)
{
    uint32_t n = ack.GetIntHops();
    if (n == 0)
    {
        return;
    }
    double t = qp.baseRtt.GetSeconds();
    bool haveLast = m_last.size() == n;
    double u = 0;
    double tau = t;
    if (haveLast)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            const RoceIntHop& h = ack.GetIntHop(i);
            const RoceIntHop& l = m_last[i];
            double dt = static_cast<uint32_t>(h.timeNs - l.timeNs) * 1e-9;
            double b = h.rateMbps * 1e6 / 8; // bytes/s
            if (dt <= 0 || b <= 0)
            {
                continue;
            }
            double tx = static_cast<uint32_t>(h.txBytes - l.txBytes) / dt;
            double q = std::min(h.qlen, l.qlen);
            double ui = q / (b * t) + tx / b;
            if (ui > u)
            {
                u = ui;
                tau = dt;
            }
        }
    }
    m_last.assign(n, RoceIntHop());
    for (uint32_t i = 0; i < n; ++i)
    {
        m_last[i] = ack.GetIntHop(i);
    }
    if (!haveLast)
    {
        return;
    }
    tau = std::min(tau, t);
    m_u = (1 - tau / t) * m_u + tau / t * u;
    bool update = ack.GetPsn() > m_updatePsn;
    double wai = static_cast<double>(m_rai.GetBitRate()) / 8 * t;
    double w;
    if (m_u >= m_eta || m_stage >= m_maxStage)
    {
        w = m_wc / (m_u / m_eta) + wai;
        if (update)
        {
            m_stage = 0;
        }
    }
    else
    {
        w = m_wc + wai;
        if (update)
        {
            ++m_stage;
        }
    }
    double bdp = static_cast<double>(qp.lineRate.GetBitRate()) / 8 * t;
    w = std::clamp(w, double(qp.mtuBytes), bdp);
    if (update)
    {
        m_wc = w;
        m_updatePsn = m_sentPsn;
    }
    SetRate(qp, w * 8 / t, 1e6);
    qp.window = m_window ? static_cast<uint64_t>(w) : 0;
}

} // namespace ns3
