/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-statistics.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cmath>
#include <gsl/gsl_statistics_double.h>

namespace ns3
{
namespace optical
{

double
QuantileOfSorted(const std::vector<double>& sorted, double fraction)
{
    NS_ABORT_MSG_IF(sorted.empty(), "optical::Percentile: no value");
    NS_ABORT_MSG_IF(!(fraction >= 0 && fraction <= 1),
                    "optical::Percentile: percent " << fraction * 100 << " is not in [0, 100]");
    return gsl_stats_quantile_from_sorted_data(sorted.data(), 1, sorted.size(), fraction);
}

double
PercentileOfSorted(const std::vector<double>& sorted, double percent)
{
    return QuantileOfSorted(sorted, percent / 100);
}

double
Percentile(std::vector<double> values, double percent)
{
    std::sort(values.begin(), values.end());
    return PercentileOfSorted(values, percent);
}

double
Median(std::vector<float> values)
{
    NS_ABORT_MSG_IF(values.empty(), "optical::Median: no value");
    const double rank = (values.size() - 1) / 2.0;
    const auto lo = static_cast<std::size_t>(std::floor(rank));
    std::nth_element(values.begin(), values.begin() + lo, values.end());
    const double a = values[lo];
    if (lo + 1 >= values.size() || rank == lo)
    {
        return a;
    }
    const double b = *std::min_element(values.begin() + lo + 1, values.end());
    return a + (b - a) * (rank - lo);
}

} // namespace optical
} // namespace ns3
