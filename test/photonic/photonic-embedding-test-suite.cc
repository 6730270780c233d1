/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The photonic router (PhotonicRouter): targets built by hand with PhotonicTarget::Build (a
// 2x2 grid of 2x2 switches, Clements-like MZI meshes, a recirculating ring, two hand-made
// targets whose alternative routes have known losses). Asserts: a route's loss is the sum of
// what it crosses (summed here from the target's elements and waveguides), the exact optimum
// on a two-route target, node capacity one (node uses counted), element states (bar/cross/
// split) from the routes' own passes, pathfinder against the exact ILP on 20 random
// instances, first-fit worse than pathfinder on a constructed instance, fan-out losses,
// failing nets named, reuse of an unchanged circuit's elements.

#include "../common/optical-test-compat.h"

#include "ns3/photonic-embedding.h"
#include "ns3/photonic-target.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Node id of an element port.
uint32_t
P(uint32_t e, uint32_t end, uint32_t i)
{
    return 4 * e + 2 * end + i;
}

/// Builds a target or aborts (the builders are part of the test).
PhotonicTarget
Make(const std::string& name,
     bool directed,
     const std::vector<PhotonicElement>& els,
     const std::vector<PhotonicIoPort>& io,
     const std::vector<PhotonicWaveguide>& wgs,
     uint32_t nInputs,
     double crossingLossDb,
     double excessDb)
{
    PhotonicTarget t;
    std::string error;
    const bool ok =
        t.Build(name, "custom", directed, els, io, wgs, nInputs, crossingLossDb, excessDb, error);
    NS_ABORT_MSG_IF(!ok, error);
    return t;
}

/// An element of a given loss and kind at a position.
PhotonicElement
El(double loss, PhotonicElementKind kind = PhotonicElementKind::MZI, double x = 0, double y = 0)
{
    PhotonicElement e;
    e.kind = kind;
    e.lossDb = loss;
    e.x = x;
    e.y = y;
    return e;
}

/// An I/O port at a position.
PhotonicIoPort
Io(double x = 0, double y = 0, bool in = true, bool out = true)
{
    PhotonicIoPort p;
    p.x = x;
    p.y = y;
    p.canInput = in;
    p.canOutput = out;
    return p;
}

/// A waveguide.
PhotonicWaveguide
Wg(uint32_t a, uint32_t b, uint32_t crossings = 0, double loss = 0)
{
    PhotonicWaveguide w;
    w.a = a;
    w.b = b;
    w.crossings = crossings;
    w.lossDb = loss;
    return w;
}

/**
 * An N-mode Clements-like mesh (columns of MZIs on modes (m, m+1), m = c mod 2, 2, ...):
 * the odd-even transposition network, which routes every permutation with bar/cross
 * settings. Element losses and waveguide crossings drawn from \p rng when given.
 */
PhotonicTarget
Clements(uint32_t n,
         std::mt19937* rng,
         double loss = 0.3,
         PhotonicElementKind kind = PhotonicElementKind::MZI,
         double crossingLossDb = 0.05)
{
    std::vector<PhotonicElement> els;
    std::vector<std::pair<uint32_t, uint32_t>> at; // element -> (column, mode)
    for (uint32_t c = 0; c < n; ++c)
    {
        for (uint32_t m = c % 2; m + 1 < n; m += 2)
        {
            double l = loss;
            if (rng)
            {
                l = std::uniform_real_distribution<double>(0.1, 0.5)(*rng);
            }
            els.push_back(El(l, kind, c, m + 0.5));
            at.emplace_back(c, m);
        }
    }
    const uint32_t E = static_cast<uint32_t>(els.size());
    std::vector<PhotonicIoPort> io;
    for (uint32_t m = 0; m < n; ++m)
    {
        io.push_back(Io(-1, m, true, false));
    }
    for (uint32_t m = 0; m < n; ++m)
    {
        io.push_back(Io(n, m, false, true));
    }
    std::vector<uint32_t> cur(n);
    for (uint32_t m = 0; m < n; ++m)
    {
        cur[m] = 4 * E + m;
    }
    std::vector<PhotonicWaveguide> wgs;
    auto crossings = [&]() -> uint32_t {
        return rng ? std::uniform_int_distribution<uint32_t>(0, 3)(*rng) : 0;
    };
    for (uint32_t e = 0; e < E; ++e)
    {
        const uint32_t m = at[e].second;
        wgs.push_back(Wg(cur[m], P(e, 0, 0), crossings()));
        wgs.push_back(Wg(cur[m + 1], P(e, 0, 1), crossings()));
        cur[m] = P(e, 1, 0);
        cur[m + 1] = P(e, 1, 1);
    }
    for (uint32_t m = 0; m < n; ++m)
    {
        wgs.push_back(Wg(cur[m], 4 * E + n + m, crossings()));
    }
    return Make("clements" + std::to_string(n), true, els, io, wgs, n, crossingLossDb, 0.2);
}

/**
 * A 2x2 grid of 2x2 switches (a 4-port banyan): inputs 0, 1 on switch 0, 2, 3 on switch 1;
 * switch 0 feeds switches 2 and 3 by its outputs 0 and 1, switch 1 likewise (one crossing
 * on each of the two diagonal waveguides); outputs 0, 1 (I/O 4, 5) on switch 2, 2, 3 on 3.
 * \param extraOutput Adds an output I/O port 8 joined to nothing
 */
PhotonicTarget
Grid(bool extraOutput = false)
{
    const auto S = PhotonicElementKind::SWITCH;
    std::vector<PhotonicElement> els{El(0.3, S), El(0.3, S), El(0.3, S), El(0.3, S)};
    std::vector<PhotonicIoPort> io;
    for (int k = 0; k < 4; ++k)
    {
        io.push_back(Io(0, 0, true, false));
    }
    for (int k = 0; k < (extraOutput ? 5 : 4); ++k)
    {
        io.push_back(Io(0, 0, false, true));
    }
    const uint32_t b = 16;
    std::vector<PhotonicWaveguide> wgs{Wg(b + 0, P(0, 0, 0)),
                                       Wg(b + 1, P(0, 0, 1)),
                                       Wg(b + 2, P(1, 0, 0)),
                                       Wg(b + 3, P(1, 0, 1)),
                                       Wg(P(0, 1, 0), P(2, 0, 0)),
                                       Wg(P(0, 1, 1), P(3, 0, 0), 1),
                                       Wg(P(1, 1, 0), P(2, 0, 1), 1),
                                       Wg(P(1, 1, 1), P(3, 0, 1)),
                                       Wg(P(2, 1, 0), b + 4),
                                       Wg(P(2, 1, 1), b + 5),
                                       Wg(P(3, 1, 0), b + 6),
                                       Wg(P(3, 1, 1), b + 7)};
    return Make("grid", true, els, io, wgs, 4, 0.1, 0.2);
}

/**
 * A recirculating ring of 4 MZI cells: (k, 1, 0) -> (k+1, 0, 0) around the ring (loss 0.05
 * dB each), I/O port 2k at (k, 0, 1) and 2k+1 at (k, 1, 1), I/O 7 input-only.
 */
PhotonicTarget
Ring()
{
    std::vector<PhotonicElement> els{El(0.3), El(0.3), El(0.3), El(0.3)};
    std::vector<PhotonicIoPort> io(8, Io());
    // I/O 7 input-only: a target whose file restricts a port's direction keeps its other
    // ports bidirectional (Build splits fully bidirectional bipartite meshes into two sides),
    // so that light may run either way round.
    io[7].canOutput = false;
    std::vector<PhotonicWaveguide> wgs;
    for (uint32_t k = 0; k < 4; ++k)
    {
        wgs.push_back(Wg(P(k, 1, 0), P((k + 1) % 4, 0, 0), 0, 0.05));
        wgs.push_back(Wg(16 + 2 * k, P(k, 0, 1)));
        wgs.push_back(Wg(16 + 2 * k + 1, P(k, 1, 1)));
    }
    return Make("ring", false, els, io, wgs, 8, 0.05, 0.2);
}

/// A circuit.
PhotonicNet
Circuit(uint32_t source, uint32_t sink, const std::string& name = "")
{
    PhotonicNet n;
    n.name = name.empty() ? std::to_string(source) + " -> " + std::to_string(sink) : name;
    n.source = source;
    n.sinks = {sink};
    return n;
}

/// Options for one algorithm.
PhotonicRouter::Options
Alg(const std::string& a)
{
    PhotonicRouter::Options o;
    o.algorithm = a;
    return o;
}

/// Loss between two adjacent nodes summed from the target (INF if not adjacent).
double
HopLoss(const PhotonicTarget& t, uint32_t a, uint32_t b)
{
    const uint32_t firstIo = 4 * t.GetElements().size();
    if (a < firstIo && b < firstIo && a / 4 == b / 4)
    {
        return ((a / 2) % 2 != (b / 2) % 2) ? t.GetElements()[a / 4].lossDb : 0.0;
    }
    for (const PhotonicWaveguide& w : t.GetWaveguides())
    {
        if ((w.a == a && w.b == b) || (w.a == b && w.b == a))
        {
            return w.crossings * t.GetCrossingLossDb() + w.lossDb;
        }
    }
    return std::numeric_limits<double>::infinity();
}

/// The path of a route from its root to the tree node holding \p node.
std::vector<uint32_t>
PathTo(const PhotonicRoute& r, uint32_t node)
{
    std::vector<uint32_t> path;
    auto it = std::find(r.nodes.begin(), r.nodes.end(), node);
    if (it == r.nodes.end())
    {
        return path;
    }
    for (uint32_t i = static_cast<uint32_t>(it - r.nodes.begin());; i = r.parent[i])
    {
        path.push_back(r.nodes[i]);
        if (i == 0)
        {
            break;
        }
    }
    std::reverse(path.begin(), path.end());
    return path;
}

/// Sum of a path's hops (independently of the router).
double
SumPath(const PhotonicTarget& t, const std::vector<uint32_t>& path)
{
    double s = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
    {
        s += HopLoss(t, path[i - 1], path[i]);
    }
    return s;
}

/**
 * Checks an embedding of circuits: node capacity one (uses counted), every hop adjacent and
 * in the light's direction on directed targets, each circuit's loss the sum of its hops,
 * element states the passes of the routes, max and total the max and sum.
 */
class RouterTestCase : public TestCase
{
  public:
    /// \param name Name
    explicit RouterTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    void CheckCircuits(const PhotonicTarget& t,
                       const std::vector<PhotonicNet>& nets,
                       const PhotonicEmbedding& emb,
                       const std::string& what)
    {
        const uint32_t firstIo = 4 * t.GetElements().size();
        std::map<uint32_t, uint32_t> uses;
        double mx = 0;
        double total = 0;
        std::map<uint32_t, PhotonicElementState::Setting> expect;
        for (std::size_t n = 0; n < nets.size(); ++n)
        {
            const PhotonicRoute& r = emb.routes[n];
            for (uint32_t v : r.nodes)
            {
                ++uses[v];
            }
            NS_TEST_EXPECT_MSG_EQ(r.nodes.front(), firstIo + nets[n].source, what << ": root");
            const std::vector<uint32_t> path = PathTo(r, firstIo + nets[n].sinks[0]);
            NS_TEST_EXPECT_MSG_EQ(path.size(), r.nodes.size(), what << ": a circuit is one path");
            const double sum = SumPath(t, path);
            NS_TEST_EXPECT_MSG_EQ_TOL(r.sinkLossDb.at(0),
                                      sum,
                                      1e-9,
                                      what << ": loss = sum of hops");
            NS_TEST_EXPECT_MSG_EQ_TOL(PhotonicRouter::PathLossDb(t, path),
                                      sum,
                                      1e-9,
                                      what << ": PathLossDb");
            mx = std::max(mx, sum);
            total += sum;
            for (std::size_t i = 1; i < path.size(); ++i)
            {
                const uint32_t a = path[i - 1];
                const uint32_t b = path[i];
                const bool pass = a < firstIo && b < firstIo && a / 4 == b / 4;
                // Alternation: hops 1, 3, ... are waveguides, 2, 4, ... element passes.
                NS_TEST_EXPECT_MSG_EQ(pass, (i % 2 == 0), what << ": alternation at hop " << i);
                if (pass)
                {
                    if (t.IsDirected())
                    {
                        NS_TEST_EXPECT_MSG_EQ((a / 2) % 2, 0u, what << ": end 0 to end 1");
                    }
                    expect[a / 4] =
                        (a % 2 == b % 2) ? PhotonicElementState::BAR : PhotonicElementState::CROSS;
                }
                else if (t.IsDirected())
                {
                    const PhotonicWaveguide& w = t.GetWaveguides()[t.WaveguideAt(a)];
                    NS_TEST_EXPECT_MSG_EQ((w.a == a && w.b == b), true, what << ": downstream");
                }
            }
        }
        for (const auto& [v, k] : uses)
        {
            NS_TEST_EXPECT_MSG_EQ(k, 1u, what << ": node " << v << " used " << k << " times");
        }
        for (std::size_t e = 0; e < t.GetElements().size(); ++e)
        {
            const auto it = expect.find(e);
            const auto want = it == expect.end() ? PhotonicElementState::UNUSED : it->second;
            NS_TEST_EXPECT_MSG_EQ(int(emb.states[e].setting), int(want), what << ": element " << e);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(emb.maxLossDb, mx, 1e-9, what << ": max");
        NS_TEST_EXPECT_MSG_EQ_TOL(emb.totalLossDb, total, 1e-9, what << ": total");
    }
};

/**
 * A target with two routes of known loss from I/O 0 to I/O 1: A: element 0 bar, a waveguide
 * with \p crossings crossings of 0.1 dB, element 2 bar; B: element 0 cross, a 0.1 dB
 * waveguide, element 1, element 2 cross. Elements 0.3 dB: A = 0.6 + 0.1 crossings + 0.3,
 * B = 1.0 dB.
 */
PhotonicTarget
TwoRoutes(uint32_t crossings)
{
    std::vector<PhotonicElement> els{El(0.3, PhotonicElementKind::MZI, 0, 0),
                                     El(0.3, PhotonicElementKind::MZI, 1, 1),
                                     El(0.3, PhotonicElementKind::MZI, 2, 0)};
    std::vector<PhotonicIoPort> io{Io(-1, 0, true, false), Io(3, 0, false, true)};
    std::vector<PhotonicWaveguide> wgs{Wg(12, P(0, 0, 0)),
                                       Wg(P(0, 1, 0), P(2, 0, 0), crossings),
                                       Wg(P(0, 1, 1), P(1, 0, 0), 0, 0.1),
                                       Wg(P(1, 1, 0), P(2, 0, 1)),
                                       Wg(P(2, 1, 0), 13)};
    return Make("two-routes", true, els, io, wgs, 1, 0.1, 0.2);
}

/// Exact optimum on the two-route target, both ways round, for every algorithm.
class OptimalPathTestCase : public RouterTestCase
{
  public:
    OptimalPathTestCase()
        : RouterTestCase("least-loss path on a target with two routes of known loss")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<PhotonicNet> nets{Circuit(0, 1)};
        for (const std::string a : {"pathfinder", "ilp", "first-fit"})
        {
            // 5 crossings: A = 0.3 + 0.5 + 0.3 = 1.1 > B = 0.3 + 0.1 + 0.3 + 0.3 = 1.0.
            PhotonicTarget t5 = TwoRoutes(5);
            PhotonicEmbedding e = PhotonicRouter::Embed(t5, nets, Alg(a));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, a << ": " << e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(e.algorithm, a, "algorithm");
            NS_TEST_EXPECT_MSG_EQ_TOL(e.maxLossDb, 1.0, 1e-9, a << ": route B");
            NS_TEST_EXPECT_MSG_EQ(e.routes[0].elements.size(), 3u, a << ": B passes 3 elements");
            NS_TEST_EXPECT_MSG_EQ(int(e.states[0].setting),
                                  int(PhotonicElementState::CROSS),
                                  a << ": element 0 cross");
            NS_TEST_EXPECT_MSG_EQ(int(e.states[2].setting),
                                  int(PhotonicElementState::CROSS),
                                  a << ": element 2 cross");
            CheckCircuits(t5, nets, e, a + " 5 crossings");
            // 3 crossings: A = 0.9 < B = 1.0.
            PhotonicTarget t3 = TwoRoutes(3);
            e = PhotonicRouter::Embed(t3, nets, Alg(a));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, a << ": " << e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(e.maxLossDb, 0.9, 1e-9, a << ": route A");
            NS_TEST_EXPECT_MSG_EQ(int(e.states[1].setting),
                                  int(PhotonicElementState::UNUSED),
                                  a << ": element 1 unused");
            NS_TEST_EXPECT_MSG_EQ(int(e.states[0].setting),
                                  int(PhotonicElementState::BAR),
                                  a << ": element 0 bar");
            CheckCircuits(t3, nets, e, a + " 3 crossings");
        }
        // PathLossDb on a list that is not a path.
        PhotonicTarget t = TwoRoutes(1);
        NS_TEST_EXPECT_MSG_EQ(std::isinf(PhotonicRouter::PathLossDb(t, {12, P(1, 0, 0)})),
                              true,
                              "not adjacent: infinite");
        NS_TEST_EXPECT_MSG_EQ_TOL(PhotonicRouter::PathLossDb(t, {12, P(0, 0, 0), P(0, 1, 0)}),
                                  0.3,
                                  1e-12,
                                  "one waveguide and one pass");
    }
};

/// Circuits on the grid, the mesh and the ring: losses, capacity, states, opposite nets.
class CircuitsTestCase : public RouterTestCase
{
  public:
    CircuitsTestCase()
        : RouterTestCase(
              "circuits on a switch grid, a 3-mode mesh and a ring: losses, capacity, states")
    {
    }

  private:
    void DoRun() override
    {
        // Grid: 0 -> out 2 (I/O 6) and 2 -> out 0 (I/O 4): both diagonals (1 crossing, 0.1).
        {
            const PhotonicTarget t = Grid();
            const std::vector<PhotonicNet> nets{Circuit(0, 6), Circuit(2, 4)};
            for (const std::string a : {"pathfinder", "ilp", "first-fit"})
            {
                const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, Alg(a));
                NS_TEST_ASSERT_MSG_EQ(e.ok, true, a << ": " << e.error);
                if (!((e.ok) == (true)))
                {
                    return;
                }
                NS_TEST_EXPECT_MSG_EQ_TOL(e.routes[0].sinkLossDb[0], 0.7, 1e-9, "2 x 0.3 + 0.1");
                NS_TEST_EXPECT_MSG_EQ_TOL(e.totalLossDb, 1.4, 1e-9, "total");
                CheckCircuits(t, nets, e, "grid " + a);
            }
        }
        // No nets: legal, nothing set, no loss.
        {
            const PhotonicTarget t = Grid();
            for (const std::string a : {"auto", "pathfinder", "ilp", "first-fit"})
            {
                const PhotonicEmbedding e = PhotonicRouter::Embed(t, {}, Alg(a));
                NS_TEST_EXPECT_MSG_EQ(e.ok, true, a << ": " << e.error);
                NS_TEST_EXPECT_MSG_EQ(e.states.size(), 4u, "a state per element");
                for (const PhotonicElementState& st : e.states)
                {
                    NS_TEST_EXPECT_MSG_EQ(int(st.setting), int(PhotonicElementState::UNUSED), a);
                }
                NS_TEST_EXPECT_MSG_EQ(e.maxLossDb, 0.0, "no loss");
            }
        }
        // 3-mode mesh, the reversal permutation 0->2, 1->1, 2->0: every element crossed.
        {
            const PhotonicTarget t = Clements(3, nullptr);
            const std::vector<PhotonicNet> nets{Circuit(0, 5), Circuit(1, 4), Circuit(2, 3)};
            for (const std::string a : {"pathfinder", "ilp"})
            {
                const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, Alg(a));
                NS_TEST_ASSERT_MSG_EQ(e.ok, true, a << ": " << e.error);
                if (!((e.ok) == (true)))
                {
                    return;
                }
                CheckCircuits(t, nets, e, "mesh3 " + a);
                // Each of the three crosses two elements (0-1-... odd-even transposition).
                NS_TEST_EXPECT_MSG_EQ_TOL(e.maxLossDb, 0.6, 1e-9, "two passes each");
                NS_TEST_EXPECT_MSG_EQ_TOL(e.totalLossDb, 1.8, 1e-9, "six passes");
            }
        }
        // Ring: clockwise 0 -> 5 over cells 0, 1, 2 (3 x 0.3 + 2 x 0.05 = 1.0); anticlockwise
        // 3 -> 2 through cell 1 by its other ports: both bar in cell 1.
        {
            const PhotonicTarget t = Ring();
            const std::vector<PhotonicNet> nets{Circuit(0, 5), Circuit(3, 2)};
            for (const std::string a : {"pathfinder", "ilp", "first-fit"})
            {
                const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, Alg(a));
                NS_TEST_ASSERT_MSG_EQ(e.ok, true, a << ": " << e.error);
                if (!((e.ok) == (true)))
                {
                    return;
                }
                NS_TEST_EXPECT_MSG_EQ_TOL(e.routes[0].sinkLossDb[0], 1.0, 1e-9, "clockwise");
                NS_TEST_EXPECT_MSG_EQ_TOL(e.routes[1].sinkLossDb[0], 0.3, 1e-9, "one cell");
                NS_TEST_EXPECT_MSG_EQ(int(e.states[1].setting),
                                      int(PhotonicElementState::BAR),
                                      "both bar in cell 1");
                CheckCircuits(t, nets, e, "ring " + a);
            }
        }
    }
};

