/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The learned TE initializer, on libtorch: a small FlowGNN (after Teal, SIGCOMM'23). This file
// is the only one that includes libtorch; it is built when CMake finds libtorch
// (te-learned-model-none.cc stands in otherwise). The method is in te-learned.cc.
//
// Structure (fixed by Init/Load for one graph and one set of commodities with their paths):
//  - P paths in commodity order, E path-arc incidences (a path using an arc twice has two):
//    incPath[E], incArc[E] (int64 index tensors, for scatter_reduce "amin": bottlenecks) and
//    the incidence as compressed rows both ways (the paths of each arc, the arcs of each
//    path). Sums over it (arc loads, the message passing of [., H] embeddings) are a custom
//    autograd function whose backward is the other direction's sum; its kernel is a plain
//    loop over rows shared by at::parallel_for. (libtorch 1.13's CPU CSR product took 12 s for
//    the arcs' sums of Kdl's 29 million incidences x 16, this loop 1.8 s on one thread of the
//    same shared machine; building the CSR tensors by coalescing took 35 s.) Means divide by the
//    paths crossing the arc or the path's arcs.
//  - The R commodities that have paths, padded to [R, K] (K = the most paths of one
//    commodity): slot[p] = row x K + rank, and a softmax over each row whose pad entries are
//    -inf.
//
// Inputs of a problem (no parameters; built once per problem, "setup"): s = the mean positive
// arc capacity; every capacity and demand is divided by s. An arc of capacity 0 is down; a path
// crossing one is dead. The uniform split (each commodity's demand shared equally by its live
// paths) gives each arc a load U_a and each path a bottleneck b_p = min(1, min over its arcs
// of cap_a / U_a).
//  - Arc features (4): cap_a / s, down (0/1), log(1 + U_a / s), min(U_a / cap_a, 10) (10 for a
//    loaded arc that is down).
//  - Path features (5): log(1 + d_c / s), log(1 + d_c / mean positive demand), length / mean
//    length, rank / (K - 1) (paths come shortest first), b_p.
//
// Network (hidden width H, L layers; every MLP is Linear + ReLU): path and arc embeddings
// h_p = ReLU(W_p x_p), h_a = ReLU(W_a x_a); then L rounds of
//    h_a += ReLU(W_l^a [h_a, mean over the paths crossing a of h_p])
//    h_p += ReLU(W_l^p [h_p, mean over the arcs of p of h_a])
// (residual updates; the means are the incidence sums above); logit_p = w^T ReLU(W_h h_p) + b. Dead
// paths get the logit -1e30 (their share is exactly 0 unless every path of the commodity is dead:
// then the commodity's paths share equally, and the repair drops them), and split = softmax over
// each commodity's paths.
//
// Loss (the TE objective, differentiable almost everywhere): flow_p = d_c split_p, load_a =
// sum of the flows crossing a (once per use), and each path carries flow_p x min(1, min over
// its arcs of cap_a / load_a) (scatter_reduce "amin" over the incidences, starting from 1: the
// first, scaling step of TeMethod::Repair, without its greedy fill); loss = - sum carried /
// sum of all demands (commodities without paths count in the demand). In float32.
//
// Training: Adam (TrainOptions::learningRate) over the problems, one step per problem, the
// problems in a random order each epoch (torch::randperm after torch::manual_seed(Options::
// seed)); gradients clipped to norm 1. epochLoss[e] is the mean loss of epoch e's steps (each
// taken before its step); initialLoss and finalLoss are the mean losses over all problems
// before and after training.
//
// Determinism: Init seeds libtorch's global generator with Options::seed before making the
// weights, and Train seeds it again before drawing its orders, so the same seed, shape,
// problems, options and thread count give the same weights and outputs (libtorch's CPU kernels
// are deterministic for a fixed thread count; another count may change the last bits of the
// sums). A saved and reloaded model gives bit-identical outputs.
//
// File (torch::serialize archive): the module's parameters, te_format (1), te_hidden,
// te_layers, te_seed, te_fingerprint (Fingerprint()) and te_summary (nodes, arcs, commodities,
// paths, for the error message). Fingerprint: FNV-1a (64 bits, over 32-bit words) of the node
// count, each arc's endpoints and each commodity's endpoints and paths (arc indices), as 16 hex
// digits: capacities, demands and weights do not enter it (but paths found with other weights
// do).
//
#include "te-learned.h"

#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <limits>
#include <random>
#include <sstream>
#include <torch/torch.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeLearnedModel");

namespace
{

constexpr int64_t PATH_FEATURES = 5;  //!< Inputs per path
constexpr int64_t ARC_FEATURES = 4;   //!< Inputs per arc
constexpr int64_t FILE_FORMAT = 1;    //!< Version of the saved file
constexpr uint32_t MAX_HIDDEN = 1024; //!< Largest embedding width
constexpr uint32_t MAX_LAYERS = 16;   //!< Most message-passing rounds
constexpr double DEAD_LOGIT = -1e30;  //!< Logit of a path over a down arc
constexpr double MAX_RATIO = 10;      //!< Cap of the uniform load / capacity feature

/// Setup time of the last Predict on this thread (read by TeLearnedMethod).
thread_local double t_lastSetupSeconds = 0;

/// Routes libtorch's warnings (such as its notice that scatter_reduce is a beta feature) to
/// this component's log instead of stderr.
class LogWarnings : public c10::WarningHandler
{
  public:
    /**
     * \param [in] where Source location
     * \param [in] msg The warning
     * \param [in] verbatim Unused
     */
    void process(const c10::SourceLocation& where,
                 const std::string& msg,
                 const bool verbatim) override
    {
        NS_LOG_DEBUG("libtorch: " << msg);
    }
};

/// The handler of every call into libtorch from this file.
LogWarnings g_logWarnings;

/// Installs g_logWarnings for a scope.
struct QuietTorch
{
    c10::Warning::WarningHandlerGuard guard{&g_logWarnings}; //!< The previous handler's guard
};

/// The path-arc incidence in both orientations, as compressed rows (values 1).
struct Incidence
{
    std::vector<int64_t> arcRow;  //!< A + 1: each arc's first entry in arcCol
    std::vector<int32_t> arcCol;  //!< E: the paths crossing each arc, ascending
    std::vector<int64_t> pathRow; //!< P + 1: each path's first entry in pathCol
    std::vector<int32_t> pathCol; //!< E: the arcs of each path (once per use)
};

/**
 * \brief y[r] = sum over the entries i of row r of x[col[i]]: a product of a compressed-row
 * 0/1 matrix with a dense one, rows shared by libtorch's intra-op threads (at::parallel_for);
 * each row is summed in its entries' order by one thread, so the result does not depend on
 * the thread count.
 * \param [in] row Row starts (rows + 1)
 * \param [in] col Column of each entry
 * \param [in] x Dense [columns, h], float
 * \return [rows, h]
 */
torch::Tensor
RowSums(const std::vector<int64_t>& row, const std::vector<int32_t>& col, const torch::Tensor& x)
{
    const auto n = static_cast<int64_t>(row.size() - 1);
    const int64_t h = x.size(1);
    const torch::Tensor xc = x.contiguous();
    torch::Tensor y = torch::zeros({n, h}, xc.options());
    const float* in = xc.data_ptr<float>();
    float* out = y.data_ptr<float>();
    at::parallel_for(0, n, 16, [&](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r)
        {
            float* o = out + r * h;
            for (int64_t i = row[r]; i < row[r + 1]; ++i)
            {
                const float* v = in + static_cast<int64_t>(col[i]) * h;
                for (int64_t k = 0; k < h; ++k)
                {
                    o[k] += v[k];
                }
            }
        }
    });
    return y;
}

/**
 * \brief Sums over the incidence, differentiable: toArcs, y[a] = sum of x over the paths
 * crossing a; otherwise y[p] = sum of x over p's arcs. Each one's backward is the other.
 */
struct IncidenceSum : public torch::autograd::Function<IncidenceSum>
{
    /**
     * \param [in] ctx Autograd context
     * \param [in] x Dense [P, h] (toArcs) or [A, h]
     * \param [in] inc The incidence (outlives the graph: the model holds it)
     * \param [in] toArcs Direction
     * \return [A, h] or [P, h]
     */
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx,
                                 torch::Tensor x,
                                 const Incidence* inc,
                                 bool toArcs)
    {
        ctx->saved_data["inc"] = static_cast<int64_t>(reinterpret_cast<intptr_t>(inc));
        ctx->saved_data["toArcs"] = toArcs;
        return toArcs ? RowSums(inc->arcRow, inc->arcCol, x)
                      : RowSums(inc->pathRow, inc->pathCol, x);
    }

    /**
     * \param [in] ctx Autograd context
     * \param [in] grad The output's gradient
     * \return x's gradient (the other direction's sum of it), none for the others
     */
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grad)
    {
        const auto* inc = reinterpret_cast<const Incidence*>(
            static_cast<intptr_t>(ctx->saved_data["inc"].toInt()));
        const bool toArcs = ctx->saved_data["toArcs"].toBool();
        return {toArcs ? RowSums(inc->pathRow, inc->pathCol, grad[0])
                       : RowSums(inc->arcRow, inc->arcCol, grad[0]),
                torch::Tensor(),
                torch::Tensor()};
    }
};

