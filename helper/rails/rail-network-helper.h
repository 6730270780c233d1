/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RAIL_NETWORK_HELPER_H
#define RAIL_NETWORK_HELPER_H

#include "ns3/collective-helper.h"
#include "ns3/data-rate.h"
#include "ns3/flow-topology.h"
#include "ns3/graph-executor.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/photonic-rail-controller.h"
#include "ns3/rail-bill.h"
#include "ns3/scale-out-fabric.h"
#include "ns3/scale-out-topology-helper.h"
#include "ns3/topology-description.h"
#include "ns3/training-config.h"
#include "ns3/training-job.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Builds the scale-out fabric of S servers x G GPUs (GPU g of every server on rail g),
 * chosen by one name, and wires a training job onto it:
 *
 * - \c electrical: rail-optimized packet switching (one non-blocking switch per rail, rails
 *   joined by a spine); priced with Opus's leaf/spine sizing (RailNetworkSizing::Electrical);
 * - \c photonic: one OCS per rail (port s: GPU g of server s), reconfigured by a
 *   PhotonicRailController at phase boundaries (Opus);
 * - \c photonic-provision: the same, with speculative reconfiguration (Opus+Provision);
 * - \c fat-tree: a non-blocking two-level Clos over all GPUs (a leaf per server, G spines);
 *   priced as Opus's k-ary fat-tree (RailNetworkSizing::FatTree).
 *
 * Every fabric is described once (Describe: a TopologyDescription) and built from the
 * description at packet level (Install, PacketTopologyRealizer) or directly in a flow-level
 * graph (Build, FlowTopologyRealizer), with the same links. Photonic rails' circuits are one-way (a
 * directed ring is one configuration), so at packet level TCP acknowledgements cannot come back
 * through the OCS: Install gives every GPU a second interface on a return network (a switch, links
 * of ReturnDataRate) and ConfigureCollectives() binds the transport's connections to it (data out
 * through the OCS, acknowledgements back through the return network).
 */
class RailNetworkHelper : public ScaleOutFabric
{
  public:
    RailNetworkHelper();

    /// \return the names of the rail networks, in documentation order
    static std::vector<std::string> GetNetworkNames();

    /**
     * \param [in] name electrical, photonic, photonic-provision or fat-tree
     * \param [out] error If not null, receives why the name was rejected; if null, fatal
     * \return true if the name is known
     */
    bool SetNetwork(const std::string& name, std::string* error = nullptr);

    /// \return the rail network's name
    const std::string& GetNetwork() const;

    /// \return true for photonic and photonic-provision
    bool IsPhotonic() const;

    /**
     * \param [in] rate Rate of every GPU's scale-out NIC (and of the circuits)
     */
    void SetGpuDataRate(DataRate rate);

    /**
     * \param [in] delay Propagation delay of each link (GPU to switch or OCS)
     */
    void SetLinkDelay(Time delay);

    /**
     * \param [in] mtu MTU of the links (bytes)
     */
    void SetMtu(uint32_t mtu);

    /**
     * \brief Sets an attribute of the rails' OCSes (e.g. ReconfigurationDelay).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetOcsAttribute(std::string name, const AttributeValue& value);

    /**
     * \param [in] rate Rate of the return network's links (photonic rails at packet level)
     */
    void SetReturnDataRate(DataRate rate);

    /**
     * \param [in] radix Ports bought per rail OCS (0: 2 x servers, as Opus); at least the
     * number of servers
     */
    void SetOcsRadix(uint32_t radix);

    /**
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server (rails)
     * \return "" if the fabric can be built, else what is wrong, naming the value
     */
    std::string Check(uint32_t servers, uint32_t gpusPerServer) const;

    /**
     * \param [in] config A training job
     * \param [in] gpusPerServer GPUs per server
     * \return "" if every transfer of the job that leaves a server stays on one rail (what
     * photonic rails need: TP a multiple of the GPUs per server), else what is wrong
     */
    std::string CheckPlacement(const TrainingConfig& config, uint32_t gpusPerServer) const;

    /**
     * \brief CheckPlacement for an execution graph (a Chakra trace): graph rank r on GPU r.
     * \param [in] graph The graph (folded graphs are checked as their expansion)
     * \param [in] gpusPerServer GPUs per server
     * \return "" if every send and every transfer of every collective (by its algorithm) that
     * leaves a server stays on one rail, else the first node that crosses rails
     */
    std::string CheckPlacement(const ExecutionGraph& graph, uint32_t gpusPerServer) const;

    /**
     * \brief Describes the fabric (a fatal error names a shape Check() refuses).
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \return electrical and fat-tree: the rail or fat-tree topology helper's description;
     * photonic: GPUs "gpu<s>.<g>" server-major (each server a scale-up domain), then an OCS
     * "ocs<g>" of S ports per rail (rail g), port s holding GPU g of server s at the GPU rate,
     * link delay and MTU. The return network of packet-level photonic rails is not part of
     * the fabric (Install adds it)
     */
    TopologyDescription Describe(uint32_t servers, uint32_t gpusPerServer) const;

