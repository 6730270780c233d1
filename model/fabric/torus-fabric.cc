/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-fabric.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TorusFabric");

NS_OBJECT_ENSURE_REGISTERED(TorusFabric);

TypeId
TorusFabric::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TorusFabric")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<TorusFabric>();
    return tid;
}

TorusFabric::TorusFabric() = default;

void
TorusFabric::DoDispose()
{
    m_topology = nullptr;
    m_fabrics.clear();
    for (auto& switches : m_interRack)
    {
        switches.clear();
    }
    Object::DoDispose();
}

void
TorusFabric::Setup(const TorusGeometry& geometry,
                   ObjectFactory ocsFactory,
                   ObjectFactory modelFactory)
{
    NS_ABORT_MSG_IF(geometry.GetNServers() == 0, "TorusFabric: empty geometry");
    m_geometry = geometry;
    m_fabrics.clear();
    for (uint32_t s = 0; s < geometry.GetNServers(); ++s)
    {
        Ptr<PhotonicServerFabric> fabric = CreateObject<PhotonicServerFabric>();
        Ptr<OpticalCircuitSwitch> ocs = ocsFactory.Create<OpticalCircuitSwitch>();
        if (modelFactory.GetTypeId() != TypeId())
        {
            ocs->SetSwitchModel(modelFactory.Create<OcsSwitchModel>());
        }
        fabric->Setup(m_geometry, s, ocs);
        m_fabrics.push_back(fabric);
    }
}

void
TorusFabric::SetupInterRack(ObjectFactory factory)
{
    NS_ABORT_MSG_IF(m_fabrics.empty(), "TorusFabric::SetupInterRack before Setup");
    NS_ABORT_MSG_IF(m_topology, "TorusFabric::SetupInterRack after Build");
    NS_ABORT_MSG_IF(HasInterRack(), "TorusFabric::SetupInterRack called twice");
    const auto& rack = m_geometry.GetRackShape();
    for (uint32_t d = 0; d < 3; ++d)
    {
        if (rack[d] < 2)
        {
            continue;
        }
        const uint32_t positions = rack[(d + 1) % 3] * rack[(d + 2) % 3];
        for (uint32_t pos = 0; pos < positions; ++pos)
        {
            Ptr<OpticalCircuitSwitch> ocs = factory.Create<OpticalCircuitSwitch>();
            ocs->SetAttribute("PortCount", UintegerValue(2 * m_geometry.GetNRacks()));
            OcsConfiguration plain;
            for (uint32_t r = 0; r < m_geometry.GetNRacks(); ++r)
            {
                plain.Connect(2 * r, 2 * r + 1);
            }
            ocs->SetInitialConfiguration(plain);
            m_interRack[d].push_back(ocs);
        }
    }
}

bool
TorusFabric::HasInterRack() const
{
    return !m_interRack[0].empty() || !m_interRack[1].empty() || !m_interRack[2].empty();
}

Ptr<OpticalCircuitSwitch>
TorusFabric::GetInterRackSwitch(uint32_t dimension, uint32_t position) const
{
    NS_ABORT_MSG_IF(dimension > 2 || position >= m_interRack[dimension].size(),
                    "TorusFabric: no inter-rack switch at dimension " << dimension << ", position "
                                                                      << position);
    return m_interRack[dimension][position];
}

uint32_t
TorusFabric::GetNInterRackSwitches(uint32_t dimension) const
{
    NS_ABORT_MSG_IF(dimension > 2, "TorusFabric: no dimension " << dimension);
    return static_cast<uint32_t>(m_interRack[dimension].size());
}

bool
TorusFabric::GetInterRackPort(uint32_t accelerator,
                              uint32_t port,
                              uint32_t& position,
                              uint32_t& switchPort) const
{
    const uint32_t d = port / 2;
    if (port >= TorusGeometry::PORTS || m_interRack[d].empty())
    {
        return false;
    }
    const auto& rack = m_geometry.GetRackShape();
    const TorusGeometry::Coord c = m_geometry.GetCoord(accelerator);
    const uint32_t v[3] = {c.x, c.y, c.z};
    const bool plus = port % 2 == 0;
    if (v[d] != (plus ? rack[d] - 1 : 0))
    {
        return false; // not a wrap-around end
    }
    const uint32_t d1 = (d + 1) % 3;
    const uint32_t d2 = (d + 2) % 3;
    position = v[d1] + rack[d1] * v[d2];
    switchPort = 2 * m_geometry.GetRack(accelerator) + (plus ? 0 : 1);
    return true;
}

const TorusGeometry&
TorusFabric::GetGeometry() const
{
    return m_geometry;
}

Ptr<PhotonicServerFabric>
TorusFabric::GetServerFabric(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= m_fabrics.size(),
                    "TorusFabric: no server " << server << " (there are " << m_fabrics.size()
                                              << ")");
    return m_fabrics[server];
}

