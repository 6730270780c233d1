/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-layout.h"

#include "ns3/abort.h"

namespace ns3
{

SliceLayout
SliceLayout::FromPlacement(const TorusGeometry& geometry,
                           const SliceAllocator::Placement& placement)
{
    const auto& server = geometry.GetServerShape();
    const std::array<uint32_t, 3> slots{placement.shape[0] / server[0],
                                        placement.shape[1] / server[1],
                                        placement.shape[2] / server[2]};
    NS_ABORT_MSG_IF(placement.servers.size() != slots[0] * slots[1] * slots[2],
                    "SliceLayout: placement of tenant " << placement.tenant << " has "
                                                        << placement.servers.size()
                                                        << " servers for its shape");
    SliceLayout layout;
    layout.tenant = placement.tenant;
    layout.shape = placement.shape;
    layout.accelerators.assign(placement.shape[0] * placement.shape[1] * placement.shape[2], 0);
    for (uint32_t j = 0; j < placement.servers.size(); ++j)
    {
        const uint32_t si = j % slots[0];
        const uint32_t sj = (j / slots[0]) % slots[1];
        const uint32_t sk = j / (slots[0] * slots[1]);
        const std::vector<uint32_t> acc = geometry.GetServerAccelerators(placement.servers[j]);
        for (uint32_t l = 0; l < acc.size(); ++l)
        {
            const uint32_t lx = l % server[0];
            const uint32_t ly = (l / server[0]) % server[1];
            const uint32_t lz = l / (server[0] * server[1]);
            layout.accelerators[layout.Index(
                {si * server[0] + lx, sj * server[1] + ly, sk * server[2] + lz})] = acc[l];
        }
    }
    return layout;
}

std::array<uint32_t, 3>
SliceLayout::Position(uint32_t i) const
{
    return {i % shape[0], (i / shape[0]) % shape[1], i / (shape[0] * shape[1])};
}

uint32_t
SliceLayout::Index(const std::array<uint32_t, 3>& position) const
{
    return position[0] + shape[0] * (position[1] + shape[1] * position[2]);
}

} // namespace ns3
