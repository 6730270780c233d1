/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Fabric component counts worked out by hand, power and cost from the catalog, the published
 * power and cost ratios of photonic against electrical rails, and bad input.
 */

#include "../common/optical-test-compat.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cstdio>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// 4 servers x 8 GPUs, counted by hand.
class SmallFabricTestCase : public TestCase
{
  public:
    SmallFabricTestCase()
        : TestCase("component counts, power and cost of a 32-GPU fabric, by hand")
    {
    }

  private:
    void DoRun() override
    {
        RailCatalog catalog;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(RailCatalog::DEFAULT_FILE, error), true, error);
        RailBill e;
        RailBill p;
        RailBill f;
        NS_TEST_ASSERT_MSG_EQ(RailNetworkSizing::Electrical(4, 8, "h200", e, error), true, error);
        // k = round(sqrt(16)) = 4; 2 x round(4 / 2) = 4 leaves per rail, 8 rails: 32 leaves;
        // round(8 x 4 / 4) = 8 spines; 40 switches of 4 ports; 32 + 160 transceivers.
        NS_TEST_ASSERT_MSG_EQ(e.switchRadix, 4u, "radix");
        NS_TEST_ASSERT_MSG_EQ(e.epsSwitches, 40u, "switches");
        NS_TEST_ASSERT_MSG_EQ(e.epsPorts, 160u, "ports");
        NS_TEST_ASSERT_MSG_EQ(e.transceivers, 192u, "transceivers");
        NS_TEST_ASSERT_MSG_EQ(RailNetworkSizing::Photonic(4, 8, "h200", 0, p, error), true, error);
        // One OCS of radix 2 x 4 per rail; one transceiver per GPU.
        NS_TEST_ASSERT_MSG_EQ(p.ocses, 8u, "one OCS per rail");
        NS_TEST_ASSERT_MSG_EQ(p.ocsPorts, 64u, "OCS ports");
        NS_TEST_ASSERT_MSG_EQ(p.transceivers, 32u, "transceivers");
        NS_TEST_ASSERT_MSG_EQ(RailNetworkSizing::FatTree(4, 8, "h200", f, error), true, error);
        // k = round(cbrt(128)) = 5; round(32 / 2.5) = 13 edge and 13 aggregation switches,
        // round(32 / 5) = 6 cores: 32 switches, 160 ports.
        NS_TEST_ASSERT_MSG_EQ(f.switchRadix, 5u, "fat-tree radix");
        NS_TEST_ASSERT_MSG_EQ(f.epsSwitches, 32u, "fat-tree switches");
        NS_TEST_ASSERT_MSG_EQ(f.transceivers, 192u, "fat-tree transceivers");

        double power = 0;
        double cost = 0;
        NS_TEST_ASSERT_MSG_EQ(e.Price(catalog, power, cost, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(power, 192 * 10.0 + 160 * 2524.0 / 64, 1e-9, "electrical W");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost, 192 * 879.0 + 160 * 37299.0 / 64, 1e-6, "electrical $");
        NS_TEST_ASSERT_MSG_EQ(p.Price(catalog, power, cost, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(power, 32 * 10.0 + 64 * 75.0 / 192, 1e-9, "photonic W");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost, 32 * 879.0 + 64 * 520.0, 1e-6, "photonic $");
    }
};

/// Opus's formulas: photonic rails use 23x to 24.5x less power and 4.1x to 4.4x less money.
class PublishedRatiosTestCase : public TestCase
{
  public:
    PublishedRatiosTestCase()
        : TestCase("H200 photonic against electrical rails, 256 to 2048 GPUs: published ratios")
    {
    }

