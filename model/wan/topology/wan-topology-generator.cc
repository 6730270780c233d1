/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WanTopology: the generator of synthetic networks (Generate).

#include "wan-topology-detail.h"
#include "wan-topology.h"

#include "ns3/abort.h"

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

/// A synthetic network under construction: its sites' positions on the plane and its fibres.
struct Plane
{
    WanTopology& topo;     //!< The network
    std::vector<double> x; //!< Per site, km from the plane's west edge
    std::vector<double> y; //!< Per site, km from the plane's south edge
    double routeFactor{1}; //!< Fibre length: distance x this

    /// \return the distance of two sites (km)
    double Dist(uint32_t a, uint32_t b) const
    {
        return std::hypot(x[a] - x[b], y[a] - y[b]);
    }

    /// Adds the fibre a-b, its length the sites' distance x routeFactor (at least MIN_LENGTH_KM).
    void Add(uint32_t a, uint32_t b)
    {
        std::string why;
        const bool ok =
            topo.AddFibre(a,
                          b,
                          std::max(WanTopology::MIN_LENGTH_KM, Dist(a, b) * routeFactor),
                          why);
        NS_ABORT_MSG_IF(!ok, why);
    }
};

/**
 * Step 1 of WanTopology::Generate: the Euclidean minimum spanning tree (Prim, O(n^2)).
 * \param [in,out] plane The network
 */
void
AddSpanningTree(Plane& plane)
{
    WanTopology& topo = plane.topo;
    const uint32_t n = topo.GetNSites();
    auto dist = [&plane](uint32_t a, uint32_t b) { return plane.Dist(a, b); };
    auto add = [&plane](uint32_t a, uint32_t b) { plane.Add(a, b); };
    // 1. Euclidean minimum spanning tree (Prim, O(n^2)).
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

/**
 * Step 2 of WanTopology::Generate: while bridges are left, pairs the leaves of the bridge tree
 * greedily by distance, each pair by its closest sites.
 * \param [in,out] plane The network
 */
void
CloseBridges(Plane& plane)
{
    WanTopology& topo = plane.topo;
    const uint32_t n = topo.GetNSites();
    auto dist = [&plane](uint32_t a, uint32_t b) { return plane.Dist(a, b); };
    auto add = [&plane](uint32_t a, uint32_t b) { plane.Add(a, b); };
    // 2. While bridges are left: pair the leaves of the bridge tree (the 2-edge-connected
    // components with a single bridge) greedily by distance, each pair by its closest sites.
    while (true)
    {
        const auto bridges = topo.GetBridges();
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
        const uint32_t nComp = FibreComponents(n, topo.GetFibres(), &isBridge, comp);
        std::vector<uint32_t> bridgeDegree(nComp, 0);
        for (uint32_t br : bridges)
        {
            ++bridgeDegree[comp[topo.GetFibres()[br].a]];
            ++bridgeDegree[comp[topo.GetFibres()[br].b]];
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
}

/**
 * Step 3 of WanTopology::Generate: Waxman-style fibres up to \p target (the shortest remaining
 * pairs if the draws stall).
 * \param [in,out] plane The network
 * \param [in] rng The random stream
 * \param [in] target Fibres wanted
 * \param [in] widthKm Plane width
 * \param [in] heightKm Plane height
 */
void
AddWaxmanFibres(Plane& plane,
                Ptr<UniformRandomVariable> rng,
                uint64_t target,
                double widthKm,
                double heightKm)
{
    WanTopology& topo = plane.topo;
    const uint32_t n = topo.GetNSites();
    auto dist = [&plane](uint32_t a, uint32_t b) { return plane.Dist(a, b); };
    auto add = [&plane](uint32_t a, uint32_t b) { plane.Add(a, b); };
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
            u >= std::exp(-dist(a, b) / (WanTopology::WAXMAN_ALPHA * diagonal)))
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
}

} // namespace

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
    Plane plane{topo, std::move(x), std::move(y), routeFactor};

    AddSpanningTree(plane);
    CloseBridges(plane);
    if (topo.GetNFibres() > target)
    {
        NS_LOG_WARN("WanTopology::Generate: 2-edge-connectivity needs "
                    << topo.GetNFibres() << " fibres, more than the " << target
                    << " of a mean degree of " << meanDegree << " (mean degree "
                    << topo.GetMeanDegree() << ")");
    }

    AddWaxmanFibres(plane, rng, target, widthKm, heightKm);
    NS_LOG_INFO("generated " << n << " sites, " << topo.GetNFibres() << " fibres, mean degree "
                             << topo.GetMeanDegree());
    out = std::move(topo);
    return true;
}

} // namespace ns3
