/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Hybrid-parallel training iterations at packet level.
 *
 * GPUs are hosts behind a non-blocking switch (one scale-out NIC each); consecutive
 * --gpusPerServer GPUs share a scale-up domain (NVLink-like) of the GPU type's bandwidth.
 * Ranks are placed TP innermost, then PP, then DP. Prints the iteration time and its
 * breakdown, and records every iteration in the results store (table ev_iterations).
 * --writeChakra=DIR writes the iteration's execution graph as a Chakra trace (one file per
 * GPU, replayable with chakra-replay); --timeline=FILE.json the last iteration as a Perfetto
 * timeline. --mirrorReplicas simulates each stage's TP replicas as one where that is exact
 * (flow level; refused before the run otherwise).
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string model = "tiny";
    std::string gpu = "h100";
    TrainingLayout layout;
    layout.gpus = 8;
    layout.dp = 2;
    layout.tp = 2;
    layout.pp = 2;
    layout.microbatches = 4;
    layout.maxGpus = 16384;
    uint32_t iterations = 1;
    std::string schedule = "1f1b";
    bool overlap = true;
    bool zero = false;
    Backend backend = Backend::PACKET;
    std::string tcp = "ns3::TcpNewReno";
    double moeZipf = 0;
    bool moePayloadEfficient = true;
    ScaleOutFabricOptions fabric;
    std::string chakraDir;
    std::string timelinePath;
    bool mirror = false;

    OpticalExperiment exp("training-iteration", "Hybrid-parallel training iterations");
    exp.AddText("model", "Model name (data/models.csv)", model, false);
    exp.AddText("gpu", "GPU type: h100, h200, gb200 (data/gpu-types.csv)", gpu, false);
    TrainingLayoutOptions::Add(exp, layout, {true}); // --ep

    exp.AddCount("iterations", "Iterations to run (the last is reported)", iterations, 1, 10000);
    exp.AddEnum("schedule", "Pipeline schedule", schedule, {"1f1b", "gpipe"});
    exp.AddFlag("overlap", "Overlap the DP gradient all-reduce with the last backward", overlap);
    exp.AddFlag("zero", "DP as reduce-scatter + all-gather (ZeRO/FSDP)", zero);
    fabric.Add(exp); // --linkRate, --linkDelay, --topology
    exp.AddBackend("backend", "Network model (the same topology at every level)", backend);
    exp.AddText("tcp",
                "TCP variant (ns3::TcpNewReno, ns3::TcpCubic, ns3::TcpDctcp, ...)",
                tcp,
                false);
    exp.AddReal("moeZipf",
                "MoE routing skew: Zipf exponent of expert popularity (0: uniform)",
                moeZipf,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddFlag("moePayloadEfficient",
                "MoE: send only real tokens (true) or pad every transfer to capacity",
                moePayloadEfficient);
    exp.AddFlag("mirrorReplicas",
                "Simulate the TP replicas of each stage as one where that is exact (flow level, "
                "each replica's traffic on links of its own: TrainingJob's MirrorReplicas); "
                "refused before the run, with the reason, where it is not",
                mirror);
    exp.AddOutputDirectory("writeChakra",
                           "Write the iteration as a Chakra trace here (training.RANK.et per GPU; "
                           "empty: none)",
                           chakraDir);
    exp.AddOutputFile("timeline",
                      "Timeline of the last iteration (Chrome trace JSON for ui.perfetto.dev; "
                      "empty: none)",
                      timelinePath);
    exp.Parse(argc, argv);

    std::string error;
    exp.Require(CollectiveHelper::SetTcpVariant(tcp, &error), "tcp", error);
    TrainingConfig config;
    exp.Require(TrainingJobHelper::Configure(model, gpu, config, error), "model", error);
    config.schedule = schedule;
    config.overlapDp = overlap;
    config.zero = zero;
    config.moeZipf = moeZipf;
    config.moePayloadEfficient = moePayloadEfficient;
    std::string culprit;
    exp.Require(layout.Apply(config, culprit, error), culprit, error);
    const uint32_t gpus = layout.gpus;
    const uint32_t gpusPerServer = layout.gpusPerServer;
    if (gpusPerServer > 0 && config.tp > gpusPerServer)
    {
        exp.Note("--tp=" + std::to_string(config.tp) + " is more than --gpusPerServer=" +
                 std::to_string(gpusPerServer) + ": each TP group spans " +
                 std::to_string((config.tp + gpusPerServer - 1) / gpusPerServer) +
                 " servers, and its traffic crosses the scale-out network");
    }
    // The network before Start: a fabric that cannot hold the GPUs, or a backend that cannot
    // work on it, is refused before the run.
    NodeContainer nodes(gpus);
    fabric.Build(exp, nodes, gpusPerServer);
    const std::string work =
        TrainingJobHelper::DescribePacketWork(config, backend, gpusPerServer, iterations);
    if (!work.empty())
    {
        exp.Note(work);
    }
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(config.gpu.scaleUpBps))));
    exp.Require(collectives.CheckNetwork(nodes, backend, error), "backend", error);
    Ptr<CollectiveTransport> transport = collectives.Install(nodes, gpusPerServer, backend);
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config, {}, "job0");
    if (mirror)
    {
        exp.Require(job->CheckMirroring(error), "mirrorReplicas", error);
        job->SetAttribute("MirrorReplicas", BooleanValue(true));
    }
    exp.Start();

    job->AssignStreams(0); // MoE routing: --RngRun picks the run
    if (!chakraDir.empty())
    {
        if (!ChakraTrace::Write(job->BuildGraph(), chakraDir, "training", false, error))
        {
            exp.Fail("--writeChakra=" + chakraDir + ": " + error);
        }
        if (config.model.experts > 0 && config.ep > 1)
        {
            exp.Note("--writeChakra: Chakra has no routing, so each MoE all-to-all is written "
                     "with its expected bytes (T x k x H x bytes per rank), uniform");
        }
    }
    std::vector<CollectiveRecord> collectiveRecords;
    job->TraceConnectWithoutContext(
        "CollectiveCompleted",
        MakeCallback(+[](std::vector<CollectiveRecord>* v, const CollectiveRecord& r) {
            v->push_back(r);
        }).Bind(&collectiveRecords));
    optical::compat::Schedule(MilliSeconds(1), [job, iterations]() { job->Start(iterations); });
    // Progress: scale-out bytes delivered over the job's estimate of them.
    const double outBytes = config.EstimateBytesPerIteration(gpusPerServer) * iterations;
    exp.SetProgressMeasure([transport, outBytes]() {
        const CollectiveTransportCounters& c = transport->GetCounters();
        return outBytes > 0 ? double(c.bytesDelivered - c.scaleUpBytes) / outBytes : 0.0;
    });
    exp.Run(Seconds(36000));
    if (job->GetIterations().size() != iterations)
    {
        const std::string stall = transport->DescribeStall();
        exp.Fail("only " + std::to_string(job->GetIterations().size()) + " of " +
                     std::to_string(iterations) + " iterations completed" +
                     (stall.empty() ? "" : ": " + stall),
                 2);
    }
    const auto records = job->GetIterations();
    if (!timelinePath.empty())
    {
        OpticalTimeline timeline;
        job->GetExecutor()->AddToTimeline(timeline);
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    Simulator::Destroy();

    IterationTable().Write(exp.GetStore(), exp.GetRunId(), "job0", records);
    if (ResultsStore* store = exp.GetStore())
    {
        CollectiveHelper::WriteRecords(*store, exp.GetRunId(), collectiveRecords);
    }
    const IterationRecord& last = records.back();
    const double t = (last.end - last.start).GetSeconds();
    exp.Metric("iteration-time-ms", t * 1e3, "ms");
    exp.Metric("compute-ms", last.computeS * 1e3, "ms");
    exp.Metric("exposed-comm-ms", last.exposedCommS * 1e3, "ms");
    exp.Metric("bubble-pct", 100 * last.bubbleS / t, "%");
    exp.Metric("bubble-formula-pct", 100 * last.bubbleFormulaS / t, "%");
    exp.Metric("exposed-tp-ms", last.exposedTpS * 1e3, "ms");
    exp.Metric("exposed-ep-ms", last.exposedEpS * 1e3, "ms");
    exp.Metric("exposed-dp-ms", last.exposedDpS * 1e3, "ms");
    exp.Metric("exposed-pp-ms", last.exposedPpS * 1e3, "ms");
    exp.Metric("collectives", last.collectives, "");
    return exp.Finish();
}
