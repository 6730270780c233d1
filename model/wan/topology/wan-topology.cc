/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-topology.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <boost/graph/depth_first_search.hpp>
#include <boost/iterator/transform_iterator.hpp>
#include <boost/pending/disjoint_sets.hpp>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <limits>
#include <sstream>

namespace ns3
{
namespace wanfibre
{

/**
 * The fibre layer of a WanTopology as a Boost.Graph incidence graph over the topology's own
 * lists (nothing is copied): the sites are the vertices, and each fibre is an out-edge of both
 * of its sites.
 */
struct FibreView
{
    const std::vector<WanTopology::Fibre>* fibres{nullptr}; //!< The fibres
    const std::vector<std::vector<uint32_t>>* at{nullptr};  //!< Per site, its fibres
};

/// An edge of a FibreView: a fibre, left from one of its sites.
struct FibreEdge
{
    uint32_t from{0};  //!< The site it is left from
    uint32_t fibre{0}; //!< The fibre

    /// \param [in] o Another edge \return true if the same
    bool operator==(const FibreEdge& o) const
    {
        return from == o.from && fibre == o.fibre;
    }

    /// \param [in] o Another edge \return true if not the same
    bool operator!=(const FibreEdge& o) const
    {
        return !(*this == o);
    }
};

/// Makes the out-edges of a site from its fibre indices.
struct ToEdge
{
    uint32_t from{0}; //!< The site

    /// \param [in] fibre A fibre of the site \return its edge
    FibreEdge operator()(uint32_t fibre) const
    {
        return FibreEdge{from, fibre};
    }
};

/// The out-edge iterator of a FibreView.
using OutEdgeIterator =
    boost::transform_iterator<ToEdge, std::vector<uint32_t>::const_iterator, FibreEdge, FibreEdge>;

} // namespace wanfibre
} // namespace ns3

namespace boost
{
/// The Boost.Graph traits of the fibre view (an incidence graph).
template <>
struct graph_traits<ns3::wanfibre::FibreView>
{
    using vertex_descriptor = uint32_t;                       //!< A site
    using edge_descriptor = ns3::wanfibre::FibreEdge;         //!< A fibre from a site
    using directed_category = directed_tag;                   //!< Each fibre both ways
    using edge_parallel_category = allow_parallel_edge_tag;   //!< Parallel fibres allowed
    using traversal_category = incidence_graph_tag;           //!< Out-edges only
    using out_edge_iterator = ns3::wanfibre::OutEdgeIterator; //!< Over a site's fibres
    using degree_size_type = std::size_t;                     //!< Degrees
    using vertices_size_type = std::size_t;                   //!< Site counts
    using edges_size_type = std::size_t;                      //!< Fibre counts

    /// \return no site
    static vertex_descriptor null_vertex()
    {
        return std::numeric_limits<uint32_t>::max();
    }
};
} // namespace boost

