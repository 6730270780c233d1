/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Traffic-aware schedules: the Birkhoff-von Neumann decomposition rebuilds the stuffed matrix
// with weights summing to the largest line sum, max-weight matchings equal brute force over
// all permutations, apportionment and ToMatchings keep the round-robin base, and the
// scheduler installs its cycles at the first cycle boundary ControlDelay + Guard after deciding.

#include "../common/optical-test-compat.h"

#include "ns3/enum.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rdcn-demand-decomposition.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/rdcn-traffic-aware-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// \return true when \p text contains \p part
bool
Has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// \return true when \p p is a permutation of 0..n-1
bool
IsPermutation(const std::vector<int32_t>& p, std::size_t n)
{
    if (p.size() != n)
    {
        return false;
    }
    std::vector<char> hit(n, 0);
    for (int32_t v : p)
    {
        if (v < 0 || static_cast<std::size_t>(v) >= n || hit[v])
        {
            return false;
        }
        hit[v] = 1;
    }
    return true;
}

/// \return a random N x N demand: zero diagonal, about \p density of the entries non-zero
RdcnDemandMatrix
RandomDemand(Ptr<UniformRandomVariable> rng, std::size_t n, double density, bool integers)
{
    RdcnDemandMatrix d(n, std::vector<double>(n, 0));
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            if (i != j && rng->GetValue() < density)
            {
                d[i][j] = integers ? std::floor(rng->GetValue(0, 5)) : rng->GetValue(0, 1e6);
            }
        }
    }
    return d;
}

/// \return the largest total of w[i][p[i]] over all permutations p (brute force)
double
BruteForceMax(const RdcnDemandMatrix& w)
{
    std::vector<int32_t> p(w.size());
    std::iota(p.begin(), p.end(), 0);
    double best = -1;
    do
    {
        double sum = 0;
        for (std::size_t i = 0; i < w.size(); ++i)
        {
            sum += w[i][p[i]];
        }
        best = std::max(best, sum);
    } while (std::next_permutation(p.begin(), p.end()));
    return best;
}

/// \return a uniform stream on stream \p stream
Ptr<UniformRandomVariable>
Rng(int64_t stream)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    return rng;
}

} // namespace

/// Birkhoff-von Neumann: exact rebuild, weights summing to the largest line sum.
class RdcnBvnTestCase : public TestCase
{
  public:
    RdcnBvnTestCase()
        : TestCase("BvN: sum of weight x P is the stuffed matrix, weights sum to the line sum")
    {
    }