bool
TorusFabric::Trace(uint32_t accelerator,
                   uint32_t port,
                   End& end,
                   std::vector<uint32_t>* servers) const
{
    const TorusGeometry& g = m_geometry;
    uint32_t server = g.GetServer(accelerator);
    uint32_t switchPort = m_fabrics[server]->GetAcceleratorPort(g.GetLocalIndex(accelerator), port);
    if (servers)
    {
        servers->clear();
    }
    // A path crosses each server's fabric at most once per outward fibre: bound the walk.
    const uint32_t limit = g.GetNServers() * TorusGeometry::PORTS * g.GetAcceleratorsPerServer();
    for (uint32_t hop = 0; hop <= limit; ++hop)
    {
        if (servers)
        {
            servers->push_back(server);
        }
        const Ptr<PhotonicServerFabric>& fabric = m_fabrics[server];
        const int32_t peer = fabric->GetSwitch()->GetLitPeer(switchPort);
        if (peer < 0)
        {
            return false;
        }
        uint32_t local = 0;
        uint32_t at = 0;
        if (fabric->Describe(static_cast<uint32_t>(peer), local, at))
        {
            end = End{fabric->GetAccelerators()[local], at};
            return true;
        }
        // Out along the fibre of torus link (accelerator, at), into the neighbour's server at
        // the opposite port of the same link, or through an inter-rack switch.
        const uint32_t from = fabric->GetAccelerators()[local];
        uint32_t neighbour = g.GetNeighbour(from, at);
        uint32_t opposite = at ^ 1u;
        uint32_t position = 0;
        uint32_t ocsPort = 0;
        if (GetInterRackPort(from, at, position, ocsPort))
        {
            const int32_t peer = m_interRack[at / 2][position]->GetLitPeer(ocsPort);
            if (peer < 0)
            {
                return false;
            }
            // The peer end: rack peer / 2, the first (- end) or last (+ end) accelerator.
            const uint32_t d = at / 2;
            const bool plus = peer % 2 == 0;
            const auto& rack = g.GetRackShape();
            const TorusGeometry::Coord c = g.GetCoord(from);
            uint32_t v[3] = {c.x, c.y, c.z};
            v[d] = plus ? rack[d] - 1 : 0;
            neighbour = g.GetAccelerator(static_cast<uint32_t>(peer) / 2,
                                         TorusGeometry::Coord{v[0], v[1], v[2]});
            opposite = 2 * d + (plus ? 0 : 1);
        }
        server = g.GetServer(neighbour);
        const int32_t in = m_fabrics[server]->GetOutwardPort(g.GetLocalIndex(neighbour), opposite);
        NS_ASSERT(in >= 0);
        switchPort = static_cast<uint32_t>(in);
    }
    return false; // a loop through fibres only
}

std::vector<TorusFabric::Path>
TorusFabric::GetPaths() const
{
    std::vector<Path> paths;
    for (uint32_t a = 0; a < m_geometry.GetNAccelerators(); ++a)
    {
        for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
        {
            Path path;
            if (!Trace(a, p, path.b, &path.servers))
            {
                continue;
            }
            path.a = End{a, p};
            // Each path is found from both ends: keep it from the lower one.
            if (std::make_tuple(path.a.accelerator, path.a.port) <
                std::make_tuple(path.b.accelerator, path.b.port))
            {
                paths.push_back(std::move(path));
            }
        }
    }
    return paths;
}

std::vector<uint32_t>
TorusFabric::Build(Ptr<FlowTopology> topology, double unitBps, Time delay)
{
    NS_ABORT_MSG_IF(!topology, "TorusFabric::Build: null topology");
    NS_ABORT_MSG_IF(m_topology, "TorusFabric::Build: already built");
    std::vector<uint32_t> vertices;
    for (uint32_t a = 0; a < m_geometry.GetNAccelerators(); ++a)
    {
        vertices.push_back(topology->AddVertex("acc" + std::to_string(a)));
    }
    Track(topology, vertices, unitBps, delay);
    return m_vertices;
}

