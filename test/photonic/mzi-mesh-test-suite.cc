/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// MZI meshes (MziMesh): the Clements and Reck layouts checked against their rules, random
// unitaries rebuilt from both decompositions (and the mesh product recomputed densely, MZI by
// MZI, from the header's convention), closed-form settings (identity, swap, reversal), the loss
// model on the identity-configured mesh against MZI counts per mode taken from the layout,
// fidelity closed forms and Clements >= Reck under loss, transfer matrices of small graphs
// worked out by hand, lowering of UNITARY nodes, bad inputs.

#include "../common/optical-test-compat.h"

#include "ns3/mzi-mesh.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

using Complex = std::complex<double>;
const double kPi = std::acos(-1.0);

/// The n x n matrix of one MZI (with amplitude factor amp on its two modes) embedded in the
/// identity, written from the header's convention.
PhotonicMatrix
DenseMzi(uint32_t n, const MziSetting& z, double amp)
{
    PhotonicMatrix t = PhotonicMatrix::Identity(n);
    const Complex e = std::polar(1.0, z.phi);
    t(z.mode, z.mode) = amp * e * std::cos(z.theta);
    t(z.mode, z.mode + 1) = -amp * std::sin(z.theta);
    t(z.mode + 1, z.mode) = amp * e * std::sin(z.theta);
    t(z.mode + 1, z.mode + 1) = amp * std::cos(z.theta);
    return t;
}

/// D x T_last x ... x T_first by dense products, every MZI with amplitude factor amp.
PhotonicMatrix
DenseMesh(const MziMeshDecomposition& mesh, double amp)
{
    PhotonicMatrix t = PhotonicMatrix::Identity(mesh.n);
    for (const MziSetting& z : mesh.mzis)
    {
        t = MziMesh::Multiply(DenseMzi(mesh.n, z, amp), t);
    }
    PhotonicMatrix d(mesh.n, mesh.n);
    for (uint32_t k = 0; k < mesh.n; ++k)
    {
        d(k, k) = std::polar(1.0, mesh.outputPhases[k]);
    }
    return MziMesh::Multiply(d, t);
}

/// |Tr(U^H T)|^2 / (n Tr(T^H T)) by explicit sums.
double
FidelityBySums(const PhotonicMatrix& u, const PhotonicMatrix& t)
{
    Complex overlap = 0.0;
    double norm = 0.0;
    for (uint32_t r = 0; r < u.Rows(); ++r)
    {
        for (uint32_t c = 0; c < u.Cols(); ++c)
        {
            overlap += std::conj(u(r, c)) * t(r, c);
            norm += std::norm(t(r, c));
        }
    }
    return std::norm(overlap) / (u.Rows() * norm);
}

/// Number of MZIs of a layout touching mode m.
uint32_t
MzisOnMode(const std::vector<MziSetting>& layout, uint32_t m)
{
    uint32_t k = 0;
    for (const MziSetting& z : layout)
    {
        k += (z.mode == m || z.mode + 1 == m) ? 1 : 0;
    }
    return k;
}

/// Decomposes or aborts (the inputs of these tests are valid).
MziMeshDecomposition
Mesh(const PhotonicMatrix& u, const std::string& style)
{
    MziMeshDecomposition mesh;
    std::string error;
    NS_ABORT_MSG_IF(!MziMesh::Decompose(u, style, mesh, error), error);
    return mesh;
}

/// Distance of an angle from the nearest multiple of period.
double
AngleOff(double a, double period)
{
    const double r = std::fmod(std::fabs(a), period);
    return std::min(r, period - r);
}

/**
 * \ingroup optical-tests
 * Layouts against their definitions: counts, depths, column/mode rules, ordering, no two MZIs
 * of a column sharing a mode.
 */
