/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: a ring all-reduce at packet level against ns-3's BulkSendApplication moving the
 * same bytes over the same topology (N hosts behind a non-blocking switch), in one process.
 * Each host of the baseline sends 2(N-1)/N x S bytes to its ring neighbour with BulkSend, as
 * the ring all-reduce does. Prints wall time, simulated time, events and events per second of
 * both, and the wall-time ratio (target: at most 1.3).
 */

#include "ns3/applications-module.h"
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
struct Result
{
    double wall;      //!< Wall-clock seconds of Simulator::Run
    double simulated; //!< Simulated seconds of the transfer
    uint64_t events;  //!< Events executed
};

NodeContainer
Build(uint32_t n, const std::string& rate)
{
    NodeContainer hosts(n);
    StarTopologyHelper star;
    star.SetDeviceAttribute("DataRate", StringValue(rate));
    star.SetDeviceAttribute("Mtu", UintegerValue(9000));
    star.SetChannelAttribute("Delay", StringValue("1us"));
    star.Install(hosts);
    return hosts;
}

Result
RunCollective(uint32_t n, uint64_t bytes, const std::string& rate)
{
    NodeContainer hosts = Build(n, rate);
    CollectiveHelper helper;
    auto transport = helper.Install(hosts);
    auto c =
        helper.Create(transport,
                      {CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, bytes, 1, 1, 0});
    optical::compat::Schedule(MilliSeconds(5), [c]() { c->Start(); });
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    Result r{std::chrono::duration<double>(t1 - t0).count(),
             (c->GetRecord().end - c->GetRecord().start).GetSeconds(),
             Simulator::GetEventCount()};
    Simulator::Destroy();
    return r;
}

Result
RunBulkSend(uint32_t n, uint64_t bytes, const std::string& rate)
{
    NodeContainer hosts = Build(n, rate);
    const uint64_t perHost = 2 * (n - 1) * (bytes / n);
    ApplicationContainer sinks;
    for (uint32_t i = 0; i < n; ++i)
    {
        const Ipv4Address to =
            hosts.Get((i + 1) % n)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(to, 9000));
        bulk.SetAttribute("MaxBytes", UintegerValue(perHost));
        bulk.SetAttribute("SendSize", UintegerValue(65536));
        bulk.Install(hosts.Get(i)).Start(MilliSeconds(5));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 9000));
        sinks.Add(sink.Install(hosts.Get(i)));
    }
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(9000 - 52));
    Time last;
    for (uint32_t i = 0; i < n; ++i)
    {
        sinks.Get(i)->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](Time* t, Ptr<const Packet>, const Address&) {
                *t = Simulator::Now();
            }).Bind(&last));
    }
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    Result r{std::chrono::duration<double>(t1 - t0).count(),
             (last - MilliSeconds(5)).GetSeconds(),
             Simulator::GetEventCount()};
    Simulator::Destroy();
    return r;
}
} // namespace

int
main(int argc, char* argv[])
{
    uint32_t nodes = 16;
    uint64_t bytes = 256ull << 20;
    std::string rate = "10Gbps";
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Hosts", nodes);
    cmd.AddValue("bytes", "All-reduce size S (bytes)", bytes);
    cmd.AddValue("rate", "Link rate", rate);
    cmd.Parse(argc, argv);
    if (nodes < 2 || bytes < nodes)
    {
        std::cerr << "collective-packet: need --nodes >= 2 and --bytes >= --nodes" << std::endl;
        return 1;
    }
    // The baseline's sockets must use the same MSS as the transport (which derives it from the
    // MTU); set it before the baseline creates its sockets.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(9000 - 52));
    const Result base = RunBulkSend(nodes, bytes, rate);
    const Result coll = RunCollective(nodes, bytes, rate);
    std::cout << "bulksend-wall-s: " << base.wall << "\n"
              << "bulksend-simulated-s: " << base.simulated << "\n"
              << "bulksend-events: " << base.events << "\n"
              << "bulksend-events-per-s: " << base.events / base.wall << "\n"
              << "collective-wall-s: " << coll.wall << "\n"
              << "collective-simulated-s: " << coll.simulated << "\n"
              << "collective-events: " << coll.events << "\n"
              << "collective-events-per-s: " << coll.events / coll.wall << "\n"
              << "ratio-wall-collective-over-bulksend: " << coll.wall / base.wall << "\n"
              << "target-ratio: 1.3" << std::endl;
    return 0;
}
