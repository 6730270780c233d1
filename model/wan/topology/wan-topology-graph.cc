/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WanTopology: what its graph-file loaders (GraphML, GML) share once a file is parsed: the
// keys understood, sites from nodes, fibres from edges, and the rules of GraphOptions for
// parallel links, nodes without coordinates and networks in pieces.

#include "wan-topology-detail.h"
#include "wan-topology.h"

#include "ns3/optical-names.h"

#include <limits>

namespace ns3
{

namespace
{
/// The topology's log component, under its one name.
LogComponent& g_log = wantopologydetail::TopologyLog();
} // namespace

using namespace wantopologydetail;

namespace
{

/// The keys the graph loaders understand, and the numbers read under them.
class GraphKeys
{
  public:
    /**
     * \param [in] scan The document's keys
     * \param [in] path The file (for messages)
     */
    GraphKeys(const GraphScan& scan, const std::string& path)
        : label(For(scan, "node", {"label"})),
          latitude(For(scan, "node", {"latitude"})),
          longitude(For(scan, "node", {"longitude"})),
          weight(For(scan, "node", {"population", "weight"})),
          length(For(scan, "edge", {"linklength", "length", "distance"})),
          m_path(path)
    {
    }

    /// \return the first of the keys \p ids \p e has data for (text and line), or null
    static const std::pair<std::string, uint64_t>* Find(const GraphElement& e,
                                                        const std::vector<std::string>& ids)
    {
        for (const auto& id : ids)
        {
            const auto it = e.data.find(id);
            if (it != e.data.end())
            {
                return &it->second;
            }
        }
        return static_cast<const std::pair<std::string, uint64_t>*>(nullptr);
    }

    /**
     * Reads the number \p e holds under one of \p ids.
     * \param [in] e The element
     * \param [in] ids The keys
     * \param [in] what The quantity (for messages)
     * \param [in] element The element (for messages)
     * \param [in] bounds The values allowed
     * \param [in] unit The unit
     * \param [out] value The value, if present
     * \param [out] present Whether \p e has one
     * \param [out] error The file, line and problem
     * \return false if present but not a number within \p bounds
     */
    bool Number(const GraphElement& e,
                const std::vector<std::string>& ids,
                const std::string& what,
                const std::string& element,
                const OpticalBounds& bounds,
                const std::string& unit,
                double& value,
                bool& present,
                std::string& error) const
    {
        present = false;
        const auto* cell = Find(e, ids);
        if (!cell)
        {
            return true;
        }
        std::string why;
        if (!OpticalDataFile::ReadReal(cell->first, bounds, unit, value, why))
        {
            error = Where(m_path, cell->second) + element + ": " + what + ": " + why;
            return false;
        }
        present = true;
        return true;
    }

    const std::vector<std::string> label;     //!< Keys of a node's name
    const std::vector<std::string> latitude;  //!< Keys of a node's latitude
    const std::vector<std::string> longitude; //!< Keys of a node's longitude
    const std::vector<std::string> weight;    //!< Keys of a node's weight
    const std::vector<std::string> length;    //!< Keys of an edge's length

  private:
    /// \return the ids of the keys of \p domain (or "all") named one of \p names
    static std::vector<std::string> For(const GraphScan& scan,
                                        const std::string& domain,
                                        const std::vector<std::string>& names)
    {
        std::vector<std::string> ids;
        for (const auto& [id, key] : scan.keys)
        {
            if ((key.domain == domain || key.domain == "all") &&
                std::find(names.begin(), names.end(), key.name) != names.end())
            {
                ids.push_back(id);
            }
        }
        return ids;
    }

