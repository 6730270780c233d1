/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The matrix files of the photonic switch language (unitary(..., file="name")): rows of
// comma-separated complex literals, read through OpticalDataFile and the language's parser.

#include "photonic-language-detail.h"

#include "ns3/optical-data-file.h"

namespace ns3
{
namespace photonic
{

bool
ReadMatrixFile(const std::string& path,
               PhotonicMatrix& m,
               std::string& error,
               uint32_t& line,
               uint32_t& col)
{
    line = 0;
    col = 0;
    std::string text;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        error = "matrix file: " + error;
        return false;
    }
    const std::vector<Token> toks = Tokenize(text);
    std::vector<PhotonicDiagnostic> dummy;
    Context ctx;
    ctx.diags = &dummy;
    Parser p(toks, ctx);
    std::vector<std::vector<std::complex<double>>> rows;
    if (!p.ParseMatrixRows(rows, error, line, col))
    {
        return false;
    }
    if (rows.empty())
    {
        error = "matrix file " + path + " has no rows";
        line = 1;
        col = 1;
        return false;
    }
    uint32_t rowLine = 0;
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
        if (rows[r].size() != rows[0].size())
        {
            // Find the row's line again from the tokens.
            uint32_t seen = 0;
            uint32_t last = 0;
            for (const Token& t : toks)
            {
                if (t.kind != TokenKind::END && t.line != last)
                {
                    last = t.line;
                    if (seen == r)
                    {
                        rowLine = t.line;
                        break;
                    }
                    ++seen;
                }
            }
            error = "row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                    " entries, row 1 has " + std::to_string(rows[0].size()) +
                    "; allowed: every row of the same length";
            line = rowLine;
            col = 1;
            return false;
        }
    }
    m = PhotonicMatrix(rows.size(), rows[0].size());
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
        for (std::size_t c = 0; c < rows[r].size(); ++c)
        {
            m(r, c) = rows[r][c];
        }
    }
    return true;
}

} // namespace photonic
} // namespace ns3