  private:
    /// Checks one decomposition of \p d; \p label names it in failures.
    void Check(const RdcnDemandMatrix& d, const std::string& label)
    {
        std::vector<RdcnWeightedMatching> m;
        RdcnDemandMatrix stuffed;
        std::string error;
        const bool ok = RdcnDemandDecomposition::BirkhoffVonNeumann(d, m, stuffed, error);
        NS_TEST_ASSERT_MSG_EQ(ok, true, label << ": " << error);
        const std::size_t n = d.size();
        NS_TEST_ASSERT_MSG_EQ(stuffed.size(), n, label);
        if (!ok || stuffed.size() != n)
        {
            return;
        }
        double s = 0; // largest line sum of the demand
        for (std::size_t i = 0; i < n; ++i)
        {
            double row = 0;
            double col = 0;
            for (std::size_t j = 0; j < n; ++j)
            {
                row += d[i][j];
                col += d[j][i];
            }
            s = std::max({s, row, col});
        }
        const double tol = 1e-9 * std::max(s, 1.0);
        RdcnDemandMatrix rebuilt(n, std::vector<double>(n, 0));
        double weights = 0;
        for (std::size_t k = 0; k < m.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(IsPermutation(m[k].perm, n), true, label << " matching " << k);
            if (!IsPermutation(m[k].perm, n))
            {
                return;
            }
            NS_TEST_ASSERT_MSG_GT(m[k].weight, 0, label << " positive weight");
            if (k > 0)
            {
                NS_TEST_ASSERT_MSG_GT_OR_EQ(m[k - 1].weight, m[k].weight, "heaviest first");
            }
            weights += m[k].weight;
            for (std::size_t i = 0; i < n; ++i)
            {
                rebuilt[i][m[k].perm[i]] += m[k].weight;
            }
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(weights, s, tol, label << ": weights sum to the line sum");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.size(), n * n - 2 * n + 2, label << ": Marcus-Ree bound");
        for (std::size_t i = 0; i < n; ++i)
        {
            double row = 0;
            double col = 0;
            for (std::size_t j = 0; j < n; ++j)
            {
                NS_TEST_ASSERT_MSG_GT_OR_EQ(stuffed[i][j], d[i][j], label << " stuffed >= demand");
                NS_TEST_ASSERT_MSG_EQ_TOL(rebuilt[i][j],
                                          stuffed[i][j],
                                          tol,
                                          label << " entry " << i << "," << j);
                row += stuffed[i][j];
                col += stuffed[j][i];
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(row, s, tol, label << " stuffed row " << i);
            NS_TEST_ASSERT_MSG_EQ_TOL(col, s, tol, label << " stuffed column " << i);
        }
    }

    void DoRun() override
    {
        // Already doubly stochastic (line sums 3): nothing is stuffed, rebuilt exactly.
        const RdcnDemandMatrix ds = {{0, 2, 1}, {1, 0, 2}, {2, 1, 0}};
        Check(ds, "doubly stochastic");
        {
            std::vector<RdcnWeightedMatching> m;
            RdcnDemandMatrix stuffed;
            std::string error;
            RdcnDemandDecomposition::BirkhoffVonNeumann(ds, m, stuffed, error);
            NS_TEST_ASSERT_MSG_EQ((stuffed == ds), true, "nothing added");
            // 2 P(shift 1) + 1 P(shift 2): two matchings.
            NS_TEST_ASSERT_MSG_EQ(m.size(), 2U, "two shifts");
            if (m.size() == 2)
            {
                NS_TEST_ASSERT_MSG_EQ(m[0].weight, 2.0, "shift 1 weighs 2");
                NS_TEST_ASSERT_MSG_EQ((m[0].perm == std::vector<int32_t>{1, 2, 0}), true, "s1");
                NS_TEST_ASSERT_MSG_EQ(m[1].weight, 1.0, "shift 2 weighs 1");
            }
        }
        // Scaled permutation matrices and a doubly stochastic matrix of non-dyadic entries.
        Check({{0, 0.1, 0.2, 0.7}, {0.3, 0, 0.7, 0}, {0.7, 0, 0, 0.3}, {0, 0.9, 0.1, 0}},
              "doubly stochastic 4x4");
        // One pair: the stuffing goes off the diagonal (row 1 to column 2, row 2 to column 0).
        {
            const RdcnDemandMatrix one = {{0, 5, 0}, {0, 0, 0}, {0, 0, 0}};
            Check(one, "one pair");
            const RdcnDemandMatrix st = RdcnDemandDecomposition::Stuff(one);
            const RdcnDemandMatrix expected = {{0, 5, 0}, {0, 0, 5}, {5, 0, 0}};
            NS_TEST_ASSERT_MSG_EQ((st == expected), true, "stuffed off the diagonal");
        }
        // Row 0 and column 0 empty, the rest full: only the diagonal can take the stuffing.
        {
            const RdcnDemandMatrix forced = {{0, 0, 0}, {0, 0, 5}, {0, 5, 0}};
            Check(forced, "forced diagonal");
            const RdcnDemandMatrix st = RdcnDemandDecomposition::Stuff(forced);
            NS_TEST_ASSERT_MSG_EQ(st[0][0], 5.0, "on the diagonal");
        }
        Check({{0, 0}, {0, 0}}, "zero");
        Check({{7, 0}, {0, 7}}, "identity");
        auto rng = Rng(11);
        for (std::size_t n : {2U, 3U, 4U, 5U, 8U, 16U, 24U})
        {
            for (double density : {0.2, 0.6, 1.0})
            {
                Check(RandomDemand(rng, n, density, false),
                      "random N " + std::to_string(n) + " density " + std::to_string(density));
                Check(RandomDemand(rng, n, density, true),
                      "integer N " + std::to_string(n) + " density " + std::to_string(density));
            }
        }
        // Refusals name the entry.
        std::vector<RdcnWeightedMatching> m;
        RdcnDemandMatrix stuffed;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(
            RdcnDemandDecomposition::BirkhoffVonNeumann({{0, 1}, {-2, 0}}, m, stuffed, error),
            false,
            "negative");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "demand [1][0] = -2"), true, error);
        NS_TEST_ASSERT_MSG_EQ(
            RdcnDemandDecomposition::BirkhoffVonNeumann({{0, 1}, {0}}, m, stuffed, error),
            false,
            "ragged");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "demand row 1 has 1 entries, expected 2"), true, error);
        NS_TEST_ASSERT_MSG_EQ(
            RdcnDemandDecomposition::BirkhoffVonNeumann({{0, NAN}, {0, 0}}, m, stuffed, error),
            false,
            "NaN");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "demand [0][1]"), true, error);
    }
};

