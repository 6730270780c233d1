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

/// What every interval of a run uses: the network, its demands, its fibres and the solvers
/// that give the reference.
struct RunSetup
{
    TeTopology topo;                              //!< The topology
    std::vector<TrafficMatrix::Demand> kept;      //!< The base matrix's demands above 0
    std::vector<TeSolver::Commodity> commodities; //!< Their commodities (candidate paths)
    std::vector<std::vector<uint32_t>> links;     //!< Arcs of each fibre (it fails as a whole)
    Ptr<UniformRandomVariable> failureRng;        //!< Draws the failed links
    Ptr<TeMethod> lp;                             //!< The LP (compareLp), else null
    Ptr<TeMethod> certifier;                      //!< The certifying ADMM, else null
};

/// Sums over the intervals, from which the outcomes are made.
struct RunTotals
{
    /// \param [in] methods The number of methods
    explicit RunTotals(std::size_t methods)
        : carried(methods, 0),
          methodTime(methods, 0),
          solve(methods),
          setup(methods)
    {
    }

    double offered{0};                      //!< Offered (Gb/s, over the intervals)
    double lpCarried{0};                    //!< Carried by the LP
    double lpTime{0};                       //!< LP setup and solve (s)
    std::vector<double> carried;            //!< Carried by each method
    std::vector<double> methodTime;         //!< Setup and solve of each method (s)
    std::vector<std::vector<double>> solve; //!< Solve times of each method (s)
    std::vector<std::vector<double>> setup; //!< Setup times of each method (s)
    std::vector<double> lpSolve;            //!< Solve times of the LP (s)
    double boundSum{0};                     //!< Sum of the intervals' known optimum or bound
    bool lpOptimal{true};                   //!< The LP was optimal in every interval
    double certifyS{0};                     //!< Time of the certifying solves (s)
};

/**
 * \brief The base matrix: a generator's shape (scaled to the load later), or a file as it is;
 * the largest pairs carrying c.share of its volume, and of those the demands above 0.
 * \param [in] c The configuration
 * \param [in] topo The topology
 * \param [out] kept The demands (empty before)
 * \param [out] error Why not
 * \return true on success
 */
bool
LoadBaseMatrix(const TeAccelerationConfig& c,
               const TeTopology& topo,
               std::vector<TrafficMatrix::Demand>& kept,
               std::string& error)
{
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
    return true;
}

/**
 * \brief Finds the candidate paths of s.kept (timed, into shared.pathsS) and, for a generated
 * matrix, scales its demands to the load; counts the commodities and paths into \p shared.
 * \param [in] c The configuration
 * \param [in,out] s The run: kept in, commodities out
 * \param [in,out] shared The figures every method's outcome starts from
 * \param [out] error Why not
 * \return true on success
 */
bool
FindPaths(const TeAccelerationConfig& c,
          RunSetup& s,
          TeAccelerationOutcome& shared,
          std::string& error)
{
    const auto pathsStart = std::chrono::steady_clock::now();
    if (!s.topo.MakeCommodities(s.kept, c.paths, c.pathKind, c.threads, s.commodities, error))
    {
        return false;
    }
    shared.pathsS = optical::SecondsSince(pathsStart);
    if (c.demandsFile.empty())
    {
        const double total = s.topo.ScaleForLoad(s.kept, s.commodities, c.load);
        const double raw = TrafficMatrix::Total(s.kept);
        for (auto& d : s.kept)
        {
            d.gbps *= raw > 0 ? total / raw : 0;
        }
    }
    shared.commodities = s.commodities.size();
    for (const auto& k : s.commodities)
    {
        shared.paths += k.paths.size();
    }
    return true;
}

/**
 * \param [in] c The configuration
 * \param [in] kept The base matrix
 * \return the diurnal series around it, one matrix per interval (the noise stream)
 */
std::vector<std::vector<TrafficMatrix::Demand>>
MakeSeries(const TeAccelerationConfig& c, const std::vector<TrafficMatrix::Demand>& kept)
{
    TrafficMatrix::DiurnalShape shape;
    shape.amplitude = c.amplitude;
    shape.noise = c.noise;
    Ptr<NormalRandomVariable> noiseRng = CreateObject<NormalRandomVariable>();
    noiseRng->SetAttribute("Mean", DoubleValue(0));
    noiseRng->SetAttribute("Variance", DoubleValue(1));
    noiseRng->SetStream(STREAM_NOISE);
    return TrafficMatrix::Diurnal(kept, c.intervals, c.interval, c.start, shape, noiseRng);
}

