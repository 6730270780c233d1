/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "morphlux-allocator.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MorphluxAllocator");

namespace
{

/// Appends each slot to the order as the breadth-first search discovers it.
struct SlotRecorder
{
    using event_filter = boost::on_discover_vertex; //!< On discovery
    std::vector<uint32_t>* order{nullptr};          //!< The order

    /// Appends v.
    template <typename V, typename G>
    void operator()(V v, const G&) const
    {
        order->push_back(v);
    }
};

/**
 * The order the greedy places the slots in: breadth-first from slot 0 over the slot edges
 * (boost::breadth_first_visit), each slot's neighbours in the order of the edges; then the
 * slots no edge reaches.
 * \param [in] nSlots Slots
 * \param [in] slotAdj Per slot, the slot at the other end of each of its slot edges
 * \return every slot, once
 */
std::vector<uint32_t>
SlotOrder(uint32_t nSlots, const std::vector<std::vector<uint32_t>>& slotAdj)
{
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    std::vector<opticalgraph::EdgeTag> tags;
    for (uint32_t a = 0; a < nSlots; ++a)
    {
        for (uint32_t b : slotAdj[a])
        {
            tags.push_back({static_cast<uint32_t>(ends.size()), 0, 0});
            ends.emplace_back(a, b);
        }
    }
    const opticalgraph::Digraph slotGraph = opticalgraph::MakeDigraph(nSlots, ends, tags);
    std::vector<uint32_t> order;
    std::vector<boost::default_color_type> color(nSlots, boost::white_color);
    boost::queue<uint32_t> queue;
    boost::breadth_first_visit(
        slotGraph,
        0,
        queue,
        boost::make_bfs_visitor(SlotRecorder{&order}),
        boost::make_iterator_property_map(color.begin(), boost::identity_property_map()));
    std::vector<bool> queued(nSlots, false);
    for (uint32_t j : order)
    {
        queued[j] = true;
    }
    for (uint32_t j = 0; j < nSlots; ++j)
    {
        if (!queued[j])
        {
            order.push_back(j); // a slice of one server has no edges
        }
    }
    return order;
}

} // namespace

NS_OBJECT_ENSURE_REGISTERED(MorphluxAllocator);

/// The inter-server edges of one rack, their fibres, and candidate routes.
struct MorphluxAllocator::RackGraph
{
    uint32_t first{0};                                           //!< First server of the rack
    uint32_t n{0};                                               //!< Servers in the rack
    std::vector<std::pair<uint32_t, uint32_t>> edges;            //!< Server pairs (global ids)
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> edgeIndex; //!< Pair -> edge
    std::vector<double> freeFibres;                              //!< Free fibres per edge
    std::vector<double> heldFibres;                              //!< Fibres held per edge
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> adj; //!< Local -> (local, edge)
    std::vector<uint32_t> freeServers;                           //!< Free servers (global)
    std::vector<std::vector<uint32_t>> dist;                     //!< Hops over open edges (local)
    /// (u, v) global -> candidate routes (servers), shortest first
    std::map<std::pair<uint32_t, uint32_t>, std::vector<std::vector<uint32_t>>> paths;

    std::set<uint32_t> unclaimed; //!< Servers no tenant holds (global)

    /**
     * \return a route's cost: its hops, plus 2 per server crossed that no tenant holds (its
     * fibres are better kept for the slice it will hold)
     */
    double Cost(const std::vector<uint32_t>& route) const
    {
        double cost = static_cast<double>(route.size() - 1);
        for (std::size_t i = 1; i + 1 < route.size(); ++i)
        {
            cost += unclaimed.count(route[i]) ? 2.0 : 0.0;
        }
        return cost;
    }

    /// \return the edges of a route
    std::vector<uint32_t> EdgesOf(const std::vector<uint32_t>& route) const
    {
        std::vector<uint32_t> out;
        for (std::size_t i = 0; i + 1 < route.size(); ++i)
        {
            out.push_back(edgeIndex.at(std::make_pair(std::min(route[i], route[i + 1]),
                                                      std::max(route[i], route[i + 1]))));
        }
        return out;
    }
};

