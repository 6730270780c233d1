/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Traffic across reconfigurations, through ns-3's Internet stack: exactly which UDP datagrams a
// dark window loses under Drop, none under Drain, nothing on untouched circuits, TCP survives,
// and counters agree with traces (sent = received + dropped).

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-helper.h"
#include "ns3/optical-compat.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{
constexpr uint16_t UDP_PORT = 4000;              //!< Port of the UDP receivers
constexpr uint32_t PAYLOAD = 1000;               //!< UDP payload (bytes)
constexpr uint32_t FRAME = PAYLOAD + 8 + 20 + 2; //!< On the fibre: + UDP + IPv4 + PPP headers

/**
 * Six hosts on a six-port switch, IPv4 10.1.1.1-6/24. Host 0 sends UDP datagrams to the
 * limited broadcast address every Interval from Start, so each goes wherever port 0's circuit
 * leads. Host 4 sends unicast to host 5 over circuit 4-5, which never changes.
 * Configuration A = {0-1, 2-3, 4-5} until T1; then B = {0-2, 1-3, 4-5}.
 */
struct Scenario
{
    static constexpr double RATE_BPS = 1e9;
    const Time start = MilliSeconds(1);
    const Time interval = MicroSeconds(10);
    const uint32_t count = 3000;            // 30 ms of traffic
    const Time t1 = MicroSeconds(10'003);   // reconfiguration request (mid-frame on purpose)
    const Time delay = MicroSeconds(2'500); // dark time

    NodeContainer hosts;
    NetDeviceContainer nics;
    Ptr<OpticalCircuitSwitch> ocs;
    std::vector<uint64_t> received = std::vector<uint64_t>(6, 0);
    uint64_t unicastSent = 0;
    uint64_t switchDropTraces = 0;
    std::vector<Time> txStarts; // transmissions of host 0 (PhyTxBegin)

    explicit Scenario(const std::string& policy, bool holdWhileDown = false)
    {
        hosts.Create(6);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(DataRate(RATE_BPS)));
        helper.SetDeviceAttribute("HoldWhileLinkDown", BooleanValue(holdWhileDown));
        helper.SetChannelAttribute("Length", DoubleValue(37)); // 181 ns at the default index
        helper.SetSwitchAttribute("Policy", StringValue(policy));
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(delay));
        helper.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("10000p"));
        nics = helper.Install(ocsNode, hosts);
        ocs = OcsHelper::GetSwitch(ocsNode);
        ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1).Connect(2, 3).Connect(4, 5));
        OcsHelper::ScheduleReconfiguration(
            ocs,
            t1,
            OcsConfiguration().Connect(0, 2).Connect(1, 3).Connect(4, 5));

        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(nics);

        for (uint32_t k = 0; k < 6; ++k)
        {
            Ptr<Socket> sink = Socket::CreateSocket(hosts.Get(k), UdpSocketFactory::GetTypeId());
            sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), UDP_PORT));
            sink->SetRecvCallback(MakeCallback(&Scenario::Receive, this));
        }
        nics.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                                MakeCallback(&Scenario::TxBegin, this));
        ocs->TraceConnectWithoutContext("Drop", MakeCallback(&Scenario::SwitchDrop, this));

        Ptr<Socket> bcast = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        bcast->SetAllowBroadcast(true);
        bcast->Bind();
        Ptr<Socket> ucast = Socket::CreateSocket(hosts.Get(4), UdpSocketFactory::GetTypeId());
        ucast->Bind();
        const InetSocketAddress toAll(Ipv4Address("255.255.255.255"), UDP_PORT);
        const InetSocketAddress to5(Ipv4Address("10.1.1.6"), UDP_PORT);
        for (uint32_t k = 0; k < count; ++k)
        {
            Simulator::Schedule(start + k * interval, [bcast, toAll]() {
                bcast->SendTo(Create<Packet>(PAYLOAD), 0, toAll);
            });
            Simulator::Schedule(start + k * interval, [this, ucast, to5]() {
                unicastSent += ucast->SendTo(Create<Packet>(PAYLOAD), 0, to5) > 0 ? 1 : 0;
            });
        }
    }

    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> p = socket->Recv())
        {
            received[socket->GetNode()->GetId()]++;
        }
    }

    void TxBegin(Ptr<const Packet>)
    {
        txStarts.push_back(Simulator::Now());
    }

    void SwitchDrop(Ptr<const Packet>, uint32_t, uint32_t)
    {
        ++switchDropTraces;
    }

    Ptr<OcsNetDevice> Nic(uint32_t k) const
    {
        return DynamicCast<OcsNetDevice>(nics.Get(k));
    }

    /// Serialization time of one datagram at the line rate.
    Time TxTime() const
    {
        return DataRate(RATE_BPS).CalculateBytesTxTime(FRAME);
    }
};
} // namespace

