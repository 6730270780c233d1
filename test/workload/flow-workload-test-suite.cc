/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Datacenter flow workloads (FlowSizeDistribution, FlowWorkload): the CDF reader and its
// errors, exact quantiles and means of hand CDFs, sampled sizes against their CDF
// (Kolmogorov-Smirnov), Poisson arrival counts and offered load, the alltoall and permutation
// patterns, the nearest-rank percentile, reproducibility, a flow-level run and a packet-level
// run over TCP.
// Statistical assertions use bounds of five standard deviations derived in the test from the
// parameters (a false failure has probability below 10^-6 per assertion; the streams are
// fixed, so a run is deterministic), and the KS statistic its 99.9% critical value.

#include "../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/collective-helper.h"
#include "ns3/double.h"
#include "ns3/flow-collective-transport.h"
#include "ns3/flow-network.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-topology.h"
#include "ns3/flow-workload.h"
#include "ns3/instant-transport.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/optical-data-file.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other suites
// would otherwise be merged by the linker.
namespace
{

/// Number of standard deviations of every statistical bound.
constexpr double SIGMAS = 5;

/**
 * Writes \p text to \p file as it is.
 * \param [in] file The path
 * \param [in] text The content
 */
void
WriteFile(const std::string& file, const std::string& text)
{
    std::ofstream out(file, std::ios::binary);
    out << text;
}

/**
 * \param [in] points CDF points
 * \return a distribution of them (the test fails through a null pointer if they are refused)
 */
Ptr<FlowSizeDistribution>
MakeDistribution(const std::vector<FlowSizeDistribution::Point>& points)
{
    Ptr<FlowSizeDistribution> d = CreateObject<FlowSizeDistribution>();
    std::string error;
    return d->SetPoints(points, error) ? d : nullptr;
}

/**
 * The Kolmogorov-Smirnov statistic of whole-byte samples against a CDF F. A sample S is a
 * whole number with P(S <= k) = F(k) for whole k (sizes are rounded up), so the empirical CDF
 * is compared with F at each sample and with P(S < x) = F(x - 1) just below it.
 * \param [in] samples The samples
 * \param [in] cdf The distribution whose Cdf() is F
 * \return sup |F_n - F|
 */
double
KsStatistic(std::vector<uint64_t> samples, Ptr<FlowSizeDistribution> cdf)
{
    std::sort(samples.begin(), samples.end());
    const double n = samples.size();
    double d = 0;
    for (std::size_t i = 0; i < samples.size(); ++i)
    {
        const double x = static_cast<double>(samples[i]);
        d = std::max(d, (i + 1) / n - cdf->Cdf(x));
        d = std::max(d, cdf->Cdf(x - 1) - i / n);
    }
    return d;
}

/**
 * \param [in] n Sample size
 * \return the asymptotic 99.9% critical value of the KS statistic, sqrt(-ln(0.001 / 2) / 2)
 *   / sqrt(n)
 */
double
KsCritical999(std::size_t n)
{
    return std::sqrt(-std::log(0.001 / 2) / 2) / std::sqrt(static_cast<double>(n));
}

/**
 * A transport that delivers each message after bytes x 8 / rate (whole nanoseconds), with no
 * sharing: each message has the whole rate.
 */
class FixedRateTransport : public CollectiveTransport
{
  public:
    /**
     * \param [in] ranks Ranks
     * \param [in] bitRate Rate (bit/s; 8 x bytes x 10^9 must be a multiple of it)
     */
    FixedRateTransport(uint32_t ranks, uint64_t bitRate)
        : m_ranks(ranks),
          m_bitRate(bitRate)
    {
    }

    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override
    {
        CountSent(bytes);
        const Time delay = NanoSeconds(bytes * 8 * 1000000000ULL / m_bitRate);
        Ptr<FixedRateTransport> self(this);
        optical::compat::Schedule(delay, [self, delivered, bytes]() {
            self->CountDelivered(false, bytes);
            delivered();
        });
    }

    uint32_t GetNRanks() const override
    {
        return m_ranks;
    }

  private:
    uint32_t m_ranks;   //!< Ranks
    uint64_t m_bitRate; //!< Rate (bit/s)
};

/// The CDF reader: a good file read exactly, every malformed file refused at its line.
class CsvTestCase : public TestCase
{
  public:
    CsvTestCase()
        : TestCase("CDF files: a good file read exactly, each malformed one refused at its line")
    {
    }

