/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Schedules of time-slotted reconfigurable datacenter networks: the round robin's closed-form
// connected time, refusals of non-matchings and of bad timing, Opera's one-rotor-at-a-time
// changes and connectivity, Shale's grid, the file format (round trip and errors with their
// line numbers), Install and the slot arithmetic on hand cases.

#include "../common/optical-test-compat.h"

#include "ns3/random-variable-stream.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cmath>
#include <queue>
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

/// \return a schedule of \p m on \p tors ToRs (null if refused)
Ptr<RdcnSchedule>
Make(uint32_t tors, const std::vector<std::vector<RdcnMatching>>& m)
{
    Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
    std::string error;
    return s->SetMatchings(tors, m, error) ? s : nullptr;
}

/// \return the shift matching i -> (i + k) mod n
RdcnMatching
Shift(uint32_t n, uint32_t k)
{
    RdcnMatching m(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        m[i] = static_cast<int32_t>((i + k) % n);
    }
    return m;
}

/// \return true when the union of every uplink's circuits in slice \p s is strongly connected
bool
StronglyConnected(const std::vector<std::vector<RdcnMatching>>& m, uint32_t n, uint32_t s)
{
    for (bool forward : {true, false})
    {
        std::vector<std::vector<uint32_t>> adj(n);
        for (const auto& uplink : m)
        {
            for (uint32_t i = 0; i < n; ++i)
            {
                const int32_t p = uplink[s][i];
                if (p >= 0)
                {
                    if (forward)
                    {
                        adj[i].push_back(p);
                    }
                    else
                    {
                        adj[p].push_back(i);
                    }
                }
            }
        }
        std::vector<char> seen(n, 0);
        std::queue<uint32_t> q;
        q.push(0);
        seen[0] = 1;
        uint32_t count = 1;
        while (!q.empty())
        {
            const uint32_t v = q.front();
            q.pop();
            for (uint32_t w : adj[v])
            {
                if (!seen[w])
                {
                    seen[w] = 1;
                    ++count;
                    q.push(w);
                }
            }
        }
        if (count != n)
        {
            return false;
        }
    }
    return true;
}

/// First slots traced by Installed.
std::vector<uint64_t> g_installed;

/// Records an Installed trace. \param fromSlot first slot of the new cycle
void
RecordInstalled(uint64_t fromSlot)
{
    g_installed.push_back(fromSlot);
}

/// \return a uniform [0, 1) stream on stream \p stream
Ptr<UniformRandomVariable>
Rng(int64_t stream)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    return rng;
}

} // namespace

/// The round robin: closed-form connected time with one uplink, every pair with U uplinks.
class RdcnRoundRobinTestCase : public TestCase
{
  public:
    RdcnRoundRobinTestCase()
        : TestCase(
              "round robin: (1 - Guard over Slot) over (N-1) per pair; U uplinks meet all pairs")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {3U, 4U, 5U, 8U, 9U})
        {
            std::string error;
            const auto m = RdcnScheduleGenerator::RoundRobin(n, 1, error);
            Ptr<RdcnSchedule> s = Make(n, m);
            NS_TEST_ASSERT_MSG_NE(s, nullptr, "round robin of " << n << " ToRs: " << error);
            if (!s)
            {
                return;
            }
            s->SetSlot(MicroSeconds(50));
            s->SetGuard(MicroSeconds(2));
            NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), n - 1, "N-1 slices");
            const double expected = (1.0 / (n - 1)) * (1.0 - 2.0 / 50.0);
            for (uint32_t a = 0; a < n; ++a)
            {
                for (uint32_t b = 0; b < n; ++b)
                {
                    NS_TEST_ASSERT_MSG_EQ_TOL(s->GetConnectedFraction(a, b),
                                              (a == b ? 0.0 : expected),
                                              1e-12,
                                              "N " << n << " pair " << a << "->" << b);
                }
            }
        }
        // Two ToRs: one circuit that never changes, so it is never dark.
        {
            std::string error;
            Ptr<RdcnSchedule> s = Make(2, RdcnScheduleGenerator::RoundRobin(2, 1, error));
            NS_TEST_ASSERT_MSG_NE(s, nullptr, error);
            if (s)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(s->GetConnectedFraction(0, 1), 1.0, 1e-15, "always");
                NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(0, 0, 0), false, "no change, no guard");
            }
        }
        // U uplinks: every ordered pair at least once per cycle of ceil((N-1)/U) slices, exactly
        // once when U divides N-1.
        for (uint32_t n : {5U, 8U, 10U})
        {
            for (uint32_t u = 1; u <= n - 1; ++u)
            {
                std::string error;
                const auto m = RdcnScheduleGenerator::RoundRobin(n, u, error);
                Ptr<RdcnSchedule> s = Make(n, m);
                NS_TEST_ASSERT_MSG_NE(s, nullptr, "N " << n << " U " << u << ": " << error);
                if (!s)
                {
                    return;
                }
                NS_TEST_ASSERT_MSG_EQ(s->GetNUplinks(), u, "uplinks");
                NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), (n - 1 + u - 1) / u, "slices");
                std::string missing;
                NS_TEST_ASSERT_MSG_EQ(s->ConnectsEveryPair(&missing), true, missing);
                if ((n - 1) % u == 0)
                {
                    for (uint32_t a = 0; a < n; ++a)
                    {
                        std::vector<uint32_t> meets(n, 0);
                        for (uint32_t up = 0; up < u; ++up)
                        {
                            for (uint32_t sl = 0; sl < s->GetNSlices(); ++sl)
                            {
                                ++meets[s->GetMatching(up, sl)[a]];
                            }
                        }
                        for (uint32_t b = 0; b < n; ++b)
                        {
                            NS_TEST_ASSERT_MSG_EQ(meets[b], (a == b ? 0U : 1U), "exactly once");
                        }
                    }
                }
            }
        }
        // Refusals name the value.
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::RoundRobin(1, 1, error).empty(), true, "1");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "1 ToRs"), true, error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::RoundRobin(5, 5, error).empty(), true, "U=N");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "5 uplinks (allowed: 1 to 4"), true, error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::RoundRobin(5, 0, error).empty(), true, "U=0");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "0 uplinks"), true, error);
    }
};

