/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-schedule-source.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(OcsScheduleSource);

TypeId
OcsScheduleSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsScheduleSource").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

OcsScheduleSource::OcsScheduleSource() = default;

OcsScheduleSource::~OcsScheduleSource() = default;

OcsConfiguration
OcsScheduleSource::GetConfigurationBefore(uint32_t sw, uint64_t firstSlot) const
{
    return GetConfiguration(sw, firstSlot > 0 ? firstSlot - 1 : 0);
}

Time
OcsScheduleSource::GetEnd() const
{
    return Seconds(0);
}

uint64_t
OcsScheduleSource::GetFirstSlotFrom(Time t) const
{
    uint64_t slot = 0;
    while (GetSlotStart(slot) < t)
    {
        ++slot;
    }
    return slot;
}

} // namespace ns3
