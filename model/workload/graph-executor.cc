/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "graph-executor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/collective-transport.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/scale-up-domain.h"
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
            .AddAttribute(
                "MirrorReplicas",
                "Run a folded graph's group collectives and messages for replica 0 only and "
                "let every replica's part end with it, when that is exact (CheckMirroring: "
                "each replica's traffic on links of its own, equal to replica 0's; Start "
                "aborts if not). The transport then carries and counts one replica's bytes; "
                "the executor's collective and message counts and bytes count every replica. "
                "For very large jobs at flow level (a rail-optimized fabric with TP inside "
                "the server: replicas on their own rails)",
                BooleanValue(false),
                MakeBooleanAccessor(&GraphExecutor::m_mirror),
                MakeBooleanChecker())
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
                            "ns3::GraphExecutor::NodeTracedCallback")
            .AddTraceSource("CollectiveCompleted",
                            "A collective (or a send's transfer) completed (its record).",
                            MakeTraceSourceAccessor(&GraphExecutor::m_collectiveTrace),
                            "ns3::Collective::CompletedTracedCallback")
            .AddTraceSource("PhaseStart",
                            "A collective began (run name, kind, group size, bytes).",
                            MakeTraceSourceAccessor(&GraphExecutor::m_phaseStartTrace),
                            "ns3::Collective::PhaseTracedCallback")
            .AddTraceSource("PhaseEnd",
                            "A collective completed (run name, kind, group size, bytes).",
                            MakeTraceSourceAccessor(&GraphExecutor::m_phaseEndTrace),
                            "ns3::Collective::PhaseTracedCallback")
            .AddTraceSource("RunEnd",
                            "A run of the graph (a Start) ended (its wall-clock span in "
                            "simulated time, from Start to its last node's end).",
                            MakeTraceSourceAccessor(&GraphExecutor::m_runEnd),
                            "ns3::Time::TracedCallback");
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
    m_source = nullptr;
    Object::DoDispose();
}

void
GraphExecutor::Setup(const ExecutionGraph& graph,
                     Ptr<CollectiveTransport> transport,
                     const std::vector<uint32_t>& ranks,
                     const GpuSpec& gpu)
{
    Setup(std::make_shared<const ExecutionGraph>(graph), transport, ranks, gpu);
}

