/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BYPASS_TOPOLOGY_HELPER_H
#define BYPASS_TOPOLOGY_HELPER_H

#include "ns3/bypass-planner.h"
#include "ns3/rate-adaptive-link-helper.h"
#include "ns3/rate-adaptive-wan-helper.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Turns a bypass plan into a network ns-3 runs: a vertex (router) per site and, per
 * planned lightpath, a rate-adaptive link (static policy at the lightpath's rate, its SNR the
 * lightpath's end to end, held constant) carrying the planned wavelengths, as a
 * RateAdaptiveWan. The flow level (RateAdaptiveWanHelper::InstallFlows) and the packet level
 * (WanPacketHelper) then run it as they run any WAN.
 *
 * \code
 *   BypassTopologyHelper helper;
 *   RateAdaptiveWan wan;
 *   helper.Build(fibres, modes, plan, wan, error);
 *   std::vector<TeSolver::Commodity> commodities;
 *   TeSolver::Solution routes;
 *   BypassTopologyHelper::Routes(wan, plan, demands, commodities, routes);
 *   RateAdaptiveWanHelper::InstallFlows(net, commodities, routes, interval);
 * \endcode
 */
class BypassTopologyHelper
{
  public:
    /// \return the helper that builds each link (its attributes; the policy is set per link)
    RateAdaptiveLinkHelper& GetLinkHelper();

    /**
     * \brief Builds the links (started with Start on each) and the flow-level topology.
     * \param [in] sites The fibre layer (for the site names)
     * \param [in] modes The mode table the plan was made with
     * \param [in] plan The plan
     * \param [out] wan The network: link i and arcs 2i (a->b), 2i+1 (b->a) are plan.links[i]
     * \param [out] error A plan link whose rate is not a mode of the table
     * \return false on error
     */
    bool Build(const WanTopology& sites,
               const TransceiverModes& modes,
               const BypassPlan& plan,
               RateAdaptiveWan& wan,
               std::string& error);

    /**
     * \brief The plan's routes as TE commodities (one per demand; its paths are the routes, as
     * arcs of wan.graph) and a solution holding each route's volume.
     * \param [in] wan The network Build made of the plan
     * \param [in] plan The plan
     * \param [in] demands The demands the plan was made for
     * \param [out] commodities The commodities
     * \param [out] solution pathFlow per commodity and route (Gb/s)
     */
    static void Routes(const RateAdaptiveWan& wan,
                       const BypassPlan& plan,
                       const std::vector<TrafficMatrix::Demand>& demands,
                       std::vector<TeSolver::Commodity>& commodities,
                       TeSolver::Solution& solution);

  private:
    RateAdaptiveLinkHelper m_links; //!< Link helper
};

} // namespace ns3

#endif /* BYPASS_TOPOLOGY_HELPER_H */
