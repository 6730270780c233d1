/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Photonic rails (Opus): a hybrid-parallel training job on rail networks built from OCSes,
 * against electrical rails, with each fabric's network power and cost.
 *
 * S servers of G GPUs (G = --gpusPerServer, default TP: a scale-up domain per server); GPU g
 * of every server is on rail g. --fabric picks the scale-out fabric (RailNetworkHelper):
 * electrical rails, photonic rails (one OCS per rail, reconfigured by the Opus controller at
 * phase boundaries), photonic rails with Provision, or a fat-tree. The job runs --iterations
 * iterations; the last one is reported. Unless the fabric is electrical, the same job also
 * runs on electrical rails in this invocation, for the overhead. Power and cost come from the
 * component catalog (data/rail-components.csv) and Opus's sizing formulas.
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
    PhotonicRailRecorder::Summary rails;     //!< What the controller did
};

/// Parameters of the job and the fabric.
struct Setup
{
    TrainingConfig config;          //!< The job
    TrainingLayout layout;          //!< Servers, GPUs per server
    RailNetworkHelper fabric;       //!< Rate, latency, OCS radix and delay
    uint32_t iterations{1};         //!< Iterations
    Backend backend{Backend::FLOW}; //!< Network model
    std::string timeline;           //!< Perfetto timeline of the fabric's run (empty: none)
};

