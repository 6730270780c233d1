/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-study.h"

#include "rdcn-helper.h"

#include "ns3/boolean.h"
#include "ns3/collective-helper.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/ocs-timeline-recorder.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-timeline.h"
#include "ns3/queue-size.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rdcn-demand-decomposition.h"
#include "ns3/rdcn-fluid-network.h"
#include "ns3/rdcn-router.h"
#include "ns3/rdcn-traffic-aware-scheduler.h"
#include "ns3/roce-fast-path.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-collective-transport.h"
#include "ns3/tcp-header.h"
#include "ns3/uinteger.h"

#include <chrono>
#include <functional>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnStudy");

namespace
{

/// The flow-size CDF file of a Poisson workload ("" for the patterns).
std::string
SizeFile(const RdcnStudyConfig& c)
{
    if (!c.sizes.empty())
    {
        return c.sizes;
    }
    if (c.workload == "websearch" || c.workload == "datamining")
    {
        return c.workload; // data/workload/<name>.csv
    }
    return "";
}

/// Payload bytes (TCP or UDP, headers excluded) of an IP packet as a host receives it.
uint64_t
PayloadBytes(Ptr<const Packet> packet)
{
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header ip;
    if (copy->RemoveHeader(ip) == 0)
    {
        return 0;
    }
    if (ip.GetProtocol() == 6)
    {
        TcpHeader tcp;
        copy->RemoveHeader(tcp);
        return copy->GetSize();
    }
    if (ip.GetProtocol() == 17)
    {
        return copy->GetSize() >= 8 ? copy->GetSize() - 8 : 0;
    }
    return 0;
}

/// \return \p t as an ns-3 time string in the largest unit that keeps it whole ("50us")
std::string
TimeText(Time t)
{
    const int64_t ns = t.GetNanoSeconds();
    if (ns != 0 && ns % 1000000000 == 0)
    {
        return std::to_string(ns / 1000000000) + "s";
    }
    if (ns != 0 && ns % 1000000 == 0)
    {
        return std::to_string(ns / 1000000) + "ms";
    }
    if (ns != 0 && ns % 1000 == 0)
    {
        return std::to_string(ns / 1000) + "us";
    }
    return std::to_string(ns) + "ns";
}

/// Host Rx trace: adds the payload of \p packet to \p counter.
void
CountPayload(uint64_t* counter, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    *counter += PayloadBytes(packet);
}

} // namespace

Ptr<RdcnSchedule>
RdcnStudy::MakeSchedule(const RdcnStudyConfig& c, std::string& error)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(c.stream);
    Ptr<RdcnSchedule> schedule;
    if (c.architecture == "traffic-aware")
    {
        // The first cycle: the round-robin base plus demand slices that, with no demand yet,
        // repeat the base (the scheduler replaces them every epoch).
        if (c.tors < 2 || c.uplinks < 1 || c.uplinks > c.tors - 1)
        {
            error = "--architecture=traffic-aware: --uplinks=" + std::to_string(c.uplinks) +
                    " with --tors=" + std::to_string(c.tors) + " (allowed: 1 to tors - 1 uplinks)";
            return nullptr;
        }
        const auto matchings = RdcnDemandDecomposition::ToMatchings({},
                                                                    c.tors,
                                                                    c.uplinks,
                                                                    TrafficAwareDemandSlices(c),
                                                                    error);
        schedule = CreateObject<RdcnSchedule>();
        if (matchings.empty() || !schedule->SetMatchings(c.tors, matchings, error))
        {
            error = "--architecture=traffic-aware: " + error;
            return nullptr;
        }
    }
    else
    {
        if (c.architecture == "random" && c.randomSlices > 0)
        {
            std::vector<std::vector<RdcnMatching>> m =
                RdcnScheduleGenerator::Random(c.tors, c.uplinks, c.randomSlices, rng, error);
            if (m.empty())
            {
                error = "--architecture=random: " + error;
                return nullptr;
            }
            schedule = CreateObject<RdcnSchedule>();
            if (!schedule->SetMatchings(c.tors, m, error))
            {
                return nullptr;
            }
        }
        else
        {
            schedule = RdcnScheduleGenerator::Make(c.architecture,
                                                   c.tors,
                                                   c.uplinks,
                                                   c.dimensions,
                                                   rng,
                                                   error);
            if (!schedule)
            {
                error = "--architecture=" + c.architecture + ": " + error;
                return nullptr;
            }
        }
    }
    schedule->SetSlot(c.slot);
    schedule->SetGuard(c.guard);
    return schedule;
}

