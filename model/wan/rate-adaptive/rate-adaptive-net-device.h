/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_NET_DEVICE_H
#define RATE_ADAPTIVE_NET_DEVICE_H

#include "ns3/point-to-point-net-device.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief The line card at one end of a rate-adaptive optical link: a PointToPointNetDevice
 * whose data rate and link state its RateAdaptiveChannel sets.
 *
 * While the link is down, Send drops frames (MacTxDrop and LinkDownDrop) and the frames waiting
 * in the queue are dropped when the link goes down. IsLinkUp reports the link's state and link
 * change callbacks are called on every change.
 */
class RateAdaptiveNetDevice : public PointToPointNetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RateAdaptiveNetDevice();

    /**
     * \brief Sets the link state (called by the channel).
     * \param [in] up True if the link carries traffic
     */
    void SetLinkState(bool up);

    /// \return frames dropped because the link was down (at Send or from the queue)
    uint64_t GetLinkDownDrops() const;

    // NetDevice
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;

  private:
    bool m_up{true};                              //!< Link state
    uint64_t m_linkDownDrops{0};                  //!< Frames dropped while down
    TracedCallback<> m_linkChange;                //!< Link change callbacks
    TracedCallback<Ptr<const Packet>> m_downDrop; //!< LinkDownDrop
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_NET_DEVICE_H */
