/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Ipv4EcmpRouting on a leaf-spine of two spines: without it every packet takes the first
 * equal-cost route (one spine); by flow hash every queue pair keeps one spine and the queue
 * pairs use both; sprayed, the packets to one destination alternate between the spines.
 * RoceFabric's FastPath (RoceFastPath) forwards the same frames the same way at the same
 * times.
 */

#include "../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/ppp-header.h"
#include "ns3/rdma-nic.h"
#include "ns3/roce-fabric.h"
#include "ns3/roce-fast-path.h"
#include "ns3/roce-header.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"

#include <map>
#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// What each spine carried.
struct SpineLoad
{
    uint64_t packets[2]{0, 0};            //!< Data packets per spine
    std::map<uint16_t, std::set<int>> by; //!< Spines seen per UDP source port (queue pair)
    uint64_t frames[2]{0, 0};             //!< Frames the spines' ports received (devices)
    std::vector<double> completed;        //!< Completion time of each message (ns)
    uint64_t forwarded{0};                //!< Frames forwarded on the fast path
    uint64_t roceFrames{0};               //!< RoCE frames the NICs sent (data, ACK, NACK, CNP)
    uint64_t remembered{0};               //!< Frames the leaves forwarded by remembered routes
    uint64_t hostRx{0};    //!< RoCE frames hosts 0 and 2 received (RoceFastPath::ConnectRx)
    uint64_t delivered{0}; //!< RoCE frames the hosts' fast paths gave their NICs
};

/// Host Rx (either path): counts RoCE frames, read from their IPv4 and UDP headers.
void
CountHostRx(SpineLoad* load, Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface)
{
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header ip;
    copy->RemoveHeader(ip);
    UdpHeader udp;
    copy->PeekHeader(udp);
    if (interface > 0 && ip.GetProtocol() == 17 &&
        udp.GetDestinationPort() == RoceHeader::UDP_PORT &&
        ipv4->GetInterfaceForAddress(ip.GetDestination()) == int32_t(interface))
    {
        ++load->hostRx;
    }
}

/// A port of spine \p s received \p frame (point-to-point header on).
void
CountFrame(SpineLoad* load, int s, Ptr<const Packet> frame)
{
    Ptr<Packet> copy = frame->Copy();
    PppHeader ppp;
    copy->RemoveHeader(ppp);
    Ipv4Header ip;
    copy->RemoveHeader(ip);
    UdpHeader udp;
    copy->PeekHeader(udp);
    if (ip.GetProtocol() == 17 && udp.GetDestinationPort() == RoceHeader::UDP_PORT)
    {
        ++load->frames[s];
    }
}

/// Spine \p s received \p packet (IPv4 header on).
void
Count(SpineLoad* load, int s, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    if (packet->GetSize() < 200)
    {
        return; // ACKs
    }
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header ip;
    copy->RemoveHeader(ip);
    UdpHeader udp;
    copy->PeekHeader(udp);
    ++load->packets[s];
    load->by[udp.GetSourcePort()].insert(s);
}

/**
 * Hosts 0, 1 on leaf 0 and 2, 3 on leaf 1; two spines; 100 Gb/s, 1 us. Host 0 sends
 * \p qps messages of 30 KB to host 2, one per queue pair.
 * \param [in] ecmp Install Ipv4EcmpRouting on every node
 * \param [in] mode Its mode
 * \param [in] qps Queue pairs
 * \param [in] fastPath RoceFabric's FastPath
 * \param [in] rerouteAt If positive: then leaf 0 gets a static route to host 2 by spine 1
 * \return the spines' load
 */
