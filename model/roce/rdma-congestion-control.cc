/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdma-congestion-control.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RdmaCongestionControl);

TypeId
RdmaCongestionControl::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RdmaCongestionControl")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<RdmaCongestionControl>();
    return tid;
}

RdmaCongestionControl::RdmaCongestionControl() = default;

RdmaCongestionControl::~RdmaCongestionControl() = default;

void
RdmaCongestionControl::Init(RdmaQpControl& qp)
{
    qp.rate = qp.lineRate;
    qp.window = 0;
}

void
RdmaCongestionControl::OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked)
{
}

void
RdmaCongestionControl::OnCnp(RdmaQpControl& qp)
{
}

void
RdmaCongestionControl::OnSent(RdmaQpControl& qp, uint32_t bytes)
{
}

bool
RdmaCongestionControl::NeedsInt() const
{
    return false;
}

bool
RdmaCongestionControl::NeedsRtt() const
{
    return false;
}

bool
RdmaCongestionControl::NeedsCnp() const
{
    return false;
}

bool
RdmaCongestionControl::Check(std::string& error) const
{
    return true;
}

void
RdmaCongestionControl::SetRate(RdmaQpControl& qp, double bps, double minimum)
{
    double line = static_cast<double>(qp.lineRate.GetBitRate());
    qp.rate = DataRate(static_cast<uint64_t>(std::clamp(bps, std::min(minimum, line), line)));
}

} // namespace ns3
