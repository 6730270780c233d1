/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Photonic switch targets: the Benes looping algorithm on every permutation of 8 ports and on
// random (and partial) permutations of 128 and 1024; generated element and I/O counts against
// closed forms; wiring (every port joined, bar-state paths, Benes states followed through the
// generated waveguides, Benes crossings for N = 4 by hand); target files (round trip, the
// shipped files against the generator, the hand-written custom target, file:line errors).

#include "../common/optical-test-compat.h"
#include "photonic-test-targets.h"

#include "ns3/optical-data-file.h"
#include "ns3/photonic-target.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// The other node of the waveguide at node (or UINT32_MAX).
uint32_t
Across(const PhotonicTarget& t, uint32_t node)
{
    const int32_t w = t.WaveguideAt(node);
    if (w < 0)
    {
        return UINT32_MAX;
    }
    const PhotonicWaveguide& g = t.GetWaveguides()[w];
    return g.a == node ? g.b : g.a;
}

/**
 * Follows light from input I/O port io of a directed target, each element set by
 * cross(element) (true: cross, false: bar); \return the I/O port it leaves by, or UINT32_MAX.
 */
template <typename F>
uint32_t
Follow(const PhotonicTarget& t, uint32_t io, F cross)
{
    const uint32_t ioBase = 4 * static_cast<uint32_t>(t.GetElements().size());
    uint32_t node = Across(t, t.IoNode(io));
    for (std::size_t steps = 0; steps <= t.GetElements().size() + 1; ++steps)
    {
        if (node == UINT32_MAX)
        {
            return UINT32_MAX;
        }
        if (node >= ioBase)
        {
            return node - ioBase;
        }
        const uint32_t e = node / 4;
        if ((node / 2) % 2 != 0)
        {
            return UINT32_MAX; // entered an element by its output end
        }
        const uint32_t index = (node % 2) ^ (cross(e) ? 1u : 0u);
        node = Across(t, PhotonicTarget::ElementPort(e, 1, index));
    }
    return UINT32_MAX;
}

/// A random permutation of n.
std::vector<uint32_t>
RandomPerm(uint32_t n, std::mt19937& rng)
{
    std::vector<uint32_t> p(n);
    std::iota(p.begin(), p.end(), 0);
    std::shuffle(p.begin(), p.end(), rng);
    return p;
}

/// The Benes looping algorithm on permutations.
class BenesRouteTestCase : public TestCase
{
  public:
    BenesRouteTestCase()
        : TestCase("Benes: all 40320 permutations of 8, 200 random of 128 and of 1024")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<uint32_t> p(8);
        std::iota(p.begin(), p.end(), 0);
        uint32_t count = 0;
        uint32_t wrong = 0;
        do
        {
            const auto states = BenesRouter::Route(8, p);
            if (states.size() != 5 || BenesRouter::Apply(8, states) != p)
            {
                ++wrong;
            }
            ++count;
        } while (std::next_permutation(p.begin(), p.end()));
        NS_TEST_ASSERT_MSG_EQ(count, 40320u, "8! permutations");
        NS_TEST_ASSERT_MSG_EQ(wrong, 0u, "permutations of 8 misrouted");
        std::mt19937 rng(21);
        for (uint32_t n : {128u, 1024u})
        {
            uint32_t log2n = 0;
            while ((1u << log2n) < n)
            {
                ++log2n;
            }
            wrong = 0;
            for (int trial = 0; trial < 200; ++trial)
            {
                const std::vector<uint32_t> q = RandomPerm(n, rng);
                const auto states = BenesRouter::Route(n, q);
                bool shape = states.size() == 2 * log2n - 1;
                for (const auto& s : states)
                {
                    shape = shape && s.size() == n / 2;
                }
                if (!shape || BenesRouter::Apply(n, states) != q)
                {
                    ++wrong;
                }
            }
            NS_TEST_EXPECT_MSG_EQ(wrong, 0u, "random permutations of " << n << " misrouted");
        }
        // Element: stage-major.
        NS_TEST_EXPECT_MSG_EQ(BenesRouter::Element(16, 3, 5), 3u * 8 + 5, "element index");
        // Two ports: one switch, cross for the swap.
        NS_TEST_EXPECT_MSG_EQ(BenesRouter::Route(2, {1, 0})[0][0], true, "2-port swap");
        NS_TEST_EXPECT_MSG_EQ(BenesRouter::Route(2, {0, 1})[0][0], false, "2-port identity");
    }
};