/// Matchings and timing that are refused, with the uplink, slice and ToRs named.
class RdcnRefusalTestCase : public TestCase
{
  public:
    RdcnRefusalTestCase()
        : TestCase("non-matchings, self-loops, out-of-range peers and slot <= guard are refused")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
        std::string error;
        const std::vector<std::vector<RdcnMatching>> good = {{Shift(4, 1), Shift(4, 2)}};
        NS_TEST_ASSERT_MSG_EQ(s->SetMatchings(4, good, error), true, error);

        auto refused = [&](const RdcnMatching& bad, const std::string& expected) {
            std::vector<std::vector<RdcnMatching>> m = {{Shift(4, 1), Shift(4, 3)},
                                                        {Shift(4, 2), bad}};
            std::string e;
            NS_TEST_ASSERT_MSG_EQ(s->SetMatchings(4, m, e), false, "refused: " << expected);
            NS_TEST_ASSERT_MSG_EQ(e, "RdcnSchedule: " + expected, "message");
            NS_TEST_ASSERT_MSG_EQ(s->GetNUplinks(), 1U, "nothing changed");
            NS_TEST_ASSERT_MSG_EQ(s->GetMatching(0, 1)[0], 2, "nothing changed");
        };
        refused({1, 2, 1, 0}, "uplink 1 slice 1: ToRs 0 and 2 both send to ToR 1 (not a matching)");
        refused({1, 0, 2, -1},
                "uplink 1 slice 1: ToR 2 sends to itself (a circuit joins two different ToRs)");
        refused({1, 7, 3, 0},
                "uplink 1 slice 1: ToR 1 sends to ToR 7, out of range (ToRs 0 to 3, or -1 for "
                "none)");
        refused({1, -3, 3, 0},
                "uplink 1 slice 1: ToR 1 sends to ToR -3, out of range (ToRs 0 to 3, or -1 for "
                "none)");
        refused({1, 2, 3}, "uplink 1 slice 1: the matching has 3 entries for 4 ToRs");
        // Uplinks with different cycle lengths.
        NS_TEST_ASSERT_MSG_EQ(
            s->SetMatchings(4, {{Shift(4, 1)}, {Shift(4, 1), Shift(4, 2)}}, error),
            false,
            "uneven cycles");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "uplink 1 has 2 slices, uplink 0 has 1"), true, error);
        // A partial matching (some uplinks dark) is fine.
        NS_TEST_ASSERT_MSG_EQ(s->SetMatchings(4, {{{1, -1, -1, 2}}}, error), true, error);

        // Timing.
        s->SetSlot(MicroSeconds(2));
        s->SetGuard(MicroSeconds(3));
        const std::string t = s->CheckTiming();
        NS_TEST_ASSERT_MSG_EQ(Has(t, "slot 2us"), true, t);
        NS_TEST_ASSERT_MSG_EQ(Has(t, "guard 3us"), true, t);
        s->SetGuard(MicroSeconds(2));
        NS_TEST_ASSERT_MSG_EQ(s->CheckTiming().empty(), false, "slot == guard");
        s->SetGuard(NanoSeconds(1999));
        NS_TEST_ASSERT_MSG_EQ(s->CheckTiming(), "", "slot > guard");
        s->SetSlot(Seconds(0));
        NS_TEST_ASSERT_MSG_EQ(Has(s->CheckTiming(), "slot 0s must be positive"),
                              true,
                              s->CheckTiming());
    }
};

