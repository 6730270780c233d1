/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The photonic switch language's rules of each primitive (mzi, phase, split, combine, cross,
// detect, drop, multicast, permute, unitary): their signals, numbers, lists and matrices.

#include "photonic-checker-detail.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{
namespace photonic
{

namespace
{

/// Tolerance of the unitarity test: every entry of M^H M - I within this (documented: 1e-8).
constexpr double UNITARY_TOLERANCE = 1e-8;

/**
 * \brief The defect of a matrix from unitarity.
 * \param [in] m The matrix
 * \return the largest |(M^H M - I)_{ij}|
 */
double
UnitaryDefect(const PhotonicMatrix& m)
{
    const uint32_t n = m.Cols();
    double worst = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        for (uint32_t j = 0; j < n; ++j)
        {
            std::complex<double> s = 0;
            for (uint32_t k = 0; k < m.Rows(); ++k)
            {
                s += std::conj(m(k, i)) * m(k, j);
            }
            if (i == j)
            {
                s -= 1.0;
            }
            worst = std::max(worst, std::abs(s));
        }
    }
    return worst;
}

} // namespace

bool
ScopeChecker::CheckPrimitive(Call& call)
{
    const std::string& prim = call.prim;
    if (prim == "mzi" || prim == "phase" || prim == "split")
    {
        CheckParametric(call);
    }
    else if (prim == "combine" || prim == "cross" || prim == "detect" || prim == "drop")
    {
        CheckPassive(call);
    }
    else if (prim == "multicast")
    {
        CheckMulticast(call);
    }
    else if (prim == "permute")
    {
        CheckPermute(call);
    }
    else if (prim == "unitary")
    {
        CheckUnitary(call);
    }
    else
    {
        RejectUnknownPrimitive(call);
        return false;
    }
    return true;
}

void
ScopeChecker::NeedInputs(Call& call, uint32_t k)
{
    if (call.insOk && call.ins.size() != k)
    {
        m_ctx.Error(call.ins.size() > k ? call.ins[k].tok : call.st.prim,
                    "arguments",
                    call.ins.size() > k ? call.ins[k].key : call.sig0,
                    call.prim + " takes " + std::to_string(k) + " signal(s), got " +
                        std::to_string(call.ins.size()) + " (" + Keys(call.ins) + ")");
        call.ok = false;
    }
}

void
ScopeChecker::NoValueArgs(Call& call)
{
    for (const Arg& a : call.st.args)
    {
        if (!(a.kind == Arg::REF && !a.keyed))
        {
            m_ctx.Error(a.keyed ? a.key : a.tok,
                        "arguments",
                        call.sig0,
                        call.prim + "(" + call.sig0 +
                            ") takes only signals; this argument is extra");
            call.ok = false;
        }
    }
}

bool
ScopeChecker::Params(const Stmt& st,
                     const std::vector<std::string>& keys,
                     std::vector<double>& values,
                     std::vector<bool>& given,
                     std::vector<Token>& toks,
                     const std::string& sig0)
{
    bool ok = true;
    std::size_t pos = 0;
    const std::string prim = st.prim.text + "(" + sig0 + ")";
    for (const Arg& a : st.args)
    {
        if (a.kind == Arg::REF && !a.keyed)
        {
            continue;
        }
        std::size_t slot = keys.size();
        if (a.keyed)
        {
            auto k = std::find(keys.begin(), keys.end(), a.key.text);
            if (k == keys.end())
            {
                std::string allowed;
                for (const std::string& s : keys)
                {
                    allowed += (allowed.empty() ? "" : ", ") + s;
                }
                m_ctx.Error(a.key,
                            "arguments",
                            sig0,
                            prim + " has no argument '" + a.key.text +
                                "'; allowed: " + (allowed.empty() ? std::string("none") : allowed));
                ok = false;
                continue;
            }
            slot = k - keys.begin();
        }
        else if (a.kind == Arg::NUMBER)
        {
            while (pos < keys.size() && given[pos])
            {
                ++pos;
            }
            slot = pos;
            if (slot >= keys.size())
            {
                m_ctx.Error(a.tok,
                            "arguments",
                            sig0,
                            prim + " takes at most " + std::to_string(keys.size()) +
                                " number(s); this one is extra");
                ok = false;
                continue;
            }
        }
        else
        {
            m_ctx.Error(a.tok,
                        "arguments",
                        sig0,
                        std::string("a ") + (a.kind == Arg::STRING ? "string" : "matrix") +
                            " is not an argument of " + prim + "; allowed: signals and numbers");
            ok = false;
            continue;
        }
        if (given[slot])
        {
            m_ctx.Error(a.keyed ? a.key : a.tok,
                        "arguments",
                        sig0,
                        prim + "'s " + keys[slot] + " is given twice");
            ok = false;
            continue;
        }
        given[slot] = true; // given (even if refused below): not reported as missing
        if (a.kind != Arg::NUMBER)
        {
            m_ctx.Error(a.tok,
                        "arguments",
                        sig0,
                        prim + "'s " + keys[slot] + " must be a real number");
            ok = false;
            continue;
        }
        if (a.num.imag() != 0 || !std::isfinite(a.num.real()))
        {
            m_ctx.Error(a.tok,
                        "arguments",
                        sig0,
                        prim + "'s " + keys[slot] + " is " +
                            (a.num.imag() != 0 ? "not real" : "not finite") +
                            "; allowed: a finite real number");
            ok = false;
            continue;
        }
        given[slot] = true;
        values[slot] = a.num.real();
        toks[slot] = a.tok;
    }
    return ok;
}

