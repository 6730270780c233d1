/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_TRAFFIC_LEDGER_H
#define OCS_TRAFFIC_LEDGER_H

#include "ns3/application-container.h"
#include "ns3/net-device-container.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class Address;
class QueueDiscItem;

/**
 * \ingroup optical
 * \brief The packet ledger of a study on circuit switches: packets the senders handed to their
 * sockets (the applications' \c Tx trace), packets the sinks received (\c Rx), frames the
 * hosts' device queues and root queue discs dropped (their \c Drop traces), and frames the
 * switches dropped (OpticalCircuitSwitch counters). Conservation: sent = delivered + dropped,
 * once the network has drained.
 *
 * \code
 *   OcsTrafficLedger ledger;
 *   ledger.AddSenders(senders);   // e.g. OnOffApplication
 *   ledger.AddSinks(sinks);       // PacketSink
 *   ledger.AddDevices(nics);      // after InternetStackHelper::Install (its queue discs)
 *   ledger.AddSwitch(ocs);
 *   Simulator::Run();
 *   ledger.Conserves();
 * \endcode
 *
 * Sent and delivered count packets of one size each only if every packet is sent whole (UDP
 * datagrams below the MTU, as in the examples). The ledger must outlive the run.
 */
class OcsTrafficLedger
{
  public:
    /// \param [in] senders Applications with a Tx trace (Ptr<const Packet>)
    void AddSenders(const ApplicationContainer& senders);

    /// \param [in] sinks Applications with an Rx trace (Ptr<const Packet>, const Address&)
    void AddSinks(const ApplicationContainer& sinks);

    /**
     * \brief Counts the drops of each OcsNetDevice's transmit queue and of the root queue disc
     * of its node on it (if any: install the Internet stack first).
     * \param [in] devices Hosts' devices (OcsNetDevice)
     */
    void AddDevices(const NetDeviceContainer& devices);

    /// \param [in] ocs A switch whose drops count (read when asked)
    void AddSwitch(Ptr<OpticalCircuitSwitch> ocs);

    /// \return packets sent
    uint64_t GetSent() const;

    /// \return packets delivered
    uint64_t GetDelivered() const;

    /// \return frames dropped by device queues and queue discs
    uint64_t GetQueueDrops() const;

    /// \return frames dropped by the switches (now)
    uint64_t GetSwitchDrops() const;

    /// \return GetQueueDrops() + GetSwitchDrops()
    uint64_t GetDropped() const;

    /// \return true if sent = delivered + dropped
    bool Conserves() const;

  private:
    /// Trace sink: a packet sent.
    void Sent(Ptr<const Packet> packet);
    /// Trace sink: a packet delivered.
    void Delivered(Ptr<const Packet> packet, const Address& from);
    /// Trace sink: a frame dropped by a device queue.
    void QueueDropped(Ptr<const Packet> packet);
    /// Trace sink: a packet dropped by a queue disc.
    void QueueDiscDropped(Ptr<const QueueDiscItem> item);

    uint64_t m_sent{0};                                //!< Sent
    uint64_t m_delivered{0};                           //!< Delivered
    uint64_t m_queueDrops{0};                          //!< Queue and queue-disc drops
    std::vector<Ptr<OpticalCircuitSwitch>> m_switches; //!< Switches
};

} // namespace ns3

#endif /* OCS_TRAFFIC_LEDGER_H */
