/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-helper.h"

#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-helper.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnHelper");

namespace
{

/// Speed of light in vacuum (m/s), as OcsChannel uses it to turn fibre length into delay.
constexpr double SPEED_OF_LIGHT = 299792458.0;

/// Creates an RdcnTorRouting for each ToR the Internet stack is installed on.
class TorRoutingHelper : public Ipv4RoutingHelper
{
  public:
    /// \param factory the routing's factory (type and attributes)
    explicit TorRoutingHelper(const ObjectFactory& factory)
        : m_factory(factory)
    {
    }

    TorRoutingHelper* Copy() const override
    {
        return new TorRoutingHelper(*this);
    }

    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override
    {
        return m_factory.Create<RdcnTorRouting>();
    }

  private:
    ObjectFactory m_factory; //!< Factory
};

/**
 * \brief Adds an IPv4 interface on \p device with \p address (/30), brings it up and gives the
 * device ns-3's default queue disc, as Ipv4AddressHelper::Assign does (without its global
 * address registry, so that several networks can be built in one process).
 * \return the interface
 */
uint32_t
AssignLink(Ptr<NetDevice> device, Ipv4Address address)
{
    Ptr<Node> node = device->GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    int32_t i = ipv4->GetInterfaceForDevice(device);
    if (i < 0)
    {
        i = static_cast<int32_t>(ipv4->AddInterface(device));
    }
    const auto interface = static_cast<uint32_t>(i);
    ipv4->AddAddress(interface, Ipv4InterfaceAddress(address, RdcnAddressPlan::GetLinkMask()));
    ipv4->SetMetric(interface, 1);
    ipv4->SetUp(interface);
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    Ptr<NetDeviceQueueInterface> ndqi = device->GetObject<NetDeviceQueueInterface>();
    if (tc && ndqi && !tc->GetRootQueueDiscOnDevice(device))
    {
        TrafficControlHelper::Default(ndqi->GetNTxQueues()).Install(device);
    }
    return interface;
}

} // namespace

RdcnHelper::RdcnHelper()
    : m_uplinkDelay(NanoSeconds(500))
{
    m_hostDevice.emplace_back("DataRate", Create<DataRateValue>(DataRate("10Gbps")));
    m_hostChannel.emplace_back("Delay", Create<TimeValue>(NanoSeconds(500)));
    m_uplinkDevice.emplace_back("DataRate", Create<DataRateValue>(DataRate("10Gbps")));
    m_queue.SetTypeId("ns3::RdcnCalendarQueueDisc");
    m_router.SetTypeId("ns3::RdcnRouter");
    m_torRouting.SetTypeId("ns3::RdcnTorRouting");
}

Ptr<AttributeValue>
RdcnHelper::Check(TypeId tid, const std::string& name, const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        m_errors.push_back("RdcnHelper: " + tid.GetName() + " has no attribute '" + name + "'");
        return nullptr;
    }
    Ptr<AttributeValue> valid = info.checker->CreateValidValue(value);
    if (!valid)
    {
        m_errors.push_back("RdcnHelper: attribute '" + name + "' of " + tid.GetName() +
                           " does not accept '" + value.SerializeToString(info.checker) +
                           "' (expects " + info.checker->GetUnderlyingTypeInformation() + ")");
        return nullptr;
    }
    return valid;
}

void
RdcnHelper::SetHostLinkAttribute(const std::string& name, const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    if (PointToPointNetDevice::GetTypeId().LookupAttributeByName(name, &info))
    {
        if (Ptr<AttributeValue> v = Check(PointToPointNetDevice::GetTypeId(), name, value))
        {
            m_hostDevice.emplace_back(name, v);
        }
        return;
    }
    if (PointToPointChannel::GetTypeId().LookupAttributeByName(name, &info))
    {
        if (Ptr<AttributeValue> v = Check(PointToPointChannel::GetTypeId(), name, value))
        {
            m_hostChannel.emplace_back(name, v);
        }
        return;
    }
    m_errors.push_back("RdcnHelper::SetHostLinkAttribute: '" + name +
                       "' is neither a PointToPointNetDevice nor a PointToPointChannel "
                       "attribute");
}