void
ScopeChecker::CheckParametric(Call& call)
{
    std::vector<std::string> keys;
    uint32_t k = 1;
    if (call.prim == "mzi")
    {
        call.node.op = PhotonicOp::MZI;
        keys = {"theta", "phi"};
        k = 2;
        call.nOut = 2;
    }
    else if (call.prim == "phase")
    {
        call.node.op = PhotonicOp::PHASE;
        keys = {"phi"};
        call.nOut = 1;
    }
    else
    {
        call.node.op = PhotonicOp::SPLITTER;
        keys = {"ratio"};
        call.nOut = 2;
    }
    NeedInputs(call, k);
    std::vector<double> values(keys.size(), 0.0);
    std::vector<bool> given(keys.size(), false);
    std::vector<Token> toks(keys.size());
    if (call.prim == "split")
    {
        values[0] = 0.5;
    }
    const bool paramsOk = Params(call.st, keys, values, given, toks, call.sig0);
    call.ok = paramsOk && call.ok;
    if (call.prim == "phase" && !given[0] && paramsOk)
    {
        m_ctx.Error(call.st.prim,
                    "arguments",
                    call.sig0,
                    "phase needs its phase: phase(" + (call.sig0.empty() ? "x" : call.sig0) +
                        ", P) or phi=P (radians)");
        call.ok = false;
    }
    if (call.prim == "split" && (values[0] <= 0 || values[0] >= 1))
    {
        m_ctx.Error(toks[0],
                    "ratio-range",
                    call.sig0,
                    "split ratio " + std::to_string(values[0]) + " of " + call.sig0 +
                        "; allowed: 0 < ratio < 1");
        call.ok = false;
    }
    call.node.params = values;
}

void
ScopeChecker::CheckPassive(Call& call)
{
    if (call.prim == "combine")
    {
        call.node.op = PhotonicOp::COMBINER;
        NeedInputs(call, 2);
        call.nOut = 1;
    }
    else if (call.prim == "cross")
    {
        call.node.op = PhotonicOp::CROSSING;
        NeedInputs(call, 2);
        call.nOut = 2;
    }
    else
    {
        // drop(a[0..3]) or detect(x, y): one terminator or detector per signal.
        call.node.op = call.prim == "detect" ? PhotonicOp::DETECTOR : PhotonicOp::TERMINATOR;
        if (call.insOk && call.ins.empty())
        {
            NeedInputs(call, 1);
        }
        call.nOut = 0;
    }
    NoValueArgs(call);
}

void
ScopeChecker::CheckMulticast(Call& call)
{
    call.node.op = PhotonicOp::MULTICAST;
    NeedInputs(call, 1);
    NoValueArgs(call);
    call.nOut = static_cast<uint32_t>(call.lhs.size());
    if (call.lhsOk && call.nOut == 0)
    {
        m_ctx.Error(call.st.prim,
                    "arity",
                    call.sig0,
                    "multicast of " + call.sig0 +
                        " has no outputs; allowed: k >= 1 signals on the left");
        call.ok = false;
    }
}

