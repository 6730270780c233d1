/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Collective schedules: the bytes every rank sends and the number of sequential steps match
// the algorithms' definitions; bad specs are rejected with a message.

#include "ns3/abort.h"
#include "ns3/collective-algorithms.h"
#include "ns3/optical-compat.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Length (in ops) of the longest dependency chain of a schedule.
uint32_t
Depth(const CollectiveSchedule& s)
{
    std::vector<uint32_t> depth(s.GetOps().size(), 1);
    uint32_t best = 0;
    for (uint32_t i = 0; i < s.GetOps().size(); ++i)
    {
        for (uint32_t d : s.GetOps()[i].deps)
        {
            depth[i] = std::max(depth[i], depth[d] + 1);
        }
        best = std::max(best, depth[i]);
    }
    return best;
}

CollectiveSchedule
Build(const CollectiveSpec& spec)
{
    CollectiveSchedule s(spec.kind, spec.algorithm, spec.nRanks, spec.bytes);
    std::string error;
    NS_ABORT_MSG_IF(!CollectiveAlgorithms::Build(spec, s, error), error);
    return s;
}
} // namespace

/**
 * \ingroup optical-tests
 * Bytes per rank and sequential steps of every algorithm.
 */
class CollectiveScheduleShapeTestCase : public TestCase
{
  public:
    CollectiveScheduleShapeTestCase()
        : TestCase("Schedules move the bytes and take the steps of their algorithms")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t s = 8 * 3 * 1000; // divisible by 8 ranks and 3 chunks
        const uint32_t n = 8;
        // Ring all-reduce: 2(N-1) steps of S/N per rank.
        auto ar = Build({"allreduce", "ring", n, s, 1, 1, 0});
        for (uint32_t r = 0; r < n; ++r)
        {
            NS_TEST_EXPECT_MSG_EQ(ar.GetBytesSentBy(r), 2 * (n - 1) * s / n, "ring AR rank " << r);
        }
        NS_TEST_EXPECT_MSG_EQ(Depth(ar), 2 * (n - 1), "ring AR steps");
        // Chunked: same bytes, 3x the ops, pipelined depth 2(N-1) + chunks - 1 at most... each
        // chunk chain is independent: depth stays 2(N-1).
        auto arc = Build({"allreduce", "ring", n, s, 3, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(arc.GetOps().size(), 3 * ar.GetOps().size(), "3 chunks per transfer");
        NS_TEST_EXPECT_MSG_EQ(arc.GetTotalBytes(), ar.GetTotalBytes(), "same bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(arc), 2 * (n - 1), "chunks pipeline independently");
        // Ring reduce-scatter and all-gather: N-1 steps of S/N.
        for (const char* kind : {"reducescatter", "allgather"})
        {
            auto rs = Build({kind, "ring", n, s, 1, 1, 0});
            NS_TEST_EXPECT_MSG_EQ(rs.GetBytesSentBy(3), (n - 1) * s / n, kind);
            NS_TEST_EXPECT_MSG_EQ(Depth(rs), n - 1, kind);
        }
        // Halving-doubling: 2 log2 N steps, 2(N-1)/N S per rank.
        auto hd = Build({"allreduce", "hd", n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(hd.GetBytesSentBy(5), 2 * (n - 1) * s / n, "HD bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(hd), 2 * 3, "HD steps");
        // Direct all-to-all: S/N to each of N-1 ranks, all at once.
        auto a2a = Build({"alltoall", "direct", n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(a2a.GetBytesSentBy(0), (n - 1) * s / n, "A2A bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(a2a), 1, "A2A: one round of independent sends");
        // Double binary tree: each half of S goes up the N-1 edges of its tree and back down:
        // 2 trees x 2(N-1) x S/2 = 2(N-1) S in all; depth 2 x tree height.
        auto tree = Build({"allreduce", "tree", n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(tree.GetTotalBytes(), 2 * (n - 1) * s, "tree bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(tree), 2 * 3, "tree depth 2 x height (heap of 8: height 3)");
        // Broadcast: chain of N-1 hops; binomial tree of log2 N rounds.
        auto chain = Build({"broadcast", "ring", n, s, 1, 1, 2});
        NS_TEST_EXPECT_MSG_EQ(chain.GetTotalBytes(), (n - 1) * s, "chain bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(chain), n - 1, "chain hops");
        NS_TEST_EXPECT_MSG_EQ(chain.GetOps()[0].src, 2, "root sends first");
        auto binomial = Build({"broadcast", "tree", n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(binomial.GetTotalBytes(), (n - 1) * s, "binomial bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(binomial), 3, "log2 N rounds");
        // Hierarchical: 2 servers x 4 GPUs: RS(4) + AR(2) of S/4 + AG(4).
        auto hier = Build({"allreduce", "hierarchical", n, s, 1, 4, 0});
        // Rank 1 sends (G-1)/G S in the reduce-scatter, 2(M-1)/M x S/G = S/4 in the rail
        // all-reduce of 2 servers, and (G-1)/G S in the all-gather.
        NS_TEST_EXPECT_MSG_EQ(hier.GetBytesSentBy(1),
                              3 * s / 4 + s / 4 + 3 * s / 4,
                              "RS + AR + AG");
        NS_TEST_EXPECT_MSG_EQ(Depth(hier), 3 + 2 + 3, "phases in sequence");
        uint64_t crossServer = 0;
        for (const auto& op : hier.GetOps())
        {
            crossServer += (op.src / 4 != op.dst / 4) ? op.bytes : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(crossServer,
                              8 * (s / 4) / 2 * 2 / 1,
                              "only S/G per GPU crosses servers, twice");
        // Bus bandwidth factors.
        NS_TEST_EXPECT_MSG_EQ_TOL(ar.GetBusBandwidthFactor(), 2.0 * 7 / 8, 1e-12, "AR factor");
        NS_TEST_EXPECT_MSG_EQ_TOL(a2a.GetBusBandwidthFactor(), 7.0 / 8, 1e-12, "A2A factor");
    }
};

/**
 * \ingroup optical-tests
 * Bad specs are rejected with a message naming the value.
 */
class CollectiveScheduleErrorsTestCase : public TestCase
{
  public:
    CollectiveScheduleErrorsTestCase()
        : TestCase("Unknown algorithms and bad sizes are rejected with a message")
    {
    }

  private:
    void DoRun() override
    {
        struct Bad
        {
            CollectiveSpec spec;
            const char* mention;
        };

        const Bad cases[] = {
            {{"allreduce", "magic", 4, 100, 1, 1, 0}, "magic"},
            {{"allreduce", "ring", 1, 100, 1, 1, 0}, "at least 2 ranks"},
            {{"allreduce", "ring", 4, 0, 1, 1, 0}, "positive"},
            {{"allreduce", "hd", 6, 100, 1, 1, 0}, "power-of-2"},
            {{"allreduce", "hierarchical", 8, 100, 1, 3, 0}, "hierarchical"},
            {{"allreduce", "ring", 4, 10, 20, 1, 0}, "chunks"},
            {{"broadcast", "ring", 4, 10, 1, 1, 9}, "root 9"},
        };
        for (const auto& c : cases)
        {
            CollectiveSchedule s("x", "y", 0, 0);
            std::string error;
            NS_TEST_EXPECT_MSG_EQ(CollectiveAlgorithms::Build(c.spec, s, error), false, c.mention);
            NS_TEST_EXPECT_MSG_NE(error.find(c.mention), std::string::npos, error);
            NS_TEST_EXPECT_MSG_EQ(s.GetOps().size(), 0, "schedule unchanged");
        }
    }
};

/**
 * \ingroup optical-tests
 * Collective schedules.
 */
class CollectiveScheduleTestSuite : public TestSuite
{
  public:
    CollectiveScheduleTestSuite()
        : TestSuite("optical-collective-schedule", SUITE_UNIT)
    {
        AddTestCase(new CollectiveScheduleShapeTestCase, TEST_QUICK);
        AddTestCase(new CollectiveScheduleErrorsTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static CollectiveScheduleTestSuite g_collectiveScheduleTestSuite;

} // namespace
