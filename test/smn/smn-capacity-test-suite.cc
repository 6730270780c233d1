/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SMN capacity planning: coarse summaries exact on synthetic counters, bad windows refused,
// the planner's exact small case, the fluid log run's conservation and capacity bounds,
// identical seeds identical logs, and windows of one sample giving the fine plan.

#include "../common/optical-test-compat.h"

#include "ns3/enum.h"
#include "ns3/optical-module.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Quantiles, maximum and mean of each window, on counters whose order statistics are known.
class QuantilesTestCase : public TestCase
{
  public:
    QuantilesTestCase()
        : TestCase("coarse log: windows of 1..100 and a short last window 101..110 give GSL's "
                   "interpolated quantiles, the maximum and the mean exactly")
    {
    }

  private:
    void DoRun() override
    {
        FineBandwidthLog fine(Seconds(1), {"ip:a>b", "pair:a>b"}, 1);
        for (int k = 1; k <= 110; ++k)
        {
            fine.Append({static_cast<double>(k), 7.0});
        }
        CoarseBandwidthLog coarse;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(
            CoarseBandwidthLog::Coarsen(fine, Seconds(100), {0.5, 0.95, 0}, coarse, e),
            true,
            e);
        NS_TEST_ASSERT_MSG_EQ(coarse.GetNWindows(), 2, "100 samples and a short window of 10");
        NS_TEST_ASSERT_MSG_EQ(coarse.GetSamplesPerWindow(), 100, "100 samples a window");
        // Order statistics of 1..100: the q quantile is 1 + 99 q.
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(0, 0, 0), 50.5, 1e-5, "median");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(0, 0, 1), 95.05, 1e-5, "0.95");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(0, 0, 2), 1, 1e-6, "0: the minimum");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetMax(0, 0), 100, 1e-6, "max");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetMean(0, 0), 50.5, 1e-5, "mean");
        // 101..110: median 105.5, 0.95 quantile 101 + 9 x 0.95 = 109.55.
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(0, 1, 0), 105.5, 1e-4, "short window");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(0, 1, 1), 109.55, 1e-4, "short window");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetMax(0, 1), 110, 1e-6, "short window max");
        NS_TEST_ASSERT_MSG_EQ_TOL(coarse.GetQuantile(1, 1, 1), 7, 1e-6, "constant series");
        NS_TEST_ASSERT_MSG_EQ(fine.GetNValues(), 220, "2 series x 110 samples");
        NS_TEST_ASSERT_MSG_EQ(coarse.GetNValues(), 2 * 2 * 5, "2 series x 2 windows x 5");
        NS_TEST_ASSERT_MSG_EQ(fine.GetSizeBytes(), 880, "4 bytes a value");
    }
};

/// Windows that do not fit the fine log are refused.
class BadWindowTestCase : public TestCase
{
  public:
    BadWindowTestCase()
        : TestCase("coarse log: a window shorter than the step, or not a multiple of it, and a "
                   "quantile above 1 are refused; the study's Check names the option")
    {
    }

  private:
    void DoRun() override
    {
        FineBandwidthLog fine(Seconds(1), {"x"}, 1);
        fine.Append({1});
        CoarseBandwidthLog coarse;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(CoarseBandwidthLog::Coarsen(fine, MilliSeconds(500), {}, coarse, e),
                              false,
                              "shorter");
        NS_TEST_ASSERT_MSG_NE(e.find("shorter than the fine sampling interval"),
                              std::string::npos,
                              e);
        NS_TEST_ASSERT_MSG_EQ(CoarseBandwidthLog::Coarsen(fine, MilliSeconds(1500), {}, coarse, e),
                              false,
                              "not whole");
        NS_TEST_ASSERT_MSG_NE(e.find("whole number"), std::string::npos, e);
        NS_TEST_ASSERT_MSG_EQ(CoarseBandwidthLog::Coarsen(fine, Seconds(1), {1.2}, coarse, e),
                              false,
                              "quantile");
        SmnCapacityConfig c;
        c.step = Seconds(10);
        c.window = Seconds(5);
        NS_TEST_ASSERT_MSG_NE(SmnCapacityStudy::Check(c).find("--window=5s"),
                              std::string::npos,
                              SmnCapacityStudy::Check(c));
        c.window = Minutes(15);
        c.statistic = "p99";
        NS_TEST_ASSERT_MSG_NE(SmnCapacityStudy::Check(c).find("--statistic=p99"),
                              std::string::npos,
                              SmnCapacityStudy::Check(c));
        c.statistic = "p95";
        NS_TEST_ASSERT_MSG_EQ(SmnCapacityStudy::Check(c), "", "the defaults are fine");
    }
};

