/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-leaf-spine-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsLeafSpineHelper");

OcsLeafSpineHelper::OcsLeafSpineHelper() = default;

void
OcsLeafSpineHelper::SetHostsPerTor(uint32_t hosts)
{
    m_hostsPerTor = hosts;
}

void
OcsLeafSpineHelper::SetSpines(uint32_t spines)
{
    m_spines = spines;
}

void
OcsLeafSpineHelper::SetUplinksPerTor(uint32_t uplinks)
{
    m_uplinks = uplinks;
}

void
OcsLeafSpineHelper::SetHostLinkRate(DataRate rate)
{
    m_hostRate = rate;
}

void
OcsLeafSpineHelper::SetHostLinkDelay(Time delay)
{
    m_hostDelay = delay;
}

void
OcsLeafSpineHelper::SetUplinkRate(DataRate rate)
{
    m_uplinkRate = rate;
}

void
OcsLeafSpineHelper::SetFibreDelay(Time delay)
{
    m_fibreDelay = delay;
}

void
OcsLeafSpineHelper::SetMtu(uint32_t mtu)
{
    m_mtu = mtu;
}

void
OcsLeafSpineHelper::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsAttributes.emplace_back(name, value.Copy());
}

void
OcsLeafSpineHelper::SetConfiguration(uint32_t spine, const OcsConfiguration& config)
{
    m_configs[spine] = config;
}

void
OcsLeafSpineHelper::SetRotation(Time period)
{
    m_rotation = period;
}

void
OcsLeafSpineHelper::SetSchedule(Ptr<OcsScheduleSource> schedule)
{
    m_schedule = schedule;
}

uint32_t
OcsLeafSpineHelper::GetUplinks() const
{
    return m_uplinks == 0 ? m_spines : m_uplinks;
}

uint32_t
OcsLeafSpineHelper::GetPortsPerTor() const
{
    return m_spines == 0 ? 0 : GetUplinks() / m_spines;
}

std::vector<std::pair<uint32_t, uint32_t>>
OcsLeafSpineHelper::RoundRobinMatching(uint32_t tors, uint32_t round)
{
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    if (tors < 2)
    {
        return pairs;
    }
    // The circle method on an even count: vertex n - 1 fixed, the others turn.
    const uint32_t n = tors + tors % 2;
    const uint32_t r = round % (n - 1);
    auto keep = [&pairs, tors](uint32_t a, uint32_t b) {
        if (a < tors && b < tors)
        {
            pairs.emplace_back(std::min(a, b), std::max(a, b));
        }
    };
    keep(r, n - 1);
    for (uint32_t i = 1; i < n / 2; ++i)
    {
        keep((r + i) % (n - 1), (r + (n - 1) - i) % (n - 1));
    }
    return pairs;
}

OcsConfiguration
OcsLeafSpineHelper::RoundRobinConfiguration(uint32_t tors, uint32_t spine, uint32_t slot) const
{
    OcsConfiguration config;
    const uint32_t perTor = GetPortsPerTor();
    for (uint32_t j = 0; j < perTor; ++j)
    {
        const uint32_t uplink = j * m_spines + spine;
        for (const auto& [a, b] : RoundRobinMatching(tors, slot + 2 * uplink))
        {
            config.Connect(a * perTor + j, b * perTor + j);
        }
    }
    return config;
}

std::pair<uint32_t, uint32_t>
OcsLeafSpineHelper::GetPort(uint32_t tor, uint32_t uplink) const
{
    return {uplink % m_spines, tor * GetPortsPerTor() + uplink / m_spines};
}

