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
    /// What the steps of Generate share: the ASes' numbers and providers, and the graph so far.
    struct Draft;

    /**
     * \brief A uniform draw.
     * \param [in] below Bound (at least 1)
     * \return a whole number in [0, below)
     */
    uint32_t Draw(uint32_t below);

    /**
     * \brief Draws the AS numbers: distinct, random, below 4n (a partial Fisher-Yates over
     * 1..4n).
     * \param [in,out] d The draft (its pool set; n given)
     */
    void DrawAsNumbers(Draft& d);

    /**
     * \brief Chooses the providers of every AS after the tier-1s by preferential attachment,
     * among the transit ASes made before it.
     * \param [in,out] d The draft (its providers and customers set; n and transit given)
     */
    void ChooseProviders(Draft& d);

    /**
     * \brief Links the tier-1s as a full mesh of peers, and every AS to its providers.
     * \param [in,out] d The draft (links added)
     */
    void LinkHierarchy(Draft& d) const;

    /**
     * \brief Peers the transit ASes (tier-1s excluded) with Pareto degrees toward transit ASes
     * picked in proportion to their customers (plus one).
     * \param [in,out] d The draft (links added)
     */
    void PeerTransit(Draft& d);

    /**
     * \brief Peers some stubs with one to three ASes among stubs and transit ASes.
     * \param [in,out] d The draft (links added)
     */
    void PeerStubs(Draft& d);

    /**
     * \brief Gives every AS its own organisation, except stubs taken over by their provider's.
     * \param [in,out] d The draft (organisations set)
     */
    void FormOrganisations(Draft& d);

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
