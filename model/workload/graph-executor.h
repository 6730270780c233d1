/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GRAPH_EXECUTOR_H
#define GRAPH_EXECUTOR_H

#include "collective-algorithms.h"
#include "collective-controller.h"
#include "collective.h"
#include "execution-graph.h"

#include "ns3/data-rate.h"
#include "ns3/object.h"
#include "ns3/optical-timeline.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

class CollectiveTransport;

/**
 * \ingroup optical
 * \brief When one node of an execution graph ran.
 */
struct ExecNodeRecord
{
    Time start{Seconds(-1)}; //!< When it started (negative: not yet)
    Time end{Seconds(-1)};   //!< When it finished (negative: not yet)
};

/**
 * \ingroup optical
 * \brief What a graph's run took: the whole, each rank's compute, and the communication
 * that no compute hid.
 */
struct ExecutionSummary
{
    Time start;                //!< First node's start
    Time end;                  //!< Last node's end
    std::vector<Time> compute; //!< Per rank: time its compute nodes ran (their union)
    std::vector<Time> exposed; //!< Per rank: time communication ran with no compute running
    /// Per collective kind ("allreduce", ..., "sendrecv" for messages, "memory"): the largest
    /// exposed time of any rank
    std::map<std::string, Time> exposedByKind;
    /// Collectives that moved data (one per group, not per rank; zero-byte synchronizations
    /// and groups of one rank are not counted)
    uint64_t collectives{0};
    uint64_t messages{0};      //!< Send/receive pairs run
    double collectiveBytes{0}; //!< Their bytes (each schedule's S, once per collective)
    double messageBytes{0};    //!< Bytes of the messages

    /// \return end - start
    Time GetTotal() const;
};

/**
 * \ingroup optical
 * \brief Runs an ExecutionGraph over a CollectiveTransport (any backend: packet TCP, RDMA,
 * flow level) and a CollectiveController (OCS schedules, Opus rails), recording when each node
 * ran.
 *
 * A node starts when every node it depends on has finished. Compute nodes of one rank and
 * stream run one at a time, in the order they became ready (a GPU stream), taking their
 * duration or their roofline time (ExecutionGraph::ComputeTime); memory loads and stores take
 * bytes / MemoryRate. The i-th collective of a process group starts when every member has
 * reached it (in each rank's dependency order, as Validate matched them) and runs as a
 * Collective of the group's ranks on the transport (schedules from CollectiveAlgorithms, the
 * same code TrainingJob runs; a ScheduleSource may supply the schedule instead, for traffic
 * only known at run time such as MoE routing). A collective of zero bytes moves nothing: it
 * is a synchronization point that completes the moment its last member arrives. Sends are
 * eager, as ASTRA-sim's: a send's transfer (a two-rank SENDRECV from the sender to the
 * receiver) starts when the send is ready, and the send finishes when it is delivered; a
 * receive finishes when it is ready and its message has arrived. Communication nodes of a
 * rank run concurrently. Graph ranks map to transport ranks through Setup's \p ranks. A folded
 * graph (ExecutionGraph replicas) runs each collective once per replica index, each send once
 * per replica, and a node finishes when every replica's part has: one event per compute node
 * for all the replicas of a rank.
 *
 * Start may be called again once a run is done: the same graph runs again from then (records
 * and summary are those of the latest run). TrainingJob runs one iteration per run.
 */
