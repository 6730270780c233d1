/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TE-acceleration study: the LP against itself, the diurnal series' closed form, identical
// seeds, failures, the certifying solve, bad input; and TeController running every method at
// flow level.

#include "../../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/flow-network.h"
#include "ns3/optical-module.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Runs the study; aborts on error.
TeAccelerationOutcome
RunStudy(const TeAccelerationConfig& c)
{
    std::string error;
    Ptr<TeMethod> m = TeMethod::Create(c.method, error);
    NS_ABORT_MSG_IF(!m, error);
    TeAccelerationOutcome out;
    NS_ABORT_MSG_IF(!TeAccelerationStudy::Run(c, m, out, error), error);
    return out;
}

/// The LP against the LP: same matrices, same answers.
class LpAgainstItselfTestCase : public TestCase
{
  public:
    LpAgainstItselfTestCase()
        : TestCase("study: the LP as the method equals the LP baseline (quality 1), B4 at "
                   "load 1 cannot carry everything, allocations feasible")
    {
    }

  private:
    void DoRun() override
    {
        TeAccelerationConfig c;
        c.topology = "b4";
        c.method = "lp";
        c.intervals = 2;
        const auto out = RunStudy(c);
        NS_TEST_ASSERT_MSG_EQ(out.nodes, 12, "B4 nodes");
        NS_TEST_ASSERT_MSG_EQ(out.arcs, 38, "B4 arcs");
        NS_TEST_ASSERT_MSG_EQ(out.commodities, 132, "every ordered pair of 12 nodes");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.qualityVsLp, 1.0, 1e-9, "same LP, same throughput");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.satisfiedPct, out.lpSatisfiedPct, 1e-7, "same %");
        NS_TEST_ASSERT_MSG_LT(out.lpSatisfiedPct, 100.0, "load 1 of gravity overloads arcs");
        NS_TEST_ASSERT_MSG_GT(out.lpSatisfiedPct, 50.0, "but most demand fits");
        NS_TEST_ASSERT_MSG_EQ(out.feasible, true, "feasible");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(out.maxUtilisation, 1.0 + 1e-9, "within capacity");
        NS_TEST_ASSERT_MSG_EQ(out.intervals.size(), 2, "two intervals");
    }
};

/// The diurnal series: with no noise, interval k is the base times 1 + A cos(2 pi (t - peak)/T).
class DiurnalTestCase : public TestCase
{
  public:
    DiurnalTestCase()
        : TestCase("study: without noise the offered volume follows 1 + 0.3 cos(2 pi (t - "
                   "14h) over 24h exactly (peak 1.3, trough 0.7)")
    {
    }

  private:
    void DoRun() override
    {
        TeAccelerationConfig c;
        c.topology = "b4";
        c.method = "pop";
        c.intervals = 3;
        c.interval = Hours(6);
        c.start = Hours(14);
        c.noise = 0;
        c.compareLp = false;
        const auto out = RunStudy(c);
        const double peak = out.intervals[0].demandGbps;
        NS_TEST_ASSERT_MSG_EQ_TOL(out.intervals[1].demandGbps / peak, 1.0 / 1.3, 1e-12, "20h");
        NS_TEST_ASSERT_MSG_EQ_TOL(out.intervals[2].demandGbps / peak, 0.7 / 1.3, 1e-12, "2h");
        NS_TEST_ASSERT_MSG_EQ(out.lpSatisfiedPct, 0.0, "no LP asked");
    }
};

/// Identical seeds give identical results; another run number another series.
class SeedsTestCase : public TestCase
{
  public:
    SeedsTestCase()
        : TestCase("study: identical seeds give identical allocations (admm, 2 threads); "
                   "another --RngRun draws other noise and failures")
    {
    }

  private:
    void DoRun() override
    {
        TeAccelerationConfig c;
        c.topology = "b4";
        c.method = "admm";
        c.threads = 2;
        c.intervals = 3;
        c.failures = 2;
        c.compareLp = false;
        const uint64_t run = RngSeedManager::GetRun();
        const auto a = RunStudy(c);
        const auto b = RunStudy(c);
        RngSeedManager::SetRun(run + 1);
        const auto other = RunStudy(c);
        RngSeedManager::SetRun(run);
        for (std::size_t k = 0; k < a.intervals.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(a.intervals[k].carriedGbps,
                                  b.intervals[k].carriedGbps,
                                  "interval " << k << ": bit-identical");
            NS_TEST_ASSERT_MSG_EQ(a.intervals[k].demandGbps,
                                  b.intervals[k].demandGbps,
                                  "interval " << k);
            NS_TEST_ASSERT_MSG_EQ(a.intervals[k].failedLinks, 2, "two links down");
        }
        NS_TEST_ASSERT_MSG_NE(a.intervals[0].demandGbps,
                              other.intervals[0].demandGbps,
                              "another run, other noise");
        NS_TEST_ASSERT_MSG_EQ(a.feasible && other.feasible, true, "feasible");
    }
};

