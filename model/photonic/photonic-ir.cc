/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-ir.h"

#include "ns3/fatal-error.h"

#include <algorithm>

namespace ns3
{

PhotonicMatrix::PhotonicMatrix(uint32_t rows, uint32_t cols)
    : m_rows(rows),
      m_cols(cols),
      m_data(static_cast<std::size_t>(rows) * cols)
{
}

PhotonicMatrix
PhotonicMatrix::Identity(uint32_t n)
{
    PhotonicMatrix m(n, n);
    for (uint32_t i = 0; i < n; ++i)
    {
        m(i, i) = 1.0;
    }
    return m;
}

uint32_t
PhotonicMatrix::Rows() const
{
    return m_rows;
}

uint32_t
PhotonicMatrix::Cols() const
{
    return m_cols;
}

std::complex<double>&
PhotonicMatrix::operator()(uint32_t r, uint32_t c)
{
    NS_ABORT_MSG_IF(r >= m_rows || c >= m_cols,
                    "PhotonicMatrix: entry (" << r << ", " << c << ") of a " << m_rows << " x "
                                              << m_cols << " matrix");
    return m_data[static_cast<std::size_t>(r) * m_cols + c];
}

const std::complex<double>&
PhotonicMatrix::operator()(uint32_t r, uint32_t c) const
{
    NS_ABORT_MSG_IF(r >= m_rows || c >= m_cols,
                    "PhotonicMatrix: entry (" << r << ", " << c << ") of a " << m_rows << " x "
                                              << m_cols << " matrix");
    return m_data[static_cast<std::size_t>(r) * m_cols + c];
}

std::string
PhotonicLocation::ToString() const
{
    return (file.empty() ? std::string("<string>") : file) + ":" + std::to_string(line) + ":" +
           std::to_string(column);
}

std::string
PhotonicDiagnostic::ToString() const
{
    return location.ToString() + ": error [" + rule + "]: " + message;
}

std::string
PhotonicOpName(PhotonicOp op)
{
    switch (op)
    {
    case PhotonicOp::INPUT:
        return "in";
    case PhotonicOp::OUTPUT:
        return "out";
    case PhotonicOp::MZI:
        return "mzi";
    case PhotonicOp::PHASE:
        return "phase";
    case PhotonicOp::SPLITTER:
        return "split";
    case PhotonicOp::COMBINER:
        return "combine";
    case PhotonicOp::CROSSING:
        return "cross";
    case PhotonicOp::DETECTOR:
        return "detect";
    case PhotonicOp::TERMINATOR:
        return "drop";
    case PhotonicOp::PERMUTE:
        return "permute";
    case PhotonicOp::MULTICAST:
        return "multicast";
    case PhotonicOp::UNITARY:
        return "unitary";
    }
    return "?";
}

uint32_t
PhotonicGraph::AddNode(const PhotonicNode& node)
{
    nodes.push_back(node);
    return static_cast<uint32_t>(nodes.size() - 1);
}

uint32_t
PhotonicGraph::AddEdge(const PhotonicEdge& edge)
{
    edges.push_back(edge);
    return static_cast<uint32_t>(edges.size() - 1);
}

uint32_t
PhotonicGraph::Count(PhotonicOp op) const
{
    return static_cast<uint32_t>(std::count_if(nodes.begin(),
                                               nodes.end(),
                                               [op](const PhotonicNode& n) { return n.op == op; }));
}

bool
PhotonicProgram::IsTimeVarying() const
{
    return slots.size() > 1 || (slots.size() == 1 && slots[0].duration.IsStrictlyPositive());
}

uint32_t
PhotonicProgram::GetNInputPorts() const
{
    uint32_t n = 0;
    for (const PhotonicPortDecl& d : ports)
    {
        if (d.input)
        {
            n = std::max(n, d.first + d.size);
        }
    }
    return n;
}

uint32_t
PhotonicProgram::GetNOutputPorts() const
{
    uint32_t n = 0;
    for (const PhotonicPortDecl& d : ports)
    {
        if (!d.input)
        {
            n = std::max(n, d.first + d.size);
        }
    }
    return n;
}

} // namespace ns3