/**
 * \param [in] graph The graph
 * \return its fibres: arcs with a reverse arc form one link that fails as a whole (the arcs of
 * each, in the order of the first arc)
 */
std::vector<std::vector<uint32_t>>
FibreLinks(const TeGraph& graph)
{
    std::vector<std::vector<uint32_t>> links;
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> index;
    for (uint32_t a = 0; a < graph.arcs.size(); ++a)
    {
        const auto& arc = graph.arcs[a];
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
    return links;
}

/**
 * \brief Makes the solvers that give the reference: the LP (compareLp) and the certifying
 * ADMM (certifyIterations > 0).
 * \param [in] c The configuration
 * \param [in,out] s The run: lp and certifier out
 * \param [out] error As TeMethod::Create leaves it
 */
void
MakeReferenceSolvers(const TeAccelerationConfig& c, RunSetup& s, std::string& error)
{
    if (c.compareLp)
    {
        s.lp = TeMethod::Create("lp", error);
        s.lp->SetAttribute("TimeLimit", TimeValue(c.lpTimeLimit));
    }
    if (c.certifyIterations > 0)
    {
        s.certifier = TeMethod::Create("admm", error);
        s.certifier->SetAttribute("MaxIterations", UintegerValue(c.certifyIterations));
        s.certifier->SetAttribute("Tolerance", DoubleValue(kCertifyTolerance));
        s.certifier->SetAttribute("Threads", UintegerValue(c.threads));
    }
}

/**
 * \brief The problem of one interval: its matrix's demands on the topology's capacities, less
 * c.failures distinct links drawn at random (partial Fisher-Yates; capacity 0).
 * \param [in] c The configuration
 * \param [in] s The run
 * \param [in] matrix The interval's matrix
 * \param [in,out] row The interval's row: failedLinks and demandGbps set
 * \return the problem
 */
TeSolver::Problem
IntervalProblem(const TeAccelerationConfig& c,
                const RunSetup& s,
                const std::vector<TrafficMatrix::Demand>& matrix,
                TeAccelerationInterval& row)
{
    TeSolver::Problem p;
    p.capacity = s.topo.capacity;
    p.commodities = s.commodities;
    for (std::size_t i = 0; i < matrix.size(); ++i)
    {
        p.commodities[i].demand = matrix[i].gbps;
    }
    // Failures: distinct links drawn at random (partial Fisher-Yates).
    if (c.failures > 0)
    {
        std::vector<std::size_t> order(s.links.size());
        for (std::size_t i = 0; i < order.size(); ++i)
        {
            order[i] = i;
        }
        for (uint32_t f = 0; f < c.failures; ++f)
        {
            const auto j =
                f + static_cast<std::size_t>(s.failureRng->GetInteger(0, order.size() - 1 - f));
            std::swap(order[f], order[j]);
            for (uint32_t a : s.links[order[f]])
            {
                p.capacity[a] = 0;
            }
        }
        row.failedLinks = c.failures;
    }
    row.demandGbps = TeMethod::TotalDemand(p);
    return p;
}

/**
 * \brief Lowers \p bound to the upper bound on the LP's optimum that a solution proves (one
 * above 0 and not below its throughput).
 * \param [in] s The solution
 * \param [in,out] bound The least bound so far
 */
void
TakeBound(const TeSolver::Solution& s, double& bound)
{
    if (s.bound > 0 && s.bound >= s.throughput * (1 - 1e-9))
    {
        bound = std::min(bound, s.bound);
    }
}

/**
 * \brief Solves an interval with the LP: its figures in the row and the totals.
 * \param [in] s The run (lp set)
 * \param [in] p The interval's problem
 * \param [in] k The interval
 * \param [in,out] row The interval's row
 * \param [in,out] bound The interval's least bound
 * \param [in,out] totals The totals
 * \param [out] error Why not
 * \return true on success
 */
bool
SolveLp(const RunSetup& s,
        const TeSolver::Problem& p,
        uint32_t k,
        TeAccelerationInterval& row,
        double& bound,
        RunTotals& totals,
        std::string& error)
{
    TeSolver::Solution ls;
    if (!s.lp->Allocate(s.topo.graph, p, ls, error))
    {
        error = "interval " + std::to_string(k) + ": lp: " + error;
        return false;
    }
    row.lpCarriedGbps = ls.throughput;
    row.lpOptimal = !ls.timedOut;
    totals.lpOptimal = totals.lpOptimal && row.lpOptimal;
    TakeBound(ls, bound);
    row.lpSetupS = ls.buildSeconds;
    row.lpSolveS = ls.seconds;
    totals.lpCarried += ls.throughput;
    totals.lpTime += ls.buildSeconds + ls.seconds;
    totals.lpSolve.push_back(ls.seconds);
    return true;
}

/**
 * \brief Solves an interval with every method: a row each (the interval's, with the method's
 * figures) and the totals.
 * \param [in] s The run
 * \param [in] methods The methods
 * \param [in] p The interval's problem
 * \param [in] k The interval
 * \param [in] row The interval's row (demand, failures, LP figures)
 * \param [in,out] bound The interval's least bound
 * \param [in,out] totals The totals
 * \param [in,out] outs One outcome per method
 * \param [out] error Why not
 * \return true on success
 */
bool
SolveMethods(const RunSetup& s,
             const std::vector<Ptr<TeMethod>>& methods,
             const TeSolver::Problem& p,
             uint32_t k,
             const TeAccelerationInterval& row,
             double& bound,
             RunTotals& totals,
             std::vector<TeAccelerationOutcome>& outs,
             std::string& error)
{
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        TeSolver::Solution sol;
        if (!methods[m]->Allocate(s.topo.graph, p, sol, error))
        {
            error = "interval " + std::to_string(k) + ": " + methods[m]->GetName() + ": " + error;
            return false;
        }
        TakeBound(sol, bound);
        std::string why;
        TeAccelerationOutcome& out = outs[m];
        out.feasible = out.feasible && TeMethod::CheckFeasible(s.topo.graph, p, sol, why);
        TeAccelerationInterval r = row;
        r.carriedGbps = sol.throughput;
        r.setupS = sol.buildSeconds;
        r.solveS = sol.seconds;
        r.maxUtilisation = sol.maxUtilisation;
        totals.carried[m] += r.carriedGbps;
        totals.methodTime[m] += r.setupS + r.solveS;
        totals.solve[m].push_back(r.solveS);
        totals.setup[m].push_back(r.setupS);
        out.maxUtilisation = std::max(out.maxUtilisation, r.maxUtilisation);
        NS_LOG_INFO("interval " << k << " " << methods[m]->GetName() << ": " << r.carriedGbps
                                << " of " << r.demandGbps << " Gb/s in " << r.setupS << " + "
                                << r.solveS << " s");
        out.intervals.push_back(r);
    }
    return true;
}