/// Opera: one rotor changes per slice boundary, every pair meets, always strongly connected.
class RdcnOperaTestCase : public TestCase
{
  public:
    RdcnOperaTestCase()
        : TestCase("opera: one rotor changes per slice, every pair once, expander at every slice")
    {
    }

  private:
    void DoRun() override
    {
        int64_t stream = 1;
        for (uint32_t n : {6U, 8U, 9U, 13U, 16U})
        {
            for (uint32_t u : {2U, 3U, 4U, 5U})
            {
                if (u > n - 1)
                {
                    continue;
                }
                std::string error;
                const auto m = RdcnScheduleGenerator::Opera(n, u, Rng(stream++), error);
                NS_TEST_ASSERT_MSG_EQ(error, "", "N " << n << " U " << u);
                Ptr<RdcnSchedule> s = Make(n, m);
                NS_TEST_ASSERT_MSG_NE(s, nullptr, "valid matchings, N " << n << " U " << u);
                if (!s)
                {
                    return;
                }
                const uint32_t per = (n - 1 + u - 1) / u;
                const uint32_t slices = u * per;
                NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), slices, "U ceil((N-1)/U) slices");
                if (s->GetNSlices() != slices)
                {
                    return;
                }
                for (uint32_t sl = 0; sl < slices; ++sl)
                {
                    const uint32_t prev = (sl + slices - 1) % slices;
                    uint32_t changed = 0;
                    for (uint32_t r = 0; r < u; ++r)
                    {
                        if (m[r][sl] != m[r][prev])
                        {
                            ++changed;
                            NS_TEST_ASSERT_MSG_EQ(r, sl % u, "rotor u changes at slices = u");
                        }
                    }
                    // With one matching per rotor (N-1 = U) nothing ever changes.
                    NS_TEST_ASSERT_MSG_EQ(changed,
                                          (per == 1 ? 0U : 1U),
                                          "N " << n << " U " << u << " slice " << sl);
                    NS_TEST_ASSERT_MSG_EQ(StronglyConnected(m, n, sl),
                                          true,
                                          "N " << n << " U " << u << " slice " << sl);
                }
                std::string missing;
                NS_TEST_ASSERT_MSG_EQ(s->ConnectsEveryPair(&missing), true, missing);
                if ((n - 1) % u == 0)
                {
                    // Each pair meets on one rotor, held for U consecutive slices.
                    for (uint32_t a = 0; a < n; ++a)
                    {
                        std::vector<uint32_t> meets(n, 0);
                        for (uint32_t r = 0; r < u; ++r)
                        {
                            for (uint32_t sl = 0; sl < slices; ++sl)
                            {
                                ++meets[m[r][sl][a]];
                            }
                        }
                        for (uint32_t b = 0; b < n; ++b)
                        {
                            NS_TEST_ASSERT_MSG_EQ(meets[b], (a == b ? 0U : u), "once, U slices");
                        }
                    }
                }
            }
        }
        // The relabelling is random: two streams give different schedules, one stream the same.
        std::string error;
        const auto a = RdcnScheduleGenerator::Opera(16, 3, Rng(7), error);
        const auto b = RdcnScheduleGenerator::Opera(16, 3, Rng(7), error);
        const auto c = RdcnScheduleGenerator::Opera(16, 3, Rng(8), error);
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "same stream, same schedule");
        NS_TEST_ASSERT_MSG_EQ((a == c), false, "another stream, another relabelling");
        // Refusals.
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Opera(8, 1, Rng(1), error).empty(),
                              true,
                              "one rotor");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "opera: 1 uplinks (allowed: 2 to 7"), true, error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Opera(4, 4, Rng(1), error).empty(),
                              true,
                              "more rotors than shifts");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "4 uplinks"), true, error);
    }
};

