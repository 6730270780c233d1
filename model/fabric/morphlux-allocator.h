/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MORPHLUX_ALLOCATOR_H
#define MORPHLUX_ALLOCATOR_H

#include "slice-allocator.h"
#include "slice-steering.h"

#include "ns3/linear-program.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The ``morphlux`` allocation policy: a slice may take non-contiguous free servers of a
 * rack, and the servers' photonic fabrics stitch them into its torus (Morphlux, ASPLOS'26).
 *
 * The slice's servers are slots (its shape in server units); two slots next to each other in
 * a dimension are joined by up to \em width fibres (the accelerators on the server's face in
 * that dimension) along a route of adjacent servers, of which the solvers reserve
 * SliceSteering::GetMinBundleLinks(width) (MinBundleShare of them; the planner then takes
 * whatever more is free). Allocate() tries, in order:
 *
 * 1. a contiguous box of free servers (SliceAllocator::AllocateContiguous), wired directly;
 * 2. per rack with enough free servers, an ILP solved with COIN-OR CBC: binary x(slot,
 *    server) assigns each slot a distinct free server, binary z(edge, u, v, path) picks for
 *    each slot edge one of the \c CandidatePaths shortest routes between the servers the two
 *    slots get; every inter-server edge f carries at most its free fibres, and the objective
 *    minimises the most loaded edge, max over f of (fibres held + width x routes on f), then
 *    the routes' cost (hops, plus 2 per crossed server that nobody holds, whose fibres are
 *    better kept for the slice it will hold). CBC stops at \c NodeLimit nodes (reproducible) or
 *    at \c TimeLimit (a safety net);
 * 3. a greedy: from each free server as the first slot, place the slots in breadth-first
 *    order on the free server closest to their placed neighbours, route each edge on the
 *    first candidate path with room, keep the seed with the least loaded edge.
 *
 * Per rack the greedy runs first; when its answer reaches the lower bound (the most loaded
 * edge before, or the widest slot edge) it is optimal for the objective and the ILP is
 * skipped. Otherwise the
 * ILP runs and the better answer wins; when the ILP finds nothing in time the greedy's answer
 * is used and counted as a fallback (GetNFallbacks(), and a warning in the log).
 * Solution::method says which one answered.
 *
 * The placement is then planned and written into the fabrics by SliceSteering.
 */
class MorphluxAllocator : public Object
{
  public:
    /// Two slots that must be joined: the + face of \c from (dimension \c dim) to \c to.
    struct SlotEdge
    {
        uint32_t from{0};  //!< Slot
        uint32_t to{0};    //!< Slot
        uint32_t dim{0};   //!< Dimension
        uint32_t width{0}; //!< Fibres needed (accelerators on the face)
    };

    /// A placement of one slice in one rack.
    struct Solution
    {
        bool ok{false};                            //!< A placement was found
        std::string method;                        //!< contiguous, ilp or greedy
        uint32_t rack{0};                          //!< Rack
        std::vector<uint32_t> servers;             //!< Server of each slot
        std::vector<std::vector<uint32_t>> routes; //!< Route (servers) of each slot edge
        double maxLoad{0};                         //!< Most loaded inter-server edge (fibres)
        double bound{0};  //!< A lower bound on any placement's maxLoad in this rack
        uint32_t hops{0}; //!< Sum of route lengths
        double cost{0};   //!< Sum of route costs (hops, + 2 per unclaimed server crossed)
        LinearProgram::Status status{LinearProgram::NO_SOLUTION}; //!< ILP status, if any
        double gap{0};                                            //!< ILP gap
        double seconds{0};                                        //!< Solver time
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    MorphluxAllocator();

    /**
     * \param [in] slots Slice shape in servers
     * \param [in] server Server shape (accelerators)
     * \return the slot edges that must be wired: each slot to the next in every dimension
     * of 3 slots or more (the ring), one edge per pair in a dimension of 2 slots
     */
    static std::vector<SlotEdge> GetSlotEdges(const std::array<uint32_t, 3>& slots,
                                              const std::array<uint32_t, 3>& server);

    /**
     * \brief Places and wires a slice.
     * \param [in,out] allocator Who holds which server (committed on success)
     * \param [in,out] steering The fabrics' ledger (the plan applied on success)
     * \param [in] tenant Tenant
     * \param [in] shape Shape (accelerators; CheckShape() must accept it)
     * \param [out] placement The placement
     * \param [out] how How it was found
     * \return false if no rack can hold it (nothing changes)
     */
    bool Allocate(SliceAllocator& allocator,
                  SliceSteering& steering,
                  uint64_t tenant,
                  const std::array<uint32_t, 3>& shape,
                  SliceAllocator::Placement& placement,
                  Solution& how);

