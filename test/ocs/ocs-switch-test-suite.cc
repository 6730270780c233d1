/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The switch's timing and state machine: one-way delay to the nanosecond, circuits and dark
// ports, reconfiguration timing, queued requests, rotor schedules, link state, loss budgets.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-helper.h"
#include "ns3/ocs-timeline-recorder.h"
#include "ns3/optical-timeline.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Group index that makes light travel at exactly 2e8 m/s (5 ns per metre).
constexpr double INDEX_5NS_PER_M = 299792458.0 / 2e8;

/// A switch with \p n endpoints, endpoint k on port k, all fibres 5 ns/m.
struct Bench
{
    NodeContainer hosts;
    Ptr<Node> ocsNode;
    NetDeviceContainer nics;
    Ptr<OpticalCircuitSwitch> ocs;

    Bench(uint32_t n, OcsHelper helper)
    {
        hosts.Create(n);
        ocsNode = CreateObject<Node>();
        helper.SetChannelAttribute("GroupIndex", DoubleValue(INDEX_5NS_PER_M));
        nics = helper.Install(ocsNode, hosts);
        ocs = OcsHelper::GetSwitch(ocsNode);
    }

    Ptr<OcsNetDevice> Nic(uint32_t k) const
    {
        return DynamicCast<OcsNetDevice>(nics.Get(k));
    }

    /// Sends a raw frame of \p bytes payload from endpoint \p k at time \p at.
    void SendAt(Time at, uint32_t k, uint32_t bytes) const
    {
        Ptr<OcsNetDevice> nic = Nic(k);
        optical::compat::Schedule(at, [nic, bytes]() {
            nic->Send(Create<Packet>(bytes), nic->GetBroadcast(), 0x0800);
        });
    }
};

/// Records the times at which a device hands frames up.
struct RxLog
{
    std::vector<Time> times;

    void Connect(Ptr<OcsNetDevice> nic)
    {
        nic->TraceConnectWithoutContext("MacRx", MakeCallback(&RxLog::Rx, this));
    }

    void Rx(Ptr<const Packet>)
    {
        times.push_back(Simulator::Now());
    }
};
} // namespace

/**
 * \ingroup optical-tests
 * One-way delay = serialization + input fibre + switch latency + output fibre, to the ns.
 */
