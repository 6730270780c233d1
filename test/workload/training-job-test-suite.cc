/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Training jobs: compute time from FLOPs, the pipeline bubble (p-1)/(m+p-1) of 1F1B and GPipe
// with zero-cost communication, the measured bubble of two stages (balanced and unbalanced,
// closed forms) and its split from activations in flight, MoE all-to-all bytes,
// configuration errors, and a job at packet level.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/instant-transport.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <sstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
TrainingConfig
Tiny(const std::string& model = "tiny")
{
    TrainingConfig c;
    std::string error;
    NS_ABORT_MSG_IF(!TrainingJobHelper::Configure(model, "h100", c, error), error);
    return c;
}

/// Runs one iteration of \p c on a zero-cost transport; returns the record.
IterationRecord
RunInstant(const TrainingConfig& c, std::vector<uint64_t>* a2aBytes = nullptr)
{
    Ptr<InstantTransport> transport = CreateObject<InstantTransport>();
    transport->SetNRanks(c.GetNRanks());
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, c);
    if (a2aBytes)
    {
        job->TraceConnectWithoutContext("PhaseStart",
                                        MakeCallback(+[](std::vector<uint64_t>* v,
                                                         const std::string&,
                                                         const std::string& kind,
                                                         uint32_t,
                                                         uint64_t bytes) {
                                            if (kind == "moe-dispatch" || kind == "moe-combine")
                                            {
                                                v->push_back(bytes);
                                            }
                                        }).Bind(a2aBytes));
    }
    job->Start(1);
    Simulator::Run();
    NS_ABORT_MSG_IF(job->GetIterations().size() != 1, "the iteration did not complete");
    IterationRecord r = job->GetIterations()[0];
    Simulator::Destroy();
    return r;
}

/// A transport that delivers every message a fixed delay after it is sent.
class DelayTransport : public CollectiveTransport
{
  public:
    Time delay;        //!< Delivery delay
    uint32_t ranks{0}; //!< Ranks

    void Send(uint32_t, uint32_t, uint64_t, DeliveryCallback delivered) override
    {
        optical::compat::Schedule(delay, delivered);
    }

    uint32_t GetNRanks() const override
    {
        return ranks;
    }
};

/// Runs one iteration of \p c on \p transport; returns the record.
IterationRecord
RunOn(const TrainingConfig& c, Ptr<CollectiveTransport> transport)
{
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, c);
    job->Start(1);
    Simulator::Run();
    NS_ABORT_MSG_IF(job->GetIterations().size() != 1, "the iteration did not complete");
    IterationRecord r = job->GetIterations()[0];
    Simulator::Destroy();
    return r;
}

/// Forward + backward compute of one micro-batch through layers [first, first + n) (s).
double
StageMicrobatchSeconds(const TrainingConfig& c, uint32_t first, uint32_t n)
{
    double flops = 0;
    for (uint32_t l = first; l < first + n; ++l)
    {
        flops += c.LayerForwardFlops(l);
    }
    return 3 * flops / (c.gpu.peakFlops * c.gpu.mfu);
}
} // namespace

/**
 * \ingroup optical-tests
 * Compute time and pipeline bubble with zero-cost communication.
 */
class TrainingPipelineTestCase : public TestCase
{
  public:
    TrainingPipelineTestCase()
        : TestCase("Iteration time is (m+p-1) stage steps; bubble is (p-1) over (m+p-1)")
    {
    }

