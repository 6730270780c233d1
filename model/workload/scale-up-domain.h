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
#include <vector>

namespace ns3
{

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

  private:
    DataRate m_bandwidth;            //!< Per-GPU, per-direction bandwidth
    Time m_latency;                  //!< Latency of a transfer
    std::vector<Time> m_egressFree;  //!< When each GPU's egress is next free
    std::vector<Time> m_ingressFree; //!< When each GPU's ingress is next free
    uint64_t m_bytesMoved{0};        //!< Bytes moved
};

} // namespace ns3

#endif /* SCALE_UP_DOMAIN_H */
