/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Flow-level engine: exact completion times (serialization plus path latency), max-min
 * sharing, caps, topology changes (capacity, link down and up, rerouting, OCS reconfiguration),
 * conservation, incremental recomputation, bad input, and ring all-reduce against alpha-beta.
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
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
constexpr double GBPS10 = 10e9;

/// Seconds to send bytes at a rate, rounded up to the nanosecond as the engine does.
Time
SendTime(double bytes, double bps)
{
    return NanoSeconds(static_cast<int64_t>(std::ceil(bytes * 8.0 / bps * 1e9 - 1e-6)));
}

/// A chain a - b - c of duplex links.
struct Chain
{
    Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
    Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
    uint32_t a;
    uint32_t b;
    uint32_t c;
    uint32_t ab;
    uint32_t bc;

    Chain(double rate, Time d1, Time d2, uint32_t mtu = 0)
    {
        a = topo->AddVertex("a");
        b = topo->AddVertex("b");
        c = topo->AddVertex("c");
        ab = topo->AddDuplexLink(a, b, rate, d1, mtu);
        bc = topo->AddDuplexLink(b, c, rate, d2, mtu);
        net->SetTopology(topo);
    }
};

/// Starts a flow and records its delivery time in \p at.
int64_t
Start(Ptr<FlowNetwork> net, uint32_t src, uint32_t dst, double bytes, Time* at, double cap = 0)
{
    FlowNetwork::FlowSpec spec;
    spec.src = src;
    spec.dst = dst;
    spec.bytes = bytes;
    spec.capBps = cap;
    spec.delivered = [at]() { *at = Simulator::Now(); };
    return net->StartFlow(spec);
}
} // namespace

/// One flow: completion = size / rate + path latency, fluid and with packet headers.
class SingleFlowTestCase : public TestCase
{
  public:
    SingleFlowTestCase()
        : TestCase("a single flow completes at size over rate plus path latency")
    {
    }

  private:
    void DoRun() override
    {
        {
            Chain g(GBPS10, MicroSeconds(1), MicroSeconds(2));
            Time at;
            Start(g.net, g.a, g.c, 1e6, &at);
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(at, SendTime(1e6, GBPS10) + MicroSeconds(3), "fluid flow");
            Simulator::Destroy();
        }
        {
            // MTU 1500: 1448-byte payloads, 54 bytes of headers each; the last packet is
            // stored and forwarded once at b (1502 bytes on the wire at 10 Gb/s).
            Chain g(GBPS10, MicroSeconds(1), MicroSeconds(2), 1500);
            Time at;
            FlowNetwork::FlowSpec spec;
            spec.src = g.a;
            spec.dst = g.c;
            spec.bytes = 1e6;
            spec.headerBytes = 52;
            spec.linkHeaderBytes = 2;
            spec.delivered = [&at]() { at = Simulator::Now(); };
            g.net->StartFlow(spec);
            Simulator::Run();
            const double wire = 1e6 + std::ceil(1e6 / 1448) * 54;
            NS_TEST_ASSERT_MSG_EQ(wire, FlowNetwork::WireBytes(1e6, 1500, 52, 2), "wire bytes");
            const Time expected =
                SendTime(wire, GBPS10) + MicroSeconds(3) + Seconds(1502 * 8.0 / GBPS10);
            NS_TEST_ASSERT_MSG_EQ(at, expected, "packetised flow");
            Simulator::Destroy();
        }
    }
};

/// N flows on one bottleneck share it equally; sizes differ: the small ones leave first.
class BottleneckTestCase : public TestCase
{
  public:
    BottleneckTestCase()
        : TestCase("flows sharing a bottleneck: equal shares, then the survivors speed up")
    {
    }

