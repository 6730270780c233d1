/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Traffic across reconfigurations, through ns-3's Internet stack: exactly which UDP datagrams a
// dark window loses under Drop, none under Drain, nothing on untouched circuits, TCP survives,
// and counters agree with traces (sent = received + dropped).

#include "../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-helper.h"
#include "ns3/ocs-traffic-ledger.h"
#include "ns3/test.h"

#include <array>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
constexpr uint16_t UDP_PORT = 4000;              //!< Port of the UDP receivers
constexpr uint32_t PAYLOAD = 1000;               //!< UDP payload (bytes)
constexpr uint32_t FRAME = PAYLOAD + 8 + 20 + 2; //!< On the fibre: + UDP + IPv4 + PPP headers

/**
 * Six hosts on a six-port switch, IPv4 10.1.1.1-6/24. Host 0 sends UDP datagrams to the
 * limited broadcast address every Interval from Start, so each goes wherever port 0's circuit
 * leads. Host 4 sends unicast to host 5 over circuit 4-5, which never changes.
 * Configuration A = {0-1, 2-3, 4-5} until T1; then B = {0-2, 1-3, 4-5}.
 */
struct Scenario
{
    static constexpr double RATE_BPS = 1e9;
    const Time start = MilliSeconds(1);
    const Time interval = MicroSeconds(10);
    const uint32_t count = 3000;            // 30 ms of traffic
    const Time t1 = MicroSeconds(10'003);   // reconfiguration request (mid-frame on purpose)
    const Time delay = MicroSeconds(2'500); // dark time

    NodeContainer hosts;
    NetDeviceContainer nics;
    Ptr<OpticalCircuitSwitch> ocs;
    std::vector<uint64_t> received = std::vector<uint64_t>(6, 0);
    uint64_t unicastSent = 0;
    uint64_t switchDropTraces = 0;
    std::vector<Time> txStarts; // transmissions of host 0 (PhyTxBegin)

    explicit Scenario(const std::string& policy, bool holdWhileDown = false)
    {
        hosts.Create(6);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(DataRate(RATE_BPS)));
        helper.SetDeviceAttribute("HoldWhileLinkDown", BooleanValue(holdWhileDown));
        helper.SetChannelAttribute("Length", DoubleValue(37)); // 181 ns at the default index
        helper.SetSwitchAttribute("Policy", StringValue(policy));
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(delay));
        helper.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("10000p"));
        nics = helper.Install(ocsNode, hosts);
        ocs = OcsHelper::GetSwitch(ocsNode);
        ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1).Connect(2, 3).Connect(4, 5));
        OcsHelper::ScheduleReconfiguration(
            ocs,
            t1,
            OcsConfiguration().Connect(0, 2).Connect(1, 3).Connect(4, 5));

        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(nics);

        for (uint32_t k = 0; k < 6; ++k)
        {
            Ptr<Socket> sink = Socket::CreateSocket(hosts.Get(k), UdpSocketFactory::GetTypeId());
            sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), UDP_PORT));
            sink->SetRecvCallback(MakeCallback(&Scenario::Receive, this));
        }
        nics.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                                MakeCallback(&Scenario::TxBegin, this));
        ocs->TraceConnectWithoutContext("Drop", MakeCallback(&Scenario::SwitchDrop, this));

        Ptr<Socket> bcast = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        bcast->SetAllowBroadcast(true);
        bcast->Bind();
        Ptr<Socket> ucast = Socket::CreateSocket(hosts.Get(4), UdpSocketFactory::GetTypeId());
        ucast->Bind();
        const InetSocketAddress toAll(Ipv4Address("255.255.255.255"), UDP_PORT);
        const InetSocketAddress to5(Ipv4Address("10.1.1.6"), UDP_PORT);
        for (uint32_t k = 0; k < count; ++k)
        {
            optical::compat::Schedule(start + k * interval, [bcast, toAll]() {
                bcast->SendTo(Create<Packet>(PAYLOAD), 0, toAll);
            });
            optical::compat::Schedule(start + k * interval, [this, ucast, to5]() {
                unicastSent += ucast->SendTo(Create<Packet>(PAYLOAD), 0, to5) > 0 ? 1 : 0;
            });
        }
    }

    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> p = socket->Recv())
        {
            received[socket->GetNode()->GetId()]++;
        }
    }

    void TxBegin(Ptr<const Packet>)
    {
        txStarts.push_back(Simulator::Now());
    }

    void SwitchDrop(Ptr<const Packet>, uint32_t, uint32_t)
    {
        ++switchDropTraces;
    }

    Ptr<OcsNetDevice> Nic(uint32_t k) const
    {
        return DynamicCast<OcsNetDevice>(nics.Get(k));
    }

    /// Serialization time of one datagram at the line rate.
    Time TxTime() const
    {
        return DataRate(RATE_BPS).CalculateBytesTxTime(FRAME);
    }
};
} // namespace

