/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-switch-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicSwitchHelper");

PhotonicSwitchHelper::PhotonicSwitchHelper()
{
    m_factory.SetTypeId("ns3::CompiledSwitchModel");
}

void
PhotonicSwitchHelper::SetTarget(const PhotonicTarget& target)
{
    m_target = target;
    m_hasTarget = true;
}

void
PhotonicSwitchHelper::SetModelAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<CompiledSwitchModel>
PhotonicSwitchHelper::Install(Ptr<OpticalCircuitSwitch> ocs) const
{
    NS_ABORT_MSG_IF(!ocs, "PhotonicSwitchHelper::Install: no switch");
    NS_ABORT_MSG_IF(ocs->GetConfiguration().GetNCircuits() > 0,
                    "PhotonicSwitchHelper::Install: the switch already has circuits; install "
                    "the model before its first configuration");
    Ptr<CompiledSwitchModel> model = m_factory.Create<CompiledSwitchModel>();
    if (m_hasTarget)
    {
        model->SetTarget(m_target);
    }
    ocs->SetSwitchModel(model);
    return model;
}

bool
PhotonicSwitchHelper::SlotConfigurations(const PhotonicCompilation& compilation,
                                         std::vector<OcsConfiguration>& configs,
                                         std::string& error)
{
    configs.clear();
    if (!compilation.ok)
    {
        error = "the program did not compile: " + compilation.error;
        return false;
    }
    for (std::size_t k = 0; k < compilation.slots.size(); ++k)
    {
        const PhotonicCompiledSlot& slot = compilation.slots[k];
        if (slot.analog)
        {
            error = "slot " + std::to_string(k) + " is analog: a switch schedule needs circuits";
            return false;
        }
        for (const PhotonicNet& net : slot.nets)
        {
            if (!net.anySink && (net.sinks.size() != 1 || net.fanIn))
            {
                error = "slot " + std::to_string(k) + ": " + net.name +
                        " is a fan-out or fan-in, not a circuit of a switch";
                return false;
            }
        }
        OcsConfiguration config;
        for (const PhotonicPair& p : slot.pairs)
        {
            config.ConnectOneWay(p.input, p.output, p.lossDb);
        }
        configs.push_back(config);
    }
    return true;
}

Ptr<OcsCyclicSchedule>
PhotonicSwitchHelper::InstallRotor(Ptr<OpticalCircuitSwitch> ocs,
                                   const PhotonicCompilation& compilation,
                                   Time start) const
{
    std::vector<OcsConfiguration> configs;
    std::string error;
    NS_ABORT_MSG_IF(!SlotConfigurations(compilation, configs, error),
                    "PhotonicSwitchHelper::InstallRotor: " << error);
    std::vector<Time> durations;
    for (const PhotonicCompiledSlot& slot : compilation.slots)
    {
        NS_ABORT_MSG_IF(!slot.duration.IsStrictlyPositive(),
                        "PhotonicSwitchHelper::InstallRotor: the program is static (its slots "
                        "have no duration); a rotor program has slots");
        durations.push_back(slot.duration);
    }
    Ptr<OcsCyclicSchedule> schedule = CreateObject<OcsCyclicSchedule>();
    schedule->SetAttribute("StartTime", TimeValue(start));
    schedule->Setup(ocs, configs);
    schedule->SetSlotDurations(durations);
    schedule->Start();
    return schedule;
}

} // namespace ns3
