/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The packet level of time-slotted networks (RdcnHelper): calendar queues checked frame by
// frame against the schedule, worked out here from the matchings (windows, guard bands,
// circuits); direct routing of permutation traffic against the closed-form share of a round
// robin and the exact per-window packet count; VLB under uniform saturating traffic against
// half the uplink capacity; packet conservation under overload, with the entering and
// delivered counts also taken from the hosts' devices and the sinks; a TCP transfer over
// hop-on-hop-off routing; guard-band drops 0 with calendar queues and not 0 without them; new
// cycles installed mid-run; spreading over a pair's later circuits; a traffic-aware schedule
// fed by the network's demand; bad inputs.

#include "../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/rdcn-calendar-queue-disc.h"
#include "ns3/rdcn-helper.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/rdcn-tag.h"
#include "ns3/rdcn-traffic-aware-scheduler.h"
#include "ns3/test.h"
#include "ns3/traffic-control-module.h"

#include <map>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// UDP payload that fills a 1500-byte IP packet.
constexpr uint32_t UDP_PAYLOAD = 1472;
/// IP packet of such a datagram.
constexpr uint32_t IP_PACKET = 1500;
/// UDP port of the sinks.
constexpr uint16_t PORT = 9;

/// A network to build.
struct Spec
{
    uint32_t tors{4};             //!< ToRs
    uint32_t uplinks{1};          //!< Uplinks per ToR
    uint32_t hosts{1};            //!< Hosts per ToR
    std::string scheme{"direct"}; //!< Routing
    Time slot{MicroSeconds(100)}; //!< Slot
    Time guard{MicroSeconds(1)};  //!< Guard
    Time gap{Seconds(0)};         //!< Uplink interframe gap
    std::string maxSize{"1000p"}; //!< Calendar FIFO size
    DataRate rate{"10Gbps"};      //!< Uplink and host link rate
};

/// Builds a round-robin network from \p spec.
RdcnNetwork
Build(const Spec& spec, std::string& error)
{
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(spec.slot);
    schedule->SetGuard(spec.guard);
    const auto matchings = RdcnScheduleGenerator::RoundRobin(spec.tors, spec.uplinks, error);
    if (matchings.empty() || !schedule->SetMatchings(spec.tors, matchings, error))
    {
        return RdcnNetwork();
    }
    RdcnHelper helper;
    helper.SetRouterAttribute("Scheme", StringValue(spec.scheme));
    helper.SetUplinkAttribute("DataRate", DataRateValue(spec.rate));
    helper.SetUplinkAttribute("InterframeGap", TimeValue(spec.gap));
    helper.SetHostLinkAttribute("DataRate", DataRateValue(spec.rate));
    helper.SetQueueDiscAttribute("MaxSize", StringValue(spec.maxSize));
    RdcnNetwork net = helper.Install(schedule, spec.hosts, error);
    if (net.IsValid())
    {
        helper.AssignStreams(net, 7);
    }
    return net;
}

/// Sinks on every host.
ApplicationContainer
InstallSinks(const RdcnNetwork& net)
{
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), PORT));
    ApplicationContainer apps = sink.Install(net.GetHosts());
    apps.Start(Seconds(0));
    return apps;
}

/// A constant-rate UDP flow of full-size datagrams.
void
AddUdp(const RdcnNetwork& net,
       uint32_t srcTor,
       uint32_t srcHost,
       uint32_t dstTor,
       uint32_t dstHost,
       DataRate rate,
       Time stop)
{
    OnOffHelper onoff("ns3::UdpSocketFactory",
                      InetSocketAddress(net.GetHostAddress(dstTor, dstHost), PORT));
    onoff.SetConstantRate(rate, UDP_PAYLOAD);
    ApplicationContainer app = onoff.Install(net.GetHost(srcTor, srcHost));
    app.Start(Seconds(0));
    app.Stop(stop);
}

/// One-way delay of an uplink fibre.
Time
FibreDelay(const RdcnNetwork& net)
{
    return DynamicCast<OcsChannel>(net.GetUplinkDevice(0, 0)->GetChannel())->GetDelay();
}

/**
 * Packets of \p bytes (IP) that one window of a guarded slot carries: the j-th starts at the
 * window start plus j transmissions and must end, plus the fibre delay, by the slot's end.
 */
uint64_t
PacketsPerWindow(const Spec& spec, Time fibre, uint32_t bytes)
{
    const Time tx =
        spec.rate.CalculateBytesTxTime(bytes + PppHeader().GetSerializedSize()) + spec.gap;
    uint64_t m = 0;
    while (spec.guard + tx * static_cast<int64_t>(m + 1) + fibre <= spec.slot)
    {
        ++m;
    }
    return m;
}

/**
 * \ingroup optical-tests
 * Every frame of every uplink, checked against the schedule worked out here: it begins at or
 * after its window (slot start, plus Guard when the matching differs from the previous slot's),
 * its end (PhyTxEnd, interframe gap included) plus the fibre delay is at or before the slot's
 * end, and it arrives at the ToR (and uplink) that the slot's matching names. Round robin with
 * 6 ToRs on 2 uplinks: rotor 1 repeats a shift across the cycle boundary, so slice 0 of rotor 1
 * is not guarded, and frames must use its first Guard too.
 */
class WindowTestCase : public TestCase
{
  public:
    WindowTestCase()
        : TestCase("frames stay inside their windows and reach the circuit's ToR (hoho, 6 ToRs, "
                   "2 uplinks)")
    {
    }

  private:
    /// One frame.
    struct Frame
    {
        uint32_t tor{0};           //!< Sender
        uint32_t uplink{0};        //!< Its uplink
        Time begin;                //!< PhyTxBegin
        Time end{Seconds(-1)};     //!< PhyTxEnd
        int32_t arrivedTor{-1};    //!< Receiving ToR
        int32_t arrivedUplink{-1}; //!< Receiving uplink
    };

