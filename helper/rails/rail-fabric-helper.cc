/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rail-fabric-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/flow-topology-helper.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RailFabricHelper");

RailFabricHelper::RailFabricHelper()
    : m_delay(NanoSeconds(0))
{
    m_ocsFactory.SetTypeId("ns3::OpticalCircuitSwitch");
}

std::vector<std::string>
RailFabricHelper::GetFabricNames()
{
    return {"electrical", "photonic", "photonic-provision", "fat-tree"};
}

bool
RailFabricHelper::SetFabric(const std::string& name, std::string* error)
{
    const auto names = GetFabricNames();
    if (std::find(names.begin(), names.end(), name) == names.end())
    {
        const std::string message = "unknown fabric '" + name +
                                    "' (known: electrical, photonic, photonic-provision, "
                                    "fat-tree)";
        NS_ABORT_MSG_IF(!error, "RailFabricHelper: " << message);
        *error = message;
        return false;
    }
    m_fabric = name;
    return true;
}

const std::string&
RailFabricHelper::GetFabric() const
{
    return m_fabric;
}

bool
RailFabricHelper::IsPhotonic() const
{
    return m_fabric == "photonic" || m_fabric == "photonic-provision";
}

void
RailFabricHelper::SetGpuDataRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "RailFabricHelper: zero GPU data rate");
    m_rate = rate;
}

void
RailFabricHelper::SetLinkDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "RailFabricHelper: negative link delay");
    m_delay = delay;
}

void
RailFabricHelper::SetMtu(uint32_t mtu)
{
    m_mtu = mtu;
}

void
RailFabricHelper::SetOcsAttribute(std::string name, const AttributeValue& value)
{
    m_ocsFactory.Set(name, value);
}

void
RailFabricHelper::SetOcsRadix(uint32_t radix)
{
    m_radix = radix;
}

std::string
RailFabricHelper::Check(uint32_t servers, uint32_t gpusPerServer) const
{
    if (servers < 2)
    {
        return "a rail fabric needs at least 2 servers (got " + std::to_string(servers) + ")";
    }
    if (gpusPerServer < 1)
    {
        return "a rail fabric needs at least 1 GPU per server (got 0)";
    }
    if (IsPhotonic() && m_radix != 0 && m_radix < servers)
    {
        return "an OCS of radix " + std::to_string(m_radix) + " cannot serve a rail of " +
               std::to_string(servers) +
               " servers (one port per server: radix >= " + std::to_string(servers) + ")";
    }
    return "";
}

std::string
RailFabricHelper::CheckPlacement(const TrainingConfig& config, uint32_t gpusPerServer) const
{
    if (!IsPhotonic() || gpusPerServer == 0 || config.tp % gpusPerServer == 0)
    {
        return "";
    }
    // Ranks are TP-innermost: peers in DP, PP and EP differ by a multiple of TP, so they share
    // a rail exactly when TP is a multiple of the GPUs per server.
    if (config.dp * config.pp * config.ep == 1)
    {
        return "";
    }
    return "--tp=" + std::to_string(config.tp) + " with " + std::to_string(gpusPerServer) +
           " GPUs per server: photonic rails join only the GPUs of one rail, so DP and PP peers "
           "must share a rail (tp a multiple of the GPUs per server; allowed here: tp = " +
           std::to_string(gpusPerServer) + ", " + std::to_string(2 * gpusPerServer) + ", ...)";
}

