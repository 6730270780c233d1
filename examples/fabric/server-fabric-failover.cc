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
    TorusGeometry geometry;                    //!< Racks
    uint32_t filledRacks{0};                   //!< Racks filled with tenants
    std::vector<std::array<uint32_t, 3>> fill; //!< Shapes per filled rack
    TorusDatacenterHelper dc;                  //!< Fabrics (reconfiguration delay)
    SliceSchedulerHelper tenants;              //!< Policy, spares, re-sync, migration
};

/// Builds a datacenter, \return its scheduler (\p tenants: the tenants placed)
Ptr<SliceScheduler>
Build(const Setup& setup, uint32_t& tenants, OpticalExperiment& exp)
{
    std::string error;
    Ptr<SliceScheduler> scheduler = setup.tenants.Install(setup.dc.Create(setup.geometry), error);
    if (!scheduler)
    {
        exp.Fail("--spares: " + error);
    }
    tenants = RecoveryRecorder::Fill(scheduler, setup.filledRacks, setup.fill);
    return scheduler;
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
    setup.tenants.SetSchedulerAttribute("Policy", StringValue(policy));
    setup.tenants.SetSchedulerAttribute("SparesPerRack", UintegerValue(spares));
    setup.tenants.SetSchedulerAttribute("ResyncTime", TimeValue(resync));
    setup.tenants.SetSchedulerAttribute("MigrationTime", TimeValue(migration));
    std::string culprit;
    exp.Require(
        setup.geometry
            .ConfigureFromText(racks, rackShape, serverShape, MAX_ACCELERATORS, culprit, error),
        culprit,
        error);
    exp.Require(freeRacks < racks,
                "freeRacks",
                "leaves none of the " + std::to_string(racks) + " racks for tenants (at most " +
                    std::to_string(racks - 1) + ")");
    std::string problem = SliceScheduler::CheckSpares(setup.geometry, spares);
    exp.Require(problem.empty(), "spares", problem);
    setup.filledRacks = racks - freeRacks;
    exp.Require(TorusGeometry::ParseShapeList(fill, setup.fill, error), "fill", error);
    problem = SliceAllocator(setup.geometry).CheckShapes(setup.fill);
    exp.Require(problem.empty(), "fill", problem);
    setup.dc.SetFabricAttribute("ReconfigurationDelay", TimeValue(fabricDelay));
    const double expectedFailures =
        failureRate * setup.geometry.GetNAccelerators() * duration.GetSeconds() / 3600;
    exp.Require(expectedFailures <= MAX_FAILURES,
                "duration",
                "with --failureRate and --racks it expects about " +
                    OpticalUnits::Format(std::round(expectedFailures)) +
                    " failures (at most 1e5): shorten it or lower the rate");
    // The scripted run's datacenter, built and filled before the run starts so that a --fill
    // that places nothing is refused like any other bad value.
    uint32_t tenants = 0;
    Ptr<SliceScheduler> scheduler = Build(setup, tenants, exp);
    problem = RecoveryRecorder::CheckFilled(tenants,
                                            setup.filledRacks,
                                            setup.fill,
                                            setup.geometry.GetNAccelerators() / racks,
                                            spares);
    exp.Require(problem.empty(), "fill", problem);
    exp.Start();

    // Run 1: the scripted failure of an accelerator in the middle of the first slice.
    const SliceAllocator::Placement victim = scheduler->GetAllocator().GetPlacements().front();
    const SliceLayout layout = SliceLayout::FromPlacement(setup.geometry, victim);
    RecoveryRecorder scripted;
    scripted.Attach(scheduler);
    const uint32_t failed = RecoveryRecorder::MiddleAccelerator(layout);
    Simulator::Schedule(failAt, &SliceScheduler::Fail, scheduler, failed);
    exp.Run(failAt + migration + resync + fabricDelay + Seconds(60));
    const SliceScheduler::Stats first = scheduler->GetStats();
    Simulator::Destroy();
    const RecoveryRecorder::Recovery rec = scripted.GetLast();
    if (!rec.done)
    {
        exp.Fail("the job of tenant " + std::to_string(victim.tenant) +
                 " found no slice to migrate to (--freeRacks)");
    }

    // Run 2: random failures over --duration; the share the spares absorb.
    SliceScheduler::Stats month;
    RecoveryRecorder randomRun;
    if (!duration.IsZero())
    {
        Ptr<SliceScheduler> scheduler2 = Build(setup, tenants, exp);
        scheduler2->AssignStreams(0);
        randomRun.Attach(scheduler2);
        scheduler2->StartFailures(failureRate, repair, duration);
        exp.Run(duration);
        month = scheduler2->GetStats();
        Simulator::Destroy();
    }
    // Without failures nothing went uncovered, except that contiguous has no spares.
    const bool sparesUsed = policy == "morphlux" && spares > 0;
    const double coverage = duration.IsZero() ? 0.0 : RecoveryRecorder::Coverage(month, sparesUsed);

    if (ResultsStore* store = exp.GetStore())
    {
        store->CreateEventTable("recovery");
        for (const auto& phase : RecoveryRecorder::Phases(rec, failAt, migration))
        {
            store->AddEvent("recovery",
                            exp.GetRunId(),
                            {policy, phase.name, phase.startS, phase.endS});
        }
    }
    exp.Metric("victim-slice-accelerators", static_cast<double>(layout.accelerators.size()));
    exp.Metric("migrations", static_cast<double>(first.migrations));
    exp.Metric("random-failures", static_cast<double>(month.failures));
    exp.Metric("random-migrations", static_cast<double>(month.migrations));
    exp.Metric("random-lost-jobs", static_cast<double>(month.lost));
    exp.Metric("mean-downtime-s", randomRun.GetMeanDowntimeS(), "s");
    exp.Metric("mean-blast-radius-accelerators", randomRun.GetMeanBlast());
    exp.Metric("recovery-s", rec.downtime.GetSeconds(), "s");
    exp.Metric("rewire-s", rec.rewire.GetSeconds(), "s");
    exp.Metric("blast-radius-accelerators", static_cast<double>(rec.blast));
    exp.Metric("spare-coverage-pct", coverage, "%");
    return exp.Finish();
}
