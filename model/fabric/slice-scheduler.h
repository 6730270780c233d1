/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_SCHEDULER_H
#define SLICE_SCHEDULER_H

#include "morphlux-allocator.h"
#include "slice-allocator.h"
#include "slice-steering.h"
#include "torus-fabric.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Runs a torus datacenter's tenants: places slice requests with a policy, releases
 * them, and handles accelerator failures, with the counters the Morphlux metrics are made of.
 *
 * Policies: ``contiguous`` (today's TPU practice: a box of free servers, the fabrics left in
 * the plain torus) and ``morphlux`` (MorphluxAllocator: boxes, else non-contiguous servers
 * stitched by the fabrics, every slice steered by SliceSteering). A request is placed at once
 * or rejected; it is a \em fragmentation rejection when some rack had enough free servers in
 * number (slices never span racks, under either policy). \c SparesPerRack accelerators of each rack
 * (whole servers, at the end of the rack) are held back as spares and offered to no tenant.
 *
 * Failures: under ``morphlux`` with a spare left in the rack, the failed accelerator's
 * circuits move onto the spare (SliceSteering::PlanSwap); the tenant is back once the fabrics
 * have switched (their ReconfigurationDelay) and the collective library has re-synchronised
 * (\c ResyncTime). The blast radius is the one accelerator. Otherwise (``contiguous``, no
 * spare, no fibres) the job migrates: its slice is released and placed again by the policy,
 * and it is back after \c MigrationTime + \c ResyncTime; the blast radius is the whole slice.
 * A repaired accelerator refills its rack's spare pool when the pool is short (a spare used
 * by a swap, or one that failed), else it is free.
 */
class SliceScheduler : public Object
{
  public:
    /// Counters.
    struct Stats
    {
        uint64_t requests{0};   //!< Requests
        uint64_t accepted{0};   //!< Placed
        uint64_t rejected{0};   //!< Rejected
        uint64_t enoughFree{0}; //!< Requests that found a rack with enough free servers
        uint64_t fragmented{0}; //!< ... and were still rejected
        uint64_t stitched{0};   //!< Placed on non-contiguous servers
        uint64_t failures{0};   //!< Failures of accelerators held by tenants
        uint64_t covered{0};    //!< ... absorbed by a spare
        uint64_t migrations{0}; //!< ... that moved the whole job
        uint64_t lost{0};       //!< ... whose job found no place to go
        /// Per slice size (accelerators): requests that found a rack with enough free
        /// servers, and those of them rejected
        std::map<uint32_t, std::array<uint64_t, 2>> bySize;
        double heldSeconds{0};    //!< Integral of accelerators held by tenants over time
        double offeredSeconds{0}; //!< Integral of accelerators tenants may hold over time

        /**
         * \param [in] a Part
         * \param [in] b Whole
         * \return 100 a / b, 0 when b is not positive
         */
        static double Pct(double a, double b);
        /// \return fragmented in percent of enoughFree (Morphlux's fragmentation)
        double GetFragmentationPct() const;
        /**
         * \param [in] size Slice size (accelerators)
         * \return the fragmentation of the requests of that size (%; 0 if none)
         */
        double GetFragmentationPct(uint32_t size) const;
        /// \return rejected in percent of requests
        double GetRejectionPct() const;
        /// \return heldSeconds in percent of offeredSeconds (utilisation)
        double GetUtilizationPct() const;
    };

    /**
     * TracedCallback signature for placements.
     * \param [in] tenant Tenant
     * \param [in] accelerators Slice size
     * \param [in] method contiguous, ilp or greedy
     */
    typedef void (*AllocatedTracedCallback)(uint64_t tenant,
                                            uint32_t accelerators,
                                            const std::string& method);

    /**
     * TracedCallback signature for rejections.
     * \param [in] tenant Tenant
     * \param [in] accelerators Slice size
     * \param [in] fragmented Enough accelerators were free
     */
    typedef void (*RejectedTracedCallback)(uint64_t tenant, uint32_t accelerators, bool fragmented);

    /**
     * TracedCallback signature for recoveries.
     * \param [in] tenant Tenant
     * \param [in] downtime From the failure until the job runs again
     * \param [in] blastRadius Accelerators whose work stopped
     * \param [in] rewire Time the fabrics took to switch (0 for a migration)
     */
    typedef void (*RecoveredTracedCallback)(uint64_t tenant,
                                            Time downtime,
                                            uint32_t blastRadius,
                                            Time rewire);

    /// Allocation policies (attribute Policy).
    enum Policy
    {
        CONTIGUOUS, //!< Boxes of free servers, the fabrics left in the plain torus
        MORPHLUX    //!< MorphluxAllocator: boxes, else stitched servers; every slice steered
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    SliceScheduler();

