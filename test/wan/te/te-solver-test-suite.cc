/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WAN traffic engineering: candidate paths (k shortest, arc-disjoint) and the path-based
// multi-commodity flow LP (max flow, min-max utilisation, the extra-capacity abstraction).

#include "../../common/optical-test-compat.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{

/// \return a graph of \p nodes nodes and the arcs (from, to, weight)
TeGraph
Graph(uint32_t nodes, const std::vector<TeGraph::Arc>& arcs)
{
    TeGraph g;
    g.nodes = nodes;
    g.arcs = arcs;
    return g;
}

/**
 * The hand graph: 6 nodes (5 isolated), 10 arcs. From 0 to 4 its loopless paths are
 * [0,1] 2, [0,4,3] 2.5, [5,9,3] 2.5, [2,3] 3, [5,9,7,1] 3, [2,7,1] 3.5, [5,6] 4.
 */
TeGraph
HandGraph()
{
    return Graph(6,
                 {
                     {0, 1, 1},   // 0
                     {1, 4, 1},   // 1
                     {0, 2, 2},   // 2
                     {2, 4, 1},   // 3
                     {1, 2, 0.5}, // 4
                     {0, 3, 1},   // 5
                     {3, 4, 3},   // 6
                     {2, 1, 0.5}, // 7
                     {4, 0, 1},   // 8
                     {3, 2, 0.5}, // 9
                 });
}

/// \return every loopless path from src to dst (depth-first), by weight
std::vector<std::pair<double, TePath>>
AllSimplePaths(const TeGraph& g, uint32_t src, uint32_t dst)
{
    std::vector<std::pair<double, TePath>> all;
    std::vector<char> seen(g.nodes, 0);
    TePath path;
    std::function<void(uint32_t)> visit = [&](uint32_t u) {
        if (u == dst)
        {
            all.emplace_back(TePaths::Weight(g, path), path);
            return;
        }
        seen[u] = 1;
        for (uint32_t a = 0; a < g.arcs.size(); ++a)
        {
            if (g.arcs[a].from == u && !seen[g.arcs[a].to])
            {
                path.push_back(a);
                visit(g.arcs[a].to);
                path.pop_back();
            }
        }
        seen[u] = 0;
    };
    visit(src);
    std::sort(all.begin(), all.end());
    return all;
}

/// \return the max flow from src to dst (Edmonds-Karp over the arcs' capacities)
double
MaxFlow(const TeGraph& g, const std::vector<double>& capacity, uint32_t src, uint32_t dst)
{
    std::vector<std::vector<double>> residual(g.nodes, std::vector<double>(g.nodes, 0));
    for (std::size_t a = 0; a < g.arcs.size(); ++a)
    {
        residual[g.arcs[a].from][g.arcs[a].to] += capacity[a];
    }
    double total = 0;
    while (true)
    {
        std::vector<int> parent(g.nodes, -1);
        parent[src] = static_cast<int>(src);
        std::queue<uint32_t> queue;
        queue.push(src);
        while (!queue.empty() && parent[dst] < 0)
        {
            const uint32_t u = queue.front();
            queue.pop();
            for (uint32_t v = 0; v < g.nodes; ++v)
            {
                if (parent[v] < 0 && residual[u][v] > 1e-12)
                {
                    parent[v] = static_cast<int>(u);
                    queue.push(v);
                }
            }
        }
        if (parent[dst] < 0)
        {
            return total;
        }
        double push = 1e300;
        for (uint32_t v = dst; v != src; v = parent[v])
        {
            push = std::min(push, residual[parent[v]][v]);
        }
        for (uint32_t v = dst; v != src; v = parent[v])
        {
            residual[parent[v]][v] -= push;
            residual[v][parent[v]] += push;
        }
        total += push;
    }
}

/// A deterministic pseudo-random sequence (for reproducible random instances).
class Lcg
{
  public:
    /// \param [in] seed Seed
    explicit Lcg(uint64_t seed)
        : m_state(seed)
    {
    }

    /// \param [in] n Bound \return a value in [0, n)
    uint32_t Next(uint32_t n)
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<uint32_t>((m_state >> 33) % n);
    }

  private:
    uint64_t m_state; //!< State
};

} // namespace

