/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_DEMAND_DECOMPOSITION_H
#define RDCN_DEMAND_DECOMPOSITION_H

#include "rdcn-schedule.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * A ToR-to-ToR demand matrix: entry [i][j] is what ToR i has for ToR j (bytes, or any
 * non-negative measure). Square, finite, non-negative.
 */
using RdcnDemandMatrix = std::vector<std::vector<double>>;

/**
 * \ingroup optical
 * A permutation of the N ToRs with a weight: perm[i] is the ToR that ToR i reaches. A full
 * permutation may map a ToR to itself (perm[i] == i): that is no circuit.
 */
struct RdcnWeightedMatching
{
    double weight{0};          //!< Weight (BvN: its coefficient; max-weight: bytes it carries)
    std::vector<int32_t> perm; //!< Full permutation of 0..N-1
};

/**
 * \ingroup optical
 * \brief Decompositions of a demand matrix into matchings, and their conversion into the
 * cycle of a time-slotted schedule (traffic-aware RDCNs).
 *
 * Birkhoff-von Neumann (BvN): the demand is stuffed to a matrix whose row and column sums all
 * equal its largest line sum S, which is then a sum of weighted permutation matrices
 * (Birkhoff's theorem). Max-weight per slot (Solstice / c-Through style): each slot gets the
 * permutation that carries the most residual demand. ToMatchings() turns either result into
 * matchings[uplink][slice] with a round-robin base that keeps every pair connected.
 */
class RdcnDemandDecomposition
{
  public:
    /**
     * \brief Checks a demand matrix.
     * \param demand the matrix
     * \return empty when square (at least 2 x 2), finite and non-negative; else the problem,
     *         naming the entry
     */
    static std::string Validate(const RdcnDemandMatrix& demand);

    /**
     * \brief Stuffs a matrix so that every row and column sums to its largest line sum S.
     *
     * Amounts are added to off-diagonal entries first (row by row; row i tries columns i+1,
     * i+2, ... cyclically), to the diagonal only when nothing else is left, so that the
     * stuffing becomes circuits where it can. At most 2N - 1 entries grow.
     * \param demand a valid demand matrix
     * \return the stuffed matrix (>= demand entrywise)
     */
    static RdcnDemandMatrix Stuff(const RdcnDemandMatrix& demand);

    /**
     * \brief Birkhoff-von Neumann decomposition.
     *
     * Stuffs \p demand (Stuff()), then repeatedly finds a perfect matching on the support of
     * the remainder (Boost.Graph's Edmonds maximum cardinality matching, started from the
     * previous matching minus the edges that emptied), takes as its weight its smallest entry
     * and subtracts it, until the remainder is zero. Entries at most \p tolerance times S count
     * as zero. The sum of weight x permutation matrix is the stuffed matrix; the weights sum to
     * S; there are at most N^2 - 2N + 2 matchings.
     * \param demand the demand (Validate())
     * \param matchings set to the weighted permutations, heaviest first
     * \param stuffed set to the stuffed matrix
     * \param error set on failure
     * \param tolerance relative size below which an entry is zero (> 0, < 1e-3)
     * \return true on success (false for an invalid matrix or tolerance)
     */
    static bool BirkhoffVonNeumann(const RdcnDemandMatrix& demand,
                                   std::vector<RdcnWeightedMatching>& matchings,
                                   RdcnDemandMatrix& stuffed,
                                   std::string& error,
                                   double tolerance = 1e-12);

    /**
     * \brief A permutation of maximum total weight (the assignment problem), by the Hungarian
     * algorithm (Kuhn-Munkres with potentials, O(N^3)).
     * \param weight a valid N x N matrix
     * \param total if not null, set to the sum of weight[i][perm[i]]
     * \return the permutation
     */
    static std::vector<int32_t> MaxWeightPermutation(const RdcnDemandMatrix& weight,
                                                     double* total = nullptr);

    /**
     * \brief Max-weight matching per slot: for each of \p slots slots, the permutation of
     * maximum residual demand (diagonal excluded), after which each matched entry drops by
     * what one slot carries, \p bytesPerSlot (not below zero). Stops early when nothing is
     * left. Each result's weight is what its slot carries: sum over i of
     * min(residual[i][perm[i]], bytesPerSlot).
     * \param demand the demand (Validate()), bytes
     * \param slots number of slots to fill
     * \param bytesPerSlot what a circuit carries in one slot (bytes, > 0)
     * \param matchings set to one weighted permutation per slot used, in slot order
     * \param error set on failure
     * \return true on success
     */
    static bool MaxWeightPerSlot(const RdcnDemandMatrix& demand,
                                 uint32_t slots,
                                 double bytesPerSlot,
                                 std::vector<RdcnWeightedMatching>& matchings,
                                 std::string& error);

    /**
     * \brief Largest remainder apportionment of \p total seats by \p weights.
     * \param weights non-negative; all zero gives every seat count 0
     * \param total seats
     * \return seats per weight, summing to \p total (unless every weight is 0); ties go to
     *         the earlier entry
     */
    static std::vector<uint32_t> Apportion(const std::vector<double>& weights, uint32_t total);

    /**
     * \brief Turns weighted permutations into one cycle of a schedule.
     *
     * Every uplink gets B = ceil((N-1)/U) round-robin slices first (RdcnScheduleGenerator::
     * RoundRobin: every pair meets at least once per cycle, so direct routing always works),
     * then \p demandSlices demand slices. The U x demandSlices demand slices are apportioned to
     * the weighted permutations in proportion to weight (Apportion()) and filled uplink by
     * uplink, slice by slice, each permutation's copies next to each other (a repeated
     * matching needs no guard band). Self-loops become NO_PEER. With no weight at all the demand
     * slices repeat the round robin. The cycle has B + demandSlices slices.
     * \param weighted the weighted permutations (full permutations of \p tors)
     * \param tors N (>= 2)
     * \param uplinks U (1 to N-1)
     * \param demandSlices slices per uplink given to demand
     * \param error set on failure
     * \return matchings[uplink][slice], or empty on failure
     */
    static std::vector<std::vector<RdcnMatching>> ToMatchings(
        const std::vector<RdcnWeightedMatching>& weighted,
        uint32_t tors,
        uint32_t uplinks,
        uint32_t demandSlices,
        std::string& error);

    /// \return ceil((tors-1)/uplinks), the round-robin base of ToMatchings (0 if uplinks is 0)
    static uint32_t BaseSlices(uint32_t tors, uint32_t uplinks);
};

} // namespace ns3

#endif /* RDCN_DEMAND_DECOMPOSITION_H */
