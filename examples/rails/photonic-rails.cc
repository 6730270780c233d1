/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Photonic rails (Opus): a hybrid-parallel training job on rail fabrics built from OCSes,
 * against electrical rails, with each fabric's network power and cost.
 *
 * S servers of G GPUs (G = --gpusPerServer, default TP: a scale-up domain per server); GPU g
 * of every server is on rail g. --fabric picks the scale-out fabric (RailFabricHelper):
 * electrical rails, photonic rails (one OCS per rail, reconfigured by the Opus controller at
 * phase boundaries), photonic rails with Provision, or a fat-tree. The job runs --iterations
 * iterations; the last one is reported. Unless the fabric is electrical, the same job also
 * runs on electrical rails in this invocation, for the overhead. Power and cost come from the
 * component catalog (data/fabric-components.csv) and Opus's sizing formulas.
 *
 * Prints iteration-time-ms, overhead-pct, reconfigurations-per-iteration, circuit-wait-ms,
 * network-power-kw, network-cost-musd, power-ratio and cost-ratio; records the iterations
 * (ev_iterations) and the OCS transitions (ev_transitions) in the results store.
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-module.h"

#include <cmath>

using namespace ns3;

namespace
{

/// What one run of the job on one fabric gave.
struct Outcome
{
    std::vector<IterationRecord> iterations; //!< Every iteration
    uint64_t reconfigurations{0};            //!< Reconfigurations in the last iteration
    uint64_t transitions{0};                 //!< OCS transitions in the last iteration
    uint64_t speculative{0};                 //!< ... of which speculative
    double waitS{0};                         //!< Circuit wait in the last iteration (s)
    uint64_t requests{0};                    //!< Circuit requests in the last iteration
    uint64_t multiRound{0};                  //!< Time-multiplexed collectives (whole run)
    uint64_t ocsDrops{0};                    //!< Frames the OCSes dropped (whole run)
    /// (time s, rail, circuits, speculative, configuration) of every transition
    std::vector<std::tuple<double, uint32_t, uint32_t, bool, std::string>> log;
};

/// Parameters of the job and the fabric.
struct Setup
{
    TrainingConfig config;     //!< The job
    uint32_t servers{0};       //!< Servers
    uint32_t gpusPerServer{0}; //!< GPUs per server
    DataRate rate;             //!< Scale-out rate per GPU
    Time latency;              //!< Link latency
    Time ocsDelay;             //!< OCS reconfiguration delay
    uint32_t radix{0};         //!< OCS radix
    uint32_t iterations{1};    //!< Iterations
    std::string backend;       //!< flow or packet
};

Outcome
RunJob(const Setup& setup, const std::string& fabricName, OpticalExperiment& exp)
{
    RailFabricHelper fabric;
    fabric.SetFabric(fabricName);
    fabric.SetGpuDataRate(setup.rate);
    fabric.SetLinkDelay(setup.latency);
    fabric.SetOcsRadix(setup.radix);
    fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(setup.ocsDelay));
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(setup.config.gpu.scaleUpBps))));
    const uint32_t gpus = setup.servers * setup.gpusPerServer;
    Ptr<CollectiveTransport> transport;
    if (setup.backend == "flow")
    {
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const auto vertices = fabric.Build(topology, setup.servers, setup.gpusPerServer);
        Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
        network->SetTopology(topology);
        transport = collectives.InstallFlow(network, vertices, setup.gpusPerServer);
    }
    else
    {
        NodeContainer nodes(gpus);
        fabric.Install(nodes, setup.gpusPerServer);
        fabric.ConfigureCollectives(collectives);
        transport = collectives.Install(nodes, setup.gpusPerServer, "packet");
    }
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, setup.config, {}, "job0");
    job->AssignStreams(0);
    fabric.Attach(job);
    Ptr<PhotonicRailController> controller = fabric.GetController();
    Outcome out;

    // The controller's counters at the start of the iteration under way, and over the last
    // completed iteration alone.
    struct Counters
    {
        uint64_t reconfigurations{0};
        uint64_t transitions{0};
        uint64_t speculative{0};
        uint64_t requests{0};
        Time wait;
    };

    struct Tracker
    {
        Ptr<PhotonicRailController> controller;
        Counters mark;
        Counters last;
    } tracker{controller, {}, {}};

    if (controller)
    {
        job->TraceConnectWithoutContext("IterationEnd",
                                        MakeCallback(+[](Tracker* t, const IterationRecord&) {
                                            const Ptr<PhotonicRailController> c = t->controller;
                                            const Counters now{c->GetNReconfigurations(),
                                                               c->GetNTransitions(),
                                                               c->GetNSpeculativeTransitions(),
                                                               c->GetNRequests(),
                                                               c->GetWaitTime()};
                                            t->last = Counters{
                                                now.reconfigurations - t->mark.reconfigurations,
                                                now.transitions - t->mark.transitions,
                                                now.speculative - t->mark.speculative,
                                                now.requests - t->mark.requests,
                                                now.wait - t->mark.wait};
                                            t->mark = now;
                                        }).Bind(&tracker));
        controller->TraceConnectWithoutContext(
            "Transition",
            MakeCallback(+[](Outcome* o, uint32_t rail, const OcsConfiguration& c, bool spec) {
                o->log.emplace_back(Simulator::Now().GetSeconds(),
                                    rail,
                                    static_cast<uint32_t>(c.GetNCircuits()),
                                    spec,
                                    c.ToString());
            }).Bind(&out));
    }
    const uint32_t iterations = setup.iterations;
    optical::compat::Schedule(Seconds(0), [job, iterations]() { job->Start(iterations); });
    exp.Run(Seconds(1e6));
    if (job->GetIterations().size() != iterations)
    {
        const std::string stall = transport->DescribeStall();
        exp.Fail("fabric " + fabricName + ": only " + std::to_string(job->GetIterations().size()) +
                     " of " + std::to_string(iterations) + " iterations completed" +
                     (stall.empty() ? "" : ": " + stall),
                 2);
    }
    out.iterations = job->GetIterations();
    out.reconfigurations = tracker.last.reconfigurations;
    out.transitions = tracker.last.transitions;
    out.speculative = tracker.last.speculative;
    out.requests = tracker.last.requests;
    out.waitS = tracker.last.wait.GetSeconds();
    if (controller)
    {
        out.multiRound = controller->GetNMultiRound();
        for (const auto& ocs : fabric.GetSwitches())
        {
            const auto counters = ocs->GetTotalCounters();
            for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
            {
                out.ocsDrops += counters.drops[r];
            }
        }
    }
    Simulator::Destroy();
    return out;
}

