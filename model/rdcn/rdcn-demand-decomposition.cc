/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-demand-decomposition.h"

#include "ns3/log.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnDemandDecomposition");

namespace
{

/// Bipartite support graph of BvN: vertices 0..N-1 are rows (senders), N..2N-1 columns.
using SupportGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
/// Its vertices.
using SupportVertex = boost::graph_traits<SupportGraph>::vertex_descriptor;

/**
 * Initial matching of Boost's matching(): keep what the mate map already holds (the previous
 * BvN matching without the edges that emptied), so that only the broken pairs are augmented.
 */
template <typename Graph, typename MateMap>
struct KeepMatching
{
    /// Leaves \p mate as it is.
    static void find_matching(const Graph& /* g */, MateMap /* mate */)
    {
    }
};

} // namespace

std::string
RdcnDemandDecomposition::Validate(const RdcnDemandMatrix& demand)
{
    std::ostringstream os;
    const std::size_t n = demand.size();
    if (n < 2 || n > RdcnSchedule::MAX_TORS)
    {
        os << "demand matrix of " << n << " rows (allowed: 2 to " << RdcnSchedule::MAX_TORS
           << " ToRs)";
        return os.str();
    }
    for (std::size_t i = 0; i < n; ++i)
    {
        if (demand[i].size() != n)
        {
            os << "demand row " << i << " has " << demand[i].size() << " entries, expected " << n
               << " (a square matrix)";
            return os.str();
        }
        for (std::size_t j = 0; j < n; ++j)
        {
            const double d = demand[i][j];
            if (!std::isfinite(d) || d < 0)
            {
                os << "demand [" << i << "][" << j << "] = " << d
                   << " (allowed: finite, non-negative)";
                return os.str();
            }
        }
    }
    return "";
}

