/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "traffic-matrix.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TrafficMatrix");

namespace
{

/**
 * Scales raw volumes to a total.
 * \param [in,out] demands The demands
 * \param [in] totalGbps The total
 */
void
ScaleTo(std::vector<TrafficMatrix::Demand>& demands, double totalGbps)
{
    const double raw = TrafficMatrix::Total(demands);
    const double factor = raw > 0 ? totalGbps / raw : 0;
    for (auto& d : demands)
    {
        d.gbps *= factor;
    }
}

/**
 * A demand for every ordered pair, source-major, with a volume from \p volume.
 * \param [in] n Number of sites
 * \param [in] volume Raw volume of (s, d)
 * \return the demands
 */
template <typename F>
std::vector<TrafficMatrix::Demand>
AllPairs(uint32_t n, F volume)
{
    std::vector<TrafficMatrix::Demand> demands;
    if (n < 2)
    {
        return demands;
    }
    demands.reserve(static_cast<std::size_t>(n) * (n - 1));
    for (uint32_t s = 0; s < n; ++s)
    {
        for (uint32_t d = 0; d < n; ++d)
        {
            if (s != d)
            {
                demands.push_back({s, d, volume(s, d)});
            }
        }
    }
    return demands;
}

/**
 * A bimodal matrix over n nodes (see TrafficMatrix::Bimodal).
 * \param [in] n Nodes
 * \param [in] totalGbps Total
 * \param [in] largeFraction Share of large pairs
 * \param [in] rng Stream
 * \return the demands
 */
std::vector<TrafficMatrix::Demand>
BimodalPairs(uint32_t n, double totalGbps, double largeFraction, Ptr<UniformRandomVariable> rng)
{
    NS_ABORT_MSG_IF(!rng, "TrafficMatrix::Bimodal needs a random stream");
    NS_ABORT_MSG_IF(!(largeFraction >= 0 && largeFraction <= 1),
                    "TrafficMatrix::Bimodal: large fraction " << largeFraction
                                                              << " is not in [0, 1]");
    auto demands = AllPairs(n, [&](uint32_t, uint32_t) {
        const bool large = rng->GetValue(0, 1) < largeFraction;
        const double mean = large ? TrafficMatrix::BIMODAL_MEAN_RATIO : 1.0;
        return mean *
               rng->GetValue(1 - TrafficMatrix::BIMODAL_SPREAD, 1 + TrafficMatrix::BIMODAL_SPREAD);
    });
    ScaleTo(demands, totalGbps);
    return demands;
}

} // namespace

double
TrafficMatrix::Total(const std::vector<Demand>& demands)
{
    // Neumaier's compensated sum.
    double sum = 0;
    double compensation = 0;
    for (const auto& d : demands)
    {
        const double t = sum + d.gbps;
        compensation += std::abs(sum) >= std::abs(d.gbps) ? (sum - t) + d.gbps : (d.gbps - t) + sum;
        sum = t;
    }
    return sum + compensation;
}

std::vector<TrafficMatrix::Demand>
TrafficMatrix::Gravity(const WanTopology& topo, double totalGbps)
{
    NS_LOG_FUNCTION(topo.GetName() << totalGbps);
    const auto& sites = topo.GetSites();
    auto demands = AllPairs(topo.GetNSites(), [&](uint32_t s, uint32_t d) {
        return sites[s].weight * sites[d].weight;
    });
    ScaleTo(demands, totalGbps);
    return demands;
}

std::vector<TrafficMatrix::Demand>
TrafficMatrix::Uniform(const WanTopology& topo, double totalGbps)
{
    NS_LOG_FUNCTION(topo.GetName() << totalGbps);
    const double n = topo.GetNSites();
    const double each = n < 2 ? 0 : totalGbps / (n * (n - 1));
    return AllPairs(topo.GetNSites(), [&](uint32_t, uint32_t) { return each; });
}

std::vector<TrafficMatrix::Demand>
TrafficMatrix::Bimodal(const WanTopology& topo,
                       double totalGbps,
                       double largeFraction,
                       Ptr<UniformRandomVariable> rng)
{
    NS_LOG_FUNCTION(topo.GetName() << totalGbps << largeFraction);
    return BimodalPairs(topo.GetNSites(), totalGbps, largeFraction, rng);
}

std::vector<std::string>
TrafficMatrix::GetKinds()
{
    return {"gravity", "uniform", "bimodal"};
}

bool
TrafficMatrix::Make(const std::string& kind,
                    const WanTopology& topo,
                    double totalGbps,
                    Ptr<UniformRandomVariable> rng,
                    std::vector<Demand>& out,
                    std::string& error)
{
    NS_LOG_FUNCTION(kind << topo.GetName() << totalGbps);
    if (topo.GetNSites() < 2)
    {
        error = "traffic matrix: topology '" + topo.GetName() + "' has " +
                std::to_string(topo.GetNSites()) + " sites (a matrix needs at least 2)";
        return false;
    }
    std::vector<double> weights;
    for (const auto& site : topo.GetSites())
    {
        weights.push_back(site.weight);
    }
    return Make(kind, weights, totalGbps, rng, out, error);
}