TypeId
MorphluxAllocator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MorphluxAllocator")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<MorphluxAllocator>()
            .AddAttribute("CandidatePaths",
                          "Candidate routes per pair of servers (Morphlux: k = 5)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&MorphluxAllocator::m_candidatePaths),
                          MakeUintegerChecker<uint32_t>(1, 100))
            .AddAttribute("NodeLimit",
                          "Branch-and-bound nodes of one ILP solve (CBC; 0: none); the solve "
                          "stops there on every machine, so placements are reproducible",
                          UintegerValue(50),
                          MakeUintegerAccessor(&MorphluxAllocator::m_nodeLimit),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("TimeLimit",
                          "Wall-clock limit of one ILP solve (CBC; a safety net behind "
                          "NodeLimit, which binds first on usual instances); when the solve "
                          "stops without a solution the greedy answers",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&MorphluxAllocator::m_timeLimit),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("UseIlp",
                          "Solve the ILP (false: the greedy only)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MorphluxAllocator::m_useIlp),
                          MakeBooleanChecker());
    return tid;
}

MorphluxAllocator::MorphluxAllocator() = default;

std::vector<MorphluxAllocator::SlotEdge>
MorphluxAllocator::GetSlotEdges(const std::array<uint32_t, 3>& slots,
                                const std::array<uint32_t, 3>& server)
{
    std::vector<SlotEdge> edges;
    const uint32_t perServer = server[0] * server[1] * server[2];
    for (uint32_t j = 0; j < slots[0] * slots[1] * slots[2]; ++j)
    {
        const std::array<uint32_t, 3> pos{j % slots[0],
                                          (j / slots[0]) % slots[1],
                                          j / (slots[0] * slots[1])};
        for (uint32_t d = 0; d < 3; ++d)
        {
            if (slots[d] < 2 || (slots[d] == 2 && pos[d] == 1))
            {
                continue;
            }
            auto next = pos;
            next[d] = (pos[d] + 1) % slots[d];
            edges.push_back(SlotEdge{j,
                                     next[0] + slots[0] * (next[1] + slots[1] * next[2]),
                                     d,
                                     perServer / server[d]});
        }
    }
    return edges;
}

std::vector<MorphluxAllocator::SlotEdge>
MorphluxAllocator::ReservedEdges(const SliceAllocator& allocator,
                                 const SliceSteering& steering,
                                 const std::array<uint32_t, 3>& shape,
                                 uint32_t& nSlots)
{
    const auto& server = allocator.GetGeometry().GetServerShape();
    const std::array<uint32_t, 3> slots{shape[0] / server[0],
                                        shape[1] / server[1],
                                        shape[2] / server[2]};
    nSlots = slots[0] * slots[1] * slots[2];
    std::vector<SlotEdge> edges = GetSlotEdges(slots, server);
    for (SlotEdge& e : edges)
    {
        e.width = steering.GetMinBundleLinks(e.width); // the fibres a route must have
    }
    return edges;
}

