/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The target's structure and accessors. Generators: photonic-target-generate.cc; the file
// format: photonic-target-file.cc; the Benes looping algorithm: benes-router.cc.

#include "photonic-target.h"

#include "ns3/fatal-error.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace ns3
{

bool
PhotonicTarget::Build(const std::string& name,
                      const std::string& style,
                      bool directed,
                      const std::vector<PhotonicElement>& elements,
                      const std::vector<PhotonicIoPort>& ioPorts,
                      const std::vector<PhotonicWaveguide>& waveguides,
                      uint32_t nInputs,
                      double crossingLossDb,
                      double splitterExcessLossDb,
                      std::string& error)
{
    const uint64_t nNodes = 4 * static_cast<uint64_t>(elements.size()) + ioPorts.size();
    if (nNodes > UINT32_MAX / 2)
    {
        error = "target '" + name + "': " + std::to_string(elements.size()) +
                " elements is beyond what a target can hold";
        return false;
    }
    if (ioPorts.empty())
    {
        error = "target '" + name + "' has no I/O port";
        return false;
    }
    if (directed && (nInputs == 0 || nInputs >= ioPorts.size()))
    {
        error = "target '" + name +
                "': a feed-forward target needs inputs 0..N-1 and outputs "
                "after them; got " +
                std::to_string(nInputs) + " inputs of " + std::to_string(ioPorts.size()) +
                " I/O ports";
        return false;
    }
    if (!(crossingLossDb >= 0) || !(splitterExcessLossDb >= 0))
    {
        error = "target '" + name + "': crossing and splitter excess losses must be >= 0 dB";
        return false;
    }
    for (std::size_t e = 0; e < elements.size(); ++e)
    {
        if (!(elements[e].lossDb >= 0) || elements[e].switchingTime.IsStrictlyNegative() ||
            !(elements[e].powerMw >= 0))
        {
            error = "target '" + name + "': element " + std::to_string(e) +
                    " has a negative or non-finite loss, switching time or power";
            return false;
        }
    }
    std::vector<int32_t> at(nNodes, -1);
    for (std::size_t w = 0; w < waveguides.size(); ++w)
    {
        const PhotonicWaveguide& g = waveguides[w];
        for (uint32_t node : {g.a, g.b})
        {
            if (node >= nNodes)
            {
                error = "target '" + name + "': waveguide " + std::to_string(w) + " names node " +
                        std::to_string(node) + ", beyond the " + std::to_string(nNodes) + " nodes";
                return false;
            }
            if (at[node] >= 0)
            {
                error = "target '" + name + "': node " + std::to_string(node) +
                        " has two waveguides (" + std::to_string(at[node]) + " and " +
                        std::to_string(w) + ")";
                return false;
            }
            at[node] = static_cast<int32_t>(w);
        }
        if (g.a == g.b || !(g.lossDb >= 0))
        {
            error = "target '" + name + "': waveguide " + std::to_string(w) +
                    " joins a node to itself or has a negative loss";
            return false;
        }
    }
    m_name = name;
    m_style = style;
    m_directed = directed;
    m_elements = elements;
    m_waveguides = waveguides;
    m_io = ioPorts;
    for (std::size_t k = 0; k < m_io.size(); ++k)
    {
        m_io[k].node = static_cast<uint32_t>(4 * elements.size() + k);
    }
    m_waveguideAt = std::move(at);
    m_inputIo.clear();
    m_outputIo.clear();
    if (!directed)
    {
        SplitIoClasses();
        for (uint32_t k = 0; k < m_io.size(); ++k)
        {
            if (m_io[k].canInput)
            {
                m_inputIo.push_back(k);
            }
            if (m_io[k].canOutput)
            {
                m_outputIo.push_back(k);
            }
        }
    }
    m_nInputs = directed ? nInputs : static_cast<uint32_t>(m_inputIo.size());
    m_nOutputs = directed ? static_cast<uint32_t>(ioPorts.size()) - nInputs
                          : static_cast<uint32_t>(m_outputIo.size());
    m_inputOf.assign(m_io.size(), -1);
    m_outputOf.assign(m_io.size(), -1);
    for (uint32_t p = 0; p < m_nInputs; ++p)
    {
        m_inputOf[directed ? p : m_inputIo[p]] = static_cast<int32_t>(p);
    }
    for (uint32_t p = 0; p < m_nOutputs; ++p)
    {
        m_outputOf[directed ? nInputs + p : m_outputIo[p]] = static_cast<int32_t>(p);
    }
    m_crossingLossDb = crossingLossDb;
    m_splitterExcessLossDb = splitterExcessLossDb;
    m_mesh.clear();
    m_meshModes = 0;
    if (style == "clements" || style == "reck")
    {
        m_meshModes = m_nInputs;
        uint32_t columns = 0;
        for (const PhotonicElement& e : m_elements)
        {
            columns = std::max(columns, e.column + 1);
        }
        m_mesh.assign(static_cast<std::size_t>(columns) * m_meshModes, -1);
        for (std::size_t e = 0; e < m_elements.size(); ++e)
        {
            if (m_elements[e].mode >= m_meshModes)
            {
                error = "target '" + name + "': element " + std::to_string(e) + " sits on mode " +
                        std::to_string(m_elements[e].mode) + " of a " +
                        std::to_string(m_meshModes) + "-mode mesh";
                return false;
            }
            m_mesh[static_cast<std::size_t>(m_elements[e].column) * m_meshModes +
                   m_elements[e].mode] = static_cast<int32_t>(e);
        }
    }
    return true;
}

const std::string&
PhotonicTarget::GetStyle() const
{
    return m_style;
}

const std::string&
PhotonicTarget::GetName() const
{
    return m_name;
}

bool
PhotonicTarget::IsDirected() const
{
    return m_directed;
}

const std::vector<PhotonicElement>&
PhotonicTarget::GetElements() const
{
    return m_elements;
}

const std::vector<PhotonicWaveguide>&
PhotonicTarget::GetWaveguides() const
{
    return m_waveguides;
}

const std::vector<PhotonicIoPort>&
PhotonicTarget::GetIoPorts() const
{
    return m_io;
}

uint32_t
PhotonicTarget::GetNInputs() const
{
    return m_nInputs;
}

uint32_t
PhotonicTarget::GetNOutputs() const
{
    return m_nOutputs;
}

uint32_t
PhotonicTarget::InputIo(uint32_t port) const
{
    NS_ABORT_MSG_IF(port >= m_nInputs,
                    "target '" << m_name << "': input port " << port << " of " << m_nInputs);
    return m_directed ? port : m_inputIo[port];
}

uint32_t
PhotonicTarget::OutputIo(uint32_t port) const
{
    NS_ABORT_MSG_IF(port >= m_nOutputs,
                    "target '" << m_name << "': output port " << port << " of " << m_nOutputs);
    return m_directed ? m_nInputs + port : m_outputIo[port];
}

int32_t
PhotonicTarget::InputPortOf(uint32_t io) const
{
    return io < m_inputOf.size() ? m_inputOf[io] : -1;
}

int32_t
PhotonicTarget::OutputPortOf(uint32_t io) const
{
    return io < m_outputOf.size() ? m_outputOf[io] : -1;
}

bool
PhotonicTarget::IsTwoSided() const
{
    return std::none_of(m_io.begin(), m_io.end(), [](const PhotonicIoPort& p) {
        return p.canInput && p.canOutput;
    });
}

std::vector<bool>
PhotonicTarget::ReachableFrom(uint32_t io) const
{
    // Breadth-first over (node, next move): after a waveguide light must pass an element
    // (from one end to the other, bar or cross), after an element it takes a waveguide.
    const uint32_t elementNodes = 4 * static_cast<uint32_t>(m_elements.size());
    std::vector<bool> reached(m_io.size(), false);
    std::vector<uint8_t> seen(GetNNodes(), 0); // bit 0: to pass, bit 1: to leave
    std::vector<std::pair<uint32_t, uint8_t>> queue;
    auto leave = [&](uint32_t node) {
        const int32_t w = WaveguideAt(node);
        if (w < 0)
        {
            return;
        }
        const PhotonicWaveguide& g = m_waveguides[w];
        const uint32_t next = g.a == node ? g.b : g.a;
        if (m_directed && g.a != node)
        {
            return; // against the light
        }
        if (next >= elementNodes)
        {
            reached[next - elementNodes] = true;
        }
        else if (!(seen[next] & 1))
        {
            seen[next] |= 1;
            queue.emplace_back(next, 1);
        }
    };
    leave(IoNode(io));
    for (std::size_t head = 0; head < queue.size(); ++head)
    {
        const uint32_t node = queue[head].first;
        const uint32_t e = node / 4;
        const uint32_t end = (node % 4) / 2;
        if (m_directed && end == 1)
        {
            continue;
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            const uint32_t out = ElementPort(e, 1 - end, i);
            if (!(seen[out] & 2))
            {
                seen[out] |= 2;
                leave(out);
            }
        }
    }
    reached[io] = false;
    return reached;
}

void
PhotonicTarget::SplitIoClasses()
{
    // Meshes whose vertices only let light turn to a neighbouring cell (square, triangular)
    // are bipartite: I/O ports fall into two classes and light only joins ports of different
    // classes. Such a mesh is used two-sided: inputs in one class, outputs in the other. A
    // file that restricts its ports' directions is left as it is.
    for (const PhotonicIoPort& p : m_io)
    {
        if (!(p.canInput && p.canOutput))
        {
            return;
        }
    }
    const std::vector<bool> fromFirst = ReachableFrom(0);
    std::vector<uint32_t> other;
    for (uint32_t k = 1; k < m_io.size(); ++k)
    {
        if (!fromFirst[k])
        {
            other.push_back(k);
        }
    }
    if (other.empty())
    {
        return; // every port reaches every other: bidirectional ports
    }
    // A bipartition: the first port's class reaches exactly the other class.
    uint32_t firstOther = m_io.size();
    for (uint32_t k = 1; k < m_io.size(); ++k)
    {
        if (fromFirst[k])
        {
            firstOther = k;
            break;
        }
    }
    if (firstOther == m_io.size())
    {
        return;
    }
    const std::vector<bool> back = ReachableFrom(firstOther);
    for (uint32_t k = 0; k < m_io.size(); ++k)
    {
        if (k != firstOther && back[k] == fromFirst[k])
        {
            return; // not a clean bipartition: leave every port bidirectional
        }
    }
    for (uint32_t k = 0; k < m_io.size(); ++k)
    {
        m_io[k].canInput = !fromFirst[k];
        m_io[k].canOutput = fromFirst[k];
    }
}

uint32_t
PhotonicTarget::GetNNodes() const
{
    return static_cast<uint32_t>(4 * m_elements.size() + m_io.size());
}

uint32_t
PhotonicTarget::ElementPort(uint32_t element, uint32_t end, uint32_t index)
{
    return 4 * element + 2 * end + index;
}

uint32_t
PhotonicTarget::IoNode(uint32_t io) const
{
    NS_ABORT_MSG_IF(io >= m_io.size(),
                    "target '" << m_name << "': I/O port " << io << " of " << m_io.size());
    return static_cast<uint32_t>(4 * m_elements.size() + io);
}

int32_t
PhotonicTarget::WaveguideAt(uint32_t node) const
{
    return node < m_waveguideAt.size() ? m_waveguideAt[node] : -1;
}

double
PhotonicTarget::GetCrossingLossDb() const
{
    return m_crossingLossDb;
}

double
PhotonicTarget::GetSplitterExcessLossDb() const
{
    return m_splitterExcessLossDb;
}

double
PhotonicTarget::WaveguideLossDb(uint32_t w) const
{
    const PhotonicWaveguide& g = m_waveguides.at(w);
    return g.crossings * m_crossingLossDb + g.lossDb;
}

int32_t
PhotonicTarget::MeshElement(uint32_t column, uint32_t mode) const
{
    if (m_meshModes == 0 || mode >= m_meshModes)
    {
        return -1;
    }
    const std::size_t k = static_cast<std::size_t>(column) * m_meshModes + mode;
    return k < m_mesh.size() ? m_mesh[k] : -1;
}

} // namespace ns3