/// Partial permutations: free inputs completed to a permutation.
class BenesPartialTestCase : public TestCase
{
  public:
    BenesPartialTestCase()
        : TestCase("Benes: partial permutations keep every given pair")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(7);
        for (uint32_t n : {8u, 64u, 512u})
        {
            for (int trial = 0; trial < 50; ++trial)
            {
                std::vector<uint32_t> p = RandomPerm(n, rng);
                for (uint32_t i = 0; i < n; ++i)
                {
                    if (rng() % 3 == 0)
                    {
                        p[i] = UINT32_MAX;
                    }
                }
                const std::vector<uint32_t> got = BenesRouter::Apply(n, BenesRouter::Route(n, p));
                std::vector<uint32_t> sorted(got);
                std::sort(sorted.begin(), sorted.end());
                std::vector<uint32_t> identity(n);
                std::iota(identity.begin(), identity.end(), 0);
                NS_TEST_ASSERT_MSG_EQ((sorted == identity), true, "a permutation");
                for (uint32_t i = 0; i < n; ++i)
                {
                    if (p[i] != UINT32_MAX)
                    {
                        NS_TEST_ASSERT_MSG_EQ(got[i], p[i], "given pair " << i);
                    }
                }
            }
        }
        // Every input free: any permutation.
        const auto all =
            BenesRouter::Apply(16, BenesRouter::Route(16, std::vector<uint32_t>(16, UINT32_MAX)));
        NS_TEST_EXPECT_MSG_EQ(std::set<uint32_t>(all.begin(), all.end()).size(), 16u, "all free");
    }
};

/// Near-square lattice sizes in the generator's documented order: 1x1, 1x2, 2x2, 2x3, ...
void
NextSize(uint64_t& rows, uint64_t& cols)
{
    if (cols == rows)
    {
        ++cols;
    }
    else
    {
        ++rows;
    }
}

/// Counts of generated targets against closed forms.
class CountsTestCase : public TestCase
{
  public:
    CountsTestCase()
        : TestCase("Element, IO and waveguide counts by closed form; every node joined")
    {
    }

