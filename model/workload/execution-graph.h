/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXECUTION_GRAPH_H
#define EXECUTION_GRAPH_H

#include "training-config.h"

#include "ns3/collective-kind.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a node of an execution graph does (Chakra's node types, without METADATA).
 */
enum class ExecNodeKind : uint8_t
{
    COMPUTE,      //!< A kernel: a duration, or FLOPs and bytes for the GPU's roofline
    COLLECTIVE,   //!< A collective on a process group (kind, bytes, algorithm)
    SEND,         //!< A point-to-point send to a peer (tag, bytes)
    RECV,         //!< The matching receive from a peer (tag, bytes)
    MEMORY_LOAD,  //!< A transfer from remote or host memory (bytes)
    MEMORY_STORE, //!< A transfer to remote or host memory (bytes)
};

/// \param [in] kind A kind \return its name ("compute", "collective", ...)
std::string GetExecNodeKindName(ExecNodeKind kind);

/**
 * \ingroup optical
 * \brief One operation of one rank in an ExecutionGraph.
 *
 * Named fields, not positions: set what the kind uses and leave the rest.
 * \code
 *   ExecNode gemm;
 *   gemm.id = 1;
 *   gemm.kind = ExecNodeKind::COMPUTE;
 *   gemm.flops = 2e12;                  // or gemm.duration = MicroSeconds(800)
 *   ExecNode ar;
 *   ar.id = 2;
 *   ar.kind = ExecNodeKind::COLLECTIVE;
 *   ar.collective = CollectiveKind::ALLREDUCE;
 *   ar.bytes = 64 << 20;
 *   ar.group = "dp";                    // ExecutionGraph::AddGroup("dp", {...}); "" is every rank
 *   ar.dataDeps = {1};
 * \endcode
 */
struct ExecNode
{
    uint64_t id{0};                           //!< Unique within its rank (Chakra's node id)
    std::string name;                         //!< Name (free text)
    ExecNodeKind kind{ExecNodeKind::COMPUTE}; //!< What it does
    Time duration;   //!< COMPUTE: its time; zero to use flops and bytes on the GPU's roofline
    double flops{0}; //!< COMPUTE: floating-point operations
    /// COMPUTE: memory traffic (bytes, roofline); COLLECTIVE: bytes per rank, as the
    /// CollectiveSpec defines them; SEND, RECV: the message; MEMORY_*: the transfer
    double bytes{0};
    CollectiveKind collective{CollectiveKind::ALLREDUCE};     //!< COLLECTIVE: which
    CollectiveAlgorithm algorithm{CollectiveAlgorithm::RING}; //!< COLLECTIVE: how
    std::string group; //!< COLLECTIVE: the process group (AddGroup); empty: every rank
    /// COLLECTIVE: among the replicas of its own rank (ExecutionGraph's replicas: the tensor
    /// ranks of a pipeline stage); the group is not used
    bool amongReplicas{false};
    uint32_t peer{0};               //!< SEND: destination rank; RECV: source rank
    uint64_t tag{0};                //!< SEND, RECV: matches a send to its receive
    uint32_t stream{0};             //!< The rank's stream (queue) it is issued on
    std::vector<uint64_t> dataDeps; //!< Nodes of the same rank whose results it consumes
    std::vector<uint64_t> ctrlDeps; //!< Nodes of the same rank it is ordered after
};

/**
 * \ingroup optical
 * \brief The work of a job as a graph per rank: compute, collectives, point-to-point
 * messages and memory transfers, with their dependencies (what Chakra execution traces hold).
 *
 * Every rank has its own nodes, identified by ids unique within the rank; a node starts when
 * every node it depends on (data or control) has finished. Collectives name a process group:
 * the i-th collective of a group on each of its ranks is the same collective (same kind and
 * bytes). A SEND from rank a to b with tag t meets the RECV on b from a with tag t (in the
 * order they appear). Validate() checks all of this and names the rank and node of the first
 * thing wrong; nothing is run here (an executor runs the graph over a transport).
 *
 * A rank may stand for several replicas that run its nodes in lockstep (the tensor-parallel
 * ranks of a pipeline stage, which do the same work at the same time): the graph is then
 * folded, and its expansion (Expand()) has one rank per replica, replica k of rank r being
 * rank r x replicas + k. In a folded graph a collective on a group runs once per replica
 * index (over the k-th replicas of the group's ranks) and finishes when every one has; a
 * collective marked amongReplicas runs among the rank's own replicas; a send goes from each
 * replica to the same replica of its peer, and it and its receive finish when every replica's
 * message has arrived. Running the folded graph costs what one rank per stage costs; its
 * expansion runs to the same times (synchronizations keep the replicas in lockstep).
 */
class ExecutionGraph
{
  public:
    /**
     * \param [in] ranks Number of ranks (at least 1)
     * \param [in] replicas Replicas of each rank (at least 1; more folds the graph)
     */
    explicit ExecutionGraph(uint32_t ranks = 1, uint32_t replicas = 1);

    /// \return the number of ranks
    uint32_t GetNRanks() const;

    /// \return the number of replicas of each rank (1: not folded)
    uint32_t GetNReplicas() const;

    /**
     * \brief The graph with one rank per replica (a copy if not folded). Rank r x replicas + k
     * has rank r's nodes (same ids) with: collectives on group G on "G.rK" (the k-th
     * replicas of G's ranks; "every.rK" for every rank), collectives among replicas on
     * "rankR.replicas", peers q as q x replicas + k; after each collective on a group, send and
     * receive that other nodes depend on, a zero-byte all-gather on "rankR.replicas" (ids
     * above the rank's largest) through which its dependents wait for every replica.
     * \return the expanded graph (replicas 1)
     */
    ExecutionGraph Expand() const;

