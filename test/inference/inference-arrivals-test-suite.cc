/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Request arrival processes of the inference area (InferenceArrivals): Poisson counts and
// inter-arrival statistics, the bursty process's periods and rates (fixed and exponential),
// reproducibility under seeds and run numbers, the trace reader and its errors, and the length
// distributions. Statistical assertions use bounds of five standard deviations, each derived
// in the test from the process's parameters (a false failure has probability below 10^-6 per
// assertion; the streams are fixed, so a run is deterministic).

#include "../common/optical-test-compat.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inference-arrivals.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

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
 * \param [in] process "poisson", "bursty" or "trace"
 * \return an arrival generator of that process, streams fixed from 100
 */
Ptr<InferenceArrivals>
MakeArrivals(const std::string& process)
{
    Ptr<InferenceArrivals> a = CreateObject<InferenceArrivals>();
    a->SetAttribute("Process", StringValue(process));
    return a;
}

/// Poisson: count, inter-arrival mean and coefficient of variation, order, ids, lengths.
class PoissonTestCase : public TestCase
{
  public:
    PoissonTestCase()
        : TestCase("Poisson arrivals: count, inter-arrival mean and CV, order and ids")
    {
    }

  private:
    void DoRun() override
    {
        const double rate = 50;
        const double duration = 2000;
        Ptr<InferenceArrivals> a = MakeArrivals("poisson");
        a->SetAttribute("Rate", DoubleValue(rate));
        NS_TEST_ASSERT_MSG_EQ(a->AssignStreams(100), 6, "six streams");
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(duration), r, error), true, error);
        // The count is Poisson(rate x T): mean and variance rate x T.
        const double mean = rate * duration;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(r.size()),
                                  mean,
                                  SIGMAS * std::sqrt(mean),
                                  "count within 5 sqrt(rate x T) of rate x T");
        NS_TEST_ASSERT_MSG_EQ(a->ExpectedRequests(Seconds(duration)), mean, "expected count");
        NS_TEST_ASSERT_MSG_EQ(a->GetBursts().empty(), true, "no bursts");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(1)), false, "never in a burst");
        double sum = 0;
        double sumSq = 0;
        for (std::size_t i = 0; i < r.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(r[i].id, i, "ids 0..n-1 in order");
            NS_TEST_ASSERT_MSG_EQ(r[i].promptTokens, 512, "default prompt length");
            NS_TEST_ASSERT_MSG_EQ(r[i].outputTokens, 128, "default output length");
            NS_TEST_ASSERT_MSG_EQ((r[i].arrival >= Time(0) && r[i].arrival < Seconds(duration)),
                                  true,
                                  "arrival in [0, T)");
            const Time previous = i == 0 ? Time(0) : r[i - 1].arrival;
            NS_TEST_ASSERT_MSG_EQ((r[i].arrival >= previous), true, "arrivals sorted");
            const double gap = (r[i].arrival - previous).GetSeconds();
            sum += gap;
            sumSq += gap * gap;
        }
        const double n = r.size();
        const double gapMean = sum / n;
        const double gapSd = std::sqrt(sumSq / n - gapMean * gapMean);
        // Exponential gaps: the sample mean has standard deviation (1 / rate) / sqrt(n); the
        // sample variance has relative standard deviation sqrt(8 / n) (fourth moment 9 sigma^4),
        // so the sample standard deviation about sqrt(2 / n).
        NS_TEST_ASSERT_MSG_EQ_TOL(gapMean,
                                  1 / rate,
                                  SIGMAS / (rate * std::sqrt(n)),
                                  "mean inter-arrival 1 / rate");
        NS_TEST_ASSERT_MSG_EQ_TOL(gapSd / gapMean,
                                  1.0,
                                  SIGMAS * (std::sqrt(2 / n) + 1 / std::sqrt(n)),
                                  "coefficient of variation 1");

        // A very low rate draws gaps far beyond Time's range: no request, no overflow.
        a->SetAttribute("Rate", DoubleValue(1e-300));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(duration), r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.size(), 0, "no request at 1e-300 requests/s");
    }
};

