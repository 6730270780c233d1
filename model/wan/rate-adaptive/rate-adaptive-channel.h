/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_CHANNEL_H
#define RATE_ADAPTIVE_CHANNEL_H

#include "rate-adaptive-link.h"

#include "ns3/point-to-point-channel.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief The fibre between two RateAdaptiveNetDevices: a PointToPointChannel that follows a
 * RateAdaptiveLink.
 *
 * When the link's rate changes, both devices take the new data rate times CapacityScale (for the
 * frames they start after); when the link goes down or up, both devices are told. A frame that
 * starts while the link is down is lost (the device's PhyTxDrop and the channel's Lost trace).
 */
class RateAdaptiveChannel : public PointToPointChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RateAdaptiveChannel();

    /**
     * \brief Follows a link (connects to its RateChange, LinkDown and LinkUp).
     * \param [in] link The link
     */
    void SetLink(Ptr<RateAdaptiveLink> link);

    /// \return the link followed
    Ptr<RateAdaptiveLink> GetLink() const;

    /// \return frames lost because they started while the link was down
    uint64_t GetLost() const;

    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override;

  protected:
    void DoDispose() override;

  private:
    /// The link's rate changed.
    void RateChanged(double oldGbps, double newGbps);
    /// The link went down (\param cause why).
    void LinkDown(const std::string& cause);
    /// The link came up.
    void LinkUp();
    /// The link went down or up.
    void StateChanged(bool up);

    Ptr<RateAdaptiveLink> m_link;                  //!< Link followed
    double m_scale{1};                             //!< Device rate per unit of link rate
    uint64_t m_lost{0};                            //!< Frames lost
    TracedCallback<Ptr<const Packet>> m_lostTrace; //!< Lost
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_CHANNEL_H */
