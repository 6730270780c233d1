/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-switch-model.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(OcsSwitchModel);

TypeId
OcsSwitchModel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::OcsSwitchModel").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

OcsSwitchModel::~OcsSwitchModel() = default;

} // namespace ns3
