/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_NETWORK_H
#define RDCN_NETWORK_H

#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/ocs-net-device.h"
#include "ns3/ocs-schedule-driver.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/queue-disc.h"
#include "ns3/rdcn-calendar-queue-disc.h"
#include "ns3/rdcn-rdma-gate.h"
#include "ns3/rdcn-router.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/rdcn-tor-routing.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Where the packets of a time-slotted network are, counted hop by hop.
 *
 * Conservation: entered == delivered + GetDropped() + queued + inFlight, exactly, at any
 * instant (GetImbalance() == 0). Each term is read from a different place: the ToRs' routing
 * (entered, routing drops), the hosts' IPv4 (delivered), the queue discs and device queues
 * (queued, drops there), the switches (frames inside them, their drops) and the devices'
 * traces (frames on the host links). Frames a ToR makes itself (PFC pauses of a lossless ToR)
 * are not forwarded traffic: they are counted on no side, but while one waits in a ToR's queue
 * disc toward a host, that instant's balance is off by it.
 */
struct RdcnPacketCounters
{
    uint64_t entered{0};        //!< Packets entering the ToRs from hosts (to be forwarded)
    uint64_t enteredBytes{0};   //!< Their bytes (IP)
    uint64_t delivered{0};      //!< Packets received by the hosts from their ToR
    uint64_t deliveredBytes{0}; //!< Their bytes (IP)
    /**
     * Packets dropped, by reason: queue-full and untagged (calendar queues), no-route, ttl and
     * hop-limit (ToR routing), guard (the switch's RECONFIGURING drops: frames cut by a guard
     * band), no-circuit (the switch's other drops), uplink-device (an uplink device's queue
     * overflowed), host-link (the ToR-to-host queue disc or device dropped it), rx-error
     * (receive error models). Every reason is present, with 0 when nothing was dropped.
     */
    std::map<std::string, uint64_t> dropped;
    uint64_t queued{0};   //!< Packets in the calendar queues now
    uint64_t inFlight{0}; //!< Packets in uplink device queues, switches, fibres and host links now

    /// \return packets dropped, all reasons
    uint64_t GetDropped() const;
    /// \return entered - (delivered + dropped + queued + inFlight): 0 when every packet is counted
    int64_t GetImbalance() const;
};

/**
 * \ingroup optical
 * \brief A time-slotted network built by RdcnHelper::Install: N ToRs with H hosts each and U
 * uplinks, one rotor switch per uplink, the schedule, its driver and the router.
 *
 * A light handle: copies share the same network. IsValid() is false for the handle that a
 * failed Install returns. The getters that read the network (counters, demand) are valid until
 * Simulator::Destroy, which releases the network's objects.
 */
class RdcnNetwork
{
  public:
    /// Internal state shared by copies.
    struct Data;

    RdcnNetwork();
    /// \brief Wraps built state (RdcnHelper). \param data the state
    explicit RdcnNetwork(Ptr<Data> data);

    /// \return true when the network was built
    bool IsValid() const;

    /// \return the number of ToRs N
    uint32_t GetNTors() const;
    /// \return the number of hosts per ToR H
    uint32_t GetHostsPerTor() const;
    /// \return the number of uplinks per ToR U
    uint32_t GetNUplinks() const;

    /// \return host \p h of ToR \p tor
    Ptr<Node> GetHost(uint32_t tor, uint32_t h) const;
    /// \return the address of host \p h of ToR \p tor
    Ipv4Address GetHostAddress(uint32_t tor, uint32_t h) const;
    /// \return every host, ToR-major (host h of ToR t at t H + h)
    NodeContainer GetHosts() const;
    /// \return ToR \p tor
    Ptr<Node> GetTor(uint32_t tor) const;
    /// \return every ToR
    NodeContainer GetTors() const;
    /// \return the switch of uplink \p uplink
    Ptr<OpticalCircuitSwitch> GetSwitch(uint32_t uplink) const;
    /// \return the device of ToR \p tor's uplink \p uplink
    Ptr<OcsNetDevice> GetUplinkDevice(uint32_t tor, uint32_t uplink) const;
    /// \return the calendar queue of ToR \p tor's uplink \p uplink
    Ptr<RdcnCalendarQueueDisc> GetQueueDisc(uint32_t tor, uint32_t uplink) const;
    /// \return the routing of ToR \p tor
    Ptr<RdcnTorRouting> GetTorRouting(uint32_t tor) const;
    /// \return the ToR's device towards its host \p h
    Ptr<NetDevice> GetTorHostDevice(uint32_t tor, uint32_t h) const;
    /// \return host \p h's device towards its ToR
    Ptr<NetDevice> GetHostDevice(uint32_t tor, uint32_t h) const;
    /// \return the router
    Ptr<RdcnRouter> GetRouter() const;
    /// \return the most bytes any calendar queue held at once
    uint64_t GetCalendarPeakBytes() const;
    /// \return the gate of the hosts' RDMA queue pairs (RdcnHelper::SetRdmaGateAttribute)
    Ptr<RdcnRdmaGate> GetRdmaGate() const;
    /// \return the schedule
    Ptr<RdcnSchedule> GetSchedule() const;
    /// \return the switch driver
    Ptr<OcsScheduleDriver> GetDriver() const;
    /// \return the address plan
    const RdcnAddressPlan& GetAddressPlan() const;

