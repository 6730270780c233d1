/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Time-slotted reconfigurable datacenter network: ToRs with calendar queues joined by rotor
 * switches that follow a schedule (RotorNet, Opera, Shale, random, traffic-aware or a file),
 * routing over time (direct, VLB, hop-on-hop-off, k shortest, source routing), hosts running
 * a flow workload (web search, data mining, all-to-all, permutation), at packet level (ns-3
 * TCP over RdcnHelper's network) or flow level (the fluid network, for 1,000+ ToRs).
 *
 *     ./ns3 run "rdcn --architecture=opera --routing=hoho --tors=16 --load=0.3"
 *
 * Prints throughput-pct (delivered bytes over the run, % of the hosts' line rate), FCT
 * percentiles of short and long flows, queue-peak-bytes, guard-dropped-packets and
 * reordered-pct, and records the run (ev_rdcn_flows, ev_rdcn_pairs).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("Rdcn");

int
main(int argc, char* argv[])
{
    RdcnStudyConfig c;
    OpticalExperiment exp("rdcn", "Time-slotted reconfigurable datacenter network");
    exp.AddText("architecture",
                "Schedule: rotornet, opera, shale, random, expander (static), traffic-aware, or a "
                "schedule file",
                c.architecture,
                false);
    exp.AddEnum("routing",
                "Routing over time",
                c.routing,
                {"direct", "vlb", "hoho", "ksp", "source", "rotorlb"});
    exp.AddCount("tors", "ToRs", c.tors, 2, RdcnSchedule::MAX_TORS);
    exp.AddCount("hostsPerTor", "Hosts per ToR", c.hostsPerTor, 1, 1024);
    exp.AddCount("uplinks",
                 "Uplinks per ToR (one rotor switch each)",
                 c.uplinks,
                 1,
                 RdcnSchedule::MAX_UPLINKS);
    exp.AddCount("dimensions", "Shale: dimensions of the virtual grid", c.dimensions, 1, 16);
    exp.AddCount("slices", "random: slices per cycle (0: ToRs - 1)", c.randomSlices, 0, 1000000);
    exp.AddTime("slot", "Slot length", c.slot, OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("guard",
                "Guard band (circuit change plus clock skew)",
                c.guard,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddDataRate("hostRate", "Host line rate", c.hostRate, OpticalBounds::Above(0).AtMost(1e15));
    exp.AddDataRate("uplinkRate",
                    "Uplink rate",
                    c.uplinkRate,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddFraction("load",
                    "Offered load (fraction of the host line rate)",
                    c.load,
                    OpticalBounds::Above(0).AtMost(1));
    exp.AddEnum("workload",
                "Traffic",
                c.workload,
                {"websearch", "datamining", "alltoall", "permutation"});
    exp.AddInputFile("sizes", "Flow-size CDF file (bytes,cdf) instead of the workload's", c.sizes);
    exp.AddBytes("flowBytes",
                 "alltoall, permutation: bytes per flow",
                 c.flowBytes,
                 OpticalBounds::AtLeast(1).AtMost(1e12));
    exp.AddBytes("shortFlow",
                 "Short flows: at most this many bytes",
                 c.shortFlowBytes,
                 OpticalBounds::AtLeast(1).AtMost(1e12));
    exp.AddEnum("lowLatencyRouting",
                "Opera's split (flow level): routing of low-latency flows, served first in the "
                "calendar queues (none: every flow follows --routing)",
                c.lowLatencyRouting,
                {"none", "direct", "hoho", "ksp", "source"});
    exp.AddBytes("lowLatencyBytes",
                 "Low-latency flows: at most this many bytes (Opera: 15 MB)",
                 c.lowLatencyBytes,
                 OpticalBounds::AtLeast(1).AtMost(1e12));
    exp.AddTime("duration",
                "Arrivals stop after this",
                c.duration,
                OpticalBounds::Above(0).AtMost(86400));
    exp.AddTime("drain",
                "Longest wait after duration for flows to finish",
                c.drain,
                OpticalBounds::AtLeast(0).AtMost(86400));
    exp.AddBackend("backend", "Network model", c.backend);
    exp.AddBytes("queue",
                 "Calendar queue limit per slice queue",
                 c.queueBytes,
                 OpticalBounds::AtLeast(1500).AtMost(1e12));
    exp.AddCount("paths", "ksp: paths per pair", c.paths, 1, 64);
    exp.AddTime("epoch",
                "traffic-aware: demand report interval",
                c.epoch,
                OpticalBounds::Above(0).AtMost(3600));
    exp.AddEnum("decomposition",
                "traffic-aware: demand decomposition",
                c.decomposition,
                {"bvn", "max-weight"});
    exp.AddOutputFile("timeline",
                      "Packet level: the rotor switches' ports over the run's first "
                      "--timelineWindow (Chrome trace JSON for ui.perfetto.dev; empty: none)",
                      c.timeline);
    exp.AddTime("timelineWindow",
                "Length of the run the timeline shows",
                c.timelineWindow,
                OpticalBounds::Above(0).AtMost(10));
    exp.Parse(argc, argv);
    if (const std::string problem = RdcnStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }

    exp.Start();
    c.runner = [&exp](Time stop) { exp.Run(stop); }; // progress lines on long runs
    RdcnStudyOutcome out;
    std::string error;
    if (!RdcnStudy::Run(c, out, error))
    {
        exp.Fail(error);
    }
    RdcnRecorder(exp.GetStore(), exp.GetRunId()).Write(c, out);
    const FlowWorkloadSummary& f = out.flows;
    exp.Metric("flows", f.flowsStarted);
    exp.Metric("flows-completed", f.flowsCompleted);
    exp.Metric("throughput-pct", out.throughputPct, "%");
    const auto us = [](Time t) { return t.GetSeconds() * 1e6; };
    if (f.shortCompleted > 0)
    {
        exp.Metric("fct-short-p50-us", us(f.shortFctP50), "us");
        exp.Metric("fct-short-p99-us", us(f.shortFctP99), "us");
    }
    if (f.longCompleted > 0)
    {
        exp.Metric("fct-long-p50-us", us(f.longFctP50), "us");
        exp.Metric("fct-long-p99-us", us(f.longFctP99), "us");
    }
    exp.Metric("queue-peak-bytes", out.queuePeakBytes, "B");
    if (BackendRegistry::Get(c.backend).Has(BackendFeature::LOSS))
    {
        exp.Metric("guard-dropped-packets", out.guardDroppedPackets);
        exp.Metric("reordered-pct", out.reorderedPct, "%");
    }
    exp.Metric("connected-pair-mean-pct", out.connectedMeanPct, "%");
    exp.Metric("cycle-slices", out.cycleSlices);
    if (c.lowLatencyRouting != "none")
    {
        exp.Metric("low-latency-flows", out.lowLatencyFlows);
    }
    exp.Metric("conserved", out.conserved ? 1 : 0);
    return exp.Finish();
}
