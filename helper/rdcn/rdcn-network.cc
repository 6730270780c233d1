/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-network.h"

#include "ns3/abort.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/queue.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnNetwork");

namespace
{
/// Drop reasons always present in RdcnPacketCounters::dropped.
const char* const DROP_REASONS[] = {RdcnCalendarQueueDisc::QUEUE_FULL_DROP,
                                    RdcnCalendarQueueDisc::BUFFER_FULL_DROP,
                                    RdcnCalendarQueueDisc::UNTAGGED_DROP,
                                    RdcnTorRouting::NO_ROUTE_DROP,
                                    RdcnTorRouting::TTL_DROP,
                                    RdcnTorRouting::HOP_LIMIT_DROP,
                                    "guard",
                                    "no-circuit",
                                    "uplink-device",
                                    "host-link",
                                    "rx-error"};
} // namespace

uint64_t
RdcnPacketCounters::GetDropped() const
{
    uint64_t n = 0;
    for (const auto& [reason, count] : dropped)
    {
        n += count;
    }
    return n;
}

int64_t
RdcnPacketCounters::GetImbalance() const
{
    return static_cast<int64_t>(entered) -
           static_cast<int64_t>(delivered + GetDropped() + queued + inFlight);
}

// ------------------------------------------------------------------------------ Data sinks

void
RdcnNetwork::Data::HostRx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface)
{
    if (interface == 0)
    {
        return; // the loopback
    }
    Ipv4Header header;
    uint32_t tor = 0;
    uint32_t h = 0;
    if (p->PeekHeader(header) && !plan.Locate(header.GetSource(), tor, h))
    {
        ++fromTors; // a frame its ToR made (a PFC pause), not forwarded traffic
        return;
    }
    ++delivered;
    deliveredBytes += p->GetSize();
}

void
RdcnNetwork::Data::HostLinkTxBegin(Ptr<const Packet> p)
{
    ++hostLinkTxBegin;
}

void
RdcnNetwork::Data::HostLinkDrop(Ptr<const Packet> p)
{
    ++hostLinkDeviceDrops;
}

void
RdcnNetwork::Data::RxError(Ptr<const Packet> p)
{
    ++rxErrors;
}

void
RdcnNetwork::Data::HostRxError(Ptr<const Packet> p)
{
    ++hostRxErrors;
}

void
RdcnNetwork::Data::UplinkDrop(Ptr<const Packet> p)
{
    ++uplinkDeviceDrops;
}

void
RdcnNetwork::Data::Release()
{
    schedule = nullptr;
    router = nullptr;
    driver = nullptr;
    if (rdmaGate)
    {
        rdmaGate->Dispose();
    }
    rdmaGate = nullptr;
    tors = NodeContainer();
    hosts = NodeContainer();
    switchNodes = NodeContainer();
    switches.clear();
    uplinks.clear();
    queues.clear();
    routing.clear();
    torHostDevices.clear();
    hostDevices.clear();
    torHostQueues.clear();
}

// ------------------------------------------------------------------------------- RdcnNetwork

RdcnNetwork::RdcnNetwork() = default;

RdcnNetwork::RdcnNetwork(Ptr<Data> data)
    : m_data(data)
{
}

bool
RdcnNetwork::IsValid() const
{
    return m_data && m_data->schedule;
}

uint32_t
RdcnNetwork::GetNTors() const
{
    return IsValid() ? m_data->plan.tors : 0;
}

uint32_t
RdcnNetwork::GetHostsPerTor() const
{
    return IsValid() ? m_data->plan.hostsPerTor : 0;
}

uint32_t
RdcnNetwork::GetNUplinks() const
{
    return IsValid() ? static_cast<uint32_t>(m_data->switches.size()) : 0;
}

Ptr<Node>
RdcnNetwork::GetHost(uint32_t tor, uint32_t h) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || h >= GetHostsPerTor(),
                    "RdcnNetwork: no host " << h << " on ToR " << tor);
    return m_data->hosts.Get(tor * GetHostsPerTor() + h);
}

Ipv4Address
RdcnNetwork::GetHostAddress(uint32_t tor, uint32_t h) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || h >= GetHostsPerTor(),
                    "RdcnNetwork: no host " << h << " on ToR " << tor);
    return m_data->plan.GetHostAddress(tor, h);
}

NodeContainer
RdcnNetwork::GetHosts() const
{
    return IsValid() ? m_data->hosts : NodeContainer();
}

