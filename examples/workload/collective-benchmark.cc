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

/// The options, with their defaults.
struct Options
{
    CollectiveKind collective{CollectiveKind::ALLREDUCE};     //!< Collective
    CollectiveAlgorithm algorithm{CollectiveAlgorithm::RING}; //!< Algorithm
    uint32_t nodes{8};                                        //!< Hosts (ranks)
    uint64_t bytes{16ull << 20};                              //!< Message size (bytes)
    uint32_t chunks{1};                                       //!< Pipelining chunks per transfer
    DataRate rate{"10Gbps"};                                  //!< Rate of each host's link
    Time delay{MicroSeconds(1)};                              //!< Propagation delay of each link
    uint32_t mtu{9000};                                       //!< MTU of the links (bytes)
    std::string tcp{"ns3::TcpNewReno"};                       //!< TCP variant
    Backend backend{Backend::PACKET};                         //!< Network model
    uint32_t gpusPerServer{1};                                //!< Ranks sharing a scale-up domain
    DataRate upRate{"3600Gbps"};                              //!< Per-GPU scale-up bandwidth
    uint32_t ecnThreshold{0};                                 //!< ECN marking threshold (packets)
    std::string topology{"star"};                             //!< star | fat-tree | rail
    uint32_t hostsPerLeaf{4};                                 //!< Fat-tree: hosts under each leaf
    uint32_t spines{4};                                       //!< Fat-tree: spine switches
};

