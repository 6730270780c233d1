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

namespace
{
/// Alpha-beta completion time (s) of the reference's formulas; NaN where none is given.
double
AlphaBeta(const std::string& kind,
          const std::string& algorithm,
          uint32_t n,
          double bytes,
          double bytesPerSecond,
          double alpha)
{
    const double frac = (n - 1.0) / n;
    if (kind == "allreduce" && algorithm == "ring")
    {
        return 2 * (n - 1) * alpha + 2 * frac * bytes / bytesPerSecond;
    }
    if (kind == "allreduce" && algorithm == "hd")
    {
        return 2 * std::log2(n) * alpha + 2 * frac * bytes / bytesPerSecond;
    }
    if ((kind == "reducescatter" || kind == "allgather" || kind == "alltoall"))
    {
        return (n - 1) * alpha + frac * bytes / bytesPerSecond;
    }
    return std::nan("");
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string collective = "allreduce";
    std::string algorithm = "ring";
    uint32_t nodes = 8;
    uint64_t bytes = 16ull << 20;
    uint32_t chunks = 1;
    std::string linkRate = "10Gbps";
    std::string linkDelay = "1us";
    uint32_t mtu = 9000;
    std::string tcp = "ns3::TcpNewReno";
    std::string backend = "packet";
    uint32_t gpusPerServer = 1;
    std::string scaleUpRate = "3600Gbps";
    uint32_t ecnThreshold = 0;
    std::string topology = "star";
    uint32_t hostsPerLeaf = 4;
    uint32_t spines = 4;

    OpticalExperiment exp("collective-benchmark", "One collective on N hosts behind a switch");
    exp.AddValue("collective",
                 "allreduce, reducescatter, allgather, alltoall, broadcast or sendrecv",
                 collective);
    exp.AddValue("algorithm", "ring, tree, hd, direct or hierarchical", algorithm);
    exp.AddValue("nodes", "Number of hosts (ranks)", nodes);
    exp.AddValue("bytes", "Message size S (bytes; NCCL conventions)", bytes);
    exp.AddValue("chunks", "Pipelining chunks per transfer", chunks);
    exp.AddValue("linkRate", "Rate of each host's link to the switch", linkRate);
    exp.AddValue("linkDelay", "Propagation delay of each link (e.g. 1us)", linkDelay);
    exp.AddValue("mtu", "MTU of the links (bytes)", mtu);
    exp.AddValue("tcp", "TCP variant (ns3::TcpNewReno, ns3::TcpCubic, ns3::TcpDctcp, ...)", tcp);
    exp.AddValue("backend",
                 "Network model: packet (ns-3 TCP/IP) or flow (flow-level engine, same topology)",
                 backend);
    exp.AddValue("gpusPerServer",
                 "Consecutive ranks sharing a scale-up domain (1: none)",
                 gpusPerServer);
    exp.AddValue("scaleUpRate", "Per-GPU scale-up bandwidth (hierarchical)", scaleUpRate);
    exp.AddValue("ecnThreshold",
                 "ECN marking threshold of the switch ports (packets; 0: no marking; use with "
                 "--tcp=ns3::TcpDctcp)",
                 ecnThreshold);
    exp.AddValue("topology",
                 "Scale-out fabric: star (one switch), fat-tree (2 levels) or rail "
                 "(rail-optimized: rail g joins GPU g of every server of --gpusPerServer GPUs)",
                 topology);
    exp.AddValue("hostsPerLeaf", "Fat-tree: hosts under each leaf", hostsPerLeaf);
    exp.AddValue("spines", "Fat-tree: spine switches (one uplink per leaf each)", spines);
    exp.Parse(argc, argv);

    std::string backendError;
    if (!CollectiveHelper::CheckBackend(backend, backendError))
    {
        exp.Fail(backendError);
    }
    const DataRate rate = exp.PositiveDataRate("linkRate", linkRate);
    const DataRate upRate = exp.PositiveDataRate("scaleUpRate", scaleUpRate);
    const Time delay = exp.NonNegativeTime("linkDelay", linkDelay);
    if (nodes < 2 || nodes > 1024)
    {
        exp.Fail("--nodes must be in 2..1024 (got " + std::to_string(nodes) + ")");
    }
    if (mtu < 576 || mtu > 65535)
    {
        exp.Fail("--mtu must be in 576..65535 (got " + std::to_string(mtu) + ")");
    }
    if (gpusPerServer == 0 || nodes % gpusPerServer != 0)
    {
        exp.Fail("--gpusPerServer must divide --nodes (got " + std::to_string(gpusPerServer) + ")");
    }
    std::string error;
    ScaleOutTopologyHelper fabric;
    if (!fabric.SetTopology(topology, &error))
    {
        exp.Fail("--topology: " + error);
    }
    if (hostsPerLeaf == 0 || spines == 0)
    {
        exp.Fail("--hostsPerLeaf and --spines must be positive (got " +
                 std::to_string(hostsPerLeaf) + ", " + std::to_string(spines) + ")");
    }
    fabric.SetFatTree(hostsPerLeaf, spines);
    error = fabric.Check(nodes, gpusPerServer);
    if (!error.empty())
    {
        exp.Fail("--topology=" + topology + ": " + error);
    }
    if (ecnThreshold > 0 && topology != "star")
    {
        exp.Fail("--ecnThreshold is available on --topology=star only");
    }
    if (!CollectiveHelper::SetTcpVariant(tcp, &error))
    {
        exp.Fail("--tcp: " + error);
    }
    CollectiveSpec spec{collective, algorithm, nodes, bytes, chunks, gpusPerServer, 0};
    CollectiveSchedule probe(collective, algorithm, nodes, bytes);
    if (!CollectiveAlgorithms::Build(spec, probe, error))
    {
        exp.Fail(error);
    }
    exp.Start();

    NodeContainer hosts(nodes);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    fabric.SetChannelAttribute("Delay", TimeValue(delay));
    fabric.GetStar().EnableEcnMarking(ecnThreshold);
    fabric.Install(hosts, gpusPerServer);

    CollectiveHelper helper;
    helper.SetScaleUpAttribute("Bandwidth", DataRateValue(upRate));
    Ptr<CollectiveTransport> transport = helper.Install(hosts, gpusPerServer, backend);
    Ptr<Collective> coll = helper.Create(transport, spec, {}, "benchmark");
    // Connections are set up at time 0; the collective starts once they are.
    optical::compat::Schedule(MilliSeconds(10), [coll]() { coll->Start(); });
    exp.Run(Seconds(3600));
    if (!coll->IsDone())
    {
        const std::string stall = CollectiveHelper::DescribeStall(transport);
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
                             ? AlphaBeta(collective, algorithm, nodes, bytes, goodput, alpha)
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
