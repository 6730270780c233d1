/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "iteration-table.h"

namespace ns3
{

std::vector<std::pair<std::string, std::string>>
IterationTable::GetColumns() const
{
    std::vector<std::pair<std::string, std::string>> c{{keyColumn, "TEXT"},
                                                       {"iteration", "INTEGER"},
                                                       {"time_s", "REAL"},
                                                       {"compute_s", "REAL"},
                                                       {"bubble_s", "REAL"},
                                                       {"bubble_formula_s", "REAL"},
                                                       {"exposed_comm_s", "REAL"}};
    if (breakdown)
    {
        c.emplace_back("exposed_tp_s", "REAL");
        c.emplace_back("exposed_ep_s", "REAL");
    }
    c.emplace_back("exposed_dp_s", "REAL");
    c.emplace_back("exposed_pp_s", "REAL");
    if (collectives)
    {
        c.emplace_back("collectives", "INTEGER");
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
    store->CreateEventTable("iterations", GetColumns());
    for (const IterationRecord& r : records)
    {
        store->AddEvent("iterations", runId, Row(key, r));
    }
}

} // namespace ns3
