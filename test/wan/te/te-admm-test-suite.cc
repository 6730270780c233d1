/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TeAdmmMethod: hand optima, the LP's optimum on B4 and a 30-site WAN, identical results for
// any thread count, the warm start and the initial flows.

#include "../../common/optical-test-compat.h"
#include "te-test-problems.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/optical-module.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>

using namespace ns3;
using namespace ns3::te_test;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// The method with its DoAllocate open, to see ADMM's answer before TeMethod's repair.
class RawAdmm : public TeAdmmMethod
{
  public:
    /**
     * \brief DoAllocate without the repair.
     * \param [in] g Graph
     * \param [in] p Problem
     * \param [out] out ADMM's flows
     * \return true on success
     */
    bool Raw(const TeGraph& g, const TeSolver::Problem& p, TeSolver::Solution& out)
    {
        std::string error;
        return DoAllocate(g, p, out, error);
    }
};

/// \return an admm method with \p threads threads and \p iterations iterations
Ptr<TeAdmmMethod>
Admm(uint32_t threads, uint32_t iterations = 2000, double tolerance = 1e-4)
{
    Ptr<TeAdmmMethod> m = CreateObject<TeAdmmMethod>();
    m->SetAttribute("Threads", UintegerValue(threads));
    m->SetAttribute("MaxIterations", UintegerValue(iterations));
    m->SetAttribute("Tolerance", DoubleValue(tolerance));
    return m;
}

/// Hand optima: ADMM's own answer (before repair) is the LP's, in closed form.
class HandTestCase : public TestCase
{
  public:
    HandTestCase()
        : TestCase("admm before repair on hand problems: two demands of 8 on one arc of 10 share "
                   "it 5 and 5; a two-path demand and a one-path demand on three arcs reach the "
                   "unique optimum 3 + 1 and 4")
    {
    }

  private:
    void DoRun() override
    {
        {
            // One arc of capacity 10, two commodities of demand 8 over it: optimum 10, and by
            // symmetry (ADMM's iterates stay symmetric) 5 each.
            TeGraph g;
            g.nodes = 2;
            g.arcs = {{0, 1, 1}};
            TeSolver::Problem p;
            p.capacity = {10};
            p.commodities = {{0, 1, 8, {{0}}}, {0, 1, 8, {{0}}}};
            Ptr<RawAdmm> m = CreateObject<RawAdmm>();
            m->SetAttribute("Tolerance", DoubleValue(1e-6));
            m->SetAttribute("MaxIterations", UintegerValue(5000));
            TeSolver::Solution s;
            NS_TEST_ASSERT_MSG_EQ(m->Raw(g, p, s), true, "raw solve");
            NS_TEST_EXPECT_MSG_EQ(m->GetLastStats().converged, true, "converged");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 5, 1e-3, "first half");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[1][0], 5, 1e-3, "second half");
        }
        {
            // Arcs 0->1 (arc 0, 5), 1->2 (arc 1, 5), 0->2 (arc 2, 3); 0->2 demands 10 over
            // {0, 1} and {2}, 1->2 demands 4 over {1}. Max flow 8 with the tie-break (shorter
            // path first): 0->2 takes arc 2's 3, 1->2 its 4, 0->2's long path the 1 left on
            // arc 1.
            TeGraph g;
            g.nodes = 3;
            g.arcs = {{0, 1, 1}, {1, 2, 1}, {0, 2, 1}};
            TeSolver::Problem p;
            p.capacity = {5, 5, 3};
            p.commodities = {{0, 2, 10, {{0, 1}, {2}}}, {1, 2, 4, {{1}}}};
            p.tieBreak = 0.05;
            Ptr<RawAdmm> m = CreateObject<RawAdmm>();
            m->SetAttribute("Tolerance", DoubleValue(1e-7));
            m->SetAttribute("MaxIterations", UintegerValue(20000));
            TeSolver::Solution s;
            NS_TEST_ASSERT_MSG_EQ(m->Raw(g, p, s), true, "raw solve");
            NS_TEST_EXPECT_MSG_EQ(m->GetLastStats().converged, true, "converged");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][1], 3, 1e-3, "0->2 direct");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 1, 1e-3, "0->2 over node 1");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[1][0], 4, 1e-3, "1->2");
            // A down arc: the path over it carries nothing and the other is used.
            p.capacity = {5, 5, 0};
            NS_TEST_ASSERT_MSG_EQ(m->Raw(g, p, s), true, "raw solve, arc 2 down");
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][1], 0, "no flow over the down arc");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0] + s.pathFlow[1][0], 5, 1e-3, "arc 1 full");
        }
    }
};

