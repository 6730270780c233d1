/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The "learned" TE method: a TeLearnedModel's splits (te-learned-model.cc, on libtorch) start
// ADMM. Without libtorch (te-learned-model-none.cc) the method refuses to run, saying how to
// get it.
//
// The method (TeLearnedMethod): at the first allocation, and whenever ModelFile or the network's
// fingerprint changes, it loads ModelFile (unless a model was given by SetModel, which is used
// as it is); without either it trains a model for the network on TrainMatrices noisy copies of
// that first problem (counted as setup time), as te-train would. Then Predict (libtorch threads =
// Threads), flows = split x demand, and those start its TeAdmmMethod (MaxIterations =
// AdmmIterations, Threads passed on) through SetInitialFlows and Allocate, which repairs; with
// AdmmIterations 0 the flows go straight to TeMethod's repair. buildSeconds = loading the model +
// building the problem's inputs; the rest (the network, ADMM, the repairs) is solve time.

#include "te-learned.h"

#include "ns3/log.h"
#include "ns3/optical-util.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeLearnedMethod");
NS_OBJECT_ENSURE_REGISTERED(TeLearnedMethod);

std::string
TeLearnedModel::Fingerprint(const TeGraph& g, const std::vector<TeSolver::Commodity>& commodities)
{
    uint64_t h = optical::FNV_OFFSET;
    h = optical::Fnv1aWord(h, g.nodes);
    h = optical::Fnv1aWord(h, static_cast<uint32_t>(g.arcs.size()));
    for (const auto& a : g.arcs)
    {
        h = optical::Fnv1aWord(optical::Fnv1aWord(h, a.from), a.to);
    }
    h = optical::Fnv1aWord(h, static_cast<uint32_t>(commodities.size()));
    for (const auto& c : commodities)
    {
        h = optical::Fnv1aWord(optical::Fnv1aWord(optical::Fnv1aWord(h, c.src), c.dst),
                               static_cast<uint32_t>(c.paths.size()));
        for (const auto& path : c.paths)
        {
            h = optical::Fnv1aWord(h, static_cast<uint32_t>(path.size()));
            for (uint32_t a : path)
            {
                h = optical::Fnv1aWord(h, a);
            }
        }
    }
    char text[17];
    std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(h));
    return text;
}

// ----------------------------------------------------------------------------- the method

