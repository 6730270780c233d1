/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-serving-recorder.h"

namespace ns3
{

InferenceServingRecorder::InferenceServingRecorder(ResultsStore* store, int64_t runId)
    : m_store(store),
      m_runId(runId)
{
}

void
InferenceServingRecorder::WriteRequests(const InferenceServingConfig& config,
                                        const InferenceServingOutcome& outcome,
                                        const std::function<bool(Time)>& inBurst)
{
    if (!m_store)
    {
        return;
    }
    m_store->CreateEventTable("inference_requests");
    const std::string pageTo = config.scheduler == "admission" ? "none" : config.pageTo;
    // Admission control's two preemption modes are told apart.
    const std::string scheduler = config.scheduler == "admission" && config.recompute
                                      ? "admission-recompute"
                                      : config.scheduler;
    auto seconds = [](Time t) { return t == Time::Max() ? -1.0 : t.GetSeconds(); };
    for (const auto& r : outcome.records)
    {
        m_store->AddEvent("inference_requests",
                          m_runId,
                          {scheduler,
                           pageTo,
                           static_cast<int64_t>(r.id),
                           r.arrival.GetSeconds(),
                           seconds(r.firstToken),
                           seconds(r.end),
                           static_cast<int64_t>(r.promptTokens),
                           static_cast<int64_t>(r.outputTokens),
                           static_cast<int64_t>(r.preemptions),
                           r.pagedBytes,
                           static_cast<int64_t>(inBurst && inBurst(r.arrival) ? 1 : 0)});
    }
}

void
InferenceServingRecorder::WriteLongPrompt(const std::string& pageTo,
                                          uint64_t promptTokens,
                                          uint64_t outputTokens,
                                          double tokensPerS)
{
    if (!m_store)
    {
        return;
    }
    m_store->CreateEventTable("inference_long_prompt");
    m_store->AddEvent("inference_long_prompt",
                      m_runId,
                      {pageTo,
                       static_cast<int64_t>(promptTokens),
                       static_cast<int64_t>(outputTokens),
                       tokensPerS});
}

} // namespace ns3
