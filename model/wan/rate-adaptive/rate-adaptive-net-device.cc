/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-net-device.h"

#include "ns3/log.h"
#include "ns3/queue.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveNetDevice");

NS_OBJECT_ENSURE_REGISTERED(RateAdaptiveNetDevice);

TypeId
RateAdaptiveNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RateAdaptiveNetDevice")
            .SetParent<PointToPointNetDevice>()
            .SetGroupName("Optical")
            .AddConstructor<RateAdaptiveNetDevice>()
            .AddTraceSource("LinkDownDrop",
                            "A frame dropped because the link was down",
                            MakeTraceSourceAccessor(&RateAdaptiveNetDevice::m_downDrop),
                            "ns3::Packet::TracedCallback");
    return tid;
}

RateAdaptiveNetDevice::RateAdaptiveNetDevice() = default;

void
RateAdaptiveNetDevice::SetLinkState(bool up)
{
    NS_LOG_FUNCTION(this << up);
    if (up == m_up)
    {
        return;
    }
    m_up = up;
    if (!up)
    {
        Ptr<Queue<Packet>> queue = GetQueue();
        while (queue && !queue->IsEmpty())
        {
            Ptr<Packet> p = queue->Dequeue();
            m_linkDownDrops++;
            m_downDrop(p);
        }
    }
    m_linkChange();
}

uint64_t
RateAdaptiveNetDevice::GetLinkDownDrops() const
{
    return m_linkDownDrops;
}

bool
RateAdaptiveNetDevice::IsLinkUp() const
{
    return m_up && PointToPointNetDevice::IsLinkUp();
}

void
RateAdaptiveNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChange.ConnectWithoutContext(callback);
}

bool
RateAdaptiveNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (!m_up)
    {
        m_linkDownDrops++;
        m_downDrop(packet);
        return false;
    }
    return PointToPointNetDevice::Send(packet, dest, protocolNumber);
}

bool
RateAdaptiveNetDevice::SendFrom(Ptr<Packet> packet,
                                const Address& source,
                                const Address& dest,
                                uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

} // namespace ns3
