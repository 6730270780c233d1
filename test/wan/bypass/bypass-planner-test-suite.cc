/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The WAN bypass planner: on a line of three routers the express lightpath is taken exactly
// when it saves router ports (counted by hand from the candidates' rates) and never beyond
// reach; on a small synthetic WAN the ILP is feasible, no costlier than the greedy planner,
// respects capacities and carries every demand in the flow-level simulation; protection
// survives every single cut; costs add up to the catalog; bad input is a clear error.

#include "../../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{

/// \return ceil of a ratio of whole numbers, safe from rounding (e.g. 400 / 200 = 2, not 3)
uint32_t
CeilDiv(double volume, double rate)
{
    return static_cast<uint32_t>(std::ceil(volume / rate - 1e-9));
}

/// \return the "radwan" transceiver mode table (aborts if it cannot be read)
TransceiverModes
Radwan()
{
    TransceiverModes modes;
    std::string error;
    NS_ABORT_MSG_IF(!modes.Load("radwan", TransceiverModes::DEFAULT_FILE, error), error);
    return modes;
}

/// \return sites named A, B, C, ... joined in a line by fibres of the given lengths (km)
WanTopology
Line(const std::vector<double>& km)
{
    WanTopology t;
    std::string error;
    for (std::size_t i = 0; i <= km.size(); ++i)
    {
        WanTopology::Site s;
        s.name = std::string(1, static_cast<char>('A' + i));
        t.AddSite(s);
    }
    for (std::size_t i = 0; i < km.size(); ++i)
    {
        NS_ABORT_MSG_IF(!t.AddFibre(i, i + 1, km[i], error), error);
    }
    return t;
}

/// \return the synthetic 6-site WAN of the suite (mean degree 3, 1500 x 1000 km, stream 5)
WanTopology
SixSites()
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(5);
    WanTopology topo;
    std::string error;
    NS_ABORT_MSG_IF(!WanTopology::Generate(6, 3, 1500, 1000, rng, topo, error), error);
    return topo;
}

/// \return a planner with a short ILP time limit and a small candidate set (fast ILPs)
Ptr<BypassPlanner>
MakePlanner()
{
    Ptr<BypassPlanner> p = CreateObject<BypassPlanner>();
    p->SetAttribute("TimeLimit", TimeValue(Seconds(20)));
    p->SetAttribute("PathsPerPair", UintegerValue(1));
    p->SetAttribute("MaxBypassHops", UintegerValue(3));
    return p;
}

/// \return the total number of wavelengths of a plan's links
uint32_t
Wavelengths(const BypassPlan& plan)
{
    uint32_t n = 0;
    for (const Lightpath& l : plan.links)
    {
        n += l.wavelengths;
    }
    return n;
}

/// \return the number of express links of a plan
uint32_t
ExpressLinks(const BypassPlan& plan)
{
    uint32_t n = 0;
    for (const Lightpath& l : plan.links)
    {
        n += l.IsBypass() ? 1 : 0;
    }
    return n;
}

} // namespace

/// Shared checks of a plan's routes.
class BypassTestCase : public TestCase
{
  public:
    /// \param [in] name The test's name
    explicit BypassTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * \brief Checks the routes of a plan: each is a walk from its demand's source to its
     * destination over the plan's links, each demand's routes add up to its volume, and the
     * load on each link in each direction fits its wavelengths x rate.
     * \param [in] plan The plan
     * \param [in] demands Its demands
     * \param [in] what A label for the messages
     */
    void CheckRoutes(const BypassPlan& plan,
                     const std::vector<TrafficMatrix::Demand>& demands,
                     const std::string& what)
    {
        NS_TEST_ASSERT_MSG_EQ(plan.routes.size(), demands.size(), what << ": routes per demand");
        std::vector<std::array<double, 2>> load(plan.links.size(), {0.0, 0.0});
        for (std::size_t d = 0; d < demands.size(); ++d)
        {
            double sum = 0;
            for (const auto& [route, gbps] : plan.routes[d])
            {
                NS_TEST_ASSERT_MSG_GT(gbps, 0, what << ": demand " << d << " route volume");
                uint32_t at = demands[d].src;
                for (uint32_t l : route)
                {
                    NS_TEST_ASSERT_MSG_LT(l, plan.links.size(), what << ": demand " << d);
                    const Lightpath& lp = plan.links[l];
                    NS_TEST_ASSERT_MSG_EQ((lp.a == at || lp.b == at),
                                          true,
                                          what << ": demand " << d << " route enters link " << l
                                               << " at a site not its end");
                    const int dir = lp.a == at ? 0 : 1;
                    load[l][dir] += gbps;
                    at = dir == 0 ? lp.b : lp.a;
                }
                NS_TEST_ASSERT_MSG_EQ(at, demands[d].dst, what << ": demand " << d << " ends");
                sum += gbps;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(sum,
                                      demands[d].gbps,
                                      1e-6 * std::max(1.0, demands[d].gbps),
                                      what << ": demand " << d << " routed in full");
        }
        for (std::size_t l = 0; l < plan.links.size(); ++l)
        {
            const double cap = plan.links[l].wavelengths * plan.links[l].rateGbps;
            NS_TEST_ASSERT_MSG_GT(plan.links[l].wavelengths, 0, what << ": link " << l << " lit");
            for (int dir = 0; dir < 2; ++dir)
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(load[l][dir],
                                            cap + 1e-6,
                                            what << ": link " << l << " direction " << dir
                                                 << " within its capacity");
            }
        }
    }
};

/// Line A-B-C: the express A-C replaces the hop-by-hop wavelengths when it saves ports.
class BypassLineTestCase : public BypassTestCase
{
  public:
    BypassLineTestCase()
        : BypassTestCase("line A-B-C of 2 x 400 km, 400 Gbps A to C: hop-by-hop needs "
                         "ceil(400 over each hop rate) wavelengths per fibre; the bypass plan "
                         "saves exactly the ports counted by hand; greedy matches the ILP")
    {
    }