/**
 * \param [in] v Values
 * \return a tensor holding a copy of them
 */
torch::Tensor
LongTensor(std::vector<int64_t>& v)
{
    return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::kLong).clone();
}

/**
 * \brief The incidence's compressed rows: by path as given, by arc with a counting sort.
 * \param [in] arcStart Per path, its first incidence (P + 1 entries)
 * \param [in] pathArcs Every path's arcs, concatenated
 * \param [in] arcs A
 * \return the incidence
 */
Incidence
MakeIncidence(const std::vector<uint64_t>& arcStart,
              const std::vector<uint32_t>& pathArcs,
              int64_t arcs)
{
    const auto paths = static_cast<int64_t>(arcStart.size() - 1);
    Incidence inc;
    inc.pathRow.assign(arcStart.begin(), arcStart.end());
    inc.pathCol.assign(pathArcs.begin(), pathArcs.end());
    inc.arcRow.assign(arcs + 1, 0);
    for (uint32_t a : pathArcs)
    {
        ++inc.arcRow[a + 1];
    }
    for (int64_t a = 0; a < arcs; ++a)
    {
        inc.arcRow[a + 1] += inc.arcRow[a];
    }
    std::vector<int64_t> next(inc.arcRow.begin(), inc.arcRow.end() - 1);
    inc.arcCol.resize(pathArcs.size());
    for (int64_t p = 0; p < paths; ++p)
    {
        for (uint64_t i = arcStart[p]; i < arcStart[p + 1]; ++i)
        {
            inc.arcCol[next[pathArcs[i]]++] = static_cast<int32_t>(p);
        }
    }
    return inc;
}