    void DoRun() override
    {
        Spec spec;
        spec.tors = 6;
        spec.uplinks = 2;
        spec.scheme = "hoho";
        spec.slot = MicroSeconds(20);
        spec.guard = MicroSeconds(2);
        spec.gap = NanoSeconds(100);
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        Ptr<RdcnSchedule> schedule = net.GetSchedule();
        const Time fibre = FibreDelay(net);
        std::map<uint64_t, Frame> frames;
        for (uint32_t t = 0; t < spec.tors; ++t)
        {
            for (uint32_t u = 0; u < spec.uplinks; ++u)
            {
                Ptr<OcsNetDevice> dev = net.GetUplinkDevice(t, u);
                dev->TraceConnectWithoutContext(
                    "PhyTxBegin",
                    Callback<void, Ptr<const Packet>>([&frames, t, u](Ptr<const Packet> p) {
                        Frame& f = frames[p->GetUid()];
                        f.tor = t;
                        f.uplink = u;
                        f.begin = Simulator::Now();
                    }));
                dev->TraceConnectWithoutContext(
                    "PhyTxEnd",
                    Callback<void, Ptr<const Packet>>([&frames](Ptr<const Packet> p) {
                        frames[p->GetUid()].end = Simulator::Now();
                    }));
                dev->TraceConnectWithoutContext(
                    "PhyRxEnd",
                    Callback<void, Ptr<const Packet>>([&frames, t, u](Ptr<const Packet> p) {
                        Frame& f = frames[p->GetUid()];
                        f.arrivedTor = static_cast<int32_t>(t);
                        f.arrivedUplink = static_cast<int32_t>(u);
                    }));
            }
        }
        InstallSinks(net);
        const Time stop = MilliSeconds(2);
        for (uint32_t s = 0; s < spec.tors; ++s)
        {
            for (uint32_t d = 0; d < spec.tors; ++d)
            {
                if (d != s)
                {
                    AddUdp(net, s, 0, d, 0, DataRate("2Gbps"), stop);
                }
            }
        }
        Simulator::Stop(stop + MicroSeconds(500));
        Simulator::Run();

        // The schedule as this test reads it: slice k mod L, the matchings, the previous slot's.
        const uint32_t slices = schedule->GetNSlices();
        const auto peer = [&](uint32_t u, uint64_t k, uint32_t t) {
            return schedule->GetMatching(u, static_cast<uint32_t>(k % slices))[t];
        };
        uint64_t checked = 0;
        uint64_t early = 0; // frames in the first Guard of an unguarded slot
        uint64_t bad = 0;
        for (const auto& [uid, f] : frames)
        {
            if (f.end < Seconds(0))
            {
                continue; // still being sent at the end
            }
            const uint64_t k =
                static_cast<uint64_t>(f.begin.GetTimeStep() / spec.slot.GetTimeStep());
            const Time slotStart = spec.slot * static_cast<int64_t>(k);
            const Time slotEnd = slotStart + spec.slot;
            const uint64_t previous = k == 0 ? slices - 1 : k - 1;
            const bool guarded = peer(f.uplink, k, f.tor) != peer(f.uplink, previous, f.tor);
            const Time windowStart = slotStart + (guarded ? spec.guard : Seconds(0));
            const int32_t expected = peer(f.uplink, k, f.tor);
            const bool ok = f.begin >= windowStart && f.end + fibre <= slotEnd &&
                            expected != RdcnSchedule::NO_PEER && f.arrivedTor == expected &&
                            f.arrivedUplink == static_cast<int32_t>(f.uplink);
            if (!ok && bad++ < 5)
            {
                NS_TEST_EXPECT_MSG_EQ(ok,
                                      true,
                                      "frame of ToR "
                                          << f.tor << " uplink " << f.uplink << " from "
                                          << f.begin.As(Time::US) << " to " << f.end.As(Time::US)
                                          << " in slot " << k << " (window from "
                                          << windowStart.As(Time::US) << ") arrived at ToR "
                                          << f.arrivedTor << ", circuit to " << expected);
            }
            if (!guarded && f.begin < slotStart + spec.guard)
            {
                ++early;
            }
            ++checked;
        }
        NS_TEST_EXPECT_MSG_EQ(bad, 0, "frames outside their windows or circuits");
        // 30 flows of 2 Gb/s for 2 ms: several thousand frames.
        NS_TEST_EXPECT_MSG_GT(checked, 5000, "frames checked");
        NS_TEST_EXPECT_MSG_GT(early, 0, "unguarded slots are used from their start");
        NS_TEST_EXPECT_MSG_EQ(net.GetWindowViolations(), 0, "the queues' own frame check");
        const RdcnPacketCounters c = net.GetCounters();
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("guard"), 0, "guard drops");
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("no-circuit"), 0, "no-circuit drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Round robin with one uplink on N = 4 ToRs, permutation traffic (ToR i's hosts to ToR i+1's),
 * direct routing: the pair (i, i+1) has a circuit in one slot of each cycle of N-1, so its
 * throughput is at most (1/(N-1))(1 - Guard/Slot) of the uplink rate, and with 1500-byte
 * packets at most m packets per cycle, m the packets one window carries (computed here). Under
 * saturation it delivers exactly that: the count over 20 cycles is <= 20 m per pair and the
 * throughput >= 97% of the closed form. RotorLB: the direct window, then the excess over the
 * two other circuits, each carrying first hops and second hops alike: N/(2(N-1)) of the
 * uplink (2/3 at N = 4), at most N m / 2 packets a cycle, and >= 95% of it (the intermediates
 * accept by windows of whole packets).
 */
class PermutationTestCase : public TestCase
{
  public:
    /// \param scheme direct or rotorlb
    explicit PermutationTestCase(const std::string& scheme)
        : TestCase(scheme == "direct"
                       ? "direct routing of permutation traffic on a round robin: the circuit's "
                         "share"
                       : "rotorlb routing of permutation traffic on a round robin: N over "
                         "2(N-1)"),
          m_scheme(scheme)
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.tors = 4;
        spec.hosts = 2;
        spec.scheme = m_scheme;
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        const uint32_t n = spec.tors;
        const bool direct = m_scheme == "direct";
        const Time cycle = spec.slot * static_cast<int64_t>(n - 1);
        const double share = direct ? 1.0 / (n - 1) : n / (2.0 * (n - 1));
        const double closedForm = share * (1.0 - spec.guard.GetSeconds() / spec.slot.GetSeconds()) *
                                  static_cast<double>(spec.rate.GetBitRate());
        const uint64_t m = PacketsPerWindow(spec, FibreDelay(net), IP_PACKET);
        const uint64_t perCycle = direct ? m : n * m / 2;
        // Each host offers twice its share of the pair's circuit: the queues stay backlogged.
        const DataRate offered(static_cast<uint64_t>(2 * closedForm / spec.hosts));
        const uint32_t warmupCycles = 4;
        const uint32_t cycles = 20;
        const Time stop = cycle * static_cast<int64_t>(warmupCycles + cycles + 2);
        for (uint32_t t = 0; t < n; ++t)
        {
            for (uint32_t h = 0; h < spec.hosts; ++h)
            {
                AddUdp(net, t, h, (t + 1) % n, h, offered, stop);
            }
        }
        // Shift 1 is slice 0: pair (i, i+1) sends in the first slot of each cycle and its
        // packets reach the hosts within a few microseconds of that slot's end. Count arrivals
        // between the middles of the second slots of two cycles: exactly the cycles between.
        ApplicationContainer sinks = InstallSinks(net);
        std::vector<uint64_t> perDestination(n, 0);
        const Time from = cycle * static_cast<int64_t>(warmupCycles) + spec.slot * 3 / 2;
        const Time to = from + cycle * static_cast<int64_t>(cycles);
        for (uint32_t i = 0; i < sinks.GetN(); ++i)
        {
            const uint32_t tor = i / spec.hosts;
            sinks.Get(i)->TraceConnectWithoutContext(
                "Rx",
                Callback<void, Ptr<const Packet>, const Address&>(
                    [&perDestination, tor, from, to](Ptr<const Packet>, const Address&) {
                        const Time now = Simulator::Now();
                        if (now >= from && now < to)
                        {
                            ++perDestination[tor];
                        }
                    }));
        }
        Simulator::Stop(stop);
        Simulator::Run();
        for (uint32_t d = 0; d < n; ++d)
        {
            const double throughput =
                static_cast<double>(perDestination[d]) * IP_PACKET * 8 / (to - from).GetSeconds();
            NS_TEST_EXPECT_MSG_LT_OR_EQ(perDestination[d],
                                        cycles * perCycle,
                                        "ToR " << d << ": at most " << perCycle
                                               << " packets a cycle");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(throughput,
                                        (direct ? 0.97 : 0.95) * closedForm,
                                        "ToR " << d << " receives " << throughput / 1e9
                                               << " Gb/s; closed form " << closedForm / 1e9);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(throughput, closedForm, "never above the closed form");
        }
        NS_TEST_EXPECT_MSG_EQ(net.GetCounters().dropped.at("guard"), 0, "guard drops");
        NS_TEST_EXPECT_MSG_GT(net.GetCounters().dropped.at("queue-full"), 0, "saturated");
        Simulator::Destroy();
    }

