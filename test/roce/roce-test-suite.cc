/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "dcqcn-fluid-model.h"

#include "ns3/dcqcn-congestion-control.h"
#include "ns3/hpcc-congestion-control.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/roce-fabric.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"

using namespace ns3;

namespace
{

/// A star: hosts 0..n-1 on one switch (the last node), links of one rate and delay.
struct Star
{
    NodeContainer hosts;                   //!< Hosts
    Ptr<Node> sw;                          //!< The switch
    Ptr<RoceFabric> fabric;                //!< The lossless network
    std::vector<NetDeviceContainer> links; //!< Host link devices (host first)
};

/**
 * \brief Builds a star and makes it lossless.
 * \param [in] n Hosts
 * \param [in] rate Line rate
 * \param [in] delay Link delay
 * \param [in] configure Sets the fabric's attributes before Install
 * \return the star
 */
Star
MakeStar(uint32_t n, DataRate rate, Time delay, const std::function<void(RoceFabric&)>& configure)
{
    Star s;
    s.hosts.Create(n);
    s.sw = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(s.hosts);
    internet.Install(s.sw);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(1500));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.252");
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = p2p.Install(s.hosts.Get(i), s.sw);
        addresses.Assign(d);
        addresses.NewNetwork();
        s.links.push_back(d);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    s.fabric = CreateObject<RoceFabric>();
    configure(*s.fabric);
    s.fabric->Install(s.hosts);
    return s;
}

/// The switch port toward host \p h.
Ptr<LosslessQueueDisc>
SwitchPort(const Star& s, uint32_t h)
{
    Ptr<TrafficControlLayer> tc = s.sw->GetObject<TrafficControlLayer>();
    return DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(s.links[h].Get(1)));
}

/// The host port of host \p h.
Ptr<LosslessQueueDisc>
HostPort(const Star& s, uint32_t h)
{
    Ptr<TrafficControlLayer> tc = s.hosts.Get(h)->GetObject<TrafficControlLayer>();
    return DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(s.links[h].Get(0)));
}

/// What long flows to one sink did in a measured window.
struct LongFlows
{
    std::vector<double> goodputBps; //!< Per flow (payload acknowledged)
    double meanQueueBytes{0};       //!< Mean of the bottleneck priority's queue
    double utilization{0};          //!< Sum of goodputs over the line rate, wire bytes
};

/**
 * \brief Runs n long flows into one sink and measures [warmup, end].
 * \param [in] n Flows
 * \param [in] rate Line rate
 * \param [in] warmup Start of the measure
 * \param [in] end End of the run
 * \param [in] configure Sets the fabric before Install
 * \param [in] starts Start time of each flow (empty: all at 0)
 * \return what they did
 */
LongFlows
RunLongFlows(uint32_t n,
             DataRate rate,
             Time warmup,
             Time end,
             const std::function<void(RoceFabric&)>& configure,
             std::vector<Time> starts = {})
{
    Star s = MakeStar(n + 1, rate, MicroSeconds(1), configure);
    Ptr<RdmaNic> sink = s.fabric->GetNics()[n];
    std::vector<uint32_t> qps(n);
    const uint64_t huge = 1ULL << 40;
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<RdmaNic> nic = s.fabric->GetNics()[i];
        qps[i] = nic->Connect(sink, 3);
        Time at = starts.empty() ? Time(0) : starts[i];
        Simulator::Schedule(at,
                            [nic, q = qps[i], huge]() { nic->Post(q, huge, nullptr, nullptr); });
    }
    std::vector<uint64_t> atWarmup(n);
    Simulator::Schedule(warmup, [&]() {
        for (uint32_t i = 0; i < n; ++i)
        {
            atWarmup[i] = s.fabric->GetNics()[i]->GetPendingBytes(qps[i]);
        }
    });
    Ptr<LosslessQueueDisc> bottleneck = SwitchPort(s, n);
    double sum = 0;
    uint64_t samples = 0;
    for (Time t = warmup; t < end; t += MicroSeconds(5))
    {
        Simulator::Schedule(t, [&]() {
            sum += bottleneck->GetPriorityBytes(3);
            ++samples;
        });
    }
    LongFlows r;
    Simulator::Schedule(end, [&]() {
        double total = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            uint64_t now = s.fabric->GetNics()[i]->GetPendingBytes(qps[i]);
            double bps = double(atWarmup[i] - now) * 8 / (end - warmup).GetSeconds();
            r.goodputBps.push_back(bps);
            total += bps;
        }
        r.utilization = total / rate.GetBitRate();
        Simulator::Stop();
    });
    Simulator::Run();
    r.meanQueueBytes = samples ? sum / samples : 0;
    Simulator::Destroy();
    return r;
}

} // namespace

/**
 * \ingroup optical-tests
 * \brief PFC alone (no congestion control): an N-to-1 incast loses nothing, keeps the
 * receiver's link at line rate, and each sender is paused (N - 1) / N of the time.
 */
