/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-collective-transport.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowCollectiveTransport");

NS_OBJECT_ENSURE_REGISTERED(FlowCollectiveTransport);

TypeId
FlowCollectiveTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowCollectiveTransport")
            .SetParent<CollectiveTransport>()
            .SetGroupName("Optical")
            .AddConstructor<FlowCollectiveTransport>()
            .AddAttribute("MessageHeaderBytes",
                          "Frame header in front of each message (bytes), as the packet-level "
                          "transport writes.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&FlowCollectiveTransport::m_messageHeader),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("IpTcpHeaderBytes",
                          "Headers of each packet inside the MTU (bytes): IPv4 20 + TCP 20 + TCP "
                          "timestamp option 12.",
                          UintegerValue(52),
                          MakeUintegerAccessor(&FlowCollectiveTransport::m_ipTcpHeader),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LinkHeaderBytes",
                          "Link-layer header of each packet outside the MTU (bytes): PPP 2.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&FlowCollectiveTransport::m_linkHeader),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Mtu",
                          "Packet size limit (bytes); 0 takes the smallest MTU on the flow's "
                          "path (links built without an MTU are fluid: no packet headers).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FlowCollectiveTransport::m_mtu),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RateCap",
                          "Cap on the rate of each flow (bit/s; 0: none), e.g. a NIC or a "
                          "congestion-control limit below the links' rate.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&FlowCollectiveTransport::m_rateCap),
                          MakeDataRateChecker());
    return tid;
}

FlowCollectiveTransport::FlowCollectiveTransport() = default;

void
FlowCollectiveTransport::DoDispose()
{
    m_network = nullptr;
    m_ranks.clear();
    m_pairs.clear();
    m_lanePairs.clear();
    CollectiveTransport::DoDispose();
}

void
FlowCollectiveTransport::SetNetwork(Ptr<FlowEngine> engine)
{
    NS_ABORT_MSG_IF(!engine, "FlowCollectiveTransport: no engine");
    Ptr<FlowNetwork> network = DynamicCast<FlowNetwork>(engine);
    NS_ABORT_MSG_IF(network && !network->GetTopology(),
                    "FlowCollectiveTransport: a FlowNetwork with a topology is needed");
    m_network = engine;
}

Ptr<FlowEngine>
FlowCollectiveTransport::GetEngine() const
{
    return m_network;
}

Ptr<FlowNetwork>
FlowCollectiveTransport::GetNetwork() const
{
    return DynamicCast<FlowNetwork>(m_network);
}

uint32_t
FlowCollectiveTransport::AddRank(uint32_t vertex, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex)
{
    NS_ABORT_MSG_IF(!m_network, "FlowCollectiveTransport: SetNetwork before AddRank");
    NS_ABORT_MSG_IF(vertex >= m_network->GetNEndpoints(),
                    "FlowCollectiveTransport: endpoint " << vertex << " is not in the engine ("
                                                         << m_network->GetNEndpoints()
                                                         << " endpoints)");
    NS_ABORT_MSG_IF(scaleUp && localIndex >= scaleUp->GetNGpus(),
                    "FlowCollectiveTransport: GPU " << localIndex << " of a server with "
                                                    << scaleUp->GetNGpus() << " GPUs");
    m_ranks.push_back({vertex, scaleUp, localIndex});
    return static_cast<uint32_t>(m_ranks.size() - 1);
}

uint32_t
FlowCollectiveTransport::GetVertex(uint32_t rank) const
{
    NS_ABORT_MSG_IF(rank >= m_ranks.size(), "FlowCollectiveTransport: no rank " << rank);
    return m_ranks[rank].vertex;
}

Ptr<ScaleUpDomain>
FlowCollectiveTransport::GetScaleUp(uint32_t rank, uint32_t& local) const
{
    NS_ABORT_MSG_IF(rank >= m_ranks.size(), "FlowCollectiveTransport: no rank " << rank);
    local = m_ranks[rank].local;
    return m_ranks[rank].scaleUp;
}

uint32_t
FlowCollectiveTransport::GetNRanks() const
{
    return static_cast<uint32_t>(m_ranks.size());
}

double
FlowCollectiveTransport::GetBytesSent() const
{
    return m_bytesSent;
}

uint64_t
FlowCollectiveTransport::GetNWaitingMessages() const
{
    return m_waiting;
}

uint64_t
FlowCollectiveTransport::GetMessagesDelivered() const
{
    return GetCounters().messagesDelivered;
}

