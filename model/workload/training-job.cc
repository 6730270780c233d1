/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-job.h"

#include "collective-algorithms.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TrainingJob");

NS_OBJECT_ENSURE_REGISTERED(TrainingJob);

TypeId
TrainingJob::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TrainingJob")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<TrainingJob>()
            .AddAttribute("MirrorReplicas",
                          "Simulate the tensor-parallel replicas of each stage as one where "
                          "that is exact (GraphExecutor's MirrorReplicas: Start aborts, saying "
                          "why, where it is not)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TrainingJob::m_mirror),
                          MakeBooleanChecker())
            .AddTraceSource("IterationEnd",
                            "An iteration completed (its record).",
                            MakeTraceSourceAccessor(&TrainingJob::m_iterationTrace),
                            "ns3::TrainingJob::IterationTracedCallback")
            .AddTraceSource("CollectiveCompleted",
                            "A collective of the job completed (its record).",
                            MakeTraceSourceAccessor(&TrainingJob::m_collectiveTrace),
                            "ns3::Collective::CompletedTracedCallback")
            .AddTraceSource("PhaseStart",
                            "A collective of the job began (job, kind, group size, bytes).",
                            MakeTraceSourceAccessor(&TrainingJob::m_phaseStartTrace),
                            "ns3::Collective::PhaseTracedCallback")
            .AddTraceSource("PhaseEnd",
                            "A collective of the job completed (job, kind, group size, bytes).",
                            MakeTraceSourceAccessor(&TrainingJob::m_phaseEndTrace),
                            "ns3::Collective::PhaseTracedCallback");
    return tid;
}

TrainingJob::TrainingJob() = default;

void
TrainingJob::DoDispose()
{
    if (m_executor)
    {
        m_executor->Dispose();
        m_executor = nullptr;
    }
    m_transport = nullptr;
    m_done = nullptr;
    m_controller = nullptr;
    m_moe = nullptr;
    Object::DoDispose();
}

void
TrainingJob::Setup(const TrainingConfig& config,
                   Ptr<CollectiveTransport> transport,
                   const std::vector<uint32_t>& ranks,
                   const std::string& name)
{
    const std::string problem = config.Validate(static_cast<uint32_t>(ranks.size()));
    NS_ABORT_MSG_IF(!problem.empty(), "TrainingJob '" << name << "': " << problem);
    NS_ABORT_MSG_IF(!transport, "TrainingJob: no transport");
    for (uint32_t r : ranks)
    {
        NS_ABORT_MSG_IF(r >= transport->GetNRanks(),
                        "TrainingJob: rank " << r << " is not a rank of the transport");
    }
    m_config = config;
    m_transport = transport;
    m_ranks = ranks;
    m_name = name;
    if (config.model.experts > 0)
    {
        m_moe = CreateObject<MoeTraffic>();
        m_moe->SetAttribute(
            "Tokens",
            UintegerValue(
                std::max<uint64_t>(1, config.microBatchSize * config.model.seqLen / config.tp)));
        m_moe->SetAttribute("Experts", UintegerValue(config.model.experts));
        m_moe->SetAttribute("TopK", UintegerValue(config.model.topK));
        m_moe->SetAttribute("CapacityFactor", DoubleValue(config.model.capacityFactor));
        m_moe->SetAttribute("Hidden", UintegerValue(config.model.hidden));
        m_moe->SetAttribute("BytesPerElement", UintegerValue(config.bytesPerElement));
        m_moe->SetAttribute("Zipf", DoubleValue(config.moeZipf));
        m_moe->SetAttribute("PayloadEfficient", BooleanValue(config.moePayloadEfficient));
    }
}

int64_t
TrainingJob::AssignStreams(int64_t stream)
{
    return m_moe ? m_moe->AssignStreams(stream) : 0;
}

void
TrainingJob::SetStartGate(Collective::StartGate gate)
{
    m_controller = gate ? CollectiveController::FromStartGate(std::move(gate)) : nullptr;
}

void
TrainingJob::SetController(Ptr<CollectiveController> controller)
{
    m_controller = controller;
}

const std::vector<IterationRecord>&
TrainingJob::GetIterations() const
{
    return m_iterations;
}

const TrainingConfig&
TrainingJob::GetConfig() const
{
    return m_config;
}

Ptr<GraphExecutor>
TrainingJob::GetExecutor() const
{
    return m_executor;
}