/**
 * \ingroup optical-tests
 * Under Drop, the datagrams lost are exactly those whose crossing of the switch overlaps the
 * dark window [T1, T1 + delay): the ones sent into the dark and the one cut mid-frame.
 */
class OcsDropPolicyLossTestCase : public TestCase
{
  public:
    OcsDropPolicyLossTestCase()
        : TestCase("Drop policy loses exactly the frames that cross the dark window")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drop");
        Simulator::Run();
        const Time d0 = DynamicCast<OcsChannel>(s.Nic(0)->GetChannel())->GetDelay();
        const Time tx = s.TxTime();
        NS_TEST_ASSERT_MSG_EQ(s.txStarts.size(), s.count, "host 0 sent every datagram at once");
        // The expected fate of each frame, from its transmission time alone.
        uint64_t before = 0;
        uint64_t lost = 0;
        uint64_t after = 0;
        for (uint32_t k = 0; k < s.count; ++k)
        {
            const Time t0 = s.start + k * s.interval;
            NS_TEST_ASSERT_MSG_EQ(s.txStarts[k], t0, "frame " << k << " starts at its send time");
            const Time enter = t0 + d0;
            const Time exit = enter + tx;
            if (exit <= s.t1)
            {
                ++before;
            }
            else if (enter < s.t1 + s.delay)
            {
                ++lost;
            }
            else
            {
                ++after;
            }
        }
        // Sanity of the scenario itself: the request lands mid-frame, the window spans 250 frames.
        NS_TEST_EXPECT_MSG_EQ(lost, 251, "250 frames sent into the dark plus one cut mid-frame");
        NS_TEST_EXPECT_MSG_EQ(s.received[1], before, "host 1 got every frame before the window");
        NS_TEST_EXPECT_MSG_EQ(s.received[2], after, "host 2 got every frame after the window");
        const auto& c0 = s.ocs->GetPortCounters(0);
        NS_TEST_EXPECT_MSG_EQ(c0.drops[OpticalCircuitSwitch::RECONFIGURING],
                              lost,
                              "switch counter");
        NS_TEST_EXPECT_MSG_EQ(c0.droppedBytes, lost * FRAME, "dropped bytes");
        NS_TEST_EXPECT_MSG_EQ(s.switchDropTraces, lost, "Drop trace agrees with the counter");
        // Conservation: sent = received + dropped, at the switch and end to end.
        NS_TEST_EXPECT_MSG_EQ(c0.rxFrames, s.count, "frames into port 0");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2] + lost,
                              s.count,
                              "sent = received + dropped");
        const auto total = s.ocs->GetTotalCounters();
        uint64_t drops = 0;
        for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
        {
            drops += total.drops[r];
        }
        NS_TEST_EXPECT_MSG_EQ(total.rxFrames, total.txFrames + drops, "switch: in = out + dropped");
        NS_TEST_EXPECT_MSG_EQ(total.rxBytes,
                              total.txBytes + total.droppedBytes,
                              "bytes in = out + dropped");
        // The untouched circuit lost nothing.
        NS_TEST_EXPECT_MSG_EQ(s.unicastSent, s.count, "host 4 sent all");
        NS_TEST_EXPECT_MSG_EQ(s.received[5], s.count, "untouched circuit 4-5 lost nothing");
        NS_TEST_EXPECT_MSG_EQ(s.Nic(4)->GetNLinkChanges(), 1, "4 saw only its initial link up");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetPortCounters(4).darkTime, Seconds(0), "port 4 never dark");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDarkTime(), s.delay, "one dark window");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Under Drain, the switch pauses the endpoints and waits for the frame in flight; nothing is
 * lost, the frames queue during the dark window and all arrive.
 */