  private:
    void DoRun() override
    {
        // tiny: 4 layers of h 1024, s 512, ffn 4096 on H100 at MFU 0.4.
        TrainingConfig c = Tiny();
        const double perLayer =
            8.0 * 512 * 1024 * 1024 + 4.0 * 512 * 512 * 1024 + 4.0 * 512 * 1024 * 4096;
        NS_TEST_EXPECT_MSG_EQ_TOL(c.LayerForwardFlops(0), perLayer, 1e-6, "Megatron FLOPs");
        // No pipeline: m micro-batches, 3x forward FLOPs each.
        c.microbatches = 4;
        const double step1 = StageMicrobatchSeconds(c, 0, 4);
        IterationRecord r = RunInstant(c);
        // Exact up to the nanosecond rounding of each compute step (64 steps here).
        NS_TEST_EXPECT_MSG_EQ_TOL((r.end - r.start).GetSeconds(), 4 * step1, 64e-9, "no pipeline");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.bubbleS, 0.0, 1e-12, "no bubble");
        // 4 stages of one layer, m = 8: time (m + p - 1) steps, bubble (p-1)/(m+p-1).
        for (const char* schedule : {"1f1b", "gpipe"})
        {
            for (uint32_t m : {1u, 8u})
            {
                TrainingConfig p = Tiny();
                p.pp = 4;
                p.microbatches = m;
                p.schedule = schedule;
                const double step = StageMicrobatchSeconds(p, 0, 1);
                IterationRecord it = RunInstant(p);
                // Within the nanosecond rounding of each compute step (relative 1e-5).
                const double t = (it.end - it.start).GetSeconds();
                NS_TEST_EXPECT_MSG_EQ_TOL(t / ((m + 3) * step), 1.0, 1e-5, schedule << " m=" << m);
                NS_TEST_EXPECT_MSG_EQ_TOL(it.bubbleS / t,
                                          3.0 / (m + 3),
                                          1e-5,
                                          schedule << " bubble");
                NS_TEST_EXPECT_MSG_EQ_TOL(it.computeS / (m * step), 1.0, 1e-9, "busy compute");
                NS_TEST_EXPECT_MSG_EQ_TOL(it.exposedCommS, 0.0, 1e-5 * t, "no communication cost");
            }
        }
    }
};

/**
 * \ingroup optical-tests
 * The measured bubble of two stages, against closed forms.
 */
class TrainingMeasuredBubbleTestCase : public TestCase
{
  public:
    TrainingMeasuredBubbleTestCase()
        : TestCase("The bubble is the busiest stage's measured idle time (2 stages, closed forms)")
    {
    }

