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
 * --controller puts the run under a network controller: opus (photonic rails, one OCS per rail
 * reconfigured by the Opus controller as collectives ask for circuits; --topology=rail) or
 * opus-provision (Opus with Provision: a port's next circuit is set up as soon as it falls
 * idle, learned from the previous iteration). --iterations runs the trace again that many
 * times (each run an iteration; the last is reported).
 *
 * Prints the total time, the compute of the busiest rank, the exposed communication per
 * collective kind (the worst rank's), what ran, and the bytes delivered over the scale-out
 * network and inside the scale-up domains (with a controller: its reconfigurations and the
 * time collectives waited for circuits); --timeline=FILE.json writes a Perfetto timeline (ranks,
 * with --sampling each host's NIC: utilization and, at packet level, queued bytes).
 *
 *   ./ns3 run "chakra-replay --trace=chakra/all_to_all/16npus_1MB --backend=flow"
 *   ./ns3 run "chakra-replay --trace=DIR --topology=rail --gpusPerServer=8 --controller=opus"
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
    Time sampling;
    bool fold = true;
    std::string controllerName = "none";
    Time ocsDelay = MilliSeconds(1);
    uint32_t iterations = 1;

    OpticalExperiment exp("chakra-replay", "A Chakra execution trace replayed on a fabric");
    exp.AddText("trace", "Folder of the trace (PREFIX.RANK.et per rank)", trace, false);
    exp.AddText("gpu",
                "GPU type (data/gpu-types.csv): roofline and scale-up bandwidth",
                gpuName,
                false);
    exp.AddCount("gpusPerServer", "GPUs per server (ranks in order)", gpusPerServer, 1, 64);
    fabric.Add(exp); // --linkRate, --linkDelay, --topology
    exp.AddBackend("backend", "Network model", backend);
    exp.AddEnum("controller",
                "Network controller: none, opus (photonic rails: an OCS per rail, circuits set "
                "up as collectives ask; needs --topology=rail) or opus-provision (Opus, next "
                "circuits set up as ports fall idle)",
                controllerName,
                {"none", "opus", "opus-provision"});
    exp.AddTime("ocsDelay",
                "Reconfiguration delay of the rails' OCSes (with --controller)",
                ocsDelay,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddCount("iterations",
                 "Runs of the trace, one after the other (the last is reported)",
                 iterations,
                 1,
                 1000);
    exp.AddFlag("fold",
                "Run a trace that is the expansion of a folded graph (training-iteration "
                "--writeChakra) folded: the same times, one rank per replica set",
                fold);
    exp.AddOutputFile("timeline",
                      "Timeline of the run (Chrome trace JSON for ui.perfetto.dev; empty: none)",
                      timelinePath);
    exp.AddTime("sampling",
                "Interval of the timeline's link counters: each host NIC's utilization and "
                "queued bytes (0: none; needs --timeline)",
                sampling,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.Parse(argc, argv);
    exp.Require(sampling.IsZero() || !timelinePath.empty(),
                "sampling",
                "--sampling draws counters on the timeline: give --timeline=FILE.json too");

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
    const std::string what = "the trace has " + std::to_string(ranks) + " ranks: ";
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute("Bandwidth",
                                    DataRateValue(DataRate(static_cast<uint64_t>(gpu.scaleUpBps))));
    Ptr<CollectiveTransport> transport;
    // With a controller, the rails are photonic: RailNetworkHelper builds them at either level
    // and runs the Opus controller.
    RailNetworkHelper rails;
    NodeContainer nodes;
    if (controllerName != "none")
    {
        exp.Require(fabric.topology == "rail",
                    "controller",
                    "--controller=" + controllerName +
                        " runs photonic rails: it needs "
                        "--topology=rail, not " +
                        fabric.topology);
        rails.SetNetwork(controllerName == "opus" ? "photonic" : "photonic-provision");
        rails.SetGpuDataRate(fabric.rate);
        rails.SetLinkDelay(fabric.delay);
        rails.SetMtu(9000);
        rails.SetOcsAttribute("ReconfigurationDelay", TimeValue(ocsDelay));
        error = rails.CheckHosts(ranks, gpusPerServer);
        exp.Require(error.empty(), "topology", what + error);
        error = rails.CheckPlacement(graph, gpusPerServer);
        exp.Require(error.empty(), "controller", error);
        const RealizedFabric net = rails.Realize(backend, ranks, gpusPerServer);
        nodes = net.hosts;
        if (nodes.GetN() > 0)
        {
            exp.Require(collectives.CheckNetwork(nodes, backend, error), "backend", error);
        }
        exp.Start();
        transport = collectives.Install(net, gpusPerServer);
    }
    else
    {
        nodes.Create(ranks);
        fabric.Build(exp, nodes, gpusPerServer, what);
        exp.Require(collectives.CheckNetwork(nodes, backend, error), "backend", error);
        exp.Start();
        transport = collectives.Install(nodes, gpusPerServer, backend);
    }
    std::vector<uint32_t> placement(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        placement[r] = r;
    }
    Ptr<GraphExecutor> executor = CreateObject<GraphExecutor>();
    // The graph moves into the executor (Setup by reference would copy it).
    executor->Setup(std::make_shared<const ExecutionGraph>(std::move(graph)),
                    transport,
                    placement,
                    gpu);
    rails.Attach(executor); // nothing without a controller
    LinkLoadSampler load;
    if (sampling.IsStrictlyPositive())
    {
        load.SetInterval(sampling);
        if (!load.AddRanks(transport, nodes))
        {
            exp.Fail("--sampling: this backend's flow engine has no link rates to sample");
        }
        exp.Note("sampling " + std::to_string(load.GetNLinks()) + " hosts every " +
                 OpticalUnits::Format(sampling.GetNanoSeconds() / 1e3) + " us");
        load.Start();
    }
    // Each run starts when the previous one ends; what the last run moved and waited for is
    // what it adds to the counters.
    Ptr<PhotonicRailController> opus = rails.GetController();
    CollectiveTransportCounters before;
    uint64_t reconfigurationsBefore = 0;
    Time waitBefore;
    uint32_t runs = 0;
    std::function<void()> next = [&]() {
        if (++runs == iterations)
        {
            load.Stop();
        }
        if (runs < iterations)
        {
            if (runs + 1 == iterations)
            {
                before = transport->GetCounters();
                reconfigurationsBefore = opus ? opus->GetNReconfigurations() : 0;
                waitBefore = opus ? opus->GetWaitTime() : Time();
            }
            executor->Start(next);
        }
    };
    executor->Start(next);
    exp.Run(Seconds(36000));
    if (runs < iterations)
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
        load.AddToTimeline(timeline, "links");
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
    const double scaleUp = double(c.scaleUpBytes - before.scaleUpBytes);
    exp.Metric("scale-out-bytes", double(c.bytesDelivered - before.bytesDelivered) - scaleUp, "B");
    exp.Metric("scale-up-bytes", scaleUp, "B");
    if (opus)
    {
        exp.Metric("reconfigurations", opus->GetNReconfigurations() - reconfigurationsBefore);
        exp.Metric("circuit-wait-us", (opus->GetWaitTime() - waitBefore).GetSeconds() * 1e6, "us");
    }
    Simulator::Destroy();
    return exp.Finish();
}
