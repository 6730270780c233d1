/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-datacenter-helper.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/flow-topology-realizer.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/packet-topology-realizer.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TorusDatacenterHelper");

namespace
{
constexpr double SPEED_OF_LIGHT = 299792458.0; //!< m/s, as OcsChannel

/**
 * \param [in] type A TypeId name
 * \param [in] name One of its attributes
 * \param [in] set The attributes set on a factory of \p type
 * \return the value the factory gives \p name (its initial value if not set)
 */
Ptr<const AttributeValue>
AttributeOf(const std::string& type,
            const std::string& name,
            const std::map<std::string, Ptr<AttributeValue>>& set)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(TypeId::LookupByName(type).LookupAttributeByName(name, &info),
                        "TorusDatacenterHelper: " << type << " has no attribute " << name);
    const auto it = set.find(name);
    if (it == set.end())
    {
        return info.initialValue;
    }
    Ptr<const AttributeValue> value = info.checker->CreateValidValue(*it->second);
    NS_ABORT_MSG_IF(!value, "TorusDatacenterHelper: invalid value of " << type << "::" << name);
    return value;
}
} // namespace

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
    m_deviceAttributes[name] = value.Copy();
}

void
TorusDatacenterHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_ocs.SetChannelAttribute(name, value);
    m_channelAttributes[name] = value.Copy();
}

void
TorusDatacenterHelper::SetFabricSwitchModel(const ObjectFactory& factory)
{
    m_fabricModel = factory;
}

Ptr<TorusFabric>
TorusDatacenterHelper::Create(const TorusGeometry& geometry) const
{
    Ptr<TorusFabric> fabric = CreateObject<TorusFabric>();
    fabric->Setup(geometry, m_fabricFactory, m_fabricModel);
    if (m_interRack)
    {
        fabric->SetupInterRack(m_interRackFactory);
    }
    return fabric;
}

TopologyDescription
TorusDatacenterHelper::Describe(Ptr<TorusFabric> fabric) const
{
    NS_ABORT_MSG_IF(!fabric, "TorusDatacenterHelper::Describe: null fabric");
    const TorusGeometry& g = fabric->GetGeometry();
    const uint32_t P = TorusGeometry::PORTS;
    const DataRate rate = DynamicCast<const DataRateValue>(
                              AttributeOf("ns3::OcsNetDevice", "DataRate", m_deviceAttributes))
                              ->Get();
    const auto mtu =
        static_cast<uint32_t>(DynamicCast<const UintegerValue>(
                                  AttributeOf("ns3::OcsNetDevice", "Mtu", m_deviceAttributes))
                                  ->Get());
    const double length = DynamicCast<const DoubleValue>(
                              AttributeOf("ns3::OcsChannel", "Length", m_channelAttributes))
                              ->Get();
    const double groupIndex = DynamicCast<const DoubleValue>(
                                  AttributeOf("ns3::OcsChannel", "GroupIndex", m_channelAttributes))
                                  ->Get();
    const Time fibre = Seconds(length * groupIndex / SPEED_OF_LIGHT);

    TopologyDescription d;
    for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
    {
        d.AddHost("acc" + std::to_string(a), g.GetServer(a));
    }
    const uint32_t firstServer = d.GetNNodes();
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        d.AddOcs("server" + std::to_string(s),
                 fabric->GetServerFabric(s)->GetSwitch()->GetNPorts());
    }
    // Inter-rack switches: dimension, position -> node index.
    std::array<std::vector<uint32_t>, 3> interRack;
    for (uint32_t dim = 0; dim < 3; ++dim)
    {
        for (uint32_t pos = 0; pos < fabric->GetNInterRackSwitches(dim); ++pos)
        {
            interRack[dim].push_back(
                d.AddOcs("interrack" + std::to_string(dim) + "-" + std::to_string(pos),
                         fabric->GetInterRackSwitch(dim, pos)->GetNPorts()));
        }
    }
    for (uint32_t a = 0; a < g.GetNAccelerators(); ++a)
    {
        Ptr<PhotonicServerFabric> server = fabric->GetServerFabric(g.GetServer(a));
        for (uint32_t p = 0; p < P; ++p)
        {
            if (g.HasPort(p))
            {
                d.AttachOcsPort(firstServer + g.GetServer(a),
                                server->GetAcceleratorPort(g.GetLocalIndex(a), p),
                                a,
                                rate,
                                fibre,
                                mtu,
                                p);
            }
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
        const auto outA = static_cast<uint32_t>(
            fabric->GetServerFabric(sa)->GetOutwardPort(g.GetLocalIndex(link.a), link.portA));
        const auto outB = static_cast<uint32_t>(
            fabric->GetServerFabric(sb)->GetOutwardPort(g.GetLocalIndex(link.b), link.portB));
        uint32_t position = 0;
        uint32_t portA = 0;
        uint32_t portB = 0;
        if (fabric->GetInterRackPort(link.a, link.portA, position, portA) &&
            fabric->GetInterRackPort(link.b, link.portB, position, portB))
        {
            // A wrap-around link: both ends go to the inter-rack switch.
            const uint32_t ocs = interRack[link.portA / 2][position];
            d.JoinOcsPorts(firstServer + sa, outA, ocs, portA, fibre);
            d.JoinOcsPorts(firstServer + sb, outB, ocs, portB, fibre);
            continue;
        }
        d.JoinOcsPorts(firstServer + sa, outA, firstServer + sb, outB, fibre);
    }
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        d.AddScaleUpDomain(fabric->GetServerFabric(s)->GetAccelerators());
    }
    return d;
}

