/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "smn-incidents.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SmnIncidents");
NS_OBJECT_ENSURE_REGISTERED(SmnIncidentGenerator);

// ----------------------------------------------------------------------------- SmnGraph

SmnGraph
SmnGraph::FromRepository(SmnRepository& repository, std::optional<Time> at)
{
    SmnGraph g;
    g.components = repository.Components();
    std::unordered_map<std::string, uint32_t> index;
    for (uint32_t i = 0; i < g.components.size(); ++i)
    {
        index[g.components[i].name] = i;
    }
    g.dependents.assign(g.components.size(), {});
    g.dependencies.assign(g.components.size(), {});
    std::set<std::pair<uint32_t, uint32_t>> seen;
    for (const auto& r : repository.Relations(at))
    {
        const uint32_t a = index.at(r.dependent);
        const uint32_t b = index.at(r.dependency);
        if (seen.insert({a, b}).second)
        {
            g.dependents[b].push_back(a);
            g.dependencies[a].push_back(b);
        }
    }
    return g;
}

std::vector<uint32_t>
SmnGraph::DependentsOf(uint32_t c) const
{
    // The in-memory form of the repository's "dependents" query (data/smn-queries.sql):
    // everything reachable from c over dependent edges (the test suite checks they agree).
    const std::vector<bool> reached =
        opticalgraph::Reachable(opticalgraph::FromAdjacency(dependents), c);
    std::vector<uint32_t> out;
    for (uint32_t i = 0; i < reached.size(); ++i)
    {
        if (reached[i] && i != c)
        {
            out.push_back(i);
        }
    }
    return out;
}

int64_t
SmnGraph::IndexOf(const std::string& name) const
{
    for (uint32_t i = 0; i < components.size(); ++i)
    {
        if (components[i].name == name)
        {
            return i;
        }
    }
    return -1;
}

// ----------------------------------------------------------------------------- generator

TypeId
SmnIncidentGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SmnIncidentGenerator")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<SmnIncidentGenerator>()
            .AddAttribute("MissProbability",
                          "Probability that a component that sees a symptom raises no alert",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&SmnIncidentGenerator::m_miss),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("RootAlertProbability",
                          "Probability that a physical root (fibre, amplifier, transponder, line "
                          "card, OCS port) reports its own fault",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&SmnIncidentGenerator::m_rootAlert),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MeanDelay",
                          "Mean delay of an alert after the incident begins (exponential)",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&SmnIncidentGenerator::m_meanDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("NoiseAlerts",
                          "Mean number of unrelated alerts per incident (Poisson)",
                          DoubleValue(2),
                          MakeDoubleAccessor(&SmnIncidentGenerator::m_noise),
                          MakeDoubleChecker<double>(0, 1000));
    return tid;
}

SmnIncidentGenerator::SmnIncidentGenerator()
    : m_meanDelay(Seconds(30))
{
    m_uniform = CreateObject<UniformRandomVariable>();
    m_delay = CreateObject<ExponentialRandomVariable>();
}

const std::vector<std::string>&
SmnIncidentGenerator::Types()
{
    static const std::vector<std::string> types = {"fibre-cut",
                                                   "amplifier-degradation",
                                                   "transponder-fault",
                                                   "linecard-failure",
                                                   "ocs-port-failure",
                                                   "congestion",
                                                   "software-fault"};
    return types;
}

const std::vector<std::string>&
SmnIncidentGenerator::Signals()
{
    static const std::vector<std::string> signals = {"loss-of-light",
                                                     "amp-degraded",
                                                     "snr-low",
                                                     "rate-change",
                                                     "hardware",
                                                     "port-down",
                                                     "link-down",
                                                     "high-utilization",
                                                     "latency",
                                                     "error-rate"};
    return signals;
}

std::string
SmnIncidentGenerator::RootKind(const std::string& type)
{
    static const std::map<std::string, std::string> kinds = {{"fibre-cut", "fibre"},
                                                             {"amplifier-degradation", "amplifier"},
                                                             {"transponder-fault", "transponder"},
                                                             {"linecard-failure", "linecard"},
                                                             {"ocs-port-failure", "ocs-port"},
                                                             {"congestion", "ip-link"},
                                                             {"software-fault", "service"}};
    return kinds.at(type);
}

