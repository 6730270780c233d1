/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-cost.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceCost");

InferenceCost::InferenceCost(const ModelSpec& model,
                             const GpuSpec& gpu,
                             uint32_t tp,
                             uint32_t kvBytesPerElement)
    : m_model(model),
      m_gpu(gpu),
      m_tp(tp),
      m_kvBytes(kvBytesPerElement),
      m_computeEfficiency(gpu.mfu),
      m_hbmEfficiency(1)
{
    NS_LOG_FUNCTION(this << model.name << gpu.name << tp << kvBytesPerElement);
}

std::string
InferenceCost::Validate() const
{
    std::ostringstream err;
    if (m_tp == 0)
    {
        err << "tensor-parallel degree 0 (allowed: 1 or more, dividing the " << m_model.heads
            << " heads of model '" << m_model.name << "')";
    }
    else if (m_kvBytes == 0)
    {
        err << "KV bytes per element 0 (allowed: 1 or more; 2 for FP16/BF16)";
    }
    else if (m_model.layers == 0 || m_model.hidden == 0 || m_model.heads == 0 ||
             m_model.kvHeads == 0 || m_model.headDim == 0 || m_model.paramBytes == 0 ||
             m_model.heads % m_model.kvHeads != 0)
    {
        err << "model '" << m_model.name << "' is incomplete (layers " << m_model.layers
            << ", hidden " << m_model.hidden << ", heads " << m_model.heads << ", kv_heads "
            << m_model.kvHeads << ", head_dim " << m_model.headDim << ", param_bytes "
            << m_model.paramBytes << "; read it with ModelSpec::Lookup)";
    }
    else if (!(m_gpu.peakFlops > 0) || !(m_gpu.hbmBytesPerSecond > 0) || !(m_gpu.memoryBytes > 0) ||
             !(m_gpu.mfu > 0))
    {
        err << "GPU type '" << m_gpu.name << "' is incomplete (peak " << m_gpu.peakFlops
            << " FLOP/s, mfu " << m_gpu.mfu << ", memory " << m_gpu.memoryBytes << " B, HBM "
            << m_gpu.hbmBytesPerSecond << " B/s; read it with GpuSpec::Lookup)";
    }
    else if (m_model.heads % m_tp != 0)
    {
        err << "tensor-parallel degree " << m_tp << " does not divide the " << m_model.heads
            << " heads of model '" << m_model.name << "'";
    }
    else if (m_model.kvHeads % m_tp != 0 && m_tp % m_model.kvHeads != 0)
    {
        err << "tensor-parallel degree " << m_tp << " neither divides nor is a multiple of the "
            << m_model.kvHeads << " KV heads of model '" << m_model.name << "'";
    }
    return err.str();
}

void
InferenceCost::SetComputeEfficiency(double fraction)
{
    NS_ABORT_MSG_UNLESS(fraction > 0 && fraction <= 1,
                        "compute efficiency " << fraction << " (allowed: > 0 and <= 1)");
    m_computeEfficiency = fraction;
}

void
InferenceCost::SetHbmEfficiency(double fraction)
{
    NS_ABORT_MSG_UNLESS(fraction > 0 && fraction <= 1,
                        "HBM efficiency " << fraction << " (allowed: > 0 and <= 1)");
    m_hbmEfficiency = fraction;
}

double
InferenceCost::GetComputeEfficiency() const
{
    return m_computeEfficiency;
}

double
InferenceCost::GetHbmEfficiency() const
{
    return m_hbmEfficiency;
}

const ModelSpec&
InferenceCost::GetModel() const
{
    return m_model;
}

const GpuSpec&
InferenceCost::GetGpu() const
{
    return m_gpu;
}

uint32_t
InferenceCost::GetTensorParallel() const
{
    return m_tp;
}

uint32_t
InferenceCost::GetKvBytesPerElement() const
{
    return m_kvBytes;
}

double
InferenceCost::KvBytesPerToken() const
{
    return 2.0 * m_model.layers * m_model.kvHeads * static_cast<double>(m_model.headDim) *
           m_kvBytes;
}

double
InferenceCost::KvBytesPerTokenPerGpu() const
{
    const uint32_t tp = std::max(m_tp, 1U);
    const uint32_t headsPerGpu = (m_model.kvHeads + tp - 1) / tp;
    return 2.0 * m_model.layers * headsPerGpu * static_cast<double>(m_model.headDim) * m_kvBytes;
}

double
InferenceCost::WeightBytesPerGpu() const
{
    return m_model.TotalParameters() * m_model.paramBytes / std::max(m_tp, 1U);
}

