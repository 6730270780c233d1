/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_HELPER_H
#define COLLECTIVE_HELPER_H

#include "ns3/collective-algorithms.h"
#include "ns3/collective-backend.h"
#include "ns3/collective.h"
#include "ns3/flow-collective-transport.h"
#include "ns3/flow-network.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/results-store.h"
#include "ns3/scale-out-fabric.h"
#include "ns3/tcp-collective-transport.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Installs ML collectives onto nodes: a transport of any backend (BackendRegistry) with
 * a rank mapping, and collectives built from a CollectiveSpec.
 *
 * \code
 *   CollectiveHelper helper;
 *   // rank r = host r; Backend::FLOW for the flow-level engine over the same nodes
 *   Ptr<CollectiveTransport> transport = helper.Install(hosts, 1, Backend::PACKET);
 *   auto spec = CollectiveSpec::Of(CollectiveKind::ALLREDUCE, hosts.GetN(), 64 << 20);
 *   Ptr<Collective> ar = helper.Create(transport, spec, {}, "job0");
 *   ar->Start();   // now, before Simulator::Run(), or from any event
 * \endcode
 */
class CollectiveHelper
{
  public:
    CollectiveHelper();

    /**
     * \brief Sets an attribute of the transports created (TcpCollectiveTransport).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetTransportAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the flow-level transports created (FlowCollectiveTransport).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetFlowTransportAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the transports of one backend (its registry entry's
     * transport type, e.g. TcpCollectiveTransport for Backend::PACKET).
     * \param [in] backend The backend
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetBackendAttribute(Backend backend, std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the scale-up domains created (ScaleUpDomain).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetScaleUpAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Checks, before the run, that a transport of \p backend with this helper's
     * attributes can work on the realized network of \p nodes (CollectiveTransport::
     * CheckNetwork: a lossless backend's buffers and headroom). Backends without
     * requirements on the network (no BackendFeature::LOSSLESS) are not instantiated.
     * \param [in] nodes The ranks' nodes, realized
     * \param [in] backend The backend Install() will be given
     * \param [out] error What is wrong: the attribute, its value and what is allowed
     * \return true if it can work
     */
    bool CheckNetwork(NodeContainer nodes, Backend backend, std::string& error) const;

    /**
     * \brief Makes every node a rank: rank r is node r; each run of \p gpusPerServer
     * consecutive ranks is a server sharing one scale-up domain (1: no scale-up domain).
     * \param [in] nodes The nodes (Internet stack and addresses installed)
     * \param [in] gpusPerServer GPUs per server; must divide the number of nodes
     * \return the started transport
     */
    Ptr<TcpCollectiveTransport> Install(NodeContainer nodes, uint32_t gpusPerServer = 1);

    /**
     * \brief The same ranks as Install(), at flow level: rank r is node r, its messages are
     * flows of a FlowNetwork over the topology the ns-3 objects form.
     * \param [in] nodes The nodes (devices, and for IPv4 routing their stacks, installed)
     * \param [in] gpusPerServer GPUs per server; must divide the number of nodes
     * \param [in] network The engine (nullptr: the helper's own, created at the first call by
     * FlowTopologyHelper from every node of the simulation and shared by the transports this
     * helper installs afterwards, so that their flows share the links)
     * \return the transport
     */
    Ptr<FlowCollectiveTransport> InstallFlow(NodeContainer nodes,
                                             uint32_t gpusPerServer = 1,
                                             Ptr<FlowNetwork> network = nullptr);

    /**
     * \brief Ranks on the endpoints of a flow engine built directly (no ns-3 nodes), for
     * scale: a FlowNetwork's vertices, a time-slotted RdcnFluidNetwork's hosts, ...
     * \param [in] engine The engine
     * \param [in] vertices Endpoint of each rank's NIC, in rank order
     * \param [in] gpusPerServer GPUs per server; must divide the number of ranks
     * \return the transport
     */
    Ptr<FlowCollectiveTransport> InstallFlow(Ptr<FlowEngine> engine,
                                             const std::vector<uint32_t>& vertices,
                                             uint32_t gpusPerServer = 1);

    /**
     * \brief The one flag that switches fidelity: a transport of \p backend on \p nodes
     * (rank r is node r). Packet-level backends use the nodes' stacks; flow-level backends a
     * flow engine over the topology the ns-3 objects form (as InstallFlow(nodes)).
     * \param [in] nodes The nodes
     * \param [in] gpusPerServer GPUs per server; must divide the number of nodes
     * \param [in] backend The backend
     * \return the transport
     */
    Ptr<CollectiveTransport> Install(NodeContainer nodes, uint32_t gpusPerServer, Backend backend);

