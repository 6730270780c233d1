/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Inference servers as real links (InferenceServerHelper) and paging as traffic
 * (InferencePager, FabricInferencePager): page times on idle PCIe, NVLink and fabric links
 * against closed forms, max-min sharing with a co-located transport, steering, the
 * description's counts, and a server without a fabric.
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Frame header FlowCollectiveTransport and TcpCollectiveTransport put before each message.
constexpr uint64_t FRAME = 16;
/// Engine rounding: every flow event lands on a whole nanosecond (a few per transfer).
constexpr double TOL = 4e-9;

/// \return seconds to send \p bytes at \p bps
double
Serialize(double bytes, double bps)
{
    return bytes * 8.0 / bps;
}

/// Times one page from Page() to done.
double
TimePage(Ptr<InferencePager> pager, uint32_t src, uint32_t dst, uint64_t bytes)
{
    const Time start = Simulator::Now();
    Time end = Seconds(-1);
    Simulator::ScheduleNow(
        [&]() { pager->Page(src, dst, bytes, [&end]() { end = Simulator::Now(); }); });
    Simulator::Run();
    return end < Seconds(0) ? -1.0 : (end - start).GetSeconds();
}

/// A fluid helper, so that closed forms carry no packet headers.
InferenceServerHelper
FluidHelper()
{
    InferenceServerHelper h;
    h.SetFluid(true);
    return h;
}

// ------------------------------------------------------------------------------------------

/// A page on an idle PCIe or NVLink path takes (B + frame) x 8 / rate + the path latency.
class IdleLinkTestCase : public TestCase
{
  public:
    IdleLinkTestCase()
        : TestCase("a page on an idle PCIe link and over NVLink: bytes over rate + latency")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 64ull << 20;
        {
            InferenceServerHelper h = FluidHelper();
            h.SetPcieRate(DataRate("512Gbps"));
            h.SetPcieLatency(MicroSeconds(1));
            h.SetScaleUpRate(DataRate("3600Gbps"));
            h.SetScaleUpLatency(NanoSeconds(500));
            InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 2);
            Ptr<InferencePager> pager = CreateObject<InferencePager>();
            pager->SetTransport(s.transport);
            const double toHost = TimePage(pager, s.GpuRank(0, 0), s.HostRank(0), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(toHost,
                                      Serialize(B + FRAME, 512e9) + 1e-6,
                                      TOL,
                                      "page to host memory over PCIe");
            const double fromHost = TimePage(pager, s.HostRank(0), s.GpuRank(0, 1), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(fromHost,
                                      Serialize(B + FRAME, 512e9) + 1e-6,
                                      TOL,
                                      "page in from host memory over PCIe");
            // Peer: GPU -> NVSwitch -> GPU, two links of 500 ns (fluid: no store and forward).
            const double toPeer = TimePage(pager, s.GpuRank(0, 0), s.GpuRank(0, 1), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(toPeer,
                                      Serialize(B + FRAME, 3600e9) + 1e-6,
                                      TOL,
                                      "page to a peer GPU over NVLink");
            NS_TEST_ASSERT_MSG_EQ(pager->GetPages(), 3, "three pages delivered");
            NS_TEST_ASSERT_MSG_EQ_TOL(pager->GetBytesPaged(), 3.0 * B, 0.5, "their bytes");
            NS_TEST_ASSERT_MSG_EQ_TOL(pager->GetBusyTime().GetSeconds(),
                                      toHost + fromHost + toPeer,
                                      3 * TOL,
                                      "busy time: three disjoint pages");
            Simulator::Destroy();
        }
        {
            // MTU 9000: each packet of 9000 - 52 payload bytes carries 52 + 2 header bytes.
            InferenceServerHelper h;
            h.SetMtu(9000);
            InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 1);
            Ptr<InferencePager> pager = CreateObject<InferencePager>();
            pager->SetTransport(s.transport);
            const double payload = static_cast<double>(B + FRAME);
            const double packets = std::ceil(payload / (9000 - 52));
            const double wire = payload + packets * (52 + 2);
            NS_TEST_ASSERT_MSG_EQ_TOL(TimePage(pager, s.GpuRank(0, 0), s.HostRank(0), B),
                                      Serialize(wire, 512e9) + 1e-6,
                                      TOL,
                                      "page over PCIe with packet headers");
            Simulator::Destroy();
        }
    }
};

