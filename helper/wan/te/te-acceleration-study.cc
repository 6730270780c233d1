/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-acceleration-study.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/optical-statistics.h"
#include "ns3/optical-util.h"
#include "ns3/random-variable-stream.h"
#include "ns3/string.h"
#include "ns3/te-learned.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeAccelerationStudy");

namespace
{
/// \return the median of \p v (optical::Percentile 50), 0 if empty
double
Median(const std::vector<double>& v)
{
    return v.empty() ? 0 : optical::Percentile(v, 50);
}

constexpr double kCertifyTolerance = 1e-6;          //!< Residual at which the certifier stops
constexpr uint32_t kMaxCertifyIterations = 1000000; //!< Most certifying iterations

/// Random stream numbers of the study (fixed, so --RngRun alone changes the draws).
enum Stream : int64_t
{
    STREAM_MATRIX = 1,
    STREAM_NOISE = 2,
    STREAM_FAILURES = 3,
    STREAM_TRAINING = 4,
};

/**
 * learned without a model file: trains one on a day of matrices like the run's (at other
 * times of day), timed apart; with c.modelFile, sets the method's ModelFile. Other methods:
 * nothing.
 * \param [in] c The configuration
 * \param [in] topo The topology
 * \param [in] commodities The commodities
 * \param [in] base The base matrix (one demand per commodity)
 * \param [in] method The method
 * \param [out] seconds Training time (0 if none)
 * \param [out] error Why not
 * \return true on success
 */
bool
PrepareLearned(const TeAccelerationConfig& c,
               const TeTopology& topo,
               const std::vector<TeSolver::Commodity>& commodities,
               const std::vector<TrafficMatrix::Demand>& base,
               Ptr<TeMethod> method,
               double& seconds,
               std::string& error)
{
    seconds = 0;
    auto learned = DynamicCast<TeLearnedMethod>(method);
    if (!learned)
    {
        return true;
    }
    if (!c.modelFile.empty())
    {
        learned->SetAttribute("ModelFile", StringValue(c.modelFile));
        return true;
    }
    StringValue file;
    learned->GetAttribute("ModelFile", file);
    if (!file.Get().empty())
    {
        return true;
    }
    const auto trainStart = std::chrono::steady_clock::now();
    auto model = std::make_shared<TeLearnedModel>();
    if (!model->Init(topo.graph, commodities, TeLearnedModel::Options(), error))
    {
        return false;
    }
    TrafficMatrix::DiurnalShape shape;
    shape.amplitude = c.amplitude;
    shape.noise = std::max(c.noise, 0.05);
    Ptr<NormalRandomVariable> rng = CreateObject<NormalRandomVariable>();
    rng->SetStream(STREAM_TRAINING);
    const auto training =
        TrafficMatrix::Diurnal(base,
                               c.trainMatrices,
                               Seconds(86400.0 / std::max(1U, c.trainMatrices)),
                               Seconds(c.start.GetSeconds() + c.interval.GetSeconds() / 2),
                               shape,
                               rng);
    std::vector<TeSolver::Problem> problems;
    for (const auto& m : training)
    {
        TeSolver::Problem p;
        p.capacity = topo.capacity;
        p.commodities = commodities;
        for (std::size_t i = 0; i < m.size(); ++i)
        {
            p.commodities[i].demand = m[i].gbps;
        }
        problems.push_back(std::move(p));
    }
    TeLearnedModel::TrainOptions t;
    t.epochs = c.trainEpochs;
    t.threads = c.threads;
    TeLearnedModel::TrainReport report;
    if (!model->Train(problems, t, report, error))
    {
        return false;
    }
    learned->SetModel(model);
    seconds = optical::SecondsSince(trainStart);
    return true;
}
} // namespace

