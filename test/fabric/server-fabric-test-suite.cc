/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Morphlux on torus datacenters: steering and stitching (SliceSteering), the allocator's ILP
// and greedy (MorphluxAllocator), tenants, failures and spares (SliceScheduler), and tenant
// bandwidth measured by the workload layer (SliceBandwidthProbe).

#include "../common/optical-test-compat.h"
#include "torus-test-helpers.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/optical-module.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
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

/// \return a scheduler on a fresh datacenter
Ptr<SliceScheduler>
MakeScheduler(const TorusGeometry& g, const std::string& policy, uint32_t spares = 0)
{
    Ptr<SliceScheduler> s = CreateObject<SliceScheduler>();
    s->SetAttribute("Policy", StringValue(policy));
    s->SetAttribute("SparesPerRack", UintegerValue(spares));
    std::string error;
    NS_ABORT_MSG_IF(!s->Setup(Fabric(g), error), error);
    return s;
}

/**
 * \brief Where every lit port of a tenant's accelerators leads.
 * \param [in] fabric The datacenter
 * \param [in] allocator Ownership
 * \param [out] lit Lit ports of the tenant's accelerators
 * \return the number of lit paths that reach an accelerator of another owner
 */
uint32_t
Leaks(Ptr<TorusFabric> fabric, const SliceAllocator& allocator, uint64_t tenant, uint32_t& lit)
{
    uint32_t leaks = 0;
    lit = 0;
    const auto me = static_cast<int64_t>(tenant);
    for (uint32_t a = 0; a < fabric->GetGeometry().GetNAccelerators(); ++a)
    {
        if (allocator.GetOwner(a) != me)
        {
            continue;
        }
        for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
        {
            TorusFabric::End end;
            if (fabric->Trace(a, p, end))
            {
                ++lit;
                leaks += allocator.GetOwner(end.accelerator) == me ? 0 : 1;
            }
        }
    }
    return leaks;
}

/// \return the bus bandwidth (units) of a slice over given links
double
Bus(const SliceLayout& layout, const std::vector<std::pair<uint32_t, uint32_t>>& links)
{
    SliceBandwidthProbe probe;
    probe.SetUnitBandwidth(100e9);
    SliceBandwidthProbe::Result r;
    std::string error;
    NS_ABORT_MSG_IF(!probe.Measure(layout, links, r, error), error);
    Simulator::Destroy();
    return r.units;
}

/// \return true if the held, free, failed and spare accelerators add up to all of them
bool
Balanced(Ptr<SliceScheduler> s)
{
    const auto c = s->Count();
    return c[0] + c[1] + c[2] + c[3] == s->GetAllocator().GetGeometry().GetNAccelerators();
}

/// A datagram's send and arrival.
struct Probe
{
    Time sent;         //!< Sent
    Time arrived;      //!< Arrived
    uint32_t count{0}; //!< Datagrams received
};

/// \brief Sends one datagram from a to b at \p at; records its trip.
static void
Send(NodeContainer nodes,
     Ptr<TorusIpRouting> routing,
     uint32_t a,
     uint32_t b,
     Time at,
     Probe* probe)
{
    // A port per probe: two probes to the same node must not share a sink.
    static uint16_t nextPort = 9000;
    const uint16_t port = nextPort++;
    Ptr<Socket> sink = Socket::CreateSocket(nodes.Get(b), UdpSocketFactory::GetTypeId());
    sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
    sink->SetRecvCallback(MakeBoundCallback(
        +[](Probe* p, Ptr<Socket> s) {
            while (s->Recv())
            {
                ++p->count;
                p->arrived = Simulator::Now();
            }
        },
        probe));
    Ptr<Socket> source = Socket::CreateSocket(nodes.Get(a), UdpSocketFactory::GetTypeId());
    const Ipv4Address to = routing->GetAcceleratorAddress(b);
    Schedule(at, [source, to, port, probe]() {
        probe->sent = Simulator::Now();
        source->SendTo(Create<Packet>(1000), 0, InetSocketAddress(to, port));
    });
}

} // namespace

/// Tenant bandwidth from the workload layer against the closed forms.
class ProbeTestCase : public TestCase
{
  public:
    ProbeTestCase()
        : TestCase("slice bandwidth: ring all-reduce bus bandwidth = link units on a pair, "
                   "2 c on a square of c-unit links; 2x2x1 box 2 units, steered 6")
    {
    }

