/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATH_PREDICTION_STUDY_H
#define PATH_PREDICTION_STUDY_H

#include "ns3/as-graph.h"
#include "ns3/bgp-route-engine.h"
#include "ns3/optical-experiment.h"
#include "ns3/path-predictor.h"
#include "ns3/results-store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Where the Internet of a study comes from: the AS graph (synthetic or CAIDA files),
 * how far truth deviates from the textbook policy, and how wrong the known graph is.
 */
struct InternetModelConfig
{
    std::string graph{"synthetic"}; //!< "synthetic" or a CAIDA AS-relationship file
    std::string orgs;               //!< A CAIDA as2org file ("": none; synthetic: generated)
    uint32_t ases{10000};           //!< ASes of a synthetic graph
    double deviations{0.2};         //!< Share of ASes deviating from the textbook policy
    double misinferred{0.05};       //!< Share of the known graph's links that are wrong
    double missingShare{0.25};      //!< Share of the wrong links that are missing
    int64_t stream{1};              //!< First random stream
};

/**
 * \ingroup optical
 * \brief The Internet of a study: the true graph and policy (ground truth) and the graph the
 * predictors know.
 */
struct InternetModel
{
    AsGraph truth;    //!< The true graph
    AsPolicy policy;  //!< The true policy
    AsGraph inferred; //!< The known (inferred) graph

    /**
     * \brief Builds the model.
     * \param [in] c Settings
     * \param [out] m The model
     * \param [out] error What went wrong (a file:line for bad files)
     * \return false on error
     */
    static bool Build(const InternetModelConfig& c, InternetModel& m, std::string& error);

    /**
     * \brief Makes a predictor over the known graph.
     * \param [in] name valley-free, policy, segments or learned
     * \param [in] atlas The observations (segments, learned)
     * \param [in] learnRounds Rounds of the learned predictor
     * \return the predictor
     */
    Ptr<PathPredictor> MakePredictor(const std::string& name,
                                     const PathAtlas& atlas,
                                     uint32_t learnRounds = 1) const;

    /// \return the predictor names
    static const std::vector<std::string>& PredictorNames();

    /**
     * \brief Adds the options of the Internet (--graph, --orgs, --ases, --misinferred,
     * --deviations) to an example.
     * \param [in,out] exp The example's experiment
     * \param [in,out] c The settings the options fill (holding the defaults)
     */
    static void AddOptions(OpticalExperiment& exp, InternetModelConfig& c);

    /**
     * \brief After parsing: refuses a --graph or --orgs that is not a readable file.
     * \param [in,out] exp The example's experiment
     * \param [in] c The parsed settings
     */
    static void RequireFiles(OpticalExperiment& exp, const InternetModelConfig& c);
};

/**
 * \ingroup optical
 * \brief Settings of the path-prediction study (path-prediction).
 */
struct PathPredictionConfig
{
    InternetModelConfig net;            //!< The Internet
    uint32_t vantagePoints{20};         //!< Monitors of the atlas
    std::string predictor{"policy"};    //!< One of InternetModel::PredictorNames()
    uint32_t queries{2000};             //!< (source, destination) queries scored
    uint32_t sourcesPerDestination{20}; //!< Queries per destination
    uint32_t relays{30};                //!< Tor-like relays
    uint32_t torClients{100};           //!< Queries whose relays are classified
    uint32_t learnRounds{1};            //!< Rounds of the learned predictor
};

/**
 * \ingroup optical
 * \brief What the path-prediction study measured.
 */
struct PathPredictionOutcome
{
    uint32_t ases{0};                 //!< ASes
    uint64_t links{0};                //!< Links
    uint32_t deviatingAses{0};        //!< ASes deviating in truth
    uint32_t atlasPaths{0};           //!< Paths observed
    uint32_t scored{0};               //!< Queries scored (the truth has a route)
    double exactPct{0};               //!< Predictions equal to the true AS path (%)
    double withinOneHopPct{0};        //!< Within one AS edit of it (%)
    double avoidanceCorrectPct{0};    //!< "Crosses organisation X" answered right (%)
    double safeRelaysCorrectPct{0};   //!< Relays classified safe/unsafe right (%)
    double safeRelaysPrecisionPct{0}; //!< Relays predicted safe that are safe (%)
    double noPredictionPct{0};        //!< Queries without a prediction (%)
    double queryUs{0};                //!< Predictor time per query (microseconds)
    double prepareS{0};               //!< Predictor set-up (learning) time (s)
    double truthMsPerDestination{0};  //!< Ground-truth propagation per destination (ms)
};

