/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-engine.h"

#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(FlowEngine);

TypeId
FlowEngine::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowEngine")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddTraceSource("FlowCompleted",
                            "A flow's last byte arrived: source and destination endpoints, size "
                            "(bytes), start and end time.",
                            MakeTraceSourceAccessor(&FlowEngine::m_completedTrace),
                            "ns3::FlowEngine::FlowCompletedTracedCallback");
    return tid;
}

FlowEngine::FlowEngine() = default;

FlowEngine::~FlowEngine() = default;

std::vector<uint32_t>
FlowEngine::GetDirectLinks(uint32_t /* src */, uint32_t /* dst */) const
{
    return {};
}

void
FlowEngine::NotifyFlowCompleted(uint32_t src, uint32_t dst, double bytes, Time start)
{
    m_completedTrace(src, dst, bytes, start, Simulator::Now());
}

} // namespace ns3