  private:
    void DoRun() override
    {
        // n senders s_i -> hub -> sink; the hub-sink link is the bottleneck.
        const uint32_t n = 4;
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t hub = topo->AddVertex("hub");
        const uint32_t sink = topo->AddVertex("sink");
        topo->AddDuplexLink(hub, sink, GBPS10, Seconds(0));
        std::vector<uint32_t> senders;
        for (uint32_t i = 0; i < n; ++i)
        {
            senders.push_back(topo->AddVertex("s" + std::to_string(i)));
            topo->AddDuplexLink(senders.back(), hub, 4 * GBPS10, Seconds(0));
        }
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        std::vector<Time> at(n);
        std::vector<int64_t> ids;
        for (uint32_t i = 0; i < n; ++i)
        {
            ids.push_back(Start(net, senders[i], sink, 1e6 * (i + 1), &at[i]));
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(net->GetFlowRate(ids[i]),
                                      GBPS10 / n,
                                      1.0,
                                      "equal share of the bottleneck");
        }
        Simulator::Run();
        // Sizes 1, 2, 3, 4 MB: flow k ends once the k smallest are done at rates that always
        // fill the bottleneck: t_k = (sum_{i<k} s_i + (n - k) s_k) / C.
        for (uint32_t k = 0; k < n; ++k)
        {
            double bytes = 0;
            for (uint32_t i = 0; i < k; ++i)
            {
                bytes += 1e6 * (i + 1);
            }
            bytes += (n - k) * 1e6 * (k + 1);
            NS_TEST_ASSERT_MSG_EQ_TOL(at[k].GetSeconds(),
                                      bytes * 8 / GBPS10,
                                      n * 1e-9,
                                      "flow " << k << " completion");
        }
        NS_TEST_ASSERT_MSG_EQ(net->GetFlowsCompleted(), n, "every flow delivered");
        NS_TEST_ASSERT_MSG_EQ_TOL(net->GetBytesSent(), net->GetBytesStarted(), 1e-6, "bytes");
        Simulator::Destroy();
    }
};

/// Max-min with two bottlenecks and a rate cap.
class MaxMinTestCase : public TestCase
{
  public:
    MaxMinTestCase()
        : TestCase("max-min fairness: two bottlenecks and a per-flow cap")
    {
    }

  private:
    void DoRun() override
    {
        // x --10G-- y --4G-- z. A: x->y, B: x->z, C: y->z. Link y-z gives B and C 2G each;
        // A takes the 8G left on x-y. With a 1G cap on C, B gets 3G and A 7G.
        for (bool capped : {false, true})
        {
            Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
            const uint32_t x = topo->AddVertex("x");
            const uint32_t y = topo->AddVertex("y");
            const uint32_t z = topo->AddVertex("z");
            topo->AddDuplexLink(x, y, 10e9, Seconds(0));
            topo->AddDuplexLink(y, z, 4e9, Seconds(0));
            Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
            net->SetTopology(topo);
            Time ta;
            Time tb;
            Time tc;
            const int64_t a = Start(net, x, y, 1e9, &ta);
            const int64_t b = Start(net, x, z, 1e9, &tb);
            const int64_t c = Start(net, y, z, 1e9, &tc, capped ? 1e9 : 0);
            NS_TEST_ASSERT_MSG_EQ_TOL(net->GetFlowRate(a), (capped ? 7e9 : 8e9), 1, "A");
            NS_TEST_ASSERT_MSG_EQ_TOL(net->GetFlowRate(b), (capped ? 3e9 : 2e9), 1, "B");
            NS_TEST_ASSERT_MSG_EQ_TOL(net->GetFlowRate(c), (capped ? 1e9 : 2e9), 1, "C");
            Simulator::Destroy();
        }
    }
};

/// A capacity change re-rates the flow; a link down stalls it; up again resumes it.
class TopologyChangeTestCase : public TestCase
{
  public:
    TopologyChangeTestCase()
        : TestCase("capacity change re-rates, link down stalls, link up resumes")
    {
    }