class OcsOneWayDelayTestCase : public TestCase
{
  public:
    OcsOneWayDelayTestCase()
        : TestCase("One-way delay is serialization plus both fibres plus switch latency")
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        helper.SetSwitchAttribute("Latency", TimeValue(NanoSeconds(30)));
        Bench b(2, helper);
        // Fibre lengths differ per port: 1000 m (5000 ns) and 200 m (1000 ns).
        b.Nic(0)->GetChannel()->SetAttribute("Length", DoubleValue(1000));
        b.Nic(1)->GetChannel()->SetAttribute("Length", DoubleValue(200));
        b.ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        RxLog at0;
        RxLog at1;
        at0.Connect(b.Nic(0));
        at1.Connect(b.Nic(1));
        // 1250 B payload + 2 B PPP header = 1252 B = 10016 ns at 1 Gb/s.
        b.SendAt(Seconds(1), 0, 1250);
        b.SendAt(Seconds(2), 1, 1250);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(at1.times.size(), 1, "one frame 0 -> 1");
        NS_TEST_ASSERT_MSG_EQ(at0.times.size(), 1, "one frame 1 -> 0");
        NS_TEST_EXPECT_MSG_EQ(at1.times[0],
                              Seconds(1) + NanoSeconds(10016 + 5000 + 30 + 1000),
                              "0 -> 1");
        NS_TEST_EXPECT_MSG_EQ(at0.times[0],
                              Seconds(2) + NanoSeconds(10016 + 1000 + 30 + 5000),
                              "1 -> 0");
        // Default fibre: Length x 1.4682 / c, as the channel reports it.
        const double expectedS = 200 * 1.4682 / 299792458.0;
        Ptr<OcsChannel> ch = CreateObject<OcsChannel>();
        ch->SetAttribute("Length", DoubleValue(200));
        NS_TEST_EXPECT_MSG_EQ_TOL(ch->GetDelay().GetSeconds(),
                                  expectedS,
                                  1e-9,
                                  "default group index");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Frames into a port without a circuit are dropped (NO_CIRCUIT); one-way circuits carry one
 * direction only; link state follows the port.
 */
class OcsCircuitsTestCase : public TestCase
{
  public:
    OcsCircuitsTestCase()
        : TestCase("Dark and one-way ports drop frames; link state follows the port")
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        Bench b(3, helper);
        b.ocs->SetInitialConfiguration(OcsConfiguration().ConnectOneWay(0, 1));
        NS_TEST_EXPECT_MSG_EQ(b.Nic(0)->IsLinkUp(), true, "0 can transmit");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(1)->IsLinkUp(), false, "1 feeds no port");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(2)->IsLinkUp(), false, "2 has no circuit");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(0)->GetChannel()->GetNDevices(), 2, "0 sees its peer");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(0)->GetChannel()->GetDevice(1), b.Nic(1), "0's peer is 1");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(2)->GetChannel()->GetNDevices(), 1, "2 sees nobody");
        std::vector<uint32_t> reasons;
        b.ocs->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(+[](std::vector<uint32_t>* v, Ptr<const Packet>, uint32_t, uint32_t r) {
                v->push_back(r);
            }).Bind(&reasons));
        RxLog at1;
        RxLog at0;
        at1.Connect(b.Nic(1));
        at0.Connect(b.Nic(0));
        for (int k = 0; k < 5; ++k)
        {
            b.SendAt(MilliSeconds(1 + k), 0, 100); // delivered
            b.SendAt(MilliSeconds(1 + k), 1, 100); // one-way: dropped
            b.SendAt(MilliSeconds(1 + k), 2, 100); // no circuit: dropped
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(at1.times.size(), 5, "0 -> 1 delivered");
        NS_TEST_EXPECT_MSG_EQ(at0.times.size(), 0, "nothing flows 1 -> 0");
        NS_TEST_EXPECT_MSG_EQ(reasons.size(), 10, "ten drops");
        for (uint32_t r : reasons)
        {
            NS_TEST_EXPECT_MSG_EQ(r, OpticalCircuitSwitch::NO_CIRCUIT, "reason NO_CIRCUIT");
        }
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(1).drops[OpticalCircuitSwitch::NO_CIRCUIT],
                              5,
                              "port 1");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(2).drops[OpticalCircuitSwitch::NO_CIRCUIT],
                              5,
                              "port 2");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(1).txFrames, 5, "5 frames left by port 1");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(0).rxFrames, 5, "5 frames entered port 0");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(0).rxBytes,
                              5 * 102,
                              "bytes include PPP header");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Reconfiguration timing: control-plane delay, then a dark window of ReconfigurationDelay;
 * requests made while busy run one after the other; only changing ports go dark.
 */