namespace ns3
{
namespace wanfibre
{

/// \param [in] u A site \param [in] g The view \return its fibres as out-edges
inline std::pair<OutEdgeIterator, OutEdgeIterator>
out_edges(uint32_t u, const FibreView& g)
{
    const std::vector<uint32_t>& list = (*g.at)[u];
    return {OutEdgeIterator(list.begin(), ToEdge{u}), OutEdgeIterator(list.end(), ToEdge{u})};
}

/// \param [in] u A site \param [in] g The view \return its number of fibres
inline std::size_t
out_degree(uint32_t u, const FibreView& g)
{
    return (*g.at)[u].size();
}

/// \param [in] e An edge \return the site it is left from
inline uint32_t
source(const FibreEdge& e, const FibreView&)
{
    return e.from;
}

/// \param [in] e An edge \param [in] g The view \return the fibre's other site
inline uint32_t
target(const FibreEdge& e, const FibreView& g)
{
    const WanTopology::Fibre& f = (*g.fibres)[e.fibre];
    return f.a == e.from ? f.b : f.a;
}

} // namespace wanfibre

NS_LOG_COMPONENT_DEFINE("WanTopology");

const std::string WanTopology::BUILT_IN_DIRECTORY = "wan";

namespace
{

/// Kilometres per degree of a great circle.
const double KM_PER_DEGREE = WanTopology::EARTH_RADIUS_KM * M_PI / 180.0;

/// \return \p text in lower case
std::string
Lower(const std::string& text)
{
    std::string out = text;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return out;
}

/// \return true if \p text ends with \p suffix, ignoring case
bool
EndsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size() &&
           Lower(text.substr(text.size() - suffix.size())) == Lower(suffix);
}

/// \return the file's name without directory and extension
std::string
Stem(const std::string& path)
{
    std::string base =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const auto dot = base.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

/// \return the built-in directory's path
std::string
BuiltInDirectory()
{
    return OpticalDataFile::GetDataDirectory() + "/" + WanTopology::BUILT_IN_DIRECTORY;
}

/// \return \p file, or the file of that name in the built-in directory when it has no '/'
std::string
ResolveWan(const std::string& file)
{
    return file.find('/') == std::string::npos ? BuiltInDirectory() + "/" + file : file;
}

/// \return "path:line: "
std::string
Where(const std::string& path, uint64_t line)
{
    return path + ":" + std::to_string(line) + ": ";
}

/// \return a number as text, without trailing zeros
std::string
Num(double value)
{
    std::ostringstream s;
    s << std::setprecision(10) << value;
    return s.str();
}

/**
 * The connected components of the fibre layer, by union-find (boost::disjoint_sets over the
 * fibres: no graph is built), numbered in the order of each component's lowest site.
 * \param [in] n Number of sites
 * \param [in] fibres The fibres
 * \param [in] without Per fibre, true to leave it out (null: none)
 * \param [out] comp Per site, its component
 * \return the number of components
 */
uint32_t
FibreComponents(uint32_t n,
                const std::vector<WanTopology::Fibre>& fibres,
                const std::vector<bool>* without,
                std::vector<uint32_t>& comp)
{
    // Explicit property maps (not disjoint_sets_with_storage's raw pointers, whose get() the
    // CSR graph's boost::detail::get hides).
    std::vector<uint32_t> rank(n, 0);
    std::vector<uint32_t> parent(n);
    const auto rankMap =
        boost::make_iterator_property_map(rank.begin(), boost::identity_property_map());
    const auto parentMap =
        boost::make_iterator_property_map(parent.begin(), boost::identity_property_map());
    boost::disjoint_sets<decltype(rankMap), decltype(parentMap)> sets(rankMap, parentMap);
    for (uint32_t v = 0; v < n; ++v)
    {
        sets.make_set(v);
    }
    for (uint32_t f = 0; f < fibres.size(); ++f)
    {
        if (!without || !(*without)[f])
        {
            sets.union_set(fibres[f].a, fibres[f].b);
        }
    }
    const uint32_t none = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> label(n, none); // per set representative, its component
    comp.assign(n, 0);
    uint32_t count = 0;
    for (uint32_t v = 0; v < n; ++v)
    {
        uint32_t& l = label[sets.find_set(v)];
        if (l == none)
        {
            l = count++;
        }
        comp[v] = l;
    }
    return count;
}

/**
 * Tarjan's bridge test as a Boost.Graph depth-first-search visitor over the fibre view: a
 * fibre u-v of the search tree is a bridge if nothing below v reaches back above it,
 * low(v) > discovery(u). The way back up a tree fibre is skipped by its fibre index, so a
 * parallel fibre counts as a way back (two fibres between the same sites are never bridges).
 */
struct BridgeVisitor : public boost::default_dfs_visitor
{
    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max(); //!< No fibre

    std::vector<uint32_t>* discovered{nullptr}; //!< Per site, its discovery order
    std::vector<uint32_t>* low{nullptr};        //!< Per site, the lowest order reached back
    std::vector<uint32_t>* up{nullptr};         //!< Per site, its tree fibre to the parent
    std::vector<uint32_t>* parent{nullptr};     //!< Per site, its parent in the tree
    std::vector<uint32_t>* bridges{nullptr};    //!< The bridges found
    uint32_t* clock{nullptr};                   //!< The next discovery order

    /// \param [in] v A site reached for the first time
    void discover_vertex(uint32_t v, const wanfibre::FibreView&) const
    {
        (*discovered)[v] = (*low)[v] = (*clock)++;
    }

    /// \param [in] e A fibre to a new site \param [in] g The view
    void tree_edge(const wanfibre::FibreEdge& e, const wanfibre::FibreView& g) const
    {
        const uint32_t v = wanfibre::target(e, g);
        (*up)[v] = e.fibre;
        (*parent)[v] = e.from;
    }

    /// \param [in] e A fibre to a site on the current path \param [in] g The view
    void back_edge(const wanfibre::FibreEdge& e, const wanfibre::FibreView& g) const
    {
        if (e.fibre != (*up)[e.from])
        {
            (*low)[e.from] = std::min((*low)[e.from], (*discovered)[wanfibre::target(e, g)]);
        }
    }

    /// \param [in] v A site whose subtree is done
    void finish_vertex(uint32_t v, const wanfibre::FibreView&) const
    {
        if ((*up)[v] == NONE)
        {
            return;
        }
        const uint32_t u = (*parent)[v];
        (*low)[u] = std::min((*low)[u], (*low)[v]);
        if ((*low)[v] > (*discovered)[u])
        {
            bridges->push_back((*up)[v]);
        }
    }
};

/**
 * The bridges of the component of site 0 (BridgeVisitor, by boost::depth_first_visit from
 * site 0 over the fibre view: no graph is built).
 * \param [in] fibres The fibres
 * \param [in] at Per site, its fibres
 * \return the bridges' fibre indices, ascending
 */
std::vector<uint32_t>
FindBridges(const std::vector<WanTopology::Fibre>& fibres,
            const std::vector<std::vector<uint32_t>>& at)
{
    std::vector<uint32_t> bridges;
    const auto n = static_cast<uint32_t>(at.size());
    if (n == 0)
    {
        return bridges;
    }
    std::vector<uint32_t> discovered(n, 0);
    std::vector<uint32_t> low(n, 0);
    std::vector<uint32_t> up(n, BridgeVisitor::NONE);
    std::vector<uint32_t> parent(n, 0);
    std::vector<boost::default_color_type> color(n, boost::white_color);
    uint32_t clock = 0;
    BridgeVisitor visitor;
    visitor.discovered = &discovered;
    visitor.low = &low;
    visitor.up = &up;
    visitor.parent = &parent;
    visitor.bridges = &bridges;
    visitor.clock = &clock;
    boost::depth_first_visit(
        wanfibre::FibreView{&fibres, &at},
        0,
        visitor,
        boost::make_iterator_property_map(color.begin(), boost::identity_property_map()));
    std::sort(bridges.begin(), bridges.end());
    return bridges;
}

} // namespace

uint32_t
WanTopology::AddSite(const Site& site)
{
    const auto index = static_cast<uint32_t>(m_sites.size());
    m_sites.push_back(site);
    m_fibresAt.emplace_back();
    m_byName.emplace(site.name, index);
    return index;
}

bool
WanTopology::AddFibre(uint32_t a, uint32_t b, double lengthKm, std::string& error)
{
    const uint32_t n = GetNSites();
    if (a >= n || b >= n)
    {
        error = "fibre " + std::to_string(a) + "-" + std::to_string(b) + ": site index " +
                std::to_string(a >= n ? a : b) + " is unknown (there are " + std::to_string(n) +
                " sites, 0 to " + std::to_string(n == 0 ? 0 : n - 1) + ")";
        return false;
    }
    const std::string which = "fibre " + m_sites[a].name + "-" + m_sites[b].name;
    if (a == b)
    {
        error = which + ": both ends are site " + std::to_string(a) + " (self-loops not allowed)";
        return false;
    }
    if (!std::isfinite(lengthKm) || lengthKm <= 0)
    {
        error = which + ": length " + Num(lengthKm) + " km is not allowed (must be > 0)";
        return false;
    }
    const auto key = std::make_pair(std::min(a, b), std::max(a, b));
    if (m_pairs.count(key))
    {
        error = which + ": these sites already have a fibre (index " +
                std::to_string(m_pairs.at(key)) + "; one fibre per pair)";
        return false;
    }
    const auto index = static_cast<uint32_t>(m_fibres.size());
    m_fibres.push_back({a, b, lengthKm});
    m_fibresAt[a].push_back(index);
    m_fibresAt[b].push_back(index);
    m_pairs[key] = index;
    return true;
}

uint32_t
WanTopology::GetNSites() const
{
    return static_cast<uint32_t>(m_sites.size());
}

uint32_t
WanTopology::GetNFibres() const
{
    return static_cast<uint32_t>(m_fibres.size());
}

const WanTopology::Site&
WanTopology::GetSite(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_sites.size(),
                    "site " << i << " of a topology of " << m_sites.size() << " sites");
    return m_sites[i];
}

