/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The front end of the photonic switch language (PhotonicLanguage): the lexer's tokens and
// places, the exact IR graphs of well-typed programs (wires, permute, multicast, split,
// combine, cross, detect, drop, mzi, phase, unitary inline and from a file, loops, a rotor of
// three slots), LowerCircuits (permutations become edges, multicasts trees of splitters whose
// shares multiply to 1/k per leaf), and one rejected program per type rule with its rule,
// line:column and signal.

#include "../../model/photonic/photonic-lexer.h"
#include "../common/optical-test-compat.h"

#include "ns3/nstime.h"
#include "ns3/photonic-ir.h"
#include "ns3/photonic-language.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Parses \p text as "t.lambda" (matrix files relative to \p baseDir).
bool
Parse(const std::string& text,
      PhotonicProgram& p,
      std::vector<PhotonicDiagnostic>& d,
      const std::string& baseDir = "")
{
    d.clear();
    return PhotonicLanguage::ParseString(text, "t.lambda", p, d, baseDir);
}

/// All diagnostics as text, for messages.
std::string
Text(const std::vector<PhotonicDiagnostic>& d)
{
    std::string s;
    for (const PhotonicDiagnostic& x : d)
    {
        s += x.ToString() + " {" + x.signal + "}\n";
    }
    return s;
}

/// The edge into input \p port of node \p to (nullptr if none).
const PhotonicEdge*
InEdge(const PhotonicGraph& g, uint32_t to, uint32_t port)
{
    for (const PhotonicEdge& e : g.edges)
    {
        if (e.to == to && e.toPort == port)
        {
            return &e;
        }
    }
    return nullptr;
}

/// The node of operation \p op and port \p port (INPUT/OUTPUT), or UINT32_MAX.
uint32_t
PortNode(const PhotonicGraph& g, PhotonicOp op, uint32_t port)
{
    for (uint32_t v = 0; v < g.nodes.size(); ++v)
    {
        if (g.nodes[v].op == op && g.nodes[v].port == port)
        {
            return v;
        }
    }
    return UINT32_MAX;
}

/// The one node of operation \p op (UINT32_MAX if none or several).
uint32_t
OnlyNode(const PhotonicGraph& g, PhotonicOp op)
{
    uint32_t found = UINT32_MAX;
    for (uint32_t v = 0; v < g.nodes.size(); ++v)
    {
        if (g.nodes[v].op == op)
        {
            if (found != UINT32_MAX)
            {
                return UINT32_MAX;
            }
            found = v;
        }
    }
    return found;
}

/**
 * Linearity: every node output feeds exactly one edge, every node input is fed by exactly
 * one edge, every edge joins existing ports. \return "" or what is wrong
 */
std::string
Linear(const PhotonicGraph& g)
{
    std::map<std::pair<uint32_t, uint32_t>, int> outs;
    std::map<std::pair<uint32_t, uint32_t>, int> ins;
    for (const PhotonicEdge& e : g.edges)
    {
        if (e.from >= g.nodes.size() || e.to >= g.nodes.size() ||
            e.fromPort >= g.nodes[e.from].nOut || e.toPort >= g.nodes[e.to].nIn)
        {
            return "edge " + e.signal + " joins ports that do not exist";
        }
        ++outs[{e.from, e.fromPort}];
        ++ins[{e.to, e.toPort}];
    }
    for (uint32_t v = 0; v < g.nodes.size(); ++v)
    {
        for (uint32_t o = 0; o < g.nodes[v].nOut; ++o)
        {
            if (outs[{v, o}] != 1)
            {
                return "node " + std::to_string(v) + " output " + std::to_string(o) + " feeds " +
                       std::to_string(outs[{v, o}]) + " edges";
            }
        }
        for (uint32_t i = 0; i < g.nodes[v].nIn; ++i)
        {
            if (ins[{v, i}] != 1)
            {
                return "node " + std::to_string(v) + " input " + std::to_string(i) + " fed by " +
                       std::to_string(ins[{v, i}]) + " edges";
            }
        }
    }
    return "";
}

/**
 * \ingroup optical-tests
 * The lexer: kinds, texts and line:column of numbers (exponents, imaginary), ranges,
 * strings, comments.
 */
class LexerTestCase : public TestCase
{
  public:
    LexerTestCase()
        : TestCase("tokens: numbers with exponents and i, '..', strings, comments, places")
    {
    }

  private:
    void DoRun() override
    {
        using photonic::TokenKind;
        const std::string text = "a[0..7] 1e-3-2i // comment\n  50us \"u.csv\" # more\n.5i";
        const std::vector<photonic::Token> t = photonic::Tokenize(text);
        // a [ 0 .. 7 ] 1e-3 - 2i 50us "u.csv" .5i END
        NS_TEST_ASSERT_MSG_EQ(t.size(), 13u, "token count");
        const std::vector<std::string> texts =
            {"a", "[", "0", "..", "7", "]", "1e-3", "-", "2i", "50us", "u.csv", ".5i"};
        const std::vector<uint32_t> cols = {1, 2, 3, 4, 6, 7, 9, 13, 14, 3, 8, 1};
        const std::vector<uint32_t> lines = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3};
        for (std::size_t i = 0; i < texts.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(t[i].text, texts[i], "token " << i);
            NS_TEST_EXPECT_MSG_EQ(t[i].line, lines[i], "line of " << texts[i]);
            NS_TEST_EXPECT_MSG_EQ(t[i].column, cols[i], "column of " << texts[i]);
        }
        NS_TEST_EXPECT_MSG_EQ((t[0].kind == TokenKind::NAME), true, "a is a name");
        NS_TEST_EXPECT_MSG_EQ((t[6].kind == TokenKind::NUMBER), true, "1e-3 is a number");
        NS_TEST_EXPECT_MSG_EQ((t[10].kind == TokenKind::STRING), true, "string");
        NS_TEST_EXPECT_MSG_EQ((t[12].kind == TokenKind::END), true, "end");

