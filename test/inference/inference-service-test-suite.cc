/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The serving engine (InferenceService) and its schedulers: a single request's times against
// the roofline formula summed by hand; the KV cache within capacity and exact output tokens
// under overload for every scheduler; equal TTFTs with ample memory; fair share inside a time
// slice (and the admission baseline failing the same bound); pages as traffic on a link; the
// placer against brute force; percentiles against numpy's definition.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// A small model: 4 layers, hidden 1024, 8 heads of 128, 2 KV heads.
ModelSpec
SmallModel()
{
    ModelSpec m;
    m.name = "test-small";
    m.layers = 4;
    m.hidden = 1024;
    m.heads = 8;
    m.ffnHidden = 4096;
    m.seqLen = 4096;
    m.vocab = 32000;
    m.kvHeads = 2;
    m.headDim = 128;
    m.paramBytes = 2;
    return m;
}

/// A GPU with \p memoryBytes of HBM.
GpuSpec
SmallGpu(double memoryBytes)
{
    GpuSpec g;
    g.name = "test-gpu";
    g.peakFlops = 100e12;
    g.mfu = 0.5;
    g.memoryBytes = memoryBytes;
    g.scaleUpBps = 0;
    g.hbmBytesPerSecond = 1e12;
    return g;
}

/**
 * A flow-level star around one GPU: rank 0 is the GPU, rank i (1, 2, ...) the i-th memory,
 * each on its own duplex link of the given rate and delay; messages carry no frame header.
 */
Ptr<FlowCollectiveTransport>
GpuWithMemories(const std::vector<double>& linkBps, Time delay)
{
    Ptr<FlowTopology> topo = CreateObject<FlowTopology>();
    const uint32_t gpu = topo->AddVertex("gpu0");
    std::vector<uint32_t> memories;
    for (size_t i = 0; i < linkBps.size(); ++i)
    {
        memories.push_back(topo->AddVertex("memory" + std::to_string(i + 1)));
        topo->AddDuplexLink(gpu, memories.back(), linkBps[i], delay);
    }
    Ptr<FlowNetwork> net = CreateObject<FlowNetwork>();
    net->SetTopology(topo);
    Ptr<FlowCollectiveTransport> transport = CreateObject<FlowCollectiveTransport>();
    transport->SetAttribute("MessageHeaderBytes", UintegerValue(0));
    transport->SetNetwork(net);
    transport->AddRank(gpu, nullptr, 0);
    for (uint32_t m : memories)
    {
        transport->AddRank(m, nullptr, 0);
    }
    return transport;
}

/// A service on one GPU (rank 0) of an instant transport, with a host page target at rank 1.
struct Fixture
{
    Ptr<InferenceService> service;
    Ptr<CollectiveTransport> transport;
    std::shared_ptr<InferenceMemoryPool> host;

    /// \param linkBps GPU-host link rate (0: an instant transport)
    Fixture(Ptr<InferenceScheduler> scheduler,
            double memoryBytes,
            double hostBytes = 1e15,
            double linkBps = 0)
    {
        if (linkBps > 0)
        {
            transport = GpuWithMemories({linkBps}, MicroSeconds(1));
        }
        else
        {
            Ptr<InstantTransport> instant = CreateObject<InstantTransport>();
            instant->SetNRanks(2);
            transport = instant;
        }
        service = CreateObject<InferenceService>();
        service->SetAttribute("MemoryReserve", DoubleValue(0));
        InferenceCost cost(SmallModel(), SmallGpu(memoryBytes), 1, 2);
        service->SetInstance(cost, transport, {0});
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(transport);
        host = std::make_shared<InferenceMemoryPool>("host0", hostBytes);
        service->SetPageTargets({{InferencePageTarget{"host", 1, host, pager}}});
        service->SetScheduler(scheduler);
    }
};

