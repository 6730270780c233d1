/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Trains the learned TE initializer (TeLearnedModel, a small graph neural network) for one
 * topology and its candidate paths (4 edge-disjoint paths per pair), and saves it for the
 * "learned" TE method (TeLearnedMethod's ModelFile).
 *
 * The training matrices are a diurnal series (TrafficMatrix::Diurnal, --matrices intervals
 * over a 24 h day, relative noise --noise) around a --matrix base scaled to --load
 * (TeTopology::ScaleForLoad); their random streams follow ns-3's seed (--seed, --RngRun).
 *
 *   ./ns3 run "te-train --topology=b4 --matrices=32 --epochs=50"
 *
 * Prints training-s, loss-initial, loss-final (minus the carried share of the demand, mean
 * over the matrices), inference-s (one prediction), commodities, paths and model-file.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TeTrainExample");

int
main(int argc, char* argv[])
{
    std::string topology = "b4";
    DataRate capacityUnit("1Gbps");
    uint32_t matrices = 32;
    std::string matrix = "gravity";
    double load = 1.0;
    double noise = 0.1;
    uint32_t epochs = 50;
    uint32_t hidden = 16;
    uint32_t layers = 3;
    double learningRate = 1e-2;
    uint32_t threads = 1;
    uint32_t seed = 1;
    std::string output;

    OpticalExperiment exp("te-train",
                          "Trains the learned TE initializer (a graph neural network) for a "
                          "topology and saves it");
    exp.AddText("topology",
                "TE topology: b4, uscarrier, kdl, asn, a node-link .json file or a WAN file",
                topology,
                false);
    exp.AddDataRate("capacityUnit",
                    "Capacity of one unit of the topology file's capacities",
                    capacityUnit,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddCount("matrices", "Training matrices (intervals of a 24 h day)", matrices, 1, 100000);
    exp.AddEnum("matrix",
                "Base matrix: gravity, uniform or bimodal",
                matrix,
                {"gravity", "uniform", "bimodal"});
    exp.AddReal("load",
                "Base volume as a load of the network (TeTopology::ScaleForLoad)",
                load,
                OpticalBounds::Above(0).AtMost(100));
    exp.AddFraction("noise",
                    "Relative standard deviation of each pair's noise per interval",
                    noise,
                    OpticalBounds::Between(0, 10));
    exp.AddCount("epochs",
                 "Passes over the matrices (0: save the untrained model)",
                 epochs,
                 0,
                 1000000);
    exp.AddCount("hidden", "Embedding width", hidden, 1, 1024);
    exp.AddCount("layers", "Message-passing rounds", layers, 1, 16);
    exp.AddReal("learningRate", "Adam's step", learningRate, OpticalBounds::Above(0).AtMost(10));
    exp.AddCount("threads", "libtorch threads (and path finders)", threads, 1, 4096);
    exp.AddCount("seed", "Seed of the weights and of ns-3's random streams", seed, 1, 4294967295U);
    exp.AddOutputFile("output",
                      "Model file (default te-model-TOPOLOGY.pt beside the results database)",
                      output);
    exp.Parse(argc, argv);
    exp.Require(TeLearnedModel::IsAvailable(), "epochs", TeLearnedModel::GetUnavailableReason());

    std::string error;
    TeTopology topo;
    exp.Require(TeTopology::Load(topology, topo, error, capacityUnit.GetBitRate() / 1e9),
                "topology",
                error);
    if (output.empty())
    {
        std::string stem = topology.substr(topology.find_last_of('/') + 1);
        stem = stem.substr(0, stem.find_last_of('.'));
        output = exp.GetOutputPath("te-model-" + stem + ".pt");
    }
    std::vector<TeSolver::Commodity> commodities;
    exp.Require(topo.MakeCommodities(4, "edge-disjoint", threads, commodities, error),
                "topology",
                error);
    RngSeedManager::SetSeed(seed);
    auto uniform = CreateObject<UniformRandomVariable>();
    uniform->SetStream(0);
    auto normal = CreateObject<NormalRandomVariable>();
    normal->SetStream(1);
    std::vector<TrafficMatrix::Demand> base;
    exp.Require(TrafficMatrix::Make(matrix, topo.GetGravityWeights(), 1.0, uniform, base, error),
                "matrix",
                error);
    const double total = topo.ScaleForLoad(base, commodities, load);
    for (auto& d : base)
    {
        d.gbps *= total;
    }
    TrafficMatrix::DiurnalShape shape;
    shape.noise = noise;
    const auto series = TrafficMatrix::Diurnal(base,
                                               matrices,
                                               Seconds(86400.0 / matrices),
                                               Seconds(0),
                                               shape,
                                               normal);
    std::vector<TeSolver::Problem> problems(series.size());
    for (std::size_t i = 0; i < series.size(); ++i)
    {
        problems[i].capacity = topo.capacity;
        problems[i].commodities = commodities;
        exp.Require(topo.SetDemands(series[i], problems[i].commodities, error), "matrix", error);
    }
    exp.Start();

    TeLearnedModel model;
    TeLearnedModel::Options o;
    o.hidden = hidden;
    o.layers = layers;
    o.seed = seed;
    if (!model.Init(topo.graph, commodities, o, error))
    {
        exp.Fail(error);
    }
    TeLearnedModel::TrainOptions t;
    t.epochs = epochs;
    t.learningRate = learningRate;
    t.threads = threads;
    TeLearnedModel::TrainReport report;
    if (!model.Train(problems, t, report, error) || !model.Save(output, error))
    {
        exp.Fail(error);
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::vector<double>> splits;
    if (!model.Predict(problems.front(), splits, error))
    {
        exp.Fail(error);
    }
    const double inference =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::size_t paths = 0;
    for (const auto& c : commodities)
    {
        paths += c.paths.size();
    }
    exp.Metric("training-s", report.seconds, "s");
    exp.Metric("loss-initial", report.initialLoss);
    exp.Metric("loss-final", report.finalLoss);
    exp.Metric("inference-s", inference, "s");
    exp.Metric("commodities", static_cast<double>(commodities.size()));
    exp.Metric("paths", static_cast<double>(paths));
    std::cout << "model-file: " << output << std::endl;
    return exp.Finish();
}
