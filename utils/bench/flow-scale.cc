/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: one training iteration of a GPT-3-175B-shaped model (96 layers, hidden 12288,
 * sequence 4096, global batch 256) with TP32 x PP4 on GB200 GPUs, DP scaled with the GPU
 * count, on a rail-optimized scale-out fabric at 100 GB/s per GPU, at flow level. The topology
 * is built directly (RailTopologyHelper::Build: no ns-3 node per GPU). Each size runs in its
 * own child process, so that its peak memory is its own. By default the 32 tensor-parallel
 * replicas of each stage are simulated as one (TrainingJob's MirrorReplicas, exact here: each
 * replica's traffic stays on its own rail; --mirror=false simulates all). Prints a table of
 * GPUs, flows, events, wall time, events/s, peak memory and wall time per simulated flow, with
 * the targets of issue #42: 2,048 GPUs <= 1 s, 8,192 <= 10 s, 32,768 <= 60 s, the largest in
 * <= 8 GiB, and the cost per flow at the largest at most 1.5x that at the smallest.
 *
 * With --compare (default on), the smallest size also runs without mirroring (the baseline:
 * the speedup, and the same iteration time to the nanosecond), and 128 GPUs run at packet
 * level on the same fabric built as ns-3 nodes (with --compareBatch micro-batches: packet level
 * moves every byte) against flow level with the same batch.
 */

#include "bench-child.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

using namespace ns3;

namespace
{
/// What one run measured.
struct Result
{
    double iterationS{0}; //!< Simulated iteration time
    double wallS{0};      //!< Wall time of Simulator::Run
    uint64_t flows{0};    //!< Flows (flow level) or scale-out messages (packet level)
    uint64_t events{0};   //!< ns-3 events
    uint64_t peakLink{0}; //!< Most flows on one link at once
    uint64_t peakComp{0}; //!< Most flows in one recomputation
    double meanComp{0};   //!< Flows re-rated per flow started (the work per flow)
    double peakMiB{0};    //!< Peak resident memory of the child
    bool ok{false};       //!< The child finished
};

/// The job of the benchmark on \p gpus GPUs.
TrainingConfig
Job(uint32_t gpus, uint32_t batch)
{
    TrainingConfig config;
    std::string error;
    NS_ABORT_MSG_IF(!TrainingJobHelper::Configure("gpt3-175b", "gb200", config, error), error);
    config.tp = 32;
    config.pp = 4;
    config.dp = gpus / (config.tp * config.pp);
    config.microBatchSize = 1;
    config.microbatches = batch / config.dp;
    return config;
}

/// Runs one iteration in this process and returns what it measured.
Result
RunIteration(uint32_t gpus,
             const std::string& backend,
             double scaleOutGBps,
             uint32_t batch,
             bool mirror)
{
    const TrainingConfig config = Job(gpus, batch);
    const uint32_t perServer = config.tp;
    RailTopologyHelper rails;
    rails.SetDeviceAttribute("DataRate",
                             DataRateValue(DataRate(static_cast<uint64_t>(scaleOutGBps * 8e9))));
    rails.SetDeviceAttribute("Mtu", UintegerValue(9000));
    rails.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(config.gpu.scaleUpBps))));
    Ptr<CollectiveTransport> transport;
    Ptr<FlowNetwork> network;
    if (backend == "flow")
    {
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const std::vector<uint32_t> vertices = rails.Build(topology, gpus / perServer, perServer);
        network = CreateObject<FlowNetwork>();
        network->SetTopology(topology);
        transport = collectives.InstallFlow(network, vertices, perServer);
    }
    else
    {
        NodeContainer nodes(gpus);
        rails.Install(nodes, perServer);
        transport = collectives.Install(nodes, perServer);
    }
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config, {}, "bench");
    job->SetAttribute("MirrorReplicas", BooleanValue(mirror && backend == "flow"));
    optical::compat::Schedule(MilliSeconds(1), [job]() { job->Start(1); });
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    Result r;
    r.wallS = std::chrono::duration<double>(t1 - t0).count();
    r.ok = job->GetIterations().size() == 1;
    if (r.ok)
    {
        const IterationRecord& it = job->GetIterations().front();
        r.iterationS = (it.end - it.start).GetSeconds();
    }
    r.events = Simulator::GetEventCount();
    if (network)
    {
        r.flows = network->GetFlowsStarted();
        r.peakLink = network->GetPeakLinkFlows();
        r.peakComp = network->GetPeakComponentFlows();
        r.meanComp = static_cast<double>(network->GetFlowsRerated()) /
                     std::max<uint64_t>(1, network->GetFlowsStarted());
    }
    else
    {
        const CollectiveTransportCounters& c = transport->GetCounters();
        r.flows = c.messagesDelivered - c.scaleUpDelivered;
    }
    Simulator::Destroy();
    return r;
}

