/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "described-fabric.h"

#include "flow-topology-realizer.h"
#include "packet-topology-realizer.h"

#include "ns3/abort.h"
#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"

namespace ns3
{

DescribedFabric::DescribedFabric(Describer describe, std::string name)
    : m_describe(std::move(describe)),
      m_name(std::move(name))
{
    NS_ABORT_MSG_IF(!m_describe, m_name << ": no description");
}

void
DescribedFabric::SetCircuits(Circuits circuits)
{
    m_circuits = std::move(circuits);
}

void
DescribedFabric::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsAttributes.emplace_back(name, value.Copy());
}

void
DescribedFabric::SetAddressBlock(Ipv4Address network, Ipv4Mask mask)
{
    m_network = network;
    m_mask = mask;
}

const std::vector<Ptr<OpticalCircuitSwitch>>&
DescribedFabric::GetSwitches() const
{
    return m_switches;
}

std::string
DescribedFabric::CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const
{
    const TopologyDescription d = m_describe(hosts, gpusPerServer);
    if (const std::string problem = d.Validate(); !problem.empty())
    {
        return m_name + ": " + problem;
    }
    if (d.Count(TopologyDescription::Role::HOST) != hosts)
    {
        return m_name + ": its description has " +
               std::to_string(d.Count(TopologyDescription::Role::HOST)) + " hosts, not " +
               std::to_string(hosts);
    }
    return "";
}

void
DescribedFabric::SetOcsRouteUpdates(OcsHelper::RouteUpdates when)
{
    m_routeUpdates = when;
}

void
DescribedFabric::InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer)
{
    const std::string problem = CheckHosts(hosts.GetN(), gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), problem);
    PacketTopologyRealizer realizer(m_network, m_mask);
    realizer.SetOcsRouteUpdates(m_routeUpdates);
    for (const auto& [name, value] : m_ocsAttributes)
    {
        realizer.SetOcsAttribute(name, *value);
    }
    const PacketTopologyRealizer::Result made =
        realizer.Realize(m_describe(hosts.GetN(), gpusPerServer), hosts, m_name);
    m_switches = made.ocs;
    if (m_circuits)
    {
        m_circuits(m_switches);
    }
}

ScaleOutFabric::FlowEndpoints
DescribedFabric::InstallFlow(uint32_t hosts, uint32_t gpusPerServer)
{
    const std::string problem = CheckHosts(hosts, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), problem);
    FlowTopologyRealizer realizer;
    for (const auto& [name, value] : m_ocsAttributes)
    {
        realizer.SetOcsAttribute(name, *value);
    }
    return OnFlowNetwork([&](Ptr<FlowTopology> topology) {
        const FlowTopologyRealizer::Result made =
            realizer.Realize(m_describe(hosts, gpusPerServer), topology, m_name);
        m_switches = made.ocs;
        if (m_circuits)
        {
            m_circuits(m_switches);
        }
        return made.hosts;
    });
}

} // namespace ns3
