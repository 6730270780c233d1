/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"
#include "ns3/internet-module.h"
#include "ns3/link-load-sampler.h"
#include "ns3/network-module.h"
#include "ns3/optical-timeline.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <cmath>

/**
 * \file
 * \ingroup optical-tests
 * LinkLoadSampler: utilization and queued bytes of a point-to-point link against the exact
 * schedule of a burst of UDP packets, and a flow network link's utilization against its flows.
 */

using namespace ns3;
using namespace ns3::optical::compat;

/// A burst of 50 UDP packets on a link that sends one frame every 100 us exactly.
class PacketLinkLoadTestCase : public TestCase
{
  public:
    PacketLinkLoadTestCase()
        : TestCase("LinkLoadSampler: a UDP burst's utilization and queue, interval by interval")
    {
    }

  private:
    void DoRun() override
    {
        // 1000 B of payload + 8 (UDP) + 20 (IPv4) + 2 (PPP) = 1030 B = 8240 bits: 100 us at
        // 82.4 Mbit/s. The 50 packets are queued within 50 us of 50 us; frame k (1..50) has
        // left at 50 + 100 k us, never on a sampling instant (multiples of 1 ms).
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(82400000)));
        p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        NetDeviceContainer devices = p2p.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addresses.Assign(devices);
        UdpClientHelper client(ifs.GetAddress(1), 9);
        client.SetAttribute("MaxPackets", UintegerValue(50));
        client.SetAttribute("Interval", TimeValue(MicroSeconds(1)));
        // UdpClient's payload carries its own 12-byte header inside PacketSize.
        client.SetAttribute("PacketSize", UintegerValue(1000));
        ApplicationContainer apps = client.Install(nodes.Get(0));
        apps.Start(MicroSeconds(50));

        LinkLoadSampler load;
        load.SetInterval(MilliSeconds(1));
        load.AddDevice(devices.Get(0), "a->b");
        Simulator::Schedule(Seconds(0), [&load]() { load.Start(); });
        Simulator::Schedule(MicroSeconds(5500), [&load]() { load.Stop(); });
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();

        const auto& s = load.GetSamples(0);
        NS_TEST_ASSERT_MSG_EQ(s.size(), 7, "samples at 0, 1, ..., 5 ms and the closing one");
        // Frames that left in each interval: 9 (150..950 us), 10, 10, 10, 10, then 1 (5050
        // us) in the last, 0.5 ms long; the closing sample at 5.5 ms reads 0.
        const double expected[] = {0.9, 1.0, 1.0, 1.0, 1.0, 8240.0 / (82.4e6 * 0.5e-3), 0.0};
        for (std::size_t i = 0; i < s.size(); ++i)
        {
            const Time at = i < 6 ? MilliSeconds(i) : MicroSeconds(5500);
            NS_TEST_EXPECT_MSG_EQ(s[i].at, at, "sample " << i << "'s time");
            NS_TEST_EXPECT_MSG_EQ_TOL(s[i].utilization,
                                      expected[i],
                                      1e-12,
                                      "utilization of interval " << i);
        }
        // Queued at 1 ms: 50 sent - 9 gone - 1 on the wire = 40 packets, each 1028 B in the
        // queue disc or 1030 B (with PPP) in the device's queue.
        NS_TEST_EXPECT_MSG_EQ((s[1].queueBytes >= 40 * 1028 && s[1].queueBytes <= 40 * 1030),
                              true,
                              "40 packets queued at 1 ms, not " << s[1].queueBytes << " B");
        NS_TEST_EXPECT_MSG_EQ((s[4].queueBytes >= 10 * 1028 && s[4].queueBytes <= 10 * 1030),
                              true,
                              "10 packets queued at 4 ms, not " << s[4].queueBytes << " B");
        NS_TEST_EXPECT_MSG_EQ(s[0].queueBytes, 0, "nothing queued at 0");
        NS_TEST_EXPECT_MSG_EQ(s[6].queueBytes, 0, "nothing queued at the end");

        OpticalTimeline timeline;
        load.AddToTimeline(timeline, "links");
        Simulator::Destroy();
    }
};

/// A flow network link: its flows' rates over its capacity at each instant.
class FlowLinkLoadTestCase : public TestCase
{
  public:
    FlowLinkLoadTestCase()
        : TestCase("LinkLoadSampler: a flow link's utilization follows its flows")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t a = topo->AddVertex("a");
        const uint32_t b = topo->AddVertex("b");
        const uint32_t c = topo->AddVertex("c");
        // a -> b at 1 Gbit/s, b -> c at 4 Gbit/s: a's flow to c is held to 1 Gbit/s.
        const uint32_t ab = topo->AddDuplexLink(a, b, 1e9, Time(0));
        const uint32_t bc = topo->AddDuplexLink(b, c, 4e9, Time(0));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);

        LinkLoadSampler load;
        load.SetInterval(MicroSeconds(100));
        load.AddFlowLink(net, ab, "a->b");
        load.AddFlowLink(net, bc, "b->c");
        load.AddFlowHosts(net, {a});
        NS_TEST_ASSERT_MSG_EQ(load.GetNLinks(), 3, "a has one link out");
        NS_TEST_EXPECT_MSG_EQ(load.GetName(2), "host 0", "named as a host");
        // 125,000 B at 1 Gbit/s: 1 ms, from 50 us to 1050 us.
        Simulator::Schedule(MicroSeconds(50), [net, a, c]() {
            FlowNetwork::FlowSpec spec;
            spec.src = a;
            spec.dst = c;
            spec.bytes = 125000;
            net->StartFlow(spec);
        });
        load.Start();
        Simulator::Schedule(MicroSeconds(1250), [&load]() { load.Stop(); });
        Simulator::Run();
        const auto& ab_ = load.GetSamples(0);
        const auto& bc_ = load.GetSamples(1);
        NS_TEST_ASSERT_MSG_EQ(ab_.size(), 14, "samples at 0, 100, ..., 1200 us and 1250 us");
        for (std::size_t i = 0; i < ab_.size(); ++i)
        {
            const bool busy = i >= 1 && i <= 10;
            const double ab = busy ? 1.0 : 0.0;
            const double bc = busy ? 0.25 : 0.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(ab_[i].utilization, ab, 1e-12, "a->b " << i);
            NS_TEST_EXPECT_MSG_EQ_TOL(bc_[i].utilization, bc, 1e-12, "b->c " << i);
            NS_TEST_EXPECT_MSG_EQ(load.GetSamples(2)[i].utilization,
                                  ab_[i].utilization,
                                  "host 0's uplink is a->b");
        }
        Simulator::Destroy();
    }
};

/// The suite.
class LinkLoadSamplerTestSuite : public TestSuite
{
  public:
    LinkLoadSamplerTestSuite()
        : TestSuite("optical-link-load-sampler", SUITE_UNIT)
    {
        AddTestCase(new PacketLinkLoadTestCase, TEST_QUICK);
        AddTestCase(new FlowLinkLoadTestCase, TEST_QUICK);
    }
};

/// Its instance.
static LinkLoadSamplerTestSuite g_linkLoadSamplerTestSuite;
