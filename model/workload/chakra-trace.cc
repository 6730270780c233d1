/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakra-trace.h"

#include "chakra-et.pb.h"
#include "collective-algorithms.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/gzip_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <unordered_set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ChakraTrace");

const char* const ChakraTrace::VERSION = "0.0.4";

namespace
{

namespace pb = ns3optical::chakra;
namespace fs = std::filesystem;

/// Metadata attribute prefix of a group's ranks in traces written here.
const std::string GROUP_ATTRIBUTE = "ns3_group:";

/// A numeric attribute's value, from whichever scalar field it uses.
/// \param [in] a The attribute \param [out] value Its value \return false if not numeric
bool
NumberOf(const pb::ChakraAttribute& a, double& value)
{
    switch (a.value_case())
    {
    case pb::ChakraAttribute::kDoubleVal:
        value = a.double_val();
        return true;
    case pb::ChakraAttribute::kFloatVal:
        value = a.float_val();
        return true;
    case pb::ChakraAttribute::kInt32Val:
        value = a.int32_val();
        return true;
    case pb::ChakraAttribute::kInt64Val:
        value = static_cast<double>(a.int64_val());
        return true;
    case pb::ChakraAttribute::kUint32Val:
        value = a.uint32_val();
        return true;
    case pb::ChakraAttribute::kUint64Val:
        value = static_cast<double>(a.uint64_val());
        return true;
    case pb::ChakraAttribute::kSint32Val:
        value = a.sint32_val();
        return true;
    case pb::ChakraAttribute::kSint64Val:
        value = static_cast<double>(a.sint64_val());
        return true;
    case pb::ChakraAttribute::kFixed32Val:
        value = a.fixed32_val();
        return true;
    case pb::ChakraAttribute::kFixed64Val:
        value = static_cast<double>(a.fixed64_val());
        return true;
    case pb::ChakraAttribute::kSfixed32Val:
        value = a.sfixed32_val();
        return true;
    case pb::ChakraAttribute::kSfixed64Val:
        value = static_cast<double>(a.sfixed64_val());
        return true;
    case pb::ChakraAttribute::kBoolVal:
        value = a.bool_val() ? 1 : 0;
        return true;
    default:
        return false;
    }
}

/// A node's attributes by name.
class Attributes
{
  public:
    /// \param [in] attrs The node's attributes
    explicit Attributes(const google::protobuf::RepeatedPtrField<pb::ChakraAttribute>& attrs)
    {
        m_byName.reserve(attrs.size());
        for (const auto& a : attrs)
        {
            m_byName.emplace_back(a.name(), &a);
        }
    }

    /// \param [in] name A name \return whether it is there
    bool Has(std::string_view name) const
    {
        return Find(name) != nullptr;
    }

    /**
     * \brief A whole number that is not negative.
     * \param [in] name Its name \param [out] value Its value \param [out] why If wrong
     * \return false if absent or wrong (why set if wrong)
     */
    bool Count(std::string_view name, uint64_t& value, std::string& why) const
    {
        const pb::ChakraAttribute* a = Find(name);
        if (!a)
        {
            return false;
        }
        double x = 0;
        if (!NumberOf(*a, x) || !std::isfinite(x) || x < 0 || x != std::floor(x) ||
            x > 9.007199254740992e15)
        {
            why = "attribute " + std::string(name) + " must be a whole number from 0 to 2^53";
            return false;
        }
        value = static_cast<uint64_t>(x);
        return true;
    }

    /// \param [in] name A name \param [out] value Its string \return false if absent or not
    /// a string
    bool String(std::string_view name, std::string& value) const
    {
        const pb::ChakraAttribute* a = Find(name);
        if (!a || a->value_case() != pb::ChakraAttribute::kStringVal)
        {
            return false;
        }
        value = a->string_val();
        return true;
    }

  private:
    /// \param [in] name A name \return its first attribute, or null (a node has a handful:
    /// a linear search costs less than a map)
    const pb::ChakraAttribute* Find(std::string_view name) const
    {
        for (const auto& [n, a] : m_byName)
        {
            if (n == name)
            {
                return a;
            }
        }
        return nullptr;
    }

