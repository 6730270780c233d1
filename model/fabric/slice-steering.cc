/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-steering.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceSteering");

NS_OBJECT_ENSURE_REGISTERED(SliceSteering);

/// Server adjacencies as a Boost.Graph: an edge per direction of each adjacent pair.
struct SliceSteering::ServerGraph
{
    opticalgraph::Digraph graph;                      //!< Servers, edges tagged by index
    std::vector<const std::vector<uint32_t>*> fibres; //!< Per edge, the fibres in m_edges
};

/// The edges a route may take: toward a server it may pass (see FreeRoute), with a fibre free.
struct SliceSteering::FreeEdge
{
    const SliceSteering* self{nullptr};         //!< The steering
    const std::vector<bool>* taken{nullptr};    //!< Fibres taken by the plan
    const std::set<uint32_t>* through{nullptr}; //!< Servers it may pass (null: any)
    uint32_t to{0};                             //!< The destination

    /// \return true if edge e may be taken
    bool operator()(const opticalgraph::DigraphEdge& e) const
    {
        const opticalgraph::Digraph& g = self->m_servers->graph;
        const uint32_t t = boost::target(e, g);
        if (through && t != to && through->count(t) == 0 && self->IsUnclaimed(t))
        {
            return false; // keep unclaimed servers' fibres for the slices they will hold
        }
        const std::vector<uint32_t>& fibres = *self->m_servers->fibres[g[e].arc];
        return std::any_of(fibres.begin(), fibres.end(), [this](uint32_t f) {
            return !(*taken)[f] && self->m_fibreTenant[f] == SliceAllocator::FREE;
        });
    }
};

namespace
{

/// The breadth-first buffer of FreeRoute: empty once the destination has a parent.
struct RackQueue
{
    std::deque<uint32_t> q;           //!< Servers to visit
    const int64_t* toParent{nullptr}; //!< The destination's parent (-1: none yet)

    /// Queues s.
    void push(uint32_t s)
    {
        q.push_back(s);
    }

    /// \return the next server
    uint32_t top() const
    {
        return q.front();
    }

    /// Removes it.
    void pop()
    {
        q.pop_front();
    }

    /// \return true if done
    bool empty() const
    {
        return *toParent >= 0 || q.empty();
    }
};

/// Records each server's parent as it is discovered.
struct RackParents : public boost::default_bfs_visitor
{
    int64_t* parent{nullptr}; //!< Per server of the rack, its parent (-1: not reached)
    uint32_t base{0};         //!< First server of the rack

    /// The parent of e's head is its tail.
    template <typename E, typename G>
    void tree_edge(const E& e, const G& g) const
    {
        parent[boost::target(e, g) - base] = boost::source(e, g);
    }
};

/// The colour map of FreeRoute's search: white until a server has a parent, then grey.
struct RackColor
{
    using key_type = uint32_t;                           //!< Server
    using value_type = boost::default_color_type;        //!< Colour
    using reference = value_type;                        //!< By value
    using category = boost::read_write_property_map_tag; //!< Writes ignored
    const int64_t* parent{nullptr};                      //!< Parents
    uint32_t base{0};                                    //!< First server of the rack
};

/// \return white if server s has no parent yet, else grey
boost::default_color_type
get(const RackColor& m, uint32_t s)
{
    return m.parent[s - m.base] < 0 ? boost::white_color : boost::gray_color;
}

/// Colours follow the parents: nothing to store.
void
put(const RackColor&, uint32_t, boost::default_color_type)
{
}

} // namespace

TypeId
SliceSteering::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SliceSteering")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<SliceSteering>()
            .AddAttribute("MinBundleShare",
                          "Share of a bundle's links (the accelerators on a server face) that "
                          "must find fibres for a slice to be placed; the rest stay inside "
                          "their servers. 1: every stitched link at full width; 0.5 (default): "
                          "at least half, as Morphlux's objective bound of 2 allows",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&SliceSteering::m_minBundleShare),
                          MakeDoubleChecker<double>(1e-9, 1))
            .AddTraceSource("Applied",
                            "A plan was written into the fabrics: tenant, servers reprogrammed",
                            MakeTraceSourceAccessor(&SliceSteering::m_applied),
                            "ns3::SliceSteering::AppliedTracedCallback");
    return tid;
}

