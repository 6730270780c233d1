/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Routing over time in time-slotted networks (RdcnRouter): earliest-arrival paths against an
// exhaustive enumeration of every wait/hop sequence on small random schedules (arrival, fewest
// hops, validity, per-hop consistency of hoho, the K paths of ksp against the best continuation
// of every first hop); direct against the round-robin shift rule; vlb's intermediates (two hops,
// never an end, uniform within 5 standard deviations, reproducible); ksp's flow hash; source
// routes followed and recomputed when stale; newly installed cycles; the time-flow tables;
// Check() and ParseScheme.

#include "../common/optical-test-compat.h"

#include "ns3/enum.h"
#include "ns3/rdcn-router.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Unreachable arrival.
constexpr uint64_t NEVER = std::numeric_limits<uint64_t>::max();

/// Best (arrival, hops, first uplink, first slot) found by the enumeration: hoho's order.
struct Best
{
    uint64_t arrival{NEVER};                             //!< Arrival slot
    uint32_t hops{std::numeric_limits<uint32_t>::max()}; //!< Hops
    uint32_t uplink{0};                                  //!< First hop's uplink
    uint64_t slot{0};                                    //!< First hop's slot

    /// \return true when (a, h, u, k) improves on this
    bool Improves(uint64_t a, uint32_t h, uint32_t u, uint64_t k) const
    {
        return std::tie(a, h, u, k) < std::tie(arrival, hops, uplink, slot);
    }
};

/**
 * Enumerates every wait/hop sequence from \p node ready at \p slot with hops in slots before
 * \p end (revisits allowed; never entering \p banned), recording the best at \p dst;
 * \p first is the sequence's first hop (uplink, slot) once it has one. Sequences that cannot
 * arrive by the best arrival so far are cut.
 */
void
Explore(const Ptr<RdcnSchedule>& s,
        uint32_t node,
        uint64_t slot,
        uint64_t end,
        uint32_t hops,
        std::pair<uint32_t, uint64_t> first,
        uint32_t dst,
        int32_t banned,
        Best& best)
{
    if (slot >= end || slot + 1 > best.arrival)
    {
        return;
    }
    for (uint32_t u = 0; u < s->GetNUplinks(); ++u)
    {
        const int32_t p = s->GetPeer(node, u, slot);
        if (p == RdcnSchedule::NO_PEER || p == banned)
        {
            continue;
        }
        const auto f = hops == 0 ? std::make_pair(u, slot) : first;
        if (static_cast<uint32_t>(p) == dst)
        {
            if (best.Improves(slot + 1, hops + 1, f.first, f.second))
            {
                best.arrival = slot + 1;
                best.hops = hops + 1;
                best.uplink = f.first;
                best.slot = f.second;
            }
            continue;
        }
        Explore(s, p, slot + 1, end, hops + 1, f, dst, banned, best);
    }
    Explore(s, node, slot + 1, end, hops, first, dst, banned, best);
}

/// \return the horizon end (first slot not usable for hops) from \p ready: 2 L + 1 slots
uint64_t
HorizonEnd(const Ptr<RdcnSchedule>& s, uint64_t ready)
{
    return ready + 2 * static_cast<uint64_t>(s->GetNSlicesAt(ready)) + 1;
}

/// \return the best (arrival, hops) from src at ready to dst by enumeration
Best
BruteForce(const Ptr<RdcnSchedule>& s, uint32_t src, uint64_t ready, uint32_t dst)
{
    Best best;
    Explore(s, src, ready, HorizonEnd(s, ready), 0, {0, 0}, dst, -1, best);
    return best;
}

/**
 * \return empty when \p path is a valid path from src (leaving no earlier than ready) to dst:
 * every circuit exists in its slot, slots strictly increase, hops chain, no ToR twice
 */
std::string
Invalid(const Ptr<RdcnSchedule>& s,
        const std::vector<RdcnHop>& path,
        uint32_t src,
        uint64_t ready,
        uint32_t dst)
{
    std::ostringstream why;
    if (path.empty())
    {
        return "empty path";
    }
    std::set<uint32_t> seen{src};
    uint32_t at = src;
    uint64_t earliest = ready;
    for (std::size_t h = 0; h < path.size(); ++h)
    {
        const RdcnHop& hop = path[h];
        if (hop.tor != at)
        {
            why << "hop " << h << " leaves ToR " << hop.tor << " but the packet is at " << at;
            return why.str();
        }
        if (hop.slot < earliest)
        {
            why << "hop " << h << " in slot " << hop.slot << " before " << earliest;
            return why.str();
        }
        if (s->GetPeer(hop.tor, hop.uplink, hop.slot) != static_cast<int32_t>(hop.next))
        {
            why << "hop " << h << ": no circuit " << hop.tor << " -> " << hop.next << " on uplink "
                << hop.uplink << " in slot " << hop.slot;
            return why.str();
        }
        if (!seen.insert(hop.next).second)
        {
            why << "hop " << h << " revisits ToR " << hop.next;
            return why.str();
        }
        at = hop.next;
        earliest = hop.slot + 1;
    }
    if (at != dst)
    {
        why << "ends at " << at << ", not " << dst;
        return why.str();
    }
    return "";
}

/// A random partial matching: a random permutation's non-fixed points, each kept with
/// probability \p density.
RdcnMatching
RandomMatching(uint32_t n, double density, std::mt19937& gen)
{
    std::vector<int32_t> perm(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        perm[i] = i;
    }
    std::shuffle(perm.begin(), perm.end(), gen);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    RdcnMatching m(n, RdcnSchedule::NO_PEER);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (perm[i] != static_cast<int32_t>(i) && coin(gen) < density)
        {
            m[i] = perm[i];
        }
    }
    return m;
}

/// Random matchings[uplink][slice].
std::vector<std::vector<RdcnMatching>>
RandomMatchings(uint32_t n, uint32_t u, uint32_t l, double density, std::mt19937& gen)
{
    std::vector<std::vector<RdcnMatching>> m(u);
    for (uint32_t up = 0; up < u; ++up)
    {
        for (uint32_t s = 0; s < l; ++s)
        {
            m[up].push_back(RandomMatching(n, density, gen));
        }
    }
    return m;
}

/// \return a schedule with these matchings (null and \p error set on failure)
Ptr<RdcnSchedule>
MakeSchedule(uint32_t n, const std::vector<std::vector<RdcnMatching>>& m, std::string& error)
{
    Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
    if (!s->SetMatchings(n, m, error))
    {
        return nullptr;
    }
    return s;
}

/// \return a router with this scheme on \p s
Ptr<RdcnRouter>
MakeRouter(const Ptr<RdcnSchedule>& s, RdcnRouter::Scheme scheme, uint32_t paths = 3)
{
    Ptr<RdcnRouter> r = CreateObject<RdcnRouter>();
    r->SetAttribute("Paths", UintegerValue(paths));
    r->SetScheme(scheme);
    r->SetSchedule(s);
    return r;
}