Outcome
RunJob(const Setup& setup,
       const std::string& fabricName,
       OpticalExperiment& exp,
       const std::string& timelinePath = "")
{
    RailNetworkHelper fabric = setup.fabric;
    fabric.SetNetwork(fabricName);
    CollectiveHelper collectives;
    collectives.SetScaleUpAttribute(
        "Bandwidth",
        DataRateValue(DataRate(static_cast<uint64_t>(setup.config.gpu.scaleUpBps))));
    const RealizedFabric net =
        fabric.Realize(setup.backend, setup.layout.gpus, setup.layout.gpusPerServer);
    Ptr<CollectiveTransport> transport = collectives.Install(net, setup.layout.gpusPerServer);
    Ptr<TrainingJob> job = TrainingJobHelper().Install(transport, setup.config, {}, "job0");
    job->AssignStreams(0);
    fabric.Attach(job);
    PhotonicRailRecorder recorder;
    recorder.Attach(job, fabric.GetController());
    OcsTimelineRecorder circuits;
    for (std::size_t r = 0; r < fabric.GetSwitches().size(); ++r)
    {
        circuits.Add(fabric.GetSwitches()[r], "rail " + std::to_string(r));
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
    Outcome out;
    out.iterations = job->GetIterations();
    out.rails = recorder.Summarize(fabric.GetSwitches());
    if (!timelinePath.empty())
    {
        // The last iteration: its stages (a track pair each) and every rail's ports.
        OpticalTimeline timeline;
        job->GetExecutor()->AddToTimeline(timeline);
        circuits.AddToTimeline(timeline, out.iterations.back().start, out.iterations.back().end);
        std::string error;
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    Simulator::Destroy();
    return out;
}

/// Runs the job on the fabric (and on electrical rails), records and prints the results.
void
Simulate(const Setup& setup, const std::string& fabric, OpticalExperiment& exp)
{
    auto seconds = [](const Outcome& o) {
        return (o.iterations.back().end - o.iterations.back().start).GetSeconds();
    };
    const Outcome run = RunJob(setup, fabric, exp, setup.timeline);
    const double t = seconds(run);
    double baseline = t;
    if (fabric != "electrical")
    {
        baseline = seconds(RunJob(setup, "electrical", exp));
    }

    IterationTable{"fabric", false, false}.Write(exp.GetStore(),
                                                 exp.GetRunId(),
                                                 fabric,
                                                 run.iterations);
    PhotonicRailRecorder::WriteTransitions(exp.GetStore(), exp.GetRunId(), run.rails.transitions);
    exp.Metric("iteration-time-ms", t * 1e3, "ms");
    exp.Metric("electrical-iteration-time-ms", baseline * 1e3, "ms");
    exp.Metric("overhead-pct", 100.0 * (t - baseline) / baseline, "%");
    const PhotonicRailRecorder::Counters& last = run.rails.last;
    exp.Metric("reconfigurations-per-iteration", static_cast<double>(last.reconfigurations), "");
    exp.Metric("ocs-transitions-per-iteration", static_cast<double>(last.transitions), "");
    exp.Metric("speculative-transitions-per-iteration", static_cast<double>(last.speculative), "");
    exp.Metric("circuit-requests-per-iteration", static_cast<double>(last.requests), "");
    exp.Metric("circuit-wait-ms", last.wait.GetSeconds() * 1e3, "ms");
    exp.Metric("time-multiplexed-collectives", static_cast<double>(run.rails.multiRound), "");
    exp.Metric("ocs-drops", static_cast<double>(run.rails.ocsDrops), "");
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string gpu = "h200";
    std::string model = "gpt3-175b";
    Setup setup; // Opus: 128 GPUs, batch 256
    setup.layout.gpus = 128;
    setup.layout.dp = 4;
    setup.layout.pp = 4;
    setup.layout.tp = 8;
    setup.layout.batch = 256;
    setup.config.overlapDp = false;
    setup.iterations = 2;
    double scaleOutGBps = 50;
    Time ocsDelay = MilliSeconds(10);
    std::string fabric = "photonic";
    Time latency("936.25ns");
    uint32_t radix = 0;
    std::string catalogFile = RailCatalog::DEFAULT_FILE;
    bool simulate = true;

    OpticalExperiment exp("photonic-rails", "Training on photonic rails (Opus) against electrical");
    exp.AddEnum("gpu",
                "GPU system (data/gpu-types.csv; the component catalog prices these two)",
                gpu,
                {"h200", "gb200"});
    exp.AddText("model",
                "Model (data/models.csv); Opus: gpt3-175b shape, sequence 4096",
                model,
                false);
    TrainingLayoutOptions::Add(exp, setup.layout, {false, true, true, 0}); // --batch, --layers
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
    exp.AddBackend("backend", "Network model", setup.backend);
    exp.AddTime("latency",
                "Latency of each link (Opus: 936.25 ns)",
                latency,
                OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddEnum("schedule", "Pipeline schedule", setup.config.schedule, {"1f1b", "gpipe"});
    exp.AddCount("iterations",
                 "Iterations (the last is reported; Provision learns from the first)",
                 setup.iterations,
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
                setup.config.overlapDp);
    exp.AddFlag("simulate",
                "Run the job (false: only count the fabric's components, power and cost)",
                simulate);
    exp.AddInputFile("catalog",
                     "Component catalog (CSV; see data/rail-components.csv)",
                     catalogFile);
    exp.AddOutputFile("timeline",
                      "Timeline of the run on --fabric (Chrome trace JSON for ui.perfetto.dev: "
                      "the last iteration's stages, every rail's OCS ports; empty: none)",
                      setup.timeline);
    exp.Parse(argc, argv);

    RailNetworkHelper check;
    std::string error;
    exp.Require(check.SetNetwork(fabric, &error), "fabric", error);
    exp.Require(TrainingJobHelper::Configure(model, gpu, setup.config, error), "model", error);
    TrainingConfig& c = setup.config;
    std::string culprit;
    exp.Require(setup.layout.Apply(c, culprit, error), culprit, error);
    check.SetOcsRadix(radix);
    const std::string fabricProblem = RailNetworkCost::CheckJob(check, setup.layout, c);
    exp.Require(fabricProblem.empty(), "fabric", fabricProblem);
    setup.fabric.SetGpuDataRate(DataRate(static_cast<uint64_t>(std::llround(scaleOutGBps * 8e9))));
    setup.fabric.SetLinkDelay(latency);
    setup.fabric.SetOcsRadix(radix);
    setup.fabric.SetOcsAttribute("ReconfigurationDelay", TimeValue(ocsDelay));
    RailCatalog catalog;
    exp.Require(catalog.Load(catalogFile, error), "catalog", error);
    RailNetworkCost cost;
    if (!cost.Compute(check, setup.layout, gpu, catalog, error))
    {
        exp.Fail(error);
    }
    if (simulate)
    {
        const std::string work = TrainingJobHelper::DescribePacketWork(c,
                                                                       setup.backend,
                                                                       setup.layout.gpusPerServer,
                                                                       setup.iterations);
        if (!work.empty())
        {
            exp.Note(work);
        }
    }
    exp.Start();

    if (simulate)
    {
        Simulate(setup, fabric, exp);
    }
    exp.Metric("network-power-kw", cost.powerW / 1e3, "kW");
    exp.Metric("network-cost-musd", cost.costUsd / 1e6, "MUSD");
    exp.Metric("power-ratio", cost.GetPowerRatio(), "");
    exp.Metric("cost-ratio", cost.GetCostRatio(), "");
    return exp.Finish();
}