class MeshLayoutTestCase : public TestCase
{
  public:
    MeshLayoutTestCase()
        : TestCase("Clements and Reck layouts: N(N-1) over 2 MZIs, depth N and 2N-3, rules")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n = 2; n <= 12; ++n)
        {
            for (const std::string style : {"clements", "reck"})
            {
                const std::vector<MziSetting> layout = MziMesh::Layout(n, style);
                const std::string what = style + " N=" + std::to_string(n);
                NS_TEST_ASSERT_MSG_EQ(layout.size(), n * (n - 1) / 2, what);
                uint32_t depth = 0;
                for (std::size_t k = 0; k < layout.size(); ++k)
                {
                    const MziSetting& z = layout[k];
                    depth = std::max(depth, z.column + 1);
                    NS_TEST_EXPECT_MSG_EQ(z.mode % 2, z.column % 2, what + " parity");
                    NS_TEST_EXPECT_MSG_LT(z.mode + 1, n, what + " mode range");
                    if (style == "reck")
                    {
                        NS_TEST_EXPECT_MSG_EQ((z.mode <= z.column), true, what);
                        NS_TEST_EXPECT_MSG_EQ((z.column + z.mode <= 2 * n - 4), true, what);
                    }
                    if (k > 0)
                    {
                        const MziSetting& p = layout[k - 1];
                        const bool ordered =
                            p.column < z.column || (p.column == z.column && p.mode + 2 <= z.mode);
                        NS_TEST_EXPECT_MSG_EQ(ordered, true, what + " ordering / overlap");
                    }
                }
                if (n >= 3)
                {
                    NS_TEST_EXPECT_MSG_EQ(depth, (style == "clements" ? n : 2 * n - 3), what);
                }
            }
            // Clements: column c is full (modes c%2, c%2+2, ... <= N-2).
            const std::vector<MziSetting> c = MziMesh::Layout(n, "clements");
            for (uint32_t col = 0; col < n; ++col)
            {
                uint32_t count = 0;
                for (const MziSetting& z : c)
                {
                    count += z.column == col ? 1 : 0;
                }
                NS_TEST_EXPECT_MSG_EQ(count, (n - col % 2) / 2, "Clements column " << col);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Layout(8, "benes").size(), 0, "unknown style");
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Layout(1, "clements").size(), 0, "one mode");
        // The 448-mode mesh holds 100,128 MZIs.
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Layout(448, "clements").size(), 100128, "448 modes");
    }
};

/**
 * \ingroup optical-tests
 * Random unitaries rebuilt from both decompositions, the settings on the layout, and the
 * mesh product recomputed densely from the header's MZI convention.
 */
class MeshRebuildTestCase : public TestCase
{
  public:
    MeshRebuildTestCase()
        : TestCase("Clements and Reck rebuild Haar-random unitaries (N = 4 to 128) to 1e-9")
    {
    }

  private:
    void DoRun() override
    {
        // RandomUnitary: unitary, reproducible, seed-dependent.
        const PhotonicMatrix a = MziMesh::RandomUnitary(6, 11);
        NS_TEST_EXPECT_MSG_EQ(MziMesh::IsUnitary(a, 1e-12), true, "RandomUnitary is unitary");
        NS_TEST_EXPECT_MSG_EQ(MziMesh::MaxAbsDifference(a, MziMesh::RandomUnitary(6, 11)),
                              0.0,
                              "same seed, same matrix");
        NS_TEST_EXPECT_MSG_GT(MziMesh::MaxAbsDifference(a, MziMesh::RandomUnitary(6, 12)),
                              0.1,
                              "another seed, another matrix");

        for (uint32_t n : {4u, 5u, 8u, 16u, 32u, 64u, 128u})
        {
            const uint32_t seeds = n <= 8 ? 5 : (n <= 16 ? 3 : 1);
            for (uint32_t s = 0; s < seeds; ++s)
            {
                const PhotonicMatrix u = MziMesh::RandomUnitary(n, 1000 * n + s);
                for (const std::string style : {"clements", "reck"})
                {
                    const std::string what =
                        style + " N=" + std::to_string(n) + " seed " + std::to_string(s);
                    const MziMeshDecomposition mesh = Mesh(u, style);
                    NS_TEST_ASSERT_MSG_EQ(mesh.n, n, what);
                    NS_TEST_EXPECT_MSG_EQ(mesh.style, style, what);
                    NS_TEST_ASSERT_MSG_EQ(mesh.outputPhases.size(), n, what);
                    const std::vector<MziSetting> layout = MziMesh::Layout(n, style);
                    NS_TEST_ASSERT_MSG_EQ(mesh.mzis.size(), layout.size(), what);
                    bool onLayout = true;
                    for (std::size_t k = 0; k < layout.size(); ++k)
                    {
                        onLayout = onLayout && mesh.mzis[k].column == layout[k].column &&
                                   mesh.mzis[k].mode == layout[k].mode;
                    }
                    NS_TEST_EXPECT_MSG_EQ(onLayout, true, what + ": settings on the layout");
                    const PhotonicMatrix t = MziMesh::Reconstruct(mesh);
                    NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(t, u), 1e-9, what);
                    if (n <= 8)
                    {
                        NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(DenseMesh(mesh, 1.0), u),
                                              1e-9,
                                              what + " (dense product)");
                    }
                }
            }
        }
        // Degenerate matrices (exact zeros everywhere the nulling looks): all 120 permutations
        // of 5 modes times a diagonal of phases, and the 8-point DFT.
        std::vector<uint32_t> p = {0, 1, 2, 3, 4};
        double worstPerm = 0;
        do
        {
            PhotonicMatrix q(5, 5);
            for (uint32_t k = 0; k < 5; ++k)
            {
                q(p[k], k) = std::polar(1.0, 0.3 * k);
            }
            for (const std::string style : {"clements", "reck"})
            {
                worstPerm =
                    std::max(worstPerm,
                             MziMesh::MaxAbsDifference(MziMesh::Reconstruct(Mesh(q, style)), q));
            }
        } while (std::next_permutation(p.begin(), p.end()));
        NS_TEST_EXPECT_MSG_LT(worstPerm, 1e-12, "permutations of 5");
        PhotonicMatrix dft(8, 8);
        for (uint32_t r = 0; r < 8; ++r)
        {
            for (uint32_t c = 0; c < 8; ++c)
            {
                dft(r, c) = std::polar(1.0 / std::sqrt(8.0), 2 * kPi * r * c / 8.0);
            }
        }
        for (const std::string style : {"clements", "reck"})
        {
            NS_TEST_EXPECT_MSG_LT(
                MziMesh::MaxAbsDifference(MziMesh::Reconstruct(Mesh(dft, style)), dft),
                1e-12,
                style << " DFT");
        }
        // A 448-mode Clements mesh (100,128 MZIs) with arbitrary settings is unitary.
        MziMeshDecomposition big;
        big.n = 448;
        big.style = "clements";
        big.mzis = MziMesh::Layout(448, "clements");
        for (std::size_t k = 0; k < big.mzis.size(); ++k)
        {
            big.mzis[k].theta = 0.001 * (k % 1571);
            big.mzis[k].phi = 0.01 * (k % 628);
        }
        big.outputPhases.assign(448, 0.5);
        NS_TEST_EXPECT_MSG_EQ(MziMesh::IsUnitary(MziMesh::Reconstruct(big), 1e-9),
                              true,
                              "448-mode mesh");
    }
};

