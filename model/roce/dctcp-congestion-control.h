/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DCTCP_CONGESTION_CONTROL_H
#define DCTCP_CONGESTION_CONTROL_H

#include "rdma-congestion-control.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief DCTCP's law (Alizadeh et al., SIGCOMM'10) on a RoCE queue pair's rate, as HPCC's
 * simulator runs it: the receiver echoes CE marks in its ACKs (RoceHeader::GetEcnEcho), and once
 * per window (the first ACK beyond the packets sent when the window began) the sender updates
 * alpha <- (1 - G) alpha + G F, F the fraction of the window's ACKs that echoed a mark; a window
 * with a mark cuts the rate by a factor 1 - alpha / 2, a window without one adds RateAi. The
 * rate stays within [MinRate, line rate]. Defaults: G 1/16 (the DCTCP paper), InitialAlpha 1
 * (Linux's), RateAi 1 Gb/s (HPCC's DctcpRateAI), MinRate 100 Mb/s.
 */
class DctcpCongestionControl : public RdmaCongestionControl
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DctcpCongestionControl();
    ~DctcpCongestionControl() override;

    void Init(RdmaQpControl& qp) override;
    void OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked) override;
    void OnSent(RdmaQpControl& qp, uint32_t bytes) override;
    bool Check(std::string& error) const override;

    /// \return alpha
    double GetAlpha() const;

  private:
    double m_g;         //!< G
    DataRate m_rai;     //!< RateAi
    DataRate m_minRate; //!< MinRate

    double m_alpha{1};       //!< Estimate of the marked fraction (InitialAlpha)
    uint32_t m_sent{0};      //!< Packets sent so far
    uint32_t m_windowEnd{0}; //!< The window ends at the first ACK beyond this PSN
    uint32_t m_acks{0};      //!< ACKs in the window
    uint32_t m_marked{0};    //!< Of these, echoing a mark
};

} // namespace ns3

#endif /* DCTCP_CONGESTION_CONTROL_H */