Ptr<Node>
RdcnNetwork::GetTor(uint32_t tor) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors(), "RdcnNetwork: no ToR " << tor);
    return m_data->tors.Get(tor);
}

NodeContainer
RdcnNetwork::GetTors() const
{
    return IsValid() ? m_data->tors : NodeContainer();
}

Ptr<OpticalCircuitSwitch>
RdcnNetwork::GetSwitch(uint32_t uplink) const
{
    NS_ABORT_MSG_IF(!IsValid() || uplink >= GetNUplinks(), "RdcnNetwork: no uplink " << uplink);
    return m_data->switches[uplink];
}

Ptr<OcsNetDevice>
RdcnNetwork::GetUplinkDevice(uint32_t tor, uint32_t uplink) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || uplink >= GetNUplinks(),
                    "RdcnNetwork: no uplink " << uplink << " on ToR " << tor);
    return m_data->uplinks[tor][uplink];
}

Ptr<RdcnCalendarQueueDisc>
RdcnNetwork::GetQueueDisc(uint32_t tor, uint32_t uplink) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || uplink >= GetNUplinks(),
                    "RdcnNetwork: no uplink " << uplink << " on ToR " << tor);
    return m_data->queues[tor][uplink];
}

Ptr<RdcnTorRouting>
RdcnNetwork::GetTorRouting(uint32_t tor) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors(), "RdcnNetwork: no ToR " << tor);
    return m_data->routing[tor];
}

Ptr<NetDevice>
RdcnNetwork::GetTorHostDevice(uint32_t tor, uint32_t h) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || h >= GetHostsPerTor(),
                    "RdcnNetwork: no host " << h << " on ToR " << tor);
    return m_data->torHostDevices[tor * GetHostsPerTor() + h];
}

Ptr<NetDevice>
RdcnNetwork::GetHostDevice(uint32_t tor, uint32_t h) const
{
    NS_ABORT_MSG_IF(!IsValid() || tor >= GetNTors() || h >= GetHostsPerTor(),
                    "RdcnNetwork: no host " << h << " on ToR " << tor);
    return m_data->hostDevices[tor * GetHostsPerTor() + h];
}

Ptr<RdcnRouter>
RdcnNetwork::GetRouter() const
{
    return IsValid() ? m_data->router : nullptr;
}

uint64_t
RdcnNetwork::GetCalendarPeakBytes() const
{
    uint64_t peak = 0;
    if (!IsValid())
    {
        return peak;
    }
    for (const auto& queues : m_data->queues)
    {
        for (const Ptr<RdcnCalendarQueueDisc>& queue : queues)
        {
            peak = std::max(peak, queue->GetPeakBytes());
        }
    }
    return peak;
}

Ptr<RdcnRdmaGate>
RdcnNetwork::GetRdmaGate() const
{
    return IsValid() ? m_data->rdmaGate : nullptr;
}

Ptr<RdcnSchedule>
RdcnNetwork::GetSchedule() const
{
    return IsValid() ? m_data->schedule : nullptr;
}

Ptr<OcsScheduleDriver>
RdcnNetwork::GetDriver() const
{
    return IsValid() ? m_data->driver : nullptr;
}

const RdcnAddressPlan&
RdcnNetwork::GetAddressPlan() const
{
    static const RdcnAddressPlan empty;
    return IsValid() ? m_data->plan : empty;
}

