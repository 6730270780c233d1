/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-synthesizer.h"

#include "ns3/log.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicSynthesizer");

namespace
{

/// Where the program's ports sit, and how its statements name them.
struct Layout
{
    PhotonicSynthesizer::PortPlacement ports; //!< Switch ports of a[k] and b[k]
    bool arrays{true};                        //!< Contiguous: a[N] @ x, b[M] @ y

    explicit Layout(const PhotonicSynthesizer::PortPlacement& p)
        : ports(p)
    {
        for (std::size_t k = 1; k < p.inputs.size(); ++k)
        {
            arrays = arrays && p.inputs[k] == p.inputs[0] + k;
        }
        for (std::size_t k = 1; k < p.outputs.size(); ++k)
        {
            arrays = arrays && p.outputs[k] == p.outputs[0] + k;
        }
    }

    std::string In(std::size_t k) const
    {
        return arrays ? "a[" + std::to_string(k) + "]" : "a_" + std::to_string(k);
    }

    std::string Out(std::size_t k) const
    {
        return arrays ? "b[" + std::to_string(k) + "]" : "b_" + std::to_string(k);
    }

    uint32_t NOutputs() const
    {
        return static_cast<uint32_t>(ports.outputs.size());
    }
};

PhotonicSynthesizer::PortPlacement
Contiguous(uint32_t nInputs, uint32_t nOutputs, uint32_t outFirst)
{
    PhotonicSynthesizer::PortPlacement p;
    for (uint32_t k = 0; k < nInputs; ++k)
    {
        p.inputs.push_back(k);
    }
    for (uint32_t k = 0; k < nOutputs; ++k)
    {
        p.outputs.push_back(outFirst + k);
    }
    return p;
}

void
WriteHeader(std::ostringstream& os,
            const std::string& name,
            const std::string& what,
            const Layout& l)
{
    os << "// Written by ns3-optical's PhotonicSynthesizer: " << what << ".\n";
    os << "program " << name << ";\n";
    if (l.arrays)
    {
        os << "in a[" << l.ports.inputs.size() << "]";
        if (!l.ports.inputs.empty() && l.ports.inputs[0])
        {
            os << " @ " << l.ports.inputs[0];
        }
        os << ";\nout b[" << l.ports.outputs.size() << "]";
        if (!l.ports.outputs.empty() && l.ports.outputs[0])
        {
            os << " @ " << l.ports.outputs[0];
        }
        os << ";\n";
        return;
    }
    for (std::size_t k = 0; k < l.ports.inputs.size(); ++k)
    {
        os << "in " << l.In(k) << " @ " << l.ports.inputs[k] << ";\n";
    }
    for (std::size_t k = 0; k < l.ports.outputs.size(); ++k)
    {
        os << "out " << l.Out(k) << " @ " << l.ports.outputs[k] << ";\n";
    }
}

/// Checks a partial permutation; writes its statements (indented by \p indent).
bool
PermutationBody(const std::vector<int32_t>& perm,
                const Layout& l,
                const std::string& indent,
                std::ostringstream& os,
                std::string& error)
{
    const uint32_t nOutputs = l.NOutputs();
    std::set<int32_t> seen;
    for (std::size_t i = 0; i < perm.size(); ++i)
    {
        const int32_t o = perm[i];
        if (o == PhotonicSynthesizer::NONE)
        {
            continue;
        }
        if (o < 0 || static_cast<uint32_t>(o) >= nOutputs)
        {
            error = "input " + std::to_string(i) + " goes to output " + std::to_string(o) +
                    ", outside 0.." + std::to_string(nOutputs - 1);
            return false;
        }
        if (!seen.insert(o).second)
        {
            error = "output " + std::to_string(o) + " is the destination of two inputs";
            return false;
        }
    }
    for (std::size_t i = 0; i < perm.size(); ++i)
    {
        if (perm[i] == PhotonicSynthesizer::NONE)
        {
            os << indent << "drop(" << l.In(i) << ");\n";
        }
        else
        {
            os << indent << l.Out(perm[i]) << " = " << l.In(i) << ";\n";
        }
    }
    return true;
}

std::string
Complex(const std::complex<double>& z)
{
    char buf[80];
    std::snprintf(buf, sizeof(buf), "%.17g%+.17gi", z.real(), z.imag());
    return buf;
}

} // namespace

