/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RoCEv2 on a time-slotted network: queue pairs gated by the circuit windows of the schedule
// (RdcnRdmaGate), against the same network where they send freely into the calendar queues.

#include "../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/rdcn-helper.h"
#include "ns3/rdcn-rdma-gate.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/roce-fabric.h"
#include "ns3/roce-shared-buffer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <string>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Slot of the networks (us).
constexpr double SLOT_US = 100;
/// Guard band (us).
constexpr double GUARD_US = 1;
/// Host link and uplink rate.
const DataRate RATE("10Gbps");

/// What one run did.
struct GateRun
{
    Time delivered{Seconds(-1)}; //!< When the message's last packet was accepted
    uint64_t queuePeak{0};       //!< Largest calendar queue of ToR 0's uplink (bytes)
    RdmaNicCounters sender;      //!< Host 0's NIC
    uint64_t dropped{0};         //!< Packets the network dropped
    int64_t imbalance{0};        //!< Conservation of the network's packets
    uint64_t hostDelivered{0};   //!< Frames the network's counters saw delivered to hosts
    uint64_t fastDelivered{0};   //!< Of these, frames the hosts' RoceFastPath delivered
    uint32_t gates{0};           //!< Gates of host 0's NIC
    Time lead;                   //!< The gate's Lead
    Time tail;                   //!< Its Tail
    uint64_t pauseFrames{0};     //!< Pause frames host 0's port received (priority 3)
    uint64_t bufferDrops{0};     //!< Drops of ToR 0's buffer
    uint64_t bufferPeak{0};      //!< Largest occupancy of ToR 0's buffer (bytes)
    Ptr<RdcnSchedule> schedule;  //!< The schedule
};

/**
 * \brief Host 0 (ToR 0) sends \p bytes to host 1 (ToR 1) over RoCEv2 at line rate (no
 * congestion control) on a 4-ToR round robin with one uplink and one host per ToR.
 */
GateRun
RunGate(RdcnRdmaGate::Gating gating,
        const std::string& scheme,
        uint64_t bytes,
        uint64_t bufferBytes = 32000000,
        bool fastPath = false)
{
    GateRun run;
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(MicroSeconds(SLOT_US));
    schedule->SetGuard(MicroSeconds(GUARD_US));
    std::string error;
    const auto matchings = RdcnScheduleGenerator::RoundRobin(4, 1, error);
    NS_ABORT_MSG_IF(!schedule->SetMatchings(4, matchings, error), error);
    RdcnHelper helper;
    helper.SetRouterAttribute("Scheme", StringValue(scheme));
    helper.SetUplinkAttribute("DataRate", DataRateValue(RATE));
    helper.SetHostLinkAttribute("DataRate", DataRateValue(RATE));
    // The ToR's buffer, not the calendar queue's own size, limits what it holds.
    helper.SetQueueDiscAttribute("MaxSize", StringValue("1000000p"));
    helper.SetRdmaGateAttribute("Gating", EnumValue(gating));
    RdcnNetwork net = helper.Install(schedule, 1, error);
    NS_ABORT_MSG_IF(!net.IsValid(), error);
    helper.AssignStreams(net, 7);

    Ptr<RoceFabric> fabric = CreateObject<RoceFabric>();
    fabric->SetCongestionControl("ns3::RdmaCongestionControl");
    fabric->SetBufferAttribute("BufferSize", UintegerValue(bufferBytes));
    fabric->SetAttribute("FastPath", BooleanValue(fastPath));
    fabric->Install(net.GetHosts());
    Ptr<RdmaNic> sender = fabric->GetNics()[0];
    Ptr<RdmaNic> receiver = fabric->GetNics()[1];
    const uint32_t qp = sender->Connect(receiver, 3);
    sender->Post(
        qp,
        bytes,
        [&run]() { run.delivered = Simulator::Now(); },
        nullptr);

    Simulator::Stop(MilliSeconds(20));
    Simulator::Run();
    run.queuePeak = net.GetQueueDisc(0, 0)->GetPeakBytes();
    run.pauseFrames = fabric->GetPorts()[0]->GetPauseFrames(3);
    Ptr<RoceSharedBuffer> buffer = net.GetTor(0)->GetObject<RoceSharedBuffer>();
    run.bufferDrops = buffer->GetDrops();
    run.bufferPeak = buffer->GetPeakBytes();
    run.sender = sender->GetCounters();
    const RdcnPacketCounters counters = net.GetCounters();
    run.dropped = counters.GetDropped();
    run.imbalance = counters.GetImbalance();
    run.hostDelivered = counters.delivered;
    run.fastDelivered = fabric->GetFastDelivered();
    run.gates = sender->GetNGates();
    TimeValue lead;
    TimeValue tail;
    net.GetRdmaGate()->GetAttribute("Lead", lead);
    net.GetRdmaGate()->GetAttribute("Tail", tail);
    run.lead = lead.Get();
    run.tail = tail.Get();
    run.schedule = schedule;
    Simulator::Destroy();
    return run;
}

