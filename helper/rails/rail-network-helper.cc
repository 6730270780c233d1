/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-network-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/collective-algorithms.h"
#include "ns3/double.h"
#include "ns3/flow-network.h"
#include "ns3/flow-topology-realizer.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/packet-topology-realizer.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RailNetworkHelper");

RailNetworkHelper::RailNetworkHelper()
    : m_delay(NanoSeconds(0))
{
}

std::vector<std::string>
RailNetworkHelper::GetNetworkNames()
{
    return {"electrical", "photonic", "photonic-provision", "fat-tree"};
}

bool
RailNetworkHelper::SetNetwork(const std::string& name, std::string* error)
{
    const auto names = GetNetworkNames();
    if (std::find(names.begin(), names.end(), name) == names.end())
    {
        const std::string message = "unknown fabric '" + name +
                                    "' (known: electrical, photonic, photonic-provision, "
                                    "fat-tree)";
        NS_ABORT_MSG_IF(!error, "RailNetworkHelper: " << message);
        *error = message;
        return false;
    }
    m_fabric = name;
    return true;
}

const std::string&
RailNetworkHelper::GetNetwork() const
{
    return m_fabric;
}

bool
RailNetworkHelper::IsPhotonic() const
{
    return m_fabric == "photonic" || m_fabric == "photonic-provision";
}

void
RailNetworkHelper::SetGpuDataRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "RailNetworkHelper: zero GPU data rate");
    m_rate = rate;
}

void
RailNetworkHelper::SetLinkDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "RailNetworkHelper: negative link delay");
    m_delay = delay;
}

void
RailNetworkHelper::SetMtu(uint32_t mtu)
{
    m_mtu = mtu;
}

void
RailNetworkHelper::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsAttributes.emplace_back(name, value.Copy());
}

void
RailNetworkHelper::SetReturnDataRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "RailNetworkHelper: zero return data rate");
    m_returnRate = rate;
}

void
RailNetworkHelper::SetOcsRadix(uint32_t radix)
{
    m_radix = radix;
}

std::string
RailNetworkHelper::Check(uint32_t servers, uint32_t gpusPerServer) const
{
    if (servers < 2)
    {
        return "a rail fabric needs at least 2 servers (got " + std::to_string(servers) + ")";
    }
    if (gpusPerServer < 1)
    {
        return "a rail fabric needs at least 1 GPU per server (got 0)";
    }
    RailBill bill;
    std::string error;
    if (IsPhotonic() &&
        !RailNetworkSizing::Photonic(servers, gpusPerServer, "any", m_radix, bill, error))
    {
        return error; // the radix rule is the bill's
    }
    return "";
}

std::string
RailNetworkHelper::CheckPlacement(const TrainingConfig& config, uint32_t gpusPerServer) const
{
    const uint64_t ranks = uint64_t{config.tp} * config.dp * config.pp; // EP divides DP
    if (!IsPhotonic() || gpusPerServer == 0 || ranks <= gpusPerServer)
    {
        return ""; // one server: everything stays in its scale-up domain
    }
    const std::string allowed = " (allowed here: tp = " + std::to_string(gpusPerServer) +
                                ", the GPUs per server, or a job within one server)";
    // A TP group larger than a server spans servers, and its ring steps from the last GPU of
    // one server (its last rail) to the first of the next (rail 0).
    if (config.tp > gpusPerServer)
    {
        return "--tp=" + std::to_string(config.tp) + " with " + std::to_string(gpusPerServer) +
               " GPUs per server: a TP group spans servers, and photonic rails join only the "
               "GPUs of one rail, so its collectives would cross rails" +
               allowed;
    }
    // Ranks are TP-innermost: peers in DP, PP and EP differ by a multiple of TP, so they share
    // a rail exactly when TP is a multiple of the GPUs per server.
    if (config.tp % gpusPerServer == 0)
    {
        return "";
    }
    return "--tp=" + std::to_string(config.tp) + " with " + std::to_string(gpusPerServer) +
           " GPUs per server: photonic rails join only the GPUs of one rail, so DP and PP peers "
           "must share a rail (tp a multiple of the GPUs per server)" +
           allowed;
}

