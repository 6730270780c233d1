/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TE controller over rate-adaptive links: RADWAN's graph abstraction raises exactly the
// caps it should; splits installed at flow level stay within capacities and conserve bytes.

#include "../../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flow-network.h"
#include "ns3/optical-module.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// A triangle a-b-c of rate-adaptive links at a constant SNR.
struct Triangle
{
    RateAdaptiveWan wan;                          //!< The network
    std::vector<TeSolver::Commodity> commodities; //!< a -> b

    /// Builds it: \p snrDb per fibre (a-b, b-c, a-c), demand a -> b of \p gbps.
    Triangle(const std::vector<double>& snrDb, double gbps, bool adaptive)
    {
        WanTopology t;
        std::string error;
        for (const char* n : {"a", "b", "c"})
        {
            WanTopology::Site s;
            s.name = n;
            t.AddSite(s);
        }
        NS_ABORT_MSG_IF(!t.AddFibre(0, 1, 400, error), error);
        NS_ABORT_MSG_IF(!t.AddFibre(1, 2, 400, error), error);
        NS_ABORT_MSG_IF(!t.AddFibre(0, 2, 400, error), error);
        RateAdaptiveWanHelper helper;
        NS_ABORT_MSG_IF(!helper.GetLinkHelper().SetModes("radwan", error), error);
        helper.GetLinkHelper().SetLinkAttribute(
            "Policy",
            EnumValue(adaptive ? RateAdaptiveLink::ADAPTIVE : RateAdaptiveLink::STATIC));
        helper.GetLinkHelper().SetLinkAttribute("HoldDown", TimeValue(Seconds(0)));
        NS_ABORT_MSG_IF(!helper.Build(t, 1, wan, error), error);
        for (std::size_t f = 0; f < wan.links.size(); ++f)
        {
            SnrTimeSeries::Sample s;
            s.snrDb = snrDb[f];
            wan.links[f]->SetSamples({s});
        }
        NS_ABORT_MSG_IF(!RateAdaptiveWanHelper::MakeCommodities(wan,
                                                                {{0, 1, gbps}},
                                                                "ksp",
                                                                4,
                                                                commodities,
                                                                error),
                        error);
    }
};
} // namespace

/// The graph abstraction raises the cap of the link whose extra capacity the LP uses.
class AbstractionTestCase : public TestCase
{
  public:
    AbstractionTestCase()
        : TestCase("graph abstraction: 250 Gbps over 100G links at 14 dB raises the direct "
                   "link to 150G and nothing else; without it all links run at 200G")
    {
    }

  private:
    void DoRun() override
    {
        {
            Triangle t({14, 14, 14}, 250, true);
            Ptr<TeController> te = CreateObject<TeController>();
            te->SetAttribute("Abstraction", BooleanValue(true));
            te->SetAttribute("Interval", TimeValue(Minutes(5)));
            te->SetNetwork(t.wan.graph, t.wan.arcLinks, t.wan.wavelengths);
            te->SetCommodities(t.commodities);
            std::vector<double> throughput;
            te->SetInstaller([&throughput](const TeSolver::Solution& s, Time) {
                throughput.push_back(s.throughput);
            });
            for (auto& l : t.wan.links)
            {
                l->Start(Seconds(0));
            }
            te->Start(); // caps the links before their first reading
            Simulator::Stop(Minutes(12));
            Simulator::Run();
            // First solve: 200 at baseline (direct + via c) and 50 of extra on the direct arc
            // (one arc of penalty against two); 150G is the slowest mode carrying 150.
            NS_TEST_ASSERT_MSG_EQ(throughput.size(), 3, "solves at 0, 5 and 10 min");
            NS_TEST_ASSERT_MSG_EQ_TOL(throughput[0], 250, 1e-6, "all demand, extra included");
            NS_TEST_ASSERT_MSG_EQ(te->GetNUpgradesRequested(), 1, "one cap raised");
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[0]->GetMaxRate(), 150, "a-b capped at 150G");
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[0]->GetRateGbps(), 150, "a-b changed to 150G");
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[1]->GetRateGbps(), 100, "b-c stays");
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[2]->GetRateGbps(), 100, "a-c stays");
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[0]->GetCounters().changes, 1, "one change");
            NS_TEST_ASSERT_MSG_EQ_TOL(throughput[2], 250, 1e-6, "carried without extra");
            Simulator::Destroy();
        }
        {
            Triangle t({14, 14, 14}, 250, true);
            Ptr<TeController> te = CreateObject<TeController>();
            te->SetNetwork(t.wan.graph, t.wan.arcLinks, t.wan.wavelengths);
            te->SetCommodities(t.commodities);
            for (auto& l : t.wan.links)
            {
                l->Start(Seconds(0));
            }
            Schedule(Seconds(2), [te]() { te->Start(); });
            TeSolver::Solution s;
            Simulator::Stop(Seconds(3));
            Simulator::Run();
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(te->SolveNow(s, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(t.wan.links[1]->GetRateGbps(), 200, "adaptive: 200G");
            NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 250, 1e-6, "no extra needed");
            NS_TEST_ASSERT_MSG_EQ(te->GetNUpgradesRequested(), 0, "no caps");
            Simulator::Destroy();
        }
    }
};

