/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-topology.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-units.h"
#include "ns3/wan-topology.h"

// property_tree includes boost/bind.hpp, which asks for this (its placeholders are unused here).
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#include <algorithm>
#include <atomic>
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <cmath>
#include <map>
#include <sstream>
#include <thread>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeTopology");

namespace
{
/// Built-in name -> file in data/wan/te-topologies/.
const std::map<std::string, std::string>&
BuiltIn()
{
    static const std::map<std::string, std::string> files = {{"b4", "B4.json"},
                                                             {"uscarrier", "UsCarrier.json"},
                                                             {"kdl", "Kdl.json"},
                                                             {"asn", "ASN2k.json"}};
    return files;
}

/// \return true if \p s ends with \p suffix
bool
EndsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
} // namespace

std::vector<std::string>
TeTopology::ListBuiltIn()
{
    return {"b4", "uscarrier", "kdl", "asn"};
}

uint32_t
TeTopology::GetNNodes() const
{
    return graph.nodes;
}

bool
TeTopology::LoadJson(const std::string& file,
                     TeTopology& out,
                     std::string& error,
                     double gbpsPerUnit)
{
    NS_LOG_FUNCTION(file << gbpsPerUnit);
    if (!(gbpsPerUnit > 0) || !std::isfinite(gbpsPerUnit))
    {
        error = "TE topology: Gb/s per capacity unit must be finite and > 0";
        return false;
    }
    std::string text;
    if (!OpticalDataFile::ReadText(file, MAX_JSON_BYTES, text, error))
    {
        return false;
    }
    if (!OpticalDataFile::CheckJsonNesting(file, text, MAX_JSON_DEPTH, error))
    {
        return false;
    }
    boost::property_tree::ptree root;
    try
    {
        std::istringstream in(text);
        boost::property_tree::read_json(in, root);
    }
    catch (const boost::property_tree::json_parser_error& e)
    {
        error = file + ":" + std::to_string(e.line()) + ": not JSON: " + e.message();
        return false;
    }
    const auto nodes = root.get_child_optional("nodes");
    const auto links = root.get_child_optional("links");
    if (!nodes || !links)
    {
        error = file + ": a node-link JSON needs \"nodes\" and \"links\" arrays (networkx "
                       "node_link_data)";
        return false;
    }
    bool directed = true;
    if (const auto d = root.get_optional<std::string>("directed"))
    {
        directed = *d == "true" || *d == "1";
    }
    TeTopology t;
    t.name = file;
    std::map<std::string, uint32_t> index;
    std::size_t i = 0;
    for (const auto& [key, node] : *nodes)
    {
        const auto id = node.get_optional<std::string>("id");
        if (!id || id->empty())
        {
            error = file + ": node " + std::to_string(i) + " has no \"id\"";
            return false;
        }
        if (index.count(*id))
        {
            error = file + ": node id '" + *id + "' appears twice";
            return false;
        }
        index[*id] = static_cast<uint32_t>(t.nodeNames.size());
        t.nodeNames.push_back(*id);
        ++i;
    }
    if (t.nodeNames.size() > WanTopology::MAX_SITES)
    {
        error = file + ": " + std::to_string(t.nodeNames.size()) + " nodes (at most " +
                std::to_string(WanTopology::MAX_SITES) + ")";
        return false;
    }
    t.graph.nodes = static_cast<uint32_t>(t.nodeNames.size());
    std::size_t l = 0;
    auto addArc = [&](uint32_t a, uint32_t b, double cap) {
        t.graph.arcs.push_back({a, b, 1.0});
        t.capacity.push_back(cap);
    };
    for (const auto& [key, link] : *links)
    {
        const std::string where = file + ": link " + std::to_string(l);
        const auto src = link.get_optional<std::string>("source");
        const auto dst = link.get_optional<std::string>("target");
        if (!src || !dst)
        {
            error = where + " needs \"source\" and \"target\"";
            return false;
        }
        for (const auto* end : {&*src, &*dst})
        {
            if (!index.count(*end))
            {
                error = where + " names node '" + *end + "', which is not among the nodes";
                return false;
            }
        }
        if (*src == *dst)
        {
            error = where + " is a loop at node '" + *src + "'";
            return false;
        }
        const auto capText = link.get_optional<std::string>("capacity");
        double cap = 0;
        if (!capText || !OpticalDataFile::ParseDouble(*capText, cap) || !std::isfinite(cap) ||
            cap < 0 || cap * gbpsPerUnit > MAX_LINK_GBPS)
        {
            error = where + " (" + *src + "->" + *dst + "): capacity '" +
                    OpticalDataFile::Shorten(capText ? *capText : std::string()) +
                    "' (allowed: a number from 0 to " + OpticalUnits::Format(MAX_LINK_GBPS) +
                    " Gb/s, in units of " + OpticalUnits::Format(gbpsPerUnit) + " Gb/s)";
            return false;
        }
        addArc(index[*src], index[*dst], cap * gbpsPerUnit);
        if (!directed)
        {
            addArc(index[*dst], index[*src], cap * gbpsPerUnit);
        }
        ++l;
    }
    if (t.graph.nodes < 2 || t.graph.arcs.empty())
    {
        error = file + ": " + std::to_string(t.graph.nodes) + " nodes and " +
                std::to_string(t.graph.arcs.size()) + " links (need at least 2 nodes and a link)";
        return false;
    }
    out = std::move(t);
    return true;
}