RdcnPacketCounters
RdcnNetwork::GetCounters() const
{
    RdcnPacketCounters c;
    for (const char* reason : DROP_REASONS)
    {
        c.dropped[reason] = 0;
    }
    if (!IsValid())
    {
        return c;
    }
    const Data& d = *m_data;
    // ToR routing: entered, routing drops.
    for (const auto& routing : d.routing)
    {
        const RdcnTorRouting::Counters& rc = routing->GetCounters();
        c.entered += rc.fromHosts;
        c.enteredBytes += rc.fromHostsBytes;
        for (const auto& [reason, count] : rc.drops)
        {
            c.dropped[reason] += count;
        }
    }
    c.delivered = d.delivered;
    c.deliveredBytes = d.deliveredBytes;
    // Calendar queues: queued now, drops by reason; uplink device queues: in flight.
    for (uint32_t t = 0; t < d.queues.size(); ++t)
    {
        for (uint32_t u = 0; u < d.queues[t].size(); ++u)
        {
            Ptr<RdcnCalendarQueueDisc> q = d.queues[t][u];
            c.queued += q->GetNPackets();
            const QueueDisc::Stats& stats = q->GetStats();
            for (const auto& [reason, count] : stats.nDroppedPacketsBeforeEnqueue)
            {
                c.dropped[reason] += count;
            }
            for (const auto& [reason, count] : stats.nDroppedPacketsAfterDequeue)
            {
                c.dropped[reason] += count;
            }
            c.inFlight += d.uplinks[t][u]->GetQueue()->GetNPackets();
        }
    }
    // Switches: frames inside them, their drops.
    for (const auto& ocs : d.switches)
    {
        const OpticalCircuitSwitch::PortCounters total = ocs->GetTotalCounters();
        const uint64_t drops = total.GetDroppedFrames();
        c.dropped["guard"] += total.drops[OpticalCircuitSwitch::RECONFIGURING];
        c.dropped["no-circuit"] += drops - total.drops[OpticalCircuitSwitch::RECONFIGURING];
        c.inFlight += total.rxFrames - total.txFrames - drops;
    }
    c.dropped["uplink-device"] += d.uplinkDeviceDrops;
    c.dropped["rx-error"] += d.rxErrors + d.hostRxErrors;
    // Host links: the ToR-side queue discs and device queues, and frames on the wire.
    uint64_t hostLinkQueued = 0;
    uint64_t hostLinkDrops = d.hostLinkDeviceDrops;
    for (uint32_t i = 0; i < d.torHostDevices.size(); ++i)
    {
        if (Ptr<QueueDisc> q = d.torHostQueues[i])
        {
            hostLinkQueued += q->GetNPackets();
            const QueueDisc::Stats& stats = q->GetStats();
            hostLinkDrops += stats.nTotalDroppedPackets;
        }
        PointerValue queue;
        d.torHostDevices[i]->GetAttribute("TxQueue", queue);
        if (Ptr<Queue<Packet>> dq = queue.Get<Queue<Packet>>())
        {
            hostLinkQueued += dq->GetNPackets();
        }
    }
    c.dropped["host-link"] += hostLinkDrops;
    // Frames started towards hosts but not yet received (or lost to an error model there).
    c.inFlight += hostLinkQueued + (d.hostLinkTxBegin - d.delivered - d.fromTors - d.hostRxErrors);
    return c;
}

uint64_t
RdcnNetwork::GetQueuePeakBytes() const
{
    uint64_t peak = 0;
    if (IsValid())
    {
        for (const auto& row : m_data->queues)
        {
            for (const auto& q : row)
            {
                peak = std::max(peak, q->GetPeakBytes());
            }
        }
    }
    return peak;
}

uint64_t
RdcnNetwork::GetWindowViolations() const
{
    uint64_t n = 0;
    if (IsValid())
    {
        for (const auto& row : m_data->queues)
        {
            for (const auto& q : row)
            {
                n += q->GetWindowViolations();
            }
        }
    }
    return n;
}

uint64_t
RdcnNetwork::GetReorderedPackets() const
{
    uint64_t n = 0;
    if (IsValid())
    {
        for (const auto& r : m_data->routing)
        {
            n += r->GetReorderedPackets();
        }
    }
    return n;
}

uint64_t
RdcnNetwork::GetOrderedChecked() const
{
    uint64_t n = 0;
    if (IsValid())
    {
        for (const auto& r : m_data->routing)
        {
            n += r->GetOrderedChecked();
        }
    }
    return n;
}

std::vector<std::vector<double>>
RdcnNetwork::GetDemand() const
{
    const uint32_t n = GetNTors();
    std::vector<std::vector<double>> demand(n, std::vector<double>(n, 0.0));
    if (!IsValid())
    {
        return demand;
    }
    for (uint32_t s = 0; s < n; ++s)
    {
        const std::vector<uint64_t> fresh = m_data->routing[s]->GetDemand();
        for (uint32_t d = 0; d < n && d < fresh.size(); ++d)
        {
            demand[s][d] += static_cast<double>(fresh[d]);
        }
    }
    for (const auto& row : m_data->queues)
    {
        for (const auto& q : row)
        {
            for (const auto& [key, bytes] : q->GetQueuedBytesByPair())
            {
                const uint32_t s = key >> 16;
                const uint32_t d = key & 0xFFFF;
                if (s < n && d < n)
                {
                    demand[s][d] += static_cast<double>(bytes);
                }
            }
        }
    }
    return demand;
}

} // namespace ns3
