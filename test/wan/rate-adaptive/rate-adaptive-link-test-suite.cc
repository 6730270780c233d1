/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Rate-adaptive optical links: policies against hand-computed timelines, hysteresis and
// hold-down, downtime accounting, packet level (conservation, rate followed) and flow level.

#include "../../common/optical-test-compat.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/flow-network.h"
#include "ns3/node.h"
#include "ns3/optical-module.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// \return a series of one sample per \p step: \p db[i] for sample i (dark if NaN)
std::vector<SnrTimeSeries::Sample>
Series(const std::vector<double>& db, Time step)
{
    std::vector<SnrTimeSeries::Sample> out;
    for (std::size_t i = 0; i < db.size(); ++i)
    {
        SnrTimeSeries::Sample s;
        s.time = step * static_cast<int64_t>(i);
        s.dark = std::isnan(db[i]);
        s.snrDb = s.dark ? 0 : db[i];
        out.push_back(s);
    }
    return out;
}

/// \return the radwan mode table
TransceiverModes
Radwan()
{
    TransceiverModes modes;
    std::string error;
    NS_ABORT_MSG_IF(!modes.Load("radwan", TransceiverModes::DEFAULT_FILE, error), error);
    return modes;
}

/// Records a link's rate changes and downs.
struct Recorder
{
    std::vector<std::pair<double, double>> rates; //!< (old, new)
    std::vector<Time> rateTimes;                  //!< When
    std::vector<std::string> downs;               //!< Causes
    uint32_t ups{0};                              //!< LinkUp count

    /// Connects to \p link.
    void Connect(Ptr<RateAdaptiveLink> link)
    {
        link->TraceConnectWithoutContext("RateChange", MakeCallback(&Recorder::Rate, this));
        link->TraceConnectWithoutContext("LinkDown", MakeCallback(&Recorder::Down, this));
        link->TraceConnectWithoutContext("LinkUp", MakeCallback(&Recorder::Up, this));
    }

    /// RateChange.
    void Rate(double o, double n)
    {
        rates.emplace_back(o, n);
        rateTimes.push_back(Simulator::Now());
    }

    /// LinkDown.
    void Down(const std::string& cause)
    {
        downs.push_back(cause);
    }

    /// LinkUp.
    void Up()
    {
        ups++;
    }
};

/// \return a link of \p policy following \p samples
Ptr<RateAdaptiveLink>
MakeLink(const std::string& policy, const std::vector<SnrTimeSeries::Sample>& samples)
{
    Ptr<RateAdaptiveLink> link = CreateObject<RateAdaptiveLink>();
    RateAdaptiveLink::Policy p;
    NS_ABORT_IF(!RateAdaptiveLink::ParsePolicy(policy, p));
    link->SetAttribute("Policy", EnumValue(p));
    link->SetAttribute("HoldDown", TimeValue(Seconds(600)));
    link->SetAttribute("HysteresisDb", DoubleValue(0.5));
    link->SetAttribute("ChangeDowntime", TimeValue(Seconds(68)));
    link->SetModes(Radwan());
    link->SetSamples(samples);
    return link;
}
} // namespace

/// Both policies on a scripted series, against timelines worked out by hand.
class PolicyTimelineTestCase : public TestCase
{
  public:
    PolicyTimelineTestCase()
        : TestCase("static and adaptive on a scripted series: up times, capacity, changes and "
                   "traces as worked out by hand")
    {
    }

  private:
    void DoRun() override
    {
        // 12 dB on [0, 600) s, 5 dB on [600, 900), 12 dB on [900, 2400]; one sample a minute.
        std::vector<double> db(41, 12.0);
        for (int i = 10; i < 15; ++i)
        {
            db[i] = 5;
        }
        const auto samples = Series(db, Seconds(60));
        Ptr<RateAdaptiveLink> st = MakeLink("static", samples);
        Ptr<RateAdaptiveLink> ad = MakeLink("adaptive", samples);
        Recorder rs;
        Recorder ra;
        rs.Connect(st);
        ra.Connect(ad);
        st->Start(Seconds(0));
        ad->Start(Seconds(0));
        Simulator::Stop(Seconds(2400));
        Simulator::Run();

        // Static 100G (6.5 dB): down while the SNR is 5 dB.
        RateAdaptiveLink::Counters s = st->GetCounters();
        NS_TEST_ASSERT_MSG_EQ(s.observed, Seconds(2400), "observed");
        NS_TEST_ASSERT_MSG_EQ(s.up, Seconds(2100), "static up");
        NS_TEST_ASSERT_MSG_EQ(s.downSnr, Seconds(300), "static down for SNR");
        NS_TEST_ASSERT_MSG_EQ(s.changes, 0, "static never changes");
        NS_TEST_ASSERT_MSG_EQ(s.downEvents, 1, "one failure");
        NS_TEST_ASSERT_MSG_EQ_TOL(st->GetAvailability(), 0.875, 1e-12, "static availability");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.capacityBits, 100e9 * 2100, 1, "static capacity");
        NS_TEST_ASSERT_MSG_EQ(rs.downs.size(), 1, "one LinkDown");
        NS_TEST_ASSERT_MSG_EQ(rs.downs[0], "snr", "cause");

