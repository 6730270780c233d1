/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Circuit configurations (validation, parsing), rejected requests, device classes and the
// data-file loader.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-configuration.h"
#include "ns3/ocs-device-class.h"
#include "ns3/ocs-helper.h"
#include "ns3/optical-data-file.h"
#include "ns3/test.h"

#include <cstdio>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/**
 * \defgroup optical-tests Tests of the optical module
 * \ingroup optical
 * \ingroup tests
 */

/**
 * \ingroup optical-tests
 * Validation of partial permutations, with messages that name the offending ports.
 */
class OcsConfigurationValidationTestCase : public TestCase
{
  public:
    OcsConfigurationValidationTestCase()
        : TestCase("Configurations are validated as partial permutations")
    {
    }

  private:
    void DoRun() override
    {
        // Valid: disjoint pairs, one-way chains that use each port once per direction.
        NS_TEST_EXPECT_MSG_EQ(OcsConfiguration().Connect(0, 1).Connect(2, 3).Validate(4),
                              "",
                              "two disjoint pairs on 4 ports are valid");
        NS_TEST_EXPECT_MSG_EQ(
            OcsConfiguration().ConnectOneWay(0, 1).ConnectOneWay(1, 2).ConnectOneWay(2, 0).Validate(
                3),
            "",
            "a one-way cycle is a permutation");
        NS_TEST_EXPECT_MSG_EQ(
            OcsConfiguration().ConnectOneWay(0, 1).ConnectOneWay(1, 0).Validate(2),
            "",
            "two opposite one-way circuits are valid");
        NS_TEST_EXPECT_MSG_EQ(OcsConfiguration().Validate(0),
                              "",
                              "the empty configuration is valid");

        // Out of range: names the port and the valid range.
        std::string e = OcsConfiguration().Connect(0, 4).Validate(4);
        NS_TEST_EXPECT_MSG_NE(e.find("port 4"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("0..3"), std::string::npos, e);

        // Self-loop.
        e = OcsConfiguration().Connect(2, 2).Validate(4);
        NS_TEST_EXPECT_MSG_NE(e.find("port 2 to itself"), std::string::npos, e);

        // A port used twice as an input (bidirectional circuits use both ends as inputs).
        e = OcsConfiguration().Connect(0, 1).Connect(1, 2).Validate(4);
        NS_TEST_EXPECT_MSG_NE(e.find("port 1 is used twice"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("0-1"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("1-2"), std::string::npos, e);

        // A port used twice as an output only.
        e = OcsConfiguration().ConnectOneWay(0, 2).ConnectOneWay(1, 2).Validate(4);
        NS_TEST_EXPECT_MSG_NE(e.find("port 2 is used twice as an output"), std::string::npos, e);

        // One-way and bidirectional overlapping on one direction.
        e = OcsConfiguration().Connect(0, 1).ConnectOneWay(0, 3).Validate(4);
        NS_TEST_EXPECT_MSG_NE(e.find("port 0 is used twice as an input"), std::string::npos, e);

        // Output map and loss map.
        const auto config = OcsConfiguration().Connect(0, 3, 2.5).ConnectOneWay(1, 2);
        const auto out = config.GetOutputMap(5);
        NS_TEST_EXPECT_MSG_EQ(out[0], 3, "0 feeds 3");
        NS_TEST_EXPECT_MSG_EQ(out[3], 0, "3 feeds 0");
        NS_TEST_EXPECT_MSG_EQ(out[1], 2, "1 feeds 2");
        NS_TEST_EXPECT_MSG_EQ(out[2], OcsConfiguration::NO_PORT, "2 feeds nothing (one-way)");
        NS_TEST_EXPECT_MSG_EQ(out[4], OcsConfiguration::NO_PORT, "4 is unconnected");
        const auto loss = config.GetLossMap(5, 1.5);
        NS_TEST_EXPECT_MSG_EQ_TOL(loss[0], 2.5, 1e-12, "own loss");
        NS_TEST_EXPECT_MSG_EQ_TOL(loss[3], 2.5, 1e-12, "own loss, reverse direction");
        NS_TEST_EXPECT_MSG_EQ_TOL(loss[1], 1.5, 1e-12, "default loss");
        NS_TEST_EXPECT_MSG_EQ_TOL(loss[4], 0.0, 1e-12, "no circuit, no loss");
    }
};

/**
 * \ingroup optical-tests
 * The text form: parsing, round trip and errors that name the bad token.
 */
class OcsConfigurationParseTestCase : public TestCase
{
  public:
    OcsConfigurationParseTestCase()
        : TestCase("Configurations parse from and print to text")
    {
    }

  private:
    void DoRun() override
    {
        OcsConfiguration c;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(OcsConfiguration::Parse(" 0-1, 2>3@2.5 ,4-5", c, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(c.GetNCircuits(), 3, "three circuits");
        NS_TEST_EXPECT_MSG_EQ(c.ToString(), "0-1,2>3@2.5,4-5", "canonical text");
        NS_TEST_EXPECT_MSG_EQ(
            (c == OcsConfiguration().Connect(4, 5).Connect(1, 0).ConnectOneWay(2, 3, 2.5)),
            true,
            "equality ignores order and orientation of bidirectional circuits");
        NS_TEST_EXPECT_MSG_EQ((c == OcsConfiguration().Connect(0, 1).Connect(2, 3).Connect(4, 5)),
                              false,
                              "a one-way circuit differs from a bidirectional one");
        NS_TEST_ASSERT_MSG_EQ(OcsConfiguration::Parse("", c, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(c.GetNCircuits(), 0, "empty text, empty configuration");

        const OcsConfiguration before = OcsConfiguration().Connect(7, 8);
        for (const std::string bad : {"0-", "a-1", "0=1", "0-1,,2-3", "0-1@x", "0-1@-2", "-1-2"})
        {
            OcsConfiguration target = before;
            error.clear();
            NS_TEST_EXPECT_MSG_EQ(OcsConfiguration::Parse(bad, target, error), false, bad);
            NS_TEST_EXPECT_MSG_EQ(error.empty(), false, "an error message for '" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ((target == before),
                                  true,
                                  "target unchanged after '" << bad << "'");
        }
    }
};

/**
 * \ingroup optical-tests
 * A rejected Reconfigure() changes nothing and reports why.
 */
class OcsRejectedRequestTestCase : public TestCase
{
  public:
    OcsRejectedRequestTestCase()
        : TestCase("A rejected reconfiguration leaves the switch unchanged")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(4);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        const OcsConfiguration initial = OcsConfiguration().Connect(0, 1).Connect(2, 3);
        ocs->SetInitialConfiguration(initial);
        uint32_t starts = 0;
        ocs->TraceConnectWithoutContext(
            "ReconfigurationStart",
            MakeCallback(+[](uint32_t* n, const OcsConfiguration&, const OcsConfiguration&) {
                ++*n;
            }).Bind(&starts));

        std::string error;
        const bool accepted =
            ocs->Reconfigure(OcsConfiguration().Connect(0, 2).Connect(2, 3), &error);
        NS_TEST_EXPECT_MSG_EQ(accepted, false, "a port used twice is rejected");
        NS_TEST_EXPECT_MSG_NE(error.find("port 2"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(ocs->Reconfigure(OcsConfiguration().Connect(1, 9), &error),
                              false,
                              "out of range");
        NS_TEST_EXPECT_MSG_NE(error.find("port 9"), std::string::npos, error);
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ((ocs->GetConfiguration() == initial),
                              true,
                              "configuration unchanged");
        NS_TEST_EXPECT_MSG_EQ(ocs->GetNPendingReconfigurations(), 0, "nothing pending");
        NS_TEST_EXPECT_MSG_EQ(ocs->GetNReconfigurations(), 0, "nothing done");
        NS_TEST_EXPECT_MSG_EQ(starts, 0, "no trace fired");
        for (uint32_t p = 0; p < 4; ++p)
        {
            NS_TEST_EXPECT_MSG_EQ(ocs->IsPortLit(p), true, "port " << p << " still lit");
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Device classes come from data/ocs-device-classes.csv with the published numbers, and bad
 * data files are reported with file and line.
 */
class OcsDeviceClassTestCase : public TestCase
{
  public:
    OcsDeviceClassTestCase()
        : TestCase("Device classes load from the data file with published values")
    {
    }

  private:
    void DoRun() override
    {
        // Published values (shared reference: ocs-and-photonic-rails.md).
        struct Expected
        {
            const char* name;
            double reconfigS;
            double controlS;
        };

        const Expected expected[] = {{"mems-3d", 0.2, 0},
                                     {"piezo", 0.025, 0},
                                     {"opus-headline", 0.010, 0},
                                     {"fast-ocs", 2.8e-6 + 8.7e-6, 68.5e-6},
                                     {"mzi-mesh", 1.1, 0},
                                     {"interposer", 3.7e-6, 0}};
        for (const auto& x : expected)
        {
            OcsDeviceClass c;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(OcsDeviceClass::Lookup(x.name, c, error), true, error);
            NS_TEST_EXPECT_MSG_EQ_TOL(c.reconfigurationDelay.GetSeconds(),
                                      x.reconfigS,
                                      1e-9,
                                      x.name);
            NS_TEST_EXPECT_MSG_EQ_TOL(c.controlPlaneDelay.GetSeconds(), x.controlS, 1e-9, x.name);
            NS_TEST_EXPECT_MSG_EQ(c.source.empty(), false, "every class names its source");
        }

        // The helper applies a class to the switches it builds.
        OcsHelper helper;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(helper.SetDeviceClass("mems-3d", &error), true, error);
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        helper.Install(ocsNode, hosts);
        TimeValue delay;
        OcsHelper::GetSwitch(ocsNode)->GetAttribute("ReconfigurationDelay", delay);
        NS_TEST_EXPECT_MSG_EQ(delay.Get(), MilliSeconds(200), "mems-3d: 200 ms");

        // Unknown class: error lists the known ones, attributes unchanged.
        NS_TEST_EXPECT_MSG_EQ(helper.SetDeviceClass("warp-drive", &error), false, "unknown class");
        NS_TEST_EXPECT_MSG_NE(error.find("warp-drive"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_NE(error.find("piezo"), std::string::npos, error);

        // Malformed files: the message names the file and the line.
        const std::string path = CreateTempDirFilename("bad-classes.csv");
        {
            std::ofstream f(path);
            f << "# "
                 "comment\nname,reconfiguration_delay_s,control_plane_delay_s,insertion_loss_db,"
                 "example,source\n"
              << "ok,0.1,0,1,,\nbroken,0.1,0\n";
        }
        std::vector<OcsDeviceClass> classes;
        NS_TEST_EXPECT_MSG_EQ(OcsDeviceClass::LoadAll(path, classes, error), false, "short row");
        NS_TEST_EXPECT_MSG_NE(error.find(":4:"), std::string::npos, error);
        {
            std::ofstream f(path);
            f << "name,reconfiguration_delay_s,control_plane_delay_s,insertion_loss_db,example,"
                 "source\n"
              << "neg,-1,0,1,,\n";
        }
        NS_TEST_EXPECT_MSG_EQ(OcsDeviceClass::LoadAll(path, classes, error),
                              false,
                              "negative delay");
        NS_TEST_EXPECT_MSG_NE(error.find("neg"), std::string::npos, error);
        {
            std::ofstream f(path);
            f << "name,delay\nx,1\n";
        }
        NS_TEST_EXPECT_MSG_EQ(OcsDeviceClass::LoadAll(path, classes, error),
                              false,
                              "missing column");
        NS_TEST_EXPECT_MSG_NE(error.find("reconfiguration_delay_s"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(classes.empty(), true, "nothing loaded from bad files");
        std::remove(path.c_str());
        NS_TEST_EXPECT_MSG_EQ(OcsDeviceClass::LoadAll("/nonexistent/x.csv", classes, error),
                              false,
                              "missing file");
        NS_TEST_EXPECT_MSG_NE(error.find("/nonexistent/x.csv"), std::string::npos, error);
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Unit tests of circuit configurations and device classes.
 */
class OcsConfigurationTestSuite : public TestSuite
{
  public:
    OcsConfigurationTestSuite()
        : TestSuite("optical-ocs-configuration", SUITE_UNIT)
    {
        AddTestCase(new OcsConfigurationValidationTestCase, TEST_QUICK);
        AddTestCase(new OcsConfigurationParseTestCase, TEST_QUICK);
        AddTestCase(new OcsRejectedRequestTestCase, TEST_QUICK);
        AddTestCase(new OcsDeviceClassTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static OcsConfigurationTestSuite g_ocsConfigurationTestSuite;

} // namespace
