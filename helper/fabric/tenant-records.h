/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TENANT_RECORDS_H
#define TENANT_RECORDS_H

#include "ns3/results-store.h"
#include "ns3/tenant-driver.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Records what a TenantDriver's tenants did in the results store (the model itself
 * never writes results).
 */
class TenantRecords
{
  public:
    /**
     * \brief Writes an outcome's occupancy timeline, one row per event, to the declared table
     * ev_occupancy (policy, time_s, held, free, rejected), created if needed.
     * \param [in] store The results store (nullptr: nothing)
     * \param [in] runId Its run
     * \param [in] policy The policy's name (column policy)
     * \param [in] outcome The outcome
     */
    static void WriteOccupancy(ResultsStore* store,
                               int64_t runId,
                               const std::string& policy,
                               const TenantDriver::Outcome& outcome);
};

} // namespace ns3

#endif /* TENANT_RECORDS_H */
