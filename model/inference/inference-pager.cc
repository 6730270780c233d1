/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-pager.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferencePager");

NS_OBJECT_ENSURE_REGISTERED(InferencePager);
NS_OBJECT_ENSURE_REGISTERED(FabricInferencePager);

TypeId
InferencePager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::InferencePager")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<InferencePager>()
            .AddTraceSource("Paged",
                            "A page was delivered whole: source rank, destination rank, bytes, "
                            "time from Page() to delivery.",
                            MakeTraceSourceAccessor(&InferencePager::m_pagedTrace),
                            "ns3::InferencePager::PagedTracedCallback");
    return tid;
}

InferencePager::InferencePager() = default;

InferencePager::~InferencePager() = default;

void
InferencePager::DoDispose()
{
    m_transport = nullptr;
    Object::DoDispose();
}

void
InferencePager::SetTransport(Ptr<CollectiveTransport> transport)
{
    NS_ABORT_MSG_IF(!transport, "InferencePager: a null transport");
    m_transport = transport;
}

Ptr<CollectiveTransport>
InferencePager::GetTransport() const
{
    return m_transport;
}

void
InferencePager::BeginPage(uint32_t src, uint32_t dst, uint64_t bytes)
{
    NS_ABORT_MSG_IF(!m_transport, "InferencePager: SetTransport before Page");
    NS_ABORT_MSG_IF(bytes == 0,
                    "InferencePager: a page of 0 bytes from rank " << src << " to rank " << dst
                                                                   << " (must be > 0)");
    NS_ABORT_MSG_IF(src >= m_transport->GetNRanks() || dst >= m_transport->GetNRanks(),
                    "InferencePager: rank " << std::max(src, dst) << " (the transport has "
                                            << m_transport->GetNRanks() << " ranks)");
    NS_ABORT_MSG_IF(src == dst, "InferencePager: a page from rank " << src << " to itself");
    if (m_inFlight++ == 0)
    {
        m_busySince = Simulator::Now();
    }
}

void
InferencePager::EndPage(uint32_t src,
                        uint32_t dst,
                        uint64_t bytes,
                        Time start,
                        const std::function<void()>& done)
{
    NS_ASSERT(m_inFlight > 0);
    if (--m_inFlight == 0)
    {
        m_busy += Simulator::Now() - m_busySince;
    }
    ++m_pages;
    m_bytes += static_cast<double>(bytes);
    const Time duration = Simulator::Now() - start;
    NS_LOG_DEBUG("page " << src << " -> " << dst << " of " << bytes << " bytes in "
                         << duration.As(Time::US));
    m_pagedTrace(src, dst, bytes, duration);
    if (done)
    {
        done();
    }
}

void
InferencePager::Page(uint32_t src, uint32_t dst, uint64_t bytes, std::function<void()> done)
{
    BeginPage(src, dst, bytes);
    const Time start = Simulator::Now();
    Ptr<InferencePager> self(this);
    m_transport->Send(src, dst, bytes, [self, src, dst, bytes, start, done]() {
        self->EndPage(src, dst, bytes, start, done);
    });
}

uint64_t
InferencePager::GetPages() const
{
    return m_pages;
}

double
InferencePager::GetBytesPaged() const
{
    return m_bytes;
}

uint64_t
InferencePager::GetPagesInFlight() const
{
    return m_inFlight;
}

Time
InferencePager::GetBusyTime() const
{
    return m_inFlight > 0 ? m_busy + (Simulator::Now() - m_busySince) : m_busy;
}

// ------------------------------------------------------------------ FabricInferencePager

TypeId
FabricInferencePager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FabricInferencePager")
            .SetParent<InferencePager>()
            .SetGroupName("Optical")
            .AddConstructor<FabricInferencePager>()
            .AddAttribute("Steer",
                          "Reconfigure a server's fabric so that the paging pair's ports are "
                          "joined before its pages go (default true, as the Morphlux controller "
                          "steers bandwidth); false: pages use the circuits in place.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&FabricInferencePager::m_steer),
                          MakeBooleanChecker())
            .AddTraceSource("Steered",
                            "The circuits of a pair of GPUs are lit after a reconfiguration the "
                            "pager asked for: server, one GPU, the other (indices in the server).",
                            MakeTraceSourceAccessor(&FabricInferencePager::m_steeredTrace),
                            "ns3::FabricInferencePager::SteeredTracedCallback");
    return tid;
}

