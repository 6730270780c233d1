/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * An accelerator fails in a full torus datacenter. Under ``contiguous`` the job migrates to
 * free capacity elsewhere and restarts (its whole slice stops); under ``morphlux`` a spare of
 * the same rack is swapped in by the servers' photonic fabrics (only the failed accelerator is
 * lost, and the job waits for the fabrics and the collective library).
 *
 * Two runs: the scripted failure (its recovery timeline), then a year of random failures on
 * a fresh datacenter (the share the spares cover).
 *
 *   ./ns3 run "server-fabric-failover --policy=morphlux --spares=4"
 *
 * Prints recovery-s, rewire-s, blast-radius-accelerators, spare-coverage-pct. Every option is
 * checked before the run (--help lists their kinds and ranges).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <cmath>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("ServerFabricFailover");

namespace
{

/// The datacenter and who is in it.
struct Setup
{
    std::string policy;                        //!< Policy
    uint32_t spares{0};                        //!< Spares per rack
    TorusGeometry geometry;                    //!< Racks
    uint32_t filledRacks{0};                   //!< Racks filled with tenants
    std::vector<std::array<uint32_t, 3>> fill; //!< Shapes per filled rack
    Time fabricDelay;                          //!< Fabric reconfiguration delay
    Time resync;                               //!< Collective re-sync
    Time migration;                            //!< Migration + restart
};

/// A datacenter with its scheduler, filled.
struct Datacenter
{
    Ptr<TorusFabric> fabric;       //!< Fabrics
    Ptr<SliceScheduler> scheduler; //!< Tenants
    uint32_t tenants{0};           //!< Tenants placed
};

/// Builds and fills a datacenter.
Datacenter
Build(const Setup& setup, OpticalExperiment& exp)
{
    Datacenter dc;
    ObjectFactory ocs("ns3::OpticalCircuitSwitch");
    ocs.Set("ReconfigurationDelay", TimeValue(setup.fabricDelay));
    dc.fabric = CreateObject<TorusFabric>();
    dc.fabric->Setup(setup.geometry, ocs);
    dc.scheduler = CreateObject<SliceScheduler>();
    dc.scheduler->SetAttribute("Policy", StringValue(setup.policy));
    dc.scheduler->SetAttribute("SparesPerRack", UintegerValue(setup.spares));
    dc.scheduler->SetAttribute("ResyncTime", TimeValue(setup.resync));
    dc.scheduler->SetAttribute("MigrationTime", TimeValue(setup.migration));
    std::string error;
    if (!dc.scheduler->Setup(dc.fabric, error))
    {
        exp.Fail("--spares: " + error);
    }
    for (uint32_t r = 0; r < setup.filledRacks; ++r)
    {
        for (const auto& shape : setup.fill)
        {
            dc.tenants += dc.scheduler->Request(dc.tenants + 1, shape) ? 1 : 0;
        }
    }
    return dc;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Largest datacenter (accelerators; 256 racks of 64) and largest expected number of random
    // failures: bounds on memory and run time.
    constexpr uint32_t MAX_RACKS = 256;
    constexpr uint64_t MAX_ACCELERATORS = 16384;
    constexpr double MAX_FAILURES = 1e5;
    constexpr double DAY = 86400;

    std::string policy = "morphlux";
    uint32_t spares = 4;
    uint32_t racks = 4;
    uint32_t freeRacks = 1;
    std::string fill = "2x4x4,2x2x4,2x2x2";
    Time fabricDelay = Seconds(1.1);
    std::string rackShape = "4x4x4";
    std::string serverShape = "2x2x1";
    Time resync = Seconds(4.5);
    Time migration = Seconds(60);
    Time failAt = Seconds(10);
    double failureRate = 2e-5;
    Time repair = Hours(72);
    Time duration = Days(365);

    OpticalExperiment exp("server-fabric-failover",
                          "Accelerator failure: job migration vs spare swap by the fabrics");
    exp.AddEnum("policy",
                "contiguous (migrate the job) or morphlux (swap in a spare)",
                policy,
                {"contiguous", "morphlux"});
    exp.AddCount("spares",
                 "Spare accelerators per rack, whole servers, fewer than a rack's servers "
                 "(Morphlux: 4 per 64)",
                 spares,
                 0,
                 4096);
    exp.AddCount("racks",
                 "Racks of --rack accelerators; at most " + std::to_string(MAX_ACCELERATORS) +
                     " accelerators in all",
                 racks,
                 1,
                 MAX_RACKS);
    exp.AddCount("freeRacks",
                 "Racks left empty (where migrated jobs can go), fewer than --racks",
                 freeRacks,
                 0,
                 MAX_RACKS - 1);
    exp.AddText("fill",
                "Slices placed in each other rack, in order (AxBxC,...; the first holds the "
                "failing accelerator)",
                fill,
                false);
    exp.AddText("rack", "Accelerators per rack, AxBxC (TPUv4, Morphlux: 4x4x4)", rackShape, false);
    exp.AddText("server",
                "Accelerators per server, AxBxC, tiling the rack (Morphlux: 2x2x1)",
                serverShape,
                false);
    exp.AddTime("fabricDelay",
                "Reconfiguration delay of a server's fabric (Morphlux prototype: 1.1 s)",
                fabricDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("resync",
                "Collective-library re-sync after recovery (NCCL: 4.5 s)",
                resync,
                OpticalBounds::AtLeast(0).AtMost(3600));
    exp.AddTime("migration",
                "Migration and restart of a job (no public figure: an assumption)",
                migration,
                OpticalBounds::AtLeast(0).AtMost(DAY));
    exp.AddTime("failAt",
                "When the scripted failure happens",
                failAt,
                OpticalBounds::AtLeast(0).AtMost(DAY));
    exp.AddReal("failureRate",
                "Random failures per accelerator-hour for the coverage run (no public per-chip "
                "rate: an assumption, about 16% a year); the expected failures, rate x "
                "accelerators x duration, must not exceed 1e5",
                failureRate,
                OpticalBounds::Above(0).AtMost(0.01),
                "per accelerator-hour");
    exp.AddTime("repair",
                "Repair time of a failed accelerator",
                repair,
                OpticalBounds::AtLeast(0).AtMost(365 * DAY));
    exp.AddTime("duration",
                "Period of the coverage run (0: skip it; default a year, for tens of failures)",
                duration,
                OpticalBounds::AtLeast(0).AtMost(10 * 365 * DAY));
    exp.Parse(argc, argv);

    Setup setup;
    std::string error;
    setup.policy = policy;
    setup.spares = spares;
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
    setup.geometry = geometry;
    exp.Require(freeRacks < racks,
                "freeRacks",
                "leaves none of the " + std::to_string(racks) + " racks for tenants (at most " +
                    std::to_string(racks - 1) + ")");
    const uint32_t perServer = setup.geometry.GetAcceleratorsPerServer();
    exp.Require(spares % perServer == 0 && spares / perServer < setup.geometry.GetServersPerRack(),
                "spares",
                "must be whole servers of " + std::to_string(perServer) +
                    " accelerators and fewer than the " +
                    std::to_string(setup.geometry.GetServersPerRack()) + " servers of a rack");
    setup.filledRacks = racks - freeRacks;
    exp.Require(TorusGeometry::ParseShapeList(fill, setup.fill, error), "fill", error);
    SliceAllocator check(setup.geometry);
    for (const auto& shape : setup.fill)
    {
        const std::string problem = check.CheckShape(shape);
        exp.Require(problem.empty(), "fill", problem);
    }
    setup.fabricDelay = fabricDelay;
    setup.resync = resync;
    setup.migration = migration;
    const double expectedFailures =
        failureRate * setup.geometry.GetNAccelerators() * duration.GetSeconds() / 3600;
    exp.Require(expectedFailures <= MAX_FAILURES,
                "duration",
                "with --failureRate and --racks it expects about " +
                    OpticalUnits::Format(std::round(expectedFailures)) +
                    " failures (at most 1e5): shorten it or lower the rate");
    // The scripted run's datacenter, built and filled before the run starts so that a --fill
    // that places nothing is refused like any other bad value.
    Datacenter dc = Build(setup, exp);
    exp.Require(dc.tenants > 0, "fill", "no slice could be placed");
    exp.Start();

    // Run 1: the scripted failure of an accelerator in the middle of the first slice.
    const SliceAllocator::Placement victim = dc.scheduler->GetAllocator().GetPlacements().front();
    const SliceLayout layout = SliceLayout::FromPlacement(setup.geometry, victim);
    const uint32_t failed = layout.accelerators[layout.accelerators.size() / 2];

    struct Recovery
    {
        bool done{false};  //!< Recovered
        Time downtime;     //!< Downtime
        uint32_t blast{0}; //!< Blast radius
        Time rewire;       //!< Fabric rewire
    } rec;

    dc.scheduler->TraceConnectWithoutContext(
        "Recovered",
        MakeBoundCallback(
            +[](Recovery* r, uint64_t, Time downtime, uint32_t blast, Time rewire) {
                *r = Recovery{true, downtime, blast, rewire};
            },
            &rec));
    Simulator::Schedule(failAt, &SliceScheduler::Fail, dc.scheduler, failed);
    exp.Run(failAt + setup.migration + setup.resync + setup.fabricDelay + Seconds(60));
    const SliceScheduler::Stats first = dc.scheduler->GetStats();
    Simulator::Destroy();
    if (!rec.done)
    {
        exp.Fail("the job of tenant " + std::to_string(victim.tenant) +
                 " found no slice to migrate to (--freeRacks)");
    }

    // Run 2: random failures over --duration; the share the spares absorb.
    double coverage = 0;
    SliceScheduler::Stats month;
    double meanDowntime = 0;
    double meanBlast = 0;
    if (!duration.IsZero())
    {
        Datacenter dc2 = Build(setup, exp);
        dc2.scheduler->AssignStreams(0);

        struct Totals
        {
            double downtimeS{0}; //!< Sum of downtimes
            double blast{0};     //!< Sum of blast radii
            uint32_t n{0};       //!< Recoveries
        } totals;

        dc2.scheduler->TraceConnectWithoutContext(
            "Recovered",
            MakeBoundCallback(
                +[](Totals* t, uint64_t, Time downtime, uint32_t blast, Time) {
                    t->downtimeS += downtime.GetSeconds();
                    t->blast += blast;
                    ++t->n;
                },
                &totals));
        dc2.scheduler->StartFailures(failureRate, repair, duration);
        exp.Run(duration);
        month = dc2.scheduler->GetStats();
        Simulator::Destroy();
        // Without failures nothing went uncovered, except that contiguous has no spares.
        coverage = month.failures ? 100.0 * month.covered / month.failures
                                  : (policy == "morphlux" && spares > 0 ? 100.0 : 0.0);
        meanDowntime = totals.n ? totals.downtimeS / totals.n : 0.0;
        meanBlast = totals.n ? totals.blast / totals.n : 0.0;
    }

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("recovery");
        const double t0 = failAt.GetSeconds();
        const double back = t0 + rec.downtime.GetSeconds();
        if (rec.rewire.IsStrictlyPositive())
        {
            store->AddEvent("recovery",
                            exp.GetRunId(),
                            {policy, std::string("rewire"), t0, t0 + rec.rewire.GetSeconds()});
            store->AddEvent("recovery",
                            exp.GetRunId(),
                            {policy, std::string("resync"), t0 + rec.rewire.GetSeconds(), back});
        }
        else
        {
            store->AddEvent(
                "recovery",
                exp.GetRunId(),
                {policy, std::string("migration"), t0, t0 + setup.migration.GetSeconds()});
            store->AddEvent(
                "recovery",
                exp.GetRunId(),
                {policy, std::string("resync"), t0 + setup.migration.GetSeconds(), back});
        }
    }
    exp.Metric("victim-slice-accelerators", static_cast<double>(layout.accelerators.size()));
    exp.Metric("migrations", static_cast<double>(first.migrations));
    exp.Metric("random-failures", static_cast<double>(month.failures));
    exp.Metric("random-migrations", static_cast<double>(month.migrations));
    exp.Metric("random-lost-jobs", static_cast<double>(month.lost));
    exp.Metric("mean-downtime-s", meanDowntime, "s");
    exp.Metric("mean-blast-radius-accelerators", meanBlast);
    exp.Metric("recovery-s", rec.downtime.GetSeconds(), "s");
    exp.Metric("rewire-s", rec.rewire.GetSeconds(), "s");
    exp.Metric("blast-radius-accelerators", static_cast<double>(rec.blast));
    exp.Metric("spare-coverage-pct", coverage, "%");
    return exp.Finish();
}
