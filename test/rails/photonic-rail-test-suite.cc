/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Photonic rails: the Opus controller (one delay per transition, no teardown in flight,
 * rounds for collectives that are not one configuration, Provision hiding the delay in idle
 * windows), and rail fabrics running a training job (zero-delay photonic rails = electrical
 * rails; no frame dropped at packet level; packet and flow levels agree).
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cmath>
#include <filesystem>
#include <functional>
#include <unistd.h>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{

/// A flow-level photonic rail fabric of 4 servers x 1 GPU at 100 Gbit/s.
struct Rails
{
    RailNetworkHelper fabric;               //!< The fabric
    Ptr<CollectiveTransport> transport;     //!< Its transport
    Ptr<PhotonicRailController> controller; //!< Its controller
    std::vector<Time> waited;               //!< Granted: wait of each request, in order
    CollectiveHelper collectives;           //!< Creates collectives

    /**
     * \param [in] delay OCS reconfiguration delay
     * \param [in] provision Opus+Provision
     */
    Rails(Time delay, bool provision)
    {
        fabric.SetNetwork(provision ? "photonic-provision" : "photonic");
        fabric.SetGpuDataRate(DataRate("100Gbps"));
        fabric.SetLinkDelay(MicroSeconds(1));
        fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(delay));
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const auto vertices = fabric.Build(topology, 4, 1);
        Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
        network->SetTopology(topology);
        transport = collectives.InstallFlow(network, vertices, 1);
        controller = fabric.GetController();
        controller->TraceConnectWithoutContext(
            "Granted",
            MakeCallback(+[](std::vector<Time>* w, uint64_t, uint32_t, Time t) {
                w->push_back(t);
            }).Bind(&waited));
    }

    /**
     * \param [in] kind Collective
     * \param [in] algorithm Algorithm
     * \param [in] ranks Group (transport ranks = servers)
     * \param [in] bytes Message size
     * \return a collective under the controller
     */
    Ptr<Collective> Make(CollectiveKind kind,
                         CollectiveAlgorithm algorithm,
                         std::vector<uint32_t> ranks,
                         uint64_t bytes)
    {
        const uint32_t n = static_cast<uint32_t>(ranks.size());
        Ptr<Collective> c =
            collectives.Create(transport, {kind, algorithm, n, bytes, 1, 1, 0}, ranks);
        c->SetController(controller);
        return c;
    }
};

} // namespace

/// All circuits that change at one decision change in one transition: one delay.
class OneDelayPerTransitionTestCase : public TestCase
{
  public:
    OneDelayPerTransitionTestCase()
        : TestCase("one reconfiguration delay per transition, whatever the circuits changed")
    {
    }

