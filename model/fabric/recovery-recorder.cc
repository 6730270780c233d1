/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "recovery-recorder.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RecoveryRecorder");

uint32_t
RecoveryRecorder::Fill(Ptr<SliceScheduler> scheduler,
                       uint32_t racks,
                       const std::vector<std::array<uint32_t, 3>>& shapes)
{
    uint32_t tenants = 0;
    for (uint32_t r = 0; r < racks; ++r)
    {
        for (const auto& shape : shapes)
        {
            tenants += scheduler->Request(tenants + 1, shape) ? 1 : 0;
        }
    }
    return tenants;
}

std::string
RecoveryRecorder::CheckFilled(uint32_t placed,
                              uint32_t racks,
                              const std::vector<std::array<uint32_t, 3>>& shapes,
                              uint32_t rackAccelerators,
                              uint32_t spares)
{
    const uint64_t wanted = uint64_t{racks} * shapes.size();
    if (placed == wanted)
    {
        return "";
    }
    uint64_t asked = 0; // accelerators the slices of one rack ask for
    for (const auto& shape : shapes)
    {
        asked += uint64_t{shape[0]} * shape[1] * shape[2];
    }
    return "places " + std::to_string(placed) + " of the " + std::to_string(wanted) +
           " slices asked (" + std::to_string(shapes.size()) + " in each of " +
           std::to_string(racks) + " racks): the slices of one rack ask for " +
           std::to_string(asked) + " accelerators, a rack has " + std::to_string(rackAccelerators) +
           " of which " + std::to_string(spares) + " are spares (ask for fewer or smaller slices)";
}

uint32_t
RecoveryRecorder::MiddleAccelerator(const SliceLayout& layout)
{
    NS_ABORT_MSG_IF(layout.accelerators.empty(), "RecoveryRecorder: empty slice");
    return layout.accelerators[layout.accelerators.size() / 2];
}

std::vector<RecoveryRecorder::Phase>
RecoveryRecorder::Phases(const Recovery& rec, Time failedAt, Time migration)
{
    const double t0 = failedAt.GetSeconds();
    const double back = t0 + rec.downtime.GetSeconds();
    if (rec.rewire.IsStrictlyPositive())
    {
        const double end = t0 + rec.rewire.GetSeconds();
        return {Phase{"rewire", t0, end}, Phase{"resync", end, back}};
    }
    const double end = t0 + migration.GetSeconds();
    return {Phase{"migration", t0, end}, Phase{"resync", end, back}};
}

double
RecoveryRecorder::Coverage(const SliceScheduler::Stats& stats, bool sparesUsed)
{
    if (stats.failures == 0)
    {
        return sparesUsed ? 100.0 : 0.0;
    }
    return 100.0 * stats.covered / stats.failures;
}

void
RecoveryRecorder::Attach(Ptr<SliceScheduler> scheduler)
{
    scheduler->TraceConnectWithoutContext("Recovered",
                                          MakeCallback(&RecoveryRecorder::Recovered, this));
}

void
RecoveryRecorder::Recovered(uint64_t tenant, Time downtime, uint32_t blast, Time rewire)
{
    NS_LOG_FUNCTION(this << tenant << downtime << blast << rewire);
    m_last = Recovery{true, downtime, blast, rewire};
    m_downtimeS += downtime.GetSeconds();
    m_blast += blast;
    ++m_n;
}

const RecoveryRecorder::Recovery&
RecoveryRecorder::GetLast() const
{
    return m_last;
}

uint32_t
RecoveryRecorder::GetN() const
{
    return m_n;
}

double
RecoveryRecorder::GetMeanDowntimeS() const
{
    return m_n ? m_downtimeS / m_n : 0.0;
}

double
RecoveryRecorder::GetMeanBlast() const
{
    return m_n ? m_blast / m_n : 0.0;
}

} // namespace ns3