TypeId
TeLearnedMethod::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TeLearnedMethod")
            .SetParent<TeMethod>()
            .SetGroupName("Optical")
            .AddConstructor<TeLearnedMethod>()
            .AddAttribute("ModelFile",
                          "The trained model (te-train writes it), loaded at the first "
                          "allocation and again whenever the graph or the paths change",
                          StringValue(""),
                          MakeStringAccessor(&TeLearnedMethod::m_modelFile),
                          MakeStringChecker())
            .AddAttribute("AdmmIterations",
                          "ADMM iterations (TeAdmmMethod's MaxIterations) that refine the "
                          "model's allocation; 0: none, the model's flows go straight to the "
                          "repair",
                          UintegerValue(20),
                          MakeUintegerAccessor(&TeLearnedMethod::m_admmIterations),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("TrainMatrices",
                          "Without ModelFile or SetModel: the model is trained on this many "
                          "matrices made from the first problem of each network (every demand "
                          "times max(0, 1 + 0.2 N(0, 1)); >= 1)",
                          UintegerValue(16),
                          MakeUintegerAccessor(&TeLearnedMethod::m_trainMatrices),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TrainEpochs",
                          "Without ModelFile or SetModel: training epochs (>= 1)",
                          UintegerValue(30),
                          MakeUintegerAccessor(&TeLearnedMethod::m_trainEpochs),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TrainSeed",
                          "Without ModelFile or SetModel: seed of the training matrices' noise "
                          "and of the initial weights",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TeLearnedMethod::m_trainSeed),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

TeLearnedMethod::TeLearnedMethod()
    : m_admm(CreateObject<TeAdmmMethod>())
{
}

TeLearnedMethod::~TeLearnedMethod() = default;

std::string
TeLearnedMethod::GetName() const
{
    return "learned";
}

std::string
TeLearnedMethod::GetUnavailableReason() const
{
    return TeLearnedModel::GetUnavailableReason();
}

void
TeLearnedMethod::Reset()
{
    if (m_admm)
    {
        m_admm->Reset();
    }
}

void
TeLearnedMethod::SetModel(std::shared_ptr<TeLearnedModel> model)
{
    m_model = std::move(model);
    m_loadedFor.clear();
}

Ptr<TeAdmmMethod>
TeLearnedMethod::GetAdmm() const
{
    return m_admm;
}

void
TeLearnedMethod::DoDispose()
{
    if (m_admm)
    {
        m_admm->Dispose();
    }
    m_admm = nullptr;
    m_model = nullptr;
    TeMethod::DoDispose();
}

bool
TeLearnedMethod::Train(const TeGraph& g,
                       const TeSolver::Problem& p,
                       TeLearnedModel& model,
                       std::string& error) const
{
    TeLearnedModel::Options o;
    o.seed = m_trainSeed;
    if (!model.Init(g, p.commodities, o, error))
    {
        return false;
    }
    std::mt19937_64 rng(m_trainSeed);
    std::normal_distribution<double> noise(0, 1);
    std::vector<TeSolver::Problem> problems(m_trainMatrices, p);
    for (auto& q : problems)
    {
        for (auto& c : q.commodities)
        {
            c.demand *= std::max(0.0, 1 + 0.2 * noise(rng));
        }
    }
    TeLearnedModel::TrainOptions t;
    t.epochs = m_trainEpochs;
    t.threads = GetUsableThreads();
    TeLearnedModel::TrainReport report;
    if (!model.Train(problems, t, report, error))
    {
        return false;
    }
    NS_LOG_INFO("learned: trained on " << m_trainMatrices << " matrices in " << report.seconds
                                       << " s, loss " << report.initialLoss << " -> "
                                       << report.finalLoss);
    return true;
}

bool
TeLearnedMethod::DoAllocate(const TeGraph& g,
                            const TeSolver::Problem& p,
                            TeSolver::Solution& out,
                            std::string& error)
{
    const auto start = std::chrono::steady_clock::now();
    // A model given by SetModel (m_loadedFor empty) is used as it is; one from ModelFile is
    // (re)loaded when the file or the network's fingerprint changes.
    if (!m_model || !m_loadedFor.empty())
    {
        // One key per source and network: ModelFile's name, or "" for a model trained here
        // when there is no file (its time is setup).
        const std::string key = m_modelFile + "\n" + TeLearnedModel::Fingerprint(g, p.commodities);
        if (key != m_loadedFor)
        {
            auto model = std::make_shared<TeLearnedModel>();
            if (m_modelFile.empty() && !Train(g, p, *model, error))
            {
                error = "TE method learned: training a model: " + error;
                return false;
            }
            if (!m_modelFile.empty() && !model->Load(m_modelFile, g, p.commodities, error))
            {
                error = "TE method learned: " + error;
                return false;
            }
            m_model = std::move(model);
            m_loadedFor = key;
        }
    }
    const double loadSeconds = optical::SecondsSince(start);
    TeLearnedModel::SetThreads(GetUsableThreads());
    std::vector<std::vector<double>> splits;
    if (!m_model->Predict(p, splits, error))
    {
        error = "TE method learned: " + error;
        return false;
    }
    const double setupSeconds = loadSeconds + TeLearnedModel::GetLastSetupSeconds();
    std::vector<std::vector<double>> flows(splits.size());
    for (std::size_t c = 0; c < splits.size(); ++c)
    {
        flows[c].resize(splits[c].size());
        for (std::size_t q = 0; q < splits[c].size(); ++q)
        {
            flows[c][q] = splits[c][q] * p.commodities[c].demand;
        }
    }
    if (m_admmIterations == 0)
    {
        out.pathFlow = std::move(flows);
    }
    else
    {
        m_admm->SetAttribute("MaxIterations", UintegerValue(m_admmIterations));
        m_admm->SetAttribute("Threads", UintegerValue(GetThreads()));
        m_admm->SetInitialFlows(std::move(flows));
        if (!m_admm->Allocate(g, p, out, error))
        {
            error = "TE method learned: ADMM stage: " + error;
            return false;
        }
    }
    out.buildSeconds = setupSeconds;
    return true;
}

} // namespace ns3