FabricInferencePager::FabricInferencePager()
    : m_steer(true)
{
}

FabricInferencePager::~FabricInferencePager() = default;

void
FabricInferencePager::DoDispose()
{
    m_servers.clear();
    m_gpuOf.clear();
    InferencePager::DoDispose();
}

void
FabricInferencePager::SetFabric(uint32_t server,
                                Ptr<OpticalCircuitSwitch> fabric,
                                const std::vector<uint32_t>& gpuRanks,
                                uint32_t portsPerGpu,
                                PortFunction portOf)
{
    NS_ABORT_MSG_IF(m_servers.count(server),
                    "FabricInferencePager: server " << server << " set twice");
    NS_ABORT_MSG_IF(fabric && portsPerGpu == 0,
                    "FabricInferencePager: server " << server
                                                    << " has a fabric but 0 ports per GPU");
    Server& s = m_servers[server];
    s.fabric = fabric;
    s.gpuRanks = gpuRanks;
    s.ports = fabric ? portsPerGpu : 0;
    s.portOf =
        portOf ? portOf : [portsPerGpu](uint32_t gpu, uint32_t k) { return gpu * portsPerGpu + k; };
    s.inFlight.assign(gpuRanks.size(), 0);
    for (uint32_t g = 0; g < gpuRanks.size(); ++g)
    {
        NS_ABORT_MSG_IF(m_gpuOf.count(gpuRanks[g]),
                        "FabricInferencePager: rank " << gpuRanks[g] << " is a GPU of two servers");
        m_gpuOf[gpuRanks[g]] = {server, g};
        for (uint32_t k = 0; k < s.ports; ++k)
        {
            NS_ABORT_MSG_IF(s.portOf(g, k) >= fabric->GetNPorts(),
                            "FabricInferencePager: server "
                                << server << " GPU " << g << " port " << k << " is port "
                                << s.portOf(g, k) << " of a switch with " << fabric->GetNPorts()
                                << " ports");
        }
    }
    if (fabric)
    {
        fabric->TraceConnectWithoutContext(
            "ReconfigurationEnd",
            MakeCallback(&FabricInferencePager::ReconfigurationEnded, this).Bind(server));
    }
}

std::string
FabricInferencePager::CheckPage(uint32_t src, uint32_t dst) const
{
    auto a = m_gpuOf.find(src);
    auto b = m_gpuOf.find(dst);
    if (a == m_gpuOf.end() || b == m_gpuOf.end() || a->second.first != b->second.first)
    {
        return "";
    }
    const Server& s = m_servers.at(a->second.first);
    if (!s.fabric)
    {
        return "FabricInferencePager: server " + std::to_string(a->second.first) +
               " has no photonic fabric (FabricPorts = 0): cannot page from its GPU " +
               std::to_string(a->second.second) + " to its GPU " +
               std::to_string(b->second.second) + " over a fabric";
    }
    return "";
}

bool
FabricInferencePager::IsSteered(uint32_t server, uint32_t gpuA, uint32_t gpuB) const
{
    auto it = m_servers.find(server);
    if (it == m_servers.end() || !it->second.fabric)
    {
        return false;
    }
    const Server& s = it->second;
    for (uint32_t k = 0; k < s.ports; ++k)
    {
        const uint32_t pa = s.portOf(gpuA, k);
        const uint32_t pb = s.portOf(gpuB, k);
        if (!s.fabric->IsPortLit(pa) || s.fabric->GetLitPeer(pa) != int32_t(pb) ||
            !s.fabric->IsPortLit(pb) || s.fabric->GetLitPeer(pb) != int32_t(pa))
        {
            return false;
        }
    }
    return s.ports > 0;
}

uint64_t
FabricInferencePager::GetSteers() const
{
    return m_steers;
}

void
FabricInferencePager::Page(uint32_t src, uint32_t dst, uint64_t bytes, std::function<void()> done)
{
    auto a = m_gpuOf.find(src);
    auto b = m_gpuOf.find(dst);
    if (a == m_gpuOf.end() || b == m_gpuOf.end() || a->second.first != b->second.first)
    {
        // A host memory (PCIe) or a GPU of another server: the transport's path.
        InferencePager::Page(src, dst, bytes, std::move(done));
        return;
    }
    const std::string problem = CheckPage(src, dst);
    NS_ABORT_MSG_IF(!problem.empty(), problem);
    BeginPage(src, dst, bytes);
    const uint32_t server = a->second.first;
    m_servers[server].waiting.push_back(
        {a->second.second, b->second.second, src, dst, bytes, Simulator::Now(), std::move(done)});
    Retry(server);
}