/// A test case that can check a solution's invariants.
class TeTestCase : public TestCase
{
  public:
    /// \param [in] name Name
    explicit TeTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * \brief Solves and checks what holds for every solution: loads are the sums of the path
     * flows, no arc carries more than its capacity plus the extra used, extra used within the
     * extra on offer, down arcs carry nothing, commodities get at most (MAX_FLOW) or exactly
     * (MIN_MAX_UTILISATION) their demand, throughput is the sum of the flows.
     * \param [in] g The graph
     * \param [in] p The problem
     * \return the solution
     */
    TeSolver::Solution SolveAndCheck(const TeGraph& g, const TeSolver::Problem& p)
    {
        TeSolver::Solution s;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(TeSolver::Solve(g, p, s, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(s.ok, true, "ok");
        NS_TEST_EXPECT_MSG_EQ(s.status, "optimal", "status");
        NS_TEST_EXPECT_MSG_EQ(s.pathFlow.size(), p.commodities.size(), "flows per commodity");
        NS_TEST_EXPECT_MSG_EQ(s.arcLoad.size(), g.arcs.size(), "loads per arc");
        if (s.pathFlow.size() != p.commodities.size() || s.arcLoad.size() != g.arcs.size())
        {
            return s;
        }
        const double tol = 1e-6;
        std::vector<double> load(g.arcs.size(), 0);
        double throughput = 0;
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            const TeSolver::Commodity& k = p.commodities[c];
            double sum = 0;
            for (std::size_t q = 0; q < k.paths.size(); ++q)
            {
                const double f = s.pathFlow[c][q];
                NS_TEST_EXPECT_MSG_GT_OR_EQ(f, 0, "flow >= 0");
                sum += f;
                for (uint32_t a : k.paths[q])
                {
                    load[a] += f;
                }
            }
            throughput += sum;
            if (p.objective == TeSolver::MAX_FLOW)
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(sum, k.demand + tol, "commodity " << c << " demand");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(sum, k.demand, tol, "commodity " << c << " routed");
            }
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(s.throughput, throughput, tol, "throughput");
        double maxU = 0;
        for (std::size_t a = 0; a < g.arcs.size(); ++a)
        {
            const double cap = p.capacity[a];
            const double extra = p.extra.empty() ? 0 : p.extra[a];
            NS_TEST_EXPECT_MSG_EQ_TOL(s.arcLoad[a], load[a], tol, "load of arc " << a);
            NS_TEST_EXPECT_MSG_EQ_TOL(s.extraUsed[a],
                                      std::max(0.0, load[a] - cap),
                                      tol,
                                      "extra used on arc " << a);
            if (cap == 0)
            {
                NS_TEST_EXPECT_MSG_EQ(load[a], 0, "arc " << a << " is down");
            }
            if (p.objective == TeSolver::MAX_FLOW)
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(load[a],
                                            cap + s.extraUsed[a] + tol,
                                            "arc " << a << " within capacity");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(s.extraUsed[a], extra + tol, "extra on offer");
                if (load[a] > 0)
                {
                    maxU = std::max(maxU, load[a] / (cap + s.extraUsed[a]));
                }
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(load[a],
                                            s.objective * (cap + extra) + tol,
                                            "arc " << a << " within U");
                if (load[a] > 0)
                {
                    maxU = std::max(maxU, load[a] / (cap + extra));
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(s.maxUtilisation, maxU, tol, "max utilisation");
        if (p.objective == TeSolver::MIN_MAX_UTILISATION)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(s.objective, maxU, tol, "U is the max utilisation");
        }
        return s;
    }
};

/// Yen's k shortest paths on the hand graph, and against every path of random graphs.
class KShortestTestCase : public TestCase
{
  public:
    KShortestTestCase()
        : TestCase("k shortest loopless paths: hand graph in order with weights, fewer than k, "
                   "unreachable; random graphs against enumeration of every path")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = HandGraph();
        const std::vector<TePath> expected =
            {{0, 1}, {0, 4, 3}, {5, 9, 3}, {2, 3}, {5, 9, 7, 1}, {2, 7, 1}, {5, 6}};
        const std::vector<double> weights = {2, 2.5, 2.5, 3, 3, 3.5, 4};
        const std::vector<TePath> paths = TePaths::KShortest(g, 0, 4, 10);
        NS_TEST_ASSERT_MSG_EQ(paths.size(), 7, "seven loopless paths, fewer than k = 10");
        for (std::size_t i = 0; i < paths.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ((paths[i] == expected[i]), true, "path " << i);
            NS_TEST_ASSERT_MSG_EQ_TOL(TePaths::Weight(g, paths[i]),
                                      weights[i],
                                      1e-12,
                                      "weight " << i);
        }
        const std::vector<TePath> three = TePaths::KShortest(g, 0, 4, 3);
        NS_TEST_ASSERT_MSG_EQ(three.size(), 3, "k = 3");
        NS_TEST_ASSERT_MSG_EQ((three[2] == expected[2]), true, "the same first three");
        NS_TEST_ASSERT_MSG_EQ(TePaths::KShortest(g, 0, 5, 4).size(), 0, "5 is unreachable");
        NS_TEST_ASSERT_MSG_EQ(TePaths::KShortest(g, 0, 4, 0).size(), 0, "k = 0");
        NS_TEST_ASSERT_MSG_EQ(TePaths::KShortest(g, 2, 2, 3).size(), 0, "src = dst");
        NS_TEST_ASSERT_MSG_EQ(TePaths::KShortest(g, 0, 9, 3).size(), 0, "node out of range");
        // From 4 every path takes the back arc 4->0: 4-0-1 (2), then 4-0-3-2-1 (3).
        const std::vector<TePath> back = TePaths::KShortest(g, 4, 1, 2);
        NS_TEST_ASSERT_MSG_EQ(back.size(), 2, "4->1");
        NS_TEST_ASSERT_MSG_EQ((back[0] == TePath{8, 0}), true, "4->1 first");
        NS_TEST_ASSERT_MSG_EQ((back[1] == TePath{8, 5, 9, 7}), true, "4->0->3->2->1");
        NS_TEST_ASSERT_MSG_EQ_TOL(TePaths::Weight(g, back[1]), 3, 1e-12, "1 + 1 + 0.5 + 0.5");

        // Random multigraphs with integer weights (many ties): the weights of the k shortest
        // are the k smallest of all loopless paths, each path loopless, contiguous, distinct.
        Lcg rng(7);
        for (uint32_t trial = 0; trial < 40; ++trial)
        {
            TeGraph r;
            r.nodes = 6 + rng.Next(3);
            const uint32_t m = 12 + rng.Next(14);
            for (uint32_t i = 0; i < m; ++i)
            {
                const uint32_t u = rng.Next(r.nodes);
                const uint32_t v = (u + 1 + rng.Next(r.nodes - 1)) % r.nodes;
                r.arcs.push_back({u, v, static_cast<double>(rng.Next(4))});
            }
            const uint32_t src = rng.Next(r.nodes);
            const uint32_t dst = (src + 1 + rng.Next(r.nodes - 1)) % r.nodes;
            const auto all = AllSimplePaths(r, src, dst);
            for (uint32_t k : {1u, 3u, 8u, 1000u})
            {
                const std::vector<TePath> ksp = TePaths::KShortest(r, src, dst, k);
                NS_TEST_ASSERT_MSG_EQ(ksp.size(),
                                      std::min<std::size_t>(k, all.size()),
                                      "trial " << trial << " k " << k);
                std::set<TePath> distinct(ksp.begin(), ksp.end());
                NS_TEST_ASSERT_MSG_EQ(distinct.size(), ksp.size(), "distinct");
                for (std::size_t i = 0; i < ksp.size(); ++i)
                {
                    NS_TEST_ASSERT_MSG_EQ_TOL(TePaths::Weight(r, ksp[i]),
                                              all[i].first,
                                              1e-12,
                                              "trial " << trial << " k " << k << " path " << i);
                    std::set<uint32_t> visited{src};
                    uint32_t at = src;
                    for (uint32_t a : ksp[i])
                    {
                        NS_TEST_ASSERT_MSG_EQ(r.arcs[a].from, at, "contiguous");
                        at = r.arcs[a].to;
                        NS_TEST_ASSERT_MSG_EQ(visited.insert(at).second, true, "loopless");
                    }
                    NS_TEST_ASSERT_MSG_EQ(at, dst, "ends at dst");
                }
            }
        }

        // One TePathFinder reused for every pair, the two kinds interleaved, must give what a
        // fresh search gives (no ban or search state may leak from one call to the next).
        for (uint32_t trial = 0; trial < 10; ++trial)
        {
            TeGraph r;
            r.nodes = 7;
            for (uint32_t i = 0; i < 20; ++i)
            {
                const uint32_t u = rng.Next(r.nodes);
                const uint32_t v = (u + 1 + rng.Next(r.nodes - 1)) % r.nodes;
                r.arcs.push_back({u, v, static_cast<double>(rng.Next(3))});
            }
            TePathFinder finder(r);
            for (uint32_t src = 0; src < r.nodes; ++src)
            {
                for (uint32_t dst = 0; dst < r.nodes; ++dst)
                {
                    NS_TEST_ASSERT_MSG_EQ(
                        (finder.KShortest(src, dst, 4) == TePaths::KShortest(r, src, dst, 4)),
                        true,
                        "finder ksp, trial " << trial << " " << src << "->" << dst);
                    NS_TEST_ASSERT_MSG_EQ((finder.EdgeDisjoint(src, dst, 3, src % 2 == 0) ==
                                           TePaths::EdgeDisjoint(r, src, dst, 3, src % 2 == 0)),
                                          true,
                                          "finder disjoint, trial " << trial << " " << src << "->"
                                                                    << dst);
                }
            }
        }
    }
};

/**
 * The documented tie-breaks of the shortest-path searches, on graphs with two equally short
 * paths where each rule alone decides which one is returned.
 */
class TieBreakTestCase : public TestCase
{
  public:
    TieBreakTestCase()
        : TestCase("shortest-path ties: the lower arc into a node not yet settled wins; of two "
                   "nodes equally far from the goal the lower-numbered is settled first")
    {
    }

