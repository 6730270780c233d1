/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Fluid time-slotted network (RdcnFluidNetwork, under FlowCollectiveTransport): exact completion
 * times of single flows on an idle network, closed-form throughputs of round robin under
 * permutation, uniform and skewed demand (direct, VLB with either set of intermediates,
 * RotorLB: every byte carried at 0.95 of the closed form, no more than it at 1.1), exact
 * conservation under overload with small queues (RotorLB included), Opera's split of
 * low-latency from bulk flows (exact priority, identity below the threshold, conservation),
 * 1,024 ToRs, bad input, and a ring all-reduce over the transport.
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <memory>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// Slot and guard of the tests: the schedule's defaults written out, so the closed forms
/// below do not depend on them.
const Time SLOT = MicroSeconds(50);
const Time GUARD = MicroSeconds(2);

/// A round-robin network.
struct Net
{
    Ptr<RdcnSchedule> schedule;
    Ptr<RdcnRouter> router;
    Ptr<RdcnFluidNetwork> net;
};

/**
 * Builds a round-robin schedule of \p tors ToRs and \p uplinks uplinks, a router and a fluid
 * network over it.
 */
Net
MakeNet(uint32_t tors,
        uint32_t uplinks,
        uint32_t hostsPerTor,
        RdcnRouter::Scheme scheme,
        const std::string& hostRate = "10Gbps",
        const std::string& uplinkRate = "10Gbps",
        const std::string& queueLimit = "250000B")
{
    Net n;
    n.schedule = CreateObject<RdcnSchedule>();
    n.schedule->SetSlot(SLOT);
    n.schedule->SetGuard(GUARD);
    std::string error;
    const auto matchings = RdcnScheduleGenerator::RoundRobin(tors, uplinks, error);
    NS_ABORT_MSG_IF(matchings.empty(), error);
    NS_ABORT_MSG_IF(!n.schedule->SetMatchings(tors, matchings, error), error);
    n.router = CreateObject<RdcnRouter>();
    n.router->SetSchedule(n.schedule);
    n.router->SetScheme(scheme);
    n.router->AssignStreams(7);
    n.net = CreateObject<RdcnFluidNetwork>();
    n.net->SetAttribute("HostsPerTor", UintegerValue(hostsPerTor));
    n.net->SetAttribute("HostRate", DataRateValue(DataRate(hostRate)));
    n.net->SetAttribute("UplinkRate", DataRateValue(DataRate(uplinkRate)));
    n.net->SetAttribute("QueueLimit", QueueSizeValue(QueueSize(queueLimit)));
    n.net->SetSchedule(n.schedule);
    n.net->SetRouter(n.router);
    return n;
}

/// The one flow-level transport over the fluid network: rank h is host h, messages carry
/// their payload only (no frame header), so the closed forms below count payload bytes.
Ptr<FlowCollectiveTransport>
FluidTransport(const Net& n)
{
    CollectiveHelper helper;
    helper.SetFlowTransportAttribute("MessageHeaderBytes", UintegerValue(0));
    std::vector<uint32_t> hosts(n.net->GetNHosts());
    for (uint32_t h = 0; h < hosts.size(); ++h)
    {
        hosts[h] = h;
    }
    return helper.InstallFlow(n.net, hosts);
}

/// Seconds to send \p bytes at \p bps.
double
Tx(double bytes, double bps)
{
    return bytes * 8 / bps;
}

/// A time in seconds, to the nearest nanosecond.
Time
Ns(double seconds)
{
    return NanoSeconds(std::llround(seconds * 1e9));
}

/// One flow on an idle network: its completion time, exact to the nanosecond.
class SingleFlowTestCase : public TestCase
{
  public:
    SingleFlowTestCase()
        : TestCase("single flows on an idle network complete at the closed-form time")
    {
    }