/// The network: embeddings, message passing, the logit head.
struct GnnImpl : public torch::nn::Module
{
    /**
     * \param [in] hidden Embedding width
     * \param [in] layers Message-passing rounds
     */
    GnnImpl(int64_t hidden, int64_t layers)
    {
        pathIn = register_module("pathIn", torch::nn::Linear(PATH_FEATURES, hidden));
        arcIn = register_module("arcIn", torch::nn::Linear(ARC_FEATURES, hidden));
        for (int64_t l = 0; l < layers; ++l)
        {
            arcUpdate.push_back(register_module("arcUpdate" + std::to_string(l),
                                                torch::nn::Linear(2 * hidden, hidden)));
            pathUpdate.push_back(register_module("pathUpdate" + std::to_string(l),
                                                 torch::nn::Linear(2 * hidden, hidden)));
        }
        head = register_module("head", torch::nn::Linear(hidden, hidden));
        out = register_module("out", torch::nn::Linear(hidden, 1));
    }

    torch::nn::Linear pathIn{nullptr};         //!< Path embedding
    torch::nn::Linear arcIn{nullptr};          //!< Arc embedding
    std::vector<torch::nn::Linear> arcUpdate;  //!< Arc update per round
    std::vector<torch::nn::Linear> pathUpdate; //!< Path update per round
    torch::nn::Linear head{nullptr};           //!< Logit MLP, hidden layer
    torch::nn::Linear out{nullptr};            //!< Logit MLP, output
};

/// One problem's inputs (no parameters).
struct Inputs
{
    torch::Tensor capacity;   //!< [A] normalised capacity
    torch::Tensor pathDemand; //!< [P] normalised demand of the path's commodity
    torch::Tensor pathDead;   //!< [P] bool: the path crosses a down arc
    torch::Tensor pathFeat;   //!< [P, PATH_FEATURES]
    torch::Tensor arcFeat;    //!< [A, ARC_FEATURES]
    double totalDemand{0};    //!< Sum of the normalised demands of all commodities
};

/**
 * \param [in] g A graph
 * \param [in] cs Its commodities
 * \return "N nodes, A arcs, C commodities, P paths"
 */
std::string
Summary(const TeGraph& g, const std::vector<TeSolver::Commodity>& cs)
{
    std::size_t paths = 0;
    for (const auto& c : cs)
    {
        paths += c.paths.size();
    }
    std::ostringstream os;
    os << g.nodes << " nodes, " << g.arcs.size() << " arcs, " << cs.size() << " commodities, "
       << paths << " paths";
    return os.str();
}

} // namespace

