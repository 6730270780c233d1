/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RAIL_NETWORK_COST_H
#define RAIL_NETWORK_COST_H

#include "rail-network-helper.h"

#include "ns3/rail-bill.h"
#include "ns3/training-layout.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The network power and cost of a rail network and of electrical rails for the same
 * servers, by Opus's sizing formulas (RailNetworkHelper::Size) and a component catalog
 * (RailBill::Price): the comparison the photonic-rails study prints.
 *
 * \code
 *   RailCatalog catalog;
 *   catalog.Load(RailCatalog::DEFAULT_FILE, error);
 *   RailNetworkCost cost;
 *   cost.Compute(photonic, layout, "h200", catalog, error);  // 16 servers of 8
 *   cost.GetPowerRatio();   // electrical / photonic
 * \endcode
 */
struct RailNetworkCost
{
    double powerW{0};            //!< The fabric's network power (W)
    double costUsd{0};           //!< The fabric's network cost (USD)
    double electricalPowerW{0};  //!< Electrical rails' network power (W)
    double electricalCostUsd{0}; //!< Electrical rails' network cost (USD)

    /**
     * \brief Sizes and prices \p fabric and electrical rails (a RailNetworkHelper of defaults
     * with fabric "electrical").
     * \param [in] fabric The fabric (its kind and OCS radix)
     * \param [in] layout The job's layout (its servers and GPUs per server, after
     * TrainingLayout::Apply)
     * \param [in] system GPU system, selecting catalog rows (h200, gb200)
     * \param [in] catalog The component catalog
     * \param [out] error What is wrong (sizing, a component missing from the catalog)
     * \return true on success
     */
    bool Compute(const RailNetworkHelper& fabric,
                 const TrainingLayout& layout,
                 const std::string& system,
                 const RailCatalog& catalog,
                 std::string& error);

    /**
     * \brief Checks a job against a fabric before a run: the fabric's shape
     * (RailNetworkHelper::Check), then the job's placement on it
     * (RailNetworkHelper::CheckPlacement).
     * \param [in] fabric The fabric
     * \param [in] layout The job's layout (after TrainingLayout::Apply)
     * \param [in] config The job
     * \return empty if both accept it, else the first problem
     */
    static std::string CheckJob(const RailNetworkHelper& fabric,
                                const TrainingLayout& layout,
                                const TrainingConfig& config);

    /// \return electrical power / the fabric's
    double GetPowerRatio() const;

    /// \return electrical cost / the fabric's
    double GetCostRatio() const;
};

} // namespace ns3

#endif /* RAIL_NETWORK_COST_H */
