/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-topology-realizer.h"

#include "ns3/abort.h"
#include "ns3/flow-topology-helper.h"
#include "ns3/object-factory.h"
#include "ns3/uinteger.h"

#include <map>

namespace ns3
{

void
FlowTopologyRealizer::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsAttributes.emplace_back(name, value.Copy());
}

void
FlowTopologyRealizer::AdoptOcs(uint32_t node, Ptr<OpticalCircuitSwitch> ocs, bool keepCircuits)
{
    NS_ABORT_MSG_IF(!ocs, "FlowTopologyRealizer::AdoptOcs: null switch");
    m_adopted[node] = std::make_pair(ocs, keepCircuits);
}

FlowTopologyRealizer::Result
FlowTopologyRealizer::Realize(const TopologyDescription& description,
                              Ptr<FlowTopology> topology,
                              const std::string& who) const
{
    using Role = TopologyDescription::Role;
    NS_ABORT_MSG_IF(!topology, who << ": no topology");
    const std::string problem = description.Validate();
    NS_ABORT_MSG_IF(!problem.empty(), who << ": invalid topology description: " << problem);
    const auto& nodes = description.GetNodes();
    for (const auto& [i, adopted] : m_adopted)
    {
        const Ptr<OpticalCircuitSwitch>& ocs = adopted.first;
        NS_ABORT_MSG_IF(i >= nodes.size() || nodes[i].role != Role::OCS,
                        who << ": adopted switch for node " << i << ", which is not an OCS");
        NS_ABORT_MSG_IF(ocs->GetNPorts() != nodes[i].portCount,
                        who << ": OCS " << nodes[i].name << " has " << nodes[i].portCount
                            << " ports, its adopted switch " << ocs->GetNPorts());
    }
    Result result;
    result.vertices.assign(nodes.size(), TopologyDescription::NONE);
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].role != Role::OCS)
        {
            result.vertices[i] = topology->AddVertex(nodes[i].name);
        }
    }
    for (uint32_t h : description.GetHosts())
    {
        result.hosts.push_back(result.vertices[h]);
    }
    result.links.reserve(description.GetNLinks());
    for (const TopologyDescription::Link& link : description.GetLinks())
    {
        result.links.push_back(topology->AddDuplexLink(result.vertices[link.a],
                                                       result.vertices[link.b],
                                                       static_cast<double>(link.rate.GetBitRate()),
                                                       link.delay,
                                                       link.mtu));
    }
    std::map<uint32_t, std::map<uint32_t, FlowTopologyHelper::OcsPort>> ports;
    for (const TopologyDescription::OcsPort& p : description.GetOcsPorts())
    {
        ports[p.ocs][p.port] = FlowTopologyHelper::OcsPort{result.vertices[p.node],
                                                           static_cast<double>(p.rate.GetBitRate()),
                                                           p.delay,
                                                           p.mtu,
                                                           nullptr};
    }
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].role != Role::OCS)
        {
            continue;
        }
        Ptr<OpticalCircuitSwitch> ocs;
        bool attach = !description.HasOcsFibre(i);
        if (m_adopted.count(i))
        {
            ocs = m_adopted.at(i).first;
            attach = attach && m_adopted.at(i).second;
        }
        else
        {
            ObjectFactory factory("ns3::OpticalCircuitSwitch");
            for (const auto& [name, value] : m_ocsAttributes)
            {
                factory.Set(name, *value);
            }
            factory.Set("PortCount", UintegerValue(nodes[i].portCount));
            ocs = factory.Create<OpticalCircuitSwitch>();
        }
        if (attach)
        {
            FlowTopologyHelper::AttachOcs(topology, ocs, ports[i]);
        }
        result.ocs.push_back(ocs);
    }
    return result;
}

} // namespace ns3
