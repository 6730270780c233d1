/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_TORUS_TEST_HELPERS_H
#define OPTICAL_TORUS_TEST_HELPERS_H

// The datacenter the fabric test suites share.

#include "ns3/abort.h"
#include "ns3/nstime.h"
#include "ns3/torus-datacenter-helper.h"
#include "ns3/torus-geometry.h"

namespace ns3
{
namespace optical
{
namespace test
{

/// \return racks of 4x4x4 accelerators in servers of 2x2x1 (TPUv4-like)
inline TorusGeometry
Tpu(uint32_t racks = 1)
{
    TorusGeometry g;
    std::string error;
    NS_ABORT_MSG_IF(!g.Configure(racks, {4, 4, 4}, {2, 2, 1}, error), error);
    return g;
}

/// \return the fabrics of a datacenter, MZI meshes (1.1 s)
inline Ptr<TorusFabric>
Fabric(const TorusGeometry& g)
{
    TorusDatacenterHelper dc;
    dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(Seconds(1.1)));
    return dc.Create(g);
}

} // namespace test
} // namespace optical
} // namespace ns3

#endif /* OPTICAL_TORUS_TEST_HELPERS_H */
