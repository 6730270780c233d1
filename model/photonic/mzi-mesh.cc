/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Clements (rectangular) and Reck (triangular) MZI meshes: layouts, decompositions by nulling
// with 2x2 rotations, lossy transfer matrices (row rotations, O(N) per MZI). Transfer matrices
// of IR graphs and the lowering of UNITARY nodes into MZI and PHASE nodes: mzi-mesh-graph.cc.
//
// MZI T(theta, phi) on modes (m, m+1) = [[e^{i phi} cos theta, -sin theta],
//                                        [e^{i phi} sin theta,  cos theta]].

#include "mzi-mesh.h"

#include "mzi-mesh-detail.h"

#include "ns3/abort.h"
#include "ns3/log.h"

// GCC 12 reports a false -Wmaybe-uninitialized inside Eigen's Householder products.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <Eigen/Dense>
#pragma GCC diagnostic pop
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MziMesh");

using mzimeshdetail::kUnitaryTolerance;
using mzimeshdetail::Wrap;

namespace
{

using Complex = std::complex<double>;
/// Row-major complex matrix: row rotations touch contiguous memory.
using RowMatrix = Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

const double kPi = std::acos(-1.0);

Eigen::MatrixXcd
ToEigen(const PhotonicMatrix& m)
{
    Eigen::MatrixXcd e(m.Rows(), m.Cols());
    for (uint32_t r = 0; r < m.Rows(); ++r)
    {
        for (uint32_t c = 0; c < m.Cols(); ++c)
        {
            e(r, c) = m(r, c);
        }
    }
    return e;
}

template <typename Derived>
PhotonicMatrix
FromEigen(const Eigen::MatrixBase<Derived>& e)
{
    PhotonicMatrix m(static_cast<uint32_t>(e.rows()), static_cast<uint32_t>(e.cols()));
    for (uint32_t r = 0; r < m.Rows(); ++r)
    {
        for (uint32_t c = 0; c < m.Cols(); ++c)
        {
            m(r, c) = e(r, c);
        }
    }
    return m;
}

/// One 2x2 rotation found while nulling.
struct Rotation
{
    uint32_t mode; //!< Upper mode
    double theta;  //!< Splitting angle
    double phi;    //!< Input phase
};

/**
 * Right-multiplies u by T(theta, phi)^-1 on columns (m, m+1), choosing the angles so that
 * u(r, m) becomes 0: with a = u(r, m), b = u(r, m+1) the new entry is
 * a e^{-i phi} cos theta - b sin theta, zero for theta = atan2(|a|, |b|), phi = arg a - arg b.
 */
Rotation
NullRight(Eigen::MatrixXcd& u, uint32_t r, uint32_t m)
{
    const Complex a = u(r, m);
    const Complex b = u(r, m + 1);
    Rotation t{m, std::atan2(std::abs(a), std::abs(b)), 0.0};
    t.phi = (a == Complex(0.0)) ? 0.0 : Wrap(std::arg(a) - std::arg(b));
    const double c = std::cos(t.theta);
    const double s = std::sin(t.theta);
    const Complex e = std::polar(1.0, -t.phi);
    // T^-1 = T^H = [[e^{-i phi} c, e^{-i phi} s], [-s, c]]; columns transform as row vectors.
    const Eigen::VectorXcd col0 = u.col(m);
    const Eigen::VectorXcd col1 = u.col(m + 1);
    u.col(m) = e * c * col0 - s * col1;
    u.col(m + 1) = e * s * col0 + c * col1;
    u(r, m) = 0.0;
    return t;
}

/**
 * Left-multiplies u by T(theta, phi) on rows (m, m+1), choosing the angles so that u(m+1, c)
 * becomes 0: with a = u(m, c), b = u(m+1, c) the new entry is e^{i phi} sin theta a +
 * cos theta b, zero for theta = atan2(|b|, |a|), phi = arg b - arg a + pi.
 */
Rotation
NullLeft(Eigen::MatrixXcd& u, uint32_t m, uint32_t col)
{
    const Complex a = u(m, col);
    const Complex b = u(m + 1, col);
    Rotation t{m, std::atan2(std::abs(b), std::abs(a)), 0.0};
    t.phi = (b == Complex(0.0)) ? 0.0 : Wrap(std::arg(b) - std::arg(a) + kPi);
    const double c = std::cos(t.theta);
    const double s = std::sin(t.theta);
    const Complex e = std::polar(1.0, t.phi);
    const Eigen::RowVectorXcd row0 = u.row(m);
    const Eigen::RowVectorXcd row1 = u.row(m + 1);
    u.row(m) = e * c * row0 - s * row1;
    u.row(m + 1) = e * s * row0 + c * row1;
    u(m + 1, col) = 0.0;
    return t;
}

/**
 * Places MZIs given in light order on columns, each as early as its two modes allow with the
 * column's parity equal to its mode's (both layouts have that parity), then sorts them by
 * column and mode (MZIs sharing a mode keep their order: their columns differ).
 */
std::vector<MziSetting>
Schedule(uint32_t n, const std::vector<Rotation>& lightOrder)
{
    std::vector<uint32_t> next(n, 0);
    std::vector<MziSetting> out;
    out.reserve(lightOrder.size());
    for (const Rotation& t : lightOrder)
    {
        uint32_t c = std::max(next[t.mode], next[t.mode + 1]);
        if ((c + t.mode) % 2 != 0)
        {
            ++c;
        }
        next[t.mode] = c + 1;
        next[t.mode + 1] = c + 1;
        out.push_back(MziSetting{c, t.mode, t.theta, t.phi});
    }
    std::stable_sort(out.begin(), out.end(), [](const MziSetting& x, const MziSetting& y) {
        return x.column != y.column ? x.column < y.column : x.mode < y.mode;
    });
    return out;
}

} // namespace

