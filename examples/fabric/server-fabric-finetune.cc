/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Fine-tuning on 2-accelerator slices of the Morphlux prototype: four GPUs in a 2 x 2 square
 * joined by one photonic fabric (rack and server 2x2x1; each GPU's X and Y ports), two tenants
 * of 2x1x1. Without steering a tenant's pair talks over its X links only; with the fabric
 * steering its Y ports (which lead to the other tenant) onto the pair, it gets twice the
 * bandwidth. A data-parallel job (Llama-3.2-1B shape) runs on each; the flow-level engine
 * gives the iteration times.
 *
 *   ./ns3 run server-fabric-finetune
 *
 * Prints iteration-time-ms-without-steering, iteration-time-ms (with steering) and speedup;
 * --timeline=FILE.json writes the steered run's last iterations (a process per tenant).
 * Every option is checked before the run (--help lists their kinds and ranges). The
 * prototype's micro-batch size is not published: the figure server-fabric-finetune-batch
 * (utils/ns3optical/figures/server_fabric.py) gives the speedup across --microBatchSize.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ServerFabricFinetune");

namespace
{

/// What one run measured.
struct Outcome
{
    double iterationS{0};   //!< Last iteration of tenant 1
    double otherS{0};       //!< Last iteration of tenant 2
    double pairGbps{0};     //!< Bandwidth between tenant 1's accelerators
    double computeS{0};     //!< Compute of that iteration
    double exposedCommS{0}; //!< Communication not hidden by compute
};

/// Runs both tenants' jobs, with or without steering.
Outcome
Run(bool steer,
    const TrainingConfig& config,
    uint32_t iterations,
    double unitBps,
    Time fabricDelay,
    OpticalExperiment& exp,
    const std::string& timelinePath = "")
{
    TorusGeometry geometry;
    std::string error;
    if (!geometry.Configure(1, {2, 2, 1}, {2, 2, 1}, error))
    {
        exp.Fail(error);
    }
    TorusDatacenterHelper dc;
    dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(fabricDelay));
    Ptr<TorusFabric> fabric = dc.Create(geometry);
    Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
    const std::vector<uint32_t> vertices = dc.Build(fabric, topology, unitBps, NanoSeconds(100));
    const std::vector<std::vector<uint32_t>> tenants{{0, 1}, {2, 3}};
    Ptr<SliceSteering> steering = CreateObject<SliceSteering>();
    steering->SetFabric(fabric);
    if (steer)
    {
        for (uint32_t t = 0; t < tenants.size(); ++t)
        {
            SliceLayout layout{t + 1, {2, 1, 1}, tenants[t]};
            SliceSteering::Plan plan;
            if (!steering->PlanSlice(layout, {}, plan, error))
            {
                exp.Fail(error);
            }
            steering->Apply(plan);
        }
    }
    Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
    network->SetTopology(topology);
    CollectiveHelper collectives;
    std::vector<Ptr<TrainingJob>> jobs;
    for (uint32_t t = 0; t < tenants.size(); ++t)
    {
        Ptr<FlowCollectiveTransport> transport =
            collectives.InstallFlow(network, {vertices[tenants[t][0]], vertices[tenants[t][1]]}, 1);
        Ptr<TrainingJob> job = TrainingJobHelper().Install(transport,
                                                           config,
                                                           {},
                                                           "tenant" + std::to_string(t + 1),
                                                           &error);
        if (!job)
        {
            exp.Fail(error);
        }
        job->AssignStreams(10 * t);
        // The jobs start once the fabric has switched (at once without steering).
        optical::compat::Schedule(steer ? fabricDelay : Seconds(0),
                                  [job, iterations]() { job->Start(iterations); });
        jobs.push_back(job);
    }
    Outcome out;
    optical::compat::Schedule(fabricDelay + NanoSeconds(1), [&out, fabric, topology]() {
        out.pairGbps =
            topology->GetLink(static_cast<uint32_t>(fabric->GetFlowLink(0, 0))).capacity / 1e9;
    });
    // The run ends when both jobs are done; the stop is only a bound (100 years).
    exp.Run(Seconds(OpticalUnits::MAX_TIME_S));
    for (uint32_t t = 0; t < jobs.size(); ++t)
    {
        const auto& its = jobs[t]->GetIterations();
        if (its.size() != iterations)
        {
            exp.Fail("tenant " + std::to_string(t + 1) + " ran " + std::to_string(its.size()) +
                     " of " + std::to_string(iterations) + " iterations");
        }
        const IterationRecord& last = its.back();
        (t == 0 ? out.iterationS : out.otherS) = (last.end - last.start).GetSeconds();
        if (t == 0)
        {
            out.computeS = last.computeS;
            out.exposedCommS = last.exposedCommS;
        }
    }
    if (!timelinePath.empty())
    {
        // Each tenant's last iteration: a process per job (its name), two tracks per GPU.
        OpticalTimeline timeline;
        for (const auto& job : jobs)
        {
            job->GetExecutor()->AddToTimeline(timeline);
        }
        if (!timeline.Write(timelinePath, error))
        {
            exp.Fail("--timeline=" + timelinePath + ": " + error);
        }
    }
    for (auto& job : jobs)
    {
        job->Dispose();
    }
    Simulator::Destroy();
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string model = "llama3.2-1b";
    std::string gpu = "rtx6000ada";
    uint32_t microBatchSize = 16;
    uint32_t iterations = 3;
    double portGbps = 5;
    Time fabricDelay = Seconds(1.1);
    bool overlap = false;
    Backend backend = Backend::FLOW;
    std::string timelinePath;

    OpticalExperiment exp("server-fabric-finetune",
                          "Fine-tuning on 2-GPU slices with and without bandwidth steering");
    exp.AddText("model", "Model (a row of data/models.csv)", model, false);
    exp.AddText("gpu", "GPU (a row of data/gpu-types.csv)", gpu, false);
    exp.AddCount("microBatchSize",
                 "Sequences per GPU and iteration (the prototype's is not published: an "
                 "assumption; the figure server-fabric-finetune-batch sweeps it)",
                 microBatchSize,
                 1,
                 1024);
    exp.AddCount("iterations", "Iterations (the last is reported)", iterations, 1, 1000);
    exp.AddRateNumber("portGbps",
                      "Bandwidth of one torus port, each direction; a GPU has 4 (X and Y): 5 "
                      "gives the prototype's 2 x 10 Gb/s per GPU",
                      portGbps,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddTime("fabricDelay",
                "Reconfiguration delay of the fabric (MZI mesh: 1.1 s)",
                fabricDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddFlag("overlap", "Overlap the gradient all-reduce with the backward pass", overlap);
    exp.AddBackend("backend", "Network model", backend, {Backend::FLOW});
    exp.AddOutputFile("timeline",
                      "Timeline of the steered run's last iterations, both tenants (Chrome trace "
                      "JSON for ui.perfetto.dev; empty: none)",
                      timelinePath);
    exp.Parse(argc, argv);

    std::string error;
    TrainingConfig config;
    exp.Require(ModelSpec::Lookup(model, config.model, error), "model", error);
    exp.Require(GpuSpec::Lookup(gpu, config.gpu, error), "gpu", error);
    config.dp = 2;
    config.microBatchSize = microBatchSize;
    config.overlapDp = overlap;
    // Each tenant's job runs on its 2 GPUs.
    const std::string problem = config.Validate(2);
    exp.Require(problem.empty(), "model", problem);
    exp.Start();

    const Outcome plain = Run(false, config, iterations, portGbps * 1e9, fabricDelay, exp);
    const Outcome steered =
        Run(true, config, iterations, portGbps * 1e9, fabricDelay, exp, timelinePath);

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("finetune");
        for (const Outcome* o : {&plain, &steered})
        {
            store->AddEvent("finetune",
                            exp.GetRunId(),
                            {static_cast<int64_t>(o == &steered ? 1 : 0),
                             o->iterationS,
                             o->computeS,
                             o->exposedCommS,
                             o->pairGbps});
        }
    }
    exp.Metric("pair-bandwidth-gbps-without-steering", plain.pairGbps, "Gb/s");
    exp.Metric("pair-bandwidth-gbps", steered.pairGbps, "Gb/s");
    exp.Metric("compute-ms", steered.computeS * 1e3, "ms");
    exp.Metric("iteration-time-ms-without-steering", plain.iterationS * 1e3, "ms");
    exp.Metric("iteration-time-ms", steered.iterationS * 1e3, "ms");
    exp.Metric("speedup", plain.iterationS / steered.iterationS);
    return exp.Finish();
}
