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

#include <set>

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

bool
FlowCollectiveTransport::CheckMirroredRanks(const std::vector<std::vector<uint32_t>>& replicas,
                                            const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                                            std::string& why)
{
    Ptr<FlowNetwork> network = GetNetwork();
    if (!network || !network->GetTopology())
    {
        why = "replicas are mirrored over a FlowNetwork only (this engine is " +
              (m_network ? m_network->GetInstanceTypeId().GetName() : std::string("none")) + ")";
        return false;
    }
    Ptr<FlowTopology> topology = network->GetTopology();
    // Shortest paths between two members are their two links (checked below); a path
    // function's paths are checked pair by pair, up to a bound.
    const bool routed = topology->HasPathFunction();
    // The ordered pairs of members to route (with a path function): those given, else all.
    std::vector<std::pair<uint32_t, uint32_t>> routes = pairs;
    const std::size_t size = replicas.empty() ? 0 : replicas.front().size();
    if (routed && routes.empty())
    {
        for (uint32_t i = 0; i < size; ++i)
        {
            for (uint32_t j = 0; j < size; ++j)
            {
                if (i != j)
                {
                    routes.emplace_back(i, j);
                }
            }
        }
    }
    if (routed && uint64_t(routes.size()) * replicas.size() > 1000000)
    {
        why = "the topology routes by a path function (SetPathFunction) and " +
              std::to_string(uint64_t(routes.size()) * replicas.size()) +
              " paths would have to be checked (at most 1,000,000)";
        return false;
    }
    std::vector<uint32_t> path;
    auto name = [this, &topology](uint32_t rank) {
        return "rank " + std::to_string(rank) + " (" +
               topology->GetVertexName(m_ranks.at(rank).vertex) + ")";
    };
    // A rank's NIC: its only link out and only link in.
    auto nic = [&](uint32_t rank, uint32_t& out, uint32_t& in) {
        if (rank >= m_ranks.size())
        {
            why = "no rank " + std::to_string(rank) + " (the transport has " +
                  std::to_string(m_ranks.size()) + ")";
            return false;
        }
        const auto& outs = topology->GetOutLinks(m_ranks[rank].vertex);
        const auto& ins = topology->GetInLinks(m_ranks[rank].vertex);
        if (outs.size() != 1 || ins.size() != 1)
        {
            why = name(rank) + " has " + std::to_string(outs.size()) + " links out and " +
                  std::to_string(ins.size()) +
                  " in: mirrored replicas need one of each (one NIC), so that a message "
                  "between two members crosses their two links only";
            return false;
        }
        out = outs.front();
        in = ins.front();
        return true;
    };
    auto same = [](const FlowTopology::Link& a, const FlowTopology::Link& b) {
        return a.capacity == b.capacity && a.delay == b.delay && a.mtu == b.mtu && a.up && b.up;
    };
    std::vector<std::pair<uint32_t, uint32_t>> base; // replica 0's members' links
    std::vector<uint32_t> accepted;
    for (std::size_t k = 0; k < replicas.size(); ++k)
    {
        const auto& members = replicas[k];
        if (members.size() != replicas.front().size())
        {
            why = "replica " + std::to_string(k) + " has " + std::to_string(members.size()) +
                  " members, replica 0 " + std::to_string(replicas.front().size());
            return false;
        }
        std::set<const ScaleUpDomain*> domains;
        int64_t hub = -1;
        for (std::size_t i = 0; i < members.size(); ++i)
        {
            uint32_t out = 0;
            uint32_t in = 0;
            if (!nic(members[i], out, in))
            {
                return false;
            }
            const Ptr<ScaleUpDomain>& domain = m_ranks[members[i]].scaleUp;
            if (domain && !domains.insert(PeekPointer(domain)).second)
            {
                why = name(members[i]) +
                      " shares its scale-up domain with another member of "
                      "replica " +
                      std::to_string(k) +
                      ": their messages would use the domain's ports, which other replicas' "
                      "collectives use too";
                return false;
            }
            const FlowTopology::Link& up = topology->GetLink(out);
            const FlowTopology::Link& down = topology->GetLink(in);
            if (hub < 0)
            {
                hub = up.to;
            }
            if (up.to != hub || down.from != hub)
            {
                why = name(members[i]) + " is not linked to " +
                      topology->GetVertexName(static_cast<uint32_t>(hub)) + " as replica " +
                      std::to_string(k) +
                      "'s first member is (both ways): messages between them would cross "
                      "links other replicas may use";
                return false;
            }
            if (k == 0)
            {
                base.emplace_back(out, in);
            }
            else if (!same(up, topology->GetLink(base[i].first)) ||
                     !same(down, topology->GetLink(base[i].second)))
            {
                why = name(members[i]) + "'s links differ from (or are not up like) those of " +
                      name(replicas.front()[i]) + ", the same member of replica 0";
                return false;
            }
            accepted.push_back(out);
            accepted.push_back(in);
        }
        for (std::size_t r = 0; routed && r < routes.size(); ++r)
        {
            const auto [i, j] = routes[r];
            if (i >= members.size() || j >= members.size() || i == j)
            {
                why = "no pair of members " + std::to_string(i) + " and " + std::to_string(j) +
                      " in a replica of " + std::to_string(members.size());
                return false;
            }
            const uint32_t a = members[i];
            const uint32_t b = members[j];
            if (!topology->Route(m_ranks[a].vertex, m_ranks[b].vertex, 0, path, why) ||
                path.size() != 2 || path[0] != topology->GetOutLinks(m_ranks[a].vertex)[0] ||
                path[1] != topology->GetInLinks(m_ranks[b].vertex)[0])
            {
                why = "the path function routes " + name(a) + " to " + name(b) +
                      " over other links than their own two" + (why.empty() ? "" : ": " + why);
                return false;
            }
        }
    }
    if (m_mirrored.size() < topology->GetNLinks())
    {
        m_mirrored.resize(topology->GetNLinks(), false);
    }
    for (uint32_t l : accepted)
    {
        m_mirrored[l] = true;
    }
    if (!m_watching)
    {
        m_watching = true;
        topology->TraceConnectWithoutContext(
            "LinkChanged",
            MakeCallback(&FlowCollectiveTransport::MirroredLinkChanged, this));
    }
    return true;
}

void
FlowCollectiveTransport::MirroredLinkChanged(uint32_t link)
{
    NS_ABORT_MSG_IF(link < m_mirrored.size() && m_mirrored[link],
                    "FlowCollectiveTransport: link "
                        << link << " (" << GetNetwork()->GetTopology()->GetLink(link).name
                        << ") of mirrored replicas changed during the run: replicas are "
                           "simulated as one only on a fabric that does not change");
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
