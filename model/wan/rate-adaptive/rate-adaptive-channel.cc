/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-channel.h"

#include "rate-adaptive-net-device.h"

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveChannel");

NS_OBJECT_ENSURE_REGISTERED(RateAdaptiveChannel);

TypeId
RateAdaptiveChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RateAdaptiveChannel")
            .SetParent<PointToPointChannel>()
            .SetGroupName("Optical")
            .AddConstructor<RateAdaptiveChannel>()
            .AddAttribute("CapacityScale",
                          "Device data rate per unit of link rate: the wavelengths one link "
                          "stands for, times any scale-down for packet-level runs (e.g. 1e-3 runs "
                          "100G links at 100 Mb/s)",
                          DoubleValue(1),
                          MakeDoubleAccessor(&RateAdaptiveChannel::m_scale),
                          MakeDoubleChecker<double>(1e-12))
            .AddTraceSource("Lost",
                            "A frame lost because it started while the link was down",
                            MakeTraceSourceAccessor(&RateAdaptiveChannel::m_lostTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

RateAdaptiveChannel::RateAdaptiveChannel() = default;

void
RateAdaptiveChannel::DoDispose()
{
    m_link = nullptr;
    PointToPointChannel::DoDispose();
}

void
RateAdaptiveChannel::SetLink(Ptr<RateAdaptiveLink> link)
{
    m_link = link;
    link->TraceConnectWithoutContext("RateChange",
                                     MakeCallback(&RateAdaptiveChannel::RateChanged, this));
    link->TraceConnectWithoutContext("LinkDown",
                                     MakeCallback(&RateAdaptiveChannel::LinkDown, this));
    link->TraceConnectWithoutContext("LinkUp", MakeCallback(&RateAdaptiveChannel::LinkUp, this));
    StateChanged(link->IsUp());
}

Ptr<RateAdaptiveLink>
RateAdaptiveChannel::GetLink() const
{
    return m_link;
}

uint64_t
RateAdaptiveChannel::GetLost() const
{
    return m_lost;
}

void
RateAdaptiveChannel::RateChanged(double oldGbps, double newGbps)
{
    NS_LOG_FUNCTION(this << oldGbps << newGbps);
    if (newGbps <= 0)
    {
        return;
    }
    for (std::size_t i = 0; i < GetNDevices(); ++i)
    {
        DynamicCast<PointToPointNetDevice>(GetDevice(i))
            ->SetDataRate(DataRate(newGbps * 1e9 * m_scale));
    }
}

void
RateAdaptiveChannel::LinkDown(const std::string& cause)
{
    StateChanged(false);
}

void
RateAdaptiveChannel::LinkUp()
{
    StateChanged(true);
}

void
RateAdaptiveChannel::StateChanged(bool up)
{
    NS_LOG_FUNCTION(this << up);
    for (std::size_t i = 0; i < GetNDevices(); ++i)
    {
        if (auto dev = DynamicCast<RateAdaptiveNetDevice>(GetDevice(i)))
        {
            dev->SetLinkState(up);
        }
    }
}

bool
RateAdaptiveChannel::TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime)
{
    if (m_link && !m_link->IsUp())
    {
        m_lost++;
        m_lostTrace(p);
        return false;
    }
    return PointToPointChannel::TransmitStart(p, src, txTime);
}

} // namespace ns3
