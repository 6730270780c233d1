/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_LINK_HELPER_H
#define RATE_ADAPTIVE_LINK_HELPER_H

#include "ns3/flow-topology.h"
#include "ns3/net-device-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rate-adaptive-link.h"
#include "ns3/transceiver-modes.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds rate-adaptive optical links, shaped like PointToPointHelper.
 *
 * Each link is a RateAdaptiveLink (policy, hysteresis, hold-down, downtime; its SnrTimeSeries),
 * with the helper's mode table. At packet level, Install joins two nodes with
 * RateAdaptiveNetDevices over a RateAdaptiveChannel that follows the link; at flow level,
 * AttachToFlow makes FlowTopology links follow it (their capacity is re-rated and flows are
 * re-rated with it). Links are started by the caller (RateAdaptiveLink::Start).
 */
class RateAdaptiveLinkHelper
{
  public:
    RateAdaptiveLinkHelper();

    /**
     * \brief Loads the mode table of the links built from now on.
     * \param [in] table Table name (e.g. radwan)
     * \param [in] file Mode file (default: data/transceiver-modes.csv)
     * \param [out] error The file, line or unknown table
     * \return true on success (the table in use is unchanged otherwise)
     */
    bool SetModes(const std::string& table,
                  std::string& error,
                  const std::string& file = TransceiverModes::DEFAULT_FILE);

    /// \return the mode table in use
    const TransceiverModes& GetModes() const;

    /**
     * \brief Sets an attribute of the links (RateAdaptiveLink).
     * \param [in] name Attribute name
     * \param [in] value Value
     */
    void SetLinkAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of each link's SNR model (SnrTimeSeries).
     * \param [in] name Attribute name
     * \param [in] value Value
     */
    void SetSnrAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the devices (RateAdaptiveNetDevice).
     * \param [in] name Attribute name
     * \param [in] value Value
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the channels (RateAdaptiveChannel, e.g. Delay).
     * \param [in] name Attribute name
     * \param [in] value Value
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Sets the devices' transmit queue.
     * \param [in] type Queue type (default ns3::DropTailQueue<Packet>)
     * \param [in] n1 Attribute name
     * \param [in] v1 Attribute value
     */
    void SetQueue(const std::string& type,
                  const std::string& n1 = "",
                  const AttributeValue& v1 = EmptyAttributeValue());

    /**
     * \brief Creates a link (no devices) with the helper's attributes and modes.
     * \return the link (not started)
     */
    Ptr<RateAdaptiveLink> CreateLink() const;

    /**
     * \brief Joins two nodes with a rate-adaptive link at packet level.
     * \param [in] a One node
     * \param [in] b The other
     * \return the two devices (a's first); GetLink(devices) gives the link
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b) const;

    /**
     * \brief Joins two nodes at packet level over an existing link (e.g. one that a flow-level
     * topology follows too).
     * \param [in] a One node
     * \param [in] b The other
     * \param [in] link The link the channel follows
     * \return the two devices (a's first)
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b, Ptr<RateAdaptiveLink> link) const;

    /**
     * \param [in] devices Devices returned by Install
     * \return the link behind them
     */
    static Ptr<RateAdaptiveLink> GetLink(const NetDeviceContainer& devices);

    /**
     * \brief Makes flow-level links follow a rate-adaptive link: their capacity takes each new
     * rate, and they go down and up with it (the flow engine re-rates its flows).
     * \param [in] link The link
     * \param [in] topology The flow topology
     * \param [in] links Its links that the optical link carries (e.g. both directions)
     * \param [in] wavelengths Channels the link stands for: capacity = rate x wavelengths
     */
    static void AttachToFlow(Ptr<RateAdaptiveLink> link,
                             Ptr<FlowTopology> topology,
                             const std::vector<uint32_t>& links,
                             double wavelengths = 1);

    /**
     * \brief Assigns random streams to links' SNR models.
     * \param [in] links The links
     * \param [in] stream First stream
     * \return the number of streams used
     */
    static int64_t AssignStreams(const std::vector<Ptr<RateAdaptiveLink>>& links, int64_t stream);

  private:
    TransceiverModes m_modes;       //!< Mode table
    ObjectFactory m_linkFactory;    //!< Links
    ObjectFactory m_snrFactory;     //!< SNR models
    ObjectFactory m_deviceFactory;  //!< Devices
    ObjectFactory m_channelFactory; //!< Channels
    ObjectFactory m_queueFactory;   //!< Queues
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_LINK_HELPER_H */
