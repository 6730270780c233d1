/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HPCC_CONGESTION_CONTROL_H
#define HPCC_CONGESTION_CONTROL_H

#include "rdma-congestion-control.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief HPCC (Li et al., SIGCOMM'19): a window from in-band telemetry, aiming at a link
 * utilization of TargetUtilization (eta) with near-empty queues.
 *
 * Every ACK echoes the INT records of the switches' egress ports its data packet crossed. Per
 * hop i, from two consecutive records: the transmit rate txRate_i (bytes sent over the time
 * between them), the queue q_i (the smaller of the two) and the line rate B_i give
 * u_i = q_i / (B_i T) + txRate_i / B_i, T the base round trip; the utilization U is an EWMA of
 * max_i u_i with weight tau / T (tau the time between the records, at most T). Then, with Wc the
 * reference window updated once per round trip (the first ACK beyond the PSN sent when it was
 * last updated):
 * - if U >= eta or the increase stage reached MaxStage: W = Wc / (U / eta) + W_AI, the stage
 *   restarts;
 * - else W = Wc + W_AI, the stage grows (multiplicative increase after MaxStage stages; 0: none).
 * W_AI = RateAi x T. The rate is W / T; the window W (with WindowEnabled).
 *
 * Defaults follow HPCC's shipped configuration (eta 0.95, maxStage 0, RateAi 50 Mb/s).
 */
class HpccCongestionControl : public RdmaCongestionControl
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    HpccCongestionControl();
    ~HpccCongestionControl() override;

    void Init(RdmaQpControl& qp) override;
    void OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked) override;
    void OnSent(RdmaQpControl& qp, uint32_t bytes) override;
    bool NeedsInt() const override;
    bool Check(std::string& error) const override;

    /// \return the utilization estimate U
    double GetUtilization() const;

  private:
    double m_eta;        //!< TargetUtilization
    uint32_t m_maxStage; //!< MaxStage
    DataRate m_rai;      //!< RateAi
    bool m_window;       //!< WindowEnabled

    std::vector<RoceIntHop> m_last; //!< Previous INT records
    double m_u{1.0};                //!< Utilization estimate
    double m_wc{0};                 //!< Reference window (bytes)
    uint32_t m_stage{0};            //!< Increase stage
    uint32_t m_sentPsn{0};          //!< Packets sent so far
    uint32_t m_updatePsn{0};        //!< Wc is updated by the first ACK beyond this
};

} // namespace ns3

#endif /* HPCC_CONGESTION_CONTROL_H */
