#!/usr/bin/env python3
"""An independent reader of Chakra traces: Python's protobuf (Debian: python3-protobuf) with the
module's schema (model/workload/chakra-et.proto, compiled here by protoc), reading

- ASTRA-sim's 120 sample traces in data/chakra (that the schema reads the real wire format:
  the metadata version, one COMM_COLL of 1 MiB per rank with the folder's comm_type, the ring's
  sends and receives), and
- the traces ChakraTrace::Write produces (the C++ round-trip test of optical-chakra-trace,
  run with NS3_OPTICAL_CHAKRA_KEEP), plain and gzip, against what that test's graph holds,
  written out here from its definition (SampleGraph in chakra-trace-test-suite.cc).

Run directly (python3 test/workload/test_chakra_python_reader.py) or through test.py (suite
optical-py-chakra-python-reader). The standalone build's test-runner must be built.
"""

import glob
import gzip
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)

SCHEMA = os.path.join(support.ROOT, "model", "workload", "chakra-et.proto")
SAMPLES = os.path.join(support.ROOT, "data", "chakra")

# comm_type values of Chakra's CollectiveCommType.
ALL_REDUCE, ALL_GATHER, ALL_TO_ALL, REDUCE_SCATTER = 0, 2, 6, 7
# NodeType values.
MEM_LOAD, MEM_STORE, COMP, COMM_SEND, COMM_RECV, COMM_COLL = 2, 3, 4, 5, 6, 7


def varint(data, pos):
    """Return (value, next position) of the base-128 varint at `pos`."""
    value = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("truncated varint")
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        pos += 1
        if byte < 0x80:
            return value, pos
        shift += 7


def read_trace(pb, path):
    """Return (metadata, [nodes]) of a rank file, gzip or not."""
    with open(path, "rb") as stream:
        data = stream.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    pos, messages = 0, []
    while pos < len(data):
        length, pos = varint(data, pos)
        messages.append(data[pos:pos + length])
        pos += length
    meta = pb.ChakraMetadata()
    meta.ParseFromString(messages[0])
    nodes = []
    for raw in messages[1:]:
        node = pb.ChakraNode()
        node.ParseFromString(raw)
        nodes.append(node)
    return meta, nodes


def attrs(node):
    """Return {name: value} of a node's scalar attributes (and int64 lists as lists)."""
    out = {}
    for a in node.attr:
        field = a.WhichOneof("value")
        value = getattr(a, field)
        out[a.name] = list(value.values) if field.endswith("_list") else value
    return out


