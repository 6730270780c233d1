/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Torus datacenters and photonic server fabrics: wiring and port counts, the default fabrics
 * reproducing the torus, bandwidth steered inside a one-server slice, servers stitched through
 * a neighbour, and dark paths limited to the changed ones.
 */

#include "../common/optical-test-compat.h"
#include "torus-test-helpers.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <map>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{
using ns3::optical::test::Fabric;
using ns3::optical::test::Tpu;

namespace
{

/**
 * \brief A configuration that keeps a server's internal links and joins its 16 outward-facing
 * accelerator ports in pairs inside the server (accelerator 0's four with accelerator 1's, 2's
 * with 3's): a one-server slice steered inside itself.
 * \param [in] server The server's fabric (2x2x1)
 * \param [out] facing The outward-facing accelerator ports
 * \return the configuration
 */
OcsConfiguration
SteerInside(Ptr<PhotonicServerFabric> server, std::vector<uint32_t>& facing)
{
    OcsConfiguration steer;
    facing.clear();
    for (const auto& c : server->GetDefaultConfiguration().GetCircuits())
    {
        uint32_t local = 0;
        uint32_t port = 0;
        const bool accFrom = server->Describe(c.from, local, port);
        const bool accTo = server->Describe(c.to, local, port);
        if (accFrom && accTo)
        {
            steer.Connect(c.from, c.to); // internal link, unchanged
        }
        else
        {
            facing.push_back(accFrom ? c.from : c.to);
        }
    }
    // Four ports per accelerator, in order: pair k with k + 4 within each group of eight.
    for (std::size_t k = 0; k < facing.size(); k += (k % 8 == 3 ? 5 : 1))
    {
        steer.Connect(facing[k], facing[k + 4]);
    }
    return steer;
}
} // namespace

/// Wiring and port counts of a 4x4x4 rack of 2x2x1 servers.
class TorusWiringTestCase : public TestCase
{
  public:
    TorusWiringTestCase()
        : TestCase("torus wiring: 2 racks, 128 accelerators, 32 servers, 384 links, wrap-around")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        NS_TEST_ASSERT_MSG_EQ(g.GetNAccelerators(), 128, "2 racks of 64");
        NS_TEST_ASSERT_MSG_EQ(g.GetNServers(), 32, "16 servers a rack");
        NS_TEST_ASSERT_MSG_EQ(g.GetLinks().size(), 3 * 128, "3 links per accelerator");
        // Wrap-around stays in the rack: (3,0,0) +X is (0,0,0); rack 1's (0,0,0) -Z is (0,0,3).
        NS_TEST_ASSERT_MSG_EQ(g.GetNeighbour(g.GetAccelerator(0, {3, 0, 0}), 0),
                              g.GetAccelerator(0, {0, 0, 0}),
                              "+X wraps");
        NS_TEST_ASSERT_MSG_EQ(g.GetNeighbour(g.GetAccelerator(1, {0, 0, 0}), 5),
                              g.GetAccelerator(1, {0, 0, 3}),
                              "-Z wraps inside rack 1");
        // Every link has exactly two port ends, and GetLink agrees from both sides.
        std::map<uint32_t, uint32_t> ends;
        uint32_t intra = 0;
        for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
        {
            std::set<uint32_t> own;
            for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
            {
                const uint32_t l = g.GetLink(a, p);
                ++ends[l];
                own.insert(l);
                NS_TEST_ASSERT_MSG_EQ(g.GetLink(g.GetNeighbour(a, p), p ^ 1u), l, "same link");
            }
            NS_TEST_ASSERT_MSG_EQ(own.size(), 6, "six distinct links per accelerator");
        }
        for (const auto& [link, n] : ends)
        {
            NS_TEST_ASSERT_MSG_EQ(n, 2, "two ends per link");
            intra += g.GetLinks()[link].intraServer ? 1 : 0;
        }
        // In a 2x2x1 server: 2 X links and 2 Y links inside: 4 per server, 128 of 384 in all.
        NS_TEST_ASSERT_MSG_EQ(intra, 4 * 32, "intra-server links");
        // Server numbering and local order.
        const auto acc = g.GetServerAccelerators(5);
        NS_TEST_ASSERT_MSG_EQ(acc.size(), 4, "4 accelerators");
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(g.GetServer(acc[i]), 5, "their server");
            NS_TEST_ASSERT_MSG_EQ(g.GetLocalIndex(acc[i]), i, "local order");
        }
    }
};

