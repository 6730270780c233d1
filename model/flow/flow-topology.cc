/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-topology.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowTopology");

NS_OBJECT_ENSURE_REGISTERED(FlowTopology);

namespace
{
constexpr uint16_t kUnreachable = std::numeric_limits<uint16_t>::max();

/// Mixes a flow hash with a vertex (splitmix64 finaliser).
uint64_t
Mix(uint64_t h, uint64_t v)
{
    return optical::SplitMixFinalize(h ^ (v * optical::SPLITMIX_GAMMA));
}
} // namespace

TypeId
FlowTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowTopology")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<FlowTopology>()
            .AddTraceSource("LinkChanged",
                            "A link went up or down or changed capacity.",
                            MakeTraceSourceAccessor(&FlowTopology::m_linkChangedTrace),
                            "ns3::FlowTopology::LinkChangedTracedCallback");
    return tid;
}

FlowTopology::FlowTopology() = default;

void
FlowTopology::DoDispose()
{
    m_vertexNodes.clear();
    for (auto& l : m_links)
    {
        l.device = nullptr;
    }
    m_pathFunction = nullptr;
    Object::DoDispose();
}

uint32_t
FlowTopology::AddVertex(const std::string& name, Ptr<Node> node)
{
    const auto v = static_cast<uint32_t>(m_vertexNames.size());
    m_vertexNames.push_back(name);
    m_vertexNodes.push_back(node);
    m_out.emplace_back();
    m_in.emplace_back();
    m_reverse.reset();
    if (node)
    {
        m_nodeVertex[node->GetId()] = v;
    }
    ClearRoutes();
    return v;
}

uint32_t
FlowTopology::AddLink(uint32_t from,
                      uint32_t to,
                      double capacityBps,
                      Time delay,
                      uint32_t mtu,
                      Ptr<NetDevice> device)
{
    NS_ABORT_MSG_IF(from >= GetNVertices() || to >= GetNVertices(),
                    "FlowTopology: link between vertex " << from << " and " << to << " of "
                                                         << GetNVertices());
    NS_ABORT_MSG_IF(from == to, "FlowTopology: link from " << m_vertexNames[from] << " to itself");
    NS_ABORT_MSG_IF(!(capacityBps > 0),
                    "FlowTopology: link " << m_vertexNames[from] << " -> " << m_vertexNames[to]
                                          << " has capacity " << capacityBps
                                          << " bit/s; a link needs a positive capacity");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "FlowTopology: link " << m_vertexNames[from] << " -> " << m_vertexNames[to]
                                          << " has a negative delay");
    const auto id = static_cast<uint32_t>(m_links.size());
    Link l;
    l.from = from;
    l.to = to;
    l.capacity = capacityBps;
    l.delay = delay;
    l.mtu = mtu;
    l.name = m_vertexNames[from] + "->" + m_vertexNames[to];
    l.device = device;
    m_links.push_back(std::move(l));
    m_out[from].push_back(id);
    m_in[to].push_back(id);
    m_reverse.reset();
    // A new link is a change too (a circuit joining two ports for the first time): stalled
    // flows may now have a path.
    Changed(id);
    return id;
}

uint32_t
FlowTopology::AddDuplexLink(uint32_t a,
                            uint32_t b,
                            double capacityBps,
                            Time delay,
                            uint32_t mtu,
                            Ptr<NetDevice> deviceA,
                            Ptr<NetDevice> deviceB)
{
    const uint32_t ab = AddLink(a, b, capacityBps, delay, mtu, deviceA);
    AddLink(b, a, capacityBps, delay, mtu, deviceB);
    return ab;
}

void
FlowTopology::ClearRoutes()
{
    m_distances.clear();
    m_allDistances.clear();
    m_pathCache.clear();
    m_shortestCache.clear();
}

void
FlowTopology::Changed(uint32_t link)
{
    ClearRoutes();
    m_linkChangedTrace(link);
}