SliceSteering::SliceSteering() = default;

uint32_t
SliceSteering::GetMinBundleLinks(uint32_t links) const
{
    return std::max<uint32_t>(1, static_cast<uint32_t>(std::ceil(m_minBundleShare * links - 1e-9)));
}

void
SliceSteering::DoDispose()
{
    m_fabric = nullptr;
    Object::DoDispose();
}

void
SliceSteering::SetFabric(Ptr<TorusFabric> fabric)
{
    NS_ABORT_MSG_IF(!fabric, "SliceSteering: null fabric");
    m_fabric = fabric;
    const TorusGeometry& g = fabric->GetGeometry();
    m_peer.clear();
    m_portTenant.clear();
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        Ptr<OpticalCircuitSwitch> ocs = fabric->GetServerFabric(s)->GetSwitch();
        m_peer.push_back(ocs->GetConfiguration().GetOutputMap(ocs->GetNPorts()));
        m_portTenant.emplace_back(ocs->GetNPorts(), SliceAllocator::FREE);
    }
    m_fibreTenant.assign(g.GetLinks().size(), SliceAllocator::FREE);
    m_edges.clear();
    for (uint32_t l = 0; l < g.GetLinks().size(); ++l)
    {
        const TorusGeometry::Link& link = g.GetLinks()[l];
        const uint32_t sa = g.GetServer(link.a);
        const uint32_t sb = g.GetServer(link.b);
        if (sa != sb && g.HasPort(link.portA))
        {
            m_edges[std::make_pair(std::min(sa, sb), std::max(sa, sb))].push_back(l);
        }
    }
    // Per server, its adjacent servers in the order of m_edges; an edge per direction.
    std::vector<std::vector<std::pair<uint32_t, const std::vector<uint32_t>*>>> adjacent(
        g.GetNServers());
    for (const auto& [pair, fibres] : m_edges)
    {
        adjacent[pair.first].emplace_back(pair.second, &fibres);
        adjacent[pair.second].emplace_back(pair.first, &fibres);
    }
    m_servers = std::make_shared<ServerGraph>();
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    std::vector<opticalgraph::EdgeTag> tags;
    for (uint32_t s = 0; s < adjacent.size(); ++s)
    {
        for (const auto& [t, fibres] : adjacent[s])
        {
            tags.push_back({static_cast<uint32_t>(ends.size()), 0, 0});
            ends.emplace_back(s, t);
            m_servers->fibres.push_back(fibres);
        }
    }
    m_servers->graph = opticalgraph::MakeDigraph(g.GetNServers(), ends, tags);
    m_held.clear();
    m_heldFibres.clear();
}

Ptr<TorusFabric>
SliceSteering::GetFabric() const
{
    return m_fabric;
}

const std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>>&
SliceSteering::GetServerEdges() const
{
    return m_edges;
}

const std::vector<uint32_t>&
SliceSteering::Fibres(uint32_t a, uint32_t b) const
{
    static const std::vector<uint32_t> none;
    auto it = m_edges.find(std::make_pair(std::min(a, b), std::max(a, b)));
    return it == m_edges.end() ? none : it->second;
}

uint32_t
SliceSteering::GetFibrePort(uint32_t server, uint32_t link) const
{
    const TorusGeometry& g = m_fabric->GetGeometry();
    const TorusGeometry::Link& l = g.GetLinks().at(link);
    const bool atA = g.GetServer(l.a) == server;
    NS_ABORT_MSG_IF(!atA && g.GetServer(l.b) != server,
                    "SliceSteering: link " << link << " has no end in server " << server);
    const int32_t port =
        m_fabric->GetServerFabric(server)->GetOutwardPort(g.GetLocalIndex(atA ? l.a : l.b),
                                                          atA ? l.portA : l.portB);
    NS_ABORT_MSG_IF(port < 0, "SliceSteering: link " << link << " stays inside server " << server);
    return static_cast<uint32_t>(port);
}