const WanTopology::Fibre&
WanTopology::GetFibre(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_fibres.size(),
                    "fibre " << i << " of a topology of " << m_fibres.size() << " fibres");
    return m_fibres[i];
}

const std::vector<WanTopology::Site>&
WanTopology::GetSites() const
{
    return m_sites;
}

const std::vector<WanTopology::Fibre>&
WanTopology::GetFibres() const
{
    return m_fibres;
}

const std::vector<uint32_t>&
WanTopology::GetFibresAt(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_sites.size(),
                    "site " << i << " of a topology of " << m_sites.size() << " sites");
    return m_fibresAt[i];
}

int64_t
WanTopology::FindFibre(uint32_t a, uint32_t b) const
{
    const auto it = m_pairs.find(std::make_pair(std::min(a, b), std::max(a, b)));
    return it == m_pairs.end() ? -1 : static_cast<int64_t>(it->second);
}

int64_t
WanTopology::FindSite(const std::string& name) const
{
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : static_cast<int64_t>(it->second);
}

double
WanTopology::GetMeanDegree() const
{
    return m_sites.empty() ? 0.0 : 2.0 * m_fibres.size() / m_sites.size();
}

double
WanTopology::GetTotalLengthKm() const
{
    double total = 0;
    for (const auto& f : m_fibres)
    {
        total += f.lengthKm;
    }
    return total;
}

std::vector<uint32_t>
WanTopology::GetUnreachable() const
{
    std::vector<uint32_t> unreachable;
    if (m_sites.empty())
    {
        return unreachable;
    }
    std::vector<uint32_t> comp;
    FibreComponents(GetNSites(), m_fibres, nullptr, comp);
    for (uint32_t i = 0; i < m_sites.size(); ++i)
    {
        if (comp[i] != comp[0])
        {
            unreachable.push_back(i);
        }
    }
    return unreachable;
}

bool
WanTopology::IsConnected() const
{
    return !m_sites.empty() && GetUnreachable().empty();
}

std::vector<uint32_t>
WanTopology::GetBridges() const
{
    return FindBridges(m_fibres, m_fibresAt);
}

bool
WanTopology::IsTwoEdgeConnected() const
{
    return IsConnected() && FindBridges(m_fibres, m_fibresAt).empty();
}

std::string
WanTopology::GetName() const
{
    return m_name;
}

void
WanTopology::SetName(const std::string& name)
{
    m_name = name;
}

double
WanTopology::GreatCircleKm(double lat1, double lon1, double lat2, double lon2)
{
    const double rad = M_PI / 180.0;
    const double dLat = (lat2 - lat1) * rad;
    const double dLon = (lon2 - lon1) * rad;
    const double h =
        std::sin(dLat / 2) * std::sin(dLat / 2) +
        std::cos(lat1 * rad) * std::cos(lat2 * rad) * std::sin(dLon / 2) * std::sin(dLon / 2);
    return 2 * EARTH_RADIUS_KM * std::asin(std::min(1.0, std::sqrt(h)));
}

double
WanTopology::GetGreatCircleKm(uint32_t a, uint32_t b) const
{
    const Site& sa = GetSite(a);
    const Site& sb = GetSite(b);
    return GreatCircleKm(sa.latitude, sa.longitude, sb.latitude, sb.longitude);
}

