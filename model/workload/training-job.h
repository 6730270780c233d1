/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAINING_JOB_H
#define TRAINING_JOB_H

#include "collective-algorithms.h"
#include "collective-controller.h"
#include "collective.h"
#include "moe-traffic.h"
#include "training-config.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One training iteration of a job: its time and where the time went.
 *
 * The breakdown is that of the busiest stage (the stage of the most compute; the first of
 * them on a tie), over the iteration's time T from its start to its end:
 * T = compute + bubble + exposed communication, where
 * - compute is the stage's busy GPU time (the sum of its compute steps);
 * - exposed communication is the time the stage waited on communication: blocked on its TP
 *   all-reduces and EP all-to-alls inside an op, idle while the activation or gradient its
 *   next op needs was in flight (from its send to its arrival: PP), and the tail from the
 *   moment every stage finished to the end of the iteration (the DP reduction outlasting
 *   the stages);
 * - bubble is the rest of the time the stage idles, measured: waiting for work that its
 *   neighbours have not produced yet (the pipeline's fill and drain, imbalance between
 *   stages, and any delay that communication caused upstream), and waiting after its last
 *   op for the other stages to finish.
 *
 * Idle, PP and DP waits are measured intervals of simulated time, so the bubble is exact (0
 * without a pipeline); compute + bubble + exposed communication equals T up to the nanosecond
 * rounding of the compute steps.
 * bubbleFormulaS keeps the textbook estimate (PP - 1) / m x compute (GPipe and 1F1B alike,
 * balanced stages and free communication), which the measured bubble equals in that case:
 * bubble / T = (PP - 1) / (m + PP - 1).
 */
struct IterationRecord
{
    uint32_t index{0};        //!< Iteration number
    Time start;               //!< Start
    Time end;                 //!< End
    double computeS{0};       //!< Compute of the busiest stage (s)
    double bubbleS{0};        //!< Pipeline bubble of the busiest stage, measured (s)
    double bubbleFormulaS{0}; //!< Ideal bubble (PP - 1) / m x computeS (s)
    double exposedCommS{0};   //!< Communication the busiest stage waited on (s)
    double exposedTpS{0};     //!< ... of which it was blocked on TP all-reduces (s)
    double exposedEpS{0};     //!< ... of which it was blocked on EP all-to-alls (s)
    double exposedDpS{0};     //!< ... of which the DP gradient reduction outlasted the stages (s)
    double exposedPpS{0};     //!< ... of which it idled with its next input in flight (s)
    uint64_t collectives{0};  //!< Collectives run (TP, PP, DP, EP)
    double bytes{0};          //!< Bytes those collectives were defined on (sum of S)
};

/**
 * \ingroup optical
 * \brief A hybrid-parallel (DP, TP, PP, EP) training job that generates, iteration after
 * iteration, the compute and the communication of each parallelism on a CollectiveTransport.
 *
 * Per micro-batch and pipeline stage: the forward pass of each layer computes (FLOPs / (peak x
 * MFU)) in two halves, each followed by a TP all-reduce of the activations; a MoE layer adds
 * an EP all-to-all dispatch and combine. The backward pass does the same at twice the compute.
 * Activations (forward) and gradients (backward) go between stages as send/receive of
 * b x s x h x bytes / TP per tensor rank. Stages follow GPipe or 1F1B. The DP gradient
 * all-reduce (or reduce-scatter + all-gather with ZeRO) runs per layer as soon as every
 * replica finished that layer's last backward (overlap), or once per stage after it.
 *
 * Every collective goes through the job's start gate, if any (a network controller's hold),
 * and through the PhaseStart / PhaseEnd traces.
 */
class TrainingJob : public Object
{
  public:
    /**
     * TracedCallback signature for the end of an iteration.
     * \param [in] record The iteration
     */
    typedef void (*IterationTracedCallback)(const IterationRecord& record);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    TrainingJob();

    /**
     * \brief Sets the job up.
     * \param [in] config The job (Validate()d against the rank count: a fatal error otherwise)
     * \param [in] transport Transport
     * \param [in] ranks Transport rank of each job rank (size DP x TP x PP)
     * \param [in] name Job name, for records and traces
     */
    void Setup(const TrainingConfig& config,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const std::string& name);

    /**
     * \param [in] gate A network controller's hold on every collective of the job
     */
    void SetStartGate(Collective::StartGate gate);

    /**
     * \param [in] controller A network controller for every collective of the job (see
     * CollectiveController; replaces any start gate)
     */
    void SetController(Ptr<CollectiveController> controller);

    /**
     * \brief Runs iterations back to back from now.
     * \param [in] iterations How many
     * \param [in] done Called after the last (may be empty)
     */
    void Start(uint32_t iterations, std::function<void()> done = nullptr);

