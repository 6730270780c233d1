/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATH_PINNING_HELPER_H
#define PATH_PINNING_HELPER_H

#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/path-pinning-routing.h"
#include "ns3/te-paths.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Installs PathPinningRouting on routers and pins flows along paths of routers.
 *
 * Install adds a PathPinningRouting to each router's Ipv4ListRouting, above the protocol that
 * routes every other packet. Call it after InternetStackHelper::Install, with a list routing
 * that holds the fallback, e.g. (InternetStackHelper's default in ns-3.37 is this very list):
 * \code
 *   Ipv4ListRoutingHelper list;
 *   list.Add(Ipv4StaticRoutingHelper(), 0);
 *   list.Add(Ipv4GlobalRoutingHelper(), -10);
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(list);
 *   stack.Install(nodes);
 *   // addresses ...
 *   Ipv4GlobalRoutingHelper::PopulateRoutingTables();
 *   PathPinningHelper::Install(routers); // priority 10: asked before static and global
 *   std::string error;
 *   PathPinningHelper::Pin({a, b, c}, PathPinningRouting::Flow(src, dst, 17, 0, 9), error);
 * \endcode
 *
 * A path from TE (TePath, arcs of a TeGraph whose vertices are routers) becomes a sequence of
 * nodes with PathNodes, to pin the flows of that path with Pin.
 */
class PathPinningHelper
{
  public:
    /**
     * \brief Adds a PathPinningRouting to each router's Ipv4ListRouting (routers that already
     * have one keep it). Aborts, naming the node, if a router has no IPv4 or its routing
     * protocol is not an Ipv4ListRouting.
     * \param [in] routers The routers (Internet stack installed with a list routing)
     * \param [in] priority Priority in the list (higher is asked first; static routing is 0
     * and global routing -10 in InternetStackHelper's default list)
     */
    static void Install(NodeContainer routers, int16_t priority = 10);

    /**
     * \param [in] node A node
     * \return its PathPinningRouting, or null if it has none
     */
    static Ptr<PathPinningRouting> Get(Ptr<Node> node);

    /**
     * \brief Pins flows along a path of routers: on every router but the last, to the
     * interface whose point-to-point link (a channel of two devices) leads to the next router,
     * with the next router's address on that link as the next hop (the first such link, if
     * there are parallel ones). Nothing is pinned if any hop fails.
     * \param [in] pathNodes Routers from the first (where the flows enter) to the last
     * \param [in] key The flows (see PathPinningRouting::AddPin)
     * \param [out] error The two routers that are not adjacent over a point-to-point link, the
     * router without PathPinningRouting, a repeated router or a bad key
     * \return true if every hop is pinned
     */
    static bool Pin(const std::vector<Ptr<Node>>& pathNodes,
                    const PathPinningRouting::FlowKey& key,
                    std::string& error);

    /**
     * \brief Pins flows along a path given as the device each router sends on, which tells
     * parallel links between the same routers apart (Pin() takes the first of them).
     * \param [in] devices Outgoing devices, one per hop, each on a point-to-point link ending
     * at the next device's router
     * \param [in] key The flows (see PathPinningRouting::AddPin)
     * \param [out] error A device off the path, a repeated router, a router without
     * PathPinningRouting or a bad key
     * \return true if every hop is pinned (nothing is pinned otherwise)
     */
    static bool PinDevices(const std::vector<Ptr<NetDevice>>& devices,
                           const PathPinningRouting::FlowKey& key,
                           std::string& error);

    /**
     * \brief The routers a TE path visits.
     * \param [in] routerOfVertex Router of each vertex of the graph
     * \param [in] g The graph
     * \param [in] path Arcs of g, each starting where the previous one ends
     * \param [out] error The bad arc or vertex
     * \return the routers, from the path's first vertex to its last (empty on error or for an
     * empty path)
     */
    static std::vector<Ptr<Node>> PathNodes(const std::vector<Ptr<Node>>& routerOfVertex,
                                            const TeGraph& g,
                                            const TePath& path,
                                            std::string& error);

    /**
     * \param [in] node A node
     * \return its name (Names) or "node <id>"
     */
    static std::string NodeName(Ptr<Node> node);
};

} // namespace ns3

#endif /* PATH_PINNING_HELPER_H */
