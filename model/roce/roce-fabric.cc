/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-fabric.h"

#include "pfc-protocol.h"
#include "roce-fast-path.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-configuration.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <set>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RoceFabric");
NS_OBJECT_ENSURE_REGISTERED(RoceFabric);

TypeId
RoceFabric::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RoceFabric")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<RoceFabric>()
                            .AddAttribute("FastPath",
                                          "Switches forward RoCEv2 frames on RoceFastPath, hosts "
                                          "deliver them from it to the NIC, and NICs hand "
                                          "theirs to traffic control (RdmaNic FastPath): the "
                                          "same routes, queues and results in less wall time, "
                                          "but IPv4's trace sources (Rx, Tx, UnicastForward, "
                                          "LocalDeliver, SendOutgoing, Drop: FlowMonitor's "
                                          "probes among them) do not see those frames; "
                                          "RoceFastPath::ConnectRx connects a counter to both "
                                          "paths. false: IPv4's own path",
                                          BooleanValue(false),
                                          MakeBooleanAccessor(&RoceFabric::m_fastPath),
                                          MakeBooleanChecker());
    return tid;
}

RoceFabric::RoceFabric()
{
    m_cc.SetTypeId("ns3::DcqcnCongestionControl");
    m_nic.SetTypeId(RdmaNic::GetTypeId());
    m_qdisc.SetTypeId(LosslessQueueDisc::GetTypeId());
    m_buffer.SetTypeId(RoceSharedBuffer::GetTypeId());
}

RoceFabric::~RoceFabric() = default;

void
RoceFabric::DoDispose()
{
    m_nics.clear();
    m_ports.clear();
    m_buffers.clear();
    m_kept.clear();
    m_followed.clear();
    m_ocsPaused.clear();
    Object::DoDispose();
}

void
RoceFabric::SetCongestionControl(const std::string& type)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(type, &tid) ||
                        (tid != RdmaCongestionControl::GetTypeId() &&
                         !tid.IsChildOf(RdmaCongestionControl::GetTypeId())),
                    "RoceFabric::SetCongestionControl: " << type
                                                         << " is not an RdmaCongestionControl");
    m_cc.SetTypeId(tid);
}

void
RoceFabric::SetCongestionControlAttribute(const std::string& name, const AttributeValue& value)
{
    m_cc.Set(name, value);
}

void
RoceFabric::SetNicAttribute(const std::string& name, const AttributeValue& value)
{
    m_nic.Set(name, value);
}

void
RoceFabric::SetQueueDiscAttribute(const std::string& name, const AttributeValue& value)
{
    m_qdisc.Set(name, value);
    m_qdiscSet.push_back(name);
}

void
RoceFabric::SetBufferAttribute(const std::string& name, const AttributeValue& value)
{
    m_buffer.Set(name, value);
}

RoceEcnThresholds
RoceFabric::EcnThresholds(DataRate rate)
{
    uint64_t g = rate.GetBitRate() / 1000000000;
    switch (g)
    {
    case 25:
        return {100000, 400000, 0.2};
    case 50:
        return {200000, 800000, 0.2};
    case 100:
        return {400000, 1600000, 0.2};
    case 200:
        return {300000, 1200000, 0.8};
    case 400:
        return {800000, 3200000, 0.2};
    default: {
        double f = static_cast<double>(rate.GetBitRate()) / 100e9;
        return {static_cast<uint32_t>(400000 * f), static_cast<uint32_t>(1600000 * f), 0.2};
    }
    }
}