        // Adaptive: 175G at 12 dB (11.86); at 5 dB down to 75G (4.35) after 68 s; back at
        // 12 dB the upgrade waits the 600 s hold-down and, with 0.5 dB hysteresis, goes to 150G
        // (175G would need 12.36 dB).
        RateAdaptiveLink::Counters a = ad->GetCounters();
        NS_TEST_ASSERT_MSG_EQ(a.changes, 2, "two changes");
        NS_TEST_ASSERT_MSG_EQ(a.changing, Seconds(136), "2 x 68 s");
        NS_TEST_ASSERT_MSG_EQ(a.up, Seconds(2264), "adaptive up");
        NS_TEST_ASSERT_MSG_EQ(a.downSnr + a.downDark, Seconds(0), "never fails");
        NS_TEST_ASSERT_MSG_EQ_TOL(a.capacityBits,
                                  (175 * 600 + 75 * 832 + 150 * 832) * 1e9,
                                  1,
                                  "adaptive capacity");
        NS_TEST_ASSERT_MSG_EQ(ra.rates.size(), 3, "turn-up and two changes");
        NS_TEST_ASSERT_MSG_EQ(ra.rates[0].second, 175, "turn-up at 175G");
        NS_TEST_ASSERT_MSG_EQ(ra.rates[1].second, 75, "down to 75G");
        NS_TEST_ASSERT_MSG_EQ(ra.rateTimes[1], Seconds(668), "live after the downtime");
        NS_TEST_ASSERT_MSG_EQ(ra.rates[2].second, 150, "up to 150G");
        NS_TEST_ASSERT_MSG_EQ(ra.rateTimes[2], Seconds(1568), "after the hold-down");
        NS_TEST_ASSERT_MSG_EQ(ra.downs.size(), 2, "two LinkDowns");
        NS_TEST_ASSERT_MSG_EQ(ra.downs[0], "change", "cause");
        NS_TEST_ASSERT_MSG_EQ(ra.ups, 3, "three LinkUps");
        NS_TEST_ASSERT_MSG_EQ_TOL(ad->GetMeanCapacityGbps(), 292200.0 / 2400, 1e-9, "mean");

        // A hitless change: the same timeline with 50 ms changes.
        Ptr<RateAdaptiveLink> hl = MakeLink("adaptive", samples);
        hl->SetAttribute("ChangeDowntime", TimeValue(MilliSeconds(50)));
        hl->Start(Seconds(0));
        Simulator::Stop(Seconds(2400));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(hl->GetCounters().changing, MilliSeconds(100), "2 x 50 ms");
        Simulator::Destroy();
    }
};

/// Hysteresis and hold-down on a noisy series.
class HoldDownTestCase : public TestCase
{
  public:
    HoldDownTestCase()
        : TestCase("noisy SNR for 60 days: no upgrade within the hold-down of a change or "
                   "without the hysteresis; downgrades only below the threshold; every change "
                   "costs its downtime; states add up to the observed time")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RateAdaptiveLink> link = CreateObject<RateAdaptiveLink>();
        link->SetModes(Radwan());
        link->SetAttribute("HoldDown", TimeValue(Hours(2)));
        link->SetAttribute("HysteresisDb", DoubleValue(0.4));
        Ptr<SnrTimeSeries> snr = link->GetSnrModel();
        snr->SetAttribute("BaselineDb", DoubleValue(12));
        snr->SetAttribute("FluctuationSigmaDb", DoubleValue(0.6));
        snr->SetAttribute("DegradationRate", DoubleValue(1));
        snr->SetAttribute("CutRate", DoubleValue(20));
        link->AssignStreams(11);
        Recorder r;
        r.Connect(link);
        std::vector<double> snrAtChange;
        link->Start(Days(60));
        const auto& samples = link->GetSamples();
        Simulator::Stop(Days(60) + Hours(1));
        Simulator::Run();

