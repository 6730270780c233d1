/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-server-helper.h"

#include "ns3/abort.h"
#include "ns3/flow-collective-transport.h"
#include "ns3/flow-topology-realizer.h"
#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/packet-topology-realizer.h"
#include "ns3/tcp-collective-transport.h"
#include "ns3/uinteger.h"

#include <deque>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceServerHelper");

uint32_t
InferenceServers::GpuRank(uint32_t server, uint32_t gpu) const
{
    NS_ABORT_MSG_IF(server >= servers || gpu >= gpusPerServer,
                    "InferenceServers: GPU " << gpu << " of server " << server << " (there are "
                                             << servers << " servers of " << gpusPerServer
                                             << " GPUs)");
    return server * gpusPerServer + gpu;
}

uint32_t
InferenceServers::HostRank(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= servers,
                    "InferenceServers: server " << server << " (there are " << servers << ")");
    return servers * gpusPerServer + server;
}

InferenceServerHelper::InferenceServerHelper()
    : m_scaleUpRate("3600Gbps"),
      m_scaleUpLatency(NanoSeconds(500)),
      m_pcieRate("512Gbps"),
      m_pcieLatency(MicroSeconds(1)),
      m_fabricPorts(0),
      m_fabricRate("400Gbps"),
      m_fabricDelay(NanoSeconds(3700)),
      m_fabricPortDelay(PicoSeconds(500)),
      m_hostMemory(uint64_t(1) << 40),
      m_mtu(9000),
      m_fluid(false),
      m_hostMetric(1000),
      m_tcpPort(9100)
{
}

void
InferenceServerHelper::SetGpu(const GpuSpec& gpu)
{
    m_scaleUpRate = DataRate(static_cast<uint64_t>(gpu.scaleUpBps));
}

void
InferenceServerHelper::SetScaleUpRate(DataRate rate)
{
    m_scaleUpRate = rate;
}

void
InferenceServerHelper::SetScaleUpLatency(Time delay)
{
    m_scaleUpLatency = delay;
}

void
InferenceServerHelper::SetPcieRate(DataRate rate)
{
    m_pcieRate = rate;
}

void
InferenceServerHelper::SetPcieLatency(Time delay)
{
    m_pcieLatency = delay;
}

void
InferenceServerHelper::SetFabricPorts(uint32_t ports)
{
    m_fabricPorts = ports;
}

void
InferenceServerHelper::SetFabricPortRate(DataRate rate)
{
    m_fabricRate = rate;
}

void
InferenceServerHelper::SetFabricDelay(Time delay)
{
    m_fabricDelay = delay;
}

void
InferenceServerHelper::SetFabricPortDelay(Time delay)
{
    m_fabricPortDelay = delay;
}

void
InferenceServerHelper::SetHostMemory(uint64_t bytes)
{
    m_hostMemory = bytes;
}

void
InferenceServerHelper::SetMtu(uint32_t mtu)
{
    m_mtu = mtu;
}

void
InferenceServerHelper::SetFluid(bool fluid)
{
    m_fluid = fluid;
}

void
InferenceServerHelper::SetHostMetric(uint16_t metric)
{
    m_hostMetric = metric;
}

void
InferenceServerHelper::SetTcpPort(uint16_t port)
{
    m_tcpPort = port;
}

DataRate
InferenceServerHelper::GetScaleUpRate() const
{
    return m_scaleUpRate;
}

DataRate
InferenceServerHelper::GetPcieRate() const
{
    return m_pcieRate;
}

DataRate
InferenceServerHelper::GetFabricPortRate() const
{
    return m_fabricRate;
}

uint32_t
InferenceServerHelper::GetFabricPorts() const
{
    return m_fabricPorts;
}

uint64_t
InferenceServerHelper::GetHostMemory() const
{
    return m_hostMemory;
}

