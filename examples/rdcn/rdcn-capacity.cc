/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * The capacity of a round-robin rotor network (RotorNet) under skewed demand, per routing
 * scheme, measured on the fluid network beside its closed form: the largest rate at which
 * every ToR pair gets all the demand offers it (the maximum concurrent throughput).
 *
 * A share --skew of each ToR's traffic goes to one other ToR (a permutation), the rest
 * uniformly to all others (RdcnStudy::StartSkewedDemand: --skew x --hostsPerTor hosts per ToR
 * on the permutation). Every host's NIC runs at the rate offered, saturating flows behind it;
 * the rate is found by bisection: a rate is carried when the ToRs deliver at least
 * (1 - --slack) of it over --cycles cycles after --warmupCycles. Closed forms, as a share of
 * d x U x uplink (d = 1 - guard/slot, N ToRs, U uplinks dividing N - 1):
 *   direct 1 / (1 + s (N - 2)); vlb (any ToR but the source as intermediate)
 *   (N - 1) / (2N - 3 + s); vlb (neither end) (N - 2) / (2 (N - 2 + s));
 *   rotorlb N / (N + s (N - 2)).
 *
 *   ./ns3 run "rdcn-capacity --routing=rotorlb --skew=1"
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

#include <cmath>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("RdcnCapacity");

namespace
{

/// What one run measures.
struct CapacityRun
{
    uint32_t tors{8};                 //!< ToRs
    uint32_t uplinks{1};              //!< Uplinks per ToR
    uint32_t hostsPerTor{4};          //!< Hosts per ToR
    std::string routing{"rotorlb"};   //!< direct, vlb or rotorlb
    std::string intermediates{"any"}; //!< vlb: any or others
    double skew{0.5};                 //!< Share of each ToR's traffic on the permutation
    Time slot{MicroSeconds(50)};      //!< Slot
    Time guard{MicroSeconds(2)};      //!< Guard band
    DataRate uplinkRate{"10Gbps"};    //!< Uplink rate
    uint32_t warmupCycles{40};        //!< Cycles before measuring
    uint32_t cycles{60};              //!< Cycles measured
    uint32_t steps{10};               //!< Bisection steps
    double slack{0.005};              //!< Share of the offered rate that may go undelivered
};

/**
 * \brief Runs the demand at \p perHost bit/s per host and returns the delivered rate per ToR.
 * \param [in] c The configuration \param [in] perHost Each host's offered rate (bit/s)
 * \return bit/s per ToR over the measured cycles
 */
double
Delivered(const CapacityRun& c, double perHost)
{
    std::string error;
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(c.slot);
    schedule->SetGuard(c.guard);
    const auto matchings = RdcnScheduleGenerator::RoundRobin(c.tors, c.uplinks, error);
    NS_ABORT_MSG_IF(matchings.empty() || !schedule->SetMatchings(c.tors, matchings, error), error);
    Ptr<RdcnRouter> router = CreateObject<RdcnRouter>();
    router->SetSchedule(schedule);
    router->SetAttribute("Scheme", StringValue(c.routing));
    router->SetAttribute("VlbIntermediates", StringValue(c.intermediates));
    Ptr<RdcnFluidNetwork> net = CreateObject<RdcnFluidNetwork>();
    net->SetAttribute("HostsPerTor", UintegerValue(c.hostsPerTor));
    net->SetAttribute("HostRate", DataRateValue(DataRate(static_cast<uint64_t>(perHost))));
    net->SetAttribute("UplinkRate", DataRateValue(c.uplinkRate));
    net->SetSchedule(schedule);
    net->SetRouter(router);
    const auto onPermutation = static_cast<uint32_t>(std::lround(c.skew * c.hostsPerTor));
    NS_ABORT_MSG_IF(RdcnStudy::StartSkewedDemand(net, onPermutation, 1e12, error) < 0, error);
    const Time cycle = c.slot * static_cast<int64_t>(schedule->GetNSlices());
    const Time t1 = cycle * static_cast<int64_t>(c.warmupCycles);
    const Time t2 = cycle * static_cast<int64_t>(c.warmupCycles + c.cycles);
    double d1 = 0;
    double d2 = 0;
    Simulator::Schedule(t1, [&]() { d1 = net->GetBytesDelivered(); });
    Simulator::Schedule(t2, [&]() { d2 = net->GetBytesDelivered(); });
    Simulator::Stop(t2 + NanoSeconds(1));
    Simulator::Run();
    NS_ABORT_MSG_UNLESS(net->CheckConservation().empty(), net->CheckConservation());
    Simulator::Destroy();
    return (d2 - d1) * 8 / (t2 - t1).GetSeconds() / c.tors;
}

/// \param [in] c The configuration \return the closed form, share of d x U x uplink
double
ClosedForm(const CapacityRun& c)
{
    const double n = c.tors;
    const double s = c.skew;
    if (c.routing == "direct")
    {
        return 1 / (1 + s * (n - 2));
    }
    if (c.routing == "vlb")
    {
        return c.intermediates == "any" ? (n - 1) / (2 * n - 3 + s) : (n - 2) / (2 * (n - 2 + s));
    }
    return n / (n + s * (n - 2));
}

} // namespace

