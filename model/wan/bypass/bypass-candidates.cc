/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BypassPlanner: the candidate lightpaths (fibre paths, their OSNR and rate).

#include "bypass-planner-detail.h"
#include "bypass-planner.h"

#include "ns3/optical-line-system.h"

namespace ns3
{

namespace
{
/// The planner's log component, under its one name.
LogComponent& g_log = bypassdetail::PlannerLog();
} // namespace

using namespace bypassdetail;

bool
BypassPlanner::MakeLightpath(const std::vector<uint32_t>& fibrePath,
                             uint32_t from,
                             Lightpath& lp) const
{
    lp = Lightpath();
    lp.fibres = fibrePath;
    lp.sites.push_back(from);
    double invOsnr = 1 / FromDb(m_transmitterOsnrDb) + 1 / FromDb(m_roadmOsnrDb);
    for (uint32_t f : fibrePath)
    {
        const WanTopology::Fibre& fibre = m_fibres.GetFibre(f);
        lp.sites.push_back(fibre.a == lp.sites.back() ? fibre.b : fibre.a);
        lp.lengthKm += fibre.lengthKm;
        invOsnr += m_fibreInvOsnr[f];
    }
    lp.a = std::min(lp.sites.front(), lp.sites.back());
    lp.b = std::max(lp.sites.front(), lp.sites.back());
    lp.osnrDb = ToDb(1 / invOsnr);
    const int mode = m_modes.Select(lp.osnrDb, m_marginDb);
    if (mode >= 0)
    {
        lp.rateGbps = m_modes.GetModes()[mode].rateGbps;
    }
    else if (fibrePath.size() == 1)
    {
        // A single fibre beyond every reach: regenerate it into equal segments, as few as
        // give a mode.
        const WanTopology::Fibre& fibre = m_fibres.GetFibre(fibrePath[0]);
        const uint32_t most = static_cast<uint32_t>(std::ceil(fibre.lengthKm / m_spanKm));
        for (uint32_t r = 1; r < most && lp.rateGbps == 0; ++r)
        {
            const double inv = m_fibreInvOsnr[fibrePath[0]] / (r + 1) +
                               1 / FromDb(m_transmitterOsnrDb) + 1 / FromDb(m_roadmOsnrDb);
            const int m = m_modes.Select(ToDb(1 / inv), m_marginDb);
            if (m >= 0)
            {
                lp.rateGbps = m_modes.GetModes()[m].rateGbps;
                lp.regenerators = r;
                lp.osnrDb = ToDb(1 / inv);
            }
        }
    }
    if (lp.rateGbps <= 0)
    {
        return false;
    }
    lp.wavelengthCost = 2 * m_catalog.Get(CostCatalog::ROUTER_PORT) +
                        2 * m_catalog.Get(CostCatalog::TRANSPONDER) +
                        lp.regenerators * m_catalog.Get(CostCatalog::REGENERATOR);
    return true;
}

bool
BypassPlanner::SetNetwork(const WanTopology& fibres,
                          const TransceiverModes& modes,
                          const CostCatalog& catalog,
                          std::string& error)
{
    if (fibres.GetNSites() < 2 || fibres.GetNFibres() == 0)
    {
        error = "bypass planner: the fibre layer needs at least 2 sites and a fibre (it has " +
                std::to_string(fibres.GetNSites()) + " sites, " +
                std::to_string(fibres.GetNFibres()) + " fibres)";
        return false;
    }
    if (!fibres.IsConnected())
    {
        error = "bypass planner: the fibre layer is disconnected (every site must reach every "
                "other over fibres)";
        return false;
    }
    if (modes.GetModes().empty())
    {
        error = "bypass planner: the transceiver mode table is empty";
        return false;
    }
    const WanTopology oldFibres = m_fibres;
    const TransceiverModes oldModes = m_modes;
    const CostCatalog oldCatalog = m_catalog;
    const std::vector<double> oldInv = m_fibreInvOsnr;
    const std::vector<Lightpath> oldCandidates = m_candidates;
    const uint32_t oldHop = m_nHopByHop;
    const bool oldReady = m_ready;
    auto restore = [&]() {
        m_fibres = oldFibres;
        m_modes = oldModes;
        m_catalog = oldCatalog;
        m_fibreInvOsnr = oldInv;
        m_candidates = oldCandidates;
        m_nHopByHop = oldHop;
        m_ready = oldReady;
    };
    m_fibres = fibres;
    m_modes = modes;
    m_catalog = catalog;
    m_fibreInvOsnr.clear();
    m_candidates.clear();
    // Each fibre's line: equal spans, at the optimal launch power, 80 channels of 50 GHz.
    FibreSpan span;
    span.noiseFigureDb = m_noiseFigureDb;
    OpticalChannel channel;
    channel.channels = 80;
    channel.nliModel = m_nliModel;
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        const WanTopology::Fibre& fibre = fibres.GetFibre(f);
        OpticalLineSystem line;
        if (!OpticalLineSystem::Build(fibre.lengthKm, span, m_spanKm, line, error))
        {
            error = "fibre " + fibres.GetSite(fibre.a).name + "-" + fibres.GetSite(fibre.b).name +
                    ": " + error;
            restore();
            return false;
        }
        channel.launchPowerDbm = line.GetOptimalLaunchDbm(channel);
        m_fibreInvOsnr.push_back(1 / FromDb(line.GetGsnr01nmDb(channel)));
    }
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        Lightpath lp;
        if (!MakeLightpath({f}, fibres.GetFibre(f).a, lp))
        {
            const WanTopology::Fibre& fibre = fibres.GetFibre(f);
            error = "fibre " + fibres.GetSite(fibre.a).name + "-" + fibres.GetSite(fibre.b).name +
                    " (" + Num(fibre.lengthKm) + " km): no mode of table '" + modes.GetName() +
                    "' works on it even regenerated at every amplifier (its OSNR over one "
                    "fibre: " +
                    Num(ToDb(1 / m_fibreInvOsnr[f])) + " dB; the slowest mode needs " +
                    Num(modes.GetModes().front().osnrDb) + " dB + " + Num(m_marginDb) +
                    " dB margin): no demand over it can be carried at any reach";
            restore();
            return false;
        }
        m_candidates.push_back(lp);
    }
    m_nHopByHop = static_cast<uint32_t>(m_candidates.size());
    // Express candidates: k shortest fibre paths of 2 to MaxBypassHops fibres per pair.
    const TeGraph g = FibreGraph(fibres);
    TePathFinder finder(g);
    std::set<std::vector<uint32_t>> seen;
    for (uint32_t u = 0; u < fibres.GetNSites(); ++u)
    {
        for (uint32_t v = u + 1; v < fibres.GetNSites(); ++v)
        {
            for (const TePath& path : finder.KShortest(u, v, m_pathsPerPair))
            {
                if (path.size() < 2 || path.size() > m_maxHops)
                {
                    continue;
                }
                std::vector<uint32_t> fibrePath;
                for (uint32_t arc : path)
                {
                    fibrePath.push_back(arc / 2);
                }
                Lightpath lp;
                if (seen.insert(fibrePath).second && MakeLightpath(fibrePath, u, lp))
                {
                    m_candidates.push_back(lp);
                }
            }
        }
    }
    m_ready = true;
    NS_LOG_INFO("bypass candidates: " << m_nHopByHop << " hop-by-hop, "
                                      << m_candidates.size() - m_nHopByHop << " express");
    return true;
}

const std::vector<Lightpath>&
BypassPlanner::GetCandidates() const
{
    return m_candidates;
}

uint32_t
BypassPlanner::GetNHopByHop() const
{
    return m_nHopByHop;
}

} // namespace ns3
