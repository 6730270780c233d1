/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_BANDWIDTH_COMPARISON_H
#define SLICE_BANDWIDTH_COMPARISON_H

#include "slice-bandwidth-probe.h"

#include "ns3/results-store.h"
#include "ns3/tenant-driver.h"
#include "ns3/torus-geometry.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Compares the ring all-reduce bus bandwidth of placed slices (TenantDriver samples)
 * with that of the same shape placed as a box on the plain torus (Morphlux's tenant bandwidth
 * gain), both measured by a SliceBandwidthProbe on the flow-level engine.
 *
 * The gain of a slice is (bus - box) / injection in percent, the injection being the ports an
 * accelerator has (TorusGeometry::HasPort), in port units; its ratio is bus / box. Add()
 * accumulates the means over slices and per shape. Each measurement runs the simulator and
 * destroys it afterwards (call between runs).
 */
class SliceBandwidthComparison
{
  public:
    /// One slice against its box.
    struct Row
    {
        uint64_t tenant{0};       //!< Tenant
        std::string shape;        //!< AxBxC
        uint32_t accelerators{0}; //!< Size
        std::string method;       //!< How it was placed
        uint32_t links{0};        //!< Its lit paths
        double busUnits{0};       //!< Its bus bandwidth (port units)
        double boxUnits{0};       //!< The box's (port units)
        double gainPct{0};        //!< (bus - box) / injection (%)
    };

    /**
     * \param [in] geometry The datacenter
     * \param [in] probe The measurement (its unit bandwidth, path delay and size)
     */
    SliceBandwidthComparison(const TorusGeometry& geometry, const SliceBandwidthProbe& probe);

    /// \return ports per accelerator (port units)
    double GetInjectionUnits() const;

    /**
     * \brief The bus bandwidth of a shape placed as a box at the start of an empty plain
     * torus, measured once per shape.
     * \param [in] shape The shape
     * \param [out] units Its bus bandwidth (port units)
     * \param [out] error Why not (the shape does not fit a rack, a measurement failed)
     * \return true on success
     */
    bool BoxUnits(const std::array<uint32_t, 3>& shape, double& units, std::string& error);

    /**
     * \brief Measures a slice and its box.
     * \param [in] sample The slice and its paths
     * \param [out] row The comparison
     * \param [out] error Why not
     * \return true on success
     */
    bool Compare(const TenantDriver::Sample& sample, Row& row, std::string& error);

    /// \param [in] row A comparison to count in the means
    void Add(const Row& row);

    /**
     * \brief Compares every sample (Compare()), counts them in the means when \p add
     * (Add()), and writes them to the table ev_slices of \p store (when not null; policy,
     * tenant, shape, accelerators, method, links, bus_units, box_units, injection_units,
     * gain_pct).
     * \param [in] samples Slices (TenantDriver::Outcome::samples)
     * \param [in] add Count them in the means
     * \param [in] policy Name written in the table
     * \param [in] store Results store, or nullptr
     * \param [in] runId Its run
     * \param [out] error Why a measurement failed
     * \return true on success
     */
    bool CompareAll(const std::vector<TenantDriver::Sample>& samples,
                    bool add,
                    const std::string& policy,
                    ResultsStore* store,
                    int64_t runId,
                    std::string& error);

    /// \return slices added
    uint32_t GetN() const;

    /// \return mean bus / box over the slices added (1 with none)
    double GetMeanRatio() const;

    /// \return mean gain over the slices added (%; 0 with none)
    double GetMeanGainPct() const;

    /// The slices of one shape added.
    struct ShapeSummary
    {
        double busUnits{0}; //!< Their mean bus bandwidth (port units)
        double boxUnits{0}; //!< The box's (port units)
        double ratio{0};    //!< busUnits / boxUnits
        double gainPct{0};  //!< (busUnits - boxUnits) / injection (%)
    };

    /// \return per shape (AxBxC), the slices added
    std::map<std::string, ShapeSummary> GetPerShape() const;

  private:
    TorusGeometry m_geometry;                                      //!< Datacenter
    SliceBandwidthProbe m_probe;                                   //!< Measurement
    std::map<std::string, double> m_box;                           //!< Box bandwidth per shape
    std::map<std::string, std::pair<double, uint32_t>> m_perShape; //!< Sum of units, count
    double m_ratioSum{0};                                          //!< Sum of ratios
    double m_gainSum{0};                                           //!< Sum of gains
    uint32_t m_n{0};                                               //!< Slices added
};

} // namespace ns3

#endif /* SLICE_BANDWIDTH_COMPARISON_H */
