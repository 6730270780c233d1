/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-helper.h"

#include "ns3/boolean.h"
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
#include "ns3/packet-topology-realizer.h"
#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/roce-fast-path.h"
#include "ns3/roce-shared-buffer.h"
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
 * \brief Makes the calendar queues of every ToR that RoceFabric made lossless (it has a
 * RoceSharedBuffer) charge what they hold to that buffer, so that PFC pauses the hosts whose
 * packets wait for their circuits instead of the queues dropping them.
 * \param d The network
 */
void
ConnectRoceBuffers(Ptr<RdcnNetwork::Data> d)
{
    for (uint32_t t = 0; t < d->tors.GetN(); ++t)
    {
        Ptr<RoceSharedBuffer> buffer = d->tors.Get(t)->GetObject<RoceSharedBuffer>();
        if (!buffer)
        {
            continue;
        }
        for (const Ptr<RdcnCalendarQueueDisc>& queue : d->queues[t])
        {
            queue->SetBuffer(
                [buffer](Ptr<const QueueDiscItem> item) { return buffer->AdmitItem(item); },
                [buffer](Ptr<const QueueDiscItem> item) { buffer->ReleaseItem(item); });
        }
    }
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
RdcnHelper::SetRdmaGateAttribute(const std::string& name, const AttributeValue& value)
{
    if (Ptr<AttributeValue> v = Check(RdcnRdmaGate::GetTypeId(), name, value))
    {
        m_rdmaGate.emplace_back(name, v);
    }
}

void
RdcnHelper::MakeRdmaGate(const Ptr<RdcnNetwork::Data>& d) const
{
    ObjectFactory factory("ns3::RdcnRdmaGate");
    const HostLink host = ProbeHostLink();
    Ptr<OcsNetDevice> uplink = ProbeUplinkDevice();
    DataRateValue uplinkRate;
    uplink->GetAttribute("DataRate", uplinkRate);
    TimeValue gap;
    uplink->GetAttribute("InterframeGap", gap);
    // A frame is the MTU plus the point-to-point header (2 bytes); the calendar queue sends one
    // only if it crosses the fibre before the slot ends (RdcnCalendarQueueDisc::Fits).
    factory.Set("Lead", TimeValue(host.delay + host.rate.CalculateBytesTxTime(host.mtu + 2)));
    factory.Set("Tail",
                TimeValue(uplinkRate.Get().CalculateBytesTxTime(host.mtu + 2) + gap.Get() +
                          ProbeUplinkFibre()->GetDelay()));
    for (const auto& [name, value] : m_rdmaGate)
    {
        factory.Set(name, *value);
    }
    d->rdmaGate = factory.Create<RdcnRdmaGate>();
    d->rdmaGate->Setup(d->schedule, d->router->GetScheme(), d->plan);
    // The NICs and buffers are installed after the network (RoceFabric, the rdma backend):
    // look for them when the simulation starts.
    Simulator::ScheduleNow(&RdcnRdmaGate::Attach, d->rdmaGate, d->hosts);
    Simulator::ScheduleNow(&ConnectRoceBuffers, d);
}

void
RdcnHelper::SetTorRoutingAttribute(const std::string& name, const AttributeValue& value)
{
    if (Ptr<AttributeValue> v = Check(RdcnTorRouting::GetTypeId(), name, value))
    {
        m_torRouting.Set(name, *v);
    }
}

Ptr<OcsNetDevice>
RdcnHelper::ProbeUplinkDevice() const
{
    Ptr<OcsNetDevice> probe = CreateObject<OcsNetDevice>();
    for (const auto& [name, value] : m_uplinkDevice)
    {
        probe->SetAttribute(name, *value);
    }
    return probe;
}

Ptr<OcsChannel>
RdcnHelper::ProbeUplinkFibre() const
{
    Ptr<OcsChannel> probe = CreateObject<OcsChannel>();
    for (const auto& [name, value] : m_uplinkChannel)
    {
        probe->SetAttribute(name, *value);
    }
    if (m_uplinkDelay >= Seconds(0))
    {
        DoubleValue index;
        probe->GetAttribute("GroupIndex", index);
        const double length = m_uplinkDelay.GetSeconds() * SPEED_OF_LIGHT / index.Get();
        probe->SetAttribute("Length", DoubleValue(length));
    }
    return probe;
}

RdcnHelper::HostLink
RdcnHelper::ProbeHostLink() const
{
    // The host links' rate, delay and MTU as PointToPointHelper makes them from the attributes.
    Ptr<PointToPointNetDevice> device = CreateObject<PointToPointNetDevice>();
    for (const auto& [name, value] : m_hostDevice)
    {
        device->SetAttribute(name, *value);
    }
    Ptr<PointToPointChannel> channel = CreateObject<PointToPointChannel>();
    for (const auto& [name, value] : m_hostChannel)
    {
        channel->SetAttribute(name, *value);
    }
    DataRateValue rate;
    device->GetAttribute("DataRate", rate);
    TimeValue delay;
    channel->GetAttribute("Delay", delay);
    return {rate.Get(), delay.Get(), device->GetMtu()};
}

std::string
RdcnHelper::CheckNetwork(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor) const
{
    if (!m_errors.empty())
    {
        std::string error;
        for (const auto& e : m_errors)
        {
            error += (error.empty() ? "" : "; ") + e;
        }
        return error;
    }
    if (!schedule)
    {
        return "RdcnHelper::Install: no schedule";
    }
    const uint32_t n = schedule->GetNTors();
    if (n < 2 || schedule->GetNUplinks() == 0)
    {
        return "RdcnHelper::Install: the schedule has no matchings (call "
               "RdcnSchedule::SetMatchings first)";
    }
    const std::string timing = schedule->CheckTiming();
    if (!timing.empty())
    {
        return "RdcnHelper::Install: " + timing;
    }
    if (hostsPerTor == 0)
    {
        return "RdcnHelper::Install: hostsPerTor is 0 (every ToR needs at least one host)";
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
        return os.str();
    }
    // A full frame must fit in a guarded window, or it would wait forever.
    Ptr<OcsNetDevice> probeDevice = ProbeUplinkDevice();
    Ptr<OcsChannel> probeFibre = ProbeUplinkFibre();
    TimeValue gap;
    probeDevice->GetAttribute("InterframeGap", gap);
    const uint32_t frame = probeDevice->GetMtu() + PppHeader().GetSerializedSize();
    const Time need =
        probeDevice->GetDataRate().CalculateBytesTxTime(frame) + gap.Get() + probeFibre->GetDelay();
    const Time window = schedule->GetSlot() - schedule->GetGuard();
    if (need > window)
    {
        std::ostringstream os;
        os << "RdcnHelper::Install: a slot of " << schedule->GetSlot().As(Time::US)
           << " with a guard of " << schedule->GetGuard().As(Time::US) << " leaves "
           << window.As(Time::US) << " per window; a full frame (" << frame << " bytes at "
           << probeDevice->GetDataRate() << ", interframe gap " << gap.Get().As(Time::NS)
           << ", fibre " << probeFibre->GetDelay().As(Time::NS) << ") needs " << need.As(Time::US)
           << ": make the slot longer";
        return os.str();
    }
    Ptr<RdcnRouter> router = m_router.Create<RdcnRouter>();
    router->SetSchedule(schedule);
    const std::string routing = router->Check();
    if (!routing.empty())
    {
        return "RdcnHelper::Install: " + RdcnRouter::GetSchemeName(router->GetScheme()) +
               " routing cannot run on this schedule: " + routing;
    }
    return "";
}

TopologyDescription
RdcnHelper::Describe(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor) const
{
    NS_ABORT_MSG_IF(!schedule, "RdcnHelper::Describe: no schedule");
    const uint32_t n = schedule->GetNTors();
    const uint32_t uplinks = schedule->GetNUplinks();
    const HostLink host = ProbeHostLink();
    Ptr<OcsNetDevice> uplinkDevice = ProbeUplinkDevice();
    Ptr<OcsChannel> fibre = ProbeUplinkFibre();

    TopologyDescription d;
    std::vector<uint32_t> hosts;
    for (uint32_t t = 0; t < n; ++t)
    {
        for (uint32_t h = 0; h < hostsPerTor; ++h)
        {
            hosts.push_back(d.AddHost("host" + std::to_string(t) + "." + std::to_string(h)));
        }
    }
    std::vector<uint32_t> tors;
    for (uint32_t t = 0; t < n; ++t)
    {
        tors.push_back(d.AddSwitch("tor" + std::to_string(t), 0));
    }
    for (uint32_t i = 0; i < hosts.size(); ++i)
    {
        d.AddLink(tors[i / hostsPerTor], hosts[i], host.rate, host.delay, host.mtu);
    }
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        const uint32_t ocs = d.AddOcs("rotor" + std::to_string(u), n);
        for (uint32_t t = 0; t < n; ++t)
        {
            d.AttachOcsPort(ocs,
                            t,
                            tors[t],
                            uplinkDevice->GetDataRate(),
                            fibre->GetDelay(),
                            uplinkDevice->GetMtu());
        }
    }
    return d;
}