  private:
    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        const WanTopology line = Line({400, 400});
        Ptr<BypassPlanner> p = MakePlanner();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(line, modes, CostCatalog(), error), true, error);
        const std::vector<Lightpath>& c = p->GetCandidates();
        NS_TEST_ASSERT_MSG_EQ(p->GetNHopByHop(), 2, "one hop-by-hop candidate per fibre");
        NS_TEST_ASSERT_MSG_EQ(c.size(), 3, "and one express A-C");
        NS_TEST_ASSERT_MSG_EQ(c[0].fibres.size(), 1, "A-B is one fibre");
        NS_TEST_ASSERT_MSG_EQ(c[0].fibres[0], 0, "A-B is fibre 0");
        NS_TEST_ASSERT_MSG_EQ(c[1].fibres[0], 1, "B-C is fibre 1");
        NS_TEST_ASSERT_MSG_EQ(c[2].IsBypass(), true, "A-C is express");
        NS_TEST_ASSERT_MSG_EQ(c[2].fibres.size(), 2, "A-C crosses both fibres");
        NS_TEST_ASSERT_MSG_EQ(c[2].a, 0, "A-C starts at A");
        NS_TEST_ASSERT_MSG_EQ(c[2].b, 2, "A-C ends at C");
        NS_TEST_ASSERT_MSG_EQ_TOL(c[2].lengthKm, 800, 1e-9, "A-C is 800 km");
        const double rAB = c[0].rateGbps;
        const double rBC = c[1].rateGbps;
        const double rAC = c[2].rateGbps;
        NS_TEST_ASSERT_MSG_GT(rAC, 0, "A-C reaches");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(rAC, rAB, "the longer path is no faster");
        NS_TEST_ASSERT_MSG_LT(c[2].osnrDb, c[0].osnrDb, "the longer path has less OSNR");
        for (const Lightpath& l : c)
        {
            NS_TEST_ASSERT_MSG_EQ(l.regenerators, 0, "400 and 800 km need no regenerator");
            // Default catalog: a wavelength is 2 ports (1 each) and 2 transponders (1 each).
            NS_TEST_ASSERT_MSG_EQ_TOL(l.wavelengthCost, 4, 1e-12, "wavelength cost");
        }

        const double volume = 400;
        const std::vector<TrafficMatrix::Demand> demands{{0, 2, volume}};
        // Hop by hop: each fibre carries the demand on its own wavelengths.
        const uint32_t nAB = CeilDiv(volume, rAB);
        const uint32_t nBC = CeilDiv(volume, rBC);
        const uint32_t hopPorts = 2 * (nAB + nBC);
        // With bypass: x express wavelengths and the rest hop by hop; the cheapest x.
        uint32_t bestPorts = std::numeric_limits<uint32_t>::max();
        uint32_t bestX = 0;
        uint32_t nBest = 0;
        for (uint32_t x = 0; x <= CeilDiv(volume, rAC); ++x)
        {
            const double rest = std::max(0.0, volume - x * rAC);
            const uint32_t ports = 2 * (x + CeilDiv(rest, rAB) + CeilDiv(rest, rBC));
            if (ports < bestPorts)
            {
                bestPorts = ports;
                bestX = x;
                nBest = 1;
            }
            else if (ports == bestPorts)
            {
                ++nBest;
            }
        }
        NS_TEST_ASSERT_MSG_LT(bestPorts, hopPorts, "the express lightpath pays off here");

        BypassPlan hop;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, false, hop, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(hop.status, "optimal", "small ILP");
        NS_TEST_ASSERT_MSG_EQ(hop.links.size(), 2, "both fibres lit");
        NS_TEST_ASSERT_MSG_EQ(ExpressLinks(hop), 0, "hop by hop only");
        for (const Lightpath& l : hop.links)
        {
            NS_TEST_ASSERT_MSG_EQ(l.wavelengths,
                                  (l.fibres[0] == 0 ? nAB : nBC),
                                  "wavelengths on fibre " << l.fibres[0]);
        }
        NS_TEST_ASSERT_MSG_EQ(hop.routerPorts, hopPorts, "hop-by-hop router ports");
        NS_TEST_ASSERT_MSG_EQ(hop.transponders, hopPorts, "hop-by-hop transponders");
        NS_TEST_ASSERT_MSG_EQ_TOL(hop.capacityCost, 2.0 * hopPorts, 1e-9, "hop-by-hop cost");
        CheckRoutes(hop, demands, "hop-by-hop ILP");

        BypassPlan bypass;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, bypass, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(bypass.status, "optimal", "small ILP");
        NS_TEST_ASSERT_MSG_EQ(bypass.routerPorts, bestPorts, "the cheapest mix of A-C and hops");
        NS_TEST_ASSERT_MSG_EQ(hop.routerPorts - bypass.routerPorts,
                              hopPorts - bestPorts,
                              "router ports saved by the express lightpath");
        NS_TEST_ASSERT_MSG_EQ_TOL(bypass.capacityCost, 2.0 * bestPorts, 1e-9, "bypass cost");
        if (nBest == 1)
        {
            // The cheapest mix is unique: its wavelengths, link by link.
            const double rest = std::max(0.0, volume - bestX * rAC);
            for (const Lightpath& l : bypass.links)
            {
                const uint32_t want = l.IsBypass()       ? bestX
                                      : l.fibres[0] == 0 ? CeilDiv(rest, rAB)
                                                         : CeilDiv(rest, rBC);
                NS_TEST_ASSERT_MSG_EQ(l.wavelengths, want, "wavelengths of " << l.a << "-" << l.b);
            }
            NS_TEST_ASSERT_MSG_EQ(ExpressLinks(bypass), (bestX > 0 ? 1u : 0u), "express A-C built");
        }
        CheckRoutes(bypass, demands, "bypass ILP");

        BypassPlan greedyHop;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, false, greedyHop, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(greedyHop.routerPorts, hopPorts, "greedy hop by hop");
        NS_TEST_ASSERT_MSG_EQ(greedyHop.status, "greedy", "status");
        BypassPlan greedy;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, greedy, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(greedy.routerPorts, bypass.routerPorts, "greedy as good as the ILP");
        NS_TEST_ASSERT_MSG_EQ(greedy.routerPorts, bestPorts, "greedy: the hand count");
        CheckRoutes(greedy, demands, "bypass greedy");
    }
};