/// Pathfinder against the exact ILP on 20 random instances.
class HeuristicVsIlpTestCase : public RouterTestCase
{
  public:
    HeuristicVsIlpTestCase()
        : RouterTestCase("pathfinder within 10% of the ILP's max loss on 20 random instances, ILP "
                         "never worse")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(20261201);
        double worst = 0;
        for (int k = 0; k < 20; ++k)
        {
            const uint32_t n = 4 + k % 3;
            const PhotonicTarget t = Clements(n, &rng, 0.3);
            std::vector<uint32_t> in(n);
            std::vector<uint32_t> out(n);
            for (uint32_t m = 0; m < n; ++m)
            {
                in[m] = m;
                out[m] = n + m;
            }
            std::shuffle(in.begin(), in.end(), rng);
            std::shuffle(out.begin(), out.end(), rng);
            const uint32_t nets = 2 + k % 3;
            std::vector<PhotonicNet> v;
            for (uint32_t i = 0; i < nets; ++i)
            {
                v.push_back(Circuit(in[i], out[i]));
            }
            const PhotonicEmbedding h = PhotonicRouter::Embed(t, v, Alg("pathfinder"));
            const PhotonicEmbedding x = PhotonicRouter::Embed(t, v, Alg("ilp"));
            NS_TEST_ASSERT_MSG_EQ(h.ok, true, "pathfinder " << k << ": " << h.error);
            if (!((h.ok) == (true)))
            {
                return;
            }
            NS_TEST_ASSERT_MSG_EQ(x.ok, true, "ilp " << k << ": " << x.error);
            if (!((x.ok) == (true)))
            {
                return;
            }
            CheckCircuits(t, v, h, "random pathfinder " + std::to_string(k));
            CheckCircuits(t, v, x, "random ilp " + std::to_string(k));
            const double tie = PhotonicRouter::Options().ilpTieDb;
            NS_TEST_EXPECT_MSG_LT_OR_EQ(x.maxLossDb, h.maxLossDb + tie, "ILP <= heuristic " << k);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(h.maxLossDb,
                                        1.10 * x.maxLossDb,
                                        "heuristic within 10% " << k);
            worst = std::max(worst, h.maxLossDb / x.maxLossDb);
            // One net alone: the topological scan, A* (admissible) and the ILP are all exact.
            for (const PhotonicNet& net : v)
            {
                PhotonicRouter::Options astar = Alg("pathfinder");
                astar.dagSearch = false;
                const double byScan = PhotonicRouter::Embed(t, {net}, Alg("pathfinder")).maxLossDb;
                const double byAstar = PhotonicRouter::Embed(t, {net}, astar).maxLossDb;
                const double byIlp = PhotonicRouter::Embed(t, {net}, Alg("ilp")).maxLossDb;
                NS_TEST_EXPECT_MSG_EQ_TOL(byAstar, byScan, 1e-9, "A* = scan, " << k);
                NS_TEST_EXPECT_MSG_EQ_TOL(byIlp, byScan, 1e-6, "ILP = scan, " << k);
            }
        }
        // The worst ratio is reported in doc/photonic-router.rst.part.
        std::cout << "pathfinder / ilp max loss, worst of 20: " << worst << std::endl;
    }
};