MorphluxAllocator::RackGraph
MorphluxAllocator::MakeGraph(const SliceAllocator& allocator,
                             const SliceSteering& steering,
                             uint32_t rack) const
{
    const TorusGeometry& g = allocator.GetGeometry();
    RackGraph graph;
    graph.n = g.GetServersPerRack();
    graph.first = rack * graph.n;
    graph.adj.assign(graph.n, {});
    for (const auto& [pair, fibres] : steering.GetServerEdges())
    {
        if (pair.first < graph.first || pair.first >= graph.first + graph.n)
        {
            continue;
        }
        double open = 0;
        for (uint32_t f : fibres)
        {
            open += steering.GetFibreTenant(f) == SliceAllocator::FREE ? 1 : 0;
        }
        const uint32_t e = static_cast<uint32_t>(graph.edges.size());
        graph.edges.push_back(pair);
        graph.edgeIndex[pair] = e;
        graph.freeFibres.push_back(open);
        graph.heldFibres.push_back(static_cast<double>(fibres.size()) - open);
        if (open > 0)
        {
            graph.adj[pair.first - graph.first].emplace_back(pair.second - graph.first, e);
            graph.adj[pair.second - graph.first].emplace_back(pair.first - graph.first, e);
        }
    }
    graph.freeServers = allocator.GetFreeServers(rack);
    graph.unclaimed.insert(graph.freeServers.begin(), graph.freeServers.end());
    const uint32_t unreachable = std::numeric_limits<uint32_t>::max();
    graph.dist.assign(graph.n, std::vector<uint32_t>(graph.n, unreachable));
    for (uint32_t s = 0; s < graph.n; ++s)
    {
        std::deque<uint32_t> queue{s};
        graph.dist[s][s] = 0;
        while (!queue.empty())
        {
            const uint32_t a = queue.front();
            queue.pop_front();
            for (const auto& [b, e] : graph.adj[a])
            {
                if (graph.dist[s][b] == unreachable)
                {
                    graph.dist[s][b] = graph.dist[s][a] + 1;
                    queue.push_back(b);
                }
            }
        }
    }
    // Candidate routes: simple paths at most two hops longer than the shortest, shortest
    // first, the first CandidatePaths of them.
    for (std::size_t i = 0; i < graph.freeServers.size(); ++i)
    {
        for (std::size_t k = i + 1; k < graph.freeServers.size(); ++k)
        {
            const uint32_t u = graph.freeServers[i] - graph.first;
            const uint32_t v = graph.freeServers[k] - graph.first;
            if (graph.dist[u][v] == unreachable)
            {
                continue;
            }
            const uint32_t limit = graph.dist[u][v] + 2;
            std::vector<std::vector<uint32_t>> found;
            std::vector<uint32_t> path{u};
            std::vector<bool> on(graph.n, false);
            on[u] = true;
            std::function<void(uint32_t)> walk = [&](uint32_t at) {
                if (found.size() >= 64)
                {
                    return;
                }
                if (at == v)
                {
                    found.push_back(path);
                    return;
                }
                if (path.size() > limit || graph.dist[at][v] + path.size() - 1 > limit)
                {
                    return;
                }
                for (const auto& [b, e] : graph.adj[at])
                {
                    if (!on[b])
                    {
                        on[b] = true;
                        path.push_back(b);
                        walk(b);
                        path.pop_back();
                        on[b] = false;
                    }
                }
            };
            walk(u);
            std::sort(found.begin(), found.end(), [](const auto& x, const auto& y) {
                return x.size() != y.size() ? x.size() < y.size() : x < y;
            });
            found.erase(std::unique(found.begin(), found.end()), found.end());
            if (found.size() > m_candidatePaths)
            {
                found.resize(m_candidatePaths);
            }
            auto& forward = graph.paths[std::make_pair(u + graph.first, v + graph.first)];
            auto& backward = graph.paths[std::make_pair(v + graph.first, u + graph.first)];
            for (auto& p : found)
            {
                for (auto& s : p)
                {
                    s += graph.first;
                }
            }
            // Cheapest first (greedy takes the first with room; the ILP pays the cost).
            std::stable_sort(found.begin(), found.end(), [&graph](const auto& x, const auto& y) {
                return graph.Cost(x) < graph.Cost(y);
            });
            for (const auto& p : found)
            {
                forward.push_back(p);
                backward.emplace_back(p.rbegin(), p.rend());
            }
        }
    }
    return graph;
}