    /**
     * \brief A transport of \p backend on ranks a fabric realized (BackendRanks: nodes, or an
     * engine's endpoints); the ranks' scale-up domains are made here, one per run of
     * \p gpusPerServer ranks.
     * \param [in] backend The backend (its level must be the ranks')
     * \param [in] ranks The ranks (scaleUp and local are filled here)
     * \param [in] gpusPerServer GPUs per server; must divide the number of ranks
     * \return the transport
     */
    Ptr<CollectiveTransport> Install(Backend backend, BackendRanks ranks, uint32_t gpusPerServer);

    /**
     * \brief A transport of the backend a fabric was realized for (ScaleOutFabric::Realize),
     * on its ranks, with the attributes the fabric asks of it.
     * \code
     *   RealizedFabric net = fabric.Realize(Backend::PACKET, 16, 8);
     *   Ptr<CollectiveTransport> transport = helper.Install(net, 8);
     * \endcode
     * \param [in] fabric What was realized
     * \param [in] gpusPerServer GPUs per server; must divide the number of ranks
     * \return the transport
     */
    Ptr<CollectiveTransport> Install(const RealizedFabric& fabric, uint32_t gpusPerServer);

    /**
     * \brief Install(nodes, gpusPerServer, Backend) by name.
     * \param [in] nodes The nodes
     * \param [in] gpusPerServer GPUs per server
     * \param [in] backend A backend's name (a fatal error lists the registered ones)
     * \return the transport
     */
    [[deprecated("use Install(nodes, gpusPerServer, Backend::FLOW) (Backend::FromName at the "
                 "command line)")]] Ptr<CollectiveTransport>
    Install(NodeContainer nodes, uint32_t gpusPerServer, const std::string& backend);

    /**
     * \brief Checks a backend name.
     * \param [in] backend The name
     * \param [out] error Why it is rejected, listing the registered ones
     * \return true if the registry knows it
     */
    [[deprecated("use Backend::FromName")]] static bool CheckBackend(const std::string& backend,
                                                                     std::string& error);

    /**
     * \brief Builds a collective on a transport.
     * \param [in] transport Transport
     * \param [in] spec What to run (spec.nRanks ranks)
     * \param [in] ranks Transport rank of each group rank (empty: 0..nRanks-1)
     * \param [in] job Job name for the records
     * \param [out] error If not null, receives the reason of a failure; if null, a failure is
     * fatal
     * \return the collective, or nullptr on failure
     */
    Ptr<Collective> Create(Ptr<CollectiveTransport> transport,
                           const CollectiveSpec& spec,
                           std::vector<uint32_t> ranks = {},
                           const std::string& job = "",
                           std::string* error = nullptr);

    /**
     * \brief Selects ns-3's TCP variant for every socket created afterwards.
     * \param [in] typeName e.g. "ns3::TcpCubic", "ns3::TcpNewReno", "ns3::TcpDctcp"
     * \param [out] error If not null, receives why the name was rejected
     * \return true if the variant exists
     */
    static bool SetTcpVariant(const std::string& typeName, std::string* error = nullptr);

    /**
     * \brief Writes collective records to the results store, one row each in the per-event
     * table ev_collectives (job, kind, algorithm, group_size, bytes, start_s, end_s,
     * bus_bandwidth_gbps).
     * \param [in,out] store The store
     * \param [in] runId The run
     * \param [in] records The records
     */
    static void WriteRecords(ResultsStore& store,
                             int64_t runId,
                             const std::vector<CollectiveRecord>& records);

  private:
    /**
     * \brief Installs a transport made by \p factory (of \p backend's type) on ranks.
     * \param [in] factory The factory
     * \param [in] backend The backend
     * \param [in] ranks The ranks (scale-up domains filled here)
     * \param [in] gpusPerServer GPUs per server
     * \return the transport
     */
    Ptr<CollectiveTransport> InstallWith(const ObjectFactory& factory,
                                         Backend backend,
                                         BackendRanks ranks,
                                         uint32_t gpusPerServer);

    /// Scale-up domain of each rank: one per run of \p gpusPerServer ranks (none if 1).
    std::vector<Ptr<ScaleUpDomain>> Domains(uint32_t ranks, uint32_t gpusPerServer);

    /// \return the engine of InstallFlow(nodes) calls without one (made at the first call)
    Ptr<FlowNetwork> GetNodesEngine();

    std::vector<ObjectFactory> m_factories; //!< Transport factory per backend (registry order)
    Ptr<FlowNetwork> m_flowNetwork;         //!< Engine of InstallFlow(nodes) calls without one
    ObjectFactory m_scaleUpFactory;         //!< Scale-up domain factory
};

} // namespace ns3

#endif /* COLLECTIVE_HELPER_H */
