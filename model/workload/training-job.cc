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
    m_transport = nullptr;
    m_live.clear();
    m_meetings.clear();
    m_done = nullptr;
    m_controller = nullptr;
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

TrainingJob::Stage&
TrainingJob::StageOf(uint32_t d, uint32_t p)
{
    return m_stages[d * m_config.pp + p];
}

void
TrainingJob::Start(uint32_t iterations, std::function<void()> done)
{
    NS_ABORT_MSG_IF(!m_transport, "TrainingJob: Start before Setup");
    m_iterationsLeft = iterations;
    m_done = std::move(done);
    if (iterations > 0)
    {
        StartIteration();
    }
}

void
TrainingJob::StartIteration()
{
    const TrainingConfig& c = m_config;
    const uint32_t m = c.microbatches;
    m_stages.assign(c.dp * c.pp, Stage{});
    m_meetings.clear();
    m_routing.clear();
    m_live.clear();
    m_stagesDone = 0;
    m_dpPending = 0;
    m_dpExpected = c.dp > 1 ? (c.overlapDp ? c.model.layers : c.pp) : 0;
    m_current = IterationRecord{};
    m_current.index = static_cast<uint32_t>(m_iterations.size());
    m_current.start = Simulator::Now();
    for (uint32_t d = 0; d < c.dp; ++d)
    {
        for (uint32_t p = 0; p < c.pp; ++p)
        {
            Stage& s = StageOf(d, p);
            s.forwardDone.assign(m, false);
            s.activationIn.assign(m, p == 0);
            s.gradientIn.assign(m, p == c.pp - 1);
            s.activationSent.assign(m, m_current.start);
            s.gradientSent.assign(m, m_current.start);
            s.idleSince = m_current.start;
            if (c.schedule == "gpipe")
            {
                for (uint32_t mb = 0; mb < m; ++mb)
                {
                    s.ops.emplace_back(true, mb);
                }
                for (uint32_t mb = m; mb-- > 0;)
                {
                    s.ops.emplace_back(false, mb);
                }
            }
            else
            {
                // 1F1B: warm-up forwards, then one forward one backward, then cool-down.
                const uint32_t warmup = std::min(c.pp - p - 1, m);
                for (uint32_t mb = 0; mb < warmup; ++mb)
                {
                    s.ops.emplace_back(true, mb);
                }
                for (uint32_t i = 0; i + warmup < m; ++i)
                {
                    s.ops.emplace_back(true, warmup + i);
                    s.ops.emplace_back(false, i);
                }
                for (uint32_t mb = m - warmup; mb < m; ++mb)
                {
                    s.ops.emplace_back(false, mb);
                }
            }
        }
    }
    for (uint32_t d = 0; d < c.dp; ++d)
    {
        for (uint32_t p = 0; p < c.pp; ++p)
        {
            TryNext(d, p);
        }
    }
}

void
TrainingJob::TryNext(uint32_t d, uint32_t p)
{
    Stage& s = StageOf(d, p);
    if (s.busy || s.next >= s.ops.size())
    {
        return;
    }
    const auto [forward, mb] = s.ops[s.next];
    const bool ready = forward ? s.activationIn[mb] : (s.forwardDone[mb] && s.gradientIn[mb]);
    if (!ready)
    {
        return;
    }
    // The stage idled since its last op: while the input it needed was in flight (from its
    // send to now), it waited on communication; before, on its neighbour (the bubble).
    const Time now = Simulator::Now();
    s.idle += now - s.idleSince;
    const bool needsInput = forward ? p > 0 : p + 1 < m_config.pp;
    if (needsInput)
    {
        const Time sent = forward ? s.activationSent[mb] : s.gradientSent[mb];
        const Time waitFrom = std::max(s.idleSince, sent);
        if (now > waitFrom)
        {
            s.ppWait += now - waitFrom;
        }
    }
    s.busy = true;
    ++s.next;
    RunOp(d, p, forward, mb);
}

