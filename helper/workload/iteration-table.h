/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ITERATION_TABLE_H
#define ITERATION_TABLE_H

#include "ns3/results-store.h"
#include "ns3/training-job.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The results-store table of a training job's iterations (ev_iterations), one row per
 * IterationRecord: a key column (the job, or the fabric it ran on), iteration, time_s,
 * compute_s, bubble_s, bubble_formula_s, exposed_comm_s, [exposed_tp_s, exposed_ep_s,]
 * exposed_dp_s, exposed_pp_s[, collectives] (the bracketed columns when \c breakdown and
 * \c collectives are on).
 *
 * \code
 *   IterationTable table;
 *   table.keyColumn = "fabric";
 *   table.breakdown = false;
 *   table.collectives = false;
 *   table.Write(exp.GetStore(), exp.GetRunId(), "photonic", job->GetIterations());
 * \endcode
 */
struct IterationTable
{
    std::string keyColumn{"job"}; //!< Name of the first column
    bool breakdown{true};         //!< Columns exposed_tp_s and exposed_ep_s
    bool collectives{true};       //!< Column collectives

    /// \return the names of the columns it fills, in order (their types are declared once, in
    /// data/results-event-tables.txt)
    std::vector<std::string> GetColumns() const;

    /**
     * \param [in] key Value of the key column
     * \param [in] record An iteration
     * \return its row, one value per column
     */
    std::vector<ResultsStore::Value> Row(const std::string& key,
                                         const IterationRecord& record) const;

    /**
     * \brief Creates the table if needed and writes one row per iteration.
     * \param [in] store The results store (nullptr: nothing)
     * \param [in] runId Its run
     * \param [in] key Value of the key column
     * \param [in] records The iterations
     */
    void Write(ResultsStore* store,
               int64_t runId,
               const std::string& key,
               const std::vector<IterationRecord>& records) const;
};

} // namespace ns3

#endif /* ITERATION_TABLE_H */