class TeLearnedModel::Impl
{
  public:
    Options options;                 //!< Shape and seed
    TeGraph graph;                   //!< The graph (endpoints)
    std::string fingerprint;         //!< Fingerprint(graph, commodities)
    std::string summary;             //!< "N nodes, A arcs, C commodities, P paths"
    uint32_t commodities{0};         //!< C
    std::vector<uint32_t> src;       //!< Per commodity
    std::vector<uint32_t> dst;       //!< Per commodity
    std::vector<uint64_t> pathStart; //!< Per commodity, its first path (C + 1 entries)
    std::vector<uint64_t> arcStart;  //!< Per path, its first incidence (P + 1 entries)
    std::vector<uint32_t> pathArcs;  //!< Every path's arcs, concatenated
    int64_t paths{0};                //!< P
    int64_t arcs{0};                 //!< A
    int64_t rows{0};                 //!< R: commodities with paths
    int64_t width{1};                //!< K: most paths of a commodity
    torch::Tensor pathCommodity;     //!< [P] commodity index
    torch::Tensor slot;              //!< [P] row x K + rank
    torch::Tensor incPath;           //!< [E]
    torch::Tensor incArc;            //!< [E]
    torch::Tensor pathLength;        //!< [P] arcs, float
    torch::Tensor pathRank;          //!< [P] rank / (K - 1), float
    double meanLength{1};            //!< Mean path length
    Incidence incidence;             //!< Compressed rows both ways
    torch::Tensor arcInverse;        //!< [A, 1] 1 / paths crossing the arc (at least 1)
    torch::Tensor pathInverse;       //!< [P, 1] 1 / the path's arcs
    std::shared_ptr<GnnImpl> gnn;    //!< The network

    /**
     * \brief Builds the structure tensors (not the network).
     * \param [in] g The graph
     * \param [in] cs The commodities
     * \param [out] error A bad path
     * \return true on success
     */
    bool Build(const TeGraph& g, const std::vector<TeSolver::Commodity>& cs, std::string& error);

    /**
     * \param [in] p A problem
     * \param [out] error Why it does not match the model
     * \return true if its capacities and commodities fit the structure
     */
    bool Matches(const TeSolver::Problem& p, std::string& error) const;

    /**
     * \param [in] p A matching problem
     * \return its inputs
     */
    Inputs MakeInputs(const TeSolver::Problem& p) const;

    /**
     * \param [in] in Inputs
     * \return the splits [P] (differentiable in the weights)
     */
    torch::Tensor Splits(const Inputs& in) const;

    /**
     * \param [in] in Inputs
     * \param [in] splits [P]
     * \return the loss (a scalar tensor)
     */
    torch::Tensor Loss(const Inputs& in, const torch::Tensor& splits) const;
};

bool
TeLearnedModel::Impl::Build(const TeGraph& g,
                            const std::vector<TeSolver::Commodity>& cs,
                            std::string& error)
{
    graph = g;
    arcs = static_cast<int64_t>(g.arcs.size());
    commodities = static_cast<uint32_t>(cs.size());
    src.clear();
    dst.clear();
    pathStart.assign(1, 0);
    arcStart.assign(1, 0);
    pathArcs.clear();
    width = 1;
    for (uint32_t c = 0; c < cs.size(); ++c)
    {
        const auto& k = cs[c];
        if (k.src >= g.nodes || k.dst >= g.nodes)
        {
            error = "commodity " + std::to_string(c) + ": node " +
                    std::to_string(std::max(k.src, k.dst)) + " is not in the graph of " +
                    std::to_string(g.nodes) + " nodes";
            return false;
        }
        src.push_back(k.src);
        dst.push_back(k.dst);
        width = std::max<int64_t>(width, static_cast<int64_t>(k.paths.size()));
        for (std::size_t q = 0; q < k.paths.size(); ++q)
        {
            const auto& path = k.paths[q];
            uint32_t at = k.src;
            bool ok = !path.empty();
            for (uint32_t a : path)
            {
                ok = ok && a < g.arcs.size() && g.arcs[a].from == at;
                if (!ok)
                {
                    break;
                }
                at = g.arcs[a].to;
                pathArcs.push_back(a);
            }
            if (!ok || at != k.dst)
            {
                error = "commodity " + std::to_string(c) + " (" + std::to_string(k.src) + "->" +
                        std::to_string(k.dst) + "): path " + std::to_string(q) +
                        " is not a non-empty chain of the graph's arcs from its source to its "
                        "destination";
                return false;
            }
            arcStart.push_back(pathArcs.size());
        }
        pathStart.push_back(arcStart.size() - 1);
    }
    paths = static_cast<int64_t>(arcStart.size() - 1);
    if (paths == 0)
    {
        error = "the commodities have no paths";
        return false;
    }
    const int64_t e = static_cast<int64_t>(pathArcs.size());

    std::vector<int64_t> vCommodity(paths);
    std::vector<int64_t> vSlot(paths);
    std::vector<float> vLength(paths);
    std::vector<float> vRank(paths);
    std::vector<int64_t> vIncPath(e);
    std::vector<int64_t> vIncArc(e);
    int64_t row = 0;
    double lengthSum = 0;
    for (uint32_t c = 0; c < commodities; ++c)
    {
        const uint64_t n = pathStart[c + 1] - pathStart[c];
        for (uint64_t q = 0; q < n; ++q)
        {
            const uint64_t p = pathStart[c] + q;
            vCommodity[p] = c;
            vSlot[p] = row * width + static_cast<int64_t>(q);
            vLength[p] = static_cast<float>(arcStart[p + 1] - arcStart[p]);
            vRank[p] = width > 1 ? static_cast<float>(q) / static_cast<float>(width - 1) : 0.0F;
            lengthSum += vLength[p];
            for (uint64_t i = arcStart[p]; i < arcStart[p + 1]; ++i)
            {
                vIncPath[i] = static_cast<int64_t>(p);
                vIncArc[i] = pathArcs[i];
            }
        }
        row += n > 0 ? 1 : 0;
    }
    rows = row;
    meanLength = paths > 0 ? lengthSum / static_cast<double>(paths) : 1.0;

    const auto lng = torch::TensorOptions().dtype(torch::kLong);
    const auto flt = torch::TensorOptions().dtype(torch::kFloat);
    pathCommodity = torch::tensor(vCommodity, lng);
    slot = torch::tensor(vSlot, lng);
    pathLength = torch::tensor(vLength, flt);
    pathRank = torch::tensor(vRank, flt);
    incPath = LongTensor(vIncPath);
    incArc = LongTensor(vIncArc);
    const torch::Tensor ones = torch::ones({e}, flt);
    arcInverse =
        (1.0 / torch::zeros({arcs}, flt).index_add_(0, incArc, ones).clamp_min(1.0)).unsqueeze(1);
    pathInverse = (1.0 / pathLength).unsqueeze(1);
    incidence = MakeIncidence(arcStart, pathArcs, arcs);
    summary = Summary(g, cs);
    fingerprint = TeLearnedModel::Fingerprint(g, cs);
    return true;
}