/// Memory for the weights and \p blocks blocks of 16 tokens.
double
MemoryFor(uint64_t blocks)
{
    InferenceCost cost(SmallModel(), SmallGpu(1), 1, 2);
    return cost.WeightBytesPerGpu() + blocks * cost.BlockBytesPerGpu(16) + 1;
}

Ptr<InferenceScheduler>
Admission(bool recompute = false)
{
    Ptr<AdmissionScheduler> s = CreateObject<AdmissionScheduler>();
    s->SetAttribute(
        "Preemption",
        EnumValue(recompute ? AdmissionScheduler::RECOMPUTE : AdmissionScheduler::NONE));
    return s;
}

Ptr<InferenceScheduler>
TimeSlice(uint32_t iterations = 5)
{
    Ptr<TimeSliceScheduler> s = CreateObject<TimeSliceScheduler>();
    s->SetAttribute("SliceIterations", UintegerValue(iterations));
    return s;
}

std::vector<InferenceRequestSpec>
Burst(uint32_t n, uint64_t prompt, uint64_t output, Time gap)
{
    std::vector<InferenceRequestSpec> r;
    for (uint32_t i = 0; i < n; ++i)
    {
        r.push_back({i, gap * i, prompt, output});
    }
    return r;
}

/// A single request takes its prefill, then one decode step per further token, each by the
/// roofline of its batch of one.
class SingleRequestTestCase : public TestCase
{
  public:
    SingleRequestTestCase()
        : TestCase("one request: TTFT = prefill, end = prefill + decode steps (roofline)")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t prompt = 300;
        const uint64_t output = 20;
        Fixture f(Admission(), MemoryFor(1000));
        f.service->Submit({{0, Seconds(1), prompt, output}});
        NS_TEST_ASSERT_MSG_EQ(f.service->Check(), "", "instance is valid");
        Simulator::Run();
        const InferenceRequestRecord r = f.service->GetRecords()[0];
        // By hand, from the model's shape: FLOPs and bytes of each step.
        const ModelSpec m = SmallModel();
        const GpuSpec g = SmallGpu(1);
        InferenceCost cost(m, g, 1, 2);
        auto step = [&](uint64_t n, uint64_t cached) { return cost.ComputeSeconds({{n, cached}}); };
        const double prefill = step(prompt, 0);
        double total = prefill;
        for (uint64_t k = 1; k < output; ++k)
        {
            total += step(1, prompt + k - 1);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(r.TtftSeconds(), prefill, 1e-9, "TTFT is the prefill");
        NS_TEST_ASSERT_MSG_EQ_TOL((r.end - r.arrival).GetSeconds(), total, 1e-9, "latency");
        NS_TEST_ASSERT_MSG_EQ(r.generated, output, "exact output tokens");
        NS_TEST_ASSERT_MSG_EQ(f.service->GetIterations(), output, "one prefill + O-1 decodes");
        NS_TEST_ASSERT_MSG_EQ(f.service->GetTokenGaps().size(), output - 1, "token gaps");
        // The cache held prompt + output - 1 tokens at the end.
        NS_TEST_ASSERT_MSG_EQ(f.service->GetKvCache().GetPeakUsed(),
                              (prompt + output - 1 + 15) / 16,
                              "blocks of the whole request");
        Simulator::Destroy();
    }
};

/// Under overload, every scheduler keeps the cache within capacity and completes every request
/// with exactly its output tokens.
class OverloadTestCase : public TestCase
{
  public:
    OverloadTestCase()
        : TestCase("overload: KV within capacity, every request exactly its tokens, per scheduler")
    {
    }

