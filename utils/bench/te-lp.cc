/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the TE linear program (path-based multi-commodity flow, max flow, 4 shortest
 * paths per demand, COIN-OR CLP through TeSolver) on synthetic WANs of 100, 300 and 754 sites
 * (mean degree 2.4: 754 sites give about 1,800 arcs, like the Topology Zoo's Kdl) with a
 * gravity matrix over all ordered pairs, scaled so that on shortest paths it would load the
 * arcs --load times their total capacity. Prints a table of sites, arcs, commodities, LP size,
 * path time, model build time, solve time, throughput and the dual upper bound on the whole
 * LP's optimum, and the target: the 754-site LP in <= 60 s.
 *
 * 754 sites make 568,000 commodities (2.3 million path variables). Each LP is solved by
 * column generation (--method=columns: paths priced in from the arc prices, warm-started CLP
 * re-solves), and the commodities are dealt as POP does (TeSolver::SolvePartitioned) into
 * parts of --partCommodities (0: one LP), each with its share of every capacity, --threads at
 * a time. The bound column (TeSolver::UpperBound at the parts' mean prices) says how far the
 * answer can be from the optimum of the one big LP, which is not solved. As the baseline, run
 * in the same invocation, the smallest size is solved as one full LP of every path (FULL_LP):
 * the output gives the time and throughput ratios against it. --share keeps only the largest
 * pairs carrying that share of the volume (TrafficMatrix::Largest).
 *
 *   ./ns3 run "te-lp --sizes=100,300,754"
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
/// One benchmark row.
struct Row
{
    uint32_t sites{0};       //!< Sites
    uint32_t arcs{0};        //!< Arcs
    std::size_t pairs{0};    //!< Commodities solved
    std::size_t allPairs{0}; //!< Ordered pairs with demand
    double volumeShare{0};   //!< Share of the volume solved
    uint32_t variables{0};   //!< LP variables
    uint32_t rows{0};        //!< LP rows
    double pathsS{0};        //!< Path computation
    double buildS{0};        //!< Model build
    double solveS{0};        //!< Solve
    double throughput{0};    //!< Carried (Gb/s)
    double demand{0};        //!< Demand solved (Gb/s)
    std::string status;      //!< Solver status
    uint32_t rounds{0};      //!< Column-generation rounds
    double bound{0};         //!< Upper bound on the whole LP's optimum (dual prices)
    uint32_t parts{1};       //!< POP sub-problems
    double lpS{0};           //!< LP wall time (build and solve)
};

/// Runs one size.
Row
RunSize(uint32_t sites,
        double share,
        uint32_t k,
        uint32_t partCommodities,
        uint32_t threads,
        double load,
        TeSolver::Method method,
        int64_t stream)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    WanTopology topo;
    std::string error;
    NS_ABORT_MSG_IF(!WanTopology::Generate(sites, 2.4, 4000, 2500, rng, topo, error), error);
    TeGraph g;
    g.nodes = topo.GetNSites();
    std::vector<double> capacity;
    for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
    {
        const WanTopology::Fibre& fibre = topo.GetFibre(f);
        g.arcs.push_back({fibre.a, fibre.b, fibre.lengthKm});
        g.arcs.push_back({fibre.b, fibre.a, fibre.lengthKm});
        capacity.push_back(800); // 8 wavelengths of 100G
        capacity.push_back(800);
    }
    // Demand spread by gravity, scaled so that on shortest paths it would load the arcs
    // `load` times their total capacity (a volume-weighted mean hop count).
    std::vector<TrafficMatrix::Demand> all = TrafficMatrix::Gravity(topo, 1.0);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::vector<TePath>> paths(static_cast<std::size_t>(sites) * sites);
    double arcUnits = 0;
    for (const auto& d : all)
    {
        auto& candidates = paths[static_cast<std::size_t>(d.src) * sites + d.dst];
        candidates = TePaths::KShortest(g, d.src, d.dst, k);
        arcUnits += candidates.empty() ? 0.0 : d.gbps * candidates.front().size();
    }
    const double pathsS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double scale = load * 800 * g.arcs.size() / arcUnits;
    for (auto& d : all)
    {
        d.gbps *= scale;
    }
    const std::vector<TrafficMatrix::Demand> kept =
        share >= 1 ? all : TrafficMatrix::Largest(all, share);
    Row row;
    row.sites = sites;
    row.arcs = g.arcs.size();
    row.pairs = kept.size();
    row.allPairs = all.size();
    TeSolver::Problem p;
    p.capacity = capacity;
    p.method = method;
    double keptVolume = 0;
    for (const auto& d : kept)
    {
        TeSolver::Commodity c;
        c.src = d.src;
        c.dst = d.dst;
        c.demand = d.gbps;
        c.paths = paths[static_cast<std::size_t>(d.src) * sites + d.dst];
        keptVolume += d.gbps;
        p.commodities.push_back(std::move(c));
    }
    row.pathsS = pathsS;
    // Largest() rescales the kept pairs to the full total.
    row.demand = keptVolume;
    row.volumeShare = share >= 1 ? 1.0 : share;
    TeSolver::Solution s;
    const auto parts =
        static_cast<uint32_t>((p.commodities.size() + partCommodities - 1) / partCommodities);
    TeSolver::SolvePartitioned(g, p, partCommodities == 0 ? 1 : parts, threads, s, error);
    row.parts = partCommodities == 0 ? 1 : parts;
    // POP's seconds are the wall time of all parts, their builds included.
    row.lpS = row.parts > 1 ? s.seconds : s.buildSeconds + s.seconds;
    row.variables = s.variables;
    row.rows = s.constraints;
    row.buildS = s.buildSeconds;
    row.solveS = s.seconds;
    row.throughput = s.throughput;
    row.status = s.status;
    row.rounds = s.rounds;
    row.bound = s.bound;
    return row;
}

/// Parses "100,300,754".
std::vector<uint32_t>
Sizes(const std::string& text)
{
    std::vector<uint32_t> out;
    std::istringstream in(text);
    std::string cell;
    while (std::getline(in, cell, ','))
    {
        const int v = std::atoi(cell.c_str());
        NS_ABORT_MSG_IF(v < 3, "--sizes: '" << cell << "' is not a number of sites >= 3");
        out.push_back(static_cast<uint32_t>(v));
    }
    return out;
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string sizes = "100,300,754";
    std::string method = "columns";
    double share = 1;
    double load = 1;
    uint32_t partCommodities = 4000;
    uint32_t threads = 2;
    uint32_t k = 4;
    bool baseline = true;
    double target = 60;
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Numbers of sites (comma-separated)", sizes);
    cmd.AddValue("method",
                 "How TeSolver solves each LP: columns (column generation) or full (one LP "
                 "of every path)",
                 method);
    cmd.AddValue("share",
                 "Share of the gravity volume the TE solves (largest pairs; 1: all)",
                 share);
    cmd.AddValue("load",
                 "Offered load: the demand on shortest paths over the total arc capacity",
                 load);
    cmd.AddValue("k", "Paths per demand (k shortest)", k);
    cmd.AddValue("partCommodities",
                 "Commodities per POP sub-problem (0: one LP of all commodities)",
                 partCommodities);
    cmd.AddValue("threads", "POP sub-problems solved at once", threads);
    cmd.AddValue("baseline",
                 "Also solve the smallest size, all pairs, as one full LP (the reference)",
                 baseline);
    cmd.AddValue("target", "Target for the largest size's LP (build + solve, s)", target);
    cmd.Parse(argc, argv);
    if (!(share > 0 && share <= 1) || !(load > 0) || k == 0 ||
        (method != "columns" && method != "full"))
    {
        std::cerr << "te-lp: --share must be in (0, 1], --k >= 1 and --method columns or full "
                     "(got share "
                  << share << ", k " << k << ", method '" << method << "')" << std::endl;
        return 1;
    }
    const TeSolver::Method how =
        method == "columns" ? TeSolver::COLUMN_GENERATION : TeSolver::FULL_LP;
    const std::vector<uint32_t> list = Sizes(sizes);
    std::vector<Row> rows;
    for (uint32_t n : list)
    {
        rows.push_back(RunSize(n, share, k, partCommodities, threads, load, how, 1));
    }
    std::cout << std::fixed << std::setprecision(2);
    std::cout << "sites  arcs  pairs/all        vars     rows  parts  rounds  paths_s  build_s  "
                 "lp_s  throughput_gbps  bound_gbps  of_bound  status\n";
    for (const Row& r : rows)
    {
        std::cout << std::setw(5) << r.sites << std::setw(6) << r.arcs << std::setw(8) << r.pairs
                  << "/" << std::setw(6) << r.allPairs << std::setw(10) << r.variables
                  << std::setw(9) << r.rows << std::setw(7) << r.parts << std::setw(8) << r.rounds
                  << std::setw(9) << r.pathsS << std::setw(9) << r.buildS << std::setw(9)
                  << r.solveS << std::setw(17) << r.throughput << std::setw(12) << r.bound
                  << std::setw(10) << r.throughput / r.bound << "  " << r.status << "\n";
    }
    if (baseline && (share < 1 || partCommodities > 0 || how != TeSolver::FULL_LP))
    {
        const Row full = RunSize(list.front(), 1.0, k, 0, 1, load, TeSolver::FULL_LP, 1);
        const Row& reduced = rows.front();
        std::cout << "baseline (" << full.sites << " sites, all " << full.pairs
                  << " pairs, one full LP of " << full.variables << " variables): build "
                  << full.buildS << " s, solve " << full.solveS << " s, throughput "
                  << full.throughput << " Gb/s (" << full.status << ")\n";
        std::cout << std::setprecision(4);
        std::cout << "lp-time-ratio-vs-full-lp: " << reduced.lpS / full.lpS << "\n";
        std::cout << "throughput-ratio-vs-full-lp: " << reduced.throughput / full.throughput
                  << "\n";
        std::cout << std::setprecision(2);
    }
    const Row& largest = rows.back();
    const double lp = largest.lpS;
    std::cout << "largest-throughput-of-bound: " << std::setprecision(4)
              << largest.throughput / largest.bound << std::setprecision(2) << "\n";
    std::cout << "largest-lp-s: " << lp << " (" << largest.sites << " sites, target <= " << target
              << " s: " << (lp <= target ? "met" : "NOT met") << ")\n";
    return 0;
}
