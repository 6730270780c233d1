/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BGP_ROUTE_ENGINE_H
#define BGP_ROUTE_ENGINE_H

#include "as-graph.h"

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Per-AS routing policy beyond the textbook: for each neighbour slot of an AS (see
 * AsGraph::Begin), a local preference rank among routes of the same class (lower is
 * preferred, before path length), whether the AS exports to that neighbour at all, and how
 * many extra copies of its number it prepends when it does. Empty vectors mean the textbook
 * policy (rank 0, export by the valley-free rule, no prepending).
 *
 * The class order (customer over peer over provider routes) and valley-free export are kept,
 * so the Gao-Rexford conditions hold and routing has one stable state.
 */
struct AsPolicy
{
    std::vector<int32_t> rank;       //!< Per slot: rank of routes learned from the neighbour
    std::vector<uint8_t> noExport;   //!< Per slot: 1 if the AS exports nothing to the neighbour
    std::vector<uint8_t> prepend;    //!< Per slot: extra copies prepended toward the neighbour
    std::vector<uint32_t> deviating; //!< ASes whose policy is not the textbook's

    /// \return true if every AS follows the textbook policy
    bool IsTextbook() const;

    /**
     * \brief Sizes the vectors for a graph (rank 0, export, no prepending).
     * \param [in] g The graph
     */
    void Reset(const AsGraph& g);
};

/**
 * \ingroup optical
 * \brief Draws routing-policy deviations so that ground truth is not the textbook: a
 * fraction of the ASes deviates, each in one way drawn among those it can use:
 * local preference (each neighbour gets a rank 0 to LocalPreferenceRanks - 1, which beats
 * path length within a class), selective export (an AS with two or more providers announces
 * nothing to one of them) or prepending (1 to MaxPrepend extra copies toward one provider).
 */
class AsPolicyDeviations : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    AsPolicyDeviations();

    /**
     * \brief Draws a policy.
     * \param [in] g The graph
     * \return the policy (textbook if Fraction is 0)
     */
    AsPolicy Draw(const AsGraph& g);

    /**
     * \brief Assigns fixed random variable streams.
     * \param [in] stream First stream
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    Ptr<UniformRandomVariable> m_uniform; //!< All draws
    double m_fraction;                    //!< Share of deviating ASes
    double m_localPrefWeight;             //!< Weight of local-preference deviations
    double m_selectiveWeight;             //!< Weight of selective export
    double m_prependWeight;               //!< Weight of prepending
    uint32_t m_ranks;                     //!< Local preference ranks
    uint32_t m_maxPrepend;                //!< Extra copies at most
};

/// Class of a route, from its holder's view.
enum class AsRouteClass : uint8_t
{
    ORIGIN = 0,   //!< The AS originates the prefix
    CUSTOMER = 1, //!< Learned from a customer
    PEER = 2,     //!< Learned from a peer
    PROVIDER = 3, //!< Learned from a provider
    NONE = 4,     //!< No route
};

/**
 * \ingroup optical
 * \brief Every AS's best route toward one prefix: its class, its AS-path length (with
 * prepending), its next hop and the origin it leads to.
 */
struct AsRoutes
{
    std::vector<AsRouteClass> cls; //!< Per AS
    std::vector<uint32_t> length;  //!< Per AS, AS-path length (hops, prepends included)
    std::vector<uint32_t> next;    //!< Per AS, next-hop AS (itself at an origin)
    std::vector<uint32_t> origin;  //!< Per AS, the origin its route leads to

    /// \param [in] i An AS \return true if it has a route
    bool HasRoute(uint32_t i) const
    {
        return cls[i] != AsRouteClass::NONE;
    }

    /**
     * \param [in] i An AS
     * \return the AS path from \p i to its origin (indices, without prepended copies; empty
     * if \p i has no route)
     */
    std::vector<uint32_t> Path(uint32_t i) const;
};

/**
 * \ingroup optical
 * \brief Gao-Rexford route propagation toward one prefix over an AsGraph: routes from
 * customers over routes from peers over routes from providers, then the policy's rank, then
 * the shortest AS path, then the lowest neighbour AS number; customers' routes are exported
 * to everyone, peers' and providers' routes only to customers.
 *
 * Computed in three sweeps over the graph, O(links) each: customer routes in topological order
 * (an AS after its customers), peer routes in one pass, provider routes in reverse topological
 * order. This gives BGP's one stable state (the policies keep the Gao-Rexford conditions);
 * BgpPathVectorSimulator reaches the same state by exchanging messages.
 */
class BgpRouteEngine
{
  public:
    /**
     * \param [in] g The graph (kept by reference)
     * \param [in] policy The policy (kept by reference; null: the textbook)
     */
    explicit BgpRouteEngine(const AsGraph& g, const AsPolicy* policy = nullptr);

    /**
     * \brief Every AS's best route toward a prefix originated by \p origins.
     * \param [in] origins The originating ASes (a hijack: the victim and the attacker)
     * \param [out] routes The routes
     */
    void Compute(const std::vector<uint32_t>& origins, AsRoutes& routes) const;

    /**
     * \brief Every AS's best route toward \p origin's prefix.
     * \param [in] origin The destination AS
     * \param [out] routes The routes
     */
    void Compute(uint32_t origin, AsRoutes& routes) const;

  private:
    /// Picks a's best route among the slots [from, to) whose neighbours' routes pass \p usable.
    template <typename Usable>
    void Choose(uint32_t a,
                uint32_t from,
                uint32_t to,
                AsRouteClass cls,
                Usable usable,
                AsRoutes& r) const;

    const AsGraph& m_g;       //!< The graph
    const AsPolicy* m_policy; //!< Null when textbook
};

/**
 * \ingroup optical
 * \brief A path-vector simulation of BGP under the same preferences as BgpRouteEngine: each
 * AS keeps its best full AS path; when it changes, its neighbours re-select among the routes
 * their neighbours export to them (loops refused), until nothing changes. Much slower; kept
 * as the independent reference the tests and the benchmark compare BgpRouteEngine with.
 */
class BgpPathVectorSimulator
{
  public:
    /**
     * \param [in] g The graph (kept by reference)
     * \param [in] policy The policy (kept by reference; null: the textbook)
     */
    explicit BgpPathVectorSimulator(const AsGraph& g, const AsPolicy* policy = nullptr);

    /**
     * \brief Runs the exchange to its stable state.
     * \param [in] origins The originating ASes
     * \param [out] routes The routes
     * \param [in] maxActivations Activations at most (0: 1000 per AS)
     * \return false if it did not settle within \p maxActivations
     */
    bool Compute(const std::vector<uint32_t>& origins,
                 AsRoutes& routes,
                 uint64_t maxActivations = 0) const;

  private:
    const AsGraph& m_g;       //!< The graph
    const AsPolicy* m_policy; //!< Null when textbook
};

} // namespace ns3

#endif /* BGP_ROUTE_ENGINE_H */