class ChakraPythonReaderTest(unittest.TestCase):
    """Python's protobuf reads the samples and the module's own traces."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="optical-chakra-py-")
        protoc = shutil.which("protoc")
        if protoc is None:
            raise AssertionError("protoc not found (Debian: protobuf-compiler)")
        subprocess.run([protoc, "-I", os.path.dirname(SCHEMA), "--python_out", cls.tmp, SCHEMA],
                       check=True)
        sys.path.insert(0, cls.tmp)
        cls.pb = importlib.import_module("chakra_et_pb2")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, True)

    def test_samples(self):
        """The 120 samples: version, kind and size per folder; the ring's messages."""
        files = 0
        for folder, kind in (("all_reduce", ALL_REDUCE), ("all_gather", ALL_GATHER),
                             ("reduce_scatter", REDUCE_SCATTER), ("all_to_all", ALL_TO_ALL)):
            for ranks in (4, 8, 16):
                paths = glob.glob(os.path.join(SAMPLES, folder, "%dnpus_1MB" % ranks, "*.et"))
                self.assertEqual(len(paths), ranks, folder)
                for path in paths:
                    meta, nodes = read_trace(self.pb, path)
                    self.assertEqual(meta.version, "0.0.4")
                    self.assertEqual([n.type for n in nodes], [COMM_COLL], path)
                    a = attrs(nodes[0])
                    self.assertEqual((a["comm_type"], a["comm_size"]), (kind, 1 << 20), path)
                    files += 1
        ring = os.path.join(SAMPLES, "custom_ring_allreduce_8npus_1MB")
        for rank in range(8):
            _, nodes = read_trace(self.pb, os.path.join(ring, "custom_allreduce.%d.et" % rank))
            sends = [attrs(n) for n in nodes if n.type == COMM_SEND]
            recvs = [attrs(n) for n in nodes if n.type == COMM_RECV]
            self.assertTrue(sends)
            self.assertEqual(len(sends), len(recvs))
            self.assertEqual({a["comm_dst"] for a in sends}, {(rank + 1) % 8})
            self.assertEqual({a["comm_src"] for a in recvs}, {(rank + 7) % 8})
            files += 1
        self.assertEqual(files, 120)

    def test_written_by_the_module(self):
        """ChakraTrace::Write's files, plain and gzip, hold SampleGraph's nodes."""
        runner = os.path.join(support.build_dir(), "utils", "test-runner")
        if not os.access(runner, os.X_OK):
            raise AssertionError("%s is not built" % runner)
        env = dict(os.environ, NS3_OPTICAL_CHAKRA_KEEP=self.tmp)
        result = support.run([runner, "--test-name=optical-chakra-trace"], env=env,
                             cwd=support.ROOT)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        for sub, suffix in (("plain", ".et"), ("gz", ".et.gz")):
            traces = {}
            for rank in range(4):
                path = os.path.join(self.tmp, sub, "job.%d%s" % (rank, suffix))
                traces[rank] = read_trace(self.pb, path)
            meta = traces[0][0]
            self.assertEqual(meta.version, "0.0.4")
            groups = {a.name: list(a.int64_list.values) for a in meta.attr}
            self.assertEqual(groups, {"ns3_group:dp": [0, 2], "ns3_group:tp": [0, 1],
                                      "ns3_group:tp2": [2, 3]})
            for rank, (_, nodes) in traces.items():
                by_id = {n.id: n for n in nodes}
                self.assertEqual(sorted(by_id), [10, 11, 12, 13, 14] + ([15] if rank % 2 == 0
                                                                      else []))
                gemm = by_id[10]
                self.assertEqual((gemm.type, gemm.name), (COMP, "gemm"))
                self.assertEqual(gemm.duration_micros, 1)  # 1,500 + rank ns
                self.assertEqual(attrs(gemm)["duration_ns"], 1500 + rank)
                roof = by_id[11]
                self.assertEqual((attrs(roof)["num_ops"], attrs(roof)["tensor_size"]),
                                 (3 * 10 ** 12, 4 * 10 ** 9))
                self.assertEqual(list(roof.ctrl_deps), [10])
                tp = attrs(by_id[12])
                self.assertEqual((by_id[12].type, tp["comm_type"], tp["comm_size"], tp["pg_name"],
                                  tp["ns3_algorithm"], tp["ns3_stream"]),
                                 (COMM_COLL, ALL_REDUCE, 1 << 20, "tp" if rank < 2 else "tp2",
                                  "tree", 2))
                self.assertEqual(list(by_id[12].data_deps), [11])
                msg = attrs(by_id[13])
                if rank % 2 == 0:
                    self.assertEqual(by_id[13].type, COMM_SEND)
                    self.assertEqual((msg["comm_src"], msg["comm_dst"]), (rank, rank + 1))
                else:
                    self.assertEqual(by_id[13].type, COMM_RECV)
                    self.assertEqual((msg["comm_src"], msg["comm_dst"]), (rank - 1, rank))
                self.assertEqual((msg["comm_tag"], msg["comm_size"]), (7, 65536))
                self.assertEqual(by_id[14].type, MEM_STORE if rank % 2 else MEM_LOAD)
                self.assertEqual(attrs(by_id[14])["tensor_size"], 4096)
                if rank % 2 == 0:
                    dp = attrs(by_id[15])
                    self.assertEqual((dp["comm_type"], dp["comm_size"], dp["pg_name"]),
                                     (REDUCE_SCATTER, 8 << 20, "dp"))
                    self.assertEqual(list(by_id[15].data_deps), [13, 14])


if __name__ == "__main__":
    support.main()
