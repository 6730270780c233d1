/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "instant-transport.h"

#include "ns3/abort.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(InstantTransport);

TypeId
InstantTransport::GetTypeId()
{
    static TypeId tid = TypeId("ns3::InstantTransport")
                            .SetParent<CollectiveTransport>()
                            .SetGroupName("Optical")
                            .AddConstructor<InstantTransport>();
    return tid;
}

void
InstantTransport::SetNRanks(uint32_t ranks)
{
    m_ranks = ranks;
}

uint32_t
InstantTransport::GetNRanks() const
{
    return m_ranks;
}

uint64_t
InstantTransport::GetBytesSent() const
{
    return m_bytes;
}

void
InstantTransport::Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(src >= m_ranks || dst >= m_ranks,
                    "InstantTransport: rank " << std::max(src, dst) << " of " << m_ranks);
    m_bytes += bytes;
    CountSent(bytes);
    Ptr<InstantTransport> self(this); // alive until its messages are delivered
    optical::compat::ScheduleNow([self, delivered, bytes]() {
        self->CountDelivered(false, bytes);
        delivered();
    });
}

} // namespace ns3
