/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 4: RoCEv2 on a time-slotted network, written from doc/optical.rst
 * ("Queue pairs gated by a time-slotted schedule"). A ring all-reduce over the rdma backend on
 * a round robin of --tors ToRs (--hostsPerTor hosts each, one uplink), once with the queue pairs
 * gated by the schedule's circuits and once sending freely into the ToRs' calendar queues:
 *
 *   ./ns3 run "rdcn-rdma-gating --tors=4 --bytes=4MiB"
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

namespace
{

/// What one all-reduce did.
struct Outcome
{
    Time time;           //!< All-reduce time (negative: did not finish)
    uint64_t peak{0};    //!< Largest calendar queue (bytes)
    uint64_t dropped{0}; //!< Packets the network dropped
    uint32_t gated{0};   //!< NICs the gate holds
    uint64_t pauses{0};  //!< PFC pause frames the hosts received
};

Outcome
RunOnce(RdcnRdmaGate::Gating gating, uint32_t tors, uint32_t hostsPerTor, uint64_t bytes)
{
    // A round robin with one uplink, 100 Gb/s links, slot 200 us, guard 20 us; calendar
    // queues limited by the ToRs' lossless buffers (RoceHelper::ConfigureRoundRobin).
    RdcnHelper rdcn;
    const std::string error = RoceHelper::ConfigureRoundRobin(rdcn,
                                                              tors,
                                                              hostsPerTor,
                                                              MicroSeconds(200),
                                                              MicroSeconds(20),
                                                              DataRate("100Gbps"),
                                                              NanoSeconds(500),
                                                              1500,
                                                              gating);
    NS_ABORT_MSG_IF(!error.empty(), error);
    const uint32_t hosts = tors * hostsPerTor;
    NS_ABORT_MSG_IF(!rdcn.CheckHosts(hosts, 1).empty(), rdcn.CheckHosts(hosts, 1));
    const RealizedFabric net = rdcn.Realize(Backend::RDMA, hosts, 1);

    CollectiveHelper collectives;
    Ptr<CollectiveTransport> transport = collectives.Install(net, 1);
    Ptr<Collective> ar =
        collectives.Create(transport,
                           CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes),
                           {},
                           "gating");
    ar->Start();
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();

    Outcome out;
    out.time = ar->IsDone() ? ar->GetRecord().end - ar->GetRecord().start : Seconds(-1);
    const RdcnNetwork network = rdcn.GetNetwork();
    out.peak = network.GetCalendarPeakBytes();
    out.dropped = network.GetCounters().GetDropped();

    out.gated = network.GetRdmaGate()->GetNAttached();
    Ptr<RoceFabric> roce = DynamicCast<RdmaCollectiveTransport>(transport)->GetFabric();
    for (const Ptr<LosslessQueueDisc>& port : roce->GetPorts())
    {
        for (uint32_t p = 0; p < LosslessQueueDisc::N_PRIORITIES; ++p)
        {
            out.pauses += port->GetPauseFrames(p);
        }
    }
    Simulator::Destroy();
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t tors = 4;
    uint32_t hostsPerTor = 1;
    uint64_t bytes = 4 << 20;
    OpticalExperiment exp("rdcn-rdma-gating",
                          "A RoCE all-reduce on a rotor schedule, gated by its circuits or not");
    exp.AddCount("tors", "ToRs of the round robin (one uplink each)", tors, 3, 64);
    exp.AddCount("hostsPerTor", "Hosts per ToR", hostsPerTor, 1, 16);
    exp.AddBytes("bytes", "All-reduce size", bytes, OpticalBounds::AtLeast(1).AtMost(1e10));
    exp.Parse(argc, argv);
    exp.Start();
    for (auto gating : {RdcnRdmaGate::CIRCUIT, RdcnRdmaGate::NONE})
    {
        const Outcome o = RunOnce(gating, tors, hostsPerTor, bytes);
        const std::string name = gating == RdcnRdmaGate::CIRCUIT ? "gated" : "free";
        if (o.time.IsNegative())
        {
            exp.Fail(name + ": the all-reduce did not complete in 200 ms", 2);
        }
        exp.Metric(name + "-allreduce-us", o.time.GetMicroSeconds(), "us");
        exp.Metric(name + "-calendar-peak-bytes", o.peak, "bytes");
        exp.Metric(name + "-dropped", o.dropped, "packets");
        exp.Metric(name + "-nics-gated", o.gated);
        exp.Metric(name + "-pause-frames", o.pauses, "frames");
    }
    return exp.Finish();
}