uint32_t
RdcnStudy::TrafficAwareDemandSlices(const RdcnStudyConfig& c)
{
    return RdcnDemandDecomposition::BaseSlices(c.tors, c.uplinks);
}

std::string
RdcnStudy::Check(const RdcnStudyConfig& c)
{
    RdcnRouter::Scheme scheme;
    std::string error;
    if (!RdcnRouter::ParseScheme(c.routing, scheme, error))
    {
        return "--routing: " + error;
    }

    if (c.lowLatencyRouting != "none")
    {
        RdcnRouter::Scheme lowLatency;
        if (!RdcnRouter::ParseScheme(c.lowLatencyRouting, lowLatency, error) ||
            lowLatency == RdcnRouter::VLB || lowLatency == RdcnRouter::ROTORLB)
        {
            return "--lowLatencyRouting=" + c.lowLatencyRouting +
                   ": not a path scheme (allowed: none, direct, hoho, ksp, source)";
        }
        if (BackendRegistry::Get(c.backend).level != NetworkLevel::FLOW)
        {
            return "--lowLatencyRouting=" + c.lowLatencyRouting +
                   ": Opera's split runs at flow level only (--backend=" +
                   BackendRegistry::Get(c.backend).name +
                   "; the packet level's calendar queues have no priority class)";
        }
        if (c.lowLatencyBytes == 0)
        {
            return "--lowLatencyBytes=0: allowed >= 1";
        }
    }
    if (!c.timeline.empty() && BackendRegistry::Get(c.backend).level != NetworkLevel::PACKET)
    {
        return "--timeline: the switches' timeline is recorded at packet level (--backend=" +
               BackendRegistry::Get(c.backend).name + " has no switches)";
    }
    if (!c.timeline.empty() && !c.timelineWindow.IsStrictlyPositive())
    {
        return "--timelineWindow=" + TimeText(c.timelineWindow) + ": must be positive";
    }
    if (c.guard >= c.slot)
    {
        return "--guard=" + TimeText(c.guard) + " is not shorter than --slot=" + TimeText(c.slot) +
               " (a slot is its guard band plus the time circuits carry traffic)";
    }
    if (c.decomposition != "bvn" && c.decomposition != "max-weight")
    {
        return "--decomposition=" + c.decomposition + ": unknown (allowed: bvn, max-weight)";
    }
    Ptr<RdcnSchedule> schedule = MakeSchedule(c, error);
    if (!schedule)
    {
        return error;
    }
    if (const std::string timing = schedule->CheckTiming(); !timing.empty())
    {
        return timing;
    }
    Ptr<RdcnRouter> router = CreateObject<RdcnRouter>();
    router->SetSchedule(schedule);
    router->SetScheme(scheme);
    if (const std::string problem = router->Check(); !problem.empty())
    {
        return "--routing=" + c.routing + " on --architecture=" + c.architecture + ": " + problem;
    }
    if (RdcnRouter::Scheme lowLatency;
        c.lowLatencyRouting != "none" &&
        RdcnRouter::ParseScheme(c.lowLatencyRouting, lowLatency, error))
    {
        router->SetScheme(lowLatency);
        if (const std::string problem = router->Check(); !problem.empty())
        {
            return "--lowLatencyRouting=" + c.lowLatencyRouting +
                   " on --architecture=" + c.architecture + ": " + problem;
        }
    }
    const std::string sizes = SizeFile(c);
    if (!sizes.empty())
    {
        Ptr<FlowSizeDistribution> d = CreateObject<FlowSizeDistribution>();
        if (!d->ReadFile(sizes, error))
        {
            return (c.sizes.empty() ? "--workload=" + c.workload : "--sizes=" + c.sizes) + ": " +
                   error;
        }
    }
    return "";
}

