/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 3: a sweep drawn with a figure of your own. One all-reduce on an OCS
 * leaf-spine whose spines rotate every --period (staggered, OcsLeafSpineHelper::SetRotation),
 * against the same all-reduce on static circuits; sweep the period and draw it with
 *
 *   ./ns3 figure --file scratch/leaf_spine_rotation_figure.py
 *
 * which declares the grid (periods written with their unit: 100us, 1ms, ...), runs the missing
 * runs through the sweep and draws the all-reduce time against the period beside the static
 * time. One run:
 *
 *   ./ns3 run "leaf-spine-rotation --period=1ms --backend=flow"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

namespace
{

/// Runs one all-reduce on a leaf-spine, rotating every \p period (0: static); returns its time.
Time
RunOnce(Time period, uint32_t tors, uint64_t bytes, Time reconfigDelay, Backend backend)
{
    OcsLeafSpineHelper fabric;
    fabric.SetHostsPerTor(2);
    fabric.SetSpines(2);
    fabric.SetHostLinkRate(DataRate("100Gbps"));
    fabric.SetUplinkRate(DataRate("100Gbps"));
    fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(reconfigDelay));
    if (period.IsStrictlyPositive())
    {
        fabric.SetRotation(period);
    }
    const uint32_t hosts = 2 * tors;
    const RealizedFabric net = fabric.Realize(backend, hosts, 1);
    CollectiveHelper collectives;
    Ptr<CollectiveTransport> transport = collectives.Install(net, 1);
    Ptr<Collective> ar =
        collectives.Create(transport,
                           CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes),
                           {},
                           "rotation");
    ar->Start();
    Simulator::Stop(Seconds(600));
    Simulator::Run();
    const Time t = ar->IsDone() ? ar->GetRecord().end - ar->GetRecord().start : Seconds(-1);
    Simulator::Destroy();
    return t;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t tors = 8;
    uint64_t bytes = 64 << 20;
    Time period = MilliSeconds(1);
    Time reconfigDelay = MicroSeconds(20);
    Backend backend = Backend::FLOW;

    OpticalExperiment exp("leaf-spine-rotation",
                          "An all-reduce on a rotating OCS leaf-spine against static circuits");
    exp.AddCount("tors", "ToRs (2 hosts each, 2 spines)", tors, 2, 256);
    exp.AddBytes("bytes", "All-reduce buffer S", bytes, OpticalBounds::AtLeast(1).AtMost(1e11));
    exp.AddTime("period",
                "Time between two reconfigurations of a spine",
                period,
                OpticalBounds::Above(0).AtMost(10));
    exp.AddTime("reconfigDelay",
                "Dark time of a changing circuit",
                reconfigDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddBackend("backend", "Network model", backend);
    exp.Parse(argc, argv);
    exp.Require(reconfigDelay < period,
                "reconfigDelay",
                "must be shorter than --period (a spine would be dark all the time)");
    exp.Start();

    const Time rotating = RunOnce(period, tors, bytes, reconfigDelay, backend);
    const Time fixed = RunOnce(Seconds(0), tors, bytes, reconfigDelay, backend);
    if (rotating.IsNegative() || fixed.IsNegative())
    {
        exp.Fail("an all-reduce did not complete in 600 s", 2);
    }
    exp.Metric("allreduce-time-ms", rotating.GetSeconds() * 1e3, "ms");
    exp.Metric("static-allreduce-time-ms", fixed.GetSeconds() * 1e3, "ms");
    exp.Metric("slowdown", rotating.GetSeconds() / fixed.GetSeconds());
    return exp.Finish();
}
