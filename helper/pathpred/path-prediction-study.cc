/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "path-prediction-study.h"

#include "ns3/as-graph-generator.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-util.h"
#include "ns3/random-variable-stream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PathPredictionStudy");

namespace
{

using Clock = std::chrono::steady_clock;

/// Uniform integers below a bound from one stream.
class Draw
{
  public:
    /// \param [in] stream The stream
    explicit Draw(int64_t stream)
        : m_u(CreateObject<UniformRandomVariable>())
    {
        m_u->SetStream(stream);
    }

    /// \param [in] below The bound (> 0) \return an integer in [0, below)
    uint32_t operator()(uint32_t below)
    {
        return m_u->GetInteger(0, below - 1);
    }

    /// \return a real in [0, 1)
    double Real()
    {
        return m_u->GetValue();
    }

    /// \param [in] n Population \param [in] k How many \return k distinct integers below n
    std::vector<uint32_t> Distinct(uint32_t n, uint32_t k)
    {
        std::vector<uint32_t> all(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            all[i] = i;
        }
        for (uint32_t i = 0; i < k; ++i)
        {
            std::swap(all[i], all[i + (*this)(n - i)]);
        }
        all.resize(k);
        return all;
    }

  private:
    Ptr<UniformRandomVariable> m_u; //!< The stream
};

/// One (source, destination) query of the path-prediction study.
struct Query
{
    uint32_t src;                //!< Source AS
    uint32_t dst;                //!< Destination AS
    std::vector<uint32_t> truth; //!< The true AS path (empty: no route)
    uint32_t org{AsGraph::NONE}; //!< The organisation asked about
};

/// The true routes the study scores against, beyond each query's path.
struct GroundTruth
{
    /// \param [in] clients The queries whose relays are classified
    explicit GroundTruth(uint32_t clients)
        : relayToDst(clients),
          clientToRelay(clients)
    {
    }

    std::vector<uint32_t> targets; //!< ASes the atlas measures toward (repeats allowed)
    /// Relay -> destination paths of the Tor clients' destinations: [query][relay]
    std::vector<std::vector<std::vector<uint32_t>>> relayToDst;
    /// Client -> relay paths of the Tor clients: [query][relay]
    std::vector<std::vector<std::vector<uint32_t>>> clientToRelay;
};

/**
 * \brief Draws the queries: a destination, then up to c.sourcesPerDestination sources other
 * than it, until there are c.queries.
 * \param [in] c Settings
 * \param [in] n ASes
 * \param [in,out] draw The queries' stream
 * \param [out] queries The queries (grouped by destination)
 * \return the ASes that are no query's source, in index order
 */
std::vector<uint32_t>
DrawQueries(const PathPredictionConfig& c, uint32_t n, Draw& draw, std::vector<Query>& queries)
{
    std::vector<uint8_t> isSource(n, 0);
    while (queries.size() < c.queries)
    {
        const uint32_t dst = draw(n);
        for (uint32_t k = 0; k < c.sourcesPerDestination && queries.size() < c.queries; ++k)
        {
            uint32_t src = draw(n);
            while (src == dst)
            {
                src = draw(n);
            }
            queries.push_back({src, dst, {}, AsGraph::NONE});
            isSource[src] = 1;
        }
    }
    std::vector<uint32_t> others;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!isSource[i])
        {
            others.push_back(i);
        }
    }
    return others;
}

/**
 * \brief The ground truth (BgpRouteEngine on the true graph and policy): one tree per
 * destination (timed) for the queries' paths and the clients' relay -> destination paths, then
 * one per relay for the clients' client -> relay paths.
 * \param [in] m The Internet
 * \param [in] relays The relays
 * \param [in,out] queries The queries: truth set
 * \param [in,out] truth The targets and the relays' paths (sized for the clients)
 * \param [in,out] out truthMsPerDestination set
 */
