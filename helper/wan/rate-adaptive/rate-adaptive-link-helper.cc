/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rate-adaptive-link-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/rate-adaptive-channel.h"
#include "ns3/rate-adaptive-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RateAdaptiveLinkHelper");

RateAdaptiveLinkHelper::RateAdaptiveLinkHelper()
{
    m_linkFactory.SetTypeId("ns3::RateAdaptiveLink");
    m_snrFactory.SetTypeId("ns3::SnrTimeSeries");
    m_deviceFactory.SetTypeId("ns3::RateAdaptiveNetDevice");
    m_channelFactory.SetTypeId("ns3::RateAdaptiveChannel");
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
}

bool
RateAdaptiveLinkHelper::SetModes(const std::string& table,
                                 std::string& error,
                                 const std::string& file)
{
    TransceiverModes modes;
    if (!modes.Load(table, file, error))
    {
        return false;
    }
    m_modes = modes;
    return true;
}

const TransceiverModes&
RateAdaptiveLinkHelper::GetModes() const
{
    return m_modes;
}

void
RateAdaptiveLinkHelper::SetLinkAttribute(const std::string& name, const AttributeValue& value)
{
    m_linkFactory.Set(name, value);
}

void
RateAdaptiveLinkHelper::SetSnrAttribute(const std::string& name, const AttributeValue& value)
{
    m_snrFactory.Set(name, value);
}

void
RateAdaptiveLinkHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
RateAdaptiveLinkHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
RateAdaptiveLinkHelper::SetQueue(const std::string& type,
                                 const std::string& n1,
                                 const AttributeValue& v1)
{
    m_queueFactory.SetTypeId(type);
    if (!n1.empty())
    {
        m_queueFactory.Set(n1, v1);
    }
}

Ptr<RateAdaptiveLink>
RateAdaptiveLinkHelper::CreateLink() const
{
    NS_ABORT_MSG_IF(m_modes.GetModes().empty(),
                    "RateAdaptiveLinkHelper: no mode table (call SetModes first)");
    Ptr<RateAdaptiveLink> link = m_linkFactory.Create<RateAdaptiveLink>();
    link->SetAttribute("SnrModel", PointerValue(m_snrFactory.Create<SnrTimeSeries>()));
    link->SetModes(m_modes);
    return link;
}

NetDeviceContainer
RateAdaptiveLinkHelper::Install(Ptr<Node> a, Ptr<Node> b) const
{
    return Install(a, b, CreateLink());
}

NetDeviceContainer
RateAdaptiveLinkHelper::Install(Ptr<Node> a, Ptr<Node> b, Ptr<RateAdaptiveLink> link) const
{
    Ptr<RateAdaptiveChannel> channel = m_channelFactory.Create<RateAdaptiveChannel>();
    NetDeviceContainer devices;
    for (Ptr<Node> node : {a, b})
    {
        Ptr<RateAdaptiveNetDevice> dev = m_deviceFactory.Create<RateAdaptiveNetDevice>();
        dev->SetAddress(Mac48Address::Allocate());
        node->AddDevice(dev);
        dev->SetQueue(m_queueFactory.Create<Queue<Packet>>());
        dev->Attach(channel);
        devices.Add(dev);
    }
    channel->SetLink(link);
    return devices;
}

Ptr<RateAdaptiveLink>
RateAdaptiveLinkHelper::GetLink(const NetDeviceContainer& devices)
{
    NS_ABORT_MSG_IF(devices.GetN() == 0, "RateAdaptiveLinkHelper::GetLink: no devices");
    Ptr<RateAdaptiveChannel> channel =
        DynamicCast<RateAdaptiveChannel>(devices.Get(0)->GetChannel());
    NS_ABORT_MSG_IF(!channel, "RateAdaptiveLinkHelper::GetLink: not a rate-adaptive device");
    return channel->GetLink();
}

namespace
{
/// Flow-level links that follow one optical link.
struct FlowFollower : public SimpleRefCount<FlowFollower>
{
    Ptr<FlowTopology> topology;  //!< Topology
    std::vector<uint32_t> links; //!< Its links
    double wavelengths{1};       //!< Channels per link

    /// The rate changed (\param oldGbps old \param newGbps new).
    void Rate(double oldGbps, double newGbps)
    {
        if (newGbps > 0)
        {
            for (uint32_t l : links)
            {
                topology->SetLinkCapacity(l, newGbps * 1e9 * wavelengths);
            }
        }
    }

    /// The link went down or up (\param up its state).
    void State(bool up)
    {
        for (uint32_t l : links)
        {
            topology->SetLinkUp(l, up);
        }
    }

    /// LinkDown (\param cause why).
    void Down(const std::string& cause)
    {
        State(false);
    }

    /// LinkUp.
    void Up()
    {
        State(true);
    }
};
} // namespace

void
RateAdaptiveLinkHelper::AttachToFlow(Ptr<RateAdaptiveLink> link,
                                     Ptr<FlowTopology> topology,
                                     const std::vector<uint32_t>& links,
                                     double wavelengths)
{
    Ptr<FlowFollower> f = Create<FlowFollower>();
    f->topology = topology;
    f->links = links;
    f->wavelengths = wavelengths;
    link->TraceConnectWithoutContext("RateChange", MakeCallback(&FlowFollower::Rate, f));
    link->TraceConnectWithoutContext("LinkDown", MakeCallback(&FlowFollower::Down, f));
    link->TraceConnectWithoutContext("LinkUp", MakeCallback(&FlowFollower::Up, f));
    f->Rate(0, link->GetRateGbps());
    f->State(link->IsUp());
}

int64_t
RateAdaptiveLinkHelper::AssignStreams(const std::vector<Ptr<RateAdaptiveLink>>& links,
                                      int64_t stream)
{
    int64_t used = 0;
    for (const auto& link : links)
    {
        used += link->AssignStreams(stream + used);
    }
    return used;
}

} // namespace ns3
