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
    exp.AddEnum("method", "TE method", c.method, TeMethod::GetNames());
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
    if (const std::string problem = TeAccelerationStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }

    exp.Start();
    std::string error;
    Ptr<TeMethod> method = TeMethod::Create(c.method, error);
    TeAccelerationOutcome out;
    if (!method || !TeAccelerationStudy::Run(c, method, out, error))
    {
        exp.Fail(error);
    }
    TeAccelerationStudy::Record(exp.GetStore(), exp.GetRunId(), c, out);
    exp.Metric("nodes", out.nodes);
    exp.Metric("arcs", out.arcs);
    exp.Metric("commodities", out.commodities);
    exp.Metric("paths-s", out.pathsS, "s");
    if (out.trainingS > 0)
    {
        exp.Metric("training-s", out.trainingS, "s");
    }
    exp.Metric("threads", c.threads);
    exp.Metric("satisfied-demand-pct", out.satisfiedPct, "%");
    if (c.compareLp)
    {
        exp.Metric("lp-satisfied-demand-pct", out.lpSatisfiedPct, "%");
        exp.Metric("quality-vs-lp", out.qualityVsLp);
        exp.Metric("speedup-vs-lp", out.speedupVsLp);
        exp.Metric("lp-solve-s-median", out.lpSolveSMedian, "s");
        exp.Metric("lp-optimal", out.lpOptimal ? 1 : 0);
    }
    if (out.qualityLowerBound > 0)
    {
        exp.Metric("quality-lower-bound", out.qualityLowerBound);
    }
    if (c.certifyIterations > 0)
    {
        exp.Metric("certify-s", out.certifyS, "s");
    }
    exp.Metric("setup-s-median", out.setupSMedian, "s");
    exp.Metric("solve-s-median", out.solveSMedian, "s");
    exp.Metric("max-link-utilization", out.maxUtilisation);
    exp.Metric("feasible", out.feasible ? 1 : 0);
    return exp.Finish();
}
