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
#include "execution-graph.h"
#include "graph-executor.h"
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
 * \brief A hybrid-parallel (DP, TP, PP, EP) training job: a generator of the ExecutionGraph of
 * an iteration, run iteration after iteration by a GraphExecutor on a CollectiveTransport.
 *
 * Per micro-batch and pipeline stage: the forward pass of each layer computes (FLOPs / (peak x
 * MFU)) in two halves, each followed by a TP all-reduce of the activations; a MoE layer adds
 * an EP all-to-all dispatch and combine (their schedules drawn from MoeTraffic's routing as
 * they start). The backward pass does the same at twice the compute. Activations (forward)
 * and gradients (backward) go between stages as sends and receives of b x s x h x bytes / TP
 * per tensor rank. Stages follow GPipe or 1F1B. The DP gradient all-reduce (or reduce-scatter
 * + all-gather with ZeRO) runs per layer as soon as every replica finished that layer's last
 * backward (overlap), or once per stage after it.
 *
 * A stage's TP ranks move in lockstep: the graph is folded, one rank per stage with the tensor
 * ranks as its replicas (ExecutionGraph), so a stage starts an op when the input of every one
 * of its tensor ranks has arrived and leaves an EP all-to-all when every tensor rank's has
 * finished. BuildGraph().Expand() is the graph with one rank per GPU (what ChakraTrace
 * writes), which runs to the same times.
 *
 * Every collective goes through the job's controller, if any (a network controller's hold),
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

    /**
     * \brief The graph of one iteration, the one Start runs, folded: rank d x PP + p is stage
     * p of data replica d, its TP ranks are its replicas (Expand(): rank
     * TrainingConfig::Rank(d, p, t) per GPU); TP all-reduces among replicas, process groups
     * "dp.pP" and "ep.bB.pP"; compute nodes with their duration and FLOPs. MoE all-to-alls
     * carry their expected bytes (T x k x H x bytes per rank); a run draws their routing.
     * \return the graph (it passes ExecutionGraph::Validate)
     */
    ExecutionGraph BuildGraph() const;

    /**
     * \brief Whether MirrorReplicas would be exact for this job on its transport (and its
     * controller, if set), for a program to refuse it before the run: the job's graph on a
     * GraphExecutor's CheckMirroring; an MoE job with EP > 1 is refused (its routing gives each
     * replica its own all-to-all). Call after Setup (and SetController).
     * \param [out] why What breaks it
     * \return true if simulating one replica per stage is exact
     */
    bool CheckMirroring(std::string& why) const;

    /// \return the executor of the iterations (null before Start): its records are those of
    /// the latest iteration
    Ptr<GraphExecutor> GetExecutor() const;

  protected:
    void DoDispose() override;

  private:
    /// One op (a forward or a backward of one micro-batch) of a stage: node indices of the
    /// stage's rank.
    struct OpPlan
    {
        std::size_t first{0}; //!< Its first node (compute)
        std::size_t last{0};  //!< Its last node: the op ends when it does
        bool input{false};    //!< Waits for an activation or gradient from a neighbour
        uint32_t from{0};     //!< ... sent by this rank
        std::size_t send{0};  //!< ... by this send node
    };

    /// What the iteration record reads of a stage.
    struct StagePlan
    {
        std::vector<OpPlan> ops;     //!< In order
        std::vector<std::size_t> tp; //!< TP all-reduces
        std::vector<std::size_t> ep; //!< EP all-to-alls
        double computeS{0};          //!< Compute (s)
    };

    /// A MoE all-to-all: which routing and which way.
    struct MoeStep
    {
        uint64_t route{0};    //!< Routing (stage, block, micro-batch, layer, direction)
        bool dispatch{false}; //!< Dispatch (draws the routing) or combine (returns it)
    };

    /**
     * \brief Generates the graph of an iteration.
     * \param [out] graph The graph
     * \param [out] plans What the record reads, per stage d x PP + p (may be null)
     * \param [out] moe The MoE all-to-alls by (group's first rank, node id) (may be null)
     */
    void Build(ExecutionGraph& graph,
               std::vector<StagePlan>* plans,
               std::map<std::pair<uint32_t, uint64_t>, MoeStep>* moe) const;
    /// \param [in] p A stage \return its ops in order: (forward?, micro-batch)
    std::vector<std::pair<bool, uint32_t>> Ops(uint32_t p) const;
    /**
     * \param [in] rank Group's first rank \param [in] node A collective
     * \param [in] t Tensor rank (replica) \return its MoE schedule, or null
     */
    std::shared_ptr<const CollectiveSchedule> MoeSchedule(uint32_t rank,
                                                          const ExecNode& node,
                                                          uint32_t t);
    void StartIteration();
    void EndIteration();

    TrainingConfig m_config;                                     //!< Configuration
    Ptr<CollectiveTransport> m_transport;                        //!< Transport
    std::vector<uint32_t> m_ranks;                               //!< Job rank -> transport rank
    std::string m_name;                                          //!< Job name
    bool m_mirror{false};                                        //!< MirrorReplicas
    Ptr<CollectiveController> m_controller;                      //!< Network controller
    Ptr<MoeTraffic> m_moe;                                       //!< MoE routing and transfers
    Ptr<GraphExecutor> m_executor;                               //!< Runs the iterations
    std::vector<StagePlan> m_plans;                              //!< Per stage
    std::map<std::pair<uint32_t, uint64_t>, MoeStep> m_moeSteps; //!< MoE all-to-alls
    std::map<uint64_t, std::vector<std::vector<std::vector<uint64_t>>>> m_routing; //!< Drawn
    uint32_t m_iterationsLeft{0};                              //!< Iterations still to run
    Time m_start;                                              //!< Start of this iteration
    std::vector<IterationRecord> m_iterations;                 //!< Completed iterations
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