namespace mzimeshdetail
{

LogComponent&
MeshLog()
{
    return g_log;
}

double
Wrap(double a)
{
    double w = std::fmod(a, 2 * kPi);
    if (w < 0)
    {
        w += 2 * kPi;
    }
    if (w >= 2 * kPi)
    {
        w = 0;
    }
    return w;
}

} // namespace mzimeshdetail

std::vector<MziSetting>
MziMesh::Layout(uint32_t n, const std::string& style)
{
    std::vector<MziSetting> layout;
    if (n < 2)
    {
        return layout;
    }
    if (style == "clements")
    {
        for (uint32_t c = 0; c < n; ++c)
        {
            for (uint32_t m = c % 2; m + 2 <= n; m += 2)
            {
                layout.push_back(MziSetting{c, m, 0.0, 0.0});
            }
        }
    }
    else if (style == "reck")
    {
        const uint32_t columns = 2 * n - 3;
        for (uint32_t c = 0; c < columns; ++c)
        {
            for (uint32_t m = c % 2; m <= c && c + m <= 2 * n - 4; m += 2)
            {
                layout.push_back(MziSetting{c, m, 0.0, 0.0});
            }
        }
    }
    return layout;
}

bool
MziMesh::Decompose(const PhotonicMatrix& u,
                   const std::string& style,
                   MziMeshDecomposition& mesh,
                   std::string& error)
{
    if (u.Rows() != u.Cols())
    {
        error = "MziMesh::Decompose: the matrix is " + std::to_string(u.Rows()) + " x " +
                std::to_string(u.Cols()) + ", a unitary must be square";
        return false;
    }
    const uint32_t n = u.Rows();
    if (n < 2)
    {
        error = "MziMesh::Decompose: a " + std::to_string(n) + " x " + std::to_string(n) +
                " matrix has no mesh; at least 2 modes are needed";
        return false;
    }
    if (style != "clements" && style != "reck")
    {
        error = "MziMesh::Decompose: unknown style \"" + style + "\" (clements or reck)";
        return false;
    }
    Eigen::MatrixXcd w = ToEigen(u);
    const double dev = (w.adjoint() * w - Eigen::MatrixXcd::Identity(n, n)).cwiseAbs().maxCoeff();
    if (!(dev <= kUnitaryTolerance))
    {
        error = "MziMesh::Decompose: the matrix is not unitary: largest |U^H U - I| entry " +
                std::to_string(dev) + " exceeds " + std::to_string(kUnitaryTolerance);
        return false;
    }

    std::vector<Rotation> lightOrder;
    lightOrder.reserve(static_cast<std::size_t>(n) * (n - 1) / 2);
    std::vector<double> psi(n);
    if (style == "reck")
    {
        // U P_0^-1 P_1^-1 ... P_{N-2}^-1 = D, where P_d^-1 = T_{d,0}^-1 ... T_{d,N-2-d}^-1 nulls
        // row N-1-d left of the diagonal, column by column from the left. Hence
        // U = D P_{N-2} ... P_0: light meets T_{0,0}, ..., T_{0,N-2}, T_{1,0}, ...; T_{d,m}
        // lands on column m + 2d of the Reck layout.
        for (uint32_t d = 0; d + 1 < n; ++d)
        {
            const uint32_t r = n - 1 - d;
            for (uint32_t m = 0; m < r; ++m)
            {
                lightOrder.push_back(NullRight(w, r, m));
            }
        }
        for (uint32_t k = 0; k < n; ++k)
        {
            psi[k] = std::arg(w(k, k));
        }
    }
    else
    {
        // Clements et al. (2016): null the anti-diagonals of the lower triangle one after the
        // other, alternately by right multiplications T^-1 (even ones, from the bottom-left up)
        // and left multiplications T (odd ones, top-down), giving
        // L_p ... L_1 U T_1^-1 ... T_k^-1 = D.
        std::vector<Rotation> left;
        for (uint32_t i = 0; i + 1 < n; ++i)
        {
            for (uint32_t j = 0; j <= i; ++j)
            {
                if (i % 2 == 0)
                {
                    lightOrder.push_back(NullRight(w, n - 1 - j, i - j));
                }
                else
                {
                    const uint32_t r = n - 1 - i + j;
                    left.push_back(NullLeft(w, r - 1, j));
                }
            }
        }
        for (uint32_t k = 0; k < n; ++k)
        {
            psi[k] = std::arg(w(k, k));
        }
        // U = L_1^-1 ... L_p^-1 D T_k ... T_1. Move each inverse through the phase screen:
        // T(theta, phi)^-1 diag(e^{i a}, e^{i b}) = diag(e^{i a'}, e^{i b}) T(theta, phi') with
        // phi' = a - b + pi and a' = b - phi + pi (compare the four entries).
        for (auto it = left.rbegin(); it != left.rend(); ++it)
        {
            const uint32_t m = it->mode;
            const double a = psi[m];
            const double b = psi[m + 1];
            lightOrder.push_back(Rotation{m, it->theta, Wrap(a - b + kPi)});
            psi[m] = b - it->phi + kPi;
        }
    }

    std::vector<MziSetting> placed = Schedule(n, lightOrder);
    const std::vector<MziSetting> layout = Layout(n, style);
    bool match = placed.size() == layout.size();
    for (std::size_t k = 0; match && k < placed.size(); ++k)
    {
        match = placed[k].column == layout[k].column && placed[k].mode == layout[k].mode;
    }
    if (!match)
    {
        // Cannot happen for the algorithms above; kept as a guard on the layout contract.
        error = "MziMesh::Decompose: internal error: the " + style +
                " decomposition does not fit its layout";
        return false;
    }
    mesh.n = n;
    mesh.style = style;
    mesh.mzis = std::move(placed);
    mesh.outputPhases.assign(n, 0.0);
    for (uint32_t k = 0; k < n; ++k)
    {
        mesh.outputPhases[k] = Wrap(psi[k]);
    }
    NS_LOG_DEBUG("decomposed " << n << " x " << n << " " << style << ": " << mesh.mzis.size()
                               << " MZIs");
    return true;
}