  private:
    void DoRun() override
    {
        const std::string good = CreateTempDirFilename("good-cdf.csv");
        WriteFile(good,
                  "# a CDF\r\n"
                  "bytes , cdf\r\n"
                  "\r\n"
                  "100,0.25\r\n"
                  "# between\r\n"
                  " 1e3 , 0.5 \r\n"
                  "2000,1\r\n");
        Ptr<FlowSizeDistribution> d = CreateObject<FlowSizeDistribution>();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(d->ReadFile(good, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(d->GetSource(), good, "source");
        const auto& p = d->GetPoints();
        NS_TEST_ASSERT_MSG_EQ(p.size(), 3, "three points");
        if (p.size() != 3)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(p[0].bytes, 100, "size 0");
        NS_TEST_ASSERT_MSG_EQ(p[0].probability, 0.25, "probability 0");
        NS_TEST_ASSERT_MSG_EQ(p[1].bytes, 1000, "1e3 is 1000");
        NS_TEST_ASSERT_MSG_EQ(p[1].probability, 0.5, "probability 1");
        NS_TEST_ASSERT_MSG_EQ(p[2].bytes, 2000, "size 2");
        NS_TEST_ASSERT_MSG_EQ(p[2].probability, 1, "probability 2");

        struct Bad
        {
            std::string name;  //!< Case
            std::string text;  //!< File content
            uint64_t line;     //!< Line named
            std::string value; //!< Text the message must quote
        };

        const std::vector<Bad> cases = {
            {"three cells", "bytes,cdf\n100,0.5\n200,0.7,9\n", 3, "200,0.7,9"},
            {"one cell", "# c\n100\n", 2, "100"},
            {"size not a number", "100,0.5\nbig,1\n", 2, "'big'"},
            {"probability not a number", "100,half\n200,1\n", 1, "'half'"},
            {"NaN size", "nan,0.5\n200,1\n", 1, "'nan'"},
            {"negative size", "-5,0.1\n100,1\n", 1, "-5"},
            {"probability above 1", "100,0.5\n200,1.5\n", 2, "1.5"},
            {"negative probability", "100,-0.1\n200,1\n", 1, "-0.1"},
            {"repeated size", "100,0.2\n100,0.5\n200,1\n", 2, "100"},
            {"decreasing size", "# c\n100,0.2\n50,0.5\n200,1\n", 3, "50"},
            {"decreasing probability", "100,0.5\n200,0.4\n300,1\n", 2, "0.4"},
            {"does not end at 1", "100,0.5\n200,0.9\n", 2, "0.9"},
            {"mass at 0 bytes", "0,0.1\n100,1\n", 1, "0.1"},
            {"header after data", "100,0.5\nbytes,cdf\n", 2, "'bytes'"},
            {"second header", "bytes,cdf\nsize,probability\n100,1\n", 2, "'size'"},
            {"header of three cells", "bytes,cdf,note\n100,1\n", 1, "bytes,cdf,note"},
            {"empty file", "", 1, "without a data point"},
            {"header only", "bytes,cdf\n", 1, "without a data point"},
            {"comments only", "# a\n# b\n", 2, "without a data point"},
        };
        for (std::size_t i = 0; i < cases.size(); ++i)
        {
            const Bad& c = cases[i];
            const std::string file = CreateTempDirFilename("bad-cdf-" + std::to_string(i) + ".csv");
            WriteFile(file, c.text);
            std::string why;
            NS_TEST_ASSERT_MSG_EQ(d->ReadFile(file, why), false, c.name + " is refused");
            const std::string where = file + ":" + std::to_string(c.line) + ": ";
            NS_TEST_ASSERT_MSG_EQ((why.rfind(where, 0) == 0),
                                  true,
                                  c.name + ": '" + why + "' starts with " + where);
            NS_TEST_ASSERT_MSG_EQ((why.find(c.value) != std::string::npos),
                                  true,
                                  c.name + ": '" + why + "' names " + c.value);
            NS_TEST_ASSERT_MSG_EQ(d->GetPoints().size(), 3, c.name + ": points unchanged");
        }
        const std::string absent = CreateTempDirFilename("absent.csv");
        NS_TEST_ASSERT_MSG_EQ(d->ReadFile(absent, error), false, "a missing file is refused");
        NS_TEST_ASSERT_MSG_EQ((error.find(absent) != std::string::npos), true, error);

        // SetPoints applies the same rules, naming the point.
        NS_TEST_ASSERT_MSG_EQ(d->SetPoints({{100, 0.5}, {50, 1}}, error), false, "decreasing");
        NS_TEST_ASSERT_MSG_EQ((error.rfind("point 1: ", 0) == 0), true, error);
        NS_TEST_ASSERT_MSG_EQ(d->SetPoints({}, error), false, "no points");

        // Names resolve into data/workload/, with .csv added.
        NS_TEST_ASSERT_MSG_EQ(FlowSizeDistribution::Resolve("websearch"),
                              OpticalDataFile::GetDataDirectory() + "/workload/websearch.csv",
                              "built-in name");
        NS_TEST_ASSERT_MSG_EQ(FlowSizeDistribution::Resolve("./x.txt"), "./x.txt", "a path");
    }
};

/// Quantile, CDF and means of hand CDFs, and the means of the shipped files.
class QuantileMeanTestCase : public TestCase
{
  public:
    QuantileMeanTestCase()
        : TestCase("Quantile, CDF, Mean and SampleMean exact on hand CDFs and the data files")
    {
    }

  private:
    void DoRun() override
    {
        // Mass 0.2 at 100 bytes, 0.4 uniform on (100, 300], 0.4 uniform on (300, 1000].
        Ptr<FlowSizeDistribution> d = MakeDistribution({{100, 0.2}, {300, 0.6}, {1000, 1}});
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(d), true, "points accepted");
        if (!d)
        {
            return;
        }
        const double tol = 1e-9;
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0), 100, tol, "Q(0): the smallest size");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0.1), 100, tol, "Q(0.1) in the mass at 100");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0.2), 100, tol, "Q(0.2)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0.4), 200, tol, "Q(0.4): half of (100, 300]");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0.6), 300, tol, "Q(0.6)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(0.8), 650, tol, "Q(0.8): half of (300, 1000]");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Quantile(1), 1000, tol, "Q(1)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(99.9), 0, tol, "F below the smallest size");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(100), 0.2, tol, "F(100): the mass");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(200), 0.4, tol, "F(200)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(650), 0.8, tol, "F(650)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(1000), 1, tol, "F(1000)");
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Cdf(5000), 1, tol, "F beyond");
        // 100 x 0.2 + 200 x 0.4 + 650 x 0.4.
        NS_TEST_ASSERT_MSG_EQ_TOL(d->Mean(), 360, tol, "Mean");
        // Rounded up: sum over k >= 0 of 1 - F(k) = 100 (k < 100) + 200 x 0.8 - 0.002 x 19900
        // (k = 100..299) + 700 x 0.4 - (0.4 / 700) x 244650 (k = 300..999) = 100 + 120.2 +
        // 140.2.
        NS_TEST_ASSERT_MSG_EQ_TOL(d->SampleMean(), 360.4, tol, "SampleMean");
        NS_TEST_ASSERT_MSG_EQ(d->GetMinBytes(), 100, "smallest");
        NS_TEST_ASSERT_MSG_EQ(d->GetMaxBytes(), 1000, "largest");

        // A flat segment: no size in (100, 200), so the quantile jumps over it, and trailing
        // points at probability 1 add nothing.
        Ptr<FlowSizeDistribution> flat =
            MakeDistribution({{0, 0}, {100, 0.5}, {200, 0.5}, {400, 1}, {800, 1}});
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(flat), true, "points accepted");
        if (!flat)
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Quantile(0.25), 50, tol, "Q(0.25)");
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Quantile(0.5), 100, tol, "Q(0.5): the infimum");
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Quantile(0.75), 300, tol, "Q(0.75)");
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Quantile(1), 400, tol, "Q(1): where F reaches 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Cdf(150), 0.5, tol, "F on the flat segment");
        // 50 x 0.5 + 300 x 0.5.
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->Mean(), 175, tol, "Mean");
        // Sum of 1 - F(k): k = 0..99: 100 - 0.005 x 4950 = 75.25; k = 100..199: 100 x 0.5 = 50;
        // k = 200..399: 200 x 0.5 - 0.0025 x 19900 = 50.25.
        NS_TEST_ASSERT_MSG_EQ_TOL(flat->SampleMean(), 75.25 + 50 + 50.25, tol, "SampleMean");

        // One point: every flow has that size.
        Ptr<FlowSizeDistribution> one = MakeDistribution({{1460, 1}});
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(one), true, "one point accepted");
        if (one)
        {
            NS_TEST_ASSERT_MSG_EQ(one->Sample(), 1460, "the only size");
            NS_TEST_ASSERT_MSG_EQ_TOL(one->Mean(), 1460, tol, "Mean");
            NS_TEST_ASSERT_MSG_EQ_TOL(one->SampleMean(), 1460, tol, "SampleMean");
        }

        // The shipped files, with the means of their headers (computed by hand from the
        // points: sum of (p_i+1 - p_i)(s_i + s_i+1) / 2).
        Ptr<FlowSizeDistribution> ws = CreateObject<FlowSizeDistribution>();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ws->ReadFile("websearch", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ws->GetPoints().size(), 12, "twelve web-search points");
        NS_TEST_ASSERT_MSG_EQ_TOL(ws->Mean(), 1711250, 1e-6, "web-search mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(ws->SampleMean(), 1711250.5, 1e-3, "web-search sample mean");
        NS_TEST_ASSERT_MSG_EQ(ws->GetMaxBytes(), 30e6, "web-search largest");
        Ptr<FlowSizeDistribution> dm = CreateObject<FlowSizeDistribution>();
        NS_TEST_ASSERT_MSG_EQ(dm->ReadFile("datamining", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(dm->GetPoints().size(), 13, "thirteen data-mining points");
        NS_TEST_ASSERT_MSG_EQ_TOL(dm->Mean(), 12658198.6, 1e-5, "data-mining mean");
        NS_TEST_ASSERT_MSG_EQ(dm->GetMaxBytes(), 1e9, "data-mining largest");
    }
};

/// Sampled sizes follow their CDF: Kolmogorov-Smirnov below the 99.9% critical value.
class KsTestCase : public TestCase
{
  public:
    KsTestCase()
        : TestCase("Sampled sizes follow the CDF (KS below its 99.9% critical value)")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 20000;
        Ptr<FlowSizeDistribution> ws = CreateObject<FlowSizeDistribution>();
        Ptr<FlowSizeDistribution> dm = CreateObject<FlowSizeDistribution>();
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ws->ReadFile("websearch", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(dm->ReadFile("datamining", error), true, error);
        Ptr<FlowSizeDistribution> hand = MakeDistribution({{100, 0.2}, {300, 0.6}, {1000, 1}});
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(hand), true, "points accepted");
        if (!hand || !ws->IsSet() || !dm->IsSet())
        {
            return;
        }
        ws->AssignStreams(11);
        dm->AssignStreams(12);
        hand->AssignStreams(13);
        std::vector<uint64_t> wsSamples;
        std::vector<uint64_t> dmSamples;
        std::vector<uint64_t> handSamples;
        for (std::size_t i = 0; i < n; ++i)
        {
            wsSamples.push_back(ws->Sample());
            dmSamples.push_back(dm->Sample());
            handSamples.push_back(hand->Sample());
        }
        const double critical = KsCritical999(n);
        NS_TEST_ASSERT_MSG_LT(KsStatistic(wsSamples, ws), critical, "web search");
        NS_TEST_ASSERT_MSG_LT(KsStatistic(dmSamples, dm), critical, "data mining");
        NS_TEST_ASSERT_MSG_LT(KsStatistic(handSamples, hand), critical, "hand CDF");
        // The statistic can tell the two workloads apart (the test has power).
        NS_TEST_ASSERT_MSG_GT(KsStatistic(dmSamples, ws),
                              critical,
                              "data mining is not web search");
        const auto atom = std::count(handSamples.begin(), handSamples.end(), 100);
        NS_TEST_ASSERT_MSG_LT(std::abs(atom - 0.2 * n),
                              SIGMAS * std::sqrt(n * 0.2 * 0.8),
                              "the mass at 100 bytes");
        for (uint64_t s : handSamples)
        {
            if (s < 100 || s > 1000)
            {
                NS_TEST_ASSERT_MSG_EQ(s, 100, "a sample outside [100, 1000]");
                break;
            }
        }
    }
};

