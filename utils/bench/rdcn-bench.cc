/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Benchmark of the time-slotted network (issue #22): 108 ToRs x 8 hosts (OpenOptics's testbed
// scale) at packet level, the same network at flow level, and 1,024 ToRs x 8 hosts at flow
// level; an Opera schedule, hop-on-hop-off routing (direct at 1,024 ToRs), web-search flows
// at a load. Each case runs in a child process (its peak memory is measured); the table gives
// the wall time per simulated second and the simulator's events per wall second, and the
// ratios compare the cases of this invocation (the machine is shared and noisy: only ratios
// within one invocation mean something).
//
//     ./ns3 run rdcn-bench            (or build/utils/bench/rdcn --packetDuration=1ms ...)

#include "bench-child.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/// One case's result.
struct Result
{
    bool ok{false};    //!< Ran
    double simS{0};    //!< Simulated seconds (arrivals)
    double wallS{0};   //!< Wall seconds of the simulation
    double events{0};  //!< Events executed
    double flows{0};   //!< Flows started
    double done{0};    //!< Flows completed
    double tputPct{0}; //!< throughput-pct
    double peakMiB{0}; //!< Peak memory of the child
};

Result
RunCase(const RdcnStudyConfig& c)
{
    const bench::ChildOutput child = bench::RunInChild([c]() {
        RdcnStudyOutcome out;
        std::string error;
        if (!RdcnStudy::Run(c, out, error))
        {
            return "error " + error;
        }
        std::ostringstream line;
        line << std::setprecision(12) << out.wallSeconds << " " << out.events << " "
             << out.flows.flowsStarted << " " << out.flows.flowsCompleted << " "
             << out.throughputPct;
        return line.str();
    });
    Result r;
    std::istringstream in(child.text);
    if (child.exitedOk && child.text.rfind("error", 0) != 0 &&
        (in >> r.wallS >> r.events >> r.flows >> r.done >> r.tputPct))
    {
        r.ok = true;
    }
    else
    {
        std::cerr << "case failed: " << child.text << std::endl;
    }
    r.simS = c.duration.GetSeconds();
    r.peakMiB = child.peakMiB;
    return r;
}

void
Row(const std::string& name, const RdcnStudyConfig& c, const Result& r)
{
    std::cout << std::left << std::setw(34) << name << std::right << std::setw(7) << c.tors
              << std::setw(7) << c.tors * c.hostsPerTor << std::setw(8) << c.backend.GetName();
    if (!r.ok)
    {
        std::cout << "  failed" << std::endl;
        return;
    }
    std::cout << std::fixed << std::setprecision(2) << std::setw(10) << r.simS * 1e3
              << std::setw(10) << r.wallS << std::setw(12) << r.wallS / r.simS << std::setw(12)
              << std::setprecision(0) << r.events / r.wallS << std::setw(9) << r.flows
              << std::setw(9) << r.done << std::setprecision(1) << std::setw(8) << r.tputPct
              << std::setw(9) << r.peakMiB << std::endl;
    std::cout.unsetf(std::ios::fixed);
}

} // namespace

int
main(int argc, char* argv[])
{
    Time packetDuration = MilliSeconds(1);
    Time flowDuration = MilliSeconds(10);
    double load = 0.3;
    CommandLine cmd(__FILE__);
    cmd.AddValue("packetDuration", "Arrivals of the packet-level case", packetDuration);
    cmd.AddValue("flowDuration", "Arrivals of the flow-level cases", flowDuration);
    cmd.AddValue("load", "Offered load", load);
    cmd.Parse(argc, argv);

    RdcnStudyConfig base;
    base.architecture = "opera";
    base.routing = "hoho";
    base.hostsPerTor = 8;
    base.uplinks = 8;
    base.load = load;
    base.workload = "websearch";
    base.drain = Seconds(0);

    RdcnStudyConfig packet = base;
    packet.tors = 108;
    packet.backend = Backend::PACKET;
    packet.duration = packetDuration;
    RdcnStudyConfig flow108 = packet;
    flow108.backend = Backend::FLOW;
    flow108.duration = flowDuration;
    RdcnStudyConfig flow1024 = flow108;
    flow1024.tors = 1024;
    flow1024.routing = "direct";
    RdcnStudyConfig flow108direct = flow108;
    flow108direct.routing = "direct";

    for (const RdcnStudyConfig* c : {&packet, &flow108, &flow108direct, &flow1024})
    {
        if (const std::string problem = RdcnStudy::Check(*c); !problem.empty())
        {
            std::cerr << "rdcn bench: " << problem << std::endl;
            return 1;
        }
    }
    std::cout << "Time-slotted network: Opera schedule, 8 uplinks per ToR, 10 Gb/s, slot 50 us, "
                 "guard 2 us, web-search flows at load "
              << load << std::endl;
    std::cout << std::left << std::setw(34) << "case" << std::right << std::setw(7) << "tors"
              << std::setw(7) << "hosts" << std::setw(8) << "level" << std::setw(10) << "sim-ms"
              << std::setw(10) << "wall-s" << std::setw(12) << "wall/sim-s" << std::setw(12)
              << "events/s" << std::setw(9) << "flows" << std::setw(9) << "done" << std::setw(8)
              << "tput%" << std::setw(9) << "peakMiB" << std::endl;
    const Result rp = RunCase(packet);
    Row("packet, hop-on-hop-off", packet, rp);
    const Result rf = RunCase(flow108);
    Row("flow, hop-on-hop-off", flow108, rf);
    const Result rfd = RunCase(flow108direct);
    Row("flow, direct", flow108direct, rfd);
    const Result rl = RunCase(flow1024);
    Row("flow, direct", flow1024, rl);
    if (!(rp.ok && rf.ok && rfd.ok && rl.ok))
    {
        return 1;
    }
    const double perSim = [](const Result& r) { return r.wallS / r.simS; }(rp);
    std::cout << std::setprecision(4);
    std::cout << "packet-over-flow-wall-per-sim-s-ratio: " << perSim / (rf.wallS / rf.simS)
              << " (108 ToRs, the same workload: how much faster flow level is)" << std::endl;
    std::cout << "flow-1024-over-108-wall-per-sim-s-ratio: "
              << (rl.wallS / rl.simS) / (rfd.wallS / rfd.simS)
              << " (direct routing; 9.5x the ToRs and hosts)" << std::endl;
    std::cout << "flow-1024-wall-per-sim-s: " << rl.wallS / rl.simS << std::endl;
    std::cout << "packet-108-wall-per-sim-s: " << perSim << std::endl;
    return 0;
}