/// The certifying ADMM: a bound on the LP's optimum when the LP stops at its limit.
class CertifyTestCase : public TestCase
{
  public:
    CertifyTestCase()
        : TestCase("study: with the LP stopped at once, a 2000-iteration certifying admm proves "
                   "ncflow's quality from below within 0.5% of its true value (from the LP run "
                   "to optimality) and never above it; with the LP optimal it does not run")
    {
    }

  private:
    void DoRun() override
    {
        TeAccelerationConfig c;
        c.topology = "b4";
        c.method = "ncflow";
        c.intervals = 2;
        c.certifyIterations = 2000;
        const auto exact = RunStudy(c);
        NS_TEST_ASSERT_MSG_EQ(exact.lpOptimal, true, "no limit: the LP is optimal");
        NS_TEST_ASSERT_MSG_EQ(exact.certifyS, 0.0, "nothing to certify");
        NS_TEST_ASSERT_MSG_EQ_TOL(exact.qualityLowerBound,
                                  exact.qualityVsLp,
                                  1e-12,
                                  "the LP's optimum is the bound");
        const double truth = exact.qualityVsLp;
        NS_TEST_ASSERT_MSG_LT(truth, 0.999, "ncflow below the LP on B4 (else nothing to see)");

        c.lpTimeLimit = NanoSeconds(1);
        const auto stopped = RunStudy(c);
        NS_TEST_ASSERT_MSG_EQ(stopped.lpOptimal, false, "the LP stopped");
        NS_TEST_ASSERT_MSG_GT(stopped.certifyS, 0.0, "the certifier ran");
        NS_TEST_ASSERT_MSG_EQ(stopped.satisfiedPct, exact.satisfiedPct, "same ncflow answers");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(stopped.qualityLowerBound,
                                    truth * (1 + 1e-9),
                                    "a lower bound on the quality");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(stopped.qualityLowerBound, truth - 0.005, "within 0.5% of it");
    }
};

/// Bad input: clear errors before anything runs.
class BadInputTestCase : public TestCase
{
  public:
    BadInputTestCase()
        : TestCase("study: zero threads, too many certifying iterations, an unknown method, too "
                   "many failures, a demand between unknown nodes and a disconnected topology "
                   "are refused by name")
    {
    }

  private:
    void DoRun() override
    {
        TeAccelerationConfig c;
        c.topology = "b4";
        c.threads = 0;
        NS_TEST_ASSERT_MSG_NE(TeAccelerationStudy::Check(c).find("--threads=0"),
                              std::string::npos,
                              TeAccelerationStudy::Check(c));
        c.threads = 1;
        c.certifyIterations = 2000000;
        NS_TEST_ASSERT_MSG_NE(TeAccelerationStudy::Check(c).find("--certify=2000000: at most"),
                              std::string::npos,
                              TeAccelerationStudy::Check(c));
        c.certifyIterations = 0;
        c.method = "simplex";
        NS_TEST_ASSERT_MSG_NE(TeAccelerationStudy::Check(c).find("allowed: lp, pop, ncflow, "
                                                                 "admm, learned"),
                              std::string::npos,
                              TeAccelerationStudy::Check(c));
        c.method = "pop";
        c.failures = 1000;
        std::string error;
        TeAccelerationOutcome out;
        NS_TEST_ASSERT_MSG_EQ(
            TeAccelerationStudy::Run(c, TeMethod::Create("pop", error), out, error),
            false,
            "too many failures");
        NS_TEST_ASSERT_MSG_NE(error.find("the topology has 19 links"), std::string::npos, error);

        // A demand between unknown nodes.
        const std::string demands = CreateTempDirFilename("te-demands.csv");
        {
            std::ofstream f(demands);
            f << "src,dst,gbps\n0,1,10\n0,42,5\n";
        }
        c.failures = 0;
        c.demandsFile = demands;
        NS_TEST_ASSERT_MSG_EQ(
            TeAccelerationStudy::Run(c, TeMethod::Create("pop", error), out, error),
            false,
            "unknown node");
        NS_TEST_ASSERT_MSG_NE(error.find("names node '42'"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find(":3:"), std::string::npos, "file:line: " << error);
        std::remove(demands.c_str());

        // A disconnected topology: two pairs of nodes.
        const std::string json = CreateTempDirFilename("te-disconnected.json");
        {
            std::ofstream f(json);
            f << R"({"directed": true, "nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"},
                   {"id": "d"}], "links": [{"source": "a", "target": "b", "capacity": 10},
                   {"source": "b", "target": "a", "capacity": 10},
                   {"source": "c", "target": "d", "capacity": 10},
                   {"source": "d", "target": "c", "capacity": 10}]})";
        }
        TeTopology t;
        NS_TEST_ASSERT_MSG_EQ(TeTopology::Load(json, t, error), false, "disconnected");
        NS_TEST_ASSERT_MSG_NE(error.find("disconnected: node 'a' cannot reach node 'c'"),
                              std::string::npos,
                              error);
        std::remove(json.c_str());
    }
};

