/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDMA_NIC_DETAIL_H
#define RDMA_NIC_DETAIL_H

// The state of an RdmaNic, shared by its source files (rdma-nic.cc: set-up and the sender;
// rdma-nic-receiver.cc: what arrives). Not installed.

#include "lossless-queue-disc.h"
#include "rdma-congestion-control.h"
#include "rdma-nic.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace ns3
{

class LogComponent;

namespace rdmanicdetail
{
/// \return RdmaNic's log component (NS_LOG_COMPONENT_DEFINE is in rdma-nic.cc)
LogComponent& NicLog();
} // namespace rdmanicdetail

/// DataRate::CalculateBytesTxTime for the last (rate, bytes) asked, remembered: the same
/// value, without the 128-bit division per packet (a port's rate and a queue pair's packet
/// size rarely change between packets).
class RdmaTxTime
{
  public:
    /// \param [in] rate A rate \param [in] bytes A size \return the time to send it
    Time Of(const DataRate& rate, uint32_t bytes)
    {
        if (rate.GetBitRate() != m_bps || bytes != m_bytes)
        {
            m_bps = rate.GetBitRate();
            m_bytes = bytes;
            m_time = rate.CalculateBytesTxTime(bytes);
        }
        return m_time;
    }

  private:
    uint64_t m_bps{0};            //!< Rate last asked
    uint32_t m_bytes{UINT32_MAX}; //!< Size last asked
    Time m_time;                  //!< Its time
};

/// One device of the host with an address.
struct RdmaNic::Port
{
    Ptr<NetDevice> device; //!< The device
    uint32_t interface {
        0
    };                            //!< Its IPv4 interface
    Ptr<LosslessQueueDisc> qdisc; //!< Its queue disc (or null)
    DataRate rate;                //!< Line rate
    uint32_t mtu{1500};           //!< Device MTU (IP bytes)
    Time freeAt;                  //!< Next instant the line is free
    RdmaTxTime lineTime;          //!< Data packets' transmission times at the line rate
    RdmaTxTime controlTime;       //!< ACKs', NACKs' and CNPs' (kept apart: sizes alternate)
    Address broadcast;            //!< The device's broadcast address (frames to its peer)
    bool needsArp{true};          //!< Whether the device needs ARP
    EventId event;                //!< Pending TrySend
    std::vector<uint32_t> qps;    //!< Sender queue pairs (m_send indices), in turn
    uint32_t next{0};             //!< Next in turn
    bool blocked{false};          //!< A queue pair waits for the queue disc to drain
};

/// One message on a sender queue pair.
struct RdmaMessage
{
    uint32_t firstPsn;                  //!< Its first PSN
    uint32_t endPsn;                    //!< One past its last
    uint64_t bytes;                     //!< Its size
    Time posted;                        //!< When posted
    RdmaNic::MessageCallback completed; //!< Run when acknowledged
};

/// Sender side of a queue pair.
struct RdmaNic::SendQp
{
    RdmaQpControl control;            //!< Rate and window
    Ptr<RdmaCongestionControl> cc;    //!< Its law
    Ptr<RdmaNic> peer;                //!< The receiver
    Ipv4Address to;                   //!< Its address
    uint32_t gate{RdmaNic::NO_GATE};  //!< Its gate (SetGates)
    uint8_t priority{3};              //!< Data priority
    uint32_t port{0};                 //!< Port it leaves by
    uint32_t payload{1000};           //!< Payload per packet
    bool intEnabled{false};           //!< Data carries INT
    bool measureRtt{false};           //!< The law reads round trips (NeedsRtt)
    std::deque<Time> sentAt;          //!< measureRtt: last send time of PSNs from sentBase on
    uint32_t sentBase{0};             //!< PSN of sentAt.front()
    uint32_t resentBelow{0};          //!< PSNs below it may have been sent twice (Karn)
    uint32_t next{0};                 //!< Next PSN to send
    RdmaTxTime pacing;                //!< Transmission times at the queue pair's rate
    uint32_t una{0};                  //!< First unacknowledged PSN
    uint32_t end{0};                  //!< One past the last posted PSN
    Time nextSend;                    //!< Rate limiter
    EventId timer;                    //!< Retransmission timer's pending event
    Time deadline;                    //!< When it expires (meaningful while armed)
    bool armed{false};                //!< The timer runs
    std::deque<RdmaMessage> messages; //!< Not yet acknowledged
    uint64_t pending{0};              //!< Bytes not yet acknowledged
};

/// Receiver side of a queue pair.
struct RdmaNic::RecvQp
{
    Ipv4Address from;             //!< The sender
    uint32_t expected{0};         //!< Next PSN in order
    uint32_t sinceAck{0};         //!< Packets since the last ACK
    bool ceSinceAck{false};       //!< One of them arrived CE-marked (the ACK echoes it)
    Time lastCnp{Seconds(-1)};    //!< Last CNP sent
    uint32_t nackPsn{UINT32_MAX}; //!< PSN of the last NACK
    Time lastNack{Seconds(-1)};   //!< When
    std::deque<std::pair<uint32_t, RdmaNic::MessageCallback>> messages; //!< End PSN, callback
};

} // namespace ns3

#endif // RDMA_NIC_DETAIL_H
