/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark (issue #20): simulation cost of LLM inference serving at flow level. One server of
 * 8 H100 GPUs; 4 serve llama3-8b (tp 1, four instances, requests dealt in turn), the other 4
 * lend HBM; time slices (5 iterations) page preempted requests' KV to the paired peer over the
 * NVLink links, falling back to the host. The requests are chat-like, as the inference-serving
 * example's defaults: prompts uniform 256 to 1024 tokens, outputs uniform 512 to 2048.
 *
 * For --small and --large requests (10,000 and 100,000), Poisson at --rate and bursty (MMPP-2
 * with fixed periods: --quietRate for --quietTime, --burstRate for --burstTime) at the same
 * mean rate, it prints the wall time of InferenceServingStudy::Run, simulator events per
 * request, requests per second of wall time, and what shows the service kept up (the last
 * token against the last arrival, the p99 time to first token, the KV peak). Then the ratios
 * of the Poisson runs: wall(large) / 60 s (target <= 1) and wall(large) / (large / small x
 * wall(small)) (linearity, target <= 1.2), with the ratios of events per request and of wall
 * time per event. Each run is its own child process, so that its peak
 * memory is its own and one run's allocations do not slow the next. With --rounds R, each size
 * runs R times, alternating, and the run of median wall time counts (the machine may be noisy).
 */

#include "bench-child.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/// What the bench's workload is: arrival process and lengths.
struct Workload
{
    std::string process{"poisson"}; //!< "poisson" or "bursty"
    double rate{20};                //!< Poisson rate (requests/s)
    double quietRate{5};            //!< Bursty: rate between bursts (requests/s)
    double burstRate{150};          //!< Bursty: rate in a burst (requests/s)
    double quietTime{60};           //!< Bursty: quiet period (s)
    double burstTime{8};            //!< Bursty: burst (s)
    uint32_t promptMin{256};        //!< Shortest prompt (tokens)
    uint32_t promptMax{1024};       //!< Longest prompt (tokens)
    uint32_t outputMin{512};        //!< Shortest output (tokens)
    uint32_t outputMax{2048};       //!< Longest output (tokens)
    double hostMemory{1e12};        //!< Host DRAM for pages (bytes; the study's default)

    /// \return the long-run mean rate (requests/s)
    double MeanRate() const
    {
        return process == "poisson"
                   ? rate
                   : (quietRate * quietTime + burstRate * burstTime) / (quietTime + burstTime);
    }
};

/// What one run measured.
struct Result
{
    uint64_t requests{0};   //!< Requests generated
    uint64_t completed{0};  //!< Requests completed
    double generateS{0};    //!< Wall time of InferenceArrivals::Generate
    double wallS{0};        //!< Wall time of InferenceServingStudy::Run
    uint64_t events{0};     //!< Simulator events
    uint64_t iterations{0}; //!< Iterations of all instances
    double lastArrivalS{0}; //!< Simulated time of the last arrival
    double makespanS{0};    //!< Simulated time of the last token
    double ttftP50{0};      //!< Median TTFT (s)
    double ttftP99{0};      //!< 99th percentile TTFT (s)
    double pagedGb{0};      //!< GB paged
    double kvPeakPct{0};    //!< KV peak of an instance (% of its capacity)
    double peakMiB{0};      //!< Peak resident memory of the child
    bool ok{false};         //!< The child finished and every request completed
};

/**
 * The serving configuration of the bench.
 * \param [in] hostMemory Host DRAM for pages (bytes)
 * \return the configuration
 */
InferenceServingConfig
BenchConfig(double hostMemory)
{
    InferenceServingConfig c;
    std::string error;
    NS_ABORT_MSG_IF(!ModelSpec::Lookup("llama3-8b", c.model, error), error);
    NS_ABORT_MSG_IF(!GpuSpec::Lookup("h100", c.gpu, error), error);
    c.gpus = 8;
    c.servingGpus = 4;
    c.tp = 1;
    c.scheduler = "timeslice";
    c.sliceIterations = 5;
    c.pageTo = "peer";
    c.backend = Backend::FLOW;
    c.hostMemoryBytes = hostMemory;
    return c;
}

/// The first \p n requests of the workload (arrivals drawn until there are n).
std::vector<InferenceRequestSpec>
Requests(const Workload& w, uint64_t n)
{
    Ptr<InferenceArrivals> a = CreateObject<InferenceArrivals>();
    a->SetAttribute("Process", StringValue(w.process));
    a->SetAttribute("Rate", DoubleValue(w.process == "poisson" ? w.rate : w.quietRate));
    a->SetAttribute("BurstRate", DoubleValue(w.burstRate));
    a->SetAttribute("QuietTime", TimeValue(Seconds(w.quietTime)));
    a->SetAttribute("BurstTime", TimeValue(Seconds(w.burstTime)));
    a->SetAttribute("FixedPeriods", BooleanValue(true));
    a->SetAttribute("PromptLength",
                    StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(w.promptMin) +
                                "|Max=" + std::to_string(w.promptMax) + "]"));
    a->SetAttribute("OutputLength",
                    StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(w.outputMin) +
                                "|Max=" + std::to_string(w.outputMax) + "]"));
    a->AssignStreams(0);
    // 10% more than the mean needs, plus a whole period, so that n arrive with certainty for
    // any practical n (Poisson: ~30 standard deviations at 10^4); cut to n.
    const double period = w.process == "poisson" ? 0 : w.quietTime + w.burstTime;
    const Time duration = Seconds(n / w.MeanRate() * 1.1 + period + 10);
    std::vector<InferenceRequestSpec> r;
    std::string error;
    NS_ABORT_MSG_IF(!a->Generate(duration, r, error), "inference-serving-bench: " << error);
    NS_ABORT_MSG_IF(r.size() < n,
                    "inference-serving-bench: " << r.size() << " requests, not " << n);
    r.resize(n);
    return r;
}