  private:
    /// Runs one flow and returns its completion time (-1 if it did not complete).
    Time RunOne(uint32_t hostsPerTor,
                const std::string& hostRate,
                uint32_t src,
                uint32_t dst,
                double bytes,
                Time start)
    {
        Net n = MakeNet(4, 1, hostsPerTor, RdcnRouter::DIRECT, hostRate);
        Time end = Seconds(-1);
        // The one FlowCompleted of every flow engine: (src, dst, bytes, start, end).
        std::vector<std::pair<Time, Time>> traced;
        std::function<void(uint32_t, uint32_t, double, Time, Time)> sink =
            [&traced](uint32_t, uint32_t, double, Time s, Time e) { traced.emplace_back(s, e); };
        n.net->TraceConnectWithoutContext("FlowCompleted",
                                          MakeCallback(&decltype(sink)::operator(), &sink));
        Simulator::Schedule(start, [&]() {
            std::string error;
            const int64_t id = n.net->StartFlow(
                src,
                dst,
                bytes,
                [&]() { end = Simulator::Now(); },
                &error);
            NS_TEST_EXPECT_MSG_GT(id, -1, error);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesDelivered(), bytes, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(traced.size(), (end.IsNegative() ? 0u : 1u), "traced once");
        if (!traced.empty())
        {
            NS_TEST_EXPECT_MSG_EQ(traced.front().second, end, "traced end");
            NS_TEST_EXPECT_MSG_EQ(traced.front().first, start, "traced start");
        }
        Simulator::Destroy();
        return end;
    }

    void DoRun() override
    {
        const double rate = 10e9;
        const double slot = SLOT.GetSeconds();
        const double guard = GUARD.GetSeconds();
        const double d = 500e-9; // fibre and host link delays (the defaults)
        // Round robin, 4 ToRs, 1 uplink: slice s connects i -> i + s + 1.
        // (a) 0 -> ToR 2 at t = 0: waits for slot 1, after its guard band; 10000 B fit.
        Time t = RunOne(1, "10Gbps", 0, 2, 10000, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(t, Ns(slot + guard + Tx(10000, rate) + d + d), "wait + tx");
        NS_TEST_EXPECT_MSG_EQ(t, NanoSeconds(61000), "61 us by hand");
        // (b) 0 -> ToR 1 at t = 10 us: slot 0's circuit is up; the idle NIC injects at once.
        t = RunOne(1, "10Gbps", 0, 1, 10000, MicroSeconds(10));
        NS_TEST_EXPECT_MSG_EQ(t - MicroSeconds(10), NanoSeconds(9500), "d + tx + d + d");
        // (c) 100 kB to ToR 1 at 0: slot 0's window carries 60000 B, the rest waits a cycle
        // (3 slots) and leaves at its window start 152 us.
        t = RunOne(1, "10Gbps", 0, 1, 100000, Seconds(0));
        const double window = 60000; // (50 us - 2 us) at 10 Gb/s
        NS_TEST_EXPECT_MSG_EQ(t,
                              Ns(3 * slot + guard + Tx(100000 - window, rate) + 2 * d),
                              "two windows");
        NS_TEST_EXPECT_MSG_EQ(t, NanoSeconds(185000), "185 us by hand");
        // (d) A 5 Gb/s host link is the bottleneck after the circuit: 10000 B take 16 us on it.
        t = RunOne(1, "5Gbps", 0, 2, 10000, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(t, Ns(slot + guard + d + Tx(10000, 5e9) + d), "egress bound");
        // (e) Two hosts of one ToR: through the ToR only, at the host rate.
        t = RunOne(2, "10Gbps", 0, 1, 100000, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(t, Ns(Tx(100000, rate) + 2 * d), "local flow");
    }
};

/// Measures the delivery rate per ToR over whole cycles.
class ThroughputTestCase : public TestCase
{
  public:
    /// What to run.
    struct Case
    {
        std::string name;                 //!< Description
        uint32_t tors;                    //!< ToRs
        uint32_t uplinks;                 //!< Uplinks
        uint32_t hostsPerTor;             //!< Hosts per ToR
        RdcnRouter::Scheme scheme;        //!< Routing
        bool permutation;                 //!< ToR i -> i + 1 (else all-to-all between ToRs)
        std::string hostRate;             //!< Host rate
        double expected;                  //!< Expected delivery rate per ToR (bit/s)
        double tolerance;                 //!< Relative
        uint32_t warmupCycles;            //!< Cycles before measuring
        uint32_t cycles;                  //!< Cycles measured
        std::string intermediates{"any"}; //!< vlb: RdcnRouter's VlbIntermediates
        double load{0}; //!< > 0: hosts send at load x expected (their NIC rate), not saturating
        uint32_t permutationHosts{0}; //!< Mixture: hosts per ToR on the permutation, the rest
                                      //!< uniform among the other ToRs' uniform hosts
    };

    /// \param c the case
    explicit ThroughputTestCase(Case c)
        : TestCase("throughput: " + c.name),
          m_case(std::move(c))
    {
    }

  private:
    void DoRun() override
    {
        const Case& c = m_case;
        // At a load, each host's NIC offers its share of load x expected: the demand is the
        // matrix at that rate (a host's flows share its NIC equally).
        const std::string hostRate =
            c.load > 0 ? std::to_string(c.load * c.expected / c.hostsPerTor) + "bps" : c.hostRate;
        Net n = MakeNet(c.tors, c.uplinks, c.hostsPerTor, c.scheme, hostRate);
        n.router->SetAttribute("VlbIntermediates", StringValue(c.intermediates));
        const double huge = 1e12; // never completes within the run: saturating demand
        std::string error;
        // Permutation: every host of a ToR on it; uniform: none; a mixture: permutationHosts.
        const uint32_t onPermutation = c.permutation ? c.hostsPerTor : c.permutationHosts;
        NS_TEST_ASSERT_MSG_GT(RdcnStudy::StartSkewedDemand(n.net, onPermutation, huge, error),
                              0,
                              error);
        const uint32_t cycle = n.schedule->GetNSlices();
        const Time t1 = SLOT * (c.warmupCycles * cycle);
        const Time t2 = SLOT * ((c.warmupCycles + c.cycles) * cycle);
        double d1 = 0;
        double d2 = 0;
        std::string conservation1;
        Simulator::Schedule(t1, [&]() {
            d1 = n.net->GetBytesDelivered();
            conservation1 = n.net->CheckConservation();
        });
        Simulator::Schedule(t2, [&]() { d2 = n.net->GetBytesDelivered(); });
        Simulator::Stop(t2 + NanoSeconds(1));
        Simulator::Run();
        const double rate = (d2 - d1) * 8 / (t2 - t1).GetSeconds() / c.tors;
        if (c.load <= 0)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rate / c.expected,
                                      1.0,
                                      c.tolerance,
                                      "per-ToR rate " << rate << " bit/s, expected " << c.expected);
        }
        else if (c.load <= 1)
        {
            // Below the closed form every byte offered is carried.
            NS_TEST_EXPECT_MSG_GT_OR_EQ(rate / (c.load * c.expected),
                                        1 - c.tolerance,
                                        "per-ToR rate " << rate << " bit/s, offered "
                                                        << c.load * c.expected);
        }
        else if (c.permutationHosts == 0)
        {
            // Above it, a uniform or permutation demand (every pair alike) gets the closed
            // form and no more.
            NS_TEST_EXPECT_MSG_LT_OR_EQ(rate / c.expected,
                                        1 + c.tolerance,
                                        "per-ToR rate " << rate << " bit/s, closed form "
                                                        << c.expected);
        }
        else
        {
            // A mixture: the closed form is the largest rate at which every pair gets all it
            // offers; above it the pairs below their bound still get theirs, so only part of
            // the demand is refused.
            NS_TEST_EXPECT_MSG_LT_OR_EQ(rate / (c.load * c.expected),
                                        1 - c.tolerance,
                                        "per-ToR rate " << rate << " bit/s, offered "
                                                        << c.load * c.expected);
        }
        NS_TEST_EXPECT_MSG_EQ(conservation1, "", "conservation mid-run");
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation at the end");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(n.net->GetPeakQueueClassBytes(), 250000.0, "queue limit");
        Simulator::Destroy();
    }

    Case m_case; //!< The case
};

/// Overload with small queues: every byte is accounted for at every instant and none is lost.
class ConservationTestCase : public TestCase
{
  public:
    /// \param scheme routing
    /// \param split Opera's split: flows of at most 50 kB hop-on-hop-off, at priority
    explicit ConservationTestCase(RdcnRouter::Scheme scheme, bool split = false)
        : TestCase("conservation under overload with 3000-byte queues, routing " +
                   RdcnRouter::GetSchemeName(scheme) +
                   (split ? ", flows up to 50 kB hop-on-hop-off at priority" : "")),
          m_scheme(scheme),
          m_split(split)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t tors = 6;
        const uint32_t hostsPerTor = 2;
        const uint32_t hosts = tors * hostsPerTor;
        Net n = MakeNet(tors, 2, hostsPerTor, m_scheme, "10Gbps", "10Gbps", "3000B");
        Ptr<RdcnRouter> lowLatency;
        if (m_split)
        {
            lowLatency = CreateObject<RdcnRouter>();
            lowLatency->SetSchedule(n.schedule);
            lowLatency->SetScheme(RdcnRouter::HOHO);
            n.net->SetLowLatencyRouter(lowLatency);
            n.net->SetAttribute("LowLatencyBytes", UintegerValue(50000));
        }
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);
        // 400 flows of 1 kB to 200 kB, starting at random instants in the first 400 us:
        // about 8 times what the uplinks carry meanwhile.
        uint64_t delivered = 0;
        double offered = 0;
        for (uint32_t i = 0; i < 400; ++i)
        {
            const uint32_t s = rng->GetInteger(0, hosts - 1);
            uint32_t d = rng->GetInteger(0, hosts - 2);
            d += d >= s ? 1 : 0;
            const double bytes = std::floor(rng->GetValue(1000, 200000));
            offered += bytes;
            const Time at = NanoSeconds(rng->GetInteger(0, 400000));
            Simulator::Schedule(at, [&n, s, d, bytes, &delivered, this]() {
                std::string error;
                NS_TEST_EXPECT_MSG_GT(n.net->StartFlow(
                                          s,
                                          d,
                                          bytes,
                                          [&delivered]() { ++delivered; },
                                          &error),
                                      -1,
                                      error);
            });
        }
        // Check at instants that fall inside slots and on their boundaries.
        uint32_t checks = 0;
        uint32_t failures = 0;
        std::string first;
        std::function<void()> check = [&]() {
            const std::string c = n.net->CheckConservation();
            ++checks;
            if (!c.empty())
            {
                if (failures++ == 0)
                {
                    first = c;
                }
            }
            const double sum = n.net->GetBytesDelivered() + n.net->GetBytesQueued();
            if (sum != n.net->GetBytesStarted())
            {
                if (failures++ == 0)
                {
                    first = "counters do not add up";
                }
            }
            if (n.net->GetNActiveFlows() > 0 || Simulator::Now() < MicroSeconds(400))
            {
                Simulator::Schedule(NanoSeconds(7300), check);
            }
        };
        Simulator::Schedule(Seconds(0), check);
        Simulator::Schedule(MicroSeconds(100), check); // on a slot boundary
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(failures, 0u, first);
        NS_TEST_EXPECT_MSG_GT(checks, 100u, "checked often");
        NS_TEST_EXPECT_MSG_EQ(delivered, 400u, "lossless: every flow completes");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesDelivered(), offered, "every byte delivered");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesQueued(), 0.0, "nothing left");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(n.net->GetPeakQueueClassBytes(),
                                    3000.0,
                                    "a class never exceeds QueueLimit");
        // With the split a queue has bulk and priority classes, each family at most
        // GetMaxHopClasses.
        NS_TEST_EXPECT_MSG_LT_OR_EQ(n.net->GetPeakQueueBytes(),
                                    3000.0 * n.net->GetMaxHopClasses() * (m_split ? 2 : 1),
                                    "a queue never exceeds classes x QueueLimit");
        NS_TEST_EXPECT_MSG_GT(n.net->GetPeakQueueClassBytes(), 2000.0, "queues did fill");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetFlowsCompleted(), 400u, "completed");
        if (m_split)
        {
            // About a quarter of the sizes (1 kB to 200 kB, uniform) are at most 50 kB.
            NS_TEST_EXPECT_MSG_GT(n.net->GetLowLatencyFlowsStarted(), 60u, "low-latency flows");
            NS_TEST_EXPECT_MSG_LT(n.net->GetLowLatencyFlowsStarted(), 140u, "and bulk");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(n.net->GetLowLatencyFlowsStarted(), 0u, "no split");
        }
        Simulator::Destroy();
    }

    RdcnRouter::Scheme m_scheme; //!< Routing
    bool m_split;                //!< Opera's split
};