/// The collective on its hosts.
struct Bench
{
    NodeContainer hosts;                //!< The hosts (ranks)
    CollectiveHelper helper;            //!< Installs the transport and the collective
    Ptr<CollectiveTransport> transport; //!< The ranks' transport
    Ptr<Collective> coll;               //!< The collective
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The options, holding their defaults
 */
void
AddOptions(OpticalExperiment& exp, Options& o)
{
    exp.AddChoice("collective", "Collective", o.collective);
    exp.AddChoice("algorithm", "Algorithm", o.algorithm);
    exp.AddCount("nodes", "Number of hosts (ranks)", o.nodes, 2, 1024);
    exp.AddBytes("bytes",
                 "Message size S (NCCL conventions)",
                 o.bytes,
                 OpticalBounds::AtLeast(1).AtMost(1099511627776.0));
    exp.AddCount("chunks", "Pipelining chunks per transfer", o.chunks, 1, 1024);
    exp.AddDataRate("linkRate",
                    "Rate of each host's link to the switch",
                    o.rate,
                    OpticalBounds::AtLeast(1e3).AtMost(1e13));
    exp.AddTime("linkDelay",
                "Propagation delay of each link",
                o.delay,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddCount("mtu", "MTU of the links (bytes)", o.mtu, 576, 65535);
    exp.AddText("tcp",
                "TCP variant (ns3::TcpNewReno, ns3::TcpCubic, ns3::TcpDctcp, ...)",
                o.tcp,
                false);
    exp.AddBackend("backend", "Network model (the same topology at every level)", o.backend);
    exp.AddCount("gpusPerServer",
                 "Consecutive ranks sharing a scale-up domain (1: none)",
                 o.gpusPerServer,
                 1,
                 1024);
    exp.AddDataRate("scaleUpRate",
                    "Per-GPU scale-up bandwidth (hierarchical)",
                    o.upRate,
                    OpticalBounds::AtLeast(1e3).AtMost(1e15));
    exp.AddCount("ecnThreshold",
                 "ECN marking threshold of the switch ports (packets; 0: no marking; use with "
                 "--tcp=ns3::TcpDctcp)",
                 o.ecnThreshold,
                 0,
                 1000000);
    exp.AddEnum("topology",
                "Scale-out fabric: star (one switch), fat-tree (2 levels) or rail "
                "(rail-optimized: rail g joins GPU g of every server of --gpusPerServer GPUs)",
                o.topology,
                {"star", "fat-tree", "rail"});
    exp.AddCount("hostsPerLeaf", "Fat-tree: hosts under each leaf", o.hostsPerLeaf, 1, 1024);
    exp.AddCount("spines",
                 "Fat-tree: spine switches (one uplink per leaf each)",
                 o.spines,
                 1,
                 1024);
}

/**
 * \brief Checks the options together, chooses the scale-out fabric and makes the collective's
 * spec, refusing one the algorithm cannot build.
 * \param [in] o The options
 * \param [out] fabric The scale-out fabric (its topology)
 * \param [in,out] exp The experiment (refuses bad values)
 * \return the collective's spec
 */
CollectiveSpec
CheckAndBuild(const Options& o, ScaleOutTopologyHelper& fabric, OpticalExperiment& exp)
{
    std::string error;
    exp.Require(o.nodes % o.gpusPerServer == 0, "gpusPerServer", "must divide --nodes");
    exp.Require(fabric.SetTopology(o.topology, &error), "topology", error);
    fabric.SetFatTree(o.hostsPerLeaf, o.spines);
    error = fabric.Check(o.nodes, o.gpusPerServer);
    exp.Require(error.empty(), "topology", error);
    exp.Require(o.ecnThreshold == 0 || o.topology == "star",
                "ecnThreshold",
                "ECN marking is available on --topology=star only");
    exp.Require(CollectiveHelper::SetTcpVariant(o.tcp, &error), "tcp", error);
    exp.Require(o.chunks <= o.bytes,
                "chunks",
                "at most --bytes=" + std::to_string(o.bytes) +
                    " (a chunk carries a byte at least)");
    exp.Require(o.algorithm != CollectiveAlgorithm::HD || (o.nodes & (o.nodes - 1)) == 0,
                "nodes",
                "halving-doubling (--algorithm=hd) needs a power of 2");
    exp.Require(o.algorithm != CollectiveAlgorithm::HIERARCHICAL || o.nodes / o.gpusPerServer >= 2,
                "gpusPerServer",
                "the hierarchical algorithm needs at least 2 servers of --gpusPerServer GPUs");
    const CollectiveSpec spec = CollectiveSpec::Of(o.collective, o.nodes, o.bytes)
                                    .WithAlgorithm(o.algorithm)
                                    .WithChunks(o.chunks)
                                    .WithRanksPerServer(o.gpusPerServer);
    CollectiveSchedule probe(o.collective.GetName(), o.algorithm.GetName(), o.nodes, o.bytes);
    exp.Require(CollectiveAlgorithms::Build(spec, probe, error), "algorithm", error);
    return spec;
}

/**
 * \brief Builds the hosts on the fabric and installs the transport and the collective.
 * \param [in] o The options
 * \param [in] spec The collective's spec
 * \param [in,out] fabric The scale-out fabric
 * \param [out] bench The collective on its hosts
 */
void
Install(const Options& o, const CollectiveSpec& spec, ScaleOutTopologyHelper& fabric, Bench& bench)
{
    bench.hosts.Create(o.nodes);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(o.rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(o.mtu));
    fabric.SetChannelAttribute("Delay", TimeValue(o.delay));
    fabric.GetStar().EnableEcnMarking(o.ecnThreshold);
    fabric.Install(bench.hosts, o.gpusPerServer);

    bench.helper.SetScaleUpAttribute("Bandwidth", DataRateValue(o.upRate));
    bench.transport = bench.helper.Install(bench.hosts, o.gpusPerServer, o.backend);
    bench.coll = bench.helper.Create(bench.transport, spec, {}, "benchmark");
}

/**
 * \brief Runs the collective to its end.
 * \param [in] bench The collective on its hosts
 * \param [in,out] exp The experiment (runs the simulator; fails, exit code 2, on a stall)
 * \return the collective's record
 */
CollectiveRecord
Run(const Bench& bench, OpticalExperiment& exp)
{
    Ptr<Collective> coll = bench.coll;
    // Connections are set up at time 0; the collective starts once they are.
    optical::compat::Schedule(MilliSeconds(10), [coll]() { coll->Start(); });
    exp.Run(Seconds(3600));
    if (!coll->IsDone())
    {
        const std::string stall = bench.transport->DescribeStall();
        exp.Fail("the collective did not complete" + (stall.empty() ? "" : ": " + stall), 2);
    }
    return coll->GetRecord();
}

/**
 * \brief Records the collective and prints its metrics, with the alpha-beta prediction.
 * \param [in,out] exp The experiment
 * \param [in] o The options
 * \param [in] rec The collective's record
 * \param [in] ecnMarks Packets the switch marked
 */
void
Report(OpticalExperiment& exp, const Options& o, const CollectiveRecord& rec, uint64_t ecnMarks)
{
    // Alpha-beta with B = the TCP goodput of a link and alpha = one link's round of
    // store-and-forward delay (2 link delays).
    const double mss = o.mtu - 52.0;
    const double goodput = o.rate.GetBitRate() / 8.0 * mss / (mss + 54.0);
    const double alpha = 2 * o.delay.GetSeconds();
    // The formulas assume one non-blocking switch.
    const double model = o.topology == "star"
                             ? CollectiveAlgorithms::AlphaBetaTime(o.collective,
                                                                   o.algorithm,
                                                                   o.nodes,
                                                                   static_cast<double>(o.bytes),
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
    if (o.ecnThreshold > 0)
    {
        exp.Metric("ecn-marks", ecnMarks, "packets");
    }
    if (!std::isnan(model))
    {
        exp.Metric("alpha-beta-time-us", model * 1e6, "us");
        exp.Metric("time-over-alpha-beta", seconds / model, "");
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    OpticalExperiment exp("collective-benchmark", "One collective on N hosts behind a switch");
    AddOptions(exp, o);
    exp.Parse(argc, argv);
    ScaleOutTopologyHelper fabric;
    const CollectiveSpec spec = CheckAndBuild(o, fabric, exp);
    exp.Start();

    Bench bench;
    Install(o, spec, fabric, bench);
    const CollectiveRecord rec = Run(bench, exp);
    const uint64_t ecnMarks = fabric.GetStar().GetEcnMarks();
    Simulator::Destroy();
    Report(exp, o, rec, ecnMarks);
    return exp.Finish();
}