void
RdcnHelper::SetUplinkAttribute(const std::string& name, const AttributeValue& value)
{
    if (name == "Delay")
    {
        Ptr<AttributeValue> v = MakeTimeChecker()->CreateValidValue(value);
        Ptr<TimeValue> delay = DynamicCast<TimeValue>(v);
        if (!delay || delay->Get() < Seconds(0))
        {
            m_errors.push_back("RdcnHelper::SetUplinkAttribute: Delay must be a time >= 0");
            return;
        }
        m_uplinkDelay = delay->Get();
        return;
    }
    TypeId::AttributeInformation info;
    if (OcsNetDevice::GetTypeId().LookupAttributeByName(name, &info))
    {
        if (Ptr<AttributeValue> v = Check(OcsNetDevice::GetTypeId(), name, value))
        {
            m_uplinkDevice.emplace_back(name, v);
        }
        return;
    }
    if (OcsChannel::GetTypeId().LookupAttributeByName(name, &info))
    {
        if (Ptr<AttributeValue> v = Check(OcsChannel::GetTypeId(), name, value))
        {
            m_uplinkChannel.emplace_back(name, v);
            if (name == "Length")
            {
                m_uplinkDelay = Seconds(-1); // the length sets the delay
            }
        }
        return;
    }
    m_errors.push_back("RdcnHelper::SetUplinkAttribute: '" + name +
                       "' is neither Delay nor an OcsNetDevice or OcsChannel attribute");
}

void
RdcnHelper::SetQueueDiscAttribute(const std::string& name, const AttributeValue& value)
{
    if (Ptr<AttributeValue> v = Check(RdcnCalendarQueueDisc::GetTypeId(), name, value))
    {
        m_queue.Set(name, *v);
    }
}

void
RdcnHelper::SetSwitchAttribute(const std::string& name, const AttributeValue& value)
{
    if (name == "ReconfigurationDelay" || name == "ControlPlaneDelay" || name == "Policy" ||
        name == "PortCount")
    {
        m_errors.push_back("RdcnHelper::SetSwitchAttribute: " + name +
                           " is set by the network (reconfiguration delay = the schedule's "
                           "Guard, no control-plane delay, Drop policy, one port per ToR)");
        return;
    }
    if (Ptr<AttributeValue> v = Check(OpticalCircuitSwitch::GetTypeId(), name, value))
    {
        m_switch.emplace_back(name, v);
    }
}

void
RdcnHelper::SetRouterAttribute(const std::string& name, const AttributeValue& value)
{
    if (Ptr<AttributeValue> v = Check(RdcnRouter::GetTypeId(), name, value))
    {
        m_router.Set(name, *v);
    }
}

void
RdcnHelper::SetTorRoutingAttribute(const std::string& name, const AttributeValue& value)
{
    if (Ptr<AttributeValue> v = Check(RdcnTorRouting::GetTypeId(), name, value))
    {
        m_torRouting.Set(name, *v);
    }
}