/// Shale: pairs meet directly iff they differ in exactly one grid coordinate.
class RdcnShaleTestCase : public TestCase
{
  public:
    RdcnShaleTestCase()
        : TestCase("shale: direct circuits exactly between ToRs one coordinate apart")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            uint32_t tors;
            uint32_t h;
            uint32_t n;
        };

        for (const Case& c : {Case{16, 2, 4},
                              Case{9, 2, 3},
                              Case{8, 3, 2},
                              Case{27, 3, 3},
                              Case{16, 4, 2},
                              Case{7, 1, 7}})
        {
            for (uint32_t u : {1U, 2U})
            {
                std::string error;
                const auto m = RdcnScheduleGenerator::Shale(c.tors, u, c.h, error);
                Ptr<RdcnSchedule> s = Make(c.tors, m);
                NS_TEST_ASSERT_MSG_NE(s, nullptr, "N " << c.tors << " h " << c.h << ": " << error);
                if (!s)
                {
                    return;
                }
                NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), c.h * (c.n - 1), "h (n-1) slices");
                for (uint32_t a = 0; a < c.tors; ++a)
                {
                    std::vector<uint32_t> meets(c.tors, 0);
                    for (uint32_t up = 0; up < u; ++up)
                    {
                        for (uint32_t sl = 0; sl < s->GetNSlices(); ++sl)
                        {
                            ++meets[s->GetMatching(up, sl)[a]];
                        }
                    }
                    for (uint32_t b = 0; b < c.tors; ++b)
                    {
                        uint32_t differ = 0;
                        for (uint32_t d = 0, x = a, y = b; d < c.h; ++d, x /= c.n, y /= c.n)
                        {
                            differ += (x % c.n) != (y % c.n);
                        }
                        // Each uplink runs through every (dimension, shift) once per cycle.
                        NS_TEST_ASSERT_MSG_EQ(meets[b],
                                              (differ == 1 ? u : 0U),
                                              "N " << c.tors << " h " << c.h << " pair " << a
                                                   << "->" << b);
                    }
                }
                // Uplink u is uplink 0 shifted by u slices.
                for (uint32_t up = 1; up < u; ++up)
                {
                    for (uint32_t sl = 0; sl < s->GetNSlices(); ++sl)
                    {
                        NS_TEST_ASSERT_MSG_EQ((s->GetMatching(up, sl) ==
                                               s->GetMatching(0, (sl + up) % s->GetNSlices())),
                                              true,
                                              "offset by one slice per uplink");
                    }
                }
            }
        }
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Shale(10, 1, 2, error).empty(), true, "10");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "shale: 10 ToRs is not a perfect square (dimensions 2"),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Shale(12, 1, 3, error).empty(), true, "12");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "shale: 12 ToRs is not a perfect cube (dimensions 3"),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Shale(16, 1, 0, error).empty(), true, "h 0");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "dimensions 0"), true, error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Shale(8, 1, 4, error).empty(),
                              true,
                              "8^(1/4)");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "dimensions 4 (allowed: 1 to 3"), true, error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Shale(9, 5, 2, error).empty(), true, "U > L");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "5 uplinks (allowed: 1 to 4"), true, error);
    }
};