uint64_t
RoceFabric::RequiredHeadroom(Ptr<NetDevice> device)
{
    DataRateValue rate;
    device->GetAttributeFailSafe("DataRate", rate);
    TimeValue delay(Seconds(0));
    if (device->GetChannel())
    {
        device->GetChannel()->GetAttributeFailSafe("Delay", delay);
    }
    // An optical circuit crosses two fibres (to the switch and on to the peer).
    const bool ocs = DynamicCast<OcsNetDevice>(device) != nullptr;
    Time oneWay = delay.Get() * (ocs ? 2 : 1);
    uint64_t frame = device->GetMtu() + 2;
    double wire = static_cast<double>(rate.Get().GetBitRate()) / 8 * 2 * oneWay.GetSeconds();
    // The pause waits behind a frame on the wire and one in the device queue here; the
    // upstream has as many committed; one frame more of margin.
    return static_cast<uint64_t>(wire) + 5 * frame + 64;
}

bool
RoceFabric::UserSetEcn() const
{
    for (const char* name : {"EcnKmin", "EcnKmax", "EcnPmax"})
    {
        if (std::count(m_qdiscSet.begin(), m_qdiscSet.end(), name) > 0)
        {
            return true;
        }
        // Set with Config::SetDefault (or --ns3::LosslessQueueDisc::EcnKmin=...).
        TypeId::AttributeInformation info;
        LosslessQueueDisc::GetTypeId().LookupAttributeByName(name, &info);
        if (info.initialValue->SerializeToString(info.checker) !=
            info.originalInitialValue->SerializeToString(info.checker))
        {
            return true;
        }
    }
    return false;
}

bool
RoceFabric::IsReplaceable(Ptr<QueueDisc> root)
{
    static const std::set<std::string> generic = {"ns3::FqCoDelQueueDisc",
                                                  "ns3::PfifoFastQueueDisc",
                                                  "ns3::FifoQueueDisc",
                                                  "ns3::RedQueueDisc",
                                                  "ns3::LosslessQueueDisc"};
    return generic.count(root->GetInstanceTypeId().GetName()) > 0;
}

const std::vector<Ptr<QueueDisc>>&
RoceFabric::GetKeptQueueDiscs() const
{
    return m_kept;
}

std::vector<Ptr<NetDevice>>
RoceFabric::Ports(Ptr<Node> node)
{
    std::vector<Ptr<NetDevice>> ports;
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    for (uint32_t i = 1; ipv4 && i < ipv4->GetNInterfaces(); ++i)
    {
        if (ipv4->GetNAddresses(i) > 0)
        {
            ports.push_back(ipv4->GetNetDevice(i));
        }
    }
    return ports;
}

NodeContainer
RoceFabric::FindSwitches(const NodeContainer& hosts) const
{
    std::set<uint32_t> seen;
    std::deque<Ptr<Node>> todo;
    for (auto it = hosts.Begin(); it != hosts.End(); ++it)
    {
        seen.insert((*it)->GetId());
        todo.push_back(*it);
    }
    NodeContainer switches;
    while (!todo.empty())
    {
        Ptr<Node> node = todo.front();
        todo.pop_front();
        for (uint32_t d = 0; d < node->GetNDevices(); ++d)
        {
            Ptr<Channel> channel = node->GetDevice(d)->GetChannel();
            for (uint32_t k = 0; channel && k < channel->GetNDevices(); ++k)
            {
                Ptr<Node> other = channel->GetDevice(k)->GetNode();
                if (other && seen.insert(other->GetId()).second)
                {
                    todo.push_back(other);
                    if (other->GetObject<Ipv4>())
                    {
                        switches.Add(other);
                    }
                }
            }
        }
    }
    return switches;
}