  private:
    void DoRun() override
    {
        // 0->1->3 and 0->2->3, all weights 1. Node 1 is settled before node 2 (same distance
        // plus distance to go, lower index) and reaches 3 first by arc 3; node 2 then offers
        // an equally short way by arc 2, the lower arc, which replaces it: 0->2->3.
        TeGraph square;
        square.nodes = 4;
        square.arcs = {{0, 1, 1}, {0, 2, 1}, {2, 3, 1}, {1, 3, 1}};
        NS_TEST_ASSERT_MSG_EQ((TePaths::KShortest(square, 0, 3, 1) == std::vector<TePath>{{1, 2}}),
                              true,
                              "the lower arc into 3 wins");
        NS_TEST_ASSERT_MSG_EQ(
            (TePaths::KShortest(square, 0, 3, 2) == std::vector<TePath>{{1, 2}, {0, 3}}),
            true,
            "then the other");
        NS_TEST_ASSERT_MSG_EQ(
            (TePaths::EdgeDisjoint(square, 0, 3, 2, false) == std::vector<TePath>{{1, 2}, {0, 3}}),
            true,
            "the disjoint paths in the same order");

        // 0->2 directly (arc 1, weight 1) or 0->1->2 (arcs 2 and 0, weights 1 and 0). Nodes 1
        // and 2 are both 1 away with nothing left to go: node 1, the lower, is settled first
        // and offers 2 an equally short way by arc 0, lower than arc 1: 0->1->2.
        TeGraph zero;
        zero.nodes = 3;
        zero.arcs = {{1, 2, 0}, {0, 2, 1}, {0, 1, 1}};
        NS_TEST_ASSERT_MSG_EQ((TePaths::KShortest(zero, 0, 2, 1) == std::vector<TePath>{{2, 0}}),
                              true,
                              "node 1 settled before the goal 2");
        // Swap the two nodes' numbers: the goal (now node 1) is settled first, before node 2
        // can offer its way: 0->1 directly.
        TeGraph swapped;
        swapped.nodes = 3;
        swapped.arcs = {{2, 1, 0}, {0, 1, 1}, {0, 2, 1}};
        NS_TEST_ASSERT_MSG_EQ((TePaths::KShortest(swapped, 0, 1, 1) == std::vector<TePath>{{1}}),
                              true,
                              "the goal 1 settled before node 2");
    }
};

/// Arc-disjoint paths, with and without the reverse arcs, and Make.
class DisjointTestCase : public TestCase
{
  public:
    DisjointTestCase()
        : TestCase("arc-disjoint paths share no arc (nor, with removeReverse, a duplex link); "
                   "Make by name with named errors")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = HandGraph();
        const std::vector<TePath> two = TePaths::EdgeDisjoint(g, 0, 4, 4);
        NS_TEST_ASSERT_MSG_EQ(two.size(), 2, "only two once [0,1] and [5,9,3] are taken");
        NS_TEST_ASSERT_MSG_EQ((two[0] == TePath{0, 1}), true, "shortest first");
        NS_TEST_ASSERT_MSG_EQ((two[1] == TePath{5, 9, 3}), true, "then the shortest left");

