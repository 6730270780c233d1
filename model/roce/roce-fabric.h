/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_FABRIC_H
#define ROCE_FABRIC_H

#include "lossless-queue-disc.h"
#include "rdma-nic.h"
#include "roce-shared-buffer.h"

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/queue-disc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class OpticalCircuitSwitch;
class RoceFastPath;
class OcsConfiguration;

/**
 * \ingroup optical
 * \brief ECN marking thresholds of one line rate.
 */
struct RoceEcnThresholds
{
    uint32_t kminBytes; //!< Kmin (bytes)
    uint32_t kmaxBytes; //!< Kmax (bytes)
    double pmax;        //!< Pmax
};

/**
 * \ingroup optical
 * \brief Makes an IPv4 network of ns-3 nodes lossless for RoCEv2: every port a
 * LosslessQueueDisc (ECN thresholds by its line rate, INT if the law needs it) with a device
 * queue of one packet, every node a PfcProtocol, every switch a RoceSharedBuffer, every host an
 * RdmaNic with the congestion control law.
 *
 * Install() is given the hosts; the switches are the other nodes with an IPv4 stack reachable
 * from them over channels (through optical circuit switches, whose own nodes have none). It
 * replaces the root queue disc of each port if it is a generic one (none, ns-3's defaults
 * FqCoDel and PfifoFast, Fifo, RED); a fabric's own discipline (an RDCN calendar queue) is
 * kept, and that port has no PFC (GetKeptQueueDiscs()). It does so (call it after addresses are
 * assigned and before Simulator::Run) and checks the buffers: a headroom below what one round trip
 * of a port at line rate can bring in after a pause is refused with the port and the numbers.
 *
 * ECN thresholds by line rate, unless EcnKmin, EcnKmax or EcnPmax is set (by
 * SetQueueDiscAttribute or as a default) (Kmin/Kmax in KB, Pmax), HPCC's run.py for 25, 50 and 100
 * Gb/s and SimAI's SimAI.conf for 200 and 400 Gb/s: 25G 100/400/0.2; 50G 200/800/0.2; 100G
 * 400/1600/0.2; 200G 300/1200/0.8; 400G 800/3200/0.2; other rates scale 100G's with the rate
 * (EcnThresholds).
 */