/// \return the arrival slot of a non-empty path
uint64_t
ArrivalOf(const std::vector<RdcnHop>& path)
{
    return path.back().slot + 1;
}

/**
 * \ingroup optical-tests
 * hoho and ksp against the enumeration on random small schedules: every start slice, every
 * pair; hoho's per-hop walk arrives as planned with as many hops.
 */
class RoutingBruteForceTestCase : public TestCase
{
  public:
    RoutingBruteForceTestCase()
        : TestCase("earliest paths, hoho and ksp equal an exhaustive enumeration")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 gen(20260522);
        uint64_t reachable = 0;
        uint64_t unreachable = 0;
        uint64_t multiHop = 0;
        const double densities[] = {0.35, 0.6, 1.0};
        for (uint32_t trial = 0; trial < 48; ++trial)
        {
            const uint32_t n = 3 + gen() % 4;
            const uint32_t u = 1 + gen() % 3;
            const uint32_t l = 1 + gen() % 4;
            const double density = densities[trial % 3];
            std::string error;
            Ptr<RdcnSchedule> s = MakeSchedule(n, RandomMatchings(n, u, l, density, gen), error);
            NS_TEST_ASSERT_MSG_EQ(error, "", "random schedule");
            if (!s)
            {
                return;
            }
            Ptr<RdcnRouter> hoho = MakeRouter(s, RdcnRouter::HOHO);
            Ptr<RdcnRouter> ksp = MakeRouter(s, RdcnRouter::KSP, 3);
            for (uint32_t slice = 0; slice < l; ++slice)
            {
                const uint64_t ready = slice + l * (gen() % 3);
                NS_TEST_ASSERT_MSG_EQ(hoho->GetHorizon(ready),
                                      HorizonEnd(s, ready) - ready,
                                      "horizon 2 L + 1");
                for (uint32_t src = 0; src < n; ++src)
                {
                    for (uint32_t dst = 0; dst < n; ++dst)
                    {
                        if (src == dst)
                        {
                            continue;
                        }
                        std::ostringstream ctx;
                        ctx << "trial " << trial << " (N " << n << " U " << u << " L " << l
                            << ") ready " << ready << " " << src << " -> " << dst;
                        if (!CheckPair(s, hoho, ksp, src, ready, dst, ctx.str(), multiHop))
                        {
                            return;
                        }
                        const Best b = BruteForce(s, src, ready, dst);
                        ++(b.arrival == NEVER ? unreachable : reachable);
                    }
                }
            }
        }
        // The generated schedules: RotorNet, Opera, Shale.
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(3);
        std::string error;
        const std::vector<std::pair<std::string, std::vector<std::vector<RdcnMatching>>>> generated{
            {"rotornet 6 x 2", RdcnScheduleGenerator::RoundRobin(6, 2, error)},
            {"opera 7 x 2", RdcnScheduleGenerator::Opera(7, 2, rng, error)},
            {"shale 3^2 x 2", RdcnScheduleGenerator::Shale(9, 2, 2, error)},
            {"shale 2^3 x 1", RdcnScheduleGenerator::Shale(8, 1, 3, error)}};
        NS_TEST_ASSERT_MSG_EQ(error, "", "generators");
        for (const auto& [name, matchings] : generated)
        {
            const uint32_t n = matchings.front().front().size();
            Ptr<RdcnSchedule> s = MakeSchedule(n, matchings, error);
            NS_TEST_ASSERT_MSG_EQ(error, "", name);
            if (!s)
            {
                return;
            }
            Ptr<RdcnRouter> hoho = MakeRouter(s, RdcnRouter::HOHO);
            Ptr<RdcnRouter> ksp = MakeRouter(s, RdcnRouter::KSP, 3);
            for (uint32_t slice = 0; slice < s->GetNSlices(); ++slice)
            {
                for (uint32_t src = 0; src < n; ++src)
                {
                    for (uint32_t dst = 0; dst < n; ++dst)
                    {
                        std::ostringstream ctx;
                        ctx << name << " slice " << slice << " " << src << " -> " << dst;
                        if (src != dst &&
                            !CheckPair(s, hoho, ksp, src, slice, dst, ctx.str(), multiHop))
                        {
                            return;
                        }
                    }
                }
            }
        }