/// Runs \p n requests of \p w in this process.
Result
RunHere(const Workload& w, uint64_t n)
{
    Result out;
    const auto g0 = std::chrono::steady_clock::now();
    const std::vector<InferenceRequestSpec> requests = Requests(w, n);
    const auto g1 = std::chrono::steady_clock::now();
    out.generateS = std::chrono::duration<double>(g1 - g0).count();
    out.requests = requests.size();
    out.lastArrivalS = requests.empty() ? 0 : requests.back().arrival.GetSeconds();
    const InferenceServingConfig c = BenchConfig(w.hostMemory);
    const std::string problem = InferenceServingStudy::Check(c);
    NS_ABORT_MSG_IF(!problem.empty(), "inference-serving-bench: " << problem);
    const auto t0 = std::chrono::steady_clock::now();
    const InferenceServingOutcome o = InferenceServingStudy::Run(c, requests);
    const auto t1 = std::chrono::steady_clock::now();
    out.wallS = std::chrono::duration<double>(t1 - t0).count();
    out.completed = o.summary.completed;
    out.events = o.events;
    out.iterations = o.iterations;
    out.makespanS = o.durationS;
    out.ttftP50 = o.summary.ttftP50;
    out.ttftP99 = o.summary.ttftP99;
    out.pagedGb = o.summary.pagedBytes / 1e9;
    out.kvPeakPct = 100.0 * o.kvPeakBlocks / std::max<uint64_t>(1, o.kvCapacityBlocks);
    out.ok = out.completed == out.requests;
    return out;
}

/// Runs \p n requests of \p w in a child process; the parent gets its result and peak memory.
Result
RunInChild(const Workload& w, uint64_t n)
{
    const bench::ChildOutput child = bench::RunInChild([&]() {
        const Result r = RunHere(w, n);
        std::ostringstream os;
        os << std::setprecision(17) << r.requests << " " << r.completed << " " << r.generateS << " "
           << r.wallS << " " << r.events << " " << r.iterations << " " << r.lastArrivalS << " "
           << r.makespanS << " " << r.ttftP50 << " " << r.ttftP99 << " " << r.pagedGb << " "
           << r.kvPeakPct << " " << (r.ok ? 1 : 0) << "\n";
        return os.str();
    });
    Result r;
    int ok = 0;
    std::istringstream is(child.text);
    is >> r.requests >> r.completed >> r.generateS >> r.wallS >> r.events >> r.iterations >>
        r.lastArrivalS >> r.makespanS >> r.ttftP50 >> r.ttftP99 >> r.pagedGb >> r.kvPeakPct >> ok;
    r.ok = !is.fail() && ok == 1 && child.exitedOk;
    r.peakMiB = child.peakMiB;
    return r;
}

