/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Replays a Chakra execution trace (a folder of PREFIX.RANK.et files, as ASTRA-sim's) on a
 * scale-out fabric at packet or flow level: every rank is a GPU on the fabric (--topology star,
 * fat-tree or rail; --gpusPerServer GPUs share a server's scale-up domain), collectives run as
 * the module's collectives, sends and receives as messages, compute for its duration or on
 * --gpu's roofline. The trace and the fabric are checked before anything runs (the file, node
 * and reason of a bad trace; a rank count the fabric cannot hold). A trace that is the
 * expansion of a folded graph (training-iteration --writeChakra) runs folded, one rank per
 * pipeline stage, to the same times (--fold=false runs it a rank per GPU).
 *
 * Prints the total time, the compute of the busiest rank, the exposed communication per
 * collective kind (the worst rank's), what ran, and the bytes delivered over the scale-out
 * network and inside the scale-up domains; --timeline=FILE.json writes a Perfetto timeline.
 *
 *   ./ns3 run "chakra-replay --trace=chakra/all_to_all/16npus_1MB --backend=flow"
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string trace =
        OpticalDataFile::GetDataDirectory() + "/chakra/custom_ring_allreduce_8npus_1MB";
    std::string gpuName = "h100";
    uint32_t gpusPerServer = 1;
    ScaleOutFabricOptions fabric;
    Backend backend = Backend::PACKET;
    std::string timelinePath;
    bool fold = true;

    OpticalExperiment exp("chakra-replay", "A Chakra execution trace replayed on a fabric");
    exp.AddText("trace", "Folder of the trace (PREFIX.RANK.et per rank)", trace, false);
    exp.AddText("gpu",
                "GPU type (data/gpu-types.csv): roofline and scale-up bandwidth",
                gpuName,
                false);
    exp.AddCount("gpusPerServer", "GPUs per server (ranks in order)", gpusPerServer, 1, 64);
    fabric.Add(exp); // --linkRate, --linkDelay, --topology
    exp.AddBackend("backend", "Network model", backend);
    exp.AddFlag("fold",
                "Run a trace that is the expansion of a folded graph (training-iteration "
                "--writeChakra) folded: the same times, one rank per replica set",
                fold);
    exp.AddOutputFile("timeline",
                      "Timeline of the run (Chrome trace JSON for ui.perfetto.dev; empty: none)",
                      timelinePath);
    exp.Parse(argc, argv);

    // The trace, the GPU and the fabric are checked before the run.
    std::string error;
    GpuSpec gpu;
    exp.Require(GpuSpec::Lookup(gpuName, gpu, error), "gpu", error);
    ExecutionGraph flat;
    exp.Require(ChakraTrace::Read(trace, flat, error), "trace", error);
    const uint32_t ranks = flat.GetNRanks();
    ExecutionGraph graph;
    if (fold && flat.Fold(graph))
    {
        exp.Note("the trace is the expansion of a folded graph: it runs as " +
                 std::to_string(graph.GetNRanks()) + " ranks of " +
                 std::to_string(graph.GetNReplicas()) + " replicas (--fold=false: a rank per GPU)");
    }
    else
    {
        graph = std::move(flat);
    }
    exp.Require(ranks >= 2, "trace", "a trace of " + std::to_string(ranks) + " rank (at least 2)");
    NodeContainer nodes(ranks);
    fabric.Build(exp, nodes, gpusPerServer, "the trace has " + std::to_string(ranks) + " ranks: ");
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute("Bandwidth",
                                    DataRateValue(DataRate(static_cast<uint64_t>(gpu.scaleUpBps))));
    exp.Require(collectives.CheckNetwork(nodes, backend, error), "backend", error);
    exp.Start();

    Ptr<CollectiveTransport> transport = collectives.Install(nodes, gpusPerServer, backend);
    std::vector<uint32_t> placement(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        placement[r] = r;
    }
    Ptr<GraphExecutor> executor = CreateObject<GraphExecutor>();
    executor->Setup(graph, transport, placement, gpu);
    executor->Start();
    exp.Run(Seconds(36000));
    if (!executor->IsDone())
    {
        const std::string stall = transport->DescribeStall();
        exp.Fail("the trace did not finish" + (stall.empty() ? "" : ": " + stall), 2);
    }
    const ExecutionSummary s = executor->GetSummary();
    const CollectiveTransportCounters& c = transport->GetCounters();
    if (!timelinePath.empty())
    {
        OpticalTimeline timeline;
        executor->AddToTimeline(timeline);
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    exp.Metric("ranks", ranks);
    exp.Metric("total-us", s.GetTotal().GetSeconds() * 1e6, "us");
    exp.Metric("compute-max-us",
               std::max_element(s.compute.begin(), s.compute.end())->GetSeconds() * 1e6,
               "us");
    exp.Metric("exposed-max-us",
               std::max_element(s.exposed.begin(), s.exposed.end())->GetSeconds() * 1e6,
               "us");
    for (const auto& [kind, time] : s.exposedByKind)
    {
        exp.Metric("exposed-" + kind + "-us", time.GetSeconds() * 1e6, "us");
    }
    exp.Metric("collectives", s.collectives);
    exp.Metric("messages", s.messages);
    exp.Metric("scale-out-bytes", double(c.bytesDelivered - c.scaleUpBytes), "B");
    exp.Metric("scale-up-bytes", double(c.scaleUpBytes), "B");
    Simulator::Destroy();
    return exp.Finish();
}