    std::string m_scheme; //!< direct or rotorlb
};

/**
 * \ingroup optical-tests
 * VLB on a round robin with one uplink, N = 4 ToRs, uniform saturating traffic (each ToR's host
 * offers its link rate, spread over the other ToRs), transit packets first. Intermediates
 * neither end (VlbIntermediates others): every packet takes two circuit hops, so each ToR
 * receives half of what its uplink carries, m/2 packets per slot of m. Intermediates any ToR
 * but the source (any): a share 1/(N - 1) goes in one hop; with x the ToR's own packets a
 * circuit carries and x (N - 2)/(N - 1) transit, x (1 + (N - 2)/(N - 1)) = m, and a ToR
 * receives x = m (N - 1)/(2N - 3) per slot (3/5 of m at N = 4). Within 3% over 60 slots (the
 * intermediates are random). Counted from slot boundaries offset by 3 us: a slot's packets
 * reach the hosts between 4.9 us after its start and 1.7 us after its end.
 */
class VlbTestCase : public TestCase
{
  public:
    /// \param any VlbIntermediates any (else others)
    explicit VlbTestCase(bool any)
        : TestCase(any ? "VLB (any intermediate) under uniform saturating traffic: (N-1) over "
                         "(2N-3) of the uplink capacity"
                       : "VLB (intermediates neither end) under uniform saturating traffic: half "
                         "the uplink capacity"),
          m_any(any)
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.tors = 4;
        spec.scheme = "vlb";
        std::string error;
        Config::SetDefault("ns3::RdcnRouter::VlbIntermediates",
                           StringValue(m_any ? "any" : "others"));
        RdcnNetwork net = Build(spec, error);
        Config::SetDefault("ns3::RdcnRouter::VlbIntermediates", StringValue("any"));
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        const uint32_t n = spec.tors;
        const uint64_t m = PacketsPerWindow(spec, FibreDelay(net), IP_PACKET);
        const uint32_t warmupSlots = 30;
        const uint32_t slots = 60;
        const Time stop = spec.slot * static_cast<int64_t>(warmupSlots + slots + 3);
        const DataRate each(spec.rate.GetBitRate() / (n - 1));
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t d = 0; d < n; ++d)
            {
                if (d != s)
                {
                    AddUdp(net, s, 0, d, 0, each, stop);
                }
            }
        }
        ApplicationContainer sinks = InstallSinks(net);
        const Time from = spec.slot * static_cast<int64_t>(warmupSlots) + MicroSeconds(3);
        const Time to = from + spec.slot * static_cast<int64_t>(slots);
        std::vector<uint64_t> received(n, 0);
        for (uint32_t i = 0; i < sinks.GetN(); ++i)
        {
            sinks.Get(i)->TraceConnectWithoutContext(
                "Rx",
                Callback<void, Ptr<const Packet>, const Address&>(
                    [&received, i, from, to](Ptr<const Packet>, const Address&) {
                        const Time now = Simulator::Now();
                        if (now >= from && now < to)
                        {
                            ++received[i];
                        }
                    }));
        }
        Simulator::Stop(stop);
        Simulator::Run();
        const double share = m_any ? (n - 1.0) / (2.0 * n - 3.0) : 0.5;
        const double expected = share * static_cast<double>(m) * slots;
        const double closedForm = share * (1.0 - spec.guard.GetSeconds() / spec.slot.GetSeconds()) *
                                  static_cast<double>(spec.rate.GetBitRate());
        for (uint32_t d = 0; d < n; ++d)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(received[d]),
                                      expected,
                                      0.03 * expected,
                                      "ToR " << d << " receives " << received[d] << " packets in "
                                             << slots << " slots of " << m);
            const double throughput =
                static_cast<double>(received[d]) * IP_PACKET * 8 / (to - from).GetSeconds();
            NS_TEST_EXPECT_MSG_LT_OR_EQ(throughput,
                                        1.03 * closedForm,
                                        "the closed form's share of the uplink rate minus guards");
        }
        NS_TEST_EXPECT_MSG_EQ(net.GetCounters().dropped.at("guard"), 0, "guard drops");
        Simulator::Destroy();
    }

    bool m_any; //!< VlbIntermediates any (else others)
};