/// Bursty with fixed periods: exact bursts, InBurst at the edges, rates in and out of bursts.
class BurstyFixedTestCase : public TestCase
{
  public:
    BurstyFixedTestCase()
        : TestCase("Bursty arrivals with fixed periods: bursts, edges, counts in and out")
    {
    }

  private:
    void DoRun() override
    {
        const double rate = 10;
        const double burstRate = 200;
        const int64_t q = 20;          // s
        const int64_t b = 5;           // s
        const int64_t duration = 1022; // 40 cycles of 25 s, then 20 s quiet and 2 s of burst
        Ptr<InferenceArrivals> a = MakeArrivals("bursty");
        a->SetAttribute("Rate", DoubleValue(rate));
        a->SetAttribute("BurstRate", DoubleValue(burstRate));
        a->SetAttribute("QuietTime", TimeValue(Seconds(q)));
        a->SetAttribute("BurstTime", TimeValue(Seconds(b)));
        a->SetAttribute("FixedPeriods", BooleanValue(true));
        a->AssignStreams(200);
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(duration), r, error), true, error);

        const auto& bursts = a->GetBursts();
        NS_TEST_ASSERT_MSG_EQ(bursts.size(), 41, "41 bursts, the last clipped");
        for (std::size_t k = 0; k < bursts.size(); ++k)
        {
            const int64_t start = q + k * (q + b);
            const int64_t end = std::min(start + b, duration);
            NS_TEST_ASSERT_MSG_EQ(bursts[k].first, Seconds(start), "burst start");
            NS_TEST_ASSERT_MSG_EQ(bursts[k].second, Seconds(end), "burst end");
        }
        const Time ns = NanoSeconds(1);
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Time(0)), false, "quiet at 0");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(-1)), false, "quiet before 0");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(q) - ns), false, "quiet just before a burst");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(q)), true, "a burst includes its start");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(q + b) - ns), true, "burst to its end");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(q + b)), false, "a burst excludes its end");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(2 * q + b)), true, "second burst");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(duration - 1)), true, "clipped last burst");
        NS_TEST_ASSERT_MSG_EQ(a->InBurst(Seconds(duration)), false, "nothing at the duration");

        // Classify arrivals by the period arithmetic (t mod (q + b) >= q is a burst).
        uint64_t inBurst = 0;
        uint64_t inQuiet = 0;
        const int64_t cycle = Seconds(q + b).GetNanoSeconds();
        for (const auto& req : r)
        {
            const bool burst = req.arrival.GetNanoSeconds() % cycle >= Seconds(q).GetNanoSeconds();
            NS_TEST_ASSERT_MSG_EQ(a->InBurst(req.arrival), burst, "InBurst agrees");
            (burst ? inBurst : inQuiet)++;
        }
        const double burstTime = 40 * b + 2;
        const double quietTime = duration - burstTime;
        const double burstMean = burstRate * burstTime;
        const double quietMean = rate * quietTime;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(inBurst),
                                  burstMean,
                                  SIGMAS * std::sqrt(burstMean),
                                  "count in bursts: BurstRate x burst time");
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(inQuiet),
                                  quietMean,
                                  SIGMAS * std::sqrt(quietMean),
                                  "count when quiet: Rate x quiet time");
        NS_TEST_ASSERT_MSG_EQ_TOL(a->ExpectedRequests(Seconds(duration)),
                                  burstMean + quietMean,
                                  1e-6,
                                  "expected count of fixed periods");

        // On/off: Rate 0 gives arrivals in bursts only.
        a->SetAttribute("Rate", DoubleValue(0));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(duration), r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.empty(), false, "on/off arrivals");
        for (const auto& req : r)
        {
            NS_TEST_ASSERT_MSG_EQ(a->InBurst(req.arrival), true, "on/off: only in bursts");
        }
    }
};

/// Bursty with exponential periods: the long-run rate is the MMPP's stationary rate.
class BurstyStationaryTestCase : public TestCase
{
  public:
    BurstyStationaryTestCase()
        : TestCase("Bursty arrivals with exponential periods: stationary rate and burst share")
    {
    }