MorphluxAllocator::Solution
MorphluxAllocator::SolveIlp(const SliceAllocator& allocator,
                            const SliceSteering& steering,
                            uint32_t rack,
                            const std::array<uint32_t, 3>& shape) const
{
    uint32_t nSlots = 0;
    const std::vector<SlotEdge> slotEdges = ReservedEdges(allocator, steering, shape, nSlots);
    const RackGraph graph = MakeGraph(allocator, steering, rack);
    Solution sol;
    sol.method = "ilp";
    sol.rack = rack;
    const std::vector<uint32_t>& F = graph.freeServers;
    if (F.size() < nSlots)
    {
        sol.status = LinearProgram::INFEASIBLE;
        return sol;
    }
    LinearProgram lp;
    std::vector<std::vector<uint32_t>> x(nSlots, std::vector<uint32_t>(F.size()));
    for (uint32_t j = 0; j < nSlots; ++j)
    {
        for (uint32_t s = 0; s < F.size(); ++s)
        {
            x[j][s] = lp.AddVariable(0, 1, 0, true);
        }
    }
    const uint32_t M = lp.AddVariable(0, LinearProgram::Infinity(), 1000, false, "maxload");

    struct Choice
    {
        uint32_t var;                       //!< Variable
        uint32_t edge;                      //!< Slot edge
        uint32_t u;                         //!< Index in F of the first server
        uint32_t v;                         //!< Index in F of the second
        const std::vector<uint32_t>* route; //!< Route
    };

    std::vector<Choice> choices;
    std::vector<std::vector<std::pair<uint32_t, double>>> load(graph.edges.size());
    for (uint32_t e = 0; e < slotEdges.size(); ++e)
    {
        std::vector<std::pair<uint32_t, double>> pick;
        std::vector<std::vector<std::pair<uint32_t, double>>> fromU(F.size());
        std::vector<std::vector<std::pair<uint32_t, double>>> toV(F.size());
        for (uint32_t u = 0; u < F.size(); ++u)
        {
            for (uint32_t v = 0; v < F.size(); ++v)
            {
                auto it = graph.paths.find(std::make_pair(F[u], F[v]));
                if (u == v || it == graph.paths.end())
                {
                    continue;
                }
                for (const auto& route : it->second)
                {
                    const uint32_t var = lp.AddVariable(0, 1, graph.Cost(route), true);
                    choices.push_back(Choice{var, e, u, v, &route});
                    pick.emplace_back(var, 1);
                    fromU[u].emplace_back(var, 1);
                    toV[v].emplace_back(var, 1);
                    for (uint32_t f : graph.EdgesOf(route))
                    {
                        load[f].emplace_back(var, slotEdges[e].width);
                    }
                }
            }
        }
        lp.AddConstraint(pick, 1, 1);
        for (uint32_t s = 0; s < F.size(); ++s)
        {
            // The route leaves the server the edge's first slot gets, and reaches the second's.
            fromU[s].emplace_back(x[slotEdges[e].from][s], -1);
            lp.AddConstraint(fromU[s], -LinearProgram::Infinity(), 0);
            toV[s].emplace_back(x[slotEdges[e].to][s], -1);
            lp.AddConstraint(toV[s], -LinearProgram::Infinity(), 0);
        }
    }
    for (uint32_t j = 0; j < nSlots; ++j)
    {
        std::vector<std::pair<uint32_t, double>> row;
        for (uint32_t s = 0; s < F.size(); ++s)
        {
            row.emplace_back(x[j][s], 1);
        }
        lp.AddConstraint(row, 1, 1);
    }
    for (uint32_t s = 0; s < F.size(); ++s)
    {
        std::vector<std::pair<uint32_t, double>> row;
        for (uint32_t j = 0; j < nSlots; ++j)
        {
            row.emplace_back(x[j][s], 1);
        }
        lp.AddConstraint(row, -LinearProgram::Infinity(), 1);
    }
    for (uint32_t f = 0; f < graph.edges.size(); ++f)
    {
        if (load[f].empty())
        {
            // Untouched: its held fibres still bound the most loaded edge.
            lp.AddConstraint({{M, 1}}, graph.heldFibres[f], LinearProgram::Infinity());
            continue;
        }
        lp.AddConstraint(load[f], -LinearProgram::Infinity(), graph.freeFibres[f]);
        auto row = load[f];
        row.emplace_back(M, -1);
        lp.AddConstraint(row, -LinearProgram::Infinity(), -graph.heldFibres[f]);
    }
    const LinearProgram::Result r = lp.Solve(m_timeLimit.GetSeconds(), m_nodeLimit);
    sol.status = r.status;
    sol.gap = r.gap;
    sol.seconds = r.seconds;
    if (!r.HasSolution())
    {
        return sol;
    }
    sol.servers.assign(nSlots, 0);
    for (uint32_t j = 0; j < nSlots; ++j)
    {
        for (uint32_t s = 0; s < F.size(); ++s)
        {
            if (r.values[x[j][s]] > 0.5)
            {
                sol.servers[j] = F[s];
            }
        }
    }
    sol.routes.assign(slotEdges.size(), {});
    for (const Choice& c : choices)
    {
        if (r.values[c.var] > 0.5)
        {
            sol.routes[c.edge] = *c.route;
            sol.hops += static_cast<uint32_t>(c.route->size() - 1);
            sol.cost += graph.Cost(*c.route);
        }
    }
    sol.maxLoad = r.values[M];
    sol.ok = true;
    return sol;
}

