/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TE methods' shared seam (TeMethod: the factory, Repair, CheckFeasible, lp and pop), the
// TE topologies (TeTopology) and the weighted and diurnal traffic matrices.

#include "../../common/optical-test-compat.h"
#include "te-test-problems.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <numeric>
#include <tuple>

using namespace ns3;
using namespace ns3::optical::compat;
using namespace ns3::te_test;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Writes \p lines to \p file, one a line.
void
Write(const std::string& file, const std::vector<std::string>& lines)
{
    std::ofstream out(file);
    for (const auto& l : lines)
    {
        out << l << "\n";
    }
}

/**
 * \brief The hand graph of the repair cases: arcs 0->1 (arc 0), 1->2 (arc 1), 0->2 (arc 2).
 * \return the graph
 */
TeGraph
Line()
{
    TeGraph g;
    g.nodes = 3;
    g.arcs = {{0, 1, 1}, {1, 2, 1}, {0, 2, 1}};
    return g;
}
} // namespace

/// The factory knows every method by name and refuses others, listing the allowed ones.
class FactoryTestCase : public TestCase
{
  public:
    FactoryTestCase()
        : TestCase("TeMethod::Create: every name makes its method; an unknown name is refused "
                   "with the allowed ones")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> names = {"lp", "pop", "ncflow", "admm", "learned"};
        NS_TEST_ASSERT_MSG_EQ((TeMethod::GetNames() == names), true, "the names");
        for (const auto& name : names)
        {
            std::string error;
            Ptr<TeMethod> m = TeMethod::Create(name, error);
            NS_TEST_ASSERT_MSG_NE(m, nullptr, name << ": " << error);
            NS_TEST_EXPECT_MSG_EQ(m->GetName(), name, "name");
            NS_TEST_EXPECT_MSG_EQ(m->GetThreads(), 1, name << ": one thread by default");
        }
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TeMethod::Create("simplex", error), nullptr, "unknown accepted");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "TE method 'simplex' is unknown (allowed: lp, pop, ncflow, admm, "
                              "learned)",
                              "the error");
    }
};

