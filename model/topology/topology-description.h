/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TOPOLOGY_DESCRIPTION_H
#define TOPOLOGY_DESCRIPTION_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/queue-size.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A network as plain data: its nodes and their roles, its links (rate, delay, MTU,
 * queue), its optical circuit switches and the ports they attach, and its scale-up domains.
 *
 * A fabric builder (StarTopologyHelper, FatTreeTopologyHelper, RailTopologyHelper,
 * RailNetworkHelper, ...) describes its fabric once, with Describe(); two realizers consume the
 * description: PacketTopologyRealizer makes ns-3 nodes and devices (packet level),
 * FlowTopologyRealizer makes a FlowTopology graph (flow level). Both follow the description's
 * order: nodes in index order (hosts are given by the caller at packet level), links in
 * index order (at packet level each takes the next /30 subnet), OCSes in index order, then
 * the fibres between OCS ports.
 *
 * Nothing here creates ns-3 objects; Validate() says what is wrong with a description, naming
 * the node or link.
 *
 * \code
 *   TopologyDescription d;
 *   const uint32_t a = d.AddHost("a");
 *   const uint32_t b = d.AddHost("b");
 *   const uint32_t sw = d.AddSwitch("switch");
 *   d.AddLink(a, sw, DataRate("10Gbps"), MicroSeconds(1), 9000);
 *   d.AddLink(b, sw, DataRate("10Gbps"), MicroSeconds(1), 9000);
 *   NS_ABORT_MSG_IF(!d.Validate().empty(), d.Validate());
 * \endcode
 */
class TopologyDescription
{
  public:
    /// Value of an index that does not apply (a switch's server, a host's rail, ...).
    static constexpr uint32_t NONE = std::numeric_limits<uint32_t>::max();

    /// What a node is.
    enum class Role
    {
        HOST,   //!< An endpoint (a GPU's scale-out NIC, a server)
        SWITCH, //!< A packet switch (an IPv4 router at packet level)
        OCS,    //!< An optical circuit switch: its circuits join the nodes on its ports
    };

    /// How a link's queues are managed (as the builders set them).
    enum class QueueDiscipline
    {
        DEFAULT, //!< What the Internet stack installs (ns-3's default queue disc)
        RED_ECN, //!< RED marking ECN at a threshold (DCTCP-style), at the link's second end
    };

    /// A node.
    struct Node
    {
        std::string name;   //!< Name (the flow-level vertex's name)
        Role role;          //!< Role
        uint32_t server;    //!< Host: its server (NONE if not in one)
        uint32_t rank;      //!< Host: its rank among the hosts (0, 1, ...); else NONE
        uint32_t tier;      //!< Switch: its tier (0 next to hosts, 1 above, ...); else NONE
        uint32_t rail;      //!< Switch or OCS: its rail (NONE if not a rail's)
        uint32_t portCount; //!< OCS: its ports; else 0
    };

    /// A duplex link between two nodes (neither an OCS).
    struct Link
    {
        uint32_t a;                         //!< First node (its device is the first of the pair)
        uint32_t b;                         //!< Second node
        DataRate rate;                      //!< Rate of each direction
        Time delay;                         //!< Propagation delay
        uint32_t mtu;                       //!< MTU (bytes)
        std::optional<QueueSize> queueSize; //!< Device queue size (unset: ns-3's default)
        QueueDiscipline discipline{QueueDiscipline::DEFAULT}; //!< Queue disc at \c b's end
        uint32_t ecnThreshold{0}; //!< RED_ECN: marking threshold (packets)
    };

    /// A node attached to a port of an OCS (a fibre from the node's NIC to the port).
    struct OcsPort
    {
        uint32_t ocs;  //!< The OCS (node index)
        uint32_t port; //!< Its port
        uint32_t node; //!< The node on the port (a host)
        DataRate rate; //!< Rate of the circuits it sends on
        Time delay;    //!< Fibre delay between the node and the port
        uint32_t mtu;  //!< MTU (bytes)
        uint32_t nic;  //!< Which of the node's ports it is (0, 1, ...: one node may sit on
                       //!< several ports of one OCS, each from another of its ports)
    };

    /// A fibre between two OCS ports (light leaving one switch enters the other).
    struct OcsFibre
    {
        uint32_t ocsA;  //!< One OCS (node index)
        uint32_t portA; //!< Its port
        uint32_t ocsB;  //!< The other OCS (may be \c ocsA, another port)
        uint32_t portB; //!< Its port
        Time delay;     //!< Fibre delay
    };

    /**
     * \brief Adds a host.
     * \param [in] name Name
     * \param [in] server Its server (NONE: not in one)
     * \return its node index; its rank is the number of hosts added before it
     */
    uint32_t AddHost(const std::string& name, uint32_t server = NONE);

    /**
     * \brief Adds a packet switch.
     * \param [in] name Name
     * \param [in] tier Tier (0: next to the hosts)
     * \param [in] rail Rail it serves (NONE: none)
     * \return its node index
     */
    uint32_t AddSwitch(const std::string& name, uint32_t tier = 0, uint32_t rail = NONE);

    /**
     * \brief Adds an optical circuit switch.
     * \param [in] name Name
     * \param [in] portCount Ports
     * \param [in] rail Rail it serves (NONE: none)
     * \return its node index
     */
    uint32_t AddOcs(const std::string& name, uint32_t portCount, uint32_t rail = NONE);

