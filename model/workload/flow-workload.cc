/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-workload.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/optical-statistics.h"
#include "ns3/optical-util.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowWorkload");

NS_OBJECT_ENSURE_REGISTERED(FlowWorkload);

namespace
{

/// \param [in] value A number \return it as text, with up to 12 significant digits
std::string
Num(double value)
{
    return optical::Num(value, 12);
}

} // namespace

TypeId
FlowWorkload::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FlowWorkload")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<FlowWorkload>()
            .AddAttribute(
                "Pattern",
                "Traffic pattern: poisson (Poisson arrivals per host at Load, sizes "
                "from SizeFile, destinations uniform over the hosts of other groups), "
                "alltoall (every host sends FlowBytes to every host of the other "
                "groups at the start), permutation (host h of group g sends "
                "FlowBytes to host h of group g + Shift mod G; back to back with "
                "Continuous) or incast (every host of the other groups sends "
                "FlowBytes to host 0 at the start)",
                EnumValue(FlowWorkload::POISSON),
                optical::compat::MakeEnumAccessorCompat<Pattern>(&FlowWorkload::m_pattern),
                optical::MakeAnyCaseEnumChecker(FlowWorkload::POISSON,
                                                "poisson",
                                                FlowWorkload::ALLTOALL,
                                                "alltoall",
                                                FlowWorkload::PERMUTATION,
                                                "permutation",
                                                FlowWorkload::INCAST,
                                                "incast"))
            .AddAttribute("Load",
                          "Offered load of each host of the poisson pattern, as a fraction of "
                          "HostRate (0 < Load <= 1). Default 0.5: illustrative (the literature "
                          "sweeps 0.1 to 0.9)",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&FlowWorkload::m_load),
                          MakeDoubleChecker<double>())
            .AddAttribute("HostRate",
                          "Line rate of a host (bit/s, > 0): sets the poisson arrival rate and "
                          "is the unit of the summary's offered load and throughput. Default "
                          "10 Gb/s, the host links of the DCTCP and pFabric evaluations",
                          DataRateValue(DataRate("10Gbps")),
                          MakeDataRateAccessor(&FlowWorkload::m_hostRate),
                          MakeDataRateChecker())
            .AddAttribute("Duration",
                          "Period of flow starts from Start() (> 0 for poisson and continuous "
                          "permutation): no poisson arrival and no continuous permutation "
                          "flow starts at or after Start() + Duration. Default 10 ms: "
                          "illustrative",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&FlowWorkload::m_duration),
                          MakeTimeChecker())
            .AddAttribute("FlowBytes",
                          "Size of every flow of the alltoall and permutation patterns (bytes, "
                          ">= 1). Default 1,000,000: illustrative",
                          UintegerValue(1000000),
                          MakeUintegerAccessor(&FlowWorkload::m_flowBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("ShortFlowBytes",
                          "Largest size of a short flow in the summary (bytes): flows of at most "
                          "this size are short, larger ones long. Default 100,000 (100 KB), the "
                          "small-flow bin (0, 100KB] of pFabric and HPCC",
                          UintegerValue(100000),
                          MakeUintegerAccessor(&FlowWorkload::m_shortFlowBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("MaxFlows",
                          "Most flows started (>= 1): a safety limit on memory and run time; "
                          "reaching it stops the generation, and the summary says so. Default "
                          "1,000,000 (about 60 MB of flow records)",
                          UintegerValue(1000000),
                          MakeUintegerAccessor(&FlowWorkload::m_maxFlows),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("HostsPerGroup",
                          "Hosts per group (ToR) when SetGroups() is not called: host h is in "
                          "group h / HostsPerGroup (>= 1). Default 1: every host its own group",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FlowWorkload::m_hostsPerGroup),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Continuous",
                          "Whether each host of the permutation pattern starts its next flow as "
                          "soon as the previous one is delivered, until Start() + Duration",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FlowWorkload::m_continuous),
                          MakeBooleanChecker())
            .AddAttribute("Shift",
                          "Permutation pattern: host h of group g sends to host h of group "
                          "g + Shift mod G (1 to G - 1)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&FlowWorkload::m_shift),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SpreadOverLanes",
                          "Whether the flows between two hosts take the transport's lanes "
                          "between them in turn (CollectiveTransport::SendOnLane: the rdma "
                          "backend's queue pairs per pair, an OCS's parallel circuits at flow "
                          "level), so that a short flow does not wait behind a long one of the "
                          "same pair; false: every flow of a pair on its one ordered path",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FlowWorkload::m_spreadOverLanes),
                          MakeBooleanChecker())
            .AddAttribute("StopWhenDone",
                          "Whether to stop the simulation (Simulator::Stop) once the workload is "
                          "over (IsDone): for networks whose schedules run on by themselves, as "
                          "a time-slotted network's",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FlowWorkload::m_stopWhenDone),
                          MakeBooleanChecker())
            .AddAttribute("SizeFile",
                          "Flow-size CDF of the poisson pattern when SetSizeDistribution() is "
                          "not called: a file of data/workload/ (websearch: DCTCP's web search, "
                          "datamining: VL2's data mining) or a path "
                          "(FlowSizeDistribution::Resolve()). Default websearch",
                          StringValue("websearch"),
                          MakeStringAccessor(&FlowWorkload::m_sizeFile),
                          MakeStringChecker())
            .AddTraceSource("FlowStarted",
                            "A flow was handed to the transport",
                            MakeTraceSourceAccessor(&FlowWorkload::m_startedTrace),
                            "ns3::FlowWorkload::FlowTracedCallback")
            .AddTraceSource("FlowCompleted",
                            "A flow was delivered whole",
                            MakeTraceSourceAccessor(&FlowWorkload::m_completedTrace),
                            "ns3::FlowWorkload::FlowTracedCallback");
    return tid;
}