  private:
    void DoRun() override
    {
        const double bytes = 10e6; // 8 ms at 10G
        {
            Chain g(GBPS10, Seconds(0), Seconds(0));
            Time at;
            Start(g.net, g.a, g.c, bytes, &at);
            // Halve b->c at 2 ms: 2.5 MB sent, 7.5 MB left at 5G: 12 ms more.
            Ptr<FlowTopology> topo = g.topo;
            const uint32_t bc = g.bc;
            optical::compat::Schedule(MilliSeconds(2),
                                      [topo, bc]() { topo->SetLinkCapacity(bc, 5e9); });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ_TOL(at.GetSeconds(), 0.014, 2e-9, "halved at 2 ms");
            Simulator::Destroy();
        }
        {
            Chain g(GBPS10, Seconds(0), Seconds(0));
            Time at;
            const int64_t id = Start(g.net, g.a, g.c, bytes, &at);
            Ptr<FlowTopology> topo = g.topo;
            Ptr<FlowNetwork> net = g.net;
            const uint32_t bc = g.bc;
            double stalledRate = -1;
            uint32_t stalled = 0;
            optical::compat::Schedule(MilliSeconds(2),
                                      [topo, bc]() { topo->SetLinkUp(bc, false); });
            optical::compat::Schedule(MilliSeconds(3), [net, id, &stalledRate, &stalled]() {
                stalledRate = net->GetFlowRate(id);
                stalled = net->GetNStalledFlows();
            });
            optical::compat::Schedule(MilliSeconds(7), [topo, bc]() { topo->SetLinkUp(bc, true); });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(stalledRate, 0.0, "no rate while the link is down");
            NS_TEST_ASSERT_MSG_EQ(stalled, 1u, "one stalled flow");
            NS_TEST_ASSERT_MSG_EQ_TOL(at.GetSeconds(), 0.013, 2e-9, "8 ms + 5 ms down");
            Simulator::Destroy();
        }
    }
};

/// Two parallel paths: a cut reroutes the flow onto the other without a stall.
class RerouteTestCase : public TestCase
{
  public:
    RerouteTestCase()
        : TestCase("a cut reroutes flows onto a surviving path")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t s = topo->AddVertex("s");
        const uint32_t p = topo->AddVertex("p");
        const uint32_t q = topo->AddVertex("q");
        const uint32_t d = topo->AddVertex("d");
        topo->AddDuplexLink(s, p, GBPS10, Seconds(0));
        topo->AddDuplexLink(p, d, GBPS10, Seconds(0));
        topo->AddDuplexLink(s, q, GBPS10, Seconds(0));
        topo->AddDuplexLink(q, d, GBPS10, Seconds(0));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        Time at;
        const int64_t id = Start(net, s, d, 10e6, &at);
        const uint32_t first = net->GetFlowPath(id)[0];
        optical::compat::Schedule(MilliSeconds(2),
                                  [topo, first]() { topo->SetLinkUp(first, false); });
        uint32_t after = first;
        optical::compat::Schedule(MilliSeconds(3),
                                  [net, id, &after]() { after = net->GetFlowPath(id)[0]; });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_NE(after, first, "the flow left the cut link");
        NS_TEST_ASSERT_MSG_EQ_TOL(at.GetSeconds(), 0.008, 2e-9, "no time lost");
        Simulator::Destroy();

        // A flow stalled on its only link takes a link added later (a new circuit) at once.
        Ptr<FlowTopology> line = CreateObject<FlowTopology>();
        const uint32_t x = line->AddVertex("x");
        const uint32_t y = line->AddVertex("y");
        const uint32_t xy = line->AddLink(x, y, GBPS10, Seconds(0));
        line->SetLinkUp(xy, false);
        Ptr<FlowNetwork> net2 = CreateObject<FlowNetwork>();
        net2->SetTopology(line);
        Time at2;
        Start(net2, x, y, 10e6, &at2);
        optical::compat::Schedule(MilliSeconds(3),
                                  [line, x, y]() { line->AddLink(x, y, GBPS10, Seconds(0)); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ_TOL(at2.GetSeconds(), 0.011, 2e-9, "3 ms stalled, then 8 ms");
        Simulator::Destroy();
    }
};

/// Only the component a change touches is recomputed.
class IncrementalTestCase : public TestCase
{
  public:
    IncrementalTestCase()
        : TestCase("recomputation touches only the component of the change")
    {
    }