RdcnDemandMatrix
RdcnDemandDecomposition::Stuff(const RdcnDemandMatrix& demand)
{
    const std::size_t n = demand.size();
    RdcnDemandMatrix m = demand;
    std::vector<double> rowDef(n, 0);
    std::vector<double> colDef(n, 0);
    double s = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            rowDef[i] += demand[i][j];
            colDef[j] += demand[i][j];
        }
    }
    for (std::size_t i = 0; i < n; ++i)
    {
        s = std::max({s, rowDef[i], colDef[i]});
    }
    for (std::size_t i = 0; i < n; ++i)
    {
        rowDef[i] = s - rowDef[i];
        colDef[i] = s - colDef[i];
    }
    // Off the diagonal first. A row left short afterwards has every other column full, so
    // (the deficits summing alike) only its own column can still be short: the diagonal.
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t step = 1; step < n && rowDef[i] > 0; ++step)
        {
            const std::size_t j = (i + step) % n;
            const double a = std::min(rowDef[i], colDef[j]);
            if (a > 0)
            {
                m[i][j] += a;
                rowDef[i] -= a;
                colDef[j] -= a;
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
    {
        const double a = std::min(rowDef[i], colDef[i]);
        if (a > 0)
        {
            m[i][i] += a;
        }
    }
    return m;
}

bool
RdcnDemandDecomposition::BirkhoffVonNeumann(const RdcnDemandMatrix& demand,
                                            std::vector<RdcnWeightedMatching>& matchings,
                                            RdcnDemandMatrix& stuffed,
                                            std::string& error,
                                            double tolerance)
{
    NS_LOG_FUNCTION(demand.size() << tolerance);
    const std::string problem = Validate(demand);
    if (!problem.empty())
    {
        error = "BvN: " + problem;
        return false;
    }
    if (!(tolerance > 0) || !(tolerance < 1e-3))
    {
        std::ostringstream os;
        os << "BvN: tolerance " << tolerance << " (allowed: above 0, below 1e-3)";
        error = os.str();
        return false;
    }
    const std::size_t n = demand.size();
    stuffed = Stuff(demand);
    matchings.clear();
    double s = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        s = std::max(s, std::accumulate(stuffed[i].begin(), stuffed[i].end(), 0.0));
    }
    if (s == 0)
    {
        return true; // nothing to decompose
    }
    const double zero = tolerance * s;
    RdcnDemandMatrix r = stuffed;
    SupportGraph g(2 * n);
    std::size_t edges = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            if (r[i][j] > zero)
            {
                boost::add_edge(i, n + j, g);
                ++edges;
            }
            else
            {
                r[i][j] = 0;
            }
        }
    }
    const SupportVertex none = boost::graph_traits<SupportGraph>::null_vertex();
    std::vector<SupportVertex> mate(2 * n, none);
    bool first = true;
    while (edges > 0)
    {
        if (first)
        {
            boost::matching<SupportGraph,
                            SupportVertex*,
                            boost::property_map<SupportGraph, boost::vertex_index_t>::type,
                            boost::edmonds_augmenting_path_finder,
                            boost::extra_greedy_matching,
                            boost::no_matching_verifier>(g,
                                                         mate.data(),
                                                         boost::get(boost::vertex_index, g));
            first = false;
        }
        else
        {
            boost::matching<SupportGraph,
                            SupportVertex*,
                            boost::property_map<SupportGraph, boost::vertex_index_t>::type,
                            boost::edmonds_augmenting_path_finder,
                            KeepMatching,
                            boost::no_matching_verifier>(g,
                                                         mate.data(),
                                                         boost::get(boost::vertex_index, g));
        }
        RdcnWeightedMatching wm;
        wm.perm.assign(n, -1);
        double w = std::numeric_limits<double>::infinity();
        bool perfect = true;
        for (std::size_t i = 0; i < n && perfect; ++i)
        {
            if (mate[i] == none)
            {
                perfect = false;
                break;
            }
            const std::size_t j = mate[i] - n;
            wm.perm[i] = static_cast<int32_t>(j);
            w = std::min(w, r[i][j]);
        }
        if (!perfect)
        {
            // Birkhoff: a matrix with equal line sums has a perfect matching on its support.
            // Without one, what is left is rounding, far below what the caller can see.
            double left = 0;
            for (const auto& row : r)
            {
                left = std::max(left, *std::max_element(row.begin(), row.end()));
            }
            NS_LOG_LOGIC("BvN: no perfect matching; largest entry left " << left << " of " << s);
            if (left > 1e-6 * s)
            {
                std::ostringstream os;
                os << "BvN: no perfect matching on the support while an entry of " << left
                   << " (of line sum " << s << ") is left";
                error = os.str();
                return false;
            }
            break;
        }
        for (std::size_t i = 0; i < n; ++i)
        {
            const std::size_t j = wm.perm[i];
            r[i][j] -= w;
            if (r[i][j] <= zero)
            {
                r[i][j] = 0;
                boost::remove_edge(i, n + j, g);
                --edges;
                mate[i] = none;
                mate[n + j] = none;
            }
        }
        wm.weight = w;
        matchings.push_back(std::move(wm));
    }
    std::stable_sort(matchings.begin(),
                     matchings.end(),
                     [](const RdcnWeightedMatching& a, const RdcnWeightedMatching& b) {
                         return a.weight > b.weight;
                     });
    NS_LOG_LOGIC("BvN: " << matchings.size() << " matchings for " << n << " ToRs");
    return true;
}