/// The percentile function on hand lists (the module's definition, optical::Percentile).
class PercentileTestCase : public TestCase
{
  public:
    PercentileTestCase()
        : TestCase("FCT percentiles: the module's linear percentile, clamped, 0 of no flow, "
                   "times interpolated in steps")
    {
    }

  private:
    void DoRun() override
    {
        // 15, 20, 35, 40, 50: rank p / 100 x 4.
        const std::vector<double> five = {40, 15, 50, 35, 20};
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(five, 0), 15, "p0: the smallest");
        NS_TEST_ASSERT_MSG_EQ_TOL(FlowWorkload::Percentile(five, 30), 23, 1e-12, "rank 1.2");
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(five, 100), 50, "p100: the largest");
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(five, 150), 50, "clamped to 100");
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(five, -3), 15, "clamped to 0");
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(std::vector<double>{}, 50), 0, "no value");
        const std::vector<Time> times = {NanoSeconds(30), NanoSeconds(10), NanoSeconds(20)};
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(times, 50), NanoSeconds(20), "p50 of times");
        // rank 2 x 0.99 = 1.98: 20 + 0.98 x 10 = 29.8 ns, rounded to the 1 ns step.
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(times, 99), NanoSeconds(30), "p99 of times");
        // rank 2 x 0.75 = 1.5: 25 ns exactly.
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(times, 75), NanoSeconds(25), "p75 of times");
        // rank 2 x 0.33 = 0.66: 10 + 0.66 x 10 = 16.6 ns, rounded to 17.
        NS_TEST_ASSERT_MSG_EQ(FlowWorkload::Percentile(times, 33), NanoSeconds(17), "p33 of times");
    }
};