/**
 * Opera's split, exactly: a short flow behind a bulk flow on the same circuit. Round robin,
 * 4 ToRs, 1 uplink, 2 hosts per ToR; the circuit ToR 0 -> ToR 1 is up in slots 0, 3, 6, ...
 * (after a 2 us guard: windows of 48 us, 60,000 B at 10 Gb/s). Host 0 sends 1 MB to host 2
 * from t = 55 us (inside slot 1: its idle NIC injects the rest of the slot, 56,250 B, at
 * once); host 1 sends 10,000 B to host 3 at t = 60 us (injected at once, behind it).
 * - As a low-latency flow (here on the same direct path: only the priority differs) it leaves
 *   first in slot 3: delivered at 150 + 2 + 8 (10,000 B) + 0.5 (fibre) + 0.5 (host link) =
 *   161 us, 101 us after its start.
 * - As bulk it waits behind the 56,250 B (45 us): 3,750 B leave in the 3 us left of slot 3,
 *   the other 6,250 B first in slot 6: 300 + 2 + 5 + 0.5 + 0.5 = 308 us, 248 us after start.
 * With every flow larger than LowLatencyBytes nothing changes: the same completion times to
 * the time step.
 */
class LowLatencyPriorityTestCase : public TestCase
{
  public:
    LowLatencyPriorityTestCase()
        : TestCase("Opera's split: a short flow leaves before the bulk bytes queued ahead of it "
                   "(101 us by hand, 248 us as bulk); with no flow under LowLatencyBytes every "
                   "completion time is unchanged")
    {
    }

