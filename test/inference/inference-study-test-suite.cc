/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * The serving study (InferenceServingStudy): identical seeds give identical runs and another
 * run number another; Check() refuses each bad configuration naming the value (and accepts the
 * configuration next to it); paging contends with a co-located training job on the NVLink
 * links it shares and not on the PCIe links it does not.
 */

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Restores the run number however a test ends.
struct RunGuard
{
    uint64_t old{RngSeedManager::GetRun()}; //!< The run number before the test

    ~RunGuard()
    {
        RngSeedManager::SetRun(old);
    }
};

/// The bench's server: llama3-8b on 8 h100, 4 serving at tp 1, time slices paging to peers.
InferenceServingConfig
BaseConfig()
{
    InferenceServingConfig c;
    std::string error;
    NS_ABORT_MSG_IF(!ModelSpec::Lookup("llama3-8b", c.model, error), error);
    NS_ABORT_MSG_IF(!GpuSpec::Lookup("h100", c.gpu, error), error);
    NS_ABORT_MSG_IF(!ModelSpec::Lookup("tiny", c.trainingModel, error), error);
    c.gpus = 8;
    c.servingGpus = 4;
    c.tp = 1;
    c.scheduler = "timeslice";
    c.pageTo = "peer";
    return c;
}

/**
 * The same with GPUs of \p memoryBytes of HBM (the h100's rates), so that a few requests
 * exhaust the KV cache and time slices page.
 * \param [in] memoryBytes HBM per GPU
 * \return the configuration
 */
InferenceServingConfig
SmallMemoryConfig(double memoryBytes)
{
    InferenceServingConfig c = BaseConfig();
    c.gpu.memoryBytes = memoryBytes;
    return c;
}

/**
 * \param [in] process "poisson" or "bursty"
 * \param [in] stream First stream
 * \param [in] duration Arrivals during
 * \return requests of uniform lengths (prompts 500 to 3000, outputs 20 to 200 tokens)
 */
std::vector<InferenceRequestSpec>
Draw(const std::string& process, int64_t stream, Time duration)
{
    Ptr<InferenceArrivals> a = CreateObject<InferenceArrivals>();
    a->SetAttribute("Process", StringValue(process));
    a->SetAttribute("Rate", DoubleValue(process == "poisson" ? 20 : 2));
    a->SetAttribute("BurstRate", DoubleValue(60));
    a->SetAttribute("QuietTime", TimeValue(Seconds(2)));
    a->SetAttribute("BurstTime", TimeValue(Seconds(1)));
    a->SetAttribute("PromptLength", StringValue("ns3::UniformRandomVariable[Min=500|Max=3000]"));
    a->SetAttribute("OutputLength", StringValue("ns3::UniformRandomVariable[Min=20|Max=200]"));
    a->AssignStreams(stream);
    std::vector<InferenceRequestSpec> r;
    std::string error;
    NS_ABORT_MSG_IF(!a->Generate(duration, r, error), error);
    return r;
}

/**
 * \param [in] x A record
 * \param [in] y A record
 * \return whether every field is equal
 */
bool
SameRecord(const InferenceRequestRecord& x, const InferenceRequestRecord& y)
{
    return x.id == y.id && x.arrival == y.arrival && x.promptTokens == y.promptTokens &&
           x.outputTokens == y.outputTokens && x.generated == y.generated &&
           x.firstToken == y.firstToken && x.end == y.end && x.preemptions == y.preemptions &&
           x.pageOuts == y.pageOuts && x.pagedBytes == y.pagedBytes && x.rejected == y.rejected;
}

/**
 * \param [in] x Records
 * \param [in] y Records
 * \return the number of records that differ (a size difference counts as the missing ones)
 */
size_t
Differences(const std::vector<InferenceRequestRecord>& x,
            const std::vector<InferenceRequestRecord>& y)
{
    size_t n = x.size() > y.size() ? x.size() - y.size() : y.size() - x.size();
    for (size_t i = 0; i < std::min(x.size(), y.size()); ++i)
    {
        n += SameRecord(x[i], y[i]) ? 0 : 1;
    }
    return n;
}

/// \return whether \p text contains \p part
bool
Has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// ------------------------------------------------------------------------------------------

/// Identical seeds give identical runs; another RngRun another.
class SeedsTestCase : public TestCase
{
  public:
    SeedsTestCase()
        : TestCase("identical RngRun and streams: identical runs, record by record; another "
                   "RngRun: other runs")
    {
    }