std::string
FlowCollectiveTransport::DescribeStall()
{
    return m_network ? m_network->DescribeStalledFlows() : "";
}

void
FlowCollectiveTransport::Send(uint32_t src,
                              uint32_t dst,
                              uint64_t bytes,
                              DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "FlowCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                     << m_ranks.size());
    NS_ABORT_MSG_IF(src == dst,
                    "FlowCollectiveTransport: a message from rank " << src << " to itself");
    NS_ABORT_MSG_IF(bytes == 0, "FlowCollectiveTransport: an empty message");
    CountSent(bytes);
    if (SendInScaleUp(src, dst, bytes, delivered))
    {
        return;
    }
    Pair& pair = m_pairs[(static_cast<uint64_t>(src) << 32) | dst];
    pair.queue.push_back({bytes, std::move(delivered), {}});
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
FlowCollectiveTransport::StartNext(Pair* p, uint32_t src, uint32_t dst)
{
    // Elements of an unordered_map keep their address: the pair is found once per message.
    Pair& pair = *p;
    const uint64_t key = (static_cast<uint64_t>(src) << 32) | dst;
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
    FlowEngine::FlowSpec spec;
    spec.src = m_ranks[src].vertex;
    spec.dst = m_ranks[dst].vertex;
    spec.bytes = static_cast<double>(m.bytes + m_messageHeader);
    spec.hash = key;
    spec.path = std::move(m.path);
    spec.capBps = static_cast<double>(m_rateCap.GetBitRate());
    spec.mtu = m_mtu;
    spec.headerBytes = m_ipTcpHeader;
    spec.linkHeaderBytes = m_linkHeader;
    spec.sent = [this, p, src, dst]() { StartNext(p, src, dst); };
    DeliveryCallback cb = std::move(m.delivered);
    spec.delivered = [this, cb, bytes = m.bytes]() {
        CountDelivered(false, bytes);
        cb();
    };
    m_bytesSent += spec.bytes;
    std::string error;
    if (m_network->StartFlow(std::move(spec), &error) < 0)
    {
        NS_FATAL_ERROR("FlowCollectiveTransport: rank " << src << " -> rank " << dst << ": "
                                                        << error);
    }
}

std::vector<uint32_t>
FlowCollectiveTransport::DirectLinks(uint32_t src, uint32_t dst) const
{
    return m_network->GetDirectLinks(m_ranks[src].vertex, m_ranks[dst].vertex);
}

uint32_t
FlowCollectiveTransport::GetNLanes(uint32_t src, uint32_t dst) const
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "FlowCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                     << m_ranks.size());
    const Rank& a = m_ranks[src];
    if (src == dst || (a.scaleUp && a.scaleUp == m_ranks[dst].scaleUp))
    {
        return 1;
    }
    return std::max<uint32_t>(1, static_cast<uint32_t>(DirectLinks(src, dst).size()));
}

void
FlowCollectiveTransport::SendOnLane(uint32_t src,
                                    uint32_t dst,
                                    uint32_t lane,
                                    uint64_t bytes,
                                    DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "FlowCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                     << m_ranks.size());
    const Rank& a = m_ranks[src];
    const std::vector<uint32_t> links =
        (src == dst || (a.scaleUp && a.scaleUp == m_ranks[dst].scaleUp)) ? std::vector<uint32_t>()
                                                                         : DirectLinks(src, dst);
    if (links.empty())
    {
        NS_ABORT_MSG_IF(lane != 0,
                        "FlowCollectiveTransport: lane " << lane << " of rank " << src
                                                         << " -> rank " << dst
                                                         << ", which have 1 lane");
        Send(src, dst, bytes, std::move(delivered));
        return;
    }
    NS_ABORT_MSG_IF(lane >= links.size(),
                    "FlowCollectiveTransport: lane " << lane << " of rank " << src << " -> rank "
                                                     << dst << ", which have " << links.size()
                                                     << " lanes");
    NS_ABORT_MSG_IF(bytes == 0, "FlowCollectiveTransport: an empty message");
    CountSent(bytes);
    const uint64_t key = (static_cast<uint64_t>(src) << 32) | dst;
    Pair& pair = m_lanePairs[{key, lane}];
    pair.queue.push_back({bytes, std::move(delivered), {links[lane]}});
    if (!pair.busy)
    {
        StartNext(&pair, src, dst);
    }
    else
    {
        ++m_waiting;
    }
}

} // namespace ns3