std::vector<int32_t>
RdcnDemandDecomposition::MaxWeightPermutation(const RdcnDemandMatrix& weight, double* total)
{
    // Hungarian algorithm on the costs -weight, rows and columns numbered from 1, column 0 a
    // virtual one that holds the row being inserted. rowPot and colPot are the dual potentials
    // (reduced costs cost - rowPot - colPot stay >= 0); owner[j] is the row of column j.
    const std::size_t n = weight.size();
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> rowPot(n + 1, 0);
    std::vector<double> colPot(n + 1, 0);
    std::vector<std::size_t> owner(n + 1, 0);
    std::vector<std::size_t> from(n + 1, 0);
    for (std::size_t row = 1; row <= n; ++row)
    {
        owner[0] = row;
        std::size_t col = 0;
        std::vector<double> slack(n + 1, inf);
        std::vector<char> done(n + 1, 0);
        // Grow a tree of tight edges from the new row until it reaches a free column.
        while (owner[col] != 0)
        {
            done[col] = 1;
            const std::size_t r = owner[col];
            double delta = inf;
            std::size_t next = 0;
            for (std::size_t j = 1; j <= n; ++j)
            {
                if (done[j])
                {
                    continue;
                }
                const double reduced = -weight[r - 1][j - 1] - rowPot[r] - colPot[j];
                if (reduced < slack[j])
                {
                    slack[j] = reduced;
                    from[j] = col;
                }
                if (slack[j] < delta)
                {
                    delta = slack[j];
                    next = j;
                }
            }
            for (std::size_t j = 0; j <= n; ++j)
            {
                if (done[j])
                {
                    rowPot[owner[j]] += delta;
                    colPot[j] -= delta;
                }
                else
                {
                    slack[j] -= delta;
                }
            }
            col = next;
        }
        // Flip the alternating path back to the virtual column.
        while (col != 0)
        {
            const std::size_t prev = from[col];
            owner[col] = owner[prev];
            col = prev;
        }
    }
    std::vector<int32_t> perm(n, -1);
    double sum = 0;
    for (std::size_t j = 1; j <= n; ++j)
    {
        perm[owner[j] - 1] = static_cast<int32_t>(j - 1);
        sum += weight[owner[j] - 1][j - 1];
    }
    if (total)
    {
        *total = sum;
    }
    return perm;
}

bool
RdcnDemandDecomposition::MaxWeightPerSlot(const RdcnDemandMatrix& demand,
                                          uint32_t slots,
                                          double bytesPerSlot,
                                          std::vector<RdcnWeightedMatching>& matchings,
                                          std::string& error)
{
    NS_LOG_FUNCTION(demand.size() << slots << bytesPerSlot);
    const std::string problem = Validate(demand);
    if (!problem.empty())
    {
        error = "max-weight: " + problem;
        return false;
    }
    if (!std::isfinite(bytesPerSlot) || !(bytesPerSlot > 0))
    {
        std::ostringstream os;
        os << "max-weight: " << bytesPerSlot << " bytes per slot (allowed: finite, above 0)";
        error = os.str();
        return false;
    }
    const std::size_t n = demand.size();
    RdcnDemandMatrix r = demand;
    for (std::size_t i = 0; i < n; ++i)
    {
        r[i][i] = 0; // a ToR's traffic to itself needs no circuit
    }
    matchings.clear();
    for (uint32_t slot = 0; slot < slots; ++slot)
    {
        RdcnWeightedMatching wm;
        wm.perm = MaxWeightPermutation(r);
        for (std::size_t i = 0; i < n; ++i)
        {
            double& e = r[i][wm.perm[i]];
            const double carried = std::min(e, bytesPerSlot);
            wm.weight += carried;
            e = e > bytesPerSlot ? e - bytesPerSlot : 0;
        }
        if (!(wm.weight > 0))
        {
            break; // nothing left
        }
        matchings.push_back(std::move(wm));
    }
    return true;
}

std::vector<uint32_t>
RdcnDemandDecomposition::Apportion(const std::vector<double>& weights, uint32_t total)
{
    std::vector<uint32_t> seats(weights.size(), 0);
    double sum = 0;
    for (double w : weights)
    {
        sum += w > 0 ? w : 0;
    }
    if (!(sum > 0) || total == 0)
    {
        return seats;
    }
    std::vector<double> remainder(weights.size(), 0);
    uint64_t given = 0;
    for (std::size_t k = 0; k < weights.size(); ++k)
    {
        const double quota = weights[k] > 0 ? total * (weights[k] / sum) : 0;
        const double whole = std::floor(quota);
        seats[k] = static_cast<uint32_t>(std::min<double>(whole, total));
        given += seats[k];
        remainder[k] = quota - whole;
    }
    std::vector<std::size_t> order(weights.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return remainder[a] > remainder[b];
    });
    // Rounding can leave the floors a seat or so away from the total in either direction.
    while (given > total)
    {
        for (auto it = order.rbegin(); it != order.rend() && given > total; ++it)
        {
            if (seats[*it] > 0)
            {
                --seats[*it];
                --given;
            }
        }
    }
    while (given < total)
    {
        for (std::size_t k : order)
        {
            if (given == total)
            {
                break;
            }
            if (weights[k] > 0)
            {
                ++seats[k];
                ++given;
            }
        }
    }
    return seats;
}

