/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-recorder.h"

namespace ns3
{

RdcnRecorder::RdcnRecorder(ResultsStore* store, int64_t runId)
    : m_store(store),
      m_runId(runId)
{
}

void
RdcnRecorder::Write(const RdcnStudyConfig& config, const RdcnStudyOutcome& outcome)
{
    if (!m_store)
    {
        return;
    }
    const FlowWorkloadSummary& f = outcome.flows;
    m_store->CreateEventTable("rdcn_summary");
    m_store->AddEvent("rdcn_summary",
                      m_runId,
                      {config.architecture,
                       config.routing,
                       config.backend.GetName(),
                       static_cast<int64_t>(config.tors),
                       static_cast<int64_t>(config.hostsPerTor),
                       static_cast<int64_t>(config.uplinks),
                       static_cast<int64_t>(outcome.cycleSlices),
                       outcome.throughputPct,
                       static_cast<int64_t>(f.flowsStarted),
                       static_cast<int64_t>(f.flowsCompleted),
                       static_cast<int64_t>(outcome.queuePeakBytes),
                       static_cast<int64_t>(outcome.guardDroppedPackets),
                       outcome.reorderedPct,
                       outcome.connectedMeanPct,
                       static_cast<int64_t>(outcome.installs),
                       outcome.wallSeconds,
                       static_cast<int64_t>(outcome.events)});
    m_store->CreateEventTable("rdcn_flows");
    // One row reused (filled in place): GCC 12 warned, falsely, that the strings of a fresh
    // initializer list of variants may be used uninitialized.
    std::vector<ResultsStore::Value> row(5);
    for (const FlowRecord& r : outcome.records)
    {
        row[0] = static_cast<int64_t>(r.src);
        row[1] = static_cast<int64_t>(r.dst);
        row[2] = static_cast<int64_t>(r.bytes);
        row[3] = r.start.GetSeconds();
        row[4] = r.completed ? (r.end - r.start).GetSeconds() * 1e6 : -1.0;
        m_store->AddEvent("rdcn_flows", m_runId, row);
    }
    m_store->CreateEventTable("rdcn_pairs");
    const std::size_t n = outcome.connected.size();
    for (std::size_t a = 0; a < n; ++a)
    {
        for (std::size_t b = 0; b < n; ++b)
        {
            if (a != b)
            {
                m_store->AddEvent("rdcn_pairs",
                                  m_runId,
                                  {static_cast<int64_t>(a),
                                   static_cast<int64_t>(b),
                                   outcome.connected[a][b] * 100.0});
            }
        }
    }
}

} // namespace ns3
