/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 2: a ring all-reduce on a ring of optical circuits against the same
 * all-reduce on a star of hosts behind one packet switch, at either level (--backend).
 *
 * The OCS ring is a fabric of your own: one Describe() (a TopologyDescription: every host with
 * two ports on one OCS) and the circuits that make it a ring (host i's port 0 to host i + 1's
 * port 1), realized by DescribedFabric at the backend's level. The star is
 * ScaleOutTopologyHelper's. Every link and every circuit (two fibres of --delay / 2) runs at
 * --rate with a delay of --delay: the ring's messages cross one circuit, the star's two links
 * and a switch.
 *
 *   ./ns3 run "allreduce-ocs-ring-vs-star --hosts=8 --bytes=64MiB --backend=flow"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

namespace
{

/// The parameters of both runs.
struct Setup
{
    uint32_t hosts{8};           //!< Ranks
    uint64_t bytes{64 << 20};    //!< All-reduce buffer S
    DataRate rate{"100Gbps"};    //!< Links and circuits
    Time delay{MicroSeconds(1)}; //!< One hop
    Backend backend{Backend::FLOW};
};

/// Runs one ring all-reduce on a realized fabric; returns its duration.
Time
RunAllReduce(ScaleOutFabric& fabric, const Setup& s, OpticalExperiment& exp, const char* name)
{
    const RealizedFabric net = fabric.Realize(s.backend, s.hosts, 1);
    CollectiveHelper collectives;
    Ptr<CollectiveTransport> transport = collectives.Install(net, 1);
    Ptr<Collective> ar =
        collectives.Create(transport,
                           CollectiveSpec::Of(CollectiveKind::ALLREDUCE, s.hosts, s.bytes),
                           {},
                           name);
    ar->Start();
    exp.Run(Seconds(3600));
    if (!ar->IsDone())
    {
        exp.Fail(std::string(name) +
                     ": the all-reduce did not complete: " + transport->DescribeStall(),
                 2);
    }
    const Time t = ar->GetRecord().end - ar->GetRecord().start;
    Simulator::Destroy();
    return t;
}

} // namespace

int
main(int argc, char* argv[])
{
    Setup s;
    OpticalExperiment exp("allreduce-ocs-ring-vs-star",
                          "A ring all-reduce on a ring of OCS circuits against a star");
    exp.AddCount("hosts", "Hosts (ranks)", s.hosts, 3, 256);
    exp.AddBytes("bytes", "All-reduce buffer S", s.bytes, OpticalBounds::AtLeast(1).AtMost(1e11));
    exp.AddDataRate("rate",
                    "Rate of every link and circuit",
                    s.rate,
                    OpticalBounds::AtLeast(1e6).AtMost(1e13));
    exp.AddTime("delay", "Delay of one hop", s.delay, OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddBackend("backend", "Network model", s.backend);
    exp.Parse(argc, argv);
    exp.Start();

    // The OCS ring: host i has ports 2i (nic 0) and 2i + 1 (nic 1); a two-way circuit joins
    // host i's nic 0 to host i + 1's nic 1.
    const Setup setup = s;
    DescribedFabric ring(
        [setup](uint32_t hosts, uint32_t) {
            TopologyDescription d;
            for (uint32_t i = 0; i < hosts; ++i)
            {
                d.AddHost("host" + std::to_string(i));
            }
            const uint32_t ocs = d.AddOcs("ocs", 2 * hosts);
            for (uint32_t i = 0; i < hosts; ++i)
            {
                for (uint32_t nic = 0; nic < 2; ++nic)
                {
                    d.AttachOcsPort(ocs, 2 * i + nic, i, setup.rate, setup.delay / 2, 9000, nic);
                }
            }
            return d;
        },
        "OcsRing");
    ring.SetCircuits([setup](const std::vector<Ptr<OpticalCircuitSwitch>>& ocs) {
        OcsConfiguration circuits;
        for (uint32_t i = 0; i < setup.hosts; ++i)
        {
            circuits.Connect(2 * i, 2 * ((i + 1) % setup.hosts) + 1);
        }
        ocs[0]->SetInitialConfiguration(circuits);
    });
    const Time onRing = RunAllReduce(ring, s, exp, "ring");

    ScaleOutTopologyHelper star;
    star.SetTopology("star");
    star.SetDeviceAttribute("DataRate", DataRateValue(s.rate));
    star.SetDeviceAttribute("Mtu", UintegerValue(9000));
    star.SetChannelAttribute("Delay", TimeValue(s.delay));
    const Time onStar = RunAllReduce(star, s, exp, "star");

    // Alpha-beta: 2 (N-1) steps of S/N; one hop per step on the ring, two on the star.
    const double n = s.hosts;
    const double transfer = 2 * (n - 1) / n * s.bytes * 8 / s.rate.GetBitRate();
    const double hop = s.delay.GetSeconds();
    exp.Metric("ring-allreduce-time-ms", onRing.GetSeconds() * 1e3, "ms");
    exp.Metric("star-allreduce-time-ms", onStar.GetSeconds() * 1e3, "ms");
    exp.Metric("star-over-ring", onStar.GetSeconds() / onRing.GetSeconds());
    exp.Metric("alpha-beta-ring-ms", (transfer + 2 * (n - 1) * hop) * 1e3, "ms");
    exp.Metric("alpha-beta-star-ms", (transfer + 2 * (n - 1) * 2 * hop) * 1e3, "ms");
    return exp.Finish();
}
