/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Predictors: the valley-free shortest path and the policy simulation on a hand-made graph,
// segment splicing on a hand-made atlas (expected path), learned preferences fixing a
// deviation, the policy predictor 100% exact with the true graph and no deviations, more
// vantage points more exact splices, determinism, the within-one-hop rule, bad settings.

#include "../common/optical-test-compat.h"
#include "pathpred-test-graphs.h"

#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::pathpredtest;
using namespace ns3::optical::compat;

namespace
{

using Path = std::vector<uint32_t>;

/// Valley-free shortest and policy paths on a hand-made graph.
class ValleyFreeTestCase : public TestCase
{
  public:
    ValleyFreeTestCase()
        : TestCase("valley-free predictor: 1 -> 100 takes the 2-hop provider path where policy "
                   "takes the 3-hop customer one; no valley-free path from 8 (a peer of a "
                   "peer-routed AS)")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g = MakeGraph({{1, 2, -1},
                                     {2, 3, -1},
                                     {3, 100, -1},
                                     {4, 1, -1},
                                     {4, 100, -1},
                                     {5, 6, 0},
                                     {6, 100, -1},
                                     {8, 5, 0}});
        ValleyFreePredictor vf(g);
        PolicyPredictor policy(g);
        const uint32_t d = g.IndexOf(100);
        NS_TEST_ASSERT_MSG_EQ((Asns(g, vf.Predict(g.IndexOf(1), d)) == Path{1, 4, 100}),
                              true,
                              "shortest valley-free");
        NS_TEST_ASSERT_MSG_EQ((Asns(g, policy.Predict(g.IndexOf(1), d)) == Path{1, 2, 3, 100}),
                              true,
                              "customer route");
        NS_TEST_ASSERT_MSG_EQ((Asns(g, vf.Predict(g.IndexOf(5), d)) == Path{5, 6, 100}),
                              true,
                              "over the peer");
        NS_TEST_ASSERT_MSG_EQ(vf.Predict(g.IndexOf(8), d).empty(), true, "no valley-free path");
        NS_TEST_ASSERT_MSG_EQ(policy.Predict(g.IndexOf(8), d).empty(), true, "no route");
    }
};

/// Splicing on a hand-made atlas.
class SegmentTestCase : public TestCase
{
  public:
    SegmentTestCase()
        : TestCase("segment splicing: 10 -> 14 joins the reversed path 1..10 at 12 with the "
                   "suffix 12 13 14 (5 ASes), not the 6-AS splice at 17; 15 -> 14 is its "
                   "observed suffix")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g = MakeGraph({{12, 11, -1},
                                     {11, 10, -1},
                                     {12, 13, -1},
                                     {13, 14, -1},
                                     {12, 1, -1},
                                     {15, 2, -1},
                                     {12, 15, -1},
                                     {16, 10, -1},
                                     {17, 16, -1},
                                     {17, 2, -1},
                                     {17, 1, -1},
                                     {17, 18, -1},
                                     {18, 13, -1}});
        const auto atlas = PathAtlas::FromPaths(g.GetN(),
                                                Indices(g, {1, 2}),
                                                {Indices(g, {1, 12, 11, 10}),
                                                 Indices(g, {2, 17, 16, 10}),
                                                 Indices(g, {2, 15, 12, 13, 14}),
                                                 Indices(g, {1, 17, 18, 13, 14})});
        SegmentPredictor seg(g, atlas);
        NS_TEST_ASSERT_MSG_EQ(
            (Asns(g, seg.Predict(g.IndexOf(10), g.IndexOf(14))) == Path{10, 11, 12, 13, 14}),
            true,
            "the shortest splice");
        NS_TEST_ASSERT_MSG_EQ(
            (Asns(g, seg.Predict(g.IndexOf(15), g.IndexOf(14))) == Path{15, 12, 13, 14}),
            true,
            "an observed suffix");
        NS_TEST_ASSERT_MSG_EQ(seg.GetFallbacks(), 0, "no fallback");
        // Toward an AS nobody measured: the valley-free fallback.
        NS_TEST_ASSERT_MSG_EQ(
            (Asns(g, seg.Predict(g.IndexOf(10), g.IndexOf(18))) == Path{10, 16, 17, 18}),
            true,
            "fallback path");
        NS_TEST_ASSERT_MSG_EQ(seg.GetFallbacks(), 1, "one fallback");
    }
};

