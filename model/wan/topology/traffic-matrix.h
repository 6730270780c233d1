/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAFFIC_MATRIX_H
#define TRAFFIC_MATRIX_H

#include "wan-topology.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Site-to-site traffic demands of a WAN (WanTopology): gravity, uniform and bimodal
 * matrices, each scaled to a total volume.
 *
 * A matrix is a list of demands, one per ordered pair of different sites (n (n - 1) of
 * them), source-major: (0,1), (0,2), ..., (1,0), (1,2), ... A topology of fewer than two
 * sites has no demands.
 */
class TrafficMatrix
{
  public:
    /// The demand of one ordered pair of sites.
    struct Demand
    {
        uint32_t src{0}; //!< Source site index
        uint32_t dst{0}; //!< Destination site index
        double gbps{0};  //!< Volume (Gb/s)
    };

    /// Mean of a large bimodal demand over the mean of a small one.
    static constexpr double BIMODAL_MEAN_RATIO = 10.0;
    /// Relative spread of bimodal demands: uniform in mean x (1 +- this).
    static constexpr double BIMODAL_SPREAD = 0.5;
    /// Share of large pairs that Make() uses for "bimodal" without a ":FRACTION".
    static constexpr double DEFAULT_LARGE_FRACTION = 0.2;

    /**
     * \brief The gravity model: demand(s, d) proportional to weight_s x weight_d.
     * \param [in] topo The topology (site weights)
     * \param [in] totalGbps Total volume (Gb/s)
     * \return the demands, summing to \p totalGbps
     */
    static std::vector<Demand> Gravity(const WanTopology& topo, double totalGbps);

    /**
     * \brief Every ordered pair gets totalGbps / (n (n - 1)).
     * \param [in] topo The topology
     * \param [in] totalGbps Total volume (Gb/s)
     * \return the demands
     */
    static std::vector<Demand> Uniform(const WanTopology& topo, double totalGbps);

    /**
     * \brief A bimodal matrix: a few large pairs among many small ones.
     *
     * For each ordered pair, in order: a draw u decides it is large (u < largeFraction);
     * a second draw gives its raw volume, uniform in m x [1 - BIMODAL_SPREAD, 1 +
     * BIMODAL_SPREAD] with m = BIMODAL_MEAN_RATIO for a large pair and 1 for a small one
     * (so large pairs are 5 to 15, small ones 0.5 to 1.5). The raw volumes are then scaled
     * to \p totalGbps. Two draws per pair from \p rng.
     * \param [in] topo The topology
     * \param [in] totalGbps Total volume (Gb/s)
     * \param [in] largeFraction Probability that a pair is large (0 to 1; aborts otherwise)
     * \param [in] rng The random stream (aborts if null)
     * \return the demands
     */
    static std::vector<Demand> Bimodal(const WanTopology& topo,
                                       double totalGbps,
                                       double largeFraction,
                                       Ptr<UniformRandomVariable> rng);

    /**
     * \brief A matrix by name.
     * \param [in] kind "gravity", "uniform", "bimodal" (DEFAULT_LARGE_FRACTION large pairs)
     * or "bimodal:F" (a share F of large pairs, 0 to 1)
     * \param [in] topo The topology (at least 2 sites)
     * \param [in] totalGbps Total volume (Gb/s, finite, >= 0)
     * \param [in] rng The random stream (needed by "bimodal" only)
     * \param [out] out The demands (unchanged on failure)
     * \param [out] error On failure: the bad kind or value and what is allowed
     * \return true on success
     */
    static bool Make(const std::string& kind,
                     const WanTopology& topo,
                     double totalGbps,
                     Ptr<UniformRandomVariable> rng,
                     std::vector<Demand>& out,
                     std::string& error);

    /**
     * \brief A matrix by name over nodes given by their gravity weights (for graphs without
     * sites, such as TeTopology: weights are then the nodes' capacities).
     * \param [in] kind As for Make() over a WanTopology
     * \param [in] weights Per node, finite and > 0 (gravity only); at least 2 nodes
     * \param [in] totalGbps Total volume (Gb/s, finite, >= 0)
     * \param [in] rng The random stream (needed by "bimodal" only)
     * \param [out] out The demands, source-major (unchanged on failure)
     * \param [out] error On failure: the bad kind or value and what is allowed
     * \return true on success
     */
    static bool Make(const std::string& kind,
                     const std::vector<double>& weights,
                     double totalGbps,
                     Ptr<UniformRandomVariable> rng,
                     std::vector<Demand>& out,
                     std::string& error);

    /// A diurnal shape with noise, for a series of matrices (TE every interval).
    struct DiurnalShape
    {
        Time period{Hours(24)}; //!< Period of the daily cycle
        Time peak{Hours(14)};   //!< Time of day of the peak
        double amplitude{0.3};  //!< Relative swing: the volume is mean x (1 + amplitude cos)
        double noise{0.1};      //!< Relative standard deviation of each pair's noise
    };

    /**
     * \brief A series of matrices: interval k (at time start + k x interval) scales every
     * pair of \p base by 1 + amplitude cos(2 pi (t - peak) / period) and by its own noise
     * factor max(0, 1 + noise x N(0, 1)) (one normal draw per pair per interval, in order).
     * \param [in] base The mean matrix
     * \param [in] intervals How many matrices
     * \param [in] interval Time between them (> 0)
     * \param [in] start Time of the first
     * \param [in] shape The shape (amplitude in [0, 1], noise >= 0)
     * \param [in] rng The normal stream (mean 0, variance 1; may be null when noise is 0)
     * \return the matrices
     */
    /**
     * \brief The deterministic part of the diurnal shape at a time: 1 + amplitude
     * cos(2 pi (t - peak) / period).
     * \param [in] shape The shape
     * \param [in] t The time
     * \return the factor on the mean volume
     */
    static double DiurnalFactor(const DiurnalShape& shape, Time t);

    static std::vector<std::vector<Demand>> Diurnal(const std::vector<Demand>& base,
                                                    uint32_t intervals,
                                                    Time interval,
                                                    Time start,
                                                    const DiurnalShape& shape,
                                                    Ptr<NormalRandomVariable> rng);

    /**
     * \brief Keeps the largest demands that together carry \p share of the volume, rescaled
     * to the same total (for very large matrices).
     *
     * Demands are taken largest first (ties in list order) until their sum reaches share x
     * total; at least one is kept. The kept demands stay in their original order.
     * \param [in] demands The demands
     * \param [in] share Share of the volume to keep (>= 1 keeps all)
     * \return the kept demands, summing to Total(demands)
     */
    static std::vector<Demand> Largest(const std::vector<Demand>& demands, double share);

    /**
     * \param [in] demands Demands
     * \return their total volume (Gb/s; compensated summation)
     */
    static double Total(const std::vector<Demand>& demands);

    /**
     * \brief The kinds Make() knows.
     * \return "gravity", "uniform", "bimodal"
     */
    static std::vector<std::string> GetKinds();
};

} // namespace ns3

#endif /* TRAFFIC_MATRIX_H */