void
RdcnHelper::SetLowLatencyRouting(RdcnRouter::Scheme scheme, uint64_t maxBytes)
{
    m_lowLatency = true;
    m_lowLatencyScheme = scheme;
    m_lowLatencyBytes = maxBytes;
}

bool
RdcnHelper::HasLowLatencyRouting() const
{
    return m_lowLatency;
}

RdcnNetwork
RdcnHelper::Install(Ptr<RdcnSchedule> schedule, uint32_t hostsPerTor, std::string& error)
{
    NS_LOG_FUNCTION(this << schedule << hostsPerTor);
    error = CheckNetwork(schedule, hostsPerTor);
    if (!error.empty())
    {
        return RdcnNetwork();
    }
    NodeContainer hosts;
    hosts.Create(schedule->GetNTors() * hostsPerTor);
    return InstallOn(schedule, hosts, error);
}

RdcnNetwork
RdcnHelper::InstallOn(Ptr<RdcnSchedule> schedule, NodeContainer hosts, std::string& error)
{
    NS_LOG_FUNCTION(this << schedule);
    error.clear();
    const uint32_t n = schedule ? schedule->GetNTors() : 0;
    if (n == 0 || hosts.GetN() == 0 || hosts.GetN() % n != 0)
    {
        error = CheckNetwork(schedule, 1);
        if (error.empty())
        {
            error = "RdcnHelper::InstallOn: " + std::to_string(hosts.GetN()) +
                    " hosts are not a whole number per ToR of " + std::to_string(n) + " ToRs";
        }
        return RdcnNetwork();
    }
    const uint32_t hostsPerTor = hosts.GetN() / n;
    error = CheckNetwork(schedule, hostsPerTor);
    if (error.empty() && m_lowLatency)
    {
        error = "RdcnHelper::InstallOn: low-latency routing (SetLowLatencyRouting) runs at flow "
                "level only: the packet level's calendar queues have no priority class";
    }
    if (!error.empty())
    {
        return RdcnNetwork();
    }
    Ptr<RdcnRouter> router = m_router.Create<RdcnRouter>();
    router->SetSchedule(schedule);
    m_lastRouter = router;

    Ptr<RdcnNetwork::Data> d = Create<RdcnNetwork::Data>();
    d->schedule = schedule;
    d->router = router;
    d->plan.tors = n;
    d->plan.hostsPerTor = hostsPerTor;
    d->hosts = hosts;

    Ipv4StaticRoutingHelper staticRouting;
    RealizeFabric(staticRouting, d);
    RouteHosts(staticRouting, d);
    SetupUplinks(d);

    // The switches follow the schedule.
    std::string problem;
    if (!StartDriver(d, problem))
    {
        error = "RdcnHelper::Install: " + problem; // cannot happen: one switch per uplink
        return RdcnNetwork();
    }
    ConnectCounters(d);
    MakeRdmaGate(d);
    // The trace sinks hold the state; release its objects when the simulator is destroyed.
    Simulator::ScheduleDestroy(&RdcnNetwork::Data::Release, d);
    m_network = RdcnNetwork(d);
    return m_network;
}

