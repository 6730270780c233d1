/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The WAN studies' library pieces: the traffic seam (flow and packet level carry the same
// allocation), the throughput sampler, RADWAN's accounting (augmentable links, failures
// avoided, outage overlap), Shoofly's savings and headroom reporting, and the rate and time
// attributes of the WAN.

#include "../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/optical-module.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it (test classes of the same name in other suites
// would otherwise be merged by the linker).
namespace
{

/// \return the radwan mode table
TransceiverModes
Radwan()
{
    TransceiverModes modes;
    std::string error;
    NS_ABORT_MSG_IF(!modes.Load("radwan", TransceiverModes::DEFAULT_FILE, error), error);
    return modes;
}

/// \return a sample
SnrTimeSeries::Sample
At(Time t, double snrDb, bool dark = false)
{
    SnrTimeSeries::Sample s;
    s.time = t;
    s.snrDb = snrDb;
    s.dark = dark;
    return s;
}

/// The sampler on a hand-made piecewise-constant carried rate.
class SamplerTestCase : public TestCase
{
  public:
    SamplerTestCase()
        : TestCase("throughput sampler: 10, 30, 20 Gbps over three 2 s intervals give exactly "
                   "those samples and a mean of 20; a duration of 7 s still three samples")
    {
    }

  private:
    void DoRun() override
    {
        // Bytes carried by time t at 10 Gb/s on [0, 2), 30 on [2, 4), 20 on [4, 8).
        const auto bytes = []() {
            const double t = Simulator::Now().GetSeconds();
            const double bits = 10e9 * std::min(t, 2.0) + 30e9 * std::clamp(t - 2, 0.0, 2.0) +
                                20e9 * std::clamp(t - 4, 0.0, 4.0);
            return bits / 8;
        };
        for (double duration : {6.0, 7.0, 5.9})
        {
            Ptr<WanThroughputSampler> s = CreateObject<WanThroughputSampler>();
            s->Start(bytes, Seconds(2), Seconds(duration));
            Simulator::Run();
            const std::vector<double>& x = s->GetSamples();
            const std::size_t n = duration < 6 ? 2 : 3;
            NS_TEST_ASSERT_MSG_EQ(x.size(), n, "samples up to " << duration << " s");
            const std::vector<double> want{10, 30, 20};
            for (std::size_t i = 0; i < n; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(x[i], want[i], 1e-9, "interval " << i);
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(s->GetMean(),
                                      20,
                                      1e-9,
                                      "mean: (10 + 30 + 20) / 3 or (10 + 30) / 2");
            Simulator::Destroy();
        }
        Ptr<WanThroughputSampler> empty = CreateObject<WanThroughputSampler>();
        NS_TEST_ASSERT_MSG_EQ(empty->GetMean(), 0, "no samples");
    }
};

/// Percentiles of lit readings and augmentable links.
class AugmentableTestCase : public TestCase
{
  public:
    AugmentableTestCase()
        : TestCase("accounting: the percentile skips dark readings; radwan rates at the "
                   "percentile against 100G give the extras, the links augmentable by 75G and "
                   "the capacity gained, worked out by hand")
    {
    }