std::string
TeAccelerationStudy::Check(const TeAccelerationConfig& c)
{
    std::string error;
    if (!TeMethod::Create(c.method, error))
    {
        return "--method: " + error;
    }
    if (c.threads < 1)
    {
        return "--threads=0: need at least 1 thread";
    }
    if (c.intervals < 1)
    {
        return "--intervals=0: need at least 1 interval";
    }
    if (!c.interval.IsStrictlyPositive())
    {
        return "--interval must be > 0";
    }
    if (c.certifyIterations > kMaxCertifyIterations)
    {
        return "--certify=" + std::to_string(c.certifyIterations) + ": at most " +
               std::to_string(kMaxCertifyIterations) + " iterations (0: none)";
    }
    if (c.lpTimeLimit.IsStrictlyNegative())
    {
        return "--lpTimeLimit=" + std::to_string(c.lpTimeLimit.GetSeconds()) +
               "s: need >= 0 (0s: none)";
    }
    const auto kinds = TrafficMatrix::GetKinds();
    const std::string base = c.matrix.substr(0, c.matrix.find(':'));
    if (std::find(kinds.begin(), kinds.end(), base) == kinds.end())
    {
        return "--matrix=" + c.matrix +
               " is unknown (allowed: gravity, uniform, bimodal, "
               "bimodal:FRACTION)";
    }
    if (!(c.load > 0) || !std::isfinite(c.load))
    {
        return "--load must be finite and > 0";
    }
    if (!(c.share > 0 && c.share <= 1))
    {
        return "--share must be in (0, 1]";
    }
    if (!(c.amplitude >= 0 && c.amplitude <= 1))
    {
        return "--amplitude must be in [0, 1]";
    }
    if (!(c.noise >= 0) || !std::isfinite(c.noise))
    {
        return "--noise must be finite and >= 0";
    }
    if (c.paths < 1)
    {
        return "--paths must be >= 1";
    }
    if (c.pathKind != "edge-disjoint" && c.pathKind != "ksp")
    {
        return "--pathKind=" + c.pathKind + " is unknown (allowed: edge-disjoint, ksp)";
    }
    if (!(c.gbpsPerUnit > 0) || !std::isfinite(c.gbpsPerUnit))
    {
        return "--capacityUnit must be > 0";
    }
    return "";
}

bool
TeAccelerationStudy::Run(const TeAccelerationConfig& c,
                         Ptr<TeMethod> method,
                         TeAccelerationOutcome& out,
                         std::string& error)
{
    std::vector<TeAccelerationOutcome> all;
    if (!Run(c, std::vector<Ptr<TeMethod>>{method}, all, error))
    {
        return false;
    }
    out = all.front();
    return true;
}

