/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Tenants of a torus ML datacenter (TPUv4-like racks of 4x4x4 accelerators, servers of 2x2x1)
 * under the contiguous policy and under Morphlux's server-scale photonic fabrics, on the same
 * slice requests (Poisson arrivals, exponential holding times).
 *
 * Prints the Morphlux metrics (doc/optical.rst, "Server-scale photonic fabrics"):
 * tenant-bandwidth-gain-pct (ring all-reduce bus bandwidth of the slices the policy placed,
 * measured by the flow-level engine, less that of the same shape placed as a box on the plain
 * torus, in percent of an accelerator's injection bandwidth), tenant-bandwidth-ratio (the
 * same as a ratio), fragmentation-pct, rejection-pct and utilization-pct, with the contiguous
 * values of the same requests and the reduction in fragmentation.
 *
 *   ./ns3 run "torus-allocation --racks=4 --policy=morphlux --load=0.9 --duration=48h"
 *
 * Every option is checked before the run (build/examples/fabric/torus-allocation --help lists
 * their kinds and ranges): at most 256 racks and 16,384 accelerators, and at most about 1e6
 * expected requests.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <cmath>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TorusAllocation");

namespace
{

/// Runs one policy (\p tenants: the scheduler's attributes) on the requests.
TenantDriver::Outcome
RunPolicy(const SliceSchedulerHelper& tenants,
          const TorusGeometry& geometry,
          const std::vector<SliceRequestGenerator::Request>& requests,
          Time duration,
          Time fabricDelay,
          uint32_t samplesPerShape,
          OpticalExperiment& exp)
{
    TorusDatacenterHelper dc;
    dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(fabricDelay));
    Ptr<TorusFabric> fabric = dc.Create(geometry);
    std::string error;
    Ptr<SliceScheduler> scheduler = tenants.Install(fabric, error);
    if (!scheduler)
    {
        exp.Fail(error);
    }
    TenantDriver driver(fabric, scheduler, fabricDelay, samplesPerShape);
    driver.Schedule(requests);
    exp.Run(duration);
    const TenantDriver::Outcome out = driver.Collect();
    Simulator::Destroy();
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Largest datacenter run here (accelerators; 256 racks of 64) and largest expected number
    // of requests: bounds on memory and run time.
    constexpr uint32_t MAX_RACKS = 256;
    constexpr uint64_t MAX_ACCELERATORS = 16384;
    constexpr double MAX_REQUESTS = 1e6;

    uint32_t racks = 4;
    std::string policy = "morphlux";
    double load = 0.9;
    Time duration = Hours(48);
    Time meanHold = Hours(1);
    std::string shapes = "2x2x1:1,2x2x2:1,2x2x4:1,2x4x4:1";
    Backend backend = Backend::FLOW;
    Time fabricDelay = Seconds(1.1);
    std::string rackShape = "4x4x4";
    std::string serverShape = "2x2x1";
    double unitGbps = 100;
    Time ilpTimeLimit = Seconds(5);
    uint32_t ilpNodeLimit = 50;
    uint32_t candidatePaths = 5;
    bool ilp = true;
    uint32_t samples = 8;