/// Shapes that do not tile are refused with the value named.
class TorusBadShapeTestCase : public TestCase
{
  public:
    TorusBadShapeTestCase()
        : TestCase("torus shapes that a server does not tile, or a dimension of 0, are refused; "
                   "a dimension of 1 has no ports")
    {
    }

  private:
    void DoRun() override
    {
        TorusGeometry g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {4, 4, 4}, {3, 2, 1}, error), false, "3 in 4");
        NS_TEST_ASSERT_MSG_NE(error.find("3 must divide 4"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {4, 0, 4}, {2, 1, 1}, error), false, "Y of 0");
        NS_TEST_ASSERT_MSG_NE(error.find("dimension Y is 0"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(g.Configure(0, {4, 4, 4}, {2, 2, 1}, error), false, "no rack");
        NS_TEST_ASSERT_MSG_EQ(g.GetNAccelerators(), 0, "unchanged");
        // 2^16 racks of 2^16 x 2^16 x 2^16 make 2^64 accelerators: a 64-bit product wraps to
        // 0, the check must not.
        NS_TEST_ASSERT_MSG_EQ(
            TorusGeometry::Check(1u << 16, {1u << 16, 1u << 16, 1u << 16}, {1, 1, 1}).empty(),
            false,
            "2^64 accelerators");
        // 64 racks of 64^3 are 2^24 accelerators, the largest; 65 racks one rack too many.
        NS_TEST_ASSERT_MSG_EQ(TorusGeometry::Check(64, {64, 64, 64}, {1, 1, 1}), "", "2^24");
        const std::string over = TorusGeometry::Check(65, {64, 64, 64}, {1, 1, 1});
        NS_TEST_ASSERT_MSG_NE(over.find("more than 16777216"), std::string::npos, over);
        // The Morphlux prototype: four GPUs in a 2x2 square, one fabric; no Z ports.
        NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {2, 2, 1}, {2, 2, 1}, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.HasPort(4) || g.HasPort(5), false, "no Z ports");
        NS_TEST_ASSERT_MSG_EQ(g.HasPort(0) && g.HasPort(3), true, "X and Y ports");
        Ptr<TorusFabric> fabric = Fabric(g);
        // + and - links of a dimension of 2 are two links: 2 per pair, 4 pairs.
        NS_TEST_ASSERT_MSG_EQ(fabric->GetPaths().size(), 8, "X and Y links only");
        Simulator::Destroy();
    }
};

/// Shape texts are read strictly: three decimal whole numbers from 1 to 2^24.
class ShapeTextTestCase : public TestCase
{
  public:
    ShapeTextTestCase()
        : TestCase("shape texts: AxBxC of decimal whole numbers from 1 to 2^24, lists without "
                   "empty items; signs, exponents, blanks inside and extra dimensions refused")
    {
    }

