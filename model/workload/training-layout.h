/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAINING_LAYOUT_H
#define TRAINING_LAYOUT_H

#include "training-config.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The parallel layout of a training job as a study asks for it (GPUs, parallel degrees,
 * batch, servers), checked and written into a TrainingConfig: the one place where examples
 * such as photonic-rails and training-iteration turn their options into a job.
 *
 * \code
 *   TrainingConfig config;
 *   TrainingJobHelper::Configure("gpt3-175b", "h200", config, error);
 *   TrainingLayout layout;
 *   layout.dp = 4; layout.pp = 4; layout.tp = 8; layout.batch = 256;   // gpus 0: 128
 *   std::string culprit;
 *   if (!layout.Apply(config, culprit, error)) { ... culprit names the field ... }
 *   layout.GetServers();   // 16 servers of tp = 8 GPUs
 * \endcode
 *
 * Apply() refuses, naming the field at fault (the examples' option of the same name): a batch
 * that is not a multiple of dp x microBatchSize (\c batch), a product dp x tp x pp above
 * maxGpus or different from gpus (\c gpus), more stages than layers (\c pp), an ep that does
 * not divide dp or a dense model with ep > 1 (\c ep), anything else TrainingConfig::Validate
 * refuses (\c model), and a server size that does not divide the GPUs (\c gpusPerServer).
 */
struct TrainingLayout
{
    uint32_t gpus{0};           //!< GPUs (0: dp x tp x pp); Apply() sets it
    uint32_t dp{1};             //!< Data-parallel degree
    uint32_t tp{1};             //!< Tensor-parallel degree
    uint32_t pp{1};             //!< Pipeline-parallel degree
    uint32_t ep{1};             //!< Expert-parallel degree (divides dp)
    uint32_t batch{0};          //!< Global batch, sequences per iteration (0: use microbatches)
    uint32_t microbatches{1};   //!< Micro-batches per iteration and replica (batch 0)
    uint32_t microBatchSize{1}; //!< Sequences per micro-batch
    uint32_t layers{0};         //!< Override of the model's layer count (0: the model's)
    uint32_t gpusPerServer{0};  //!< GPUs per server, a scale-up domain (0: tp); Apply() sets it
    uint32_t maxGpus{65536};    //!< Most GPUs that gpus = 0 may stand for

    /**
     * \brief Checks the layout against the model of \p config and writes it there: dp, tp,
     * pp, ep, microbatches (batch / (dp x microBatchSize) when a batch is given),
     * microBatchSize and the layer override; resolves gpus and gpusPerServer when 0.
     * \param [in,out] config A job whose model and GPU are set (other fields kept)
     * \param [out] culprit The field at fault
     * \param [out] error What is wrong
     * \return false on a refusal (then \p config may be partly written)
     */
    bool Apply(TrainingConfig& config, std::string& culprit, std::string& error);

    /// \return servers: gpus / gpusPerServer (after Apply())
    uint32_t GetServers() const;
};

} // namespace ns3

#endif /* TRAINING_LAYOUT_H */
