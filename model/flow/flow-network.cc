/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-network.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowNetwork");

NS_OBJECT_ENSURE_REGISTERED(FlowNetwork);

TypeId
FlowNetwork::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FlowNetwork")
                            .SetParent<FlowEngine>()
                            .SetGroupName("Optical")
                            .AddConstructor<FlowNetwork>();
    return tid;
}

FlowNetwork::FlowNetwork() = default;

FlowNetwork::~FlowNetwork() = default;

void
FlowNetwork::DoDispose()
{
    Simulator::Cancel(m_flush);
    for (auto& f : m_flows)
    {
        Simulator::Cancel(f.done);
        f.sent = nullptr;
        f.delivered = nullptr;
    }
    m_flows.clear();
    m_links.clear();
    m_topology = nullptr;
    Object::DoDispose();
}

void
FlowNetwork::SetTopology(Ptr<FlowTopology> topology)
{
    NS_ABORT_MSG_IF(m_topology, "FlowNetwork: the topology is already set");
    NS_ABORT_MSG_IF(!topology, "FlowNetwork: null topology");
    m_topology = topology;
    m_topology->TraceConnectWithoutContext("LinkChanged",
                                           MakeCallback(&FlowNetwork::LinkChanged, this));
    Grow();
}

Ptr<FlowTopology>
FlowNetwork::GetTopology() const
{
    return m_topology;
}

void
FlowNetwork::Grow()
{
    if (m_links.size() < m_topology->GetNLinks())
    {
        m_links.resize(m_topology->GetNLinks());
    }
}

bool
FlowNetwork::PathUp(const std::vector<uint32_t>& path) const
{
    for (uint32_t l : path)
    {
        const FlowTopology::Link& link = m_topology->GetLink(l);
        if (!link.up)
        {
            return false;
        }
    }
    return true;
}

int64_t
FlowNetwork::StartFlow(FlowSpec spec, std::string* error)
{
    NS_ABORT_MSG_IF(!m_topology, "FlowNetwork: StartFlow before SetTopology");
    Grow();
    std::string why;
    // Routed into a scratch vector, then copied into the flow slot's own (reused) storage.
    std::vector<uint32_t>& path = m_scratchPath;
    path.clear();
    bool pinned = false;
    if (!(spec.bytes > 0) || !std::isfinite(spec.bytes))
    {
        std::ostringstream os;
        os << "a flow needs a positive, finite size (got " << spec.bytes << " bytes)";
        why = os.str();
    }
    else if (spec.capBps < 0 || !std::isfinite(spec.capBps))
    {
        why = "a flow's rate cap must be >= 0 (0: none)";
    }
    else if (!spec.path.empty())
    {
        pinned = m_topology->CheckPath(spec.src, spec.dst, spec.path, why);
        path.assign(spec.path.begin(), spec.path.end());
    }
    else
    {
        // A path over links that are up; else one that waits for its links to come up; else
        // the vertices are not connected at all.
        std::string upError;
        if (!m_topology->Route(spec.src, spec.dst, spec.hash, path, upError) &&
            !m_topology->RouteIgnoringState(spec.src, spec.dst, spec.hash, path, why))
        {
            path.clear();
        }
    }
    if (path.empty() || (!why.empty() && !pinned))
    {
        std::string msg = "FlowNetwork: cannot start a flow";
        if (spec.src < m_topology->GetNVertices() && spec.dst < m_topology->GetNVertices())
        {
            msg += " from " + m_topology->GetVertexName(spec.src) + " to " +
                   m_topology->GetVertexName(spec.dst);
        }
        msg += ": " + (why.empty() ? std::string("no path") : why);
        if (error)
        {
            *error = msg;
            return -1;
        }
        NS_FATAL_ERROR(msg);
    }

    uint32_t id;
    if (!m_freeSlots.empty())
    {
        id = m_freeSlots.back();
        m_freeSlots.pop_back();
    }
    else
    {
        id = static_cast<uint32_t>(m_flows.size());
        m_flows.emplace_back();
    }
    Flow& f = m_flows[id];
    f.active = true;
    f.src = spec.src;
    f.dst = spec.dst;
    f.hash = spec.hash;
    uint32_t mtu = spec.mtu > 0 ? spec.mtu : m_topology->PathMtu(path);
    f.bytes = WireBytes(spec.bytes, mtu, spec.headerBytes, spec.linkHeaderBytes);
    f.remaining = f.bytes;
    f.rate = 0;
    f.cap = spec.capBps / 8.0;
    f.packetBytes = mtu > spec.headerBytes ? mtu + spec.linkHeaderBytes : 0;
    f.start = Simulator::Now();
    f.last = f.start;
    f.path.assign(path.begin(), path.end());
    f.slot.clear();
    f.sent = std::move(spec.sent);
    f.delivered = std::move(spec.delivered);
    f.pinned = pinned;
    f.stalled = !PathUp(f.path);
    if (f.stalled)
    {
        m_stalled.push_back(id);
    }
    ++m_active;
    ++m_started;
    m_bytesStarted += f.bytes;
    NS_LOG_DEBUG("flow " << id << " " << m_topology->GetVertexName(f.src) << " -> "
                         << m_topology->GetVertexName(f.dst) << " " << f.bytes << " B over "
                         << f.path.size() << " links" << (f.stalled ? " (stalled)" : ""));
    Attach(id);
    return id;
}