std::string
InferenceServerHelper::Check(uint32_t servers, uint32_t gpusPerServer) const
{
    if (servers == 0)
    {
        return "InferenceServerHelper: servers 0 (must be > 0)";
    }
    if (gpusPerServer == 0)
    {
        return "InferenceServerHelper: GPUs per server 0 (must be > 0)";
    }
    if (m_mtu == 0)
    {
        return "InferenceServerHelper: Mtu 0 (must be > 0; SetFluid for transfers without "
               "packet headers at flow level)";
    }
    if (m_pcieRate.GetBitRate() == 0)
    {
        return "InferenceServerHelper: PcieRate 0 (must be > 0: pages to host memory cross it)";
    }
    if (m_fabricPorts > 0 && m_fabricRate.GetBitRate() == 0)
    {
        return "InferenceServerHelper: FabricPortRate 0 with FabricPorts " +
               std::to_string(m_fabricPorts) + " (must be > 0)";
    }
    const std::pair<const char*, Time> delays[] = {{"ScaleUpLatency", m_scaleUpLatency},
                                                   {"PcieLatency", m_pcieLatency},
                                                   {"FabricDelay", m_fabricDelay},
                                                   {"FabricPortDelay", m_fabricPortDelay}};
    for (const auto& [name, delay] : delays)
    {
        if (delay.IsStrictlyNegative())
        {
            std::ostringstream os;
            os << "InferenceServerHelper: " << name << " " << delay.As(Time::NS)
               << " (must be >= 0)";
            return os.str();
        }
    }
    return "";
}

TopologyDescription
InferenceServerHelper::Describe(uint32_t servers, uint32_t gpusPerServer) const
{
    const std::string problem = Check(servers, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), problem);
    TopologyDescription d;
    const uint32_t G = gpusPerServer;
    std::vector<uint32_t> gpu(servers * G);
    std::vector<uint32_t> host(servers);
    for (uint32_t s = 0; s < servers; ++s)
    {
        for (uint32_t g = 0; g < G; ++g)
        {
            gpu[s * G + g] = d.AddHost("gpu" + std::to_string(s) + "." + std::to_string(g), s);
        }
    }
    for (uint32_t s = 0; s < servers; ++s)
    {
        host[s] = d.AddHost("host" + std::to_string(s), s);
    }
    const bool nvlink = m_scaleUpRate.GetBitRate() > 0;
    for (uint32_t s = 0; s < servers; ++s)
    {
        if (nvlink)
        {
            const uint32_t sw = d.AddSwitch("nvswitch" + std::to_string(s));
            for (uint32_t g = 0; g < G; ++g)
            {
                d.AddLink(gpu[s * G + g], sw, m_scaleUpRate, m_scaleUpLatency, m_mtu);
            }
        }
        for (uint32_t g = 0; g < G; ++g)
        {
            d.AddLink(gpu[s * G + g], host[s], m_pcieRate, m_pcieLatency, m_mtu);
        }
        if (m_fabricPorts > 0)
        {
            const uint32_t ocs = d.AddOcs("fabric" + std::to_string(s), G * m_fabricPorts);
            for (uint32_t g = 0; g < G; ++g)
            {
                for (uint32_t k = 0; k < m_fabricPorts; ++k)
                {
                    d.AttachOcsPort(ocs,
                                    g * m_fabricPorts + k,
                                    gpu[s * G + g],
                                    m_fabricRate,
                                    m_fabricPortDelay,
                                    m_mtu,
                                    k);
                }
            }
        }
    }
    return d;
}

OcsConfiguration
InferenceServerHelper::RingConfiguration(uint32_t gpusPerServer) const
{
    OcsConfiguration config;
    if (gpusPerServer < 2)
    {
        return config;
    }
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        for (uint32_t k = 0; k < m_fabricPorts; ++k)
        {
            config.ConnectOneWay(g * m_fabricPorts + k,
                                 ((g + 1) % gpusPerServer) * m_fabricPorts + k);
        }
    }
    return config;
}

