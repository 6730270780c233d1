/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The inference roofline cost model (InferenceCost) and the model/GPU data it reads: KV bytes
// per token from the formula's factors, parameter counts against the published figures,
// memory-bound decode and compute-bound prefill on H100, small models built in code with
// FLOPs and bytes worked out by hand (dense, MoE, TP), KV-cache capacity and CheckFits.

#include "../common/optical-test-compat.h"

#include "ns3/inference-cost.h"
#include "ns3/test.h"
#include "ns3/training-config.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it (test classes of the same name in other suites
// would otherwise be merged by the linker).
namespace
{

/// Reads a model row of data/models.csv (aborts on failure: the data file is part of the test).
ModelSpec
Model(const std::string& name)
{
    ModelSpec m;
    std::string error;
    NS_ABORT_MSG_IF(!ModelSpec::Lookup(name, m, error), error);
    return m;
}

/// Reads a GPU row of data/gpu-types.csv.
GpuSpec
Gpu(const std::string& name)
{
    GpuSpec g;
    std::string error;
    NS_ABORT_MSG_IF(!GpuSpec::Lookup(name, g, error), error);
    return g;
}

/**
 * A dense model small enough to work out by hand: 2 layers, hidden 8, 2 heads of size 4,
 * 1 KV head (grouped-query), MLP 8 -> 16 -> 8 (2 matrices), vocabulary 10, 2 bytes per
 * parameter. Attention 8x8 (Q) + 2 x 8x4 (K, V) + 8x8 (O) = 192; MLP 2 x 8 x 16 = 256;
 * layer 448; embeddings 2 x 10 x 8 = 160; total 2 x 448 + 160 = 1056 parameters.
 */
ModelSpec
TinyDense()
{
    ModelSpec m;
    m.name = "hand-dense";
    m.layers = 2;
    m.hidden = 8;
    m.heads = 2;
    m.kvHeads = 1;
    m.headDim = 4;
    m.ffnHidden = 16;
    m.seqLen = 64;
    m.vocab = 10;
    m.mlpMatrices = 2;
    m.paramBytes = 2;
    return m;
}

/**
 * A MoE model small enough to work out by hand: 2 layers (layer 1 is MoE: moe_every 2),
 * hidden 8, 2 heads and 2 KV heads of size 4, 4 experts, top-1, gated MLP 3 x 8 x 4 = 96,
 * vocabulary 10, 1 byte per parameter. Attention 8x8 (Q) + 2 x 8x8 (K, V: 2 heads of 4) +
 * 8x8 (O) = 256. Layer 0: 256 + 96 = 352;
 * layer 1: 256 + 4 x 96 = 640; embeddings 160; total 1152; active per token 160 + 352 + 256 +
 * 96 = 864.
 */
ModelSpec
TinyMoe()
{
    ModelSpec m = TinyDense();
    m.name = "hand-moe";
    m.kvHeads = 2;
    m.ffnHidden = 4;
    m.experts = 4;
    m.topK = 1;
    m.capacityFactor = 1;
    m.moeEvery = 2;
    m.mlpMatrices = 3;
    m.paramBytes = 1;
    return m;
}

/// A GPU of round numbers: 1000 FLOP/s peak, MFU 0.5, 100 B/s HBM, 10000 B of memory.
GpuSpec
HandGpu()
{
    GpuSpec g;
    g.name = "hand-gpu";
    g.peakFlops = 1000;
    g.mfu = 0.5;
    g.memoryBytes = 10000;
    g.scaleUpBps = 0;
    g.hbmBytesPerSecond = 100;
    return g;
}

/// KV bytes per token and block, from the formula's factors.
class KvBytesTestCase : public TestCase
{
  public:
    KvBytesTestCase()
        : TestCase("KV bytes: Llama-2-7B FP16 0.5 MiB per token and 8 MiB per 16-token block; "
                   "Llama 3 8B 128 KiB; per GPU split over TP, replicated beyond the KV heads")
    {
    }