/**
 * \ingroup optical-tests
 * Settings with closed forms: the identity (every MZI bar), the 2x2 swap, the full reversal
 * on Clements (every MZI cross).
 */
class MeshClosedFormTestCase : public TestCase
{
  public:
    MeshClosedFormTestCase()
        : TestCase("identity, swap and reversal decompose to their closed-form angles")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {2u, 5u, 6u})
        {
            for (const std::string style : {"clements", "reck"})
            {
                const MziMeshDecomposition mesh = Mesh(PhotonicMatrix::Identity(n), style);
                for (const MziSetting& z : mesh.mzis)
                {
                    NS_TEST_EXPECT_MSG_LT(std::fabs(std::sin(z.theta)),
                                          1e-12,
                                          style << " identity: bar at (" << z.column << ","
                                                << z.mode << ")");
                }
                NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(MziMesh::Reconstruct(mesh),
                                                                PhotonicMatrix::Identity(n)),
                                      1e-12,
                                      style << " identity rebuilt");
            }
        }
        // Swap = D T(theta, phi): [[0, 1], [1, 0]] = [[0, -e^{i a}], [e^{i b} e^{i phi}, 0]]
        // hence theta = pi/2, a = pi, b + phi = 0 (mod 2 pi).
        PhotonicMatrix swap(2, 2);
        swap(0, 1) = 1.0;
        swap(1, 0) = 1.0;
        for (const std::string style : {"clements", "reck"})
        {
            const MziMeshDecomposition mesh = Mesh(swap, style);
            NS_TEST_ASSERT_MSG_EQ(mesh.mzis.size(), 1, style);
            NS_TEST_EXPECT_MSG_LT(std::fabs(mesh.mzis[0].theta - kPi / 2), 1e-12, style);
            NS_TEST_EXPECT_MSG_LT(AngleOff(mesh.outputPhases[0] - kPi, 2 * kPi), 1e-12, style);
            NS_TEST_EXPECT_MSG_LT(AngleOff(mesh.outputPhases[1] + mesh.mzis[0].phi, 2 * kPi),
                                  1e-12,
                                  style);
        }
        // The reversal k -> N-1-k needs every one of the N columns of odd-even transpositions:
        // all Clements MZIs cross.
        for (uint32_t n : {4u, 5u, 8u, 9u})
        {
            PhotonicMatrix rev(n, n);
            for (uint32_t k = 0; k < n; ++k)
            {
                rev(n - 1 - k, k) = 1.0;
            }
            const MziMeshDecomposition mesh = Mesh(rev, "clements");
            for (const MziSetting& z : mesh.mzis)
            {
                NS_TEST_EXPECT_MSG_LT(std::fabs(std::cos(z.theta)),
                                      1e-9,
                                      "reversal N=" << n << ": cross at (" << z.column << ","
                                                    << z.mode << ")");
            }
            NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(MziMesh::Reconstruct(mesh), rev),
                                  1e-12,
                                  "reversal rebuilt");
        }
    }
};

/**
 * \ingroup optical-tests
 * The loss model: on the identity-configured mesh each mode keeps 10^(-k L / 20) with k the
 * number of MZIs on its path (counted from the layout); per-MZI losses hit the two modes of
 * their MZI only.
 */
class MeshLossTestCase : public TestCase
{
  public:
    MeshLossTestCase()
        : TestCase("Reconstruct with loss: 10^(-k L over 20) per mode on the identity mesh")
    {
    }

