/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bandwidth-log-run.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-units.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BandwidthLogRun");
NS_OBJECT_ENSURE_REGISTERED(BandwidthLogRun);

TypeId
BandwidthLogRun::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BandwidthLogRun")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<BandwidthLogRun>()
            .AddAttribute("Step",
                          "Fine sampling interval of the logs (and of the fluid model)",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&BandwidthLogRun::m_step),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("TeInterval",
                          "Time between TE decisions (a whole number of Steps)",
                          TimeValue(Minutes(5)),
                          MakeTimeAccessor(&BandwidthLogRun::m_teInterval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("Epoch",
                          "Traffic time (diurnal phase, growth) at simulated time 0, e.g. 2 days "
                          "for the period after a 2-day log",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&BandwidthLogRun::m_epoch),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("AnnualGrowth",
                          "Traffic growth per year (0.4: 40 % more after 365 days), compounded "
                          "continuously",
                          DoubleValue(0.4),
                          MakeDoubleAccessor(&BandwidthLogRun::m_annualGrowth),
                          MakeDoubleChecker<double>(0, 10))
            .AddAttribute("Amplitude",
                          "Diurnal swing: the volume is mean x (1 + Amplitude cos(2 pi (t - "
                          "Peak) / 24 h))",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&BandwidthLogRun::m_amplitude),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Peak",
                          "Time of day of the diurnal peak",
                          TimeValue(Hours(14)),
                          MakeTimeAccessor(&BandwidthLogRun::m_peak),
                          MakeTimeChecker(Seconds(0), Hours(24)))
            .AddAttribute("Noise",
                          "Standard deviation of each pair's relative noise",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&BandwidthLogRun::m_noise),
                          MakeDoubleChecker<double>(0, 10))
            .AddAttribute("NoiseCorrelation",
                          "Lag-one correlation of each pair's noise from one Step to the next "
                          "(0: white noise; 0.995 at 1 s: bursts of minutes)",
                          DoubleValue(0.995),
                          MakeDoubleAccessor(&BandwidthLogRun::m_correlation),
                          MakeDoubleChecker<double>(0, 0.999999));
    return tid;
}

BandwidthLogRun::BandwidthLogRun()
    : m_step(Seconds(1)),
      m_teInterval(Minutes(5)),
      m_epoch(Seconds(0)),
      m_peak(Hours(14))
{
    m_normal = CreateObject<NormalRandomVariable>();
    m_normal->SetAttribute("Mean", DoubleValue(0));
    m_normal->SetAttribute("Variance", DoubleValue(1));
    m_controller = CreateObject<TeController>();
}

void
BandwidthLogRun::DoDispose()
{
    m_event.Cancel();
    m_controller = nullptr;
    m_links.clear();
    m_normal = nullptr;
    Object::DoDispose();
}

void
BandwidthLogRun::SetNetwork(const TeGraph& graph,
                            const std::vector<Ptr<RateAdaptiveLink>>& arcLinks,
                            const std::vector<double>& wavelengths,
                            const std::vector<std::string>& arcNames)
{
    m_graph = graph;
    m_links = arcLinks;
    m_wavelengths = wavelengths;
    m_arcNames = arcNames;
    m_controller->SetNetwork(graph, arcLinks, wavelengths);
}

void
BandwidthLogRun::SetDemands(const std::vector<TeSolver::Commodity>& commodities,
                            const std::vector<std::string>& pairNames)
{
    m_demands = commodities;
    m_pairNames = pairNames;
}

Ptr<TeController>
BandwidthLogRun::GetController() const
{
    return m_controller;
}

int64_t
BandwidthLogRun::AssignStreams(int64_t stream)
{
    m_normal->SetStream(stream);
    return 1;
}

bool
BandwidthLogRun::Check(std::string& error) const
{
    const std::size_t arcs = m_graph.arcs.size();
    if (arcs == 0 || m_links.size() != arcs || m_wavelengths.size() != arcs ||
        m_arcNames.size() != arcs)
    {
        error = "BandwidthLogRun: " + std::to_string(arcs) + " arcs with " +
                std::to_string(m_links.size()) + " links, " + std::to_string(m_wavelengths.size()) +
                " wavelength counts and " + std::to_string(m_arcNames.size()) + " names";
        return false;
    }
    if (m_pairNames.size() != m_demands.size())
    {
        error = "BandwidthLogRun: " + std::to_string(m_demands.size()) + " demands with " +
                std::to_string(m_pairNames.size()) + " names";
        return false;
    }
    for (std::size_t c = 0; c < m_demands.size(); ++c)
    {
        if (m_demands[c].paths.empty())
        {
            error = "BandwidthLogRun: demand " + m_pairNames[c] + " has no path";
            return false;
        }
    }
    if (m_teInterval < m_step || m_teInterval.GetTimeStep() % m_step.GetTimeStep() != 0)
    {
        error = "TeInterval " + OpticalUnits::FormatTime(m_teInterval.GetSeconds()) +
                " is not a whole number of Steps (" +
                OpticalUnits::FormatTime(m_step.GetSeconds()) + ")";
        return false;
    }
    return true;
}

double
BandwidthLogRun::GrowthFactor(double annualGrowth, Time t)
{
    return std::pow(1 + annualGrowth, t.GetSeconds() / Days(365).GetSeconds());
}