/// Poisson arrivals over the instant transport: counts, offered load, destinations, FCTs.
class PoissonTestCase : public TestCase
{
  public:
    PoissonTestCase()
        : TestCase("Poisson: arrival counts within 5 sigma, offered load, destinations, zero FCT")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t hosts = 8;
        const double load = 0.4;
        const double rate = 10e9;
        const double duration = 0.2;
        const double a = 1000;
        const double b = 100000;
        Ptr<InstantTransport> transport = CreateObject<InstantTransport>();
        transport->SetNRanks(hosts);
        Ptr<FlowSizeDistribution> sizes = MakeDistribution({{a, 0}, {b, 1}});
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(sizes), true, "points accepted");
        if (!sizes)
        {
            return;
        }
        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Pattern", StringValue("poisson"));
        w->SetAttribute("Load", DoubleValue(load));
        w->SetAttribute("HostRate", DataRateValue(DataRate(static_cast<uint64_t>(rate))));
        w->SetAttribute("Duration", TimeValue(Seconds(duration)));
        w->SetAttribute("HostsPerGroup", UintegerValue(2));
        w->SetTransport(transport);
        w->SetSizeDistribution(sizes);
        w->AssignStreams(21);
        std::string error;
        Schedule(Seconds(0), [w, &error]() { w->Start(error); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(error, "", "started");
        // The mean of whole-byte sizes uniform on (1000, 100000]: 1000 + 99000 / 2 + 0.5.
        const double mean = (a + b) / 2 + 0.5;
        NS_TEST_ASSERT_MSG_EQ_TOL(sizes->SampleMean(), mean, 1e-6, "mean size");
        const double lambda = load * rate / (8 * mean);
        NS_TEST_ASSERT_MSG_EQ_TOL(w->GetArrivalRate(), lambda, lambda * 1e-12, "arrival rate");
        const double expected = lambda * duration;
        std::vector<uint64_t> perHost(hosts, 0);
        std::map<uint32_t, uint64_t> fromHost0;
        bool groupsAvoided = true;
        bool sizesInRange = true;
        bool instant = true;
        bool inWindow = true;
        for (const FlowRecord& f : w->GetFlows())
        {
            ++perHost[f.src];
            groupsAvoided = groupsAvoided && (f.src / 2 != f.dst / 2);
            sizesInRange = sizesInRange && f.bytes >= a && f.bytes <= b;
            instant = instant && f.completed && f.end == f.start;
            inWindow = inWindow && f.start >= Seconds(0) && f.start < Seconds(duration);
            if (f.src == 0)
            {
                ++fromHost0[f.dst];
            }
        }
        for (uint32_t h = 0; h < hosts; ++h)
        {
            NS_TEST_ASSERT_MSG_LT(std::abs(perHost[h] - expected),
                                  SIGMAS * std::sqrt(expected),
                                  "arrivals of host " << h << ": " << perHost[h] << " against "
                                                      << expected);
        }
        NS_TEST_ASSERT_MSG_EQ(groupsAvoided, true, "no flow inside a group");
        NS_TEST_ASSERT_MSG_EQ(sizesInRange, true, "sizes in [1000, 100000]");
        NS_TEST_ASSERT_MSG_EQ(instant, true, "every flow completes with FCT 0");
        NS_TEST_ASSERT_MSG_EQ(inWindow, true, "arrivals stop at Duration");
        // Host 0 (group 0) sends to hosts 2..7, uniformly.
        NS_TEST_ASSERT_MSG_EQ(fromHost0.size(), 6, "six destinations of host 0");
        for (const auto& [dst, count] : fromHost0)
        {
            const double n0 = perHost[0];
            NS_TEST_ASSERT_MSG_LT(std::abs(count - n0 / 6),
                                  SIGMAS * std::sqrt(n0 * (1.0 / 6) * (5.0 / 6)),
                                  "flows from host 0 to host " << dst);
        }

        // Offered load: a compound Poisson sum of hosts x lambda x T flows, each of mean
        // `mean` and second moment at most E[(X + 1)^2] for X uniform on (a, b).
        const FlowWorkloadSummary s = w->GetSummary();
        const double secondMoment = (a * a + a * b + b * b) / 3 + (a + b) + 1;
        const double sdBytes = std::sqrt(hosts * lambda * duration * secondMoment);
        const double capacityBytes = hosts * rate / 8 * duration;
        NS_TEST_ASSERT_MSG_LT(std::abs(s.offeredLoad - load),
                              SIGMAS * sdBytes / capacityBytes,
                              "offered load " << s.offeredLoad);
        NS_TEST_ASSERT_MSG_EQ(s.flowsStarted, w->GetFlows().size(), "all flows in the window");
        NS_TEST_ASSERT_MSG_EQ(s.flowsCompleted, s.flowsStarted, "all completed");
        NS_TEST_ASSERT_MSG_EQ(s.flowsIncomplete, 0, "none incomplete");
        NS_TEST_ASSERT_MSG_EQ(s.bytesDelivered, s.bytesStarted, "all bytes delivered");
        NS_TEST_ASSERT_MSG_EQ(s.throughput, s.offeredLoad, "throughput is the offered load");
        NS_TEST_ASSERT_MSG_EQ(s.shortCompleted + s.longCompleted, s.flowsCompleted, "classes");
        // Every size is at most 100000 bytes, the default ShortFlowBytes: all flows are short.
        NS_TEST_ASSERT_MSG_EQ(s.longCompleted, 0, "no flow above ShortFlowBytes = 100000");
        NS_TEST_ASSERT_MSG_EQ(s.shortFctP50, Seconds(0), "p50 FCT 0");
        NS_TEST_ASSERT_MSG_EQ(s.shortFctP99, Seconds(0), "p99 FCT 0");
        NS_TEST_ASSERT_MSG_EQ(s.limitReached, false, "MaxFlows not reached");
        NS_TEST_ASSERT_MSG_EQ(transport->GetCounters().bytesSent, s.bytesStarted, "sent bytes");
        Simulator::Destroy();
    }
};

