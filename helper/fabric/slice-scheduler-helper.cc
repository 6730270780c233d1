/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-scheduler-helper.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceSchedulerHelper");

SliceSchedulerHelper::SliceSchedulerHelper()
{
    m_scheduler.SetTypeId("ns3::SliceScheduler");
}

void
SliceSchedulerHelper::SetSchedulerAttribute(std::string name, const AttributeValue& value)
{
    m_scheduler.Set(name, value);
}

void
SliceSchedulerHelper::SetMorphluxAttribute(std::string name, const AttributeValue& value)
{
    m_morphlux.emplace_back(name, value.Copy());
}

Ptr<SliceScheduler>
SliceSchedulerHelper::Install(Ptr<TorusFabric> fabric, std::string& error) const
{
    Ptr<SliceScheduler> scheduler = m_scheduler.Create<SliceScheduler>();
    for (const auto& [name, value] : m_morphlux)
    {
        scheduler->GetMorphlux()->SetAttribute(name, *value);
    }
    if (!scheduler->Setup(fabric, error))
    {
        NS_LOG_WARN("scheduler refused: " << error);
        return nullptr;
    }
    return scheduler;
}

} // namespace ns3