  private:
    void DoRun() override
    {
        using A = RateAdaptiveAccounting;
        const std::vector<SnrTimeSeries::Sample> s{At(Seconds(0), 0, true),
                                                   At(Seconds(1), 5),
                                                   At(Seconds(2), 1),
                                                   At(Seconds(3), 3),
                                                   At(Seconds(4), 99, true),
                                                   At(Seconds(5), 4),
                                                   At(Seconds(6), 2)};
        // Lit, sorted: 1 2 3 4 5; linear at rank p / 100 x 4.
        NS_TEST_ASSERT_MSG_EQ(A::LitSnrPercentile(s, 0), 1, "p0");
        NS_TEST_ASSERT_MSG_EQ_TOL(A::LitSnrPercentile(s, 0.5), 1.02, 1e-12, "p0.5: rank 0.02");
        NS_TEST_ASSERT_MSG_EQ(A::LitSnrPercentile(s, 50), 3, "p50");
        NS_TEST_ASSERT_MSG_EQ_TOL(A::LitSnrPercentile(s, 74), 3.96, 1e-12, "p74: rank 2.96");
        NS_TEST_ASSERT_MSG_EQ(A::LitSnrPercentile(s, 75), 4, "p75: rank 3");
        NS_TEST_ASSERT_MSG_EQ(A::LitSnrPercentile(s, 100), 5, "p100");
        NS_TEST_ASSERT_MSG_EQ(A::LitSnrPercentile({At(Seconds(0), 9, true)}, 50), -1e9, "dark");

        const TransceiverModes modes = Radwan();
        // radwan thresholds: 75G 4.35 dB, 100G 6.50, 125G 8.41, 175G 11.86, 200G 13.49.
        NS_TEST_ASSERT_MSG_EQ(A::RateAt(modes, 1), 0, "below every mode");
        NS_TEST_ASSERT_MSG_EQ(A::RateAt(modes, 6.5), 100, "at the 100G threshold");
        NS_TEST_ASSERT_MSG_EQ(A::RateAt(modes, 14), 200, "14 dB");
        const std::vector<std::vector<SnrTimeSeries::Sample>> links{
            {At(Seconds(0), 12), At(Seconds(1), 12), At(Seconds(2), 5), At(Seconds(3), 0, true)},
            {At(Seconds(0), 14), At(Seconds(1), 14)},
            {At(Seconds(0), 9)}};
        // 0.5th percentile: 5 dB (75G, -25), 14 dB (200G, +100), 9 dB (125G, +25).
        A::Augmentable a = A::GetAugmentable(links, 0.5, modes, 100, 8, 75);
        NS_TEST_ASSERT_MSG_EQ(a.extraGbps.size(), 3, "per link");
        NS_TEST_ASSERT_MSG_EQ(a.extraGbps[0], -25, "link 0");
        NS_TEST_ASSERT_MSG_EQ(a.extraGbps[1], 100, "link 1");
        NS_TEST_ASSERT_MSG_EQ(a.extraGbps[2], 25, "link 2");
        NS_TEST_ASSERT_MSG_EQ(a.links, 1, "one link +75G or more");
        NS_TEST_ASSERT_MSG_EQ(a.gainGbps, (100 + 25) * 8, "positive extras x 8 wavelengths");
        // 50th percentile: link 0 at 12 dB (175G, +75: on the threshold, augmentable).
        a = A::GetAugmentable(links, 50, modes, 100, 1, 75);
        NS_TEST_ASSERT_MSG_EQ(a.extraGbps[0], 75, "link 0 at p50");
        NS_TEST_ASSERT_MSG_EQ(a.links, 2, "75G counts");
        NS_TEST_ASSERT_MSG_EQ(a.gainGbps, 75 + 100 + 25, "one wavelength");
    }
};

/// Failures avoided on a 3-interval series.
class OutagesTestCase : public TestCase
{
  public:
    OutagesTestCase()
        : TestCase("accounting on 12 dB, 5 dB, dark (an hour each): static 100G down 2 h, "
                   "adaptive down 1 h (75G at 5 dB), 50% of failures avoided; the overlap is "
                   "1 h less the 68 s the downgrade takes")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<SnrTimeSeries::Sample> series{At(Seconds(0), 12),
                                                        At(Hours(1), 5),
                                                        At(Hours(2), 0, true)};
        const auto make = [&series](RateAdaptiveLink::Policy p) {
            Ptr<RateAdaptiveLink> l = CreateObject<RateAdaptiveLink>();
            l->SetModes(Radwan());
            l->SetAttribute("Policy", EnumValue(p));
            l->SetSamples(series);
            return l;
        };
        // The overlap first (it runs the simulator itself).
        {
            Ptr<RateAdaptiveLink> st = make(RateAdaptiveLink::STATIC);
            Ptr<RateAdaptiveLink> ad = make(RateAdaptiveLink::ADAPTIVE);
            RateAdaptiveOutageOverlap overlap(st, ad);
            st->Start(Hours(3));
            ad->Start(Hours(3));
            Simulator::Stop(Hours(3));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(overlap.Get(),
                                  Hours(1) - Seconds(68),
                                  "static down, adaptive up");
            Simulator::Destroy();
        }
        RateAdaptiveAccounting::Outages o = RateAdaptiveAccounting::CompareOutages(
            {{make(RateAdaptiveLink::STATIC), make(RateAdaptiveLink::ADAPTIVE)}},
            Hours(3));
        NS_TEST_ASSERT_MSG_EQ_TOL(o.staticDownS, 7200, 1e-9, "static: low SNR 1 h, dark 1 h");
        NS_TEST_ASSERT_MSG_EQ_TOL(o.adaptiveDownS, 3600, 1e-9, "adaptive: dark 1 h");
        NS_TEST_ASSERT_MSG_EQ_TOL(o.GetFailuresAvoidedPct(), 50, 1e-9, "half avoided");
        o.staticDownS = 0;
        NS_TEST_ASSERT_MSG_EQ(o.GetFailuresAvoidedPct(), 0, "no static outage: 0");
    }
};

/// A small triangle WAN of static 100G links a-b, b-c, a-c at 10 dB, with a demand a -> b.
struct Triangle
{
    RateAdaptiveWanHelper helper;                 //!< Builder (its link helper)
    RateAdaptiveWan wan;                          //!< The network
    std::vector<TeSolver::Commodity> commodities; //!< a -> b

