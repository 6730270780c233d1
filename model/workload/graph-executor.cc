/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "graph-executor.h"

#include "ns3/abort.h"
#include "ns3/collective-transport.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GraphExecutor");
NS_OBJECT_ENSURE_REGISTERED(GraphExecutor);

namespace
{

/// \param [in] intervals Time intervals \return their union, sorted and disjoint
std::vector<std::pair<Time, Time>>
Union(std::vector<std::pair<Time, Time>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    std::vector<std::pair<Time, Time>> out;
    for (const auto& [a, b] : intervals)
    {
        if (!out.empty() && a <= out.back().second)
        {
            out.back().second = std::max(out.back().second, b);
        }
        else
        {
            out.emplace_back(a, b);
        }
    }
    return out;
}

/// \param [in] u A union \return its length
Time
Length(const std::vector<std::pair<Time, Time>>& u)
{
    Time t;
    for (const auto& [a, b] : u)
    {
        t += b - a;
    }
    return t;
}

/// \param [in] a A union \param [in] b Another \return the length of a not covered by b
Time
Uncovered(const std::vector<std::pair<Time, Time>>& a, const std::vector<std::pair<Time, Time>>& b)
{
    Time covered;
    std::size_t j = 0;
    for (const auto& [s, e] : a)
    {
        while (j < b.size() && b[j].second <= s)
        {
            ++j;
        }
        for (std::size_t k = j; k < b.size() && b[k].first < e; ++k)
        {
            covered += std::min(e, b[k].second) - std::max(s, b[k].first);
        }
    }
    return Length(a) - covered;
}

} // namespace

Time
ExecutionSummary::GetTotal() const
{
    return end - start;
}

TypeId
GraphExecutor::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GraphExecutor")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<GraphExecutor>()
            .AddAttribute("MemoryRate",
                          "Rate of memory loads and stores (bit/s; 0: the GPU's HBM bandwidth)",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&GraphExecutor::m_memoryRate),
                          MakeDataRateChecker())
            .AddAttribute("Name",
                          "Name of the run in collective records",
                          StringValue("graph"),
                          MakeStringAccessor(&GraphExecutor::m_name),
                          MakeStringChecker())
            .AddTraceSource("NodeStart",
                            "A node started (graph rank, node id)",
                            MakeTraceSourceAccessor(&GraphExecutor::m_nodeStart),
                            "ns3::GraphExecutor::NodeTracedCallback")
            .AddTraceSource("NodeEnd",
                            "A node finished (graph rank, node id)",
                            MakeTraceSourceAccessor(&GraphExecutor::m_nodeEnd),
                            "ns3::GraphExecutor::NodeTracedCallback");
    return tid;
}

GraphExecutor::GraphExecutor() = default;

GraphExecutor::~GraphExecutor() = default;

void
GraphExecutor::DoDispose()
{
    m_transport = nullptr;
    m_controller = nullptr;
    m_live.clear();
    m_done = nullptr;
    Object::DoDispose();
}

