/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "smn-recorder.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SmnRecorder");

namespace
{

/**
 * \param [in] fibres The fibre topology
 * \param [in] sites The names of its sites
 * \return the name of each fibre: A-B (its end sites), A-B#N for the N-th between them
 */
std::vector<std::string>
NameFibres(const WanTopology& fibres, const std::vector<std::string>& sites)
{
    std::vector<std::string> fibreNames;
    std::map<std::string, uint32_t> seen;
    for (uint32_t f = 0; f < fibres.GetNFibres(); ++f)
    {
        const auto& fibre = fibres.GetFibre(f);
        std::string name = sites[fibre.a] + "-" + sites[fibre.b];
        const uint32_t n = ++seen[name];
        if (n > 1)
        {
            name += "#" + std::to_string(n);
        }
        fibreNames.push_back(name);
    }
    return fibreNames;
}

} // namespace

SmnRecorder::SmnRecorder(SmnRepository& repository)
    : m_repo(repository)
{
    NS_ABORT_MSG_IF(!repository.IsOpen(), "SmnRecorder: the repository is not open");
}

std::string
SmnRecorder::DefaultTeam(const std::string& kind)
{
    static const std::map<std::string, std::string> teams = {
        {"fibre", "fibre-plant"},
        {"amplifier", "optical-line"},
        {"roadm", "optical-line"},
        {"transponder", "optical-transport"},
        {"wavelength", "optical-transport"},
        {"ocs", "dc-fabric"},
        {"ocs-port", "dc-fabric"},
        {"router", "ip-network"},
        {"linecard", "ip-network"},
        {"ip-link", "ip-network"},
        {"route", "traffic-engineering"},
        {"server", "compute"},
        {"accelerator", "compute"},
        {"job", "service"},
        {"tenant", "service"},
        {"service", "service"},
    };
    const auto it = teams.find(kind);
    return it == teams.end() ? "" : it->second;
}

bool
SmnRecorder::SetTeam(const std::string& kind, const std::string& team, std::string& error)
{
    if (SmnRepository::LayerOf(kind) == 0)
    {
        error = "SetTeam: unknown component kind '" + kind + "'";
        return false;
    }
    if (team.empty())
    {
        error = "SetTeam: empty team for kind '" + kind + "'";
        return false;
    }
    m_teams[kind] = team;
    return true;
}

std::string
SmnRecorder::GetTeam(const std::string& kind) const
{
    const auto it = m_teams.find(kind);
    return it == m_teams.end() ? DefaultTeam(kind) : it->second;
}

bool
SmnRecorder::Add(const std::string& name,
                 const std::string& kind,
                 std::string& error,
                 const std::string& detail)
{
    return m_repo.AddComponent(name, kind, GetTeam(kind), error, detail);
}

void
SmnRecorder::Event(const std::string& component,
                   const std::string& kind,
                   double value,
                   const std::string& detail)
{
    std::string error;
    const bool ok = m_repo.Record(Simulator::Now(), component, kind, value, error, detail);
    NS_ABORT_MSG_IF(!ok, "SmnRecorder: " << error);
    ++m_events;
}

bool
SmnRecorder::DescribeWan(const WanTopology& fibres, const RateAdaptiveWan& wan, std::string& error)
{
    NS_LOG_FUNCTION(this);
    const uint32_t nFibres = fibres.GetNFibres();
    if (wan.links.size() != nFibres || wan.spans.size() != nFibres ||
        wan.graph.arcs.size() != 2 * static_cast<std::size_t>(nFibres) ||
        wan.wavelengths.size() != wan.graph.arcs.size() || wan.graph.nodes != fibres.GetNSites())
    {
        error = "DescribeWan: the WAN was not built from this fibre topology (" +
                std::to_string(wan.links.size()) + " links for " + std::to_string(nFibres) +
                " fibres)";
        return false;
    }
    // Names first, so that a clash is refused before anything is written.
    std::vector<std::string> sites;
    for (uint32_t s = 0; s < fibres.GetNSites(); ++s)
    {
        sites.push_back(fibres.GetSite(s).name);
    }
    const std::vector<std::string> fibreNames = NameFibres(fibres, sites);
    if (!CheckWanNamesFree(sites, fibreNames, error))
    {
        return false;
    }

    for (const auto& s : sites)
    {
        if (!Add("router:" + s, "router", error) || !Add("roadm:" + s, "roadm", error))
        {
            return false;
        }
    }
    m_siteNames = sites;
    m_fibreNames = fibreNames;
    m_arcNames.assign(wan.graph.arcs.size(), "");
    const Time t0 = Simulator::Now();
    for (uint32_t f = 0; f < nFibres; ++f)
    {
        if (!DescribeFibre(fibres, wan, f, t0, error))
        {
            return false;
        }
    }
    return true;
}