MorphluxAllocator::Solution
MorphluxAllocator::SolveGreedy(const SliceAllocator& allocator,
                               const SliceSteering& steering,
                               uint32_t rack,
                               const std::array<uint32_t, 3>& shape) const
{
    uint32_t nSlots = 0;
    const std::vector<SlotEdge> slotEdges = ReservedEdges(allocator, steering, shape, nSlots);
    const RackGraph graph = MakeGraph(allocator, steering, rack);
    Solution best;
    best.method = "greedy";
    best.rack = rack;
    for (const SlotEdge& e : slotEdges)
    {
        best.bound = std::max(best.bound, static_cast<double>(e.width));
    }
    for (double held : graph.heldFibres)
    {
        best.bound = std::max(best.bound, held);
    }
    const std::vector<uint32_t>& F = graph.freeServers;
    if (F.size() < nSlots)
    {
        return best;
    }
    std::vector<std::vector<uint32_t>> slotAdj(nSlots);
    for (const SlotEdge& e : slotEdges)
    {
        slotAdj[e.from].push_back(e.to);
        slotAdj[e.to].push_back(e.from);
    }
    const std::vector<uint32_t> order = SlotOrder(nSlots, slotAdj);
    for (uint32_t seed : F)
    {
        std::vector<int64_t> at(nSlots, -1);
        if (!PlaceFrom(graph, seed, order, slotAdj, at))
        {
            continue;
        }
        Solution sol;
        sol.method = "greedy";
        sol.rack = rack;
        if (!RouteSlotEdges(graph, slotEdges, at, sol))
        {
            continue;
        }
        if (!best.ok || sol.maxLoad < best.maxLoad ||
            (sol.maxLoad == best.maxLoad && sol.cost < best.cost))
        {
            sol.ok = true;
            sol.bound = best.bound;
            for (int64_t s : at)
            {
                sol.servers.push_back(static_cast<uint32_t>(s));
            }
            best = sol;
        }
    }
    return best;
}

bool
MorphluxAllocator::PlaceFrom(const RackGraph& graph,
                             uint32_t seed,
                             const std::vector<uint32_t>& order,
                             const std::vector<std::vector<uint32_t>>& slotAdj,
                             std::vector<int64_t>& at)
{
    const std::vector<uint32_t>& F = graph.freeServers;
    std::set<uint32_t> taken;
    at[order[0]] = seed;
    taken.insert(seed);
    bool ok = true;
    for (std::size_t i = 1; ok && i < order.size(); ++i)
    {
        const uint32_t j = order[i];
        uint64_t bestScore = std::numeric_limits<uint64_t>::max();
        int64_t pick = -1;
        for (uint32_t s : F)
        {
            if (taken.count(s))
            {
                continue;
            }
            uint64_t score = 0;
            for (uint32_t b : slotAdj[j])
            {
                if (at[b] >= 0)
                {
                    score += graph.dist[s - graph.first][at[b] - graph.first];
                }
            }
            if (score < bestScore)
            {
                bestScore = score;
                pick = s;
            }
        }
        ok = pick >= 0 && bestScore < std::numeric_limits<uint32_t>::max();
        if (ok)
        {
            at[j] = pick;
            taken.insert(static_cast<uint32_t>(pick));
        }
    }
    return ok;
}

bool
MorphluxAllocator::RouteSlotEdges(const RackGraph& graph,
                                  const std::vector<SlotEdge>& slotEdges,
                                  const std::vector<int64_t>& at,
                                  Solution& sol)
{
    std::vector<double> room = graph.freeFibres;
    std::vector<double> added(graph.edges.size(), 0);
    for (const SlotEdge& e : slotEdges)
    {
        auto it = graph.paths.find(
            std::make_pair(static_cast<uint32_t>(at[e.from]), static_cast<uint32_t>(at[e.to])));
        const std::vector<uint32_t>* chosen = nullptr;
        if (it != graph.paths.end())
        {
            for (const auto& route : it->second)
            {
                const auto edges = graph.EdgesOf(route);
                if (std::all_of(edges.begin(), edges.end(), [&](uint32_t f) {
                        return room[f] >= e.width;
                    }))
                {
                    chosen = &route;
                    for (uint32_t f : edges)
                    {
                        room[f] -= e.width;
                        added[f] += e.width;
                    }
                    break;
                }
            }
        }
        if (!chosen)
        {
            return false;
        }
        sol.routes.push_back(*chosen);
        sol.hops += static_cast<uint32_t>(chosen->size() - 1);
        sol.cost += graph.Cost(*chosen);
    }
    for (uint32_t f = 0; f < graph.edges.size(); ++f)
    {
        sol.maxLoad = std::max(sol.maxLoad, graph.heldFibres[f] + added[f]);
    }
    return true;
}

