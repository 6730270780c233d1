/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-helper.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/ipv4-ecmp-routing.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-device-class.h"
#include "ns3/optical-compat.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsHelper");

OcsHelper::OcsHelper()
{
    m_switchFactory.SetTypeId("ns3::OpticalCircuitSwitch");
    m_deviceFactory.SetTypeId("ns3::OcsNetDevice");
    m_channelFactory.SetTypeId("ns3::OcsChannel");
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
}

void
OcsHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    m_switchFactory.Set(name, value);
}

void
OcsHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
OcsHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

bool
OcsHelper::SetDeviceClass(const std::string& name, std::string* error)
{
    OcsDeviceClass deviceClass;
    std::string problem;
    if (!OcsDeviceClass::Lookup(name, deviceClass, problem))
    {
        if (error)
        {
            *error = problem;
            return false;
        }
        NS_FATAL_ERROR("OcsHelper::SetDeviceClass: " << problem);
    }
    m_switchFactory.Set("ReconfigurationDelay", TimeValue(deviceClass.reconfigurationDelay));
    m_switchFactory.Set("ControlPlaneDelay", TimeValue(deviceClass.controlPlaneDelay));
    if (deviceClass.hasInsertionLoss)
    {
        m_switchFactory.Set("InsertionLoss", DoubleValue(deviceClass.insertionLossDb));
    }
    return true;
}

NetDeviceContainer
OcsHelper::Install(Ptr<Node> ocsNode, NodeContainer endpoints)
{
    NS_ABORT_MSG_IF(!ocsNode, "OcsHelper::Install: no switch node given");
    NS_ABORT_MSG_IF(ocsNode->GetObject<OpticalCircuitSwitch>(),
                    "OcsHelper::Install: node " << ocsNode->GetId() << " already holds a switch");
    Ptr<OpticalCircuitSwitch> ocs = m_switchFactory.Create<OpticalCircuitSwitch>();
    if (ocs->GetNPorts() == 0)
    {
        ocs->SetAttribute("PortCount", UintegerValue(endpoints.GetN()));
    }
    NS_ABORT_MSG_IF(ocs->GetNPorts() < endpoints.GetN(),
                    "OcsHelper::Install: " << endpoints.GetN() << " endpoints but PortCount is "
                                           << ocs->GetNPorts());
    ocsNode->AggregateObject(ocs);
    NetDeviceContainer devices;
    for (uint32_t k = 0; k < endpoints.GetN(); ++k)
    {
        devices.Add(Attach(ocs, endpoints.Get(k), k));
    }
    return devices;
}

Ptr<OcsNetDevice>
OcsHelper::Attach(Ptr<OpticalCircuitSwitch> ocs, Ptr<Node> node, uint32_t port)
{
    NS_ABORT_MSG_IF(!ocs || !node, "OcsHelper::Attach: null switch or node");
    Ptr<OcsNetDevice> device = m_deviceFactory.Create<OcsNetDevice>();
    device->SetAddress(Mac48Address::Allocate());
    node->AddDevice(device);
    Ptr<Queue<Packet>> queue = m_queueFactory.Create<Queue<Packet>>();
    device->SetQueue(queue);
    // Flow control with the traffic-control layer, as PointToPointHelper does.
    Ptr<NetDeviceQueueInterface> ndqi = CreateObject<NetDeviceQueueInterface>();
    ndqi->GetTxQueue(0)->ConnectQueueTraces(queue);
    device->AggregateObject(ndqi);
    Ptr<OcsChannel> channel = m_channelFactory.Create<OcsChannel>();
    device->Attach(channel);
    channel->AttachSwitch(ocs, port);
    return device;
}

void
OcsHelper::Join(Ptr<OpticalCircuitSwitch> a,
                uint32_t portA,
                Ptr<OpticalCircuitSwitch> b,
                uint32_t portB)
{
    NS_ABORT_MSG_IF(!a || !b, "OcsHelper::Join: null switch");
    NS_ABORT_MSG_IF(a == b && portA == portB, "OcsHelper::Join: a port joined to itself");
    Ptr<OcsChannel> ab = m_channelFactory.Create<OcsChannel>();
    ab->AttachSwitch(a, portA);
    ab->AttachPeerSwitch(b, portB);
    Ptr<OcsChannel> ba = m_channelFactory.Create<OcsChannel>();
    ba->AttachSwitch(b, portB);
    ba->AttachPeerSwitch(a, portA);
}

