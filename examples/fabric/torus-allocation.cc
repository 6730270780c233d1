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
#include <functional>
#include <map>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TorusAllocation");

namespace
{

/// \return "AxBxC"
std::string
ShapeName(const std::array<uint32_t, 3>& s)
{
    return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}

/// A placed slice kept for the bandwidth measurement.
struct Sample
{
    SliceLayout layout;                               //!< Where
    std::vector<std::pair<uint32_t, uint32_t>> links; //!< Its lit paths
    std::string method;                               //!< How it was placed
};

/// What one policy did with the requests.
struct Outcome
{
    SliceScheduler::Stats stats;              //!< Counters
    std::vector<Sample> samples;              //!< Slices to measure
    std::array<uint64_t, 3> methods{0, 0, 0}; //!< contiguous, ilp, greedy placements
    uint64_t fallbacks{0};                    //!< Greedy after the ILP
    uint64_t accounted{0};                    //!< Events where held + free + failed + spare = total
    uint64_t events{0};                       //!< Events checked
    /// (time, tenants' accelerators, free, rejected so far)
    std::vector<std::tuple<double, uint32_t, uint32_t, uint64_t>> timeline;
};

/// The options of Morphlux's allocator (MorphluxAllocator attributes).
struct MorphluxSettings
{
    bool useIlp{true};          //!< UseIlp
    Time timeLimit;             //!< TimeLimit
    uint64_t nodeLimit{50};     //!< NodeLimit (0: none)
    uint32_t candidatePaths{5}; //!< CandidatePaths
};

/// Runs one policy on the requests (\p morphlux: attributes of the Morphlux allocator, or
/// nullptr for its defaults).
Outcome
RunPolicy(const std::string& policy,
          const TorusGeometry& geometry,
          const std::vector<SliceRequestGenerator::Request>& requests,
          Time duration,
          Time fabricDelay,
          uint32_t samplesPerShape,
          const MorphluxSettings* morphlux,
          OpticalExperiment& exp)
{
    ObjectFactory ocs("ns3::OpticalCircuitSwitch");
    ocs.Set("ReconfigurationDelay", TimeValue(fabricDelay));
    Ptr<TorusFabric> fabric = CreateObject<TorusFabric>();
    fabric->Setup(geometry, ocs);
    Ptr<SliceScheduler> scheduler = CreateObject<SliceScheduler>();
    scheduler->SetAttribute("Policy", StringValue(policy));
    if (morphlux)
    {
        Ptr<MorphluxAllocator> allocator = scheduler->GetMorphlux();
        allocator->SetAttribute("UseIlp", BooleanValue(morphlux->useIlp));
        allocator->SetAttribute("TimeLimit", TimeValue(morphlux->timeLimit));
        allocator->SetAttribute("NodeLimit", UintegerValue(morphlux->nodeLimit));
        allocator->SetAttribute("CandidatePaths", UintegerValue(morphlux->candidatePaths));
    }
    std::string error;
    if (!scheduler->Setup(fabric, error))
    {
        exp.Fail(error);
    }
    Outcome out;
    std::map<std::string, uint32_t> sampled;
    const uint32_t total = geometry.GetNAccelerators();
    auto check = [&out, scheduler, total]() {
        const auto c = scheduler->Count();
        ++out.events;
        out.accounted += c[0] + c[1] + c[2] + c[3] == total ? 1 : 0;
        out.timeline.emplace_back(Simulator::Now().GetSeconds(),
                                  c[0],
                                  c[1],
                                  scheduler->GetStats().rejected);
    };
    std::string lastMethod; // how the latest slice was placed
    scheduler->TraceConnectWithoutContext(
        "Allocated",
        MakeBoundCallback(
            +[](std::string* last, uint64_t, uint32_t, const std::string& method) {
                *last = method;
            },
            &lastMethod));
    // The slice's links once the fabrics of its rack are all idle (a fabric may switch for
    // other tenants after this one's change, which then waits in its queue).
    std::function<void(const SliceLayout&, const std::string&)> snapshot =
        [&](const SliceLayout& layout, const std::string& method) {
            optical::compat::Schedule(fabricDelay + NanoSeconds(1), [&, layout, method]() {
                if (scheduler->GetAllocator().GetOwner(layout.accelerators[0]) !=
                    static_cast<int64_t>(layout.tenant))
                {
                    return; // gone already
                }
                const uint32_t rack = geometry.GetRack(layout.accelerators[0]);
                for (uint32_t s = rack * geometry.GetServersPerRack();
                     s < (rack + 1) * geometry.GetServersPerRack();
                     ++s)
                {
                    if (fabric->GetServerFabric(s)->GetSwitch()->IsReconfiguring())
                    {
                        snapshot(layout, method);
                        return;
                    }
                }
                out.samples.push_back(
                    Sample{layout,
                           SliceSteering::LinksWithin(fabric, layout.accelerators),
                           method});
            });
        };
    for (const auto& r : requests)
    {
        optical::compat::Schedule(r.arrival, [&, r]() {
            const bool placed = scheduler->Request(r.tenant, r.shape);
            check();
            if (!placed)
            {
                return;
            }
            const std::string method = lastMethod;
            optical::compat::Schedule(r.hold, [&, r]() {
                scheduler->Release(r.tenant);
                check();
            });
            uint32_t& n = sampled[ShapeName(r.shape) + method];
            if (n >= samplesPerShape)
            {
                return;
            }
            ++n;
            // The slice's links once its fabrics have switched.
            for (const auto& p : scheduler->GetAllocator().GetPlacements())
            {
                if (p.tenant != r.tenant)
                {
                    continue;
                }
                snapshot(SliceLayout::FromPlacement(geometry, p), method);
            }
        });
    }
    exp.Run(duration);
    out.stats = scheduler->GetStats();
    out.methods = scheduler->GetMorphlux()->GetCounts();
    out.fallbacks = scheduler->GetMorphlux()->GetNFallbacks();
    Simulator::Destroy();
    return out;
}

/// \return the bus bandwidth (port units) of a shape placed as a box on the plain torus
double
ContiguousBandwidth(const TorusGeometry& geometry,
                    const std::array<uint32_t, 3>& shape,
                    const SliceBandwidthProbe& probe,
                    OpticalExperiment& exp)
{
    Ptr<TorusFabric> fabric = CreateObject<TorusFabric>();
    fabric->Setup(geometry, ObjectFactory("ns3::OpticalCircuitSwitch"));
    SliceAllocator allocator(geometry);
    SliceAllocator::Placement placement;
    if (!allocator.AllocateContiguous(0, shape, placement))
    {
        exp.Fail("slice shape " + ShapeName(shape) + " does not fit an empty rack");
    }
    const SliceLayout layout = SliceLayout::FromPlacement(geometry, placement);
    SliceBandwidthProbe::Result r;
    std::string error;
    if (!probe.Measure(layout, SliceSteering::LinksWithin(fabric, layout.accelerators), r, error))
    {
        exp.Fail(error);
    }
    Simulator::Destroy();
    return r.units;
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
    std::string backend = "flow";
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
    exp.AddEnum("backend", "Network model for the bandwidth measurement", backend, {"flow"});
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
    std::string geometryError;
    TorusGeometry geometry;
    exp.Require(geometry.ConfigureFromText(racks,
                                           rackShape,
                                           serverShape,
                                           MAX_ACCELERATORS,
                                           culprit,
                                           geometryError),
                culprit,
                geometryError);
    std::vector<std::pair<std::array<uint32_t, 3>, double>> parsed;
    exp.Require(SliceRequestGenerator::ParseShapes(shapes, parsed, error), "shapes", error);
    SliceAllocator shapeCheck(geometry);
    double weights = 0;
    double meanSize = 0;
    for (const auto& [shape, w] : parsed)
    {
        const std::string problem = shapeCheck.CheckShape(shape);
        exp.Require(problem.empty(), "shapes", problem);
        weights += w;
        meanSize += w * shape[0] * shape[1] * shape[2];
    }
    meanSize /= weights;
    const double expectedRequests = load * geometry.GetNAccelerators() * duration.GetSeconds() /
                                    (meanSize * meanHold.GetSeconds());
    exp.Require(expectedRequests <= MAX_REQUESTS,
                "duration",
                "with --load, --racks, --shapes and --meanHold it asks for about " +
                    OpticalUnits::Format(std::round(expectedRequests)) +
                    " requests (at most 1e6): shorten it or lower the load");
    exp.Start();

    Ptr<SliceRequestGenerator> generator = CreateObject<SliceRequestGenerator>();
    generator->SetAttribute("Load", DoubleValue(load));
    generator->SetAttribute("MeanHold", TimeValue(meanHold));
    generator->SetAttribute("Shapes", StringValue(shapes));
    generator->AssignStreams(0);
    std::vector<SliceRequestGenerator::Request> requests;
    if (!generator->Generate(geometry.GetNAccelerators(), duration, requests, error))
    {
        exp.Fail(error);
    }
    MorphluxSettings morphlux;
    morphlux.useIlp = ilp;
    morphlux.timeLimit = ilpTimeLimit;
    morphlux.nodeLimit = ilpNodeLimit;
    morphlux.candidatePaths = candidatePaths;
    Outcome base =
        RunPolicy("contiguous", geometry, requests, duration, fabricDelay, samples, nullptr, exp);
    Outcome run =
        policy == "contiguous"
            ? base
            : RunPolicy(policy, geometry, requests, duration, fabricDelay, samples, &morphlux, exp);

    // Tenant bandwidth: each measured slice against its shape as a box on the plain torus.
    SliceBandwidthProbe probe;
    probe.SetUnitBandwidth(unitGbps * 1e9);
    std::map<std::string, double> boxUnits;
    double injection = 0; // ports per accelerator, in units
    for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
    {
        injection += geometry.HasPort(p) ? 1 : 0;
    }
    double ratioSum = 0;
    std::map<std::string, std::pair<double, uint32_t>> perShape; // sum of units, count
    double gainSum = 0;
    uint32_t gainCount = 0;
    ResultsStore* store = exp.GetStore();
    if (store)
    {
        store->CreateEventTable("slices");
        store->CreateEventTable("occupancy");
    }
    for (const Outcome* o : {&base, &run})
    {
        const std::string name = o == &base ? "contiguous" : policy;
        if (o == &run && policy == "contiguous")
        {
            break;
        }
        for (const Sample& s : o->samples)
        {
            const std::string shape = ShapeName(s.layout.shape);
            if (!boxUnits.count(shape))
            {
                boxUnits[shape] = ContiguousBandwidth(geometry, s.layout.shape, probe, exp);
            }
            SliceBandwidthProbe::Result r;
            if (!probe.Measure(s.layout, s.links, r, error))
            {
                exp.Fail(error);
            }
            Simulator::Destroy();
            // Gain in share of the accelerator's injection bandwidth (all its ports).
            const double gain = 100.0 * (r.units - boxUnits[shape]) / injection;
            if (o == &run)
            {
                ratioSum += r.units / boxUnits[shape];
                gainSum += gain;
                ++gainCount;
                auto& [sum, count] = perShape[shape];
                sum += r.units;
                ++count;
            }
            if (store)
            {
                store->AddEvent("slices",
                                exp.GetRunId(),
                                {name,
                                 static_cast<int64_t>(s.layout.tenant),
                                 shape,
                                 static_cast<int64_t>(s.layout.accelerators.size()),
                                 s.method,
                                 static_cast<int64_t>(s.links.size()),
                                 r.units,
                                 boxUnits[shape],
                                 injection,
                                 gain});
            }
        }
        if (store)
        {
            for (const auto& [t, held, free, rejected] : o->timeline)
            {
                store->AddEvent("occupancy",
                                exp.GetRunId(),
                                {name,
                                 t,
                                 static_cast<int64_t>(held),
                                 static_cast<int64_t>(free),
                                 static_cast<int64_t>(rejected)});
            }
        }
    }

    auto pct = [](double a, double b) { return b > 0 ? 100.0 * a / b : 0.0; };
    const auto& s = run.stats;
    const auto& c = base.stats;
    const double frag = pct(s.fragmented, s.enoughFree);
    const double fragBase = pct(c.fragmented, c.enoughFree);
    for (const auto& [shape, sum] : perShape)
    {
        exp.Metric("bus-bandwidth-units-" + shape, sum.first / sum.second, "units");
        exp.Metric("box-bus-bandwidth-units-" + shape, boxUnits[shape], "units");
        exp.Metric("tenant-bandwidth-ratio-" + shape, sum.first / sum.second / boxUnits[shape]);
        exp.Metric("tenant-bandwidth-gain-pct-" + shape,
                   100.0 * (sum.first / sum.second - boxUnits[shape]) / injection,
                   "%");
    }
    // Fragmentation per slice size (e.g. Morphlux's fragmented 32-accelerator requests).
    for (const auto& [size, counts] : s.bySize)
    {
        const auto it = c.bySize.find(size);
        if (it != c.bySize.end() && policy != "contiguous")
        {
            exp.Metric("contiguous-fragmentation-pct-" + std::to_string(size),
                       pct(it->second[1], it->second[0]),
                       "%");
        }
        exp.Metric("fragmentation-pct-" + std::to_string(size), pct(counts[1], counts[0]), "%");
    }
    exp.Metric("requests", static_cast<double>(s.requests));
    exp.Metric("stitched-slices", static_cast<double>(s.stitched));
    exp.Metric("ilp-placements", static_cast<double>(run.methods[1]));
    exp.Metric("greedy-placements", static_cast<double>(run.methods[2]));
    exp.Metric("greedy-fallbacks", static_cast<double>(run.fallbacks));
    exp.Metric("accounting-holds-pct", pct(run.accounted, run.events), "%");
    exp.Metric("contiguous-fragmentation-pct", fragBase, "%");
    exp.Metric("contiguous-rejection-pct", pct(c.rejected, c.requests), "%");
    exp.Metric("contiguous-utilization-pct", pct(c.heldSeconds, c.offeredSeconds), "%");
    exp.Metric("fragmentation-reduction-pct",
               fragBase > 0 ? 100.0 * (fragBase - frag) / fragBase : 0.0,
               "%");
    exp.Metric("tenant-bandwidth-ratio", gainCount ? ratioSum / gainCount : 1.0);
    exp.Metric("tenant-bandwidth-gain-pct", gainCount ? gainSum / gainCount : 0.0, "%");
    exp.Metric("fragmentation-pct", frag, "%");
    exp.Metric("rejection-pct", pct(s.rejected, s.requests), "%");
    exp.Metric("utilization-pct", pct(s.heldSeconds, s.offeredSeconds), "%");
    return exp.Finish();
}
