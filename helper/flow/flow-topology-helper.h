/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_TOPOLOGY_HELPER_H
#define FLOW_TOPOLOGY_HELPER_H

#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/optical-circuit-switch.h"

#include <map>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Reads the topology of the ns-3 objects a scenario built, for the flow-level engine.
 *
 * Every node becomes a vertex. Every device on a two-device channel with a \c DataRate
 * attribute (PointToPointNetDevice and the like) becomes a link to the peer's node with that
 * rate, the channel's \c Delay and the device's MTU. Every OpticalCircuitSwitch reached through
 * an OcsNetDevice becomes a link per circuit direction between the two endpoints' nodes (rate of
 * the sending device; delay of both fibres plus the switch latency), kept in step with the
 * switch: CircuitDown darkens a link, CircuitUp lights it (creating it the first time), so a
 * reconfiguration stalls the flows on the circuits it changes and the flows follow the new
 * circuits.
 *
 * Routing (SetRouting): \c ipv4 (default) follows the nodes' IPv4 routing tables hop by hop,
 * so flows take the paths packets take (ns-3's global routing picks one of several equal-cost
 * paths, and flows must pick the same); where a node has no IPv4 route, or for \c shortest,
 * shortest paths with ECMP by flow hash.
 *
 * \code
 *   // ... nodes, point-to-point links, Internet stacks, global routing built as usual ...
 *   FlowTopologyHelper flowHelper;
 *   Ptr<FlowNetwork> network = flowHelper.Install();   // every node of the simulation
 * \endcode
 */
class FlowTopologyHelper
{
  public:
    /// The endpoint of one OCS port in a flow-level topology.
    struct OcsPort
    {
        uint32_t vertex;       //!< Vertex behind the port (a GPU's NIC)
        double rateBps;        //!< Rate of the circuits it sends on (bit/s)
        Time fibre;            //!< Fibre delay between the vertex and the port
        uint32_t mtu;          //!< MTU (0: fluid)
        Ptr<NetDevice> device; //!< Device, if the endpoint has one (may be nullptr)
    };

    FlowTopologyHelper();

    /**
     * \brief Keeps a switch's circuits and a topology's links in step: a link per circuit
     * direction between the ports' vertices (delay: both fibres plus the switch latency), lit
     * or dark as the switch is, CircuitDown darkening and CircuitUp lighting (or creating) it.
     * Build() does this for the switches its nodes reach; call it for a switch whose ports
     * have no ns-3 devices (a flow-level fabric built directly, e.g. photonic rails).
     * \param [in] topology The topology
     * \param [in] ocs The switch (its state machine and traces; channels are not needed)
     * \param [in] ports Endpoint of each port that has one
     */
    static void AttachOcs(Ptr<FlowTopology> topology,
                          Ptr<OpticalCircuitSwitch> ocs,
                          const std::map<uint32_t, OcsPort>& ports);

    /**
     * \brief Chooses the routing of the topologies built afterwards.
     * \param [in] routing "ipv4" or "shortest"
     * \param [out] error If not null, receives why the name was rejected; if null, fatal
     * \return true if the name is known
     */
    bool SetRouting(const std::string& routing, std::string* error = nullptr);

    /**
     * \brief Reads the topology of a set of nodes (their devices' peers are added too).
     * \param [in] nodes The nodes (default: every node of the simulation)
     * \return the topology
     */
    Ptr<FlowTopology> Build(NodeContainer nodes = NodeContainer::GetGlobal()) const;

    /**
     * \brief Builds the topology and a flow engine on it.
     * \param [in] nodes The nodes (default: every node of the simulation)
     * \return the engine
     */
    Ptr<FlowNetwork> Install(NodeContainer nodes = NodeContainer::GetGlobal()) const;

  private:
    std::string m_routing{"ipv4"}; //!< Routing of the next topologies
};

} // namespace ns3

#endif /* FLOW_TOPOLOGY_HELPER_H */
