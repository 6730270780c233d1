/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-transport.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(CollectiveTransport);

TypeId
CollectiveTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CollectiveTransport").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

Ptr<ScaleUpDomain>
CollectiveTransport::GetScaleUp(uint32_t /* rank */, uint32_t& local) const
{
    local = 0;
    return nullptr;
}

uint32_t
CollectiveTransport::GetNLanes(uint32_t /* src */, uint32_t /* dst */) const
{
    return 1;
}

void
CollectiveTransport::SendOnLane(uint32_t src,
                                uint32_t dst,
                                uint32_t /* lane */,
                                uint64_t bytes,
                                DeliveryCallback delivered)
{
    Send(src, dst, bytes, std::move(delivered));
}

std::string
CollectiveTransport::DescribeStall()
{
    return "";
}

bool
CollectiveTransport::CheckNetwork(const NodeContainer& hosts, std::string& error) const
{
    return true;
}

bool
CollectiveTransport::CheckMirroredRanks(const std::vector<std::vector<uint32_t>>& replicas,
                                        const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                                        std::string& why)
{
    why = "this transport (" + GetInstanceTypeId().GetName() +
          ") cannot tell whether replicas are independent: only the flow level "
          "(FlowCollectiveTransport over a FlowNetwork) mirrors replicas";
    return false;
}

const CollectiveTransportCounters&
CollectiveTransport::GetCounters() const
{
    return m_counters;
}

bool
CollectiveTransport::SendInScaleUp(uint32_t src,
                                   uint32_t dst,
                                   uint64_t bytes,
                                   const DeliveryCallback& delivered)
{
    uint32_t a = 0;
    uint32_t b = 0;
    Ptr<ScaleUpDomain> domain = GetScaleUp(src, a);
    if (!domain || domain != GetScaleUp(dst, b))
    {
        return false;
    }
    domain->Transfer(a, b, bytes, [this, delivered, bytes]() {
        CountDelivered(true, bytes);
        delivered();
    });
    return true;
}

void
CollectiveTransport::CountSent(uint64_t bytes)
{
    ++m_counters.messagesSent;
    m_counters.bytesSent += bytes;
}

void
CollectiveTransport::CountDelivered(bool scaleUp, uint64_t bytes)
{
    ++m_counters.messagesDelivered;
    m_counters.scaleUpDelivered += scaleUp ? 1 : 0;
    m_counters.bytesDelivered += bytes;
    m_counters.scaleUpBytes += scaleUp ? bytes : 0;
}

bool
CollectiveTransport::RunLocally(const std::shared_ptr<const CollectiveSchedule>& schedule,
                                const std::vector<uint32_t>& ranks,
                                std::function<void()> done)
{
    if (ranks.empty())
    {
        return false;
    }
    std::vector<uint32_t> locals(ranks.size());
    Ptr<ScaleUpDomain> domain = GetScaleUp(ranks[0], locals[0]);
    if (!domain || !domain->IsAnalytic())
    {
        return false;
    }
    for (std::size_t i = 1; i < ranks.size(); ++i)
    {
        if (GetScaleUp(ranks[i], locals[i]) != domain)
        {
            return false;
        }
    }
    domain->RunSchedule(schedule, locals, std::move(done));
    return true;
}

} // namespace ns3