  private:
    void DoRun() override
    {
        // k disjoint pairs u_i -> v_i, each with m flows; one more flow on pair 0 re-rates
        // pair 0's m + 1 flows only.
        const uint32_t k = 5;
        const uint32_t m = 3;
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        std::vector<uint32_t> u;
        std::vector<uint32_t> v;
        for (uint32_t i = 0; i < k; ++i)
        {
            u.push_back(topo->AddVertex("u" + std::to_string(i)));
            v.push_back(topo->AddVertex("v" + std::to_string(i)));
            topo->AddDuplexLink(u[i], v[i], GBPS10, Seconds(0));
        }
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        std::vector<Time> at(k * m + 1);
        for (uint32_t i = 0; i < k; ++i)
        {
            for (uint32_t j = 0; j < m; ++j)
            {
                Start(net, u[i], v[i], 1e6, &at[i * m + j]);
            }
        }
        uint64_t before = 0;
        uint64_t after = 0;
        uint64_t recomputations = 0;
        optical::compat::Schedule(MicroSeconds(10), [&]() {
            before = net->GetFlowsRerated();
            recomputations = net->GetRecomputations();
            Start(net, u[0], v[0], 1e6, &at[k * m]);
        });
        optical::compat::Schedule(MicroSeconds(11), [&]() { after = net->GetFlowsRerated(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(recomputations, 1u, "the first k*m starts were one batch");
        NS_TEST_ASSERT_MSG_EQ(after - before, uint64_t(m + 1), "only pair 0's flows re-rated");
        NS_TEST_ASSERT_MSG_EQ(net->GetFlowsCompleted(), uint64_t(k * m + 1), "all delivered");
        Simulator::Destroy();
    }
};

/// Bad input gets an error that names the vertices, not a hang.
class BadInputTestCase : public TestCase
{
  public:
    BadInputTestCase()
        : TestCase("bad flows are rejected with the vertices named")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t a = topo->AddVertex("alpha");
        const uint32_t b = topo->AddVertex("beta");
        const uint32_t c = topo->AddVertex("gamma");
        const uint32_t ab = topo->AddDuplexLink(a, b, GBPS10, Seconds(0));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        std::string error;
        FlowNetwork::FlowSpec spec;
        spec.src = a;
        spec.dst = c;
        spec.bytes = 1000;
        NS_TEST_ASSERT_MSG_EQ(net->StartFlow(spec, &error), -1, "disconnected");
        NS_TEST_ASSERT_MSG_NE(error.find("alpha"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("gamma"), std::string::npos, error);
        spec.dst = b;
        spec.bytes = 0;
        NS_TEST_ASSERT_MSG_EQ(net->StartFlow(spec, &error), -1, "empty flow");
        NS_TEST_ASSERT_MSG_NE(error.find("positive"), std::string::npos, error);
        spec.bytes = 1000;
        spec.path = {ab + 1}; // beta -> alpha: does not start at alpha
        NS_TEST_ASSERT_MSG_EQ(net->StartFlow(spec, &error), -1, "bad path");
        NS_TEST_ASSERT_MSG_NE(error.find("not a chain"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(net->GetNActiveFlows(), 0u, "nothing started");
        NS_TEST_ASSERT_MSG_EQ(net->GetFlowsStarted(), 0u, "state unchanged");
        spec.path = {ab};
        NS_TEST_ASSERT_MSG_GT(net->StartFlow(spec, &error), -1, "a given path is followed");
        NS_TEST_ASSERT_MSG_EQ(net->DescribeStalledFlows(), "", "nothing stalled");
        // A link of zero capacity: the flow waits (a rate-adaptive link may come back), and
        // what is waiting, and why, can be told.
        topo->SetLinkCapacity(ab, 0);
        const std::string stalled = net->DescribeStalledFlows();
        NS_TEST_ASSERT_MSG_NE(stalled.find("1 flow stalled: alpha -> beta"),
                              std::string::npos,
                              stalled);
        NS_TEST_ASSERT_MSG_NE(stalled.find("alpha->beta has zero capacity"),
                              std::string::npos,
                              stalled);
        Simulator::Destroy();
    }
};

/// The flow transport tells, through the CollectiveTransport interface, which flows stall.
class TransportStallTestCase : public TestCase
{
  public:
    TransportStallTestCase()
        : TestCase("the flow transport reports stalled flows through CollectiveTransport")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t a = topo->AddVertex("alpha");
        const uint32_t b = topo->AddVertex("beta");
        const uint32_t ab = topo->AddDuplexLink(a, b, GBPS10, MicroSeconds(1));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        Ptr<CollectiveTransport> transport = CollectiveHelper().InstallFlow(net, {a, b});
        uint32_t delivered = 0;
        transport->Send(0, 1, 1000, [&delivered]() { ++delivered; });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered, 1u, "delivered on a working link");
        NS_TEST_ASSERT_MSG_EQ(transport->DescribeStall(), "", "nothing stalled");
        topo->SetLinkCapacity(ab, 0);
        transport->Send(0, 1, 1000, [&delivered]() { ++delivered; });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered, 1u, "the second message waits");
        const std::string stall = transport->DescribeStall();
        NS_TEST_ASSERT_MSG_NE(stall.find("1 flow stalled: alpha -> beta"),
                              std::string::npos,
                              stall);
        NS_TEST_ASSERT_MSG_NE(stall.find("has zero capacity"), std::string::npos, stall);
        NS_TEST_ASSERT_MSG_EQ(transport->GetCounters().messagesSent, 2u, "sent");
        NS_TEST_ASSERT_MSG_EQ(transport->GetCounters().messagesDelivered, 1u, "delivered");
        Simulator::Destroy();
    }
};

/// Ring all-reduce on the flow transport matches alpha-beta.
class RingAlphaBetaTestCase : public TestCase
{
  public:
    RingAlphaBetaTestCase()
        : TestCase("ring all-reduce at flow level against alpha-beta")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 8;
        const uint64_t bytes = 64ull << 20;
        const Time delay = MicroSeconds(1);
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t sw = topo->AddVertex("switch");
        std::vector<uint32_t> hosts;
        for (uint32_t i = 0; i < n; ++i)
        {
            hosts.push_back(topo->AddVertex("host" + std::to_string(i)));
            topo->AddDuplexLink(hosts[i], sw, GBPS10, delay);
        }
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        CollectiveHelper helper;
        Ptr<FlowCollectiveTransport> transport = helper.InstallFlow(net, hosts);
        CollectiveSpec
            spec{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING, n, bytes, 1, 1, 0};
        Ptr<Collective> ar = helper.Create(transport, spec);
        ar->Start();
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ar->IsDone(), true, "completed");
        const double t = (ar->GetRecord().end - ar->GetRecord().start).GetSeconds();
        // 2(n-1) steps of S/n bytes (+16-byte frame header), each alpha = 2 link delays.
        const double step = (bytes / n + 16) * 8.0 / GBPS10 + 2 * delay.GetSeconds();
        NS_TEST_ASSERT_MSG_EQ_TOL(t, 2 * (n - 1) * step, 2 * (n - 1) * 1e-9, "exact steps");
        const double alphaBeta =
            2 * (n - 1) * 2 * delay.GetSeconds() + 2.0 * (n - 1) / n * bytes * 8 / GBPS10;
        NS_TEST_ASSERT_MSG_EQ_TOL(t / alphaBeta, 1.0, 0.01, "within 1% of alpha-beta");
        NS_TEST_ASSERT_MSG_EQ(transport->GetMessagesDelivered(), uint64_t(2 * (n - 1) * n), "msgs");
        Simulator::Destroy();
    }
};

/// An OCS reconfiguration stalls the flows on changed circuits, which then follow the new
/// circuits; the topology is read from the ns-3 devices.
class OcsFlowTestCase : public TestCase
{
  public:
    OcsFlowTestCase()
        : TestCase("OCS: a flow stalls while its circuit is dark and follows the new one")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(20)));
        helper.SetSwitchAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
        helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        const auto pair = OcsConfiguration().Connect(0, 1);
        ocs->SetInitialConfiguration(pair);
        // Dark from 2 ms: torn down (20 ms), then set up again (20 ms): lit at 42 ms.
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(2), OcsConfiguration());
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(3), pair);

        FlowTopologyHelper flowHelper;
        flowHelper.SetRouting("shortest");
        Ptr<FlowNetwork> net = flowHelper.Install(NodeContainer(hosts, NodeContainer(ocsNode)));
        Ptr<FlowTopology> topo = net->GetTopology();
        NS_TEST_ASSERT_MSG_EQ(topo->GetNLinks(), 2u, "one circuit, two directions");
        const Time latency = topo->GetLink(0).delay;
        Time at;
        Start(net, 0, 1, 10e6, &at); // 8 ms at 10 Gb/s
        Simulator::Run();
        const double dark = ocs->GetDarkTime().GetSeconds();
        NS_TEST_ASSERT_MSG_GT(dark, 0.0, "the circuit went dark");
        NS_TEST_ASSERT_MSG_EQ_TOL(at.GetSeconds(),
                                  0.008 + 0.040 + latency.GetSeconds(),
                                  2e-9,
                                  "8 ms of sending + 40 ms dark + fibre and switch latency");
        Simulator::Destroy();
    }
};