/**
 * First fit against pathfinder on a constructed instance. A (I/O 0 -> I/O 4) has a best
 * route e0, e2, e3, e5 (4 x 0.3 = 1.2 dB) and an alternative e0, e4, e5 (0.9 + 4 crossings
 * x 0.1 = 1.3 dB); B (I/O 1 -> I/O 5) has a best route e1, e2, e3, e7 (1.2 dB) that needs
 * the port (e2, 1, 0) of A's best route, and an alternative e1, e6, e7 (0.9 + 20 crossings
 * x 0.1 = 2.9 dB). First fit routes A first by its best and leaves B 2.9 dB; the optimum is
 * A's alternative and B's best: max 1.3 dB.
 */
class FirstFitTestCase : public RouterTestCase
{
  public:
    FirstFitTestCase()
        : RouterTestCase(
              "first-fit's greedy choice worse than pathfinder on a constructed instance")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<PhotonicElement> els(8, El(0.3));
        std::vector<PhotonicIoPort> io{Io(0, 0, true, false),
                                       Io(0, 0, true, false),
                                       Io(0, 0, false, true),
                                       Io(0, 0, false, true)};
        // I/O nodes 32 (A in), 33 (B in), 34 (A out), 35 (B out).
        std::vector<PhotonicWaveguide> wgs{Wg(32, P(0, 0, 0)),
                                           Wg(33, P(1, 0, 0)),
                                           Wg(P(0, 1, 0), P(2, 0, 1)),
                                           Wg(P(0, 1, 1), P(4, 0, 0), 4),
                                           Wg(P(1, 1, 0), P(2, 0, 0)),
                                           Wg(P(1, 1, 1), P(6, 0, 0), 20),
                                           Wg(P(2, 1, 0), P(3, 0, 0)),
                                           Wg(P(3, 1, 0), P(7, 0, 0)),
                                           Wg(P(3, 1, 1), P(5, 0, 0)),
                                           Wg(P(4, 1, 0), P(5, 0, 1)),
                                           Wg(P(5, 1, 0), 34),
                                           Wg(P(6, 1, 0), P(7, 0, 1)),
                                           Wg(P(7, 1, 0), 35)};
        const PhotonicTarget t = Make("greedy-trap", true, els, io, wgs, 2, 0.1, 0.2);
        const std::vector<PhotonicNet> nets{Circuit(0, 2, "A"), Circuit(1, 3, "B")};
        const PhotonicEmbedding ff = PhotonicRouter::Embed(t, nets, Alg("first-fit"));
        const PhotonicEmbedding pf = PhotonicRouter::Embed(t, nets, Alg("pathfinder"));
        const PhotonicEmbedding x = PhotonicRouter::Embed(t, nets, Alg("ilp"));
        NS_TEST_ASSERT_MSG_EQ(ff.ok && pf.ok && x.ok, true, ff.error << pf.error << x.error);
        if (!((ff.ok && pf.ok && x.ok) == (true)))
        {
            return;
        }
        CheckCircuits(t, nets, ff, "first-fit");
        CheckCircuits(t, nets, pf, "pathfinder");
        NS_TEST_EXPECT_MSG_EQ_TOL(ff.routes[0].sinkLossDb[0], 1.2, 1e-9, "A's best first");
        NS_TEST_EXPECT_MSG_EQ_TOL(ff.maxLossDb, 2.9, 1e-9, "B's detour");
        NS_TEST_EXPECT_MSG_EQ_TOL(pf.maxLossDb, 1.3, 1e-9, "negotiated");
        NS_TEST_EXPECT_MSG_EQ_TOL(x.maxLossDb, 1.3, 1e-9, "optimum");
        NS_TEST_EXPECT_MSG_GT(ff.maxLossDb, pf.maxLossDb, "first-fit worse");
    }
};