        const auto& modes = link->GetModes().GetModes();
        auto threshold = [&modes](double rate) {
            for (const auto& m : modes)
            {
                if (m.rateGbps == rate)
                {
                    return m.snrDb;
                }
            }
            return 1e9;
        };
        auto snrAt = [&samples](Time t) {
            // The reading in force at t (the change began ChangeDowntime earlier).
            std::size_t i = 0;
            while (i + 1 < samples.size() && samples[i + 1].time <= t)
            {
                ++i;
            }
            return samples[i];
        };
        uint32_t upgrades = 0;
        uint32_t downgrades = 0;
        Time lastChange = Seconds(-1e9);
        const Time downtime = Seconds(68);
        for (std::size_t i = 1; i < r.rates.size(); ++i)
        {
            const Time began = r.rateTimes[i] - downtime;
            const auto s = snrAt(began);
            if (r.rates[i].second > r.rates[i].first)
            {
                upgrades++;
                NS_TEST_ASSERT_MSG_GT_OR_EQ(began - lastChange, Hours(2), "hold-down at " << began);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(s.snrDb,
                                            threshold(r.rates[i].second) + 0.4,
                                            "hysteresis at " << began);
            }
            else
            {
                downgrades++;
                NS_TEST_ASSERT_MSG_LT(s.snrDb, threshold(r.rates[i].first), "forced at " << began);
            }
            lastChange = began;
        }
        NS_TEST_ASSERT_MSG_GT(upgrades, 3, "the series exercises upgrades");
        NS_TEST_ASSERT_MSG_GT(downgrades, 3, "and downgrades");
        const RateAdaptiveLink::Counters c = link->GetCounters();
        NS_TEST_ASSERT_MSG_EQ(c.changes, upgrades + downgrades, "changes counted");
        NS_TEST_ASSERT_MSG_EQ(c.changing, downtime * static_cast<int64_t>(c.changes), "downtime");
        NS_TEST_ASSERT_MSG_EQ(c.up + c.downDark + c.downSnr + c.changing, c.observed, "states");
        NS_TEST_ASSERT_MSG_GT(c.downDark, Seconds(0), "cuts seen");
        Simulator::Destroy();
    }
};

/// Packet level: devices follow the link; frames are conserved.
class PacketLevelTestCase : public TestCase
{
  public:
    PacketLevelTestCase()
        : TestCase("packet level: throughput follows the rate (10, 0 while dark, 5 Mbps); sent "
                   "= received + dropped")
    {
    }

  private:
    uint64_t m_rxBytes{0};       //!< Bytes received
    uint64_t m_rxPackets{0};     //!< Frames received
    std::vector<uint64_t> m_bin; //!< Bytes received per 0.5 s

    bool Receive(Ptr<NetDevice>, Ptr<const Packet> p, uint16_t, const Address&)
    {
        m_rxBytes += p->GetSize();
        m_rxPackets++;
        const auto bin = static_cast<std::size_t>(Simulator::Now().GetSeconds() / 0.5);
        if (bin < m_bin.size())
        {
            m_bin[bin] += p->GetSize();
        }
        return true;
    }

    void DoRun() override
    {
        // A slow table (10 and 5 Mb/s) keeps the frame count small.
        const std::string file = CreateTempDirFilename("slow-modes.csv");
        {
            std::ofstream out(file);
            out << "table,rate_gbps,format,baud_gbd,osnr_db,snr_db,spacing_ghz\n"
                << "slow,0.005,,1,9,5,50\nslow,0.01,,1,14,10,50\n";
        }
        RateAdaptiveLinkHelper helper;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(helper.SetModes("slow", error, file), true, error);
        helper.SetLinkAttribute("ChangeDowntime", TimeValue(MilliSeconds(100)));
        helper.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        helper.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("20p"));
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        NetDeviceContainer devs = helper.Install(a, b);
        Ptr<RateAdaptiveLink> link = RateAdaptiveLinkHelper::GetLink(devs);
        // 11 dB (10 Mb/s) on [0, 1) s, dark on [1, 2), 7 dB (5 Mb/s) on [2, 4).
        const double nan = std::nan("");
        link->SetSamples(Series({11, nan, 7, 7}, Seconds(1)));
        link->Start(Seconds(0));
        m_bin.assign(8, 0);
        devs.Get(1)->SetReceiveCallback(MakeCallback(&PacketLevelTestCase::Receive, this));

