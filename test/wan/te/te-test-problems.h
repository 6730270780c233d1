/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Problems and checks shared by the TE method suites (te-method, te-ncflow, te-admm): test
// code only.

#ifndef OPTICAL_TE_TEST_PROBLEMS_H
#define OPTICAL_TE_TEST_PROBLEMS_H

#include "ns3/optical-module.h"

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{
namespace te_test
{

/// \return true if \p text contains \p part
inline bool
Contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/**
 * \brief A TE topology's problem: 4 edge-disjoint paths per ordered pair, a gravity matrix
 * loading the arcs \p load times their capacity on the first paths (TeTopology::ScaleForLoad).
 * \param [in] name The topology (TeTopology::Load), or "synthetic-30" (30 generated sites of
 * mean degree 3, random stream 3, 100 Gb/s per arc)
 * \param [in] load The load
 * \param [out] topo The topology
 * \param [out] p The problem
 * \param [in] threads Threads of the path search
 * \return the error, empty on success
 */
inline std::string
MakeProblem(const std::string& name,
            double load,
            TeTopology& topo,
            TeSolver::Problem& p,
            uint32_t threads = 2)
{
    std::string error;
    if (name == "synthetic-30")
    {
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(3);
        WanTopology wan;
        if (!WanTopology::Generate(30, 3, 2000, 1500, rng, wan, error))
        {
            return error;
        }
        topo = TeTopology::FromWan(wan, 100);
        if (!topo.Check(error))
        {
            return error;
        }
    }
    else if (!TeTopology::Load(name, topo, error))
    {
        return error;
    }
    std::vector<TeSolver::Commodity> commodities;
    std::vector<TrafficMatrix::Demand> shape;
    std::vector<TrafficMatrix::Demand> demands;
    if (!topo.MakeCommodities(4, "edge-disjoint", threads, commodities, error) ||
        !TrafficMatrix::Make("gravity", topo.GetGravityWeights(), 1, nullptr, shape, error))
    {
        return error;
    }
    const double total = topo.ScaleForLoad(shape, commodities, load);
    if (!TrafficMatrix::Make("gravity", topo.GetGravityWeights(), total, nullptr, demands, error) ||
        !topo.SetDemands(demands, commodities, error))
    {
        return error;
    }
    p = TeSolver::Problem();
    p.capacity = topo.capacity;
    p.commodities = std::move(commodities);
    return "";
}

/**
 * \brief Checks what every allocation of TeMethod::Allocate satisfies, independently of
 * TeMethod::CheckFeasible: a flow per path, each finite and >= 0, at most the demand per
 * commodity, the arc loads the sums of their paths' flows and within capacity (relative
 * 1e-9), the throughput their sum. (Path flows conserve flow at every node but the ends by
 * construction; what can break it is a load that is not the sum of its paths.)
 * \param [in] g The graph
 * \param [in] p The problem (MAX_FLOW)
 * \param [in] s The allocation
 * \return the first violation, empty if there is none
 */
inline std::string
CheckAllocation(const TeGraph& g, const TeSolver::Problem& p, const TeSolver::Solution& s)
{
    std::ostringstream why;
    if (!s.ok || s.pathFlow.size() != p.commodities.size() || s.arcLoad.size() != g.arcs.size())
    {
        return "not ok, or sized unlike the problem";
    }
    std::vector<double> load(g.arcs.size(), 0);
    double throughput = 0;
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& k = p.commodities[c];
        if (s.pathFlow[c].size() != k.paths.size())
        {
            why << "commodity " << c << ": " << s.pathFlow[c].size() << " flows for "
                << k.paths.size() << " paths";
            return why.str();
        }
        double sum = 0;
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const double f = s.pathFlow[c][q];
            if (!std::isfinite(f) || f < 0)
            {
                why << "commodity " << c << " path " << q << ": flow " << f;
                return why.str();
            }
            sum += f;
            for (uint32_t a : k.paths[q])
            {
                load[a] += f;
            }
        }
        if (sum > k.demand * (1 + 1e-9))
        {
            why << "commodity " << c << ": " << sum << " above its demand " << k.demand;
            return why.str();
        }
        throughput += sum;
    }
    for (std::size_t a = 0; a < g.arcs.size(); ++a)
    {
        if (std::abs(s.arcLoad[a] - load[a]) > 1e-9 * std::max(1.0, load[a]))
        {
            why << "arc " << a << ": load " << s.arcLoad[a] << ", its paths carry " << load[a];
            return why.str();
        }
        if (load[a] > p.capacity[a] * (1 + 1e-9))
        {
            why << "arc " << a << ": " << load[a] << " over its capacity " << p.capacity[a];
            return why.str();
        }
    }
    if (std::abs(s.throughput - throughput) > 1e-9 * std::max(1.0, throughput))
    {
        why << "throughput " << s.throughput << ", the flows sum to " << throughput;
        return why.str();
    }
    std::string error;
    if (!TeMethod::CheckFeasible(g, p, s, error))
    {
        return error;
    }
    return "";
}

} // namespace te_test
} // namespace ns3

#endif /* OPTICAL_TE_TEST_PROBLEMS_H */
