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
    std::string linkRate = "400Gbps";
    std::string linkDelay = "1us";
    std::string backend = "packet";
    std::string tcp = "ns3::TcpNewReno";
    double moeZipf = 0;
    bool moePayloadEfficient = true;
    std::string topology = "star";

    OpticalExperiment exp("training-iteration", "Hybrid-parallel training iterations");
    exp.AddValue("model", "Model name (data/models.csv)", model);
    exp.AddValue("gpu", "GPU type: h100, h200, gb200 (data/gpu-types.csv)", gpu);
    exp.AddValue("gpus", "Number of GPUs", gpus);
    exp.AddValue("dp", "Data-parallel degree", dp);
    exp.AddValue("tp", "Tensor-parallel degree", tp);
    exp.AddValue("pp", "Pipeline-parallel degree", pp);
    exp.AddValue("ep", "Expert-parallel degree (MoE models; divides dp)", ep);
    exp.AddValue("microbatches", "Micro-batches per iteration and replica", microbatches);
    exp.AddValue("microBatchSize", "Sequences per micro-batch", microBatchSize);
    exp.AddValue("iterations", "Iterations to run", iterations);
    exp.AddValue("gpusPerServer",
                 "GPUs per server sharing a scale-up domain (0: tp)",
                 gpusPerServer);
    exp.AddValue("schedule", "Pipeline schedule: 1f1b or gpipe", schedule);
    exp.AddValue("overlap", "Overlap the DP gradient all-reduce with the last backward", overlap);
    exp.AddValue("zero", "DP as reduce-scatter + all-gather (ZeRO/FSDP)", zero);
    exp.AddValue("linkRate", "Scale-out NIC rate", linkRate);
    exp.AddValue("linkDelay", "Propagation delay of each link", linkDelay);
    exp.AddValue("backend",
                 "Network model: packet (ns-3 TCP/IP) or flow (flow-level engine, same topology)",
                 backend);
    exp.AddValue("tcp", "TCP variant (ns3::TcpNewReno, ns3::TcpCubic, ns3::TcpDctcp, ...)", tcp);
    exp.AddValue("moeZipf",
                 "MoE routing skew: Zipf exponent of expert popularity (0: uniform)",
                 moeZipf);
    exp.AddValue("moePayloadEfficient",
                 "MoE: send only real tokens (true) or pad every transfer to capacity",
                 moePayloadEfficient);
    exp.AddValue("topology",
                 "Scale-out fabric: star (one switch), fat-tree (2 levels, 4 hosts per leaf, 4 "
                 "spines) or rail (rail-optimized: rail g joins GPU g of every server)",
                 topology);
    exp.Parse(argc, argv);

    std::string backendError;
    if (!CollectiveHelper::CheckBackend(backend, backendError))
    {
        exp.Fail(backendError);
    }
    TrainingConfig config;
    std::string error;
    if (!CollectiveHelper::SetTcpVariant(tcp, &error))
    {
        exp.Fail("--tcp: " + error);
    }
    if (!TrainingJobHelper::Configure(model, gpu, config, error))
    {
        exp.Fail(error);
    }
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
    if (!(moeZipf >= 0))
    {
        exp.Fail("--moeZipf must be >= 0");
    }
    const std::string problem = config.Validate(gpus);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    if (gpusPerServer == 0)
    {
        gpusPerServer = tp;
    }
    if (gpus % gpusPerServer != 0)
    {
        exp.Fail("--gpusPerServer " + std::to_string(gpusPerServer) + " must divide --gpus " +
                 std::to_string(gpus));
    }
    if (iterations == 0)
    {
        exp.Fail("--iterations must be positive");
    }
    const DataRate rate = exp.PositiveDataRate("linkRate", linkRate);
    const Time delay = exp.NonNegativeTime("linkDelay", linkDelay);
    ScaleOutTopologyHelper fabric;
    if (!fabric.SetTopology(topology, &error))
    {
        exp.Fail("--topology: " + error);
    }
    const std::string fabricProblem = fabric.Check(gpus, gpusPerServer);
    if (!fabricProblem.empty())
    {
        exp.Fail("--topology=" + topology + ": " + fabricProblem);
    }
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
        const std::string stall = CollectiveHelper::DescribeStall(transport);
        exp.Fail("only " + std::to_string(job->GetIterations().size()) + " of " +
                     std::to_string(iterations) + " iterations completed" +
                     (stall.empty() ? "" : ": " + stall),
                 2);
    }
    const auto records = job->GetIterations();
    Simulator::Destroy();

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("iterations",
                                {{"job", "TEXT"},
                                 {"iteration", "INTEGER"},
                                 {"time_s", "REAL"},
                                 {"compute_s", "REAL"},
                                 {"bubble_s", "REAL"},
                                 {"exposed_comm_s", "REAL"},
                                 {"exposed_tp_s", "REAL"},
                                 {"exposed_ep_s", "REAL"},
                                 {"exposed_dp_s", "REAL"},
                                 {"exposed_pp_s", "REAL"},
                                 {"collectives", "INTEGER"}});
        for (const auto& r : records)
        {
            store->AddEvent("iterations",
                            exp.GetRunId(),
                            {std::string("job0"),
                             static_cast<int64_t>(r.index),
                             (r.end - r.start).GetSeconds(),
                             r.computeS,
                             r.bubbleS,
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
    exp.Metric("exposed-tp-ms", last.exposedTpS * 1e3, "ms");
    exp.Metric("exposed-ep-ms", last.exposedEpS * 1e3, "ms");
    exp.Metric("exposed-dp-ms", last.exposedDpS * 1e3, "ms");
    exp.Metric("exposed-pp-ms", last.exposedPpS * 1e3, "ms");
    exp.Metric("collectives", last.collectives, "");
    return exp.Finish();
}