/// A margin that leaves each fibre a mode but not the two together: no express lightpath.
class BypassReachTestCase : public BypassTestCase
{
  public:
    BypassReachTestCase()
        : BypassTestCase("line A-B-C with MarginDb between the 1-fibre and 2-fibre OSNR: no "
                         "express candidate, no express link in the ILP or greedy plan")
    {
    }

  private:
    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        const WanTopology line = Line({400, 400});
        Ptr<BypassPlanner> p = MakePlanner();
        p->SetAttribute("MarginDb", DoubleValue(0));
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(line, modes, CostCatalog(), error), true, error);
        NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), 3, "margin 0: the express A-C exists");
        const double x1 = std::min(p->GetCandidates()[0].osnrDb, p->GetCandidates()[1].osnrDb);
        const double x2 = p->GetCandidates()[2].osnrDb;
        NS_TEST_ASSERT_MSG_LT(x2, x1, "two fibres have less OSNR than one");
        const double slowest = modes.GetModes().front().osnrDb;
        const double margin = (x1 + x2) / 2 - slowest;
        NS_TEST_ASSERT_MSG_GT(margin, 0, "a valid margin");

        p->SetAttribute("MarginDb", DoubleValue(margin));
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(line, modes, CostCatalog(), error), true, error);
        const std::vector<Lightpath>& c = p->GetCandidates();
        NS_TEST_ASSERT_MSG_EQ(p->GetNHopByHop(), 2, "hop-by-hop candidates stay");
        NS_TEST_ASSERT_MSG_EQ(c.size(), 2, "no express candidate beyond reach");
        for (const Lightpath& l : c)
        {
            NS_TEST_ASSERT_MSG_EQ(l.IsBypass(), false, "only single fibres");
            NS_TEST_ASSERT_MSG_GT(l.rateGbps, 0, "each single fibre still has a mode");
            NS_TEST_ASSERT_MSG_EQ(l.regenerators, 0, "without regenerators");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(l.osnrDb, slowest + margin, "meets the slowest mode");
        }
        const double volume = 400;
        const std::vector<TrafficMatrix::Demand> demands{{0, 2, volume}};
        const uint32_t hopPorts =
            2 * (CeilDiv(volume, c[0].rateGbps) + CeilDiv(volume, c[1].rateGbps));
        BypassPlan ilp;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, ilp, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ExpressLinks(ilp), 0, "ILP: no express link");
        NS_TEST_ASSERT_MSG_EQ(ilp.routerPorts, hopPorts, "ILP: hop by hop");
        CheckRoutes(ilp, demands, "ILP");
        BypassPlan greedy;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, greedy, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ExpressLinks(greedy), 0, "greedy: no express link");
        NS_TEST_ASSERT_MSG_EQ(greedy.routerPorts, hopPorts, "greedy: hop by hop");
        CheckRoutes(greedy, demands, "greedy");
    }
};

/// The 6-site WAN: ILP feasible, no costlier than greedy; the flow level carries every demand.
class BypassSimulationTestCase : public BypassTestCase
{
  public:
    BypassSimulationTestCase()
        : BypassTestCase("6-site WAN, 3000 Gbps gravity: ILP feasible and no costlier than "
                         "greedy, capacities respected, every demand carried at flow level")
    {
    }

  private:
    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        const WanTopology topo = SixSites();
        const double total = 3000;
        const std::vector<TrafficMatrix::Demand> demands = TrafficMatrix::Gravity(topo, total);
        NS_TEST_ASSERT_MSG_EQ(demands.size(), 30, "6 x 5 demands");
        Ptr<BypassPlanner> p = MakePlanner();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, CostCatalog(), error), true, error);
        NS_TEST_ASSERT_MSG_EQ(p->GetNHopByHop(), topo.GetNFibres(), "one per fibre");

        BypassPlan ilp;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, ilp, error), true, error);
        NS_TEST_ASSERT_MSG_EQ((ilp.status == "optimal" || ilp.status == "feasible"),
                              true,
                              "ILP status " << ilp.status);
        NS_TEST_ASSERT_MSG_GT(ilp.links.size(), 0, "something built");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.bound, ilp.capacityCost + 1e-9, "bound below the cost");
        BypassPlan greedy;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, greedy, error), true, error);
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.capacityCost,
                                    greedy.capacityCost + 1e-9,
                                    "the ILP is no costlier than greedy");
        BypassPlan hop;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, false, hop, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ExpressLinks(hop), 0, "the baseline has no express link");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.capacityCost,
                                    hop.capacityCost + 1e-9,
                                    "bypass is no costlier than its baseline");
        CheckRoutes(ilp, demands, "ILP");
        CheckRoutes(greedy, demands, "greedy");
        CheckRoutes(hop, demands, "hop-by-hop ILP");
        NS_TEST_ASSERT_MSG_EQ(greedy.status, "greedy", "within its search budget");

        // One path search allowed: the moves stop at once, the plan is the express greedy's,
        // every demand still routed in full, no cheaper than the searched plan.
        p->SetAttribute("MaxSearches", UintegerValue(1));
        BypassPlan stopped;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, stopped, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(stopped.status,
                              "greedy (MaxSearches reached: the best plan so far)",
                              "stopped early");
        CheckRoutes(stopped, demands, "greedy stopped early");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(stopped.capacityCost,
                                    greedy.capacityCost - 1e-9,
                                    "fewer moves, no cheaper plan");
        p->SetAttribute("MaxSearches", UintegerValue(BypassPlanner::DEFAULT_MAX_SEARCHES));

        // Run the ILP plan at flow level for 1 s.
        BypassTopologyHelper helper;
        RateAdaptiveWan wan;
        NS_TEST_ASSERT_MSG_EQ(helper.Build(topo, modes, ilp, wan, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(wan.links.size(), ilp.links.size(), "a link per lightpath");
        std::vector<TeSolver::Commodity> commodities;
        TeSolver::Solution routes;
        BypassTopologyHelper::Routes(wan, ilp, demands, commodities, routes);
        NS_TEST_ASSERT_MSG_EQ(commodities.size(), demands.size(), "a commodity per demand");
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(wan.topology);
        for (const auto& link : wan.links)
        {
            link->Start(Seconds(2));
        }
        const double expected = total * 1e9 / 8 * 1.0;
        const double offered =
            RateAdaptiveWanHelper::InstallFlows(net, commodities, routes, Seconds(1));
        NS_TEST_ASSERT_MSG_EQ_TOL(offered, expected, 1e-6 * expected, "all demand offered");
        // Every flow runs at its planned rate, so all bytes have left just after 1 s.
        double atOne = -1;
        Schedule(Seconds(1.001), [&atOne, net]() { atOne = net->GetBytesTransferred(); });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ_TOL(net->GetBytesTransferred(),
                                  expected,
                                  1e-6 * expected,
                                  "every demand carried");
        NS_TEST_ASSERT_MSG_EQ_TOL(atOne, expected, 1e-6 * expected, "at the planned rates");
        Simulator::Destroy();
    }
};

