/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The "ncflow" TE method (TeNcflowMethod): its clustering, its reduction to the LP with one
// cluster, the feasibility and determinism of its allocations, and a bound on their quality.

#include "../../common/optical-test-compat.h"
#include "te-test-problems.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;
using namespace ns3::te_test;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/**
 * \brief The ncflow method with its attributes.
 * \param [in] clusters Clusters attribute
 * \param [in] threads Threads attribute
 * \param [in] seed Seed attribute
 * \return the method
 */
Ptr<TeNcflowMethod>
Ncflow(uint32_t clusters, uint32_t threads, uint64_t seed = 1)
{
    Ptr<TeNcflowMethod> m = CreateObject<TeNcflowMethod>();
    m->SetAttribute("Clusters", UintegerValue(clusters));
    m->SetAttribute("Threads", UintegerValue(threads));
    m->SetAttribute("Seed", UintegerValue(seed));
    return m;
}

/// The method with its DoAllocate open, to see its answer before TeMethod's repair.
class RawNcflow : public TeNcflowMethod
{
  public:
    /**
     * \brief DoAllocate, without Allocate's repair.
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [out] out The allocation
     * \param [out] error Why there is none
     * \return true on success
     */
    bool Raw(const TeGraph& g,
             const TeSolver::Problem& p,
             TeSolver::Solution& out,
             std::string& error)
    {
        return DoAllocate(g, p, out, error);
    }
};
} // namespace

/// Cluster(): k connected clusters covering every node, the same for the same seed.
class ClusterTestCase : public TestCase
{
  public:
    ClusterTestCase()
        : TestCase("ncflow clusters: k honoured (at most the nodes), every node in one, each "
                   "connected, the same for the same seed")
    {
    }

  private:
    /**
     * \brief Checks one clustering.
     * \param [in] g The graph
     * \param [in] k Clusters asked for
     * \param [in] seed Seed
     * \param [in] what The graph's name
     */
    void Check(const TeGraph& g, uint32_t k, uint64_t seed, const std::string& what)
    {
        const auto label = TeNcflowMethod::Cluster(g, k, seed);
        const uint32_t want = std::min(k, g.nodes);
        NS_TEST_ASSERT_MSG_EQ(label.size(), g.nodes, what << " k " << k << ": a label per node");
        std::vector<uint32_t> size(want, 0);
        for (uint32_t v = 0; v < g.nodes; ++v)
        {
            NS_TEST_ASSERT_MSG_LT(label[v], want, what << " k " << k << ": label of node " << v);
            ++size[label[v]];
        }
        for (uint32_t c = 0; c < want; ++c)
        {
            NS_TEST_EXPECT_MSG_GT(size[c], 0, what << " k " << k << ": cluster " << c << " empty");
        }
        // Each cluster connected: a search over the arcs inside it (either direction) from
        // one of its nodes reaches all of them.
        std::vector<std::vector<uint32_t>> adj(g.nodes);
        for (const auto& a : g.arcs)
        {
            if (label[a.from] == label[a.to])
            {
                adj[a.from].push_back(a.to);
                adj[a.to].push_back(a.from);
            }
        }
        std::vector<char> seen(g.nodes, 0);
        std::vector<uint32_t> reached(want, 0);
        for (uint32_t v = 0; v < g.nodes; ++v)
        {
            const uint32_t c = label[v];
            if (reached[c] > 0)
            {
                continue; // searched from its first node
            }
            std::vector<uint32_t> stack{v};
            seen[v] = 1;
            while (!stack.empty())
            {
                const uint32_t u = stack.back();
                stack.pop_back();
                ++reached[c];
                for (uint32_t w : adj[u])
                {
                    if (!seen[w])
                    {
                        seen[w] = 1;
                        stack.push_back(w);
                    }
                }
            }
        }
        for (uint32_t c = 0; c < want; ++c)
        {
            NS_TEST_EXPECT_MSG_EQ(reached[c],
                                  size[c],
                                  what << " k " << k << ": cluster " << c << " not connected");
        }
        NS_TEST_EXPECT_MSG_EQ((TeNcflowMethod::Cluster(g, k, seed) == label),
                              true,
                              what << " k " << k << ": same seed, same clusters");
    }

