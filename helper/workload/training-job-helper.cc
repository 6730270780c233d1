/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-job-helper.h"

#include "ns3/abort.h"

namespace ns3
{

bool
TrainingJobHelper::Configure(const std::string& model,
                             const std::string& gpu,
                             TrainingConfig& config,
                             std::string& error)
{
    ModelSpec m;
    GpuSpec g;
    if (!ModelSpec::Lookup(model, m, error) || !GpuSpec::Lookup(gpu, g, error))
    {
        return false;
    }
    config.model = m;
    config.gpu = g;
    return true;
}

Ptr<TrainingJob>
TrainingJobHelper::Install(Ptr<CollectiveTransport> transport,
                           const TrainingConfig& config,
                           std::vector<uint32_t> ranks,
                           const std::string& name,
                           std::string* error) const
{
    if (ranks.empty())
    {
        for (uint32_t r = 0; r < config.GetNRanks(); ++r)
        {
            ranks.push_back(r);
        }
    }
    std::string problem = config.Validate(static_cast<uint32_t>(ranks.size()));
    if (problem.empty() && !transport)
    {
        problem = "no transport";
    }
    if (problem.empty())
    {
        for (uint32_t r : ranks)
        {
            if (r >= transport->GetNRanks())
            {
                problem = "rank " + std::to_string(r) + " is not a rank of the transport (it has " +
                          std::to_string(transport->GetNRanks()) + ")";
                break;
            }
        }
    }
    if (!problem.empty())
    {
        if (error)
        {
            *error = problem;
            return nullptr;
        }
        NS_FATAL_ERROR("TrainingJobHelper: job '" << name << "': " << problem);
    }
    Ptr<TrainingJob> job = CreateObject<TrainingJob>();
    job->Setup(config, transport, ranks, name);
    return job;
}

} // namespace ns3