  private:
    void DoRun() override
    {
        const Time d = MilliSeconds(3);
        Rails rails(d, false);
        // A ring needs 4 one-way circuits; the reverse ring 4 others.
        Ptr<Collective> forward =
            rails.Make(CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, {0, 1, 2, 3}, 1 << 20);
        Ptr<Collective> backward =
            rails.Make(CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, {0, 3, 2, 1}, 1 << 20);
        Ptr<Collective> again =
            rails.Make(CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, {0, 3, 2, 1}, 1 << 20);
        Schedule(MilliSeconds(1), [forward]() { forward->Start(); });
        Schedule(MilliSeconds(50), [backward]() { backward->Start(); });
        Schedule(MilliSeconds(100), [again]() { again->Start(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(again->IsDone(), true, "the collectives complete");
        NS_TEST_ASSERT_MSG_EQ(rails.waited.size(), 3, "three requests");
        NS_TEST_ASSERT_MSG_EQ(rails.waited[0], d, "4 new circuits: one delay");
        NS_TEST_ASSERT_MSG_EQ(rails.waited[1], d, "4 changed circuits: one delay");
        NS_TEST_ASSERT_MSG_EQ(rails.waited[2], Time(0), "circuits in place: no delay");
        NS_TEST_ASSERT_MSG_EQ(rails.controller->GetNReconfigurations(), 2, "two decisions");
        NS_TEST_ASSERT_MSG_EQ(rails.fabric.GetSwitches()[0]->GetNReconfigurations(),
                              2,
                              "two OCS reconfigurations");
        NS_TEST_ASSERT_MSG_EQ(rails.controller->GetNImmediate(), 1, "one immediate grant");
        NS_TEST_ASSERT_MSG_EQ(forward->GetRecord().start - forward->GetRecord().requested,
                              d,
                              "the ranks were held for the delay");
        Simulator::Destroy();
    }
};

/// A request whose circuits are in use waits for the traffic to end, then one delay.
class NoTeardownInFlightTestCase : public TestCase
{
  public:
    NoTeardownInFlightTestCase()
        : TestCase("circuits in use are never torn down: a conflicting request waits")
    {
    }

  private:
    void DoRun() override
    {
        const Time d = MilliSeconds(2);
        Rails rails(d, false);
        Ptr<Collective> first = rails.Make(CollectiveKind::ALLREDUCE,
                                           CollectiveAlgorithm::RING,
                                           {0, 1, 2, 3},
                                           64 << 20);
        Ptr<Collective> second =
            rails.Make(CollectiveKind::SENDRECV, CollectiveAlgorithm::DIRECT, {1, 0}, 1 << 20);
        Ptr<Collective> third =
            rails.Make(CollectiveKind::SENDRECV, CollectiveAlgorithm::DIRECT, {3, 0}, 1 << 20);
        Schedule(MilliSeconds(1), [first, second, third]() {
            first->Start();
            second->Start();
            third->Start();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(third->IsDone(), true, "the collectives complete");
        const auto& a = first->GetRecord();
        const auto& b = second->GetRecord();
        NS_TEST_ASSERT_MSG_GT(a.end - a.start, MilliSeconds(5), "the ring is long");
        // 1 -> 0 conflicts with the ring's 1 -> 2 (sender) and 3 -> 0 (receiver).
        NS_TEST_ASSERT_MSG_EQ(b.start, a.end + d, "waited for the ring, then one delay");
        // 3 -> 0 needs the receiver 0 that 1 -> 0 holds: it waits for it, not overtaking.
        const auto& c = third->GetRecord();
        NS_TEST_ASSERT_MSG_EQ(c.start, b.end + d, "first come, first served on a port");
        Simulator::Destroy();
    }
};

/// An all-to-all is not one configuration: rounds of circuits, like a rotor.
class RotorRoundsTestCase : public TestCase
{
  public:
    RotorRoundsTestCase()
        : TestCase("an all-to-all runs in rounds of circuits, one delay before each")
    {
    }

  private:
    void DoRun() override
    {
        const Time d = MilliSeconds(1);
        Rails rails(d, false);
        Ptr<Collective> a2a = rails.Make(CollectiveKind::ALLTOALL,
                                         CollectiveAlgorithm::DIRECT,
                                         {0, 1, 2, 3},
                                         4 << 20);
        Schedule(MilliSeconds(1), [a2a]() { a2a->Start(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(a2a->IsDone(), true, "the all-to-all completes");
        NS_TEST_ASSERT_MSG_EQ(rails.controller->GetNMultiRound(), 1, "time-multiplexed");
        // 12 transfers, each port sends to 3 peers: at least 3 rounds, each a transition.
        const uint64_t rounds = rails.waited.size();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(rounds, 3, "at least 3 rounds");
        NS_TEST_ASSERT_MSG_EQ(rails.controller->GetNReconfigurations(), rounds, "one per round");
        for (const Time& w : rails.waited)
        {
            NS_TEST_ASSERT_MSG_EQ(w, d, "each round waits one delay");
        }
        // A transfer is 4 MiB / 4 = 1 MiB at 100 Gbit/s (~84 us): the delays dominate.
        const Time span = a2a->GetRecord().end - a2a->GetRecord().requested;
        NS_TEST_ASSERT_MSG_GT(span, d * static_cast<int64_t>(rounds), "delays add up");
        NS_TEST_ASSERT_MSG_LT(span,
                              (d + MicroSeconds(200)) * static_cast<int64_t>(rounds),
                              "each round is one delay plus one transfer");
        Simulator::Destroy();
    }
};

/// Provision learns the circuits of an iteration and sets them up in idle windows.
class ProvisionTestCase : public TestCase
{
  public:
    ProvisionTestCase()
        : TestCase("Provision: with idle windows longer than the delay, no wait after learning")
    {
    }

  private:
    /**
     * \param [in] provision Opus+Provision
     * \return the waits of the requests
     */
    std::vector<Time> Waits(bool provision)
    {
        const Time d = MilliSeconds(2);
        Rails rails(d, provision);
        std::vector<Ptr<Collective>> all;
        // Three iterations of: ring, 10 ms of compute, reverse ring, 10 ms of compute.
        for (uint32_t i = 0; i < 6; ++i)
        {
            Ptr<Collective> c = rails.Make(CollectiveKind::ALLREDUCE,
                                           CollectiveAlgorithm::RING,
                                           i % 2 == 0 ? std::vector<uint32_t>{0, 1, 2, 3}
                                                      : std::vector<uint32_t>{0, 3, 2, 1},
                                           1 << 20);
            all.push_back(c);
            Schedule(MilliSeconds(1 + 10 * i), [c]() { c->Start(); });
            if (i % 2 == 1)
            {
                Ptr<PhotonicRailController> ctl = rails.controller;
                Schedule(MilliSeconds(6 + 10 * i), [ctl]() { ctl->NewIteration(); });
            }
        }
        Simulator::Run();
        for (const auto& c : all)
        {
            NS_TEST_EXPECT_MSG_EQ(c->IsDone(), true, "every collective completes");
        }
        Simulator::Destroy();
        return rails.waited;
    }

    void DoRun() override
    {
        const Time d = MilliSeconds(2);
        const auto opus = Waits(false);
        const auto provision = Waits(true);
        NS_TEST_ASSERT_MSG_EQ(opus.size(), 6, "six requests");
        NS_TEST_ASSERT_MSG_EQ(provision.size(), 6, "six requests");
        for (uint32_t i = 0; i < 6; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(opus[i], d, "Opus: every phase changes circuits: one delay");
            // The learning iteration (i < 2) pays; later ones find their circuits lit.
            const Time expected = i < 2 ? d : Time(0);
            NS_TEST_EXPECT_MSG_EQ(provision[i], expected, "Provision, request " << i);
        }
    }
};

namespace
{
/// Iteration time of a small job on a rail fabric.
double
IterationTime(const std::string& fabricName,
              Backend backend,
              Time delay,
              uint64_t* ocsDrops = nullptr,
              uint64_t* ocsFrames = nullptr)
{
    TrainingConfig config;
    std::string error;
    NS_ABORT_MSG_IF(!TrainingJobHelper::Configure("tiny", "h200", config, error), error);
    config.dp = 2;
    config.pp = 2;
    config.tp = 2;
    config.microbatches = 4;
    config.overlapDp = false;
    RailNetworkHelper fabric;
    fabric.SetNetwork(fabricName);
    fabric.SetGpuDataRate(DataRate("400Gbps"));
    fabric.SetLinkDelay(NanoSeconds(936));
    fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(delay));
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute("Bandwidth", DataRateValue(DataRate("3600Gbps")));
    Ptr<CollectiveTransport> transport;
    if (BackendRegistry::Get(backend).level == NetworkLevel::FLOW)
    {
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const auto vertices = fabric.Build(topology, 4, 2);
        Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
        network->SetTopology(topology);
        transport = collectives.InstallFlow(network, vertices, 2);
    }
    else
    {
        NodeContainer nodes(8);
        fabric.Install(nodes, 2);
        fabric.ConfigureCollectives(collectives);
        transport = collectives.Install(nodes, 2, Backend::PACKET);
    }
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config);
    fabric.Attach(job);
    Schedule(MilliSeconds(1), [job]() { job->Start(2); });
    Simulator::Run();
    NS_ABORT_MSG_IF(job->GetIterations().size() != 2, "the job did not complete");
    const IterationRecord r = job->GetIterations().back();
    for (const auto& ocs : fabric.GetSwitches())
    {
        const auto counters = ocs->GetTotalCounters();
        for (uint32_t k = 0; ocsDrops && k < OpticalCircuitSwitch::N_DROP_REASONS; ++k)
        {
            *ocsDrops += counters.drops[k];
        }
        if (ocsFrames)
        {
            *ocsFrames += counters.rxFrames;
        }
    }
    Simulator::Destroy();
    return (r.end - r.start).GetSeconds();
}
} // namespace

/// A job on photonic rails written as Chakra and replayed under the same controller (Opus, and
/// Opus with Provision learning from the first iteration) takes its iteration times exactly.
class ChakraReplayOnRailsTestCase : public TestCase
{
  public:
    ChakraReplayOnRailsTestCase()
        : TestCase("Photonic rails: a job written as Chakra replays under the controller to its "
                   "iteration times")
    {
    }

  private:
    /// A flow-level rail fabric of 4 servers of 2 GPUs, its controller and its transport.
    struct Fabric
    {
        RailNetworkHelper rails;            //!< The fabric
        Ptr<CollectiveTransport> transport; //!< Its transport

        explicit Fabric(const std::string& network)
        {
            rails.SetNetwork(network);
            rails.SetGpuDataRate(DataRate("400Gbps"));
            rails.SetLinkDelay(NanoSeconds(936));
            rails.SetOcsAttribute("ReconfigurationDelay", TimeValue(MicroSeconds(300)));
            CollectiveHelper collectives;
            collectives.SetScaleUpAttribute("Bandwidth", DataRateValue(DataRate("3600Gbps")));
            transport = collectives.Install(rails.Realize(Backend::FLOW, 8, 2), 2);
        }
    };

    void DoRun() override
    {
        TrainingConfig config;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TrainingJobHelper::Configure("tiny", "h200", config, error),
                              true,
                              error);
        config.dp = 2;
        config.pp = 2;
        config.tp = 2;
        config.microbatches = 4;
        const std::string dir = (std::filesystem::temp_directory_path() /
                                 ("ns3-optical-rails-replay-" + std::to_string(::getpid())))
                                    .string();
        for (const std::string network : {"photonic", "photonic-provision"})
        {
            // Native: two iterations of the job.
            std::vector<Time> native;
            uint64_t nativeReconfigurations = 0;
            {
                Fabric f(network);
                Ptr<TrainingJob> job = TrainingJobHelper().Install(f.transport, config);
                f.rails.Attach(job);
                std::filesystem::remove_all(dir);
                NS_TEST_ASSERT_MSG_EQ(
                    ChakraTrace::Write(job->BuildGraph(), dir, "job", false, error),
                    true,
                    error);
                job->Start(2);
                Simulator::Run();
                for (const IterationRecord& r : job->GetIterations())
                {
                    native.push_back(r.end - r.start);
                }
                nativeReconfigurations = f.rails.GetController()->GetNReconfigurations();
                job->Dispose();
                Simulator::Destroy();
            }
            NS_TEST_ASSERT_MSG_EQ(native.size(), 2, network << ": two iterations");
            NS_TEST_EXPECT_MSG_GT(nativeReconfigurations, 0, network << ": circuits changed");

            // Replay: the trace read back and folded, run twice under a new fabric's controller.
            ExecutionGraph flat;
            ExecutionGraph folded;
            NS_TEST_ASSERT_MSG_EQ(ChakraTrace::Read(dir, flat, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(flat.Fold(folded), true, network << ": the trace folds");
            Fabric f(network);
            Ptr<GraphExecutor> x = CreateObject<GraphExecutor>();
            std::vector<uint32_t> ranks(8);
            for (uint32_t r = 0; r < ranks.size(); ++r)
            {
                ranks[r] = r;
            }
            // Replica k of folded rank r (a stage and its TP ranks) is GPU 2r + k, as in the job.
            NS_TEST_ASSERT_MSG_EQ(folded.GetNReplicas(), 2, network << ": TP ranks as replicas");
            x->Setup(folded, f.transport, ranks, config.gpu);
            f.rails.Attach(x);
            std::vector<Time> replay;
            std::function<void()> next = [&]() {
                replay.push_back(Simulator::Now());
                if (replay.size() < 2)
                {
                    x->Start(next);
                }
            };
            x->Start(next);
            Simulator::Run();
            const uint64_t replayReconfigurations = f.rails.GetController()->GetNReconfigurations();
            x->Dispose();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(replay.size(), 2, network << ": two runs");
            NS_TEST_EXPECT_MSG_EQ(replay[0], native[0], network << ": first iteration");
            NS_TEST_EXPECT_MSG_EQ(replay[1] - replay[0],
                                  native[1],
                                  network << ": second iteration");
            NS_TEST_EXPECT_MSG_EQ(replayReconfigurations,
                                  nativeReconfigurations,
                                  network << ": the same reconfigurations");
        }
        std::filesystem::remove_all(dir);
    }
};

/// With no reconfiguration delay and phases that do not overlap, photonic = electrical rails.
class ZeroDelayTestCase : public TestCase
{
  public:
    ZeroDelayTestCase()
        : TestCase("zero OCS delay: photonic rails within 1% of electrical rails (DP2 PP2 TP2)")
    {
    }

  private:
    void DoRun() override
    {
        const double electrical = IterationTime("electrical", Backend::FLOW, Seconds(0));
        const double photonic = IterationTime("photonic", Backend::FLOW, Seconds(0));
        const double delayed = IterationTime("photonic", Backend::FLOW, MilliSeconds(1));
        NS_TEST_ASSERT_MSG_EQ_TOL(photonic / electrical, 1.0, 0.01, "zero delay");
        NS_TEST_ASSERT_MSG_GT(delayed, photonic + 1e-3, "1 ms delays show");
    }
};

/// Packet level: the controller never lets a frame meet a dark or missing circuit.
class PacketLevelTestCase : public TestCase
{
  public:
    PacketLevelTestCase()
        : TestCase("packet level: no frame dropped at the OCSes; within 5% of flow level")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t drops = 0;
        uint64_t frames = 0;
        const double packet =
            IterationTime("photonic", Backend::PACKET, MicroSeconds(500), &drops, &frames);
        const double flow = IterationTime("photonic", Backend::FLOW, MicroSeconds(500));
        NS_TEST_ASSERT_MSG_GT(frames, 1000, "frames crossed the OCSes");
        NS_TEST_ASSERT_MSG_EQ(drops, 0, "no frame dropped");
        NS_TEST_ASSERT_MSG_EQ_TOL(packet / flow, 1.0, 0.05, "packet and flow agree");
        Config::Reset();
    }
};

/// Bad configurations are refused with the value named.
class BadInputTestCase : public TestCase
{
  public:
    BadInputTestCase()
        : TestCase("rail fabrics: unknown fabric, small OCS radix, cross-rail placement")
    {
    }

  private:
    void DoRun() override
    {
        RailNetworkHelper fabric;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(fabric.SetNetwork("optical", &error), false, "unknown name");
        NS_TEST_ASSERT_MSG_NE(error.find("'optical'"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(fabric.GetNetwork(), "electrical", "unchanged");
        fabric.SetNetwork("photonic");
        fabric.SetOcsRadix(3);
        const std::string radix = fabric.Check(4, 8);
        NS_TEST_ASSERT_MSG_NE(radix.find("radix 3"), std::string::npos, radix);
        fabric.SetOcsRadix(0);
        NS_TEST_ASSERT_MSG_EQ(fabric.Check(4, 8), "", "2 x servers by default");
        TrainingConfig config;
        config.dp = 2;
        config.pp = 2;
        config.tp = 4;
        const std::string placement = fabric.CheckPlacement(config, 8);
        NS_TEST_ASSERT_MSG_NE(placement.find("--tp=4"), std::string::npos, placement);
        config.tp = 8;
        NS_TEST_ASSERT_MSG_EQ(fabric.CheckPlacement(config, 8), "", "tp = GPUs per server");
        // A TP group over two servers: its ring would step from rail 7 to rail 0.
        config.tp = 16;
        config.dp = 2;
        config.pp = 1;
        const std::string spans = fabric.CheckPlacement(config, 8);
        NS_TEST_ASSERT_MSG_NE(spans.find("--tp=16 with 8 GPUs per server: a TP group spans"),
                              std::string::npos,
                              spans);
        config.dp = 1; // TP alone over two servers crosses rails too
        NS_TEST_ASSERT_MSG_EQ(fabric.CheckPlacement(config, 8).empty(), false, "tp 16 alone");
        config.tp = 4; // a job within one server never leaves its scale-up domain
        config.dp = 2;
        NS_TEST_ASSERT_MSG_EQ(fabric.CheckPlacement(config, 8), "", "one server");
    }
};

/**
 * Each rail fabric's description against closed forms (S servers x G GPUs): photonic, S G
 * hosts, G OCSes of S ports, S G OCS ports (port s of OCS g holds GPU g of server s), no link;
 * electrical, S G + G + 1 nodes and S G + G links; fat tree (a leaf per server, G spines),
 * S G + S + G nodes and 2 S G links. Both realizers of the photonic description: S G vertices
 * and G OCSes of S ports at flow level, S G + G nodes at packet level, each GPU with one OCS
 * device on interface 1.
 */
class RailFabricDescriptionTestCase : public TestCase
{
  public:
    RailFabricDescriptionTestCase()
        : TestCase("rail fabrics: descriptions (closed forms) and both realizers of photonic rails")
    {
    }

  private:
    void DoRun() override
    {
        using Role = TopologyDescription::Role;
        const uint32_t S = 3;
        const uint32_t G = 2;
        RailNetworkHelper fabric;
        fabric.SetGpuDataRate(DataRate("100Gbps"));
        fabric.SetLinkDelay(NanoSeconds(50));
        fabric.SetNetwork("photonic");
        const TopologyDescription d = fabric.Describe(S, G);
        NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "valid");
        NS_TEST_ASSERT_MSG_EQ(d.Count(Role::HOST), S * G, "S G GPUs");
        NS_TEST_ASSERT_MSG_EQ(d.Count(Role::OCS), G, "an OCS per rail");
        NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), 0, "no packet link");
        NS_TEST_ASSERT_MSG_EQ(d.GetOcsPorts().size(), S * G, "a port per GPU");
        NS_TEST_ASSERT_MSG_EQ(d.GetScaleUpDomains().size(), S, "a scale-up domain per server");
        for (const auto& port : d.GetOcsPorts())
        {
            const auto& ocs = d.GetNode(port.ocs);
            NS_TEST_ASSERT_MSG_EQ(ocs.portCount, S, "S ports per OCS");
            NS_TEST_ASSERT_MSG_EQ(d.GetNode(port.node).rank,
                                  port.port * G + ocs.rail,
                                  "port s of rail g: GPU s G + g");
            NS_TEST_ASSERT_MSG_EQ(port.rate.GetBitRate(), 100'000'000'000ULL, "GPU rate");
        }

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const std::vector<uint32_t> vertices = fabric.Build(topology, S, G);
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), S * G, "no vertex for an OCS");
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), S * G, "a vertex per GPU");
        NS_TEST_ASSERT_MSG_EQ(fabric.GetSwitches().size(), G, "G OCSes at flow level");
        NS_TEST_ASSERT_MSG_EQ(fabric.GetSwitches()[1]->GetNPorts(), S, "S ports");

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer gpus(S * G);
        fabric.Install(gpus, G);
        NS_TEST_ASSERT_MSG_EQ(fabric.GetSwitches().size(), G, "G OCSes at packet level");
        NS_TEST_ASSERT_MSG_EQ(fabric.GetSwitches()[1]->GetNPorts(), S, "S ports");
        // GPUs, an OCS node per rail, the return network's switch.
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, S * G + G + 1, "nodes");
        for (uint32_t x = 0; x < S * G; ++x)
        {
            Ptr<Ipv4> ipv4 = gpus.Get(x)->GetObject<Ipv4>();
            NS_TEST_ASSERT_MSG_EQ((DynamicCast<OcsNetDevice>(ipv4->GetNetDevice(1)) != nullptr),
                                  true,
                                  "interface 1 of GPU " << x << " is its OCS port");
        }
        Simulator::Destroy();

        fabric.SetNetwork("electrical");
        const TopologyDescription e = fabric.Describe(S, G);
        NS_TEST_ASSERT_MSG_EQ(e.GetNNodes(), S * G + G + 1, "electrical: S G + G + 1 nodes");
        NS_TEST_ASSERT_MSG_EQ(e.GetNLinks(), S * G + G, "electrical: S G + G links");
        NS_TEST_ASSERT_MSG_EQ(e.Count(Role::OCS), 0, "electrical: no OCS");
        fabric.SetNetwork("fat-tree");
        const TopologyDescription f = fabric.Describe(S, G);
        NS_TEST_ASSERT_MSG_EQ(f.GetNNodes(), S * G + S + G, "fat tree: S G + S + G nodes");
        NS_TEST_ASSERT_MSG_EQ(f.GetNLinks(), 2 * S * G, "fat tree: S G + S G links");
    }
};

/// PhotonicRailRecorder: per-iteration counts that add up to the controller's totals.
class RecorderTestCase : public TestCase
{
  public:
    RecorderTestCase()
        : TestCase("rail recorder: a data-parallel job on 4 photonic rails, 3 iterations: "
                   "per-iteration counts add up to the controller's, every transition logged")
    {
    }