  private:
    void DoRun() override
    {
        // Two accelerators joined by m paths: each sends S/2 twice at m units: bus = m.
        for (uint32_t m : {1u, 3u})
        {
            const SliceLayout pair{1, {2, 1, 1}, {7, 9}};
            std::vector<std::pair<uint32_t, uint32_t>> links(m, {7, 9});
            NS_TEST_ASSERT_MSG_EQ_TOL(Bus(pair, links), m, 0.01 * m, "pair of " << m);
        }
        // A 2x2 square, c paths per side: both rings run at c: bus = 2 c.
        for (uint32_t c : {1u, 3u})
        {
            const SliceLayout square{1, {2, 2, 1}, {0, 1, 2, 3}};
            std::vector<std::pair<uint32_t, uint32_t>> links;
            for (uint32_t k = 0; k < c; ++k)
            {
                links.insert(links.end(), {{0, 1}, {2, 3}, {0, 2}, {1, 3}});
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(Bus(square, links), 2.0 * c, 0.02 * c, "square " << c);
        }
        // The same square as a server of a TPU rack: plain torus, then steered by the fabric.
        const TorusGeometry g = Tpu();
        Ptr<TorusFabric> fabric = Fabric(g);
        const SliceLayout server =
            SliceLayout::FromPlacement(g, SliceAllocator::Placement{1, {2, 2, 1}, 0, {0}});
        const auto plain = SliceSteering::LinksWithin(fabric, server.accelerators);
        NS_TEST_ASSERT_MSG_EQ(plain.size(), 4, "one X and one Y link per pair");
        NS_TEST_ASSERT_MSG_EQ_TOL(Bus(server, plain), 2.0, 0.02, "box on the plain torus");
        Ptr<SliceSteering> steering = CreateObject<SliceSteering>();
        steering->SetFabric(fabric);
        SliceSteering::Plan plan;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(steering->PlanSlice(server, {}, plan, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(plan.links.size(), 12, "24 ports in 12 links");
        NS_TEST_ASSERT_MSG_EQ(plan.unusedPorts, 0, "every port used");
        steering->Apply(plan);
        Simulator::Run();
        const auto steered = SliceSteering::LinksWithin(fabric, server.accelerators);
        NS_TEST_ASSERT_MSG_EQ(steered.size(), 12, "the fabric lights the plan");
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ_TOL(Bus(server, steered), 6.0, 0.06, "all six units");
    }
};

/// Steering keeps a slice's units inside it and never reaches another tenant.
class IsolationTestCase : public TestCase
{
  public:
    IsolationTestCase()
        : TestCase("steering: every port of every slice lit inside the slice, no path to "
                   "another tenant, the ledger and the fabrics agree")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<SliceScheduler> s = MakeScheduler(g, "morphlux");
        const std::vector<std::array<uint32_t, 3>> shapes{{2, 2, 1},
                                                          {2, 2, 2},
                                                          {2, 2, 4},
                                                          {2, 2, 1}};
        for (uint32_t t = 0; t < shapes.size(); ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(s->Request(t + 1, shapes[t]), true, "placed " << t + 1);
        }
        Simulator::Run();
        for (uint32_t t = 0; t < shapes.size(); ++t)
        {
            uint32_t lit = 0;
            const uint32_t leaks = Leaks(s->GetFabric(), s->GetAllocator(), t + 1, lit);
            NS_TEST_ASSERT_MSG_EQ(leaks, 0, "tenant " << t + 1 << " reaches nobody else");
            const uint32_t size = shapes[t][0] * shapes[t][1] * shapes[t][2];
            NS_TEST_ASSERT_MSG_EQ(lit, 6 * size, "tenant " << t + 1 << ": six units each");
        }
        // The switches hold what the ledger wants.
        Ptr<SliceSteering> steering = s->GetSteering();
        for (uint32_t server = 0; server < g.GetNServers(); ++server)
        {
            Ptr<OpticalCircuitSwitch> ocs = s->GetFabric()->GetServerFabric(server)->GetSwitch();
            for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
            {
                NS_TEST_ASSERT_MSG_EQ(ocs->GetLitPeer(p),
                                      steering->GetPeer(server, p),
                                      "server " << server << " port " << p);
            }
        }
        // Releasing a tenant gives its ports and fibres back and lights the plain torus again
        // where nobody holds either end.
        NS_TEST_ASSERT_MSG_EQ(s->Release(1), true, "release");
        Simulator::Run();
        const uint32_t server0 = s->GetAllocator().GetGeometry().GetServer(0);
        NS_TEST_ASSERT_MSG_EQ(steering->IsUnclaimed(server0), true, "ports free");
        Simulator::Destroy();
    }
};

/// The contiguous policy only makes boxes; morphlux never books a fibre twice.
class PoliciesTestCase : public TestCase
{
  public:
    PoliciesTestCase()
        : TestCase("contiguous places boxes only; morphlux never books a fibre twice nor "
                   "leaks, under hours of random arrivals and departures")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        Ptr<SliceRequestGenerator> gen = CreateObject<SliceRequestGenerator>();
        gen->SetAttribute("Load", DoubleValue(1.0));
        gen->AssignStreams(7);
        std::vector<SliceRequestGenerator::Request> requests;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(gen->Generate(g.GetNAccelerators(), Hours(12), requests, error),
                              true,
                              error);
        for (const std::string policy : {"contiguous", "morphlux"})
        {
            Ptr<SliceScheduler> s = MakeScheduler(g, policy);
            uint32_t notBox = 0;
            uint32_t doubleBooked = 0;
            uint32_t unbalanced = 0;
            for (const auto& r : requests)
            {
                Schedule(r.arrival, [&, r, s]() {
                    if (s->Request(r.tenant, r.shape))
                    {
                        Schedule(r.hold, [&, r, s]() {
                            s->Release(r.tenant);
                            unbalanced += Balanced(s) ? 0 : 1;
                        });
                    }
                    unbalanced += Balanced(s) ? 0 : 1;
                    for (const auto& p : s->GetAllocator().GetPlacements())
                    {
                        // A box: slot (i, j, k) at slot 0's position + (i, j, k), with wrap.
                        const auto& sv = g.GetServerShape();
                        const std::array<uint32_t, 3> slots{p.shape[0] / sv[0],
                                                            p.shape[1] / sv[1],
                                                            p.shape[2] / sv[2]};
                        const auto o = g.GetServerCoord(p.servers[0]);
                        for (uint32_t j = 0; j < p.servers.size(); ++j)
                        {
                            const TorusGeometry::Coord want{(o.x + j % slots[0]) % 2,
                                                            (o.y + (j / slots[0]) % slots[1]) % 2,
                                                            (o.z + j / (slots[0] * slots[1])) % 4};
                            const auto at = g.GetServerCoord(p.servers[j]);
                            notBox += (at.x != want.x || at.y != want.y || at.z != want.z) ? 1 : 0;
                        }
                    }
                    // Each fibre: held by one tenant at most, and its two ends' circuits
                    // belong to that tenant (or to nobody when it is free).
                    for (const auto& [pair, fibres] : s->GetSteering()->GetServerEdges())
                    {
                        for (uint32_t f : fibres)
                        {
                            const int64_t t = s->GetSteering()->GetFibreTenant(f);
                            if (t == SliceAllocator::FREE)
                            {
                                continue;
                            }
                            for (uint32_t server : {pair.first, pair.second})
                            {
                                const uint32_t port = s->GetSteering()->GetFibrePort(server, f);
                                doubleBooked +=
                                    s->GetSteering()->GetPortTenant(server, port) == t ? 0 : 1;
                            }
                        }
                    }
                });
            }
            Simulator::Stop(Hours(12));
            Simulator::Run();
            const SliceScheduler::Stats stats = s->GetStats();
            NS_TEST_ASSERT_MSG_GT(stats.accepted, 50, policy << ": slices were placed");
            NS_TEST_ASSERT_MSG_EQ(unbalanced, 0, policy << ": the books balance");
            NS_TEST_ASSERT_MSG_EQ(doubleBooked, 0, policy << ": fibres booked once");
            if (policy == "contiguous")
            {
                NS_TEST_ASSERT_MSG_EQ(notBox, 0, "contiguous: boxes only");
                NS_TEST_ASSERT_MSG_EQ(stats.stitched, 0, "contiguous: nothing stitched");
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(stats.stitched, 0, "morphlux stitched some slices");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(stats.fragmented,
                                            stats.enoughFree,
                                            "fragmented rejections are rejections");
                // Let every fabric settle, then nobody reaches another tenant.
                Simulator::Stop(Seconds(5));
                Simulator::Run();
                uint32_t leaks = 0;
                for (const auto& p : s->GetAllocator().GetPlacements())
                {
                    uint32_t lit = 0;
                    leaks += Leaks(s->GetFabric(), s->GetAllocator(), p.tenant, lit);
                }
                NS_TEST_ASSERT_MSG_EQ(leaks, 0, "morphlux: no path between tenants");
            }
            Simulator::Destroy();
        }
    }
};

/// The ILP's placement is feasible and no worse than the greedy's.
class IlpTestCase : public TestCase
{
  public:
    IlpTestCase()
        : TestCase("Morphlux ILP: a feasible placement of a fragmented rack, no worse than the "
                   "greedy; both refuse a rack without enough servers")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        Ptr<SliceScheduler> s = MakeScheduler(g, "morphlux");
        // Sixteen one-server tenants, then every other one leaves: eight scattered servers.
        for (uint32_t t = 1; t <= 16; ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(s->Request(t, {2, 2, 1}), true, "server " << t);
        }
        std::set<uint32_t> holes;
        for (const auto& p :
             std::vector<SliceAllocator::Placement>(s->GetAllocator().GetPlacements()))
        {
            const auto c = g.GetServerCoord(p.servers[0]);
            if ((c.x + c.y + c.z) % 2 == 0)
            {
                s->Release(p.tenant);
                holes.insert(p.servers[0]);
            }
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(holes.size(), 8, "a checkerboard of free servers");
        Ptr<MorphluxAllocator> m = s->GetMorphlux();
        // Stopped by nodes, not by the clock: the same answer on any machine.
        m->SetAttribute("TimeLimit", TimeValue(Seconds(120)));
        m->SetAttribute("NodeLimit", UintegerValue(50));
        const std::array<uint32_t, 3> shape{2, 2, 4};
        const MorphluxAllocator::Solution ilp =
            m->SolveIlp(s->GetAllocator(), *s->GetSteering(), 0, shape);
        const MorphluxAllocator::Solution greedy =
            m->SolveGreedy(s->GetAllocator(), *s->GetSteering(), 0, shape);
        NS_TEST_ASSERT_MSG_EQ(ilp.ok, true, LinearProgram::StatusName(ilp.status));
        if (greedy.ok)
        {
            NS_TEST_ASSERT_MSG_LT_OR_EQ(ilp.maxLoad, greedy.maxLoad, "no worse than greedy");
        }
        // Feasible: distinct free servers, routes over adjacent servers from slot to slot,
        // no server edge carrying more than its free fibres.
        const auto edges = MorphluxAllocator::GetSlotEdges({1, 1, 4}, g.GetServerShape());
        NS_TEST_ASSERT_MSG_EQ(edges.size(), 4, "a ring of four slots");
        std::set<uint32_t> used(ilp.servers.begin(), ilp.servers.end());
        NS_TEST_ASSERT_MSG_EQ(used.size(), 4, "distinct servers");
        for (uint32_t server : ilp.servers)
        {
            NS_TEST_ASSERT_MSG_EQ(holes.count(server), 1, "a free server");
        }
        const auto& serverEdges = s->GetSteering()->GetServerEdges();
        std::map<std::pair<uint32_t, uint32_t>, double> load;
        for (uint32_t e = 0; e < edges.size(); ++e)
        {
            const auto& route = ilp.routes[e];
            NS_TEST_ASSERT_MSG_EQ(route.front(), ilp.servers[edges[e].from], "from its slot");
            NS_TEST_ASSERT_MSG_EQ(route.back(), ilp.servers[edges[e].to], "to its slot");
            for (std::size_t h = 0; h + 1 < route.size(); ++h)
            {
                const auto key = std::make_pair(std::min(route[h], route[h + 1]),
                                                std::max(route[h], route[h + 1]));
                NS_TEST_ASSERT_MSG_EQ(serverEdges.count(key), 1, "adjacent servers");
                load[key] += s->GetSteering()->GetMinBundleLinks(edges[e].width);
            }
        }
        for (const auto& [key, fibres] : load)
        {
            uint32_t open = 0;
            for (uint32_t f : serverEdges.at(key))
            {
                open += s->GetSteering()->GetFibreTenant(f) == SliceAllocator::FREE ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_LT_OR_EQ(fibres, open, "within the free fibres");
        }
        // The placement wires: the scheduler takes it (stitched: the holes are not a box).
        NS_TEST_ASSERT_MSG_EQ(s->Request(100, shape), true, "placed");
        NS_TEST_ASSERT_MSG_EQ(s->GetStats().stitched, 1, "stitched");
        Simulator::Run();
        uint32_t lit = 0;
        NS_TEST_ASSERT_MSG_EQ(Leaks(s->GetFabric(), s->GetAllocator(), 100, lit), 0, "isolated");
        NS_TEST_ASSERT_MSG_GT(lit, 0, "lit");
        // Four free servers left: an eight-server slice fits nowhere, and the state holds.
        const auto before = s->Count();
        NS_TEST_ASSERT_MSG_EQ(m->SolveIlp(s->GetAllocator(), *s->GetSteering(), 0, {2, 4, 4}).ok,
                              false,
                              "too few servers");
        NS_TEST_ASSERT_MSG_EQ(s->Request(101, {2, 4, 4}), false, "rejected");
        const bool unchanged = s->Count() == before;
        NS_TEST_ASSERT_MSG_EQ(unchanged, true, "nothing changed");
        Simulator::Destroy();
    }
};

/// Failures: a spare swap (morphlux) or a migration (contiguous).
class FailoverTestCase : public TestCase
{
  public:
    FailoverTestCase()
        : TestCase("failures: a spare swap darkens only the failed accelerator's circuits and "
                   "recovers after rewire + resync with a blast radius of 1; a migration "
                   "after migration + resync with the whole slice")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        for (const std::string policy : {"morphlux", "contiguous"})
        {
            Ptr<SliceScheduler> s = MakeScheduler(g, policy, 4);
            NS_TEST_ASSERT_MSG_EQ(s->Count()[3], 8, "4 spares per rack");
            NS_TEST_ASSERT_MSG_EQ(s->Request(1, {2, 4, 4}), true, "the job");
            NS_TEST_ASSERT_MSG_EQ(s->Request(2, {2, 2, 4}), true, "a neighbour");
            Simulator::Run();
            const SliceLayout job =
                SliceLayout::FromPlacement(g, s->GetAllocator().GetPlacements().front());
            // The failed accelerator: the first of the job next to the spare server (its
            // fibres lead to it).
            const uint32_t spareServer = g.GetServersPerRack() - 1;
            uint32_t failed = job.accelerators[0];
            for (uint32_t a : job.accelerators)
            {
                const auto& edges = s->GetSteering()->GetServerEdges();
                const uint32_t sv = g.GetServer(a);
                if (edges.count({std::min(sv, spareServer), std::max(sv, spareServer)}))
                {
                    failed = a;
                    break;
                }
            }

            struct Seen
            {
                bool done{false};
                Time downtime;
                uint32_t blast{0};
                Time rewire;
            } seen;

            s->TraceConnectWithoutContext("Recovered",
                                          MakeBoundCallback(
                                              +[](Seen* x, uint64_t, Time d, uint32_t b, Time r) {
                                                  *x = Seen{true, d, b, r};
                                              },
                                              &seen));
            // Lit ports before the failure and while the fabrics switch.
            // (of the tenants' accelerators: free and spare ones may lose their plain paths)
            auto litPorts = [s, &g, failed]() {
                std::set<std::pair<uint32_t, uint32_t>> lit;
                for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
                {
                    const int64_t owner = s->GetAllocator().GetOwner(a);
                    if (owner < 0 || owner >= SliceScheduler::SpareOwner(0))
                    {
                        continue;
                    }
                    for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
                    {
                        TorusFabric::End end;
                        if (a != failed && s->GetFabric()->Trace(a, p, end) &&
                            end.accelerator != failed)
                        {
                            lit.emplace(a, p);
                        }
                    }
                }
                return lit;
            };
            const auto before = litPorts();
            std::set<std::pair<uint32_t, uint32_t>> during;
            const Time t0 = Simulator::Now() + Seconds(1);
            Schedule(Seconds(1), [s, failed]() { s->Fail(failed); });
            Schedule(Seconds(1.5), [&during, litPorts]() { during = litPorts(); });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(seen.done, true, policy << ": recovered");
            NS_TEST_ASSERT_MSG_EQ(Balanced(s), true, policy << ": the books balance");
            NS_TEST_ASSERT_MSG_EQ(s->GetAllocator().GetOwner(failed),
                                  SliceAllocator::FAILED,
                                  "failed");
            if (policy == "morphlux")
            {
                NS_TEST_ASSERT_MSG_EQ(s->GetStats().covered, 1, "a spare covered it");
                NS_TEST_ASSERT_MSG_EQ(seen.blast, 1, "blast radius: the accelerator");
                NS_TEST_ASSERT_MSG_EQ(seen.rewire, Seconds(1.1), "rewire: the MZI delay");
                NS_TEST_ASSERT_MSG_EQ(seen.downtime, Seconds(1.1 + 4.5), "rewire + resync");
                // Paths that did not touch the failed accelerator stayed lit throughout.
                NS_TEST_ASSERT_MSG_EQ(
                    std::includes(during.begin(), during.end(), before.begin(), before.end()),
                    true,
                    "only the changed paths went dark");
                uint32_t lit = 0;
                NS_TEST_ASSERT_MSG_EQ(Leaks(s->GetFabric(), s->GetAllocator(), 1, lit),
                                      0,
                                      "the spare joined the slice, nothing else");
                NS_TEST_ASSERT_MSG_EQ(s->Count()[3], 7, "one spare used");
                s->Repair(failed);
                NS_TEST_ASSERT_MSG_EQ(s->Count()[3], 8, "the repaired one is the new spare");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(s->GetStats().migrations, 1, "the job moved");
                NS_TEST_ASSERT_MSG_EQ(seen.blast, 32, "blast radius: the slice");
                NS_TEST_ASSERT_MSG_EQ(seen.downtime, Seconds(60 + 4.5), "migration + resync");
                NS_TEST_ASSERT_MSG_EQ(s->GetAllocator().GetPlacements().back().rack,
                                      1,
                                      "to the other rack");
            }
            (void)t0;
            Simulator::Destroy();
        }
    }
};

/// Random failures keep the books; the spare pool refills on repair.
class RandomFailuresTestCase : public TestCase
{
  public:
    RandomFailuresTestCase()
        : TestCase("random failures: held + free + failed + spare = total at every event; "
                   "every failure of a held accelerator is covered, migrated or lost")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        Ptr<SliceScheduler> s = MakeScheduler(g, "morphlux", 4);
        s->AssignStreams(3);
        // Placements by the greedy alone: the ILP has its own case, and its proofs of
        // infeasibility in full racks take seconds each.
        s->GetMorphlux()->SetAttribute("UseIlp", BooleanValue(false));
        uint32_t t = 0;
        for (const std::array<uint32_t, 3> shape :
             {std::array<uint32_t, 3>{2, 4, 4}, {2, 2, 4}, {2, 2, 2}})
        {
            for (uint32_t r = 0; r < 2; ++r)
            {
                s->Request(++t, shape);
            }
        }
        uint32_t unbalanced = 0;
        uint32_t events = 0;
        auto check = [&unbalanced, &events, s](uint64_t, Time, uint32_t, Time) {
            ++events;
            unbalanced += Balanced(s) ? 0 : 1;
        };
        s->TraceConnectWithoutContext(
            "Recovered",
            MakeBoundCallback(
                +[](decltype(check)* c, uint64_t a, Time b, uint32_t d, Time e) {
                    (*c)(a, b, d, e);
                },
                &check));
        for (uint32_t h = 1; h < 24 * 60; ++h)
        {
            Schedule(Hours(h), [&unbalanced, s]() { unbalanced += Balanced(s) ? 0 : 1; });
        }
        s->StartFailures(2e-3, Hours(24), Days(60));
        Simulator::Stop(Days(60));
        Simulator::Run();
        const SliceScheduler::Stats st = s->GetStats();
        NS_TEST_ASSERT_MSG_GT(st.failures, 10, "failures happened");
        NS_TEST_ASSERT_MSG_EQ(unbalanced, 0, "balanced at every check");
        NS_TEST_ASSERT_MSG_EQ(st.failures, st.covered + st.migrations + st.lost, "every failure");
        NS_TEST_ASSERT_MSG_EQ(events, st.covered + st.migrations, "one recovery each");
        Simulator::Destroy();
    }
};