bool
TeLearnedModel::Impl::Matches(const TeSolver::Problem& p, std::string& error) const
{
    if (p.capacity.size() != static_cast<std::size_t>(arcs))
    {
        error = "the problem has " + std::to_string(p.capacity.size()) +
                " arc capacities; the model was made for " + std::to_string(arcs) + " arcs";
        return false;
    }
    for (std::size_t a = 0; a < p.capacity.size(); ++a)
    {
        if (!std::isfinite(p.capacity[a]) || p.capacity[a] < 0)
        {
            error = "arc " + std::to_string(a) + " has capacity " + std::to_string(p.capacity[a]) +
                    " (need a finite value >= 0)";
            return false;
        }
    }
    if (p.commodities.size() != commodities)
    {
        error = "the problem has " + std::to_string(p.commodities.size()) +
                " commodities; the model was made for " + std::to_string(commodities);
        return false;
    }
    for (uint32_t c = 0; c < commodities; ++c)
    {
        const auto& k = p.commodities[c];
        bool same =
            k.src == src[c] && k.dst == dst[c] && k.paths.size() == pathStart[c + 1] - pathStart[c];
        for (std::size_t q = 0; same && q < k.paths.size(); ++q)
        {
            const uint64_t path = pathStart[c] + q;
            same = k.paths[q].size() == arcStart[path + 1] - arcStart[path] &&
                   std::equal(k.paths[q].begin(),
                              k.paths[q].end(),
                              pathArcs.begin() + static_cast<std::ptrdiff_t>(arcStart[path]));
        }
        if (!same)
        {
            error = "commodity " + std::to_string(c) + " (" + std::to_string(k.src) + "->" +
                    std::to_string(k.dst) +
                    ") differs from the model's (its endpoints or paths): the model was made "
                    "for other commodities";
            return false;
        }
        if (!std::isfinite(k.demand) || k.demand < 0)
        {
            error = "commodity " + std::to_string(c) + " has demand " + std::to_string(k.demand) +
                    " (need a finite value >= 0)";
            return false;
        }
    }
    return true;
}