void
GraphExecutor::Setup(std::shared_ptr<const ExecutionGraph> graph,
                     Ptr<CollectiveTransport> transport,
                     const std::vector<uint32_t>& ranks,
                     const GpuSpec& gpu)
{
    NS_ABORT_MSG_IF(m_graph, "GraphExecutor::Setup: called twice");
    NS_ABORT_MSG_IF(!graph, "GraphExecutor::Setup: no graph");
    NS_ABORT_MSG_IF(!transport, "GraphExecutor::Setup: no transport");
    const uint32_t w = graph->GetNReplicas();
    NS_ABORT_MSG_IF(ranks.size() != std::size_t(graph->GetNRanks()) * w,
                    "GraphExecutor::Setup: the graph has "
                        << graph->GetNRanks() * w << " ranks (" << graph->GetNRanks() << " x " << w
                        << " replicas), " << ranks.size() << " were placed");
    std::string error;
    NS_ABORT_MSG_IF(!graph->Validate(error), "GraphExecutor::Setup: " << error);
    m_graph = graph;
    m_transport = transport;
    m_ranks = ranks;
    m_gpu = gpu;
    m_who = "GraphExecutor '" + m_name + "'";
    const uint32_t n = graph->GetNRanks();
    // Groups by index: "" (every rank) first, then the declared ones.
    std::map<std::string, uint32_t> groupIndex;
    std::vector<std::string> names{""};
    groupIndex[""] = 0;
    for (const auto& [name, members] : graph->GetGroups())
    {
        groupIndex[name] = static_cast<uint32_t>(names.size());
        names.push_back(name);
    }
    for (const std::string& name : names)
    {
        const auto members = graph->GetGroupRanks(name);
        std::vector<std::vector<uint32_t>> perReplica(w);
        for (uint32_t k = 0; k < w; ++k)
        {
            for (uint32_t g : members)
            {
                perReplica[k].push_back(m_ranks[g * w + k]);
            }
        }
        m_groupFirst.push_back(members.front());
        m_groupNames.push_back(name);
        m_groupRanks.push_back(std::move(perReplica));
    }
    m_depCount.assign(n, {});
    m_next.assign(n, {});
    m_seq.assign(n, {});
    m_slot.assign(n, {});
    m_streams.assign(n, {});
    m_nodes = 0;
    for (uint32_t r = 0; r < n; ++r)
    {
        const auto& nodes = graph->GetNodes(r);
        m_depCount[r].assign(nodes.size(), 0);
        m_next[r].assign(nodes.size(), {});
        m_seq[r].assign(nodes.size(), 0);
        m_slot[r].assign(nodes.size(), 0);
        m_nodes += nodes.size();
        std::map<uint32_t, uint32_t> streams;
        for (std::size_t i = 0; i < nodes.size(); ++i)
        {
            for (std::size_t j : graph->GetDependencies(r, i))
            {
                ++m_depCount[r][i];
                m_next[r][j].push_back(i);
            }
            if (nodes[i].kind == ExecNodeKind::COMPUTE)
            {
                const auto [it, added] =
                    streams.emplace(nodes[i].stream, static_cast<uint32_t>(streams.size()));
                m_slot[r][i] = it->second;
            }
            else if (nodes[i].kind == ExecNodeKind::COLLECTIVE && !nodes[i].amongReplicas)
            {
                m_slot[r][i] = groupIndex.at(nodes[i].group);
            }
        }
        m_streams[r].assign(streams.size(), Stream());
        // The i-th collective of a group, the i-th message of a (source, destination, tag):
        // counted in dependency order, as Validate matched them.
        std::map<std::string, uint64_t> collectives;
        std::map<std::tuple<uint32_t, uint32_t, uint64_t>, uint64_t> messages;
        for (std::size_t i : graph->GetOrder(r))
        {
            const ExecNode& node = nodes[i];
            if (node.kind == ExecNodeKind::COLLECTIVE && !node.amongReplicas)
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
    Reset();
}

void
GraphExecutor::Reset()
{
    m_waiting = m_depCount;
    m_records.assign(m_graph->GetNRanks(), {});
    for (uint32_t r = 0; r < m_graph->GetNRanks(); ++r)
    {
        m_records[r].assign(m_graph->GetNodes(r).size(), ExecNodeRecord());
        for (Stream& s : m_streams[r])
        {
            s = Stream();
        }
    }
    m_collectives.clear();
    m_messages.clear();
    m_live.clear();
    m_left = m_nodes;
    m_nCollectives = 0;
    m_nMessages = 0;
    m_collectiveBytes = 0;
    m_messageBytes = 0;
}

void
GraphExecutor::SetController(Ptr<CollectiveController> controller)
{
    m_controller = controller;
}

void
GraphExecutor::SetScheduleSource(ScheduleSource source)
{
    m_source = std::move(source);
}

bool
GraphExecutor::CheckMirroring(std::string& why)
{
    NS_ABORT_MSG_IF(!m_graph, "GraphExecutor::CheckMirroring: call Setup first");
    const uint32_t w = m_graph->GetNReplicas();
    if (w == 1)
    {
        return true;
    }
    if (m_source)
    {
        why = "a schedule source (MoE routing) gives each replica its own traffic";
        return false;
    }
    if (m_controller)
    {
        why = "a controller (OCS circuits) acts on each replica's demands";
        return false;
    }
    std::set<std::pair<uint32_t, uint32_t>> pairs;
    std::set<uint32_t> sameDomain; // ranks whose replicas were found in one scale-up domain
    // Per group: its collectives' distinct schedules (their member pairs are routed below).
    std::map<uint32_t, std::set<std::shared_ptr<const CollectiveSchedule>>> groups;
    for (uint32_t r = 0; r < m_graph->GetNRanks(); ++r)
    {
        const auto& nodes = m_graph->GetNodes(r);
        for (std::size_t i = 0; i < nodes.size(); ++i)
        {
            const ExecNode& node = nodes[i];
            if (node.kind == ExecNodeKind::COLLECTIVE && node.amongReplicas && node.bytes > 0)
            {
                if (!sameDomain.insert(r).second)
                {
                    continue; // this rank's replicas are checked
                }
                uint32_t local = 0;
                const Ptr<ScaleUpDomain> domain = m_transport->GetScaleUp(m_ranks[r * w], local);
                for (uint32_t k = 1; k < w; ++k)
                {
                    if (!domain || m_transport->GetScaleUp(m_ranks[r * w + k], local) != domain)
                    {
                        why = "rank " + std::to_string(r) +
                              "'s replicas are not in one scale-up "
                              "domain and it has collectives among them (node " +
                              std::to_string(node.id) +
                              "): they would meet the other replicas' traffic on the fabric";
                        return false;
                    }
                }
            }
            else if (node.kind == ExecNodeKind::COLLECTIVE && !node.amongReplicas && node.bytes > 0)
            {
                const uint32_t g = m_slot[r][i];
                const auto n = static_cast<uint32_t>(m_groupRanks[g].front().size());
                auto& used = groups[g];
                if (n >= 2)
                {
                    used.insert(m_schedules.Get(
                        node.collective,
                        node.algorithm,
                        n,
                        std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(node.bytes))),
                        m_who));
                }
            }
            else if (node.kind == ExecNodeKind::SEND && node.bytes > 0 && node.peer != r)
            {
                pairs.emplace(r, node.peer);
            }
        }
    }
    for (const auto& [g, schedules] : groups)
    {
        std::set<std::pair<uint32_t, uint32_t>> used;
        for (const auto& schedule : schedules)
        {
            for (const CollectiveOp& op : schedule->GetOps())
            {
                used.emplace(op.src, op.dst);
            }
        }
        if (used.empty())
        {
            continue;
        }
        const std::vector<std::pair<uint32_t, uint32_t>> routes(used.begin(), used.end());
        if (!m_transport->CheckMirroredRanks(m_groupRanks[g], routes, why))
        {
            why = "a collective of group '" + m_groupNames[g] + "': " + why;
            return false;
        }
    }
    for (const auto& [from, to] : pairs)
    {
        std::vector<std::vector<uint32_t>> replicas(w);
        for (uint32_t k = 0; k < w; ++k)
        {
            replicas[k] = {m_ranks[from * w + k], m_ranks[to * w + k]};
        }
        if (!m_transport->CheckMirroredRanks(replicas, {{0, 1}}, why))
        {
            why = "messages from rank " + std::to_string(from) + " to rank " + std::to_string(to) +
                  ": " + why;
            return false;
        }
    }
    return true;
}

