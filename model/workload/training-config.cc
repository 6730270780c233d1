/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-config.h"

#include "ns3/optical-data-file.h"

#include <map>
#include <sstream>
#include <vector>

namespace ns3
{

namespace
{
/// Looks up row \p name of a data file; fills \p row or \p error (listing known names).
bool
FindRow(const std::string& file,
        const std::vector<std::string>& required,
        const std::string& what,
        const std::string& name,
        OpticalDataFile::Record& row,
        std::string& error)
{
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(file, required, {"source"}, rows, error))
    {
        return false;
    }
    std::map<std::string, uint64_t> seen;
    std::string known;
    const OpticalDataFile::Record* found = nullptr;
    for (const auto& r : rows)
    {
        const std::string n = r.Text("name");
        if (seen.count(n))
        {
            error = r.Where() + what + " '" + n + "' is declared twice (first at line " +
                    std::to_string(seen.at(n)) + ")";
            return false;
        }
        seen[n] = r.line;
        if (n == name)
        {
            found = &r;
        }
        known += (known.empty() ? "" : ", ") + n;
    }
    if (found)
    {
        row = *found;
        return true;
    }
    error = "unknown " + what + " '" + name + "' (known: " + known + "; edit " +
            OpticalDataFile::Resolve(file) + ")";
    return false;
}
} // namespace

bool
GpuSpec::Lookup(const std::string& name, GpuSpec& gpu, std::string& error)
{
    const std::string file = "gpu-types.csv";
    OpticalDataFile::Record row;
    if (!FindRow(file,
                 {"name", "peak_tflops", "mfu", "memory_gb", "scaleup_gbps", "hbm_gbps"},
                 "GPU type",
                 name,
                 row,
                 error))
    {
        return false;
    }
    double tflops = 0;
    double mfu = 0;
    double memory = 0;
    double scaleUp = 0;
    double hbm = 0;
    if (!row.Real("peak_tflops",
                  OpticalBounds::Above(0).AtMost(MAX_TFLOPS),
                  "TFLOP/s",
                  tflops,
                  error) ||
        !row.Real("mfu", OpticalBounds::Above(0).AtMost(1), "", mfu, error) ||
        !row.Real("memory_gb",
                  OpticalBounds::Above(0).AtMost(MAX_MEMORY_GB),
                  "GB",
                  memory,
                  error) ||
        !row.Real("scaleup_gbps",
                  OpticalBounds::Between(0, MAX_SCALEUP_GBPS),
                  "Gb/s",
                  scaleUp,
                  error) ||
        !row.Real("hbm_gbps", OpticalBounds::Above(0).AtMost(MAX_HBM_GBPS), "GB/s", hbm, error))
    {
        error += " (GPU type '" + name + "')";
        return false;
    }
    gpu = {name, tflops * 1e12, mfu, memory * 1e9, scaleUp * 1e9, hbm * 1e9};
    return true;
}

