/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-serving-study.h"

#include "inference-server-helper.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flow-network.h"
#include "ns3/inference-pager.h"
#include "ns3/inference-scheduler.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/training-job-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceServingStudy");

namespace
{

/// The InferenceService attributes' current defaults (ns-3 Config defaults may change them).
struct ServiceDefaults
{
    double reserve{0.1};
    uint32_t blockTokens{16};
};

ServiceDefaults
GetServiceDefaults()
{
    Ptr<InferenceService> probe = CreateObject<InferenceService>();
    DoubleValue reserve;
    UintegerValue block;
    probe->GetAttribute("MemoryReserve", reserve);
    probe->GetAttribute("BlockTokens", block);
    return {reserve.Get(), static_cast<uint32_t>(block.Get())};
}

InferenceServerHelper
MakeServerHelper(const InferenceServingConfig& c)
{
    InferenceServerHelper server;
    server.SetGpu(c.gpu);
    if (c.scaleUpRate.GetBitRate() > 0)
    {
        server.SetScaleUpRate(c.scaleUpRate);
    }
    server.SetPcieRate(c.pcieRate);
    server.SetFabricPorts(c.fabricPorts);
    if (c.fabricPorts > 0)
    {
        server.SetFabricPortRate(c.fabricPortRate);
        server.SetFabricDelay(c.fabricDelay);
    }
    server.SetHostMemory(static_cast<uint64_t>(c.hostMemoryBytes));
    return server;
}

Ptr<InferenceScheduler>
MakeScheduler(const InferenceServingConfig& c)
{
    if (c.scheduler == "admission")
    {
        Ptr<AdmissionScheduler> s = CreateObject<AdmissionScheduler>();
        s->SetAttribute(
            "Preemption",
            EnumValue(c.recompute ? AdmissionScheduler::RECOMPUTE : AdmissionScheduler::NONE));
        return s;
    }
    Ptr<TimeSliceScheduler> s = CreateObject<TimeSliceScheduler>();
    s->SetAttribute("SliceIterations", UintegerValue(c.sliceIterations));
    return s;
}

/// Where the GPUs' pages may go: the host's DRAM, and each serving GPU's lender.
struct PageMemories
{
    std::shared_ptr<InferenceMemoryPool> host;               //!< The host's DRAM
    std::vector<std::shared_ptr<InferenceMemoryPool>> peers; //!< Lent HBM, per lending GPU
    std::vector<int32_t> lender;                             //!< Per GPU: its lender or -1
};

/// The pager of a configuration: over the fabric (steering it) or through the transport.
Ptr<InferencePager>
MakePager(const InferenceServingConfig& c, const InferenceServers& s)
{
    if (c.pageTo == "fabric")
    {
        Ptr<FabricInferencePager> fabric = CreateObject<FabricInferencePager>();
        InferenceServerHelper::ConfigurePager(fabric, s);
        return fabric;
    }
    Ptr<InferencePager> pager = CreateObject<InferencePager>();
    pager->SetTransport(s.transport);
    return pager;
}

/// Who lends to whom: serving GPUs need memory for their KV, the others lend their spare HBM.
PageMemories
PlaceMemories(const InferenceServingConfig& c, const InferenceCost& cost)
{
    const ServiceDefaults d = GetServiceDefaults();
    const double kvBytes =
        cost.KvBlocksPerGpu(d.reserve, d.blockTokens) * cost.BlockBytesPerGpu(d.blockTokens);
    std::vector<double> need(c.gpus, 0);
    std::vector<double> spare(c.gpus, 0);
    for (uint32_t g = 0; g < c.gpus; ++g)
    {
        (g < c.servingGpus ? need[g] : spare[g]) = g < c.servingGpus ? kvBytes : c.peerSpareBytes;
    }
    PageMemories m;
    m.lender = InferencePlacer::Pair(need, spare);
    m.host = std::make_shared<InferenceMemoryPool>("host0", c.hostMemoryBytes);
    m.peers.resize(c.gpus);
    for (uint32_t g = c.servingGpus; g < c.gpus; ++g)
    {
        m.peers[g] =
            std::make_shared<InferenceMemoryPool>("gpu0." + std::to_string(g), c.peerSpareBytes);
    }
    return m;
}

/// The page-target levels of instance \p i: its GPUs' lenders (unless paging to the host, or
/// one of its GPUs has none), then the host.
std::vector<std::vector<InferencePageTarget>>
PageLevels(const InferenceServingConfig& c,
           const InferenceServers& s,
           Ptr<InferencePager> pager,
           const PageMemories& m,
           uint32_t i)
{
    std::vector<InferencePageTarget> peerLevel;
    std::vector<InferencePageTarget> hostLevel;
    bool allPaired = true;
    for (uint32_t t = 0; t < c.tp; ++t)
    {
        const uint32_t g = i * c.tp + t;
        hostLevel.push_back({"host", s.HostRank(0), m.host, pager});
        if (m.lender[g] < 0)
        {
            allPaired = false;
            continue;
        }
        peerLevel.push_back({c.pageTo, s.GpuRank(0, m.lender[g]), m.peers[m.lender[g]], pager});
    }
    std::vector<std::vector<InferencePageTarget>> levels;
    if (c.pageTo != "host" && allPaired)
    {
        levels.push_back(peerLevel);
    }
    levels.push_back(hostLevel);
    return levels;
}

} // namespace