bool
PhotonicSynthesizer::Permutation(const std::vector<int32_t>& perm,
                                 uint32_t nOutputs,
                                 uint32_t outFirst,
                                 std::string& text,
                                 std::string& error)
{
    return Permutation(perm,
                       Contiguous(static_cast<uint32_t>(perm.size()), nOutputs, outFirst),
                       text,
                       error);
}

bool
PhotonicSynthesizer::Permutation(const std::vector<int32_t>& perm,
                                 const PortPlacement& ports,
                                 std::string& text,
                                 std::string& error)
{
    if (perm.empty() || ports.outputs.empty() || ports.inputs.size() != perm.size())
    {
        error = "a permutation needs at least one input and one output, and a port per input";
        return false;
    }
    const Layout l(ports);
    std::ostringstream os;
    WriteHeader(os,
                "permutation",
                "a permutation of " + std::to_string(perm.size()) + " inputs",
                l);
    if (!PermutationBody(perm, l, "", os, error))
    {
        return false;
    }
    text = os.str();
    return true;
}

bool
PhotonicSynthesizer::Multicast(
    uint32_t nInputs,
    const std::vector<std::pair<uint32_t, std::vector<uint32_t>>>& groups,
    uint32_t nOutputs,
    uint32_t outFirst,
    std::string& text,
    std::string& error)
{
    return Multicast(groups, Contiguous(nInputs, nOutputs, outFirst), text, error);
}

bool
PhotonicSynthesizer::Multicast(
    const std::vector<std::pair<uint32_t, std::vector<uint32_t>>>& groups,
    const PortPlacement& ports,
    std::string& text,
    std::string& error)
{
    const Layout l(ports);
    const auto nInputs = static_cast<uint32_t>(ports.inputs.size());
    const uint32_t nOutputs = l.NOutputs();
    if (nInputs == 0 || nOutputs == 0)
    {
        error = "a multicast needs at least one input and one output";
        return false;
    }
    std::vector<bool> inputUsed(nInputs, false);
    std::vector<bool> outputUsed(nOutputs, false);
    std::ostringstream body;
    for (const auto& [input, outputs] : groups)
    {
        if (input >= nInputs || inputUsed[input])
        {
            error = "multicast source " + std::to_string(input) +
                    (input >= nInputs ? " is beyond the " + std::to_string(nInputs) + " inputs"
                                      : " appears in two groups");
            return false;
        }
        if (outputs.empty())
        {
            error = "multicast source " + std::to_string(input) + " has no destination";
            return false;
        }
        inputUsed[input] = true;
        for (std::size_t k = 0; k < outputs.size(); ++k)
        {
            const uint32_t o = outputs[k];
            if (o >= nOutputs || outputUsed[o])
            {
                error = "multicast destination " + std::to_string(o) +
                        (o >= nOutputs ? " is beyond the " + std::to_string(nOutputs) + " outputs"
                                       : " receives two sources");
                return false;
            }
            outputUsed[o] = true;
            body << (k ? ", " : "") << l.Out(o);
        }
        if (outputs.size() == 1)
        {
            body << " = " << l.In(input) << ";\n";
        }
        else
        {
            body << " = multicast(" << l.In(input) << ");\n";
        }
    }
    for (uint32_t i = 0; i < nInputs; ++i)
    {
        if (!inputUsed[i])
        {
            body << "drop(" << l.In(i) << ");\n";
        }
    }
    std::ostringstream os;
    WriteHeader(os, "multicast", "a multicast of " + std::to_string(groups.size()) + " groups", l);
    os << body.str();
    text = os.str();
    return true;
}

