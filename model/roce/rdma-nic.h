/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDMA_NIC_H
#define RDMA_NIC_H

#include "rdma-congestion-control.h"
#include "roce-header.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

class Node;
class RoceFastPath;
class Socket;
class Packet;
class Address;
class NetDevice;
class LosslessQueueDisc;
class QueueDiscItem;
class TrafficControlLayer;

/**
 * \ingroup optical
 * \brief What an RdmaNic has done, for examples and tests.
 */
struct RdmaNicCounters
{
    uint64_t dataSent{0};      //!< Data packets sent (with retransmissions)
    uint64_t retransmitted{0}; //!< Of these, sent again (go-back-N)
    uint64_t dataReceived{0};  //!< Data packets received in order
    uint64_t outOfOrder{0};    //!< Data packets discarded out of order
    uint64_t acksSent{0};      //!< ACKs sent
    uint64_t nacksSent{0};     //!< NACKs sent
    uint64_t cnpsSent{0};      //!< CNPs sent
    uint64_t cnpsReceived{0};  //!< CNPs received
    uint64_t timeouts{0};      //!< Retransmission timer expiries
    uint64_t ceReceived{0};    //!< CE-marked data packets received
    uint64_t noRoute{0};       //!< Packets not sent: no route to their destination
};

/**
 * \ingroup optical
 * \brief A RoCEv2 NIC on a host: queue pairs carrying messages to peers' NICs over UDP port
 * 4791, a rate limiter and optional window per queue pair set by a congestion control law,
 * round-robin over the queue pairs of a port at line rate, ACK/NACK on a high-priority path,
 * go-back-N loss recovery with a retransmission timer, CNPs for CE-marked packets.
 *
 * Sender: a message posted on a queue pair is cut into packets of PayloadSize bytes (0: the
 * largest that fits the port's MTU); the port sends the next packet of the next queue pair (in
 * turn) whose rate limiter allows it, whose window has room and whose priority the port's
 * LosslessQueueDisc has not paused, no faster than the line rate (ACKs it sends count too).
 * ACKs advance the first unacknowledged PSN; a NACK or a timeout (RetransmitTimeout without
 * progress) sends again from it (go-back-N). A message is complete when all its packets are
 * acknowledged (MessageComplete trace).
 *
 * Receiver: packets in order are accepted (every AckInterval packets and the last of a message
 * acknowledged); a packet beyond the expected PSN is discarded and answered by a NACK (at most
 * one per NackInterval for the same PSN); a CE-marked packet makes a CNP, at most one per
 * CnpInterval per queue pair, if the congestion control law reads CNPs (NeedsCnp; every NIC of
 * a fabric has the same law). The delivered callback of a message runs when its last packet
 * is accepted.
 *
 * Data packets carry DSCP class selector of their priority (CS3 for priority 3) and ECT(0);
 * ACKs, NACKs and CNPs the AckPriority's and no ECN.
 */
class RdmaNic : public Object
{
  public:
    /// Called when a message is done (delivered at the receiver, or acknowledged at the sender).
    using MessageCallback = std::function<void()>;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RdmaNic();
    ~RdmaNic() override;

    /**
     * \brief Serves a host: opens UDP port 4791, finds its ports (devices with an IPv4
     * address). Call once, before Connect.
     * \param [in] node The host (with an Internet stack)
     */
    void Install(Ptr<Node> node);

    /// \return the host
    Ptr<Node> GetNode() const;

    /// \return the address peers send to (the first address of the first non-loopback port)
    Ipv4Address GetAddress() const;

    /**
     * \brief Opens a queue pair to a peer NIC (a reliable connection).
     * \param [in] peer The peer (installed)
     * \param [in] priority Its data priority (0-7)
     * \param [in] to The peer's address data goes to (default, the any address: GetAddress()
     * of the peer; a
     * fabric of one-way circuits gives hosts a second address reached through them)
     * \return the queue pair's id (unique in the simulation)
     */
    uint32_t Connect(Ptr<RdmaNic> peer, uint8_t priority, Ipv4Address to = Ipv4Address::GetAny());

    /**
     * \brief Posts a message on a queue pair (an RDMA write).
     * \param [in] qp A queue pair of this NIC
     * \param [in] bytes Its size (> 0)
     * \param [in] delivered Run at the peer when the last packet is accepted (may be empty)
     * \param [in] completed Run here when every packet is acknowledged (may be empty)
     */
    void Post(uint32_t qp, uint64_t bytes, MessageCallback delivered, MessageCallback completed);

