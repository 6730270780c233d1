/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * RoCEv2 on a lossless fabric (the rdma backend): PFC, ECN and DCQCN or HPCC under four loads.
 *
 * - incast: hosts 1..N-1 each send --bytes to host 0 behind one switch;
 * - alltoall: every host sends --bytes to every other behind one switch;
 * - websearch: the web-search flow sizes (HPCC's and DCTCP's) at --load on a 2-level fat-tree;
 * - ocs-allreduce: a ring all-reduce of --bytes over a leaf-spine whose spines are optical
 *   circuit switches, reconfigured at --reconfigureAt; the ports on the circuits drop, pause or
 *   drain (--ocsReaction); routes move when the new circuits are lit (--ocsRoutes);
 * - rdcn-alltoall: an all-to-all of --bytes per pair over a time-slotted network (a round robin of
 *   --hosts / 2 ToRs, two hosts each, one uplink, --slot, guard --reconfigurationDelay); queue
 *   pairs send only while the circuit to their destination is up (--rdcnGating=circuit) or
 *   freely into the ToRs' calendar queues (none);
 * - deadlock: the textbook cyclic buffer dependency (--hosts switches in a ring, one host on
 *   each, host i sends --bytes to host i + 2, two hops clockwise): the watchdog finds the cycle
 *   of paused queues, prints it and stops the run (deadlock: 1, exit code 0).
 *
 * Prints FCT slowdown percentiles (FCT over the flow alone at line rate plus one link delay
 * per hop), pause time and frames, ECN marks, retransmissions and queue peaks; records every
 * flow (table ev_roce_flows) and port (ev_roce_ports). A PfcWatchdog stops a run whose pauses
 * deadlock and prints which queues wait on which (exit code 2, but in the deadlock scenario).
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string scenario = "incast";
    std::string cc = "dcqcn";
    std::string reaction = "pause";
    std::string routes = "when-lit";
    std::string ecmp = "first";
    std::string gating = "circuit";
    Time slot = MicroSeconds(200);
    uint32_t hosts = 8;
    uint32_t qpsPerPair = 64;
    uint64_t bytes = 1 << 20;
    double load = 0.3;
    Time duration = MilliSeconds(5);
    DataRate rate("100Gbps");
    Time delay = MicroSeconds(1);
    uint32_t mtu = 1500;
    Time reconfigureAt = MicroSeconds(100);
    Time reconfigurationDelay = MicroSeconds(20);
    std::string timelinePath;
    Time sampling;

    OpticalExperiment exp("roce-fabric", "RoCEv2 with PFC, ECN and DCQCN or HPCC");
    exp.AddEnum("scenario",
                "incast, alltoall, websearch (fat-tree), ocs-allreduce (OCS leaf-spine), "
                "rdcn-alltoall (time-slotted round robin) or deadlock (--hosts switches in a "
                "ring, every flow two hops clockwise)",
                scenario,
                {"incast", "alltoall", "websearch", "ocs-allreduce", "rdcn-alltoall", "deadlock"});
    exp.AddEnum("cc",
                "Congestion control of every queue pair",
                cc,
                {"dcqcn", "hpcc", "timely", "dctcp", "none"});
    exp.AddEnum("ocsReaction",
                "ocs-allreduce: what the circuits' ports do while reconfigured",
                reaction,
                {"drop", "pause", "drain"});
    exp.AddEnum("ocsRoutes",
                "ocs-allreduce: routes follow the circuits when-lit (hold through the dark "
                "time) or follow-light (move off a port the instant it goes dark)",
                routes,
                {"when-lit", "follow-light"});
    exp.AddEnum("ecmp",
                "How switches choose among equal-cost paths: first (ns-3's global routing), "
                "flow-hash (5-tuple; queue pairs differ by UDP source port) or packet-spray",
                ecmp,
                {"first", "flow-hash", "packet-spray"});
    exp.AddEnum("rdcnGating",
                "rdcn-alltoall: queue pairs send while their circuit is up (circuit) or freely "
                "into the ToRs' calendar queues (none)",
                gating,
                {"circuit", "none"});
    exp.AddTime("slot",
                "rdcn-alltoall: slot of the schedule",
                slot,
                OpticalBounds::AtLeast(1e-6).AtMost(1));
    exp.AddCount("hosts", "Hosts (ranks; deadlock: switches in the ring, >= 3)", hosts, 2, 512);
    exp.AddCount("qpsPerPair",
                 "websearch: queue pairs between two hosts, flows spread over them",
                 qpsPerPair,
                 1,
                 1024);
    exp.AddBytes("bytes",
                 "Message size (incast, alltoall: per pair; ocs-allreduce: the all-reduce)",
                 bytes,
                 OpticalBounds::AtLeast(1).AtMost(1e10));
    exp.AddFraction("load", "websearch: offered load of each host link", load);
    exp.AddTime("duration",
                "websearch: time flows start in",
                duration,
                OpticalBounds::AtLeast(1e-6).AtMost(1));
    exp.AddDataRate("linkRate",
                    "Rate of every link",
                    rate,
                    OpticalBounds::AtLeast(1e9).AtMost(1e13));
    exp.AddTime("linkDelay",
                "Delay of every link",
                delay,
                OpticalBounds::AtLeast(1e-9).AtMost(1e-3));
    exp.AddCount("mtu", "MTU of the links (bytes)", mtu, 576, 9216);
    exp.AddTime("reconfigureAt",
                "ocs-allreduce: when the spines change circuits",
                reconfigureAt,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddTime("reconfigurationDelay",
                "ocs-allreduce: how long a changing circuit is dark; rdcn-alltoall: the guard",
                reconfigurationDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddOutputFile("timeline",
                      "Timeline of the run (Chrome trace JSON for ui.perfetto.dev: a track per "
                      "host with its flows; empty: none)",
                      timelinePath);
    exp.AddTime("sampling",
                "Interval of the timeline's link counters: each host NIC's utilization and "
                "device queue (0: none; needs --timeline)",
                sampling,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.Parse(argc, argv);
    exp.Require(sampling.IsZero() || !timelinePath.empty(),
                "sampling",
                "--sampling draws counters on the timeline: give --timeline=FILE.json too");

    const bool ocs = scenario == "ocs-allreduce";
    const bool slotted = scenario == "rdcn-alltoall";
    ScaleOutTopologyHelper tree;
    OcsLeafSpineHelper leafSpine;
    RdcnHelper rdcn;
    ScaleOutFabric* fabric = &tree;
    std::string error;
    if (slotted)
    {
        exp.Require(hosts % 2 == 0 && hosts >= 6, "hosts", "rdcn-alltoall: even, at least 6");
        error = RoceHelper::ConfigureRoundRobin(rdcn,
                                                hosts / 2,
                                                2,
                                                slot,
                                                reconfigurationDelay,
                                                rate,
                                                delay,
                                                mtu,
                                                gating == "circuit" ? RdcnRdmaGate::CIRCUIT
                                                                    : RdcnRdmaGate::NONE);
        exp.Require(error.empty(), "slot", error);
        fabric = &rdcn;
    }
    else if (ocs)
    {
        leafSpine.SetHostsPerTor(2);
        leafSpine.SetSpines(2);
        leafSpine.SetUplinksPerTor(2);
        leafSpine.SetHostLinkRate(rate);
        leafSpine.SetHostLinkDelay(delay);
        leafSpine.SetUplinkRate(rate);
        leafSpine.SetFibreDelay(delay);
        leafSpine.SetMtu(mtu);
        leafSpine.SetOcsAttribute("ReconfigurationDelay", TimeValue(reconfigurationDelay));
        leafSpine.SetOcsRouteUpdates(routes == "when-lit" ? OcsHelper::RouteUpdates::WHEN_LIT
                                                          : OcsHelper::RouteUpdates::FOLLOW_LIGHT);
        fabric = &leafSpine;
    }
    else
    {
        exp.Require(tree.SetTopology(scenario == "websearch" ? "fat-tree" : "star", &error),
                    "scenario",
                    error);
        tree.SetFatTree(4, 4);
        tree.SetDeviceAttribute("DataRate", DataRateValue(rate));
        tree.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        tree.SetChannelAttribute("Delay", TimeValue(delay));
    }
    const bool ring = scenario == "deadlock";
    error = ring ? (hosts >= 3 ? "" : "deadlock: a ring of at least 3 switches")
                 : fabric->CheckHosts(hosts, 1);
    exp.Require(error.empty(), "hosts", error);
    exp.Require(scenario != "alltoall" || hosts <= 64, "hosts", "alltoall: at most 64 hosts");
    // The network first, so that the fabric's attributes (--ns3::RoceSharedBuffer::..., the
    // law's) are checked against its ports before the run starts.
    NodeContainer ringHosts;
    RealizedFabric net;
    if (ring)
    {
        ringHosts = RoceHelper::BuildClockwiseRing(hosts, rate, delay, mtu);
    }
    else
    {
        net = fabric->Realize(Backend::RDMA, hosts, 1);
        if (ecmp != "first")
        {
            Ipv4EcmpRouting::Install(NodeContainer::GetGlobal(),
                                     ecmp == "flow-hash" ? Ipv4EcmpRouting::FLOW_HASH
                                                         : Ipv4EcmpRouting::PACKET_SPRAY);
        }
    }
    auto probe =
        CreateObjectWithAttributes<RdmaCollectiveTransport>("CongestionControl", StringValue(cc));
    exp.Require(probe->CheckNetwork(ring ? ringHosts : net.hosts, error), "cc", error);
    exp.Start();

    CollectiveHelper collectives;
    collectives.SetBackendAttribute(Backend::RDMA, "CongestionControl", StringValue(cc));
    collectives.SetBackendAttribute(Backend::RDMA, "QueuePairsPerPair", UintegerValue(qpsPerPair));
    Ptr<CollectiveTransport> transport =
        ring ? collectives.Install(ringHosts, 1, Backend::RDMA) : collectives.Install(net, 1);
    Ptr<RoceFabric> roce = DynamicCast<RdmaCollectiveTransport>(transport)->GetFabric();

    Ptr<FlowWorkload> flows = CreateObject<FlowWorkload>();
    flows->SetAttribute("FlowBytes", UintegerValue(bytes));
    flows->SetAttribute("HostRate", DataRateValue(rate));
    Ptr<Collective> allreduce;
    if (ring || slotted || scenario == "incast" || scenario == "alltoall")
    {
        flows->SetAttribute("Pattern",
                            StringValue(ring      ? "permutation"
                                        : slotted ? "alltoall"
                                                  : scenario));
        flows->SetAttribute("Shift", UintegerValue(2));
    }
    else if (scenario == "websearch")
    {
        flows->SetAttribute("Load", DoubleValue(load));
        flows->SetAttribute("Duration", TimeValue(duration));
        flows->SetAttribute("HostsPerGroup", UintegerValue(4));
        flows->SetAttribute("SpreadOverLanes", BooleanValue(true));
    }
    else
    {
        flows = nullptr;
        RoceHelper::FollowAndRotate(leafSpine,
                                    hosts / 2,
                                    roce,
                                    reaction == "drop"    ? RoceFabric::OCS_DROP
                                    : reaction == "pause" ? RoceFabric::OCS_PAUSE
                                                          : RoceFabric::OCS_DRAIN,
                                    reconfigureAt);
        allreduce = collectives.Create(transport,
                                       CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes),
                                       {},
                                       "roce");
        allreduce->Start();
    }
    if (flows)
    {
        // A time-slotted network's schedule runs on: stop when the flows are done.
        flows->SetAttribute("StopWhenDone", BooleanValue(slotted));
        flows->SetTransport(transport);
        exp.Require(flows->Start(error), "scenario", error);
    }
    LinkLoadSampler links;
    if (sampling.IsStrictlyPositive())
    {
        links.SetInterval(sampling);
        links.AddHosts(ring ? ringHosts : net.hosts);
        links.Start(
            [flows, allreduce]() { return flows ? !flows->IsDone() : !allreduce->IsDone(); });
    }
    Ptr<PfcWatchdog> watchdog = CreateObject<PfcWatchdog>();
    watchdog->Watch(roce);
    exp.Run(Seconds(60));
    if (!timelinePath.empty())
    {
        OpticalTimeline timeline;
        if (flows)
        {
            flows->AddToTimeline(timeline, "flows", Time(0), Simulator::Now());
        }
        else
        {
            const CollectiveRecord rec = allreduce->GetRecord();
            const uint32_t pid = timeline.AddProcess("roce");
            timeline.AddSlice(pid,
                              timeline.AddTrack(pid, "all-reduce"),
                              "allreduce",
                              "collective",
                              rec.start,
                              allreduce->IsDone() ? rec.end : Simulator::Now());
        }
        links.AddToTimeline(timeline, "links");
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    if (watchdog->HasDeadlock() && !ring)
    {
        exp.Fail(watchdog->GetReport(), 2);
    }

    // Slowdown: FCT over the flow alone at line rate plus one link delay per hop.
    const Time base = delay * (scenario == "websearch" ? 4 : 2);
    const RoceFlowSlowdowns slow =
        RoceHelper::Slowdowns(flows ? flows->GetFlows() : std::vector<FlowRecord>(), rate, base);
    ResultsStore* store = exp.GetStore();
    if (store && flows)
    {
        RoceHelper::RecordFlows(*store, exp.GetRunId(), scenario, cc, flows->GetFlows(), slow);
    }
    const RoceReport report = RoceHelper::Summarize(roce);
    if (store)
    {
        RoceHelper::RecordPorts(*store, exp.GetRunId(), scenario, cc, roce);
    }
    if (allreduce)
    {
        exp.Require(allreduce->IsDone(), "scenario", "the all-reduce did not complete");
        const CollectiveRecord rec = allreduce->GetRecord();
        exp.Metric("allreduce-time-us", (rec.end - rec.start).GetMicroSeconds() * 1.0, "us");
        exp.Metric("ocs-drops", roce->GetOcsDrops(), "frames");
    }
    if (slotted)
    {
        const RdcnNetwork slottedNet = rdcn.GetNetwork();
        exp.Metric("calendar-queue-peak-bytes", slottedNet.GetCalendarPeakBytes(), "bytes");
        exp.Metric("rdcn-dropped", slottedNet.GetCounters().GetDropped(), "packets");
    }
    RoceHelper::Report(exp, report, slow, watchdog->HasDeadlock());
    Simulator::Destroy();
    return exp.Finish();
}