uint64_t
InferenceServingStudy::KvCapacityTokens(const InferenceServingConfig& config)
{
    const ServiceDefaults d = GetServiceDefaults();
    InferenceCost cost(config.model, config.gpu, config.tp, config.kvBytesPerElement);
    return cost.KvBlocksPerGpu(d.reserve, d.blockTokens) * d.blockTokens;
}

std::string
InferenceServingStudy::Check(const InferenceServingConfig& c)
{
    if (c.scheduler != "admission" && c.scheduler != "timeslice")
    {
        return "--scheduler='" + c.scheduler + "' (allowed: admission, timeslice)";
    }
    if (c.pageTo != "host" && c.pageTo != "peer" && c.pageTo != "fabric")
    {
        return "--pageTo='" + c.pageTo + "' (allowed: host, peer, fabric)";
    }
    if (c.tp == 0 || c.gpus == 0 || c.servingGpus == 0 || c.servingGpus % c.tp != 0 ||
        c.servingGpus > c.gpus)
    {
        return "--servingGpus=" + std::to_string(c.servingGpus) +
               " with --tp=" + std::to_string(c.tp) + " on " + std::to_string(c.gpus) +
               " GPUs (allowed: a multiple of tp, at most the GPUs)";
    }
    if (c.scheduler == "timeslice" && c.sliceIterations == 0)
    {
        return "--slice=0 (allowed: at least one iteration)";
    }
    const ServiceDefaults d = GetServiceDefaults();
    InferenceCost cost(c.model, c.gpu, c.tp, c.kvBytesPerElement);
    if (const std::string fits = cost.CheckFits(d.reserve, d.blockTokens); !fits.empty())
    {
        return "--model=" + c.model.name + " --gpu=" + c.gpu.name +
               " --tp=" + std::to_string(c.tp) + ": " + fits;
    }
    if (c.pageTo != "host" && c.servingGpus == c.gpus)
    {
        return "--pageTo=" + c.pageTo + " with every one of the " + std::to_string(c.gpus) +
               " GPUs serving: no peer GPU lends memory (allowed: servingGpus < gpus)";
    }
    if (c.pageTo == "fabric" && c.fabricPorts == 0)
    {
        return "--pageTo=fabric on a server that has no photonic fabric (allowed with "
               "--fabricPorts > 0)";
    }
    if (c.pageTo == "fabric" && BackendRegistry::Get(c.backend).level != NetworkLevel::FLOW)
    {
        return "--pageTo=fabric with --backend=" + c.backend.GetName() +
               " (allowed: a flow-level backend; fabric circuits carry flows only)";
    }
    if (c.colocateTraining && c.gpus - c.servingGpus < 2)
    {
        return "--colocate=training: a co-located training job needs at least 2 lending GPUs, "
               "not " +
               std::to_string(c.gpus - c.servingGpus);
    }
    return MakeServerHelper(c).Check(1, c.gpus);
}

