/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_COST_H
#define INFERENCE_COST_H

#include "ns3/training-config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What one sequence does in one iteration of a batch.
 */
struct InferenceSequenceWork
{
    uint64_t newTokens{
        0}; //!< Tokens processed this iteration (prompt length at prefill, 1 at decode)
    uint64_t cachedTokens{0}; //!< Tokens already in its KV cache before this iteration
};

/**
 * \ingroup optical
 * \brief The roofline cost of inference iterations of one model instance on TP GPUs of one type.
 *
 * Notation: L layers, h hidden, H heads, K kv_heads, d head_dim, P = ModelSpec::
 * TotalParameters(), A = ModelSpec::ActiveParametersPerToken(), b = param_bytes,
 * e = kvBytesPerElement, tp tensor-parallel degree. A sequence i of a batch has n_i new and
 * c_i cached tokens; N = sum of n_i.
 *
 * - KV bytes per token: 2 L K d e (K and V of every layer); per GPU: 2 L ceil(K / tp) d e,
 *   i.e. divided by tp when tp divides K, one KV head per GPU (replicated) when tp > K.
 * - FLOPs per GPU of one iteration: (2 A N + L x 4 H d x sum_i (n_i c_i + n_i (n_i + 1) / 2))
 *   / tp. Token j (1..n_i) of sequence i attends c_i + j positions (causal), and one
 *   (query, key) pair costs 4 H d FLOPs per layer (Q K^T and the weighted sum of V). 2 A counts
 *   the input embedding like a matmul (an overestimate of 2 vocab h FLOPs per token).
 * - HBM bytes per GPU of one iteration: (weights read once + KV read + KV written), with
 *   weights = (P - MoE layers' MLPs + sum over MoE layers of min(experts, N top_k) MLPs) x b / tp
 *   (the experts a batch of N tokens can touch; all of them once N top_k >= experts), KV read =
 *   sum_i c_i x KvBytesPerTokenPerGpu(), KV written = N x KvBytesPerTokenPerGpu(). Activations
 *   are not counted.
 * - Time: max(FLOPs / (peak x computeEfficiency), bytes / (HBM bandwidth x hbmEfficiency)).
 * - KV-cache capacity per GPU: floor((memory - weights - reserve x memory) / block bytes)
 *   blocks, with weights = P b / tp (WeightBytesPerGpu()).
 *
 * Every number comes from the model and GPU rows (data/models.csv, data/gpu-types.csv), the
 * constructor's arguments or the setters.
 */
class InferenceCost
{
  public:
    InferenceCost() = default;

    /**
     * \brief A model instance on tp GPUs. Check Validate() before use.
     * \param [in] model The model
     * \param [in] gpu The GPU type
     * \param [in] tp Tensor-parallel degree (GPUs of the instance)
     * \param [in] kvBytesPerElement bytes of one K or V element (2: FP16/BF16)
     */
    InferenceCost(const ModelSpec& model,
                  const GpuSpec& gpu,
                  uint32_t tp,
                  uint32_t kvBytesPerElement);

    /**
     * \return "" if the instance is valid, else what is wrong (naming the value): tp >= 1
     * dividing heads, tp dividing kv_heads or a multiple of it, kvBytesPerElement >= 1, a
     * model and a GPU with positive sizes.
     */
    std::string Validate() const;

    /**
     * \brief Sets the fraction of peak FLOP/s reached (default: the GPU's mfu column).
     * \param [in] fraction In (0, 1]; anything else aborts (callers check first)
     */
    void SetComputeEfficiency(double fraction);

    /**
     * \brief Sets the fraction of HBM bandwidth reached (default 1).
     * \param [in] fraction In (0, 1]; anything else aborts (callers check first)
     */
    void SetHbmEfficiency(double fraction);

    /// \return the fraction of peak FLOP/s used
    double GetComputeEfficiency() const;
    /// \return the fraction of HBM bandwidth used
    double GetHbmEfficiency() const;
    /// \return the model
    const ModelSpec& GetModel() const;
    /// \return the GPU type
    const GpuSpec& GetGpu() const;
    /// \return the tensor-parallel degree
    uint32_t GetTensorParallel() const;
    /// \return bytes of one K or V element
    uint32_t GetKvBytesPerElement() const;

