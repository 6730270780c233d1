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
 *
 * This file holds the method, its contracted problem (step 2) and the solve's outline
 * (DoAllocate); the clustering (step 1) is in te-ncflow-cluster.cc, the sub-problems' rounds
 * (steps 3 to 5) in te-ncflow-rounds.cc.
 */

#include "te-ncflow.h"

#include "te-ncflow-detail.h"

#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeNcflowMethod");
NS_OBJECT_ENSURE_REGISTERED(TeNcflowMethod);

namespace ncflowdetail
{

LogComponent&
NcflowLog()
{
    return g_log;
}

} // namespace ncflowdetail

namespace
{
/**
 * Most candidate paths of an inter-cluster sub-problem (a group of cluster pairs of one source
 * cluster; a single pair may hold more): LPs of a few thousand paths solve in milliseconds,
 * while the LP's time grows faster than its size.
 */
constexpr std::size_t PATHS_PER_SUBPROBLEM = 4000;
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

namespace ncflowdetail
{

bool
Decomposition::Up(uint32_t a) const
{
    return p.capacity[a] > 0;
}

bool
Decomposition::Usable(const TePath& path) const
{
    return std::all_of(path.begin(), path.end(), [this](uint32_t a) { return Up(a); });
}

void
Decomposition::Contract()
{
    cg.nodes = k;
    cp.objective = TeSolver::MAX_FLOW;
    cp.tieBreak = p.tieBreak;
    cp.method = p.method;
    for (std::size_t a = 0; a < arcs; ++a)
    {
        const uint32_t x = cluster[g.arcs[a].from];
        const uint32_t y = cluster[g.arcs[a].to];
        if (x == y || !Up(a))
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
}

void
Decomposition::GroupPairs()
{
    std::vector<std::size_t> pairPaths(static_cast<std::size_t>(k) * k, 0);
    for (const auto& com : p.commodities)
    {
        if (com.demand > 0)
        {
            pairPaths[static_cast<std::size_t>(cluster[com.src]) * k + cluster[com.dst]] +=
                com.paths.size();
        }
    }
    pairGroup.assign(static_cast<std::size_t>(k) * k, NONE);
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
    sub.resize(k + groupPairs.size());
}

void
Decomposition::CollectRoutes()
{
    std::vector<uint32_t> pairCommodity(static_cast<std::size_t>(k) * k, NONE);
    firstPath.assign(p.commodities.size() + 1, 0);
    std::vector<uint32_t> sequence;
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
            if (!Usable(path))
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
}

bool
Decomposition::SolveContracted(std::string& error)
{
    if (!cp.commodities.empty() && !TeSolver::Solve(cg, cp, cs, error))
    {
        error = "ncflow: the contracted problem (" + std::to_string(k) + " clusters): " + error;
        return false;
    }
    NS_LOG_INFO("ncflow: contracted LP of " << cp.commodities.size() << " cluster pairs and "
                                            << routeCommodity.size() << " routes solved at "
                                            << optical::SecondsSince(start) << " s");
    budget.assign(routeCommodity.size(), 0);
    for (std::size_t r = 0; r < budget.size(); ++r)
    {
        budget[r] = std::max(0.0, cs.pathFlow[routeCommodity[r]][routePath[r]]);
    }
    return true;
}

} // namespace ncflowdetail

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

    // 1. Clusters, over the arcs that are up.
    TeGraph live;
    live.nodes = n;
    for (std::size_t a = 0; a < g.arcs.size(); ++a)
    {
        if (p.capacity[a] > 0)
        {
            live.arcs.push_back(g.arcs[a]);
        }
    }
    const std::vector<uint32_t> cluster = Cluster(live, k, m_seed);
    m_lastClusters = k;

    // 2. The contracted graph and problem; the sub-problems: 0 .. k-1 intra-cluster (by
    // cluster), then the inter-cluster ones; the routes, the cluster sequences of the
    // inter-cluster commodities' usable paths.
    ncflowdetail::Decomposition d(g, p, cluster, k, start);
    d.Contract();
    d.GroupPairs();
    d.CollectRoutes();
    const double buildContracted = optical::SecondsSince(start);

    // The contracted LP (solve time).
    if (!d.SolveContracted(error))
    {
        return false;
    }

    // 3.-5. Two rounds of the sub-problems: first on the capacities (estimated loads from the
    // budgets), then on what they left (shares by potential only).
    return d.RunRounds(GetUsableThreads(), buildContracted, out, error);
}

} // namespace ns3
