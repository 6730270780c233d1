/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRAINING_LAYOUT_OPTIONS_H
#define TRAINING_LAYOUT_OPTIONS_H

#include "ns3/optical-experiment.h"
#include "ns3/training-layout.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Declares the options of a training job's parallel layout on an experiment, bound to
 * the fields of a TrainingLayout (their values before the call are the defaults): --gpus,
 * --dp, --tp, --pp, [--ep], --batch or --microbatches, --microBatchSize, [--layers] and
 * --gpusPerServer. After Parse(), TrainingLayout::Apply() checks them (the culprit it names is
 * the option).
 *
 * \code
 *   TrainingLayout layout;
 *   layout.dp = 4; layout.pp = 4; layout.tp = 8; layout.batch = 256;
 *   TrainingLayoutOptions which;
 *   which.batch = true;
 *   TrainingLayoutOptions::Add(exp, layout, which);
 *   exp.Parse(argc, argv);
 *   exp.Require(layout.Apply(config, culprit, error), culprit, error);
 * \endcode
 */
struct TrainingLayoutOptions
{
    bool ep{false};      //!< Declare --ep (expert parallelism)
    bool batch{false};   //!< --batch (a global batch) instead of --microbatches
    bool layers{false};  //!< Declare --layers (override of the model's layer count)
    uint32_t minGpus{1}; //!< Smallest --gpus (0: it may stand for dp x tp x pp)

    /**
     * \brief Declares the options (--gpus, --dp and --ep up to layout.maxGpus).
     * \param [in,out] exp The experiment (before Parse())
     * \param [in,out] layout The fields bound (they must outlive Parse())
     * \param [in] which Which options
     */
    static void Add(OpticalExperiment& exp,
                    TrainingLayout& layout,
                    const TrainingLayoutOptions& which);
};

} // namespace ns3

#endif /* TRAINING_LAYOUT_OPTIONS_H */