    void DoRun() override
    {
        std::string error;
        for (const std::string name : {"b4", "uscarrier"})
        {
            TeTopology t;
            NS_TEST_ASSERT_MSG_EQ(TeTopology::Load(name, t, error), true, error);
            for (uint32_t k : {1U, 2U, 3U, 5U, 13U, t.GetNNodes(), t.GetNNodes() + 4})
            {
                for (uint64_t seed : {1ULL, 7ULL})
                {
                    Check(t.graph, k, seed, name);
                }
            }
        }
        // A ring of 8 nodes (one arc each way) in 4 clusters, i.e. 4 arcs of the ring. Each
        // end of an arc of 2 nodes or more can leave it without disconnecting it, so when the
        // balancing ends, clusters next to each other differ by at most 1 node, and any two
        // (at most 2 steps apart around the ring of clusters) by at most 2.
        TeGraph ring;
        ring.nodes = 8;
        for (uint32_t v = 0; v < 8; ++v)
        {
            ring.arcs.push_back({v, (v + 1) % 8, 1});
            ring.arcs.push_back({(v + 1) % 8, v, 1});
        }
        for (uint64_t seed = 1; seed <= 8; ++seed)
        {
            Check(ring, 4, seed, "ring");
            const auto label = TeNcflowMethod::Cluster(ring, 4, seed);
            std::vector<uint32_t> size(4, 0);
            for (uint32_t c : label)
            {
                ++size[c];
            }
            const auto [low, high] = std::minmax_element(size.begin(), size.end());
            NS_TEST_EXPECT_MSG_LT_OR_EQ(*high - *low,
                                        2,
                                        "ring seed " << seed << ": sizes " << size[0] << " "
                                                     << size[1] << " " << size[2] << " "
                                                     << size[3]);
            for (uint32_t v = 0; v < 8; ++v)
            {
                const uint32_t a = label[v];
                const uint32_t b = label[(v + 1) % 8];
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::max(size[a], size[b]) - std::min(size[a], size[b]),
                                            1,
                                            "ring seed " << seed << ": neighbours " << a << ", "
                                                         << b);
            }
        }
        // Two components of 3 nodes and 2 clusters: one cluster each.
        TeGraph two;
        two.nodes = 6;
        two.arcs = {{0, 1, 1}, {1, 2, 1}, {3, 4, 1}, {4, 5, 1}};
        const auto label = TeNcflowMethod::Cluster(two, 2, 3);
        NS_TEST_EXPECT_MSG_EQ((label[0] == label[1] && label[1] == label[2]), true, "component 0");
        NS_TEST_EXPECT_MSG_EQ((label[3] == label[4] && label[4] == label[5]), true, "component 1");
        NS_TEST_EXPECT_MSG_NE(label[0], label[3], "one cluster per component");
    }
};

/// One cluster is the LP.
class OneClusterTestCase : public TestCase
{
  public:
    OneClusterTestCase()
        : TestCase("ncflow with one cluster is the LP (B4 and a 30-site WAN at load 1)")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string name : {"b4", "synthetic-30"})
        {
            TeTopology t;
            TeSolver::Problem p;
            const std::string why = MakeProblem(name, 1.0, t, p);
            NS_TEST_ASSERT_MSG_EQ(why, "", why);
            std::string error;
            TeSolver::Solution lp;
            NS_TEST_ASSERT_MSG_EQ(TeMethod::Create("lp", error)->Allocate(t.graph, p, lp, error),
                                  true,
                                  error);
            Ptr<TeNcflowMethod> m = Ncflow(1, 2);
            TeSolver::Solution nc;
            NS_TEST_ASSERT_MSG_EQ(m->Allocate(t.graph, p, nc, error), true, error);
            NS_TEST_EXPECT_MSG_EQ(m->GetNClusters(), 1, name << ": one cluster");
            NS_TEST_EXPECT_MSG_EQ_TOL(nc.throughput,
                                      lp.throughput,
                                      1e-6 * lp.throughput,
                                      name << ": one cluster = the LP");
            NS_TEST_EXPECT_MSG_LT(lp.throughput,
                                  TeMethod::TotalDemand(p) * (1 - 1e-3),
                                  name << ": the instance is congested");
        }
    }
};

