/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the "ncflow" TE method (TeNcflowMethod) against the whole LP ("lp") on a TE
 * topology (TeTopology::Load: b4, uscarrier, kdl, asn or a file) with 4 edge-disjoint paths per
 * ordered pair and a gravity matrix (weights: the nodes' outgoing capacity) scaled with
 * TeTopology::ScaleForLoad to --load (1: on the first paths it would load the arcs as much as
 * their total capacity). Prints, per method, the satisfied demand (throughput / total demand),
 * the build and solve times, and the ratios ncflow / lp. --lp=false skips the LP (for topologies
 * where it is too slow);
 * --pop also runs POP with --popParts parts.
 *
 *   ./ns3 run "te-ncflow --topology=uscarrier --threads=2"
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{
/// One method's answer.
struct Result
{
    std::string name;  //!< Method and its settings
    double satisfied;  //!< Throughput / demand
    double throughput; //!< Gb/s
    double buildS;     //!< Setup time (s)
    double solveS;     //!< Solve time (s)
};

/// Runs one method and prints its row.
Result
Run(Ptr<TeMethod> m,
    const std::string& label,
    const TeGraph& g,
    const TeSolver::Problem& p,
    double demand)
{
    TeSolver::Solution s;
    std::string error;
    NS_ABORT_MSG_IF(!m->Allocate(g, p, s, error), error);
    Result r{label, s.throughput / demand, s.throughput, s.buildSeconds, s.seconds};
    std::cout << std::left << std::setw(22) << label << std::right << std::fixed
              << std::setprecision(4) << std::setw(10) << r.satisfied << std::setprecision(3)
              << std::setw(10) << r.buildS << std::setw(10) << r.solveS << std::setw(10)
              << r.buildS + r.solveS << std::endl;
    return r;
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string topology = "uscarrier";
    double load = 1.0;
    uint32_t threads = 2;
    uint32_t clusters = 0;
    uint64_t seed = 1;
    bool lp = true;
    bool pop = false;
    uint32_t popParts = 16;
    CommandLine cmd(__FILE__);
    cmd.AddValue("topology", "TE topology (b4, uscarrier, kdl, asn or a file)", topology);
    cmd.AddValue("load", "Load of the gravity matrix (TeTopology::ScaleForLoad)", load);
    cmd.AddValue("threads", "Threads of the methods", threads);
    cmd.AddValue("clusters", "ncflow clusters (0: round(sqrt(nodes)))", clusters);
    cmd.AddValue("seed", "ncflow clustering seed", seed);
    cmd.AddValue("lp", "Also solve the whole LP (the baseline)", lp);
    cmd.AddValue("pop", "Also run POP", pop);
    cmd.AddValue("popParts", "POP's parts", popParts);
    cmd.Parse(argc, argv);

    TeTopology topo;
    std::string error;
    NS_ABORT_MSG_IF(!TeTopology::Load(topology, topo, error), error);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<TeSolver::Commodity> commodities;
    NS_ABORT_MSG_IF(!topo.MakeCommodities(4, "edge-disjoint", threads, commodities, error), error);
    const double pathsS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::vector<TrafficMatrix::Demand> shape;
    NS_ABORT_MSG_IF(
        !TrafficMatrix::Make("gravity", topo.GetGravityWeights(), 1.0, nullptr, shape, error),
        error);
    const double total = topo.ScaleForLoad(shape, commodities, load);
    std::vector<TrafficMatrix::Demand> demands;
    NS_ABORT_MSG_IF(
        !TrafficMatrix::Make("gravity", topo.GetGravityWeights(), total, nullptr, demands, error),
        error);
    NS_ABORT_MSG_IF(!topo.SetDemands(demands, commodities, error), error);
    TeSolver::Problem p;
    p.capacity = topo.capacity;
    p.commodities = std::move(commodities);
    std::cout << topology << ": " << topo.graph.nodes << " nodes, " << topo.graph.arcs.size()
              << " arcs, " << p.commodities.size() << " commodities (paths in " << std::fixed
              << std::setprecision(2) << pathsS << " s), load " << load << ", demand " << total
              << " Gb/s, " << threads << " threads" << std::endl;
    std::cout << std::left << std::setw(22) << "method" << std::right << std::setw(10)
              << "satisfied" << std::setw(10) << "build s" << std::setw(10) << "solve s"
              << std::setw(10) << "total s" << std::endl;

    Ptr<TeMethod> nc = TeMethod::Create("ncflow", error);
    nc->SetAttribute("Threads", UintegerValue(threads));
    nc->SetAttribute("Clusters", UintegerValue(clusters));
    nc->SetAttribute("Seed", UintegerValue(seed));
    const Result n = Run(nc, "ncflow", topo.graph, p, total);
    std::cout << "  clusters: " << DynamicCast<TeNcflowMethod>(nc)->GetNClusters() << std::endl;
    if (pop)
    {
        Ptr<TeMethod> m = TeMethod::Create("pop", error);
        m->SetAttribute("Threads", UintegerValue(threads));
        m->SetAttribute("Parts", UintegerValue(popParts));
        Run(m, "pop (" + std::to_string(popParts) + " parts)", topo.graph, p, total);
    }
    if (lp)
    {
        Ptr<TeMethod> m = TeMethod::Create("lp", error);
        const Result l = Run(m, "lp", topo.graph, p, total);
        std::cout << "ncflow / lp: satisfied demand " << std::setprecision(4)
                  << n.throughput / l.throughput << ", speed-up " << std::setprecision(2)
                  << (l.buildS + l.solveS) / (n.buildS + n.solveS) << "x" << std::endl;
    }
    return 0;
}