/// The greedy planner's search and polish never cost more than the steps before them.
class BypassGreedyStepsTestCase : public BypassTestCase
{
  public:
    BypassGreedyStepsTestCase()
        : BypassTestCase("12-site WAN, 9600 Gbps gravity: each greedy step (express greedy, "
                         "search cycles, LP polish) costs no more than the one before, stays "
                         "above the ILP's bound, routes every demand and carries it all")
    {
    }

  private:
    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);
        WanTopology topo;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(12, 3, 3000, 2000, rng, topo, error),
                              true,
                              error);
        const std::vector<TrafficMatrix::Demand> demands = TrafficMatrix::Gravity(topo, 9600);
        Ptr<BypassPlanner> p = MakePlanner();
        p->SetAttribute("TimeLimit", TimeValue(Seconds(5)));
        p->AssignStreams(3);
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, CostCatalog(), error), true, error);
        // Steps: express greedy and moves only; plus 5 search cycles; plus the polish.
        const std::array<std::pair<uint32_t, uint32_t>, 3> steps{{{0, 0}, {5, 0}, {5, 1}}};
        double previous = std::numeric_limits<double>::infinity();
        BypassPlan last;
        for (const auto& [cycles, polish] : steps)
        {
            p->SetAttribute("SearchCycles", UintegerValue(cycles));
            p->SetAttribute("PolishPasses", UintegerValue(polish));
            p->AssignStreams(3); // the same perturbations
            BypassPlan plan;
            NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, plan, error), true, error);
            const std::string what =
                "cycles " + std::to_string(cycles) + ", polish " + std::to_string(polish);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(plan.capacityCost, previous + 1e-9, what);
            CheckRoutes(plan, demands, what);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(p->CarriedFraction(demands, plan, {}),
                                        1.0 - 1e-6,
                                        what << ": everything carried");
            BypassPlan recount = plan;
            p->Cost(recount);
            NS_TEST_ASSERT_MSG_EQ_TOL(recount.capacityCost,
                                      plan.capacityCost,
                                      1e-9,
                                      what << ": cost recounted");
            previous = plan.capacityCost;
            last = plan;
        }
        BypassPlan ilp;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, ilp, error), true, error);
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.bound, last.capacityCost + 1e-9, "above the bound");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.capacityCost, last.capacityCost + 1e-9, "ILP no costlier");
    }
};

/// Protection against single cuts.
class BypassSingleCutTestCase : public BypassTestCase
{
  public:
    BypassSingleCutTestCase()
        : BypassTestCase("6-site WAN: after Protect against every single cut, each cut carries "
                         "all demand (RequiredFraction 1) or half of it (0.5)")
    {
    }

  private:
    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        const WanTopology topo = SixSites();
        const std::vector<TrafficMatrix::Demand> demands = TrafficMatrix::Gravity(topo, 3000);
        std::string error;

        Ptr<BypassPlanner> p = MakePlanner();
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, CostCatalog(), error), true, error);
        BypassPlan plan;
        NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, plan, error), true, error);
        const BypassPlan intact = plan;
        NS_TEST_ASSERT_MSG_EQ_TOL(p->CarriedFraction(demands, plan, {}),
                                  1.0,
                                  1e-6,
                                  "the intact plan carries everything");
        double worst = 1;
        for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
        {
            worst = std::min(worst, p->CarriedFraction(demands, plan, {f}));
        }
        NS_TEST_ASSERT_MSG_LT(worst, 1 - 1e-6, "unprotected, some cut loses traffic");

        const auto scenarios = p->Scenarios(BypassPlanner::SINGLE_CUT);
        NS_TEST_ASSERT_MSG_EQ(scenarios.size(), topo.GetNFibres(), "one scenario per fibre");
        for (uint32_t f = 0; f < scenarios.size(); ++f)
        {
            NS_TEST_ASSERT_MSG_EQ(scenarios[f].size(), 1, "a single cut");
            NS_TEST_ASSERT_MSG_EQ(scenarios[f][0], f, "fibre " << f);
        }
        NS_TEST_ASSERT_MSG_EQ(p->Protect(demands, scenarios, true, plan, error), true, error);
        for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(p->CarriedFraction(demands, plan, {f}),
                                        1 - 1e-6,
                                        "fibre " << f << " cut: all carried");
        }
        NS_TEST_ASSERT_MSG_EQ(plan.restorationWavelengths,
                              Wavelengths(plan) - Wavelengths(intact),
                              "restoration wavelengths counted");
        NS_TEST_ASSERT_MSG_GT(plan.restorationWavelengths, 0, "protection added some");
        NS_TEST_ASSERT_MSG_GT(plan.capacityCost, intact.capacityCost, "and costs more");
        NS_TEST_ASSERT_MSG_EQ(plan.routerPorts, 2 * Wavelengths(plan), "costs recounted");
        CheckRoutes(plan, demands, "protected");

        Ptr<BypassPlanner> half = MakePlanner();
        half->SetAttribute("RequiredFraction", DoubleValue(0.5));
        NS_TEST_ASSERT_MSG_EQ(half->SetNetwork(topo, modes, CostCatalog(), error), true, error);
        BypassPlan halfPlan = intact;
        NS_TEST_ASSERT_MSG_EQ(half->Protect(demands,
                                            half->Scenarios(BypassPlanner::SINGLE_CUT),
                                            true,
                                            halfPlan,
                                            error),
                              true,
                              error);
        for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(half->CarriedFraction(demands, halfPlan, {f}),
                                        0.5 - 1e-6,
                                        "fibre " << f << " cut: half carried");
        }
        NS_TEST_ASSERT_MSG_EQ(halfPlan.restorationWavelengths,
                              Wavelengths(halfPlan) - Wavelengths(intact),
                              "restoration wavelengths counted (half)");
        CheckRoutes(halfPlan, demands, "protected (half)");
    }
};