bool
MorphluxAllocator::Allocate(SliceAllocator& allocator,
                            SliceSteering& steering,
                            uint64_t tenant,
                            const std::array<uint32_t, 3>& shape,
                            SliceAllocator::Placement& placement,
                            Solution& how)
{
    const std::string problem = allocator.CheckShape(shape);
    NS_ABORT_MSG_IF(!problem.empty(), "MorphluxAllocator: " << problem);
    const TorusGeometry& g = allocator.GetGeometry();
    uint32_t nSlots = 0;
    const std::vector<SlotEdge> slotEdges = ReservedEdges(allocator, steering, shape, nSlots);
    std::string error;
    SliceSteering::Plan plan;
    // A contiguous box first: direct fibres, no solver.
    if (allocator.AllocateContiguous(tenant, shape, placement))
    {
        if (steering.PlanSlice(SliceLayout::FromPlacement(g, placement), {}, plan, error))
        {
            steering.Apply(plan);
            how = Solution();
            how.ok = true;
            how.method = "contiguous";
            how.rack = placement.rack;
            how.servers = placement.servers;
            ++m_counts[0];
            return true;
        }
        NS_LOG_LOGIC("contiguous box of tenant " << tenant << " lacks fibres: " << error);
        allocator.Release(tenant);
    }
    for (uint32_t r = 0; r < g.GetNRacks(); ++r)
    {
        if (allocator.GetFreeServers(r).size() < nSlots)
        {
            continue;
        }
        Solution sol = SolveGreedy(allocator, steering, r, shape);
        // The objective is the most loaded edge: a greedy answer at its lower bound is optimal
        // (the ILP could only shorten routes of equal load).
        if (m_useIlp && !(sol.ok && sol.maxLoad <= sol.bound))
        {
            const Solution ilp = SolveIlp(allocator, steering, r, shape);
            NS_LOG_LOGIC("tenant " << tenant << " rack " << r << ": greedy "
                                   << (sol.ok ? std::to_string(sol.maxLoad) : "none") << " (bound "
                                   << sol.bound << "), ILP "
                                   << LinearProgram::StatusName(ilp.status) << " " << ilp.maxLoad
                                   << " in " << ilp.seconds << " s");
            if (ilp.ok && (!sol.ok || ilp.maxLoad < sol.maxLoad ||
                           (ilp.maxLoad == sol.maxLoad && ilp.cost <= sol.cost)))
            {
                sol = ilp;
            }
            else if (sol.ok && !ilp.ok)
            {
                ++m_fallbacks;
                NS_LOG_WARN("tenant "
                            << tenant << ": the ILP (" << LinearProgram::StatusName(ilp.status)
                            << ") found no placement within " << m_nodeLimit << " nodes or "
                            << m_timeLimit.As(Time::S) << "; the greedy's is used (rack " << r
                            << ")");
            }
        }
        if (!sol.ok)
        {
            continue;
        }
        placement = SliceAllocator::Placement{tenant, shape, r, sol.servers};
        std::map<SliceSteering::BundleKey, std::vector<uint32_t>> routes;
        for (uint32_t e = 0; e < slotEdges.size(); ++e)
        {
            routes[SliceSteering::BundleKey(sol.servers[slotEdges[e].from],
                                            sol.servers[slotEdges[e].to],
                                            slotEdges[e].dim)] = sol.routes[e];
        }
        if (!steering.PlanSlice(SliceLayout::FromPlacement(g, placement), routes, plan, error))
        {
            NS_LOG_WARN("tenant " << tenant << ": placement in rack " << r
                                  << " cannot be wired: " << error);
            continue;
        }
        allocator.Commit(placement);
        steering.Apply(plan);
        ++m_counts[sol.method == "ilp" ? 1 : 2];
        how = sol;
        return true;
    }
    return false;
}

std::array<uint64_t, 3>
MorphluxAllocator::GetCounts() const
{
    return m_counts;
}

uint64_t
MorphluxAllocator::GetNFallbacks() const
{
    return m_fallbacks;
}

} // namespace ns3