        // A duplex square 0-1-3, 0-2-3 with a rung 1-2: the shortest 0->3 is 0-1-2-3 (3);
        // without reverse removal the second goes 0-2-1-3 (11) back over the rung.
        TeGraph d;
        d.nodes = 4;
        for (const auto& [u, v, w] : std::vector<std::tuple<uint32_t, uint32_t, double>>{{0, 1, 1},
                                                                                         {1, 3, 5},
                                                                                         {0, 2, 5},
                                                                                         {2, 3, 1},
                                                                                         {1, 2, 1}})
        {
            d.arcs.push_back({u, v, w});
            d.arcs.push_back({v, u, w});
        }
        const std::vector<TePath> loose = TePaths::EdgeDisjoint(d, 0, 3, 4, false);
        NS_TEST_ASSERT_MSG_EQ(loose.size(), 2, "two arc-disjoint paths");
        NS_TEST_ASSERT_MSG_EQ_TOL(TePaths::Weight(d, loose[0]), 3, 1e-12, "first");
        NS_TEST_ASSERT_MSG_EQ_TOL(TePaths::Weight(d, loose[1]), 11, 1e-12, "second");
        std::set<uint32_t> used;
        for (const TePath& p : loose)
        {
            for (uint32_t a : p)
            {
                NS_TEST_ASSERT_MSG_EQ(used.insert(a).second, true, "arc " << a << " shared");
            }
        }
        const std::vector<TePath> strict = TePaths::EdgeDisjoint(d, 0, 3, 4, true);
        NS_TEST_ASSERT_MSG_EQ(strict.size(), 1, "the rung's reverse is gone with it");

