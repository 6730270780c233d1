/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 11: Opera's split of low-latency from bulk flows at flow level,
 * written from doc/optical.rst ("Time-slotted reconfigurable datacenter networks": the flow
 * level, Opera's split, the static expander). An Opera schedule of --tors ToRs and --uplinks
 * rotors carries bulk flows of --bulkBytes from host 0 of every ToR to a random other ToR and,
 * meanwhile, short flows of --shortBytes between random hosts every --gap. Run twice on the
 * same flows: with every flow on RotorLB (bulk), then with flows of at most --lowLatencyBytes
 * hop-on-hop-off in the calendar queues' priority classes. It prints the 50th and 99th
 * percentile FCT of the short flows of each run and the bulk bytes delivered by --duration.
 *
 *   ./ns3 run "opera-short-flows --tors=8 --uplinks=4"
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <vector>

using namespace ns3;

namespace
{

/// What a run measured.
struct Outcome
{
    std::vector<double> shortFctUs; //!< Completion times of the short flows (us)
    double bulkBytes{0};            //!< Bytes delivered by the end of the arrivals
    uint64_t lowLatency{0};         //!< Flows started as low-latency flows
};

/// The options.
struct Options
{
    uint32_t tors{8};                  //!< ToRs
    uint32_t uplinks{4};               //!< Uplinks (Opera: at least 2)
    uint32_t hostsPerTor{4};           //!< Hosts per ToR
    uint64_t bulkBytes{50000000};      //!< Bytes of a bulk flow
    uint64_t shortBytes{20000};        //!< Bytes of a short flow
    uint64_t lowLatencyBytes{1000000}; //!< Low-latency flows: at most this
    Time gap{MicroSeconds(20)};        //!< Between two short flows
    Time duration{MilliSeconds(10)};   //!< Short flows start until then
};

/// Runs the flows once, with or without Opera's split.
Outcome
Run(const Options& o, bool split)
{
    std::string error;
    Ptr<UniformRandomVariable> draw = CreateObject<UniformRandomVariable>();
    draw->SetStream(1); // the schedule's relabelling: the same in both runs
    Ptr<RdcnSchedule> schedule =
        RdcnScheduleGenerator::Make("opera", o.tors, o.uplinks, 2, draw, error);
    NS_ABORT_MSG_IF(!schedule, error);

    Ptr<RdcnRouter> bulk = CreateObject<RdcnRouter>();
    bulk->SetSchedule(schedule);
    bulk->SetScheme(RdcnRouter::ROTORLB);
    Ptr<RdcnFluidNetwork> net = CreateObject<RdcnFluidNetwork>();
    net->SetAttribute("HostsPerTor", UintegerValue(o.hostsPerTor));
    net->SetAttribute("QueueLimit", QueueSizeValue(QueueSize("100000B")));
    net->SetSchedule(schedule);
    net->SetRouter(bulk);
    if (split)
    {
        Ptr<RdcnRouter> lowLatency = CreateObject<RdcnRouter>();
        lowLatency->SetSchedule(schedule);
        lowLatency->SetScheme(RdcnRouter::HOHO);
        net->SetLowLatencyRouter(lowLatency);
        net->SetAttribute("LowLatencyBytes", UintegerValue(o.lowLatencyBytes));
    }
    NS_ABORT_MSG_IF(!net->Check().empty(), net->Check());

    // The same draws in both runs: a stream of their own.
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(2);
    Outcome out;
    const uint32_t hosts = o.tors * o.hostsPerTor;
    for (uint32_t t = 0; t < o.tors; ++t)
    {
        uint32_t to = rng->GetInteger(0, o.tors - 2);
        to += to >= t ? 1 : 0;
        net->StartFlow(t * o.hostsPerTor, to * o.hostsPerTor, o.bulkBytes, nullptr);
    }
    for (Time at = o.gap; at < o.duration; at += o.gap)
    {
        const uint32_t src = rng->GetInteger(0, hosts - 1);
        uint32_t dst = rng->GetInteger(0, hosts - 2);
        dst += dst >= src ? 1 : 0;
        Simulator::Schedule(at, [net, src, dst, at, &o, &out]() {
            net->StartFlow(src, dst, o.shortBytes, [at, &out]() {
                out.shortFctUs.push_back((Simulator::Now() - at).GetSeconds() * 1e6);
            });
        });
    }
    Simulator::Schedule(o.duration, [net, &out]() { out.bulkBytes = net->GetBytesDelivered(); });
    Simulator::Stop(o.duration * 3);
    Simulator::Run();
    out.lowLatency = net->GetLowLatencyFlowsStarted();
    Simulator::Destroy();
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    OpticalExperiment exp("opera-short-flows",
                          "Opera's split of low-latency from bulk flows, at flow level");
    exp.AddCount("tors", "ToRs", o.tors, 3, 256);
    exp.AddCount("uplinks", "Uplinks per ToR (Opera needs 2 or more)", o.uplinks, 2, 16);
    exp.AddCount("hostsPerTor", "Hosts per ToR", o.hostsPerTor, 1, 64);
    exp.AddBytes("bulkBytes",
                 "Bytes of a bulk flow",
                 o.bulkBytes,
                 OpticalBounds::AtLeast(1e6).AtMost(1e12));
    exp.AddBytes("shortBytes",
                 "Bytes of a short flow",
                 o.shortBytes,
                 OpticalBounds::AtLeast(1).AtMost(1e9));
    exp.AddBytes("lowLatencyBytes",
                 "Low-latency flows: at most this many bytes",
                 o.lowLatencyBytes,
                 OpticalBounds::AtLeast(1).AtMost(1e12));
    exp.AddTime("gap", "Time between two short flows", o.gap, OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("duration",
                "Short flows start until then",
                o.duration,
                OpticalBounds::Above(0).AtMost(1));
    exp.Parse(argc, argv);
    if (o.uplinks >= o.tors)
    {
        exp.Fail("--uplinks=" + std::to_string(o.uplinks) + ": at most tors - 1 (" +
                 std::to_string(o.tors - 1) + ")");
    }
    if (o.shortBytes > o.lowLatencyBytes || o.bulkBytes <= o.lowLatencyBytes)
    {
        exp.Fail("--lowLatencyBytes=" + std::to_string(o.lowLatencyBytes) +
                 ": must be at least --shortBytes and below --bulkBytes");
    }
    exp.Start();
    for (const bool split : {false, true})
    {
        const Outcome r = Run(o, split);
        const std::string name = split ? "split" : "bulk";
        exp.Metric(name + "-short-flows", static_cast<uint64_t>(r.shortFctUs.size()));
        exp.Metric(name + "-short-fct-p50-us", optical::Percentile(r.shortFctUs, 50), "us");
        exp.Metric(name + "-short-fct-p99-us", optical::Percentile(r.shortFctUs, 99), "us");
        exp.Metric(name + "-delivered-by-duration-bytes", r.bulkBytes, "B");
        exp.Metric(name + "-low-latency-flows", r.lowLatency);
    }
    return exp.Finish();
}
