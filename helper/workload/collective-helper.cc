/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-helper.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/flow-topology-helper.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/type-id.h"

namespace ns3
{

CollectiveHelper::CollectiveHelper()
{
    for (const BackendInfo& info : BackendRegistry::GetAll())
    {
        m_factories.emplace_back();
        m_factories.back().SetTypeId(info.transportType);
    }
    m_scaleUpFactory.SetTypeId("ns3::ScaleUpDomain");
}

void
CollectiveHelper::SetTransportAttribute(std::string name, const AttributeValue& value)
{
    SetBackendAttribute(Backend::PACKET, name, value);
}

void
CollectiveHelper::SetBackendAttribute(Backend backend,
                                      std::string name,
                                      const AttributeValue& value)
{
    m_factories.at(static_cast<Backend::Value>(backend)).Set(name, value);
}

void
CollectiveHelper::SetScaleUpAttribute(std::string name, const AttributeValue& value)
{
    m_scaleUpFactory.Set(name, value);
}

void
CollectiveHelper::SetFlowTransportAttribute(std::string name, const AttributeValue& value)
{
    SetBackendAttribute(Backend::FLOW, name, value);
}

std::vector<Ptr<ScaleUpDomain>>
CollectiveHelper::Domains(uint32_t ranks, uint32_t gpusPerServer)
{
    NS_ABORT_MSG_IF(gpusPerServer == 0 || ranks % gpusPerServer != 0,
                    "CollectiveHelper: " << gpusPerServer << " GPUs per server does not divide "
                                         << ranks << " ranks");
    std::vector<Ptr<ScaleUpDomain>> domains(ranks);
    for (uint32_t r = 0; gpusPerServer > 1 && r < ranks; ++r)
    {
        if (r % gpusPerServer == 0)
        {
            domains[r] = m_scaleUpFactory.Create<ScaleUpDomain>();
            domains[r]->SetNGpus(gpusPerServer);
        }
        else
        {
            domains[r] = domains[r - 1];
        }
    }
    return domains;
}

bool
CollectiveHelper::CheckNetwork(NodeContainer nodes, Backend backend, std::string& error) const
{
    if (!BackendRegistry::Get(backend).Has(BackendFeature::LOSSLESS))
    {
        return true;
    }
    Ptr<CollectiveTransport> probe =
        m_factories.at(static_cast<Backend::Value>(backend)).Create<CollectiveTransport>();
    return probe->CheckNetwork(nodes, error);
}

Ptr<TcpCollectiveTransport>
CollectiveHelper::Install(NodeContainer nodes, uint32_t gpusPerServer)
{
    return DynamicCast<TcpCollectiveTransport>(Install(nodes, gpusPerServer, Backend::PACKET));
}

Ptr<FlowNetwork>
CollectiveHelper::GetNodesEngine()
{
    // One engine per helper: transports installed by the same helper share the network, as
    // jobs share the links at packet level.
    if (!m_flowNetwork)
    {
        m_flowNetwork = FlowTopologyHelper().Install();
    }
    return m_flowNetwork;
}

Ptr<FlowCollectiveTransport>
CollectiveHelper::InstallFlow(NodeContainer nodes, uint32_t gpusPerServer, Ptr<FlowNetwork> network)
{
    if (!network)
    {
        network = GetNodesEngine();
    }
    std::vector<uint32_t> vertices;
    for (uint32_t r = 0; r < nodes.GetN(); ++r)
    {
        const int64_t v = network->GetTopology()->FindVertex(nodes.Get(r));
        NS_ABORT_MSG_IF(v < 0,
                        "CollectiveHelper::InstallFlow: node " << nodes.Get(r)->GetId()
                                                               << " is not in the flow topology");
        vertices.push_back(static_cast<uint32_t>(v));
    }
    return InstallFlow(network, vertices, gpusPerServer);
}

Ptr<FlowCollectiveTransport>
CollectiveHelper::InstallFlow(Ptr<FlowEngine> engine,
                              const std::vector<uint32_t>& vertices,
                              uint32_t gpusPerServer)
{
    BackendRanks ranks;
    ranks.engine = engine;
    ranks.endpoints = vertices;
    ranks.scaleUp.resize(vertices.size());
    return DynamicCast<FlowCollectiveTransport>(Install(Backend::FLOW, ranks, gpusPerServer));
}

Ptr<CollectiveTransport>
CollectiveHelper::Install(Backend backend, BackendRanks ranks, uint32_t gpusPerServer)
{
    return InstallWith(m_factories.at(static_cast<Backend::Value>(backend)),
                       backend,
                       std::move(ranks),
                       gpusPerServer);
}

Ptr<CollectiveTransport>
CollectiveHelper::Install(const RealizedFabric& fabric, uint32_t gpusPerServer)
{
    ObjectFactory factory = m_factories.at(static_cast<Backend::Value>(fabric.backend));
    for (const auto& [name, value] : fabric.transportAttributes)
    {
        factory.Set(name, *value);
    }
    return InstallWith(factory, fabric.backend, fabric.ranks, gpusPerServer);
}

Ptr<CollectiveTransport>
CollectiveHelper::InstallWith(const ObjectFactory& factory,
                              Backend backend,
                              BackendRanks ranks,
                              uint32_t gpusPerServer)
{
    const uint32_t n = ranks.GetN();
    ranks.scaleUp = Domains(n, gpusPerServer);
    ranks.local.resize(n);
    for (uint32_t r = 0; r < n; ++r)
    {
        ranks.local[r] = r % gpusPerServer;
    }
    const BackendInfo& info = BackendRegistry::Get(backend);
    return info.install(factory, ranks);
}

Ptr<CollectiveTransport>
CollectiveHelper::Install(NodeContainer nodes, uint32_t gpusPerServer, Backend backend)
{
    BackendRanks ranks;
    ranks.scaleUp.resize(nodes.GetN());
    switch (BackendRegistry::Get(backend).level)
    {
    case NetworkLevel::PACKET:
        for (uint32_t r = 0; r < nodes.GetN(); ++r)
        {
            ranks.nodes.push_back(nodes.Get(r));
        }
        break;
    case NetworkLevel::FLOW: {
        Ptr<FlowNetwork> network = GetNodesEngine();
        ranks.engine = network;
        for (uint32_t r = 0; r < nodes.GetN(); ++r)
        {
            const int64_t v = network->GetTopology()->FindVertex(nodes.Get(r));
            NS_ABORT_MSG_IF(v < 0,
                            "CollectiveHelper::Install: node " << nodes.Get(r)->GetId()
                                                               << " is not in the flow topology");
            ranks.endpoints.push_back(static_cast<uint32_t>(v));
        }
        break;
    }
    }
    return Install(backend, ranks, gpusPerServer);
}

Ptr<CollectiveTransport>
CollectiveHelper::Install(NodeContainer nodes, uint32_t gpusPerServer, const std::string& backend)
{
    Backend b;
    std::string error;
    NS_ABORT_MSG_IF(!Backend::FromName(backend, b, error), "CollectiveHelper::Install: " << error);
    return Install(nodes, gpusPerServer, b);
}

bool
CollectiveHelper::CheckBackend(const std::string& backend, std::string& error)
{
    Backend b;
    return Backend::FromName(backend, b, error);
}

Ptr<Collective>
CollectiveHelper::Create(Ptr<CollectiveTransport> transport,
                         const CollectiveSpec& spec,
                         std::vector<uint32_t> ranks,
                         const std::string& job,
                         std::string* error)
{
    std::string problem;
    CollectiveSchedule schedule(spec.kind.GetName(),
                                spec.algorithm.GetName(),
                                spec.nRanks,
                                spec.bytes);
    if (ranks.empty())
    {
        for (uint32_t r = 0; r < spec.nRanks; ++r)
        {
            ranks.push_back(r);
        }
    }
    if (!transport)
    {
        problem = "no transport";
    }
    else if (ranks.size() != spec.nRanks)
    {
        problem = std::to_string(ranks.size()) + " ranks given for a group of " +
                  std::to_string(spec.nRanks);
    }
    else if (spec.nRanks > transport->GetNRanks())
    {
        problem = "a group of " + std::to_string(spec.nRanks) + " ranks on a transport of " +
                  std::to_string(transport->GetNRanks());
    }
    else
    {
        CollectiveAlgorithms::Build(spec, schedule, problem);
    }
    if (!problem.empty())
    {
        if (error)
        {
            *error = problem;
            return nullptr;
        }
        NS_FATAL_ERROR("CollectiveHelper::Create: " << problem);
    }
    Ptr<Collective> collective = CreateObject<Collective>();
    collective->Setup(schedule, transport, ranks, job);
    return collective;
}

bool
CollectiveHelper::SetTcpVariant(const std::string& typeName, std::string* error)
{
    TypeId tid;
    // Congestion controls derive from TcpCongestionOps; ns-3.37 registers TcpCubic under
    // TcpSocketBase, so that parent is accepted too.
    if (!TypeId::LookupByNameFailSafe(typeName, &tid) ||
        !(tid.IsChildOf(TcpCongestionOps::GetTypeId()) ||
          tid.IsChildOf(TcpSocketBase::GetTypeId())))
    {
        const std::string problem =
            "unknown TCP variant '" + typeName +
            "' (a TCP congestion control type, e.g. ns3::TcpCubic, ns3::TcpNewReno, ns3::TcpDctcp)";
        if (error)
        {
            *error = problem;
            return false;
        }
        NS_FATAL_ERROR("CollectiveHelper::SetTcpVariant: " << problem);
    }
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(tid));
    // DCTCP reacts to ECN marks: it needs ECN-capable sockets (the switch must mark, see
    // StarTopologyHelper::EnableEcnMarking). Other variants keep ns-3's setting.
    if (tid.GetName() == "ns3::TcpDctcp")
    {
        Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));
    }
    return true;
}

void
CollectiveHelper::WriteRecords(ResultsStore& store,
                               int64_t runId,
                               const std::vector<CollectiveRecord>& records)
{
    store.CreateEventTable("collectives");
    for (const auto& r : records)
    {
        store.AddEvent("collectives",
                       runId,
                       {r.job,
                        r.kind,
                        r.algorithm,
                        static_cast<int64_t>(r.groupSize),
                        static_cast<int64_t>(r.bytes),
                        r.start.GetSeconds(),
                        r.end.GetSeconds(),
                        r.busBandwidthGbps});
    }
}

} // namespace ns3