    /**
     * \brief Sets the congestion control law of queue pairs opened from now on.
     * \param [in] factory A factory of an RdmaCongestionControl
     */
    void SetCongestionControl(const ObjectFactory& factory);

    /// \return what the NIC did
    const RdmaNicCounters& GetCounters() const;

    /**
     * \param [in] qp A queue pair of this NIC
     * \return its current rate
     */
    DataRate GetRate(uint32_t qp) const;

    /**
     * \param [in] qp A queue pair of this NIC
     * \return its congestion control
     */
    Ptr<RdmaCongestionControl> GetCongestionControl(uint32_t qp) const;

    /**
     * \param [in] qp A queue pair of this NIC
     * \return bytes not yet acknowledged (posted, not acknowledged)
     */
    uint64_t GetPendingBytes(uint32_t qp) const;

    /**
     * \brief Holds (or releases) the data of every queue pair on a priority, on every port: the
     * NIC sends none while held (an optical circuit is being reconfigured).
     * \param [in] priority The priority
     * \param [in] hold True to hold
     */
    void Hold(uint8_t priority, bool hold);

    /// A queue pair that no gate holds (GateKeyCallback).
    static constexpr uint32_t NO_GATE = UINT32_MAX;

    /**
     * \brief Names the gate of a queue pair from the address its data goes to: a key below
     * the NIC's number of gates, or NO_GATE.
     */
    using GateKeyCallback = std::function<uint32_t(Ipv4Address to)>;

    /**
     * \brief Gates queue pairs: each queue pair, those open already and those opened later, is
     * given the gate \p keyOf names for its destination, and sends data only while that gate is
     * open (ACKs, NACKs and CNPs are never gated). Every gate starts open. A time-slotted
     * network's RdcnRdmaGate uses it to send only while a circuit to the destination is up.
     * \param [in] gates The number of gates (> 0)
     * \param [in] keyOf The gate of a destination
     */
    void SetGates(uint32_t gates, GateKeyCallback keyOf);

    /**
     * \brief Opens or closes a gate (SetGates); opening one sends at once what it held.
     * \param [in] key The gate (below the number of gates)
     * \param [in] open True to open
     */
    void SetGateOpen(uint32_t key, bool open);

    /// \param [in] key A gate \return whether it is open
    bool IsGateOpen(uint32_t key) const;

    /// \return the number of gates (0 without SetGates)
    uint32_t GetNGates() const;

    /**
     * \brief TracedCallback signature of a message done at the sender.
     * \param [in] qp The queue pair
     * \param [in] bytes The message
     * \param [in] duration From Post to the last acknowledgement
     */
    typedef void (*MessageTracedCallback)(uint32_t qp, uint64_t bytes, Time duration);

    /**
     * \brief TracedCallback signature of a go-back-N rewind.
     * \param [in] qp The queue pair
     * \param [in] psn The PSN sent again from
     */
    typedef void (*RetransmitTracedCallback)(uint32_t qp, uint32_t psn);

  private:
    struct Port;
    struct SendQp;
    struct RecvQp;

    void DoDispose() override;
    void DoInitialize() override;
    /// \param [in] socket The socket: reads what arrived
    void Receive(Ptr<Socket> socket);
    /// \brief A frame from the node's RoceFastPath (instead of the socket).
    /// \param [in] packet From its UDP header \param [in] header Its IPv4 header
    /// \param [in] interface The IPv4 interface it came in on
    void Deliver(Ptr<Packet> packet, const Ipv4Header& header, uint32_t interface);
    /// \brief Acts on a RoCE packet. \param [in] packet From its RoCE header
    /// \param [in] from Its sender \param [in] ce Whether it was CE-marked
    void Handle(Ptr<Packet> packet, Ipv4Address from, bool ce);
    /// \param [in] port A port: sends its next data packet if it can
    void TrySend(uint32_t port);
    /// \param [in] qp Sender state \param [in] psn A PSN \return its payload bytes
    uint32_t PayloadOf(const SendQp& qp, uint32_t psn) const;
    /// \param [in] qp Sends the packet at qp.next
    void SendData(SendQp& qp);
    /// Sends an ACK, NACK or CNP. \param [in] to Destination \param [in] header Its header
    /// \param [in] port Port it leaves by
    void SendControl(Ipv4Address to, const RoceHeader& header, uint32_t port);
    /// \brief Sends a RoCE packet over UDP to port 4791 with the queue pair's source port.
    /// \param [in] packet The packet (RoCE header on) \param [in] to Destination
    /// \param [in] qp Its queue pair \param [in] tos Its IPv4 TOS byte (DSCP and ECN)
    void SendUdp(Ptr<Packet> packet, Ipv4Address to, uint32_t qp, uint8_t tos);