    std::vector<std::pair<std::string_view, const pb::ChakraAttribute*>> m_byName; //!< In order
};

/// \param [in] type A comm_type value \param [out] kind Ours \return false if unsupported
bool
KindOf(uint64_t type, CollectiveKind& kind)
{
    switch (type)
    {
    case pb::CHAKRA_ALL_REDUCE:
        kind = CollectiveKind::ALLREDUCE;
        return true;
    case pb::CHAKRA_ALL_GATHER:
        kind = CollectiveKind::ALLGATHER;
        return true;
    case pb::CHAKRA_REDUCE_SCATTER:
    case pb::CHAKRA_REDUCE_SCATTER_BLOCK:
        kind = CollectiveKind::REDUCESCATTER;
        return true;
    case pb::CHAKRA_ALL_TO_ALL:
        kind = CollectiveKind::ALLTOALL;
        return true;
    case pb::CHAKRA_BROADCAST:
        kind = CollectiveKind::BROADCAST;
        return true;
    case pb::CHAKRA_REDUCE:
        kind = CollectiveKind::REDUCE;
        return true;
    case pb::CHAKRA_GATHER:
        kind = CollectiveKind::GATHER;
        return true;
    case pb::CHAKRA_SCATTER:
        kind = CollectiveKind::SCATTER;
        return true;
    case pb::CHAKRA_BARRIER:
        kind = CollectiveKind::BARRIER;
        return true;
    default:
        return false;
    }
}

/// \param [in] kind Ours \return Chakra's comm_type (-1 for a kind Chakra has not)
int64_t
TypeOf(CollectiveKind kind)
{
    switch (kind)
    {
    case CollectiveKind::ALLREDUCE:
        return pb::CHAKRA_ALL_REDUCE;
    case CollectiveKind::ALLGATHER:
        return pb::CHAKRA_ALL_GATHER;
    case CollectiveKind::REDUCESCATTER:
        return pb::CHAKRA_REDUCE_SCATTER;
    case CollectiveKind::ALLTOALL:
        return pb::CHAKRA_ALL_TO_ALL;
    case CollectiveKind::BROADCAST:
        return pb::CHAKRA_BROADCAST;
    case CollectiveKind::REDUCE:
        return pb::CHAKRA_REDUCE;
    case CollectiveKind::GATHER:
        return pb::CHAKRA_GATHER;
    case CollectiveKind::SCATTER:
        return pb::CHAKRA_SCATTER;
    case CollectiveKind::BARRIER:
        return pb::CHAKRA_BARRIER;
    default:
        return -1;
    }
}

/// \param [in] id A node id \param [in] name Its name \return "node ID (name)"
std::string
NodeName(uint64_t id, const std::string& name)
{
    return "node " + std::to_string(id) + (name.empty() ? "" : " (" + name + ")");
}

/**
 * \brief Maps one Chakra node to ours.
 * \param [in] in The node \param [in] rank Its rank \param [out] out Ours
 * \param [out] keep False for a node that is skipped (METADATA)
 * \param [out] why What is wrong \return false if wrong
 */
bool
MapNode(const pb::ChakraNode& in, uint32_t rank, ExecNode& out, bool& keep, std::string& why)
{
    keep = true;
    out.id = in.id();
    out.name = in.name();
    out.dataDeps.assign(in.data_deps().begin(), in.data_deps().end());
    out.ctrlDeps.assign(in.ctrl_deps().begin(), in.ctrl_deps().end());
    const Attributes attrs(in.attr());
    uint64_t n = 0;
    auto need = [&](std::string_view name, uint64_t& value) {
        if (!attrs.Count(name, value, why) && why.empty())
        {
            why = "no attribute " + std::string(name);
        }
        return why.empty();
    };
    auto optional = [&](std::string_view name, uint64_t& value) {
        attrs.Count(name, value, why);
        return why.empty();
    };
    switch (in.type())
    {
    case pb::CHAKRA_METADATA_NODE:
        keep = false;
        return true;
    case pb::CHAKRA_COMP_NODE: {
        out.kind = ExecNodeKind::COMPUTE;
        uint64_t ns = 0;
        if (!optional("duration_ns", ns))
        {
            return false;
        }
        out.duration = attrs.Has("duration_ns")
                           ? NanoSeconds(static_cast<int64_t>(ns))
                           : MicroSeconds(static_cast<int64_t>(in.duration_micros()));
        uint64_t flops = 0;
        uint64_t bytes = 0;
        if (!optional("num_ops", flops) || !optional("tensor_size", bytes))
        {
            return false;
        }
        out.flops = static_cast<double>(flops);
        out.bytes = static_cast<double>(bytes);
        return true;
    }
    case pb::CHAKRA_COMM_COLL_NODE: {
        out.kind = ExecNodeKind::COLLECTIVE;
        uint64_t type = 0;
        if (!need("comm_type", type) || !need("comm_size", n))
        {
            return false;
        }
        if (!KindOf(type, out.collective))
        {
            const auto* d = pb::ChakraCollectiveType_descriptor()->FindValueByNumber(
                static_cast<int>(std::min<uint64_t>(type, 1000)));
            why = "collective type " + (d ? d->name().substr(7) : std::to_string(type)) +
                  " is not supported (ALL_REDUCE, REDUCE, ALL_GATHER, GATHER, SCATTER, "
                  "BROADCAST, ALL_TO_ALL, REDUCE_SCATTER, REDUCE_SCATTER_BLOCK, BARRIER)";
            return false;
        }
        out.bytes = static_cast<double>(n);
        attrs.String("pg_name", out.group);
        // Chakra names no algorithm: the kind's usual one (CollectiveSpec::Of's).
        out.algorithm = CollectiveSpec::Of(out.collective, 2, 1).algorithm;
        std::string algorithm;
        if (attrs.String("ns3_algorithm", algorithm) &&
            !CollectiveAlgorithm::FromName(algorithm, out.algorithm, why))
        {
            return false;
        }
        uint64_t stream = 0;
        if (!optional("ns3_stream", stream))
        {
            return false;
        }
        out.stream = static_cast<uint32_t>(stream);
        return true;
    }
    case pb::CHAKRA_COMM_SEND_NODE:
    case pb::CHAKRA_COMM_RECV_NODE: {
        const bool send = in.type() == pb::CHAKRA_COMM_SEND_NODE;
        out.kind = send ? ExecNodeKind::SEND : ExecNodeKind::RECV;
        uint64_t peer = 0;
        uint64_t self = rank;
        if (!need(send ? "comm_dst" : "comm_src", peer) || !need("comm_size", n) ||
            !optional("comm_tag", out.tag) || !optional(send ? "comm_src" : "comm_dst", self))
        {
            return false;
        }
        if (self != rank)
        {
            why = std::string(send ? "comm_src " : "comm_dst ") + std::to_string(self) +
                  " is not the file's rank " + std::to_string(rank);
            return false;
        }
        if (peer > UINT32_MAX)
        {
            why = "peer rank " + std::to_string(peer) + " is out of range";
            return false;
        }
        out.peer = static_cast<uint32_t>(peer);
        out.bytes = static_cast<double>(n);
        return true;
    }
    case pb::CHAKRA_MEM_LOAD_NODE:
    case pb::CHAKRA_MEM_STORE_NODE:
        out.kind = in.type() == pb::CHAKRA_MEM_LOAD_NODE ? ExecNodeKind::MEMORY_LOAD
                                                         : ExecNodeKind::MEMORY_STORE;
        if (!need("tensor_size", n))
        {
            return false;
        }
        out.bytes = static_cast<double>(n);
        return true;
    default: {
        const auto* d = pb::ChakraNodeType_descriptor()->FindValueByNumber(in.type());
        why = "node type " + (d ? d->name() : std::to_string(in.type())) +
              " is not supported (COMP, COMM_COLL, COMM_SEND, COMM_RECV, MEM_LOAD, MEM_STORE, "
              "METADATA)";
        return false;
    }
    }
}

/// What one rank file held.
struct RankFile
{
    std::vector<ExecNode> nodes;                           //!< Its nodes
    std::map<std::string, std::vector<uint32_t>> declared; //!< Groups listed in its metadata
};

/**
 * \brief Reads one rank's file.
 * \param [in] path The file \param [in] rank Its rank \param [in] limits Caps
 * \param [out] out What it holds \param [out] error What is wrong ("path: ...")
 * \return true on success
 */
bool
ReadRank(const std::string& path,
         uint32_t rank,
         const ChakraLimits& limits,
         RankFile& out,
         std::string& error)
{
    std::string bytes;
    if (!OpticalDataFile::ReadBytes(path, limits.maxFileBytes, bytes, error))
    {
        return false;
    }
    if (bytes.size() >= 2 && uint8_t(bytes[0]) == 0x1f && uint8_t(bytes[1]) == 0x8b)
    {
        google::protobuf::io::ArrayInputStream raw(bytes.data(), static_cast<int>(bytes.size()));
        google::protobuf::io::GzipInputStream gz(&raw, google::protobuf::io::GzipInputStream::GZIP);
        std::string inflated;
        const void* data = nullptr;
        int size = 0;
        while (gz.Next(&data, &size))
        {
            if (inflated.size() + size > limits.maxInflatedBytes)
            {
                error = path + ": more than " + std::to_string(limits.maxInflatedBytes) +
                        " bytes once inflated";
                return false;
            }
            inflated.append(static_cast<const char*>(data), static_cast<std::size_t>(size));
        }
        if (gz.ZlibErrorCode() < 0)
        {
            error = path + ": not a valid gzip stream (" +
                    (gz.ZlibErrorMessage() ? gz.ZlibErrorMessage() : "zlib error") + ")";
            return false;
        }
        bytes = std::move(inflated);
    }
    // The messages are counted first (a walk over the length prefixes), so that the nodes are
    // built in place once: a vector that grows moves every node, and before the first
    // Simulator::Run each move marks and unmarks its Time.
    {
        google::protobuf::io::CodedInputStream count(reinterpret_cast<const uint8_t*>(bytes.data()),
                                                     static_cast<int>(bytes.size()));
        std::size_t messages = 0;
        uint32_t length = 0;
        while (messages <= limits.maxNodesPerRank && count.ReadVarint32(&length) &&
               count.Skip(static_cast<int>(std::min<uint32_t>(length, INT32_MAX))))
        {
            ++messages;
        }
        out.nodes.reserve(messages > 0 ? messages - 1 : 0);
    }
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                                              static_cast<int>(bytes.size()));
    in.SetTotalBytesLimit(INT32_MAX);
    bool first = true;
    std::unordered_set<uint64_t> ids;
    pb::ChakraNode node; // Reused: its memory serves every message
    while (in.CurrentPosition() < static_cast<int>(bytes.size()))
    {
        const int at = in.CurrentPosition();
        uint32_t length = 0;
        if (!in.ReadVarint32(&length))
        {
            error = path + ": truncated length prefix at byte " + std::to_string(at);
            return false;
        }
        if (length > limits.maxMessageBytes)
        {
            error = path + ": message at byte " + std::to_string(at) + " claims " +
                    std::to_string(length) + " bytes (at most " +
                    std::to_string(limits.maxMessageBytes) + ")";
            return false;
        }
        const auto left = bytes.size() - static_cast<std::size_t>(in.CurrentPosition());
        if (length > left)
        {
            error = path + ": message at byte " + std::to_string(at) + " claims " +
                    std::to_string(length) + " bytes, " + std::to_string(left) +
                    " left (truncated file)";
            return false;
        }
        const auto limit = in.PushLimit(static_cast<int>(length));
        if (first)
        {
            pb::ChakraMetadata meta;
            if (!meta.ParseFromCodedStream(&in) || !in.ConsumedEntireMessage())
            {
                error = path + ": the first message (byte " + std::to_string(at) +
                        ") is not Chakra metadata";
                return false;
            }
            for (const auto& a : meta.attr())
            {
                if (a.name().rfind(GROUP_ATTRIBUTE, 0) == 0 && a.has_int64_list())
                {
                    auto& ranks = out.declared[a.name().substr(GROUP_ATTRIBUTE.size())];
                    for (int64_t r : a.int64_list().values())
                    {
                        ranks.push_back(static_cast<uint32_t>(std::max<int64_t>(r, 0)));
                    }
                }
            }
            first = false;
        }
        else
        {
            node.Clear();
            if (!node.ParseFromCodedStream(&in) || !in.ConsumedEntireMessage())
            {
                error =
                    path + ": the message at byte " + std::to_string(at) + " is not a Chakra node";
                return false;
            }
            // Mapped in place: a node is built once (before the first Simulator::Run, ns-3
            // records every Time made or destroyed, so copies cost).
            if (out.nodes.size() >= limits.maxNodesPerRank)
            {
                error = path + ": more than " + std::to_string(limits.maxNodesPerRank) + " nodes";
                return false;
            }
            ExecNode& mapped = out.nodes.emplace_back();
            bool keep = true;
            std::string why;
            if (!MapNode(node, rank, mapped, keep, why))
            {
                error = path + ": " + NodeName(node.id(), node.name()) + ": " + why;
                return false;
            }
            if (keep && !ids.insert(mapped.id).second)
            {
                error = path + ": " + NodeName(node.id(), node.name()) + ": id used twice";
                return false;
            }
            if (!keep)
            {
                out.nodes.pop_back();
            }
        }
        in.PopLimit(limit);
    }
    if (first)
    {
        error = path + ": empty (no Chakra metadata)";
        return false;
    }
    return true;
}