/// Splits at flow level: within capacities, bytes conserved, re-rated when a link fails.
class FlowSplitsTestCase : public TestCase
{
  public:
    FlowSplitsTestCase()
        : TestCase("TE splits at flow level: 150 Gbps over two static 100G paths; after the "
                   "direct link fails the TE moves everything to the detour; bytes conserved")
    {
    }

  private:
    void DoRun() override
    {
        Triangle t({10, 10, 10}, 150, false);
        // The direct link a-b falls below 6.5 dB from 10 min on.
        SnrTimeSeries::Sample ok;
        ok.snrDb = 10;
        SnrTimeSeries::Sample low = ok;
        low.time = Minutes(10);
        low.snrDb = 5;
        t.wan.links[0]->SetSamples({ok, low});
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(t.wan.topology);
        Ptr<TeController> te = CreateObject<TeController>();
        te->SetAttribute("Interval", TimeValue(Minutes(5)));
        te->SetNetwork(t.wan.graph, t.wan.arcLinks, t.wan.wavelengths);
        te->SetCommodities(t.commodities);
        double offered = 0;
        std::vector<TeSolver::Solution> solutions;
        te->SetInstaller([&](const TeSolver::Solution& s, Time dt) {
            solutions.push_back(s);
            offered += RateAdaptiveWanHelper::InstallFlows(net, t.commodities, s, dt);
        });
        for (auto& l : t.wan.links)
        {
            l->Start(Seconds(0));
        }
        Schedule(Seconds(0), [te]() { te->Start(); });
        Schedule(Minutes(20) - Seconds(1), [te]() { te->Stop(); });
        // Half-way through the second interval: 450 s of 150 Gb/s have left (flows in progress
        // counted by their progress).
        double midway = 0;
        Schedule(Seconds(450), [net, &midway]() { midway = net->GetBytesTransferred(); });
        Simulator::Stop(Minutes(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(solutions.size(), 4, "4 solves");
        NS_TEST_ASSERT_MSG_EQ_TOL(midway, 150e9 / 8 * 450, 1e3, "bytes transferred at 450 s");
        for (std::size_t i = 0; i < solutions.size(); ++i)
        {
            const auto& s = solutions[i];
            for (std::size_t a = 0; a < s.arcLoad.size(); ++a)
            {
                const double cap = i < 2 ? 100.0 : (a < 2 ? 0.0 : 100.0);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(s.arcLoad[a],
                                            cap + 1e-6,
                                            "arc " << a << " solve " << i);
            }
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(solutions[0].throughput, 150, 1e-6, "both paths");
        NS_TEST_ASSERT_MSG_EQ_TOL(solutions[2].throughput, 100, 1e-6, "detour only");
        // 10 min at 150 Gb/s and 10 min at 100 Gb/s, all delivered once the flows drain.
        NS_TEST_ASSERT_MSG_EQ_TOL(offered, (150 + 100) * 1e9 / 8 * 600, 1, "offered bytes");
        NS_TEST_ASSERT_MSG_EQ_TOL(net->GetBytesSent(), offered, 1, "bytes in = bytes out");
        NS_TEST_ASSERT_MSG_EQ(net->GetNActiveFlows(), 0, "all flows done");
        Simulator::Destroy();
    }
};

/**
 * \brief A synthetic WAN (stream 3), arcs of 100 Gb/s, a gravity matrix of \p perArc Gb/s
 * per arc, 4 shortest paths per demand.
 * \param [in] sites Sites
 * \param [in] perArc Total demand over the number of arcs
 * \param [out] g The graph
 * \param [out] p The problem (MAX_FLOW)
 * \param [out] error What went wrong
 * \return true on success
 */
bool
MakeInstance(uint32_t sites, double perArc, TeGraph& g, TeSolver::Problem& p, std::string& error)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(3);
    WanTopology topo;
    if (!WanTopology::Generate(sites, 3, 2000, 1500, rng, topo, error))
    {
        return false;
    }
    g.nodes = topo.GetNSites();
    for (uint32_t f = 0; f < topo.GetNFibres(); ++f)
    {
        const auto& fibre = topo.GetFibre(f);
        g.arcs.push_back({fibre.a, fibre.b, fibre.lengthKm});
        g.arcs.push_back({fibre.b, fibre.a, fibre.lengthKm});
        p.capacity.push_back(100);
        p.capacity.push_back(100);
    }
    for (const auto& d : TrafficMatrix::Gravity(topo, perArc * g.arcs.size()))
    {
        p.commodities.push_back({d.src, d.dst, d.gbps, TePaths::KShortest(g, d.src, d.dst, 4)});
    }
    return true;
}

/// Column generation reaches the full LP's optimum with fewer variables.
class ColumnGenerationTestCase : public TestCase
{
  public:
    ColumnGenerationTestCase()
        : TestCase("TE by column generation: the full LP's optimum (with and without extra "
                   "capacity at a penalty), fewer variables, within capacities and demands")
    {
    }

  private:
    void DoRun() override
    {
        TeGraph g;
        TeSolver::Problem p;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(MakeInstance(40, 30, g, p, error), true, error);
        for (bool abstraction : {false, true})
        {
            if (abstraction)
            {
                p.extra.assign(g.arcs.size(), 50);
                p.extraPenalty.assign(g.arcs.size(), 0.01);
            }
            TeSolver::Solution full;
            TeSolver::Solution columns;
            p.method = TeSolver::FULL_LP;
            NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, p, full, error), true, error);
            p.method = TeSolver::COLUMN_GENERATION;
            NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, p, columns, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(full.rounds, 0, "one full LP");
            NS_TEST_ASSERT_MSG_GT(columns.rounds, 1, "paths were priced in");
            NS_TEST_ASSERT_MSG_EQ(columns.usablePaths, full.usablePaths, "the same paths");
            NS_TEST_ASSERT_MSG_LT(columns.variables, full.variables, "fewer variables");
            NS_TEST_ASSERT_MSG_EQ_TOL(columns.objective,
                                      full.objective,
                                      1e-6 * full.objective,
                                      "the same optimum");
            // Strong duality: both solves' arc prices bound the optimum at the optimum (up to
            // the tie-break, 1e-6 x rank of the throughput).
            for (const TeSolver::Solution* s : {&full, &columns})
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(s->bound,
                                          full.objective,
                                          1e-5 * full.objective,
                                          "dual bound = optimum");
            }
            std::vector<double> load(g.arcs.size(), 0);
            for (std::size_t c = 0; c < p.commodities.size(); ++c)
            {
                double sum = 0;
                for (std::size_t k = 0; k < p.commodities[c].paths.size(); ++k)
                {
                    sum += columns.pathFlow[c][k];
                    for (uint32_t a : p.commodities[c].paths[k])
                    {
                        load[a] += columns.pathFlow[c][k];
                    }
                }
                NS_TEST_ASSERT_MSG_LT_OR_EQ(sum, p.commodities[c].demand * (1 + 1e-9), "demand");
            }
            for (std::size_t a = 0; a < load.size(); ++a)
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(load[a],
                                            100 + columns.extraUsed[a] + 1e-6,
                                            "arc " << a);
                const double extraLimit = abstraction ? 50 + 1e-6 : 1e-6;
                NS_TEST_ASSERT_MSG_LT_OR_EQ(columns.extraUsed[a], extraLimit, "extra of arc " << a);
            }
        }
    }
};

