/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAINING_JOB_HELPER_H
#define TRAINING_JOB_HELPER_H

#include "ns3/collective-backend.h"
#include "ns3/collective-transport.h"
#include "ns3/training-job.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Installs training jobs onto a transport's ranks.
 *
 * \code
 *   TrainingConfig config;
 *   std::string error;
 *   TrainingJobHelper::Configure("gpt3-175b", "h200", config, error);   // data/ tables
 *   config.dp = 4; config.tp = 8; config.pp = 4; config.microbatches = 16;
 *   Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, config, {}, "job0", &error);
 *   Simulator::Schedule(MilliSeconds(10), [job]() { job->Start(1); });
 * \endcode
 */
class TrainingJobHelper
{
  public:
    /**
     * \brief Fills the model and GPU of a configuration from data/models.csv and
     * data/gpu-types.csv.
     * \param [in] model Model name
     * \param [in] gpu GPU type name
     * \param [in,out] config The configuration (unchanged on failure)
     * \param [out] error What is wrong (unknown names list the known ones)
     * \return true on success
     */
    static bool Configure(const std::string& model,
                          const std::string& gpu,
                          TrainingConfig& config,
                          std::string& error);

    /**
     * \brief Sizes a job's run on a backend before it starts, for OpticalExperiment::Note:
     * on a backend that simulates packets, the bytes its iterations send
     * (TrainingConfig::EstimateBytesPerIteration) and the packets of \p mtu bytes they make,
     * with the wall time that costs at about 50 us per packet (measured, issue #42); empty on
     * other backends or below a million packets.
     * \param [in] config The job
     * \param [in] backend The backend
     * \param [in] gpusPerServer GPUs of a scale-up domain (its traffic is not packets)
     * \param [in] iterations Iterations run
     * \param [in] mtu Bytes per packet
     * \return the note, or empty
     */
    static std::string DescribePacketWork(const TrainingConfig& config,
                                          Backend backend,
                                          uint32_t gpusPerServer,
                                          uint32_t iterations,
                                          uint32_t mtu = 9000);

    /**
     * \brief Creates a job on a transport.
     * \param [in] transport Transport
     * \param [in] config The job
     * \param [in] ranks Transport rank of each job rank (empty: 0..DPxTPxPP-1)
     * \param [in] name Job name
     * \param [out] error If not null, receives why the job was rejected; if null, a rejection
     * is fatal
     * \return the job, or nullptr
     */
    Ptr<TrainingJob> Install(Ptr<CollectiveTransport> transport,
                             const TrainingConfig& config,
                             std::vector<uint32_t> ranks = {},
                             const std::string& name = "job",
                             std::string* error = nullptr) const;
};

} // namespace ns3

#endif /* TRAINING_JOB_HELPER_H */
