/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "topology-helper-common.h"

#include "ns3/abort.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/uinteger.h"

namespace ns3
{

namespace
{

/**
 * Reads an attribute value as the attribute's own type (a StringValue is parsed).
 * \tparam V The attribute's value class (DataRateValue, TimeValue, UintegerValue)
 * \param [in] tid Class that has the attribute
 * \param [in] name Attribute
 * \param [in] value Value; nullptr: the attribute's current default
 * \return the value
 */
template <typename V>
auto
ReadAttribute(TypeId tid, const std::string& name, const AttributeValue* value)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        NS_FATAL_ERROR("TopologyLinkHelper: " << tid.GetName() << " has no attribute " << name);
    }
    Ptr<V> typed =
        DynamicCast<V>(info.checker->CreateValidValue(value ? *value : *info.initialValue));
    if (!typed)
    {
        NS_FATAL_ERROR("TopologyLinkHelper: invalid value for " << tid.GetName() << "::" << name);
    }
    return typed->Get();
}

} // namespace

TopologyLinkHelper::TopologyLinkHelper(Ipv4Address network, Ipv4Mask mask)
    : m_network(network.Get()),
      m_mask(mask)
{
}

void
TopologyLinkHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_p2p.SetDeviceAttribute(name, value);
    const TypeId tid = PointToPointNetDevice::GetTypeId();
    if (name == "DataRate")
    {
        m_rate = ReadAttribute<DataRateValue>(tid, name, &value);
    }
    else if (name == "Mtu")
    {
        m_mtu = static_cast<uint32_t>(ReadAttribute<UintegerValue>(tid, name, &value));
    }
}

void
TopologyLinkHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_p2p.SetChannelAttribute(name, value);
    if (name == "Delay")
    {
        m_delay = ReadAttribute<TimeValue>(PointToPointChannel::GetTypeId(), name, &value);
    }
}

PointToPointHelper&
TopologyLinkHelper::GetPointToPointHelper()
{
    return m_p2p;
}

DataRate
TopologyLinkHelper::GetDataRate() const
{
    return m_rate ? *m_rate
                  : ReadAttribute<DataRateValue>(PointToPointNetDevice::GetTypeId(),
                                                 "DataRate",
                                                 nullptr);
}

Time
TopologyLinkHelper::GetDelay() const
{
    return m_delay ? *m_delay
                   : ReadAttribute<TimeValue>(PointToPointChannel::GetTypeId(), "Delay", nullptr);
}

uint32_t
TopologyLinkHelper::GetMtu() const
{
    return m_mtu ? *m_mtu
                 : static_cast<uint32_t>(
                       ReadAttribute<UintegerValue>(PointToPointNetDevice::GetTypeId(),
                                                    "Mtu",
                                                    nullptr));
}

uint32_t
TopologyLinkHelper::AddLink(TopologyDescription& description,
                            uint32_t a,
                            uint32_t b,
                            std::optional<DataRate> rate) const
{
    return description.AddLink(a, b, rate ? *rate : GetDataRate(), GetDelay(), GetMtu());
}

PacketTopologyRealizer::Result
TopologyLinkHelper::Realize(const TopologyDescription& description,
                            NodeContainer hosts,
                            const std::string& who)
{
    PacketTopologyRealizer realizer(Ipv4Address(m_network), m_mask);
    realizer.SetPointToPointHelper(m_p2p);
    return realizer.Realize(description, hosts, who);
}

} // namespace ns3