/// Runs one iteration in a child process; the parent gets its result and peak memory.
Result
RunInChild(uint32_t gpus,
           const std::string& backend,
           double scaleOutGBps,
           uint32_t batch,
           bool mirror)
{
    const bench::ChildOutput child = bench::RunInChild([&]() {
        const Result r = RunIteration(gpus, backend, scaleOutGBps, batch, mirror);
        std::ostringstream os;
        os << std::setprecision(17) << r.iterationS << " " << r.wallS << " " << r.flows << " "
           << r.events << " " << (r.ok ? 1 : 0) << " " << r.peakLink << " " << r.peakComp << " "
           << r.meanComp << "\n";
        return os.str();
    });
    Result r;
    int ok = 0;
    std::istringstream is(child.text);
    is >> r.iterationS >> r.wallS >> r.flows >> r.events >> ok >> r.peakLink >> r.peakComp >>
        r.meanComp;
    r.ok = ok == 1 && child.exitedOk;
    r.peakMiB = child.peakMiB;
    return r;
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string sizes = "2048,8192,32768";
    bool compare = true;
    bool mirror = true;
    double scaleOutGBps = 100;
    uint32_t compareBatch = 16;
    CommandLine cmd(__FILE__);
    cmd.AddValue("gpus", "Comma-separated GPU counts (128 x a divisor of 256)", sizes);
    cmd.AddValue("mirror",
                 "Simulate the 32 tensor-parallel replicas of each stage as one "
                 "(TrainingJob's MirrorReplicas: exact here, each replica on its own rail)",
                 mirror);
    cmd.AddValue("compare",
                 "Also run the smallest size without mirroring (the baseline: the same "
                 "iteration time, to the ns), and 128 GPUs at packet level against flow level",
                 compare);
    cmd.AddValue("scaleOutGBps", "Scale-out bandwidth per GPU (GB/s)", scaleOutGBps);
    cmd.AddValue("compareBatch",
                 "Global batch of the packet-level comparison (fewer micro-batches than 256: "
                 "packet level moves every byte; the same iteration shape otherwise)",
                 compareBatch);
    cmd.Parse(argc, argv);

    std::vector<uint32_t> counts;
    std::stringstream ss(sizes);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        const long v = std::strtol(item.c_str(), nullptr, 10);
        if (v < 128 || v % 128 != 0 || 256 % (v / 128) != 0)
        {
            std::cerr << "flow-scale: --gpus entry '" << item
                      << "' must be 128 x a divisor of 256 (TP32 x PP4 x DP, global batch 256)"
                      << std::endl;
            return 1;
        }
        counts.push_back(static_cast<uint32_t>(v));
    }
    if (compare && (compareBatch == 0 || compareBatch > 256))
    {
        std::cerr << "flow-scale: --compareBatch must be from 1 to 256 (got " << compareBatch << ")"
                  << std::endl;
        return 1;
    }
    if (!(scaleOutGBps > 0))
    {
        std::cerr << "flow-scale: --scaleOutGBps must be positive" << std::endl;
        return 1;
    }

    std::cout << "GPT-3 175B shape, TP32 x PP4 x DP, GB200, rail-optimized, " << scaleOutGBps
              << " GB/s per GPU, flow level" << (mirror ? ", replicas mirrored" : "") << std::endl;
    std::cout << std::setw(6) << "gpus" << std::setw(5) << "dp" << std::setw(11) << "flows"
              << std::setw(12) << "events" << std::setw(10) << "wall-s" << std::setw(12)
              << "events/s" << std::setw(11) << "peak-MiB" << std::setw(10) << "us/flow"
              << std::setw(14) << "iteration-s" << std::setw(11) << "link-peak" << std::setw(11)
              << "comp-peak" << std::setw(13) << "rerated/flow" << std::endl;
    auto row = [](uint32_t g, const Result& r) {
        std::cout << std::setw(6) << g << std::setw(5) << g / 128 << std::setw(11) << r.flows
                  << std::setw(12) << r.events << std::setw(10) << std::fixed
                  << std::setprecision(2) << r.wallS << std::setw(12) << std::setprecision(0)
                  << r.events / std::max(1e-9, r.wallS) << std::setw(11) << r.peakMiB
                  << std::setw(10) << std::setprecision(2)
                  << r.wallS / std::max<uint64_t>(1, r.flows) * 1e6 << std::setw(14)
                  << std::setprecision(6) << r.iterationS << std::setw(11) << r.peakLink
                  << std::setw(11) << r.peakComp << std::setw(13) << std::setprecision(2)
                  << r.meanComp << std::endl;
        std::cout.unsetf(std::ios::fixed);
    };
    // Targets of issue #42: wall time per size, memory at the largest, and a cost per flow
    // that does not grow with the network.
    const std::map<uint32_t, double> wallTarget{{2048, 1}, {8192, 10}, {32768, 60}};
    bool targets = true;
    std::vector<std::pair<uint32_t, Result>> done;
    for (uint32_t g : counts)
    {
        const Result r = RunInChild(g, "flow", scaleOutGBps, 256, mirror);
        if (!r.ok)
        {
            std::cout << std::setw(6) << g << "  failed" << std::endl;
            targets = false;
            continue;
        }
        row(g, r);
        done.emplace_back(g, r);
    }
    for (const auto& [g, r] : done)
    {
        auto t = wallTarget.find(g);
        if (t != wallTarget.end())
        {
            std::cout << "wall-" << g << "-s: " << r.wallS << " (target <= " << t->second << ")"
                      << std::endl;
            targets = targets && r.wallS <= t->second;
        }
    }
    if (!done.empty())
    {
        const Result& big = done.back().second;
        std::cout << "peak-memory-" << done.back().first << "-gib: " << big.peakMiB / 1024
                  << " (target <= 8)" << std::endl;
        targets = targets && big.peakMiB <= 8192;
    }
    if (done.size() >= 2)
    {
        auto perFlow = [](const Result& r) { return r.wallS / std::max<uint64_t>(1, r.flows); };
        const double growth = perFlow(done.back().second) / perFlow(done.front().second);
        std::cout << "per-flow-cost-largest-over-smallest: " << growth << " (target <= 1.5)"
                  << std::endl;
        targets = targets && growth <= 1.5;
    }
    if (compare && !done.empty())
    {
        const uint32_t g = done.front().first;
        const Result& fast = done.front().second;
        if (mirror)
        {
            const Result base = RunInChild(g, "flow", scaleOutGBps, 256, false);
            if (!base.ok)
            {
                std::cout << "baseline run failed" << std::endl;
                return 1;
            }
            std::cout << "baseline (" << g << " GPUs, every replica simulated):" << std::endl;
            row(g, base);
            std::cout << "mirrored-speedup: " << base.wallS / std::max(1e-9, fast.wallS)
                      << std::endl;
            std::cout << "mirrored-iteration-difference-s: " << fast.iterationS - base.iterationS
                      << " (exact: 0)" << std::endl;
            targets = targets && fast.iterationS == base.iterationS;
        }
        // Packet level on the smallest fabric (128 GPUs, DP 1): it moves every byte.
        const uint32_t small = 128;
        const Result f = RunInChild(small, "flow", scaleOutGBps, compareBatch, false);
        const Result p = RunInChild(small, "packet", scaleOutGBps, compareBatch, false);
        if (!p.ok || !f.ok)
        {
            std::cout << "comparison run failed" << std::endl;
            return 1;
        }
        std::cout << small << " GPUs, global batch " << compareBatch << ": flow level " << f.wallS
                  << " s wall, " << f.events << " events, iteration " << f.iterationS
                  << " s; packet level " << p.wallS << " s wall, " << p.events << " events, "
                  << p.peakMiB << " MiB, iteration " << p.iterationS << " s" << std::endl;
        std::cout << "wall-ratio-packet-over-flow: " << p.wallS / f.wallS << std::endl;
        std::cout << "iteration-difference-pct: "
                  << (f.iterationS - p.iterationS) / p.iterationS * 100 << std::endl;
    }
    std::cout << "targets-met: " << (targets ? "yes" : "no") << std::endl;
    return 0;
}