/// Allocations: feasible (before repair too), conserving, deterministic; quality bound.
class AllocationTestCase : public TestCase
{
  public:
    AllocationTestCase()
        : TestCase("ncflow on B4 and a 30-site WAN: feasible before and after repair, conserving, "
                   "the same for the same seed and any threads, between the LP over (1 + longest "
                   "path) and the LP")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string name : {"b4", "synthetic-30"})
        {
            TeTopology t;
            TeSolver::Problem p;
            const std::string why = MakeProblem(name, 1.0, t, p);
            NS_TEST_ASSERT_MSG_EQ(why, "", why);
            const TeGraph& g = t.graph;
            std::string error;
            TeSolver::Solution lp;
            NS_TEST_ASSERT_MSG_EQ(TeMethod::Create("lp", error)->Allocate(g, p, lp, error),
                                  true,
                                  error);
            std::size_t longest = 0;
            for (const auto& c : p.commodities)
            {
                for (const auto& path : c.paths)
                {
                    longest = std::max(longest, path.size());
                }
            }
            const std::vector<uint32_t> ks =
                name == "b4" ? std::vector<uint32_t>{2, 3} : std::vector<uint32_t>{0, 7};
            for (uint32_t k : ks)
            {
                const std::string what = name + " k " + std::to_string(k);
                Ptr<TeNcflowMethod> m = Ncflow(k, 2);
                TeSolver::Solution s;
                NS_TEST_ASSERT_MSG_EQ(m->Allocate(g, p, s, error), true, what << ": " << error);
                const uint32_t want =
                    k > 0 ? k : static_cast<uint32_t>(std::lround(std::sqrt(g.nodes)));
                NS_TEST_EXPECT_MSG_EQ(m->GetNClusters(), want, what << ": clusters");
                // Feasible and conserving: loads are the sums of the path flows, within
                // capacity; each commodity within its demand.
                NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, s, error),
                                      true,
                                      what << ": " << error);
                std::vector<double> load(g.arcs.size(), 0);
                double throughput = 0;
                for (std::size_t c = 0; c < p.commodities.size(); ++c)
                {
                    double sum = 0;
                    for (std::size_t q = 0; q < p.commodities[c].paths.size(); ++q)
                    {
                        sum += s.pathFlow[c][q];
                        for (uint32_t a : p.commodities[c].paths[q])
                        {
                            load[a] += s.pathFlow[c][q];
                        }
                    }
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(sum,
                                                p.commodities[c].demand * (1 + 1e-9),
                                                what << ": demand of " << c);
                    throughput += sum;
                }
                for (std::size_t a = 0; a < g.arcs.size(); ++a)
                {
                    NS_TEST_ASSERT_MSG_EQ_TOL(s.arcLoad[a],
                                              load[a],
                                              1e-9 * std::max(1.0, load[a]),
                                              what << ": load of arc " << a);
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(load[a],
                                                p.capacity[a] * (1 + 1e-9),
                                                what << ": arc " << a);
                }
                NS_TEST_EXPECT_MSG_EQ_TOL(s.throughput,
                                          throughput,
                                          1e-9 * throughput,
                                          what << ": throughput");
                // Quality. Never above the LP's optimum (the LP's own tie-break can cost it a
                // relative eps x rank <= 3e-6). And at least LP / (1 + L), L the longest
                // candidate path (hops): the repair's greedy fill leaves the allocation
                // maximal (no path of an unsatisfied commodity has room on every arc), so
                // every path that the LP uses either belongs to a satisfied commodity (the
                // LP's flow on those is at most their demand, which the allocation carries)
                // or crosses an arc the allocation fills (the LP's flow over those arcs is at
                // most their capacity, which the allocation's flow, each unit over at most L
                // arcs, fills): LP <= T + L T.
                NS_TEST_EXPECT_MSG_LT_OR_EQ(s.throughput,
                                            lp.throughput * (1 + 1e-5),
                                            what << ": above the LP");
                NS_TEST_EXPECT_MSG_GT_OR_EQ(s.throughput,
                                            lp.throughput / (1 + static_cast<double>(longest)),
                                            what << ": below LP / (1 + " << longest << ")");
                // Before the repair: already within every capacity and demand (the shares of
                // an arc sum to its capacity), up to the sub-LPs' tolerances.
                Ptr<RawNcflow> raw = CreateObject<RawNcflow>();
                raw->SetAttribute("Clusters", UintegerValue(k));
                raw->SetAttribute("Threads", UintegerValue(2));
                TeSolver::Solution r;
                NS_TEST_ASSERT_MSG_EQ(raw->Raw(g, p, r, error), true, error);
                TeMethod::Evaluate(g, p, r);
                NS_TEST_EXPECT_MSG_EQ(TeMethod::CheckFeasible(g, p, r, error, 1e-7),
                                      true,
                                      what << " before repair: " << error);
                NS_TEST_EXPECT_MSG_LT_OR_EQ(r.throughput,
                                            s.throughput * (1 + 1e-7),
                                            what << ": the repair only adds");
                // Deterministic: the same seed gives the same allocation, with 1 thread or 2.
                Ptr<TeNcflowMethod> again = Ncflow(k, 1);
                TeSolver::Solution s2;
                NS_TEST_ASSERT_MSG_EQ(again->Allocate(g, p, s2, error), true, error);
                NS_TEST_EXPECT_MSG_EQ((s2.pathFlow == s.pathFlow),
                                      true,
                                      what << ": same seed, same allocation");
            }
        }
    }
};

