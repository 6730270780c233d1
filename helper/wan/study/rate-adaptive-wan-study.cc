/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-wan-study.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/te-controller.h"
#include "ns3/uinteger.h"
#include "ns3/wan-throughput-sampler.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveWanStudy");

bool
RateAdaptiveWanStudy::Configure(RateAdaptiveLinkHelper& links,
                                const Settings& s,
                                std::string& error)
{
    if (!links.SetModes(s.modes, error))
    {
        return false;
    }
    links.SetLinkAttribute("StaticRate", DataRateValue(RateAdaptiveLink::FromGbps(s.staticRate)));
    links.SetLinkAttribute("HysteresisDb", DoubleValue(s.hysteresisDb));
    links.SetLinkAttribute("HoldDown", TimeValue(s.holdDown));
    links.SetLinkAttribute("ChangeDowntime", TimeValue(s.downtime));
    return true;
}

bool
RateAdaptiveWanStudy::CheckStaticRate(const Settings& s, std::string& error)
{
    RateAdaptiveLinkHelper check;
    if (!check.SetModes(s.modes, error))
    {
        return false;
    }
    check.SetLinkAttribute("StaticRate", DataRateValue(RateAdaptiveLink::FromGbps(s.staticRate)));
    check.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
    check.SetSnrAttribute("BaselineDb", DoubleValue(20));
    return check.CreateLink()->Check(error);
}

bool
RateAdaptiveWanStudy::RunScenario(const Settings& s,
                                  RateAdaptiveLink::Policy policy,
                                  const std::string& te,
                                  Outcome& out,
                                  std::string& error,
                                  const Runner& run)
{
    out = Outcome();
    RateAdaptiveWanHelper helper;
    RateAdaptiveLinkHelper& links = helper.GetLinkHelper();
    if (!Configure(links, s, error))
    {
        return false;
    }
    links.SetLinkAttribute("Policy", EnumValue(policy));
    helper.SetWavelengths(s.wavelengths);
    RateAdaptiveWan wan;
    if (!helper.Build(s.fibres, 1, wan, error))
    {
        return false;
    }
    for (const auto& l : wan.links)
    {
        if (!l->Check(error))
        {
            return false;
        }
    }
    std::vector<TeSolver::Commodity> commodities;
    if (!RateAdaptiveWanHelper::MakeCommodities(wan,
                                                s.demands,
                                                s.paths,
                                                te == "none" ? 1 : s.k,
                                                commodities,
                                                error))
    {
        return false;
    }
    // The traffic, at the level asked for; built before the links start (packet-level devices
    // take their rate from the links' first RateChange).
    WanTrafficHelper trafficHelper;
    trafficHelper.SetLevel(s.level);
    trafficHelper.SetPacketScale(s.packetScale);
    Ptr<WanTraffic> traffic = trafficHelper.Install(wan, links, commodities, error);
    if (!traffic)
    {
        return false;
    }
    for (auto& l : wan.links)
    {
        l->Start(s.duration);
    }
    Ptr<TeController> controller;
    if (te == "none")
    {
        // Each demand on its shortest path, at its full rate: the network shares links.
        auto all = std::make_shared<TeSolver::Solution>();
        for (const auto& c : commodities)
        {
            all->pathFlow.push_back({c.demand});
        }
        for (Time t = Seconds(0); t < s.duration; t += s.interval)
        {
            optical::compat::Schedule(t, [traffic, all, dt = s.interval]() {
                traffic->Install(*all, dt);
            });
        }
    }
    else
    {
        controller = CreateObject<TeController>();
        controller->SetAttribute("Interval", TimeValue(s.interval));
        controller->SetAttribute("Abstraction", BooleanValue(te == "lp-abstraction"));
        controller->SetAttribute("Method", StringValue(te == "lp-abstraction" ? "lp" : te));
        controller->SetAttribute("Threads", UintegerValue(s.threads));
        controller->SetAttribute("BaselineRate",
                                 DataRateValue(RateAdaptiveLink::FromGbps(s.staticRate)));
        controller->SetAttribute("Objective", StringValue(s.objective));
        controller->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths);
        if (!controller->CheckSettings(error))
        {
            return false;
        }
        controller->SetCommodities(commodities);
        controller->SetInstaller(
            [traffic](const TeSolver::Solution& sol, Time dt) { traffic->Install(sol, dt); });
        controller->Start();
        // The last allocation ends with the run.
        optical::compat::Schedule(s.duration - Seconds(1e-9),
                                  [controller]() { controller->Stop(); });
    }
    Ptr<WanThroughputSampler> sampler = CreateObject<WanThroughputSampler>();
    sampler->Start([traffic]() { return traffic->GetCarriedBytes(); }, s.interval, s.duration);
    // One more interval (at least 10 s) without traffic for packets queued or in flight.
    const Time stop = s.duration + traffic->GetDrainTime(std::max(s.interval, Seconds(10)));
    WanTrafficHelper::Run(run, stop);
    out.packets = traffic->GetCounters();
    double demand = 0;
    for (const auto& c : commodities)
    {
        demand += c.demand;
    }
    out.offeredGbps = demand;
    out.carriedGbps = traffic->GetCarriedBytes() * 8 / 1e9 / s.duration.GetSeconds();
    for (std::size_t f = 0; f < wan.links.size(); ++f)
    {
        const RateAdaptiveLink::Counters c = wan.links[f]->GetCounters();
        out.changes += c.changes;
        out.downSeconds += (c.downDark + c.downSnr).GetSeconds();
    }
    out.baselineDb = wan.baselineDb;
    out.throughput = sampler->GetSamples();
    if (controller)
    {
        out.upgrades = controller->GetNUpgradesRequested();
        out.solverSeconds = controller->GetSolverSeconds();
    }
    Simulator::Destroy();
    return true;
}