void
FabricInferencePager::Retry(uint32_t server)
{
    Server& s = m_servers[server];
    for (auto it = s.waiting.begin(); it != s.waiting.end();)
    {
        // While a steer is under way its pair's ports may go dark at any time (after the
        // control-plane delay): pages touching them wait for its end.
        const bool touched = s.steering && (it->gpuA == s.steerA || it->gpuA == s.steerB ||
                                            it->gpuB == s.steerA || it->gpuB == s.steerB);
        if (!m_steer || (!touched && IsSteered(server, it->gpuA, it->gpuB)))
        {
            Waiting page = std::move(*it);
            it = s.waiting.erase(it);
            SendSplit(server, std::move(page));
            continue;
        }
        if (!s.steering && s.inFlight[it->gpuA] == 0 && s.inFlight[it->gpuB] == 0)
        {
            Steer(server, it->gpuA, it->gpuB);
        }
        ++it;
    }
}

void
FabricInferencePager::Steer(uint32_t server, uint32_t gpuA, uint32_t gpuB)
{
    Server& s = m_servers[server];
    std::set<uint32_t> pair;
    for (uint32_t k = 0; k < s.ports; ++k)
    {
        pair.insert(s.portOf(gpuA, k));
        pair.insert(s.portOf(gpuB, k));
    }
    OcsConfiguration config;
    for (const OcsCircuit& c : s.fabric->GetConfiguration().GetCircuits())
    {
        if (pair.count(c.from) || pair.count(c.to))
        {
            continue;
        }
        if (c.bidirectional)
        {
            config.Connect(c.from, c.to, c.insertionLossDb);
        }
        else
        {
            config.ConnectOneWay(c.from, c.to, c.insertionLossDb);
        }
    }
    for (uint32_t k = 0; k < s.ports; ++k)
    {
        config.Connect(s.portOf(gpuA, k), s.portOf(gpuB, k));
    }
    std::string error;
    NS_ABORT_MSG_IF(!s.fabric->Reconfigure(config, &error),
                    "FabricInferencePager: server " << server << ": steering GPUs " << gpuA
                                                    << " and " << gpuB << ": " << error);
    NS_LOG_INFO("server " << server << ": steering GPUs " << gpuA << " and " << gpuB);
    s.steering = true;
    s.steerA = gpuA;
    s.steerB = gpuB;
    ++m_steers;
}

void
FabricInferencePager::ReconfigurationEnded(uint32_t server, const OcsConfiguration& /* config */)
{
    auto it = m_servers.find(server);
    if (it == m_servers.end() || !it->second.steering)
    {
        return;
    }
    Server& s = it->second;
    s.steering = false;
    if (IsSteered(server, s.steerA, s.steerB))
    {
        m_steeredTrace(server, s.steerA, s.steerB);
    }
    Retry(server);
}

void
FabricInferencePager::SendSplit(uint32_t server, Waiting page)
{
    Server& s = m_servers[server];
    Ptr<CollectiveTransport> transport = GetTransport();
    const uint32_t n = transport->GetNLanes(page.src, page.dst);
    ++s.inFlight[page.gpuA];
    ++s.inFlight[page.gpuB];
    const uint32_t parts = static_cast<uint32_t>(std::min<uint64_t>(n, page.bytes));
    auto left = std::make_shared<uint32_t>(parts);
    auto shared = std::make_shared<Waiting>(std::move(page));
    Ptr<FabricInferencePager> self(this);
    const uint64_t base = shared->bytes / parts;
    const uint64_t extra = shared->bytes % parts;
    for (uint32_t i = 0; i < parts; ++i)
    {
        const uint64_t bytes = base + (i < extra ? 1 : 0);
        transport->SendOnLane(shared->src, shared->dst, i, bytes, [self, server, left, shared]() {
            if (--*left > 0)
            {
                return;
            }
            auto it = self->m_servers.find(server);
            if (it != self->m_servers.end())
            {
                --it->second.inFlight[shared->gpuA];
                --it->second.inFlight[shared->gpuB];
            }
            self->EndPage(shared->src, shared->dst, shared->bytes, shared->start, shared->done);
            self->Retry(server);
        });
    }
}

} // namespace ns3