double
InferenceCost::TouchedWeightBytesPerGpu(uint64_t tokens) const
{
    double parameters = m_model.TotalParameters();
    if (m_model.experts > 0)
    {
        const double touched =
            std::min(static_cast<double>(m_model.experts),
                     static_cast<double>(tokens) * static_cast<double>(m_model.topK));
        for (uint32_t l = 0; l < m_model.layers; ++l)
        {
            if (m_model.IsMoeLayer(l))
            {
                parameters -= (m_model.experts - touched) * m_model.MlpParameters();
            }
        }
    }
    return parameters * m_model.paramBytes / std::max(m_tp, 1U);
}

double
InferenceCost::StepFlopsPerGpu(const std::vector<InferenceSequenceWork>& batch) const
{
    double tokens = 0;
    double pairs = 0; // (query, key) pairs attended, summed over the batch
    for (const auto& s : batch)
    {
        const double n = static_cast<double>(s.newTokens);
        tokens += n;
        pairs += n * static_cast<double>(s.cachedTokens) + n * (n + 1) / 2;
    }
    const double dense = 2.0 * m_model.ActiveParametersPerToken() * tokens;
    const double attention = static_cast<double>(m_model.layers) * 4.0 * m_model.heads *
                             static_cast<double>(m_model.headDim) * pairs;
    return (dense + attention) / std::max(m_tp, 1U);
}

double
InferenceCost::StepHbmBytesPerGpu(const std::vector<InferenceSequenceWork>& batch) const
{
    uint64_t newTokens = 0;
    double cached = 0;
    for (const auto& s : batch)
    {
        newTokens += s.newTokens;
        cached += static_cast<double>(s.cachedTokens);
    }
    if (newTokens == 0)
    {
        return 0;
    }
    const double kv = KvBytesPerTokenPerGpu();
    return TouchedWeightBytesPerGpu(newTokens) + cached * kv + static_cast<double>(newTokens) * kv;
}

double
InferenceCost::ComputeSeconds(const std::vector<InferenceSequenceWork>& batch) const
{
    const double bytes = StepHbmBytesPerGpu(batch);
    if (bytes == 0)
    {
        return 0;
    }
    const double compute = StepFlopsPerGpu(batch) / (m_gpu.peakFlops * m_computeEfficiency);
    const double memory = bytes / (m_gpu.hbmBytesPerSecond * m_hbmEfficiency);
    NS_LOG_LOGIC("compute " << compute << " s, memory " << memory << " s");
    return std::max(compute, memory);
}

double
InferenceCost::TpAllReduceBytes(uint64_t tokens) const
{
    return static_cast<double>(tokens) * static_cast<double>(m_model.hidden) * m_kvBytes;
}

uint32_t
InferenceCost::TpAllReducesPerIteration() const
{
    return m_tp > 1 ? 2 * m_model.layers : 0;
}

double
InferenceCost::BlockBytesPerGpu(uint32_t blockTokens) const
{
    return blockTokens * KvBytesPerTokenPerGpu();
}

uint64_t
InferenceCost::KvBlocksPerGpu(double reserveFraction, uint32_t blockTokens) const
{
    const double block = BlockBytesPerGpu(blockTokens);
    const double free =
        m_gpu.memoryBytes - WeightBytesPerGpu() - reserveFraction * m_gpu.memoryBytes;
    if (!(block > 0) || !(free >= block))
    {
        return 0;
    }
    return static_cast<uint64_t>(std::floor(free / block));
}

std::string
InferenceCost::CheckFits(double reserveFraction, uint32_t blockTokens) const
{
    std::string error = Validate();
    if (!error.empty())
    {
        return error;
    }
    std::ostringstream err;
    if (!(reserveFraction >= 0 && reserveFraction < 1))
    {
        err << "reserve fraction " << reserveFraction << " (allowed: >= 0 and < 1)";
    }
    else if (blockTokens == 0)
    {
        err << "KV block of 0 tokens (allowed: 1 or more; vLLM uses 16)";
    }
    else if (KvBlocksPerGpu(reserveFraction, blockTokens) == 0)
    {
        err << "model '" << m_model.name << "' does not fit GPU type '" << m_gpu.name << "' at tp "
            << m_tp << ": weights " << WeightBytesPerGpu() << " B + reserve "
            << reserveFraction * m_gpu.memoryBytes << " B + one KV block of " << blockTokens
            << " tokens " << BlockBytesPerGpu(blockTokens) << " B exceed the memory of "
            << m_gpu.memoryBytes << " B per GPU";
    }
    return err.str();
}

} // namespace ns3