TeTopology
TeTopology::FromWan(const WanTopology& wan, double gbps)
{
    TeTopology t;
    t.name = wan.GetName();
    t.graph.nodes = wan.GetNSites();
    for (const auto& s : wan.GetSites())
    {
        t.nodeNames.push_back(s.name);
    }
    for (const auto& f : wan.GetFibres())
    {
        t.graph.arcs.push_back({f.a, f.b, 1.0});
        t.graph.arcs.push_back({f.b, f.a, 1.0});
        t.capacity.push_back(gbps);
        t.capacity.push_back(gbps);
    }
    return t;
}

bool
TeTopology::ToWan(double lengthKm, WanTopology& out, std::string& error) const
{
    WanTopology wan;
    wan.SetName(name);
    for (uint32_t i = 0; i < graph.nodes; ++i)
    {
        WanTopology::Site site;
        site.name = nodeNames.size() > i ? nodeNames[i] : std::to_string(i);
        wan.AddSite(site);
    }
    for (const auto& arc : graph.arcs)
    {
        if (wan.FindFibre(arc.from, arc.to) >= 0)
        {
            continue;
        }
        if (!wan.AddFibre(arc.from, arc.to, lengthKm, error))
        {
            return false;
        }
    }
    out = std::move(wan);
    return true;
}

bool
TeTopology::Load(const std::string& nameOrFile,
                 TeTopology& out,
                 std::string& error,
                 double gbpsPerUnit,
                 double defaultGbps)
{
    NS_LOG_FUNCTION(nameOrFile);
    TeTopology t;
    const auto builtIn = BuiltIn().find(nameOrFile);
    if (builtIn != BuiltIn().end())
    {
        if (!LoadJson(OpticalDataFile::GetDataDirectory() + "/wan/te-topologies/" + builtIn->second,
                      t,
                      error,
                      gbpsPerUnit))
        {
            return false;
        }
        t.name = nameOrFile;
    }
    else if (EndsWith(nameOrFile, ".json"))
    {
        if (!LoadJson(nameOrFile, t, error, gbpsPerUnit))
        {
            return false;
        }
    }
    else
    {
        if (!(defaultGbps > 0) || !std::isfinite(defaultGbps))
        {
            error = "TE topology: the capacity of a WAN file's arcs must be finite and > 0";
            return false;
        }
        WanTopology wan;
        std::string why;
        if (!wan.Load(nameOrFile, why))
        {
            std::string names;
            for (const auto& n : ListBuiltIn())
            {
                names += (names.empty() ? "" : ", ") + n;
            }
            error = why + " (TE topologies: " + names +
                    ", a networkx node-link .json file, or a WAN file)";
            return false;
        }
        t = FromWan(wan, defaultGbps);
    }
    if (!t.Check(error))
    {
        error = "TE topology '" + t.name + "': " + error;
        return false;
    }
    out = std::move(t);
    return true;
}

bool
TeTopology::Check(std::string& error) const
{
    const uint32_t n = graph.nodes;
    std::vector<std::vector<uint32_t>> fwd(n);
    std::vector<std::vector<uint32_t>> rev(n);
    for (std::size_t a = 0; a < graph.arcs.size(); ++a)
    {
        if (capacity[a] > 0)
        {
            fwd[graph.arcs[a].from].push_back(graph.arcs[a].to);
            rev[graph.arcs[a].to].push_back(graph.arcs[a].from);
        }
    }
    // Strongly connected iff node 0 reaches every node and every node reaches node 0.
    for (int dir = 0; dir < 2; ++dir)
    {
        const auto& adj = dir == 0 ? fwd : rev;
        std::vector<char> seen(n, 0);
        std::vector<uint32_t> stack{0};
        seen[0] = 1;
        while (!stack.empty())
        {
            const uint32_t u = stack.back();
            stack.pop_back();
            for (uint32_t v : adj[u])
            {
                if (!seen[v])
                {
                    seen[v] = 1;
                    stack.push_back(v);
                }
            }
        }
        for (uint32_t v = 0; v < n; ++v)
        {
            if (!seen[v])
            {
                const std::string a = nodeNames.empty() ? std::to_string(0) : nodeNames[0];
                const std::string b = nodeNames.empty() ? std::to_string(v) : nodeNames[v];
                error = "the topology is disconnected: node '" + (dir == 0 ? a : b) +
                        "' cannot reach node '" + (dir == 0 ? b : a) +
                        "' over links of positive capacity";
                return false;
            }
        }
    }
    return true;
}

