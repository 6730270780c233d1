/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BYPASS_GROOMING_H
#define BYPASS_GROOMING_H

#include "bypass-plan.h"

#include "ns3/traffic-matrix.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Demands groomed onto candidate lightpaths: the state BypassPlanner's heuristic
 * planner builds and improves, and its moves.
 *
 * Each demand travels as one or more routes, each a sequence of candidate lightpaths walked
 * from the demand's source. A link's load is kept per direction; its wavelengths are its larger
 * direction over its rate, rounded up, and a fibre's wavelengths are those of every link that
 * crosses it. The cost is the links' wavelengths times their wavelength cost. Moves:
 *
 * - Express: the express wavelengths that save the most are built again and again (the
 *   traffic crossing an express candidate's fibres hop by hop moves onto it).
 * - SlopeScale: every demand re-routes whole on its cheapest path with each link priced per
 *   Gb/s at what its wavelengths cost over its load (dynamic slope scaling); the cheapest
 *   round within the fibres' wavelengths is kept.
 * - Shed: a link sheds its top wavelength, or all of them, when the traffic above the
 *   capacity left re-routes, each part on the path where it adds the least cost, for less
 *   than the wavelengths saved.
 * - Fill: a link's top wavelength goes when the traffic above its other wavelengths detours
 *   over spare capacity without a loop.
 *
 * No move leaves a fibre above its wavelengths except SlopeScale's rounds, which are kept only
 * when every fibre fits; the cost never grows in Express, Shed and Fill.
 */
class BypassGrooming
{
  public:
    /// A part of a demand and the lightpaths it crosses.
    struct Route
    {
        std::size_t demand;         //!< Index of the demand
        std::vector<uint32_t> hops; //!< Candidates, from the demand's source
        double gbps;                //!< Volume
    };

    /**
     * \param [in] candidates Candidate lightpaths, hop-by-hop ones first (one per fibre, in
     * fibre order)
     * \param [in] usable Candidates that may carry traffic (the first ones: all, or the
     * hop-by-hop ones for the baseline)
     * \param [in] nSites Sites
     * \param [in] nFibres Fibres
     * \param [in] wavelengthsPerFibre Wavelengths a fibre carries
     * \param [in] demands Demands (the routes refer to them by index)
     *
     * The candidates and the demands are kept by reference: they must outlive this object.
     */
    BypassGrooming(const std::vector<Lightpath>& candidates,
                   uint32_t usable,
                   uint32_t nSites,
                   uint32_t nFibres,
                   uint32_t wavelengthsPerFibre,
                   const std::vector<TrafficMatrix::Demand>& demands);

    /**
     * \brief Replaces the routes and recounts the loads.
     * \param [in] routes Routes (each a walk from its demand's source to its destination)
     */
    void SetRoutes(const std::vector<Route>& routes);

    /// \return the routes
    const std::vector<Route>& GetRoutes() const;

    /// \param [in] c A candidate \return its wavelengths at its load
    uint32_t GetWavelengths(uint32_t c) const;

    /// \param [in] c A candidate \return its load in its busier direction (Gb/s)
    double GetLoad(uint32_t c) const
    {
        return std::max(m_load[c][0], m_load[c][1]);
    }

    /// \param [in] c A candidate with wavelengths \return how full its top wavelength is (0-1)
    double GetTopFill(uint32_t c) const
    {
        return GetLoad(c) / m_candidates[c].rateGbps - (m_waves[c] - 1.0);
    }

    /// \return the capacity cost: wavelengths times wavelength cost over all links
    double GetCost() const;

    /// \param [in] f A fibre \return the wavelengths of the links crossing it
    uint32_t GetFibreWavelengths(uint32_t f) const
    {
        return m_onFibre[f];
    }

    /// \return true if no fibre carries more than its wavelengths
    bool Fits() const;

    /**
     * \brief Builds express wavelengths while one saves (see the class description).
     * \param [in] maxHops Longest hop-by-hop run an express candidate replaces (fibres)
     */
    void Express(uint32_t maxHops);

    /**
     * \brief Dynamic slope scaling from the current loads.
     * \param [in] rounds Rounds (each re-routes every demand)
     * \param [in] noise Per candidate, a factor on its first price (empty: none); the search
     * starts from a perturbed point with it
     * \return false if no round fitted in the fibres (the routes are then unchanged)
     */
    bool SlopeScale(uint32_t rounds, const std::vector<double>& noise);

    /**
     * \brief Shedding moves over every link, pass after pass while one saves.
     * \param [in] passes Most passes
     * \return the cost saved
     */
    double Shed(uint32_t passes);

    /**
     * \brief Fill moves over every link, pass after pass while one succeeds.
     * \param [in] passes Most passes
     */
    void Fill(uint32_t passes);

    /**
     * \brief Bounds the path searches of the moves (SlopeScale's trees, Shed's cheapest paths,
     * Fill's detours): once \p searches are made, SlopeScale starts no round, and Shed and
     * Fill try no move. The routes are always whole: a plan stopped early is the best so far.
     * \param [in] searches Most searches (from now on)
     */
    void SetSearchBudget(uint64_t searches);

    /// \return the path searches made so far
    uint64_t GetSearches() const;

    /// \param [in] searches Work done outside the moves (an LP re-solve), in path searches
    void Charge(uint64_t searches);

    /// \return true once the search budget is spent
    bool IsOverBudget() const;

  private:
    /// \return 0 if candidate c is crossed from its first site when entered at `at`, else 1
    int Dir(uint32_t c, uint32_t at) const
    {
        return m_candidates[c].sites.front() == at ? 0 : 1;
    }

    /// \return the site where candidate c is left when crossed in direction dir
    uint32_t End(uint32_t c, int dir) const
    {
        return dir == 0 ? m_candidates[c].sites.back() : m_candidates[c].sites.front();
    }

    /// \return the wavelengths candidate c needs for the given loads (a millionth of a
    /// wavelength over is within an LP's tolerance, not a wavelength more)
    uint32_t Waves(uint32_t c, double fwd, double bwd) const
    {
        const double most = fwd > bwd ? fwd : bwd;
        return most > 0 ? static_cast<uint32_t>(std::ceil(most / m_candidates[c].rateGbps - 1e-6))
                        : 0;
    }

    /// Adds (sign 1) or removes (sign -1) a route's load. \return the cost it changes
    double Place(const Route& r, double sign);
    /// Recounts the loads and the fibres' wavelengths from the routes.
    void Recount();
    /// Per site, the usable candidates that start or end there.
    std::vector<std::vector<uint32_t>> Adjacency(bool withLoadOnly, uint32_t except) const;
    /**
     * Dijkstra's shortest-path tree from s over the usable links (Boost.Graph, see
     * opticalgraph::ShortestTree for the tie-breaks), stopping once t is settled (UINT32_MAX:
     * never) or the distances reach \p budget.
     * \param [in] s Source site
     * \param [in] t Target site
     * \param [in] budget Largest distance of interest
     * \param [out] dist Per site, its distance (infinite if not reached)
     * \param [out] via Per site, the link it is reached by
     * \param [in] cost Cost of crossing link c in direction dir (infinite: not usable)
     */
    template <typename ArcCost>
    void Tree(uint32_t s,
              uint32_t t,
              double budget,
              std::vector<double>& dist,
              std::vector<uint32_t>& via,
              ArcCost cost) const;

    /// \return the links from s to t along a tree's \p via (t reached)
    std::vector<uint32_t> PathTo(uint32_t s, uint32_t t, const std::vector<uint32_t>& via) const;

    /**
     * The cheapest path for \p gbps from s to t by added cost (wavelengths the links grow by,
     * within the fibres; ties to fewer, cheaper links), avoiding candidate \p banned.
     * \return false if none adds less than \p budget
     */
    bool Cheapest(uint32_t s,
                  uint32_t t,
                  double gbps,
                  uint32_t banned,
                  double budget,
                  std::vector<uint32_t>& hops);

    /**
     * \brief Indexes a route under the links it crosses.
     * \param [in] ri The route (index)
     * \param [in,out] through Per link, the routes crossing it (\p ri appended)
     */
    void IndexRoute(std::size_t ri, std::vector<std::vector<std::size_t>>& through) const;

    /**
     * \brief The routes that cross link \p c, each once with the direction it is crossed in,
     * smallest volume first (ties by route index, then direction).
     * \param [in] c A link
     * \param [in] through Per link, the routes indexed under it (some may no longer cross it)
     * \return (route, direction) pairs
     */
    std::vector<std::pair<std::size_t, int>> RoutesCrossing(
        uint32_t c,
        const std::vector<std::vector<std::size_t>>& through) const;

    /**
     * \brief One shedding move: the traffic above \p target wavelengths of link \p c is taken
     * off the routes crossing it (smallest first) and each part re-routes (largest first) on
     * its cheapest path avoiding \p c. The move is kept only if it saves; else it is undone.
     * \param [in] c The link
     * \param [in] target Wavelengths left on it
     * \param [in,out] through Per link, the routes crossing it (the new routes indexed if kept)
     * \param [out] delta The cost the move changes (negative when it saves)
     * \return true if the move was kept
     */
    bool ShedTo(uint32_t c,
                uint32_t target,
                std::vector<std::vector<std::size_t>>& through,
                double& delta);

    /**
     * \brief One shedding pass: every link with wavelengths, the emptiest top wavelength first,
     * tries to shed its top wavelength, else all of them.
     * \return the cost saved
     */
    double ShedPass();

    const std::vector<Lightpath>& m_candidates;          //!< Candidates
    uint32_t m_usable;                                   //!< Usable candidates
    uint32_t m_nSites;                                   //!< Sites
    uint32_t m_perFibre;                                 //!< Wavelengths per fibre
    const std::vector<TrafficMatrix::Demand>& m_demands; //!< Demands
    std::vector<Route> m_routes;                         //!< Routes
    std::vector<std::array<double, 2>> m_load;           //!< Per candidate and direction
    std::vector<uint32_t> m_waves;                       //!< Per candidate, its wavelengths
    std::vector<uint32_t> m_onFibre;                     //!< Wavelengths per fibre
    struct SiteGraph;                                    //!< Boost.Graph of the usable links
    std::shared_ptr<SiteGraph> m_graph;                  //!< Its graph and search arrays
    mutable uint64_t m_searches{0};                      //!< Path searches made
    uint64_t m_maxSearches{UINT64_MAX};                  //!< Path searches allowed
};

} // namespace ns3

#endif /* BYPASS_GROOMING_H */