/**
 * \brief The certifying solve of an interval (untimed): only its prices count, as a bound.
 * \param [in] s The run (certifier set)
 * \param [in] p The interval's problem
 * \param [in] k The interval
 * \param [in,out] bound The interval's least bound
 * \param [in,out] totals The totals (certifyS)
 * \param [out] error Why not
 * \return true on success
 */
bool
Certify(const RunSetup& s,
        const TeSolver::Problem& p,
        uint32_t k,
        double& bound,
        RunTotals& totals,
        std::string& error)
{
    // Only its prices count: a bound on the LP's optimum, for every method's row.
    TeSolver::Solution sol;
    const auto certifyStart = std::chrono::steady_clock::now();
    if (!s.certifier->Allocate(s.topo.graph, p, sol, error))
    {
        error = "interval " + std::to_string(k) + ": certifying admm: " + error;
        return false;
    }
    totals.certifyS += optical::SecondsSince(certifyStart);
    TakeBound(sol, bound);
    return true;
}

/**
 * \brief One interval: its problem, solved by the LP (compareLp), by every method and by the
 * certifier (if the LP's optimum is not known), and the bound of every method's row.
 * \param [in] c The configuration
 * \param [in] s The run
 * \param [in] methods The methods
 * \param [in] matrix The interval's matrix
 * \param [in] k The interval
 * \param [in,out] totals The totals
 * \param [in,out] outs One outcome per method (a row each)
 * \param [out] error Why not
 * \return true on success
 */
