/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "topology-description.h"

#include "ns3/abort.h"

#include <set>
#include <sstream>
#include <tuple>
#include <utility>

namespace ns3
{

uint32_t
TopologyDescription::AddHost(const std::string& name, uint32_t server)
{
    m_nodes.push_back(Node{name, Role::HOST, server, m_nHosts++, NONE, NONE, 0});
    return static_cast<uint32_t>(m_nodes.size() - 1);
}

uint32_t
TopologyDescription::AddSwitch(const std::string& name, uint32_t tier, uint32_t rail)
{
    m_nodes.push_back(Node{name, Role::SWITCH, NONE, NONE, tier, rail, 0});
    return static_cast<uint32_t>(m_nodes.size() - 1);
}

uint32_t
TopologyDescription::AddOcs(const std::string& name, uint32_t portCount, uint32_t rail)
{
    m_nodes.push_back(Node{name, Role::OCS, NONE, NONE, NONE, rail, portCount});
    return static_cast<uint32_t>(m_nodes.size() - 1);
}

uint32_t
TopologyDescription::AddLink(uint32_t a, uint32_t b, DataRate rate, Time delay, uint32_t mtu)
{
    Link link;
    link.a = a;
    link.b = b;
    link.rate = rate;
    link.delay = delay;
    link.mtu = mtu;
    m_links.push_back(link);
    return static_cast<uint32_t>(m_links.size() - 1);
}

void
TopologyDescription::SetLinkQueueSize(uint32_t link, QueueSize size)
{
    NS_ABORT_MSG_IF(link >= m_links.size(), "TopologyDescription: no link " << link);
    m_links[link].queueSize = size;
}

void
TopologyDescription::SetLinkEcnMarking(uint32_t link, uint32_t thresholdPackets)
{
    NS_ABORT_MSG_IF(link >= m_links.size(), "TopologyDescription: no link " << link);
    m_links[link].discipline =
        thresholdPackets > 0 ? QueueDiscipline::RED_ECN : QueueDiscipline::DEFAULT;
    m_links[link].ecnThreshold = thresholdPackets;
}

void
TopologyDescription::AttachOcsPort(uint32_t ocs,
                                   uint32_t port,
                                   uint32_t node,
                                   DataRate rate,
                                   Time delay,
                                   uint32_t mtu,
                                   uint32_t nic)
{
    m_ocsPorts.push_back(OcsPort{ocs, port, node, rate, delay, mtu, nic});
}

uint32_t
TopologyDescription::JoinOcsPorts(uint32_t ocsA,
                                  uint32_t portA,
                                  uint32_t ocsB,
                                  uint32_t portB,
                                  Time delay)
{
    m_ocsFibres.push_back(OcsFibre{ocsA, portA, ocsB, portB, delay});
    return static_cast<uint32_t>(m_ocsFibres.size() - 1);
}

void
TopologyDescription::AddScaleUpDomain(const std::vector<uint32_t>& hosts)
{
    m_scaleUpDomains.push_back(hosts);
}

void
TopologyDescription::AddServers(uint32_t servers, uint32_t gpusPerServer)
{
    for (uint32_t s = 0; s < servers; ++s)
    {
        std::vector<uint32_t> server;
        for (uint32_t g = 0; g < gpusPerServer; ++g)
        {
            server.push_back(AddHost("gpu" + std::to_string(s) + "." + std::to_string(g), s));
        }
        AddScaleUpDomain(server);
    }
}

std::string
TopologyDescription::NodeName(uint32_t i) const
{
    return "node " + std::to_string(i) + " (" + m_nodes[i].name + ")";
}

std::string
TopologyDescription::ValidateLinks() const
{
    std::ostringstream why;
    const auto n = static_cast<uint32_t>(m_nodes.size());
    for (uint32_t l = 0; l < m_links.size(); ++l)
    {
        const Link& link = m_links[l];
        auto fail = [&why, &link, l](const std::string& what) {
            why << "link " << l << " (" << link.a << " - " << link.b << ") " << what;
            return why.str();
        };
        if (link.a >= n || link.b >= n)
        {
            return fail("joins a missing node (" + std::to_string(link.a >= n ? link.a : link.b) +
                        "; there are " + std::to_string(n) + " nodes)");
        }
        if (link.a == link.b)
        {
            return fail("joins " + NodeName(link.a) + " to itself");
        }
        if (m_nodes[link.a].role == Role::OCS || m_nodes[link.b].role == Role::OCS)
        {
            return fail("ends on an OCS (" +
                        NodeName(m_nodes[link.a].role == Role::OCS ? link.a : link.b) +
                        "): attach nodes to OCSes with AttachOcsPort");
        }
        if (link.rate.GetBitRate() == 0)
        {
            return fail("has a zero rate");
        }
        if (link.delay.IsStrictlyNegative())
        {
            return fail("has a negative delay");
        }
        if (link.mtu == 0)
        {
            return fail("has a zero MTU");
        }
        if (link.discipline == QueueDiscipline::RED_ECN && link.ecnThreshold == 0)
        {
            return fail("marks ECN at a zero threshold");
        }
    }
    return "";
}

std::string
TopologyDescription::ValidateOcs() const
{
    std::ostringstream why;
    const auto n = static_cast<uint32_t>(m_nodes.size());
    std::set<std::pair<uint32_t, uint32_t>> takenPorts;
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> attached;
    for (const OcsPort& p : m_ocsPorts)
    {
        auto fail = [&why, &p](const std::string& what) {
            why << "OCS port " << p.port << " of node " << p.ocs << " " << what;
            return why.str();
        };
        if (p.ocs >= n)
        {
            return fail("is on a missing node (there are " + std::to_string(n) + " nodes)");
        }
        if (m_nodes[p.ocs].role != Role::OCS)
        {
            return fail("is on " + NodeName(p.ocs) + ", not an OCS");
        }
        if (p.port >= m_nodes[p.ocs].portCount)
        {
            return fail("is out of range (" + NodeName(p.ocs) + " has " +
                        std::to_string(m_nodes[p.ocs].portCount) + " ports)");
        }
        if (p.node >= n)
        {
            return fail("attaches a missing node (" + std::to_string(p.node) + "; there are " +
                        std::to_string(n) + " nodes)");
        }
        if (m_nodes[p.node].role == Role::OCS)
        {
            return fail("attaches another OCS (" + NodeName(p.node) + ")");
        }
        if (!takenPorts.insert({p.ocs, p.port}).second)
        {
            return fail("is taken twice");
        }
        if (!attached.insert({p.ocs, p.node, p.nic}).second)
        {
            return fail("attaches " + NodeName(p.node) + " (its port " + std::to_string(p.nic) +
                        ") a second time to the same OCS");
        }
        if (p.rate.GetBitRate() == 0)
        {
            return fail("has a zero rate");
        }
        if (p.delay.IsStrictlyNegative())
        {
            return fail("has a negative delay");
        }
    }
    for (uint32_t f = 0; f < m_ocsFibres.size(); ++f)
    {
        const OcsFibre& fibre = m_ocsFibres[f];
        auto fail = [&why, &fibre, f](const std::string& what) {
            why << "OCS fibre " << f << " (node " << fibre.ocsA << " port " << fibre.portA
                << " - node " << fibre.ocsB << " port " << fibre.portB << ") " << what;
            return why.str();
        };
        for (const auto& [ocs, port] :
             {std::make_pair(fibre.ocsA, fibre.portA), std::make_pair(fibre.ocsB, fibre.portB)})
        {
            if (ocs >= n)
            {
                return fail("ends on a missing node (there are " + std::to_string(n) + " nodes)");
            }
            if (m_nodes[ocs].role != Role::OCS)
            {
                return fail("ends on " + NodeName(ocs) + ", not an OCS");
            }
            if (port >= m_nodes[ocs].portCount)
            {
                return fail("ends out of range (" + NodeName(ocs) + " has " +
                            std::to_string(m_nodes[ocs].portCount) + " ports)");
            }
        }
        if (fibre.ocsA == fibre.ocsB && fibre.portA == fibre.portB)
        {
            return fail("joins a port to itself");
        }
        if (!takenPorts.insert({fibre.ocsA, fibre.portA}).second ||
            !takenPorts.insert({fibre.ocsB, fibre.portB}).second)
        {
            return fail("ends on a port taken already");
        }
        if (fibre.delay.IsStrictlyNegative())
        {
            return fail("has a negative delay");
        }
    }
    return "";
}

std::string
TopologyDescription::ValidateScaleUpDomains() const
{
    std::ostringstream why;
    const auto n = static_cast<uint32_t>(m_nodes.size());
    for (uint32_t d = 0; d < m_scaleUpDomains.size(); ++d)
    {
        std::set<uint32_t> seen;
        for (uint32_t h : m_scaleUpDomains[d])
        {
            if (h >= n || m_nodes[h].role != Role::HOST)
            {
                why << "scale-up domain " << d << " holds "
                    << (h >= n ? "a missing node (" + std::to_string(h) + ")"
                               : NodeName(h) + ", not a host");
                return why.str();
            }
            if (!seen.insert(h).second)
            {
                why << "scale-up domain " << d << " holds " << NodeName(h) << " twice";
                return why.str();
            }
        }
    }
    return "";
}

std::string
TopologyDescription::Validate() const
{
    const auto n = static_cast<uint32_t>(m_nodes.size());
    for (uint32_t i = 0; i < n; ++i)
    {
        const Node& node = m_nodes[i];
        if (node.role == Role::OCS && node.portCount == 0)
        {
            std::ostringstream why;
            why << "OCS " << NodeName(i) << " has no ports";
            return why.str();
        }
    }
    // Each check names the first problem it finds (never an empty text).
    std::string problem = ValidateLinks();
    if (problem.empty())
    {
        problem = ValidateOcs();
    }
    if (problem.empty())
    {
        problem = ValidateScaleUpDomains();
    }
    return problem;
}

uint32_t
TopologyDescription::GetNNodes() const
{
    return static_cast<uint32_t>(m_nodes.size());
}

uint32_t
TopologyDescription::GetNLinks() const
{
    return static_cast<uint32_t>(m_links.size());
}

const TopologyDescription::Node&
TopologyDescription::GetNode(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_nodes.size(), "TopologyDescription: no node " << i);
    return m_nodes[i];
}