/// TeController at flow level with each accelerated method on a triangle of static links.
class ControllerMethodsTestCase : public TestCase
{
  public:
    /// \param [in] method The TE method
    explicit ControllerMethodsTestCase(const std::string& method)
        : TestCase("TeController Method=" + method +
                   ": 150 Gbps a->b over two 100G paths carried whole (the optimum), then "
                   "100 after the direct link fails; bytes conserved"),
          m_method(method)
    {
    }

  private:
    void DoRun() override
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
        helper.GetLinkHelper().SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        RateAdaptiveWan wan;
        NS_ABORT_MSG_IF(!helper.Build(t, 1, wan, error), error);
        SnrTimeSeries::Sample ok;
        ok.snrDb = 10;
        SnrTimeSeries::Sample low = ok;
        low.time = Minutes(10);
        low.snrDb = 5;
        wan.links[0]->SetSamples({ok, low});
        wan.links[1]->SetSamples({ok});
        wan.links[2]->SetSamples({ok});
        std::vector<TeSolver::Commodity> commodities;
        NS_ABORT_MSG_IF(!RateAdaptiveWanHelper::MakeCommodities(wan,
                                                                {{0, 1, 150}},
                                                                "ksp",
                                                                4,
                                                                commodities,
                                                                error),
                        error);
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(wan.topology);
        Ptr<TeController> te = CreateObject<TeController>();
        te->SetAttribute("Interval", TimeValue(Minutes(5)));
        te->SetAttribute("Method", StringValue(m_method));
        te->SetAttribute("Threads", UintegerValue(2));
        te->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths);
        te->SetCommodities(commodities);
        NS_TEST_ASSERT_MSG_EQ(te->GetMethod()->GetName(), m_method, "the method asked for");
        NS_TEST_ASSERT_MSG_EQ(te->CheckSettings(error), true, error);
        std::vector<double> throughput;
        double offered = 0;
        te->SetInstaller([&](const TeSolver::Solution& s, Time dt) {
            throughput.push_back(s.throughput);
            offered += RateAdaptiveWanHelper::InstallFlows(net, commodities, s, dt);
        });
        for (auto& l : wan.links)
        {
            l->Start(Seconds(0));
        }
        Schedule(Seconds(0), [te]() { te->Start(); });
        Schedule(Minutes(20) - Seconds(1), [te]() { te->Stop(); });
        Simulator::Stop(Minutes(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(throughput.size(), 4, "4 solves");
        // Up to the repair's last relative 1e-12 of each arc.
        NS_TEST_ASSERT_MSG_EQ_TOL(throughput[0], 150, 1e-6, "both paths");
        NS_TEST_ASSERT_MSG_EQ_TOL(throughput[1], 150, 1e-6, "both paths");
        NS_TEST_ASSERT_MSG_EQ_TOL(throughput[2], 100, 1e-6, "detour only");
        NS_TEST_ASSERT_MSG_EQ_TOL(throughput[3], 100, 1e-6, "detour only");
        NS_TEST_ASSERT_MSG_EQ_TOL(net->GetBytesSent(), offered, 1, "bytes in = bytes out");
        Simulator::Destroy();

        // The graph abstraction is for lp and pop only.
        Ptr<TeController> abs = CreateObject<TeController>();
        abs->SetAttribute("Method", StringValue(m_method));
        abs->SetAttribute("Abstraction", BooleanValue(true));
        const bool fits = m_method == "lp" || m_method == "pop";
        NS_TEST_ASSERT_MSG_EQ(abs->CheckSettings(error), fits, "abstraction with " << m_method);
    }

    std::string m_method; //!< The method
};

/// The suite.
class TeAccelerationStudyTestSuite : public TestSuite
{
  public:
    TeAccelerationStudyTestSuite()
        : TestSuite("optical-wan-te-acceleration", SUITE_UNIT)
    {
        AddTestCase(new LpAgainstItselfTestCase, TEST_QUICK);
        AddTestCase(new DiurnalTestCase, TEST_QUICK);
        AddTestCase(new SeedsTestCase, TEST_QUICK);
        AddTestCase(new CertifyTestCase, TEST_QUICK);
        AddTestCase(new BadInputTestCase, TEST_QUICK);
        for (const char* m : {"lp", "pop", "ncflow", "admm", "learned"})
        {
            AddTestCase(new ControllerMethodsTestCase(m), TEST_QUICK);
        }
    }
};

/// Registers the suite.
TeAccelerationStudyTestSuite g_teAccelerationStudyTestSuite;

} // namespace