        std::vector<TePath> out{{42}};
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("ksp", g, 0, 4, 3, out, error), true, error);
        NS_TEST_ASSERT_MSG_EQ((out == TePaths::KShortest(g, 0, 4, 3)), true, "ksp");
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("edge-disjoint", d, 0, 3, 4, out, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(out.size(), 1, "edge-disjoint removes reverse arcs");
        const std::vector<TePath> before = out;
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("shortest", g, 0, 4, 3, out, error), false, "kind");
        NS_TEST_ASSERT_MSG_NE(error.find("'shortest' is unknown (allowed: ksp, edge-disjoint)"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ((out == before), true, "unchanged on failure");
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("ksp", g, 0, 6, 3, out, error), false, "node");
        NS_TEST_ASSERT_MSG_NE(error.find("destination node 6 is out of range"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("ksp", g, 0, 4, 0, out, error), false, "k");
        NS_TEST_ASSERT_MSG_NE(error.find("k is 0"), std::string::npos, error);
        TeGraph bad = g;
        bad.arcs[3].weight = -1;
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("ksp", bad, 0, 4, 3, out, error), false, "weight");
        NS_TEST_ASSERT_MSG_NE(error.find("arc 3 (2->4) has weight -1"), std::string::npos, error);
        bad = g;
        bad.arcs[2].to = 17;
        NS_TEST_ASSERT_MSG_EQ(TePaths::Make("ksp", bad, 0, 4, 3, out, error), false, "endpoint");
        NS_TEST_ASSERT_MSG_NE(error.find("arc 2 goes from node 0 to node 17"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ((out == before), true, "unchanged on failure");
    }
};

/// MAX_FLOW against hand-computed and Edmonds-Karp max flows; competing commodities.
class MaxFlowTestCase : public TeTestCase
{
  public:
    MaxFlowTestCase()
        : TeTestCase("MAX_FLOW: diamond = min cut 12 (9 with two paths), two commodities share a "
                     "bottleneck of 7, down arcs carry nothing, random graphs = Edmonds-Karp")
    {
    }

  private:
    void DoRun() override
    {
        // s=0, a=1, b=2, t=3; cuts {s,a} and {s,a,b} are both 12.
        const TeGraph g = Graph(4, {{0, 1, 1}, {0, 2, 1}, {1, 3, 1}, {2, 3, 1}, {1, 2, 1}});
        TeSolver::Problem p;
        p.capacity = {10, 5, 4, 8, 3};
        p.commodities.push_back({0, 3, 100, TePaths::KShortest(g, 0, 3, 3)});
        NS_TEST_ASSERT_MSG_EQ(p.commodities[0].paths.size(), 3, "three paths");
        TeSolver::Solution s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 12, 1e-9, "max flow = min cut");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 12, 1e-9, "objective = throughput");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.arcLoad[2], 4, 1e-9, "a->t saturated");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.arcLoad[3], 8, 1e-9, "b->t saturated");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.maxUtilisation, 1, 1e-9, "saturated links");
        p.commodities[0].paths.resize(2); // s-a-t and s-b-t only
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 9, 1e-9, "4 + 5 without the rung");
        p.commodities[0].demand = 6;
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 6, 1e-9, "the demand fits");

        // Two commodities 0->3 (5) and 1->3 (6) meet on 2->3 of capacity 7; a third of demand
        // 0 and a fourth whose only path crosses a down arc get nothing.
        const TeGraph b = Graph(5, {{0, 2, 1}, {1, 2, 1}, {2, 3, 1}, {4, 3, 1}});
        TeSolver::Problem q;
        q.capacity = {100, 100, 7, 0};
        q.commodities = {{0, 3, 5, {{0, 2}}},
                         {1, 3, 6, {{1, 2}}},
                         {0, 3, 0, {{0, 2}}},
                         {4, 3, 9, {{3}}}};
        s = SolveAndCheck(b, q);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 7, 1e-9, "the bottleneck");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.arcLoad[2], 7, 1e-9, "bottleneck full");
        NS_TEST_ASSERT_MSG_EQ(s.pathFlow[2][0], 0, "demand 0");
        NS_TEST_ASSERT_MSG_EQ(s.pathFlow[3][0], 0, "down arc");
        NS_TEST_ASSERT_MSG_EQ(s.arcLoad[3], 0, "down arc");
        NS_TEST_ASSERT_MSG_EQ((TeSolver::Splits(s, 3) == std::vector<double>{1}), true, "split");

        // Random graphs, every loopless path as a candidate: path-based max flow is the max
        // flow.
        Lcg rng(11);
        for (uint32_t trial = 0; trial < 15; ++trial)
        {
            TeGraph r;
            r.nodes = 6;
            TeSolver::Problem rp;
            for (uint32_t i = 0; i < 16; ++i)
            {
                const uint32_t u = rng.Next(r.nodes);
                const uint32_t v = (u + 1 + rng.Next(r.nodes - 1)) % r.nodes;
                r.arcs.push_back({u, v, 1});
                rp.capacity.push_back(rng.Next(5) == 0 ? 0 : 1 + rng.Next(20));
            }
            rp.commodities.push_back({0, 5, 1000, TePaths::KShortest(r, 0, 5, 10000)});
            s = SolveAndCheck(r, rp);
            NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput,
                                      MaxFlow(r, rp.capacity, 0, 5),
                                      1e-6,
                                      "trial " << trial);
        }
    }
};