/**
 * \ingroup optical-tests
 * Under Drop, the datagrams lost are exactly those whose crossing of the switch overlaps the
 * dark window [T1, T1 + delay): the ones sent into the dark and the one cut mid-frame.
 */
class OcsDropPolicyLossTestCase : public TestCase
{
  public:
    OcsDropPolicyLossTestCase()
        : TestCase("Drop policy loses exactly the frames that cross the dark window")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drop");
        Simulator::Run();
        const Time d0 = DynamicCast<OcsChannel>(s.Nic(0)->GetChannel())->GetDelay();
        const Time tx = s.TxTime();
        NS_TEST_ASSERT_MSG_EQ(s.txStarts.size(), s.count, "host 0 sent every datagram at once");
        // The expected fate of each frame, from its transmission time alone.
        uint64_t before = 0;
        uint64_t lost = 0;
        uint64_t after = 0;
        for (uint32_t k = 0; k < s.count; ++k)
        {
            const Time t0 = s.start + k * s.interval;
            NS_TEST_ASSERT_MSG_EQ(s.txStarts[k], t0, "frame " << k << " starts at its send time");
            const Time enter = t0 + d0;
            const Time exit = enter + tx;
            if (exit <= s.t1)
            {
                ++before;
            }
            else if (enter < s.t1 + s.delay)
            {
                ++lost;
            }
            else
            {
                ++after;
            }
        }
        // Sanity of the scenario itself: the request lands mid-frame, the window spans 250 frames.
        NS_TEST_EXPECT_MSG_EQ(lost, 251, "250 frames sent into the dark plus one cut mid-frame");
        NS_TEST_EXPECT_MSG_EQ(s.received[1], before, "host 1 got every frame before the window");
        NS_TEST_EXPECT_MSG_EQ(s.received[2], after, "host 2 got every frame after the window");
        const auto& c0 = s.ocs->GetPortCounters(0);
        NS_TEST_EXPECT_MSG_EQ(c0.drops[OpticalCircuitSwitch::RECONFIGURING],
                              lost,
                              "switch counter");
        NS_TEST_EXPECT_MSG_EQ(c0.droppedBytes, lost * FRAME, "dropped bytes");
        NS_TEST_EXPECT_MSG_EQ(s.switchDropTraces, lost, "Drop trace agrees with the counter");
        // Conservation: sent = received + dropped, at the switch and end to end.
        NS_TEST_EXPECT_MSG_EQ(c0.rxFrames, s.count, "frames into port 0");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2] + lost,
                              s.count,
                              "sent = received + dropped");
        const auto total = s.ocs->GetTotalCounters();
        uint64_t drops = 0;
        for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
        {
            drops += total.drops[r];
        }
        NS_TEST_EXPECT_MSG_EQ(total.rxFrames, total.txFrames + drops, "switch: in = out + dropped");
        NS_TEST_EXPECT_MSG_EQ(total.rxBytes,
                              total.txBytes + total.droppedBytes,
                              "bytes in = out + dropped");
        // The untouched circuit lost nothing.
        NS_TEST_EXPECT_MSG_EQ(s.unicastSent, s.count, "host 4 sent all");
        NS_TEST_EXPECT_MSG_EQ(s.received[5], s.count, "untouched circuit 4-5 lost nothing");
        NS_TEST_EXPECT_MSG_EQ(s.Nic(4)->GetNLinkChanges(), 1, "4 saw only its initial link up");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetPortCounters(4).darkTime, Seconds(0), "port 4 never dark");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDarkTime(), s.delay, "one dark window");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Under Drain, the switch pauses the endpoints and waits for the frame in flight; nothing is
 * lost, the frames queue during the dark window and all arrive.
 */
