/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCALE_OUT_FABRIC_OPTIONS_H
#define SCALE_OUT_FABRIC_OPTIONS_H

#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/optical-experiment.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The scale-out fabric of a program's GPUs as options: --topology (star, fat-tree,
 * rail), --linkRate and --linkDelay, checked before the run and built with
 * ScaleOutTopologyHelper (9000-byte MTU). training-iteration and chakra-replay declare it.
 */
struct ScaleOutFabricOptions
{
    std::string topology{"star"}; //!< --topology
    DataRate rate{"400Gbps"};     //!< --linkRate: each scale-out NIC
    Time delay{MicroSeconds(1)};  //!< --linkDelay: each link

    /// \brief Declares the options, bound to this (which must outlive Parse()).
    /// \param [in,out] exp The experiment (before Parse())
    void Add(OpticalExperiment& exp);

    /**
     * \brief Checks that the fabric holds \p gpus GPUs, \p gpusPerServer a server (refusing
     * --topology through Require otherwise, before Start()), and builds it on \p nodes.
     * \param [in,out] exp The experiment
     * \param [in] nodes One node per GPU
     * \param [in] gpusPerServer GPUs per server (sharing a scale-up domain)
     * \param [in] what Prefix of a refusal (e.g. "the trace has 8 ranks: "), may be empty
     */
    void Build(OpticalExperiment& exp,
               NodeContainer nodes,
               uint32_t gpusPerServer,
               const std::string& what = "") const;
};

} // namespace ns3

#endif /* SCALE_OUT_FABRIC_OPTIONS_H */
