/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The learned TE initializer (TeLearnedModel, a small graph neural network on libtorch) and the
// "learned" TE method: the loss against hand-computed bottleneck cuts and against TeMethod's
// repair, training against the uniform split, splits, saving and loading (and refusing a file
// of another network), determinism, and the method's allocations.

#include "../../common/optical-test-compat.h"

#include "ns3/optical-module.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <unistd.h>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// The B4 network, its commodities (4 edge-disjoint paths each) and a few training problems.
struct B4
{
    TeTopology topo;                              //!< The topology
    std::vector<TeSolver::Commodity> commodities; //!< Demands 0
    std::vector<TeSolver::Problem> problems;      //!< Training problems
};

/**
 * \param [in] topo A topology
 * \param [in] commodities Its commodities
 * \param [in] kind Matrix kind
 * \param [in] load Load (TeTopology::ScaleForLoad)
 * \param [in] stream Random stream of the matrix
 * \return the problem
 */
TeSolver::Problem
MakeProblem(const TeTopology& topo,
            const std::vector<TeSolver::Commodity>& commodities,
            const std::string& kind,
            double load,
            int64_t stream)
{
    auto rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    std::vector<TrafficMatrix::Demand> demands;
    std::string error;
    NS_ABORT_MSG_UNLESS(
        TrafficMatrix::Make(kind, topo.GetGravityWeights(), 1.0, rng, demands, error),
        error);
    const double total = topo.ScaleForLoad(demands, commodities, load);
    for (auto& d : demands)
    {
        d.gbps *= total;
    }
    TeSolver::Problem p;
    p.capacity = topo.capacity;
    p.commodities = commodities;
    NS_ABORT_MSG_UNLESS(topo.SetDemands(demands, p.commodities, error), error);
    return p;
}

/// \return B4 with 6 problems: gravity at loads 1.2 and 1.6, bimodal at 1.0 to 1.6
B4
MakeB4()
{
    B4 b;
    std::string error;
    NS_ABORT_MSG_UNLESS(TeTopology::Load("b4", b.topo, error), error);
    NS_ABORT_MSG_UNLESS(b.topo.MakeCommodities(4, "edge-disjoint", 1, b.commodities, error), error);
    b.problems.push_back(MakeProblem(b.topo, b.commodities, "gravity", 1.2, 1));
    b.problems.push_back(MakeProblem(b.topo, b.commodities, "gravity", 1.6, 1));
    for (int64_t s = 0; s < 4; ++s)
    {
        b.problems.push_back(MakeProblem(b.topo, b.commodities, "bimodal", 1.0 + 0.2 * s, 10 + s));
    }
    return b;
}

/**
 * \brief The loss by its definition, in plain loops: flows = demand x split, each path cut to
 * the smallest capacity / load over its arcs (at most 1), minus the carried share.
 * \param [in] p The problem
 * \param [in] splits [commodity][path]
 * \return the loss
 */
double
HandLoss(const TeSolver::Problem& p, const std::vector<std::vector<double>>& splits)
{
    std::vector<double> load(p.capacity.size(), 0);
    double total = 0;
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        total += p.commodities[c].demand;
        for (std::size_t q = 0; q < p.commodities[c].paths.size(); ++q)
        {
            for (uint32_t a : p.commodities[c].paths[q])
            {
                load[a] += p.commodities[c].demand * splits[c][q];
            }
        }
    }
    double carried = 0;
    for (std::size_t c = 0; c < p.commodities.size(); ++c)
    {
        for (std::size_t q = 0; q < p.commodities[c].paths.size(); ++q)
        {
            double cut = 1;
            for (uint32_t a : p.commodities[c].paths[q])
            {
                if (load[a] > 0)
                {
                    cut = std::min(cut, p.capacity[a] / load[a]);
                }
            }
            carried += p.commodities[c].demand * splits[c][q] * cut;
        }
    }
    return total > 0 ? -carried / total : 0;
}

/// \return equal splits over each commodity's paths
std::vector<std::vector<double>>
UniformSplits(const TeSolver::Problem& p)
{
    std::vector<std::vector<double>> s;
    for (const auto& c : p.commodities)
    {
        s.emplace_back(c.paths.size(), 1.0 / static_cast<double>(c.paths.size()));
    }
    return s;
}

/// \return a file name for this test in the temporary directory
std::string
TempFile(const std::string& name)
{
    return (std::filesystem::temp_directory_path() /
            ("optical-te-learned-" + std::to_string(getpid()) + "-" + name))
        .string();
}

