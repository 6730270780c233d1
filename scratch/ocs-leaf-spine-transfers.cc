/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 1: bulk TCP transfers across an OCS leaf-spine whose spines
 * reconfigure in the middle of the run.
 *
 * ToRs hang off OCS spines (OcsLeafSpineHelper, packet level); every host sends --bytes to the
 * host of the same index under the next ToR. At --reconfigureAt every spine moves to the next
 * round of its round-robin tournament (only the circuits that change go dark, for
 * --reconfigDelay); routes follow the circuits by themselves. It prints when the transfers
 * finished, their goodput and the frames the spines dropped while dark.
 *
 *   ./ns3 run "ocs-leaf-spine-transfers --tors=4 --bytes=8MiB --reconfigDelay=100us"
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <algorithm>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t tors = 4;
    uint32_t hostsPerTor = 2;
    uint32_t spines = 2;
    uint64_t bytes = 8 << 20;
    DataRate rate("10Gbps");
    Time reconfigureAt = MilliSeconds(2);
    Time reconfigDelay = MicroSeconds(100);

    OpticalExperiment exp("ocs-leaf-spine-transfers",
                          "Bulk TCP transfers across an OCS leaf-spine reconfigured mid-run");
    exp.AddCount("tors", "ToRs", tors, 2, 64);
    exp.AddCount("hostsPerTor", "Hosts under each ToR", hostsPerTor, 1, 64);
    exp.AddCount("spines", "OCS spines (one uplink per ToR each)", spines, 1, 16);
    exp.AddBytes("bytes", "Bytes per transfer", bytes, OpticalBounds::AtLeast(1).AtMost(1e10));
    exp.AddDataRate("rate",
                    "Rate of every host link and circuit",
                    rate,
                    OpticalBounds::AtLeast(1e6).AtMost(1e12));
    exp.AddTime("reconfigureAt",
                "When every spine moves to its next round",
                reconfigureAt,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("reconfigDelay",
                "Dark time of a changing circuit",
                reconfigDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.Parse(argc, argv);
    exp.Start();

    // Segments of the 9000-byte MTU; a segment lost in the dark costs a datacenter's RTO.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(8948));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(10)));

    OcsLeafSpineHelper fabric;
    fabric.SetHostsPerTor(hostsPerTor);
    fabric.SetSpines(spines);
    fabric.SetHostLinkRate(rate);
    fabric.SetUplinkRate(rate);
    fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(reconfigDelay));
    const uint32_t hosts = tors * hostsPerTor;
    const RealizedFabric net = fabric.Realize(Backend::PACKET, hosts, 1);

    // Host h of ToR t sends to host h of ToR t + 1.
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Time> done(hosts, Seconds(-1));
    for (uint32_t src = 0; src < hosts; ++src)
    {
        const uint32_t dst = (src + hostsPerTor) % hosts;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 5000 + src));
        sinks.push_back(DynamicCast<PacketSink>(sink.Install(net.hosts.Get(dst)).Get(0)));
        const Ipv4Address to = net.hosts.Get(dst)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(to, 5000 + src));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        bulk.Install(net.hosts.Get(src));
        sinks.back()->TraceConnectWithoutContext("Rx",
                                                 MakeCallback(+[](Time* when,
                                                                  Ptr<PacketSink> s,
                                                                  uint64_t bytes,
                                                                  Ptr<const Packet>,
                                                                  const Address&) {
                                                     if (s->GetTotalRx() >= bytes &&
                                                         when->IsNegative())
                                                     {
                                                         *when = Simulator::Now();
                                                     }
                                                 }).Bind(&done[src], sinks.back(), bytes));
    }

    // Mid-run: every spine to the next round of its tournament.
    Simulator::Schedule(reconfigureAt, [&fabric, tors]() {
        for (uint32_t s = 0; s < fabric.GetSwitches().size(); ++s)
        {
            fabric.GetSwitches()[s]->Reconfigure(fabric.RoundRobinConfiguration(tors, s, 1));
        }
    });
    exp.Run(Seconds(60));

    uint32_t completed = 0;
    uint64_t received = 0;
    Time last;
    for (uint32_t i = 0; i < hosts; ++i)
    {
        completed += done[i].IsPositive() ? 1 : 0;
        last = std::max(last, done[i]);
        received += sinks[i]->GetTotalRx();
    }
    uint64_t dark = 0;
    uint64_t reconfigurations = 0;
    for (const Ptr<OpticalCircuitSwitch>& spine : fabric.GetSwitches())
    {
        dark += spine->GetDrops(OpticalCircuitSwitch::RECONFIGURING);
        reconfigurations += spine->GetNReconfigurations();
    }
    if (completed != hosts)
    {
        exp.Fail(std::to_string(hosts - completed) + " transfers did not finish in 60 s", 2);
    }
    exp.Metric("transfers-completed", completed);
    exp.Metric("last-completion-ms", last.GetSeconds() * 1e3, "ms");
    exp.Metric("aggregate-goodput-gbps", received * 8.0 / last.GetSeconds() / 1e9, "Gbit/s");
    exp.Metric("bytes-received", static_cast<double>(received), "B");
    exp.Metric("dropped-in-the-dark", static_cast<double>(dark), "frames");
    exp.Metric("reconfigurations", static_cast<double>(reconfigurations));
    return exp.Finish();
}
