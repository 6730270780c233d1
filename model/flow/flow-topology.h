/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_TOPOLOGY_H
#define FLOW_TOPOLOGY_H

#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The topology view of the flow-level engine: vertices (hosts, switches, OCS
 * endpoints) and directed links with a capacity, a propagation delay, an MTU and an up/down
 * state.
 *
 * Built from the ns-3 objects a scenario already has (FlowTopologyHelper reads point-to-point
 * and OCS devices), or directly for scale (thousands of GPUs without a NetDevice each). The
 * devices that change the topology (OCS reconfigurations, failures, rate-adaptive links)
 * announce it through SetLinkUp() and SetLinkCapacity(); every change fires the LinkChanged
 * trace, which the flow engine listens to.
 *
 * Routing: shortest paths in hops over the links that are up, with ECMP among equal-cost next
 * hops chosen by a flow hash; or a path function given by the caller (e.g. one that follows
 * ns-3's IPv4 routing tables, so that flows take the paths packets take).
 */
class FlowTopology : public Object
{
  public:
    /// A directed link.
    struct Link
    {
        uint32_t from;         //!< Tail vertex
        uint32_t to;           //!< Head vertex
        double capacity;       //!< Capacity (bit/s)
        Time delay;            //!< Propagation delay
        uint32_t mtu;          //!< MTU (bytes; 0: fluid, no per-packet overhead)
        bool up{true};         //!< Carrying traffic
        std::string name;      //!< For messages and traces
        Ptr<NetDevice> device; //!< Device at the tail, if built from one
    };

    /// A path function: fills the links from \p src to \p dst; false (with \p error) if none.
    using PathFunction = std::function<bool(uint32_t src,
                                            uint32_t dst,
                                            uint64_t hash,
                                            std::vector<uint32_t>& links,
                                            std::string& error)>;

    /**
     * TracedCallback signature for a link change.
     * \param [in] link Link index
     */
    typedef void (*LinkChangedTracedCallback)(uint32_t link);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowTopology();

    /**
     * \brief Adds a vertex.
     * \param [in] name Name used in messages (e.g. "gpu12", "leaf3")
     * \param [in] node The ns-3 node it stands for (nullptr for a vertex built directly)
     * \return the vertex index
     */
    uint32_t AddVertex(const std::string& name, Ptr<Node> node = nullptr);

    /**
     * \brief Adds a directed link.
     * \param [in] from Tail vertex
     * \param [in] to Head vertex
     * \param [in] capacityBps Capacity (bit/s, > 0)
     * \param [in] delay Propagation delay
     * \param [in] mtu MTU (bytes; 0: fluid)
     * \param [in] device Tail device, if any
     * \return the link index (a fatal error names both vertices if the capacity is not positive);
     * fires LinkChanged, so that flows waiting for a path can take the new link
     */
    uint32_t AddLink(uint32_t from,
                     uint32_t to,
                     double capacityBps,
                     Time delay,
                     uint32_t mtu = 0,
                     Ptr<NetDevice> device = nullptr);

    /**
     * \brief Adds a link in each direction.
     * \return the index of the link from \p a to \p b (the other is that index + 1)
     */
    uint32_t AddDuplexLink(uint32_t a,
                           uint32_t b,
                           double capacityBps,
                           Time delay,
                           uint32_t mtu = 0,
                           Ptr<NetDevice> deviceA = nullptr,
                           Ptr<NetDevice> deviceB = nullptr);

    /**
     * \brief Brings a link up or down (a cut, a dark OCS circuit). Flows on a link that is
     * down stall; the engine reroutes them when a path comes back.
     * \param [in] link Link
     * \param [in] up New state
     */
    void SetLinkUp(uint32_t link, bool up);

    /**
     * \brief Changes a link's capacity (a rate change); the engine re-rates its flows.
     * \param [in] link Link
     * \param [in] capacityBps New capacity (bit/s, >= 0; 0 stalls the link's flows)
     */
    void SetLinkCapacity(uint32_t link, double capacityBps);

    /// \return the number of vertices
    uint32_t GetNVertices() const;

    /// \return the number of links
    uint32_t GetNLinks() const;

    /// \return a link
    const Link& GetLink(uint32_t link) const;

    /// \return a vertex's name
    const std::string& GetVertexName(uint32_t vertex) const;

    /// \return the node a vertex stands for (may be nullptr)
    Ptr<Node> GetVertexNode(uint32_t vertex) const;

    /**
     * \param [in] node An ns-3 node
     * \return its vertex, or -1 if it has none
     */
    int64_t FindVertex(Ptr<Node> node) const;

    /**
     * \param [in] from Tail vertex
     * \param [in] to Head vertex
     * \return the first link from \p from to \p to, or -1
     */
    int64_t FindLink(uint32_t from, uint32_t to) const;

    /**
     * \param [in] from A vertex
     * \return the links leaving it, in the order they were added
     */
    const std::vector<uint32_t>& GetOutLinks(uint32_t from) const;

    /**
     * \param [in] to A vertex
     * \return the links entering it, in the order they were added
     */
    const std::vector<uint32_t>& GetInLinks(uint32_t to) const;

    /// \return whether a path function (SetPathFunction) replaces shortest-path routing
    bool HasPathFunction() const;

    /**
     * \brief Replaces shortest-path routing by the caller's paths.
     * \param [in] f The path function (empty: back to shortest paths)
     */
    void SetPathFunction(PathFunction f);

    /**
     * \brief Finds a path: the caller's path function if one is set, else a shortest path in
     * hops over up links, ECMP by \p hash among equal-cost next hops.
     * \param [in] src Source vertex
     * \param [in] dst Destination vertex (!= src)
     * \param [in] hash Flow hash (same hash, same path)
     * \param [out] links The links, in order
     * \param [out] error Why there is none, naming both vertices
     * \return true if a path exists
     */
    bool Route(uint32_t src,
               uint32_t dst,
               uint64_t hash,
               std::vector<uint32_t>& links,
               std::string& error) const;

    /**
     * \brief Like Route(), over every link whether up or down: the path a flow waits on
     * while the links that would carry it are down (e.g. an OCS between configurations).
     * Routes by hops with ECMP even if a path function is set.
     * \return true if the vertices are connected at all
     */
    bool RouteIgnoringState(uint32_t src,
                            uint32_t dst,
                            uint64_t hash,
                            std::vector<uint32_t>& links,
                            std::string& error) const;

    /**
     * \brief A shortest path in hops, ECMP by \p hash among equal-cost next hops, whatever
     * path function is set (a path function can fall back on it).
     * \param [in] src Source vertex
     * \param [in] dst Destination vertex
     * \param [in] hash Flow hash
     * \param [in] upOnly Only over links that are up
     * \param [out] links The path
     * \param [out] error Why there is none
     * \return true if a path exists
     */
    bool ShortestPath(uint32_t src,
                      uint32_t dst,
                      uint64_t hash,
                      bool upOnly,
                      std::vector<uint32_t>& links,
                      std::string& error) const;

    /**
     * \brief Checks that links form a chain from \p src to \p dst.
     * \param [in] src Source vertex
     * \param [in] dst Destination vertex
     * \param [in] links The path
     * \param [out] error What is wrong, naming the vertices
     * \return true if the path is valid
     */
    bool CheckPath(uint32_t src,
                   uint32_t dst,
                   const std::vector<uint32_t>& links,
                   std::string& error) const;

    /**
     * \brief Latency of the last byte of a transfer along a path: the propagation delays, plus
     * the store-and-forward serialization of one packet (\p packetBytes) at every hop after the
     * first.
     * \param [in] links The path
     * \param [in] packetBytes Bytes of one packet on the wire (0: fluid)
     * \return the latency
     */
    Time PathLatency(const std::vector<uint32_t>& links, uint32_t packetBytes) const;

    /// \return the smallest MTU on a path (0 if every link is fluid)
    uint32_t PathMtu(const std::vector<uint32_t>& links) const;

  protected:
    void DoDispose() override;

  private:
    const std::vector<uint16_t>& DistancesTo(uint32_t dst, bool upOnly) const;
    void ClearRoutes();
    void Changed(uint32_t link);

    std::vector<std::string> m_vertexNames;              //!< Vertex names
    std::vector<Ptr<Node>> m_vertexNodes;                //!< Vertex nodes
    std::unordered_map<uint32_t, uint32_t> m_nodeVertex; //!< Node id -> vertex
    std::vector<Link> m_links;                           //!< Links
    std::vector<std::vector<uint32_t>> m_out;            //!< Out-links of each vertex
    std::vector<std::vector<uint32_t>> m_in;             //!< In-links of each vertex
    PathFunction m_pathFunction;                         //!< Caller's paths
    mutable std::unordered_map<uint64_t, std::vector<uint32_t>>
        m_pathCache; //!< Caller's paths by (src, dst), until the topology changes

    /// Key of a shortest path: source, destination, flow hash.
    struct PathKey
    {
        uint32_t src;  //!< Source vertex
        uint32_t dst;  //!< Destination vertex
        uint64_t hash; //!< Flow hash

        /// \param [in] o Other key \return true if equal
        bool operator==(const PathKey& o) const
        {
            return src == o.src && dst == o.dst && hash == o.hash;
        }
    };

    /// Hasher of PathKey.
    struct PathKeyHash
    {
        /// \param [in] k Key \return its hash
        std::size_t operator()(const PathKey& k) const;
    };

    mutable std::unordered_map<PathKey, std::vector<uint32_t>, PathKeyHash>
        m_shortestCache; //!< Shortest paths over up links, until the topology changes
    mutable std::unordered_map<uint32_t, std::vector<uint16_t>> m_distances;    //!< Hops, up links
    mutable std::unordered_map<uint32_t, std::vector<uint16_t>> m_allDistances; //!< Hops, all
    struct ReverseGraph;                             //!< The links reversed, as a Boost.Graph
    mutable std::shared_ptr<ReverseGraph> m_reverse; //!< Built on use, until links are added
    TracedCallback<uint32_t> m_linkChangedTrace;     //!< LinkChanged
};

} // namespace ns3

#endif /* FLOW_TOPOLOGY_H */
