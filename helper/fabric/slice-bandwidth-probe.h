/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_BANDWIDTH_PROBE_H
#define SLICE_BANDWIDTH_PROBE_H

#include "ns3/flow-topology.h"
#include "ns3/nstime.h"
#include "ns3/slice-steering.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Measures a slice's tenant bandwidth: the bus bandwidth of a ring all-reduce run by
 * the workload layer (Collective over FlowCollectiveTransport) on the links the slice has.
 *
 * The slice's links (one per lit path between two of its accelerators, from
 * SliceSteering::LinksWithin or a plan) become a flow-level graph of the slice alone: each
 * pair of accelerators joined by m paths is one link of m x \c unit bandwidth per direction
 * (the collective library stripes a connection over parallel links), so traffic never
 * crosses another tenant. The all-reduce of S bytes runs as concurrent ring all-reduces over
 * candidate rings: for each dimension longer than 1, a boustrophedon (snake) order that runs
 * along it first, in both directions and translated over the other two dimensions, as NCCL
 * builds rings over a torus. Each ring gets a share of S in proportion to the rate a linear
 * program (Shares()) gives it, as a tuned collective library would balance its channels over
 * the links (rings under 0.5% are left out); the flow-level engine then runs them and
 * measures. Bus bandwidth = (S' / T) x
 * 2 (n - 1) / n, with S' the bytes the rings run (S less rounding and the rings left out)
 * and T the time from start to the last ring's completion.
 *
 * Measure() runs the simulator: call it when no other events are pending (before or after
 * the main simulation, not inside it).
 */
class SliceBandwidthProbe
{
  public:
    /// What a measurement found.
    struct Result
    {
        double busBytesPerS{0}; //!< Bus bandwidth (bytes/s)
        double units{0};        //!< Bus bandwidth in port units (busBytesPerS x 8 / unit)
        Time duration;          //!< All-reduce time
        uint32_t rings{0};      //!< Rings run
        uint32_t links{0};      //!< Paths between the slice's accelerators
    };

    SliceBandwidthProbe();

    /// \param [in] bps Bandwidth of one torus port, each direction (bit/s, > 0)
    void SetUnitBandwidth(double bps);

    /// \param [in] delay One-way delay of a path
    void SetPathDelay(Time delay);

    /// \param [in] bytes All-reduce size S (bytes, > 0)
    void SetBytes(uint64_t bytes);

    /**
     * \param [in] shape Logical shape
     * \return the distinct ring orders (logical indices; none for one accelerator)
     */
    static std::vector<std::vector<uint32_t>> Rings(const std::array<uint32_t, 3>& shape);

    /**
     * \brief Shares of the data per ring: the steady-state ring rates that fill the links
     * best (max sum of rates, each link's capacity bounding the rings crossing it), normalised.
     * \param [in] topology The slice's graph (vertex i = logical index i)
     * \param [in] rings Ring orders
     * \return the share of each ring (sum 1; all 0 if none can run)
     */
    static std::vector<double> Shares(Ptr<FlowTopology> topology,
                                      const std::vector<std::vector<uint32_t>>& rings);

    /**
     * \brief Runs the all-reduce on a slice.
     * \param [in] layout The slice
     * \param [in] links Accelerator pairs joined by a path (both in the slice)
     * \param [out] result The measurement
     * \param [out] error Why not (a link leaving the slice, a slice not connected, events
     * pending)
     * \return true on success
     */
    bool Measure(const SliceLayout& layout,
                 const std::vector<std::pair<uint32_t, uint32_t>>& links,
                 Result& result,
                 std::string& error) const;

  private:
    double m_unitBps{100e9};    //!< Port bandwidth
    Time m_delay;               //!< Path delay
    uint64_t m_bytes{1u << 30}; //!< All-reduce size
};

} // namespace ns3

#endif /* SLICE_BANDWIDTH_PROBE_H */