/// alltoall and permutation: the exact (src, dst) sets and bytes.
class PatternsTestCase : public TestCase
{
  public:
    PatternsTestCase()
        : TestCase("alltoall and permutation give exactly the expected flows")
    {
    }

  private:
    using Pair = std::pair<uint32_t, uint32_t>; //!< (src, dst)

    /**
     * \brief Runs a pattern over the instant transport, started at 1 ms.
     * \param [in] pattern The pattern
     * \param [in] hosts Hosts
     * \param [in] labels Group labels (empty: HostsPerGroup)
     * \param [in] hostsPerGroup HostsPerGroup
     * \param [out] error Start()'s error
     * \return the workload
     */
    static Ptr<FlowWorkload> Run(const std::string& pattern,
                                 uint32_t hosts,
                                 const std::vector<uint32_t>& labels,
                                 uint32_t hostsPerGroup,
                                 std::string& error)
    {
        Ptr<InstantTransport> transport = CreateObject<InstantTransport>();
        transport->SetNRanks(hosts);
        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Pattern", StringValue(pattern));
        w->SetAttribute("FlowBytes", UintegerValue(4096));
        w->SetAttribute("HostsPerGroup", UintegerValue(hostsPerGroup));
        w->SetTransport(transport);
        if (!labels.empty())
        {
            w->SetGroups(labels);
        }
        error.clear();
        Schedule(MilliSeconds(1), [w, &error]() { w->Start(error); });
        Simulator::Run();
        Simulator::Destroy();
        return w;
    }

    void DoRun() override
    {
        // alltoall over groups labelled 7, 7, 3, 3, 3, 9: every pair of different labels.
        const std::vector<uint32_t> labels = {7, 7, 3, 3, 3, 9};
        std::string error;
        Ptr<FlowWorkload> w = Run("alltoall", 6, labels, 1, error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "alltoall started");
        std::set<Pair> expected;
        for (uint32_t s = 0; s < 6; ++s)
        {
            for (uint32_t d = 0; d < 6; ++d)
            {
                if (labels[s] != labels[d])
                {
                    expected.insert({s, d});
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(expected.size(), 22, "36 pairs less 4 + 9 + 1 inside groups");
        std::set<Pair> got;
        bool allGood = true;
        for (const FlowRecord& f : w->GetFlows())
        {
            got.insert({f.src, f.dst});
            allGood = allGood && f.bytes == 4096 && f.start == MilliSeconds(1) && f.completed &&
                      f.end == f.start;
        }
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), expected.size(), "one flow per pair");
        NS_TEST_ASSERT_MSG_EQ((got == expected), true, "the pairs of different groups");
        NS_TEST_ASSERT_MSG_EQ(allGood, true, "4096 bytes each, all at 1 ms, FCT 0");
        NS_TEST_ASSERT_MSG_EQ(w->GetNGroups(), 3, "three groups");
        NS_TEST_ASSERT_MSG_EQ(w->GetGroup(0), 1, "label 7 is group 1 (labels in order)");
        NS_TEST_ASSERT_MSG_EQ(w->GetGroup(2), 0, "label 3 is group 0");
        NS_TEST_ASSERT_MSG_EQ(w->GetGroup(5), 2, "label 9 is group 2");
        const FlowWorkloadSummary s = w->GetSummary();
        NS_TEST_ASSERT_MSG_EQ(s.bytesStarted, 22 * 4096, "alltoall bytes");

        // permutation over 3 groups of 2: host i of group g to host i of group g + 1 mod 3.
        w = Run("permutation", 6, {}, 2, error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "permutation started");
        const std::set<Pair> perm = {{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 0}, {5, 1}};
        got.clear();
        for (const FlowRecord& f : w->GetFlows())
        {
            got.insert({f.src, f.dst});
        }
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), 6, "one flow per host");
        NS_TEST_ASSERT_MSG_EQ((got == perm), true, "the shifted permutation");