  private:
    void DoRun() override
    {
        // Kinds: admission (reserve), admission (recompute), time slices on an instant
        // transport, time slices paging over a slow link (pages still in flight when the next
        // iterations make room: a request of the batch being built may be paged out).
        for (int kind = 0; kind < 4; ++kind)
        {
            Ptr<InferenceScheduler> sched =
                kind == 0 ? Admission(false) : (kind == 1 ? Admission(true) : TimeSlice());
            Fixture f(sched, MemoryFor(40), 1e15, kind == 3 ? 1e8 : 0);
            // 30 requests of 100 + 60 tokens (10 blocks each at the end) every 1 ms: 4 fit.
            Ptr<UniformRandomVariable> len = CreateObject<UniformRandomVariable>();
            len->SetStream(7);
            std::vector<InferenceRequestSpec> reqs;
            for (uint32_t i = 0; i < 30; ++i)
            {
                reqs.push_back(
                    {i, MilliSeconds(i), len->GetInteger(20, 120), len->GetInteger(1, 80)});
            }
            f.service->Submit(reqs);
            uint64_t peak = 0;
            f.service->TraceConnectWithoutContext(
                "Iteration",
                MakeCallback(+[](uint64_t* p, InferenceService* s, uint32_t, uint64_t, Time) {
                    *p = std::max(*p, s->GetKvCache().GetUsed());
                }).Bind(&peak, PeekPointer(f.service)));
            Simulator::Run();
            const std::string who =
                sched->GetName() + (kind == 1 ? "/recompute" : (kind == 3 ? "/slow link" : ""));
            NS_TEST_ASSERT_MSG_LT_OR_EQ(f.service->GetKvCache().GetPeakUsed(),
                                        f.service->GetKvCache().GetCapacity(),
                                        who + ": blocks within capacity");
            NS_TEST_ASSERT_MSG_EQ(f.service->GetKvCache().GetCapacity(), 40u, who);
            NS_TEST_ASSERT_MSG_EQ(f.service->GetKvCache().GetUsed(), 0u, who + ": all freed");
            NS_TEST_ASSERT_MSG_EQ(f.host->GetUsed(), 0, who + ": host memory all freed");
            uint64_t tokens = 0;
            for (const auto& r : f.service->GetRecords())
            {
                NS_TEST_ASSERT_MSG_EQ(r.generated, r.outputTokens, who + ": request " << r.id);
                NS_TEST_ASSERT_MSG_NE(r.end, Time::Max(), who + ": request done");
                tokens += r.generated;
            }
            uint64_t asked = 0;
            for (const auto& r : reqs)
            {
                asked += r.outputTokens;
            }
            NS_TEST_ASSERT_MSG_EQ(tokens, asked, who + ": tokens conserved");
            if (kind >= 2)
            {
                NS_TEST_ASSERT_MSG_GT(f.service->GetPagedBytes(), 0, "time slices paged");
            }
            if (kind == 1)
            {
                uint32_t preempted = 0;
                for (const auto& r : f.service->GetRecords())
                {
                    preempted += r.preemptions;
                }
                NS_TEST_ASSERT_MSG_GT(preempted, 0u, "recompute preempted someone");
            }
            Simulator::Destroy();
        }
    }
};

/// With memory for everything, no scheduler preempts: all give the same TTFTs.
class AmpleMemoryTestCase : public TestCase
{
  public:
    AmpleMemoryTestCase()
        : TestCase("ample memory: every scheduler gives the same TTFTs")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::vector<double>> ttfts;
        for (int kind = 0; kind < 3; ++kind)
        {
            Ptr<InferenceScheduler> sched =
                kind == 0 ? Admission(false) : (kind == 1 ? Admission(true) : TimeSlice());
            Fixture f(sched, MemoryFor(100000));
            f.service->Submit(Burst(40, 200, 50, MicroSeconds(300)));
            Simulator::Run();
            std::vector<double> t;
            for (const auto& r : f.service->GetRecords())
            {
                t.push_back(r.TtftSeconds());
                NS_TEST_ASSERT_MSG_EQ(r.preemptions, 0u, "nobody preempted");
            }
            ttfts.push_back(t);
            Simulator::Destroy();
        }
        for (size_t i = 0; i < ttfts[0].size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(ttfts[1][i], ttfts[0][i], 1e-12, "recompute = none");
            NS_TEST_ASSERT_MSG_EQ_TOL(ttfts[2][i], ttfts[0][i], 1e-12, "timeslice = admission");
        }
    }
};

