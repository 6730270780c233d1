/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * "ncflow": an NCFlow-style decomposition of the path-based max-flow TE problem (after
 * Abuzaid et al., "Contracting Wide-area Network Topologies to Solve Flow Problems Quickly",
 * NSDI'21), on the candidate paths the problem gives (the allocation is over the original
 * commodities and paths, like every TeMethod's).
 *
 * 1. Clusters (Cluster()): the nodes are split into K connected clusters of similar size
 *    (K = the Clusters attribute, 0: round(sqrt(nodes)); at most the nodes). Seeds by
 *    farthest-point sampling: the first seed is drawn with the Seed attribute, each next one
 *    is the node farthest (breadth-first hops over the arcs taken as undirected, Boost.Graph)
 *    from the seeds so far (ties: lowest index). The clusters then grow from their seeds, one
 *    node at a time, always the smallest cluster that can still grow taking the next node of
 *    its breadth-first frontier, so every cluster is connected. Then, to even the sizes out, a
 *    node on the boundary of a cluster at least 2 larger than a neighbouring one moves to it
 *    when its cluster stays connected without it, until no node can (each move lowers the sum
 *    of the squared sizes, so this ends). (A graph with more weakly connected components than K: the components left without a
 *    seed join the smallest cluster, which is then not connected.) The problem is clustered
 *    over its arcs of positive capacity.
 * 2. The contracted problem: one node per cluster, one arc per ordered pair of clusters with
 *    arcs of positive capacity between them (capacity: their sum), one commodity per ordered
 *    pair of different clusters (demand: the sum of its inter-cluster commodities' demands).
 *    Its candidate routes are the cluster sequences of the original commodities' usable paths
 *    (consecutive repeats merged), so every route is followed by some real path. It is solved
 *    by the LP (TeSolver::Solve; one small LP); each route's flow is its budget.
 * 3. Capacity shares. Every arc's capacity is split among the sub-problems that may use it:
 *    the intra-cluster problem of each cluster (its commodities with both ends inside it, on
 *    their paths that stay inside it, over its own arcs) and the inter-cluster problem of each
 *    source cluster (the commodities leaving it, on all their paths). Each sub-problem's load
 *    on each arc is estimated: an intra-cluster commodity's whole demand spread evenly over its
 *    inside paths; an inter-cluster commodity's share of each route's budget (the budget split
 *    in proportion to the demands of the commodities with a path on the route, at most the
 *    commodity's demand in all) spread evenly over its paths on that route. An arc whose
 *    estimated loads exceed its capacity is split in proportion to them; an arc with capacity
 *    to spare gives each sub-problem its estimate plus a share of the rest in proportion to its
 *    potential (the demand of its commodities with a path over the arc). The shares of an arc
 *    sum to its capacity, so the merged allocation is feasible without repair (up to the LPs'
 *    tolerances). So intra-cluster demands get their cluster's arcs minus what the inter-cluster
 *    budgets are expected to need there, which is what lets both stages run at once.
 * 4. The 2K sub-problems (those with demand) are solved by the LP on their shares, all at once
 *    (a tbb::parallel_for in a tbb::task_arena of Threads threads, largest first), and their
 *    flows are merged into the allocation. Paths of intra-cluster commodities that leave their
 *    cluster get 0 here (every arc outside the cluster has share 0 in its problem). TeMethod's
 *    repair then fills what capacity is left, greedily.
 *
 * The contracted LP runs alone before the sub-problems (their shares need its budgets); it is
 * small (one commodity per cluster pair). With one cluster there is nothing to decompose: the
 * method is the LP itself (TeSolver::Solve on the whole problem). Solution::buildSeconds is the
 * clustering, the contracted problem's construction, the shares and the sub-problems'
 * construction; the LPs (their own model builds included) are solve time.
 */

#include "te-ncflow.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <random>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeNcflowMethod");
NS_OBJECT_ENSURE_REGISTERED(TeNcflowMethod);

namespace
{
/// Undirected view of a TeGraph, for breadth-first searches.
using UndirectedGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

/// Marks a node not reached, or not yet in a cluster.
constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();

/// \return seconds since start
double
Since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/**
 * \brief Breadth-first hop distances from one node (Boost.Graph).
 * \param [in] u The undirected graph
 * \param [in] from The source
 * \return per node, the hops from \p from (NONE where it cannot be reached)
 */
std::vector<uint32_t>
Hops(const UndirectedGraph& u, uint32_t from)
{
    const std::size_t n = boost::num_vertices(u);
    std::vector<uint32_t> dist(n, NONE);
    dist[from] = 0;
    boost::breadth_first_search(
        u,
        boost::vertex(from, u),
        boost::visitor(boost::make_bfs_visitor(boost::record_distances(
            boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, u)),
            boost::on_tree_edge()))));
    return dist;
}

/// Hash of a cluster sequence.
struct SequenceHash
{
    /// \param [in] s The sequence \return its hash
    std::size_t operator()(const std::vector<uint32_t>& s) const
    {
        uint64_t h = 1469598103934665603ULL;
        for (uint32_t x : s)
        {
            h = (h ^ x) * 1099511628211ULL;
        }
        return static_cast<std::size_t>(h);
    }
};

/// A sub-problem: one cluster's intra-cluster commodities, or one source cluster's others.
struct SubProblem
{
    std::vector<uint32_t> members; //!< Original commodity of each of its commodities
    std::vector<double> load;      //!< Per arc, the estimated load
    std::vector<double> potential; //!< Per arc, the demand of its paths over the arc
    double demand{0};              //!< Its commodities' demand
    std::size_t paths{0};          //!< Its commodities' paths
    TeSolver::Problem problem;     //!< The LP, once built
    TeSolver::Solution solution;   //!< Its answer
    std::string error;             //!< Why it failed
    bool ok{false};                //!< Solved
};
} // namespace

TypeId
TeNcflowMethod::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TeNcflowMethod")
            .SetParent<TeMethod>()
            .SetGroupName("Optical")
            .AddConstructor<TeNcflowMethod>()
            .AddAttribute("Clusters",
                          "Clusters the nodes are split into (0: round(sqrt(nodes)); more than "
                          "the nodes: one per node; 1: the LP itself)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TeNcflowMethod::m_clusters),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Seed",
                          "Seed of the clustering (the draw of the first cluster's seed node)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TeNcflowMethod::m_seed),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

std::string
TeNcflowMethod::GetName() const
{
    return "ncflow";
}

uint32_t
TeNcflowMethod::GetNClusters() const
{
    return m_lastClusters;
}

std::vector<uint32_t>
TeNcflowMethod::Cluster(const TeGraph& g, uint32_t k, uint64_t seed)
{
    NS_LOG_FUNCTION(g.nodes << k << seed);
    const uint32_t n = g.nodes;
    if (n == 0)
    {
        return {};
    }
    k = std::clamp(k, 1U, n);
    UndirectedGraph u(n);
    for (const auto& a : g.arcs)
    {
        if (a.from < n && a.to < n && a.from != a.to)
        {
            boost::add_edge(a.from, a.to, u);
        }
    }
    // Farthest-point seeds: unreached nodes count as infinitely far, so every weakly
    // connected component gets a seed before any component gets a second one.
    std::mt19937_64 rng(seed);
    std::vector<uint32_t> seeds{
        static_cast<uint32_t>(std::uniform_int_distribution<uint64_t>(0, n - 1)(rng))};
    std::vector<uint32_t> dist = Hops(u, seeds[0]);
    while (seeds.size() < k)
    {
        uint32_t best = NONE;
        for (uint32_t v = 0; v < n; ++v)
        {
            if (dist[v] > 0 && (best == NONE || dist[v] > dist[best]))
            {
                best = v;
            }
        }
        seeds.push_back(best);
        const auto d = Hops(u, best);
        for (uint32_t v = 0; v < n; ++v)
        {
            dist[v] = std::min(dist[v], d[v]);
        }
    }
    // Balanced growth: the smallest cluster that can still grow takes the next node of its
    // breadth-first frontier.
    std::vector<uint32_t> label(n, NONE);
    std::vector<uint32_t> size(k, 1);
    std::vector<std::queue<uint32_t>> frontier(k);
    using Entry = std::pair<uint32_t, uint32_t>; // (size, cluster)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> growable;
    auto take = [&](uint32_t c, uint32_t v) {
        label[v] = c;
        for (auto [e, end] = boost::adjacent_vertices(v, u); e != end; ++e)
        {
            if (label[*e] == NONE)
            {
                frontier[c].push(static_cast<uint32_t>(*e));
            }
        }
    };
    for (uint32_t c = 0; c < k; ++c)
    {
        take(c, seeds[c]);
    }
    for (uint32_t c = 0; c < k; ++c)
    {
        growable.emplace(1, c);
    }
    while (!growable.empty())
    {
        const uint32_t c = growable.top().second;
        growable.pop();
        auto& q = frontier[c];
        while (!q.empty() && label[q.front()] != NONE)
        {
            q.pop();
        }
        if (q.empty())
        {
            continue; // enclosed: its frontier can only grow through its own nodes
        }
        take(c, q.front());
        q.pop();
        growable.emplace(++size[c], c);
    }
    // Components without a seed (more components than clusters) join the smallest cluster
    // (which is then not connected).
    for (uint32_t v = 0; v < n; ++v)
    {
        if (label[v] != NONE)
        {
            continue;
        }
        const auto c = static_cast<uint32_t>(std::min_element(size.begin(), size.end()) -
                                             size.begin());
        const auto d = Hops(u, v);
        for (uint32_t w = 0; w < n; ++w)
        {
            if (d[w] != NONE)
            {
                label[w] = c;
                ++size[c];
            }
        }
    }
    // Balance: a node on the boundary of a cluster at least 2 larger than its neighbour's
    // moves there when its own cluster stays connected without it. Each move lowers the sum of
    // the squared sizes by at least 2, so this ends; then neighbouring clusters differ by at
    // most 1 wherever a boundary node could move.
    std::vector<uint32_t> stack;
    std::vector<uint32_t> mark(n, NONE);
    uint32_t stamp = 0;
    auto connectedWithout = [&](uint32_t v) {
        const uint32_t c = label[v];
        uint32_t from = NONE;
        for (auto [e, end] = boost::adjacent_vertices(v, u); e != end && from == NONE; ++e)
        {
            from = label[*e] == c && *e != v ? static_cast<uint32_t>(*e) : NONE;
        }
        if (from == NONE)
        {
            return false;
        }
        ++stamp;
        mark[v] = stamp;
        mark[from] = stamp;
        stack.assign(1, from);
        uint32_t reached = 1;
        while (!stack.empty())
        {
            const uint32_t w = stack.back();
            stack.pop_back();
            for (auto [e, end] = boost::adjacent_vertices(w, u); e != end; ++e)
            {
                if (label[*e] == c && mark[*e] != stamp)
                {
                    mark[*e] = stamp;
                    ++reached;
                    stack.push_back(static_cast<uint32_t>(*e));
                }
            }
        }
        return reached + 1 == size[c];
    };
    for (bool moved = true; moved;)
    {
        moved = false;
        for (uint32_t v = 0; v < n; ++v)
        {
            const uint32_t c = label[v];
            uint32_t best = NONE;
            for (auto [e, end] = boost::adjacent_vertices(v, u); e != end; ++e)
            {
                const uint32_t d = label[*e];
                if (d != c && size[c] >= size[d] + 2 && (best == NONE || size[d] < size[best]))
                {
                    best = d;
                }
            }
            if (best != NONE && connectedWithout(v))
            {
                label[v] = best;
                --size[c];
                ++size[best];
                moved = true;
            }
        }
    }
    return label;
}

bool
TeNcflowMethod::DoAllocate(const TeGraph& g,
                           const TeSolver::Problem& p,
                           TeSolver::Solution& out,
                           std::string& error)
{
    NS_LOG_FUNCTION(this << g.nodes << p.commodities.size());
    const uint32_t n = g.nodes;
    const uint32_t wanted =
        m_clusters > 0
            ? m_clusters
            : std::max(1U, static_cast<uint32_t>(std::lround(std::sqrt(static_cast<double>(n)))));
    const uint32_t k = std::min(wanted, std::max(1U, n));
    if (k <= 1)
    {
        // One cluster: the LP itself.
        m_lastClusters = 1;
        return TeSolver::Solve(g, p, out, error);
    }
    const auto start = std::chrono::steady_clock::now();
    const std::size_t arcs = g.arcs.size();
    auto up = [&p](uint32_t a) { return p.capacity[a] > 0; };
    auto usable = [&](const TePath& path) { return std::all_of(path.begin(), path.end(), up); };

    // 1. Clusters, over the arcs that are up.
    TeGraph live;
    live.nodes = n;
    for (std::size_t a = 0; a < arcs; ++a)
    {
        if (up(a))
        {
            live.arcs.push_back(g.arcs[a]);
        }
    }
    const std::vector<uint32_t> cluster = Cluster(live, k, m_seed);
    m_lastClusters = k;

    // 2. The contracted graph and problem.
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> contractedArc; // (from, to) -> arc
    TeGraph cg;
    cg.nodes = k;
    TeSolver::Problem cp;
    cp.objective = TeSolver::MAX_FLOW;
    cp.tieBreak = p.tieBreak;
    cp.method = p.method;
    std::vector<uint32_t> arcCluster(arcs, NONE); // contracted arc of an inter-cluster arc
    for (std::size_t a = 0; a < arcs; ++a)
    {
        const uint32_t x = cluster[g.arcs[a].from];
        const uint32_t y = cluster[g.arcs[a].to];
        if (x == y || !up(a))
        {
            continue;
        }
        auto [it, fresh] =
            contractedArc.emplace(std::make_pair(x, y), static_cast<uint32_t>(cg.arcs.size()));
        if (fresh)
        {
            cg.arcs.push_back({x, y, 1.0});
            cp.capacity.push_back(0);
        }
        cp.capacity[it->second] += p.capacity[a];
        arcCluster[a] = it->second;
    }
    // Sub-problems: 0 .. k-1 intra-cluster (by cluster), k .. 2k-1 inter-cluster (by source).
    std::vector<SubProblem> sub(2 * k);
    // Routes: the cluster sequences of the inter-cluster commodities' usable paths.
    std::unordered_map<std::vector<uint32_t>, uint32_t, SequenceHash> routeId;
    std::vector<uint32_t> routeCommodity;     // route -> contracted commodity
    std::vector<uint32_t> routePath;          // route -> its path in the contracted commodity
    std::vector<double> routeDemand;          // demand of the commodities with a path on it
    std::vector<uint32_t> pairCommodity(static_cast<std::size_t>(k) * k, NONE);
    std::vector<uint32_t> pathRoute;          // flat: route of each path of inter commodities
    std::vector<std::size_t> firstPath(p.commodities.size() + 1, 0);
    std::vector<uint32_t> sequence;
    std::vector<uint32_t> touched; // routes of one commodity
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        const auto& com = p.commodities[c];
        firstPath[c] = pathRoute.size();
        if (com.demand <= 0)
        {
            continue;
        }
        const uint32_t x = cluster[com.src];
        const uint32_t y = cluster[com.dst];
        SubProblem& s = sub[x == y ? x : k + x];
        s.members.push_back(static_cast<uint32_t>(c));
        s.demand += com.demand;
        s.paths += com.paths.size();
        if (x == y)
        {
            continue;
        }
        uint32_t& pc = pairCommodity[static_cast<std::size_t>(x) * k + y];
        touched.clear();
        for (const auto& path : com.paths)
        {
            if (!usable(path))
            {
                pathRoute.push_back(NONE);
                continue;
            }
            sequence.assign(1, x);
            for (uint32_t a : path)
            {
                const uint32_t to = cluster[g.arcs[a].to];
                if (to != sequence.back())
                {
                    sequence.push_back(to);
                }
            }
            auto [it, fresh] =
                routeId.emplace(sequence, static_cast<uint32_t>(routeCommodity.size()));
            if (fresh)
            {
                if (pc == NONE)
                {
                    pc = static_cast<uint32_t>(cp.commodities.size());
                    cp.commodities.push_back({x, y, 0.0, {}});
                }
                TePath route;
                for (std::size_t j = 1; j < sequence.size(); ++j)
                {
                    route.push_back(contractedArc.at({sequence[j - 1], sequence[j]}));
                }
                routeCommodity.push_back(pc);
                routePath.push_back(static_cast<uint32_t>(cp.commodities[pc].paths.size()));
                cp.commodities[pc].paths.push_back(std::move(route));
                routeDemand.push_back(0);
            }
            pathRoute.push_back(it->second);
            if (std::find(touched.begin(), touched.end(), it->second) == touched.end())
            {
                touched.push_back(it->second);
                routeDemand[it->second] += com.demand;
            }
        }
        if (pc != NONE)
        {
            cp.commodities[pc].demand += com.demand;
        }
    }
    firstPath[p.commodities.size()] = pathRoute.size();
    const double buildContracted = Since(start);

    // The contracted LP (solve time).
    TeSolver::Solution cs;
    if (!cp.commodities.empty() && !TeSolver::Solve(cg, cp, cs, error))
    {
        error = "ncflow: the contracted problem (" + std::to_string(k) + " clusters): " + error;
        return false;
    }
    const auto sharesStart = std::chrono::steady_clock::now();
    std::vector<double> budget(routeCommodity.size(), 0);
    for (std::size_t r = 0; r < budget.size(); ++r)
    {
        budget[r] = std::max(0.0, cs.pathFlow[routeCommodity[r]][routePath[r]]);
    }

    // 3. Estimated loads and potentials, then each arc's shares.
    std::vector<double> routeShare; // scratch: one commodity's share of each of its routes
    std::vector<uint32_t> routeCount;
    for (uint32_t i = 0; i < 2 * k; ++i)
    {
        SubProblem& s = sub[i];
        if (s.members.empty())
        {
            continue;
        }
        s.load.assign(arcs, 0);
        s.potential.assign(arcs, 0);
        const bool intra = i < k;
        for (uint32_t c : s.members)
        {
            const auto& com = p.commodities[c];
            if (intra)
            {
                std::size_t inside = 0;
                for (const auto& path : com.paths)
                {
                    if (usable(path) && std::all_of(path.begin(), path.end(), [&](uint32_t a) {
                            return cluster[g.arcs[a].to] == i;
                        }))
                    {
                        ++inside;
                        for (uint32_t a : path)
                        {
                            s.potential[a] += com.demand;
                        }
                    }
                }
                for (const auto& path : com.paths)
                {
                    if (inside > 0 && usable(path) &&
                        std::all_of(path.begin(), path.end(), [&](uint32_t a) {
                            return cluster[g.arcs[a].to] == i;
                        }))
                    {
                        for (uint32_t a : path)
                        {
                            s.load[a] += com.demand / static_cast<double>(inside);
                        }
                    }
                }
                continue;
            }
            // Its share of each route's budget, at most its demand in all.
            touched.clear();
            routeShare.clear();
            routeCount.clear();
            for (std::size_t q = 0; q < com.paths.size(); ++q)
            {
                const uint32_t r = pathRoute[firstPath[c] + q];
                if (r == NONE)
                {
                    continue;
                }
                for (uint32_t a : com.paths[q])
                {
                    s.potential[a] += com.demand;
                }
                const auto at = std::find(touched.begin(), touched.end(), r) - touched.begin();
                if (at == static_cast<std::ptrdiff_t>(touched.size()))
                {
                    touched.push_back(r);
                    routeShare.push_back(budget[r] * com.demand / routeDemand[r]);
                    routeCount.push_back(1);
                }
                else
                {
                    ++routeCount[at];
                }
            }
            const double sum = std::accumulate(routeShare.begin(), routeShare.end(), 0.0);
            const double scale = sum > com.demand ? com.demand / sum : 1.0;
            for (std::size_t q = 0; q < com.paths.size(); ++q)
            {
                const uint32_t r = pathRoute[firstPath[c] + q];
                if (r == NONE)
                {
                    continue;
                }
                const auto at = std::find(touched.begin(), touched.end(), r) - touched.begin();
                const double f = routeShare[at] * scale / routeCount[at];
                if (f > 0)
                {
                    for (uint32_t a : com.paths[q])
                    {
                        s.load[a] += f;
                    }
                }
            }
        }
    }
    for (std::size_t a = 0; a < arcs; ++a)
    {
        const double cap = p.capacity[a];
        double load = 0;
        double potential = 0;
        for (const auto& s : sub)
        {
            if (!s.load.empty())
            {
                load += s.load[a];
                potential += s.potential[a];
            }
        }
        for (auto& s : sub)
        {
            if (s.load.empty())
            {
                continue;
            }
            double share = 0;
            if (load >= cap)
            {
                share = load > 0 ? cap * (s.load[a] / load) : 0;
            }
            else
            {
                share = s.load[a] + (potential > 0 ? (cap - load) * (s.potential[a] / potential) : 0);
            }
            s.load[a] = std::min(share, cap); // the load vector now holds the share
        }
    }
    // The sub-problems (built in parallel: their copies of the commodities dominate).
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < 2 * k; ++i)
    {
        if (!sub[i].members.empty())
        {
            order.push_back(i);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&sub](uint32_t a, uint32_t b) {
        return sub[a].paths > sub[b].paths;
    });
    tbb::task_arena arena(static_cast<int>(std::max(1U, GetThreads())));
    arena.execute([&] {
        tbb::parallel_for(
            std::size_t{0},
            order.size(),
            [&](std::size_t j) {
                SubProblem& s = sub[order[j]];
                s.problem.objective = TeSolver::MAX_FLOW;
                s.problem.tieBreak = p.tieBreak;
                s.problem.method = p.method;
                s.problem.capacity = std::move(s.load);
                s.potential = {};
                s.problem.commodities.reserve(s.members.size());
                for (uint32_t c : s.members)
                {
                    s.problem.commodities.push_back(p.commodities[c]);
                }
            },
            tbb::simple_partitioner());
    });
    out.buildSeconds = buildContracted + Since(sharesStart);

    // 4. The sub-problems, all at once; then the merge.
    arena.execute([&] {
        tbb::parallel_for(
            std::size_t{0},
            order.size(),
            [&](std::size_t j) {
                SubProblem& s = sub[order[j]];
                s.ok = TeSolver::Solve(g, s.problem, s.solution, s.error);
                s.problem.commodities = {};
            },
            tbb::simple_partitioner());
    });
    out.pathFlow.assign(p.commodities.size(), {});
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        out.pathFlow[c].assign(p.commodities[c].paths.size(), 0);
    }
    out.variables = cs.variables;
    out.constraints = cs.constraints;
    out.rounds = cs.rounds;
    out.usablePaths = 0;
    for (uint32_t i : order)
    {
        SubProblem& s = sub[i];
        if (!s.ok)
        {
            error = "ncflow: the " + std::string(i < k ? "intra" : "inter") +
                    "-cluster problem of cluster " + std::to_string(i % k) + ": " + s.error;
            return false;
        }
        for (std::size_t j = 0; j < s.members.size(); ++j)
        {
            out.pathFlow[s.members[j]] = std::move(s.solution.pathFlow[j]);
        }
        out.variables += s.solution.variables;
        out.constraints += s.solution.constraints;
        out.rounds += s.solution.rounds;
        out.usablePaths += s.solution.usablePaths;
    }
    NS_LOG_INFO("ncflow: " << k << " clusters, " << cp.commodities.size()
                           << " cluster pairs, " << routeCommodity.size() << " routes, "
                           << order.size() << " sub-problems");
    return true;
}

} // namespace ns3
