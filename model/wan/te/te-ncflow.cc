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
 *    of the squared sizes, so this ends). (A graph with more weakly connected components than
 *    K: the components left without a seed join the smallest cluster, which is then not
 *    connected.) The problem is clustered over its arcs of positive capacity.
 * 2. The contracted problem: one node per cluster, one arc per ordered pair of clusters with
 *    arcs of positive capacity between them (capacity: their sum), one commodity per ordered
 *    pair of different clusters (demand: the sum of its inter-cluster commodities' demands).
 *    Its candidate routes are the cluster sequences of the original commodities' usable paths
 *    (consecutive repeats merged), so every route is followed by some real path. It is solved
 *    by the LP (TeSolver::Solve; one small LP); each route's flow is its budget.
 * 3. Sub-problems: the intra-cluster problem of each cluster (its commodities with both ends
 *    inside it, on their paths that stay inside it) and the inter-cluster problems (the
 *    commodities of the cluster pairs of one source cluster, in order of destination, grouped
 *    while a group holds at most 4,000 candidate paths: the LP's time grows faster than its
 *    size, and small LPs solve in milliseconds).
 * 4. Capacity shares. Every arc's capacity is split among the sub-problems that may use it.
 *    Each one's load on each arc is estimated: an intra-cluster commodity's whole demand spread
 *    evenly over its inside paths; an inter-cluster commodity's share of each route's budget
 *    (the budget split in proportion to the demands of the commodities with a path on the
 *    route, at most the commodity's demand in all) spread evenly over its paths on that route.
 *    An arc whose estimated loads exceed its capacity is split in proportion to them; an arc
 *    with capacity to spare gives each sub-problem its estimate plus a share of the rest in
 *    proportion to its potential (the demand of its commodities with a path over the arc). The
 *    shares of an arc sum to its capacity, so the merged allocation is feasible without repair
 *    (up to the LPs' tolerances). Intra-cluster demands thus get their cluster's arcs minus
 *    what the inter-cluster budgets are expected to need there, which lets both stages run at
 *    once: all the sub-problems are solved by the LP (TeSolver::Solve) on their shares
 *    concurrently (a tbb::parallel_for in a tbb::task_arena of Threads threads, largest
 *    first; by column generation, TeSolver::COLUMN_GENERATION, unless the problem names a
 *    method: most demands of a sub-problem stay on one path), and their flows are merged into
 *    the allocation. Paths of intra-cluster
 *    commodities that leave their cluster get nothing in this round (every arc outside the
 *    cluster has share 0 in its problem).
 * 5. Reconcile: a second round of the same sub-problems over the capacity the first left (an
 *    arc's room below a relative 1e-6 counts as none) for the demand it left, on every path
 *    with room on all its arcs (intra-cluster commodities may now leave their cluster), each
 *    arc's room shared in proportion to the potentials. It recovers capacity that the first
 *    round's shares gave to sub-problems that could not use it. Its flows are added; the
 *    allocation stays within every capacity, and TeMethod's repair then fills what is left,
 *    greedily.
 *
 * The contracted LP runs alone before the sub-problems (their shares need its budgets); it is
 * small (one commodity per cluster pair, one path per route). With one cluster there is nothing to
 * decompose: the method is the LP itself (TeSolver::Solve on the whole problem).
 * Solution::buildSeconds is the clustering, the contracted problem's construction, and each round's
 * shares and sub-problem construction; the LPs (their own model builds included) are solve time.
 * The allocation is deterministic: the same problem, Clusters and Seed give the same flows with any
 * Threads.
 *
 * Measured (with a benchmark since merged into utils/bench/te-acceleration-bench: gravity matrix at
 * TeTopology::ScaleForLoad 1, 4 edge-disjoint paths per pair, Clusters 0, 1 thread, a shared 2-core
 * machine, so times are rough): UsCarrier (13 clusters) 0.805 of the demand satisfied against the
 * LP's 0.838, i.e. 0.96 of the LP, in about 0.55 s against 1.8-5 s (3-9x faster; POP with 13 parts:
 * 0.98 of the LP in 1.1-2 s); at load 0.5 every method carries everything, and the LP (one column-
 * generation round) is then faster than ncflow (0.12 s against 0.4 s). Kdl (27 clusters, 352
 * sub-problems): 0.784 of the demand in about 30 s (round 1: 0.65, round 2: 0.08 more).
 */

#include "te-ncflow.h"

#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>
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

/**
 * Most candidate paths of an inter-cluster sub-problem (a group of cluster pairs of one source
 * cluster; a single pair may hold more): LPs of a few thousand paths solve in milliseconds,
 * while the LP's time grows faster than its size.
 */
constexpr std::size_t PATHS_PER_SUBPROBLEM = 4000;

/// Marks a node not reached, or not yet in a cluster.
constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();

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

/// A sub-problem: one cluster's intra-cluster commodities, or one cluster pair's.
struct SubProblem
{
    std::vector<uint32_t> members; //!< Original commodity of each of its commodities
    std::vector<uint32_t> arcs;    //!< Arcs its eligible paths use
    std::vector<double> load;      //!< Per entry of arcs, the estimated load, then the share
    std::vector<double> potential; //!< Per entry of arcs, the demand of its paths over the arc
    std::vector<uint32_t> solved;  //!< Members in the LP (round 2: those with demand left)
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
        const auto c =
            static_cast<uint32_t>(std::min_element(size.begin(), size.end()) - size.begin());
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
    }
    // Sub-problems: 0 .. k-1 intra-cluster (by cluster), then the inter-cluster ones: the
    // cluster pairs of each source cluster, in order of destination, grouped while a group
    // holds at most PATHS_PER_SUBPROBLEM candidate paths (a pair alone may hold more).
    std::vector<std::size_t> pairPaths(static_cast<std::size_t>(k) * k, 0);
    for (const auto& com : p.commodities)
    {
        if (com.demand > 0)
        {
            pairPaths[static_cast<std::size_t>(cluster[com.src]) * k + cluster[com.dst]] +=
                com.paths.size();
        }
    }
    std::vector<uint32_t> pairGroup(static_cast<std::size_t>(k) * k, NONE);
    std::vector<std::pair<uint32_t, uint32_t>> groupPairs; // first and last pair of a group
    for (uint32_t x = 0; x < k; ++x)
    {
        std::size_t held = 0;
        for (uint32_t y = 0; y < k; ++y)
        {
            const std::size_t pair = static_cast<std::size_t>(x) * k + y;
            if (x == y || pairPaths[pair] == 0)
            {
                continue;
            }
            if (groupPairs.empty() || groupPairs.back().first / k != x ||
                held + pairPaths[pair] > PATHS_PER_SUBPROBLEM)
            {
                groupPairs.emplace_back(static_cast<uint32_t>(pair), static_cast<uint32_t>(pair));
                held = 0;
            }
            groupPairs.back().second = static_cast<uint32_t>(pair);
            held += pairPaths[pair];
            pairGroup[pair] = static_cast<uint32_t>(k + groupPairs.size() - 1);
        }
    }
    std::vector<SubProblem> sub(k + groupPairs.size());
    // Routes: the cluster sequences of the inter-cluster commodities' usable paths.
    std::unordered_map<std::vector<uint32_t>, uint32_t, SequenceHash> routeId;
    std::vector<uint32_t> routeCommodity; // route -> contracted commodity
    std::vector<uint32_t> routePath;      // route -> its path in the contracted commodity
    std::vector<double> routeDemand;      // demand of the commodities with a path on it
    std::vector<uint32_t> pairCommodity(static_cast<std::size_t>(k) * k, NONE);
    std::vector<uint32_t> pathRoute; // flat: route of each path of inter commodities
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
        SubProblem& s = sub[x == y ? x : pairGroup[static_cast<std::size_t>(x) * k + y]];
        s.members.push_back(static_cast<uint32_t>(c));
        s.demand += com.demand;
        s.paths += com.paths.size();
        if (x == y)
        {
            continue;
        }
        uint32_t& pc = pairCommodity[static_cast<std::size_t>(x) * k + y];
        if (pc == NONE)
        {
            pc = static_cast<uint32_t>(cp.commodities.size());
            cp.commodities.push_back({x, y, 0.0, {}});
        }
        cp.commodities[pc].demand += com.demand;
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
    }
    firstPath[p.commodities.size()] = pathRoute.size();
    const double buildContracted = optical::SecondsSince(start);

    // The contracted LP (solve time).
    TeSolver::Solution cs;
    if (!cp.commodities.empty() && !TeSolver::Solve(cg, cp, cs, error))
    {
        error = "ncflow: the contracted problem (" + std::to_string(k) + " clusters): " + error;
        return false;
    }
    NS_LOG_INFO("ncflow: contracted LP of " << cp.commodities.size() << " cluster pairs and "
                                            << routeCommodity.size() << " routes solved at "
                                            << optical::SecondsSince(start) << " s");
    std::vector<double> budget(routeCommodity.size(), 0);
    for (std::size_t r = 0; r < budget.size(); ++r)
    {
        budget[r] = std::max(0.0, cs.pathFlow[routeCommodity[r]][routePath[r]]);
    }

    // 3.-5. Two rounds of the sub-problems: first on the capacities (estimated loads from the
    // budgets), then on what they left (shares by potential only).
    std::vector<uint32_t> order;
    for (std::size_t i = 0; i < sub.size(); ++i)
    {
        if (!sub[i].members.empty())
        {
            order.push_back(static_cast<uint32_t>(i));
        }
    }
    std::stable_sort(order.begin(), order.end(), [&sub](uint32_t a, uint32_t b) {
        return sub[a].paths > sub[b].paths;
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
    out.buildSeconds = buildContracted;
    tbb::task_arena arena(static_cast<int>(GetUsableThreads()));
    std::vector<double> scratchLoad(arcs, 0);
    std::vector<double> scratchPotential(arcs, 0);
    std::vector<uint32_t> arcMark(arcs, NONE);
    std::vector<double> routeShare; // scratch: one commodity's share of each of its groups
    std::vector<double> groupWeight;
    std::vector<uint32_t> groupOf;
    std::vector<double> totalLoad(arcs);
    std::vector<double> totalPotential(arcs);
    std::vector<double> capacity = p.capacity;
    std::vector<double> left(p.commodities.size());
    double carried[2] = {0, 0};
    for (int round = 0; round < 2; ++round)
    {
        const auto roundStart = std::chrono::steady_clock::now();
        const bool first = round == 0;
        for (std::size_t c = 0; c < p.commodities.size(); ++c)
        {
            const double sum = std::accumulate(out.pathFlow[c].begin(), out.pathFlow[c].end(), 0.0);
            left[c] = p.commodities[c].demand - sum;
            // Less than a relative 1e-6 left (the LPs' tolerances): nothing.
            left[c] = left[c] > 1e-6 * p.commodities[c].demand ? left[c] : 0;
        }
        // Estimated loads (first round) and potentials of each sub-problem, sparse.
        for (uint32_t i : order)
        {
            SubProblem& s = sub[i];
            s.arcs.clear();
            s.load.clear();
            s.potential.clear();
            s.solved.clear();
            const bool intra = i < k;
            auto add = [&](uint32_t a, double load, double potential) {
                if (arcMark[a] != i)
                {
                    arcMark[a] = i;
                    s.arcs.push_back(a);
                }
                scratchLoad[a] += load;
                scratchPotential[a] += potential;
            };
            for (uint32_t c : s.members)
            {
                const auto& com = p.commodities[c];
                if (!(left[c] > 0))
                {
                    continue;
                }
                // Each eligible path's group (intra: all inside paths, one group; inter: its
                // route; round 2: all paths with room, one group).
                groupOf.assign(com.paths.size(), NONE);
                touched.clear();
                routeShare.clear();
                groupWeight.clear();
                for (std::size_t q = 0; q < com.paths.size(); ++q)
                {
                    const auto& path = com.paths[q];
                    uint32_t r = NONE;
                    if (!first)
                    {
                        r = std::all_of(path.begin(),
                                        path.end(),
                                        [&](uint32_t a) { return capacity[a] > 0; })
                                ? 0
                                : NONE;
                    }
                    else if (intra)
                    {
                        r = usable(path) && std::all_of(path.begin(),
                                                        path.end(),
                                                        [&](uint32_t a) {
                                                            return cluster[g.arcs[a].to] == i;
                                                        })
                                ? 0
                                : NONE;
                    }
                    else
                    {
                        r = pathRoute[firstPath[c] + q];
                    }
                    if (r == NONE)
                    {
                        continue;
                    }
                    auto at = std::find(touched.begin(), touched.end(), r) - touched.begin();
                    if (at == static_cast<std::ptrdiff_t>(touched.size()))
                    {
                        touched.push_back(r);
                        // Intra: the whole demand; inter: its share of the route's budget.
                        routeShare.push_back(!first  ? 0.0
                                             : intra ? com.demand
                                                     : budget[r] * com.demand / routeDemand[r]);
                        groupWeight.push_back(0);
                    }
                    groupOf[q] = static_cast<uint32_t>(at);
                    groupWeight[at] += 1;
                }
                if (touched.empty())
                {
                    continue;
                }
                s.solved.push_back(c);
                // At most its demand in all, spread evenly over each group's paths.
                const double sum = std::accumulate(routeShare.begin(), routeShare.end(), 0.0);
                const double scale = sum > com.demand ? com.demand / sum : 1.0;
                for (std::size_t q = 0; q < com.paths.size(); ++q)
                {
                    if (groupOf[q] == NONE)
                    {
                        continue;
                    }
                    const uint32_t at = groupOf[q];
                    const double f = routeShare[at] * scale / groupWeight[at];
                    for (uint32_t a : com.paths[q])
                    {
                        add(a, f, left[c]);
                    }
                }
            }
            for (uint32_t a : s.arcs)
            {
                s.load.push_back(scratchLoad[a]);
                s.potential.push_back(scratchPotential[a]);
                scratchLoad[a] = 0;
                scratchPotential[a] = 0;
            }
        }
        std::fill(arcMark.begin(), arcMark.end(), NONE);
        // Each arc's shares: in proportion to the estimates if they exceed the capacity, else
        // the estimates plus the rest in proportion to the potentials. They sum to the
        // capacity (or less).
        std::fill(totalLoad.begin(), totalLoad.end(), 0.0);
        std::fill(totalPotential.begin(), totalPotential.end(), 0.0);
        for (uint32_t i : order)
        {
            for (std::size_t j = 0; j < sub[i].arcs.size(); ++j)
            {
                totalLoad[sub[i].arcs[j]] += sub[i].load[j];
                totalPotential[sub[i].arcs[j]] += sub[i].potential[j];
            }
        }
        for (uint32_t i : order)
        {
            SubProblem& s = sub[i];
            for (std::size_t j = 0; j < s.arcs.size(); ++j)
            {
                const uint32_t a = s.arcs[j];
                const double cap = capacity[a];
                const double load = totalLoad[a];
                const double potential = totalPotential[a];
                double share = 0;
                if (load >= cap)
                {
                    share = load > 0 ? cap * (s.load[j] / load) : 0;
                }
                else
                {
                    share = s.load[j] +
                            (potential > 0 ? (cap - load) * (s.potential[j] / potential) : 0);
                }
                s.load[j] = std::min(share, cap);
            }
        }
        // The sub-problems (built in parallel: their copies of the commodities dominate).
        arena.execute([&] {
            tbb::parallel_for(
                std::size_t{0},
                order.size(),
                [&](std::size_t j) {
                    SubProblem& s = sub[order[j]];
                    s.problem = TeSolver::Problem();
                    s.problem.objective = TeSolver::MAX_FLOW;
                    s.problem.tieBreak = p.tieBreak;
                    // Column generation: most of a sub-problem's demands stay on one path.
                    s.problem.method =
                        p.method == TeSolver::AUTO ? TeSolver::COLUMN_GENERATION : p.method;
                    s.problem.capacity.assign(arcs, 0);
                    for (std::size_t e = 0; e < s.arcs.size(); ++e)
                    {
                        s.problem.capacity[s.arcs[e]] = s.load[e];
                    }
                    s.problem.commodities.reserve(s.solved.size());
                    for (uint32_t c : s.solved)
                    {
                        s.problem.commodities.push_back(p.commodities[c]);
                        s.problem.commodities.back().demand = left[c];
                    }
                },
                tbb::simple_partitioner());
        });
        out.buildSeconds += optical::SecondsSince(roundStart);

        // The sub-problems, all at once; then the merge.
        arena.execute([&] {
            tbb::parallel_for(
                std::size_t{0},
                order.size(),
                [&](std::size_t j) {
                    SubProblem& s = sub[order[j]];
                    s.ok = s.solved.empty() || TeSolver::Solve(g, s.problem, s.solution, s.error);
                    s.problem = TeSolver::Problem();
                },
                tbb::simple_partitioner());
        });
        for (uint32_t i : order)
        {
            SubProblem& s = sub[i];
            if (s.solved.empty())
            {
                continue;
            }
            if (!s.ok)
            {
                error = "ncflow: round " + std::to_string(round + 1) + ", the " +
                        (i < k ? "intra-cluster problem of cluster " + std::to_string(i)
                               : "inter-cluster problem from cluster " +
                                     std::to_string(groupPairs[i - k].first / k) + " to clusters " +
                                     std::to_string(groupPairs[i - k].first % k) + " to " +
                                     std::to_string(groupPairs[i - k].second % k)) +
                        ": " + s.error;
                return false;
            }
            for (std::size_t j = 0; j < s.solved.size(); ++j)
            {
                auto& f = out.pathFlow[s.solved[j]];
                for (std::size_t q = 0; q < f.size(); ++q)
                {
                    f[q] += s.solution.pathFlow[j][q];
                }
            }
            carried[round] += s.solution.throughput;
            out.variables += s.solution.variables;
            out.constraints += s.solution.constraints;
            out.rounds += s.solution.rounds;
            out.usablePaths += first ? s.solution.usablePaths : 0;
            s.solution = TeSolver::Solution();
        }
        NS_LOG_INFO("ncflow: round " << round + 1 << " carried " << carried[round] << " at "
                                     << optical::SecondsSince(start) << " s");
        if (first)
        {
            // What the first round left, an arc's room below a relative 1e-6 counting none.
            for (std::size_t c = 0; c < p.commodities.size(); ++c)
            {
                for (std::size_t q = 0; q < p.commodities[c].paths.size(); ++q)
                {
                    for (uint32_t a : p.commodities[c].paths[q])
                    {
                        capacity[a] -= out.pathFlow[c][q];
                    }
                }
            }
            for (std::size_t a = 0; a < arcs; ++a)
            {
                capacity[a] = capacity[a] > 1e-6 * p.capacity[a] ? capacity[a] : 0;
            }
        }
    }
    NS_LOG_INFO("ncflow: " << k << " clusters, " << cp.commodities.size() << " cluster pairs, "
                           << routeCommodity.size() << " routes (budgets " << cs.throughput << "), "
                           << order.size() << " sub-problems; carried " << carried[0] << " + "
                           << carried[1] << " of " << TotalDemand(p));
    return true;
}

} // namespace ns3