namespace
{

/// \return the name of a DP group (stage p of every replica)
std::string
DpGroup(uint32_t p)
{
    return "dp.p" + std::to_string(p);
}

/// \return the name of an EP group
std::string
EpGroup(uint32_t block, uint32_t p)
{
    return "ep.b" + std::to_string(block) + ".p" + std::to_string(p);
}

/// \return the tag of a micro-batch's activation (forward) or gradient (backward)
uint64_t
MessageTag(bool forward, uint32_t mb)
{
    return 2 * uint64_t(mb) + (forward ? 0 : 1);
}

} // namespace

std::vector<std::pair<bool, uint32_t>>
TrainingJob::Ops(uint32_t p) const
{
    const TrainingConfig& c = m_config;
    const uint32_t m = c.microbatches;
    std::vector<std::pair<bool, uint32_t>> ops;
    if (c.schedule == "gpipe")
    {
        for (uint32_t mb = 0; mb < m; ++mb)
        {
            ops.emplace_back(true, mb);
        }
        for (uint32_t mb = m; mb-- > 0;)
        {
            ops.emplace_back(false, mb);
        }
        return ops;
    }
    // 1F1B: warm-up forwards, then one forward one backward, then cool-down.
    const uint32_t warmup = std::min(c.pp - p - 1, m);
    for (uint32_t mb = 0; mb < warmup; ++mb)
    {
        ops.emplace_back(true, mb);
    }
    for (uint32_t i = 0; i + warmup < m; ++i)
    {
        ops.emplace_back(true, warmup + i);
        ops.emplace_back(false, i);
    }
    for (uint32_t mb = m - warmup; mb < m; ++mb)
    {
        ops.emplace_back(false, mb);
    }
    return ops;
}

ExecutionGraph
TrainingJob::BuildGraph() const
{
    NS_ABORT_MSG_IF(!m_transport, "TrainingJob::BuildGraph: call Setup first");
    ExecutionGraph graph;
    Build(graph, nullptr, nullptr);
    return graph;
}

bool
TrainingJob::CheckMirroring(std::string& why) const
{
    NS_ABORT_MSG_IF(!m_transport, "TrainingJob::CheckMirroring: call Setup first");
    if (m_config.model.experts > 0 && m_config.ep > 1)
    {
        why = "an MoE job's routing gives each replica its own all-to-all";
        return false;
    }
    Ptr<GraphExecutor> x = CreateObject<GraphExecutor>();
    x->Setup(std::make_shared<const ExecutionGraph>(BuildGraph()),
             m_transport,
             m_ranks,
             m_config.gpu);
    x->SetController(m_controller);
    const bool ok = x->CheckMirroring(why);
    x->Dispose();
    return ok;
}