  private:
    void DoRun() override
    {
        std::array<uint32_t, 3> shape{};
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShape(" 4x2x1 ", shape, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(shape[0] * 100 + shape[1] * 10 + shape[2], 421, "4x2x1 in order");
        NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShape("16777216x1x1", shape, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(shape[0], 16777216u, "2^24");
        // A stream reads "-4294967295" into a uint32_t as 1: the parser must not.
        for (const char* bad : {"-4294967295x2x2",
                                "-1x2x2",
                                "16777217x1x1",
                                "99999999999x1x1",
                                "0x2x2",
                                "2x2",
                                "2x2x1x1",
                                "2 x2x1",
                                "1e3x1x1",
                                "2.0x2x1",
                                "+2x2x1",
                                "2x2x",
                                "x2x2",
                                "",
                                "2X2X1"})
        {
            shape = {7, 7, 7};
            NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShape(bad, shape, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_ASSERT_MSG_NE(error.find(std::string("'") + bad + "'"),
                                  std::string::npos,
                                  error);
            NS_TEST_ASSERT_MSG_NE(error.find("1 to 16777216"), std::string::npos, error);
            NS_TEST_ASSERT_MSG_EQ(shape[0], 7u, "unchanged on failure");
        }
        std::vector<std::array<uint32_t, 3>> shapes;
        NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShapeList("2x4x4, 2x2x4,2x2x2", shapes, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(shapes.size(), 3, "three shapes");
        NS_TEST_ASSERT_MSG_EQ(shapes[1][2], 4u, "second shape 2x2x4");
        for (const char* bad : {"2x4x4,", ",2x4x4", "2x4x4,,2x2x2", "", " ", "2x4x4:3"})
        {
            NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShapeList(bad, shapes, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_ASSERT_MSG_EQ(shapes.size(), 0, "cleared on failure");
        }
        NS_TEST_ASSERT_MSG_EQ(TorusGeometry::ParseShapeList("1x1x1,1x1x1,1x1x1", shapes, error, 2),
                              false,
                              "three items, at most two");
        NS_TEST_ASSERT_MSG_NE(error.find("more than 2"), std::string::npos, error);

        // A program's --racks, --rack and --server: the culprit is the input at fault.
        TorusGeometry g;
        std::string culprit;
        NS_TEST_ASSERT_MSG_EQ(g.ConfigureFromText(2, "4x4", "2x2x1", 1024, culprit, error),
                              false,
                              "two dimensions");
        NS_TEST_ASSERT_MSG_EQ(culprit, "rack", "the rack shape is at fault");
        NS_TEST_ASSERT_MSG_EQ(g.ConfigureFromText(2, "4x4x4", "3x1x1", 1024, culprit, error),
                              false,
                              "3 does not divide 4");
        NS_TEST_ASSERT_MSG_EQ(culprit, "server", "the server shape is at fault");
        NS_TEST_ASSERT_MSG_EQ(g.ConfigureFromText(17, "4x4x4", "2x2x1", 1024, culprit, error),
                              false,
                              "17 x 64 = 1088 > 1024");
        NS_TEST_ASSERT_MSG_EQ(culprit, "racks", "the rack count is at fault");
        NS_TEST_ASSERT_MSG_EQ(error,
                              "17 racks of 4x4x4 make 1088 accelerators (at most 1024)",
                              "message");
        NS_TEST_ASSERT_MSG_EQ(g.ConfigureFromText(16, "4x4x4", "2x2x1", 1024, culprit, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(g.GetNAccelerators(), 1024, "16 x 64");
        NS_TEST_ASSERT_MSG_EQ(g.GetNServers(), 256, "1024 / 4");
    }
};

/// Default fabrics are the plain torus.
class DefaultFabricTestCase : public TestCase
{
  public:
    DefaultFabricTestCase()
        : TestCase("default server fabrics: the paths are exactly the torus links")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<TorusFabric> fabric = Fabric(g);
        // 2x2x1 server: each accelerator has 4 ports leaving the server: 16 outward fibres.
        NS_TEST_ASSERT_MSG_EQ(fabric->GetServerFabric(0)->GetNOutward(), 16, "outward fibres");
        NS_TEST_ASSERT_MSG_EQ(fabric->GetServerFabric(0)->GetSwitch()->GetNPorts(),
                              24 + 16,
                              "24 accelerator ports + 16 fibres");
        const auto paths = fabric->GetPaths();
        NS_TEST_ASSERT_MSG_EQ(paths.size(), g.GetLinks().size(), "one path per link");
        std::set<uint32_t> links;
        for (const auto& path : paths)
        {
            const uint32_t l = g.GetLink(path.a.accelerator, path.a.port);
            NS_TEST_ASSERT_MSG_EQ(g.GetLink(path.b.accelerator, path.b.port), l, "a torus link");
            const std::size_t servers = g.GetLinks()[l].intraServer ? 1 : 2;
            NS_TEST_ASSERT_MSG_EQ(path.servers.size(), servers, "crosses its one or two servers");
            links.insert(l);
        }
        NS_TEST_ASSERT_MSG_EQ(links.size(), g.GetLinks().size(), "every link once");
        Simulator::Destroy();
    }
};

/// Steering: a one-server slice gets all six units of each accelerator inside the slice.
class SteeringTestCase : public TestCase
{
  public:
    SteeringTestCase()
        : TestCase("steering: a 2x2x1 slice uses all 24 ports inside itself; only changed "
                   "paths go dark")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<TorusFabric> fabric = Fabric(g);
        Ptr<PhotonicServerFabric> server = fabric->GetServerFabric(0);
        Ptr<OpticalCircuitSwitch> ocs = server->GetSwitch();
        std::vector<uint32_t> outwardFacing;
        const OcsConfiguration steer = SteerInside(server, outwardFacing);
        NS_TEST_ASSERT_MSG_EQ(outwardFacing.size(), 16, "16 ports face out");
        // Dark windows: only the 16 outward-facing ports (and their fibres) change.
        uint32_t downs = 0;
        ocs->TraceConnectWithoutContext(
            "CircuitDown",
            MakeCallback(+[](uint32_t* n, uint32_t, uint32_t) { ++*n; }).Bind(&downs));
        std::vector<bool> litMidway;
        Schedule(Seconds(1), [ocs, steer]() { ocs->Reconfigure(steer); });
        Schedule(Seconds(1.5), [ocs, &litMidway]() {
            for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
            {
                litMidway.push_back(ocs->IsPortLit(p));
            }
        });
        Simulator::Run();
        uint32_t darkMidway = 0;
        for (bool lit : litMidway)
        {
            darkMidway += lit ? 0 : 1;
        }
        // 16 accelerator ports change, and the 16 fibres lose their circuit (unconnected).
        NS_TEST_ASSERT_MSG_EQ(darkMidway, 32, "changed ports dark during the 1.1 s");
        NS_TEST_ASSERT_MSG_EQ(downs, 32, "32 circuit directions went down");
        // After: every port of the slice's accelerators ends on one of them.
        std::set<uint32_t> slice(server->GetAccelerators().begin(),
                                 server->GetAccelerators().end());
        uint32_t inside = 0;
        for (uint32_t a : server->GetAccelerators())
        {
            for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
            {
                TorusFabric::End end;
                std::vector<uint32_t> crossed;
                NS_TEST_ASSERT_MSG_EQ(fabric->Trace(a, p, end, &crossed), true, "lit");
                inside += slice.count(end.accelerator);
                NS_TEST_ASSERT_MSG_EQ(crossed.size(), 1, "never leaves the server");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(inside, 24, "all six units of each accelerator in the slice");
        // The neighbours' ports that faced this server now end nowhere (their fibre is dark).
        const uint32_t outside = g.GetNeighbour(server->GetAccelerators()[0], 5);
        TorusFabric::End end;
        NS_TEST_ASSERT_MSG_EQ(fabric->Trace(outside, 4, end), false, "fibre not connected");
        Simulator::Destroy();
    }
};

/// Stitching: two servers that are not adjacent joined through the fabric of the one between.
class StitchTestCase : public TestCase
{
  public:
    StitchTestCase()
        : TestCase("stitching: servers 0 and 8 joined through the fabric of server 4 between them")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<TorusFabric> fabric = Fabric(g);
        // Along Z: server 0 (z = 0), server 4 (z = 1), server 8 (z = 2). Pass accelerator 0's
        // +Z light through server 4: join server 4's two fibres of the local accelerator that
        // sits above accelerator 0 (its -Z and +Z fibres).
        const uint32_t a0 = g.GetServerAccelerators(0)[0];
        const uint32_t above = g.GetNeighbour(a0, 4);
        const uint32_t middle = g.GetServer(above);
        NS_TEST_ASSERT_MSG_EQ(middle, 4, "server above");
        Ptr<PhotonicServerFabric> mid = fabric->GetServerFabric(middle);
        const uint32_t local = g.GetLocalIndex(above);
        OcsConfiguration config;
        for (const auto& c : mid->GetDefaultConfiguration().GetCircuits())
        {
            const uint32_t minus = mid->GetAcceleratorPort(local, 5);
            const uint32_t plus = mid->GetAcceleratorPort(local, 4);
            if (c.from != minus && c.to != minus && c.from != plus && c.to != plus)
            {
                config.Connect(c.from, c.to);
            }
        }
        config.Connect(static_cast<uint32_t>(mid->GetOutwardPort(local, 5)),
                       static_cast<uint32_t>(mid->GetOutwardPort(local, 4)));
        mid->GetSwitch()->SetInitialConfiguration(config);
        TorusFabric::End end;
        std::vector<uint32_t> crossed;
        NS_TEST_ASSERT_MSG_EQ(fabric->Trace(a0, 4, end, &crossed), true, "lit");
        NS_TEST_ASSERT_MSG_EQ(end.accelerator, g.GetNeighbour(above, 4), "two servers up");
        NS_TEST_ASSERT_MSG_EQ(end.port, 5, "arrives on its -Z port");
        NS_TEST_ASSERT_MSG_EQ(crossed.size(), 3, "through servers 0, 4 and 8");
        NS_TEST_ASSERT_MSG_EQ(crossed[1], 4, "through server 4");
        Simulator::Destroy();
    }
};

/// The flow-level graph follows the fabrics.
class FlowLevelTestCase : public TestCase
{
  public:
    FlowLevelTestCase()
        : TestCase("flow level: one link per joined pair and direction, as many units as "
                   "paths, following a reconfiguration")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<TorusFabric> fabric = Fabric(g);
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const auto vertices = fabric->Build(topology, 100e9, NanoSeconds(50));
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), 64, "one vertex per accelerator");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 2 * 192, "two directions per torus link");
        // Steer server 0 inside itself: its 16 outward-facing ports loop back in pairs.
        Ptr<PhotonicServerFabric> server = fabric->GetServerFabric(0);
        std::vector<uint32_t> facing;
        const OcsConfiguration steer = SteerInside(server, facing);
        auto upLinks = [topology]() {
            uint32_t n = 0;
            for (uint32_t l = 0; l < topology->GetNLinks(); ++l)
            {
                n += topology->GetLink(l).up ? 1 : 0;
            }
            return n;
        };
        uint32_t upMidway = 0;
        Ptr<OpticalCircuitSwitch> ocs = server->GetSwitch();
        Schedule(Seconds(1), [ocs, steer]() { ocs->Reconfigure(steer); });
        Schedule(Seconds(1.5), [&upMidway, upLinks]() { upMidway = upLinks(); });
        Simulator::Run();
        // Dark: the 16 ports' paths out of the server and the 16 paths into it (each pair of
        // the torus has one path).
        NS_TEST_ASSERT_MSG_EQ(upMidway, 2 * 192 - 32, "32 directions down while dark");
        // After: the 8 loops join pairs already joined (0-1 and 2-3 by their X links): no new
        // link, those pairs carry 1 + 4 units; the 32 old directions stay down.
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 2 * 192, "no new link");
        NS_TEST_ASSERT_MSG_EQ(upLinks(), 2 * 192 - 32, "the old directions are down");
        const auto acc = server->GetAccelerators();
        const int64_t trunk = fabric->GetFlowLink(acc[0], 0); // +X: acc 0 to acc 1
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(static_cast<uint32_t>(trunk)).to,
                              vertices[acc[1]],
                              "+X leads to accelerator 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(topology->GetLink(static_cast<uint32_t>(trunk)).capacity,
                                  5 * 100e9,
                                  1,
                                  "the X link and four loops");
        for (uint32_t a : server->GetAccelerators())
        {
            for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
            {
                const int64_t l = fabric->GetFlowLink(a, p);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(l, 0, "every port has a link");
                const uint32_t to = topology->GetLink(static_cast<uint32_t>(l)).to;
                NS_TEST_ASSERT_MSG_EQ(g.GetServer(to), 0, "inside the slice");
            }
        }
        Simulator::Destroy();
    }
};