        // Labels out of rank order: groups {1, 3} (label 0) and {0, 2} (label 5); host 1 (index
        // 0 of group 0) sends to host 0 (index 0 of group 1), and so on.
        w = Run("permutation", 4, {5, 0, 5, 0}, 1, error);
        NS_TEST_ASSERT_MSG_EQ(error, "", "permutation with labels started");
        got.clear();
        for (const FlowRecord& f : w->GetFlows())
        {
            got.insert({f.src, f.dst});
        }
        const std::set<Pair> labelled = {{1, 0}, {3, 2}, {0, 1}, {2, 3}};
        NS_TEST_ASSERT_MSG_EQ((got == labelled), true, "permutation along the labels");

        // Refusals, each naming its value.
        w = Run("permutation", 3, {0, 0, 1}, 1, error);
        NS_TEST_ASSERT_MSG_EQ((error.find("equal size") != std::string::npos), true, error);
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), 0, "nothing started");
        w = Run("alltoall", 4, {2, 2, 2, 2}, 1, error);
        NS_TEST_ASSERT_MSG_EQ((error.find("one group") != std::string::npos), true, error);
        w = Run("alltoall", 4, {0, 1}, 1, error);
        NS_TEST_ASSERT_MSG_EQ((error.find("2 group labels") != std::string::npos), true, error);
        Ptr<FlowWorkload> bad = CreateObject<FlowWorkload>();
        Ptr<InstantTransport> t = CreateObject<InstantTransport>();
        t->SetNRanks(4);
        bad->SetTransport(t);
        bad->SetAttribute("Load", DoubleValue(1.5));
        NS_TEST_ASSERT_MSG_EQ((bad->Validate().find("Load 1.5") != std::string::npos),
                              true,
                              bad->Validate());
        bad->SetAttribute("Load", DoubleValue(0.5));
        bad->SetAttribute("SizeFile", StringValue("no-such-cdf"));
        NS_TEST_ASSERT_MSG_EQ((bad->Validate().find("no-such-cdf") != std::string::npos),
                              true,
                              bad->Validate());
    }
};

/// Continuous permutation over a transport of fixed rate: exact counts, FCTs, throughput.
class ContinuousPermutationTestCase : public TestCase
{
  public:
    ContinuousPermutationTestCase()
        : TestCase("Continuous permutation: flows back to back, throughput exactly 1")
    {
    }

  private:
    void DoRun() override
    {
        // 125,000 bytes at 10 Gb/s take 100 us: over 1 ms each host starts flows at 0, 100, ...,
        // 900 us (a flow at 1000 us would start at the end), 10 each.
        const uint64_t rate = 10000000000ULL;
        Ptr<FixedRateTransport> transport = CreateObject<FixedRateTransport>(6, rate);
        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Pattern", StringValue("permutation"));
        w->SetAttribute("Continuous", BooleanValue(true));
        w->SetAttribute("FlowBytes", UintegerValue(125000));
        w->SetAttribute("HostRate", DataRateValue(DataRate(rate)));
        w->SetAttribute("Duration", TimeValue(MilliSeconds(1)));
        w->SetAttribute("HostsPerGroup", UintegerValue(2));
        w->SetTransport(transport);
        std::string error;
        Schedule(Seconds(0), [w, &error]() { w->Start(error); });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(error, "", "started");
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), 60, "10 flows per host");
        std::map<uint32_t, std::vector<Time>> starts;
        for (const FlowRecord& f : w->GetFlows())
        {
            starts[f.src].push_back(f.start);
            NS_TEST_ASSERT_MSG_EQ(f.end - f.start, MicroSeconds(100), "FCT of flow " << f.id);
            NS_TEST_ASSERT_MSG_EQ(f.dst, (f.src + 2) % 6, "destination of flow " << f.id);
        }
        for (const auto& [src, times] : starts)
        {
            NS_TEST_ASSERT_MSG_EQ(times.size(), 10, "flows of host " << src);
            for (std::size_t k = 0; k < times.size(); ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(times[k],
                                      MicroSeconds(100 * k),
                                      "flow " << k << " of host " << src << " back to back");
            }
        }
        const FlowWorkloadSummary s = w->GetSummary();
        NS_TEST_ASSERT_MSG_EQ(s.flowsCompleted, 60, "all complete by 1 ms");
        NS_TEST_ASSERT_MSG_EQ(s.longCompleted, 60, "125,000 bytes are long flows");
        NS_TEST_ASSERT_MSG_EQ(s.longFctP50, MicroSeconds(100), "p50 FCT");
        NS_TEST_ASSERT_MSG_EQ(s.longFctP99, MicroSeconds(100), "p99 FCT");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.throughput, 1.0, 1e-12, "every host busy all the time");
        // Half the window: flows started in [0, 500 us), completed in [0, 500 us].
        const FlowWorkloadSummary h = w->GetSummary(Seconds(0), MicroSeconds(500));
        NS_TEST_ASSERT_MSG_EQ(h.flowsStarted, 30, "5 starts per host before 500 us");
        NS_TEST_ASSERT_MSG_EQ(h.bytesDelivered, 30 * 125000, "5 deliveries per host by 500 us");

        // MaxFlows stops a zero-delay loop and says so.
        Ptr<InstantTransport> instant = CreateObject<InstantTransport>();
        instant->SetNRanks(6);
        w = CreateObject<FlowWorkload>();
        w->SetAttribute("Pattern", StringValue("permutation"));
        w->SetAttribute("Continuous", BooleanValue(true));
        w->SetAttribute("HostsPerGroup", UintegerValue(2));
        w->SetAttribute("MaxFlows", UintegerValue(100));
        w->SetTransport(instant);
        Schedule(Seconds(0), [w, &error]() { w->Start(error); });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), 100, "MaxFlows flows");
        NS_TEST_ASSERT_MSG_EQ(w->GetSummary().limitReached, true, "the limit is reported");
    }
};

