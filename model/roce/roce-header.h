/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_HEADER_H
#define ROCE_HEADER_H

#include "ns3/header.h"
#include "ns3/tag.h"

#include <array>
#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What one switch egress port stamped into a packet for HPCC (in-band network
 * telemetry): when the packet left, how many bytes the port had sent by then, its queue and its
 * line rate.
 */
struct RoceIntHop
{
    uint32_t timeNs{0};   //!< Departure time (ns, modulo 2^32: only differences are used)
    uint32_t txBytes{0};  //!< Bytes the port had sent (modulo 2^32)
    uint32_t qlen{0};     //!< Bytes queued at the port, all priorities, after the departure
    uint32_t rateMbps{0}; //!< Line rate of the port (Mb/s)
};

/**
 * \ingroup optical
 * \brief The RoCEv2 transport header of this model, after the UDP header (destination port
 * 4791): the base transport header's opcode, destination queue pair and packet sequence number
 * (PSN), and for HPCC the in-band telemetry of up to MAX_INT_HOPS egress ports.
 *
 * Serialized: opcode (1 byte), flags (1), queue pair (4), PSN (4), two reserved bytes standing
 * for the rest of the BTH (12 bytes in all, as InfiniBand's BTH); with FLAG_INT, a hop count
 * (1), a reserved byte and MAX_INT_HOPS records of 16 bytes (82 bytes; HPCC's packs a hop in 8,
 * so our INT packets are 40 bytes longer than HPCC's). An ACK or NACK carries the PSN the
 * receiver expects next (cumulative); a CNP only names the queue pair.
 */
class RoceHeader : public Header
{
  public:
    /// The opcodes.
    enum Opcode : uint8_t
    {
        DATA = 0, //!< Payload of a message
        ACK = 1,  //!< Everything below the PSN arrived
        NACK = 2, //!< A gap: the receiver expects the PSN (go-back-N)
        CNP = 3,  //!< Congestion notification (DCQCN): a CE-marked packet arrived
    };

    static constexpr uint8_t FLAG_INT = 0x01;      //!< The header carries INT records
    static constexpr uint8_t FLAG_ECN_ECHO = 0x02; //!< An ACK: a packet it answers was CE
    static constexpr uint32_t MAX_INT_HOPS = 5;    //!< INT records a header holds
    static constexpr uint16_t UDP_PORT = 4791;     //!< RoCEv2's UDP destination port

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /// \param [in] opcode The opcode
    void SetOpcode(Opcode opcode);
    /// \return the opcode
    Opcode GetOpcode() const;
    /// \param [in] qp The queue pair (of the sender of the data)
    void SetQueuePair(uint32_t qp);
    /// \return the queue pair
    uint32_t GetQueuePair() const;
    /// \param [in] psn The packet sequence number (DATA) or the next expected (ACK, NACK)
    void SetPsn(uint32_t psn);
    /// \return the PSN
    uint32_t GetPsn() const;
    /// \param [in] enabled Whether the header carries INT records (sets its size)
    void SetIntEnabled(bool enabled);
    /// \return whether the header carries INT records
    bool IsIntEnabled() const;
    /// \param [in] echo Whether a data packet this ACK answers arrived CE-marked (no size change)
    void SetEcnEcho(bool echo);
    /// \return whether the ACK echoes a CE mark
    bool GetEcnEcho() const;
    /// \return the INT records stamped so far
    uint32_t GetIntHops() const;
    /// \param [in] i A record (< GetIntHops()) \return it
    const RoceIntHop& GetIntHop(uint32_t i) const;
    /**
     * \brief Appends a record (ignored once MAX_INT_HOPS are stamped).
     * \param [in] hop The record
     */
    void PushIntHop(const RoceIntHop& hop);
    /**
     * \brief Copies the INT records of another header (the receiver echoes them in its ACK).
     * \param [in] other The data packet's header
     */
    void CopyInt(const RoceHeader& other);

  private:
    Opcode m_opcode{DATA};                         //!< Opcode
    uint8_t m_flags{0};                            //!< FLAG_ bits
    uint32_t m_qp{0};                              //!< Queue pair
    uint32_t m_psn{0};                             //!< PSN
    uint8_t m_nHops{0};                            //!< INT records stamped
    std::array<RoceIntHop, MAX_INT_HOPS> m_hops{}; //!< INT records
};

/**
 * \ingroup optical
 * \brief A priority flow control frame (IEEE 802.1Qbb): a class-enable vector and, per
 * priority, the pause time in quanta of 512 bit times at the link's rate; 0 resumes.
 *
 * In this model it travels between IPv4 neighbours as the payload of an IPv4 packet of
 * protocol PfcProtocol::PROT_NUMBER (ns-3's point-to-point devices carry only IP), padded so
 * that the frame has 802.1Qbb's 64-byte minimum size on the wire.
 */
class PfcHeader : public Header
{
  public:
    /// Priorities a frame can name.
    static constexpr uint32_t N_PRIORITIES = 8;
    /// IPv4 protocol number that carries the frames here (253: for experiments, RFC 3692).
    static constexpr uint8_t IP_PROTOCOL = 253;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /**
     * \brief Names a priority with its pause time.
     * \param [in] priority The priority (< 8)
     * \param [in] quanta Pause time in quanta (0 resumes)
     */
    void SetQuanta(uint32_t priority, uint16_t quanta);
    /// \param [in] priority A priority \return whether the frame names it
    bool IsEnabled(uint32_t priority) const;
    /// \param [in] priority A priority \return its quanta
    uint16_t GetQuanta(uint32_t priority) const;

  private:
    uint16_t m_enable{0};                          //!< Class-enable vector
    std::array<uint16_t, N_PRIORITIES> m_quanta{}; //!< Quanta per priority
};

/**
 * \ingroup optical
 * \brief Which IPv4 interface of a switch a packet came in on, and its priority: the shared
 * buffer (RoceSharedBuffer) charges the packet's bytes to that ingress until it leaves.
 * Written from IPv4's Rx trace (traffic control has no ingress hook); no bytes on the wire.
 */
class RoceIngressTag : public Tag
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    uint32_t node{0}; //!< Node whose buffer holds the packet
    uint32_t interface {
        0
    }; //!< IPv4 interface it came in on
};

} // namespace ns3

#endif /* ROCE_HEADER_H */