void
ScopeChecker::CheckPermute(Call& call)
{
    call.node.op = PhotonicOp::PERMUTE;
    call.nOut = static_cast<uint32_t>(call.ins.size());
    const Arg* list = FindPermutationList(call);
    if (!list)
    {
        m_ctx.Error(call.st.prim,
                    "arguments",
                    call.sig0,
                    "permute(" + call.sig0 +
                        ", ...) needs its list [p0, p1, ...] (input i leaves by output p_i)");
        call.ok = false;
    }
    else if (list->mat.rows.size() != 1)
    {
        m_ctx.Error(list->tok,
                    "not-permutation",
                    call.sig0,
                    "the permutation of " + call.sig0 + ", ... is a matrix of " +
                        std::to_string(list->mat.rows.size()) +
                        " rows; allowed: one list [p0, p1, ...]");
        call.ok = false;
    }
    else if (call.insOk)
    {
        const auto& row = list->mat.rows[0];
        if (row.size() != call.ins.size())
        {
            m_ctx.Error(list->tok,
                        "size-mismatch",
                        call.sig0,
                        "permutation of " + call.sig0 + ", ... has " + std::to_string(row.size()) +
                            " entries for " + std::to_string(call.ins.size()) +
                            " input signals; allowed: one entry per input");
            call.ok = false;
        }
        else
        {
            CheckPermutationEntries(call, *list);
        }
    }
}

const Arg*
ScopeChecker::FindPermutationList(Call& call)
{
    const Arg* list = nullptr;
    for (const Arg& a : call.st.args)
    {
        if (a.kind == Arg::REF && !a.keyed)
        {
            continue;
        }
        if (!list && a.kind == Arg::MATRIX && (!a.keyed || a.key.text == "perm"))
        {
            list = &a;
            continue;
        }
        m_ctx.Error(a.keyed ? a.key : a.tok,
                    "arguments",
                    call.sig0,
                    "permute(" + call.sig0 +
                        ", ...) takes signals and one list [p0, p1, ...]; this argument "
                        "is extra or of the wrong kind");
        call.ok = false;
    }
    return list;
}

void
ScopeChecker::CheckPermutationEntries(Call& call, const Arg& list)
{
    const auto& row = list.mat.rows[0];
    std::vector<bool> seen(row.size(), false);
    for (std::size_t i = 0; i < row.size(); ++i)
    {
        const double v = row[i].real();
        const bool integral = row[i].imag() == 0 && v >= 0 && v < static_cast<double>(row.size()) &&
                              v == std::floor(v);
        if (!integral || seen[static_cast<std::size_t>(v)])
        {
            m_ctx.Error(list.mat.toks[0][i],
                        "not-permutation",
                        call.ins[i].key,
                        "entry " + std::to_string(i) + " (" + list.mat.toks[0][i].text +
                            ") of the permutation " +
                            (integral ? "repeats an output" : "is not an output index") +
                            " (input " + call.ins[i].key + "); allowed: each of 0.." +
                            std::to_string(row.size() - 1) + " exactly once");
            call.ok = false;
            break;
        }
        seen[static_cast<std::size_t>(v)] = true;
        call.node.perm.push_back(static_cast<uint32_t>(v));
    }
}

void
ScopeChecker::CheckUnitary(Call& call)
{
    call.node.op = PhotonicOp::UNITARY;
    call.nOut = static_cast<uint32_t>(call.ins.size());
    const Arg* mat = FindUnitaryMatrix(call);
    if (!mat)
    {
        m_ctx.Error(call.st.prim,
                    "arguments",
                    call.sig0,
                    "unitary(" + call.sig0 + ", ...) needs its matrix: [..] or file=\"name\"");
        call.ok = false;
    }
    else
    {
        bool have = true;
        PhotonicMatrix m;
        if (mat->kind == Arg::MATRIX)
        {
            have = MatrixFromLiteral(call, *mat, m);
        }
        else
        {
            have = MatrixFromFile(call, *mat, m);
        }
        if (have)
        {
            have = CheckUnitaryMatrix(call, *mat, m);
        }
        call.ok = call.ok && have;
        call.node.matrix = m;
    }
}

const Arg*
ScopeChecker::FindUnitaryMatrix(Call& call)
{
    const Arg* mat = nullptr;
    for (const Arg& a : call.st.args)
    {
        if (a.kind == Arg::REF && !a.keyed)
        {
            continue;
        }
        const bool isMat = a.kind == Arg::MATRIX && (!a.keyed || a.key.text == "matrix");
        const bool isFile = a.kind == Arg::STRING && a.keyed && a.key.text == "file";
        if (!mat && (isMat || isFile))
        {
            mat = &a;
            continue;
        }
        m_ctx.Error(a.keyed ? a.key : a.tok,
                    "arguments",
                    call.sig0,
                    "unitary(" + call.sig0 +
                        ", ...) takes signals and one matrix ([..] or file=\"name\"); this "
                        "argument is extra or of the wrong kind");
        call.ok = false;
    }
    return mat;
}