void
TrainingJob::Build(ExecutionGraph& graph,
                   std::vector<StagePlan>* plans,
                   std::map<std::pair<uint32_t, uint64_t>, MoeStep>* moe) const
{
    const TrainingConfig& c = m_config;
    // One rank per stage, its TP ranks as replicas (rank d x PP + p, replica t: job rank
    // TrainingConfig::Rank(d, p, t)).
    graph = ExecutionGraph(c.dp * c.pp, c.tp);
    auto stage = [&c](uint32_t d, uint32_t p) { return d * c.pp + p; };
    const bool moeLayers = c.model.experts > 0 && c.ep > 1;
    for (uint32_t p = 0; p < c.pp; ++p)
    {
        if (c.dp > 1)
        {
            std::vector<uint32_t> ranks;
            for (uint32_t d = 0; d < c.dp; ++d)
            {
                ranks.push_back(stage(d, p));
            }
            graph.AddGroup(DpGroup(p), ranks);
        }
        for (uint32_t block = 0; moeLayers && block < c.dp / c.ep; ++block)
        {
            std::vector<uint32_t> ranks;
            for (uint32_t e = 0; e < c.ep; ++e)
            {
                ranks.push_back(stage(block * c.ep + e, p));
            }
            graph.AddGroup(EpGroup(block, p), ranks);
        }
    }
    if (plans)
    {
        plans->assign(c.dp * c.pp, StagePlan());
    }
    const double flopRate = c.gpu.peakFlops * c.gpu.mfu;
    const double message = std::round(c.ActivationBytes() / c.tp); // Whole bytes
    const double moeBytes =
        static_cast<double>(std::max<uint64_t>(1, c.microBatchSize * c.model.seqLen / c.tp)) *
        c.model.topK * c.model.hidden * c.bytesPerElement;
    // Sends by (stage, destination stage, tag) -> node index.
    std::map<std::tuple<uint32_t, uint32_t, uint64_t>, std::size_t> sends;
    for (uint32_t d = 0; d < c.dp; ++d)
    {
        for (uint32_t p = 0; p < c.pp; ++p)
        {
            const uint32_t r = stage(d, p);
            const auto ops = Ops(p);
            StagePlan* plan = plans ? &(*plans)[r] : nullptr;
            uint64_t nextId = 0;
            auto add = [&graph, r, &nextId](ExecNode node) {
                node.id = nextId++;
                graph.Add(r, node);
                return node.id;
            };
            auto collective = [&](CollectiveKind kind,
                                  CollectiveAlgorithm algorithm,
                                  const std::string& group,
                                  double bytes,
                                  uint64_t after,
                                  const char* name) {
                ExecNode n;
                n.kind = ExecNodeKind::COLLECTIVE;
                n.name = name;
                n.collective = kind;
                n.algorithm = algorithm;
                n.group = group;
                n.amongReplicas = group.empty();
                n.bytes = std::round(bytes); // Whole bytes, as the collective runs them
                n.dataDeps = {after};
                return add(n);
            };
            // The DP reduction of gradients that are final after node `after`.
            auto dataParallel = [&](double bytes, uint64_t after) {
                if (c.zero)
                {
                    const uint64_t rs = collective(CollectiveKind::REDUCESCATTER,
                                                   CollectiveAlgorithm::RING,
                                                   DpGroup(p),
                                                   bytes,
                                                   after,
                                                   "dp reduce-scatter");
                    collective(CollectiveKind::ALLGATHER,
                               CollectiveAlgorithm::RING,
                               DpGroup(p),
                               bytes,
                               rs,
                               "dp all-gather");
                }
                else
                {
                    collective(CollectiveKind::ALLREDUCE,
                               c.dpAlgorithm,
                               DpGroup(p),
                               bytes,
                               after,
                               "dp all-reduce");
                }
            };
            bool started = false;
            uint64_t previous = 0; // The last node of the previous op
            uint32_t backwards = 0;
            for (std::size_t o = 0; o < ops.size(); ++o)
            {
                const auto [forward, mb] = ops[o];
                OpPlan op;
                // The input from a neighbour stage (every tensor rank's part).
                std::vector<uint64_t> input;
                if (forward ? p > 0 : p + 1 < c.pp)
                {
                    const uint32_t from = stage(d, forward ? p - 1 : p + 1);
                    ExecNode recv;
                    recv.kind = ExecNodeKind::RECV;
                    recv.name = forward ? "activation" : "gradient";
                    recv.peer = from;
                    recv.tag = MessageTag(forward, mb);
                    recv.bytes = message;
                    input.push_back(add(recv));
                    op.input = true;
                    op.from = from;
                }
                const bool lastBackward = !forward && backwards + 1 == c.microbatches;
                const uint32_t layers = c.LayersOfStage(p);
                const uint32_t first = c.FirstLayerOfStage(p);
                bool chained = false;
                uint64_t chain = 0;
                for (uint32_t k = 0; k < layers; ++k)
                {
                    const uint32_t layer = forward ? first + k : first + layers - 1 - k;
                    const double flops = c.LayerForwardFlops(layer) * (forward ? 1.0 : 2.0);
                    const double seconds = flops / flopRate;
                    for (int half = 0; half < 2; ++half)
                    {
                        ExecNode compute;
                        compute.kind = ExecNodeKind::COMPUTE;
                        compute.name = forward ? "forward" : "backward";
                        compute.duration = Seconds(seconds / 2);
                        compute.flops = std::round(flops / 2); // Informative: Chakra's num_ops
                        if (chained)
                        {
                            compute.dataDeps = {chain};
                        }
                        else
                        {
                            compute.dataDeps = input;
                            if (started)
                            {
                                compute.ctrlDeps = {previous};
                            }
                        }
                        chain = add(compute);
                        if (!chained)
                        {
                            op.first = chain;
                            chained = true;
                        }
                        if (plan)
                        {
                            plan->computeS += seconds / 2;
                        }
                        if (c.tp > 1)
                        {
                            chain = collective(CollectiveKind::ALLREDUCE,
                                               CollectiveAlgorithm::RING,
                                               "",
                                               c.ActivationBytes(),
                                               chain,
                                               "tp all-reduce");
                            if (plan)
                            {
                                plan->tp.push_back(chain);
                            }
                        }
                    }
                    if (moeLayers && c.model.IsMoeLayer(layer))
                    {
                        const uint32_t block = d / c.ep;
                        const uint64_t route =
                            (((uint64_t(p) * (c.dp / c.ep) + block) * c.microbatches + mb) *
                                 c.model.layers +
                             layer) *
                                2 +
                            (forward ? 1 : 0);
                        for (bool dispatch : {true, false})
                        {
                            chain = collective(CollectiveKind::ALLTOALL,
                                               CollectiveAlgorithm::DIRECT,
                                               EpGroup(block, p),
                                               moeBytes,
                                               chain,
                                               dispatch ? "ep dispatch" : "ep combine");
                            if (moe && d % c.ep == 0)
                            {
                                (*moe)[{r, chain}] = MoeStep{route, dispatch};
                            }
                            if (plan)
                            {
                                plan->ep.push_back(chain);
                            }
                        }
                    }
                    if (lastBackward && c.overlapDp && c.dp > 1)
                    {
                        // This layer's gradients are final: reduced across replicas in the
                        // background.
                        dataParallel(c.GradientBytes(layer), chain);
                    }
                }
                op.last = chain;
                if (forward ? p + 1 < c.pp : p > 0)
                {
                    ExecNode out;
                    out.kind = ExecNodeKind::SEND;
                    out.name = forward ? "activation" : "gradient";
                    out.peer = stage(d, forward ? p + 1 : p - 1);
                    out.tag = MessageTag(forward, mb);
                    out.bytes = message;
                    out.dataDeps = {chain};
                    sends[{r, out.peer, out.tag}] = add(out);
                }
                if (o + 1 == ops.size() && !c.overlapDp && c.dp > 1)
                {
                    double bytes = 0;
                    for (uint32_t l = first; l < first + layers; ++l)
                    {
                        bytes += c.GradientBytes(l);
                    }
                    dataParallel(bytes, chain);
                }
                if (!forward)
                {
                    ++backwards;
                }
                previous = chain;
                started = true;
                if (plan)
                {
                    plan->ops.push_back(op);
                }
            }
        }
    }
    // Where each op's input was sent from (node ids are indices: added in order from 0).
    for (uint32_t r = 0; plans && r < c.dp * c.pp; ++r)
    {
        const auto ops = Ops(r % c.pp);
        StagePlan& plan = (*plans)[r];
        for (std::size_t o = 0; o < ops.size(); ++o)
        {
            if (plan.ops[o].input)
            {
                plan.ops[o].send =
                    sends.at({plan.ops[o].from, r, MessageTag(ops[o].first, ops[o].second)});
            }
        }
    }
}

