/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SUMMARY_H
#define INFERENCE_SUMMARY_H

#include "inference-service.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The headline numbers of a serving run, from its per-request records.
 */
struct InferenceSummary
{
    uint64_t requests{0};  //!< Requests submitted
    uint64_t completed{0}; //!< Requests that produced all their tokens
    uint64_t rejected{0};  //!< Requests refused (their KV never fits and nothing pages)
    double ttftP50{0};     //!< Median time to first token (s), over requests with one
    double ttftP99{0};     //!< 99th percentile (s)
    double ttftMax{0};     //!< Largest (s)
    double ttftMean{0};    //!< Mean (s)
    double tbtP50{0};      //!< Median time between consecutive tokens of a request (s)
    double tokens{0};      //!< Output tokens produced
    double makespan{0};    //!< From time 0 to the last token (s)
    double tokensPerS{0};  //!< tokens / makespan
    double pagedBytes{0};  //!< Bytes paged (all requests)

    /**
     * \brief Summarizes records.
     * \param [in] records The service's records
     * \param [in] gaps Its token gaps (InferenceService::GetTokenGaps)
     * \return the summary
     */
    static InferenceSummary Of(const std::vector<InferenceRequestRecord>& records,
                               const std::vector<float>& gaps);

    /**
     * \brief Mean time to first token of the requests that arrived when \p select says.
     * \param [in] records Records
     * \param [in] select Whether a request's arrival counts (e.g. "during a burst")
     * \return the mean (s), NaN if none counts
     */
    static double MeanTtft(const std::vector<InferenceRequestRecord>& records,
                           const std::function<bool(Time arrival)>& select);
};

/**
 * \ingroup optical
 * \brief Pairs the GPUs of a server that need memory for KV pages with those that can lend
 * spare HBM (Aqua's placement of memory-hungry beside memory-spare work).
 */
class InferencePlacer
{
  public:
    /**
     * \brief One lender per borrower and one borrower per lender, the largest need with the
     * largest spare, then the next: this assortative pairing maximizes the memory lent,
     * sum of min(need, spare), over all one-to-one pairings (min is supermodular).
     * \param [in] needBytes Per GPU: bytes of pages it wants to place (0: none)
     * \param [in] spareBytes Per GPU: bytes it can lend (0: none); a GPU with a need lends
     * nothing
     * \return per GPU: its lender's index, or -1 (no need, or no lender left)
     */
    static std::vector<int32_t> Pair(const std::vector<double>& needBytes,
                                     const std::vector<double>& spareBytes);
};

} // namespace ns3

#endif /* INFERENCE_SUMMARY_H */
