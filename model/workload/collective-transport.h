/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_TRANSPORT_H
#define COLLECTIVE_TRANSPORT_H

#include "ns3/object.h"

#include <cstdint>
#include <functional>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The seam between ML workloads and the network: moves messages between ranks.
 *
 * Workloads (collectives, training jobs) hand messages (source rank, destination rank, bytes)
 * to a transport and are told when each has been delivered whole. The packet-level
 * implementation (TcpCollectiveTransport) uses ns-3's TCP/IP stack; a flow-level one can
 * implement the same interface without any change to the workloads.
 */
class CollectiveTransport : public Object
{
  public:
    /// Called when a message has been delivered whole at its destination.
    using DeliveryCallback = std::function<void()>;

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * \brief Sends a message. Messages between the same two ranks are delivered in order.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Message size (bytes, > 0)
     * \param [in] delivered Called once the whole message has arrived
     */
    virtual void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) = 0;

    /// \return the number of ranks the transport serves
    virtual uint32_t GetNRanks() const = 0;
};

} // namespace ns3

#endif /* COLLECTIVE_TRANSPORT_H */
