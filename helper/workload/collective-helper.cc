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
    m_transportFactory.SetTypeId("ns3::TcpCollectiveTransport");
    m_flowFactory.SetTypeId("ns3::FlowCollectiveTransport");
    m_scaleUpFactory.SetTypeId("ns3::ScaleUpDomain");
}

void
CollectiveHelper::SetTransportAttribute(std::string name, const AttributeValue& value)
{
    m_transportFactory.Set(name, value);
}

void
CollectiveHelper::SetScaleUpAttribute(std::string name, const AttributeValue& value)
{
    m_scaleUpFactory.Set(name, value);
}

void
CollectiveHelper::SetFlowTransportAttribute(std::string name, const AttributeValue& value)
{
    m_flowFactory.Set(name, value);
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

Ptr<TcpCollectiveTransport>
CollectiveHelper::Install(NodeContainer nodes, uint32_t gpusPerServer)
{
    const std::vector<Ptr<ScaleUpDomain>> domains = Domains(nodes.GetN(), gpusPerServer);
    Ptr<TcpCollectiveTransport> transport = m_transportFactory.Create<TcpCollectiveTransport>();
    for (uint32_t r = 0; r < nodes.GetN(); ++r)
    {
        transport->AddRank(nodes.Get(r), domains[r], r % gpusPerServer);
    }
    transport->Start();
    return transport;
}

Ptr<FlowCollectiveTransport>
CollectiveHelper::InstallFlow(NodeContainer nodes, uint32_t gpusPerServer, Ptr<FlowNetwork> network)
{
    if (!network)
    {
        // One engine per helper: transports installed by the same helper share the network,
        // as jobs share the links at packet level.
        if (!m_flowNetwork)
        {
            m_flowNetwork = FlowTopologyHelper().Install();
        }
        network = m_flowNetwork;
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
CollectiveHelper::InstallFlow(Ptr<FlowNetwork> network,
                              const std::vector<uint32_t>& vertices,
                              uint32_t gpusPerServer)
{
    const auto n = static_cast<uint32_t>(vertices.size());
    const std::vector<Ptr<ScaleUpDomain>> domains = Domains(n, gpusPerServer);
    Ptr<FlowCollectiveTransport> transport = m_flowFactory.Create<FlowCollectiveTransport>();
    transport->SetNetwork(network);
    for (uint32_t r = 0; r < n; ++r)
    {
        transport->AddRank(vertices[r], domains[r], r % gpusPerServer);
    }
    return transport;
}

Ptr<CollectiveTransport>
CollectiveHelper::Install(NodeContainer nodes, uint32_t gpusPerServer, const std::string& backend)
{
    std::string error;
    NS_ABORT_MSG_IF(!CheckBackend(backend, error), "CollectiveHelper::Install: " << error);
    if (backend == "flow")
    {
        return InstallFlow(nodes, gpusPerServer);
    }
    return Install(nodes, gpusPerServer);
}

bool
CollectiveHelper::CheckBackend(const std::string& backend, std::string& error)
{
    if (backend == "packet" || backend == "flow")
    {
        return true;
    }
    error = "--backend must be 'packet' (ns-3 TCP/IP, packet by packet) or 'flow' (the "
            "flow-level engine) (got '" +
            backend + "')";
    return false;
}

Ptr<Collective>
CollectiveHelper::Create(Ptr<CollectiveTransport> transport,
                         const CollectiveSpec& spec,
                         std::vector<uint32_t> ranks,
                         const std::string& job,
                         std::string* error)
{
    std::string problem;
    CollectiveSchedule schedule(spec.kind, spec.algorithm, spec.nRanks, spec.bytes);
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