void
FlowNetwork::Attach(uint32_t id)
{
    Flow& f = m_flows[id];
    f.slot.resize(f.path.size());
    for (std::size_t i = 0; i < f.path.size(); ++i)
    {
        LinkState& s = m_links[f.path[i]];
        f.slot[i] = static_cast<uint32_t>(s.flows.size());
        s.flows.push_back(id);
        m_peakLinkFlows = std::max(m_peakLinkFlows, static_cast<uint32_t>(s.flows.size()));
        MarkDirty(f.path[i]);
    }
}

void
FlowNetwork::Detach(uint32_t id)
{
    Flow& f = m_flows[id];
    for (std::size_t i = 0; i < f.path.size(); ++i)
    {
        const uint32_t l = f.path[i];
        LinkState& s = m_links[l];
        const uint32_t at = f.slot[i];
        const uint32_t moved = s.flows.back();
        const auto oldIndex = static_cast<uint32_t>(s.flows.size() - 1);
        s.flows[at] = moved;
        s.flows.pop_back();
        if (moved != id)
        {
            Flow& m = m_flows[moved];
            for (std::size_t j = 0; j < m.path.size(); ++j)
            {
                if (m.path[j] == l && m.slot[j] == oldIndex)
                {
                    m.slot[j] = at;
                    break;
                }
            }
        }
        MarkDirty(l);
    }
    f.slot.clear();
}

void
FlowNetwork::MarkDirty(uint32_t link)
{
    LinkState& s = m_links[link];
    if (!s.dirty)
    {
        s.dirty = true;
        m_dirty.push_back(link);
    }
    ScheduleFlush();
}

void
FlowNetwork::ScheduleFlush()
{
    if (!m_flushing && m_flush.IsExpired())
    {
        m_flush = Simulator::ScheduleNow(&FlowNetwork::Flush, this);
    }
}

void
FlowNetwork::LinkChanged(uint32_t link)
{
    Grow();
    if (!m_topology->GetLink(link).up)
    {
        for (uint32_t id : m_links[link].flows)
        {
            if (!m_flows[id].stalled)
            {
                m_flows[id].stalled = true;
                m_stalled.push_back(id);
            }
        }
    }
    m_topologyChanged = true;
    MarkDirty(link);
}

void
FlowNetwork::Reroute()
{
    std::vector<uint32_t> still;
    std::vector<uint32_t> path;
    std::string error;
    for (uint32_t id : m_stalled)
    {
        Flow& f = m_flows[id];
        if (!f.active || !f.stalled)
        {
            continue;
        }
        if (PathUp(f.path))
        {
            f.stalled = false;
            continue;
        }
        if (!f.pinned && m_topology->Route(f.src, f.dst, f.hash, path, error) && PathUp(path))
        {
            // Bring the bytes sent so far up to date before the flow changes path.
            const double dt = (Simulator::Now() - f.last).GetSeconds();
            f.remaining = std::max(0.0, f.remaining - f.rate * dt);
            f.last = Simulator::Now();
            Detach(id);
            f.path = path;
            Attach(id);
            f.stalled = false;
            NS_LOG_DEBUG("flow " << id << " rerouted over " << path.size() << " links");
            continue;
        }
        still.push_back(id);
    }
    m_stalled = std::move(still);
}

