/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the PFC watchdog: the textbook cyclic buffer dependency of three switches in a
// triangle is found and stops the run; a plain incast is no deadlock and runs to its end.

#include "../common/optical-test-compat.h"
#include "roce-test-star.h"

#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/pfc-watchdog.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/roce-fabric.h"
#include "ns3/roce-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;
using namespace ns3::rocetest;

namespace
{

/// The triangle of RoceHelper::BuildClockwiseRing made lossless.
struct Triangle
{
    NodeContainer hosts;                   //!< h0, h1, h2 (hi on switch i)
    std::vector<Ptr<NetDevice>> clockwise; //!< Switch i's device toward switch i + 1
    Ptr<RoceFabric> fabric;                //!< The lossless network
};

/**
 * \brief Builds the triangle (every host's traffic to the host two switches on goes two hops
 * clockwise) with PFC alone, XOFF at 20 KB, no ECN.
 * \return it
 */
Triangle
MakeTriangle()
{
    Triangle t;
    t.hosts = RoceHelper::BuildClockwiseRing(3, DataRate("100Gbps"), MicroSeconds(1), 1500);
    std::vector<Ptr<Node>> switches;
    for (uint32_t i = 0; i < 3; ++i)
    {
        Ptr<Channel> link = t.hosts.Get(i)->GetDevice(1)->GetChannel();
        Ptr<NetDevice> a = link->GetDevice(0);
        switches.push_back(a->GetNode() == t.hosts.Get(i) ? link->GetDevice(1)->GetNode()
                                                          : a->GetNode());
    }
    for (uint32_t i = 0; i < 3; ++i)
    {
        for (uint32_t d = 0; d < switches[i]->GetNDevices(); ++d)
        {
            Ptr<Channel> link = switches[i]->GetDevice(d)->GetChannel();
            for (uint32_t k = 0; link && k < link->GetNDevices(); ++k)
            {
                if (link->GetDevice(k)->GetNode() == switches[(i + 1) % 3])
                {
                    t.clockwise.push_back(switches[i]->GetDevice(d));
                }
            }
        }
    }
    t.fabric = CreateObject<RoceFabric>();
    t.fabric->SetCongestionControl("ns3::RdmaCongestionControl");
    t.fabric->SetBufferAttribute("XoffThreshold", UintegerValue(20000));
    t.fabric->SetQueueDiscAttribute("EcnEnabled", BooleanValue(false));
    t.fabric->Install(t.hosts);
    return t;
}

/**
 * \param [in] text A report \param [in] part A string
 * \return how many times \p part occurs in \p text
 */
uint32_t
Count(const std::string& text, const std::string& part)
{
    uint32_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    {
        ++n;
    }
    return n;
}

} // namespace

/**
 * \ingroup optical-tests
 * \brief The textbook cyclic buffer dependency: three switches in a triangle, each flow two
 * hops clockwise at line rate; every switch-to-switch port ends paused by its clockwise
 * neighbour, which cannot drain because its own clockwise port is paused. The watchdog names
 * the three switch queues at priority 3 and stops the run long before its safety net.
 */
class PfcWatchdogDeadlockTestCase : public TestCase
{
  public:
    PfcWatchdogDeadlockTestCase()
        : TestCase("PFC watchdog: a triangle's cyclic buffer dependency is a deadlock")
    {
    }