  private:
    void DoRun() override
    {
        // Llama-2-7B: 32 layers, 32 KV heads (no GQA), head_dim 128, FP16: 2 (K and V) x 32 x
        // 32 x 128 x 2 bytes; the reference (Aqua, ml-workloads.md) says 0.5 MiB per token and
        // 8 MiB per 16-token block.
        InferenceCost llama2(Model("llama2-7b"), Gpu("h100"), 1, 2);
        NS_TEST_ASSERT_MSG_EQ(llama2.Validate(), "", "valid");
        const double llama2Token = 2.0 * 32 * 32 * 128 * 2;
        NS_TEST_EXPECT_MSG_EQ(llama2.KvBytesPerToken(), llama2Token, "Llama-2-7B per token");
        NS_TEST_EXPECT_MSG_EQ(llama2Token, 0.5 * 1024 * 1024, "the reference's 0.5 MiB");
        NS_TEST_EXPECT_MSG_EQ(llama2.BlockBytesPerGpu(16), 8.0 * 1024 * 1024, "8 MiB per block");

        // Llama 3 8B: 32 layers, 8 KV heads, head_dim 128: 2 x 32 x 8 x 128 x 2 = 128 KiB.
        InferenceCost llama3(Model("llama3-8b"), Gpu("h100"), 1, 2);
        NS_TEST_EXPECT_MSG_EQ(llama3.KvBytesPerToken(), 2.0 * 32 * 8 * 128 * 2, "Llama 3 8B");
        NS_TEST_EXPECT_MSG_EQ(llama3.KvBytesPerToken(), 128.0 * 1024, "128 KiB");
        NS_TEST_EXPECT_MSG_EQ(llama3.KvBytesPerTokenPerGpu(), 128.0 * 1024, "tp 1: all of it");

        // Llama 3 70B (80 layers, 8 KV heads): tp 4 keeps 2 KV heads per GPU; tp 16 (64 heads,
        // 4 per GPU) keeps one KV head per GPU, each serving the query heads of its rank.
        InferenceCost tp4(Model("llama3-70b"), Gpu("h100"), 4, 2);
        NS_TEST_ASSERT_MSG_EQ(tp4.Validate(), "", "tp 4 valid");
        NS_TEST_EXPECT_MSG_EQ(tp4.KvBytesPerToken(), 2.0 * 80 * 8 * 128 * 2, "70B per token");
        NS_TEST_EXPECT_MSG_EQ(tp4.KvBytesPerTokenPerGpu(), 2.0 * 80 * 2 * 128 * 2, "tp 4");
        NS_TEST_EXPECT_MSG_EQ(tp4.BlockBytesPerGpu(16), 16 * 2.0 * 80 * 2 * 128 * 2, "block");
        InferenceCost tp16(Model("llama3-70b"), Gpu("h100"), 16, 2);
        NS_TEST_ASSERT_MSG_EQ(tp16.Validate(), "", "tp 16 valid");
        NS_TEST_EXPECT_MSG_EQ(tp16.KvBytesPerTokenPerGpu(), 2.0 * 80 * 1 * 128 * 2, "replicated");

        // FP8 KV cache: half the bytes.
        InferenceCost fp8(Model("llama3-8b"), Gpu("h100"), 1, 1);
        NS_TEST_EXPECT_MSG_EQ(fp8.KvBytesPerToken(), 2.0 * 32 * 8 * 128 * 1, "FP8");
    }
};

/// Parameter counts against the published figures; existing rows keep 4 h^2 + 2 h ffn.
class ParametersTestCase : public TestCase
{
  public:
    ParametersTestCase()
        : TestCase(
              "Parameters: Llama 3 8B and 70B and Mixtral 8x7B (total and active) within 1% of "
              "the published figures; training rows keep 4h^2 + 2 h ffn per layer exactly")
    {
    }