/// Fan-out trees: split losses, ratios, the split element's state; fan-in; terminators.
class TreesTestCase : public RouterTestCase
{
  public:
    TreesTestCase()
        : RouterTestCase("fan-out split losses and ratios, fan-in merges, terminators")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicTarget t = Clements(3, nullptr); // 0.3 dB elements, no crossings
        const double excess = t.GetSplitterExcessLossDb();
        const uint32_t firstIo = 4 * t.GetElements().size();
        for (const double f0 : {0.5, 0.25})
        {
            PhotonicNet n;
            n.name = "x -> {y0, y1}";
            n.source = 0;
            n.sinks = {3, 4};
            n.fractions = {f0, 1 - f0};
            const PhotonicEmbedding e = PhotonicRouter::Embed(t, {n}, Alg("pathfinder"));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            const PhotonicRoute& r = e.routes[0];
            std::map<uint32_t, uint32_t> uses;
            for (uint32_t v : r.nodes)
            {
                ++uses[v];
            }
            for (const auto& [v, k] : uses)
            {
                NS_TEST_EXPECT_MSG_EQ(k, 1u, "node " << v << " once");
            }
            uint32_t splits = 0;
            for (std::size_t el = 0; el < e.states.size(); ++el)
            {
                if (e.states[el].setting == PhotonicElementState::SPLIT)
                {
                    ++splits;
                }
            }
            NS_TEST_EXPECT_MSG_EQ(splits, 1u, "one split element");
            for (uint32_t k = 0; k < 2; ++k)
            {
                const std::vector<uint32_t> path = PathTo(r, firstIo + n.sinks[k]);
                NS_TEST_ASSERT_MSG_EQ(path.empty(), false, "sink " << k << " reached");
                if (!((path.empty()) == (false)))
                {
                    return;
                }
                const double share = k == 0 ? f0 : 1 - f0;
                const double want = SumPath(t, path) + 10 * std::log10(1 / share) + excess;
                NS_TEST_EXPECT_MSG_EQ_TOL(r.sinkLossDb[k], want, 1e-9, "sink " << k);
            }
            // The best tree splits at the last element (element 2 feeds I/O 3 and 4):
            // 2 passes + split.
            NS_TEST_EXPECT_MSG_EQ(int(e.states[2].setting),
                                  int(PhotonicElementState::SPLIT),
                                  "split at element 2");
            // Element 2's bar output 0 feeds I/O 3 (sink 0): ratio = f0.
            NS_TEST_EXPECT_MSG_EQ_TOL(e.states[2].ratio, f0, 1e-12, "ratio to the bar output");
            if (f0 == 0.5)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(r.sinkLossDb[0], 0.6 + 3.0103 + excess, 1e-4, "3 dB");
            }
        }
        // Fan-in: I/O 0 and 1 combined into output I/O 4 (source of the reversed tree).
        {
            PhotonicNet n;
            n.name = "combine";
            n.source = 4;
            n.sinks = {0, 1};
            n.fanIn = true;
            const PhotonicEmbedding e = PhotonicRouter::Embed(t, {n}, Alg("pathfinder"));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            const PhotonicRoute& r = e.routes[0];
            for (uint32_t k = 0; k < 2; ++k)
            {
                const std::vector<uint32_t> path = PathTo(r, firstIo + n.sinks[k]);
                NS_TEST_ASSERT_MSG_EQ(path.empty(), false, "input " << k << " reached");
                if (!((path.empty()) == (false)))
                {
                    return;
                }
                const double want = SumPath(t, path) + 10 * std::log10(2.0) + excess;
                NS_TEST_EXPECT_MSG_EQ_TOL(r.sinkLossDb[k], want, 1e-9, "merge loss " << k);
            }
            // Inputs 0 and 1 meet at element 0, whose output 1 or 0 carries on.
            NS_TEST_EXPECT_MSG_EQ(int(e.states[0].setting),
                                  int(PhotonicElementState::SPLIT),
                                  "merge at element 0");
        }
        // Terminator: from I/O 1 to any free output; its loss is not in max/total.
        {
            PhotonicNet term;
            term.name = "drop";
            term.source = 1;
            term.anySink = true;
            const std::vector<PhotonicNet> nets{Circuit(0, 3), term};
            const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, Alg("pathfinder"));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            const uint32_t s = e.routes[1].chosenSink;
            NS_TEST_EXPECT_MSG_EQ((s >= 3 && s <= 5 && s != 3), true, "a free output");
            NS_TEST_EXPECT_MSG_EQ_TOL(e.maxLossDb, e.routes[0].sinkLossDb[0], 1e-12, "max");
            NS_TEST_EXPECT_MSG_EQ_TOL(e.totalLossDb, e.routes[0].sinkLossDb[0], 1e-12, "total");
            NS_TEST_EXPECT_MSG_EQ_TOL(e.routes[1].sinkLossDb.at(0),
                                      SumPath(t, PathTo(e.routes[1], firstIo + s)),
                                      1e-9,
                                      "terminator loss reported");
        }
    }
};