/// A collective inside one scale-up domain, timed in one step, equals transfer by transfer.
class ScaleUpAnalyticTestCase : public TestCase
{
  public:
    ScaleUpAnalyticTestCase()
        : TestCase("scale-up collectives timed in one step equal transfer-by-transfer timing")
    {
    }

  private:
    /// Runs two ring all-reduces back to back and a tree all-reduce on 8 GPUs of one server.
    std::vector<double> Durations(bool analytic)
    {
        const uint32_t n = 8;
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t sw = topo->AddVertex("switch");
        std::vector<uint32_t> gpus;
        for (uint32_t i = 0; i < n; ++i)
        {
            gpus.push_back(topo->AddVertex("gpu" + std::to_string(i)));
            topo->AddDuplexLink(gpus[i], sw, GBPS10, MicroSeconds(1));
        }
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        CollectiveHelper helper;
        helper.SetScaleUpAttribute("Analytic", BooleanValue(analytic));
        helper.SetScaleUpAttribute("Bandwidth", StringValue("3600Gbps"));
        Ptr<FlowCollectiveTransport> transport = helper.InstallFlow(net, gpus, n);
        std::vector<Ptr<Collective>> runs;
        for (const CollectiveAlgorithm algorithm :
             {CollectiveAlgorithm::RING, CollectiveAlgorithm::RING, CollectiveAlgorithm::TREE})
        {
            runs.push_back(helper.Create(
                transport,
                CollectiveSpec{CollectiveKind::ALLREDUCE, algorithm, n, 8 << 20, 1, 1, 0}));
        }
        // Back to back: each starts when the previous ends.
        runs[0]->Start([runs](const CollectiveRecord&) {
            runs[1]->Start([runs](const CollectiveRecord&) { runs[2]->Start(); });
        });
        Simulator::Run();
        std::vector<double> d;
        for (const auto& c : runs)
        {
            d.push_back((c->GetRecord().end - c->GetRecord().start).GetSeconds());
        }
        NS_TEST_EXPECT_MSG_EQ(net->GetFlowsStarted(), 0u, "nothing left the server");
        Simulator::Destroy();
        return d;
    }