Ptr<OpticalCircuitSwitch>
OcsHelper::GetSwitch(Ptr<Node> ocsNode)
{
    return ocsNode ? ocsNode->GetObject<OpticalCircuitSwitch>() : nullptr;
}

void
OcsHelper::ScheduleReconfiguration(Ptr<OpticalCircuitSwitch> ocs,
                                   Time at,
                                   const OcsConfiguration& config)
{
    NS_ABORT_MSG_IF(!ocs, "OcsHelper::ScheduleReconfiguration: no switch");
    const std::string problem = config.Validate(ocs->GetNPorts());
    NS_ABORT_MSG_IF(!problem.empty(),
                    "OcsHelper::ScheduleReconfiguration: invalid configuration '"
                        << config << "': " << problem);
    NS_ABORT_MSG_IF(at < Simulator::Now(),
                    "OcsHelper::ScheduleReconfiguration: time " << at.As(Time::S)
                                                                << " is in the past");
    optical::compat::Schedule(at - Simulator::Now(), [ocs, config]() { ocs->Reconfigure(config); });
}

Ptr<OcsCyclicSchedule>
OcsHelper::InstallCyclicSchedule(Ptr<OpticalCircuitSwitch> ocs,
                                 const std::vector<OcsConfiguration>& configs,
                                 Time period,
                                 Time start,
                                 Time stop)
{
    Ptr<OcsCyclicSchedule> schedule = CreateObject<OcsCyclicSchedule>();
    schedule->SetAttribute("Period", TimeValue(period));
    schedule->SetAttribute("StartTime", TimeValue(start));
    schedule->SetAttribute("StopTime", TimeValue(stop));
    schedule->Setup(ocs, configs);
    schedule->Start();
    ocs->AggregateObject(schedule);
    return schedule;
}

namespace
{
/// Brings the IPv4 interface of \p device up or down to match its link.
void
FollowLink(Ptr<OcsNetDevice> device)
{
    Ptr<Ipv4> ipv4 = device->GetNode()->GetObject<Ipv4>();
    if (!ipv4)
    {
        return;
    }
    const int32_t ifIndex = ipv4->GetInterfaceForDevice(device);
    if (ifIndex < 0)
    {
        return;
    }
    const auto i = static_cast<uint32_t>(ifIndex);
    if (device->IsLinkUp() && !ipv4->IsUp(i))
    {
        ipv4->SetUp(i);
    }
    else if (!device->IsLinkUp() && ipv4->IsUp(i))
    {
        ipv4->SetDown(i);
    }
}

/// RouteUpdates::WHEN_LIT: an interface comes up the instant its port lights (a switch's
/// initial circuits), and stays up through a dark time (FollowAllThenRecompute takes down what
/// the new circuits left unconnected).
void
FollowLight(Ptr<OcsNetDevice> device)
{
    if (device->IsLinkUp())
    {
        FollowLink(device);
    }
}

/// Trace sink: recompute global routes after circuits changed.
void
Recompute(const OcsConfiguration&)
{
    Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
    Ipv4EcmpRouting::Invalidate(); // its cached equal-cost routes
}

/// Trace sink (RouteUpdates::WHEN_LIT): every port's interface to its light, then the routes.
void
FollowAllThenRecompute(std::vector<Ptr<OcsNetDevice>> devices, const OcsConfiguration&)
{
    for (const auto& device : devices)
    {
        FollowLink(device);
    }
    Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
    Ipv4EcmpRouting::Invalidate(); // its cached equal-cost routes
}

/// Trace sink: recompute global routes when circuits go dark.
void
RecomputeOnStart(const OcsConfiguration&, const OcsConfiguration&)
{
    Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
    Ipv4EcmpRouting::Invalidate(); // its cached equal-cost routes
}
} // namespace