bool
SmnRecorder::CheckWanNamesFree(const std::vector<std::string>& sites,
                               const std::vector<std::string>& fibreNames,
                               std::string& error) const
{
    for (const auto& s : sites)
    {
        for (const auto& prefix : {"router:", "roadm:"})
        {
            if (m_repo.Has(prefix + s))
            {
                error = "DescribeWan: component '" + std::string(prefix) + s +
                        "' is already in the repository";
                return false;
            }
        }
    }
    for (const auto& f : fibreNames)
    {
        if (m_repo.Has("fibre:" + f))
        {
            error = "DescribeWan: component 'fibre:" + f + "' is already in the repository";
            return false;
        }
    }
    return true;
}

bool
SmnRecorder::DescribeFibre(const WanTopology& fibres,
                           const RateAdaptiveWan& wan,
                           uint32_t f,
                           Time t0,
                           std::string& error)
{
    const auto& fibre = fibres.GetFibre(f);
    const std::string& fn = m_fibreNames[f];
    const std::string fibreName = "fibre:" + fn;
    std::ostringstream detail;
    detail << "km=" << fibre.lengthKm << " snr-db=" << wan.baselineDb[f];
    if (!Add(fibreName, "fibre", error, detail.str()))
    {
        return false;
    }
    for (uint32_t k = 1; k <= wan.spans[f]; ++k)
    {
        const std::string amp = "amp:" + fn + ":" + std::to_string(k);
        if (!Add(amp, "amplifier", error) ||
            !m_repo.Relate(fibreName, amp, "amplified-by", t0, error))
        {
            return false;
        }
    }
    const std::array<std::string, 2> ends = {m_siteNames[fibre.a], m_siteNames[fibre.b]};
    std::array<std::string, 2> cards;
    for (int e = 0; e < 2; ++e)
    {
        cards[e] = "linecard:" + ends[e] + ":" + fn;
        if (!Add(cards[e], "linecard", error) ||
            !m_repo.Relate(cards[e], "router:" + ends[e], "part-of", t0, error))
        {
            return false;
        }
    }
    const auto waves = static_cast<uint32_t>(std::max(1.0, std::round(wan.wavelengths[2 * f])));
    std::vector<std::string> waveNames;
    if (!DescribeWavelengths(fn, ends, waves, t0, waveNames, error) ||
        !DescribeIpLinks(wan, f, waveNames, cards, t0, error))
    {
        return false;
    }
    // The link's traces become events of both IP links of the fibre.
    ConnectLinkTraces(wan.links[f], m_arcNames[2 * f], m_arcNames[2 * f + 1]);
    return true;
}

bool
SmnRecorder::DescribeWavelengths(const std::string& fn,
                                 const std::array<std::string, 2>& ends,
                                 uint32_t waves,
                                 Time t0,
                                 std::vector<std::string>& waveNames,
                                 std::string& error)
{
    const std::string fibreName = "fibre:" + fn;
    for (uint32_t w = 1; w <= waves; ++w)
    {
        const std::string wl = "wl:" + fn + ":" + std::to_string(w);
        if (!Add(wl, "wavelength", error) || !m_repo.Relate(wl, fibreName, "rides-on", t0, error))
        {
            return false;
        }
        for (int e = 0; e < 2; ++e)
        {
            const std::string tp = wl.substr(3);
            const std::string tpName = "tp:" + tp + ":" + ends[e];
            if (!Add(tpName, "transponder", error) ||
                !m_repo.Relate(tpName, "roadm:" + ends[e], "part-of", t0, error) ||
                !m_repo.Relate(wl, tpName, "ends-at", t0, error))
            {
                return false;
            }
        }
        waveNames.push_back(wl);
    }
    return true;
}

