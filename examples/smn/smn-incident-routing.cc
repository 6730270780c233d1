/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * SMN incident routing on a coarse dependency graph: a rate-adaptive WAN and its TE services
 * are described in the SMN repository (in the results database, beside the run); incidents
 * (fibre cuts, amplifier degradations, transponder faults, line-card failures, congestion,
 * software faults) are injected into its dependency graph; their components raise alerts with
 * misses, delays and noise; each router decides which team owns each incident.
 *
 *   ./ns3 run "smn-incident-routing --incidents=1000 --router=first-alert,local,cdg --coarsening=1"
 *
 * Prints ROUTER-routing-accuracy-pct for each router (the same incidents for all),
 * repository-rows, components and coarse-nodes; records one row per router
 * (ev_smn_incident_routing).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("SmnIncidentRouting");

int
main(int argc, char* argv[])
{
    SmnIncidentConfig c;
    OpticalExperiment exp("smn-incident-routing",
                          "SMN incident routing: first alert, local classifiers, coarse "
                          "dependency graph");
    exp.AddText("topology",
                "Fibre topology: b4, uscarrier, kdl, asn, a .json file, a name of data/wan or a "
                "CSV/GraphML file",
                c.topology,
                false);
    exp.AddCount("incidents", "Incidents scored", c.incidents, 1, 10000000);
    exp.AddCount("trainIncidents",
                 "Incidents the local and cdg routers learn from",
                 c.trainIncidents,
                 0,
                 10000000);
    exp.AddEnumList("router", "Incident routers", c.routers, {"first-alert", "local", "cdg"});
    exp.AddCount("coarsening",
                 "Coarsening levels of the dependency graph (0: none)",
                 c.coarsening,
                 0,
                 64);
    exp.AddFraction("missProbability",
                    "Probability that a component seeing a symptom raises no alert",
                    c.missProbability,
                    OpticalBounds::AtLeast(0).Below(1));
    exp.AddFraction("rootAlertProbability",
                    "Probability that a physical root reports its own fault",
                    c.rootAlertProbability);
    exp.AddReal("noiseAlerts",
                "Mean unrelated alerts per incident",
                c.noiseAlerts,
                OpticalBounds::AtLeast(0).AtMost(1000));
    exp.AddCount("wavelengths", "Wavelengths per fibre", c.wavelengths, 1, 1000);
    exp.Parse(argc, argv);
    for (std::size_t i = 0; i < c.routers.size(); ++i)
    {
        exp.Require(std::count(c.routers.begin(), c.routers.end(), c.routers[i]) == 1,
                    "router",
                    c.routers[i] + " is named twice");
    }
    const std::string problem = SmnIncidentStudy::Check(c);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    exp.Start();
    if (exp.GetStore())
    {
        c.database = exp.GetStore()->GetPath();
        c.runId = exp.GetRunId();
    }
    SmnIncidentOutcome out;
    std::string error;
    if (!SmnIncidentStudy::Run(c, out, error))
    {
        exp.Refuse(error); // an input refused while loading: no row
    }
    SmnIncidentStudy::Record(exp.GetStore(), exp.GetRunId(), c, out);
    exp.Metric("repository-rows", static_cast<double>(out.repositoryRows));
    exp.Metric("components", out.components);
    exp.Metric("coarse-nodes", out.coarseNodes);
    for (const auto& r : c.routers)
    {
        exp.Metric(r + "-routing-accuracy-pct", out.accuracyPct.at(r), "%");
    }
    return exp.Finish();
}