  private:
    void DoRun() override
    {
        const double rate = 10;
        const double burstRate = 100;
        const double q = 0.4; // s
        const double b = 0.1; // s
        const double duration = 20000;
        Ptr<InferenceArrivals> a = MakeArrivals("bursty");
        a->SetAttribute("Rate", DoubleValue(rate));
        a->SetAttribute("BurstRate", DoubleValue(burstRate));
        a->SetAttribute("QuietTime", TimeValue(Seconds(q)));
        a->SetAttribute("BurstTime", TimeValue(Seconds(b)));
        a->AssignStreams(300);
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(duration), r, error), true, error);

        // Stationary: in a burst with probability pi_b = b / (q + b); rate
        // (Rate q + BurstRate b) / (q + b). The state switches at total rate s = 1/q + 1/b;
        // the integrated rate has asymptotic variance T x 2 (dRate)^2 pi_q pi_b / s, and the
        // count adds the Poisson variance (mean rate x T).
        const double piB = b / (q + b);
        const double piQ = 1 - piB;
        const double s = 1 / q + 1 / b;
        const double meanRate = (rate * q + burstRate * b) / (q + b);
        const double mean = meanRate * duration;
        const double dRate = burstRate - rate;
        const double variance = duration * (meanRate + 2 * dRate * dRate * piQ * piB / s);
        NS_TEST_ASSERT_MSG_EQ_TOL(a->GetMeanRate(), meanRate, 1e-9, "stationary rate");
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(r.size()),
                                  mean,
                                  SIGMAS * std::sqrt(variance),
                                  "long-run count: stationary rate x T");

        // Time in bursts: asymptotic variance T x 2 pi_q pi_b / s.
        double burstTime = 0;
        Time previousEnd(0);
        for (const auto& [start, end] : a->GetBursts())
        {
            NS_TEST_ASSERT_MSG_EQ((start >= previousEnd && end > start), true, "bursts ordered");
            burstTime += (end - start).GetSeconds();
            previousEnd = end;
        }
        NS_TEST_ASSERT_MSG_EQ((previousEnd <= Seconds(duration)), true, "bursts clipped");
        NS_TEST_ASSERT_MSG_EQ_TOL(burstTime,
                                  piB * duration,
                                  SIGMAS * std::sqrt(duration * 2 * piQ * piB / s),
                                  "burst share b / (q + b)");
        // Given the bursts, the count in them is Poisson(BurstRate x burst time).
        uint64_t inBurst = 0;
        for (const auto& req : r)
        {
            inBurst += a->InBurst(req.arrival) ? 1 : 0;
        }
        const double burstMean = burstRate * burstTime;
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(inBurst),
                                  burstMean,
                                  SIGMAS * std::sqrt(burstMean),
                                  "count in bursts: BurstRate x burst time");
        const double quietMean = rate * (duration - burstTime);
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(r.size() - inBurst),
                                  quietMean,
                                  SIGMAS * std::sqrt(quietMean),
                                  "count when quiet: Rate x quiet time");
    }
};

/// Identical seeds give identical requests; another run number or stream gives others.
class SeedsTestCase : public TestCase
{
  public:
    SeedsTestCase()
        : TestCase("Identical seeds give identical requests; another RngRun another")
    {
    }

  private:
    /**
     * \param [in] stream First stream
     * \param [out] bursts The bursts
     * \return the requests of a bursty process with uniform lengths
     */
    std::vector<InferenceRequestSpec> Draw(int64_t stream,
                                           std::vector<std::pair<Time, Time>>& bursts)
    {
        Ptr<InferenceArrivals> a = MakeArrivals("bursty");
        a->SetAttribute("PromptLength", StringValue("ns3::UniformRandomVariable[Min=1|Max=4000]"));
        a->SetAttribute("OutputLength", StringValue("ns3::UniformRandomVariable[Min=1|Max=500]"));
        a->AssignStreams(stream);
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(a->Generate(Seconds(200), r, error), true, error);
        bursts = a->GetBursts();
        return r;
    }

    /**
     * \param [in] x Requests
     * \param [in] y Requests
     * \return whether they are the same, field by field
     */
    static bool Same(const std::vector<InferenceRequestSpec>& x,
                     const std::vector<InferenceRequestSpec>& y)
    {
        if (x.size() != y.size())
        {
            return false;
        }
        for (std::size_t i = 0; i < x.size(); ++i)
        {
            if (x[i].id != y[i].id || x[i].arrival != y[i].arrival ||
                x[i].promptTokens != y[i].promptTokens || x[i].outputTokens != y[i].outputTokens)
            {
                return false;
            }
        }
        return true;
    }