class OcsDrainPolicyLossTestCase : public TestCase
{
  public:
    OcsDrainPolicyLossTestCase()
        : TestCase("Drain policy loses nothing and waits exactly for the frame in flight")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drain");
        Simulator::Run();
        const Time d0 = DynamicCast<OcsChannel>(s.Nic(0)->GetChannel())->GetDelay();
        // The last frame host 0 started before T1 leaves the switch at t0 + d0 + tx; the switch
        // waits until then (ports 1..3 are idle earlier).
        const Time lastStart = s.start + ((s.t1 - s.start) / s.interval).GetHigh() * s.interval;
        const Time idle = lastStart + d0 + s.TxTime();
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDrainTime(),
                              std::max(Seconds(0), idle - s.t1),
                              "drain wait");
        uint64_t drops = 0;
        const auto total = s.ocs->GetTotalCounters();
        for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
        {
            drops += total.drops[r];
        }
        NS_TEST_EXPECT_MSG_EQ(drops, 0, "no frame lost in the switch");
        NS_TEST_EXPECT_MSG_EQ(s.switchDropTraces, 0, "no Drop trace");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2], s.count, "every datagram arrived");
        NS_TEST_EXPECT_MSG_GT(s.received[1], 0, "some before the switch");
        NS_TEST_EXPECT_MSG_GT(s.received[2], 0, "some after");
        NS_TEST_EXPECT_MSG_EQ(s.received[5], s.count, "untouched circuit 4-5 lost nothing");
        NS_TEST_EXPECT_MSG_EQ(s.ocs->GetDarkTime(), s.delay, "one dark window");
        // Held frames were sent after the new circuit lit: host 0 sent nothing while paused.
        const Time litAt = idle + s.delay;
        uint32_t sentWhilePaused = 0;
        for (const Time& t : s.txStarts)
        {
            sentWhilePaused += (t >= idle && t < litAt) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(sentWhilePaused, 0, "host 0 paused from drain to relight");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * With HoldWhileLinkDown, a Drop-policy switch loses only the frame cut mid-crossing: the
 * endpoint keeps later frames queued until its new circuit lights.
 */
class OcsHoldWhileDownTestCase : public TestCase
{
  public:
    OcsHoldWhileDownTestCase()
        : TestCase("Endpoints that hold while down lose only the frame in flight")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s("Drop", true);
        Simulator::Run();
        const auto& c0 = s.ocs->GetPortCounters(0);
        NS_TEST_EXPECT_MSG_EQ(c0.drops[OpticalCircuitSwitch::RECONFIGURING], 1, "one frame cut");
        NS_TEST_EXPECT_MSG_EQ(s.received[1] + s.received[2] + 1, s.count, "the rest arrived");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A TCP transfer whose circuit goes dark (torn down, then restored) completes, byte for byte.
 */
class OcsTcpSurvivesTestCase : public TestCase
{
  public:
    OcsTcpSurvivesTestCase(const std::string& policy)
        : TestCase("TCP survives a reconfiguration (" + policy + ")"),
          m_policy(policy)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        helper.SetSwitchAttribute("Policy", StringValue(m_policy));
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(20)));
        NetDeviceContainer nics = helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        const auto pair = OcsConfiguration().Connect(0, 1);
        ocs->SetInitialConfiguration(pair);
        // Tear the circuit down at 5 ms and put it back: dark for 40 ms in all.
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(5), OcsConfiguration());
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(6), pair);

        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.255.0");
        addresses.Assign(nics);

        const uint64_t bytes = 4'000'000;
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(Ipv4Address("10.2.0.2"), 5000));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        ApplicationContainer src = bulk.Install(hosts.Get(0));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 5000));
        ApplicationContainer sink = sinkHelper.Install(hosts.Get(1));
        src.Start(MilliSeconds(1));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(ocs->GetNReconfigurations(), 2, "both reconfigurations happened");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx(),
                              bytes,
                              "all bytes arrived");
        NS_TEST_EXPECT_MSG_GT(Simulator::Now(),
                              MilliSeconds(45),
                              "the transfer spanned the dark window");
        Simulator::Destroy();
    }

    std::string m_policy; //!< Switch policy
};