void
ComputeTruth(const InternetModel& m,
             const std::vector<uint32_t>& relays,
             std::vector<Query>& queries,
             GroundTruth& truth,
             PathPredictionOutcome& out)
{
    const auto clients = static_cast<uint32_t>(truth.relayToDst.size());
    BgpRouteEngine engine(m.truth, &m.policy);
    AsRoutes routes;
    double truthS = 0;
    uint32_t trees = 0;
    for (std::size_t q = 0; q < queries.size(); ++q)
    {
        if (q == 0 || queries[q].dst != queries[q - 1].dst)
        {
            const auto t0 = Clock::now();
            engine.Compute(queries[q].dst, routes);
            truthS += optical::SecondsSince(t0);
            ++trees;
            truth.targets.push_back(queries[q].dst);
        }
        queries[q].truth = routes.Path(queries[q].src);
        truth.targets.push_back(queries[q].src);
        if (q < clients)
        {
            for (uint32_t r : relays)
            {
                truth.relayToDst[q].push_back(routes.Path(r));
            }
        }
    }
    for (uint32_t r : relays)
    {
        engine.Compute(r, routes);
        truth.targets.push_back(r);
        for (uint32_t q = 0; q < clients; ++q)
        {
            truth.clientToRelay[q].push_back(routes.Path(queries[q].src));
        }
    }
    out.truthMsPerDestination = 1e3 * truthS / std::max<uint32_t>(1, trees);
}

/**
 * \brief The organisation each query asks about: half the time one on the true path, else a
 * transit AS's (any AS's if there is no transit AS).
 * \param [in] m The Internet
 * \param [in,out] draw The queries' stream
 * \param [in,out] queries The queries: org set
 */
void
DrawOrganisations(const InternetModel& m, Draw& draw, std::vector<Query>& queries)
{
    const uint32_t n = m.truth.GetN();
    std::vector<uint32_t> transitAses;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (m.truth.Tier(i) != AsTier::STUB)
        {
            transitAses.push_back(i);
        }
    }
    for (auto& q : queries)
    {
        const bool onPath = draw.Real() < 0.5 && q.truth.size() > 2;
        const uint32_t pick = draw(1000000);
        const uint32_t as =
            onPath ? q.truth[1 + pick % (q.truth.size() - 2)]
                   : (transitAses.empty() ? pick % n : transitAses[pick % transitAses.size()]);
        q.org = m.truth.GetOrganisation(as);
    }
}

/**
 * \brief Predicts every query's path (timed: out.queryUs).
 * \param [in] predictor The predictor
 * \param [in] queries The queries
 * \param [in,out] out queryUs set
 * \return the prediction of each query
 */
std::vector<std::vector<uint32_t>>
PredictAll(const Ptr<PathPredictor>& predictor,
           const std::vector<Query>& queries,
           PathPredictionOutcome& out)
{
    std::vector<std::vector<uint32_t>> predicted(queries.size());
    const auto t0 = Clock::now();
    for (std::size_t q = 0; q < queries.size(); ++q)
    {
        predicted[q] = predictor->Predict(queries[q].src, queries[q].dst);
    }
    out.queryUs = 1e6 * optical::SecondsSince(t0) / queries.size();
    return predicted;
}

/**
 * \brief Scores the predictions of the queries that have a true route: exact, within one hop,
 * none, and the organisation-avoidance answer.
 * \param [in] m The Internet
 * \param [in] queries The queries
 * \param [in] predicted The prediction of each
 * \param [in,out] out scored and the percentages set
 */
void
ScorePaths(const InternetModel& m,
           const std::vector<Query>& queries,
           const std::vector<std::vector<uint32_t>>& predicted,
           PathPredictionOutcome& out)
{
    uint32_t exact = 0;
    uint32_t within = 0;
    uint32_t avoidance = 0;
    uint32_t none = 0;
    for (std::size_t q = 0; q < queries.size(); ++q)
    {
        const auto& truth = queries[q].truth;
        if (truth.empty())
        {
            continue;
        }
        ++out.scored;
        const auto& p = predicted[q];
        none += p.empty() ? 1 : 0;
        exact += p == truth ? 1 : 0;
        within += !p.empty() && PathPredictionStudy::WithinOneHop(p, truth) ? 1 : 0;
        avoidance += CrossesOrganisation(m.truth, p, queries[q].org) ==
                             CrossesOrganisation(m.truth, truth, queries[q].org)
                         ? 1
                         : 0;
    }
    const double scored = std::max<uint32_t>(1, out.scored);
    out.exactPct = 100.0 * exact / scored;
    out.withinOneHopPct = 100.0 * within / scored;
    out.avoidanceCorrectPct = 100.0 * avoidance / scored;
    out.noPredictionPct = 100.0 * none / scored;
}