        // The random schedules exercise both outcomes and multi-hop paths.
        NS_TEST_EXPECT_MSG_GT(reachable, 1000, "reachable pairs");
        NS_TEST_EXPECT_MSG_GT(unreachable, 10, "unreachable pairs");
        NS_TEST_EXPECT_MSG_GT(multiHop, 200, "multi-hop earliest paths");
    }

    /// Checks one (src, ready, dst); \return false after the first failure
    bool CheckPair(const Ptr<RdcnSchedule>& s,
                   const Ptr<RdcnRouter>& hoho,
                   const Ptr<RdcnRouter>& ksp,
                   uint32_t src,
                   uint64_t ready,
                   uint32_t dst,
                   const std::string& ctx,
                   uint64_t& multiHop)
    {
        const Best b = BruteForce(s, src, ready, dst);
        std::vector<RdcnHop> path;
        const uint64_t arrival = hoho->EarliestPath(src, ready, dst, path);
        NS_TEST_EXPECT_MSG_EQ(arrival, b.arrival, ctx << ": arrival");
        if (arrival != b.arrival)
        {
            return false;
        }
        RdcnRouteState state;
        RdcnHop hop;
        if (b.arrival == NEVER)
        {
            NS_TEST_EXPECT_MSG_EQ(path.size(), 0, ctx << ": no path");
            NS_TEST_EXPECT_MSG_EQ(hoho->NextHop(src, ready, dst, 0, state, hop),
                                  false,
                                  ctx << ": hoho has no hop");
            NS_TEST_EXPECT_MSG_EQ(ksp->EarliestPaths(src, ready, dst, 3).size(),
                                  0,
                                  ctx << ": ksp has no path");
            return true;
        }
        const std::string bad = Invalid(s, path, src, ready, dst);
        NS_TEST_EXPECT_MSG_EQ(bad, "", ctx);
        NS_TEST_EXPECT_MSG_EQ(path.size(), b.hops, ctx << ": fewest hops among the earliest");
        if (!bad.empty() || path.size() != b.hops)
        {
            return false;
        }
        NS_TEST_EXPECT_MSG_EQ(ArrivalOf(path), arrival, ctx << ": path arrives when returned");
        NS_TEST_EXPECT_MSG_EQ(path.front().uplink, b.uplink, ctx << ": lowest first uplink");
        NS_TEST_EXPECT_MSG_EQ(path.front().slot, b.slot, ctx << ": then earliest first slot");
        multiHop += path.size() > 1 ? 1 : 0;

        // hoho: the table's first hop is the path's; walking hop by hop arrives as planned.
        NS_TEST_EXPECT_MSG_EQ(hoho->NextHop(src, ready, dst, 0, state, hop), true, ctx);
        NS_TEST_EXPECT_MSG_EQ((hop == path.front()), true, ctx << ": hoho's first hop");
        uint32_t at = hop.next;
        uint64_t at_ready = hop.slot + 1;
        for (uint32_t step = 1; at != dst && step <= s->GetNTors(); ++step)
        {
            std::vector<RdcnHop> rest;
            NS_TEST_EXPECT_MSG_EQ(hoho->EarliestPath(at, at_ready, dst, rest),
                                  arrival,
                                  ctx << ": ToR " << at << " arrives as the source planned");
            RdcnHop h;
            const bool ok = hoho->NextHop(at, at_ready, dst, 0, state, h);
            NS_TEST_EXPECT_MSG_EQ(ok, true, ctx << ": hop from ToR " << at);
            if (!ok)
            {
                return false;
            }
            NS_TEST_EXPECT_MSG_EQ(s->GetPeer(at, h.uplink, h.slot),
                                  static_cast<int32_t>(h.next),
                                  ctx << ": circuit");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(h.slot, at_ready, ctx << ": not in the past");
            at = h.next;
            at_ready = h.slot + 1;
        }
        NS_TEST_EXPECT_MSG_EQ(at, dst, ctx << ": walk ends at dst");
        NS_TEST_EXPECT_MSG_EQ(at_ready, arrival, ctx << ": walk arrival");
        NS_TEST_EXPECT_MSG_EQ(state.hops, b.hops, ctx << ": walk hops");

        // ksp: the best continuation of every first hop, by enumeration (never back to src).
        std::map<std::pair<uint32_t, uint64_t>, Best> byFirst;
        std::vector<std::pair<uint64_t, uint32_t>> sorted;
        const uint64_t end = HorizonEnd(s, ready);
        for (uint64_t t = ready; t < end; ++t)
        {
            for (uint32_t l = 0; l < s->GetNUplinks(); ++l)
            {
                const int32_t p = s->GetPeer(src, l, t);
                if (p == RdcnSchedule::NO_PEER)
                {
                    continue;
                }
                Best c;
                if (static_cast<uint32_t>(p) == dst)
                {
                    c.arrival = t + 1;
                    c.hops = 1;
                }
                else
                {
                    Explore(s, p, t + 1, end, 1, {l, t}, dst, static_cast<int32_t>(src), c);
                }
                if (c.arrival != NEVER)
                {
                    byFirst[{l, t}] = c;
                    sorted.emplace_back(c.arrival, c.hops);
                }
            }
        }
        std::sort(sorted.begin(), sorted.end());
        for (uint32_t k : {1U, 3U, 1000U})
        {
            const auto paths = ksp->EarliestPaths(src, ready, dst, k);
            NS_TEST_EXPECT_MSG_EQ(paths.size(),
                                  std::min<std::size_t>(k, sorted.size()),
                                  ctx << ": ksp K " << k);
            if (paths.size() != std::min<std::size_t>(k, sorted.size()))
            {
                return false;
            }
            std::set<std::pair<uint32_t, uint64_t>> firsts;
            for (std::size_t i = 0; i < paths.size(); ++i)
            {
                const std::string why = Invalid(s, paths[i], src, ready, dst);
                NS_TEST_EXPECT_MSG_EQ(why, "", ctx << ": ksp path " << i);
                if (!why.empty())
                {
                    return false;
                }
                const RdcnHop& first = paths[i].front();
                NS_TEST_EXPECT_MSG_EQ(firsts.insert({first.uplink, first.slot}).second,
                                      true,
                                      ctx << ": distinct first hops");
                const Best& c = byFirst[{first.uplink, first.slot}];
                NS_TEST_EXPECT_MSG_EQ(ArrivalOf(paths[i]),
                                      c.arrival,
                                      ctx << ": ksp path " << i << " continues earliest");
                NS_TEST_EXPECT_MSG_EQ(paths[i].size(), c.hops, ctx << ": ksp path " << i);
                NS_TEST_EXPECT_MSG_EQ(ArrivalOf(paths[i]),
                                      sorted[i].first,
                                      ctx << ": ksp path " << i << " is among the K best");
                NS_TEST_EXPECT_MSG_EQ(paths[i].size(), sorted[i].second, ctx << ": ksp order");
            }
            NS_TEST_EXPECT_MSG_EQ(ArrivalOf(paths.front()), arrival, ctx << ": ksp first = hoho");
        }
        return true;
    }
};

/**
 * \ingroup optical-tests
 * direct on RotorNet round robin: the wait follows from the shift rule of
 * RdcnScheduleGenerator::RoundRobin (rotor u holds shift u + 1 + s U in slice s, or its first
 * shift u + 1 when it has no more).
 */
class RoutingDirectTestCase : public TestCase
{
  public:
    RoutingDirectTestCase()
        : TestCase("direct waits for the round-robin circuit (closed form)")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n = 3; n <= 12; ++n)
        {
            for (uint32_t u = 1; u <= std::min(3U, n - 1); ++u)
            {
                std::string error;
                Ptr<RdcnSchedule> s =
                    MakeSchedule(n, RdcnScheduleGenerator::RoundRobin(n, u, error), error);
                NS_TEST_ASSERT_MSG_EQ(error, "", "round robin " << n << " x " << u);
                if (!s)
                {
                    return;
                }
                const uint32_t l = (n - 1 + u - 1) / u;
                NS_TEST_ASSERT_MSG_EQ(s->GetNSlices(), l, "ceil((N-1)/U) slices");
                Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::DIRECT);
                NS_TEST_EXPECT_MSG_EQ(r->Check(), "", "round robin connects every pair");
                auto shift = [&](uint32_t up, uint32_t slice) {
                    const uint32_t k = up + 1 + slice * u;
                    return k <= n - 1 ? k : up + 1;
                };
                for (uint64_t ready = 0; ready <= 2 * l + 3; ++ready)
                {
                    for (uint32_t src = 0; src < n; ++src)
                    {
                        for (uint32_t dst = 0; dst < n; ++dst)
                        {
                            if (src == dst)
                            {
                                continue;
                            }
                            const uint32_t d = (dst + n - src) % n;
                            uint64_t wait = 0;
                            uint32_t up = 0;
                            if (u == 1)
                            {
                                // Shift d in slice d - 1 only.
                                wait = ((d - 1) + l - ready % l) % l;
                            }
                            else
                            {
                                bool found = false;
                                for (wait = 0; !found; ++wait)
                                {
                                    for (up = 0; up < u && !found; ++up)
                                    {
                                        found = shift(up, (ready + wait) % l) == d;
                                    }
                                }
                                --wait;
                                --up;
                            }
                            RdcnHop hop;
                            RdcnRouteState state;
                            const bool ok = r->NextHop(src, ready, dst, 0, state, hop);
                            NS_TEST_EXPECT_MSG_EQ(ok, true, "direct hop");
                            if (!ok)
                            {
                                return;
                            }
                            std::ostringstream ctx;
                            ctx << "N " << n << " U " << u << " ready " << ready << " " << src
                                << " -> " << dst;
                            NS_TEST_EXPECT_MSG_EQ(hop.slot - ready, wait, ctx.str() << ": wait");
                            NS_TEST_EXPECT_MSG_EQ(hop.uplink, up, ctx.str() << ": uplink");
                            NS_TEST_EXPECT_MSG_EQ(hop.next, dst, ctx.str() << ": next");
                            NS_TEST_EXPECT_MSG_EQ(hop.tor, src, ctx.str() << ": tor");
                            NS_TEST_EXPECT_MSG_EQ(state.hops, 1, ctx.str() << ": one hop");
                            if (hop.slot - ready != wait || hop.uplink != up)
                            {
                                return;
                            }
                        }
                    }
                }
            }
        }
        // A large round robin: the index answers as the closed form says (U = 1: wait
        // (d - 1 - ready) mod (N - 1)).
        std::string error;
        const uint32_t n = 1024;
        Ptr<RdcnSchedule> s =
            MakeSchedule(n, RdcnScheduleGenerator::RoundRobin(n, 1, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "round robin 1024");
        if (!s)
        {
            return;
        }
        Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::DIRECT);
        std::mt19937 gen(7);
        for (uint32_t q = 0; q < 20000; ++q)
        {
            const uint32_t src = gen() % n;
            const uint32_t dst = (src + 1 + gen() % (n - 1)) % n;
            const uint64_t ready = gen() % 100000;
            RdcnHop hop;
            NS_TEST_EXPECT_MSG_EQ(r->DirectHop(src, ready, dst, hop), true, "direct 1024");
            const uint64_t d = (dst + n - src) % n;
            NS_TEST_EXPECT_MSG_EQ(hop.slot - ready,
                                  (d - 1 + (n - 1) - ready % (n - 1)) % (n - 1),
                                  "1024 ToRs: wait from " << ready << " " << src << " -> " << dst);
        }
    }
};

