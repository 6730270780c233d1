/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdma-collective-transport.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/uinteger.h"

#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdmaCollectiveTransport");
NS_OBJECT_ENSURE_REGISTERED(RdmaCollectiveTransport);

TypeId
RdmaCollectiveTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdmaCollectiveTransport")
            .SetParent<CollectiveTransport>()
            .SetGroupName("Optical")
            .AddConstructor<RdmaCollectiveTransport>()
            .AddAttribute(
                "CongestionControl",
                "The congestion control law of every queue pair: dcqcn, hpcc, timely, "
                "dctcp or none (line rate, PFC alone)",
                EnumValue(DCQCN),
                optical::compat::MakeEnumAccessorCompat<Law>(&RdmaCollectiveTransport::m_law),
                optical::MakeAnyCaseEnumChecker(DCQCN,
                                                "dcqcn",
                                                HPCC,
                                                "hpcc",
                                                TIMELY,
                                                "timely",
                                                DCTCP,
                                                "dctcp",
                                                NONE,
                                                "none"))
            .AddAttribute("Priority",
                          "Priority (0-7) of the workload's data; PFC protects it",
                          UintegerValue(3),
                          MakeUintegerAccessor(&RdmaCollectiveTransport::m_priority),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("AddressIndex",
                          "Which IPv4 address of a rank's interface 1 its peers send to (0: the "
                          "first; fabrics of one-way circuits, photonic rails, set 1: the "
                          "address reached through them; ACKs return to the first)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdmaCollectiveTransport::m_addressIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("QueuePairsPerPair",
                          "Queue pairs between two ranks on different hosts: the lanes of "
                          "SendOnLane (a flow workload spreads its flows over them, as HPCC's "
                          "simulator gives every flow a queue pair); Send uses the first",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RdmaCollectiveTransport::m_lanes),
                          MakeUintegerChecker<uint32_t>(1, 65536))
            .AddAttribute("ConnectAtStart",
                          "Open every pair's queue pair at Start (true) or at its first message "
                          "(false: the default; a queue pair is state, not a handshake)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RdmaCollectiveTransport::m_connectAtStart),
                          MakeBooleanChecker());
    return tid;
}

RdmaCollectiveTransport::RdmaCollectiveTransport()
    : m_fabric(CreateObject<RoceFabric>())
{
}

RdmaCollectiveTransport::~RdmaCollectiveTransport() = default;

void
RdmaCollectiveTransport::DoDispose()
{
    m_ranks.clear();
    m_fabric = nullptr;
    CollectiveTransport::DoDispose();
}

std::string
RdmaCollectiveTransport::LawType(Law law)
{
    switch (law)
    {
    case DCQCN:
        return "ns3::DcqcnCongestionControl";
    case HPCC:
        return "ns3::HpccCongestionControl";
    case TIMELY:
        return "ns3::TimelyCongestionControl";
    case DCTCP:
        return "ns3::DctcpCongestionControl";
    case NONE:
        return "ns3::RdmaCongestionControl";
    }
    return "";
}

uint32_t
RdmaCollectiveTransport::AddRank(Ptr<Node> node, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex)
{
    NS_ABORT_MSG_IF(m_started, "RdmaCollectiveTransport: AddRank after Start");
    NS_ABORT_MSG_IF(!node, "RdmaCollectiveTransport: rank " << m_ranks.size() << " has no node");
    m_ranks.push_back({node, scaleUp, localIndex});
    return m_ranks.size() - 1;
}

void
RdmaCollectiveTransport::Start()
{
    NS_ABORT_MSG_IF(m_started, "RdmaCollectiveTransport: Start twice");
    m_started = true;
    NodeContainer hosts;
    std::set<uint32_t> seen;
    for (const auto& r : m_ranks)
    {
        if (seen.insert(r.node->GetId()).second)
        {
            hosts.Add(r.node);
        }
    }
    m_fabric->SetCongestionControl(LawType(m_law));
    m_fabric->Install(hosts);
    for (uint32_t a = 0; m_connectAtStart && a < m_ranks.size(); ++a)
    {
        for (uint32_t b = 0; b < m_ranks.size(); ++b)
        {
            if (m_ranks[a].node != m_ranks[b].node)
            {
                for (uint32_t lane = 0; lane < m_lanes; ++lane)
                {
                    QueuePair(a, b, lane);
                }
            }
        }
    }
}

