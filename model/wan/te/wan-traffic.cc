/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-traffic.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanTraffic");

NS_OBJECT_ENSURE_REGISTERED(WanTraffic);
NS_OBJECT_ENSURE_REGISTERED(FlowWanTraffic);

TypeId
WanTraffic::GetTypeId()
{
    static TypeId tid = TypeId("ns3::WanTraffic").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

WanTraffic::~WanTraffic() = default;

TypeId
FlowWanTraffic::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FlowWanTraffic")
                            .SetParent<WanTraffic>()
                            .SetGroupName("Optical")
                            .AddConstructor<FlowWanTraffic>();
    return tid;
}

FlowWanTraffic::FlowWanTraffic()
    : m_net(CreateObject<FlowNetwork>())
{
}

FlowWanTraffic::~FlowWanTraffic() = default;

void
FlowWanTraffic::DoDispose()
{
    m_net = nullptr;
    WanTraffic::DoDispose();
}

void
FlowWanTraffic::Setup(Ptr<FlowTopology> topology,
                      const std::vector<TeSolver::Commodity>& commodities)
{
    m_net->SetTopology(topology);
    m_commodities = commodities;
}

Ptr<FlowNetwork>
FlowWanTraffic::GetNetwork() const
{
    return m_net;
}

double
FlowWanTraffic::Install(const TeSolver::Solution& solution, Time interval)
{
    return InstallFlows(m_net, m_commodities, solution, interval);
}

double
FlowWanTraffic::GetCarriedBytes() const
{
    return m_net->GetBytesTransferred();
}

WanTraffic::Counters
FlowWanTraffic::GetCounters() const
{
    return Counters();
}

Time
FlowWanTraffic::GetDrainTime(Time) const
{
    return Seconds(0);
}

double
FlowWanTraffic::InstallFlows(Ptr<FlowNetwork> net,
                             const std::vector<TeSolver::Commodity>& commodities,
                             const TeSolver::Solution& solution,
                             Time interval)
{
    double offered = 0;
    for (std::size_t c = 0; c < commodities.size() && c < solution.pathFlow.size(); ++c)
    {
        for (std::size_t p = 0; p < commodities[c].paths.size(); ++p)
        {
            const double gbps = solution.pathFlow[c][p];
            if (gbps < 1e-6)
            {
                continue;
            }
            FlowNetwork::FlowSpec spec;
            spec.src = commodities[c].src;
            spec.dst = commodities[c].dst;
            spec.bytes = gbps * 1e9 / 8 * interval.GetSeconds();
            spec.capBps = gbps * 1e9;
            spec.path = commodities[c].paths[p];
            std::string error;
            if (net->StartFlow(spec, &error) >= 0)
            {
                offered += spec.bytes;
            }
            else
            {
                NS_LOG_WARN("flow not started: " << error);
            }
        }
    }
    return offered;
}

} // namespace ns3