/// \return a small model's shape
TeLearnedModel::Options
SmallShape(uint64_t seed = 1)
{
    TeLearnedModel::Options o;
    o.hidden = 16;
    o.layers = 2;
    o.seed = seed;
    return o;
}

/// \return short training
TeLearnedModel::TrainOptions
ShortTraining()
{
    TeLearnedModel::TrainOptions t;
    t.epochs = 40;
    t.learningRate = 1e-2;
    t.threads = 1;
    return t;
}

/// The loss on hand-made cases equals the hand-computed bottleneck cut.
class LossTestCase : public TestCase
{
  public:
    LossTestCase()
        : TestCase("loss: one arc of 10 for a demand of 20 carries half (-0.5); two demands over "
                   "a failed and two shared arcs; any splits: the definition's value")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        // Two nodes, one arc of capacity 10, a demand of 20 on it: half of it fits.
        TeGraph g;
        g.nodes = 2;
        g.arcs = {{0, 1, 1}};
        TeSolver::Problem p;
        p.capacity = {10};
        p.commodities = {{0, 1, 20, {{0}}}};
        TeLearnedModel m;
        NS_TEST_ASSERT_MSG_EQ(m.Init(g, p.commodities, SmallShape(), error), true, error);
        NS_TEST_ASSERT_MSG_EQ_TOL(m.Loss(p), -0.5, 1e-7, "10 of 20 carried");
        p.capacity = {30};
        NS_TEST_ASSERT_MSG_EQ_TOL(m.Loss(p), -1.0, 1e-7, "all carried");
        p.capacity = {0};
        NS_TEST_ASSERT_MSG_EQ_TOL(m.Loss(p), 0.0, 1e-7, "link down: nothing");

