/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_STATISTICS_H
#define OPTICAL_STATISTICS_H

#include <vector>

namespace ns3
{
namespace optical
{

/**
 * \ingroup optical
 * \brief The module's one percentile: linear interpolation between the closest ranks
 * (Hyndman and Fan's definition 7, numpy's and R's default), computed by GSL
 * (gsl_stats_quantile_from_sorted_data). Of n sorted values x[0..n-1], percentile p is
 * x[i] + f (x[i+1] - x[i]) with i + f = (n - 1) p / 100: percentile 50 of 1, 2, 3, 4 is 2.5,
 * percentile 99 of 1 to 100 is 99.01, percentile 0 the smallest and 100 the largest.
 *
 * Every summary of the module (inference TTFT, flow completion times, the lit SNR of a
 * rate-adaptive link, bandwidth-log windows) uses it; what a summary reports for no value is
 * its own choice and said in its documentation.
 *
 * \param [in] values The values, in any order (not empty)
 * \param [in] percent The percentile, in [0, 100] (anything else aborts, naming it)
 * \return the percentile
 */
double Percentile(std::vector<double> values, double percent);

/**
 * \brief Percentile() of values already sorted in increasing order, without a copy.
 * \param [in] sorted The values, sorted (not empty)
 * \param [in] percent The percentile, in [0, 100]
 * \return the percentile
 */
double PercentileOfSorted(const std::vector<double>& sorted, double percent);

/**
 * \brief The same definition with the rank as a fraction (quantile 0.99 is percentile 99), as
 * GSL takes it.
 * \param [in] sorted The values, sorted (not empty)
 * \param [in] fraction The quantile, in [0, 1]
 * \return the quantile
 */
double QuantileOfSorted(const std::vector<double>& sorted, double fraction);

/**
 * \brief The median, Percentile(values, 50), by selection (two order statistics around rank
 * (n - 1) / 2, linear time) for long series that are not sorted.
 * \param [in] values The values, in any order (not empty)
 * \return the median
 */
double Median(std::vector<float> values);

} // namespace optical
} // namespace ns3

#endif /* OPTICAL_STATISTICS_H */