/// The same at packet level (ns-3 TCP): within the headers and TCP's start.
class PacketLevelTestCase : public TestCase
{
  public:
    PacketLevelTestCase()
        : TestCase("packet level: a page over PCIe and over NVLink within TCP's overhead")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 4ull << 20;
        InferenceServerHelper h; // MTU 9000
        h.SetPcieRate(DataRate("100Gbps"));
        h.SetScaleUpRate(DataRate("400Gbps"));
        InferenceServers s = h.InstallPacket(1, 2);
        NS_TEST_ASSERT_MSG_EQ(s.transport->GetNRanks(), 3, "two GPUs and a host memory");
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(s.transport);
        // Connections open at time 0; page once they are up.
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        const double payload = static_cast<double>(B + FRAME);
        const double mss = 9000 - 52;
        const double wire = payload + std::ceil(payload / mss) * (52 + 2);

        struct Case
        {
            uint32_t src;
            uint32_t dst;
            double bps;
            double latency;
            const char* what;
        };

        const Case cases[] = {
            {s.GpuRank(0, 0), s.HostRank(0), 100e9, 1e-6, "PCIe"},
            // Through the NVSwitch, not the host memory (its metric keeps routes off it: at
            // 100 Gb/s the page would miss the ceiling four times over).
            {s.GpuRank(0, 1), s.GpuRank(0, 0), 400e9, 1e-6, "NVLink (two links of 500 ns)"},
        };
        for (const Case& c : cases)
        {
            const double t = TimePage(pager, c.src, c.dst, B);
            // Lower bound: the payload alone at the link rate, plus the propagation.
            const double floor = Serialize(payload, c.bps) + c.latency;
            // Upper: every packet's headers (IP 20 + TCP 20 + timestamps 12 + PPP 2), one
            // packet's store and forward at a router, and TCP's slow start from 10 segments
            // to the path's window: 10 round trips of the idle path.
            const double rtt = 2 * c.latency + 2 * Serialize(9002, c.bps);
            const double ceiling = Serialize(wire, c.bps) + c.latency + 10 * rtt;
            NS_TEST_ASSERT_MSG_GT_OR_EQ(t, floor, c.what << ": not faster than the payload");
            NS_TEST_ASSERT_MSG_LT(t, ceiling, c.what << ": within TCP's overhead");
        }
        // A co-located job's transport on the same nodes (its own TCP port).
        Ptr<CollectiveTransport> job = h.MakeSubTransport(s, {{0, 1}, {0, 0}});
        NS_TEST_ASSERT_MSG_EQ(job->GetNRanks(), 2, "the job's two GPUs");
        Time jobEnd = Seconds(-1);
        Simulator::ScheduleNow([&]() { job->Send(0, 1, B, [&]() { jobEnd = Simulator::Now(); }); });
        const Time jobStart = Simulator::Now();
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT_OR_EQ((jobEnd - jobStart).GetSeconds(),
                                    Serialize(payload, 400e9) + 1e-6,
                                    "the job's message went over NVLink, delivered");
        Simulator::Destroy();
    }
};

