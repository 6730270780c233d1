/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_COMPILE_RECORDER_H
#define PHOTONIC_COMPILE_RECORDER_H

#include "photonic-compile-study.h"

#include "ns3/results-store.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Records a photonic-compile run in the results store: the compilation
 * (ev_photonic_compile) and every input-output pair with its loss (ev_photonic_pairs).
 */
class PhotonicCompileRecorder
{
  public:
    /**
     * \param [in] store The store (nullptr: record nothing)
     * \param [in] runId The run
     */
    PhotonicCompileRecorder(ResultsStore* store, int64_t runId);

    /**
     * \brief Records a compilation.
     * \param [in] config What was compiled
     * \param [in] outcome What the study found
     */
    void Write(const PhotonicCompileConfig& config, const PhotonicCompileOutcome& outcome);

  private:
    ResultsStore* m_store; //!< Store or nullptr
    int64_t m_runId;       //!< Run
};

} // namespace ns3

#endif /* PHOTONIC_COMPILE_RECORDER_H */