const TopologyDescription::Link&
TopologyDescription::GetLink(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_links.size(), "TopologyDescription: no link " << i);
    return m_links[i];
}

const std::vector<TopologyDescription::Node>&
TopologyDescription::GetNodes() const
{
    return m_nodes;
}

const std::vector<TopologyDescription::Link>&
TopologyDescription::GetLinks() const
{
    return m_links;
}

const std::vector<TopologyDescription::OcsPort>&
TopologyDescription::GetOcsPorts() const
{
    return m_ocsPorts;
}

const std::vector<TopologyDescription::OcsFibre>&
TopologyDescription::GetOcsFibres() const
{
    return m_ocsFibres;
}

bool
TopologyDescription::HasOcsFibre(uint32_t ocs) const
{
    for (const OcsFibre& fibre : m_ocsFibres)
    {
        if (fibre.ocsA == ocs || fibre.ocsB == ocs)
        {
            return true;
        }
    }
    return false;
}

const std::vector<std::vector<uint32_t>>&
TopologyDescription::GetScaleUpDomains() const
{
    return m_scaleUpDomains;
}

std::vector<uint32_t>
TopologyDescription::GetHosts() const
{
    std::vector<uint32_t> hosts(m_nHosts);
    for (uint32_t i = 0; i < m_nodes.size(); ++i)
    {
        if (m_nodes[i].role == Role::HOST)
        {
            hosts[m_nodes[i].rank] = i;
        }
    }
    return hosts;
}

uint32_t
TopologyDescription::Count(Role role) const
{
    uint32_t count = 0;
    for (const Node& node : m_nodes)
    {
        count += node.role == role ? 1 : 0;
    }
    return count;
}

} // namespace ns3