RdcnNetwork
RdcnHelper::Install(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor, std::string& error)
{
    NS_LOG_FUNCTION(this << schedule << hostsPerTor);
    error.clear();
    if (!m_errors.empty())
    {
        for (const auto& e : m_errors)
        {
            error += (error.empty() ? "" : "; ") + e;
        }
        return RdcnNetwork();
    }
    if (!schedule)
    {
        error = "RdcnHelper::Install: no schedule";
        return RdcnNetwork();
    }
    const uint32_t n = schedule->GetNTors();
    const uint32_t uplinks = schedule->GetNUplinks();
    if (n < 2 || uplinks == 0)
    {
        error = "RdcnHelper::Install: the schedule has no matchings (call "
                "RdcnSchedule::SetMatchings first)";
        return RdcnNetwork();
    }
    const std::string timing = schedule->CheckTiming();
    if (!timing.empty())
    {
        error = "RdcnHelper::Install: " + timing;
        return RdcnNetwork();
    }
    if (hostsPerTor == 0)
    {
        error = "RdcnHelper::Install: hostsPerTor is 0 (every ToR needs at least one host)";
        return RdcnNetwork();
    }
    RdcnAddressPlan plan;
    plan.tors = n;
    plan.hostsPerTor = hostsPerTor;
    if (static_cast<uint64_t>(n) * hostsPerTor > plan.GetCapacity())
    {
        std::ostringstream os;
        os << "RdcnHelper::Install: " << n << " ToRs x " << hostsPerTor
           << " hosts = " << static_cast<uint64_t>(n) * hostsPerTor
           << " hosts; the address plan (one /30 per "
           << "host link from " << plan.base << ") holds at most " << plan.GetCapacity();
        error = os.str();
        return RdcnNetwork();
    }

    // The uplinks' devices and fibres, as the helpers will make them.
    Ptr<OcsNetDevice> probeDevice = CreateObject<OcsNetDevice>();
    for (const auto& [name, value] : m_uplinkDevice)
    {
        probeDevice->SetAttribute(name, *value);
    }
    Ptr<OcsChannel> probeFibre = CreateObject<OcsChannel>();
    for (const auto& [name, value] : m_uplinkChannel)
    {
        probeFibre->SetAttribute(name, *value);
    }
    if (m_uplinkDelay >= Seconds(0))
    {
        DoubleValue index;
        probeFibre->GetAttribute("GroupIndex", index);
        const double length = m_uplinkDelay.GetSeconds() * SPEED_OF_LIGHT / index.Get();
        probeFibre->SetAttribute("Length", DoubleValue(length));
    }
    DoubleValue fibreLength;
    probeFibre->GetAttribute("Length", fibreLength);
    // A full frame must fit in a guarded window, or it would wait forever.
    {
        TimeValue gap;
        probeDevice->GetAttribute("InterframeGap", gap);
        const uint32_t frame = probeDevice->GetMtu() + PppHeader().GetSerializedSize();
        const Time need = probeDevice->GetDataRate().CalculateBytesTxTime(frame) + gap.Get() +
                          probeFibre->GetDelay();
        const Time window = schedule->GetSlot() - schedule->GetGuard();
        if (need > window)
        {
            std::ostringstream os;
            os << "RdcnHelper::Install: a slot of " << schedule->GetSlot().As(Time::US)
               << " with a guard of " << schedule->GetGuard().As(Time::US) << " leaves "
               << window.As(Time::US) << " per window; a full frame (" << frame << " bytes at "
               << probeDevice->GetDataRate() << ", interframe gap " << gap.Get().As(Time::NS)
               << ", fibre " << probeFibre->GetDelay().As(Time::NS) << ") needs "
               << need.As(Time::US) << ": make the slot longer";
            error = os.str();
            return RdcnNetwork();
        }
    }
    Ptr<RdcnRouter> router = m_router.Create<RdcnRouter>();
    router->SetSchedule(schedule);
    const std::string routing = router->Check();
    if (!routing.empty())
    {
        error = "RdcnHelper::Install: " + RdcnRouter::GetSchemeName(router->GetScheme()) +
                " routing cannot run on this schedule: " + routing;
        return RdcnNetwork();
    }

    Ptr<RdcnNetwork::Data> d = Create<RdcnNetwork::Data>();
    d->schedule = schedule;
    d->router = router;
    d->plan = plan;
    d->tors.Create(n);
    d->hosts.Create(n * hostsPerTor);
    d->switchNodes.Create(uplinks);

    // Rotor switches: switch u, port t = ToR t's uplink u.
    OcsHelper ocs;
    for (const auto& [name, value] : m_uplinkDevice)
    {
        ocs.SetDeviceAttribute(name, *value);
    }
    for (const auto& [name, value] : m_uplinkChannel)
    {
        ocs.SetChannelAttribute(name, *value);
    }
    ocs.SetChannelAttribute("Length", fibreLength);
    for (const auto& [name, value] : m_switch)
    {
        ocs.SetSwitchAttribute(name, *value);
    }
    d->uplinks.assign(n, std::vector<Ptr<OcsNetDevice>>(uplinks));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        NetDeviceContainer devices = ocs.Install(d->switchNodes.Get(u), d->tors);
        d->switches.push_back(OcsHelper::GetSwitch(d->switchNodes.Get(u)));
        for (uint32_t t = 0; t < n; ++t)
        {
            d->uplinks[t][u] = DynamicCast<OcsNetDevice>(devices.Get(t));
        }
    }

    // Host links.
    PointToPointHelper p2p;
    for (const auto& [name, value] : m_hostDevice)
    {
        p2p.SetDeviceAttribute(name, *value);
    }
    for (const auto& [name, value] : m_hostChannel)
    {
        p2p.SetChannelAttribute(name, *value);
    }
    for (uint32_t t = 0; t < n; ++t)
    {
        for (uint32_t h = 0; h < hostsPerTor; ++h)
        {
            NetDeviceContainer link =
                p2p.Install(d->tors.Get(t), d->hosts.Get(t * hostsPerTor + h));
            d->torHostDevices.push_back(link.Get(0));
            d->hostDevices.push_back(link.Get(1));
        }
    }

    // Internet stacks: hosts with static routing, ToRs with RdcnTorRouting.
    InternetStackHelper hostStack;
    hostStack.SetIpv6StackInstall(false);
    Ipv4StaticRoutingHelper staticRouting;
    hostStack.SetRoutingHelper(staticRouting);
    hostStack.Install(d->hosts);
    InternetStackHelper torStack;
    torStack.SetIpv6StackInstall(false);
    TorRoutingHelper torRouting(m_torRouting);
    torStack.SetRoutingHelper(torRouting);
    torStack.Install(d->tors);

    // Addresses and routes of the host links.
    for (uint32_t t = 0; t < n; ++t)
    {
        for (uint32_t h = 0; h < hostsPerTor; ++h)
        {
            const uint32_t i = t * hostsPerTor + h;
            const Ipv4Address gateway = plan.GetTorAddress(t, h);
            AssignLink(d->torHostDevices[i], gateway);
            const uint32_t hostIf = AssignLink(d->hostDevices[i], plan.GetHostAddress(t, h));
            Ptr<Ipv4> hostIpv4 = d->hosts.Get(i)->GetObject<Ipv4>();
            staticRouting.GetStaticRouting(hostIpv4)->SetDefaultRoute(gateway, hostIf);
            Ptr<TrafficControlLayer> tc = d->tors.Get(t)->GetObject<TrafficControlLayer>();
            d->torHostQueues.push_back(tc->GetRootQueueDiscOnDevice(d->torHostDevices[i]));
        }
    }

    // Uplinks: an interface with no address, under a calendar queue.
    d->queues.assign(n, std::vector<Ptr<RdcnCalendarQueueDisc>>(uplinks));
    for (uint32_t t = 0; t < n; ++t)
    {
        Ptr<Node> tor = d->tors.Get(t);
        Ptr<Ipv4> ipv4 = tor->GetObject<Ipv4>();
        Ptr<TrafficControlLayer> tc = tor->GetObject<TrafficControlLayer>();
        std::vector<Ptr<NetDevice>> uplinkDevices;
        for (uint32_t u = 0; u < uplinks; ++u)
        {
            Ptr<OcsNetDevice> device = d->uplinks[t][u];
            const uint32_t interface = ipv4->AddInterface(device);
            ipv4->SetUp(interface);
            Ptr<RdcnCalendarQueueDisc> queue = m_queue.Create<RdcnCalendarQueueDisc>();
            queue->Setup(schedule, t, u, device);
            tc->SetRootQueueDiscOnDevice(device, queue);
            d->queues[t][u] = queue;
            uplinkDevices.push_back(device);
        }
        std::vector<Ptr<NetDevice>> hostDevices(d->torHostDevices.begin() + t * hostsPerTor,
                                                d->torHostDevices.begin() + (t + 1) * hostsPerTor);
        Ptr<RdcnTorRouting> routingProtocol =
            DynamicCast<RdcnTorRouting>(ipv4->GetRoutingProtocol());
        routingProtocol->Setup(t, schedule, router, plan, hostDevices, uplinkDevices);
        d->routing.push_back(routingProtocol);
    }

    // The switches follow the schedule.
    // The one OCS schedule driver plays the schedule: the switches' dark time is the guard,
    // requests take effect at once, frames on a changing circuit are lost (Drop), only the
    // circuits that change go dark, and the network starts as if it had always run.
    for (const Ptr<OpticalCircuitSwitch>& ocsSwitch : d->switches)
    {
        ocsSwitch->SetAttribute("ReconfigurationDelay", TimeValue(schedule->GetGuard()));
        ocsSwitch->SetAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
        ocsSwitch->SetAttribute("Policy", EnumValue(OpticalCircuitSwitch::DROP));
    }
    d->driver = CreateObject<OcsScheduleDriver>();
    std::string problem;
    if (!d->driver->Setup(schedule, d->switches, problem))
    {
        error = "RdcnHelper::Install: " + problem; // cannot happen: one switch per uplink
        return RdcnNetwork();
    }
    d->driver->Start();

    // Counters.
    for (uint32_t i = 0; i < d->hosts.GetN(); ++i)
    {
        d->hosts.Get(i)->GetObject<Ipv4>()->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(&RdcnNetwork::Data::HostRx, d));
        d->hostDevices[i]->TraceConnectWithoutContext(
            "PhyRxDrop",
            MakeCallback(&RdcnNetwork::Data::HostRxError, d));
        d->torHostDevices[i]->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(&RdcnNetwork::Data::HostLinkTxBegin, d));
        d->torHostDevices[i]->TraceConnectWithoutContext(
            "MacTxDrop",
            MakeCallback(&RdcnNetwork::Data::HostLinkDrop, d));
        d->torHostDevices[i]->TraceConnectWithoutContext(
            "PhyTxDrop",
            MakeCallback(&RdcnNetwork::Data::HostLinkDrop, d));
    }
    for (const auto& row : d->uplinks)
    {
        for (const auto& device : row)
        {
            device->TraceConnectWithoutContext("PhyRxDrop",
                                               MakeCallback(&RdcnNetwork::Data::RxError, d));
            device->TraceConnectWithoutContext("MacTxDrop",
                                               MakeCallback(&RdcnNetwork::Data::UplinkDrop, d));
        }
    }
    // The trace sinks hold the state; release its objects when the simulator is destroyed.
    Simulator::ScheduleDestroy(&RdcnNetwork::Data::Release, d);
    return RdcnNetwork(d);
}

int64_t
RdcnHelper::AssignStreams(RdcnNetwork& network, int64_t stream)
{
    if (!network.IsValid())
    {
        return 0;
    }
    return network.GetRouter()->AssignStreams(stream);
}

} // namespace ns3