bool
SliceSteering::IsUnclaimed(uint32_t server) const
{
    const uint32_t accPorts =
        m_fabric->GetGeometry().GetAcceleratorsPerServer() * TorusGeometry::PORTS;
    for (uint32_t p = 0; p < accPorts; ++p)
    {
        if (m_portTenant[server][p] != SliceAllocator::FREE)
        {
            return false;
        }
    }
    return true;
}

int64_t
SliceSteering::GetPortTenant(uint32_t server, uint32_t port) const
{
    return m_portTenant.at(server).at(port);
}

int64_t
SliceSteering::GetFibreTenant(uint32_t link) const
{
    return m_fibreTenant.at(link);
}

int32_t
SliceSteering::GetPeer(uint32_t server, uint32_t port) const
{
    return m_peer.at(server).at(port);
}

bool
SliceSteering::FreeRoute(uint32_t from,
                         uint32_t to,
                         const std::vector<bool>& taken,
                         std::vector<uint32_t>& route,
                         const std::set<uint32_t>* through) const
{
    const TorusGeometry& g = m_fabric->GetGeometry();
    const uint32_t perRack = g.GetServersPerRack();
    const uint32_t rack = from / perRack;
    route.clear();
    if (to / perRack != rack)
    {
        return false;
    }
    // Breadth-first over the rack's servers (boost::breadth_first_visit), through edges with a
    // fibre free for this plan, in the order of m_edges, until `to` is reached.
    std::vector<int64_t> parent(perRack, -1);
    parent[from - rack * perRack] = from;
    const opticalgraph::Digraph& graph = m_servers->graph;
    const boost::filtered_graph<opticalgraph::Digraph, FreeEdge> view(
        graph,
        FreeEdge{this, &taken, through, to});
    RackQueue queue{{}, &parent[to - rack * perRack]};
    boost::breadth_first_visit(view,
                               from,
                               queue,
                               RackParents{{}, parent.data(), rack * perRack},
                               RackColor{parent.data(), rack * perRack});
    if (parent[to - rack * perRack] < 0)
    {
        return false;
    }
    for (uint32_t s = to; s != from; s = static_cast<uint32_t>(parent[s - rack * perRack]))
    {
        route.push_back(s);
    }
    route.push_back(from);
    std::reverse(route.begin(), route.end());
    return true;
}

bool
SliceSteering::TakeFibres(const std::vector<uint32_t>& route,
                          int64_t natural,
                          std::vector<bool>& taken,
                          Plan& plan,
                          uint32_t& first,
                          uint32_t& last) const
{
    std::vector<uint32_t> chosen;
    for (std::size_t h = 0; h + 1 < route.size(); ++h)
    {
        const std::vector<uint32_t>& fibres = Fibres(route[h], route[h + 1]);
        auto open = [&](uint32_t f) {
            return !taken[f] && m_fibreTenant[f] == SliceAllocator::FREE;
        };
        int64_t pick = -1;
        if (route.size() == 2 && natural >= 0 &&
            std::find(fibres.begin(), fibres.end(), natural) != fibres.end() &&
            open(static_cast<uint32_t>(natural)))
        {
            pick = natural;
        }
        for (std::size_t i = 0; pick < 0 && i < fibres.size(); ++i)
        {
            if (open(fibres[i]))
            {
                pick = fibres[i];
            }
        }
        if (pick < 0)
        {
            return false;
        }
        chosen.push_back(static_cast<uint32_t>(pick));
        taken[pick] = true; // a fibre serves one hop of one link
    }
    first = GetFibrePort(route.front(), chosen.front());
    last = GetFibrePort(route.back(), chosen.back());
    for (std::size_t h = 1; h + 1 < route.size(); ++h)
    {
        plan.circuits[route[h]].emplace_back(GetFibrePort(route[h], chosen[h - 1]),
                                             GetFibrePort(route[h], chosen[h]));
    }
    plan.fibres.insert(plan.fibres.end(), chosen.begin(), chosen.end());
    return true;
}

/// A slice being planned: PlanSlice()'s working state, shared by its steps.
struct SliceSteering::SliceWork
{
    /// The logical links between two servers in one dimension.
    struct Bundle
    {
        std::vector<std::pair<uint32_t, uint32_t>> links; //!< (u, v)
        bool wrap{false};                                 //!< Closes the ring
    };