class OcsReconfigurationTimingTestCase : public TestCase
{
  public:
    OcsReconfigurationTimingTestCase()
        : TestCase("Reconfigurations take control-plane delay plus dark time, one after another")
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(10)));
        helper.SetSwitchAttribute("ControlPlaneDelay", TimeValue(MilliSeconds(3)));
        Bench b(6, helper);
        b.ocs->SetInitialConfiguration(
            OcsConfiguration().Connect(0, 1).Connect(2, 3).Connect(4, 5));
        std::vector<Time> starts;
        std::vector<Time> ends;
        std::vector<std::pair<uint32_t, uint32_t>> downs;
        b.ocs->TraceConnectWithoutContext("ReconfigurationStart",
                                          MakeCallback(+[](std::vector<Time>* v,
                                                           const OcsConfiguration&,
                                                           const OcsConfiguration&) {
                                              v->push_back(Simulator::Now());
                                          }).Bind(&starts));
        b.ocs->TraceConnectWithoutContext(
            "ReconfigurationEnd",
            MakeCallback(+[](std::vector<Time>* v, const OcsConfiguration&) {
                v->push_back(Simulator::Now());
            }).Bind(&ends));
        b.ocs->TraceConnectWithoutContext(
            "CircuitDown",
            MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                             uint32_t a,
                             uint32_t c) {
                v->emplace_back(a, c);
            }).Bind(&downs));
        // Two requests at once: swap 0/2 partners, then tear 4-5 down.
        const auto first = OcsConfiguration().Connect(0, 3).Connect(1, 2).Connect(4, 5);
        const auto second = OcsConfiguration().Connect(0, 3).Connect(1, 2);
        optical::compat::Schedule(MilliSeconds(100), [&]() {
            b.ocs->Reconfigure(first);
            b.ocs->Reconfigure(second);
            NS_TEST_EXPECT_MSG_EQ(b.ocs->GetNPendingReconfigurations(), 2, "both queued");
        });
        // In the first dark window: 0..3 dark, 4-5 lit.
        optical::compat::Schedule(MilliSeconds(108), [&]() {
            for (uint32_t p = 0; p < 4; ++p)
            {
                NS_TEST_EXPECT_MSG_EQ(b.ocs->IsPortLit(p), false, "port " << p << " dark");
                NS_TEST_EXPECT_MSG_EQ(b.Nic(p)->IsLinkUp(), false, "link " << p << " down");
            }
            NS_TEST_EXPECT_MSG_EQ(b.ocs->IsPortLit(4), true, "untouched port 4 lit");
            NS_TEST_EXPECT_MSG_EQ(b.Nic(5)->IsLinkUp(), true, "untouched link 5 up");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(starts.size(), 2, "two reconfigurations");
        NS_TEST_ASSERT_MSG_EQ(ends.size(), 2, "two reconfigurations");
        NS_TEST_EXPECT_MSG_EQ(starts[0], MilliSeconds(103), "control-plane delay");
        NS_TEST_EXPECT_MSG_EQ(ends[0], MilliSeconds(113), "dark for 10 ms");
        NS_TEST_EXPECT_MSG_EQ(starts[1], MilliSeconds(116), "second request after the first");
        NS_TEST_EXPECT_MSG_EQ(ends[1], MilliSeconds(126), "dark for 10 ms");
        NS_TEST_EXPECT_MSG_EQ(downs.size(), 4 + 2, "4 directions, then 2");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetNReconfigurations(), 2, "counter");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetDarkTime(), MilliSeconds(20), "dark time");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(0).darkTime,
                              MilliSeconds(10),
                              "port 0 dark once");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetPortCounters(4).darkTime,
                              MilliSeconds(10),
                              "port 4 dark once");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->IsPortLit(4), false, "4 torn down");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetLitPeer(0), 3, "0 now feeds 3");
        NS_TEST_EXPECT_MSG_EQ(b.Nic(0)->GetNLinkChanges(), 3, "up, down, up");
        NS_TEST_EXPECT_MSG_EQ((b.ocs->GetConfiguration() == second), true, "final configuration");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A rotor schedule makes one request per period and skips slots while the switch is busy.
 */
class OcsCyclicScheduleTestCase : public TestCase
{
  public:
    OcsCyclicScheduleTestCase()
        : TestCase("A cyclic schedule requests every period and skips busy slots")
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MicroSeconds(7)));
        Bench b(4, helper);
        const auto a = OcsConfiguration().Connect(0, 1).Connect(2, 3);
        const auto c = OcsConfiguration().Connect(0, 2).Connect(1, 3);
        const auto d = OcsConfiguration().Connect(0, 3).Connect(1, 2);
        // Period 5 us, delay 7 us: requests at 0, 10, 20, ...; slots 5, 15, ... are skipped.
        auto rotor = OcsHelper::InstallCyclicSchedule(b.ocs,
                                                      {a, c, d},
                                                      MicroSeconds(5),
                                                      Seconds(0),
                                                      MicroSeconds(50));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rotor->GetNRequests(), 5, "requests at 0,10,20,30,40 us");
        NS_TEST_EXPECT_MSG_EQ(rotor->GetNSkipped(), 5, "slots 5,15,25,35,45 us skipped");
        NS_TEST_EXPECT_MSG_EQ(b.ocs->GetNReconfigurations(), 5, "all requests done");
        // The 5th request (index 4) is configuration 4 mod 3 = 1.
        NS_TEST_EXPECT_MSG_EQ((b.ocs->GetConfiguration() == c), true, "cycled a, c, d, a, c");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Optical loss from endpoint to endpoint: both fibres and the circuit's insertion loss.
 */