bool
SmnRecorder::DescribeIpLinks(const RateAdaptiveWan& wan,
                             uint32_t f,
                             const std::vector<std::string>& waveNames,
                             const std::array<std::string, 2>& cards,
                             Time t0,
                             std::string& error)
{
    const std::string& fn = m_fibreNames[f];
    for (uint32_t d = 0; d < 2; ++d)
    {
        const uint32_t arc = 2 * f + d;
        const auto& a = wan.graph.arcs[arc];
        const auto hash = fn.find('#');
        const std::string ip = "ip:" + m_siteNames[a.from] + ">" + m_siteNames[a.to] +
                               (hash == std::string::npos ? "" : fn.substr(hash));
        if (!Add(ip, "ip-link", error))
        {
            return false;
        }
        for (const auto& wl : waveNames)
        {
            if (!m_repo.Relate(ip, wl, "rides-on", t0, error))
            {
                return false;
            }
        }
        for (const auto& card : cards)
        {
            if (!m_repo.Relate(ip, card, "ends-at", t0, error))
            {
                return false;
            }
        }
        m_arcNames[arc] = ip;
    }
    return true;
}

void
SmnRecorder::ConnectLinkTraces(Ptr<RateAdaptiveLink> link,
                               const std::string& ipAB,
                               const std::string& ipBA)
{
    link->TraceConnectWithoutContext(
        "RateChange",
        Callback<void, double, double>([this, ipAB, ipBA](double from, double to) {
            const std::string detail = "from " + std::to_string(from) + " Gb/s";
            Event(ipAB, "rate-change", to, detail);
            Event(ipBA, "rate-change", to, detail);
        }));
    link->TraceConnectWithoutContext(
        "LinkDown",
        Callback<void, const std::string&>([this, ipAB, ipBA](const std::string& cause) {
            Event(ipAB, "link-down", 0, cause);
            Event(ipBA, "link-down", 0, cause);
        }));
    link->TraceConnectWithoutContext("LinkUp", Callback<void>([this, ipAB, ipBA]() {
                                         Event(ipAB, "link-up", 1);
                                         Event(ipBA, "link-up", 1);
                                     }));
}

bool
SmnRecorder::DescribeServices(const std::vector<TeSolver::Commodity>& commodities,
                              std::string& error)
{
    if (m_arcNames.empty())
    {
        error = "DescribeServices: describe a WAN first (DescribeWan)";
        return false;
    }
    std::vector<std::string> names;
    std::map<std::string, uint32_t> seen;
    for (std::size_t c = 0; c < commodities.size(); ++c)
    {
        const auto& k = commodities[c];
        if (k.src >= m_siteNames.size() || k.dst >= m_siteNames.size())
        {
            error = "DescribeServices: demand " + std::to_string(c) + " between nodes " +
                    std::to_string(k.src) + " and " + std::to_string(k.dst) + " of a WAN of " +
                    std::to_string(m_siteNames.size()) + " sites";
            return false;
        }
        for (const auto& p : k.paths)
        {
            for (uint32_t arc : p)
            {
                if (arc >= m_arcNames.size())
                {
                    error = "DescribeServices: demand " + std::to_string(c) + " uses arc " +
                            std::to_string(arc) + " of a WAN of " +
                            std::to_string(m_arcNames.size()) + " arcs";
                    return false;
                }
            }
        }
        std::string name = m_siteNames[k.src] + ">" + m_siteNames[k.dst];
        const uint32_t n = ++seen[name];
        if (n > 1)
        {
            name += "#" + std::to_string(n);
        }
        if (m_repo.Has("service:" + name))
        {
            error = "DescribeServices: component 'service:" + name + "' is already there";
            return false;
        }
        names.push_back(name);
    }
    const Time t0 = Simulator::Now();
    const std::size_t first = m_serviceNames.size();
    for (std::size_t c = 0; c < commodities.size(); ++c)
    {
        const std::string service = "service:" + names[c];
        std::ostringstream detail;
        detail << "demand-gbps=" << commodities[c].demand;
        if (!Add(service, "service", error, detail.str()))
        {
            return false;
        }
        m_serviceNames.push_back(service);
        m_routeNames.emplace_back();
        for (std::size_t p = 0; p < commodities[c].paths.size(); ++p)
        {
            const std::string route = "route:" + names[c] + ":" + std::to_string(p + 1);
            if (!Add(route, "route", error))
            {
                return false;
            }
            for (uint32_t arc : commodities[c].paths[p])
            {
                if (!m_repo.Relate(route, m_arcNames[arc], "uses", t0, error))
                {
                    return false;
                }
            }
            m_routeNames.back().push_back(route);
        }
        m_inUse.emplace_back(commodities[c].paths.size(), false);
    }
    NS_LOG_INFO("described " << m_serviceNames.size() - first << " services");
    return true;
}

