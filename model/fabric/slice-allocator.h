/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_ALLOCATOR_H
#define SLICE_ALLOCATOR_H

#include "torus-geometry.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Who holds the servers of a torus datacenter: tenants' slices, free servers and failed
 * accelerators, with the bookkeeping every allocation policy shares.
 *
 * A slice is a box of accelerators (for example 2x2x4) made of whole servers; its slots are
 * the server positions of the box, x fastest. A placement gives the server in each slot. The
 * ``contiguous`` policy (TPU practice) places a slice only as a box of free servers of one
 * rack, at any server-aligned offset with wrap-around, in the orientation asked; the first
 * fit in rack order, then offset order, wins.
 */
class SliceAllocator
{
  public:
    /// Owner of a free accelerator.
    static constexpr int64_t FREE = -1;
    /// Owner of a failed accelerator.
    static constexpr int64_t FAILED = -2;

    /// A slice placed in a rack.
    struct Placement
    {
        uint64_t tenant{0};              //!< Tenant id
        std::array<uint32_t, 3> shape{}; //!< Slice shape (accelerators)
        uint32_t rack{0};                //!< Rack
        std::vector<uint32_t> servers;   //!< Server of each slot (x fastest)
    };

    /**
     * \param [in] geometry The datacenter (copied)
     */
    explicit SliceAllocator(const TorusGeometry& geometry);

    /**
     * \param [in] shape Slice shape in accelerators
     * \return "" if a rack can hold it (a multiple of the server shape in each dimension, no
     * larger than the rack), else what is wrong, naming the value
     */
    std::string CheckShape(const std::array<uint32_t, 3>& shape) const;

    /**
     * \param [in] shapes Slice shapes in accelerators
     * \return "" if a rack can hold each of them (CheckShape()), else what is wrong with the
     * first that it cannot
     */
    std::string CheckShapes(const std::vector<std::array<uint32_t, 3>>& shapes) const;

    /**
     * \brief Places a slice as a contiguous box of free servers.
     * \param [in] tenant Tenant id (unique among live slices)
     * \param [in] shape Shape (CheckShape() must accept it: a fatal error otherwise)
     * \param [out] placement Where, on success
     * \return false if no box of free servers fits anywhere (the state is unchanged)
     */
    bool AllocateContiguous(uint64_t tenant,
                            const std::array<uint32_t, 3>& shape,
                            Placement& placement);

    /**
     * \brief Records a placement chosen elsewhere (e.g. by a non-contiguous policy).
     * \param [in] placement The placement: its servers must be free (fatal error otherwise)
     */
    void Commit(const Placement& placement);

    /**
     * \brief A slice leaves: its servers become free (failed accelerators stay failed).
     * \param [in] tenant Tenant
     * \return false if the tenant holds nothing
     */
    bool Release(uint64_t tenant);

    /**
     * \brief An accelerator fails (or is repaired).
     * \param [in] accelerator The accelerator
     * \param [in] failed true: failed (its slice keeps its other accelerators); false: repaired
     * (free)
     * \return the tenant that held it, or FREE / FAILED
     */
    int64_t SetFailed(uint32_t accelerator, bool failed);

    /**
     * \brief Gives one accelerator to another owner (a spare pool, or the tenant a spare is
     * swapped in for); the slices' server lists do not change.
     * \param [in] accelerator The accelerator
     * \param [in] owner A tenant id or FREE
     */
    void Reassign(uint32_t accelerator, int64_t owner);

    /// \return the owner of an accelerator: a tenant id, FREE or FAILED
    int64_t GetOwner(uint32_t accelerator) const;

    /// \return the servers whose accelerators are all free, in order
    std::vector<uint32_t> GetFreeServers() const;

    /// \return the free servers of one rack
    std::vector<uint32_t> GetFreeServers(uint32_t rack) const;

    /// \return live placements
    const std::vector<Placement>& GetPlacements() const;

    /// \return accelerators held by tenants, free, failed
    std::array<uint32_t, 3> Count() const;

    /// \return the geometry
    const TorusGeometry& GetGeometry() const;

  private:
    TorusGeometry m_geometry;            //!< Geometry
    std::vector<int64_t> m_owner;        //!< Accelerator -> owner
    std::vector<Placement> m_placements; //!< Live slices
};

} // namespace ns3

#endif /* SLICE_ALLOCATOR_H */