class GraphExecutor : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GraphExecutor();
    ~GraphExecutor() override;

    /**
     * \brief What to run, where (call once, before Start).
     * \param [in] graph The graph (it must pass Validate: the run aborts with its message)
     * \param [in] transport The transport (ranks installed)
     * \param [in] ranks Transport rank of each rank of the expanded graph (ranks x replicas:
     * replica k of rank r at r x replicas + k)
     * \param [in] gpu The GPU of every rank (for compute without a duration, memory without
     * MemoryRate)
     */
    void Setup(const ExecutionGraph& graph,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const GpuSpec& gpu);

    /**
     * \brief What to run, where, without copying the graph (see the other Setup).
     * \param [in] graph The graph
     * \param [in] transport The transport
     * \param [in] ranks Transport rank of each graph rank
     * \param [in] gpu The GPU of every rank
     */
    void Setup(std::shared_ptr<const ExecutionGraph> graph,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const GpuSpec& gpu);

    /**
     * \brief Supplies the schedule of a collective when it starts: given the graph rank of the
     * group's first member (the rank itself among replicas), the node (as that rank has it)
     * and the replica index (0 if not folded), returns the schedule to run on the group (ranks
     * 0..n-1 in the group's order), or null for the one CollectiveAlgorithms builds from the
     * node's kind, algorithm and bytes.
     */
    using ScheduleSource =
        std::function<std::shared_ptr<const CollectiveSchedule>(uint32_t rank,
                                                                const ExecNode& node,
                                                                uint32_t replica)>;

    /// \param [in] source Asked at the start of every collective (empty: none)
    void SetScheduleSource(ScheduleSource source);

    /// \param [in] controller Asked before each collective starts (OCS schedules, rails)
    void SetController(Ptr<CollectiveController> controller);

    /**
     * \brief Whether this folded graph's replicas can be simulated as one (MirrorReplicas):
     * no schedule source (MoE routing draws each replica's traffic apart) and no controller;
     * the replicas of every rank that has collectives among its replicas share one scale-up
     * domain (that traffic then never meets the replicas' scale-out links); and the transport
     * accepts (CollectiveTransport::CheckMirroredRanks) the replicas of every group and of
     * every sender and receiver pair. A graph that is not folded has nothing to mirror: true.
     * Call after Setup(), SetScheduleSource() and SetController(); Start() calls it when
     * MirrorReplicas is set and aborts with \p why if it fails.
     * \param [out] why What breaks it
     * \return true if replica 0 alone gives every replica's times exactly
     */
    bool CheckMirroring(std::string& why);

    /**
     * \brief Starts the run now (again, once the previous run is done).
     * \param [in] done Called when every node has finished
     */
    void Start(std::function<void()> done = nullptr);

    /// \return whether every node has finished
    bool IsDone() const;

    /// \param [in] rank A graph rank \param [in] index A node index (GetNodes order)
    /// \return when it ran
    const ExecNodeRecord& GetRecord(uint32_t rank, std::size_t index) const;

    /// \return the run's summary (complete once IsDone())
    ExecutionSummary GetSummary() const;

    /**
     * \brief Adds the run to a timeline: a process named after the run (Name: a training job's
     * name) with two tracks per rank, its compute ("rank R compute": one slice per compute node)
     * and its communication ("rank R communication": collectives named by kind and group, sends and
     * receives by peer, memory transfers; concurrent ones overlap on the track). Nodes not finished
     * are left out. \param [in,out] timeline The timeline
     */
    void AddToTimeline(OpticalTimeline& timeline) const;

    /**
     * \brief TracedCallback signature of a node starting or finishing.
     * \param [in] rank Its graph rank
     * \param [in] id Its id
     */
    typedef void (*NodeTracedCallback)(uint32_t rank, uint64_t id);

  protected:
    void DoDispose() override;

  private:
    /// A node: its rank and index.
    using Where = std::pair<uint32_t, std::size_t>;

    /// Ranks that wait for one collective.
    struct Meeting
    {
        std::vector<Where> arrived; //!< Parties arrived
    };

    /// One message: delivered before its receive was posted, or posted before delivery.
    struct Message
    {
        bool delivered{false}; //!< The transfer is done
        bool posted{false};    //!< The receive is ready
        Where recv;            //!< The receive (posted)
    };

    /// A GPU stream of a rank: compute nodes ready to run, one at a time.
    struct Stream
    {
        std::deque<std::size_t> queued; //!< Ready, not started
        bool busy{false};               //!< Running a node
    };

    /// A message: source, destination, tag, its index among theirs.
    using MessageKey = std::tuple<uint32_t, uint32_t, uint64_t, uint64_t>;

    /// \brief Sets the run's state up for a (new) run.
    void Reset();
    /// \brief Ends a run: RunEnd, then the caller's callback.
    void EndRun();
    /// \param [in] r Rank \param [in] i Node: its dependencies are done
    void Ready(uint32_t r, std::size_t i);
    /// \param [in] r Rank \param [in] i A collective node: its rank arrived
    void Arrive(uint32_t r, std::size_t i);
    /// \param [in] r Rank \param [in] s A compute stream (index): starts its next node if idle
    void RunStream(uint32_t r, std::size_t s);
    /// \param [in] r Rank \param [in] i Node: finished now
    void Finish(uint32_t r, std::size_t i);
    /// \brief Starts a send's transfer. \param [in] send The send \param [in] from Where
    /// it is \param [in] key Its message
    void Launch(const ExecNode& send, Where from, MessageKey key);
    /**
     * \brief Runs a schedule on transport ranks (a schedule without transfers completes at
     * the next event).
     * \param [in] schedule The schedule \param [in] ranks Transport ranks
     * \param [in] done Called when it completes
     */
    void Run(std::shared_ptr<const CollectiveSchedule> schedule,
             const std::vector<uint32_t>& ranks,
             std::function<void()> done);

    Ptr<CollectiveTransport> m_transport;          //!< Transport
    Ptr<CollectiveController> m_controller;        //!< Controller (or null)
    std::shared_ptr<const ExecutionGraph> m_graph; //!< The graph
    std::vector<uint32_t> m_ranks;                 //!< Transport rank of each graph rank
    GpuSpec m_gpu;                                 //!< The GPU
    DataRate m_memoryRate;                         //!< MemoryRate (0: the GPU's HBM)
    bool m_mirror{false};                          //!< MirrorReplicas
    bool m_mirrorChecked{false};                   //!< CheckMirroring passed
    std::string m_name;                            //!< Name
    std::string m_who;                             //!< "GraphExecutor 'NAME'", for messages
    ScheduleSource m_source;                       //!< Schedules supplied at run time
    CollectiveScheduleCache m_schedules;           //!< Schedules built so far
    std::vector<std::vector<uint32_t>> m_depCount; //!< Per node: its distinct dependencies
    std::vector<std::vector<uint32_t>> m_waiting;  //!< Per node: dependencies left
    std::vector<std::vector<std::vector<std::size_t>>> m_next; //!< Per node: dependents
    std::vector<std::vector<uint64_t>> m_seq;                  //!< Per node: its match index
    std::vector<std::vector<uint32_t>> m_slot; //!< Per node: its stream (compute) or group
    /// Per group, per replica index: transport ranks
    std::vector<std::vector<std::vector<uint32_t>>> m_groupRanks;
    std::vector<uint32_t> m_groupFirst;                             //!< Per group: first graph rank
    std::vector<std::string> m_groupNames;                          //!< Per group: its name
    std::vector<std::vector<Stream>> m_streams;                     //!< Per rank: its streams
    std::vector<std::vector<ExecNodeRecord>> m_records;             //!< Per node: when it ran
    std::map<std::pair<uint32_t, uint64_t>, Meeting> m_collectives; //!< Gathering
    std::map<MessageKey, Message> m_messages;                       //!< Messages under way
    std::vector<Ptr<Collective>> m_live;                            //!< Collectives started
    std::size_t m_nodes{0};                                         //!< Nodes of the graph
    std::size_t m_left{0};                                          //!< Nodes not finished
    bool m_running{false};                                          //!< A run is under way
    uint64_t m_nCollectives{0};                                     //!< Collectives run
    uint64_t m_nMessages{0};                                        //!< Messages run
    double m_collectiveBytes{0};                                    //!< Their bytes
    double m_messageBytes{0};                                       //!< Message bytes
    std::function<void()> m_done;                                   //!< Called at the end
    Time m_runStart;                                                //!< Start of the run
    TracedCallback<Time> m_runEnd;                                  //!< RunEnd
    TracedCallback<uint32_t, uint64_t> m_nodeStart;                 //!< NodeStart
    TracedCallback<uint32_t, uint64_t> m_nodeEnd;                   //!< NodeEnd
    TracedCallback<const CollectiveRecord&> m_collectiveTrace;      //!< CollectiveCompleted
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseStartTrace; //!< PhaseStart
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseEndTrace; //!< PhaseEnd
};

} // namespace ns3

#endif // GRAPH_EXECUTOR_H