bool
ScopeChecker::MatrixFromLiteral(const Call& call, const Arg& mat, PhotonicMatrix& m)
{
    bool have = true;
    const auto& rows = mat.mat.rows;
    for (std::size_t r = 0; r < rows.size() && have; ++r)
    {
        if (rows[r].size() != rows[0].size())
        {
            m_ctx.Error(mat.mat.toks[r].empty() ? mat.tok : mat.mat.toks[r][0],
                        "not-unitary",
                        call.sig0,
                        "matrix row " + std::to_string(r + 1) + " of unitary(" + call.sig0 +
                            ", ...) has " + std::to_string(rows[r].size()) +
                            " entries, row 1 has " + std::to_string(rows[0].size()) +
                            "; allowed: a square unitary matrix");
            have = false;
        }
    }
    if (have)
    {
        m = PhotonicMatrix(rows.size(), rows[0].size());
        for (std::size_t r = 0; r < rows.size(); ++r)
        {
            for (std::size_t c = 0; c < rows[r].size(); ++c)
            {
                m(r, c) = rows[r][c];
            }
        }
    }
    return have;
}

bool
ScopeChecker::MatrixFromFile(const Call& call, const Arg& mat, PhotonicMatrix& m)
{
    bool have = true;
    std::string path = mat.str;
    if (!path.empty() && path[0] != '/' && !m_ctx.baseDir.empty())
    {
        path = m_ctx.baseDir + "/" + path;
    }
    std::string error;
    uint32_t line = 0;
    uint32_t col = 0;
    if (!ReadMatrixFile(path, m, error, line, col))
    {
        PhotonicDiagnostic d;
        if (line == 0)
        {
            d.location = m_ctx.Loc(mat.tok);
        }
        else
        {
            d.location.file = path;
            d.location.line = line;
            d.location.column = col;
            error = path + ":" + std::to_string(line) + ": " + error;
        }
        d.rule = "matrix-file";
        d.signal = call.sig0;
        d.message = error + " (matrix of unitary(" + call.sig0 + ", ...) at " +
                    m_ctx.Loc(mat.tok).ToString() + ")";
        m_ctx.diags->push_back(d);
        have = false;
    }
    return have;
}

bool
ScopeChecker::CheckUnitaryMatrix(const Call& call, const Arg& mat, const PhotonicMatrix& m)
{
    bool have = true;
    bool finite = true;
    for (uint32_t r = 0; r < m.Rows(); ++r)
    {
        for (uint32_t c = 0; c < m.Cols(); ++c)
        {
            finite = finite && std::isfinite(m(r, c).real()) && std::isfinite(m(r, c).imag());
        }
    }
    if (m.Rows() != m.Cols())
    {
        m_ctx.Error(mat.tok,
                    "not-unitary",
                    call.sig0,
                    "the matrix of unitary(" + call.sig0 + ", ...) is " + std::to_string(m.Rows()) +
                        " x " + std::to_string(m.Cols()) + "; allowed: a square unitary matrix");
        have = false;
    }
    else if (call.insOk && m.Rows() != call.ins.size())
    {
        m_ctx.Error(mat.tok,
                    "size-mismatch",
                    call.sig0,
                    "a " + std::to_string(m.Rows()) + " x " + std::to_string(m.Cols()) +
                        " matrix for unitary(" + call.sig0 + ", ...) of " +
                        std::to_string(call.ins.size()) +
                        " input signals; allowed: n x n for n inputs");
        have = false;
    }
    else if (!finite)
    {
        m_ctx.Error(mat.tok,
                    "arguments",
                    call.sig0,
                    "the matrix of unitary(" + call.sig0 +
                        ", ...) has entries that are not finite");
        have = false;
    }
    else
    {
        const double defect = UnitaryDefect(m);
        if (!(defect <= UNITARY_TOLERANCE))
        {
            std::ostringstream os;
            os << "the matrix of unitary(" << call.sig0
               << ", ...) is not unitary: M^H M differs from I by " << defect
               << "; allowed: at most " << UNITARY_TOLERANCE << " per entry";
            m_ctx.Error(mat.tok, "not-unitary", call.sig0, os.str());
            have = false;
        }
    }
    return have;
}

void
ScopeChecker::RejectUnknownPrimitive(const Call& call)
{
    m_ctx.Error(call.st.prim,
                "unknown-primitive",
                call.sig0,
                "unknown primitive '" + call.prim + "' applied to " +
                    (call.sig0.empty() ? std::string("nothing") : call.sig0) +
                    "; allowed: mzi, phase, split, combine, cross, detect, drop, "
                    "permute, multicast, unitary");
    for (const Elem& e : call.lhs)
    {
        Define(e, UINT32_MAX, 0, "", false);
    }
}

} // namespace photonic
} // namespace ns3