/// POP-style partitioned solves.
class PartitionedTestCase : public TestCase
{
  public:
    PartitionedTestCase()
        : TestCase("partitioned TE LP: 1 part is the LP; 4 parts stay within every capacity, "
                   "give each commodity at most its demand and reach 85% of the LP")
    {
    }

  private:
    void DoRun() override
    {
        TeGraph g;
        TeSolver::Problem p;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(MakeInstance(30, 40, g, p, error), true, error);
        TeSolver::Solution one;
        TeSolver::Solution same;
        TeSolver::Solution four;
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, p, one, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(TeSolver::SolvePartitioned(g, p, 1, 1, same, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(same.throughput, one.throughput, 1e-6, "1 part = the LP");
        NS_TEST_ASSERT_MSG_EQ(TeSolver::SolvePartitioned(g, p, 4, 2, four, error), true, error);
        NS_TEST_ASSERT_MSG_LT_OR_EQ(four.throughput, one.throughput + 1e-6, "no better than LP");
        NS_TEST_ASSERT_MSG_GT(four.throughput, 0.85 * one.throughput, "close to the LP (0.89)");
        // The parts' mean prices bound the whole LP's optimum from above, tighter than the
        // total demand.
        double demand = 0;
        for (const auto& c : p.commodities)
        {
            demand += c.demand;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(four.bound, one.objective - 1e-6, "a valid bound");
        NS_TEST_ASSERT_MSG_LT(four.bound, demand, "better than the demand");
        NS_TEST_ASSERT_MSG_EQ_TOL(TeSolver::UpperBound(g, p, std::vector<double>(g.arcs.size(), 0)),
                                  demand,
                                  1e-9 * demand,
                                  "zero prices bound by the demand");
        std::vector<double> load(g.arcs.size(), 0);
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            double sum = 0;
            for (std::size_t k = 0; k < p.commodities[c].paths.size(); ++k)
            {
                sum += four.pathFlow[c][k];
                for (uint32_t a : p.commodities[c].paths[k])
                {
                    load[a] += four.pathFlow[c][k];
                }
            }
            NS_TEST_ASSERT_MSG_LT_OR_EQ(sum, p.commodities[c].demand + 1e-6, "demand " << c);
        }
        for (std::size_t a = 0; a < load.size(); ++a)
        {
            NS_TEST_ASSERT_MSG_LT_OR_EQ(load[a], 100 + 1e-6, "arc " << a);
            NS_TEST_ASSERT_MSG_EQ_TOL(four.arcLoad[a], load[a], 1e-6, "merged load " << a);
        }
    }
};

/// The suite.
class TeControllerTestSuite : public TestSuite
{
  public:
    TeControllerTestSuite()
        : TestSuite("optical-wan-te-controller", SUITE_UNIT)
    {
        AddTestCase(new AbstractionTestCase, TEST_QUICK);
        AddTestCase(new FlowSplitsTestCase, TEST_QUICK);
        AddTestCase(new PartitionedTestCase, TEST_QUICK);
        AddTestCase(new ColumnGenerationTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static TeControllerTestSuite g_teControllerTestSuite;

} // namespace
