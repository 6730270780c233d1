/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BANDWIDTH_LOG_H
#define BANDWIDTH_LOG_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Fine bandwidth logs: per-series counters sampled every Step (a WAN's per-link carried
 * traffic and per-pair offered traffic), each sample the mean rate over its step in Gb/s (its
 * bytes are rate x step / 8).
 *
 * Series are named (ip:A>B for links, pair:A>B for pairs) and stored series-major in single
 * precision (4 bytes a sample, as a counter store would keep them).
 */
class FineBandwidthLog
{
  public:
    /**
     * \brief Starts an empty log.
     * \param [in] step Sampling interval (> 0)
     * \param [in] names Series names: links first, then pairs
     * \param [in] links How many of \p names are links
     */
    FineBandwidthLog(Time step, std::vector<std::string> names, uint32_t links);

    /// An empty log of step 1 s.
    FineBandwidthLog();

    /**
     * \brief Appends one sample of every series.
     * \param [in] gbps Per series, in the order of the names
     */
    void Append(const std::vector<double>& gbps);

    /// \return the sampling interval
    Time GetStep() const;
    /// \return the series
    uint32_t GetNSeries() const;
    /// \return the link series (the first ones)
    uint32_t GetNLinks() const;
    /// \return the samples of each series
    uint32_t GetNSamples() const;
    /// \return the series names
    const std::vector<std::string>& GetNames() const;
    /**
     * \param [in] series A series
     * \param [in] k A sample
     * \return its rate (Gb/s)
     */
    double Get(uint32_t series, uint32_t k) const;
    /// \return the stored values (series x samples)
    uint64_t GetNValues() const;
    /// \return the bytes they take (4 a value)
    uint64_t GetSizeBytes() const;

  private:
    Time m_step;                              //!< Sampling interval
    std::vector<std::string> m_names;         //!< Series names
    uint32_t m_links{0};                      //!< Link series
    std::vector<std::vector<float>> m_values; //!< Per series, its samples
};

/**
 * \ingroup optical
 * \brief Coarse bandwidth logs (SMN's Coarse Bandwidth Logs): per series and per window of
 * whole fine samples, a few summaries (quantiles of the window's samples, their maximum and mean)
 * instead of every sample.
 *
 * Quantiles are those of GSL (gsl_stats_quantile_from_sorted_data: linear interpolation
 * between order statistics, so the median of 1..100 is 50.5 and the 0.95 quantile 95.05). A last
 * window shorter than the others (when the log's length is not a multiple of the window) is
 * summarised over the samples it has.
 */
class CoarseBandwidthLog
{
  public:
    /**
     * \brief Coarsens a fine log.
     * \param [in] fine The fine log
     * \param [in] window Window length: a whole number of fine steps, at least one
     * \param [in] quantiles The quantiles kept per window, each in [0, 1] (the maximum and
     * the mean are always kept)
     * \param [out] coarse The coarse log (unchanged on error)
     * \param [out] error A window shorter than the fine step or not a multiple of it, a
     * quantile out of range, an empty fine log
     * \return false on error
     */
    static bool Coarsen(const FineBandwidthLog& fine,
                        Time window,
                        const std::vector<double>& quantiles,
                        CoarseBandwidthLog& coarse,
                        std::string& error);

    /// \return the window length
    Time GetWindow() const;
    /// \return the fine samples per window
    uint32_t GetSamplesPerWindow() const;
    /// \return the windows
    uint32_t GetNWindows() const;
    /// \return the series
    uint32_t GetNSeries() const;
    /// \return the link series (the first ones)
    uint32_t GetNLinks() const;
    /// \return the series names
    const std::vector<std::string>& GetNames() const;
    /// \return the quantiles kept
    const std::vector<double>& GetQuantiles() const;
    /**
     * \param [in] series A series
     * \param [in] w A window
     * \param [in] q Index into GetQuantiles()
     * \return that quantile of the window's samples (Gb/s)
     */
    double GetQuantile(uint32_t series, uint32_t w, uint32_t q) const;
    /// \return the window's largest sample (Gb/s)
    double GetMax(uint32_t series, uint32_t w) const;
    /// \return the window's mean (Gb/s)
    double GetMean(uint32_t series, uint32_t w) const;
    /// \return the stored values (series x windows x (quantiles + 2))
    uint64_t GetNValues() const;
    /// \return the bytes they take (4 a value)
    uint64_t GetSizeBytes() const;

  private:
    /// \return the index of (series, window) in m_values, times the stride
    std::size_t Offset(uint32_t series, uint32_t w) const;

    Time m_window;                    //!< Window length
    uint32_t m_perWindow{1};          //!< Fine samples per window
    uint32_t m_windows{0};            //!< Windows
    std::vector<std::string> m_names; //!< Series names
    uint32_t m_links{0};              //!< Link series
    std::vector<double> m_quantiles;  //!< Quantiles kept
    std::vector<float> m_values;      //!< Per series and window: quantiles, max, mean
};

} // namespace ns3

#endif /* BANDWIDTH_LOG_H */
