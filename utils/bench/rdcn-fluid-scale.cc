/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the fluid time-slotted network (RdcnFluidNetwork) at scale. A RotorNet round
 * robin of N ToRs x U uplinks (50 us slots, 2 us guard bands, 10 Gb/s hosts and uplinks)
 * carries for --duration either
 *  - alltoall: every host sends one flow of --alltoallBytes to every host of another ToR, all
 *    started at once (N (N - 1) H^2 flows), or
 *  - poisson: every host starts flows to uniformly random hosts of other ToRs, Poisson in
 *    time at --load of its NIC, of exponentially distributed sizes of mean --meanBytes.
 * Each size runs in its own child process (its peak memory is its own). Prints ToRs, uplinks,
 * workload, flows started and completed, slots, chunk moves, the wall time of building the
 * workload and of Simulator::Run, the wall time per simulated millisecond and the peak memory.
 */

#include "bench-child.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/// What to run.
struct Params
{
    uint32_t tors{108};              //!< ToRs
    uint32_t uplinks{6};             //!< Uplinks per ToR
    uint32_t hostsPerTor{1};         //!< Hosts per ToR
    std::string workload{"poisson"}; //!< alltoall or poisson
    std::string routing{"direct"};   //!< Routing scheme
    Time duration{MilliSeconds(10)}; //!< Simulated time
    double load{0.5};                //!< Poisson: share of the NIC rate offered
    double meanBytes{100e3};         //!< Poisson: mean flow size
    double alltoallBytes{1e6};       //!< All-to-all: bytes per flow
};