        // The complex literal 1e-3-2i inside a matrix is one entry.
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        const std::string u = "in a[2];\n"
                              "x, y = unitary(a[0..1], [0.6, 0.8i; 0.8, -0.6i]);\n"
                              "drop(x); drop(y);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(u, p, d), true, Text(d));
        const PhotonicNode& n =
            p.slots[0].graph.nodes[OnlyNode(p.slots[0].graph, PhotonicOp::UNITARY)];
        NS_TEST_EXPECT_MSG_EQ(n.matrix(0, 1), std::complex<double>(0, 0.8), "0.8i");
        NS_TEST_EXPECT_MSG_EQ(n.matrix(1, 1), std::complex<double>(0, -0.6), "-0.6i");
        const std::string c = "in a[2];\n"
                              "x, y = unitary(a[0..1], [1e-3-2i, 0; 0, 1]);\n"
                              "drop(x); drop(y);\n";
        NS_TEST_EXPECT_MSG_EQ(Parse(c, p, d), false, "not unitary");
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[0].rule, "not-unitary", Text(d));
    }
};

/**
 * \ingroup optical-tests
 * A permutation written as wires, and the same with permute(), before and after lowering.
 */
class PermutationTestCase : public TestCase
{
  public:
    PermutationTestCase()
        : TestCase("permutation as wires and as permute(); LowerCircuits makes plain edges")
    {
    }

  private:
    void DoRun() override
    {
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        // Wires, with the inputs on switch ports 2..5.
        const std::string w = "program swap;\n"
                              "in a[4] @ 2; out b[4];\n"
                              "b[0] = a[2]; b[1] = a[0];\n"
                              "b[2..3] = a[3], a[1];\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(w, p, d), true, Text(d));
        NS_TEST_EXPECT_MSG_EQ(p.name, "swap", "program name");
        NS_TEST_ASSERT_MSG_EQ(p.ports.size(), 2u, "two declarations");
        NS_TEST_EXPECT_MSG_EQ(p.ports[0].first, 2u, "a @ 2");
        NS_TEST_EXPECT_MSG_EQ(p.ports[0].size, 4u, "a[4]");
        NS_TEST_EXPECT_MSG_EQ(p.ports[0].input, true, "a is in");
        NS_TEST_EXPECT_MSG_EQ(p.ports[1].first, 0u, "b from 0");
        NS_TEST_EXPECT_MSG_EQ(p.ports[1].input, false, "b is out");
        NS_TEST_EXPECT_MSG_EQ(p.GetNInputPorts(), 6u, "inputs 0..5");
        NS_TEST_EXPECT_MSG_EQ(p.IsTimeVarying(), false, "static");
        NS_TEST_ASSERT_MSG_EQ(p.slots.size(), 1u, "one slot");
        NS_TEST_EXPECT_MSG_EQ(p.slots[0].duration, Seconds(0), "static slot of 0");
        const PhotonicGraph& g = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), 8u, "4 in + 4 out");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::INPUT), 4u, "inputs");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::OUTPUT), 4u, "outputs");
        NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 4u, "edges");
        const uint32_t src[4] = {2, 0, 3, 1}; // b[j] = a[src[j]]
        for (uint32_t j = 0; j < 4; ++j)
        {
            const uint32_t o = PortNode(g, PhotonicOp::OUTPUT, j);
            NS_TEST_ASSERT_MSG_NE(o, UINT32_MAX, "output " << j);
            NS_TEST_EXPECT_MSG_EQ(g.nodes[o].name, "b[" + std::to_string(j) + "]", "name");
            const PhotonicEdge* e = InEdge(g, o, 0);
            NS_TEST_ASSERT_MSG_NE(e, nullptr, "b[" << j << "] driven");
            NS_TEST_EXPECT_MSG_EQ((g.nodes[e->from].op == PhotonicOp::INPUT), true, "from in");
            NS_TEST_EXPECT_MSG_EQ(g.nodes[e->from].port, 2 + src[j], "switch port of a[src]");
            NS_TEST_EXPECT_MSG_EQ(g.nodes[e->from].name,
                                  "a[" + std::to_string(src[j]) + "]",
                                  "input name");
            NS_TEST_EXPECT_MSG_EQ(e->signal, "a[" + std::to_string(src[j]) + "]", "signal");
        }
        NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");

        // Renamings and a partial permutation: the unused inputs end in one drop().
        const std::string r = "in a[4]; out b[4];\n"
                              "s = a[2]; t = s;\n"
                              "b[3] = t;\n"
                              "drop(a[0], a[1], a[3]);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(r, p, d), true, Text(d));
        const PhotonicGraph& rg = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(rg.Count(PhotonicOp::TERMINATOR), 3u, "one terminator per signal");
        NS_TEST_EXPECT_MSG_EQ(rg.Count(PhotonicOp::INPUT), 4u, "inputs");
        NS_TEST_EXPECT_MSG_EQ(rg.Count(PhotonicOp::OUTPUT), 1u, "b[0..2] dark");
        NS_TEST_EXPECT_MSG_EQ(rg.edges.size(), 4u, "edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(rg), "", "linear");
        const PhotonicEdge* re = InEdge(rg, PortNode(rg, PhotonicOp::OUTPUT, 3), 0);
        NS_TEST_ASSERT_MSG_NE(re, nullptr, "b[3] driven");
        NS_TEST_EXPECT_MSG_EQ(rg.nodes[re->from].port, 2u, "from a[2] through s and t");
        NS_TEST_EXPECT_MSG_EQ(re->signal, "t", "named as consumed");

        // permute(): input i leaves by output p[i]; then a second permute composes.
        const uint32_t p1[4] = {2, 0, 3, 1};
        const uint32_t p2[4] = {3, 2, 1, 0};
        const std::string q = "in a[4]; out b[4];\n"
                              "s[0..3] = permute(a[0..3], [2, 0, 3, 1]);\n"
                              "b = permute(s[0..3], [3, 2, 1, 0]);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(q, p, d), true, Text(d));
        PhotonicGraph h = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::PERMUTE), 2u, "two permutes");
        NS_TEST_EXPECT_MSG_EQ(h.edges.size(), 12u, "4 + 4 + 4 edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(h), "", "linear");
        for (const PhotonicNode& n : h.nodes)
        {
            if (n.op == PhotonicOp::PERMUTE && n.location.line == 2)
            {
                NS_TEST_ASSERT_MSG_EQ(n.perm.size(), 4u, "perm size");
                for (uint32_t i = 0; i < 4; ++i)
                {
                    NS_TEST_EXPECT_MSG_EQ(n.perm[i], p1[i], "perm entry " << i);
                }
                NS_TEST_EXPECT_MSG_EQ(n.nIn, 4u, "nIn");
                NS_TEST_EXPECT_MSG_EQ(n.nOut, 4u, "nOut");
            }
        }
        PhotonicLanguage::LowerCircuits(h);
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::PERMUTE), 0u, "lowered");
        NS_TEST_EXPECT_MSG_EQ(h.nodes.size(), 8u, "in and out only");
        NS_TEST_EXPECT_MSG_EQ(h.edges.size(), 4u, "direct edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(h), "", "linear after lowering");
        for (uint32_t i = 0; i < 4; ++i)
        {
            const uint32_t o = PortNode(h, PhotonicOp::OUTPUT, p2[p1[i]]);
            const PhotonicEdge* e = InEdge(h, o, 0);
            NS_TEST_ASSERT_MSG_NE(e, nullptr, "output driven");
            NS_TEST_EXPECT_MSG_EQ(h.nodes[e->from].port, i, "a[i] leaves by b[p2[p1[i]]]");
        }
    }
};