/// \param [in] name A name \param [in] s A string \return an attribute holding it
pb::ChakraAttribute*
AddString(pb::ChakraNode& node, const std::string& name, const std::string& s)
{
    auto* a = node.add_attr();
    a->set_name(name);
    a->set_string_val(s);
    return a;
}

/// \param [in] node A node \param [in] name A name \param [in] v A value \return the attribute
pb::ChakraAttribute*
AddInt(pb::ChakraNode& node, const std::string& name, int64_t v)
{
    auto* a = node.add_attr();
    a->set_name(name);
    a->set_int64_val(v);
    return a;
}

/// \param [in] x A size or count (finite, not negative) \return it as a whole number
int64_t
Whole(double x)
{
    return static_cast<int64_t>(std::llround(x));
}

/// \param [in] node Ours \param [in] rank Its rank \return Chakra's
pb::ChakraNode
ToChakra(const ExecNode& node, uint32_t rank)
{
    pb::ChakraNode out;
    out.set_id(node.id);
    out.set_name(node.name);
    for (uint64_t d : node.dataDeps)
    {
        out.add_data_deps(d);
    }
    for (uint64_t d : node.ctrlDeps)
    {
        out.add_ctrl_deps(d);
    }
    auto* cpu = out.add_attr();
    cpu->set_name("is_cpu_op");
    cpu->set_bool_val(false);
    switch (node.kind)
    {
    case ExecNodeKind::COMPUTE:
        out.set_type(pb::CHAKRA_COMP_NODE);
        out.set_duration_micros(static_cast<uint64_t>(node.duration.GetMicroSeconds()));
        if (!node.duration.IsZero())
        {
            AddInt(out, "duration_ns", node.duration.GetNanoSeconds());
        }
        if (node.flops > 0)
        {
            AddInt(out, "num_ops", Whole(node.flops));
        }
        if (node.bytes > 0)
        {
            AddInt(out, "tensor_size", Whole(node.bytes));
        }
        break;
    case ExecNodeKind::COLLECTIVE:
        out.set_type(pb::CHAKRA_COMM_COLL_NODE);
        AddInt(out, "comm_type", TypeOf(node.collective));
        AddInt(out, "comm_size", Whole(node.bytes));
        if (!node.group.empty())
        {
            AddString(out, "pg_name", node.group);
        }
        AddString(out, "ns3_algorithm", node.algorithm.GetName());
        AddInt(out, "ns3_stream", node.stream);
        break;
    case ExecNodeKind::SEND:
    case ExecNodeKind::RECV: {
        const bool send = node.kind == ExecNodeKind::SEND;
        out.set_type(send ? pb::CHAKRA_COMM_SEND_NODE : pb::CHAKRA_COMM_RECV_NODE);
        AddInt(out, "comm_src", send ? rank : node.peer);
        AddInt(out, "comm_dst", send ? node.peer : rank);
        AddInt(out, "comm_tag", static_cast<int64_t>(node.tag));
        AddInt(out, "comm_size", Whole(node.bytes));
        break;
    }
    case ExecNodeKind::MEMORY_LOAD:
    case ExecNodeKind::MEMORY_STORE:
        out.set_type(node.kind == ExecNodeKind::MEMORY_LOAD ? pb::CHAKRA_MEM_LOAD_NODE
                                                            : pb::CHAKRA_MEM_STORE_NODE);
        AddInt(out, "tensor_size", Whole(node.bytes));
        break;
    }
    return out;
}

