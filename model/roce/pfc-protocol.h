/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PFC_PROTOCOL_H
#define PFC_PROTOCOL_H

#include "roce-header.h"

#include "ns3/callback.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <map>

namespace ns3
{

class Node;

/**
 * \ingroup optical
 * \brief Carries priority flow control frames between IPv4 neighbours: a switch's
 * RoceSharedBuffer sends one out of the interface whose upstream it pauses; the neighbour
 * hands it to the LosslessQueueDisc of the device it came in on.
 *
 * A frame is a PfcHeader in an IPv4 packet of protocol PROT_NUMBER (253, reserved for
 * experiments by RFC 3692) to the limited broadcast address, TTL 1, sent out of one interface
 * (so it also crosses a lit optical circuit to whichever node is at its other end). On the wire
 * it takes 64 bytes with the point-to-point header, as an 802.1Qbb frame; it waits behind the
 * frame being sent and nothing else (the queue disc's control band).
 */
class PfcProtocol : public IpL4Protocol
{
  public:
    /// IPv4 protocol number of PFC frames here.
    static constexpr uint8_t PROT_NUMBER = PfcHeader::IP_PROTOCOL;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PfcProtocol();
    ~PfcProtocol() override;

    /**
     * \brief Sends a frame out of an interface.
     * \param [in] interface IPv4 interface
     * \param [in] priority The priority it names
     * \param [in] quanta Pause quanta (0: resume)
     * \return the pause the frame asks for at the interface's rate
     */
    Time SendFrame(uint32_t interface, uint32_t priority, uint16_t quanta);

    /// Called with a frame that arrived on a device.
    using Receiver = Callback<void, const PfcHeader&>;

    /**
     * \brief Sets who applies the frames that arrive on a device.
     * \param [in] device The device
     * \param [in] receiver The receiver (its egress port)
     */
    void SetReceiver(Ptr<NetDevice> device, Receiver receiver);

    /// \return frames sent
    uint64_t GetFramesSent() const;
    /// \return frames received
    uint64_t GetFramesReceived() const;

    int GetProtocolNumber() const override;
    IpL4Protocol::RxStatus Receive(Ptr<Packet> p,
                                   const Ipv4Header& header,
                                   Ptr<Ipv4Interface> incomingInterface) override;
    IpL4Protocol::RxStatus Receive(Ptr<Packet> p,
                                   const Ipv6Header& header,
                                   Ptr<Ipv6Interface> incomingInterface) override;
    void SetDownTarget(IpL4Protocol::DownTargetCallback cb) override;
    void SetDownTarget6(IpL4Protocol::DownTargetCallback6 cb) override;
    IpL4Protocol::DownTargetCallback GetDownTarget() const override;
    IpL4Protocol::DownTargetCallback6 GetDownTarget6() const override;

  protected:
    void NotifyNewAggregate() override;
    void DoDispose() override;

  private:
    Ptr<Node> m_node;                               //!< The node
    IpL4Protocol::DownTargetCallback m_down;        //!< IPv4's Send
    IpL4Protocol::DownTargetCallback6 m_down6;      //!< Unused
    std::map<Ptr<NetDevice>, Receiver> m_receivers; //!< Per device
    uint64_t m_sent{0};                             //!< Frames sent
    uint64_t m_received{0};                         //!< Frames received
};

} // namespace ns3

#endif /* PFC_PROTOCOL_H */