/// Random derangements and the factory by name.
class RdcnRandomAndMakeTestCase : public TestCase
{
  public:
    RdcnRandomAndMakeTestCase()
        : TestCase("random derangements; schedules by architecture name or file")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        const auto m = RdcnScheduleGenerator::Random(7, 3, 5, Rng(3), error);
        NS_TEST_ASSERT_MSG_EQ(m.size(), 3U, error);
        Ptr<RdcnSchedule> s = Make(7, m);
        NS_TEST_ASSERT_MSG_NE(s, nullptr, "valid");
        if (!s)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), 5U, "slices");
        for (uint32_t u = 0; u < 3; ++u)
        {
            for (uint32_t sl = 0; sl < 5; ++sl)
            {
                for (uint32_t i = 0; i < 7; ++i)
                {
                    NS_TEST_ASSERT_MSG_NE(m[u][sl][i], -1, "a derangement is a full permutation");
                }
            }
        }
        // Uniform: over many derangements of 4 elements (9 of them), each appears ~1/9.
        const auto many = RdcnScheduleGenerator::Random(4, 1, 9000, Rng(4), error);
        std::vector<RdcnMatching> seen;
        std::vector<uint32_t> count;
        for (const RdcnMatching& d : many[0])
        {
            std::size_t k = 0;
            while (k < seen.size() && seen[k] != d)
            {
                ++k;
            }
            if (k == seen.size())
            {
                seen.push_back(d);
                count.push_back(0);
            }
            ++count[k];
        }
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 9U, "the 9 derangements of 4");
        for (uint32_t c : count)
        {
            // Binomial(9000, 1/9): sd 29.8; 6 sd either side.
            NS_TEST_ASSERT_MSG_EQ_TOL(c, 1000.0, 180.0, "uniform");
        }

        // Factory.
        for (const char* name : {"rotornet", "opera", "shale", "random", "expander"})
        {
            Ptr<RdcnSchedule> f = RdcnScheduleGenerator::Make(name, 16, 2, 2, Rng(5), error);
            NS_TEST_ASSERT_MSG_NE(f, nullptr, name << ": " << error);
            if (f)
            {
                NS_TEST_ASSERT_MSG_EQ(f->GetNTors(), 16U, name);
                NS_TEST_ASSERT_MSG_EQ(f->GetNUplinks(), 2U, name);
            }
        }
        Ptr<RdcnSchedule> rr = RdcnScheduleGenerator::Make("rotornet", 16, 2, 0, nullptr, error);
        NS_TEST_ASSERT_MSG_NE(rr, nullptr, error);
        if (rr)
        {
            NS_TEST_ASSERT_MSG_EQ(rr->GetNSlices(), 8U, "ceil(15/2)");
        }
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Make("sirius", 16, 2, 2, Rng(5), error),
                              nullptr,
                              "unknown");
        NS_TEST_ASSERT_MSG_EQ(error,
                              "unknown schedule architecture 'sirius' (allowed: rotornet, opera, "
                              "shale, random, expander, or the path of a schedule file)",
                              "lists the allowed names");

        // A static expander: one set of U derangements held in every slice (no circuit ever
        // changes, so no slot is guarded after the first cycle's start), strongly connected,
        // over the round robin's ceil((N-1)/U) slices.
        Ptr<RdcnSchedule> ex = RdcnScheduleGenerator::Make("expander", 16, 2, 0, Rng(6), error);
        NS_TEST_ASSERT_MSG_NE(ex, nullptr, error);
        if (ex)
        {
            NS_TEST_ASSERT_MSG_EQ(ex->GetNSlices(), 8U, "ceil(15/2)");
            std::vector<std::vector<uint32_t>> next(16);
            for (uint32_t u = 0; u < 2; ++u)
            {
                for (uint32_t t = 0; t < 16; ++t)
                {
                    const int32_t peer = ex->GetPeer(t, u, 0);
                    NS_TEST_ASSERT_MSG_NE(peer, static_cast<int32_t>(t), "a derangement");
                    next[t].push_back(static_cast<uint32_t>(peer));
                    for (uint64_t k = 1; k < 20; ++k)
                    {
                        NS_TEST_ASSERT_MSG_EQ(ex->GetPeer(t, u, k), peer, "static");
                        NS_TEST_ASSERT_MSG_EQ(ex->IsGuarded(t, u, k), false, "never dark");
                    }
                }
            }
            for (uint32_t from = 0; from < 16; ++from)
            {
                std::vector<bool> seen(16, false);
                std::vector<uint32_t> stack{from};
                seen[from] = true;
                uint32_t reached = 1;
                while (!stack.empty())
                {
                    const uint32_t t = stack.back();
                    stack.pop_back();
                    for (uint32_t j : next[t])
                    {
                        reached += seen[j] ? 0 : 1;
                        if (!seen[j])
                        {
                            seen[j] = true;
                            stack.push_back(j);
                        }
                    }
                }
                NS_TEST_ASSERT_MSG_EQ(reached, 16U, "every ToR reaches every other");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Make("expander", 2, 1, 0, Rng(6), error),
                              nullptr,
                              "two ToRs");
        NS_TEST_ASSERT_MSG_EQ(error, "expander: 2 ToRs (allowed: 3 or more)", error);
        NS_TEST_ASSERT_MSG_EQ(RdcnScheduleGenerator::Make("shale", 10, 1, 2, nullptr, error),
                              nullptr,
                              "shale 10");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "not a perfect square"), true, error);
        NS_TEST_ASSERT_MSG_EQ(
            RdcnScheduleGenerator::Make("/nonexistent/s.txt", 4, 1, 0, nullptr, error),
            nullptr,
            "no file");
        NS_TEST_ASSERT_MSG_EQ(error,
                              "schedule file: cannot open '/nonexistent/s.txt' (no such file)",
                              "names the path");
    }
};

/// The file format: round trip and errors with their line numbers.
class RdcnParseTestCase : public TestCase
{
  public:
    RdcnParseTestCase()
        : TestCase("schedule files: ToString round trip, errors at the right line")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        auto m = RdcnScheduleGenerator::RoundRobin(5, 2, error);
        m[1][1][3] = RdcnSchedule::NO_PEER; // a dark uplink
        Ptr<RdcnSchedule> s = Make(5, m);
        NS_TEST_ASSERT_MSG_NE(s, nullptr, "valid");
        if (!s)
        {
            return;
        }
        s->SetSlot(MicroSeconds(40));
        s->SetGuard(NanoSeconds(1500));
        const std::string text = s->ToString();
        Ptr<RdcnSchedule> back = RdcnSchedule::Parse(text, "round-trip", error);
        NS_TEST_ASSERT_MSG_NE(back, nullptr, error);
        if (!back)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(back->ToString(), text, "round trip");
        NS_TEST_ASSERT_MSG_EQ((back->GetMatchings() == m), true, "same matchings");
        NS_TEST_ASSERT_MSG_EQ(back->GetSlot(), MicroSeconds(40), "slot");
        NS_TEST_ASSERT_MSG_EQ(back->GetGuard(), NanoSeconds(1500), "guard");
        NS_TEST_ASSERT_MSG_EQ(Has(text, "match 1 1 4 0 1 - 3"), true, text);