  private:
    void DoRun() override
    {
        const double lossDb = 0.37;
        for (uint32_t n : {5u, 8u})
        {
            for (const std::string style : {"clements", "reck"})
            {
                const MziMeshDecomposition mesh = Mesh(PhotonicMatrix::Identity(n), style);
                const std::vector<MziSetting> layout = MziMesh::Layout(n, style);
                const PhotonicMatrix t = MziMesh::Reconstruct(mesh, {lossDb});
                for (uint32_t r = 0; r < n; ++r)
                {
                    const uint32_t k = MzisOnMode(layout, r);
                    for (uint32_t c = 0; c < n; ++c)
                    {
                        const double expect = r == c ? std::pow(10.0, -(k * lossDb) / 20.0) : 0.0;
                        NS_TEST_EXPECT_MSG_LT(std::abs(t(r, c) - expect),
                                              1e-12,
                                              style << " N=" << n << " (" << r << "," << c
                                                    << "), k=" << k);
                    }
                }
                // One lossy MZI (3 dB on MZI j, others lossless): its two modes only.
                const std::size_t j = layout.size() / 2;
                std::vector<double> each(layout.size(), 0.0);
                each[j] = 3.0;
                const PhotonicMatrix one = MziMesh::Reconstruct(mesh, each);
                for (uint32_t r = 0; r < n; ++r)
                {
                    const bool hit = r == layout[j].mode || r == layout[j].mode + 1;
                    NS_TEST_EXPECT_MSG_LT(std::abs(one(r, r) - (hit ? std::pow(10.0, -0.15) : 1.0)),
                                          1e-12,
                                          style << " per-MZI loss, mode " << r);
                }
            }
        }
        // Clements N=8: modes 0 and 7 meet N/2 = 4 MZIs, the others N = 8; Reck N=8: mode 0
        // meets N-1 = 7, mode m >= 1 meets 2N-1-2m (diagonals through m and m-1).
        const std::vector<MziSetting> c8 = MziMesh::Layout(8, "clements");
        NS_TEST_EXPECT_MSG_EQ(MzisOnMode(c8, 0), 4, "Clements mode 0");
        NS_TEST_EXPECT_MSG_EQ(MzisOnMode(c8, 3), 8, "Clements mode 3");
        NS_TEST_EXPECT_MSG_EQ(MzisOnMode(c8, 7), 4, "Clements mode 7");
        const std::vector<MziSetting> r8 = MziMesh::Layout(8, "reck");
        NS_TEST_EXPECT_MSG_EQ(MzisOnMode(r8, 0), 7, "Reck mode 0");
        for (uint32_t m = 1; m < 8; ++m)
        {
            NS_TEST_EXPECT_MSG_EQ(MzisOnMode(r8, m), 2 * 8 - 1 - 2 * m, "Reck mode " << m);
        }
    }
};

/**
 * \ingroup optical-tests
 * Fidelity: closed forms, a lossy mesh against an independent dense computation, and
 * Clements at least as faithful as Reck under uniform loss (averaged over seeds).
 */