class OcsDrainPolicyLossTestCase : public TestCase
{
  public:
    OcsDrainPolicyLossTestCase()
        : TestCase("Drain policy loses nothing and waits exactly for the frame in flight")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drain");
        Simulator::Run();
        const Time d0 = DynamicCast<OcsChannel>(s.Nic(0)->GetChannel())->GetDelay();
        // The last frame host 0 started before T1 leaves the switch at t0 + d0 + tx; the switch
        // waits until then (ports 1..3 are idle earlier).
        const Time lastStart = s.start + ((s.t1 - s.start) / s.interval).GetHigh() * s.interval;
        const Time idle = lastStart + d0 + s.TxTime();
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDrainTime(),
                              std::max(Seconds(0), idle - s.t1),
                              "drain wait");
        uint64_t drops = 0;
        const auto total = s.ocs->GetTotalCounters();
        for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
        {
            drops += total.drops[r];
        }
        NS_TEST_EXPECT_MSG_EQ(drops, 0, "no frame lost in the switch");
        NS_TEST_EXPECT_MSG_EQ(s.switchDropTraces, 0, "no Drop trace");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2], s.count, "every datagram arrived");
        NS_TEST_EXPECT_MSG_GT(s.received[1], 0, "some before the switch");
        NS_TEST_EXPECT_MSG_GT(s.received[2], 0, "some after");
        NS_TEST_EXPECT_MSG_EQ(s.received[5], s.count, "untouched circuit 4-5 lost nothing");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDarkTime(), s.delay, "one dark window");
        // Held frames were sent after the new circuit lit: host 0 sent nothing while paused.
        const Time litAt = idle + s.delay;
        uint32_t sentWhilePaused = 0;
        for (const Time& t : s.txStarts)
        {
            sentWhilePaused += (t >= idle && t < litAt) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(sentWhilePaused, 0, "host 0 paused from drain to relight");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * With HoldWhileLinkDown, a Drop-policy switch loses only the frame cut mid-crossing: the
 * endpoint keeps later frames queued until its new circuit lights.
 */
class OcsHoldWhileDownTestCase : public TestCase
{
  public:
    OcsHoldWhileDownTestCase()
        : TestCase("Endpoints that hold while down lose only the frame in flight")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drop", true);
        Simulator::Run();
        const auto& c0 = s.ocs->GetPortCounters(0);
        NS_TEST_EXPECT_MSG_EQ(c0.drops[OpticalCircuitSwitch::RECONFIGURING], 1, "one frame cut");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2] + 1, s.count, "the rest arrived");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A TCP transfer whose circuit goes dark (torn down, then restored) completes, byte for byte.
 */
class OcsTcpSurvivesTestCase : public TestCase
{
  public:
    OcsTcpSurvivesTestCase(const std::string& policy)
        : TestCase("TCP survives a reconfiguration (" + policy + ")"),
          m_policy(policy)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        helper.SetSwitchAttribute("Policy", StringValue(m_policy));
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(20)));
        NetDeviceContainer nics = helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        const auto pair = OcsConfiguration().Connect(0, 1);
        ocs->SetInitialConfiguration(pair);
        // Tear the circuit down at 5 ms and put it back: dark for 40 ms in all.
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(5), OcsConfiguration());
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(6), pair);

        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.255.0");
        addresses.Assign(nics);

        const uint64_t bytes = 4'000'000;
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(Ipv4Address("10.2.0.2"), 5000));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        ApplicationContainer src = bulk.Install(hosts.Get(0));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 5000));
        ApplicationContainer sink = sinkHelper.Install(hosts.Get(1));
        src.Start(MilliSeconds(1));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(ocs->GetNReconfigurations(), 2, "both reconfigurations happened");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx(),
                              bytes,
                              "all bytes arrived");
        NS_TEST_EXPECT_MSG_GT(Simulator::Now(),
                              MilliSeconds(45),
                              "the transfer spanned the dark window");
        Simulator::Destroy();
    }

    std::string m_policy; //!< Switch policy
};

/**
 * \ingroup optical-tests
 * Traffic through the switch across reconfigurations.
 */
class OcsTrafficTestSuite : public TestSuite
{
  public:
    OcsTrafficTestSuite()
        : TestSuite("optical-ocs-traffic", SUITE_SYSTEM)
    {
        AddTestCase(new OcsDropPolicyLossTestCase, TEST_QUICK);
        AddTestCase(new OcsDrainPolicyLossTestCase, TEST_QUICK);
        AddTestCase(new OcsHoldWhileDownTestCase, TEST_QUICK);
        AddTestCase(new OcsTcpSurvivesTestCase("Drop"), TEST_QUICK);
        AddTestCase(new OcsTcpSurvivesTestCase("Drain"), TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static OcsTrafficTestSuite g_ocsTrafficTestSuite;