/**
 * \brief Tor-like relays: a relay is safe for a client, destination and organisation when both
 * legs avoid the organisation (and the relay is not the organisation's); scores the
 * predictor's classification of each relay for each client query.
 * \param [in] m The Internet
 * \param [in] queries The queries
 * \param [in] relays The relays
 * \param [in] truth The relays' true paths (for the clients)
 * \param [in] predictor The predictor
 * \param [in,out] out safeRelaysCorrectPct and safeRelaysPrecisionPct set
 */
void
ScoreRelays(const InternetModel& m,
            const std::vector<Query>& queries,
            const std::vector<uint32_t>& relays,
            const GroundTruth& truth,
            const Ptr<PathPredictor>& predictor,
            PathPredictionOutcome& out)
{
    const auto clients = static_cast<uint32_t>(truth.relayToDst.size());
    uint64_t classified = 0;
    uint64_t right = 0;
    uint64_t predictedSafe = 0;
    uint64_t predictedSafeRight = 0;
    for (uint32_t r = 0; r < relays.size(); ++r)
    {
        for (uint32_t q = 0; q < clients; ++q)
        {
            const auto& query = queries[q];
            const uint32_t relay = relays[r];
            if (relay == query.src || relay == query.dst ||
                m.truth.GetOrganisation(relay) == query.org)
            {
                continue;
            }
            const auto& inTruth = truth.clientToRelay[q][r];
            const auto& outTruth = truth.relayToDst[q][r];
            const bool safe = !inTruth.empty() && !outTruth.empty() &&
                              !CrossesOrganisation(m.truth, inTruth, query.org) &&
                              !CrossesOrganisation(m.truth, outTruth, query.org);
            const auto in = predictor->Predict(query.src, relay);
            const auto outLeg = predictor->Predict(relay, query.dst);
            const bool predictedOk = !in.empty() && !outLeg.empty() &&
                                     !CrossesOrganisation(m.truth, in, query.org) &&
                                     !CrossesOrganisation(m.truth, outLeg, query.org);
            ++classified;
            right += safe == predictedOk ? 1 : 0;
            predictedSafe += predictedOk ? 1 : 0;
            predictedSafeRight += predictedOk && safe ? 1 : 0;
        }
    }
    out.safeRelaysCorrectPct = classified ? 100.0 * right / classified : 0;
    out.safeRelaysPrecisionPct = predictedSafe ? 100.0 * predictedSafeRight / predictedSafe : 0;
}

} // namespace

// ----------------------------------------------------------------------------- InternetModel

bool
InternetModel::Build(const InternetModelConfig& c, InternetModel& m, std::string& error)
{
    if (c.graph == "synthetic")
    {
        auto gen = CreateObject<AsGraphGenerator>();
        gen->AssignStreams(c.stream);
        m.truth = gen->Generate(c.ases);
    }
    else if (!m.truth.LoadRelationships(OpticalDataFile::Resolve(c.graph), error))
    {
        return false;
    }
    if (!c.orgs.empty() && !m.truth.LoadOrganisations(OpticalDataFile::Resolve(c.orgs), error))
    {
        return false;
    }
    auto deviations = CreateObject<AsPolicyDeviations>();
    deviations->SetAttribute("Fraction", DoubleValue(c.deviations));
    deviations->AssignStreams(c.stream + 1);
    m.policy = deviations->Draw(m.truth);
    auto u = CreateObject<UniformRandomVariable>();
    u->SetStream(c.stream + 2);
    m.inferred = c.misinferred > 0 ? m.truth.Misinfer(c.misinferred, c.missingShare, u) : m.truth;
    return true;
}

const std::vector<std::string>&
InternetModel::PredictorNames()
{
    static const std::vector<std::string> names{"valley-free", "policy", "segments", "learned"};
    return names;
}