TopologyDescription
OcsLeafSpineHelper::Describe(uint32_t tors, uint32_t gpusPerServer) const
{
    const std::string problem = CheckHosts(tors * m_hostsPerTor, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "OcsLeafSpineHelper: " << problem);
    TopologyDescription d;
    std::vector<uint32_t> hosts;
    for (uint32_t t = 0; t < tors; ++t)
    {
        for (uint32_t h = 0; h < m_hostsPerTor; ++h)
        {
            const uint32_t rank = t * m_hostsPerTor + h;
            hosts.push_back(d.AddHost("host" + std::to_string(t) + "." + std::to_string(h),
                                      rank / gpusPerServer));
        }
    }
    for (uint32_t first = 0; gpusPerServer > 1 && first < hosts.size(); first += gpusPerServer)
    {
        d.AddScaleUpDomain(
            std::vector<uint32_t>(hosts.begin() + first, hosts.begin() + first + gpusPerServer));
    }
    std::vector<uint32_t> torNodes;
    for (uint32_t t = 0; t < tors; ++t)
    {
        torNodes.push_back(d.AddSwitch("tor" + std::to_string(t), 0));
    }
    for (uint32_t r = 0; r < hosts.size(); ++r)
    {
        d.AddLink(hosts[r], torNodes[r / m_hostsPerTor], m_hostRate, m_hostDelay, m_mtu);
    }
    const uint32_t perTor = GetPortsPerTor();
    std::vector<uint32_t> spines;
    for (uint32_t s = 0; s < m_spines; ++s)
    {
        spines.push_back(d.AddOcs("ocs" + std::to_string(s), tors * perTor));
    }
    for (uint32_t s = 0; s < m_spines; ++s)
    {
        for (uint32_t t = 0; t < tors; ++t)
        {
            for (uint32_t j = 0; j < perTor; ++j)
            {
                d.AttachOcsPort(spines[s],
                                t * perTor + j,
                                torNodes[t],
                                m_uplinkRate,
                                m_fibreDelay,
                                m_mtu,
                                j);
            }
        }
    }
    return d;
}

std::string
OcsLeafSpineHelper::CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const
{
    if (m_hostsPerTor == 0 || m_spines == 0)
    {
        return "a leaf-spine needs hosts per ToR and spines (got " + std::to_string(m_hostsPerTor) +
               " and " + std::to_string(m_spines) + ")";
    }
    if (GetUplinks() % m_spines != 0)
    {
        return std::to_string(GetUplinks()) + " uplinks per ToR are not a multiple of the " +
               std::to_string(m_spines) + " spines";
    }
    if (hosts % m_hostsPerTor != 0 || hosts / m_hostsPerTor < 2)
    {
        return std::to_string(hosts) + " hosts are not at least 2 ToRs of " +
               std::to_string(m_hostsPerTor) + " hosts";
    }
    if (gpusPerServer == 0 || m_hostsPerTor % gpusPerServer != 0)
    {
        return "servers of " + std::to_string(gpusPerServer) + " GPUs do not fit ToRs of " +
               std::to_string(m_hostsPerTor) + " hosts (a server's GPUs share its ToR)";
    }
    const uint32_t tors = hosts / m_hostsPerTor;
    const uint32_t ports = tors * GetPortsPerTor();
    for (const auto& [spine, config] : m_configs)
    {
        if (spine >= m_spines)
        {
            return "a configuration for spine " + std::to_string(spine) + " of " +
                   std::to_string(m_spines);
        }
        if (const std::string bad = config.Validate(ports); !bad.empty())
        {
            return "the configuration of spine " + std::to_string(spine) + " (" +
                   std::to_string(ports) + " ports): " + bad;
        }
    }
    if (m_schedule && m_schedule->GetNSwitches() != m_spines)
    {
        return "a schedule of " + std::to_string(m_schedule->GetNSwitches()) + " switches for " +
               std::to_string(m_spines) + " spines";
    }
    if (m_schedule && m_rotation.IsStrictlyPositive())
    {
        return "both a rotation and a schedule: choose one";
    }
    if (m_rotation.IsStrictlyNegative())
    {
        return "a negative rotation period";
    }
    return "";
}