void
RdcnHelper::ConfigureRealizer(PacketTopologyRealizer& realizer,
                              const Ipv4StaticRoutingHelper& staticRouting) const
{
    PointToPointHelper p2p;
    for (const auto& [name, value] : m_hostDevice)
    {
        p2p.SetDeviceAttribute(name, *value);
    }
    for (const auto& [name, value] : m_hostChannel)
    {
        p2p.SetChannelAttribute(name, *value);
    }
    realizer.SetPointToPointHelper(p2p);
    OcsHelper ocs;
    for (const auto& [name, value] : m_uplinkDevice)
    {
        ocs.SetDeviceAttribute(name, *value);
    }
    for (const auto& [name, value] : m_uplinkChannel)
    {
        ocs.SetChannelAttribute(name, *value);
    }
    realizer.SetOcsHelper(ocs);
    for (const auto& [name, value] : m_switch)
    {
        realizer.SetOcsAttribute(name, *value);
    }
    realizer.SetOcsAddressing(PacketTopologyRealizer::OcsAddressing::NONE);
    InternetStackHelper hostStack;
    hostStack.SetIpv6StackInstall(false);
    hostStack.SetRoutingHelper(staticRouting);
    realizer.SetInternetStackHelper(TopologyDescription::Role::HOST, hostStack);
    InternetStackHelper torStack;
    torStack.SetIpv6StackInstall(false);
    torStack.SetRoutingHelper(TorRoutingHelper(m_torRouting));
    realizer.SetInternetStackHelper(TopologyDescription::Role::SWITCH, torStack);
}