  private:
    void DoRun() override
    {
        RailCatalog catalog;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(RailCatalog::DEFAULT_FILE, error), true, error);
        for (uint32_t gpus : {256u, 512u, 1024u, 2048u})
        {
            RailBill e;
            RailBill p;
            RailNetworkSizing::Electrical(gpus / 8, 8, "h200", e, error);
            RailNetworkSizing::Photonic(gpus / 8, 8, "h200", 0, p, error);
            double pe = 0;
            double ce = 0;
            double pp = 0;
            double cp = 0;
            NS_TEST_ASSERT_MSG_EQ(e.Price(catalog, pe, ce, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(p.Price(catalog, pp, cp, error), true, error);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(pe / pp, 23.0, gpus << " GPUs: power ratio");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(pe / pp, 24.5, gpus << " GPUs: power ratio");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(ce / cp, 4.1, gpus << " GPUs: cost ratio");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(ce / cp, 4.4, gpus << " GPUs: cost ratio");
        }
    }
};

/// Bad input: clear errors, nothing changed.
class FabricBadInputTestCase : public TestCase
{
  public:
    FabricBadInputTestCase()
        : TestCase("bad fabrics and catalogs are rejected with the value named")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        RailBill bill;
        NS_TEST_ASSERT_MSG_EQ(RailNetworkSizing::Photonic(64, 8, "h200", 32, bill, error),
                              false,
                              "radix 32 for 64 servers");
        NS_TEST_ASSERT_MSG_NE(error.find("radix 32"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(RailNetworkSizing::Size("torus", 4, 8, "h200", 0, bill, error),
                              false,
                              "unknown fabric");
        NS_TEST_ASSERT_MSG_NE(error.find("torus"), std::string::npos, error);

        const std::string path = CreateTempDirFilename("fabric-catalog.csv");
        {
            std::ofstream out(path);
            out << "kind,system,power_w,power_units,cost_usd,cost_units,source\n"
                << "transceiver,h200,10,1,879,1,x\n"
                << "eps-port,h200,2524,64,37299,64,x\n";
        }
        RailCatalog catalog;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(path, error), true, error);
        RailNetworkSizing::Photonic(4, 8, "h200", 0, bill, error);
        double power = 0;
        double cost = 0;
        NS_TEST_ASSERT_MSG_EQ(bill.Price(catalog, power, cost, error), false, "no ocs-port");
        NS_TEST_ASSERT_MSG_NE(error.find("'ocs-port'"), std::string::npos, error);
        {
            std::ofstream out(path);
            out << "kind,system,power_w,power_units,cost_usd,cost_units,source\n"
                << "transceiver,h200,ten,1,879,1,x\n";
        }
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(path, error), false, "bad number");
        NS_TEST_ASSERT_MSG_NE(error.find("transceiver"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(catalog.GetComponents().size(), 2u, "catalog unchanged");
        std::remove(path.c_str());
    }
};

/// RailNetworkCost against the sizing formulas priced directly; its job checks.
class RailNetworkCostTestCase : public TestCase
{
  public:
    RailNetworkCostTestCase()
        : TestCase("rail fabric cost: photonic and electrical rails priced as the sizing "
                   "formulas price them; electrical against itself 1; job checks in order")
    {
    }

  private:
    void DoRun() override
    {
        RailCatalog catalog;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(RailCatalog::DEFAULT_FILE, error), true, error);
        TrainingLayout layout;
        layout.gpus = 512;
        layout.gpusPerServer = 8;
        RailBill e;
        RailBill p;
        RailNetworkSizing::Electrical(64, 8, "h200", e, error);
        RailNetworkSizing::Photonic(64, 8, "h200", 0, p, error);
        double pe = 0;
        double ce = 0;
        double pp = 0;
        double cp = 0;
        NS_TEST_ASSERT_MSG_EQ(e.Price(catalog, pe, ce, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(p.Price(catalog, pp, cp, error), true, error);
        RailNetworkHelper photonic;
        photonic.SetNetwork("photonic");
        RailNetworkCost cost;
        NS_TEST_ASSERT_MSG_EQ(cost.Compute(photonic, layout, "h200", catalog, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.powerW, pp, 1e-9 * pp, "photonic power");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.costUsd, cp, 1e-9 * cp, "photonic cost");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.electricalPowerW, pe, 1e-9 * pe, "electrical power");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.GetPowerRatio(), pe / pp, 1e-9, "power ratio");
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.GetCostRatio(), ce / cp, 1e-9, "cost ratio");
        RailNetworkHelper electrical;
        electrical.SetNetwork("electrical");
        NS_TEST_ASSERT_MSG_EQ(cost.Compute(electrical, layout, "h200", catalog, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ_TOL(cost.GetPowerRatio(), 1, 1e-12, "electrical against itself");
        NS_TEST_ASSERT_MSG_EQ(cost.Compute(photonic, layout, "a100", catalog, error),
                              false,
                              "no catalog rows for a100");

        TrainingConfig c;
        c.dp = 64;
        c.tp = 8;
        NS_TEST_ASSERT_MSG_EQ(RailNetworkCost::CheckJob(photonic, layout, c), "", "fits");
        TrainingLayout one = layout;
        one.gpus = 8; // one server
        NS_TEST_ASSERT_MSG_EQ(RailNetworkCost::CheckJob(photonic, one, c),
                              photonic.Check(1, 8),
                              "the shape first");
        c.tp = 4; // TP across servers' rails with DP: refused on photonic rails
        c.dp = 128;
        NS_TEST_ASSERT_MSG_EQ(RailNetworkCost::CheckJob(photonic, layout, c),
                              photonic.CheckPlacement(c, 8),
                              "then the placement");
        NS_TEST_ASSERT_MSG_EQ(RailNetworkCost::CheckJob(photonic, layout, c).empty(),
                              false,
                              "tp 4 on servers of 8 with dp");
        NS_TEST_ASSERT_MSG_EQ(RailNetworkCost::CheckJob(electrical, layout, c), "", "electrical");
    }
};

/// Fabric power and cost test suite.
class RailBillTestSuite : public TestSuite
{
  public:
    RailBillTestSuite()
        : TestSuite("optical-rail-bill", SUITE_UNIT)
    {
        AddTestCase(new SmallFabricTestCase, TEST_QUICK);
        AddTestCase(new PublishedRatiosTestCase, TEST_QUICK);
        AddTestCase(new FabricBadInputTestCase, TEST_QUICK);
        AddTestCase(new RailNetworkCostTestCase, TEST_QUICK);
    }
};

/// Static instance
static RailBillTestSuite g_fabricBillTestSuite;

} // namespace
