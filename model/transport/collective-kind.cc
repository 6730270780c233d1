/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-kind.h"

#include "ns3/optical-names.h"

namespace ns3
{

namespace
{
/**
 * \brief Reads a name for the deprecated string constructors.
 * \param [in] names The table
 * \param [in] name The name
 * \param [out] given \p name if unknown
 * \return the value, or 0xff if unknown
 */
uint8_t
ValueOf(const OpticalNames& names, const std::string& name, std::string& given)
{
    uint32_t index = 0;
    std::string error;
    if (names.Find(name, index, error))
    {
        return static_cast<uint8_t>(index);
    }
    given = name;
    return 0xff;
}
} // namespace

const OpticalNames&
CollectiveKind::GetNames()
{
    static const OpticalNames names("collective kind",
                                    {"allreduce",
                                     "reducescatter",
                                     "allgather",
                                     "alltoall",
                                     "broadcast",
                                     "sendrecv",
                                     "reduce",
                                     "gather",
                                     "scatter",
                                     "barrier"});
    return names;
}

CollectiveKind::CollectiveKind(const char* name)
    : m_value(static_cast<Value>(ValueOf(GetNames(), name ? name : "", m_given)))
{
}

CollectiveKind::CollectiveKind(const std::string& name)
    : m_value(static_cast<Value>(ValueOf(GetNames(), name, m_given)))
{
}

std::string
CollectiveKind::GetName() const
{
    return m_value == INVALID ? m_given : GetNames().GetName(m_value);
}

bool
CollectiveKind::IsValid() const
{
    return m_value != INVALID;
}

bool
CollectiveKind::FromName(const std::string& name, CollectiveKind& kind, std::string& error)
{
    uint32_t index = 0;
    if (!GetNames().Find(name, index, error))
    {
        return false;
    }
    kind = CollectiveKind(static_cast<Value>(index));
    return true;
}

const OpticalNames&
CollectiveAlgorithm::GetNames()
{
    static const OpticalNames names("collective algorithm",
                                    {"ring", "tree", "hd", "direct", "hierarchical"});
    return names;
}

CollectiveAlgorithm::CollectiveAlgorithm(const char* name)
    : m_value(static_cast<Value>(ValueOf(GetNames(), name ? name : "", m_given)))
{
}

CollectiveAlgorithm::CollectiveAlgorithm(const std::string& name)
    : m_value(static_cast<Value>(ValueOf(GetNames(), name, m_given)))
{
}

std::string
CollectiveAlgorithm::GetName() const
{
    return m_value == INVALID ? m_given : GetNames().GetName(m_value);
}

bool
CollectiveAlgorithm::IsValid() const
{
    return m_value != INVALID;
}

bool
CollectiveAlgorithm::FromName(const std::string& name,
                              CollectiveAlgorithm& algorithm,
                              std::string& error)
{
    uint32_t index = 0;
    if (!GetNames().Find(name, index, error))
    {
        return false;
    }
    algorithm = CollectiveAlgorithm(static_cast<Value>(index));
    return true;
}

} // namespace ns3