std::string
RailNetworkHelper::CheckPlacement(const ExecutionGraph& graph, uint32_t gpusPerServer) const
{
    if (!IsPhotonic() || gpusPerServer == 0)
    {
        return "";
    }
    if (graph.GetNReplicas() > 1)
    {
        return CheckPlacement(graph.Expand(), gpusPerServer);
    }
    const uint32_t g = gpusPerServer;
    // a -> b is possible if it stays in a server or on a rail.
    auto crosses = [g](uint32_t a, uint32_t b) { return a / g != b / g && a % g != b % g; };
    auto where = [g](uint32_t r) {
        return "rank " + std::to_string(r) + " (server " + std::to_string(r / g) + ", rail " +
               std::to_string(r % g) + ")";
    };
    const std::string why =
        ": photonic rails join only the GPUs of one rail (rank r is GPU r mod " +
        std::to_string(g) + " of server r / " + std::to_string(g) + ")";
    CollectiveScheduleCache schedules;
    std::set<std::pair<std::string, uint64_t>> seen; // collectives checked, by group and id
    for (uint32_t r = 0; r < graph.GetNRanks(); ++r)
    {
        for (const ExecNode& n : graph.GetNodes(r))
        {
            if (n.kind == ExecNodeKind::SEND && crosses(r, n.peer))
            {
                return "node " + std::to_string(n.id) + " of rank " + std::to_string(r) +
                       " sends from " + where(r) + " to " + where(n.peer) + why;
            }
            if (n.kind != ExecNodeKind::COLLECTIVE || !seen.emplace(n.group, n.id).second)
            {
                continue;
            }
            const std::vector<uint32_t> ranks = graph.GetGroupRanks(n.group);
            if (ranks.size() < 2)
            {
                continue;
            }
            const auto schedule =
                schedules.Get(n.collective,
                              n.algorithm,
                              static_cast<uint32_t>(ranks.size()),
                              std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(n.bytes))),
                              "RailNetworkHelper::CheckPlacement");
            for (const CollectiveOp& op : schedule->GetOps())
            {
                if (crosses(ranks[op.src], ranks[op.dst]))
                {
                    return "node " + std::to_string(n.id) + " of rank " + std::to_string(r) + " (" +
                           n.collective.GetName() + " " + n.algorithm.GetName() + " of group '" +
                           (n.group.empty() ? "every rank" : n.group) + "') sends from " +
                           where(ranks[op.src]) + " to " + where(ranks[op.dst]) + why;
                }
            }
        }
    }
    return "";
}

void
RailNetworkHelper::Prepare(uint32_t servers, uint32_t gpusPerServer)
{
    const std::string problem = Check(servers, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "RailNetworkHelper (" << m_fabric << "): " << problem);
    m_gpusPerServer = gpusPerServer;
    m_controller = nullptr;
    m_ocs.clear();
}

ScaleOutTopologyHelper
RailNetworkHelper::SwitchedNetwork(uint32_t gpusPerServer) const
{
    ScaleOutTopologyHelper fabric;
    fabric.SetTopology(m_fabric == "fat-tree" ? "fat-tree" : "rail");
    fabric.SetFatTree(gpusPerServer, gpusPerServer); // a leaf per server, non-blocking
    fabric.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
    fabric.SetChannelAttribute("Delay", TimeValue(m_delay));
    return fabric;
}

TopologyDescription
RailNetworkHelper::Describe(uint32_t servers, uint32_t gpusPerServer) const
{
    const std::string problem = Check(servers, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "RailNetworkHelper (" << m_fabric << "): " << problem);
    if (!IsPhotonic())
    {
        return SwitchedNetwork(gpusPerServer).Describe(servers * gpusPerServer, gpusPerServer);
    }
    TopologyDescription d;
    d.AddServers(servers, gpusPerServer);
    // Rail g: an OCS whose port s holds GPU g of server s.
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        const uint32_t ocs = d.AddOcs("ocs" + std::to_string(g), servers, g);
        for (uint32_t s = 0; s < servers; ++s)
        {
            d.AttachOcsPort(ocs, s, s * gpusPerServer + g, m_rate, m_delay, m_mtu);
        }
    }
    return d;
}

void
RailNetworkHelper::MakeController(const std::vector<Ptr<OpticalCircuitSwitch>>& rails,
                                  uint32_t servers,
                                  uint32_t gpusPerServer)
{
    m_controller = CreateObject<PhotonicRailController>();
    m_controller->SetAttribute("Provision", BooleanValue(m_fabric == "photonic-provision"));
    for (const Ptr<OpticalCircuitSwitch>& ocs : rails)
    {
        m_controller->AddRail(ocs);
        m_ocs.push_back(ocs);
    }
    for (uint32_t s = 0; s < servers; ++s)
    {
        for (uint32_t g = 0; g < gpusPerServer; ++g)
        {
            m_controller->SetRankLocation(s * gpusPerServer + g, s, g);
        }
    }
}

