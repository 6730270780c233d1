/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATH_PREDICTOR_H
#define PATH_PREDICTOR_H

#include "as-graph.h"
#include "bgp-route-engine.h"

#include "ns3/object.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What K vantage points measured: the AS path (traceroute-like: no prepended copies)
 * from each vantage point to each target AS, read off the ground truth.
 */
class PathAtlas
{
  public:
    /**
     * \brief Measures the atlas.
     * \param [in] truth The true graph
     * \param [in] policy The true policy
     * \param [in] vantagePoints The monitors' ASes
     * \param [in] targets The ASes they measure paths to
     * \return the atlas
     */
    static PathAtlas Measure(const AsGraph& truth,
                             const AsPolicy& policy,
                             const std::vector<uint32_t>& vantagePoints,
                             const std::vector<uint32_t>& targets);

    /**
     * \brief Builds an atlas from given paths (each from a vantage point to its target).
     * \param [in] ases Number of ASes
     * \param [in] vantagePoints The monitors
     * \param [in] paths The paths (AS indices, monitor first, target last)
     * \return the atlas
     */
    static PathAtlas FromPaths(uint32_t ases,
                               const std::vector<uint32_t>& vantagePoints,
                               const std::vector<std::vector<uint32_t>>& paths);

    /// \return the vantage points
    const std::vector<uint32_t>& GetVantagePoints() const;
    /// \return the targets, in the order measured
    const std::vector<uint32_t>& GetTargets() const;
    /// \param [in] t An AS \return true if paths toward it were measured
    bool IsTarget(uint32_t t) const;
    /// \param [in] t A target \return the observed paths toward it (indices into GetPath)
    const std::vector<uint32_t>& PathsTo(uint32_t t) const;
    /// \param [in] k A path index \return the path (monitor first)
    const std::vector<uint32_t>& GetPath(uint32_t k) const;
    /// \return the number of paths
    uint32_t GetPathCount() const;
    /// \param [in] a An AS \return the ASes seen right after it on some path (ascending)
    const std::vector<uint32_t>& NextHopsOf(uint32_t a) const;

  private:
    std::vector<uint32_t> m_vps;                   //!< Vantage points
    std::vector<uint32_t> m_targets;               //!< Targets
    std::vector<std::vector<uint32_t>> m_paths;    //!< Observed paths
    std::vector<std::vector<uint32_t>> m_toward;   //!< Per AS, paths toward it
    std::vector<std::vector<uint32_t>> m_nextHops; //!< Per AS, observed next hops
    std::vector<uint8_t> m_isTarget;               //!< Per AS, 1 if a target

    /// Adds a path toward its last AS.
    void Add(std::vector<uint32_t> path);
    /// Sorts and deduplicates the next hops.
    void Close();
};

/**
 * \ingroup optical
 * \brief Predicts AS paths. Predictions toward one destination are cheapest in a row (each
 * predictor keeps the last destination's state).
 */
class PathPredictor : public SimpleRefCount<PathPredictor>
{
  public:
    virtual ~PathPredictor() = default;

    /// \return the predictor's name (valley-free, policy, segments, learned)
    virtual std::string GetName() const = 0;

    /**
     * \param [in] src Source AS (index)
     * \param [in] dst Destination AS (index)
     * \return the predicted AS path, src first and dst last (empty: no prediction)
     */
    virtual std::vector<uint32_t> Predict(uint32_t src, uint32_t dst) = 0;

    /**
     * \brief Predicts, for a prefix announced by several origins (a hijack), which origin
     * every AS's traffic reaches.
     * \param [in] origins The origins
     * \param [out] reached Per AS, the origin reached (AsGraph::NONE: no route)
     * \return false if this predictor cannot (it needs paths measured toward the prefix)
     */
    virtual bool PredictOrigins(const std::vector<uint32_t>& origins,
                                std::vector<uint32_t>& reached);
};

/**
 * \ingroup optical
 * \brief The shortest valley-free path on a known graph (no preference among route classes):
 * climb customer-to-provider links, cross at most one peer link, descend; ties go to the
 * path that descends first, then to the lowest neighbour AS number.
 */
class ValleyFreePredictor : public PathPredictor
{
  public:
    /// \param [in] g The known graph (kept by reference)
    explicit ValleyFreePredictor(const AsGraph& g);
    std::string GetName() const override;
    std::vector<uint32_t> Predict(uint32_t src, uint32_t dst) override;
    bool PredictOrigins(const std::vector<uint32_t>& origins,
                        std::vector<uint32_t>& reached) override;

  private:
    /// Computes the trees toward \p origins.
    void Build(const std::vector<uint32_t>& origins);

    const AsGraph& m_g;               //!< The graph
    std::vector<uint32_t> m_built;    //!< Origins of the current trees
    std::vector<uint32_t> m_downLen;  //!< Descending-path length (or NONE)
    std::vector<uint32_t> m_downNext; //!< Next hop on the descending path
    std::vector<uint32_t> m_bestLen;  //!< Valley-free length
    std::vector<uint32_t> m_bestNext; //!< Next hop of the valley-free path
    std::vector<uint8_t> m_bestKind;  //!< 0 descend, 1 peer then descend, 2 provider
};

/**
 * \ingroup optical
 * \brief Gao-Rexford policy simulation (BgpRouteEngine) on a known graph with a known policy
 * (the textbook's by default): exact when the graph and policy are the true ones.
 */