int
main(int argc, char* argv[])
{
    CapacityRun c;
    OpticalExperiment exp("rdcn-capacity",
                          "Capacity of a rotor network under skewed demand, per routing, "
                          "beside its closed form");
    exp.AddCount("tors", "ToRs", c.tors, 3, 64);
    exp.AddCount("uplinks", "Uplinks per ToR (a divisor of tors - 1)", c.uplinks, 1, 16);
    exp.AddCount("hostsPerTor", "Hosts per ToR", c.hostsPerTor, 1, 64);
    exp.AddEnum("routing", "Routing", c.routing, {"direct", "vlb", "rotorlb"});
    exp.AddEnum("intermediates",
                "vlb: intermediates (any ToR but the source, or neither end)",
                c.intermediates,
                {"any", "others"});
    exp.AddFraction("skew",
                    "Share of each ToR's traffic to one other ToR (a multiple of 1/hostsPerTor)",
                    c.skew,
                    OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddTime("slot", "Slot length", c.slot, OpticalBounds::Above(0).AtMost(1));
    exp.AddTime("guard", "Guard band", c.guard, OpticalBounds::AtLeast(0).AtMost(1));
    exp.AddDataRate("uplinkRate",
                    "Uplink rate",
                    c.uplinkRate,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddCount("warmupCycles", "Cycles before measuring", c.warmupCycles, 1, 100000);
    exp.AddCount("cycles", "Cycles measured", c.cycles, 1, 100000);
    exp.AddCount("steps", "Bisection steps (each halves the interval)", c.steps, 1, 30);
    exp.AddFraction("slack",
                    "Share of the offered rate that may go undelivered at a carried rate",
                    c.slack,
                    OpticalBounds::AtLeast(0).AtMost(0.5));
    exp.Parse(argc, argv);
    if ((c.tors - 1) % c.uplinks != 0)
    {
        exp.Fail("--uplinks=" + std::to_string(c.uplinks) + ": must divide --tors - 1 = " +
                 std::to_string(c.tors - 1) + " (every pair one slot per cycle)");
    }
    const double units = c.skew * c.hostsPerTor;
    if (std::abs(units - std::round(units)) > 1e-9)
    {
        std::ostringstream os;
        os << "--skew=" << c.skew << ": with --hostsPerTor=" << c.hostsPerTor
           << " the share must be a multiple of 1/" << c.hostsPerTor;
        exp.Fail(os.str());
    }
    if (c.guard >= c.slot)
    {
        exp.Fail("--guard must be shorter than --slot");
    }
    exp.Start();
    // The ToR's usable uplink capacity, d x U x uplink; the rate carried is a share of it.
    const double d = 1 - c.guard.GetSeconds() / c.slot.GetSeconds();
    const double full = d * c.uplinks * static_cast<double>(c.uplinkRate.GetBitRate());
    double lo = 0;
    double hi = 1;
    for (uint32_t i = 0; i < c.steps; ++i)
    {
        const double share = (lo + hi) / 2;
        const double delivered = Delivered(c, share * full / c.hostsPerTor);
        (delivered >= (1 - c.slack) * share * full ? lo : hi) = share;
    }
    const double closed = ClosedForm(c);
    exp.Metric("capacity-pct", 100 * lo, "%");
    exp.Metric("closed-form-pct", 100 * closed, "%");
    exp.Metric("difference-pct", 100 * (lo - closed) / closed, "%");
    exp.Metric("resolution-pct", 100 * (hi - lo), "%");
    return exp.Finish();
}