std::vector<double>
TeTopology::GetGravityWeights() const
{
    std::vector<double> w(graph.nodes, 0);
    for (std::size_t a = 0; a < graph.arcs.size(); ++a)
    {
        w[graph.arcs[a].from] += capacity[a];
    }
    return w;
}

bool
TeTopology::MakeCommodities(uint32_t k,
                            const std::string& kind,
                            uint32_t threads,
                            std::vector<TeSolver::Commodity>& out,
                            std::string& error) const
{
    std::vector<TrafficMatrix::Demand> pairs;
    const uint32_t n = graph.nodes;
    pairs.reserve(static_cast<std::size_t>(n) * (n > 0 ? n - 1 : 0));
    for (uint32_t s = 0; s < n; ++s)
    {
        for (uint32_t d = 0; d < n; ++d)
        {
            if (s != d)
            {
                pairs.push_back({s, d, 0.0});
            }
        }
    }
    return MakeCommodities(pairs, k, kind, threads, out, error);
}

bool
TeTopology::MakeCommodities(const std::vector<TrafficMatrix::Demand>& demands,
                            uint32_t k,
                            const std::string& kind,
                            uint32_t threads,
                            std::vector<TeSolver::Commodity>& out,
                            std::string& error) const
{
    if (k < 1 || threads < 1)
    {
        error = k < 1 ? "paths per demand must be >= 1" : "threads must be >= 1";
        return false;
    }
    if (kind != "edge-disjoint" && kind != "ksp")
    {
        error = "path kind '" + kind + "' is unknown (allowed: edge-disjoint, ksp)";
        return false;
    }
    if (!TePaths::Check(graph, error))
    {
        return false;
    }
    const uint32_t n = graph.nodes;
    std::vector<TeSolver::Commodity> commodities;
    commodities.reserve(demands.size());
    for (const auto& d : demands)
    {
        if (d.src >= n || d.dst >= n || d.src == d.dst)
        {
            error = "demand " + std::to_string(d.src) + "->" + std::to_string(d.dst) +
                    " is between unknown nodes (the topology has nodes 0 to " +
                    std::to_string(n - 1) + ", and a demand joins two different ones)";
            return false;
        }
        commodities.push_back({d.src, d.dst, d.gbps, {}});
    }
    // Blocks of commodities dealt to threads; one finder per thread.
    constexpr std::size_t BLOCK = 256;
    std::atomic<std::size_t> next{0};
    std::vector<std::string> errors(threads);
    auto work = [&](uint32_t id) {
        TePathFinder finder(graph);
        for (std::size_t b = next.fetch_add(BLOCK); b < commodities.size();
             b = next.fetch_add(BLOCK))
        {
            for (std::size_t i = b; i < std::min(commodities.size(), b + BLOCK); ++i)
            {
                auto& c = commodities[i];
                std::string why;
                if (!finder.Find(kind, c.src, c.dst, k, c.paths, why) && errors[id].empty())
                {
                    errors[id] = why;
                }
            }
        }
    };
    std::vector<std::thread> pool;
    for (uint32_t t = 1; t < threads; ++t)
    {
        pool.emplace_back(work, t);
    }
    work(0);
    for (auto& t : pool)
    {
        t.join();
    }
    for (const auto& e : errors)
    {
        if (!e.empty())
        {
            error = e;
            return false;
        }
    }
    out = std::move(commodities);
    return true;
}