std::vector<uint32_t>
RailNetworkHelper::Build(Ptr<FlowTopology> topology, uint32_t servers, uint32_t gpusPerServer)
{
    NS_ABORT_MSG_IF(!topology, "RailNetworkHelper::Build: null topology");
    Prepare(servers, gpusPerServer);
    if (!IsPhotonic())
    {
        return SwitchedNetwork(gpusPerServer)
            .Build(topology, servers * gpusPerServer, gpusPerServer);
    }
    FlowTopologyRealizer realizer;
    for (const auto& [name, value] : m_ocsAttributes)
    {
        realizer.SetOcsAttribute(name, *value);
    }
    const FlowTopologyRealizer::Result made =
        realizer.Realize(Describe(servers, gpusPerServer), topology, "RailNetworkHelper");
    MakeController(made.ocs, servers, gpusPerServer);
    return made.hosts;
}

void
RailNetworkHelper::Install(NodeContainer gpus, uint32_t gpusPerServer)
{
    NS_ABORT_MSG_IF(gpusPerServer == 0 || gpus.GetN() % gpusPerServer != 0,
                    "RailNetworkHelper: " << gpus.GetN() << " GPUs are not a multiple of "
                                          << gpusPerServer << " GPUs per server");
    const uint32_t servers = gpus.GetN() / gpusPerServer;
    Prepare(servers, gpusPerServer);
    if (!IsPhotonic())
    {
        SwitchedNetwork(gpusPerServer).Install(gpus, gpusPerServer);
        return;
    }
    NS_ABORT_MSG_IF(gpusPerServer > 64 || gpus.GetN() > (1u << 20) || servers >= (1u << 16),
                    "RailNetworkHelper: packet-level photonic rails address at most 64 rails, "
                    "65535 servers and 2^20 GPUs (got "
                        << gpusPerServer << " rails, " << gpus.GetN() << " GPUs)");
    // The description gives the Internet stacks and interface 1 of every GPU: its rail's OCS
    // port (PacketTopologyRealizer; the fibre's length gives the links' delay).
    PacketTopologyRealizer realizer;
    // This fabric addresses (or leaves unaddressed) its own OCS ports.
    realizer.SetOcsAddressing(PacketTopologyRealizer::OcsAddressing::NONE);
    for (const auto& [name, value] : m_ocsAttributes)
    {
        realizer.SetOcsAttribute(name, *value);
    }
    const PacketTopologyRealizer::Result made =
        realizer.Realize(Describe(servers, gpusPerServer), gpus, "RailNetworkHelper");
    MakeController(made.ocs, servers, gpusPerServer);
    // Circuits are one-way, so the addresses are the fabric's own. Interface 1 of GPU x
    // (server s, rail g): its OCS port, with two addresses: first 10.192.0.0 + x, which is the
    // source of everything the GPU sends and which the others reach through the return
    // network; then 10.(64 + g).0.0 + s + 1, reached through the rail's circuits. Both /32:
    // the source chosen for the second kind is the first address.
    Ipv4StaticRoutingHelper staticRouting;
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        const NetDeviceContainer& devices = made.ocsDevices[g];
        const Ipv4Address railNet(0x0A400000u + (g << 16));
        for (uint32_t s = 0; s < servers; ++s)
        {
            const uint32_t x = s * gpusPerServer + g;
            Ptr<Ipv4> ipv4 = gpus.Get(x)->GetObject<Ipv4>();
            const int32_t index = ipv4->AddInterface(devices.Get(s));
            ipv4->AddAddress(
                index,
                Ipv4InterfaceAddress(Ipv4Address(0x0AC00000u + x), Ipv4Mask::GetOnes()));
            ipv4->AddAddress(
                index,
                Ipv4InterfaceAddress(Ipv4Address(railNet.Get() + s + 1), Ipv4Mask::GetOnes()));
            ipv4->SetUp(index);
            staticRouting.GetStaticRouting(ipv4)->AddNetworkRouteTo(railNet,
                                                                    Ipv4Mask("255.255.0.0"),
                                                                    index);
        }
    }
    // Interface 2: the return network, a switch with a /30 per GPU in 10.128.0.0/10, which
    // carries what is sent to the first addresses (acknowledgements).
    Ptr<Node> returnSwitch = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(returnSwitch);
    PointToPointHelper links;
    links.SetDeviceAttribute("DataRate", DataRateValue(m_returnRate));
    links.SetChannelAttribute("Delay", TimeValue(m_delay));
    Ipv4AddressHelper addresses;
    Ptr<Ipv4StaticRouting> switchRoutes =
        staticRouting.GetStaticRouting(returnSwitch->GetObject<Ipv4>());
    for (uint32_t x = 0; x < gpus.GetN(); ++x)
    {
        NetDeviceContainer link = links.Install(gpus.Get(x), returnSwitch);
        addresses.SetBase(Ipv4Address(0x0A800000u + 4 * x), Ipv4Mask("255.255.255.252"));
        Ipv4InterfaceContainer assigned = addresses.Assign(link);
        staticRouting.GetStaticRouting(gpus.Get(x)->GetObject<Ipv4>())
            ->AddNetworkRouteTo(Ipv4Address("10.192.0.0"),
                                Ipv4Mask("255.192.0.0"),
                                assigned.GetAddress(1),
                                2);
        switchRoutes->AddHostRouteTo(Ipv4Address(0x0AC00000u + x),
                                     assigned.GetAddress(0),
                                     assigned.Get(1).second);
    }
}