/// Max-weight matchings against brute force over every permutation.
class RdcnMaxWeightTestCase : public TestCase
{
  public:
    RdcnMaxWeightTestCase()
        : TestCase("max-weight per slot: equals brute force for N <= 6; conserves the demand")
    {
    }

  private:
    void DoRun() override
    {
        auto rng = Rng(12);
        for (std::size_t n = 2; n <= 6; ++n)
        {
            for (int trial = 0; trial < 30; ++trial)
            {
                // Integer entries give ties; real ones a unique optimum.
                RdcnDemandMatrix w = RandomDemand(rng, n, 0.7, trial % 2 == 0);
                for (std::size_t i = 0; i < n; ++i)
                {
                    w[i][i] = std::floor(rng->GetValue(0, 3)); // the assignment may use it
                }
                double total = 0;
                const std::vector<int32_t> p =
                    RdcnDemandDecomposition::MaxWeightPermutation(w, &total);
                NS_TEST_ASSERT_MSG_EQ(IsPermutation(p, n), true, "permutation");
                if (!IsPermutation(p, n))
                {
                    return;
                }
                double sum = 0;
                for (std::size_t i = 0; i < n; ++i)
                {
                    sum += w[i][p[i]];
                }
                const double best = BruteForceMax(w);
                NS_TEST_ASSERT_MSG_EQ_TOL(sum, best, 1e-9 * std::max(best, 1.0), "N " << n);
                NS_TEST_ASSERT_MSG_EQ_TOL(total, sum, 1e-9 * std::max(best, 1.0), "its total");

                // Per slot: the first slot is the brute-force best without the diagonal, and
                // what the slots carry is what left the residual.
                RdcnDemandMatrix d = w;
                double demand = 0;
                for (std::size_t i = 0; i < n; ++i)
                {
                    d[i][i] = 0;
                    demand += std::accumulate(d[i].begin(), d[i].end(), 0.0);
                }
                const double cap = 2.5e5;
                std::vector<RdcnWeightedMatching> slots;
                std::string error;
                NS_TEST_ASSERT_MSG_EQ(
                    RdcnDemandDecomposition::MaxWeightPerSlot(w, 3, cap, slots, error),
                    true,
                    error);
                if (slots.empty())
                {
                    NS_TEST_ASSERT_MSG_EQ(demand, 0.0, "no slot only without demand");
                    continue;
                }
                double first = 0;
                for (std::size_t i = 0; i < n; ++i)
                {
                    first += d[i][slots[0].perm[i]];
                }
                NS_TEST_ASSERT_MSG_EQ_TOL(first, BruteForceMax(d), 1e-9 * (demand + 1), "slot 0");
                // Replay the slots by hand: carried = sum of min(residual, cap).
                RdcnDemandMatrix r = d;
                for (const RdcnWeightedMatching& s : slots)
                {
                    double carried = 0;
                    for (std::size_t i = 0; i < n; ++i)
                    {
                        double& e = r[i][s.perm[i]];
                        carried += std::min(e, cap);
                        e = std::max(0.0, e - cap);
                    }
                    NS_TEST_ASSERT_MSG_EQ_TOL(s.weight, carried, 1e-9 * (demand + 1), "carried");
                }
            }
        }
        // Enough slots: everything is carried, and it stops when nothing is left.
        const RdcnDemandMatrix d = {{0, 3, 0}, {0, 0, 1}, {2, 0, 0}};
        std::vector<RdcnWeightedMatching> slots;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(RdcnDemandDecomposition::MaxWeightPerSlot(d, 10, 1, slots, error),
                              true,
                              error);
        double carried = 0;
        for (const auto& s : slots)
        {
            carried += s.weight;
        }
        NS_TEST_ASSERT_MSG_EQ(carried, 6.0, "all 6 bytes");
        NS_TEST_ASSERT_MSG_EQ(slots.size(), 3U, "the 3 bytes of 0->1 need 3 slots of 1 byte");
        NS_TEST_ASSERT_MSG_EQ(RdcnDemandDecomposition::MaxWeightPerSlot(d, 1, 0, slots, error),
                              false,
                              "0 bytes per slot");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "0 bytes per slot (allowed: finite, above 0)"),
                              true,
                              error);
    }
};