/// The LP stopped by its TimeLimit: a feasible answer, flagged, whose bound still holds.
class LpTimeLimitTestCase : public TestCase
{
  public:
    LpTimeLimitTestCase()
        : TestCase("lp with a TimeLimit it cannot meet: timedOut, feasible after repair, at "
                   "most the optimum, any bound it gives at least the optimum; as column "
                   "generation and as one LP")
    {
    }

  private:
    void DoRun() override
    {
        TeTopology t;
        TeSolver::Problem p;
        const std::string why = MakeProblem("synthetic-30", 1.2, t, p);
        NS_TEST_ASSERT_MSG_EQ(why, "", why);
        std::string error;
        TeSolver::Solution full;
        NS_TEST_ASSERT_MSG_EQ(TeMethod::Create("lp", error)->Allocate(t.graph, p, full, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(full.timedOut, false, "no limit");
        for (const std::string solver : {"columns", "full"})
        {
            Ptr<TeMethod> lp = TeMethod::Create("lp", error);
            lp->SetAttribute("Solver", StringValue(solver));
            lp->SetAttribute("TimeLimit", StringValue("1ns"));
            TeSolver::Solution s;
            NS_TEST_ASSERT_MSG_EQ(lp->Allocate(t.graph, p, s, error), true, solver << error);
            NS_TEST_EXPECT_MSG_EQ(s.timedOut, true, solver << ": timedOut");
            NS_TEST_EXPECT_MSG_EQ(CheckAllocation(t.graph, p, s), "", solver);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(s.throughput,
                                        full.throughput * (1 + 1e-6),
                                        solver << ": above the optimum");
            if (s.bound > 0)
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(s.bound,
                                            full.throughput * (1 - 1e-9),
                                            solver << ": bound below the optimum");
            }
        }
    }
};

/// The LP's optimum on B4 and a 30-site WAN; thread counts; feasibility.
class OptimumTestCase : public TestCase
{
  public:
    OptimumTestCase()
        : TestCase("admm on B4 and a 30-site WAN at loads 0.6 and 1.2: feasible, conserving, "
                   "within 1% of the LP's satisfied demand, never above it; 1, 2 and 3 "
                   "threads give identical flows")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string name : {"b4", "synthetic-30"})
        {
            for (double load : {0.6, 1.2})
            {
                TeTopology t;
                TeSolver::Problem p;
                const std::string why = MakeProblem(name, load, t, p);
                NS_TEST_ASSERT_MSG_EQ(why, "", why);
                const std::string what = name + " at load " + std::to_string(load);
                std::string error;
                TeSolver::Solution lp;
                NS_TEST_ASSERT_MSG_EQ(
                    TeMethod::Create("lp", error)->Allocate(t.graph, p, lp, error),
                    true,
                    error);
                TeSolver::Solution one;
                Ptr<TeAdmmMethod> m1 = Admm(1);
                NS_TEST_ASSERT_MSG_EQ(m1->Allocate(t.graph, p, one, error), true, error);
                NS_TEST_EXPECT_MSG_EQ(CheckAllocation(t.graph, p, one), "", what);
                NS_TEST_EXPECT_MSG_GT_OR_EQ(one.throughput,
                                            0.99 * lp.throughput,
                                            what << ": within 1% of the LP ("
                                                 << m1->GetLastStats().iterations
                                                 << " iterations)");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(one.throughput,
                                            lp.throughput * (1 + 1e-6),
                                            what << ": above the LP's optimum");
                // The arc prices rho tau prove an upper bound (weak duality): never below the
                // LP's optimum, and close to it once ADMM has converged this far.
                NS_TEST_EXPECT_MSG_GT_OR_EQ(one.bound,
                                            lp.throughput * (1 - 1e-9),
                                            what << ": ADMM's bound below the LP's optimum");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(one.bound,
                                            1.02 * lp.throughput,
                                            what << ": ADMM's bound more than 2% above the LP");
                for (uint32_t threads : {2U, 3U})
                {
                    TeSolver::Solution other;
                    NS_TEST_ASSERT_MSG_EQ(Admm(threads)->Allocate(t.graph, p, other, error),
                                          true,
                                          error);
                    NS_TEST_EXPECT_MSG_EQ((other.pathFlow == one.pathFlow),
                                          true,
                                          what << ": " << threads << " threads differ from 1");
                }
            }
        }
    }
};

