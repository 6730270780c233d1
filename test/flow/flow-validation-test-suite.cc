/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Flow level against packet level on the same topology and workload: collectives of 16 MiB on
 * 16 hosts behind one switch, on a 2-level fat-tree and on a 16-GPU rail fabric agree within
 * 5%; a training job gives the same phases, the same controller requests and an iteration time
 * close to packet level's. (utils/bench/flow-vs-packet prints the full table.)
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Completion time of one collective on a fabric at one level.
double
Complete(const std::string& topology,
         Backend backend,
         CollectiveKind kind,
         CollectiveAlgorithm algorithm,
         bool fairQueues)
{
    const uint32_t hosts = 16;
    const uint32_t perServer = topology == "rail" ? 4 : 1;
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
    Config::SetDefault("ns3::FqCoDelQueueDisc::Flows", UintegerValue(fairQueues ? 65536 : 1024));
    Config::SetDefault("ns3::FqCoDelQueueDisc::Target", StringValue(fairQueues ? "50ms" : "5ms"));
    Config::SetDefault("ns3::FqCoDelQueueDisc::Interval", StringValue(fairQueues ? "1s" : "100ms"));
    ScaleOutTopologyHelper fabric;
    fabric.SetTopology(topology);
    fabric.SetFatTree(4, 4);
    fabric.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(9000));
    fabric.SetChannelAttribute("Delay", StringValue("1us"));
    NodeContainer nodes(hosts);
    fabric.Install(nodes, perServer);
    CollectiveHelper helper;
    Ptr<CollectiveTransport> transport = helper.Install(nodes, perServer, backend);
    Ptr<Collective> c =
        helper.Create(transport, {kind, algorithm, hosts, 16u << 20, 1, perServer, 0});
    Schedule(MilliSeconds(10), [c]() { c->Start(); });
    Simulator::Run();
    const double t = c->IsDone() ? (c->GetRecord().end - c->GetRecord().start).GetSeconds() : -1;
    Simulator::Destroy();
    Config::Reset();
    return t;
}
} // namespace

/// One collective, both levels, within 5%.
class AgreementTestCase : public TestCase
{
  public:
    /**
     * \param [in] topology Fabric
     * \param [in] kind Collective
     * \param [in] algorithm Algorithm
     * \param [in] fairQueues Per-flow fair switch queues at packet level
     */
    AgreementTestCase(const std::string& topology,
                      CollectiveKind kind,
                      CollectiveAlgorithm algorithm,
                      bool fairQueues)
        : TestCase("flow level within 5% of packet level: " + kind.GetName() + " " +
                   algorithm.GetName() + " on " + topology + (fairQueues ? ", fair queues" : "")),
          m_topology(topology),
          m_kind(kind),
          m_algorithm(algorithm),
          m_fair(fairQueues)
    {
    }

  private:
    void DoRun() override
    {
        const double packet = Complete(m_topology, Backend::PACKET, m_kind, m_algorithm, m_fair);
        const double flow = Complete(m_topology, Backend::FLOW, m_kind, m_algorithm, m_fair);
        NS_TEST_ASSERT_MSG_GT(packet, 0.0, "packet level completed");
        NS_TEST_ASSERT_MSG_GT(flow, 0.0, "flow level completed");
        NS_TEST_ASSERT_MSG_EQ_TOL(flow / packet,
                                  1.0,
                                  0.05,
                                  "flow " << flow << " s, packet " << packet << " s");
    }

    std::string m_topology;          //!< Fabric
    CollectiveKind m_kind;           //!< Collective
    CollectiveAlgorithm m_algorithm; //!< Algorithm
    bool m_fair;                     //!< Fair queues
};

/// A training job at both levels: same phases, same controller requests, close iteration time.
class TrainingBothLevelsTestCase : public TestCase
{
  public:
    TrainingBothLevelsTestCase()
        : TestCase("a training job runs unchanged at flow level: same phases and gate requests")
    {
    }

  private:
    /// What one level gave.
    struct Outcome
    {
        double iterationS{0};  //!< Iteration time
        uint32_t phases{0};    //!< PhaseStart calls
        uint32_t phaseEnds{0}; //!< PhaseEnd calls
        uint32_t gates{0};     //!< Start-gate requests
    };

