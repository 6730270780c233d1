/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCALE_UP_DOMAIN_H
#define SCALE_UP_DOMAIN_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ns3
{

class CollectiveSchedule;

/**
 * \ingroup optical
 * \brief The scale-up domain of one server: an NVLink-like non-blocking switch between its
 * GPUs, separate from their scale-out NICs.
 *
 * Each GPU has one port of \c Bandwidth in each direction. A message from GPU a to GPU b
 * occupies a's egress and b's ingress for bytes / Bandwidth (first come, first served, with
 * no interference between other pairs) and arrives \c Latency after its last byte left.
 */
class ScaleUpDomain : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    ScaleUpDomain();

    /**
     * \param [in] gpus Number of GPUs in the server
     */
    void SetNGpus(uint32_t gpus);

    /// \return the number of GPUs
    uint32_t GetNGpus() const;

    /**
     * \brief Moves a message between two GPUs of this server.
     * \param [in] from Sending GPU (local index)
     * \param [in] to Receiving GPU (local index)
     * \param [in] bytes Message size
     * \param [in] delivered Called when the message has arrived
     */
    void Transfer(uint32_t from, uint32_t to, uint64_t bytes, std::function<void()> delivered);

    /// \return the bytes moved so far
    uint64_t GetBytesMoved() const;

    /// \return the \c Analytic attribute: collectives inside the domain timed in one step
    bool IsAnalytic() const;

    /**
     * \brief Runs a whole schedule whose ranks are all GPUs of this server, timed by the same
     * port model as Transfer() without one event per transfer: transfers are taken in the
     * order they become ready (their dependencies delivered), each waits for its sender's
     * egress and its receiver's ingress, and the ports are reserved as Transfer() would have.
     * One event calls \p done when the last transfer is delivered. The only difference from
     * transfer-by-transfer execution: a transfer that another user of these ports requests
     * while the schedule runs queues behind the schedule's later transfers too. When the
     * ports are idle the result depends only on the schedule, and is remembered.
     * \param [in] schedule The transfers, on group ranks
     * \param [in] locals GPU index of each group rank (distinct)
     * \param [in] done Called when the last transfer has arrived
     */
    void RunSchedule(const std::shared_ptr<const CollectiveSchedule>& schedule,
                     const std::vector<uint32_t>& locals,
                     std::function<void()> done);

    /// \return schedules timed by RunSchedule() so far
    uint64_t GetSchedulesRun() const;

  private:
    /**
     * \brief Reserves a transfer on the sender's egress and the receiver's ingress, first come
     * first served, from \p ready on.
     * \return when the transfer is delivered
     */
    Time Reserve(uint32_t from, uint32_t to, uint64_t bytes, Time ready);

    DataRate m_bandwidth;            //!< Per-GPU, per-direction bandwidth
    Time m_latency;                  //!< Latency of a transfer
    std::vector<Time> m_egressFree;  //!< When each GPU's egress is next free
    std::vector<Time> m_ingressFree; //!< When each GPU's ingress is next free
    uint64_t m_bytesMoved{0};        //!< Bytes moved
    bool m_analytic{true};           //!< Time whole schedules at once

    /// RunSchedule()'s result for a schedule started on idle ports, relative to its start.
    struct Timing
    {
        std::shared_ptr<const CollectiveSchedule> schedule; //!< Keeps the key alive
        Time duration;                                      //!< Until the last delivery
        std::vector<Time> egress;                           //!< Egress busy until, per rank
        std::vector<Time> ingress;                          //!< Ingress busy until, per rank
        uint64_t bytes{0};                                  //!< Bytes moved
    };

    std::unordered_map<const CollectiveSchedule*, Timing> m_timings; //!< Remembered timings
    uint64_t m_schedulesRun{0};                                      //!< RunSchedule() calls
};

} // namespace ns3

#endif /* SCALE_UP_DOMAIN_H */
