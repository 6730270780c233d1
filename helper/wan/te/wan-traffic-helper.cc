/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-traffic-helper.h"

#include "ns3/log.h"
#include "ns3/optical-experiment.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanTrafficHelper");

NS_OBJECT_ENSURE_REGISTERED(PacketWanTraffic);

TypeId
PacketWanTraffic::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PacketWanTraffic")
                            .SetParent<WanTraffic>()
                            .SetGroupName("Optical")
                            .AddConstructor<PacketWanTraffic>();
    return tid;
}

PacketWanTraffic::PacketWanTraffic() = default;

PacketWanTraffic::~PacketWanTraffic() = default;

bool
PacketWanTraffic::Setup(const RateAdaptiveWan& wan,
                        const RateAdaptiveLinkHelper& links,
                        const std::vector<TeSolver::Commodity>& commodities,
                        double scale,
                        std::string& error)
{
    m_scale = scale;
    m_helper.SetCapacityScale(scale);
    m_commodities = commodities;
    return m_helper.Install(wan, links, m_net, error) &&
           m_helper.Pin(m_net, wan, m_commodities, error);
}

const WanPacketNetwork&
PacketWanTraffic::GetNetwork() const
{
    return m_net;
}

double
PacketWanTraffic::Install(const TeSolver::Solution& solution, Time interval)
{
    // The bit rate offered (scaled) over the interval, in bytes at full scale.
    return m_helper.InstallTraffic(m_net, m_commodities, solution, interval) / m_scale / 8 *
           interval.GetSeconds();
}

double
PacketWanTraffic::GetCarriedBytes() const
{
    return m_net.counters ? m_net.counters->receivedBytes / m_scale : 0.0;
}

WanTraffic::Counters
PacketWanTraffic::GetCounters() const
{
    Counters c;
    c.packetLevel = true;
    if (m_net.counters)
    {
        c.sent = m_net.counters->sent;
        c.received = m_net.counters->received;
        c.dropped = WanPacketHelper::GetDropped(m_net);
    }
    return c;
}

Time
PacketWanTraffic::GetDrainTime(Time wanted) const
{
    return wanted;
}

WanTrafficHelper::Level
WanTrafficHelper::GetLevelOf(Backend backend)
{
    return BackendRegistry::Get(backend).level == NetworkLevel::PACKET ? PACKET : FLOW;
}

bool
WanTrafficHelper::ParseLevel(const std::string& name, Level& level)
{
    Backend backend;
    std::string error;
    if (!Backend::FromName(name, backend, error))
    {
        return false;
    }
    level = GetLevelOf(backend);
    return true;
}

void
WanTrafficHelper::SetLevel(Level level)
{
    m_level = level;
}

void
WanTrafficHelper::SetBackend(Backend backend)
{
    m_level = GetLevelOf(backend);
}

bool
WanTrafficHelper::SetLevel(const std::string& name)
{
    Backend backend;
    std::string error;
    if (!Backend::FromName(name, backend, error))
    {
        return false;
    }
    SetBackend(backend);
    return true;
}

WanTrafficHelper::Level
WanTrafficHelper::GetLevel() const
{
    return m_level;
}

void
WanTrafficHelper::SetPacketScale(double scale)
{
    m_scale = scale;
}

void
WanTrafficHelper::Run(const Runner& run, Time stop)
{
    if (run)
    {
        run(stop);
        return;
    }
    Simulator::Stop(stop);
    Simulator::Run();
}

void
WanTrafficHelper::ReportCounters(OpticalExperiment& exp, const WanTraffic::Counters& c)
{
    if (!c.packetLevel)
    {
        return;
    }
    exp.Metric("packets-sent", c.sent);
    exp.Metric("packets-received", c.received);
    exp.Metric("packets-dropped", c.dropped);
    exp.Metric("packets-unaccounted",
               static_cast<double>(c.sent) - static_cast<double>(c.received + c.dropped));
}

Ptr<WanTraffic>
WanTrafficHelper::Install(const RateAdaptiveWan& wan,
                          const RateAdaptiveLinkHelper& links,
                          const std::vector<TeSolver::Commodity>& commodities,
                          std::string& error) const
{
    if (m_level == PACKET)
    {
        Ptr<PacketWanTraffic> t = CreateObject<PacketWanTraffic>();
        if (!t->Setup(wan, links, commodities, m_scale, error))
        {
            return nullptr;
        }
        return t;
    }
    Ptr<FlowWanTraffic> t = CreateObject<FlowWanTraffic>();
    t->Setup(wan.topology, commodities);
    return t;
}

} // namespace ns3
