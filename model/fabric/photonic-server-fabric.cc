/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-server-fabric.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicServerFabric");

NS_OBJECT_ENSURE_REGISTERED(PhotonicServerFabric);

TypeId
PhotonicServerFabric::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PhotonicServerFabric")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<PhotonicServerFabric>();
    return tid;
}

PhotonicServerFabric::PhotonicServerFabric() = default;

void
PhotonicServerFabric::DoDispose()
{
    m_ocs = nullptr;
    Object::DoDispose();
}

void
PhotonicServerFabric::Setup(const TorusGeometry& geometry,
                            uint32_t server,
                            Ptr<OpticalCircuitSwitch> ocs)
{
    NS_ABORT_MSG_IF(!ocs, "PhotonicServerFabric: no switch");
    NS_ABORT_MSG_IF(server >= geometry.GetNServers(),
                    "PhotonicServerFabric: no server " << server << " (there are "
                                                       << geometry.GetNServers() << ")");
    m_server = server;
    m_ocs = ocs;
    m_accelerators = geometry.GetServerAccelerators(server);
    const uint32_t a = static_cast<uint32_t>(m_accelerators.size());
    const uint32_t P = TorusGeometry::PORTS;
    m_outward.assign(a * P, -1);
    m_outwardOrigin.clear();
    for (uint32_t i = 0; i < a; ++i)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            if (geometry.GetServer(geometry.GetNeighbour(m_accelerators[i], p)) != server)
            {
                m_outward[i * P + p] = static_cast<int32_t>(a * P + m_outwardOrigin.size());
                m_outwardOrigin.push_back(i * P + p);
            }
        }
    }
    ocs->SetAttribute("PortCount", UintegerValue(a * P + m_outwardOrigin.size()));
    m_default = OcsConfiguration();
    for (uint32_t i = 0; i < a; ++i)
    {
        for (uint32_t p = 0; p < P; ++p)
        {
            if (!geometry.HasPort(p))
            {
                continue; // a dimension without links: the port stays unconnected
            }
            if (m_outward[i * P + p] >= 0)
            {
                m_default.Connect(i * P + p, static_cast<uint32_t>(m_outward[i * P + p]));
                continue;
            }
            // Inside the server: join the + port to the - port at the link's other end (once).
            if (p % 2 == 1)
            {
                continue;
            }
            const uint32_t peer = geometry.GetNeighbour(m_accelerators[i], p);
            m_default.Connect(i * P + p, geometry.GetLocalIndex(peer) * P + p + 1);
        }
    }
    ocs->SetInitialConfiguration(m_default);
}

uint32_t
PhotonicServerFabric::GetServer() const
{
    return m_server;
}

Ptr<OpticalCircuitSwitch>
PhotonicServerFabric::GetSwitch() const
{
    return m_ocs;
}

const std::vector<uint32_t>&
PhotonicServerFabric::GetAccelerators() const
{
    return m_accelerators;
}

uint32_t
PhotonicServerFabric::GetAcceleratorPort(uint32_t local, uint32_t port) const
{
    NS_ABORT_MSG_IF(local >= m_accelerators.size() || port >= TorusGeometry::PORTS,
                    "PhotonicServerFabric: no accelerator port (" << local << ", " << port
                                                                  << ") in server " << m_server);
    return local * TorusGeometry::PORTS + port;
}

int32_t
PhotonicServerFabric::GetOutwardPort(uint32_t local, uint32_t port) const
{
    return m_outward[GetAcceleratorPort(local, port)];
}

uint32_t
PhotonicServerFabric::GetNOutward() const
{
    return static_cast<uint32_t>(m_outwardOrigin.size());
}

bool
PhotonicServerFabric::Describe(uint32_t switchPort, uint32_t& local, uint32_t& port) const
{
    const uint32_t accPorts = static_cast<uint32_t>(m_accelerators.size()) * TorusGeometry::PORTS;
    NS_ABORT_MSG_IF(switchPort >= accPorts + m_outwardOrigin.size(),
                    "PhotonicServerFabric: no switch port " << switchPort << " in server "
                                                            << m_server);
    const uint32_t origin =
        switchPort < accPorts ? switchPort : m_outwardOrigin[switchPort - accPorts];
    local = origin / TorusGeometry::PORTS;
    port = origin % TorusGeometry::PORTS;
    return switchPort < accPorts;
}

const OcsConfiguration&
PhotonicServerFabric::GetDefaultConfiguration() const
{
    return m_default;
}

} // namespace ns3
