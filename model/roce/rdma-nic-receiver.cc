/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdmaNic, receiver side: RoCE frames from the socket or the fast path, data accepted in PSN
// order with ACKs, NACKs and CNPs, and ACKs, NACKs and CNPs acted on by the sender.

#include "rdma-nic-detail.h"

#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-header.h"

#include <algorithm>

namespace ns3
{

namespace
{

/// The NIC's log component, under its one name.
LogComponent& g_log = rdmanicdetail::NicLog();

} // namespace

void
RdmaNic::Receive(Ptr<Socket> socket)
{
    Address from;
    Ptr<Packet> packet;
    while ((packet = socket->RecvFrom(from)))
    {
        SocketIpTosTag tos;
        const bool ce = packet->PeekPacketTag(tos) && (tos.GetTos() & 0x03) == 0x03;
        Handle(packet, InetSocketAddress::ConvertFrom(from).GetIpv4(), ce);
    }
}

void
RdmaNic::Deliver(Ptr<Packet> packet, const Ipv4Header& header, uint32_t interface)
{
    UdpHeader udp;
    packet->RemoveHeader(udp);
    Handle(packet, header.GetSource(), header.GetEcn() == Ipv4Header::ECN_CE);
}

void
RdmaNic::Handle(Ptr<Packet> packet, Ipv4Address from, bool ce)
{
    RoceHeader header;
    packet->RemoveHeader(header);
    switch (header.GetOpcode())
    {
    case RoceHeader::DATA:
        ReceiveData(header, from, ce);
        break;
    case RoceHeader::ACK:
    case RoceHeader::NACK:
        ReceiveAck(header);
        break;
    case RoceHeader::CNP: {
        auto it = m_sendIndex.find(header.GetQueuePair());
        if (it != m_sendIndex.end())
        {
            SendQp& qp = *m_send[it->second];
            ++m_counters.cnpsReceived;
            DataRate before = qp.control.rate;
            qp.cc->OnCnp(qp.control);
            if (qp.control.rate != before)
            {
                m_rateTrace(qp.control.qp, qp.control.rate);
            }
        }
        break;
    }
    }
}

void
RdmaNic::ReceiveData(const RoceHeader& header, Ipv4Address from, bool ce)
{
    auto it = m_recv.find(header.GetQueuePair());
    if (it == m_recv.end())
    {
        NS_LOG_WARN("node " << m_node->GetId() << ": data of unknown queue pair "
                            << header.GetQueuePair());
        return;
    }
    RecvQp& r = *it->second;
    Time now = Simulator::Now();
    if (ce)
    {
        ++m_counters.ceReceived;
        r.ceSinceAck = true;
    }
    if (ce && m_sendCnp)
    {
        if (r.lastCnp.IsNegative() || now - r.lastCnp >= m_cnpInterval)
        {
            r.lastCnp = now;
            RoceHeader cnp;
            cnp.SetOpcode(RoceHeader::CNP);
            cnp.SetQueuePair(header.GetQueuePair());
            ++m_counters.cnpsSent;
            SendControl(r.from, cnp, 0);
        }
    }
    uint32_t psn = header.GetPsn();
    RoceHeader reply;
    reply.SetQueuePair(header.GetQueuePair());
    if (psn == r.expected)
    {
        ++r.expected;
        ++m_counters.dataReceived;
        bool last = false;
        while (!r.messages.empty() && r.messages.front().first <= r.expected)
        {
            last = true;
            MessageCallback cb = std::move(r.messages.front().second);
            r.messages.pop_front();
            if (cb)
            {
                cb();
            }
        }
        if (++r.sinceAck < m_ackInterval && !last)
        {
            return;
        }
        r.sinceAck = 0;
        reply.SetOpcode(RoceHeader::ACK);
        reply.SetPsn(r.expected);
        reply.CopyInt(header);
        reply.SetEcnEcho(r.ceSinceAck);
        r.ceSinceAck = false;
        ++m_counters.acksSent;
        SendControl(r.from, reply, 0);
        return;
    }
    if (psn < r.expected)
    {
        // A duplicate (after a rewind): acknowledge what arrived.
        reply.SetOpcode(RoceHeader::ACK);
        reply.SetPsn(r.expected);
        ++m_counters.acksSent;
        SendControl(r.from, reply, 0);
        return;
    }
    ++m_counters.outOfOrder;
    if (r.nackPsn == r.expected && now - r.lastNack < m_nackInterval)
    {
        return;
    }
    r.nackPsn = r.expected;
    r.lastNack = now;
    reply.SetOpcode(RoceHeader::NACK);
    reply.SetPsn(r.expected);
    ++m_counters.nacksSent;
    SendControl(r.from, reply, 0);
}

void
RdmaNic::ReceiveAck(const RoceHeader& header)
{
    auto it = m_sendIndex.find(header.GetQueuePair());
    if (it == m_sendIndex.end())
    {
        return;
    }
    SendQp& qp = *m_send[it->second];
    uint32_t psn = header.GetPsn();
    uint64_t acked = 0;
    if (psn > qp.una)
    {
        for (uint32_t k = qp.una; k < psn; ++k)
        {
            acked += PayloadOf(qp, k);
        }
        qp.una = psn;
        qp.pending -= acked;
        if (qp.next < qp.una)
        {
            qp.next = qp.una;
        }
        ArmTimer(qp);
    }
    if (qp.measureRtt)
    {
        // The ACK answers PSN psn - 1: its round trip, unless it may have been sent twice.
        const Time now = Simulator::Now();
        const bool known = psn > qp.sentBase && psn - 1 >= qp.resentBelow &&
                           psn - 1 - qp.sentBase < qp.sentAt.size();
        qp.control.rtt = known ? now - qp.sentAt[psn - 1 - qp.sentBase] : Seconds(0);
        while (qp.sentBase < qp.una && !qp.sentAt.empty())
        {
            qp.sentAt.pop_front();
            ++qp.sentBase;
        }
    }
    DataRate before = qp.control.rate;
    qp.cc->OnAck(qp.control, header, acked);
    if (qp.control.rate != before)
    {
        m_rateTrace(qp.control.qp, qp.control.rate);
    }
    // A NACK overtaken by a later ACK (control packets reordered: they may take other paths)
    // asks for packets already acknowledged: go back no further than the unacknowledged.
    if (header.GetOpcode() == RoceHeader::NACK && psn < qp.next && psn >= qp.una)
    {
        qp.resentBelow = std::max(qp.resentBelow, qp.next);
        m_counters.retransmitted += qp.next - psn;
        m_retransmitTrace(qp.control.qp, psn);
        qp.next = psn;
    }
    Time now = Simulator::Now();
    while (!qp.messages.empty() && qp.messages.front().endPsn <= qp.una)
    {
        RdmaMessage m = std::move(qp.messages.front());
        qp.messages.pop_front();
        m_messageTrace(qp.control.qp, m.bytes, now - m.posted);
        if (m.completed)
        {
            m.completed();
        }
    }
    TrySend(qp.port);
}

} // namespace ns3