Inputs
TeLearnedModel::Impl::MakeInputs(const TeSolver::Problem& p) const
{
    torch::NoGradGuard noGrad;
    const auto flt = torch::TensorOptions().dtype(torch::kFloat);
    Inputs in;
    double capSum = 0;
    uint64_t capCount = 0;
    for (double c : p.capacity)
    {
        if (c > 0)
        {
            capSum += c;
            ++capCount;
        }
    }
    const double scale = capCount > 0 ? capSum / static_cast<double>(capCount) : 1.0;
    std::vector<float> cap(arcs);
    for (int64_t a = 0; a < arcs; ++a)
    {
        cap[a] = static_cast<float>(p.capacity[a] / scale);
    }
    std::vector<float> demand(commodities);
    double demandSum = 0;
    double positiveSum = 0;
    uint64_t positive = 0;
    for (uint32_t c = 0; c < commodities; ++c)
    {
        demand[c] = static_cast<float>(p.commodities[c].demand / scale);
        demandSum += p.commodities[c].demand / scale;
        if (p.commodities[c].demand > 0 && pathStart[c + 1] > pathStart[c])
        {
            positiveSum += p.commodities[c].demand / scale;
            ++positive;
        }
    }
    const double meanDemand = positive > 0 ? positiveSum / static_cast<double>(positive) : 1.0;
    in.totalDemand = demandSum;
    in.capacity = torch::tensor(cap, flt);
    const torch::Tensor d = torch::tensor(demand, flt);
    in.pathDemand = d.index_select(0, pathCommodity);

    const torch::Tensor down = in.capacity <= 0;
    const torch::Tensor downF = down.to(torch::kFloat);
    in.pathDead = IncidenceSum::apply(downF.unsqueeze(1), &incidence, false).squeeze(1) > 0;
    const torch::Tensor alive = (~in.pathDead).to(torch::kFloat);
    const torch::Tensor aliveCount = torch::zeros({static_cast<int64_t>(commodities)}, flt)
                                         .index_add_(0, pathCommodity, alive)
                                         .clamp_min(1.0);
    const torch::Tensor uniform = in.pathDemand * alive / aliveCount.index_select(0, pathCommodity);
    const torch::Tensor u = IncidenceSum::apply(uniform.unsqueeze(1), &incidence, true).squeeze(1);
    const torch::Tensor ratio = in.capacity / u.clamp_min(1e-12);
    const torch::Tensor bottleneck =
        torch::ones({paths}, flt)
            .scatter_reduce(0, incPath, ratio.index_select(0, incArc), "amin", true);
    const torch::Tensor pressure =
        torch::where(u > 0,
                     (u / in.capacity.clamp_min(1e-12)).clamp_max(MAX_RATIO),
                     torch::zeros_like(u));
    in.arcFeat = torch::stack({in.capacity, downF, torch::log1p(u), pressure}, 1);
    in.pathFeat = torch::stack({torch::log1p(in.pathDemand),
                                torch::log1p(in.pathDemand / static_cast<float>(meanDemand)),
                                pathLength / static_cast<float>(meanLength),
                                pathRank,
                                bottleneck},
                               1);
    return in;
}

torch::Tensor
TeLearnedModel::Impl::Splits(const Inputs& in) const
{
    GnnImpl& n = *gnn;
    torch::Tensor hp = torch::relu(n.pathIn->forward(in.pathFeat));
    torch::Tensor ha = torch::relu(n.arcIn->forward(in.arcFeat));
    for (std::size_t l = 0; l < n.arcUpdate.size(); ++l)
    {
        const torch::Tensor toArc = IncidenceSum::apply(hp, &incidence, true) * arcInverse;
        ha = ha + torch::relu(n.arcUpdate[l]->forward(torch::cat({ha, toArc}, 1)));
        const torch::Tensor toPath = IncidenceSum::apply(ha, &incidence, false) * pathInverse;
        hp = hp + torch::relu(n.pathUpdate[l]->forward(torch::cat({hp, toPath}, 1)));
    }
    const torch::Tensor logit = n.out->forward(torch::relu(n.head->forward(hp)))
                                    .squeeze(1)
                                    .masked_fill(in.pathDead, DEAD_LOGIT);
    const torch::Tensor padded =
        torch::full({rows * width}, -std::numeric_limits<float>::infinity(), logit.options())
            .scatter(0, slot, logit);
    return torch::softmax(padded.view({rows, width}), 1).view({-1}).index_select(0, slot);
}

torch::Tensor
TeLearnedModel::Impl::Loss(const Inputs& in, const torch::Tensor& splits) const
{
    if (!(in.totalDemand > 0))
    {
        return torch::zeros({}, torch::kFloat);
    }
    const torch::Tensor flow = in.pathDemand * splits;
    const torch::Tensor arcLoad =
        IncidenceSum::apply(flow.unsqueeze(1), &incidence, true).squeeze(1);
    const torch::Tensor ratio = in.capacity / arcLoad.clamp_min(1e-12);
    const torch::Tensor factor =
        torch::ones({paths}, flow.options())
            .scatter_reduce(0, incPath, ratio.index_select(0, incArc), "amin", true);
    return -(flow * factor).sum() / static_cast<float>(in.totalDemand);
}

// ------------------------------------------------------------------------------ the model

TeLearnedModel::TeLearnedModel() = default;
TeLearnedModel::~TeLearnedModel() = default;
TeLearnedModel::TeLearnedModel(TeLearnedModel&&) noexcept = default;
TeLearnedModel& TeLearnedModel::operator=(TeLearnedModel&&) noexcept = default;