FlowWorkload::FlowWorkload()
    : m_sizes(CreateObject<FlowSizeDistribution>()),
      m_interval(CreateObject<ExponentialRandomVariable>()),
      m_destination(CreateObject<UniformRandomVariable>())
{
    m_interval->SetAttribute("Mean", DoubleValue(1));
    m_interval->SetAttribute("Bound", DoubleValue(0));
}

void
FlowWorkload::DoDispose()
{
    m_transport = nullptr;
    m_sizes = nullptr;
    m_interval = nullptr;
    m_destination = nullptr;
    Object::DoDispose();
}

void
FlowWorkload::SetTransport(Ptr<CollectiveTransport> transport)
{
    m_transport = transport;
}

void
FlowWorkload::SetGroups(const std::vector<uint32_t>& groupOfHost)
{
    m_groupLabels = groupOfHost;
}

void
FlowWorkload::SetSizeDistribution(Ptr<FlowSizeDistribution> sizes)
{
    m_sizes = sizes;
}

Ptr<FlowSizeDistribution>
FlowWorkload::GetSizeDistribution() const
{
    return m_sizes;
}

int64_t
FlowWorkload::AssignStreams(int64_t stream)
{
    m_interval->SetStream(stream);
    m_destination->SetStream(stream + 1);
    if (m_sizes)
    {
        m_sizes->AssignStreams(stream + 2);
    }
    return 3;
}

std::string
FlowWorkload::BuildGroups()
{
    const uint32_t hosts = m_transport->GetNRanks();
    std::vector<uint32_t> labels = m_groupLabels;
    if (labels.empty())
    {
        if (m_hostsPerGroup < 1)
        {
            return "HostsPerGroup is 0 (allowed: at least 1)";
        }
        for (uint32_t h = 0; h < hosts; ++h)
        {
            labels.push_back(h / m_hostsPerGroup);
        }
    }
    else if (labels.size() != hosts)
    {
        return "SetGroups() gave " + std::to_string(labels.size()) +
               " group labels for a transport of " + std::to_string(hosts) +
               " hosts (allowed: one label per host)";
    }
    std::map<uint32_t, uint32_t> number; // label -> group number, in label order
    for (uint32_t label : labels)
    {
        number.emplace(label, 0);
    }
    uint32_t next = 0;
    for (auto& entry : number)
    {
        entry.second = next++;
    }
    m_group.assign(hosts, 0);
    m_members.assign(number.size(), {});
    m_index.assign(hosts, 0);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        const uint32_t g = number[labels[h]];
        m_group[h] = g;
        m_index[h] = m_members[g].size();
        m_members[g].push_back(h);
    }
    if (m_members.size() < 2)
    {
        return "all " + std::to_string(hosts) +
               " hosts are in one group: no pattern has a destination (allowed: at least 2 "
               "groups; see SetGroups() and HostsPerGroup)";
    }
    m_others.assign(m_members.size(), {});
    for (uint32_t g = 0; g < m_members.size(); ++g)
    {
        for (uint32_t h = 0; h < hosts; ++h)
        {
            if (m_group[h] != g)
            {
                m_others[g].push_back(h);
            }
        }
    }
    return "";
}