/**
 * \ingroup optical-tests
 * vlb: two direct hops through an intermediate uniformly chosen among the ToRs but the source
 * (VlbIntermediates any: drawing the destination, 1 in N - 1, is one direct hop) or among those
 * that are neither end (others), reproducible from the stream; N = 2 goes direct.
 */
class RoutingVlbTestCase : public TestCase
{
  public:
    RoutingVlbTestCase()
        : TestCase("vlb: uniform intermediates, two direct hops")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 8;
        std::string error;
        Ptr<RdcnSchedule> s =
            MakeSchedule(n, RdcnScheduleGenerator::RoundRobin(n, 2, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "round robin");
        if (!s)
        {
            return;
        }
        for (const bool any : {false, true})
        {
            CheckDraws(s, n, any);
        }
        CheckStreamsAndTwo(s, error);
    }

    /**
     * \brief Draws many first hops from one ToR to another and checks each path and the
     * frequencies. \param s the schedule \param n its ToRs \param any VlbIntermediates any
     */
    void CheckDraws(Ptr<RdcnSchedule> s, uint32_t n, bool any)
    {
        Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::VLB);
        r->SetAttribute("VlbIntermediates", StringValue(any ? "any" : "others"));
        r->AssignStreams(11);
        NS_TEST_EXPECT_MSG_EQ(r->Check(), "", "vlb on round robin");
        const uint32_t src = 1;
        const uint32_t dst = 4;
        const uint32_t draws = 12000;
        std::vector<uint32_t> count(n, 0);
        for (uint32_t d = 0; d < draws; ++d)
        {
            const uint64_t ready = d % 7;
            RdcnRouteState state;
            RdcnHop first;
            RdcnHop second;
            const bool ok1 = r->NextHop(src, ready, dst, d, state, first);
            NS_TEST_EXPECT_MSG_EQ(ok1, true, "first hop");
            if (!ok1 || state.via < 0 || state.via >= static_cast<int32_t>(n))
            {
                NS_TEST_EXPECT_MSG_EQ((state.via >= 0), true, "an intermediate");
                return;
            }
            const uint32_t via = state.via;
            RdcnHop direct;
            if (via == dst)
            {
                // The destination drawn: one direct hop.
                r->DirectHop(src, ready, dst, direct);
                NS_TEST_EXPECT_MSG_EQ((first == direct), true, "one hop: direct");
                NS_TEST_EXPECT_MSG_EQ(state.hops, 1, "one hop");
                ++count[via];
                continue;
            }
            r->DirectHop(src, ready, via, direct);
            NS_TEST_EXPECT_MSG_EQ((first == direct), true, "direct to the intermediate");
            NS_TEST_EXPECT_MSG_EQ(first.next, via, "to the intermediate");
            const bool ok2 = r->NextHop(via, first.slot + 1, dst, d, state, second);
            NS_TEST_EXPECT_MSG_EQ(ok2, true, "second hop");
            NS_TEST_EXPECT_MSG_EQ(state.via, -1, "intermediate reached");
            r->DirectHop(via, first.slot + 1, dst, direct);
            NS_TEST_EXPECT_MSG_EQ((second == direct), true, "direct to the destination");
            NS_TEST_EXPECT_MSG_EQ(state.hops, 2, "two hops");
            ++count[via];
        }
        NS_TEST_EXPECT_MSG_EQ(count[src], 0, "never the source");
        if (!any)
        {
            NS_TEST_EXPECT_MSG_EQ(count[dst], 0, "never the destination");
        }
        const double p = 1.0 / (any ? n - 1 : n - 2);
        const double sigma = std::sqrt(draws * p * (1 - p));
        for (uint32_t v = 0; v < n; ++v)
        {
            if (v != src && (any || v != dst))
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(count[v] - draws * p),
                                            5 * sigma,
                                            "intermediate " << v << " drawn " << count[v]);
            }
        }
    }

    /**
     * \brief Same stream, same draws; N = 2 goes direct. \param s an 8-ToR schedule
     * \param error scratch
     */
    void CheckStreamsAndTwo(Ptr<RdcnSchedule> s, std::string& error)
    {
        // Same stream, same draws; another stream, other draws.
        auto draw = [&](int64_t stream) {
            Ptr<RdcnRouter> x = MakeRouter(s, RdcnRouter::VLB);
            x->AssignStreams(stream);
            std::vector<int32_t> vias;
            for (uint32_t d = 0; d < 200; ++d)
            {
                RdcnRouteState state;
                RdcnHop hop;
                x->NextHop(2, d, 6, 0, state, hop);
                vias.push_back(state.via);
            }
            return vias;
        };
        NS_TEST_EXPECT_MSG_EQ((draw(3) == draw(3)), true, "same stream, same intermediates");
        NS_TEST_EXPECT_MSG_EQ((draw(3) != draw(4)), true, "other stream, other intermediates");

        // N = 2: no intermediate.
        Ptr<RdcnSchedule> two =
            MakeSchedule(2, RdcnScheduleGenerator::RoundRobin(2, 1, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "two ToRs");
        if (!two)
        {
            return;
        }
        Ptr<RdcnRouter> r2 = MakeRouter(two, RdcnRouter::VLB);
        RdcnRouteState state;
        RdcnHop hop;
        NS_TEST_EXPECT_MSG_EQ(r2->NextHop(0, 5, 1, 0, state, hop), true, "N = 2");
        NS_TEST_EXPECT_MSG_EQ(state.via, -1, "N = 2: no intermediate");
        NS_TEST_EXPECT_MSG_EQ(hop.next, 1, "N = 2: direct");
        NS_TEST_EXPECT_MSG_EQ(hop.slot, 5, "N = 2: the only slice");
    }
};