class OcsLossBudgetTestCase : public TestCase
{
  public:
    OcsLossBudgetTestCase()
        : TestCase("Path loss adds fibre attenuation, connectors and insertion loss")
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        helper.SetChannelAttribute("ConnectorLoss", DoubleValue(0.5));
        helper.SetSwitchAttribute("InsertionLoss", DoubleValue(2.0));
        Bench b(4, helper);
        b.Nic(0)->GetChannel()->SetAttribute("Length", DoubleValue(2000)); // 0.4 dB at 0.2 dB/km
        b.Nic(1)->GetChannel()->SetAttribute("Length", DoubleValue(500));  // 0.1 dB
        b.ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1).Connect(2, 3, 3.25));
        NS_TEST_EXPECT_MSG_EQ_TOL(b.ocs->GetPathLossDb(0),
                                  0.4 + 0.5 + 2.0 + 0.1 + 0.5,
                                  1e-12,
                                  "0 -> 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(b.ocs->GetInsertionLossDb(2), 3.25, 1e-12, "per-circuit loss");
        NS_TEST_EXPECT_MSG_EQ_TOL(b.ocs->GetPathLossDb(2),
                                  0.002 + 0.5 + 3.25 + 0.002 + 0.5,
                                  1e-12,
                                  "2 -> 3");
        b.ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        NS_TEST_EXPECT_MSG_EQ(std::isnan(b.ocs->GetPathLossDb(2)), true, "no circuit, no path");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * EnableIpv4RoutingUpdates: an endpoint's IPv4 interface follows its port's light
 * (FOLLOW_LIGHT), or keeps the old circuit's state through the dark time (WHEN_LIT).
 */
class OcsIpv4FollowsLinkTestCase : public TestCase
{
  public:
    /// \param [in] when When interfaces follow the circuits
    explicit OcsIpv4FollowsLinkTestCase(OcsHelper::RouteUpdates when)
        : TestCase(when == OcsHelper::RouteUpdates::FOLLOW_LIGHT
                       ? "IPv4 interfaces go down while their port is dark"
                       : "IPv4 interfaces keep the old circuits through the dark time"),
          m_when(when)
    {
    }

  private:
    void DoRun() override
    {
        OcsHelper helper;
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(5)));
        Bench b(4, helper);
        InternetStackHelper internet;
        internet.Install(b.hosts);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        addresses.Assign(b.nics);
        b.ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        OcsHelper::EnableIpv4RoutingUpdates(b.ocs, m_when);
        const bool followLight = m_when == OcsHelper::RouteUpdates::FOLLOW_LIGHT;
        auto isUp = [&b](uint32_t k) {
            Ptr<Ipv4> ipv4 = b.hosts.Get(k)->GetObject<Ipv4>();
            return ipv4->IsUp(ipv4->GetInterfaceForDevice(b.Nic(k)));
        };
        NS_TEST_EXPECT_MSG_EQ(isUp(0), true, "0 lit");
        NS_TEST_EXPECT_MSG_EQ(isUp(2), false, "2 dark");
        OcsHelper::ScheduleReconfiguration(b.ocs,
                                           MilliSeconds(10),
                                           OcsConfiguration().Connect(0, 2));
        optical::compat::Schedule(MilliSeconds(12), [&]() {
            NS_TEST_EXPECT_MSG_EQ(isUp(0), !followLight, "0 while switching");
            NS_TEST_EXPECT_MSG_EQ(isUp(1), !followLight, "1 while switching");
            NS_TEST_EXPECT_MSG_EQ(isUp(2), false, "2 while switching");
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(isUp(0), true, "0 lit again");
        NS_TEST_EXPECT_MSG_EQ(isUp(2), true, "2 lit");
        NS_TEST_EXPECT_MSG_EQ(isUp(1), false, "1 unconnected");
        Simulator::Destroy();
    }

    OcsHelper::RouteUpdates m_when; //!< When interfaces follow the circuits
};

/**
 * \ingroup optical-tests
 * OcsTimelineRecorder: a 4-port switch with 0-1 lit when it is added, reconfigured at 1 ms to
 * 0-2 with a 100 us delay: port 0 is lit to 1 for [0, 1 ms], dark for [1, 1.1 ms], lit to 2
 * from 1.1 ms to the end of the window (2 ms); port 3 never lit has no track; the timeline has
 * a slice per interval, cut to a window.
 */
class OcsTimelineRecorderTestCase : public TestCase
{
  public:
    OcsTimelineRecorderTestCase()
        : TestCase("OcsTimelineRecorder: circuits and dark gaps per port")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<OpticalCircuitSwitch> ocs = CreateObject<OpticalCircuitSwitch>();
        ocs->SetAttribute("PortCount", UintegerValue(4));
        ocs->SetAttribute("ReconfigurationDelay", TimeValue(MicroSeconds(100)));
        OcsConfiguration first;
        OcsConfiguration second;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(OcsConfiguration::Parse("0-1", first, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(OcsConfiguration::Parse("0-2", second, error), true, error);
        ocs->SetInitialConfiguration(first);
        OcsTimelineRecorder recorder;
        recorder.Add(ocs, "s");
        Simulator::Schedule(MilliSeconds(1), [ocs, second]() { ocs->Reconfigure(second); });
        Simulator::Stop(MilliSeconds(2));
        Simulator::Run();
        const auto port0 = recorder.GetIntervals(0, 0);
        NS_TEST_ASSERT_MSG_EQ(port0.size(), 3, "lit, dark, lit");
        NS_TEST_EXPECT_MSG_EQ(port0[0].peer, 1, "to port 1");
        NS_TEST_EXPECT_MSG_EQ(port0[0].end, MilliSeconds(1), "until the reconfiguration");
        NS_TEST_EXPECT_MSG_EQ(port0[1].peer, -1, "dark");
        NS_TEST_EXPECT_MSG_EQ(port0[1].end, MicroSeconds(1100), "for the 100 us delay");
        NS_TEST_EXPECT_MSG_EQ(port0[2].peer, 2, "to port 2");
        NS_TEST_EXPECT_MSG_EQ(port0[2].end, MilliSeconds(2), "still lit: ends now");
        NS_TEST_EXPECT_MSG_EQ(recorder.GetIntervals(0, 1).size(), 1, "port 1: lit, then none");
        NS_TEST_EXPECT_MSG_EQ(recorder.GetIntervals(0, 3).size(), 0, "port 3: never lit");
        OpticalTimeline timeline;
        recorder.AddToTimeline(timeline, MicroSeconds(500), MicroSeconds(1050));
        // Port 0: [0.5, 1] lit and [1, 1.05] dark; port 1: [0.5, 1] lit; port 2: nothing yet.
        NS_TEST_EXPECT_MSG_EQ(timeline.GetNSlices(), 3, "slices cut to the window");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * The switch model's timing and state.
 */
class OcsSwitchTestSuite : public TestSuite
{
  public:
    OcsSwitchTestSuite()
        : TestSuite("optical-ocs-switch", SUITE_UNIT)
    {
        AddTestCase(new OcsOneWayDelayTestCase, TEST_QUICK);
        AddTestCase(new OcsCircuitsTestCase, TEST_QUICK);
        AddTestCase(new OcsReconfigurationTimingTestCase, TEST_QUICK);
        AddTestCase(new OcsCyclicScheduleTestCase, TEST_QUICK);
        AddTestCase(new OcsLossBudgetTestCase, TEST_QUICK);
        AddTestCase(new OcsTimelineRecorderTestCase, TEST_QUICK);
        AddTestCase(new OcsIpv4FollowsLinkTestCase(OcsHelper::RouteUpdates::FOLLOW_LIGHT),
                    TEST_QUICK);
        AddTestCase(new OcsIpv4FollowsLinkTestCase(OcsHelper::RouteUpdates::WHEN_LIT), TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static OcsSwitchTestSuite g_ocsSwitchTestSuite;

} // namespace
