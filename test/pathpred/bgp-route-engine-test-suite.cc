/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Ground truth by routing policy: Gao-Rexford preferences and valley-free export on a
// hand-made graph (exact routes), each deviation's effect there, hijack shares by hand,
// the three-sweep engine against the path-vector simulation (an independent algorithm) on
// synthetic graphs with deviations, every path valley-free and loop-free, and determinism.

#include "../common/optical-test-compat.h"
#include "pathpred-test-graphs.h"

#include "ns3/double.h"
#include "ns3/test.h"

#include <set>

using namespace ns3;
using namespace ns3::pathpredtest;
using namespace ns3::optical::compat;

namespace
{

/**
 * The hand-made graph (AS numbers; "a>b": a provides transit to b; "a=b": peers):
 * 1>2, 2>3, 3>100 (a customer chain from 1 to 100), 4>1, 4>100 (1's provider 4 reaches 100
 * directly), 5=6, 6>100, 7>5, 7>100, 8=5, 5>10, 4>11, 7>11.
 */
AsGraph
HandGraph()
{
    return MakeGraph({{1, 2, -1},
                      {2, 3, -1},
                      {3, 100, -1},
                      {4, 1, -1},
                      {4, 100, -1},
                      {5, 6, 0},
                      {6, 100, -1},
                      {7, 5, -1},
                      {7, 100, -1},
                      {8, 5, 0},
                      {5, 10, -1},
                      {4, 11, -1},
                      {7, 11, -1}});
}

/// Textbook preferences and export on the hand-made graph.
class TextbookTestCase : public TestCase
{
  public:
    TextbookTestCase()
        : TestCase("Gao-Rexford on a hand-made graph: a 3-hop customer route beats a 2-hop "
                   "provider route, a peer route beats an equal provider route, peer routes "
                   "are not exported to peers but are to customers, ties go to the lowest AS")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g = HandGraph();
        BgpRouteEngine engine(g);
        AsRoutes r;
        engine.Compute(g.IndexOf(100), r);
        auto path = [&](uint32_t asn) { return Asns(g, r.Path(g.IndexOf(asn))); };
        NS_TEST_ASSERT_MSG_EQ((path(1) == std::vector<uint32_t>{1, 2, 3, 100}),
                              true,
                              "customer route over a shorter provider route");
        NS_TEST_ASSERT_MSG_EQ((r.cls[g.IndexOf(1)] == AsRouteClass::CUSTOMER), true, "class");
        NS_TEST_ASSERT_MSG_EQ((path(5) == std::vector<uint32_t>{5, 6, 100}),
                              true,
                              "peer route over an equally long provider route");
        NS_TEST_ASSERT_MSG_EQ(r.HasRoute(g.IndexOf(8)), false, "no peer route to a peer");
        NS_TEST_ASSERT_MSG_EQ((path(10) == std::vector<uint32_t>{10, 5, 6, 100}),
                              true,
                              "a peer route is exported to customers");
        NS_TEST_ASSERT_MSG_EQ((path(11) == std::vector<uint32_t>{11, 4, 100}),
                              true,
                              "equal provider routes: the lowest AS number");
        NS_TEST_ASSERT_MSG_EQ(r.length[g.IndexOf(1)], 3, "length in hops");
        for (uint32_t i = 0; i < g.GetN(); ++i)
        {
            if (r.HasRoute(i))
            {
                NS_TEST_ASSERT_MSG_EQ(r.origin[i], g.IndexOf(100), "one origin");
            }
        }
    }
};

/// Each deviation changes the hand-made graph's routes as it should.
class DeviationTestCase : public TestCase
{
  public:
    DeviationTestCase()
        : TestCase("deviations on the hand-made graph: prepending by 4 toward 11 moves 11 to 7, "
                   "a local preference for 7 does too, 100 exporting nothing to 4 sends 4 "
                   "through 1 (4 hops) and 11 through 7")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g = HandGraph();
        const uint32_t as4 = g.IndexOf(4);
        const uint32_t as11 = g.IndexOf(11);
        AsRoutes r;
        {
            AsPolicy p;
            p.Reset(g);
            p.prepend[g.FindSlot(as4, as11)] = 2;
            p.deviating.push_back(as4);
            BgpRouteEngine(g, &p).Compute(g.IndexOf(100), r);
            NS_TEST_ASSERT_MSG_EQ(g.GetAsn(r.next[as11]), 7, "prepending");
            NS_TEST_ASSERT_MSG_EQ(r.length[as11], 2, "the unprepended route");
        }
        {
            AsPolicy p;
            p.Reset(g);
            p.rank[g.FindSlot(as11, as4)] = 1;
            p.deviating.push_back(as11);
            BgpRouteEngine(g, &p).Compute(g.IndexOf(100), r);
            NS_TEST_ASSERT_MSG_EQ(g.GetAsn(r.next[as11]), 7, "local preference");
        }
        {
            AsPolicy p;
            p.Reset(g);
            const uint32_t as100 = g.IndexOf(100);
            p.noExport[g.FindSlot(as100, as4)] = 1;
            p.deviating.push_back(as100);
            BgpRouteEngine(g, &p).Compute(as100, r);
            NS_TEST_ASSERT_MSG_EQ(g.GetAsn(r.next[as4]), 1, "4 reaches 100 through 1 only");
            NS_TEST_ASSERT_MSG_EQ(r.length[as4], 4, "4 1 2 3 100");
            NS_TEST_ASSERT_MSG_EQ(g.GetAsn(r.next[as11]), 7, "11 through 7");
            NS_TEST_ASSERT_MSG_EQ(g.GetAsn(r.next[g.IndexOf(1)]), 2, "1 keeps its customer");
        }
    }
};