bool
RateAdaptiveWanStudy::RunHistory(const Settings& s,
                                 const std::vector<double>& baselineDb,
                                 History& out,
                                 std::string& error)
{
    RateAdaptiveLinkHelper links;
    if (!Configure(links, s, error))
    {
        return false;
    }
    out = History();
    std::vector<std::pair<Ptr<RateAdaptiveLink>, Ptr<RateAdaptiveLink>>> pairs;
    for (std::size_t f = 0; f < baselineDb.size(); ++f)
    {
        links.SetSnrAttribute("BaselineDb", DoubleValue(baselineDb[f]));
        links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        Ptr<RateAdaptiveLink> st = links.CreateLink();
        st->AssignStreams(100000 + 2 * static_cast<int64_t>(f));
        out.samples.push_back(st->GetSnrModel()->Generate(s.history));
        links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::ADAPTIVE));
        Ptr<RateAdaptiveLink> ad = links.CreateLink();
        st->SetSamples(out.samples.back());
        ad->SetSamples(out.samples.back());
        pairs.emplace_back(st, ad);
    }
    out.outages = RateAdaptiveAccounting::CompareOutages(pairs, s.history);
    return true;
}

void
RateAdaptiveWanStudy::WriteTables(ResultsStore& store,
                                  int64_t runId,
                                  const Settings& s,
                                  const Outcome& base,
                                  const Outcome& run,
                                  const History& history,
                                  double percentile,
                                  const std::vector<double>& extraGbps)
{
    store.CreateEventTable("wan_link");
    for (std::size_t f = 0; f < history.samples.size(); ++f)
    {
        store.AddEvent("wan_link",
                       runId,
                       {static_cast<int64_t>(f),
                        base.baselineDb[f],
                        RateAdaptiveAccounting::LitSnrPercentile(history.samples[f], percentile),
                        extraGbps[f]});
    }
    store.CreateEventTable("wan_throughput");
    for (std::size_t i = 0; i < run.throughput.size(); ++i)
    {
        const double hours = (i + 1) * s.interval.GetHours();
        store.AddEvent("wan_throughput",
                       runId,
                       {hours, base.throughput[i], run.throughput[i], run.offeredGbps});
    }
}

} // namespace ns3