  private:
    void DoRun() override
    {
        // Published: Meta's Llama 3 model card (8.03B and 70.6B parameters, as listed on the
        // Hugging Face model pages of meta-llama/Meta-Llama-3-8B and -70B); Mistral AI's
        // "Mixtral of experts" (arXiv 2401.04088): 46.7B total, 12.9B active per token.
        struct Published
        {
            std::string name;
            double total;
            double active;
        };

        const Published published[] = {{"llama3-8b", 8.03e9, 8.03e9},
                                       {"llama3-70b", 70.6e9, 70.6e9},
                                       {"mixtral-8x7b", 46.7e9, 12.9e9}};
        for (const auto& p : published)
        {
            const ModelSpec m = Model(p.name);
            NS_TEST_EXPECT_MSG_EQ_TOL(m.TotalParameters() / p.total, 1.0, 0.01, p.name);
            NS_TEST_EXPECT_MSG_EQ_TOL(m.ActiveParametersPerToken() / p.active,
                                      1.0,
                                      0.01,
                                      p.name + " active");
        }
        // Llama 3 8B by its factors: 32 x (4096 x 4096 x 2 + 2 x 4096 x 1024 + 3 x 4096 x
        // 14336) + 2 x 128256 x 4096 (untied output head).
        const double llama3 = 32.0 * (4096.0 * 4096 * 2 + 2.0 * 4096 * 1024 + 3.0 * 4096 * 14336) +
                              2.0 * 128256 * 4096;
        NS_TEST_EXPECT_MSG_EQ(Model("llama3-8b").TotalParameters(), llama3, "by factors");

        // The training rows: attention is 4 h^2 (kv_heads = heads, heads x head_dim = h), the
        // MLP 2 h ffn, exactly as before the columns were added.
        for (const std::string name :
             {"gpt3-175b", "llama2-7b", "flashmoe", "tiny", "tiny-moe", "llama3.2-1b"})
        {
            const ModelSpec m = Model(name);
            const double h = static_cast<double>(m.hidden);
            for (uint32_t l = 0; l < m.layers; ++l)
            {
                const double experts = m.IsMoeLayer(l) ? m.experts : 1;
                NS_TEST_EXPECT_MSG_EQ(m.LayerParameters(l),
                                      4 * h * h +
                                          2 * h * static_cast<double>(m.ffnHidden) * experts,
                                      name << " layer " << l);
            }
        }

        // The hand-sized models of this file.
        NS_TEST_EXPECT_MSG_EQ(TinyDense().TotalParameters(), 1056, "hand-dense total");
        NS_TEST_EXPECT_MSG_EQ(TinyDense().ActiveParametersPerToken(), 1056, "dense: all active");
        NS_TEST_EXPECT_MSG_EQ(TinyMoe().TotalParameters(), 1152, "hand-moe total");
        NS_TEST_EXPECT_MSG_EQ(TinyMoe().ActiveParametersPerToken(), 864, "hand-moe active");
    }
};

/// Decode is memory-bound, a long prefill compute-bound (H100).
class RooflineH100TestCase : public TestCase
{
  public:
    RooflineH100TestCase()
        : TestCase("Roofline on H100: Llama 3 8B decode of batch 1 is HBM-bound (bytes over 3.35 "
                   "TB per s); a prefill of 8192 tokens is compute-bound (FLOPs over 989 TFLOP per "
                   "s x mfu)")
    {
    }