  private:
    void DoRun() override
    {
        PhotonicRailRecorder::Counters a{5, 4, 1, 7, MilliSeconds(9)};
        PhotonicRailRecorder::Counters b{2, 1, 1, 3, MilliSeconds(4)};
        const auto d = PhotonicRailRecorder::Difference(a, b);
        NS_TEST_ASSERT_MSG_EQ(d.reconfigurations, 3, "difference");
        NS_TEST_ASSERT_MSG_EQ(d.transitions, 3, "difference");
        NS_TEST_ASSERT_MSG_EQ(d.speculative, 0, "difference");
        NS_TEST_ASSERT_MSG_EQ(d.requests, 4, "difference");
        NS_TEST_ASSERT_MSG_EQ(d.wait, MilliSeconds(5), "difference");

        Rails rails(MilliSeconds(2), false);
        TrainingConfig config;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TrainingJobHelper::Configure("tiny", "h100", config, error),
                              true,
                              error);
        config.dp = 4;
        config.microbatches = 2;
        Ptr<TrainingJob> job = TrainingJobHelper().Install(rails.transport, config, {}, "job");
        rails.fabric.Attach(job);
        PhotonicRailRecorder recorder;
        recorder.Attach(job, rails.controller);
        Schedule(Seconds(0), [job]() { job->Start(3); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(job->GetIterations().size(), 3, "the job ran");
        const auto& per = recorder.GetIterations();
        NS_TEST_ASSERT_MSG_EQ(per.size(), 3, "one count per iteration");
        PhotonicRailRecorder::Counters sum;
        for (const auto& c : per)
        {
            sum.reconfigurations += c.reconfigurations;
            sum.transitions += c.transitions;
            sum.speculative += c.speculative;
            sum.requests += c.requests;
            sum.wait += c.wait;
        }
        const Ptr<PhotonicRailController> c = rails.controller;
        NS_TEST_ASSERT_MSG_EQ(sum.reconfigurations, c->GetNReconfigurations(), "total");
        NS_TEST_ASSERT_MSG_GT(sum.reconfigurations, 0, "the ring's circuits were set up");
        NS_TEST_ASSERT_MSG_EQ(sum.transitions, c->GetNTransitions(), "total");
        NS_TEST_ASSERT_MSG_EQ(sum.requests, c->GetNRequests(), "total");
        NS_TEST_ASSERT_MSG_EQ(sum.wait, c->GetWaitTime(), "total");
        NS_TEST_ASSERT_MSG_EQ(recorder.GetTransitions().size(), c->GetNTransitions(), "logged");
        const auto s = recorder.Summarize(rails.fabric.GetSwitches());
        NS_TEST_ASSERT_MSG_EQ(s.last.reconfigurations, per.back().reconfigurations, "last");
        NS_TEST_ASSERT_MSG_EQ(s.multiRound, c->GetNMultiRound(), "multi-round");
        NS_TEST_ASSERT_MSG_EQ(s.ocsDrops, 0, "no frames at flow level");
        PhotonicRailRecorder::WriteTransitions(nullptr, 0, s.transitions); // no store: nothing
        Simulator::Destroy();
        PhotonicRailRecorder idle;
        idle.Attach(job, nullptr);
        NS_TEST_ASSERT_MSG_EQ(idle.GetLastIteration().reconfigurations, 0, "no controller");
    }
};

/// The suite.
class PhotonicRailTestSuite : public TestSuite
{
  public:
    PhotonicRailTestSuite()
        : TestSuite("optical-photonic-rails", SUITE_UNIT)
    {
        AddTestCase(new OneDelayPerTransitionTestCase, TEST_QUICK);
        AddTestCase(new NoTeardownInFlightTestCase, TEST_QUICK);
        AddTestCase(new RotorRoundsTestCase, TEST_QUICK);
        AddTestCase(new ProvisionTestCase, TEST_QUICK);
        AddTestCase(new ZeroDelayTestCase, TEST_QUICK);
        AddTestCase(new PacketLevelTestCase, TEST_QUICK);
        AddTestCase(new BadInputTestCase, TEST_QUICK);
        AddTestCase(new RailFabricDescriptionTestCase, TEST_QUICK);
        AddTestCase(new RecorderTestCase, TEST_QUICK);
        AddTestCase(new ChakraReplayOnRailsTestCase, TEST_QUICK);
    }
};

static PhotonicRailTestSuite g_photonicRailTestSuite; //!< Static instance

} // namespace