bool
SolveInterval(const TeAccelerationConfig& c,
              const RunSetup& s,
              const std::vector<Ptr<TeMethod>>& methods,
              const std::vector<TrafficMatrix::Demand>& matrix,
              uint32_t k,
              RunTotals& totals,
              std::vector<TeAccelerationOutcome>& outs,
              std::string& error)
{
    TeAccelerationInterval row;
    const TeSolver::Problem p = IntervalProblem(c, s, matrix, row);
    totals.offered += row.demandGbps;
    // The least upper bound on the LP's optimum that a solve of this interval proves.
    double bound = std::numeric_limits<double>::infinity();
    if (s.lp && !SolveLp(s, p, k, row, bound, totals, error))
    {
        return false;
    }
    const std::size_t firstRow = outs.empty() ? 0 : outs[0].intervals.size();
    if (!SolveMethods(s, methods, p, k, row, bound, totals, outs, error))
    {
        return false;
    }
    if (s.certifier && !(s.lp && row.lpOptimal) && !Certify(s, p, k, bound, totals, error))
    {
        return false;
    }
    // The LP's optimum when it was reached (its throughput, up to the tie-break), else the
    // least bound of the interval, for every method's row.
    const double known = s.lp && row.lpOptimal  ? row.lpCarriedGbps
                         : std::isfinite(bound) ? bound
                                                : 0.0;
    totals.boundSum += known;
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        outs[m].intervals[firstRow].boundGbps = known;
    }
    return true;
}

/**
 * \brief Makes every method's outcome from the totals.
 * \param [in] lp The LP (null: compareLp off)
 * \param [in] totals The totals
 * \param [in,out] outs One outcome per method
 */
void
Summarise(const Ptr<TeMethod>& lp,
          const RunTotals& totals,
          std::vector<TeAccelerationOutcome>& outs)
{
    for (std::size_t m = 0; m < outs.size(); ++m)
    {
        TeAccelerationOutcome& out = outs[m];
        out.satisfiedPct = totals.offered > 0 ? 100 * totals.carried[m] / totals.offered : 0;
        out.solveSMedian = Median(totals.solve[m]);
        out.setupSMedian = Median(totals.setup[m]);
        out.lpOptimal = lp && totals.lpOptimal;
        out.qualityLowerBound = totals.boundSum > 0 ? totals.carried[m] / totals.boundSum : 0;
        out.certifyS = totals.certifyS;
        if (lp)
        {
            out.lpSatisfiedPct = totals.offered > 0 ? 100 * totals.lpCarried / totals.offered : 0;
            out.qualityVsLp = totals.lpCarried > 0 ? totals.carried[m] / totals.lpCarried : 0;
            out.speedupVsLp = totals.methodTime[m] > 0 ? totals.lpTime / totals.methodTime[m] : 0;
            out.lpSolveSMedian = Median(totals.lpSolve);
        }
    }
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
    RunSetup s;
    if (!TeTopology::Load(c.topology, s.topo, error, c.gbpsPerUnit))
    {
        error = "--topology=" + c.topology + ": " + error;
        return false;
    }
    TeAccelerationOutcome shared;
    shared.nodes = s.topo.graph.nodes;
    shared.arcs = static_cast<uint32_t>(s.topo.graph.arcs.size());
    if (!LoadBaseMatrix(c, s.topo, s.kept, error) || !FindPaths(c, s, shared, error))
    {
        return false;
    }
    outs.assign(methods.size(), shared);
    const auto series = MakeSeries(c, s.kept);
    s.links = FibreLinks(s.topo.graph);
    if (c.failures > s.links.size())
    {
        error = "--failures=" + std::to_string(c.failures) + ": the topology has " +
                std::to_string(s.links.size()) + " links";
        return false;
    }
    s.failureRng = CreateObject<UniformRandomVariable>();
    s.failureRng->SetStream(STREAM_FAILURES);
    MakeReferenceSolvers(c, s, error);
    for (std::size_t m = 0; m < methods.size(); ++m)
    {
        methods[m]->SetAttribute("Threads", UintegerValue(c.threads));
        if (!PrepareLearned(c, s.topo, s.commodities, s.kept, methods[m], outs[m].trainingS, error))
        {
            return false;
        }
    }
    RunTotals totals(methods.size());
    for (uint32_t k = 0; k < c.intervals; ++k)
    {
        if (!SolveInterval(c, s, methods, series[k], k, totals, outs, error))
        {
            return false;
        }
    }
    Summarise(s.lp, totals, outs);
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