namespace
{
/// What the flow-level path function knows of one vertex.
struct VertexRole
{
    uint32_t server; //!< Its server
    bool gpu;        //!< GPU (else host memory or NVSwitch)
    bool host;       //!< Host memory
};

/**
 * \brief The role of every vertex of the servers: GPUs and host memories by their rank,
 * NVSwitches by the server of the GPUs their links come from.
 * \param [in] d The description
 * \param [in] vertices The vertex of each description node
 * \param [in] servers Servers
 * \param [in] gpusPerServer GPUs per server
 * \param [out] roles Vertex -> role
 * \param [out] nvswitch Per server: its NVSwitch's vertex (-1: none; sized by the caller)
 */
void
MakeRoles(const TopologyDescription& d,
          const std::vector<uint32_t>& vertices,
          uint32_t servers,
          uint32_t gpusPerServer,
          std::map<uint32_t, VertexRole>& roles,
          std::vector<int64_t>& nvswitch)
{
    for (uint32_t i = 0; i < d.GetNNodes(); ++i)
    {
        const TopologyDescription::Node& n = d.GetNode(i);
        if (n.role == TopologyDescription::Role::HOST)
        {
            const bool isGpu = n.rank < servers * gpusPerServer;
            roles[vertices[i]] = {isGpu ? n.rank / gpusPerServer : n.rank - servers * gpusPerServer,
                                  isGpu,
                                  !isGpu};
        }
    }
    for (const auto& link : d.GetLinks())
    {
        if (d.GetNode(link.b).role == TopologyDescription::Role::SWITCH)
        {
            // An NVLink link: its GPU's server owns the switch.
            const uint32_t s = d.GetNode(link.a).server;
            roles[vertices[link.b]] = {s, false, false};
            nvswitch[s] = vertices[link.b];
        }
    }
}

/**
 * \brief Between two GPUs of a server without NVSwitch: fewest hops over the server's lit
 * fabric circuits (GPU vertices only).
 * \param [in] topo The topology
 * \param [in] roles Vertex -> role
 * \param [in] s The server
 * \param [in] src The source vertex
 * \param [in] dst The destination vertex
 * \param [out] links The path (empty before)
 * \param [out] error No lit path
 * \return true if there is a path
 */
bool
FabricPath(FlowTopology* topo,
           const std::map<uint32_t, VertexRole>& roles,
           uint32_t s,
           uint32_t src,
           uint32_t dst,
           std::vector<uint32_t>& links,
           std::string& error)
{
    std::map<uint32_t, std::vector<uint32_t>> out;
    for (uint32_t l = 0; l < topo->GetNLinks(); ++l)
    {
        const FlowTopology::Link& link = topo->GetLink(l);
        auto f = roles.find(link.from);
        auto t = roles.find(link.to);
        if (link.up && link.capacity > 0 && f != roles.end() && t != roles.end() && f->second.gpu &&
            t->second.gpu && f->second.server == s && t->second.server == s)
        {
            out[link.from].push_back(l);
        }
    }
    std::map<uint32_t, uint32_t> via; // vertex -> link reaching it
    std::deque<uint32_t> queue{src};
    via[src] = UINT32_MAX;
    while (!queue.empty() && !via.count(dst))
    {
        const uint32_t at = queue.front();
        queue.pop_front();
        for (uint32_t l : out[at])
        {
            const uint32_t to = topo->GetLink(l).to;
            if (!via.count(to))
            {
                via[to] = l;
                queue.push_back(to);
            }
        }
    }
    if (!via.count(dst))
    {
        error = "no lit fabric circuit path from " + topo->GetVertexName(src) + " to " +
                topo->GetVertexName(dst) + " (the server has no NVSwitch)";
        return false;
    }
    for (uint32_t at = dst; at != src; at = topo->GetLink(via[at]).from)
    {
        links.insert(links.begin(), via[at]);
    }
    return true;
}

/**
 * \brief The path function of the servers' topology (see InferenceServerHelper): vertices of
 * different servers (or not the servers') take the shortest path; a GPU and its host memory
 * their PCIe link; two GPUs of a server the NVSwitch, else the fabric's lit circuits.
 * \param [in] topo The topology
 * \param [in] roles Vertex -> role
 * \param [in] nvswitch Per server: its NVSwitch's vertex (-1: none)
 * \param [in] src The source vertex
 * \param [in] dst The destination vertex
 * \param [in] hash The flow's hash (shortest paths)
 * \param [out] links The path
 * \param [out] error No path
 * \return true if there is a path
 */
bool
ServerPath(FlowTopology* topo,
           const std::map<uint32_t, VertexRole>& roles,
           const std::vector<int64_t>& nvswitch,
           uint32_t src,
           uint32_t dst,
           uint64_t hash,
           std::vector<uint32_t>& links,
           std::string& error)
{
    auto a = roles.find(src);
    auto b = roles.find(dst);
    if (a == roles.end() || b == roles.end() || a->second.server != b->second.server)
    {
        return topo->ShortestPath(src, dst, hash, true, links, error);
    }
    links.clear();
    const uint32_t s = a->second.server;
    if (a->second.host || b->second.host)
    {
        const int64_t l = topo->FindLink(src, dst);
        if (l < 0)
        {
            error =
                "no PCIe link from " + topo->GetVertexName(src) + " to " + topo->GetVertexName(dst);
            return false;
        }
        links.push_back(static_cast<uint32_t>(l));
        return true;
    }
    if (nvswitch[s] >= 0)
    {
        const uint32_t sw = static_cast<uint32_t>(nvswitch[s]);
        const int64_t up = topo->FindLink(src, sw);
        const int64_t down = topo->FindLink(sw, dst);
        if (up < 0 || down < 0)
        {
            error = "no NVLink path from " + topo->GetVertexName(src) + " to " +
                    topo->GetVertexName(dst);
            return false;
        }
        links = {static_cast<uint32_t>(up), static_cast<uint32_t>(down)};
        return true;
    }
    // No NVSwitch: fewest hops over the server's lit fabric circuits (GPU vertices only).
    return FabricPath(topo, roles, s, src, dst, links, error);
}
} // namespace

