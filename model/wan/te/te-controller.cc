/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "te-controller.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeController");

NS_OBJECT_ENSURE_REGISTERED(TeController);

TypeId
TeController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TeController")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<TeController>()
            .AddAttribute("Interval",
                          "Time between TE solves (s)",
                          TimeValue(Minutes(15)),
                          MakeTimeAccessor(&TeController::m_interval),
                          MakeTimeChecker(Seconds(1e-3)))
            .AddAttribute("Objective",
                          "max-flow: carry as much demand as possible; min-max-utilisation: "
                          "carry all of it, minimising the highest arc utilisation",
                          EnumValue(TeSolver::MAX_FLOW),
                          optical::compat::MakeEnumAccessorCompat<TeSolver::Objective>(
                              &TeController::m_objective),
                          optical::MakeAnyCaseEnumChecker(TeSolver::MAX_FLOW,
                                                          "max-flow",
                                                          TeSolver::MIN_MAX_UTILISATION,
                                                          "min-max-utilisation"))
            .AddAttribute("Abstraction",
                          "RADWAN's graph abstraction: links stay at BaselineRate unless the "
                          "TE uses the extra capacity their SNR supports",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TeController::m_abstraction),
                          MakeBooleanChecker())
            .AddAttribute("BaselineRate",
                          "Rate links run at under the abstraction until the TE raises it "
                          "(per wavelength, e.g. 100Gbps)",
                          DataRateValue(DataRate("100Gbps")),
                          MakeDataRateAccessor(&TeController::SetBaselineRateAttribute,
                                               &TeController::GetBaselineRateAttribute),
                          MakeDataRateChecker())
            .AddAttribute("ExtraPenalty",
                          "Objective cost of a Gb/s of extra capacity (a Gb/s carried is worth "
                          "1)",
                          DoubleValue(0.01),
                          MakeDoubleAccessor(&TeController::m_extraPenalty),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("ChurnPenalty",
                          "Further cost per Gb/s of extra capacity whose use changes a link's "
                          "rate (discourages changes that buy little)",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&TeController::m_churnPenalty),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Method",
                          "TE method: lp (the whole path LP on CLP), pop (POP's random parts), "
                          "ncflow (NCFlow-style clusters), admm (parallel ADMM, warm-started "
                          "from the last interval) or learned (a graph neural network's splits "
                          "refined by ADMM; from ns3::TeLearnedMethod::ModelFile, or trained at "
                          "the first solve)",
                          EnumValue(TeController::LP),
                          optical::compat::MakeEnumAccessorCompat<TeController::MethodKind>(
                              &TeController::m_methodKind),
                          optical::MakeAnyCaseEnumChecker(TeController::LP,
                                                          "lp",
                                                          TeController::POP,
                                                          "pop",
                                                          TeController::NCFLOW,
                                                          "ncflow",
                                                          TeController::ADMM,
                                                          "admm",
                                                          TeController::LEARNED,
                                                          "learned"))
            .AddAttribute("Threads",
                          "Threads the TE method may use (>= 1)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TeController::m_threads),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("TimeLimit",
                          "Wall-clock limit of one LP solve (0s: none; Method lp: TeLpMethod's "
                          "TimeLimit, the "
                          "point reached is repaired and used)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TeController::m_timeLimit),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Solved",
                            "A solve ended: throughput, demand (Gb/s) and solver time (s)",
                            MakeTraceSourceAccessor(&TeController::m_solved),
                            "ns3::TeController::SolvedTracedCallback")
            .AddTraceSource("Decided",
                            "The allocation of an interval, about to be installed (path flows in "
                            "Gb/s per commodity and path; all zero after a failed solve)",
                            MakeTraceSourceAccessor(&TeController::m_decided),
                            "ns3::TeController::DecidedTracedCallback");
    return tid;
}

TeController::TeController() = default;

void
TeController::SetBaselineRateAttribute(DataRate rate)
{
    m_baselineGbps = RateAdaptiveLink::ToGbps(rate);
}

DataRate
TeController::GetBaselineRateAttribute() const
{
    return RateAdaptiveLink::FromGbps(m_baselineGbps);
}

Ptr<TeMethod>
TeController::GetMethod() const
{
    if (!m_method)
    {
        static const char* names[] = {"lp", "pop", "ncflow", "admm", "learned"};
        std::string error;
        m_method = TeMethod::Create(names[m_methodKind], error);
        NS_ABORT_MSG_IF(!m_method, error);
        m_method->SetAttribute("Threads", UintegerValue(m_threads));
    }
    return m_method;
}

bool
TeController::CheckSettings(std::string& error) const
{
    const std::string name = GetMethod()->GetName();
    if (name == "lp" || name == "pop")
    {
        return true;
    }
    if (m_objective != TeSolver::MAX_FLOW)
    {
        error = "TeController: Method " + name +
                " solves the max-flow Objective only (min-max-utilisation: lp or pop)";
        return false;
    }
    if (m_abstraction)
    {
        error = "TeController: Method " + name +
                " does not use the graph Abstraction's extra capacity (use lp or pop)";
        return false;
    }
    return true;
}

