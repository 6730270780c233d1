/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-traffic-ledger.h"

#include "ns3/abort.h"
#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/ocs-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsTrafficLedger");

void
OcsTrafficLedger::AddSenders(const ApplicationContainer& senders)
{
    for (uint32_t i = 0; i < senders.GetN(); ++i)
    {
        senders.Get(i)->TraceConnectWithoutContext("Tx",
                                                   MakeCallback(&OcsTrafficLedger::Sent, this));
    }
}

void
OcsTrafficLedger::AddSinks(const ApplicationContainer& sinks)
{
    for (uint32_t i = 0; i < sinks.GetN(); ++i)
    {
        sinks.Get(i)->TraceConnectWithoutContext("Rx",
                                                 MakeCallback(&OcsTrafficLedger::Delivered, this));
    }
}

void
OcsTrafficLedger::AddDevices(const NetDeviceContainer& devices)
{
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<OcsNetDevice> nic = DynamicCast<OcsNetDevice>(devices.Get(i));
        NS_ABORT_MSG_IF(!nic, "OcsTrafficLedger: device " << i << " is not an OcsNetDevice");
        nic->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&OcsTrafficLedger::QueueDropped, this));
        Ptr<TrafficControlLayer> tc = nic->GetNode()->GetObject<TrafficControlLayer>();
        Ptr<QueueDisc> qdisc = tc ? tc->GetRootQueueDiscOnDevice(nic) : nullptr;
        if (qdisc)
        {
            qdisc->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(&OcsTrafficLedger::QueueDiscDropped, this));
        }
    }
}

void
OcsTrafficLedger::AddSwitch(Ptr<OpticalCircuitSwitch> ocs)
{
    m_switches.push_back(ocs);
}

void
OcsTrafficLedger::Sent(Ptr<const Packet>)
{
    ++m_sent;
}

void
OcsTrafficLedger::Delivered(Ptr<const Packet>, const Address&)
{
    ++m_delivered;
}

void
OcsTrafficLedger::QueueDropped(Ptr<const Packet>)
{
    ++m_queueDrops;
}

void
OcsTrafficLedger::QueueDiscDropped(Ptr<const QueueDiscItem>)
{
    ++m_queueDrops;
}

uint64_t
OcsTrafficLedger::GetSent() const
{
    return m_sent;
}

uint64_t
OcsTrafficLedger::GetDelivered() const
{
    return m_delivered;
}

uint64_t
OcsTrafficLedger::GetQueueDrops() const
{
    return m_queueDrops;
}

uint64_t
OcsTrafficLedger::GetSwitchDrops() const
{
    uint64_t n = 0;
    for (const auto& ocs : m_switches)
    {
        n += ocs->GetTotalCounters().GetDroppedFrames();
    }
    return n;
}

uint64_t
OcsTrafficLedger::GetDropped() const
{
    return GetQueueDrops() + GetSwitchDrops();
}

bool
OcsTrafficLedger::Conserves() const
{
    const bool ok = m_sent == m_delivered + GetDropped();
    if (!ok)
    {
        NS_LOG_WARN("sent " << m_sent << " != delivered " << m_delivered << " + dropped "
                            << GetDropped());
    }
    return ok;
}

} // namespace ns3
