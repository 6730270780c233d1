/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_ALGORITHMS_H
#define COLLECTIVE_ALGORITHMS_H

#include "ns3/collective-kind.h"
#include "ns3/collective-schedule.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a collective is asked to do, by named fields.
 *
 * \code
 *   CollectiveSpec spec;                           // a ring all-reduce of 2 ranks by default
 *   spec.kind = CollectiveKind::ALLTOALL;
 *   spec.algorithm = CollectiveAlgorithm::DIRECT;
 *   spec.nRanks = 8;
 *   spec.bytes = 64 << 20;
 *   // or, in one expression:
 *   auto ar = CollectiveSpec::Of(CollectiveKind::ALLREDUCE, 8, 64 << 20).WithChunks(4);
 * \endcode
 *
 * The positional form of earlier versions, CollectiveSpec{"allreduce", "ring", n, bytes, 1, 1,
 * 0}, still compiles (with a deprecation warning: the names become typed values; an unknown
 * name is refused by CollectiveAlgorithms::Build, naming it).
 */
struct CollectiveSpec
{
    CollectiveKind kind{CollectiveKind::ALLREDUCE};           //!< What to do
    CollectiveAlgorithm algorithm{CollectiveAlgorithm::RING}; //!< How (see CollectiveAlgorithms)
    uint32_t nRanks{2};                                       //!< Group size
    uint64_t bytes{0};          //!< Message size S (bytes): the full buffer (see the class doc)
    uint32_t chunks{1};         //!< Pipelining: each transfer is split into this many chunks
    uint32_t ranksPerServer{1}; //!< Hierarchical algorithms: GPUs per server (rank = server x
                                //!< G + g)
    uint32_t root{0};           //!< Broadcast root; sendrecv source (destination: root + 1)

    /**
     * \brief A collective with the usual algorithm of its kind: ring for all-reduce,
     * reduce-scatter, all-gather and broadcast, direct for all-to-all and send/receive.
     * \param [in] kind What to do
     * \param [in] nRanks Group size
     * \param [in] bytes Message size S (bytes, NCCL's conventions)
     * \return the spec (chunks 1, one GPU per server, root 0)
     */
    static CollectiveSpec Of(CollectiveKind kind, uint32_t nRanks, uint64_t bytes);

    /// \param [in] a The algorithm \return this spec with it
    CollectiveSpec& WithAlgorithm(CollectiveAlgorithm a);
    /// \param [in] n Chunks per transfer \return this spec with them
    CollectiveSpec& WithChunks(uint32_t n);
    /// \param [in] g GPUs per server (hierarchical) \return this spec with them
    CollectiveSpec& WithRanksPerServer(uint32_t g);
    /// \param [in] r Root rank \return this spec with it
    CollectiveSpec& WithRoot(uint32_t r);
};

/**
 * \ingroup optical
 * \brief The collective algorithms: each builds a CollectiveSchedule.
 *
 * Sizes follow NCCL's conventions: S is the all-reduce buffer, the all-gather output and the
 * reduce-scatter input (each rank owns S/N), the all-to-all send buffer (S/N to each rank),
 * the broadcast, reduce or send/receive message, the gather output and the scatter input
 * (S/N from or to each rank), and a barrier's messages (at least one byte each).
 *
 * Kinds and their algorithms (CollectiveKind, CollectiveAlgorithm):
 * - ALLREDUCE: RING, TREE (double binary tree), HD (recursive halving-doubling),
 *   HIERARCHICAL;
 * - REDUCESCATTER, ALLGATHER: RING;
 * - ALLTOALL: DIRECT (pairwise);
 * - BROADCAST: RING (pipelined chain), TREE (binomial);
 * - SENDRECV: DIRECT;
 * - REDUCE: RING (pipelined chain into the root), TREE (binomial, the broadcast reversed);
 * - GATHER, SCATTER: DIRECT (every block straight to or from the root);
 * - BARRIER: DIRECT (dissemination: ceil(log2 N) rounds, rank r to r + 2^k).
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
    static std::vector<std::pair<CollectiveKind, CollectiveAlgorithm>> GetSupported();

    /// \param [in] kind A kind \param [in] algorithm An algorithm
    /// \return whether Build accepts the pair
    static bool IsSupported(CollectiveKind kind, CollectiveAlgorithm algorithm);

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
     * - sendrecv/direct: alpha + S/B;
     * - gather/direct, scatter/direct: alpha + (N-1)/N S/B (the root's link);
     * - reduce/ring: (N-1) (alpha + S/B) (one chunk);
     * - reduce/tree: ceil(log2 N) (alpha + S/B);
     * - barrier/direct: ceil(log2 N) (alpha + max(S, 1)/B).
     * \param [in] kind Collective kind
     * \param [in] algorithm Algorithm
     * \param [in] nRanks Group size N
     * \param [in] bytes Message size S (bytes, NCCL conventions)
     * \param [in] bytesPerSecond Link goodput B (bytes/s)
     * \param [in] alpha Latency of one step (s)
     * \return the time (s); NaN for other pairs (no formula) or arguments out of range (N < 2,
     * B <= 0, S or alpha negative)
     */
    static double AlphaBetaTime(CollectiveKind kind,
                                CollectiveAlgorithm algorithm,
                                uint32_t nRanks,
                                double bytes,
                                double bytesPerSecond,
                                double alpha);
};

/**
 * \ingroup optical
 * \brief Schedules built once per (kind, algorithm, group size, bytes): a job runs the same
 * few collectives many times (TrainingJob, GraphExecutor).
 */
class CollectiveScheduleCache
{
  public:
    /**
     * \brief The schedule of a collective, built and validated on first use.
     * \param [in] kind Kind
     * \param [in] algorithm Algorithm
     * \param [in] nRanks Group size
     * \param [in] bytes Size (CollectiveSpec's meaning)
     * \param [in] who Who asks, for the message if the algorithm refuses (the run aborts)
     * \return the schedule
     */
    std::shared_ptr<const CollectiveSchedule> Get(CollectiveKind kind,
                                                  CollectiveAlgorithm algorithm,
                                                  uint32_t nRanks,
                                                  uint64_t bytes,
                                                  const std::string& who);

  private:
    /// Key: kind, algorithm, group size, bytes.
    using Key = std::tuple<CollectiveKind::Value, CollectiveAlgorithm::Value, uint32_t, uint64_t>;
    std::map<Key, std::shared_ptr<const CollectiveSchedule>> m_schedules; //!< Built so far
};

} // namespace ns3

#endif /* COLLECTIVE_ALGORITHMS_H */
