/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 8: a Chakra trace replayed on photonic rails under the Opus
 * controller, written from doc/optical.rst ("Execution graphs and Chakra traces": the
 * controller, timelines, link counters). The trace (--trace, ASTRA-sim's 8-rank all-reduce by
 * default) runs --iterations times back to back on rails of --gpusPerServer GPUs per server at
 * flow level (1 by default: the samples' collectives span every rank, and photonic rails join
 * only the GPUs of one rail; CheckPlacement refuses a trace that crosses rails), each rail an OCS
 * of --ocsDelay reconfiguration; with Provision (--provision) the controller learns the first run's
 * circuits and sets them up as ports fall idle, so later runs wait less. Prints each run's time
 * (from the executor's RunEnd trace), the reconfigurations and the rails' busiest sampled
 * utilization; --timeline=FILE.json writes ranks, rails and links.
 *
 *   ./ns3 run "replay-on-rails --provision=true --timeline=/tmp/rails.json"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <algorithm>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string trace = "chakra/all_reduce/8npus_1MB";
    uint32_t gpusPerServer = 1; // the samples' collectives span every rank: one rail
    Time ocsDelay = MicroSeconds(100);
    uint32_t iterations = 3;
    bool provision = true;
    std::string timelinePath;
    OpticalExperiment exp("replay-on-rails", "A Chakra trace replayed on photonic rails");
    exp.AddText("trace", "Folder of the trace (or of the data directory)", trace, false);
    exp.AddCount("gpusPerServer", "GPUs per server (= rails)", gpusPerServer, 1, 64);
    exp.AddTime("ocsDelay",
                "Reconfiguration delay of each rail's OCS",
                ocsDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddCount("iterations", "Runs of the trace, back to back", iterations, 1, 100);
    exp.AddFlag("provision", "Opus with Provision (else plain Opus)", provision);
    exp.AddOutputFile("timeline", "Timeline file (empty: none)", timelinePath);
    exp.Parse(argc, argv);

    std::string error;
    ExecutionGraph graph;
    exp.Require(ChakraTrace::Read(trace, graph, error), "trace", error);
    const uint32_t ranks = graph.GetNRanks();
    GpuSpec gpu;
    exp.Require(GpuSpec::Lookup("h100", gpu, error), "trace", error);

    RailNetworkHelper rails;
    rails.SetNetwork(provision ? "photonic-provision" : "photonic");
    rails.SetGpuDataRate(DataRate("400Gbps"));
    rails.SetLinkDelay(MicroSeconds(1));
    rails.SetOcsAttribute("ReconfigurationDelay", TimeValue(ocsDelay));
    error = rails.CheckHosts(ranks, gpusPerServer);
    exp.Require(error.empty(), "gpusPerServer", error);
    error = rails.CheckPlacement(graph, gpusPerServer); // cross-server peers share a rail
    exp.Require(error.empty(), "trace", error);
    exp.Start();

    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute("Bandwidth",
                                    DataRateValue(DataRate(static_cast<uint64_t>(gpu.scaleUpBps))));
    Ptr<CollectiveTransport> transport =
        collectives.Install(rails.Realize(Backend::FLOW, ranks, gpusPerServer), gpusPerServer);

    std::vector<uint32_t> placement(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        placement[r] = r;
    }
    Ptr<GraphExecutor> executor = CreateObject<GraphExecutor>();
    executor->Setup(graph, transport, placement, gpu);
    rails.Attach(executor);

    // Each run's span, from the RunEnd trace.
    std::vector<Time> runs;
    executor->TraceConnectWithoutContext("RunEnd",
                                         MakeCallback(+[](std::vector<Time>* spans, Time span) {
                                             spans->push_back(span);
                                         }).Bind(&runs));

    // The rails' OCS ports and every GPU's rail link.
    OcsTimelineRecorder circuits;
    for (std::size_t r = 0; r < rails.GetSwitches().size(); ++r)
    {
        circuits.Add(rails.GetSwitches()[r], "rail " + std::to_string(r));
    }
    LinkLoadSampler load;
    load.SetInterval(MicroSeconds(5));
    load.AddRanks(transport, NodeContainer()); // the rails' GPUs at flow level
    load.Start();

    uint32_t done = 0;
    std::function<void()> next = [&]() {
        if (++done < iterations)
        {
            executor->Start(next);
        }
        else
        {
            load.Stop();
        }
    };
    executor->Start(next);
    exp.Run(Seconds(100));
    if (runs.size() != iterations)
    {
        exp.Fail("the trace did not finish");
    }

    for (uint32_t i = 0; i < iterations; ++i)
    {
        exp.Metric("run" + std::to_string(i + 1) + "-us", runs[i].GetSeconds() * 1e6, "us");
    }
    exp.Metric("reconfigurations", rails.GetController()->GetNReconfigurations());
    exp.Metric("circuit-wait-us", rails.GetController()->GetWaitTime().GetSeconds() * 1e6, "us");
    double busiest = 0;
    for (std::size_t l = 0; l < load.GetNLinks(); ++l)
    {
        for (const auto& s : load.GetSamples(l))
        {
            busiest = std::max(busiest, s.utilization);
        }
    }
    exp.Metric("busiest-link-util", busiest);
    if (!timelinePath.empty())
    {
        OpticalTimeline timeline;
        executor->AddToTimeline(timeline);
        circuits.AddToTimeline(timeline, Time(0), Simulator::Now());
        load.AddToTimeline(timeline, "links");
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    executor->Dispose();
    Simulator::Destroy();
    return exp.Finish();
}