        // The shipped example (data/rdcn/example-schedule.txt) is the round robin of 4 ToRs.
        // Found in the data directory (NS3_OPTICAL_DATA_DIR or the module's data/).
        const std::string example = "rdcn/example-schedule.txt";
        Ptr<RdcnSchedule> ex = RdcnSchedule::Load(example, error);
        NS_TEST_ASSERT_MSG_NE(ex, nullptr, error);
        if (ex)
        {
            NS_TEST_ASSERT_MSG_EQ(
                (ex->GetMatchings() == RdcnScheduleGenerator::RoundRobin(4, 1, error)),
                true,
                "the example is RotorNet's round robin");
            NS_TEST_ASSERT_MSG_EQ(ex->GetSlot(), MicroSeconds(50), "slot");
            NS_TEST_ASSERT_MSG_EQ(ex->GetGuard(), MicroSeconds(2), "guard");
        }

        // Malformed files: the line and the problem.
        const std::string head = "tors 4\nuplinks 1\nslices 2\n"; // lines 1-3

        struct Bad
        {
            std::string text;
            std::string prefix;  // "f:LINE: ..."
            std::string content; // part of the problem
        };

        const std::vector<Bad> bad = {
            {head + "rotors 4\n", "f:4: ", "unknown keyword 'rotors' (allowed: tors, uplinks"},
            {head + "match 0 0 1 2 3 0\n# nothing else\n",
             "f:5: ",
             "end of file: no match line for uplink 0 slice 1"},
            {head + "match 0 0 1 2 3 0\nmatch 0 1 2 3 0 1\n\nmatch 0 0 1 2 3 0\n",
             "f:7: ",
             "duplicate match line for uplink 0 slice 0 (first on line 4)"},
            {head + "match 0 0 1 2 3\n", "f:4: ", "match line has 3 peers, expected 4"},
            {head + "# comment\n\nmatch 0 0 1 2 7 0\n",
             "f:6: ",
             "uplink 0 slice 0: peer '7' of ToR 2 is not a ToR (allowed: 0 to 3, or - for none)"},
            {head + "match 0 0 1 x 3 0\n", "f:4: ", "peer 'x' of ToR 1 is not a ToR"},
            {head + "match 0 0 1 2 3 0\nmatch 0 1 1 0 1 2  # two to 1\n",
             "f:5: ",
             "uplink 0 slice 1: ToRs 0 and 2 both send to ToR 1 (not a matching)"},
            {head + "match 0 0 1 2 2 0\n", "f:4: ", "ToR 2 sends to itself"},
            {head + "match 1 0 1 2 3 0\n", "f:4: ", "uplink '1' is too large"},
            {head + "match 0 2 1 2 3 0\n", "f:4: ", "slice '2' is too large"},
            {"tors 4\nslices 2\nmatch 0 0 1 2 3 0\n",
             "f:3: ",
             "match line before the header (missing: uplinks"},
            {"tors 4\nuplinks 1\ntors 5\n", "f:3: ", "duplicate 'tors' line (first on line 1)"},
            {"tors 1\n", "f:1: ", "tors '1' is too small (allowed: 2 to 65535)"},
            {"tors 4 5\n", "f:1: ", "'tors' takes one value, got 2"},
            {head + "slot 2us\nguard 2us\nmatch 0 0 1 2 3 0\nmatch 0 1 2 3 0 1\n",
             "f:5: ",
             "slot 2us must be longer than guard 2us"},
            {"guard 3us\n" + head + "slot 2us\nmatch 0 0 1 2 3 0\nmatch 0 1 2 3 0 1\n",
             "f:5: ",
             "slot 2us must be longer than guard 3us"},
            {head + "slot fast\n", "f:4: ", "slot "},
            {"tors 4\nuplinks 1\n", "f:2: ", "end of file: no 'slices' line"},
            {head + "match 0 0 1 2 3 0\nslices 3\n",
             "f:5: ",
             "'slices' after the first match line (line 4)"},
            {"", "f:1: ", "end of file: no 'tors' line"},
        };
        for (const Bad& b : bad)
        {
            std::string e;
            Ptr<RdcnSchedule> p = RdcnSchedule::Parse(b.text, "f", e);
            NS_TEST_ASSERT_MSG_EQ(p, nullptr, "refused: " << b.text);
            NS_TEST_ASSERT_MSG_EQ(e.substr(0, b.prefix.size()), b.prefix, "line of: " << e);
            NS_TEST_ASSERT_MSG_EQ(Has(e, b.content), true, "problem: " << e << " / " << b.content);
        }
    }
};

