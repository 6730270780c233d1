/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_NET_DEVICE_H
#define OCS_NET_DEVICE_H

#include "ns3/data-rate.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/queue.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class OcsChannel;
class ErrorModel;

/**
 * \ingroup optical
 * \brief An endpoint NIC attached by a fibre (OcsChannel) to a port of an OpticalCircuitSwitch.
 *
 * Like ns-3's PointToPointNetDevice it serializes frames from a transmit queue at its data
 * rate, with a 2-byte PPP header carrying the protocol number (so pcap files use DLT_PPP). It
 * needs no ARP: whatever it sends goes to the endpoint at the other end of its port's circuit.
 *
 * Its link is up while its switch port has a lit circuit. IsPointToPoint() is true while a lit
 * circuit joins it to another endpoint, so that ns-3's global routing sees a point-to-point link
 * then and a stub network while the port is dark. While the link is down the device
 * either keeps transmitting (the frames are lost in the switch; the default, as for a
 * transmitter that has no carrier sense) or, with HoldWhileLinkDown, keeps frames in its queue
 * until the link comes back. Independently, the switch pauses it while draining a port before
 * a reconfiguration (Drain policy).
 */
class OcsNetDevice : public NetDevice
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OcsNetDevice();
    ~OcsNetDevice() override;

    /**
     * \brief Attaches the device to its fibre.
     * \param [in] channel The fibre to the switch
     * \return true (the channel accepts one endpoint)
     */
    bool Attach(Ptr<OcsChannel> channel);

    /**
     * \param [in] queue The transmit queue
     */
    void SetQueue(Ptr<Queue<Packet>> queue);

    /// \return the transmit queue
    Ptr<Queue<Packet>> GetQueue() const;

    /**
     * \param [in] rate The line rate
     */
    void SetDataRate(DataRate rate);

    /// \return the line rate
    DataRate GetDataRate() const;

    /**
     * \param [in] em An error model applied to received frames (nullptr: none)
     */
    void SetReceiveErrorModel(Ptr<ErrorModel> em);

    /**
     * \brief Called by the channel when a frame arrives at the end of the fibre.
     * \param [in] packet The frame
     */
    void Receive(Ptr<Packet> packet);

    /**
     * \brief Called by the channel when the switch port lights or goes dark.
     * \param [in] up The new link state
     */
    void SetLinkState(bool up);

    /**
     * \brief Called by the channel to pause (true) or resume (false) transmissions.
     * \param [in] hold Whether to pause
     */
    void SetTransmitHold(bool hold);

    /// \return the number of link state changes seen (down and up)
    uint64_t GetNLinkChanges() const;

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

  private:
    bool CanTransmit() const;
    bool TransmitStart(Ptr<Packet> packet);
    void TransmitComplete();
    void StartNextIfIdle();
    Address GetRemote() const;

    Ptr<Node> m_node;                                    //!< Node
    Ptr<OcsChannel> m_channel;                           //!< Fibre to the switch
    Ptr<Queue<Packet>> m_queue;                          //!< Transmit queue
    Ptr<ErrorModel> m_receiveErrorModel;                 //!< Receive error model
    Mac48Address m_address;                              //!< MAC address
    DataRate m_bps;                                      //!< Line rate
    Time m_interframeGap;                                //!< Gap between frames
    uint32_t m_ifIndex{0};                               //!< Interface index
    uint16_t m_mtu{1500};                                //!< MTU
    bool m_linkUp{false};                                //!< Link state (port lit)
    bool m_hold{false};                                  //!< Paused by the switch (Drain)
    bool m_holdWhileLinkDown{false};                     //!< Queue frames while the link is down
    bool m_busy{false};                                  //!< A frame is being serialized
    Ptr<Packet> m_currentPkt;                            //!< Frame being serialized
    uint64_t m_nLinkChanges{0};                          //!< Link state changes
    NetDevice::ReceiveCallback m_rxCallback;             //!< Receive callback
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< Promiscuous receive callback
    TracedCallback<> m_linkChangeCallbacks;              //!< Link change callbacks

    TracedCallback<Ptr<const Packet>> m_macTxTrace;          //!< MacTx
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;      //!< MacTxDrop
    TracedCallback<Ptr<const Packet>> m_macRxTrace;          //!< MacRx
    TracedCallback<Ptr<const Packet>> m_phyTxBeginTrace;     //!< PhyTxBegin
    TracedCallback<Ptr<const Packet>> m_phyTxEndTrace;       //!< PhyTxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxEndTrace;       //!< PhyRxEnd
    TracedCallback<Ptr<const Packet>> m_phyRxDropTrace;      //!< PhyRxDrop
    TracedCallback<Ptr<const Packet>> m_snifferTrace;        //!< Sniffer
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace; //!< PromiscSniffer
    TracedCallback<bool> m_linkStateTrace;                   //!< LinkState
};

} // namespace ns3

#endif /* OCS_NET_DEVICE_H */