/// Failures name the nets and say why.
class FailuresTestCase : public RouterTestCase
{
  public:
    FailuresTestCase()
        : RouterTestCase("unroutable nets are named with the reason")
    {
    }

  private:
    void DoRun() override
    {
        // No path: output I/O 8 of the grid is joined to nothing.
        {
            const PhotonicTarget t = Grid(true);
            const std::vector<PhotonicNet> nets{Circuit(0, 4, "a[0] -> b[0]"),
                                                Circuit(2, 8, "a[2] -> b[7]")};
            for (const std::string a : {"pathfinder", "first-fit", "ilp"})
            {
                const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, Alg(a));
                NS_TEST_EXPECT_MSG_EQ(e.ok, false, a);
                NS_TEST_EXPECT_MSG_NE(e.error.find("a[2] -> b[7]: no path"),
                                      std::string::npos,
                                      a << ": " << e.error);
                NS_TEST_EXPECT_MSG_NE(e.error.find("feed-forward"), std::string::npos, e.error);
                NS_TEST_EXPECT_MSG_EQ(e.error.find("a[0] -> b[0]"), std::string::npos, e.error);
            }
        }
        // Blocking: inputs 0 and 1 of the banyan both to outputs of switch 2 need the one
        // waveguide from switch 0 to switch 2.
        {
            const PhotonicTarget t = Grid();
            const std::vector<PhotonicNet> nets{Circuit(0, 4, "p"), Circuit(1, 5, "q")};
            PhotonicRouter::Options o = Alg("pathfinder");
            o.maxIterations = 8;
            const PhotonicEmbedding e = PhotonicRouter::Embed(t, nets, o);
            NS_TEST_EXPECT_MSG_EQ(e.ok, false, "blocked");
            NS_TEST_EXPECT_MSG_EQ(e.failedNets.size(), 2u, e.error);
            NS_TEST_EXPECT_MSG_NE(e.error.find("p: shares element"), std::string::npos, e.error);
            NS_TEST_EXPECT_MSG_NE(e.error.find("with q after 8 rounds"),
                                  std::string::npos,
                                  e.error);
            NS_TEST_EXPECT_MSG_EQ(e.iterations, 8u, "rounds");
            const PhotonicEmbedding x = PhotonicRouter::Embed(t, nets, Alg("ilp"));
            NS_TEST_EXPECT_MSG_EQ(x.ok, false, "ilp: infeasible");
            NS_TEST_EXPECT_MSG_NE(x.error.find("infeasible"), std::string::npos, x.error);
            const PhotonicEmbedding f = PhotonicRouter::Embed(t, nets, Alg("first-fit"));
            NS_TEST_EXPECT_MSG_EQ(f.ok, false, "first-fit");
            NS_TEST_EXPECT_MSG_NE(f.error.find("q: no path"), std::string::npos, f.error);
        }
        // Splits on a target of switches only; fan-out refused by the ILP; bad nets.
        {
            const PhotonicTarget t = Grid();
            PhotonicNet n;
            n.name = "m";
            n.source = 0;
            n.sinks = {4, 5};
            PhotonicEmbedding e = PhotonicRouter::Embed(t, {n}, Alg("pathfinder"));
            NS_TEST_EXPECT_MSG_NE(
                e.error.find("m: split needs an MZI element: target has SWITCH elements only"),
                std::string::npos,
                e.error);
            const PhotonicTarget c = Clements(3, nullptr);
            n.sinks = {3, 4};
            e = PhotonicRouter::Embed(c, {n}, Alg("ilp"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("not a circuit"), std::string::npos, e.error);
            e = PhotonicRouter::Embed(c, {Circuit(0, 3), Circuit(1, 3)}, Alg("pathfinder"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("I/O port 3 is also used by net 0"),
                                  std::string::npos,
                                  e.error);
            e = PhotonicRouter::Embed(c, {Circuit(0, 9)}, Alg("pathfinder"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("I/O port 9 is beyond"), std::string::npos, e.error);
            e = PhotonicRouter::Embed(c, {Circuit(3, 4)}, Alg("pathfinder"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("cannot take light in"), std::string::npos, e.error);
            e = PhotonicRouter::Embed(c, {Circuit(0, 3)}, Alg("magic"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("'magic'"), std::string::npos, e.error);
            PhotonicRouter::Options o = Alg("ilp");
            o.ilpMaxArcs = 5;
            e = PhotonicRouter::Embed(c, {Circuit(0, 3)}, o);
            NS_TEST_EXPECT_MSG_NE(e.error.find("exceed ilpMaxArcs 5"), std::string::npos, e.error);
        }
        // Recirculating ring: light entering cell 0 at end 0 runs clockwise only, and I/O 4
        // (cell 2, end 0) is left only by light running anticlockwise.
        {
            const PhotonicTarget t = Ring();
            const PhotonicEmbedding e =
                PhotonicRouter::Embed(t, {Circuit(0, 4, "r")}, Alg("pathfinder"));
            NS_TEST_EXPECT_MSG_NE(e.error.find("r: no path: I/O port 4 is not reachable from "
                                               "I/O port 0 on a recirculating target"),
                                  std::string::npos,
                                  e.error);
        }
    }
};

/// Reuse: a second circuit added keeps the first one's route and elements.
class ReuseTestCase : public RouterTestCase
{
  public:
    ReuseTestCase()
        : RouterTestCase("reuse keeps an unchanged circuit's elements when a circuit is added")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(7);
        const PhotonicTarget t = Clements(6, &rng);
        const std::vector<PhotonicNet> first{Circuit(0, 6 + 2, "a")};
        const PhotonicEmbedding e1 = PhotonicRouter::Embed(t, first, Alg("pathfinder"));
        NS_TEST_ASSERT_MSG_EQ(e1.ok, true, e1.error);
        if (!((e1.ok) == (true)))
        {
            return;
        }
        const std::vector<PhotonicNet> both{Circuit(5, 6 + 4, "b"), first[0]};
        const PhotonicEmbedding e2 = PhotonicRouter::Embed(t, both, Alg("pathfinder"), &e1, &first);
        NS_TEST_ASSERT_MSG_EQ(e2.ok, true, e2.error);
        if (!((e2.ok) == (true)))
        {
            return;
        }
        CheckCircuits(t, both, e2, "reuse");
        NS_TEST_EXPECT_MSG_EQ((e2.routes[1].nodes == e1.routes[0].nodes), true, "same route");
        const std::vector<uint32_t> changed = PhotonicRouter::ChangedElements(e1, e2);
        NS_TEST_EXPECT_MSG_EQ(changed.empty(), false, "b sets elements");
        for (uint32_t el : e1.routes[0].elements)
        {
            NS_TEST_EXPECT_MSG_EQ(std::count(changed.begin(), changed.end(), el),
                                  0,
                                  "a's element " << el << " unchanged");
        }
        for (uint32_t el : changed)
        {
            // Only b's elements switch; b's bar elements stay as they were (unused = bar).
            NS_TEST_EXPECT_MSG_EQ(
                std::count(e2.routes[0].elements.begin(), e2.routes[0].elements.end(), el),
                1,
                "changed element " << el << " is b's");
            NS_TEST_EXPECT_MSG_EQ(int(e2.states[el].setting),
                                  int(PhotonicElementState::CROSS),
                                  "a change from unused is to cross");
        }
        // Differs: unused is bar; a ratio or phase beyond 1e-12.
        PhotonicElementState u;
        PhotonicElementState b;
        b.setting = PhotonicElementState::BAR;
        NS_TEST_EXPECT_MSG_EQ(u.Differs(b), false, "unused = bar");
        PhotonicElementState s1;
        s1.setting = PhotonicElementState::SPLIT;
        s1.ratio = 0.5;
        PhotonicElementState s2 = s1;
        s2.ratio = 0.5 + 1e-9;
        NS_TEST_EXPECT_MSG_EQ(s1.Differs(s2), true, "ratio");
        s2.ratio = 0.5 + 1e-14;
        NS_TEST_EXPECT_MSG_EQ(s1.Differs(s2), false, "ratio within 1e-12");
        s2.phase = 1e-6;
        NS_TEST_EXPECT_MSG_EQ(s1.Differs(s2), true, "phase");
    }
};

/// Generated targets (PhotonicTarget::Generate): Benes by the looping algorithm, meshes.
class GeneratedTestCase : public RouterTestCase
{
  public:
    GeneratedTestCase()
        : RouterTestCase("generated targets: Benes permutations by looping, Clements and a "
                         "square recirculating mesh by pathfinder and the ILP")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937 rng(3);
        PhotonicTarget::Spec spec;
        spec.style = "benes";
        spec.ports = 8;
        PhotonicTarget b;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(PhotonicTarget::Generate(spec, b, error), true, error);
        if (!((PhotonicTarget::Generate(spec, b, error)) == (true)))
        {
            return;
        }
        const uint32_t n = b.GetNInputs();
        for (int trial = 0; trial < 5; ++trial)
        {
            std::vector<uint32_t> p(n);
            for (uint32_t i = 0; i < n; ++i)
            {
                p[i] = i;
            }
            std::shuffle(p.begin(), p.end(), rng);
            std::vector<PhotonicNet> nets;
            // A full permutation, then a partial one (every other input).
            for (uint32_t i = 0; i < n; i += (trial < 3 ? 1 : 2))
            {
                nets.push_back(Circuit(b.InputIo(i), b.OutputIo(p[i])));
            }
            const PhotonicEmbedding e = PhotonicRouter::Embed(b, nets, Alg("auto"));
            NS_TEST_ASSERT_MSG_EQ(e.ok, true, e.error);
            if (!((e.ok) == (true)))
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(e.algorithm, "benes", "auto on a Benes target");
            CheckCircuits(b, nets, e, "benes " + std::to_string(trial));
            for (const PhotonicRoute& r : e.routes)
            {
                // Every path crosses all 2 log2 N - 1 stages.
                NS_TEST_EXPECT_MSG_EQ(r.elements.size(), 5u, "5 stages for N = 8");
            }
            const PhotonicEmbedding pf = PhotonicRouter::Embed(b, nets, Alg("pathfinder"));
            NS_TEST_ASSERT_MSG_EQ(pf.ok, true, pf.error);
            if (!((pf.ok) == (true)))
            {
                return;
            }
            CheckCircuits(b, nets, pf, "benes by pathfinder " + std::to_string(trial));
        }
        // A terminator: auto falls back to pathfinder.
        {
            PhotonicNet t;
            t.name = "drop";
            t.source = 1;
            t.anySink = true;
            const PhotonicEmbedding e =
                PhotonicRouter::Embed(b, {Circuit(0, b.OutputIo(3)), t}, Alg("auto"));
            NS_TEST_EXPECT_MSG_EQ(e.algorithm, "pathfinder", "not circuits only");
            NS_TEST_EXPECT_MSG_EQ(e.ok, true, e.error);
        }
        // Clements (6 modes) and a square recirculating mesh: pathfinder against the ILP.
        for (const std::string style : {"clements", "square"})
        {
            PhotonicTarget::Spec s;
            s.style = style;
            s.ports = 6;
            s.elements = style == "square" ? 24 : 0;
            PhotonicTarget t;
            NS_TEST_ASSERT_MSG_EQ(PhotonicTarget::Generate(s, t, error), true, error);
            if (!((PhotonicTarget::Generate(s, t, error)) == (true)))
            {
                return;
            }
            // Three circuits on distinct ports, each routable alone (on a recirculating mesh
            // a port's direction of travel leaves some pairs unreachable).
            std::vector<PhotonicNet> nets;
            std::set<uint32_t> used;
            auto pick = [&](uint32_t count) {
                return std::uniform_int_distribution<uint32_t>(0, count - 1)(rng);
            };
            for (int tries = 0; nets.size() < 3 && tries < 1000; ++tries)
            {
                const uint32_t src = t.InputIo(pick(t.GetNInputs()));
                const uint32_t out = t.OutputIo(pick(t.GetNOutputs()));
                if (src == out || used.count(src) || used.count(out))
                {
                    continue;
                }
                const PhotonicNet c = Circuit(src, out);
                if (PhotonicRouter::Embed(t, {c}, Alg("pathfinder")).ok)
                {
                    used.insert(src);
                    used.insert(out);
                    nets.push_back(c);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(nets.size(), 3u, style << ": three routable circuits");
            if (nets.size() != 3)
            {
                return;
            }
            PhotonicRouter::Options o = Alg("ilp");
            o.ilpTimeLimitS = 20;
            const PhotonicEmbedding x = PhotonicRouter::Embed(t, nets, o);
            const PhotonicEmbedding h = PhotonicRouter::Embed(t, nets, Alg("pathfinder"));
            NS_TEST_ASSERT_MSG_EQ(x.error.find("exceed ilpMaxArcs"), std::string::npos, x.error);
            if (!x.ok)
            {
                // Infeasible together (exact): no heuristic may claim a legal embedding.
                NS_TEST_EXPECT_MSG_NE(x.error.find("infeasible"), std::string::npos, x.error);
                NS_TEST_EXPECT_MSG_EQ(h.ok, false, style << ": pathfinder on an infeasible set");
                NS_TEST_EXPECT_MSG_EQ(h.failedNets.empty(), false, "failing nets named");
                continue;
            }
            NS_TEST_ASSERT_MSG_EQ(h.ok, true, style << ": " << h.error);
            if (!h.ok)
            {
                return;
            }
            CheckCircuits(t, nets, h, style + " pathfinder");
            CheckCircuits(t, nets, x, style + " ilp");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(x.maxLossDb,
                                        h.maxLossDb + o.ilpTieDb,
                                        style << ": ILP <= heuristic");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(h.maxLossDb, 1.1 * x.maxLossDb, style << ": 10%");
        }
    }
};

/**
 * \ingroup optical-tests
 * The photonic router.
 */
class PhotonicEmbeddingTestSuite : public TestSuite
{
  public:
    PhotonicEmbeddingTestSuite()
        : TestSuite("optical-photonic-embedding", SUITE_UNIT)
    {
        AddTestCase(new OptimalPathTestCase, TEST_QUICK);
        AddTestCase(new CircuitsTestCase, TEST_QUICK);
        AddTestCase(new HeuristicVsIlpTestCase, TEST_QUICK);
        AddTestCase(new FirstFitTestCase, TEST_QUICK);
        AddTestCase(new TreesTestCase, TEST_QUICK);
        AddTestCase(new FailuresTestCase, TEST_QUICK);
        AddTestCase(new ReuseTestCase, TEST_QUICK);
        AddTestCase(new GeneratedTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static PhotonicEmbeddingTestSuite g_photonicEmbeddingTestSuite;

} // namespace
