/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_ALGORITHMS_H
#define COLLECTIVE_ALGORITHMS_H

#include "ns3/collective-schedule.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a collective is asked to do.
 */
struct CollectiveSpec
{
    std::string kind;      //!< allreduce, reducescatter, allgather, alltoall, broadcast, sendrecv
    std::string algorithm; //!< ring, tree, hd, direct, hierarchical (see CollectiveAlgorithms)
    uint32_t nRanks{2};    //!< Group size
    uint64_t bytes{0};     //!< Message size S (bytes): the full buffer (see the class doc)
    uint32_t chunks{1};    //!< Pipelining: each transfer is split into this many chunks
    uint32_t ranksPerServer{
        1};           //!< Hierarchical algorithms: GPUs per server (rank = server x G + g)
    uint32_t root{0}; //!< Broadcast root; sendrecv source (destination: root + 1)
};

/**
 * \ingroup optical
 * \brief The collective algorithms: each builds a CollectiveSchedule.
 *
 * Sizes follow NCCL's conventions: S is the all-reduce buffer, the all-gather output and the
 * reduce-scatter input (each rank owns S/N), the all-to-all send buffer (S/N to each rank),
 * and the broadcast or send/receive message.
 *
 * | kind          | algorithms                          |
 * |---------------|-------------------------------------|
 * | allreduce     | ring, tree (double binary tree), hd (recursive halving-doubling), hierarchical
 * | | reducescatter | ring                                | | allgather     | ring | | alltoall |
 * direct (pairwise)                   | | broadcast     | ring (pipelined chain), tree (binomial) |
 * | sendrecv      | direct                              |
 */
class CollectiveAlgorithms
{
  public:
    /**
     * \brief Builds the schedule of a collective.
     * \param [in] spec What to build
     * \param [out] schedule The schedule (unchanged on failure)
     * \param [out] error What is wrong with \p spec, naming the bad value and what is allowed
     * \return true on success
     */
    static bool Build(const CollectiveSpec& spec, CollectiveSchedule& schedule, std::string& error);

    /// \return every (kind, algorithm) pair Build accepts
    static std::vector<std::pair<std::string, std::string>> GetSupported();

    /**
     * \brief The alpha-beta completion time of a collective on N hosts behind one
     * non-blocking switch, each with a link of bandwidth B (the reference notes' formulas).
     *
     * alpha is the latency of one dependent step (a message's first byte from sender to
     * receiver), B the goodput of a host's link:
     * - allreduce/ring: 2(N-1) alpha + 2(N-1)/N S/B;
     * - allreduce/hd (N a power of 2): 2 log2(N) alpha + 2(N-1)/N S/B;
     * - reducescatter/ring, allgather/ring: (N-1) alpha + (N-1)/N S/B;
     * - alltoall/direct: alpha + (N-1)/N S/B (all N-1 sends start at once);
     * - sendrecv/direct: alpha + S/B.
     * \param [in] kind Collective kind
     * \param [in] algorithm Algorithm
     * \param [in] nRanks Group size N
     * \param [in] bytes Message size S (bytes, NCCL conventions)
     * \param [in] bytesPerSecond Link goodput B (bytes/s)
     * \param [in] alpha Latency of one step (s)
     * \return the time (s); NaN for other pairs (no formula) or arguments out of range (N < 2,
     * B <= 0, S or alpha negative)
     */
    static double AlphaBetaTime(const std::string& kind,
                                const std::string& algorithm,
                                uint32_t nRanks,
                                double bytes,
                                double bytesPerSecond,
                                double alpha);
};

} // namespace ns3

#endif /* COLLECTIVE_ALGORITHMS_H */