  private:
    void DoRun() override
    {
        // Two stages of tiny (dense, identical layers). A layer's forward computes in two
        // halves of f/2 each and its backward in two of f, each rounded to the nanosecond:
        // per micro-batch and layer the forward takes F = 2 round(f/2), the backward
        // B = 2 round(f). Stage 0 has the stage's forward F0 and backward B0, stage 1 F1, B1;
        // with F0 >= F1 and B0 >= B1 stage 0 is the busiest (the first on a tie).
        //
        // GPipe: stage 0 runs its m forwards, idles until the first gradient returns, F1 + B1
        // after its last forward, then finds each next gradient ready:
        //   bubble = F1 + B1, T = m (F0 + B0) + F1 + B1.
        // 1F1B, m >= 2: stage 0 runs F(0), F(1), then waits for gradient 0 (F1 + B1 after
        // F(0) ends, F0 of which it spent on F(1)); in the steady state it runs B(i), F(i+2)
        // (B0 + F0 >= F1 + B1) while stage 1 turns micro-batch i + 1 around; at the end it
        // runs B(m-2) while stage 1 turns the last one around:
        //   bubble = max(0, F1 + B1 - F0) + max(0, F1 + B1 - B0), T = m (F0 + B0) + bubble.
        // 1F1B, m = 1: F(0), then wait F1 + B1, then B(0): as GPipe.
        // With zero-cost communication there is no exposed communication.
        const TrainingConfig base = Tiny();
        const double f = base.LayerForwardFlops(0) / (base.gpu.peakFlops * base.gpu.mfu);
        const double fr = 2 * Seconds(f / 2).GetSeconds();
        const double br = 2 * Seconds(f).GetSeconds();
        for (bool balanced : {true, false})
        {
            // Balanced: 4 layers, 2 per stage. Unbalanced: 3 layers, stage 0 has 2.
            const double f0 = 2 * fr;
            const double b0 = 2 * br;
            const double f1 = balanced ? 2 * fr : fr;
            const double b1 = balanced ? 2 * br : br;
            for (const char* schedule : {"gpipe", "1f1b"})
            {
                for (uint32_t m : {1u, 2u, 4u})
                {
                    TrainingConfig c = Tiny();
                    c.model.layers = balanced ? 4 : 3;
                    c.pp = 2;
                    c.microbatches = m;
                    c.schedule = schedule;
                    const bool gpipe = std::string(schedule) == "gpipe";
                    const double bubble =
                        gpipe || m == 1 ? f1 + b1
                                        : std::max(0.0, f1 + b1 - f0) + std::max(0.0, f1 + b1 - b0);
                    const double t = m * (f0 + b0) + bubble;
                    IterationRecord r = RunInstant(c);
                    std::ostringstream what;
                    what << (balanced ? "balanced " : "unbalanced ") << schedule << " m=" << m;
                    NS_TEST_EXPECT_MSG_EQ_TOL((r.end - r.start).GetSeconds(),
                                              t,
                                              1e-12,
                                              what.str() << ": iteration time");
                    NS_TEST_EXPECT_MSG_EQ_TOL(r.bubbleS, bubble, 1e-12, what.str() << ": bubble");
                    NS_TEST_EXPECT_MSG_EQ(r.exposedCommS, 0.0, what.str() << ": no communication");
                    // The formula: (PP - 1) / m of the busiest stage's compute, m (F0 + B0).
                    NS_TEST_EXPECT_MSG_EQ_TOL(r.bubbleFormulaS,
                                              r.computeS / m,
                                              1e-15,
                                              what.str() << ": formula");
                    NS_TEST_EXPECT_MSG_EQ_TOL(r.computeS,
                                              m * 6 * f,
                                              1e-9 * m * 6 * f,
                                              what.str() << ": stage 0 is the busiest");
                }
            }
        }
        // Unbalanced 1F1B, m = 4: the formula says a quarter of the compute (6 f), the stage
        // idles f (about 4% of 25 f).
        {
            TrainingConfig c = Tiny();
            c.model.layers = 3;
            c.pp = 2;
            c.microbatches = 4;
            IterationRecord r = RunInstant(c);
            NS_TEST_EXPECT_MSG_EQ_TOL(r.bubbleS / r.bubbleFormulaS, 1.0 / 6, 1e-4, "f vs 6 f");
        }
        // Activations and gradients in flight are exposed PP communication, not bubble.
        // Balanced GPipe (F, B per stage), every message delivered D after it is sent: stage
        // 1's forwards end at F + D + m F; its first backward's gradient reaches stage 0 at
        // (m + 1) F + B + 2 D, which idled since m F; later gradients arrive as it finishes.
        // Of its idle time F + B + 2 D, D is the returning gradient's flight (exposed PP) and
        // the rest, F + B + D, waiting on stage 1 (which an activation's flight delayed).
        {
            TrainingConfig c = Tiny();
            c.pp = 2;
            c.microbatches = 3;
            c.schedule = "gpipe";
            Ptr<DelayTransport> transport = CreateObject<DelayTransport>();
            transport->ranks = 2;
            transport->delay = MicroSeconds(7);
            const double d = 7e-6;
            IterationRecord r = RunOn(c, transport);
            const double fs = 2 * fr;
            const double bs = 2 * br;
            NS_TEST_EXPECT_MSG_EQ_TOL((r.end - r.start).GetSeconds(),
                                      3 * (fs + bs) + fs + bs + 2 * d,
                                      1e-12,
                                      "iteration time with delays");
            NS_TEST_EXPECT_MSG_EQ_TOL(r.exposedPpS, d, 1e-12, "one flight exposed");
            NS_TEST_EXPECT_MSG_EQ_TOL(r.bubbleS, fs + bs + d, 1e-12, "the rest is bubble");
            NS_TEST_EXPECT_MSG_EQ_TOL(r.exposedCommS, d, 1e-12, "no TP, EP or DP");
        }
    }
};