class MeshFidelityTestCase : public TestCase
{
  public:
    MeshFidelityTestCase()
        : TestCase("fidelity: closed forms, lossy meshes, Clements >= Reck under loss")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicMatrix u = MziMesh::RandomUnitary(6, 7);
        // A scaled copy (global attenuation and phase) has fidelity 1.
        PhotonicMatrix scaled(6, 6);
        for (uint32_t r = 0; r < 6; ++r)
        {
            for (uint32_t c = 0; c < 6; ++c)
            {
                scaled(r, c) = std::polar(0.3, 1.1) * u(r, c);
            }
        }
        NS_TEST_EXPECT_MSG_LT(std::fabs(MziMesh::Fidelity(u, scaled) - 1.0), 1e-12, "scaled");
        // Identity against diag(a): |sum a|^2 / (n sum |a|^2).
        const std::vector<double> diag = {1.0, 0.5, 0.25, 0.8};
        PhotonicMatrix d(4, 4);
        double sum = 0;
        double sum2 = 0;
        for (uint32_t k = 0; k < 4; ++k)
        {
            d(k, k) = diag[k];
            sum += diag[k];
            sum2 += diag[k] * diag[k];
        }
        NS_TEST_EXPECT_MSG_LT(
            std::fabs(MziMesh::Fidelity(PhotonicMatrix::Identity(4), d) - sum * sum / (4 * sum2)),
            1e-12,
            "diagonal");
        // A lossy Clements mesh against the dense product of attenuated MZIs.
        const double lossDb = 0.5;
        const double amp = std::pow(10.0, -lossDb / 20.0);
        for (const std::string style : {"clements", "reck"})
        {
            const MziMeshDecomposition mesh = Mesh(u, style);
            const PhotonicMatrix lossy = MziMesh::Reconstruct(mesh, {lossDb});
            const PhotonicMatrix dense = DenseMesh(mesh, amp);
            NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(lossy, dense), 1e-12, style);
            const double f = MziMesh::Fidelity(u, lossy);
            NS_TEST_EXPECT_MSG_LT(std::fabs(f - FidelityBySums(u, dense)), 1e-12, style);
            NS_TEST_EXPECT_MSG_LT(f, 1.0, style + ": bypass waveguides unbalance the loss");
            // Attenuating the exact reconstruction uniformly leaves fidelity 1.
            PhotonicMatrix uniform = MziMesh::Reconstruct(mesh);
            for (uint32_t r = 0; r < 6; ++r)
            {
                for (uint32_t c = 0; c < 6; ++c)
                {
                    uniform(r, c) *= std::pow(amp, 6);
                }
            }
            NS_TEST_EXPECT_MSG_LT(std::fabs(MziMesh::Fidelity(u, uniform) - 1.0), 1e-12, style);
        }
        // Clements et al. (2016): the rectangular mesh is more loss-tolerant than the
        // triangular one.
        for (uint32_t n : {8u, 16u, 32u})
        {
            const uint32_t seeds = n <= 16 ? 4 : 2;
            double fc = 0;
            double fr = 0;
            for (uint32_t s = 0; s < seeds; ++s)
            {
                const PhotonicMatrix v = MziMesh::RandomUnitary(n, 77 + s);
                fc += MziMesh::Fidelity(v, MziMesh::Reconstruct(Mesh(v, "clements"), {0.2}));
                fr += MziMesh::Fidelity(v, MziMesh::Reconstruct(Mesh(v, "reck"), {0.2}));
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(fc / seeds, fr / seeds, "N=" << n);
        }
    }
};

/// A node with the given operation and port counts.
PhotonicNode
Node(PhotonicOp op, uint32_t nIn, uint32_t nOut, std::vector<double> params = {}, uint32_t port = 0)
{
    PhotonicNode n;
    n.op = op;
    n.nIn = nIn;
    n.nOut = nOut;
    n.params = std::move(params);
    n.port = port;
    return n;
}

/// Adds an edge from output fromPort of from to input toPort of to.
void
Wire(PhotonicGraph& g, uint32_t from, uint32_t fromPort, uint32_t to, uint32_t toPort)
{
    PhotonicEdge e;
    e.from = from;
    e.fromPort = fromPort;
    e.to = to;
    e.toPort = toPort;
    g.AddEdge(e);
}

/**
 * \ingroup optical-tests
 * Transfer matrices of small graphs worked out by hand.
 */