    void DoRun() override
    {
        const std::vector<double> events = Durations(false);
        const std::vector<double> analytic = Durations(true);
        for (std::size_t i = 0; i < events.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(analytic[i], events[i], 1e-12, "collective " << i);
        }
        // Ring: 2(n-1) steps of S/n at 450 GB/s, plus 1 us latency each.
        const double step = (8 << 20) / 8.0 * 8 / 3600e9 + 1e-6;
        NS_TEST_ASSERT_MSG_EQ_TOL(events[0], 14 * step, 14e-9, "ring on NVLink");
        NS_TEST_ASSERT_MSG_EQ_TOL(analytic[1], analytic[0], 1e-12, "remembered timing");
    }
};

/// Two transports installed by one helper share the network: two jobs on one link share it.
class SharedNetworkTestCase : public TestCase
{
  public:
    SharedNetworkTestCase()
        : TestCase("transports of one helper share the links (two jobs, one bottleneck)")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        StarTopologyHelper star;
        star.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        star.SetChannelAttribute("Delay", StringValue("0s"));
        star.Install(hosts);
        CollectiveHelper helper;
        Ptr<FlowCollectiveTransport> a = helper.InstallFlow(hosts);
        Ptr<FlowCollectiveTransport> b = helper.InstallFlow(hosts);
        NS_TEST_ASSERT_MSG_EQ(a->GetNetwork(), b->GetNetwork(), "one engine");
        const uint64_t bytes = 10'000'000;
        std::vector<Ptr<Collective>> jobs;
        for (const auto& t : {a, b})
        {
            jobs.push_back(helper.Create(t,
                                         CollectiveSpec{CollectiveKind::SENDRECV,
                                                        CollectiveAlgorithm::DIRECT,
                                                        2,
                                                        bytes,
                                                        1,
                                                        1,
                                                        0}));
            jobs.back()->Start();
        }
        // What a controller's start gate sees: a unique id, the transport ranks, the schedule.
        NS_TEST_ASSERT_MSG_NE(jobs[0]->GetRecord().id, jobs[1]->GetRecord().id, "unique ids");
        NS_TEST_ASSERT_MSG_EQ(jobs[1]->GetRecord().ranks.size(), 2u, "ranks");
        NS_TEST_ASSERT_MSG_EQ(jobs[1]->GetRecord().ranks[1], 1u, "rank 1 is host 1");
        NS_TEST_ASSERT_MSG_EQ(jobs[1]->GetRecord().schedule->GetOps().size(), 1u, "one transfer");
        Simulator::Run();
        // Each gets 5 Gb/s of host 0's link: twice the time alone (wire bytes at MTU 1500),
        // plus the last packet's store-and-forward at the switch.
        const double wire = FlowNetwork::WireBytes(bytes + 16, 1500, 52, 2);
        for (const auto& j : jobs)
        {
            const double t = (j->GetRecord().end - j->GetRecord().start).GetSeconds();
            NS_TEST_ASSERT_MSG_EQ_TOL(t,
                                      2 * wire * 8 / 10e9 + 1502 * 8 / 10e9,
                                      2e-9,
                                      "shared bottleneck");
        }
        Simulator::Destroy();
    }
};