std::vector<uint32_t>
RailFabricHelper::Build(Ptr<FlowTopology> topology, uint32_t servers, uint32_t gpusPerServer)
{
    NS_ABORT_MSG_IF(!topology, "RailFabricHelper::Build: null topology");
    const std::string problem = Check(servers, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "RailFabricHelper (" << m_fabric << "): " << problem);
    m_gpusPerServer = gpusPerServer;
    m_controller = nullptr;
    m_ocs.clear();
    if (!IsPhotonic())
    {
        ScaleOutTopologyHelper fabric;
        fabric.SetTopology(m_fabric == "fat-tree" ? "fat-tree" : "rail");
        fabric.SetFatTree(gpusPerServer, gpusPerServer);
        fabric.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        fabric.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
        fabric.SetChannelAttribute("Delay", TimeValue(m_delay));
        return fabric.Build(topology, servers * gpusPerServer, gpusPerServer);
    }
    std::vector<uint32_t> gpus;
    for (uint32_t s = 0; s < servers; ++s)
    {
        for (uint32_t g = 0; g < gpusPerServer; ++g)
        {
            gpus.push_back(
                topology->AddVertex("gpu" + std::to_string(s) + "." + std::to_string(g)));
        }
    }
    m_controller = CreateObject<PhotonicRailController>();
    m_controller->SetAttribute("Provision", BooleanValue(m_fabric == "photonic-provision"));
    for (uint32_t g = 0; g < gpusPerServer; ++g)
    {
        Ptr<OpticalCircuitSwitch> ocs = m_ocsFactory.Create<OpticalCircuitSwitch>();
        ocs->SetAttribute("PortCount", UintegerValue(servers));
        std::map<uint32_t, FlowTopologyHelper::OcsPort> ports;
        for (uint32_t s = 0; s < servers; ++s)
        {
            ports[s] = FlowTopologyHelper::OcsPort{gpus[s * gpusPerServer + g],
                                                   static_cast<double>(m_rate.GetBitRate()),
                                                   m_delay,
                                                   m_mtu,
                                                   nullptr};
        }
        FlowTopologyHelper::AttachOcs(topology, ocs, ports);
        m_controller->AddRail(ocs);
        m_ocs.push_back(ocs);
    }
    for (uint32_t s = 0; s < servers; ++s)
    {
        for (uint32_t g = 0; g < gpusPerServer; ++g)
        {
            m_controller->SetRankLocation(s * gpusPerServer + g, s, g);
        }
    }
    return gpus;
}

void
RailFabricHelper::Install(NodeContainer gpus, uint32_t gpusPerServer)
{
    NS_ABORT_MSG_IF(IsPhotonic(),
                    "RailFabricHelper: fabric '"
                        << m_fabric
                        << "' runs at flow level only (use Build): its one-way circuits leave "
                           "TCP acknowledgements no way back");
    NS_ABORT_MSG_IF(gpusPerServer == 0 || gpus.GetN() % gpusPerServer != 0,
                    "RailFabricHelper: " << gpus.GetN() << " GPUs are not a multiple of "
                                         << gpusPerServer << " GPUs per server");
    const std::string problem = Check(gpus.GetN() / gpusPerServer, gpusPerServer);
    NS_ABORT_MSG_IF(!problem.empty(), "RailFabricHelper (" << m_fabric << "): " << problem);
    m_gpusPerServer = gpusPerServer;
    ScaleOutTopologyHelper fabric;
    fabric.SetTopology(m_fabric == "fat-tree" ? "fat-tree" : "rail");
    fabric.SetFatTree(gpusPerServer, gpusPerServer);
    fabric.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    fabric.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
    fabric.SetChannelAttribute("Delay", TimeValue(m_delay));
    fabric.Install(gpus, gpusPerServer);
}

void
RailFabricHelper::Attach(Ptr<TrainingJob> job)
{
    NS_ABORT_MSG_IF(!job, "RailFabricHelper::Attach: null job");
    if (!m_controller)
    {
        return;
    }
    job->SetController(m_controller);
    job->TraceConnectWithoutContext(
        "IterationEnd",
        MakeCallback(+[](PhotonicRailController* c, const IterationRecord&) {
            c->NewIteration();
        }).Bind(PeekPointer(m_controller)));
}

Ptr<PhotonicRailController>
RailFabricHelper::GetController() const
{
    return m_controller;
}

const std::vector<Ptr<OpticalCircuitSwitch>>&
RailFabricHelper::GetSwitches() const
{
    return m_ocs;
}

bool
RailFabricHelper::Size(uint32_t servers,
                       uint32_t gpusPerServer,
                       const std::string& system,
                       FabricBill& bill,
                       std::string& error) const
{
    const std::string fabric = IsPhotonic() ? "photonic" : m_fabric;
    return RailFabricSizing::Size(fabric, servers, gpusPerServer, system, m_radix, bill, error);
}

} // namespace ns3