    /**
     * \brief Builds the fabric in a flow-level graph (and, for photonic rails, its OCSes and
     * controller).
     * \param [in] topology The graph
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \return the GPU vertices, server-major
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology,
                                uint32_t servers,
                                uint32_t gpusPerServer);

    /**
     * \brief Builds the fabric at packet level: switches or OCSes, Internet stacks, addresses
     * and routes (photonic rails: the OCS devices are interface 1, the return network
     * interface 2; and the controller).
     * \param [in] gpus The GPUs, server-major
     * \param [in] gpusPerServer GPUs per server
     */
    void Install(NodeContainer gpus, uint32_t gpusPerServer);

    /**
     * \brief Sets what the packet-level transport needs on this fabric (photonic rails:
     * connections bound to the return interface).
     * \param [in] collectives The helper that will create the transport
     */
    void ConfigureCollectives(CollectiveHelper& collectives) const;

    // ScaleOutFabric
    /**
     * \brief Check() for \p hosts GPUs in servers of \p gpusPerServer.
     * \param [in] hosts GPUs
     * \param [in] gpusPerServer GPUs per server
     * \return "" or what is wrong
     */
    std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const override;
    /// \copydoc RailNetworkHelper::Install
    void InstallOnHosts(NodeContainer gpus, uint32_t gpusPerServer) override;
    /**
     * \brief Build() in a new graph under a new FlowNetwork.
     * \param [in] hosts GPUs
     * \param [in] gpusPerServer GPUs per server
     * \return the engine and the GPU vertices, server-major
     */
    FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) override;
    /**
     * \param [in] level A network level
     * \return at packet level on photonic rails, the connections bound to the return
     * interface (AddressIndex 1, ConnectAtStart false); nothing otherwise
     */
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> GetTransportAttributes(
        NetworkLevel level) const override;

    /**
     * \brief Puts a job under the fabric's controller (photonic rails; nothing otherwise):
     * every collective asks for circuits, iterations mark the controller's boundaries.
     * Transport rank r is GPU r of the fabric: GPU r mod G of server r / G.
     * \param [in] job The job
     */
    void Attach(Ptr<TrainingJob> job);

    /**
     * \brief Puts a graph's runs under the fabric's controller (photonic rails; nothing
     * otherwise), as Attach(job) does for a job: every collective asks for circuits, and the end
     * of each run (GraphExecutor's RunEnd) marks an iteration boundary, from which Provision
     * learns. Graph rank r runs on transport rank GetRanks()[r] of the executor's Setup.
     * \param [in] executor The executor (Setup or not)
     */
    void Attach(Ptr<GraphExecutor> executor);

    /// \return the controller of the last Build (nullptr unless photonic)
    Ptr<PhotonicRailController> GetController() const;

    /// \return the rail OCSes of the last Build (rail g at index g)
    const std::vector<Ptr<OpticalCircuitSwitch>>& GetSwitches() const;

    /**
     * \brief Counts the fabric's components (Opus's sizing formulas).
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \param [in] system GPU system, selecting catalog rows (h200, gb200)
     * \param [out] bill The bill
     * \param [out] error What is wrong
     * \return true on success
     */
    bool Size(uint32_t servers,
              uint32_t gpusPerServer,
              const std::string& system,
              RailBill& bill,
              std::string& error) const;

  private:
    /**
     * \brief Checks the shape (fatal error naming the value) and forgets the last build.
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     */
    void Prepare(uint32_t servers, uint32_t gpusPerServer);

    /**
     * \brief Creates the photonic rails' controller over the rails' OCSes (and keeps them).
     * \param [in] rails The OCSes, rail g at index g
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     */
    void MakeController(const std::vector<Ptr<OpticalCircuitSwitch>>& rails,
                        uint32_t servers,
                        uint32_t gpusPerServer);

    /**
     * \param [in] gpusPerServer GPUs per server
     * \return the electrical or fat-tree fabric, with the links' settings
     */
    ScaleOutTopologyHelper SwitchedNetwork(uint32_t gpusPerServer) const;

    std::string m_fabric{"electrical"}; //!< Fabric name
    DataRate m_rate{"400Gbps"};         //!< GPU NIC rate
    Time m_delay;                       //!< Link delay
    uint32_t m_mtu{9000};               //!< MTU
    uint32_t m_radix{0};                //!< OCS radix (0: 2 x servers)
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_ocsAttributes; //!< Rail OCSes
    DataRate m_returnRate{"100Gbps"};             //!< Return network links
    uint32_t m_gpusPerServer{0};                  //!< Of the last Build
    Ptr<PhotonicRailController> m_controller;     //!< Of the last Build
    std::vector<Ptr<OpticalCircuitSwitch>> m_ocs; //!< Of the last Build
};

/// The name this helper had before issue #19 ("fabric" is the server-fabric area's word).
using RailFabricHelper [[deprecated("use RailNetworkHelper")]] = RailNetworkHelper;

} // namespace ns3

#endif /* RAIL_NETWORK_HELPER_H */
