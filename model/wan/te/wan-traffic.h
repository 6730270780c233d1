/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_TRAFFIC_H
#define WAN_TRAFFIC_H

#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/te-solver.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The seam between WAN traffic engineering and the level that carries its traffic.
 *
 * A WanTraffic carries the allocations of a TE controller (or a bypass plan's routes) over a
 * set of commodities fixed when it is built: Install sends each commodity path's allocation
 * (Gb/s) for one interval, GetCarriedBytes says how much arrived so far (at full scale), and
 * GetCounters the packet counters of a packet-level implementation. Two implementations:
 * FlowWanTraffic (the flow-level engine: one capped flow per path and interval) and
 * PacketWanTraffic (WanTrafficHelper: routers, rate-adaptive devices and UDP flows pinned to
 * the paths). WanTrafficHelper builds either, so that a study never tests which one it has.
 */
class WanTraffic : public Object
{
  public:
    /// What a packet-level implementation counted (all 0 and packetLevel false at flow level).
    struct Counters
    {
        bool packetLevel{false}; //!< true if the counts below are packets
        uint64_t sent{0};        //!< Packets sent by the sources
        uint64_t received{0};    //!< Packets received by the sinks
        uint64_t dropped{0};     //!< Packets dropped on the WAN (links down, full queues)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ~WanTraffic() override;

    /**
     * \brief Sends each commodity path's allocation for \p interval, from now.
     * \param [in] solution pathFlow[commodity][path] in Gb/s, over the commodities given at build
     * \param [in] interval How long the allocation holds
     * \return the bytes offered over the interval (at full scale)
     */
    virtual double Install(const TeSolver::Solution& solution, Time interval) = 0;

    /// \return the bytes carried to their destinations so far (at full scale)
    virtual double GetCarriedBytes() const = 0;

    /// \return the packet counters (packetLevel false at flow level)
    virtual Counters GetCounters() const = 0;

    /**
     * \brief How long a run goes on after the last allocation ends, for the traffic in flight
     * to arrive or be dropped.
     * \param [in] wanted The time a study allows packets in flight
     * \return \p wanted at packet level, 0 at flow level (flows end with their bytes)
     */
    virtual Time GetDrainTime(Time wanted) const = 0;
};

/**
 * \ingroup optical
 * \brief WAN traffic at flow level: each commodity path's allocation is one flow pinned to the
 * path, of the allocation's bytes over the interval and capped at its rate (FlowNetwork).
 */
class FlowWanTraffic : public WanTraffic
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    FlowWanTraffic();
    ~FlowWanTraffic() override;

    /**
     * \brief Sets the network and the commodities (call once, before Install).
     * \param [in] topology The flow-level topology (links follow the rate-adaptive links)
     * \param [in] commodities The commodities (paths are arcs, i.e. topology link indices)
     */
    void Setup(Ptr<FlowTopology> topology, const std::vector<TeSolver::Commodity>& commodities);

    /// \return the flow engine
    Ptr<FlowNetwork> GetNetwork() const;

    double Install(const TeSolver::Solution& solution, Time interval) override;
    double GetCarriedBytes() const override;
    Counters GetCounters() const override;
    Time GetDrainTime(Time wanted) const override;

    /**
     * \brief Installs a TE solution on a flow engine: one flow per commodity and path with more
     * than 1e-6 Gb/s, pinned to the path, of the allocated rate for \p interval (its bytes),
     * capped at that rate.
     * \param [in] net The flow engine
     * \param [in] commodities The commodities
     * \param [in] solution The solution (pathFlow in Gb/s)
     * \param [in] interval How long the allocation holds
     * \return the bytes offered
     */
    static double InstallFlows(Ptr<FlowNetwork> net,
                               const std::vector<TeSolver::Commodity>& commodities,
                               const TeSolver::Solution& solution,
                               Time interval);

  protected:
    void DoDispose() override;

  private:
    Ptr<FlowNetwork> m_net;                         //!< Flow engine
    std::vector<TeSolver::Commodity> m_commodities; //!< Commodities
};

} // namespace ns3

#endif /* WAN_TRAFFIC_H */