std::string
FlowWorkload::Validate()
{
    if (!m_transport)
    {
        return "no transport (call SetTransport())";
    }
    if (m_transport->GetNRanks() < 2)
    {
        return "the transport has " + std::to_string(m_transport->GetNRanks()) +
               " hosts (allowed: at least 2)";
    }
    if (!(m_load > 0 && m_load <= 1))
    {
        return "Load " + Num(m_load) + " is out of range (allowed: 0 < Load <= 1)";
    }
    if (m_hostRate.GetBitRate() == 0)
    {
        return "HostRate is 0 bit/s (allowed: > 0)";
    }
    if (m_maxFlows < 1)
    {
        return "MaxFlows is 0 (allowed: at least 1)";
    }
    const bool timed = m_pattern == POISSON || (m_pattern == PERMUTATION && m_continuous);
    if (timed && !(m_duration > Seconds(0)))
    {
        return "Duration " + Num(m_duration.GetSeconds()) + " s is not positive (allowed: > 0)";
    }
    if (m_pattern != POISSON && m_flowBytes < 1)
    {
        return "FlowBytes is 0 (allowed: at least 1 byte)";
    }
    const std::string groups = BuildGroups();
    if (!groups.empty())
    {
        return groups;
    }
    if (m_pattern == PERMUTATION && m_shift >= m_members.size())
    {
        return "Shift " + std::to_string(m_shift) + " with " + std::to_string(m_members.size()) +
               " groups (allowed: 1 to " + std::to_string(m_members.size() - 1) + ")";
    }
    if (m_pattern == PERMUTATION)
    {
        for (uint32_t g = 1; g < m_members.size(); ++g)
        {
            if (m_members[g].size() != m_members[0].size())
            {
                return "the permutation pattern needs groups of equal size: group 0 has " +
                       std::to_string(m_members[0].size()) + " hosts, group " + std::to_string(g) +
                       " has " + std::to_string(m_members[g].size());
            }
        }
    }
    if (m_pattern == POISSON)
    {
        if (!m_sizes)
        {
            m_sizes = CreateObject<FlowSizeDistribution>();
        }
        if (!m_sizes->IsSet())
        {
            std::string error;
            if (!m_sizes->ReadFile(m_sizeFile, error))
            {
                return "SizeFile '" + m_sizeFile + "': " + error;
            }
        }
    }
    return "";
}

bool
FlowWorkload::Start(std::string& error)
{
    if (m_started)
    {
        error = "Start() was already called";
        return false;
    }
    const std::string why = Validate();
    if (!why.empty())
    {
        error = why;
        return false;
    }
    m_started = true;
    m_startTime = Simulator::Now();
    if (m_stopWhenDone && (m_pattern == POISSON || m_continuous))
    {
        // Flows that all completed before the arrivals end leave no completion to stop at.
        Ptr<const FlowWorkload> self(this);
        optical::compat::Schedule(m_duration, [self]() { self->StopIfDone(); });
    }
    const uint32_t hosts = m_transport->GetNRanks();
    switch (m_pattern)
    {
    case POISSON: {
        m_rate =
            m_load * static_cast<double>(m_hostRate.GetBitRate()) / (8.0 * m_sizes->SampleMean());
        NS_LOG_INFO("poisson: " << hosts << " hosts, " << m_rate << " flows/s each, mean "
                                << m_sizes->SampleMean() << " bytes");
        m_nextArrival.assign(hosts, m_startTime.GetSeconds());
        for (uint32_t h = 0; h < hosts; ++h)
        {
            ScheduleArrival(h);
        }
        break;
    }
    case ALLTOALL:
        for (uint32_t src = 0; src < hosts; ++src)
        {
            for (uint32_t dst : m_others[m_group[src]])
            {
                if (!StartFlow(src, dst, m_flowBytes))
                {
                    return true;
                }
            }
        }
        break;
    case INCAST:
        for (uint32_t src = 0; src < hosts; ++src)
        {
            if (m_group[src] != m_group[0] && !StartFlow(src, 0, m_flowBytes))
            {
                return true;
            }
        }
        break;
    case PERMUTATION: {
        const uint32_t groups = m_members.size();
        for (uint32_t src = 0; src < hosts; ++src)
        {
            const uint32_t dst = m_members[(m_group[src] + m_shift) % groups][m_index[src]];
            if (!StartFlow(src, dst, m_flowBytes))
            {
                return true;
            }
        }
        break;
    }
    }
    return true;
}

