/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "compiled-switch-model.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CompiledSwitchModel");

NS_OBJECT_ENSURE_REGISTERED(CompiledSwitchModel);

TypeId
CompiledSwitchModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CompiledSwitchModel")
            .SetParent<OcsSwitchModel>()
            .SetGroupName("Optical")
            .AddConstructor<CompiledSwitchModel>()
            .AddAttribute("Algorithm",
                          "How configurations are embedded on the target: Auto (the looping "
                          "algorithm on Benes targets, else PathFinder), PathFinder "
                          "(negotiated congestion), Ilp (exact, on CBC; small targets), "
                          "FirstFit (greedy baseline) or Benes.",
                          EnumValue(CompiledSwitchModel::AUTO),
                          optical::compat::MakeEnumAccessorCompat<Algorithm>(
                              &CompiledSwitchModel::m_algorithm),
                          optical::MakeAnyCaseEnumChecker(CompiledSwitchModel::AUTO,
                                                          "Auto",
                                                          CompiledSwitchModel::PATHFINDER,
                                                          "PathFinder",
                                                          CompiledSwitchModel::ILP,
                                                          "Ilp",
                                                          CompiledSwitchModel::FIRST_FIT,
                                                          "FirstFit",
                                                          CompiledSwitchModel::BENES,
                                                          "Benes"))
            .AddAttribute("TargetFile",
                          "Target file to load when no target was set (SetTarget); empty: "
                          "generate a TargetStyle target sized to the switch's ports.",
                          StringValue(""),
                          MakeStringAccessor(&CompiledSwitchModel::m_targetFile),
                          MakeStringChecker())
            .AddAttribute("TargetStyle",
                          "Style of the generated target: clements, reck, benes, hexagonal, "
                          "square or triangular.",
                          StringValue("benes"),
                          MakeStringAccessor(&CompiledSwitchModel::m_style),
                          MakeStringChecker())
            .AddAttribute("ElementLoss",
                          "Generated target: insertion loss of one element pass (dB; silicon "
                          "thermo-optic MZIs 0.1-0.5).",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&CompiledSwitchModel::m_elementLossDb),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("CrossingLoss",
                          "Generated target: loss of one waveguide crossing (dB; 0.02-0.2).",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&CompiledSwitchModel::m_crossingLossDb),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("SwitchingTime",
                          "Generated target: time an element takes to change state "
                          "(thermo-optic phase shifters 1-100 us).",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&CompiledSwitchModel::m_elementSwitchingTime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Reuse",
                          "Keep the routes of circuits that stay across a reconfiguration "
                          "when they conflict with nothing, so that only the elements of "
                          "changing circuits switch (false: embed every configuration from "
                          "scratch).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CompiledSwitchModel::m_reuse),
                          MakeBooleanChecker())
            .AddAttribute("MaxIterations",
                          "PathFinder negotiation rounds before a configuration is refused.",
                          UintegerValue(50),
                          MakeUintegerAccessor(&CompiledSwitchModel::m_maxIterations),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Compiled",
                            "A configuration was embedded for switching (elements changed, "
                            "input ports interrupted, their dark time).",
                            MakeTraceSourceAccessor(&CompiledSwitchModel::m_compiledTrace),
                            "ns3::CompiledSwitchModel::CompiledTracedCallback");
    return tid;
}

CompiledSwitchModel::CompiledSwitchModel()
{
    NS_LOG_FUNCTION(this);
}

CompiledSwitchModel::~CompiledSwitchModel()
{
    NS_LOG_FUNCTION(this);
}

void
CompiledSwitchModel::SetTarget(const PhotonicTarget& target)
{
    NS_LOG_FUNCTION(this << target.GetName());
    m_target = target;
    m_hasTarget = true;
    m_nets.clear();
    m_netPorts.clear();
    m_embedding = PhotonicEmbedding();
    m_embedding.ok = true;
    m_embedding.states.assign(target.GetElements().size(), PhotonicElementState());
    m_changed.clear();
    ++m_generation;
    m_candidate = Candidate();
}

const PhotonicTarget&
CompiledSwitchModel::GetTarget() const
{
    return m_target;
}

const PhotonicEmbedding&
CompiledSwitchModel::GetEmbedding() const
{
    return m_embedding;
}

const std::vector<uint32_t>&
CompiledSwitchModel::GetLastChangedElements() const
{
    return m_changed;
}

double
CompiledSwitchModel::GetCircuitLossDb(uint32_t port) const
{
    return port < m_loss.size() ? m_loss[port] : std::numeric_limits<double>::quiet_NaN();
}

bool
CompiledSwitchModel::MakeNets(const OcsConfiguration& config,
                              uint32_t nPorts,
                              const PhotonicTarget& target,
                              std::vector<PhotonicNet>& nets,
                              std::vector<std::vector<uint32_t>>& netPorts,
                              std::string& error)
{
    nets.clear();
    netPorts.clear();
    const bool directed = target.IsTwoSided();
    const uint32_t capacity =
        directed ? std::min(target.GetNInputs(), target.GetNOutputs()) : target.GetNInputs();
    if (nPorts > capacity)
    {
        error = "the switch has " + std::to_string(nPorts) + " ports but target '" +
                target.GetName() + "' has " + std::to_string(capacity) +
                (directed ? " inputs and outputs" : " I/O ports");
        return false;
    }
    auto add = [&](uint32_t from, uint32_t to, std::vector<uint32_t> ports, const char* arrow) {
        PhotonicNet net;
        net.name = std::to_string(from) + arrow + std::to_string(to);
        net.source = target.InputIo(from);
        net.sinks.push_back(target.OutputIo(to));
        nets.push_back(net);
        netPorts.push_back(std::move(ports));
    };
    for (const OcsCircuit& c : config.GetCircuits())
    {
        if (!c.bidirectional)
        {
            add(c.from, c.to, {c.from}, ">");
        }
        else if (directed)
        {
            add(c.from, c.to, {c.from}, ">");
            add(c.to, c.from, {c.to}, ">");
        }
        else
        {
            add(c.from, c.to, {c.from, c.to}, "-");
        }
    }
    return true;
}

