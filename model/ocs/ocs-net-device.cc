/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-net-device.h"

#include "ocs-channel.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/ppp-header.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsNetDevice");

NS_OBJECT_ENSURE_REGISTERED(OcsNetDevice);

namespace
{
/// PPP protocol numbers of IPv4 and IPv6; other EtherTypes are carried unchanged.
uint16_t
EtherToPpp(uint16_t proto)
{
    switch (proto)
    {
    case 0x0800:
        return 0x0021;
    case 0x86DD:
        return 0x0057;
    default:
        return proto;
    }
}

/// Inverse of EtherToPpp.
uint16_t
PppToEther(uint16_t proto)
{
    switch (proto)
    {
    case 0x0021:
        return 0x0800;
    case 0x0057:
        return 0x86DD;
    default:
        return proto;
    }
}
} // namespace

TypeId
OcsNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Optical")
            .AddConstructor<OcsNetDevice>()
            .AddAttribute("Mtu",
                          "Largest payload handed to the device (bytes).",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&OcsNetDevice::SetMtu, &OcsNetDevice::GetMtu),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Address",
                          "MAC address of this device.",
                          Mac48AddressValue(Mac48Address("ff:ff:ff:ff:ff:ff")),
                          MakeMac48AddressAccessor(&OcsNetDevice::m_address),
                          MakeMac48AddressChecker())
            .AddAttribute("DataRate",
                          "Line rate of the transceiver (bit/s).",
                          DataRateValue(DataRate("100Gbps")),
                          MakeDataRateAccessor(&OcsNetDevice::m_bps),
                          MakeDataRateChecker())
            .AddAttribute("InterframeGap",
                          "Idle time between two frames (s).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OcsNetDevice::m_interframeGap),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("HoldWhileLinkDown",
                          "If true, frames wait in the transmit queue while the switch port is "
                          "dark; if false (default) the device keeps transmitting and frames "
                          "sent into the dark are lost in the switch.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&OcsNetDevice::m_holdWhileLinkDown),
                          MakeBooleanChecker())
            .AddAttribute("ReceiveErrorModel",
                          "Error model applied to received frames.",
                          PointerValue(),
                          MakePointerAccessor(&OcsNetDevice::m_receiveErrorModel),
                          MakePointerChecker<ErrorModel>())
            .AddAttribute("TxQueue",
                          "Transmit queue of the device.",
                          PointerValue(),
                          MakePointerAccessor(&OcsNetDevice::m_queue),
                          MakePointerChecker<Queue<Packet>>())
            .AddTraceSource("MacTx",
                            "A packet arrived from the layer above for transmission.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "A packet from the layer above was dropped (queue full).",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A packet was received and is handed to the layer above.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxBegin",
                            "A frame starts being serialized onto the fibre.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_phyTxBeginTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyTxEnd",
                            "A frame was fully serialized onto the fibre.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_phyTxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxEnd",
                            "A frame was fully received from the fibre.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_phyRxEndTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxDrop",
                            "A received frame was corrupted by the receive error model.",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_phyRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Sniffer",
                            "Frames sent or received (non-promiscuous sniffer).",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "Frames sent or received (promiscuous sniffer, used by pcap).",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("LinkState",
                            "The link went up (true) or down (false).",
                            MakeTraceSourceAccessor(&OcsNetDevice::m_linkStateTrace),
                            "ns3::TracedValueCallback::Bool");
    return tid;
}

OcsNetDevice::OcsNetDevice()
{
    NS_LOG_FUNCTION(this);
}

OcsNetDevice::~OcsNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
OcsNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_node = nullptr;
    m_channel = nullptr;
    m_receiveErrorModel = nullptr;
    m_currentPkt = nullptr;
    m_queue = nullptr;
    NetDevice::DoDispose();
}

bool
OcsNetDevice::Attach(Ptr<OcsChannel> channel)
{
    NS_LOG_FUNCTION(this << channel);
    m_channel = channel;
    m_channel->AttachEndpoint(this);
    return true;
}

void
OcsNetDevice::SetQueue(Ptr<Queue<Packet>> queue)
{
    m_queue = queue;
}

Ptr<Queue<Packet>>
OcsNetDevice::GetQueue() const
{
    return m_queue;
}

void
OcsNetDevice::SetDataRate(DataRate rate)
{
    m_bps = rate;
}

DataRate
OcsNetDevice::GetDataRate() const
{
    return m_bps;
}

void
OcsNetDevice::SetReceiveErrorModel(Ptr<ErrorModel> em)
{
    m_receiveErrorModel = em;
}

uint64_t
OcsNetDevice::GetNLinkChanges() const
{
    return m_nLinkChanges;
}

