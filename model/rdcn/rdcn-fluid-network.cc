/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnFluidNetwork, the flow-level engine of a time-slotted network: its attributes, its
// schedule and router, the configuration check and the values derived at the first flow.

#include "rdcn-fluid-network.h"

#include "rdcn-fluid-network-detail.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnFluidNetwork");

NS_OBJECT_ENSURE_REGISTERED(RdcnFluidNetwork);

namespace rdcnfluiddetail
{

LogComponent&
FluidLog()
{
    return g_log;
}

} // namespace rdcnfluiddetail

TypeId
RdcnFluidNetwork::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnFluidNetwork")
            .SetParent<FlowEngine>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnFluidNetwork>()
            .AddAttribute("HostsPerTor",
                          "Hosts under each ToR; host h sits on ToR h / HostsPerTor.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RdcnFluidNetwork::m_hostsPerTor),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("HostRate",
                          "Rate of a host's NIC and of the ToR's link to the host (bit/s).",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&RdcnFluidNetwork::m_hostRate),
                          MakeDataRateChecker())
            .AddAttribute("UplinkRate",
                          "Rate of a ToR uplink, i.e. of one circuit (bit/s).",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&RdcnFluidNetwork::m_uplinkRate),
                          MakeDataRateChecker())
            .AddAttribute("QueueLimit",
                          "Bytes one calendar queue (ToR, uplink, slice) may hold per hop class "
                          "(bytes injected by the ToR's hosts; bytes that crossed 1, 2, ... "
                          "circuits); a chunk moves only into a queue with room (lossless "
                          "backpressure). Default 250000B: two slots of 50 us at 10 Gb/s. Must "
                          "be in bytes (B).",
                          QueueSizeValue(QueueSize("250000B")),
                          MakeQueueSizeAccessor(&RdcnFluidNetwork::m_queueLimit),
                          MakeQueueSizeChecker())
            .AddAttribute("FibreDelay",
                          "Propagation delay of a circuit, ToR to ToR.",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&RdcnFluidNetwork::m_fibreDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("HostLinkDelay",
                          "Propagation delay of the link between a host and its ToR (each way).",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&RdcnFluidNetwork::m_hostLinkDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("VlbSplit",
                          "Intermediates a vlb flow's bytes of one slot are split over, evenly "
                          "(the fluid limit of a uniform draw per packet), taken in turn so "
                          "that every intermediate gets its share over successive slots; 0: "
                          "all of them every slot (exact, cost per flow and slot grows with "
                          "the ToRs)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdcnFluidNetwork::m_vlbSplit),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LowLatencyBytes",
                          "With a low-latency router set (SetLowLatencyRouter): flows of at most "
                          "this many bytes are low-latency flows, routed by that router in the "
                          "calendar queues' priority classes (Opera's split; Opera classes flows "
                          "under 15 MB as low-latency). Bytes; ignored without the router.",
                          UintegerValue(15000000),
                          MakeUintegerAccessor(&RdcnFluidNetwork::m_lowLatencyBytes),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

RdcnFluidNetwork::RdcnFluidNetwork()
{
    NS_LOG_FUNCTION(this);
}

RdcnFluidNetwork::~RdcnFluidNetwork() = default;

void
RdcnFluidNetwork::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_slotEvent.Cancel();
    m_schedule = nullptr;
    m_router = nullptr;
    m_lowLatencyRouter = nullptr;
    m_flows.clear();
    m_hosts.clear();
    m_queues.clear();
    m_queueIndex.clear();
    m_sliceLists.clear();
    m_dueHosts.clear();
    Object::DoDispose();
}

void
RdcnFluidNetwork::SetSchedule(Ptr<RdcnSchedule> schedule)
{
    NS_ABORT_MSG_IF(m_started > 0, "RdcnFluidNetwork: SetSchedule after the first flow");
    m_schedule = schedule;
    m_prepared = false;
}

Ptr<RdcnSchedule>
RdcnFluidNetwork::GetSchedule() const
{
    return m_schedule;
}

void
RdcnFluidNetwork::SetRouter(Ptr<RdcnRouter> router)
{
    NS_ABORT_MSG_IF(m_started > 0, "RdcnFluidNetwork: SetRouter after the first flow");
    m_router = router;
    m_prepared = false;
}

Ptr<RdcnRouter>
RdcnFluidNetwork::GetRouter() const
{
    return m_router;
}

void
RdcnFluidNetwork::SetLowLatencyRouter(Ptr<RdcnRouter> router)
{
    NS_ABORT_MSG_IF(m_started > 0, "RdcnFluidNetwork: SetLowLatencyRouter after the first flow");
    m_lowLatencyRouter = router;
    m_prepared = false;
}

Ptr<RdcnRouter>
RdcnFluidNetwork::GetLowLatencyRouter() const
{
    return m_lowLatencyRouter;
}

uint64_t
RdcnFluidNetwork::GetLowLatencyFlowsStarted() const
{
    return m_lowLatencyStarted;
}

std::string
RdcnFluidNetwork::Check() const
{
    if (!m_schedule)
    {
        return "RdcnFluidNetwork: no schedule (SetSchedule)";
    }
    if (m_schedule->GetNTors() < 2)
    {
        return "RdcnFluidNetwork: the schedule has " + std::to_string(m_schedule->GetNTors()) +
               " ToRs (its matchings are not set)";
    }
    const std::string timing = m_schedule->CheckTiming();
    if (!timing.empty())
    {
        return "RdcnFluidNetwork: " + timing;
    }
    if (!m_router)
    {
        return "RdcnFluidNetwork: no router (SetRouter)";
    }
    if (m_router->GetSchedule() != m_schedule)
    {
        return "RdcnFluidNetwork: the router routes on another schedule (RdcnRouter::SetSchedule "
               "with the network's schedule)";
    }
    if (m_lowLatencyRouter)
    {
        const RdcnRouter::Scheme scheme = m_lowLatencyRouter->GetScheme();
        if (m_lowLatencyRouter->GetSchedule() != m_schedule)
        {
            return "RdcnFluidNetwork: the low-latency router routes on another schedule "
                   "(RdcnRouter::SetSchedule with the network's schedule)";
        }
        if (scheme == RdcnRouter::VLB || m_lowLatencyRouter->IsLoadBalancing())
        {
            return "RdcnFluidNetwork: low-latency routing " + RdcnRouter::GetSchemeName(scheme) +
                   " is not a path scheme (allowed: direct, hoho, ksp, source)";
        }
        if (m_lowLatencyBytes == 0)
        {
            return "RdcnFluidNetwork: LowLatencyBytes is 0 with a low-latency router (allowed: "
                   ">= 1 byte)";
        }
    }
    if (m_hostsPerTor < 1)
    {
        return "RdcnFluidNetwork: HostsPerTor is 0 (allowed: >= 1)";
    }
    if (m_hostRate.GetBitRate() == 0)
    {
        return "RdcnFluidNetwork: HostRate is 0 (allowed: > 0)";
    }
    if (m_uplinkRate.GetBitRate() == 0)
    {
        return "RdcnFluidNetwork: UplinkRate is 0 (allowed: > 0)";
    }
    if (m_queueLimit.GetUnit() != QueueSizeUnit::BYTES)
    {
        std::ostringstream os;
        os << "RdcnFluidNetwork: QueueLimit " << m_queueLimit
           << " is in packets (allowed: bytes, e.g. 250000B)";
        return os.str();
    }
    if (m_queueLimit.GetValue() == 0)
    {
        return "RdcnFluidNetwork: QueueLimit is 0B (allowed: >= 1B)";
    }
    const uint64_t hosts = static_cast<uint64_t>(m_schedule->GetNTors()) * m_hostsPerTor;
    if (hosts > UINT32_MAX)
    {
        return "RdcnFluidNetwork: " + std::to_string(hosts) +
               " hosts (ToRs x HostsPerTor) is too many";
    }
    return "";
}

bool
RdcnFluidNetwork::Prepare(std::string* error)
{
    if (m_prepared)
    {
        return true;
    }
    const std::string problem = Check();
    if (!problem.empty())
    {
        if (error)
        {
            *error = problem;
        }
        return false;
    }
    m_tors = m_schedule->GetNTors();
    m_uplinks = m_schedule->GetNUplinks();
    m_slotS = m_schedule->GetSlot().GetSeconds();
    m_fibreS = m_fibreDelay.GetSeconds();
    m_hostLinkS = m_hostLinkDelay.GetSeconds();
    m_hostUps = m_hostRate.GetBitRate() / 8.0 * UNITS_PER_BYTE;
    m_upUps = m_uplinkRate.GetBitRate() / 8.0 * UNITS_PER_BYTE;
    m_stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    m_startSteps = m_schedule->GetStart().GetTimeStep();
    m_slotSteps = m_schedule->GetSlot().GetTimeStep();
    m_guardS = m_schedule->GetGuard().GetSeconds();
    m_hostCap = CapacityUnits(m_slotS, m_hostUps);
    m_limit = static_cast<Units>(m_queueLimit.GetValue()) * UNITS_PER_BYTE;
    const std::string routing = m_router->Check();
    if (!routing.empty())
    {
        if (error)
        {
            *error = "RdcnFluidNetwork: routing " +
                     RdcnRouter::GetSchemeName(m_router->GetScheme()) +
                     " cannot serve the schedule: " + routing;
        }
        return false;
    }
    if (m_lowLatencyRouter)
    {
        if (const std::string ll = m_lowLatencyRouter->Check(); !ll.empty())
        {
            if (error)
            {
                *error = "RdcnFluidNetwork: low-latency routing " +
                         RdcnRouter::GetSchemeName(m_lowLatencyRouter->GetScheme()) +
                         " cannot serve the schedule: " + ll;
            }
            return false;
        }
    }
    const auto earliest = [](const Ptr<RdcnRouter>& r) {
        return r && (r->GetScheme() == RdcnRouter::HOHO || r->GetScheme() == RdcnRouter::KSP);
    };
    m_reroutes = earliest(m_router) || earliest(m_lowLatencyRouter);
    m_rotorLb = m_router->IsLoadBalancing();
    m_perSlotRouting = m_router->GetScheme() == RdcnRouter::VLB || m_rotorLb;
    m_hosts.assign(static_cast<std::size_t>(m_tors) * m_hostsPerTor, Host{});
    m_torUnits.assign(m_tors, 0);
    m_sliceLists.assign(std::max<uint32_t>(1, m_schedule->GetNSlices()), {});
    const uint64_t circuits = static_cast<uint64_t>(m_tors) * m_uplinks;
    m_openCursor.assign(circuits, 0);
    m_openSlot.assign(circuits, 0);
    // A flat index of the calendar queues when it stays small (16 Mi entries, 64 MiB); queues
    // of longer cycles installed later, or of larger networks, go through a hash map.
    const uint64_t flat = circuits * m_schedule->GetNSlices();
    m_flatSlices = flat <= (uint64_t{1} << 24) ? m_schedule->GetNSlices() : 0;
    m_flatIndex.assign(m_flatSlices > 0 ? flat : 0, 0);
    if (!m_listening)
    {
        m_schedule->TraceConnectWithoutContext("Installed",
                                               MakeCallback(&RdcnFluidNetwork::Installed, this));
        m_listening = true;
    }
    m_prepared = true;
    NS_LOG_INFO("fluid RDCN: " << m_tors << " ToRs x " << m_uplinks << " uplinks, "
                               << m_hosts.size() << " hosts, host share " << m_hostCap
                               << " units per slot, queue limit " << m_limit << " units");
    return true;
}

uint32_t
RdcnFluidNetwork::GetNHosts() const
{
    return m_schedule ? m_schedule->GetNTors() * m_hostsPerTor : 0;
}

uint32_t
RdcnFluidNetwork::GetHostsPerTor() const
{
    return m_hostsPerTor;
}

uint32_t
RdcnFluidNetwork::GetTorOf(uint32_t host) const
{
    return host / m_hostsPerTor;
}

uint32_t
RdcnFluidNetwork::GetNEndpoints() const
{
    return GetNHosts();
}

} // namespace ns3