/**
 * \ingroup optical-tests
 * multicast to k = 3, 4, 5: one MULTICAST node; lowered, k - 1 splitters whose shares multiply
 * to 1/k along the path to every leaf.
 */
class MulticastTestCase : public TestCase
{
  public:
    MulticastTestCase()
        : TestCase("multicast to 3, 4 and 5: splitter trees giving each output a k-th")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t k : {3u, 4u, 5u})
        {
            PhotonicProgram p;
            std::vector<PhotonicDiagnostic> d;
            const std::string text = "in x; out o[" + std::to_string(k) + "];\no[0.." +
                                     std::to_string(k - 1) + "] = multicast(x);\n";
            NS_TEST_ASSERT_MSG_EQ(Parse(text, p, d), true, Text(d));
            PhotonicGraph g = p.slots[0].graph;
            NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::MULTICAST), 1u, "one multicast");
            NS_TEST_EXPECT_MSG_EQ(g.nodes[OnlyNode(g, PhotonicOp::MULTICAST)].nOut, k, "k outs");
            NS_TEST_EXPECT_MSG_EQ(g.nodes[PortNode(g, PhotonicOp::INPUT, 0)].name,
                                  "x",
                                  "scalar port name");
            PhotonicLanguage::LowerCircuits(g);
            NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::MULTICAST), 0u, "lowered");
            NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::SPLITTER), k - 1, "k - 1 splitters");
            NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::OUTPUT), k, "k outputs");
            NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), 1 + k + (k - 1), "nodes");
            NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 1 + 2 * (k - 1), "edges of a binary tree");
            NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");
            // Walk from the input: power share to each output.
            std::map<uint32_t, double> share; // OUTPUT port -> power
            std::vector<std::pair<uint32_t, double>> stack = {
                {PortNode(g, PhotonicOp::INPUT, 0), 1.0}};
            uint32_t steps = 0;
            while (!stack.empty() && steps++ < 100)
            {
                const auto [v, power] = stack.back();
                stack.pop_back();
                const PhotonicNode& n = g.nodes[v];
                if (n.op == PhotonicOp::OUTPUT)
                {
                    share[n.port] += power;
                    continue;
                }
                for (const PhotonicEdge& e : g.edges)
                {
                    if (e.from != v)
                    {
                        continue;
                    }
                    double f = 1.0;
                    if (n.op == PhotonicOp::SPLITTER)
                    {
                        NS_TEST_ASSERT_MSG_EQ(n.params.size(), 1u, "ratio");
                        NS_TEST_EXPECT_MSG_EQ((n.params[0] > 0 && n.params[0] < 1),
                                              true,
                                              "0 < ratio < 1");
                        f = e.fromPort == 0 ? n.params[0] : 1 - n.params[0];
                    }
                    stack.emplace_back(e.to, power * f);
                }
            }
            NS_TEST_EXPECT_MSG_EQ(share.size(), k, "every output reached");
            double total = 0;
            for (const auto& [port, s] : share)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(s, 1.0 / k, 1e-12, "output " << port << " of " << k);
                total += s;
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(total, 1.0, 1e-12, "power conserved");
        }
    }
};

/**
 * \ingroup optical-tests
 * split, combine, cross, detect, drop, mzi and phase: node counts, params, every edge.
 */
class PrimitivesTestCase : public TestCase
{
  public:
    PrimitivesTestCase()
        : TestCase("split, combine, cross, detect, drop, mzi, phase: nodes, params, edges")
    {
    }

  private:
    /// The edge of signal \p s (nullptr if none).
    static const PhotonicEdge* Sig(const PhotonicGraph& g, const std::string& s)
    {
        for (const PhotonicEdge& e : g.edges)
        {
            if (e.signal == s)
            {
                return &e;
            }
        }
        return nullptr;
    }