/// MIN_MAX_UTILISATION by hand, and the shorter-path tie-break.
class MinMaxTestCase : public TeTestCase
{
  public:
    MinMaxTestCase()
        : TeTestCase("MIN_MAX_UTILISATION: 10 over parallel 10 and 30 is U 0.25 split 2.5-7.5; "
                     "U 2 when it does not fit; ties go to the shorter path")
    {
    }

  private:
    void DoRun() override
    {
        // The longer path first: the tie-break must not move flow off the optimum.
        const TeGraph g = Graph(2, {{0, 1, 2}, {0, 1, 1}});
        TeSolver::Problem p;
        p.objective = TeSolver::MIN_MAX_UTILISATION;
        p.capacity = {10, 30};
        p.commodities.push_back({0, 1, 10, {{0}, {1}}});
        TeSolver::Solution s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 0.25, 1e-9, "U");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.maxUtilisation, 0.25, 1e-9, "max utilisation");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][0], 2.5, 1e-9, "on 10");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][1], 7.5, 1e-9, "on 30");
        const std::vector<double> split = TeSolver::Splits(s, 0);
        NS_TEST_ASSERT_MSG_EQ_TOL(split[0], 0.25, 1e-9, "split");
        NS_TEST_ASSERT_MSG_EQ_TOL(split[1], 0.75, 1e-9, "split");
        p.commodities[0].demand = 80;
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 2, 1e-9, "U 2: 80 over 40");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.extraUsed[1], 30, 1e-9, "30 above the capacity of 30");

        // A second commodity whose only path is arc 1: it is fixed there and U = 0.5 means
        // arc 1 carries 15 of which 5 of the first.
        p.commodities[0].demand = 10;
        p.commodities.push_back({0, 1, 10, {{1}}});
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 0.5, 1e-9, "U = 20 / 40");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][0], 5, 1e-9, "on 10");

        // MAX_FLOW with room on both: all on the shorter (listed second).
        TeSolver::Problem m;
        m.capacity = {10, 10};
        m.commodities.push_back({0, 1, 6, {{0}, {1}}});
        s = SolveAndCheck(g, m);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][1], 6, 1e-9, "the shorter path");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 6, 1e-9, "tie-break not in the objective");
        m.commodities[0].demand = 15;
        s = SolveAndCheck(g, m);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][1], 10, 1e-9, "shorter full");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][0], 5, 1e-9, "the rest on the longer");
        // Nothing allocated (both arcs down): equal split.
        m.capacity = {0, 0};
        s = SolveAndCheck(g, m);
        NS_TEST_ASSERT_MSG_EQ(s.throughput, 0, "down");
        NS_TEST_ASSERT_MSG_EQ((TeSolver::Splits(s, 0) == std::vector<double>{0.5, 0.5}),
                              true,
                              "equal split");
        // MIN_MAX on the same: an error naming the commodity.
        m.objective = TeSolver::MIN_MAX_UTILISATION;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, m, s, error), false, "no usable path");
        NS_TEST_ASSERT_MSG_NE(error.find("commodity 0 (0->1) has demand 15 but every one of its "
                                         "2 paths crosses an arc of capacity 0"),
                              std::string::npos,
                              error);
        m.commodities[0].paths.clear();
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, m, s, error), false, "no path");
        NS_TEST_ASSERT_MSG_NE(error.find("commodity 0 (0->1) has demand 15 but no path"),
                              std::string::npos,
                              error);
    }
};