bool
TeAccelerationStudy::Run(const TeAccelerationConfig& c,
                         const std::vector<Ptr<TeMethod>>& methods,
                         std::vector<TeAccelerationOutcome>& outs,
                         std::string& error)
{
    if (const std::string problem = Check(c); !problem.empty())
    {
        error = problem;
        return false;
    }
    TeTopology topo;
    if (!TeTopology::Load(c.topology, topo, error, c.gbpsPerUnit))
    {
        error = "--topology=" + c.topology + ": " + error;
        return false;
    }
    TeAccelerationOutcome shared;
    shared.nodes = topo.graph.nodes;
    shared.arcs = static_cast<uint32_t>(topo.graph.arcs.size());

    // The base matrix: a generator's shape scaled to the load, or a file as it is.
    std::vector<TrafficMatrix::Demand> base;
    Ptr<UniformRandomVariable> matrixRng = CreateObject<UniformRandomVariable>();
    matrixRng->SetStream(STREAM_MATRIX);
    if (!c.demandsFile.empty())
    {
        if (!topo.LoadDemands(c.demandsFile, base, error))
        {
            error = "--demands: " + error;
            return false;
        }
    }
    else if (!TrafficMatrix::Make(c.matrix, topo.GetGravityWeights(), 1.0, matrixRng, base, error))
    {
        error = "--matrix: " + error;
        return false;
    }
    if (c.share < 1)
    {
        base = TrafficMatrix::Largest(base, c.share);
    }
    std::vector<TrafficMatrix::Demand> kept;
    for (const auto& d : base)
    {
        if (d.gbps > 0)
        {
            kept.push_back(d);
        }
    }
    if (kept.empty())
    {
        error = "the traffic matrix has no demand";
        return false;
    }
    const auto pathsStart = std::chrono::steady_clock::now();
    std::vector<TeSolver::Commodity> commodities;
    if (!topo.MakeCommodities(kept, c.paths, c.pathKind, c.threads, commodities, error))
    {
        return false;
    }
    shared.pathsS = optical::SecondsSince(pathsStart);
    if (c.demandsFile.empty())
    {
        const double total = topo.ScaleForLoad(kept, commodities, c.load);
        const double raw = TrafficMatrix::Total(kept);
        for (auto& d : kept)
        {
            d.gbps *= raw > 0 ? total / raw : 0;
        }
    }
    shared.commodities = commodities.size();
    for (const auto& k : commodities)
    {
        shared.paths += k.paths.size();
    }
    outs.assign(methods.size(), shared);

    TrafficMatrix::DiurnalShape shape;
    shape.amplitude = c.amplitude;
    shape.noise = c.noise;
    Ptr<NormalRandomVariable> noiseRng = CreateObject<NormalRandomVariable>();
    noiseRng->SetAttribute("Mean", DoubleValue(0));
    noiseRng->SetAttribute("Variance", DoubleValue(1));
    noiseRng->SetStream(STREAM_NOISE);
    const auto series =
        TrafficMatrix::Diurnal(kept, c.intervals, c.interval, c.start, shape, noiseRng);

    // Fibres: arcs with a reverse arc form one link that fails as a whole.
    std::vector<std::vector<uint32_t>> links;
    {
        std::map<std::pair<uint32_t, uint32_t>, std::size_t> index;
        for (uint32_t a = 0; a < topo.graph.arcs.size(); ++a)
        {
            const auto& arc = topo.graph.arcs[a];
            const auto key = std::minmax(arc.from, arc.to);
            auto it = index.find(key);
            if (it == index.end())
            {
                index[key] = links.size();
                links.push_back({a});
            }
            else
            {
                links[it->second].push_back(a);
            }
        }
    }
    if (c.failures > links.size())
    {
        error = "--failures=" + std::to_string(c.failures) + ": the topology has " +
                std::to_string(links.size()) + " links";
        return false;
    }
    Ptr<UniformRandomVariable> failureRng = CreateObject<UniformRandomVariable>();
    failureRng->SetStream(STREAM_FAILURES);

    Ptr<TeMethod> lp;
    if (c.compareLp)
    {
        lp = TeMethod::Create("lp", error);
        lp->SetAttribute("TimeLimit", TimeValue(c.lpTimeLimit));
    }
    Ptr<TeMethod> certifier;
    if (c.certifyIterations > 0)
    {
        certifier = TeMethod::Create("admm", error);
        certifier->SetAttribute("MaxIterations", UintegerValue(c.certifyIterations));
        certifier->SetAttribute("Tolerance", DoubleValue(kCertifyTolerance));
        certifier->SetAttribute("Threads", UintegerValue(c.threads));
    }
    double certifyS = 0;
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        methods[m]->SetAttribute("Threads", UintegerValue(c.threads));
        if (!PrepareLearned(c, topo, commodities, kept, methods[m], outs[m].trainingS, error))
        {
            return false;
        }
    }

    const std::size_t nm = methods.size();
    double offered = 0;
    double lpCarried = 0;
    double lpTime = 0;
    std::vector<double> carried(nm, 0);
    std::vector<double> methodTime(nm, 0);
    std::vector<std::vector<double>> solve(nm);
    std::vector<std::vector<double>> setup(nm);
    std::vector<double> lpSolve;
    double boundSum = 0;
    bool lpOptimal = true;
    for (uint32_t k = 0; k < c.intervals; ++k)
    {
        TeSolver::Problem p;
        p.capacity = topo.capacity;
        p.commodities = commodities;
        for (std::size_t i = 0; i < series[k].size(); ++i)
        {
            p.commodities[i].demand = series[k][i].gbps;
        }
        TeAccelerationInterval row;
        // Failures: distinct links drawn at random (partial Fisher-Yates).
        if (c.failures > 0)
        {
            std::vector<std::size_t> order(links.size());
            for (std::size_t i = 0; i < order.size(); ++i)
            {
                order[i] = i;
            }
            for (uint32_t f = 0; f < c.failures; ++f)
            {
                const auto j =
                    f + static_cast<std::size_t>(failureRng->GetInteger(0, order.size() - 1 - f));
                std::swap(order[f], order[j]);
                for (uint32_t a : links[order[f]])
                {
                    p.capacity[a] = 0;
                }
            }
            row.failedLinks = c.failures;
        }
        row.demandGbps = TeMethod::TotalDemand(p);
        offered += row.demandGbps;
        // The least upper bound on the LP's optimum that a solve of this interval proves.
        double bound = std::numeric_limits<double>::infinity();
        auto takeBound = [&bound](const TeSolver::Solution& s) {
            if (s.bound > 0 && s.bound >= s.throughput * (1 - 1e-9))
            {
                bound = std::min(bound, s.bound);
            }
        };
        if (lp)
        {
            TeSolver::Solution ls;
            if (!lp->Allocate(topo.graph, p, ls, error))
            {
                error = "interval " + std::to_string(k) + ": lp: " + error;
                return false;
            }
            row.lpCarriedGbps = ls.throughput;
            row.lpOptimal = !ls.timedOut;
            lpOptimal = lpOptimal && row.lpOptimal;
            takeBound(ls);
            row.lpSetupS = ls.buildSeconds;
            row.lpSolveS = ls.seconds;
            lpCarried += ls.throughput;
            lpTime += ls.buildSeconds + ls.seconds;
            lpSolve.push_back(ls.seconds);
        }
        const std::size_t firstRow = outs.empty() ? 0 : outs[0].intervals.size();
        for (std::size_t m = 0; m < nm; ++m)
        {
            TeSolver::Solution s;
            if (!methods[m]->Allocate(topo.graph, p, s, error))
            {
                error =
                    "interval " + std::to_string(k) + ": " + methods[m]->GetName() + ": " + error;
                return false;
            }
            takeBound(s);
            std::string why;
            TeAccelerationOutcome& out = outs[m];
            out.feasible = out.feasible && TeMethod::CheckFeasible(topo.graph, p, s, why);
            TeAccelerationInterval r = row;
            r.carriedGbps = s.throughput;
            r.setupS = s.buildSeconds;
            r.solveS = s.seconds;
            r.maxUtilisation = s.maxUtilisation;
            carried[m] += r.carriedGbps;
            methodTime[m] += r.setupS + r.solveS;
            solve[m].push_back(r.solveS);
            setup[m].push_back(r.setupS);
            out.maxUtilisation = std::max(out.maxUtilisation, r.maxUtilisation);
            NS_LOG_INFO("interval " << k << " " << methods[m]->GetName() << ": " << r.carriedGbps
                                    << " of " << r.demandGbps << " Gb/s in " << r.setupS << " + "
                                    << r.solveS << " s");
            out.intervals.push_back(r);
        }
        if (certifier && !(lp && row.lpOptimal))
        {
            // Only its prices count: a bound on the LP's optimum, for every method's row.
            TeSolver::Solution s;
            const auto certifyStart = std::chrono::steady_clock::now();
            if (!certifier->Allocate(topo.graph, p, s, error))
            {
                error = "interval " + std::to_string(k) + ": certifying admm: " + error;
                return false;
            }
            certifyS += optical::SecondsSince(certifyStart);
            takeBound(s);
        }
        // The LP's optimum when it was reached (its throughput, up to the tie-break), else the
        // least bound of the interval, for every method's row.
        const double known = lp && row.lpOptimal    ? row.lpCarriedGbps
                             : std::isfinite(bound) ? bound
                                                    : 0.0;
        boundSum += known;
        for (std::size_t m = 0; m < nm; ++m)
        {
            outs[m].intervals[firstRow].boundGbps = known;
        }
    }
    for (std::size_t m = 0; m < nm; ++m)
    {
        TeAccelerationOutcome& out = outs[m];
        out.satisfiedPct = offered > 0 ? 100 * carried[m] / offered : 0;
        out.solveSMedian = Median(solve[m]);
        out.setupSMedian = Median(setup[m]);
        out.lpOptimal = lp && lpOptimal;
        out.qualityLowerBound = boundSum > 0 ? carried[m] / boundSum : 0;
        out.certifyS = certifyS;
        if (lp)
        {
            out.lpSatisfiedPct = offered > 0 ? 100 * lpCarried / offered : 0;
            out.qualityVsLp = lpCarried > 0 ? carried[m] / lpCarried : 0;
            out.speedupVsLp = methodTime[m] > 0 ? lpTime / methodTime[m] : 0;
            out.lpSolveSMedian = Median(lpSolve);
        }
    }
    return true;
}