/**
 * \ingroup optical-tests
 * Conservation under overload (VLB, 2 hosts per ToR, calendar FIFOs of 5 packets, every host
 * offering its link rate): at several instants while traffic runs, and after it stops and the
 * network drains, entering == delivered + dropped + queued + in flight exactly. Once, the
 * demand matrix is read twice at the same instant: the first holds the bytes entered so far
 * plus the queued bytes, the second only the queued bytes. After the
 * drain nothing is queued or in flight, the entering count equals the frames the hosts' devices
 * sent, and the delivered count equals the datagrams the sinks received.
 */
class ConservationTestCase : public TestCase
{
  public:
    ConservationTestCase()
        : TestCase("packet conservation under overload, during the run and after the drain")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.tors = 4;
        spec.hosts = 2;
        spec.scheme = "vlb";
        spec.slot = MicroSeconds(20);
        spec.maxSize = "5p";
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        const uint32_t n = spec.tors;
        const Time stop = MilliSeconds(1);
        const DataRate each(spec.rate.GetBitRate() / (n - 1));
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t h = 0; h < spec.hosts; ++h)
            {
                for (uint32_t d = 0; d < n; ++d)
                {
                    if (d != s)
                    {
                        AddUdp(net, s, h, d, (h + d) % spec.hosts, each, stop);
                    }
                }
            }
        }
        ApplicationContainer sinks = InstallSinks(net);
        uint64_t hostFrames = 0;
        for (uint32_t t = 0; t < n; ++t)
        {
            for (uint32_t h = 0; h < spec.hosts; ++h)
            {
                net.GetHostDevice(t, h)->TraceConnectWithoutContext(
                    "PhyTxBegin",
                    Callback<void, Ptr<const Packet>>(
                        [&hostFrames](Ptr<const Packet>) { ++hostFrames; }));
            }
        }
        uint32_t checks = 0;
        uint32_t busyChecks = 0;
        for (int64_t us = 113; us < 1000; us += 97)
        {
            Simulator::Schedule(MicroSeconds(us), [&]() {
                const RdcnPacketCounters c = net.GetCounters();
                NS_TEST_EXPECT_MSG_EQ(c.GetImbalance(),
                                      0,
                                      "at " << Simulator::Now().As(Time::US) << ": entered "
                                            << c.entered << ", delivered " << c.delivered
                                            << ", dropped " << c.GetDropped() << ", queued "
                                            << c.queued << ", in flight " << c.inFlight);
                ++checks;
                busyChecks += c.queued > 0 && c.inFlight > 0 ? 1 : 0;
                if (checks == 5)
                {
                    // The demand: bytes entered since the last call plus bytes queued. Called
                    // twice at once, the second call holds the queued bytes only.
                    const auto fresh = net.GetDemand();
                    const auto queued = net.GetDemand();
                    double freshSum = 0;
                    double queuedSum = 0;
                    for (uint32_t s = 0; s < n; ++s)
                    {
                        NS_TEST_EXPECT_MSG_EQ(fresh[s][s], 0, "no demand of a ToR to itself");
                        for (uint32_t d = 0; d < n; ++d)
                        {
                            freshSum += fresh[s][d] - queued[s][d];
                            queuedSum += queued[s][d];
                        }
                    }
                    NS_TEST_EXPECT_MSG_EQ(freshSum, c.enteredBytes, "demand: bytes entered");
                    NS_TEST_EXPECT_MSG_EQ(queuedSum, c.queued * IP_PACKET, "demand: bytes queued");
                }
            });
        }
        Simulator::Stop(stop + MilliSeconds(1));
        Simulator::Run();
        const RdcnPacketCounters c = net.GetCounters();
        NS_TEST_EXPECT_MSG_EQ(checks, 10, "checks during the run");
        NS_TEST_EXPECT_MSG_EQ(busyChecks, checks, "packets queued and in flight while checking");
        NS_TEST_EXPECT_MSG_EQ(c.GetImbalance(), 0, "after the drain");
        NS_TEST_EXPECT_MSG_EQ(c.queued, 0, "drained: nothing queued");
        NS_TEST_EXPECT_MSG_EQ(c.inFlight, 0, "drained: nothing in flight");
        NS_TEST_EXPECT_MSG_GT(c.dropped.at("queue-full"), c.entered / 10, "overloaded");
        NS_TEST_EXPECT_MSG_EQ(c.entered, hostFrames, "entered = frames the hosts sent");
        uint64_t sunk = 0;
        for (uint32_t i = 0; i < sinks.GetN(); ++i)
        {
            sunk += DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx() / UDP_PAYLOAD;
        }
        NS_TEST_EXPECT_MSG_EQ(c.delivered, sunk, "delivered = datagrams the sinks received");
        NS_TEST_EXPECT_MSG_EQ(c.deliveredBytes, sunk * IP_PACKET, "delivered bytes");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A TCP transfer (BulkSend to PacketSink, ordinary ns-3 applications and TCP) between hosts on
 * different ToRs completes all its bytes over hop-on-hop-off routing (4 ToRs, 2 uplinks), with
 * no guard drops; the destination ToR checked the segments' order.
 */
