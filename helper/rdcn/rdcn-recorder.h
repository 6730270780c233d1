/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_RECORDER_H
#define RDCN_RECORDER_H

#include "rdcn-study.h"

#include "ns3/results-store.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Writes a time-slotted network run into the results store: one row of rdcn_summary,
 * one row of rdcn_flows per flow, and (up to 128 ToRs) one row of rdcn_pairs per ordered ToR
 * pair with the share of time it was connected (data/results-event-tables.txt).
 */
class RdcnRecorder
{
  public:
    /**
     * \param [in] store The store (nullptr: record nothing)
     * \param [in] runId The run
     */
    RdcnRecorder(ResultsStore* store, int64_t runId);

    /**
     * \brief Records a run.
     * \param [in] config What was run
     * \param [in] outcome What the study measured
     */
    void Write(const RdcnStudyConfig& config, const RdcnStudyOutcome& outcome);

  private:
    ResultsStore* m_store; //!< Store or nullptr
    int64_t m_runId;       //!< Run
};

} // namespace ns3

#endif /* RDCN_RECORDER_H */
