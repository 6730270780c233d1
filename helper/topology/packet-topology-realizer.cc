/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packet-topology-realizer.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/ocs-helper.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketTopologyRealizer");

namespace
{
constexpr double SPEED_OF_LIGHT = 299792458.0; //!< m/s
constexpr double FIBRE_GROUP_INDEX = 1.4682;   //!< Standard single-mode fibre at 1550 nm

/**
 * \param [in] threshold Marking threshold (packets)
 * \return a RED queue disc that marks ECN at \p threshold, DCTCP-style (MinTh = MaxTh,
 * instantaneous queue, 100 x threshold packets of room)
 */
TrafficControlHelper
EcnMarking(uint32_t threshold)
{
    TrafficControlHelper ecn;
    const double k = threshold;
    ecn.SetRootQueueDisc("ns3::RedQueueDisc",
                         "UseEcn",
                         BooleanValue(true),
                         "UseHardDrop",
                         BooleanValue(false),
                         "QW",
                         DoubleValue(1.0),
                         "MinTh",
                         DoubleValue(k),
                         "MaxTh",
                         DoubleValue(k),
                         "MaxSize",
                         QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, 100 * threshold)));
    return ecn;
}
} // namespace

PacketTopologyRealizer::PacketTopologyRealizer(Ipv4Address network, Ipv4Mask mask)
    : m_network(network.Get()),
      m_capacity((uint64_t{1} << (32 - mask.GetPrefixLength())) / 4)
{
}

void
PacketTopologyRealizer::SetPointToPointHelper(const PointToPointHelper& p2p)
{
    m_p2p = p2p;
}

void
PacketTopologyRealizer::SetOcsAddressing(OcsAddressing addressing)
{
    m_ocsAddressing = addressing;
}

void
PacketTopologyRealizer::SetOcsRouteUpdates(OcsHelper::RouteUpdates when)
{
    m_routeUpdates = when;
}

void
PacketTopologyRealizer::SetRoutingHelper(TopologyDescription::Role role,
                                         const Ipv4RoutingHelper& routing)
{
    NS_ABORT_MSG_IF(role == TopologyDescription::Role::OCS,
                    "PacketTopologyRealizer::SetRoutingHelper: an OCS has no routing");
    m_stacks[role].SetRoutingHelper(routing);
}

void
PacketTopologyRealizer::SetInternetStackHelper(TopologyDescription::Role role,
                                               const InternetStackHelper& stack)
{
    NS_ABORT_MSG_IF(role == TopologyDescription::Role::OCS,
                    "PacketTopologyRealizer::SetInternetStackHelper: an OCS has no stack");
    m_stacks[role] = stack;
}

void
PacketTopologyRealizer::SetDeviceHook(DeviceHook hook)
{
    m_deviceHook = std::move(hook);
}

void
PacketTopologyRealizer::SetOcsHelper(const OcsHelper& ocs)
{
    m_ocsHelper = ocs;
}

void
PacketTopologyRealizer::AdoptOcs(uint32_t node, Ptr<OpticalCircuitSwitch> ocs)
{
    NS_ABORT_MSG_IF(!ocs, "PacketTopologyRealizer::AdoptOcs: null switch");
    m_adopted[node] = ocs;
}

void
PacketTopologyRealizer::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsAttributes.emplace_back(name, value.Copy());
}

PacketTopologyRealizer::Result
PacketTopologyRealizer::Realize(const TopologyDescription& description,
                                NodeContainer hosts,
                                const std::string& who)
{
    const bool addressPorts = CheckRealizable(description, hosts, who);

    // 1. Nodes: the caller's hosts, a new node per switch (index order).
    NodeContainer switches;
    std::vector<Ptr<Node>> byIndex = MakeNodes(description, hosts, switches);
    Result result;

    // 2. Internet stacks: hosts, then switches (each role with its routing, if set).
    InstallStacks(hosts, switches);

    // 3. Links, each with the next /30 of the block.
    const uint32_t subnet = MakeLinks(description, byIndex, result);

    // 4. Routes (with addressed OCS ports: once they are, step 8).
    if (description.GetNLinks() > 0 && !addressPorts)
    {
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }

    // 5. OCSes (the adopted ones are the caller's).
    const std::vector<uint32_t> ocsOrdinal = MakeOcses(description, byIndex, result, who);

    // 6. Ports of the adopted OCSes, in attachment order.
    AttachAdoptedPorts(description, byIndex, ocsOrdinal, result);

    // 7. Fibres between OCS ports.
    JoinFibres(description, ocsOrdinal, result);
    for (const Ptr<Node>& node : byIndex)
    {
        result.nodes.Add(node);
    }

    // 8. OCS ports: addresses, and routes that follow the circuits.
    if (addressPorts)
    {
        AddressOcsPorts(description, result, subnet, who);
    }
    NS_LOG_INFO(who << ": " << switches.GetN() << " switches, " << description.GetNLinks()
                    << " links, " << result.ocs.size() << " OCSes");
    return result;
}

