/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_TRAFFIC_AWARE_SCHEDULER_H
#define RDCN_TRAFFIC_AWARE_SCHEDULER_H

#include "rdcn-demand-decomposition.h"
#include "rdcn-schedule.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A traffic-aware controller of a time-slotted network: every Epoch it reads the
 * ToR-to-ToR demand, decomposes it into matchings (BvN or max-weight per slot) and installs a
 * new cycle on the schedule (RdcnSchedule::Install).
 *
 * Every cycle has the same length L = B + D: B = ceil((N-1)/U) round-robin slices per uplink
 * (every pair meets each cycle, so direct and VLB routing keep working) and D = DemandSlots
 * demand slices per uplink (RdcnDemandDecomposition::ToMatchings). L stays constant across
 * epochs, so that per-slice calendar queues keep their meaning. Start() sets the schedule's
 * first cycle to the round robin plus D more round-robin slices when its length is not L.
 *
 * The decision at time t takes effect at the first cycle boundary (a slot where slice 0 of
 * the cycle in place begins) that starts at or after t + ControlDelay + Guard (the schedule's
 * guard band: the OCSes must be programmed before they move). A later decision that lands on
 * the same or an earlier boundary replaces a pending one.
 */
class RdcnTrafficAwareScheduler : public Object
{
  public:
    /// Decomposition of the demand.
    enum Algorithm
    {
        BVN,       //!< Birkhoff-von Neumann: slices in proportion to the BvN weights
        MAX_WEIGHT //!< One max-weight matching per demand slice (Solstice / c-Through style)
    };

    /// Demand source: bytes per [src ToR][dst ToR] since the last report plus what is queued.
    using DemandSource = std::function<RdcnDemandMatrix()>;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    RdcnTrafficAwareScheduler();
    ~RdcnTrafficAwareScheduler() override;

    /// \brief Sets the schedule to drive. \param schedule a schedule with its first cycle set
    void SetSchedule(Ptr<RdcnSchedule> schedule);
    /// \return the schedule driven
    Ptr<RdcnSchedule> GetSchedule() const;

    /// \brief Sets where the demand comes from. \param source called once per epoch
    void SetDemandSource(DemandSource source);

    /**
     * \brief Starts deciding: the first decision is one Epoch from now, then every Epoch.
     * \param error set when the scheduler cannot start (no schedule, no demand source, bad
     *        numbers), naming the value
     * \return true when started
     */
    bool Start(std::string& error);

    /// \brief Start() that aborts with the message on failure (for scripts set up in code).
    void Start();

    /// \brief Stops deciding (the cycles already installed stay).
    void Stop();

    /// \return the cycle length L = B + D
    uint32_t GetCycleLength() const;
    /// \return D, the demand slices per uplink in use (DemandSlots, or B when it is 0)
    uint32_t GetDemandSlices() const;

    /**
     * \brief One decision now, without installing it (also what each epoch does).
     * \param demand the demand matrix
     * \param matchings set to the new cycle, [uplink][slice]
     * \param weighted set to the weighted permutations the cycle came from
     * \param error set on failure
     * \return true on success
     */
    bool Decide(const RdcnDemandMatrix& demand,
                std::vector<std::vector<RdcnMatching>>& matchings,
                std::vector<RdcnWeightedMatching>& weighted,
                std::string& error) const;

    /**
     * \return the first slot of the first cycle boundary that begins at or after
     *         \p decision + ControlDelay + Guard
     * \param decision when the decision is made
     */
    uint64_t GetInstallSlot(Time decision) const;

    /// \return epochs run (decisions attempted)
    uint64_t GetNEpochs() const;
    /// \return cycles installed
    uint64_t GetNInstalled() const;
    /// \return epochs whose demand or decision failed (the schedule was left as it was)
    uint64_t GetNFailed() const;
    /// \return the first slot of the last cycle installed (0 if none)
    uint64_t GetLastInstallSlot() const;
    /// \return the weighted permutations of the last decision
    const std::vector<RdcnWeightedMatching>& GetLastWeighted() const;

    /// TracedCallback signature of Decided: epoch index (from 0) and number of matchings.
    typedef void (*DecidedTracedCallback)(uint64_t epoch, uint32_t matchings);

  protected:
    void DoDispose() override;

  private:
    /// One epoch: read, decide, install, schedule the next.
    void Epoch();

    Time m_epoch;                                 //!< Epoch attribute
    Algorithm m_algorithm{BVN};                   //!< Algorithm attribute
    uint32_t m_demandSlots{0};                    //!< DemandSlots attribute (0: B)
    Time m_controlDelay;                          //!< ControlDelay attribute
    DataRate m_uplinkRate;                        //!< UplinkRate attribute
    Ptr<RdcnSchedule> m_schedule;                 //!< Schedule driven
    DemandSource m_source;                        //!< Demand source
    EventId m_event;                              //!< Next epoch
    uint64_t m_epochs{0};                         //!< Epochs run
    uint64_t m_installed{0};                      //!< Cycles installed
    uint64_t m_failed{0};                         //!< Epochs that failed
    uint64_t m_lastSlot{0};                       //!< First slot of the last install
    std::vector<RdcnWeightedMatching> m_last;     //!< Last decision's permutations
    TracedCallback<uint64_t, uint32_t> m_decided; //!< Decided trace
};

} // namespace ns3

#endif /* RDCN_TRAFFIC_AWARE_SCHEDULER_H */
