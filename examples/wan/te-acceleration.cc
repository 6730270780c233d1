/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * TE acceleration (Teal, NCFlow, POP): one TE method against the full path LP on the same
 * series of traffic matrices over a WAN topology (B4, UsCarrier, Kdl, ASN2k or a file).
 *
 *   ./ns3 run "te-acceleration --topology=uscarrier --method=admm --intervals=4 --threads=2"
 *
 * --method takes one method or several (--method=pop,ncflow,admm): several run on the same
 * matrices and failures against one LP solve per interval, and their lines are named
 * METHOD-satisfied-demand-pct, METHOD-speedup-vs-lp, ...
 *
 * Each interval's matrix follows a diurnal shape with per-pair noise; --failures links fail at
 * random in each interval. The method object is kept across intervals, so admm (and learned)
 * start from the last interval's allocation. Method attributes are ns-3 attributes, e.g.
 * --ns3::TeAdmmMethod::MaxIterations=50 or --ns3::TePopMethod::Parts=32. learned reads
 * --model (te-train writes one); without it, a model is trained first and its time is
 * reported apart (training-s).
 *
 * Prints satisfied-demand-pct, lp-satisfied-demand-pct, quality-vs-lp, speedup-vs-lp (LP time
 * over the method's, setup + solve, all intervals), solve-s-median, setup-s-median,
 * max-link-utilization and the sizes, lp-optimal (0 when --lpTimeLimit stopped the LP) and
 * quality-lower-bound (carried over the least proven upper bound on the LP's optimum: the
 * LP's own value when it is optimal, else weak duality at the LP's or ADMM's arc prices, and
 * with --certify=N at those of an untimed N-iteration ADMM, certify-s its time); records the
 * run (ev_te_summary, ev_te_intervals).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <algorithm>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TeAcceleration");

int
main(int argc, char* argv[])
{
    TeAccelerationConfig c;
    OpticalExperiment exp("te-acceleration", "TE acceleration: a TE method against the LP");
    exp.AddText("topology",
                "TE topology: b4, uscarrier, kdl, asn, a node-link .json file, or a WAN file",
                c.topology,
                false);
    double unitBps = 1e9;
    exp.AddRateNumber("capacityUnit",
                      "What one unit of the file's capacities is",
                      unitBps,
                      OpticalBounds::Above(0).AtMost(1e15),
                      "bps");
    std::vector<std::string> methods{c.method};
    exp.AddEnumList("method",
                    "TE method, or several (comma-separated) on the same matrices against one "
                    "LP solve per interval",
                    methods,
                    TeMethod::GetNames(),
                    1,
                    TeMethod::GetNames().size());
    exp.AddCount("intervals", "TE intervals (one traffic matrix each)", c.intervals, 1, 100000);
    exp.AddTime("interval",
                "Time between traffic matrices",
                c.interval,
                OpticalBounds::Above(0).AtMost(86400 * 365));
    exp.AddTime("start",
                "Time of day of the first matrix",
                c.start,
                OpticalBounds::AtLeast(0).AtMost(86400 * 365));
    exp.AddCount("threads", "Threads of the method and of the path search", c.threads, 1, 4096);
    exp.AddText("matrix",
                "Traffic matrix: gravity, uniform, bimodal, bimodal:FRACTION",
                c.matrix,
                false);
    exp.AddInputFile("demands",
                     "Base matrix from a CSV file (src,dst,gbps) instead",
                     c.demandsFile);
    exp.AddReal("load",
                "Base matrix volume: it would load the arcs this times their capacity on "
                "shortest paths",
                c.load,
                OpticalBounds::Above(0).AtMost(1000));
    exp.AddFraction("share",
                    "Keep the largest pairs carrying this share of the volume",
                    c.share,
                    OpticalBounds::Above(0).AtMost(1));
    exp.AddFraction("amplitude", "Diurnal swing", c.amplitude, OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddReal("noise",
                "Relative standard deviation of each pair's noise",
                c.noise,
                OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddCount("paths", "Candidate paths per demand", c.paths, 1, 64);
    exp.AddEnum("pathKind", "Candidate paths", c.pathKind, {"edge-disjoint", "ksp"});
    exp.AddCount("failures",
                 "Links (both directions) down in each interval",
                 c.failures,
                 0,
                 100000);
    exp.AddFlag("lp", "Also solve every matrix with the LP (for the comparison)", c.compareLp);
    exp.AddTime("lpTimeLimit",
                "Limit of one LP solve (0s: none); a stopped LP counts with the point it "
                "reached, and quality-lower-bound certifies the method against the LP's optimum",
                c.lpTimeLimit,
                OpticalBounds::AtLeast(0).AtMost(86400 * 365));
    exp.AddCount("certify",
                 "ADMM iterations of an untimed certifying solve in every interval whose LP "
                 "optimum is not known (0: none): its prices tighten quality-lower-bound",
                 c.certifyIterations,
                 0,
                 1000000);
    exp.AddInputFile("model", "learned: the model file (te-train writes it)", c.modelFile);
    exp.AddCount("trainMatrices",
                 "learned without --model: training matrices",
                 c.trainMatrices,
                 1,
                 100000);
    exp.AddCount("trainEpochs", "learned without --model: epochs", c.trainEpochs, 1, 100000);
    exp.Parse(argc, argv);
    c.gbpsPerUnit = unitBps / 1e9;
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        exp.Require(std::count(methods.begin(), methods.end(), methods[m]) == 1,
                    "method",
                    methods[m] + " is named twice");
    }
    c.method = methods.front();
    if (const std::string problem = TeAccelerationStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }

    exp.Start();
    std::string error;
    std::vector<Ptr<TeMethod>> list;
    for (const auto& name : methods)
    {
        list.push_back(TeMethod::Create(name, error));
    }
    std::vector<TeAccelerationOutcome> outs;
    if (!TeAccelerationStudy::Run(c, list, outs, error))
    {
        exp.Refuse(error); // an input refused while loading: no row
    }
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        TeAccelerationConfig one = c;
        one.method = methods[m];
        TeAccelerationStudy::Record(exp.GetStore(), exp.GetRunId(), one, outs[m]);
    }
    // What all methods share, then each method's lines (named METHOD-... when there are
    // several).
    const TeAccelerationOutcome& first = outs.front();
    exp.Metric("nodes", first.nodes);
    exp.Metric("arcs", first.arcs);
    exp.Metric("commodities", first.commodities);
    exp.Metric("paths-s", first.pathsS, "s");
    exp.Metric("threads", c.threads);
    if (c.compareLp)
    {
        exp.Metric("lp-satisfied-demand-pct", first.lpSatisfiedPct, "%");
        exp.Metric("lp-solve-s-median", first.lpSolveSMedian, "s");
        exp.Metric("lp-optimal", first.lpOptimal ? 1 : 0);
    }
    if (c.certifyIterations > 0)
    {
        exp.Metric("certify-s", first.certifyS, "s");
    }
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        const TeAccelerationOutcome& out = outs[m];
        const std::string prefix = methods.size() > 1 ? methods[m] + "-" : "";
        if (out.trainingS > 0)
        {
            exp.Metric(prefix + "training-s", out.trainingS, "s");
        }
        exp.Metric(prefix + "satisfied-demand-pct", out.satisfiedPct, "%");
        if (c.compareLp)
        {
            exp.Metric(prefix + "quality-vs-lp", out.qualityVsLp);
            exp.Metric(prefix + "speedup-vs-lp", out.speedupVsLp);
        }
        if (out.qualityLowerBound > 0)
        {
            exp.Metric(prefix + "quality-lower-bound", out.qualityLowerBound);
        }
        exp.Metric(prefix + "setup-s-median", out.setupSMedian, "s");
        exp.Metric(prefix + "solve-s-median", out.solveSMedian, "s");
        exp.Metric(prefix + "max-link-utilization", out.maxUtilisation);
        exp.Metric(prefix + "feasible", out.feasible ? 1 : 0);
    }
    return exp.Finish();
}