  private:
    void DoRun() override
    {
        const ModelSpec m = Model("llama3-8b");
        const GpuSpec h100 = Gpu("h100");
        InferenceCost cost(m, h100, 1, 2);
        NS_TEST_EXPECT_MSG_EQ(cost.GetComputeEfficiency(), h100.mfu, "default: the mfu column");
        NS_TEST_EXPECT_MSG_EQ(cost.GetHbmEfficiency(), 1.0, "default HBM efficiency");
        const double weights = m.TotalParameters() * 2; // BF16
        NS_TEST_EXPECT_MSG_EQ(cost.WeightBytesPerGpu(), weights, "weights");

        // Decode: one token after 16 cached. Bytes: weights + 16 KV read + 1 KV written.
        const double kv = 2.0 * 32 * 8 * 128 * 2;
        const std::vector<InferenceSequenceWork> decode{{1, 16}};
        const double bytes = weights + 17 * kv;
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.StepHbmBytesPerGpu(decode) / bytes, 1, 1e-12, "bytes");
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(decode) / (bytes / 3.35e12),
                                  1,
                                  1e-9,
                                  "decode: HBM-bound");
        // The weights are all of it but 17 x 128 KiB in 16 GB.
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(decode) / (weights / 3.35e12),
                                  1,
                                  2e-4,
                                  "decode: weights / bandwidth");
        // FLOPs of the decode: 2 x active + 32 layers x 4 x 32 heads x 128 x 17 positions.
        const double decodeFlops = 2 * m.ActiveParametersPerToken() + 32.0 * 4 * 32 * 128 * 17;
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.StepFlopsPerGpu(decode) / decodeFlops, 1, 1e-12, "flops");
        NS_TEST_EXPECT_MSG_LT(decodeFlops / (989e12 * h100.mfu),
                              cost.ComputeSeconds(decode) / 10,
                              "compute is far below the memory time");

        // Prefill of 8192 tokens: causal attention over 8192 x 8193 / 2 pairs.
        const std::vector<InferenceSequenceWork> prefill{{8192, 0}};
        const double flops =
            2 * m.ActiveParametersPerToken() * 8192 + 32.0 * 4 * 32 * 128 * (8192.0 * 8193 / 2);
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.StepFlopsPerGpu(prefill) / flops, 1, 1e-12, "flops");
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(prefill) / (flops / (989e12 * 0.4)),
                                  1,
                                  1e-9,
                                  "prefill: compute-bound");
        NS_TEST_EXPECT_MSG_LT((weights + 8192 * kv) / 3.35e12,
                              cost.ComputeSeconds(prefill) / 10,
                              "memory is far below the compute time");

        // The same prefill on 2 GPUs (tp 2): half the FLOPs, so half the time.
        InferenceCost tp2(m, h100, 2, 2);
        NS_TEST_EXPECT_MSG_EQ_TOL(tp2.ComputeSeconds(prefill) / cost.ComputeSeconds(prefill),
                                  0.5,
                                  1e-12,
                                  "tp 2");
    }
};

/// Hand-sized models: FLOPs, bytes and seconds worked out by hand.
class RooflineExactTestCase : public TestCase
{
  public:
    RooflineExactTestCase()
        : TestCase("Roofline, exact small cases: FLOPs, HBM bytes and seconds of a hand-sized "
                   "dense model (tp 1 and 2) and MoE model (experts touched: min(E, N top_k))")
    {
    }