  private:
    /// Every element port and every I/O port has exactly its one waveguide.
    void CheckJoined(const PhotonicTarget& t)
    {
        uint32_t unjoined = 0;
        for (uint32_t node = 0; node < t.GetNNodes(); ++node)
        {
            unjoined += t.WaveguideAt(node) < 0 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(unjoined, 0u, t.GetName() << ": nodes without a waveguide");
        NS_TEST_EXPECT_MSG_EQ(2 * t.GetWaveguides().size(),
                              t.GetNNodes(),
                              t.GetName() << ": each waveguide joins two of the nodes");
    }

    void DoRun() override
    {
        for (uint32_t n : {2u, 3u, 4u, 7u, 8u, 16u})
        {
            for (const std::string style : {"clements", "reck"})
            {
                const PhotonicTarget t = optical::test::GenerateTarget(style, n);
                NS_TEST_EXPECT_MSG_EQ(t.GetElements().size(), n * (n - 1) / 2, style << " " << n);
                NS_TEST_EXPECT_MSG_EQ(t.GetNInputs(), n, style << " inputs");
                NS_TEST_EXPECT_MSG_EQ(t.GetNOutputs(), n, style << " outputs");
                NS_TEST_EXPECT_MSG_EQ(t.IsDirected(), true, style);
                uint32_t columns = 0;
                for (const PhotonicElement& e : t.GetElements())
                {
                    columns = std::max(columns, e.column + 1);
                    // Clements: parity of mode is that of column; Reck: also m <= c, c+m <= 2N-4.
                    NS_TEST_EXPECT_MSG_EQ(e.mode % 2, e.column % 2, style << " parity");
                    NS_TEST_EXPECT_MSG_EQ((e.mode + 2 <= n), true, style << " mode range");
                    if (style == std::string("reck"))
                    {
                        NS_TEST_EXPECT_MSG_EQ(
                            (e.mode <= e.column && e.column + e.mode <= 2 * n - 4),
                            true,
                            "reck triangle");
                    }
                }
                const uint32_t depth = style == std::string("clements") ? n : 2 * n - 3;
                NS_TEST_EXPECT_MSG_EQ(columns,
                                      ((n == 2 && style == std::string("clements")) ? 1u : depth),
                                      style << " columns of " << n);
                CheckJoined(t);
            }
        }
        // Least N with N(N-1)/2 >= elements: 45 elements -> N = 10 (45), 46 -> N = 11 (55).
        NS_TEST_EXPECT_MSG_EQ(optical::test::GenerateTarget("clements", 4, 45).GetNInputs(),
                              10u,
                              "45 elements");
        NS_TEST_EXPECT_MSG_EQ(optical::test::GenerateTarget("reck", 4, 46).GetNInputs(),
                              11u,
                              "46 elements");
        for (uint32_t k = 1; k <= 10; ++k)
        {
            const uint32_t n = 1u << k;
            const PhotonicTarget t = optical::test::GenerateTarget("benes", n);
            NS_TEST_EXPECT_MSG_EQ(t.GetElements().size(), n / 2 * (2 * k - 1), "benes " << n);
            NS_TEST_EXPECT_MSG_EQ(t.GetNInputs(), n, "benes inputs");
            CheckJoined(t);
        }
        // Benes: 5 ports -> 8; 8 ports but 13 elements -> 16 (8 has 20: 4 x 5 ... 12 < 13? no).
        NS_TEST_EXPECT_MSG_EQ(optical::test::GenerateTarget("benes", 5).GetNInputs(),
                              8u,
                              "5 ports");
        NS_TEST_EXPECT_MSG_EQ(optical::test::GenerateTarget("benes", 8, 21).GetNInputs(),
                              16u,
                              "21 elements > 20");
        NS_TEST_EXPECT_MSG_EQ(optical::test::GenerateTarget("benes", 8, 20).GetNInputs(),
                              8u,
                              "20 elements = 20");
        // Recirculating meshes, rows R x columns C of cells:
        //  square: edges C(R+1) + R(C+1); border vertices 2(R+C), each with two free ports.
        //  triangular (R + 1 rows of C + 1 vertices): C(R+1) horizontal + R(2C+1) slanted;
        //   border vertices 2(C+1) + 2(R-1).
        //  hexagonal: 6RC minus shared sides R(C-1) + (R-1)(2C-1); vertices E - RC + 1 (Euler);
        //   degree-2 vertices 3V - 2E = 2(R+C+1), each with two free ports.
        for (const std::string style : {"square", "triangular", "hexagonal"})
        {
            for (uint32_t elements : {1u, 12u, 30u, 100u, 1000u})
            {
                uint64_t r = 1;
                uint64_t c = 1;
                uint64_t e = 0;
                uint64_t p = 0;
                while (true)
                {
                    if (style == "square")
                    {
                        e = c * (r + 1) + r * (c + 1);
                        p = 2 * 2 * (r + c);
                    }
                    else if (style == "triangular")
                    {
                        e = c * (r + 1) + r * (2 * c + 1);
                        p = 2 * (2 * (c + 1) + 2 * (r - 1));
                    }
                    else
                    {
                        e = 6 * r * c - r * (c - 1) - (r - 1) * (2 * c - 1);
                        const uint64_t v = e - r * c + 1;
                        p = 2 * (3 * v - 2 * e);
                    }
                    // Square and triangular meshes are two-sided (half their ports are inputs).
                    const uint64_t inputs = style == "hexagonal" && e != 6 ? p : p / 2;
                    if (e >= elements && inputs >= 8)
                    {
                        break;
                    }
                    NextSize(r, c);
                }
                const PhotonicTarget t = optical::test::GenerateTarget(style, 8, elements);
                NS_TEST_EXPECT_MSG_EQ(t.GetElements().size(), e, style << " " << elements);
                NS_TEST_EXPECT_MSG_EQ(t.GetIoPorts().size(), p, style << " I/O " << elements);
                NS_TEST_EXPECT_MSG_EQ(t.IsDirected(), false, style);
                // Square and triangular meshes (and a lone hexagon, a ring) only let light
                // turn to a neighbouring cell: their ports fall in two classes, each reaching
                // exactly the other. Larger hexagonal meshes join any two ports.
                const bool bipartite = style != "hexagonal" || e == 6;
                NS_TEST_EXPECT_MSG_EQ(t.IsTwoSided(), bipartite, style << " " << elements);
                const std::vector<bool> reach = t.ReachableFrom(t.InputIo(0));
                if (bipartite)
                {
                    NS_TEST_EXPECT_MSG_EQ(t.GetNInputs() + t.GetNOutputs(), p, style);
                    NS_TEST_EXPECT_MSG_EQ(t.GetNInputs(), p / 2, style << " half are inputs");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(t.GetNInputs(), p, style << " every I/O is an input");
                }
                for (uint32_t k = 0; k < t.GetIoPorts().size(); ++k)
                {
                    const PhotonicIoPort& io = t.GetIoPorts()[k];
                    const bool oneWay = io.canInput != io.canOutput;
                    const bool reached = reach[k];
                    NS_TEST_EXPECT_MSG_EQ(oneWay, bipartite, style << " I/O " << k);
                    if (k != t.InputIo(0))
                    {
                        NS_TEST_EXPECT_MSG_EQ(reached, io.canOutput, style << " I/O " << k);
                    }
                }
                CheckJoined(t);
            }
        }
        // Pérez et al.'s 7-cell hexagonal processor has 30 units; a 1x1 hexagon has 6 and 12 I/O.
        const PhotonicTarget hex = optical::test::GenerateTarget("hexagonal", 2, 1);
        NS_TEST_EXPECT_MSG_EQ(hex.GetElements().size(), 6u, "one hexagon");
        NS_TEST_EXPECT_MSG_EQ(hex.GetIoPorts().size(), 12u, "one hexagon's I/O");
        // Many ports: the lattice grows until its border holds them.
        NS_TEST_EXPECT_MSG_GT_OR_EQ(
            optical::test::GenerateTarget("square", 100).GetIoPorts().size(),
            100u,
            "100 ports");
        PhotonicTarget::Spec bad;
        bad.style = "torus";
        PhotonicTarget t;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(PhotonicTarget::Generate(bad, t, error), false, "unknown style");
        NS_TEST_EXPECT_MSG_NE(error.find("clements, reck, benes"), std::string::npos, error);
        bad.style = "clements";
        bad.ports = 1;
        NS_TEST_EXPECT_MSG_EQ(PhotonicTarget::Generate(bad, t, error), false, "1 port");
        NS_TEST_EXPECT_MSG_NE(error.find("ports 1"), std::string::npos, error);
    }
};

/// Light through the generated wiring.
class WiringTestCase : public TestCase
{
  public:
    WiringTestCase()
        : TestCase("Wiring: bar paths of meshes, Benes states through the waveguides, crossings")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string style : {"clements", "reck"})
        {
            for (uint32_t n : {2u, 5u, 8u, 12u})
            {
                const PhotonicTarget t = optical::test::GenerateTarget(style, n);
                std::set<uint32_t> outs;
                for (uint32_t i = 0; i < n; ++i)
                {
                    const uint32_t o = Follow(t, t.InputIo(i), [](uint32_t) { return false; });
                    // Bar keeps the mode: input i leaves by output i (I/O port n + i).
                    NS_TEST_EXPECT_MSG_EQ(o, t.OutputIo(i), style << " bar path of " << i);
                    outs.insert(o);
                }
                NS_TEST_EXPECT_MSG_EQ(outs.size(), n, style << " distinct outputs");
                // All cross: a Clements mesh of N modes reverses them (N columns of swaps).
                if (style == std::string("clements"))
                {
                    for (uint32_t i = 0; i < n; ++i)
                    {
                        NS_TEST_EXPECT_MSG_EQ(Follow(t, i, [](uint32_t) { return true; }),
                                              t.OutputIo(n - 1 - i),
                                              "clements all-cross reverses");
                    }
                }
                // MeshElement finds every element at its place.
                for (std::size_t e = 0; e < t.GetElements().size(); ++e)
                {
                    NS_TEST_EXPECT_MSG_EQ(
                        t.MeshElement(t.GetElements()[e].column, t.GetElements()[e].mode),
                        static_cast<int32_t>(e),
                        "mesh element");
                }
            }
        }
        // Benes: the router's states, followed through the generator's waveguides.
        std::mt19937 rng(3);
        for (uint32_t n : {2u, 4u, 16u, 64u})
        {
            const PhotonicTarget t = optical::test::GenerateTarget("benes", n);
            for (int trial = 0; trial < 20; ++trial)
            {
                const std::vector<uint32_t> p = RandomPerm(n, rng);
                const auto states = BenesRouter::Route(n, p);
                const uint32_t half = n / 2;
                for (uint32_t i = 0; i < n; ++i)
                {
                    const uint32_t o = Follow(t, i, [&](uint32_t e) {
                        return static_cast<bool>(states[e / half][e % half]);
                    });
                    NS_TEST_ASSERT_MSG_EQ(o, t.OutputIo(p[i]), "benes " << n << " input " << i);
                }
            }
        }
        // Benes N = 4 by hand: stage 0 switch i port p feeds sub-network p, its input i, so the
        // rows (2 switch + port) 0, 1, 2, 3 go to 0, 2, 1, 3: rows 1 and 2 cross once each;
        // stage 1 -> 2 mirrors it. I/O waveguides cross nothing. Each crossing is 0.05 dB.
        const PhotonicTarget b4 = optical::test::GenerateTarget("benes", 4);
        const uint32_t expect[3][4] = {{0, 1, 1, 0}, {0, 1, 1, 0}, {0, 0, 0, 0}};
        for (uint32_t s = 0; s < 3; ++s)
        {
            for (uint32_t r = 0; r < 4; ++r)
            {
                const uint32_t node =
                    PhotonicTarget::ElementPort(BenesRouter::Element(4, s, r / 2), 1, r % 2);
                const int32_t w = b4.WaveguideAt(node);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(w, 0, "joined");
                if (w < 0)
                {
                    return;
                }
                NS_TEST_EXPECT_MSG_EQ(b4.GetWaveguides()[w].crossings,
                                      expect[s][r],
                                      "benes-4 stage " << s << " row " << r);
                NS_TEST_EXPECT_MSG_EQ_TOL(b4.WaveguideLossDb(w),
                                          expect[s][r] * 0.05,
                                          1e-12,
                                          "loss");
            }
        }
        // Row 1 of stage 0 reaches row 2 of stage 1 (switch 1, port 0).
        NS_TEST_EXPECT_MSG_EQ(Across(b4, PhotonicTarget::ElementPort(0, 1, 1)),
                              PhotonicTarget::ElementPort(BenesRouter::Element(4, 1, 1), 0, 0),
                              "benes-4 link 1 -> 2");
        // N = 8, first gap (rows unshuffled: r -> (r % 2) 4 + r / 2): crossings by brute force.
        const PhotonicTarget b8 = optical::test::GenerateTarget("benes", 8);
        for (uint32_t r = 0; r < 8; ++r)
        {
            uint32_t c = 0;
            for (uint32_t q = 0; q < 8; ++q)
            {
                const int dr = static_cast<int>(r) - static_cast<int>(q);
                const int dt =
                    static_cast<int>((r % 2) * 4 + r / 2) - static_cast<int>((q % 2) * 4 + q / 2);
                c += dr * dt < 0 ? 1 : 0;
            }
            const int32_t w = b8.WaveguideAt(PhotonicTarget::ElementPort(r / 2, 1, r % 2));
            NS_TEST_EXPECT_MSG_EQ(b8.GetWaveguides()[w].crossings, c, "benes-8 row " << r);
        }
        // Recirculating: a cell's end at an inner vertex joins its two angular neighbours; the
        // square lattice's inner vertex (1, 1) of a 2x2 mesh has four cells, joined in a ring.
        const PhotonicTarget sq = optical::test::GenerateTarget("square", 8, 12);
        NS_TEST_ASSERT_MSG_EQ(sq.GetElements().size(), 12u, "2x2 square mesh");
        std::vector<uint32_t> atCenter;
        for (uint32_t e = 0; e < 12; ++e)
        {
            const PhotonicElement& el = sq.GetElements()[e];
            if (std::abs(el.x - 1) + std::abs(el.y - 1) == 0.5)
            {
                atCenter.push_back(e);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(atCenter.size(), 4u, "four cells meet at the centre");
        if (atCenter.size() != 4)
        {
            return; // ns-3 3.37 continues after a failed assertion
        }
        // A cell's end 0 is at its lower vertex: the centre is end 1 of the cells left of and
        // above it, end 0 of those right of and below it. Follow port 1 -> waveguide -> port 0
        // of the next end at the centre, four times: a ring through the four centre cells.
        const PhotonicElement& first = sq.GetElements()[atCenter[0]];
        const uint32_t end = first.x + first.y < 2 ? 1 : 0;
        std::set<uint32_t> visited;
        uint32_t node = PhotonicTarget::ElementPort(atCenter[0], end, 1);
        for (int step = 0; step < 4; ++step)
        {
            const uint32_t next = Across(sq, node);
            NS_TEST_EXPECT_MSG_EQ(next % 2, 0u, "port 1 joins port 0");
            // Angular neighbours of a square vertex are perpendicular: horizontal cells (whole y)
            // and vertical ones (whole x) alternate around the ring.
            const auto horizontal = [&](uint32_t e) {
                return sq.GetElements()[e].y == std::floor(sq.GetElements()[e].y);
            };
            NS_TEST_EXPECT_MSG_NE(horizontal(next / 4),
                                  horizontal(node / 4),
                                  "turns by 90 degrees");
            visited.insert(next / 4);
            node = next | 1; // port 1 of the same end
        }
        NS_TEST_EXPECT_MSG_EQ((visited == std::set<uint32_t>(atCenter.begin(), atCenter.end())),
                              true,
                              "the ring visits the four centre cells");
        NS_TEST_EXPECT_MSG_EQ(node, PhotonicTarget::ElementPort(atCenter[0], end, 1), "closed");
    }
};

/// Element-by-element equality of two targets.
bool
Same(const PhotonicTarget& a, const PhotonicTarget& b, std::string& why)
{
    if (a.GetName() != b.GetName() || a.GetStyle() != b.GetStyle() ||
        a.IsDirected() != b.IsDirected() || a.GetNInputs() != b.GetNInputs() ||
        a.GetNOutputs() != b.GetNOutputs() || a.GetCrossingLossDb() != b.GetCrossingLossDb() ||
        a.GetSplitterExcessLossDb() != b.GetSplitterExcessLossDb())
    {
        why = "header";
        return false;
    }
    if (a.GetElements().size() != b.GetElements().size() ||
        a.GetIoPorts().size() != b.GetIoPorts().size() ||
        a.GetWaveguides().size() != b.GetWaveguides().size())
    {
        why = "sizes";
        return false;
    }
    for (std::size_t i = 0; i < a.GetElements().size(); ++i)
    {
        const PhotonicElement& x = a.GetElements()[i];
        const PhotonicElement& y = b.GetElements()[i];
        if (x.kind != y.kind || x.lossDb != y.lossDb || x.switchingTime != y.switchingTime ||
            x.powerMw != y.powerMw || x.x != y.x || x.y != y.y || x.column != y.column ||
            x.mode != y.mode)
        {
            why = "element " + std::to_string(i);
            return false;
        }
    }
    for (std::size_t i = 0; i < a.GetIoPorts().size(); ++i)
    {
        const PhotonicIoPort& x = a.GetIoPorts()[i];
        const PhotonicIoPort& y = b.GetIoPorts()[i];
        if (x.node != y.node || x.canInput != y.canInput || x.canOutput != y.canOutput ||
            x.x != y.x || x.y != y.y)
        {
            why = "io " + std::to_string(i);
            return false;
        }
    }
    for (std::size_t i = 0; i < a.GetWaveguides().size(); ++i)
    {
        const PhotonicWaveguide& x = a.GetWaveguides()[i];
        const PhotonicWaveguide& y = b.GetWaveguides()[i];
        if (x.a != y.a || x.b != y.b || x.crossings != y.crossings || x.lossDb != y.lossDb)
        {
            why = "waveguide " + std::to_string(i);
            return false;
        }
    }
    return true;
}

/// Directory of the module's data files.
std::string
DataDir()
{
    return OpticalDataFile::GetDataDirectory();
}

/// Target files.
class FileTestCase : public TestCase
{
  public:
    FileTestCase()
        : TestCase("Target files: round trip, shipped files = generator, custom, errors")
    {
    }