TrainingJob::Step
TrainingJob::Compute(uint32_t d, uint32_t p, double seconds)
{
    return [this, d, p, seconds](std::function<void()> next) {
        StageOf(d, p).computeS += seconds;
        optical::compat::Schedule(Seconds(seconds), next);
    };
}

TrainingJob::Step
TrainingJob::Blocking(uint32_t d, uint32_t p, bool tensor, Step step)
{
    return [this, d, p, tensor, step](std::function<void()> next) {
        const Time start = Simulator::Now();
        step([this, d, p, tensor, start, next]() {
            Stage& s = StageOf(d, p);
            (tensor ? s.tpWaitS : s.epWaitS) += (Simulator::Now() - start).GetSeconds();
            next();
        });
    };
}

void
TrainingJob::Sequence(std::shared_ptr<const std::vector<Step>> steps,
                      std::size_t i,
                      std::function<void()> done)
{
    if (i == steps->size())
    {
        done();
        return;
    }
    // The steps are shared by every continuation: nothing is copied from one step to the next.
    (*steps)[i]([this, steps, i, done]() { Sequence(steps, i + 1, done); });
}

void
TrainingJob::RunOp(uint32_t d, uint32_t p, bool forward, uint32_t mb)
{
    const TrainingConfig& c = m_config;
    const uint32_t layers = c.LayersOfStage(p);
    const uint32_t first = c.FirstLayerOfStage(p);
    const bool lastBackward = !forward && StageOf(d, p).backwardsDone + 1 == c.microbatches;
    std::vector<uint32_t> tpGroup;
    for (uint32_t t = 0; t < c.tp; ++t)
    {
        tpGroup.push_back(c.Rank(d, p, t));
    }
    const double flopRate = c.gpu.peakFlops * c.gpu.mfu;
    std::vector<Step> steps;
    for (uint32_t k = 0; k < layers; ++k)
    {
        const uint32_t layer = forward ? first + k : first + layers - 1 - k;
        const double seconds = c.LayerForwardFlops(layer) / flopRate * (forward ? 1.0 : 2.0);
        for (int half = 0; half < 2; ++half)
        {
            steps.push_back(Compute(d, p, seconds / 2));
            if (c.tp > 1)
            {
                const double bytes = c.ActivationBytes();
                steps.push_back(
                    Blocking(d, p, true, [this, tpGroup, bytes](std::function<void()> next) {
                        RunCollective(CollectiveKind::ALLREDUCE,
                                      CollectiveAlgorithm::RING,
                                      tpGroup,
                                      bytes,
                                      next);
                    }));
            }
        }
        if (c.model.IsMoeLayer(layer) && c.ep > 1)
        {
            for (const char* which : {"dispatch", "combine"})
            {
                const std::string key = "ep:" + std::to_string(p) + ":" + std::to_string(d / c.ep) +
                                        ":" + std::to_string(mb) + ":" + std::to_string(layer) +
                                        ":" + (forward ? "f:" : "b:") + which;
                const uint32_t block = d / c.ep;
                steps.push_back(
                    Blocking(d, p, false, [this, key, block, p](std::function<void()> next) {
                        const TrainingConfig& cc = m_config;
                        Meet(
                            key,
                            cc.ep,
                            [this, block, p, key](std::function<void()> done) {
                                auto left = std::make_shared<uint32_t>(m_config.tp);
                                const bool dispatch = key.find("dispatch") != std::string::npos;
                                for (uint32_t t = 0; t < m_config.tp; ++t)
                                {
                                    std::vector<uint32_t> group;
                                    for (uint32_t e = 0; e < m_config.ep; ++e)
                                    {
                                        group.push_back(
                                            m_config.Rank(block * m_config.ep + e, p, t));
                                    }
                                    // Combine returns what dispatch sent: same routing.
                                    const std::string route =
                                        key.substr(0, key.rfind(':')) + ":" + std::to_string(t);
                                    if (dispatch)
                                    {
                                        m_routing[route] = m_moe->Route(m_config.ep);
                                    }
                                    const auto& counts = m_routing[route];
                                    RunSchedule(std::make_shared<const CollectiveSchedule>(
                                                    dispatch ? m_moe->BuildDispatch(counts)
                                                             : m_moe->BuildCombine(counts)),
                                                group,
                                                [left, done]() {
                                                    if (--*left == 0)
                                                    {
                                                        done();
                                                    }
                                                });
                                }
                            },
                            next);
                    }));
            }
        }
        if (lastBackward && c.overlapDp && c.dp > 1)
        {
            // This layer's gradients are final: reduce them across replicas in the background.
            const double bytes = c.GradientBytes(layer);
            steps.push_back([this, p, layer, bytes](std::function<void()> next) {
                Meet(
                    "dp:" + std::to_string(p) + ":" + std::to_string(layer),
                    m_config.dp,
                    [this, p, bytes](std::function<void()> done) {
                        DataParallel(p, bytes);
                        done();
                    },
                    [] {});
                next();
            });
        }
    }
    Sequence(std::make_shared<const std::vector<Step>>(std::move(steps)),
             0,
             [this, d, p, forward, mb]() { FinishOp(d, p, forward, mb); });
}

