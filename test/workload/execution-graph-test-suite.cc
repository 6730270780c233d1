/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// ExecutionGraph: dependency order on exact small graphs, every refusal of Validate with the
// rank and node it names, a ring all-reduce written as sends and receives, and the compute
// roofline against its closed form.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/execution-graph.h"
#include "ns3/test.h"

#include <functional>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// \return a compute node \param [in] id Its id \param [in] deps Its data dependencies
ExecNode
Compute(uint64_t id, std::vector<uint64_t> deps = {})
{
    ExecNode n;
    n.id = id;
    n.kind = ExecNodeKind::COMPUTE;
    n.duration = MicroSeconds(10);
    n.dataDeps = std::move(deps);
    return n;
}

/// \return a collective node \param [in] id Id \param [in] kind Kind \param [in] bytes Bytes
/// \param [in] group Process group
ExecNode
Coll(uint64_t id, CollectiveKind kind, double bytes, const std::string& group = "")
{
    ExecNode n;
    n.id = id;
    n.kind = ExecNodeKind::COLLECTIVE;
    n.collective = kind;
    n.bytes = bytes;
    n.group = group;
    return n;
}

/// \return a send or receive \param [in] id Id \param [in] send Send (else receive)
/// \param [in] peer Peer \param [in] tag Tag \param [in] bytes Bytes
ExecNode
Message(uint64_t id, bool send, uint32_t peer, uint64_t tag, double bytes)
{
    ExecNode n;
    n.id = id;
    n.kind = send ? ExecNodeKind::SEND : ExecNodeKind::RECV;
    n.peer = peer;
    n.tag = tag;
    n.bytes = bytes;
    return n;
}

/// \return Validate's error ("" if valid) \param [in] g A graph
std::string
ErrorOf(const ExecutionGraph& g)
{
    std::string error;
    return g.Validate(error) ? "" : error;
}

/**
 * \ingroup optical-tests
 * Order: dependencies first, ties by insertion, data and control dependencies alike.
 */
class ExecutionGraphOrderTestCase : public TestCase
{
  public:
    ExecutionGraphOrderTestCase()
        : TestCase("Execution graph: dependency order, ties in the order added")
    {
    }