/**
 * StopWhenDone ends a run whose network never runs out of events (a slot clock here) at the
 * last completion: permutation flows of 100 us all start at 0; a continuous permutation over
 * 1 ms ends with its last flow at 1 ms.
 */
class StopWhenDoneTestCase : public TestCase
{
  public:
    StopWhenDoneTestCase()
        : TestCase("StopWhenDone: the run ends at the last completion, not at the stop time")
    {
    }

  private:
    /// A clock that never stops (a time-slotted network's schedule).
    static void Tick()
    {
        Simulator::Schedule(MicroSeconds(7), &StopWhenDoneTestCase::Tick);
    }

    void DoRun() override
    {
        const uint64_t rate = 10000000000ULL;
        for (bool continuous : {false, true})
        {
            Ptr<FixedRateTransport> transport = CreateObject<FixedRateTransport>(6, rate);
            Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
            w->SetAttribute("Pattern", StringValue("permutation"));
            w->SetAttribute("Continuous", BooleanValue(continuous));
            w->SetAttribute("FlowBytes", UintegerValue(125000));
            w->SetAttribute("HostRate", DataRateValue(DataRate(rate)));
            w->SetAttribute("Duration", TimeValue(MilliSeconds(1)));
            w->SetAttribute("HostsPerGroup", UintegerValue(2));
            w->SetAttribute("StopWhenDone", BooleanValue(true));
            w->SetTransport(transport);
            std::string error;
            Schedule(Seconds(0), [w, &error]() { w->Start(error); });
            Tick();
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            const Time end = Simulator::Now();
            const bool done = w->IsDone();
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(error, "", "started");
            NS_TEST_ASSERT_MSG_EQ(done,
                                  true,
                                  "over (continuous " << continuous << ", end " << end.As(Time::US)
                                                      << ", flows " << w->GetFlows().size() << ")");
            NS_TEST_ASSERT_MSG_EQ(end,
                                  continuous ? MilliSeconds(1) : MicroSeconds(100),
                                  "ended at the last completion (continuous " << continuous << ")");
        }
    }
};

/// Identical seeds give identical flows; another run number, others.
class SeedsTestCase : public TestCase
{
  public:
    SeedsTestCase()
        : TestCase("Identical seeds give identical flows, another run other flows")
    {
    }

  private:
    /// A flow without its id.
    using Key = std::tuple<uint32_t, uint32_t, uint64_t, int64_t>;

    /**
     * \param [in] stream Streams from (-1: not assigned)
     * \return the flows of a web-search poisson run of 4 hosts over 20 ms (none if refused)
     */
    static std::vector<Key> Flows(int64_t stream)
    {
        Ptr<InstantTransport> transport = CreateObject<InstantTransport>();
        transport->SetNRanks(4);
        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Duration", TimeValue(MilliSeconds(20)));
        w->SetAttribute("SizeFile", StringValue("websearch"));
        w->SetTransport(transport);
        std::string error;
        if (!w->Validate().empty())
        {
            return {};
        }
        if (stream >= 0)
        {
            w->AssignStreams(stream);
        }
        Schedule(Seconds(0), [w, &error]() { w->Start(error); });
        Simulator::Run();
        Simulator::Destroy();
        std::vector<Key> keys;
        for (const FlowRecord& f : w->GetFlows())
        {
            keys.emplace_back(f.src, f.dst, f.bytes, f.start.GetNanoSeconds());
        }
        return keys;
    }

    void DoRun() override
    {
        const uint64_t run = RngSeedManager::GetRun();
        const std::vector<Key> a = Flows(5);
        const std::vector<Key> b = Flows(5);
        NS_TEST_ASSERT_MSG_GT(a.size(), 10, "enough flows to compare");
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "same streams, same flows");
        const std::vector<Key> c = Flows(8);
        NS_TEST_ASSERT_MSG_EQ((a == c), false, "other streams, other flows");
        RngSeedManager::SetRun(run + 1);
        const std::vector<Key> d = Flows(5);
        RngSeedManager::SetRun(run);
        NS_TEST_ASSERT_MSG_EQ((a == d), false, "other run, other flows");
    }
};