PhotonicRouter::Options
CompiledSwitchModel::RouterOptions() const
{
    PhotonicRouter::Options o;
    static const char* names[] = {"auto", "pathfinder", "ilp", "first-fit", "benes"};
    o.algorithm = names[m_algorithm];
    o.maxIterations = m_maxIterations;
    return o;
}

bool
CompiledSwitchModel::Embed(const OcsConfiguration& config, uint32_t nPorts, std::string& error)
{
    if (!m_hasTarget)
    {
        PhotonicTarget target;
        PhotonicTarget::Spec spec;
        spec.style = m_style;
        spec.ports = nPorts;
        spec.elementLossDb = m_elementLossDb;
        spec.crossingLossDb = m_crossingLossDb;
        spec.switchingTime = m_elementSwitchingTime;
        const bool made = m_targetFile.empty() ? PhotonicTarget::Generate(spec, target, error)
                                               : PhotonicTarget::Load(m_targetFile, target, error);
        if (!made)
        {
            error = "CompiledSwitchModel: no target: " + error;
            return false;
        }
        SetTarget(target);
    }
    const std::string key = config.ToString();
    if (m_candidate.key == key && m_candidate.generation == m_generation &&
        m_candidate.embedding.ok)
    {
        return true;
    }
    Candidate c;
    c.key = key;
    c.generation = m_generation;
    if (!MakeNets(config, nPorts, m_target, c.nets, c.ports, error))
    {
        return false;
    }
    const PhotonicRouter::Options options = RouterOptions();
    const bool reuse = m_reuse && !m_nets.empty();
    c.embedding = PhotonicRouter::Embed(m_target,
                                        c.nets,
                                        options,
                                        reuse ? &m_embedding : nullptr,
                                        reuse ? &m_nets : nullptr);
    if (!c.embedding.ok && reuse)
    {
        c.embedding = PhotonicRouter::Embed(m_target, c.nets, options);
    }
    if (!c.embedding.ok)
    {
        error = "target '" + m_target.GetName() + "' cannot embed it: " + c.embedding.error;
        return false;
    }
    m_candidate = std::move(c);
    return true;
}

bool
CompiledSwitchModel::CanRealize(const OcsConfiguration& config, uint32_t nPorts, std::string& error)
{
    NS_LOG_FUNCTION(this << config);
    return Embed(config, nPorts, error);
}

bool
CompiledSwitchModel::Realize(const OcsConfiguration& config,
                             uint32_t nPorts,
                             Plan& plan,
                             std::string& error)
{
    NS_LOG_FUNCTION(this << config);
    if (!Embed(config, nPorts, error))
    {
        return false;
    }
    Candidate next = std::move(m_candidate);
    m_candidate = Candidate();
    m_changed = PhotonicRouter::ChangedElements(m_embedding, next.embedding);
    std::vector<bool> changed(m_target.GetElements().size(), false);
    Time switching = Seconds(0);
    for (uint32_t e : m_changed)
    {
        changed[e] = true;
        switching = std::max(switching, m_target.GetElements()[e].switchingTime);
    }
    plan.lossDb.assign(nPorts, 0.0);
    plan.interrupted.assign(nPorts, false);
    m_loss.assign(nPorts, std::numeric_limits<double>::quiet_NaN());
    // The nets in place, by (source, sinks): one lookup per new net, not a scan.
    std::map<std::pair<uint32_t, std::vector<uint32_t>>, std::size_t> inPlace;
    for (std::size_t m = 0; m < m_nets.size(); ++m)
    {
        inPlace.emplace(std::make_pair(m_nets[m].source, m_nets[m].sinks), m);
    }
    for (std::size_t n = 0; n < next.nets.size(); ++n)
    {
        const PhotonicRoute& route = next.embedding.routes[n];
        // Interrupted: its path is new or crosses an element that changes.
        const auto staying = inPlace.find(std::make_pair(next.nets[n].source, next.nets[n].sinks));
        bool interrupted =
            staying == inPlace.end() || m_embedding.routes[staying->second].nodes != route.nodes;
        for (uint32_t e : route.elements)
        {
            interrupted = interrupted || changed[e];
        }
        for (uint32_t p : next.ports[n])
        {
            plan.lossDb[p] = route.sinkLossDb.at(0);
            plan.interrupted[p] = interrupted;
            m_loss[p] = route.sinkLossDb.at(0);
        }
    }
    plan.switchingTime = switching;
    plan.elementsChanged = static_cast<uint32_t>(m_changed.size());
    m_nets = std::move(next.nets);
    m_netPorts = std::move(next.ports);
    m_embedding = std::move(next.embedding);
    ++m_generation;
    const auto nInterrupted =
        static_cast<uint32_t>(std::count(plan.interrupted.begin(), plan.interrupted.end(), true));
    NS_LOG_LOGIC(m_changed.size() << " elements change; " << nInterrupted
                                  << " ports interrupted for " << switching.As(Time::US));
    m_compiledTrace(plan.elementsChanged, nInterrupted, switching);
    return true;
}

} // namespace ns3