  private:
    void DoRun() override
    {
        // Added 5, 4, 3, 2, 1: 3 needs 5 and 4 (data), 2 is after 1 (control), 1 needs 3.
        ExecutionGraph g(1);
        g.Add(0, Compute(5));
        g.Add(0, Compute(4));
        ExecNode c = Compute(3, {5, 4});
        g.Add(0, c);
        ExecNode b = Compute(2);
        b.ctrlDeps = {1};
        g.Add(0, b);
        g.Add(0, Compute(1, {3, 3})); // a dependency named twice counts once
        NS_TEST_ASSERT_MSG_EQ(ErrorOf(g), "", "valid");
        const std::vector<std::size_t> order = g.GetOrder(0);
        const std::vector<std::size_t> expected{0, 1, 2, 4, 3}; // ids 5, 4, 3, 1, 2
        NS_TEST_ASSERT_MSG_EQ(order.size(), expected.size(), "every node ordered");
        for (std::size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(order[i], expected[i], "position " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(g.GetNNodes(), 5, "five nodes");
        NS_TEST_EXPECT_MSG_EQ(g.Find(0, 3)->dataDeps.size(), 2, "found by id");
        NS_TEST_EXPECT_MSG_EQ(g.Find(0, 9), nullptr, "unknown id");
    }
};

/**
 * \ingroup optical-tests
 * Every refusal names the rank and node, and what is wrong.
 */
class ExecutionGraphRefusalTestCase : public TestCase
{
  public:
    ExecutionGraphRefusalTestCase()
        : TestCase("Execution graph: bad graphs refused with the rank, node and reason")
    {
    }

  private:
    void Expect(const ExecutionGraph& g, const std::string& expected)
    {
        NS_TEST_EXPECT_MSG_EQ(ErrorOf(g), expected, "refusal");
    }

    void DoRun() override
    {
        {
            ExecutionGraph g(2);
            ExecNode n = Compute(7, {8});
            n.name = "gemm";
            g.Add(1, n);
            Expect(g, "rank 1 node 7 (gemm): data dependency on unknown node 8");
        }
        {
            ExecutionGraph g(1);
            g.Add(0, Compute(1));
            g.Add(0, Compute(2, {1, 4}));
            g.Add(0, Compute(3, {2}));
            ExecNode last = Compute(4);
            last.ctrlDeps = {3};
            g.Add(0, last);
            Expect(g,
                   "rank 0 node 2: on a dependency cycle (3 nodes of the rank never become ready)");
        }
        {
            ExecutionGraph g(3);
            g.AddGroup("dp", {0, 2});
            g.Add(0, Coll(1, CollectiveKind::ALLREDUCE, 1e6, "dp"));
            g.Add(2, Coll(1, CollectiveKind::ALLREDUCE, 2e6, "dp"));
            Expect(g,
                   "rank 2 node 1: collective 1 of group 'dp' is allreduce/ring of 2e+06 B, but "
                   "rank 0 node 1 is allreduce/ring of 1e+06 B");
        }
        {
            ExecutionGraph g(2);
            ExecNode a = Coll(1, CollectiveKind::ALLREDUCE, 1e6);
            g.Add(0, a);
            a.algorithm = CollectiveAlgorithm::TREE;
            g.Add(1, a);
            Expect(g,
                   "rank 1 node 1: collective 1 of group of every rank is allreduce/tree of "
                   "1e+06 B, but rank 0 node 1 is allreduce/ring of 1e+06 B");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Coll(1, CollectiveKind::ALLGATHER, 1e6));
            g.Add(0, Coll(2, CollectiveKind::ALLGATHER, 1e6));
            g.Add(1, Coll(1, CollectiveKind::ALLGATHER, 1e6));
            Expect(g, "group of every rank: rank 1 has 1 collectives, rank 0 has 2");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Coll(1, CollectiveKind::ALLREDUCE, 1e6, "tp"));
            Expect(g, "rank 0 node 1: unknown process group 'tp'");
        }
        {
            ExecutionGraph g(1);
            g.Add(0, Coll(1, CollectiveKind::ALLTOALL, 1e6)); // ring, the default
            const std::string error = ErrorOf(g);
            NS_TEST_EXPECT_MSG_EQ(error.substr(0, 55),
                                  "rank 0 node 1: no algorithm ring for alltoall (allreduc",
                                  "an algorithm the kind has not: " << error);
            NS_TEST_EXPECT_MSG_NE(error.find("alltoall/direct"), std::string::npos, "listed");
        }
        {
            ExecutionGraph g(3);
            g.AddGroup("pair", {0, 1});
            g.Add(2, Coll(1, CollectiveKind::ALLREDUCE, 1e6, "pair"));
            Expect(g, "rank 2 node 1: collective on group 'pair', which rank 2 is not in");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Message(1, true, 1, 5, 1000));
            Expect(g, "rank 0 node 1: send from rank 0 to rank 1 with tag 5 has no receive");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Message(1, true, 1, 5, 1000));
            g.Add(1, Message(1, false, 0, 5, 1000));
            g.Add(1, Message(2, false, 0, 5, 1000));
            Expect(g, "rank 1 node 2: receive from rank 0 to rank 1 with tag 5 has no send");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Message(1, true, 1, 0, 1000));
            g.Add(1, Message(1, false, 0, 0, 999));
            Expect(g, "rank 1 node 1: receives 999 B, but its send (rank 0 node 1) sends 1000 B");
        }
        {
            ExecutionGraph g(2);
            g.Add(0, Message(1, true, 2, 0, 1000));
            Expect(g, "rank 0 node 1: send with peer 2 (ranks 0 to 1, not itself)");
        }
        {
            ExecutionGraph g(1);
            ExecNode n = Compute(1);
            n.duration = MicroSeconds(-1);
            g.Add(0, n);
            Expect(g, "rank 0 node 1: negative duration -1us");
        }
        {
            ExecutionGraph g(1);
            ExecNode n = Compute(1);
            n.bytes = std::nan("");
            g.Add(0, n);
            Expect(g, "rank 0 node 1: flops 0 and bytes nan must be finite and not negative");
        }
    }
};

/**
 * \ingroup optical-tests
 * A ring all-reduce of N ranks written as 2(N - 1) send/receive steps per rank (the shape of
 * Chakra's custom ring sample) validates; sends and receives pair up in order.
 */