/**
 * \brief Writes messages, each after its varint length.
 * \param [in] out The stream \param [in] message A message \return false on error
 */
bool
WriteDelimited(google::protobuf::io::ZeroCopyOutputStream* out,
               const google::protobuf::MessageLite& message)
{
    google::protobuf::io::CodedOutputStream coded(out);
    coded.WriteVarint32(static_cast<uint32_t>(message.ByteSizeLong()));
    message.SerializeWithCachedSizes(&coded);
    return !coded.HadError();
}

} // namespace

bool
ChakraTrace::Read(const std::string& dir,
                  ExecutionGraph& graph,
                  std::string& error,
                  const ChakraLimits& limits)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
    {
        // A relative name that is not a folder here may name one of the data directory
        // (chakra/all_reduce/8npus_1MB: the shipped samples), wherever the program runs.
        const std::string data = OpticalDataFile::GetDataDirectory() + "/" + dir;
        if (fs::path(dir).is_relative() && fs::is_directory(data, ec))
        {
            return Read(data, graph, error, limits);
        }
        error = "'" + dir + "' is not a folder of Chakra traces (nor of the data directory, " +
                OpticalDataFile::GetDataDirectory() + ")";
        return false;
    }
    // PREFIX.RANK.et or PREFIX.RANK.et.gz; other files are ignored.
    static const std::regex pattern(R"(^(.+)\.([0-9]+)\.et(\.gz)?$)");
    std::map<uint64_t, std::string> files;
    std::string prefix;
    for (const auto& entry : fs::directory_iterator(dir, ec))
    {
        const std::string name = entry.path().filename().string();
        std::smatch m;
        if (!std::regex_match(name, m, pattern))
        {
            continue;
        }
        if (!prefix.empty() && m[1].str() != prefix)
        {
            error = dir + ": traces of two workloads ('" + std::min(prefix, m[1].str()) +
                    "' and '" + std::max(prefix, m[1].str()) + "'); one per folder";
            return false;
        }
        prefix = m[1].str();
        const std::string digits = m[2].str();
        const uint64_t rank = digits.size() > 9 ? UINT64_MAX : std::stoull(digits);
        if (rank >= limits.maxRanks)
        {
            error = dir + "/" + name + ": rank " + digits + " (at most " +
                    std::to_string(limits.maxRanks) + " ranks)";
            return false;
        }
        if (!files.emplace(rank, entry.path().string()).second)
        {
            error = dir + ": two files for rank " + std::to_string(rank) + " ('" +
                    fs::path(files[rank]).filename().string() + "' and '" + name + "')";
            return false;
        }
    }
    if (ec)
    {
        error = "cannot list '" + dir + "' (" + ec.message() + ")";
        return false;
    }
    if (files.empty())
    {
        error = dir + ": no Chakra trace files (PREFIX.RANK.et)";
        return false;
    }
    const uint32_t ranks = static_cast<uint32_t>(files.rbegin()->first + 1);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        if (!files.count(r))
        {
            error = dir + ": no file for rank " + std::to_string(r) + " (" + prefix + "." +
                    std::to_string(r) + ".et) of ranks 0 to " + std::to_string(ranks - 1);
            return false;
        }
    }
    // Ranks' files are independent: they are read and parsed on TBB's threads (ns-3 guards
    // the Time marking the nodes' durations do before the first Simulator::Run with a mutex).
    // The error reported is the lowest rank's, whatever the threads did first.
    std::vector<RankFile> read(ranks);
    std::vector<std::string> errors(ranks);
    std::vector<const std::string*> paths(ranks);
    for (uint32_t r = 0; r < ranks; ++r)
    {
        paths[r] = &files[r];
    }
    tbb::parallel_for(tbb::blocked_range<uint32_t>(0, ranks), [&](const auto& range) {
        for (uint32_t r = range.begin(); r != range.end(); ++r)
        {
            if (!ReadRank(*paths[r], r, limits, read[r], errors[r]) && errors[r].empty())
            {
                errors[r] = *paths[r] + ": cannot be read";
            }
        }
    });
    for (uint32_t r = 0; r < ranks; ++r)
    {
        if (!errors[r].empty())
        {
            error = errors[r];
            return false;
        }
    }
    // Groups: as declared in the metadata, else the ranks that use the name.
    std::map<std::string, std::set<uint32_t>> used;
    for (uint32_t r = 0; r < ranks; ++r)
    {
        for (const ExecNode& n : read[r].nodes)
        {
            if (n.kind == ExecNodeKind::COLLECTIVE && !n.group.empty())
            {
                used[n.group].insert(r);
            }
        }
    }
    ExecutionGraph g(ranks);
    for (const auto& [name, members] : used)
    {
        auto declared = read[*members.begin()].declared.find(name);
        std::vector<uint32_t> list(members.begin(), members.end());
        if (declared != read[*members.begin()].declared.end())
        {
            list = declared->second;
            std::set<uint32_t> distinct(list.begin(), list.end());
            if (distinct.size() != list.size() || *distinct.rbegin() >= ranks)
            {
                error = files[*members.begin()] + ": group '" + name +
                        "' lists a rank twice or beyond the " + std::to_string(ranks) + " ranks";
                return false;
            }
        }
        g.AddGroup(name, list);
    }
    for (uint32_t r = 0; r < ranks; ++r)
    {
        g.SetNodes(r, std::move(read[r].nodes));
    }
    if (!g.Validate(error))
    {
        error = dir + ": " + error;
        return false;
    }
    graph = std::move(g);
    return true;
}

