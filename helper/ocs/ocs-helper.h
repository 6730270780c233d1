/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_HELPER_H
#define OCS_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/ocs-configuration.h"
#include "ns3/ocs-cyclic-schedule.h"
#include "ns3/ocs-net-device.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/queue.h"
#include "ns3/trace-helper.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds optical circuit switches and attaches endpoints to them, in the manner of
 * PointToPointHelper.
 *
 * \code
 *   OcsHelper ocs;
 *   ocs.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
 *   ocs.SetChannelAttribute("Length", DoubleValue(50));          // m of fibre per port
 *   ocs.SetSwitchAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(10)));
 *   NetDeviceContainer nics = ocs.Install(ocsNode, hosts);       // host k on port k
 *   Ptr<OpticalCircuitSwitch> sw = OcsHelper::GetSwitch(ocsNode);
 *   sw->SetInitialConfiguration(OcsConfiguration().Connect(0, 1).Connect(2, 3));
 *   OcsHelper::ScheduleReconfiguration(sw, Seconds(1), OcsConfiguration().Connect(0, 2));
 * \endcode
 */
class OcsHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    /// When IPv4 follows the circuits of a switch (EnableIpv4RoutingUpdates()).
    enum class RouteUpdates
    {
        /// An interface goes down the instant its port goes dark and up when it lights;
        /// routes are recomputed when circuits go dark and when they are lit (traffic moves
        /// off a changing circuit for the dark time, onto other paths).
        FOLLOW_LIGHT,
        /// Interfaces and routes keep the old circuits through the dark time and change once,
        /// when the new circuits are lit: what the switch and the endpoints do with a dark
        /// port's traffic (OpticalCircuitSwitch's Policy, a lossless fabric's pause) decides
        /// its fate, not a reroute.
        WHEN_LIT,
    };

    OcsHelper();
    ~OcsHelper() override = default;

    /**
     * \brief Sets an attribute of every switch the helper creates (OpticalCircuitSwitch).
     * \param [in] name Attribute name
     * \param [in] value Attribute value
     */
    void SetSwitchAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of every endpoint device the helper creates (OcsNetDevice).
     * \param [in] name Attribute name
     * \param [in] value Attribute value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of every fibre the helper creates (OcsChannel).
     * \param [in] name Attribute name
     * \param [in] value Attribute value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets the type and attributes of the endpoints' transmit queues.
     * \tparam Ts \deduced Argument types
     * \param [in] type Queue type, e.g. "ns3::DropTailQueue"
     * \param [in] args Name and AttributeValue pairs
     */
    template <typename... Ts>
    void SetQueue(std::string type, Ts&&... args);

    /**
     * \brief Sets the switch timing (and loss, when given) of a device class from
     * data/ocs-device-classes.csv, e.g. "mems-3d", "piezo", "fast-ocs".
     * \param [in] name Class name
     * \param [out] error If not null, receives the reason of a failure (unknown class, bad
     * file); if null, a failure is fatal
     * \return true on success; on failure no attribute changes
     */
    bool SetDeviceClass(const std::string& name, std::string* error = nullptr);

    /**
     * \brief Creates a switch on \p ocsNode and attaches each node of \p endpoints, endpoint k
     * to port k, through a new OcsNetDevice and OcsChannel.
     *
     * The switch gets PortCount = the number of endpoints unless PortCount was set (it must
     * then be at least that). All circuits start dark: set the first configuration with
     * OpticalCircuitSwitch::SetInitialConfiguration or Reconfigure.
     * \param [in] ocsNode The node that holds the switch (one switch per node)
     * \param [in] endpoints The endpoint nodes
     * \return the endpoint devices, in port order
     */
    NetDeviceContainer Install(Ptr<Node> ocsNode, NodeContainer endpoints);

    /**
     * \brief Attaches one more endpoint to a free port of an existing switch.
     * \param [in] ocs The switch
     * \param [in] node The endpoint node
     * \param [in] port The free port
     * \return the endpoint device
     */
    Ptr<OcsNetDevice> Attach(Ptr<OpticalCircuitSwitch> ocs, Ptr<Node> node, uint32_t port);

    /**
     * \brief Joins a port of one switch to a port of another with a fibre (two OcsChannels
     * made by the channel factory, one per direction): light that one switch sends out of its
     * port enters the other's.
     * \param [in] a A switch
     * \param [in] portA Its port (no channel yet)
     * \param [in] b Another switch
     * \param [in] portB Its port (no channel yet)
     */
    void Join(Ptr<OpticalCircuitSwitch> a,
              uint32_t portA,
              Ptr<OpticalCircuitSwitch> b,
              uint32_t portB);

    /**
     * \param [in] ocsNode A node on which Install() created a switch
     * \return the switch (nullptr if none)
     */
    static Ptr<OpticalCircuitSwitch> GetSwitch(Ptr<Node> ocsNode);

    /**
     * \brief Requests a reconfiguration at an absolute simulation time.
     *
     * The configuration is validated now: an invalid one is a fatal error naming the ports.
     * \param [in] ocs The switch
     * \param [in] at When to request it
     * \param [in] config The configuration
     */
    static void ScheduleReconfiguration(Ptr<OpticalCircuitSwitch> ocs,
                                        Time at,
                                        const OcsConfiguration& config);

    /**
     * \brief Cycles a switch through configurations, one every \p period (a rotor schedule).
     * \param [in] ocs The switch
     * \param [in] configs Configurations to cycle through
     * \param [in] period Time between requests
     * \param [in] start Time of the first request
     * \param [in] stop No request at or after this time (0: never)
     * \return the schedule (already started)
     */
    static Ptr<OcsCyclicSchedule> InstallCyclicSchedule(
        Ptr<OpticalCircuitSwitch> ocs,
        const std::vector<OcsConfiguration>& configs,
        Time period,
        Time start = Seconds(0),
        Time stop = Seconds(0));

    /**
     * \brief Makes IPv4 follow the circuits: an endpoint's IPv4 interface is up while its port
     * is lit, and global routes are recomputed when circuits change (FOLLOW_LIGHT: the instant
     * ports go dark and again when they are lit; WHEN_LIT: once, when the new circuits are
     * lit). Install the Internet stack and addresses first.
     * \param [in] ocs The switch
     * \param [in] when When interfaces and routes change
     */
    static void EnableIpv4RoutingUpdates(Ptr<OpticalCircuitSwitch> ocs,
                                         RouteUpdates when = RouteUpdates::FOLLOW_LIGHT);

    /**
     * \brief Assigns fixed random streams to the endpoints' receive error models, if any.
     * \param [in] devices Endpoint devices
     * \param [in] stream First stream index
     * \return the number of streams assigned
     */
    int64_t AssignStreams(NetDeviceContainer devices, int64_t stream);

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_switchFactory;  //!< Switch factory
    ObjectFactory m_deviceFactory;  //!< Endpoint device factory
    ObjectFactory m_channelFactory; //!< Fibre factory
    ObjectFactory m_queueFactory;   //!< Transmit queue factory
};

template <typename... Ts>
void
OcsHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* OCS_HELPER_H */