  private:
    /// Runs the two flows; returns their completion times (bulk, short).
    std::pair<Time, Time> Run(bool split, uint64_t lowLatencyBytes)
    {
        Net n = MakeNet(4, 1, 2, RdcnRouter::DIRECT);
        if (split)
        {
            Ptr<RdcnRouter> lowLatency = CreateObject<RdcnRouter>();
            lowLatency->SetSchedule(n.schedule);
            lowLatency->SetScheme(RdcnRouter::DIRECT);
            n.net->SetLowLatencyRouter(lowLatency);
            n.net->SetAttribute("LowLatencyBytes", UintegerValue(lowLatencyBytes));
        }
        Time bulk = Seconds(-1);
        Time small = Seconds(-1);
        std::string error;
        Simulator::Schedule(MicroSeconds(55), [&]() {
            NS_TEST_EXPECT_MSG_GT(n.net->StartFlow(
                                      0,
                                      2,
                                      1e6,
                                      [&bulk]() { bulk = Simulator::Now(); },
                                      &error),
                                  -1,
                                  error);
        });
        Simulator::Schedule(MicroSeconds(60), [&]() {
            NS_TEST_EXPECT_MSG_GT(n.net->StartFlow(
                                      1,
                                      3,
                                      10000,
                                      [&small]() { small = Simulator::Now(); },
                                      &error),
                                  -1,
                                  error);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetLowLatencyFlowsStarted(),
                              (split && lowLatencyBytes >= 10000 ? 1u : 0u),
                              "low-latency flows");
        Simulator::Destroy();
        return {bulk, small};
    }

    void DoRun() override
    {
        const auto fifo = Run(false, 0);
        const auto priority = Run(true, 10000);
        NS_TEST_EXPECT_MSG_EQ(priority.second - MicroSeconds(60),
                              NanoSeconds(101000),
                              "low-latency: the first window after its start");
        NS_TEST_EXPECT_MSG_EQ(fifo.second - MicroSeconds(60),
                              NanoSeconds(248000),
                              "bulk: behind 56,250 B, most of it a cycle later");
        NS_TEST_EXPECT_MSG_GT(priority.first, fifo.first - MicroSeconds(1), "bulk still done");
        const auto none = Run(true, 9999);
        NS_TEST_EXPECT_MSG_EQ(none.first, fifo.first, "bulk: same completion");
        NS_TEST_EXPECT_MSG_EQ(none.second, fifo.second, "10,000 B is bulk at 9,999: same");
    }
};

/// Opera's split on a loaded network: the same random flows with every flow bulk and with
/// Opera's threshold above every size give identical completion times; split at 50 kB, the
/// short flows' completion times shrink.
class LowLatencyIdentityTestCase : public TestCase
{
  public:
    LowLatencyIdentityTestCase()
        : TestCase("Opera's split: with LowLatencyBytes below every flow the run is the bulk "
                   "run to the time step; above the short flows, their mean FCT drops")
    {
    }

  private:
    /// Completion times (start order) of 300 random flows on a round robin of 6 ToRs x 2
    /// uplinks, bulk on RotorLB.
    std::vector<Time> Run(uint64_t lowLatencyBytes, bool split)
    {
        Net n = MakeNet(6, 2, 2, RdcnRouter::ROTORLB);
        if (split)
        {
            Ptr<RdcnRouter> lowLatency = CreateObject<RdcnRouter>();
            lowLatency->SetSchedule(n.schedule);
            lowLatency->SetScheme(RdcnRouter::HOHO);
            n.net->SetLowLatencyRouter(lowLatency);
            n.net->SetAttribute("LowLatencyBytes", UintegerValue(lowLatencyBytes));
        }
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(23);
        std::vector<Time> ends(300, Seconds(-1));
        for (uint32_t i = 0; i < ends.size(); ++i)
        {
            const uint32_t s = rng->GetInteger(0, 11);
            uint32_t d = rng->GetInteger(0, 10);
            d += d >= s ? 1 : 0;
            const double bytes = i % 3 == 0 ? 5000 : std::floor(rng->GetValue(100000, 400000));
            const Time at = NanoSeconds(rng->GetInteger(0, 2000000));
            Simulator::Schedule(at, [&n, &ends, i, s, d, bytes, at, this]() {
                std::string error;
                NS_TEST_EXPECT_MSG_GT(n.net->StartFlow(
                                          s,
                                          d,
                                          bytes,
                                          [&ends, i, at]() { ends[i] = Simulator::Now() - at; },
                                          &error),
                                      -1,
                                      error);
            });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetFlowsCompleted(), ends.size(), "every flow done");
        Simulator::Destroy();
        return ends;
    }