void
BandwidthLogRun::Start(Time duration)
{
    std::string error;
    NS_ABORT_MSG_IF(!Check(error), error);
    NS_ABORT_MSG_IF(
        duration.GetTimeStep() % m_step.GetTimeStep() != 0 || !duration.IsStrictlyPositive(),
        "BandwidthLogRun::Start: duration " << duration << " is not a whole number of Steps");
    std::vector<std::string> names = m_arcNames;
    names.insert(names.end(), m_pairNames.begin(), m_pairNames.end());
    m_log = FineBandwidthLog(m_step, names, static_cast<uint32_t>(m_arcNames.size()));
    m_z.assign(m_demands.size(), 0);
    for (auto& z : m_z)
    {
        z = m_noise * m_normal->GetValue();
    }
    m_rate.assign(m_demands.size(), 0);
    m_split.assign(m_demands.size(), {});
    m_ticks = 0;
    m_ticksPerTe = static_cast<uint64_t>(m_teInterval.GetTimeStep() / m_step.GetTimeStep());
    m_totalTicks = static_cast<uint64_t>(duration.GetTimeStep() / m_step.GetTimeStep());
    m_offeredBytes = m_carriedBytes = 0;
    m_event = optical::compat::ScheduleNow([this]() { Tick(); });
}

void
BandwidthLogRun::Decide()
{
    std::vector<TeSolver::Commodity> now = m_demands;
    for (std::size_t c = 0; c < now.size(); ++c)
    {
        now[c].demand = m_rate[c];
    }
    m_controller->SetCommodities(now);
    TeSolver::Solution s;
    std::string error;
    const bool ok = m_controller->SolveNow(s, error);
    if (!ok)
    {
        NS_LOG_WARN("TE at " << Simulator::Now().As(Time::S) << " failed: " << error);
    }
    for (std::size_t c = 0; c < now.size(); ++c)
    {
        auto& split = m_split[c];
        split.assign(now[c].paths.size(), 0);
        double total = 0;
        if (ok)
        {
            for (std::size_t p = 0; p < split.size(); ++p)
            {
                split[p] = std::max(0.0, s.pathFlow[c][p]);
                total += split[p];
            }
        }
        if (total <= 0)
        {
            split.assign(split.size(), 0);
            split[0] = 1;
            continue;
        }
        for (auto& x : split)
        {
            x /= total;
        }
    }
}

void
BandwidthLogRun::Tick()
{
    const Time t = m_epoch + Simulator::Now();
    TrafficMatrix::DiurnalShape shape;
    shape.amplitude = m_amplitude;
    shape.peak = m_peak;
    const double scale = TrafficMatrix::DiurnalFactor(shape, t) * GrowthFactor(m_annualGrowth, t);
    const double keep = m_correlation;
    const double fresh = m_noise * std::sqrt(1 - keep * keep);
    for (std::size_t c = 0; c < m_demands.size(); ++c)
    {
        if (m_ticks > 0)
        {
            m_z[c] = keep * m_z[c] + fresh * m_normal->GetValue();
        }
        m_rate[c] = m_demands[c].demand * scale * std::max(0.0, 1 + m_z[c]);
    }
    if (m_ticks % m_ticksPerTe == 0)
    {
        Decide();
    }
    // Loads, then each flow's bottleneck ratio, then the carried counters.
    const std::size_t arcs = m_graph.arcs.size();
    std::vector<double>& capacity = m_capacity;
    std::vector<double>& load = m_load;
    capacity.resize(arcs);
    load.assign(arcs, 0);
    for (std::size_t a = 0; a < arcs; ++a)
    {
        capacity[a] = m_links[a]->GetCapacityGbps() * m_wavelengths[a];
    }
    for (std::size_t c = 0; c < m_demands.size(); ++c)
    {
        for (std::size_t p = 0; p < m_split[c].size(); ++p)
        {
            const double f = m_rate[c] * m_split[c][p];
            if (f > 0)
            {
                for (uint32_t a : m_demands[c].paths[p])
                {
                    load[a] += f;
                }
            }
        }
    }
    std::vector<double>& sample = m_sample;
    sample.assign(arcs + m_demands.size(), 0);
    const double seconds = m_step.GetSeconds();
    double offered = 0;
    double carried = 0;
    for (std::size_t c = 0; c < m_demands.size(); ++c)
    {
        offered += m_rate[c];
        sample[arcs + c] = m_rate[c];
        for (std::size_t p = 0; p < m_split[c].size(); ++p)
        {
            const double f = m_rate[c] * m_split[c][p];
            if (f <= 0)
            {
                continue;
            }
            double ratio = 1;
            for (uint32_t a : m_demands[c].paths[p])
            {
                if (load[a] > capacity[a])
                {
                    ratio = std::min(ratio, capacity[a] / load[a]);
                }
            }
            const double got = f * ratio;
            carried += got;
            for (uint32_t a : m_demands[c].paths[p])
            {
                sample[a] += got;
            }
        }
    }
    m_log.Append(sample);
    m_offeredBytes += offered * 1e9 / 8 * seconds;
    m_carriedBytes += carried * 1e9 / 8 * seconds;
    if (++m_ticks < m_totalTicks)
    {
        m_event = Simulator::Schedule(m_step, &BandwidthLogRun::Tick, this);
    }
}

const FineBandwidthLog&
BandwidthLogRun::GetLog() const
{
    return m_log;
}

double
BandwidthLogRun::GetOfferedBytes() const
{
    return m_offeredBytes;
}

double
BandwidthLogRun::GetCarriedBytes() const
{
    return m_carriedBytes;
}

} // namespace ns3