bool
ChakraTrace::Write(const ExecutionGraph& folded,
                   const std::string& dir,
                   const std::string& prefix,
                   bool gzip,
                   std::string& error)
{
    static const std::regex name(R"(^[A-Za-z0-9_-]+$)");
    if (!std::regex_match(prefix, name))
    {
        error = "Chakra prefix '" + prefix + "': letters, digits, '_' and '-' only";
        return false;
    }
    if (!folded.Validate(error))
    {
        error = "cannot write an invalid graph: " + error;
        return false;
    }
    // Chakra has a file per rank: a folded graph is written expanded, one file per replica.
    const ExecutionGraph graph = folded.Expand();
    for (uint32_t r = 0; r < graph.GetNRanks(); ++r)
    {
        for (const ExecNode& n : graph.GetNodes(r))
        {
            if (n.kind == ExecNodeKind::COLLECTIVE && TypeOf(n.collective) < 0)
            {
                error = "rank " + std::to_string(r) + " " + NodeName(n.id, n.name) + ": Chakra " +
                        "has no collective type for " + n.collective.GetName();
                return false;
            }
        }
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
    {
        error = "cannot create '" + dir + "' (" + ec.message() + ")";
        return false;
    }
    pb::ChakraMetadata meta;
    meta.set_version(VERSION);
    for (const auto& [group, ranks] : graph.GetGroups())
    {
        auto* a = meta.add_attr();
        a->set_name(GROUP_ATTRIBUTE + group);
        for (uint32_t r : ranks)
        {
            a->mutable_int64_list()->add_values(r);
        }
    }
    std::vector<std::pair<std::string, std::string>> written; // temporary, final
    auto discard = [&written]() {
        std::error_code ignored;
        for (const auto& [tmp, final] : written)
        {
            fs::remove(tmp, ignored);
        }
    };
    for (uint32_t r = 0; r < graph.GetNRanks(); ++r)
    {
        const std::string path =
            (fs::path(dir) / (prefix + "." + std::to_string(r) + (gzip ? ".et.gz" : ".et")))
                .string();
        const std::string tmp = path + ".tmp";
        written.emplace_back(tmp, path);
        std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
        bool ok = static_cast<bool>(file);
        {
            google::protobuf::io::OstreamOutputStream raw(&file);
            google::protobuf::io::GzipOutputStream::Options options;
            options.format = google::protobuf::io::GzipOutputStream::GZIP;
            std::unique_ptr<google::protobuf::io::GzipOutputStream> gz;
            google::protobuf::io::ZeroCopyOutputStream* out = &raw;
            if (gzip)
            {
                gz = std::make_unique<google::protobuf::io::GzipOutputStream>(&raw, options);
                out = gz.get();
            }
            ok = ok && WriteDelimited(out, meta);
            for (const ExecNode& node : graph.GetNodes(r)) // in the order added
            {
                ok = ok && WriteDelimited(out, ToChakra(node, r));
            }
            if (gz)
            {
                ok = gz->Close() && ok;
            }
        }
        file.close();
        if (!ok || !file)
        {
            discard();
            error = "cannot write '" + tmp + "'";
            return false;
        }
    }
    for (const auto& [tmp, final] : written)
    {
        fs::rename(tmp, final, ec);
        if (ec)
        {
            discard();
            error = "cannot rename '" + tmp + "' to '" + final + "' (" + ec.message() + ")";
            return false;
        }
    }
    return true;
}

} // namespace ns3