    /**
     * \brief Starts planning a slice.
     * \param [in] l The slice
     * \param [in] geometry The torus geometry
     * \param [in,out] p The plan being made
     */
    SliceWork(const SliceLayout& l, const TorusGeometry& geometry, Plan& p)
        : layout(l),
          g(geometry),
          plan(p)
    {
    }

    /**
     * \param [in] a Accelerator
     * \param [in] p Its port
     * \return the server switch port of accelerator a's port p
     */
    uint32_t AccPort(uint32_t a, uint32_t p) const
    {
        return g.GetLocalIndex(a) * TorusGeometry::PORTS + p;
    }

    /**
     * \brief Records a logical link of the plan.
     * \param [in] u Accelerator
     * \param [in] v Accelerator
     */
    void Join(uint32_t u, uint32_t v)
    {
        plan.links.emplace_back(u, v);
        ++trunk[std::make_pair(std::min(u, v), std::max(u, v))];
    }

    /**
     * \param [in] a Accelerator of the slice (index filled)
     * \return its logical neighbours in the slice's torus
     */
    std::set<uint32_t> Neighbours(uint32_t a) const
    {
        std::set<uint32_t> out;
        const auto pos = layout.Position(index.at(a));
        for (uint32_t d = 0; d < 3; ++d)
        {
            if (layout.shape[d] < 2)
            {
                continue;
            }
            for (uint32_t step : {1u, layout.shape[d] - 1})
            {
                auto q = pos;
                q[d] = (pos[d] + step) % layout.shape[d];
                out.insert(layout.accelerators[layout.Index(q)]);
            }
        }
        return out;
    }

    /// \return the bundles in routing order (a wrap bundle is optional when the same two servers
    /// are joined the other way already; optional ones last), each with whether it is optional
    std::vector<std::pair<BundleKey, bool>> Order() const
    {
        std::vector<std::pair<BundleKey, bool>> order;
        for (const auto& [key, b] : bundles)
        {
            const BundleKey reverse(std::get<1>(key), std::get<0>(key), std::get<2>(key));
            auto it = bundles.find(reverse);
            const bool optional = b.wrap && it != bundles.end() && !it->second.wrap;
            order.emplace_back(key, optional);
        }
        std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) {
            return x.second < y.second;
        });
        return order;
    }

    const SliceLayout& layout;                               //!< The slice
    const TorusGeometry& g;                                  //!< The torus geometry
    Plan& plan;                                              //!< The plan being made
    std::map<uint32_t, std::vector<bool>> used;              //!< Server -> switch port used
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> trunk; //!< Unordered pair -> links
    std::map<BundleKey, Bundle> bundles;                     //!< Links between servers
    std::map<uint32_t, uint32_t> index;                      //!< Accelerator -> logical index
};

bool
SliceSteering::ClaimAccelerators(SliceWork& w, std::string& error) const
{
    const uint32_t P = TorusGeometry::PORTS;
    const int64_t tenant = static_cast<int64_t>(w.layout.tenant);
    for (uint32_t a : w.layout.accelerators)
    {
        const uint32_t s = w.g.GetServer(a);
        w.used.emplace(s, std::vector<bool>(m_peer[s].size(), false));
        for (uint32_t p = 0; p < P; ++p)
        {
            const int64_t holder = m_portTenant[s][w.g.GetLocalIndex(a) * P + p];
            if (holder != SliceAllocator::FREE && holder != tenant)
            {
                error = "accelerator " + std::to_string(a) + " has circuits of tenant " +
                        std::to_string(holder);
                return false;
            }
        }
    }
    return true;
}