    void DoRun() override
    {
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        const std::string text = "in a[3]; out o[2];\n"
                                 "s0, s1 = split(a[0], 0.3);\n"
                                 "c = combine(s0, a[1]);\n"
                                 "x0, x1 = cross(c, a[2]);\n"
                                 "detect(s1);\n"
                                 "drop(x1);\n"
                                 "o[0] = x0;   // o[1] stays dark\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, d), true, Text(d));
        const PhotonicGraph& g = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::INPUT), 3u, "in");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::OUTPUT), 1u, "one out driven");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::SPLITTER), 1u, "split");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::COMBINER), 1u, "combine");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::CROSSING), 1u, "cross");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::DETECTOR), 1u, "detect");
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::TERMINATOR), 1u, "drop");
        NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), 9u, "nodes");
        NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 8u, "edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");
        const uint32_t sp = OnlyNode(g, PhotonicOp::SPLITTER);
        const uint32_t cb = OnlyNode(g, PhotonicOp::COMBINER);
        const uint32_t cr = OnlyNode(g, PhotonicOp::CROSSING);
        const uint32_t de = OnlyNode(g, PhotonicOp::DETECTOR);
        const uint32_t te = OnlyNode(g, PhotonicOp::TERMINATOR);
        NS_TEST_ASSERT_MSG_EQ(g.nodes[sp].params.size(), 1u, "ratio");
        NS_TEST_EXPECT_MSG_EQ(g.nodes[sp].params[0], 0.3, "ratio 0.3");
        NS_TEST_EXPECT_MSG_EQ(g.nodes[sp].nOut, 2u, "split gives 2");
        NS_TEST_EXPECT_MSG_EQ(g.nodes[cb].nIn, 2u, "combine takes 2");

        // (signal, from node, from port, to node, to port)
        struct Want
        {
            std::string s;
            uint32_t from, fp, to, tp;
        };

        const std::vector<Want> want = {
            {"a[0]", PortNode(g, PhotonicOp::INPUT, 0), 0, sp, 0},
            {"s0", sp, 0, cb, 0},
            {"a[1]", PortNode(g, PhotonicOp::INPUT, 1), 0, cb, 1},
            {"c", cb, 0, cr, 0},
            {"a[2]", PortNode(g, PhotonicOp::INPUT, 2), 0, cr, 1},
            {"s1", sp, 1, de, 0},
            {"x1", cr, 1, te, 0},
            {"x0", cr, 0, PortNode(g, PhotonicOp::OUTPUT, 0), 0},
        };
        for (const Want& w : want)
        {
            const PhotonicEdge* e = Sig(g, w.s);
            NS_TEST_ASSERT_MSG_NE(e, nullptr, "edge " << w.s);
            NS_TEST_EXPECT_MSG_EQ(e->from, w.from, w.s << " from");
            NS_TEST_EXPECT_MSG_EQ(e->fromPort, w.fp, w.s << " from port");
            NS_TEST_EXPECT_MSG_EQ(e->to, w.to, w.s << " to");
            NS_TEST_EXPECT_MSG_EQ(e->toPort, w.tp, w.s << " to port");
        }
        NS_TEST_EXPECT_MSG_EQ(Sig(g, "s1")->location.line, 5u, "s1 consumed on line 5");
        NS_TEST_EXPECT_MSG_EQ(Sig(g, "s1")->location.column, 8u, "at column 8");

        // split's default ratio and the keyed form; mzi keyed, positional, default; phase.
        const std::string m = "in a[4]; out o[4];\n"
                              "y0, y1 = mzi(a[0], a[1], theta=0.7, phi=-1.2);\n"
                              "z = phase(y0, 0.5);\n"
                              "u0, u1 = mzi(a[2], a[3], 0.1, 2e-1);\n"
                              "v0, v1 = mzi(u0, u1);\n"
                              "w0, w1 = split(y1);\n"
                              "k0, k1 = split(v0, ratio=0.25);\n"
                              "o[0..3] = z, w0, k0, v1;\n"
                              "drop(w1); detect(k1);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(m, p, d), true, Text(d));
        const PhotonicGraph& h = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::MZI), 3u, "mzi");
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::PHASE), 1u, "phase");
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::SPLITTER), 2u, "split");
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::OUTPUT), 4u, "out");
        NS_TEST_EXPECT_MSG_EQ(Linear(h), "", "linear");
        std::map<uint32_t, std::vector<double>> byLine;
        for (const PhotonicNode& n : h.nodes)
        {
            if (n.op != PhotonicOp::INPUT && n.op != PhotonicOp::OUTPUT &&
                n.op != PhotonicOp::TERMINATOR && n.op != PhotonicOp::DETECTOR)
            {
                byLine[n.location.line] = n.params;
            }
        }
        const std::map<uint32_t, std::vector<double>> expect = {{2, {0.7, -1.2}},
                                                                {3, {0.5}},
                                                                {4, {0.1, 0.2}},
                                                                {5, {0.0, 0.0}},
                                                                {6, {0.5}},
                                                                {7, {0.25}}};
        for (const auto& [line, params] : expect)
        {
            NS_TEST_ASSERT_MSG_EQ(byLine[line].size(), params.size(), "params of line " << line);
            for (std::size_t i = 0; i < params.size(); ++i)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(byLine[line][i], params[i], 1e-15, "line " << line);
            }
        }
    }
};

/**
 * \ingroup optical-tests
 * unitary with an inline 2x2 Hadamard-like matrix and with a matrix file written here.
 */
class UnitaryTestCase : public TestCase
{
  public:
    UnitaryTestCase()
        : TestCase("unitary: inline Hadamard, complex entries, a matrix file relative to baseDir")
    {
    }