void
GraphExecutor::Start(std::function<void()> done)
{
    NS_ABORT_MSG_IF(!m_graph, "GraphExecutor::Start: call Setup first");
    NS_ABORT_MSG_IF(m_running, "GraphExecutor::Start: the previous run is not done");
    if (m_mirror && !m_mirrorChecked)
    {
        std::string why;
        NS_ABORT_MSG_IF(!CheckMirroring(why), m_who << ": MirrorReplicas: " << why);
        m_mirrorChecked = true;
    }
    if (!m_records.empty() && m_left < m_nodes)
    {
        Reset();
    }
    m_running = true;
    m_done = std::move(done);
    m_runStart = Simulator::Now();
    if (m_left == 0)
    {
        optical::compat::ScheduleNow([this]() { EndRun(); });
        return;
    }
    for (uint32_t r = 0; r < m_graph->GetNRanks(); ++r)
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
    return m_graph && !m_running && m_left == 0;
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
    const ExecNode& node = m_graph->GetNodes(r)[i];
    switch (node.kind)
    {
    case ExecNodeKind::COMPUTE:
        m_streams[r][m_slot[r][i]].queued.push_back(i);
        RunStream(r, m_slot[r][i]);
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
    case ExecNodeKind::COLLECTIVE:
        Arrive(r, i);
        return;
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
        if (send)
        {
            Launch(node, {r, i}, key);
            return;
        }
        Message& m = m_messages[key];
        if (m.delivered)
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
GraphExecutor::Arrive(uint32_t r, std::size_t i)
{
    const ExecNode& node = m_graph->GetNodes(r)[i];
    m_records[r][i].start = Simulator::Now();
    m_nodeStart(r, node.id);
    const uint32_t w = m_graph->GetNReplicas();
    std::vector<Where> parties;
    uint32_t first = r; // The group's first rank (for the schedule source)
    if (node.amongReplicas)
    {
        parties.emplace_back(r, i);
    }
    else
    {
        const uint32_t group = m_slot[r][i];
        const auto key = std::make_pair(group, m_seq[r][i]);
        Meeting& m = m_collectives[key];
        m.arrived.emplace_back(r, i);
        if (m.arrived.size() < m_groupRanks[group].front().size())
        {
            return;
        }
        parties = std::move(m.arrived);
        m_collectives.erase(key);
        first = m_groupFirst[group];
    }
    auto finish = [this, parties]() {
        for (const auto& [pr, pi] : parties)
        {
            Finish(pr, pi);
        }
    };
    if (!(node.bytes > 0))
    {
        // Nothing to move: a synchronization, complete as the last member arrives.
        finish();
        return;
    }
    // One collective per replica index (one if not folded, or mirrored: replica 0's stands
    // for all); the node ends with the last.
    const uint32_t copies = m_mirrorChecked && !node.amongReplicas ? w : 1;
    std::vector<std::pair<std::shared_ptr<const CollectiveSchedule>, std::vector<uint32_t>>> runs;
    for (uint32_t k = 0; k < w / copies; ++k)
    {
        std::vector<uint32_t> ranks;
        if (node.amongReplicas)
        {
            for (uint32_t q = 0; q < w; ++q)
            {
                ranks.push_back(m_ranks[r * w + q]);
            }
        }
        else
        {
            ranks = m_groupRanks[m_slot[r][i]][k];
        }
        std::shared_ptr<const CollectiveSchedule> schedule;
        if (m_source)
        {
            schedule = m_source(first, node, k);
        }
        if (!schedule && ranks.size() >= 2)
        {
            schedule = m_schedules.Get(
                node.collective,
                node.algorithm,
                static_cast<uint32_t>(ranks.size()),
                std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(node.bytes))),
                m_who);
        }
        if (schedule && !schedule->GetOps().empty())
        {
            runs.emplace_back(schedule, std::move(ranks));
        }
        if (node.amongReplicas)
        {
            break;
        }
    }
    if (runs.empty())
    {
        optical::compat::ScheduleNow(finish);
        return;
    }
    auto left = std::make_shared<std::size_t>(runs.size());
    for (auto& [schedule, ranks] : runs)
    {
        m_nCollectives += copies;
        m_collectiveBytes += static_cast<double>(schedule->GetBytes()) * copies;
        Run(schedule, ranks, [left, finish]() {
            if (--*left == 0)
            {
                finish();
            }
        });
    }
}