/// Learned preferences fix a local-preference deviation.
class LearnedTestCase : public TestCase
{
  public:
    LearnedTestCase()
        : TestCase("learned preferences: 11 truly prefers 7 over 4; observed paths 11 7 100 and "
                   "4 100 (4 offers its route) make the learned predictor give 20 11 7 100 "
                   "where the textbook gives 20 11 4 100")
    {
    }

  private:
    void DoRun() override
    {
        const AsGraph g =
            MakeGraph({{4, 100, -1}, {7, 100, -1}, {4, 11, -1}, {7, 11, -1}, {11, 20, -1}});
        AsPolicy truthPolicy;
        truthPolicy.Reset(g);
        truthPolicy.rank[g.FindSlot(g.IndexOf(11), g.IndexOf(4))] = 1;
        truthPolicy.deviating.push_back(g.IndexOf(11));
        AsRoutes truth;
        BgpRouteEngine(g, &truthPolicy).Compute(g.IndexOf(100), truth);
        NS_TEST_ASSERT_MSG_EQ((Asns(g, truth.Path(g.IndexOf(20))) == Path{20, 11, 7, 100}),
                              true,
                              "truth");
        const auto atlas =
            PathAtlas::Measure(g, truthPolicy, {g.IndexOf(11), g.IndexOf(4)}, {g.IndexOf(100)});
        NS_TEST_ASSERT_MSG_EQ(atlas.GetPathCount(), 2, "two observations");
        PolicyPredictor policy(g);
        LearnedPolicyPredictor learned(g, atlas);
        const uint32_t s = g.IndexOf(20);
        const uint32_t d = g.IndexOf(100);
        NS_TEST_ASSERT_MSG_EQ((Asns(g, policy.Predict(s, d)) == Path{20, 11, 4, 100}),
                              true,
                              "textbook");
        NS_TEST_ASSERT_MSG_EQ((Asns(g, learned.Predict(s, d)) == Path{20, 11, 7, 100}),
                              true,
                              "learned");
        NS_TEST_ASSERT_MSG_EQ(learned.GetLearnedAses(), 1, "one AS learned");
        NS_TEST_ASSERT_MSG_EQ(learned.GetAddedLinks(), 0, "no link missing");
    }
};

/// The study's scores.
class StudyTestCase : public TestCase
{
  public:
    StudyTestCase()
        : TestCase("study on 3,000 ASes: the policy predictor with the true graph and no "
                   "deviations is 100% exact (and right on avoidance and relays); with 30% "
                   "deviating ASes it is not; 60 vantage points splice more exactly than 2; "
                   "identical seeds give identical scores")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        PathPredictionConfig c;
        c.net.ases = 3000;
        c.net.deviations = 0;
        c.net.misinferred = 0;
        c.queries = 400;
        c.vantagePoints = 10;
        c.relays = 10;
        c.torClients = 20;
        c.predictor = "policy";
        PathPredictionOutcome out;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(PathPredictionStudy::Run(c, out, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(out.scored, 400, "every query has a route");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.exactPct, 100, 1e-9, "exact");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.withinOneHopPct, 100, 1e-9, "within one hop");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.avoidanceCorrectPct, 100, 1e-9, "avoidance");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.safeRelaysCorrectPct, 100, 1e-9, "relays");

        c.net.deviations = 0.3;
        NS_TEST_ASSERT_MSG_EQ(PathPredictionStudy::Run(c, out, error), true, error);
        NS_TEST_ASSERT_MSG_LT(out.exactPct, 99.0, "deviations make the textbook wrong");
        const double deviated = out.exactPct;
        PathPredictionOutcome again;
        NS_TEST_ASSERT_MSG_EQ(PathPredictionStudy::Run(c, again, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(again.exactPct, deviated, "identical seeds");
        NS_TEST_ASSERT_MSG_EQ(again.avoidanceCorrectPct, out.avoidanceCorrectPct, "identical");

        c.predictor = "segments";
        c.vantagePoints = 2;
        PathPredictionOutcome few;
        NS_TEST_ASSERT_MSG_EQ(PathPredictionStudy::Run(c, few, error), true, error);
        c.vantagePoints = 60;
        PathPredictionOutcome many;
        NS_TEST_ASSERT_MSG_EQ(PathPredictionStudy::Run(c, many, error), true, error);
        NS_TEST_ASSERT_MSG_GT(many.exactPct, few.exactPct, "more monitors, more exact");
    }
};