bool
TeLearnedModel::Init(const TeGraph& g,
                     const std::vector<TeSolver::Commodity>& commodities,
                     const Options& o,
                     std::string& error)
{
    const QuietTorch quiet;
    if (o.hidden < 1 || o.hidden > MAX_HIDDEN)
    {
        error = "learned TE model: hidden width " + std::to_string(o.hidden) +
                " is out of range (1 to " + std::to_string(MAX_HIDDEN) + ")";
        return false;
    }
    if (o.layers < 1 || o.layers > MAX_LAYERS)
    {
        error = "learned TE model: layers " + std::to_string(o.layers) + " is out of range (1 to " +
                std::to_string(MAX_LAYERS) + ")";
        return false;
    }
    if (!TePaths::Check(g, error))
    {
        error = "learned TE model: " + error;
        return false;
    }
    auto impl = std::make_unique<Impl>();
    impl->options = o;
    try
    {
        if (!impl->Build(g, commodities, error))
        {
            error = "learned TE model: " + error;
            return false;
        }
        torch::manual_seed(o.seed);
        impl->gnn = std::make_shared<GnnImpl>(o.hidden, o.layers);
    }
    catch (const c10::Error& e)
    {
        error = std::string("learned TE model: libtorch failed: ") + e.what_without_backtrace();
        return false;
    }
    m_impl = std::move(impl);
    return true;
}

bool
TeLearnedModel::IsReady() const
{
    return m_impl && m_impl->gnn;
}

bool
TeLearnedModel::Train(const std::vector<TeSolver::Problem>& problems,
                      const TrainOptions& t,
                      TrainReport& report,
                      std::string& error)
{
    const QuietTorch quiet;
    if (!IsReady())
    {
        error = "learned TE model: train an initialised model (Init or Load first)";
        return false;
    }
    if (t.threads < 1)
    {
        error = "learned TE model: training threads must be >= 1 (got 0)";
        return false;
    }
    if (!(t.learningRate > 0) || !std::isfinite(t.learningRate))
    {
        error = "learned TE model: the learning rate must be finite and > 0 (got " +
                std::to_string(t.learningRate) + ")";
        return false;
    }
    if (problems.empty())
    {
        error = "learned TE model: no training problems";
        return false;
    }
    for (std::size_t i = 0; i < problems.size(); ++i)
    {
        if (!m_impl->Matches(problems[i], error))
        {
            error = "learned TE model: training problem " + std::to_string(i) + ": " + error;
            return false;
        }
    }
    const auto start = std::chrono::steady_clock::now();
    TrainReport r;
    try
    {
        torch::set_num_threads(static_cast<int>(t.threads));
        std::vector<Inputs> inputs;
        inputs.reserve(problems.size());
        for (const auto& p : problems)
        {
            inputs.push_back(m_impl->MakeInputs(p));
        }
        auto meanLoss = [&]() {
            torch::NoGradGuard noGrad;
            double sum = 0;
            for (const auto& in : inputs)
            {
                sum += m_impl->Loss(in, m_impl->Splits(in)).item<double>();
            }
            return sum / static_cast<double>(inputs.size());
        };
        r.initialLoss = meanLoss();
        torch::manual_seed(m_impl->options.seed);
        torch::optim::Adam adam(m_impl->gnn->parameters(),
                                torch::optim::AdamOptions(t.learningRate));
        const auto n = static_cast<int64_t>(inputs.size());
        for (uint32_t epoch = 0; epoch < t.epochs; ++epoch)
        {
            const torch::Tensor order = torch::randperm(n, torch::kLong);
            double sum = 0;
            for (int64_t i = 0; i < n; ++i)
            {
                const Inputs& in = inputs[order[i].item<int64_t>()];
                adam.zero_grad();
                const torch::Tensor loss = m_impl->Loss(in, m_impl->Splits(in));
                sum += loss.item<double>();
                if (loss.requires_grad())
                {
                    loss.backward();
                    torch::nn::utils::clip_grad_norm_(m_impl->gnn->parameters(), 1.0);
                    adam.step();
                }
            }
            r.epochLoss.push_back(sum / static_cast<double>(n));
            NS_LOG_INFO("epoch " << epoch << ": loss " << r.epochLoss.back());
        }
        r.finalLoss = meanLoss();
    }
    catch (const c10::Error& e)
    {
        error = std::string("learned TE model: libtorch failed in training: ") +
                e.what_without_backtrace();
        return false;
    }
    r.seconds = optical::SecondsSince(start);
    report = std::move(r);
    return true;
}

double
TeLearnedModel::Loss(const TeSolver::Problem& p) const
{
    const QuietTorch quiet;
    std::string error;
    if (!IsReady() || !m_impl->Matches(p, error))
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    torch::NoGradGuard noGrad;
    const Inputs in = m_impl->MakeInputs(p);
    return m_impl->Loss(in, m_impl->Splits(in)).item<double>();
}