namespace
{

/// What the steps of a run share: the network and its transport, the workload, the
/// traffic-aware scheduler, and what is measured while the simulation runs.
struct RdcnRun
{
    RdcnHelper helper;                          //!< Builds the fabric
    RdcnNetwork net;                            //!< Packet level: the network
    Ptr<RdcnFluidNetwork> fluid;                //!< Flow level: the network
    Ptr<CollectiveTransport> transport;         //!< The transport over the hosts
    std::shared_ptr<uint64_t> payload;          //!< Payload bytes the hosts received
    bool packetLevel{false};                    //!< The backend is packet level
    Ptr<FlowWorkload> workload;                 //!< The workload
    Ptr<RdcnTrafficAwareScheduler> scheduler;   //!< traffic-aware: the scheduler
    std::vector<std::vector<double>> connected; //!< Per pair of ToRs: time connected (s)
    std::function<void(uint64_t)> sampleSlot;   //!< Adds slot k to connected, then the next
    double deliveredByDuration{0};              //!< Bytes delivered by Duration
    std::function<void()> checkDone;            //!< Stops the run once every flow is done
};

/**
 * \brief Builds the network (one fabric, realized at the backend's level) and its transport,
 * fixes the router's streams, and counts the payload the hosts receive.
 * \param [in] c The configuration
 * \param [in] schedule The schedule
 * \param [in] scheme The routing scheme
 * \param [in] hosts The hosts
 * \param [in,out] stream The next free random stream
 * \param [in,out] r The run: helper, net, fluid, transport, payload, packetLevel
 * \param [out] error Why not
 * \return true on success
 */
bool
BuildNetwork(const RdcnStudyConfig& c,
             Ptr<RdcnSchedule> schedule,
             RdcnRouter::Scheme scheme,
             uint32_t hosts,
             int64_t& stream,
             RdcnRun& r,
             std::string& error)
{
    RdcnHelper& helper = r.helper;
    helper.SetHostLinkAttribute("DataRate", DataRateValue(c.hostRate));
    helper.SetUplinkAttribute("DataRate", DataRateValue(c.uplinkRate));
    helper.SetQueueDiscAttribute("MaxSize",
                                 QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, c.queueBytes)));
    helper.SetRouterAttribute("Scheme", EnumValue(scheme));
    helper.SetRouterAttribute("Paths", UintegerValue(c.paths));
    helper.SetSchedule(schedule);
    helper.SetHostsPerTor(c.hostsPerTor);
    if (c.lowLatencyRouting != "none")
    {
        RdcnRouter::Scheme lowLatency;
        RdcnRouter::ParseScheme(c.lowLatencyRouting, lowLatency, error);
        helper.SetLowLatencyRouting(lowLatency, c.lowLatencyBytes);
    }
    if (const std::string problem = helper.CheckHosts(hosts, 1); !problem.empty())
    {
        error = problem;
        return false;
    }
    const RealizedFabric made = helper.Realize(c.backend, hosts, 1);
    stream += helper.AssignStreams(stream);
    r.net = helper.GetNetwork();
    r.fluid = helper.GetFluidNetwork();
    r.transport = CollectiveHelper().Install(made, 1);
    r.payload = std::make_shared<uint64_t>(0);
    for (uint32_t h = 0; h < made.hosts.GetN(); ++h)
    {
        RoceFastPath::ConnectRx(made.hosts.Get(h),
                                MakeBoundCallback(&CountPayload, r.payload.get()));
    }
    r.packetLevel = BackendRegistry::Get(c.backend).level == NetworkLevel::PACKET;
    return true;
}

/**
 * \brief Makes the workload on the transport: a pattern (alltoall, permutation) or Poisson
 * arrivals of the flow-size distribution, the hosts grouped by ToR; fixes its streams.
 * \param [in] c The configuration
 * \param [in] hosts The hosts
 * \param [in,out] stream The next free random stream
 * \param [in,out] r The run: workload
 * \param [out] error Why not
 * \return true on success
 */
