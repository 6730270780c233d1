/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-fabric.h"

#include "ns3/abort.h"
#include "ns3/log.h"

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
    m_fabrics.clear();
    Object::DoDispose();
}

void
TorusFabric::Setup(const TorusGeometry& geometry, ObjectFactory ocsFactory)
{
    NS_ABORT_MSG_IF(geometry.GetNServers() == 0, "TorusFabric: empty geometry");
    m_geometry = geometry;
    m_fabrics.clear();
    for (uint32_t s = 0; s < geometry.GetNServers(); ++s)
    {
        Ptr<PhotonicServerFabric> fabric = CreateObject<PhotonicServerFabric>();
        fabric->Setup(m_geometry, s, ocsFactory.Create<OpticalCircuitSwitch>());
        m_fabrics.push_back(fabric);
    }
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
        // the opposite port of the same link.
        const uint32_t neighbour = g.GetNeighbour(fabric->GetAccelerators()[local], at);
        const uint32_t opposite = at ^ 1u;
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

} // namespace ns3