/// Requests: the offered load, deterministic draws, parse errors.
class RequestsTestCase : public TestCase
{
  public:
    RequestsTestCase()
        : TestCase("slice requests: arrival count matches the offered load; same streams, "
                   "same requests; bad shape lists and configurations are refused by name")
    {
    }

  private:
    void DoRun() override
    {
        auto draw = [](int64_t stream) {
            Ptr<SliceRequestGenerator> gen = CreateObject<SliceRequestGenerator>();
            gen->SetAttribute("Load", DoubleValue(0.5));
            gen->SetAttribute("MeanHold", TimeValue(Hours(1)));
            gen->AssignStreams(stream);
            std::vector<SliceRequestGenerator::Request> out;
            std::string error;
            NS_ABORT_MSG_IF(!gen->Generate(1024, Hours(400), out, error), error);
            return out;
        };
        const auto a = draw(1);
        // Mean size (4 + 8 + 16 + 32) / 4 = 15: rate 0.5 x 1024 / 15 per hour.
        const double expected = 0.5 * 1024 / 15 * 400;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(a.size()),
                                  expected,
                                  0.05 * expected,
                                  "Poisson count");
        const auto b = draw(1);
        NS_TEST_ASSERT_MSG_EQ(a.size(), b.size(), "deterministic");
        NS_TEST_ASSERT_MSG_EQ(a.back().arrival, b.back().arrival, "deterministic");
        std::vector<std::pair<std::array<uint32_t, 3>, double>> shapes;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(SliceRequestGenerator::ParseShapes("2x2x1:1,2x2:3", shapes, error),
                              false,
                              "bad item");
        NS_TEST_ASSERT_MSG_NE(error.find("'2x2'"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(SliceRequestGenerator::ParseShapes("2x2x1:-1", shapes, error),
                              false,
                              "bad weight");
        NS_TEST_ASSERT_MSG_NE(error.find("-1"), std::string::npos, error);
        // Weights are finite numbers in (0, 1e6]; no empty item; a bare shape weighs 1.
        for (const char* bad :
             {"2x2x1:nan", "2x2x1:inf", "2x2x1:1e7", "2x2x1:0", "2x2x1:1,", "2x2x1:2x", ""})
        {
            NS_TEST_ASSERT_MSG_EQ(SliceRequestGenerator::ParseShapes(bad, shapes, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_ASSERT_MSG_EQ(shapes.size(), 0, "cleared on failure");
        }
        NS_TEST_ASSERT_MSG_EQ(
            SliceRequestGenerator::ParseShapes("2x2x1:0.25, 2x2x2", shapes, error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(shapes.size(), 2, "two shapes");
        NS_TEST_ASSERT_MSG_EQ(shapes[0].second, 0.25, "weight 0.25");
        NS_TEST_ASSERT_MSG_EQ(shapes[1].second, 1.0, "default weight 1");
        NS_TEST_ASSERT_MSG_EQ(shapes[1].first[2], 2u, "second shape 2x2x2");
        NS_TEST_ASSERT_MSG_EQ(SliceScheduler::CheckPolicy("tetris", error), false, "policy");
        NS_TEST_ASSERT_MSG_NE(error.find("'tetris'"), std::string::npos, error);
        // More spares than a rack's servers hold, or not whole servers.
        const TorusGeometry g = Tpu();
        for (uint32_t spares : {64u, 6u})
        {
            Ptr<SliceScheduler> s = CreateObject<SliceScheduler>();
            s->SetAttribute("SparesPerRack", UintegerValue(spares));
            NS_TEST_ASSERT_MSG_EQ(s->Setup(Fabric(g), error), false, "spares " << spares);
            NS_TEST_ASSERT_MSG_NE(error.find("SparesPerRack " + std::to_string(spares)),
                                  std::string::npos,
                                  error);
        }
        SliceAllocator allocator(g);
        const std::string big = allocator.CheckShape({4, 4, 8});
        NS_TEST_ASSERT_MSG_NE(big.find("4x4x8"), std::string::npos, big);
    }
};

/// Steering doubles a prototype pair's bandwidth: the all-reduce takes half the time.
class PrototypeTestCase : public TestCase
{
  public:
    PrototypeTestCase()
        : TestCase("prototype square: steering the Y ports onto a 2x1x1 slice doubles its "
                   "links (flow level) and halves its all-reduce")
    {
    }

  private:
    void DoRun() override
    {
        double seconds[2] = {0, 0};
        double gbps[2] = {0, 0};
        for (int steer = 0; steer < 2; ++steer)
        {
            TorusGeometry g;
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {2, 2, 1}, {2, 2, 1}, error), true, error);
            Ptr<TorusFabric> fabric = Fabric(g);
            Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
            const auto vertices = fabric->Build(topology, 5e9, NanoSeconds(100));
            if (steer)
            {
                Ptr<SliceSteering> steering = CreateObject<SliceSteering>();
                steering->SetFabric(fabric);
                for (uint64_t t = 1; t <= 2; ++t)
                {
                    SliceLayout layout{t, {2, 1, 1}, {2 * uint32_t(t) - 2, 2 * uint32_t(t) - 1}};
                    SliceSteering::Plan plan;
                    NS_TEST_ASSERT_MSG_EQ(steering->PlanSlice(layout, {}, plan, error),
                                          true,
                                          error);
                    NS_TEST_ASSERT_MSG_EQ(plan.links.size(), 4, "X and Y ports: 4 links");
                    steering->Apply(plan);
                }
                Simulator::Stop(Seconds(2));
                Simulator::Run();
            }
            gbps[steer] =
                topology->GetLink(static_cast<uint32_t>(fabric->GetFlowLink(0, 0))).capacity / 1e9;
            Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
            network->SetTopology(topology);
            CollectiveHelper helper;
            Ptr<FlowCollectiveTransport> transport =
                helper.InstallFlow(network, {vertices[0], vertices[1]}, 1);
            CollectiveSpec spec;
            spec.kind = CollectiveKind::ALLREDUCE;
            spec.algorithm = CollectiveAlgorithm::RING;
            spec.nRanks = 2;
            spec.bytes = 1u << 30;
            Ptr<Collective> c = helper.Create(transport, spec);
            const Time start = Simulator::Now();
            Time end;
            c->Start([&end](const CollectiveRecord&) { end = Simulator::Now(); });
            Simulator::Stop(Seconds(100));
            Simulator::Run();
            seconds[steer] = (end - start).GetSeconds();
            c->Dispose();
            Simulator::Destroy();
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(gbps[0], 10, 1e-9, "plain: the + and - X links");
        NS_TEST_ASSERT_MSG_EQ_TOL(gbps[1], 20, 1e-9, "steered: X and Y ports");
        // 2 ranks: each sends S in all at the pair's rate.
        NS_TEST_ASSERT_MSG_EQ_TOL(seconds[0], (1u << 30) * 8.0 / 10e9, 0.01 * seconds[0], "S/B");
        NS_TEST_ASSERT_MSG_EQ_TOL(seconds[0] / seconds[1], 2.0, 0.01, "half the time");
    }
};

/// Packet level: light through fabrics and fibres between switches, IP forwarding, stitching.
class PacketLevelTestCase : public TestCase
{
  public:
    PacketLevelTestCase()
        : TestCase("packet level: a +Z neighbour one fibre and two fabrics away, a stitched "
                   "path through a third fabric adds exactly one fibre and one switch latency; "
                   "every datagram arrives")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu();
        const Time latency = NanoSeconds(100);
        TorusDatacenterHelper dc;
        dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(Seconds(1.1)));
        dc.SetFabricAttribute("Latency", TimeValue(latency));
        dc.SetDeviceAttribute("DataRate", DataRateValue(DataRate("100Gbps")));
        Ptr<TorusFabric> fabric = dc.Create(g);
        NodeContainer nodes = dc.Install(fabric);
        Ptr<TorusIpRouting> routing = fabric->GetObject<TorusIpRouting>();
        NS_TEST_ASSERT_MSG_EQ(nodes.GetN(), 64, "a node per accelerator");
        // Accelerator 0 (z 0) and its +Z neighbour 16 (z 1): a direct path through the two
        // servers' fabrics. Accelerator 32 (z 2): two hops of IP forwarding on the plain torus.
        Probe direct;
        Probe twoHops;
        Send(nodes, routing, 0, 16, Seconds(0.1), &direct);
        Send(nodes, routing, 0, 32, Seconds(0.2), &twoHops);
        // Then stitch a slice of servers 0 (z 0) and 8 (z 2) through server 4 (z 1): the
        // +Z links of server 0 now reach z 2 directly, through three fabrics.
        Ptr<SliceSteering> steering = CreateObject<SliceSteering>();
        steering->SetFabric(fabric);
        const SliceLayout layout =
            SliceLayout::FromPlacement(g, SliceAllocator::Placement{1, {2, 2, 2}, 0, {0, 8}});
        SliceSteering::Plan plan;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(steering->PlanSlice(layout, {{{0, 8, 2}, {0, 4, 8}}}, plan, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(plan.stitched, 1, "one bundle through server 4");
        Schedule(Seconds(0.5), [steering, plan]() { steering->Apply(plan); });
        Probe stitched;
        Send(nodes, routing, 0, 32, Seconds(2), &stitched);
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(direct.count + twoHops.count + stitched.count, 3, "all arrive");
        const Time fibre = DynamicCast<OcsNetDevice>(nodes.Get(0)->GetDevice(1))
                               ->GetChannel()
                               ->GetObject<OcsChannel>()
                               ->GetDelay();
        const Time d1 = direct.arrived - direct.sent;
        const Time d3 = stitched.arrived - stitched.sent;
        // Direct: serialisation + 3 fibres + 2 switch latencies; stitched: 4 fibres and 3.
        NS_TEST_ASSERT_MSG_EQ(d3 - d1, fibre + latency, "one more fibre and fabric");
        // Two hops: the packet is received, forwarded and serialised again at accelerator 16.
        NS_TEST_ASSERT_MSG_GT(twoHops.arrived - twoHops.sent, 2 * d1 - NanoSeconds(1), "2 hops");
        NS_TEST_ASSERT_MSG_GT(routing->GetNUpdates(), 1, "routes followed the fabrics");
        Simulator::Destroy();
    }
};

/// Racks joined through inter-rack OCSes (TPUv4): the plain torus by default, one torus of two
/// racks after a reconfiguration, at flow level and at packet level.
class InterRackTestCase : public TestCase
{
  public:
    InterRackTestCase()
        : TestCase("inter-rack OCSes: wrap-arounds by default; joining two racks in Z, the last "
                   "layer of rack 0 reaches the first of rack 1 (flow and packet level, one "
                   "more fibre and switch than a neighbour)")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        const Time latency = NanoSeconds(100);
        TorusDatacenterHelper dc;
        dc.SetInterRack(true);
        dc.SetFabricAttribute("Latency", TimeValue(latency));
        dc.SetInterRackAttribute("Latency", TimeValue(latency));
        dc.SetInterRackAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(1)));
        dc.SetDeviceAttribute("DataRate", DataRateValue(DataRate("100Gbps")));
        Ptr<TorusFabric> fabric = dc.Create(g);
        NS_TEST_ASSERT_MSG_EQ(fabric->HasInterRack(), true, "switches");
        // Default: exactly the torus links (a path's two ends are a link's two ends).
        const auto paths = fabric->GetPaths();
        NS_TEST_ASSERT_MSG_EQ(paths.size(), g.GetLinks().size(), "one path per link");
        uint32_t torus = 0;
        for (const auto& path : paths)
        {
            torus += g.GetLink(path.a.accelerator, path.a.port) ==
                             g.GetLink(path.b.accelerator, path.b.port)
                         ? 1
                         : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(torus, paths.size(), "the plain torus");
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const auto vertices = fabric->Build(topology, 100e9, NanoSeconds(50));
        NodeContainer nodes = dc.Install(fabric);
        // Join the racks in Z: rack 0's + end to rack 1's - end and back, at every position.
        for (uint32_t pos = 0; pos < 16; ++pos)
        {
            OcsConfiguration joined;
            joined.Connect(0, 3).Connect(2, 1);
            fabric->GetInterRackSwitch(2, pos)->Reconfigure(joined);
        }
        const uint32_t last0 = g.GetAccelerator(0, {1, 2, 3});  // rack 0, z 3
        const uint32_t first1 = g.GetAccelerator(1, {1, 2, 0}); // rack 1, z 0
        Ptr<TorusIpRouting> routing = fabric->GetObject<TorusIpRouting>();
        Probe across;
        Probe neighbour;
        Send(nodes, routing, last0, first1, MilliSeconds(10), &across);
        Send(nodes, routing, g.GetAccelerator(0, {1, 2, 2}), last0, MilliSeconds(11), &neighbour);
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        TorusFabric::End end;
        NS_TEST_ASSERT_MSG_EQ(fabric->Trace(last0, 4, end), true, "+Z lit");
        NS_TEST_ASSERT_MSG_EQ(end.accelerator, first1, "into rack 1");
        NS_TEST_ASSERT_MSG_EQ(end.port, 5, "at its -Z port");
        const int64_t link = fabric->GetFlowLink(last0, 4);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(link, 0, "a flow-level link");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(static_cast<uint32_t>(link)).to,
                              vertices[first1],
                              "to rack 1");
        NS_TEST_ASSERT_MSG_EQ(across.count + neighbour.count, 2, "the datagrams arrived");
        const Time fibre = DynamicCast<OcsNetDevice>(nodes.Get(0)->GetDevice(1))
                               ->GetChannel()
                               ->GetObject<OcsChannel>()
                               ->GetDelay();
        // A neighbour in the rack: 3 fibres and 2 switches; through the inter-rack switch: 4
        // and 3 (the switch between the two servers' fabrics).
        NS_TEST_ASSERT_MSG_EQ((across.arrived - across.sent) - (neighbour.arrived - neighbour.sent),
                              fibre + latency,
                              "one more fibre and switch");
        Simulator::Destroy();
    }
};

/// A scripted arrival list on two TPU racks: the accounting at every event, the occupancy
/// against the script, and the utilisation and rejection integrals computed by hand.
class TenantDriverTestCase : public TestCase
{
  public:
    TenantDriverTestCase()
        : TestCase("tenant driver: on a scripted list (2 racks of 128 accelerators), every "
                   "event accounts for all accelerators, the occupancy follows the script, "
                   "utilisation 800 of 2560 accelerator-seconds, rejection 1 of 4")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        // tenant, arrival, hold, shape: a full rack, two half racks, and a full rack that
        // finds none (rack 0 full, rack 1 half full) in between.
        const std::vector<SliceRequestGenerator::Request> script{
            {1, Seconds(1), Seconds(10), {4, 4, 4}},
            {2, Seconds(2), Seconds(4), {4, 4, 2}},
            {3, Seconds(3), Seconds(5), {4, 4, 4}},
            {4, Seconds(4), Seconds(1), {4, 4, 2}},
        };
        // The script by hand: (time, accelerators held, rejected so far) at every event.
        const std::vector<std::tuple<double, uint32_t, uint64_t>> expected{{1, 64, 0},
                                                                           {2, 96, 0},
                                                                           {3, 96, 1},
                                                                           {4, 128, 1},
                                                                           {5, 96, 1},
                                                                           {6, 64, 1},
                                                                           {11, 0, 1}};
        for (const std::string policy : {"contiguous", "morphlux"})
        {
            Ptr<TorusFabric> fabric = Fabric(g);
            SliceSchedulerHelper tenants;
            tenants.SetSchedulerAttribute("Policy", StringValue(policy));
            tenants.SetMorphluxAttribute("UseIlp", BooleanValue(false));
            std::string error;
            Ptr<SliceScheduler> scheduler = tenants.Install(fabric, error);
            NS_TEST_ASSERT_MSG_EQ(bool(scheduler), true, error);
            TenantDriver driver(fabric, scheduler, Seconds(1.1), 1);
            driver.Schedule(script);
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            const TenantDriver::Outcome out = driver.Collect();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(out.events, expected.size(), policy + ": 4 arrivals, 3 exits");
            NS_TEST_ASSERT_MSG_EQ(out.accounted, out.events, policy + ": accounting holds");
            NS_TEST_ASSERT_MSG_EQ(out.timeline.size(), expected.size(), policy);
            for (uint32_t i = 0; i < expected.size() && i < out.timeline.size(); ++i)
            {
                const auto& [t, held, rejected] = expected[i];
                const TenantDriver::Occupancy& e = out.timeline[i];
                NS_TEST_ASSERT_MSG_EQ_TOL(e.timeS, t, 1e-9, policy + ": event time");
                NS_TEST_ASSERT_MSG_EQ(e.held, held, policy + ": held at " + std::to_string(t));
                NS_TEST_ASSERT_MSG_EQ(e.held + e.free, 128u, policy + ": held + free = total");
                NS_TEST_ASSERT_MSG_EQ(e.rejected, rejected, policy + ": rejected so far");
            }
            // 64 x 10 + 32 x 4 + 32 x 1 of 128 x 20 accelerator-seconds.
            NS_TEST_ASSERT_MSG_EQ_TOL(out.stats.heldSeconds, 800, 1e-6, policy);
            NS_TEST_ASSERT_MSG_EQ_TOL(out.stats.offeredSeconds, 2560, 1e-6, policy);
            NS_TEST_ASSERT_MSG_EQ_TOL(out.stats.GetUtilizationPct(), 31.25, 1e-9, policy);
            NS_TEST_ASSERT_MSG_EQ_TOL(out.stats.GetRejectionPct(), 25, 1e-9, policy);
            NS_TEST_ASSERT_MSG_EQ(out.stats.fragmented, 0, policy + ": no rack had 16 servers");
            // One sample per shape and method: tenants 1 and 2 (4 is a second 4x4x2).
            NS_TEST_ASSERT_MSG_EQ(out.samples.size(), 2, policy + ": samples");
            if (out.samples.size() == 2)
            {
                NS_TEST_ASSERT_MSG_EQ(out.samples[0].layout.tenant, 1, policy);
                NS_TEST_ASSERT_MSG_EQ(out.samples[1].layout.tenant, 2, policy);
                NS_TEST_ASSERT_MSG_EQ(out.samples[1].layout.accelerators.size(), 32, policy);
                NS_TEST_ASSERT_MSG_EQ(out.samples[0].links.empty(), false, policy + ": lit");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(TenantDriver::Accounts({1, 2, 3, 4}, 10), true, "adds up");
        NS_TEST_ASSERT_MSG_EQ(TenantDriver::Accounts({1, 2, 3, 4}, 11), false, "one missing");
        NS_TEST_ASSERT_MSG_EQ(TenantDriver::ShapeName({2, 4, 1}), "2x4x1", "shape name");
    }
};

/// The request plan's closed forms and refusals, and the scheduler's percentages.
class RequestPlanTestCase : public TestCase
{
  public:
    RequestPlanTestCase()
        : TestCase("request plan: expected requests load x N x T over mean size x hold; a "
                   "shape that does not fit or too many requests refused; percentages of the "
                   "scheduler's counters; the Policy enum")
    {
    }