    /**
     * \param [in] policy A policy name
     * \param [out] error What is allowed
     * \return true if known
     */
    static bool CheckPolicy(const std::string& policy, std::string& error);

    /**
     * \param [in] geometry A datacenter
     * \param [in] spares Spare accelerators per rack (attribute SparesPerRack)
     * \return empty if they are whole servers and fewer than a rack's servers, else what is
     * wrong
     */
    static std::string CheckSpares(const TorusGeometry& geometry, uint32_t spares);

    /**
     * \brief Starts on a datacenter (fabrics in their default configuration).
     * \param [in] fabric The datacenter
     * \param [out] error Bad configuration (spares)
     * \return false on error (nothing set up)
     */
    bool Setup(Ptr<TorusFabric> fabric, std::string& error);

    /**
     * \brief A tenant asks for a slice.
     * \param [in] tenant Tenant (unique among live slices)
     * \param [in] shape Shape (CheckShape() must accept it)
     * \return true if placed
     */
    bool Request(uint64_t tenant, const std::array<uint32_t, 3>& shape);

    /**
     * \brief A tenant leaves.
     * \param [in] tenant Tenant
     * \return false if it held nothing
     */
    bool Release(uint64_t tenant);

    /// \brief An accelerator fails now.
    void Fail(uint32_t accelerator);

    /// \brief A failed accelerator is repaired now.
    void Repair(uint32_t accelerator);

    /**
     * \brief Fails accelerators at random: exponential times at \p perAcceleratorHour per
     * accelerator (held, free or spare alike), each repaired after \p repair.
     * \param [in] perAcceleratorHour Failure rate (per accelerator and hour, > 0)
     * \param [in] repair Repair time
     * \param [in] until No failure after this time
     */
    void StartFailures(double perAcceleratorHour, Time repair, Time until);

    /**
     * \brief Fixes the random streams.
     * \param [in] stream First stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the counters (the time integrals up to now)
    Stats GetStats() const;

    /// \return accelerators held by tenants, free, failed, held as spares
    std::array<uint32_t, 4> Count() const;

    /// \return the ownership
    const SliceAllocator& GetAllocator() const;

    /// \return the fabrics' ledger
    Ptr<SliceSteering> GetSteering() const;

    /// \return the morphlux allocator (its attributes may be set before Setup)
    Ptr<MorphluxAllocator> GetMorphlux() const;

    /// \return the datacenter
    Ptr<TorusFabric> GetFabric() const;

    /// \return the spare-pool owner id of a rack
    static int64_t SpareOwner(uint32_t rack);

  protected:
    void DoDispose() override;

  private:
    /// \brief Adds held x time up to now.
    void Account();

    /// \brief Moves a job whose accelerator failed to a new slice.
    void Migrate(uint64_t tenant, Time failedAt);

    /**
     * \brief A server's fabric finished switching.
     * \param [in] server The server (UINT32_MAX: none, just check the swaps)
     * \param [in] config Its configuration (unused)
     */
    void FabricSwitched(uint32_t server, const OcsConfiguration& config);

    /// A spare swap waiting for fabrics.
    struct Swap
    {
        uint64_t tenant;            //!< Tenant
        Time failedAt;              //!< Failure time
        std::set<uint32_t> servers; //!< Fabrics still switching
    };

    Policy m_policy{MORPHLUX};                            //!< Policy
    uint32_t m_spares{0};                                 //!< Spares per rack
    Time m_resync;                                        //!< Collective re-sync
    Time m_migration;                                     //!< Migration + restart
    Ptr<TorusFabric> m_fabric;                            //!< Datacenter
    std::unique_ptr<SliceAllocator> m_allocator;          //!< Ownership
    Ptr<SliceSteering> m_steering;                        //!< Fabric ledger
    Ptr<MorphluxAllocator> m_morphlux;                    //!< Morphlux policy
    std::map<uint64_t, std::array<uint32_t, 3>> m_shapes; //!< Live tenants' shapes
    std::vector<Swap> m_swaps;                            //!< Swaps in progress
    Stats m_stats;                                        //!< Counters
    Time m_lastAccount;                                   //!< Last Account()
    uint32_t m_held{0};                                   //!< Accelerators held by tenants
    uint32_t m_offered{0};                                //!< Accelerators tenants may hold
    Ptr<ExponentialRandomVariable> m_failureGap;          //!< Time between failures
    Ptr<UniformRandomVariable> m_failurePick;             //!< Which accelerator

    TracedCallback<uint64_t, uint32_t, const std::string&> m_allocatedTrace; //!< Placed
    TracedCallback<uint64_t, uint32_t, bool> m_rejectedTrace;                //!< Rejected
    TracedCallback<uint64_t, Time, uint32_t, Time> m_recoveredTrace;         //!< Recovered
};

} // namespace ns3

#endif /* SLICE_SCHEDULER_H */