void
RdcnHelper::RealizeFabric(const Ipv4StaticRoutingHelper& staticRouting,
                          const Ptr<RdcnNetwork::Data>& d) const
{
    const uint32_t n = d->plan.tors;
    const uint32_t hostsPerTor = d->plan.hostsPerTor;
    const uint32_t uplinks = d->schedule->GetNUplinks();
    const NodeContainer& hosts = d->hosts;
    // The realizer makes the description with the fabric's own hooks: hosts with static
    // routing, ToRs with RdcnTorRouting (no IPv6), uplinks without addresses (circuits are
    // one-way; the ToRs route over time), the switches' fibres of the uplinks' delay.
    PacketTopologyRealizer realizer(d->plan.base, Ipv4Mask("0.0.0.0"));
    ConfigureRealizer(realizer, staticRouting);
    const PacketTopologyRealizer::Result made =
        realizer.Realize(Describe(d->schedule, hostsPerTor), hosts, "RdcnHelper");

    // Nodes, switches and devices, as the description orders them.
    for (uint32_t t = 0; t < n; ++t)
    {
        d->tors.Add(made.nodes.Get(hosts.GetN() + t));
    }
    d->switches = made.ocs;
    for (const Ptr<Node>& node : made.ocsNodes)
    {
        d->switchNodes.Add(node);
    }
    d->uplinks.assign(n, std::vector<Ptr<OcsNetDevice>>(uplinks));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t t = 0; t < n; ++t)
        {
            d->uplinks[t][u] = made.portDevices[u * n + t];
        }
    }
    for (const NetDeviceContainer& link : made.links)
    {
        d->torHostDevices.push_back(link.Get(0));
        d->hostDevices.push_back(link.Get(1));
    }
}

void
RdcnHelper::RouteHosts(const Ipv4StaticRoutingHelper& staticRouting,
                       const Ptr<RdcnNetwork::Data>& d)
{
    // Hosts: a default route to their ToR.
    const uint32_t n = d->plan.tors;
    const uint32_t hostsPerTor = d->plan.hostsPerTor;
    for (uint32_t t = 0; t < n; ++t)
    {
        for (uint32_t h = 0; h < hostsPerTor; ++h)
        {
            const uint32_t i = t * hostsPerTor + h;
            Ptr<Ipv4> hostIpv4 = d->hosts.Get(i)->GetObject<Ipv4>();
            const auto hostIf =
                static_cast<uint32_t>(hostIpv4->GetInterfaceForDevice(d->hostDevices[i]));
            staticRouting.GetStaticRouting(hostIpv4)->SetDefaultRoute(d->plan.GetTorAddress(t, h),
                                                                      hostIf);
            Ptr<TrafficControlLayer> tc = d->tors.Get(t)->GetObject<TrafficControlLayer>();
            d->torHostQueues.push_back(tc->GetRootQueueDiscOnDevice(d->torHostDevices[i]));
        }
    }
}