/// A page and a co-located transport's message on the same links share them max-min.
class MaxMinTestCase : public TestCase
{
  public:
    MaxMinTestCase()
        : TestCase("a page and a co-located collective message share NVLink max-min")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 32ull << 20;
        const double r = 3600e9;
        const double lat = 1e-6; // two NVLink links of 500 ns
        for (const uint64_t other : {B, B / 4})
        {
            InferenceServerHelper h = FluidHelper();
            InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 2);
            Ptr<CollectiveTransport> job = h.MakeSubTransport(s, {{0, 0}, {0, 1}});
            NS_TEST_ASSERT_MSG_EQ(job->GetNRanks(), 2, "the job's two GPUs");
            Ptr<InferencePager> pager = CreateObject<InferencePager>();
            pager->SetTransport(s.transport);
            Time pageEnd;
            Time jobEnd;
            Simulator::ScheduleNow([&]() {
                pager->Page(s.GpuRank(0, 0), s.GpuRank(0, 1), B, [&]() {
                    pageEnd = Simulator::Now();
                });
                job->Send(0, 1, other, [&]() { jobEnd = Simulator::Now(); });
            });
            Simulator::Run();
            const double L = static_cast<double>(B + FRAME);
            const double m = static_cast<double>(other + FRAME);
            // Both at r/2 until the smaller has left, then the rest at r.
            NS_TEST_ASSERT_MSG_EQ_TOL(jobEnd.GetSeconds(),
                                      Serialize(2 * m, r) + lat,
                                      TOL,
                                      "the job's message at half the link while both send");
            NS_TEST_ASSERT_MSG_EQ_TOL(pageEnd.GetSeconds(),
                                      Serialize(L + m, r) + lat,
                                      TOL,
                                      "the page: half the link, then all of it");
            Simulator::Destroy();
        }
    }
};

/// A co-located training job runs on a sub-transport beside the pager (it completes, and a
/// page started with it takes longer than on the idle link).
class TrainingBesideTestCase : public TestCase
{
  public:
    TrainingBesideTestCase()
        : TestCase("a ring all-reduce on a sub-transport slows a page on the same NVLink")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 64ull << 20;
        InferenceServerHelper h = FluidHelper();
        InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 4);
        Ptr<CollectiveTransport> job = h.MakeSubTransport(s, {{0, 0}, {0, 1}, {0, 2}, {0, 3}});
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(s.transport);
        CollectiveSpec spec;
        spec.kind = CollectiveKind::ALLREDUCE;
        spec.algorithm = CollectiveAlgorithm::RING;
        spec.nRanks = 4;
        spec.bytes = 1ull << 30;
        std::string error;
        Ptr<Collective> ar = CollectiveHelper().Create(job, spec, {}, "job0", &error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "collective created");
        bool arDone = false;
        Time pageEnd;
        Simulator::ScheduleNow([&]() {
            ar->Start([&arDone](const CollectiveRecord&) { arDone = true; });
            pager->Page(s.GpuRank(0, 0), s.GpuRank(0, 1), B, [&]() { pageEnd = Simulator::Now(); });
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(arDone, true, "the all-reduce completes beside the pager");
        NS_TEST_ASSERT_MSG_GT(pageEnd.GetSeconds(),
                              Serialize(B + FRAME, 3600e9) + 1e-6 + TOL,
                              "the page shares gpu0's NVLink with the ring's messages");
        Simulator::Destroy();
    }
};

/// A training job (TrainingJobHelper) runs on a sub-transport of the servers: its
/// tensor-parallel collectives are flows on the NVLink links (no ScaleUpDomain carries any).
class TrainingJobBesideTestCase : public TestCase
{
  public:
    TrainingJobBesideTestCase()
        : TestCase("a tensor-parallel training job on a sub-transport: its messages are flows")
    {
    }

