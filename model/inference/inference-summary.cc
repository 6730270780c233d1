/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-summary.h"

#include "ns3/abort.h"
#include "ns3/optical-statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ns3
{

InferenceSummary
InferenceSummary::Of(const std::vector<InferenceRequestRecord>& records,
                     const std::vector<float>& gaps)
{
    InferenceSummary out;
    out.requests = records.size();
    std::vector<double> ttft;
    ttft.reserve(records.size());
    double last = 0;
    for (const auto& r : records)
    {
        out.rejected += r.rejected ? 1 : 0;
        out.tokens += r.generated;
        out.pagedBytes += r.pagedBytes;
        if (r.end != Time::Max())
        {
            ++out.completed;
            last = std::max(last, r.end.GetSeconds());
        }
        if (r.firstToken != Time::Max())
        {
            ttft.push_back(r.TtftSeconds());
            last = std::max(last, r.firstToken.GetSeconds());
        }
    }
    if (!ttft.empty())
    {
        out.ttftMean = std::accumulate(ttft.begin(), ttft.end(), 0.0) / ttft.size();
        out.ttftMax = *std::max_element(ttft.begin(), ttft.end());
        out.ttftP50 = optical::Percentile(ttft, 50);
        out.ttftP99 = optical::Percentile(ttft, 99);
    }
    out.tbtP50 = gaps.empty() ? std::numeric_limits<double>::quiet_NaN() : optical::Median(gaps);
    out.makespan = last;
    out.tokensPerS = last > 0 ? out.tokens / last : 0;
    return out;
}

double
InferenceSummary::MeanTtft(const std::vector<InferenceRequestRecord>& records,
                           const std::function<bool(Time arrival)>& select)
{
    double sum = 0;
    uint64_t n = 0;
    for (const auto& r : records)
    {
        if (r.firstToken != Time::Max() && select(r.arrival))
        {
            sum += r.TtftSeconds();
            ++n;
        }
    }
    return n > 0 ? sum / n : std::numeric_limits<double>::quiet_NaN();
}

std::vector<int32_t>
InferencePlacer::Pair(const std::vector<double>& needBytes, const std::vector<double>& spareBytes)
{
    NS_ABORT_MSG_IF(needBytes.size() != spareBytes.size(),
                    "InferencePlacer::Pair: " << needBytes.size() << " needs for "
                                              << spareBytes.size() << " spares");
    std::vector<uint32_t> hungry;
    std::vector<uint32_t> lenders;
    for (uint32_t g = 0; g < needBytes.size(); ++g)
    {
        if (needBytes[g] > 0)
        {
            hungry.push_back(g);
        }
        else if (spareBytes[g] > 0)
        {
            lenders.push_back(g);
        }
    }
    // Largest first; ties to the lower index, so that the pairing is deterministic.
    std::stable_sort(hungry.begin(), hungry.end(), [&needBytes](uint32_t a, uint32_t b) {
        return needBytes[a] > needBytes[b];
    });
    std::stable_sort(lenders.begin(), lenders.end(), [&spareBytes](uint32_t a, uint32_t b) {
        return spareBytes[a] > spareBytes[b];
    });
    std::vector<int32_t> lender(needBytes.size(), -1);
    for (size_t i = 0; i < hungry.size() && i < lenders.size(); ++i)
    {
        lender[hungry[i]] = static_cast<int32_t>(lenders[i]);
    }
    return lender;
}

} // namespace ns3
