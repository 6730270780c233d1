/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-ip-routing.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TorusIpRouting");

NS_OBJECT_ENSURE_REGISTERED(TorusIpRouting);

TypeId
TorusIpRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TorusIpRouting")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<TorusIpRouting>();
    return tid;
}

TorusIpRouting::TorusIpRouting() = default;

void
TorusIpRouting::DoDispose()
{
    m_fabric = nullptr;
    m_nodes = NodeContainer();
    Object::DoDispose();
}

Ipv4Address
TorusIpRouting::GetAddress(uint32_t accelerator, uint32_t port)
{
    NS_ABORT_MSG_IF(accelerator >= (1u << 21) || port >= TorusGeometry::PORTS,
                    "TorusIpRouting: no address for port " << port << " of accelerator "
                                                           << accelerator);
    return Ipv4Address(0x0A000000u | (accelerator << 3) | port);
}

Ipv4Address
TorusIpRouting::GetAcceleratorAddress(uint32_t accelerator) const
{
    NS_ABORT_MSG_IF(!m_fabric, "TorusIpRouting: not set up");
    for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
    {
        if (m_fabric->GetGeometry().HasPort(p))
        {
            return GetAddress(accelerator, p);
        }
    }
    return GetAddress(accelerator, 0);
}

void
TorusIpRouting::Setup(Ptr<TorusFabric> fabric,
                      NodeContainer nodes,
                      const std::vector<std::array<int32_t, 6>>& interfaces)
{
    NS_ABORT_MSG_IF(!fabric, "TorusIpRouting: null fabric");
    NS_ABORT_MSG_IF(nodes.GetN() != fabric->GetGeometry().GetNAccelerators() ||
                        interfaces.size() != nodes.GetN(),
                    "TorusIpRouting: " << nodes.GetN() << " nodes for "
                                       << fabric->GetGeometry().GetNAccelerators()
                                       << " accelerators");
    m_fabric = fabric;
    m_nodes = nodes;
    m_interfaces = interfaces;
    std::vector<Ptr<OpticalCircuitSwitch>> switches;
    for (uint32_t s = 0; s < fabric->GetGeometry().GetNServers(); ++s)
    {
        switches.push_back(fabric->GetServerFabric(s)->GetSwitch());
    }
    const auto& rack = fabric->GetGeometry().GetRackShape();
    for (uint32_t d = 0; d < 3 && fabric->HasInterRack(); ++d)
    {
        const uint32_t positions = rack[d] < 2 ? 0 : rack[(d + 1) % 3] * rack[(d + 2) % 3];
        for (uint32_t pos = 0; pos < positions; ++pos)
        {
            switches.push_back(fabric->GetInterRackSwitch(d, pos));
        }
    }
    for (const auto& ocs : switches)
    {
        ocs->TraceConnectWithoutContext("ReconfigurationEnd",
                                        MakeCallback(&TorusIpRouting::Switched, this));
    }
    Update();
}

void
TorusIpRouting::Switched(const OcsConfiguration& /* config */)
{
    Update();
}

namespace
{

/// Records, for each accelerator reached, the source's port towards it.
struct FirstPorts : public boost::default_bfs_visitor
{
    int32_t* firstPort{nullptr}; //!< Per accelerator, the port (-1: not reached)
    uint32_t source{0};          //!< The search's source

    /// e's head leaves the source by e's port if e leaves the source, else as e's tail does.
    template <typename E, typename G>
    void tree_edge(const E& e, const G& g) const
    {
        const uint32_t u = boost::source(e, g);
        firstPort[boost::target(e, g)] =
            u == source ? static_cast<int32_t>(g[e].arc) : firstPort[u];
    }
};

/// The colour map of the search: white until an accelerator has a port, then grey.
struct FirstPortColor
{
    using key_type = uint32_t;                           //!< Accelerator
    using value_type = boost::default_color_type;        //!< Colour
    using reference = value_type;                        //!< By value
    using category = boost::read_write_property_map_tag; //!< Writes ignored
    const int32_t* firstPort{nullptr};                   //!< Ports
};

/// \return white if accelerator v has no port yet, else grey
boost::default_color_type
get(const FirstPortColor& m, uint32_t v)
{
    return m.firstPort[v] < 0 ? boost::white_color : boost::gray_color;
}

/// Colours follow the ports: nothing to store.
void
put(const FirstPortColor&, uint32_t, boost::default_color_type)
{
}

} // namespace

void
TorusIpRouting::Update()
{
    const uint32_t n = m_nodes.GetN();
    const uint32_t P = TorusGeometry::PORTS;
    // The lit paths: (neighbour, port) per accelerator.
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> next(n);
    for (uint32_t a = 0; a < n; ++a)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            TorusFabric::End end;
            if (m_interfaces[a][p] >= 0 && m_fabric->Trace(a, p, end) && end.accelerator != a)
            {
                next[a].emplace_back(end.accelerator, p);
            }
        }
    }
    // The lit paths as a Boost.Graph: an edge per (accelerator, port), in port order.
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    std::vector<opticalgraph::EdgeTag> tags;
    for (uint32_t a = 0; a < n; ++a)
    {
        for (const auto& [b, p] : next[a])
        {
            ends.emplace_back(a, b);
            tags.push_back({p, 0, 0});
        }
    }
    const opticalgraph::Digraph lit = opticalgraph::MakeDigraph(n, ends, tags);
    Ipv4StaticRoutingHelper helper;
    const Ipv4Mask block("255.255.255.248");
    std::vector<int32_t> firstPort(n);
    for (uint32_t a = 0; a < n; ++a)
    {
        // Breadth first from a (boost::breadth_first_visit); each accelerator reached
        // remembers a's port towards it.
        std::fill(firstPort.begin(), firstPort.end(), -1);
        firstPort[a] = static_cast<int32_t>(P);
        boost::queue<uint32_t> queue;
        boost::breadth_first_visit(lit,
                                   a,
                                   queue,
                                   FirstPorts{{}, firstPort.data(), a},
                                   FirstPortColor{firstPort.data()});
        Ptr<Ipv4StaticRouting> routing = helper.GetStaticRouting(m_nodes.Get(a)->GetObject<Ipv4>());
        while (routing->GetNRoutes() > 0)
        {
            routing->RemoveRoute(routing->GetNRoutes() - 1);
        }
        for (uint32_t b = 0; b < n; ++b)
        {
            if (b != a && firstPort[b] >= 0)
            {
                routing->AddNetworkRouteTo(Ipv4Address(0x0A000000u | (b << 3)),
                                           block,
                                           static_cast<uint32_t>(m_interfaces[a][firstPort[b]]));
            }
        }
    }
    ++m_updates;
    NS_LOG_LOGIC("routes computed (" << m_updates << ")");
}

uint64_t
TorusIpRouting::GetNUpdates() const
{
    return m_updates;
}

} // namespace ns3