/// Repair on hand cases.
class RepairTestCase : public TestCase
{
  public:
    RepairTestCase()
        : TestCase("TeMethod::Repair: an over-full arc's paths scaled by capacity over load, a "
                   "commodity above its demand clipped, the greedy fill's hand total, paths "
                   "over a down arc zeroed")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = Line();
        const double eps = std::numeric_limits<double>::epsilon();
        {
            // Arc 1 (capacity 4) carries 6 + 2 = 8: both its paths are halved (a hair less, by
            // the documented 4 eps), arc 0 is not full and limits nothing.
            TeSolver::Problem p;
            p.capacity = {10, 4, 10};
            p.commodities = {{0, 2, 10, {{0, 1}}}, {1, 2, 10, {{1}}}};
            TeSolver::Solution s;
            s.pathFlow = {{6}, {2}};
            TeMethod::Repair(g, p, s, false);
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 3, 3 * 8 * eps, "0->2 halved");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[1][0], 1, 8 * eps, "1->2 halved");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(s.arcLoad[1], 4.0, "arc 1 at most full");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.arcLoad[0], 3, 3 * 8 * eps, "arc 0 load");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.throughput, 4, 32 * eps, "throughput");
        }
        {
            // Demand 5 over two paths of 4 and 6: both scaled by 5 / 10.
            TeSolver::Problem p;
            p.capacity = {100, 100, 100};
            p.commodities = {{0, 2, 5, {{0, 1}, {2}}}};
            TeSolver::Solution s;
            s.pathFlow = {{4, 6}};
            TeMethod::Repair(g, p, s, false);
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 2, 1e-15, "path 0 clipped");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][1], 3, 1e-15, "path 1 clipped");
            // Negative and non-finite flows become 0.
            s.pathFlow = {{-1, std::nan("")}};
            TeMethod::Repair(g, p, s, false);
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][0], 0, "negative zeroed");
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][1], 0, "NaN zeroed");
        }
        {
            // Greedy fill from nothing. Both commodities' shortest paths have 1 hop, so 0->2
            // (index 0) goes first: its path 0 (arcs 0, 1) takes min(10, 5, 5) = 5, its path 1
            // (arc 2) min(10 - 5, 3) = 3; then 1->2's only path (arc 1) finds arc 1 full: 8.
            TeSolver::Problem p;
            p.capacity = {5, 5, 3};
            p.commodities = {{0, 2, 10, {{0, 1}, {2}}}, {1, 2, 4, {{1}}}};
            TeSolver::Solution s;
            TeMethod::Repair(g, p, s, true);
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 5, 1e-9, "0->2 path 0");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][1], 3, 1e-9, "0->2 path 1");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[1][0], 0, 1e-9, "1->2 blocked");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.throughput, 8, 1e-9, "hand total");
            std::string error;
            NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), true, error);
            // Fill on top of a given allocation: 1->2 holds 4 on arc 1, so 0->2's path 0 gets
            // the 1 left and path 1 its 3: total 8 again, split differently.
            s = TeSolver::Solution();
            s.pathFlow = {{0, 0}, {4}};
            TeMethod::Repair(g, p, s, true);
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 1, 1e-9, "0->2 path 0 on top");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][1], 3, 1e-9, "0->2 path 1 on top");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[1][0], 4, 1e-9, "1->2 kept");
        }
        {
            // Arc 2 is down: the flow on its path is zeroed and the fill does not use it.
            TeSolver::Problem p;
            p.capacity = {5, 5, 0};
            p.commodities = {{0, 2, 10, {{0, 1}, {2}}}};
            TeSolver::Solution s;
            s.pathFlow = {{1, 2}};
            TeMethod::Repair(g, p, s, false);
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][1], 0, "path over the down arc zeroed");
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][0], 1, "other path kept");
            TeMethod::Repair(g, p, s, true);
            NS_TEST_EXPECT_MSG_EQ(s.pathFlow[0][1], 0, "fill avoids the down arc");
            NS_TEST_EXPECT_MSG_EQ_TOL(s.pathFlow[0][0], 5, 1e-9, "fill up to arc 0/1");
        }
    }
};

/// CheckFeasible names the violation.
class CheckFeasibleTestCase : public TestCase
{
  public:
    CheckFeasibleTestCase()
        : TestCase("TeMethod::CheckFeasible: an over-full arc, a commodity above its demand and "
                   "a negative flow are caught and named")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = Line();
        TeSolver::Problem p;
        p.capacity = {10, 4, 10};
        p.commodities = {{0, 2, 10, {{0, 1}}}, {1, 2, 10, {{1}}}};
        TeSolver::Solution s;
        std::string error;
        s.pathFlow = {{3}, {1}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), true, error);
        s.pathFlow = {{3}, {1.5}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), false, "4.5 on 4 accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "arc 1 (1->2) carries 4.5, above its capacity 4"),
                              true,
                              error);
        s.pathFlow = {{3}, {1 + 2e-9}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error),
                              true,
                              "within the relative tolerance: " << error);
        s.pathFlow = {{3}, {1 + 4e-8}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), false, "1e-8 over accepted");
        p.capacity = {100, 100, 100};
        s.pathFlow = {{11}, {1}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), false, "11 of 10 accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "commodity 0 (0->2): carries 11 for a demand of 10"),
                              true,
                              error);
        s.pathFlow = {{1}, {-1}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), false, "-1 accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "commodity 1 (1->2): path 0 carries -1"),
                              true,
                              error);
        s.pathFlow = {{1}};
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error), false, "short accepted");
    }
};

