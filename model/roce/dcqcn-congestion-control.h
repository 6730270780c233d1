/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DCQCN_CONGESTION_CONTROL_H
#define DCQCN_CONGESTION_CONTROL_H

#include "rdma-congestion-control.h"

#include "ns3/event-id.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief DCQCN (Zhu et al., SIGCOMM'15) at the sender (the reaction point), as NICs implement
 * it and HPCC's simulator models it: congestion notification packets (CNPs) cut the rate, a
 * timer (and optionally a byte counter) raises it back.
 *
 * - alpha, the estimate of congestion, is updated every AlphaResumeInterval: (1 - g) alpha + g
 *   if a CNP arrived in the interval, else (1 - g) alpha (computed when needed: no event per
 *   interval);
 * - at most once per RateDecreaseInterval, if a CNP arrived: target Rt = Rc, current
 *   Rc = max(MinRate, Rc (1 - alpha / 2)); the increase stages restart;
 * - every RateIncreaseTimer after a cut (and every ByteCounter bytes sent, if set): an increase
 *   event. With fewer than FastRecoveryStages events of both kinds since the cut, fast recovery
 *   Rc = (Rt + Rc) / 2; when both counts reach it, hyper increase Rt += RateHai; otherwise
 *   additive increase Rt += RateAi; then Rc = (Rt + Rc) / 2, both at most the line rate.
 *
 * Defaults follow HPCC's shipped configuration (mix/config.txt and run.py), which its paper's
 * DCQCN runs used, not its attribute defaults; doc/optical.rst has the table.
 */
class DcqcnCongestionControl : public RdmaCongestionControl
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DcqcnCongestionControl();
    ~DcqcnCongestionControl() override;

    void Init(RdmaQpControl& qp) override;
    void OnCnp(RdmaQpControl& qp) override;
    void OnSent(RdmaQpControl& qp, uint32_t bytes) override;
    bool NeedsCnp() const override;
    bool Check(std::string& error) const override;

    /// \return alpha now
    double GetAlpha();
    /// \return the target rate Rt
    DataRate GetTargetRate() const;

  private:
    void DoDispose() override;
    /// Brings alpha to the start of the current interval.
    void UpdateAlpha();
    /// The rate decrease at the end of a decrease interval.
    void Decrease();
    /// An increase event: \param [in] byByteCounter whether the byte counter caused it
    void Increase(bool byByteCounter);
    /// Starts the increase timer.
    void StartTimer();

    double m_g;              //!< Alpha gain
    Time m_alphaInterval;    //!< AlphaResumeInterval
    Time m_decreaseInterval; //!< RateDecreaseInterval
    Time m_increaseTimer;    //!< RateIncreaseTimer
    uint32_t m_stages;       //!< FastRecoveryStages
    DataRate m_rai;          //!< RateAi
    DataRate m_rhai;         //!< RateHai
    DataRate m_minRate;      //!< MinRate
    uint64_t m_byteCounter;  //!< ByteCounter (0: off)
    bool m_clamp;            //!< ClampTargetRate

    RdmaQpControl* m_qp{nullptr}; //!< The queue pair
    double m_alpha{1.0};          //!< Alpha at the start of interval m_alphaIndex
    int64_t m_alphaIndex{0};      //!< Interval alpha is known at
    bool m_cnpInInterval{false};  //!< A CNP arrived in interval m_alphaIndex
    double m_target{0};           //!< Rt (b/s)
    uint32_t m_timerStage{0};     //!< Timer events since the cut
    uint32_t m_byteStage{0};      //!< Byte-counter events since the cut
    uint64_t m_bytes{0};          //!< Bytes toward the byte counter
    bool m_cut{false};            //!< A cut happened (target rate set)
    EventId m_decrease;           //!< Pending decrease
    EventId m_timer;              //!< Increase timer
    Time m_decreasePhase;         //!< First CNP: decrease boundaries are phase + k interval
    bool m_phaseSet{false};       //!< Whether the phase is set
};

} // namespace ns3

#endif /* DCQCN_CONGESTION_CONTROL_H */
