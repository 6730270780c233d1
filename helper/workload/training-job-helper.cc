/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "training-job-helper.h"

#include "ns3/abort.h"
#include "ns3/collective-backend.h"

#include <iomanip>
#include <sstream>

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

std::string
TrainingJobHelper::DescribePacketWork(const TrainingConfig& config,
                                      Backend backend,
                                      uint32_t gpusPerServer,
                                      uint32_t iterations,
                                      uint32_t mtu)
{
    const BackendInfo& info = BackendRegistry::Get(backend);
    if (!info.Has(BackendFeature::PACKETS) || !info.packetCostUs || mtu == 0)
    {
        return "";
    }
    const double bytes = config.EstimateBytesPerIteration(gpusPerServer) * iterations;
    const double packets = bytes / mtu;
    if (packets < 1e6)
    {
        return "";
    }
    std::string hint;
    const double perPacketUs = info.packetCostUs(hint);
    std::ostringstream note;
    note << std::setprecision(3) << "at the packet level this job sends about " << bytes / 1e9
         << " GB over the scale-out network (" << packets << " packets of " << mtu << " B) in "
         << iterations << " iteration(s): roughly " << packets * perPacketUs * 1e-6 / 3600
         << " h of wall time at " << perPacketUs << " us per packet (the flow level runs it in "
         << "seconds" << (hint.empty() ? "" : "; " + hint) << ")";
    return note.str();
}

} // namespace ns3
