/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "roce-helper.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/flow-workload.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/optical-statistics.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"
#include "ns3/rdcn-schedule.h"
#include "ns3/results-store.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <vector>

namespace ns3
{

namespace
{
/// \param [in] device A device with an address \return its interface
uint32_t
InterfaceOf(Ptr<NetDevice> device)
{
    return device->GetNode()->GetObject<Ipv4>()->GetInterfaceForDevice(device);
}

/// \param [in] device A device with an address \return its first address
Ipv4Address
AddressOf(Ptr<NetDevice> device)
{
    return device->GetNode()->GetObject<Ipv4>()->GetAddress(InterfaceOf(device), 0).GetLocal();
}
} // namespace

NodeContainer
RoceHelper::BuildClockwiseRing(uint32_t switches, DataRate rate, Time delay, uint32_t mtu)
{
    NS_ABORT_MSG_IF(switches < 3,
                    "RoceHelper::BuildClockwiseRing: " << switches << " switches (at least 3)");
    NodeContainer hosts(switches);
    NodeContainer ring(switches);
    InternetStackHelper internet;
    internet.SetRoutingHelper(Ipv4StaticRoutingHelper());
    internet.Install(hosts);
    internet.Install(ring);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    Ipv4AddressHelper addresses("10.250.0.0", "255.255.255.252");
    std::vector<NetDeviceContainer> hostLinks;
    std::vector<NetDeviceContainer> ringLinks;
    for (uint32_t i = 0; i < switches; ++i)
    {
        hostLinks.push_back(p2p.Install(hosts.Get(i), ring.Get(i)));
        addresses.Assign(hostLinks.back());
        addresses.NewNetwork();
    }
    for (uint32_t i = 0; i < switches; ++i)
    {
        ringLinks.push_back(p2p.Install(ring.Get(i), ring.Get((i + 1) % switches)));
        addresses.Assign(ringLinks.back());
        addresses.NewNetwork();
    }
    Ipv4StaticRoutingHelper routing;
    for (uint32_t i = 0; i < switches; ++i)
    {
        Ptr<NetDevice> host = hostLinks[i].Get(0);
        routing.GetStaticRouting(hosts.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(AddressOf(hostLinks[i].Get(1)), InterfaceOf(host));
        Ptr<Ipv4StaticRouting> table = routing.GetStaticRouting(ring.Get(i)->GetObject<Ipv4>());
        for (uint32_t k = 1; k < switches; ++k)
        {
            table->AddHostRouteTo(AddressOf(hostLinks[(i + k) % switches].Get(0)),
                                  AddressOf(ringLinks[i].Get(1)),
                                  InterfaceOf(ringLinks[i].Get(0)));
        }
    }
    return hosts;
}

std::string
RoceHelper::ConfigureRoundRobin(RdcnHelper& rdcn,
                                uint32_t tors,
                                uint32_t hostsPerTor,
                                Time slot,
                                Time guard,
                                DataRate rate,
                                Time delay,
                                uint32_t mtu,
                                RdcnRdmaGate::Gating gating)
{
    Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
    schedule->SetSlot(slot);
    schedule->SetGuard(guard);
    std::string error = schedule->CheckTiming();
    if (!error.empty() ||
        !schedule->SetMatchings(tors, RdcnScheduleGenerator::RoundRobin(tors, 1, error), error))
    {
        return error;
    }
    rdcn.SetSchedule(schedule);
    rdcn.SetHostsPerTor(hostsPerTor);
    rdcn.SetHostLinkAttribute("DataRate", DataRateValue(rate));
    rdcn.SetHostLinkAttribute("Mtu", UintegerValue(mtu));
    rdcn.SetHostLinkAttribute("Delay", TimeValue(delay));
    rdcn.SetUplinkAttribute("DataRate", DataRateValue(rate));
    rdcn.SetUplinkAttribute("Mtu", UintegerValue(mtu));
    rdcn.SetUplinkAttribute("Delay", TimeValue(delay));
    rdcn.SetRdmaGateAttribute("Gating", EnumValue(gating));
    // The ToR's shared buffer, not the calendar queues' own size, limits what they hold (they
    // count toward its PFC thresholds); they mark CE at the rate's Kmin.
    rdcn.SetQueueDiscAttribute("MaxSize", QueueSizeValue(QueueSize("1000000p")));
    rdcn.SetQueueDiscAttribute(
        "EcnMarkThreshold",
        QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, RoceFabric::EcnThresholds(rate).kminBytes)));
    return "";
}

void
RoceHelper::FollowAndRotate(const OcsLeafSpineHelper& leafSpine,
                            uint32_t tors,
                            Ptr<RoceFabric> fabric,
                            RoceFabric::OcsReaction reaction,
                            Time at)
{
    const auto& spines = leafSpine.GetSwitches();
    NS_ABORT_MSG_IF(spines.empty(), "RoceHelper::FollowAndRotate: the leaf-spine is not built");
    for (uint32_t s = 0; s < spines.size(); ++s)
    {
        fabric->FollowOcs(spines[s], reaction);
        Ptr<OpticalCircuitSwitch> spine = spines[s];
        OcsConfiguration next = leafSpine.RoundRobinConfiguration(tors, s, 1);
        Simulator::Schedule(at, [spine, next]() { spine->Reconfigure(next); });
    }
}