void
FlowTopology::SetLinkUp(uint32_t link, bool up)
{
    NS_ABORT_MSG_IF(link >= GetNLinks(), "FlowTopology: no link " << link);
    if (m_links[link].up == up)
    {
        return;
    }
    NS_LOG_FUNCTION(this << m_links[link].name << up);
    m_links[link].up = up;
    Changed(link);
}

void
FlowTopology::SetLinkCapacity(uint32_t link, double capacityBps)
{
    NS_ABORT_MSG_IF(link >= GetNLinks(), "FlowTopology: no link " << link);
    NS_ABORT_MSG_IF(capacityBps < 0 || capacityBps != capacityBps,
                    "FlowTopology: capacity " << capacityBps << " bit/s for link "
                                              << m_links[link].name << "; must be >= 0");
    if (m_links[link].capacity == capacityBps)
    {
        return;
    }
    NS_LOG_FUNCTION(this << m_links[link].name << capacityBps);
    m_links[link].capacity = capacityBps;
    Changed(link);
}

uint32_t
FlowTopology::GetNVertices() const
{
    return static_cast<uint32_t>(m_vertexNames.size());
}

uint32_t
FlowTopology::GetNLinks() const
{
    return static_cast<uint32_t>(m_links.size());
}

const FlowTopology::Link&
FlowTopology::GetLink(uint32_t link) const
{
    NS_ABORT_MSG_IF(link >= GetNLinks(), "FlowTopology: no link " << link);
    return m_links[link];
}

const std::string&
FlowTopology::GetVertexName(uint32_t vertex) const
{
    NS_ABORT_MSG_IF(vertex >= GetNVertices(), "FlowTopology: no vertex " << vertex);
    return m_vertexNames[vertex];
}

Ptr<Node>
FlowTopology::GetVertexNode(uint32_t vertex) const
{
    NS_ABORT_MSG_IF(vertex >= GetNVertices(), "FlowTopology: no vertex " << vertex);
    return m_vertexNodes[vertex];
}

int64_t
FlowTopology::FindVertex(Ptr<Node> node) const
{
    auto it = m_nodeVertex.find(node->GetId());
    return it == m_nodeVertex.end() ? -1 : static_cast<int64_t>(it->second);
}

int64_t
FlowTopology::FindLink(uint32_t from, uint32_t to) const
{
    if (from >= GetNVertices())
    {
        return -1;
    }
    for (uint32_t l : m_out[from])
    {
        if (m_links[l].to == to)
        {
            return l;
        }
    }
    return -1;
}

const std::vector<uint32_t>&
FlowTopology::GetOutLinks(uint32_t from) const
{
    NS_ABORT_MSG_IF(from >= GetNVertices(),
                    "FlowTopology: vertex " << from << " of " << GetNVertices());
    return m_out[from];
}

const std::vector<uint32_t>&
FlowTopology::GetInLinks(uint32_t to) const
{
    NS_ABORT_MSG_IF(to >= GetNVertices(), "FlowTopology: no vertex " << to);
    return m_in[to];
}

bool
FlowTopology::HasPathFunction() const
{
    return static_cast<bool>(m_pathFunction);
}

void
FlowTopology::SetPathFunction(PathFunction f)
{
    m_pathFunction = std::move(f);
    ClearRoutes();
}

/// The links reversed, as a Boost.Graph (an edge per link, tagged with it).
struct FlowTopology::ReverseGraph
{
    opticalgraph::Digraph graph; //!< Head -> tail per link
};

namespace
{

/// The reversed links a search may take: all, or those up with capacity.
struct LinkOpen
{
    const opticalgraph::Digraph* graph{nullptr};           //!< The reversed links
    const std::vector<FlowTopology::Link>* links{nullptr}; //!< The links
    bool upOnly{false};                                    //!< Only links up with capacity