void
FlowNetwork::Flush()
{
    m_flushing = true;
    if (m_topologyChanged)
    {
        m_topologyChanged = false;
        Reroute();
    }
    // The components of the dirty links: links and flows reachable through shared links.
    ++m_stamp;
    std::vector<uint32_t>& flows = m_componentFlows; // scratch storage, reused
    std::vector<uint32_t>& links = m_componentLinks;
    std::vector<uint32_t>& stack = m_stack;
    flows.clear();
    links.clear();
    for (uint32_t d : m_dirty)
    {
        m_links[d].dirty = false;
        if (m_links[d].stamp == m_stamp)
        {
            continue;
        }
        m_links[d].stamp = m_stamp;
        links.push_back(d);
        stack.push_back(d);
        while (!stack.empty())
        {
            const uint32_t l = stack.back();
            stack.pop_back();
            for (uint32_t id : m_links[l].flows)
            {
                Flow& f = m_flows[id];
                if (f.stamp == m_stamp)
                {
                    continue;
                }
                f.stamp = m_stamp;
                flows.push_back(id);
                for (uint32_t l2 : f.path)
                {
                    if (m_links[l2].stamp != m_stamp)
                    {
                        m_links[l2].stamp = m_stamp;
                        links.push_back(l2);
                        stack.push_back(l2);
                    }
                }
            }
        }
    }
    m_dirty.clear();
    m_flushing = false;
    if (!flows.empty())
    {
        Recompute(flows, links);
    }
}

void
FlowNetwork::Recompute(const std::vector<uint32_t>& flows, const std::vector<uint32_t>& links)
{
    ++m_recomputations;
    m_rerated += flows.size();
    m_peakComponent = std::max<uint64_t>(m_peakComponent, flows.size());
    const Time now = Simulator::Now();
    for (uint32_t id : flows)
    {
        Flow& f = m_flows[id];
        const double dt = (now - f.last).GetSeconds();
        f.remaining = std::max(0.0, f.remaining - f.rate * dt);
        f.last = now;
        f.frozen = false;
        f.next = 0;
    }
    // Progressive filling: a min-heap of link fair shares (lazily updated) and the flow caps in
    // ascending order; the smaller of the two freezes next. Both live in reused storage.
    std::vector<ShareEntry>& heap = m_heap;
    std::vector<ShareEntry>& caps = m_caps;
    heap.clear();
    caps.clear();
    const std::greater<> later;
    auto push = [&heap, &later](double share, uint32_t link) {
        heap.emplace_back(share, link);
        std::push_heap(heap.begin(), heap.end(), later);
    };
    auto pop = [&heap, &later]() {
        std::pop_heap(heap.begin(), heap.end(), later);
        heap.pop_back();
    };
    for (uint32_t l : links)
    {
        LinkState& s = m_links[l];
        const FlowTopology::Link& link = m_topology->GetLink(l);
        s.left = link.up ? link.capacity / 8.0 : 0.0;
        s.unfrozen = static_cast<uint32_t>(s.flows.size());
        if (s.unfrozen > 0)
        {
            push(s.left / s.unfrozen, l);
        }
    }
    for (uint32_t id : flows)
    {
        if (m_flows[id].cap > 0)
        {
            caps.emplace_back(m_flows[id].cap, id);
        }
    }
    std::sort(caps.begin(), caps.end());
    std::size_t nextCap = 0;
    std::size_t unfrozen = flows.size();
    auto freeze = [this, &push, &unfrozen](uint32_t id, double rate) {
        Flow& f = m_flows[id];
        f.frozen = true;
        f.next = rate;
        --unfrozen;
        for (uint32_t l : f.path)
        {
            LinkState& s = m_links[l];
            s.left = std::max(0.0, s.left - rate);
            --s.unfrozen;
            if (s.unfrozen > 0)
            {
                push(s.left / s.unfrozen, l);
            }
        }
    };
    while (unfrozen > 0)
    {
        while (nextCap < caps.size() && m_flows[caps[nextCap].second].frozen)
        {
            ++nextCap;
        }
        double share = std::numeric_limits<double>::infinity();
        int64_t bottleneck = -1;
        while (!heap.empty())
        {
            const ShareEntry top = heap.front();
            const LinkState& s = m_links[top.second];
            if (s.unfrozen == 0)
            {
                pop();
                continue;
            }
            const double current = s.left / s.unfrozen;
            if (current != top.first)
            {
                pop();
                push(current, top.second);
                continue;
            }
            share = current;
            bottleneck = top.second;
            break;
        }
        if (nextCap < caps.size() && caps[nextCap].first <= share)
        {
            freeze(caps[nextCap].second, caps[nextCap].first);
            ++nextCap;
            continue;
        }
        NS_ASSERT_MSG(bottleneck >= 0, "FlowNetwork: a flow without links");
        pop();
        // Freezing changes the links' shares, not their flow lists: safe to iterate.
        for (uint32_t id : m_links[bottleneck].flows)
        {
            if (!m_flows[id].frozen)
            {
                freeze(id, share);
            }
        }
    }
    for (uint32_t id : flows)
    {
        Flow& f = m_flows[id];
        const double r = f.next;
        const bool same = std::abs(r - f.rate) <= m_epsilon * std::max(r, f.rate);
        if (same && (!f.done.IsExpired() || r <= 0))
        {
            continue;
        }
        f.rate = r;
        Schedule(id);
    }
}