/// Apportionment and ToMatchings.
class RdcnToMatchingsTestCase : public TestCase
{
  public:
    RdcnToMatchingsTestCase()
        : TestCase("largest remainder; ToMatchings keeps the round robin and apportions the rest")
    {
    }

  private:
    void DoRun() override
    {
        using V = std::vector<uint32_t>;
        NS_TEST_ASSERT_MSG_EQ((RdcnDemandDecomposition::Apportion({3, 1}, 4) == V{3, 1}), true, "");
        NS_TEST_ASSERT_MSG_EQ((RdcnDemandDecomposition::Apportion({1, 1, 1}, 2) == V{1, 1, 0}),
                              true,
                              "ties to the earlier");
        NS_TEST_ASSERT_MSG_EQ(
            (RdcnDemandDecomposition::Apportion({0.5, 0.3, 0.2}, 10) == V{5, 3, 2}),
            true,
            "exact quotas");
        // Quotas 1.35, 1.05, 0.6: floors 1, 1, 0; the seat left goes to the largest remainder.
        NS_TEST_ASSERT_MSG_EQ(
            (RdcnDemandDecomposition::Apportion({0.45, 0.35, 0.2}, 3) == V{1, 1, 1}),
            true,
            "largest remainder");
        NS_TEST_ASSERT_MSG_EQ((RdcnDemandDecomposition::Apportion({0, 0}, 3) == V{0, 0}),
                              true,
                              "no weight");
        NS_TEST_ASSERT_MSG_EQ((RdcnDemandDecomposition::Apportion({0, 2}, 3) == V{0, 3}),
                              true,
                              "zero weight gets nothing");

        // BvN of a random demand on 6 ToRs, 2 uplinks: B = 3 base slices, D = 4 demand slices.
        auto rng = Rng(13);
        const RdcnDemandMatrix d = RandomDemand(rng, 6, 0.5, false);
        std::vector<RdcnWeightedMatching> w;
        RdcnDemandMatrix stuffed;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(RdcnDemandDecomposition::BirkhoffVonNeumann(d, w, stuffed, error),
                              true,
                              error);
        const auto m = RdcnDemandDecomposition::ToMatchings(w, 6, 2, 4, error);
        NS_TEST_ASSERT_MSG_EQ(m.size(), 2U, error);
        if (m.size() != 2)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(RdcnDemandDecomposition::BaseSlices(6, 2), 3U, "ceil(5/2)");
        Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
        NS_TEST_ASSERT_MSG_EQ(s->SetMatchings(6, m, error), true, "valid matchings: " << error);
        NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), 7U, "B + D");
        std::string missing;
        NS_TEST_ASSERT_MSG_EQ(s->ConnectsEveryPair(&missing), true, missing);
        const auto rr = RdcnScheduleGenerator::RoundRobin(6, 2, error);
        std::vector<double> weights;
        for (const auto& x : w)
        {
            weights.push_back(x.weight);
        }
        const std::vector<uint32_t> seats = RdcnDemandDecomposition::Apportion(weights, 8);
        std::vector<uint32_t> counted(w.size(), 0);
        for (uint32_t u = 0; u < 2; ++u)
        {
            for (uint32_t sl = 0; sl < 3; ++sl)
            {
                NS_TEST_ASSERT_MSG_EQ((m[u][sl] == rr[u][sl]), true, "base slice " << sl);
            }
            for (uint32_t sl = 3; sl < 7; ++sl)
            {
                // Which weighted permutation is it (self-loops dropped)?
                bool found = false;
                for (std::size_t k = 0; k < w.size() && !found; ++k)
                {
                    RdcnMatching expect(6);
                    for (uint32_t i = 0; i < 6; ++i)
                    {
                        expect[i] = w[k].perm[i] == static_cast<int32_t>(i) ? -1 : w[k].perm[i];
                    }
                    if (expect == m[u][sl])
                    {
                        ++counted[k];
                        found = true;
                    }
                }
                NS_TEST_ASSERT_MSG_EQ(found, true, "demand slice from a BvN matching");
            }
        }
        // Distinct BvN permutations could coincide only if BvN repeated one; it does not.
        NS_TEST_ASSERT_MSG_EQ((counted == seats), true, "slices in proportion to weight");

        // No weight: the demand slices repeat the round robin.
        const auto plain = RdcnDemandDecomposition::ToMatchings({}, 5, 1, 6, error);
        NS_TEST_ASSERT_MSG_EQ(plain.size(), 1U, error);
        if (plain.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(plain[0].size(), 10U, "4 + 6");
            for (uint32_t sl = 0; sl < 10; ++sl)
            {
                NS_TEST_ASSERT_MSG_EQ(plain[0][sl][0], static_cast<int32_t>(1 + sl % 4), "rr");
            }
        }
        // Refusals.
        NS_TEST_ASSERT_MSG_EQ(
            RdcnDemandDecomposition::ToMatchings({{1, {1, 1, 0}}}, 3, 1, 2, error).empty(),
            true,
            "not a permutation");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "matching 0 is not a permutation of the 3 ToRs"),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(RdcnDemandDecomposition::ToMatchings({}, 3, 3, 2, error).empty(),
                              true,
                              "too many uplinks");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "3 uplinks"), true, error);
        NS_TEST_ASSERT_MSG_EQ(
            RdcnDemandDecomposition::ToMatchings({{-1, {1, 2, 0}}}, 3, 1, 2, error).empty(),
            true,
            "negative weight");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "weight -1"), true, error);
    }
};