RoceReport
RoceHelper::Summarize(Ptr<RoceFabric> fabric)
{
    RoceReport r;
    for (const auto& port : fabric->GetPorts())
    {
        Time paused;
        for (uint32_t p = 0; p < LosslessQueueDisc::N_PRIORITIES; ++p)
        {
            paused += port->GetPausedTime(p);
            r.pauseFrames += port->GetPauseFrames(p);
        }
        r.pausedTotal += paused;
        r.pausedMax = std::max(r.pausedMax, paused);
        r.ecnMarks += port->GetEcnMarks();
        r.queuePeak = std::max(r.queuePeak, port->GetPeakBytes());
    }
    for (const auto& buffer : fabric->GetBuffers())
    {
        r.bufferDrops += buffer->GetDrops();
    }
    for (const auto& nic : fabric->GetNics())
    {
        const RdmaNicCounters& c = nic->GetCounters();
        r.nics.dataSent += c.dataSent;
        r.nics.retransmitted += c.retransmitted;
        r.nics.dataReceived += c.dataReceived;
        r.nics.outOfOrder += c.outOfOrder;
        r.nics.acksSent += c.acksSent;
        r.nics.nacksSent += c.nacksSent;
        r.nics.cnpsSent += c.cnpsSent;
        r.nics.cnpsReceived += c.cnpsReceived;
        r.nics.timeouts += c.timeouts;
        r.nics.ceReceived += c.ceReceived;
    }
    return r;
}

RoceFlowSlowdowns
RoceHelper::Slowdowns(const std::vector<FlowRecord>& flows, DataRate rate, Time base)
{
    RoceFlowSlowdowns r;
    for (const FlowRecord& f : flows)
    {
        if (!f.completed)
        {
            ++r.incomplete;
            r.byFlow.push_back(0);
            continue;
        }
        double alone = f.bytes * 8.0 / rate.GetBitRate() + base.GetSeconds();
        double s = std::max(1.0, (f.end - f.start).GetSeconds() / alone);
        r.byFlow.push_back(s);
        r.all.push_back(s);
        if (f.bytes <= 100000)
        {
            r.small.push_back(s);
        }
    }
    std::sort(r.all.begin(), r.all.end());
    std::sort(r.small.begin(), r.small.end());
    return r;
}

void
RoceHelper::RecordFlows(ResultsStore& store,
                        int64_t runId,
                        const std::string& scenario,
                        const std::string& law,
                        const std::vector<FlowRecord>& flows,
                        const RoceFlowSlowdowns& slowdowns)
{
    store.CreateEventTable("roce_flows");
    for (size_t i = 0; i < flows.size(); ++i)
    {
        const FlowRecord& f = flows[i];
        if (f.completed)
        {
            store.AddEvent("roce_flows",
                           runId,
                           {scenario,
                            law,
                            int64_t(f.src),
                            int64_t(f.dst),
                            int64_t(f.bytes),
                            f.start.GetSeconds(),
                            (f.end - f.start).GetMicroSeconds() * 1.0,
                            slowdowns.byFlow[i]});
        }
    }
}

void
RoceHelper::RecordPorts(ResultsStore& store,
                        int64_t runId,
                        const std::string& scenario,
                        const std::string& law,
                        Ptr<RoceFabric> fabric)
{
    store.CreateEventTable("roce_ports");
    const auto& ports = fabric->GetPorts();
    for (uint32_t i = 0; i < ports.size(); ++i)
    {
        Time paused;
        uint64_t frames = 0;
        for (uint32_t p = 0; p < LosslessQueueDisc::N_PRIORITIES; ++p)
        {
            paused += ports[i]->GetPausedTime(p);
            frames += ports[i]->GetPauseFrames(p);
        }
        store.AddEvent("roce_ports",
                       runId,
                       {scenario,
                        law,
                        fabric->DescribePort(i),
                        paused.GetMicroSeconds() * 1.0,
                        int64_t(frames),
                        int64_t(ports[i]->GetEcnMarks()),
                        int64_t(ports[i]->GetPeakBytes())});
    }
}

void
RoceHelper::Report(OpticalExperiment& exp,
                   const RoceReport& report,
                   const RoceFlowSlowdowns& slowdowns,
                   bool deadlock)
{
    exp.Metric("flows", slowdowns.all.size(), "flows");
    exp.Metric("flows-incomplete", slowdowns.incomplete, "flows");
    if (!slowdowns.all.empty())
    {
        exp.Metric("slowdown-p50", optical::PercentileOfSorted(slowdowns.all, 50), "");
        exp.Metric("slowdown-p95", optical::PercentileOfSorted(slowdowns.all, 95), "");
        exp.Metric("slowdown-p99", optical::PercentileOfSorted(slowdowns.all, 99), "");
    }
    if (!slowdowns.small.empty())
    {
        exp.Metric("small-flow-slowdown-p99", optical::PercentileOfSorted(slowdowns.small, 99), "");
    }
    exp.Metric("deadlock", deadlock ? 1 : 0, "");
    exp.Metric("pause-time-total-us", report.pausedTotal.GetMicroSeconds() * 1.0, "us");
    exp.Metric("pause-time-max-port-us", report.pausedMax.GetMicroSeconds() * 1.0, "us");
    exp.Metric("pause-frames", report.pauseFrames, "frames");
    exp.Metric("ecn-marks", report.ecnMarks, "packets");
    exp.Metric("cnps", report.nics.cnpsSent, "packets");
    exp.Metric("retransmitted", report.nics.retransmitted, "packets");
    exp.Metric("timeouts", report.nics.timeouts, "");
    exp.Metric("buffer-drops", report.bufferDrops, "packets");
    exp.Metric("queue-peak-bytes", report.queuePeak, "bytes");
}

} // namespace ns3