void
SmnRecorder::ConnectController(Ptr<TeController> controller, double minGbps)
{
    m_minGbps = minGbps;
    controller->TraceConnectWithoutContext(
        "Decided",
        Callback<void, const TeSolver::Solution&>(
            [this](const TeSolver::Solution& s) { OnDecided(s); }));
}

void
SmnRecorder::OnDecided(const TeSolver::Solution& solution)
{
    NS_ABORT_MSG_IF(solution.pathFlow.size() != m_serviceNames.size(),
                    "SmnRecorder: a TE decision for " << solution.pathFlow.size() << " demands, "
                                                      << m_serviceNames.size()
                                                      << " services described");
    const Time now = Simulator::Now();
    std::string error;
    for (std::size_t c = 0; c < solution.pathFlow.size(); ++c)
    {
        double total = 0;
        for (std::size_t p = 0; p < solution.pathFlow[c].size() && p < m_routeNames[c].size(); ++p)
        {
            const bool use = solution.pathFlow[c][p] > m_minGbps;
            total += solution.pathFlow[c][p];
            if (use == m_inUse[c][p])
            {
                continue;
            }
            const bool ok =
                use ? m_repo.Relate(m_serviceNames[c], m_routeNames[c][p], "uses", now, error)
                    : m_repo.EndRelation(m_serviceNames[c], m_routeNames[c][p], now, error);
            NS_ABORT_MSG_IF(!ok, "SmnRecorder: " << error);
            m_inUse[c][p] = use;
        }
        Event(m_serviceNames[c], "te-decision", total);
    }
}

bool
SmnRecorder::DescribeOcs(const std::string& name, Ptr<OpticalCircuitSwitch> ocs, std::string& error)
{
    const std::string sw = "ocs:" + name;
    if (m_repo.Has(sw))
    {
        error = "DescribeOcs: component '" + sw + "' is already in the repository";
        return false;
    }
    if (!Add(sw, "ocs", error))
    {
        return false;
    }
    const Time t0 = Simulator::Now();
    for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
    {
        const std::string port = sw + ":" + std::to_string(p);
        if (!Add(port, "ocs-port", error) || !m_repo.Relate(port, sw, "part-of", t0, error))
        {
            return false;
        }
    }
    ocs->TraceConnectWithoutContext(
        "CircuitUp",
        Callback<void, uint32_t, uint32_t>([this, sw](uint32_t from, uint32_t to) {
            Event(sw + ":" + std::to_string(from), "circuit-up", to);
        }));
    ocs->TraceConnectWithoutContext(
        "CircuitDown",
        Callback<void, uint32_t, uint32_t>([this, sw](uint32_t from, uint32_t to) {
            Event(sw + ":" + std::to_string(from), "circuit-down", to);
        }));
    return true;
}