    void DoRun() override
    {
        const std::vector<Time> bulk = Run(0, false);
        const std::vector<Time> below = Run(4999, true);
        uint32_t same = 0;
        for (uint32_t i = 0; i < bulk.size(); ++i)
        {
            same += bulk[i] == below[i] ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(same, bulk.size(), "identical runs");
        const std::vector<Time> split = Run(5000, true);
        double fctBulk = 0;
        double fctSplit = 0;
        for (uint32_t i = 0; i < bulk.size(); i += 3)
        {
            fctBulk += bulk[i].GetSeconds();
            fctSplit += split[i].GetSeconds();
        }
        // 6 ToRs, 2 uplinks: a cycle of 3 slots (150 us); RotorLB's short flows wait for their
        // direct circuit (75 us on average), hop-on-hop-off takes the first circuit out.
        NS_TEST_EXPECT_MSG_LT(fctSplit, 0.8 * fctBulk, "short flows faster at priority");
    }
};

/// Schedules installed mid-run (a longer cycle, then a shorter one): every chunk and flow is
/// routed again, nothing is lost or stuck.
class InstallTestCase : public TestCase
{
  public:
    InstallTestCase()
        : TestCase("cycles installed mid-run: conservation and every flow completes")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t tors = 6;
        const uint32_t uplinks = 2;
        const uint32_t hostsPerTor = 2;
        const uint32_t hosts = tors * hostsPerTor;
        Net n =
            MakeNet(tors, uplinks, hostsPerTor, RdcnRouter::DIRECT, "10Gbps", "10Gbps", "20000B");
        NS_TEST_ASSERT_MSG_EQ(n.schedule->GetNSlices(), 3u, "round robin 6 x 2: 3 slices");
        // A 5-slice cycle in which every pair meets: uplink u in slice s shifts by
        // ((s + 2u) mod 5) + 1.
        std::vector<std::vector<RdcnMatching>> five(uplinks);
        for (uint32_t u = 0; u < uplinks; ++u)
        {
            for (uint32_t s = 0; s < 5; ++s)
            {
                RdcnMatching m(tors);
                const uint32_t shift = (s + 2 * u) % 5 + 1;
                for (uint32_t t = 0; t < tors; ++t)
                {
                    m[t] = static_cast<int32_t>((t + shift) % tors);
                }
                five[u].push_back(m);
            }
        }
        std::string error;
        const auto three = RdcnScheduleGenerator::RoundRobin(tors, uplinks, error);
        bool installed = true;
        // Each cycle is installed one slot ahead, so that flows and chunks routed on the old one
        // wait in queues of slices that mean other circuits (or none) in the new one.
        Simulator::Schedule(SLOT * 19 + MicroSeconds(1), [&]() {
            installed = installed && n.schedule->Install(five, 20, error);
        });
        Simulator::Schedule(SLOT * 60 + MicroSeconds(1), [&]() {
            installed = installed && n.schedule->Install(three, 61, error);
        });
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(13);
        uint32_t delivered = 0;
        double offered = 0;
        for (uint32_t i = 0; i < 200; ++i)
        {
            const uint32_t s = rng->GetInteger(0, hosts - 1);
            uint32_t d = rng->GetInteger(0, hosts - 2);
            d += d >= s ? 1 : 0;
            const double bytes = std::floor(rng->GetValue(1000, 300000));
            offered += bytes;
            Simulator::Schedule(NanoSeconds(rng->GetInteger(0, 4000000)), [=, &n, &delivered]() {
                std::string e;
                n.net->StartFlow(
                    s,
                    d,
                    bytes,
                    [&delivered]() { ++delivered; },
                    &e);
            });
        }
        std::string firstFailure;
        for (uint32_t i = 1; i < 200; ++i)
        {
            Simulator::Schedule(MicroSeconds(37 * i), [&]() {
                const std::string c = n.net->CheckConservation();
                if (firstFailure.empty() && !c.empty())
                {
                    firstFailure = c;
                }
            });
        }
        Simulator::Stop(MilliSeconds(200)); // stuck flows fail the test rather than hang it
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(installed, true, error);
        NS_TEST_EXPECT_MSG_EQ(firstFailure, "", "conservation at every check");
        NS_TEST_EXPECT_MSG_EQ(delivered,
                              200u,
                              "every flow completes: " << n.net->DescribeStalledFlows());
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesDelivered(), offered, "every byte delivered");
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation at the end");
        Simulator::Destroy();
    }
};

/// 1,024 ToRs x 4 uplinks: builds and runs a short uniform workload.
class ScaleTestCase : public TestCase
{
  public:
    ScaleTestCase()
        : TestCase("1024 ToRs x 4 uplinks run a uniform workload to completion")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t tors = 1024;
        Net n = MakeNet(tors, 4, 1, RdcnRouter::DIRECT);
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(5);
        // Every host sends 4 flows of 20 kB to uniformly random other hosts.
        std::string error;
        uint32_t completed = 0;
        for (uint32_t s = 0; s < tors; ++s)
        {
            for (uint32_t i = 0; i < 4; ++i)
            {
                uint32_t d = rng->GetInteger(0, tors - 2);
                d += d >= s ? 1 : 0;
                NS_TEST_ASSERT_MSG_GT(n.net->StartFlow(
                                          s,
                                          d,
                                          20000,
                                          [&completed]() { ++completed; },
                                          &error),
                                      -1,
                                      error);
            }
        }
        Time latest;
        std::function<void(uint32_t, uint32_t, double, Time, Time)> sink =
            [&latest](uint32_t, uint32_t, double, Time, Time e) { latest = std::max(latest, e); };
        n.net->TraceConnectWithoutContext("FlowCompleted",
                                          MakeCallback(&decltype(sink)::operator(), &sink));
        std::string mid;
        Simulator::Schedule(MicroSeconds(3333), [&]() { mid = n.net->CheckConservation(); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(completed, 4 * tors, "all complete");
        NS_TEST_EXPECT_MSG_EQ(mid, "", "conservation mid-run");
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation at the end");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesDelivered(), 4.0 * tors * 20000, "bytes");
        // A flow waits at most one cycle (256 slots) for its circuit; 20 kB fit one window.
        // 4 flows share the NIC: 15625 B each in slot 0, so a flow whose circuit comes in the
        // first cycle may need the next one for its rest.
        NS_TEST_EXPECT_MSG_LT_OR_EQ(latest, SLOT * (n.schedule->GetNSlices() + 2), "one cycle");
        Simulator::Destroy();
    }
};

/// Bad input gives errors naming the value.
class BadInputTestCase : public TestCase
{
  public:
    BadInputTestCase()
        : TestCase("bad input is rejected with a clear message")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        Ptr<RdcnFluidNetwork> bare = CreateObject<RdcnFluidNetwork>();
        NS_TEST_EXPECT_MSG_EQ(bare->StartFlow(0, 1, 100, nullptr, &error), -1, "no schedule");
        NS_TEST_EXPECT_MSG_NE(error.find("no schedule"), std::string::npos, error);