/**
 * \ingroup optical-tests
 * ksp: a flow hash picks one of the K paths at the source and the flow's packets follow it.
 */
class RoutingKspTestCase : public TestCase
{
  public:
    RoutingKspTestCase()
        : TestCase("ksp: the flow hash picks a path and keeps it")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 8;
        std::string error;
        Ptr<RdcnSchedule> s =
            MakeSchedule(n, RdcnScheduleGenerator::RoundRobin(n, 2, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "round robin");
        if (!s)
        {
            return;
        }
        const uint32_t k = 3;
        Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::KSP, k);
        NS_TEST_EXPECT_MSG_EQ(r->Check(), "", "ksp on round robin");
        const uint32_t src = 0;
        const uint32_t dst = 5;
        const uint64_t ready = 2;
        const auto paths = r->EarliestPaths(src, ready, dst, k);
        NS_TEST_ASSERT_MSG_EQ(paths.size(), k, "K paths");
        std::set<std::pair<uint32_t, uint64_t>> firsts;
        for (uint64_t hash = 0; hash < 12; ++hash)
        {
            for (uint32_t repeat = 0; repeat < 2; ++repeat)
            {
                RdcnRouteState state;
                RdcnHop hop;
                NS_TEST_ASSERT_MSG_EQ(r->NextHop(src, ready, dst, hash, state, hop), true, "hop");
                const std::vector<RdcnHop>& expected = paths[hash % k];
                NS_TEST_EXPECT_MSG_EQ((state.route == expected),
                                      true,
                                      "hash " << hash << " carries path " << hash % k);
                NS_TEST_EXPECT_MSG_EQ((hop == expected.front()), true, "first hop of the path");
                firsts.insert({hop.uplink, hop.slot});
                // The packet follows the carried path hop by hop.
                for (std::size_t h = 1; h < expected.size(); ++h)
                {
                    RdcnHop next;
                    NS_TEST_EXPECT_MSG_EQ(r->NextHop(expected[h].tor,
                                                     expected[h - 1].slot + 1,
                                                     dst,
                                                     hash,
                                                     state,
                                                     next),
                                          true,
                                          "follow");
                    NS_TEST_EXPECT_MSG_EQ((next == expected[h]), true, "hop " << h);
                }
                NS_TEST_EXPECT_MSG_EQ(state.hops, expected.size(), "hops");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(firsts.size(), k, "hashes spread over the K first hops");
        NS_TEST_EXPECT_MSG_EQ(r->GetNRecomputed(), 0, "nothing recomputed");
    }
};

/**
 * \ingroup optical-tests
 * source: the route computed at the source is carried and followed; a stale route (its hop is
 * past, or it does not contain the ToR, or leads elsewhere) is recomputed from the ToR.
 */
class RoutingSourceTestCase : public TestCase
{
  public:
    RoutingSourceTestCase()
        : TestCase("source: carried routes followed, stale ones recomputed")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 gen(99);
        const uint32_t n = 9;
        std::string error;
        Ptr<RdcnSchedule> s = MakeSchedule(n, RandomMatchings(n, 2, 4, 0.8, gen), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "schedule");
        if (!s)
        {
            return;
        }
        Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::SOURCE);
        uint32_t followed = 0;
        for (uint32_t src = 0; src < n; ++src)
        {
            for (uint32_t dst = 0; dst < n; ++dst)
            {
                if (src == dst)
                {
                    continue;
                }
                const uint64_t ready = (src + dst) % 5;
                std::vector<RdcnHop> path;
                if (r->EarliestPath(src, ready, dst, path) == NEVER)
                {
                    continue;
                }
                RdcnRouteState state;
                RdcnHop hop;
                NS_TEST_ASSERT_MSG_EQ(r->NextHop(src, ready, dst, 0, state, hop), true, "source");
                NS_TEST_EXPECT_MSG_EQ((state.route == path), true, "the earliest path carried");
                for (std::size_t h = 1; h < path.size(); ++h)
                {
                    RdcnHop next;
                    NS_TEST_EXPECT_MSG_EQ(
                        r->NextHop(path[h].tor, path[h - 1].slot + 1, dst, 0, state, next),
                        true,
                        "follow");
                    NS_TEST_EXPECT_MSG_EQ((next == path[h]), true, "hop " << h);
                    ++followed;
                }
                NS_TEST_EXPECT_MSG_EQ((state.route == path), true, "route unchanged");
                NS_TEST_EXPECT_MSG_EQ(state.hops, path.size(), "hops");
            }
        }
        NS_TEST_EXPECT_MSG_GT(followed, 5, "multi-hop routes were followed");
        NS_TEST_EXPECT_MSG_EQ(r->GetNRecomputed(), 0, "nothing stale");

        // Stale: the packet reaches the second ToR after the route's slot.
        for (uint32_t dst = 1; dst < n; ++dst)
        {
            std::vector<RdcnHop> path;
            if (r->EarliestPath(0, 0, dst, path) == NEVER || path.size() < 2)
            {
                continue;
            }
            RdcnRouteState state;
            RdcnHop hop;
            r->NextHop(0, 0, dst, 0, state, hop);
            const uint32_t at = path[1].tor;
            const uint64_t late = path[1].slot + 1;
            const uint64_t before = r->GetNRecomputed();
            std::vector<RdcnHop> fresh;
            const uint64_t arrival = r->EarliestPath(at, late, dst, fresh);
            const bool ok = r->NextHop(at, late, dst, 0, state, hop);
            NS_TEST_EXPECT_MSG_EQ(r->GetNRecomputed(), before + 1, "late: recomputed");
            NS_TEST_EXPECT_MSG_EQ(ok, (arrival != NEVER), "late: a route if one exists");
            if (ok)
            {
                NS_TEST_EXPECT_MSG_EQ((state.route == fresh), true, "late: the new earliest path");
                NS_TEST_EXPECT_MSG_EQ((hop == fresh.front()), true, "late: its first hop");
            }

            // A ToR the route does not contain.
            RdcnRouteState other;
            other.route = path;
            other.hops = 1;
            uint32_t outside = 0;
            while (outside == dst || std::any_of(path.begin(), path.end(), [&](const RdcnHop& h) {
                       return h.tor == outside;
                   }))
            {
                ++outside;
            }
            if (outside >= n)
            {
                continue;
            }
            r->EarliestPath(outside, 3, dst, fresh);
            const uint64_t before2 = r->GetNRecomputed();
            const bool ok2 = r->NextHop(outside, 3, dst, 0, other, hop);
            NS_TEST_EXPECT_MSG_EQ(r->GetNRecomputed(), before2 + 1, "outside: recomputed");
            if (ok2)
            {
                NS_TEST_EXPECT_MSG_EQ((other.route == fresh), true, "outside: recomputed path");
            }
            // A route to another destination.
            RdcnRouteState wrong;
            wrong.route = path;
            const uint32_t otherDst = dst == 1 ? 2 : 1;
            r->NextHop(0, 0, otherDst, 0, wrong, hop);
            NS_TEST_EXPECT_MSG_EQ(r->GetNRecomputed(), before2 + 2, "other destination");
            NS_TEST_EXPECT_MSG_EQ(wrong.route.empty() || wrong.route.back().next == otherDst,
                                  true,
                                  "route to the new destination");
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(true, false, "no multi-hop route found for the stale check");
    }
};

