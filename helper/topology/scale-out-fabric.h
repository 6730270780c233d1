/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCALE_OUT_FABRIC_H
#define SCALE_OUT_FABRIC_H

#include "ns3/attribute.h"
#include "ns3/collective-backend.h"
#include "ns3/flow-engine.h"
#include "ns3/flow-topology.h"
#include "ns3/node-container.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A fabric realized for one backend: the ranks its transport serves (ns-3 nodes, or a
 * flow engine's endpoints) and what that transport needs set on this fabric.
 */
struct RealizedFabric
{
    Backend backend;     //!< The backend it was realized for
    NodeContainer hosts; //!< Packet level: the hosts, in rank order (empty at flow level)
    BackendRanks ranks;  //!< The ranks (scale-up domains are the transport's helper's)
    /// Attributes the backend's transport needs on this fabric (e.g. the interface packet-level
    /// connections bind to), set by CollectiveHelper::Install on the transport it makes
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> transportAttributes;
};

/**
 * \ingroup optical
 * \brief What every scale-out fabric helper offers, so that one call builds a fabric for any
 * backend of the registry: the fabric is built at the backend's network level (ns-3 nodes,
 * or a flow engine), and CollectiveHelper installs the backend's transport on it.
 *
 * \code
 *   OcsLeafSpineHelper fabric;                  // or ScaleOutTopologyHelper, RailNetworkHelper
 *   RealizedFabric net = fabric.Realize(backend, hosts, gpusPerServer);
 *   Ptr<CollectiveTransport> transport = CollectiveHelper().Install(net, gpusPerServer);
 * \endcode
 *
 * A helper implements CheckHosts(), InstallOnHosts() (packet level, on hosts the caller made)
 * and InstallFlow() (flow level, a flow engine of its own); Realize() chooses by the backend's
 * NetworkLevel (BackendRegistry), never by its name.
 */
class ScaleOutFabric
{
  public:
    /// The flow level of a fabric: an engine and the endpoint of each host.
    struct FlowEndpoints
    {
        Ptr<FlowEngine> engine;      //!< The engine (a FlowNetwork, a RdcnFluidNetwork, ...)
        std::vector<uint32_t> hosts; //!< Endpoint of each host, in rank order
    };

    virtual ~ScaleOutFabric();

    /**
     * \brief Checks that the fabric can be built.
     * \param [in] hosts Hosts (ranks)
     * \param [in] gpusPerServer GPUs per server
     * \return "" or what is wrong, naming the values
     */
    virtual std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const = 0;

    /**
     * \brief Builds the fabric at packet level on hosts the caller made.
     * \param [in] hosts The hosts, in rank order
     * \param [in] gpusPerServer GPUs per server
     */
    virtual void InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer) = 0;

    /**
     * \brief Builds the fabric at flow level.
     * \param [in] hosts Hosts (ranks)
     * \param [in] gpusPerServer GPUs per server
     * \return the engine and the hosts' endpoints
     */
    virtual FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) = 0;

    /**
     * \brief What a transport at \p level needs set on this fabric (default: nothing).
     * \param [in] level The level
     * \return (attribute, value) pairs for the transport
     */
    virtual std::vector<std::pair<std::string, Ptr<AttributeValue>>> GetTransportAttributes(
        NetworkLevel level) const;

    /**
     * \brief Builds the fabric for a backend: at packet level on \p hosts new nodes, at flow
     * level in an engine. A fabric CheckHosts() refuses is a fatal error naming the problem.
     * \param [in] backend The backend
     * \param [in] hosts Hosts (ranks)
     * \param [in] gpusPerServer GPUs per server
     * \return what was built
     */
    RealizedFabric Realize(Backend backend, uint32_t hosts, uint32_t gpusPerServer);

  protected:
    /**
     * \brief The flow level of a fabric built as a FlowTopology graph: a new graph, \p build
     * adds the fabric to it, and a FlowNetwork runs on it.
     * \param [in] build Adds the fabric; returns the host vertices in rank order
     * \return the engine and the host vertices
     */
    static FlowEndpoints OnFlowNetwork(
        const std::function<std::vector<uint32_t>(Ptr<FlowTopology>)>& build);
};

} // namespace ns3

#endif /* SCALE_OUT_FABRIC_H */