/// Hardware counts and costs follow the catalog.
class BypassCostsTestCase : public BypassTestCase
{
  public:
    BypassCostsTestCase()
        : BypassTestCase("costs add up to a catalog of 3, 5, 7 and 11: ports, transponders, "
                         "regenerators of a 12000 km fibre, amplifiers of the lit fibres")
    {
    }

  private:
    /// Recounts a plan by hand and compares.
    void CheckCosts(const BypassPlan& plan,
                    const WanTopology& topo,
                    double spanKm,
                    const std::string& what)
    {
        uint32_t waves = 0;
        uint32_t regens = 0;
        std::set<uint32_t> lit;
        for (const Lightpath& l : plan.links)
        {
            waves += l.wavelengths;
            regens += l.wavelengths * l.regenerators;
            lit.insert(l.fibres.begin(), l.fibres.end());
            NS_TEST_ASSERT_MSG_EQ_TOL(l.wavelengthCost,
                                      2 * 3.0 + 2 * 5.0 + 7.0 * l.regenerators,
                                      1e-9,
                                      what << ": cost of a wavelength of " << l.a << "-" << l.b);
        }
        uint32_t amps = 0;
        for (uint32_t f : lit)
        {
            amps += std::max<uint32_t>(
                1,
                static_cast<uint32_t>(std::ceil(topo.GetFibre(f).lengthKm / spanKm)));
        }
        NS_TEST_ASSERT_MSG_EQ(plan.routerPorts, 2 * waves, what << ": router ports");
        NS_TEST_ASSERT_MSG_EQ(plan.transponders, 2 * waves, what << ": transponders");
        NS_TEST_ASSERT_MSG_EQ(plan.regenerators, regens, what << ": regenerators");
        NS_TEST_ASSERT_MSG_EQ(plan.amplifiers, amps, what << ": amplifiers");
        const double capacity = 3.0 * 2 * waves + 5.0 * 2 * waves + 7.0 * regens;
        NS_TEST_ASSERT_MSG_EQ_TOL(plan.capacityCost, capacity, 1e-9, what << ": capacity cost");
        NS_TEST_ASSERT_MSG_EQ_TOL(plan.cost, capacity + 11.0 * amps, 1e-9, what << ": cost");
        uint32_t ports = 0;
        for (uint32_t s : plan.portsPerSite)
        {
            ports += s;
        }
        NS_TEST_ASSERT_MSG_EQ(plan.portsPerSite.size(), topo.GetNSites(), what << ": sites");
        NS_TEST_ASSERT_MSG_EQ(ports, plan.routerPorts, what << ": ports per site add up");
    }

    void DoRun() override
    {
        CostCatalog catalog;
        catalog.Set(CostCatalog::ROUTER_PORT, 3);
        catalog.Set(CostCatalog::TRANSPONDER, 5);
        catalog.Set(CostCatalog::REGENERATOR, 7);
        catalog.Set(CostCatalog::AMPLIFIER, 11);
        const TransceiverModes modes = Radwan();
        std::string error;
        const double spanKm = 80; // the SpanKm default

        // 6-site WAN: ILP and greedy plans.
        {
            const WanTopology topo = SixSites();
            const auto demands = TrafficMatrix::Gravity(topo, 3000);
            Ptr<BypassPlanner> p = MakePlanner();
            NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, catalog, error), true, error);
            BypassPlan ilp;
            NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(demands, true, ilp, error), true, error);
            CheckCosts(ilp, topo, spanKm, "6-site ILP");
            BypassPlan greedy;
            NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, true, greedy, error), true, error);
            CheckCosts(greedy, topo, spanKm, "6-site greedy");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.capacityCost,
                                        greedy.capacityCost + 1e-9,
                                        "ILP no costlier than greedy");
        }

        // Two sites, one 12000 km fibre: a margin that the unregenerated fibre misses for
        // the slowest mode by 0.5 dB.
        {
            const WanTopology topo = Line({12000});
            Ptr<BypassPlanner> p = MakePlanner();
            p->SetAttribute("MarginDb", DoubleValue(0));
            NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, catalog, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), 1, "one candidate");
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates()[0].regenerators, 0, "margin 0: direct");
            const double direct = p->GetCandidates()[0].osnrDb;
            const double slowest = modes.GetModes().front().osnrDb;
            NS_TEST_ASSERT_MSG_GT(direct, slowest, "reaches at margin 0");
            p->SetAttribute("MarginDb", DoubleValue(direct - slowest + 0.5));
            NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(topo, modes, catalog, error), true, error);
            const Lightpath& c = p->GetCandidates()[0];
            NS_TEST_ASSERT_MSG_GT(c.regenerators, 0, "regenerated");
            NS_TEST_ASSERT_MSG_LT(c.regenerators, 150, "fewer regenerators than spans");
            NS_TEST_ASSERT_MSG_GT(c.rateGbps, 0, "at some mode");
            const double volume = 300;
            const std::vector<TrafficMatrix::Demand> demands{{0, 1, volume}};
            for (const std::string planner : {"ilp", "greedy"})
            {
                BypassPlan plan;
                NS_TEST_ASSERT_MSG_EQ(p->Plan(planner, demands, true, plan, error), true, error);
                NS_TEST_ASSERT_MSG_EQ(plan.links.size(), 1, planner << ": one link");
                const uint32_t waves = CeilDiv(volume, c.rateGbps);
                NS_TEST_ASSERT_MSG_EQ(plan.links[0].wavelengths, waves, planner << ": waves");
                NS_TEST_ASSERT_MSG_EQ(plan.regenerators,
                                      waves * c.regenerators,
                                      planner << ": regenerators");
                NS_TEST_ASSERT_MSG_GT(plan.regenerators, 0, planner << ": regenerators > 0");
                NS_TEST_ASSERT_MSG_EQ(plan.amplifiers, 150, planner << ": 12000 km / 80 km");
                CheckCosts(plan, topo, spanKm, "12000 km " + planner);
                CheckRoutes(plan, demands, "12000 km " + planner);
            }
        }
    }
};