/**
 * \ingroup optical-tests
 * A newly installed cycle: tables are cleared, lookups across the change are computed over
 * both cycles (against the enumeration on the schedule's own GetPeer), direct hops cross.
 */
class RoutingInstallTestCase : public TestCase
{
  public:
    RoutingInstallTestCase()
        : TestCase("installed cycles: tables cleared, lookups across the change")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 gen(4242);
        const uint32_t n = 5;
        const uint32_t u = 2;
        std::string error;
        Ptr<RdcnSchedule> s = MakeSchedule(n, RandomMatchings(n, u, 3, 0.7, gen), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "schedule");
        if (!s)
        {
            return;
        }
        Ptr<RdcnRouter> hoho = MakeRouter(s, RdcnRouter::HOHO);
        Ptr<RdcnRouter> direct = MakeRouter(s, RdcnRouter::DIRECT);
        auto fill = [&]() {
            for (uint64_t ready = 0; ready < 30; ++ready)
            {
                for (uint32_t a = 0; a < n; ++a)
                {
                    for (uint32_t b = 0; b < n; ++b)
                    {
                        RdcnRouteState st;
                        RdcnHop h;
                        if (a != b)
                        {
                            hoho->NextHop(a, ready, b, 0, st, h);
                            direct->NextHop(a, ready, b, 0, st, h);
                        }
                    }
                }
            }
        };
        auto compare = [&](const std::string& what) {
            for (uint64_t ready = 0; ready < 30; ++ready)
            {
                for (uint32_t a = 0; a < n; ++a)
                {
                    for (uint32_t b = 0; b < n; ++b)
                    {
                        if (a == b)
                        {
                            continue;
                        }
                        std::ostringstream ctx;
                        ctx << what << ": ready " << ready << " " << a << " -> " << b;
                        const Best best = BruteForce(s, a, ready, b);
                        std::vector<RdcnHop> path;
                        const uint64_t arrival = hoho->EarliestPath(a, ready, b, path);
                        NS_TEST_EXPECT_MSG_EQ(arrival, best.arrival, ctx.str());
                        RdcnRouteState st;
                        RdcnHop h;
                        const bool ok = hoho->NextHop(a, ready, b, 0, st, h);
                        NS_TEST_EXPECT_MSG_EQ(ok, (best.arrival != NEVER), ctx.str() << " hoho");
                        if (ok && !path.empty())
                        {
                            NS_TEST_EXPECT_MSG_EQ((h == path.front()), true, ctx.str() << " hoho");
                        }
                        // Direct: the first slot with a circuit, scanning the schedule.
                        uint64_t slot = ready;
                        uint32_t up = 0;
                        bool found = false;
                        for (; slot < ready + 60 && !found; ++slot)
                        {
                            for (up = 0; up < u && !found; ++up)
                            {
                                found = s->GetPeer(a, up, slot) == static_cast<int32_t>(b);
                            }
                        }
                        RdcnHop d;
                        const bool dok = direct->DirectHop(a, ready, b, d);
                        NS_TEST_EXPECT_MSG_EQ(dok, found, ctx.str() << " direct exists");
                        if (dok && found)
                        {
                            NS_TEST_EXPECT_MSG_EQ(d.slot, slot - 1, ctx.str() << " direct slot");
                            NS_TEST_EXPECT_MSG_EQ(d.uplink, up - 1, ctx.str() << " direct uplink");
                        }
                    }
                }
            }
        };
        fill();
        compare("first cycle");
        const uint64_t entries = hoho->GetNTableEntries();
        NS_TEST_EXPECT_MSG_GT(entries, 0, "tables filled");

        // A 2-slice cycle from slot 8, then (dropping it) a 4-slice one from slot 8 too, then
        // a 1-slice one from slot 17.
        NS_TEST_ASSERT_MSG_EQ(s->Install(RandomMatchings(n, u, 2, 0.7, gen), 8, error),
                              true,
                              error);
        compare("second cycle from 8");
        fill();
        NS_TEST_ASSERT_MSG_EQ(s->Install(RandomMatchings(n, u, 4, 0.9, gen), 8, error),
                              true,
                              error);
        compare("replaced from 8");
        fill();
        NS_TEST_ASSERT_MSG_EQ(s->Install(RandomMatchings(n, u, 1, 1.0, gen), 17, error),
                              true,
                              error);
        compare("third cycle from 17");
        NS_TEST_EXPECT_MSG_GT(hoho->GetNTableEntries(), entries, "tables refilled");
    }
};

/**
 * \ingroup optical-tests
 * The time-flow tables: PrintTable prints every slice and destination, each line the hop and
 * arrival of the earliest path; the entry count; ksp's K lines; MaxTableEntries = 0.
 */
class RoutingTableTestCase : public TestCase
{
  public:
    RoutingTableTestCase()
        : TestCase("time-flow tables: every slice and destination, entries counted")
    {
    }

  private:
    /// One parsed line.
    struct Line
    {
        uint32_t slice;   //!< Slice of the ready slot
        uint32_t dst;     //!< Destination
        std::string rest; //!< Uplink, send slice, next, arrival (or "- - - -")
    };

    static std::vector<Line> Parse(const std::string& text)
    {
        std::vector<Line> lines;
        std::istringstream is(text);
        std::string line;
        while (std::getline(is, line))
        {
            if (line.empty() || line[0] == '#')
            {
                continue;
            }
            std::istringstream ls(line);
            Line l;
            ls >> l.slice >> l.dst >> std::ws;
            std::getline(ls, l.rest);
            lines.push_back(l);
        }
        return lines;
    }

