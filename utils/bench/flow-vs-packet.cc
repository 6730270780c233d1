/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Validation benchmark: the same collective on the same topology at packet level (ns-3 TCP/IP)
 * and at flow level, in one process. Ring and halving-doubling all-reduce and all-to-all on
 * 16 hosts behind one switch, on a 2-level fat-tree (4 leaves of 4 hosts, 4 spines) and on a
 * 16-GPU rail fabric (4 servers of 4 GPUs with their scale-up domains), for each message size.
 * Packet level runs twice: with ns-3's default queue discs (FqCoDel: 1024 flow buckets, CoDel
 * target 5 ms) and with per-flow fair queues (FqCoDel with 65536 buckets and CoDel relaxed to a
 * 50 ms target), the switch behaviour the fluid model's max-min sharing stands for. Hash
 * collisions between flows in 1024 buckets and CoDel drops at 10 Gb/s make all-to-all slower by
 * up to ~11% with the defaults; with fair queues the two levels agree within ~1%.
 * Prints a table: completion times, their differences (flow against packet, %), and the wall
 * times; the target, |difference| <= 5% for messages >= 16 MiB, is checked against the fair
 * queues. doc/optical.rst (Validation) reports this table.
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{
/// One run's completion and wall time.
struct Run
{
    double completionS{0}; //!< Collective completion time
    double wallS{0};       //!< Wall time of Simulator::Run
};

Run
RunOne(const std::string& topology,
       Backend backend,
       CollectiveKind kind,
       CollectiveAlgorithm algorithm,
       uint64_t bytes,
       uint32_t hosts,
       const std::string& rate,
       bool fairQueues = false)
{
    Config::SetDefault("ns3::FqCoDelQueueDisc::Flows", UintegerValue(fairQueues ? 65536 : 1024));
    Config::SetDefault("ns3::FqCoDelQueueDisc::Target", StringValue(fairQueues ? "50ms" : "5ms"));
    Config::SetDefault("ns3::FqCoDelQueueDisc::Interval", StringValue(fairQueues ? "1s" : "100ms"));
    const uint32_t perServer = topology == "rail" ? 4 : 1;
    ScaleOutTopologyHelper fabric;
    fabric.SetTopology(topology);
    fabric.SetFatTree(4, 4);
    fabric.SetDeviceAttribute("DataRate", StringValue(rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(9000));
    fabric.SetChannelAttribute("Delay", StringValue("1us"));
    NodeContainer nodes(hosts);
    fabric.Install(nodes, perServer);
    CollectiveHelper helper;
    Ptr<CollectiveTransport> transport = helper.Install(nodes, perServer, backend);
    Ptr<Collective> c = helper.Create(transport, {kind, algorithm, hosts, bytes, 1, perServer, 0});
    Simulator::Schedule(MilliSeconds(10), &Collective::Start, c, Collective::DoneCallback());
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    NS_ABORT_MSG_IF(!c->IsDone(), "flow-vs-packet: the collective did not complete");
    Run r;
    r.completionS = (c->GetRecord().end - c->GetRecord().start).GetSeconds();
    r.wallS = std::chrono::duration<double>(t1 - t0).count();
    Simulator::Destroy();
    return r;
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string sizes = "16777216,67108864";
    std::string rate = "10Gbps";
    uint32_t hosts = 16;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "Comma-separated message sizes (bytes)", sizes);
    cmd.AddValue("rate", "Host link rate", rate);
    cmd.AddValue("hosts", "Hosts (a multiple of 4)", hosts);
    cmd.Parse(argc, argv);
    if (hosts < 4 || hosts % 4 != 0)
    {
        std::cerr << "flow-vs-packet: --hosts must be a positive multiple of 4 (got " << hosts
                  << ")" << std::endl;
        return 1;
    }
    std::vector<uint64_t> byteList;
    std::stringstream ss(sizes);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        const long long v = std::strtoll(item.c_str(), nullptr, 10);
        if (v <= 0)
        {
            std::cerr << "flow-vs-packet: --bytes entry '" << item << "' must be positive"
                      << std::endl;
            return 1;
        }
        byteList.push_back(static_cast<uint64_t>(v));
    }
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));

    std::cout << "| topology | collective | MiB | packet, default queues (ms) | packet, fair "
                 "queues (ms) | flow (ms) | difference, default (%) | difference, fair (%) | "
                 "wall packet (s) | wall flow (s) |"
              << std::endl;
    std::cout << "|---|---|---|---|---|---|---|---|---|---|" << std::endl;
    double worst = 0;
    double worstDefault = 0;
    double wallPacket = 0;
    double wallFlow = 0;
    const std::vector<std::pair<CollectiveKind, CollectiveAlgorithm>> collectives = {
        {CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING},
        {CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD},
        {CollectiveKind::ALLTOALL, CollectiveAlgorithm::DIRECT}};
    for (const char* topology : {"star", "fat-tree", "rail"})
    {
        for (const auto& [kind, algorithm] : collectives)
        {
            for (uint64_t b : byteList)
            {
                const Run d = RunOne(topology, Backend::PACKET, kind, algorithm, b, hosts, rate);
                const Run p =
                    RunOne(topology, Backend::PACKET, kind, algorithm, b, hosts, rate, true);
                const Run f = RunOne(topology, Backend::FLOW, kind, algorithm, b, hosts, rate);
                const double diffDefault = (f.completionS - d.completionS) / d.completionS * 100;
                const double diff = (f.completionS - p.completionS) / p.completionS * 100;
                if (b >= (16u << 20))
                {
                    worst = std::max(worst, std::abs(diff));
                    worstDefault = std::max(worstDefault, std::abs(diffDefault));
                }
                wallPacket += p.wallS;
                wallFlow += f.wallS;
                std::cout << std::fixed << "| " << topology << " | " << kind.GetName() << " "
                          << algorithm.GetName() << " | " << std::setprecision(0) << b / 1048576.0
                          << " | " << std::setprecision(3) << d.completionS * 1e3 << " | "
                          << p.completionS * 1e3 << " | " << f.completionS * 1e3 << " | "
                          << std::setprecision(2) << diffDefault << " | " << diff << " | "
                          << p.wallS << " | " << std::setprecision(3) << f.wallS << " |"
                          << std::endl;
            }
        }
    }
    std::cout.unsetf(std::ios::fixed);
    std::cout << "max-abs-difference-default-queues-pct: " << worstDefault << std::endl;
    std::cout << "max-abs-difference-pct: " << worst << " (fair queues; target <= 5 for >= 16 MiB)"
              << std::endl;
    std::cout << "wall-ratio-packet-over-flow: " << wallPacket / wallFlow << std::endl;
    return worst <= 5 ? 0 : 2;
}