std::vector<std::string>
WanTopology::ListBuiltIn()
{
    std::vector<std::string> names;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(BuiltInDirectory(), ec), end; !ec && it != end;
         it.increment(ec))
    {
        const std::string file = it->path().filename().string();
        if (EndsWith(file, ".csv") && it->is_regular_file(ec))
        {
            names.push_back(file.substr(0, file.size() - 4));
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool
WanTopology::Load(const std::string& nameOrFile, std::string& error)
{
    NS_LOG_FUNCTION(this << nameOrFile);
    if (EndsWith(nameOrFile, ".graphml"))
    {
        return LoadGraphMl(nameOrFile, error);
    }
    if (nameOrFile.find('/') != std::string::npos || nameOrFile.find('.') != std::string::npos)
    {
        return LoadCsv(nameOrFile, error);
    }
    const std::string path = BuiltInDirectory() + "/" + nameOrFile + ".csv";
    if (nameOrFile.empty() || !std::ifstream(path))
    {
        std::string list;
        for (const auto& name : ListBuiltIn())
        {
            list += (list.empty() ? "" : ", ") + name;
        }
        error = "no built-in WAN topology '" + nameOrFile + "' (no " + path +
                "; built-in: " + (list.empty() ? "none found" : list) +
                "; or give a .csv or .graphml file)";
        return false;
    }
    return LoadCsv(path, error);
}

bool
WanTopology::LoadCsv(const std::string& file, std::string& error)
{
    NS_LOG_FUNCTION(this << file);
    const std::string path = ResolveWan(file);
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(path,
                                      {"kind", "site"},
                                      {"peer", "latitude", "longitude", "weight", "length_km"},
                                      rows,
                                      error))
    {
        return false;
    }
    auto mustBeEmpty = [&](const OpticalDataFile::Record& row,
                           const std::vector<const char*>& columns) {
        for (const char* col : columns)
        {
            if (row.Has(col))
            {
                error = row.Where() + "column '" + col + "' must be empty in a " +
                        Lower(row.Text("kind")) + " row (found '" +
                        OpticalDataFile::Shorten(row.Text(col)) + "')";
                return false;
            }
        }
        return true;
    };

    WanTopology topo;
    topo.SetName(Stem(path));
    std::vector<std::size_t> siteRow; // row of each site
    std::vector<std::size_t> fibreRows;
    for (std::size_t i = 0; i < rows.size(); ++i)
    {
        const auto& row = rows[i];
        const std::string kind = Lower(row.Text("kind"));
        if (kind == "fibre" || kind == "fiber")
        {
            if (fibreRows.size() >= MAX_FIBRES)
            {
                error = row.Where() + "more than " + std::to_string(MAX_FIBRES) +
                        " fibres (WanTopology::MAX_FIBRES)";
                return false;
            }
            fibreRows.push_back(i);
            continue;
        }
        if (kind != "site")
        {
            error = row.Where() + "kind '" + OpticalDataFile::Shorten(row.Text("kind")) +
                    "' is not one of: site, fibre";
            return false;
        }
        const std::string name = row.Text("site");
        const int64_t known = topo.FindSite(name);
        if (known >= 0)
        {
            error = row.Where() + "site '" + name + "' is declared twice (first at line " +
                    std::to_string(rows[siteRow.at(static_cast<std::size_t>(known))].line) +
                    "; site names must be unique)";
            return false;
        }
        if (topo.GetNSites() >= MAX_SITES)
        {
            error = row.Where() + "more than " + std::to_string(MAX_SITES) +
                    " sites (WanTopology::MAX_SITES)";
            return false;
        }
        if (!mustBeEmpty(row, {"peer", "length_km"}))
        {
            return false;
        }
        Site site;
        site.name = name;
        if (!row.Real("latitude", LatitudeBounds(), "degrees", site.latitude, error) ||
            !row.Real("longitude", LongitudeBounds(), "degrees", site.longitude, error) ||
            (row.Has("weight") && !row.Real("weight", WeightBounds(), "", site.weight, error)))
        {
            error += " (site '" + name + "')";
            return false;
        }
        topo.AddSite(site);
        siteRow.push_back(i);
    }
    if (topo.GetNSites() == 0)
    {
        error = path + ": no sites (expected rows 'site,NAME,,LATITUDE,LONGITUDE,WEIGHT,' and "
                       "'fibre,NAME,PEER,,,,LENGTH_KM')";
        return false;
    }
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> fibreRow;
    for (std::size_t i : fibreRows)
    {
        const auto& row = rows[i];
        const std::string a = row.Text("site");
        const std::string b = row.Text("peer");
        if (b.empty())
        {
            error = row.Where() + "fibre from '" + a + "' has no peer (the other end's site name)";
            return false;
        }
        for (const std::string* end : {&a, &b})
        {
            if (topo.FindSite(*end) < 0)
            {
                error = row.Where() + "fibre " + a + "-" + b + ": unknown site '" + *end +
                        "' (declare it in a site row)";
                return false;
            }
        }
        if (!mustBeEmpty(row, {"latitude", "longitude", "weight"}))
        {
            return false;
        }
        const auto ia = static_cast<uint32_t>(topo.FindSite(a));
        const auto ib = static_cast<uint32_t>(topo.FindSite(b));
        if (ia == ib)
        {
            error = row.Where() + "fibre " + a + "-" + b + ": both ends are '" + a +
                    "' (self-loops not allowed)";
            return false;
        }
        const auto key = std::make_pair(std::min(ia, ib), std::max(ia, ib));
        if (fibreRow.count(key))
        {
            error = row.Where() + "fibre " + a + "-" + b + " is a duplicate (already at line " +
                    std::to_string(rows[fibreRow.at(key)].line) + "; one fibre per pair)";
            return false;
        }
        double length = 0;
        if (!row.Has("length_km"))
        {
            // Great circle (at most half the circumference) x DEFAULT_ROUTE_FACTOR (< 2):
            // always inside LengthBounds().
            length = std::max(MIN_LENGTH_KM, topo.GetGreatCircleKm(ia, ib) * DEFAULT_ROUTE_FACTOR);
        }
        else if (!row.Real("length_km", LengthBounds(), "km", length, error))
        {
            error += " (fibre " + a + "-" + b + "; empty for great-circle x " +
                     Num(DEFAULT_ROUTE_FACTOR) + ")";
            return false;
        }
        std::string why;
        if (!topo.AddFibre(ia, ib, length, why))
        {
            error = row.Where() + why;
            return false;
        }
        fibreRow[key] = i;
    }
    const auto unreachable = topo.GetUnreachable();
    if (!unreachable.empty())
    {
        const uint32_t s = unreachable.front();
        error = rows[siteRow[s]].Where() + "site '" + topo.GetSite(s).name +
                "' is not reachable from '" + topo.GetSite(0).name +
                "' (the first site): the network is disconnected (" +
                std::to_string(unreachable.size()) + " of " + std::to_string(topo.GetNSites()) +
                " sites unreachable)";
        return false;
    }
    NS_LOG_INFO("loaded " << path << ": " << topo.GetNSites() << " sites, " << topo.GetNFibres()
                          << " fibres");
    *this = std::move(topo);
    return true;
}

OpticalBounds
WanTopology::LatitudeBounds()
{
    return OpticalBounds::Between(-90, 90);
}

OpticalBounds
WanTopology::LongitudeBounds()
{
    return OpticalBounds::Between(-180, 180);
}

OpticalBounds
WanTopology::WeightBounds()
{
    return OpticalBounds::Above(0).AtMost(MAX_WEIGHT);
}

OpticalBounds
WanTopology::LengthBounds()
{
    return OpticalBounds::Above(0).AtMost(MAX_LENGTH_KM);
}

namespace
{

/// \return \p name in lower case (an element's or attribute's local name)
std::string
LowerName(const xmlChar* name)
{
    return Lower(name ? reinterpret_cast<const char*>(name) : "");
}

/// \return the attribute of \p node named \p name (any case, any prefix), "" if absent
std::string
Attribute(const xmlNode* node, const std::string& name)
{
    for (const xmlAttr* a = node->properties; a; a = a->next)
    {
        if (LowerName(a->name) == name)
        {
            xmlChar* value = xmlNodeListGetString(node->doc, a->children, 1);
            std::string out = value ? reinterpret_cast<const char*>(value) : "";
            xmlFree(value);
            return out;
        }
    }
    return "";
}

/// \return the line of \p node in its file
uint64_t
LineOf(const xmlNode* node)
{
    const long line = xmlGetLineNo(node);
    return line > 0 ? static_cast<uint64_t>(line) : 0;
}

/**
 * Appends the character data inside \p node (text and CDATA of it and its descendants).
 * \param [in] node An element
 * \param [in,out] text The text so far
 * \param [in] depth Depth below the data element
 */
void
TextOf(const xmlNode* node, std::string& text, int depth = 0)
{
    for (const xmlNode* c = node->children; c; c = c->next)
    {
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
        {
            text += c->content ? reinterpret_cast<const char*>(c->content) : "";
        }
        else if (c->type == XML_ELEMENT_NODE && depth < 64)
        {
            TextOf(c, text, depth + 1);
        }
    }
}

/// A GraphML node or edge, as read.
struct GraphElement
{
    std::string id;                                               //!< Node id
    std::string source;                                           //!< Edge source
    std::string target;                                           //!< Edge target
    uint64_t line{0};                                             //!< Line of its tag
    std::map<std::string, std::pair<std::string, uint64_t>> data; //!< Key id to text, line
};

/// A GraphML key.
struct GraphKey
{
    std::string domain; //!< node, edge, graph, all...
    std::string name;   //!< attr.name, lower case
};

/// What a walk over a GraphML document collects.
struct GraphScan
{
    std::map<std::string, GraphKey> keys; //!< Keys by id
    std::vector<GraphElement> nodes;      //!< The nodes, in document order
    std::vector<GraphElement> edges;      //!< The edges, in document order
    std::string error;                    //!< The first problem, with its line
};

/**
 * Walks the elements below \p parent (libxml2 bounds the depth to 256 levels).
 * \param [in] parent An element
 * \param [in] owner Whose data a <data> child is: -1 none, k >= 0 node k, -2 - k edge k
 * \param [in,out] scan What is collected
 * \param [in] where "path:" for messages
 * \return false on a structural error (in scan.error)
 */
bool
Walk(const xmlNode* parent, int64_t owner, GraphScan& scan, const std::string& where)
{
    for (const xmlNode* n = parent->children; n; n = n->next)
    {
        if (n->type == XML_ENTITY_REF_NODE)
        {
            scan.error = where + std::to_string(LineOf(parent)) + ": entity reference '&" +
                         LowerName(n->name) + ";' (entities are not supported)";
            return false;
        }
        if (n->type != XML_ELEMENT_NODE)
        {
            continue;
        }
        const std::string name = LowerName(n->name);
        const std::string at = where + std::to_string(LineOf(n)) + ": ";
        int64_t childOwner = owner;
        if (name == "key")
        {
            const std::string id = Attribute(n, "id");
            if (!id.empty())
            {
                const std::string domain = Attribute(n, "for");
                scan.keys[id] = {Lower(domain.empty() ? "all" : domain),
                                 Lower(Attribute(n, "attr.name"))};
            }
            continue;
        }
        if (name == "node")
        {
            GraphElement node;
            node.id = Attribute(n, "id");
            node.line = LineOf(n);
            if (node.id.empty())
            {
                scan.error = at + "<node> without an id";
                return false;
            }
            if (scan.nodes.size() >= WanTopology::MAX_SITES)
            {
                scan.error = at + "more than " + std::to_string(WanTopology::MAX_SITES) +
                             " nodes (WanTopology::MAX_SITES)";
                return false;
            }
            scan.nodes.push_back(node);
            childOwner = static_cast<int64_t>(scan.nodes.size() - 1);
        }
        else if (name == "edge")
        {
            GraphElement edge;
            edge.source = Attribute(n, "source");
            edge.target = Attribute(n, "target");
            edge.line = LineOf(n);
            for (const auto* end : {&edge.source, &edge.target})
            {
                if (end->empty())
                {
                    scan.error =
                        at + "<edge> without a " + (end == &edge.source ? "source" : "target");
                    return false;
                }
            }
            if (scan.edges.size() >= WanTopology::MAX_FIBRES)
            {
                scan.error = at + "more than " + std::to_string(WanTopology::MAX_FIBRES) +
                             " edges (WanTopology::MAX_FIBRES)";
                return false;
            }
            scan.edges.push_back(edge);
            childOwner = -2 - static_cast<int64_t>(scan.edges.size() - 1);
        }
        else if (name == "graph")
        {
            childOwner = -1;
        }
        else if (name == "data")
        {
            GraphElement* target = owner >= 0    ? &scan.nodes[owner]
                                   : owner <= -2 ? &scan.edges[-2 - owner]
                                                 : nullptr;
            const std::string key = Attribute(n, "key");
            if (target && !target->data.count(key))
            {
                std::string text;
                TextOf(n, text);
                const std::string value = OpticalUnits::Trim(text);
                if (!value.empty())
                {
                    target->data[key] = {value, LineOf(n)};
                }
            }
            continue; // foreign content inside <data> (yEd graphics) is not walked
        }
        if (!Walk(n, childOwner, scan, where))
        {
            return false;
        }
    }
    return true;
}

} // namespace

bool
WanTopology::LoadGraphMl(const std::string& file, std::string& error, double routeFactor)
{
    NS_LOG_FUNCTION(this << file << routeFactor);
    const std::string path = ResolveWan(file);
    if (!std::isfinite(routeFactor) || routeFactor < 1 || routeFactor > MAX_ROUTE_FACTOR)
    {
        error = path + ": route factor " + Num(routeFactor) + " is not allowed (1 to " +
                Num(MAX_ROUTE_FACTOR) + ")";
        return false;
    }
    std::string text;
    if (!OpticalDataFile::ReadText(path, MAX_GRAPHML_BYTES, text, error))
    {
        error = "GraphML file: " + error;
        return false;
    }

    // Parse with libxml2: no network, no DTD loading, no entity substitution; a document
    // deeper than 256 levels or with an entity loop is refused by the parser itself.
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
    {
        error = path + ": cannot create an XML parser (out of memory)";
        return false;
    }
    const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt,
                                      text.data(),
                                      static_cast<int>(text.size()),
                                      path.c_str(),
                                      nullptr,
                                      options);
    if (!doc)
    {
        const xmlError* e = xmlCtxtGetLastError(ctxt);
        std::string message = e && e->message ? e->message : "not well-formed XML";
        std::replace(message.begin(), message.end(), '\n', ' ');
        message = OpticalDataFile::Shorten(OpticalUnits::Trim(message), 200);
        error = Where(path, e && e->line > 0 ? e->line : 0) + "not well-formed XML: " + message;
        xmlFreeParserCtxt(ctxt);
        return false;
    }

    struct Free
    {
        xmlDocPtr doc;
        xmlParserCtxtPtr ctxt;

        ~Free()
        {
            xmlFreeDoc(doc);
            xmlFreeParserCtxt(ctxt);
        }
    } free{doc, ctxt};

    if (doc->intSubset && (doc->intSubset->entities || doc->intSubset->pentities))
    {
        const std::size_t at = text.find("<!ENTITY");
        const auto line =
            1 +
            std::count(text.begin(),
                       text.begin() + static_cast<std::ptrdiff_t>(at == std::string::npos ? 0 : at),
                       '\n');
        error = Where(path, static_cast<uint64_t>(line)) + "entity declarations are not supported";
        return false;
    }
    const xmlNode* root = xmlDocGetRootElement(doc);
    if (!root || LowerName(root->name) != "graphml")
    {
        error = Where(path, root ? LineOf(root) : 1) + "the root element is <" +
                (root ? LowerName(root->name) : std::string()) + ">, not <graphml>";
        return false;
    }
    GraphScan scan;
    if (!Walk(root, -1, scan, path + ":"))
    {
        error = scan.error;
        return false;
    }
    const auto& nodes = scan.nodes;
    const auto& edges = scan.edges;
    if (nodes.empty())
    {
        error = path + ": no nodes (no <node> elements; is this a GraphML file?)";
        return false;
    }

    // The keys this reader understands.
    auto keyFor = [&](const std::string& domain, const std::vector<std::string>& names) {
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
    };
    const auto labelKeys = keyFor("node", {"label"});
    const auto latKeys = keyFor("node", {"latitude"});
    const auto lonKeys = keyFor("node", {"longitude"});
    const auto weightKeys = keyFor("node", {"population", "weight"});
    const auto lengthKeys = keyFor("edge", {"linklength", "length", "distance"});
    auto find = [](const GraphElement& e, const std::vector<std::string>& ids) {
        for (const auto& id : ids)
        {
            const auto it = e.data.find(id);
            if (it != e.data.end())
            {
                return &it->second;
            }
        }
        return static_cast<const std::pair<std::string, uint64_t>*>(nullptr);
    };
    auto number = [&](const GraphElement& e,
                      const std::vector<std::string>& ids,
                      const std::string& what,
                      const std::string& element,
                      const OpticalBounds& bounds,
                      const std::string& unit,
                      double& value,
                      bool& present) {
        present = false;
        const auto* cell = find(e, ids);
        if (!cell)
        {
            return true;
        }
        std::string why;
        if (!OpticalDataFile::ReadReal(cell->first, bounds, unit, value, why))
        {
            error = Where(path, cell->second) + element + ": " + what + ": " + why;
            return false;
        }
        present = true;
        return true;
    };

    WanTopology topo;
    topo.SetName(Stem(path));
    std::map<std::string, uint32_t> byId;
    std::vector<bool> located;
    for (const auto& node : nodes)
    {
        const std::string element = "node '" + node.id + "'";
        if (byId.count(node.id))
        {
            error = Where(path, node.line) + element + " is declared twice (first at line " +
                    std::to_string(nodes[byId.at(node.id)].line) + ")";
            return false;
        }
        Site site;
        const auto* label = find(node, labelKeys);
        site.name = label ? label->first : node.id;
        if (topo.FindSite(site.name) >= 0)
        {
            NS_LOG_INFO(Where(path, node.line)
                        << "label '" << site.name << "' used twice; node " << node.id << " is '"
                        << site.name << " [" << node.id << "]'");
            site.name += " [" + node.id + "]";
            if (topo.FindSite(site.name) >= 0)
            {
                error = Where(path, node.line) + element + ": its name '" + site.name +
                        "' is the label of another node (labels must tell nodes apart)";
                return false;
            }
        }
        bool hasLat = false;
        bool hasLon = false;
        bool hasWeight = false;
        if (!number(node,
                    latKeys,
                    "Latitude",
                    element,
                    LatitudeBounds(),
                    "degrees",
                    site.latitude,
                    hasLat) ||
            !number(node,
                    lonKeys,
                    "Longitude",
                    element,
                    LongitudeBounds(),
                    "degrees",
                    site.longitude,
                    hasLon) ||
            !number(node,
                    weightKeys,
                    "weight",
                    element,
                    WeightBounds(),
                    "",
                    site.weight,
                    hasWeight))
        {
            return false;
        }
        if (!(hasLat && hasLon))
        {
            site.latitude = 0;
            site.longitude = 0;
        }
        byId[node.id] = topo.AddSite(site);
        located.push_back(hasLat && hasLon);
    }
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> edgeLine;
    for (const auto& edge : edges)
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
        if (a == b)
        {
            error = Where(path, edge.line) + element + ": both ends are '" + edge.source +
                    "' (self-loops not allowed)";
            return false;
        }
        const auto key = std::make_pair(std::min(a, b), std::max(a, b));
        if (edgeLine.count(key))
        {
            error = Where(path, edge.line) + element + " is a duplicate (already at line " +
                    std::to_string(edgeLine.at(key)) + "; one fibre per pair)";
            return false;
        }
        double length = 0;
        bool hasLength = false;
        const OpticalBounds lengthBounds = OpticalBounds::AtLeast(0).AtMost(MAX_LENGTH_KM);
        if (!number(edge, lengthKeys, "length", element, lengthBounds, "km", length, hasLength))
        {
            return false;
        }
        if (!hasLength)
        {
            for (uint32_t s : {a, b})
            {
                if (!located[s])
                {
                    error = Where(path, edge.line) + element + " has no length, and node '" +
                            nodes[s].id + "' (line " + std::to_string(nodes[s].line) +
                            ") has no Latitude and Longitude to derive one from";
                    return false;
                }
            }
            // At most half the circumference x MAX_ROUTE_FACTOR (2): inside LengthBounds().
            length = topo.GetGreatCircleKm(a, b) * routeFactor;
        }
        std::string why;
        if (!topo.AddFibre(a, b, std::min(MAX_LENGTH_KM, std::max(MIN_LENGTH_KM, length)), why))
        {
            error = Where(path, edge.line) + why;
            return false;
        }
        edgeLine[key] = edge.line;
    }
    const auto unreachable = topo.GetUnreachable();
    if (!unreachable.empty())
    {
        const uint32_t s = unreachable.front();
        error = Where(path, nodes[s].line) + "node '" + nodes[s].id + "' (" + topo.GetSite(s).name +
                ") is not reachable from node '" + nodes[0].id + "' (" + topo.GetSite(0).name +
                "): the network is disconnected (" + std::to_string(unreachable.size()) + " of " +
                std::to_string(topo.GetNSites()) + " nodes unreachable)";
        return false;
    }
    NS_LOG_INFO("loaded " << path << ": " << topo.GetNSites() << " sites, " << topo.GetNFibres()
                          << " fibres");
    *this = std::move(topo);
    return true;
}