/// Hijack shares on a small graph, by hand.
class HijackTestCase : public TestCase
{
  public:
    HijackTestCase()
        : TestCase("hijack by hand: tier-1s 1=2, 1>3, 1>4, 2>5, 2>6; attacker 5 on victim 3 "
                   "captures 2 and 6 (50%) with the same prefix, all four others (100%) with a "
                   "more-specific")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g = MakeGraph({{1, 2, 0}, {1, 3, -1}, {1, 4, -1}, {2, 5, -1}, {2, 6, -1}});
        const uint32_t victim = g.IndexOf(3);
        const uint32_t attacker = g.IndexOf(5);
        AsRoutes r;
        BgpRouteEngine engine(g);
        engine.Compute({victim, attacker}, r);
        NS_TEST_ASSERT_MSG_EQ(r.origin[g.IndexOf(2)], attacker, "2 prefers its customer 5");
        NS_TEST_ASSERT_MSG_EQ(r.origin[g.IndexOf(4)], victim, "4 follows 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(CapturedShare(r.origin, attacker, victim), 0.5, 1e-12, "50%");
        engine.Compute(std::vector<uint32_t>{attacker}, r);
        NS_TEST_ASSERT_MSG_EQ_TOL(CapturedShare(r.origin, attacker, victim), 1.0, 1e-12, "all");
        // The predictors' view: the policy predictor on the true graph agrees.
        PolicyPredictor policy(g);
        std::vector<uint32_t> reached;
        NS_TEST_ASSERT_MSG_EQ(policy.PredictOrigins({victim, attacker}, reached), true, "can");
        NS_TEST_ASSERT_MSG_EQ_TOL(CapturedShare(reached, attacker, victim), 0.5, 1e-12, "same");
    }
};

/// The engine against the path-vector simulation, and path properties.
class ReferenceTestCase : public TestCase
{
  public:
    ReferenceTestCase()
        : TestCase("three sweeps = path-vector simulation (same next hop, class and length for "
                   "every AS) on 1,500-AS graphs with 30% deviating ASes, 12 destinations and "
                   "4 hijacks; every path valley-free, loop-free, as long as its hops plus "
                   "prepends")
    {
    }

  private:
    void DoRun() override
    {
        auto gen = CreateObject<AsGraphGenerator>();
        gen->AssignStreams(21);
        const AsGraph g = gen->Generate(1500);
        auto dev = CreateObject<AsPolicyDeviations>();
        dev->SetAttribute("Fraction", DoubleValue(0.3));
        dev->AssignStreams(22);
        const AsPolicy p = dev->Draw(g);
        NS_TEST_ASSERT_MSG_GT(p.deviating.size(),
                              200,
                              "deviations drawn (single-homed ASes without peers cannot deviate)");
        BgpRouteEngine fast(g, &p);
        BgpPathVectorSimulator slow(g, &p);
        AsRoutes a;
        AsRoutes b;
        uint32_t routed = 0;
        for (uint32_t k = 0; k < 16; ++k)
        {
            std::vector<uint32_t> origins{(k * 389 + 7) % g.GetN()};
            if (k >= 12)
            {
                origins.push_back((k * 911 + 3) % g.GetN());
            }
            fast.Compute(origins, a);
            NS_TEST_ASSERT_MSG_EQ(slow.Compute(origins, b), true, "the simulation settles");
            for (uint32_t i = 0; i < g.GetN(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(a.next[i], b.next[i], "same next hop");
                NS_TEST_ASSERT_MSG_EQ((a.cls[i] == b.cls[i]), true, "same class");
                NS_TEST_ASSERT_MSG_EQ(a.length[i], b.length[i], "same length");
                if (!a.HasRoute(i))
                {
                    continue;
                }
                ++routed;
                const auto path = a.Path(i);
                NS_TEST_ASSERT_MSG_EQ(g.IsValleyFree(path), true, "valley-free");
                const std::set<uint32_t> distinct(path.begin(), path.end());
                NS_TEST_ASSERT_MSG_EQ(distinct.size(), path.size(), "loop-free");
                uint32_t length = 0;
                for (std::size_t h = 0; h + 1 < path.size(); ++h)
                {
                    length += 1 + p.prepend[g.FindSlot(path[h + 1], path[h])];
                }
                NS_TEST_ASSERT_MSG_EQ(length, a.length[i], "hops plus prepends");
            }
        }
        NS_TEST_ASSERT_MSG_GT(routed, 16 * 1400, "nearly every AS has a route");
        // Determinism: the same streams draw the same policy and routes.
        auto dev2 = CreateObject<AsPolicyDeviations>();
        dev2->SetAttribute("Fraction", DoubleValue(0.3));
        dev2->AssignStreams(22);
        const AsPolicy q = dev2->Draw(g);
        NS_TEST_ASSERT_MSG_EQ((q.deviating == p.deviating && q.rank == p.rank &&
                               q.prepend == p.prepend && q.noExport == p.noExport),
                              true,
                              "identical seeds, identical policies");
    }
};

/// The suite.
class BgpRouteEngineTestSuite : public TestSuite
{
  public:
    BgpRouteEngineTestSuite()
        : TestSuite("optical-pathpred-bgp", SUITE_UNIT)
    {
        AddTestCase(new TextbookTestCase, TEST_QUICK);
        AddTestCase(new DeviationTestCase, TEST_QUICK);
        AddTestCase(new HijackTestCase, TEST_QUICK);
        AddTestCase(new ReferenceTestCase, TEST_QUICK);
    }
};

BgpRouteEngineTestSuite g_bgpRouteEngineTestSuite; //!< Registers the suite

} // namespace
