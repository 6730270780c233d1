/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MZI_MESH_DETAIL_H
#define MZI_MESH_DETAIL_H

// Private to MziMesh's source files (not installed): what its decompositions (mzi-mesh.cc) and
// its graph functions (mzi-mesh-graph.cc) share.

#include "ns3/log.h"

namespace ns3
{
namespace mzimeshdetail
{

/**
 * \brief The log component "MziMesh" (defined in mzi-mesh.cc), which the graph functions' source
 * logs to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& MeshLog();

/// Largest |M^H M - I| entry Decompose accepts (the header's documented 1e-8).
constexpr double kUnitaryTolerance = 1e-8;

/**
 * \brief An angle wrapped into [0, 2 pi).
 * \param [in] a The angle (rad)
 * \return the wrapped angle
 */
double Wrap(double a);

} // namespace mzimeshdetail
} // namespace ns3

#endif /* MZI_MESH_DETAIL_H */
