/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-topology-helper.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/names.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simple-ref-count.h"
#include "ns3/socket.h"

#include <map>
#include <set>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowTopologyHelper");

namespace
{
/// Keeps one OCS's circuits and the topology's links in step.
class OcsBinding : public SimpleRefCount<OcsBinding>
{
  public:
    FlowTopology* topology{nullptr}; //!< Topology (lives as long as the simulation's switches)
    std::map<uint32_t, FlowTopologyHelper::OcsPort> ports;   //!< Port -> endpoint
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> links; //!< (from, to) -> link
    Time latency;                                            //!< Switch latency

    /// \return the link of a circuit direction, created if needed (-1 if a port has no
    /// endpoint)
    int64_t Link(uint32_t from, uint32_t to)
    {
        auto it = links.find({from, to});
        if (it != links.end())
        {
            return it->second;
        }
        auto a = ports.find(from);
        auto b = ports.find(to);
        if (a == ports.end() || b == ports.end())
        {
            return -1;
        }
        const uint32_t l = topology->AddLink(a->second.vertex,
                                             b->second.vertex,
                                             a->second.rateBps,
                                             a->second.fibre + latency + b->second.fibre,
                                             a->second.mtu,
                                             a->second.device);
        links[{from, to}] = l;
        return l;
    }

    void Up(uint32_t from, uint32_t to)
    {
        const int64_t l = Link(from, to);
        if (l >= 0)
        {
            topology->SetLinkUp(l, true);
        }
    }

    void Down(uint32_t from, uint32_t to)
    {
        auto it = links.find({from, to});
        if (it != links.end())
        {
            topology->SetLinkUp(it->second, false);
        }
    }
};

double
DeviceRate(Ptr<NetDevice> device)
{
    DataRateValue rate;
    device->GetAttribute("DataRate", rate);
    return static_cast<double>(rate.Get().GetBitRate());
}

bool
HasAttribute(Ptr<Object> object, const std::string& name)
{
    TypeId::AttributeInformation info;
    return object->GetInstanceTypeId().LookupAttributeByName(name, &info);
}

std::string
NodeName(Ptr<Node> node)
{
    const std::string name = Names::FindName(node);
    return name.empty() ? "node" + std::to_string(node->GetId()) : name;
}
} // namespace

FlowTopologyHelper::FlowTopologyHelper() = default;

bool
FlowTopologyHelper::SetRouting(const std::string& routing, std::string* error)
{
    if (routing != "ipv4" && routing != "shortest")
    {
        const std::string msg =
            "FlowTopologyHelper: routing '" + routing + "' is not 'ipv4' or 'shortest'";
        if (error)
        {
            *error = msg;
            return false;
        }
        NS_FATAL_ERROR(msg);
    }
    m_routing = routing;
    return true;
}