  private:
    void DoRun() override
    {
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        const double r = 1.0 / std::sqrt(2.0);
        std::ostringstream os;
        os.precision(17);
        os << "in a[2]; out b[2];\nb[0..1] = unitary(a[0..1], [" << r << ", " << r << "; " << r
           << ", " << -r << "]);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(os.str(), p, d), true, Text(d));
        const PhotonicGraph& g = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), 5u, "2 in, unitary, 2 out");
        NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 4u, "edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");
        const PhotonicNode& u = g.nodes[OnlyNode(g, PhotonicOp::UNITARY)];
        NS_TEST_EXPECT_MSG_EQ(u.nIn, 2u, "nIn");
        NS_TEST_EXPECT_MSG_EQ(u.nOut, 2u, "nOut");
        NS_TEST_ASSERT_MSG_EQ(u.matrix.Rows(), 2u, "rows");
        NS_TEST_EXPECT_MSG_EQ_TOL(u.matrix(1, 1).real(), -r, 1e-15, "H[1][1]");
        NS_TEST_EXPECT_MSG_EQ_TOL(u.matrix(0, 1).real(), r, 1e-15, "H[0][1]");

        // A complex unitary: [[0.5+0.5i, 0.5-0.5i], [0.5-0.5i, 0.5+0.5i]].
        const std::string c = "in a[2]; out b[2];\n"
                              "b[0..1] = unitary(a[0..1], matrix=[0.5+0.5i, 0.5-0.5i; "
                              "0.5-0.5i, 0.5+0.5i]);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(c, p, d), true, Text(d));
        const PhotonicNode& v =
            p.slots[0].graph.nodes[OnlyNode(p.slots[0].graph, PhotonicOp::UNITARY)];
        NS_TEST_EXPECT_MSG_EQ(v.matrix(1, 0), std::complex<double>(0.5, -0.5), "0.5-0.5i");
        NS_TEST_EXPECT_MSG_EQ(v.matrix(1, 1), std::complex<double>(0.5, 0.5), "0.5+0.5i");

        // From a file in /tmp: [[0, i, 0], [i, 0, 0], [0, 0, -1]] with comments.
        const std::string name = "optical-photonic-language-u3.csv";
        {
            std::ofstream f("/tmp/" + name);
            f << "# a 3x3 unitary\n0, 1i, 0\n\ni, 0, 0   # row 2\n0, 0, -1\n";
        }
        const std::string fp = "in a[3]; out b[3];\n"
                               "b[0..2] = unitary(a[0..2], file=\"" +
                               name + "\");\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(fp, p, d, "/tmp"), true, Text(d));
        const PhotonicNode& w =
            p.slots[0].graph.nodes[OnlyNode(p.slots[0].graph, PhotonicOp::UNITARY)];
        NS_TEST_ASSERT_MSG_EQ(w.matrix.Rows(), 3u, "3 rows");
        NS_TEST_ASSERT_MSG_EQ(w.matrix.Cols(), 3u, "3 cols");
        NS_TEST_EXPECT_MSG_EQ(w.matrix(0, 1), std::complex<double>(0, 1), "1i");
        NS_TEST_EXPECT_MSG_EQ(w.matrix(1, 0), std::complex<double>(0, 1), "i");
        NS_TEST_EXPECT_MSG_EQ(w.matrix(2, 2), std::complex<double>(-1, 0), "-1");
        NS_TEST_EXPECT_MSG_EQ(w.matrix(0, 0), std::complex<double>(0, 0), "0");

        // A ragged file: matrix-file at the file's line 3.
        {
            std::ofstream f("/tmp/" + name);
            f << "# ragged\n1, 0\n0\n";
        }
        NS_TEST_EXPECT_MSG_EQ(
            Parse("in a[2];\nx, y = unitary(a, file=\"" + name + "\");\ndrop(x); drop(y);\n",
                  p,
                  d,
                  "/tmp"),
            false,
            "ragged");
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[0].rule, "matrix-file", Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[0].location.file, "/tmp/" + name, "names the matrix file");
        NS_TEST_EXPECT_MSG_EQ(d[0].location.line, 3u, "its line");
        NS_TEST_EXPECT_MSG_EQ(d[0].signal, "a[0]", "signal");
        std::remove(("/tmp/" + name).c_str());
    }
};

/**
 * \ingroup optical-tests
 * A rotor of 3 slots with durations (each slot its own graph, ports fresh), and a declared
 * loop (a cyclic graph).
 */
class SlotsAndLoopsTestCase : public TestCase
{
  public:
    SlotsAndLoopsTestCase()
        : TestCase("rotor of 3 slots with durations; a declared loop makes a cyclic graph")
    {
    }

  private:
    void DoRun() override
    {
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        const std::string text = "in a[3]; out b[3];\n"
                                 "slot 50us { b[0] = a[0]; b[1] = a[1]; b[2] = a[2]; }\n"
                                 "slot 1.5ms { b[1] = a[0]; b[2] = a[1]; b[0] = a[2]; }\n"
                                 "slot 20 ns { b[2] = a[0]; b[0] = a[1]; b[1] = a[2]; }\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(text, p, d), true, Text(d));
        NS_TEST_EXPECT_MSG_EQ(p.IsTimeVarying(), true, "rotor");
        NS_TEST_ASSERT_MSG_EQ(p.slots.size(), 3u, "3 slots");
        NS_TEST_EXPECT_MSG_EQ(p.slots[0].duration, MicroSeconds(50), "50us");
        NS_TEST_EXPECT_MSG_EQ(p.slots[1].duration, MicroSeconds(1500), "1.5ms");
        NS_TEST_EXPECT_MSG_EQ(p.slots[2].duration, NanoSeconds(20), "20 ns");
        for (uint32_t k = 0; k < 3; ++k)
        {
            const PhotonicGraph& g = p.slots[k].graph;
            NS_TEST_EXPECT_MSG_EQ(p.slots[k].location.line, k + 2, "slot line");
            NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), 6u, "slot " << k << " nodes");
            NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 3u, "slot " << k << " edges");
            for (uint32_t i = 0; i < 3; ++i)
            {
                const PhotonicEdge* e = InEdge(g, PortNode(g, PhotonicOp::OUTPUT, (i + k) % 3), 0);
                NS_TEST_ASSERT_MSG_NE(e, nullptr, "driven");
                NS_TEST_EXPECT_MSG_EQ(g.nodes[e->from].port, i, "a[i] -> b[i+k] in slot " << k);
            }
        }

        // loop fb: the mzi's second output feeds its own second input.
        const std::string l = "loop fb;\nin x; out y;\ny, fb = mzi(x, fb, 0.3, 0);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(l, p, d), true, Text(d));
        NS_TEST_ASSERT_MSG_EQ(p.loops.size(), 1u, "one loop");
        NS_TEST_EXPECT_MSG_EQ(p.loops[0], "fb", "loop name");
        const PhotonicGraph& g = p.slots[0].graph;
        const uint32_t m = OnlyNode(g, PhotonicOp::MZI);
        const PhotonicEdge* e = InEdge(g, m, 1);
        NS_TEST_ASSERT_MSG_NE(e, nullptr, "fb fed");
        NS_TEST_EXPECT_MSG_EQ(e->from, m, "from the mzi itself");
        NS_TEST_EXPECT_MSG_EQ(e->fromPort, 1u, "its output 1");
        NS_TEST_EXPECT_MSG_EQ(e->signal, "fb", "signal");
        NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");
    }
};

/// One rejected program and what its diagnostic must say.
struct Bad
{
    std::string text;   //!< Program
    std::string rule;   //!< Rule
    uint32_t line;      //!< Line
    uint32_t column;    //!< Column
    std::string signal; //!< Signal
};