    /// \return true if the link of edge e can be taken
    bool operator()(const opticalgraph::DigraphEdge& e) const
    {
        if (!upOnly)
        {
            return true;
        }
        const FlowTopology::Link& link = (*links)[(*graph)[e].arc];
        return link.up && link.capacity > 0;
    }
};

/**
 * The colour map of the breadth-first search read off the hop counts: a vertex is white until
 * it has a hop count (set as it is discovered), then grey (this search needs no black: it does
 * nothing with edges into vertices already reached). Saves a colour array per search.
 */
struct HopColor
{
    using key_type = uint32_t;                           //!< Vertex
    using value_type = boost::default_color_type;        //!< Colour
    using reference = value_type;                        //!< By value
    using category = boost::read_write_property_map_tag; //!< Read and write (writes ignored)
    const uint16_t* dist{nullptr};                       //!< Hop counts
};

/// \return white if v has no hop count yet, else grey
boost::default_color_type
get(const HopColor& m, uint32_t v)
{
    return m.dist[v] == kUnreachable ? boost::white_color : boost::gray_color;
}

/// Colours follow the hop counts: nothing to store.
void
put(const HopColor&, uint32_t, boost::default_color_type)
{
}

} // namespace

const std::vector<uint16_t>&
FlowTopology::DistancesTo(uint32_t dst, bool upOnly) const
{
    auto& cache = upOnly ? m_distances : m_allDistances;
    auto it = cache.find(dst);
    if (it != cache.end())
    {
        return it->second;
    }
    if (!m_reverse)
    {
        // Every link reversed (head -> tail), in link order per head.
        std::vector<std::pair<uint32_t, uint32_t>> ends;
        std::vector<opticalgraph::EdgeTag> tags;
        for (uint32_t v = 0; v < GetNVertices(); ++v)
        {
            for (uint32_t l : m_in[v])
            {
                ends.emplace_back(v, m_links[l].from);
                tags.push_back({l, 0, 0});
            }
        }
        m_reverse = std::make_shared<ReverseGraph>(
            ReverseGraph{opticalgraph::MakeDigraph(GetNVertices(), ends, tags)});
    }
    // Breadth-first search (boost::breadth_first_visit) from dst over the reversed links that
    // can carry traffic: hop counts do not depend on the order links are tried in.
    std::vector<uint16_t> dist(GetNVertices(), kUnreachable);
    dist[dst] = 0;
    const opticalgraph::Digraph& r = m_reverse->graph;
    const boost::filtered_graph<opticalgraph::Digraph, LinkOpen> view(
        r,
        LinkOpen{&r, &m_links, upOnly});
    boost::queue<uint32_t> queue;
    boost::breadth_first_visit(
        view,
        dst,
        queue,
        boost::make_bfs_visitor(boost::record_distances(dist.data(), boost::on_tree_edge())),
        HopColor{dist.data()});
    return cache.emplace(dst, std::move(dist)).first->second;
}

bool
FlowTopology::CheckPath(uint32_t src,
                        uint32_t dst,
                        const std::vector<uint32_t>& links,
                        std::string& error) const
{
    if (src >= GetNVertices() || dst >= GetNVertices())
    {
        error = "no vertex " + std::to_string(std::max(src, dst)) + " (the topology has " +
                std::to_string(GetNVertices()) + ")";
        return false;
    }
    uint32_t at = src;
    for (uint32_t l : links)
    {
        if (l >= GetNLinks() || m_links[l].from != at)
        {
            std::ostringstream os;
            os << "the path given from " << m_vertexNames[src] << " to " << m_vertexNames[dst]
               << " is not a chain of links (breaks at " << m_vertexNames[at] << ", link " << l
               << ")";
            error = os.str();
            return false;
        }
        at = m_links[l].to;
    }
    if (at != dst || links.empty())
    {
        error = "the path given from " + m_vertexNames[src] + " ends at " + m_vertexNames[at] +
                ", not at " + m_vertexNames[dst];
        return false;
    }
    return true;
}