/// Bad input: clear errors, the planner unchanged.
class BypassBadInputTestCase : public BypassTestCase
{
  public:
    BypassBadInputTestCase()
        : BypassTestCase("bad input: disconnected fibres, unknown sites, a demand to itself, "
                         "a catalog missing or adding a component, a fibre no mode carries, "
                         "demand beyond the fibres' wavelengths, an unknown planner or failure "
                         "kind; the planner unchanged")
    {
    }

  private:
    /// \return the path of a temporary file holding \p text (removed at teardown)
    std::string WriteTemp(const std::string& stem, const std::string& text)
    {
        // A path with a '/', so CostCatalog reads it as given.
        const std::string path = CreateTempDirFilename("bypass-" + stem + ".csv");
        std::ofstream out(path);
        out << text;
        m_files.push_back(path);
        return path;
    }

    void DoTeardown() override
    {
        for (const auto& f : m_files)
        {
            std::remove(f.c_str());
        }
    }

    /// \return true if \p text contains \p part
    static bool Has(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

    void DoRun() override
    {
        const TransceiverModes modes = Radwan();
        const WanTopology line = Line({400, 400});
        Ptr<BypassPlanner> p = MakePlanner();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(line, modes, CostCatalog(), error), true, error);
        const std::size_t n = p->GetCandidates().size();
        NS_TEST_ASSERT_MSG_EQ(n, 3, "two hop-by-hop and one express");
        BypassPlan plan;

        // Disconnected fibre layer.
        {
            WanTopology t;
            for (const char* name : {"A", "B", "C", "D"})
            {
                WanTopology::Site s;
                s.name = name;
                t.AddSite(s);
            }
            NS_TEST_ASSERT_MSG_EQ(t.AddFibre(0, 1, 100, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(t.AddFibre(2, 3, 100, error), true, error);
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(t, modes, CostCatalog(), error), false, "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "disconnected"), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), n, "planner unchanged");
        }
        // A demand to an unknown site.
        {
            const std::vector<TrafficMatrix::Demand> bad{{0, 2, 10}, {0, 99, 10}};
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(bad, true, plan, error), false, "ILP rejects");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "unknown sites"), true, error);
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(bad, true, plan, error), false, "greedy rejects");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "unknown sites"), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), n, "planner unchanged");
        }
        // A demand from a site to itself.
        {
            const std::vector<TrafficMatrix::Demand> bad{{1, 1, 10}};
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->PlanIlp(bad, true, plan, error), false, "ILP rejects");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "itself"), true, error);
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->CheckDemands(bad, error), false, "CheckDemands rejects");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "itself"), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), n, "planner unchanged");
        }
        // A negative volume.
        {
            const std::vector<TrafficMatrix::Demand> bad{{0, 2, -1}};
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(bad, true, plan, error), false, "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "volume"), true, error);
        }
        // A catalog missing a component, one with an unknown component, a complete one.
        {
            CostCatalog catalog;
            const std::string missing =
                WriteTemp("missing",
                          "component,cost\nrouter-port,4\ntransponder,4\nregenerator,4\n");
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(catalog.Load(missing, error), false, "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "missing component 'amplifier'"), true, error);
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::ROUTER_PORT), 1, "catalog unchanged");
            const std::string unknown = WriteTemp("unknown",
                                                  "component,cost\nrouter-port,4\ntransponder,"
                                                  "4\nregenerator,4\namplifier,4\nlaser,4\n");
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(catalog.Load(unknown, error), false, "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "unknown component"), true, error);
            NS_TEST_ASSERT_MSG_EQ(Has(error, "laser"), true, error);
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::AMPLIFIER), 2, "catalog unchanged");
            const std::string good = WriteTemp(
                "good",
                "component,cost\nrouter-port,4\ntransponder,5\nregenerator,6\namplifier,7\n");
            NS_TEST_ASSERT_MSG_EQ(catalog.Load(good, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::ROUTER_PORT), 4, "read");
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::TRANSPONDER), 5, "read");
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::REGENERATOR), 6, "read");
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::AMPLIFIER), 7, "read");
        }
        // A fibre no mode carries, even regenerated.
        {
            p->SetAttribute("MarginDb", DoubleValue(60));
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->SetNetwork(line, modes, CostCatalog(), error),
                                  false,
                                  "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "no mode"), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->GetCandidates().size(), n, "planner unchanged");
            NS_TEST_ASSERT_MSG_EQ(p->GetNHopByHop(), 2, "planner unchanged");
            NS_TEST_ASSERT_MSG_GT(p->GetCandidates()[0].rateGbps, 0, "old candidates kept");
        }
        // An unknown planner.
        {
            const std::vector<TrafficMatrix::Demand> demands{{0, 2, 100}};
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(p->Plan("foo", demands, true, plan, error), false, "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "unknown (allowed: ilp, greedy)"), true, error);
            NS_TEST_ASSERT_MSG_EQ(Has(error, "foo"), true, error);
            // The planner still plans after every rejection.
            NS_TEST_ASSERT_MSG_EQ(p->Plan("ilp", demands, true, plan, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(p->Plan("greedy", demands, true, plan, error), true, error);
            CheckRoutes(plan, demands, "after the errors");
        }
        // Demand beyond the fibres: one wavelength per fibre, 10 Tb/s from A to C.
        {
            Ptr<BypassPlanner> small = MakePlanner();
            small->SetAttribute("WavelengthsPerFibre", UintegerValue(1));
            NS_TEST_ASSERT_MSG_EQ(small->SetNetwork(Line({400, 400}), modes, CostCatalog(), error),
                                  true,
                                  error);
            // Within the fibres' total (2 x 1 x the fastest rate) but not on one path.
            const double fastest = small->GetFastestRateGbps();
            NS_TEST_ASSERT_MSG_EQ_TOL(small->GetFibreCapacityGbps(),
                                      2 * fastest,
                                      1e-9,
                                      "2 x 1 x r");
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(small->PlanGreedy({{0, 2, 1.5 * fastest}}, true, plan, error),
                                  false,
                                  "rejected");
            NS_TEST_ASSERT_MSG_EQ(Has(error, "more than WavelengthsPerFibre (1)"), true, error);
            // Beyond every fibre together: refused before planning, by both planners.
            for (const char* planner : {"greedy", "ilp"})
            {
                error.clear();
                NS_TEST_ASSERT_MSG_EQ(small->Plan(planner, {{0, 2, 10000}}, true, plan, error),
                                      false,
                                      "rejected");
                NS_TEST_ASSERT_MSG_EQ(Has(error, "more than the fibre layer carries"), true, error);
            }
            // The demands that crashed or overflowed the planners: 1e20 and 1e300 Gb/s.
            for (double huge : {1e20, 1e300})
            {
                error.clear();
                NS_TEST_ASSERT_MSG_EQ(p->CheckDemands({{0, 2, huge}}, error), false, "rejected");
                NS_TEST_ASSERT_MSG_EQ(Has(error, "more than the fibre layer carries"), true, error);
            }
        }
        // Costs beyond CostCatalog::MAX_COST (1e9): refused with the file and line.
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(CostCatalog::MAX_COST, 1e9, 0, "the documented bound");
            CostCatalog catalog;
            for (const char* cost : {"1e308", "1e25", "1000000001", "inf", "nan", "-1"})
            {
                const std::string file = WriteTemp(
                    "huge",
                    std::string("# a comment\ncomponent,cost\nrouter-port,1\n\ntransponder,") +
                        cost + "\nregenerator,2\namplifier,2\n");
                error.clear();
                NS_TEST_ASSERT_MSG_EQ(catalog.Load(file, error), false, cost);
                NS_TEST_ASSERT_MSG_EQ(Has(error, file + ":5: component 'transponder'"),
                                      true,
                                      error);
                NS_TEST_ASSERT_MSG_EQ(Has(error, "CostCatalog::MAX_COST"), true, error);
                NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::TRANSPONDER), 1, "unchanged");
            }
            const std::string atBound = WriteTemp(
                "bound",
                "component,cost\nrouter-port,1e9\ntransponder,0\nregenerator,2\namplifier,2\n");
            NS_TEST_ASSERT_MSG_EQ(catalog.Load(atBound, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::ROUTER_PORT), 1e9, "at the bound");
            // The planners take it: the ILP's costs stay within LinearProgram::MAX_MAGNITUDE.
            Ptr<BypassPlanner> dear = MakePlanner();
            NS_TEST_ASSERT_MSG_EQ(dear->SetNetwork(line, modes, catalog, error), true, error);
            for (const char* planner : {"greedy", "ilp"})
            {
                NS_TEST_ASSERT_MSG_EQ(dear->Plan(planner, {{0, 2, 400}}, true, plan, error),
                                      true,
                                      error);
                NS_TEST_ASSERT_MSG_EQ_TOL(plan.capacityCost,
                                          1e9 * plan.routerPorts,
                                          1e-6 * plan.capacityCost,
                                          planner << ": ports alone cost");
            }
        }
        // Failure kinds.
        {
            BypassPlanner::Failures f = BypassPlanner::NONE;
            NS_TEST_ASSERT_MSG_EQ(BypassPlanner::ParseFailures("bogus", f), false, "bogus");
            NS_TEST_ASSERT_MSG_EQ(f, BypassPlanner::NONE, "unchanged");
            NS_TEST_ASSERT_MSG_EQ(BypassPlanner::ParseFailures("single-cut", f), true, "known");
            NS_TEST_ASSERT_MSG_EQ(f, BypassPlanner::SINGLE_CUT, "single-cut");
            NS_TEST_ASSERT_MSG_EQ(BypassPlanner::ParseFailures("stochastic", f), true, "known");
            NS_TEST_ASSERT_MSG_EQ(f, BypassPlanner::STOCHASTIC, "stochastic");
            NS_TEST_ASSERT_MSG_EQ(BypassPlanner::ParseFailures("none", f), true, "known");
            NS_TEST_ASSERT_MSG_EQ(f, BypassPlanner::NONE, "none");
            NS_TEST_ASSERT_MSG_EQ(p->Scenarios(BypassPlanner::NONE).size(), 0, "no scenario");
        }
    }

    std::vector<std::string> m_files; //!< Temporary files
};