/// Fair share (completely fair scheduling): at every slice boundary no request left out has
/// received more service than one chosen; over the run no unfinished request is more than a
/// slice and two iterations ahead of another (the two: a request chosen at a boundary waits one
/// iteration for the blocks its predecessor's page-out frees, and one for its own page-in, even
/// on an instant transport). The admission baseline runs first comers to the end: far apart.
class FairShareTestCase : public TestCase
{
  public:
    FairShareTestCase()
        : TestCase("time slices: least served chosen, service within a slice; admission is not")
    {
    }

  private:
    struct Probe
    {
        InferenceService* service{nullptr};
        uint64_t spread{0};
        uint64_t slices{0};
        uint64_t unfair{0};
    };

    static void OnIteration(Probe* p, uint32_t, uint64_t, Time)
    {
        uint64_t lo = UINT64_MAX;
        uint64_t hi = 0;
        for (const auto& q : p->service->Sequences())
        {
            if (q.state != InferenceSequence::DONE)
            {
                lo = std::min(lo, q.generated);
                hi = std::max(hi, q.generated);
            }
        }
        if (hi >= lo)
        {
            p->spread = std::max(p->spread, hi - lo);
        }
    }

    static void OnSlice(Probe* p, const std::vector<uint64_t>& chosen)
    {
        ++p->slices;
        uint64_t maxChosen = 0;
        std::vector<bool> in(p->service->Sequences().size(), false);
        for (uint64_t id : chosen)
        {
            in[id] = true;
            maxChosen = std::max(maxChosen, p->service->Sequences()[id].generated);
        }
        for (uint64_t id = 0; id < in.size(); ++id)
        {
            const auto& q = p->service->Sequences()[id];
            if (!in[id] && q.state != InferenceSequence::DONE && q.generated < maxChosen)
            {
                ++p->unfair;
            }
        }
    }

    static Probe Run(Ptr<InferenceScheduler> sched)
    {
        // 8 requests of 64 + 200 tokens (17 blocks each at the end), memory for 4 x 17.
        Fixture f(sched, MemoryFor(4 * 17));
        f.service->Submit(Burst(8, 64, 200, Seconds(0)));
        Probe p;
        p.service = PeekPointer(f.service);
        f.service->TraceConnectWithoutContext("Iteration", MakeBoundCallback(&OnIteration, &p));
        sched->TraceConnectWithoutContext("Slice", MakeBoundCallback(&OnSlice, &p));
        Simulator::Run();
        for (const auto& r : f.service->GetRecords())
        {
            NS_ABORT_MSG_IF(r.generated != 200, "request " << r.id << " incomplete");
        }
        Simulator::Destroy();
        return p;
    }

    void DoRun() override
    {
        for (uint32_t slice : {1u, 5u, 10u})
        {
            const Probe p = Run(TimeSlice(slice));
            NS_TEST_ASSERT_MSG_GT(p.slices, 200u / slice / 2, "slice " << slice << ": boundaries");
            NS_TEST_ASSERT_MSG_EQ(p.unfair, 0u, "slice " << slice << ": a more served one chosen");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(p.spread,
                                        uint64_t(slice + 2),
                                        "slice " << slice << ": service spread");
        }
        NS_TEST_ASSERT_MSG_GT(Run(Admission()).spread,
                              100u,
                              "admission: first comers run to the end");
    }
};

/// A page of B bytes over a link of rate R with latency d takes 8B/R + d; the request waits
/// for it.
class PageTrafficTestCase : public TestCase
{
  public:
    PageTrafficTestCase()
        : TestCase("pages are flows: a page-out of B bytes takes 8B over R + delay on the link")
    {
    }