/// The within-one-hop rule and bad settings.
class RulesTestCase : public TestCase
{
  public:
    RulesTestCase()
        : TestCase("within one hop: one AS replaced, inserted or removed; bad settings name "
                   "their value (vantage points above the ASes, attacker = victim, a "
                   "predictor that cannot predict hijacks)")
    {
    }

  private:
    void DoRun() override
    {
        auto within = &PathPredictionStudy::WithinOneHop;
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 2, 3}), true, "equal");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 5, 3}), true, "replaced");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 2, 4, 3}), true, "inserted");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 4, 3}, {1, 4, 3}), true, "removed");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 5, 6}), false, "two replaced");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 3, 2}), false, "swapped");
        NS_TEST_ASSERT_MSG_EQ(within({1, 2, 3}, {1, 2, 3, 4, 5}), false, "two inserted");

        PathPredictionConfig c;
        c.net.ases = 100;
        c.vantagePoints = 150;
        const auto e1 = PathPredictionStudy::Check(c);
        NS_TEST_ASSERT_MSG_NE(e1.find("--vantagePoints=150"), std::string::npos, e1);
        NS_TEST_ASSERT_MSG_NE(e1.find("100 ASes"), std::string::npos, e1);
        HijackConfig h;
        h.attacker = "64500";
        h.victim = "64500";
        const auto e2 = HijackStudy::Check(h);
        NS_TEST_ASSERT_MSG_NE(e2.find("--attacker=64500 is also the victim"),
                              std::string::npos,
                              e2);
        h.victim = "stub";
        h.predictor = "segments";
        const auto e3 = HijackStudy::Check(h);
        NS_TEST_ASSERT_MSG_NE(e3.find("--predictor=segments"), std::string::npos, e3);
        h.predictor = "policy";
        h.attacker = "tier9";
        NS_TEST_ASSERT_MSG_NE(HijackStudy::Check(h).find("--attacker=tier9"),
                              std::string::npos,
                              "unknown attacker");
        h.attacker = "4294967";
        h.net.ases = 200;
        HijackOutcome out;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(HijackStudy::Run(h, out, error), false, "not in the graph");
        NS_TEST_ASSERT_MSG_NE(error.find("AS 4294967 is not in the graph"),
                              std::string::npos,
                              error);
    }
};

/// The suite.
class PathPredictorTestSuite : public TestSuite
{
  public:
    PathPredictorTestSuite()
        : TestSuite("optical-pathpred-predictors", SUITE_UNIT)
    {
        AddTestCase(new ValleyFreeTestCase, TEST_QUICK);
        AddTestCase(new SegmentTestCase, TEST_QUICK);
        AddTestCase(new LearnedTestCase, TEST_QUICK);
        AddTestCase(new StudyTestCase, TEST_QUICK);
        AddTestCase(new RulesTestCase, TEST_QUICK);
    }
};

PathPredictorTestSuite g_pathPredictorTestSuite; //!< Registers the suite

} // namespace