  private:
    void DoRun() override
    {
        InferenceServerHelper h;
        InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 4);
        Ptr<CollectiveTransport> sub = h.MakeSubTransport(s, {{0, 0}, {0, 1}, {0, 2}, {0, 3}});
        TrainingConfig c;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TrainingJobHelper::Configure("tiny", "h100", c, error), true, error);
        c.dp = 1;
        c.tp = 4;
        c.pp = 1;
        Ptr<TrainingJob> job = TrainingJobHelper().Install(sub, c, {}, "job0", &error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "job installed");
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(s.transport);
        Simulator::ScheduleNow([&]() {
            job->Start(1);
            pager->Page(s.GpuRank(0, 2), s.GpuRank(0, 3), 1 << 20, nullptr);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(job->GetIterations().size(), 1, "the iteration completes");
        NS_TEST_ASSERT_MSG_GT(sub->GetCounters().messagesDelivered, 0, "the job sent messages");
        NS_TEST_ASSERT_MSG_EQ(sub->GetCounters().scaleUpDelivered, 0, "none by a ScaleUpDomain");
        NS_TEST_ASSERT_MSG_EQ(pager->GetPages(), 1, "the page beside it is delivered");
        Simulator::Destroy();
    }
};

/// Fabric: the ring before steering, every circuit of the pair after, the delay once.
class FabricTestCase : public TestCase
{
  public:
    FabricTestCase()
        : TestCase("fabric pages: ring circuits before steering, B over (F x rate) + latency after")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 16ull << 20;
        const uint32_t F = 2;
        const double rate = 400e9;
        const double circuit = 2 * 0.5e-9; // two fibres of 0.5 ns, switch latency 0
        const double reconfig = 3.7e-6;
        auto make = [&]() {
            InferenceServerHelper h = FluidHelper();
            h.SetScaleUpRate(DataRate(0));
            h.SetFabricPorts(F);
            h.SetFabricPortRate(DataRate("400Gbps"));
            h.SetFabricDelay(NanoSeconds(3700));
            h.SetFabricPortDelay(PicoSeconds(500));
            return h.InstallFlow(CreateObject<FlowNetwork>(), 1, 4);
        };
        {
            InferenceServers s = make();
            NS_TEST_ASSERT_MSG_EQ(s.fabrics.size(), 1, "one fabric");
            // Plain sends follow the ring: gpu0 -> gpu1 one circuit, gpu0 -> gpu2 two hops.
            Ptr<InferencePager> plain = CreateObject<InferencePager>();
            plain->SetTransport(s.transport);
            NS_TEST_ASSERT_MSG_EQ_TOL(TimePage(plain, s.GpuRank(0, 0), s.GpuRank(0, 1), B),
                                      Serialize(B + FRAME, rate) + circuit,
                                      TOL,
                                      "ring neighbour, one circuit");
            NS_TEST_ASSERT_MSG_EQ_TOL(TimePage(plain, s.GpuRank(0, 0), s.GpuRank(0, 2), B),
                                      Serialize(B + FRAME, rate) + 2 * circuit,
                                      TOL,
                                      "two ring hops before steering");
            NS_TEST_ASSERT_MSG_EQ(s.transport->GetNLanes(s.GpuRank(0, 0), s.GpuRank(0, 1)),
                                  F,
                                  "the ring joins gpu0 to gpu1 by F circuits");
            NS_TEST_ASSERT_MSG_EQ(s.transport->GetNLanes(s.GpuRank(0, 1), s.GpuRank(0, 0)),
                                  1,
                                  "and none back (one-way ring): the routed lane");

            // Without steering the pager splits over the ring's circuits of the pair.
            Ptr<FabricInferencePager> still = CreateObject<FabricInferencePager>();
            still->SetAttribute("Steer", BooleanValue(false));
            InferenceServerHelper::ConfigurePager(still, s);
            NS_TEST_ASSERT_MSG_EQ_TOL(TimePage(still, s.GpuRank(0, 0), s.GpuRank(0, 1), B),
                                      Serialize(B / F + FRAME, rate) + circuit,
                                      TOL,
                                      "ring neighbour over its F circuits");
            NS_TEST_ASSERT_MSG_EQ(still->GetSteers(), 0, "no steering");

            Ptr<FabricInferencePager> pager = CreateObject<FabricInferencePager>();
            InferenceServerHelper::ConfigurePager(pager, s);
            std::vector<std::pair<uint32_t, uint32_t>> steered;
            pager->TraceConnectWithoutContext(
                "Steered",
                MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                                 uint32_t server,
                                 uint32_t a,
                                 uint32_t b) {
                    v->push_back({a, b});
                }).Bind(&steered));
            NS_TEST_ASSERT_MSG_EQ(pager->IsSteered(0, 0, 2), false, "gpu0-gpu2 not yet steered");
            const double first = TimePage(pager, s.GpuRank(0, 0), s.GpuRank(0, 2), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(first,
                                      reconfig + Serialize(B / F + FRAME, rate) + circuit,
                                      TOL,
                                      "first page: the reconfiguration, then F circuits");
            NS_TEST_ASSERT_MSG_EQ(pager->IsSteered(0, 0, 2), true, "steered");
            const double second = TimePage(pager, s.GpuRank(0, 0), s.GpuRank(0, 2), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(second,
                                      Serialize(B / F + FRAME, rate) + circuit,
                                      TOL,
                                      "second page: no reconfiguration");
            const double back = TimePage(pager, s.GpuRank(0, 2), s.GpuRank(0, 0), B + 1);
            NS_TEST_ASSERT_MSG_EQ_TOL(back,
                                      Serialize(B / F + 1 + FRAME, rate) + circuit,
                                      TOL,
                                      "back over the same circuits (both ways), odd size");
            NS_TEST_ASSERT_MSG_EQ(pager->GetSteers(), 1, "one reconfiguration");
            NS_TEST_ASSERT_MSG_EQ(steered.size(), 1, "one Steered trace");
            NS_TEST_ASSERT_MSG_EQ(steered[0].first * 10 + steered[0].second, 2, "(0, 2)");
            const double toHost = TimePage(pager, s.GpuRank(0, 1), s.HostRank(0), B);
            NS_TEST_ASSERT_MSG_EQ_TOL(toHost,
                                      Serialize(B + FRAME, 512e9) + 1e-6,
                                      TOL,
                                      "a page to host memory still over PCIe");
            NS_TEST_ASSERT_MSG_EQ(pager->GetPages(), 4, "four pages");
            Simulator::Destroy();
        }
        {
            // Two pairs sharing gpu0, paged together: the second steer waits until the first
            // pair's page is delivered (its circuits would go dark under it).
            InferenceServers s = make();
            Ptr<FabricInferencePager> pager = CreateObject<FabricInferencePager>();
            InferenceServerHelper::ConfigurePager(pager, s);
            Time endA;
            Time endB;
            Simulator::ScheduleNow([&]() {
                pager->Page(s.GpuRank(0, 0), s.GpuRank(0, 2), B, [&]() {
                    endA = Simulator::Now();
                });
                pager->Page(s.GpuRank(0, 0), s.GpuRank(0, 1), B, [&]() {
                    endB = Simulator::Now();
                });
            });
            Simulator::Run();
            const double one = reconfig + Serialize(B / F + FRAME, rate) + circuit;
            NS_TEST_ASSERT_MSG_EQ_TOL(endA.GetSeconds(), one, TOL, "first pair: steer, page");
            NS_TEST_ASSERT_MSG_EQ_TOL(endB.GetSeconds(),
                                      2 * one,
                                      2 * TOL,
                                      "second pair: after the first page, steer, page");
            NS_TEST_ASSERT_MSG_EQ(pager->GetSteers(), 2, "two reconfigurations");
            NS_TEST_ASSERT_MSG_EQ(pager->IsSteered(0, 0, 2), false, "gpu0 taken from gpu2");
            NS_TEST_ASSERT_MSG_EQ(pager->IsSteered(0, 0, 1), true, "and given to gpu1");
            NS_TEST_ASSERT_MSG_EQ_TOL(pager->GetBusyTime().GetSeconds(),
                                      2 * one,
                                      2 * TOL,
                                      "busy while either page waited or moved");
            Simulator::Destroy();
        }
        {
            // A server without a fabric: refused, naming the server.
            InferenceServerHelper h = FluidHelper();
            InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 2, 2);
            NS_TEST_ASSERT_MSG_EQ(s.fabrics.size(), 0, "no fabric");
            Ptr<FabricInferencePager> pager = CreateObject<FabricInferencePager>();
            InferenceServerHelper::ConfigurePager(pager, s);
            const std::string why = pager->CheckPage(s.GpuRank(1, 0), s.GpuRank(1, 1));
            NS_TEST_ASSERT_MSG_NE(why.find("server 1 has no photonic fabric"),
                                  std::string::npos,
                                  "refused naming the server: " << why);
            NS_TEST_ASSERT_MSG_EQ(pager->CheckPage(s.GpuRank(1, 0), s.HostRank(1)),
                                  "",
                                  "a page to host memory is fine");
            Simulator::Destroy();
        }
    }
};