bool
RoceFabric::Check(const NodeContainer& hosts, std::string& error) const
{
    std::ostringstream os;
    Ptr<RdmaCongestionControl> cc = m_cc.Create<RdmaCongestionControl>();
    if (!cc->Check(error))
    {
        return false;
    }
    Ptr<LosslessQueueDisc> probe = m_qdisc.Create<LosslessQueueDisc>();
    UintegerValue kmin;
    UintegerValue kmax;
    probe->GetAttribute("EcnKmin", kmin);
    probe->GetAttribute("EcnKmax", kmax);
    if (UserSetEcn() && kmin.Get() > kmax.Get())
    {
        os << "LosslessQueueDisc EcnKmin " << kmin.Get() << " B is above EcnKmax " << kmax.Get()
           << " B; allowed: EcnKmin <= EcnKmax";
        error = os.str();
        return false;
    }
    NodeContainer switches = FindSwitches(hosts);
    for (auto it = switches.Begin(); it != switches.End(); ++it)
    {
        Ptr<RoceSharedBuffer> buffer = m_buffer.Create<RoceSharedBuffer>();
        UintegerValue headroom;
        buffer->GetAttribute("Headroom", headroom);
        uint64_t need = 0;
        Ptr<NetDevice> worst;
        for (const auto& port : Ports(*it))
        {
            uint64_t n = RequiredHeadroom(port);
            if (n > need)
            {
                need = n;
                worst = port;
            }
        }
        if (headroom.Get() > 0 && headroom.Get() < need)
        {
            os << "RoceSharedBuffer Headroom " << headroom.Get() << " B is below what a pause "
               << "can find in flight on node " << (*it)->GetId() << " device "
               << worst->GetIfIndex() << " (" << need
               << " B: a round trip at line rate and five frames); allowed: 0 (set by the "
               << "ports) or at least " << need;
            error = os.str();
            return false;
        }
        if (headroom.Get() == 0)
        {
            buffer->SetAttribute("Headroom", UintegerValue(need));
        }
        // The buffer sizes its pool by the switch's interfaces.
        Ptr<Node> node = *it;
        uint32_t interfaces = node->GetObject<Ipv4>()->GetNInterfaces();
        UintegerValue size;
        UintegerValue reserved;
        UintegerValue xoff;
        UintegerValue mask;
        buffer->GetAttribute("BufferSize", size);
        buffer->GetAttribute("Reserved", reserved);
        buffer->GetAttribute("XoffThreshold", xoff);
        buffer->GetAttribute("PfcPriorities", mask);
        buffer->GetAttribute("Headroom", headroom);
        uint64_t own = uint64_t(interfaces) * 8 * reserved.Get() +
                       uint64_t(interfaces) * __builtin_popcount(mask.Get()) * headroom.Get();
        if (own >= size.Get())
        {
            os << "RoceSharedBuffer BufferSize " << size.Get() << " B on node " << node->GetId()
               << " leaves no shared pool: its " << interfaces << " interfaces keep " << own
               << " B of reserved and headroom bytes; allowed: BufferSize above " << own;
            error = os.str();
            return false;
        }
        if (xoff.Get() >= size.Get() - own)
        {
            os << "RoceSharedBuffer XoffThreshold " << xoff.Get() << " B on node " << node->GetId()
               << " is not below the shared pool (" << size.Get() - own
               << " B); allowed: 0 (dynamic) or below " << size.Get() - own;
            error = os.str();
            return false;
        }
    }
    return true;
}