InferenceServingOutcome
InferenceServingStudy::Run(const InferenceServingConfig& c,
                           const std::vector<InferenceRequestSpec>& requests,
                           int64_t seed,
                           OpticalTimeline* timeline)
{
    const std::string problem = Check(c);
    NS_ABORT_MSG_IF(!problem.empty(), "InferenceServingStudy: " << problem);
    InferenceServerHelper server = MakeServerHelper(c);
    InferenceServers s = BackendRegistry::Get(c.backend).level == NetworkLevel::FLOW
                             ? server.InstallFlow(CreateObject<FlowNetwork>(), 1, c.gpus)
                             : server.InstallPacket(1, c.gpus);

    Ptr<InferencePager> pager = MakePager(c, s);
    InferenceCost cost(c.model, c.gpu, c.tp, c.kvBytesPerElement);
    const PageMemories memories = PlaceMemories(c, cost);

    const uint32_t instances = c.servingGpus / c.tp;
    std::vector<Ptr<InferenceService>> services;
    std::vector<std::vector<InferenceRequestSpec>> dealt(instances);
    for (size_t j = 0; j < requests.size(); ++j)
    {
        dealt[j % instances].push_back(requests[j]);
    }
    auto left = std::make_shared<uint64_t>(requests.size());
    const uint32_t process = timeline ? timeline->AddProcess("inference") : 0;
    if (timeline)
    {
        const uint32_t track = timeline->AddTrack(process, "paging");
        pager->TraceConnectWithoutContext("Paged",
                                          MakeCallback(+[](OpticalTimeline* t,
                                                           uint32_t p,
                                                           uint32_t k,
                                                           uint32_t src,
                                                           uint32_t dst,
                                                           uint64_t,
                                                           Time duration) {
                                              const Time now = Simulator::Now();
                                              t->AddSlice(p,
                                                          k,
                                                          "rank " + std::to_string(src) +
                                                              " -> rank " + std::to_string(dst),
                                                          "page",
                                                          now - duration,
                                                          now);
                                          }).Bind(timeline, process, track));
    }
    for (uint32_t i = 0; i < instances; ++i)
    {
        std::vector<uint32_t> ranks;
        for (uint32_t t = 0; t < c.tp; ++t)
        {
            ranks.push_back(s.GpuRank(0, i * c.tp + t));
        }
        Ptr<InferenceService> service = CreateObject<InferenceService>();
        service->SetInstance(cost, s.transport, ranks);
        service->SetPageTargets(PageLevels(c, s, pager, memories, i));
        service->SetScheduler(MakeScheduler(c));
        const std::string bad = service->Check();
        NS_ABORT_MSG_IF(!bad.empty(), "InferenceServingStudy: " << bad);
        service->TraceConnectWithoutContext(
            "RequestCompleted",
            MakeCallback(+[](std::shared_ptr<uint64_t> n, const InferenceRequestRecord&) {
                if (--*n == 0)
                {
                    Simulator::Stop(); // the co-located job would run on
                }
            }).Bind(left));
        if (timeline)
        {
            const uint32_t track = timeline->AddTrack(process, "instance " + std::to_string(i));
            service->TraceConnectWithoutContext("Iteration",
                                                MakeCallback(+[](OpticalTimeline* t,
                                                                 uint32_t p,
                                                                 uint32_t k,
                                                                 uint32_t sequences,
                                                                 uint64_t tokens,
                                                                 Time duration) {
                                                    const Time now = Simulator::Now();
                                                    t->AddSlice(
                                                        p,
                                                        k,
                                                        std::to_string(sequences) + " requests, " +
                                                            std::to_string(tokens) + " tokens",
                                                        "iteration",
                                                        now - duration,
                                                        now);
                                                }).Bind(timeline, process, track));
        }
        service->Submit(dealt[i]);
        services.push_back(service);
    }

    Ptr<TrainingJob> job;
    if (c.colocateTraining)
    {
        std::vector<std::pair<uint32_t, uint32_t>> gpus;
        for (uint32_t g = c.servingGpus; g < c.gpus; ++g)
        {
            gpus.emplace_back(0, g);
        }
        TrainingConfig tc;
        tc.model = c.trainingModel;
        tc.gpu = c.gpu;
        tc.dp = gpus.size();
        std::string error;
        job = TrainingJobHelper().Install(server.MakeSubTransport(s, gpus),
                                          tc,
                                          {},
                                          "training",
                                          &error);
        NS_ABORT_MSG_IF(!job, "InferenceServingStudy: co-located job: " << error);
        job->AssignStreams(seed);
        job->Start(c.trainingIterations);
    }

    if (!requests.empty())
    {
        Simulator::Run();
    }
    InferenceServingOutcome out;
    std::vector<float> gaps;
    for (const auto& service : services)
    {
        const auto records = service->GetRecords();
        out.records.insert(out.records.end(), records.begin(), records.end());
        gaps.insert(gaps.end(), service->GetTokenGaps().begin(), service->GetTokenGaps().end());
        out.iterations += service->GetIterations();
        out.kvCapacityBlocks = service->GetKvCache().GetCapacity();
        out.kvPeakBlocks = std::max(out.kvPeakBlocks, service->GetKvCache().GetPeakUsed());
    }
    std::sort(out.records.begin(), out.records.end(), [](const auto& a, const auto& b) {
        return a.id < b.id;
    });
    out.summary = InferenceSummary::Of(out.records, gaps);
    out.durationS = out.summary.makespan;
    out.pagingBusyS = pager->GetBusyTime().GetSeconds();
    out.events = Simulator::GetEventCount();
    if (job)
    {
        if (timeline && job->GetExecutor())
        {
            job->GetExecutor()->AddToTimeline(*timeline);
        }
        out.trainingIterations = job->GetIterations().size();
        job->Dispose();
    }
    for (auto& service : services)
    {
        service->Dispose();
    }
    Simulator::Destroy();
    return out;
}