  private:
    void DoRun() override
    {
        const double rate = 100e9;
        const Time delay = MicroSeconds(2);
        Ptr<FlowCollectiveTransport> transport = GpuWithMemories({rate}, delay);
        Ptr<InferenceService> service = CreateObject<InferenceService>();
        service->SetAttribute("MemoryReserve", DoubleValue(0));
        InferenceCost cost(SmallModel(), SmallGpu(MemoryFor(20)), 1, 2);
        service->SetInstance(cost, transport, {0});
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(transport);
        auto pool = std::make_shared<InferenceMemoryPool>("host0", 1e12);
        service->SetPageTargets({{InferencePageTarget{"host", 1, pool, pager}}});
        service->SetScheduler(TimeSlice(2));
        // Three requests of 10 blocks each at the end (150 + 10 tokens) cannot share 20 blocks:
        // the slices rotate them, paging.
        service->Submit(Burst(3, 150, 10, Seconds(0)));
        std::vector<std::pair<Time, double>> pages;
        service->TraceConnectWithoutContext(
            "Page",
            MakeCallback(+[](std::vector<std::pair<Time, double>>* p,
                             uint64_t,
                             bool out,
                             double bytes,
                             const std::string&) {
                if (out)
                {
                    p->emplace_back(Simulator::Now(), bytes);
                }
            }).Bind(&pages));
        std::vector<Time> starts;
        pager->TraceConnectWithoutContext(
            "Paged",
            MakeCallback(+[](std::vector<Time>* s, uint32_t, uint32_t, uint64_t, Time d) {
                s->push_back(d);
            }).Bind(&starts));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(pages.size(), 0u, "someone was paged out");
        if (pages.empty() || starts.empty())
        {
            return;
        }
        NS_TEST_ASSERT_MSG_EQ(starts.size(), pager->GetPages(), "every page traced");
        // The first page is alone on the link: its bytes at the link rate plus the delay. Its
        // bytes are whole blocks: 10 of the request's 150 tokens and a slice's growth.
        const double b = pages[0].second;
        NS_TEST_ASSERT_MSG_EQ_TOL(b / cost.BlockBytesPerGpu(16),
                                  std::round(b / cost.BlockBytesPerGpu(16)),
                                  1e-9,
                                  "whole blocks");
        const double expected = b * 8 / rate + delay.GetSeconds();
        // Within the simulator clock: events fall on whole nanoseconds.
        NS_TEST_ASSERT_MSG_EQ_TOL(starts[0].GetSeconds(), expected, 1.5e-9, "8B/R + d");
        for (const auto& r : service->GetRecords())
        {
            NS_TEST_ASSERT_MSG_EQ(r.generated, 10u, "complete");
        }
        Simulator::Destroy();
    }
};

/// A request whose KV does not fit the GPU runs with the overflow at its page targets, the
/// first level (a "peer" of small room) filled first, the host holding the rest; every decode
/// step fetches each level's part over its own link while it computes: its time is the
/// largest of the compute time and the parts' transfer times.
class OversizedTestCase : public TestCase
{
  public:
    OversizedTestCase()
        : TestCase("oversized request: overflow split over levels, step = max(compute, fetches)")
    {
    }