bool
PhotonicSynthesizer::Rotor(const std::vector<std::vector<int32_t>>& matchings,
                           const std::vector<Time>& durations,
                           uint32_t nOutputs,
                           uint32_t outFirst,
                           std::string& text,
                           std::string& error)
{
    const auto n = static_cast<uint32_t>(matchings.empty() ? 0 : matchings[0].size());
    return Rotor(matchings, durations, Contiguous(n, nOutputs, outFirst), text, error);
}

bool
PhotonicSynthesizer::Rotor(const std::vector<std::vector<int32_t>>& matchings,
                           const std::vector<Time>& durations,
                           const PortPlacement& ports,
                           std::string& text,
                           std::string& error)
{
    const Layout l(ports);
    if (matchings.empty() || matchings.size() != durations.size())
    {
        error = "a rotor needs one duration per matching (" + std::to_string(matchings.size()) +
                " matchings, " + std::to_string(durations.size()) + " durations)";
        return false;
    }
    const std::size_t n = matchings[0].size();
    std::ostringstream os;
    WriteHeader(os, "rotor", "a rotor of " + std::to_string(matchings.size()) + " slots", l);
    for (std::size_t s = 0; s < matchings.size(); ++s)
    {
        if (matchings[s].size() != n || n == 0 || n != ports.inputs.size())
        {
            error = "rotor slot " + std::to_string(s) + " has " +
                    std::to_string(matchings[s].size()) + " inputs; every slot needs " +
                    std::to_string(n);
            return false;
        }
        if (!durations[s].IsStrictlyPositive())
        {
            error = "rotor slot " + std::to_string(s) + " must last longer than 0";
            return false;
        }
        os << "slot " << durations[s].GetNanoSeconds() << "ns {\n";
        if (!PermutationBody(matchings[s], l, "    ", os, error))
        {
            error = "rotor slot " + std::to_string(s) + ": " + error;
            return false;
        }
        os << "}\n";
    }
    text = os.str();
    return true;
}

bool
PhotonicSynthesizer::Unitary(const PhotonicMatrix& u, std::string& text, std::string& error)
{
    if (u.Rows() < 2 || u.Rows() != u.Cols())
    {
        error = "a unitary must be square and at least 2 x 2 (got " + std::to_string(u.Rows()) +
                " x " + std::to_string(u.Cols()) + ")";
        return false;
    }
    const uint32_t n = u.Rows();
    std::ostringstream os;
    WriteHeader(os,
                "unitary",
                "an analog " + std::to_string(n) + "-mode unitary",
                Layout(Contiguous(n, n, 0)));
    os << "b[0.." << n - 1 << "] = unitary(a[0.." << n - 1 << "], [";
    for (uint32_t r = 0; r < n; ++r)
    {
        os << (r ? ";\n    " : "");
        for (uint32_t c = 0; c < n; ++c)
        {
            if (!std::isfinite(u(r, c).real()) || !std::isfinite(u(r, c).imag()))
            {
                error = "entry (" + std::to_string(r) + ", " + std::to_string(c) +
                        ") of the unitary is not finite";
                return false;
            }
            os << (c ? ", " : "") << Complex(u(r, c));
        }
    }
    os << "]);\n";
    text = os.str();
    return true;
}

std::vector<int32_t>
PhotonicSynthesizer::FromConfiguration(const OcsConfiguration& config, uint32_t nPorts)
{
    const std::vector<int32_t> out = config.GetOutputMap(nPorts);
    return std::vector<int32_t>(out.begin(), out.end());
}

std::vector<std::vector<int32_t>>
PhotonicSynthesizer::RoundRobin(uint32_t n)
{
    std::vector<std::vector<int32_t>> slots;
    for (uint32_t k = 1; k < n; ++k)
    {
        std::vector<int32_t> m(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            m[i] = static_cast<int32_t>((i + k) % n);
        }
        slots.push_back(m);
    }
    return slots;
}

} // namespace ns3