/// lp and pop on B4: feasible, conserving, POP of one part is the LP.
class LpPopTestCase : public TestCase
{
  public:
    LpPopTestCase()
        : TestCase("lp and pop on B4: feasible and conserving allocations; POP with one "
                   "part is the LP; POP no better than the LP")
    {
    }

  private:
    void DoRun() override
    {
        TeTopology topo;
        TeSolver::Problem p;
        const std::string why = MakeProblem("b4", 1.0, topo, p, 1);
        NS_TEST_ASSERT_MSG_EQ(why, "", why);
        std::string error;
        Ptr<TeMethod> lp = TeMethod::Create("lp", error);
        TeSolver::Solution lpS;
        NS_TEST_ASSERT_MSG_EQ(lp->Allocate(topo.graph, p, lpS, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(CheckAllocation(topo.graph, p, lpS), "", "lp");
        // Independently: the LP itself.
        TeSolver::Solution direct;
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(topo.graph, p, direct, error), true, error);
        NS_TEST_EXPECT_MSG_EQ_TOL(lpS.throughput,
                                  direct.throughput,
                                  1e-6 * direct.throughput,
                                  "lp = TeSolver::Solve");
        NS_TEST_EXPECT_MSG_LT(lpS.throughput, TeMethod::TotalDemand(p), "B4 at load 1 is full");

        Ptr<TeMethod> pop = TeMethod::Create("pop", error);
        pop->SetAttribute("Parts", UintegerValue(1));
        TeSolver::Solution one;
        NS_TEST_ASSERT_MSG_EQ(pop->Allocate(topo.graph, p, one, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(CheckAllocation(topo.graph, p, one), "", "pop, 1 part");
        NS_TEST_EXPECT_MSG_EQ_TOL(one.throughput,
                                  lpS.throughput,
                                  1e-6 * lpS.throughput,
                                  "pop of 1 part = lp");
        pop->SetAttribute("Parts", UintegerValue(4));
        pop->SetAttribute("Threads", UintegerValue(2));
        TeSolver::Solution four;
        NS_TEST_ASSERT_MSG_EQ(pop->Allocate(topo.graph, p, four, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(CheckAllocation(topo.graph, p, four), "", "pop, 4 parts");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(four.throughput,
                                    lpS.throughput * (1 + 1e-6),
                                    "pop no better than the LP");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(four.buildSeconds, 0, "build time");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(four.seconds, 0, "solve time");
    }
};

/// The objectives and extra capacity: lp's min-max utilisation; the others refuse.
class ObjectiveTestCase : public TestCase
{
  public:
    ObjectiveTestCase()
        : TestCase("lp's MIN_MAX_UTILISATION is TeSolver's U; methods other than lp and pop "
                   "refuse it and extra capacity, naming themselves")
    {
    }

  private:
    void DoRun() override
    {
        TeTopology topo;
        TeSolver::Problem p;
        const std::string why = MakeProblem("b4", 0.5, topo, p, 1);
        NS_TEST_ASSERT_MSG_EQ(why, "", why);
        p.objective = TeSolver::MIN_MAX_UTILISATION;
        std::string error;
        TeSolver::Solution direct;
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(topo.graph, p, direct, error), true, error);
        Ptr<TeMethod> lp = TeMethod::Create("lp", error);
        TeSolver::Solution s;
        NS_TEST_ASSERT_MSG_EQ(lp->Allocate(topo.graph, p, s, error), true, error);
        NS_TEST_EXPECT_MSG_EQ_TOL(s.maxUtilisation,
                                  direct.objective,
                                  1e-6 * direct.objective,
                                  "U of lp = TeSolver's U");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.objective,
                                  direct.objective,
                                  1e-6 * direct.objective,
                                  "objective");
        NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(topo.graph, p, s, error, 1e-6), true, error);
        for (const auto& name : TeMethod::GetNames())
        {
            if (name == "lp" || name == "pop")
            {
                continue;
            }
            Ptr<TeMethod> m = TeMethod::Create(name, error);
            TeSolver::Solution out;
            out.throughput = -7;
            NS_TEST_EXPECT_MSG_EQ(m->Allocate(topo.graph, p, out, error),
                                  false,
                                  name << " min-max");
            NS_TEST_EXPECT_MSG_EQ(Contains(error, "TE method " + name) &&
                                      Contains(error, "max-flow"),
                                  true,
                                  error);
            NS_TEST_EXPECT_MSG_EQ(out.throughput, -7, name << ": output unchanged");
            TeSolver::Problem q = p;
            q.objective = TeSolver::MAX_FLOW;
            q.extra.assign(topo.graph.arcs.size(), 0);
            q.extra[3] = 10;
            NS_TEST_EXPECT_MSG_EQ(m->Allocate(topo.graph, q, out, error), false, name << " extra");
            NS_TEST_EXPECT_MSG_EQ(Contains(error, "TE method " + name) && Contains(error, "extra"),
                                  true,
                                  error);
        }
    }
};

/// TeTopology: the built-ins and the refused files.
class TopologyTestCase : public TestCase
{
  public:
    TopologyTestCase()
        : TestCase("TeTopology: the built-ins' node and arc counts; disconnected, bad JSON, "
                   "unknown nodes in links and demands refused with where")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::tuple<std::string, uint32_t, std::size_t>> builtIn =
            {{"b4", 12, 38}, {"uscarrier", 158, 378}, {"kdl", 754, 1790}, {"asn", 1739, 8558}};
        std::string error;
        TeTopology b4;
        for (const auto& [name, nodes, arcs] : builtIn)
        {
            TeTopology t;
            NS_TEST_ASSERT_MSG_EQ(TeTopology::Load(name, t, error), true, error);
            NS_TEST_EXPECT_MSG_EQ(t.GetNNodes(), nodes, name << " nodes");
            NS_TEST_EXPECT_MSG_EQ(t.graph.arcs.size(), arcs, name << " arcs");
            NS_TEST_EXPECT_MSG_EQ(t.capacity.size(), arcs, name << " capacities");
            NS_TEST_EXPECT_MSG_EQ(t.nodeNames.size(), nodes, name << " names");
            NS_TEST_EXPECT_MSG_EQ(t.name, name, "name");
            if (name == "b4")
            {
                b4 = t;
            }
        }
        TeTopology t;
        NS_TEST_EXPECT_MSG_EQ(TeTopology::Load("b5", t, error), false, "unknown name accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "b4, uscarrier, kdl, asn"), true, error);

        // Two components: a-b and c-d.
        const std::string split = CreateTempDirFilename("split.json");
        Write(split,
              {"{\"directed\": false, \"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": "
               "\"c\"}, {\"id\": \"d\"}],",
               " \"links\": [{\"source\": \"a\", \"target\": \"b\", \"capacity\": 10},",
               "            {\"source\": \"c\", \"target\": \"d\", \"capacity\": 10}]}"});
        NS_TEST_EXPECT_MSG_EQ(TeTopology::Load(split, t, error), false, "disconnected accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "node 'a' cannot reach node 'c'"), true, error);
        // The same file connected by a link b-c loads, with two arcs per undirected link.
        const std::string joined = CreateTempDirFilename("joined.json");
        Write(joined,
              {"{\"directed\": false, \"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": "
               "\"c\"}, {\"id\": \"d\"}],",
               " \"links\": [{\"source\": \"a\", \"target\": \"b\", \"capacity\": 10},",
               "            {\"source\": \"b\", \"target\": \"c\", \"capacity\": 2.5},",
               "            {\"source\": \"c\", \"target\": \"d\", \"capacity\": 10}]}"});
        NS_TEST_ASSERT_MSG_EQ(TeTopology::Load(joined, t, error, 2.0), true, error);
        NS_TEST_EXPECT_MSG_EQ(t.graph.arcs.size(), 6, "two arcs per link");
        NS_TEST_EXPECT_MSG_EQ(t.capacity[2], 5.0, "2.5 units of 2 Gb/s");
        NS_TEST_EXPECT_MSG_EQ(t.capacity[3], 5.0, "both directions");
        // Not JSON: a missing comma on line 3.
        const std::string bad = CreateTempDirFilename("bad.json");
        Write(bad,
              {"{\"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}],",
               " \"links\": [",
               "  {\"source\": \"a\" \"target\": \"b\", \"capacity\": 1}]}"});
        NS_TEST_EXPECT_MSG_EQ(TeTopology::Load(bad, t, error), false, "bad JSON accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, bad + ":3: not JSON"), true, error);
        // A link to an unknown node.
        const std::string stray = CreateTempDirFilename("stray.json");
        Write(stray,
              {"{\"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}],",
               " \"links\": [{\"source\": \"a\", \"target\": \"b\", \"capacity\": 1},",
               "            {\"source\": \"b\", \"target\": \"z\", \"capacity\": 1}]}"});
        NS_TEST_EXPECT_MSG_EQ(TeTopology::Load(stray, t, error), false, "unknown node accepted");
        NS_TEST_EXPECT_MSG_EQ(
            Contains(error, "link 1 names node 'z', which is not among the nodes"),
            true,
            error);

        // Demands: a good file, then one naming an unknown node on its line 3.
        const std::string first = b4.nodeNames[0];
        const std::string second = b4.nodeNames[1];
        const std::string demands = CreateTempDirFilename("demands.csv");
        Write(demands,
              {"src,dst,gbps", first + "," + second + ",7.5", second + "," + first + ",2"});
        std::vector<TrafficMatrix::Demand> d;
        NS_TEST_ASSERT_MSG_EQ(b4.LoadDemands(demands, d, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 12 * 11, "one per ordered pair");
        NS_TEST_EXPECT_MSG_EQ(d[0].src, 0, "source-major");
        NS_TEST_EXPECT_MSG_EQ(d[0].dst, 1, "source-major");
        NS_TEST_EXPECT_MSG_EQ(d[0].gbps, 7.5, "0->1");
        NS_TEST_EXPECT_MSG_EQ(d[11].gbps, 2, "1->0");
        NS_TEST_EXPECT_MSG_EQ(TrafficMatrix::Total(d), 9.5, "others 0");
        const std::string unknown = CreateTempDirFilename("unknown.csv");
        Write(unknown, {"src,dst,gbps", first + "," + second + ",1", first + ",nowhere,2"});
        NS_TEST_EXPECT_MSG_EQ(b4.LoadDemands(unknown, d, error), false, "unknown node accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, unknown + ":3: "), true, error);
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "names node 'nowhere'"), true, error);
        // SetDemands: between unknown nodes.
        std::vector<TeSolver::Commodity> commodities;
        NS_TEST_ASSERT_MSG_EQ(b4.MakeCommodities(2, "ksp", 1, commodities, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(b4.SetDemands({{0, 12, 1.0}}, commodities, error),
                              false,
                              "node 12 accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "demand 0->12 is between unknown nodes"),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(b4.SetDemands({{3, 3, 1.0}}, commodities, error),
                              false,
                              "a loop accepted");
    }
};

/// TrafficMatrix over weights and the diurnal series.
class MatrixTestCase : public TestCase
{
  public:
    MatrixTestCase()
        : TestCase("TrafficMatrix: gravity over weights is proportional to their products and "
                   "sums to the total; Diurnal without noise is the closed-form cosine")
    {
    }

  private:
    void DoRun() override
    {
        // Weights 1, 2, 3: products 2, 3, 2, 6, 3, 6 (sum 22), scaled to 44.
        std::vector<TrafficMatrix::Demand> m;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", {1, 2, 3}, 44, nullptr, m, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(m.size(), 6, "pairs");
        const std::vector<std::tuple<uint32_t, uint32_t, double>> want =
            {{0, 1, 4}, {0, 2, 6}, {1, 0, 4}, {1, 2, 12}, {2, 0, 6}, {2, 1, 12}};
        for (std::size_t i = 0; i < want.size(); ++i)
        {
            const auto& [s, d, gbps] = want[i];
            NS_TEST_EXPECT_MSG_EQ(m[i].src, s, "source of " << i);
            NS_TEST_EXPECT_MSG_EQ(m[i].dst, d, "destination of " << i);
            NS_TEST_EXPECT_MSG_EQ_TOL(m[i].gbps, gbps, 1e-12, "demand " << s << "->" << d);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(TrafficMatrix::Total(m), 44, 1e-12, "total");
        // On B4's weights too: the total, and each demand over the product of its weights
        // the same for every pair.
        TeTopology b4;
        NS_TEST_ASSERT_MSG_EQ(TeTopology::Load("b4", b4, error), true, error);
        const auto w = b4.GetGravityWeights();
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", w, 1000, nullptr, m, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ_TOL(TrafficMatrix::Total(m), 1000, 1e-9, "B4 total");
        const double ratio = m[0].gbps / (w[m[0].src] * w[m[0].dst]);
        for (const auto& d : m)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(d.gbps / (w[d.src] * w[d.dst]),
                                      ratio,
                                      1e-12 * ratio,
                                      "proportional " << d.src << "->" << d.dst);
        }
        NS_TEST_EXPECT_MSG_EQ(TrafficMatrix::Make("gravity", {1, 0}, 1, nullptr, m, error),
                              false,
                              "weight 0 accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, "node 1 has weight 0"), true, error);

        // Diurnal, noise 0: interval k at t = 2 h + 6 h k, peak 14 h, period 24 h, amplitude
        // 0.3: cos of -pi, -pi/2, 0, pi/2, pi: scales 0.7, 1, 1.3, 1, 0.7.
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", {1, 2, 3}, 44, nullptr, m, error),
                              true,
                              error);
        TrafficMatrix::DiurnalShape shape;
        shape.noise = 0;
        shape.amplitude = 0.3;
        const auto series = TrafficMatrix::Diurnal(m, 5, Hours(6), Hours(2), shape, nullptr);
        NS_TEST_ASSERT_MSG_EQ(series.size(), 5, "intervals");
        const std::vector<double> scale = {0.7, 1, 1.3, 1, 0.7};
        for (std::size_t k = 0; k < series.size(); ++k)
        {
            const double t = 2 * 3600.0 + 6 * 3600.0 * k;
            const double closed = 1 + 0.3 * std::cos(2 * M_PI * (t - 14 * 3600.0) / 86400.0);
            NS_TEST_EXPECT_MSG_EQ_TOL(closed, scale[k], 1e-15, "the cosine at " << k);
            NS_TEST_ASSERT_MSG_EQ(series[k].size(), m.size(), "pairs");
            for (std::size_t i = 0; i < m.size(); ++i)
            {
                NS_TEST_EXPECT_MSG_EQ(series[k][i].gbps,
                                      m[i].gbps * closed,
                                      "interval " << k << " pair " << i);
            }
        }
    }
};

/// The suite.
class TeMethodTestSuite : public TestSuite
{
  public:
    TeMethodTestSuite()
        : TestSuite("optical-wan-te-method", SUITE_UNIT)
    {
        AddTestCase(new FactoryTestCase, TEST_QUICK);
        AddTestCase(new RepairTestCase, TEST_QUICK);
        AddTestCase(new CheckFeasibleTestCase, TEST_QUICK);
        AddTestCase(new LpPopTestCase, TEST_QUICK);
        AddTestCase(new ObjectiveTestCase, TEST_QUICK);
        AddTestCase(new TopologyTestCase, TEST_QUICK);
        AddTestCase(new MatrixTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static TeMethodTestSuite g_teMethodTestSuite;

} // namespace
