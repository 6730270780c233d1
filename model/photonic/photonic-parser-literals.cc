/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The photonic switch language parser's literals: whole numbers, complex numbers (0.5, -0.5i,
// 1e-3, 0.5+0.5i), matrix literals [a, b; c, d], and the rows of a matrix file.

#include "photonic-language-detail.h"

#include <cctype>
#include <cstdlib>

namespace ns3
{
namespace photonic
{

namespace
{

/**
 * \brief Parses a NUMBER token's value: a real, or an imaginary one with the suffix i.
 * \param [in] t The token
 * \param [out] value Its value
 * \param [out] imaginary Whether it has the suffix i
 * \return false if the suffix is neither "" nor "i" or the digits are malformed
 */
bool
NumberValue(const Token& t, double& value, bool& imaginary)
{
    std::string s = t.text;
    imaginary = false;
    if (!s.empty() && s.back() == 'i')
    {
        imaginary = true;
        s.pop_back();
    }
    if (s.empty())
    {
        return false;
    }
    for (char c : s)
    {
        if (std::isalpha(static_cast<unsigned char>(c)) && c != 'e' && c != 'E')
        {
            return false;
        }
    }
    char* end = nullptr;
    value = std::strtod(s.c_str(), &end);
    return end && *end == '\0';
}

} // namespace

bool
Parser::ParseInt(uint64_t& v, Token& tok)
{
    tok = Cur();
    if (Cur().kind != TokenKind::NUMBER ||
        Cur().text.find_first_not_of("0123456789") != std::string::npos || Cur().text.size() > 15)
    {
        SyntaxError(Cur(), "expected a whole number, not " + Describe(Cur()));
        return false;
    }
    v = std::stoull(Cur().text);
    Advance();
    return true;
}

bool
Parser::ParseComplex(std::complex<double>& v, Token& at, std::string& error, uint32_t line)
{
    at = Cur();
    double re = 0;
    double im = 0;
    double x = 0;
    bool imag = false;
    if (!ParseTerm(x, imag, error))
    {
        return false;
    }
    (imag ? im : re) = x;
    if (!imag && (IsPunct("+") || IsPunct("-")) && (line == 0 || Cur().line == line))
    {
        // The second term must be imaginary ("0.5+0.5i").
        double y = 0;
        bool imag2 = false;
        const Token t2 = Cur();
        if (!ParseTerm(y, imag2, error))
        {
            return false;
        }
        if (!imag2)
        {
            error = "expected an imaginary part (such as 0.5i) at " + Describe(t2);
            return false;
        }
        im = y;
    }
    v = std::complex<double>(re, im);
    return true;
}

bool
Parser::ParseTerm(double& x, bool& imag, std::string& error)
{
    double sign = 1;
    if (IsPunct("+") || IsPunct("-"))
    {
        sign = IsPunct("-") ? -1 : 1;
        Advance();
    }
    if (Cur().kind == TokenKind::NAME && Cur().text == "i")
    {
        x = sign;
        imag = true;
        Advance();
        return true;
    }
    if (Cur().kind != TokenKind::NUMBER || !NumberValue(Cur(), x, imag))
    {
        error = "expected a number (such as 0.5, -0.5i, 1e-3), not " + Describe(Cur());
        return false;
    }
    x *= sign;
    Advance();
    return true;
}

bool
Parser::ParseMatrix(MatrixLit& m)
{
    m.open = Cur();
    Advance(); // '['
    m.rows.emplace_back();
    m.toks.emplace_back();
    while (true)
    {
        if (IsPunct("]") && m.rows.size() == 1 && m.rows[0].empty())
        {
            Advance(); // empty list
            return true;
        }
        std::complex<double> v;
        Token at;
        std::string error;
        if (!ParseComplex(v, at, error, 0))
        {
            SyntaxError(Cur(), error);
            return false;
        }
        m.rows.back().push_back(v);
        m.toks.back().push_back(at);
        if (IsPunct(","))
        {
            Advance();
        }
        else if (IsPunct(";"))
        {
            Advance();
            m.rows.emplace_back();
            m.toks.emplace_back();
        }
        else if (IsPunct("]"))
        {
            Advance();
            return true;
        }
        else
        {
            SyntaxError(Cur(), "expected ',', ';' or ']' in a matrix, not " + Describe(Cur()));
            return false;
        }
    }
}

bool
Parser::ParseMatrixRows(std::vector<std::vector<std::complex<double>>>& rows,
                        std::string& error,
                        uint32_t& errLine,
                        uint32_t& errCol)
{
    uint32_t rowLine = 0;
    bool expectEntry = true;
    while (!AtEnd())
    {
        const Token& t = Cur();
        if (t.line != rowLine)
        {
            if (!expectEntry || rows.empty())
            {
                rows.emplace_back();
                rowLine = t.line;
                expectEntry = true;
            }
            else
            {
                error = "a row ends with ','";
                errLine = rowLine;
                errCol = 1;
                return false;
            }
        }
        if (expectEntry)
        {
            std::complex<double> v;
            Token at;
            std::string e;
            if (!ParseComplex(v, at, e, rowLine))
            {
                error = e;
                errLine = Cur().line;
                errCol = Cur().column;
                return false;
            }
            rows.back().push_back(v);
            expectEntry = false;
        }
        else if (IsPunct(",") && Cur().line == rowLine)
        {
            Advance();
            expectEntry = true;
        }
        else
        {
            error = "expected ',' or the end of the row, not " + Describe(Cur());
            errLine = Cur().line;
            errCol = Cur().column;
            return false;
        }
    }
    if (expectEntry && !rows.empty())
    {
        error = "a row ends with ','";
        errLine = rowLine;
        errCol = 1;
        return false;
    }
    return true;
}

} // namespace photonic
} // namespace ns3