class PolicyPredictor : public PathPredictor
{
  public:
    /**
     * \param [in] g The known graph (kept by reference)
     * \param [in] policy The policy assumed (copied)
     */
    explicit PolicyPredictor(const AsGraph& g, const AsPolicy& policy = AsPolicy());
    std::string GetName() const override;
    std::vector<uint32_t> Predict(uint32_t src, uint32_t dst) override;
    bool PredictOrigins(const std::vector<uint32_t>& origins,
                        std::vector<uint32_t>& reached) override;

  protected:
    /**
     * \brief Replaces the graph and policy (the learned predictor's).
     * \param [in] g The graph (kept by reference)
     * \param [in] policy The policy (copied)
     */
    void Use(const AsGraph& g, const AsPolicy& policy);

  private:
    const AsGraph* m_g;                       //!< The graph
    AsPolicy m_policy;                        //!< The policy
    std::unique_ptr<BgpRouteEngine> m_engine; //!< Over m_g and m_policy
    uint32_t m_dst{AsGraph::NONE};            //!< Destination of m_routes
    AsRoutes m_routes;                        //!< Routes toward m_dst
};

/**
 * \ingroup optical
 * \brief The policy simulation with per-AS preferences learned from an atlas.
 *
 * Links seen on observed paths but missing from the known graph are added (the AS later in
 * the graph's topological order as the provider). Then, in each of \p rounds rounds, the
 * simulation (with what was learned so far) runs toward every target of the atlas; where an
 * observed hop a -> n differs from the simulation's choice m, m is a neighbour of the same
 * class, and m's simulated route is, hop by hop, the one observed from m (so m did offer it),
 * this is evidence that a prefers n over m. A neighbour with more evidence against it than for
 * it is ranked below a's other neighbours of its class (AsPolicy::rank 1), before path length.
 * Toward a destination the atlas measured, every hop observed toward it is also pinned (ranked
 * first in its class), so the routes seen are reproduced where the known graph allows.
 */
class LearnedPolicyPredictor : public PolicyPredictor
{
  public:
    /**
     * \param [in] g The known graph (copied and extended)
     * \param [in] atlas The observations (kept by reference)
     * \param [in] rounds Rounds of learning (0: only the observed hops are pinned)
     */
    LearnedPolicyPredictor(const AsGraph& g, const PathAtlas& atlas, uint32_t rounds = 1);
    std::string GetName() const override;
    std::vector<uint32_t> Predict(uint32_t src, uint32_t dst) override;
    bool PredictOrigins(const std::vector<uint32_t>& origins,
                        std::vector<uint32_t>& reached) override;

    /// \return the ASes given learned preferences
    uint32_t GetLearnedAses() const;
    /// \return the links added from the atlas
    uint32_t GetAddedLinks() const;

  private:
    const PathAtlas& m_atlas;         //!< The observations
    AsGraph m_graph;                  //!< Known graph with the observed links
    AsPolicy m_learned;               //!< Learned ranks
    uint32_t m_addedLinks{0};         //!< Links added
    uint32_t m_pinned{AsGraph::NONE}; //!< Destination whose observed hops are pinned
};

/**
 * \ingroup optical
 * \brief iPlane-Nano-style composition of observed path segments. For src -> dst:
 *  1. if src lies on a path observed toward dst, its suffix (src's own route) is the answer;
 *  2. otherwise candidate splices join a segment leaving src with the suffix, from an
 *     intersection AS, of a path observed toward dst: src's observed next hops (forward
 *     segments of src's own routes) and the reverse of the paths observed toward src (the
 *     symmetry assumption);
 *  3. among loop-free candidates: valley-free on the known graph first, then the shortest,
 *     then a forward segment over a reversed one, then the intersection nearest src, then the
 *     lowest AS numbers;
 *  4. without any candidate, the valley-free predictor on the known graph.
 */
class SegmentPredictor : public PathPredictor
{
  public:
    /**
     * \param [in] g The known graph (kept by reference)
     * \param [in] atlas The observations (kept by reference)
     */
    SegmentPredictor(const AsGraph& g, const PathAtlas& atlas);
    std::string GetName() const override;
    std::vector<uint32_t> Predict(uint32_t src, uint32_t dst) override;

    /// \return predictions that fell back to the valley-free predictor
    uint64_t GetFallbacks() const;

  private:
    /// Indexes the suffixes of the paths toward \p dst.
    void Build(uint32_t dst);

    const AsGraph& m_g;                 //!< The graph
    const PathAtlas& m_atlas;           //!< The observations
    ValleyFreePredictor m_fallback;     //!< When no splice exists
    uint32_t m_dst{AsGraph::NONE};      //!< Destination of the suffix index
    std::vector<uint32_t> m_suffixPath; //!< Per AS, the observed path holding its suffix
    std::vector<uint32_t> m_suffixPos;  //!< Per AS, its position on that path
    std::vector<uint32_t> m_touched;    //!< ASes with a suffix
    uint64_t m_fallbacks{0};            //!< Fallbacks
};

/**
 * \param [in] g The graph (organisations)
 * \param [in] path An AS path
 * \param [in] org An organisation
 * \return true if an AS of \p path other than its two ends belongs to \p org
 */
bool CrossesOrganisation(const AsGraph& g, const std::vector<uint32_t>& path, uint32_t org);

/**
 * \param [in] reached Per AS, the origin its traffic reaches (PredictOrigins)
 * \param [in] attacker The attacker
 * \param [in] victim The victim
 * \return the share (0..1) of the ASes other than the two whose traffic reaches the attacker
 */
double CapturedShare(const std::vector<uint32_t>& reached, uint32_t attacker, uint32_t victim);

} // namespace ns3

#endif /* PATH_PREDICTOR_H */