bool
PacketTopologyRealizer::CheckRealizable(const TopologyDescription& description,
                                        const NodeContainer& hosts,
                                        const std::string& who) const
{
    const std::string problem = description.Validate();
    NS_ABORT_MSG_IF(!problem.empty(), who << ": invalid topology description: " << problem);
    const std::vector<uint32_t> hostIndex = description.GetHosts();
    NS_ABORT_MSG_IF(hosts.GetN() != hostIndex.size(),
                    who << ": " << hosts.GetN() << " host nodes for a description of "
                        << hostIndex.size() << " hosts");
    const bool addressPorts =
        m_ocsAddressing == OcsAddressing::PER_PORT && !description.GetOcsPorts().empty();
    const uint64_t subnets =
        description.GetNLinks() + (addressPorts ? description.GetOcsPorts().size() : 0);
    NS_ABORT_MSG_IF(
        subnets > m_capacity,
        who << ": " << description.GetNLinks() << " links"
            << (addressPorts
                    ? " and " + std::to_string(description.GetOcsPorts().size()) + " OCS ports"
                    : std::string())
            << " need " << subnets << " /30 subnets, but its address block "
            << Ipv4Address(m_network) << " holds only " << m_capacity);
    return addressPorts;
}

std::vector<Ptr<Node>>
PacketTopologyRealizer::MakeNodes(const TopologyDescription& description,
                                  const NodeContainer& hosts,
                                  NodeContainer& switches) const
{
    const auto& nodes = description.GetNodes();
    const std::vector<uint32_t> hostIndex = description.GetHosts();
    std::vector<Ptr<Node>> byIndex(nodes.size());
    for (uint32_t r = 0; r < hostIndex.size(); ++r)
    {
        byIndex[hostIndex[r]] = hosts.Get(r);
    }
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].role == TopologyDescription::Role::SWITCH)
        {
            byIndex[i] = CreateObject<Node>();
            switches.Add(byIndex[i]);
        }
    }
    return byIndex;
}

void
PacketTopologyRealizer::InstallStacks(const NodeContainer& hosts,
                                      const NodeContainer& switches) const
{
    using Role = TopologyDescription::Role;
    for (const auto& [role, group] :
         {std::make_pair(Role::HOST, &hosts), std::make_pair(Role::SWITCH, &switches)})
    {
        const auto stack = m_stacks.find(role);
        InternetStackHelper internet =
            stack != m_stacks.end() ? stack->second : InternetStackHelper();
        internet.Install(*group);
    }
}

uint32_t
PacketTopologyRealizer::MakeLinks(const TopologyDescription& description,
                                  const std::vector<Ptr<Node>>& byIndex,
                                  Result& result)
{
    const auto& nodes = description.GetNodes();
    result.links.reserve(description.GetNLinks());
    uint32_t subnet = m_network;
    for (const TopologyDescription::Link& link : description.GetLinks())
    {
        m_p2p.SetDeviceAttribute("DataRate", DataRateValue(link.rate));
        m_p2p.SetDeviceAttribute("Mtu", UintegerValue(link.mtu));
        m_p2p.SetChannelAttribute("Delay", TimeValue(link.delay));
        PointToPointHelper* p2p = &m_p2p;
        PointToPointHelper queued;
        if (link.queueSize)
        {
            queued = m_p2p;
            queued.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(*link.queueSize));
            p2p = &queued;
        }
        NetDeviceContainer devices = p2p->Install(byIndex[link.a], byIndex[link.b]);
        if (m_deviceHook)
        {
            const auto l = static_cast<uint32_t>(result.links.size());
            m_deviceHook(devices.Get(0), {link.a, nodes[link.a].role, false, l});
            m_deviceHook(devices.Get(1), {link.b, nodes[link.b].role, false, l});
        }
        if (link.discipline == TopologyDescription::QueueDiscipline::RED_ECN)
        {
            // Before the addresses: they would install the default queue disc.
            EcnMarking(link.ecnThreshold).Install(devices.Get(1));
        }
        Ipv4AddressHelper addresses;
        addresses.SetBase(Ipv4Address(subnet), Ipv4Mask("255.255.255.252"));
        addresses.Assign(devices);
        subnet += 4;
        result.links.push_back(devices);
    }
    return subnet;
}

