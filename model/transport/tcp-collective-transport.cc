/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-collective-transport.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpCollectiveTransport");

NS_OBJECT_ENSURE_REGISTERED(TcpCollectiveTransport);

namespace
{
constexpr uint32_t HEADER = 16;           //!< Frame header: src (4), dst (4), length (8)
constexpr uint32_t MAX_WRITE = 64 * 1024; //!< Largest single write to a socket
constexpr uint32_t IP_TCP_OVERHEAD = 52;  //!< IPv4 + TCP headers with timestamps
} // namespace

TypeId
TcpCollectiveTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpCollectiveTransport")
            .SetParent<CollectiveTransport>()
            .SetGroupName("Optical")
            .AddConstructor<TcpCollectiveTransport>()
            .AddAttribute("Port",
                          "TCP port of this transport (one per job on shared nodes).",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&TcpCollectiveTransport::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("SegmentSize",
                          "TCP maximum segment size (bytes); 0 derives it from the MTU of the "
                          "node's first scale-out device (MTU - 52).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpCollectiveTransport::m_segmentSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SocketBufferSize",
                          "TCP send and receive buffer of every connection (bytes). Larger buffers "
                          "than the bandwidth-delay product only cost simulation time (ns-3's TCP "
                          "buffers are slower to manage when large).",
                          UintegerValue(1024 * 1024),
                          MakeUintegerAccessor(&TcpCollectiveTransport::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1024))
            .AddAttribute("AddressIndex",
                          "Which IPv4 address of a rank's scale-out interface (interface 1) its "
                          "peers connect to (0: the first). Fabrics whose circuits are one-way "
                          "(photonic rails) give that interface a second address that routes "
                          "reach through the circuits, while replies to the first come back "
                          "through a return network.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpCollectiveTransport::m_addressIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ConnectAtStart",
                          "Open every pair's connection when the simulation starts (true), or "
                          "each at its first message (false: for fabrics whose paths exist only "
                          "once a controller sets them up, such as photonic rails).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpCollectiveTransport::m_connectAtStart),
                          MakeBooleanChecker())
            .AddTraceSource(
                "MessageDelivered",
                "A message arrived whole (source rank, destination rank, bytes).",
                MakeTraceSourceAccessor(&TcpCollectiveTransport::m_messageDeliveredTrace),
                "ns3::TcpCollectiveTransport::MessageTracedCallback");
    return tid;
}

TcpCollectiveTransport::TcpCollectiveTransport() = default;

TcpCollectiveTransport::~TcpCollectiveTransport() = default;

void
TcpCollectiveTransport::DoDispose()
{
    for (auto& [pair, conn] : m_connections)
    {
        if (conn.socket)
        {
            conn.socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
            conn.socket = nullptr;
        }
    }
    m_connections.clear();
    m_socketPair.clear();
    m_incoming.clear();
    m_listeners.clear();
    m_ranks.clear();
    CollectiveTransport::DoDispose();
}

uint32_t
TcpCollectiveTransport::AddRank(Ptr<Node> node, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex)
{
    NS_ABORT_MSG_IF(m_started, "TcpCollectiveTransport: AddRank after Start");
    NS_ABORT_MSG_IF(!node, "TcpCollectiveTransport: null node");
    Rank rank{node, scaleUp, localIndex, Ipv4Address()};
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4 || ipv4->GetNInterfaces() < 2,
                    "TcpCollectiveTransport: node " << node->GetId()
                                                    << " has no IPv4 address (install the "
                                                       "Internet stack and assign addresses)");
    NS_ABORT_MSG_IF(m_addressIndex >= ipv4->GetNAddresses(1),
                    "TcpCollectiveTransport: AddressIndex "
                        << m_addressIndex << ", but node " << node->GetId() << "'s interface 1 has "
                        << ipv4->GetNAddresses(1) << " addresses");
    rank.address = ipv4->GetAddress(1, m_addressIndex).GetLocal();
    m_ranks.push_back(rank);
    return static_cast<uint32_t>(m_ranks.size() - 1);
}

Ptr<ScaleUpDomain>
TcpCollectiveTransport::GetScaleUp(uint32_t rank, uint32_t& local) const
{
    NS_ABORT_MSG_IF(rank >= m_ranks.size(), "TcpCollectiveTransport: no rank " << rank);
    local = m_ranks[rank].local;
    return m_ranks[rank].scaleUp;
}

uint32_t
TcpCollectiveTransport::GetNRanks() const
{
    return static_cast<uint32_t>(m_ranks.size());
}

uint64_t
TcpCollectiveTransport::GetBytesSent() const
{
    return m_bytesSent;
}

uint64_t
TcpCollectiveTransport::GetMessagesDelivered() const
{
    const CollectiveTransportCounters& c = GetCounters();
    return c.messagesDelivered - c.scaleUpDelivered;
}