bool
TeTopology::SetDemands(const std::vector<TrafficMatrix::Demand>& demands,
                       std::vector<TeSolver::Commodity>& commodities,
                       std::string& error) const
{
    const uint32_t n = graph.nodes;
    if (commodities.size() != static_cast<std::size_t>(n) * (n - 1))
    {
        error = "commodities: " + std::to_string(commodities.size()) + " for " + std::to_string(n) +
                " nodes (need one per ordered pair)";
        return false;
    }
    for (auto& c : commodities)
    {
        c.demand = 0;
    }
    for (const auto& d : demands)
    {
        if (d.src >= n || d.dst >= n || d.src == d.dst)
        {
            error = "demand " + std::to_string(d.src) + "->" + std::to_string(d.dst) +
                    " is between unknown nodes (the topology has nodes 0 to " +
                    std::to_string(n - 1) + ")";
            return false;
        }
        if (!std::isfinite(d.gbps) || d.gbps < 0)
        {
            error = "demand " + std::to_string(d.src) + "->" + std::to_string(d.dst) +
                    ": volume must be finite and >= 0";
            return false;
        }
        commodities[static_cast<std::size_t>(d.src) * (n - 1) + (d.dst < d.src ? d.dst : d.dst - 1)]
            .demand += d.gbps;
    }
    return true;
}

bool
TeTopology::LoadDemands(const std::string& file,
                        std::vector<TrafficMatrix::Demand>& out,
                        std::string& error) const
{
    std::vector<OpticalDataFile::Record> records;
    if (!OpticalDataFile::ReadRecords(file, {"src", "dst", "gbps"}, {}, records, error))
    {
        return false;
    }
    std::map<std::string, uint32_t> index;
    for (uint32_t i = 0; i < nodeNames.size(); ++i)
    {
        index[nodeNames[i]] = i;
    }
    const uint32_t n = graph.nodes;
    std::vector<TrafficMatrix::Demand> demands;
    for (uint32_t s = 0; s < n; ++s)
    {
        for (uint32_t d = 0; d < n; ++d)
        {
            if (s != d)
            {
                demands.push_back({s, d, 0.0});
            }
        }
    }
    for (const auto& r : records)
    {
        const std::string at = r.Where();
        const std::string& src = r.cells.at("src");
        const std::string& dst = r.cells.at("dst");
        for (const auto* end : {&src, &dst})
        {
            if (!index.count(*end))
            {
                error = at + "demand " + src + "->" + dst + " names node '" + *end +
                        "', which topology '" + name + "' does not have";
                return false;
            }
        }
        if (src == dst)
        {
            error = at + "demand " + src + "->" + dst + " starts and ends at the same node";
            return false;
        }
        double gbps = 0;
        std::string why;
        if (!OpticalDataFile::ReadReal(r.cells.at("gbps"),
                                       OpticalBounds::AtLeast(0),
                                       "Gb/s",
                                       gbps,
                                       why))
        {
            error = at + "gbps: " + why;
            return false;
        }
        const uint32_t s = index[src];
        const uint32_t d = index[dst];
        demands[static_cast<std::size_t>(s) * (n - 1) + (d < s ? d : d - 1)].gbps += gbps;
    }
    out = std::move(demands);
    return true;
}

double
TeTopology::ScaleForLoad(const std::vector<TrafficMatrix::Demand>& shape,
                         const std::vector<TeSolver::Commodity>& commodities,
                         double load) const
{
    return ScaleForLoad(shape, commodities, capacity, load);
}

double
TeTopology::ScaleForLoad(const std::vector<TrafficMatrix::Demand>& shape,
                         const std::vector<TeSolver::Commodity>& commodities,
                         const std::vector<double>& capacities,
                         double load)
{
    const double total = TrafficMatrix::Total(shape);
    if (!(total > 0))
    {
        return 0;
    }
    double hopShare = 0;
    for (std::size_t i = 0; i < shape.size() && i < commodities.size(); ++i)
    {
        const auto& d = shape[i];
        const auto& c = commodities[i];
        if (!c.paths.empty())
        {
            hopShare += d.gbps / total * static_cast<double>(c.paths.front().size());
        }
    }
    double capacitySum = 0;
    for (double c : capacities)
    {
        capacitySum += c;
    }
    return hopShare > 0 ? load * capacitySum / hopShare : 0;
}

bool
TeTopology::LoadFibres(const std::string& nameOrFile,
                       double lengthKm,
                       WanTopology& out,
                       std::string& error)
{
    const auto names = ListBuiltIn();
    const bool te = std::find(names.begin(), names.end(), nameOrFile) != names.end() ||
                    (nameOrFile.size() > 5 && nameOrFile.substr(nameOrFile.size() - 5) == ".json");
    if (te)
    {
        TeTopology t;
        return Load(nameOrFile, t, error) && t.ToWan(lengthKm, out, error);
    }
    return out.Load(nameOrFile, error);
}

} // namespace ns3
