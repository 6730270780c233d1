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
    uint64_t collectives{0};   //!< Collectives run (one per group, not per rank)
    uint64_t messages{0};      //!< Send/receive pairs run
    double collectiveBytes{0}; //!< Their bytes (CollectiveSpec's meaning, once per collective)
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
 * same code TrainingJob runs). Sends are eager, as ASTRA-sim's: a send's transfer (a
 * two-rank SENDRECV from the sender to the receiver) starts when the send is ready, and the
 * send finishes when it is delivered; a receive finishes when it is ready and its message has
 * arrived. Communication nodes of a rank run concurrently. Graph ranks map to transport ranks
 * through Setup's \p ranks.
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
     * \param [in] ranks Transport rank of each graph rank (as many as the graph has)
     * \param [in] gpu The GPU of every rank (for compute without a duration, memory without
     * MemoryRate)
     */
    void Setup(const ExecutionGraph& graph,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const GpuSpec& gpu);

    /// \param [in] controller Asked before each collective starts (OCS schedules, rails)
    void SetController(Ptr<CollectiveController> controller);

    /// \brief Starts the run now. \param [in] done Called when every node has finished
    void Start(std::function<void()> done = nullptr);

    /// \return whether every node has finished
    bool IsDone() const;

    /// \param [in] rank A graph rank \param [in] index A node index (GetNodes order)
    /// \return when it ran
    const ExecNodeRecord& GetRecord(uint32_t rank, std::size_t index) const;

    /// \return the run's summary (complete once IsDone())
    ExecutionSummary GetSummary() const;

    /**
     * \brief Adds the run to a timeline: a process "ranks" with two tracks per rank, its
     * compute ("rank R compute": one slice per compute node) and its communication ("rank R
     * communication": collectives named by kind and group, sends and receives by peer, memory
     * transfers; concurrent ones overlap on the track). Nodes not finished are left out.
     * \param [in,out] timeline The timeline
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
        uint32_t expected{0};       //!< Parties
        std::vector<Where> arrived; //!< Parties arrived
    };

    /// One message: delivered before its receive was posted, or posted before delivery.
    struct Message
    {
        bool delivered{false}; //!< The transfer is done
        bool posted{false};    //!< The receive is ready
        Where recv;            //!< The receive (posted)
    };

    /// A message: source, destination, tag, its index among theirs.
    using MessageKey = std::tuple<uint32_t, uint32_t, uint64_t, uint64_t>;

    /// \param [in] r Rank \param [in] i Node: its dependencies are done
    void Ready(uint32_t r, std::size_t i);
    /// \param [in] r Rank \param [in] stream A compute stream: starts its next node if idle
    void RunStream(uint32_t r, uint32_t stream);
    /// \param [in] r Rank \param [in] i Node: finished now
    void Finish(uint32_t r, std::size_t i);
    /// \brief Starts a send's transfer. \param [in] send The send \param [in] from Where
    /// it is \param [in] key Its message
    void Launch(const ExecNode& send, Where from, MessageKey key);
    /**
     * \brief Runs a collective on transport ranks.
     * \param [in] kind Kind \param [in] algorithm Algorithm \param [in] ranks Transport ranks
     * \param [in] size Bytes \param [in] done Called when it completes
     */
    void Run(CollectiveKind kind,
             CollectiveAlgorithm algorithm,
             const std::vector<uint32_t>& ranks,
             double size,
             std::function<void()> done);

    Ptr<CollectiveTransport> m_transport;         //!< Transport
    Ptr<CollectiveController> m_controller;       //!< Controller (or null)
    ExecutionGraph m_graph;                       //!< The graph
    std::vector<uint32_t> m_ranks;                //!< Transport rank of each graph rank
    GpuSpec m_gpu;                                //!< The GPU
    DataRate m_memoryRate;                        //!< MemoryRate (0: the GPU's HBM)
    std::string m_name;                           //!< Name
    CollectiveScheduleCache m_schedules;          //!< Schedules built so far
    std::vector<std::vector<uint32_t>> m_waiting; //!< Per node: deps left
    std::vector<std::vector<std::vector<std::size_t>>> m_next; //!< Per node: dependents
    std::vector<std::vector<uint64_t>> m_seq;                  //!< Per node: its match index
    std::vector<std::vector<ExecNodeRecord>> m_records;        //!< Per node: when it ran
    std::map<std::pair<uint32_t, uint32_t>, std::deque<std::size_t>> m_queued; //!< Streams
    std::map<std::pair<uint32_t, uint32_t>, bool> m_busy;              //!< Streams running a node
    std::map<std::pair<std::string, uint64_t>, Meeting> m_collectives; //!< Gathering
    std::map<MessageKey, Message> m_messages;                          //!< Messages under way
    std::vector<Ptr<Collective>> m_live;                               //!< Collectives started
    std::size_t m_left{0};                                             //!< Nodes not finished
    bool m_started{false};                                             //!< Start called
    uint64_t m_nCollectives{0};                                        //!< Collectives run
    uint64_t m_nMessages{0};                                           //!< Messages run
    double m_collectiveBytes{0};                                       //!< Their bytes
    double m_messageBytes{0};                                          //!< Message bytes
    std::function<void()> m_done;                                      //!< Called at the end
    TracedCallback<uint32_t, uint64_t> m_nodeStart;                    //!< NodeStart
    TracedCallback<uint32_t, uint64_t> m_nodeEnd;                      //!< NodeEnd
};

} // namespace ns3

#endif // GRAPH_EXECUTOR_H