  private:
    void DoRun() override
    {
        InferenceCost cost(TinyDense(), HandGpu(), 1, 2);
        NS_TEST_ASSERT_MSG_EQ(cost.Validate(), "", "valid");
        // KV per token: 2 x 2 layers x 1 KV head x 4 x 2 bytes = 32.
        NS_TEST_EXPECT_MSG_EQ(cost.KvBytesPerToken(), 32, "KV per token");
        NS_TEST_EXPECT_MSG_EQ(cost.WeightBytesPerGpu(), 2112, "1056 parameters x 2 bytes");
        // A prefill of 3 tokens and a decode after 5 cached tokens.
        const std::vector<InferenceSequenceWork> batch{{3, 0}, {1, 5}};
        // Dense: 2 x 1056 x 4 tokens = 8448. Attention pairs: 3 x 4 / 2 = 6 and 5 + 1 = 6;
        // 2 layers x 4 x 2 heads x 4 x 12 = 768. Total 9216.
        NS_TEST_EXPECT_MSG_EQ(cost.StepFlopsPerGpu(batch), 9216, "FLOPs");
        // Bytes: weights 2112 + 5 cached x 32 read + 4 new x 32 written = 2400.
        NS_TEST_EXPECT_MSG_EQ(cost.StepHbmBytesPerGpu(batch), 2400, "bytes");
        // Compute 9216 / (1000 x 0.5) = 18.432 s; memory 2400 / 100 = 24 s.
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(batch), 24, 1e-12, "memory-bound");
        cost.SetHbmEfficiency(0.5);
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(batch), 48, 1e-12, "HBM at half speed");
        cost.SetComputeEfficiency(0.1);
        NS_TEST_EXPECT_MSG_EQ_TOL(cost.ComputeSeconds(batch), 92.16, 1e-12, "9216 / 100");
        NS_TEST_EXPECT_MSG_EQ(cost.ComputeSeconds({}), 0, "empty batch");
        NS_TEST_EXPECT_MSG_EQ(cost.ComputeSeconds({{0, 7}}), 0, "no new tokens");
        NS_TEST_EXPECT_MSG_EQ(cost.TpAllReducesPerIteration(), 0, "tp 1: none");
        NS_TEST_EXPECT_MSG_EQ(cost.TpAllReduceBytes(5), 5 * 8 * 2, "5 tokens x 8 x 2 bytes");

        // tp 2: FLOPs and weights halve; the single KV head is kept on both GPUs (32 B/token).
        InferenceCost tp2(TinyDense(), HandGpu(), 2, 2);
        NS_TEST_ASSERT_MSG_EQ(tp2.Validate(), "", "tp 2 valid");
        NS_TEST_EXPECT_MSG_EQ(tp2.StepFlopsPerGpu(batch), 4608, "FLOPs / 2");
        NS_TEST_EXPECT_MSG_EQ(tp2.KvBytesPerTokenPerGpu(), 32, "KV head replicated");
        NS_TEST_EXPECT_MSG_EQ(tp2.StepHbmBytesPerGpu(batch), 1056 + 9 * 32, "bytes");
        NS_TEST_EXPECT_MSG_EQ(tp2.TpAllReducesPerIteration(), 4, "2 layers x 2");

        // MoE: 1 byte per parameter, KV 2 x 2 layers x 2 heads x 4 x 1 byte = 32 per token.
        InferenceCost moe(TinyMoe(), HandGpu(), 1, 1);
        NS_TEST_ASSERT_MSG_EQ(moe.Validate(), "", "MoE valid");
        NS_TEST_EXPECT_MSG_EQ(moe.KvBytesPerToken(), 32, "MoE KV per token");
        NS_TEST_EXPECT_MSG_EQ(moe.WeightBytesPerGpu(), 1152, "all experts held");
        // 1 token touches 1 of 4 experts: 1152 - 3 x 96 = 864, + 32 written.
        NS_TEST_EXPECT_MSG_EQ(moe.StepHbmBytesPerGpu({{1, 0}}), 864 + 32, "1 expert read");
        // 3 tokens, 3 experts: 1152 - 96 = 1056, + 3 x 32.
        NS_TEST_EXPECT_MSG_EQ(moe.StepHbmBytesPerGpu({{1, 0}, {2, 0}}), 1056 + 96, "3 experts");
        // 5 tokens: all 4 experts (min(4, 5)); 1152 + 5 x 32.
        NS_TEST_EXPECT_MSG_EQ(moe.StepHbmBytesPerGpu({{5, 0}}), 1152 + 160, "all experts");
        // FLOPs of 1 token: 2 x 864 active + 2 layers x 4 x 2 heads x 4 x 1 pair = 1792.
        NS_TEST_EXPECT_MSG_EQ(moe.StepFlopsPerGpu({{1, 0}}), 1792, "MoE FLOPs: top-1");
    }
};

/// KV-cache capacity and whether a model fits.
class CapacityTestCase : public TestCase
{
  public:
    CapacityTestCase()
        : TestCase("KV capacity: exact block count of a hand-sized case; CheckFits refuses "
                   "Llama 3 70B on one H100 and accepts tp 4; bad arguments named")
    {
    }

