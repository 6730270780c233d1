/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-topology.h"

#include "wan-topology-detail.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <boost/graph/depth_first_search.hpp>
#include <boost/iterator/transform_iterator.hpp>
#include <boost/pending/disjoint_sets.hpp>
#include <cctype>
#include <cmath>
#include <iomanip>
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

namespace wantopologydetail
{

LogComponent&
TopologyLog()
{
    return g_log;
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

} // namespace wantopologydetail

using namespace wantopologydetail;

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

} // namespace ns3