class ExecutionGraphRingTestCase : public TestCase
{
  public:
    ExecutionGraphRingTestCase()
        : TestCase("Execution graph: a ring all-reduce as sends and receives validates")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 8;
        const double chunk = (1 << 20) / double(n);
        ExecutionGraph g(n);
        for (uint32_t r = 0; r < n; ++r)
        {
            uint64_t id = 0;
            uint64_t last = 0;
            for (uint32_t step = 0; step < 2 * (n - 1); ++step)
            {
                ExecNode send = Message(++id, true, (r + 1) % n, step, chunk);
                ExecNode recv = Message(++id, false, (r + n - 1) % n, step, chunk);
                if (last)
                {
                    send.dataDeps = {last};
                    recv.dataDeps = {last};
                }
                g.Add(r, send);
                g.Add(r, recv);
                last = recv.id;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(ErrorOf(g), "", "a valid ring");
        NS_TEST_EXPECT_MSG_EQ(g.GetNNodes(), n * 4 * (n - 1), "2(N-1) sends and receives a rank");
        // Break it: rank 3's last receive expects a tag nobody sends.
        ExecutionGraph broken = g;
        ExecNode extra = Message(1000, false, 2, 99, chunk);
        broken.Add(3, extra);
        NS_TEST_EXPECT_MSG_EQ(ErrorOf(broken),
                              "rank 3 node 1000: receive from rank 2 to rank 3 with tag 99 has "
                              "no send",
                              "unmatched receive");
    }
};

/**
 * \ingroup optical-tests
 * Compute time: the duration if given, else max(flops / (peak x MFU), bytes / HBM).
 */
class ExecutionGraphRooflineTestCase : public TestCase
{
  public:
    ExecutionGraphRooflineTestCase()
        : TestCase("Execution graph: compute time by duration or the GPU's roofline")
    {
    }

  private:
    void DoRun() override
    {
        GpuSpec gpu;
        gpu.name = "test";
        gpu.peakFlops = 1e15;
        gpu.mfu = 0.5;
        gpu.hbmBytesPerSecond = 4e12;
        ExecNode n;
        n.kind = ExecNodeKind::COMPUTE;
        n.flops = 3e12; // 6 ms at 5e14 FLOP/s
        n.bytes = 8e9;  // 2 ms at 4 TB/s
        NS_TEST_EXPECT_MSG_EQ(ExecutionGraph::ComputeTime(n, gpu),
                              MilliSeconds(6),
                              "compute-bound");
        n.bytes = 4e10; // 10 ms
        NS_TEST_EXPECT_MSG_EQ(ExecutionGraph::ComputeTime(n, gpu),
                              MilliSeconds(10),
                              "memory-bound");
        n.duration = MicroSeconds(250);
        NS_TEST_EXPECT_MSG_EQ(ExecutionGraph::ComputeTime(n, gpu), MicroSeconds(250), "duration");
        ExecNode empty;
        NS_TEST_EXPECT_MSG_EQ(ExecutionGraph::ComputeTime(empty, gpu), Time(0), "nothing to do");
    }
};

/// Fold inverts Expand exactly, or refuses.
class ExecutionGraphFoldTestCase : public TestCase
{
  public:
    ExecutionGraphFoldTestCase()
        : TestCase("Execution graph: Fold gives back the folded graph of an expansion, exactly or "
                   "not at all")
    {
    }

  private:
    /// \return two ranks of two replicas: compute, a collective among the replicas, a group
    /// all-reduce and a send/receive pair that later nodes depend on
    static ExecutionGraph Folded()
    {
        ExecutionGraph g(2, 2);
        g.AddGroup("dp", {0, 1});
        for (uint32_t r = 0; r < 2; ++r)
        {
            g.Add(r, Compute(1));
            ExecNode tp = Coll(2, CollectiveKind::ALLREDUCE, 4096);
            tp.amongReplicas = true;
            tp.dataDeps = {1};
            g.Add(r, tp);
            ExecNode dp = Coll(3, CollectiveKind::ALLREDUCE, 1 << 20, "dp");
            dp.dataDeps = {2};
            g.Add(r, dp);
            ExecNode m = Message(4, r == 0, 1 - r, 7, 2048);
            m.dataDeps = {3};
            g.Add(r, m);
            g.Add(r, Compute(5, {4}));
        }
        return g;
    }