void
SliceSteering::GroupLinks(SliceWork& w) const
{
    const SliceLayout& layout = w.layout;
    const uint32_t n = static_cast<uint32_t>(layout.accelerators.size());
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto pos = layout.Position(i);
        for (uint32_t d = 0; d < 3; ++d)
        {
            if (layout.shape[d] < 2)
            {
                continue;
            }
            auto next = pos;
            next[d] = (pos[d] + 1) % layout.shape[d];
            const uint32_t u = layout.accelerators[i];
            const uint32_t v = layout.accelerators[layout.Index(next)];
            const uint32_t su = w.g.GetServer(u);
            const uint32_t sv = w.g.GetServer(v);
            if (su == sv)
            {
                w.plan.circuits[su].emplace_back(w.AccPort(u, 2 * d), w.AccPort(v, 2 * d + 1));
                w.used[su][w.AccPort(u, 2 * d)] = true;
                w.used[su][w.AccPort(v, 2 * d + 1)] = true;
                w.Join(u, v);
                continue;
            }
            SliceWork::Bundle& b = w.bundles[BundleKey(su, sv, d)];
            b.links.emplace_back(u, v);
            b.wrap = b.wrap || next[d] == 0;
        }
    }
}

bool
SliceSteering::RouteBundles(const std::map<BundleKey, std::vector<uint32_t>>& routes,
                            SliceWork& w,
                            std::string& error) const
{
    const TorusGeometry& g = w.g;
    Plan& plan = w.plan;
    const std::vector<std::pair<BundleKey, bool>> order = w.Order();
    std::vector<bool> taken(m_fibreTenant.size(), false);
    std::set<uint32_t> sliceServers;
    for (uint32_t a : w.layout.accelerators)
    {
        sliceServers.insert(g.GetServer(a));
    }
    for (const auto& [key, optional] : order)
    {
        const auto [su, sv, d] = key;
        std::vector<uint32_t> route;
        auto given = routes.find(key);
        if (given != routes.end())
        {
            route = given->second;
            if (route.size() < 2 || route.front() != su || route.back() != sv)
            {
                error = "route for the bundle from server " + std::to_string(su) + " to " +
                        std::to_string(sv) + " does not join them";
                return false;
            }
        }
        const SliceWork::Bundle& b = w.bundles.at(key);
        bool stitched = false;
        uint32_t realised = 0;
        for (const auto& [u, v] : b.links)
        {
            uint32_t first = 0;
            uint32_t last = 0;
            const int64_t natural = g.GetServer(g.GetNeighbour(u, 2 * d)) == sv
                                        ? static_cast<int64_t>(g.GetLink(u, 2 * d))
                                        : -1;
            // The allocator's route first, else the shortest route with free fibres.
            bool ok = route.size() >= 2 && TakeFibres(route, natural, taken, plan, first, last);
            if (!ok)
            {
                ok = FreeRoute(su, sv, taken, route, &sliceServers) &&
                     TakeFibres(route, natural, taken, plan, first, last);
            }
            if (!ok)
            {
                break; // no fibres left between the two servers
            }
            stitched = stitched || route.size() > 2;
            plan.circuits[su].emplace_back(w.AccPort(u, 2 * d), first);
            plan.circuits[sv].emplace_back(last, w.AccPort(v, 2 * d + 1));
            w.used[su][w.AccPort(u, 2 * d)] = true;
            w.used[sv][w.AccPort(v, 2 * d + 1)] = true;
            w.Join(u, v);
            ++realised;
        }
        const auto size = static_cast<uint32_t>(b.links.size());
        if (!optional && realised < GetMinBundleLinks(size))
        {
            error = "only " + std::to_string(realised) + " of " + std::to_string(size) +
                    " fibres free from server " + std::to_string(su) + " to server " +
                    std::to_string(sv) + " in dimension " + std::string(1, "XYZ"[d]) +
                    " for tenant " + std::to_string(w.layout.tenant) + " (at least " +
                    std::to_string(GetMinBundleLinks(size)) + " needed)";
            return false;
        }
        plan.skipped += realised < size ? 1 : 0;
        plan.stitched += stitched ? 1 : 0;
    }
    return true;
}