    void DoRun() override
    {
        // Restores the run number however the test ends.
        struct RunGuard
        {
            uint64_t old{RngSeedManager::GetRun()}; //!< The run number before the test

            ~RunGuard()
            {
                RngSeedManager::SetRun(old);
            }
        } guard;

        RngSeedManager::SetRun(7);
        std::vector<std::pair<Time, Time>> b1;
        std::vector<std::pair<Time, Time>> b2;
        std::vector<std::pair<Time, Time>> b3;
        const auto first = Draw(400, b1);
        const auto again = Draw(400, b2);
        NS_TEST_ASSERT_MSG_GT(first.size(), 100, "enough requests to compare");
        NS_TEST_ASSERT_MSG_EQ(Same(first, again), true, "same seed, run and streams: same");
        NS_TEST_ASSERT_MSG_EQ((b1 == b2), true, "same bursts");
        const auto otherStream = Draw(500, b3);
        NS_TEST_ASSERT_MSG_EQ(Same(first, otherStream), false, "other streams: other requests");
        RngSeedManager::SetRun(8);
        const auto otherRun = Draw(400, b3);
        NS_TEST_ASSERT_MSG_EQ(Same(first, otherRun), false, "other run: other requests");
        NS_TEST_ASSERT_MSG_EQ((b1 == b3), false, "other run: other bursts");
        // The lengths change with the run too (their streams are assigned).
        bool promptsDiffer = false;
        for (std::size_t i = 0; i < std::min(first.size(), otherRun.size()); ++i)
        {
            promptsDiffer = promptsDiffer || first[i].promptTokens != otherRun[i].promptTokens;
        }
        NS_TEST_ASSERT_MSG_EQ(promptsDiffer, true, "other run: other prompt lengths");
    }
};

/// The trace reader: a good file read exactly; every malformed case named by file:line.
class TraceTestCase : public TestCase
{
  public:
    TraceTestCase()
        : TestCase("Trace files: a good file read exactly, each malformed case at file:line")
    {
    }