std::string
SmnIncidentGenerator::SignalOf(const std::string& type, const std::string& kind, bool root)
{
    if (root)
    {
        static const std::map<std::string, std::string> own = {
            {"fibre-cut", "loss-of-light"},
            {"amplifier-degradation", "amp-degraded"},
            {"transponder-fault", "hardware"},
            {"linecard-failure", "hardware"},
            {"ocs-port-failure", "port-down"},
            {"congestion", "high-utilization"},
            {"software-fault", "error-rate"}};
        return own.at(type);
    }
    if (kind == "route" || kind == "router" || kind == "roadm" || kind == "amplifier")
    {
        return ""; // no telemetry of their own for a fault elsewhere
    }
    if (kind == "service" || kind == "job" || kind == "tenant")
    {
        return type == "software-fault" ? "error-rate" : "latency";
    }
    if (type == "amplifier-degradation")
    {
        return kind == "ip-link" ? "rate-change" : "snr-low";
    }
    if (type == "congestion")
    {
        return "high-utilization";
    }
    return "link-down";
}

std::string
SmnIncidentGenerator::OwnerOf(const std::string& type, uint32_t root) const
{
    if (type == "congestion")
    {
        // The traffic shift is the TE's: the team of the routes over the link.
        for (uint32_t d : m_graph.dependents[root])
        {
            if (m_graph.components[d].kind == "route")
            {
                return m_graph.components[d].team;
            }
        }
    }
    return m_graph.components[root].team;
}

uint32_t
SmnIncidentGenerator::DrawNoiseCount()
{
    const double u = m_uniform->GetValue();
    double p = std::exp(-m_noise);
    double cdf = p;
    uint32_t k = 0;
    while (u > cdf && k < 100000)
    {
        ++k;
        p *= m_noise / k;
        cdf += p;
        if (p < 1e-300 && k > m_noise)
        {
            break;
        }
    }
    return k;
}

void
SmnIncidentGenerator::SetGraph(const SmnGraph& graph)
{
    m_graph = graph;
}

int64_t
SmnIncidentGenerator::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    m_delay->SetStream(stream + 1);
    return 2;
}

SmnIncident
SmnIncidentGenerator::Make(const std::string& type, uint32_t root, bool rootAlerts) const
{
    SmnIncident inc;
    inc.type = type;
    inc.root = root;
    inc.team = OwnerOf(type, root);
    if (rootAlerts)
    {
        inc.alerts.push_back({0, root, SignalOf(type, m_graph.components[root].kind, true)});
    }
    for (uint32_t d : m_graph.DependentsOf(root))
    {
        const std::string s = SignalOf(type, m_graph.components[d].kind, false);
        if (!s.empty())
        {
            inc.alerts.push_back({0, d, s});
        }
    }
    return inc;
}