  private:
    /// Loads text written to a temporary file; \return the error ("" on success)
    std::string LoadText(const std::string& text, const std::string& stem, std::string& path)
    {
        path = CreateTempDirFilename(stem + ".txt");
        std::ofstream(path) << text;
        PhotonicTarget t;
        std::string error;
        return PhotonicTarget::Load(path, t, error) ? "" : error;
    }

    void DoRun() override
    {
        // Round trip of every style, with odd parameters.
        for (const std::string style :
             {"clements", "reck", "benes", "hexagonal", "square", "triangular"})
        {
            PhotonicTarget::Spec spec;
            spec.style = style;
            spec.ports = 6;
            spec.elements = 40;
            spec.elementLossDb = 0.1 + 1.0 / 3;
            spec.crossingLossDb = 0.07;
            spec.splitterExcessLossDb = 0.25;
            spec.switchingTime = NanoSeconds(1234567);
            spec.powerMw = 22.5;
            PhotonicTarget t;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(PhotonicTarget::Generate(spec, t, error), true, error);
            const std::string path = CreateTempDirFilename(style + ".txt");
            NS_TEST_ASSERT_MSG_EQ(t.Save(path, error), true, error);
            PhotonicTarget back;
            NS_TEST_ASSERT_MSG_EQ(PhotonicTarget::Load(path, back, error), true, error);
            std::string why;
            NS_TEST_EXPECT_MSG_EQ(Same(t, back, why), true, style << " round trip: " << why);
        }
        // The shipped generated files equal the generator's output (default parameters).
        for (const auto& [file, style] :
             std::vector<std::pair<std::string, std::string>>{{"clements-8.txt", "clements"},
                                                              {"benes-8.txt", "benes"}})
        {
            PhotonicTarget loaded;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(
                PhotonicTarget::Load(DataDir() + "/photonic/" + file, loaded, error),
                true,
                error);
            std::string why;
            NS_TEST_EXPECT_MSG_EQ(Same(loaded, optical::test::GenerateTarget(style, 8), why),
                                  true,
                                  file << ": " << why);
        }
        // The hand-written custom target: a planar 4x4 of six 2x2 switches in 4 columns.
        PhotonicTarget custom;
        std::string error;
        const bool loaded =
            PhotonicTarget::Load(DataDir() + "/photonic/custom-4x4.txt", custom, error);
        NS_TEST_ASSERT_MSG_EQ(loaded, true, error);
        if (!loaded)
        {
            return; // ns-3 3.37 continues after a failed assertion
        }
        NS_TEST_EXPECT_MSG_EQ(custom.GetElements().size(), 6u, "six switches");
        NS_TEST_EXPECT_MSG_EQ(custom.GetIoPorts().size(), 8u, "four in, four out");
        NS_TEST_EXPECT_MSG_EQ(custom.GetWaveguides().size(), 16u, "2 x 6 + 4 waveguides");
        NS_TEST_EXPECT_MSG_EQ(custom.GetStyle(), "custom", "style");
        NS_TEST_EXPECT_MSG_EQ((custom.GetElements()[0].kind == PhotonicElementKind::SWITCH),
                              true,
                              "kind");
        NS_TEST_EXPECT_MSG_EQ(custom.GetElements()[0].switchingTime, MicroSeconds(10), "default");
        NS_TEST_EXPECT_MSG_EQ_TOL(custom.GetElements()[2].lossDb, 0.5, 1e-12, "override");
        std::set<uint32_t> outs;
        for (uint32_t i = 0; i < 4; ++i)
        {
            outs.insert(Follow(custom, i, [](uint32_t) { return false; }));
        }
        NS_TEST_EXPECT_MSG_EQ((outs == std::set<uint32_t>{4, 5, 6, 7}), true, "bar paths");
        // Errors name file:line and the field.
        const std::string head = "target name=t style=custom directed=1 inputs=1 "
                                 "crossing_loss_db=0.05 splitter_excess_loss_db=0.2\n";
        std::string path;
        std::string e =
            LoadText(head + "element 0 kind=mzi switching_time=1us power_mw=1\n", "missing", path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":2:"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("missing field 'loss_db'"), std::string::npos, e);
        e = LoadText("# a comment\n" + head +
                         "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                         "element 0 colour=red\n",
                     "unknown",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":4:"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("unknown key 'colour'"), std::string::npos, e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10parsecs power_mw=25\n",
                     "time",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":2:"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("'switching_time'"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("bad time '10parsecs'"), std::string::npos, e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 0\nio 0 in=1 out=0\nio 1 in=0 out=1\n"
                            "waveguide io.0 e.0.2.0\n",
                     "node",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":6:"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("bad node 'e.0.2.0'"), std::string::npos, e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 0\nio 0 in=1 out=0\nio 1 in=0 out=1\n"
                            "waveguide io.0 e.3.0.0\n",
                     "range",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":6:"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("element 3"), std::string::npos, e);
        e = LoadText(head + "defaults kind=mzi loss_db=x3 switching_time=10us power_mw=25\n",
                     "number",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":2: field 'loss_db': bad number 'x3'"),
                              std::string::npos,
                              e);
        e = LoadText("target name=t style=custom directed=1 inputs=1 crossing_loss_db=0.05\n",
                     "header",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":1: missing field 'splitter_excess_loss_db'"),
                              std::string::npos,
                              e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 1\n",
                     "index",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":3: element index '1': expected 0"),
                              std::string::npos,
                              e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 0\nio 0 in=1 out=0\nio 1 in=0 out=1\n"
                            "waveguide io.0 e.0.0.0\nwaveguide io.0 e.0.0.1\n",
                     "twice",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find("two waveguides"), std::string::npos, e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 0\nio 0 in=1 out=0\nio 1 in=0 out=1\n"
                            "waveguide e.0.0.0 io.0\n",
                     "against",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":6: waveguide e.0.0.0 io.0 runs against the light"),
                              std::string::npos,
                              e);
        e = LoadText(head + "defaults kind=mzi loss_db=0.3 switching_time=10us power_mw=25\n"
                            "element 0\nio 0 in=1 out=0\nio 1 in=1 out=0\n",
                     "direction",
                     path);
        NS_TEST_EXPECT_MSG_NE(e.find(path + ":5: io 1 is an output"), std::string::npos, e);
        PhotonicTarget t;
        NS_TEST_EXPECT_MSG_EQ(PhotonicTarget::Load("/nonexistent/target.txt", t, error),
                              false,
                              "no file");
    }
};