/**
 * \ingroup optical-tests
 * Global routing follows the circuits: with EnableIpv4RoutingUpdates, a host's routes point at
 * the peer of its new circuit right after a reconfiguration; without, they keep the old peer.
 */
class OcsGlobalRoutingTestCase : public TestCase
{
  public:
    OcsGlobalRoutingTestCase(bool updates)
        : TestCase(std::string("Global routes ") + (updates ? "follow" : "keep the old circuit") +
                   (updates ? " with" : " without") + " EnableIpv4RoutingUpdates"),
          m_updates(updates)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(3);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(1)));
        NetDeviceContainer nics = helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        InternetStackHelper internet;
        internet.Install(hosts);
        // One subnet per host: only routing can take a datagram across a circuit.
        for (uint32_t k = 0; k < 3; ++k)
        {
            std::ostringstream net;
            net << "10.0." << k << ".0";
            Ipv4AddressHelper addresses(net.str().c_str(), "255.255.255.0");
            addresses.Assign(NetDeviceContainer(nics.Get(k)));
        }
        if (m_updates)
        {
            OcsHelper::EnableIpv4RoutingUpdates(ocs);
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        OcsHelper::ScheduleReconfiguration(ocs, MilliSeconds(10), OcsConfiguration().Connect(0, 2));

        uint32_t received = 0;
        Ptr<Socket> sink = Socket::CreateSocket(hosts.Get(2), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 7000));
        sink->SetRecvCallback(MakeCallback(+[](uint32_t* n, Ptr<Socket> s) {
                                  while (s->Recv())
                                  {
                                      ++*n;
                                  }
                              }).Bind(&received));
        Ptr<Socket> src = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        src->Bind();
        uint32_t sent = 0;
        for (uint32_t k = 0; k < 10; ++k)
        {
            optical::compat::Schedule(MilliSeconds(20 + k), [src, &sent]() {
                sent +=
                    src->SendTo(Create<Packet>(100), 0, InetSocketAddress("10.0.2.1", 7000)) > 0;
            });
        }
        // Global routing gives a host with one interface a default route through its neighbour:
        // the gateway tells whether the routes were recomputed for the new circuit.
        Ipv4Address gateway;
        optical::compat::Schedule(MilliSeconds(15), [&hosts, &gateway]() {
            Ptr<Ipv4> ipv4 = hosts.Get(0)->GetObject<Ipv4>();
            Ipv4Header header;
            header.SetDestination(Ipv4Address("10.0.2.1"));
            Socket::SocketErrno err;
            Ptr<Ipv4Route> route =
                ipv4->GetRoutingProtocol()->RouteOutput(Create<Packet>(), header, nullptr, err);
            gateway = route ? route->GetGateway() : Ipv4Address();
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(gateway,
                              Ipv4Address(m_updates ? "10.0.2.1" : "10.0.1.1"),
                              "gateway after the reconfiguration");
        // Either way the datagrams leave through the only interface and follow the light.
        NS_TEST_EXPECT_MSG_EQ(sent, 10, "all sent");
        NS_TEST_EXPECT_MSG_EQ(received, 10, "all arrive over the new circuit");
        Simulator::Destroy();
    }

    bool m_updates; //!< Whether routing follows the circuits
};

/**
 * \ingroup optical-tests
 * Raw packet sockets work over a circuit (any EtherType), and pcap traces record the frames
 * with the PPP link type.
 */
class OcsPacketSocketPcapTestCase : public TestCase
{
  public:
    OcsPacketSocketPcapTestCase()
        : TestCase("Raw packet sockets cross a circuit; pcap records the frames")
    {
    }

  private:
    void DoRun() override
    {
        const std::string pcapFile = CreateTempDirFilename("ocs-raw.pcap");
        uint64_t bytes = 0;
        // The simulation runs in a function of its own: the pcap file is closed once its
        // devices are gone.
        SendRawFrames(pcapFile, bytes);
        NS_TEST_EXPECT_MSG_EQ(bytes, 3 * 500, "three raw frames delivered whole");
        CheckPcap(pcapFile);
    }

