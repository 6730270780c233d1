/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * A starter for your own experiments: copy this file in scratch/, rename it, and run it with
 * `./ns3 run "optical-starter --hosts=8 --bytes=64MiB"` (flow level) or with
 * `--backend=packet` (ns-3's TCP/IP, packet by packet).
 *
 * It runs one ring all-reduce over a star of hosts behind one switch and prints its time next
 * to the alpha-beta formula (hosts on one switch: two link latencies per step), through the
 * same pieces the module's examples use: typed options (OpticalExperiment), a topology helper,
 * a collective helper with a backend of the registry, and the results store. The all-reduce
 * starts before Simulator::Run(), as any workload may.
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t hosts = 8;
    uint64_t bytes = 64 * 1024 * 1024;
    DataRate linkRate("100Gbps");
    Time linkDelay = MicroSeconds(1);
    Backend backend = Backend::FLOW;

    OpticalExperiment exp("optical-starter", "A ring all-reduce on a star of hosts");
    exp.AddCount("hosts", "Hosts behind the switch", hosts, 2, 4096);
    exp.AddBytes("bytes", "Bytes reduced per host", bytes, OpticalBounds::AtLeast(1).AtMost(1e12));
    exp.AddDataRate("linkRate",
                    "Rate of each host's link",
                    linkRate,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddTime("linkDelay",
                "One-way delay of each link",
                linkDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddBackend("backend", "Network model", backend);
    exp.Parse(argc, argv);
    exp.Start();

    // Hosts behind one switch, built as ns-3 nodes; a flow-level backend follows them.
    NodeContainer nodes(hosts);
    ScaleOutTopologyHelper fabric;
    fabric.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
    fabric.SetChannelAttribute("Delay", TimeValue(linkDelay));
    fabric.Install(nodes, 1);

    CollectiveHelper helper;
    Ptr<CollectiveTransport> transport = helper.Install(nodes, 1, backend);
    const CollectiveSpec spec = CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes);
    Ptr<Collective> allReduce = helper.Create(transport, spec, {}, "starter");
    allReduce->Start();
    exp.Run(Seconds(3600));
    exp.Require(allReduce->IsDone(), "bytes", "the all-reduce did not complete in an hour");

    // Ring all-reduce: 2 (N-1)/N x S over each host's link, plus 2 (N-1) link latencies.
    const CollectiveRecord record = allReduce->GetRecord();
    const double n = hosts;
    const double formula = 2 * (n - 1) / n * bytes * 8 / linkRate.GetBitRate() +
                           2 * (n - 1) * 2 * linkDelay.GetSeconds();
    exp.Metric("allreduce-time-s", (record.end - record.start).GetSeconds(), "s");
    exp.Metric("alpha-beta-time-s", formula, "s");
    return exp.Finish();
}