class MeshGraphTransferTestCase : public TestCase
{
  public:
    MeshGraphTransferTestCase()
        : TestCase("GraphTransfer of small graphs against hand-computed matrices")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<uint32_t> ins;
        std::vector<uint32_t> outs;
        {
            // in -> split(0.3) -> both halves into combine -> out:
            // (sqrt(0.3) + sqrt(0.7)) / sqrt(2).
            PhotonicGraph g;
            const uint32_t i = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 2));
            const uint32_t s = g.AddNode(Node(PhotonicOp::SPLITTER, 1, 2, {0.3}));
            const uint32_t c = g.AddNode(Node(PhotonicOp::COMBINER, 2, 1));
            const uint32_t o = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 4));
            Wire(g, c, 0, o, 0); // edges in any order
            Wire(g, i, 0, s, 0);
            Wire(g, s, 1, c, 1);
            Wire(g, s, 0, c, 0);
            const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
            NS_TEST_ASSERT_MSG_EQ(t.Rows(), 1, "rows");
            NS_TEST_ASSERT_MSG_EQ(t.Cols(), 1, "cols");
            NS_TEST_EXPECT_MSG_EQ((ins.size() == 1 && ins[0] == 2), true, "input ports");
            NS_TEST_EXPECT_MSG_EQ((outs.size() == 1 && outs[0] == 4), true, "output ports");
            NS_TEST_EXPECT_MSG_LT(
                std::abs(t(0, 0) - (std::sqrt(0.3) + std::sqrt(0.7)) / std::sqrt(2.0)),
                1e-14,
                "split then combine");
        }
        {
            // Input port 3 -> MZI input 0, input port 1 -> MZI input 1; MZI output 0 -> phase
            // psi -> output port 5; MZI output 1 -> output port 2. Columns (ports 1, 3), rows
            // (ports 2, 5): [[cos t, e^{i p} sin t], [-e^{i psi} sin t, e^{i (psi+p)} cos t]].
            const double th = 0.4;
            const double ph = 1.3;
            const double psi = -0.7;
            PhotonicGraph g;
            const uint32_t i3 = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 3));
            const uint32_t i1 = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 1));
            const uint32_t m = g.AddNode(Node(PhotonicOp::MZI, 2, 2, {th, ph}));
            const uint32_t p = g.AddNode(Node(PhotonicOp::PHASE, 1, 1, {psi}));
            const uint32_t o5 = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 5));
            const uint32_t o2 = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 2));
            Wire(g, i3, 0, m, 0);
            Wire(g, i1, 0, m, 1);
            Wire(g, m, 0, p, 0);
            Wire(g, p, 0, o5, 0);
            Wire(g, m, 1, o2, 0);
            const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
            NS_TEST_ASSERT_MSG_EQ((t.Rows() == 2 && t.Cols() == 2), true, "size");
            NS_TEST_EXPECT_MSG_EQ((ins == std::vector<uint32_t>({1, 3})), true, "inputs sorted");
            NS_TEST_EXPECT_MSG_EQ((outs == std::vector<uint32_t>({2, 5})), true, "outputs sorted");
            PhotonicMatrix expect(2, 2);
            expect(0, 0) = std::cos(th);
            expect(0, 1) = std::polar(1.0, ph) * std::sin(th);
            expect(1, 0) = -std::polar(1.0, psi) * std::sin(th);
            expect(1, 1) = std::polar(1.0, psi + ph) * std::cos(th);
            NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(t, expect), 1e-14, "MZI then phase");
        }
        {
            // Crossing: input port 0 leaves by output port 1 and vice versa.
            PhotonicGraph g;
            const uint32_t a = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 0));
            const uint32_t b = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 1));
            const uint32_t x = g.AddNode(Node(PhotonicOp::CROSSING, 2, 2));
            const uint32_t o0 = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 0));
            const uint32_t o1 = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 1));
            Wire(g, a, 0, x, 0);
            Wire(g, b, 0, x, 1);
            Wire(g, x, 0, o0, 0);
            Wire(g, x, 1, o1, 0);
            const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
            PhotonicMatrix expect(2, 2);
            expect(0, 1) = 1.0;
            expect(1, 0) = 1.0;
            NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(t, expect), 1e-15, "cross");
        }
        {
            // in -> split(0.8): output 0 detected, output 1 -> multicast(3): outputs 0,1,2 ->
            // permute [2, 0, 1] -> output ports 0,1,2. Every output: sqrt(0.2)/sqrt(3).
            // A second input (port 1) is dropped: its column is zero.
            PhotonicGraph g;
            const uint32_t i = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 0));
            const uint32_t j = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 1));
            const uint32_t drop = g.AddNode(Node(PhotonicOp::TERMINATOR, 1, 0));
            const uint32_t s = g.AddNode(Node(PhotonicOp::SPLITTER, 1, 2, {0.8}));
            const uint32_t det = g.AddNode(Node(PhotonicOp::DETECTOR, 1, 0));
            const uint32_t mc = g.AddNode(Node(PhotonicOp::MULTICAST, 1, 3));
            PhotonicNode perm = Node(PhotonicOp::PERMUTE, 3, 3);
            perm.perm = {2, 0, 1};
            const uint32_t pm = g.AddNode(perm);
            Wire(g, i, 0, s, 0);
            Wire(g, j, 0, drop, 0);
            Wire(g, s, 0, det, 0);
            Wire(g, s, 1, mc, 0);
            PhotonicNode phase = Node(PhotonicOp::PHASE, 1, 1, {kPi / 2});
            const uint32_t ph = g.AddNode(phase);
            Wire(g, mc, 0, ph, 0); // multicast output 0 gains a phase i, then permute input 0
            Wire(g, ph, 0, pm, 0);
            Wire(g, mc, 1, pm, 1);
            Wire(g, mc, 2, pm, 2);
            std::vector<uint32_t> o(3);
            for (uint32_t k = 0; k < 3; ++k)
            {
                o[k] = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, k));
                Wire(g, pm, k, o[k], 0);
            }
            const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
            NS_TEST_ASSERT_MSG_EQ((t.Rows() == 3 && t.Cols() == 2), true, "size");
            const double a = std::sqrt(0.2) / std::sqrt(3.0);
            // Permute input 0 (the phased one) leaves by output 2.
            const Complex expect[3] = {a, a, Complex(0, a)};
            for (uint32_t k = 0; k < 3; ++k)
            {
                NS_TEST_EXPECT_MSG_LT(std::abs(t(k, 0) - expect[k]), 1e-14, "output " << k);
                NS_TEST_EXPECT_MSG_EQ(std::abs(t(k, 1)), 0.0, "dropped input");
            }
        }
        {
            // A cycle (MZI output 1 back into its input 1): empty matrix, no ports.
            PhotonicGraph g;
            const uint32_t i = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, 0));
            const uint32_t m = g.AddNode(Node(PhotonicOp::MZI, 2, 2, {0.3, 0}));
            const uint32_t o = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 0));
            Wire(g, i, 0, m, 0);
            Wire(g, m, 1, m, 1);
            Wire(g, m, 0, o, 0);
            const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
            NS_TEST_EXPECT_MSG_EQ(t.Rows() + t.Cols(), 0, "cyclic graph");
            NS_TEST_EXPECT_MSG_EQ(ins.size() + outs.size(), 0, "no ports");
        }
    }
};

