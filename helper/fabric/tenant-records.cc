/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tenant-records.h"

namespace ns3
{

void
TenantRecords::WriteOccupancy(ResultsStore* store,
                              int64_t runId,
                              const std::string& policy,
                              const TenantDriver::Outcome& outcome)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("occupancy");
    for (const TenantDriver::Occupancy& e : outcome.timeline)
    {
        store->AddEvent("occupancy",
                        runId,
                        {policy,
                         e.timeS,
                         static_cast<int64_t>(e.held),
                         static_cast<int64_t>(e.free),
                         static_cast<int64_t>(e.rejected)});
    }
}

} // namespace ns3