    /// \return the packet counters now
    RdcnPacketCounters GetCounters() const;
    /// \return the most bytes one calendar queue (one uplink) held at once
    uint64_t GetQueuePeakBytes() const;
    /// \return frames sent outside their window, all uplinks (0 unless something is wrong)
    uint64_t GetWindowViolations() const;
    /// \return packets found out of order at their destination ToR (RdcnTorRouting)
    uint64_t GetReorderedPackets() const;
    /// \return packets checked for order
    uint64_t GetOrderedChecked() const;

    /**
     * \brief The demand matrix for traffic-aware schedules: entry [s][d] is the bytes that
     * entered ToR s from its hosts for ToR d since the last call, plus the bytes of (s, d)
     * packets queued in calendar queues now.
     * \return N x N bytes
     */
    std::vector<std::vector<double>> GetDemand() const;

  private:
    Ptr<Data> m_data; //!< Shared state
};

/// Internal state of an RdcnNetwork (built by RdcnHelper).
struct RdcnNetwork::Data : public SimpleRefCount<RdcnNetwork::Data>
{
    Ptr<RdcnSchedule> schedule;                                  //!< Schedule
    Ptr<RdcnRouter> router;                                      //!< Router
    Ptr<OcsScheduleDriver> driver;                               //!< Driver
    Ptr<RdcnRdmaGate> rdmaGate;                                  //!< Gates the hosts' NICs
    RdcnAddressPlan plan;                                        //!< Addresses
    NodeContainer tors;                                          //!< ToRs
    NodeContainer hosts;                                         //!< Hosts, ToR-major
    NodeContainer switchNodes;                                   //!< Nodes of the switches
    std::vector<Ptr<OpticalCircuitSwitch>> switches;             //!< Switch per uplink
    std::vector<std::vector<Ptr<OcsNetDevice>>> uplinks;         //!< [tor][uplink]
    std::vector<std::vector<Ptr<RdcnCalendarQueueDisc>>> queues; //!< [tor][uplink]
    std::vector<Ptr<RdcnTorRouting>> routing;                    //!< [tor]
    std::vector<Ptr<NetDevice>> torHostDevices;                  //!< ToR side of host links
    std::vector<Ptr<NetDevice>> hostDevices;                     //!< Host side of host links
    std::vector<Ptr<QueueDisc>> torHostQueues;                   //!< ToR-side queue discs
    uint64_t delivered{0};                                       //!< Received by hosts
    uint64_t deliveredBytes{0};                                  //!< Their bytes
    uint64_t fromTors{0};            //!< Frames the ToRs made (PFC pauses) that hosts received
    uint64_t hostLinkTxBegin{0};     //!< ToR-to-host frames started
    uint64_t hostLinkDeviceDrops{0}; //!< ToR host device drops
    uint64_t rxErrors{0};            //!< Uplink receive errors
    uint64_t hostRxErrors{0};        //!< Host receive errors
    uint64_t uplinkDeviceDrops{0};   //!< Uplink device queue drops

    /// \brief Trace sink: a host received a packet. \param p packet \param ipv4 its IPv4
    /// \param interface the interface
    void HostRx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);
    /// \brief Trace sink: a ToR started a frame to a host. \param p the frame
    void HostLinkTxBegin(Ptr<const Packet> p);
    /// \brief Trace sink: a ToR host device dropped a frame. \param p the frame
    void HostLinkDrop(Ptr<const Packet> p);
    /// \brief Trace sink: a receive error model dropped a frame. \param p the frame
    void RxError(Ptr<const Packet> p);
    /// \brief Trace sink: a host's receive error model dropped a frame. \param p the frame
    void HostRxError(Ptr<const Packet> p);
    /// \brief Trace sink: an uplink device's queue dropped a frame. \param p the frame
    void UplinkDrop(Ptr<const Packet> p);
    /// \brief Releases the objects (Simulator::Destroy), breaking reference cycles.
    void Release();
};

} // namespace ns3

#endif /* RDCN_NETWORK_H */
