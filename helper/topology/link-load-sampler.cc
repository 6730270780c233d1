/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "link-load-sampler.h"

#include "ns3/abort.h"
#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/flow-collective-transport.h"
#include "ns3/flow-topology.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinkLoadSampler");

/// One link sampled: a device (packet level) or a flow network's link.
struct LinkLoadSampler::Link
{
    std::string name;                             //!< Its name
    Ptr<PointToPointNetDevice> device;            //!< Packet level: the device
    Ptr<TrafficControlLayer> tc;                  //!< Its node's traffic control (or null)
    double bitRate{0};                            //!< Packet level: its DataRate (bit/s)
    uint64_t txBytes{0};                          //!< Packet level: bytes sent so far
    uint64_t txBytesAtLast{0};                    //!< Packet level: at the last sample
    Ptr<FlowNetwork> network;                     //!< Flow level: the network
    uint32_t link{0};                             //!< Flow level: the link
    bool host{false};                             //!< Flow level: every link out of vertex \c link
    std::vector<LinkLoadSampler::Sample> samples; //!< Samples

    /// \param [in] p A packet whose last bit left the device
    void TxEnd(Ptr<const Packet> p)
    {
        txBytes += p->GetSize();
    }
};

LinkLoadSampler::LinkLoadSampler()
    : m_interval(MicroSeconds(10))
{
}

LinkLoadSampler::~LinkLoadSampler()
{
    // The devices' PhyTxEnd traces point at the links: disconnected before they go.
    for (auto& l : m_links)
    {
        if (l->device)
        {
            l->device->TraceDisconnectWithoutContext(
                "PhyTxEnd",
                MakeCallback(&LinkLoadSampler::Link::TxEnd, l.get()));
        }
    }
    m_next.Cancel();
}

void
LinkLoadSampler::SetInterval(Time interval)
{
    NS_ABORT_MSG_IF(!interval.IsStrictlyPositive(),
                    "LinkLoadSampler::SetInterval: the interval must be > 0, not " << interval);
    m_interval = interval;
}

Time
LinkLoadSampler::GetInterval() const
{
    return m_interval;
}

void
LinkLoadSampler::AddDevice(Ptr<NetDevice> device, const std::string& name)
{
    Ptr<PointToPointNetDevice> p2p = DynamicCast<PointToPointNetDevice>(device);
    NS_ABORT_MSG_IF(!p2p,
                    "LinkLoadSampler::AddDevice: " << name << " is not a point-to-point device");
    auto l = std::make_unique<Link>();
    l->name = name;
    l->device = p2p;
    l->tc = p2p->GetNode() ? p2p->GetNode()->GetObject<TrafficControlLayer>() : nullptr;
    DataRateValue rate;
    p2p->GetAttribute("DataRate", rate);
    l->bitRate = static_cast<double>(rate.Get().GetBitRate());
    p2p->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&Link::TxEnd, l.get()));
    m_links.push_back(std::move(l));
}

void
LinkLoadSampler::AddHosts(NodeContainer hosts)
{
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        std::vector<Ptr<NetDevice>> devices;
        for (uint32_t d = 0; d < hosts.Get(h)->GetNDevices(); ++d)
        {
            if (Ptr<PointToPointNetDevice> p2p =
                    DynamicCast<PointToPointNetDevice>(hosts.Get(h)->GetDevice(d)))
            {
                devices.push_back(p2p);
            }
        }
        for (std::size_t d = 0; d < devices.size(); ++d)
        {
            AddDevice(devices[d],
                      "host " + std::to_string(h) +
                          (devices.size() > 1 ? "." + std::to_string(d) : ""));
        }
    }
}

void
LinkLoadSampler::AddFlowLink(Ptr<FlowNetwork> network, uint32_t link, const std::string& name)
{
    NS_ABORT_MSG_IF(!network || !network->GetTopology() ||
                        link >= network->GetTopology()->GetNLinks(),
                    "LinkLoadSampler::AddFlowLink: " << name << ": no link " << link);
    auto l = std::make_unique<Link>();
    l->name = name;
    l->network = network;
    l->link = link;
    m_links.push_back(std::move(l));
}

void
LinkLoadSampler::AddFlowHosts(Ptr<FlowNetwork> network, const std::vector<uint32_t>& vertices)
{
    NS_ABORT_MSG_IF(!network || !network->GetTopology(),
                    "LinkLoadSampler::AddFlowHosts: a network with a topology");
    for (std::size_t h = 0; h < vertices.size(); ++h)
    {
        NS_ABORT_MSG_IF(vertices[h] >= network->GetTopology()->GetNVertices(),
                        "LinkLoadSampler::AddFlowHosts: no vertex " << vertices[h]);
        auto l = std::make_unique<Link>();
        l->name = "host " + std::to_string(h);
        l->network = network;
        l->link = vertices[h];
        l->host = true;
        m_links.push_back(std::move(l));
    }
}

