/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-compile-study.h"

#include "ns3/log.h"
#include "ns3/mzi-mesh.h"
#include "ns3/optical-data-file.h"
#include "ns3/photonic-language.h"
#include "ns3/photonic-synthesizer.h"
#include "ns3/random-variable-stream.h"

#include <algorithm>
#include <chrono>
#include <sys/stat.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicCompileStudy");

namespace
{

bool
IsIn(const std::string& value, const std::vector<std::string>& list)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

std::string
Join(const std::vector<std::string>& list)
{
    std::string out;
    for (std::size_t k = 0; k < list.size(); ++k)
    {
        out += (k ? ", " : "") + list[k];
    }
    return out;
}

bool
IsFile(const std::string& path)
{
    struct stat info;
    return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

/// Styles whose inputs and outputs are distinct ports (feed-forward, bipartite meshes).
bool
TwoSided(const std::string& style)
{
    return style == "clements" || style == "reck" || style == "benes" || style == "square" ||
           style == "triangular";
}

std::vector<std::string>
Algorithms()
{
    return {"auto", "pathfinder", "ilp", "first-fit", "benes"};
}

} // namespace

std::vector<std::string>
PhotonicCompileStudy::Styles()
{
    return {"clements", "reck", "benes", "hexagonal", "square", "triangular"};
}

std::string
PhotonicCompileStudy::ResolveFile(const std::string& path)
{
    if (path.empty() || IsFile(path) || path[0] == '/')
    {
        return path;
    }
    const std::string inModule = std::string(OPTICAL_SOURCE_DIR) + "/" + path;
    return IsFile(inModule) ? inModule : path;
}

std::vector<std::string>
PhotonicCompileStudy::Specs()
{
    return {"permutation", "multicast", "rotor", "unitary"};
}

std::string
PhotonicCompileStudy::Check(const PhotonicCompileConfig& c)
{
    // The values given first, then what is missing: a bad --target is named as such even
    // when no program is given yet.
    if (!c.program.empty() && !c.spec.empty())
    {
        return "--spec=" + c.spec + ": give a program FILE or --spec, not both";
    }
    if (!c.spec.empty() && !IsIn(c.spec, Specs()))
    {
        return "--spec=" + c.spec + ": unknown specification; allowed: " + Join(Specs());
    }
    if (!c.spec.empty() && c.ports < 2)
    {
        return "--ports=" + std::to_string(c.ports) + ": a specification needs at least 2 ports";
    }
    if (c.spec == "rotor" && c.slots >= c.ports)
    {
        return "--slots=" + std::to_string(c.slots) + ": a round robin of " +
               std::to_string(c.ports) + " ports has " + std::to_string(c.ports - 1) +
               " slots (0 for all of them)";
    }
    for (const auto& [option, path] :
         {std::pair<std::string, std::string>{"program", c.program}, {"previous", c.previous}})
    {
        if (!path.empty() && !IsFile(ResolveFile(path)))
        {
            return "--" + option + "=" + OpticalDataFile::Shorten(path) +
                   ": no such file (a relative path is looked up here, then in the module's "
                   "directory)";
        }
    }
    if (!IsIn(c.target, Styles()) && !IsFile(ResolveFile(c.target)))
    {
        return "--target=" + OpticalDataFile::Shorten(c.target) + ": neither a style (" +
               Join(Styles()) + ") nor a readable target file";
    }
    if (!IsIn(c.algorithm, Algorithms()))
    {
        return "--algorithm=" + c.algorithm + ": allowed: " + Join(Algorithms());
    }
    if (c.algorithm == "benes" && c.target != "benes" && IsIn(c.target, Styles()))
    {
        return "--algorithm=benes: the looping algorithm routes Benes targets only (--target=" +
               c.target + ")";
    }
    if (c.elements > 20000000)
    {
        return "--elements=" + std::to_string(c.elements) + ": at most 20,000,000";
    }
    if (c.program.empty() && c.spec.empty())
    {
        return "--spec=: give a program FILE or a specification (" + Join(Specs()) + ")";
    }
    return "";
}

bool
PhotonicCompileStudy::MakeTarget(const PhotonicCompileConfig& c,
                                 uint32_t needPorts,
                                 PhotonicTarget& target,
                                 std::string& error)
{
    if (!IsIn(c.target, Styles()))
    {
        if (!PhotonicTarget::Load(ResolveFile(c.target), target, error))
        {
            return false;
        }
        const uint32_t have = std::min(target.GetNInputs(), target.GetNOutputs());
        if (needPorts > have)
        {
            error = "--target=" + c.target + ": the program uses " + std::to_string(needPorts) +
                    " ports; the target has " + std::to_string(have);
            return false;
        }
        return true;
    }
    PhotonicTarget::Spec spec;
    spec.style = c.target;
    spec.ports = std::max<uint32_t>(needPorts, 2);
    spec.elements = c.elements;
    spec.elementLossDb = c.elementLossDb;
    spec.crossingLossDb = c.crossingLossDb;
    spec.switchingTime = c.switchingTime;
    if (!PhotonicTarget::Generate(spec, target, error))
    {
        error = "--target=" + c.target + ": " + error;
        return false;
    }
    return true;
}

bool
PhotonicCompileStudy::Synthesize(const PhotonicCompileConfig& c,
                                 const PhotonicTarget& target,
                                 std::string& text,
                                 std::string& error)
{
    const uint32_t n = c.ports;
    // Place the program's ports: feed-forward targets in order from port 0; recirculating
    // meshes spread them evenly around the border (clustered ports would crowd one corner),
    // inputs and outputs interleaved where a port serves either way (hexagonal).
    PhotonicSynthesizer::PortPlacement ports;
    for (uint32_t k = 0; k < n; ++k)
    {
        if (target.IsDirected())
        {
            ports.inputs.push_back(k);
            ports.outputs.push_back(k);
        }
        else if (target.IsTwoSided())
        {
            ports.inputs.push_back(static_cast<uint32_t>(uint64_t(k) * target.GetNInputs() / n));
            ports.outputs.push_back(static_cast<uint32_t>(uint64_t(k) * target.GetNOutputs() / n));
        }
        else
        {
            const uint64_t p = target.GetNInputs();
            ports.inputs.push_back(static_cast<uint32_t>(2 * k * p / (2 * n)));
            ports.outputs.push_back(static_cast<uint32_t>((2 * k + 1) * p / (2 * n)));
        }
    }
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(static_cast<int64_t>(c.stream));
    auto shuffled = [&u](uint32_t k) {
        std::vector<int32_t> p(k);
        for (uint32_t i = 0; i < k; ++i)
        {
            p[i] = static_cast<int32_t>(i);
        }
        for (uint32_t i = k - 1; i > 0; --i)
        {
            std::swap(p[i], p[u->GetInteger(0, i)]);
        }
        return p;
    };
    if (c.spec == "permutation")
    {
        return PhotonicSynthesizer::Permutation(shuffled(n), ports, text, error);
    }
    if (c.spec == "multicast")
    {
        // Groups of (up to) four destinations, each fed by one source, over shuffled outputs.
        const std::vector<int32_t> outputs = shuffled(n);
        const uint32_t fanout = std::min<uint32_t>(4, n);
        std::vector<std::pair<uint32_t, std::vector<uint32_t>>> groups;
        for (uint32_t g = 0; g * fanout < n; ++g)
        {
            std::vector<uint32_t> to;
            for (uint32_t k = g * fanout; k < std::min(n, (g + 1) * fanout); ++k)
            {
                to.push_back(static_cast<uint32_t>(outputs[k]));
            }
            groups.emplace_back(g, to);
        }
        return PhotonicSynthesizer::Multicast(groups, ports, text, error);
    }
    if (c.spec == "rotor")
    {
        std::vector<std::vector<int32_t>> matchings = PhotonicSynthesizer::RoundRobin(n);
        if (c.slots > 0)
        {
            matchings.resize(c.slots);
        }
        const std::vector<Time> durations(matchings.size(), c.slot);
        return PhotonicSynthesizer::Rotor(matchings, durations, ports, text, error);
    }
    if (c.spec == "unitary")
    {
        const PhotonicMatrix m = MziMesh::RandomUnitary(n, u->GetInteger(0, 0x7fffffff));
        return PhotonicSynthesizer::Unitary(m, text, error);
    }
    error = "--spec=" + c.spec + ": unknown specification; allowed: " + Join(Specs());
    return false;
}

bool
PhotonicCompileStudy::Load(const PhotonicCompileConfig& c,
                           const PhotonicTarget* target,
                           PhotonicProgram& program,
                           std::string& text,
                           std::vector<PhotonicDiagnostic>& diagnostics,
                           std::string& error)
{
    text.clear();
    if (!c.program.empty())
    {
        if (!PhotonicLanguage::ParseFile(ResolveFile(c.program), program, diagnostics))
        {
            error = diagnostics.empty() ? "cannot read " + c.program : "";
            for (const PhotonicDiagnostic& d : diagnostics)
            {
                error += (error.empty() ? "" : "\n") + d.ToString();
            }
            return false;
        }
        return true;
    }
    NS_ABORT_MSG_IF(!target, "PhotonicCompileStudy::Load: a specification needs the target");
    if (!Synthesize(c, *target, text, error))
    {
        error = "--spec=" + c.spec + ": " + error;
        return false;
    }
    if (!PhotonicLanguage::ParseString(text, "<" + c.spec + ">", program, diagnostics))
    {
        error = "the synthesized program does not type-check (a bug):";
        for (const PhotonicDiagnostic& d : diagnostics)
        {
            error += "\n" + d.ToString();
        }
        return false;
    }
    return true;
}

bool
PhotonicCompileStudy::Run(const PhotonicCompileConfig& c,
                          PhotonicCompileOutcome& out,
                          std::string& error)
{
    PhotonicProgram program;
    std::vector<PhotonicDiagnostic> diagnostics;
    const auto t0 = std::chrono::steady_clock::now();
    if (!c.program.empty())
    {
        if (!Load(c, nullptr, program, out.programText, diagnostics, error))
        {
            return false;
        }
        // Switch ports are target inputs and outputs (feed-forward) or I/O ports
        // (recirculating): either way the program needs the larger of its two counts.
        const uint32_t need = std::max(program.GetNInputPorts(), program.GetNOutputPorts());
        if (!MakeTarget(c, need, out.target, error))
        {
            return false;
        }
    }
    else
    {
        // Hexagonal meshes' ports serve either way: a program's outputs follow its inputs.
        const bool file = !IsIn(c.target, Styles());
        const uint32_t need = file || TwoSided(c.target) ? c.ports : 2 * c.ports;
        if (!MakeTarget(c, need, out.target, error))
        {
            return false;
        }
        if (!out.target.IsTwoSided() && out.target.GetNInputs() < 2 * c.ports)
        {
            error = "--target=" + c.target + ": a " + std::to_string(c.ports) +
                    "-port program needs " + std::to_string(2 * c.ports) +
                    " of its I/O ports (inputs and outputs); it has " +
                    std::to_string(out.target.GetNInputs());
            return false;
        }
    }
    out.targetSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (c.program.empty() && !Load(c, &out.target, program, out.programText, diagnostics, error))
    {
        return false;
    }

    PhotonicCompiler::Options options;
    options.router.algorithm = c.algorithm;
    PhotonicCompilation before;
    if (!c.previous.empty())
    {
        PhotonicCompileConfig pc = c;
        pc.program = c.previous;
        pc.spec.clear();
        PhotonicProgram previous;
        std::string unused;
        std::vector<PhotonicDiagnostic> pd;
        if (!Load(pc, nullptr, previous, unused, pd, error))
        {
            error = "--previous=" + c.previous + ":\n" + error;
            return false;
        }
        if (previous.GetNInputPorts() != program.GetNInputPorts() ||
            previous.GetNOutputPorts() != program.GetNOutputPorts())
        {
            error = "--previous=" + c.previous + ": uses " +
                    std::to_string(previous.GetNInputPorts()) + " input and " +
                    std::to_string(previous.GetNOutputPorts()) + " output ports, the program " +
                    std::to_string(program.GetNInputPorts()) + " and " +
                    std::to_string(program.GetNOutputPorts()) +
                    " (elements changed compare two configurations of the same ports)";
            return false;
        }
        before = PhotonicCompiler::Compile(previous, out.target, options);
        if (!before.ok)
        {
            error = "--previous=" + c.previous + ": " + before.error;
            return false;
        }
    }
    out.compilation = PhotonicCompiler::Compile(program,
                                                out.target,
                                                options,
                                                c.previous.empty() ? nullptr : &before);
    if (!out.compilation.ok)
    {
        error = out.compilation.error;
        return false;
    }
    out.elementsChanged = out.compilation.slots.front().elementsChanged;
    out.fidelity = 1;
    for (const PhotonicCompiledSlot& slot : out.compilation.slots)
    {
        if (slot.analog)
        {
            out.analog = true;
            out.fidelity = std::min(out.fidelity, slot.fidelity);
        }
    }
    if (c.baseline && !out.analog && c.algorithm != "first-fit")
    {
        PhotonicCompiler::Options greedy = options;
        greedy.router.algorithm = "first-fit";
        const PhotonicCompilation ff = PhotonicCompiler::Compile(program, out.target, greedy);
        out.hasBaseline = true;
        out.baselineOk = ff.ok;
        out.baselineMaxLossDb = ff.maxPathLossDb;
    }
    return true;
}

} // namespace ns3