void
TeController::DoDispose()
{
    m_event.Cancel();
    m_method = nullptr;
    m_links.clear();
    m_installer = nullptr;
    Object::DoDispose();
}

void
TeController::SetNetwork(const TeGraph& graph,
                         const std::vector<Ptr<RateAdaptiveLink>>& links,
                         const std::vector<double>& wavelengths)
{
    NS_ABORT_MSG_IF(links.size() != graph.arcs.size() || wavelengths.size() != graph.arcs.size(),
                    "TeController::SetNetwork: one link and one wavelength count per arc");
    m_graph = graph;
    m_links = links;
    m_wavelengths = wavelengths;
}

void
TeController::SetCommodities(const std::vector<TeSolver::Commodity>& commodities)
{
    m_commodities = commodities;
}

void
TeController::SetInstaller(Installer installer)
{
    m_installer = std::move(installer);
}

TeSolver::Problem
TeController::BuildProblem() const
{
    TeSolver::Problem p;
    p.objective = m_objective;
    p.commodities = m_commodities;
    const std::size_t n = m_graph.arcs.size();
    p.capacity.assign(n, 0);
    if (m_abstraction)
    {
        p.extra.assign(n, 0);
        p.extraPenalty.assign(n, 0);
    }
    for (std::size_t a = 0; a < n; ++a)
    {
        Ptr<RateAdaptiveLink> link = m_links[a];
        p.capacity[a] = link->GetCapacityGbps() * m_wavelengths[a];
        if (m_abstraction && link->IsUp())
        {
            const double feasible = link->GetFeasibleRateGbps();
            if (feasible > link->GetRateGbps())
            {
                p.extra[a] = (feasible - link->GetRateGbps()) * m_wavelengths[a];
                p.extraPenalty[a] = m_extraPenalty + m_churnPenalty;
            }
        }
    }
    return p;
}

bool
TeController::SolveNow(TeSolver::Solution& solution, std::string& error) const
{
    const TeSolver::Problem p = BuildProblem();
    if (m_methodKind == LP)
    {
        GetMethod()->SetAttribute("TimeLimit", TimeValue(m_timeLimit));
    }
    return GetMethod()->Allocate(m_graph, p, solution, error);
}

void
TeController::Start()
{
    NS_ABORT_MSG_IF(m_links.empty(), "TeController::Start: no network (SetNetwork)");
    std::string error;
    NS_ABORT_MSG_IF(!CheckSettings(error), error);
    if (m_abstraction)
    {
        for (const auto& link : m_links)
        {
            link->SetMaxRate(m_baselineGbps);
        }
    }
    m_event = optical::compat::Schedule(Seconds(0), [this]() { Tick(); });
}

void
TeController::Stop()
{
    m_event.Cancel();
}

void
TeController::Tick()
{
    TeSolver::Solution solution;
    std::string error;
    double demand = 0;
    for (const auto& c : m_commodities)
    {
        demand += c.demand;
    }
    const bool ok = SolveNow(solution, error);
    m_solves++;
    m_solverSeconds += solution.seconds + solution.buildSeconds;
    if (!ok)
    {
        NS_LOG_WARN("TE solve at " << Simulator::Now().As(Time::S) << " failed: " << error);
        solution.pathFlow.assign(m_commodities.size(), {});
        for (std::size_t c = 0; c < m_commodities.size(); ++c)
        {
            solution.pathFlow[c].assign(m_commodities[c].paths.size(), 0);
        }
        solution.throughput = 0;
    }
    m_solved(solution.throughput, demand, solution.seconds + solution.buildSeconds);
    if (ok && m_abstraction)
    {
        // Raise the cap of each link whose extra capacity the solution uses, to the slowest
        // mode that carries its busiest arc.
        std::map<Ptr<RateAdaptiveLink>, double> need;
        for (std::size_t a = 0; a < m_graph.arcs.size(); ++a)
        {
            if (solution.extraUsed[a] > 1e-6)
            {
                Ptr<RateAdaptiveLink> link = m_links[a];
                const double perWave =
                    link->GetRateGbps() + solution.extraUsed[a] / m_wavelengths[a];
                need[link] = std::max(need[link], perWave);
            }
        }
        for (const auto& [link, gbps] : need)
        {
            double cap = link->GetFeasibleRateGbps();
            for (const auto& m : link->GetModes().GetModes())
            {
                if (m.rateGbps >= gbps - 1e-9 && m.rateGbps < cap)
                {
                    cap = m.rateGbps;
                }
            }
            if (cap > link->GetMaxRate() + 1e-9)
            {
                NS_LOG_INFO("raise cap to " << cap << " Gb/s (needs " << gbps << ")");
                link->SetMaxRate(cap);
                m_upgrades++;
            }
        }
    }
    m_decided(solution);
    if (m_installer)
    {
        m_installer(solution, m_interval);
    }
    m_event = optical::compat::Schedule(m_interval, [this]() { Tick(); });
}

uint32_t
TeController::GetNSolves() const
{
    return m_solves;
}

uint32_t
TeController::GetNUpgradesRequested() const
{
    return m_upgrades;
}

double
TeController::GetSolverSeconds() const
{
    return m_solverSeconds;
}

} // namespace ns3