void
GraphExecutor::Setup(const ExecutionGraph& graph,
                     Ptr<CollectiveTransport> transport,
                     const std::vector<uint32_t>& ranks,
                     const GpuSpec& gpu)
{
    NS_ABORT_MSG_IF(m_started, "GraphExecutor::Setup: after Start");
    NS_ABORT_MSG_IF(!transport, "GraphExecutor::Setup: no transport");
    NS_ABORT_MSG_IF(ranks.size() != graph.GetNRanks(),
                    "GraphExecutor::Setup: the graph has " << graph.GetNRanks() << " ranks, "
                                                           << ranks.size() << " were placed");
    std::string error;
    NS_ABORT_MSG_IF(!graph.Validate(error), "GraphExecutor::Setup: " << error);
    m_graph = graph;
    m_transport = transport;
    m_ranks = ranks;
    m_gpu = gpu;
    const uint32_t n = graph.GetNRanks();
    m_waiting.assign(n, {});
    m_next.assign(n, {});
    m_seq.assign(n, {});
    m_records.assign(n, {});
    m_left = 0;
    for (uint32_t r = 0; r < n; ++r)
    {
        const auto& nodes = graph.GetNodes(r);
        m_waiting[r].assign(nodes.size(), 0);
        m_next[r].assign(nodes.size(), {});
        m_seq[r].assign(nodes.size(), 0);
        m_records[r].assign(nodes.size(), ExecNodeRecord());
        m_left += nodes.size();
        for (std::size_t i = 0; i < nodes.size(); ++i)
        {
            std::set<std::size_t> on;
            for (const auto* deps : {&nodes[i].dataDeps, &nodes[i].ctrlDeps})
            {
                for (uint64_t d : *deps)
                {
                    const std::size_t j = graph.Find(r, d) - nodes.data();
                    if (on.insert(j).second)
                    {
                        ++m_waiting[r][i];
                        m_next[r][j].push_back(i);
                    }
                }
            }
        }
        // The i-th collective of a group, the i-th message of a (source, destination, tag):
        // counted in dependency order, as Validate matched them.
        std::map<std::string, uint64_t> collectives;
        std::map<std::tuple<uint32_t, uint32_t, uint64_t>, uint64_t> messages;
        for (std::size_t i : graph.GetOrder(r))
        {
            const ExecNode& node = nodes[i];
            if (node.kind == ExecNodeKind::COLLECTIVE)
            {
                m_seq[r][i] = collectives[node.group]++;
            }
            else if (node.kind == ExecNodeKind::SEND)
            {
                m_seq[r][i] = messages[std::make_tuple(r, node.peer, node.tag)]++;
            }
            else if (node.kind == ExecNodeKind::RECV)
            {
                m_seq[r][i] = messages[std::make_tuple(node.peer, r, node.tag)]++;
            }
        }
    }
}

void
GraphExecutor::SetController(Ptr<CollectiveController> controller)
{
    m_controller = controller;
}

void
GraphExecutor::Start(std::function<void()> done)
{
    NS_ABORT_MSG_IF(!m_transport, "GraphExecutor::Start: call Setup first");
    NS_ABORT_MSG_IF(m_started, "GraphExecutor::Start: called twice");
    m_started = true;
    m_done = std::move(done);
    if (m_left == 0)
    {
        optical::compat::ScheduleNow([this]() {
            if (m_done)
            {
                m_done();
            }
        });
        return;
    }
    for (uint32_t r = 0; r < m_graph.GetNRanks(); ++r)
    {
        for (std::size_t i = 0; i < m_waiting[r].size(); ++i)
        {
            if (m_waiting[r][i] == 0)
            {
                Ready(r, i);
            }
        }
    }
}

bool
GraphExecutor::IsDone() const
{
    return m_started && m_left == 0;
}

const ExecNodeRecord&
GraphExecutor::GetRecord(uint32_t rank, std::size_t index) const
{
    NS_ABORT_MSG_IF(rank >= m_records.size() || index >= m_records[rank].size(),
                    "GraphExecutor::GetRecord: no node " << index << " of rank " << rank);
    return m_records[rank][index];
}