class TcpTestCase : public TestCase
{
  public:
    TcpTestCase()
        : TestCase("a TCP transfer completes over hop-on-hop-off routing")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.tors = 4;
        spec.uplinks = 2;
        spec.scheme = "hoho";
        spec.slot = MicroSeconds(20);
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        const uint64_t bytes = 1000000;
        const uint16_t port = 5000;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink = sinkHelper.Install(net.GetHost(3, 0));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(net.GetHostAddress(3, 0), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        ApplicationContainer source = bulk.Install(net.GetHost(0, 0));
        source.Start(MicroSeconds(10));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx(),
                              bytes,
                              "bytes received");
        NS_TEST_EXPECT_MSG_GT(net.GetOrderedChecked(), bytes / 1500, "segments checked");
        NS_TEST_EXPECT_MSG_EQ(net.GetCounters().dropped.at("guard"), 0, "guard drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Guard-band drops are 0 when calendar queues respect the windows (saturating uniform traffic,
 * every routing scheme; ksp and source carry their routes in the packets), and not 0 when ToR 0's
 * uplink sends through a plain FIFO that ignores them: the switches' dark windows are real and the
 * counter counts them (and so does the calendar queue's own frame check).
 */
class GuardTestCase : public TestCase
{
  public:
    GuardTestCase()
        : TestCase("no guard-band drops with calendar queues; some without")
    {
    }

  private:
    /// Runs uniform traffic; with \p fifo ToR 0's uplink gets a FIFO queue disc.
    RdcnPacketCounters Run(const std::string& scheme, bool fifo, uint64_t& violations)
    {
        Spec spec;
        spec.tors = 4;
        spec.scheme = scheme;
        spec.slot = MicroSeconds(20);
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_EXPECT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return RdcnPacketCounters();
        }
        if (fifo)
        {
            Ptr<NetDevice> dev = net.GetUplinkDevice(0, 0);
            Ptr<TrafficControlLayer> tc = net.GetTor(0)->GetObject<TrafficControlLayer>();
            tc->DeleteRootQueueDiscOnDevice(dev);
            tc->SetRootQueueDiscOnDevice(dev, CreateObject<FifoQueueDisc>());
        }
        const uint32_t n = spec.tors;
        const Time stop = MicroSeconds(600);
        const DataRate each(spec.rate.GetBitRate() / (n - 1));
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t d = 0; d < n; ++d)
            {
                if (d != s)
                {
                    AddUdp(net, s, 0, d, 0, each, stop);
                }
            }
        }
        InstallSinks(net);
        Simulator::Stop(stop + MicroSeconds(200));
        Simulator::Run();
        const RdcnPacketCounters c = net.GetCounters();
        violations = net.GetWindowViolations();
        NS_TEST_EXPECT_MSG_GT(c.delivered, 1000, scheme << ": traffic went through");
        Simulator::Destroy();
        return c;
    }

    void DoRun() override
    {
        for (const char* scheme : {"direct", "vlb", "hoho", "ksp", "source"})
        {
            uint64_t violations = 0;
            const RdcnPacketCounters c = Run(scheme, false, violations);
            NS_TEST_EXPECT_MSG_EQ(c.dropped.at("guard"), 0, scheme << ": guard drops");
            NS_TEST_EXPECT_MSG_EQ(violations, 0, scheme << ": window violations");
        }
        uint64_t violations = 0;
        const RdcnPacketCounters c = Run("direct", true, violations);
        NS_TEST_EXPECT_MSG_GT(c.dropped.at("guard"), 0, "a FIFO sends into guard bands");
        NS_TEST_EXPECT_MSG_GT(violations, 0, "and the calendar queue's check sees it");
    }
};

/**
 * \ingroup optical-tests
 * The calendar queue's enqueue side, packet by packet on one queue disc (no simulation): each
 * slice has a transit and a local FIFO of MaxSize = 6 packets; with EcnMarkThreshold = 3
 * packets, ECN-capable packets beyond the third of a FIFO are marked CE and kept, others kept
 * unmarked; beyond the sixth they are dropped (queue-full); an untagged packet is dropped; a
 * slice beyond the cycle gets its queues when first used; the (src, dst) byte counts follow.
 */
class QueueEnqueueTestCase : public TestCase
{
  public:
    QueueEnqueueTestCase()
        : TestCase("calendar queue: slice FIFOs, ECN marks above the threshold, drops at MaxSize")
    {
    }

  private:
    /// A 1500-byte IPv4 item for ToR 3, tagged for \p slice (no tag when slice < 0).
    static Ptr<Ipv4QueueDiscItem> Item(int32_t slice, bool transit, bool ect)
    {
        Ptr<Packet> p = Create<Packet>(IP_PACKET - 20);
        if (slice >= 0)
        {
            RdcnTag tag;
            tag.SetSource(1);
            tag.SetDestination(3);
            tag.SetSlice(static_cast<uint32_t>(slice));
            tag.SetFlags(transit ? RdcnTag::FLAG_TRANSIT : 0);
            p->AddPacketTag(tag);
        }
        Ipv4Header h;
        h.SetPayloadSize(p->GetSize());
        h.SetEcn(ect ? Ipv4Header::ECN_ECT0 : Ipv4Header::ECN_NotECT);
        return Create<Ipv4QueueDiscItem>(p, Mac48Address::GetBroadcast(), 0x0800, h);
    }

