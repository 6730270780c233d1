/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-layout-options.h"

namespace ns3
{

void
TrainingLayoutOptions::Add(OpticalExperiment& exp,
                           TrainingLayout& layout,
                           const TrainingLayoutOptions& which)
{
    exp.AddCount("gpus",
                 std::string("Number of GPUs (= dp x tp x pp") +
                     (which.minGpus == 0 ? "; 0: dp x tp x pp)" : ")"),
                 layout.gpus,
                 which.minGpus,
                 layout.maxGpus);
    exp.AddCount("dp", "Data-parallel degree", layout.dp, 1, layout.maxGpus);
    exp.AddCount("tp",
                 "Tensor-parallel degree (inside a server's scale-up domain)",
                 layout.tp,
                 1,
                 1024);
    exp.AddCount("pp", "Pipeline-parallel degree (at most the model's layers)", layout.pp, 1, 1024);
    if (which.ep)
    {
        exp.AddCount("ep",
                     "Expert-parallel degree (MoE models; divides dp)",
                     layout.ep,
                     1,
                     layout.maxGpus);
    }
    if (which.batch)
    {
        exp.AddCount("batch",
                     "Global batch (sequences per iteration, a multiple of dp x microBatchSize)",
                     layout.batch,
                     1,
                     1048576);
    }
    else
    {
        exp.AddCount("microbatches",
                     "Micro-batches per iteration and replica",
                     layout.microbatches,
                     1,
                     65536);
    }
    exp.AddCount("microBatchSize", "Sequences per micro-batch", layout.microBatchSize, 1, 4096);
    if (which.layers)
    {
        exp.AddCount("layers",
                     "Override the model's layer count (0: the model's; for quick runs)",
                     layout.layers,
                     0,
                     10000);
    }
    exp.AddCount("gpusPerServer",
                 "GPUs per server sharing a scale-up domain, i.e. rails of a rail fabric (0: "
                 "tp; divides gpus)",
                 layout.gpusPerServer,
                 0,
                 1024);
}

} // namespace ns3