/**
 * \ingroup optical
 * \brief The path-prediction study: ground truth by BgpRouteEngine on the true graph and
 * policy; an atlas measured from K vantage points toward every AS of the queries; a predictor
 * on the known graph; random queries (sourcesPerDestination sources per random destination,
 * sources drawn first, monitors among the other ASes) scored for exact match and within one hop (an
 * AS inserted, removed or replaced); organisation avoidance for an organisation drawn per query
 * (half the time one on the true path, else a transit AS's) and Tor-like relay sets.
 */
class PathPredictionStudy
{
  public:
    /**
     * \param [in] c Settings
     * \return what is wrong (empty: nothing), naming the option
     */
    static std::string Check(const PathPredictionConfig& c);

    /**
     * \brief Runs the study.
     * \param [in] c Settings
     * \param [out] out Outcome
     * \param [out] error What went wrong
     * \return false on error
     */
    static bool Run(const PathPredictionConfig& c, PathPredictionOutcome& out, std::string& error);

    /**
     * \brief Records one row (ev_path_prediction).
     * \param [in] store The store (nothing when null)
     * \param [in] runId The run
     * \param [in] c Settings
     * \param [in] out Outcome
     */
    static void Record(ResultsStore* store,
                       int64_t runId,
                       const PathPredictionConfig& c,
                       const PathPredictionOutcome& out);

    /**
     * \param [in] a A path \param [in] b A path
     * \return true if one AS inserted, removed or replaced turns \p a into \p b (or equal)
     */
    static bool WithinOneHop(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
};

/**
 * \ingroup optical
 * \brief Settings of the hijack study (hijack-impact).
 */
struct HijackConfig
{
    InternetModelConfig net;         //!< The Internet
    std::string attacker{"transit"}; //!< An AS number, or tier1, transit, stub (drawn)
    std::string victim{"stub"};      //!< An AS number, or stub, any (drawn)
    std::string kind{"origin"};      //!< origin (same prefix) or more-specific
    std::string predictor{"policy"}; //!< valley-free, policy or learned
    uint32_t trials{20};             //!< Attacker-victim pairs drawn (1 if both are numbers)
    uint32_t vantagePoints{20};      //!< Monitors (learned)
    uint32_t targets{500};           //!< ASes the monitors measure (learned)
};

/// One attacker-victim pair.
struct HijackTrial
{
    uint32_t attackerAsn{0};        //!< Attacker
    uint32_t victimAsn{0};          //!< Victim
    std::string attackerTier;       //!< Its tier
    double capturedPct{0};          //!< True share captured (%)
    double predictedCapturedPct{0}; //!< Predicted share (%)
};

/**
 * \ingroup optical
 * \brief What the hijack study measured.
 */
struct HijackOutcome
{
    std::vector<HijackTrial> trials; //!< Per pair
    double capturedPct{0};           //!< Mean true share (%)
    double predictedCapturedPct{0};  //!< Mean predicted share (%)
    double meanAbsErrorPct{0};       //!< Mean |predicted - true| (percentage points)
};

/**
 * \ingroup optical
 * \brief The hijack study: an attacker announces the victim's prefix (kind origin: both
 * origins compete by every AS's policy) or a more-specific one (every AS that hears it is
 * captured); the share of the other ASes whose traffic reaches the attacker, by the true
 * policy on the true graph and by a predictor on the known graph.
 */
class HijackStudy
{
  public:
    /**
     * \param [in] c Settings
     * \return what is wrong (empty: nothing), naming the option
     */
    static std::string Check(const HijackConfig& c);

    /**
     * \brief Runs the study.
     * \param [in] c Settings
     * \param [out] out Outcome
     * \param [out] error What went wrong
     * \return false on error
     */
    static bool Run(const HijackConfig& c, HijackOutcome& out, std::string& error);

    /**
     * \brief Records one row per trial (ev_hijacks).
     * \param [in] store The store (nothing when null)
     * \param [in] runId The run
     * \param [in] c Settings
     * \param [in] out Outcome
     */
    static void Record(ResultsStore* store,
                       int64_t runId,
                       const HijackConfig& c,
                       const HijackOutcome& out);
};

} // namespace ns3

#endif /* PATH_PREDICTION_STUDY_H */
