/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: the WAN bypass planners (BypassPlanner) on synthetic backbones of 25, 50 and 100
 * sites (WanTopology::Generate over a 4,000 x 2,500 km plane, mean degree 3, gravity demand of
 * --gbpsPerSite per site, radwan modes). For each size: the greedy planner and, up to
 * --ilpMaxSites, the ILP (CBC, --timeLimit), run in the same invocation on the same demands.
 * Prints a table of candidates, capacity cost, gap and time, the greedy/ILP cost ratio where
 * the ILP ran, and the targets: the greedy planner within 10% of the ILP's cost, and 100
 * sites planned in under 5 minutes.
 *
 *   ./ns3 run "bypass-planner --sizes=25,50,100"
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string sizes = "25,50,100";
    double gbpsPerSite = 800;
    uint32_t ilpMaxSites = 25;
    std::string timeLimit = "120s";
    double targetRatio = 1.10;
    double targetSeconds = 300;
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Numbers of sites (comma-separated)", sizes);
    cmd.AddValue("gbpsPerSite", "Gravity demand per site (Gb/s)", gbpsPerSite);
    cmd.AddValue("ilpMaxSites", "Largest size the ILP is run on", ilpMaxSites);
    cmd.AddValue("timeLimit", "ILP time limit", timeLimit);
    cmd.AddValue("targetRatio", "Target: greedy cost over ILP cost at most this", targetRatio);
    cmd.AddValue("targetSeconds",
                 "Target: the largest size planned within this (s)",
                 targetSeconds);
    cmd.Parse(argc, argv);
    std::vector<uint32_t> list;
    {
        std::istringstream in(sizes);
        std::string cell;
        while (std::getline(in, cell, ','))
        {
            const int v = std::atoi(cell.c_str());
            if (v < 3)
            {
                std::cerr << "bypass-planner: --sizes: '" << cell << "' is not a number >= 3"
                          << std::endl;
                return 1;
            }
            list.push_back(static_cast<uint32_t>(v));
        }
    }
    if (!(gbpsPerSite > 0))
    {
        std::cerr << "bypass-planner: --gbpsPerSite must be > 0" << std::endl;
        return 1;
    }
    std::string error;
    TransceiverModes modes;
    NS_ABORT_MSG_IF(!modes.Load("radwan", TransceiverModes::DEFAULT_FILE, error), error);
    const CostCatalog catalog;
    std::cout << std::fixed << std::setprecision(2);
    std::cout << "sites  fibres  candidates  baseline_cost  greedy_cost  greedy_s  ilp_cost  "
                 "ilp_gap_pct  ilp_s  greedy_over_ilp\n";
    double worstRatio = 0;
    double largestSeconds = 0;
    bool ilpRan = false;
    for (uint32_t n : list)
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(7);
        WanTopology topo;
        NS_ABORT_MSG_IF(!WanTopology::Generate(n, 3, 4000, 2500, rng, topo, error), error);
        const std::vector<TrafficMatrix::Demand> demands =
            TrafficMatrix::Gravity(topo, gbpsPerSite * n);
        Ptr<BypassPlanner> planner = CreateObject<BypassPlanner>();
        planner->SetAttribute("TimeLimit", TimeValue(Time(timeLimit)));
        NS_ABORT_MSG_IF(!planner->SetNetwork(topo, modes, catalog, error), error);
        BypassPlan baseline;
        BypassPlan greedy;
        NS_ABORT_MSG_IF(!planner->PlanGreedy(demands, false, baseline, error), error);
        NS_ABORT_MSG_IF(!planner->PlanGreedy(demands, true, greedy, error), error);
        std::cout << std::setw(5) << n << std::setw(8) << topo.GetNFibres() << std::setw(12)
                  << planner->GetCandidates().size() << std::setw(15) << baseline.capacityCost
                  << std::setw(13) << greedy.capacityCost << std::setw(10) << greedy.seconds;
        largestSeconds = greedy.seconds;
        if (n <= ilpMaxSites)
        {
            BypassPlan ilp;
            NS_ABORT_MSG_IF(!planner->PlanIlp(demands, true, ilp, error), error);
            const double ratio = greedy.capacityCost / ilp.capacityCost;
            worstRatio = std::max(worstRatio, ratio);
            ilpRan = true;
            std::cout << std::setw(10) << ilp.capacityCost << std::setw(13) << 100 * ilp.gap
                      << std::setw(7) << ilp.seconds << std::setw(17) << std::setprecision(4)
                      << ratio << std::setprecision(2) << "\n";
        }
        else
        {
            std::cout << "         -            -      -                -\n";
        }
    }
    if (ilpRan)
    {
        std::cout << "greedy-over-ilp-worst: " << std::setprecision(4) << worstRatio
                  << std::setprecision(2) << " (target <= " << targetRatio << ": "
                  << (worstRatio <= targetRatio ? "met" : "NOT met") << ")\n";
    }
    std::cout << "largest-greedy-s: " << largestSeconds << " (" << list.back()
              << " sites, target <= " << targetSeconds
              << " s: " << (largestSeconds <= targetSeconds ? "met" : "NOT met") << ")\n";
    return 0;
}