/**
 * \ingroup optical-tests
 * MoE all-to-all bytes: tokens x top-k x hidden x bytes per dispatch and combine.
 */
class TrainingMoeBytesTestCase : public TestCase
{
  public:
    TrainingMoeBytesTestCase()
        : TestCase("MoE all-to-alls carry tokens x k x hidden x bytes, 4 per MoE layer")
    {
    }

  private:
    void DoRun() override
    {
        // tiny-moe: 4 layers, every 2nd is MoE (8 experts, top-2), h 1024, s 512.
        TrainingConfig c = Tiny("tiny-moe");
        c.dp = 2;
        c.ep = 2;
        c.microbatches = 3;
        std::vector<uint64_t> bytes;
        RunInstant(c, &bytes);
        const uint64_t expected = 512ull * 2 * 1024 * 2; // tokens x k x hidden x 2 bytes
        // 2 MoE layers x (dispatch + combine) x (forward + backward) x 3 micro-batches.
        NS_TEST_ASSERT_MSG_EQ(bytes.size(), 2 * 2 * 2 * 3, "all-to-alls per iteration");
        for (uint64_t b : bytes)
        {
            NS_TEST_EXPECT_MSG_EQ(b, expected, "bytes of one all-to-all");
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(c.model.LayerParameters(1),
                                  4.0 * 1024 * 1024 + 2.0 * 1024 * 1024 * 8,
                                  1,
                                  "MoE layer: attention + 8 experts");
    }
};

/**
 * \ingroup optical-tests
 * TrainingConfig::EstimateBytesPerIteration against the bytes a job hands its transport: a
 * pipeline's activations and gradients cross each stage boundary once per micro-batch, split
 * over the tensor ranks (not once per tensor rank), and the TP all-reduces of a group that
 * spans servers.
 */
class TrainingBytesEstimateTestCase : public TestCase
{
  public:
    TrainingBytesEstimateTestCase()
        : TestCase("the bytes estimate equals the bytes a pipeline and a TP group send")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t tp : {1u, 2u, 4u})
        {
            TrainingConfig c = Tiny();
            c.dp = 1;
            c.tp = tp;
            c.pp = 2;
            c.microbatches = 3;
            Ptr<InstantTransport> transport = CreateObject<InstantTransport>();
            transport->SetNRanks(c.GetNRanks());
            Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, c);
            job->Start(1);
            Simulator::Run();
            const double delivered = double(transport->GetCounters().bytesDelivered);
            Simulator::Destroy();
            // No scale-up domain: every byte crosses the network (gpusPerServer 1).
            NS_TEST_EXPECT_MSG_EQ_TOL(delivered,
                                      c.EstimateBytesPerIteration(1),
                                      1e-6 * delivered + 2.0 * tp * c.microbatches * c.pp,
                                      "tp " << tp << ": estimate against the bytes sent");
        }
    }
};

/**
 * \ingroup optical-tests
 * Bad configurations are rejected before the simulation, naming the value.
 */
class TrainingConfigErrorsTestCase : public TestCase
{
  public:
    TrainingConfigErrorsTestCase()
        : TestCase("Bad parallel degrees, pipelines and names are rejected with a message")
    {
    }

