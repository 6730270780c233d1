/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TCP_COLLECTIVE_TRANSPORT_H
#define TCP_COLLECTIVE_TRANSPORT_H

#include "collective-transport.h"
#include "scale-up-domain.h"

#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Packet-level transport of ML messages over ns-3's TCP/IP stack.
 *
 * Each rank is a GPU: (node, server, local index). Messages between GPUs of the same server go
 * through the server's ScaleUpDomain; the others over one TCP connection per ordered pair of
 * ranks (set up when the transport starts, so that collectives do not pay handshakes), with
 * a 16-byte frame header (source rank, destination rank, length) in front of each message. The TCP
 * variant is ns-3's (ns3::TcpL4Protocol::SocketType), e.g. ns3::TcpDctcp with ECN.
 */
class TcpCollectiveTransport : public CollectiveTransport
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    TcpCollectiveTransport();
    ~TcpCollectiveTransport() override;

    /**
     * \brief Adds the next rank.
     * \param [in] node Node whose Internet stack carries the rank's scale-out traffic
     * \param [in] scaleUp Scale-up domain of the rank's server (nullptr: no scale-up domain)
     * \param [in] localIndex The rank's GPU index inside its server's scale-up domain
     * \return the rank
     */
    uint32_t AddRank(Ptr<Node> node, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex);

    /**
     * \brief Opens the listening sockets and the connections between every pair of ranks on
     * different servers. Call before the first Send (the helper does).
     */
    void Start();

    // CollectiveTransport
    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override;
    uint32_t GetNRanks() const override;
    Ptr<ScaleUpDomain> GetScaleUp(uint32_t rank, uint32_t& local) const override;

    /// \return bytes handed to TCP (headers included) so far
    uint64_t GetBytesSent() const;

    /// \return messages delivered so far over TCP (scale-up transfers not included)
    uint64_t GetMessagesDelivered() const;

  protected:
    void DoDispose() override;

  private:
    /// A rank.
    struct Rank
    {
        Ptr<Node> node;             //!< Node
        Ptr<ScaleUpDomain> scaleUp; //!< Server's scale-up domain
        uint32_t local;             //!< GPU index in the server
        Ipv4Address address;        //!< Scale-out address
    };

    /// A message waiting or being sent on a connection.
    struct Outgoing
    {
        uint64_t bytes;          //!< Payload
        uint64_t headerSent{0};  //!< Header bytes written
        uint64_t payloadSent{0}; //!< Payload bytes written
    };

    /// One direction of one pair of ranks.
    struct Connection
    {
        Ptr<Socket> socket;                   //!< Sending socket
        bool connected{false};                //!< Handshake done
        std::deque<Outgoing> queue;           //!< Messages to send, in order
        std::deque<DeliveryCallback> pending; //!< Callbacks of messages sent, in order
    };

    /// Receive side of one accepted socket.
    struct Incoming
    {
        uint8_t header[16];     //!< Header being read
        uint32_t headerRead{0}; //!< Header bytes read
        uint64_t remaining{0};  //!< Payload bytes still expected
        uint32_t src{0};        //!< Source rank of the current message
        uint64_t length{0};     //!< Size of the current message
    };

    bool SameServer(uint32_t a, uint32_t b) const;
    Ptr<Socket> CreateTcpSocket(Ptr<Node> node) const;
    Connection& GetConnection(uint32_t src, uint32_t dst);
    /// \brief Opens a connection's socket, or defers it to the first instant of the run if the
    /// nodes' stacks are not initialized yet (a Send before Simulator::Run()).
    /// \param [in,out] conn The connection \param [in] src Its source \param [in] dst Its
    /// destination
    void Open(Connection& conn, uint32_t src, uint32_t dst);
    /// \brief Opens every connection deferred by Open().
    void OpenPending();
    /// \param [in] src A rank \param [in] dst A rank \return true if both nodes are
    /// initialized (their stacks can send)
    bool StacksReady(uint32_t src, uint32_t dst) const;
    void ConnectAll();
    void Pump(uint32_t src, uint32_t dst);
    void ConnectionSucceeded(Ptr<Socket> socket);
    void ConnectionFailed(Ptr<Socket> socket);
    void SendSpace(Ptr<Socket> socket, uint32_t available);
    bool AcceptRequest(Ptr<Socket> socket, const Address& from);
    void Accepted(Ptr<Socket> socket, const Address& from);
    void DataArrived(Ptr<Socket> socket);
    void MessageArrived(uint32_t src, uint32_t dst, uint64_t bytes);

    uint16_t m_port;             //!< TCP port of this transport
    uint32_t m_addressIndex{0};  //!< Address of interface 1 that peers connect to
    bool m_connectAtStart{true}; //!< Connect every pair at start (else at first message)
    uint32_t m_segmentSize;      //!< TCP MSS (0: from the device MTU)
    uint32_t m_bufferSize;       //!< TCP socket buffers (bytes)
    std::vector<Rank> m_ranks;   //!< Ranks
    std::map<std::pair<uint32_t, uint32_t>, Connection> m_connections; //!< By (src, dst)
    std::map<Ptr<Socket>, std::pair<uint32_t, uint32_t>> m_socketPair; //!< Sending socket -> pair
    std::map<Ptr<Socket>, std::pair<uint32_t, Incoming>> m_incoming;   //!< Accepted -> (dst, state)
    std::vector<Ptr<Socket>> m_listeners;                              //!< Listening sockets
    bool m_started{false};                                             //!< Start() called
    bool m_openPending{false}; //!< OpenPending scheduled (connections deferred before the run)
    uint64_t m_bytesSent{0};   //!< Bytes handed to TCP
    TracedCallback<uint32_t, uint32_t, uint64_t> m_messageDeliveredTrace; //!< MessageDelivered

  public:
    /**
     * TracedCallback signature for delivered messages.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Message size
     */
    typedef void (*MessageTracedCallback)(uint32_t src, uint32_t dst, uint64_t bytes);
};

} // namespace ns3

#endif /* TCP_COLLECTIVE_TRANSPORT_H */
