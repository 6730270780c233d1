/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BYPASS_PLANNER_DETAIL_H
#define BYPASS_PLANNER_DETAIL_H

// Private to BypassPlanner's source files (not installed): what its candidates, ILP, greedy
// search and protection share.

#include "bypass-plan.h"

#include "ns3/linear-program.h"
#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/te-paths.h"
#include "ns3/traffic-matrix.h"
#include "ns3/wan-topology.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace bypassdetail
{

/**
 * \brief The log component "BypassPlanner" (defined in bypass-planner.cc), which the planner's
 * other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& PlannerLog();

using optical::FromDb;
using optical::Num;
using optical::ToDb;

/// The fibre layer as a TE graph: arcs 2f (a->b) and 2f+1 (b->a), weight km.
inline TeGraph
FibreGraph(const WanTopology& fibres)
{
    TeGraph g;
    g.nodes = fibres.GetNSites();
    for (const auto& f : fibres.GetFibres())
    {
        g.arcs.push_back({f.a, f.b, f.lengthKm});
        g.arcs.push_back({f.b, f.a, f.lengthKm});
    }
    return g;
}

/// \return true if the lightpath crosses a cut fibre
inline bool
Crosses(const Lightpath& l, const std::set<uint32_t>& cut)
{
    return std::any_of(l.fibres.begin(), l.fibres.end(), [&cut](uint32_t f) {
        return cut.count(f) > 0;
    });
}

/// A multi-commodity flow by source over undirected links (both directions) in an LP.
struct SourceFlows
{
    std::vector<uint32_t> sources;                         //!< Sources with demand
    std::vector<std::vector<std::array<uint32_t, 2>>> var; //!< [source][link][dir] (or MAX)
    /// Per link and direction (0: a->b), the flow variables on it
    std::vector<std::array<std::vector<std::pair<uint32_t, double>>, 2>> load;
};

/**
 * \brief Adds to \p lp the flows of every source with demand over the usable links, and per
 * source and other site the conservation row: inflow - outflow = demand x factor, or, when
 * \p scaleVar is a variable, inflow - outflow - demand x scaleVar = 0.
 * \param [in,out] lp The program
 * \param [in] nSites Sites
 * \param [in] demands Demands
 * \param [in] factor Demand factor (with no scaleVar)
 * \param [in] links The links
 * \param [in] usable Per link, whether it carries flow
 * \param [in] flowCost Objective coefficient of each flow variable
 * \param [in] scaleVar The variable scaling every demand, or UINT32_MAX
 * \return the variables
 */
SourceFlows AddSourceFlows(LinearProgram& lp,
                           uint32_t nSites,
                           const std::vector<TrafficMatrix::Demand>& demands,
                           double factor,
                           const std::vector<const Lightpath*>& links,
                           const std::vector<bool>& usable,
                           double flowCost,
                           uint32_t scaleVar);

/**
 * \brief Routes from a flow by source (AddSourceFlows): per demand, walked back from its
 * destination along the largest remaining inflow, as often as it takes.
 * \param [in] demands Demands
 * \param [in] fraction Share of each demand the flow carries
 * \param [in] links The links
 * \param [in] flows The flow variables
 * \param [in] values The LP's values
 * \return per demand, (link indices, Gb/s)
 */
std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>> Decompose(
    const std::vector<TrafficMatrix::Demand>& demands,
    double fraction,
    const std::vector<const Lightpath*>& links,
    const SourceFlows& flows,
    const std::vector<double>& values);

} // namespace bypassdetail
} // namespace ns3

#endif // BYPASS_PLANNER_DETAIL_H