/// n inputs (ports 0..n-1) -> UNITARY u -> n outputs, with a PHASE and a second UNITARY v in
/// between when v is given.
PhotonicGraph
UnitaryGraph(const PhotonicMatrix& u, const PhotonicMatrix* v)
{
    const uint32_t n = u.Rows();
    PhotonicGraph g;
    PhotonicNode un = Node(PhotonicOp::UNITARY, n, n);
    un.matrix = u;
    un.name = "u";
    std::vector<uint32_t> in(n);
    for (uint32_t k = 0; k < n; ++k)
    {
        in[k] = g.AddNode(Node(PhotonicOp::INPUT, 0, 1, {}, k));
    }
    const uint32_t a = g.AddNode(un);
    for (uint32_t k = 0; k < n; ++k)
    {
        Wire(g, in[k], 0, a, (k + 1) % n); // a rotated wiring
    }
    uint32_t last = a;
    if (v)
    {
        const uint32_t p = g.AddNode(Node(PhotonicOp::PHASE, 1, 1, {0.9}));
        PhotonicNode vn = Node(PhotonicOp::UNITARY, n, n);
        vn.matrix = *v;
        vn.name = "v";
        const uint32_t b = g.AddNode(vn);
        Wire(g, a, 0, p, 0);
        Wire(g, p, 0, b, n - 1);
        for (uint32_t k = 1; k < n; ++k)
        {
            Wire(g, a, k, b, k - 1);
        }
        last = b;
    }
    for (uint32_t k = 0; k < n; ++k)
    {
        const uint32_t o = g.AddNode(Node(PhotonicOp::OUTPUT, 1, 0, {}, 10 + k));
        Wire(g, last, k, o, 0);
    }
    return g;
}

/**
 * \ingroup optical-tests
 * LowerUnitaries: the transfer matrix is kept, UNITARY nodes become N(N-1)/2 MZIs and N
 * PHASEs, the graph stays linear (each port fed / feeding once).
 */
class MeshLowerTestCase : public TestCase
{
  public:
    MeshLowerTestCase()
        : TestCase("LowerUnitaries keeps the graph's transfer matrix to 1e-9")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicMatrix u = MziMesh::RandomUnitary(5, 3);
        const PhotonicMatrix v = MziMesh::RandomUnitary(5, 4);
        for (const std::string style : {"clements", "reck"})
        {
            for (bool two : {false, true})
            {
                PhotonicGraph g = UnitaryGraph(u, two ? &v : nullptr);
                std::vector<uint32_t> ins0;
                std::vector<uint32_t> outs0;
                const PhotonicMatrix before = MziMesh::GraphTransfer(g, ins0, outs0);
                NS_TEST_ASSERT_MSG_EQ(before.Rows(), 5, "graph before");
                const uint32_t phases = g.Count(PhotonicOp::PHASE);
                const uint32_t units = g.Count(PhotonicOp::UNITARY);
                std::string error;
                NS_TEST_ASSERT_MSG_EQ(MziMesh::LowerUnitaries(g, style, error), true, error);
                NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::UNITARY), 0, style);
                NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::MZI), units * 10, style);
                NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::PHASE), phases + units * 5, style);
                NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::INPUT), 5, style);
                NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::OUTPUT), 5, style);
                // Linearity: each node port fed or feeding exactly once.
                std::vector<uint32_t> fedIn(g.nodes.size(), 0);
                std::vector<uint32_t> fedOut(g.nodes.size(), 0);
                for (const PhotonicEdge& e : g.edges)
                {
                    NS_TEST_ASSERT_MSG_LT(e.to, g.nodes.size(), "edge target");
                    NS_TEST_ASSERT_MSG_LT(e.toPort, g.nodes[e.to].nIn, "edge target port");
                    NS_TEST_ASSERT_MSG_LT(e.fromPort, g.nodes[e.from].nOut, "edge source port");
                    ++fedIn[e.to];
                    ++fedOut[e.from];
                }
                for (uint32_t i = 0; i < g.nodes.size(); ++i)
                {
                    NS_TEST_EXPECT_MSG_EQ(fedIn[i], g.nodes[i].nIn, "node " << i << " inputs");
                    NS_TEST_EXPECT_MSG_EQ(fedOut[i], g.nodes[i].nOut, "node " << i << " outputs");
                }
                std::vector<uint32_t> ins1;
                std::vector<uint32_t> outs1;
                const PhotonicMatrix after = MziMesh::GraphTransfer(g, ins1, outs1);
                NS_TEST_EXPECT_MSG_EQ((ins0 == ins1 && outs0 == outs1), true, "ports kept");
                NS_TEST_EXPECT_MSG_LT(MziMesh::MaxAbsDifference(before, after),
                                      1e-9,
                                      style << (two ? ", two unitaries" : ", one unitary"));
            }
        }
        // A 1x1 unitary becomes one PHASE.
        PhotonicMatrix one(1, 1);
        one(0, 0) = std::polar(1.0, 0.6);
        PhotonicGraph g = UnitaryGraph(one, nullptr);
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(MziMesh::LowerUnitaries(g, "clements", error), true, error);
        NS_TEST_EXPECT_MSG_EQ(g.Count(PhotonicOp::PHASE), 1, "1x1 unitary");
        std::vector<uint32_t> ins;
        std::vector<uint32_t> outs;
        const PhotonicMatrix t = MziMesh::GraphTransfer(g, ins, outs);
        NS_TEST_EXPECT_MSG_LT(std::abs(t(0, 0) - one(0, 0)), 1e-12, "1x1 transfer");
    }
};