/// Runs one configuration; returns its result line.
std::string
RunOne(const Params& p)
{
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(MicroSeconds(50));
    schedule->SetGuard(MicroSeconds(2));
    std::string error;
    const auto matchings = RdcnScheduleGenerator::RoundRobin(p.tors, p.uplinks, error);
    NS_ABORT_MSG_IF(matchings.empty(), error);
    NS_ABORT_MSG_IF(!schedule->SetMatchings(p.tors, matchings, error), error);
    Ptr<RdcnRouter> router = CreateObject<RdcnRouter>();
    router->SetSchedule(schedule);
    RdcnRouter::Scheme scheme;
    NS_ABORT_MSG_IF(!RdcnRouter::ParseScheme(p.routing, scheme, error), error);
    router->SetScheme(scheme);
    router->AssignStreams(1);
    Ptr<RdcnFluidNetwork> net = CreateObject<RdcnFluidNetwork>();
    net->SetAttribute("HostsPerTor", UintegerValue(p.hostsPerTor));
    net->SetSchedule(schedule);
    net->SetRouter(router);
    const uint32_t hosts = p.tors * p.hostsPerTor;
    const double hostBps = 10e9;

    // The arrival process lives until Simulator::Run returns.
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    Ptr<ExponentialRandomVariable> size = CreateObject<ExponentialRandomVariable>();
    Ptr<ExponentialRandomVariable> gap = CreateObject<ExponentialRandomVariable>();
    std::function<void(uint32_t)> arrive;
    const auto built0 = std::chrono::steady_clock::now();
    if (p.workload == "alltoall")
    {
        Simulator::Schedule(Seconds(0), [&]() {
            for (uint32_t s = 0; s < hosts; ++s)
            {
                for (uint32_t d = 0; d < hosts; ++d)
                {
                    if (s / p.hostsPerTor != d / p.hostsPerTor)
                    {
                        NS_ABORT_MSG_IF(net->StartFlow(s, d, p.alltoallBytes, nullptr, &error) < 0,
                                        error);
                    }
                }
            }
        });
    }
    else
    {
        NS_ABORT_MSG_IF(p.workload != "poisson",
                        "unknown workload '" << p.workload << "' (allowed: alltoall, poisson)");
        pick->SetStream(2);
        size->SetAttribute("Mean", DoubleValue(p.meanBytes));
        size->SetStream(3);
        const double rate = p.load * hostBps / 8 / p.meanBytes; // flows per second per host
        gap->SetAttribute("Mean", DoubleValue(1.0 / rate));
        gap->SetStream(4);
        // One arrival process per host, each event scheduling its host's next arrival.
        arrive = [&](uint32_t s) {
            uint32_t d = pick->GetInteger(0, hosts - p.hostsPerTor - 1);
            const uint32_t first = (s / p.hostsPerTor) * p.hostsPerTor;
            d += d >= first ? p.hostsPerTor : 0; // skip the source's ToR
            NS_ABORT_MSG_IF(
                net->StartFlow(s, d, std::max(1.0, std::round(size->GetValue())), nullptr, &error) <
                    0,
                error);
            const Time next = Seconds(gap->GetValue());
            if (Simulator::Now() + next < p.duration)
            {
                Simulator::Schedule(next, [&arrive, s]() { arrive(s); });
            }
        };
        for (uint32_t s = 0; s < hosts; ++s)
        {
            Simulator::Schedule(Seconds(gap->GetValue()), [&arrive, s]() { arrive(s); });
        }
    }
    const double buildS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - built0).count();
    Simulator::Stop(p.duration);
    const auto run0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const double runS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - run0).count();
    const std::string conservation = net->CheckConservation();
    std::ostringstream os;
    os << net->GetFlowsStarted() << " " << net->GetFlowsCompleted() << " " << net->GetSlotsStepped()
       << " " << net->GetChunkMoves() << " " << buildS << " " << runS << " "
       << net->GetBytesDelivered() << " " << (conservation.empty() ? "ok" : "FAILED") << "\n";
    Simulator::Destroy();
    return os.str();
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string torsList = "108,1024";
    std::string uplinksList = "6,8";
    std::string workloads = "poisson,alltoall";
    Params p;
    bool child = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("tors", "ToR counts, comma-separated", torsList);
    cmd.AddValue("uplinks", "Uplinks per ToR for each ToR count, comma-separated", uplinksList);
    cmd.AddValue("hostsPerTor", "Hosts per ToR", p.hostsPerTor);
    cmd.AddValue("workloads", "Workloads to run: poisson, alltoall, comma-separated", workloads);
    cmd.AddValue("routing", "Routing: direct, vlb, hoho, ksp, source", p.routing);
    cmd.AddValue("duration", "Simulated time", p.duration);
    cmd.AddValue("load", "Poisson: offered load, share of the host rate", p.load);
    cmd.AddValue("meanBytes", "Poisson: mean flow size (bytes)", p.meanBytes);
    cmd.AddValue("alltoallBytes", "All-to-all: bytes per flow", p.alltoallBytes);
    cmd.AddValue("child",
                 "Run each size in a child process (false: in this one, e.g. for a profiler; "
                 "no peak memory then)",
                 child);
    cmd.Parse(argc, argv);

    auto split = [](const std::string& s) {
        std::vector<std::string> out;
        std::stringstream ss(s);
        std::string item;
        while (std::getline(ss, item, ','))
        {
            out.push_back(item);
        }
        return out;
    };
    const auto tors = split(torsList);
    const auto uplinks = split(uplinksList);
    if (tors.size() != uplinks.size())
    {
        std::cerr << "--tors and --uplinks must list as many values (" << tors.size() << " and "
                  << uplinks.size() << ")" << std::endl;
        return 1;
    }
    std::cout << std::left << std::setw(6) << "ToRs" << std::setw(8) << "uplinks" << std::setw(10)
              << "workload" << std::setw(10) << "flows" << std::setw(10) << "done" << std::setw(7)
              << "slots" << std::setw(11) << "moves" << std::setw(9) << "build-s" << std::setw(9)
              << "run-s" << std::setw(11) << "s-per-ms" << std::setw(9) << "MiB"
              << "conservation" << std::endl;
    for (std::size_t i = 0; i < tors.size(); ++i)
    {
        for (const auto& w : split(workloads))
        {
            Params q = p;
            q.tors = static_cast<uint32_t>(std::stoul(tors[i]));
            q.uplinks = static_cast<uint32_t>(std::stoul(uplinks[i]));
            q.workload = w;
            bench::ChildOutput out;
            if (child)
            {
                out = bench::RunInChild([q]() { return RunOne(q); });
            }
            else
            {
                out.text = RunOne(q);
                out.exitedOk = true;
            }
            std::istringstream is(out.text);
            uint64_t flows = 0;
            uint64_t done = 0;
            uint64_t slots = 0;
            uint64_t moves = 0;
            double buildS = 0;
            double runS = 0;
            double delivered = 0;
            std::string cons = "?";
            is >> flows >> done >> slots >> moves >> buildS >> runS >> delivered >> cons;
            std::cout << std::left << std::setw(6) << q.tors << std::setw(8) << q.uplinks
                      << std::setw(10) << w << std::setw(10) << flows << std::setw(10) << done
                      << std::setw(7) << slots << std::setw(11) << moves << std::setw(9)
                      << std::setprecision(3) << buildS << std::setw(9) << runS << std::setw(11)
                      << runS / (q.duration.GetSeconds() * 1e3) << std::setw(9)
                      << std::setprecision(4) << out.peakMiB << (out.exitedOk ? cons : "crashed")
                      << std::endl;
        }
    }
    return 0;
}