void
FlowWorkload::ScheduleArrival(uint32_t host)
{
    m_nextArrival[host] += m_interval->GetValue() / m_rate;
    const double end = (m_startTime + m_duration).GetSeconds();
    if (m_nextArrival[host] >= end)
    {
        return;
    }
    // Absolute times are kept in seconds so that rounding to the time resolution does not
    // accumulate over arrivals.
    const Time delay = Seconds(m_nextArrival[host]) - Simulator::Now();
    Ptr<FlowWorkload> self(this);
    optical::compat::Schedule(delay > Seconds(0) ? delay : Seconds(0),
                              [self, host]() { self->Arrival(host); });
}

void
FlowWorkload::Arrival(uint32_t host)
{
    if (m_limitReached)
    {
        return;
    }
    const std::vector<uint32_t>& others = m_others[m_group[host]];
    const uint32_t dst = others[m_destination->GetInteger(0, others.size() - 1)];
    const uint64_t bytes = m_sizes->Sample();
    if (StartFlow(host, dst, bytes))
    {
        ScheduleArrival(host);
    }
}

bool
FlowWorkload::StartFlow(uint32_t src, uint32_t dst, uint64_t bytes)
{
    if (m_flows.size() >= m_maxFlows)
    {
        if (!m_limitReached)
        {
            NS_LOG_WARN("MaxFlows (" << m_maxFlows << ") reached at " << Simulator::Now()
                                     << ": no more flows start");
        }
        m_limitReached = true;
        return false;
    }
    FlowRecord flow;
    flow.id = m_flows.size();
    flow.src = src;
    flow.dst = dst;
    flow.bytes = bytes;
    flow.start = Simulator::Now();
    m_flows.push_back(flow);
    m_startedTrace(flow);
    NS_LOG_LOGIC("flow " << flow.id << ": " << src << " -> " << dst << ", " << bytes << " bytes");
    Ptr<FlowWorkload> self(this);
    const uint64_t id = flow.id;
    if (m_spreadOverLanes)
    {
        // The pair's flows take its lanes in turn: two share one only when more than the
        // lanes are under way at once.
        const uint32_t lanes = m_transport->GetNLanes(src, dst);
        const uint32_t lane = m_pairFlows[std::make_pair(src, dst)]++ % lanes;
        m_transport->SendOnLane(src, dst, lane, bytes, [self, id]() { self->Completed(id); });
        return true;
    }
    m_transport->Send(src, dst, bytes, [self, id]() { self->Completed(id); });
    return true;
}

void
FlowWorkload::Completed(uint64_t id)
{
    FlowRecord& flow = m_flows[id];
    flow.end = Simulator::Now();
    flow.completed = true;
    ++m_completed;
    m_completedTrace(flow);
    if (m_pattern == PERMUTATION && m_continuous && !m_limitReached &&
        Simulator::Now() < m_startTime + m_duration)
    {
        // Through the event queue, so that a transport delivering inside Send() does not
        // recurse.
        Ptr<FlowWorkload> self(this);
        const uint32_t src = flow.src;
        const uint32_t dst = flow.dst;
        const uint64_t bytes = flow.bytes;
        optical::compat::ScheduleNow([self, src, dst, bytes]() {
            if (Simulator::Now() < self->m_startTime + self->m_duration)
            {
                self->StartFlow(src, dst, bytes);
            }
        });
    }
    StopIfDone();
}

bool
FlowWorkload::IsDone() const
{
    const bool generating = m_pattern == POISSON || (m_pattern == PERMUTATION && m_continuous);
    const bool more = generating && !m_limitReached && Simulator::Now() < m_startTime + m_duration;
    return m_started && !more && m_completed == m_flows.size();
}

