/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-channel.h"

#include "ocs-net-device.h"
#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OcsChannel");

NS_OBJECT_ENSURE_REGISTERED(OcsChannel);

/// Speed of light in vacuum (m/s).
static constexpr double SPEED_OF_LIGHT = 299792458.0;

TypeId
OcsChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::OcsChannel")
            .SetParent<Channel>()
            .SetGroupName("Optical")
            .AddConstructor<OcsChannel>()
            .AddAttribute("Length",
                          "Fibre length between the endpoint and the switch port (m).",
                          DoubleValue(10.0),
                          MakeDoubleAccessor(&OcsChannel::SetLength, &OcsChannel::GetLength),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute(
                "GroupIndex",
                "Group refractive index of the fibre; delay = Length x GroupIndex / c "
                "(default 1.4682: standard single-mode fibre at 1550 nm).",
                DoubleValue(1.4682),
                MakeDoubleAccessor(&OcsChannel::SetGroupIndex, &OcsChannel::GetGroupIndex),
                MakeDoubleChecker<double>(1.0))
            .AddAttribute("Delay",
                          "One-way propagation delay of the fibre, beside its Length: setting "
                          "it sets Length = Delay x c / GroupIndex (with the GroupIndex in "
                          "place: set GroupIndex first). Reads as the delay Length gives. The "
                          "default (-1 ns) leaves Length as it is.",
                          TimeValue(NanoSeconds(-1)),
                          MakeTimeAccessor(&OcsChannel::SetDelay, &OcsChannel::GetDelay),
                          MakeTimeChecker())
            .AddAttribute("Attenuation",
                          "Fibre attenuation for link budgets (dB/km; default 0.2, single-mode "
                          "fibre at 1550 nm).",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&OcsChannel::m_attenuationDbPerKm),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("ConnectorLoss",
                          "Connector and splice loss of the fibre, for link budgets (dB).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&OcsChannel::m_connectorLossDb),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

OcsChannel::OcsChannel()
{
    NS_LOG_FUNCTION(this);
    UpdateDelay();
}

OcsChannel::~OcsChannel()
{
    NS_LOG_FUNCTION(this);
}

void
OcsChannel::DoDispose()
{
    m_endpoint = nullptr;
    m_switch = nullptr;
    m_peer = nullptr;
    Channel::DoDispose();
}

void
OcsChannel::UpdateDelay()
{
    m_delay = Seconds(m_length * m_groupIndex / SPEED_OF_LIGHT);
}

void
OcsChannel::SetLength(double length)
{
    m_length = length;
    UpdateDelay();
}

double
OcsChannel::GetLength() const
{
    return m_length;
}

void
OcsChannel::SetDelay(Time delay)
{
    if (delay.IsStrictlyNegative())
    {
        return; // the default: Length decides
    }
    m_length = delay.GetSeconds() * SPEED_OF_LIGHT / m_groupIndex;
    m_delay = delay; // exactly the delay given (the length is its image)
}

void
OcsChannel::SetGroupIndex(double index)
{
    m_groupIndex = index;
    UpdateDelay();
}

double
OcsChannel::GetGroupIndex() const
{
    return m_groupIndex;
}

void
OcsChannel::AttachEndpoint(Ptr<OcsNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(m_endpoint || m_peer, "OcsChannel: the far end is already attached");
    m_endpoint = device;
}

void
OcsChannel::AttachSwitch(Ptr<OpticalCircuitSwitch> ocs, uint32_t port)
{
    NS_LOG_FUNCTION(this << ocs << port);
    NS_ABORT_MSG_IF(m_switch, "OcsChannel: a switch is already attached");
    m_switch = ocs;
    m_port = port;
    ocs->AttachChannel(port, this);
}

Ptr<OcsNetDevice>
OcsChannel::GetEndpoint() const
{
    return m_endpoint;
}

Ptr<OpticalCircuitSwitch>
OcsChannel::GetSwitch() const
{
    return m_switch;
}

uint32_t
OcsChannel::GetSwitchPort() const
{
    return m_port;
}

Time
OcsChannel::GetDelay() const
{
    return m_delay;
}

double
OcsChannel::GetLossDb() const
{
    return m_length / 1000.0 * m_attenuationDbPerKm + m_connectorLossDb;
}

uint32_t
OcsChannel::GetEndpointContext() const
{
    return m_endpoint && m_endpoint->GetNode() ? m_endpoint->GetNode()->GetId()
                                               : Simulator::NO_CONTEXT;
}

void
OcsChannel::TransmitStart(Ptr<Packet> packet, Time txTime)
{
    NS_LOG_FUNCTION(this << packet << txTime);
    if (!m_switch)
    {
        return; // fibre to nowhere: light is lost
    }
    m_switch->Ingress(m_port, packet, txTime, m_delay);
}

void
OcsChannel::AttachPeerSwitch(Ptr<OpticalCircuitSwitch> peer, uint32_t port)
{
    NS_LOG_FUNCTION(this << peer << port);
    NS_ABORT_MSG_IF(!peer, "OcsChannel: null peer switch");
    NS_ABORT_MSG_IF(m_endpoint || m_peer, "OcsChannel: the far end is already attached");
    NS_ABORT_MSG_IF(port >= peer->GetNPorts(),
                    "OcsChannel: the peer switch has no port " << port << " (it has "
                                                               << peer->GetNPorts() << ")");
    m_peer = peer;
    m_peerPort = port;
}

Ptr<OpticalCircuitSwitch>
OcsChannel::GetPeerSwitch() const
{
    return m_peer;
}

void
OcsChannel::Deliver(Ptr<Packet> packet, Time txTime)
{
    NS_LOG_FUNCTION(this << packet);
    if (m_peer)
    {
        // The last bit is at the peer's port now: the frame occupied it from now - txTime.
        m_peer->Ingress(m_peerPort, packet, txTime, Seconds(0) - txTime);
        return;
    }
    if (m_endpoint)
    {
        m_endpoint->Receive(packet);
    }
}

void
OcsChannel::NotifyLinkChange(bool up)
{
    NS_LOG_FUNCTION(this << up);
    if (m_endpoint)
    {
        m_endpoint->SetLinkState(up);
    }
}

void
OcsChannel::SetTransmitHold(bool hold)
{
    NS_LOG_FUNCTION(this << hold);
    if (m_endpoint)
    {
        m_endpoint->SetTransmitHold(hold);
    }
}

std::size_t
OcsChannel::GetNDevices() const
{
    if (!m_endpoint)
    {
        return 0;
    }
    return GetDevice(1) ? 2 : 1;
}

Ptr<NetDevice>
OcsChannel::GetDevice(std::size_t i) const
{
    if (i == 0)
    {
        return m_endpoint;
    }
    if (i == 1 && m_switch)
    {
        const int32_t peer = m_switch->GetLitPeer(m_port);
        if (peer != -1)
        {
            Ptr<OcsChannel> peerChannel = m_switch->GetChannel(static_cast<uint32_t>(peer));
            if (peerChannel)
            {
                return peerChannel->GetEndpoint();
            }
        }
    }
    return nullptr;
}

} // namespace ns3