  private:
    void DoRun() override
    {
        const std::string good = CreateTempDirFilename("good-trace.csv");
        // A byte-order mark, CRLF, comments, a blank line, an extra column, columns reordered.
        WriteFile(good,
                  "\xEF\xBB\xBF# a trace\r\n"
                  "prompt_tokens,arrival_s,output_tokens,user\r\n"
                  "100,0,1,a\r\n"
                  "\r\n"
                  "2048,0.25,64,b\r\n"
                  "# between\r\n"
                  "1e3,0.25,7,c\r\n"
                  "5,12.5,300,d\r\n");
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(InferenceArrivals::ReadTrace(good, r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.size(), 4, "four rows");
        const double arrivals[] = {0, 0.25, 0.25, 12.5};
        const uint64_t prompts[] = {100, 2048, 1000, 5};
        const uint64_t outputs[] = {1, 64, 7, 300};
        for (std::size_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(r[i].id, i, "ids in file order");
            NS_TEST_ASSERT_MSG_EQ(r[i].arrival, Seconds(arrivals[i]), "arrival");
            NS_TEST_ASSERT_MSG_EQ(r[i].promptTokens, prompts[i], "prompt tokens");
            NS_TEST_ASSERT_MSG_EQ(r[i].outputTokens, outputs[i], "output tokens");
        }

        // Through Generate: the arrivals before the duration.
        Ptr<InferenceArrivals> a = MakeArrivals("trace");
        a->SetAttribute("TraceFile", StringValue(good));
        std::vector<InferenceRequestSpec> g;
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(12.5), g, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.size(), 3, "12.5 s is not before 12.5 s");
        NS_TEST_ASSERT_MSG_EQ(a->GetBursts().empty(), true, "a trace has no bursts");
        // MaxTokens applies to the trace, at its line.
        a->SetAttribute("MaxTokens", UintegerValue(2047));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(100), g, error), false, "2048 > 2047");
        NS_TEST_ASSERT_MSG_EQ((error.find(good + ":5:") != std::string::npos &&
                               error.find("'prompt_tokens'") != std::string::npos),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(g.empty(), true, "nothing on failure");

        struct Bad
        {
            std::string name;   //!< Case
            std::string text;   //!< File content
            uint64_t line;      //!< Line named
            std::string column; //!< Column named ("" if none)
        };

        const std::string h = "arrival_s,prompt_tokens,output_tokens\n";
        const std::vector<Bad> cases = {
            {"missing column", "arrival_s,prompt_tokens\n0,1\n", 1, "output_tokens"},
            {"missing cell", h + "0,10,10\n1,10\n", 3, ""},
            {"empty cell", h + "0,,10\n", 2, "prompt_tokens"},
            {"non-number arrival", h + "0,10,10\nsoon,10,10\n", 3, "arrival_s"},
            {"non-number tokens", h + "0,ten,10\n", 2, "prompt_tokens"},
            {"negative prompt", h + "0,-5,10\n", 2, "prompt_tokens"},
            {"zero output", h + "# c\n0,5,0\n", 3, "output_tokens"},
            {"negative output", h + "0,5,-1\n", 2, "output_tokens"},
            {"fractional tokens", h + "0,4.7,10\n", 2, "prompt_tokens"},
            {"decreasing arrivals", h + "1,5,5\n2,5,5\n1.5,5,5\n", 4, "arrival_s"},
            {"NaN arrival", h + "nan,5,5\n", 2, "arrival_s"},
            {"infinite arrival", h + "0,5,5\ninf,5,5\n", 3, "arrival_s"},
            {"negative arrival", h + "-0.5,5,5\n", 2, "arrival_s"},
            {"missing header", "0.5,100,10\n1.0,100,10\n", 1, "arrival_s"},
            {"missing header after comments", "# c\n\n0.5,100,10\n", 3, "arrival_s"},
            {"empty file", "", 1, ""},
            {"comments only", "# nothing\n", 1, ""},
        };
        for (std::size_t i = 0; i < cases.size(); ++i)
        {
            const Bad& c = cases[i];
            const std::string file =
                CreateTempDirFilename("bad-trace-" + std::to_string(i) + ".csv");
            WriteFile(file, c.text);
            std::vector<InferenceRequestSpec> out(1);
            out[0].id = 99;
            std::string why;
            NS_TEST_ASSERT_MSG_EQ(InferenceArrivals::ReadTrace(file, out, why),
                                  false,
                                  c.name + " is refused");
            const std::string where = file + ":" + std::to_string(c.line) + ":";
            NS_TEST_ASSERT_MSG_EQ((why.find(where) != std::string::npos),
                                  true,
                                  c.name + ": '" + why + "' names " + where);
            NS_TEST_ASSERT_MSG_EQ(
                (c.column.empty() || why.find("'" + c.column + "'") != std::string::npos),
                true,
                c.name + ": '" + why + "' names column " + c.column);
            NS_TEST_ASSERT_MSG_EQ((out.size() == 1 && out[0].id == 99),
                                  true,
                                  c.name + ": requests unchanged on failure");
        }
        NS_TEST_ASSERT_MSG_EQ(
            InferenceArrivals::ReadTrace(CreateTempDirFilename("absent.csv"), r, error),
            false,
            "a missing file is refused");
        NS_TEST_ASSERT_MSG_EQ((error.find("absent.csv") != std::string::npos), true, error);
    }
};

/// The shipped example trace follows its documented rule.
class ExampleTraceTestCase : public TestCase
{
  public:
    ExampleTraceTestCase()
        : TestCase("The example trace inference-trace-example.csv reads and has its burst")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(InferenceArrivals::ReadTrace("inference-trace-example.csv", r, error),
                              true,
                              error);
        // Rule (utils/make-inference-trace.py): Poisson 4/s over 50 s quiet (mean 200) and
        // 25/s over the burst [25, 35) s (mean 250); prompts 64..2048, outputs 16..512.
        uint64_t inBurst = 0;
        for (const auto& req : r)
        {
            NS_TEST_ASSERT_MSG_EQ((req.arrival < Seconds(60)), true, "within 60 s");
            NS_TEST_ASSERT_MSG_EQ((req.promptTokens >= 64 && req.promptTokens <= 2048),
                                  true,
                                  "prompt range");
            NS_TEST_ASSERT_MSG_EQ((req.outputTokens >= 16 && req.outputTokens <= 512),
                                  true,
                                  "output range");
            inBurst += (req.arrival >= Seconds(25) && req.arrival < Seconds(35)) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(inBurst),
                                  250.0,
                                  SIGMAS * std::sqrt(250.0),
                                  "burst count");
        NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(r.size() - inBurst),
                                  200.0,
                                  SIGMAS * std::sqrt(200.0),
                                  "quiet count");
    }
};

