/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-wan-helper.h"

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/te-paths.h"
#include "ns3/wan-traffic.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveWanHelper");

RateAdaptiveWanHelper::RateAdaptiveWanHelper() = default;

RateAdaptiveLinkHelper&
RateAdaptiveWanHelper::GetLinkHelper()
{
    return m_links;
}

void
RateAdaptiveWanHelper::SetPhysicalLayer(double spanKm,
                                        double noiseFigureMinDb,
                                        double noiseFigureMaxDb,
                                        double transmitterOsnrMinDb,
                                        double transmitterOsnrMaxDb)
{
    m_spanKm = spanKm;
    m_nfMin = noiseFigureMinDb;
    m_nfMax = noiseFigureMaxDb;
    m_txMin = transmitterOsnrMinDb;
    m_txMax = transmitterOsnrMaxDb;
}

bool
RateAdaptiveWanHelper::SetStaticLinks(double rateGbps, std::string& error)
{
    if (!m_links.SetModes("radwan", error))
    {
        return false;
    }
    m_links.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
    m_links.SetLinkAttribute("StaticRate", DataRateValue(RateAdaptiveLink::FromGbps(rateGbps)));
    return true;
}

void
RateAdaptiveWanHelper::SetWavelengths(uint32_t n)
{
    m_wavelengths = n;
}

void
RateAdaptiveWanHelper::SetNliModel(OpticalChannel::NliModel model)
{
    m_nliModel = model;
}

bool
RateAdaptiveWanHelper::Build(const WanTopology& fibres,
                             int64_t stream,
                             RateAdaptiveWan& wan,
                             std::string& error)
{
    if (m_links.GetModes().GetModes().empty())
    {
        error = "rate-adaptive WAN: no mode table";
        return false;
    }
    if (m_nfMin > m_nfMax || m_txMin > m_txMax || m_wavelengths == 0)
    {
        error = "rate-adaptive WAN: noise figure and transmitter ranges must be ordered, and "
                "a fibre needs at least one wavelength";
        return false;
    }
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(stream);
    RateAdaptiveWan out;
    out.topology = CreateObject<FlowTopology>();
    out.graph.nodes = fibres.GetNSites();
    for (uint32_t s = 0; s < fibres.GetNSites(); ++s)
    {
        out.topology->AddVertex(fibres.GetSite(s).name);
    }
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        const WanTopology::Fibre& fibre = fibres.GetFibre(f);
        FibreSpan span;
        span.noiseFigureDb = u->GetValue(m_nfMin, m_nfMax);
        const double txOsnr = u->GetValue(m_txMin, m_txMax);
        OpticalChannel channel;
        channel.channels = 80;
        channel.nliModel = m_nliModel;
        double baseline = 0;
        if (!OpticalLineSystem::GetLinkSnrDb(fibre.lengthKm,
                                             span,
                                             m_spanKm,
                                             txOsnr,
                                             channel,
                                             baseline,
                                             error))
        {
            error = "fibre " + fibres.GetSite(fibre.a).name + "-" + fibres.GetSite(fibre.b).name +
                    ": " + error;
            return false;
        }
        m_links.SetSnrAttribute("BaselineDb", DoubleValue(baseline));
        Ptr<RateAdaptiveLink> link = m_links.CreateLink();
        link->AssignStreams(stream + 1 + 2 * f);
        const Time delay = Seconds(fibre.lengthKm / 2e5);
        const uint32_t ab = out.topology->AddDuplexLink(fibre.a, fibre.b, 1, delay);
        RateAdaptiveLinkHelper::AttachToFlow(link, out.topology, {ab}, m_wavelengths);
        RateAdaptiveLinkHelper::AttachToFlow(link, out.topology, {ab + 1}, m_wavelengths);
        out.graph.arcs.push_back({fibre.a, fibre.b, fibre.lengthKm});
        out.graph.arcs.push_back({fibre.b, fibre.a, fibre.lengthKm});
        out.links.push_back(link);
        out.arcLinks.push_back(link);
        out.arcLinks.push_back(link);
        out.wavelengths.push_back(m_wavelengths);
        out.wavelengths.push_back(m_wavelengths);
        out.baselineDb.push_back(baseline);
        out.spans.push_back(
            static_cast<uint32_t>(OpticalLineSystem::SpanCount(fibre.lengthKm, m_spanKm)));
    }
    wan = out;
    return true;
}

bool
RateAdaptiveWanHelper::MakeCommodities(const RateAdaptiveWan& wan,
                                       const std::vector<TrafficMatrix::Demand>& demands,
                                       const std::string& paths,
                                       uint32_t k,
                                       std::vector<TeSolver::Commodity>& commodities,
                                       std::string& error)
{
    std::vector<TeSolver::Commodity> out;
    if (!TePaths::Check(wan.graph, error))
    {
        return false;
    }
    TePathFinder finder(wan.graph);
    for (const auto& d : demands)
    {
        TeSolver::Commodity c;
        c.src = d.src;
        c.dst = d.dst;
        c.demand = d.gbps;
        if (!finder.Find(paths, d.src, d.dst, k, c.paths, error))
        {
            return false;
        }
        if (c.paths.empty())
        {
            error = "demand " + wan.topology->GetVertexName(d.src) + " -> " +
                    wan.topology->GetVertexName(d.dst) + " has no path";
            return false;
        }
        out.push_back(std::move(c));
    }
    commodities = std::move(out);
    return true;
}

double
RateAdaptiveWanHelper::InstallFlows(Ptr<FlowNetwork> net,
                                    const std::vector<TeSolver::Commodity>& commodities,
                                    const TeSolver::Solution& solution,
                                    Time interval)
{
    return FlowWanTraffic::InstallFlows(net, commodities, solution, interval);
}

} // namespace ns3
