/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TIMELY_CONGESTION_CONTROL_H
#define TIMELY_CONGESTION_CONTROL_H

#include "rdma-congestion-control.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief TIMELY (Mittal et al., SIGCOMM'15): a rate set from the round trips the NIC measures
 * (RdmaQpControl::rtt, one per ACK), with no help from the switches.
 *
 * Each ACK with a round trip r (an ACK of a packet that may have been sent twice has none and
 * changes nothing): below TLow the rate grows by RateAi; above THigh it is cut by
 * Beta (1 - THigh / r); between them the gradient g = d / MinRtt decides, where d is the
 * moving average d <- (1 - Alpha) d + Alpha (r - r_prev) of the change between successive
 * round trips: g <= 0 adds RateAi, or 5 RateAi from the fifth such ACK in a row (hyper-active
 * increase), and g > 0 cuts the rate by a factor 1 - Beta g. The rate stays within [MinRate,
 * line rate]. Defaults are HPCC's simulator's (attribute defaults and mix/config.txt agree):
 * Alpha 0.875, Beta 0.8, TLow 50 us, THigh 500 us, MinRtt 20 us; RateAi is its shared 50 Mb/s.
 */
class TimelyCongestionControl : public RdmaCongestionControl
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TimelyCongestionControl();
    ~TimelyCongestionControl() override;

    void Init(RdmaQpControl& qp) override;
    void OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked) override;
    bool NeedsRtt() const override;
    bool Check(std::string& error) const override;

    /// \return the moving average of the round-trip change d (s)
    double GetRttDiff() const;

  private:
    double m_alpha;     //!< Alpha
    double m_beta;      //!< Beta
    Time m_tLow;        //!< TLow
    Time m_tHigh;       //!< THigh
    Time m_minRtt;      //!< MinRtt
    DataRate m_rai;     //!< RateAi
    DataRate m_minRate; //!< MinRate

    double m_prevRtt{-1};   //!< Previous round trip (s; negative: none yet)
    double m_rttDiff{0};    //!< Moving average of the change (s)
    uint32_t m_negative{0}; //!< ACKs in a row with a gradient <= 0
};

} // namespace ns3

#endif /* TIMELY_CONGESTION_CONTROL_H */
