/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_STEERING_H
#define SLICE_STEERING_H

#include "slice-allocator.h"
#include "slice-layout.h"
#include "torus-fabric.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Turns tenants' slices into circuits of the servers' photonic fabrics (Morphlux), and
 * keeps the ledger of which tenant holds which fabric port and which inter-server fibre.
 *
 * Planning a slice (PlanSlice()) realises its logical torus, then steers what is left:
 * - a logical link between accelerators of one server is a circuit of that server's fabric;
 * - the links of one dimension from a server's face to the next server of the slice (a
 *   bundle) each take one free fibre on every hop of a route between the two servers: the
 *   route given by the allocator, or the shortest one with free fibres that crosses no server
 *   nobody holds (their fibres are kept for the slices they will hold); intermediate servers
 *   pass the light through (fibre to fibre). A bundle that must exist fails the plan when
 *   fewer than \c MinBundleShare of its links find fibres; the links left out stay inside
 *   their servers (steered below). When a dimension holds two servers, the bundle that
 *   closes the ring the other way is optional: it takes what fibres are free;
 * - every port of the slice's accelerators still unused is joined, inside its server, to an
 *   unused port of a logical neighbour (the least-linked first): all of an accelerator's ports
 *   carry the tenant's traffic, and nothing reaches another tenant.
 *
 * Apply() writes a plan into the fabrics with OpticalCircuitSwitch::Reconfigure (each fabric
 * darkens only the circuits that change, for its ReconfigurationDelay). Release() returns the
 * tenant's ports and fibres and restores the plain torus wherever both ends are free again.
 * PlanSwap() moves a failed accelerator's circuits onto a spare of the same rack. A request
 * that is rejected leaves the ledger and the fabrics unchanged.
 */
class SliceSteering : public Object
{
  public:
    /// Bundle key: (server of the + face, server it leads to, dimension).
    using BundleKey = std::tuple<uint32_t, uint32_t, uint32_t>;

    /// What a plan does.
    struct Plan
    {
        uint64_t tenant{0}; //!< Tenant
        /// Circuits per server: (switch port, switch port) pairs
        std::map<uint32_t, std::vector<std::pair<uint32_t, uint32_t>>> circuits;
        std::vector<uint32_t> fibres;                     //!< Torus links (fibres) it holds
        std::vector<std::pair<uint32_t, uint32_t>> dark;  //!< (server, port) held unconnected
        std::vector<std::pair<uint32_t, uint32_t>> freed; //!< (server, port) given back
        std::vector<std::pair<uint32_t, uint32_t>> links; //!< Accelerator pairs it joins
        uint32_t stitched{0};                             //!< Bundles routed over > 1 hop
        uint32_t skipped{0};     //!< Bundles wired with fewer links than they have
        uint32_t steered{0};     //!< Extra links from unused ports
        uint32_t unusedPorts{0}; //!< Slice ports left unconnected
    };

    /**
     * TracedCallback signature for applied plans.
     * \param [in] tenant The tenant
     * \param [in] servers Servers whose fabric was reprogrammed
     */
    typedef void (*AppliedTracedCallback)(uint64_t tenant, uint32_t servers);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    SliceSteering();

    /**
     * \brief Starts the ledger on a datacenter whose fabrics are in their default
     * configuration.
     * \param [in] fabric The datacenter
     */
    void SetFabric(Ptr<TorusFabric> fabric);

    /// \return the datacenter
    Ptr<TorusFabric> GetFabric() const;

    /**
     * \param [in] links Links of a bundle
     * \return how many must find fibres (MinBundleShare, at least 1)
     */
    uint32_t GetMinBundleLinks(uint32_t links) const;

    /**
     * \brief Plans a slice; nothing changes.
     * \param [in] layout The slice (its accelerators must hold no circuits of another tenant)
     * \param [in] routes Server routes for some bundles (from the allocator; the others take
     * the shortest route with free fibres)
     * \param [out] plan The plan
     * \param [out] error Why it cannot be done
     * \return true if every bundle that must exist has a route
     */
    bool PlanSlice(const SliceLayout& layout,
                   const std::map<BundleKey, std::vector<uint32_t>>& routes,
                   Plan& plan,
                   std::string& error) const;

    /**
     * \brief Writes a plan into the ledger and the fabrics.
     * \param [in] plan A plan from PlanSlice() or PlanSwap() made on the current ledger
     */
    void Apply(const Plan& plan);

    /**
     * \brief A tenant leaves: its ports and fibres are free; the plain torus comes back
     * wherever both ends of a default circuit are free.
     * \param [in] tenant Tenant
     * \return false if it holds nothing
     */
    bool Release(uint64_t tenant);

    /**
     * \brief Plans moving the circuits of a failed accelerator onto a spare: each circuit
     * that ended at one of its ports ends at the same port of the spare, over a route of free
     * fibres from the failed accelerator's server to the spare's. A circuit without such a
     * route is left dark; the swap fails when fewer than \c MinBundleShare of the circuits
     * move. Nothing changes.
     * \param [in] tenant The tenant holding the failed accelerator
     * \param [in] failed The failed accelerator
     * \param [in] spare The spare (same rack, holding no circuit)
     * \param [out] plan The change (circuits to set, fibres to take)
     * \param [out] error Why it cannot be done (no fibres, another rack)
     * \return true if at least MinBundleShare of the circuits move (all, when none has to
     * cross servers)
     */
    bool PlanSwap(uint64_t tenant,
                  uint32_t failed,
                  uint32_t spare,
                  Plan& plan,
                  std::string& error) const;

