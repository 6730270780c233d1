/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bypass-topology-helper.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/optical-line-system.h"

namespace ns3
{

RateAdaptiveLinkHelper&
BypassTopologyHelper::GetLinkHelper()
{
    return m_links;
}

bool
BypassTopologyHelper::Build(const WanTopology& sites,
                            const TransceiverModes& modes,
                            const BypassPlan& plan,
                            RateAdaptiveWan& wan,
                            std::string& error)
{
    if (m_links.GetModes().GetName() != modes.GetName() &&
        !m_links.SetModes(modes.GetName(), error))
    {
        return false;
    }
    RateAdaptiveWan out;
    out.topology = CreateObject<FlowTopology>();
    out.graph.nodes = sites.GetNSites();
    for (uint32_t s = 0; s < sites.GetNSites(); ++s)
    {
        out.topology->AddVertex(sites.GetSite(s).name);
    }
    for (std::size_t i = 0; i < plan.links.size(); ++i)
    {
        const Lightpath& l = plan.links[i];
        const TransceiverModes::Mode* mode = nullptr;
        for (const auto& m : modes.GetModes())
        {
            mode = m.rateGbps == l.rateGbps ? &m : mode;
        }
        const std::string name = sites.GetSite(l.a).name + "-" + sites.GetSite(l.b).name;
        if (!mode || l.a >= sites.GetNSites() || l.b >= sites.GetNSites())
        {
            error = "bypass topology: lightpath " + std::to_string(i) + " (" + name + ") runs at " +
                    std::to_string(l.rateGbps) + " Gb/s, not a mode of table '" + modes.GetName() +
                    "'";
            return false;
        }
        // The lightpath's SNR in its mode's signal bandwidth, held constant: a static link at
        // the planned rate.
        const double snrDb = OpticalLineSystem::OsnrToSnrDb(l.osnrDb, mode->baudGbd);
        m_links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        m_links.SetLinkAttribute("StaticRate",
                                 DataRateValue(RateAdaptiveLink::FromGbps(l.rateGbps)));
        Ptr<RateAdaptiveLink> link = m_links.CreateLink();
        link->SetModes(modes);
        link->SetSamples({{Seconds(0), snrDb, false}});
        const Time delay = Seconds(l.lengthKm / 2e5);
        const uint32_t ab = out.topology->AddDuplexLink(l.a, l.b, 1, delay);
        RateAdaptiveLinkHelper::AttachToFlow(link, out.topology, {ab}, l.wavelengths);
        RateAdaptiveLinkHelper::AttachToFlow(link, out.topology, {ab + 1}, l.wavelengths);
        out.graph.arcs.push_back({l.a, l.b, l.lengthKm});
        out.graph.arcs.push_back({l.b, l.a, l.lengthKm});
        out.links.push_back(link);
        out.arcLinks.push_back(link);
        out.arcLinks.push_back(link);
        out.wavelengths.push_back(l.wavelengths);
        out.wavelengths.push_back(l.wavelengths);
        out.baselineDb.push_back(snrDb);
    }
    wan = out;
    return true;
}

void
BypassTopologyHelper::Routes(const RateAdaptiveWan& wan,
                             const BypassPlan& plan,
                             const std::vector<TrafficMatrix::Demand>& demands,
                             std::vector<TeSolver::Commodity>& commodities,
                             TeSolver::Solution& solution)
{
    commodities.clear();
    solution = TeSolver::Solution();
    for (std::size_t d = 0; d < demands.size() && d < plan.routes.size(); ++d)
    {
        TeSolver::Commodity c;
        c.src = demands[d].src;
        c.dst = demands[d].dst;
        c.demand = demands[d].gbps;
        std::vector<double> flow;
        for (const auto& [route, gbps] : plan.routes[d])
        {
            TePath path;
            uint32_t at = c.src;
            for (uint32_t l : route)
            {
                const bool forward = wan.graph.arcs[2 * l].from == at;
                path.push_back(forward ? 2 * l : 2 * l + 1);
                at = wan.graph.arcs[path.back()].to;
            }
            c.paths.push_back(path);
            flow.push_back(gbps);
        }
        commodities.push_back(c);
        solution.pathFlow.push_back(flow);
    }
}

} // namespace ns3