    /**
     * \brief Assigns fixed random streams (MoE routing).
     * \param [in] stream First stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the completed iterations
    const std::vector<IterationRecord>& GetIterations() const;

    /// \return the configuration
    const TrainingConfig& GetConfig() const;

  protected:
    void DoDispose() override;

  private:
    /// One pipeline stage of one data replica (its TP ranks move in lockstep).
    struct Stage
    {
        std::vector<std::pair<bool, uint32_t>> ops; //!< (forward?, micro-batch) in order
        std::size_t next{0};                        //!< Next op
        bool busy{false};                           //!< Running an op
        std::vector<bool> forwardDone;              //!< Per micro-batch
        std::vector<bool> activationIn;             //!< Activation arrived (stage > 0)
        std::vector<bool> gradientIn;               //!< Gradient arrived (stage < PP-1)
        std::vector<Time> activationSent;           //!< When each activation was sent
        std::vector<Time> gradientSent;             //!< When each gradient was sent
        double computeS{0};                         //!< Busy compute time this iteration
        double tpWaitS{0};                          //!< Time blocked on TP all-reduces
        double epWaitS{0};                          //!< Time blocked on EP all-to-alls
        Time idle;                                  //!< Time between ops (not running one)
        Time ppWait;                                //!< ... of which the next input was in flight
        Time idleSince;                             //!< End of the last op (or start)
        uint32_t backwardsDone{0};                  //!< Backward ops done
    };

    /// A group collective that several replicas reach: run once when all have arrived.
    struct Meeting
    {
        uint32_t arrived{0};                        //!< Replicas arrived
        std::vector<std::function<void()>> waiters; //!< Continuations
    };

    using Step = std::function<void(std::function<void()>)>;

    void StartIteration();
    void TryNext(uint32_t d, uint32_t p);
    void RunOp(uint32_t d, uint32_t p, bool forward, uint32_t mb);
    void FinishOp(uint32_t d, uint32_t p, bool forward, uint32_t mb);
    void Sequence(std::shared_ptr<const std::vector<Step>> steps,
                  std::size_t i,
                  std::function<void()> done);
    Step Compute(uint32_t d, uint32_t p, double seconds);
    Step Blocking(uint32_t d, uint32_t p, bool tensor, Step step);
    void RunSchedule(std::shared_ptr<const CollectiveSchedule> schedule,
                     const std::vector<uint32_t>& jobRanks,
                     std::function<void()> done);
    void RunCollective(CollectiveKind kind,
                       CollectiveAlgorithm algorithm,
                       const std::vector<uint32_t>& jobRanks,
                       double bytes,
                       std::function<void()> done);
    void Meet(const std::string& key,
              uint32_t expected,
              std::function<void(std::function<void()>)> launch,
              std::function<void()> continuation);
    void DataParallel(uint32_t p, double bytes);
    void MaybeEndIteration();
    Stage& StageOf(uint32_t d, uint32_t p);

    TrainingConfig m_config;                //!< Configuration
    Ptr<CollectiveTransport> m_transport;   //!< Transport
    std::vector<uint32_t> m_ranks;          //!< Job rank -> transport rank
    std::string m_name;                     //!< Job name
    Ptr<CollectiveController> m_controller; //!< Network controller
    std::vector<Stage> m_stages;            //!< [d * PP + p]
    Ptr<MoeTraffic> m_moe;                  //!< MoE routing and transfers
    std::map<std::string, std::vector<std::vector<uint64_t>>> m_routing; //!< Dispatch routing
    std::map<std::string, Meeting> m_meetings;                 //!< Group collectives being gathered
    CollectiveScheduleCache m_schedules;                       //!< Schedules built so far
    uint32_t m_iterationsLeft{0};                              //!< Iterations still to run
    uint32_t m_stagesDone{0};                                  //!< Stages done this iteration
    Time m_lastStageDone;                                      //!< When the last stage finished
    uint32_t m_dpPending{0};                                   //!< DP collectives not yet done
    uint32_t m_dpExpected{0};                                  //!< DP groups still to start
    IterationRecord m_current;                                 //!< Iteration under way
    std::vector<IterationRecord> m_iterations;                 //!< Completed iterations
    std::vector<Ptr<Collective>> m_live;                       //!< Collectives of this iteration
    std::function<void()> m_done;                              //!< Called after the last iteration
    TracedCallback<const IterationRecord&> m_iterationTrace;   //!< IterationEnd
    TracedCallback<const CollectiveRecord&> m_collectiveTrace; //!< CollectiveCompleted
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseStartTrace; //!< PhaseStart
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseEndTrace; //!< PhaseEnd
};

} // namespace ns3

#endif /* TRAINING_JOB_H */