    /**
     * \brief The folded graph this graph is the expansion of, if it is one (a trace that
     * ChakraTrace wrote from a folded graph: its groups "rankR.replicas" of consecutive ranks
     * and "G.rK", its synchronizations). Exact: the candidate is accepted only if its
     * Expand() is this graph node for node, so running it gives the same times at the cost of
     * one rank per replica set.
     * \param [out] folded The folded graph (unchanged if not)
     * \return true if this graph is an expansion (of more than one replica per rank)
     */
    bool Fold(ExecutionGraph& folded) const;

    /**
     * \brief Declares a process group (a name Chakra's pg_name uses).
     * \param [in] name Its name (not empty; declared once)
     * \param [in] ranks Its ranks (distinct, each below GetNRanks())
     */
    void AddGroup(const std::string& name, const std::vector<uint32_t>& ranks);

    /// \return the groups by name
    const std::map<std::string, std::vector<uint32_t>>& GetGroups() const;

    /// \param [in] group A group name ("" for every rank) \return its ranks (empty if unknown)
    std::vector<uint32_t> GetGroupRanks(const std::string& group) const;

    /**
     * \brief Adds a node to a rank (ids must be unique within the rank: a repeated id aborts).
     * \param [in] rank The rank (below GetNRanks())
     * \param [in] node The node
     */
    void Add(uint32_t rank, const ExecNode& node);

    /// \brief Adds a node to a rank, moved in. \param [in] rank The rank \param [in] node It
    void Add(uint32_t rank, ExecNode&& node);

    /// \brief Makes room for a rank's nodes. \param [in] rank The rank \param [in] nodes How many
    void Reserve(uint32_t rank, std::size_t nodes);

    /**
     * \brief Gives a rank all its nodes at once (moved in, not copied; the rank must have none:
     * a repeated id aborts, as Add does).
     * \param [in] rank The rank \param [in] nodes Its nodes, in order
     */
    void SetNodes(uint32_t rank, std::vector<ExecNode>&& nodes);

    /// \param [in] rank A rank \return its nodes, in the order added
    const std::vector<ExecNode>& GetNodes(uint32_t rank) const;

    /// \param [in] rank A rank \param [in] id A node id \return the node, or null
    const ExecNode* Find(uint32_t rank, uint64_t id) const;

    /// \return the number of nodes of every rank
    std::size_t GetNNodes() const;

    /**
     * \brief Checks the graph: dependencies on known nodes of the same rank, no cycle,
     * collectives that agree across their group (count, kind, algorithm, bytes, in order; a pair
     * CollectiveAlgorithms builds), groups that exist and contain the rank, every send with its
     * receive (same bytes), peers within the ranks, sizes and durations that are finite and not
     * negative. \param [out] error The first thing wrong: "rank R node ID (name): what" \return
     * true if the graph can run
     */
    bool Validate(std::string& error) const;

    /**
     * \brief A rank's nodes in an order that respects their dependencies (among the nodes
     * ready at the same time, the one added first comes first).
     * \param [in] rank The rank (its nodes must have no cycle: Validate first)
     * \return indices into GetNodes(rank)
     */
    std::vector<std::size_t> GetOrder(uint32_t rank) const;

    /**
     * \brief The nodes a node depends on (data and control, each once, unknown ids left out).
     * \param [in] rank A rank \param [in] index A node's index (GetNodes order)
     * \return their indices
     */
    std::vector<std::size_t> GetDependencies(uint32_t rank, std::size_t index) const;

    /**
     * \brief The time of a COMPUTE node: its duration if set, else the roofline of \p gpu:
     * the larger of flops / (peak x MFU) and bytes / HBM bandwidth.
     * \param [in] node The node
     * \param [in] gpu The GPU
     * \return the time (zero for a node with neither)
     */
    static Time ComputeTime(const ExecNode& node, const GpuSpec& gpu);

  private:
    /**
     * \param [in] rank A rank \param [out] order Its nodes' order (GetOrder)
     * \param [out] error Why not \return true if its nodes are well formed and acyclic
     */
    bool CheckRank(uint32_t rank, std::vector<std::size_t>& order, std::string& error) const;
    /// \param [in] rank A rank \param [in] node One of its nodes \return what is wrong with
    /// the node alone ("" if nothing)
    std::string NodeProblem(uint32_t rank, const ExecNode& node) const;
    /**
     * \brief Walks the expansion (Expand) without building it: each group, then each node of
     * each expanded rank in order.
     * \param [in] group Called with each expanded group's name and ranks
     * \param [in] node Called with each expanded node (rank, index in it, the node); false stops
     * \return false if \p node stopped the walk
     */
    bool VisitExpanded(
        const std::function<void(const std::string&, const std::vector<uint32_t>&)>& group,
        const std::function<bool(uint32_t, std::size_t, const ExecNode&)>& node) const;
    /// \param [in] orders Every rank's order \param [out] error Why not
    /// \return true if the collectives agree across their groups
    bool CheckCollectives(const std::vector<std::vector<std::size_t>>& orders,
                          std::string& error) const;
    /// \param [in] orders Every rank's order \param [out] error Why not
    /// \return true if every send has its receive
    bool CheckMessages(const std::vector<std::vector<std::size_t>>& orders,
                       std::string& error) const;

    uint32_t m_ranks;                                               //!< Ranks
    uint32_t m_replicas;                                            //!< Replicas per rank
    std::vector<std::vector<ExecNode>> m_nodes;                     //!< Per rank
    std::vector<std::unordered_map<uint64_t, std::size_t>> m_index; //!< Per rank: id -> index
    std::map<std::string, std::vector<uint32_t>> m_groups;          //!< Process groups
};

} // namespace ns3

#endif // EXECUTION_GRAPH_H