void
OcsHelper::EnableIpv4RoutingUpdates(Ptr<OpticalCircuitSwitch> ocs, RouteUpdates when)
{
    NS_ABORT_MSG_IF(!ocs, "OcsHelper::EnableIpv4RoutingUpdates: no switch");
    std::vector<Ptr<OcsNetDevice>> devices;
    for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
    {
        Ptr<OcsChannel> channel = ocs->GetChannel(p);
        if (!channel || !channel->GetEndpoint())
        {
            continue;
        }
        Ptr<OcsNetDevice> device = channel->GetEndpoint();
        device->AddLinkChangeCallback(
            MakeBoundCallback(when == RouteUpdates::FOLLOW_LIGHT ? &FollowLink : &FollowLight,
                              device));
        FollowLink(device);
        devices.push_back(device);
    }
    if (when == RouteUpdates::WHEN_LIT)
    {
        ocs->TraceConnectWithoutContext("ReconfigurationEnd",
                                        MakeBoundCallback(&FollowAllThenRecompute, devices));
        return;
    }
    ocs->TraceConnectWithoutContext("ReconfigurationStart", MakeCallback(&RecomputeOnStart));
    ocs->TraceConnectWithoutContext("ReconfigurationEnd", MakeCallback(&Recompute));
}

int64_t
OcsHelper::AssignStreams(NetDeviceContainer devices, int64_t stream)
{
    int64_t current = stream;
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<OcsNetDevice> device = DynamicCast<OcsNetDevice>(devices.Get(i));
        if (!device)
        {
            continue;
        }
        PointerValue pv;
        device->GetAttribute("ReceiveErrorModel", pv);
        Ptr<ErrorModel> em = pv.Get<ErrorModel>();
        if (Ptr<RateErrorModel> rem = DynamicCast<RateErrorModel>(em))
        {
            current += rem->AssignStreams(current);
        }
    }
    return current - stream;
}

void
OcsHelper::EnablePcapInternal(std::string prefix,
                              Ptr<NetDevice> nd,
                              bool promiscuous,
                              bool explicitFilename)
{
    Ptr<OcsNetDevice> device = nd->GetObject<OcsNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("OcsHelper::EnablePcapInternal: device " << nd << " is not an OcsNetDevice");
        return;
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    Ptr<PcapFileWrapper> file = pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_PPP);
    pcapHelper.HookDefaultSink<OcsNetDevice>(device, "PromiscSniffer", file);
}

void
OcsHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                               std::string prefix,
                               Ptr<NetDevice> nd,
                               bool explicitFilename)
{
    Ptr<OcsNetDevice> device = nd->GetObject<OcsNetDevice>();
    if (!device)
    {
        NS_LOG_INFO("OcsHelper::EnableAsciiInternal: device " << nd << " is not an OcsNetDevice");
        return;
    }
    Packet::EnablePrinting();
    if (!stream)
    {
        // One file per device: no context needed.
        AsciiTraceHelper ascii;
        const std::string filename =
            explicitFilename ? prefix : ascii.GetFilenameFromDevice(prefix, device);
        Ptr<OutputStreamWrapper> theStream = ascii.CreateFileStream(filename);
        ascii.HookDefaultReceiveSinkWithoutContext<OcsNetDevice>(device, "MacRx", theStream);
        Ptr<Queue<Packet>> queue = device->GetQueue();
        ascii.HookDefaultEnqueueSinkWithoutContext<Queue<Packet>>(queue, "Enqueue", theStream);
        ascii.HookDefaultDropSinkWithoutContext<Queue<Packet>>(queue, "Drop", theStream);
        ascii.HookDefaultDequeueSinkWithoutContext<Queue<Packet>>(queue, "Dequeue", theStream);
        ascii.HookDefaultDropSinkWithoutContext<OcsNetDevice>(device, "PhyRxDrop", theStream);
        return;
    }
    // A shared stream: the context names node and device.
    std::ostringstream base;
    base << "/NodeList/" << nd->GetNode()->GetId() << "/DeviceList/" << nd->GetIfIndex()
         << "/$ns3::OcsNetDevice/";
    Config::Connect(base.str() + "MacRx",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultReceiveSinkWithContext, stream));
    Config::Connect(base.str() + "TxQueue/Enqueue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultEnqueueSinkWithContext, stream));
    Config::Connect(base.str() + "TxQueue/Dequeue",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDequeueSinkWithContext, stream));
    Config::Connect(base.str() + "TxQueue/Drop",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDropSinkWithContext, stream));
    Config::Connect(base.str() + "PhyRxDrop",
                    MakeBoundCallback(&AsciiTraceHelper::DefaultDropSinkWithContext, stream));
}

} // namespace ns3