/**
 * \ingroup optical-tests
 * One unrealizable program per rule: rejected with exactly one diagnostic naming the rule,
 * the line:column of the offending token and the signal; two errors give both.
 */
class RejectionsTestCase : public TestCase
{
  public:
    RejectionsTestCase()
        : TestCase("unrealizable programs: rule, line:column and signal of each rejection")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<Bad> bad = {
            {"in a[1]; out b[1];\nb[0] = q;\ndrop(a[0]);\n", "undefined", 2, 8, "q"},
            {"in a[1]; out b[2];\nb[0] = a[0];\nb[1] = a[0];\n", "use-once", 3, 8, "a[0]"},
            {"in a[1];\nx, y = split(a[0]);\n  drop(x);\n", "unconsumed", 2, 4, "y"},
            {"in a[2]; out b[1];\nb[0] = a[0];\n", "unconsumed", 1, 4, "a[1]"},
            {"in a[1]; out b[1];\nb[0] = a[0];\ndrop(b[0]);\n", "port-direction", 3, 6, "b[0]"},
            {"in a[2]; out b[1];\nb[0] = a[1];\na[1] = a[0];\n", "port-direction", 3, 1, "a[1]"},
            {"in a[2]; out b[1];\nb[0] = a[0];\nb[0] = a[1];\n", "port-once", 3, 1, "b[0]"},
            {"in a[2];\nx = a[0];\nx = a[1];\ndrop(x);\n", "redefined", 3, 1, "x"},
            {"in a[1]; in a[1] @ 1;\ndrop(a[0]);\n", "redefined", 1, 13, "a"},
            {"in a[1];\nx, y, z = split(a[0]);\n", "arity", 2, 1, "x"},
            {"in a[1];\nphase(a[0], 1);\n", "arity", 2, 1, "a[0]"},
            {"in a[1];\nx = phase(a[0], 1, 2);\ndrop(x);\n", "arguments", 2, 20, "a[0]"},
            {"in a[1];\nx = phase(a[0], 1e999);\ndrop(x);\n", "arguments", 2, 17, "a[0]"},
            {"in a[1];\nx = phase(a[0]);\ndrop(x);\n", "arguments", 2, 5, "a[0]"},
            {"in a[1];\nx, y = mzi(a[0], 0.1);\ndrop(x); drop(y);\n", "arguments", 2, 8, "a[0]"},
            {"in a[2];\ndrop(a[0]);\ndrop(a[1]);\ndrop(a[7]);\n", "index-range", 4, 8, "a"},
            {"in a[3]; out b[2];\nb[0..1] = a[0..2];\n", "size-mismatch", 2, 11, "a[0]"},
            {"in a[3]; out b[3];\nb[0..2] = permute(a[0..2], [1, 0]);\n",
             "size-mismatch",
             2,
             28,
             "a[0]"},
            {"in a[2];\nx, y = unitary(a[0..1], [1, 1; 0, 1]);\ndrop(x); drop(y);\n",
             "not-unitary",
             2,
             25,
             "a[0]"},
            {"in a[2];\nx, y = unitary(a[0..1], [1, 0]);\ndrop(x); drop(y);\n",
             "not-unitary",
             2,
             25,
             "a[0]"},
            {"in a[3];\nx, y, z = unitary(a[0..2], [0, 1; 1, 0]);\ndrop(x); drop(y); drop(z);\n",
             "size-mismatch",
             2,
             28,
             "a[0]"},
            {"in a[1];\nx, y = split(a[0], 1.5);\ndrop(x); drop(y);\n",
             "ratio-range",
             2,
             20,
             "a[0]"},
            {"in a[1];\ny = combine(a[0], f);\nf, z = split(y);\ndrop(z);\n", "loop", 2, 19, "f"},
            {"loop x, y;\nin a[1];\ndrop(a[0]);\nx = y;\ny = x;\n", "loop", 4, 1, "x"},
            {"in a[1];\nx = amplify(a[0]);\ndrop(x);\n", "unknown-primitive", 2, 5, "a[0]"},
            {"in a[1]; out b[1];\nslot 0us { b[0] = a[0]; }\n", "slot", 2, 6, ""},
            {"in a[1]; out b[1];\nslot 5us { b[0] = a[0]; }\ndrop(a[0]);\n", "slot", 3, 1, ""},
            {"in a[1]; out b[1];\nslot 5us { b[0] = a[0];\n  in c; }\n", "slot", 3, 3, ""},
            {"in a[1]; out b[1];\nslot 5us { b[0] = a[0];\n slot 1us { } }\n", "slot", 3, 2, ""},
            {"in a[3]; out b[3];\nb[0..2] = permute(a[0..2], [0, 2, 2]);\n",
             "not-permutation",
             2,
             35,
             "a[2]"},
            {"in a[2], c @ 1;\ndrop(a[0]); drop(a[1]); drop(c);\n", "port-overlap", 1, 14, "c"},
            {"in a[2] @ 4, c @ 0, d[3] @ 2;\ndrop(a); drop(c); drop(d);\n",
             "port-overlap",
             1,
             28,
             "d"},
            {"in a[1];\ndrop(a[0])\nx = a;\n", "syntax", 3, 1, "x"},
            {"in a[1]\nout b[1];\nb[0] = a[0];\n", "syntax", 2, 1, ""},
            {"in a[2];\nx, y = unitary(a[0..1], file=\"no-such-matrix.csv\");\ndrop(x); drop(y);\n",
             "matrix-file",
             2,
             30,
             "a[0]"},
            {"// only a comment\n", "empty", 2, 1, ""},
        };
        std::set<std::string> rules;
        for (const Bad& b : bad)
        {
            PhotonicProgram p;
            std::vector<PhotonicDiagnostic> d;
            NS_TEST_EXPECT_MSG_EQ(Parse(b.text, p, d, "/nonexistent-dir"), false, b.text);
            NS_TEST_ASSERT_MSG_EQ(d.size(),
                                  1u,
                                  "exactly one diagnostic for\n"
                                      << b.text << Text(d));
            NS_TEST_EXPECT_MSG_EQ(d[0].rule, b.rule, b.text << Text(d));
            NS_TEST_EXPECT_MSG_EQ(d[0].location.file, "t.lambda", b.text);
            NS_TEST_EXPECT_MSG_EQ(d[0].location.line, b.line, b.text << Text(d));
            NS_TEST_EXPECT_MSG_EQ(d[0].location.column, b.column, b.text << Text(d));
            NS_TEST_EXPECT_MSG_EQ(d[0].signal, b.signal, b.text << Text(d));
            NS_TEST_EXPECT_MSG_NE(d[0].message, "", "a message");
            if (!b.signal.empty())
            {
                NS_TEST_EXPECT_MSG_NE(d[0].message.find(b.signal),
                                      std::string::npos,
                                      "the message names the signal: " << d[0].message);
            }
            NS_TEST_EXPECT_MSG_EQ(d[0].ToString().find("t.lambda:" + std::to_string(b.line) + ":" +
                                                       std::to_string(b.column) + ": error [" +
                                                       b.rule + "]"),
                                  0u,
                                  d[0].ToString());
            rules.insert(b.rule);
        }
        // Every rule the checker lists is exercised above, and nothing else.
        const std::vector<std::string> all = PhotonicLanguage::GetRules();
        NS_TEST_EXPECT_MSG_EQ(all.size(), 20u, "20 rules");
        NS_TEST_EXPECT_MSG_EQ(rules.size(), all.size(), "every rule rejected once at least");
        for (const std::string& r : all)
        {
            NS_TEST_EXPECT_MSG_EQ(rules.count(r), 1u, "rule " << r << " tested");
        }