/// Prints one row of the table.
void
Print(const std::string& process, const Result& r)
{
    std::cout << std::setw(8) << process << std::setw(9) << r.requests;
    if (!r.ok)
    {
        std::cout << "  failed (" << r.completed << " completed)" << std::endl;
        return;
    }
    std::cout << std::fixed << std::setw(9) << std::setprecision(2) << r.wallS << std::setw(11)
              << r.events << std::setw(11) << std::setprecision(1)
              << static_cast<double>(r.events) / r.requests << std::setw(11) << std::setprecision(0)
              << r.requests / r.wallS << std::setw(10) << std::setprecision(0) << r.peakMiB
              << std::setw(11) << std::setprecision(1) << r.lastArrivalS << std::setw(11)
              << r.makespanS << std::setw(9) << std::setprecision(2) << r.ttftP50 << std::setw(9)
              << r.ttftP99 << std::setw(9) << std::setprecision(0) << r.kvPeakPct << std::setw(10)
              << std::setprecision(1) << r.pagedGb << std::setw(8) << std::setprecision(2)
              << r.generateS << std::endl;
    std::cout.unsetf(std::ios::fixed);
}

/// \return the run of median wall time of \p runs (a failed one if any failed)
Result
Median(std::vector<Result> runs)
{
    for (const Result& r : runs)
    {
        if (!r.ok)
        {
            return r;
        }
    }
    std::sort(runs.begin(), runs.end(), [](const Result& a, const Result& b) {
        return a.wallS < b.wallS;
    });
    return runs[runs.size() / 2];
}

} // namespace