void
RdcnHelper::SetupUplinks(const Ptr<RdcnNetwork::Data>& d) const
{
    // Uplinks: an interface with no address, under a calendar queue.
    const uint32_t n = d->plan.tors;
    const uint32_t hostsPerTor = d->plan.hostsPerTor;
    const uint32_t uplinks = d->schedule->GetNUplinks();
    const Ptr<RdcnSchedule>& schedule = d->schedule;
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
        routingProtocol->Setup(t, schedule, d->router, d->plan, hostDevices, uplinkDevices);
        d->routing.push_back(routingProtocol);
    }
    if (d->router->IsLoadBalancing())
    {
        // RotorLB: each calendar queue reads its peers' (plain pointers: the queues live as
        // long as their nodes, and a Ptr here would make a cycle of references).
        auto queues = std::make_shared<std::vector<std::vector<RdcnCalendarQueueDisc*>>>(n);
        for (uint32_t t = 0; t < n; ++t)
        {
            for (const auto& queue : d->queues[t])
            {
                (*queues)[t].push_back(PeekPointer(queue));
            }
        }
        for (uint32_t t = 0; t < n; ++t)
        {
            for (const auto& queue : d->queues[t])
            {
                queue->SetLoadBalancing(d->router, [queues](uint32_t tor, uint32_t uplink) {
                    return Ptr<RdcnCalendarQueueDisc>((*queues)[tor][uplink]);
                });
            }
        }
    }
}

bool
RdcnHelper::StartDriver(const Ptr<RdcnNetwork::Data>& d, std::string& problem)
{
    // The one OCS schedule driver plays the schedule: the switches' dark time is the guard,
    // requests take effect at once, frames on a changing circuit are lost (Drop), only the
    // circuits that change go dark, and the network starts as if it had always run.
    const Ptr<RdcnSchedule>& schedule = d->schedule;
    for (const Ptr<OpticalCircuitSwitch>& ocsSwitch : d->switches)
    {
        ocsSwitch->SetAttribute("ReconfigurationDelay", TimeValue(schedule->GetGuard()));
        ocsSwitch->SetAttribute("ControlPlaneDelay", TimeValue(Seconds(0)));
        ocsSwitch->SetAttribute("Policy", EnumValue(OpticalCircuitSwitch::DROP));
    }
    d->driver = CreateObject<OcsScheduleDriver>();
    if (!d->driver->Setup(schedule, d->switches, problem))
    {
        return false;
    }
    d->driver->Start();
    return true;
}