bool
FlowTopology::ShortestPath(uint32_t src,
                           uint32_t dst,
                           uint64_t hash,
                           bool upOnly,
                           std::vector<uint32_t>& links,
                           std::string& error) const
{
    links.clear();
    if (src >= GetNVertices() || dst >= GetNVertices())
    {
        error = "no vertex " + std::to_string(std::max(src, dst)) + " (the topology has " +
                std::to_string(GetNVertices()) + ")";
        return false;
    }
    if (src == dst)
    {
        error = "a flow from " + m_vertexNames[src] + " to itself";
        return false;
    }
    // Paths over up links are kept until the topology changes: flows of the same pair and hash
    // (a connection's messages) reuse them. Bounded: cleared when it grows past a million.
    if (upOnly)
    {
        auto cached = m_shortestCache.find(PathKey{src, dst, hash});
        if (cached != m_shortestCache.end())
        {
            links = cached->second;
            return true;
        }
    }
    const std::vector<uint16_t>& dist = DistancesTo(dst, upOnly);
    if (dist[src] == kUnreachable)
    {
        error = "no path from " + m_vertexNames[src] + " to " + m_vertexNames[dst] +
                (upOnly ? " over links that are up" : " (the two are not connected)");
        return false;
    }
    uint32_t at = src;
    std::vector<uint32_t> candidates;
    while (at != dst)
    {
        candidates.clear();
        for (uint32_t l : m_out[at])
        {
            const Link& link = m_links[l];
            if ((!upOnly || (link.up && link.capacity > 0)) && dist[link.to] + 1 == dist[at])
            {
                candidates.push_back(l);
            }
        }
        const uint32_t pick =
            candidates.size() == 1 ? candidates[0] : candidates[Mix(hash, at) % candidates.size()];
        links.push_back(pick);
        at = m_links[pick].to;
    }
    if (upOnly)
    {
        if (m_shortestCache.size() >= (1u << 20))
        {
            m_shortestCache.clear();
        }
        m_shortestCache.emplace(PathKey{src, dst, hash}, links);
    }
    return true;
}

std::size_t
FlowTopology::PathKeyHash::operator()(const PathKey& k) const
{
    return static_cast<std::size_t>(Mix(k.hash, (static_cast<uint64_t>(k.src) << 32) | k.dst));
}

bool
FlowTopology::Route(uint32_t src,
                    uint32_t dst,
                    uint64_t hash,
                    std::vector<uint32_t>& links,
                    std::string& error) const
{
    if (!m_pathFunction)
    {
        return ShortestPath(src, dst, hash, true, links, error);
    }
    links.clear();
    if (src == dst && src < GetNVertices())
    {
        error = "a flow from " + m_vertexNames[src] + " to itself";
        return false;
    }
    // A path function's answers are kept until the topology changes (they are often lookups
    // through ns-3's routing tables). The hash is not part of the key: one path per pair.
    const uint64_t key = (static_cast<uint64_t>(src) << 32) | dst;
    auto it = m_pathCache.find(key);
    if (it != m_pathCache.end())
    {
        links = it->second;
        return true;
    }
    if (!m_pathFunction(src, dst, hash, links, error) || !CheckPath(src, dst, links, error))
    {
        links.clear();
        return false;
    }
    m_pathCache.emplace(key, links);
    return true;
}

bool
FlowTopology::RouteIgnoringState(uint32_t src,
                                 uint32_t dst,
                                 uint64_t hash,
                                 std::vector<uint32_t>& links,
                                 std::string& error) const
{
    return ShortestPath(src, dst, hash, false, links, error);
}

Time
FlowTopology::PathLatency(const std::vector<uint32_t>& links, uint32_t packetBytes) const
{
    Time latency;
    for (std::size_t i = 0; i < links.size(); ++i)
    {
        const Link& l = m_links[links[i]];
        latency += l.delay;
        if (i > 0 && packetBytes > 0 && l.capacity > 0)
        {
            latency += Seconds(packetBytes * 8.0 / l.capacity);
        }
    }
    return latency;
}

uint32_t
FlowTopology::PathMtu(const std::vector<uint32_t>& links) const
{
    uint32_t mtu = 0;
    for (uint32_t l : links)
    {
        const uint32_t m = m_links[l].mtu;
        if (m > 0 && (mtu == 0 || m < mtu))
        {
            mtu = m;
        }
    }
    return mtu;
}

} // namespace ns3