/// The graph abstraction: extra capacity at a penalty.
class AbstractionTestCase : public TeTestCase
{
  public:
    AbstractionTestCase()
        : TeTestCase("abstraction: capacity 100 + extra 75 at penalty 0.1 carries 150 with 50 "
                     "extra, objective 145; penalty above 1 never uses extra")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = Graph(3, {{0, 1, 1}, {1, 2, 1}});
        TeSolver::Problem p;
        p.capacity = {1000, 100};
        p.extra = {0, 75};
        p.extraPenalty = {0, 0.1};
        p.commodities.push_back({0, 2, 150, {{0, 1}}});
        TeSolver::Solution s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 150, 1e-9, "all of it");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.extraUsed[1], 50, 1e-9, "50 above 100");
        NS_TEST_ASSERT_MSG_EQ(s.extraUsed[0], 0, "none on the first arc");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 145, 1e-9, "150 - 0.1 x 50");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.maxUtilisation, 1, 1e-9, "150 / (100 + 50)");
        p.commodities[0].demand = 200;
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 175, 1e-9, "capacity + all extra");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 167.5, 1e-9, "175 - 7.5");
        p.extraPenalty = {0, 1.5};
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 100, 1e-9, "penalty above the value of flow");
        NS_TEST_ASSERT_MSG_EQ(s.extraUsed[1], 0, "no extra");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 100, 1e-9, "no penalty");
        p.extraPenalty.clear(); // churn-free: extra at no cost
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 175, 1e-9, "free extra");
        // Two paths, one over the abstraction: the free capacity is used first.
        const TeGraph d = Graph(2, {{0, 1, 1}, {0, 1, 5}});
        TeSolver::Problem q;
        q.capacity = {40, 30};
        q.extra = {60, 0};
        q.extraPenalty = {0.5, 0};
        q.commodities.push_back({0, 1, 100, {{0}, {1}}});
        s = SolveAndCheck(d, q);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 100, 1e-9, "all");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.pathFlow[0][1], 30, 1e-9, "the longer, free path full");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.extraUsed[0], 30, 1e-9, "30 of extra");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 85, 1e-9, "100 - 0.5 x 30");
        // MIN_MAX counts extra as capacity: 150 over 175.
        p.objective = TeSolver::MIN_MAX_UTILISATION;
        p.commodities[0].demand = 150;
        s = SolveAndCheck(g, p);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.objective, 150.0 / 175, 1e-9, "U");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.extraUsed[1], 50, 1e-9, "50 above capacity");
    }
};

/// Bad input: named, and the solution unchanged.
class ErrorsTestCase : public TestCase
{
  public:
    ErrorsTestCase()
        : TestCase("bad input is named: non-contiguous path, arc out of range, negative "
                   "capacity, sizes, demand, wrong end; the solution is unchanged")
    {
    }

