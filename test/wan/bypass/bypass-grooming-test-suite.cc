/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The moves of the greedy bypass planner (BypassGrooming) on a line A-B-C with hop-by-hop
// links A-B, B-C and an express A-C, every wavelength 100 Gb/s for 4 cost units: each move
// reaches the cost worked out by hand, and every demand stays routed in full from its source
// to its destination.

#include "../../common/optical-test-compat.h"

#include "ns3/bypass-grooming.h"
#include "ns3/core-module.h"

#include <cmath>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it (test classes of the same name elsewhere would
// otherwise be merged by the linker).
namespace
{

/// \return the candidates: A-B (fibre 0), B-C (fibre 1), A-C over both; 100 Gb/s, cost 4
std::vector<Lightpath>
Candidates()
{
    auto make = [](uint32_t a, uint32_t b, std::vector<uint32_t> fibres) {
        Lightpath l;
        l.a = a;
        l.b = b;
        l.sites = {a};
        for (uint32_t s = a + 1; s <= b; ++s)
        {
            l.sites.push_back(s);
        }
        l.fibres = std::move(fibres);
        l.rateGbps = 100;
        l.wavelengthCost = 4;
        return l;
    };
    return {make(0, 1, {0}), make(1, 2, {1}), make(0, 2, {0, 1})};
}

/// Demands A-C, A-B and B-C of 50 Gb/s each, A-C on the express and the others hop by hop.
class GroomingTestCase : public TestCase
{
  public:
    GroomingTestCase()
        : TestCase("Line A-B-C, 50 Gbps A-C on the express, A-B, B-C: cost 12; Shed and Fill "
                   "move A-C onto the hop-by-hop links' spare (cost 8, saving 4); 100 Gbps A-C "
                   "hop by hop (8): Express and SlopeScale build A-C (4); 2 wavelengths on "
                   "fibre A-B exceed 1, A-C hop by hop fits")
    {
    }

  private:
    /// Checks every demand routed in full, as a walk from its source to its destination.
    void CheckRoutes(const BypassGrooming& g,
                     const std::vector<TrafficMatrix::Demand>& demands,
                     const std::vector<Lightpath>& c,
                     const std::string& what)
    {
        std::vector<double> sum(demands.size(), 0.0);
        for (const auto& r : g.GetRoutes())
        {
            uint32_t at = demands[r.demand].src;
            for (uint32_t h : r.hops)
            {
                NS_TEST_ASSERT_MSG_EQ((c[h].a == at || c[h].b == at), true, what << ": a walk");
                at = c[h].a == at ? c[h].b : c[h].a;
            }
            NS_TEST_ASSERT_MSG_EQ(at, demands[r.demand].dst, what << ": ends at the destination");
            sum[r.demand] += r.gbps;
        }
        for (std::size_t d = 0; d < demands.size(); ++d)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(sum[d], demands[d].gbps, 1e-9, what << ": demand " << d);
        }
    }

    void DoRun() override
    {
        const std::vector<Lightpath> c = Candidates();
        const std::vector<TrafficMatrix::Demand> three{{0, 2, 50}, {0, 1, 50}, {1, 2, 50}};
        const std::vector<BypassGrooming::Route> start{{0, {2}, 50}, {1, {0}, 50}, {2, {1}, 50}};
        for (int move = 0; move < 2; ++move)
        {
            BypassGrooming g(c, 3, 3, 2, 96, three);
            g.SetRoutes(start);
            NS_TEST_ASSERT_MSG_EQ_TOL(g.GetCost(), 12.0, 1e-9, "3 wavelengths");
            NS_TEST_ASSERT_MSG_EQ_TOL(g.GetTopFill(2), 0.5, 1e-9, "A-C half full");
            const std::string what = move == 0 ? "Shed" : "Fill";
            if (move == 0)
            {
                const double saved = g.Shed(10);
                NS_TEST_ASSERT_MSG_EQ_TOL(saved, 4.0, 1e-9, "Shed saves a wavelength");
            }
            else
            {
                g.Fill(10);
            }
            // Either A-C moves onto A-B and B-C, or A-B (B-C) detours over the express and
            // the other hop (in its unused direction): one link empties.
            NS_TEST_ASSERT_MSG_EQ_TOL(g.GetCost(), 8.0, 1e-9, what << ": two links");
            uint32_t empty = 0;
            for (uint32_t l = 0; l < 3; ++l)
            {
                empty += g.GetWavelengths(l) == 0 ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(empty, 1, what << ": one link empty");
            CheckRoutes(g, three, c, what);
        }
        const std::vector<TrafficMatrix::Demand> one{{0, 2, 100}};
        for (int move = 0; move < 2; ++move)
        {
            BypassGrooming g(c, 3, 3, 2, 96, one);
            g.SetRoutes({{0, {0, 1}, 100}});
            NS_TEST_ASSERT_MSG_EQ_TOL(g.GetCost(), 8.0, 1e-9, "hop by hop");
            if (move == 0)
            {
                g.Express(4);
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(g.SlopeScale(3, {}), true, "a round fits");
            }
            const std::string what = move == 0 ? "Express" : "SlopeScale";
            NS_TEST_ASSERT_MSG_EQ_TOL(g.GetCost(), 4.0, 1e-9, what << ": the express alone");
            NS_TEST_ASSERT_MSG_EQ(g.GetWavelengths(2), 1, what << ": A-C");
            CheckRoutes(g, one, c, what);
        }
        // Only the hop-by-hop links usable: SlopeScale keeps A-C hop by hop.
        BypassGrooming hop(c, 2, 3, 2, 96, one);
        hop.SetRoutes({{0, {0, 1}, 100}});
        NS_TEST_ASSERT_MSG_EQ(hop.SlopeScale(3, {}), true, "a round fits");
        NS_TEST_ASSERT_MSG_EQ(hop.GetWavelengths(2), 0, "the express is not usable");
        NS_TEST_ASSERT_MSG_EQ_TOL(hop.GetCost(), 8.0, 1e-9, "hop by hop");
        // One wavelength per fibre: A-B and the express share fibre A-B.
        BypassGrooming full(c, 3, 3, 2, 1, three);
        full.SetRoutes(start);
        NS_TEST_ASSERT_MSG_EQ(full.Fits(), false, "2 wavelengths on fibre A-B");
        full.SetRoutes({{0, {0, 1}, 50}, {1, {0}, 50}, {2, {1}, 50}});
        NS_TEST_ASSERT_MSG_EQ(full.Fits(), true, "A-C hop by hop: 1 wavelength per fibre");
        NS_TEST_ASSERT_MSG_EQ_TOL(full.GetCost(), 8.0, 1e-9, "A-B and B-C full");
    }
};

/// The suite.
class BypassGroomingTestSuite : public TestSuite
{
  public:
    BypassGroomingTestSuite()
        : TestSuite("optical-wan-bypass-grooming", SUITE_UNIT)
    {
        AddTestCase(new GroomingTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
BypassGroomingTestSuite g_bypassGroomingTestSuite;

} // namespace