/// An OCS with no ns-3 devices drives a topology built directly (photonic rails at scale).
class ChannelLessOcsTestCase : public TestCase
{
  public:
    ChannelLessOcsTestCase()
        : TestCase("an OCS without devices drives a directly built topology's links")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        std::vector<uint32_t> gpus;
        for (uint32_t i = 0; i < 3; ++i)
        {
            gpus.push_back(topo->AddVertex("gpu" + std::to_string(i)));
        }
        Ptr<OpticalCircuitSwitch> ocs = CreateObject<OpticalCircuitSwitch>();
        ocs->SetAttribute("PortCount", UintegerValue(3));
        ocs->SetAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(10)));
        ocs->SetAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
        ocs->SetAttribute("Latency", TimeValue(NanoSeconds(100)));
        ocs->SetInitialConfiguration(OcsConfiguration().ConnectOneWay(0, 1));
        std::map<uint32_t, FlowTopologyHelper::OcsPort> ports;
        for (uint32_t i = 0; i < 3; ++i)
        {
            ports[i] = {gpus[i], GBPS10, MicroSeconds(1), 0, nullptr};
        }
        FlowTopologyHelper::AttachOcs(topo, ocs, ports);
        NS_TEST_ASSERT_MSG_EQ(topo->GetNLinks(), 1u, "one one-way circuit");
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        Time at;
        Start(net, gpus[0], gpus[1], 10e6, &at); // 8 ms at 10 Gb/s
        // At 2 ms port 0 turns to GPU 2 (10 ms dark), then back to GPU 1 (10 ms more).
        OcsHelper::ScheduleReconfiguration(ocs,
                                           MilliSeconds(2),
                                           OcsConfiguration().ConnectOneWay(0, 2));
        OcsHelper::ScheduleReconfiguration(ocs,
                                           MilliSeconds(3),
                                           OcsConfiguration().ConnectOneWay(0, 1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(topo->GetNLinks(), 2u, "the 0 -> 2 circuit got a link");
        NS_TEST_ASSERT_MSG_EQ_TOL(at.GetSeconds(),
                                  0.008 + 0.020 + 2e-6 + 100e-9,
                                  2e-9,
                                  "8 ms of sending + 20 ms dark + fibres and switch");
        Simulator::Destroy();
    }
};