std::vector<uint32_t>
PacketTopologyRealizer::MakeOcses(const TopologyDescription& description,
                                  std::vector<Ptr<Node>>& byIndex,
                                  Result& result,
                                  const std::string& who) const
{
    using Role = TopologyDescription::Role;
    const auto& nodes = description.GetNodes();
    for (const auto& [i, ocs] : m_adopted)
    {
        NS_ABORT_MSG_IF(i >= nodes.size() || nodes[i].role != Role::OCS,
                        who << ": adopted switch for node " << i << ", which is not an OCS");
        NS_ABORT_MSG_IF(ocs->GetNPorts() != nodes[i].portCount,
                        who << ": OCS " << nodes[i].name << " has " << nodes[i].portCount
                            << " ports, its adopted switch " << ocs->GetNPorts());
    }
    const auto& ocsPorts = description.GetOcsPorts();
    result.portDevices.resize(ocsPorts.size());
    std::map<uint32_t, std::map<uint32_t, uint32_t>> ports; // OCS -> port -> attachment
    for (uint32_t k = 0; k < ocsPorts.size(); ++k)
    {
        ports[ocsPorts[k].ocs][ocsPorts[k].port] = k;
    }
    std::vector<uint32_t> ocsOrdinal(nodes.size(), TopologyDescription::NONE);
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].role != Role::OCS)
        {
            continue;
        }
        ocsOrdinal[i] = static_cast<uint32_t>(result.ocs.size());
        if (m_adopted.count(i))
        {
            result.ocsDevices.emplace_back(); // filled in step 6
            result.ocsNodes.push_back(nullptr);
            result.ocs.push_back(m_adopted.at(i));
            continue;
        }
        MakeOcs(description, i, ports[i], byIndex, result, who);
    }
    return ocsOrdinal;
}

void
PacketTopologyRealizer::MakeOcs(const TopologyDescription& description,
                                uint32_t i,
                                const std::map<uint32_t, uint32_t>& onThis,
                                std::vector<Ptr<Node>>& byIndex,
                                Result& result,
                                const std::string& who) const
{
    const auto& nodes = description.GetNodes();
    const auto& ocsPorts = description.GetOcsPorts();
    NodeContainer endpoints;
    const TopologyDescription::OcsPort* first =
        onThis.empty() ? nullptr : &ocsPorts[onThis.begin()->second];
    for (const auto& [port, k] : onThis)
    {
        const TopologyDescription::OcsPort* p = &ocsPorts[k];
        NS_ABORT_MSG_IF(port != endpoints.GetN(),
                        who << ": OCS " << nodes[i].name
                            << ": packet level needs its ports 0, 1, ... (port " << port
                            << " follows " << endpoints.GetN() << " ports)");
        NS_ABORT_MSG_IF(p->rate != first->rate || p->delay != first->delay || p->mtu != first->mtu,
                        who << ": OCS " << nodes[i].name
                            << ": packet level needs one rate, delay and MTU for its ports");
        endpoints.Add(byIndex[p->node]);
    }
    OcsHelper ocsHelper = m_ocsHelper;
    for (const auto& [name, value] : m_ocsAttributes)
    {
        ocsHelper.SetSwitchAttribute(name, *value);
    }
    ocsHelper.SetSwitchAttribute("PortCount", UintegerValue(nodes[i].portCount));
    if (first)
    {
        ocsHelper.SetDeviceAttribute("DataRate", DataRateValue(first->rate));
        ocsHelper.SetDeviceAttribute("Mtu", UintegerValue(first->mtu));
        // The fibre's length gives the described delay (Length x n / c).
        ocsHelper.SetChannelAttribute("GroupIndex", DoubleValue(FIBRE_GROUP_INDEX));
        ocsHelper.SetChannelAttribute(
            "Length",
            DoubleValue(first->delay.GetSeconds() * SPEED_OF_LIGHT / FIBRE_GROUP_INDEX));
    }
    Ptr<Node> ocsNode = CreateObject<Node>();
    result.ocsDevices.push_back(ocsHelper.Install(ocsNode, endpoints));
    uint32_t d = 0;
    for (const auto& [port, k] : onThis)
    {
        result.portDevices[k] = DynamicCast<OcsNetDevice>(result.ocsDevices.back().Get(d++));
        if (m_deviceHook)
        {
            const uint32_t on = ocsPorts[k].node;
            m_deviceHook(result.portDevices[k], {on, nodes[on].role, true, k});
        }
    }
    result.ocsNodes.push_back(ocsNode);
    result.ocs.push_back(OcsHelper::GetSwitch(ocsNode));
    byIndex[i] = ocsNode;
}