/**
 * \brief Gated, a queue pair sends only in its circuit's windows: the ToR's calendar queue
 * holds a frame or two instead of everything sent while the circuit was down; nothing is lost
 * or sent again; the message is delivered when the windows' open time has carried its frames
 * (computed here from the schedule, Lead and Tail), where it sends freely into the calendar
 * queue and the ToR holds up to two slots of line rate.
 */
class RdcnGateTestCase : public TestCase
{
  public:
    RdcnGateTestCase()
        : TestCase("RoCE on an RDCN: queue pairs send in their circuit's windows, the ToR holds "
                   "a frame, delivery when the windows carried the bytes")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 1000000;
        const GateRun gated = RunGate(RdcnRdmaGate::CIRCUIT, "direct", bytes);
        const GateRun free = RunGate(RdcnRdmaGate::NONE, "direct", bytes);

        NS_TEST_ASSERT_MSG_EQ(gated.gates, 4, "a gate per ToR under direct routing");
        NS_TEST_ASSERT_MSG_EQ(free.gates, 0, "no gate when Gating is none");
        NS_TEST_ASSERT_MSG_GT(gated.delivered, Seconds(0), "the gated message arrives");
        NS_TEST_ASSERT_MSG_GT(free.delivered, Seconds(0), "the free message arrives");
        NS_TEST_ASSERT_MSG_EQ(gated.sender.retransmitted, 0, "gated: nothing sent again");
        NS_TEST_ASSERT_MSG_EQ(gated.sender.timeouts, 0, "gated: no timeout");
        NS_TEST_ASSERT_MSG_EQ(gated.dropped, 0, "gated: nothing dropped");
        NS_TEST_ASSERT_MSG_EQ(gated.imbalance, 0, "gated: every packet counted");
        // RoceFabric's FastPath: the network's counters (connected before the fabric) see the
        // frames its hosts' fast path delivers; the same run to the nanosecond.
        const GateRun fast = RunGate(RdcnRdmaGate::CIRCUIT, "direct", bytes, 32000000, true);
        NS_TEST_ASSERT_MSG_EQ(gated.fastDelivered, 0, "IPv4's path: none on the fast path");
        NS_TEST_ASSERT_MSG_GT(fast.fastDelivered, bytes / 1500, "fast path: frames delivered");
        NS_TEST_ASSERT_MSG_EQ(fast.hostDelivered, gated.hostDelivered, "the same deliveries");
        NS_TEST_ASSERT_MSG_EQ(fast.imbalance, 0, "fast path: every packet counted");
        NS_TEST_ASSERT_MSG_EQ(fast.delivered, gated.delivered, "fast path: the same time");

        // Frames: payload by MTU (1500 - IP 20 - UDP 8 - RoCE headers) plus PPP's 2 bytes.
        const uint32_t frame = 1502;
        NS_TEST_ASSERT_MSG_LT_OR_EQ(gated.queuePeak,
                                    frame,
                                    "gated: the calendar queue holds at most one frame");
        // Sent freely, the ToR holds what arrives in the two slots the circuit is down.
        const double downBytes = 2 * SLOT_US * 1e-6 * RATE.GetBitRate() / 8;
        NS_TEST_ASSERT_MSG_GT(double(free.queuePeak),
                              0.9 * downBytes,
                              "free: the calendar queue holds the slots without the circuit");