  private:
    void DoRun() override
    {
        RunGuard guard;
        // Small HBM so that time slices page (to peers, and to the host when a peer is full),
        // with the co-located job and its randomness.
        InferenceServingConfig c = SmallMemoryConfig(20e9);
        c.colocateTraining = true;
        c.peerSpareBytes = 2e9;
        NS_TEST_ASSERT_MSG_EQ(InferenceServingStudy::Check(c), "", "a valid configuration");
        for (const std::string process : {"poisson", "bursty"})
        {
            RngSeedManager::SetRun(3);
            const auto requests = Draw(process, 10, Seconds(4));
            const auto again = Draw(process, 10, Seconds(4));
            NS_TEST_ASSERT_MSG_GT(requests.size(), 20, process << ": enough requests");
            const InferenceServingOutcome a = InferenceServingStudy::Run(c, requests, 1);
            const InferenceServingOutcome b = InferenceServingStudy::Run(c, again, 1);
            NS_TEST_ASSERT_MSG_EQ(a.records.size(), requests.size(), process << ": a record each");
            NS_TEST_ASSERT_MSG_EQ(a.summary.completed, requests.size(), process << ": all done");
            NS_TEST_ASSERT_MSG_GT(a.summary.pagedBytes, 0, process << ": the runs page");
            NS_TEST_ASSERT_MSG_GT(a.trainingIterations, 0, process << ": the job runs");
            NS_TEST_ASSERT_MSG_EQ(Differences(a.records, b.records), 0, process << ": same");
            NS_TEST_ASSERT_MSG_EQ(a.events, b.events, process << ": same events");
            NS_TEST_ASSERT_MSG_EQ(a.iterations, b.iterations, process << ": same iterations");
            NS_TEST_ASSERT_MSG_EQ(a.pagingBusyS, b.pagingBusyS, process << ": same paging");
            NS_TEST_ASSERT_MSG_EQ(a.trainingIterations,
                                  b.trainingIterations,
                                  process << ": same training iterations");

            RngSeedManager::SetRun(4);
            const auto other = Draw(process, 10, Seconds(4));
            const InferenceServingOutcome o = InferenceServingStudy::Run(c, other, 1);
            NS_TEST_ASSERT_MSG_GT(Differences(a.records, o.records),
                                  a.records.size() / 2,
                                  process << ": another run: most records differ");
        }
    }
};

/// Check() refuses each bad configuration, naming the value, and accepts its neighbour.
class CheckTestCase : public TestCase
{
  public:
    CheckTestCase()
        : TestCase("Check: a model that does not fit, a slice of 0, fabric paging without a "
                   "fabric, peer paging with every GPU serving, servingGpus not a multiple of tp")
    {
    }

  private:
    /**
     * \param [in] c A configuration
     * \param [in] parts What the message must contain
     * \param [in] what The case
     */
    void Refused(const InferenceServingConfig& c,
                 const std::vector<std::string>& parts,
                 const std::string& what)
    {
        const std::string problem = InferenceServingStudy::Check(c);
        NS_TEST_EXPECT_MSG_NE(problem, "", what << ": refused");
        for (const std::string& part : parts)
        {
            NS_TEST_EXPECT_MSG_EQ(Has(problem, part),
                                  true,
                                  what << ": '" << problem << "' names '" << part << "'");
        }
    }

    void DoRun() override
    {
        const InferenceServingConfig base = BaseConfig();
        NS_TEST_ASSERT_MSG_EQ(InferenceServingStudy::Check(base), "", "the base is valid");

        // llama3-70b: 70.6e9 parameters x 2 bytes = 141 GB > 80 GB at tp 1; at tp 2, 70.6 GB
        // + 8 GB reserve leave ~1.4 GB: it fits.
        InferenceServingConfig c = base;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ModelSpec::Lookup("llama3-70b", c.model, error), true, error);
        Refused(c, {"llama3-70b", "h100", "tp 1"}, "llama3-70b at tp 1 on h100");
        c.tp = 2;
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "llama3-70b at tp 2 fits");

        c = base;
        c.sliceIterations = 0;
        Refused(c, {"--slice=0"}, "a slice of 0");
        c.scheduler = "admission";
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "admission ignores slices");
        c.scheduler = "timeslice";
        c.sliceIterations = 1;
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "a slice of 1");

        c = base;
        c.pageTo = "fabric";
        Refused(c, {"--pageTo=fabric", "no photonic fabric", "fabricPorts"}, "fabric without one");
        c.fabricPorts = 2;
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "fabric with 2 ports");

        c = base;
        c.servingGpus = 8;
        Refused(c, {"--pageTo=peer", "8 GPUs serving"}, "peer paging, every GPU serving");
        c.pageTo = "fabric";
        c.fabricPorts = 1;
        Refused(c, {"--pageTo=fabric", "8 GPUs serving"}, "fabric paging, every GPU serving");
        c.pageTo = "host";
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "host paging: no peer needed");

        c = base;
        c.servingGpus = 3;
        c.tp = 2;
        Refused(c, {"--servingGpus=3", "--tp=2"}, "3 serving GPUs at tp 2");
        c.servingGpus = 9;
        c.tp = 1;
        Refused(c, {"--servingGpus=9", "8 GPUs"}, "more serving GPUs than GPUs");
        c.servingGpus = 6;
        c.tp = 2;
        NS_TEST_EXPECT_MSG_EQ(InferenceServingStudy::Check(c), "", "6 serving GPUs at tp 2");
    }
};