bool
MakeWorkload(const RdcnStudyConfig& c,
             uint32_t hosts,
             int64_t& stream,
             RdcnRun& r,
             std::string& error)
{
    r.workload = CreateObject<FlowWorkload>();
    Ptr<FlowWorkload> workload = r.workload;
    const std::string pattern =
        (c.workload == "alltoall" || c.workload == "permutation") ? c.workload : "poisson";
    workload->SetAttribute("Pattern", StringValue(pattern));
    workload->SetAttribute("Load", DoubleValue(c.load));
    workload->SetAttribute("HostRate", DataRateValue(c.hostRate));
    workload->SetAttribute("Duration", TimeValue(c.duration));
    workload->SetAttribute("FlowBytes", UintegerValue(c.flowBytes));
    workload->SetAttribute("ShortFlowBytes", UintegerValue(c.shortFlowBytes));
    workload->SetAttribute("Continuous", BooleanValue(true));
    std::vector<uint32_t> groups(hosts);
    for (uint32_t host = 0; host < hosts; ++host)
    {
        groups[host] = host / c.hostsPerTor;
    }
    workload->SetTransport(r.transport);
    workload->SetGroups(groups);
    if (const std::string sizes = SizeFile(c); !sizes.empty())
    {
        Ptr<FlowSizeDistribution> d = CreateObject<FlowSizeDistribution>();
        if (!d->ReadFile(sizes, error))
        {
            return false;
        }
        workload->SetSizeDistribution(d);
    }
    stream += workload->AssignStreams(stream);
    return true;
}

/**
 * \brief Traffic-aware schedules: starts the scheduler that replaces the cycle's demand
 * slices every epoch, from the ToRs' demand (packet level: the network's; flow level: the
 * bytes of the open flows). Other architectures: nothing.
 * \param [in] c The configuration
 * \param [in] schedule The schedule
 * \param [in,out] r The run: scheduler
 * \param [out] error Why not
 * \return true on success
 */
bool
StartScheduler(const RdcnStudyConfig& c, Ptr<RdcnSchedule> schedule, RdcnRun& r, std::string& error)
{
    if (c.architecture != "traffic-aware")
    {
        return true;
    }
    r.scheduler = CreateObject<RdcnTrafficAwareScheduler>();
    Ptr<RdcnTrafficAwareScheduler> scheduler = r.scheduler;
    scheduler->SetAttribute("Epoch", TimeValue(c.epoch));
    scheduler->SetAttribute("Algorithm", StringValue(c.decomposition));
    scheduler->SetAttribute("DemandSlots", UintegerValue(RdcnStudy::TrafficAwareDemandSlices(c)));
    scheduler->SetAttribute("UplinkRate", DataRateValue(c.uplinkRate));
    scheduler->SetSchedule(schedule);
    if (r.packetLevel)
    {
        scheduler->SetDemandSource([net = r.net]() { return net.GetDemand(); });
    }
    else
    {
        // A ToR knows its hosts' open flows: the bytes of the flows not yet delivered.
        Ptr<FlowWorkload> w = r.workload;
        const uint32_t hpt = c.hostsPerTor;
        const uint32_t tors = c.tors;
        scheduler->SetDemandSource([w, hpt, tors]() {
            std::vector<std::vector<double>> d(tors, std::vector<double>(tors, 0.0));
            for (const FlowRecord& rec : w->GetFlows())
            {
                if (!rec.completed)
                {
                    d[rec.src / hpt][rec.dst / hpt] += static_cast<double>(rec.bytes);
                }
            }
            return d;
        });
    }
    return scheduler->Start(error);
}

/**
 * \brief Schedules the measurements: the share of time each pair is connected (every slot
 * until Duration), the bytes delivered by Duration, and the end (all flows done after
 * Duration, or the drain).
 * \param [in] c The configuration
 * \param [in] schedule The schedule
 * \param [in,out] r The run (it must outlive the simulation): connected, sampleSlot,
 * deliveredByDuration, checkDone
 */
void
ScheduleMeasurements(const RdcnStudyConfig& c, Ptr<RdcnSchedule> schedule, RdcnRun& r)
{
    const uint32_t n = c.tors;
    r.connected.assign(n, std::vector<double>(n, 0.0));
    const uint64_t lastSlot = schedule->GetSlotAt(c.duration - NanoSeconds(1));
    r.sampleSlot = [&r, schedule, n, lastSlot](uint64_t k) {
        const Time end = schedule->GetSlotStart(k + 1);
        for (uint32_t t = 0; t < n; ++t)
        {
            for (uint32_t u = 0; u < schedule->GetNUplinks(); ++u)
            {
                const int32_t peer = schedule->GetPeer(t, u, k);
                if (peer != RdcnSchedule::NO_PEER)
                {
                    r.connected[t][peer] += (end - schedule->GetWindowStart(t, u, k)).GetSeconds();
                }
            }
        }
        if (k < lastSlot)
        {
            Simulator::Schedule(schedule->GetSlotStart(k + 1) - Simulator::Now(),
                                [&r, k]() { r.sampleSlot(k + 1); });
        }
    };
    Simulator::Schedule(schedule->GetSlotStart(0), [&r]() { r.sampleSlot(0); });
    Simulator::Schedule(c.duration, [&r]() {
        r.deliveredByDuration =
            r.fluid ? r.fluid->GetBytesDelivered() : static_cast<double>(*r.payload);
    });
    const Time stop = c.duration + c.drain;
    const Time poll = schedule->GetSlot() * 10;
    r.checkDone = [&r, &c, stop, poll]() {
        const FlowWorkloadSummary s = r.workload->GetSummary();
        if (Simulator::Now() >= c.duration && s.flowsIncomplete == 0)
        {
            Simulator::Stop();
            return;
        }
        if (Simulator::Now() + poll < stop)
        {
            Simulator::Schedule(poll, [&r]() { r.checkDone(); });
        }
    };
    Simulator::Schedule(c.duration, [&r]() { r.checkDone(); });
    Simulator::Stop(stop);
}