    /// Builds it.
    Triangle()
    {
        WanTopology t;
        std::string error;
        for (const char* n : {"a", "b", "c"})
        {
            WanTopology::Site s;
            s.name = n;
            t.AddSite(s);
        }
        NS_ABORT_MSG_IF(!t.AddFibre(0, 1, 400, error), error);
        NS_ABORT_MSG_IF(!t.AddFibre(1, 2, 400, error), error);
        NS_ABORT_MSG_IF(!t.AddFibre(0, 2, 400, error), error);
        NS_ABORT_MSG_IF(!helper.GetLinkHelper().SetModes("radwan", error), error);
        helper.GetLinkHelper().SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        NS_ABORT_MSG_IF(!helper.Build(t, 1, wan, error), error);
        for (auto& l : wan.links)
        {
            l->SetSamples({At(Seconds(0), 10)});
        }
        NS_ABORT_MSG_IF(!RateAdaptiveWanHelper::MakeCommodities(wan,
                                                                {{0, 1, 50}},
                                                                "ksp",
                                                                2,
                                                                commodities,
                                                                error),
                        error);
    }
};

/// The seam: both levels carry an allocation below capacity.
class SeamTestCase : public TestCase
{
  public:
    SeamTestCase()
        : TestCase("WAN traffic seam: 40 Gbps direct and 10 Gbps via c for 1 s offer and carry "
                   "6.25 GB at flow level and, within a packet, at packet level (every packet "
                   "received or dropped)")
    {
    }