void
SliceSteering::SteerServer(uint32_t s, const std::vector<uint32_t>& accs, SliceWork& w) const
{
    const uint32_t P = TorusGeometry::PORTS;
    Plan& plan = w.plan;
    std::map<uint32_t, std::vector<uint32_t>> spare; // accelerator -> unused ports
    for (uint32_t a : accs)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            if (w.g.HasPort(p) && !w.used[s][w.AccPort(a, p)])
            {
                spare[a].push_back(p);
            }
        }
    }
    while (true)
    {
        // The accelerator with the most unused ports, then its least-linked partner:
        // a logical neighbour if one has ports left, else any accelerator of the slice.
        uint32_t u = 0;
        std::size_t most = 0;
        for (const auto& [a, ports] : spare)
        {
            if (ports.size() > most)
            {
                most = ports.size();
                u = a;
            }
        }
        if (most == 0)
        {
            break;
        }
        const std::set<uint32_t> near = w.Neighbours(u);
        int64_t partner = -1;
        std::tuple<bool, uint32_t, uint32_t> best{true, 0, 0};
        for (const auto& [x, ports] : spare)
        {
            if (x == u || ports.empty())
            {
                continue;
            }
            const auto t = w.trunk.find(std::make_pair(std::min(u, x), std::max(u, x)));
            const std::tuple<bool, uint32_t, uint32_t> rank{near.count(x) == 0,
                                                            t == w.trunk.end() ? 0 : t->second,
                                                            x};
            if (partner < 0 || rank < best)
            {
                best = rank;
                partner = x;
            }
        }
        if (partner < 0)
        {
            break; // ports of one accelerator only: they stay dark
        }
        const uint32_t v = static_cast<uint32_t>(partner);
        plan.circuits[s].emplace_back(w.AccPort(u, spare[u].back()), w.AccPort(v, spare[v].back()));
        spare[u].pop_back();
        spare[v].pop_back();
        w.Join(u, v);
        ++plan.steered;
    }
    for (const auto& [a, ports] : spare)
    {
        for (uint32_t p : ports)
        {
            plan.dark.emplace_back(s, w.AccPort(a, p));
            ++plan.unusedPorts;
        }
    }
}

bool
SliceSteering::PlanSlice(const SliceLayout& layout,
                         const std::map<BundleKey, std::vector<uint32_t>>& routes,
                         Plan& plan,
                         std::string& error) const
{
    NS_ABORT_MSG_IF(!m_fabric, "SliceSteering: PlanSlice before SetFabric");
    const TorusGeometry& g = m_fabric->GetGeometry();
    plan = Plan();
    plan.tenant = layout.tenant;
    const uint32_t n = static_cast<uint32_t>(layout.accelerators.size());
    if (n == 0 || n != layout.shape[0] * layout.shape[1] * layout.shape[2])
    {
        error = "slice of tenant " + std::to_string(layout.tenant) + " lists " + std::to_string(n) +
                " accelerators for its shape";
        return false;
    }
    SliceWork w(layout, g, plan);
    if (!ClaimAccelerators(w, error))
    {
        return false;
    }
    // The logical links: inside a server directly, else grouped in bundles, routed over fibres.
    GroupLinks(w);
    if (!RouteBundles(routes, w, error))
    {
        return false;
    }
    // Steering: join the unused ports of each server, least-linked logical neighbours first.
    for (uint32_t i = 0; i < n; ++i)
    {
        w.index[layout.accelerators[i]] = i;
    }
    std::map<uint32_t, std::vector<uint32_t>> byServer;
    for (uint32_t a : layout.accelerators)
    {
        byServer[g.GetServer(a)].push_back(a);
    }
    for (auto& [s, accs] : byServer)
    {
        SteerServer(s, accs, w);
    }
    return true;
}