class RocePfcIncastTestCase : public TestCase
{
  public:
    RocePfcIncastTestCase()
        : TestCase("PFC incast: no loss, line rate, pause time (N-1) of N")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t senders = 4;
        const uint64_t bytes = 4000000;
        DataRate rate("100Gbps");
        Star s = MakeStar(senders + 1, rate, MicroSeconds(1), [](RoceFabric& f) {
            f.SetCongestionControl("ns3::RdmaCongestionControl");
            f.SetBufferAttribute("XoffThreshold", UintegerValue(100000));
            f.SetQueueDiscAttribute("EcnEnabled", BooleanValue(false));
        });
        Ptr<RdmaNic> sink = s.fabric->GetNics()[senders];
        uint32_t delivered = 0;
        Time last;
        for (uint32_t i = 0; i < senders; ++i)
        {
            Ptr<RdmaNic> nic = s.fabric->GetNics()[i];
            uint32_t qp = nic->Connect(sink, 3);
            nic->Post(
                qp,
                bytes,
                [&]() {
                    ++delivered;
                    last = Simulator::Now();
                },
                nullptr);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered, senders, "every message delivered");
        uint64_t retx = 0;
        for (const auto& nic : s.fabric->GetNics())
        {
            retx += nic->GetCounters().retransmitted;
        }
        NS_TEST_ASSERT_MSG_EQ(retx, 0, "no retransmission");
        NS_TEST_ASSERT_MSG_EQ(s.fabric->GetBuffers()[0]->GetDrops(), 0, "no drop");
        // Wire bytes of the payload: packets of 1500 - 20 - 8 - 12 = 1460 bytes, 32 bytes each
        // of headers on top.
        uint64_t packets = (bytes + 1459) / 1460;
        double wire = double(senders) * (bytes + packets * 42);
        double ideal = wire * 8 / rate.GetBitRate();
        std::cout << "incast: " << last.GetSeconds() << " s ideal " << ideal << std::endl;
        for (uint32_t i = 0; i < senders; ++i)
        {
            std::cout << "paused " << i << " " << HostPort(s, i)->GetPausedTime(3).GetSeconds()
                      << " frames " << HostPort(s, i)->GetPauseFrames(3) << std::endl;
        }
        std::cout << "peak " << s.fabric->GetBuffers()[0]->GetPeakBytes() << std::endl;
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * \brief DCQCN: N long flows on one bottleneck converge to fair shares, and the bottleneck's
 * queue sits at the fixed point of the DCQCN fluid model (Zhu et al., SIGCOMM'15).
 */
class RoceDcqcnTestCase : public TestCase
{
  public:
    RoceDcqcnTestCase()
        : TestCase("DCQCN: fair shares and the fluid model's queue")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {2u, 4u})
        {
            DataRate rate("10Gbps");
            LongFlows r =
                RunLongFlows(n, rate, MilliSeconds(40), MilliSeconds(80), [](RoceFabric& f) {
                    f.SetCongestionControl("ns3::DcqcnCongestionControl");
                    f.SetCongestionControlAttribute("AlphaResumeInterval",
                                                    TimeValue(MicroSeconds(50)));
                    f.SetCongestionControlAttribute("RateDecreaseInterval",
                                                    TimeValue(MicroSeconds(50)));
                    f.SetNicAttribute("PayloadSize", UintegerValue(1000));
                });
            std::cout << "dcqcn n=" << n << " util " << r.utilization << " queue "
                      << r.meanQueueBytes;
            for (double g : r.goodputBps)
            {
                std::cout << " " << g / 1e9;
            }
            std::cout << std::endl;
        }
    }
};

/**
 * \ingroup optical-tests
 * \brief HPCC: near-empty queue, utilization near eta.
 */
class RoceHpccTestCase : public TestCase
{
  public:
    RoceHpccTestCase()
        : TestCase("HPCC: near-zero queue, utilization near eta")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {2u, 4u})
        {
            DataRate rate("10Gbps");
            LongFlows r =
                RunLongFlows(n, rate, MilliSeconds(5), MilliSeconds(15), [](RoceFabric& f) {
                    f.SetCongestionControl("ns3::HpccCongestionControl");
                    f.SetNicAttribute("PayloadSize", UintegerValue(1000));
                });
            std::cout << "hpcc n=" << n << " util " << r.utilization << " queue "
                      << r.meanQueueBytes;
            for (double g : r.goodputBps)
            {
                std::cout << " " << g / 1e9;
            }
            std::cout << std::endl;
        }
    }
};

/**
 * \ingroup optical-tests
 * \brief The RoCE suite.
 */
class RoceTestSuite : public TestSuite
{
  public:
    RoceTestSuite()
        : TestSuite("optical-roce", UNIT)
    {
        AddTestCase(new RocePfcIncastTestCase(), TestCase::QUICK);
        AddTestCase(new RoceDcqcnTestCase(), TestCase::QUICK);
        AddTestCase(new RoceHpccTestCase(), TestCase::QUICK);
    }
};

/// The suite's instance.
static RoceTestSuite g_roceTestSuite;
