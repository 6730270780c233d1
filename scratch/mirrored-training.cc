/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 9: a large training job simulated with its tensor-parallel replicas
 * mirrored, written from doc/optical.rst ("Mirrored replicas"). A GPT-3-175B-shaped job
 * (--tp inside each server, --pp, DP filling --gpus) runs one iteration at flow level on a
 * rail-optimized fabric built without ns-3 nodes, once with every replica simulated and once
 * with MirrorReplicas (--baseline=false skips the first). The executor's check is asked
 * before the run, so a fabric it cannot mirror is refused with the reason. Prints both
 * iteration times, their difference, the flows each run started and the wall times.
 *
 *   ./ns3 run "mirrored-training --gpus=4096"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/optical-util.h"

#include <chrono>

using namespace ns3;

namespace
{

/// What one run gave.
struct Outcome
{
    Time iteration;    //!< Simulated iteration
    uint64_t flows{0}; //!< Flows the engine started
    double wallS{0};   //!< Wall time of the run
};

/// Runs one iteration of \p config on \p gpus GPUs, \p tp per server.
Outcome
RunJob(OpticalExperiment& exp, const TrainingConfig& config, uint32_t gpus, bool mirror)
{
    RailTopologyHelper rails;
    rails.SetDeviceAttribute("DataRate", StringValue("800Gbps"));
    rails.SetChannelAttribute("Delay", StringValue("1us"));
    Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
    const std::vector<uint32_t> vertices = rails.Build(topology, gpus / config.tp, config.tp);
    Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
    network->SetTopology(topology);
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(config.gpu.scaleUpBps))));
    Ptr<CollectiveTransport> transport = collectives.InstallFlow(network, vertices, config.tp);
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config);
    if (mirror)
    {
        // The check Start() makes, asked first: refused with the reason, nothing run.
        std::string why;
        exp.Require(job->CheckMirroring(why), "gpus", "cannot mirror the replicas: " + why);
        job->SetAttribute("MirrorReplicas", BooleanValue(true));
    }
    job->Start(1);
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    Outcome o;
    o.wallS = optical::SecondsSince(t0);
    exp.Require(job->GetIterations().size() == 1, "gpus", "the iteration did not finish");
    o.iteration = job->GetIterations().front().end - job->GetIterations().front().start;
    o.flows = network->GetFlowsStarted();
    Simulator::Destroy();
    return o;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t gpus = 2048;
    uint32_t tp = 32;
    uint32_t pp = 4;
    bool baseline = true;
    OpticalExperiment exp("mirrored-training", "A large training job with mirrored replicas");
    exp.AddCount("gpus", "GPUs (a multiple of tp x pp)", gpus, 16, 65536);
    exp.AddCount("tp", "Tensor-parallel degree = GPUs per server", tp, 2, 64);
    exp.AddCount("pp", "Pipeline stages", pp, 1, 64);
    exp.AddFlag("baseline", "Also run every replica (to compare)", baseline);
    exp.Parse(argc, argv);
    exp.Require(gpus % (tp * pp) == 0,
                "gpus",
                std::to_string(gpus) +
                    " is not a multiple of tp x pp = " + std::to_string(tp * pp));

    TrainingConfig config;
    std::string error;
    exp.Require(TrainingJobHelper::Configure("gpt3-175b", "gb200", config, error), "gpus", error);
    config.tp = tp;
    config.pp = pp;
    config.dp = gpus / (tp * pp);
    config.microbatches = 8;
    exp.Start();

    const Outcome mirrored = RunJob(exp, config, gpus, true);
    exp.Metric("mirrored-iteration-ms", mirrored.iteration.GetSeconds() * 1e3, "ms");
    exp.Metric("mirrored-flows", mirrored.flows);
    exp.Metric("mirrored-wall-s", mirrored.wallS, "s");
    if (baseline)
    {
        const Outcome all = RunJob(exp, config, gpus, false);
        exp.Metric("every-replica-iteration-ms", all.iteration.GetSeconds() * 1e3, "ms");
        exp.Metric("every-replica-flows", all.flows);
        exp.Metric("every-replica-wall-s", all.wallS, "s");
        exp.Metric("difference-ns", double((mirrored.iteration - all.iteration).GetNanoSeconds()));
    }
    return exp.Finish();
}
