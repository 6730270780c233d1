/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "kv-block-manager.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

KvBlockManager::KvBlockManager(uint64_t capacityBlocks, uint32_t blockTokens)
    : m_capacity(capacityBlocks),
      m_blockTokens(blockTokens)
{
    NS_ABORT_MSG_IF(blockTokens == 0, "KvBlockManager: a block must hold at least one token");
}

uint64_t
KvBlockManager::GetCapacity() const
{
    return m_capacity;
}

uint32_t
KvBlockManager::GetBlockTokens() const
{
    return m_blockTokens;
}

uint64_t
KvBlockManager::GetUsed() const
{
    return m_used;
}

uint64_t
KvBlockManager::GetFree() const
{
    return m_capacity - m_used;
}

uint64_t
KvBlockManager::GetPeakUsed() const
{
    return m_peak;
}

uint64_t
KvBlockManager::BlocksFor(uint64_t tokens) const
{
    return (tokens + m_blockTokens - 1) / m_blockTokens;
}

bool
KvBlockManager::Allocate(uint64_t blocks)
{
    if (blocks > GetFree())
    {
        return false;
    }
    m_used += blocks;
    m_peak = std::max(m_peak, m_used);
    return true;
}

void
KvBlockManager::Release(uint64_t blocks)
{
    NS_ABORT_MSG_IF(blocks > m_used,
                    "KvBlockManager: releasing " << blocks << " blocks of " << m_used << " in use");
    m_used -= blocks;
}

InferenceMemoryPool::InferenceMemoryPool(std::string name, double capacityBytes)
    : m_name(std::move(name)),
      m_capacity(capacityBytes)
{
}

const std::string&
InferenceMemoryPool::GetName() const
{
    return m_name;
}

double
InferenceMemoryPool::GetCapacity() const
{
    return m_capacity;
}

double
InferenceMemoryPool::GetUsed() const
{
    return m_used;
}

double
InferenceMemoryPool::GetPeakUsed() const
{
    return m_peak;
}

bool
InferenceMemoryPool::Reserve(double bytes)
{
    if (m_used + bytes > m_capacity)
    {
        return false;
    }
    m_used += bytes;
    m_peak = std::max(m_peak, m_used);
    return true;
}

void
InferenceMemoryPool::Free(double bytes)
{
    NS_ABORT_MSG_IF(bytes > m_used * (1 + 1e-12) + 1e-6,
                    "InferenceMemoryPool " << m_name << ": freeing " << bytes << " bytes of "
                                           << m_used << " held");
    m_used = std::max(0.0, m_used - bytes);
}

} // namespace ns3