void
PacketTopologyRealizer::AttachAdoptedPorts(const TopologyDescription& description,
                                           const std::vector<Ptr<Node>>& byIndex,
                                           const std::vector<uint32_t>& ocsOrdinal,
                                           Result& result) const
{
    const auto& nodes = description.GetNodes();
    const auto& ocsPorts = description.GetOcsPorts();
    for (uint32_t k = 0; k < ocsPorts.size(); ++k)
    {
        const TopologyDescription::OcsPort& p = ocsPorts[k];
        if (!m_adopted.count(p.ocs))
        {
            continue;
        }
        OcsHelper ocsHelper = m_ocsHelper;
        ocsHelper.SetDeviceAttribute("DataRate", DataRateValue(p.rate));
        ocsHelper.SetDeviceAttribute("Mtu", UintegerValue(p.mtu));
        result.portDevices[k] = ocsHelper.Attach(m_adopted.at(p.ocs), byIndex[p.node], p.port);
        result.ocsDevices[ocsOrdinal[p.ocs]].Add(result.portDevices[k]);
        if (m_deviceHook)
        {
            m_deviceHook(result.portDevices[k], {p.node, nodes[p.node].role, true, k});
        }
    }
}

void
PacketTopologyRealizer::JoinFibres(const TopologyDescription& description,
                                   const std::vector<uint32_t>& ocsOrdinal,
                                   const Result& result) const
{
    for (const TopologyDescription::OcsFibre& fibre : description.GetOcsFibres())
    {
        OcsHelper ocsHelper = m_ocsHelper;
        if (!m_adopted.count(fibre.ocsA) && !m_adopted.count(fibre.ocsB))
        {
            ocsHelper.SetChannelAttribute("GroupIndex", DoubleValue(FIBRE_GROUP_INDEX));
            ocsHelper.SetChannelAttribute(
                "Length",
                DoubleValue(fibre.delay.GetSeconds() * SPEED_OF_LIGHT / FIBRE_GROUP_INDEX));
        }
        ocsHelper.Join(result.ocs[ocsOrdinal[fibre.ocsA]],
                       fibre.portA,
                       result.ocs[ocsOrdinal[fibre.ocsB]],
                       fibre.portB);
    }
}

void
PacketTopologyRealizer::AddressOcsPorts(const TopologyDescription& description,
                                        Result& result,
                                        uint32_t firstSubnet,
                                        const std::string& who)
{
    uint32_t subnet = firstSubnet;
    for (uint32_t k = 0; k < result.portDevices.size(); ++k)
    {
        Ptr<OcsNetDevice> device = result.portDevices[k];
        Ipv4AddressHelper addresses;
        addresses.SetBase(Ipv4Address(subnet), Ipv4Mask("255.255.255.252"));
        addresses.Assign(NetDeviceContainer(device));
        subnet += 4;
    }
    // Interfaces follow their port's light and global routes follow the circuits.
    for (const Ptr<OpticalCircuitSwitch>& ocs : result.ocs)
    {
        OcsHelper::EnableIpv4RoutingUpdates(ocs, m_routeUpdates);
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    // At the first instant of the run the caller's initial circuits are in place: routes over
    // them, and a word if an OCS has none lit (its traffic would wait for a reconfiguration,
    // and a TCP SYN lost in the dark costs the connection timeout, 3 s by default).
    std::vector<std::pair<std::string, Ptr<OpticalCircuitSwitch>>> switches;
    const auto& nodes = description.GetNodes();
    uint32_t ordinal = 0;
    for (uint32_t i = 0; i < nodes.size(); ++i)
    {
        if (nodes[i].role == TopologyDescription::Role::OCS)
        {
            switches.emplace_back(nodes[i].name, result.ocs[ordinal++]);
        }
    }
    optical::compat::Schedule(Seconds(0), [switches, who]() {
        Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
        Ipv4EcmpRouting::Invalidate(); // its cached equal-cost routes
        for (const auto& [name, ocs] : switches)
        {
            bool lit = false;
            for (uint32_t p = 0; p < ocs->GetNPorts() && !lit; ++p)
            {
                lit = ocs->IsPortLit(p);
            }
            if (!lit && !ocs->IsReconfiguring())
            {
                std::cerr << who << ": warning: every circuit of OCS " << name
                          << " is dark when the run starts; routes do not cross it until it "
                             "is configured (set an initial configuration, e.g. "
                             "OpticalCircuitSwitch::SetInitialConfiguration)"
                          << std::endl;
            }
        }
    });
}

} // namespace ns3