/// Contiguous allocation: boxes of free servers only; the books always balance.
class ContiguousAllocationTestCase : public TestCase
{
  public:
    ContiguousAllocationTestCase()
        : TestCase("contiguous allocation: boxes of free servers; fragmentation refuses a "
                   "request that free servers could hold; accounting")
    {
    }

  private:
    /**
     * \param [in] a The allocator
     * \param [in] total Accelerators in all
     * \return true if allocated + free + failed = total
     */
    static bool Balanced(const SliceAllocator& a, uint32_t total)
    {
        const auto c = a.Count();
        return c[0] + c[1] + c[2] == total;
    }

    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        SliceAllocator allocator(g);
        SliceAllocator::Placement p;
        // 2x2x4: four servers stacked in Z, the first fit at the rack's origin.
        NS_TEST_ASSERT_MSG_EQ(allocator.AllocateContiguous(1, {2, 2, 4}, p), true, "fits");
        NS_TEST_ASSERT_MSG_EQ(p.rack, 0, "rack 0");
        NS_TEST_ASSERT_MSG_EQ(p.servers.size(), 4, "4 servers");
        for (uint32_t k = 0; k < 4; ++k)
        {
            const auto c = g.GetServerCoord(p.servers[k]);
            NS_TEST_ASSERT_MSG_EQ(c.x + c.y, 0, "one column");
            NS_TEST_ASSERT_MSG_EQ(c.z, k, "stacked in Z");
        }
        NS_TEST_ASSERT_MSG_EQ(allocator.Count()[0], 16, "16 accelerators held");
        NS_TEST_ASSERT_MSG_EQ(allocator.Release(1), true, "released");
        NS_TEST_ASSERT_MSG_EQ(allocator.Release(1), false, "only once");
        // Fill both racks with one-server slices, then free a checkerboard of rack 0: 8 free
        // servers (32 accelerators), no two adjacent in Z, so no 2x2x2 slice fits anywhere.
        for (uint64_t t = 0; t < 32; ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(allocator.AllocateContiguous(100 + t, {2, 2, 1}, p), true, "");
            const uint32_t rack = t < 16 ? 0 : 1;
            NS_TEST_ASSERT_MSG_EQ(p.rack, rack, "rack 0 first");
        }
        for (const auto& placement :
             std::vector<SliceAllocator::Placement>(allocator.GetPlacements()))
        {
            const auto c = g.GetServerCoord(placement.servers[0]);
            if (placement.rack == 0 && (c.x + c.y + c.z) % 2 == 0)
            {
                allocator.Release(placement.tenant);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(allocator.GetFreeServers().size(), 8, "8 free servers");
        const auto before = allocator.Count();
        NS_TEST_ASSERT_MSG_EQ(allocator.AllocateContiguous(7, {2, 2, 2}, p),
                              false,
                              "fragmented: refused");
        NS_TEST_ASSERT_MSG_EQ((allocator.Count() == before), true, "state unchanged");
        NS_TEST_ASSERT_MSG_EQ(allocator.AllocateContiguous(8, {2, 2, 1}, p), true, "one fits");
        NS_TEST_ASSERT_MSG_EQ(Balanced(allocator, 128), true, "balanced");
        // A failure: held -> failed; release keeps it failed.
        const uint32_t victim = g.GetServerAccelerators(p.servers[0])[2];
        NS_TEST_ASSERT_MSG_EQ(allocator.SetFailed(victim, true), 8, "held by tenant 8");
        NS_TEST_ASSERT_MSG_EQ(allocator.Count()[2], 1, "one failed");
        NS_TEST_ASSERT_MSG_EQ(Balanced(allocator, 128), true, "balanced");
        allocator.Release(8);
        NS_TEST_ASSERT_MSG_EQ(allocator.GetOwner(victim), SliceAllocator::FAILED, "stays failed");
        NS_TEST_ASSERT_MSG_EQ(Balanced(allocator, 128), true, "balanced");
        // Bad shapes name the value.
        const std::string odd = allocator.CheckShape({3, 2, 1});
        NS_TEST_ASSERT_MSG_NE(odd.find("3x2x1"), std::string::npos, odd);
        const std::string big = allocator.CheckShape({8, 4, 4});
        NS_TEST_ASSERT_MSG_NE(big.find("does not fit a rack"), std::string::npos, big);
    }
};

/// The suite.
class TorusFabricTestSuite : public TestSuite
{
  public:
    TorusFabricTestSuite()
        : TestSuite("optical-torus-fabric", SUITE_UNIT)
    {
        AddTestCase(new TorusWiringTestCase, TEST_QUICK);
        AddTestCase(new TorusBadShapeTestCase, TEST_QUICK);
        AddTestCase(new ShapeTextTestCase, TEST_QUICK);
        AddTestCase(new DefaultFabricTestCase, TEST_QUICK);
        AddTestCase(new SteeringTestCase, TEST_QUICK);
        AddTestCase(new StitchTestCase, TEST_QUICK);
        AddTestCase(new FlowLevelTestCase, TEST_QUICK);
        AddTestCase(new ContiguousAllocationTestCase, TEST_QUICK);
    }
};

static TorusFabricTestSuite g_torusFabricTestSuite; //!< Static instance

} // namespace