class RoceFabric : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RoceFabric();
    ~RoceFabric() override;

    /**
     * \brief Sets the congestion control law of every queue pair.
     * \param [in] type TypeId name of an RdmaCongestionControl
     */
    void SetCongestionControl(const std::string& type);
    /**
     * \brief Sets an attribute of the law.
     * \param [in] name Attribute \param [in] value Value
     */
    void SetCongestionControlAttribute(const std::string& name, const AttributeValue& value);
    /// \param [in] name Attribute of RdmaNic \param [in] value Value
    void SetNicAttribute(const std::string& name, const AttributeValue& value);
    /// \param [in] name Attribute of LosslessQueueDisc \param [in] value Value
    void SetQueueDiscAttribute(const std::string& name, const AttributeValue& value);
    /// \param [in] name Attribute of RoceSharedBuffer \param [in] value Value
    void SetBufferAttribute(const std::string& name, const AttributeValue& value);

    /// What the ports at the ends of an optical circuit do while the circuit is reconfigured.
    enum OcsReaction
    {
        OCS_DROP,  //!< Nothing: frames sent into a dark circuit are lost; go-back-N recovers
        OCS_PAUSE, //!< Pause every priority of the ports whose circuit changes while it is dark
        OCS_DRAIN, //!< The switch holds those ports until their frames in flight have crossed
                   //!< (its Drain policy), then switches; nothing is lost
    };

    /**
     * \brief Makes the ports on an optical circuit switch react to its reconfigurations (call
     * after Install). Sets the switch's Policy (Drain for OCS_DRAIN, else Drop).
     * \param [in] ocs The switch
     * \param [in] reaction The reaction
     */
    void FollowOcs(Ptr<OpticalCircuitSwitch> ocs, OcsReaction reaction);

    /// \return frames the followed switches lost (their Drop counters, every reason)
    uint64_t GetOcsDrops() const;
    /**
     * \brief Fixes the random streams of the ports' ECN marking (call after Install).
     * \param [in] stream The first stream
     * \return the streams used (one per port)
     */
    int64_t AssignStreams(int64_t stream);
    /// \return RoCEv2 frames the switches forwarded on their RoceFastPath (FastPath)
    uint64_t GetFastForwarded() const;
    /// \return RoCEv2 frames the hosts' RoceFastPath delivered to their NICs (FastPath)
    uint64_t GetFastDelivered() const;

    /**
     * \brief Checks what Install would make, without making it (options call it before the
     * run): the law's attributes, ECN thresholds, buffers and headroom against the ports.
     * \param [in] hosts The hosts
     * \param [out] error What is wrong: the attribute, the value, what is allowed
     * \return true if it can work
     */
    bool Check(const NodeContainer& hosts, std::string& error) const;

    /**
     * \brief Makes the network of \p hosts lossless (a fatal error names what Check refuses).
     * \param [in] hosts The hosts, with their Internet stacks and addresses
     */
    void Install(const NodeContainer& hosts);

    /// \return the NIC of each host, in the order given
    const std::vector<Ptr<RdmaNic>>& GetNics() const;
    /// \param [in] node A host \return its NIC (null if none)
    Ptr<RdmaNic> GetNic(Ptr<Node> node) const;
    /// \return the switches found
    const NodeContainer& GetSwitches() const;
    /// \return every port's queue disc (hosts' first, then switches', by node and interface)
    const std::vector<Ptr<LosslessQueueDisc>>& GetPorts() const;
    /// \param [in] port An index of GetPorts() \return "node 3 if 2"
    std::string DescribePort(uint32_t port) const;
    /// \return each switch's buffer
    const std::vector<Ptr<RoceSharedBuffer>>& GetBuffers() const;
    /// \return the fabric-specific queue discs kept (their ports have no PFC)
    const std::vector<Ptr<QueueDisc>>& GetKeptQueueDiscs() const;

    /// \param [in] root A port's root queue disc \return whether Install replaces it
    static bool IsReplaceable(Ptr<QueueDisc> root);

    /**
     * \param [in] rate A line rate
     * \return the ECN thresholds of that rate (see the class description)
     */
    static RoceEcnThresholds EcnThresholds(DataRate rate);

    /**
     * \param [in] device A port
     * \return the bytes a pause can find in flight toward it: a round trip of the link at line
     * rate, the frame being sent and the one in the device queue at each end (the pause waits
     * behind two here, two are committed upstream), one frame of margin, and the pause frame
     */
    static uint64_t RequiredHeadroom(Ptr<NetDevice> device);

  private:
    void DoDispose() override;
    /// \param [in] hosts The hosts \return the switches reachable from them
    NodeContainer FindSwitches(const NodeContainer& hosts) const;
    /// A followed switch's reconfiguration started: pauses the changing ports.
    /// \param [in] ocs The switch \param [in] from Old configuration \param [in] to New one
    void OcsDark(Ptr<OpticalCircuitSwitch> ocs,
                 const OcsConfiguration& from,
                 const OcsConfiguration& to);
    /// A followed switch's reconfiguration ended: resumes what OcsDark paused.
    void OcsLit();

    /// \return whether the user set an ECN attribute (SetQueueDiscAttribute or a default):
    /// the rate table then stays out
    bool UserSetEcn() const;

    /// \param [in] node A node \return its devices with an IPv4 address
    static std::vector<Ptr<NetDevice>> Ports(Ptr<Node> node);
    /// \param [in] node A node \param [in] isSwitch Whether it has a buffer
    void InstallPorts(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer);
    /// \brief Installs (or activates) the node's RoceFastPath.
    /// \param [in] node A switch or host \param [in] buffer Its shared buffer (switches) or null
    void InstallPath(Ptr<Node> node, Ptr<RoceSharedBuffer> buffer);

    ObjectFactory m_cc;                  //!< Congestion control
    ObjectFactory m_nic;                 //!< NICs
    ObjectFactory m_qdisc;               //!< Queue discs
    ObjectFactory m_buffer;              //!< Buffers
    std::vector<std::string> m_qdiscSet; //!< Queue disc attributes the user set

    NodeContainer m_hosts;                                  //!< Hosts
    NodeContainer m_switches;                               //!< Switches
    std::vector<Ptr<RdmaNic>> m_nics;                       //!< NIC per host
    std::vector<Ptr<LosslessQueueDisc>> m_ports;            //!< Every port
    std::vector<std::pair<uint32_t, uint32_t>> m_portPlace; //!< Node id, device index
    std::vector<Ptr<RoceSharedBuffer>> m_buffers;           //!< Per switch
    std::vector<Ptr<OpticalCircuitSwitch>> m_followed;      //!< Followed switches
    std::vector<Ptr<LosslessQueueDisc>> m_ocsPaused;        //!< Ports paused for a reconfiguration
    std::vector<Ptr<QueueDisc>> m_kept;                     //!< Queue discs kept
    std::vector<Ptr<RoceFastPath>> m_paths;                 //!< Nodes' fast paths
    bool m_fastPath{false};                                 //!< FastPath attribute
    bool m_installed{false};                                //!< Install called
};

} // namespace ns3

#endif /* ROCE_FABRIC_H */
