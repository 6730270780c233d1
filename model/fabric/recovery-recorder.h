/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RECOVERY_RECORDER_H
#define RECOVERY_RECORDER_H

#include "slice-scheduler.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Failover studies of a torus datacenter's tenants: fills racks with slices, records
 * every recovery a SliceScheduler reports (its \c Recovered trace), and splits a recovery into
 * its phases (a spare swap: the fabrics' rewire, then the collective re-sync; a migration:
 * moving and restarting the job, then the re-sync).
 *
 * \code
 *   RecoveryRecorder recorder;
 *   RecoveryRecorder::Fill(scheduler, 3, {{2, 4, 4}, {2, 2, 4}});
 *   recorder.Attach(scheduler);
 *   Simulator::Schedule(Seconds(10), &SliceScheduler::Fail, scheduler, accelerator);
 *   Simulator::Run();
 *   recorder.GetLast().downtime;   // fabric delay + re-sync under morphlux with a spare
 * \endcode
 */
class RecoveryRecorder
{
  public:
    /// One recovery.
    struct Recovery
    {
        bool done{false};  //!< A recovery was recorded
        Time downtime;     //!< From the failure until the job runs again
        uint32_t blast{0}; //!< Accelerators whose work stopped
        Time rewire;       //!< Fabric rewire (0 for a migration)
    };

    /// A phase of a recovery.
    struct Phase
    {
        std::string name; //!< rewire, migration or resync
        double startS{0}; //!< Start (s)
        double endS{0};   //!< End (s)
    };

    /**
     * \brief Requests the list of slices \p racks times over (tenants 1, 2, ... in order of
     * placement; a request that does not fit is skipped), e.g. one list per rack to fill.
     * \param [in] scheduler The scheduler, set up
     * \param [in] racks Times the list is requested
     * \param [in] shapes Slices per rack
     * \return tenants placed
     */
    static uint32_t Fill(Ptr<SliceScheduler> scheduler,
                         uint32_t racks,
                         const std::vector<std::array<uint32_t, 3>>& shapes);

    /**
     * \brief Checks that Fill() placed every slice asked for.
     * \param [in] placed What Fill() returned
     * \param [in] racks Times the list was requested
     * \param [in] shapes Slices per rack
     * \param [in] rackAccelerators Accelerators of one rack
     * \param [in] spares Spares per rack
     * \return empty, or how many were placed of how many, with the accelerators they ask for
     */
    static std::string CheckFilled(uint32_t placed,
                                   uint32_t racks,
                                   const std::vector<std::array<uint32_t, 3>>& shapes,
                                   uint32_t rackAccelerators,
                                   uint32_t spares);

    /**
     * \param [in] layout A slice
     * \return the accelerator in its middle (the one a scripted failure hits)
     */
    static uint32_t MiddleAccelerator(const SliceLayout& layout);

    /**
     * \brief The phases of a recovery: rewire then resync when it rewired, else migration
     * (\p migration long) then resync, up to the failure time plus its downtime.
     * \param [in] recovery The recovery
     * \param [in] failedAt When the failure happened
     * \param [in] migration Migration and restart time (SliceScheduler MigrationTime)
     * \return the two phases
     */
    static std::vector<Phase> Phases(const Recovery& recovery, Time failedAt, Time migration);

    /**
     * \brief The share of failures the spares absorbed (%): covered / failures; with no
     * failures, 100 if spares exist and the policy uses them, else 0.
     * \param [in] stats The scheduler's counters
     * \param [in] sparesUsed The policy swaps in spares and there are some
     * \return the coverage (%)
     */
    static double Coverage(const SliceScheduler::Stats& stats, bool sparesUsed);

    /// \param [in] scheduler The scheduler whose recoveries to record
    void Attach(Ptr<SliceScheduler> scheduler);

    /// \return the latest recovery (done false if none)
    const Recovery& GetLast() const;

    /// \return recoveries recorded
    uint32_t GetN() const;

    /// \return mean downtime (s; 0 if none)
    double GetMeanDowntimeS() const;

    /// \return mean blast radius (accelerators; 0 if none)
    double GetMeanBlast() const;

  private:
    /// Records one recovery (trace sink).
    void Recovered(uint64_t tenant, Time downtime, uint32_t blast, Time rewire);

    Recovery m_last;       //!< Latest
    double m_downtimeS{0}; //!< Sum of downtimes
    double m_blast{0};     //!< Sum of blast radii
    uint32_t m_n{0};       //!< Recoveries
};

} // namespace ns3

#endif /* RECOVERY_RECORDER_H */