bool
SliceSteering::PlanSwap(uint64_t tenant,
                        uint32_t failed,
                        uint32_t spare,
                        Plan& plan,
                        std::string& error) const
{
    NS_ABORT_MSG_IF(!m_fabric, "SliceSteering: PlanSwap before SetFabric");
    const TorusGeometry& g = m_fabric->GetGeometry();
    const uint32_t P = TorusGeometry::PORTS;
    plan = Plan();
    plan.tenant = tenant;
    const uint32_t s = g.GetServer(failed);
    const uint32_t t = g.GetServer(spare);
    if (g.GetRack(failed) != g.GetRack(spare))
    {
        error = "spare " + std::to_string(spare) + " is in rack " +
                std::to_string(g.GetRack(spare)) + ", not in rack " +
                std::to_string(g.GetRack(failed)) + " of accelerator " + std::to_string(failed);
        return false;
    }
    for (uint32_t p = 0; p < P; ++p)
    {
        const int64_t holder = m_portTenant[t][g.GetLocalIndex(spare) * P + p];
        if (holder != SliceAllocator::FREE)
        {
            error = "spare " + std::to_string(spare) + " has circuits of tenant " +
                    std::to_string(holder);
            return false;
        }
    }
    std::vector<bool> taken(m_fibreTenant.size(), false);
    const uint32_t base = g.GetLocalIndex(failed) * P;
    uint32_t circuits = 0; // circuits to move across servers
    uint32_t moved = 0;
    for (uint32_t p = 0; p < P; ++p)
    {
        const int32_t peer = m_peer[s][base + p];
        if (peer < 0 || m_portTenant[s][base + p] != static_cast<int64_t>(tenant))
        {
            continue;
        }
        const uint32_t gp = g.GetLocalIndex(spare) * P + p;
        if (static_cast<uint32_t>(peer) >= base && static_cast<uint32_t>(peer) < base + P)
        {
            // A circuit between two ports of the failed accelerator: the same on the spare.
            if (static_cast<uint32_t>(peer) > base + p)
            {
                plan.circuits[t].emplace_back(gp, g.GetLocalIndex(spare) * P + (peer - base));
            }
            continue;
        }
        ++circuits;
        if (s == t)
        {
            plan.circuits[s].emplace_back(static_cast<uint32_t>(peer), gp); // same fabric
            ++moved;
            continue;
        }
        std::vector<uint32_t> route;
        uint32_t first = 0;
        uint32_t last = 0;
        if (!FreeRoute(s, t, taken, route) || !TakeFibres(route, -1, taken, plan, first, last))
        {
            // No fibres for this one: its other end stays dark.
            plan.dark.emplace_back(s, static_cast<uint32_t>(peer));
            ++plan.unusedPorts;
            continue;
        }
        ++moved;
        plan.stitched += route.size() > 2 ? 1 : 0;
        plan.circuits[s].emplace_back(static_cast<uint32_t>(peer), first);
        plan.circuits[t].emplace_back(last, gp);
    }
    if (circuits > 0 && moved < GetMinBundleLinks(circuits))
    {
        error = "only " + std::to_string(moved) + " of the " + std::to_string(circuits) +
                " circuits of accelerator " + std::to_string(failed) +
                " find free fibres from server " + std::to_string(s) + " to spare server " +
                std::to_string(t) + " (at least " + std::to_string(GetMinBundleLinks(circuits)) +
                " needed)";
        return false;
    }
    for (uint32_t p = 0; p < P; ++p)
    {
        plan.freed.emplace_back(s, base + p);
    }
    // The spare's ports that take no circuit are held dark: none keeps its old path out.
    std::set<uint32_t> taking;
    for (const auto& [a, b] : plan.circuits[t])
    {
        taking.insert(a);
        taking.insert(b);
    }
    for (uint32_t p = 0; p < P; ++p)
    {
        const uint32_t gp = g.GetLocalIndex(spare) * P + p;
        if (g.HasPort(p) && taking.count(gp) == 0)
        {
            plan.dark.emplace_back(t, gp);
        }
    }
    return true;
}

void
SliceSteering::Apply(const Plan& plan)
{
    NS_ABORT_MSG_IF(!m_fabric, "SliceSteering: Apply before SetFabric");
    const int64_t tenant = static_cast<int64_t>(plan.tenant);
    std::set<uint32_t> touched;
    auto hold = [&](uint32_t server, uint32_t port) {
        if (m_portTenant[server][port] != tenant)
        {
            m_portTenant[server][port] = tenant;
            m_held[plan.tenant].emplace_back(server, port);
        }
    };
    auto cut = [&](uint32_t server, uint32_t port) {
        const int32_t old = m_peer[server][port];
        if (old >= 0)
        {
            m_peer[server][old] = -1;
        }
        m_peer[server][port] = -1;
        touched.insert(server);
    };
    for (const auto& [server, port] : plan.freed)
    {
        cut(server, port);
        m_portTenant[server][port] = SliceAllocator::FREE;
    }
    for (const auto& [server, port] : plan.dark)
    {
        cut(server, port);
        hold(server, port);
    }
    for (const auto& [server, circuits] : plan.circuits)
    {
        for (const auto& [a, b] : circuits)
        {
            cut(server, a);
            cut(server, b);
            m_peer[server][a] = static_cast<int32_t>(b);
            m_peer[server][b] = static_cast<int32_t>(a);
            hold(server, a);
            hold(server, b);
        }
    }
    for (uint32_t f : plan.fibres)
    {
        m_fibreTenant[f] = tenant;
        m_heldFibres[plan.tenant].push_back(f);
    }
    for (uint32_t server : touched)
    {
        Program(server);
    }
    m_applied(plan.tenant, static_cast<uint32_t>(touched.size()));
}