        // Two errors: both reported, in order.
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        const std::string two = "in a[2]; out b[1];\nb[0] = a[0];\nb[0] = a[1];\nx = q;\n";
        NS_TEST_EXPECT_MSG_EQ(Parse(two, p, d), false, "two errors");
        NS_TEST_ASSERT_MSG_EQ(d.size(), 2u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[0].rule, "port-once", Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[0].location.line, 3u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[1].rule, "undefined", Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[1].location.line, 4u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[1].location.column, 5u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(d[1].signal, "q", Text(d));

        // Two syntax errors: recovery at ';' finds the second.
        const std::string syn =
            "in a[2];\nx = phase(a[0] 1);\ny = phase(a[1], );\ndrop(x); drop(y);\n";
        NS_TEST_EXPECT_MSG_EQ(Parse(syn, p, d), false, "syntax");
        std::vector<std::pair<uint32_t, uint32_t>> at;
        for (const PhotonicDiagnostic& x : d)
        {
            if (x.rule == "syntax")
            {
                at.emplace_back(x.location.line, x.location.column);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(at.size(), 2u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(at[0].first, 2u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(at[0].second, 16u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(at[1].first, 3u, Text(d));
        NS_TEST_EXPECT_MSG_EQ(at[1].second, 17u, Text(d));
    }
};

/**
 * \ingroup optical-tests
 * The example programs of examples/photonic/programs: the good ones pass, the bad ones fail;
 * and a synthesized program of 10,000 statements comes out whole.
 */
class ExamplesTestCase : public TestCase
{
  public:
    ExamplesTestCase()
        : TestCase("example programs parse (bad ones are rejected); 10,000 statements")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = std::string(OPTICAL_SOURCE_DIR) + "/examples/photonic/programs/";
        PhotonicProgram p;
        std::vector<PhotonicDiagnostic> d;
        d.clear();
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "permutation8.lambda", p, d),
                              true,
                              Text(d));
        NS_TEST_EXPECT_MSG_EQ(p.slots[0].graph.Count(PhotonicOp::OUTPUT), 8u, "8 outputs");
        d.clear();
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "multicast.lambda", p, d),
                              true,
                              Text(d));
        NS_TEST_EXPECT_MSG_EQ(p.slots[0].graph.Count(PhotonicOp::MULTICAST), 1u, "multicast");
        d.clear();
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "rotor4.lambda", p, d),
                              true,
                              Text(d));
        NS_TEST_ASSERT_MSG_EQ(p.slots.size(), 4u, "4 slots");
        for (uint32_t k = 0; k < 4; ++k)
        {
            const PhotonicGraph& g = p.slots[k].graph;
            NS_TEST_EXPECT_MSG_EQ(p.slots[k].duration, MicroSeconds(50), "50us");
            NS_TEST_EXPECT_MSG_EQ(g.edges.size(), 4u, "4 circuits");
            for (const PhotonicEdge& e : g.edges)
            {
                // Round robin: in slot k, input i reaches output (i + k) mod 4.
                NS_TEST_EXPECT_MSG_EQ(g.nodes[e.to].port,
                                      (g.nodes[e.from].port + k) % 4,
                                      "slot " << k);
            }
        }
        d.clear();
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "unitary4.lambda", p, d),
                              true,
                              Text(d));
        const PhotonicGraph& u = p.slots[0].graph;
        NS_TEST_ASSERT_MSG_EQ(u.Count(PhotonicOp::UNITARY), 1u, "unitary");
        const PhotonicMatrix& m = u.nodes[OnlyNode(u, PhotonicOp::UNITARY)].matrix;
        // DFT/2: entry (j, k) = omega^{jk} / 2 with omega = e^{-2 pi i / 4} = -i.
        for (uint32_t j = 0; j < 4; ++j)
        {
            for (uint32_t k = 0; k < 4; ++k)
            {
                const std::complex<double> want =
                    std::polar(0.5, -2 * M_PI * static_cast<double>((j * k) % 4) / 4.0);
                NS_TEST_EXPECT_MSG_EQ_TOL(std::abs(m(j, k) - want), 0.0, 1e-12, j << "," << k);
            }
        }
        d.clear();
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "interferometer.lambda", p, d),
                              true,
                              Text(d));
        NS_TEST_EXPECT_MSG_EQ((p.slots[0].graph.Count(PhotonicOp::MZI) > 0), true, "mzi");
        NS_TEST_EXPECT_MSG_EQ((p.slots[0].graph.Count(PhotonicOp::PHASE) > 0), true, "phase");
        const std::vector<std::pair<std::string, std::string>> bad = {
            {"bad/copy.lambda", "use-once"},
            {"bad/leak.lambda", "unconsumed"},
            {"bad/not-unitary.lambda", "not-unitary"},
            {"bad/feedback.lambda", "loop"}};
        for (const auto& [file, rule] : bad)
        {
            d.clear();
            NS_TEST_EXPECT_MSG_EQ(PhotonicLanguage::ParseFile(dir + file, p, d), false, file);
            NS_TEST_ASSERT_MSG_EQ((d.size() >= 1), true, file);
            NS_TEST_EXPECT_MSG_EQ(d[0].rule, rule, file << "\n" << Text(d));
            NS_TEST_EXPECT_MSG_EQ(d[0].location.file, dir + file, "file name in the location");
        }
        d.clear();
        NS_TEST_EXPECT_MSG_EQ(PhotonicLanguage::ParseFile(dir + "no-such.lambda", p, d),
                              false,
                              "missing file");
        NS_TEST_EXPECT_MSG_EQ(d.size(), 1u, "one diagnostic");

        // 10,000 statements: a chain of 9,998 phases from a[0] to b[0], plus drops.
        std::string big = "in a[2]; out b[1];\ns0 = phase(a[0], 0.001);\n";
        const uint32_t n = 9998;
        for (uint32_t i = 1; i < n; ++i)
        {
            big += "s" + std::to_string(i) + " = phase(s" + std::to_string(i - 1) + ", 0.001);\n";
        }
        big += "b[0] = s" + std::to_string(n - 1) + ";\ndrop(a[1]);\n";
        NS_TEST_ASSERT_MSG_EQ(Parse(big, p, d), true, Text(d));
        const PhotonicGraph& g = p.slots[0].graph;
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::PHASE), n, "phases");
        NS_TEST_EXPECT_MSG_EQ(g.edges.size(), n + 2, "edges");
        NS_TEST_EXPECT_MSG_EQ(Linear(g), "", "linear");
    }
};

