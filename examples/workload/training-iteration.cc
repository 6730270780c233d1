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
    uint32_t gpus = 8;
    uint32_t dp = 2;
    uint32_t tp = 2;
    uint32_t pp = 2;
    uint32_t ep = 1;
    uint32_t microbatches = 4;
    uint32_t microBatchSize = 1;
    uint32_t iterations = 1;
    uint32_t gpusPerServer = 0;
    std::string schedule = "1f1b";
    bool overlap = true;
    bool zero = false;
    DataRate rate("400Gbps");
    Time delay = MicroSeconds(1);
    std::string backend = "packet";
    std::string tcp = "ns3::TcpNewReno";
    double moeZipf = 0;
    bool moePayloadEfficient = true;
    std::string topology = "star";

    OpticalExperiment exp("training-iteration", "Hybrid-parallel training iterations");
    exp.AddText("model", "Model name (data/models.csv)", model, false);
    exp.AddText("gpu", "GPU type: h100, h200, gb200 (data/gpu-types.csv)", gpu, false);
    exp.AddCount("gpus", "Number of GPUs (= dp x tp x pp)", gpus, 1, 16384);
    exp.AddCount("dp", "Data-parallel degree", dp, 1, 16384);
    exp.AddCount("tp", "Tensor-parallel degree", tp, 1, 1024);
    exp.AddCount("pp", "Pipeline-parallel degree (at most the model's layers)", pp, 1, 1024);
    exp.AddCount("ep", "Expert-parallel degree (MoE models; divides dp)", ep, 1, 16384);
    exp.AddCount("microbatches", "Micro-batches per iteration and replica", microbatches, 1, 65536);
    exp.AddCount("microBatchSize", "Sequences per micro-batch", microBatchSize, 1, 4096);
    exp.AddCount("iterations", "Iterations to run (the last is reported)", iterations, 1, 10000);
    exp.AddCount("gpusPerServer",
                 "GPUs per server sharing a scale-up domain (0: tp; divides gpus)",
                 gpusPerServer,
                 0,
                 1024);
    exp.AddEnum("schedule", "Pipeline schedule", schedule, {"1f1b", "gpipe"});
    exp.AddFlag("overlap", "Overlap the DP gradient all-reduce with the last backward", overlap);
    exp.AddFlag("zero", "DP as reduce-scatter + all-gather (ZeRO/FSDP)", zero);
    exp.AddDataRate("linkRate",
                    "Scale-out NIC rate",
                    rate,
                    OpticalBounds::AtLeast(1e6).AtMost(1e13));
    exp.AddTime("linkDelay",
                "Propagation delay of each link",
                delay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddEnum("backend",
                "Network model: packet (ns-3 TCP/IP) or flow (flow-level engine, same topology)",
                backend,
                {"packet", "flow"});
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
    exp.AddEnum("topology",
                "Scale-out fabric: star (one switch), fat-tree (2 levels, 4 hosts per leaf, 4 "
                "spines) or rail (rail-optimized: rail g joins GPU g of every server)",
                topology,
                {"star", "fat-tree", "rail"});
    exp.Parse(argc, argv);

    std::string error;
    exp.Require(CollectiveHelper::CheckBackend(backend, error), "backend", error);
    exp.Require(CollectiveHelper::SetTcpVariant(tcp, &error), "tcp", error);
    TrainingConfig config;
    exp.Require(TrainingJobHelper::Configure(model, gpu, config, error), "model", error);
    config.dp = dp;
    config.tp = tp;
    config.pp = pp;
    config.ep = ep;
    config.microbatches = microbatches;
    config.microBatchSize = microBatchSize;
    config.schedule = schedule;
    config.overlapDp = overlap;
    config.zero = zero;
    config.moeZipf = moeZipf;
    config.moePayloadEfficient = moePayloadEfficient;
    const uint64_t ranks = static_cast<uint64_t>(dp) * tp * pp;
    exp.Require(ranks == gpus,
                "gpus",
                "must be dp x tp x pp = " + std::to_string(dp) + " x " + std::to_string(tp) +
                    " x " + std::to_string(pp) + " = " + std::to_string(ranks));
    exp.Require(pp <= config.model.layers,
                "pp",
                "a pipeline stage needs a layer: at most " + std::to_string(config.model.layers) +
                    " stages for model '" + model + "'");
    exp.Require(dp % ep == 0, "ep", "must divide --dp=" + std::to_string(dp));
    exp.Require(ep == 1 || config.model.experts > 0,
                "ep",
                "expert parallelism needs a MoE model ('" + model + "' is dense)");
    const std::string problem = config.Validate(gpus);
    exp.Require(problem.empty(), "model", problem);
    if (gpusPerServer == 0)
    {
        gpusPerServer = tp;
    }
    exp.Require(gpus % gpusPerServer == 0,
                "gpusPerServer",
                std::to_string(gpusPerServer) +
                    " GPUs per server must divide --gpus=" + std::to_string(gpus));
    ScaleOutTopologyHelper fabric;
    exp.Require(fabric.SetTopology(topology, &error), "topology", error);
    error = fabric.Check(gpus, gpusPerServer);
    exp.Require(error.empty(), "topology", error);
    exp.Start();

    NodeContainer nodes(gpus);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(9000));
    fabric.SetChannelAttribute("Delay", TimeValue(delay));
    fabric.Install(nodes, gpusPerServer);
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(config.gpu.scaleUpBps))));
    Ptr<CollectiveTransport> transport = collectives.Install(nodes, gpusPerServer, backend);
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config, {}, "job0");
    job->AssignStreams(0); // MoE routing: --RngRun picks the run
    std::vector<CollectiveRecord> collectiveRecords;
    job->TraceConnectWithoutContext(
        "CollectiveCompleted",
        MakeCallback(+[](std::vector<CollectiveRecord>* v, const CollectiveRecord& r) {
            v->push_back(r);
        }).Bind(&collectiveRecords));
    optical::compat::Schedule(MilliSeconds(1), [job, iterations]() { job->Start(iterations); });
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
    Simulator::Destroy();

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTableColumns("iterations",
                                       {"job",
                                        "iteration",
                                        "time_s",
                                        "compute_s",
                                        "bubble_s",
                                        "bubble_formula_s",
                                        "exposed_comm_s",
                                        "exposed_tp_s",
                                        "exposed_ep_s",
                                        "exposed_dp_s",
                                        "exposed_pp_s",
                                        "collectives"});
        for (const auto& r : records)
        {
            store->AddEvent("iterations",
                            exp.GetRunId(),
                            {std::string("job0"),
                             static_cast<int64_t>(r.index),
                             (r.end - r.start).GetSeconds(),
                             r.computeS,
                             r.bubbleS,
                             r.bubbleFormulaS,
                             r.exposedCommS,
                             r.exposedTpS,
                             r.exposedEpS,
                             r.exposedDpS,
                             r.exposedPpS,
                             static_cast<int64_t>(r.collectives)});
        }
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
