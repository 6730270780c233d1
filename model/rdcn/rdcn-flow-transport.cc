/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-flow-transport.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnFlowTransport");

NS_OBJECT_ENSURE_REGISTERED(RdcnFlowTransport);

TypeId
RdcnFlowTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnFlowTransport")
            .SetParent<CollectiveTransport>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnFlowTransport>()
            .AddAttribute("MessageHeaderBytes",
                          "Bytes added to each message's flow (a frame header); 0: the payload "
                          "only.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdcnFlowTransport::m_messageHeader),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

RdcnFlowTransport::RdcnFlowTransport() = default;

RdcnFlowTransport::~RdcnFlowTransport() = default;

void
RdcnFlowTransport::DoDispose()
{
    m_network = nullptr;
    m_pairs.clear();
    CollectiveTransport::DoDispose();
}

void
RdcnFlowTransport::SetNetwork(Ptr<RdcnFluidNetwork> network)
{
    NS_ABORT_MSG_IF(!network, "RdcnFlowTransport: a network is needed");
    m_network = network;
}

Ptr<RdcnFluidNetwork>
RdcnFlowTransport::GetNetwork() const
{
    return m_network;
}

uint32_t
RdcnFlowTransport::GetNRanks() const
{
    return m_network ? m_network->GetNHosts() : 0;
}

std::string
RdcnFlowTransport::DescribeStall()
{
    return m_network ? m_network->DescribeStalledFlows() : "";
}

uint64_t
RdcnFlowTransport::GetNWaitingMessages() const
{
    return m_waiting;
}

void
RdcnFlowTransport::Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(!m_network, "RdcnFlowTransport: SetNetwork before Send");
    const uint32_t ranks = GetNRanks();
    NS_ABORT_MSG_IF(src >= ranks || dst >= ranks,
                    "RdcnFlowTransport: rank " << std::max(src, dst) << " of " << ranks
                                               << " ranks (the network's hosts)");
    NS_ABORT_MSG_IF(src == dst, "RdcnFlowTransport: a message from rank " << src << " to itself");
    NS_ABORT_MSG_IF(bytes == 0, "RdcnFlowTransport: an empty message");
    CountSent(bytes);
    Pair& pair = m_pairs[(static_cast<uint64_t>(src) << 32) | dst];
    pair.queue.push_back({bytes, std::move(delivered)});
    if (!pair.busy)
    {
        StartNext(&pair, src, dst);
    }
    else
    {
        ++m_waiting;
    }
}

void
RdcnFlowTransport::StartNext(Pair* p, uint32_t src, uint32_t dst)
{
    // Elements of an unordered_map keep their address.
    Pair& pair = *p;
    if (pair.queue.empty())
    {
        pair.busy = false;
        return;
    }
    if (pair.busy)
    {
        --m_waiting;
    }
    pair.busy = true;
    Message m = std::move(pair.queue.front());
    pair.queue.pop_front();
    DeliveryCallback cb = std::move(m.delivered);
    std::string error;
    const int64_t flow = m_network->StartFlow(
        src,
        dst,
        static_cast<double>(m.bytes + m_messageHeader),
        [this, cb]() {
            CountDelivered(false);
            if (cb)
            {
                cb();
            }
        },
        &error);
    NS_ABORT_MSG_IF(flow < 0,
                    "RdcnFlowTransport: rank " << src << " -> rank " << dst << ": " << error);
    m_network->SetInjectedCallback(flow, [this, p, src, dst]() { StartNext(p, src, dst); });
}

} // namespace ns3
