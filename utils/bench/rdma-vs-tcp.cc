/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the wall time per delivered data packet of the rdma backend (RoCEv2 queue pairs
 * on a lossless network) against the packet backend (TCP) on the same topology and workload,
 * in one process: a ring all-reduce of --bytes on --nodes hosts behind one switch (MTU 9000,
 * 1 us links). A delivered data packet is a frame of more than 1,000 bytes received by a host.
 * Prints wall time, events, events per second, data packets and the cost per packet of
 * three runs: TCP, RDMA with every frame on IPv4's path, and RDMA with RoceFabric's FastPath
 * (the switches forward RoCE frames on RoceFastPath); the ratios of both RDMA runs to TCP
 * (target: at most 1/3) and whether the fast path simulated exactly the same thing.
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

namespace
{
/// One run.
struct Result
{
    double wall;      //!< Wall-clock seconds of Simulator::Run
    double simulated; //!< Simulated seconds of the all-reduce
    uint64_t events;  //!< Events executed
    uint64_t packets; //!< Data packets delivered to hosts
};

/**
 * \param [in] backend The backend
 * \param [in] n Hosts
 * \param [in] bytes All-reduce size
 * \param [in] rate Link rate
 * \return what the run cost
 */
Result
Run(Backend backend, uint32_t n, uint64_t bytes, const std::string& rate, bool fastPath = false)
{
    Config::SetDefault("ns3::RoceFabric::FastPath", BooleanValue(fastPath));
    NodeContainer hosts(n);
    StarTopologyHelper star;
    star.SetDeviceAttribute("DataRate", StringValue(rate));
    star.SetDeviceAttribute("Mtu", UintegerValue(9000));
    star.SetChannelAttribute("Delay", StringValue("1us"));
    star.Install(hosts);
    CollectiveHelper helper;
    auto transport = helper.Install(hosts, 1, backend);
    auto c = helper.Create(transport, CollectiveSpec::Of(CollectiveKind::ALLREDUCE, n, bytes));
    optical::compat::Schedule(MilliSeconds(5), [c]() { c->Start(); });
    uint64_t packets = 0;
    for (uint32_t h = 0; h < n; ++h)
    {
        for (uint32_t d = 0; d < hosts.Get(h)->GetNDevices(); ++d)
        {
            hosts.Get(h)->GetDevice(d)->TraceConnectWithoutContext(
                "PhyRxEnd",
                MakeBoundCallback(
                    +[](uint64_t* count, Ptr<const Packet> p) {
                        *count += p->GetSize() > 1000 ? 1 : 0;
                    },
                    &packets));
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    Result r{std::chrono::duration<double>(t1 - t0).count(),
             (c->GetRecord().end - c->GetRecord().start).GetSeconds(),
             Simulator::GetEventCount(),
             packets};
    Simulator::Destroy();
    return r;
}
} // namespace

int
main(int argc, char* argv[])
{
    uint32_t nodes = 8;
    uint64_t bytes = 256ull << 20;
    std::string rate = "100Gbps";
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Hosts", nodes);
    cmd.AddValue("bytes", "All-reduce size S (bytes)", bytes);
    cmd.AddValue("rate", "Link rate", rate);
    std::string only = "both";
    cmd.AddValue("only", "Run one side alone, for a profiler: all, tcp, rdma or rdma-fast", only);
    cmd.Parse(argc, argv);
    if (only == "both")
    {
        only = "all"; // the earlier name
    }
    if (only != "all" && only != "tcp" && only != "rdma" && only != "rdma-fast")
    {
        std::cerr << "rdma-vs-tcp: --only=" << only << ": allowed all, tcp, rdma, rdma-fast"
                  << std::endl;
        return 1;
    }
    if (only != "all")
    {
        const Result r = Run(only == "tcp" ? Backend::PACKET : Backend::RDMA,
                             nodes,
                             bytes,
                             rate,
                             only == "rdma-fast");
        std::cout << only << "-wall-s: " << r.wall << "\n"
                  << only << "-events: " << r.events << "\n"
                  << only << "-us-per-packet: " << r.wall / r.packets * 1e6 << std::endl;
        return 0;
    }
    if (nodes < 2 || bytes < nodes)
    {
        std::cerr << "rdma-vs-tcp: need --nodes >= 2 and --bytes >= --nodes" << std::endl;
        return 1;
    }
    const Result tcp = Run(Backend::PACKET, nodes, bytes, rate);
    const Result rdma = Run(Backend::RDMA, nodes, bytes, rate);
    const Result fast = Run(Backend::RDMA, nodes, bytes, rate, true);
    for (const auto& [name, r] : {std::make_pair("tcp", tcp),
                                  std::make_pair("rdma", rdma),
                                  std::make_pair("rdma-fast", fast)})
    {
        std::cout << name << "-wall-s: " << r.wall << "\n"
                  << name << "-simulated-s: " << r.simulated << "\n"
                  << name << "-events: " << r.events << "\n"
                  << name << "-events-per-s: " << r.events / r.wall << "\n"
                  << name << "-data-packets: " << r.packets << "\n"
                  << name << "-us-per-packet: " << r.wall / r.packets * 1e6 << "\n";
    }
    std::cout << "ratio-per-packet-rdma-over-tcp: "
              << (rdma.wall / rdma.packets) / (tcp.wall / tcp.packets) << "\n"
              << "ratio-per-packet-rdma-fast-over-tcp: "
              << (fast.wall / fast.packets) / (tcp.wall / tcp.packets) << "\n"
              << "ratio-per-packet-rdma-fast-over-rdma: "
              << (fast.wall / fast.packets) / (rdma.wall / rdma.packets) << "\n"
              << "rdma-fast-same-simulation: "
              << (fast.simulated == rdma.simulated && fast.events == rdma.events &&
                          fast.packets == rdma.packets
                      ? "yes"
                      : "no")
              << "\n"
              << "target-ratio: 0.333" << std::endl;
    return 0;
}