  private:
    void DoRun() override
    {
        // Mean size (4 x 1 + 32 x 3) / 4 = 25: 0.5 x 128 x 1000 / (25 x 10) = 256.
        NS_TEST_ASSERT_MSG_EQ_TOL(
            SliceRequestGenerator::ExpectedRequests({{{2, 2, 1}, 1}, {{4, 4, 2}, 3}},
                                                    0.5,
                                                    128,
                                                    Seconds(1000),
                                                    Seconds(10)),
            256,
            1e-9,
            "expected requests");
        const TorusGeometry g = Tpu(2);
        Ptr<SliceRequestGenerator> gen = CreateObject<SliceRequestGenerator>();
        gen->SetAttribute("Load", DoubleValue(0.5));
        gen->SetAttribute("MeanHold", TimeValue(Seconds(10)));
        gen->SetAttribute("Shapes", StringValue("2x2x1:1,4x4x2:3"));
        std::string culprit;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(gen->CheckPlan(g, Seconds(1000), 256, culprit, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(gen->CheckPlan(g, Seconds(1000), 255, culprit, error), false, "");
        NS_TEST_ASSERT_MSG_EQ(culprit, "duration", "too many requests");
        gen->SetAttribute("Shapes", StringValue("3x2x1"));
        NS_TEST_ASSERT_MSG_EQ(gen->CheckPlan(g, Seconds(1), 1e6, culprit, error), false, "");
        NS_TEST_ASSERT_MSG_EQ(culprit, "shapes", "3 is not whole servers of 2");
        gen->SetAttribute("Shapes", StringValue("2x2"));
        NS_TEST_ASSERT_MSG_EQ(gen->CheckPlan(g, Seconds(1), 1e6, culprit, error), false, "");
        NS_TEST_ASSERT_MSG_EQ(culprit, "shapes", "does not parse");

        SliceScheduler::Stats st;
        st.requests = 8;
        st.rejected = 2;
        st.enoughFree = 4;
        st.fragmented = 1;
        st.bySize[32] = {3, 3};
        st.heldSeconds = 30;
        st.offeredSeconds = 120;
        NS_TEST_ASSERT_MSG_EQ_TOL(st.GetRejectionPct(), 25, 1e-12, "rejection");
        NS_TEST_ASSERT_MSG_EQ_TOL(st.GetFragmentationPct(), 25, 1e-12, "fragmentation");
        NS_TEST_ASSERT_MSG_EQ_TOL(st.GetFragmentationPct(32), 100, 1e-12, "of size 32");
        NS_TEST_ASSERT_MSG_EQ_TOL(st.GetFragmentationPct(4), 0, 1e-12, "no size 4");
        NS_TEST_ASSERT_MSG_EQ_TOL(st.GetUtilizationPct(), 25, 1e-12, "utilisation");
        NS_TEST_ASSERT_MSG_EQ_TOL(SliceScheduler::Stats::Pct(1, 0), 0, 1e-12, "of nothing");
        // The Policy attribute is an enum: by value or by name, and nothing else.
        Ptr<SliceScheduler> sch = CreateObject<SliceScheduler>();
        StringValue policy; // read as text: EnumValue is a template from ns-3.41 on
        sch->GetAttribute("Policy", policy);
        NS_TEST_ASSERT_MSG_EQ(policy.Get(), "morphlux", "default morphlux");
        sch->SetAttribute("Policy", EnumValue(SliceScheduler::CONTIGUOUS));
        sch->GetAttribute("Policy", policy);
        NS_TEST_ASSERT_MSG_EQ(policy.Get(), "contiguous", "by value");
        sch->SetAttribute("Policy", StringValue("morphlux"));
        sch->GetAttribute("Policy", policy);
        NS_TEST_ASSERT_MSG_EQ(policy.Get(), "morphlux", "by name");
        // Nothing else: the checker holds exactly the two policies. (An unknown name is not
        // tried: ns-3.37's debug builds abort on it inside EnumChecker instead of refusing.)
        TypeId::AttributeInformation info;
        NS_TEST_ASSERT_MSG_EQ(SliceScheduler::GetTypeId().LookupAttributeByName("Policy", &info),
                              true,
                              "the Policy attribute");
        NS_TEST_ASSERT_MSG_EQ(optical::EnumNameList(info.checker),
                              "contiguous, morphlux",
                              "only the two policies");
        // The documented names in any case (optical::MakeAnyCaseEnumChecker).
        sch->SetAttribute("Policy", StringValue("Morphlux"));
        sch->GetAttribute("Policy", policy);
        NS_TEST_ASSERT_MSG_EQ(policy.Get(), "morphlux", "any case, read back as documented");
        NS_TEST_ASSERT_MSG_EQ(SliceScheduler::CheckSpares(g, 4).empty(), true, "one server");
        NS_TEST_ASSERT_MSG_EQ(SliceScheduler::CheckSpares(g, 2).empty(), false, "half a server");
        NS_TEST_ASSERT_MSG_EQ(SliceScheduler::CheckSpares(g, 64).empty(), false, "whole rack");
        NS_TEST_ASSERT_MSG_EQ(SliceAllocator(g).CheckShapes({{2, 2, 1}, {4, 4, 4}}), "", "fit");
        NS_TEST_ASSERT_MSG_EQ(SliceAllocator(g).CheckShapes({{2, 2, 1}, {8, 4, 4}}).empty(),
                              false,
                              "larger than a rack");
    }
};

/// Bandwidth comparison: a box against itself, and the means.
class BandwidthComparisonTestCase : public TestCase
{
  public:
    BandwidthComparisonTestCase()
        : TestCase("bandwidth comparison: a slice placed as the box itself has ratio 1 and "
                   "gain 0, for two shapes and in their means; half the paths run no ring; "
                   "injection is 6 ports")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(1);
        SliceBandwidthComparison cmp(g, SliceBandwidthProbe());
        NS_TEST_ASSERT_MSG_EQ_TOL(cmp.GetInjectionUnits(), 6, 1e-12, "six ports");
        NS_TEST_ASSERT_MSG_EQ_TOL(cmp.GetMeanRatio(), 1, 1e-12, "none: 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(cmp.GetMeanGainPct(), 0, 1e-12, "none: 0");
        SliceAllocator allocator(g);
        SliceAllocator::Placement placement;
        NS_TEST_ASSERT_MSG_EQ(allocator.AllocateContiguous(7, {4, 4, 1}, placement), true, "");
        TenantDriver::Sample box;
        box.layout = SliceLayout::FromPlacement(g, placement);
        box.links = SliceSteering::LinksWithin(Fabric(g), box.layout.accelerators);
        box.method = "contiguous";
        Simulator::Destroy();
        SliceBandwidthComparison::Row row;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(cmp.Compare(box, row, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(row.tenant, 7, "tenant");
        NS_TEST_ASSERT_MSG_EQ(row.shape, "4x4x1", "shape");
        NS_TEST_ASSERT_MSG_EQ(row.accelerators, 16, "size");
        NS_TEST_ASSERT_MSG_GT(row.boxUnits, 0, "measured");
        NS_TEST_ASSERT_MSG_EQ_TOL(row.busUnits, row.boxUnits, 1e-9, "the box itself");
        NS_TEST_ASSERT_MSG_EQ_TOL(row.gainPct, 0, 1e-9, "no gain");
        cmp.Add(row);
        // Every other path: no ring runs on what is left.
        TenantDriver::Sample half = box;
        half.links.clear();
        for (uint32_t i = 0; i < box.links.size(); i += 2)
        {
            half.links.push_back(box.links[i]);
        }
        SliceBandwidthComparison::Row less;
        error.clear();
        NS_TEST_ASSERT_MSG_EQ(cmp.Compare(half, less, error), false, "half the paths");
        NS_TEST_ASSERT_MSG_EQ(error.empty(), false, "says why");
        // A second shape, at its own box: the means stay 1 and 0, per shape too.
        SliceAllocator other(g);
        NS_TEST_ASSERT_MSG_EQ(other.AllocateContiguous(8, {2, 2, 1}, placement), true, "");
        TenantDriver::Sample small;
        small.layout = SliceLayout::FromPlacement(g, placement);
        small.links = SliceSteering::LinksWithin(Fabric(g), small.layout.accelerators);
        Simulator::Destroy();
        SliceBandwidthComparison::Row smallRow;
        NS_TEST_ASSERT_MSG_EQ(cmp.Compare(small, smallRow, error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(smallRow.boxUnits, 2, 1e-6, "a 2x2x1 box: 2 units (probe)");
        cmp.Add(smallRow);
        NS_TEST_ASSERT_MSG_EQ(cmp.GetN(), 2, "two slices");
        NS_TEST_ASSERT_MSG_EQ_TOL(cmp.GetMeanRatio(), 1, 1e-9, "mean ratio");
        NS_TEST_ASSERT_MSG_EQ_TOL(cmp.GetMeanGainPct(), 0, 1e-9, "mean gain");
        const auto perShape = cmp.GetPerShape();
        NS_TEST_ASSERT_MSG_EQ(perShape.size(), 2, "two shapes");
        NS_TEST_ASSERT_MSG_EQ_TOL(perShape.at("2x2x1").busUnits,
                                  smallRow.busUnits,
                                  1e-9,
                                  "per shape");
        NS_TEST_ASSERT_MSG_EQ_TOL(perShape.at("4x4x1").ratio, 1, 1e-9, "per shape");
        TenantDriver::Sample tooBig = box;
        tooBig.layout.shape = {8, 4, 4};
        NS_TEST_ASSERT_MSG_EQ(cmp.Compare(tooBig, row, error), false, "no box fits a rack");
    }
};

/// Recovery records: a spare swap and a migration, their phases, the coverage.
class RecoveryRecorderTestCase : public TestCase
{
  public:
    RecoveryRecorderTestCase()
        : TestCase("recovery recorder: a spare swap back after rewire + 4.5 s with blast 1, "
                   "phases rewire then resync; a migration back after 60 + 4.5 s with the "
                   "slice, phases migration then resync; coverage covered over failures")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = Tpu(2);
        for (const std::string policy : {"morphlux", "contiguous"})
        {
            SliceSchedulerHelper tenants;
            tenants.SetSchedulerAttribute("Policy", StringValue(policy));
            tenants.SetSchedulerAttribute("SparesPerRack", UintegerValue(4));
            std::string error;
            Ptr<SliceScheduler> s = tenants.Install(Fabric(g), error);
            NS_TEST_ASSERT_MSG_EQ(bool(s), true, error);
            // Rack 0: the job and a neighbour (15 servers usable); rack 1 the same.
            NS_TEST_ASSERT_MSG_EQ(RecoveryRecorder::Fill(s, 1, {{2, 4, 4}, {2, 2, 4}, {4, 4, 4}}),
                                  2,
                                  policy + ": a full rack does not fit beside the spares");
            const std::vector<std::array<uint32_t, 3>> asked{{2, 4, 4}, {2, 2, 4}, {4, 4, 4}};
            NS_TEST_EXPECT_MSG_EQ(RecoveryRecorder::CheckFilled(2, 1, asked, 64, 4),
                                  "places 2 of the 3 slices asked (3 in each of 1 racks): the "
                                  "slices of one rack ask for 112 accelerators, a rack has 64 "
                                  "of which 4 are spares (ask for fewer or smaller slices)",
                                  "the refusal counts 32 + 16 + 64 accelerators");
            NS_TEST_EXPECT_MSG_EQ(RecoveryRecorder::CheckFilled(3, 1, asked, 64, 4), "", "all");
            Simulator::Run();
            RecoveryRecorder recorder;
            recorder.Attach(s);
            const SliceLayout job =
                SliceLayout::FromPlacement(g, s->GetAllocator().GetPlacements().front());
            const uint32_t failed = RecoveryRecorder::MiddleAccelerator(job);
            NS_TEST_ASSERT_MSG_EQ(failed, job.accelerators[16], "the middle of 32");
            Simulator::Schedule(Seconds(10), &SliceScheduler::Fail, s, failed);
            Simulator::Stop(Seconds(200));
            Simulator::Run();
            const RecoveryRecorder::Recovery rec = recorder.GetLast();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(rec.done, true, policy + ": recovered");
            NS_TEST_ASSERT_MSG_EQ(recorder.GetN(), 1, policy + ": once");
            const auto phases = RecoveryRecorder::Phases(rec, Seconds(10), Seconds(60));
            NS_TEST_ASSERT_MSG_EQ(phases.size(), 2, "two phases");
            NS_TEST_ASSERT_MSG_EQ(phases[1].name, "resync", "then the re-sync");
            NS_TEST_ASSERT_MSG_EQ_TOL(phases[1].endS,
                                      10 + rec.downtime.GetSeconds(),
                                      1e-9,
                                      "back after the downtime");
            NS_TEST_ASSERT_MSG_EQ_TOL(phases[1].endS - phases[1].startS, 4.5, 1e-9, "re-sync");
            if (policy == "morphlux")
            {
                NS_TEST_ASSERT_MSG_EQ(rec.blast, 1, "the failed accelerator only");
                NS_TEST_ASSERT_MSG_GT_OR_EQ(rec.rewire, Seconds(1.1), "the fabrics switch");
                NS_TEST_ASSERT_MSG_EQ(rec.downtime, rec.rewire + Seconds(4.5), "rewire + sync");
                NS_TEST_ASSERT_MSG_EQ(phases[0].name, "rewire", "rewire first");
                NS_TEST_ASSERT_MSG_EQ_TOL(phases[0].endS,
                                          10 + rec.rewire.GetSeconds(),
                                          1e-9,
                                          "rewire phase");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(rec.blast, 32, "the whole slice");
                NS_TEST_ASSERT_MSG_EQ(rec.rewire, Seconds(0), "no rewire");
                NS_TEST_ASSERT_MSG_EQ(rec.downtime, Seconds(64.5), "migration + sync");
                NS_TEST_ASSERT_MSG_EQ(phases[0].name, "migration", "migration first");
                NS_TEST_ASSERT_MSG_EQ_TOL(phases[0].endS, 70, 1e-9, "60 s of migration");
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(recorder.GetMeanDowntimeS(),
                                      rec.downtime.GetSeconds(),
                                      1e-9,
                                      "mean of one");
            NS_TEST_ASSERT_MSG_EQ_TOL(recorder.GetMeanBlast(), rec.blast, 1e-9, "mean of one");
        }
        SliceScheduler::Stats st;
        st.failures = 4;
        st.covered = 3;
        NS_TEST_ASSERT_MSG_EQ_TOL(RecoveryRecorder::Coverage(st, true), 75, 1e-12, "3 of 4");
        st.failures = 0;
        st.covered = 0;
        NS_TEST_ASSERT_MSG_EQ_TOL(RecoveryRecorder::Coverage(st, true), 100, 1e-12, "spares");
        NS_TEST_ASSERT_MSG_EQ_TOL(RecoveryRecorder::Coverage(st, false), 0, 1e-12, "none");
        RecoveryRecorder empty;
        NS_TEST_ASSERT_MSG_EQ(empty.GetLast().done, false, "nothing recorded");
        NS_TEST_ASSERT_MSG_EQ_TOL(empty.GetMeanDowntimeS(), 0, 1e-12, "no mean");
    }
};

/// The suite.
class ServerFabricTestSuite : public TestSuite
{
  public:
    ServerFabricTestSuite()
        : TestSuite("optical-server-fabric", SUITE_UNIT)
    {
        AddTestCase(new ProbeTestCase, TEST_QUICK);
        AddTestCase(new IsolationTestCase, TEST_QUICK);
        AddTestCase(new PoliciesTestCase, TEST_QUICK);
        AddTestCase(new IlpTestCase, TEST_QUICK);
        AddTestCase(new FailoverTestCase, TEST_QUICK);
        AddTestCase(new RandomFailuresTestCase, TEST_QUICK);
        AddTestCase(new RequestsTestCase, TEST_QUICK);
        AddTestCase(new PrototypeTestCase, TEST_QUICK);
        AddTestCase(new PacketLevelTestCase, TEST_QUICK);
        AddTestCase(new InterRackTestCase, TEST_QUICK);
        AddTestCase(new TenantDriverTestCase, TEST_QUICK);
        AddTestCase(new RequestPlanTestCase, TEST_QUICK);
        AddTestCase(new BandwidthComparisonTestCase, TEST_QUICK);
        AddTestCase(new RecoveryRecorderTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static ServerFabricTestSuite g_serverFabricTestSuite;

} // namespace