void
GraphExecutor::Ready(uint32_t r, std::size_t i)
{
    const ExecNode& node = m_graph.GetNodes(r)[i];
    switch (node.kind)
    {
    case ExecNodeKind::COMPUTE:
        m_queued[{r, node.stream}].push_back(i);
        RunStream(r, node.stream);
        return;
    case ExecNodeKind::MEMORY_LOAD:
    case ExecNodeKind::MEMORY_STORE: {
        m_records[r][i].start = Simulator::Now();
        m_nodeStart(r, node.id);
        const double bps = m_memoryRate.GetBitRate() > 0 ? double(m_memoryRate.GetBitRate())
                                                         : 8 * m_gpu.hbmBytesPerSecond;
        NS_ABORT_MSG_IF(node.bytes > 0 && !(bps > 0),
                        "GraphExecutor: rank " << r << " node " << node.id
                                               << ": a memory transfer, but no MemoryRate and "
                                                  "no HBM bandwidth for GPU '"
                                               << m_gpu.name << "'");
        optical::compat::Schedule(Seconds(node.bytes > 0 ? 8 * node.bytes / bps : 0),
                                  [this, r, i]() { Finish(r, i); });
        return;
    }
    case ExecNodeKind::COLLECTIVE: {
        m_records[r][i].start = Simulator::Now();
        m_nodeStart(r, node.id);
        Meeting& m = m_collectives[{node.group, m_seq[r][i]}];
        m.expected = static_cast<uint32_t>(m_graph.GetGroupRanks(node.group).size());
        m.arrived.emplace_back(r, i);
        if (m.arrived.size() == m.expected)
        {
            const std::vector<Where> parties = m.arrived;
            m_collectives.erase({node.group, m_seq[r][i]});
            std::vector<uint32_t> ranks;
            for (uint32_t g : m_graph.GetGroupRanks(node.group))
            {
                ranks.push_back(m_ranks[g]);
            }
            ++m_nCollectives;
            m_collectiveBytes += node.bytes;
            Run(node.collective, node.algorithm, ranks, node.bytes, [this, parties]() {
                for (const auto& [pr, pi] : parties)
                {
                    Finish(pr, pi);
                }
            });
        }
        return;
    }
    case ExecNodeKind::SEND:
    case ExecNodeKind::RECV: {
        // Sends are eager (as ASTRA-sim's): the transfer starts when the send is ready and the
        // send finishes when it is delivered; a receive finishes when it is ready and its
        // message has arrived, whichever is later.
        m_records[r][i].start = Simulator::Now();
        m_nodeStart(r, node.id);
        const bool send = node.kind == ExecNodeKind::SEND;
        const auto key =
            std::make_tuple(send ? r : node.peer, send ? node.peer : r, node.tag, m_seq[r][i]);
        Message& m = m_messages[key];
        if (send)
        {
            Launch(node, {r, i}, key);
        }
        else if (m.delivered)
        {
            m_messages.erase(key);
            Finish(r, i);
        }
        else
        {
            m.posted = true;
            m.recv = {r, i};
        }
        return;
    }
    }
}

void
GraphExecutor::RunStream(uint32_t r, uint32_t stream)
{
    auto& queue = m_queued[{r, stream}];
    bool& busy = m_busy[{r, stream}];
    if (busy || queue.empty())
    {
        return;
    }
    const std::size_t i = queue.front();
    queue.pop_front();
    busy = true;
    const ExecNode& node = m_graph.GetNodes(r)[i];
    m_records[r][i].start = Simulator::Now();
    m_nodeStart(r, node.id);
    optical::compat::Schedule(ExecutionGraph::ComputeTime(node, m_gpu), [this, r, i, stream]() {
        m_busy[{r, stream}] = false;
        Finish(r, i);
        RunStream(r, stream);
    });
}

void
GraphExecutor::Launch(const ExecNode& send, Where from, MessageKey key)
{
    ++m_nMessages;
    m_messageBytes += send.bytes;
    // From the sender to the receiver: a two-rank SENDRECV (root 0 to rank 1).
    Run(CollectiveKind::SENDRECV,
        CollectiveAlgorithm::DIRECT,
        {m_ranks[from.first], m_ranks[send.peer]},
        send.bytes,
        [this, from, key]() {
            Finish(from.first, from.second);
            Message& m = m_messages[key];
            if (m.posted)
            {
                const Where recv = m.recv;
                m_messages.erase(key);
                Finish(recv.first, recv.second);
            }
            else
            {
                m.delivered = true;
            }
        });
}

void
GraphExecutor::Run(CollectiveKind kind,
                   CollectiveAlgorithm algorithm,
                   const std::vector<uint32_t>& ranks,
                   double size,
                   std::function<void()> done)
{
    const uint64_t bytes = static_cast<uint64_t>(std::llround(size));
    if (ranks.size() < 2 || bytes == 0)
    {
        optical::compat::ScheduleNow(done);
        return;
    }
    Ptr<Collective> collective = CreateObject<Collective>();
    collective->Setup(m_schedules.Get(kind,
                                      algorithm,
                                      static_cast<uint32_t>(ranks.size()),
                                      bytes,
                                      "GraphExecutor '" + m_name + "'"),
                      m_transport,
                      ranks,
                      m_name);
    if (m_controller)
    {
        collective->SetController(m_controller);
    }
    m_live.push_back(collective);
    collective->Start([done](const CollectiveRecord&) { done(); });
}