void
InternetModel::AddOptions(OpticalExperiment& exp, InternetModelConfig& c)
{
    exp.AddText("graph",
                "AS graph: synthetic, or a CAIDA AS-relationship file (serial-1 or serial-2; a "
                "path, or a name in data/)",
                c.graph,
                false);
    exp.AddText("orgs", "CAIDA AS-to-organisation file (a path, or a name in data/)", c.orgs);
    exp.AddCount("ases", "ASes of the synthetic graph", c.ases, 20, 1000000);
    exp.AddFraction("misinferred",
                    "Fraction of the known graph's links that are misinferred or missing",
                    c.misinferred);
    exp.AddFraction("missingShare",
                    "Share of the misinferred links that are missing altogether",
                    c.missingShare);
    exp.AddFraction("deviations",
                    "Fraction of ASes whose true policy deviates from Gao-Rexford's textbook",
                    c.deviations);
}

void
InternetModel::RequireFiles(OpticalExperiment& exp, const InternetModelConfig& c)
{
    exp.Require(c.orgs.empty() || std::ifstream(OpticalDataFile::Resolve(c.orgs)).good(),
                "orgs",
                "'" + c.orgs + "' is not a readable file");
    exp.Require(c.graph == "synthetic" || std::ifstream(OpticalDataFile::Resolve(c.graph)).good(),
                "graph",
                "'" + c.graph + "' is neither synthetic nor a readable file");
}

Ptr<PathPredictor>
InternetModel::MakePredictor(const std::string& name,
                             const PathAtlas& atlas,
                             uint32_t learnRounds) const
{
    if (name == "valley-free")
    {
        return Create<ValleyFreePredictor>(inferred);
    }
    if (name == "policy")
    {
        return Create<PolicyPredictor>(inferred);
    }
    if (name == "segments")
    {
        return Create<SegmentPredictor>(inferred, atlas);
    }
    NS_ABORT_MSG_UNLESS(name == "learned", "InternetModel: unknown predictor " << name);
    return Create<LearnedPolicyPredictor>(inferred, atlas, learnRounds);
}

// ----------------------------------------------------------------------- PathPredictionStudy

std::string
PathPredictionStudy::Check(const PathPredictionConfig& c)
{
    const auto& names = InternetModel::PredictorNames();
    if (std::find(names.begin(), names.end(), c.predictor) == names.end())
    {
        return "--predictor=" + c.predictor +
               " is not a predictor (allowed: valley-free, policy, segments, learned)";
    }
    if (c.net.graph == "synthetic" && c.vantagePoints + 2 > c.net.ases)
    {
        return "--vantagePoints=" + std::to_string(c.vantagePoints) + " leaves no source: the " +
               "graph has " + std::to_string(c.net.ases) +
               " ASes (vantage points must be at most ASes - 2)";
    }
    if (c.net.graph == "synthetic" && c.relays > c.net.ases)
    {
        return "--relays=" + std::to_string(c.relays) + " is more than the " +
               std::to_string(c.net.ases) + " ASes of the graph (relays are distinct ASes)";
    }
    if (c.queries == 0 || c.sourcesPerDestination == 0)
    {
        return "--queries and --sourcesPerDestination must be at least 1";
    }
    return "";
}

bool
PathPredictionStudy::WithinOneHop(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b)
{
    if (a.size() == b.size())
    {
        std::size_t diff = 0;
        for (std::size_t k = 0; k < a.size(); ++k)
        {
            diff += a[k] != b[k] ? 1 : 0;
        }
        return diff <= 1;
    }
    const auto& longer = a.size() > b.size() ? a : b;
    const auto& shorter = a.size() > b.size() ? b : a;
    if (longer.size() != shorter.size() + 1)
    {
        return false;
    }
    std::size_t i = 0;
    while (i < shorter.size() && shorter[i] == longer[i])
    {
        ++i;
    }
    return std::equal(shorter.begin() + i, shorter.end(), longer.begin() + i + 1);
}