InferenceServers
InferenceServerHelper::InstallFlow(Ptr<FlowNetwork> network,
                                   uint32_t servers,
                                   uint32_t gpusPerServer) const
{
    NS_ABORT_MSG_IF(!network, "InferenceServerHelper::InstallFlow: a null network");
    const TopologyDescription d = Describe(servers, gpusPerServer);
    const std::string invalid = d.Validate();
    NS_ABORT_MSG_IF(!invalid.empty(), "InferenceServerHelper: " << invalid);
    if (!network->GetTopology())
    {
        network->SetTopology(CreateObject<FlowTopology>());
    }
    Ptr<FlowTopology> topology = network->GetTopology();

    FlowTopologyRealizer realizer;
    InferenceServers out;
    out.servers = servers;
    out.gpusPerServer = gpusPerServer;
    out.network = network;
    out.portsPerGpu = m_fabricPorts;
    const OcsConfiguration ring = RingConfiguration(gpusPerServer);
    for (uint32_t i = 0; i < d.GetNNodes(); ++i)
    {
        if (d.GetNode(i).role == TopologyDescription::Role::OCS)
        {
            Ptr<OpticalCircuitSwitch> ocs = CreateObject<OpticalCircuitSwitch>();
            ocs->SetAttribute("PortCount", UintegerValue(d.GetNode(i).portCount));
            ocs->SetAttribute("ReconfigurationDelay", TimeValue(m_fabricDelay));
            ocs->SetInitialConfiguration(ring);
            realizer.AdoptOcs(i, ocs, true);
            out.fabrics.push_back(ocs);
        }
    }
    const FlowTopologyRealizer::Result r = realizer.Realize(d, topology, "InferenceServerHelper");

    // Routing for the servers' vertices (see the class documentation).
    auto roles = std::make_shared<std::map<uint32_t, VertexRole>>();
    auto nvswitch = std::make_shared<std::vector<int64_t>>(servers, -1);
    MakeRoles(d, r.vertices, servers, gpusPerServer, *roles, *nvswitch);
    FlowTopology* topo = PeekPointer(topology);
    topology->SetPathFunction([topo, roles, nvswitch](uint32_t src,
                                                      uint32_t dst,
                                                      uint64_t hash,
                                                      std::vector<uint32_t>& links,
                                                      std::string& error) {
        return ServerPath(topo, *roles, *nvswitch, src, dst, hash, links, error);
    });

    Ptr<FlowCollectiveTransport> transport = CreateObject<FlowCollectiveTransport>();
    if (m_fluid)
    {
        transport->SetAttribute("Mtu", UintegerValue(1));
    }
    transport->SetNetwork(network);
    for (uint32_t v : r.hosts)
    {
        transport->AddRank(v, nullptr, 0);
        out.vertices.push_back(v);
    }
    out.transport = transport;
    NS_LOG_INFO("InferenceServerHelper: " << servers << " servers x " << gpusPerServer
                                          << " GPUs at flow level, " << d.GetNLinks() << " links");
    return out;
}

