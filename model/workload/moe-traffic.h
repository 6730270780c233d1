/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MOE_TRAFFIC_H
#define MOE_TRAFFIC_H

#include "ns3/collective-schedule.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Mixture-of-experts all-to-all traffic in FlashMoE's shape.
 *
 * Each of N GPUs holds T tokens and E/N experts (expert e lives on GPU e mod N). Every token
 * is routed to k distinct experts, uniformly or with Zipf-skewed expert popularity
 * (p_e proportional to 1/(e+1)^s). Expert capacity EC = ceil(T/E) x CF x k, padded to whole
 * tiles of 128 rows.
 *
 * Dispatch: for each (source GPU, remote expert) one transfer of rows x H x bytes plus an
 * 8-byte signal, where rows = min(count, EC) when payload-efficient (only real tokens cross
 * the network) or EC when padded to capacity; an expert that got no token gets only the
 * signal. Combine: the processed rows come back in tiles of at most 128 rows.
 */
class MoeTraffic : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    MoeTraffic();

    /// \return the padded expert capacity EC (rows)
    uint64_t GetCapacity() const;

    /**
     * \brief Draws the routing of one layer: tokens per (source GPU, expert).
     * \param [in] gpus Number of GPUs N
     * \return counts[src][expert]
     */
    std::vector<std::vector<uint64_t>> Route(uint32_t gpus);

    /**
     * \brief The dispatch schedule for given routing.
     * \param [in] counts counts[src][expert]
     * \return the schedule (kind "moe-dispatch")
     */
    CollectiveSchedule BuildDispatch(const std::vector<std::vector<uint64_t>>& counts) const;

    /**
     * \brief The combine schedule for given routing.
     * \param [in] counts counts[src][expert]
     * \return the schedule (kind "moe-combine")
     */
    CollectiveSchedule BuildCombine(const std::vector<std::vector<uint64_t>>& counts) const;

    /**
     * \brief Assigns a fixed random stream to the routing.
     * \param [in] stream First stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    uint64_t Rows(uint64_t count) const;

    uint64_t m_tokens;                //!< Tokens per GPU T
    uint32_t m_experts;               //!< Experts E
    uint32_t m_topK;                  //!< Experts per token k
    double m_capacityFactor;          //!< Capacity factor CF
    uint64_t m_hidden;                //!< Hidden size H
    uint32_t m_bytesPerElement;       //!< Bytes per element
    double m_zipf;                    //!< Zipf exponent s (0: uniform)
    bool m_payloadEfficient;          //!< Only real tokens cross the network
    uint32_t m_tile;                  //!< Rows per tile
    uint32_t m_signalBytes;           //!< Signal per (source, expert)
    Ptr<UniformRandomVariable> m_rng; //!< Routing draws
};

} // namespace ns3

#endif /* MOE_TRAFFIC_H */