bool
ModelSpec::Lookup(const std::string& name, ModelSpec& model, std::string& error)
{
    const std::string file = "models.csv";
    OpticalDataFile::Record row;
    const std::vector<std::string> columns{"name",
                                           "layers",
                                           "hidden",
                                           "heads",
                                           "ffn_hidden",
                                           "seq_len",
                                           "vocab",
                                           "experts",
                                           "top_k",
                                           "capacity_factor",
                                           "moe_every",
                                           "kv_heads",
                                           "head_dim",
                                           "mlp_matrices",
                                           "param_bytes"};
    if (!FindRow(file, columns, "model", name, row, error))
    {
        return false;
    }
    ModelSpec m;
    m.name = name;
    if (!row.Count("layers", 1U, MAX_LAYERS, m.layers, error) ||
        !row.Count("hidden", uint64_t{1}, MAX_HIDDEN, m.hidden, error) ||
        !row.Count("heads", 1U, MAX_HEADS, m.heads, error) ||
        !row.Count("ffn_hidden", uint64_t{1}, MAX_FFN_HIDDEN, m.ffnHidden, error) ||
        !row.Count("seq_len", uint64_t{1}, MAX_SEQ_LEN, m.seqLen, error) ||
        !row.Count("vocab", uint64_t{1}, MAX_VOCAB, m.vocab, error) ||
        !row.Count("experts", 0U, MAX_EXPERTS, m.experts, error) ||
        !row.Count("top_k", 0U, MAX_EXPERTS, m.topK, error) ||
        !row.Real("capacity_factor",
                  OpticalBounds::Between(0, MAX_CAPACITY_FACTOR),
                  "",
                  m.capacityFactor,
                  error) ||
        !row.Count("moe_every", 0U, MAX_LAYERS, m.moeEvery, error) ||
        !row.Count("kv_heads", 1U, m.heads, m.kvHeads, error) ||
        !row.Count("head_dim", uint64_t{1}, MAX_HEAD_DIM, m.headDim, error) ||
        !row.Count("mlp_matrices", MIN_MLP_MATRICES, MAX_MLP_MATRICES, m.mlpMatrices, error) ||
        !row.Count("param_bytes", 1U, MAX_PARAM_BYTES, m.paramBytes, error))
    {
        error += " (model '" + name + "')";
        return false;
    }
    if (m.experts > 0 && (m.topK == 0 || m.moeEvery == 0 || m.topK > m.experts))
    {
        error = row.Where() + "model '" + name +
                "': a MoE model needs 1 <= top_k <= experts and moe_every >= 1 (top_k " +
                std::to_string(m.topK) + ", experts " + std::to_string(m.experts) + ", moe_every " +
                std::to_string(m.moeEvery) + ")";
        return false;
    }
    if (m.heads % m.kvHeads != 0)
    {
        error = row.Where() + "model '" + name + "': kv_heads " + std::to_string(m.kvHeads) +
                " must divide heads " + std::to_string(m.heads) +
                " (each key/value head serves heads / kv_heads query heads)";
        return false;
    }
    model = m;
    return true;
}

bool
ModelSpec::IsMoeLayer(uint32_t layer) const
{
    return experts > 0 && moeEvery > 0 && (layer + 1) % moeEvery == 0;
}

double
ModelSpec::AttentionParameters() const
{
    const double h = static_cast<double>(hidden);
    const double q = static_cast<double>(heads) * static_cast<double>(headDim);
    const double kv = static_cast<double>(kvHeads) * static_cast<double>(headDim);
    return h * q + 2.0 * h * kv + q * h;
}

double
ModelSpec::MlpParameters() const
{
    return static_cast<double>(mlpMatrices) * static_cast<double>(hidden) *
           static_cast<double>(ffnHidden);
}

double
ModelSpec::EmbeddingParameters() const
{
    return 2.0 * static_cast<double>(vocab) * static_cast<double>(hidden);
}

double
ModelSpec::LayerParameters(uint32_t layer) const
{
    return AttentionParameters() + MlpParameters() * (IsMoeLayer(layer) ? experts : 1);
}

double
ModelSpec::TotalParameters() const
{
    double total = EmbeddingParameters();
    for (uint32_t l = 0; l < layers; ++l)
    {
        total += LayerParameters(l);
    }
    return total;
}

double
ModelSpec::ActiveParametersPerToken() const
{
    double total = EmbeddingParameters();
    for (uint32_t l = 0; l < layers; ++l)
    {
        total += AttentionParameters() + MlpParameters() * (IsMoeLayer(l) ? topK : 1);
    }
    return total;
}

uint32_t
TrainingConfig::GetNRanks() const
{
    return dp * tp * pp;
}

uint32_t
TrainingConfig::Rank(uint32_t d, uint32_t p, uint32_t t) const
{
    return (d * pp + p) * tp + t;
}

uint32_t
TrainingConfig::LayersOfStage(uint32_t stage) const
{
    return model.layers / pp + (stage < model.layers % pp ? 1 : 0);
}

uint32_t
TrainingConfig::FirstLayerOfStage(uint32_t stage) const
{
    uint32_t first = 0;
    for (uint32_t s = 0; s < stage; ++s)
    {
        first += LayersOfStage(s);
    }
    return first;
}

double
TrainingConfig::LayerForwardFlops(uint32_t layer) const
{
    // Megatron: attention 8 b s h^2 + 4 b s^2 h, MLP 4 b s h ffn (top-k experts per token in a
    // MoE layer), split over the tensor-parallel ranks.
    const double b = microBatchSize;
    const double s = static_cast<double>(model.seqLen);
    const double h = static_cast<double>(model.hidden);
    const double ffn = static_cast<double>(model.ffnHidden);
    const double mlp = 4.0 * b * s * h * ffn * (model.IsMoeLayer(layer) ? model.topK : 1);
    return (8.0 * b * s * h * h + 4.0 * b * s * s * h + mlp) / tp;
}