  private:
    void DoRun() override
    {
        const TeGraph g = HandGraph();
        TeSolver::Problem good;
        good.capacity.assign(g.arcs.size(), 10);
        good.commodities.push_back({0, 4, 5, {{0, 1}, {2, 3}}});
        good.commodities.push_back({0, 2, 5, {{0, 4}}});
        TeSolver::Solution s;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, good, s, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 10, 1e-9, "both");
        s.throughput = 42;

        struct Case
        {
            std::function<void(TeSolver::Problem&)> change;
            std::string message;
        };

        const std::vector<Case> cases = {
            {[](TeSolver::Problem& p) {
                 p.commodities[0].paths[1] = {2, 1};
             },
             "commodity 0 (0->4): path 1 is not contiguous: arc 1 (1->4) does not start at node "
             "2, where arc 2 ends"},
            {[](TeSolver::Problem& p) { p.commodities[1].paths[0] = {4}; },
             "commodity 1 (0->2): path 0 is not contiguous: arc 4 (1->2) does not start at node "
             "0, the source"},
            {[](TeSolver::Problem& p) {
                 p.commodities[0].paths[0] = {0, 12};
             },
             "commodity 0 (0->4): path 0 uses arc 12, but the graph has 10 arcs (0 to 9)"},
            {[](TeSolver::Problem& p) { p.commodities[1].paths[0] = {0}; },
             "commodity 1 (0->2): path 0 ends at node 1, not at the destination 2"},
            {[](TeSolver::Problem& p) { p.commodities[1].paths[0].clear(); },
             "commodity 1 (0->2): path 0 is empty"},
            {[](TeSolver::Problem& p) { p.capacity[3] = -5; },
             "capacity of arc 3 (2->4) is -5 (need a finite value >= 0)"},
            {[](TeSolver::Problem& p) { p.capacity.pop_back(); },
             "capacity has 9 values, but the graph has 10 arcs (need one per arc)"},
            {[](TeSolver::Problem& p) {
                 p.extra = {1, 2};
             },
             "extra has 2 values, but the graph has 10 arcs (need one per arc, or none)"},
            {[](TeSolver::Problem& p) {
                 p.extraPenalty.assign(10, 0);
                 p.extraPenalty[7] = -1;
             },
             "extraPenalty of arc 7 (2->1) is -1"},
            {[](TeSolver::Problem& p) { p.commodities[1].demand = -3; },
             "commodity 1 (0->2): demand -3 (need a finite value >= 0)"},
            {[](TeSolver::Problem& p) { p.commodities[1].dst = 8; },
             "commodity 1 (0->8): node 8 is out of range (the graph has 6 nodes)"},
            {[](TeSolver::Problem& p) { p.tieBreak = 0.5; }, "tieBreak 0.5 is out of range"},
            {[](TeSolver::Problem& p) {
                 p.objective = TeSolver::MIN_MAX_UTILISATION;
                 p.method = TeSolver::COLUMN_GENERATION;
             },
             "method COLUMN_GENERATION needs the MAX_FLOW objective"},
        };
        for (const Case& c : cases)
        {
            TeSolver::Problem bad = good;
            c.change(bad);
            error.clear();
            NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(g, bad, s, error), false, c.message);
            NS_TEST_ASSERT_MSG_NE(error.find(c.message), std::string::npos, error);
            NS_TEST_ASSERT_MSG_EQ(s.throughput, 42, "solution unchanged");
        }
        TeGraph badGraph = g;
        badGraph.arcs[5].weight = std::nan("");
        NS_TEST_ASSERT_MSG_EQ(TeSolver::Solve(badGraph, good, s, error), false, "graph");
        NS_TEST_ASSERT_MSG_NE(error.find("arc 5 (0->3) has weight"), std::string::npos, error);
    }
};

/// The suite.
class TeSolverTestSuite : public TestSuite
{
  public:
    TeSolverTestSuite()
        : TestSuite("optical-wan-te", SUITE_UNIT)
    {
        AddTestCase(new KShortestTestCase, TEST_QUICK);
        AddTestCase(new DisjointTestCase, TEST_QUICK);
        AddTestCase(new TieBreakTestCase, TEST_QUICK);
        AddTestCase(new MaxFlowTestCase, TEST_QUICK);
        AddTestCase(new MinMaxTestCase, TEST_QUICK);
        AddTestCase(new AbstractionTestCase, TEST_QUICK);
        AddTestCase(new ErrorsTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static TeSolverTestSuite g_teSolverTestSuite;

} // namespace