    void DoRun() override
    {
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        NS_TEST_ASSERT_MSG_EQ(
            schedule->SetMatchings(4, RdcnScheduleGenerator::RoundRobin(4, 1, error), error),
            true,
            error);
        Ptr<Node> node = CreateObject<Node>();
        Ptr<OcsNetDevice> device = CreateObject<OcsNetDevice>();
        node->AddDevice(device);
        device->Attach(CreateObject<OcsChannel>());
        Ptr<RdcnCalendarQueueDisc> q = CreateObject<RdcnCalendarQueueDisc>();
        q->SetAttribute("MaxSize", StringValue("6p"));
        q->SetAttribute("EcnMarkThreshold", StringValue("3p"));
        q->Setup(schedule, 1, 0, device);
        q->Initialize();
        NS_TEST_ASSERT_MSG_EQ(q->GetNSliceQueues(), 3, "one queue pair per slice");
        uint32_t accepted = 0;
        for (uint32_t k = 0; k < 10; ++k)
        {
            accepted += q->Enqueue(Item(1, false, true)) ? 1 : 0; // local, ECN-capable
        }
        for (uint32_t k = 0; k < 5; ++k)
        {
            accepted += q->Enqueue(Item(1, true, false)) ? 1 : 0; // transit, not ECN-capable
        }
        accepted += q->Enqueue(Item(-1, false, true)) ? 1 : 0;
        accepted += q->Enqueue(Item(4, false, false)) ? 1 : 0; // slice 4: beyond the cycle
        const QueueDisc::Stats& stats = q->GetStats();
        NS_TEST_EXPECT_MSG_EQ(accepted, 6 + 5 + 1, "6 local, 5 transit, 1 in slice 4");
        NS_TEST_EXPECT_MSG_EQ(q->GetSliceNPackets(1), 11, "slice 1 holds both FIFOs");
        NS_TEST_EXPECT_MSG_EQ(q->GetNSliceQueues(), 5, "queues added for slice 4");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNMarkedPackets(RdcnCalendarQueueDisc::ECN_MARK),
                              3,
                              "ECN-capable packets 4 to 6 marked");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RdcnCalendarQueueDisc::QUEUE_FULL_DROP),
                              4,
                              "packets 7 to 10 of a full FIFO dropped");
        NS_TEST_EXPECT_MSG_EQ(stats.GetNDroppedPackets(RdcnCalendarQueueDisc::UNTAGGED_DROP),
                              1,
                              "untagged packet dropped");
        NS_TEST_EXPECT_MSG_EQ(q->GetQueuedBytesByPair().at((1u << 16) | 3),
                              12ULL * IP_PACKET,
                              "queued bytes of pair (1, 3)");
        NS_TEST_EXPECT_MSG_EQ(q->GetPeakBytes(), 12ULL * IP_PACKET, "peak bytes");
        const std::vector<Ptr<QueueDiscItem>> flushed = q->Flush();
        NS_TEST_EXPECT_MSG_EQ(flushed.size(), 12, "flushed");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPackets(), 0, "empty after the flush");
        NS_TEST_EXPECT_MSG_EQ(q->GetQueuedBytesByPair().empty(), true, "no pair bytes left");
        Simulator::Destroy();
    }
};

/// One cycle of shift matchings on one uplink: slice s sends ToR i to ToR i + shifts[s].
std::vector<std::vector<RdcnMatching>>
ShiftCycle(uint32_t tors, const std::vector<uint32_t>& shifts)
{
    std::vector<RdcnMatching> slices;
    for (uint32_t k : shifts)
    {
        RdcnMatching m(tors);
        for (uint32_t i = 0; i < tors; ++i)
        {
            m[i] = static_cast<int32_t>((i + k) % tors);
        }
        slices.push_back(m);
    }
    return {slices};
}

/**
 * \ingroup optical-tests
 * New cycles installed while traffic runs (as a traffic-aware scheduler does), 4 ToRs with one
 * uplink: from slot 20 a longer cycle (4 slices: shifts 2, 1, 3, 1), from slot 47 a shorter
 * one (3 slices: shifts 3, 1, 2), so that slice 3 disappears. The switches follow (no guard drops,
 * no frames outside windows), the ToRs route their queued packets again at each new cycle, and
 * after the drain every packet is accounted for and nothing is left queued (a slice of the old
 * cycle that the new one lacks would otherwise strand its packets).
 */
class NewCycleTestCase : public TestCase
{
  public:
    NewCycleTestCase()
        : TestCase("new cycles installed mid-run: switches and queues follow, nothing stranded")
    {
    }

  private:
    void DoRun() override
    {
        Spec spec;
        spec.tors = 4;
        spec.scheme = "direct";
        spec.slot = MicroSeconds(20);
        std::string error;
        RdcnNetwork net = Build(spec, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        Ptr<RdcnSchedule> schedule = net.GetSchedule();
        const uint32_t n = spec.tors;
        const Time stop = MicroSeconds(1500);
        const DataRate each(spec.rate.GetBitRate() / (n - 1));
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t d = 0; d < n; ++d)
            {
                if (d != s)
                {
                    AddUdp(net, s, 0, d, 0, each, stop);
                }
            }
        }
        InstallSinks(net);
        bool installed = true;
        // Slot 12 of 20 us: a 4-slice cycle from slot 20; then at slot 45 a 3-slice one (the
        // shifts in another order) from slot 47: slice 3 of the 4-slice cycle disappears.
        Simulator::Schedule(MicroSeconds(245), [&]() {
            installed &= schedule->Install(ShiftCycle(n, {2, 1, 3, 1}), 20, error);
        });
        Simulator::Schedule(MicroSeconds(905), [&]() {
            installed &= schedule->Install(ShiftCycle(n, {3, 1, 2}), 47, error);
        });
        Simulator::Stop(stop + MilliSeconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(installed, true, error);
        const RdcnPacketCounters c = net.GetCounters();
        uint64_t rerouted = 0;
        for (uint32_t t = 0; t < n; ++t)
        {
            rerouted += net.GetTorRouting(t)->GetCounters().rerouted;
        }
        NS_TEST_EXPECT_MSG_GT(rerouted, 0, "queued packets routed again");
        NS_TEST_EXPECT_MSG_EQ(c.GetImbalance(), 0, "conservation");
        NS_TEST_EXPECT_MSG_EQ(c.queued, 0, "nothing stranded in the calendar queues");
        NS_TEST_EXPECT_MSG_EQ(c.inFlight, 0, "drained");
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("guard"), 0, "the switches follow the new cycles");
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("no-circuit"), 0, "no frames into missing circuits");
        NS_TEST_EXPECT_MSG_EQ(net.GetWindowViolations(), 0, "windows of the new cycles");
        NS_TEST_EXPECT_MSG_GT(c.delivered, 1000, "traffic went through");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Spreading over a pair's circuits: 4 ToRs, one uplink, a cycle of shifts 1, 1, 2, 3, so that
 * pair (i, i+1) has two consecutive slots per cycle (the first guarded, m0 packets a window; the
 * second not, m1), permutation traffic i -> i+1 at 4/3 of that, direct routing. Packets that
 * the router puts on the first circuit once its queue is booked go to the second instead, and
 * each pair receives m0 + m1 packets a cycle (>= 97% over 20 cycles, never more). Without
 * spreading (SpreadAttempts 0) only the packets arriving during the second slot use it, and the
 * pair receives below 90% of that.
 */
