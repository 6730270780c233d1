/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Write your own study, 10: RotorNet's load balancing at packet level, written from
 * doc/optical.rst ("Time-slotted reconfigurable datacenter networks": the routing schemes and
 * the validation of VLB and RotorLB). A round robin of --tors ToRs with one rotor carries a
 * UDP permutation (each ToR's host to the next ToR's) under direct routing, VLB and RotorLB.
 * For each, the capacity: the largest rate a host may offer and see at least 99% of it
 * delivered, found by --steps halvings, printed beside the closed forms as shares of the usable
 * uplink capacity: direct 1/(N-1), VLB 1/2, RotorLB N/(2(N-1)). Saturating every host instead
 * would show VLB above its half on a permutation: the drops of an overloaded network fall on
 * the two-hop bytes, so what is delivered is no longer the oblivious split.
 *
 *   ./ns3 run "rotor-load-balancing --tors=4"
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

namespace
{

/**
 * \brief Runs the permutation under one routing scheme, every host offering \p offered.
 * \param scheme direct, vlb or rotorlb \param tors ToRs \param slot slot length
 * \param guard guard band \param cycles cycles measured (after two of warm-up)
 * \param offered each host's rate
 * \return bits per second delivered per ToR
 */
double
Run(const std::string& scheme,
    uint32_t tors,
    Time slot,
    Time guard,
    uint32_t cycles,
    DataRate offered)
{
    std::string error;
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(slot);
    schedule->SetGuard(guard);
    const auto matchings = RdcnScheduleGenerator::RoundRobin(tors, 1, error);
    NS_ABORT_MSG_IF(matchings.empty() || !schedule->SetMatchings(tors, matchings, error), error);

    RdcnHelper rdcn;
    rdcn.SetRouterAttribute("Scheme", StringValue(scheme));
    RdcnNetwork net = rdcn.Install(schedule, 1, error);
    NS_ABORT_MSG_IF(!net.IsValid(), error);

    // Every host offers the rate to the next ToR's host.
    const uint16_t port = 9;
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinks = sink.Install(net.GetHosts());
    const Time cycle = slot * static_cast<int64_t>(tors - 1);
    const Time from = cycle * 2;
    const Time to = from + cycle * static_cast<int64_t>(cycles);
    for (uint32_t t = 0; t < tors; ++t)
    {
        OnOffHelper onoff("ns3::UdpSocketFactory",
                          InetSocketAddress(net.GetHostAddress((t + 1) % tors, 0), port));
        onoff.SetConstantRate(offered, 1472);
        ApplicationContainer app = onoff.Install(net.GetHost(t, 0));
        app.Stop(to);
    }
    uint64_t bytes = 0;
    for (uint32_t i = 0; i < sinks.GetN(); ++i)
    {
        sinks.Get(i)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                [&bytes, from, to](Ptr<const Packet> p, const Address&) {
                    if (Simulator::Now() >= from && Simulator::Now() < to)
                    {
                        bytes += p->GetSize();
                    }
                }));
    }
    Simulator::Stop(to);
    Simulator::Run();
    Simulator::Destroy();
    return bytes * 8.0 / (to - from).GetSeconds() / tors;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t tors = 4;
    Time slot = MicroSeconds(100);
    Time guard = MicroSeconds(1);
    uint32_t cycles = 10;
    uint32_t steps = 6;
    OpticalExperiment exp("rotor-load-balancing",
                          "Direct, VLB and RotorLB capacities on a rotor at packet level");
    exp.AddCount("tors", "ToRs", tors, 3, 64);
    exp.AddTime("slot", "Slot length", slot, OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("guard", "Guard band", guard, OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddCount("cycles", "Cycles measured", cycles, 1, 10000);
    exp.AddCount("steps", "Halvings of the search for each capacity", steps, 1, 20);
    exp.Parse(argc, argv);
    if (guard >= slot)
    {
        exp.Fail("--guard must be shorter than --slot");
    }
    exp.Start();
    // The usable uplink capacity: 10 Gb/s while the circuit is lit.
    const double usable = 10e9 * (1 - guard.GetSeconds() / slot.GetSeconds());
    const double n = tors;

    const struct
    {
        const char* scheme;
        double share;
    } schemes[] = {{"direct", 1 / (n - 1)}, {"vlb", 0.5}, {"rotorlb", n / (2 * (n - 1))}};

    for (const auto& s : schemes)
    {
        // The capacity lies between lo and hi (shares of the usable uplink capacity).
        double lo = 0;
        double hi = 1;
        for (uint32_t i = 0; i < steps; ++i)
        {
            const double share = (lo + hi) / 2;
            const DataRate offered(static_cast<uint64_t>(share * usable));
            const double delivered = Run(s.scheme, tors, slot, guard, cycles, offered);
            (delivered >= 0.99 * share * usable ? lo : hi) = share;
        }
        exp.Metric(std::string(s.scheme) + "-capacity-low", lo);
        exp.Metric(std::string(s.scheme) + "-capacity-high", hi);
        exp.Metric(std::string(s.scheme) + "-closed-form", s.share);
    }
    return exp.Finish();
}