void
FlowNetwork::Schedule(uint32_t id)
{
    Flow& f = m_flows[id];
    Simulator::Cancel(f.done);
    if (f.rate <= 0)
    {
        return; // stalled: rescheduled when a recomputation gives it a rate
    }
    // Rounded up to the next nanosecond: a flow never finishes before its bytes are sent.
    const double ns = std::ceil(f.remaining / f.rate * 1e9 - 1e-6);
    f.done = Simulator::Schedule(NanoSeconds(static_cast<int64_t>(std::max(0.0, ns))),
                                 &FlowNetwork::Finish,
                                 this,
                                 id);
}

void
FlowNetwork::Finish(uint32_t id)
{
    Flow& f = m_flows[id];
    f.remaining = 0;
    f.rate = 0;
    Detach(id);
    const Time latency = m_topology->PathLatency(f.path, f.packetBytes);
    std::function<void()> sent = std::move(f.sent);
    std::function<void()> delivered = std::move(f.delivered);
    const uint32_t src = f.src;
    const uint32_t dst = f.dst;
    const double bytes = f.bytes;
    const Time start = f.start;
    f.sent = nullptr;
    f.delivered = nullptr;
    f.active = false;
    f.stalled = false;
    f.path.clear();
    m_freeSlots.push_back(id);
    --m_active;
    m_bytesSent += bytes;
    if (sent)
    {
        sent();
    }
    auto arrive = [this, delivered = std::move(delivered), src, dst, bytes, start]() {
        ++m_completed;
        NotifyFlowCompleted(src, dst, bytes, start);
        if (delivered)
        {
            delivered();
        }
    };
    if (latency.IsZero())
    {
        arrive();
    }
    else
    {
        optical::compat::Schedule(latency, std::move(arrive));
    }
}

double
FlowNetwork::WireBytes(double bytes, uint32_t mtu, uint32_t headerBytes, uint32_t linkHeaderBytes)
{
    if (mtu <= headerBytes)
    {
        return bytes;
    }
    const double packets = std::ceil(bytes / (mtu - headerBytes));
    return bytes + packets * (headerBytes + linkHeaderBytes);
}

uint64_t
FlowNetwork::GetNActiveFlows() const
{
    return m_active;
}

uint32_t
FlowNetwork::GetNEndpoints() const
{
    return m_topology ? m_topology->GetNVertices() : 0;
}