SpineLoad
RunLeafSpine(bool ecmp,
             Ipv4EcmpRouting::Mode mode,
             uint32_t qps,
             bool fastPath = false,
             Time rerouteAt = Time(0))
{
    NodeContainer hosts(4);
    NodeContainer leaves(2);
    NodeContainer spines(2);
    InternetStackHelper internet;
    internet.Install(hosts);
    internet.Install(leaves);
    internet.Install(spines);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    Ipv4AddressHelper addresses("10.2.0.0", "255.255.255.252");
    auto link = [&](Ptr<Node> a, Ptr<Node> b) {
        addresses.Assign(p2p.Install(a, b));
        addresses.NewNetwork();
    };
    for (uint32_t h = 0; h < 4; ++h)
    {
        link(hosts.Get(h), leaves.Get(h / 2));
    }
    for (uint32_t l = 0; l < 2; ++l)
    {
        for (uint32_t s = 0; s < 2; ++s)
        {
            link(leaves.Get(l), spines.Get(s));
        }
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    if (ecmp)
    {
        Ipv4EcmpRouting::Install(NodeContainer::GetGlobal(), mode);
    }
    SpineLoad load;
    for (uint32_t h : {0, 2})
    {
        // Before the fabric installs its paths: ConnectRx must reach them anyway.
        RoceFastPath::ConnectRx(hosts.Get(h), MakeBoundCallback(&CountHostRx, &load));
    }
    Ptr<RoceFabric> fabric = CreateObject<RoceFabric>();
    fabric->SetAttribute("FastPath", BooleanValue(fastPath));
    fabric->Install(hosts);
    fabric->AssignStreams(1); // each run draws the same ECN marks
    for (int s = 0; s < 2; ++s)
    {
        if (!fastPath)
        {
            spines.Get(s)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "Rx",
                MakeBoundCallback(&Count, &load, s));
        }
        for (uint32_t d = 0; d < spines.Get(s)->GetNDevices(); ++d)
        {
            spines.Get(s)->GetDevice(d)->TraceConnectWithoutContext(
                "PhyRxEnd",
                MakeBoundCallback(&CountFrame, &load, s));
        }
    }
    Ptr<RdmaNic> a = fabric->GetNics()[0];
    Ptr<RdmaNic> b = fabric->GetNics()[2];
    for (uint32_t q = 0; q < qps; ++q)
    {
        a->Post(a->Connect(b, 3), 30000, nullptr, [&load]() {
            load.completed.push_back(Simulator::Now().GetNanoSeconds());
        });
    }
    if (rerouteAt.IsStrictlyPositive())
    {
        // Leaf 0's interface 4 is its link to spine 1 (10.2.0.20/30: leaf .21, spine .22);
        // host 2 is 10.2.0.9. Static routing comes before global routing.
        Ptr<Ipv4StaticRouting> routes =
            Ipv4StaticRoutingHelper().GetStaticRouting(leaves.Get(0)->GetObject<Ipv4>());
        Simulator::Schedule(rerouteAt, [routes]() {
            routes->AddHostRouteTo(Ipv4Address("10.2.0.9"), Ipv4Address("10.2.0.22"), 4);
        });
    }
    Simulator::Run();
    load.forwarded = fabric->GetFastForwarded();
    load.delivered = fabric->GetFastDelivered();
    for (uint32_t i = 0; i < leaves.GetN(); ++i)
    {
        if (auto path = leaves.Get(i)->GetObject<RoceFastPath>())
        {
            load.remembered += path->GetRemembered();
        }
    }
    for (const auto& nic : {a, b})
    {
        const RdmaNicCounters& c = nic->GetCounters();
        load.roceFrames += c.dataSent + c.acksSent + c.nacksSent + c.cnpsSent;
    }
    Simulator::Destroy();
    return load;
}

/// The three ways of choosing among the two spines.
class EcmpRoutingTestCase : public TestCase
{
  public:
    EcmpRoutingTestCase()
        : TestCase("first route, flow hash and spraying over two spines")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t qps = 32;
        const uint64_t packets = qps * ((30000 + 1459) / 1460); // 21 frames a message

        SpineLoad first = RunLeafSpine(false, Ipv4EcmpRouting::FLOW_HASH, qps);
        NS_TEST_EXPECT_MSG_EQ(first.packets[0] + first.packets[1], packets, "all data crossed");
        NS_TEST_EXPECT_MSG_EQ(std::min(first.packets[0], first.packets[1]),
                              0,
                              "global routing alone: one spine");

        SpineLoad hashed = RunLeafSpine(true, Ipv4EcmpRouting::FLOW_HASH, qps);
        NS_TEST_EXPECT_MSG_EQ(hashed.packets[0] + hashed.packets[1], packets, "all data crossed");
        NS_TEST_EXPECT_MSG_EQ(hashed.by.size(), qps, "a UDP source port per queue pair");
        uint32_t onSpine0 = 0;
        for (const auto& [port, seen] : hashed.by)
        {
            NS_TEST_EXPECT_MSG_EQ(seen.size(), 1, "queue pair " << port << " keeps one spine");
            onSpine0 += seen.count(0);
        }
        // Both spines carry queue pairs (a fair coin per queue pair: all on one side has
        // probability 2^-31), each frame of a queue pair where its queue pair went.
        NS_TEST_EXPECT_MSG_GT(onSpine0, 0, "flow hash: spine 0 used");
        NS_TEST_EXPECT_MSG_LT(onSpine0, qps, "flow hash: spine 1 used");
        NS_TEST_EXPECT_MSG_EQ(hashed.packets[0],
                              uint64_t(onSpine0) * (packets / qps),
                              "spine 0 carries the frames of its queue pairs");

        SpineLoad sprayed = RunLeafSpine(true, Ipv4EcmpRouting::PACKET_SPRAY, qps);
        NS_TEST_EXPECT_MSG_EQ(sprayed.packets[0] + sprayed.packets[1], packets, "all crossed");
        // One destination: leaf 0 alternates, so the counts differ by at most one.
        const uint64_t diff = sprayed.packets[0] > sprayed.packets[1]
                                  ? sprayed.packets[0] - sprayed.packets[1]
                                  : sprayed.packets[1] - sprayed.packets[0];
        NS_TEST_EXPECT_MSG_LT_OR_EQ(diff, 1, "spraying alternates between the spines");
    }
};

