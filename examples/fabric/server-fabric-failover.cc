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
 * Prints recovery-s, rewire-s, blast-radius-accelerators, spare-coverage-pct.
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <sstream>

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
    std::string policy = "morphlux";
    uint32_t spares = 4;
    uint32_t racks = 4;
    uint32_t freeRacks = 1;
    std::string fill = "2x4x4,2x2x4,2x2x2";
    std::string fabricDelay = "1.1s";
    std::string rackShape = "4x4x4";
    std::string serverShape = "2x2x1";
    std::string resync = "4.5s";
    std::string migration = "60s";
    std::string failAt = "10s";
    double failureRate = 2e-5;
    std::string repair = "72h";
    std::string duration = "365d";

    OpticalExperiment exp("server-fabric-failover",
                          "Accelerator failure: job migration vs spare swap by the fabrics");
    exp.AddValue("policy", "contiguous (migrate the job) or morphlux (swap in a spare)", policy);
    exp.AddValue("spares",
                 "Spare accelerators per rack, whole servers (Morphlux: 4 per 64)",
                 spares);
    exp.AddValue("racks", "Racks of 4x4x4 accelerators", racks);
    exp.AddValue("freeRacks", "Racks left empty (where migrated jobs can go)", freeRacks);
    exp.AddValue("fill",
                 "Slices placed in each other rack, in order (AxBxC,...; the first holds the "
                 "failing accelerator)",
                 fill);
    exp.AddValue("rack", "Accelerators per rack, AxBxC (TPUv4, Morphlux: 4x4x4)", rackShape);
    exp.AddValue("server", "Accelerators per server, AxBxC (Morphlux: 2x2x1)", serverShape);
    exp.AddValue("fabricDelay",
                 "Reconfiguration delay of a server's fabric (Morphlux prototype: 1.1 s)",
                 fabricDelay);
    exp.AddValue("resync", "Collective-library re-sync after recovery (NCCL: 4.5 s)", resync);
    exp.AddValue("migration",
                 "Migration and restart of a job (no public figure: an assumption)",
                 migration);
    exp.AddValue("failAt", "When the scripted failure happens", failAt);
    exp.AddValue("failureRate",
                 "Random failures per accelerator-hour for the coverage run (no public "
                 "per-chip rate: an assumption, about 16% a year)",
                 failureRate);
    exp.AddValue("repair", "Repair time of a failed accelerator (ns-3 time)", repair);
    exp.AddValue("duration",
                 "Period of the coverage run (ns-3 time; 0: skip it; default a year, for tens of "
                 "failures)",
                 duration);
    exp.Parse(argc, argv);

    Setup setup;
    std::string error;
    if (!SliceScheduler::CheckPolicy(policy, error))
    {
        exp.Fail("--policy: " + error);
    }
    setup.policy = policy;
    setup.spares = spares;
    if (!setup.geometry.ConfigureFromText(racks, rackShape, serverShape, error))
    {
        exp.Fail("--racks, --rack, --server: " + error);
    }
    if (freeRacks >= racks)
    {
        exp.Fail("--freeRacks " + std::to_string(freeRacks) + " leaves none of the " +
                 std::to_string(racks) + " racks for tenants");
    }
    const uint32_t perServer = setup.geometry.GetAcceleratorsPerServer();
    if (spares % perServer != 0 || spares / perServer >= setup.geometry.GetServersPerRack())
    {
        exp.Fail("--spares " + std::to_string(spares) + " must be whole servers of " +
                 std::to_string(perServer) + " accelerators and fewer than the " +
                 std::to_string(setup.geometry.GetServersPerRack()) + " servers of a rack");
    }
    setup.filledRacks = racks - freeRacks;
    std::vector<std::pair<std::array<uint32_t, 3>, double>> shapes;
    if (!SliceRequestGenerator::ParseShapes(fill, shapes, error))
    {
        exp.Fail("--fill: " + error);
    }
    SliceAllocator check(setup.geometry);
    for (const auto& [shape, w] : shapes)
    {
        const std::string problem = check.CheckShape(shape);
        if (!problem.empty())
        {
            exp.Fail("--fill: " + problem);
        }
        setup.fill.push_back(shape);
    }
    setup.fabricDelay = exp.NonNegativeTime("fabricDelay", fabricDelay);
    setup.resync = exp.NonNegativeTime("resync", resync);
    setup.migration = exp.NonNegativeTime("migration", migration);
    const Time failTime = exp.NonNegativeTime("failAt", failAt);
    const Time repairTime = exp.NonNegativeTime("repair", repair);
    const Time period = exp.NonNegativeTime("duration", duration);
    if (!(failureRate > 0))
    {
        exp.Fail("--failureRate " + std::to_string(failureRate) + " (must be > 0)");
    }
    exp.Start();

    // Run 1: the scripted failure of an accelerator in the middle of the first slice.
    Datacenter dc = Build(setup, exp);
    if (dc.tenants == 0)
    {
        exp.Fail("--fill: no slice could be placed");
    }
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
    Simulator::Schedule(failTime, &SliceScheduler::Fail, dc.scheduler, failed);
    exp.Run(failTime + setup.migration + setup.resync + setup.fabricDelay + Seconds(60));
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
    if (!period.IsZero())
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
        dc2.scheduler->StartFailures(failureRate, repairTime, period);
        exp.Run(period);
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
        store->CreateEventTable(
            "recovery",
            {{"policy", "TEXT"}, {"phase", "TEXT"}, {"start_s", "REAL"}, {"end_s", "REAL"}});
        const double t0 = failTime.GetSeconds();
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