double
TrainingConfig::GradientBytes(uint32_t layer) const
{
    const double h = static_cast<double>(model.hidden);
    const double experts = model.IsMoeLayer(layer) ? static_cast<double>(model.experts) / ep : 1.0;
    const double mlp = 2.0 * h * static_cast<double>(model.ffnHidden) * experts;
    return (4.0 * h * h + mlp) / tp * bytesPerElement;
}

double
TrainingConfig::ActivationBytes() const
{
    return static_cast<double>(microBatchSize) * model.seqLen * model.hidden * bytesPerElement;
}

double
TrainingConfig::EstimateBytesPerIteration(uint32_t gpusPerServer) const
{
    const double ranks = GetNRanks();
    const double weightsPerRank = model.TotalParameters() * model.paramBytes / (double(tp) * pp);
    const double dpBytes = ranks * weightsPerRank * 2.0 * (dp - 1) / dp;
    const double tpBytes = tp <= gpusPerServer
                               ? 0.0
                               : ranks * 4.0 * double(model.layers) / pp * microbatches *
                                     ActivationBytes() * 2.0 * (tp - 1) / tp;
    // A stage boundary carries each micro-batch's activation (and its gradient back) once,
    // split over the tensor ranks (ActivationBytes() / tp from each).
    const double ppBytes = double(dp) * (pp - 1) * microbatches * 2.0 * ActivationBytes();
    return dpBytes + tpBytes + ppBytes;
}

std::string
TrainingConfig::Validate(uint32_t gpus) const
{
    std::ostringstream err;
    if (dp == 0 || tp == 0 || pp == 0 || ep == 0)
    {
        err << "parallel degrees must be positive (dp " << dp << ", tp " << tp << ", pp " << pp
            << ", ep " << ep << ")";
    }
    else if (GetNRanks() != gpus)
    {
        err << "dp x tp x pp = " << dp << " x " << tp << " x " << pp << " = " << GetNRanks()
            << ", but there are " << gpus << " GPUs";
    }
    else if (pp > model.layers)
    {
        err << "a pipeline of " << pp << " stages needs at least " << pp << " layers (model '"
            << model.name << "' has " << model.layers << ")";
    }
    else if (dp % ep != 0)
    {
        err << "ep " << ep << " must divide dp " << dp;
    }
    else if (ep > 1 && model.experts == 0)
    {
        err << "ep " << ep << " > 1 needs a MoE model ('" << model.name << "' is dense)";
    }
    else if (microbatches == 0 || microBatchSize == 0)
    {
        err << "microbatches and the micro-batch size must be positive";
    }
    else if (schedule != "1f1b" && schedule != "gpipe")
    {
        err << "unknown pipeline schedule '" << schedule << "' (1f1b or gpipe)";
    }
    else if (bytesPerElement == 0)
    {
        err << "bytes per element must be positive";
    }
    else if (gpu.memoryBytes > 0)
    {
        // The weights alone, a lower bound of what training keeps per GPU (gradients,
        // optimizer state and activations come on top): sharded by TP and PP, by EP at best
        // for a MoE, and by DP with ZeRO/FSDP.
        const double shards = double(tp) * pp * (zero ? dp : ep);
        const double weights = model.TotalParameters() * model.paramBytes / shards;
        if (weights > gpu.memoryBytes)
        {
            err << "model '" << model.name << "' (" << model.TotalParameters() / 1e9
                << "e9 parameters of " << model.paramBytes << " B) does not fit: its weights "
                << "alone take " << weights / 1e9 << " GB per GPU over tp " << tp << " x pp " << pp
                << (zero ? " x dp " + std::to_string(dp) : " x ep " + std::to_string(ep))
                << ", more than the " << gpu.memoryBytes / 1e9 << " GB of GPU '" << gpu.name
                << "' (more GPUs per replica, ZeRO, or a smaller model)";
        }
    }
    return err.str();
}

} // namespace ns3