/// A handful of flows over TCP between two nodes: they complete, no faster than the link.
class TcpTestCase : public TestCase
{
  public:
    TcpTestCase()
        : TestCase("Over TCP on a point-to-point link every flow completes, FCT at least bytes "
                   "over rate")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t rate = 1000000000ULL; // 1 Gb/s
        const Time delay = MicroSeconds(10);
        CollectiveHelper::SetTcpVariant("ns3::TcpNewReno");
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rate)));
        p2p.SetChannelAttribute("Delay", TimeValue(delay));
        NetDeviceContainer devices = p2p.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(devices);
        CollectiveHelper helper;
        Ptr<TcpCollectiveTransport> transport = helper.Install(nodes);

        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Load", DoubleValue(0.3));
        w->SetAttribute("HostRate", DataRateValue(DataRate(rate)));
        w->SetAttribute("Duration", TimeValue(MilliSeconds(5)));
        w->SetTransport(transport);
        Ptr<FlowSizeDistribution> sizes = MakeDistribution({{2000, 0}, {50000, 1}});
        w->SetSizeDistribution(sizes);
        w->AssignStreams(31);
        std::string error;
        // After the connections are set up.
        Schedule(MilliSeconds(10), [w, &error]() { w->Start(error); });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(error, "", "started");
        const auto& flows = w->GetFlows();
        NS_TEST_ASSERT_MSG_GT(flows.size(), 3, "a handful of flows");
        for (const FlowRecord& f : flows)
        {
            NS_TEST_ASSERT_MSG_EQ(f.completed, true, "flow " << f.id << " completed");
            // The payload alone takes bytes x 8 / rate to serialize, then the link's delay.
            const Time bound = NanoSeconds(f.bytes * 8 * 1000000000ULL / rate) + delay;
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f.end - f.start,
                                        bound,
                                        "FCT of flow " << f.id << " (" << f.bytes << " bytes)");
        }
        const FlowWorkloadSummary s = w->GetSummary(MilliSeconds(10), Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(s.flowsIncomplete, 0, "none incomplete");
        NS_TEST_ASSERT_MSG_EQ(s.flowsCompleted, flows.size(), "all in the window");
        Simulator::Destroy();
    }
};

/// Continuous permutation at flow level: each FCT is the wire bytes at the link rate plus the
/// link delay, and flows follow each other on delivery.
class FlowLevelTestCase : public TestCase
{
  public:
    FlowLevelTestCase()
        : TestCase("Over the flow-level transport FCT is wire bytes over rate plus delay")
    {
    }

  private:
    void DoRun() override
    {
        // Two hosts joined by a 10 Gb/s duplex link of 1 us; fluid links add no packet
        // headers, the transport its 16-byte frame header: 124,984 + 16 bytes take 100 us, and
        // delivery 1 us later. Each host's flows start at 0, 101, ..., 909 us: 10 before 1 ms.
        const double rate = 10e9;
        Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
        const uint32_t a = topo->AddVertex("a");
        const uint32_t b = topo->AddVertex("b");
        topo->AddDuplexLink(a, b, rate, MicroSeconds(1));
        Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
        net->SetTopology(topo);
        Ptr<FlowCollectiveTransport> transport = CollectiveHelper().InstallFlow(net, {a, b});
        transport->SetAttribute("MessageHeaderBytes", UintegerValue(16));
        Ptr<FlowWorkload> w = CreateObject<FlowWorkload>();
        w->SetAttribute("Pattern", StringValue("permutation"));
        w->SetAttribute("Continuous", BooleanValue(true));
        w->SetAttribute("FlowBytes", UintegerValue(124984));
        w->SetAttribute("HostRate", DataRateValue(DataRate(static_cast<uint64_t>(rate))));
        w->SetAttribute("Duration", TimeValue(MilliSeconds(1)));
        w->SetTransport(transport);
        std::string error;
        Schedule(Seconds(0), [w, &error]() { w->Start(error); });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(error, "", "started");
        NS_TEST_ASSERT_MSG_EQ(w->GetFlows().size(), 20, "10 flows per host");
        std::map<uint32_t, uint32_t> count;
        for (const FlowRecord& f : w->GetFlows())
        {
            NS_TEST_ASSERT_MSG_EQ(f.dst, 1 - f.src, "the two hosts swap");
            NS_TEST_ASSERT_MSG_EQ(f.completed, true, "flow " << f.id << " completed");
            // One nanosecond: the time resolution at which the engine schedules delivery.
            NS_TEST_ASSERT_MSG_EQ_TOL(f.end - f.start,
                                      MicroSeconds(101),
                                      NanoSeconds(1),
                                      "FCT of flow " << f.id);
            // Up to a nanosecond of rounding per flow before it.
            NS_TEST_ASSERT_MSG_EQ_TOL(f.start,
                                      MicroSeconds(101 * count[f.src]),
                                      NanoSeconds(count[f.src]),
                                      "start of flow " << count[f.src] << " of host " << f.src);
            ++count[f.src];
        }
    }
};

/// The suite.
class FlowWorkloadTestSuite : public TestSuite
{
  public:
    FlowWorkloadTestSuite()
        : TestSuite("optical-flow-workload", SUITE_UNIT)
    {
        AddTestCase(new CsvTestCase, TEST_QUICK);
        AddTestCase(new QuantileMeanTestCase, TEST_QUICK);
        AddTestCase(new KsTestCase, TEST_QUICK);
        AddTestCase(new PercentileTestCase, TEST_QUICK);
        AddTestCase(new PoissonTestCase, TEST_QUICK);
        AddTestCase(new PatternsTestCase, TEST_QUICK);
        AddTestCase(new ContinuousPermutationTestCase, TEST_QUICK);
        AddTestCase(new StopWhenDoneTestCase, TEST_QUICK);
        AddTestCase(new SeedsTestCase, TEST_QUICK);
        AddTestCase(new FlowLevelTestCase, TEST_QUICK);
        AddTestCase(new TcpTestCase, TEST_QUICK);
    }
};

/// Static instance.
FlowWorkloadTestSuite g_flowWorkloadTestSuite;

} // namespace
