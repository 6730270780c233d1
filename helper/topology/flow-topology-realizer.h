/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_TOPOLOGY_REALIZER_H
#define FLOW_TOPOLOGY_REALIZER_H

#include "ns3/flow-topology.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/topology-description.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Makes a TopologyDescription at flow level: a FlowTopology graph, without any ns-3
 * node, for thousands of hosts.
 *
 * Every host and switch becomes a vertex named as its node, in index order; every link a
 * duplex link (the link from \c a to \c b first) of its rate, delay and MTU. An OCS is no
 * vertex: it is an OpticalCircuitSwitch whose circuits FlowTopologyHelper::AttachOcs keeps as
 * links between the vertices on its ports (OCSes in index order, after the links). An OCS
 * with a fibre to an OCS port (TopologyDescription::JoinOcsPorts) is made (or adopted) but not
 * attached: its lightpaths may cross several switches, which the caller follows (as
 * TorusFabric::Track does for the torus datacenter); nor is an adopted OCS, unless adopted
 * with its circuits kept.
 * Queues do not exist at flow level (the links share their capacity max-min fairly).
 */
class FlowTopologyRealizer
{
  public:
    /// What a realization made.
    struct Result
    {
        std::vector<uint32_t> vertices;             //!< Vertex of each node (NONE for an OCS)
        std::vector<uint32_t> hosts;                //!< Vertices of the hosts, in rank order
        std::vector<uint32_t> links;                //!< Index of each link's a-to-b link
        std::vector<Ptr<OpticalCircuitSwitch>> ocs; //!< Each OCS, in index order
    };

    /**
     * \brief Sets an attribute of the OCSes (e.g. ReconfigurationDelay); PortCount is the
     * description's.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetOcsAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Uses an existing switch for an OCS of the description, instead of making one.
     * \param [in] node The OCS's node index in the description
     * \param [in] ocs The switch (its PortCount must be the description's)
     * \param [in] keepCircuits Keep its circuits as links (FlowTopologyHelper::AttachOcs), as
     * for a switch the realizer makes (unless it has an OCS fibre); false: the caller follows
     * them (as TorusFabric::Track does)
     */
    void AdoptOcs(uint32_t node, Ptr<OpticalCircuitSwitch> ocs, bool keepCircuits = false);

    /**
     * \brief Adds the network to a graph (a fatal error names what is wrong with the
     * description).
     * \param [in] description The network
     * \param [in] topology The graph
     * \param [in] who Name of the caller, for messages
     * \return what was made
     */
    Result Realize(const TopologyDescription& description,
                   Ptr<FlowTopology> topology,
                   const std::string& who = "FlowTopologyRealizer") const;

  private:
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes; //!< OCSes
    /// Node index -> adopted switch, and whether its circuits are kept as links
    std::map<uint32_t, std::pair<Ptr<OpticalCircuitSwitch>, bool>> m_adopted;
};

} // namespace ns3

#endif /* FLOW_TOPOLOGY_REALIZER_H */