bool
SmnRecorder::DescribeFabric(const std::string& name,
                            Ptr<SliceScheduler> scheduler,
                            std::string& error)
{
    const TorusGeometry& g = scheduler->GetFabric()->GetGeometry();
    const std::string serverPrefix = "server:" + name + ":";
    if (m_repo.Has(serverPrefix + "0"))
    {
        error = "DescribeFabric: component '" + serverPrefix + "0' is already in the repository";
        return false;
    }
    const Time t0 = Simulator::Now();
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        if (!Add(serverPrefix + std::to_string(s), "server", error))
        {
            return false;
        }
    }
    for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
    {
        const std::string acc = "acc:" + name + ":" + std::to_string(a);
        if (!Add(acc, "accelerator", error) ||
            !m_repo
                 .Relate(acc, serverPrefix + std::to_string(g.GetServer(a)), "part-of", t0, error))
        {
            return false;
        }
    }
    scheduler->TraceConnectWithoutContext(
        "Allocated",
        Callback<void, uint64_t, uint32_t, const std::string&>(
            [this, name, scheduler](uint64_t tenant, uint32_t n, const std::string& method) {
                OnSlice(name, scheduler, tenant, n, method);
            }));
    scheduler->TraceConnectWithoutContext(
        "Rejected",
        Callback<void, uint64_t, uint32_t, bool>(
            [this, name](uint64_t tenant, uint32_t n, bool fragmented) {
                Event(Tenant(name, tenant),
                      "alarm",
                      n,
                      fragmented ? "rejected: fragmented" : "rejected: full");
            }));
    scheduler->TraceConnectWithoutContext(
        "Recovered",
        Callback<void, uint64_t, Time, uint32_t, Time>(
            [this, name](uint64_t tenant, Time downtime, uint32_t blast, Time) {
                Event(Tenant(name, tenant),
                      "repair",
                      downtime.GetSeconds(),
                      "blast radius " + std::to_string(blast));
            }));
    return true;
}

std::string
SmnRecorder::Tenant(const std::string& name, uint64_t tenant)
{
    const std::string t = "tenant:" + name + ":" + std::to_string(tenant);
    if (!m_repo.Has(t))
    {
        std::string error;
        NS_ABORT_MSG_IF(!Add(t, "tenant", error), "SmnRecorder: " << error);
    }
    return t;
}

void
SmnRecorder::OnSlice(const std::string& name,
                     Ptr<SliceScheduler> scheduler,
                     uint64_t tenant,
                     uint32_t accelerators,
                     const std::string& method)
{
    const std::string t = Tenant(name, tenant);
    const SliceAllocator& owners = scheduler->GetAllocator();
    const uint32_t n = scheduler->GetFabric()->GetGeometry().GetNAccelerators();
    std::string error;
    for (uint32_t a = 0; a < n; ++a)
    {
        if (owners.GetOwner(a) == static_cast<int64_t>(tenant))
        {
            const bool ok = m_repo.Relate(t,
                                          "acc:" + name + ":" + std::to_string(a),
                                          "hosted-on",
                                          Simulator::Now(),
                                          error);
            NS_ABORT_MSG_IF(!ok, "SmnRecorder: " << error);
        }
    }
    Event(t, "slice-allocated", accelerators, method);
}

std::string
SmnRecorder::ArcName(uint32_t arc) const
{
    NS_ABORT_MSG_IF(arc >= m_arcNames.size(), "SmnRecorder::ArcName: arc " << arc);
    return m_arcNames[arc];
}

std::string
SmnRecorder::FibreName(uint32_t fibre) const
{
    NS_ABORT_MSG_IF(fibre >= m_fibreNames.size(), "SmnRecorder::FibreName: fibre " << fibre);
    return "fibre:" + m_fibreNames[fibre];
}

std::string
SmnRecorder::ServiceName(uint32_t commodity) const
{
    NS_ABORT_MSG_IF(commodity >= m_serviceNames.size(),
                    "SmnRecorder::ServiceName: commodity " << commodity);
    return m_serviceNames[commodity];
}

uint64_t
SmnRecorder::GetNEvents() const
{
    return m_events;
}

} // namespace ns3