uint32_t
RdmaCollectiveTransport::QueuePair(uint32_t src, uint32_t dst, uint32_t lane)
{
    auto key = std::make_tuple(src, dst, lane);
    auto it = m_qps.find(key);
    if (it != m_qps.end())
    {
        return it->second;
    }
    Ptr<Node> to = m_ranks[dst].node;
    Ptr<Ipv4> ipv4 = to->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(ipv4->GetNInterfaces() < 2 || ipv4->GetNAddresses(1) <= m_addressIndex,
                    "RdmaCollectiveTransport AddressIndex " << m_addressIndex << ": rank " << dst
                                                            << " (node " << to->GetId()
                                                            << ") has no such address on "
                                                            << "interface 1");
    Ipv4Address address = ipv4->GetAddress(1, m_addressIndex).GetLocal();
    uint32_t qp =
        m_fabric->GetNic(m_ranks[src].node)->Connect(m_fabric->GetNic(to), m_priority, address);
    m_qps.emplace(key, qp);
    return qp;
}

bool
RdmaCollectiveTransport::CheckNetwork(const NodeContainer& hosts, std::string& error) const
{
    m_fabric->SetCongestionControl(LawType(m_law));
    return m_fabric->Check(hosts, error);
}

Ptr<RoceFabric>
RdmaCollectiveTransport::GetFabric() const
{
    return m_fabric;
}

void
RdmaCollectiveTransport::Send(uint32_t src,
                              uint32_t dst,
                              uint64_t bytes,
                              DeliveryCallback delivered)
{
    SendOnLane(src, dst, 0, bytes, std::move(delivered));
}

uint32_t
RdmaCollectiveTransport::GetNLanes(uint32_t src, uint32_t dst) const
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "RdmaCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                     << m_ranks.size());
    return m_ranks[src].node == m_ranks[dst].node ? 1 : m_lanes;
}

void
RdmaCollectiveTransport::SendOnLane(uint32_t src,
                                    uint32_t dst,
                                    uint32_t lane,
                                    uint64_t bytes,
                                    DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "RdmaCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                     << m_ranks.size());
    NS_ABORT_MSG_IF(src == dst, "RdmaCollectiveTransport: rank " << src << " sends to itself");
    NS_ABORT_MSG_IF(!m_started, "RdmaCollectiveTransport: Send before Start");
    NS_ABORT_MSG_IF(lane >= GetNLanes(src, dst),
                    "RdmaCollectiveTransport: lane " << lane << " of " << GetNLanes(src, dst));
    CountSent(bytes);
    if (SendInScaleUp(src, dst, bytes, delivered))
    {
        return;
    }
    const Rank& a = m_ranks[src];
    const Rank& b = m_ranks[dst];
    NS_ABORT_MSG_IF(a.node == b.node,
                    "RdmaCollectiveTransport: ranks " << src << " and " << dst << " share node "
                                                      << a.node->GetId()
                                                      << " without a scale-up domain");
    m_fabric->GetNic(a.node)->Post(
        QueuePair(src, dst, lane),
        bytes,
        [this, delivered, bytes]() {
            CountDelivered(false, bytes);
            delivered();
        },
        nullptr);
}

uint32_t
RdmaCollectiveTransport::GetNRanks() const
{
    return m_ranks.size();
}

Ptr<ScaleUpDomain>
RdmaCollectiveTransport::GetScaleUp(uint32_t rank, uint32_t& local) const
{
    NS_ABORT_MSG_IF(rank >= m_ranks.size(), "RdmaCollectiveTransport: no rank " << rank);
    local = m_ranks[rank].local;
    return m_ranks[rank].scaleUp;
}

std::string
RdmaCollectiveTransport::DescribeStall()
{
    std::ostringstream os;
    const auto& ports = m_fabric->GetPorts();
    for (uint32_t i = 0; i < ports.size(); ++i)
    {
        for (uint32_t p = 0; p < LosslessQueueDisc::N_PRIORITIES; ++p)
        {
            if (ports[i]->IsPaused(p) && ports[i]->GetPriorityBytes(p) > 0)
            {
                os << (os.tellp() > 0 ? "; " : "") << m_fabric->DescribePort(i) << " priority " << p
                   << " paused with " << ports[i]->GetPriorityBytes(p) << " B queued";
            }
        }
    }
    return os.str();
}

} // namespace ns3