void
TorusFabric::Track(Ptr<FlowTopology> topology,
                   const std::vector<uint32_t>& vertices,
                   double unitBps,
                   Time delay)
{
    NS_ABORT_MSG_IF(!topology, "TorusFabric::Track: null topology");
    NS_ABORT_MSG_IF(m_topology, "TorusFabric::Track: already built");
    NS_ABORT_MSG_IF(!(unitBps > 0), "TorusFabric::Track: port bandwidth " << unitBps << " bit/s");
    NS_ABORT_MSG_IF(m_fabrics.empty(), "TorusFabric::Track before Setup");
    NS_ABORT_MSG_IF(vertices.size() != m_geometry.GetNAccelerators(),
                    "TorusFabric::Track: " << vertices.size() << " vertices for "
                                           << m_geometry.GetNAccelerators() << " accelerators");
    m_topology = topology;
    m_unitBps = unitBps;
    m_delay = delay;
    m_vertices = vertices;
    m_portLink.assign(m_geometry.GetNAccelerators() * TorusGeometry::PORTS, -1);
    m_refreshPending.assign(m_geometry.GetNRacks(), false);
    for (uint32_t r = 0; r < m_geometry.GetNRacks(); ++r)
    {
        Refresh(r * m_geometry.GetServersPerRack());
    }
    for (uint32_t s = 0; s < m_fabrics.size(); ++s)
    {
        for (const char* trace : {"CircuitUp", "CircuitDown"})
        {
            m_fabrics[s]->GetSwitch()->TraceConnectWithoutContext(
                trace,
                MakeCallback(&TorusFabric::Changed, this).Bind(s));
        }
    }
    for (const auto& switches : m_interRack)
    {
        for (const auto& ocs : switches)
        {
            for (const char* trace : {"CircuitUp", "CircuitDown"})
            {
                ocs->TraceConnectWithoutContext(trace,
                                                MakeCallback(&TorusFabric::InterRackChanged, this));
            }
        }
    }
}

int64_t
TorusFabric::GetFlowLink(uint32_t accelerator, uint32_t port) const
{
    const std::size_t i = static_cast<std::size_t>(accelerator) * TorusGeometry::PORTS + port;
    return i < m_portLink.size() ? m_portLink[i] : -1;
}

void
TorusFabric::Changed(uint32_t server, uint32_t from, uint32_t to)
{
    // The switch reports a circuit change before it applies it, and one change at a time:
    // re-trace the rack once, after every change of this instant.
    if (HasInterRack())
    {
        InterRackChanged(from, to); // paths may cross racks: re-trace them all
        return;
    }
    const uint32_t rack = server / m_geometry.GetServersPerRack();
    if (!m_refreshPending[rack])
    {
        m_refreshPending[rack] = true;
        Simulator::ScheduleNow(&TorusFabric::Refresh, this, server);
    }
}

void
TorusFabric::InterRackChanged(uint32_t /* from */, uint32_t /* to */)
{
    for (uint32_t r = 0; r < m_geometry.GetNRacks(); ++r)
    {
        if (!m_refreshPending[r])
        {
            m_refreshPending[r] = true;
            Simulator::ScheduleNow(&TorusFabric::Refresh, this, r * m_geometry.GetServersPerRack());
        }
    }
}

void
TorusFabric::Refresh(uint32_t server)
{
    m_refreshPending[server / m_geometry.GetServersPerRack()] = false;
    // Re-trace the rack's ports (paths start in it; without inter-rack switches they also end
    // in it), count the lit paths per ordered pair of accelerators, and set each pair's link
    // to that many units.
    const uint32_t P = TorusGeometry::PORTS;
    const uint32_t perRack = m_geometry.GetAcceleratorsPerRack();
    const uint32_t first = (server / m_geometry.GetServersPerRack()) * perRack;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> paths;
    std::vector<int64_t> reached(perRack * P, -1); // port -> accelerator its lit path reaches
    for (uint32_t a = first; a < first + perRack; ++a)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            End end;
            m_portLink[a * P + p] = -1;
            // A path back to the same accelerator carries nothing: no link.
            if (Trace(a, p, end) && end.accelerator != a)
            {
                ++paths[std::make_pair(a, end.accelerator)];
                reached[(a - first) * P + p] = end.accelerator;
            }
        }
    }
    // Pairs of this rack that had a link and lost every path go down.
    for (auto it = m_links.lower_bound(std::make_pair(first, 0u));
         it != m_links.end() && it->first.first < first + perRack;
         ++it)
    {
        if (paths.count(it->first) == 0 && m_topology->GetLink(it->second).up)
        {
            m_topology->SetLinkUp(it->second, false);
        }
    }
    for (const auto& [pair, count] : paths)
    {
        const double capacity = count * m_unitBps;
        auto it = m_links.find(pair);
        if (it == m_links.end())
        {
            it = m_links
                     .emplace(pair,
                              m_topology->AddLink(m_vertices[pair.first],
                                                  m_vertices[pair.second],
                                                  capacity,
                                                  m_delay))
                     .first;
        }
        const FlowTopology::Link& link = m_topology->GetLink(it->second);
        if (link.capacity != capacity)
        {
            m_topology->SetLinkCapacity(it->second, capacity);
        }
        if (!link.up)
        {
            m_topology->SetLinkUp(it->second, true);
        }
    }
    for (uint32_t a = first; a < first + perRack; ++a)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            const int64_t b = reached[(a - first) * P + p];
            if (b >= 0)
            {
                m_portLink[a * P + p] = m_links.at(std::make_pair(a, static_cast<uint32_t>(b)));
            }
        }
    }
}

} // namespace ns3
