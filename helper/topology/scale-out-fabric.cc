/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "scale-out-fabric.h"

#include "ns3/abort.h"
#include "ns3/flow-network.h"

namespace ns3
{

ScaleOutFabric::~ScaleOutFabric() = default;

std::vector<std::pair<std::string, Ptr<AttributeValue>>>
ScaleOutFabric::GetTransportAttributes(NetworkLevel /* level */) const
{
    return {};
}

RealizedFabric
ScaleOutFabric::Realize(Backend backend, uint32_t hosts, uint32_t gpusPerServer)
{
    const std::string problem = CheckHosts(hosts, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "ScaleOutFabric::Realize: " << problem);
    RealizedFabric made;
    made.backend = backend;
    const NetworkLevel level = BackendRegistry::Get(backend).level;
    switch (level)
    {
    case NetworkLevel::PACKET:
        made.hosts.Create(hosts);
        InstallOnHosts(made.hosts, gpusPerServer);
        for (uint32_t r = 0; r < hosts; ++r)
        {
            made.ranks.nodes.push_back(made.hosts.Get(r));
        }
        break;
    case NetworkLevel::FLOW: {
        FlowEndpoints flow = InstallFlow(hosts, gpusPerServer);
        NS_ABORT_MSG_IF(!flow.engine || flow.hosts.size() != hosts,
                        "ScaleOutFabric::Realize: the flow level gave "
                            << flow.hosts.size() << " endpoints for " << hosts << " hosts");
        made.ranks.engine = flow.engine;
        made.ranks.endpoints = flow.hosts;
        break;
    }
    }
    made.ranks.scaleUp.resize(hosts);
    made.transportAttributes = GetTransportAttributes(level);
    return made;
}

ScaleOutFabric::FlowEndpoints
ScaleOutFabric::OnFlowNetwork(const std::function<std::vector<uint32_t>(Ptr<FlowTopology>)>& build)
{
    Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
    FlowEndpoints made;
    made.hosts = build(topology);
    Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
    network->SetTopology(topology);
    made.engine = network;
    return made;
}

} // namespace ns3
