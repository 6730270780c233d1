/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_RAIL_RECORDER_H
#define PHOTONIC_RAIL_RECORDER_H

#include "ns3/nstime.h"
#include "ns3/photonic-rail-controller.h"
#include "ns3/ptr.h"
#include "ns3/results-store.h"
#include "ns3/training-job.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Records what a photonic rail controller (Opus) did in each iteration of a training
 * job: its counters at every IterationEnd of the job, differenced into per-iteration counts
 * (reconfigurations, OCS transitions, speculative ones, circuit requests, circuit wait), and
 * every OCS transition it requested (its \c Transition trace).
 *
 * \code
 *   PhotonicRailRecorder recorder;
 *   recorder.Attach(job, railFabric.GetController());
 *   ... run ...
 *   recorder.GetLastIteration().reconfigurations;   // of the last completed iteration
 * \endcode
 *
 * The per-iteration counts add up to the controller's totals at the last IterationEnd.
 */
class PhotonicRailRecorder
{
  public:
    /// The controller's counters (totals, or over one iteration).
    struct Counters
    {
        uint64_t reconfigurations{0}; //!< Reconfigurations
        uint64_t transitions{0};      //!< OCS transitions
        uint64_t speculative{0};      //!< ... of which speculative
        uint64_t requests{0};         //!< Circuit requests
        Time wait;                    //!< Time collectives waited for circuits
    };

    /// One OCS transition.
    struct Transition
    {
        double timeS{0};           //!< When (s)
        uint32_t rail{0};          //!< Rail
        uint32_t circuits{0};      //!< Circuits of the new configuration
        bool speculative{false};   //!< Requested ahead of a collective
        std::string configuration; //!< The configuration (OcsConfiguration::ToString)
    };

    /// What a run's controller did, once it ended.
    struct Summary
    {
        Counters last;                       //!< In the last completed iteration
        std::vector<Transition> transitions; //!< Every transition
        uint64_t multiRound{0};              //!< Time-multiplexed collectives (whole run)
        uint64_t ocsDrops{0};                //!< Frames the OCSes dropped (whole run)
    };

    /**
     * \param [in] controller A controller
     * \return its counters now
     */
    static Counters Read(Ptr<PhotonicRailController> controller);

    /**
     * \param [in] later Counters
     * \param [in] earlier Counters read before
     * \return what happened in between
     */
    static Counters Difference(const Counters& later, const Counters& earlier);

    /**
     * \brief Starts recording (before the job starts).
     * \param [in] job The job whose iterations delimit the counts
     * \param [in] controller Its fabric's controller (nullptr: nothing is recorded)
     */
    void Attach(Ptr<TrainingJob> job, Ptr<PhotonicRailController> controller);

    /// \return the counts of every completed iteration, in order
    const std::vector<Counters>& GetIterations() const;

    /// \return the counts of the last completed iteration (zero if none)
    Counters GetLastIteration() const;

    /// \return every transition, in order
    const std::vector<Transition>& GetTransitions() const;

    /**
     * \param [in] switches The fabric's OCSes (RailNetworkHelper::GetSwitches)
     * \return the summary of the run so far (all zero without a controller)
     */
    Summary Summarize(const std::vector<Ptr<OpticalCircuitSwitch>>& switches) const;

    /**
     * \brief Writes the transitions to the table ev_transitions (time_s, rail, circuits,
     * speculative, configuration), created if needed.
     * \param [in] store The results store (nullptr: nothing)
     * \param [in] runId Its run
     * \param [in] transitions The transitions (GetTransitions())
     */
    static void WriteTransitions(ResultsStore* store,
                                 int64_t runId,
                                 const std::vector<Transition>& transitions);

  private:
    /// A job's iteration ended (trace sink).
    void IterationEnd(const IterationRecord& record);

    /// The controller requested a transition (trace sink).
    void Transitioned(uint32_t rail, const OcsConfiguration& configuration, bool speculative);

    Ptr<PhotonicRailController> m_controller; //!< The controller
    Counters m_mark;                          //!< Totals at the latest IterationEnd
    std::vector<Counters> m_iterations;       //!< Per iteration
    std::vector<Transition> m_transitions;    //!< Every transition
};

} // namespace ns3

#endif /* PHOTONIC_RAIL_RECORDER_H */
