/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAINING_CONFIG_H
#define TRAINING_CONFIG_H

#include "ns3/collective-kind.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A GPU type (data/gpu-types.csv): peak FLOP/s, MFU, memory, scale-up and HBM bandwidth.
 *
 * Columns and their ranges: name (unique), peak_tflops (> 0 and <= MAX_TFLOPS, TFLOP/s),
 * mfu (> 0 and <= 1), memory_gb (> 0 and <= MAX_MEMORY_GB, GB), scaleup_gbps (0 to
 * MAX_SCALEUP_GBPS, Gb/s per direction), hbm_gbps (> 0 and <= MAX_HBM_GBPS, GB/s: gigabytes
 * per second), source (text, may be empty). A value outside its range is an error naming the
 * file, the line and the column; a file without one of these columns is refused ("missing
 * column 'hbm_gbps' in the header").
 */
struct GpuSpec
{
    /// Largest peak_tflops (TFLOP/s; today's GPUs reach a few thousand).
    static constexpr double MAX_TFLOPS = 1e5;
    /// Largest memory_gb (GB; today's GPUs have up to 288).
    static constexpr double MAX_MEMORY_GB = 1e5;
    /// Largest scaleup_gbps (Gb/s; NVLink 5 is 7,200).
    static constexpr double MAX_SCALEUP_GBPS = 1e6;
    /// Largest hbm_gbps (GB/s; GB200's HBM3e is 8,000).
    static constexpr double MAX_HBM_GBPS = 1e6;

    std::string name;            //!< Name
    double peakFlops{0};         //!< Dense BF16 peak (FLOP/s)
    double mfu{0};               //!< Model FLOPs utilisation (0..1)
    double memoryBytes{0};       //!< Memory (bytes)
    double scaleUpBps{0};        //!< Scale-up bandwidth per direction (bit/s)
    double hbmBytesPerSecond{0}; //!< HBM (memory) bandwidth (bytes/s)

    /**
     * \brief Reads a GPU type from the data file.
     * \param [in] name Type name (e.g. "h100")
     * \param [out] gpu The type (unchanged on failure)
     * \param [out] error What is wrong (an unknown name lists the known ones)
     * \return true on success
     */
    static bool Lookup(const std::string& name, GpuSpec& gpu, std::string& error);
};

/**
 * \ingroup optical
 * \brief A transformer model (data/models.csv), dense or mixture-of-experts.
 *
 * Columns and their ranges (whole numbers unless said): name (unique), layers (1 to
 * MAX_LAYERS), hidden (1 to MAX_HIDDEN), heads (1 to MAX_HEADS), ffn_hidden (1 to
 * MAX_FFN_HIDDEN), seq_len (1 to MAX_SEQ_LEN), vocab (1 to MAX_VOCAB), experts (0 to
 * MAX_EXPERTS; 0 for a dense model), top_k (0 to MAX_EXPERTS; 1 to experts in a MoE model),
 * capacity_factor (a real, 0 to MAX_CAPACITY_FACTOR), moe_every (0 to MAX_LAYERS; >= 1 in a
 * MoE model), kv_heads (1 to heads, dividing heads: grouped-query attention), head_dim (1 to
 * MAX_HEAD_DIM), mlp_matrices (MIN_MLP_MATRICES to MAX_MLP_MATRICES: 2 for an up/down MLP, 3
 * for a gated SwiGLU one), param_bytes (1 to MAX_PARAM_BYTES), source (text). "4.7" or "5e9"
 * layers are errors naming the file, line and column; a file without one of these columns is
 * refused ("missing column 'kv_heads' in the header"): there are no defaults.
 */
struct ModelSpec
{
    /// Most layers (today's largest models have about 130).
    static constexpr uint32_t MAX_LAYERS = 1000;
    /// Largest hidden size (GPT-3 175B: 12,288).
    static constexpr uint64_t MAX_HIDDEN = 1ULL << 20;
    /// Most attention heads.
    static constexpr uint32_t MAX_HEADS = 4096;
    /// Largest MLP inner size.
    static constexpr uint64_t MAX_FFN_HIDDEN = 1ULL << 22;
    /// Longest sequence (tokens; 16 Mi).
    static constexpr uint64_t MAX_SEQ_LEN = 1ULL << 24;
    /// Largest vocabulary.
    static constexpr uint64_t MAX_VOCAB = 10000000;
    /// Most experts (and experts per token).
    static constexpr uint32_t MAX_EXPERTS = 4096;
    /// Largest MoE capacity factor.
    static constexpr double MAX_CAPACITY_FACTOR = 64;
    /// Largest head_dim (today's models use 64 to 256).
    static constexpr uint64_t MAX_HEAD_DIM = 1ULL << 16;
    /// Fewest weight matrices of an MLP (up and down projections).
    static constexpr uint32_t MIN_MLP_MATRICES = 2;
    /// Most weight matrices of an MLP (gated: gate, up and down projections).
    static constexpr uint32_t MAX_MLP_MATRICES = 3;
    /// Most bytes per stored parameter (8: FP64).
    static constexpr uint32_t MAX_PARAM_BYTES = 8;

    std::string name;         //!< Name
    uint32_t layers{0};       //!< Transformer layers
    uint64_t hidden{0};       //!< Hidden size
    uint32_t heads{0};        //!< Attention heads
    uint64_t ffnHidden{0};    //!< MLP inner size
    uint64_t seqLen{0};       //!< Sequence length
    uint64_t vocab{0};        //!< Vocabulary
    uint32_t experts{0};      //!< MoE experts (0: dense)
    uint32_t topK{0};         //!< Experts per token
    double capacityFactor{0}; //!< MoE capacity factor
    uint32_t moeEvery{0};     //!< Every k-th layer is MoE
    uint32_t kvHeads{0};      //!< Key/value heads (divides heads; = heads without GQA)
    uint64_t headDim{0};      //!< Size of one attention head
    uint32_t mlpMatrices{2};  //!< Weight matrices of one MLP (expert): 2, or 3 if gated
    uint32_t paramBytes{2};   //!< Bytes per parameter as stored (2: BF16/FP16)

    /**
     * \brief Reads a model from the data file.
     * \param [in] name Model name (e.g. "gpt3-175b")
     * \param [out] model The model (unchanged on failure)
     * \param [out] error What is wrong (an unknown name lists the known ones)
     * \return true on success
     */
    static bool Lookup(const std::string& name, ModelSpec& model, std::string& error);

    /**
     * \param [in] layer Layer index
     * \return true if the layer is a MoE layer
     */
    bool IsMoeLayer(uint32_t layer) const;

    /**
     * \param [in] layer Layer index
     * \return the layer's parameters: attention + MLP, the MLP times experts in a MoE layer
     * (AttentionParameters() + MlpParameters() x experts)
     */
    double LayerParameters(uint32_t layer) const;

    /**
     * \return one layer's attention parameters (grouped-query attention):
     * hidden x (heads x head_dim) (Q) + 2 x hidden x (kv_heads x head_dim) (K, V) +
     * (heads x head_dim) x hidden (O); 4 hidden^2 when kv_heads = heads and
     * heads x head_dim = hidden. Biases and norms are not counted.
     */
    double AttentionParameters() const;

    /// \return parameters of one MLP (one expert's in a MoE layer): mlp_matrices x hidden x ffn
    double MlpParameters() const;

    /// \return the embedding parameters: vocab x hidden for the input embedding and as many
    /// for an untied output head (both counted)
    double EmbeddingParameters() const;

    /// \return all parameters: the layers' (LayerParameters()) + EmbeddingParameters()
    /// (routers and norms are not counted)
    double TotalParameters() const;

    /// \return the parameters one token uses: TotalParameters() with a MoE layer's MLPs counted
    /// top_k times instead of experts times
    double ActiveParametersPerToken() const;
};

/**
 * \ingroup optical
 * \brief Everything a training job is: model, GPU, parallelism, batch and schedule.
 *
 * Ranks are placed with tensor parallelism innermost: rank = (d x PP + p) x TP + t for data
 * replica d, pipeline stage p and tensor rank t; consecutive ranks share a server (so TP
 * groups stay in the scale-up domain when TP <= GPUs per server). Expert-parallel groups are
 * EP consecutive data replicas of the same (p, t).
 */
struct TrainingConfig
{
    ModelSpec model;              //!< Model
    GpuSpec gpu;                  //!< GPU
    uint32_t dp{1};               //!< Data parallel degree
    uint32_t tp{1};               //!< Tensor parallel degree
    uint32_t pp{1};               //!< Pipeline parallel degree
    uint32_t ep{1};               //!< Expert parallel degree (divides DP)
    uint32_t microbatches{1};     //!< Micro-batches per iteration and replica
    uint32_t microBatchSize{1};   //!< Sequences per micro-batch
    uint32_t bytesPerElement{2};  //!< BF16
    std::string schedule{"1f1b"}; //!< Pipeline schedule: 1f1b or gpipe
    bool overlapDp{true};         //!< Overlap DP gradient all-reduce with the last backward
    bool zero{false};             //!< DP as reduce-scatter + all-gather (ZeRO/FSDP)
    CollectiveAlgorithm dpAlgorithm{CollectiveAlgorithm::RING}; //!< All-reduce algorithm of DP
    double moeZipf{0};              //!< MoE routing skew: Zipf exponent (0: uniform)
    bool moePayloadEfficient{true}; //!< MoE: only real tokens cross (else padded to capacity)

    /**
     * \brief Checks the configuration against a GPU count: degrees, layers, MoE, schedule,
     * and that the weights alone fit the GPU's memory (TotalParameters() x paramBytes over tp
     * x pp, x ep for a MoE or x dp with zero: a lower bound of training's footprint, so only
     * what certainly cannot run is refused).
     * \param [in] gpus Number of GPUs (ranks) available
     * \return an empty string if valid, else what is wrong, naming the value
     */
    std::string Validate(uint32_t gpus) const;

    /// \return the number of ranks: DP x TP x PP
    uint32_t GetNRanks() const;

    /**
     * \param [in] d Replica
     * \param [in] p Stage
     * \param [in] t Tensor rank
     * \return the rank
     */
    uint32_t Rank(uint32_t d, uint32_t p, uint32_t t) const;

    /// \return layers per pipeline stage (the first stages take the remainder)
    uint32_t LayersOfStage(uint32_t stage) const;

    /// \return first layer of a stage
    uint32_t FirstLayerOfStage(uint32_t stage) const;

    /// \return forward FLOPs of one layer for one micro-batch on one tensor rank
    double LayerForwardFlops(uint32_t layer) const;

    /**
     * \param [in] layer Layer index
     * \return bytes of one tensor rank's gradients of a layer, reduced across data replicas:
     * (attention + MLP, experts divided over EP) / TP x bytes per element
     */
    double GradientBytes(uint32_t layer) const;

    /// \return bytes of a micro-batch's activations between stages (b x s x h x bytes)
    double ActivationBytes() const;

    /**
     * \brief Estimates the bytes all ranks send over the scale-out network in one iteration,
     * to size a run before it starts (not a metric): the DP ring all-reduce of each rank's
     * weights' gradients (2 (dp - 1) / dp of them), an activation and its gradient per
     * micro-batch across each of the pp - 1 stage boundaries of each replica (split over the
     * tensor ranks, so once, not once per tensor rank), and, when a TP group spans
     * servers (tp > gpusPerServer), four TP ring all-reduces of ActivationBytes() per layer
     * and micro-batch (2 (tp - 1) / tp each); MoE all-to-alls are not counted.
     * \param [in] gpusPerServer GPUs of a scale-up domain
     * \return the bytes
     */
    double EstimateBytesPerIteration(uint32_t gpusPerServer) const;
};

} // namespace ns3

#endif /* TRAINING_CONFIG_H */