bool
PathPredictionStudy::Run(const PathPredictionConfig& c,
                         PathPredictionOutcome& out,
                         std::string& error)
{
    out = PathPredictionOutcome();
    InternetModel m;
    if (!InternetModel::Build(c.net, m, error))
    {
        return false;
    }
    const uint32_t n = m.truth.GetN();
    if (c.vantagePoints + 2 > n)
    {
        error = "--vantagePoints=" + std::to_string(c.vantagePoints) +
                " leaves no source: the graph has " + std::to_string(n) +
                " ASes (vantage points must be at most ASes - 2)";
        return false;
    }
    if (c.relays > n)
    {
        error = "--relays=" + std::to_string(c.relays) + " is more than the " + std::to_string(n) +
                " ASes of the graph (relays are distinct ASes)";
        return false;
    }
    out.ases = n;
    out.links = m.truth.GetLinkCount();
    out.deviatingAses = static_cast<uint32_t>(m.policy.deviating.size());
    // Queries first (grouped by destination), then the monitors among the other ASes, so that
    // the same queries are asked whatever the number of vantage points.
    Draw draw(c.net.stream + 3);
    std::vector<Query> queries;
    const std::vector<uint32_t> others = DrawQueries(c, n, draw, queries);
    if (c.vantagePoints > others.size())
    {
        error = "--vantagePoints=" + std::to_string(c.vantagePoints) + ": only " +
                std::to_string(others.size()) +
                " ASes are not query sources (fewer --queries, or a larger graph)";
        return false;
    }
    Draw monitors(c.net.stream + 4);
    std::vector<uint32_t> vps;
    for (uint32_t k : monitors.Distinct(static_cast<uint32_t>(others.size()), c.vantagePoints))
    {
        vps.push_back(others[k]);
    }
    const auto relays = draw.Distinct(n, std::min(c.relays, n));
    GroundTruth truth(std::min<uint32_t>(c.torClients, c.queries));
    ComputeTruth(m, relays, queries, truth, out);
    DrawOrganisations(m, draw, queries);
    // The atlas and the predictor.
    const PathAtlas atlas = PathAtlas::Measure(m.truth, m.policy, vps, truth.targets);
    out.atlasPaths = atlas.GetPathCount();
    const auto t0 = Clock::now();
    const auto predictor = m.MakePredictor(c.predictor, atlas, c.learnRounds);
    out.prepareS = optical::SecondsSince(t0);
    const std::vector<std::vector<uint32_t>> predicted = PredictAll(predictor, queries, out);
    ScorePaths(m, queries, predicted, out);
    ScoreRelays(m, queries, relays, truth, predictor, out);
    return true;
}

void
PathPredictionStudy::Record(ResultsStore* store,
                            int64_t runId,
                            const PathPredictionConfig& c,
                            const PathPredictionOutcome& out)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("path_prediction");
    store->AddEvent("path_prediction",
                    runId,
                    {c.net.graph,
                     static_cast<int64_t>(out.ases),
                     static_cast<int64_t>(out.links),
                     c.predictor,
                     static_cast<int64_t>(c.vantagePoints),
                     c.net.misinferred,
                     c.net.deviations,
                     static_cast<int64_t>(out.scored),
                     out.exactPct,
                     out.withinOneHopPct,
                     out.avoidanceCorrectPct,
                     out.safeRelaysCorrectPct,
                     out.queryUs,
                     out.prepareS});
}

// -------------------------------------------------------------------------------- HijackStudy

std::string
HijackStudy::Check(const HijackConfig& c)
{
    uint32_t a = 0;
    uint32_t v = 0;
    if (!AsGraph::ParseAsn(c.attacker, a) && c.attacker != "tier1" && c.attacker != "transit" &&
        c.attacker != "stub")
    {
        return "--attacker=" + c.attacker + " is neither an AS number (" + AsGraph::ASN_RANGE +
               ") nor tier1, transit, stub";
    }
    if (!AsGraph::ParseAsn(c.victim, v) && c.victim != "stub" && c.victim != "any")
    {
        return "--victim=" + c.victim + " is neither an AS number (" + AsGraph::ASN_RANGE +
               ") nor stub, any";
    }
    if (AsGraph::ParseAsn(c.attacker, a) && AsGraph::ParseAsn(c.victim, v) && a == v)
    {
        return "--attacker=" + c.attacker + " is also the victim (--victim=" + c.victim +
               "): an AS cannot hijack its own prefix";
    }
    if (c.predictor != "valley-free" && c.predictor != "policy" && c.predictor != "learned")
    {
        return "--predictor=" + c.predictor +
               " cannot predict a hijack (allowed: valley-free, policy, learned; segments needs "
               "paths measured toward the announcement)";
    }
    if (c.kind != "origin" && c.kind != "more-specific")
    {
        return "--kind=" + c.kind + " is not a hijack kind (allowed: origin, more-specific)";
    }
    return "";
}

