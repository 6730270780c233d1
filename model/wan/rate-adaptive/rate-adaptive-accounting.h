/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_ACCOUNTING_H
#define RATE_ADAPTIVE_ACCOUNTING_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/rate-adaptive-link.h"
#include "ns3/snr-time-series.h"
#include "ns3/transceiver-modes.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What rate-adaptive links gain over static ones, from SNR series and link counters
 * (RADWAN's headline numbers: links augmentable by 75 Gb/s, capacity gained, failures avoided).
 */
class RateAdaptiveAccounting
{
  public:
    /// Links augmentable above the static rate.
    struct Augmentable
    {
        std::vector<double> extraGbps; //!< Per link: augmentable rate - static rate (may be < 0)
        uint32_t links{0};             //!< Links whose extra rate is at least the threshold
        double gainGbps{0};            //!< Sum of the positive extras x wavelengths
    };

    /// Outage time of static links and of adaptive links on the same series.
    struct Outages
    {
        double staticDownS{0};   //!< Static links: time down (dark or low SNR), s
        double adaptiveDownS{0}; //!< Adaptive links: the same, s

        /// \return 100 (1 - adaptive / static), 0 when static links were never down
        double GetFailuresAvoidedPct() const;
    };

    /**
     * \brief The p-th percentile of the lit SNR readings of a series (optical::Percentile:
     * linear interpolation between the closest of the n lit readings sorted, at rank
     * p / 100 x (n - 1)).
     * \param [in] samples The series
     * \param [in] p Percentile (0 to 100)
     * \return the SNR (dB), -1e9 if no reading is lit
     */
    static double LitSnrPercentile(const std::vector<SnrTimeSeries::Sample>& samples, double p);

    /**
     * \param [in] modes The mode table
     * \param [in] snrDb An SNR (dB)
     * \return the rate of the last mode of the table whose SNR threshold \p snrDb meets (no
     * margin), 0 if none
     */
    static double RateAt(const TransceiverModes& modes, double snrDb);

    /**
     * \brief Each link's rate at the percentile of its lit SNR against the static rate.
     * \param [in] series Per link: its SNR series
     * \param [in] percentile Percentile of the lit readings (0.5: the rate held 99.5% of the
     * lit time)
     * \param [in] modes The mode table
     * \param [in] staticGbps The static rate (Gb/s)
     * \param [in] wavelengths Wavelengths per link (capacity gained is extra x wavelengths)
     * \param [in] thresholdGbps A link counts as augmentable from this extra rate on (Gb/s)
     * \return the extra rates, the augmentable links and the capacity gained
     */
    static Augmentable GetAugmentable(const std::vector<std::vector<SnrTimeSeries::Sample>>& series,
                                      double percentile,
                                      const TransceiverModes& modes,
                                      double staticGbps,
                                      uint32_t wavelengths,
                                      double thresholdGbps);

    /**
     * \brief Runs pairs of links (static, adaptive) to \p length, without traffic, and sums
     * their outage time (dark or low SNR; not the downtime of a mode change). Runs the
     * simulator and destroys it.
     * \param [in] pairs Per series: a static and an adaptive link, their samples set, not
     * started
     * \param [in] length Time simulated
     * \return the outage totals
     */
    static Outages CompareOutages(
        const std::vector<std::pair<Ptr<RateAdaptiveLink>, Ptr<RateAdaptiveLink>>>& pairs,
        Time length);
};

/**
 * \ingroup optical
 * \brief Accumulates the time during which link a is down while link b is up (e.g. the outages
 * of a static link that an adaptive link on the same series rides out).
 */
class RateAdaptiveOutageOverlap
{
  public:
    /**
     * \brief Follows two links from now (through their Capacity traces).
     * \param [in] a The link whose outages count
     * \param [in] b The link that must be up meanwhile
     */
    RateAdaptiveOutageOverlap(Ptr<RateAdaptiveLink> a, Ptr<RateAdaptiveLink> b);

    /// \return the time so far
    Time Get();

  private:
    /// A link's capacity changed.
    void Changed(double, double);

    Ptr<RateAdaptiveLink> m_a; //!< Down
    Ptr<RateAdaptiveLink> m_b; //!< Up
    bool m_inside{false};      //!< a down and b up since m_since
    Time m_since;              //!< Last change
    Time m_total;              //!< Total
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_ACCOUNTING_H */
