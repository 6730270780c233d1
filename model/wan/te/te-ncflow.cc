/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// STUB (replaced by the NCFlow implementation)
#include "te-ncflow.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeNcflowMethod");
NS_OBJECT_ENSURE_REGISTERED(TeNcflowMethod);

TypeId
TeNcflowMethod::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TeNcflowMethod")
                            .SetParent<TeMethod>()
                            .SetGroupName("Optical")
                            .AddConstructor<TeNcflowMethod>();
    return tid;
}

std::string
TeNcflowMethod::GetName() const
{
    return "ncflow";
}

std::vector<uint32_t>
TeNcflowMethod::Cluster(const TeGraph& g, uint32_t k, uint64_t seed)
{
    return std::vector<uint32_t>(g.nodes, 0);
}

uint32_t
TeNcflowMethod::GetNClusters() const
{
    return m_lastClusters;
}

bool
TeNcflowMethod::DoAllocate(const TeGraph& g,
                           const TeSolver::Problem& p,
                           TeSolver::Solution& out,
                           std::string& error)
{
    return TeSolver::Solve(g, p, out, error);
}

} // namespace ns3