void
FlowWorkload::StopIfDone() const
{
    if (m_stopWhenDone && IsDone())
    {
        Simulator::Stop();
    }
}

const std::vector<FlowRecord>&
FlowWorkload::GetFlows() const
{
    return m_flows;
}

double
FlowWorkload::GetArrivalRate() const
{
    return m_rate;
}

uint32_t
FlowWorkload::GetNGroups() const
{
    return m_members.size();
}

uint32_t
FlowWorkload::GetGroup(uint32_t host) const
{
    return host < m_group.size() ? m_group[host] : 0;
}

double
FlowWorkload::Percentile(std::vector<double> values, double percent)
{
    percent = std::min(100.0, std::max(0.0, percent));
    return values.empty() ? 0 : optical::Percentile(std::move(values), percent);
}

Time
FlowWorkload::Percentile(const std::vector<Time>& values, double percent)
{
    std::vector<double> steps;
    steps.reserve(values.size());
    for (const Time& t : values)
    {
        steps.push_back(static_cast<double>(t.GetTimeStep()));
    }
    return TimeStep(static_cast<uint64_t>(std::llround(Percentile(std::move(steps), percent))));
}

FlowWorkloadSummary
FlowWorkload::GetSummary() const
{
    return GetSummary(m_startTime, m_startTime + m_duration);
}

FlowWorkloadSummary
FlowWorkload::GetSummary(Time windowStart, Time windowEnd) const
{
    FlowWorkloadSummary s;
    s.windowStart = windowStart;
    s.windowEnd = windowEnd;
    s.hosts = m_transport ? m_transport->GetNRanks() : 0;
    s.limitReached = m_limitReached;
    std::vector<Time> shortFct;
    std::vector<Time> longFct;
    for (const FlowRecord& f : m_flows)
    {
        if (f.completed && f.end >= windowStart && f.end <= windowEnd)
        {
            s.bytesDelivered += f.bytes;
        }
        if (f.start < windowStart || f.start >= windowEnd)
        {
            continue;
        }
        ++s.flowsStarted;
        s.bytesStarted += f.bytes;
        if (!f.completed)
        {
            ++s.flowsIncomplete;
            continue;
        }
        ++s.flowsCompleted;
        if (f.bytes <= m_shortFlowBytes)
        {
            shortFct.push_back(f.end - f.start);
        }
        else
        {
            longFct.push_back(f.end - f.start);
        }
    }
    s.shortCompleted = shortFct.size();
    s.longCompleted = longFct.size();
    s.shortFctP50 = Percentile(shortFct, 50);
    s.shortFctP99 = Percentile(shortFct, 99);
    s.longFctP50 = Percentile(longFct, 50);
    s.longFctP99 = Percentile(longFct, 99);
    if (windowEnd > windowStart && s.hosts > 0)
    {
        const double window = (windowEnd - windowStart).GetSeconds();
        const double capacity = s.hosts * static_cast<double>(m_hostRate.GetBitRate()) * window;
        s.offeredLoad = 8.0 * static_cast<double>(s.bytesStarted) / capacity;
        s.throughput = 8.0 * static_cast<double>(s.bytesDelivered) / capacity;
    }
    return s;
}

uint64_t
FlowWorkload::AddToTimeline(OpticalTimeline& timeline,
                            const std::string& process,
                            Time from,
                            Time until) const
{
    const uint32_t pid = timeline.AddProcess(process);
    std::map<uint32_t, uint32_t> tracks; // source host -> track, made as hosts first appear
    uint64_t added = 0;
    for (const FlowRecord& f : m_flows)
    {
        const Time end = f.completed ? f.end : until;
        if (f.start >= until || end < from)
        {
            continue;
        }
        auto it = tracks.find(f.src);
        if (it == tracks.end())
        {
            it = tracks.emplace(f.src, timeline.AddTrack(pid, "host " + std::to_string(f.src)))
                     .first;
        }
        timeline.AddSlice(pid,
                          it->second,
                          "to " + std::to_string(f.dst),
                          f.bytes <= m_shortFlowBytes ? "short flow" : "long flow",
                          std::max(f.start, from),
                          std::min(end, until));
        ++added;
    }
    return added;
}

} // namespace ns3