  private:
    void DoRun() override
    {
        TrainingConfig c = Tiny();
        c.dp = 2;
        c.tp = 2;
        NS_TEST_EXPECT_MSG_NE(c.Validate(8).find("2 x 2 x 1 = 4"),
                              std::string::npos,
                              c.Validate(8));
        c.dp = 1;
        c.tp = 1;
        c.pp = 5;
        NS_TEST_EXPECT_MSG_NE(c.Validate(5).find("at least 5 layers"),
                              std::string::npos,
                              c.Validate(5));
        c.pp = 1;
        c.schedule = "zigzag";
        NS_TEST_EXPECT_MSG_NE(c.Validate(1).find("zigzag"), std::string::npos, c.Validate(1));
        c.schedule = "1f1b";
        c.microbatches = 0;
        NS_TEST_EXPECT_MSG_NE(c.Validate(1).find("positive"), std::string::npos, c.Validate(1));
        std::string error;
        TrainingConfig keep = Tiny();
        NS_TEST_EXPECT_MSG_EQ(TrainingJobHelper::Configure("gpt-9", "h100", keep, error),
                              false,
                              "model");
        NS_TEST_EXPECT_MSG_NE(error.find("gpt3-175b"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(TrainingJobHelper::Configure("tiny", "tpu9", keep, error),
                              false,
                              "gpu");
        NS_TEST_EXPECT_MSG_NE(error.find("h200"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(keep.model.name, "tiny", "config unchanged");
        GpuSpec h100;
        NS_TEST_ASSERT_MSG_EQ(GpuSpec::Lookup("h100", h100, error), true, error);
        NS_TEST_EXPECT_MSG_EQ_TOL(h100.peakFlops, 989e12, 1, "H100 dense BF16 peak");
        NS_TEST_EXPECT_MSG_EQ_TOL(h100.scaleUpBps, 3600e9, 1, "NVLink 450 GB/s per direction");
    }
};

/**
 * \ingroup optical-tests
 * A job at packet level: TP in the scale-up domain, PP and DP over TCP; communication shows.
 */
class TrainingPacketTestCase : public TestCase
{
  public:
    TrainingPacketTestCase()
        : TestCase("A DP x TP x PP job runs at packet level; DP overlap hides communication")
    {
    }

  private:
    void DoRun() override
    {
        double times[2];
        double dpTail[2];
        for (int overlap = 0; overlap < 2; ++overlap)
        {
            TrainingConfig c = Tiny();
            c.dp = 2;
            c.tp = 2;
            c.pp = 2;
            c.microbatches = 4;
            c.overlapDp = overlap == 1;
            NodeContainer gpus(8);
            StarTopologyHelper star;
            star.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
            star.SetDeviceAttribute("Mtu", UintegerValue(9000));
            star.SetChannelAttribute("Delay", StringValue("1us"));
            star.Install(gpus);
            CollectiveHelper collectives;
            auto transport = collectives.Install(gpus, 2); // TP pairs share a scale-up domain
            Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, c);
            optical::compat::Schedule(MilliSeconds(1), [job]() { job->Start(2); });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(job->GetIterations().size(), 2, "two iterations");
            const IterationRecord& it = job->GetIterations()[1];
            times[overlap] = (it.end - it.start).GetSeconds();
            dpTail[overlap] = it.exposedDpS;
            NS_TEST_EXPECT_MSG_GT(it.exposedTpS, 0.0, "TP all-reduces block the stage");
            NS_TEST_EXPECT_MSG_EQ(it.exposedEpS, 0.0, "a dense model has no EP");
            NS_TEST_EXPECT_MSG_EQ_TOL(it.exposedTpS + it.exposedEpS + it.exposedDpS + it.exposedPpS,
                                      it.exposedCommS,
                                      1e-12,
                                      "the parts add up to the exposed communication");
            // Compute is the exact sum of the steps, which the simulator rounds to the
            // nanosecond: the breakdown adds up to the time within a nanosecond per step.
            const double t = (it.end - it.start).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(it.computeS + it.bubbleS + it.exposedCommS,
                                      t,
                                      1e-4 * t,
                                      "compute + bubble + exposed communication = time");
            NS_TEST_EXPECT_MSG_GT(it.exposedCommS, 0.0, "communication costs something");
            NS_TEST_EXPECT_MSG_GT(it.collectives, 0, "collectives ran");
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_LT(times[1], times[0], "overlapping DP with backward is faster");
        NS_TEST_EXPECT_MSG_LT(dpTail[1], dpTail[0], "and leaves a shorter DP tail");
    }
};

/// TrainingLayout: its refusals (each naming its field) and its derived numbers.
class TrainingLayoutTestCase : public TestCase
{
  public:
    TrainingLayoutTestCase()
        : TestCase("training layout: batch over dp x micro-batch micro-batches, gpus 0 = dp x tp "
                   "x pp, gpusPerServer 0 = tp, servers = gpus over gpusPerServer; refusals name "
                   "batch, gpus, pp, ep, model and gpusPerServer")
    {
    }

  private:
    /// \return the culprit of a refused layout ("" if accepted)
    static std::string Culprit(TrainingLayout layout, const std::string& model = "tiny")
    {
        TrainingConfig c = Tiny(model);
        std::string culprit;
        std::string error;
        return layout.Apply(c, culprit, error) ? "" : culprit;
    }

    void DoRun() override
    {
        // Opus's shape on 'tiny' with its 4 layers: 0 GPUs = 2 x 8 x 2 = 32, batch 256.
        TrainingLayout l;
        l.dp = 2;
        l.tp = 8;
        l.pp = 2;
        l.batch = 256;
        l.microBatchSize = 4;
        TrainingConfig c = Tiny();
        c.schedule = "gpipe";
        std::string culprit;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(l.Apply(c, culprit, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(l.gpus, 32, "0 GPUs stands for dp x tp x pp");
        NS_TEST_ASSERT_MSG_EQ(l.gpusPerServer, 8, "a server per tensor group");
        NS_TEST_ASSERT_MSG_EQ(l.GetServers(), 4, "32 / 8 servers");
        NS_TEST_ASSERT_MSG_EQ(c.microbatches, 32, "256 / (2 x 4)");
        NS_TEST_ASSERT_MSG_EQ(c.dp * c.tp * c.pp, 32, "degrees written");
        NS_TEST_ASSERT_MSG_EQ(c.microBatchSize, 4, "micro-batch size written");
        NS_TEST_ASSERT_MSG_EQ(c.schedule, "gpipe", "other fields kept");
        NS_TEST_ASSERT_MSG_EQ(c.model.layers, 4, "the model's layers");

        // Without a batch, microbatches as given; a layer override; servers of 4.
        TrainingLayout m;
        m.gpus = 16;
        m.dp = 2;
        m.tp = 2;
        m.pp = 4;
        m.microbatches = 3;
        m.layers = 8;
        m.gpusPerServer = 4;
        c = Tiny();
        NS_TEST_ASSERT_MSG_EQ(m.Apply(c, culprit, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(c.microbatches, 3, "microbatches as given");
        NS_TEST_ASSERT_MSG_EQ(c.model.layers, 8, "layers overridden");
        NS_TEST_ASSERT_MSG_EQ(m.GetServers(), 4, "16 / 4 servers");

        TrainingLayout bad = l;
        bad.batch = 100; // not a multiple of 8
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "batch", "batch not a multiple of dp x mbs");
        bad = m;
        bad.gpus = 15;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "gpus", "15 != 2 x 2 x 4");
        bad = l;
        bad.gpus = 0; // Apply() resolved it to 32
        bad.maxGpus = 31;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "gpus", "32 above the most");
        bad = m;
        bad.layers = 0; // tiny has 4 layers; 4 stages fit
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "", "4 stages on 4 layers");
        bad.pp = 8;
        bad.gpus = 32;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "pp", "8 stages on 4 layers");
        bad.layers = 8;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "", "8 stages on 8 layers");
        bad = m;
        bad.ep = 2;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "ep", "a dense model has no experts");
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad, "tiny-moe"), "", "tiny-moe has 8");
        bad.ep = 3;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad, "tiny-moe"), "ep", "3 does not divide dp 2");
        bad = m;
        bad.gpusPerServer = 3;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "gpusPerServer", "3 does not divide 16");
        bad = m;
        bad.microbatches = 0;
        NS_TEST_ASSERT_MSG_EQ(Culprit(bad), "model", "TrainingConfig::Validate refuses");
    }
};