void
GraphExecutor::RunStream(uint32_t r, std::size_t s)
{
    Stream& stream = m_streams[r][s];
    if (stream.busy || stream.queued.empty())
    {
        return;
    }
    const std::size_t i = stream.queued.front();
    stream.queued.pop_front();
    stream.busy = true;
    const ExecNode& node = m_graph->GetNodes(r)[i];
    m_records[r][i].start = Simulator::Now();
    m_nodeStart(r, node.id);
    optical::compat::Schedule(ExecutionGraph::ComputeTime(node, m_gpu), [this, r, i, s]() {
        m_streams[r][s].busy = false;
        Finish(r, i);
        RunStream(r, s);
    });
}

void
GraphExecutor::Launch(const ExecNode& send, Where from, MessageKey key)
{
    auto delivered = [this, from, key]() {
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
    };
    // From each replica of the sender to the same replica of the receiver: a two-rank
    // SENDRECV (root 0 to rank 1); delivered when every replica's message is.
    const uint32_t w = m_graph->GetNReplicas();
    const uint32_t copies = m_mirrorChecked ? w : 1; // mirrored: replica 0's stands for all
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    for (uint32_t k = 0; k < w / copies && send.bytes > 0; ++k)
    {
        const uint32_t src = m_ranks[from.first * w + k];
        const uint32_t dst = m_ranks[send.peer * w + k];
        if (src != dst)
        {
            pairs.emplace_back(src, dst);
        }
    }
    if (pairs.empty())
    {
        optical::compat::ScheduleNow(delivered);
        return;
    }
    auto schedule =
        m_schedules.Get(CollectiveKind::SENDRECV,
                        CollectiveAlgorithm::DIRECT,
                        2,
                        std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(send.bytes))),
                        m_who);
    auto left = std::make_shared<std::size_t>(pairs.size());
    for (const auto& [src, dst] : pairs)
    {
        m_nMessages += copies;
        m_messageBytes += static_cast<double>(schedule->GetBytes()) * copies;
        Run(schedule, {src, dst}, [left, delivered]() {
            if (--*left == 0)
            {
                delivered();
            }
        });
    }
}