        // 0->1 (10), 1->2 (4), 0->2 (down). Commodity 0->2 (12) over [0,1] or [2]; commodity
        // 0->1 (8) over [0]. The failed path gets nothing, so arc 0 carries 20 (cut 1/2) and
        // arc 1 12 (cut 1/3): 12 / 3 + 8 / 2 = 8 of 20.
        TeGraph h;
        h.nodes = 3;
        h.arcs = {{0, 1, 1}, {1, 2, 1}, {0, 2, 1}};
        TeSolver::Problem q;
        q.capacity = {10, 4, 0};
        q.commodities = {{0, 2, 12, {{0, 1}, {2}}}, {0, 1, 8, {{0}}}};
        TeLearnedModel n;
        NS_TEST_ASSERT_MSG_EQ(n.Init(h, q.commodities, SmallShape(), error), true, error);
        std::vector<std::vector<double>> s;
        NS_TEST_ASSERT_MSG_EQ(n.Predict(q, s, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(s[0][1], 0.0, "the path over the failed arc gets nothing");
        NS_TEST_ASSERT_MSG_EQ_TOL(s[0][0], 1.0, 1e-7, "the other gets everything");
        NS_TEST_ASSERT_MSG_EQ_TOL(n.Loss(q), -0.4, 1e-6, "8 of 20");
        // With the arc up, the untrained model's splits give the definition's value.
        q.capacity = {10, 4, 6};
        NS_TEST_ASSERT_MSG_EQ(n.Predict(q, s, error), true, error);
        NS_TEST_ASSERT_MSG_GT(s[0][1], 0.01, "both paths used");
        NS_TEST_ASSERT_MSG_EQ_TOL(n.Loss(q), HandLoss(q, s), 1e-6, "loss by definition");
        // Demand 0 everywhere: nothing to carry, loss 0.
        q.commodities[0].demand = 0;
        q.commodities[1].demand = 0;
        NS_TEST_ASSERT_MSG_EQ(n.Loss(q), 0.0, "no demand");
        // A problem of another shape.
        NS_TEST_ASSERT_MSG_EQ(std::isnan(n.Loss(p)), true, "mismatch: NaN");
        NS_TEST_ASSERT_MSG_EQ(n.Predict(p, s, error), false, "mismatch refused");
        NS_TEST_ASSERT_MSG_NE(error.find("1 arc capacities"), std::string::npos, error);
    }
};

/// Training lowers the loss on B4, below the uniform split's, and the splits are sound.
class TrainTestCase : public TestCase
{
  public:
    TrainTestCase()
        : TestCase("train on B4: the loss falls clearly, below the uniform split's (also on an "
                   "unseen matrix); loss = TeMethod's scaling repair; splits sum to 1")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        B4 b = MakeB4();
        TeLearnedModel m;
        NS_TEST_ASSERT_MSG_EQ(m.Init(b.topo.graph, b.commodities, SmallShape(), error),
                              true,
                              error);
        TeLearnedModel::TrainReport r;
        const auto t = ShortTraining();
        NS_TEST_ASSERT_MSG_EQ(m.Train(b.problems, t, r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.epochLoss.size(), t.epochs, "one loss per epoch");
        double uniform = 0;
        double trained = 0;
        for (const auto& p : b.problems)
        {
            uniform += HandLoss(p, UniformSplits(p)) / static_cast<double>(b.problems.size());
            trained += m.Loss(p) / static_cast<double>(b.problems.size());
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(r.finalLoss, trained, 1e-6, "final loss = mean of Loss()");
        // The demand does not all fit (the uniform split carries about 40 to 70%).
        NS_TEST_ASSERT_MSG_GT(uniform, -0.9, "not everything fits");
        // An untrained network splits nearly evenly; training gains several % of the demand.
        NS_TEST_ASSERT_MSG_LT(r.finalLoss, r.initialLoss - 0.05, "training lowers the loss");
        NS_TEST_ASSERT_MSG_LT(trained, uniform - 0.05, "trained beats the uniform split");
        NS_TEST_ASSERT_MSG_LT(r.epochLoss.back(), r.epochLoss.front(), "epoch losses fall");

        // An unseen matrix (another bimodal draw).
        const auto unseen = MakeProblem(b.topo, b.commodities, "bimodal", 1.3, 99);
        NS_TEST_ASSERT_MSG_LT(m.Loss(unseen),
                              HandLoss(unseen, UniformSplits(unseen)) - 0.03,
                              "it generalises to an unseen matrix");

        // The loss is what TeMethod's scaling repair (without fill) carries of the demand.
        for (const auto& p : {b.problems[0], unseen})
        {
            std::vector<std::vector<double>> s;
            NS_TEST_ASSERT_MSG_EQ(m.Predict(p, s, error), true, error);
            TeSolver::Solution sol;
            sol.pathFlow = s;
            for (std::size_t c = 0; c < s.size(); ++c)
            {
                NS_TEST_ASSERT_MSG_EQ(s[c].size(), p.commodities[c].paths.size(), "paths");
                double sum = 0;
                for (std::size_t q = 0; q < s[c].size(); ++q)
                {
                    NS_TEST_ASSERT_MSG_GT_OR_EQ(s[c][q], 0.0, "share >= 0");
                    sum += s[c][q];
                    sol.pathFlow[c][q] *= p.commodities[c].demand;
                }
                NS_TEST_ASSERT_MSG_EQ_TOL(sum, 1.0, 1e-5, "shares sum to 1");
            }
            TeMethod::Repair(b.topo.graph, p, sol, false);
            const double share = sol.throughput / TeMethod::TotalDemand(p);
            NS_TEST_ASSERT_MSG_EQ_TOL(m.Loss(p), -share, 2e-5, "loss = repaired share");
            NS_TEST_ASSERT_MSG_EQ_TOL(m.Loss(p), HandLoss(p, s), 2e-5, "loss by definition");
        }

        // A failed link: the paths over it get nothing.
        auto failed = b.problems[0];
        const uint32_t down = failed.commodities[0].paths[0][0];
        failed.capacity[down] = 0;
        std::vector<std::vector<double>> s;
        NS_TEST_ASSERT_MSG_EQ(m.Predict(failed, s, error), true, error);
        uint32_t crossing = 0;
        for (std::size_t c = 0; c < s.size(); ++c)
        {
            for (std::size_t q = 0; q < s[c].size(); ++q)
            {
                const auto& path = failed.commodities[c].paths[q];
                if (std::find(path.begin(), path.end(), down) != path.end())
                {
                    ++crossing;
                    NS_TEST_ASSERT_MSG_EQ(s[c][q], 0.0, "no share over the failed arc");
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(crossing, 0, "some paths cross the failed arc");
    }
};

/// Saving, loading, refusing another network's file; determinism.
class SaveLoadTestCase : public TestCase
{
  public:
    SaveLoadTestCase()
        : TestCase("save and load: identical splits; a file of another topology or other paths, "
                   "a missing and a corrupt file refused; same seed, same model")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        B4 b = MakeB4();
        // Same seed and training: the same model; another seed: another.
        TeLearnedModel m;
        TeLearnedModel twin;
        TeLearnedModel other;
        NS_TEST_ASSERT_MSG_EQ(m.Init(b.topo.graph, b.commodities, SmallShape(3), error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(twin.Init(b.topo.graph, b.commodities, SmallShape(3), error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(other.Init(b.topo.graph, b.commodities, SmallShape(4), error),
                              true,
                              error);
        auto t = ShortTraining();
        t.epochs = 3;
        TeLearnedModel::TrainReport r;
        TeLearnedModel::TrainReport rTwin;
        NS_TEST_ASSERT_MSG_EQ(m.Train(b.problems, t, r, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(twin.Train(b.problems, t, rTwin, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(other.Train(b.problems, t, rTwin, error), true, error);
        const auto& p = b.problems[1];
        std::vector<std::vector<double>> sm;
        std::vector<std::vector<double>> sTwin;
        std::vector<std::vector<double>> sOther;
        NS_TEST_ASSERT_MSG_EQ(m.Predict(p, sm, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(twin.Predict(p, sTwin, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(other.Predict(p, sOther, error), true, error);
        NS_TEST_ASSERT_MSG_EQ((sm == sTwin), true, "same seed: identical splits");
        NS_TEST_ASSERT_MSG_EQ((sm == sOther), false, "another seed: other splits");

        const std::string file = TempFile("b4.pt");
        NS_TEST_ASSERT_MSG_EQ(m.Save(file, error), true, error);
        TeLearnedModel loaded;
        NS_TEST_ASSERT_MSG_EQ(loaded.IsReady(), false, "empty");
        NS_TEST_ASSERT_MSG_EQ(loaded.Load(file, b.topo.graph, b.commodities, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(loaded.IsReady(), true, "loaded");
        std::vector<std::vector<double>> sLoaded;
        NS_TEST_ASSERT_MSG_EQ(loaded.Predict(p, sLoaded, error), true, error);
        NS_TEST_ASSERT_MSG_EQ((sm == sLoaded), true, "reloaded: identical splits");
        NS_TEST_ASSERT_MSG_EQ(loaded.Loss(p), m.Loss(p), "reloaded: identical loss");

        // Fingerprints: capacities and demands do not matter, paths do.
        const std::string fp = TeLearnedModel::Fingerprint(b.topo.graph, b.commodities);
        NS_TEST_ASSERT_MSG_EQ(fp.size(), 16, "16 hex digits");
        NS_TEST_ASSERT_MSG_EQ(TeLearnedModel::Fingerprint(b.topo.graph, p.commodities),
                              fp,
                              "demands do not count");
        std::vector<TeSolver::Commodity> ksp;
        NS_TEST_ASSERT_MSG_EQ(b.topo.MakeCommodities(4, "ksp", 1, ksp, error), true, error);
        NS_TEST_ASSERT_MSG_NE(TeLearnedModel::Fingerprint(b.topo.graph, ksp), fp, "paths count");
        TeLearnedModel refused;
        NS_TEST_ASSERT_MSG_EQ(refused.Load(file, b.topo.graph, ksp, error), false, "other paths");
        NS_TEST_ASSERT_MSG_NE(
            error.find("model file " + file + " was made for another topology or other paths"),
            std::string::npos,
            error);
        NS_TEST_ASSERT_MSG_NE(error.find("te-train --topology="), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find(fp), std::string::npos, error);

        WanTopology wan;
        NS_TEST_ASSERT_MSG_EQ(wan.Load("continental-backbone", error), true, error);
        const TeTopology backbone = TeTopology::FromWan(wan, 100);
        std::vector<TeSolver::Commodity> bc;
        NS_TEST_ASSERT_MSG_EQ(backbone.MakeCommodities(4, "edge-disjoint", 1, bc, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(refused.Load(file, backbone.graph, bc, error), false, "topology");
        NS_TEST_ASSERT_MSG_NE(error.find("another topology"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("25 nodes"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("12 nodes"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(refused.IsReady(), false, "nothing loaded");

        const std::string missing = TempFile("missing.pt");
        NS_TEST_ASSERT_MSG_EQ(refused.Load(missing, b.topo.graph, b.commodities, error),
                              false,
                              "missing");
        NS_TEST_ASSERT_MSG_NE(error.find(missing), std::string::npos, error);
        const std::string corrupt = TempFile("corrupt.pt");
        std::ofstream(corrupt) << "not a model\n";
        NS_TEST_ASSERT_MSG_EQ(refused.Load(corrupt, b.topo.graph, b.commodities, error),
                              false,
                              "corrupt");
        NS_TEST_ASSERT_MSG_NE(error.find(corrupt), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("not a readable TE model"), std::string::npos, error);
        std::remove(corrupt.c_str());
        std::remove(file.c_str());

        // Bad shapes and inputs.
        TeLearnedModel::Options bad = SmallShape();
        bad.hidden = 0;
        NS_TEST_ASSERT_MSG_EQ(refused.Init(b.topo.graph, b.commodities, bad, error), false, "0");
        NS_TEST_ASSERT_MSG_NE(error.find("hidden width 0"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(refused.Predict(p, sm, error), false, "no model");
        auto badPath = b.commodities;
        badPath[5].paths[0].pop_back();
        NS_TEST_ASSERT_MSG_EQ(refused.Init(b.topo.graph, badPath, SmallShape(), error),
                              false,
                              "broken path");
        NS_TEST_ASSERT_MSG_NE(error.find("commodity 5"), std::string::npos, error);
        t.threads = 0;
        NS_TEST_ASSERT_MSG_EQ(m.Train(b.problems, t, r, error), false, "0 threads");
    }
};

/// The "learned" TE method: feasible, flow-conserving allocations; its model file.
class MethodTestCase : public TestCase
{
  public:
    MethodTestCase()
        : TestCase("learned method: feasible, conserving allocations at least as good as the "
                   "model's cut flows; a model trained when none is given; ModelFile loaded, "
                   "reloaded, missing, of another network")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        B4 b = MakeB4();
        auto model = std::make_shared<TeLearnedModel>();
        NS_TEST_ASSERT_MSG_EQ(model->Init(b.topo.graph, b.commodities, SmallShape(), error),
                              true,
                              error);
        TeLearnedModel::TrainReport r;
        auto t = ShortTraining();
        t.epochs = 10;
        NS_TEST_ASSERT_MSG_EQ(model->Train(b.problems, t, r, error), true, error);

        Ptr<TeMethod> method = TeMethod::Create("learned", error);
        NS_TEST_ASSERT_MSG_NE(method, nullptr, error);
        NS_TEST_ASSERT_MSG_EQ(method->GetName(), "learned", "name");
        auto learned = DynamicCast<TeLearnedMethod>(method);
        NS_TEST_ASSERT_MSG_NE(learned->GetAdmm(), nullptr, "its ADMM stage");
        const auto& p = b.problems[3];
        TeSolver::Solution s;
        // Without a model it trains one for the network (setup time), the same for the same
        // TrainSeed.
        std::vector<std::vector<double>> trainedFlows;
        for (int twice = 0; twice < 2; ++twice)
        {
            Ptr<TeMethod> own = TeMethod::Create("learned", error);
            own->SetAttribute("TrainMatrices", UintegerValue(4));
            own->SetAttribute("TrainEpochs", UintegerValue(5));
            TeSolver::Solution o;
            NS_TEST_ASSERT_MSG_EQ(own->Allocate(b.topo.graph, p, o, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(TeMethod::CheckFeasible(b.topo.graph, p, o, error), true, error);
            NS_TEST_EXPECT_MSG_GT(o.buildSeconds, 0.0, "training counted as setup");
            if (twice == 0)
            {
                trainedFlows = o.pathFlow;
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ((o.pathFlow == trainedFlows), true, "same TrainSeed");
            }
        }

        learned->SetModel(model);
        for (uint32_t iterations : {0U, 20U})
        {
            method->SetAttribute("AdmmIterations", UintegerValue(iterations));
            NS_TEST_ASSERT_MSG_EQ(method->Allocate(b.topo.graph, p, s, error), true, error);
            NS_TEST_ASSERT_MSG_EQ(TeMethod::CheckFeasible(b.topo.graph, p, s, error), true, error);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(s.buildSeconds, 0.0, "setup time");
            // Conservation at every node: what enters minus what leaves is what the
            // commodities ending there receive minus what those starting there send.
            std::vector<double> balance(b.topo.graph.nodes, 0);
            double scale = 0;
            for (std::size_t a = 0; a < b.topo.graph.arcs.size(); ++a)
            {
                balance[b.topo.graph.arcs[a].to] += s.arcLoad[a];
                balance[b.topo.graph.arcs[a].from] -= s.arcLoad[a];
                scale = std::max(scale, s.arcLoad[a]);
            }
            for (std::size_t c = 0; c < p.commodities.size(); ++c)
            {
                const double f = std::accumulate(s.pathFlow[c].begin(), s.pathFlow[c].end(), 0.0);
                balance[p.commodities[c].dst] -= f;
                balance[p.commodities[c].src] += f;
            }
            for (double x : balance)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(x, 0.0, 1e-9 * scale, "flow conserved");
            }
            if (iterations == 0)
            {
                // Without ADMM the allocation is the model's flows, cut and then filled: at
                // least the share the loss counts.
                NS_TEST_ASSERT_MSG_GT_OR_EQ(s.throughput / TeMethod::TotalDemand(p),
                                            -model->Loss(p) - 1e-5,
                                            "the fill only adds");
            }
        }

        // From a file: loaded at the first allocation, refused for another network.
        const std::string file = TempFile("method.pt");
        NS_TEST_ASSERT_MSG_EQ(model->Save(file, error), true, error);
        Ptr<TeMethod> fromFile = TeMethod::Create("learned", error);
        fromFile->SetAttribute("ModelFile", StringValue(file));
        fromFile->SetAttribute("AdmmIterations", UintegerValue(0));
        TeSolver::Solution f;
        NS_TEST_ASSERT_MSG_EQ(fromFile->Allocate(b.topo.graph, p, f, error), true, error);
        method->SetAttribute("AdmmIterations", UintegerValue(0));
        NS_TEST_ASSERT_MSG_EQ(method->Allocate(b.topo.graph, p, s, error), true, error);
        NS_TEST_ASSERT_MSG_EQ((f.pathFlow == s.pathFlow), true, "the file's model is the same");

        WanTopology wan;
        NS_TEST_ASSERT_MSG_EQ(wan.Load("continental-backbone", error), true, error);
        const TeTopology backbone = TeTopology::FromWan(wan, 100);
        std::vector<TeSolver::Commodity> bc;
        NS_TEST_ASSERT_MSG_EQ(backbone.MakeCommodities(4, "edge-disjoint", 1, bc, error),
                              true,
                              error);
        const auto bq = MakeProblem(backbone, bc, "gravity", 1.0, 1);
        NS_TEST_ASSERT_MSG_EQ(fromFile->Allocate(backbone.graph, bq, f, error), false, "refused");
        NS_TEST_ASSERT_MSG_NE(error.find("another topology"), std::string::npos, error);
        // Back on B4 it loads again.
        NS_TEST_ASSERT_MSG_EQ(fromFile->Allocate(b.topo.graph, p, f, error), true, error);

        fromFile->SetAttribute("ModelFile", StringValue(TempFile("nowhere.pt")));
        NS_TEST_ASSERT_MSG_EQ(fromFile->Allocate(b.topo.graph, p, f, error), false, "missing");
        NS_TEST_ASSERT_MSG_NE(error.find(TempFile("nowhere.pt")), std::string::npos, error);
        std::remove(file.c_str());
    }
};

/// The suite.
/// A build without libtorch: the model and the method refuse, naming libtorch-dev.
class UnavailableTestCase : public TestCase
{
  public:
    UnavailableTestCase()
        : TestCase("without libtorch the learned model and method refuse, naming libtorch-dev")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(TeMethod::Create("learned", error), nullptr, "refused");
        NS_TEST_EXPECT_MSG_NE(error.find("libtorch-dev"), std::string::npos, error);
        TeLearnedModel model;
        NS_TEST_EXPECT_MSG_EQ(model.Load("any.pt", TeGraph(), {}, error), false, "no model");
        NS_TEST_EXPECT_MSG_NE(error.find("libtorch-dev"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(model.IsReady(), false, "not ready");
    }
};

class TeLearnedTestSuite : public TestSuite
{
  public:
    TeLearnedTestSuite()
        : TestSuite("optical-wan-te-learned", SUITE_UNIT)
    {
        if (!TeLearnedModel::IsAvailable())
        {
            AddTestCase(new UnavailableTestCase, TEST_QUICK);
            return;
        }
        AddTestCase(new LossTestCase, TEST_QUICK);
        AddTestCase(new TrainTestCase, TEST_QUICK);
        AddTestCase(new SaveLoadTestCase, TEST_QUICK);
        AddTestCase(new MethodTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static TeLearnedTestSuite g_teLearnedTestSuite;

} // namespace