/// IterationTable: its columns and rows.
class IterationTableTestCase : public TestCase
{
  public:
    IterationTableTestCase()
        : TestCase("iteration table: 12 columns with the breakdown and collectives, 9 without; "
                   "a row carries the record's values in the columns' order")
    {
    }

  private:
    void DoRun() override
    {
        IterationRecord r;
        r.index = 3;
        r.start = Seconds(1);
        r.end = Seconds(1.5);
        r.computeS = 0.25;
        r.exposedTpS = 0.01;
        r.exposedEpS = 0.02;
        r.exposedDpS = 0.03;
        r.exposedPpS = 0.04;
        r.collectives = 7;
        IterationTable full;
        NS_TEST_ASSERT_MSG_EQ(full.GetColumns().size(), 12, "every column");
        NS_TEST_ASSERT_MSG_EQ(full.GetColumns()[0], "job", "key column");
        NS_TEST_ASSERT_MSG_EQ(full.GetColumns()[7], "exposed_tp_s", "breakdown");
        NS_TEST_ASSERT_MSG_EQ(full.GetColumns()[11], "collectives", "last");
        const auto row = full.Row("job0", r);
        NS_TEST_ASSERT_MSG_EQ(row.size(), 12, "a value per column");
        NS_TEST_ASSERT_MSG_EQ(std::get<std::string>(row[0]), "job0", "key");
        NS_TEST_ASSERT_MSG_EQ(std::get<int64_t>(row[1]), 3, "index");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::get<double>(row[2]), 0.5, 1e-12, "end - start");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::get<double>(row[8]), 0.02, 1e-12, "exposed_ep_s");
        NS_TEST_ASSERT_MSG_EQ(std::get<int64_t>(row[11]), 7, "collectives");
        const IterationTable opus{"fabric", false, false};
        const auto columns = opus.GetColumns();
        NS_TEST_ASSERT_MSG_EQ(columns.size(), 9, "without tp, ep and collectives");
        NS_TEST_ASSERT_MSG_EQ(columns[0], "fabric", "key column");
        NS_TEST_ASSERT_MSG_EQ(columns[7], "exposed_dp_s", "dp after comm");
        const auto short_ = opus.Row("photonic", r);
        NS_TEST_ASSERT_MSG_EQ(short_.size(), 9, "a value per column");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::get<double>(short_[7]), 0.03, 1e-12, "exposed_dp_s");
        NS_TEST_ASSERT_MSG_EQ_TOL(std::get<double>(short_[8]), 0.04, 1e-12, "exposed_pp_s");
    }
};

/**
 * \ingroup optical-tests
 * Training jobs.
 */
class TrainingJobTestSuite : public TestSuite
{
  public:
    TrainingJobTestSuite()
        : TestSuite("optical-training-job", SUITE_SYSTEM)
    {
        AddTestCase(new TrainingPipelineTestCase, TEST_QUICK);
        AddTestCase(new TrainingMeasuredBubbleTestCase, TEST_QUICK);
        AddTestCase(new TrainingMoeBytesTestCase, TEST_QUICK);
        AddTestCase(new TrainingBytesEstimateTestCase, TEST_QUICK);
        AddTestCase(new TrainingConfigErrorsTestCase, TEST_QUICK);
        AddTestCase(new TrainingPacketTestCase, TEST_QUICK);
        AddTestCase(new TrainingLayoutTestCase, TEST_QUICK);
        AddTestCase(new IterationTableTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static TrainingJobTestSuite g_trainingJobTestSuite;

} // namespace
