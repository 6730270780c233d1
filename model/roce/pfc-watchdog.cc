/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The PFC watchdog: its looks at a RoceFabric's ports, the wait-for graph of the stuck ones,
// and the deadlock and pause storm reports.

#include "pfc-watchdog.h"

#include "lossless-queue-disc.h"
#include "roce-fabric.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>
#include <deque>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PfcWatchdog");
NS_OBJECT_ENSURE_REGISTERED(PfcWatchdog);

namespace
{

/// \param [in] t A time \return it in milliseconds, three decimals ("1.234 ms")
std::string
Milliseconds(Time t)
{
    std::ostringstream os;
    os << std::fixed << std::setprecision(3) << t.GetSeconds() * 1e3 << " ms";
    return os.str();
}

} // namespace

TypeId
PfcWatchdog::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PfcWatchdog")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<PfcWatchdog>()
            .AddAttribute("Interval",
                          "How often the watchdog looks at the ports while some priority is "
                          "paused (time)",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&PfcWatchdog::m_interval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("DeadlockTime",
                          "A cycle of paused, non-empty port queues that lasts this long is a "
                          "deadlock (time)",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&PfcWatchdog::m_deadlockTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("StormTime",
                          "A port priority paused continuously this long with bytes queued, "
                          "not in a cycle, is reported once as a pause storm (time)",
                          TimeValue(MilliSeconds(5)),
                          MakeTimeAccessor(&PfcWatchdog::m_stormTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("StopOnDeadlock",
                          "Whether to stop the simulation (Simulator::Stop) after reporting a "
                          "deadlock",
                          BooleanValue(true),
                          MakeBooleanAccessor(&PfcWatchdog::m_stopOnDeadlock),
                          MakeBooleanChecker())
            .AddTraceSource("Deadlock",
                            "A deadlock was found (its report, naming ports and priorities)",
                            MakeTraceSourceAccessor(&PfcWatchdog::m_deadlockTrace),
                            "ns3::PfcWatchdog::ReportTracedCallback")
            .AddTraceSource("PauseStorm",
                            "A pause storm was found (its report, naming the port and priority)",
                            MakeTraceSourceAccessor(&PfcWatchdog::m_stormTrace),
                            "ns3::PfcWatchdog::ReportTracedCallback");
    return tid;
}

PfcWatchdog::PfcWatchdog() = default;

PfcWatchdog::~PfcWatchdog() = default;

void
PfcWatchdog::DoDispose()
{
    m_look.Cancel();
    for (auto& port : m_ports)
    {
        if (port.qdisc && !port.pauseCallback.IsNull())
        {
            port.qdisc->TraceDisconnectWithoutContext("Pause", port.pauseCallback);
        }
        port.qdisc = nullptr;
    }
    m_ports.clear();
    m_fabric = nullptr;
    Object::DoDispose();
}

void
PfcWatchdog::Watch(Ptr<RoceFabric> fabric)
{
    NS_ABORT_MSG_IF(m_watching, "PfcWatchdog::Watch: called twice");
    NS_ABORT_MSG_IF(!fabric || fabric->GetPorts().empty(),
                    "PfcWatchdog::Watch: no fabric, or a fabric without ports (call it after "
                    "RoceFabric::Install)");
    m_watching = true;
    m_fabric = fabric;
    FindPorts();
    m_vertices.assign(m_ports.size() * N_PRIORITIES, Vertex());
    for (uint32_t i = 0; i < m_ports.size(); ++i)
    {
        m_ports[i].pauseCallback = MakeCallback(&PfcWatchdog::PortPaused, this).Bind(i);
        m_ports[i].qdisc->TraceConnectWithoutContext("Pause", m_ports[i].pauseCallback);
    }
    m_look = Simulator::Schedule(m_interval, &PfcWatchdog::Look, this);
    // Alive until the simulation is destroyed, then disposed of (its results stay).
    Simulator::ScheduleDestroy(&PfcWatchdog::Dispose, Ptr<PfcWatchdog>(this));
}

void
PfcWatchdog::FindPorts()
{
    // The fabric keeps its ports' queue discs only: find their devices as it found them, the
    // root queue disc of each device of each node.
    const auto& qdiscs = m_fabric->GetPorts();
    std::map<const LosslessQueueDisc*, uint32_t> byQdisc;
    m_ports.assign(qdiscs.size(), Port());
    for (uint32_t i = 0; i < qdiscs.size(); ++i)
    {
        m_ports[i].qdisc = qdiscs[i];
        byQdisc[PeekPointer(qdiscs[i])] = i;
    }
    std::map<Ptr<NetDevice>, uint32_t> byDevice;
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        Ptr<TrafficControlLayer> tc = (*it)->GetObject<TrafficControlLayer>();
        for (uint32_t d = 0; tc && d < (*it)->GetNDevices(); ++d)
        {
            Ptr<NetDevice> device = (*it)->GetDevice(d);
            auto q = DynamicCast<LosslessQueueDisc>(tc->GetRootQueueDiscOnDevice(device));
            auto found = q ? byQdisc.find(PeekPointer(q)) : byQdisc.end();
            if (found == byQdisc.end())
            {
                continue;
            }
            m_ports[found->second].node = (*it)->GetId();
            m_nodePorts[(*it)->GetId()].push_back(found->second);
            byDevice[device] = found->second;
        }
    }
    // The port at the other end of each port's channel (a channel of two devices).
    for (const auto& [device, port] : byDevice)
    {
        Ptr<Channel> channel = device->GetChannel();
        if (!channel || channel->GetNDevices() != 2)
        {
            continue;
        }
        Ptr<NetDevice> other =
            channel->GetDevice(0) == device ? channel->GetDevice(1) : channel->GetDevice(0);
        auto found = byDevice.find(other);
        if (found != byDevice.end())
        {
            m_ports[port].peer = found->second;
        }
    }
}

void
PfcWatchdog::PortPaused(uint32_t port, uint32_t priority, bool paused)
{
    if (!paused)
    {
        ++m_ports[port].resumes[priority];
        return;
    }
    if (m_look.IsExpired())
    {
        // Asleep since a look found nothing paused: look again.
        m_look = Simulator::Schedule(m_interval, &PfcWatchdog::Look, this);
    }
}

void
PfcWatchdog::Look()
{
    bool paused = UpdateVertices();
    if (!m_deadlock)
    {
        CheckDeadlock();
    }
    CheckStorms();
    if (paused)
    {
        m_look = Simulator::Schedule(m_interval, &PfcWatchdog::Look, this);
    }
}

bool
PfcWatchdog::UpdateVertices()
{
    Time now = Simulator::Now();
    bool paused = false;
    for (uint32_t i = 0; i < m_ports.size(); ++i)
    {
        const Port& port = m_ports[i];
        for (uint32_t p = 0; p < N_PRIORITIES; ++p)
        {
            Vertex& v = m_vertices[i * N_PRIORITIES + p];
            bool isPaused = port.qdisc->IsPaused(p);
            paused = paused || isPaused;
            bool stuck = isPaused && port.qdisc->GetPriorityBytes(p) > 0;
            // A resume between two looks ends an episode too.
            if (stuck && (!v.stuck || v.resumes != port.resumes[p]))
            {
                v.since = now;
                v.stormReported = false;
            }
            v.stuck = stuck;
            v.resumes = port.resumes[p];
        }
    }
    return paused;
}

PfcWatchdog::Graph
PfcWatchdog::BuildGraph(Time minAge) const
{
    Time now = Simulator::Now();
    auto in = [&](uint32_t v) {
        return m_vertices[v].stuck && now - m_vertices[v].since >= minAge;
    };
    Graph graph(m_vertices.size());
    for (uint32_t v = 0; v < m_vertices.size(); ++v)
    {
        uint32_t port = v / N_PRIORITIES;
        uint32_t p = v % N_PRIORITIES;
        uint32_t peer = m_ports[port].peer;
        if (!in(v) || peer == NO_PORT)
        {
            continue;
        }
        // The neighbour that pauses this port cannot drain it while its other egresses of the
        // same priority are paused.
        for (uint32_t e : m_nodePorts.at(m_ports[peer].node))
        {
            uint32_t w = e * N_PRIORITIES + p;
            if (e != peer && in(w))
            {
                graph[v].push_back(w);
            }
        }
    }
    return graph;
}

std::vector<uint32_t>
PfcWatchdog::FindCycle(const Graph& graph)
{
    // Depth-first search; an edge to a vertex on the path closes a cycle.
    enum Colour : uint8_t
    {
        WHITE,
        GREY,
        BLACK
    };

    std::vector<Colour> colour(graph.size(), WHITE);
    for (uint32_t root = 0; root < graph.size(); ++root)
    {
        if (colour[root] != WHITE || graph[root].empty())
        {
            continue;
        }
        std::vector<std::pair<uint32_t, uint32_t>> path{{root, 0}}; // vertex, next edge
        colour[root] = GREY;
        while (!path.empty())
        {
            auto& [u, next] = path.back();
            if (next == graph[u].size())
            {
                colour[u] = BLACK;
                path.pop_back();
                continue;
            }
            uint32_t w = graph[u][next++];
            if (colour[w] == GREY)
            {
                std::vector<uint32_t> cycle;
                auto start = std::find_if(path.begin(), path.end(), [w](const auto& e) {
                    return e.first == w;
                });
                for (auto it = start; it != path.end(); ++it)
                {
                    cycle.push_back(it->first);
                }
                return cycle;
            }
            if (colour[w] == WHITE)
            {
                colour[w] = GREY;
                path.emplace_back(w, 0);
            }
        }
    }
    return {};
}

bool
PfcWatchdog::OnCycle(const Graph& graph, uint32_t v)
{
    // v is on a cycle if it can be reached from its successors.
    std::vector<bool> seen(graph.size(), false);
    std::deque<uint32_t> todo(graph[v].begin(), graph[v].end());
    while (!todo.empty())
    {
        uint32_t u = todo.front();
        todo.pop_front();
        if (u == v)
        {
            return true;
        }
        if (seen[u])
        {
            continue;
        }
        seen[u] = true;
        todo.insert(todo.end(), graph[u].begin(), graph[u].end());
    }
    return false;
}

void
PfcWatchdog::CheckDeadlock()
{
    std::vector<uint32_t> cycle = FindCycle(BuildGraph(m_deadlockTime));
    if (!cycle.empty())
    {
        ReportDeadlock(cycle);
    }
}

void
PfcWatchdog::CheckStorms()
{
    Time now = Simulator::Now();
    Graph graph;
    for (uint32_t v = 0; v < m_vertices.size(); ++v)
    {
        Vertex& vertex = m_vertices[v];
        if (!vertex.stuck || vertex.stormReported || now - vertex.since < m_stormTime)
        {
            continue;
        }
        if (graph.empty())
        {
            graph = BuildGraph(Time(0));
        }
        if (OnCycle(graph, v))
        {
            continue;
        }
        vertex.stormReported = true;
        ++m_storms;
        std::ostringstream os;
        os << "PFC pause storm: " << Describe(v) << " (for " << Milliseconds(now - vertex.since)
           << "), on no cycle of paused queues";
        NS_LOG_WARN(os.str());
        m_stormTrace(os.str());
    }
}

std::string
PfcWatchdog::Describe(uint32_t v) const
{
    uint32_t port = v / N_PRIORITIES;
    uint32_t p = v % N_PRIORITIES;
    std::ostringstream os;
    os << m_fabric->DescribePort(port) << " priority " << p << " paused with "
       << m_ports[port].qdisc->GetPriorityBytes(p) << " B queued since "
       << Milliseconds(m_vertices[v].since);
    return os.str();
}

void
PfcWatchdog::ReportDeadlock(const std::vector<uint32_t>& cycle)
{
    Time now = Simulator::Now();
    Time shortest = Time::Max();
    for (uint32_t v : cycle)
    {
        shortest = std::min(shortest, now - m_vertices[v].since);
    }
    std::ostringstream os;
    os << "PFC deadlock: a cycle of " << cycle.size() << " paused queues for at least "
       << Milliseconds(shortest) << ":\n";
    for (std::size_t k = 0; k < cycle.size(); ++k)
    {
        uint32_t next = cycle[(k + 1) % cycle.size()] / N_PRIORITIES;
        os << "  " << Describe(cycle[k]) << " -> " << m_fabric->DescribePort(next) << "\n";
    }
    m_deadlock = true;
    m_report = os.str();
    std::cerr << m_report;
    NS_LOG_WARN(m_report);
    m_deadlockTrace(m_report);
    if (m_stopOnDeadlock)
    {
        Simulator::Stop();
    }
}

bool
PfcWatchdog::HasDeadlock() const
{
    return m_deadlock;
}

std::string
PfcWatchdog::GetReport() const
{
    return m_report;
}

uint64_t
PfcWatchdog::GetStorms() const
{
    return m_storms;
}

} // namespace ns3
