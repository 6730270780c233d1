/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-datacenter-helper.h"

#include "ns3/abort.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TorusDatacenterHelper");

TorusDatacenterHelper::TorusDatacenterHelper()
{
    m_fabricFactory.SetTypeId("ns3::OpticalCircuitSwitch");
    m_interRackFactory.SetTypeId("ns3::OpticalCircuitSwitch");
}

void
TorusDatacenterHelper::SetInterRack(bool enable)
{
    m_interRack = enable;
}

void
TorusDatacenterHelper::SetInterRackAttribute(std::string name, const AttributeValue& value)
{
    m_interRackFactory.Set(name, value);
}

void
TorusDatacenterHelper::SetFabricAttribute(std::string name, const AttributeValue& value)
{
    m_fabricFactory.Set(name, value);
}

void
TorusDatacenterHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_ocs.SetDeviceAttribute(name, value);
}

void
TorusDatacenterHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_ocs.SetChannelAttribute(name, value);
}

Ptr<TorusFabric>
TorusDatacenterHelper::Create(const TorusGeometry& geometry) const
{
    Ptr<TorusFabric> fabric = CreateObject<TorusFabric>();
    fabric->Setup(geometry, m_fabricFactory);
    if (m_interRack)
    {
        fabric->SetupInterRack(m_interRackFactory);
    }
    return fabric;
}

NodeContainer
TorusDatacenterHelper::Install(Ptr<TorusFabric> fabric)
{
    NS_ABORT_MSG_IF(!fabric, "TorusDatacenterHelper::Install: null fabric");
    NS_ABORT_MSG_IF(fabric->GetObject<TorusIpRouting>(),
                    "TorusDatacenterHelper::Install: this datacenter is installed already");
    const TorusGeometry& g = fabric->GetGeometry();
    const uint32_t P = TorusGeometry::PORTS;
    NodeContainer nodes;
    nodes.Create(g.GetNAccelerators());
    InternetStackHelper internet;
    internet.Install(nodes);
    std::vector<std::array<int32_t, 6>> interfaces(g.GetNAccelerators());
    for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
    {
        Ptr<PhotonicServerFabric> server = fabric->GetServerFabric(g.GetServer(a));
        Ptr<Ipv4> ipv4 = nodes.Get(a)->GetObject<Ipv4>();
        for (uint32_t p = 0; p < P; ++p)
        {
            interfaces[a][p] = -1;
            if (!g.HasPort(p))
            {
                continue;
            }
            Ptr<OcsNetDevice> device =
                m_ocs.Attach(server->GetSwitch(),
                             nodes.Get(a),
                             server->GetAcceleratorPort(g.GetLocalIndex(a), p));
            const int32_t index = ipv4->AddInterface(device);
            ipv4->AddAddress(
                index,
                Ipv4InterfaceAddress(TorusIpRouting::GetAddress(a, p), Ipv4Mask::GetOnes()));
            ipv4->SetUp(index);
            interfaces[a][p] = index;
        }
    }
    // The fibres between servers: one per torus link that leaves a server.
    for (const TorusGeometry::Link& link : g.GetLinks())
    {
        const uint32_t sa = g.GetServer(link.a);
        const uint32_t sb = g.GetServer(link.b);
        if (sa == sb || !g.HasPort(link.portA))
        {
            continue;
        }
        Ptr<PhotonicServerFabric> fa = fabric->GetServerFabric(sa);
        Ptr<PhotonicServerFabric> fb = fabric->GetServerFabric(sb);
        const auto outA =
            static_cast<uint32_t>(fa->GetOutwardPort(g.GetLocalIndex(link.a), link.portA));
        const auto outB =
            static_cast<uint32_t>(fb->GetOutwardPort(g.GetLocalIndex(link.b), link.portB));
        uint32_t position = 0;
        uint32_t portA = 0;
        uint32_t portB = 0;
        if (fabric->GetInterRackPort(link.a, link.portA, position, portA) &&
            fabric->GetInterRackPort(link.b, link.portB, position, portB))
        {
            // A wrap-around link: both ends go to the inter-rack switch.
            Ptr<OpticalCircuitSwitch> ocs = fabric->GetInterRackSwitch(link.portA / 2, position);
            m_ocs.Join(fa->GetSwitch(), outA, ocs, portA);
            m_ocs.Join(fb->GetSwitch(), outB, ocs, portB);
            continue;
        }
        m_ocs.Join(fa->GetSwitch(), outA, fb->GetSwitch(), outB);
    }
    Ptr<TorusIpRouting> routing = CreateObject<TorusIpRouting>();
    routing->Setup(fabric, nodes, interfaces);
    fabric->AggregateObject(routing);
    return nodes;
}

} // namespace ns3