void
TrainingJob::Start(uint32_t iterations, std::function<void()> done)
{
    NS_ABORT_MSG_IF(!m_transport, "TrainingJob: Start before Setup");
    m_iterationsLeft = iterations;
    m_done = std::move(done);
    if (!m_executor)
    {
        auto graph = std::make_shared<ExecutionGraph>();
        Build(*graph, &m_plans, &m_moeSteps);
        m_executor = CreateObject<GraphExecutor>();
        m_executor->SetAttribute("Name", StringValue(m_name));
        m_executor->SetAttribute("MirrorReplicas", BooleanValue(m_mirror));
        m_executor->Setup(graph, m_transport, m_ranks, m_config.gpu);
        if (!m_moeSteps.empty())
        {
            m_executor->SetScheduleSource(
                [this](uint32_t rank, const ExecNode& node, uint32_t replica) {
                    return MoeSchedule(rank, node, replica);
                });
        }
        m_executor->TraceConnectWithoutContext(
            "CollectiveCompleted",
            MakeCallback(&TracedCallback<const CollectiveRecord&>::operator(), &m_collectiveTrace));
        if (!m_phaseStartTrace.IsEmpty() || !m_phaseEndTrace.IsEmpty())
        {
            using Phase =
                TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>;
            m_executor->TraceConnectWithoutContext(
                "PhaseStart",
                MakeCallback(&Phase::operator(), &m_phaseStartTrace));
            m_executor->TraceConnectWithoutContext(
                "PhaseEnd",
                MakeCallback(&Phase::operator(), &m_phaseEndTrace));
        }
    }
    m_executor->SetController(m_controller);
    if (iterations > 0)
    {
        StartIteration();
    }
}

