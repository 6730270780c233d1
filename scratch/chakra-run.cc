/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 6: a Chakra trace run on a star, written from doc/optical.rst
 * ("Execution graphs and Chakra traces"). Reads the folder --trace (one PREFIX.RANK.et file
 * per rank; default: ASTRA-sim's ring all-reduce of 8 ranks written as sends and receives,
 * shipped in data/chakra), refuses it before anything runs with the file, the node and the
 * reason if it is bad, prints what it holds (ranks, nodes by kind, bytes), runs it with a
 * GraphExecutor on a star of as many hosts (--rate links, --backend) and prints the time, each
 * rank's compute and the exposed communication per kind. With --write it writes the graph
 * again (--gzip to compress) and reads it back: the same node count; with --timeline=FILE.json
 * it writes the run's timeline for ui.perfetto.dev.
 *
 *   ./ns3 run "chakra-run --trace=chakra/all_to_all/16npus_1MB --backend=packet"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <map>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string trace =
        OpticalDataFile::GetDataDirectory() + "/chakra/custom_ring_allreduce_8npus_1MB";
    std::string write;
    bool gzip = false;
    std::string gpuName = "h100";
    std::string timelinePath;
    Backend backend = Backend::FLOW;
    DataRate rate("100Gbps");
    OpticalExperiment exp("chakra-run", "A Chakra execution trace run on a star");
    exp.AddText("trace", "Folder of the trace (PREFIX.RANK.et per rank)", trace, false);
    exp.AddText("write", "Folder to write the graph to again (empty: none)", write);
    exp.AddFlag("gzip", "Compress what --write writes", gzip);
    exp.AddText("gpu",
                "GPU type of data/gpu-types.csv, for compute without a duration",
                gpuName,
                false);
    exp.AddBackend("backend", "Network model", backend);
    exp.AddOutputFile("timeline",
                      "Timeline of the run (Chrome trace JSON for ui.perfetto.dev; empty: none)",
                      timelinePath);
    exp.AddDataRate("rate",
                    "Link rate of the star",
                    rate,
                    OpticalBounds::AtLeast(1e6).AtMost(1e13));
    exp.Parse(argc, argv);

    // Everything is read and checked before the run starts.
    GpuSpec gpu;
    std::string error;
    exp.Require(GpuSpec::Lookup(gpuName, gpu, error), "gpu", error);
    ExecutionGraph graph;
    exp.Require(ChakraTrace::Read(trace, graph, error), "trace", error);
    exp.Start();

    std::map<std::string, uint64_t> nodes;
    std::map<std::string, double> collectiveBytes;
    double messageBytes = 0;
    double computeSeconds = 0;
    for (uint32_t r = 0; r < graph.GetNRanks(); ++r)
    {
        for (const ExecNode& node : graph.GetNodes(r))
        {
            ++nodes[GetExecNodeKindName(node.kind)];
            if (node.kind == ExecNodeKind::COLLECTIVE)
            {
                collectiveBytes[node.collective.GetName()] += node.bytes;
            }
            else if (node.kind == ExecNodeKind::SEND)
            {
                messageBytes += node.bytes;
            }
            else if (node.kind == ExecNodeKind::COMPUTE)
            {
                computeSeconds += ExecutionGraph::ComputeTime(node, gpu).GetSeconds();
            }
        }
    }
    exp.Metric("ranks", graph.GetNRanks());
    exp.Metric("nodes", graph.GetNNodes());
    for (const auto& [kind, n] : nodes)
    {
        exp.Metric("nodes-" + kind, n);
    }
    for (const auto& [kind, bytes] : collectiveBytes)
    {
        exp.Metric("collective-bytes-" + kind, bytes, "B");
    }
    exp.Metric("message-bytes", messageBytes, "B");
    exp.Metric("process-groups", graph.GetGroups().size());
    exp.Metric("compute-s", computeSeconds, "s");
    if (!write.empty())
    {
        if (!ChakraTrace::Write(graph, write, "graph", gzip, error))
        {
            exp.Fail("--write=" + write + ": " + error);
        }
        ExecutionGraph back;
        if (!ChakraTrace::Read(write, back, error))
        {
            exp.Fail("--write=" + write + ": reading it back: " + error);
        }
        exp.Metric("written-nodes", back.GetNNodes());
    }

    // The run: one host per rank behind one switch.
    NodeContainer hosts(std::max<uint32_t>(2, graph.GetNRanks()));
    StarTopologyHelper star;
    star.SetDeviceAttribute("DataRate", DataRateValue(rate));
    star.SetChannelAttribute("Delay", StringValue("1us"));
    star.Install(hosts);
    Ptr<CollectiveTransport> transport = CollectiveHelper().Install(hosts, 1, backend);
    std::vector<uint32_t> ranks(graph.GetNRanks());
    for (uint32_t r = 0; r < graph.GetNRanks(); ++r)
    {
        ranks[r] = r;
    }
    Ptr<GraphExecutor> executor = CreateObject<GraphExecutor>();
    executor->Setup(graph, transport, ranks, gpu);
    executor->Start();
    exp.Run(Seconds(100));
    if (!executor->IsDone())
    {
        exp.Fail("the graph did not finish within 100 s of simulated time");
    }
    const ExecutionSummary summary = executor->GetSummary();
    exp.Metric("total-us", summary.GetTotal().GetSeconds() * 1e6, "us");
    exp.Metric("rank0-compute-us", summary.compute[0].GetSeconds() * 1e6, "us");
    exp.Metric("rank0-exposed-us", summary.exposed[0].GetSeconds() * 1e6, "us");
    for (const auto& [kind, time] : summary.exposedByKind)
    {
        exp.Metric("exposed-" + kind + "-us", time.GetSeconds() * 1e6, "us");
    }
    if (!timelinePath.empty())
    {
        OpticalTimeline timeline;
        executor->AddToTimeline(timeline);
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
        exp.Metric("timeline-slices", timeline.GetNSlices());
    }
    exp.Metric("collectives-run", summary.collectives);
    exp.Metric("messages-run", summary.messages);
    return exp.Finish();
}