/// The planner's exact answer on a triangle.
class PlannerTestCase : public TestCase
{
  public:
    PlannerTestCase()
        : TestCase("planner: 150 Gbps a->b over 100 Gbps fibres takes one unit on each detour "
                   "fibre (cost 2) rather than one on the direct one (cost 5); growth counts")
    {
    }

  private:
    void DoRun() override
    {
        CapacityPlanner::Problem p;
        p.graph.nodes = 3;
        // Fibre 0 a-b (arcs 0, 1), fibre 1 a-c (arcs 2, 3), fibre 2 c-b (arcs 4, 5).
        p.graph.arcs = {{0, 1, 1}, {1, 0, 1}, {0, 2, 1}, {2, 0, 1}, {2, 1, 1}, {1, 2, 1}};
        p.capacity.assign(6, 100);
        p.arcFibre = {0, 0, 1, 1, 2, 2};
        p.unitGbps = {100, 100, 100};
        p.unitCost = {5, 1, 1};
        TeSolver::Commodity k;
        k.src = 0;
        k.dst = 1;
        k.paths = {{0}, {2, 4}};
        p.commodities = {k};
        p.snapshots = {{150}, {120}};
        CapacityPlanner::Plan plan;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(CapacityPlanner::Solve(p, 10, plan, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(plan.status, "optimal", "proven");
        NS_TEST_ASSERT_MSG_EQ(plan.units[0], 0, "not the expensive direct fibre");
        NS_TEST_ASSERT_MSG_EQ(plan.units[1] + plan.units[2], 0, "200 direct + detour: no unit");
        // 250: 100 direct + 100 detour + 50 more: one unit on both detour fibres (cost 2) beats
        // one on the direct fibre (cost 5).
        p.growth = 250.0 / 150.0;
        NS_TEST_ASSERT_MSG_EQ(CapacityPlanner::Solve(p, 10, plan, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(plan.units[0], 0, "direct fibre untouched");
        NS_TEST_ASSERT_MSG_EQ(plan.units[1], 1, "a-c");
        NS_TEST_ASSERT_MSG_EQ(plan.units[2], 1, "c-b");
        NS_TEST_ASSERT_MSG_EQ_TOL(plan.cost, 2, 1e-9, "cost 2");
        // 350: 150 more; two units on the detour (4) against one direct + one detour pair (7)
        // or two direct (10).
        p.growth = 350.0 / 150.0;
        NS_TEST_ASSERT_MSG_EQ(CapacityPlanner::Solve(p, 10, plan, e), true, e);
        NS_TEST_ASSERT_MSG_EQ_TOL(plan.cost, 4, 1e-9, "cost 4");
        CapacityPlanner::Plan other = plan;
        other.units = {1, 0, 0};
        NS_TEST_ASSERT_MSG_EQ_TOL(CapacityPlanner::Agreement(plan, other), 0, 1e-9, "disjoint");
        NS_TEST_ASSERT_MSG_EQ_TOL(CapacityPlanner::Agreement(plan, plan), 100, 1e-9, "same");
        other.units = {1, 1, 0};
        NS_TEST_ASSERT_MSG_EQ_TOL(CapacityPlanner::Agreement(plan, other),
                                  100.0 / 3,
                                  1e-9,
                                  "one of three");
        p.maxUnits = 0;
        NS_TEST_ASSERT_MSG_EQ(CapacityPlanner::Solve(p, 10, plan, e), false, "no units allowed");
        NS_TEST_ASSERT_MSG_NE(e.find("infeasible"), std::string::npos, e);
    }
};

/// The fluid log run on a triangle of rate-adaptive links.
class LogRunTestCase : public TestCase
{
  public:
    LogRunTestCase()
        : TestCase("log run: no arc above its capacity, carried <= offered, carried = offered "
                   "and arc bytes = pair bytes x hops when nothing is loaded; same seed, same "
                   "log; growth (1.4 after 365 days)")
    {
    }

    /// Runs 10 minutes at 1 s on a triangle with \p gbps per pair; returns the run.
    Ptr<BandwidthLogRun> Run(double gbps, int64_t stream)
    {
        WanTopology t;
        std::string e;
        for (const char* n : {"a", "b", "c"})
        {
            WanTopology::Site s;
            s.name = n;
            t.AddSite(s);
        }
        NS_ABORT_MSG_IF(!t.AddFibre(0, 1, 100, e), e);
        NS_ABORT_MSG_IF(!t.AddFibre(1, 2, 100, e), e);
        NS_ABORT_MSG_IF(!t.AddFibre(0, 2, 100, e), e);
        RateAdaptiveWanHelper helper;
        NS_ABORT_MSG_IF(!helper.GetLinkHelper().SetModes("radwan", e), e);
        helper.GetLinkHelper().SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        helper.SetWavelengths(1);
        RateAdaptiveWan wan;
        NS_ABORT_MSG_IF(!helper.Build(t, 1, wan, e), e);
        SnrTimeSeries::Sample s;
        s.snrDb = 20;
        for (auto& l : wan.links)
        {
            l->SetSamples({s});
            l->Start(Minutes(10));
        }
        std::vector<TrafficMatrix::Demand> demands;
        for (uint32_t i = 0; i < 3; ++i)
        {
            for (uint32_t j = 0; j < 3; ++j)
            {
                if (i != j)
                {
                    demands.push_back({i, j, gbps});
                }
            }
        }
        std::vector<TeSolver::Commodity> commodities;
        NS_ABORT_MSG_IF(
            !RateAdaptiveWanHelper::MakeCommodities(wan, demands, "ksp", 2, commodities, e),
            e);
        std::vector<std::string> arcs;
        for (std::size_t a = 0; a < wan.graph.arcs.size(); ++a)
        {
            arcs.push_back("arc" + std::to_string(a));
        }
        std::vector<std::string> pairs;
        for (std::size_t c = 0; c < commodities.size(); ++c)
        {
            pairs.push_back("pair" + std::to_string(c));
        }
        Ptr<BandwidthLogRun> run = CreateObject<BandwidthLogRun>();
        run->SetAttribute("Noise", DoubleValue(0.3));
        run->SetAttribute("NoiseCorrelation", DoubleValue(0.9));
        run->SetAttribute("TeInterval", TimeValue(Minutes(1)));
        run->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths, arcs);
        run->SetDemands(commodities, pairs);
        run->AssignStreams(stream);
        run->Start(Minutes(10));
        Simulator::Stop(Minutes(10));
        Simulator::Run();
        Simulator::Destroy();
        return run;
    }

  private:
    void DoRun() override
    {
        // The static rate (100 Gb/s at 20 dB in the radwan table) is each arc's capacity.
        Ptr<BandwidthLogRun> heavy = Run(150, 3);
        const FineBandwidthLog& log = heavy->GetLog();
        NS_TEST_ASSERT_MSG_EQ(log.GetNSamples(), 600, "600 samples of 1 s");
        NS_TEST_ASSERT_MSG_EQ(log.GetNSeries(), 12, "6 arcs + 6 pairs");
        double peak = 0;
        for (uint32_t a = 0; a < 6; ++a)
        {
            for (uint32_t k = 0; k < log.GetNSamples(); ++k)
            {
                peak = std::max(peak, log.Get(a, k));
            }
        }
        NS_TEST_ASSERT_MSG_LT_OR_EQ(peak, 100 * (1 + 1e-6), "no arc above its capacity");
        NS_TEST_ASSERT_MSG_GT(peak, 99, "and overloaded arcs full");
        NS_TEST_ASSERT_MSG_LT(heavy->GetCarriedBytes(), heavy->GetOfferedBytes(), "drops");

        Ptr<BandwidthLogRun> light = Run(5, 3);
        NS_TEST_ASSERT_MSG_EQ_TOL(light->GetCarriedBytes() / light->GetOfferedBytes(),
                                  1,
                                  1e-12,
                                  "all carried when nothing is loaded");
        double arcGbps = 0;
        double pairGbps = 0;
        const FineBandwidthLog& l = light->GetLog();
        for (uint32_t k = 0; k < l.GetNSamples(); ++k)
        {
            for (uint32_t a = 0; a < 6; ++a)
            {
                arcGbps += l.Get(a, k);
            }
            for (uint32_t p = 6; p < 12; ++p)
            {
                pairGbps += l.Get(p, k);
            }
        }
        // Light load: the TE routes every pair on its direct fibre (one hop).
        NS_TEST_ASSERT_MSG_EQ_TOL(arcGbps / pairGbps, 1, 1e-5, "arc bytes = pair bytes x 1 hop");
        NS_TEST_ASSERT_MSG_EQ_TOL(pairGbps * 1e9 / 8, light->GetOfferedBytes(), 1e3, "offered");

        Ptr<BandwidthLogRun> again = Run(5, 3);
        Ptr<BandwidthLogRun> other = Run(5, 4);
        bool same = true;
        bool differs = false;
        for (uint32_t k = 0; k < l.GetNSamples(); ++k)
        {
            same = same && again->GetLog().Get(6, k) == l.Get(6, k);
            differs = differs || other->GetLog().Get(6, k) != l.Get(6, k);
        }
        NS_TEST_ASSERT_MSG_EQ(same, true, "identical seeds, identical logs");
        NS_TEST_ASSERT_MSG_EQ(differs, true, "another stream, another log");
        NS_TEST_ASSERT_MSG_EQ_TOL(BandwidthLogRun::GrowthFactor(0.4, Days(365)),
                                  1.4,
                                  1e-12,
                                  "a year of 40%");
    }
};

/// With windows of one sample the coarse plan is the fine plan.
class OneSampleWindowTestCase : public TestCase
{
  public:
    OneSampleWindowTestCase()
        : TestCase("study: with windows of one fine sample the coarse plan equals the fine plan "
                   "(B4, 2 h at 10 s steps)")
    {
    }

  private:
    void DoRun() override
    {
        SmnCapacityConfig c;
        c.topology = "b4";
        c.duration = Hours(2);
        c.step = Seconds(10);
        c.window = Seconds(10);
        c.teInterval = Minutes(10);
        c.load = 0.9;
        c.snapshots = 4;
        for (const std::string stat : {"p95", "max", "mean"})
        {
            c.statistic = stat;
            SmnCapacityOutcome out;
            std::string e;
            NS_TEST_ASSERT_MSG_EQ(SmnCapacityStudy::Run(c, out, e), true, e);
            NS_TEST_ASSERT_MSG_GT(out.finePlan.cost, 0, "load 0.9 at the peak needs capacity");
            NS_TEST_ASSERT_MSG_EQ((out.finePlan.units == out.coarsePlan.units),
                                  true,
                                  stat << ": the same units on every fibre");
            NS_TEST_ASSERT_MSG_EQ_TOL(out.planAgreementPct, 100, 1e-9, stat);
            NS_TEST_ASSERT_MSG_EQ_TOL(out.fineCarriedPct, out.coarseCarriedPct, 1e-9, stat);
            // Summaries of one sample are that sample, and keep 4 values for 1: the coarse log is
            // 4 times the fine one (p50, p95, max, mean).
            NS_TEST_ASSERT_MSG_EQ_TOL(out.logSizeRatio, 0.25, 1e-12, stat);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(out.fineCarriedPct, out.noPlanCarriedPct, stat);
        }
    }
};

/// The suite.
class SmnCapacityTestSuite : public TestSuite
{
  public:
    SmnCapacityTestSuite()
        : TestSuite("optical-smn-capacity", SUITE_UNIT)
    {
        AddTestCase(new QuantilesTestCase, TEST_QUICK);
        AddTestCase(new BadWindowTestCase, TEST_QUICK);
        AddTestCase(new PlannerTestCase, TEST_QUICK);
        AddTestCase(new LogRunTestCase, TEST_QUICK);
        AddTestCase(new OneSampleWindowTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
SmnCapacityTestSuite g_smnCapacityTestSuite;

} // namespace
