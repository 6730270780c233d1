/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * SMN capacity planning on coarse bandwidth logs: a WAN of rate-adaptive links under TE logs
 * per-link carried and per-pair offered traffic every --step for --days of diurnal traffic
 * with growth; the fine log is coarsened into --window summaries; a capacity planner (CBC)
 * plans the next period from each log; the next period is simulated with both plans.
 *
 *   ./ns3 run "smn-capacity-planning --topology=b4 --days=2 --window=15min"
 *
 * Prints log-size-ratio (fine over coarse bytes), plan-agreement-pct (fibres both plans
 * augment over fibres either augments), plan-cost-difference-pct ((coarse - fine) / fine),
 * fine-plan-cost, coarse-plan-cost, and demand-carried-pct for no plan, the fine plan and the
 * coarse plan (nothing-, fine-, coarse-demand-carried-pct); records one row per plan
 * (ev_smn_plans).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("SmnCapacityPlanning");

int
main(int argc, char* argv[])
{
    SmnCapacityConfig c;
    OpticalExperiment exp("smn-capacity-planning",
                          "SMN capacity planning from fine and coarse bandwidth logs");
    exp.AddText("topology",
                "Fibre topology: b4, uscarrier, kdl, asn, a .json file, a name of data/wan or a "
                "CSV/GraphML file",
                c.topology,
                false);
    exp.AddReal("fibreKm",
                "Fibre length of TE topologies (which have none)",
                c.fibreKm,
                OpticalBounds::Above(0).AtMost(20000),
                "km");
    exp.AddTime("days",
                "Logged period (the planned one is as long); a bare number is in days",
                c.duration,
                OpticalBounds::Above(0).AtMost(365 * 86400.0),
                "d");
    exp.AddTime("step",
                "Fine sampling interval of the logs",
                c.step,
                OpticalBounds::Above(0).AtMost(86400));
    exp.AddTime("window",
                "Coarse window (a whole number of --step)",
                c.window,
                OpticalBounds::Above(0).AtMost(365 * 86400.0));
    exp.AddRealList("quantiles",
                    "Quantiles the coarse log keeps per window (besides max and mean)",
                    c.quantiles,
                    OpticalBounds::Between(0, 1),
                    "",
                    0,
                    16);
    exp.AddEnum("statistic",
                "Coarse summary the planner reads per pair and window",
                c.statistic,
                {"p50", "p95", "max", "mean"});
    exp.AddCount("snapshots",
                 "Busiest samples (fine) or windows (coarse) the plan must carry",
                 c.snapshots,
                 1,
                 1000);
    exp.AddTime("teInterval", "TE interval", c.teInterval, OpticalBounds::Above(0).AtMost(86400));
    exp.AddFraction("load",
                    "Mean offered volume over the installed capacity (first paths)",
                    c.load,
                    OpticalBounds::Above(0).AtMost(10));
    exp.AddFraction("growth",
                    "Traffic growth per year (0.4 or 40%)",
                    c.annualGrowth,
                    OpticalBounds::AtLeast(0).AtMost(10));
    exp.AddCount("wavelengths", "Wavelengths per fibre (100 Gb/s each)", c.wavelengths, 1, 1000);
    exp.AddCount("paths", "Candidate paths per demand (k shortest)", c.paths, 1, 16);
    exp.AddCount("maxUnits", "Most wavelengths a plan adds to one fibre", c.maxUnits, 1, 10000);
    exp.AddReal("plannerTimeLimit",
                "CBC's time limit per plan",
                c.plannerTimeLimitS,
                OpticalBounds::AtLeast(0).AtMost(86400),
                "s");
    exp.Parse(argc, argv);
    const std::string problem = SmnCapacityStudy::Check(c);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    exp.Start();

    SmnCapacityOutcome out;
    std::string error;
    if (!SmnCapacityStudy::Run(c, out, error))
    {
        exp.Refuse(error); // an input refused while loading: no row
    }
    SmnCapacityStudy::Record(exp.GetStore(), exp.GetRunId(), c, out);
    exp.Metric("sites", out.sites);
    exp.Metric("fibres", out.fibres);
    exp.Metric("pairs", out.pairs);
    exp.Metric("fine-log-values", static_cast<double>(out.fineValues));
    exp.Metric("coarse-log-values", static_cast<double>(out.coarseValues));
    exp.Metric("log-size-ratio", out.logSizeRatio);
    exp.Metric("growth-factor", out.growth);
    exp.Metric("logged-demand-carried-pct", out.loggedCarriedPct, "%");
    exp.Metric("fine-plan-cost", out.finePlan.cost);
    exp.Metric("coarse-plan-cost", out.coarsePlan.cost);
    exp.Metric("plan-agreement-pct", out.planAgreementPct, "%");
    exp.Metric("plan-cost-difference-pct", out.planCostDifferencePct, "%");
    exp.Metric("nothing-demand-carried-pct", out.noPlanCarriedPct, "%");
    exp.Metric("fine-demand-carried-pct", out.fineCarriedPct, "%");
    exp.Metric("coarse-demand-carried-pct", out.coarseCarriedPct, "%");
    return exp.Finish();
}