uint32_t
RdcnDemandDecomposition::BaseSlices(uint32_t tors, uint32_t uplinks)
{
    if (uplinks == 0 || tors < 2)
    {
        return 0;
    }
    return (tors - 1 + uplinks - 1) / uplinks;
}

std::vector<std::vector<RdcnMatching>>
RdcnDemandDecomposition::ToMatchings(const std::vector<RdcnWeightedMatching>& weighted,
                                     uint32_t tors,
                                     uint32_t uplinks,
                                     uint32_t demandSlices,
                                     std::string& error)
{
    NS_LOG_FUNCTION(weighted.size() << tors << uplinks << demandSlices);
    std::vector<std::vector<RdcnMatching>> base =
        RdcnScheduleGenerator::RoundRobin(tors, uplinks, error);
    if (base.empty())
    {
        error = "traffic-aware base: " + error;
        return {};
    }
    const uint32_t b = BaseSlices(tors, uplinks);
    if (static_cast<uint64_t>(b) + demandSlices > RdcnSchedule::MAX_SLICES)
    {
        std::ostringstream os;
        os << "traffic-aware: " << b << " base + " << demandSlices
           << " demand slices (allowed: at most " << RdcnSchedule::MAX_SLICES << " in all)";
        error = os.str();
        return {};
    }
    std::vector<double> weights;
    for (std::size_t k = 0; k < weighted.size(); ++k)
    {
        const RdcnWeightedMatching& wm = weighted[k];
        std::ostringstream os;
        if (!std::isfinite(wm.weight) || wm.weight < 0)
        {
            os << "traffic-aware: matching " << k << " has weight " << wm.weight
               << " (allowed: finite, non-negative)";
            error = os.str();
            return {};
        }
        if (wm.perm.size() != tors)
        {
            os << "traffic-aware: matching " << k << " has " << wm.perm.size() << " entries for "
               << tors << " ToRs";
            error = os.str();
            return {};
        }
        std::vector<char> hit(tors, 0);
        for (uint32_t i = 0; i < tors; ++i)
        {
            const int32_t p = wm.perm[i];
            if (p < 0 || static_cast<uint32_t>(p) >= tors || hit[p])
            {
                os << "traffic-aware: matching " << k << " is not a permutation of the " << tors
                   << " ToRs (ToR " << i << " -> " << p << ")";
                error = os.str();
                return {};
            }
            hit[p] = 1;
        }
        weights.push_back(wm.weight);
    }
    const std::vector<uint32_t> seats =
        Apportion(weights, static_cast<uint32_t>(uint64_t{uplinks} * demandSlices));
    std::vector<std::size_t> sequence; // matching index of each demand position
    for (std::size_t k = 0; k < seats.size(); ++k)
    {
        sequence.insert(sequence.end(), seats[k], k);
    }
    std::vector<std::vector<RdcnMatching>> m(uplinks);
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        m[u] = base[u];
        for (uint32_t s = 0; s < demandSlices; ++s)
        {
            const std::size_t position = std::size_t{u} * demandSlices + s;
            if (position >= sequence.size())
            {
                m[u].push_back(base[u][s % b]); // no demand weight: the round robin again
                continue;
            }
            const std::vector<int32_t>& perm = weighted[sequence[position]].perm;
            RdcnMatching matching(tors);
            for (uint32_t i = 0; i < tors; ++i)
            {
                matching[i] = static_cast<uint32_t>(perm[i]) == i ? RdcnSchedule::NO_PEER : perm[i];
            }
            m[u].push_back(std::move(matching));
        }
    }
    return m;
}

} // namespace ns3