    void DoRun() override
    {
        // 108 ToRs x 8 uplinks, round robin: 14 slices.
        const uint32_t n = 108;
        std::string error;
        Ptr<RdcnSchedule> s =
            MakeSchedule(n, RdcnScheduleGenerator::RoundRobin(n, 8, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "round robin 108 x 8");
        if (!s)
        {
            return;
        }
        const uint32_t l = s->GetNSlices();
        NS_TEST_ASSERT_MSG_EQ(l, 14, "ceil(107 / 8) slices");
        Ptr<RdcnRouter> r = MakeRouter(s, RdcnRouter::HOHO);
        NS_TEST_EXPECT_MSG_EQ(r->Check(), "", "hoho on round robin");
        std::vector<std::string> tables(n);
        for (uint32_t tor = 0; tor < n; ++tor)
        {
            std::ostringstream os;
            r->PrintTable(tor, os);
            tables[tor] = os.str();
        }
        NS_TEST_EXPECT_MSG_EQ(r->GetNTableEntries(),
                              uint64_t{n} * l * (n - 1),
                              "one entry per ToR, slice and destination");
        for (uint32_t tor : {0U, 37U, 107U})
        {
            const std::vector<Line> lines = Parse(tables[tor]);
            NS_TEST_ASSERT_MSG_EQ(lines.size(), l * (n - 1), "lines of ToR " << tor);
            std::size_t i = 0;
            for (uint32_t slice = 0; slice < l; ++slice)
            {
                for (uint32_t dst = 0; dst < n; ++dst)
                {
                    if (dst == tor)
                    {
                        continue;
                    }
                    std::vector<RdcnHop> path;
                    const uint64_t arrival = r->EarliestPath(tor, slice, dst, path);
                    std::ostringstream expected;
                    expected << path.front().uplink << ' ' << path.front().slot % l << ' '
                             << path.front().next << ' ' << arrival - slice;
                    NS_TEST_EXPECT_MSG_EQ(lines[i].slice, slice, "slice");
                    NS_TEST_EXPECT_MSG_EQ(lines[i].dst, dst, "dst");
                    NS_TEST_EXPECT_MSG_EQ(lines[i].rest,
                                          expected.str(),
                                          "ToR " << tor << " slice " << slice << " dst " << dst);
                    ++i;
                }
            }
        }
        // Looked up again: no new entries.
        RdcnRouteState st;
        RdcnHop h;
        r->NextHop(3, 14 * 5 + 2, 90, 0, st, h);
        NS_TEST_EXPECT_MSG_EQ(r->GetNTableEntries(), uint64_t{n} * l * (n - 1), "cached");

        // No tables: same answers, nothing cached.
        Ptr<RdcnRouter> bare = MakeRouter(s, RdcnRouter::HOHO);
        bare->SetAttribute("MaxTableEntries", UintegerValue(0));
        RdcnRouteState st2;
        RdcnHop h2;
        NS_TEST_EXPECT_MSG_EQ(bare->NextHop(3, 14 * 5 + 2, 90, 0, st2, h2), true, "no tables");
        NS_TEST_EXPECT_MSG_EQ((h == h2), true, "same hop without tables");
        NS_TEST_EXPECT_MSG_EQ(bare->GetNTableEntries(), 0, "nothing cached");

        // ksp: min(K, paths) lines per slice and destination, the first hops of EarliestPaths.
        std::mt19937 gen(5);
        const uint32_t m = 6;
        Ptr<RdcnSchedule> small = MakeSchedule(m, RandomMatchings(m, 2, 3, 0.5, gen), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "small schedule");
        if (!small)
        {
            return;
        }
        Ptr<RdcnRouter> ksp = MakeRouter(small, RdcnRouter::KSP, 2);
        std::ostringstream os;
        ksp->PrintTable(2, os);
        const std::vector<Line> lines = Parse(os.str());
        std::size_t i = 0;
        for (uint32_t slice = 0; slice < 3; ++slice)
        {
            for (uint32_t dst = 0; dst < m; ++dst)
            {
                if (dst == 2)
                {
                    continue;
                }
                const auto paths = ksp->EarliestPaths(2, slice, dst, 2);
                std::vector<std::string> expected;
                for (const auto& p : paths)
                {
                    std::ostringstream e;
                    e << p.front().uplink << ' ' << p.front().slot % 3 << ' ' << p.front().next
                      << ' ' << ArrivalOf(p) - slice;
                    expected.push_back(e.str());
                }
                if (expected.empty())
                {
                    expected.emplace_back("- - - -");
                }
                for (const std::string& e : expected)
                {
                    NS_TEST_ASSERT_MSG_LT(i, lines.size(), "ksp lines");
                    NS_TEST_EXPECT_MSG_EQ(lines[i].slice, slice, "ksp slice");
                    NS_TEST_EXPECT_MSG_EQ(lines[i].dst, dst, "ksp dst");
                    NS_TEST_EXPECT_MSG_EQ(lines[i].rest,
                                          e,
                                          "ksp slice " << slice << " dst " << dst);
                    ++i;
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(i, lines.size(), "no extra ksp lines");
    }
};

/**
 * \ingroup optical-tests
 * Check() and ParseScheme: direct refuses a schedule where a pair never meets, naming it; hoho
 * accepts it when multi-hop paths exist and refuses a disconnected one, naming the pair;
 * unknown scheme names are refused by name.
 */
class RoutingCheckTestCase : public TestCase
{
  public:
    RoutingCheckTestCase()
        : TestCase("Check and ParseScheme refuse what cannot route, naming it")
    {
    }

  private:
    void DoRun() override
    {
        // Slice 0 pairs {0,1} and {2,3}; slice 1 pairs {0,3} and {1,2}: 0 and 2 never meet.
        const std::vector<std::vector<RdcnMatching>> ring{{{1, 0, 3, 2}, {3, 2, 1, 0}}};
        std::string error;
        Ptr<RdcnSchedule> s = MakeSchedule(4, ring, error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "hand-made schedule");
        if (!s)
        {
            return;
        }
        std::string missing;
        NS_TEST_EXPECT_MSG_EQ(s->ConnectsEveryPair(&missing), false, "0 and 2 never meet");
        Ptr<RdcnRouter> direct = MakeRouter(s, RdcnRouter::DIRECT);
        const std::string bad = direct->Check();
        NS_TEST_EXPECT_MSG_NE(bad.find("routing 'direct'"), std::string::npos, bad);
        NS_TEST_EXPECT_MSG_NE(bad.find(missing), std::string::npos, bad);
        NS_TEST_EXPECT_MSG_NE(bad.find("4 ToRs"), std::string::npos, bad);
        Ptr<RdcnRouter> vlb = MakeRouter(s, RdcnRouter::VLB);
        NS_TEST_EXPECT_MSG_NE(vlb->Check().find("routing 'vlb'"), std::string::npos, "vlb");
        for (RdcnRouter::Scheme scheme : {RdcnRouter::HOHO, RdcnRouter::KSP, RdcnRouter::SOURCE})
        {
            NS_TEST_EXPECT_MSG_EQ(MakeRouter(s, scheme)->Check(),
                                  "",
                                  RdcnRouter::GetSchemeName(scheme) << " over two hops");
        }
        RdcnHop hop;
        NS_TEST_EXPECT_MSG_EQ(direct->DirectHop(0, 0, 2, hop), false, "no direct circuit");

        // Shale 3^2: ToRs that differ in both coordinates never meet; the named pair does not.
        Ptr<RdcnSchedule> shale =
            MakeSchedule(9, RdcnScheduleGenerator::Shale(9, 1, 2, error), error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "shale");
        if (!shale)
        {
            return;
        }
        const std::string shaleError = MakeRouter(shale, RdcnRouter::DIRECT)->Check();
        uint32_t a = 0;
        uint32_t b = 0;
        const std::size_t at = shaleError.find("ToR ");
        NS_TEST_ASSERT_MSG_NE(at, std::string::npos, shaleError);
        NS_TEST_ASSERT_MSG_EQ(
            std::sscanf(shaleError.c_str() + at, "ToR %u never has a circuit to ToR %u", &a, &b),
            2,
            shaleError);
        NS_TEST_EXPECT_MSG_EQ((a % 3 != b % 3 && a / 3 != b / 3),
                              true,
                              "differ in both: " << shaleError);
        for (uint32_t slice = 0; slice < shale->GetNSlices(); ++slice)
        {
            NS_TEST_EXPECT_MSG_NE(shale->GetPeer(a, 0, slice),
                                  static_cast<int32_t>(b),
                                  "the named pair never meets");
        }
        NS_TEST_EXPECT_MSG_EQ(MakeRouter(shale, RdcnRouter::HOHO)->Check(), "", "shale: two hops");

        // Two islands {0,1} and {2,3}.
        const std::vector<std::vector<RdcnMatching>> islands{{{1, 0, 3, 2}}};
        Ptr<RdcnSchedule> split = MakeSchedule(4, islands, error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "islands");
        if (!split)
        {
            return;
        }
        const std::string bad2 = MakeRouter(split, RdcnRouter::HOHO)->Check();
        NS_TEST_EXPECT_MSG_NE(bad2.find("routing 'hoho'"), std::string::npos, bad2);
        NS_TEST_EXPECT_MSG_NE(bad2.find("ToR 0 cannot reach ToR 2 from slice 0"),
                              std::string::npos,
                              bad2);

        // hoho's check against the enumeration on sparse random schedules: the first pair (by
        // slice, source, destination) that cannot be reached within the horizon is named.
        std::mt19937 gen(31);
        uint32_t refused = 0;
        uint32_t laterSlice = 0;
        for (uint32_t trial = 0; trial < 150; ++trial)
        {
            const uint32_t n = 3 + gen() % 3;
            const uint32_t u = 1 + gen() % 2;
            const uint32_t l = 1 + gen() % 4;
            Ptr<RdcnSchedule> rs = MakeSchedule(n, RandomMatchings(n, u, l, 0.45, gen), error);
            if (!rs)
            {
                NS_TEST_EXPECT_MSG_EQ(error, "", "random schedule");
                return;
            }
            std::string expected;
            for (uint32_t slice = 0; slice < l && expected.empty(); ++slice)
            {
                for (uint32_t a = 0; a < n && expected.empty(); ++a)
                {
                    for (uint32_t b = 0; b < n && expected.empty(); ++b)
                    {
                        if (a != b && BruteForce(rs, a, slice, b).arrival == NEVER)
                        {
                            std::ostringstream os;
                            os << "ToR " << a << " cannot reach ToR " << b << " from slice "
                               << slice;
                            expected = os.str();
                            laterSlice += slice > 0 ? 1 : 0;
                        }
                    }
                }
            }
            const std::string got = MakeRouter(rs, RdcnRouter::HOHO)->Check();
            if (expected.empty())
            {
                NS_TEST_EXPECT_MSG_EQ(got, "", "trial " << trial << ": every pair reachable");
            }
            else
            {
                ++refused;
                NS_TEST_EXPECT_MSG_NE(got.find(expected),
                                      std::string::npos,
                                      "trial " << trial << ": " << got << " (expected " << expected
                                               << ")");
            }
        }
        NS_TEST_EXPECT_MSG_GT(refused, 10, "some random schedules refused");
        NS_TEST_EXPECT_MSG_LT(refused, 140, "some random schedules accepted");
        NS_TEST_EXPECT_MSG_GT(laterSlice,
                              0,
                              "some reachable from slice 0 but not from a later one");

        // ParseScheme.
        RdcnRouter::Scheme scheme = RdcnRouter::DIRECT;
        std::string perror;
        const char* const names[] = {"direct", "vlb", "hoho", "ksp", "source", "rotorlb"};
        for (uint32_t i = 0; i < 6; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(RdcnRouter::ParseScheme(names[i], scheme, perror),
                                  true,
                                  names[i]);
            NS_TEST_EXPECT_MSG_EQ(scheme, static_cast<RdcnRouter::Scheme>(i), names[i]);
            NS_TEST_EXPECT_MSG_EQ(RdcnRouter::GetSchemeName(scheme), names[i], "round trip");
        }
        NS_TEST_EXPECT_MSG_EQ(RdcnRouter::ParseScheme("sirius", scheme, perror), false, "unknown");
        NS_TEST_EXPECT_MSG_EQ(
            perror,
            "unknown routing 'sirius' (allowed: direct, vlb, hoho, ksp, source, rotorlb)",
            "names the scheme and the allowed ones");
        Ptr<RdcnRouter> r = CreateObject<RdcnRouter>();
        r->SetAttribute("Scheme", StringValue("ksp"));
        NS_TEST_EXPECT_MSG_EQ(r->GetScheme(), RdcnRouter::KSP, "attribute by name");
        NS_TEST_EXPECT_MSG_NE(r->Check().find("no schedule"), std::string::npos, "no schedule");
    }
};

/**
 * \ingroup optical-tests
 * Routing over time in time-slotted networks.
 */
class RdcnRoutingTestSuite : public TestSuite
{
  public:
    RdcnRoutingTestSuite()
        : TestSuite("optical-rdcn-routing", SUITE_UNIT)
    {
        AddTestCase(new RoutingBruteForceTestCase, TEST_QUICK);
        AddTestCase(new RoutingDirectTestCase, TEST_QUICK);
        AddTestCase(new RoutingVlbTestCase, TEST_QUICK);
        AddTestCase(new RoutingKspTestCase, TEST_QUICK);
        AddTestCase(new RoutingSourceTestCase, TEST_QUICK);
        AddTestCase(new RoutingInstallTestCase, TEST_QUICK);
        AddTestCase(new RoutingTableTestCase, TEST_QUICK);
        AddTestCase(new RoutingCheckTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static RdcnRoutingTestSuite g_rdcnRoutingTestSuite;

} // namespace