Ptr<FlowTopology>
FlowTopologyHelper::Build(NodeContainer nodes) const
{
    Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
    // Nodes in the order they became vertices: the given ones, then those reached through
    // their links. (Each once: a node listed twice would get its links twice.)
    std::vector<Ptr<Node>> order;
    auto vertexOf = [&topology, &order](Ptr<Node> node) -> uint32_t {
        const int64_t v = topology->FindVertex(node);
        if (v >= 0)
        {
            return static_cast<uint32_t>(v);
        }
        order.push_back(node);
        return topology->AddVertex(NodeName(node), node);
    };
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        vertexOf(*it);
    }
    std::set<Ptr<OpticalCircuitSwitch>> switches;
    // Links of point-to-point-like devices, in node then device order.
    for (std::size_t k = 0; k < order.size(); ++k)
    {
        Ptr<Node> node = order[k];
        for (uint32_t i = 0; i < node->GetNDevices(); ++i)
        {
            Ptr<NetDevice> dev = node->GetDevice(i);
            if (Ptr<OcsNetDevice> ocsDev = DynamicCast<OcsNetDevice>(dev))
            {
                Ptr<OcsChannel> ch = DynamicCast<OcsChannel>(ocsDev->GetChannel());
                if (ch && ch->GetSwitch())
                {
                    switches.insert(ch->GetSwitch());
                }
                continue;
            }
            Ptr<Channel> ch = dev->GetChannel();
            if (!ch || ch->GetNDevices() != 2 || !HasAttribute(dev, "DataRate"))
            {
                NS_LOG_LOGIC("skipping device " << i << " of " << NodeName(node));
                continue;
            }
            Ptr<NetDevice> peer = ch->GetDevice(0) == dev ? ch->GetDevice(1) : ch->GetDevice(0);
            TimeValue delay(Seconds(0));
            if (HasAttribute(ch, "Delay"))
            {
                ch->GetAttribute("Delay", delay);
            }
            const uint32_t from = vertexOf(node);
            const uint32_t to = vertexOf(peer->GetNode());
            topology->AddLink(from, to, DeviceRate(dev), delay.Get(), dev->GetMtu(), dev);
        }
    }
    // OCS circuits: one link per circuit direction, lit or dark as the switch is.
    for (const auto& ocs : switches)
    {
        std::map<uint32_t, OcsPort> ports;
        for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
        {
            Ptr<OcsChannel> ch = ocs->GetChannel(p);
            if (!ch || !ch->GetEndpoint())
            {
                continue;
            }
            Ptr<OcsNetDevice> dev = ch->GetEndpoint();
            ports[p] = {vertexOf(dev->GetNode()),
                        DeviceRate(dev),
                        ch->GetDelay(),
                        dev->GetMtu(),
                        dev};
        }
        AttachOcs(topology, ocs, ports);
    }

    if (m_routing == "ipv4")
    {
        // Follow each node's IPv4 routing hop by hop; shortest paths where there is none.
        std::unordered_map<const NetDevice*, std::vector<uint32_t>> deviceLinks;
        for (uint32_t l = 0; l < topology->GetNLinks(); ++l)
        {
            if (topology->GetLink(l).device)
            {
                deviceLinks[PeekPointer(topology->GetLink(l).device)].push_back(l);
            }
        }
        FlowTopology* topo = PeekPointer(topology);
        topology->SetPathFunction([topo, deviceLinks](uint32_t src,
                                                      uint32_t dst,
                                                      uint64_t hash,
                                                      std::vector<uint32_t>& links,
                                                      std::string& error) {
            links.clear();
            Ptr<Node> dn = topo->GetVertexNode(dst);
            Ptr<Ipv4> dip = dn ? dn->GetObject<Ipv4>() : nullptr;
            bool ok = dip && dip->GetNInterfaces() > 1;
            uint32_t at = src;
            for (uint32_t hop = 0; ok && at != dst && hop < 256; ++hop)
            {
                Ptr<Node> node = topo->GetVertexNode(at);
                Ptr<Ipv4> ip = node ? node->GetObject<Ipv4>() : nullptr;
                if (!ip || !ip->GetRoutingProtocol())
                {
                    ok = false;
                    break;
                }
                Ipv4Header header;
                header.SetDestination(dip->GetAddress(1, 0).GetLocal());
                header.SetProtocol(6);
                Socket::SocketErrno err;
                Ptr<Ipv4Route> route =
                    ip->GetRoutingProtocol()->RouteOutput(Create<Packet>(), header, nullptr, err);
                auto it = route ? deviceLinks.find(PeekPointer(route->GetOutputDevice()))
                                : deviceLinks.end();
                if (it == deviceLinks.end())
                {
                    ok = false;
                    break;
                }
                // Of the device's links (an OCS port may have had several circuits), the lit one.
                int64_t pick = -1;
                for (uint32_t l : it->second)
                {
                    if (pick < 0 || (topo->GetLink(l).up && !topo->GetLink(pick).up))
                    {
                        pick = l;
                    }
                }
                links.push_back(pick);
                at = topo->GetLink(pick).to;
            }
            if (ok && at == dst)
            {
                return true;
            }
            return topo->ShortestPath(src, dst, hash, true, links, error);
        });
    }
    NS_LOG_INFO("flow topology: " << topology->GetNVertices() << " vertices, "
                                  << topology->GetNLinks() << " links, " << switches.size()
                                  << " OCS");
    return topology;
}

void
FlowTopologyHelper::AttachOcs(Ptr<FlowTopology> topology,
                              Ptr<OpticalCircuitSwitch> ocs,
                              const std::map<uint32_t, OcsPort>& ports)
{
    NS_ABORT_MSG_IF(!topology || !ocs, "FlowTopologyHelper::AttachOcs: null topology or switch");
    Ptr<OcsBinding> b = Create<OcsBinding>();
    b->topology = PeekPointer(topology);
    TimeValue latency;
    ocs->GetAttribute("Latency", latency);
    b->latency = latency.Get();
    for (const auto& [p, port] : ports)
    {
        NS_ABORT_MSG_IF(p >= ocs->GetNPorts(),
                        "FlowTopologyHelper::AttachOcs: port " << p << " of an OCS with "
                                                               << ocs->GetNPorts() << " ports");
        NS_ABORT_MSG_IF(port.vertex >= topology->GetNVertices(),
                        "FlowTopologyHelper::AttachOcs: port " << p << " on vertex " << port.vertex
                                                               << ", not in the topology");
        b->ports[p] = port;
    }
    for (const auto& c : ocs->GetConfiguration().GetCircuits())
    {
        for (int dir = 0; dir < (c.bidirectional ? 2 : 1); ++dir)
        {
            const uint32_t from = dir == 0 ? c.from : c.to;
            const uint32_t to = dir == 0 ? c.to : c.from;
            const int64_t l = b->Link(from, to);
            if (l >= 0 && !(ocs->IsPortLit(from) && ocs->GetLitPeer(from) == int32_t(to)))
            {
                topology->SetLinkUp(l, false);
            }
        }
    }
    ocs->TraceConnectWithoutContext("CircuitUp", MakeCallback(&OcsBinding::Up, b));
    ocs->TraceConnectWithoutContext("CircuitDown", MakeCallback(&OcsBinding::Down, b));
}

Ptr<FlowNetwork>
FlowTopologyHelper::Install(NodeContainer nodes) const
{
    Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
    network->SetTopology(Build(nodes));
    return network;
}

} // namespace ns3
