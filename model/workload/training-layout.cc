/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-layout.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TrainingLayout");

namespace
{
/// Sets the culprit and the error; \return false
bool
Refuse(const std::string& field,
       const std::string& message,
       std::string& culprit,
       std::string& error)
{
    culprit = field;
    error = message;
    return false;
}
} // namespace

bool
TrainingLayout::Apply(TrainingConfig& config, std::string& culprit, std::string& error)
{
    if (layers > 0)
    {
        config.model.layers = layers;
    }
    config.dp = dp;
    config.tp = tp;
    config.pp = pp;
    config.ep = ep;
    config.microBatchSize = microBatchSize;
    config.microbatches = microbatches;
    if (batch > 0)
    {
        const uint64_t perStep = static_cast<uint64_t>(dp) * microBatchSize;
        if (perStep == 0 || batch % perStep != 0)
        {
            return Refuse("batch",
                          "must be a multiple of dp x microBatchSize = " + std::to_string(perStep),
                          culprit,
                          error);
        }
        config.microbatches = static_cast<uint32_t>(batch / perStep);
    }
    const uint64_t ranks = static_cast<uint64_t>(dp) * tp * pp;
    if (gpus == 0)
    {
        if (ranks > maxGpus)
        {
            return Refuse("gpus",
                          "dp x tp x pp = " + std::to_string(ranks) + " is more than " +
                              std::to_string(maxGpus) + " GPUs",
                          culprit,
                          error);
        }
        gpus = static_cast<uint32_t>(ranks);
    }
    if (ranks != gpus)
    {
        return Refuse("gpus",
                      "must be dp x tp x pp = " + std::to_string(dp) + " x " + std::to_string(tp) +
                          " x " + std::to_string(pp) + " = " + std::to_string(ranks),
                      culprit,
                      error);
    }
    if (pp > config.model.layers)
    {
        return Refuse("pp",
                      "a pipeline stage needs a layer: at most " +
                          std::to_string(config.model.layers) + " stages for model '" +
                          config.model.name + "'" + (layers > 0 ? " of --layers" : ""),
                      culprit,
                      error);
    }
    if (ep == 0 || dp % ep != 0)
    {
        return Refuse("ep", "must divide --dp=" + std::to_string(dp), culprit, error);
    }
    if (ep > 1 && config.model.experts == 0)
    {
        return Refuse("ep",
                      "expert parallelism needs a MoE model ('" + config.model.name + "' is dense)",
                      culprit,
                      error);
    }
    const std::string problem = config.Validate(gpus);
    if (!problem.empty())
    {
        return Refuse("model", problem, culprit, error);
    }
    if (gpusPerServer == 0)
    {
        gpusPerServer = tp;
    }
    if (gpus % gpusPerServer != 0)
    {
        return Refuse("gpusPerServer",
                      std::to_string(gpusPerServer) +
                          " GPUs per server must divide --gpus=" + std::to_string(gpus),
                      culprit,
                      error);
    }
    NS_LOG_DEBUG("layout: " << gpus << " GPUs, dp " << dp << " tp " << tp << " pp " << pp << " ep "
                            << ep << ", " << config.microbatches << " micro-batches, "
                            << GetServers() << " servers of " << gpusPerServer);
    return true;
}

uint32_t
TrainingLayout::GetServers() const
{
    return gpusPerServer ? gpus / gpusPerServer : 0;
}

} // namespace ns3