void
RdcnHelper::ConnectCounters(const Ptr<RdcnNetwork::Data>& d)
{
    for (uint32_t i = 0; i < d->hosts.GetN(); ++i)
    {
        // IPv4's Rx and a RoCE fabric's fast path (RoceFabric FastPath), installed or not yet.
        RoceFastPath::ConnectRx(d->hosts.Get(i), MakeCallback(&RdcnNetwork::Data::HostRx, d));
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
}

void
RdcnHelper::SetSchedule(Ptr<RdcnSchedule> schedule)
{
    m_fabricSchedule = schedule;
}

void
RdcnHelper::SetHostsPerTor(uint32_t hostsPerTor)
{
    m_fabricHostsPerTor = hostsPerTor;
}

RdcnNetwork
RdcnHelper::GetNetwork() const
{
    return m_network;
}

Ptr<RdcnFluidNetwork>
RdcnHelper::GetFluidNetwork() const
{
    return m_fluid;
}

int64_t
RdcnHelper::AssignStreams(int64_t stream)
{
    // A low-latency router draws nothing (its schemes are deterministic): no stream, so that
    // a run with Opera's split draws the same workload as one without.
    return m_lastRouter ? m_lastRouter->AssignStreams(stream) : 0;
}

std::string
RdcnHelper::CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const
{
    if (gpusPerServer != 1)
    {
        return "a time-slotted network's hosts have no scale-up domain (GPUs per server " +
               std::to_string(gpusPerServer) + ", allowed: 1)";
    }
    if (const std::string problem = CheckNetwork(m_fabricSchedule, m_fabricHostsPerTor);
        !problem.empty())
    {
        return problem;
    }
    const uint64_t expected =
        static_cast<uint64_t>(m_fabricSchedule->GetNTors()) * m_fabricHostsPerTor;
    if (hosts != expected)
    {
        return std::to_string(hosts) + " hosts for " +
               std::to_string(m_fabricSchedule->GetNTors()) + " ToRs x " +
               std::to_string(m_fabricHostsPerTor) + " hosts (" + std::to_string(expected) + ")";
    }
    return "";
}

void
RdcnHelper::InstallOnHosts(NodeContainer hosts, uint32_t /* gpusPerServer */)
{
    std::string error;
    NS_ABORT_MSG_IF(!InstallOn(m_fabricSchedule, hosts, error).IsValid(), error);
}

ScaleOutFabric::FlowEndpoints
RdcnHelper::InstallFlow(uint32_t hosts, uint32_t /* gpusPerServer */)
{
    const HostLink host = ProbeHostLink();
    ObjectFactory queue = m_queue;
    Ptr<RdcnCalendarQueueDisc> probeQueue = queue.Create<RdcnCalendarQueueDisc>();
    QueueSizeValue limit;
    probeQueue->GetAttribute("MaxSize", limit);
    Ptr<OcsNetDevice> uplink = ProbeUplinkDevice();
    if (limit.Get().GetUnit() == QueueSizeUnit::PACKETS)
    {
        // The fluid counts bytes: a packet limit of full frames (MTU and PPP header) each.
        const uint64_t frame = uplink->GetMtu() + PppHeader().GetSerializedSize();
        limit = QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, limit.Get().GetValue() * frame));
    }

    m_fluid = CreateObject<RdcnFluidNetwork>();
    m_fluid->SetAttribute("HostsPerTor", UintegerValue(m_fabricHostsPerTor));
    m_fluid->SetAttribute("HostRate", DataRateValue(host.rate));
    m_fluid->SetAttribute("UplinkRate", DataRateValue(uplink->GetDataRate()));
    m_fluid->SetAttribute("QueueLimit", limit);
    m_fluid->SetAttribute("FibreDelay", TimeValue(ProbeUplinkFibre()->GetDelay()));
    m_fluid->SetAttribute("HostLinkDelay", TimeValue(host.delay));
    Ptr<RdcnRouter> router = m_router.Create<RdcnRouter>();
    router->SetSchedule(m_fabricSchedule);
    m_lastRouter = router;
    m_fluid->SetSchedule(m_fabricSchedule);
    m_fluid->SetRouter(router);
    if (m_lowLatency)
    {
        Ptr<RdcnRouter> lowLatency = m_router.Create<RdcnRouter>();
        lowLatency->SetScheme(m_lowLatencyScheme);
        lowLatency->SetSchedule(m_fabricSchedule);
        m_fluid->SetLowLatencyRouter(lowLatency);
        m_fluid->SetAttribute("LowLatencyBytes", UintegerValue(m_lowLatencyBytes));
    }
    const std::string problem = m_fluid->Check();
    NS_ABORT_MSG_IF(!problem.empty(), "RdcnHelper::InstallFlow: " << problem);
    FlowEndpoints made;
    made.engine = m_fluid;
    for (uint32_t h = 0; h < hosts; ++h)
    {
        made.hosts.push_back(h);
    }
    return made;
}

std::vector<std::pair<std::string, Ptr<AttributeValue>>>
RdcnHelper::GetTransportAttributes(NetworkLevel level) const
{
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> attributes;
    switch (level)
    {
    case NetworkLevel::PACKET:
        // A connection per pair at its first message (all N^2 at start would be 745,000 at
        // 108 ToRs x 8 hosts).
        attributes.emplace_back("ConnectAtStart", Create<BooleanValue>(false));
        break;
    case NetworkLevel::FLOW:
        attributes.emplace_back("MessageHeaderBytes", Create<UintegerValue>(0));
        break;
    }
    return attributes;
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