        Net n = MakeNet(4, 1, 2, RdcnRouter::DIRECT);
        NS_TEST_EXPECT_MSG_EQ(n.net->StartFlow(0, 8, 100, nullptr, &error), -1, "bad host");
        NS_TEST_EXPECT_MSG_NE(error.find("host 8"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(n.net->StartFlow(3, 3, 100, nullptr, &error), -1, "self");
        NS_TEST_EXPECT_MSG_NE(error.find("host 3"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(n.net->StartFlow(0, 1, 0, nullptr, &error), -1, "empty");
        NS_TEST_EXPECT_MSG_NE(error.find("0 bytes"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(n.net->StartFlow(0, 1, -5, nullptr, &error), -1, "negative");
        NS_TEST_EXPECT_MSG_EQ(n.net->SetInjectedCallback(12345, nullptr), false, "unknown flow");

        Net p = MakeNet(4, 1, 1, RdcnRouter::DIRECT, "10Gbps", "10Gbps", "100p");
        NS_TEST_EXPECT_MSG_NE(p.net->Check().find("100p"), std::string::npos, p.net->Check());
        NS_TEST_EXPECT_MSG_EQ(p.net->StartFlow(0, 1, 100, nullptr, &error), -1, "packets");

        Net other = MakeNet(4, 1, 1, RdcnRouter::DIRECT);
        other.net->SetRouter(n.router);
        NS_TEST_EXPECT_MSG_NE(other.net->Check().find("another schedule"),
                              std::string::npos,
                              other.net->Check());

        // Opera's split: a path scheme on the network's schedule, a threshold of a byte or more.
        Net split = MakeNet(4, 1, 1, RdcnRouter::ROTORLB);
        Ptr<RdcnRouter> vlb = CreateObject<RdcnRouter>();
        vlb->SetSchedule(split.schedule);
        vlb->SetScheme(RdcnRouter::VLB);
        split.net->SetLowLatencyRouter(vlb);
        NS_TEST_EXPECT_MSG_NE(
            split.net->Check().find("low-latency routing vlb is not a path "
                                    "scheme (allowed: direct, hoho, ksp, source)"),
            std::string::npos,
            split.net->Check());
        split.net->SetLowLatencyRouter(n.router);
        NS_TEST_EXPECT_MSG_NE(split.net->Check().find("low-latency router routes on another"),
                              std::string::npos,
                              split.net->Check());
        vlb->SetScheme(RdcnRouter::HOHO);
        split.net->SetLowLatencyRouter(vlb);
        split.net->SetAttribute("LowLatencyBytes", UintegerValue(0));
        NS_TEST_EXPECT_MSG_NE(split.net->Check().find("LowLatencyBytes is 0"),
                              std::string::npos,
                              split.net->Check());
        split.net->SetAttribute("LowLatencyBytes", UintegerValue(1));
        NS_TEST_EXPECT_MSG_EQ(split.net->Check(), "", "hoho for flows of a byte");

        // The packet level has no priority class: the helper refuses the split there.
        RdcnHelper packet;
        packet.SetLowLatencyRouting(RdcnRouter::HOHO, 100000);
        NS_TEST_EXPECT_MSG_EQ(packet.HasLowLatencyRouting(), true, "asked for");
        NS_TEST_EXPECT_MSG_EQ(packet.Install(split.schedule, 1, error).IsValid(),
                              false,
                              "refused at packet level");
        NS_TEST_EXPECT_MSG_NE(error.find("low-latency routing (SetLowLatencyRouting) runs at "
                                         "flow level only"),
                              std::string::npos,
                              error);

        // ... and the study refuses it before anything runs.
        RdcnStudyConfig c;
        c.backend = Backend::FLOW;
        c.routing = "rotorlb";
        c.lowLatencyRouting = "rotorlb";
        NS_TEST_EXPECT_MSG_NE(RdcnStudy::Check(c).find("--lowLatencyRouting=rotorlb: not a path "
                                                       "scheme"),
                              std::string::npos,
                              RdcnStudy::Check(c));
        c.lowLatencyRouting = "hoho";
        NS_TEST_EXPECT_MSG_EQ(RdcnStudy::Check(c), "", "rotorlb bulk, hoho low latency");
        c.backend = Backend::PACKET;
        NS_TEST_EXPECT_MSG_NE(RdcnStudy::Check(c).find("runs at flow level only (--backend="),
                              std::string::npos,
                              RdcnStudy::Check(c));
        c.backend = Backend::FLOW;
        c.architecture = "shale";
        c.tors = 16;
        c.routing = "hoho";
        c.lowLatencyRouting = "direct";
        NS_TEST_EXPECT_MSG_NE(RdcnStudy::Check(c).find("--lowLatencyRouting=direct on "
                                                       "--architecture=shale"),
                              std::string::npos,
                              RdcnStudy::Check(c));
        Simulator::Destroy();
    }
};

/// Two messages of one pair over the transport: in order, and the second starts when the
/// first has left the host, so both ride the same window.
class TransportOrderTestCase : public TestCase
{
  public:
    TransportOrderTestCase()
        : TestCase("transport: a pair's messages in order, back to back in one window")
    {
    }

  private:
    void DoRun() override
    {
        Net n = MakeNet(4, 1, 1, RdcnRouter::DIRECT);
        Ptr<FlowCollectiveTransport> transport = FluidTransport(n);
        std::vector<Time> done;
        Simulator::Schedule(Seconds(0), [&]() {
            transport->Send(0, 1, 10000, [&]() { done.push_back(Simulator::Now()); });
            transport->Send(0, 1, 10000, [&]() { done.push_back(Simulator::Now()); });
            NS_TEST_EXPECT_MSG_EQ(transport->GetNWaitingMessages(), 1u, "second waits");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done.size(), 2u, "both delivered");
        // Slot 0 connects ToR 0 to ToR 1 from 2 us (guard). The first message (8 us at
        // 10 Gb/s) leaves the NIC at 8 us and the circuit at 10 us: host at 11 us. The second
        // starts at 8 us, ready at the ToR at 8.5 us, follows on the circuit from 10 us: 19 us.
        NS_TEST_EXPECT_MSG_EQ(done[0], NanoSeconds(11000), "first");
        NS_TEST_EXPECT_MSG_EQ(done[1], NanoSeconds(19000), "second, in the same window");
        NS_TEST_EXPECT_MSG_EQ(transport->GetCounters().messagesDelivered, 2u, "counted");
        NS_TEST_EXPECT_MSG_EQ(transport->GetNWaitingMessages(), 0u, "none waiting");
        NS_TEST_EXPECT_MSG_EQ(transport->DescribeStall(), "", "nothing stalled");
        Simulator::Destroy();
    }
};

/// A ring all-reduce over the fluid RDCN completes and moves 2 (n - 1) S bytes.
class RingAllReduceTestCase : public TestCase
{
  public:
    RingAllReduceTestCase()
        : TestCase("ring all-reduce over the fluid RDCN moves the closed-form bytes")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t tors = 4;
        const uint32_t hostsPerTor = 2;
        const uint32_t ranks = tors * hostsPerTor;
        const uint64_t bytes = 8ull << 20;
        Net n = MakeNet(tors, 1, hostsPerTor, RdcnRouter::DIRECT);
        Ptr<FlowCollectiveTransport> transport = FluidTransport(n);
        NS_TEST_ASSERT_MSG_EQ(transport->GetNRanks(), ranks, "ranks = hosts");
        CollectiveHelper helper;
        const CollectiveSpec spec = CollectiveSpec::Of(CollectiveKind::ALLREDUCE, ranks, bytes)
                                        .WithAlgorithm(CollectiveAlgorithm::RING);
        std::string error;
        Ptr<Collective> ar = helper.Create(transport, spec, {}, "ring", &error);
        NS_TEST_ASSERT_MSG_NE(ar, nullptr, error);
        ar->Start();
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(ar->IsDone(), true, "completed: " << transport->DescribeStall());
        const uint64_t moved = 2 * (ranks - 1) * bytes;
        NS_TEST_EXPECT_MSG_EQ(transport->GetCounters().bytesSent, moved, "2 (n-1) S sent");
        NS_TEST_EXPECT_MSG_EQ(n.net->GetBytesDelivered(), static_cast<double>(moved), "delivered");
        NS_TEST_EXPECT_MSG_EQ(transport->GetCounters().messagesDelivered,
                              uint64_t(2 * (ranks - 1) * ranks),
                              "2 (n-1) n messages");
        NS_TEST_EXPECT_MSG_EQ(n.net->CheckConservation(), "", "conservation");
        // Each of the 2 (n-1) steps moves S/n from every rank; the ring's ToR-crossing pairs
        // (one per ToR, to the next ToR) get a circuit one slot in 3: a lower bound.
        const double perStep = static_cast<double>(bytes) / ranks;
        const double window = (SLOT - GUARD).GetSeconds() * 10e9 / 8;
        const double bound =
            2 * (ranks - 1) * (std::ceil(perStep / window) - 1) * 3 * SLOT.GetSeconds();
        NS_TEST_EXPECT_MSG_GT((ar->GetRecord().end - ar->GetRecord().start).GetSeconds(),
                              bound,
                              "no faster than the circuits allow");
        Simulator::Destroy();
    }
};

/// The fluid RDCN test suite.
class RdcnFlowTestSuite : public TestSuite
{
  public:
    RdcnFlowTestSuite()
        : TestSuite("optical-rdcn-flow", SUITE_UNIT)
    {
        const double up = 10e9;
        const double usable = 1 - GUARD.GetSeconds() / SLOT.GetSeconds();
        AddTestCase(new SingleFlowTestCase, TEST_QUICK);
        AddTestCase(new ThroughputTestCase({"round robin, permutation, direct: (1-g) over (N-1)",
                                            6,
                                            1,
                                            1,
                                            RdcnRouter::DIRECT,
                                            true,
                                            "10Gbps",
                                            up * usable / 5,
                                            0.005,
                                            4,
                                            40}),
                    TEST_QUICK);

        // Two-hop load balancing against its closed forms (d = 1 - g / S, N ToRs, one uplink,
        // every pair one guarded slot per cycle; per-ToR rate as a share of d x uplink):
        // vlb drawing any ToR but the source (the destination: one hop) carries
        // (N - 1) / (2N - 3) on uniform demand and 1/2 on a permutation (every circuit but
        // the one to the partner carries a first and a second hop of equal load); drawing
        // neither end, 1/2 and (N - 2) / (2 (N - 1)) (the circuit to the partner idles);
        // rotorlb carries all of uniform demand directly (1) and N / (2 (N - 1)) of a
        // permutation (the direct circuit's window, then half of the others').
        struct Balanced
        {
            const char* name;          //!< Case
            uint32_t tors;             //!< N
            uint32_t uplinks;          //!< U
            RdcnRouter::Scheme scheme; //!< vlb or rotorlb
            const char* intermediates; //!< vlb: any or others
            bool permutation;          //!< Permutation (else uniform)
            double share;              //!< Closed form, share of d x U x uplink
        };

        std::vector<Balanced> balanced = {
            {"uniform, vlb (any): (N-1) over (2N-3)",
             8,
             1,
             RdcnRouter::VLB,
             "any",
             false,
             7.0 / 13},
            {"uniform, vlb (others): a half", 8, 1, RdcnRouter::VLB, "others", false, 0.5},
            {"permutation, vlb (any): a half", 4, 1, RdcnRouter::VLB, "any", true, 0.5},
            {"permutation, vlb (any): a half", 8, 1, RdcnRouter::VLB, "any", true, 0.5},
            {"permutation, vlb (any): a half", 5, 2, RdcnRouter::VLB, "any", true, 0.5},
            {"permutation, vlb (others): (N-2) over 2(N-1)",
             8,
             1,
             RdcnRouter::VLB,
             "others",
             true,
             6.0 / 14},
            {"uniform, rotorlb: 1", 8, 1, RdcnRouter::ROTORLB, "any", false, 1.0},
            {"permutation, rotorlb: N over 2(N-1)",
             4,
             1,
             RdcnRouter::ROTORLB,
             "any",
             true,
             4.0 / 6},
            {"permutation, rotorlb: N over 2(N-1)",
             8,
             1,
             RdcnRouter::ROTORLB,
             "any",
             true,
             8.0 / 14},
            {"permutation, rotorlb: N over 2(N-1)",
             5,
             2,
             RdcnRouter::ROTORLB,
             "any",
             true,
             5.0 / 8},
        };
        for (const Balanced& b : balanced)
        {
            for (double load : {0.95, 1.1})
            {
                std::ostringstream name;
                name << "round robin, N = " << b.tors << ", U = " << b.uplinks << ", " << b.name
                     << ", load " << load;
                // Long enough for the queues to fill at 1.1 (the one-hop share of the bytes
                // injected while they fill arrives at once).
                const uint32_t cycles = 600 / ((b.tors - 1 + b.uplinks - 1) / b.uplinks);
                AddTestCase(new ThroughputTestCase({name.str(),
                                                    b.tors,
                                                    b.uplinks,
                                                    1,
                                                    b.scheme,
                                                    b.permutation,
                                                    "10Gbps",
                                                    b.uplinks * up * usable * b.share,
                                                    0.02,
                                                    cycles / 2,
                                                    cycles / 2,
                                                    b.intermediates,
                                                    load}),
                            TEST_QUICK);
            }
        }
        // Skewed demand, a share s of each ToR's traffic to one other ToR (a permutation) and
        // the rest uniform (N = 8, 4 hosts per ToR, s = 1/4, 1/2, 3/4), against the closed
        // forms as a share of d x uplink: direct 1 / (1 + s (N - 2)); vlb (any)
        // (N - 1) / (2N - 3 + s); vlb (others) (N - 2) / (2 (N - 2 + s)); rotorlb
        // N / (N + s (N - 2)) (one hop for what the direct windows carry, two for the excess).
        const double n = 8;
        for (uint32_t onPermutation : {1, 2, 3})
        {
            const double s = onPermutation / 4.0;

            const struct
            {
                const char* name;
                RdcnRouter::Scheme scheme;
                const char* intermediates;
                double share;
            } skewed[] = {
                {"direct", RdcnRouter::DIRECT, "any", 1 / (1 + s * (n - 2))},
                {"vlb (any)", RdcnRouter::VLB, "any", (n - 1) / (2 * n - 3 + s)},
                {"vlb (others)", RdcnRouter::VLB, "others", (n - 2) / (2 * (n - 2 + s))},
                {"rotorlb", RdcnRouter::ROTORLB, "any", n / (n + s * (n - 2))},
            };

            for (const auto& k : skewed)
            {
                for (double load : {0.95, 1.1})
                {
                    std::ostringstream name;
                    name << "round robin, N = 8, skew " << s << ", " << k.name << ", load " << load;
                    ThroughputTestCase::Case c{name.str(),
                                               8,
                                               1,
                                               4,
                                               k.scheme,
                                               false,
                                               "10Gbps",
                                               up * usable * k.share,
                                               0.02,
                                               40,
                                               60,
                                               k.intermediates,
                                               load};
                    c.permutationHosts = onPermutation;
                    AddTestCase(new ThroughputTestCase(c), TEST_QUICK);
                }
            }
        }
        AddTestCase(new ThroughputTestCase({"round robin, uniform, direct, H x host = U x uplink: "
                                            "U (1-g)",
                                            5,
                                            2,
                                            2,
                                            RdcnRouter::DIRECT,
                                            false,
                                            "10Gbps",
                                            2 * up * usable,
                                            0.005,
                                            20,
                                            100}),
                    TEST_QUICK);
        AddTestCase(new ThroughputTestCase({"round robin, uniform, direct, hosts slower: H x host",
                                            5,
                                            2,
                                            2,
                                            RdcnRouter::DIRECT,
                                            false,
                                            "5Gbps",
                                            2 * 5e9,
                                            0.005,
                                            20,
                                            100}),
                    TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::DIRECT), TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::VLB), TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::HOHO), TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::ROTORLB), TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::ROTORLB, true), TEST_QUICK);
        AddTestCase(new ConservationTestCase(RdcnRouter::VLB, true), TEST_QUICK);
        AddTestCase(new LowLatencyPriorityTestCase, TEST_QUICK);
        AddTestCase(new LowLatencyIdentityTestCase, TEST_QUICK);
        AddTestCase(new InstallTestCase, TEST_QUICK);
        AddTestCase(new ScaleTestCase, TEST_QUICK);
        AddTestCase(new BadInputTestCase, TEST_QUICK);
        AddTestCase(new TransportOrderTestCase, TEST_QUICK);
        AddTestCase(new RingAllReduceTestCase, TEST_QUICK);
    }
};

/// Static instance
static RdcnFlowTestSuite g_rdcnFlowTestSuite;

} // namespace