double
IterationSeconds(const Outcome& o)
{
    const IterationRecord& r = o.iterations.back();
    return (r.end - r.start).GetSeconds();
}

/// Runs the job on the fabric (and on electrical rails), records and prints the results.
void
Simulate(const Setup& setup, const std::string& fabric, OpticalExperiment& exp)
{
    const Outcome run = RunJob(setup, fabric, exp);
    const double t = IterationSeconds(run);
    double baseline = t;
    if (fabric != "electrical")
    {
        baseline = IterationSeconds(RunJob(setup, "electrical", exp));
    }

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTableColumns("iterations",
                                       {"fabric",
                                        "iteration",
                                        "time_s",
                                        "compute_s",
                                        "bubble_s",
                                        "bubble_formula_s",
                                        "exposed_comm_s",
                                        "exposed_dp_s",
                                        "exposed_pp_s"});
        for (const auto& r : run.iterations)
        {
            store->AddEvent("iterations",
                            exp.GetRunId(),
                            {fabric,
                             static_cast<int64_t>(r.index),
                             (r.end - r.start).GetSeconds(),
                             r.computeS,
                             r.bubbleS,
                             r.bubbleFormulaS,
                             r.exposedCommS,
                             r.exposedDpS,
                             r.exposedPpS});
        }
        store->CreateEventTable("transitions");
        for (const auto& [time, rail, circuits, speculative, configuration] : run.log)
        {
            store->AddEvent("transitions",
                            exp.GetRunId(),
                            {time,
                             static_cast<int64_t>(rail),
                             static_cast<int64_t>(circuits),
                             static_cast<int64_t>(speculative ? 1 : 0),
                             configuration});
        }
    }
    exp.Metric("iteration-time-ms", t * 1e3, "ms");
    exp.Metric("electrical-iteration-time-ms", baseline * 1e3, "ms");
    exp.Metric("overhead-pct", 100.0 * (t - baseline) / baseline, "%");
    exp.Metric("reconfigurations-per-iteration", static_cast<double>(run.reconfigurations), "");
    exp.Metric("ocs-transitions-per-iteration", static_cast<double>(run.transitions), "");
    exp.Metric("speculative-transitions-per-iteration", static_cast<double>(run.speculative), "");
    exp.Metric("circuit-requests-per-iteration", static_cast<double>(run.requests), "");
    exp.Metric("circuit-wait-ms", run.waitS * 1e3, "ms");
    exp.Metric("time-multiplexed-collectives", static_cast<double>(run.multiRound), "");
    exp.Metric("ocs-drops", static_cast<double>(run.ocsDrops), "");
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string gpu = "h200";
    std::string model = "gpt3-175b";
    uint32_t gpus = 128;
    uint32_t dp = 4;
    uint32_t pp = 4;
    uint32_t tp = 8;
    uint32_t batch = 256;
    uint32_t microBatchSize = 1;
    uint32_t layers = 0;
    uint32_t gpusPerServer = 0;
    double scaleOutGBps = 50;
    Time ocsDelay = MilliSeconds(10);
    std::string fabric = "photonic";
    std::string backend = "flow";
    Time latency("936.25ns");
    std::string schedule = "1f1b";
    uint32_t iterations = 2;
    uint32_t radix = 0;
    std::string catalogFile = FabricCatalog::DEFAULT_FILE;
    bool simulate = true;
    bool overlap = false;

    OpticalExperiment exp("photonic-rails", "Training on photonic rails (Opus) against electrical");
    exp.AddEnum("gpu",
                "GPU system (data/gpu-types.csv; the component catalog prices these two)",
                gpu,
                {"h200", "gb200"});
    exp.AddText("model",
                "Model (data/models.csv); Opus: gpt3-175b shape, sequence 4096",
                model,
                false);
    exp.AddCount("gpus", "Number of GPUs (= dp x pp x tp; 0: dp x pp x tp)", gpus, 0, 65536);
    exp.AddCount("dp", "Data-parallel degree", dp, 1, 65536);
    exp.AddCount("pp", "Pipeline-parallel degree (at most the model's layers)", pp, 1, 1024);
    exp.AddCount("tp", "Tensor-parallel degree (inside a server's scale-up domain)", tp, 1, 1024);
    exp.AddCount("batch",
                 "Global batch (sequences per iteration, a multiple of dp x microBatchSize; "
                 "Opus: 256)",
                 batch,
                 1,
                 1048576);
    exp.AddCount("microBatchSize", "Sequences per micro-batch", microBatchSize, 1, 4096);
    exp.AddCount("layers",
                 "Override the model's layer count (0: the model's; for quick runs)",
                 layers,
                 0,
                 10000);
    exp.AddCount("gpusPerServer",
                 "GPUs per server, i.e. rails (0: tp; divides gpus)",
                 gpusPerServer,
                 0,
                 1024);
    exp.AddRateNumber("scaleOutGBps",
                      "Scale-out bandwidth per GPU (Opus: 12.5 to 200 GB/s)",
                      scaleOutGBps,
                      OpticalBounds::AtLeast(0.001).AtMost(1000),
                      "GBps");
    exp.AddTime("ocsDelay",
                "OCS reconfiguration delay (Opus: 0 to 1 s)",
                ocsDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddText("fabric",
                "Scale-out fabric: electrical, photonic, photonic-provision, fat-tree",
                fabric,
                false);
    exp.AddEnum("backend",
                "Network model: flow (photonic rails need it) or packet",
                backend,
                {"flow", "packet"});
    exp.AddTime("latency",
                "Latency of each link (Opus: 936.25 ns)",
                latency,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddEnum("schedule", "Pipeline schedule", schedule, {"1f1b", "gpipe"});
    exp.AddCount("iterations",
                 "Iterations (the last is reported; Provision learns from the first)",
                 iterations,
                 1,
                 10000);
    exp.AddCount("ocsRadix",
                 "Ports per rail OCS, for the bill (0: 2 x servers, as Opus)",
                 radix,
                 0,
                 4096);
    exp.AddFlag("overlap",
                "Overlap the DP gradient all-reduce with the last backward, per layer (false, "
                "the default: once per stage after it, so that phases do not overlap in time, "
                "Opus's premise)",
                overlap);
    exp.AddFlag("simulate",
                "Run the job (false: only count the fabric's components, power and cost)",
                simulate);
    exp.AddInputFile("catalog",
                     "Component catalog (CSV; see data/fabric-components.csv)",
                     catalogFile);
    exp.Parse(argc, argv);

    RailFabricHelper check;
    std::string error;
    exp.Require(check.SetFabric(fabric, &error), "fabric", error);
    exp.Require(CollectiveHelper::CheckBackend(backend, error), "backend", error);
    Setup setup;
    exp.Require(TrainingJobHelper::Configure(model, gpu, setup.config, error), "model", error);
    if (layers > 0)
    {
        setup.config.model.layers = layers;
    }
    TrainingConfig& c = setup.config;
    c.dp = dp;
    c.pp = pp;
    c.tp = tp;
    c.microBatchSize = microBatchSize;
    c.schedule = schedule;
    c.overlapDp = overlap;
    const uint64_t perStep = static_cast<uint64_t>(dp) * microBatchSize;
    exp.Require(batch % perStep == 0,
                "batch",
                "must be a multiple of dp x microBatchSize = " + std::to_string(perStep));
    c.microbatches = static_cast<uint32_t>(batch / perStep);
    const uint64_t ranks = static_cast<uint64_t>(dp) * pp * tp;
    if (gpus == 0)
    {
        exp.Require(ranks <= 65536,
                    "gpus",
                    "dp x pp x tp = " + std::to_string(ranks) + " is more than 65536 GPUs");
        gpus = static_cast<uint32_t>(ranks);
    }
    exp.Require(ranks == gpus,
                "gpus",
                "must be dp x pp x tp = " + std::to_string(dp) + " x " + std::to_string(pp) +
                    " x " + std::to_string(tp) + " = " + std::to_string(ranks) + " (or 0)");
    exp.Require(pp <= c.model.layers,
                "pp",
                "a pipeline stage needs a layer: at most " + std::to_string(c.model.layers) +
                    " stages (--layers or the model's)");
    const std::string problem = c.Validate(gpus);
    exp.Require(problem.empty(), "model", problem);
    setup.gpusPerServer = gpusPerServer == 0 ? tp : gpusPerServer;
    exp.Require(gpus % setup.gpusPerServer == 0,
                "gpusPerServer",
                std::to_string(setup.gpusPerServer) +
                    " GPUs per server must divide --gpus=" + std::to_string(gpus));
    setup.servers = gpus / setup.gpusPerServer;
    check.SetOcsRadix(radix);
    std::string fabricProblem = check.Check(setup.servers, setup.gpusPerServer);
    if (fabricProblem.empty())
    {
        fabricProblem = check.CheckPlacement(c, setup.gpusPerServer);
    }
    exp.Require(fabricProblem.empty(), "fabric", fabricProblem);
    setup.rate = DataRate(static_cast<uint64_t>(std::llround(scaleOutGBps * 8e9)));
    setup.latency = latency;
    setup.ocsDelay = ocsDelay;
    setup.radix = radix;
    setup.iterations = iterations;
    setup.backend = backend;
    FabricCatalog catalog;
    exp.Require(catalog.Load(catalogFile, error), "catalog", error);
    FabricBill bill;
    FabricBill electricalBill;
    double powerW = 0;
    double costUsd = 0;
    double electricalPowerW = 0;
    double electricalCostUsd = 0;
    RailFabricHelper electrical;
    electrical.SetFabric("electrical");
    if (!check.Size(setup.servers, setup.gpusPerServer, gpu, bill, error) ||
        !bill.Price(catalog, powerW, costUsd, error) ||
        !electrical.Size(setup.servers, setup.gpusPerServer, gpu, electricalBill, error) ||
        !electricalBill.Price(catalog, electricalPowerW, electricalCostUsd, error))
    {
        exp.Fail(error);
    }
    exp.Start();

    if (simulate)
    {
        Simulate(setup, fabric, exp);
    }
    exp.Metric("network-power-kw", powerW / 1e3, "kW");
    exp.Metric("network-cost-musd", costUsd / 1e6, "MUSD");
    exp.Metric("power-ratio", electricalPowerW / powerW, "");
    exp.Metric("cost-ratio", electricalCostUsd / costUsd, "");
    return exp.Finish();
}