InferenceServers
InferenceServerHelper::InstallPacket(uint32_t servers, uint32_t gpusPerServer)
{
    const TopologyDescription d = Describe(servers, gpusPerServer);
    const std::string invalid = d.Validate();
    NS_ABORT_MSG_IF(!invalid.empty(), "InferenceServerHelper: " << invalid);
    InferenceServers out;
    out.servers = servers;
    out.gpusPerServer = gpusPerServer;
    out.portsPerGpu = m_fabricPorts;
    NodeContainer hosts;
    hosts.Create(d.Count(TopologyDescription::Role::HOST));
    PacketTopologyRealizer realizer;
    // This fabric addresses (or leaves unaddressed) its own OCS ports.
    realizer.SetOcsAddressing(PacketTopologyRealizer::OcsAddressing::NONE);
    realizer.SetOcsAttribute("ReconfigurationDelay", TimeValue(m_fabricDelay));
    PacketTopologyRealizer::Result r = realizer.Realize(d, hosts, "InferenceServerHelper");
    const OcsConfiguration ring = RingConfiguration(gpusPerServer);
    for (const auto& ocs : r.ocs)
    {
        ocs->SetInitialConfiguration(ring);
        out.fabrics.push_back(ocs);
    }
    for (uint32_t i = 0; i < d.GetNNodes(); ++i)
    {
        if (d.GetNode(i).role == TopologyDescription::Role::SWITCH)
        {
            out.switchNodes.push_back(r.nodes.Get(i));
        }
    }
    // Host memories are endpoints: a high metric keeps routes between GPUs off them.
    for (uint32_t s = 0; s < servers; ++s)
    {
        Ptr<Ipv4> ip = hosts.Get(servers * gpusPerServer + s)->GetObject<Ipv4>();
        for (uint32_t i = 1; i < ip->GetNInterfaces(); ++i)
        {
            ip->SetMetric(i, m_hostMetric);
        }
    }
    Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
    Ipv4EcmpRouting::Invalidate(); // its cached equal-cost routes
    out.nodes = hosts;
    Ptr<TcpCollectiveTransport> transport = CreateObject<TcpCollectiveTransport>();
    transport->SetAttribute("Port", UintegerValue(m_tcpPort++));
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        transport->AddRank(hosts.Get(i), nullptr, 0);
    }
    transport->Start();
    out.transport = transport;
    return out;
}

Ptr<CollectiveTransport>
InferenceServerHelper::MakeSubTransport(const InferenceServers& installed,
                                        const std::vector<std::pair<uint32_t, uint32_t>>& gpus)
{
    if (installed.network)
    {
        Ptr<FlowCollectiveTransport> t = CreateObject<FlowCollectiveTransport>();
        if (m_fluid)
        {
            t->SetAttribute("Mtu", UintegerValue(1));
        }
        t->SetNetwork(installed.network);
        for (const auto& [s, g] : gpus)
        {
            t->AddRank(installed.vertices[installed.GpuRank(s, g)], nullptr, 0);
        }
        return t;
    }
    Ptr<TcpCollectiveTransport> t = CreateObject<TcpCollectiveTransport>();
    t->SetAttribute("Port", UintegerValue(m_tcpPort++));
    for (const auto& [s, g] : gpus)
    {
        t->AddRank(installed.nodes.Get(installed.GpuRank(s, g)), nullptr, 0);
    }
    t->Start();
    return t;
}

void
InferenceServerHelper::ConfigurePager(Ptr<FabricInferencePager> pager,
                                      const InferenceServers& installed)
{
    NS_ABORT_MSG_IF(!pager, "InferenceServerHelper::ConfigurePager: a null pager");
    NS_ABORT_MSG_IF(!installed.network && !installed.fabrics.empty(),
                    "InferenceServerHelper::ConfigurePager: fabric pages at packet level are "
                    "not carried (the fabric's devices have no addresses); use InstallFlow");
    pager->SetTransport(installed.transport);
    for (uint32_t s = 0; s < installed.servers; ++s)
    {
        std::vector<uint32_t> ranks;
        for (uint32_t g = 0; g < installed.gpusPerServer; ++g)
        {
            ranks.push_back(installed.GpuRank(s, g));
        }
        pager->SetFabric(s,
                         installed.fabrics.empty() ? nullptr : installed.fabrics[s],
                         ranks,
                         installed.fabrics.empty() ? 0 : installed.portsPerGpu);
    }
}

} // namespace ns3