  private:
    void DoRun() override
    {
        const double bytes = 50e9 / 8;
        for (const Backend backend : {Backend::FLOW, Backend::PACKET})
        {
            Triangle t;
            NS_TEST_ASSERT_MSG_EQ(t.commodities.size(), 1, "one commodity");
            NS_TEST_ASSERT_MSG_EQ(t.commodities[0].paths.size(), 2, "direct and via c");
            WanTrafficHelper helper;
            helper.SetBackend(backend);
            const std::string name = backend.GetName();
            helper.SetPacketScale(1e-3);
            std::string error;
            Ptr<WanTraffic> traffic =
                helper.Install(t.wan, t.helper.GetLinkHelper(), t.commodities, error);
            NS_TEST_ASSERT_MSG_NE(traffic, nullptr, error);
            for (auto& l : t.wan.links)
            {
                l->Start(Seconds(3));
            }
            TeSolver::Solution s;
            s.pathFlow = {{40, 10}};
            const double offered = traffic->Install(s, Seconds(1));
            NS_TEST_ASSERT_MSG_EQ_TOL(offered, bytes, bytes * 1e-12, name << ": offered");
            const bool packets = backend == Backend::PACKET;
            NS_TEST_ASSERT_MSG_EQ(traffic->GetDrainTime(Seconds(1)),
                                  packets ? Seconds(1) : Seconds(0),
                                  name << ": drain");
            Simulator::Stop(Seconds(2));
            Simulator::Run();
            const WanTraffic::Counters c = traffic->GetCounters();
            NS_TEST_ASSERT_MSG_EQ(c.packetLevel, packets, name);
            if (packets)
            {
                // 1000-byte packets at 40 and 10 Mb/s: 5000 + 1250 in the second.
                NS_TEST_ASSERT_MSG_EQ_TOL(c.sent, 6250, 2, "packets sent");
                NS_TEST_ASSERT_MSG_EQ(c.sent, c.received + c.dropped, "accounted");
                NS_TEST_ASSERT_MSG_EQ(c.dropped, 0, "below capacity");
                NS_TEST_ASSERT_MSG_EQ_TOL(traffic->GetCarriedBytes(),
                                          bytes,
                                          2 * 1000 / 1e-3,
                                          "carried, scaled back");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(c.sent + c.received + c.dropped, 0, "no packets");
                NS_TEST_ASSERT_MSG_EQ_TOL(traffic->GetCarriedBytes(), bytes, 1, "carried");
            }
            Simulator::Destroy();
        }
    }
};

/// Shoofly's reporting pieces.
class BypassReportTestCase : public TestCase
{
  public:
    BypassReportTestCase()
        : TestCase("bypass study: the top quarter's share of savings, reductions, express "
                   "count and headroom metrics, worked out by hand")
    {
    }