void
RoceFabric::InstallPorts(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer)
{
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    NS_ABORT_MSG_IF(!tc, "RoceFabric: node " << node->GetId() << " has no traffic control layer");
    const bool userEcn = UserSetEcn();
    bool needsInt = m_cc.Create<RdmaCongestionControl>()->NeedsInt();
    Ptr<PfcProtocol> pfc = node->GetObject<PfcProtocol>();
    if (!pfc)
    {
        pfc = CreateObject<PfcProtocol>();
        node->AggregateObject(pfc);
    }
    for (const auto& device : Ports(node))
    {
        Ptr<QueueDisc> root = tc->GetRootQueueDiscOnDevice(device);
        if (root && !IsReplaceable(root))
        {
            // A fabric's own discipline (an RDCN calendar queue): kept, without PFC.
            m_kept.push_back(root);
            continue;
        }
        if (root)
        {
            tc->DeleteRootQueueDiscOnDevice(device);
        }
        PointerValue queue;
        if (device->GetAttributeFailSafe("TxQueue", queue) && queue.Get<QueueBase>())
        {
            // One frame waits behind the one being sent: the queue disc holds the rest, where
            // pauses apply.
            queue.Get<QueueBase>()->SetMaxSize(QueueSize("1p"));
        }
        Ptr<LosslessQueueDisc> q = m_qdisc.Create<LosslessQueueDisc>();
        DataRateValue rate;
        device->GetAttributeFailSafe("DataRate", rate);
        q->SetLineRate(rate.Get());
        if (!userEcn)
        {
            RoceEcnThresholds e = EcnThresholds(rate.Get());
            q->SetAttribute("EcnKmin", UintegerValue(e.kminBytes));
            q->SetAttribute("EcnKmax", UintegerValue(e.kmaxBytes));
            q->SetAttribute("EcnPmax", DoubleValue(e.pmax));
        }
        if (needsInt && buffer)
        {
            // Switch ports only: a NIC's own port is not a hop of HPCC's.
            q->SetAttribute("IntEnabled", BooleanValue(true));
        }
        q->SetSharedBuffer(buffer);
        tc->SetRootQueueDiscOnDevice(device, q);
        pfc->SetReceiver(device, MakeCallback(&LosslessQueueDisc::ReceivePfc, q));
        m_ports.push_back(q);
        m_portPlace.emplace_back(node->GetId(), device->GetIfIndex());
    }
}

void
RoceFabric::Install(const NodeContainer& hosts)
{
    NS_ABORT_MSG_IF(m_installed, "RoceFabric::Install: called twice");
    NS_ABORT_MSG_IF(Simulator::Now().IsStrictlyPositive(),
                    "RoceFabric::Install: call it before Simulator::Run");
    std::string error;
    NS_ABORT_MSG_IF(!Check(hosts, error), error);
    m_installed = true;
    m_hosts = hosts;
    m_switches = FindSwitches(hosts);
    for (auto it = hosts.Begin(); it != hosts.End(); ++it)
    {
        InstallPorts(*it, nullptr);
    }
    for (auto it = m_switches.Begin(); it != m_switches.End(); ++it)
    {
        Ptr<RoceSharedBuffer> buffer = m_buffer.Create<RoceSharedBuffer>();
        UintegerValue headroom;
        buffer->GetAttribute("Headroom", headroom);
        if (headroom.Get() == 0)
        {
            uint64_t need = 0;
            for (const auto& port : Ports(*it))
            {
                need = std::max(need, RequiredHeadroom(port));
            }
            buffer->SetAttribute("Headroom", UintegerValue(need));
        }
        buffer->Install(*it);
        (*it)->AggregateObject(buffer);
        m_buffers.push_back(buffer);
        InstallPorts(*it, buffer);
        if (m_fastPath)
        {
            InstallPath(*it, buffer);
        }
    }
    if (m_fastPath)
    {
        m_nic.Set("FastPath", BooleanValue(true));
    }
    for (auto it = hosts.Begin(); it != hosts.End(); ++it)
    {
        if (m_fastPath)
        {
            InstallPath(*it, nullptr); // before the NIC, which takes its frames from it
        }
        Ptr<RdmaNic> nic = m_nic.Create<RdmaNic>();
        nic->SetCongestionControl(m_cc);
        nic->Install(*it);
        (*it)->AggregateObject(nic);
        m_nics.push_back(nic);
    }
}

void
RoceFabric::InstallPath(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer)
{
    // RoceFastPath::ConnectRx may have aggregated an inactive one already.
    Ptr<RoceFastPath> path = node->GetObject<RoceFastPath>();
    if (!path)
    {
        path = CreateObject<RoceFastPath>();
        node->AggregateObject(path);
    }
    if (path->Install(node, buffer))
    {
        m_paths.push_back(path);
    }
}