std::vector<uint32_t>
FlowNetwork::GetDirectLinks(uint32_t src, uint32_t dst) const
{
    std::vector<uint32_t> links;
    if (!m_topology || src >= m_topology->GetNVertices())
    {
        return links;
    }
    for (uint32_t l : m_topology->GetOutLinks(src))
    {
        const FlowTopology::Link& link = m_topology->GetLink(l);
        if (link.to == dst && link.up && link.capacity > 0)
        {
            links.push_back(l);
        }
    }
    return links;
}

uint64_t
FlowNetwork::GetFlowsStarted() const
{
    return m_started;
}

uint64_t
FlowNetwork::GetFlowsCompleted() const
{
    return m_completed;
}

double
FlowNetwork::GetBytesStarted() const
{
    return m_bytesStarted;
}

double
FlowNetwork::GetBytesSent() const
{
    return m_bytesSent;
}

double
FlowNetwork::GetBytesTransferred() const
{
    const Time now = Simulator::Now();
    double moved = m_bytesSent;
    for (const Flow& f : m_flows)
    {
        if (f.active)
        {
            const double left = std::max(0.0, f.remaining - f.rate * (now - f.last).GetSeconds());
            moved += f.bytes - left;
        }
    }
    return moved;
}

uint64_t
FlowNetwork::GetRecomputations() const
{
    return m_recomputations;
}

uint64_t
FlowNetwork::GetFlowsRerated() const
{
    return m_rerated;
}

uint32_t
FlowNetwork::GetPeakLinkFlows() const
{
    return m_peakLinkFlows;
}

uint64_t
FlowNetwork::GetPeakComponentFlows() const
{
    return m_peakComponent;
}

uint32_t
FlowNetwork::GetNStalledFlows() const
{
    uint32_t n = 0;
    for (uint32_t id : m_stalled)
    {
        n += m_flows[id].active && m_flows[id].stalled ? 1 : 0;
    }
    return n;
}

std::string
FlowNetwork::DescribeStalledFlows(uint32_t max)
{
    if (!m_flush.IsExpired())
    {
        Simulator::Cancel(m_flush);
        Flush();
    }
    uint32_t count = 0;
    std::ostringstream names;
    for (const auto& f : m_flows)
    {
        if (!f.active || f.rate > 0)
        {
            continue;
        }
        if (count++ >= max)
        {
            continue;
        }
        names << (count > 1 ? "; " : "") << m_topology->GetVertexName(f.src) << " -> "
              << m_topology->GetVertexName(f.dst);
        for (uint32_t l : f.path)
        {
            const FlowTopology::Link& link = m_topology->GetLink(l);
            if (!link.up || !(link.capacity > 0))
            {
                names << " (link " << link.name << (link.up ? " has zero capacity)" : " is down)");
                break;
            }
        }
    }
    if (count == 0)
    {
        return "";
    }
    std::ostringstream os;
    os << count << " flow" << (count > 1 ? "s" : "") << " stalled: " << names.str()
       << (count > max ? "; ..." : "");
    return os.str();
}

double
FlowNetwork::GetFlowRate(int64_t flow)
{
    NS_ABORT_MSG_IF(flow < 0 || static_cast<std::size_t>(flow) >= m_flows.size() ||
                        !m_flows[flow].active,
                    "FlowNetwork: no flow " << flow << " in progress");
    if (!m_flush.IsExpired())
    {
        Simulator::Cancel(m_flush);
        Flush();
    }
    return m_flows[flow].rate * 8.0;
}

double
FlowNetwork::GetLinkRate(uint32_t link)
{
    NS_ABORT_MSG_IF(link >= m_links.size(), "FlowNetwork: no link " << link);
    if (!m_flush.IsExpired())
    {
        Simulator::Cancel(m_flush);
        Flush();
    }
    double rate = 0;
    for (uint32_t f : m_links[link].flows)
    {
        rate += m_flows[f].rate;
    }
    return rate * 8.0;
}

const std::vector<uint32_t>&
FlowNetwork::GetFlowPath(int64_t flow) const
{
    NS_ABORT_MSG_IF(flow < 0 || static_cast<std::size_t>(flow) >= m_flows.size() ||
                        !m_flows[flow].active,
                    "FlowNetwork: no flow " << flow << " in progress");
    return m_flows[flow].path;
}

} // namespace ns3