/// Headroom: the same largest scale for every limit above it, "at least the limit" at it.
class BypassHeadroomTestCase : public TestCase
{
  public:
    BypassHeadroomTestCase()
        : TestCase("headroom: a threshold of 3.7 (or 0.3) is found within the tolerance for "
                   "limits 4, 64 and 1e6 and reported as at least 2 for limit 2; line A-B-C: "
                   "MaxDemandScale for limits 2, 64 and 1e6 agrees with the hand count of the "
                   "ports, and limit 1 gives at least 1")
    {
    }

  private:
    void DoRun() override
    {
        const double tol = 1e-3;
        using H = BypassPlanner::Headroom;
        // A predicate with a known threshold.
        for (double threshold : {3.7, 0.3})
        {
            auto fits = [threshold](double s) { return s <= threshold; };
            for (double limit : {4.0, 64.0, 1e6})
            {
                const H h = BypassPlanner::FindLargestScale(fits, limit, tol);
                NS_TEST_ASSERT_MSG_EQ(h.outcome, H::FOUND, "limit " << limit);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(h.scale, threshold, "fits: at most the threshold");
                NS_TEST_ASSERT_MSG_GT(h.failsAt, threshold, "fails: above it");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(h.failsAt - h.scale,
                                            tol * h.scale,
                                            "within the tolerance");
                NS_TEST_ASSERT_MSG_LT(h.plans, 40, "a few probes");
            }
        }
        {
            auto fits = [](double s) { return s <= 3.7; };
            const H h = BypassPlanner::FindLargestScale(fits, 2, tol);
            NS_TEST_ASSERT_MSG_EQ(h.outcome, H::AT_LIMIT, "3.7 is beyond the limit 2");
            NS_TEST_ASSERT_MSG_EQ(h.scale, 2, "at least the limit");
            NS_TEST_ASSERT_MSG_EQ(h.plans, 2, "1 and 2 tried");
        }
        {
            // Everything fits: 1, 2, 4, ..., 2^19, then the limit 1e6 (21 probes).
            const H h = BypassPlanner::FindLargestScale([](double) { return true; }, 1e6, tol);
            NS_TEST_ASSERT_MSG_EQ(h.outcome, H::AT_LIMIT, "at the limit");
            NS_TEST_ASSERT_MSG_EQ(h.scale, 1e6, "the limit");
            NS_TEST_ASSERT_MSG_EQ(h.plans, 21, "doubling to the limit");
            // Nothing fits: halving down to the tolerance.
            const H none = BypassPlanner::FindLargestScale([](double) { return false; }, 64, tol);
            NS_TEST_ASSERT_MSG_EQ(none.outcome, H::NONE, "none");
            NS_TEST_ASSERT_MSG_EQ(none.scale, 0, "no scale");
            NS_TEST_ASSERT_MSG_LT(none.failsAt, 2 * tol, "halved down to the tolerance");
        }

        // The planner on line A-B-C (2 x 400 km), 400 Gb/s from A to C, within the ports of
        // today's hop-by-hop plan: x express wavelengths A-C and k on each hop use
        // 2 (x + 2k) ports and carry x rAC + k r, so the largest volume within a budget of P
        // ports is max over x of x rAC + floor((P / 2 - x) / 2) r.
        const TransceiverModes modes = Radwan();
        std::string error;
        auto planner = [&modes, &error]() {
            Ptr<BypassPlanner> p = MakePlanner();
            NS_ABORT_MSG_IF(!p->SetNetwork(Line({400, 400}), modes, CostCatalog(), error), error);
            p->AssignStreams(7);
            return p;
        };
        Ptr<BypassPlanner> p = planner();
        const double r = p->GetCandidates()[0].rateGbps;
        NS_TEST_ASSERT_MSG_EQ_TOL(p->GetCandidates()[1].rateGbps, r, 1e-9, "equal hops");
        const double rAC = p->GetCandidates()[2].rateGbps;
        const double volume = 400;
        const std::vector<TrafficMatrix::Demand> demands{{0, 2, volume}};
        BypassPlan hop;
        NS_TEST_ASSERT_MSG_EQ(p->PlanGreedy(demands, false, hop, error), true, error);
        const uint32_t budget = hop.routerPorts;
        NS_TEST_ASSERT_MSG_EQ(budget, 4 * CeilDiv(volume, r), "hop by hop: 2 ports per hop");
        double most = 0;
        for (uint32_t x = 0; x <= budget / 2; ++x)
        {
            most = std::max(most, x * rAC + std::floor((budget / 2 - x) / 2.0) * r);
        }
        const double expected = most / volume;
        NS_TEST_ASSERT_MSG_GT(expected, 1, "bypass leaves headroom here");
        std::vector<double> found;
        for (double limit : {2.0, 64.0, 1e6})
        {
            if (limit <= expected)
            {
                continue;
            }
            const H h = planner()->MaxDemandScale(demands, budget, limit, error);
            NS_TEST_ASSERT_MSG_EQ(h.outcome, H::FOUND, "limit " << limit << ": " << error);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(h.scale, expected * (1 + 1e-9), "limit " << limit);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(h.failsAt, expected, "limit " << limit);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(h.failsAt - h.scale, tol * h.scale, "tolerance");
            found.push_back(h.scale);
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(found.size(), 2, "at least two limits above the answer");
        for (double f : found)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(f, found.front(), tol * found.front(), "limit-independent");
        }
        // Limit 1: today's demand fits, so the answer is at least 1, not a number found.
        const H atOne = planner()->MaxDemandScale(demands, budget, 1, error);
        NS_TEST_ASSERT_MSG_EQ(atOne.outcome, H::AT_LIMIT, "at the limit");
        NS_TEST_ASSERT_MSG_EQ(atOne.scale, 1, "at least 1");
        // A budget of no ports: nothing fits.
        const H none = planner()->MaxDemandScale(demands, 0, 64, error);
        NS_TEST_ASSERT_MSG_EQ(none.outcome, H::NONE, "no ports, no demand");
    }
};

