/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-compile-recorder.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

PhotonicCompileRecorder::PhotonicCompileRecorder(ResultsStore* store, int64_t runId)
    : m_store(store),
      m_runId(runId)
{
}

void
PhotonicCompileRecorder::Write(const PhotonicCompileConfig& config,
                               const PhotonicCompileOutcome& outcome)
{
    if (!m_store)
    {
        return;
    }
    const PhotonicCompilation& c = outcome.compilation;
    const std::vector<PhotonicElement>& elements = outcome.target.GetElements();
    const double elementLoss = elements.empty() ? 0 : elements.front().lossDb;
    uint32_t programPorts = 0;
    for (const PhotonicCompiledSlot& slot : c.slots)
    {
        for (const PhotonicPair& p : slot.pairs)
        {
            programPorts = std::max({programPorts, p.input + 1, p.output + 1});
        }
    }
    m_store->CreateEventTable("photonic_compile");
    m_store->AddEvent("photonic_compile",
                      m_runId,
                      {outcome.target.GetName(),
                       outcome.target.GetStyle(),
                       static_cast<int64_t>(elements.size()),
                       static_cast<int64_t>(programPorts),
                       static_cast<int64_t>(c.pairs),
                       static_cast<int64_t>(c.slots.size()),
                       c.slots.empty() ? config.algorithm : c.slots.front().embedding.algorithm,
                       c.seconds,
                       c.maxPathLossDb,
                       c.meanPathLossDb,
                       outcome.hasBaseline && outcome.baselineOk ? outcome.baselineMaxLossDb : -1.0,
                       outcome.analog ? outcome.fidelity : -1.0,
                       elementLoss,
                       static_cast<int64_t>(outcome.elementsChanged)});
    m_store->CreateEventTable("photonic_pairs");
    for (std::size_t s = 0; s < c.slots.size(); ++s)
    {
        for (const PhotonicPair& p : c.slots[s].pairs)
        {
            m_store->AddEvent("photonic_pairs",
                              m_runId,
                              {static_cast<int64_t>(s),
                               static_cast<int64_t>(p.input),
                               static_cast<int64_t>(p.output),
                               p.lossDb});
        }
    }
}

} // namespace ns3