namespace
{
/**
 * \brief Hands a TorusFabric's switches to a realizer, as the description's OCSes.
 * \param [in] fabric The fabrics
 * \param [in] d Its description (TorusDatacenterHelper::Describe)
 * \param [in] realizer PacketTopologyRealizer or FlowTopologyRealizer
 */
template <typename Realizer>
void
AdoptSwitches(Ptr<TorusFabric> fabric, const TopologyDescription& d, Realizer& realizer)
{
    const TorusGeometry& g = fabric->GetGeometry();
    const uint32_t firstServer = g.GetNAccelerators();
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        realizer.AdoptOcs(firstServer + s, fabric->GetServerFabric(s)->GetSwitch());
    }
    uint32_t next = firstServer + g.GetNServers();
    for (uint32_t dim = 0; dim < 3; ++dim)
    {
        for (uint32_t pos = 0; pos < fabric->GetNInterRackSwitches(dim); ++pos)
        {
            realizer.AdoptOcs(next++, fabric->GetInterRackSwitch(dim, pos));
        }
    }
    NS_ASSERT(next == d.GetNNodes());
}
} // namespace

std::vector<uint32_t>
TorusDatacenterHelper::Build(Ptr<TorusFabric> fabric,
                             Ptr<FlowTopology> topology,
                             double unitBps,
                             Time delay) const
{
    NS_ABORT_MSG_IF(!fabric, "TorusDatacenterHelper::Build: null fabric");
    const TopologyDescription d = Describe(fabric);
    FlowTopologyRealizer realizer;
    AdoptSwitches(fabric, d, realizer);
    const FlowTopologyRealizer::Result made =
        realizer.Realize(d, topology, "TorusDatacenterHelper::Build");
    fabric->Track(topology, made.hosts, unitBps, delay);
    return made.hosts;
}

NodeContainer
TorusDatacenterHelper::Install(Ptr<TorusFabric> fabric)
{
    NS_ABORT_MSG_IF(!fabric, "TorusDatacenterHelper::Install: null fabric");
    NS_ABORT_MSG_IF(fabric->GetObject<TorusIpRouting>(),
                    "TorusDatacenterHelper::Install: this datacenter is installed already");
    const TorusGeometry& g = fabric->GetGeometry();
    const TopologyDescription d = Describe(fabric);
    NodeContainer nodes;
    nodes.Create(g.GetNAccelerators());
    PacketTopologyRealizer realizer;
    // This fabric addresses (or leaves unaddressed) its own OCS ports.
    realizer.SetOcsAddressing(PacketTopologyRealizer::OcsAddressing::NONE);
    realizer.SetOcsHelper(m_ocs);
    AdoptSwitches(fabric, d, realizer);
    const PacketTopologyRealizer::Result made =
        realizer.Realize(d, nodes, "TorusDatacenterHelper::Install");
    // An interface per port device, in the description's attachment order (accelerator, then
    // port).
    std::vector<std::array<int32_t, TorusGeometry::PORTS>> interfaces(g.GetNAccelerators());
    for (auto& ports : interfaces)
    {
        ports.fill(-1);
    }
    const auto& ocsPorts = d.GetOcsPorts();
    for (uint32_t k = 0; k < ocsPorts.size(); ++k)
    {
        const uint32_t a = ocsPorts[k].node;
        const uint32_t p = ocsPorts[k].nic;
        Ptr<Ipv4> ipv4 = nodes.Get(a)->GetObject<Ipv4>();
        const int32_t index = ipv4->AddInterface(made.portDevices[k]);
        ipv4->AddAddress(
            index,
            Ipv4InterfaceAddress(TorusIpRouting::GetAddress(a, p), Ipv4Mask::GetOnes()));
        ipv4->SetUp(index);
        interfaces[a][p] = index;
    }
    Ptr<TorusIpRouting> routing = CreateObject<TorusIpRouting>();
    routing->Setup(fabric, nodes, interfaces);
    fabric->AggregateObject(routing);
    return nodes;
}

} // namespace ns3
