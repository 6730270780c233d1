/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Internet AS-path prediction scored against simulated BGP: ground truth is Gao-Rexford
 * routing (with a share of ASes deviating from the textbook) on an AS graph, synthetic or
 * read from CAIDA files; a predictor on a partly misinferred copy of the graph (and, for
 * segments and learned, paths observed from K vantage points) predicts the paths of random
 * queries.
 *
 *   ./ns3 run "path-prediction --ases=10000 --vantagePoints=20 --predictor=segments"
 *   ./ns3 run "path-prediction --graph=20260101.as-rel2.txt --orgs=20260101.as-org2info.txt"
 *
 * Prints exact-match-pct, within-one-hop-pct, avoidance-correct-pct, safe-relays-correct-pct,
 * query-us (predictor time per query) and the graph's size; records one row
 * (ev_path_prediction).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PathPrediction");

int
main(int argc, char* argv[])
{
    PathPredictionConfig c;
    OpticalExperiment exp("path-prediction",
                          "Internet AS-path prediction against simulated BGP ground truth");
    InternetModel::AddOptions(exp, c.net);
    exp.AddCount("vantagePoints",
                 "Vantage points that measure AS paths (segments, learned)",
                 c.vantagePoints,
                 1,
                 1000000);
    exp.AddEnum("predictor", "Path predictor", c.predictor, InternetModel::PredictorNames());
    exp.AddCount("queries", "Source-destination queries scored", c.queries, 1, 10000000);
    exp.AddCount("sourcesPerDestination",
                 "Queries per random destination",
                 c.sourcesPerDestination,
                 1,
                 1000000);
    exp.AddCount("relays", "Tor-like relays (random ASes)", c.relays, 0, 100000);
    exp.AddCount("torClients",
                 "Queries whose relays are classified as safe or not",
                 c.torClients,
                 0,
                 1000000);
    exp.AddCount("learnRounds",
                 "Rounds of the learned predictor's preference learning (0: observed hops only)",
                 c.learnRounds,
                 0,
                 100);
    std::string writeGraph;
    exp.AddOutputFile(
        "writeGraph",
        "Also write the graph as PREFIX.as-rel.txt and PREFIX.as2org.txt (CAIDA formats)",
        writeGraph);
    exp.Parse(argc, argv);
    InternetModel::RequireFiles(exp, c.net);
    const std::string problem = PathPredictionStudy::Check(c);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    exp.Start();
    if (!writeGraph.empty())
    {
        InternetModel m;
        std::string error;
        if (!InternetModel::Build(c.net, m, error) ||
            !m.truth.WriteRelationships(writeGraph + ".as-rel.txt", error) ||
            !m.truth.WriteOrganisations(writeGraph + ".as2org.txt", error))
        {
            exp.Refuse(error); // an input refused while loading: no row
        }
    }
    PathPredictionOutcome out;
    std::string error;
    if (!PathPredictionStudy::Run(c, out, error))
    {
        exp.Refuse(error); // an input refused while loading: no row
    }
    PathPredictionStudy::Record(exp.GetStore(), exp.GetRunId(), c, out);
    exp.Metric("ases", out.ases);
    exp.Metric("links", static_cast<double>(out.links));
    exp.Metric("deviating-ases", out.deviatingAses);
    exp.Metric("atlas-paths", out.atlasPaths);
    exp.Metric("queries-scored", out.scored);
    exp.Metric("truth-ms-per-destination", out.truthMsPerDestination, "ms");
    exp.Metric("prepare-s", out.prepareS, "s");
    exp.Metric("query-us", out.queryUs, "us");
    exp.Metric("no-prediction-pct", out.noPredictionPct, "%");
    exp.Metric("safe-relays-correct-pct", out.safeRelaysCorrectPct, "%");
    exp.Metric("safe-relays-precision-pct", out.safeRelaysPrecisionPct, "%");
    exp.Metric("avoidance-correct-pct", out.avoidanceCorrectPct, "%");
    exp.Metric("within-one-hop-pct", out.withinOneHopPct, "%");
    exp.Metric("exact-match-pct", out.exactPct, "%");
    return exp.Finish();
}
