/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCALE_OUT_TOPOLOGY_HELPER_H
#define SCALE_OUT_TOPOLOGY_HELPER_H

#include "fat-tree-topology-helper.h"
#include "rail-topology-helper.h"
#include "scale-out-fabric.h"
#include "star-topology-helper.h"

#include "ns3/flow-topology.h"
#include "ns3/node-container.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Picks a scale-out fabric by name, so that an example's \c --topology flag reaches every
 * topology helper: \c star (StarTopologyHelper), \c fat-tree (FatTreeTopologyHelper, 2 levels)
 * or \c rail (RailTopologyHelper, rail-optimized; servers of \c gpusPerServer GPUs). Each is
 * built at packet level (Install: ns-3 nodes) or directly for the flow-level engine (Build: a
 * FlowTopology, no ns-3 node per host), with the same links.
 *
 * \code
 *   ScaleOutTopologyHelper fabric;
 *   fabric.SetTopology("fat-tree");
 *   fabric.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
 *   fabric.Install(hosts, 1);
 * \endcode
 */
class ScaleOutTopologyHelper : public ScaleOutFabric
{
  public:
    ScaleOutTopologyHelper();

    /**
     * \brief Chooses the fabric.
     * \param [in] name "star", "fat-tree" or "rail"
     * \param [out] error If not null, receives why the name was rejected; if null, fatal
     * \return true if the name is known
     */
    bool SetTopology(const std::string& name, std::string* error = nullptr);

    /// \return the fabric's name
    const std::string& GetTopology() const;

    /**
     * \brief Sets an attribute of every host (GPU) link's devices, e.g. DataRate, Mtu.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of every link's channels, e.g. Delay.
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets the shape of the fat-tree.
     * \param [in] hostsPerLeaf Hosts under each leaf
     * \param [in] spines Spine switches (each leaf has one uplink to each, at the host rate)
     */
    void SetFatTree(uint32_t hostsPerLeaf, uint32_t spines);

    /**
     * \brief Checks that a fabric can be built for a host count.
     * \param [in] hosts Hosts (GPUs)
     * \param [in] gpusPerServer GPUs per server (the rail fabric's rails)
     * \return an empty string, or what is wrong, naming the values
     */
    std::string Check(uint32_t hosts, uint32_t gpusPerServer) const;

    /**
     * \brief Describes the fabric (the chosen helper's Describe()).
     * \param [in] hosts Hosts (GPUs)
     * \param [in] gpusPerServer GPUs per server
     * \return the description
     */
    TopologyDescription Describe(uint32_t hosts, uint32_t gpusPerServer) const;

    /**
     * \brief Builds the fabric at packet level (Internet stacks, addresses, global routing).
     * \param [in] hosts The hosts, created by the caller
     * \param [in] gpusPerServer GPUs per server
     */
    void Install(NodeContainer hosts, uint32_t gpusPerServer);

    /**
     * \brief Builds the fabric directly in a flow-level topology.
     * \param [in] topology The topology
     * \param [in] hosts Number of hosts
     * \param [in] gpusPerServer GPUs per server
     * \return the host vertices, in host order
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology,
                                uint32_t hosts,
                                uint32_t gpusPerServer) const;

    // ScaleOutFabric
    /// \copydoc ScaleOutTopologyHelper::Check
    std::string CheckHosts(uint32_t hosts, uint32_t gpusPerServer) const override;
    /// \copydoc ScaleOutTopologyHelper::Install
    void InstallOnHosts(NodeContainer hosts, uint32_t gpusPerServer) override;
    /**
     * \brief Builds the fabric directly in a flow-level topology (Build) under a new
     * FlowNetwork.
     * \param [in] hosts Number of hosts
     * \param [in] gpusPerServer GPUs per server
     * \return the engine and the host vertices
     */
    FlowEndpoints InstallFlow(uint32_t hosts, uint32_t gpusPerServer) override;

    /// \return the star helper (e.g. for ECN marking)
    StarTopologyHelper& GetStar();

  private:
    std::string m_name{"star"};  //!< Fabric
    StarTopologyHelper m_star;   //!< Star
    FatTreeTopologyHelper m_fat; //!< Fat-tree
    RailTopologyHelper m_rail;   //!< Rail
};

} // namespace ns3

#endif /* SCALE_OUT_TOPOLOGY_HELPER_H */