    OpticalExperiment exp("torus-allocation",
                          "Slice allocation in a torus datacenter: contiguous vs Morphlux");
    exp.AddCount("racks",
                 "Racks of --rack accelerators (Morphlux: 64 of 4x4x4); at most " +
                     std::to_string(MAX_ACCELERATORS) + " accelerators in all",
                 racks,
                 1,
                 MAX_RACKS);
    exp.AddEnum("policy", "Allocation policy", policy, {"contiguous", "morphlux"});
    exp.AddReal("load",
                "Offered load (accelerators asked x holding time / capacity x time; above 1 "
                "the datacenter is oversubscribed)",
                load,
                OpticalBounds::Above(0).AtMost(10));
    exp.AddTime("duration",
                "Simulated period of requests (the expected number of requests, load x "
                "accelerators x duration / (mean slice size x meanHold), must not exceed 1e6)",
                duration,
                OpticalBounds::Above(0).AtMost(365 * 86400.0));
    exp.AddTime("meanHold",
                "Mean holding time of a slice (exponential)",
                meanHold,
                OpticalBounds::AtLeast(1).AtMost(365 * 86400.0));
    exp.AddText("shapes",
                "Requested shapes and weights AxBxC:w,... (weights in (0, 1e6], 1 if left "
                "out; each shape whole servers inside a rack; default: the four sub-rack "
                "shapes equally)",
                shapes,
                false);
    exp.AddBackend("backend",
                   "Network model for the bandwidth measurement",
                   backend,
                   {Backend::FLOW});
    exp.AddText("rack", "Accelerators per rack, AxBxC (TPUv4, Morphlux: 4x4x4)", rackShape, false);
    exp.AddText("server",
                "Accelerators per server, AxBxC, tiling the rack (Morphlux: 2x2x1)",
                serverShape,
                false);
    exp.AddTime("fabricDelay",
                "Reconfiguration delay of a server's photonic fabric (MZI mesh 1.1s, "
                "interposer 3.7us)",
                fabricDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddRateNumber("unitGbps",
                      "Bandwidth of one torus port, each direction",
                      unitGbps,
                      OpticalBounds::Above(0).AtMost(1e4),
                      "Gbps");
    exp.AddFlag("ilp", "Solve Morphlux's ILP (false: greedy only)", ilp);
    exp.AddCount("ilpNodeLimit",
                 "Branch-and-bound nodes of one ILP solve (reproducible stop; 0: none)",
                 ilpNodeLimit,
                 0,
                 1000000);
    exp.AddTime("ilpTimeLimit",
                "Wall-clock limit of one ILP solve (a safety net behind the node limit)",
                ilpTimeLimit,
                OpticalBounds::AtLeast(0).AtMost(3600));
    exp.AddCount("k", "Candidate paths per server pair (Morphlux: 5)", candidatePaths, 1, 100);
    exp.AddCount("samples",
                 "Slices measured per shape and placement method (bandwidth)",
                 samples,
                 1,
                 1000);
    exp.Parse(argc, argv);

    std::string error;
    std::string culprit;
    TorusGeometry geometry;
    exp.Require(
        geometry.ConfigureFromText(racks, rackShape, serverShape, MAX_ACCELERATORS, culprit, error),
        culprit,
        error);
    Ptr<SliceRequestGenerator> generator = CreateObject<SliceRequestGenerator>();
    generator->SetAttribute("Load", DoubleValue(load));
    generator->SetAttribute("MeanHold", TimeValue(meanHold));
    generator->SetAttribute("Shapes", StringValue(shapes));
    exp.Require(generator->CheckPlan(geometry, duration, MAX_REQUESTS, culprit, error),
                culprit,
                error);
    exp.Start();

    generator->AssignStreams(0);
    std::vector<SliceRequestGenerator::Request> requests;
    if (!generator->Generate(geometry.GetNAccelerators(), duration, requests, error))
    {
        exp.Fail(error);
    }
    SliceSchedulerHelper contiguous;
    contiguous.SetSchedulerAttribute("Policy", EnumValue(SliceScheduler::CONTIGUOUS));
    SliceSchedulerHelper chosen;
    chosen.SetSchedulerAttribute("Policy", StringValue(policy));
    chosen.SetMorphluxAttribute("UseIlp", BooleanValue(ilp));
    chosen.SetMorphluxAttribute("TimeLimit", TimeValue(ilpTimeLimit));
    chosen.SetMorphluxAttribute("NodeLimit", UintegerValue(ilpNodeLimit));
    chosen.SetMorphluxAttribute("CandidatePaths", UintegerValue(candidatePaths));
    const TenantDriver::Outcome base =
        RunPolicy(contiguous, geometry, requests, duration, fabricDelay, samples, exp);
    const TenantDriver::Outcome run =
        policy == "contiguous"
            ? base
            : RunPolicy(chosen, geometry, requests, duration, fabricDelay, samples, exp);

    // Tenant bandwidth: each measured slice against its shape as a box on the plain torus.
    SliceBandwidthProbe probe;
    probe.SetUnitBandwidth(unitGbps * 1e9);
    SliceBandwidthComparison bandwidth(geometry, probe);
    ResultsStore* store = exp.GetStore();
    for (uint32_t i = 0; i < (policy == "contiguous" ? 1 : 2); ++i)
    {
        const std::string name = i == 0 ? "contiguous" : policy;
        if (!bandwidth.CompareAll((i ? run : base).samples, i, name, store, exp.GetRunId(), error))
        {
            exp.Fail(error);
        }
        TenantRecords::WriteOccupancy(store, exp.GetRunId(), name, i ? run : base);
    }

    const auto& s = run.stats;
    const auto& c = base.stats;
    for (const auto& [shape, o] : bandwidth.GetPerShape())
    {
        exp.Metric("bus-bandwidth-units-" + shape, o.busUnits, "units");
        exp.Metric("box-bus-bandwidth-units-" + shape, o.boxUnits, "units");
        exp.Metric("tenant-bandwidth-ratio-" + shape, o.ratio);
        exp.Metric("tenant-bandwidth-gain-pct-" + shape, o.gainPct, "%");
    }
    // Fragmentation per slice size (e.g. Morphlux's fragmented 32-accelerator requests).
    for (const auto& [size, counts] : s.bySize)
    {
        if (c.bySize.count(size) && policy != "contiguous")
        {
            exp.Metric("contiguous-fragmentation-pct-" + std::to_string(size),
                       c.GetFragmentationPct(size),
                       "%");
        }
        exp.Metric("fragmentation-pct-" + std::to_string(size), s.GetFragmentationPct(size), "%");
    }
    exp.Metric("requests", static_cast<double>(s.requests));
    exp.Metric("stitched-slices", static_cast<double>(s.stitched));
    exp.Metric("ilp-placements", static_cast<double>(run.methods[1]));
    exp.Metric("greedy-placements", static_cast<double>(run.methods[2]));
    exp.Metric("greedy-fallbacks", static_cast<double>(run.fallbacks));
    exp.Metric("accounting-holds-pct", c.Pct(run.accounted, run.events), "%");
    exp.Metric("contiguous-fragmentation-pct", c.GetFragmentationPct(), "%");
    exp.Metric("contiguous-rejection-pct", c.GetRejectionPct(), "%");
    exp.Metric("contiguous-utilization-pct", c.GetUtilizationPct(), "%");
    exp.Metric("fragmentation-reduction-pct",
               c.Pct(c.GetFragmentationPct() - s.GetFragmentationPct(), c.GetFragmentationPct()),
               "%");
    exp.Metric("tenant-bandwidth-ratio", bandwidth.GetMeanRatio());
    exp.Metric("tenant-bandwidth-gain-pct", bandwidth.GetMeanGainPct(), "%");
    exp.Metric("fragmentation-pct", s.GetFragmentationPct(), "%");
    exp.Metric("rejection-pct", s.GetRejectionPct(), "%");
    exp.Metric("utilization-pct", s.GetUtilizationPct(), "%");
    return exp.Finish();
}