void
RoceFabric::FollowOcs(Ptr<OpticalCircuitSwitch> ocs, OcsReaction reaction)
{
    NS_ABORT_MSG_IF(!m_installed, "RoceFabric::FollowOcs: call Install first");
    NS_ABORT_MSG_IF(!ocs, "RoceFabric::FollowOcs: no switch");
    ocs->SetAttribute("Policy",
                      EnumValue(reaction == OCS_DRAIN ? OpticalCircuitSwitch::DRAIN
                                                      : OpticalCircuitSwitch::DROP));
    m_followed.push_back(ocs);
    if (reaction == OCS_PAUSE)
    {
        ocs->TraceConnectWithoutContext("ReconfigurationStart",
                                        MakeCallback(&RoceFabric::OcsDark, this).Bind(ocs));
        ocs->TraceConnectWithoutContext(
            "ReconfigurationEnd",
            MakeCallback(+[](RoceFabric* f, const OcsConfiguration&) { f->OcsLit(); }).Bind(this));
    }
}

void
RoceFabric::OcsDark(Ptr<OpticalCircuitSwitch> ocs,
                    const OcsConfiguration& from,
                    const OcsConfiguration& to)
{
    for (uint32_t p = 0; p < ocs->GetNPorts(); ++p)
    {
        if (from.GetPeer(p) == to.GetPeer(p) || !ocs->GetChannel(p))
        {
            continue;
        }
        Ptr<NetDevice> device = ocs->GetChannel(p)->GetEndpoint();
        Ptr<TrafficControlLayer> tc =
            device ? device->GetNode()->GetObject<TrafficControlLayer>() : nullptr;
        auto q =
            tc ? DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(device)) : nullptr;
        if (!q)
        {
            continue;
        }
        for (uint32_t prio = 0; prio < LosslessQueueDisc::N_PRIORITIES; ++prio)
        {
            // Until the circuits are lit again (OcsLit).
            q->Pause(prio, Seconds(3600));
        }
        m_ocsPaused.push_back(q);
    }
}

void
RoceFabric::OcsLit()
{
    for (const auto& q : m_ocsPaused)
    {
        for (uint32_t prio = 0; prio < LosslessQueueDisc::N_PRIORITIES; ++prio)
        {
            q->Pause(prio, Time(0));
        }
    }
    m_ocsPaused.clear();
}

int64_t
RoceFabric::AssignStreams(int64_t stream)
{
    NS_ABORT_MSG_IF(!m_installed, "RoceFabric::AssignStreams: call Install first");
    int64_t used = 0;
    for (const auto& port : m_ports)
    {
        used += port->AssignStreams(stream + used);
    }
    return used;
}

uint64_t
RoceFabric::GetFastForwarded() const
{
    uint64_t n = 0;
    for (const auto& path : m_paths)
    {
        n += path->GetForwarded();
    }
    return n;
}

uint64_t
RoceFabric::GetFastDelivered() const
{
    uint64_t n = 0;
    for (const auto& path : m_paths)
    {
        n += path->GetDelivered();
    }
    return n;
}

uint64_t
RoceFabric::GetOcsDrops() const
{
    uint64_t drops = 0;
    for (const auto& ocs : m_followed)
    {
        const auto total = ocs->GetTotalCounters();
        for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
        {
            drops += total.drops[r];
        }
    }
    return drops;
}

const std::vector<Ptr<RdmaNic>>&
RoceFabric::GetNics() const
{
    return m_nics;
}

Ptr<RdmaNic>
RoceFabric::GetNic(Ptr<Node> node) const
{
    return node ? node->GetObject<RdmaNic>() : nullptr;
}

const NodeContainer&
RoceFabric::GetSwitches() const
{
    return m_switches;
}

const std::vector<Ptr<LosslessQueueDisc>>&
RoceFabric::GetPorts() const
{
    return m_ports;
}

std::string
RoceFabric::DescribePort(uint32_t port) const
{
    std::ostringstream os;
    os << "node " << m_portPlace.at(port).first << " device " << m_portPlace.at(port).second;
    return os.str();
}

const std::vector<Ptr<RoceSharedBuffer>>&
RoceFabric::GetBuffers() const
{
    return m_buffers;
}

} // namespace ns3
