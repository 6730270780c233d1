/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: per-packet simulation cost of an OCS circuit against ns-3's PointToPointNetDevice.
 *
 * The same workload runs over two topologies in this one process, alternating, --rounds
 * times each: two hosts joined (a) by a point-to-point link and (b) by a circuit of a two-port
 * OpticalCircuitSwitch, with the same line rate and the same one-way delay. Two workloads:
 *  - udp: constant-rate UDP datagrams through ns-3's Internet stack (UdpClient -> UdpServer);
 *  - raw: frames handed straight to the device (the device, channel and switch alone).
 * For each it prints the median wall-clock cost per delivered packet and the ratio OCS / p2p
 * (target: at most 1.2). The machine may be noisy: compare ratios, not absolute times.
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <vector>

using namespace ns3;

namespace
{
/// Parameters shared by every run.
struct Params
{
    uint32_t packets{200000};
    uint32_t packetSize{1000};
    std::string rate{"10Gbps"};
    double fibreMetres{100};
};

/// Result of one run.
struct RunResult
{
    double seconds;     //!< Wall-clock time of Simulator::Run()
    uint64_t delivered; //!< Packets delivered
};

uint64_t g_rawDelivered = 0;

void
CountRaw(Ptr<const Packet>)
{
    ++g_rawDelivered;
}

/// Builds the two hosts and their link; returns the two devices.
NetDeviceContainer
BuildLink(bool ocs, const Params& p, NodeContainer& hosts)
{
    hosts.Create(2);
    if (!ocs)
    {
        // Same one-way delay as the OCS path: both fibres (the switch adds no latency).
        const double fibreDelay = p.fibreMetres * 1.4682 / 299792458.0;
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue(p.rate));
        p2p.SetChannelAttribute("Delay", TimeValue(Seconds(2 * fibreDelay)));
        return p2p.Install(hosts);
    }
    Ptr<Node> ocsNode = CreateObject<Node>();
    OcsHelper helper;
    helper.SetDeviceAttribute("DataRate", StringValue(p.rate));
    helper.SetChannelAttribute("Length", DoubleValue(p.fibreMetres));
    NetDeviceContainer nics = helper.Install(ocsNode, hosts);
    OcsHelper::GetSwitch(ocsNode)->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
    return nics;
}

RunResult
RunUdp(bool ocs, const Params& p)
{
    NodeContainer hosts;
    NetDeviceContainer devices = BuildLink(ocs, p, hosts);
    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.9.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(devices);
    UdpServerHelper server(9);
    ApplicationContainer serverApp = server.Install(hosts.Get(1));
    UdpClientHelper client(ifaces.GetAddress(1), 9);
    // Offer half the line rate so that the queue stays short in both cases.
    DataRate line(p.rate);
    const double interval = 2.0 * (p.packetSize + 30) * 8 / static_cast<double>(line.GetBitRate());
    client.SetAttribute("MaxPackets", UintegerValue(p.packets));
    client.SetAttribute("Interval", TimeValue(Seconds(interval)));
    client.SetAttribute("PacketSize", UintegerValue(p.packetSize));
    client.Install(hosts.Get(0));
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    const uint64_t delivered = DynamicCast<UdpServer>(serverApp.Get(0))->GetReceived();
    Simulator::Destroy();
    return {std::chrono::duration<double>(t1 - t0).count(), delivered};
}

RunResult
RunRaw(bool ocs, const Params& p)
{
    NodeContainer hosts;
    NetDeviceContainer devices = BuildLink(ocs, p, hosts);
    g_rawDelivered = 0;
    devices.Get(1)->TraceConnectWithoutContext("MacRx", MakeCallback(&CountRaw));
    Ptr<NetDevice> src = devices.Get(0);
    DataRate line(p.rate);
    const Time interval =
        Seconds(2.0 * (p.packetSize + 2) * 8 / static_cast<double>(line.GetBitRate()));
    const uint32_t size = p.packetSize;
    for (uint32_t k = 0; k < p.packets; ++k)
    {
        optical::compat::Schedule(k * interval, [src, size]() {
            src->Send(Create<Packet>(size), src->GetBroadcast(), 0x0800);
        });
    }
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    Simulator::Destroy();
    return {std::chrono::duration<double>(t1 - t0).count(), g_rawDelivered};
}

double
Median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
} // namespace

int
main(int argc, char* argv[])
{
    Params p;
    uint32_t rounds = 5;
    CommandLine cmd(__FILE__);
    cmd.AddValue("packets", "Packets per run", p.packets);
    cmd.AddValue("packetSize", "Payload per packet (bytes, 12..1472)", p.packetSize);
    cmd.AddValue("rate", "Line rate of both links", p.rate);
    cmd.AddValue("rounds", "Runs of each variant (alternating); the median is reported", rounds);
    cmd.Parse(argc, argv);
    DataRateValue check;
    if (p.packets == 0 || rounds == 0 || p.packetSize < 12 || p.packetSize > 1472 ||
        !check.DeserializeFromString(p.rate, MakeDataRateChecker()) ||
        check.Get().GetBitRate() == 0)
    {
        std::cerr << "ocs-vs-p2p: need --packets >= 1, --rounds >= 1, --packetSize in 12..1472 "
                     "and a positive --rate (e.g. 10Gbps)"
                  << std::endl;
        return 1;
    }

    struct Workload
    {
        const char* name;
        RunResult (*run)(bool, const Params&);
    };

    const Workload workloads[] = {{"udp", &RunUdp}, {"raw", &RunRaw}};
    std::cout << std::fixed << std::setprecision(1);
    for (const auto& w : workloads)
    {
        std::vector<double> costOcs;
        std::vector<double> costP2p;
        for (uint32_t r = 0; r < rounds; ++r)
        {
            // Alternate so that slow phases of a noisy machine hit both variants alike.
            for (bool ocs : {r % 2 == 0, r % 2 != 0})
            {
                const RunResult res = w.run(ocs, p);
                if (res.delivered != p.packets)
                {
                    std::cerr << "ocs-vs-p2p: " << w.name << (ocs ? " ocs" : " p2p")
                              << " delivered " << res.delivered << " of " << p.packets << " packets"
                              << std::endl;
                    return 2;
                }
                (ocs ? costOcs : costP2p).push_back(res.seconds * 1e9 / res.delivered);
            }
        }
        const double ocsNs = Median(costOcs);
        const double p2pNs = Median(costP2p);
        std::cout << w.name << "-p2p-ns-per-packet: " << p2pNs << "\n";
        std::cout << w.name << "-ocs-ns-per-packet: " << ocsNs << "\n";
        std::cout << std::setprecision(3) << w.name << "-ratio-ocs-over-p2p: " << ocsNs / p2pNs
                  << std::setprecision(1) << "\n";
    }
    return 0;
}