    /**
     * \brief Adds a duplex link (not checked until Validate()).
     * \param [in] a First node
     * \param [in] b Second node
     * \param [in] rate Rate of each direction
     * \param [in] delay Propagation delay
     * \param [in] mtu MTU (bytes)
     * \return its link index
     */
    uint32_t AddLink(uint32_t a, uint32_t b, DataRate rate, Time delay, uint32_t mtu);

    /**
     * \brief Sets a link's device queue size (both ends).
     * \param [in] link Link index
     * \param [in] size Size
     */
    void SetLinkQueueSize(uint32_t link, QueueSize size);

    /**
     * \brief Makes a link's second end (\c b) mark ECN with RED at \p thresholdPackets.
     * \param [in] link Link index
     * \param [in] thresholdPackets Threshold (packets; 0: back to the default discipline)
     */
    void SetLinkEcnMarking(uint32_t link, uint32_t thresholdPackets);

    /**
     * \brief Attaches a node to a port of an OCS.
     * \param [in] ocs The OCS (node index)
     * \param [in] port The port
     * \param [in] node The node
     * \param [in] rate Rate of the circuits it sends on
     * \param [in] delay Fibre delay between the node and the port
     * \param [in] mtu MTU (bytes)
     * \param [in] nic Which of the node's ports it is (a node on several ports of one OCS
     * gives each another)
     */
    void AttachOcsPort(uint32_t ocs,
                       uint32_t port,
                       uint32_t node,
                       DataRate rate,
                       Time delay,
                       uint32_t mtu,
                       uint32_t nic = 0);

    /**
     * \brief Joins a port of an OCS to a port of another (or of the same) with a fibre: a
     * lightpath may then cross several switches (a torus of server fabrics, inter-rack OCSes).
     * \param [in] ocsA One OCS (node index)
     * \param [in] portA Its port
     * \param [in] ocsB The other OCS
     * \param [in] portB Its port
     * \param [in] delay Fibre delay
     * \return its fibre index
     */
    uint32_t JoinOcsPorts(uint32_t ocsA, uint32_t portA, uint32_t ocsB, uint32_t portB, Time delay);

    /**
     * \brief Adds a scale-up domain: hosts joined inside a server (NVLink-style), outside the
     * described fabric.
     * \param [in] hosts Their node indices
     */
    void AddScaleUpDomain(const std::vector<uint32_t>& hosts);

    /**
     * \brief Adds \p servers servers of \p gpusPerServer GPUs each: hosts "gpuS.G" of server
     * S, in server order (rank S x gpusPerServer + G), each server a scale-up domain.
     * \param [in] servers Number of servers
     * \param [in] gpusPerServer GPUs per server
     */
    void AddServers(uint32_t servers, uint32_t gpusPerServer);

    /**
     * \brief Checks the description.
     * \return "" if it is consistent, else what is wrong (a link to a missing node, a zero
     * rate, an OCS port out of range or taken twice, ...), naming the node, link or port
     */
    std::string Validate() const;

    /// \return the number of nodes
    uint32_t GetNNodes() const;
    /// \return the number of links
    uint32_t GetNLinks() const;
    /// \param [in] i Node index \return the node
    const Node& GetNode(uint32_t i) const;
    /// \param [in] i Link index \return the link
    const Link& GetLink(uint32_t i) const;
    /// \return the nodes, by index
    const std::vector<Node>& GetNodes() const;
    /// \return the links, by index
    const std::vector<Link>& GetLinks() const;
    /// \return the OCS ports, in the order they were attached
    const std::vector<OcsPort>& GetOcsPorts() const;
    /// \return the fibres between OCS ports, by index
    const std::vector<OcsFibre>& GetOcsFibres() const;
    /**
     * \param [in] ocs An OCS (node index)
     * \return true if a fibre joins one of its ports to an OCS port
     */
    bool HasOcsFibre(uint32_t ocs) const;
    /// \return the scale-up domains
    const std::vector<std::vector<uint32_t>>& GetScaleUpDomains() const;
    /// \return the node indices of the hosts, in rank order
    std::vector<uint32_t> GetHosts() const;
    /// \param [in] role A role \return the number of nodes of that role
    uint32_t Count(Role role) const;

  private:
    /**
     * \brief A node as Validate names it.
     * \param [in] i Node index (below the number of nodes)
     * \return "node I (NAME)"
     */
    std::string NodeName(uint32_t i) const;

    /**
     * \brief Checks the links (in index order): both ends exist, differ and are not OCSes;
     * rate, MTU and ECN threshold are not zero, the delay is not negative.
     * \return "" if they are consistent, else what is wrong with the first bad link
     */
    std::string ValidateLinks() const;

    /**
     * \brief Checks the OCS ports (in the order attached), then the fibres between them: on an
     * OCS, within its ports, each port taken once (by a node or a fibre end), delays not
     * negative.
     * \return "" if they are consistent, else what is wrong with the first bad port or fibre
     */
    std::string ValidateOcs() const;

    /**
     * \brief Checks the scale-up domains: each holds existing hosts, each once.
     * \return "" if they are consistent, else what is wrong with the first bad domain
     */
    std::string ValidateScaleUpDomains() const;

    std::vector<Node> m_nodes;                           //!< Nodes
    std::vector<Link> m_links;                           //!< Links
    std::vector<OcsPort> m_ocsPorts;                     //!< OCS ports
    std::vector<OcsFibre> m_ocsFibres;                   //!< Fibres between OCS ports
    std::vector<std::vector<uint32_t>> m_scaleUpDomains; //!< Scale-up domains
    uint32_t m_nHosts{0};                                //!< Hosts so far
};

} // namespace ns3

#endif /* TOPOLOGY_DESCRIPTION_H */