void
GraphExecutor::Finish(uint32_t r, std::size_t i)
{
    m_records[r][i].end = Simulator::Now();
    m_nodeEnd(r, m_graph.GetNodes(r)[i].id);
    for (std::size_t j : m_next[r][i])
    {
        if (--m_waiting[r][j] == 0)
        {
            Ready(r, j);
        }
    }
    if (--m_left == 0 && m_done)
    {
        m_done();
    }
}

ExecutionSummary
GraphExecutor::GetSummary() const
{
    ExecutionSummary s;
    const uint32_t n = m_graph.GetNRanks();
    s.compute.assign(n, Time(0));
    s.exposed.assign(n, Time(0));
    s.collectives = m_nCollectives;
    s.messages = m_nMessages;
    s.collectiveBytes = m_collectiveBytes;
    s.messageBytes = m_messageBytes;
    bool any = false;
    for (uint32_t r = 0; r < n; ++r)
    {
        std::vector<std::pair<Time, Time>> compute;
        std::vector<std::pair<Time, Time>> comm;
        std::map<std::string, std::vector<std::pair<Time, Time>>> byKind;
        const auto& nodes = m_graph.GetNodes(r);
        for (std::size_t i = 0; i < nodes.size(); ++i)
        {
            const ExecNodeRecord& rec = m_records[r][i];
            if (rec.end.IsNegative())
            {
                continue;
            }
            s.start = any ? std::min(s.start, rec.start) : rec.start;
            s.end = any ? std::max(s.end, rec.end) : rec.end;
            any = true;
            const auto span = std::make_pair(rec.start, rec.end);
            switch (nodes[i].kind)
            {
            case ExecNodeKind::COMPUTE:
                compute.push_back(span);
                break;
            case ExecNodeKind::COLLECTIVE:
                byKind[nodes[i].collective.GetName()].push_back(span);
                comm.push_back(span);
                break;
            case ExecNodeKind::SEND:
            case ExecNodeKind::RECV:
                byKind["sendrecv"].push_back(span);
                comm.push_back(span);
                break;
            case ExecNodeKind::MEMORY_LOAD:
            case ExecNodeKind::MEMORY_STORE:
                byKind["memory"].push_back(span);
                comm.push_back(span);
                break;
            }
        }
        const auto busy = Union(compute);
        s.compute[r] = Length(busy);
        s.exposed[r] = Uncovered(Union(comm), busy);
        for (const auto& [kind, spans] : byKind)
        {
            Time& worst = s.exposedByKind[kind];
            worst = std::max(worst, Uncovered(Union(spans), busy));
        }
    }
    return s;
}

void
GraphExecutor::AddToTimeline(OpticalTimeline& timeline) const
{
    const uint32_t ranks = timeline.AddProcess("ranks");
    for (uint32_t r = 0; r < m_graph.GetNRanks(); ++r)
    {
        const uint32_t compute = timeline.AddTrack(ranks, "rank " + std::to_string(r) + " compute");
        const uint32_t comm =
            timeline.AddTrack(ranks, "rank " + std::to_string(r) + " communication");
        const auto& nodes = m_graph.GetNodes(r);
        for (std::size_t i = 0; i < nodes.size(); ++i)
        {
            const ExecNodeRecord& rec = m_records[r][i];
            if (rec.end.IsNegative())
            {
                continue;
            }
            const ExecNode& n = nodes[i];
            std::string name;
            switch (n.kind)
            {
            case ExecNodeKind::COMPUTE:
                name = n.name.empty() ? "compute" : n.name;
                break;
            case ExecNodeKind::COLLECTIVE:
                name = n.collective.GetName() + (n.group.empty() ? "" : " (" + n.group + ")");
                break;
            case ExecNodeKind::SEND:
                name = "send to " + std::to_string(n.peer);
                break;
            case ExecNodeKind::RECV:
                name = "recv from " + std::to_string(n.peer);
                break;
            default:
                name = GetExecNodeKindName(n.kind);
                break;
            }
            timeline.AddSlice(ranks,
                              n.kind == ExecNodeKind::COMPUTE ? compute : comm,
                              name,
                              GetExecNodeKindName(n.kind),
                              rec.start,
                              rec.end);
        }
    }
}

} // namespace ns3