/**
 * \ingroup optical-tests
 * Bad inputs: errors naming the value and what is allowed; the graph untouched on failure.
 */
class MeshBadInputTestCase : public TestCase
{
  public:
    MeshBadInputTestCase()
        : TestCase("bad inputs: not square, too small, not unitary, unknown style")
    {
    }

  private:
    void DoRun() override
    {
        MziMeshDecomposition mesh;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Decompose(PhotonicMatrix(2, 3), "clements", mesh, error),
                              false,
                              "not square");
        NS_TEST_EXPECT_MSG_NE(error.find("2 x 3"), std::string::npos, error);
        error.clear();
        NS_TEST_EXPECT_MSG_EQ(
            MziMesh::Decompose(PhotonicMatrix::Identity(1), "clements", mesh, error),
            false,
            "one mode");
        NS_TEST_EXPECT_MSG_NE(error.find("at least 2"), std::string::npos, error);
        error.clear();
        PhotonicMatrix almost = MziMesh::RandomUnitary(4, 5);
        almost(2, 1) += 1e-6;
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Decompose(almost, "reck", mesh, error), false, "1e-6 off");
        NS_TEST_EXPECT_MSG_NE(error.find("not unitary"), std::string::npos, error);
        error.clear();
        PhotonicMatrix close = MziMesh::RandomUnitary(4, 5);
        close(2, 1) += 1e-11;
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Decompose(close, "reck", mesh, error), true, error);
        error.clear();
        NS_TEST_EXPECT_MSG_EQ(MziMesh::Decompose(PhotonicMatrix::Identity(4), "benes", mesh, error),
                              false,
                              "unknown style");
        NS_TEST_EXPECT_MSG_NE(error.find("\"benes\""), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(MziMesh::IsUnitary(PhotonicMatrix(2, 3)), false, "not square");

        // LowerUnitaries: a non-unitary node is named, the graph untouched.
        PhotonicMatrix bad = PhotonicMatrix::Identity(3);
        bad(0, 0) = 2.0;
        PhotonicGraph g = UnitaryGraph(bad, nullptr);
        const std::size_t nodes = g.nodes.size();
        error.clear();
        NS_TEST_EXPECT_MSG_EQ(MziMesh::LowerUnitaries(g, "clements", error), false, "bad node");
        NS_TEST_EXPECT_MSG_NE(error.find("unitary node 3 (u)"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(g.nodes.size(), nodes, "graph untouched");
        error.clear();
        PhotonicGraph h = UnitaryGraph(MziMesh::RandomUnitary(3, 1), nullptr);
        NS_TEST_EXPECT_MSG_EQ(MziMesh::LowerUnitaries(h, "hex", error), false, "style");
        NS_TEST_EXPECT_MSG_NE(error.find("\"hex\""), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(h.Count(PhotonicOp::UNITARY), 1, "graph untouched");
    }
};

/**
 * \ingroup optical-tests
 * MZI meshes.
 */
class PhotonicMeshTestSuite : public TestSuite
{
  public:
    PhotonicMeshTestSuite()
        : TestSuite("optical-photonic-mesh", SUITE_UNIT)
    {
        AddTestCase(new MeshLayoutTestCase, TEST_QUICK);
        AddTestCase(new MeshRebuildTestCase, TEST_QUICK);
        AddTestCase(new MeshClosedFormTestCase, TEST_QUICK);
        AddTestCase(new MeshLossTestCase, TEST_QUICK);
        AddTestCase(new MeshFidelityTestCase, TEST_QUICK);
        AddTestCase(new MeshGraphTransferTestCase, TEST_QUICK);
        AddTestCase(new MeshLowerTestCase, TEST_QUICK);
        AddTestCase(new MeshBadInputTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static PhotonicMeshTestSuite g_photonicMeshTestSuite;

} // namespace
