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
        const std::string stall = CollectiveHelper::DescribeStall(transport);
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
        store->CreateEventTable("iterations",
                                {{"fabric", "TEXT"},
                                 {"iteration", "INTEGER"},
                                 {"time_s", "REAL"},
                                 {"compute_s", "REAL"},
                                 {"bubble_s", "REAL"},
                                 {"exposed_comm_s", "REAL"},
                                 {"exposed_dp_s", "REAL"},
                                 {"exposed_pp_s", "REAL"}});
        for (const auto& r : run.iterations)
        {
            store->AddEvent("iterations",
                            exp.GetRunId(),
                            {fabric,
                             static_cast<int64_t>(r.index),
                             (r.end - r.start).GetSeconds(),
                             r.computeS,
                             r.bubbleS,
                             r.exposedCommS,
                             r.exposedDpS,
                             r.exposedPpS});
        }
        store->CreateEventTable("transitions",
                                {{"time_s", "REAL"},
                                 {"rail", "INTEGER"},
                                 {"circuits", "INTEGER"},
                                 {"speculative", "INTEGER"},
                                 {"configuration", "TEXT"}});
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
    std::string ocsDelay = "10ms";
    std::string fabric = "photonic";
    std::string backend = "flow";
    std::string latency = "936.25ns";
    std::string schedule = "1f1b";
    uint32_t iterations = 2;
    uint32_t radix = 0;
    std::string catalogFile = FabricCatalog::DEFAULT_FILE;
    bool simulate = true;
    bool overlap = false;

    OpticalExperiment exp("photonic-rails", "Training on photonic rails (Opus) against electrical");
    exp.AddValue("gpu",
                 "GPU system: h200 or gb200 (data/gpu-types.csv; selects catalog rows)",
                 gpu);
    exp.AddValue("model", "Model (data/models.csv); Opus: gpt3-175b shape, sequence 4096", model);
    exp.AddValue("gpus", "Number of GPUs (= dp x pp x tp; 0: dp x pp x tp)", gpus);
    exp.AddValue("dp", "Data-parallel degree", dp);
    exp.AddValue("pp", "Pipeline-parallel degree", pp);
    exp.AddValue("tp", "Tensor-parallel degree (inside a server's scale-up domain)", tp);
    exp.AddValue("batch", "Global batch (sequences per iteration; Opus: 256)", batch);
    exp.AddValue("microBatchSize", "Sequences per micro-batch", microBatchSize);
    exp.AddValue("layers",
                 "Override the model's layer count (0: the model's; for quick runs)",
                 layers);
    exp.AddValue("gpusPerServer", "GPUs per server, i.e. rails (0: tp)", gpusPerServer);
    exp.AddValue("scaleOutGBps",
                 "Scale-out bandwidth per GPU (GB/s; Opus: 12.5 to 200)",
                 scaleOutGBps);
    exp.AddValue("ocsDelay",
                 "OCS reconfiguration delay (ns-3 time, e.g. 10ms; Opus: 0 to 1000 ms)",
                 ocsDelay);
    exp.AddValue("fabric",
                 "Scale-out fabric: electrical, photonic, photonic-provision, fat-tree",
                 fabric);
    exp.AddValue("backend", "Network model: flow (photonic rails need it) or packet", backend);
    exp.AddValue("latency", "Latency of each link (Opus: 936.25 ns)", latency);
    exp.AddValue("schedule", "Pipeline schedule: 1f1b or gpipe", schedule);
    exp.AddValue("iterations",
                 "Iterations (the last is reported; Provision learns from the first)",
                 iterations);
    exp.AddValue("ocsRadix", "Ports per rail OCS, for the bill (0: 2 x servers, as Opus)", radix);
    exp.AddValue("overlap",
                 "Overlap the DP gradient all-reduce with the last backward, per layer (false, "
                 "the default: once per stage after it, so that phases do not overlap in time, "
                 "Opus's premise)",
                 overlap);
    exp.AddValue("simulate",
                 "Run the job (false: only count the fabric's components, power and cost)",
                 simulate);
    exp.AddValue("catalog", "Component catalog (CSV; see data/fabric-components.csv)", catalogFile);
    exp.Parse(argc, argv);

    RailFabricHelper check;
    std::string error;
    if (!check.SetFabric(fabric, &error))
    {
        exp.Fail("--fabric: " + error);
    }
    if (!CollectiveHelper::CheckBackend(backend, error))
    {
        exp.Fail(error);
    }
    Setup setup;
    if (!TrainingJobHelper::Configure(model, gpu, setup.config, error))
    {
        exp.Fail(error);
    }
    if (gpu != "h200" && gpu != "gb200")
    {
        exp.Fail("--gpu=" + gpu + ": the component catalog prices h200 and gb200 systems");
    }
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
    if (dp == 0 || microBatchSize == 0 || batch % (dp * microBatchSize) != 0)
    {
        exp.Fail("--batch=" + std::to_string(batch) + " must be a positive multiple of dp x " +
                 "microBatchSize = " + std::to_string(dp * microBatchSize));
    }
    c.microbatches = batch / (dp * microBatchSize);
    if (gpus == 0)
    {
        gpus = dp * pp * tp;
    }
    const std::string problem = c.Validate(gpus);
    if (!problem.empty())
    {
        exp.Fail(problem);
    }
    setup.gpusPerServer = gpusPerServer == 0 ? tp : gpusPerServer;
    if (gpus % setup.gpusPerServer != 0)
    {
        exp.Fail("--gpusPerServer=" + std::to_string(setup.gpusPerServer) +
                 " must divide --gpus=" + std::to_string(gpus));
    }
    setup.servers = gpus / setup.gpusPerServer;
    check.SetOcsRadix(radix);
    std::string fabricProblem = check.Check(setup.servers, setup.gpusPerServer);
    if (fabricProblem.empty())
    {
        fabricProblem = check.CheckPlacement(c, setup.gpusPerServer);
    }
    if (!fabricProblem.empty())
    {
        exp.Fail("--fabric=" + fabric + ": " + fabricProblem);
    }
    if (!(scaleOutGBps > 0) || !std::isfinite(scaleOutGBps))
    {
        exp.Fail("--scaleOutGBps must be a positive number of GB/s (got " +
                 std::to_string(scaleOutGBps) + ")");
    }
    setup.rate = DataRate(static_cast<uint64_t>(std::llround(scaleOutGBps * 8e9)));
    setup.latency = exp.NonNegativeTime("latency", latency);
    setup.ocsDelay = exp.NonNegativeTime("ocsDelay", ocsDelay);
    setup.radix = radix;
    setup.iterations = iterations;
    setup.backend = backend;
    if (iterations == 0)
    {
        exp.Fail("--iterations must be positive");
    }
    FabricCatalog catalog;
    if (!catalog.Load(catalogFile, error))
    {
        exp.Fail("--catalog: " + error);
    }
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
