/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-config.h"

#include "ns3/optical-data-file.h"

#include <sstream>

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
        OpticalDataFile::Row& row,
        std::string& error)
{
    std::vector<OpticalDataFile::Row> rows;
    if (!OpticalDataFile::ReadCsv(file, required, {"source"}, rows, error))
    {
        return false;
    }
    std::string known;
    for (const auto& r : rows)
    {
        if (r.at("name") == name)
        {
            row = r;
            return true;
        }
        known += (known.empty() ? "" : ", ") + r.at("name");
    }
    error = "unknown " + what + " '" + name + "' (known: " + known + "; edit data/" + file + ")";
    return false;
}

/// Parses numeric cells of \p row into \p out; false with \p error naming the cell.
bool
Numbers(const OpticalDataFile::Row& row,
        const std::vector<std::pair<std::string, double*>>& cells,
        const std::string& file,
        std::string& error)
{
    for (const auto& [column, out] : cells)
    {
        if (!OpticalDataFile::ParseDouble(row.at(column), *out) || *out < 0)
        {
            error = file + ": '" + row.at("name") + "': " + column + " '" + row.at(column) +
                    "' is not a non-negative number";
            return false;
        }
    }
    return true;
}
} // namespace

bool
GpuSpec::Lookup(const std::string& name, GpuSpec& gpu, std::string& error)
{
    const std::string file = "gpu-types.csv";
    OpticalDataFile::Row row;
    if (!FindRow(file,
                 {"name", "peak_tflops", "mfu", "memory_gb", "scaleup_gbps"},
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
    if (!Numbers(row,
                 {{"peak_tflops", &tflops},
                  {"mfu", &mfu},
                  {"memory_gb", &memory},
                  {"scaleup_gbps", &scaleUp}},
                 file,
                 error))
    {
        return false;
    }
    if (mfu <= 0 || mfu > 1 || tflops <= 0)
    {
        error = file + ": '" + name + "': need peak_tflops > 0 and 0 < mfu <= 1";
        return false;
    }
    gpu = {name, tflops * 1e12, mfu, memory * 1e9, scaleUp * 1e9};
    return true;
}

bool
ModelSpec::Lookup(const std::string& name, ModelSpec& model, std::string& error)
{
    const std::string file = "models.csv";
    OpticalDataFile::Row row;
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
                                           "moe_every"};
    if (!FindRow(file, columns, "model", name, row, error))
    {
        return false;
    }
    double v[10];
    if (!Numbers(row,
                 {{"layers", &v[0]},
                  {"hidden", &v[1]},
                  {"heads", &v[2]},
                  {"ffn_hidden", &v[3]},
                  {"seq_len", &v[4]},
                  {"vocab", &v[5]},
                  {"experts", &v[6]},
                  {"top_k", &v[7]},
                  {"capacity_factor", &v[8]},
                  {"moe_every", &v[9]}},
                 file,
                 error))
    {
        return false;
    }
    ModelSpec m;
    m.name = name;
    m.layers = static_cast<uint32_t>(v[0]);
    m.hidden = static_cast<uint64_t>(v[1]);
    m.heads = static_cast<uint32_t>(v[2]);
    m.ffnHidden = static_cast<uint64_t>(v[3]);
    m.seqLen = static_cast<uint64_t>(v[4]);
    m.vocab = static_cast<uint64_t>(v[5]);
    m.experts = static_cast<uint32_t>(v[6]);
    m.topK = static_cast<uint32_t>(v[7]);
    m.capacityFactor = v[8];
    m.moeEvery = static_cast<uint32_t>(v[9]);
    if (m.layers == 0 || m.hidden == 0 || m.seqLen == 0 || m.ffnHidden == 0)
    {
        error = file + ": '" + name + "': layers, hidden, ffn_hidden and seq_len must be positive";
        return false;
    }
    if (m.experts > 0 && (m.topK == 0 || m.moeEvery == 0 || m.topK > m.experts))
    {
        error =
            file + ": '" + name + "': a MoE model needs 1 <= top_k <= experts and moe_every >= 1";
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
ModelSpec::LayerParameters(uint32_t layer) const
{
    const double h = static_cast<double>(hidden);
    const double mlp = 2.0 * h * static_cast<double>(ffnHidden);
    return 4.0 * h * h + mlp * (IsMoeLayer(layer) ? experts : 1);
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
    return err.str();
}

} // namespace ns3
