/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: Internet path prediction (issue #25).
 *
 * 1. Ground-truth propagation: on synthetic AS graphs of --sizes ASes (AsGraphGenerator,
 *    20% of ASes deviating from the textbook policy), BgpRouteEngine computes every AS's
 *    best route toward --destinations random destinations; the mean wall time per destination
 *    is printed, with the target (< 1 s per destination at 75,000 ASes). On graphs of at most
 *    --baselineMax ASes the path-vector simulation (BgpPathVectorSimulator, the engine's
 *    independent reference, same preferences) runs toward the same destinations in the same
 *    invocation: the ratio is its time over the engine's, and both must agree on every route.
 * 2. Predictions: on a --predictionAses graph, --predictions queries (100 sources per
 *    destination) per predictor (valley-free, policy, segments, learned; atlas from 20
 *    vantage points toward every query AS); the time per query and its ratio to one full
 *    ground-truth propagation (what answering a query by simulation would cost).
 *
 *   ./ns3 run "path-prediction-bench --sizes=10000,50000,75000,100000"
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

using Clock = std::chrono::steady_clock;

/// \return seconds since \p t0
double
Since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// \return the numbers of a comma-separated list
std::vector<uint32_t>
Numbers(const std::string& text)
{
    std::vector<uint32_t> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        out.push_back(static_cast<uint32_t>(std::stoul(item)));
    }
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string sizes = "10000,50000,75000,100000";
    uint32_t destinations = 20;
    uint32_t baselineMax = 10000;
    uint32_t predictionAses = 10000;
    uint32_t predictions = 10000;
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Comma-separated AS counts of the propagation cases", sizes);
    cmd.AddValue("destinations", "Destinations per graph", destinations);
    cmd.AddValue("baselineMax", "Largest graph the path-vector baseline runs on", baselineMax);
    cmd.AddValue("predictionAses", "ASes of the prediction case's graph", predictionAses);
    cmd.AddValue("predictions", "Queries per predictor", predictions);
    cmd.Parse(argc, argv);
    std::cout << std::fixed << std::setprecision(3);

    std::cout << "== ground truth: all ASes toward one destination\n";
    double engineMsAt75k = -1;
    for (uint32_t n : Numbers(sizes))
    {
        InternetModelConfig c;
        c.ases = n;
        c.deviations = 0.2;
        c.misinferred = 0;
        auto t0 = Clock::now();
        InternetModel m;
        std::string error;
        if (!InternetModel::Build(c, m, error))
        {
            std::cerr << error << "\n";
            return 1;
        }
        const double genS = Since(t0);
        BgpRouteEngine engine(m.truth, &m.policy);
        AsRoutes routes;
        std::vector<AsRoutes> fast(destinations);
        t0 = Clock::now();
        for (uint32_t k = 0; k < destinations; ++k)
        {
            engine.Compute((k * 7919U + 13U) % n, fast[k]);
        }
        const double engineMs = 1e3 * Since(t0) / destinations;
        std::cout << "ases: " << n << "  links: " << m.truth.GetLinkCount()
                  << "  generate-s: " << genS << "  engine-ms-per-destination: " << engineMs;
        if (n <= baselineMax)
        {
            BgpPathVectorSimulator slow(m.truth, &m.policy);
            bool same = true;
            t0 = Clock::now();
            for (uint32_t k = 0; k < destinations; ++k)
            {
                slow.Compute({(k * 7919U + 13U) % n}, routes);
                same = same && routes.next == fast[k].next;
            }
            const double slowMs = 1e3 * Since(t0) / destinations;
            std::cout << "  path-vector-ms: " << slowMs
                      << "  speedup-vs-path-vector: " << slowMs / engineMs
                      << "x  same-routes: " << (same ? "yes" : "NO");
        }
        std::cout << "\n";
        if (n == 75000)
        {
            engineMsAt75k = engineMs;
        }
    }
    if (engineMsAt75k >= 0)
    {
        std::cout << "target: < 1000 ms per destination at 75,000 ASes: " << engineMsAt75k
                  << " ms (" << (engineMsAt75k < 1000 ? "met" : "NOT met") << ")\n";
    }

    std::cout << "== predictions: " << predictions << " queries per predictor on " << predictionAses
              << " ASes\n";
    InternetModelConfig c;
    c.ases = predictionAses;
    InternetModel m;
    std::string error;
    InternetModel::Build(c, m, error);
    const uint32_t n = m.truth.GetN();
    std::vector<std::pair<uint32_t, uint32_t>> queries;
    std::vector<uint32_t> targets;
    for (uint32_t q = 0; q < predictions; ++q)
    {
        const uint32_t dst = ((q / 100) * 7919U + 11U) % n;
        const uint32_t src = (q * 104729U + 3U) % n;
        queries.emplace_back(src == dst ? (src + 1) % n : src, dst);
        targets.push_back(queries.back().first);
        targets.push_back(dst);
    }
    std::vector<uint32_t> vps;
    for (uint32_t k = 0; k < 20; ++k)
    {
        vps.push_back((k * 4099U + 5U) % n);
    }
    const PathAtlas atlas = PathAtlas::Measure(m.truth, m.policy, vps, targets);
    BgpRouteEngine engine(m.truth, &m.policy);
    AsRoutes routes;
    auto t0 = Clock::now();
    for (uint32_t k = 0; k < 10; ++k)
    {
        engine.Compute(queries[k * 100 % predictions].second, routes);
    }
    const double propagationUs = 1e6 * Since(t0) / 10;
    std::cout << "baseline: one ground-truth propagation (answering a query by simulation): "
              << propagationUs << " us\n";
    for (const auto& name : InternetModel::PredictorNames())
    {
        t0 = Clock::now();
        const auto predictor = m.MakePredictor(name, atlas);
        const double prepareS = Since(t0);
        uint64_t hops = 0;
        t0 = Clock::now();
        for (const auto& [src, dst] : queries)
        {
            hops += predictor->Predict(src, dst).size();
        }
        const double us = 1e6 * Since(t0) / queries.size();
        std::cout << "predictor: " << name << "  prepare-s: " << prepareS << "  query-us: " << us
                  << "  vs-propagation: " << propagationUs / us
                  << "x  mean-path-ases: " << static_cast<double>(hops) / queries.size() << "\n";
    }
    return 0;
}
