/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_CHANNEL_H
#define OCS_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

namespace ns3
{

class OcsNetDevice;
class OpticalCircuitSwitch;

/**
 * \ingroup optical
 * \brief The fibre pair between an endpoint OcsNetDevice and one port of an
 * OpticalCircuitSwitch.
 *
 * Its propagation delay follows from its length: Length x GroupIndex / c. Its loss (for link
 * budgets) is Length x Attenuation plus ConnectorLoss.
 *
 * To ns-3 (global routing, the Internet stack), the channel shows the devices that the fibre
 * currently joins through the switch: the local endpoint and, while the port's circuit is lit,
 * the endpoint at the other end of that circuit. A lit circuit therefore looks like a
 * point-to-point link, and a dark port like a link with nobody at the other end.
 */
class OcsChannel : public Channel
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OcsChannel();
    ~OcsChannel() override;

    /**
     * \brief Attaches the endpoint device (one per channel).
     * \param [in] device The endpoint
     */
    void AttachEndpoint(Ptr<OcsNetDevice> device);

    /**
     * \brief Attaches the switch end of the fibre.
     * \param [in] ocs The switch
     * \param [in] port The switch port
     */
    void AttachSwitch(Ptr<OpticalCircuitSwitch> ocs, uint32_t port);

    /// \return the endpoint device, or nullptr
    Ptr<OcsNetDevice> GetEndpoint() const;

    /// \return the switch, or nullptr
    Ptr<OpticalCircuitSwitch> GetSwitch() const;

    /// \return the switch port this fibre is attached to
    uint32_t GetSwitchPort() const;

    /// \return the one-way propagation delay of the fibre
    Time GetDelay() const;

    /// \return the one-way optical loss of the fibre (dB)
    double GetLossDb() const;

    /// \return the simulation context (node id) of the endpoint, for scheduling deliveries
    uint32_t GetEndpointContext() const;

    /**
     * \brief Called by the endpoint when it starts transmitting a frame.
     * \param [in] packet The frame
     * \param [in] txTime Its serialization time
     */
    void TransmitStart(Ptr<Packet> packet, Time txTime);

    /**
     * \brief Makes the far end of this fibre a port of another switch instead of an endpoint
     * device: a fibre between two switches (one OcsChannel per direction; OcsHelper::Join
     * makes both). A frame the switch sends into it enters the peer's port once its last bit
     * has crossed the fibre, so that the peer checks its own circuit over the frame's time.
     * \param [in] peer The other switch
     * \param [in] port Its port
     */
    void AttachPeerSwitch(Ptr<OpticalCircuitSwitch> peer, uint32_t port);

    /// \return the switch at the far end (nullptr for a fibre to an endpoint device)
    Ptr<OpticalCircuitSwitch> GetPeerSwitch() const;

    /**
     * \brief Called by the switch when a frame's last bit reaches the far end of the fibre:
     * the endpoint receives it, or the peer switch takes it in.
     * \param [in] packet The frame
     * \param [in] txTime Its serialization time
     */
    void Deliver(Ptr<Packet> packet, Time txTime);

    /**
     * \brief Called by the switch when the port's circuit lights or goes dark.
     * \param [in] up True when lit
     */
    void NotifyLinkChange(bool up);

    /**
     * \brief Called by the switch to pause or resume the endpoint's transmissions (Drain).
     * \param [in] hold True to pause
     */
    void SetTransmitHold(bool hold);

    // Channel
    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    void UpdateDelay();
    void SetLength(double length);

    /**
     * \brief Sets the fibre's length from a propagation delay (attribute Delay).
     * \param [in] delay The delay (negative: ignored, the attribute's default)
     */
    void SetDelay(Time delay);
    double GetLength() const;
    void SetGroupIndex(double index);
    double GetGroupIndex() const;

    Ptr<OcsNetDevice> m_endpoint;       //!< Endpoint device
    Ptr<OpticalCircuitSwitch> m_switch; //!< Switch
    Ptr<OpticalCircuitSwitch> m_peer;   //!< Far-end switch, for a fibre between switches
    uint32_t m_peerPort{0};             //!< Its port
    uint32_t m_port{0};                 //!< Switch port
    double m_length{10.0};              //!< Fibre length (m)
    double m_groupIndex{1.4682};        //!< Group refractive index
    double m_attenuationDbPerKm{0.2};   //!< Attenuation (dB/km)
    double m_connectorLossDb{0.0};      //!< Connector loss (dB)
    Time m_delay;                       //!< Propagation delay (from length and index)
};

} // namespace ns3

#endif /* OCS_CHANNEL_H */
