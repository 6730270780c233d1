/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-allocator.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

SliceAllocator::SliceAllocator(const TorusGeometry& geometry)
    : m_geometry(geometry),
      m_owner(geometry.GetNAccelerators(), FREE)
{
}

std::string
SliceAllocator::CheckShapes(const std::vector<std::array<uint32_t, 3>>& shapes) const
{
    for (const auto& shape : shapes)
    {
        const std::string problem = CheckShape(shape);
        if (!problem.empty())
        {
            return problem;
        }
    }
    return "";
}

std::string
SliceAllocator::CheckShape(const std::array<uint32_t, 3>& shape) const
{
    const auto& rack = m_geometry.GetRackShape();
    const auto& server = m_geometry.GetServerShape();
    const std::string text =
        std::to_string(shape[0]) + "x" + std::to_string(shape[1]) + "x" + std::to_string(shape[2]);
    for (int d = 0; d < 3; ++d)
    {
        if (shape[d] == 0 || shape[d] > rack[d])
        {
            return "slice shape " + text + " does not fit a rack of " + std::to_string(rack[0]) +
                   "x" + std::to_string(rack[1]) + "x" + std::to_string(rack[2]);
        }
        if (shape[d] % server[d] != 0)
        {
            return "slice shape " + text + " is not made of whole servers of " +
                   std::to_string(server[0]) + "x" + std::to_string(server[1]) + "x" +
                   std::to_string(server[2]);
        }
    }
    return "";
}

bool
SliceAllocator::AllocateContiguous(uint64_t tenant,
                                   const std::array<uint32_t, 3>& shape,
                                   Placement& placement)
{
    const std::string problem = CheckShape(shape);
    NS_ABORT_MSG_IF(!problem.empty(), "SliceAllocator: " << problem);
    const auto& rack = m_geometry.GetRackShape();
    const auto& server = m_geometry.GetServerShape();
    const std::array<uint32_t, 3> units{rack[0] / server[0],
                                        rack[1] / server[1],
                                        rack[2] / server[2]};
    const std::array<uint32_t, 3> need{shape[0] / server[0],
                                       shape[1] / server[1],
                                       shape[2] / server[2]};
    const std::vector<uint32_t> free = GetFreeServers();
    std::vector<bool> isFree(m_geometry.GetNServers(), false);
    for (uint32_t s : free)
    {
        isFree[s] = true;
    }
    for (uint32_t r = 0; r < m_geometry.GetNRacks(); ++r)
    {
        for (uint32_t oz = 0; oz < units[2]; ++oz)
        {
            for (uint32_t oy = 0; oy < units[1]; ++oy)
            {
                for (uint32_t ox = 0; ox < units[0]; ++ox)
                {
                    std::vector<uint32_t> slots;
                    bool fits = true;
                    for (uint32_t k = 0; fits && k < need[2]; ++k)
                    {
                        for (uint32_t j = 0; fits && j < need[1]; ++j)
                        {
                            for (uint32_t i = 0; fits && i < need[0]; ++i)
                            {
                                const uint32_t s = m_geometry.GetServerAt(
                                    r,
                                    TorusGeometry::Coord{(ox + i) % units[0],
                                                         (oy + j) % units[1],
                                                         (oz + k) % units[2]});
                                fits = isFree[s];
                                slots.push_back(s);
                            }
                        }
                    }
                    if (fits)
                    {
                        placement = Placement{tenant, shape, r, slots};
                        Commit(placement);
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

void
SliceAllocator::Commit(const Placement& placement)
{
    for (const auto& p : m_placements)
    {
        NS_ABORT_MSG_IF(p.tenant == placement.tenant,
                        "SliceAllocator: tenant " << placement.tenant << " already holds a slice");
    }
    for (uint32_t s : placement.servers)
    {
        for (uint32_t a : m_geometry.GetServerAccelerators(s))
        {
            NS_ABORT_MSG_IF(m_owner[a] != FREE,
                            "SliceAllocator: server " << s << " of tenant " << placement.tenant
                                                      << " is not free (accelerator " << a
                                                      << " is held by " << m_owner[a] << ")");
        }
    }
    for (uint32_t s : placement.servers)
    {
        for (uint32_t a : m_geometry.GetServerAccelerators(s))
        {
            m_owner[a] = static_cast<int64_t>(placement.tenant);
        }
    }
    m_placements.push_back(placement);
}

bool
SliceAllocator::Release(uint64_t tenant)
{
    auto it = std::find_if(m_placements.begin(), m_placements.end(), [tenant](const Placement& p) {
        return p.tenant == tenant;
    });
    if (it == m_placements.end())
    {
        return false;
    }
    for (auto& owner : m_owner)
    {
        if (owner == static_cast<int64_t>(tenant))
        {
            owner = FREE;
        }
    }
    m_placements.erase(it);
    return true;
}

int64_t
SliceAllocator::SetFailed(uint32_t accelerator, bool failed)
{
    NS_ABORT_MSG_IF(accelerator >= m_owner.size(),
                    "SliceAllocator: no accelerator " << accelerator);
    const int64_t before = m_owner[accelerator];
    m_owner[accelerator] = failed ? FAILED : FREE;
    return before;
}

void
SliceAllocator::Reassign(uint32_t accelerator, int64_t owner)
{
    NS_ABORT_MSG_IF(accelerator >= m_owner.size(),
                    "SliceAllocator: no accelerator " << accelerator);
    NS_ABORT_MSG_IF(owner < FREE, "SliceAllocator: owner " << owner << " (a tenant or FREE)");
    m_owner[accelerator] = owner;
}

int64_t
SliceAllocator::GetOwner(uint32_t accelerator) const
{
    NS_ABORT_MSG_IF(accelerator >= m_owner.size(),
                    "SliceAllocator: no accelerator " << accelerator);
    return m_owner[accelerator];
}

std::vector<uint32_t>
SliceAllocator::GetFreeServers() const
{
    std::vector<uint32_t> out;
    for (uint32_t r = 0; r < m_geometry.GetNRacks(); ++r)
    {
        const auto rack = GetFreeServers(r);
        out.insert(out.end(), rack.begin(), rack.end());
    }
    return out;
}

std::vector<uint32_t>
SliceAllocator::GetFreeServers(uint32_t rack) const
{
    std::vector<uint32_t> out;
    const uint32_t per = m_geometry.GetServersPerRack();
    for (uint32_t s = rack * per; s < (rack + 1) * per; ++s)
    {
        const auto acc = m_geometry.GetServerAccelerators(s);
        if (std::all_of(acc.begin(), acc.end(), [this](uint32_t a) { return m_owner[a] == FREE; }))
        {
            out.push_back(s);
        }
    }
    return out;
}

const std::vector<SliceAllocator::Placement>&
SliceAllocator::GetPlacements() const
{
    return m_placements;
}

std::array<uint32_t, 3>
SliceAllocator::Count() const
{
    std::array<uint32_t, 3> c{0, 0, 0};
    for (int64_t owner : m_owner)
    {
        ++c[owner >= 0 ? 0 : (owner == FREE ? 1 : 2)];
    }
    return c;
}

const TorusGeometry&
SliceAllocator::GetGeometry() const
{
    return m_geometry;
}

} // namespace ns3
