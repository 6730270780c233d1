/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The compiler driver and the synthesizer: programs written from specifications type-check and
// compile like hand-written ones; circuit graphs become the right nets (circuits, fan-outs with
// their shares, fan-ins, terminators, crossings followed); pairs and losses; elements changed
// against a previous program; errors that name what cannot be compiled.

#include "../common/optical-test-compat.h"
#include "photonic-test-targets.h"

#include "ns3/photonic-compiler.h"
#include "ns3/photonic-language.h"
#include "ns3/photonic-synthesizer.h"
#include "ns3/photonic-target.h"
#include "ns3/test.h"

#include <cmath>
#include <map>
#include <numeric>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

bool
Parse(const std::string& text, PhotonicProgram& program, std::string& why)
{
    std::vector<PhotonicDiagnostic> d;
    const bool ok = PhotonicLanguage::ParseString(text, "test", program, d);
    why = d.empty() ? text : d[0].ToString();
    return ok;
}

} // namespace

/// The synthesizer writes programs that type-check, with the specified connections.
class SynthesizerTestCase : public TestCase
{
  public:
    SynthesizerTestCase()
        : TestCase("synthesized programs type-check and say what was specified")
    {
    }

  private:
    void DoRun() override
    {
        std::string text;
        std::string error;
        const std::vector<int32_t> perm{3,
                                        PhotonicSynthesizer::NONE,
                                        0,
                                        1,
                                        PhotonicSynthesizer::NONE};
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation(perm, 4, 0, text, error),
                              true,
                              error);
        PhotonicProgram p;
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, error), true, error);
        const PhotonicGraph& g = p.slots.at(0).graph;
        NS_TEST_ASSERT_MSG_EQ(g.Count(PhotonicOp::INPUT), 5u, "every input used");
        NS_TEST_ASSERT_MSG_EQ(g.Count(PhotonicOp::OUTPUT), 3u, "three circuits");
        NS_TEST_ASSERT_MSG_EQ(g.Count(PhotonicOp::TERMINATOR), 2u, "two dark inputs dropped");
        // Edge INPUT -> OUTPUT for each circuit, by switch port.
        std::map<uint32_t, uint32_t> seen;
        for (const PhotonicEdge& e : g.edges)
        {
            if (g.nodes[e.from].op == PhotonicOp::INPUT && g.nodes[e.to].op == PhotonicOp::OUTPUT)
            {
                seen[g.nodes[e.from].port] = g.nodes[e.to].port;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 3u, "three wires");
        NS_TEST_ASSERT_MSG_EQ(seen[0], 3u, "0 -> 3");
        NS_TEST_ASSERT_MSG_EQ(seen[2], 0u, "2 -> 0");
        NS_TEST_ASSERT_MSG_EQ(seen[3], 1u, "3 -> 1");

        // Bad specifications name the problem.
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation({1, 1}, 2, 0, text, error),
                              false,
                              "");
        NS_TEST_ASSERT_MSG_NE(error.find("two inputs"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation({5}, 2, 0, text, error), false, "");
        NS_TEST_ASSERT_MSG_NE(error.find("outside"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(
            PhotonicSynthesizer::Multicast(2, {{0, {0, 1}}, {1, {1}}}, 2, 0, text, error),
            false,
            "");
        NS_TEST_ASSERT_MSG_NE(error.find("two sources"), std::string::npos, error);

        // A rotor: slots with their durations, each a round-robin matching.
        const auto rr = PhotonicSynthesizer::RoundRobin(5);
        NS_TEST_ASSERT_MSG_EQ(rr.size(), 4u, "N - 1 matchings");
        for (std::size_t k = 0; k < rr.size(); ++k)
        {
            for (uint32_t i = 0; i < 5; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(rr[k][i], static_cast<int32_t>((i + k + 1) % 5), "rr");
            }
        }
        const std::vector<Time> d{MicroSeconds(20),
                                  MicroSeconds(30),
                                  NanoSeconds(1500),
                                  MilliSeconds(1)};
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Rotor(rr, d, 5, 0, text, error), true, error);
        PhotonicProgram r;
        NS_TEST_ASSERT_MSG_EQ(Parse(text, r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.slots.size(), 4u, "four slots");
        for (std::size_t k = 0; k < 4; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(r.slots[k].duration, d[k], "slot " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Rotor(rr, {d[0]}, 5, 0, text, error), false, "");
    }
};

/// Circuit graphs become nets: crossings followed, split shares, combiners, terminators.
class NetsTestCase : public TestCase
{
  public:
    NetsTestCase()
        : TestCase("circuit graphs become circuits, fan-outs, fan-ins and terminators")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicTarget t =
            optical::test::GenerateTarget("hexagonal", 16); // its I/O port k is switch port k
        const std::string text = "in a[6]; out b[6] @ 6;\n"
                                 "p, q = cross(a[0], a[1]);\n"
                                 "b[0] = p; b[1] = q;\n"
                                 "u, v = split(a[2], 0.3);\n"
                                 "b[2] = u; b[3] = v;\n"
                                 "b[4] = combine(a[3], a[4]);\n"
                                 "drop(a[5]);\n";
        PhotonicProgram p;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, error), true, error);
        PhotonicGraph g = p.slots.at(0).graph;
        PhotonicLanguage::LowerCircuits(g);
        std::vector<PhotonicNet> nets;
        NS_TEST_ASSERT_MSG_EQ(PhotonicCompiler::ExtractNets(g, t, nets, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(nets.size(), 5u, "2 circuits, a fan-out, a fan-in, a terminator");
        std::map<uint32_t, const PhotonicNet*> bySource;
        for (const PhotonicNet& n : nets)
        {
            bySource[n.source] = &n;
        }
        // cross: input 0 leaves by output 1, so a[0] reaches b[1] (switch port 7).
        NS_TEST_ASSERT_MSG_EQ(bySource.at(0)->sinks.size(), 1u, "circuit");
        NS_TEST_ASSERT_MSG_EQ(bySource.at(0)->sinks[0], 7u, "a[0] -> b[1]");
        NS_TEST_ASSERT_MSG_EQ(bySource.at(1)->sinks[0], 6u, "a[1] -> b[0]");
        const PhotonicNet* split = bySource.at(2);
        NS_TEST_ASSERT_MSG_EQ(split->sinks.size(), 2u, "fan-out");
        double total = 0;
        for (std::size_t k = 0; k < 2; ++k)
        {
            const double want = split->sinks[k] == 8 ? 0.3 : 0.7;
            NS_TEST_ASSERT_MSG_EQ_TOL(split->fractions[k], want, 1e-12, "share");
            total += split->fractions[k];
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(total, 1.0, 1e-12, "power conserved");
        const PhotonicNet* fanIn = bySource.at(10); // the output b[4] is the tree's root
        NS_TEST_ASSERT_MSG_EQ(fanIn->fanIn, true, "fan-in");
        NS_TEST_ASSERT_MSG_EQ(fanIn->sinks.size(), 2u, "two sources combined");
        NS_TEST_ASSERT_MSG_EQ_TOL(fanIn->fractions[0], 0.5, 1e-12, "half each");
        NS_TEST_ASSERT_MSG_EQ(bySource.at(5)->anySink, true, "drop: a terminator");

        // A multicast of 3 gives each destination a third.
        const std::string mc = "in a[1]; out b[3] @ 1; b[0], b[1], b[2] = multicast(a[0]);";
        NS_TEST_ASSERT_MSG_EQ(Parse(mc, p, error), true, error);
        g = p.slots.at(0).graph;
        PhotonicLanguage::LowerCircuits(g);
        NS_TEST_ASSERT_MSG_EQ(PhotonicCompiler::ExtractNets(g, t, nets, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(nets.size(), 1u, "one tree");
        NS_TEST_ASSERT_MSG_EQ(nets[0].sinks.size(), 3u, "three leaves");
        for (double f : nets[0].fractions)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(f, 1.0 / 3, 1e-12, "a third");
        }

        // A port beyond the target is named.
        const std::string big = "in a[1] @ 200; out b[1]; b[0] = a[0];";
        NS_TEST_ASSERT_MSG_EQ(Parse(big, p, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(PhotonicCompiler::ExtractNets(p.slots[0].graph, t, nets, error),
                              false,
                              "beyond the target");
        NS_TEST_ASSERT_MSG_NE(error.find("a[0]"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("200"), std::string::npos, error);
    }
};

/// Compiled programs: pairs and their losses, split losses, elements changed, and errors.
class CompileTestCase : public TestCase
{
  public:
    CompileTestCase()
        : TestCase("compiled pairs, losses, elements changed and errors")
    {
    }

  private:
    void DoRun() override
    {
        std::string text;
        std::string error;
        PhotonicProgram p;
        // A permutation on a Benes network: 8 pairs, each through 5 switches (0.3 dB each).
        const std::vector<int32_t> perm{4, 7, 1, 0, 2, 6, 5, 3};
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation(perm, 8, 0, text, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, error), true, error);
        const PhotonicTarget benes = optical::test::GenerateTarget("benes", 8);
        const PhotonicCompilation c = PhotonicCompiler::Compile(p, benes, {});
        NS_TEST_ASSERT_MSG_EQ(c.ok, true, c.error);
        if (!c.ok)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(c.pairs, 8u, "8 pairs");
        double sum = 0;
        double worst = 0;
        for (const PhotonicPair& pair : c.slots[0].pairs)
        {
            NS_TEST_ASSERT_MSG_EQ(pair.output, static_cast<uint32_t>(perm[pair.input]), "pair");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(pair.lossDb, 5 * 0.3 - 1e-12, "5 switch passes");
            sum += pair.lossDb;
            worst = std::max(worst, pair.lossDb);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(c.meanPathLossDb, sum / 8, 1e-12, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(c.maxPathLossDb, worst, 1e-12, "max");
        NS_TEST_ASSERT_MSG_EQ(c.elementsUsed, 20u, "a full permutation sets all 4 x 5 switches");

        // A 1 -> 2 multicast on a mesh: each branch loses its half (3.01 dB) and the
        // splitter's excess beyond its elements' passes.
        const std::string mc = "in a[1]; out b[2] @ 1; b[0], b[1] = multicast(a[0]);";
        NS_TEST_ASSERT_MSG_EQ(Parse(mc, p, error), true, error);
        const PhotonicTarget square = optical::test::GenerateTarget("square", 8);
        const PhotonicCompilation m = PhotonicCompiler::Compile(p, square, {});
        NS_TEST_ASSERT_MSG_EQ(m.ok, true, m.error);
        if (!m.ok)
        {
            return;
        }
        const double splitDb = 10 * std::log10(2.0) + square.GetSplitterExcessLossDb();
        for (std::size_t s = 0; s < 2; ++s)
        {
            const double rest = m.slots[0].embedding.routes[0].sinkLossDb[s] - splitDb;
            // What remains is whole element passes (0.3 dB) and crossings (none in a mesh).
            NS_TEST_ASSERT_MSG_GT(rest, 0.3 - 1e-9, "at least the splitting element");
            NS_TEST_ASSERT_MSG_EQ_TOL(rest / 0.3, std::round(rest / 0.3), 1e-9, "whole passes");
        }

        // Two multicasts of four take all 8 outputs of a Clements mesh: the 6 dropped inputs
        // have no free output to be absorbed at, so they are taken as dark.
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Multicast(8,
                                                             {{0, {0, 1, 2, 3}}, {1, {4, 5, 6, 7}}},
                                                             8,
                                                             0,
                                                             text,
                                                             error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, error), true, error);
        const PhotonicCompilation full =
            PhotonicCompiler::Compile(p, optical::test::GenerateTarget("clements", 8), {});
        NS_TEST_ASSERT_MSG_EQ(full.ok, true, full.error);
        NS_TEST_ASSERT_MSG_EQ(full.pairs, 8u, "every output receives its share");
        NS_TEST_ASSERT_MSG_EQ((full.ok ? full.slots[0].darkInputs : 0), 6u, "six dark inputs");
        NS_TEST_ASSERT_MSG_GT((full.ok ? full.maxPathLossDb : 0),
                              10 * std::log10(4.0),
                              "a quarter");

        // Against a previous permutation: only the elements of circuits that move change.
        const std::vector<int32_t> moved{4, 7, 1, 0, 2, 6, 3, 5};
        PhotonicProgram before;
        PhotonicProgram after;
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation(perm, 8, 8, text, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(Parse(text, before, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Permutation(moved, 8, 8, text, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(Parse(text, after, error), true, error);
        const PhotonicTarget mesh = optical::test::GenerateTarget("square", 16, 600);
        PhotonicCompiler::Options o;
        o.router.algorithm = "pathfinder";
        const PhotonicCompilation c0 = PhotonicCompiler::Compile(before, mesh, o);
        NS_TEST_ASSERT_MSG_EQ(c0.ok, true, c0.error);
        const PhotonicCompilation c1 = PhotonicCompiler::Compile(after, mesh, o, &c0);
        NS_TEST_ASSERT_MSG_EQ(c1.ok, true, c1.error);
        if (!c0.ok || !c1.ok)
        {
            return; // (ns-3.37 carries on after a failed assertion)
        }
        const auto changed =
            PhotonicRouter::ChangedElements(c0.slots[0].embedding, c1.slots[0].embedding);
        NS_TEST_ASSERT_MSG_EQ(c1.slots[0].elementsChanged, changed.size(), "counted");
        NS_TEST_ASSERT_MSG_GT(changed.size(), 0u, "two circuits moved");
        NS_TEST_ASSERT_MSG_LT(changed.size(), c0.elementsUsed, "the other six stayed");

        // Analog on a Benes target, and a lossy "analog" program, are refused with the reason.
        const std::string analog = "in a[2]; out b[2]; x, y = mzi(a[0], a[1], 0.3, 0.1);"
                                   " b[0] = x; b[1] = y;";
        NS_TEST_ASSERT_MSG_EQ(Parse(analog, p, error), true, error);
        const PhotonicCompilation bad = PhotonicCompiler::Compile(p, benes, {});
        NS_TEST_ASSERT_MSG_EQ(bad.ok, false, "analog on benes");
        NS_TEST_ASSERT_MSG_NE(bad.error.find("clements or reck"), std::string::npos, bad.error);
        const std::string lossy = "in a[2]; out b[2]; x, y = mzi(a[0], a[1], 0.3, 0.1);"
                                  " b[0] = x; detect(y);";
        NS_TEST_ASSERT_MSG_EQ(Parse(lossy, p, error), true, error);
        const PhotonicCompilation notU =
            PhotonicCompiler::Compile(p, optical::test::GenerateTarget("clements", 4), {});
        NS_TEST_ASSERT_MSG_EQ(notU.ok, false, "a detector in an analog program");
        NS_TEST_ASSERT_MSG_NE(notU.error.find("outputs"), std::string::npos, notU.error);
    }
};

/// The suite.
class PhotonicCompilerTestSuite : public TestSuite
{
  public:
    PhotonicCompilerTestSuite()
        : TestSuite("optical-photonic-compiler", SUITE_UNIT)
    {
        AddTestCase(new SynthesizerTestCase, TEST_QUICK);
        AddTestCase(new NetsTestCase, TEST_QUICK);
        AddTestCase(new CompileTestCase, TEST_QUICK);
    }
};

/// Static instance.
static PhotonicCompilerTestSuite g_photonicCompilerTestSuite;