int
main(int argc, char* argv[])
{
    uint64_t small = 10000;
    uint64_t large = 100000;
    std::string processes = "poisson,bursty";
    uint32_t rounds = 1;
    Workload w;
    CommandLine cmd(__FILE__);
    cmd.AddValue("small", "Requests of the small run", small);
    cmd.AddValue("large", "Requests of the large run (the 60 s target is at 100,000)", large);
    cmd.AddValue("arrivals", "poisson, bursty or poisson,bursty", processes);
    cmd.AddValue("rounds",
                 "Runs of each size, alternating small and large; the median wall time counts",
                 rounds);
    cmd.AddValue("rate", "Poisson arrival rate (requests/s)", w.rate);
    cmd.AddValue("quietRate", "Bursty: rate between bursts (requests/s)", w.quietRate);
    cmd.AddValue("burstRate", "Bursty: rate in a burst (requests/s)", w.burstRate);
    cmd.AddValue("quietTime", "Bursty: time between bursts (s)", w.quietTime);
    cmd.AddValue("burstTime", "Bursty: length of a burst (s)", w.burstTime);
    cmd.AddValue("promptMin", "Shortest prompt (tokens; uniform)", w.promptMin);
    cmd.AddValue("promptMax", "Longest prompt (tokens)", w.promptMax);
    cmd.AddValue("outputMin", "Shortest output (tokens; uniform)", w.outputMin);
    cmd.AddValue("outputMax", "Longest output (tokens)", w.outputMax);
    cmd.AddValue("hostMemory", "Host DRAM for pages (bytes)", w.hostMemory);
    cmd.Parse(argc, argv);

    std::vector<std::string> list;
    {
        std::stringstream ss(processes);
        std::string item;
        while (std::getline(ss, item, ','))
        {
            if (item != "poisson" && item != "bursty")
            {
                std::cerr << "inference-serving-bench: --arrivals entry '" << item
                          << "' (allowed: poisson, bursty)" << std::endl;
                return 1;
            }
            list.push_back(item);
        }
    }
    if (list.empty() || small == 0 || large <= small || large > 10000000 || rounds == 0 ||
        rounds > 99)
    {
        std::cerr << "inference-serving-bench: --small " << small << ", --large " << large
                  << ", --rounds " << rounds << ", --arrivals '" << processes
                  << "' (allowed: 0 < small < large <= 10^7, 1 to 99 rounds, at least one "
                     "process)"
                  << std::endl;
        return 1;
    }
    if (!(w.rate > 0) || !(w.quietRate >= 0) || !(w.burstRate > 0) || !(w.quietTime > 0) ||
        !(w.burstTime > 0) || w.promptMin == 0 || w.promptMin > w.promptMax || w.outputMin == 0 ||
        w.outputMin > w.outputMax)
    {
        std::cerr << "inference-serving-bench: bad workload (allowed: rate, burstRate, quietTime, "
                     "burstTime > 0, quietRate >= 0, 1 <= promptMin <= promptMax, 1 <= "
                     "outputMin <= outputMax, 0 <= hostMemory <= 1e15)"
                  << std::endl;
        return 1;
    }

    const InferenceServingConfig c = BenchConfig(w.hostMemory);
    std::cout << "llama3-8b on 8 x h100, 4 serving (tp 1), time slices of 5 iterations paging "
                 "to peers, flow level; prompts "
              << w.promptMin << "-" << w.promptMax << ", outputs " << w.outputMin << "-"
              << w.outputMax << " tokens (uniform); KV capacity "
              << InferenceServingStudy::KvCapacityTokens(c) << " tokens per GPU" << std::endl;
    std::cout
        << "poisson at " << w.rate << " requests/s; bursty at " << w.quietRate << " for "
        << w.quietTime << " s, " << w.burstRate << " for " << w.burstTime << " s (mean "
        << Workload{"bursty", 0, w.quietRate, w.burstRate, w.quietTime, w.burstTime}.MeanRate()
        << " requests/s)" << std::endl;
    std::cout << std::setw(8) << "arrivals" << std::setw(9) << "requests" << std::setw(9)
              << "wall-s" << std::setw(11) << "events" << std::setw(11) << "events/req"
              << std::setw(11) << "req/wall-s" << std::setw(10) << "peak-MiB" << std::setw(11)
              << "last-arr-s" << std::setw(11) << "last-tok-s" << std::setw(9) << "ttft-p50"
              << std::setw(9) << "ttft-p99" << std::setw(9) << "kv-pk-%" << std::setw(10)
              << "paged-GB" << std::setw(8) << "gen-s" << std::endl;
    bool targets = true;
    for (const std::string& p : list)
    {
        Workload wp = w;
        wp.process = p;
        std::vector<Result> smalls;
        std::vector<Result> larges;
        for (uint32_t round = 0; round < rounds; ++round)
        {
            smalls.push_back(RunInChild(wp, small));
            larges.push_back(RunInChild(wp, large));
        }
        const Result rs = Median(smalls);
        const Result rl = Median(larges);
        Print(p, rs);
        Print(p, rl);
        if (!rs.ok || !rl.ok)
        {
            targets = false;
            continue;
        }
        const double linearity = rl.wallS / (static_cast<double>(large) / small * rs.wallS);
        std::cout << std::setprecision(3);
        std::cout << p << "-wall-large-over-60s: " << rl.wallS / 60 << " (target <= 1 at 100,000)"
                  << std::endl;
        std::cout << p << "-linearity: " << linearity << " (wall(" << large << ") / (" << large
                  << "/" << small << " x wall(" << small << ")); target <= 1.2)" << std::endl;
        std::cout << p << "-events-per-request-ratio: "
                  << (static_cast<double>(rl.events) / rl.requests) /
                         (static_cast<double>(rs.events) / rs.requests)
                  << std::endl;
        std::cout << p << "-wall-per-event-ratio: "
                  << (rl.wallS / std::max<uint64_t>(1, rl.events)) /
                         (rs.wallS / std::max<uint64_t>(1, rs.events))
                  << " (the linearity without the change in events per request)" << std::endl;
        std::cout << std::setprecision(6);
        if (p == "poisson")
        {
            targets = targets && (large != 100000 || rl.wallS <= 60) && linearity <= 1.2;
        }
    }
    std::cout << "targets-met: " << (targets ? "yes" : "no") << std::endl;
    return 0;
}