PhotonicMatrix
MziMesh::Reconstruct(const MziMeshDecomposition& mesh, const std::vector<double>& elementLossDb)
{
    const uint32_t n = mesh.n;
    const std::size_t count = mesh.mzis.size();
    NS_ABORT_MSG_IF(elementLossDb.size() > 1 && elementLossDb.size() != count,
                    "MziMesh::Reconstruct: " << elementLossDb.size()
                                             << " loss values for a mesh of " << count
                                             << " MZIs (allowed: 0, 1 or " << count << ")");
    NS_ABORT_MSG_IF(!mesh.outputPhases.empty() && mesh.outputPhases.size() != n,
                    "MziMesh::Reconstruct: " << mesh.outputPhases.size() << " output phases for "
                                             << n << " modes (allowed: 0 or " << n << ")");
    RowMatrix t = RowMatrix::Identity(n, n);
    for (std::size_t k = 0; k < count; ++k)
    {
        const MziSetting& z = mesh.mzis[k];
        NS_ABORT_MSG_IF(z.mode + 1 >= n,
                        "MziMesh::Reconstruct: MZI " << k << " on mode " << z.mode << " of a " << n
                                                     << "-mode mesh");
        double amp = 1.0;
        if (!elementLossDb.empty())
        {
            amp = std::pow(10.0, -elementLossDb[elementLossDb.size() == 1 ? 0 : k] / 20.0);
        }
        const double c = std::cos(z.theta) * amp;
        const double s = std::sin(z.theta) * amp;
        const Complex e = std::polar(1.0, z.phi);
        // Only the first z.mode + 2 ... columns can be nonzero in general; rotate whole rows.
        for (uint32_t col = 0; col < n; ++col)
        {
            const Complex x0 = e * t(z.mode, col);
            const Complex x1 = t(z.mode + 1, col);
            t(z.mode, col) = c * x0 - s * x1;
            t(z.mode + 1, col) = s * x0 + c * x1;
        }
    }
    for (uint32_t k = 0; k < n && !mesh.outputPhases.empty(); ++k)
    {
        t.row(k) *= std::polar(1.0, mesh.outputPhases[k]);
    }
    return FromEigen(t);
}