/**
 * \ingroup optical-tests
 * Mutated programs (characters deleted, duplicated or replaced, deterministically): the front
 * end never crashes, every rejection has a rule of GetRules() and a place, and whatever it
 * accepts is linear.
 */
class MutationTestCase : public TestCase
{
  public:
    MutationTestCase()
        : TestCase("mutated programs: known rules with places when rejected, linear when accepted")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> seeds = {
            "loop r;\nin a[3] @ 1; out b[3];\ns0, s1 = split(a[0], 0.3);\n"
            "m0, m1 = mzi(s1, r, theta=0.2);\nr = phase(m1, 1);\nb[0..1] = permute(a[1..2], [1, "
            "0]);\nb[2] = combine(s0, m0);\n",
            "in x[2]; out y[2];\nslot 5us { y[0..1] = unitary(x[0..1], [0.6, 0.8i; 0.8, -0.6i]); "
            "}\n"
            "slot 1ms { y[1], y[0] = cross(x[0], x[1]); }\n",
            "in a; out o[3];\no[0..2] = multicast(a); # copies\n"};
        const std::vector<std::string> rules = PhotonicLanguage::GetRules();
        const std::set<std::string> known(rules.begin(), rules.end());
        const std::string alphabet = "[](){},;=@+-.#/\"ai0123456789xyz ";
        uint64_t state = 12345;
        auto next = [&state]() {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<uint32_t>(state >> 33);
        };
        uint32_t accepted = 0;
        uint32_t rejected = 0;
        for (uint32_t round = 0; round < 3000; ++round)
        {
            std::string t = seeds[round % seeds.size()];
            const uint32_t edits = 1 + next() % 3;
            for (uint32_t k = 0; k < edits && !t.empty(); ++k)
            {
                const std::size_t at = next() % t.size();
                switch (next() % 3)
                {
                case 0:
                    t.erase(at, 1);
                    break;
                case 1:
                    t.insert(at, 1, t[at]);
                    break;
                default:
                    t[at] = alphabet[next() % alphabet.size()];
                }
            }
            PhotonicProgram p;
            std::vector<PhotonicDiagnostic> d;
            const bool ok = Parse(t, p, d);
            NS_TEST_ASSERT_MSG_EQ(ok, d.empty(), "accepted exactly when no diagnostic\n" << t);
            if (ok)
            {
                ++accepted;
                for (const PhotonicSlot& s : p.slots)
                {
                    PhotonicGraph g = s.graph;
                    NS_TEST_ASSERT_MSG_EQ(Linear(g), "", t);
                    PhotonicLanguage::LowerCircuits(g);
                    NS_TEST_ASSERT_MSG_EQ(Linear(g), "", "lowered\n" << t);
                }
                continue;
            }
            ++rejected;
            for (const PhotonicDiagnostic& x : d)
            {
                NS_TEST_ASSERT_MSG_EQ(known.count(x.rule), 1u, x.ToString() << "\n" << t);
                NS_TEST_ASSERT_MSG_GT(x.location.line, 0u, x.ToString() << "\n" << t);
                NS_TEST_ASSERT_MSG_NE(x.message, "", t);
            }
        }
        NS_TEST_EXPECT_MSG_GT(accepted, 0u, "some mutations stay well typed");
        NS_TEST_EXPECT_MSG_GT(rejected, 0u, "most are rejected");
    }
};

/**
 * \ingroup optical-tests
 * The photonic language front end.
 */
class PhotonicLanguageTestSuite : public TestSuite
{
  public:
    PhotonicLanguageTestSuite()
        : TestSuite("optical-photonic-language", SUITE_UNIT)
    {
        AddTestCase(new LexerTestCase, TEST_QUICK);
        AddTestCase(new PermutationTestCase, TEST_QUICK);
        AddTestCase(new MulticastTestCase, TEST_QUICK);
        AddTestCase(new PrimitivesTestCase, TEST_QUICK);
        AddTestCase(new UnitaryTestCase, TEST_QUICK);
        AddTestCase(new SlotsAndLoopsTestCase, TEST_QUICK);
        AddTestCase(new RejectionsTestCase, TEST_QUICK);
        AddTestCase(new ExamplesTestCase, TEST_QUICK);
        AddTestCase(new MutationTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static PhotonicLanguageTestSuite g_photonicLanguageTestSuite;

} // namespace