/// Size: targets of 100,000+ elements (size only; no timing).
class LargeTestCase : public TestCase
{
  public:
    LargeTestCase()
        : TestCase("Generate 100,000+ element targets of every style")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string style :
             {"clements", "reck", "benes", "hexagonal", "square", "triangular"})
        {
            const PhotonicTarget t = optical::test::GenerateTarget(style, 128, 100000);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(t.GetElements().size(), 100000u, style);
            // The least mesh: at most 4% more than asked for.
            NS_TEST_EXPECT_MSG_LT(t.GetElements().size(), 104000u, style << " least");
            NS_TEST_EXPECT_MSG_EQ(2 * t.GetWaveguides().size(), t.GetNNodes(), style << " joined");
        }
    }
};

/**
 * \ingroup optical-tests
 * Photonic switch targets.
 */
class PhotonicTargetTestSuite : public TestSuite
{
  public:
    PhotonicTargetTestSuite()
        : TestSuite("optical-photonic-target", SUITE_UNIT)
    {
        AddTestCase(new BenesRouteTestCase, TEST_QUICK);
        AddTestCase(new BenesPartialTestCase, TEST_QUICK);
        AddTestCase(new CountsTestCase, TEST_QUICK);
        AddTestCase(new WiringTestCase, TEST_QUICK);
        AddTestCase(new FileTestCase, TEST_QUICK);
        AddTestCase(new LargeTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static PhotonicTargetTestSuite g_photonicTargetTestSuite;

} // namespace
