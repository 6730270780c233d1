/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_EXPERIMENT_DETAIL_H
#define OPTICAL_EXPERIMENT_DETAIL_H

// Private to OpticalExperiment's source files (not installed): what its lifecycle
// (optical-experiment.cc), its typed options (optical-experiment-options.cc), its argument
// pre-check (optical-experiment-parse.cc) and its signal watcher (optical-experiment-signals.cc)
// share.

#include "optical-experiment.h"

#include "ns3/log.h"

#include <mutex>

namespace ns3
{
namespace opticalexperimentdetail
{

/**
 * \brief The log component "OpticalExperiment" (defined in optical-experiment.cc), which the
 * experiment's other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& ExperimentLog();

/**
 * \brief Whether a file may be written at \p path: not a directory, in an existing writable
 * directory.
 * \param [in] path A path
 * \param [out] error Why not
 * \return true if it may
 */
bool CheckWritableFile(const std::string& path, std::string& error);

/**
 * \brief Whether a directory can be written: it exists and is writable, or its parent does
 * (it is then made).
 * \param [in] path The path
 * \param [out] error Why not
 * \return true if it can
 */
bool CheckWritableDirectory(const std::string& path, std::string& error);

/// The experiment whose run the signal watcher marks (one per process); under g_activeMutex.
extern OpticalExperiment* g_active;

/// Guards g_active and the end of a run (Finish, Fail) against the signal watcher.
extern std::mutex g_activeMutex;

} // namespace opticalexperimentdetail
} // namespace ns3

#endif /* OPTICAL_EXPERIMENT_DETAIL_H */