void
OcsLeafSpineHelper::Control(const std::vector<Ptr<OpticalCircuitSwitch>>& ocs, uint32_t tors)
{
    m_switches = ocs;
    m_rotors.clear();
    m_driver = nullptr;
    if (m_schedule)
    {
        // The schedule's own initial circuits (the driver sets them, and reads them again at
        // the first instant of the run).
        m_driver = CreateObject<OcsScheduleDriver>();
        std::string error;
        NS_ABORT_MSG_IF(!m_driver->Setup(m_schedule, ocs, error), "OcsLeafSpineHelper: " << error);
        m_driver->Start();
        return;
    }
    for (uint32_t s = 0; s < ocs.size(); ++s)
    {
        const auto given = m_configs.find(s);
        ocs[s]->SetInitialConfiguration(
            given != m_configs.end() ? given->second : RoundRobinConfiguration(tors, s, 0));
    }
    if (!m_rotation.IsStrictlyPositive())
    {
        return;
    }
    // Each uplink goes through the tournament's T - 1 rounds (T even), one per period.
    const uint32_t slots = tors + tors % 2 - 1;
    if (slots < 2)
    {
        return; // two ToRs: one round, nothing to rotate
    }
    for (uint32_t s = 0; s < ocs.size(); ++s)
    {
        std::vector<OcsConfiguration> configs;
        for (uint32_t k = 1; k <= slots; ++k)
        {
            configs.push_back(RoundRobinConfiguration(tors, s, k % slots));
        }
        Ptr<OcsCyclicSchedule> rotor = CreateObject<OcsCyclicSchedule>();
        rotor->SetAttribute("Period", TimeValue(m_rotation));
        const Time offset = m_rotation * static_cast<int64_t>(s) / static_cast<int64_t>(m_spines);
        rotor->SetAttribute("StartTime", TimeValue(Simulator::Now() + m_rotation + offset));
        rotor->Setup(ocs[s], configs);
        rotor->Start();
        m_rotors.push_back(rotor);
    }
}

void
OcsLeafSpineHelper::SetOcsRouteUpdates(OcsHelper::RouteUpdates when)
{
    m_routeUpdates = when;
}

DescribedFabric
OcsLeafSpineHelper::AsDescribed()
{
    DescribedFabric fabric(
        [this](uint32_t hosts, uint32_t gpusPerServer) {
            return Describe(hosts / m_hostsPerTor, gpusPerServer);
        },
        "OcsLeafSpineHelper");
    // A block of its own, so that it never collides with the other fabric helpers'.
    fabric.SetAddressBlock(Ipv4Address("10.128.0.0"), Ipv4Mask("255.192.0.0"));
    fabric.SetOcsRouteUpdates(m_routeUpdates);
    for (const auto& [name, value] : m_ocsAttributes)
    {
        fabric.SetOcsAttribute(name, *value);
    }
    return fabric;
}

void
OcsLeafSpineHelper::InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer)
{
    const std::string problem = CheckHosts(hosts.GetN(), gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "OcsLeafSpineHelper: " << problem);
    const uint32_t tors = hosts.GetN() / m_hostsPerTor;
    DescribedFabric fabric = AsDescribed();
    fabric.SetCircuits(
        [this, tors](const std::vector<Ptr<OpticalCircuitSwitch>>& ocs) { Control(ocs, tors); });
    fabric.InstallOnHosts(hosts, gpusPerServer);
}

ScaleOutFabric::FlowEndpoints
OcsLeafSpineHelper::InstallFlow(uint32_t hosts, uint32_t gpusPerServer)
{
    const std::string problem = CheckHosts(hosts, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "OcsLeafSpineHelper: " << problem);
    const uint32_t tors = hosts / m_hostsPerTor;
    DescribedFabric fabric = AsDescribed();
    fabric.SetCircuits(
        [this, tors](const std::vector<Ptr<OpticalCircuitSwitch>>& ocs) { Control(ocs, tors); });
    return fabric.InstallFlow(hosts, gpusPerServer);
}

const std::vector<Ptr<OpticalCircuitSwitch>>&
OcsLeafSpineHelper::GetSwitches() const
{
    return m_switches;
}

Ptr<OcsScheduleDriver>
OcsLeafSpineHelper::GetDriver() const
{
    return m_driver;
}

const std::vector<Ptr<OcsCyclicSchedule>>&
OcsLeafSpineHelper::GetRotations() const
{
    return m_rotors;
}

} // namespace ns3
