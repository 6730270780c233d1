/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "pfc-protocol.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/socket.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PfcProtocol");
NS_OBJECT_ENSURE_REGISTERED(PfcProtocol);

TypeId
PfcProtocol::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PfcProtocol")
                            .SetParent<IpL4Protocol>()
                            .SetGroupName("Optical")
                            .AddConstructor<PfcProtocol>();
    return tid;
}

PfcProtocol::PfcProtocol() = default;

PfcProtocol::~PfcProtocol() = default;

void
PfcProtocol::NotifyNewAggregate()
{
    if (!m_node)
    {
        Ptr<Node> node = GetObject<Node>();
        if (node)
        {
            Ptr<Ipv4L3Protocol> ipv4 = node->GetObject<Ipv4L3Protocol>();
            if (ipv4)
            {
                m_node = node;
                ipv4->Insert(this);
                SetDownTarget(MakeCallback(&Ipv4L3Protocol::Send, ipv4));
            }
        }
    }
    IpL4Protocol::NotifyNewAggregate();
}

void
PfcProtocol::DoDispose()
{
    m_node = nullptr;
    m_receivers.clear();
    m_down = IpL4Protocol::DownTargetCallback();
    IpL4Protocol::DoDispose();
}

Time
PfcProtocol::SendFrame(uint32_t interface, uint32_t priority, uint16_t quanta)
{
    NS_ABORT_MSG_IF(!m_node, "PfcProtocol: not aggregated to a node with IPv4");
    Ptr<Ipv4L3Protocol> ipv4 = m_node->GetObject<Ipv4L3Protocol>();
    Ptr<NetDevice> device = ipv4->GetNetDevice(interface);
    DataRateValue rate;
    NS_ABORT_MSG_IF(!device->GetAttributeFailSafe("DataRate", rate),
                    "PfcProtocol: device " << device->GetIfIndex() << " of node " << m_node->GetId()
                                           << " has no DataRate");
    PfcHeader frame;
    frame.SetQuanta(priority, quanta);
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(frame);
    SocketIpTtlTag ttl;
    ttl.SetTtl(1);
    p->AddPacketTag(ttl);
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    Ipv4Address source = ipv4->GetNAddresses(interface) > 0
                             ? ipv4->GetAddress(interface, 0).GetLocal()
                             : Ipv4Address::GetAny();
    route->SetSource(source);
    route->SetDestination(Ipv4Address::GetBroadcast());
    route->SetGateway(Ipv4Address::GetAny());
    route->SetOutputDevice(device);
    ++m_sent;
    NS_LOG_LOGIC("node " << m_node->GetId() << " interface " << interface << " priority "
                         << priority << " quanta " << quanta);
    m_down(p, source, Ipv4Address::GetBroadcast(), PROT_NUMBER, route);
    return rate.Get().CalculateBytesTxTime(64) * quanta;
}

IpL4Protocol::RxStatus
PfcProtocol::Receive(Ptr<Packet> p, const Ipv4Header& header, Ptr<Ipv4Interface> incomingInterface)
{
    PfcHeader frame;
    p->RemoveHeader(frame);
    ++m_received;
    auto it = m_receivers.find(incomingInterface->GetDevice());
    if (it != m_receivers.end())
    {
        it->second(frame);
    }
    else
    {
        NS_LOG_WARN("node " << m_node->GetId() << ": PFC frame on a device without a "
                            << "receiver; ignored");
    }
    return IpL4Protocol::RX_OK;
}

IpL4Protocol::RxStatus
PfcProtocol::Receive(Ptr<Packet> p, const Ipv6Header& header, Ptr<Ipv6Interface> incomingInterface)
{
    return IpL4Protocol::RX_ENDPOINT_UNREACH;
}

void
PfcProtocol::SetDownTarget(IpL4Protocol::DownTargetCallback cb)
{
    m_down = cb;
}

void
PfcProtocol::SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb)
{
    m_down6 = cb;
}

IpL4Protocol::DownTargetCallback
PfcProtocol::GetDownTarget() const
{
    return m_down;
}

IpL4Protocol::DownTargetCallback6
PfcProtocol::GetDownTarget6() const
{
    return m_down6;
}

int
PfcProtocol::GetProtocolNumber() const
{
    return PROT_NUMBER;
}

void
PfcProtocol::SetReceiver(Ptr<NetDevice> device, Receiver receiver)
{
    m_receivers[device] = receiver;
}

uint64_t
PfcProtocol::GetFramesSent() const
{
    return m_sent;
}

uint64_t
PfcProtocol::GetFramesReceived() const
{
    return m_received;
}

} // namespace ns3
