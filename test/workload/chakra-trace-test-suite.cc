/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakra traces: ASTRA-sim's 120 sample files (data/chakra, MIT) read into execution
// graphs with the kinds, sizes and sends of their folders; a graph written and read back is
// the same graph, plain and gzip; bad traces are refused with the file, node and reason.

#include "../common/optical-test-compat.h"

#include "ns3/chakra-trace.h"
#include "ns3/core-module.h"
#include "ns3/optical-data-file.h"
#include "ns3/test.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

namespace fs = std::filesystem;

/// \return the sample traces' folder (the module's data/chakra, a copy of ASTRA-sim's)
std::string
SamplesDir()
{
    return OpticalDataFile::GetDataDirectory() + "/chakra";
}

/// \return a fresh temporary folder \param [in] name Its name
std::string
TempDir(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() /
                         ("ns3-optical-chakra-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

/// Writes \p bytes to \p path.
void
WriteFile(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

/// \return a varint of \p v
std::string
Varint(uint64_t v)
{
    std::string s;
    while (v >= 0x80)
    {
        s.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    s.push_back(static_cast<char>(v));
    return s;
}

/// \return a length-delimited message of \p body
std::string
Delimited(const std::string& body)
{
    return Varint(body.size()) + body;
}

/// The metadata message ("0.0.4"), delimited.
const std::string META = Delimited(std::string("\x0a\x05", 2) + "0.0.4");

/**
 * \ingroup optical-tests
 * The 120 sample traces.
 */
class ChakraSamplesTestCase : public TestCase
{
  public:
    ChakraSamplesTestCase()
        : TestCase("Chakra: ASTRA-sim's sample traces read with their kinds, sizes and sends")
    {
    }

  private:
    void DoRun() override
    {
        const std::string root = SamplesDir();
        const std::vector<std::pair<std::string, CollectiveKind>> kinds{
            {"all_reduce", CollectiveKind::ALLREDUCE},
            {"all_gather", CollectiveKind::ALLGATHER},
            {"reduce_scatter", CollectiveKind::REDUCESCATTER},
            {"all_to_all", CollectiveKind::ALLTOALL}};
        uint32_t files = 0;
        for (const auto& [folder, kind] : kinds)
        {
            for (uint32_t n : {4, 8, 16})
            {
                const std::string dir = root + "/" + folder + "/" + std::to_string(n) + "npus_1MB";
                ExecutionGraph g;
                std::string error;
                NS_TEST_ASSERT_MSG_EQ(ChakraTrace::Read(dir, g, error), true, error);
                NS_TEST_ASSERT_MSG_EQ(g.GetNRanks(), n, dir << ": ranks");
                for (uint32_t r = 0; r < n; ++r)
                {
                    NS_TEST_ASSERT_MSG_EQ(g.GetNodes(r).size(), 1, dir << " rank " << r);
                    const ExecNode& node = g.GetNodes(r)[0];
                    NS_TEST_EXPECT_MSG_EQ(static_cast<int>(node.kind),
                                          static_cast<int>(ExecNodeKind::COLLECTIVE),
                                          "a collective");
                    NS_TEST_EXPECT_MSG_EQ((node.collective == kind), true, dir << ": kind");
                    NS_TEST_EXPECT_MSG_EQ(node.bytes, 1048576.0, dir << ": comm_size 1 MiB");
                    NS_TEST_EXPECT_MSG_EQ(node.group, "", "every rank");
                    ++files;
                }
            }
        }
        // The ring all-reduce of 8 ranks written as sends and receives: every send has its
        // receive (Validate), sends go to the next rank and receives come from the previous.
        ExecutionGraph ring;
        std::string error;
        const std::string dir = root + "/custom_ring_allreduce_8npus_1MB";
        NS_TEST_ASSERT_MSG_EQ(ChakraTrace::Read(dir, ring, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ring.GetNRanks(), 8, "8 ranks");
        double sent = 0;
        for (uint32_t r = 0; r < 8; ++r)
        {
            uint32_t sends = 0;
            uint32_t recvs = 0;
            for (const ExecNode& node : ring.GetNodes(r))
            {
                if (node.kind == ExecNodeKind::SEND)
                {
                    ++sends;
                    sent += node.bytes;
                    NS_TEST_EXPECT_MSG_EQ(node.peer, (r + 1) % 8, "to the next rank");
                }
                else if (node.kind == ExecNodeKind::RECV)
                {
                    ++recvs;
                    NS_TEST_EXPECT_MSG_EQ(node.peer, (r + 7) % 8, "from the previous rank");
                }
            }
            NS_TEST_EXPECT_MSG_GT(sends, 0, "rank " << r << " sends");
            NS_TEST_EXPECT_MSG_EQ(sends, recvs, "rank " << r << ": as many receives");
            ++files;
        }
        NS_TEST_EXPECT_MSG_EQ(files, 120, "every sample file");
        // A relative name not found from here is looked for in the data directory.
        ExecutionGraph named;
        NS_TEST_EXPECT_MSG_EQ(ChakraTrace::Read("chakra/all_gather/4npus_1MB", named, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(named.GetNRanks(), 4, "a sample by its name in the data directory");
        // A ring all-reduce moves 2 (N - 1) / N of the buffer out of each rank.
        NS_TEST_EXPECT_MSG_EQ_TOL(sent / 8, 2.0 * 7 / 8 * 1048576, 1, "ring volume per rank");
    }
};

/// \return a graph with every kind of node, groups, streams and sub-microsecond durations
ExecutionGraph
SampleGraph()
{
    ExecutionGraph g(4);
    g.AddGroup("tp", {0, 1});
    g.AddGroup("tp2", {2, 3});
    g.AddGroup("dp", {0, 2});
    for (uint32_t r = 0; r < 4; ++r)
    {
        ExecNode c;
        c.id = 10;
        c.name = "gemm";
        c.kind = ExecNodeKind::COMPUTE;
        c.duration = NanoSeconds(1500 + r);
        g.Add(r, c);
        ExecNode roof;
        roof.id = 11;
        roof.kind = ExecNodeKind::COMPUTE;
        roof.flops = 3e12;
        roof.bytes = 4e9;
        roof.ctrlDeps = {10};
        g.Add(r, roof);
        ExecNode tp;
        tp.id = 12;
        tp.kind = ExecNodeKind::COLLECTIVE;
        tp.collective = CollectiveKind::ALLREDUCE;
        tp.algorithm = CollectiveAlgorithm::TREE;
        tp.bytes = 1 << 20;
        tp.group = r < 2 ? "tp" : "tp2";
        tp.stream = 2;
        tp.dataDeps = {11};
        g.Add(r, tp);
        ExecNode m;
        m.id = 13;
        m.kind = r % 2 ? ExecNodeKind::RECV : ExecNodeKind::SEND;
        m.peer = r % 2 ? r - 1 : r + 1;
        m.tag = 7;
        m.bytes = 65536;
        m.dataDeps = {12};
        g.Add(r, m);
        ExecNode mem;
        mem.id = 14;
        mem.kind = r % 2 ? ExecNodeKind::MEMORY_STORE : ExecNodeKind::MEMORY_LOAD;
        mem.bytes = 4096;
        g.Add(r, mem);
        if (r % 2 == 0)
        {
            ExecNode dp;
            dp.id = 15;
            dp.kind = ExecNodeKind::COLLECTIVE;
            dp.collective = CollectiveKind::REDUCESCATTER;
            dp.bytes = 8 << 20;
            dp.group = "dp";
            dp.dataDeps = {13, 14};
            g.Add(r, dp);
        }
    }
    return g;
}

/**
 * \ingroup optical-tests
 * Write, read back: the same graph.
 */
class ChakraRoundTripTestCase : public TestCase
{
  public:
    ChakraRoundTripTestCase()
        : TestCase("Chakra: a graph written and read back is the same graph (plain and gzip)")
    {
    }

  private:
    void DoRun() override
    {
        const ExecutionGraph g = SampleGraph();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Validate(error), true, error);
        // NS3_OPTICAL_CHAKRA_KEEP: write into that folder and keep the files (the Python
        // reader's test, test/workload/test_chakra_python_reader.py, reads them).
        const char* keep = std::getenv("NS3_OPTICAL_CHAKRA_KEEP");
        for (bool gzip : {false, true})
        {
            const std::string dir = keep ? std::string(keep) + (gzip ? "/gz" : "/plain")
                                         : TempDir(gzip ? "gz" : "plain");
            NS_TEST_ASSERT_MSG_EQ(ChakraTrace::Write(g, dir, "job", gzip, error), true, error);
            NS_TEST_EXPECT_MSG_EQ(fs::exists(dir + "/job.3" + (gzip ? ".et.gz" : ".et")),
                                  true,
                                  "one file per rank");
            ExecutionGraph back;
            NS_TEST_ASSERT_MSG_EQ(ChakraTrace::Read(dir, back, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(back.GetNRanks(), 4, "ranks");
            NS_TEST_EXPECT_MSG_EQ((back.GetGroups() == g.GetGroups()), true, "groups");
            for (uint32_t r = 0; r < 4; ++r)
            {
                const auto& a = g.GetNodes(r);
                const auto& b = back.GetNodes(r);
                NS_TEST_ASSERT_MSG_EQ(b.size(), a.size(), "rank " << r << " nodes");
                for (std::size_t i = 0; i < a.size(); ++i)
                {
                    NS_TEST_EXPECT_MSG_EQ(b[i].id, a[i].id, "id");
                    NS_TEST_EXPECT_MSG_EQ(b[i].name, a[i].name, "name");
                    NS_TEST_EXPECT_MSG_EQ(static_cast<int>(b[i].kind),
                                          static_cast<int>(a[i].kind),
                                          "kind");
                    NS_TEST_EXPECT_MSG_EQ(b[i].duration, a[i].duration, "duration");
                    NS_TEST_EXPECT_MSG_EQ(b[i].flops, a[i].flops, "flops");
                    NS_TEST_EXPECT_MSG_EQ(b[i].bytes, a[i].bytes, "bytes");
                    NS_TEST_EXPECT_MSG_EQ((b[i].collective == a[i].collective), true, "collective");
                    NS_TEST_EXPECT_MSG_EQ((b[i].algorithm == a[i].algorithm), true, "algorithm");
                    NS_TEST_EXPECT_MSG_EQ(b[i].group, a[i].group, "group");
                    NS_TEST_EXPECT_MSG_EQ(b[i].peer, a[i].peer, "peer");
                    NS_TEST_EXPECT_MSG_EQ(b[i].tag, a[i].tag, "tag");
                    NS_TEST_EXPECT_MSG_EQ(b[i].stream, a[i].stream, "stream");
                    NS_TEST_EXPECT_MSG_EQ((b[i].dataDeps == a[i].dataDeps), true, "data deps");
                    NS_TEST_EXPECT_MSG_EQ((b[i].ctrlDeps == a[i].ctrlDeps), true, "control deps");
                }
            }
            if (!keep)
            {
                fs::remove_all(dir);
            }
        }
    }
};

/**
 * \ingroup optical-tests
 * Bad traces refused before anything runs, naming the file, node and reason.
 */
class ChakraBadTraceTestCase : public TestCase
{
  public:
    ChakraBadTraceTestCase()
        : TestCase("Chakra: bad traces refused with the file, node and reason")
    {
    }

  private:
    /// \return Read's error for a folder holding \p files (name, bytes) \param [in] limits Caps
    std::string ErrorOf(const std::vector<std::pair<std::string, std::string>>& files,
                        const ChakraLimits& limits = ChakraLimits())
    {
        const std::string dir = TempDir("bad");
        for (const auto& [name, bytes] : files)
        {
            WriteFile(dir + "/" + name, bytes);
        }
        ExecutionGraph g;
        std::string error;
        const bool ok = ChakraTrace::Read(dir, g, error, limits);
        fs::remove_all(dir);
        // Messages name the temporary folder: keep what follows it.
        const auto at = error.find("ns3-optical-chakra-bad-");
        const auto slash = error.find_first_of("/:", at == std::string::npos ? 0 : at);
        return ok ? "" : (at == std::string::npos ? error : error.substr(slash));
    }

    void DoRun() override
    {
        // A COMM_COLL node (id 1) with comm_type and comm_size as int64 attributes.
        auto coll = [](uint64_t type, uint64_t size) {
            std::string node = std::string("\x08\x01", 2) + std::string("\x18\x07", 2);
            auto attr = [](const std::string& name, uint64_t v) {
                const std::string body = "\x0a" + Varint(name.size()) + name + "\x48" + Varint(v);
                return "\x52" + Varint(body.size()) + body;
            };
            return Delimited(node + attr("comm_type", type) + attr("comm_size", size));
        };
        const std::string good = META + coll(0, 1024);
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", good}, {"a.1.et", good}}), "", "valid");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", good}, {"a.2.et", good}}),
                              ": no file for rank 1 (a.1.et) of ranks 0 to 2",
                              "missing rank");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", good}, {"b.1.et", good}}),
                              ": traces of two workloads ('a' and 'b'); one per folder",
                              "two prefixes");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", good}, {"a.0.et.gz", good}}),
                              ": two files for rank 0 ('a.0.et' and 'a.0.et.gz')",
                              "a rank twice");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", META + "\xff\xff"}}),
                              "/a.0.et: truncated length prefix at byte 8",
                              "truncated prefix");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", META + Varint(100) + "abc"}}),
                              "/a.0.et: message at byte 8 claims 100 bytes, 3 left (truncated "
                              "file)",
                              "truncated message");
        ChakraLimits small;
        small.maxMessageBytes = 50;
        NS_TEST_EXPECT_MSG_EQ(
            ErrorOf({{"a.0.et", META + Varint(51) + std::string(51, 'x')}}, small),
            "/a.0.et: message at byte 8 claims 51 bytes (at most 50)",
            "oversized prefix");
        small = ChakraLimits();
        small.maxFileBytes = 10;
        const bool overCap =
            ErrorOf({{"a.0.et", good}}, small).find("bytes is too large") != std::string::npos;
        NS_TEST_EXPECT_MSG_EQ(overCap, true, "file over the cap");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", META + Delimited("\x0a\x02")}}),
                              "/a.0.et: the message at byte 8 is not a Chakra node",
                              "not a node");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", META + coll(10, 1024)}}),
                              "/a.0.et: node 1: collective type 10 is not supported "
                              "(ALL_REDUCE, REDUCE, ALL_GATHER, GATHER, SCATTER, BROADCAST, "
                              "ALL_TO_ALL, REDUCE_SCATTER, REDUCE_SCATTER_BLOCK, BARRIER)",
                              "unsupported collective");
        NS_TEST_EXPECT_MSG_EQ(
            ErrorOf({{"a.0.et", META + Delimited(std::string("\x08\x01\x18\x0b", 4))}}),
            "/a.0.et: node 1: node type 11 is not supported (COMP, COMM_COLL, COMM_SEND, "
            "COMM_RECV, MEM_LOAD, MEM_STORE, METADATA)",
            "unknown node type");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", META + coll(0, 1024) + coll(0, 1024)}}),
                              "/a.0.et: node 1: id used twice",
                              "repeated id");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", good}, {"a.1.et", META + coll(0, 2048)}}),
                              ": rank 1 node 1: collective 1 of group of every rank is "
                              "allreduce/ring of 2048 B, but rank 0 node 1 is allreduce/ring of "
                              "1024 B",
                              "sizes disagree across the group");
        // A COMP node (id 2) that depends on node 1 of its rank, which does not exist.
        NS_TEST_EXPECT_MSG_EQ(
            ErrorOf({{"a.0.et", META + Delimited(std::string("\x08\x02\x18\x04\x2a\x01\x01", 7))}}),
            ": rank 0 node 2: data dependency on unknown node 1",
            "unknown dependency");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"a.0.et", ""}}),
                              "/a.0.et: empty (no Chakra metadata)",
                              "empty file");
        NS_TEST_EXPECT_MSG_EQ(ErrorOf({{"notes.txt", "x"}}),
                              ": no Chakra trace files (PREFIX.RANK.et)",
                              "no traces");
    }
};

/// The suite.
class ChakraTraceTestSuite : public TestSuite
{
  public:
    ChakraTraceTestSuite()
        : TestSuite("optical-chakra-trace", SUITE_UNIT)
    {
        AddTestCase(new ChakraSamplesTestCase, TEST_QUICK);
        AddTestCase(new ChakraRoundTripTestCase, TEST_QUICK);
        AddTestCase(new ChakraBadTraceTestCase, TEST_QUICK);
    }
};

/// Its instance.
ChakraTraceTestSuite g_chakraTraceTestSuite;

} // namespace