    Outcome Run(Backend backend)
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
        TrainingConfig config;
        std::string error;
        TrainingJobHelper::Configure("tiny", "h100", config, error);
        config.dp = 2;
        config.tp = 2;
        config.pp = 2;
        config.microbatches = 4;
        NodeContainer nodes(8);
        StarTopologyHelper star;
        star.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
        star.SetDeviceAttribute("Mtu", UintegerValue(9000));
        star.SetChannelAttribute("Delay", StringValue("1us"));
        star.Install(nodes);
        CollectiveHelper collectives;
        Ptr<CollectiveTransport> transport = collectives.Install(nodes, 2, backend);
        Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config);
        Outcome o;
        job->SetStartGate([&o](const CollectiveRecord&, std::function<void()> release) {
            ++o.gates;
            // A controller that needs 5 us to say yes.
            Schedule(MicroSeconds(5), release);
        });
        job->TraceConnectWithoutContext("PhaseStart",
                                        MakeCallback(+[](uint32_t* n,
                                                         const std::string&,
                                                         const std::string&,
                                                         uint32_t,
                                                         uint64_t) {
                                            ++*n;
                                        }).Bind(&o.phases));
        job->TraceConnectWithoutContext("PhaseEnd",
                                        MakeCallback(+[](uint32_t* n,
                                                         const std::string&,
                                                         const std::string&,
                                                         uint32_t,
                                                         uint64_t) {
                                            ++*n;
                                        }).Bind(&o.phaseEnds));
        Schedule(MilliSeconds(1), [job]() { job->Start(1); });
        Simulator::Run();
        if (job->GetIterations().size() == 1)
        {
            o.iterationS =
                (job->GetIterations()[0].end - job->GetIterations()[0].start).GetSeconds();
        }
        Simulator::Destroy();
        Config::Reset();
        return o;
    }

    void DoRun() override
    {
        const Outcome packet = Run(Backend::PACKET);
        const Outcome flow = Run(Backend::FLOW);
        NS_TEST_ASSERT_MSG_GT(packet.iterationS, 0.0, "packet level iteration");
        NS_TEST_ASSERT_MSG_GT(flow.iterationS, 0.0, "flow level iteration");
        NS_TEST_ASSERT_MSG_GT(packet.phases, 0u, "phases traced");
        NS_TEST_ASSERT_MSG_EQ(flow.phases, packet.phases, "same phases");
        NS_TEST_ASSERT_MSG_EQ(flow.phaseEnds, packet.phaseEnds, "same phase ends");
        NS_TEST_ASSERT_MSG_EQ(flow.phases, flow.phaseEnds, "every phase ended");
        NS_TEST_ASSERT_MSG_EQ(flow.gates, packet.gates, "same controller requests");
        NS_TEST_ASSERT_MSG_EQ(flow.gates, flow.phases, "one request per phase");
        // Small messages (hundreds of kB): TCP's ramp-up is visible; within 10%.
        NS_TEST_ASSERT_MSG_EQ_TOL(flow.iterationS / packet.iterationS, 1.0, 0.10, "iteration");
    }
};

/// The flow-against-packet validation suite.
class FlowValidationTestSuite : public TestSuite
{
  public:
    FlowValidationTestSuite()
        : TestSuite("optical-flow-validation", SUITE_SYSTEM)
    {
        AddTestCase(new AgreementTestCase("star",
                                          CollectiveKind::ALLREDUCE,
                                          CollectiveAlgorithm::RING,
                                          false),
                    TEST_QUICK);
        AddTestCase(new AgreementTestCase("fat-tree",
                                          CollectiveKind::ALLREDUCE,
                                          CollectiveAlgorithm::HD,
                                          false),
                    TEST_QUICK);
        AddTestCase(new AgreementTestCase("rail",
                                          CollectiveKind::ALLTOALL,
                                          CollectiveAlgorithm::DIRECT,
                                          true),
                    TEST_QUICK);
        AddTestCase(new TrainingBothLevelsTestCase, TEST_QUICK);
    }
};

/// Static instance
static FlowValidationTestSuite g_flowValidationTestSuite;

} // namespace