    /// \return KV bytes of one token, whole model: 2 x layers x kv_heads x head_dim x
    /// kvBytesPerElement
    double KvBytesPerToken() const;

    /// \return KV bytes of one token on one GPU: 2 x layers x ceil(kv_heads / tp) x head_dim x
    /// kvBytesPerElement (KvBytesPerToken() / tp when tp divides kv_heads)
    double KvBytesPerTokenPerGpu() const;

    /// \return weight bytes of one GPU: TotalParameters x param_bytes / tp
    double WeightBytesPerGpu() const;

    /**
     * \param [in] batch The sequences of one iteration
     * \return FLOPs of one GPU: (2 A N + L x 4 H d x sum_i (n_i c_i + n_i (n_i + 1) / 2)) / tp
     * (see the class description)
     */
    double StepFlopsPerGpu(const std::vector<InferenceSequenceWork>& batch) const;

    /**
     * \param [in] batch The sequences of one iteration
     * \return HBM bytes of one GPU: weights the batch touches (MoE: min(experts, N top_k)
     * experts per MoE layer) + KV read (cached tokens) + KV written (new tokens); 0 if the
     * batch has no new tokens
     */
    double StepHbmBytesPerGpu(const std::vector<InferenceSequenceWork>& batch) const;

    /**
     * \param [in] batch The sequences of one iteration
     * \return seconds: max(FLOPs / (peak x compute efficiency), HBM bytes / (bandwidth x HBM
     * efficiency)); 0 for an empty batch (or one without new tokens)
     */
    double ComputeSeconds(const std::vector<InferenceSequenceWork>& batch) const;

    /**
     * \param [in] tokens Tokens of the iteration
     * \return bytes of one tensor-parallel all-reduce of a layer's activations: tokens x hidden
     * x kvBytesPerElement
     */
    double TpAllReduceBytes(uint64_t tokens) const;

    /// \return TP all-reduces per iteration: 2 per layer (after attention and after the MLP);
    /// 0 if tp == 1
    uint32_t TpAllReducesPerIteration() const;

    /**
     * \brief KV-cache capacity of one GPU.
     * \param [in] reserveFraction Fraction of the GPU's memory kept for activations and the
     * runtime, in [0, 1)
     * \param [in] blockTokens Tokens per KV block (vLLM: 16)
     * \return floor((memory - WeightBytesPerGpu() - reserveFraction x memory) /
     * BlockBytesPerGpu(blockTokens)) blocks; 0 if nothing is left or blockTokens is 0
     */
    uint64_t KvBlocksPerGpu(double reserveFraction, uint32_t blockTokens) const;

    /**
     * \param [in] blockTokens Tokens per KV block
     * \return blockTokens x KvBytesPerTokenPerGpu()
     */
    double BlockBytesPerGpu(uint32_t blockTokens) const;

    /**
     * \param [in] reserveFraction As KvBlocksPerGpu()
     * \param [in] blockTokens As KvBlocksPerGpu()
     * \return "" if the weights and at least one block fit each GPU, else why not (naming the
     * model, GPU, tp and the bytes); also Validate()'s message, or a bad reserveFraction or
     * blockTokens
     */
    std::string CheckFits(double reserveFraction, uint32_t blockTokens) const;

  private:
    /// \return weight bytes of one GPU that a batch of \p tokens new tokens reads
    double TouchedWeightBytesPerGpu(uint64_t tokens) const;

    ModelSpec m_model;             //!< The model
    GpuSpec m_gpu;                 //!< The GPU type
    uint32_t m_tp{1};              //!< Tensor-parallel degree
    uint32_t m_kvBytes{2};         //!< Bytes of one K or V element
    double m_computeEfficiency{0}; //!< Fraction of peak FLOP/s
    double m_hbmEfficiency{1};     //!< Fraction of HBM bandwidth
};

} // namespace ns3

#endif /* INFERENCE_COST_H */