/// Busy time is the union of the pages' intervals.
class BusyTimeTestCase : public TestCase
{
  public:
    BusyTimeTestCase()
        : TestCase("busy time: the union of overlapping and disjoint pages")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t B = 8ull << 20;
        InferenceServerHelper h = FluidHelper();
        InferenceServers s = h.InstallFlow(CreateObject<FlowNetwork>(), 1, 2);
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(s.transport);
        const double one = Serialize(B + FRAME, 512e9) + 1e-6; // each GPU's own PCIe link
        std::vector<Time> durations;
        pager->TraceConnectWithoutContext(
            "Paged",
            MakeCallback(+[](std::vector<Time>* v, uint32_t, uint32_t, uint64_t, Time d) {
                v->push_back(d);
            }).Bind(&durations));
        Simulator::Schedule(Seconds(0),
                            [&]() { pager->Page(s.GpuRank(0, 0), s.HostRank(0), B, nullptr); });
        Simulator::Schedule(Seconds(one / 2),
                            [&]() { pager->Page(s.GpuRank(0, 1), s.HostRank(0), B, nullptr); });
        Simulator::Schedule(Seconds(10 * one),
                            [&]() { pager->Page(s.HostRank(0), s.GpuRank(0, 1), B, nullptr); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(durations.size(), 3, "three Paged traces");
        for (const Time& d : durations)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(d.GetSeconds(), one, TOL, "each on its own idle link");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(pager->GetBusyTime().GetSeconds(),
                                  (one / 2 + one) + one,
                                  4 * TOL,
                                  "overlap counted once");
        Simulator::Destroy();
    }
};

/// The description of 2 servers x 4 GPUs: exact counts, names, ranks, ring, Validate.
class DescriptionTestCase : public TestCase
{
  public:
    DescriptionTestCase()
        : TestCase("description: node, link and port counts of 2 x 4 GPUs, exact; validates")
    {
    }