void
TrainingJob::FinishOp(uint32_t d, uint32_t p, bool forward, uint32_t mb)
{
    const TrainingConfig& c = m_config;
    Stage& s = StageOf(d, p);
    const uint32_t peer = forward ? p + 1 : p - 1;
    const bool send = forward ? p + 1 < c.pp : p > 0;
    if (forward)
    {
        s.forwardDone[mb] = true;
    }
    else
    {
        ++s.backwardsDone;
    }
    if (send)
    {
        // Activations forward, gradients backward: b s h bytes / TP from each tensor rank.
        Stage& receiver = StageOf(d, peer);
        (forward ? receiver.activationSent : receiver.gradientSent)[mb] = Simulator::Now();
        auto left = std::make_shared<uint32_t>(c.tp);
        for (uint32_t t = 0; t < c.tp; ++t)
        {
            RunCollective(CollectiveKind::SENDRECV,
                          CollectiveAlgorithm::DIRECT,
                          {c.Rank(d, p, t), c.Rank(d, peer, t)},
                          c.ActivationBytes() / c.tp,
                          [this, left, d, peer, forward, mb]() {
                              if (--*left > 0)
                              {
                                  return;
                              }
                              Stage& to = StageOf(d, peer);
                              (forward ? to.activationIn : to.gradientIn)[mb] = true;
                              TryNext(d, peer);
                          });
        }
    }
    s.busy = false;
    s.idleSince = Simulator::Now();
    if (s.next == s.ops.size())
    {
        ++m_stagesDone;
        m_lastStageDone = Simulator::Now();
        if (!c.overlapDp && c.dp > 1)
        {
            double bytes = 0;
            for (uint32_t l = c.FirstLayerOfStage(p);
                 l < c.FirstLayerOfStage(p) + c.LayersOfStage(p);
                 ++l)
            {
                bytes += c.GradientBytes(l);
            }
            Meet(
                "dp:" + std::to_string(p),
                c.dp,
                [this, p, bytes](std::function<void()> done) {
                    DataParallel(p, bytes);
                    done();
                },
                [] {});
        }
        MaybeEndIteration();
    }
    TryNext(d, p);
}

void
TrainingJob::DataParallel(uint32_t p, double bytes)
{
    const TrainingConfig& c = m_config;
    --m_dpExpected;
    for (uint32_t t = 0; t < c.tp; ++t)
    {
        std::vector<uint32_t> group;
        for (uint32_t d = 0; d < c.dp; ++d)
        {
            group.push_back(c.Rank(d, p, t));
        }
        ++m_dpPending;
        auto finished = [this]() {
            --m_dpPending;
            MaybeEndIteration();
        };
        if (c.zero)
        {
            RunCollective(CollectiveKind::REDUCESCATTER,
                          CollectiveAlgorithm::RING,
                          group,
                          bytes,
                          [this, group, bytes, finished]() {
                              RunCollective(CollectiveKind::ALLGATHER,
                                            CollectiveAlgorithm::RING,
                                            group,
                                            bytes,
                                            finished);
                          });
        }
        else
        {
            RunCollective(CollectiveKind::ALLREDUCE, c.dpAlgorithm, group, bytes, finished);
        }
    }
}