bool
SliceSteering::Release(uint64_t tenant)
{
    auto it = m_held.find(tenant);
    auto fit = m_heldFibres.find(tenant);
    if (it == m_held.end() && fit == m_heldFibres.end())
    {
        return false;
    }
    std::vector<std::pair<uint32_t, uint32_t>> ports;
    if (it != m_held.end())
    {
        ports = it->second;
        m_held.erase(it);
    }
    std::set<uint32_t> touched;
    for (const auto& [server, port] : ports)
    {
        if (m_portTenant[server][port] != static_cast<int64_t>(tenant))
        {
            continue; // given back already (a failed accelerator's ports)
        }
        const int32_t old = m_peer[server][port];
        if (old >= 0)
        {
            m_peer[server][old] = -1;
        }
        m_peer[server][port] = -1;
        m_portTenant[server][port] = SliceAllocator::FREE;
        touched.insert(server);
    }
    if (fit != m_heldFibres.end())
    {
        for (uint32_t f : fit->second)
        {
            m_fibreTenant[f] = SliceAllocator::FREE;
        }
        m_heldFibres.erase(fit);
    }
    // The plain torus comes back where both ends of a default circuit are free.
    for (uint32_t server : touched)
    {
        Ptr<PhotonicServerFabric> fabric = m_fabric->GetServerFabric(server);
        const std::vector<int32_t> def =
            fabric->GetDefaultConfiguration().GetOutputMap(fabric->GetSwitch()->GetNPorts());
        for (uint32_t p = 0; p < def.size(); ++p)
        {
            const int32_t q = def[p];
            if (q >= 0 && m_peer[server][p] < 0 && m_peer[server][q] < 0 &&
                m_portTenant[server][p] == SliceAllocator::FREE &&
                m_portTenant[server][q] == SliceAllocator::FREE)
            {
                m_peer[server][p] = q;
                m_peer[server][q] = static_cast<int32_t>(p);
            }
        }
        Program(server);
    }
    return true;
}

void
SliceSteering::Program(uint32_t server)
{
    OcsConfiguration config;
    const std::vector<int32_t>& peer = m_peer[server];
    for (uint32_t p = 0; p < peer.size(); ++p)
    {
        if (peer[p] > static_cast<int32_t>(p))
        {
            config.Connect(p, static_cast<uint32_t>(peer[p]));
        }
    }
    Ptr<OpticalCircuitSwitch> ocs = m_fabric->GetServerFabric(server)->GetSwitch();
    if (ocs->GetConfiguration() == config)
    {
        return;
    }
    std::string error;
    NS_ABORT_MSG_IF(!ocs->Reconfigure(config, &error),
                    "SliceSteering: server " << server << " rejected its circuits: " << error);
}

std::vector<std::pair<uint32_t, uint32_t>>
SliceSteering::LinksWithin(Ptr<TorusFabric> fabric, const std::vector<uint32_t>& accelerators)
{
    const std::set<uint32_t> inside(accelerators.begin(), accelerators.end());
    std::vector<std::pair<uint32_t, uint32_t>> links;
    for (uint32_t a : accelerators)
    {
        for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
        {
            TorusFabric::End end;
            if (!fabric->Trace(a, p, end) || end.accelerator == a ||
                inside.count(end.accelerator) == 0)
            {
                continue;
            }
            // Each path is found from both ends: keep it once.
            if (std::make_pair(a, p) < std::make_pair(end.accelerator, end.port))
            {
                links.emplace_back(a, end.accelerator);
            }
        }
    }
    return links;
}

} // namespace ns3
