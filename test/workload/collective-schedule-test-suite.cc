/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Collective schedules: the bytes every rank sends and the number of sequential steps match
// the algorithms' definitions, also for sizes below the group size (no empty transfer); a
// transfer of 0 bytes never reaches a transport; the alpha-beta formulas on small cases worked
// by hand; bad specs are rejected with a message.
//
// The specs here are written positionally with string names, as programs written before the
// typed API (CollectiveKind, CollectiveAlgorithm) did: this suite is also the proof that such
// programs still compile and run. Their deprecation warnings are silenced for this file only.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include "../common/optical-test-compat.h"

#include "ns3/abort.h"
#include "ns3/collective-algorithms.h"
#include "ns3/collective-transport.h"
#include "ns3/collective.h"
#include "ns3/simulator.h"
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
    CollectiveSchedule s(spec.kind.GetName(), spec.algorithm.GetName(), spec.nRanks, spec.bytes);
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
        auto ar = Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, s, 1, 1, 0});
        for (uint32_t r = 0; r < n; ++r)
        {
            NS_TEST_EXPECT_MSG_EQ(ar.GetBytesSentBy(r), 2 * (n - 1) * s / n, "ring AR rank " << r);
        }
        NS_TEST_EXPECT_MSG_EQ(Depth(ar), 2 * (n - 1), "ring AR steps");
        // Chunked: same bytes, 3x the ops, pipelined depth 2(N-1) + chunks - 1 at most... each
        // chunk chain is independent: depth stays 2(N-1).
        auto arc = Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, s, 3, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(arc.GetOps().size(), 3 * ar.GetOps().size(), "3 chunks per transfer");
        NS_TEST_EXPECT_MSG_EQ(arc.GetTotalBytes(), ar.GetTotalBytes(), "same bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(arc), 2 * (n - 1), "chunks pipeline independently");
        // Ring reduce-scatter and all-gather: N-1 steps of S/N.
        for (const CollectiveKind kind : {CollectiveKind::REDUCESCATTER, CollectiveKind::ALLGATHER})
        {
            auto rs = Build({kind, CollectiveAlgorithm::RING, n, s, 1, 1, 0});
            NS_TEST_EXPECT_MSG_EQ(rs.GetBytesSentBy(3), (n - 1) * s / n, kind);
            NS_TEST_EXPECT_MSG_EQ(Depth(rs), n - 1, kind);
        }
        // Halving-doubling: 2 log2 N steps, 2(N-1)/N S per rank.
        auto hd = Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD, n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(hd.GetBytesSentBy(5), 2 * (n - 1) * s / n, "HD bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(hd), 2 * 3, "HD steps");
        // Direct all-to-all: S/N to each of N-1 ranks, all at once.
        auto a2a = Build({CollectiveKind::ALLTOALL, CollectiveAlgorithm::DIRECT, n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(a2a.GetBytesSentBy(0), (n - 1) * s / n, "A2A bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(a2a), 1, "A2A: one round of independent sends");
        // Double binary tree: each half of S goes up the N-1 edges of its tree and back down:
        // 2 trees x 2(N-1) x S/2 = 2(N-1) S in all; depth 2 x tree height.
        auto tree = Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::TREE, n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(tree.GetTotalBytes(), 2 * (n - 1) * s, "tree bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(tree), 2 * 3, "tree depth 2 x height (heap of 8: height 3)");
        // Broadcast: chain of N-1 hops; binomial tree of log2 N rounds.
        auto chain = Build({CollectiveKind::BROADCAST, CollectiveAlgorithm::RING, n, s, 1, 1, 2});
        NS_TEST_EXPECT_MSG_EQ(chain.GetTotalBytes(), (n - 1) * s, "chain bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(chain), n - 1, "chain hops");
        NS_TEST_EXPECT_MSG_EQ(chain.GetOps()[0].src, 2, "root sends first");
        auto binomial =
            Build({CollectiveKind::BROADCAST, CollectiveAlgorithm::TREE, n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(binomial.GetTotalBytes(), (n - 1) * s, "binomial bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(binomial), 3, "log2 N rounds");
        // Reduce: a chain into the root (N-1 hops of S, the far end first); a binomial tree
        // (log2 N rounds, the root hears from log2 N children).
        auto reduce = Build({CollectiveKind::REDUCE, CollectiveAlgorithm::RING, n, s, 1, 1, 2});
        NS_TEST_EXPECT_MSG_EQ(reduce.GetTotalBytes(), (n - 1) * s, "reduce chain bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(reduce), n - 1, "reduce chain hops");
        NS_TEST_EXPECT_MSG_EQ(reduce.GetOps().front().src, (2 + n - 1) % n, "far end first");
        NS_TEST_EXPECT_MSG_EQ(reduce.GetOps().back().dst, 2, "into the root");
        auto rtree = Build({CollectiveKind::REDUCE, CollectiveAlgorithm::TREE, n, s, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(rtree.GetTotalBytes(), (n - 1) * s, "reduce tree bytes");
        NS_TEST_EXPECT_MSG_EQ(Depth(rtree), 3, "log2 N rounds");
        uint32_t intoRoot = 0;
        for (const auto& op : rtree.GetOps())
        {
            intoRoot += op.dst == 0 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(intoRoot, 3, "the root's log2 N children");
        // Gather and scatter: S/N from or to each other rank, at once.
        auto gather = Build({CollectiveKind::GATHER, CollectiveAlgorithm::DIRECT, n, s, 1, 1, 5});
        NS_TEST_EXPECT_MSG_EQ(gather.GetBytesSentBy(5), 0, "the root sends nothing");
        NS_TEST_EXPECT_MSG_EQ(gather.GetBytesSentBy(1), s / n, "S/N from each");
        NS_TEST_EXPECT_MSG_EQ(Depth(gather), 1, "one round");
        auto scatter = Build({CollectiveKind::SCATTER, CollectiveAlgorithm::DIRECT, n, s, 1, 1, 5});
        NS_TEST_EXPECT_MSG_EQ(scatter.GetBytesSentBy(5), (n - 1) * s / n, "the root's blocks");
        NS_TEST_EXPECT_MSG_EQ(Depth(scatter), 1, "one round");
        // Barrier: dissemination, ceil(log2 N) rounds of N messages of S (1 byte here).
        auto barrier = Build({CollectiveKind::BARRIER, CollectiveAlgorithm::DIRECT, 6, 1, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(barrier.GetOps().size(), 6 * 3, "N messages in each of 3 rounds");
        NS_TEST_EXPECT_MSG_EQ(barrier.GetTotalBytes(), 6 * 3, "one byte each");
        NS_TEST_EXPECT_MSG_EQ(Depth(barrier), 3, "ceil(log2 6) rounds");
        // Hierarchical: 2 servers x 4 GPUs: RS(4) + AR(2) of S/4 + AG(4).
        auto hier =
            Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HIERARCHICAL, n, s, 1, 4, 0});
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
            {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, 1, 100, 1, 1, 0},
             "at least 2 ranks"},
            {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, 4, 0, 1, 1, 0}, "positive"},
            {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD, 6, 100, 1, 1, 0}, "power-of-2"},
            {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HIERARCHICAL, 8, 100, 1, 3, 0},
             "hierarchical"},
            {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, 4, 10, 20, 1, 0}, "chunks"},
            {{CollectiveKind::BROADCAST, CollectiveAlgorithm::RING, 4, 10, 1, 1, 9}, "root 9"},
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
 * A transport that delivers every message at once and counts them; sends of 0 bytes are
 * counted apart (a real transport never completes them).
 */
class CountingTransport : public CollectiveTransport
{
  public:
    uint32_t sends{0};      //!< Messages of at least a byte
    uint32_t emptySends{0}; //!< Messages of 0 bytes
    uint64_t bytes{0};      //!< Bytes sent

    void Send(uint32_t, uint32_t, uint64_t size, DeliveryCallback delivered) override
    {
        ++(size == 0 ? emptySends : sends);
        bytes += size;
        ScheduleNow(delivered);
    }

    uint32_t GetNRanks() const override
    {
        return 8;
    }
};

/**
 * \ingroup optical-tests
 * Sizes below the group size: no empty transfer, every byte still moves, the order stays.
 */
class CollectiveScheduleSmallSizeTestCase : public TestCase
{
  public:
    CollectiveScheduleSmallSizeTestCase()
        : TestCase("Sizes below the group size move every byte and send no empty transfer")
    {
    }

  private:
    void DoRun() override
    {
        // Hand-built: a (0->1, 5 B); b (1->2, 0 B) after a; c (2->3, 7 B) after b; d (3->0, 0
        // B); e (0->2, 2 B) after d and c. Removing b and d: c waits for a, e for c only.
        CollectiveSchedule hand("x", "y", 4, 14);
        const uint32_t a = hand.AddOp(0, 1, 5);
        const uint32_t b = hand.AddOp(1, 2, 0, {a});
        const uint32_t c = hand.AddOp(2, 3, 7, {b});
        const uint32_t d = hand.AddOp(3, 0, 0);
        hand.AddOp(0, 2, 2, {d, c});
        NS_TEST_ASSERT_MSG_EQ(hand.RemoveEmptyOps(), 2, "two empty ops removed");
        NS_TEST_ASSERT_MSG_EQ(hand.GetOps().size(), 3, "three left");
        NS_TEST_EXPECT_MSG_EQ(hand.GetOps()[1].bytes, 7, "c is second");
        NS_TEST_ASSERT_MSG_EQ(hand.GetOps()[1].deps.size(), 1, "c waits for one op");
        NS_TEST_EXPECT_MSG_EQ(hand.GetOps()[1].deps[0], 0, "c waits for a");
        NS_TEST_ASSERT_MSG_EQ(hand.GetOps()[2].deps.size(), 1, "e waits for one op");
        NS_TEST_EXPECT_MSG_EQ(hand.GetOps()[2].deps[0], 1, "e waits for c");
        NS_TEST_EXPECT_MSG_EQ(hand.Validate(), "", "still a valid schedule");

        const uint32_t n = 8;
        for (uint64_t size : {1ull, 3ull, 7ull, 1001ull})
        {
            // Total bytes moved, for any S: ring and halving-doubling all-reduce 2(N-1) S
            // (every byte leaves each of N-1 ranks twice), reduce-scatter and all-gather
            // (N-1) S, all-to-all (N-1) S (each block from N-1 ranks), double binary tree
            // 2(N-1) S (each half up and down N-1 edges), hierarchical on 2 servers of 4:
            // 2 x 2 x 3 S in the servers + 2 x 1 x S across.
            struct Expect
            {
                CollectiveSpec spec;
                uint64_t total;
                uint32_t depth; //!< 0: not checked
            };

            const Expect cases[] = {
                {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, size, 1, 1, 0},
                 2 * (n - 1) * size,
                 2 * (n - 1)},
                {{CollectiveKind::REDUCESCATTER, CollectiveAlgorithm::RING, n, size, 1, 1, 0},
                 (n - 1) * size,
                 n - 1},
                {{CollectiveKind::ALLGATHER, CollectiveAlgorithm::RING, n, size, 1, 1, 0},
                 (n - 1) * size,
                 n - 1},
                {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD, n, size, 1, 1, 0},
                 2 * (n - 1) * size,
                 0},
                {{CollectiveKind::ALLTOALL, CollectiveAlgorithm::DIRECT, n, size, 1, 1, 0},
                 (n - 1) * size,
                 1},
                {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::TREE, n, size, 1, 1, 0},
                 2 * (n - 1) * size,
                 0},
                {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HIERARCHICAL, n, size, 1, 4, 0},
                 12 * size + 2 * size,
                 0},
                {{CollectiveKind::ALLREDUCE,
                  CollectiveAlgorithm::RING,
                  n,
                  size,
                  size > 3 ? 3u : 1u,
                  1,
                  0},
                 2 * (n - 1) * size,
                 2 * (n - 1)},
            };
            for (const auto& e : cases)
            {
                const std::string what = e.spec.kind.GetName() + "/" + e.spec.algorithm.GetName() +
                                         " of " + std::to_string(size) + " B, " +
                                         std::to_string(e.spec.chunks) + " chunks";
                auto sched = Build(e.spec);
                NS_TEST_EXPECT_MSG_EQ(sched.GetTotalBytes(), e.total, what << ": bytes moved");
                for (const auto& op : sched.GetOps())
                {
                    NS_TEST_EXPECT_MSG_GT(op.bytes, 0, what << ": an empty transfer");
                }
                if (e.depth > 0)
                {
                    NS_TEST_EXPECT_MSG_EQ(Depth(sched), e.depth, what << ": steps");
                }
            }
        }
        // Halving-doubling splits exactly (the lower partner keeps the floor of half). S = 1001:
        // ranges 1001 -> 500|501 -> 250|250, 250|251 -> 125|125, 125|125, 125|125, 125|126.
        // A rank sends in the halving what it gives away, S - its share, and in the doubling
        // what it holds at each step: rank 0 (lower every time) 876 + (125 + 250 + 500), rank
        // 7 (upper every time) 875 + (126 + 251 + 501).
        auto hd = Build({CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD, n, 1001, 1, 1, 0});
        NS_TEST_EXPECT_MSG_EQ(hd.GetBytesSentBy(0), 876 + 875, "HD rank 0");
        NS_TEST_EXPECT_MSG_EQ(hd.GetBytesSentBy(7), 875 + 878, "HD rank 7");

        // A schedule with an empty op runs through a Collective without sending it.
        auto schedule = std::make_shared<CollectiveSchedule>("x", "y", 4, 14);
        schedule->AddOp(0, 1, 5);
        schedule->AddOp(1, 2, 0, {0});
        schedule->AddOp(2, 3, 7, {1});
        Ptr<CountingTransport> transport = CreateObject<CountingTransport>();
        Ptr<Collective> coll = CreateObject<Collective>();
        coll->Setup(schedule, transport, {0, 1, 2, 3}, "test");
        coll->Start();
        // And a 3-byte all-reduce on 8 ranks, built.
        CollectiveSpec spec{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, 3, 1, 1, 0};
        auto built = std::make_shared<CollectiveSchedule>(Build(spec));
        Ptr<Collective> small = CreateObject<Collective>();
        small->Setup(built, transport, {0, 1, 2, 3, 4, 5, 6, 7}, "test");
        small->Start();
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(coll->IsDone(), true, "hand-built schedule completed");
        NS_TEST_EXPECT_MSG_EQ(small->IsDone(), true, "3-byte all-reduce completed");
        NS_TEST_EXPECT_MSG_EQ(transport->emptySends, 0, "no empty message reached the transport");
        NS_TEST_EXPECT_MSG_EQ(transport->sends, 2 + 3 * 2 * (n - 1), "the non-empty ones did");
        NS_TEST_EXPECT_MSG_EQ(transport->bytes, 12 + 2 * (n - 1) * 3, "bytes sent");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * The alpha-beta formulas on small cases worked by hand.
 */
class CollectiveAlphaBetaFormulaTestCase : public TestCase
{
  public:
    CollectiveAlphaBetaFormulaTestCase()
        : TestCase("Alpha-beta times of ring, halving-doubling, all-to-all and send-receive")
    {
    }

  private:
    void DoRun() override
    {
        // N = 4, S = 4000 B, B = 1000 B/s, alpha = 0.5 s: (N-1)/N S/B = 3 s.
        const double s = 4000;
        const double b = 1000;
        const double alpha = 0.5;

        struct Case
        {
            CollectiveKind kind;
            CollectiveAlgorithm algorithm;
            double expected;
        };

        const Case cases[] = {
            {CollectiveKind::ALLREDUCE,
             CollectiveAlgorithm::RING,
             6 * 0.5 + 6}, // 2(N-1) = 6 steps; 2 x 3 s
            {CollectiveKind::ALLREDUCE,
             CollectiveAlgorithm::HD,
             4 * 0.5 + 6}, // 2 log2 4 = 4 steps; 2 x 3 s
            {CollectiveKind::REDUCESCATTER,
             CollectiveAlgorithm::RING,
             3 * 0.5 + 3}, // N-1 = 3 steps
            {CollectiveKind::ALLGATHER, CollectiveAlgorithm::RING, 3 * 0.5 + 3},
            {CollectiveKind::ALLTOALL,
             CollectiveAlgorithm::DIRECT,
             0.5 + 3}, // one step: every block leaves at once
            {CollectiveKind::SENDRECV, CollectiveAlgorithm::DIRECT, 0.5 + 4}, // S/B = 4 s
            {CollectiveKind::GATHER, CollectiveAlgorithm::DIRECT, 0.5 + 3},   // the root's link
            {CollectiveKind::SCATTER, CollectiveAlgorithm::DIRECT, 0.5 + 3},
            {CollectiveKind::REDUCE, CollectiveAlgorithm::RING, 3 * (0.5 + 4)}, // N-1 hops of S
            {CollectiveKind::REDUCE, CollectiveAlgorithm::TREE, 2 * (0.5 + 4)}, // log2 N rounds
            {CollectiveKind::BARRIER, CollectiveAlgorithm::DIRECT, 2 * (0.5 + 4)},
        };
        for (const auto& c : cases)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(
                CollectiveAlgorithms::AlphaBetaTime(c.kind, c.algorithm, 4, s, b, alpha),
                c.expected,
                1e-12,
                c.kind.GetName() << "/" << c.algorithm.GetName());
        }
        // No formula: NaN.
        for (const auto& pair : std::vector<std::pair<CollectiveKind, CollectiveAlgorithm>>{
                 {CollectiveKind::ALLREDUCE, CollectiveAlgorithm::TREE},
                 {CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HIERARCHICAL},
                 {CollectiveKind::BROADCAST, CollectiveAlgorithm::RING}})
        {
            NS_TEST_EXPECT_MSG_EQ(
                std::isnan(
                    CollectiveAlgorithms::AlphaBetaTime(pair.first, pair.second, 4, s, b, alpha)),
                true,
                pair.first.GetName() << "/" << pair.second.GetName());
        }
        NS_TEST_EXPECT_MSG_EQ(
            std::isnan(CollectiveAlgorithms::AlphaBetaTime(CollectiveKind::ALLREDUCE,
                                                           CollectiveAlgorithm::HD,
                                                           6,
                                                           s,
                                                           b,
                                                           alpha)),
            true,
            "hd needs a power of 2");
        NS_TEST_EXPECT_MSG_EQ(
            std::isnan(CollectiveAlgorithms::AlphaBetaTime(CollectiveKind::ALLREDUCE,
                                                           CollectiveAlgorithm::RING,
                                                           4,
                                                           s,
                                                           0,
                                                           alpha)),
            true,
            "no bandwidth");
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
        AddTestCase(new CollectiveScheduleSmallSizeTestCase, TEST_QUICK);
        AddTestCase(new CollectiveAlphaBetaFormulaTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static CollectiveScheduleTestSuite g_collectiveScheduleTestSuite;

} // namespace