bool
SmnIncidentGenerator::Generate(uint32_t n, std::vector<SmnIncident>& incidents, std::string& error)
{
    std::vector<std::pair<std::string, std::vector<uint32_t>>> candidates;
    for (const auto& type : Types())
    {
        std::vector<uint32_t> roots;
        for (uint32_t i = 0; i < m_graph.components.size(); ++i)
        {
            if (m_graph.components[i].kind == RootKind(type))
            {
                roots.push_back(i);
            }
        }
        if (!roots.empty())
        {
            candidates.emplace_back(type, std::move(roots));
        }
    }
    if (candidates.empty())
    {
        error = "the network has no component an incident can start at (fibres, amplifiers, "
                "transponders, line cards, OCS ports, IP links or services)";
        return false;
    }
    m_delay->SetAttribute("Mean", DoubleValue(std::max(1e-9, m_meanDelay.GetSeconds())));
    const auto& signals = Signals();
    const auto nComponents = static_cast<uint32_t>(m_graph.components.size());
    incidents.clear();
    for (uint32_t i = 0; i < n; ++i)
    {
        SmnIncident inc;
        for (int attempt = 0; attempt < 100 && inc.alerts.empty(); ++attempt)
        {
            const auto& [type, roots] =
                candidates[m_uniform->GetInteger(0, static_cast<uint32_t>(candidates.size()) - 1)];
            const uint32_t root = roots[m_uniform->GetInteger(0, roots.size() - 1)];
            const SmnIncident all = Make(type, root, true);
            inc = SmnIncident();
            inc.type = type;
            inc.root = root;
            inc.team = all.team;
            // Physical roots report with RootAlertProbability, the others as any symptom.
            const bool physical = type != "congestion" && type != "software-fault";
            for (const auto& a : all.alerts)
            {
                const double p = (a.component == root && physical) ? m_rootAlert : 1 - m_miss;
                if (m_uniform->GetValue() < p)
                {
                    inc.alerts.push_back({m_delay->GetValue(), a.component, a.signal});
                }
            }
        }
        NS_ABORT_MSG_IF(inc.alerts.empty(),
                        "SmnIncidentGenerator: 100 incidents in a row raised no alert (miss "
                        "probability "
                            << m_miss << ")");
        const uint32_t noise = DrawNoiseCount();
        for (uint32_t k = 0; k < noise; ++k)
        {
            SmnAlert a;
            a.component = m_uniform->GetInteger(0, nComponents - 1);
            a.signal = signals[m_uniform->GetInteger(0, signals.size() - 1)];
            a.time = m_uniform->GetValue(0, 2 * m_meanDelay.GetSeconds());
            inc.alerts.push_back(a);
        }
        std::stable_sort(inc.alerts.begin(),
                         inc.alerts.end(),
                         [](const SmnAlert& x, const SmnAlert& y) { return x.time < y.time; });
        incidents.push_back(std::move(inc));
    }
    return true;
}

// ----------------------------------------------------------------------------- routers

const std::vector<std::string>&
SmnIncidentRouter::Names()
{
    static const std::vector<std::string> names = {"first-alert", "local", "cdg"};
    return names;
}

SmnIncidentRouter::SmnIncidentRouter(const SmnGraph& graph, uint32_t coarsening)
    : m_graph(graph)
{
    const auto n = static_cast<uint32_t>(graph.components.size());
    std::set<std::string> teams;
    for (const auto& c : graph.components)
    {
        teams.insert(c.team);
    }
    m_teams.assign(teams.begin(), teams.end());
    // Coarsening: each level merges, around every coarse node, its direct coarse dependents of
    // one kind and team, and its direct coarse dependencies of one kind and team.
    m_coarse.resize(n);
    std::iota(m_coarse.begin(), m_coarse.end(), 0);
    uint32_t nodes = n;
    for (uint32_t level = 0; level < coarsening; ++level)
    {
        std::vector<uint32_t> parent(nodes);
        std::iota(parent.begin(), parent.end(), 0);
        std::function<uint32_t(uint32_t)> find = [&parent, &find](uint32_t x) {
            return parent[x] == x ? x : parent[x] = find(parent[x]);
        };
        std::vector<std::set<uint32_t>> up(nodes);
        std::vector<std::set<uint32_t>> down(nodes);
        std::vector<uint32_t> rep(nodes, 0);
        for (uint32_t c = 0; c < n; ++c)
        {
            rep[m_coarse[c]] = c;
            for (uint32_t d : graph.dependents[c])
            {
                if (m_coarse[d] != m_coarse[c])
                {
                    up[m_coarse[c]].insert(m_coarse[d]);
                    down[m_coarse[d]].insert(m_coarse[c]);
                }
            }
        }
        auto key = [&](uint32_t node) {
            const auto& comp = graph.components[rep[node]];
            return comp.kind + "|" + comp.team;
        };
        for (uint32_t x = 0; x < nodes; ++x)
        {
            for (const auto* around : {&up[x], &down[x]})
            {
                std::map<std::string, uint32_t> first;
                for (uint32_t y : *around)
                {
                    const auto [it, fresh] = first.emplace(key(y), y);
                    if (!fresh)
                    {
                        parent[find(y)] = find(it->second);
                    }
                }
            }
        }
        std::map<uint32_t, uint32_t> renumber;
        for (uint32_t x = 0; x < nodes; ++x)
        {
            renumber.emplace(find(x), static_cast<uint32_t>(renumber.size()));
        }
        for (auto& c : m_coarse)
        {
            c = renumber.at(find(c));
        }
        nodes = static_cast<uint32_t>(renumber.size());
    }
    m_members.assign(nodes, {});
    for (uint32_t c = 0; c < n; ++c)
    {
        m_members[m_coarse[c]].push_back(c);
    }
    m_nodeKind.resize(nodes);
    m_nodeTeam.resize(nodes);
    std::vector<std::set<uint32_t>> up(nodes);
    for (uint32_t x = 0; x < nodes; ++x)
    {
        m_nodeKind[x] = graph.components[m_members[x][0]].kind;
        m_nodeTeam[x] = graph.components[m_members[x][0]].team;
    }
    for (uint32_t c = 0; c < n; ++c)
    {
        for (uint32_t d : graph.dependents[c])
        {
            if (m_coarse[d] != m_coarse[c])
            {
                up[m_coarse[c]].insert(m_coarse[d]);
            }
        }
    }
    // What each coarse node explains: itself and its coarse dependents, transitively.
    m_explains.assign(nodes, {});
    for (uint32_t x = 0; x < nodes; ++x)
    {
        std::vector<bool> mark(nodes, false);
        std::vector<uint32_t> stack{x};
        mark[x] = true;
        while (!stack.empty())
        {
            const uint32_t y = stack.back();
            stack.pop_back();
            for (uint32_t z : up[y])
            {
                if (!mark[z])
                {
                    mark[z] = true;
                    stack.push_back(z);
                }
            }
        }
        for (uint32_t y = 0; y < nodes; ++y)
        {
            if (mark[y])
            {
                m_explains[x].push_back(y);
            }
        }
    }
}