    /**
     * \brief The ILP for one rack (nothing changes).
     * \param [in] allocator Ownership
     * \param [in] steering Fibre ledger
     * \param [in] rack Rack
     * \param [in] shape Shape (accelerators)
     * \return the solution (ok false if none in time, or infeasible: see status)
     */
    Solution SolveIlp(const SliceAllocator& allocator,
                      const SliceSteering& steering,
                      uint32_t rack,
                      const std::array<uint32_t, 3>& shape) const;

    /**
     * \brief The greedy for one rack (nothing changes).
     * \param [in] allocator Ownership
     * \param [in] steering Fibre ledger
     * \param [in] rack Rack
     * \param [in] shape Shape (accelerators)
     * \return the solution (ok false if it finds none)
     */
    Solution SolveGreedy(const SliceAllocator& allocator,
                         const SliceSteering& steering,
                         uint32_t rack,
                         const std::array<uint32_t, 3>& shape) const;

    /// \return slices placed as contiguous boxes, by the ILP, by the greedy
    std::array<uint64_t, 3> GetCounts() const;

    /// \return times the greedy answered because the ILP found nothing in time (not counted
    /// when UseIlp is false)
    uint64_t GetNFallbacks() const;

  private:
    /// The inter-server edges of a rack and the candidate routes between its free servers.
    struct RackGraph;

    /**
     * \brief The slot edges of a shape, each with the fibres its route must reserve.
     * \param [in] allocator Ownership (for the server shape)
     * \param [in] steering The ledger (for MinBundleShare)
     * \param [in] shape Slice shape (accelerators)
     * \param [out] nSlots Servers the slice needs
     * \return the slot edges
     */
    static std::vector<SlotEdge> ReservedEdges(const SliceAllocator& allocator,
                                               const SliceSteering& steering,
                                               const std::array<uint32_t, 3>& shape,
                                               uint32_t& nSlots);

    /**
     * \brief Builds the rack's graph: its server edges, their free and held fibres, and the
     * candidate paths between its free servers.
     */
    RackGraph MakeGraph(const SliceAllocator& allocator,
                        const SliceSteering& steering,
                        uint32_t rack) const;

    /**
     * \brief The greedy's placement from one seed: the first slot on the seed, each next slot
     * (in \p order) on the free server with the fewest hops in all to the slots placed next
     * to it (the first such server).
     * \param [in] graph The rack's graph
     * \param [in] seed The free server of the first slot
     * \param [in] order The slots in placement order
     * \param [in] slotAdj Per slot, the slot at the other end of each of its slot edges
     * \param [in,out] at Per slot, its server (-1 on entry: none)
     * \return false if a slot finds no server that reaches its placed neighbours
     */
    static bool PlaceFrom(const RackGraph& graph,
                          uint32_t seed,
                          const std::vector<uint32_t>& order,
                          const std::vector<std::vector<uint32_t>>& slotAdj,
                          std::vector<int64_t>& at);

    /**
     * \brief Routes every slot edge of a placement on its first candidate route with room
     * for its fibres (in slot edge order, each taking its fibres before the next).
     * \param [in] graph The rack's graph
     * \param [in] slotEdges The slot edges
     * \param [in] at Per slot, its server
     * \param [in,out] sol The solution: its routes, hops, cost and most loaded edge set
     * \return false if a slot edge has no route with room
     */
    static bool RouteSlotEdges(const RackGraph& graph,
                               const std::vector<SlotEdge>& slotEdges,
                               const std::vector<int64_t>& at,
                               Solution& sol);

    uint32_t m_candidatePaths{5};              //!< Candidate paths per server pair
    Time m_timeLimit;                          //!< ILP time limit
    uint64_t m_nodeLimit{50};                  //!< ILP node limit
    bool m_useIlp{true};                       //!< Solve the ILP (else greedy only)
    std::array<uint64_t, 3> m_counts{0, 0, 0}; //!< contiguous, ilp, greedy
    uint64_t m_fallbacks{0};                   //!< Greedy after the ILP failed in time
};

} // namespace ns3

#endif /* MORPHLUX_ALLOCATOR_H */
