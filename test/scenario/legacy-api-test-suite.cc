/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Programs written against the string API of earlier versions still compile and run: the
// starter as it was (Install(nodes, g, "flow"), a positional CollectiveSpec of names),
// CheckBackend, WanTrafficHelper::SetLevel by name, RdcnFlowTransport and RdcnScheduleDriver.
// Their deprecation warnings are silenced for this file only; every call here has a typed
// replacement (doc/optical.rst, "Typed choices").

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/rdcn-flow-transport.h"
#include "ns3/rdcn-schedule-driver.h"
#include "ns3/test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// The starter as it was written before the typed API, at both levels by name.
class OldStarterTestCase : public TestCase
{
  public:
    OldStarterTestCase()
        : TestCase("the starter's old code: Install by backend name, a spec of names")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string backend : {"flow", "packet"})
        {
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(CollectiveHelper::CheckBackend(backend, error), true, error);
            NodeContainer nodes(4);
            ScaleOutTopologyHelper fabric;
            fabric.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Gbps")));
            fabric.Install(nodes, 1);
            CollectiveHelper helper;
            Ptr<CollectiveTransport> transport = helper.Install(nodes, 1, backend);
            CollectiveSpec spec{"allreduce", "ring", 4, 1 << 20, 1, 1, 0};
            Ptr<Collective> ar = helper.Create(transport, spec, {}, "old");
            ar->Start();
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(ar->IsDone(), true, backend << ": done");
            NS_TEST_EXPECT_MSG_EQ(ar->GetRecord().kind, "allreduce", "record's kind");
            Simulator::Destroy();
        }
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(CollectiveHelper::CheckBackend("fluid", error), false, "unknown");
        NS_TEST_EXPECT_MSG_NE(error.find("packet, flow"), std::string::npos, error);
        // An unknown name in an old spec is refused by Build, naming it.
        CollectiveSpec bad{"allreduse", "ring", 4, 100, 1, 1, 0};
        CollectiveSchedule s("x", "y", 0, 0);
        NS_TEST_EXPECT_MSG_EQ(CollectiveAlgorithms::Build(bad, s, error), false, "refused");
        NS_TEST_EXPECT_MSG_NE(error.find("'allreduse'"), std::string::npos, error);
        WanTrafficHelper wan;
        NS_TEST_EXPECT_MSG_EQ(wan.SetLevel("packet"), true, "by name");
        NS_TEST_EXPECT_MSG_EQ(wan.GetLevel(), WanTrafficHelper::PACKET, "packet level");
        NS_TEST_EXPECT_MSG_EQ(wan.SetLevel("fluid"), false, "unknown name");
        WanTrafficHelper::Level level;
        NS_TEST_EXPECT_MSG_EQ(WanTrafficHelper::ParseLevel("fluid", level), false, "unknown");
        NS_TEST_EXPECT_MSG_EQ(WanTrafficHelper::ParseLevel("packet", level), true, "packet");
        NS_TEST_EXPECT_MSG_EQ(level, WanTrafficHelper::PACKET, "packet");
        // An unknown algorithm in an old spec, too.
        CollectiveSpec magic{"allreduce", "magic", 4, 100, 1, 1, 0};
        NS_TEST_EXPECT_MSG_EQ(CollectiveAlgorithms::Build(magic, s, error), false, "refused");
        NS_TEST_EXPECT_MSG_NE(error.find("magic"), std::string::npos, error);
    }
};

/// RdcnFlowTransport and RdcnScheduleDriver as programs used them.
class OldRdcnTestCase : public TestCase
{
  public:
    OldRdcnTestCase()
        : TestCase("RdcnFlowTransport and RdcnScheduleDriver as earlier programs used them")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        NS_TEST_ASSERT_MSG_EQ(
            schedule->SetMatchings(4, RdcnScheduleGenerator::RoundRobin(4, 1, error), error),
            true,
            error);
        Ptr<RdcnRouter> router = CreateObject<RdcnRouter>();
        router->SetSchedule(schedule);
        Ptr<RdcnFluidNetwork> fluid = CreateObject<RdcnFluidNetwork>();
        fluid->SetSchedule(schedule);
        fluid->SetRouter(router);
        Ptr<RdcnFlowTransport> transport = CreateObject<RdcnFlowTransport>();
        transport->SetNetwork(fluid);
        NS_TEST_ASSERT_MSG_EQ(transport->GetNRanks(), 4u, "ranks = hosts");
        bool done = false;
        transport->Send(0, 1, 10000, [&done]() { done = true; });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done, true, "delivered");
        // Payload only: the network moved exactly the message.
        NS_TEST_EXPECT_MSG_EQ(fluid->GetBytesDelivered(), 10000.0, "no header");
        Simulator::Destroy();

        // The old driver gives the switches the schedule's timing.
        Ptr<OpticalCircuitSwitch> ocs = CreateObject<OpticalCircuitSwitch>();
        ocs->SetAttribute("PortCount", UintegerValue(4));
        Ptr<RdcnScheduleDriver> driver = CreateObject<RdcnScheduleDriver>();
        NS_TEST_ASSERT_MSG_EQ(driver->Setup(schedule, {ocs}, error), true, error);
        driver->Start();
        TimeValue delay;
        ocs->GetAttribute("ReconfigurationDelay", delay);
        NS_TEST_EXPECT_MSG_EQ(delay.Get(), schedule->GetGuard(), "guard");
        Simulator::Stop(schedule->GetSlot() * 3);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(driver->GetNSlots(), 1u, "slots driven");
        NS_TEST_EXPECT_MSG_EQ(driver->GetSchedule(), schedule, "its schedule");
        Simulator::Destroy();
    }
};

/// The suite.
class LegacyApiTestSuite : public TestSuite
{
  public:
    LegacyApiTestSuite()
        : TestSuite("optical-legacy-api", SUITE_UNIT)
    {
        AddTestCase(new OldStarterTestCase, TEST_QUICK);
        AddTestCase(new OldRdcnTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
LegacyApiTestSuite g_legacyApiTestSuite;

} // namespace