bool
OcsNetDevice::CanTransmit() const
{
    return !m_hold && (m_linkUp || !m_holdWhileLinkDown);
}

bool
OcsNetDevice::TransmitStart(Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(this << packet);
    m_busy = true;
    m_currentPkt = packet;
    m_phyTxBeginTrace(packet);
    const Time txTime = m_bps.CalculateBytesTxTime(packet->GetSize());
    Simulator::Schedule(txTime + m_interframeGap, &OcsNetDevice::TransmitComplete, this);
    m_channel->TransmitStart(packet, txTime);
    return true;
}

void
OcsNetDevice::TransmitComplete()
{
    NS_LOG_FUNCTION(this);
    m_busy = false;
    m_phyTxEndTrace(m_currentPkt);
    m_currentPkt = nullptr;
    StartNextIfIdle();
}

void
OcsNetDevice::StartNextIfIdle()
{
    if (m_busy || !CanTransmit() || !m_queue)
    {
        return;
    }
    Ptr<Packet> packet = m_queue->Dequeue();
    if (!packet)
    {
        return;
    }
    m_snifferTrace(packet);
    m_promiscSnifferTrace(packet);
    TransmitStart(packet);
}

void
OcsNetDevice::Receive(Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(this << packet);
    if (m_receiveErrorModel && m_receiveErrorModel->IsCorrupt(packet))
    {
        m_phyRxDropTrace(packet);
        return;
    }
    m_snifferTrace(packet);
    m_promiscSnifferTrace(packet);
    m_phyRxEndTrace(packet);
    PppHeader ppp;
    packet->RemoveHeader(ppp);
    const uint16_t protocol = PppToEther(ppp.GetProtocol());
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this,
                          packet,
                          protocol,
                          GetRemote(),
                          GetAddress(),
                          NetDevice::PACKET_HOST);
    }
    m_macRxTrace(packet);
    m_rxCallback(this, packet, protocol, GetRemote());
}

void
OcsNetDevice::SetLinkState(bool up)
{
    NS_LOG_FUNCTION(this << up);
    if (up == m_linkUp)
    {
        return;
    }
    m_linkUp = up;
    ++m_nLinkChanges;
    m_linkStateTrace(up);
    m_linkChangeCallbacks();
    StartNextIfIdle();
}

void
OcsNetDevice::SetTransmitHold(bool hold)
{
    NS_LOG_FUNCTION(this << hold);
    m_hold = hold;
    StartNextIfIdle();
}

void
OcsNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
OcsNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
OcsNetDevice::GetChannel() const
{
    return m_channel;
}

void
OcsNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
OcsNetDevice::GetAddress() const
{
    return m_address;
}

bool
OcsNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
OcsNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
OcsNetDevice::IsLinkUp() const
{
    return m_linkUp;
}

void
OcsNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
OcsNetDevice::IsBroadcast() const
{
    return true;
}

Address
OcsNetDevice::GetBroadcast() const
{
    return Mac48Address("ff:ff:ff:ff:ff:ff");
}

bool
OcsNetDevice::IsMulticast() const
{
    return true;
}

Address
OcsNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address("01:00:5e:00:00:00");
}

Address
OcsNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address("33:33:00:00:00:00");
}

bool
OcsNetDevice::IsPointToPoint() const
{
    // A point-to-point link while a circuit joins this device to another endpoint; otherwise a
    // link with nobody on it (ns-3's global routing then sees a stub network, not a broken
    // point-to-point link).
    return m_channel && m_channel->GetNDevices() == 2;
}

bool
OcsNetDevice::IsBridge() const
{
    return false;
}

bool
OcsNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    NS_ABORT_MSG_IF(!m_queue, "OcsNetDevice: no transmit queue (install devices with OcsHelper)");
    m_macTxTrace(packet);
    PppHeader ppp;
    ppp.SetProtocol(EtherToPpp(protocolNumber));
    packet->AddHeader(ppp);
    if (!m_queue->Enqueue(packet))
    {
        m_macTxDropTrace(packet);
        return false;
    }
    StartNextIfIdle();
    return true;
}

bool
OcsNetDevice::SendFrom(Ptr<Packet> packet,
                       const Address& source,
                       const Address& dest,
                       uint16_t protocolNumber)
{
    return false;
}

Address
OcsNetDevice::GetRemote() const
{
    Ptr<NetDevice> peer = m_channel ? m_channel->GetDevice(1) : nullptr;
    return peer ? peer->GetAddress() : GetBroadcast();
}

Ptr<Node>
OcsNetDevice::GetNode() const
{
    return m_node;
}

void
OcsNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
OcsNetDevice::NeedsArp() const
{
    return false;
}

void
OcsNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
OcsNetDevice::SetPromiscReceiveCallback(PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
OcsNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