  private:
    void DoRun() override
    {
        using W = WanBypassStudy;
        // Five lightpaths: the quarter rounds up to 2 (40 + 30 of 100 positive).
        NS_TEST_ASSERT_MSG_EQ_TOL(
            W::TopQuarterSavingsPct({{0, 40}, {1, 30}, {2, 20}, {3, 10}, {4, -5}}),
            70,
            1e-12,
            "70%");
        NS_TEST_ASSERT_MSG_EQ_TOL(W::TopQuarterSavingsPct({{3, 10}}), 100, 1e-12, "one path");
        NS_TEST_ASSERT_MSG_EQ(W::TopQuarterSavingsPct({}), 0, "none");
        NS_TEST_ASSERT_MSG_EQ(W::TopQuarterSavingsPct({{0, -1}}), 0, "no positive saving");
        NS_TEST_ASSERT_MSG_EQ_TOL(W::ReductionPct(75, 100), 25, 1e-12, "25%");
        NS_TEST_ASSERT_MSG_EQ(W::ReductionPct(5, 0), 0, "nothing to reduce");
        const auto scaled = W::Scaled({{0, 1, 10}, {1, 2, 4}}, 2.5);
        NS_TEST_ASSERT_MSG_EQ(scaled[0].gbps + scaled[1].gbps, 35, "scaled");

        W::Delivery d;
        NS_TEST_ASSERT_MSG_EQ(d.GetMetPct(), 100, "nothing demanded");
        d.demandedBytes = 200;
        d.carriedBytes = 250;
        d.offeredBytes = 150;
        NS_TEST_ASSERT_MSG_EQ(d.GetMetPct(), 100, "capped at 100");
        NS_TEST_ASSERT_MSG_EQ(d.GetOfferedPct(), 75, "offered");

        BypassPlanner::Headroom h;
        h.outcome = BypassPlanner::Headroom::FOUND;
        h.scale = 1.5;
        h.failsAt = 1.75;
        h.plans = 7;
        std::string note;
        auto m = W::HeadroomMetrics(h, note);
        NS_TEST_ASSERT_MSG_EQ(note, "", "a number found");
        NS_TEST_ASSERT_MSG_EQ(m.size(), 3, "scale, fails-at, plans");
        NS_TEST_ASSERT_MSG_EQ(m[0].first, "max-demand-scale", "name");
        NS_TEST_ASSERT_MSG_EQ(m[0].second, 1.5, "scale");
        NS_TEST_ASSERT_MSG_EQ(m[1].second, 1.75, "fails at");
        NS_TEST_ASSERT_MSG_EQ(m[2].second, 7, "plans");
        h.outcome = BypassPlanner::Headroom::AT_LIMIT;
        h.scale = 64;
        m = W::HeadroomMetrics(h, note);
        NS_TEST_ASSERT_MSG_EQ(note, "max-demand-scale: at least 64 (--maxScaleLimit)", "bound");
        NS_TEST_ASSERT_MSG_EQ(m[0].first, "max-demand-scale-at-least", "name");
        h.outcome = BypassPlanner::Headroom::NONE;
        h.failsAt = 0.001;
        m = W::HeadroomMetrics(h, note);
        NS_TEST_ASSERT_MSG_EQ(note, "max-demand-scale: below 0.001", "bound");
        NS_TEST_ASSERT_MSG_EQ(m[0].first, "max-demand-scale-below", "name");
        NS_TEST_ASSERT_MSG_EQ(m[0].second, 0.001, "value");
        NS_TEST_ASSERT_MSG_EQ(m.size(), 2, "below, plans");

        BypassPlan plan;
        Lightpath hop;
        hop.fibres = {0};
        Lightpath express;
        express.fibres = {0, 1};
        plan.links = {hop, express, express};
        NS_TEST_ASSERT_MSG_EQ(W::CountExpress(plan), 2, "two express lightpaths");
    }
};

/// The rate and time attributes of the WAN.
class AttributesTestCase : public TestCase
{
  public:
    AttributesTestCase()
        : TestCase("WAN attributes: StaticRate, MaxRate and BaselineRate are DataRates and "
                   "TimeLimit a Time; the Gbps accessors see the same values")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveLink::FromGbps(112.5).GetBitRate(),
                              112500000000ULL,
                              "112.5 Gb/s");
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveLink::ToGbps(DataRate("2500Gbps")), 2500, "2.5 Tb/s");
        Ptr<RateAdaptiveLink> link = CreateObject<RateAdaptiveLink>();
        link->SetModes(Radwan());
        DataRateValue v;
        link->GetAttribute("StaticRate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), DataRate("100Gbps"), "default 100G");
        link->GetAttribute("MaxRate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get().GetBitRate(), 0, "no cap");
        link->SetAttribute("Policy", EnumValue(RateAdaptiveLink::STATIC));
        link->SetAttribute("StaticRate", DataRateValue(DataRate("150Gbps")));
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(link->Check(error), true, error);
        link->SetAttribute("StaticRate", StringValue("160Gbps"));
        NS_TEST_ASSERT_MSG_EQ(link->Check(error), false, "160G is not a mode");
        NS_TEST_ASSERT_MSG_NE(error.find("static rate 160 Gb/s"), std::string::npos, error);
        link->SetAttribute("MaxRate", StringValue("200Gbps"));
        NS_TEST_ASSERT_MSG_EQ(link->GetMaxRate(), 200, "cap in Gb/s");
        link->SetMaxRate(300);
        link->GetAttribute("MaxRate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), DataRate("300Gbps"), "SetMaxRate seen by the attribute");

        Ptr<TeController> te = CreateObject<TeController>();
        te->GetAttribute("BaselineRate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), DataRate("100Gbps"), "default baseline");
        te->SetAttribute("BaselineRate", StringValue("150Gbps"));
        te->GetAttribute("BaselineRate", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), DataRate("150Gbps"), "baseline");
        TimeValue limit;
        te->GetAttribute("TimeLimit", limit);
        NS_TEST_ASSERT_MSG_EQ(limit.Get(), Seconds(0), "no limit");
        te->SetAttribute("TimeLimit", StringValue("2s"));
        te->GetAttribute("TimeLimit", limit);
        NS_TEST_ASSERT_MSG_EQ(limit.Get(), Seconds(2), "2 s");
    }
};

/// The RADWAN study's scenario and history on a small WAN.
class RadwanStudyTestCase : public TestCase
{
  public:
    RadwanStudyTestCase()
        : TestCase("RADWAN study on a triangle: the offered load is the demand, one sample per "
                   "interval, nothing carried beyond what was offered; over a history adaptive "
                   "links are never down longer than static ones on the same series")
    {
    }

  private:
    void DoRun() override
    {
        RateAdaptiveWanStudy::Settings s;
        std::string error;
        for (const char* n : {"a", "b", "c"})
        {
            WanTopology::Site site;
            site.name = n;
            s.fibres.AddSite(site);
        }
        NS_ABORT_MSG_IF(!s.fibres.AddFibre(0, 1, 2500, error), error);
        NS_ABORT_MSG_IF(!s.fibres.AddFibre(1, 2, 3000, error), error);
        NS_ABORT_MSG_IF(!s.fibres.AddFibre(0, 2, 3500, error), error);
        s.demands = {{0, 1, 60}, {1, 2, 30}};
        s.wavelengths = 1;
        s.interval = Seconds(10);
        s.duration = Seconds(35);
        s.history = Days(60);
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveWanStudy::CheckStaticRate(s, error), true, error);
        s.staticRate = 110;
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveWanStudy::CheckStaticRate(s, error), false, "110G");
        s.staticRate = 100;
        for (const char* te : {"none", "lp"})
        {
            RateAdaptiveWanStudy::Outcome o;
            NS_TEST_ASSERT_MSG_EQ(
                RateAdaptiveWanStudy::RunScenario(s, RateAdaptiveLink::STATIC, te, o, error),
                true,
                error);
            NS_TEST_ASSERT_MSG_EQ_TOL(o.offeredGbps, 90, 1e-9, te << ": offered");
            NS_TEST_ASSERT_MSG_EQ(o.throughput.size(), 3, te << ": 10, 20, 30 s");
            NS_TEST_ASSERT_MSG_EQ(o.baselineDb.size(), 3, te << ": per fibre");
            NS_TEST_ASSERT_MSG_EQ(o.packets.packetLevel, false, te << ": flow level");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(o.carriedGbps, o.offeredGbps + 1e-9, te << ": carried");
            double sum = 0;
            for (double x : o.throughput)
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(x, 90 + 1e-9, te << ": per interval");
                sum += x;
            }
            // Bytes sampled by 30 s are at most those carried by 35 s.
            NS_TEST_ASSERT_MSG_LT_OR_EQ(sum * 10, o.carriedGbps * 35 + 1e-6, te << ": sampled");
        }
        RateAdaptiveWanStudy::History h;
        NS_TEST_ASSERT_MSG_EQ(RateAdaptiveWanStudy::RunHistory(s, {7, 9, 12}, h, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(h.samples.size(), 3, "a series per fibre");
        NS_TEST_ASSERT_MSG_GT(h.outages.staticDownS, 0, "static 100G at 7 dB fails at times");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(h.outages.adaptiveDownS,
                                    h.outages.staticDownS,
                                    "adaptive falls back instead");
    }
};

/// The suite.
class WanStudyTestSuite : public TestSuite
{
  public:
    WanStudyTestSuite()
        : TestSuite("optical-wan-study", SUITE_UNIT)
    {
        AddTestCase(new SamplerTestCase, TEST_QUICK);
        AddTestCase(new AugmentableTestCase, TEST_QUICK);
        AddTestCase(new OutagesTestCase, TEST_QUICK);
        AddTestCase(new SeamTestCase, TEST_QUICK);
        AddTestCase(new BypassReportTestCase, TEST_QUICK);
        AddTestCase(new AttributesTestCase, TEST_QUICK);
        AddTestCase(new RadwanStudyTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static WanStudyTestSuite g_wanStudyTestSuite;

} // namespace