  private:
    void DoRun() override
    {
        // 10000 B - 2112 B of weights - 0.1 x 10000 B reserved = 6888 B; a 16-token block is
        // 16 x 32 = 512 B: 13 blocks (6656 B; 14 would need 7168 B).
        InferenceCost cost(TinyDense(), HandGpu(), 1, 2);
        NS_TEST_EXPECT_MSG_EQ(cost.BlockBytesPerGpu(16), 512, "block bytes");
        NS_TEST_EXPECT_MSG_EQ(cost.KvBlocksPerGpu(0.1, 16), 13, "13 blocks");
        NS_TEST_EXPECT_MSG_EQ(cost.KvBlocksPerGpu(0, 16), 15, "(10000 - 2112) / 512 = 15.4");
        NS_TEST_EXPECT_MSG_EQ(cost.CheckFits(0.1, 16), "", "fits");
        // 3000 B: 3000 - 2112 - 300 = 588 B, one block; 2900 B: 498 B, none.
        GpuSpec small = HandGpu();
        small.memoryBytes = 3000;
        NS_TEST_EXPECT_MSG_EQ(InferenceCost(TinyDense(), small, 1, 2).KvBlocksPerGpu(0.1, 16),
                              1,
                              "one block");
        NS_TEST_EXPECT_MSG_EQ(InferenceCost(TinyDense(), small, 1, 2).CheckFits(0.1, 16),
                              "",
                              "one block fits");
        small.memoryBytes = 2900;
        InferenceCost tooSmall(TinyDense(), small, 1, 2);
        NS_TEST_EXPECT_MSG_EQ(tooSmall.KvBlocksPerGpu(0.1, 16), 0, "no block");
        NS_TEST_EXPECT_MSG_NE(tooSmall.CheckFits(0.1, 16).find("does not fit"),
                              std::string::npos,
                              tooSmall.CheckFits(0.1, 16));

        // Llama 3 70B in BF16 is 141 GB of weights: not on one 80 GB H100.
        const ModelSpec m = Model("llama3-70b");
        const GpuSpec h100 = Gpu("h100");
        const std::string one = InferenceCost(m, h100, 1, 2).CheckFits(0.1, 16);
        NS_TEST_EXPECT_MSG_NE(one.find("'llama3-70b'"), std::string::npos, one);
        NS_TEST_EXPECT_MSG_NE(one.find("'h100'"), std::string::npos, one);
        NS_TEST_EXPECT_MSG_NE(one.find("tp 1"), std::string::npos, one);
        NS_TEST_EXPECT_MSG_EQ(InferenceCost(m, h100, 1, 2).KvBlocksPerGpu(0.1, 16), 0, "tp 1");
        InferenceCost tp4(m, h100, 4, 2);
        NS_TEST_EXPECT_MSG_EQ(tp4.CheckFits(0.1, 16), "", "tp 4 fits");
        const double free = 80e9 - m.TotalParameters() * 2 / 4 - 0.1 * 80e9;
        const double block = 16 * 2.0 * 80 * (8 / 4) * 128 * 2;
        NS_TEST_EXPECT_MSG_EQ(tp4.KvBlocksPerGpu(0.1, 16),
                              static_cast<uint64_t>(std::floor(free / block)),
                              "tp 4 blocks");

        // Bad arguments and instances are named.
        NS_TEST_EXPECT_MSG_NE(cost.CheckFits(1, 16).find("reserve fraction 1"),
                              std::string::npos,
                              "reserve 1");
        NS_TEST_EXPECT_MSG_NE(cost.CheckFits(0.1, 0).find("block of 0 tokens"),
                              std::string::npos,
                              "block 0");
        const std::string tp3 = InferenceCost(Model("llama3-8b"), h100, 3, 2).Validate();
        NS_TEST_EXPECT_MSG_NE(tp3.find("tensor-parallel degree 3 does not divide the 32 heads"),
                              std::string::npos,
                              tp3);
        NS_TEST_EXPECT_MSG_NE(InferenceCost(TinyDense(), HandGpu(), 0, 2).Validate(), "", "tp 0");
        NS_TEST_EXPECT_MSG_NE(InferenceCost(TinyDense(), HandGpu(), 1, 0).Validate(),
                              "",
                              "KV bytes 0");
        // A model with 6 KV heads of 12 heads at tp 4 is refused: 4 neither divides 6 nor is a
        // multiple of it.
        ModelSpec odd = TinyDense();
        odd.heads = 12;
        odd.kvHeads = 6;
        NS_TEST_EXPECT_MSG_NE(InferenceCost(odd, HandGpu(), 4, 2).Validate().find("KV heads"),
                              std::string::npos,
                              "tp 4, 6 KV heads");
    }
};

/**
 * \ingroup optical-tests
 * The inference cost model.
 */
class InferenceCostTestSuite : public TestSuite
{
  public:
    InferenceCostTestSuite()
        : TestSuite("optical-inference-cost", SUITE_UNIT)
    {
        AddTestCase(new KvBytesTestCase, TEST_QUICK);
        AddTestCase(new ParametersTestCase, TEST_QUICK);
        AddTestCase(new RooflineH100TestCase, TEST_QUICK);
        AddTestCase(new RooflineExactTestCase, TEST_QUICK);
        AddTestCase(new CapacityTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static InferenceCostTestSuite g_inferenceCostTestSuite;

} // namespace