bool
TcpCollectiveTransport::SameServer(uint32_t a, uint32_t b) const
{
    return m_ranks[a].scaleUp && m_ranks[a].scaleUp == m_ranks[b].scaleUp;
}

Ptr<Socket>
TcpCollectiveTransport::CreateTcpSocket(Ptr<Node> node) const
{
    Ptr<Socket> socket = Socket::CreateSocket(node, TcpSocketFactory::GetTypeId());
    uint32_t mss = m_segmentSize;
    if (mss == 0)
    {
        Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
        const uint16_t mtu = ipv4->GetNetDevice(1)->GetMtu();
        mss = mtu > IP_TCP_OVERHEAD ? mtu - IP_TCP_OVERHEAD : 536;
    }
    socket->SetAttribute("SegmentSize", UintegerValue(mss));
    socket->SetAttribute("SndBufSize", UintegerValue(m_bufferSize));
    socket->SetAttribute("RcvBufSize", UintegerValue(m_bufferSize));
    return socket;
}

void
TcpCollectiveTransport::Start()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_started, "TcpCollectiveTransport: Start called twice");
    m_started = true;
    std::vector<Ptr<Node>> listening;
    for (const auto& rank : m_ranks)
    {
        if (std::find(listening.begin(), listening.end(), rank.node) != listening.end())
        {
            continue;
        }
        listening.push_back(rank.node);
        Ptr<Socket> listener = CreateTcpSocket(rank.node);
        NS_ABORT_MSG_IF(listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                        "TcpCollectiveTransport: port " << m_port << " is taken on node "
                                                        << rank.node->GetId()
                                                        << " (give each job its own Port)");
        listener->Listen();
        listener->SetAcceptCallback(MakeCallback(&TcpCollectiveTransport::AcceptRequest, this),
                                    MakeCallback(&TcpCollectiveTransport::Accepted, this));
        m_listeners.push_back(listener);
    }
    // Connect once the simulation runs (the nodes' stacks are initialized by then).
    if (m_connectAtStart)
    {
        Simulator::ScheduleNow(&TcpCollectiveTransport::ConnectAll, this);
    }
}

void
TcpCollectiveTransport::ConnectAll()
{
    for (uint32_t src = 0; src < m_ranks.size(); ++src)
    {
        for (uint32_t dst = 0; dst < m_ranks.size(); ++dst)
        {
            if (src != dst && !SameServer(src, dst))
            {
                GetConnection(src, dst);
            }
        }
    }
}

TcpCollectiveTransport::Connection&
TcpCollectiveTransport::GetConnection(uint32_t src, uint32_t dst)
{
    Connection& conn = m_connections[{src, dst}];
    if (!conn.socket)
    {
        Open(conn, src, dst);
    }
    return conn;
}

bool
TcpCollectiveTransport::StacksReady(uint32_t src, uint32_t dst) const
{
    // A node's devices and queue discs are set up by its Initialize(), the first event of its
    // context when the simulation runs: a socket that sends before would crash in the
    // traffic-control layer.
    return m_ranks[src].node->IsInitialized() && m_ranks[dst].node->IsInitialized();
}

void
TcpCollectiveTransport::Open(Connection& conn, uint32_t src, uint32_t dst)
{
    if (conn.socket)
    {
        return;
    }
    if (!StacksReady(src, dst))
    {
        // Called before Simulator::Run(): open (and send) at the simulation's first instant.
        if (!m_openPending)
        {
            m_openPending = true;
            Simulator::ScheduleNow(&TcpCollectiveTransport::OpenPending, this);
        }
        return;
    }
    conn.socket = CreateTcpSocket(m_ranks[src].node);
    conn.socket->Bind();
    conn.socket->SetConnectCallback(
        MakeCallback(&TcpCollectiveTransport::ConnectionSucceeded, this),
        MakeCallback(&TcpCollectiveTransport::ConnectionFailed, this));
    conn.socket->SetSendCallback(MakeCallback(&TcpCollectiveTransport::SendSpace, this));
    conn.socket->Connect(InetSocketAddress(m_ranks[dst].address, m_port));
    m_socketPair[conn.socket] = {src, dst};
}

void
TcpCollectiveTransport::OpenPending()
{
    m_openPending = false;
    for (auto& [pair, conn] : m_connections)
    {
        Open(conn, pair.first, pair.second);
    }
}

void
TcpCollectiveTransport::Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered)
{
    NS_ABORT_MSG_IF(src >= m_ranks.size() || dst >= m_ranks.size(),
                    "TcpCollectiveTransport: rank " << std::max(src, dst) << " of "
                                                    << m_ranks.size());
    NS_ABORT_MSG_IF(src == dst, "TcpCollectiveTransport: rank " << src << " sends to itself");
    NS_ABORT_MSG_IF(!m_started, "TcpCollectiveTransport: Send before Start");
    CountSent(bytes);
    if (SendInScaleUp(src, dst, bytes, delivered))
    {
        return;
    }
    Connection& conn = GetConnection(src, dst);
    conn.queue.push_back({bytes});
    conn.pending.push_back(std::move(delivered));
    Pump(src, dst);
}

