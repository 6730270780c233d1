/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INSTANT_TRANSPORT_H
#define INSTANT_TRANSPORT_H

#include "collective-transport.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief A transport of infinite bandwidth and zero latency: every message is delivered at
 * once. It isolates compute and pipeline effects (communication at zero cost) and is the
 * reference that workload tests compare with.
 */
class InstantTransport : public CollectiveTransport
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * \param [in] ranks Number of ranks
     */
    void SetNRanks(uint32_t ranks);

    // CollectiveTransport
    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override;
    uint32_t GetNRanks() const override;

    /// \return bytes "sent" so far
    uint64_t GetBytesSent() const;

  private:
    uint32_t m_ranks{0}; //!< Ranks
    uint64_t m_bytes{0}; //!< Bytes sent
};

} // namespace ns3

#endif /* INSTANT_TRANSPORT_H */