bool
TeLearnedModel::Predict(const TeSolver::Problem& p,
                        std::vector<std::vector<double>>& splits,
                        std::string& error) const
{
    const QuietTorch quiet;
    if (!IsReady())
    {
        error = "learned TE model: no model (Init, Load or train one with te-train)";
        return false;
    }
    if (!m_impl->Matches(p, error))
    {
        error = "learned TE model: " + error;
        return false;
    }
    const auto start = std::chrono::steady_clock::now();
    torch::NoGradGuard noGrad;
    const Inputs in = m_impl->MakeInputs(p);
    t_lastSetupSeconds = optical::SecondsSince(start);
    const torch::Tensor s = m_impl->Splits(in).contiguous();
    const float* v = s.data_ptr<float>();
    const auto& starts = m_impl->pathStart;
    std::vector<std::vector<double>> out(m_impl->commodities);
    for (uint32_t c = 0; c < m_impl->commodities; ++c)
    {
        out[c].assign(v + starts[c], v + starts[c + 1]);
    }
    splits = std::move(out);
    return true;
}

bool
TeLearnedModel::Save(const std::string& file, std::string& error) const
{
    const QuietTorch quiet;
    if (!IsReady())
    {
        error = "learned TE model: nothing to save to " + file + " (no model)";
        return false;
    }
    try
    {
        torch::serialize::OutputArchive archive;
        m_impl->gnn->save(archive);
        archive.write("te_format", c10::IValue(FILE_FORMAT));
        archive.write("te_hidden", c10::IValue(static_cast<int64_t>(m_impl->options.hidden)));
        archive.write("te_layers", c10::IValue(static_cast<int64_t>(m_impl->options.layers)));
        archive.write("te_seed", c10::IValue(static_cast<int64_t>(m_impl->options.seed)));
        archive.write("te_fingerprint", c10::IValue(m_impl->fingerprint));
        archive.write("te_summary", c10::IValue(m_impl->summary));
        archive.save_to(file);
    }
    catch (const c10::Error& e)
    {
        error = "cannot write model file " + file + ": " + e.what_without_backtrace();
        return false;
    }
    return true;
}

bool
TeLearnedModel::Load(const std::string& file,
                     const TeGraph& g,
                     const std::vector<TeSolver::Commodity>& commodities,
                     std::string& error)
{
    const QuietTorch quiet;
    if (!std::ifstream(file).good())
    {
        error = "model file " + file +
                " cannot be opened (missing or unreadable): train one with te-train";
        return false;
    }
    try
    {
        torch::serialize::InputArchive archive;
        archive.load_from(file);
        c10::IValue v;
        auto readInt = [&](const std::string& key) {
            archive.read(key, v);
            return v.toInt();
        };
        if (readInt("te_format") != FILE_FORMAT)
        {
            error = "model file " + file + " has format " + std::to_string(v.toInt()) +
                    " (this build reads format " + std::to_string(FILE_FORMAT) +
                    "): train it again with te-train";
            return false;
        }
        Options o;
        o.hidden = static_cast<uint32_t>(readInt("te_hidden"));
        o.layers = static_cast<uint32_t>(readInt("te_layers"));
        o.seed = static_cast<uint64_t>(readInt("te_seed"));
        archive.read("te_fingerprint", v);
        const std::string saved = v.toStringRef();
        archive.read("te_summary", v);
        const std::string savedSummary = v.toStringRef();
        const std::string here = Fingerprint(g, commodities);
        if (saved != here)
        {
            const std::string hereSummary = Summary(g, commodities);
            error = "model file " + file +
                    " was made for another topology or other paths (fingerprint " + saved + ": " +
                    savedSummary + "; this network " + here + ": " + hereSummary +
                    "): train one with te-train --topology=... for this network";
            return false;
        }
        if (o.hidden < 1 || o.hidden > MAX_HIDDEN || o.layers < 1 || o.layers > MAX_LAYERS)
        {
            error = "model file " + file + " has a bad shape (hidden " + std::to_string(o.hidden) +
                    ", layers " + std::to_string(o.layers) + ")";
            return false;
        }
        if (!TePaths::Check(g, error))
        {
            error = "learned TE model: " + error;
            return false;
        }
        auto impl = std::make_unique<Impl>();
        impl->options = o;
        if (!impl->Build(g, commodities, error))
        {
            error = "learned TE model: " + error;
            return false;
        }
        impl->gnn = std::make_shared<GnnImpl>(o.hidden, o.layers);
        impl->gnn->load(archive);
        m_impl = std::move(impl);
    }
    catch (const c10::Error& e)
    {
        error = "model file " + file +
                " is not a readable TE model (corrupt or of another "
                "kind): " +
                e.what_without_backtrace();
        return false;
    }
    return true;
}

bool
TeLearnedModel::IsAvailable()
{
    return true;
}

std::string
TeLearnedModel::GetUnavailableReason()
{
    return "";
}

void
TeLearnedModel::SetThreads(uint32_t threads)
{
    torch::set_num_threads(static_cast<int>(threads));
}

double
TeLearnedModel::GetLastSetupSeconds()
{
    return t_lastSetupSeconds;
}

} // namespace ns3