/// The scheduler: install slot, demand slices for a concentrated demand, failures.
class RdcnSchedulerTestCase : public TestCase
{
  public:
    RdcnSchedulerTestCase(RdcnTrafficAwareScheduler::Algorithm algorithm, const std::string& name)
        : TestCase("scheduler (" + name +
                   "): cycle at the first boundary ControlDelay + Guard after deciding"),
          m_algorithm(algorithm)
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        // 5 ToRs, 1 uplink: B = 4, DemandSlots 0 -> D = 4, L = 8. Slot 50 us, guard 2 us.
        Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
        NS_TEST_ASSERT_MSG_EQ(
            s->SetMatchings(5, RdcnScheduleGenerator::RoundRobin(5, 1, error), error),
            true,
            error);
        Ptr<RdcnTrafficAwareScheduler> t = CreateObject<RdcnTrafficAwareScheduler>();
        t->SetAttribute("Algorithm", EnumValue(m_algorithm));
        t->SetAttribute("ControlDelay", TimeValue(MicroSeconds(100)));
        NS_TEST_ASSERT_MSG_EQ(t->Start(error), false, "no schedule");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "no schedule"), true, error);
        t->SetSchedule(s);
        NS_TEST_ASSERT_MSG_EQ(t->Start(error), false, "no source");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "no demand source"), true, error);
        uint32_t calls = 0;
        t->SetDemandSource([&calls]() {
            ++calls;
            RdcnDemandMatrix d(5, std::vector<double>(5, 0));
            d[2][4] = 5e6; // 5 MB from ToR 2 to ToR 4, nothing else
            if (calls == 3)
            {
                d.pop_back(); // a broken report: refused, the schedule stays
            }
            return d;
        });
        NS_TEST_ASSERT_MSG_EQ(t->Start(error), true, error);
        NS_TEST_ASSERT_MSG_EQ(t->GetCycleLength(), 8U, "B + D = 4 + 4");
        NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), 8U, "first cycle lengthened to L");
        for (uint32_t sl = 0; sl < 8; ++sl)
        {
            NS_TEST_ASSERT_MSG_EQ(s->GetMatching(0, sl)[0], static_cast<int32_t>(1 + sl % 4), "rr");
        }
        std::vector<uint64_t> installs;
        uint32_t oldKept = 0; // slots before the first install that keep the round robin
        Simulator::Schedule(MicroSeconds(1001), [&]() {
            installs.push_back(t->GetLastInstallSlot());
            // Sampled now: the schedule forgets cycles once they are more than a slot past.
            for (uint64_t k = 0; k < 24; ++k)
            {
                oldKept += s->GetPeer(0, 0, k) == static_cast<int32_t>(1 + k % 4);
            }
        });
        Simulator::Schedule(MicroSeconds(2001),
                            [&]() { installs.push_back(t->GetLastInstallSlot()); });
        Simulator::Stop(MicroSeconds(3500));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(t->GetNEpochs(), 3U, "decisions at 1, 2 and 3 ms");
        NS_TEST_ASSERT_MSG_EQ(t->GetNInstalled(), 2U, "the third report was broken");
        NS_TEST_ASSERT_MSG_EQ(t->GetNFailed(), 1U, "one failure");
        NS_TEST_ASSERT_MSG_EQ(installs.size(), 2U, "sampled");
        if (installs.size() != 2)
        {
            return;
        }
        // Decision at 1 ms: ready at 1 ms + 100 us + 2 us = 1102 us; the first slot starting then
        // or later is 23 (1150 us); the first cycle boundary (multiple of 8) from there is 24.
        // At 2 ms: ready 2102 us, slot 43, boundary 48.
        for (int k = 0; k < 2; ++k)
        {
            const int64_t readyNs = (k + 1) * 1000000 + 100000 + 2000;
            const uint64_t firstSlot = (readyNs + 50000 - 1) / 50000;
            const uint64_t boundary = (firstSlot + 7) / 8 * 8;
            NS_TEST_ASSERT_MSG_EQ(installs[k], boundary, "install slot of decision " << k);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(s->GetSlotStart(installs[k]), NanoSeconds(readyNs), "late");
            NS_TEST_ASSERT_MSG_LT(s->GetSlotStart(installs[k] - 8), NanoSeconds(readyNs), "first");
        }
        NS_TEST_ASSERT_MSG_EQ(installs[0], 24U, "by hand");
        NS_TEST_ASSERT_MSG_EQ(installs[1], 48U, "by hand");
        // Before slot 24 the round robin; from 24 on, every slice has the round-robin base and
        // every demand slice (4..7) carries 2 -> 4.
        NS_TEST_ASSERT_MSG_EQ(oldKept, 24U, "slots 0-23 unchanged by the install from 24");
        uint32_t demandSlicesFor24 = 0;
        for (uint64_t k = 24; k < 56; ++k)
        {
            const uint32_t slice = s->GetSlice(k);
            NS_TEST_ASSERT_MSG_EQ(slice, (k - 24) % 8, "aligned cycles");
            if (slice < 4)
            {
                NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, k), static_cast<int32_t>(1 + slice), "base");
            }
            else
            {
                demandSlicesFor24 += s->GetPeer(2, 0, k) == 4;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(demandSlicesFor24, 16U, "all 4 demand slices of 4 cycles: 2 -> 4");
        NS_TEST_ASSERT_MSG_EQ(t->GetLastWeighted().empty(), false, "weighted kept");
        // 2698 us + 102 us = 2800 us: slot 56 begins then, a boundary; 1 us later: 64.
        NS_TEST_ASSERT_MSG_EQ(t->GetInstallSlot(MicroSeconds(2698)), 56U, "on a boundary");
        NS_TEST_ASSERT_MSG_EQ(t->GetInstallSlot(MicroSeconds(2699)), 64U, "just after");
        t->Stop();
        Simulator::Destroy();
    }

    RdcnTrafficAwareScheduler::Algorithm m_algorithm; //!< Algorithm under test
};

/// The suite.
class RdcnTrafficAwareTestSuite : public TestSuite
{
  public:
    RdcnTrafficAwareTestSuite()
        : TestSuite("optical-rdcn-traffic-aware", SUITE_UNIT)
    {
        AddTestCase(new RdcnBvnTestCase, TEST_QUICK);
        AddTestCase(new RdcnMaxWeightTestCase, TEST_QUICK);
        AddTestCase(new RdcnToMatchingsTestCase, TEST_QUICK);
        AddTestCase(new RdcnSchedulerTestCase(RdcnTrafficAwareScheduler::BVN, "bvn"), TEST_QUICK);
        AddTestCase(new RdcnSchedulerTestCase(RdcnTrafficAwareScheduler::MAX_WEIGHT, "max-weight"),
                    TEST_QUICK);
    }
};

/// Static instance.
static RdcnTrafficAwareTestSuite g_rdcnTrafficAwareTestSuite;
