/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-backend.h"

#include "flow-collective-transport.h"
#include "rdma-collective-transport.h"
#include "tcp-collective-transport.h"

#include "ns3/abort.h"
#include "ns3/optical-names.h"

namespace ns3
{

namespace
{
/// \return the entries, built once
std::vector<BackendInfo>
MakeEntries()
{
    std::vector<BackendInfo> entries;

    BackendInfo packet;
    packet.backend = Backend::PACKET;
    packet.name = "packet";
    packet.help = "ns-3's TCP/IP stack, packet by packet: queues, loss, TCP dynamics (one "
                  "connection per ordered pair of ranks)";
    packet.level = NetworkLevel::PACKET;
    packet.features = BackendFeature::PACKETS | BackendFeature::QUEUEING | BackendFeature::LOSS |
                      BackendFeature::TCP_DYNAMICS;
    packet.transportType = "ns3::TcpCollectiveTransport";
    packet.install = [](const ObjectFactory& factory, const BackendRanks& ranks) {
        NS_ABORT_MSG_IF(ranks.nodes.size() != ranks.GetN(),
                        "backend packet: " << ranks.nodes.size() << " nodes for " << ranks.GetN()
                                           << " ranks");
        Ptr<TcpCollectiveTransport> t = factory.Create<TcpCollectiveTransport>();
        for (uint32_t r = 0; r < ranks.GetN(); ++r)
        {
            t->AddRank(ranks.nodes[r], ranks.scaleUp[r], ranks.local[r]);
        }
        t->Start();
        return Ptr<CollectiveTransport>(t);
    };
    packet.packetCostUs = [](std::string& hint) {
        hint.clear();
        return 50.0; // the 32-GPU llama2-7b iteration of issue #42, before its work
    };
    entries.push_back(packet);

    BackendInfo flow;
    flow.backend = Backend::FLOW;
    flow.name = "flow";
    flow.help = "the flow-level engine: flows share links max-min fairly (or ride a time-slotted "
                "network's calendar queues), no packets, no loss; thousands of GPUs";
    flow.level = NetworkLevel::FLOW;
    flow.features =
        BackendFeature::MAX_MIN_SHARING | BackendFeature::LANES | BackendFeature::LARGE_SCALE;
    flow.transportType = "ns3::FlowCollectiveTransport";
    flow.install = [](const ObjectFactory& factory, const BackendRanks& ranks) {
        NS_ABORT_MSG_IF(!ranks.engine, "backend flow: no flow engine");
        NS_ABORT_MSG_IF(ranks.endpoints.size() != ranks.GetN(),
                        "backend flow: " << ranks.endpoints.size() << " endpoints for "
                                         << ranks.GetN() << " ranks");
        Ptr<FlowCollectiveTransport> t = factory.Create<FlowCollectiveTransport>();
        t->SetNetwork(ranks.engine);
        for (uint32_t r = 0; r < ranks.GetN(); ++r)
        {
            t->AddRank(ranks.endpoints[r], ranks.scaleUp[r], ranks.local[r]);
        }
        return Ptr<CollectiveTransport>(t);
    };
    entries.push_back(flow);

    BackendInfo rdma;
    rdma.backend = Backend::RDMA;
    rdma.name = "rdma";
    rdma.help = "RoCEv2 packet by packet: RDMA NICs with queue pairs (DCQCN, HPCC or none), "
                "lossless switches with PFC, ECN and shared buffers; go-back-N on loss";
    rdma.level = NetworkLevel::PACKET;
    rdma.features = BackendFeature::PACKETS | BackendFeature::QUEUEING | BackendFeature::LOSS |
                    BackendFeature::LOSSLESS | BackendFeature::RDMA_CC;
    rdma.transportType = "ns3::RdmaCollectiveTransport";
    rdma.install = [](const ObjectFactory& factory, const BackendRanks& ranks) {
        NS_ABORT_MSG_IF(ranks.nodes.size() != ranks.GetN(),
                        "backend rdma: " << ranks.nodes.size() << " nodes for " << ranks.GetN()
                                         << " ranks");
        Ptr<RdmaCollectiveTransport> t = factory.Create<RdmaCollectiveTransport>();
        for (uint32_t r = 0; r < ranks.GetN(); ++r)
        {
            t->AddRank(ranks.nodes[r], ranks.scaleUp[r], ranks.local[r]);
        }
        t->Start();
        return Ptr<CollectiveTransport>(t);
    };
    rdma.packetCostUs = [](std::string& hint) {
        // RoceFabric's FastPath as the fabric will read it (Config::SetDefault included).
        TypeId::AttributeInformation info;
        const bool fast =
            TypeId::LookupByName("ns3::RoceFabric").LookupAttributeByName("FastPath", &info) &&
            info.initialValue->SerializeToString(info.checker) == "true";
        hint = fast ? "" : "--ns3::RoceFabric::FastPath=true takes about 10 us a packet";
        return fast ? 10.0 : 25.0; // the same iteration (doc: "Performance")
    };
    entries.push_back(rdma);

    for (size_t i = 0; i < entries.size(); ++i)
    {
        NS_ABORT_MSG_IF(static_cast<size_t>(entries[i].backend) != i,
                        "BackendRegistry: entry " << i << " is out of Backend order");
    }
    return entries;
}
} // namespace

Backend::Backend(Value value)
    : m_value(value)
{
}

Backend::operator Value() const
{
    return m_value;
}

std::string
Backend::GetName() const
{
    return BackendRegistry::Get(*this).name;
}

const OpticalNames&
Backend::GetNames()
{
    static const OpticalNames names = []() {
        std::vector<std::string> n;
        for (const auto& e : BackendRegistry::GetAll())
        {
            n.push_back(e.name);
        }
        return OpticalNames("backend", n);
    }();
    return names;
}

bool
Backend::FromName(const std::string& name, Backend& backend, std::string& error)
{
    uint32_t index = 0;
    if (!GetNames().Find(name, index, error))
    {
        return false;
    }
    backend = Backend(static_cast<Value>(index));
    return true;
}

uint32_t
BackendRanks::GetN() const
{
    return static_cast<uint32_t>(scaleUp.size());
}

bool
BackendInfo::Has(uint32_t f) const
{
    return (features & f) == f;
}

const std::vector<BackendInfo>&
BackendRegistry::GetAll()
{
    static const std::vector<BackendInfo> entries = MakeEntries();
    return entries;
}

const BackendInfo&
BackendRegistry::Get(Backend backend)
{
    const auto& all = GetAll();
    const auto i = static_cast<size_t>(static_cast<Backend::Value>(backend));
    NS_ABORT_MSG_IF(i >= all.size(), "BackendRegistry: no backend " << i);
    return all[i];
}

std::vector<Backend>
BackendRegistry::Find(uint32_t features, const NetworkLevel* level)
{
    std::vector<Backend> found;
    for (const auto& e : GetAll())
    {
        if (e.Has(features) && (!level || e.level == *level))
        {
            found.push_back(e.backend);
        }
    }
    return found;
}

bool
BackendRegistry::Check(Backend backend, const std::vector<Backend>& allowed, std::string& error)
{
    for (const Backend b : allowed)
    {
        if (b == backend)
        {
            return true;
        }
    }
    error = "backend '" + backend.GetName() +
            "' is not supported here (allowed: " + Names(allowed) + ")";
    return false;
}

std::string
BackendRegistry::Names(const std::vector<Backend>& backends)
{
    std::string names;
    for (const Backend b : backends)
    {
        names += (names.empty() ? "" : ", ") + b.GetName();
    }
    return names;
}

std::string
BackendRegistry::Describe()
{
    std::string text;
    for (const auto& e : GetAll())
    {
        text += (text.empty() ? "" : "; ") + e.name + ": " + e.help;
    }
    return text;
}

} // namespace ns3