/// Install: the slots before the new cycle keep the old one.
class RdcnInstallTestCase : public TestCase
{
  public:
    RdcnInstallTestCase()
        : TestCase("install: old cycle before the first slot of the new one, new cycle after")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        Ptr<RdcnSchedule> s = Make(4, RdcnScheduleGenerator::RoundRobin(4, 1, error));
        NS_TEST_ASSERT_MSG_NE(s, nullptr, error);
        if (!s)
        {
            return;
        }
        g_installed.clear();
        s->TraceConnectWithoutContext("Installed", MakeCallback(&RecordInstalled));
        const std::vector<uint64_t>& installed = g_installed;
        // New cycle of two slices: the 2-shift, then the swap 0<->1, 2<->3.
        const std::vector<std::vector<RdcnMatching>> next = {{Shift(4, 2), {1, 0, 3, 2}}};
        NS_TEST_ASSERT_MSG_EQ(s->Install(next, 7, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(installed.size(), 1U, "trace");
        for (uint64_t k = 0; k < 20; ++k)
        {
            for (uint32_t t = 0; t < 4; ++t)
            {
                const int32_t expected =
                    k < 7 ? static_cast<int32_t>((t + 1 + k % 3) % 4) : next[0][(k - 7) % 2][t];
                NS_TEST_ASSERT_MSG_EQ(s->GetPeer(t, 0, k), expected, "slot " << k << " ToR " << t);
            }
            NS_TEST_ASSERT_MSG_EQ(s->GetSlice(k), (k < 7 ? k % 3 : (k - 7) % 2), "slice " << k);
            NS_TEST_ASSERT_MSG_EQ(s->GetNSlicesAt(k), (k < 7 ? 3U : 2U), "length " << k);
        }
        // Slot 6 (old slice 0: 0->1) to slot 7 (new: 0->2): guarded. Slot 8 (swap 0->1): too.
        NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(0, 0, 7), true, "boundary");
        // ToR 1: slot 6 is shift 1 (1->2), slot 7 the 2-shift (1->3).
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(1, 0, 6), 2, "old");
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(1, 0, 7), 3, "new");
        NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), 3U, "the first cycle is still the first");

        // A later install from slot 5 drops the cycle from 7 and starts from 5.
        const std::vector<std::vector<RdcnMatching>> third = {{{1, 0, 3, 2}}};
        NS_TEST_ASSERT_MSG_EQ(s->Install(third, 5, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, 4), 2, "old cycle: slot 4 is slice 1, shift 2");
        for (uint64_t k = 5; k < 12; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, k), 1, "third cycle");
            NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(0, 0, k), (k == 5), "only its first slot changes");
        }
        // Refused: other uplink count, bad matching, in the past.
        NS_TEST_ASSERT_MSG_EQ(s->Install({{Shift(4, 1)}, {Shift(4, 2)}}, 30, error), false, "U");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "2 uplinks, the schedule has 1"), true, error);
        NS_TEST_ASSERT_MSG_EQ(s->Install({{{1, 0, 1, 2}}}, 30, error), false, "matching");
        NS_TEST_ASSERT_MSG_EQ(Has(error, "ToRs 0 and 2 both send to ToR 1"), true, error);
        bool pastRefused = false;
        bool nowAccepted = false;
        Simulator::Schedule(MicroSeconds(1000), [&]() {
            std::string e;
            // 1 ms = slot 20 of 50 us. Slot 19 began in the past; slot 20 begins now.
            pastRefused = !s->Install(next, 19, e) && Has(e, "slot 19 began at 950us");
            nowAccepted = s->Install(next, 20, e);
        });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(pastRefused, true, "past refused");
        NS_TEST_ASSERT_MSG_EQ(nowAccepted, true, "now accepted");
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, 20), 2, "from 20 the 2-shift");
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, 21), 1, "then the swap");
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(0, 0, 19), 1, "slot 19 still the third cycle");
        NS_TEST_ASSERT_MSG_EQ(installed.size(), 3U, "three installs traced");
    }
};

/// Slot arithmetic and guard bands on hand cases.
class RdcnSlotTestCase : public TestCase
{
  public:
    RdcnSlotTestCase()
        : TestCase("GetSlotAt, GetSlotStart, IsGuarded, GetWindowStart, GetConfiguration by hand")
    {
    }