  public:
    /// \param [in] qp A queue pair \return its UDP source port (ECMP entropy, as RoCEv2 NICs)
    static uint16_t SourcePort(uint32_t qp);

  private:
    /// \param [in] header A data packet's header \param [in] from Its sender \param [in] ce
    /// Whether it was CE-marked
    void ReceiveData(const RoceHeader& header, Ipv4Address from, bool ce);
    /// \param [in] header An ACK or NACK
    void ReceiveAck(const RoceHeader& header);
    /// \param [in] qp Its retransmission timer expired
    void Timeout(uint32_t qp);
    /// \param [in] qp Restarts (or stops) its timer
    void ArmTimer(SendQp& qp);
    /// \param [in] qp A queue pair id \return its sender state
    SendQp& Find(uint32_t qp) const;
    /// \param [in] port A port \param [in] priority A priority \param [in] paused Paused or
    /// resumed on the port
    void PortPaused(uint32_t port, uint32_t priority, bool paused);
    /// \param [in] port A port \param [in] item What its queue disc sent
    void PortDequeued(uint32_t port, Ptr<const QueueDiscItem> item);
    /// Registers a message at the receiver. \param [in] qp Queue pair \param [in] endPsn One
    /// past its last PSN \param [in] delivered Its callback
    void Expect(uint32_t qp, uint32_t endPsn, MessageCallback delivered);
    /// Registers a queue pair at the receiver. \param [in] qp Its id \param [in] from Sender
    void Accept(uint32_t qp, Ipv4Address from);
    /// \param [in] to A destination \return its gate (checked against the number of gates)
    uint32_t GateOf(Ipv4Address to) const;

    uint32_t m_payload;        //!< PayloadSize (0: by MTU)
    uint32_t m_ackInterval;    //!< AckInterval
    uint8_t m_ackPriority;     //!< AckPriority
    Time m_rto;                //!< RetransmitTimeout
    Time m_cnpInterval;        //!< CnpInterval
    Time m_nackInterval;       //!< NackInterval
    Time m_baseRtt;            //!< BaseRtt
    ObjectFactory m_ccFactory; //!< Congestion control

    Ptr<Node> m_node;              //!< The host
    Ptr<Socket> m_socket;          //!< UDP 4791 (receives)
    Ptr<Ipv4> m_ipv4;              //!< The host's IPv4 (sends)
    Ptr<TrafficControlLayer> m_tc; //!< Its traffic control
    Ptr<RoceFastPath> m_path;      //!< The node's fast path (with FastPath, if installed)
    bool m_fastPath{false};        //!< FastPath attribute
    uint8_t m_ttl{64};             //!< IPv4's DefaultTtl
    bool m_checksum{false};        //!< Node::ChecksumEnabled, read at Install and at the start
    uint16_t m_identification{0};  //!< Next IPv4 identification
    Ipv4Address m_address;         //!< Its address
    std::vector<std::unique_ptr<Port>> m_ports;                   //!< Per device with an address
    std::vector<std::unique_ptr<SendQp>> m_send;                  //!< Sender queue pairs
    std::unordered_map<uint32_t, uint32_t> m_sendIndex;           //!< Id to m_send index
    std::unordered_map<uint32_t, std::unique_ptr<RecvQp>> m_recv; //!< Receiver queue pairs
    bool m_sendCnp{false};           //!< Whether CE marks are answered by CNPs (the law reads them)
    uint8_t m_held{0};               //!< Held priorities (bits)
    std::vector<uint8_t> m_gateOpen; //!< Per gate: open (SetGates)
    GateKeyCallback m_gateOf;        //!< Gate of a destination
    RdmaNicCounters m_counters;      //!< Counters

    TracedCallback<uint32_t, uint64_t, Time> m_messageTrace; //!< Messages done
    TracedCallback<uint32_t, uint32_t> m_retransmitTrace;    //!< Rewinds
    TracedCallback<uint32_t, DataRate> m_rateTrace;          //!< Rate changes
};

} // namespace ns3

#endif /* RDMA_NIC_H */