std::shared_ptr<const CollectiveSchedule>
TrainingJob::MoeSchedule(uint32_t rank, const ExecNode& node, uint32_t t)
{
    const auto it = m_moeSteps.find({rank, node.id});
    if (it == m_moeSteps.end())
    {
        return nullptr;
    }
    const MoeStep& step = it->second;
    auto& routes = m_routing[step.route];
    if (routes.empty())
    {
        // Drawn as the first tensor rank's dispatch starts, for every tensor rank in order;
        // the combine returns what the dispatch sent.
        for (uint32_t t = 0; t < m_config.tp; ++t)
        {
            routes.push_back(m_moe->Route(m_config.ep));
        }
    }
    return std::make_shared<const CollectiveSchedule>(
        step.dispatch ? m_moe->BuildDispatch(routes[t]) : m_moe->BuildCombine(routes[t]));
}

void
TrainingJob::StartIteration()
{
    m_routing.clear();
    m_start = Simulator::Now();
    m_executor->Start([this]() { EndIteration(); });
}

void
TrainingJob::EndIteration()
{
    const TrainingConfig& c = m_config;
    IterationRecord it;
    it.index = static_cast<uint32_t>(m_iterations.size());
    it.start = m_start;
    it.end = Simulator::Now();
    const ExecutionSummary summary = m_executor->GetSummary();
    it.collectives = summary.collectives + summary.messages;
    it.bytes = summary.collectiveBytes + summary.messageBytes;
    // The busiest stage (the most compute; the first of them on a tie), as its first tensor
    // rank ran: the idle time between its ops, of which the wait for inputs in flight (PP).
    std::size_t busiest = 0;
    for (std::size_t s = 1; s < m_plans.size(); ++s)
    {
        busiest = m_plans[s].computeS > m_plans[busiest].computeS ? s : busiest;
    }
    Time lastStageDone = m_start;
    Time idle;
    Time ppWait;
    Time idleSince;
    for (std::size_t s = 0; s < m_plans.size(); ++s)
    {
        const uint32_t r = static_cast<uint32_t>(s);
        const StagePlan& plan = m_plans[s];
        Time since = m_start;
        for (const OpPlan& op : plan.ops)
        {
            const Time now = m_executor->GetRecord(r, op.first).start;
            if (s == busiest)
            {
                idle += now - since;
                if (op.input)
                {
                    const Time waitFrom =
                        std::max(since, m_executor->GetRecord(op.from, op.send).start);
                    if (now > waitFrom)
                    {
                        ppWait += now - waitFrom;
                    }
                }
            }
            since = m_executor->GetRecord(r, op.last).end;
        }
        lastStageDone = std::max(lastStageDone, since);
        if (s == busiest)
        {
            idleSince = since;
            for (std::size_t i : plan.tp)
            {
                const ExecNodeRecord& rec = m_executor->GetRecord(r, i);
                it.exposedTpS += (rec.end - rec.start).GetSeconds();
            }
            for (std::size_t i : plan.ep)
            {
                const ExecNodeRecord& rec = m_executor->GetRecord(r, i);
                it.exposedEpS += (rec.end - rec.start).GetSeconds();
            }
        }
    }
    const double compute = m_plans[busiest].computeS;
    it.computeS = compute;
    it.bubbleFormulaS = compute * (c.pp - 1.0) / c.microbatches;
    it.exposedPpS = ppWait.GetSeconds();
    const Time dpTail = it.end - lastStageDone;
    it.exposedDpS = dpTail.GetSeconds();
    it.exposedCommS = it.exposedTpS + it.exposedEpS + it.exposedPpS + it.exposedDpS;
    // The stage idled between its ops and after its last one (to the end); what of it was not
    // waiting on communication (PP inputs in flight, the DP tail) is the bubble.
    idle += it.end - idleSince;
    it.bubbleS = std::max(Time(0), idle - ppWait - dpTail).GetSeconds();
    m_iterations.push_back(it);
    m_iterationTrace(it);
    if (--m_iterationsLeft > 0)
    {
        Simulator::ScheduleNow(&TrainingJob::StartIteration, this);
    }
    else if (m_done)
    {
        optical::compat::ScheduleNow(m_done);
    }
}

} // namespace ns3