void
TeAccelerationStudy::Record(ResultsStore* store,
                            int64_t runId,
                            const TeAccelerationConfig& c,
                            const TeAccelerationOutcome& out)
{
    if (!store)
    {
        return;
    }
    store->CreateEventTable("te_summary");
    store->AddEvent("te_summary",
                    runId,
                    {c.topology,
                     c.method,
                     static_cast<int64_t>(out.nodes),
                     static_cast<int64_t>(out.arcs),
                     static_cast<int64_t>(out.commodities),
                     static_cast<int64_t>(c.threads),
                     static_cast<int64_t>(c.failures),
                     out.satisfiedPct,
                     out.lpSatisfiedPct,
                     out.qualityVsLp,
                     out.speedupVsLp,
                     out.solveSMedian,
                     out.setupSMedian,
                     out.lpSolveSMedian,
                     out.maxUtilisation,
                     out.trainingS,
                     static_cast<int64_t>(out.lpOptimal ? 1 : 0),
                     out.qualityLowerBound});
    store->CreateEventTable("te_intervals");
    for (std::size_t k = 0; k < out.intervals.size(); ++k)
    {
        const auto& r = out.intervals[k];
        store->AddEvent("te_intervals",
                        runId,
                        {c.method,
                         static_cast<int64_t>(k),
                         (c.start + c.interval * static_cast<int64_t>(k)).GetHours(),
                         r.demandGbps,
                         r.carriedGbps,
                         r.lpCarriedGbps,
                         r.setupS,
                         r.solveS,
                         r.lpSetupS,
                         r.lpSolveS,
                         r.maxUtilisation,
                         static_cast<int64_t>(r.failedLinks),
                         static_cast<int64_t>(r.lpOptimal ? 1 : 0),
                         r.boundGbps});
    }
}

} // namespace ns3
