/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_LAYOUT_H
#define SLICE_LAYOUT_H

#include "slice-allocator.h"
#include "torus-geometry.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A tenant's slice seen as a logical torus: which accelerator sits at each position.
 *
 * Logical position (x, y, z) of a slice of shape (X, Y, Z) is index x + X (y + Y z). Its
 * logical links: in each dimension d of extent e >= 2, position c joins c + 1 (mod e) from
 * its + port to the neighbour's - port; an extent of 2 thus gives two links between a pair,
 * as the physical torus does. A slice of whole servers takes its layout from its placement;
 * smaller slices (two accelerators of one server) are laid out by hand.
 */
struct SliceLayout
{
    uint64_t tenant{0};                 //!< Tenant
    std::array<uint32_t, 3> shape{};    //!< Logical shape (accelerators)
    std::vector<uint32_t> accelerators; //!< Accelerator at each logical position (x fastest)

    /**
     * \param [in] geometry The datacenter
     * \param [in] placement A placement of whole servers
     * \return its layout: slot (i, j, k) holds the server's accelerators at logical
     * (i sx + lx, j sy + ly, k sz + lz)
     */
    static SliceLayout FromPlacement(const TorusGeometry& geometry,
                                     const SliceAllocator::Placement& placement);

    /// \return the logical position of index i
    std::array<uint32_t, 3> Position(uint32_t i) const;

    /// \return the index of a logical position
    uint32_t Index(const std::array<uint32_t, 3>& position) const;
};

} // namespace ns3

#endif /* SLICE_LAYOUT_H */