const std::vector<uint32_t>&
SmnIncidentRouter::GetCoarseNodes() const
{
    return m_coarse;
}

uint32_t
SmnIncidentRouter::GetNCoarseNodes() const
{
    return static_cast<uint32_t>(m_members.size());
}

std::string
SmnIncidentRouter::Feature(const SmnAlert& a) const
{
    return a.signal + "@" + m_graph.components[a.component].kind;
}

void
SmnIncidentRouter::Train(const std::vector<SmnIncident>& incidents)
{
    std::set<std::string> features;
    double noise = 0;
    double alerts = 0;
    for (const auto& inc : incidents)
    {
        // local: per team, which features its own components raised, ours or not.
        for (const auto& team : m_teams)
        {
            const bool ours = inc.team == team;
            auto& t = m_teamIncidents[team];
            (ours ? t.first : t.second) += 1;
            std::set<std::string> seen;
            for (const auto& a : inc.alerts)
            {
                if (m_graph.components[a.component].team == team)
                {
                    seen.insert(Feature(a));
                }
            }
            for (const auto& f : seen)
            {
                auto& c = m_featureCounts[team][f];
                (ours ? c.first : c.second) += 1;
            }
        }
        // cdg: what incidents rooted at a kind look like, and who owns them.
        const std::string& rootKind = m_graph.components[inc.root].kind;
        const auto explained = m_graph.DependentsOf(inc.root);
        m_kindTeams[rootKind][inc.team] += 1;
        for (const auto& a : inc.alerts)
        {
            features.insert(Feature(a));
            alerts += 1;
            const bool symptom =
                a.component == inc.root ||
                std::binary_search(explained.begin(), explained.end(), a.component);
            if (symptom)
            {
                m_symptoms[rootKind][Feature(a)] += 1;
                m_symptomTotal[rootKind] += 1;
            }
            else
            {
                noise += 1;
            }
        }
    }
    m_nFeatures = std::max<uint32_t>(1, static_cast<uint32_t>(features.size()));
    m_noiseShare = alerts > 0 ? (noise + 1) / (alerts + 2) : 0.1;
}

std::string
SmnIncidentRouter::Route(const std::string& router, const SmnIncident& incident) const
{
    if (incident.alerts.empty())
    {
        return "";
    }
    if (router == "first-alert")
    {
        return FirstAlert(incident);
    }
    if (router == "local")
    {
        return Local(incident);
    }
    NS_ABORT_MSG_IF(router != "cdg", "SmnIncidentRouter: unknown router '" << router << "'");
    return Cdg(incident);
}