void
RailNetworkHelper::ConfigureCollectives(CollectiveHelper& collectives) const
{
    for (const auto& [name, value] : GetTransportAttributes(NetworkLevel::PACKET))
    {
        collectives.SetTransportAttribute(name, *value);
    }
}

std::vector<std::pair<std::string, Ptr<AttributeValue>>>
RailNetworkHelper::GetTransportAttributes(NetworkLevel level) const
{
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> attributes;
    if (IsPhotonic() && level == NetworkLevel::PACKET)
    {
        attributes.emplace_back("AddressIndex", Create<UintegerValue>(1));
        attributes.emplace_back("ConnectAtStart", Create<BooleanValue>(false));
    }
    return attributes;
}

std::string
RailNetworkHelper::CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const
{
    if (gpusPerServer == 0 || hosts % gpusPerServer != 0)
    {
        return std::to_string(hosts) + " GPUs are not a whole number of servers of " +
               std::to_string(gpusPerServer) + " GPUs";
    }
    return Check(hosts / gpusPerServer, gpusPerServer);
}

void
RailNetworkHelper::InstallOnHosts(NodeContainer gpus, uint32_t gpusPerServer)
{
    Install(gpus, gpusPerServer);
}

ScaleOutFabric::FlowEndpoints
RailNetworkHelper::InstallFlow(uint32_t hosts, uint32_t gpusPerServer)
{
    return OnFlowNetwork([&](Ptr<FlowTopology> topology) {
        return Build(topology, hosts / gpusPerServer, gpusPerServer);
    });
}

void
RailNetworkHelper::Attach(Ptr<TrainingJob> job)
{
    NS_ABORT_MSG_IF(!job, "RailNetworkHelper::Attach: null job");
    if (!m_controller)
    {
        return;
    }
    job->SetController(m_controller);
    job->TraceConnectWithoutContext(
        "IterationEnd",
        MakeCallback(+[](PhotonicRailController* c, const IterationRecord&) {
            c->NewIteration();
        }).Bind(PeekPointer(m_controller)));
}

void
RailNetworkHelper::Attach(Ptr<GraphExecutor> executor)
{
    NS_ABORT_MSG_IF(!executor, "RailNetworkHelper::Attach: null executor");
    if (!m_controller)
    {
        return;
    }
    executor->SetController(m_controller);
    executor->TraceConnectWithoutContext("RunEnd",
                                         MakeCallback(+[](PhotonicRailController* c, Time) {
                                             c->NewIteration();
                                         }).Bind(PeekPointer(m_controller)));
}

Ptr<PhotonicRailController>
RailNetworkHelper::GetController() const
{
    return m_controller;
}

const std::vector<Ptr<OpticalCircuitSwitch>>&
RailNetworkHelper::GetSwitches() const
{
    return m_ocs;
}

bool
RailNetworkHelper::Size(uint32_t servers,
                        uint32_t gpusPerServer,
                        const std::string& system,
                        RailBill& bill,
                        std::string& error) const
{
    const std::string fabric = IsPhotonic() ? "photonic" : m_fabric;
    return RailNetworkSizing::Size(fabric, servers, gpusPerServer, system, m_radix, bill, error);
}

} // namespace ns3