/**
 * \brief Runs the simulation (timed), the workload started at time 0 inside it.
 * \param [in] c The configuration (its runner, if set, runs the simulation)
 * \param [in,out] r The run
 * \param [out] out Wall time, simulated time, events
 * \param [out] error A workload that cannot run (the simulator is then destroyed)
 * \return true on success
 */
bool
Simulate(const RdcnStudyConfig& c, RdcnRun& r, RdcnStudyOutcome& out, std::string& error)
{
    if (const std::string problem = r.workload->Validate(); !problem.empty())
    {
        error = problem;
        Simulator::Destroy();
        return false;
    }
    // At time 0 inside the run, after the nodes' initialization (their traffic control
    // layers find their devices then): all-to-all flows start at once.
    Simulator::ScheduleNow([&r]() {
        std::string startError;
        NS_ABORT_MSG_IF(!r.workload->Start(startError), "RdcnStudy: " << startError);
    });
    const auto wallStart = std::chrono::steady_clock::now();
    if (c.runner)
    {
        c.runner(c.duration + c.drain); // the stop Prepare set
    }
    else
    {
        Simulator::Run();
    }
    out.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    out.simulated = Simulator::Now();
    out.events = Simulator::GetEventCount();
    return true;
}

/**
 * \brief The results of the run: flows, throughput over Duration, the schedule's cycle and the
 * share of time the pairs were connected.
 * \param [in] c The configuration
 * \param [in] schedule The schedule
 * \param [in] hosts The hosts
 * \param [in,out] r The run (connected is moved out for up to 128 ToRs)
 * \param [in,out] out The outcome
 */
void
CollectResults(const RdcnStudyConfig& c,
               Ptr<RdcnSchedule> schedule,
               uint32_t hosts,
               RdcnRun& r,
               RdcnStudyOutcome& out)
{
    out.flows = r.workload->GetSummary(Seconds(0), c.duration);
    out.records = r.workload->GetFlows();
    out.throughputPct =
        100.0 * r.deliveredByDuration * 8.0 /
        (hosts * static_cast<double>(c.hostRate.GetBitRate()) * c.duration.GetSeconds());
    out.cycleSlices = schedule->GetNSlices();
    const uint32_t n = c.tors;
    std::vector<std::vector<double>>& connected = r.connected;
    double sum = 0;
    double least = 1;
    for (uint32_t a = 0; a < n; ++a)
    {
        for (uint32_t b = 0; b < n; ++b)
        {
            if (a != b)
            {
                connected[a][b] /= c.duration.GetSeconds();
                sum += connected[a][b];
                least = std::min(least, connected[a][b]);
            }
        }
    }
    out.connectedMeanPct = 100.0 * sum / (static_cast<double>(n) * (n - 1));
    out.connectedMinPct = 100.0 * least;
    if (n <= 128)
    {
        out.connected = std::move(connected);
    }
}

/**
 * \brief The network's figures at the end: the scheduler's installs (it is stopped), the
 * queues' peak, conservation and, at packet level, drops and reordering.
 * \param [in] r The run
 * \param [in,out] out The outcome
 */