  private:
    void DoRun() override
    {
        const double peerBps = 4e9;
        const double hostBps = 1e9;
        const Time delay = MicroSeconds(1);
        // Rank 1: the peer, rank 2: the host.
        Ptr<FlowCollectiveTransport> transport = GpuWithMemories({peerBps, hostBps}, delay);
        Ptr<InferenceService> service = CreateObject<InferenceService>();
        service->SetAttribute("MemoryReserve", DoubleValue(0));
        const uint64_t blocks = 10; // 160 tokens on the GPU
        InferenceCost cost(SmallModel(), SmallGpu(MemoryFor(blocks)), 1, 2);
        service->SetInstance(cost, transport, {0});
        Ptr<InferencePager> pager = CreateObject<InferencePager>();
        pager->SetTransport(transport);
        const double perToken = cost.KvBytesPerTokenPerGpu();
        const double peerTokens = 50; // the peer lends room for 50 tokens
        auto peerPool = std::make_shared<InferenceMemoryPool>("peer", peerTokens * perToken);
        auto hostPool = std::make_shared<InferenceMemoryPool>("host0", 1e12);
        service->SetPageTargets({{InferencePageTarget{"peer", 1, peerPool, pager}},
                                 {InferencePageTarget{"host", 2, hostPool, pager}}});
        service->SetScheduler(TimeSlice());
        NS_TEST_ASSERT_MSG_EQ(service->Check(), "", "valid");
        // 200 prompt + 20 output tokens: 219 cached at most, 59 of them offloaded (50 on the
        // peer, 9 on the host).
        const uint64_t prompt = 200;
        const uint64_t output = 20;
        service->Submit({{0, Seconds(0), prompt, output}});
        std::vector<Time> durations;
        service->TraceConnectWithoutContext(
            "Iteration",
            MakeCallback(+[](std::vector<Time>* d, uint32_t, uint64_t, Time t) {
                d->push_back(t);
            }).Bind(&durations));
        double peakPeer = 0;
        Simulator::Run();
        peakPeer = peerPool->GetPeakUsed();
        const InferenceRequestRecord r = service->GetRecords()[0];
        NS_TEST_ASSERT_MSG_EQ(r.generated, output, "complete");
        NS_TEST_ASSERT_MSG_EQ_TOL(peakPeer, peerTokens * perToken, 1, "the peer filled first");
        NS_TEST_ASSERT_MSG_EQ_TOL(hostPool->GetPeakUsed(),
                                  (prompt + output - 1 - 160 - peerTokens) * perToken,
                                  1,
                                  "the host holds the rest");
        NS_TEST_ASSERT_MSG_EQ(peerPool->GetUsed() + hostPool->GetUsed(), 0, "all freed");
        // The last decode step: cached 218 tokens, 58 offloaded (50 peer, 8 host); it writes
        // one token's KV to the host.
        const double compute = cost.ComputeSeconds({{1, prompt + output - 2}});
        const double fetchPeer = peerTokens * perToken * 8 / peerBps + delay.GetSeconds();
        const double fetchHost = 8 * perToken * 8 / hostBps + delay.GetSeconds();
        const double write = perToken * 8 / hostBps + delay.GetSeconds();
        const double expected = std::max({compute, fetchPeer, fetchHost, write});
        NS_TEST_ASSERT_MSG_GT(fetchPeer, compute, "the step is bound by the peer's link");
        NS_TEST_ASSERT_MSG_EQ(durations.size(), output + (prompt + 8191) / 8192 - 1, "steps");
        NS_TEST_ASSERT_MSG_EQ_TOL(durations.back().GetSeconds(), expected, 2e-9, "last step");
        Simulator::Destroy();
    }
};

/// A request whose KV fits neither the GPUs nor, beyond them, every page target together is
/// rejected at once (recorded, never run); with room at the host it completes.
class OversizedRejectedTestCase : public TestCase
{
  public:
    OversizedRejectedTestCase()
        : TestCase("oversized request beyond every page memory: rejected, never run")
    {
    }

