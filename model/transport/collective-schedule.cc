/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-schedule.h"

#include "ns3/abort.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

CollectiveSchedule::CollectiveSchedule(const std::string& kind,
                                       const std::string& algorithm,
                                       uint32_t nRanks,
                                       uint64_t bytes)
    : m_kind(kind),
      m_algorithm(algorithm),
      m_nRanks(nRanks),
      m_bytes(bytes)
{
}

uint32_t
CollectiveSchedule::AddOp(uint32_t src, uint32_t dst, uint64_t bytes, std::vector<uint32_t> deps)
{
    m_ops.push_back({src, dst, bytes, std::move(deps)});
    m_dependentsValid = false;
    return static_cast<uint32_t>(m_ops.size() - 1);
}

void
CollectiveSchedule::AppendSequential(const CollectiveSchedule& sub,
                                     const std::vector<uint32_t>& rankMap)
{
    NS_ABORT_MSG_IF(rankMap.size() != sub.GetNRanks(),
                    "CollectiveSchedule::AppendSequential: rank map of "
                        << rankMap.size() << " entries for " << sub.GetNRanks() << " ranks");
    // The ops of this schedule that each rank took part in (sent or received).
    std::vector<std::vector<uint32_t>> touched(m_nRanks);
    for (uint32_t i = 0; i < m_ops.size(); ++i)
    {
        touched[m_ops[i].src].push_back(i);
        touched[m_ops[i].dst].push_back(i);
    }
    const auto offset = static_cast<uint32_t>(m_ops.size());
    for (const auto& op : sub.GetOps())
    {
        std::vector<uint32_t> deps;
        for (uint32_t d : op.deps)
        {
            deps.push_back(d + offset);
        }
        const uint32_t src = rankMap[op.src];
        if (op.deps.empty())
        {
            // First ops of the sub-schedule at this rank: wait for the rank's earlier work.
            deps.insert(deps.end(), touched[src].begin(), touched[src].end());
        }
        AddOp(src, rankMap[op.dst], op.bytes, deps);
    }
}

uint32_t
CollectiveSchedule::RemoveEmptyOps()
{
    // Ops are in topological order: one pass maps each op to the kept ops it stands for
    // (itself if kept; the union of what its dependencies stand for if removed).
    std::vector<std::vector<uint32_t>> standsFor(m_ops.size());
    std::vector<CollectiveOp> kept;
    for (uint32_t i = 0; i < m_ops.size(); ++i)
    {
        std::vector<uint32_t> deps;
        for (uint32_t d : m_ops[i].deps)
        {
            deps.insert(deps.end(), standsFor[d].begin(), standsFor[d].end());
        }
        std::sort(deps.begin(), deps.end());
        deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
        if (m_ops[i].bytes == 0)
        {
            standsFor[i] = std::move(deps);
            continue;
        }
        standsFor[i] = {static_cast<uint32_t>(kept.size())};
        kept.push_back({m_ops[i].src, m_ops[i].dst, m_ops[i].bytes, std::move(deps)});
    }
    const auto removed = static_cast<uint32_t>(m_ops.size() - kept.size());
    m_ops = std::move(kept);
    m_dependentsValid = false;
    return removed;
}

const std::vector<CollectiveOp>&
CollectiveSchedule::GetOps() const
{
    return m_ops;
}

uint32_t
CollectiveSchedule::GetNRanks() const
{
    return m_nRanks;
}

uint64_t
CollectiveSchedule::GetBytes() const
{
    return m_bytes;
}

const std::string&
CollectiveSchedule::GetKind() const
{
    return m_kind;
}

const std::string&
CollectiveSchedule::GetAlgorithm() const
{
    return m_algorithm;
}

uint64_t
CollectiveSchedule::GetBytesSentBy(uint32_t rank) const
{
    uint64_t total = 0;
    for (const auto& op : m_ops)
    {
        total += op.src == rank ? op.bytes : 0;
    }
    return total;
}

uint64_t
CollectiveSchedule::GetTotalBytes() const
{
    uint64_t total = 0;
    for (const auto& op : m_ops)
    {
        total += op.bytes;
    }
    return total;
}

std::string
CollectiveSchedule::Validate() const
{
    for (uint32_t i = 0; i < m_ops.size(); ++i)
    {
        const CollectiveOp& op = m_ops[i];
        std::ostringstream err;
        if (op.src >= m_nRanks || op.dst >= m_nRanks)
        {
            err << "op " << i << " uses rank " << std::max(op.src, op.dst) << " of a group of "
                << m_nRanks;
            return err.str();
        }
        if (op.src == op.dst)
        {
            err << "op " << i << " sends from rank " << op.src << " to itself";
            return err.str();
        }
        for (uint32_t d : op.deps)
        {
            if (d >= i)
            {
                err << "op " << i << " depends on op " << d << ", which does not come before it";
                return err.str();
            }
        }
    }
    return "";
}

const std::vector<std::vector<uint32_t>>&
CollectiveSchedule::GetDependents() const
{
    if (!m_dependentsValid)
    {
        m_dependents.assign(m_ops.size(), {});
        for (uint32_t i = 0; i < m_ops.size(); ++i)
        {
            for (uint32_t d : m_ops[i].deps)
            {
                m_dependents[d].push_back(i);
            }
        }
        m_dependentsValid = true;
    }
    return m_dependents;
}

double
CollectiveSchedule::GetBusBandwidthFactor() const
{
    const double n = m_nRanks;
    if (m_kind == "allreduce")
    {
        return 2 * (n - 1) / n;
    }
    if (m_kind == "allgather" || m_kind == "reducescatter" || m_kind == "alltoall")
    {
        return (n - 1) / n;
    }
    return 1.0;
}

} // namespace ns3
