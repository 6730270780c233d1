/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 7: a training job as an execution graph, written from doc/optical.rst
 * ("Execution graphs and Chakra traces", "Training jobs are graphs"). Builds a small
 * hybrid-parallel job (--dp, --tp, --pp, --microbatches of the "tiny" model on H100s) on a
 * star, prints the graph of one iteration as TrainingJob generates it (folded: a rank per
 * stage, the tensor ranks as replicas) and its expansion (a rank per GPU), runs the iteration,
 * then writes the graph as a Chakra trace into --write (a temporary folder by default), reads
 * it back and replays it with a GraphExecutor on a fresh star of the same shape: at flow level
 * the replay takes the iteration's time to the nanosecond (replay-minus-run-ns: 0).
 *
 *   ./ns3 run "training-graph --dp=2 --tp=4 --pp=2 --write=/tmp/job"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <filesystem>
#include <unistd.h>

using namespace ns3;

namespace
{

/// A star of \p n GPUs, \p perServer to a scale-up domain: the transport of its collectives.
Ptr<CollectiveTransport>
Star(uint32_t n, uint32_t perServer, const GpuSpec& gpu, Backend backend)
{
    NodeContainer gpus(n);
    StarTopologyHelper star;
    star.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
    star.SetChannelAttribute("Delay", StringValue("1us"));
    star.Install(gpus);
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute("Bandwidth",
                                    DataRateValue(DataRate(static_cast<uint64_t>(gpu.scaleUpBps))));
    return collectives.Install(gpus, perServer, backend);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t dp = 2;
    uint32_t tp = 2;
    uint32_t pp = 2;
    uint32_t microbatches = 4;
    Backend backend = Backend::FLOW;
    std::string write;
    OpticalExperiment exp("training-graph", "A training job as an execution graph, replayed");
    exp.AddCount("dp", "Data-parallel degree", dp, 1, 64);
    exp.AddCount("tp", "Tensor-parallel degree (GPUs of a server)", tp, 1, 8);
    exp.AddCount("pp", "Pipeline stages (divides the model's 4 layers)", pp, 1, 4);
    exp.AddCount("microbatches", "Micro-batches per iteration", microbatches, 1, 64);
    exp.AddBackend("backend", "Network model", backend);
    exp.AddOutputDirectory("write", "Folder of the Chakra trace (empty: a temporary one)", write);
    exp.Parse(argc, argv);

    TrainingConfig config;
    std::string error;
    exp.Require(TrainingJobHelper::Configure("tiny", "h100", config, error), "dp", error);
    config.dp = dp;
    config.tp = tp;
    config.pp = pp;
    config.microbatches = microbatches;
    const uint32_t gpus = dp * tp * pp;
    exp.Require(config.Validate(gpus).empty(), "pp", config.Validate(gpus));
    const bool temporary = write.empty();
    if (temporary)
    {
        write = (std::filesystem::temp_directory_path() /
                 ("training-graph-" + std::to_string(::getpid())))
                    .string();
    }
    exp.Start();

    // The job and the graph it runs.
    Ptr<TrainingJob> job = TrainingJobHelper().Install(Star(gpus, tp, config.gpu, backend), config);
    const ExecutionGraph graph = job->BuildGraph();
    exp.Metric("graph-ranks", graph.GetNRanks());
    exp.Metric("graph-replicas", graph.GetNReplicas());
    exp.Metric("graph-nodes", graph.GetNNodes());
    exp.Metric("expanded-ranks", graph.Expand().GetNRanks());
    exp.Metric("expanded-nodes", graph.Expand().GetNNodes());
    if (!ChakraTrace::Write(graph, write, "job", false, error))
    {
        exp.Fail("--write=" + write + ": " + error);
    }
    job->Start(1);
    exp.Run(Seconds(10));
    if (job->GetIterations().size() != 1)
    {
        exp.Fail("the iteration did not finish");
    }
    const IterationRecord it = job->GetIterations().front();
    const Time native = it.end - it.start;
    exp.Metric("iteration-us", native.GetSeconds() * 1e6, "us");
    exp.Metric("collectives-and-messages", it.collectives);
    job->Dispose();
    Simulator::Destroy();

    // The trace read back and replayed on a fresh star.
    ExecutionGraph replayed;
    if (!ChakraTrace::Read(write, replayed, error))
    {
        exp.Fail("--write=" + write + ": reading it back: " + error);
    }
    std::vector<uint32_t> ranks(gpus);
    for (uint32_t r = 0; r < gpus; ++r)
    {
        ranks[r] = r;
    }
    Ptr<GraphExecutor> replay = CreateObject<GraphExecutor>();
    replay->Setup(replayed, Star(gpus, tp, config.gpu, backend), ranks, config.gpu);
    replay->Start();
    Simulator::Run();
    const ExecutionSummary s = replay->GetSummary();
    exp.Metric("trace-files", replayed.GetNRanks());
    exp.Metric("replay-us", s.GetTotal().GetSeconds() * 1e6, "us");
    exp.Metric("replay-collectives-and-messages", s.collectives + s.messages);
    exp.Metric("replay-minus-run-ns", (s.GetTotal() - native).GetNanoSeconds(), "ns");
    replay->Dispose();
    Simulator::Destroy();
    if (temporary)
    {
        std::filesystem::remove_all(write);
    }
    return exp.Finish();
}