void
TcpCollectiveTransport::Pump(uint32_t src, uint32_t dst)
{
    Connection& conn = GetConnection(src, dst);
    if (!conn.connected)
    {
        return;
    }
    while (!conn.queue.empty())
    {
        Outgoing& msg = conn.queue.front();
        const uint32_t available = conn.socket->GetTxAvailable();
        if (available == 0)
        {
            return;
        }
        if (msg.headerSent < HEADER)
        {
            uint8_t header[HEADER];
            const uint32_t s = src;
            const uint32_t d = dst;
            std::memcpy(header, &s, 4);
            std::memcpy(header + 4, &d, 4);
            std::memcpy(header + 8, &msg.bytes, 8);
            const auto n =
                static_cast<uint32_t>(std::min<uint64_t>(available, HEADER - msg.headerSent));
            const int sent = conn.socket->Send(Create<Packet>(header + msg.headerSent, n));
            if (sent <= 0)
            {
                return;
            }
            msg.headerSent += sent;
            m_bytesSent += sent;
            continue;
        }
        const uint64_t left = msg.bytes - msg.payloadSent;
        const auto n = static_cast<uint32_t>(std::min<uint64_t>({available, left, MAX_WRITE}));
        const int sent = conn.socket->Send(Create<Packet>(n));
        if (sent <= 0)
        {
            return;
        }
        msg.payloadSent += sent;
        m_bytesSent += sent;
        if (msg.payloadSent == msg.bytes)
        {
            conn.queue.pop_front();
        }
    }
}

void
TcpCollectiveTransport::ConnectionSucceeded(Ptr<Socket> socket)
{
    const auto pair = m_socketPair.at(socket);
    m_connections[pair].connected = true;
    Pump(pair.first, pair.second);
}

void
TcpCollectiveTransport::ConnectionFailed(Ptr<Socket> socket)
{
    const auto pair = m_socketPair.at(socket);
    NS_FATAL_ERROR("TcpCollectiveTransport: rank " << pair.first << " cannot connect to rank "
                                                   << pair.second << " ("
                                                   << m_ranks[pair.second].address << ":" << m_port
                                                   << "): is there a route between them?");
}

void
TcpCollectiveTransport::SendSpace(Ptr<Socket> socket, uint32_t)
{
    const auto it = m_socketPair.find(socket);
    if (it != m_socketPair.end())
    {
        Pump(it->second.first, it->second.second);
    }
}

bool
TcpCollectiveTransport::AcceptRequest(Ptr<Socket>, const Address&)
{
    return true;
}

void
TcpCollectiveTransport::Accepted(Ptr<Socket> socket, const Address&)
{
    socket->SetRecvCallback(MakeCallback(&TcpCollectiveTransport::DataArrived, this));
    m_incoming[socket] = {0, Incoming{}};
}

void
TcpCollectiveTransport::DataArrived(Ptr<Socket> socket)
{
    Incoming& in = m_incoming[socket].second;
    while (Ptr<Packet> packet = socket->Recv())
    {
        const uint32_t size = packet->GetSize();
        uint32_t offset = 0;
        while (offset < size)
        {
            if (in.headerRead < HEADER)
            {
                const uint32_t n = std::min(HEADER - in.headerRead, size - offset);
                packet->CreateFragment(offset, n)->CopyData(in.header + in.headerRead, n);
                in.headerRead += n;
                offset += n;
                if (in.headerRead == HEADER)
                {
                    std::memcpy(&in.src, in.header, 4);
                    std::memcpy(&in.remaining, in.header + 8, 8);
                    in.length = in.remaining;
                    uint32_t dst = 0;
                    std::memcpy(&dst, in.header + 4, 4);
                    m_incoming[socket].first = dst;
                    if (in.remaining == 0)
                    {
                        in.headerRead = 0;
                        MessageArrived(in.src, dst, 0);
                    }
                }
                continue;
            }
            const auto n = static_cast<uint32_t>(std::min<uint64_t>(in.remaining, size - offset));
            in.remaining -= n;
            offset += n;
            if (in.remaining == 0)
            {
                in.headerRead = 0;
                MessageArrived(in.src, m_incoming[socket].first, in.length);
            }
        }
    }
}

void
TcpCollectiveTransport::MessageArrived(uint32_t src, uint32_t dst, uint64_t bytes)
{
    Connection& conn = m_connections.at({src, dst});
    NS_ABORT_MSG_IF(conn.pending.empty(),
                    "TcpCollectiveTransport: a message from rank " << src << " to " << dst
                                                                   << " nobody sent");
    DeliveryCallback callback = std::move(conn.pending.front());
    conn.pending.pop_front();
    CountDelivered(false, bytes);
    m_messageDeliveredTrace(src, dst, bytes);
    callback();
}

} // namespace ns3