void
CollectCounters(const RdcnRun& r, RdcnStudyOutcome& out)
{
    if (r.scheduler)
    {
        out.installs = r.scheduler->GetNInstalled();
        r.scheduler->Stop();
    }
    if (r.fluid)
    {
        out.queuePeakBytes = static_cast<uint64_t>(r.fluid->GetPeakQueueBytes());
        out.conserved = r.fluid->CheckConservation().empty();
        out.lowLatencyFlows = r.fluid->GetLowLatencyFlowsStarted();
    }
    else
    {
        const RdcnNetwork& net = r.net;
        const RdcnPacketCounters counters = net.GetCounters();
        out.drops = counters.dropped;
        const auto guard = counters.dropped.find("guard");
        out.guardDroppedPackets = guard == counters.dropped.end() ? 0 : guard->second;
        out.queuePeakBytes = net.GetQueuePeakBytes();
        out.reorderedPct = net.GetOrderedChecked() == 0
                               ? 0.0
                               : 100.0 * net.GetReorderedPackets() / net.GetOrderedChecked();
        out.conserved = counters.GetImbalance() == 0;
    }
}

} // namespace

bool
RdcnStudy::Run(const RdcnStudyConfig& c, RdcnStudyOutcome& out, std::string& error)
{
    if (const std::string problem = Check(c); !problem.empty())
    {
        error = problem;
        return false;
    }
    Ptr<RdcnSchedule> schedule = MakeSchedule(c, error);
    if (!schedule)
    {
        return false;
    }
    RdcnRouter::Scheme scheme;
    RdcnRouter::ParseScheme(c.routing, scheme, error);
    const uint32_t hosts = c.tors * c.hostsPerTor;
    int64_t stream = c.stream + 1; // c.stream: the schedule's relabelling (MakeSchedule)
    RdcnRun r;
    if (!BuildNetwork(c, schedule, scheme, hosts, stream, r, error) ||
        !MakeWorkload(c, hosts, stream, r, error) || !StartScheduler(c, schedule, r, error))
    {
        return false;
    }
    ScheduleMeasurements(c, schedule, r);
    OcsTimelineRecorder circuits;
    for (uint32_t u = 0; r.packetLevel && !c.timeline.empty() && u < r.net.GetNUplinks(); ++u)
    {
        circuits.Add(r.net.GetSwitch(u), "uplink " + std::to_string(u));
    }
    if (!Simulate(c, r, out, error))
    {
        return false;
    }
    if (r.packetLevel && !c.timeline.empty())
    {
        // The rotor schedule as the switches ran it: every port's circuits and dark guards,
        // and the flows of the window, a track per source host.
        OpticalTimeline timeline;
        const Time until = std::min(c.timelineWindow, Simulator::Now());
        circuits.AddToTimeline(timeline, Time(0), until);
        r.workload->AddToTimeline(timeline, "flows", Time(0), until);
        if (!timeline.Write(c.timeline, error))
        {
            error = "--timeline=" + c.timeline + ": " + error;
            Simulator::Destroy();
            return false;
        }
    }
    CollectResults(c, schedule, hosts, r, out);
    CollectCounters(r, out);
    r.workload->Dispose();
    r.transport->Dispose();
    Simulator::Destroy();
    return true;
}

int64_t
RdcnStudy::StartSkewedDemand(Ptr<RdcnFluidNetwork> net,
                             uint32_t permutationHosts,
                             double bytes,
                             std::string& error)
{
    const uint32_t perTor = net->GetHostsPerTor();
    const uint32_t hosts = net->GetNHosts();
    const uint32_t tors = hosts / perTor;
    if (permutationHosts > perTor)
    {
        error = "StartSkewedDemand: " + std::to_string(permutationHosts) +
                " hosts per ToR on the permutation, more than the " + std::to_string(perTor) +
                " hosts per ToR";
        return -1;
    }
    int64_t started = 0;
    for (uint32_t s = 0; s < hosts; ++s)
    {
        const uint32_t tor = s / perTor;
        const bool onPermutation = s % perTor < permutationHosts;
        for (uint32_t d = 0; d < hosts; ++d)
        {
            const uint32_t dtor = d / perTor;
            const bool wanted = onPermutation ? dtor == (tor + 1) % tors && d % perTor == s % perTor
                                              : dtor != tor && d % perTor >= permutationHosts;
            if (!wanted)
            {
                continue;
            }
            if (net->StartFlow(s, d, bytes, nullptr, &error) < 0)
            {
                return -1;
            }
            ++started;
        }
    }
    return started;
}

} // namespace ns3
