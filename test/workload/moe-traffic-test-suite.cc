/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// MoE traffic in FlashMoE's shape: routed tokens, volumes against tokens x k x hidden x bytes
// and the reference's 256 MiB / 224 MiB per GPU, capacity, and padded against payload-efficient
// transfers under skew.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/moe-traffic.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Network bytes of a schedule without the signals.
uint64_t
PayloadBytes(const CollectiveSchedule& s, uint64_t signal)
{
    uint64_t total = 0;
    for (const auto& op : s.GetOps())
    {
        total += op.bytes - signal;
    }
    return total;
}
} // namespace

/**
 * \ingroup optical-tests
 * Volumes of FlashMoE's configuration.
 */
class MoeVolumeTestCase : public TestCase
{
  public:
    MoeVolumeTestCase()
        : TestCase("Routed tokens and bytes match tokens x k x hidden x bytes and the reference")
    {
    }

  private:
    void DoRun() override
    {
        // Reference: T = 16K tokens, k = 2, H = 2048, fp32: 256 MiB per GPU and layer each
        // way; with uniform routing over 8 GPUs, 7/8 (224 MiB) crosses the fabric.
        Ptr<MoeTraffic> moe = CreateObject<MoeTraffic>();
        moe->SetAttribute("Tokens", UintegerValue(16384));
        moe->SetAttribute("Experts", UintegerValue(64));
        moe->SetAttribute("CapacityFactor", DoubleValue(2.0)); // room enough: nothing dropped
        moe->AssignStreams(11);
        const auto counts = moe->Route(8);
        for (uint32_t g = 0; g < 8; ++g)
        {
            uint64_t routed = 0;
            for (uint64_t c : counts[g])
            {
                routed += c;
            }
            NS_TEST_EXPECT_MSG_EQ(routed, 16384 * 2, "every token goes to k experts, GPU " << g);
        }
        const CollectiveSchedule dispatch = moe->BuildDispatch(counts);
        const double mib = 1024.0 * 1024.0;
        NS_TEST_EXPECT_MSG_EQ_TOL(dispatch.GetBytes() / mib, 256.0, 1e-9, "tokens x k x H x 4 B");
        const double crossing = PayloadBytes(dispatch, 8) / 8.0 / mib;
        NS_TEST_EXPECT_MSG_EQ_TOL(crossing,
                                  224.0,
                                  224.0 * 0.01,
                                  "7/8 crosses the fabric (within 1%)");
        NS_TEST_EXPECT_MSG_EQ(dispatch.GetOps().size(),
                              8 * 56,
                              "one transfer per (GPU, remote expert)");
        const CollectiveSchedule combine = moe->BuildCombine(counts);
        NS_TEST_EXPECT_MSG_EQ(PayloadBytes(combine, 0),
                              PayloadBytes(dispatch, 8),
                              "combine returns the rows");
        for (const auto& op : combine.GetOps())
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(op.bytes, 128u * 2048 * 4, "tiles of at most 128 rows");
        }
    }
};

/**
 * \ingroup optical-tests
 * Capacity, skew, and what padding costs.
 */
class MoeSkewTestCase : public TestCase
{
  public:
    MoeSkewTestCase()
        : TestCase("Padded transfers move more than payload-efficient ones, most under skew")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MoeTraffic> moe = CreateObject<MoeTraffic>();
        moe->SetAttribute("Tokens", UintegerValue(8192));
        moe->SetAttribute("Experts", UintegerValue(64));
        // EC = ceil(8192 / 64) x 1 x 2 = 256 rows (already whole tiles).
        NS_TEST_EXPECT_MSG_EQ(moe->GetCapacity(), 256, "expert capacity");
        moe->SetAttribute("Tokens", UintegerValue(8000));
        NS_TEST_EXPECT_MSG_EQ(moe->GetCapacity(), 256, "ceil(125) x 2 = 250 padded to 256");
        moe->SetAttribute("Zipf", DoubleValue(1.2));
        moe->AssignStreams(5);
        const auto counts = moe->Route(8);
        uint64_t hot = 0;
        uint64_t cold = 0;
        for (uint32_t g = 0; g < 8; ++g)
        {
            hot += counts[g][0];
            cold += counts[g][63];
        }
        NS_TEST_EXPECT_MSG_GT(hot, 10 * cold, "expert 0 is far more popular than expert 63");
        const uint64_t payload = PayloadBytes(moe->BuildDispatch(counts), 8);
        moe->SetAttribute("PayloadEfficient", BooleanValue(false));
        const uint64_t padded = PayloadBytes(moe->BuildDispatch(counts), 8);
        NS_TEST_EXPECT_MSG_GT(padded, payload, "padding to capacity moves more bytes");
        // Padded: every remote (GPU, expert) pair that got a token moves EC rows.
        uint64_t pairs = 0;
        for (uint32_t g = 0; g < 8; ++g)
        {
            for (uint32_t e = 0; e < 64; ++e)
            {
                pairs += (e % 8 != g && counts[g][e] > 0) ? 1 : 0;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(padded, pairs * 256 * 2048 * 4, "padded = pairs x EC x H x 4 B");
        // Payload-efficient under skew drops tokens over capacity: less than T x k x H x B.
        NS_TEST_EXPECT_MSG_LT(payload,
                              uint64_t{8} * 8000 * 2 * 2048 * 4 * 7 / 8,
                              "tokens over capacity stay home");
    }
};

/**
 * \ingroup optical-tests
 * MoE traffic.
 */
class MoeTrafficTestSuite : public TestSuite
{
  public:
    MoeTrafficTestSuite()
        : TestSuite("optical-moe-traffic", SUITE_UNIT)
    {
        AddTestCase(new MoeVolumeTestCase, TEST_QUICK);
        AddTestCase(new MoeSkewTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static MoeTrafficTestSuite g_moeTrafficTestSuite;

} // namespace