  private:
    void DoRun() override
    {
        using Role = TopologyDescription::Role;

        struct Case
        {
            bool nvlink;
            uint32_t ports;
            uint32_t nodes;
            uint32_t links;
            uint32_t switches;
            uint32_t ocs;
        };

        // hosts: 8 GPUs + 2 host memories; links: 4 PCIe per server, + 4 NVLink if any.
        const Case cases[] = {
            {true, 0, 12, 16, 2, 0},
            {false, 0, 10, 8, 0, 0},
            {true, 2, 14, 16, 2, 2},
            {false, 3, 12, 8, 0, 2},
        };
        for (const Case& c : cases)
        {
            InferenceServerHelper h;
            h.SetScaleUpRate(c.nvlink ? DataRate("3600Gbps") : DataRate(0));
            h.SetFabricPorts(c.ports);
            const TopologyDescription d = h.Describe(2, 4);
            NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "validates");
            NS_TEST_ASSERT_MSG_EQ(d.GetNNodes(), c.nodes, "nodes");
            NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), c.links, "links");
            NS_TEST_ASSERT_MSG_EQ(d.Count(Role::HOST), 10, "hosts");
            NS_TEST_ASSERT_MSG_EQ(d.Count(Role::SWITCH), c.switches, "NVSwitches");
            NS_TEST_ASSERT_MSG_EQ(d.Count(Role::OCS), c.ocs, "fabrics");
            NS_TEST_ASSERT_MSG_EQ(d.GetOcsPorts().size(), 2 * 4 * c.ports, "fabric ports");
            NS_TEST_ASSERT_MSG_EQ(d.GetScaleUpDomains().size(), 0, "no scale-up domains");
            uint32_t pcie = 0;
            uint32_t nvl = 0;
            for (const auto& l : d.GetLinks())
            {
                const bool toHost = d.GetNode(l.b).name.rfind("host", 0) == 0;
                pcie += toHost ? 1 : 0;
                nvl += toHost ? 0 : 1;
                NS_TEST_ASSERT_MSG_EQ(l.rate,
                                      toHost ? h.GetPcieRate() : h.GetScaleUpRate(),
                                      "link rate by kind");
            }
            NS_TEST_ASSERT_MSG_EQ(pcie, 8, "a PCIe link per GPU");
            NS_TEST_ASSERT_MSG_EQ(nvl, (c.nvlink ? 8 : 0), "an NVLink link per GPU if any");
            // Ranks: GPU (1, 2) is 6, host memory of server 1 is 9.
            for (uint32_t i = 0; i < d.GetNNodes(); ++i)
            {
                if (d.GetNode(i).name == "gpu1.2")
                {
                    NS_TEST_ASSERT_MSG_EQ(d.GetNode(i).rank, 6, "gpu1.2's rank");
                }
                if (d.GetNode(i).name == "host1")
                {
                    NS_TEST_ASSERT_MSG_EQ(d.GetNode(i).rank, 9, "host1's rank");
                }
            }
            for (const auto& p : d.GetOcsPorts())
            {
                const uint32_t g = d.GetNode(p.node).rank % 4;
                NS_TEST_ASSERT_MSG_EQ(p.port, g * c.ports + p.nic, "port of (gpu, k)");
            }
        }
        // The ring of 4 GPUs x 2 ports: port (g, k) -> ((g + 1) mod 4, k).
        InferenceServerHelper h;
        h.SetFabricPorts(2);
        const std::vector<int32_t> out = h.RingConfiguration(4).GetOutputMap(8);
        const std::vector<int32_t> expected = {2, 3, 4, 5, 6, 7, 0, 1};
        for (uint32_t p = 0; p < 8; ++p)
        {
            NS_TEST_ASSERT_MSG_EQ(out[p], expected[p], "ring output of port " << p);
        }
        NS_TEST_ASSERT_MSG_EQ(h.RingConfiguration(1).GetNCircuits(), 0, "no ring of one GPU");
        NS_TEST_ASSERT_MSG_NE(h.Check(0, 4), "", "0 servers refused");
        h.SetPcieRate(DataRate(0));
        NS_TEST_ASSERT_MSG_NE(h.Check(1, 4).find("PcieRate 0"),
                              std::string::npos,
                              "a zero PCIe rate refused, named");
    }
};

/// The suite.
class InferenceServerTestSuite : public TestSuite
{
  public:
    InferenceServerTestSuite()
        : TestSuite("optical-inference-server", SUITE_UNIT)
    {
        AddTestCase(new DescriptionTestCase, TEST_QUICK);
        AddTestCase(new IdleLinkTestCase, TEST_QUICK);
        AddTestCase(new MaxMinTestCase, TEST_QUICK);
        AddTestCase(new TrainingBesideTestCase, TEST_QUICK);
        AddTestCase(new TrainingJobBesideTestCase, TEST_QUICK);
        AddTestCase(new BusyTimeTestCase, TEST_QUICK);
        AddTestCase(new FabricTestCase, TEST_QUICK);
        AddTestCase(new PacketLevelTestCase, TEST_QUICK);
    }
};

InferenceServerTestSuite g_inferenceServerTestSuite;

} // namespace
