/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "smn-incident-study.h"

#include "smn-recorder.h"

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/rate-adaptive-wan-helper.h"
#include "ns3/simulator.h"
#include "ns3/smn-incidents.h"
#include "ns3/te-topology.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SmnIncidentStudy");

std::string
SmnIncidentStudy::Check(const SmnIncidentConfig& c)
{
    const auto& names = SmnIncidentRouter::Names();
    for (const auto& r : c.routers)
    {
        if (std::find(names.begin(), names.end(), r) == names.end())
        {
            return "--router=" + r + ": unknown (allowed: first-alert, local, cdg)";
        }
    }
    const std::pair<const char*, double> probabilities[] = {
        {"--missProbability", c.missProbability},
        {"--rootAlertProbability", c.rootAlertProbability}};
    for (const auto& [name, p] : probabilities)
    {
        if (!(p >= 0 && p <= 1))
        {
            return std::string(name) + "=" + std::to_string(p) + ": out of range (allowed: 0 to 1)";
        }
    }
    if (c.missProbability >= 1)
    {
        return "--missProbability=1: no incident would raise an alert (allowed: below 1)";
    }
    if (!(c.noiseAlerts >= 0 && c.noiseAlerts <= 1000))
    {
        return "--noiseAlerts=" + std::to_string(c.noiseAlerts) +
               ": out of range (allowed: 0 to "
               "1000)";
    }
    if (c.incidents == 0)
    {
        return "--incidents=0: score at least one";
    }
    return "";
}

bool
SmnIncidentStudy::Run(const SmnIncidentConfig& c, SmnIncidentOutcome& out, std::string& error)
{
    out = SmnIncidentOutcome();
    error = Check(c);
    if (!error.empty())
    {
        return false;
    }
    WanTopology fibres;
    if (!TeTopology::LoadFibres(c.topology, c.fibreKm, fibres, error))
    {
        return false;
    }
    RateAdaptiveWanHelper helper;
    if (!helper.SetStaticLinks(100, error))
    {
        return false;
    }
    helper.SetWavelengths(c.wavelengths);
    RateAdaptiveWan wan;
    if (!helper.Build(fibres, c.stream, wan, error))
    {
        return false;
    }
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(c.stream);
    std::vector<TrafficMatrix::Demand> demands;
    // A gravity matrix of half the network's capacity (its volume only shapes the TE decision
    // that puts services on routes).
    double capacity = 0;
    for (double w : wan.wavelengths)
    {
        capacity += 100 * w;
    }
    if (!TrafficMatrix::Make("gravity", fibres, capacity / 4, rng, demands, error))
    {
        return false;
    }
    std::vector<TeSolver::Commodity> commodities;
    if (!RateAdaptiveWanHelper::MakeCommodities(wan, demands, "ksp", c.paths, commodities, error))
    {
        return false;
    }

    SmnRepository repo;
    if (!repo.Open(c.database, "incidents-" + c.topology, c.runId, error))
    {
        return false;
    }
    SmnRecorder recorder(repo);
    if (!recorder.DescribeWan(fibres, wan, error) || !recorder.DescribeServices(commodities, error))
    {
        return false;
    }
    // One TE decision, so that services ride on the routes the TE gives flow.
    Ptr<TeController> te = CreateObject<TeController>();
    te->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths);
    te->SetCommodities(commodities);
    recorder.ConnectController(te);
    for (auto& l : wan.links)
    {
        l->Start(Seconds(2));
    }
    Simulator::Schedule(Seconds(1), &TeController::Start, te);
    Simulator::Stop(Seconds(1.5));
    Simulator::Run();
    te->Stop();
    Simulator::Destroy();

    const SmnGraph graph = SmnGraph::FromRepository(repo, Seconds(1.25));
    out.repositoryRows = repo.CountRows();
    out.components = static_cast<uint32_t>(graph.components.size());
    Ptr<SmnIncidentGenerator> gen = CreateObject<SmnIncidentGenerator>();
    gen->SetAttribute("MissProbability", DoubleValue(c.missProbability));
    gen->SetAttribute("RootAlertProbability", DoubleValue(c.rootAlertProbability));
    gen->SetAttribute("NoiseAlerts", DoubleValue(c.noiseAlerts));
    gen->SetGraph(graph);
    gen->AssignStreams(c.stream + 10);
    std::vector<SmnIncident> training;
    if (!gen->Generate(c.trainIncidents, training, error))
    {
        return false;
    }
    gen->AssignStreams(c.stream + 20);
    std::vector<SmnIncident> scored;
    if (!gen->Generate(c.incidents, scored, error))
    {
        return false;
    }
    SmnIncidentRouter router(graph, c.coarsening);
    router.Train(training);
    out.coarseNodes = router.GetNCoarseNodes();
    for (const auto& inc : scored)
    {
        out.incidentsByType[inc.type]++;
    }
    for (const auto& name : c.routers)
    {
        uint32_t right = 0;
        for (const auto& inc : scored)
        {
            right += router.Route(name, inc) == inc.team ? 1 : 0;
        }
        out.accuracyPct[name] = 100.0 * right / scored.size();
    }
    repo.Close();
    return true;
}

void
SmnIncidentStudy::Record(ResultsStore* store,
                         int64_t runId,
                         const SmnIncidentConfig& c,
                         const SmnIncidentOutcome& out)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("smn_incident_routing");
    for (const auto& [router, pct] : out.accuracyPct)
    {
        store->AddEvent("smn_incident_routing",
                        runId,
                        {c.topology,
                         router,
                         static_cast<int64_t>(c.coarsening),
                         static_cast<int64_t>(c.incidents),
                         pct,
                         static_cast<int64_t>(out.coarseNodes),
                         static_cast<int64_t>(out.components),
                         c.missProbability,
                         c.noiseAlerts});
    }
}

} // namespace ns3