    /// Sends three raw frames over a circuit, tracing device 0 into \p pcapFile.
    static void SendRawFrames(const std::string& pcapFile, uint64_t& bytes)
    {
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        NetDeviceContainer nics = helper.Install(ocsNode, hosts);
        OcsHelper::GetSwitch(ocsNode)->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        PacketSocketHelper packetSockets;
        packetSockets.Install(hosts);
        const uint16_t etherType = 0x88B5; // IEEE local experimental
        helper.EnablePcap(pcapFile, nics.Get(0), false, true);

        PacketSocketAddress rxAddr;
        rxAddr.SetSingleDevice(nics.Get(1)->GetIfIndex());
        rxAddr.SetProtocol(etherType);
        Ptr<Socket> rx = Socket::CreateSocket(hosts.Get(1), PacketSocketFactory::GetTypeId());
        rx->Bind(rxAddr);
        rx->SetRecvCallback(MakeCallback(+[](uint64_t* b, Ptr<Socket> s) {
                                while (Ptr<Packet> p = s->Recv())
                                {
                                    *b += p->GetSize();
                                }
                            }).Bind(&bytes));
        PacketSocketAddress txAddr;
        txAddr.SetSingleDevice(nics.Get(0)->GetIfIndex());
        txAddr.SetPhysicalAddress(nics.Get(0)->GetBroadcast());
        txAddr.SetProtocol(etherType);
        Ptr<Socket> tx = Socket::CreateSocket(hosts.Get(0), PacketSocketFactory::GetTypeId());
        tx->Bind();
        tx->Connect(txAddr);
        for (uint32_t k = 0; k < 3; ++k)
        {
            optical::compat::Schedule(MicroSeconds(10 * (k + 1)),
                                      [tx]() { tx->Send(Create<Packet>(500)); });
        }
        Simulator::Run();
        Simulator::Destroy();
    }

    /// Checks the pcap file of device 0: three PPP frames of 502 bytes.
    void CheckPcap(const std::string& pcapFile)
    {
        PcapFile file;
        file.Open(pcapFile, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(file.Fail(), false, "pcap file written: " << pcapFile);
        NS_TEST_EXPECT_MSG_EQ(file.GetDataLinkType(), PcapHelper::DLT_PPP, "PPP link type");
        uint32_t frames = 0;
        uint8_t data[2048];
        uint32_t sec = 0;
        uint32_t usec = 0;
        uint32_t inclLen = 0;
        uint32_t origLen = 0;
        uint32_t readLen = 0;
        while (true)
        {
            file.Read(data, sizeof(data), sec, usec, inclLen, origLen, readLen);
            if (file.Eof() || file.Fail())
            {
                break;
            }
            ++frames;
            NS_TEST_EXPECT_MSG_EQ(origLen, 502, "500 B payload + 2 B PPP header");
        }
        NS_TEST_EXPECT_MSG_EQ(frames, 3, "three frames sent by device 0");
    }
};

/// OcsTrafficLedger on two hosts: nothing lost on a lit circuit, everything dropped when no
/// circuit is lit.
class OcsTrafficLedgerTestCase : public TestCase
{
  public:
    OcsTrafficLedgerTestCase()
        : TestCase("traffic ledger: 8 Mb/s of 1000-byte datagrams for 10 ms is 10 sent and "
                   "delivered, nothing dropped; 10 Gb/s into 10 Mb/s drops in the queues; no "
                   "circuit: nothing delivered; sent = delivered + dropped in each")
    {
    }

