/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AS_GRAPH_GENERATOR_H
#define AS_GRAPH_GENERATOR_H

#include "as-graph.h"

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief Generates Internet-like AS graphs: a clique of tier-1 ASes, transit ASes that buy
 * transit from tier-1s and from transit ASes made before them, stubs (most ASes) that buy
 * from one or more of those, peering among transit ASes and some stubs, and organisations
 * that own several ASes.
 *
 * Providers are chosen by preferential attachment (an AS is picked in proportion to its
 * customers plus PreferentialOffset), which gives the heavy-tailed degrees of the measured
 * AS graph; peering degrees are Pareto-distributed. AS numbers are distinct random numbers
 * below 4 x Ases, so the lowest-AS-number tie-break of the route engines does not follow the
 * tiers. Every provider-to-customer link goes from an AS made earlier to one made later, so
 * there is no provider-to-customer cycle.
 */
class AsGraphGenerator : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    AsGraphGenerator();

    /**
     * \brief Generates a graph.
     * \param [in] ases Number of ASes (at least Tier1 + 1)
     * \return the graph (finalized)
     */
    AsGraph Generate(uint32_t ases);

    /**
     * \brief Assigns fixed random variable streams.
     * \param [in] stream First stream
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    Ptr<UniformRandomVariable> m_uniform; //!< All draws
    uint32_t m_tier1;                     //!< Tier-1 ASes
    double m_transitFraction;             //!< Share of transit ASes
    double m_multihoming;                 //!< Probability of one more provider
    uint32_t m_maxProviders;              //!< Providers per AS at most
    double m_offset;                      //!< Preferential-attachment offset
    double m_transitPeers;                //!< Mean peers of a transit AS
    double m_peeringShape;                //!< Pareto shape of peering degrees
    double m_stubPeering;                 //!< Probability that a stub peers
    double m_siblings;                    //!< Probability that a transit AS owns siblings
    uint32_t m_maxSiblings;               //!< Sibling ASes per organisation at most
};

} // namespace ns3

#endif /* AS_GRAPH_GENERATOR_H */