        // Exact small case of the gated delivery: the NIC starts a frame whenever its line is
        // free and the gate open; the gate of pair 0 -> 1 is open from Guard - Lead after the
        // start of each slot with that circuit (from 0 in slot 0, where the run starts) to
        // Lead + Tail before its end. Frames carry 1460 bytes (1500 - IP 20 - UDP 8 - RoCE 12),
        // the last one the rest. Every link has the same rate, so each hop (the ToR's uplink,
        // the far ToR's host link) starts the last frame one full frame after the one before
        // it: the last frame is delivered 2 full frames and four 0.5 us delays (host link,
        // fibre to the switch and on, host link) after the NIC has sent it.
        const uint32_t payload = 1460;
        const uint64_t frames = (bytes + payload - 1) / payload;
        NS_TEST_ASSERT_MSG_EQ(gated.sender.dataSent, frames, "frames of 1460 bytes");
        const uint32_t lastWire = frame - (frames * payload - bytes);
        Time t = Seconds(0);
        uint64_t sent = 0;
        for (uint64_t s = 0; sent < frames && s < 1000; ++s)
        {
            if (gated.schedule->GetPeer(0, 0, s) != 1)
            {
                continue;
            }
            const Time open =
                std::max(gated.schedule->GetSlotStart(s) +
                             (s == 0 ? Seconds(0) : gated.schedule->GetGuard()) - gated.lead,
                         Seconds(0));
            const Time close = gated.schedule->GetSlotStart(s + 1) - gated.lead - gated.tail;
            for (t = std::max(t, open); t < close && sent < frames; ++sent)
            {
                t += RATE.CalculateBytesTxTime(sent + 1 == frames ? lastWire : frame);
            }
        }
        const Time expected = t + 2 * RATE.CalculateBytesTxTime(frame) + MicroSeconds(2);
        NS_TEST_ASSERT_MSG_EQ_TOL(gated.delivered.GetSeconds() * 1e6,
                                  expected.GetSeconds() * 1e6,
                                  0.01,
                                  "gated delivery (us) against the exact small case");
    }
};

/**
 * \brief Sent freely into a ToR whose buffer is smaller than what waits for the circuit, the
 * calendar queue's packets count toward the buffer's PFC threshold: the host is paused, nothing
 * is lost, and the message arrives when the gated one does (the circuit's windows limit both).
 */
class RdcnLosslessTestCase : public TestCase
{
  public:
    RdcnLosslessTestCase()
        : TestCase("RoCE on an RDCN: the calendar queues are lossless (PFC pauses the host), "
                   "delivery as fast as gated")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 1000000;
        // 2 MB: the dynamic threshold (Alpha 1/8 of the free pool) is about 200 KB, below the
        // 662,900 bytes that wait for the circuit.
        const GateRun free = RunGate(RdcnRdmaGate::NONE, "direct", bytes, 2000000);
        const GateRun gated = RunGate(RdcnRdmaGate::CIRCUIT, "direct", bytes, 2000000);
        NS_TEST_ASSERT_MSG_GT(free.pauseFrames, 0, "the host was paused");
        NS_TEST_ASSERT_MSG_EQ(free.dropped, 0, "nothing dropped in the network");
        NS_TEST_ASSERT_MSG_EQ(free.bufferDrops, 0, "nothing dropped by the buffer");
        NS_TEST_ASSERT_MSG_EQ(free.sender.retransmitted, 0, "nothing sent again");
        NS_TEST_ASSERT_MSG_EQ(free.imbalance, 0, "every packet counted");
        NS_TEST_ASSERT_MSG_LT(free.queuePeak,
                              662900,
                              "the pause holds the calendar queue below what free sending "
                              "piles up without it");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(free.bufferPeak, 2000000, "within the buffer");
        NS_TEST_ASSERT_MSG_EQ(gated.pauseFrames, 0, "gated: never paused");
        NS_TEST_ASSERT_MSG_EQ(free.delivered, gated.delivered, "as fast as gated");
    }
};

/// Under schemes that pick the first hop at the ToR, the gate is one: any circuit up.
class RdcnGateVlbTestCase : public TestCase
{
  public:
    RdcnGateVlbTestCase()
        : TestCase("RoCE on an RDCN under VLB: one gate per NIC (any circuit up), delivered, "
                   "every packet counted")
    {
    }

  private:
    void DoRun() override
    {
        const GateRun run = RunGate(RdcnRdmaGate::CIRCUIT, "vlb", 200000);
        NS_TEST_ASSERT_MSG_EQ(run.gates, 1, "one gate");
        NS_TEST_ASSERT_MSG_GT(run.delivered, Seconds(0), "delivered");
        NS_TEST_ASSERT_MSG_EQ(run.imbalance, 0, "every packet counted");
    }
};

/// The suite.
class RoceRdcnTestSuite : public TestSuite
{
  public:
    RoceRdcnTestSuite()
        : TestSuite("optical-roce-rdcn", SUITE_UNIT)
    {
        AddTestCase(new RdcnGateTestCase, TEST_QUICK);
        AddTestCase(new RdcnLosslessTestCase, TEST_QUICK);
        AddTestCase(new RdcnGateVlbTestCase, TEST_QUICK);
    }
};

/// Registers the suite.
RoceRdcnTestSuite g_roceRdcnTestSuite;

} // namespace