bool
WanTopology::SaveCsv(const std::string& file, std::string& error) const
{
    std::ofstream out(file);
    if (!out)
    {
        error = "cannot write '" + file + "'";
        return false;
    }
    auto quoted = [](const std::string& name) {
        if (name.find_first_of(",\"") == std::string::npos)
        {
            return name;
        }
        std::string out = "\"";
        for (char c : name)
        {
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        return out + "\"";
    };
    out << "# WAN topology '" << m_name << "': " << m_sites.size() << " sites, " << m_fibres.size()
        << " fibres (ns3-optical WanTopology::SaveCsv)\n";
    out << "kind,site,peer,latitude,longitude,weight,length_km\n";
    out << std::setprecision(10);
    for (const auto& s : m_sites)
    {
        out << "site," << quoted(s.name) << ",," << s.latitude << "," << s.longitude << ","
            << s.weight << ",\n";
    }
    for (const auto& f : m_fibres)
    {
        out << "fibre," << quoted(m_sites[f.a].name) << "," << quoted(m_sites[f.b].name) << ",,,,"
            << std::round(f.lengthKm * 1000) / 1000 << "\n";
    }
    if (!out)
    {
        error = "cannot write '" + file + "'";
        return false;
    }
    return true;
}

bool
WanTopology::Generate(uint32_t sites,
                      double meanDegree,
                      double widthKm,
                      double heightKm,
                      Ptr<UniformRandomVariable> rng,
                      WanTopology& out,
                      std::string& error,
                      double routeFactor)
{
    NS_LOG_FUNCTION(sites << meanDegree << widthKm << heightKm << routeFactor);
    const uint32_t n = sites;
    if (!rng)
    {
        error = "WanTopology::Generate: no random stream (pass a UniformRandomVariable)";
        return false;
    }
    if (n < 3)
    {
        error = "WanTopology::Generate: " + std::to_string(n) +
                " sites is not allowed (a 2-edge-connected network needs >= 3)";
        return false;
    }
    if (!std::isfinite(meanDegree) || meanDegree < 2 || meanDegree > n - 1)
    {
        error = "WanTopology::Generate: mean degree " + Num(meanDegree) +
                " is not allowed (2 to sites - 1 = " + std::to_string(n - 1) + ")";
        return false;
    }
    if (!std::isfinite(widthKm) || !std::isfinite(heightKm) || widthKm <= 0 || heightKm <= 0)
    {
        error = "WanTopology::Generate: plane " + Num(widthKm) + " x " + Num(heightKm) +
                " km is not allowed (both > 0)";
        return false;
    }
    if (!std::isfinite(routeFactor) || routeFactor < 1)
    {
        error = "WanTopology::Generate: route factor " + Num(routeFactor) +
                " is not allowed (must be >= 1)";
        return false;
    }
    const uint64_t maxFibres = static_cast<uint64_t>(n) * (n - 1) / 2;
    const uint64_t target =
        std::min<uint64_t>(maxFibres, static_cast<uint64_t>(std::llround(n * meanDegree / 2)));

    WanTopology topo;
    topo.SetName("synthetic-" + std::to_string(n));
    std::vector<double> x(n);
    std::vector<double> y(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        x[i] = rng->GetValue(0, widthKm);
        y[i] = rng->GetValue(0, heightKm);
        Site site;
        site.name = "s" + std::to_string(i);
        site.latitude = (y[i] - heightKm / 2) / KM_PER_DEGREE;
        site.longitude = (x[i] - widthKm / 2) / KM_PER_DEGREE;
        site.weight = 1 / rng->GetValue(0.01, 1);
        topo.AddSite(site);
    }
    auto dist = [&](uint32_t a, uint32_t b) { return std::hypot(x[a] - x[b], y[a] - y[b]); };
    auto add = [&](uint32_t a, uint32_t b) {
        std::string why;
        const bool ok = topo.AddFibre(a, b, std::max(MIN_LENGTH_KM, dist(a, b) * routeFactor), why);
        NS_ABORT_MSG_IF(!ok, why);
    };

    // 1. Euclidean minimum spanning tree (Prim, O(n^2)).
    {
        std::vector<bool> in(n, false);
        std::vector<double> best(n, std::numeric_limits<double>::infinity());
        std::vector<uint32_t> from(n, 0);
        best[0] = 0;
        for (uint32_t step = 0; step < n; ++step)
        {
            uint32_t u = n;
            for (uint32_t i = 0; i < n; ++i)
            {
                if (!in[i] && (u == n || best[i] < best[u]))
                {
                    u = i;
                }
            }
            in[u] = true;
            if (step > 0)
            {
                add(from[u], u);
            }
            for (uint32_t i = 0; i < n; ++i)
            {
                const double d = dist(u, i);
                if (!in[i] && d < best[i])
                {
                    best[i] = d;
                    from[i] = u;
                }
            }
        }
    }

    // 2. While bridges are left: pair the leaves of the bridge tree (the 2-edge-connected
    // components with a single bridge) greedily by distance, each pair by its closest sites.
    while (true)
    {
        const auto bridges = FindBridges(topo.m_fibres, topo.m_fibresAt);
        if (bridges.empty())
        {
            break;
        }
        // Components without the bridges.
        std::vector<bool> isBridge(topo.GetNFibres(), false);
        for (uint32_t br : bridges)
        {
            isBridge[br] = true;
        }
        std::vector<uint32_t> comp;
        const uint32_t nComp = FibreComponents(n, topo.m_fibres, &isBridge, comp);
        std::vector<uint32_t> bridgeDegree(nComp, 0);
        for (uint32_t br : bridges)
        {
            ++bridgeDegree[comp[topo.m_fibres[br].a]];
            ++bridgeDegree[comp[topo.m_fibres[br].b]];
        }
        std::vector<uint32_t> leafSites;
        for (uint32_t s = 0; s < n; ++s)
        {
            if (bridgeDegree[comp[s]] == 1)
            {
                leafSites.push_back(s);
            }
        }

        // The closest pair of sites between each two leaves.
        struct Candidate
        {
            double d;
            uint32_t a;
            uint32_t b;
        };

        std::map<std::pair<uint32_t, uint32_t>, Candidate> closest;
        for (std::size_t i = 0; i < leafSites.size(); ++i)
        {
            for (std::size_t j = i + 1; j < leafSites.size(); ++j)
            {
                const uint32_t a = leafSites[i];
                const uint32_t b = leafSites[j];
                if (comp[a] == comp[b] || topo.FindFibre(a, b) >= 0)
                {
                    continue;
                }
                const auto key =
                    std::make_pair(std::min(comp[a], comp[b]), std::max(comp[a], comp[b]));
                const double d = dist(a, b);
                const auto it = closest.find(key);
                if (it == closest.end() || d < it->second.d)
                {
                    closest[key] = {d, a, b};
                }
            }
        }
        std::vector<Candidate> candidates;
        for (const auto& [key, c] : closest)
        {
            candidates.push_back(c);
        }
        std::stable_sort(candidates.begin(),
                         candidates.end(),
                         [](const Candidate& x, const Candidate& y) { return x.d < y.d; });
        std::vector<bool> matched(nComp, false);
        uint32_t added = 0;
        for (const auto& c : candidates)
        {
            if (!matched[comp[c.a]] && !matched[comp[c.b]])
            {
                matched[comp[c.a]] = matched[comp[c.b]] = true;
                add(c.a, c.b);
                ++added;
            }
        }
        NS_ABORT_MSG_IF(added == 0, "a bridge tree without two leaves");
    }
    if (topo.GetNFibres() > target)
    {
        NS_LOG_WARN("WanTopology::Generate: 2-edge-connectivity needs "
                    << topo.GetNFibres() << " fibres, more than the " << target
                    << " of a mean degree of " << meanDegree << " (mean degree "
                    << topo.GetMeanDegree() << ")");
    }

    // 3. Waxman-style fibres up to the target.
    const double diagonal = std::hypot(widthKm, heightKm);
    const uint64_t patience = 10000000; // consecutive rejections before the fallback
    uint64_t rejected = 0;
    while (topo.GetNFibres() < target && rejected < patience)
    {
        const uint32_t a = rng->GetInteger(0, n - 1);
        const uint32_t b = rng->GetInteger(0, n - 1);
        const double u = rng->GetValue(0, 1);
        if (a == b || topo.FindFibre(a, b) >= 0 ||
            u >= std::exp(-dist(a, b) / (WAXMAN_ALPHA * diagonal)))
        {
            ++rejected;
            continue;
        }
        rejected = 0;
        add(a, b);
    }
    if (topo.GetNFibres() < target)
    {
        // Nearly complete graphs: the remaining pairs, shortest first.
        NS_LOG_WARN("WanTopology::Generate: Waxman draws stalled; adding the shortest pairs");
        std::vector<std::pair<double, std::pair<uint32_t, uint32_t>>> pairs;
        for (uint32_t a = 0; a < n; ++a)
        {
            for (uint32_t b = a + 1; b < n; ++b)
            {
                if (topo.FindFibre(a, b) < 0)
                {
                    pairs.push_back({dist(a, b), {a, b}});
                }
            }
        }
        std::sort(pairs.begin(), pairs.end());
        for (std::size_t k = 0; k < pairs.size() && topo.GetNFibres() < target; ++k)
        {
            add(pairs[k].second.first, pairs[k].second.second);
        }
    }
    NS_LOG_INFO("generated " << n << " sites, " << topo.GetNFibres() << " fibres, mean degree "
                             << topo.GetMeanDegree());
    out = std::move(topo);
    return true;
}

} // namespace ns3