/// Nodes to a flow topology: each point-to-point device is one link, whatever the order the
/// nodes are found in (the hosts given, the switch reached through them).
class FlowTopologyFromNodesTestCase : public TestCase
{
  public:
    FlowTopologyFromNodesTestCase()
        : TestCase("FlowTopologyHelper: one link per device; two flows share a host's uplink")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(4);
        StarTopologyHelper star;
        star.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        star.SetChannelAttribute("Delay", StringValue("1us"));
        star.Install(hosts);
        FlowTopologyHelper flowHelper;
        flowHelper.SetRouting("shortest");
        Ptr<FlowNetwork> net = flowHelper.Install(hosts);
        Ptr<FlowTopology> topo = net->GetTopology();
        NS_TEST_ASSERT_MSG_EQ(topo->GetNVertices(), 5u, "four hosts and the switch");
        NS_TEST_ASSERT_MSG_EQ(topo->GetNLinks(), 8u, "four uplinks and four downlinks");
        for (uint32_t h = 0; h < 4; ++h)
        {
            NS_TEST_EXPECT_MSG_EQ(topo->GetOutLinks(h).size(), 1u, "host " << h << ": one NIC");
        }
        // Two flows of 10 MB from host 0 (to hosts 1 and 2) share its 10 Gbit/s uplink: both
        // end at 16 ms plus the path's latency, whatever their hashes.
        Time a;
        Time b;
        Start(net, 0, 1, 10e6, &a);
        Start(net, 0, 2, 10e6, &b);
        // Propagation and one packet stored and forwarded at the switch.
        const auto& path = net->GetFlowPath(0);
        const double latency = topo->PathLatency(path, topo->PathMtu(path)).GetSeconds();
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ_TOL(a.GetSeconds(), 0.016 + latency, 1e-9, "first flow");
        NS_TEST_EXPECT_MSG_EQ_TOL(b.GetSeconds(), 0.016 + latency, 1e-9, "second flow");
        Simulator::Destroy();
    }
};

/// The flow-level engine's test suite.
class FlowNetworkTestSuite : public TestSuite
{
  public:
    FlowNetworkTestSuite()
        : TestSuite("optical-flow-network", SUITE_UNIT)
    {
        AddTestCase(new SingleFlowTestCase, TEST_QUICK);
        AddTestCase(new BottleneckTestCase, TEST_QUICK);
        AddTestCase(new MaxMinTestCase, TEST_QUICK);
        AddTestCase(new TopologyChangeTestCase, TEST_QUICK);
        AddTestCase(new RerouteTestCase, TEST_QUICK);
        AddTestCase(new IncrementalTestCase, TEST_QUICK);
        AddTestCase(new BadInputTestCase, TEST_QUICK);
        AddTestCase(new TransportStallTestCase, TEST_QUICK);
        AddTestCase(new RingAlphaBetaTestCase, TEST_QUICK);
        AddTestCase(new OcsFlowTestCase, TEST_QUICK);
        AddTestCase(new FlowTopologyFromNodesTestCase, TEST_QUICK);
        AddTestCase(new ScaleUpAnalyticTestCase, TEST_QUICK);
        AddTestCase(new SharedNetworkTestCase, TEST_QUICK);
        AddTestCase(new ChannelLessOcsTestCase, TEST_QUICK);
    }
};

/// Static instance
static FlowNetworkTestSuite g_flowNetworkTestSuite;

} // namespace
