/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: every TE acceleration method against the full path LP (the baseline, solved in the
 * same invocation on the same matrices) on UsCarrier, Kdl and ASN2k (TeAccelerationStudy over
 * the shipped topologies; 4 edge-disjoint paths per demand; max total flow; a gravity matrix
 * over the nodes' capacities at --load, then a diurnal series of --intervals matrices with
 * noise). The first interval starts every method cold; later intervals warm-start admm and
 * learned from the previous allocation, as TE every interval does. learned trains its model
 * first (the training time is printed apart and not counted).
 *
 * Prints, per topology and method: satisfied demand, quality against the LP, setup and solve
 * times (medians), and the speed-up over the LP (LP time / method time, setup + solve over all
 * intervals) with the threads used; then the targets: on Kdl at least 50x faster than
 * the LP at >= 0.99 of its satisfied demand, on ASN2k at least 100x at >= 0.97 (published:
 * NCFlow about 52x at 0.95 and POP about 17x at 1.00 on Kdl; Teal 197-625x).
 *
 * The program is named te-acceleration-bench because the example is te-acceleration.
 *
 *   ./ns3 run "te-acceleration-bench --topologies=uscarrier,kdl,asn --threads=2"
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{
/// \return the items of a comma-separated list
std::vector<std::string>
Split(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        if (!item.empty())
        {
            out.push_back(item);
        }
    }
    return out;
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string topologies = "uscarrier,kdl,asn";
    std::string methods = "pop,ncflow,admm,learned";
    std::string shares = "1,1,0.9"; // ASN2k at 0.5 keeps only 11,084 pairs
    uint32_t threads = 2;
    uint32_t intervals = 3;
    double load = 1.0;
    CommandLine cmd(__FILE__);
    cmd.AddValue("topologies", "TE topologies (comma-separated)", topologies);
    cmd.AddValue("methods", "Methods against the LP (comma-separated)", methods);
    cmd.AddValue("shares",
                 "Per topology: keep the largest pairs carrying this share of the volume",
                 shares);
    cmd.AddValue("threads", "Threads of every method", threads);
    cmd.AddValue("intervals", "TE intervals (the first cold)", intervals);
    cmd.AddValue("load", "Load of the base matrix (TeTopology::ScaleForLoad)", load);
    cmd.Parse(argc, argv);

    const auto topos = Split(topologies);
    const auto names = Split(methods);
    const auto shareList = Split(shares);
    std::cout << "TE acceleration against the LP (CLP), " << threads << " threads, " << intervals
              << " intervals, gravity at load " << load << ", 4 edge-disjoint paths, max flow"
              << std::endl;
    std::cout << std::left << std::setw(11) << "topology" << std::setw(9) << "method" << std::right
              << std::setw(8) << "nodes" << std::setw(10) << "demands" << std::setw(8) << "thr"
              << std::setw(11) << "satisfied" << std::setw(9) << "quality" << std::setw(10)
              << "setup s" << std::setw(10) << "solve s" << std::setw(10) << "LP s" << std::setw(10)
              << "speedup" << std::setw(11) << "train s" << std::endl;
    int status = 0;
    for (std::size_t t = 0; t < topos.size(); ++t)
    {
        TeAccelerationConfig c;
        c.topology = topos[t];
        c.threads = threads;
        c.intervals = intervals;
        c.load = load;
        c.share = t < shareList.size() ? std::stod(shareList[t]) : 1.0;
        std::vector<Ptr<TeMethod>> list;
        std::string error;
        for (const auto& n : names)
        {
            Ptr<TeMethod> m = TeMethod::Create(n, error);
            if (!m)
            {
                std::cerr << "te-acceleration-bench: " << error << std::endl;
                return 1;
            }
            list.push_back(m);
        }
        std::vector<TeAccelerationOutcome> out;
        if (!TeAccelerationStudy::Run(c, list, out, error))
        {
            std::cerr << "te-acceleration-bench: " << topos[t] << ": " << error << std::endl;
            status = 1;
            continue;
        }
        double lpTime = 0;
        for (const auto& r : out.front().intervals)
        {
            lpTime += r.lpSetupS + r.lpSolveS;
        }
        std::cout << std::left << std::setw(11) << topos[t] << std::setw(9) << "lp" << std::right
                  << std::setw(8) << out.front().nodes << std::setw(10) << out.front().commodities
                  << std::setw(8) << 1 << std::fixed << std::setprecision(2) << std::setw(10)
                  << out.front().lpSatisfiedPct << "%" << std::setw(9) << 1.0 << std::setw(10) << ""
                  << std::setw(10) << "" << std::setw(10) << lpTime / intervals << std::setw(10)
                  << 1.0 << std::endl;
        double bestSpeedup = 0;
        std::string best;
        for (std::size_t m = 0; m < list.size(); ++m)
        {
            const auto& o = out[m];
            std::cout << std::left << std::setw(11) << topos[t] << std::setw(9) << names[m]
                      << std::right << std::setw(8) << o.nodes << std::setw(10) << o.commodities
                      << std::setw(8) << threads << std::setw(10) << o.satisfiedPct << "%"
                      << std::setprecision(4) << std::setw(9) << o.qualityVsLp
                      << std::setprecision(3) << std::setw(10) << o.setupSMedian << std::setw(10)
                      << o.solveSMedian << std::setw(10) << "" << std::setprecision(1)
                      << std::setw(10) << o.speedupVsLp << std::setprecision(1) << std::setw(11)
                      << o.trainingS << (o.feasible ? "" : "  INFEASIBLE") << std::endl;
            const double need = topos[t] == "asn" ? 0.97 : 0.99;
            if (o.qualityVsLp >= need && o.speedupVsLp > bestSpeedup)
            {
                bestSpeedup = o.speedupVsLp;
                best = names[m];
            }
        }
        std::cout.unsetf(std::ios::fixed);
        if (topos[t] == "kdl" || topos[t] == "asn")
        {
            const double need = topos[t] == "asn" ? 0.97 : 0.99;
            const double target = topos[t] == "asn" ? 100 : 50;
            std::cout << "target " << topos[t] << ": >= " << target << "x at >= " << need
                      << " of the LP: "
                      << (best.empty() ? std::string("no method reaches the quality")
                                       : best + " " + std::to_string(bestSpeedup) + "x")
                      << (bestSpeedup >= target ? " (met)" : " (not met)") << std::endl;
        }
        std::cout << "paths " << topos[t] << ": " << out.front().paths << " in "
                  << out.front().pathsS << " s (not counted)" << std::endl;
    }
    return status;
}