double
InferenceServingStudy::ResponsivenessGain(const std::vector<InferenceRequestRecord>& admission,
                                          const std::vector<InferenceRequestRecord>& other,
                                          const std::function<bool(Time)>& inBurst)
{
    auto select = [&inBurst](Time t) { return !inBurst || inBurst(t); };
    const double base = InferenceSummary::MeanTtft(admission, select);
    const double ours = InferenceSummary::MeanTtft(other, select);
    return ours > 0 ? base / ours : std::numeric_limits<double>::quiet_NaN();
}

std::string
InferenceServingStudy::CheckLongPrompt(const InferenceServingConfig& config,
                                       uint64_t promptTokens,
                                       uint64_t outputTokens)
{
    InferenceCost cost(config.model, config.gpu, config.tp, config.kvBytesPerElement);
    const double tokens = promptTokens + outputTokens - 1.0;
    const double overflow =
        std::max(0.0, tokens - KvCapacityTokens(config)) * cost.KvBytesPerTokenPerGpu();
    // The host for every page target; the peer too when it pages there (both runs must go).
    const double room = config.hostMemoryBytes;
    if (overflow > room)
    {
        std::ostringstream os;
        os << "--longPrompt=" << promptTokens << ": its KV beyond one GPU, " << overflow / 1e9
           << " GB per GPU, exceeds the host memory for pages (--hostMemory " << room / 1e9
           << " GB; the host run pages there only)";
        return os.str();
    }
    return "";
}

double
InferenceServingStudy::LongPromptThroughput(InferenceServingConfig config,
                                            const std::string& pageTo,
                                            uint64_t promptTokens,
                                            uint64_t outputTokens)
{
    NS_ABORT_MSG_IF(outputTokens < 2, "LongPromptThroughput: output of " << outputTokens);
    config.scheduler = "timeslice";
    config.pageTo = pageTo;
    config.servingGpus = config.tp;
    config.colocateTraining = false;
    const InferenceServingOutcome out = Run(config, {{0, Seconds(0), promptTokens, outputTokens}});
    const InferenceRequestRecord& r = out.records.at(0);
    NS_ABORT_MSG_IF(r.rejected,
                    "LongPromptThroughput: a prompt of " << promptTokens
                                                         << " tokens does not fit the GPU and "
                                                            "every page memory together");
    NS_ABORT_MSG_IF(r.end == Time::Max(), "LongPromptThroughput: the prompt did not complete");
    return (outputTokens - 1) / (r.end - r.firstToken).GetSeconds();
}

} // namespace ns3