  private:
    void DoRun() override
    {
        // Slices: A, A, B with A = shift 1 except ToR 3 dark, B = shift 3.
        const RdcnMatching a = {1, 2, 3, -1};
        const RdcnMatching b = Shift(4, 3);
        Ptr<RdcnSchedule> s = Make(4, {{a, a, b}});
        NS_TEST_ASSERT_MSG_NE(s, nullptr, "valid");
        if (!s)
        {
            return;
        }
        s->SetAttribute("Start", TimeValue(MilliSeconds(1)));
        NS_TEST_ASSERT_MSG_EQ(s->GetSlot(), MicroSeconds(50), "default slot");
        NS_TEST_ASSERT_MSG_EQ(s->GetGuard(), MicroSeconds(2), "default guard");
        NS_TEST_ASSERT_MSG_EQ(s->GetStart(), MilliSeconds(1), "start");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotAt(Seconds(0)), 0U, "before start");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotAt(MilliSeconds(1)), 0U, "at start");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotAt(MicroSeconds(1050) - NanoSeconds(1)), 0U, "end of 0");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotAt(MicroSeconds(1050)), 1U, "slot 1 begins");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotAt(MicroSeconds(1350) + NanoSeconds(3)), 7U, "slot 7");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotStart(7), MicroSeconds(1350), "1 ms + 7 x 50 us");
        NS_TEST_ASSERT_MSG_EQ(s->GetSlotStart(0), MilliSeconds(1), "slot 0");
        // ToR 0: slot 0 (A) after the cycle's last slice (B): guarded; slot 1 (A after A): not;
        // slot 2 (B): guarded; slot 3 (A after B): guarded.
        const bool guarded0[] = {true, false, true, true, false, true};
        for (uint64_t k = 0; k < 6; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(0, 0, k), guarded0[k], "ToR 0 slot " << k);
            NS_TEST_ASSERT_MSG_EQ(s->GetWindowStart(0, 0, k),
                                  MilliSeconds(1) + MicroSeconds(50 * k + (guarded0[k] ? 2 : 0)),
                                  "window of slot " << k);
        }
        // ToR 3 is dark in A: no circuit, no guard; in B (3->2) it is guarded.
        NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(3, 0, 0), false, "dark");
        NS_TEST_ASSERT_MSG_EQ(s->IsGuarded(3, 0, 2), true, "lit after dark");
        NS_TEST_ASSERT_MSG_EQ(s->GetPeer(3, 0, 0), RdcnSchedule::NO_PEER, "dark");
        // 0->1 is lit in slices 0 (guarded) and 1 (not): (48 + 50) / 150 of the time.
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetConnectedFraction(0, 1), 98.0 / 150.0, 1e-12, "0->1");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetConnectedFraction(0, 3), 48.0 / 150.0, 1e-12, "0->3");
        NS_TEST_ASSERT_MSG_EQ_TOL(s->GetConnectedFraction(0, 2), 0.0, 1e-15, "0->2 never");
        std::string missing;
        NS_TEST_ASSERT_MSG_EQ(s->ConnectsEveryPair(&missing), false, "0->2 missing");
        NS_TEST_ASSERT_MSG_EQ(missing, "ToR 0 never has a circuit to ToR 2", "names the pair");
        OcsConfiguration expected;
        expected.ConnectOneWay(0, 1).ConnectOneWay(1, 2).ConnectOneWay(2, 3);
        NS_TEST_ASSERT_MSG_EQ((s->GetConfiguration(0, 4) == expected),
                              true,
                              "slot 4 is slice 1 (A): " << s->GetConfiguration(0, 4));
        NS_TEST_ASSERT_MSG_EQ(s->GetConfiguration(0, 4).Validate(4), "", "valid OCS config");
        // Two uplinks to the same peer in one slice: the union of the lit windows counts once.
        Ptr<RdcnSchedule> two = Make(3, {{Shift(3, 1), Shift(3, 2)}, {Shift(3, 1), Shift(3, 1)}});
        NS_TEST_ASSERT_MSG_NE(two, nullptr, "valid");
        if (two)
        {
            // Slice 0: uplink 1 holds 0->1 from the previous slice (unguarded): 50 us.
            // Slice 1: uplink 1 still 0->1, unguarded: 50 us. 0->1 lit all the time.
            NS_TEST_ASSERT_MSG_EQ_TOL(two->GetConnectedFraction(0, 1), 1.0, 1e-12, "union");
            // 0->2 on uplink 0 in slice 1, guarded: 48 / 100.
            NS_TEST_ASSERT_MSG_EQ_TOL(two->GetConnectedFraction(0, 2), 0.48, 1e-12, "0->2");
        }
    }
};

/// The suite.
class RdcnScheduleTestSuite : public TestSuite
{
  public:
    RdcnScheduleTestSuite()
        : TestSuite("optical-rdcn-schedule", SUITE_UNIT)
    {
        AddTestCase(new RdcnRoundRobinTestCase, TEST_QUICK);
        AddTestCase(new RdcnRefusalTestCase, TEST_QUICK);
        AddTestCase(new RdcnOperaTestCase, TEST_QUICK);
        AddTestCase(new RdcnShaleTestCase, TEST_QUICK);
        AddTestCase(new RdcnRandomAndMakeTestCase, TEST_QUICK);
        AddTestCase(new RdcnParseTestCase, TEST_QUICK);
        AddTestCase(new RdcnInstallTestCase, TEST_QUICK);
        AddTestCase(new RdcnSlotTestCase, TEST_QUICK);
    }
};

/// Static instance.
static RdcnScheduleTestSuite g_rdcnScheduleTestSuite;