/// Warm start and initial flows.
class WarmStartTestCase : public TestCase
{
  public:
    WarmStartTestCase()
        : TestCase(
              "admm warm start: the next interval (demands +5%), and the one after with the "
              "busiest link down, start from the last iterates and need fewer iterations "
              "than cold, at the same quality; 20 "
              "iterations from the LP's flows stay within 0.5%, better than from zero; flows of "
              "another shape are "
              "ignored; Reset forgets")
    {
    }

  private:
    void DoRun() override
    {
        TeTopology t;
        TeSolver::Problem p;
        const std::string why = MakeProblem("synthetic-30", 1.0, t, p);
        NS_TEST_ASSERT_MSG_EQ(why, "", why);
        std::string error;
        Ptr<TeAdmmMethod> warm = Admm(2, 2000, 1e-3);
        TeSolver::Solution s;
        NS_TEST_ASSERT_MSG_EQ(warm->Allocate(t.graph, p, s, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(warm->GetLastStats().warmStarted, false, "first solve is cold");
        NS_TEST_EXPECT_MSG_EQ(warm->GetLastStats().converged, true, "first solve converges");

        TeSolver::Problem next = p;
        for (auto& c : next.commodities)
        {
            c.demand *= 1.05;
        }
        TeSolver::Solution lp;
        NS_TEST_ASSERT_MSG_EQ(TeMethod::Create("lp", error)->Allocate(t.graph, next, lp, error),
                              true,
                              error);
        TeSolver::Solution w;
        NS_TEST_ASSERT_MSG_EQ(warm->Allocate(t.graph, next, w, error), true, error);
        const auto warmStats = warm->GetLastStats();
        NS_TEST_EXPECT_MSG_EQ(warmStats.warmStarted, true, "second solve warm");
        Ptr<TeAdmmMethod> cold = Admm(2, 2000, 1e-3);
        cold->SetAttribute("WarmStart", BooleanValue(false));
        TeSolver::Solution c0;
        TeSolver::Solution c1;
        NS_TEST_ASSERT_MSG_EQ(cold->Allocate(t.graph, p, c0, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(cold->Allocate(t.graph, next, c1, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(cold->GetLastStats().warmStarted, false, "WarmStart false");
        NS_TEST_EXPECT_MSG_LT(warmStats.iterations,
                              cold->GetLastStats().iterations,
                              "warm start saves iterations");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(w.throughput, 0.99 * lp.throughput, "warm quality");
        NS_TEST_EXPECT_MSG_EQ(CheckAllocation(t.graph, next, w), "", "warm allocation");

        // A link fails (both arcs of the busiest link): the paths left keep their iterates.
        std::size_t busiest = 0;
        for (std::size_t a = 0; a < w.arcLoad.size(); ++a)
        {
            busiest = w.arcLoad[a] > w.arcLoad[busiest] ? a : busiest;
        }
        TeSolver::Problem failed = next;
        for (std::size_t a = 0; a < t.graph.arcs.size(); ++a)
        {
            const auto& arc = t.graph.arcs[a];
            const auto& b = t.graph.arcs[busiest];
            if ((arc.from == b.from && arc.to == b.to) || (arc.from == b.to && arc.to == b.from))
            {
                failed.capacity[a] = 0;
            }
        }
        TeSolver::Solution lpFailed;
        NS_TEST_ASSERT_MSG_EQ(
            TeMethod::Create("lp", error)->Allocate(t.graph, failed, lpFailed, error),
            true,
            error);
        TeSolver::Solution wf;
        NS_TEST_ASSERT_MSG_EQ(warm->Allocate(t.graph, failed, wf, error), true, error);
        const auto failedStats = warm->GetLastStats();
        NS_TEST_EXPECT_MSG_EQ(failedStats.warmStarted, true, "warm across a failure");
        TeSolver::Solution cf;
        NS_TEST_ASSERT_MSG_EQ(cold->Allocate(t.graph, failed, cf, error), true, error);
        NS_TEST_EXPECT_MSG_LT(failedStats.iterations,
                              cold->GetLastStats().iterations,
                              "warm start saves iterations across a failure");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(wf.throughput, 0.99 * lpFailed.throughput, "failure quality");
        NS_TEST_EXPECT_MSG_EQ(CheckAllocation(t.graph, failed, wf), "", "allocation, failure");

        // The LP's flows as the starting point (as the learned model's are): with the duals
        // SeedDuals estimates for them, 20 iterations keep them within 0.5% of the optimum
        // (with zero duals the pull of the objective undoes them: 0.993 of it), where 20 from
        // zero are not as good.
        Ptr<TeAdmmMethod> seeded = Admm(1, 20);
        seeded->SetInitialFlows(lp.pathFlow);
        TeSolver::Solution f;
        NS_TEST_ASSERT_MSG_EQ(seeded->Allocate(t.graph, next, f, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(seeded->GetLastStats().fromInitial, true, "initial flows used");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(f.throughput, 0.995 * lp.throughput, "seeded quality");
        TeSolver::Solution short0;
        NS_TEST_ASSERT_MSG_EQ(Admm(1, 20)->Allocate(t.graph, next, short0, error), true, error);
        NS_TEST_EXPECT_MSG_LT(short0.throughput, f.throughput, "20 iterations from zero");
        // Flows of another shape are ignored (once), as is a warm state after Reset.
        seeded->Reset();
        seeded->SetInitialFlows({{1, 2, 3}});
        NS_TEST_ASSERT_MSG_EQ(seeded->Allocate(t.graph, next, f, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(seeded->GetLastStats().fromInitial, false, "bad shape ignored");
        NS_TEST_EXPECT_MSG_EQ(seeded->GetLastStats().warmStarted, false, "Reset forgot");
    }
};

/// Attribute ranges.
class AttributeTestCase : public TestCase
{
  public:
    AttributeTestCase()
        : TestCase("admm refuses a tolerance of 0, a rho of 0 and zero iterations or threads")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TeAdmmMethod> m = CreateObject<TeAdmmMethod>();
        NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe("Tolerance", DoubleValue(0)),
                              false,
                              "tolerance 0");
        NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe("Rho", DoubleValue(0)), false, "rho 0");
        NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe("MaxIterations", UintegerValue(0)),
                              false,
                              "0 iterations");
        NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe("Threads", UintegerValue(0)),
                              false,
                              "0 threads");
        NS_TEST_EXPECT_MSG_EQ(m->SetAttributeFailSafe("Tolerance", DoubleValue(1e-5)),
                              true,
                              "tolerance 1e-5");
    }
};

/// The suite.
class TeAdmmTestSuite : public TestSuite
{
  public:
    TeAdmmTestSuite()
        : TestSuite("optical-wan-te-admm", SUITE_UNIT)
    {
        AddTestCase(new HandTestCase(), TEST_QUICK);
        AddTestCase(new OptimumTestCase(), TEST_QUICK);
        AddTestCase(new LpTimeLimitTestCase(), TEST_QUICK);
        AddTestCase(new WarmStartTestCase(), TEST_QUICK);
        AddTestCase(new AttributeTestCase(), TEST_QUICK);
    }
};

/// The suite's instance.
TeAdmmTestSuite g_teAdmmTestSuite;

} // namespace