bool
HijackStudy::Run(const HijackConfig& c, HijackOutcome& out, std::string& error)
{
    out = HijackOutcome();
    InternetModel m;
    if (!InternetModel::Build(c.net, m, error))
    {
        return false;
    }
    const uint32_t n = m.truth.GetN();
    Draw draw(c.net.stream + 3);
    auto pick = [&](const std::string& what,
                    const std::string& option,
                    uint32_t other,
                    uint32_t& as) -> bool {
        uint32_t asn = 0;
        if (AsGraph::ParseAsn(what, asn))
        {
            as = m.truth.IndexOf(asn);
            if (as == AsGraph::NONE)
            {
                error = "--" + option + "=" + what + ": AS " + what + " is not in the graph";
                return false;
            }
            return true;
        }
        std::vector<uint32_t> pool;
        for (uint32_t i = 0; i < n; ++i)
        {
            if (i != other && (what == "any" || AsTierName(m.truth.Tier(i)) == what))
            {
                pool.push_back(i);
            }
        }
        if (pool.empty())
        {
            error = "--" + option + "=" + what + ": the graph has no such AS";
            return false;
        }
        as = pool[draw(static_cast<uint32_t>(pool.size()))];
        return true;
    };
    uint32_t dummy = 0;
    const bool fixed = AsGraph::ParseAsn(c.attacker, dummy) && AsGraph::ParseAsn(c.victim, dummy);
    const uint32_t trials = fixed ? 1 : std::max<uint32_t>(1, c.trials);
    // The learned predictor's observations: monitors toward a sample of ASes.
    const auto vps = draw.Distinct(n, std::min(c.vantagePoints, n));
    const auto targets = draw.Distinct(n, std::min(c.targets, n));
    const PathAtlas atlas = c.predictor == "learned"
                                ? PathAtlas::Measure(m.truth, m.policy, vps, targets)
                                : PathAtlas::FromPaths(n, {}, {});
    const auto predictor = m.MakePredictor(c.predictor, atlas);
    BgpRouteEngine engine(m.truth, &m.policy);
    AsRoutes routes;
    std::vector<uint32_t> reached;
    for (uint32_t t = 0; t < trials; ++t)
    {
        uint32_t attacker = 0;
        uint32_t victim = 0;
        if (!pick(c.victim, "victim", AsGraph::NONE, victim) ||
            !pick(c.attacker, "attacker", victim, attacker))
        {
            return false;
        }
        if (attacker == victim)
        {
            error = "--attacker=" + c.attacker + " is also the victim (--victim=" + c.victim +
                    "): an AS cannot hijack its own prefix";
            return false;
        }
        const std::vector<uint32_t> origins = c.kind == "origin"
                                                  ? std::vector<uint32_t>{victim, attacker}
                                                  : std::vector<uint32_t>{attacker};
        engine.Compute(origins, routes);
        HijackTrial trial;
        trial.attackerAsn = m.truth.GetAsn(attacker);
        trial.victimAsn = m.truth.GetAsn(victim);
        trial.attackerTier = AsTierName(m.truth.Tier(attacker));
        trial.capturedPct = 100 * CapturedShare(routes.origin, attacker, victim);
        predictor->PredictOrigins(origins, reached);
        trial.predictedCapturedPct = 100 * CapturedShare(reached, attacker, victim);
        out.trials.push_back(trial);
    }
    for (const auto& t : out.trials)
    {
        out.capturedPct += t.capturedPct / out.trials.size();
        out.predictedCapturedPct += t.predictedCapturedPct / out.trials.size();
        out.meanAbsErrorPct += std::abs(t.predictedCapturedPct - t.capturedPct) / out.trials.size();
    }
    return true;
}

void
HijackStudy::Record(ResultsStore* store,
                    int64_t runId,
                    const HijackConfig& c,
                    const HijackOutcome& out)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("hijacks");
    for (const auto& t : out.trials)
    {
        store->AddEvent("hijacks",
                        runId,
                        {static_cast<int64_t>(t.attackerAsn),
                         static_cast<int64_t>(t.victimAsn),
                         t.attackerTier,
                         c.kind,
                         c.predictor,
                         t.capturedPct,
                         t.predictedCapturedPct});
    }
}

} // namespace ns3
