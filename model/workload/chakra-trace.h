/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CHAKRA_TRACE_H
#define CHAKRA_TRACE_H

#include "execution-graph.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Caps of ChakraTrace::Read: what a folder of traces may ask of memory, checked before
 * it is read (a file's size) or as it is read (a message's length prefix, a node count).
 */
struct ChakraLimits
{
    /// Largest rank file as stored (compressed or not): 256 MiB.
    uint64_t maxFileBytes{256ULL << 20};
    /// Largest rank file once inflated (gzip): 1 GiB.
    uint64_t maxInflatedBytes{1ULL << 30};
    /// Largest single message (a node): 16 MiB.
    uint32_t maxMessageBytes{16U << 20};
    /// Most nodes in one rank file.
    uint64_t maxNodesPerRank{20000000};
    /// Most rank files in a folder.
    uint32_t maxRanks{65536};
};

/**
 * \ingroup optical
 * \brief Chakra execution traces (.et) in and out of an ExecutionGraph, with Debian's
 * protobuf and a schema written from the wire format (model/workload/chakra-et.proto).
 *
 * A trace is a folder with one file per rank, PREFIX.RANK.et (or .et.gz), ranks 0 to N-1 (a
 * relative folder not found from the current directory is looked for in the data directory:
 * "chakra/all_reduce/8npus_1MB" names a shipped sample wherever the program runs). A
 * file is a stream of protobuf messages, each after its length as a varint: the metadata,
 * then one node per operation. Reading maps COMP to compute (duration_micros, or num_ops and
 * tensor_size for the roofline), COMM_COLL to a collective (comm_type: all-reduce,
 * all-gather, reduce-scatter (and its block form), all-to-all, broadcast; comm_size bytes;
 * pg_name its process group), COMM_SEND and COMM_RECV to messages (comm_dst or comm_src,
 * comm_tag, comm_size), MEM_LOAD and MEM_STORE to memory transfers (tensor_size), data_deps
 * and ctrl_deps to dependencies; METADATA nodes are skipped. A process group's ranks are
 * those whose traces use its name (or, in traces written here, the list in the metadata).
 * Everything wrong is refused before anything runs, with the file, the node and what is
 * wrong: a missing or repeated rank file, two workloads in one folder, a truncated or
 * oversized length prefix, a message that is not a node, an unknown node or collective type,
 * a repeated node id, and whatever ExecutionGraph::Validate refuses (cycles, unknown
 * dependencies, collectives that disagree across a group, a send without its receive).
 *
 * Writing puts every node of a graph in PREFIX.RANK.et files that this reader and ASTRA-sim's
 * feeder read: the attributes above, plus duration_ns (durations below a microsecond),
 * ns3_algorithm and ns3_stream, and each group's ranks in the metadata (ns3_group:NAME).
 * Reading what was written gives the same graph. Files are written to a temporary name and
 * renamed, so a failure leaves no half-written trace.
 */
class ChakraTrace
{
  public:
    /**
     * \brief Reads a folder of rank files.
     * \param [in] dir The folder
     * \param [out] graph The graph (replaced only on success)
     * \param [out] error The file, node and what is wrong
     * \param [in] limits Caps
     * \return true on success
     */
    static bool Read(const std::string& dir,
                     ExecutionGraph& graph,
                     std::string& error,
                     const ChakraLimits& limits = ChakraLimits());

    /**
     * \brief Writes a graph as a folder of rank files (the folder is created if needed).
     * A folded graph (replicas) is written expanded (ExecutionGraph::Expand), a file per
     * replica: reading it back gives the expansion.
     * \param [in] graph The graph (valid: Validate)
     * \param [in] dir The folder
     * \param [in] prefix File name prefix (PREFIX.RANK.et; letters, digits, '_', '-')
     * \param [in] gzip Compress (PREFIX.RANK.et.gz)
     * \param [out] error What went wrong
     * \return true on success
     */
    static bool Write(const ExecutionGraph& graph,
                      const std::string& dir,
                      const std::string& prefix,
                      bool gzip,
                      std::string& error);

    /// The schema version written in the metadata ("0.0.4", as ASTRA-sim's samples).
    static const char* const VERSION;
};

} // namespace ns3

#endif // CHAKRA_TRACE_H
