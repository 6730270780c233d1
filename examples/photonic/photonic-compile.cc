/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Programming silicon photonic switches (lambda-lambda): a program in the module's linear-typed
 * language (a file, or written by the synthesizer from --spec) is type-checked, lowered and
 * embedded onto a switch target (a generated Clements, Reck, Benes or recirculating mesh, or a
 * target file) with the least worst path loss.
 *
 *   ./ns3 run "photonic-compile examples/photonic/programs/permutation8.lambda --target=benes"
 *   ./ns3 run "photonic-compile --spec=permutation --ports=128 --target=hexagonal
 * --elements=100000"
 *   ./ns3 run "photonic-compile --spec=unitary --ports=16 --target=clements"
 *   ./ns3 run "photonic-compile examples/photonic/programs/rotor4.lambda --check"
 *
 * Prints elements (of the target), elements-used, pairs, max-path-loss-db, mean-path-loss-db,
 * compile-s, elements-changed (against --previous; without it, the elements the program sets),
 * dark-inputs (dropped inputs left unrouted because no output was free to absorb them),
 * unitary-fidelity (analog programs) and first-fit-max-path-loss-db (the greedy baseline, for
 * circuit programs). With --check it only type-checks and prints rules-checked and slots.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PhotonicCompile");

int
main(int argc, char* argv[])
{
    PhotonicCompileConfig c;
    bool check = false;
    bool printProgram = false;

    OpticalExperiment exp("photonic-compile",
                          "Compile a photonic switch program onto a silicon photonic target");
    exp.AddText("program", "Program file (also the first bare argument)", c.program);
    exp.SetPositional("program");
    exp.AddText("spec",
                "Synthesize the program: permutation, multicast, rotor or unitary "
                "(instead of a file)",
                c.spec);
    exp.AddCount("ports", "Ports of a synthesized program", c.ports, 2, 4096);
    exp.AddCount("slots", "Rotor: slots (0: the whole round robin, ports - 1)", c.slots, 0, 4096);
    exp.AddTime("slot", "Rotor: slot length", c.slot, OpticalBounds::Above(0).AtMost(3600));
    exp.AddText("target",
                "Target: clements, reck, benes, hexagonal, square, triangular, or a target file",
                c.target,
                false);
    exp.AddCount("elements",
                 "Generated target: at least this many elements (0: the least for the ports)",
                 c.elements,
                 0,
                 20000000);
    exp.AddReal("elementLoss",
                "Generated target: loss of an element pass (dB)",
                c.elementLossDb,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddReal("crossingLoss",
                "Generated target: loss of a waveguide crossing (dB)",
                c.crossingLossDb,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddTime("switchingTime",
                "Generated target: element switching time",
                c.switchingTime,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddEnum("algorithm",
                "Embedding",
                c.algorithm,
                {"auto", "pathfinder", "ilp", "first-fit", "benes"});
    exp.AddText("previous", "Program in place before (counts elements-changed)", c.previous);
    exp.AddFlag("baseline", "Also embed by first fit (first-fit-max-path-loss-db)", c.baseline);
    exp.AddFlag("check", "Only type-check the program", check);
    exp.AddFlag("print", "Print the (synthesized) program on stderr", printProgram);
    exp.Parse(argc, argv);

    if (const std::string problem = PhotonicCompileStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }
    c.stream = 1;
    if (check)
    {
        // Type-check only: a file as it is; a specification as written for its target.
        PhotonicTarget target;
        std::string error;
        if (c.program.empty())
        {
            exp.Require(PhotonicCompileStudy::MakeTarget(c, c.ports, target, error),
                        "target",
                        error);
        }
        PhotonicProgram program;
        std::string text;
        std::vector<PhotonicDiagnostic> diagnostics;
        if (!PhotonicCompileStudy::Load(c, &target, program, text, diagnostics, error))
        {
            exp.Fail(error);
        }
        exp.Start();
        exp.Metric("rules-checked", PhotonicLanguage::GetRules().size());
        exp.Metric("slots", program.slots.size());
        return exp.Finish();
    }

    PhotonicCompileOutcome out;
    std::string error;
    if (!PhotonicCompileStudy::Run(c, out, error))
    {
        exp.Fail(error);
    }
    if (printProgram && !out.programText.empty())
    {
        std::cerr << out.programText;
    }
    exp.Start();
    PhotonicCompileRecorder recorder(exp.GetStore(), exp.GetRunId());
    recorder.Write(c, out);
    const PhotonicCompilation& r = out.compilation;
    exp.Metric("elements", out.target.GetElements().size());
    exp.Metric("elements-used", r.elementsUsed);
    exp.Metric("pairs", r.pairs);
    exp.Metric("slots", r.slots.size());
    exp.Metric("max-path-loss-db", r.maxPathLossDb, "dB");
    exp.Metric("mean-path-loss-db", r.meanPathLossDb, "dB");
    exp.Metric("compile-s", r.seconds, "s");
    exp.Metric("elements-changed", out.elementsChanged);
    uint32_t dark = 0;
    for (const PhotonicCompiledSlot& slot : r.slots)
    {
        dark += slot.darkInputs;
    }
    exp.Metric("dark-inputs", dark);
    if (out.analog)
    {
        exp.Metric("unitary-fidelity", out.fidelity);
    }
    if (out.hasBaseline && out.baselineOk)
    {
        exp.Metric("first-fit-max-path-loss-db", out.baselineMaxLossDb, "dB");
    }
    return exp.Finish();
}
