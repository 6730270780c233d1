/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 5: RoCEv2 on the fast path, written from doc/optical.rst (RoCEv2,
 * "Attributes": RoceFabric's FastPath; "Trace sources": RoceFastPath's Rx). A ring all-reduce
 * of --bytes over the rdma backend on --hosts hosts behind one switch, once on IPv4's path and
 * once with the switch forwarding RoCE frames and the hosts delivering them on RoceFastPath:
 * the same all-reduce time, the same frames counted at the hosts (a counter attached with
 * RoceFastPath::ConnectRx before the fabric exists), and the frames the fast path forwarded
 * and delivered (wall times on stderr):
 *
 *   ./ns3 run "roce-fast-path --hosts=8 --bytes=8MiB"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

namespace
{

/// What one all-reduce did.
struct Outcome
{
    Time time;             //!< All-reduce time
    uint64_t forwarded{0}; //!< Frames the switch forwarded on the fast path
    uint64_t delivered{0}; //!< Frames the hosts' fast paths gave their NICs
    uint64_t hostRx{0};    //!< Frames the hosts received (ConnectRx: either path)
    uint64_t dataSent{0};  //!< Data packets the NICs sent
    double wallSeconds{0}; //!< Wall time of Simulator::Run
};

Outcome
RunOnce(bool fastPath, uint32_t hosts, uint64_t bytes)
{
    Config::SetDefault("ns3::RoceFabric::FastPath", BooleanValue(fastPath));
    NodeContainer nodes(hosts);
    StarTopologyHelper star;
    star.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
    star.SetDeviceAttribute("Mtu", UintegerValue(9000));
    star.SetChannelAttribute("Delay", StringValue("1us"));
    star.Install(nodes);
    Outcome out;
    for (uint32_t h = 0; h < hosts; ++h)
    {
        // Attached before the transport installs the fabric: ConnectRx reaches its path too.
        RoceFastPath::ConnectRx(
            nodes.Get(h),
            MakeBoundCallback(
                +[](uint64_t* n, Ptr<const Packet>, Ptr<Ipv4>, uint32_t) { ++*n; },
                &out.hostRx));
    }
    CollectiveHelper collectives;
    Ptr<CollectiveTransport> transport = collectives.Install(nodes, 1, Backend::RDMA);
    Ptr<Collective> ar =
        collectives.Create(transport, CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes));
    ar->Start();
    Simulator::Stop(Seconds(1));
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();

    NS_ABORT_MSG_IF(!ar->IsDone(), "the all-reduce did not complete in 1 s");
    out.time = ar->GetRecord().end - ar->GetRecord().start;
    Ptr<RoceFabric> fabric = DynamicCast<RdmaCollectiveTransport>(transport)->GetFabric();
    out.forwarded = fabric->GetFastForwarded();
    out.delivered = fabric->GetFastDelivered();
    for (const auto& nic : fabric->GetNics())
    {
        out.dataSent += nic->GetCounters().dataSent;
    }
    out.wallSeconds = std::chrono::duration<double>(t1 - t0).count();
    Simulator::Destroy();
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t hosts = 8;
    uint64_t bytes = 8 << 20;
    OpticalExperiment exp("roce-fast-path",
                          "A RoCE all-reduce behind one switch, on IPv4's path and the fast path");
    exp.AddCount("hosts", "Hosts behind the switch", hosts, 2, 256);
    exp.AddBytes("bytes", "All-reduce size", bytes, OpticalBounds::AtLeast(1).AtMost(1e10));
    exp.Parse(argc, argv);
    exp.Start();
    const Outcome slow = RunOnce(false, hosts, bytes);
    const Outcome fast = RunOnce(true, hosts, bytes);
    exp.Metric("ipv4-path-allreduce-us", slow.time.GetNanoSeconds() / 1000.0, "us");
    exp.Metric("fast-path-allreduce-us", fast.time.GetNanoSeconds() / 1000.0, "us");
    exp.Metric("same-allreduce-time", slow.time == fast.time ? 1 : 0);
    exp.Metric("data-packets-sent", fast.dataSent, "packets");
    exp.Metric("fast-path-forwarded", fast.forwarded, "frames");
    exp.Metric("fast-path-delivered", fast.delivered, "frames");
    exp.Metric("hosts-received", fast.hostRx, "frames");
    exp.Metric("same-hosts-received", slow.hostRx == fast.hostRx ? 1 : 0);
    std::cerr << "wall: IPv4's path " << slow.wallSeconds << " s, fast path " << fast.wallSeconds
              << " s" << std::endl;
    return exp.Finish();
}