        // Offer 12 Mb/s of 1000-byte frames (1,000 bytes with PPP: 1,002 on the wire).
        Ptr<NetDevice> tx = devs.Get(0);
        uint64_t sent = 0;
        uint64_t refused = 0;
        for (int i = 0; i < 5400; ++i)
        {
            Schedule(MicroSeconds(666) * i + MicroSeconds(1), [tx, &sent, &refused, b]() {
                sent++;
                if (!tx->Send(Create<Packet>(1000), tx->GetBroadcast(), 0x0800))
                {
                    refused++;
                }
            });
        }
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        Ptr<RateAdaptiveNetDevice> dev = DynamicCast<RateAdaptiveNetDevice>(tx);
        Ptr<RateAdaptiveChannel> ch = DynamicCast<RateAdaptiveChannel>(tx->GetChannel());
        uint64_t queueDrops = dev->GetQueue()->GetTotalDroppedPackets();
        NS_TEST_ASSERT_MSG_EQ(sent,
                              m_rxPackets + dev->GetLinkDownDrops() + ch->GetLost() + queueDrops,
                              "sent = received + dropped (down "
                                  << dev->GetLinkDownDrops() << ", lost " << ch->GetLost()
                                  << ", queue " << queueDrops << ")");
        NS_TEST_ASSERT_MSG_GT(dev->GetLinkDownDrops(), 0, "drops while dark");
        // 10 Mb/s of 1002-byte frames: 1247.5 frames/s, 623 or 624 per half second.
        const double at10 = 0.5 * 10e6 / 8 / 1002 * 1000;
        const double at5 = 0.5 * 5e6 / 8 / 1002 * 1000;
        NS_TEST_ASSERT_MSG_EQ_TOL(m_bin[1], at10, 2000, "10 Mb/s on [0.5, 1)");
        NS_TEST_ASSERT_MSG_EQ(m_bin[3], 0, "nothing while dark");
        NS_TEST_ASSERT_MSG_EQ_TOL(m_bin[5], at5, 2000, "5 Mb/s on [2.5, 3)");
        NS_TEST_ASSERT_MSG_EQ(link->GetCounters().changes, 1, "10 -> 5 after the cut");
        Simulator::Destroy();
    }
};

/// Flow level: a flow is re-rated with the link.
class FlowLevelTestCase : public TestCase
{
  public:
    FlowLevelTestCase()
        : TestCase("flow level: a flow over a static link finishes when the delivered capacity "
                   "(100 Gbps, none while down) has carried its bytes")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t a = topo->AddVertex("a");
        const uint32_t b = topo->AddVertex("b");
        const uint32_t ab = topo->AddDuplexLink(a, b, 1e9, MilliSeconds(5));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        RateAdaptiveLinkHelper helper;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(helper.SetModes("radwan", error), true, error);
        helper.SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        Ptr<RateAdaptiveLink> link = helper.CreateLink();
        // 100G up on [0, 10) s, below 6.5 dB on [10, 20), up again.
        link->SetSamples(Series({10, 5, 10}, Seconds(10)));
        RateAdaptiveLinkHelper::AttachToFlow(link, topo, {ab, ab + 1});
        link->Start(Seconds(0));
        Time done;
        FlowNetwork::FlowSpec spec;
        spec.src = a;
        spec.dst = b;
        spec.bytes = 100e9 * 15 / 8;
        spec.delivered = [&done]() { done = Simulator::Now(); };
        Schedule(Seconds(0), [net, spec]() { net->StartFlow(spec); });
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ_TOL(done.GetSeconds(), 25.005, 1e-6, "15 s of 100 Gb/s + 5 ms");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo->GetLink(ab + 1).capacity, 100e9, 1, "re-rated");
        NS_TEST_ASSERT_MSG_EQ_TOL(net->GetBytesSent(), spec.bytes, 1, "bytes in = bytes out");
        Simulator::Destroy();
    }
};

/// Bad configurations.
class BadLinkTestCase : public TestCase
{
  public:
    BadLinkTestCase()
        : TestCase("bad configurations name the value: a static rate not in the table, no table")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<RateAdaptiveLink> link = CreateObject<RateAdaptiveLink>();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(link->Check(error), false, "no modes");
        NS_TEST_ASSERT_MSG_NE(error.find("no mode table"), std::string::npos, error);
        link->SetModes(Radwan());
        link->SetAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        link->SetAttribute("StaticRate", DataRateValue(DataRate("90Gbps")));
        NS_TEST_ASSERT_MSG_EQ(link->Check(error), false, "90G");
        NS_TEST_ASSERT_MSG_NE(error.find("static rate 90 Gb/s is not a mode"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_NE(error.find("50 75 100 125"), std::string::npos, error);
        RateAdaptiveLink::Policy p;
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveLink::ParsePolicy("dynamic", p), false, "policy");
        RateAdaptiveLinkHelper helper;
        NS_TEST_ASSERT_MSG_EQ(helper.SetModes("nosuch", error), false, "table");
        NS_TEST_ASSERT_MSG_EQ(helper.GetModes().GetModes().size(), 0, "unchanged");
    }
};

/// The suite.
class RateAdaptiveLinkTestSuite : public TestSuite
{
  public:
    RateAdaptiveLinkTestSuite()
        : TestSuite("optical-wan-rate-adaptive", SUITE_UNIT)
    {
        AddTestCase(new PolicyTimelineTestCase, TEST_QUICK);
        AddTestCase(new HoldDownTestCase, TEST_QUICK);
        AddTestCase(new PacketLevelTestCase, TEST_QUICK);
        AddTestCase(new FlowLevelTestCase, TEST_QUICK);
        AddTestCase(new BadLinkTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static RateAdaptiveLinkTestSuite g_rateAdaptiveLinkTestSuite;

} // namespace