/**
 * Paging contends with a co-located training job where they share links, and only there. The
 * job (data parallel, its all-reduces on the four lending GPUs' NVLink links) and host paging
 * (PCIe links from the serving GPUs) share no link, and the job does not touch the serving
 * GPUs' compute: every record, the paged bytes and the paging time are the same with and
 * without it. Peer paging ends on the lending GPUs' NVLink links, where the job's all-reduce
 * messages are: with the job, a byte paged takes longer (busy time per byte up), and the job
 * runs fewer iterations per simulated second than beside host paging.
 */
class ColocationTestCase : public TestCase
{
  public:
    ColocationTestCase()
        : TestCase("a co-located training job: host paging (PCIe) unchanged record by record, "
                   "peer paging (the lenders' NVLink) slower, and the job slower beside it")
    {
    }

  private:
    void DoRun() override
    {
        RunGuard guard;
        RngSeedManager::SetRun(1);
        const auto requests = Draw("bursty", 20, Seconds(6));
        InferenceServingConfig c = SmallMemoryConfig(20e9);
        c.peerSpareBytes = 4e9;
        auto run = [&](const std::string& pageTo, bool training) {
            c.pageTo = pageTo;
            c.colocateTraining = training;
            const std::string problem = InferenceServingStudy::Check(c);
            NS_ABORT_MSG_IF(!problem.empty(), problem);
            return InferenceServingStudy::Run(c, requests, 1);
        };
        const InferenceServingOutcome host = run("host", false);
        const InferenceServingOutcome hostJob = run("host", true);
        const InferenceServingOutcome peer = run("peer", false);
        const InferenceServingOutcome peerJob = run("peer", true);

        NS_TEST_ASSERT_MSG_EQ(host.summary.completed, requests.size(), "host: all complete");
        NS_TEST_ASSERT_MSG_EQ(peerJob.summary.completed, requests.size(), "peer: all complete");
        NS_TEST_ASSERT_MSG_GT(host.summary.pagedBytes, 0, "host: the service pages");
        NS_TEST_ASSERT_MSG_GT(peer.summary.pagedBytes, 0, "peer: the service pages");
        NS_TEST_ASSERT_MSG_EQ(host.trainingIterations, 0, "no job, no training iterations");
        NS_TEST_ASSERT_MSG_GT(hostJob.trainingIterations, 100, "the job runs beside host paging");
        NS_TEST_ASSERT_MSG_GT(peerJob.trainingIterations, 100, "the job runs beside peer paging");

        // Disjoint links: the same run, record by record.
        NS_TEST_ASSERT_MSG_EQ(Differences(host.records, hostJob.records),
                              0,
                              "host paging: the job changes no record");
        NS_TEST_ASSERT_MSG_EQ(host.summary.pagedBytes,
                              hostJob.summary.pagedBytes,
                              "host paging: same bytes");
        NS_TEST_ASSERT_MSG_EQ(host.pagingBusyS, hostJob.pagingBusyS, "host paging: same time");

        // Shared NVLink links: paging slower per byte, and the job slower beside it.
        const double perByte = peer.pagingBusyS / peer.summary.pagedBytes;
        const double perByteJob = peerJob.pagingBusyS / peerJob.summary.pagedBytes;
        NS_TEST_ASSERT_MSG_GT(perByteJob,
                              perByte * 1.05,
                              "peer paging: a byte takes longer beside the job's all-reduces");
        NS_TEST_ASSERT_MSG_GT(Differences(peer.records, peerJob.records),
                              0,
                              "peer paging: the job changes the service's records");
        const double rateHost = hostJob.trainingIterations / hostJob.durationS;
        const double ratePeer = peerJob.trainingIterations / peerJob.durationS;
        NS_TEST_ASSERT_MSG_LT(ratePeer,
                              rateHost,
                              "the job: fewer iterations per second beside peer paging (its "
                              "NVLink links carry pages) than beside host paging (they do not)");
    }
};

class InferenceStudyTestSuite : public TestSuite
{
  public:
    InferenceStudyTestSuite()
        : TestSuite("optical-inference-study", SUITE_UNIT)
    {
        AddTestCase(new SeedsTestCase, TEST_QUICK);
        AddTestCase(new CheckTestCase, TEST_QUICK);
        AddTestCase(new ColocationTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
InferenceStudyTestSuite g_inferenceStudyTestSuite;

} // namespace
