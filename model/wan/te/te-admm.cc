/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// STUB (replaced by the ADMM implementation)
#include "te-admm.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeAdmmMethod");
NS_OBJECT_ENSURE_REGISTERED(TeAdmmMethod);

struct TeAdmmMethod::State
{
};

TypeId
TeAdmmMethod::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TeAdmmMethod")
                            .SetParent<TeMethod>()
                            .SetGroupName("Optical")
                            .AddConstructor<TeAdmmMethod>()
                            .AddAttribute("MaxIterations",
                                          "Iteration limit",
                                          UintegerValue(200),
                                          MakeUintegerAccessor(&TeAdmmMethod::m_maxIterations),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

TeAdmmMethod::TeAdmmMethod() = default;

TeAdmmMethod::~TeAdmmMethod()
{
    delete m_state;
}

std::string
TeAdmmMethod::GetName() const
{
    return "admm";
}

void
TeAdmmMethod::Reset()
{
}

void
TeAdmmMethod::SetInitialFlows(std::vector<std::vector<double>> flows)
{
    m_initial = std::move(flows);
}

TeAdmmMethod::Stats
TeAdmmMethod::GetLastStats() const
{
    return m_stats;
}

bool
TeAdmmMethod::DoAllocate(const TeGraph& g,
                         const TeSolver::Problem& p,
                         TeSolver::Solution& out,
                         std::string& error)
{
    out.pathFlow = m_initial;
    m_initial.clear();
    return true;
}

} // namespace ns3