void
GraphExecutor::Run(std::shared_ptr<const CollectiveSchedule> schedule,
                   const std::vector<uint32_t>& ranks,
                   std::function<void()> done)
{
    Ptr<Collective> collective = CreateObject<Collective>();
    collective->Setup(schedule, m_transport, ranks, m_name);
    if (m_controller)
    {
        collective->SetController(m_controller);
    }
    if (!m_phaseStartTrace.IsEmpty() || !m_phaseEndTrace.IsEmpty())
    {
        using Phase = TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>;
        collective->TraceConnectWithoutContext(
            "PhaseStart",
            MakeCallback(&Phase::operator(), &m_phaseStartTrace));
        collective->TraceConnectWithoutContext("PhaseEnd",
                                               MakeCallback(&Phase::operator(), &m_phaseEndTrace));
    }
    m_live.push_back(collective);
    collective->Start([this, done](const CollectiveRecord& record) {
        m_collectiveTrace(record);
        done();
    });
}

void
GraphExecutor::Finish(uint32_t r, std::size_t i)
{
    m_records[r][i].end = Simulator::Now();
    m_nodeEnd(r, m_graph->GetNodes(r)[i].id);
    for (std::size_t j : m_next[r][i])
    {
        if (--m_waiting[r][j] == 0)
        {
            Ready(r, j);
        }
    }
    if (--m_left == 0)
    {
        EndRun();
    }
}

void
GraphExecutor::EndRun()
{
    m_running = false;
    m_runEnd(Simulator::Now() - m_runStart);
    if (m_done)
    {
        m_done();
    }
}

ExecutionSummary
GraphExecutor::GetSummary() const
{
    ExecutionSummary s;
    const uint32_t n = m_graph->GetNRanks();
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
        const auto& nodes = m_graph->GetNodes(r);
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
    const uint32_t ranks = timeline.AddProcess(m_name);
    const uint32_t w = m_graph->GetNReplicas();
    for (uint32_t r = 0; r < m_graph->GetNRanks(); ++r)
    {
        // A folded rank is named by the ranks its replicas are.
        const std::string who =
            w == 1 ? "rank " + std::to_string(r)
                   : "ranks " + std::to_string(r * w) + "-" + std::to_string(r * w + w - 1);
        const uint32_t compute = timeline.AddTrack(ranks, who + " compute");
        const uint32_t comm = timeline.AddTrack(ranks, who + " communication");
        const auto& nodes = m_graph->GetNodes(r);
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
