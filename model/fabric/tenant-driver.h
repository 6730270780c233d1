/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TENANT_DRIVER_H
#define TENANT_DRIVER_H

#include "slice-requests.h"
#include "slice-scheduler.h"
#include "slice-steering.h"
#include "torus-fabric.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"

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
 * \brief Drives a torus datacenter's tenants over time: schedules each request's arrival
 * (SliceScheduler::Request) and, when it was placed, its departure after its holding time
 * (SliceScheduler::Release); checks the scheduler's accounting at every event, keeps the
 * occupancy timeline, and keeps up to \c samplesPerShape placed slices per shape and placement
 * method with their lit paths, for a bandwidth measurement (SliceBandwidthProbe).
 *
 * \code
 *   Ptr<TorusFabric> fabric = TorusDatacenterHelper().Create(geometry);
 *   Ptr<SliceScheduler> scheduler = CreateObject<SliceScheduler>();
 *   scheduler->Setup(fabric, error);
 *   TenantDriver driver(fabric, scheduler, fabricDelay, 8);
 *   driver.Schedule(requests);           // SliceRequestGenerator::Generate
 *   Simulator::Stop(duration);
 *   Simulator::Run();
 *   const TenantDriver::Outcome out = driver.Collect();
 * \endcode
 *
 * The accounting invariant: at every arrival and departure, the accelerators held by tenants,
 * free, failed and held as spares add up to the datacenter's (SliceScheduler::Count()).
 * A slice's paths are read once every fabric of its rack is idle (\c fabricDelay after its
 * placement, later if a fabric is still switching for another tenant); a slice gone by then
 * is not sampled.
 */
class TenantDriver
{
  public:
    /// A placed slice kept for the bandwidth measurement.
    struct Sample
    {
        SliceLayout layout;                               //!< Where
        std::vector<std::pair<uint32_t, uint32_t>> links; //!< Its lit paths
        std::string method;                               //!< How it was placed
    };

    /// The datacenter at one event.
    struct Occupancy
    {
        double timeS{0};      //!< When (s)
        uint32_t held{0};     //!< Accelerators held by tenants
        uint32_t free{0};     //!< Free accelerators
        uint64_t rejected{0}; //!< Requests rejected so far
    };

    /// What the tenants did.
    struct Outcome
    {
        SliceScheduler::Stats stats;              //!< The scheduler's counters and integrals
        std::vector<Sample> samples;              //!< Slices to measure, in order of reading
        std::array<uint64_t, 3> methods{0, 0, 0}; //!< contiguous, ilp, greedy placements
        uint64_t fallbacks{0};                    //!< Greedy after the ILP
        uint64_t accounted{0};                    //!< Events where the accounting held
        uint64_t events{0};                       //!< Events checked
        std::vector<Occupancy> timeline;          //!< Every event, in order
    };

    /**
     * \param [in] fabric The datacenter (the one \p scheduler was set up on)
     * \param [in] scheduler The tenants' scheduler, set up
     * \param [in] fabricDelay Reconfiguration delay of the servers' fabrics
     * \param [in] samplesPerShape Slices sampled per shape and placement method
     */
    TenantDriver(Ptr<TorusFabric> fabric,
                 Ptr<SliceScheduler> scheduler,
                 Time fabricDelay,
                 uint32_t samplesPerShape);

    /**
     * \brief Schedules the requests' arrivals (and the departures of those placed). Call
     * once, before the run; the driver must live until the run ends.
     * \param [in] requests The requests (SliceRequestGenerator::Generate)
     */
    void Schedule(const std::vector<SliceRequestGenerator::Request>& requests);

    /// \return what happened so far (after the run)
    Outcome Collect() const;

    /**
     * \param [in] counts Accelerators held by tenants, free, failed, spare
     * \param [in] total Accelerators of the datacenter
     * \return true if they add up to \p total
     */
    static bool Accounts(const std::array<uint32_t, 4>& counts, uint32_t total);

    /// \return "AxBxC"
    static std::string ShapeName(const std::array<uint32_t, 3>& shape);

  private:
    /// Checks the accounting and records the occupancy.
    void Check();

    /// Reads a slice's paths once the fabrics of its rack are idle.
    void Snapshot(const SliceLayout& layout, const std::string& method);

    /// One request arrives.
    void Arrive(const SliceRequestGenerator::Request& request);

    Ptr<TorusFabric> m_fabric;                 //!< Datacenter
    Ptr<SliceScheduler> m_scheduler;           //!< Tenants
    Time m_fabricDelay;                        //!< Fabric reconfiguration delay
    uint32_t m_samplesPerShape;                //!< Samples per shape and method
    std::string m_lastMethod;                  //!< How the latest slice was placed
    std::map<std::string, uint32_t> m_sampled; //!< Samples taken per shape and method
    Outcome m_out;                             //!< Accumulated outcome
};

} // namespace ns3

#endif /* TENANT_DRIVER_H */
