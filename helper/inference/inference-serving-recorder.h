/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SERVING_RECORDER_H
#define INFERENCE_SERVING_RECORDER_H

#include "inference-serving-study.h"

#include "ns3/results-store.h"

#include <functional>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Writes serving runs to the results store: one row per request of a run
 * (ev_inference_requests) and one per long-prompt run (ev_inference_long_prompt), their
 * columns declared in data/results-event-tables.txt. Does nothing without a store.
 */
class InferenceServingRecorder
{
  public:
    /**
     * \param [in] store The store (nullptr: record nothing)
     * \param [in] runId The run
     */
    InferenceServingRecorder(ResultsStore* store, int64_t runId);

    /**
     * \brief Records every request of a run.
     * \param [in] config What ran (scheduler, page target)
     * \param [in] outcome What it measured
     * \param [in] inBurst Whether an arrival was in a burst (empty: none was)
     */
    void WriteRequests(const InferenceServingConfig& config,
                       const InferenceServingOutcome& outcome,
                       const std::function<bool(Time)>& inBurst);

    /**
     * \brief Records a long-prompt run.
     * \param [in] pageTo Where it paged
     * \param [in] promptTokens Its prompt
     * \param [in] outputTokens Its output
     * \param [in] tokensPerS Its decode throughput
     */
    void WriteLongPrompt(const std::string& pageTo,
                         uint64_t promptTokens,
                         uint64_t outputTokens,
                         double tokensPerS);

  private:
    ResultsStore* m_store; //!< Store (may be nullptr)
    int64_t m_runId;       //!< Run
};

} // namespace ns3

#endif /* INFERENCE_SERVING_RECORDER_H */