/// Length distributions: rounded whole draws in range; out-of-range draws refused.
class LengthsTestCase : public TestCase
{
  public:
    LengthsTestCase()
        : TestCase("Length distributions: uniform draws rounded, in range; bad draws refused")
    {
    }

  private:
    void DoRun() override
    {
        const double lo = 100;
        const double hi = 200;
        Ptr<InferenceArrivals> a = MakeArrivals("poisson");
        a->SetAttribute("Rate", DoubleValue(100));
        Ptr<UniformRandomVariable> prompt = CreateObject<UniformRandomVariable>();
        prompt->SetAttribute("Min", DoubleValue(lo));
        prompt->SetAttribute("Max", DoubleValue(hi));
        a->SetAttribute("PromptLength", PointerValue(prompt));
        a->AssignStreams(600);
        std::vector<InferenceRequestSpec> r;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(100), r, error), true, error);
        NS_TEST_ASSERT_MSG_GT(r.size(), 5000, "enough draws");
        // The same stream (600 + 4) drawn directly: each length is the draw rounded.
        Ptr<UniformRandomVariable> reference = CreateObject<UniformRandomVariable>();
        reference->SetStream(604);
        std::set<uint64_t> distinct;
        double sum = 0;
        for (const auto& req : r)
        {
            const double draw = reference->GetValue(lo, hi);
            NS_TEST_ASSERT_MSG_EQ(req.promptTokens,
                                  static_cast<uint64_t>(std::llround(draw)),
                                  "the draw rounded to whole tokens");
            NS_TEST_ASSERT_MSG_EQ((req.promptTokens >= lo && req.promptTokens <= hi),
                                  true,
                                  "in range");
            distinct.insert(req.promptTokens);
            sum += req.promptTokens;
        }
        NS_TEST_ASSERT_MSG_GT(distinct.size(), 90, "spread over the range");
        // Uniform on [lo, hi], rounded: mean (lo + hi) / 2, standard deviation (hi - lo) /
        // sqrt(12).
        NS_TEST_ASSERT_MSG_EQ_TOL(sum / r.size(),
                                  (lo + hi) / 2,
                                  SIGMAS * (hi - lo) / std::sqrt(12.0 * r.size()),
                                  "mean length");

        // Draws that round below 1 or above MaxTokens are refused, naming the attribute.
        a->SetAttribute("PromptLength", StringValue("ns3::ConstantRandomVariable[Constant=0.4]"));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(10), r, error), false, "0.4 rounds to 0");
        NS_TEST_ASSERT_MSG_EQ((error.find("PromptLength") != std::string::npos), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.empty(), true, "nothing on failure");
        a->SetAttribute("PromptLength", StringValue("ns3::ConstantRandomVariable[Constant=0.5]"));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(10), r, error), true, "0.5 rounds to 1");
        NS_TEST_ASSERT_MSG_EQ(r.front().promptTokens, 1, "one token");
        a->SetAttribute("MaxTokens", UintegerValue(1000));
        a->SetAttribute("OutputLength",
                        StringValue("ns3::ConstantRandomVariable[Constant=1000.6]"));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(10), r, error), false, "1001 > MaxTokens");
        NS_TEST_ASSERT_MSG_EQ((error.find("OutputLength") != std::string::npos &&
                               error.find("1000") != std::string::npos),
                              true,
                              error);
        a->SetAttribute("OutputLength",
                        StringValue("ns3::ConstantRandomVariable[Constant=1000.4]"));
        NS_TEST_ASSERT_MSG_EQ(a->Generate(Seconds(10), r, error), true, "1000.4 rounds to 1000");
        NS_TEST_ASSERT_MSG_EQ(r.front().outputTokens, 1000, "MaxTokens itself is allowed");
    }
};