/// The default catalog file.
class BypassDefaultCatalogTestCase : public TestCase
{
  public:
    BypassDefaultCatalogTestCase()
        : TestCase("the default cost catalog file: router-port 1, transponder 1, "
                   "regenerator 2, amplifier 2, as the default constructor")
    {
    }

  private:
    void DoRun() override
    {
        CostCatalog catalog;
        catalog.Set(CostCatalog::ROUTER_PORT, 9);
        catalog.Set(CostCatalog::TRANSPONDER, 9);
        catalog.Set(CostCatalog::REGENERATOR, 9);
        catalog.Set(CostCatalog::AMPLIFIER, 9);
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(CostCatalog::DEFAULT_FILE, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::ROUTER_PORT), 1, "router-port");
        NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::TRANSPONDER), 1, "transponder");
        NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::REGENERATOR), 2, "regenerator");
        NS_TEST_ASSERT_MSG_EQ(catalog.Get(CostCatalog::AMPLIFIER), 2, "amplifier");
        const CostCatalog defaults;
        for (int c = 0; c < CostCatalog::N_COMPONENTS; ++c)
        {
            const auto comp = static_cast<CostCatalog::Component>(c);
            NS_TEST_ASSERT_MSG_EQ(catalog.Get(comp), defaults.Get(comp), CostCatalog::Name(comp));
        }
    }
};

/// The suite.
class BypassPlannerTestSuite : public TestSuite
{
  public:
    BypassPlannerTestSuite()
        : TestSuite("optical-wan-bypass", SUITE_UNIT)
    {
        AddTestCase(new BypassLineTestCase, TEST_QUICK);
        AddTestCase(new BypassReachTestCase, TEST_QUICK);
        AddTestCase(new BypassSimulationTestCase, TEST_QUICK);
        AddTestCase(new BypassGreedyStepsTestCase, TEST_QUICK);
        AddTestCase(new BypassSingleCutTestCase, TEST_QUICK);
        AddTestCase(new BypassCostsTestCase, TEST_QUICK);
        AddTestCase(new BypassBadInputTestCase, TEST_QUICK);
        AddTestCase(new BypassDefaultCatalogTestCase, TEST_QUICK);
        AddTestCase(new BypassHeadroomTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static BypassPlannerTestSuite g_bypassPlannerTestSuite;

} // namespace