    /// \return whether two graphs have the same groups and nodes
    static bool Same(const ExecutionGraph& a, const ExecutionGraph& b)
    {
        if (a.GetNRanks() != b.GetNRanks() || a.GetNReplicas() != b.GetNReplicas() ||
            a.GetGroups() != b.GetGroups())
        {
            return false;
        }
        for (uint32_t r = 0; r < a.GetNRanks(); ++r)
        {
            const auto& x = a.GetNodes(r);
            const auto& y = b.GetNodes(r);
            if (x.size() != y.size())
            {
                return false;
            }
            for (std::size_t i = 0; i < x.size(); ++i)
            {
                if (x[i].id != y[i].id || x[i].name != y[i].name || x[i].kind != y[i].kind ||
                    x[i].bytes != y[i].bytes || x[i].group != y[i].group ||
                    x[i].amongReplicas != y[i].amongReplicas || x[i].peer != y[i].peer ||
                    x[i].dataDeps != y[i].dataDeps || x[i].duration != y[i].duration)
                {
                    return false;
                }
            }
        }
        return true;
    }

    /// \return a copy of \p g with \p change applied to the nodes of rank \p rank
    static ExecutionGraph Changed(const ExecutionGraph& g,
                                  uint32_t rank,
                                  const std::function<void(std::vector<ExecNode>&)>& change)
    {
        ExecutionGraph out(g.GetNRanks());
        for (const auto& [name, ranks] : g.GetGroups())
        {
            out.AddGroup(name, ranks);
        }
        for (uint32_t r = 0; r < g.GetNRanks(); ++r)
        {
            std::vector<ExecNode> nodes = g.GetNodes(r);
            if (r == rank)
            {
                change(nodes);
            }
            out.SetNodes(r, std::move(nodes));
        }
        return out;
    }

    void DoRun() override
    {
        const ExecutionGraph folded = Folded();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(folded.Validate(error), true, error);
        const ExecutionGraph flat = folded.Expand();
        NS_TEST_ASSERT_MSG_EQ(flat.GetNRanks(), 4, "a rank per replica");
        NS_TEST_ASSERT_MSG_EQ(flat.Validate(error), true, error);
        // Synchronizations after the apart nodes others depend on: the all-reduce of "dp" and
        // the send or receive (5 nodes + 2 per expanded rank).
        NS_TEST_EXPECT_MSG_EQ(flat.GetNodes(0).size(), 7, "two synchronizations");
        ExecutionGraph back;
        NS_TEST_ASSERT_MSG_EQ(flat.Fold(back), true, "an expansion folds");
        NS_TEST_EXPECT_MSG_EQ(Same(back, folded), true, "into the graph it came from");

        // Anything that is not exactly an expansion stays as it is.
        ExecutionGraph out;
        NS_TEST_EXPECT_MSG_EQ(folded.Fold(out), false, "a folded graph does not fold again");
        const auto bytes = Changed(flat, 3, [](std::vector<ExecNode>& n) { n[0].bytes = 1; });
        NS_TEST_EXPECT_MSG_EQ(bytes.Fold(out), false, "one replica's compute differs");
        const auto fewer = Changed(flat, 2, [](std::vector<ExecNode>& n) { n.pop_back(); });
        NS_TEST_EXPECT_MSG_EQ(fewer.Fold(out), false, "a replica lacks its last node");
        const auto more =
            Changed(flat, 1, [](std::vector<ExecNode>& n) { n.push_back(Compute(99, {5})); });
        NS_TEST_EXPECT_MSG_EQ(more.Fold(out), false, "a replica has one more node");
        const auto unsynced = Changed(flat, 0, [](std::vector<ExecNode>& n) {
            for (auto& x : n)
            {
                for (auto& d : x.dataDeps)
                {
                    d = d > 5 ? 3 : d; // depend on the all-reduce, not on its synchronization
                }
            }
        });
        NS_TEST_EXPECT_MSG_EQ(unsynced.Fold(out), false, "a dependency skips a synchronization");
    }
};

/// The suite.
class ExecutionGraphTestSuite : public TestSuite
{
  public:
    ExecutionGraphTestSuite()
        : TestSuite("optical-execution-graph", SUITE_UNIT)
    {
        AddTestCase(new ExecutionGraphOrderTestCase, TEST_QUICK);
        AddTestCase(new ExecutionGraphRefusalTestCase, TEST_QUICK);
        AddTestCase(new ExecutionGraphRingTestCase, TEST_QUICK);
        AddTestCase(new ExecutionGraphRooflineTestCase, TEST_QUICK);
        AddTestCase(new ExecutionGraphFoldTestCase, TEST_QUICK);
    }
};

/// Its instance.
ExecutionGraphTestSuite g_executionGraphTestSuite;

} // namespace