/// What ncflow refuses.
class RefusedTestCase : public TestCase
{
  public:
    RefusedTestCase()
        : TestCase("ncflow refuses MIN_MAX_UTILISATION and extra capacity, naming itself")
    {
    }

  private:
    void DoRun() override
    {
        TeTopology t;
        TeSolver::Problem p;
        const std::string why = MakeProblem("b4", 0.5, t, p);
        NS_TEST_ASSERT_MSG_EQ(why, "", why);
        std::string error;
        TeSolver::Solution s;
        TeSolver::Problem q = p;
        q.objective = TeSolver::MIN_MAX_UTILISATION;
        NS_TEST_EXPECT_MSG_EQ(Ncflow(2, 1)->Allocate(t.graph, q, s, error), false, "min-max");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "TE method ncflow solves the max-flow objective only "
                              "(min-max-utilisation: use lp or pop)",
                              "error");
        q = p;
        q.extra.assign(t.graph.arcs.size(), 1);
        NS_TEST_EXPECT_MSG_EQ(Ncflow(2, 1)->Allocate(t.graph, q, s, error), false, "extra");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "TE method ncflow does not use extra capacity (the graph "
                              "abstraction): use lp or pop",
                              "error");
    }
};

/// The suite.
class TeNcflowTestSuite : public TestSuite
{
  public:
    TeNcflowTestSuite()
        : TestSuite("optical-wan-te-ncflow", SUITE_UNIT)
    {
        AddTestCase(new ClusterTestCase, TEST_QUICK);
        AddTestCase(new OneClusterTestCase, TEST_QUICK);
        AddTestCase(new AllocationTestCase, TEST_QUICK);
        AddTestCase(new RefusedTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static TeNcflowTestSuite g_teNcflowTestSuite;

} // namespace
