/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * BGP prefix-hijack impact: an attacker AS announces a victim's prefix (or a more-specific
 * one); the share of the other ASes whose traffic it captures under the true policy (with a
 * share of deviating ASes) on the true graph, and as a predictor on the known (partly
 * misinferred) graph predicts it.
 *
 *   ./ns3 run "hijack-impact --attacker=tier1 --victim=stub --trials=20"
 *   ./ns3 run "hijack-impact --graph=20260101.as-rel2.txt --attacker=64500 --victim=64501"
 *
 * Prints captured-pct (true), predicted-captured-pct and their mean absolute difference;
 * records one row per attacker-victim pair (ev_hijacks).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("HijackImpact");

int
main(int argc, char* argv[])
{
    HijackConfig c;
    OpticalExperiment exp("hijack-impact", "BGP prefix-hijack impact: true and predicted");
    InternetModel::AddOptions(exp, c.net);
    exp.AddText("attacker",
                "Attacker: an AS number, or tier1, transit, stub (drawn per trial)",
                c.attacker,
                false);
    exp.AddText("victim", "Victim: an AS number, or stub, any (drawn per trial)", c.victim, false);
    exp.AddEnum("kind",
                "origin: the victim's prefix; more-specific: a longer prefix of it",
                c.kind,
                {"origin", "more-specific"});
    exp.AddEnum("predictor",
                "Predictor of the captured share",
                c.predictor,
                {"valley-free", "policy", "learned"});
    exp.AddCount("trials", "Attacker-victim pairs drawn", c.trials, 1, 100000);
    exp.AddCount("vantagePoints", "Vantage points (learned)", c.vantagePoints, 1, 1000000);
    exp.AddCount("targets", "ASes the vantage points measure (learned)", c.targets, 1, 10000000);
    exp.Parse(argc, argv);
    InternetModel::RequireFiles(exp, c.net);
    const std::string problem = HijackStudy::Check(c);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    exp.Start();
    HijackOutcome out;
    std::string error;
    if (!HijackStudy::Run(c, out, error))
    {
        exp.Refuse(error); // an input refused while loading: no row
    }
    HijackStudy::Record(exp.GetStore(), exp.GetRunId(), c, out);
    exp.Metric("trials", static_cast<double>(out.trials.size()));
    exp.Metric("mean-abs-error-pct", out.meanAbsErrorPct, "%");
    exp.Metric("predicted-captured-pct", out.predictedCapturedPct, "%");
    exp.Metric("captured-pct", out.capturedPct, "%");
    return exp.Finish();
}