    /**
     * \brief The tenant holding a switch port of a server, or SliceAllocator::FREE.
     * \param [in] server Server
     * \param [in] port Switch port
     * \return tenant or FREE
     */
    int64_t GetPortTenant(uint32_t server, uint32_t port) const;

    /**
     * \param [in] server A server
     * \return true if no tenant holds a port of its accelerators
     */
    bool IsUnclaimed(uint32_t server) const;

    /// \return the tenant holding a fibre (torus link id), or SliceAllocator::FREE
    int64_t GetFibreTenant(uint32_t link) const;

    /// \return the switch port peer the ledger wants for a port of a server (-1: none)
    int32_t GetPeer(uint32_t server, uint32_t port) const;

    /**
     * \return per pair of adjacent servers of a rack (lower id first), the torus links
     * (fibres) between them
     */
    const std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>>& GetServerEdges() const;

    /**
     * \param [in] server A server
     * \param [in] link A torus link with one end in it
     * \return the switch port of the link's fibre at that server
     */
    uint32_t GetFibrePort(uint32_t server, uint32_t link) const;

    /**
     * \brief Accelerator pairs joined by lit paths with both ends in a set (traced through
     * the fabrics as they are now): the links a slice can use.
     * \param [in] fabric The datacenter
     * \param [in] accelerators The set
     * \return one entry per lit path
     */
    static std::vector<std::pair<uint32_t, uint32_t>> LinksWithin(
        Ptr<TorusFabric> fabric,
        const std::vector<uint32_t>& accelerators);

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Shortest route between two servers of a rack over server edges with a free fibre
     * (after those a plan already took).
     * \param [in] from Server
     * \param [in] to Server
     * \param [in] taken Fibres the plan holds already
     * \param [out] route Servers from \p from to \p to
     * \param [in] through If given, servers no tenant holds are crossed only if in this set
     * \return false if none
     */
    bool FreeRoute(uint32_t from,
                   uint32_t to,
                   const std::vector<bool>& taken,
                   std::vector<uint32_t>& route,
                   const std::set<uint32_t>* through = nullptr) const;

    /**
     * \brief Takes one free fibre on every hop of a route; records the pass-through circuits.
     * \param [in] route Servers
     * \param [in] natural Preferred fibre on a single hop (-1: none)
     * \param [in,out] taken Fibres taken
     * \param [in,out] plan The plan (pass-through circuits)
     * \param [out] first Switch port at the first server
     * \param [out] last Switch port at the last server
     * \return false if a hop has no free fibre (the plan is then unusable)
     */
    bool TakeFibres(const std::vector<uint32_t>& route,
                    int64_t natural,
                    std::vector<bool>& taken,
                    Plan& plan,
                    uint32_t& first,
                    uint32_t& last) const;

    struct SliceWork; //!< A slice being planned (PlanSlice()'s working state)

    /**
     * \brief PlanSlice()'s first step: checks that no other tenant holds a port of the slice's
     * accelerators, and marks every port of their servers unused.
     * \param [in,out] w The slice being planned
     * \param [out] error Why not, on false
     * \return false if another tenant holds a port
     */
    bool ClaimAccelerators(SliceWork& w, std::string& error) const;

    /**
     * \brief PlanSlice()'s second step: wires the logical links inside a server directly and
     * groups the others in bundles by (server, server, dimension).
     * \param [in,out] w The slice being planned
     */
    void GroupLinks(SliceWork& w) const;

    /**
     * \brief PlanSlice()'s third step: routes each bundle's links over free fibres (the given
     * route first, else the shortest free one), checking that enough of each bundle is wired.
     * \param [in] routes Routes the allocator chose, by bundle
     * \param [in,out] w The slice being planned
     * \param [out] error Why not, on false
     * \return false if a given route does not join its servers or a required bundle is short
     */
    bool RouteBundles(const std::map<BundleKey, std::vector<uint32_t>>& routes,
                      SliceWork& w,
                      std::string& error) const;

    /**
     * \brief PlanSlice()'s last step, for one server: joins its accelerators' unused ports,
     * least-linked logical neighbours first; the rest stay dark.
     * \param [in] s Server
     * \param [in] accs The slice's accelerators on it
     * \param [in,out] w The slice being planned (its index filled)
     */
    void SteerServer(uint32_t s, const std::vector<uint32_t>& accs, SliceWork& w) const;

    /// \return the free fibres between two adjacent servers (empty if not adjacent)
    const std::vector<uint32_t>& Fibres(uint32_t a, uint32_t b) const;

    /// \brief Reprograms a server's fabric from the ledger (if it differs).
    void Program(uint32_t server);

    double m_minBundleShare{0.5};                   //!< Share of a bundle that must be wired
    Ptr<TorusFabric> m_fabric;                      //!< The datacenter
    std::vector<std::vector<int32_t>> m_peer;       //!< Server -> port -> peer (-1: none)
    std::vector<std::vector<int64_t>> m_portTenant; //!< Server -> port -> tenant
    std::vector<int64_t> m_fibreTenant;             //!< Torus link -> tenant
    std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> m_edges; //!< Server edges
    struct ServerGraph;                     //!< Server adjacencies as a Boost.Graph
    struct FreeEdge;                        //!< The edges a route may take
    std::shared_ptr<ServerGraph> m_servers; //!< Adjacent servers, the fibres between them
    /// Tenant -> (server, port) it holds
    std::map<uint64_t, std::vector<std::pair<uint32_t, uint32_t>>> m_held;
    /// Fibres per tenant
    std::map<uint64_t, std::vector<uint32_t>> m_heldFibres;

    /// Fires when a plan is applied: tenant, servers reprogrammed
    TracedCallback<uint64_t, uint32_t> m_applied;
};

} // namespace ns3

#endif /* SLICE_STEERING_H */
