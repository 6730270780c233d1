/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_SCHEDULE_H
#define COLLECTIVE_SCHEDULE_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One transfer of a collective: \c bytes from rank \c src to rank \c dst, which may
 * start once every transfer in \c deps has been delivered.
 */
struct CollectiveOp
{
    uint32_t src;               //!< Sending rank (0..N-1 within the group)
    uint32_t dst;               //!< Receiving rank
    uint64_t bytes;             //!< Bytes moved
    std::vector<uint32_t> deps; //!< Indices of earlier ops that must be delivered first
};

/**
 * \ingroup optical
 * \brief A collective as a schedule of sends with dependencies, independent of any transport.
 *
 * Built once by an algorithm (see CollectiveAlgorithms) and executed by a Collective over a
 * CollectiveTransport. Ops are stored in a topological order: an op depends only on ops that
 * come before it. Adding an algorithm means adding a function that builds a schedule.
 */
class CollectiveSchedule
{
  public:
    /**
     * \param [in] kind Collective kind (e.g. "allreduce")
     * \param [in] algorithm Algorithm name (e.g. "ring")
     * \param [in] nRanks Group size
     * \param [in] bytes Message size S the collective is defined on (bytes)
     */
    CollectiveSchedule(const std::string& kind,
                       const std::string& algorithm,
                       uint32_t nRanks,
                       uint64_t bytes);

    /**
     * \brief Appends an op.
     * \param [in] src Sending rank
     * \param [in] dst Receiving rank
     * \param [in] bytes Bytes moved
     * \param [in] deps Ops that must be delivered first (indices of earlier ops)
     * \return the op's index
     */
    uint32_t AddOp(uint32_t src, uint32_t dst, uint64_t bytes, std::vector<uint32_t> deps = {});

    /**
     * \brief Appends another schedule after this one, rank by rank: an op of \p sub that
     * \p rankMap sends from rank r waits for every op of this schedule that r sent or received.
     * \param [in] sub The schedule to append (its ranks 0..n-1)
     * \param [in] rankMap Rank of this schedule for each rank of \p sub
     */
    void AppendSequential(const CollectiveSchedule& sub, const std::vector<uint32_t>& rankMap);

    /**
     * \brief Removes the ops that move no bytes, keeping the order they imposed: an op that
     * waited for a removed op waits for what the removed op waited for instead.
     *
     * An algorithm splits S into N segments (and each into chunks); with S smaller than N
     * some are empty. A transfer of 0 bytes would be a pure synchronisation: its dependents
     * may start as soon as its own dependencies are delivered, which is what the rewired
     * schedule says, without sending anything.
     * \return the number of ops removed
     */
    uint32_t RemoveEmptyOps();

    /// \return the ops
    const std::vector<CollectiveOp>& GetOps() const;

    /// \return the number of ranks
    uint32_t GetNRanks() const;

    /// \return the collective's message size S (bytes)
    uint64_t GetBytes() const;

    /// \return the kind
    const std::string& GetKind() const;

    /// \return the algorithm
    const std::string& GetAlgorithm() const;

    /**
     * \param [in] rank A rank
     * \return the bytes that \p rank sends in total
     */
    uint64_t GetBytesSentBy(uint32_t rank) const;

    /// \return the bytes moved by all ops
    uint64_t GetTotalBytes() const;

    /// \return an empty string if ranks are in range, no op sends to itself and every
    /// dependency points to an earlier op; otherwise what is wrong
    std::string Validate() const;

    /**
     * \brief NCCL's bus-bandwidth factor of this collective for N ranks: busbw = S/T x factor.
     * \return 2(N-1)/N for all-reduce; (N-1)/N for all-gather, reduce-scatter, all-to-all; 1
     * otherwise
     */
    double GetBusBandwidthFactor() const;

    /**
     * \brief The ops waiting on each op (the inverse of the dependencies), built on first use
     * and kept: every collective that runs this schedule shares them.
     * \return for each op, the ops that depend on it
     */
    const std::vector<std::vector<uint32_t>>& GetDependents() const;

  private:
    std::string m_kind;                                      //!< Kind
    std::string m_algorithm;                                 //!< Algorithm
    uint32_t m_nRanks;                                       //!< Group size
    uint64_t m_bytes;                                        //!< Message size S
    std::vector<CollectiveOp> m_ops;                         //!< Ops in topological order
    mutable std::vector<std::vector<uint32_t>> m_dependents; //!< Inverse dependencies (cache)
    mutable bool m_dependentsValid{false};                   //!< m_dependents is up to date
};

} // namespace ns3

#endif /* COLLECTIVE_SCHEDULE_H */