  private:
    void DoRun() override
    {
        InferenceCost cost(SmallModel(), SmallGpu(1), 1, 2);
        // 10 blocks (160 tokens) on the GPU; 200 + 20 tokens leave 59 beyond it.
        const double beyond = 59 * cost.KvBytesPerTokenPerGpu();
        for (double host : {beyond - 1, beyond})
        {
            Fixture f(TimeSlice(), MemoryFor(10), host);
            f.service->Submit({{0, Seconds(0), 200, 20}});
            Simulator::Run();
            const InferenceRequestRecord r = f.service->GetRecords()[0];
            const bool fits = host >= beyond;
            NS_TEST_ASSERT_MSG_EQ(r.rejected, !fits, "host of " << host << " bytes");
            NS_TEST_ASSERT_MSG_EQ(r.generated, (fits ? 20u : 0u), "tokens");
            const bool ran = f.service->GetIterations() > 0;
            NS_TEST_ASSERT_MSG_EQ(ran, fits, "ran");
            Simulator::Destroy();
        }
    }
};

/// The placer's pairing maximizes the memory lent over every one-to-one pairing.
class PlacerTestCase : public TestCase
{
  public:
    PlacerTestCase()
        : TestCase("placer: assortative pairing = brute-force optimum of sum min(need, spare)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(3);
        for (int trial = 0; trial < 200; ++trial)
        {
            const uint32_t n = 6;
            std::vector<double> need(n, 0);
            std::vector<double> spare(n, 0);
            for (uint32_t g = 0; g < n; ++g)
            {
                (u->GetValue() < 0.5 ? need : spare)[g] = std::floor(u->GetValue(1, 80));
            }
            const std::vector<int32_t> pair = InferencePlacer::Pair(need, spare);
            double lent = 0;
            std::vector<int> used(n, 0);
            for (uint32_t g = 0; g < n; ++g)
            {
                if (pair[g] >= 0)
                {
                    NS_TEST_ASSERT_MSG_GT(need[g], 0, "only borrowers are paired");
                    NS_TEST_ASSERT_MSG_EQ(need[pair[g]], 0, "lenders have no need");
                    NS_TEST_ASSERT_MSG_EQ(used[pair[g]]++, 0, "one borrower per lender");
                    lent += std::min(need[g], spare[pair[g]]);
                }
            }
            // Brute force: every assignment of borrowers to distinct lenders (or none).
            std::vector<uint32_t> b;
            std::vector<uint32_t> l;
            for (uint32_t g = 0; g < n; ++g)
            {
                if (need[g] > 0)
                {
                    b.push_back(g);
                }
                else if (spare[g] > 0)
                {
                    l.push_back(g);
                }
            }
            // Lenders padded with "none" (lends 0) so that every borrower can go unpaired.
            std::vector<double> lend;
            for (uint32_t g : l)
            {
                lend.push_back(spare[g]);
            }
            lend.resize(std::max(lend.size(), b.size()), 0.0);
            double best = 0;
            std::vector<uint32_t> perm(lend.size());
            std::iota(perm.begin(), perm.end(), 0);
            do
            {
                double sum = 0;
                for (size_t i = 0; i < b.size(); ++i)
                {
                    sum += std::min(need[b[i]], lend[perm[i]]);
                }
                best = std::max(best, sum);
            } while (std::next_permutation(perm.begin(), perm.end()));
            NS_TEST_ASSERT_MSG_EQ_TOL(lent, best, 1e-9, "trial " << trial);
        }
    }
};

class InferenceServiceTestSuite : public TestSuite
{
  public:
    InferenceServiceTestSuite()
        : TestSuite("optical-inference-service", SUITE_UNIT)
    {
        AddTestCase(new SingleRequestTestCase, TEST_QUICK);
        AddTestCase(new OverloadTestCase, TEST_QUICK);
        AddTestCase(new AmpleMemoryTestCase, TEST_QUICK);
        AddTestCase(new FairShareTestCase, TEST_QUICK);
        AddTestCase(new PageTrafficTestCase, TEST_QUICK);
        AddTestCase(new OversizedTestCase, TEST_QUICK);
        AddTestCase(new OversizedRejectedTestCase, TEST_QUICK);
        AddTestCase(new PlacerTestCase, TEST_QUICK);
    }
};

InferenceServiceTestSuite g_inferenceServiceTestSuite;

} // namespace