class SpreadTestCase : public TestCase
{
  public:
    SpreadTestCase()
        : TestCase("ToRs spread packets over a pair's later circuits when the first is booked")
    {
    }

  private:
    /// Packets each pair receives over \p cycles cycles, with \p attempts spreading attempts.
    std::vector<uint64_t> Run(uint32_t attempts, uint32_t cycles, uint64_t& perCycle)
    {
        const uint32_t n = 4;
        Spec spec;
        spec.slot = MicroSeconds(20);
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        schedule->SetSlot(spec.slot);
        schedule->SetGuard(spec.guard);
        NS_TEST_EXPECT_MSG_EQ(schedule->SetMatchings(n, ShiftCycle(n, {1, 1, 2, 3}), error),
                              true,
                              error);
        RdcnHelper helper;
        helper.SetTorRoutingAttribute("SpreadAttempts", UintegerValue(attempts));
        RdcnNetwork net = helper.Install(schedule, 1, error);
        NS_TEST_EXPECT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return {};
        }
        // Slot 0 is guarded (shift 3 before it), slot 1 is not (the same shift).
        const uint64_t m0 = PacketsPerWindow(spec, FibreDelay(net), IP_PACKET);
        Spec unguarded = spec;
        unguarded.guard = Seconds(0);
        const uint64_t m1 = PacketsPerWindow(unguarded, FibreDelay(net), IP_PACKET);
        perCycle = m0 + m1;
        const Time cycle = spec.slot * 4;
        const double offered = 4.0 / 3.0 * static_cast<double>(perCycle) * IP_PACKET * 8 /
                               cycle.GetSeconds() * UDP_PAYLOAD / IP_PACKET;
        const uint32_t warmup = 5;
        const Time stop = cycle * static_cast<int64_t>(warmup + cycles + 2);
        for (uint32_t t = 0; t < n; ++t)
        {
            AddUdp(net, t, 0, (t + 1) % n, 0, DataRate(static_cast<uint64_t>(offered)), stop);
        }
        // The pair's packets reach the hosts within microseconds of its second slot's end:
        // count between the middles of the fourth slots.
        ApplicationContainer sinks = InstallSinks(net);
        const Time from = cycle * static_cast<int64_t>(warmup) + spec.slot * 7 / 2;
        const Time to = from + cycle * static_cast<int64_t>(cycles);
        std::vector<uint64_t> received(n, 0);
        for (uint32_t i = 0; i < n; ++i)
        {
            sinks.Get(i)->TraceConnectWithoutContext(
                "Rx",
                Callback<void, Ptr<const Packet>, const Address&>(
                    [&received, i, from, to](Ptr<const Packet>, const Address&) {
                        if (Simulator::Now() >= from && Simulator::Now() < to)
                        {
                            ++received[i];
                        }
                    }));
        }
        Simulator::Stop(stop);
        Simulator::Run();
        uint64_t spread = 0;
        for (uint32_t t = 0; t < n; ++t)
        {
            spread += net.GetTorRouting(t)->GetCounters().spread;
        }
        const bool spreadSome = spread > 0;
        const bool allowed = attempts > 0;
        NS_TEST_EXPECT_MSG_EQ(spreadSome, allowed, "packets spread only when allowed");
        Simulator::Destroy();
        return received;
    }

    void DoRun() override
    {
        const uint32_t cycles = 20;
        uint64_t perCycle = 0;
        const std::vector<uint64_t> spread = Run(8, cycles, perCycle);
        const std::vector<uint64_t> first = Run(0, cycles, perCycle);
        if (spread.size() != 4 || first.size() != 4)
        {
            return;
        }
        for (uint32_t d = 0; d < 4; ++d)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(spread[d], cycles * perCycle, "at most the windows");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(spread[d],
                                        0.97 * cycles * perCycle,
                                        "ToR " << d << " with spreading: " << spread[d] << " of "
                                               << cycles * perCycle);
            NS_TEST_EXPECT_MSG_LT(first[d],
                                  0.9 * cycles * perCycle,
                                  "ToR " << d << " without: " << first[d] << " of "
                                         << cycles * perCycle);
        }
    }
};

/**
 * \ingroup optical-tests
 * A traffic-aware schedule on the packet network (RdcnTrafficAwareScheduler fed by
 * RdcnNetwork::GetDemand every 500 us; 4 ToRs, one uplink, direct routing): with one hot pair
 * (ToR 0 to ToR 1 at 5 Gb/s, the others 0.3 Gb/s), the cycles it installs give the hot pair
 * more than a round robin can (about 3 Gb/s), at least 1.2 x (1/(N-1))(1 - Guard/Slot) of the
 * uplink rate, while the switches and queues follow every new cycle (no guard drops, no window
 * violations) and every packet is accounted for after the drain. The scheduler starts before
 * the network is built, so the network sees the scheduler's cycle length from slot 0.
 */