double
MziMesh::Fidelity(const PhotonicMatrix& ideal, const PhotonicMatrix& realized)
{
    if (ideal.Rows() != realized.Rows() || ideal.Cols() != realized.Cols() || ideal.Rows() == 0)
    {
        return 0.0;
    }
    const Eigen::MatrixXcd u = ToEigen(ideal);
    const Eigen::MatrixXcd t = ToEigen(realized);
    const double norm = (t.adjoint() * t).trace().real();
    if (!(norm > 0))
    {
        return 0.0;
    }
    const double overlap = std::norm((u.adjoint() * t).trace());
    return overlap / (static_cast<double>(ideal.Rows()) * norm);
}

double
MziMesh::MaxAbsDifference(const PhotonicMatrix& a, const PhotonicMatrix& b)
{
    if (a.Rows() != b.Rows() || a.Cols() != b.Cols())
    {
        return std::numeric_limits<double>::infinity();
    }
    double worst = 0.0;
    for (uint32_t r = 0; r < a.Rows(); ++r)
    {
        for (uint32_t c = 0; c < a.Cols(); ++c)
        {
            worst = std::max(worst, std::abs(a(r, c) - b(r, c)));
        }
    }
    return worst;
}

bool
MziMesh::IsUnitary(const PhotonicMatrix& m, double tolerance)
{
    if (m.Rows() != m.Cols())
    {
        return false;
    }
    const Eigen::MatrixXcd e = ToEigen(m);
    const double dev =
        (e.adjoint() * e - Eigen::MatrixXcd::Identity(m.Rows(), m.Rows())).cwiseAbs().maxCoeff();
    return dev <= tolerance;
}

PhotonicMatrix
MziMesh::RandomUnitary(uint32_t n, uint64_t seed)
{
    if (n == 0)
    {
        return PhotonicMatrix();
    }
    // Mezzadri's recipe: Z with i.i.d. standard complex Gaussian entries (filled row by row,
    // real part then imaginary part), Z = QR, U = Q diag(R_kk / |R_kk|).
    std::mt19937_64 gen(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    Eigen::MatrixXcd z(n, n);
    for (uint32_t r = 0; r < n; ++r)
    {
        for (uint32_t c = 0; c < n; ++c)
        {
            const double re = normal(gen);
            const double im = normal(gen);
            z(r, c) = Complex(re, im) / std::sqrt(2.0);
        }
    }
    Eigen::HouseholderQR<Eigen::MatrixXcd> qr(z);
    Eigen::MatrixXcd q = qr.householderQ();
    const Eigen::MatrixXcd rr = qr.matrixQR();
    for (uint32_t k = 0; k < n; ++k)
    {
        const Complex d = rr(k, k);
        const double mag = std::abs(d);
        q.col(k) *= (mag > 0) ? d / mag : Complex(1.0);
    }
    return FromEigen(q);
}

PhotonicMatrix
MziMesh::Multiply(const PhotonicMatrix& a, const PhotonicMatrix& b)
{
    NS_ABORT_MSG_IF(a.Cols() != b.Rows(),
                    "MziMesh::Multiply: a " << a.Rows() << " x " << a.Cols() << " matrix times a "
                                            << b.Rows() << " x " << b.Cols() << " one");
    const Eigen::MatrixXcd p = ToEigen(a) * ToEigen(b);
    return FromEigen(p);
}

} // namespace ns3