std::string
SmnIncidentRouter::FirstAlert(const SmnIncident& incident) const
{
    const auto it =
        std::min_element(incident.alerts.begin(),
                         incident.alerts.end(),
                         [](const SmnAlert& a, const SmnAlert& b) { return a.time < b.time; });
    return m_graph.components[it->component].team;
}

std::string
SmnIncidentRouter::Local(const SmnIncident& incident) const
{
    std::string best;
    double bestLogOdds = 0; // only teams that say yes (log-odds > 0)
    for (const auto& team : m_teams)
    {
        const auto ti = m_teamIncidents.find(team);
        if (ti == m_teamIncidents.end())
        {
            continue;
        }
        const double ours = ti->second.first;
        const double others = ti->second.second;
        std::set<std::string> seen;
        for (const auto& a : incident.alerts)
        {
            if (m_graph.components[a.component].team == team)
            {
                seen.insert(Feature(a));
            }
        }
        double logOdds = std::log((ours + 1) / (others + 1));
        const auto fc = m_featureCounts.find(team);
        if (fc != m_featureCounts.end())
        {
            for (const auto& [f, counts] : fc->second)
            {
                const double pOurs = (counts.first + 1) / (ours + 2);
                const double pOthers = (counts.second + 1) / (others + 2);
                logOdds += seen.count(f) ? std::log(pOurs / pOthers)
                                         : std::log((1 - pOurs) / (1 - pOthers));
            }
        }
        if (logOdds > bestLogOdds)
        {
            bestLogOdds = logOdds;
            best = team;
        }
    }
    return best.empty() ? FirstAlert(incident) : best;
}

std::string
SmnIncidentRouter::Cdg(const SmnIncident& incident) const
{
    const auto nodes = static_cast<uint32_t>(m_members.size());
    // Candidates: coarse nodes that explain at least one alert.
    std::vector<bool> alerting(nodes, false);
    for (const auto& a : incident.alerts)
    {
        alerting[m_coarse[a.component]] = true;
    }
    double totalRoots = 0;
    for (const auto& [kind, teams] : m_kindTeams)
    {
        for (const auto& [team, count] : teams)
        {
            totalRoots += count;
        }
    }
    const double logNoise = std::log(m_noiseShare / m_nFeatures);
    double best = -std::numeric_limits<double>::infinity();
    uint32_t bestNode = 0;
    std::size_t bestSize = 0;
    for (uint32_t x = 0; x < nodes; ++x)
    {
        const auto& ex = m_explains[x];
        bool any = false;
        for (uint32_t y : ex)
        {
            any = any || alerting[y];
        }
        if (!any)
        {
            continue;
        }
        const std::string& kind = m_nodeKind[x];
        const auto kt = m_kindTeams.find(kind);
        double rootsOfKind = 0;
        if (kt != m_kindTeams.end())
        {
            for (const auto& [team, count] : kt->second)
            {
                rootsOfKind += count;
            }
        }
        double score = std::log((rootsOfKind + 1) / (totalRoots + m_kindTeams.size() + 1));
        const auto sk = m_symptoms.find(kind);
        const auto st = m_symptomTotal.find(kind);
        const double total = st == m_symptomTotal.end() ? 0 : st->second;
        for (const auto& a : incident.alerts)
        {
            const bool explained = std::binary_search(ex.begin(), ex.end(), m_coarse[a.component]);
            if (!explained)
            {
                score += logNoise;
                continue;
            }
            double count = 0;
            if (sk != m_symptoms.end())
            {
                const auto f = sk->second.find(Feature(a));
                count = f == sk->second.end() ? 0 : f->second;
            }
            score += std::log((1 - m_noiseShare) * (count + 1) / (total + m_nFeatures));
        }
        if (score > best + 1e-12 || (std::abs(score - best) <= 1e-12 && ex.size() < bestSize))
        {
            best = score;
            bestNode = x;
            bestSize = ex.size();
        }
    }
    const auto kt = m_kindTeams.find(m_nodeKind[bestNode]);
    if (kt == m_kindTeams.end() || kt->second.empty())
    {
        return m_nodeTeam[bestNode];
    }
    return std::max_element(kt->second.begin(),
                            kt->second.end(),
                            [](const auto& a, const auto& b) { return a.second < b.second; })
        ->first;
}

} // namespace ns3