    std::string m_path; //!< The file
};

/// A link of the file between two nodes, once parallel links are merged.
struct GraphLink
{
    uint32_t a{0};                                             //!< One end (node index)
    uint32_t b{0};                                             //!< The other end
    double lengthKm{std::numeric_limits<double>::quiet_NaN()}; //!< Given length, NaN if none
    uint64_t line{0};                                          //!< Line of its (first) edge
};

/// The nodes and links of a graph file on their way to a WanTopology.
struct GraphNetwork
{
    std::vector<WanTopology::Site> sites; //!< Per node, its site
    std::vector<bool> located;            //!< Per node, whether it has coordinates
    std::vector<GraphLink> links;         //!< The links
};

/// \return up to five names of \p nodes' sites, then "and N more"
std::string
SomeNames(const GraphNetwork& net, const std::vector<uint32_t>& nodes)
{
    std::string out;
    for (std::size_t i = 0; i < nodes.size() && i < 5; ++i)
    {
        out += std::string(i ? ", " : "") + "'" + net.sites[nodes[i]].name + "'";
    }
    if (nodes.size() > 5)
    {
        out += " and " + std::to_string(nodes.size() - 5) + " more";
    }
    return out;
}

/**
 * Makes a site per node.
 * \param [in] path The file (for messages)
 * \param [in] scan The document
 * \param [in] keys Its keys
 * \param [out] net The sites and whether each is located
 * \param [out] byId Per node id, its index
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
ReadNodes(const std::string& path,
          const GraphScan& scan,
          const GraphKeys& keys,
          GraphNetwork& net,
          std::map<std::string, uint32_t>& byId,
          std::string& error)
{
    std::map<std::string, uint32_t> byName;
    for (const auto& node : scan.nodes)
    {
        const std::string element = "node '" + node.id + "'";
        if (byId.count(node.id))
        {
            error = Where(path, node.line) + element + " is declared twice (first at line " +
                    std::to_string(scan.nodes[byId.at(node.id)].line) + ")";
            return false;
        }
        WanTopology::Site site;
        const auto* label = GraphKeys::Find(node, keys.label);
        site.name = label ? label->first : node.id;
        if (byName.count(site.name))
        {
            NS_LOG_INFO(Where(path, node.line)
                        << "label '" << site.name << "' used twice; node " << node.id << " is '"
                        << site.name << " [" << node.id << "]'");
            site.name += " [" + node.id + "]";
            if (byName.count(site.name))
            {
                error = Where(path, node.line) + element + ": its name '" + site.name +
                        "' is the label of another node (labels must tell nodes apart)";
                return false;
            }
        }
        bool hasLat = false;
        bool hasLon = false;
        bool hasWeight = false;
        if (!keys.Number(node,
                         keys.latitude,
                         "Latitude",
                         element,
                         WanTopology::LatitudeBounds(),
                         "degrees",
                         site.latitude,
                         hasLat,
                         error) ||
            !keys.Number(node,
                         keys.longitude,
                         "Longitude",
                         element,
                         WanTopology::LongitudeBounds(),
                         "degrees",
                         site.longitude,
                         hasLon,
                         error) ||
            !keys.Number(node,
                         keys.weight,
                         "weight",
                         element,
                         WanTopology::WeightBounds(),
                         "",
                         site.weight,
                         hasWeight,
                         error))
        {
            return false;
        }
        if (!(hasLat && hasLon))
        {
            site.latitude = 0;
            site.longitude = 0;
        }
        const auto index = static_cast<uint32_t>(net.sites.size());
        byId[node.id] = index;
        byName[site.name] = index;
        net.sites.push_back(site);
        net.located.push_back(hasLat && hasLon);
    }
    return true;
}

/**
 * Makes the links from the edges: lengths read, self-loops and parallel links by the rule.
 * \param [in] path The file (for messages)
 * \param [in] scan The document
 * \param [in] keys Its keys
 * \param [in] options The rules
 * \param [in] byId Per node id, its index
 * \param [in,out] net The network (links added)
 * \param [out] notes What the rule did
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
ReadLinks(const std::string& path,
          const GraphScan& scan,
          const GraphKeys& keys,
          const WanTopology::GraphOptions& options,
          const std::map<std::string, uint32_t>& byId,
          GraphNetwork& net,
          std::vector<std::string>& notes,
          std::string& error)
{
    const bool merge = options.parallelLinks == WanTopology::ParallelLinks::MERGE;
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> linkOf;
    uint32_t selfLoops = 0;
    uint32_t merged = 0;
    for (const auto& edge : scan.edges)
    {
        const std::string element = "edge " + edge.source + "-" + edge.target;
        for (const std::string* end : {&edge.source, &edge.target})
        {
            if (!byId.count(*end))
            {
                error = Where(path, edge.line) + element + ": unknown node '" + *end + "'";
                return false;
            }
        }
        const uint32_t a = byId.at(edge.source);
        const uint32_t b = byId.at(edge.target);
        double length = 0;
        bool hasLength = false;
        if (!keys.Number(edge,
                         keys.length,
                         "length",
                         element,
                         OpticalBounds::AtLeast(0).AtMost(WanTopology::MAX_LENGTH_KM),
                         "km",
                         length,
                         hasLength,
                         error))
        {
            return false;
        }
        if (a == b)
        {
            if (!merge)
            {
                error = Where(path, edge.line) + element + ": both ends are '" + edge.source +
                        "' (self-loops not allowed with parallel links 'refuse'; 'merge' drops "
                        "them)";
                return false;
            }
            ++selfLoops;
            continue;
        }
        const auto key = std::make_pair(std::min(a, b), std::max(a, b));
        const auto it = linkOf.find(key);
        if (it == linkOf.end())
        {
            linkOf[key] = net.links.size();
            net.links.push_back(
                {a, b, hasLength ? length : std::numeric_limits<double>::quiet_NaN(), edge.line});
            continue;
        }
        GraphLink& first = net.links[it->second];
        if (!merge)
        {
            error = Where(path, edge.line) + element + " is a duplicate (already at line " +
                    std::to_string(first.line) +
                    "; one fibre per pair with parallel links 'refuse'; 'merge' merges them)";
            return false;
        }
        ++merged;
        if (hasLength && !(first.lengthKm <= length)) // NaN (none yet) or longer
        {
            first.lengthKm = length;
        }
    }
    if (merged > 0)
    {
        notes.push_back(std::to_string(merged) +
                        " parallel link(s) merged into the fibre of their pair (one fibre per "
                        "pair, the shortest given length)");
    }
    if (selfLoops > 0)
    {
        notes.push_back(std::to_string(selfLoops) + " self-loop(s) dropped");
    }
    return true;
}

/**
 * Keeps the largest component of \p net (or refuses a network in pieces, by the rule).
 * \param [in] path The file (for messages)
 * \param [in] scan The document
 * \param [in] options The rules
 * \param [in,out] net The network
 * \param [out] notes What the rule did
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
KeepConnected(const std::string& path,
              const GraphScan& scan,
              const WanTopology::GraphOptions& options,
              GraphNetwork& net,
              std::vector<std::string>& notes,
              std::string& error)
{
    const auto n = static_cast<uint32_t>(net.sites.size());
    std::vector<WanTopology::Fibre> fibres;
    for (const auto& l : net.links)
    {
        fibres.push_back({l.a, l.b, 1});
    }
    std::vector<uint32_t> comp;
    const uint32_t count = FibreComponents(n, fibres, nullptr, comp);
    if (count <= 1)
    {
        return true;
    }
    std::vector<uint32_t> size(count, 0);
    for (uint32_t c : comp)
    {
        ++size[c];
    }
    // Components are numbered by their lowest node: the first of the largest wins a tie.
    const auto keep = static_cast<uint32_t>(
        std::distance(size.begin(), std::max_element(size.begin(), size.end())));
    if (options.disconnected == WanTopology::Disconnected::REFUSE)
    {
        uint32_t s = 0;
        while (comp[s] == comp[0])
        {
            ++s;
        }
        error = Where(path, scan.nodes[s].line) + "node '" + scan.nodes[s].id + "' (" +
                net.sites[s].name + ") is not reachable from node '" + scan.nodes[0].id + "' (" +
                net.sites[0].name + "): the network is disconnected (" + std::to_string(count) +
                " components; " + std::to_string(n - size[comp[0]]) + " of " + std::to_string(n) +
                " nodes unreachable; disconnected 'largest' keeps the largest component)";
        return false;
    }
    GraphNetwork kept;
    std::vector<uint32_t> index(n, std::numeric_limits<uint32_t>::max());
    std::vector<uint32_t> dropped;
    for (uint32_t s = 0; s < n; ++s)
    {
        if (comp[s] == keep)
        {
            index[s] = static_cast<uint32_t>(kept.sites.size());
            kept.sites.push_back(net.sites[s]);
            kept.located.push_back(net.located[s]);
        }
        else
        {
            dropped.push_back(s);
        }
    }
    for (const auto& l : net.links)
    {
        if (comp[l.a] == keep)
        {
            kept.links.push_back({index[l.a], index[l.b], l.lengthKm, l.line});
        }
    }
    notes.push_back("the network has " + std::to_string(count) +
                    " components: its largest is kept, " + std::to_string(size[keep]) + " of " +
                    std::to_string(n) + " sites (dropped: " + SomeNames(net, dropped) + ")");
    net = std::move(kept);
    return true;
}

/**
 * Places the sites without coordinates at the centre of their located neighbours, in rounds
 * (each round uses only the positions of the rounds before it, so the order of the file does
 * not matter), until no more can be placed.
 * \param [in,out] net The network
 * \return the sites placed, by index
 */
std::vector<uint32_t>
PlaceAmongNeighbours(GraphNetwork& net)
{
    const auto n = static_cast<uint32_t>(net.sites.size());
    std::vector<std::vector<uint32_t>> neighbours(n);
    for (const auto& l : net.links)
    {
        neighbours[l.a].push_back(l.b);
        neighbours[l.b].push_back(l.a);
    }
    std::vector<uint32_t> placed;
    const double rad = M_PI / 180.0;
    while (true)
    {
        std::vector<std::pair<uint32_t, WanTopology::Site>> round;
        for (uint32_t s = 0; s < n; ++s)
        {
            if (net.located[s])
            {
                continue;
            }
            double x = 0;
            double y = 0;
            double z = 0;
            uint32_t count = 0;
            for (uint32_t v : neighbours[s])
            {
                if (net.located[v])
                {
                    const WanTopology::Site& o = net.sites[v];
                    x += std::cos(o.latitude * rad) * std::cos(o.longitude * rad);
                    y += std::cos(o.latitude * rad) * std::sin(o.longitude * rad);
                    z += std::sin(o.latitude * rad);
                    ++count;
                }
            }
            if (count == 0)
            {
                continue;
            }
            WanTopology::Site site = net.sites[s];
            const double norm = std::sqrt(x * x + y * y + z * z);
            if (norm < 1e-9 * count) // neighbours cancel out (antipodes): the first one's place
            {
                for (uint32_t v : neighbours[s])
                {
                    if (net.located[v])
                    {
                        site.latitude = net.sites[v].latitude;
                        site.longitude = net.sites[v].longitude;
                        break;
                    }
                }
            }
            else
            {
                site.latitude = std::asin(std::clamp(z / norm, -1.0, 1.0)) / rad;
                site.longitude = std::atan2(y, x) / rad;
            }
            round.emplace_back(s, site);
        }
        if (round.empty())
        {
            return placed;
        }
        for (const auto& [s, site] : round)
        {
            net.sites[s] = site;
            net.located[s] = true;
            placed.push_back(s);
        }
    }
}

/**
 * Gives every link its length: the one given, else the great circle x the route factor,
 * else (an end without coordinates) by the rule; then builds the topology.
 * \param [in] path The file (for messages)
 * \param [in] options The rules
 * \param [in,out] net The network (unlocated sites placed by NEIGHBOURS)
 * \param [out] topo The topology
 * \param [out] notes What the rule did
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
BuildFibres(const std::string& path,
            const WanTopology::GraphOptions& options,
            GraphNetwork& net,
            WanTopology& topo,
            std::vector<std::string>& notes,
            std::string& error)
{
    std::vector<uint32_t> placed;
    if (options.unlocated == WanTopology::UnlocatedSites::NEIGHBOURS)
    {
        placed = PlaceAmongNeighbours(net);
        if (!placed.empty())
        {
            notes.push_back(std::to_string(placed.size()) +
                            " site(s) without coordinates placed at the centre of their "
                            "neighbours: " +
                            SomeNames(net, placed));
        }
    }
    for (const auto& site : net.sites)
    {
        topo.AddSite(site);
    }
    std::vector<uint32_t> fixed;
    std::vector<bool> isFixed(net.sites.size(), false);
    for (const auto& l : net.links)
    {
        double length = l.lengthKm;
        if (std::isnan(length))
        {
            const bool known = net.located[l.a] && net.located[l.b];
            if (!known && options.unlocated == WanTopology::UnlocatedSites::REFUSE)
            {
                const uint32_t s = net.located[l.a] ? l.b : l.a;
                error = Where(path, l.line) + "edge " + net.sites[l.a].name + "-" +
                        net.sites[l.b].name + " has no length, and its node '" + net.sites[s].name +
                        "' has no Latitude and Longitude to derive one from (unlocated "
                        "'neighbours' places such nodes, 'fixed' gives their fibres a length)";
                return false;
            }
            if (known)
            {
                // At most half the circumference x MAX_ROUTE_FACTOR (2): within the bounds.
                length = topo.GetGreatCircleKm(l.a, l.b) * options.routeFactor;
            }
            else
            {
                length = options.unlocatedLengthKm;
                for (uint32_t s : {l.a, l.b})
                {
                    if (!net.located[s] && !isFixed[s])
                    {
                        isFixed[s] = true;
                        fixed.push_back(s);
                    }
                }
            }
        }
        std::string why;
        if (!topo.AddFibre(
                l.a,
                l.b,
                std::min(WanTopology::MAX_LENGTH_KM, std::max(WanTopology::MIN_LENGTH_KM, length)),
                why))
        {
            error = Where(path, l.line) + why;
            return false;
        }
    }
    if (!fixed.empty())
    {
        std::sort(fixed.begin(), fixed.end());
        notes.push_back(std::to_string(fixed.size()) + " site(s) without coordinates" +
                        (options.unlocated == WanTopology::UnlocatedSites::NEIGHBOURS
                             ? std::string(" and no located node in reach")
                             : std::string()) +
                        ": their fibres without a length are " + Num(options.unlocatedLengthKm) +
                        " km long (" + SomeNames(net, fixed) + ")");
    }
    return true;
}

/// The names of the rules, by value.
const OpticalNames&
ParallelNames()
{
    static const OpticalNames names("parallel-links rule", {"merge", "refuse"});
    return names;
}

/// \copydoc ParallelNames
const OpticalNames&
UnlocatedNames()
{
    static const OpticalNames names("unlocated-sites rule", {"neighbours", "fixed", "refuse"});
    return names;
}

/// \copydoc ParallelNames
const OpticalNames&
DisconnectedNames()
{
    static const OpticalNames names("disconnected rule", {"largest", "refuse"});
    return names;
}

/// Reads \p text as a value of an enum named by \p names.
template <typename T>
bool
ParseRule(const OpticalNames& names, const std::string& text, T& out, std::string& error)
{
    uint32_t i = 0;
    if (!names.Find(text, i, error))
    {
        return false;
    }
    out = static_cast<T>(i);
    return true;
}

} // namespace

namespace wantopologydetail
{

bool
CheckGraphOptions(const std::string& path,
                  const WanTopology::GraphOptions& options,
                  std::string& error)
{
    if (!std::isfinite(options.routeFactor) || options.routeFactor < 1 ||
        options.routeFactor > WanTopology::MAX_ROUTE_FACTOR)
    {
        error = path + ": route factor " + Num(options.routeFactor) + " is not allowed (1 to " +
                Num(WanTopology::MAX_ROUTE_FACTOR) + ")";
        return false;
    }
    if (!(options.unlocatedLengthKm > 0) ||
        !(options.unlocatedLengthKm <= WanTopology::MAX_LENGTH_KM))
    {
        error = path + ": unlocated length " + Num(options.unlocatedLengthKm) +
                " km is not allowed (> 0 and <= " + Num(WanTopology::MAX_LENGTH_KM) + ")";
        return false;
    }
    return true;
}

bool
ScanToTopology(const std::string& path,
               const GraphScan& scan,
               const WanTopology::GraphOptions& options,
               WanTopology& topo,
               std::vector<std::string>& notes,
               std::string& error)
{
    if (scan.nodes.empty())
    {
        error = path + ": no nodes (is this a graph file?)";
        return false;
    }
    const GraphKeys keys(scan, path);
    GraphNetwork net;
    std::map<std::string, uint32_t> byId;
    if (!ReadNodes(path, scan, keys, net, byId, error) ||
        !ReadLinks(path, scan, keys, options, byId, net, notes, error) ||
        !KeepConnected(path, scan, options, net, notes, error))
    {
        return false;
    }
    topo = WanTopology();
    topo.SetName(Stem(path));
    return BuildFibres(path, options, net, topo, notes, error);
}

bool
LoadGraphFile(const std::string& file,
              const std::string& format,
              const WanTopology::GraphOptions& options,
              const GraphParser& parse,
              WanTopology& topo,
              std::vector<std::string>& notes,
              std::string& error)
{
    const std::string path = ResolveWan(file);
    if (!CheckGraphOptions(path, options, error))
    {
        return false;
    }
    std::string text;
    if (!OpticalDataFile::ReadText(path, WanTopology::MAX_GRAPHML_BYTES, text, error))
    {
        error = format + " file: " + error;
        return false;
    }
    GraphScan scan;
    if (!parse(path, text, scan, error) || !ScanToTopology(path, scan, options, topo, notes, error))
    {
        return false;
    }
    NS_LOG_INFO("loaded " << path << ": " << topo.GetNSites() << " sites, " << topo.GetNFibres()
                          << " fibres");
    return true;
}

} // namespace wantopologydetail

bool
WanTopology::Load(const std::string& nameOrFile, std::string& error)
{
    return Load(nameOrFile, error, GraphOptions());
}

bool
WanTopology::LoadGraphMl(const std::string& file, std::string& error)
{
    return LoadGraphMl(file, error, GraphOptions());
}

bool
WanTopology::LoadGml(const std::string& file, std::string& error)
{
    return LoadGml(file, error, GraphOptions());
}

const std::vector<std::string>&
WanTopology::GetNotes() const
{
    return m_notes;
}

bool
WanTopology::ParseParallelLinks(const std::string& text, ParallelLinks& out, std::string& error)
{
    return ParseRule(ParallelNames(), text, out, error);
}

bool
WanTopology::ParseUnlocatedSites(const std::string& text, UnlocatedSites& out, std::string& error)
{
    return ParseRule(UnlocatedNames(), text, out, error);
}

bool
WanTopology::ParseDisconnected(const std::string& text, Disconnected& out, std::string& error)
{
    return ParseRule(DisconnectedNames(), text, out, error);
}

} // namespace ns3