void
TrainingJob::Meet(const std::string& key,
                  uint32_t expected,
                  std::function<void(std::function<void()>)> launch,
                  std::function<void()> continuation)
{
    Meeting& meeting = m_meetings[key];
    meeting.waiters.push_back(std::move(continuation));
    if (++meeting.arrived < expected)
    {
        return;
    }
    launch([this, key]() {
        std::vector<std::function<void()>> waiters = std::move(m_meetings[key].waiters);
        m_meetings.erase(key);
        for (auto& w : waiters)
        {
            w();
        }
    });
}

void
TrainingJob::RunCollective(CollectiveKind kind,
                           CollectiveAlgorithm algorithm,
                           const std::vector<uint32_t>& jobRanks,
                           double bytes,
                           std::function<void()> done)
{
    if (jobRanks.size() < 2 || bytes <= 0)
    {
        optical::compat::ScheduleNow(done);
        return;
    }
    const uint64_t size = std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(bytes)));
    RunSchedule(m_schedules.Get(kind,
                                algorithm,
                                static_cast<uint32_t>(jobRanks.size()),
                                size,
                                "TrainingJob '" + m_name + "'"),
                jobRanks,
                std::move(done));
}

void
TrainingJob::RunSchedule(std::shared_ptr<const CollectiveSchedule> schedule,
                         const std::vector<uint32_t>& jobRanks,
                         std::function<void()> done)
{
    if (schedule->GetOps().empty())
    {
        optical::compat::ScheduleNow(done);
        return;
    }
    std::vector<uint32_t> ranks;
    for (uint32_t r : jobRanks)
    {
        ranks.push_back(m_ranks[r]);
    }
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
    ++m_current.collectives;
    m_current.bytes += static_cast<double>(schedule->GetBytes());
    m_live.push_back(collective);
    collective->Start([this, done](const CollectiveRecord& record) {
        m_collectiveTrace(record);
        done();
    });
}

void
TrainingJob::MaybeEndIteration()
{
    const TrainingConfig& c = m_config;
    if (m_stagesDone < c.dp * c.pp || m_dpExpected > 0 || m_dpPending > 0)
    {
        return;
    }
    m_current.end = Simulator::Now();
    const Stage* busiest = &m_stages.front();
    for (const auto& s : m_stages)
    {
        busiest = s.computeS > busiest->computeS ? &s : busiest;
    }
    const double compute = busiest->computeS;
    m_current.computeS = compute;
    m_current.bubbleFormulaS = compute * (c.pp - 1.0) / c.microbatches;
    m_current.exposedTpS = busiest->tpWaitS;
    m_current.exposedEpS = busiest->epWaitS;
    m_current.exposedPpS = busiest->ppWait.GetSeconds();
    const Time dpTail = m_current.end - m_lastStageDone;
    m_current.exposedDpS = dpTail.GetSeconds();
    m_current.exposedCommS =
        m_current.exposedTpS + m_current.exposedEpS + m_current.exposedPpS + m_current.exposedDpS;
    // The stage idled between its ops and after its last one (to the end); what of it was not
    // waiting on communication (PP inputs in flight, the DP tail) is the bubble.
    const Time idle = busiest->idle + (m_current.end - busiest->idleSince);
    m_current.bubbleS = std::max(Time(0), idle - busiest->ppWait - dpTail).GetSeconds();
    m_iterations.push_back(m_current);
    m_iterationTrace(m_current);
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