/// RoceFabric's FastPath against IPv4's own path on the same leaf-spine.
class RoceFastPathTestCase : public TestCase
{
  public:
    RoceFastPathTestCase()
        : TestCase("RoCE fast path: the same frames, spines and times as IPv4's path")
    {
    }

  private:
    void DoRun() override
    {
        for (auto mode : {Ipv4EcmpRouting::FLOW_HASH, Ipv4EcmpRouting::PACKET_SPRAY})
        {
            const SpineLoad slow = RunLeafSpine(true, mode, 16, false);
            const SpineLoad fast = RunLeafSpine(true, mode, 16, true);
            // Every frame crosses three switches (leaf, spine, leaf): the fast path forwards
            // each three times, IPv4's path none.
            NS_TEST_EXPECT_MSG_EQ(slow.forwarded, 0, "IPv4's path: nothing on the fast path");
            NS_TEST_EXPECT_MSG_GT(fast.roceFrames, 16 * 21 * 2 - 1, "data and ACKs sent");
            NS_TEST_EXPECT_MSG_EQ(fast.forwarded, 3 * fast.roceFrames, "three hops per frame");
            NS_TEST_EXPECT_MSG_EQ(fast.roceFrames, slow.roceFrames, "the same frames sent");
            // Every frame reaches the other host: on the fast path given to its NIC there,
            // and counted by a sink ConnectRx attached before the fabric existed.
            NS_TEST_EXPECT_MSG_EQ(slow.delivered, 0, "IPv4's path: nothing delivered by it");
            NS_TEST_EXPECT_MSG_EQ(fast.delivered, fast.roceFrames, "the hosts' path delivers");
            NS_TEST_EXPECT_MSG_EQ(slow.hostRx, slow.roceFrames, "IPv4's Rx saw every frame");
            NS_TEST_EXPECT_MSG_EQ(fast.hostRx, fast.roceFrames, "the path's Rx saw every frame");
            for (int s = 0; s < 2; ++s)
            {
                NS_TEST_EXPECT_MSG_EQ(fast.frames[s], slow.frames[s], "spine " << s << " frames");
            }
            NS_TEST_EXPECT_MSG_EQ(fast.frames[0] + fast.frames[1],
                                  fast.roceFrames,
                                  "each frame crosses one spine");
            NS_TEST_ASSERT_MSG_EQ(fast.completed.size(), 16, "every message completed");
            NS_TEST_ASSERT_MSG_EQ(slow.completed.size(), 16, "every message completed");
            for (std::size_t m = 0; m < 16; ++m)
            {
                NS_TEST_EXPECT_MSG_EQ(fast.completed[m], slow.completed[m], "message " << m);
            }
            NS_TEST_EXPECT_MSG_EQ(fast.remembered, 0, "ECMP's routes are not remembered");
        }
        // Global routing alone: the leaves remember each destination's route; a static route
        // added mid-run (20 us) is taken from then on, as on IPv4's path.
        for (Time at : {Time(0), MicroSeconds(20)})
        {
            const SpineLoad slow = RunLeafSpine(false, Ipv4EcmpRouting::FLOW_HASH, 16, false, at);
            const SpineLoad fast = RunLeafSpine(false, Ipv4EcmpRouting::FLOW_HASH, 16, true, at);
            NS_TEST_EXPECT_MSG_GT(fast.remembered, fast.roceFrames, "routes remembered");
            for (int s = 0; s < 2; ++s)
            {
                NS_TEST_EXPECT_MSG_EQ(fast.frames[s], slow.frames[s], "spine " << s << " frames");
            }
            if (at.IsStrictlyPositive())
            {
                NS_TEST_EXPECT_MSG_GT(std::min(fast.frames[0], fast.frames[1]),
                                      0,
                                      "both spines: before and after the new route");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(std::min(fast.frames[0], fast.frames[1]), 0, "one spine");
            }
            NS_TEST_ASSERT_MSG_EQ(fast.completed.size(), slow.completed.size(), "messages");
            for (std::size_t m = 0; m < fast.completed.size(); ++m)
            {
                NS_TEST_EXPECT_MSG_EQ(fast.completed[m], slow.completed[m], "message " << m);
            }
        }
    }
};

/// The suite.
class EcmpRoutingTestSuite : public TestSuite
{
  public:
    EcmpRoutingTestSuite()
        : TestSuite("optical-ecmp-routing", SUITE_UNIT)
    {
        AddTestCase(new EcmpRoutingTestCase, TEST_QUICK);
        AddTestCase(new RoceFastPathTestCase, TEST_QUICK);
    }
};

/// Registers the suite.
EcmpRoutingTestSuite g_ecmpRoutingTestSuite;

} // namespace