class TrafficAwareTestCase : public TestCase
{
  public:
    TrafficAwareTestCase()
        : TestCase("traffic-aware cycles from the network's demand serve a hot pair")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 4;
        const Time slot = MicroSeconds(20);
        const Time guard = MicroSeconds(1);
        const DataRate rate("10Gbps");
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        schedule->SetSlot(slot);
        schedule->SetGuard(guard);
        NS_TEST_ASSERT_MSG_EQ(
            schedule->SetMatchings(n, RdcnScheduleGenerator::RoundRobin(n, 1, error), error),
            true,
            error);
        RdcnNetwork net;
        Ptr<RdcnTrafficAwareScheduler> scheduler = CreateObject<RdcnTrafficAwareScheduler>();
        scheduler->SetAttribute("Epoch", TimeValue(MicroSeconds(500)));
        scheduler->SetAttribute("UplinkRate", DataRateValue(rate));
        scheduler->SetSchedule(schedule);
        scheduler->SetDemandSource([&net]() { return net.GetDemand(); });
        NS_TEST_ASSERT_MSG_EQ(scheduler->Start(error), true, error);
        RdcnHelper helper;
        net = helper.Install(schedule, 1, error);
        NS_TEST_ASSERT_MSG_EQ(net.IsValid(), true, error);
        if (!net.IsValid())
        {
            return;
        }
        const Time stop = MilliSeconds(4);
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t d = 0; d < n; ++d)
            {
                if (d != s)
                {
                    const bool hot = s == 0 && d == 1;
                    AddUdp(net, s, 0, d, 0, DataRate(hot ? "5Gbps" : "300Mbps"), stop);
                }
            }
        }
        ApplicationContainer sinks = InstallSinks(net);
        const Time from = MilliSeconds(2);
        const Time to = stop;
        uint64_t hot = 0;
        const Ipv4Address hotSource = net.GetHostAddress(0, 0);
        sinks.Get(1)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                [&hot, hotSource, from, to](Ptr<const Packet>, const Address& a) {
                    const Time now = Simulator::Now();
                    if (now >= from && now < to &&
                        InetSocketAddress::ConvertFrom(a).GetIpv4() == hotSource)
                    {
                        ++hot;
                    }
                }));
        Simulator::Schedule(stop, [scheduler]() { scheduler->Stop(); });
        Simulator::Stop(stop + MilliSeconds(1));
        Simulator::Run();
        const double roundRobin = (1.0 / (n - 1)) * (1.0 - guard.GetSeconds() / slot.GetSeconds()) *
                                  static_cast<double>(rate.GetBitRate());
        const double throughput =
            static_cast<double>(hot) * IP_PACKET * 8 / (to - from).GetSeconds();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(scheduler->GetNInstalled(), 4, "cycles installed");
        NS_TEST_EXPECT_MSG_GT(throughput,
                              1.2 * roundRobin,
                              "hot pair " << throughput / 1e9 << " Gb/s; round robin "
                                          << roundRobin / 1e9);
        const RdcnPacketCounters c = net.GetCounters();
        NS_TEST_EXPECT_MSG_EQ(c.GetImbalance(), 0, "conservation");
        NS_TEST_EXPECT_MSG_EQ(c.queued + c.inFlight, 0, "drained");
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("guard"), 0, "guard drops");
        NS_TEST_EXPECT_MSG_EQ(c.dropped.at("no-circuit"), 0, "no-circuit drops");
        NS_TEST_EXPECT_MSG_EQ(net.GetWindowViolations(), 0, "window violations");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Bad inputs give errors naming the problem, and nothing is built: hostsPerTor 0, no schedule,
 * a schedule without matchings, a slot too short for a full frame, an unknown attribute, a
 * switch attribute the network sets itself.
 */
class BadInputTestCase : public TestCase
{
  public:
    BadInputTestCase()
        : TestCase("bad inputs are errors")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        schedule->SetSlot(MicroSeconds(20));
        schedule->SetGuard(MicroSeconds(1));
        NS_TEST_ASSERT_MSG_EQ(
            schedule->SetMatchings(4, RdcnScheduleGenerator::RoundRobin(4, 1, error), error),
            true,
            error);
        {
            RdcnHelper helper;
            NS_TEST_EXPECT_MSG_EQ(helper.Install(schedule, 0, error).IsValid(), false, "H = 0");
            NS_TEST_EXPECT_MSG_NE(error.find("hostsPerTor is 0"), std::string::npos, error);
            NS_TEST_EXPECT_MSG_EQ(helper.Install(nullptr, 1, error).IsValid(), false, "null");
            NS_TEST_EXPECT_MSG_NE(error.find("no schedule"), std::string::npos, error);
            NS_TEST_EXPECT_MSG_EQ(helper.Install(CreateObject<RdcnSchedule>(), 1, error).IsValid(),
                                  false,
                                  "empty schedule");
            NS_TEST_EXPECT_MSG_NE(error.find("no matchings"), std::string::npos, error);
        }
        {
            RdcnHelper helper;
            helper.SetUplinkAttribute("DataRate", DataRateValue(DataRate("100Mbps")));
            NS_TEST_EXPECT_MSG_EQ(helper.Install(schedule, 1, error).IsValid(), false, "slow");
            NS_TEST_EXPECT_MSG_NE(error.find("make the slot longer"), std::string::npos, error);
        }
        {
            RdcnHelper helper;
            helper.SetQueueDiscAttribute("NoSuchThing", UintegerValue(1));
            helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MicroSeconds(1)));
            NS_TEST_EXPECT_MSG_EQ(helper.Install(schedule, 1, error).IsValid(), false, "attr");
            NS_TEST_EXPECT_MSG_NE(error.find("no attribute 'NoSuchThing'"),
                                  std::string::npos,
                                  error);
            NS_TEST_EXPECT_MSG_NE(error.find("ReconfigurationDelay is set by the network"),
                                  std::string::npos,
                                  error);
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * The packet level of time-slotted networks.
 */
class RdcnPacketTestSuite : public TestSuite
{
  public:
    RdcnPacketTestSuite()
        : TestSuite("optical-rdcn-packet", SUITE_UNIT)
    {
        AddTestCase(new QueueEnqueueTestCase, TEST_QUICK);
        AddTestCase(new WindowTestCase, TEST_QUICK);
        AddTestCase(new PermutationTestCase("direct"), TEST_QUICK);
        AddTestCase(new PermutationTestCase("rotorlb"), TEST_QUICK);
        AddTestCase(new VlbTestCase(true), TEST_QUICK);
        AddTestCase(new VlbTestCase(false), TEST_QUICK);
        AddTestCase(new ConservationTestCase, TEST_QUICK);
        AddTestCase(new TcpTestCase, TEST_QUICK);
        AddTestCase(new GuardTestCase, TEST_QUICK);
        AddTestCase(new NewCycleTestCase, TEST_QUICK);
        AddTestCase(new SpreadTestCase, TEST_QUICK);
        AddTestCase(new TrafficAwareTestCase, TEST_QUICK);
        AddTestCase(new BadInputTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static RdcnPacketTestSuite g_rdcnPacketTestSuite;

} // namespace