bool
TrafficMatrix::Make(const std::string& kind,
                    const std::vector<double>& weights,
                    double totalGbps,
                    Ptr<UniformRandomVariable> rng,
                    std::vector<Demand>& out,
                    std::string& error)
{
    if (!std::isfinite(totalGbps) || totalGbps < 0)
    {
        std::ostringstream msg;
        msg << "traffic matrix: total " << totalGbps << " Gb/s is not allowed (finite, >= 0)";
        error = msg.str();
        return false;
    }
    const auto n = static_cast<uint32_t>(weights.size());
    if (n < 2)
    {
        error = "traffic matrix: " + std::to_string(n) + " nodes (a matrix needs at least 2)";
        return false;
    }
    const auto colon = kind.find(':');
    const std::string base = kind.substr(0, colon);
    if (base == "gravity" && colon == std::string::npos)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            if (!std::isfinite(weights[i]) || weights[i] <= 0)
            {
                std::ostringstream msg;
                msg << "traffic matrix 'gravity': node " << i << " has weight " << weights[i]
                    << " (need a finite value > 0)";
                error = msg.str();
                return false;
            }
        }
        out = AllPairs(n, [&](uint32_t s, uint32_t d) { return weights[s] * weights[d]; });
        ScaleTo(out, totalGbps);
        return true;
    }
    if (base == "uniform" && colon == std::string::npos)
    {
        const double each = totalGbps / (static_cast<double>(n) * (n - 1));
        out = AllPairs(n, [&](uint32_t, uint32_t) { return each; });
        return true;
    }
    if (base == "bimodal")
    {
        double fraction = DEFAULT_LARGE_FRACTION;
        if (colon != std::string::npos)
        {
            const std::string text = kind.substr(colon + 1);
            std::string why;
            if (!OpticalDataFile::ReadReal(text, OpticalBounds::Between(0, 1), "", fraction, why))
            {
                error = "traffic matrix '" + kind + "': large fraction: " + why;
                return false;
            }
        }
        if (!rng)
        {
            error = "traffic matrix '" + kind + "' needs a random stream (none given)";
            return false;
        }
        out = BimodalPairs(n, totalGbps, fraction, rng);
        return true;
    }
    error = "unknown traffic matrix '" + kind +
            "' (allowed: gravity, uniform, bimodal, bimodal:FRACTION)";
    return false;
}

double
TrafficMatrix::DiurnalFactor(const DiurnalShape& shape, Time t)
{
    const double phase =
        2 * M_PI * (t.GetSeconds() - shape.peak.GetSeconds()) / shape.period.GetSeconds();
    return 1 + shape.amplitude * std::cos(phase);
}

std::vector<std::vector<TrafficMatrix::Demand>>
TrafficMatrix::Diurnal(const std::vector<Demand>& base,
                       uint32_t intervals,
                       Time interval,
                       Time start,
                       const DiurnalShape& shape,
                       Ptr<NormalRandomVariable> rng)
{
    NS_LOG_FUNCTION(base.size() << intervals << interval << start);
    NS_ABORT_MSG_IF(!interval.IsStrictlyPositive(), "TrafficMatrix::Diurnal: interval <= 0");
    NS_ABORT_MSG_IF(!(shape.amplitude >= 0 && shape.amplitude <= 1) || !(shape.noise >= 0),
                    "TrafficMatrix::Diurnal: amplitude " << shape.amplitude << " or noise "
                                                         << shape.noise << " out of range");
    NS_ABORT_MSG_IF(shape.noise > 0 && !rng, "TrafficMatrix::Diurnal: noise needs a stream");
    NS_ABORT_MSG_IF(!shape.period.IsStrictlyPositive(), "TrafficMatrix::Diurnal: period <= 0");
    std::vector<std::vector<Demand>> series;
    series.reserve(intervals);
    for (uint32_t k = 0; k < intervals; ++k)
    {
        const double scale = DiurnalFactor(shape, start + interval * static_cast<int64_t>(k));
        std::vector<Demand> m = base;
        for (auto& d : m)
        {
            const double noise =
                shape.noise > 0 ? std::max(0.0, 1 + shape.noise * rng->GetValue()) : 1.0;
            d.gbps *= scale * noise;
        }
        series.push_back(std::move(m));
    }
    return series;
}

std::vector<TrafficMatrix::Demand>
TrafficMatrix::Largest(const std::vector<Demand>& demands, double share)
{
    NS_LOG_FUNCTION(demands.size() << share);
    if (demands.empty() || !(share < 1))
    {
        return demands;
    }
    const double total = Total(demands);
    std::vector<std::size_t> order(demands.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return demands[a].gbps > demands[b].gbps;
    });
    std::vector<bool> keep(demands.size(), false);
    double kept = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
    {
        if (k > 0 && kept >= share * total)
        {
            break;
        }
        keep[order[k]] = true;
        kept += demands[order[k]].gbps;
    }
    std::vector<Demand> out;
    for (std::size_t i = 0; i < demands.size(); ++i)
    {
        if (keep[i])
        {
            out.push_back(demands[i]);
        }
    }
    ScaleTo(out, total);
    NS_LOG_INFO("kept " << out.size() << " of " << demands.size() << " demands");
    return out;
}

} // namespace ns3
