/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * The module's one percentile (optical::Percentile, on GSL): values worked out by hand with
 * the definition (linear interpolation between the closest ranks, numpy's default), the same
 * definition written out here on random data, and the median by selection against it.
 */

#include "optical-test-compat.h"

#include "ns3/optical-statistics.h"
#include "ns3/random-variable-stream.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Hand values of the definition.
class HandValuesTestCase : public TestCase
{
  public:
    HandValuesTestCase()
        : TestCase("percentile: hand values of linear interpolation at rank (n - 1) x p percent")
    {
    }

  private:
    void DoRun() override
    {
        using optical::Percentile;
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile({4, 1, 3, 2}, 50), 2.5, 1e-12, "rank 1.5");
        // rank 3 x 0.99 = 2.97: 3 + 0.97 x (4 - 3)
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile({4, 1, 3, 2}, 99), 3.97, 1e-12, "rank 2.97");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile({7}, 99), 7, 1e-12, "one value");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile({1, 2, 3}, 0), 1, 1e-12, "p0: the smallest");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile({1, 2, 3}, 100), 3, 1e-12, "p100: the largest");
        // 15, 20, 35, 40, 50: rank p / 100 x 4.
        const std::vector<double> five = {40, 15, 50, 35, 20};
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(five, 5), 16, 1e-12, "rank 0.2: 15 + 0.2 x 5");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(five, 30), 23, 1e-12, "rank 1.2: 20 + 0.2 x 15");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(five, 40), 29, 1e-12, "rank 1.6: 20 + 0.6 x 15");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(five, 50), 35, 1e-12, "rank 2");
        std::vector<double> hundred(100);
        std::iota(hundred.begin(), hundred.end(), 1.0);
        std::reverse(hundred.begin(), hundred.end());
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(hundred, 99), 99.01, 1e-9, "rank 98.01");
        NS_TEST_EXPECT_MSG_EQ_TOL(Percentile(hundred, 50), 50.5, 1e-12, "rank 49.5");
        std::sort(hundred.begin(), hundred.end());
        NS_TEST_EXPECT_MSG_EQ_TOL(optical::PercentileOfSorted(hundred, 1), 1.99, 1e-12, "p1");
        NS_TEST_EXPECT_MSG_EQ_TOL(optical::QuantileOfSorted(hundred, 0.25),
                                  25.75,
                                  1e-12,
                                  "quantile 0.25: rank 24.75");
    }
};

/// The definition written out, on random data.
class DefinitionTestCase : public TestCase
{
  public:
    DefinitionTestCase()
        : TestCase("percentile: GSL's value is the definition's on 200 random samples and the "
                   "median by selection equals it, odd and even sizes")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(11);
        for (uint32_t trial = 0; trial < 200; ++trial)
        {
            const auto n = static_cast<uint32_t>(u->GetInteger(1, 300));
            std::vector<double> v(n);
            for (auto& x : v)
            {
                x = u->GetValue(-5, 5);
            }
            const double p = u->GetValue(0, 100);
            std::vector<double> sorted(v);
            std::sort(sorted.begin(), sorted.end());
            const double rank = (n - 1) * p / 100;
            const auto lo = static_cast<std::size_t>(std::floor(rank));
            const std::size_t hi = std::min<std::size_t>(lo + 1, n - 1);
            const double expected = sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
            NS_TEST_EXPECT_MSG_EQ_TOL(optical::Percentile(v, p),
                                      expected,
                                      1e-9,
                                      "n " << n << ", p " << p);
        }
        for (uint32_t n : {1u, 2u, 3u, 10u, 101u, 1000u})
        {
            std::vector<float> f;
            for (uint32_t i = 0; i < n; ++i)
            {
                f.push_back(static_cast<float>(u->GetValue(0, 1)));
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(
                optical::Median(f),
                optical::Percentile(std::vector<double>(f.begin(), f.end()), 50),
                1e-12,
                "median of " << n);
        }
    }
};

/// The suite.
class StatisticsTestSuite : public TestSuite
{
  public:
    StatisticsTestSuite()
        : TestSuite("optical-statistics", SUITE_UNIT)
    {
        AddTestCase(new HandValuesTestCase, TEST_QUICK);
        AddTestCase(new DefinitionTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
StatisticsTestSuite g_statisticsTestSuite;

} // namespace