  private:
    void DoRun() override
    {
        Triangle t = MakeTriangle();
        uint32_t delivered = 0;
        for (uint32_t i = 0; i < 3; ++i)
        {
            Ptr<RdmaNic> nic = t.fabric->GetNic(t.hosts.Get(i));
            uint32_t qp = nic->Connect(t.fabric->GetNic(t.hosts.Get((i + 2) % 3)), 3);
            nic->Post(
                qp,
                50000000,
                [&delivered]() { ++delivered; },
                nullptr);
        }
        Ptr<PfcWatchdog> watchdog = CreateObject<PfcWatchdog>();
        watchdog->SetAttribute("DeadlockTime", TimeValue(MicroSeconds(500)));
        watchdog->Watch(t.fabric);
        std::string traced;
        watchdog->TraceConnectWithoutContext(
            "Deadlock",
            MakeBoundCallback(
                +[](std::string* out, const std::string& report) { *out = report; },
                &traced));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Time end = Simulator::Now();
        NS_TEST_EXPECT_MSG_EQ(watchdog->HasDeadlock(), true, "the deadlock is found");
        std::string report = watchdog->GetReport();
        NS_TEST_EXPECT_MSG_EQ(traced, report, "the Deadlock trace carries the report");
        NS_TEST_EXPECT_MSG_EQ(Count(report, "a cycle of 3 paused queues"), 1, report);
        NS_TEST_EXPECT_MSG_EQ(Count(report, " priority 3 paused"), 3, report);
        for (uint32_t i = 0; i < 3; ++i)
        {
            // The clockwise port of each switch.
            Ptr<NetDevice> out = t.clockwise.at(i);
            std::ostringstream port;
            port << "node " << out->GetNode()->GetId() << " device " << out->GetIfIndex()
                 << " priority 3 paused";
            NS_TEST_EXPECT_MSG_EQ(Count(report, port.str()), 1, port.str() << " in " << report);
        }
        NS_TEST_EXPECT_MSG_LT(end, MilliSeconds(10), "the watchdog stopped the run");
        NS_TEST_EXPECT_MSG_LT(delivered, 3, "not every message was delivered");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * \brief A plain incast on a star with PFC alone: its pauses form no cycle, so the watchdog
 * reports no deadlock (nor a storm), and the run ends by itself with every message delivered
 * (the watchdog sleeps once nothing is paused).
 */
class PfcWatchdogIncastTestCase : public TestCase
{
  public:
    PfcWatchdogIncastTestCase()
        : TestCase("PFC watchdog: an incast is no deadlock and runs to its end")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t senders = 4;
        Star s = MakeStar(senders + 1, DataRate("100Gbps"), MicroSeconds(1), [](RoceFabric& f) {
            f.SetCongestionControl("ns3::RdmaCongestionControl");
            f.SetBufferAttribute("XoffThreshold", UintegerValue(100000));
            f.SetQueueDiscAttribute("EcnEnabled", BooleanValue(false));
        });
        Ptr<RdmaNic> sink = s.fabric->GetNics()[senders];
        uint32_t delivered = 0;
        Time last;
        for (uint32_t i = 0; i < senders; ++i)
        {
            Ptr<RdmaNic> nic = s.fabric->GetNics()[i];
            nic->Post(
                nic->Connect(sink, 3),
                4000000,
                [&delivered, &last]() {
                    ++delivered;
                    last = Simulator::Now();
                },
                nullptr);
        }
        Ptr<PfcWatchdog> watchdog = CreateObject<PfcWatchdog>();
        watchdog->SetAttribute("DeadlockTime", TimeValue(MicroSeconds(500)));
        watchdog->Watch(s.fabric);
        // Events run from 100 ms on, the incast long over: only the safety net's stop, if the
        // watchdog sleeps (were it still looking, the run would not end without the net).
        uint64_t eventsAt100ms = 0;
        Simulator::Schedule(MilliSeconds(100),
                            [&eventsAt100ms]() { eventsAt100ms = Simulator::GetEventCount(); });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(watchdog->HasDeadlock(), false, watchdog->GetReport());
        NS_TEST_EXPECT_MSG_EQ(watchdog->GetReport(), "", "no report");
        NS_TEST_EXPECT_MSG_EQ(watchdog->GetStorms(), 0, "no pause storm");
        NS_TEST_EXPECT_MSG_EQ(delivered, senders, "every message delivered");
        // 16 MB through one 100 Gb/s link take 1.3 ms.
        NS_TEST_EXPECT_MSG_LT(last, MilliSeconds(10), "the incast ends in time");
        NS_TEST_EXPECT_MSG_EQ(Simulator::GetEventCount() - eventsAt100ms,
                              1,
                              "after the incast the watchdog sleeps: nothing but the stop runs");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * \brief The PFC watchdog suite.
 */
class PfcWatchdogTestSuite : public TestSuite
{
  public:
    PfcWatchdogTestSuite()
        : TestSuite("optical-pfc-watchdog", SUITE_UNIT)
    {
        AddTestCase(new PfcWatchdogDeadlockTestCase(), TEST_QUICK);
        AddTestCase(new PfcWatchdogIncastTestCase(), TEST_QUICK);
    }
};

/// The suite's instance.
static PfcWatchdogTestSuite g_pfcWatchdogTestSuite;
