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
 *   drain (--ocsReaction).
 *
 * Prints FCT slowdown percentiles (FCT over the flow alone at line rate plus one link delay
 * per hop), pause time and frames, ECN marks, retransmissions and queue peaks; records every
 * flow (table ev_roce_flows) and port (ev_roce_ports). A PfcWatchdog stops a run whose pauses
 * deadlock and prints which queues wait on which (exit code 2).
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <algorithm>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string scenario = "incast";
    std::string cc = "dcqcn";
    std::string reaction = "pause";
    uint32_t hosts = 8;
    uint64_t bytes = 1 << 20;
    double load = 0.3;
    Time duration = MilliSeconds(5);
    DataRate rate("100Gbps");
    Time delay = MicroSeconds(1);
    uint32_t mtu = 1500;
    Time reconfigureAt = MicroSeconds(100);
    Time reconfigurationDelay = MicroSeconds(20);

    OpticalExperiment exp("roce-fabric", "RoCEv2 with PFC, ECN and DCQCN or HPCC");
    exp.AddEnum("scenario",
                "incast, alltoall, websearch (fat-tree) or ocs-allreduce (OCS leaf-spine)",
                scenario,
                {"incast", "alltoall", "websearch", "ocs-allreduce"});
    exp.AddEnum("cc", "Congestion control of every queue pair", cc, {"dcqcn", "hpcc", "none"});
    exp.AddEnum("ocsReaction",
                "ocs-allreduce: what the circuits' ports do while reconfigured",
                reaction,
                {"drop", "pause", "drain"});
    exp.AddCount("hosts", "Hosts (ranks)", hosts, 2, 512);
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
                "ocs-allreduce: how long a changing circuit is dark",
                reconfigurationDelay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.Parse(argc, argv);

    const bool ocs = scenario == "ocs-allreduce";
    ScaleOutTopologyHelper tree;
    OcsLeafSpineHelper leafSpine;
    ScaleOutFabric* fabric = &tree;
    std::string error;
    if (ocs)
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
    error = fabric->CheckHosts(hosts, 1);
    exp.Require(error.empty(), "hosts", error);
    exp.Require(scenario != "alltoall" || hosts <= 64, "hosts", "alltoall: at most 64 hosts");
    exp.Start();

    RealizedFabric net = fabric->Realize(Backend::RDMA, hosts, 1);
    CollectiveHelper collectives;
    collectives.SetBackendAttribute(Backend::RDMA, "CongestionControl", StringValue(cc));
    Ptr<CollectiveTransport> transport = collectives.Install(net, 1);
    Ptr<RoceFabric> roce = DynamicCast<RdmaCollectiveTransport>(transport)->GetFabric();

    struct Flow
    {
        uint32_t src, dst;
        uint64_t bytes;
        Time start, end;
    };

    std::vector<Flow> flows;
    auto send = [&](uint32_t src, uint32_t dst, uint64_t size) {
        flows.push_back({src, dst, size, Simulator::Now(), Time::Max()});
        size_t i = flows.size() - 1;
        transport->Send(src, dst, size, [&flows, i]() { flows[i].end = Simulator::Now(); });
    };
    Ptr<FlowWorkload> web;
    Ptr<Collective> allreduce;
    if (scenario == "incast")
    {
        for (uint32_t h = 1; h < hosts; ++h)
        {
            send(h, 0, bytes);
        }
    }
    else if (scenario == "alltoall")
    {
        for (uint32_t a = 0; a < hosts; ++a)
        {
            for (uint32_t b = 0; b < hosts; ++b)
            {
                if (a != b)
                {
                    send(a, b, bytes);
                }
            }
        }
    }
    else if (scenario == "websearch")
    {
        web = CreateObject<FlowWorkload>();
        web->SetAttribute("SizeFile", StringValue("websearch"));
        web->SetAttribute("Load", DoubleValue(load));
        web->SetAttribute("HostRate", DataRateValue(rate));
        web->SetAttribute("Duration", TimeValue(duration));
        web->SetAttribute("HostsPerGroup", UintegerValue(4));
        web->SetTransport(transport);
        exp.Require(web->Start(error), "load", error);
    }
    else
    {
        for (const auto& spine : leafSpine.GetSwitches())
        {
            roce->FollowOcs(spine,
                            reaction == "drop"    ? RoceFabric::OCS_DROP
                            : reaction == "pause" ? RoceFabric::OCS_PAUSE
                                                  : RoceFabric::OCS_DRAIN);
        }
        const uint32_t tors = hosts / 2;
        for (uint32_t s = 0; s < leafSpine.GetSwitches().size(); ++s)
        {
            Ptr<OpticalCircuitSwitch> spine = leafSpine.GetSwitches()[s];
            OcsConfiguration next = leafSpine.RoundRobinConfiguration(tors, s, 1);
            Simulator::Schedule(reconfigureAt, [spine, next]() { spine->Reconfigure(next); });
        }
        allreduce = collectives.Create(transport,
                                       CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts, bytes),
                                       {},
                                       "roce");
        allreduce->Start();
    }
    Ptr<PfcWatchdog> watchdog = CreateObject<PfcWatchdog>();
    watchdog->Watch(roce);
    exp.Run(Seconds(60));
    if (watchdog->HasDeadlock())
    {
        exp.Fail(watchdog->GetReport(), 2);
    }

    std::vector<double> slowdown;
    std::vector<double> small;
    const double hops = scenario == "websearch" ? 4 : 2;
    auto account = [&](uint64_t size, Time start, Time end) {
        double ideal = size * 8.0 / rate.GetBitRate() + hops * delay.GetSeconds();
        double s = std::max(1.0, (end - start).GetSeconds() / ideal);
        slowdown.push_back(s);
        if (size <= 100000)
        {
            small.push_back(s);
        }
        return s;
    };
    ResultsStore* store = exp.GetStore();
    if (store)
    {
        store->CreateEventTable("roce_flows");
        store->CreateEventTable("roce_ports");
    }
    uint64_t incomplete = 0;
    auto record = [&](uint32_t src, uint32_t dst, uint64_t size, Time start, Time end) {
        if (end == Time::Max())
        {
            ++incomplete;
            return;
        }
        double s = account(size, start, end);
        if (store)
        {
            store->AddEvent("roce_flows",
                            exp.GetRunId(),
                            {scenario,
                             cc,
                             int64_t(src),
                             int64_t(dst),
                             int64_t(size),
                             start.GetSeconds(),
                             (end - start).GetMicroSeconds() * 1.0,
                             s});
        }
    };
    for (const auto& f : flows)
    {
        record(f.src, f.dst, f.bytes, f.start, f.end);
    }
    if (web)
    {
        for (const FlowRecord& r : web->GetFlows())
        {
            record(r.src, r.dst, r.bytes, r.start, r.end);
        }
    }
    Time pausedTotal;
    Time pausedMax;
    uint64_t frames = 0;
    uint64_t marks = 0;
    uint32_t peak = 0;
    const auto& ports = roce->GetPorts();
    for (uint32_t i = 0; i < ports.size(); ++i)
    {
        Time paused;
        uint64_t f = 0;
        for (uint32_t p = 0; p < LosslessQueueDisc::N_PRIORITIES; ++p)
        {
            paused += ports[i]->GetPausedTime(p);
            f += ports[i]->GetPauseFrames(p);
        }
        pausedTotal += paused;
        pausedMax = std::max(pausedMax, paused);
        frames += f;
        marks += ports[i]->GetEcnMarks();
        peak = std::max(peak, ports[i]->GetPeakBytes());
        if (store)
        {
            store->AddEvent("roce_ports",
                            exp.GetRunId(),
                            {scenario,
                             cc,
                             roce->DescribePort(i),
                             paused.GetMicroSeconds() * 1.0,
                             int64_t(f),
                             int64_t(ports[i]->GetEcnMarks()),
                             int64_t(ports[i]->GetPeakBytes())});
        }
    }
    RdmaNicCounters nic;
    for (const auto& n : roce->GetNics())
    {
        nic.retransmitted += n->GetCounters().retransmitted;
        nic.timeouts += n->GetCounters().timeouts;
        nic.cnpsSent += n->GetCounters().cnpsSent;
    }
    uint64_t bufferDrops = 0;
    for (const auto& b : roce->GetBuffers())
    {
        bufferDrops += b->GetDrops();
    }
    std::sort(slowdown.begin(), slowdown.end());
    std::sort(small.begin(), small.end());
    if (allreduce)
    {
        exp.Require(allreduce->IsDone(), "scenario", "the all-reduce did not complete");
        const CollectiveRecord rec = allreduce->GetRecord();
        exp.Metric("allreduce-time-us", (rec.end - rec.start).GetMicroSeconds() * 1.0, "us");
        exp.Metric("ocs-drops", roce->GetOcsDrops(), "frames");
    }
    exp.Metric("flows", slowdown.size(), "flows");
    exp.Metric("flows-incomplete", incomplete, "flows");
    if (!slowdown.empty())
    {
        exp.Metric("slowdown-p50", optical::PercentileOfSorted(slowdown, 50), "");
        exp.Metric("slowdown-p95", optical::PercentileOfSorted(slowdown, 95), "");
        exp.Metric("slowdown-p99", optical::PercentileOfSorted(slowdown, 99), "");
    }
    if (!small.empty())
    {
        exp.Metric("small-flow-slowdown-p99", optical::PercentileOfSorted(small, 99), "");
    }
    exp.Metric("pause-time-total-us", pausedTotal.GetMicroSeconds() * 1.0, "us");
    exp.Metric("pause-time-max-port-us", pausedMax.GetMicroSeconds() * 1.0, "us");
    exp.Metric("pause-frames", frames, "frames");
    exp.Metric("ecn-marks", marks, "packets");
    exp.Metric("cnps", nic.cnpsSent, "packets");
    exp.Metric("retransmitted", nic.retransmitted, "packets");
    exp.Metric("timeouts", nic.timeouts, "");
    exp.Metric("buffer-drops", bufferDrops, "packets");
    exp.Metric("queue-peak-bytes", peak, "bytes");
    Simulator::Destroy();
    return exp.Finish();
}