bool
LinkLoadSampler::AddRanks(Ptr<CollectiveTransport> transport, NodeContainer hosts)
{
    NS_ABORT_MSG_IF(!transport, "LinkLoadSampler::AddRanks: null transport");
    Ptr<FlowCollectiveTransport> flow = DynamicCast<FlowCollectiveTransport>(transport);
    if (!flow)
    {
        AddHosts(hosts);
        return true;
    }
    if (!flow->GetNetwork())
    {
        return false;
    }
    std::vector<uint32_t> vertices(flow->GetNRanks());
    for (uint32_t r = 0; r < vertices.size(); ++r)
    {
        vertices[r] = flow->GetVertex(r);
    }
    AddFlowHosts(flow->GetNetwork(), vertices);
    return true;
}

void
LinkLoadSampler::Start()
{
    Start(nullptr);
}

void
LinkLoadSampler::Start(std::function<bool()> more)
{
    NS_ABORT_MSG_IF(m_running, "LinkLoadSampler::Start: already sampling");
    m_more = std::move(more);
    m_running = true;
    for (auto& l : m_links)
    {
        l->txBytesAtLast = l->txBytes;
    }
    TakeSample();
}

void
LinkLoadSampler::Stop()
{
    if (!m_running)
    {
        return;
    }
    m_running = false;
    m_next.Cancel();
    // The interval under way ends now (its packet-level utilization over its actual length),
    // and a closing sample marks the end.
    const Time now = Simulator::Now();
    for (auto& l : m_links)
    {
        if (l->device && !l->samples.empty() && l->samples.back().at < now)
        {
            Sample& last = l->samples.back();
            const double bytes = static_cast<double>(l->txBytes - l->txBytesAtLast);
            last.utilization = bytes * 8.0 / (l->bitRate * (now - last.at).GetSeconds());
            l->txBytesAtLast = l->txBytes;
        }
        if (l->samples.empty() || l->samples.back().at < now)
        {
            l->samples.push_back(Measure(*l, now));
        }
    }
}

LinkLoadSampler::Sample
LinkLoadSampler::Measure(Link& l, Time now)
{
    if (l.device)
    {
        double queued = l.device->GetQueue() ? l.device->GetQueue()->GetNBytes() : 0;
        if (l.tc)
        {
            if (Ptr<QueueDisc> root = l.tc->GetRootQueueDiscOnDevice(l.device))
            {
                queued += root->GetNBytes();
            }
        }
        return {now, 0.0, queued};
    }
    Ptr<FlowTopology> topology = l.network->GetTopology();
    double capacity = 0;
    double rate = 0;
    if (l.host)
    {
        // The links out of the host now (circuits come and go as links of their own).
        for (uint32_t out : topology->GetOutLinks(l.link))
        {
            rate += l.network->GetLinkRate(out);
            capacity += topology->GetLink(out).up ? topology->GetLink(out).capacity : 0.0;
        }
    }
    else
    {
        capacity = topology->GetLink(l.link).capacity;
        rate = l.network->GetLinkRate(l.link);
    }
    return {now, capacity > 0 ? rate / capacity : 0.0, 0.0};
}

void
LinkLoadSampler::TakeSample()
{
    const Time now = Simulator::Now();
    for (auto& l : m_links)
    {
        // At packet level the previous interval is complete: its utilization.
        if (l->device && !l->samples.empty())
        {
            const double bytes = static_cast<double>(l->txBytes - l->txBytesAtLast);
            l->samples.back().utilization = bytes * 8.0 / (l->bitRate * m_interval.GetSeconds());
        }
        l->txBytesAtLast = l->txBytes;
        l->samples.push_back(Measure(*l, now));
    }
    if (m_more && !m_more())
    {
        // The last sample marks the end: its interval is empty.
        m_running = false;
        return;
    }
    m_next = Simulator::Schedule(m_interval, &LinkLoadSampler::TakeSample, this);
}

std::size_t
LinkLoadSampler::GetNLinks() const
{
    return m_links.size();
}

const std::string&
LinkLoadSampler::GetName(std::size_t link) const
{
    NS_ABORT_MSG_IF(link >= m_links.size(), "LinkLoadSampler: no link " << link);
    return m_links[link]->name;
}

const std::vector<LinkLoadSampler::Sample>&
LinkLoadSampler::GetSamples(std::size_t link) const
{
    NS_ABORT_MSG_IF(link >= m_links.size(), "LinkLoadSampler: no link " << link);
    return m_links[link]->samples;
}

void
LinkLoadSampler::AddToTimeline(OpticalTimeline& timeline, const std::string& process) const
{
    if (m_links.empty())
    {
        return;
    }
    const uint32_t pid = timeline.AddProcess(process);
    for (const auto& l : m_links)
    {
        for (const auto& s : l->samples)
        {
            timeline.AddCounter(pid, l->name + " util", s.at, s.utilization);
            if (l->device)
            {
                timeline.AddCounter(pid, l->name + " queue bytes", s.at, s.queueBytes);
            }
        }
    }
}

} // namespace ns3