/// Bad attributes and durations are refused with a message naming them.
class ValidateTestCase : public TestCase
{
  public:
    ValidateTestCase()
        : TestCase("Bad attributes and durations are refused, naming the value")
    {
    }

  private:
    /**
     * Checks that \p a refuses to generate with a message containing \p name.
     * \param [in] a The generator
     * \param [in] duration The duration
     * \param [in] name Text the message must contain
     */
    void Refused(Ptr<InferenceArrivals> a, Time duration, const std::string& name)
    {
        std::vector<InferenceRequestSpec> r(1);
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(a->Generate(duration, r, error), false, name + " refused");
        NS_TEST_EXPECT_MSG_EQ((error.find(name) != std::string::npos),
                              true,
                              "'" + error + "' names " + name);
        NS_TEST_EXPECT_MSG_EQ(r.empty(), true, "no requests");
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(MakeArrivals("poisson")->Validate(), "", "defaults are good");
        NS_TEST_ASSERT_MSG_EQ(MakeArrivals("bursty")->Validate(), "", "defaults are good");
        Ptr<InferenceArrivals> a = MakeArrivals("poisson");
        a->SetAttribute("Rate", DoubleValue(0));
        Refused(a, Seconds(1), "Rate 0");
        a->SetAttribute("Rate", DoubleValue(-2));
        Refused(a, Seconds(1), "Rate -2");
        a = MakeArrivals("bursty");
        a->SetAttribute("Rate", DoubleValue(-1));
        Refused(a, Seconds(1), "Rate -1");
        a = MakeArrivals("bursty");
        a->SetAttribute("BurstRate", DoubleValue(0));
        Refused(a, Seconds(1), "BurstRate 0");
        a = MakeArrivals("bursty");
        a->SetAttribute("QuietTime", TimeValue(Time(0)));
        Refused(a, Seconds(1), "QuietTime 0");
        a = MakeArrivals("bursty");
        a->SetAttribute("BurstTime", TimeValue(Seconds(-1)));
        Refused(a, Seconds(1), "BurstTime -1");
        a = MakeArrivals("poisson");
        a->SetAttribute("MaxTokens", UintegerValue(0));
        Refused(a, Seconds(1), "MaxTokens");
        a = MakeArrivals("trace");
        Refused(a, Seconds(1), "TraceFile");
        a = MakeArrivals("poisson");
        Refused(a, Time(0), "duration 0");
        Refused(a, Seconds(-3), "duration -3");
        // 10 requests/s for 2000 s expect 20000 requests: more than a MaxRequests of 1000.
        a->SetAttribute("MaxRequests", UintegerValue(1000));
        Refused(a, Seconds(2000), "MaxRequests");
        a = MakeArrivals("bursty");
        a->SetAttribute("MaxRequests", UintegerValue(1000));
        a->SetAttribute("Rate", DoubleValue(0));
        a->SetAttribute("BurstRate", DoubleValue(1e-3));
        a->SetAttribute("QuietTime", TimeValue(MilliSeconds(1)));
        a->SetAttribute("BurstTime", TimeValue(MilliSeconds(1)));
        Refused(a, Seconds(100), "cycles");
    }
};

/// The suite.
class InferenceArrivalsTestSuite : public TestSuite
{
  public:
    InferenceArrivalsTestSuite()
        : TestSuite("optical-inference-arrivals", SUITE_UNIT)
    {
        AddTestCase(new PoissonTestCase, TEST_QUICK);
        AddTestCase(new BurstyFixedTestCase, TEST_QUICK);
        AddTestCase(new BurstyStationaryTestCase, TEST_QUICK);
        AddTestCase(new SeedsTestCase, TEST_QUICK);
        AddTestCase(new TraceTestCase, TEST_QUICK);
        AddTestCase(new ExampleTraceTestCase, TEST_QUICK);
        AddTestCase(new LengthsTestCase, TEST_QUICK);
        AddTestCase(new ValidateTestCase, TEST_QUICK);
    }
};

/// Static instance.
InferenceArrivalsTestSuite g_inferenceArrivalsTestSuite;

} // namespace