  private:
    /// Runs host 0 sending to the broadcast address; \return sent, delivered, queue and
    /// switch drops
    static std::array<uint64_t, 4> Run(DataRate offered, DataRate line, bool lit, bool* conserved)
    {
        NodeContainer hosts(2);
        Ptr<Node> ocsNode = CreateObject<Node>();
        OcsHelper helper;
        helper.SetDeviceAttribute("DataRate", DataRateValue(line));
        helper.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("2p"));
        NetDeviceContainer nics = helper.Install(ocsNode, hosts);
        Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);
        if (lit)
        {
            ocs->SetInitialConfiguration(OcsConfiguration().Connect(0, 1));
        }
        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(nics);
        PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), UDP_PORT));
        ApplicationContainer sinks = sinkHelper.Install(hosts);
        OnOffHelper onoff("ns3::UdpSocketFactory",
                          InetSocketAddress(Ipv4Address("255.255.255.255"), UDP_PORT));
        onoff.SetConstantRate(offered, PAYLOAD);
        ApplicationContainer senders = onoff.Install(hosts.Get(0));
        senders.Start(Seconds(0));
        senders.Stop(MilliSeconds(10));
        OcsTrafficLedger ledger;
        ledger.AddSenders(senders);
        ledger.AddSinks(sinks);
        ledger.AddDevices(nics);
        ledger.AddSwitch(ocs);
        Simulator::Stop(Seconds(20)); // a full default queue disc (10,240) drains in 8.4 s
        Simulator::Run();
        const std::array<uint64_t, 4> counts{ledger.GetSent(),
                                             ledger.GetDelivered(),
                                             ledger.GetQueueDrops(),
                                             ledger.GetSwitchDrops()};
        *conserved = ledger.Conserves();
        Simulator::Destroy();
        return counts;
    }

    void DoRun() override
    {
        bool conserved = false;
        // One 1000-byte datagram per ms.
        auto c = Run(DataRate("8Mbps"), DataRate("1Gbps"), true, &conserved);
        NS_TEST_ASSERT_MSG_EQ(conserved, true, "lit: conservation");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(c[0], 9, "about 10 sent");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(c[0], 11, "about 10 sent");
        NS_TEST_ASSERT_MSG_EQ(c[1], c[0], "lit: all delivered");
        NS_TEST_ASSERT_MSG_EQ(c[2] + c[3], 0, "lit: nothing dropped");
        // 12,500 datagrams in 10 ms into a line that carries about 12 of them: the queues drop
        // (the device's queue holds 2, the default queue disc drops by its own rules), and
        // once the queues have drained all is accounted for.
        c = Run(DataRate("10Gbps"), DataRate("10Mbps"), true, &conserved);
        NS_TEST_ASSERT_MSG_EQ(conserved, true, "overload: conservation");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(c[0], 12499, "about 12,500 sent");
        NS_TEST_ASSERT_MSG_GT(c[2], 0, "overload: dropped in the queues");
        NS_TEST_ASSERT_MSG_EQ(c[3], 0, "overload: the lit circuit drops nothing");
        // No circuit: nothing arrives.
        c = Run(DataRate("8Mbps"), DataRate("1Gbps"), false, &conserved);
        NS_TEST_ASSERT_MSG_EQ(conserved, true, "dark: conservation");
        NS_TEST_ASSERT_MSG_EQ(c[1], 0, "dark: nothing delivered");
        NS_TEST_ASSERT_MSG_EQ(c[2] + c[3], c[0], "dark: all dropped");
    }
};

/**
 * \ingroup optical-tests
 * Traffic through the switch across reconfigurations.
 */
class OcsTrafficTestSuite : public TestSuite
{
  public:
    OcsTrafficTestSuite()
        : TestSuite("optical-ocs-traffic", SUITE_SYSTEM)
    {
        AddTestCase(new OcsDropPolicyLossTestCase, TEST_QUICK);
        AddTestCase(new OcsDrainPolicyLossTestCase, TEST_QUICK);
        AddTestCase(new OcsHoldWhileDownTestCase, TEST_QUICK);
        AddTestCase(new OcsTcpSurvivesTestCase("Drop"), TEST_QUICK);
        AddTestCase(new OcsTcpSurvivesTestCase("Drain"), TEST_QUICK);
        AddTestCase(new OcsGlobalRoutingTestCase(true), TEST_QUICK);
        AddTestCase(new OcsGlobalRoutingTestCase(false), TEST_QUICK);
        AddTestCase(new OcsPacketSocketPcapTestCase, TEST_QUICK);
        AddTestCase(new OcsTrafficLedgerTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static OcsTrafficTestSuite g_ocsTrafficTestSuite;

} // namespace
