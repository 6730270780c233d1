/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * One collective on N hosts behind a non-blocking packet switch (or a 2-level fat-tree, or a
 * rail-optimized fabric: --topology), at packet level over TCP or at flow level (--backend).
 *
 *     host 0 ---+
 *     host 1 ---+--- switch (IPv4 router, one port per host, same rate and delay)
 *       ...     |
 *     host N-1 -+
 *
 * Prints the completion time and NCCL's bus bandwidth, with the alpha-beta prediction of the
 * reference (doc/optical.rst) next to them, and records the collective in the results store
 * (table ev_collectives).
 */

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"

#include <cmath>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CollectiveKind collective = CollectiveKind::ALLREDUCE;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::RING;
    uint32_t nodes = 8;
    uint64_t bytes = 16ull << 20;
    uint32_t chunks = 1;
    DataRate rate("10Gbps");
    Time delay = MicroSeconds(1);
    uint32_t mtu = 9000;
    std::string tcp = "ns3::TcpNewReno";
    Backend backend = Backend::PACKET;
    uint32_t gpusPerServer = 1;
    DataRate upRate("3600Gbps");
    uint32_t ecnThreshold = 0;
    std::string topology = "star";
    uint32_t hostsPerLeaf = 4;
    uint32_t spines = 4;

    OpticalExperiment exp("collective-benchmark", "One collective on N hosts behind a switch");
    exp.AddChoice("collective", "Collective", collective);
    exp.AddChoice("algorithm", "Algorithm", algorithm);
    exp.AddCount("nodes", "Number of hosts (ranks)", nodes, 2, 1024);
    exp.AddBytes("bytes",
                 "Message size S (NCCL conventions)",
                 bytes,
                 OpticalBounds::AtLeast(1).AtMost(1099511627776.0));
    exp.AddCount("chunks", "Pipelining chunks per transfer", chunks, 1, 1024);
    exp.AddDataRate("linkRate",
                    "Rate of each host's link to the switch",
                    rate,
                    OpticalBounds::AtLeast(1e3).AtMost(1e13));
    exp.AddTime("linkDelay",
                "Propagation delay of each link",
                delay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddCount("mtu", "MTU of the links (bytes)", mtu, 576, 65535);
    exp.AddText("tcp",
                "TCP variant (ns3::TcpNewReno, ns3::TcpCubic, ns3::TcpDctcp, ...)",
                tcp,
                false);
    exp.AddBackend("backend", "Network model (the same topology at every level)", backend);
    exp.AddCount("gpusPerServer",
                 "Consecutive ranks sharing a scale-up domain (1: none)",
                 gpusPerServer,
                 1,
                 1024);
    exp.AddDataRate("scaleUpRate",
                    "Per-GPU scale-up bandwidth (hierarchical)",
                    upRate,
                    OpticalBounds::AtLeast(1e3).AtMost(1e15));
    exp.AddCount("ecnThreshold",
                 "ECN marking threshold of the switch ports (packets; 0: no marking; use with "
                 "--tcp=ns3::TcpDctcp)",
                 ecnThreshold,
                 0,
                 1000000);
    exp.AddEnum("topology",
                "Scale-out fabric: star (one switch), fat-tree (2 levels) or rail "
                "(rail-optimized: rail g joins GPU g of every server of --gpusPerServer GPUs)",
                topology,
                {"star", "fat-tree", "rail"});
    exp.AddCount("hostsPerLeaf", "Fat-tree: hosts under each leaf", hostsPerLeaf, 1, 1024);
    exp.AddCount("spines", "Fat-tree: spine switches (one uplink per leaf each)", spines, 1, 1024);
    exp.Parse(argc, argv);

    std::string error;
    exp.Require(nodes % gpusPerServer == 0, "gpusPerServer", "must divide --nodes");
    ScaleOutTopologyHelper fabric;
    exp.Require(fabric.SetTopology(topology, &error), "topology", error);
    fabric.SetFatTree(hostsPerLeaf, spines);
    error = fabric.Check(nodes, gpusPerServer);
    exp.Require(error.empty(), "topology", error);
    exp.Require(ecnThreshold == 0 || topology == "star",
                "ecnThreshold",
                "ECN marking is available on --topology=star only");
    exp.Require(CollectiveHelper::SetTcpVariant(tcp, &error), "tcp", error);
    exp.Require(chunks <= bytes,
                "chunks",
                "at most --bytes=" + std::to_string(bytes) + " (a chunk carries a byte at least)");
    exp.Require(algorithm != CollectiveAlgorithm::HD || (nodes & (nodes - 1)) == 0,
                "nodes",
                "halving-doubling (--algorithm=hd) needs a power of 2");
    exp.Require(algorithm != CollectiveAlgorithm::HIERARCHICAL || nodes / gpusPerServer >= 2,
                "gpusPerServer",
                "the hierarchical algorithm needs at least 2 servers of --gpusPerServer GPUs");
    const CollectiveSpec spec = CollectiveSpec::Of(collective, nodes, bytes)
                                    .WithAlgorithm(algorithm)
                                    .WithChunks(chunks)
                                    .WithRanksPerServer(gpusPerServer);
    CollectiveSchedule probe(collective.GetName(), algorithm.GetName(), nodes, bytes);
    exp.Require(CollectiveAlgorithms::Build(spec, probe, error), "algorithm", error);
    // The network before Start, so that a backend that cannot work on it (a lossless
    // backend's buffers) is refused before the run.
    NodeContainer hosts(nodes);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    fabric.SetChannelAttribute("Delay", TimeValue(delay));
    fabric.GetStar().EnableEcnMarking(ecnThreshold);
    fabric.Install(hosts, gpusPerServer);
    CollectiveHelper helper;
    helper.SetScaleUpAttribute("Bandwidth", DataRateValue(upRate));
    exp.Require(helper.CheckNetwork(hosts, backend, error), "backend", error);
    exp.Start();

    Ptr<CollectiveTransport> transport = helper.Install(hosts, gpusPerServer, backend);
    Ptr<Collective> coll = helper.Create(transport, spec, {}, "benchmark");
    // Connections are set up at time 0; the collective starts once they are.
    optical::compat::Schedule(MilliSeconds(10), [coll]() { coll->Start(); });
    exp.Run(Seconds(3600));
    if (!coll->IsDone())
    {
        const std::string stall = transport->DescribeStall();
        exp.Fail("the collective did not complete" + (stall.empty() ? "" : ": " + stall), 2);
    }
    const CollectiveRecord rec = coll->GetRecord();
    const uint64_t ecnMarks = fabric.GetStar().GetEcnMarks();
    Simulator::Destroy();

    // Alpha-beta with B = the TCP goodput of a link and alpha = one link's round of
    // store-and-forward delay (2 link delays).
    const double mss = mtu - 52.0;
    const double goodput = rate.GetBitRate() / 8.0 * mss / (mss + 54.0);
    const double alpha = 2 * delay.GetSeconds();
    // The formulas assume one non-blocking switch.
    const double model = topology == "star"
                             ? CollectiveAlgorithms::AlphaBetaTime(collective,
                                                                   algorithm,
                                                                   nodes,
                                                                   static_cast<double>(bytes),
                                                                   goodput,
                                                                   alpha)
                             : std::nan("");
    const double seconds = (rec.end - rec.start).GetSeconds();

    if (ResultsStore* store = exp.GetStore())
    {
        CollectiveHelper::WriteRecords(*store, exp.GetRunId(), {rec});
    }
    exp.Metric("completion-time-us", seconds * 1e6, "us");
    exp.Metric("bus-bandwidth-gbps", rec.busBandwidthGbps, "Gbit/s");
    exp.Metric("algorithm-bandwidth-gbps", rec.algBandwidthGbps, "Gbit/s");
    if (ecnThreshold > 0)
    {
        exp.Metric("ecn-marks", ecnMarks, "packets");
    }
    if (!std::isnan(model))
    {
        exp.Metric("alpha-beta-time-us", model * 1e6, "us");
        exp.Metric("time-over-alpha-beta", seconds / model, "");
    }
    return exp.Finish();
}
