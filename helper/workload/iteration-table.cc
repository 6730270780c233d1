/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "iteration-table.h"

namespace ns3
{

std::vector<std::string>
IterationTable::GetColumns() const
{
    std::vector<std::string> c{keyColumn,
                               "iteration",
                               "time_s",
                               "compute_s",
                               "bubble_s",
                               "bubble_formula_s",
                               "exposed_comm_s"};
    if (breakdown)
    {
        c.emplace_back("exposed_tp_s");
        c.emplace_back("exposed_ep_s");
    }
    c.emplace_back("exposed_dp_s");
    c.emplace_back("exposed_pp_s");
    if (collectives)
    {
        c.emplace_back("collectives");
    }
    return c;
}

std::vector<ResultsStore::Value>
IterationTable::Row(const std::string& key, const IterationRecord& r) const
{
    std::vector<ResultsStore::Value> v{key,
                                       static_cast<int64_t>(r.index),
                                       (r.end - r.start).GetSeconds(),
                                       r.computeS,
                                       r.bubbleS,
                                       r.bubbleFormulaS,
                                       r.exposedCommS};
    if (breakdown)
    {
        v.emplace_back(r.exposedTpS);
        v.emplace_back(r.exposedEpS);
    }
    v.emplace_back(r.exposedDpS);
    v.emplace_back(r.exposedPpS);
    if (collectives)
    {
        v.emplace_back(static_cast<int64_t>(r.collectives));
    }
    return v;
}

void
IterationTable::Write(ResultsStore* store,
                      int64_t runId,
                      const std::string& key,
                      const std::vector<IterationRecord>& records) const
{
    if (!store)
    {
        return;
    }
    store->CreateEventTableColumns("iterations", GetColumns());
    for (const IterationRecord& r : records)
    {
        store->AddEvent("iterations", runId, Row(key, r));
    }
}

} // namespace ns3
