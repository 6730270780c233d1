/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Topology helpers (star, leaf/spine fat tree, rail-optimized): node, link and vertex counts;
// the flow-level graph (Build) is the packet-level network (Install): same vertices, links,
// rates, delays, MTUs, degrees, and hop counts between every two hosts (walked through ns-3's
// IPv4 routes at packet level, shortest paths at flow level); packets cross the fabrics.
// Topology descriptions: every builder's against closed forms, both realizers of one
// description agree, a hand-written one and a new fabric (a ring) at both levels, and bad
// descriptions refused with a message naming the fault.

#include "../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/fat-tree-topology-helper.h"
#include "ns3/flow-topology-realizer.h"
#include "ns3/flow-topology.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-net-device.h"
#include "ns3/packet-topology-realizer.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rail-topology-helper.h"
#include "ns3/red-queue-disc.h"
#include "ns3/scale-out-topology-helper.h"
#include "ns3/star-topology-helper.h"
#include "ns3/test.h"
#include "ns3/topology-description.h"
#include "ns3/torus-datacenter-helper.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
constexpr uint64_t HOST_BPS = 10'000'000'000ULL; //!< Host (GPU) link rate
constexpr uint32_t MTU = 9000;                   //!< Link MTU (bytes)

/// What two graphs must share: vertices, directed links (rate, delay, MTU) and degrees.
struct GraphShape
{
    uint32_t vertices{0};                                       //!< Vertices (nodes)
    std::vector<std::tuple<uint64_t, int64_t, uint32_t>> links; //!< Links, sorted
    std::vector<uint32_t> degrees;                              //!< Out-degrees, sorted

    /// Sorts the lists, so that shapes compare whatever the numbering.
    void Sort()
    {
        std::sort(links.begin(), links.end());
        std::sort(degrees.begin(), degrees.end());
    }
};

/**
 * Shape of the packet-level network made of the nodes created since \p firstNode.
 * \param [in] firstNode Id of the first node of the network
 * \return the shape: a directed link per point-to-point device
 */
GraphShape
PacketShape(uint32_t firstNode)
{
    GraphShape shape;
    for (uint32_t n = firstNode; n < NodeList::GetNNodes(); ++n)
    {
        Ptr<Node> node = NodeList::GetNode(n);
        ++shape.vertices;
        uint32_t degree = 0;
        for (uint32_t d = 0; d < node->GetNDevices(); ++d)
        {
            Ptr<PointToPointNetDevice> dev = DynamicCast<PointToPointNetDevice>(node->GetDevice(d));
            if (!dev)
            {
                continue; // loopback
            }
            ++degree;
            DataRateValue rate;
            dev->GetAttribute("DataRate", rate);
            TimeValue delay;
            dev->GetChannel()->GetAttribute("Delay", delay);
            shape.links.emplace_back(rate.Get().GetBitRate(),
                                     delay.Get().GetNanoSeconds(),
                                     dev->GetMtu());
        }
        shape.degrees.push_back(degree);
    }
    shape.Sort();
    return shape;
}

/**
 * Shape of a flow-level graph.
 * \param [in] topology The graph
 * \return the shape
 */
GraphShape
FlowShape(Ptr<FlowTopology> topology)
{
    GraphShape shape;
    shape.vertices = topology->GetNVertices();
    shape.degrees.assign(topology->GetNVertices(), 0);
    for (uint32_t l = 0; l < topology->GetNLinks(); ++l)
    {
        const FlowTopology::Link& link = topology->GetLink(l);
        ++shape.degrees[link.from];
        shape.links.emplace_back(static_cast<uint64_t>(link.capacity),
                                 link.delay.GetNanoSeconds(),
                                 link.mtu);
    }
    shape.Sort();
    return shape;
}

/**
 * Hops from one host to another, following the IPv4 routes of every node on the way.
 * \param [in] src Source host
 * \param [in] dst Destination host (its address on interface 1)
 * \return the number of links crossed; 0 if a node has no route or the walk loops
 */
uint32_t
PacketHops(Ptr<Node> src, Ptr<Node> dst)
{
    const Ipv4Address to = dst->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
    Ptr<Node> at = src;
    uint32_t hops = 0;
    while (at != dst)
    {
        if (hops > 16)
        {
            return 0;
        }
        Ptr<Ipv4> ipv4 = at->GetObject<Ipv4>();
        Ipv4Header header;
        header.SetDestination(to);
        Socket::SocketErrno error;
        Ptr<Ipv4Route> route =
            ipv4->GetRoutingProtocol()->RouteOutput(Create<Packet>(), header, nullptr, error);
        if (!route)
        {
            return 0;
        }
        Ptr<NetDevice> out = route->GetOutputDevice();
        Ptr<Channel> channel = out->GetChannel();
        Ptr<NetDevice> peer =
            channel->GetDevice(0) == out ? channel->GetDevice(1) : channel->GetDevice(0);
        at = peer->GetNode();
        ++hops;
    }
    return hops;
}

/**
 * Hops of a shortest path between two vertices.
 * \param [in] topology The graph
 * \param [in] src Source vertex
 * \param [in] dst Destination vertex
 * \return the number of links; 0 if none
 */
uint32_t
FlowHops(Ptr<FlowTopology> topology, uint32_t src, uint32_t dst)
{
    std::vector<uint32_t> links;
    std::string error;
    return topology->ShortestPath(src, dst, 0, true, links, error)
               ? static_cast<uint32_t>(links.size())
               : 0;
}

/**
 * Compares the hop counts between every two hosts with the expected ones, at packet level
 * and at flow level.
 * \param [in] hosts The packet-level hosts
 * \param [in] topology The flow-level graph
 * \param [in] vertices The flow-level hosts, in the same order
 * \param [in] expected Expected hops between two host indices
 * \return the first mismatch, or an empty string
 */
std::string
CompareHops(const NodeContainer& hosts,
            Ptr<FlowTopology> topology,
            const std::vector<uint32_t>& vertices,
            const std::function<uint32_t(uint32_t, uint32_t)>& expected)
{
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        for (uint32_t j = 0; j < hosts.GetN(); ++j)
        {
            if (i == j)
            {
                continue;
            }
            const uint32_t packet = PacketHops(hosts.Get(i), hosts.Get(j));
            const uint32_t flow = FlowHops(topology, vertices[i], vertices[j]);
            if (packet != expected(i, j) || flow != expected(i, j))
            {
                return "host " + std::to_string(i) + " to host " + std::to_string(j) +
                       ": expected " + std::to_string(expected(i, j)) + " hops, packet level " +
                       std::to_string(packet) + ", flow level " + std::to_string(flow);
            }
        }
    }
    return "";
}

/**
 * Checks that every host's own address is on interface 1, the host-side device of its link.
 * \param [in] hosts The hosts
 * \param [in] devices Their devices, in host order
 * \return the number of hosts that pass
 */
uint32_t
HostsOnInterfaceOne(const NodeContainer& hosts, const NetDeviceContainer& devices)
{
    uint32_t ok = 0;
    for (uint32_t i = 0; i < hosts.GetN() && i < devices.GetN(); ++i)
    {
        Ptr<Ipv4> ipv4 = hosts.Get(i)->GetObject<Ipv4>();
        if (devices.Get(i)->GetNode() == hosts.Get(i) &&
            ipv4->GetInterfaceForDevice(devices.Get(i)) == 1 && ipv4->GetNAddresses(1) == 1)
        {
            ++ok;
        }
    }
    return ok;
}

/// Number of point-to-point links between the nodes created since \p firstNode.
uint32_t
PacketLinks(uint32_t firstNode)
{
    return static_cast<uint32_t>(PacketShape(firstNode).links.size() / 2);
}
} // namespace

/**
 * \ingroup optical-tests
 * Every builder's description against closed forms: a star of n hosts has n + 1 nodes and n
 * links; a leaf/spine of H hosts, L per leaf and S spines has H + H/L + S nodes and H + (H/L) S
 * links, (H/L) S of them at the uplink rate; a rail fabric of S servers x G GPUs has S G + G + 1
 * nodes, S G + G links, G rail-spine links at S times the GPU rate and S scale-up domains of G.
 */
class DescriptionCountsTestCase : public TestCase
{
  public:
    DescriptionCountsTestCase()
        : TestCase("Describe: node, link and rate counts of every builder (closed forms)")
    {
    }

  private:
    /// Links of a description at a rate.
    static uint32_t LinksAt(const TopologyDescription& d, uint64_t bps)
    {
        uint32_t n = 0;
        for (const auto& link : d.GetLinks())
        {
            n += link.rate.GetBitRate() == bps ? 1 : 0;
        }
        return n;
    }

    void DoRun() override
    {
        using Role = TopologyDescription::Role;
        const uint32_t first = NodeList::GetNNodes();
        for (uint32_t n : {2u, 7u, 64u})
        {
            StarTopologyHelper star;
            star.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            const TopologyDescription d = star.Describe(n);
            NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "star valid");
            NS_TEST_ASSERT_MSG_EQ(d.GetNNodes(), n + 1, "star: n hosts + 1 switch");
            NS_TEST_ASSERT_MSG_EQ(d.Count(Role::HOST), n, "star hosts");
            NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), n, "star: a link per host");
            NS_TEST_ASSERT_MSG_EQ(LinksAt(d, HOST_BPS), n, "star: every link at the host rate");
        }
        const uint64_t uplinkBps = 25'000'000'000ULL;
        for (auto [hosts, perLeaf, spines] :
             {std::tuple<uint32_t, uint32_t, uint32_t>{12, 4, 3}, {8, 8, 1}, {16, 2, 5}})
        {
            FatTreeTopologyHelper fat;
            fat.SetHostsPerLeaf(perLeaf);
            fat.SetNSpines(spines);
            fat.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            fat.SetUplinkDataRate(DataRate(uplinkBps));
            const TopologyDescription d = fat.Describe(hosts);
            const uint32_t leaves = hosts / perLeaf;
            NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "fat tree valid");
            NS_TEST_ASSERT_MSG_EQ(d.GetNNodes(), hosts + leaves + spines, "H + H/L + S nodes");
            NS_TEST_ASSERT_MSG_EQ(d.Count(Role::SWITCH), leaves + spines, "switches");
            NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), hosts + leaves * spines, "H + (H/L) S links");
            NS_TEST_ASSERT_MSG_EQ(LinksAt(d, uplinkBps), leaves * spines, "uplinks");
            NS_TEST_ASSERT_MSG_EQ(LinksAt(d, HOST_BPS), hosts, "host links");
            uint32_t tier1 = 0;
            for (const auto& node : d.GetNodes())
            {
                tier1 += node.role == Role::SWITCH && node.tier == 1 ? 1 : 0;
            }
            NS_TEST_ASSERT_MSG_EQ(tier1, spines, "spines on tier 1");
            // Host h's link ends on leaf h / L.
            NS_TEST_ASSERT_MSG_EQ(d.GetLink(hosts - 1).b, hosts + (hosts - 1) / perLeaf, "leaf");
        }
        for (auto [servers, gpus] : {std::pair<uint32_t, uint32_t>{3, 4}, {2, 1}, {5, 8}})
        {
            RailTopologyHelper rail;
            rail.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            const TopologyDescription d = rail.Describe(servers, gpus);
            NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "rail valid");
            NS_TEST_ASSERT_MSG_EQ(d.GetNNodes(), servers * gpus + gpus + 1, "S G + G + 1 nodes");
            NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), servers * gpus + gpus, "S G + G links");
            NS_TEST_ASSERT_MSG_EQ(LinksAt(d, HOST_BPS * servers), gpus, "spine links at S x rate");
            NS_TEST_ASSERT_MSG_EQ(d.GetScaleUpDomains().size(), servers, "a domain per server");
            const std::vector<uint32_t> hosts = d.GetHosts();
            for (uint32_t x = 0; x < hosts.size(); ++x)
            {
                const auto& node = d.GetNode(hosts[x]);
                NS_TEST_ASSERT_MSG_EQ(node.server, x / gpus, "GPU x on server x / G");
                NS_TEST_ASSERT_MSG_EQ(node.rank, x, "rank");
                // GPU x's link goes to rail x mod G.
                NS_TEST_ASSERT_MSG_EQ(d.GetNode(d.GetLink(x).b).rail, x % gpus, "rail x mod G");
            }
            for (const auto& domain : d.GetScaleUpDomains())
            {
                NS_TEST_ASSERT_MSG_EQ(domain.size(), gpus, "G GPUs per domain");
            }
        }
        ScaleOutTopologyHelper scaleOut;
        scaleOut.SetTopology("rail");
        NS_TEST_ASSERT_MSG_EQ(scaleOut.Describe(12, 4).GetNLinks(),
                              12 + 4,
                              "scale-out: the rail's");
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes(), first, "Describe creates no node");
    }
};

/**
 * \ingroup optical-tests
 * A hand-written description, host a - switch - host b (10 and 40 Gb/s, 2 and 3 us, ECN on
 * the second link), realized at both levels: 3 nodes or vertices, 2 duplex links with their
 * rates, delays and MTU, 2 hops each way; at packet level, a's device has 10.0.0.1 and b's
 * 10.0.0.6 (link 1 has the second /30, b is its first end), and the switch's end of link 1
 * has a RED queue disc, the other ends not.
 */
class HandWrittenDescriptionTestCase : public TestCase
{
  public:
    HandWrittenDescriptionTestCase()
        : TestCase("A hand-written 3-node description, realized at packet and flow level")
    {
    }

  private:
    void DoRun() override
    {
        // AddServers: 3 servers x 2 GPUs, ranks s x 2 + g, named gpuS.G, a domain per server.
        TopologyDescription servers;
        servers.AddServers(3, 2);
        NS_TEST_ASSERT_MSG_EQ(servers.GetNNodes(), 6, "3 x 2 hosts");
        NS_TEST_ASSERT_MSG_EQ(servers.GetScaleUpDomains().size(), 3, "a domain per server");
        for (uint32_t x = 0; x < 6; ++x)
        {
            const auto& host = servers.GetNode(x);
            NS_TEST_ASSERT_MSG_EQ(host.rank, x, "rank in server order");
            NS_TEST_ASSERT_MSG_EQ(host.server, x / 2, "server");
            NS_TEST_ASSERT_MSG_EQ(host.name,
                                  "gpu" + std::to_string(x / 2) + "." + std::to_string(x % 2),
                                  "name");
            NS_TEST_ASSERT_MSG_EQ(servers.GetScaleUpDomains()[x / 2][x % 2], x, "domain member");
        }

        TopologyDescription d;
        const uint32_t a = d.AddHost("a");
        const uint32_t sw = d.AddSwitch("sw");
        const uint32_t b = d.AddHost("b");
        d.AddLink(a, sw, DataRate("10Gbps"), MicroSeconds(2), 1500);
        const uint32_t l1 = d.AddLink(b, sw, DataRate("40Gbps"), MicroSeconds(3), 1500);
        d.SetLinkEcnMarking(l1, 10);
        NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "valid");
        NS_TEST_ASSERT_MSG_EQ(d.GetHosts().size(), 2, "two hosts");
        NS_TEST_ASSERT_MSG_EQ(d.GetHosts()[1], b, "b is rank 1");

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const FlowTopologyRealizer::Result flow = FlowTopologyRealizer().Realize(d, topology);
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), 3, "3 vertices");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 4, "2 duplex links");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(flow.vertices[sw]), "sw", "names");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(flow.links[1]).capacity, 4e10, "40 Gb/s");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(flow.links[1]).from, flow.vertices[b], "b to sw");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(flow.links[1]).delay, MicroSeconds(3), "delay");

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer hosts(2);
        const PacketTopologyRealizer::Result packet = PacketTopologyRealizer().Realize(d, hosts);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, 3, "the switch is created");
        NS_TEST_ASSERT_MSG_EQ(packet.nodes.Get(b), hosts.Get(1), "b is the second host");
        const GraphShape p = PacketShape(first);
        const GraphShape f = FlowShape(topology);
        NS_TEST_ASSERT_MSG_EQ(p.vertices, f.vertices, "same vertices");
        NS_TEST_ASSERT_MSG_EQ((p.links == f.links), true, "same links, rates, delays, MTUs");
        NS_TEST_ASSERT_MSG_EQ((p.degrees == f.degrees), true, "same degrees");
        NS_TEST_ASSERT_MSG_EQ(PacketHops(hosts.Get(0), hosts.Get(1)), 2, "a to b: 2 hops");
        NS_TEST_ASSERT_MSG_EQ(PacketHops(hosts.Get(1), hosts.Get(0)), 2, "b to a: 2 hops");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(topology, flow.hosts[0], flow.hosts[1]), 2, "flow hops");
        NS_TEST_ASSERT_MSG_EQ(hosts.Get(0)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal(),
                              Ipv4Address("10.0.0.1"),
                              "link 0: a has the first address of the first /30");
        NS_TEST_ASSERT_MSG_EQ(hosts.Get(1)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal(),
                              Ipv4Address("10.0.0.5"),
                              "link 1: b (its first end) has the first address of the second /30");
        Ptr<TrafficControlLayer> tc = packet.nodes.Get(sw)->GetObject<TrafficControlLayer>();
        NS_TEST_ASSERT_MSG_EQ((DynamicCast<RedQueueDisc>(tc->GetRootQueueDiscOnDevice(
                                   packet.links[1].Get(1))) != nullptr),
                              true,
                              "RED at the switch's end of link 1");
        NS_TEST_ASSERT_MSG_EQ((DynamicCast<RedQueueDisc>(tc->GetRootQueueDiscOnDevice(
                                   packet.links[0].Get(1))) == nullptr),
                              true,
                              "no RED on link 0");
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Descriptions that the realizers must refuse, each with a message naming what is wrong.
 */
class BadDescriptionTestCase : public TestCase
{
  public:
    BadDescriptionTestCase()
        : TestCase("Validate refuses bad descriptions, naming the fault")
    {
    }

  private:
    /// \return whether \p text holds \p part
    static bool Has(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

    void DoRun() override
    {
        const DataRate r("10Gbps");
        const Time t = MicroSeconds(1);
        auto base = []() {
            TopologyDescription d;
            d.AddHost("h0");
            d.AddHost("h1");
            d.AddSwitch("s");
            return d;
        };
        {
            TopologyDescription d = base();
            d.AddLink(0, 5, r, t, 1500);
            const std::string why = d.Validate();
            NS_TEST_ASSERT_MSG_EQ(Has(why, "link 0 (0 - 5) joins a missing node (5; there are 3"),
                                  true,
                                  why);
        }
        {
            TopologyDescription d = base();
            d.AddLink(0, 2, r, t, 1500);
            d.AddLink(1, 2, DataRate(0), t, 1500);
            const std::string why = d.Validate();
            NS_TEST_ASSERT_MSG_EQ(Has(why, "link 1 (1 - 2) has a zero rate"), true, why);
        }
        {
            TopologyDescription d = base();
            d.AddLink(2, 2, r, t, 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "to itself"), true, d.Validate());
        }
        {
            TopologyDescription d = base();
            d.AddLink(0, 2, r, t, 0);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "zero MTU"), true, d.Validate());
        }
        {
            TopologyDescription d = base();
            d.AddLink(0, 2, r, NanoSeconds(-1), 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "negative delay"), true, d.Validate());
        }
        {
            TopologyDescription d = base();
            const uint32_t ocs = d.AddOcs("ocs", 2);
            d.AttachOcsPort(ocs, 2, 0, r, t, 1500);
            const std::string why = d.Validate();
            NS_TEST_ASSERT_MSG_EQ(Has(why, "OCS port 2 of node 3 is out of range"), true, why);
            NS_TEST_ASSERT_MSG_EQ(Has(why, "has 2 ports"), true, why);
        }
        {
            TopologyDescription d = base();
            const uint32_t ocs = d.AddOcs("ocs", 2);
            d.AttachOcsPort(ocs, 0, 0, r, t, 1500);
            d.AttachOcsPort(ocs, 0, 1, r, t, 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "taken twice"), true, d.Validate());
        }
        {
            TopologyDescription d = base();
            const uint32_t ocs = d.AddOcs("ocs", 4);
            d.AttachOcsPort(ocs, 0, 0, r, t, 1500);
            d.AttachOcsPort(ocs, 1, 0, r, t, 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "(its port 0) a second time"),
                                  true,
                                  d.Validate());
            TopologyDescription e = base();
            const uint32_t eOcs = e.AddOcs("ocs", 4);
            e.AttachOcsPort(eOcs, 0, 0, r, t, 1500, 0);
            e.AttachOcsPort(eOcs, 1, 0, r, t, 1500, 1);
            NS_TEST_ASSERT_MSG_EQ(e.Validate(), "", "one node on two ports, from two of its own");
        }
        {
            TopologyDescription d = base();
            const uint32_t x = d.AddOcs("x", 2);
            const uint32_t y = d.AddOcs("y", 2);
            d.AttachOcsPort(x, 0, 0, r, t, 1500);
            d.JoinOcsPorts(x, 1, y, 0, t);
            NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "a fibre between two OCS ports");
            NS_TEST_ASSERT_MSG_EQ(d.HasOcsFibre(x) && d.HasOcsFibre(y), true, "both ends");
            TopologyDescription taken = d;
            taken.JoinOcsPorts(y, 1, x, 0, t);
            NS_TEST_ASSERT_MSG_EQ(Has(taken.Validate(),
                                      "OCS fibre 1 (node 4 port 1 - node 3 port 0) ends on a "
                                      "port taken already"),
                                  true,
                                  taken.Validate());
            TopologyDescription self = d;
            self.JoinOcsPorts(y, 1, y, 1, t);
            NS_TEST_ASSERT_MSG_EQ(Has(self.Validate(), "joins a port to itself"),
                                  true,
                                  self.Validate());
            TopologyDescription range = d;
            range.JoinOcsPorts(y, 2, x, 1, t);
            NS_TEST_ASSERT_MSG_EQ(Has(range.Validate(), "ends out of range"),
                                  true,
                                  range.Validate());
            TopologyDescription host = d;
            host.JoinOcsPorts(y, 1, 0, 0, t);
            NS_TEST_ASSERT_MSG_EQ(Has(host.Validate(), "not an OCS"), true, host.Validate());
        }
        {
            TopologyDescription d = base();
            d.AttachOcsPort(2, 0, 0, r, t, 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "is on node 2 (s), not an OCS"),
                                  true,
                                  d.Validate());
        }
        {
            TopologyDescription d = base();
            const uint32_t ocs = d.AddOcs("ocs", 2);
            d.AddLink(0, ocs, r, t, 1500);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "ends on an OCS"), true, d.Validate());
        }
        {
            TopologyDescription d = base();
            d.AddScaleUpDomain({0, 2});
            NS_TEST_ASSERT_MSG_EQ(
                Has(d.Validate(), "scale-up domain 0 holds node 2 (s), not a host"),
                true,
                d.Validate());
        }
        {
            TopologyDescription d = base();
            d.AddOcs("empty", 0);
            NS_TEST_ASSERT_MSG_EQ(Has(d.Validate(), "has no ports"), true, d.Validate());
        }
    }
};

/**
 * \ingroup optical-tests
 * One builder's description realized by both realizers (not through the builder's Install
 * and Build): the same numbers of hosts, switches and links, the same rates, delays and MTUs,
 * the same degrees, and the same hop count between every two hosts on both levels.
 */
class RealizersAgreeTestCase : public TestCase
{
  public:
    /// \param [in] fabric star, fat-tree or rail
    explicit RealizersAgreeTestCase(const std::string& fabric)
        : TestCase("Both realizers of one description agree: " + fabric),
          m_fabric(fabric)
    {
    }

  private:
    void DoRun() override
    {
        ScaleOutTopologyHelper builder;
        builder.SetTopology(m_fabric);
        builder.SetFatTree(3, 2);
        builder.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
        builder.SetDeviceAttribute("Mtu", UintegerValue(MTU));
        builder.SetChannelAttribute("Delay", TimeValue(NanoSeconds(700)));
        const uint32_t n = 6;
        const TopologyDescription d = builder.Describe(n, 3);

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const FlowTopologyRealizer::Result flow = FlowTopologyRealizer().Realize(d, topology);
        const uint32_t first = NodeList::GetNNodes();
        NodeContainer hosts(n);
        PacketTopologyRealizer().Realize(d, hosts);
        const GraphShape p = PacketShape(first);
        const GraphShape f = FlowShape(topology);
        NS_TEST_ASSERT_MSG_EQ(p.vertices, d.GetNNodes(), "a node per described node");
        NS_TEST_ASSERT_MSG_EQ(f.vertices, d.GetNNodes(), "a vertex per described node");
        NS_TEST_ASSERT_MSG_EQ(p.links.size(), 2 * d.GetNLinks(), "two devices per link");
        NS_TEST_ASSERT_MSG_EQ((p.links == f.links), true, "same links, rates, delays, MTUs");
        NS_TEST_ASSERT_MSG_EQ((p.degrees == f.degrees), true, "same degrees");
        for (uint32_t i = 0; i < n; ++i)
        {
            for (uint32_t j = 0; j < n; ++j)
            {
                if (i != j)
                {
                    const uint32_t ph = PacketHops(hosts.Get(i), hosts.Get(j));
                    NS_TEST_ASSERT_MSG_GT(ph, 0, "a route from " << i << " to " << j);
                    NS_TEST_ASSERT_MSG_EQ(ph,
                                          FlowHops(topology, flow.hosts[i], flow.hosts[j]),
                                          "same hops from " << i << " to " << j);
                }
            }
        }
        Simulator::Destroy();
    }

    std::string m_fabric; //!< Fabric name
};

/**
 * \ingroup optical-tests
 * The torus datacenter's description against closed forms. Racks of X x Y x Z accelerators in
 * servers of x x y x z, N accelerators, D the dimensions of more than one accelerator: N
 * hosts, then a fabric per server (6 ports per accelerator plus its outward fibres), 2 D OCS
 * ports per accelerator (nic = its torus port), a fibre per torus link that leaves a server
 * (sum over those dimensions of N / s_d), with inter-rack switches one more per wrap-around
 * link (N / n_d per dimension) on prod-of-the-other-two switches of 2 R ports each; every
 * outward port is the end of exactly one fibre; a scale-up domain per server.
 */
class TorusDescriptionTestCase : public TestCase
{
  public:
    /// \param [in] interRack With inter-rack switches
    explicit TorusDescriptionTestCase(bool interRack)
        : TestCase(std::string("The torus datacenter's description has its closed-form counts") +
                   (interRack ? " (inter-rack switches)" : "")),
          m_interRack(interRack)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t R = 2;
        const std::array<uint32_t, 3> rack{4, 2, 1};
        const std::array<uint32_t, 3> server{2, 1, 1};
        TorusGeometry g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Configure(R, rack, server, error), true, error);
        TorusDatacenterHelper dc;
        dc.SetInterRack(m_interRack);
        dc.SetDeviceAttribute("DataRate", StringValue("50Gbps"));
        dc.SetDeviceAttribute("Mtu", UintegerValue(9000));
        dc.SetChannelAttribute("Length", DoubleValue(204.3));
        Ptr<TorusFabric> fabric = dc.Create(g);
        const TopologyDescription d = dc.Describe(fabric);
        NS_TEST_ASSERT_MSG_EQ(d.Validate(), "", "a valid description");

        const uint32_t N = R * rack[0] * rack[1] * rack[2];
        const uint32_t perServer = server[0] * server[1] * server[2];
        const uint32_t servers = N / perServer;
        uint32_t D = 0;
        uint32_t fibres = 0;
        uint32_t outwardPerServer = 0;
        uint32_t interRack = 0;
        for (uint32_t k = 0; k < 3; ++k)
        {
            if (rack[k] < 2)
            {
                continue;
            }
            ++D;
            if (server[k] < rack[k])
            {
                fibres += N / server[k] + (m_interRack ? N / rack[k] : 0);
                outwardPerServer += 2 * perServer / server[k];
            }
            interRack += m_interRack ? rack[(k + 1) % 3] * rack[(k + 2) % 3] : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(N, 16u, "the geometry's accelerators");
        NS_TEST_ASSERT_MSG_EQ(d.Count(TopologyDescription::Role::HOST),
                              N,
                              "a host per accelerator");
        NS_TEST_ASSERT_MSG_EQ(d.Count(TopologyDescription::Role::SWITCH), 0u, "no packet switch");
        NS_TEST_ASSERT_MSG_EQ(d.Count(TopologyDescription::Role::OCS),
                              servers + interRack,
                              "a fabric per server and the inter-rack switches");
        NS_TEST_ASSERT_MSG_EQ(d.GetNLinks(), 0u, "no packet link");
        NS_TEST_ASSERT_MSG_EQ(d.GetOcsPorts().size(), N * 2 * D, "2 D ports per accelerator");
        NS_TEST_ASSERT_MSG_EQ(d.GetOcsFibres().size(), fibres, "a fibre per server-leaving link");
        NS_TEST_ASSERT_MSG_EQ(d.GetScaleUpDomains().size(), servers, "a domain per server");
        std::vector<uint32_t> fibreEnds(d.GetNNodes(), 0);
        for (const auto& f : d.GetOcsFibres())
        {
            ++fibreEnds[f.ocsA];
            ++fibreEnds[f.ocsB];
            NS_TEST_ASSERT_MSG_EQ(f.delay,
                                  Seconds(204.3 * 1.4682 / 299792458.0),
                                  "204.3 m of fibre at n = 1.4682");
        }
        for (uint32_t i = 0; i < d.GetNNodes(); ++i)
        {
            const TopologyDescription::Node& node = d.GetNode(i);
            if (i < N)
            {
                NS_TEST_ASSERT_MSG_EQ(node.name, "acc" + std::to_string(i), "host i is acc<i>");
                NS_TEST_ASSERT_MSG_EQ(node.server, g.GetServer(i), "its server");
            }
            else if (i < N + servers)
            {
                NS_TEST_ASSERT_MSG_EQ(node.portCount,
                                      6 * perServer + outwardPerServer,
                                      "6 ports per accelerator and the outward fibres");
                NS_TEST_ASSERT_MSG_EQ(fibreEnds[i], outwardPerServer, "each outward port a fibre");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(node.portCount, 2 * R, "2 ports per rack");
                NS_TEST_ASSERT_MSG_EQ(fibreEnds[i], 2 * R, "each inter-rack port a fibre");
            }
        }
        for (const auto& p : d.GetOcsPorts())
        {
            NS_TEST_ASSERT_MSG_EQ(p.ocs, N + g.GetServer(p.node), "on its server's fabric");
            NS_TEST_ASSERT_MSG_EQ(g.HasPort(p.nic), true, "a port of a torus dimension");
            NS_TEST_ASSERT_MSG_EQ(p.rate, DataRate("50Gbps"), "the device rate");
            NS_TEST_ASSERT_MSG_EQ(p.mtu, 9000u, "the device MTU");
        }
        Simulator::Destroy();
    }

    bool m_interRack; //!< Inter-rack switches
};

/**
 * \ingroup optical-tests
 * One small torus (1 rack of 4 x 2 x 1, servers of 2 x 1 x 1) at both levels: the packet
 * level makes a node per accelerator and nothing else, a device per described OCS port at the
 * described rate whose fibre has the described delay; the flow level a vertex per
 * accelerator, and, with the plain torus lit, links whose capacities add up to the devices'
 * rates (every port one lit path). TorusDatacenterHelper::Build and TorusFabric::Build make
 * the same graph, also when a server is its whole rack (no fibre between switches).
 */
class TorusRealizersAgreeTestCase : public TestCase
{
  public:
    TorusRealizersAgreeTestCase()
        : TestCase("Both realizers of the torus datacenter's description agree")
    {
    }

  private:
    void DoRun() override
    {
        TorusGeometry g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {4, 2, 1}, {2, 1, 1}, error), true, error);
        const double unitBps = 25e9;
        TorusDatacenterHelper dc;
        dc.SetDeviceAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(unitBps))));
        Ptr<TorusFabric> fabric = dc.Create(g);
        const TopologyDescription d = dc.Describe(fabric);
        const uint32_t N = g.GetNAccelerators();

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer nodes = dc.Install(fabric);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, N, "a node per accelerator only");
        uint64_t packetBps = 0;
        uint32_t devices = 0;
        for (uint32_t a = 0; a < N; ++a)
        {
            NS_TEST_ASSERT_MSG_EQ(nodes.Get(a)->GetId(), first + a, "accelerator a is node a");
            for (uint32_t i = 0; i < nodes.Get(a)->GetNDevices(); ++i)
            {
                Ptr<OcsNetDevice> dev = DynamicCast<OcsNetDevice>(nodes.Get(a)->GetDevice(i));
                if (!dev)
                {
                    continue;
                }
                ++devices;
                DataRateValue rate;
                dev->GetAttribute("DataRate", rate);
                packetBps += rate.Get().GetBitRate();
                NS_TEST_ASSERT_MSG_EQ(DynamicCast<OcsChannel>(dev->GetChannel())->GetDelay(),
                                      d.GetOcsPorts()[0].delay,
                                      "the described fibre delay");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(devices, d.GetOcsPorts().size(), "a device per OCS port");

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        const std::vector<uint32_t> vertices =
            dc.Build(dc.Create(g), topology, unitBps, NanoSeconds(50));
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), N, "a vertex per accelerator");
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), N, "by accelerator id");
        double flowBps = 0;
        for (uint32_t l = 0; l < topology->GetNLinks(); ++l)
        {
            flowBps += topology->GetLink(l).capacity;
        }
        NS_TEST_ASSERT_MSG_EQ(flowBps, static_cast<double>(packetBps), "the same port rates");
        NS_TEST_ASSERT_MSG_EQ(packetBps, static_cast<uint64_t>(N * 4 * unitBps), "4 ports each");

        NS_TEST_ASSERT_MSG_EQ(SameGraph(dc, g, unitBps), "", "the two flow-level builds");
        // A server that is its whole rack: no fibre, every circuit inside one fabric.
        TorusGeometry whole;
        NS_TEST_ASSERT_MSG_EQ(whole.Configure(2, {2, 2, 1}, {2, 2, 1}, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(dc.Describe(dc.Create(whole)).GetOcsFibres().size(), 0u, "no fibre");
        NS_TEST_ASSERT_MSG_EQ(SameGraph(dc, whole, unitBps), "", "the two builds, no fibre");
        Simulator::Destroy();
    }

    /**
     * \param [in] dc The helper
     * \param [in] g A geometry
     * \param [in] unitBps Port bandwidth
     * \return "" if TorusDatacenterHelper::Build and TorusFabric::Build make the same graph,
     * else the first difference
     */
    static std::string SameGraph(const TorusDatacenterHelper& dc,
                                 const TorusGeometry& g,
                                 double unitBps)
    {
        Ptr<FlowTopology> described = CreateObject<FlowTopology>();
        const std::vector<uint32_t> v = dc.Build(dc.Create(g), described, unitBps, NanoSeconds(50));
        Ptr<FlowTopology> direct = CreateObject<FlowTopology>();
        const std::vector<uint32_t> w = dc.Create(g)->Build(direct, unitBps, NanoSeconds(50));
        if (v != w || described->GetNVertices() != direct->GetNVertices())
        {
            return "different vertices";
        }
        if (described->GetNLinks() != direct->GetNLinks() || direct->GetNLinks() == 0)
        {
            return std::to_string(described->GetNLinks()) + " links, not " +
                   std::to_string(direct->GetNLinks());
        }
        for (uint32_t l = 0; l < direct->GetNLinks(); ++l)
        {
            const FlowTopology::Link& x = direct->GetLink(l);
            const FlowTopology::Link& y = described->GetLink(l);
            if (std::make_tuple(x.from, x.to, x.capacity, x.delay, x.up) !=
                std::make_tuple(y.from, y.to, y.capacity, y.delay, y.up))
            {
                return "link " + std::to_string(l) + " differs";
            }
        }
        return "";
    }
};

/**
 * \ingroup optical-tests
 * The worked example of the documentation, a new fabric written once: a ring of 8 switches,
 * a host behind each. Host 0 to host k crosses 2 + min(k, 8 - k) links, at both levels.
 */
class RingDescriptionTestCase : public TestCase
{
  public:
    RingDescriptionTestCase()
        : TestCase("A new fabric (a ring) described once runs at both levels")
    {
    }

  private:
    /// The documentation's DescribeRing.
    static TopologyDescription DescribeRing(uint32_t n, DataRate rate, Time delay)
    {
        TopologyDescription d;
        for (uint32_t i = 0; i < n; ++i)
        {
            d.AddHost("host" + std::to_string(i));
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            d.AddSwitch("sw" + std::to_string(i));
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            d.AddLink(i, n + i, rate, delay, 9000);
            d.AddLink(n + i, n + (i + 1) % n, rate, delay, 9000);
        }
        return d;
    }

    void DoRun() override
    {
        const uint32_t n = 8;
        const TopologyDescription d = DescribeRing(n, DataRate("100Gbps"), MicroSeconds(1));
        NodeContainer hosts(n);
        PacketTopologyRealizer(Ipv4Address("10.0.0.0"), Ipv4Mask("255.0.0.0")).Realize(d, hosts);
        Ptr<FlowTopology> graph = CreateObject<FlowTopology>();
        const std::vector<uint32_t> vertices = FlowTopologyRealizer().Realize(d, graph).hosts;
        NS_TEST_ASSERT_MSG_EQ(graph->GetNLinks(), 4 * n, "2 duplex links per host");
        const std::string mismatch =
            CompareHops(hosts, graph, vertices, [n](uint32_t i, uint32_t j) {
                const uint32_t k = (j + n - i) % n;
                return 2 + std::min(k, n - k);
            });
        NS_TEST_ASSERT_MSG_EQ(mismatch, "", mismatch);
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A star of 6 hosts: 7 nodes, 6 links, 2 hops between any two hosts, the same at flow level
 * (rate given as a string, read back as 10 Gb/s).
 */
class StarTopologyTestCase : public TestCase
{
  public:
    StarTopologyTestCase()
        : TestCase("Star: counts, and Build gives the graph Install builds")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 6;
        StarTopologyHelper star;
        star.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        star.SetDeviceAttribute("Mtu", UintegerValue(MTU));
        star.SetChannelAttribute("Delay", StringValue("1us"));

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer hosts(n);
        Ptr<Node> sw = star.Install(hosts);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, n + 1, "hosts + 1 switch");
        NS_TEST_ASSERT_MSG_EQ(PacketLinks(first), n, "one link per host");
        NS_TEST_ASSERT_MSG_EQ(sw->GetNDevices(), n + 1, "a port per host + loopback");
        NS_TEST_ASSERT_MSG_EQ(HostsOnInterfaceOne(hosts, star.GetHostDevices()), n, "interface 1");

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        std::vector<uint32_t> vertices = star.Build(topology, n);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, n + 1, "Build creates no node");
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), n, "a vertex per host");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), n + 1, "hosts + switch");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 2 * n, "a duplex link per host");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(vertices[5]), "host5", "host name");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(n), "switch", "switch name");
        const FlowTopology::Link& link = topology->GetLink(0);
        NS_TEST_ASSERT_MSG_EQ(link.capacity, 1e10, "10Gbps read from a StringValue");
        NS_TEST_ASSERT_MSG_EQ(link.delay, MicroSeconds(1), "1us read from a StringValue");
        NS_TEST_ASSERT_MSG_EQ(link.mtu, MTU, "MTU");

        const GraphShape packet = PacketShape(first);
        const GraphShape flow = FlowShape(topology);
        NS_TEST_ASSERT_MSG_EQ(packet.vertices, flow.vertices, "same vertices");
        NS_TEST_ASSERT_MSG_EQ((packet.links == flow.links), true, "same links, rates, delays");
        NS_TEST_ASSERT_MSG_EQ((packet.degrees == flow.degrees), true, "same degrees");
        const std::string mismatch =
            CompareHops(hosts, topology, vertices, [](uint32_t, uint32_t) { return 2u; });
        NS_TEST_ASSERT_MSG_EQ(mismatch, "", mismatch);
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A fat tree of 9 hosts, 3 per leaf, 2 spines, 40 Gb/s uplinks: 3 leaves, 14 nodes,
 * 9 + 3 x 2 = 15 links; 2 hops on a leaf, 4 across leaves; the same at flow level.
 */
class FatTreeTopologyTestCase : public TestCase
{
  public:
    FatTreeTopologyTestCase()
        : TestCase("Fat tree: counts, and Build gives the graph Install builds")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 9;
        const uint32_t perLeaf = 3;
        FatTreeTopologyHelper fatTree;
        fatTree.SetHostsPerLeaf(perLeaf);
        fatTree.SetNSpines(2);
        fatTree.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
        fatTree.SetDeviceAttribute("Mtu", UintegerValue(MTU));
        fatTree.SetChannelAttribute("Delay", TimeValue(NanoSeconds(500)));
        NS_TEST_ASSERT_MSG_EQ(fatTree.GetUplinkDataRate().GetBitRate(),
                              HOST_BPS,
                              "uplinks default to the host rate");
        fatTree.SetUplinkDataRate(DataRate(4 * HOST_BPS));

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer hosts(n);
        NodeContainer switches = fatTree.Install(hosts);
        NS_TEST_ASSERT_MSG_EQ(switches.GetN(), 5, "3 leaves + 2 spines");
        NS_TEST_ASSERT_MSG_EQ(fatTree.GetLeaves().GetN(), 3, "9 hosts / 3 per leaf");
        NS_TEST_ASSERT_MSG_EQ(fatTree.GetSpines().GetN(), 2, "spines");
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, 14, "9 hosts + 5 switches");
        NS_TEST_ASSERT_MSG_EQ(PacketLinks(first), 15, "9 host links + 3 x 2 uplinks");
        NS_TEST_ASSERT_MSG_EQ(fatTree.GetLeaves().Get(1)->GetNDevices(),
                              perLeaf + 2 + 1,
                              "a leaf: 3 hosts, 2 spines, loopback");
        NS_TEST_ASSERT_MSG_EQ(fatTree.GetSpines().Get(0)->GetNDevices(), 3 + 1, "a port per leaf");
        NS_TEST_ASSERT_MSG_EQ(HostsOnInterfaceOne(hosts, fatTree.GetHostDevices()),
                              n,
                              "interface 1");

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        std::vector<uint32_t> vertices = fatTree.Build(topology, n);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, 14, "Build creates no node");
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), n, "a vertex per host");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), 14, "hosts + leaves + spines");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 30, "15 duplex links");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(vertices[8]), "host8", "host name");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(n + 2), "leaf2", "leaf name");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(n + 4), "spine1", "spine name");
        const int64_t host4Leaf1 = topology->FindLink(vertices[4], n + 1);
        NS_TEST_ASSERT_MSG_NE(host4Leaf1, -1, "host 4 is on leaf 1");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(host4Leaf1).capacity, 1e10, "host link rate");
        const int64_t uplink = topology->FindLink(n + 2, n + 4);
        NS_TEST_ASSERT_MSG_NE(uplink, -1, "leaf 2 to spine 1");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(uplink).capacity, 4e10, "uplink rate");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(uplink).delay, NanoSeconds(500), "uplink delay");

        const GraphShape packet = PacketShape(first);
        const GraphShape flow = FlowShape(topology);
        NS_TEST_ASSERT_MSG_EQ(packet.vertices, flow.vertices, "same vertices");
        NS_TEST_ASSERT_MSG_EQ((packet.links == flow.links), true, "same links, rates, delays");
        NS_TEST_ASSERT_MSG_EQ((packet.degrees == flow.degrees), true, "same degrees");
        const std::string mismatch =
            CompareHops(hosts, topology, vertices, [perLeaf](uint32_t i, uint32_t j) {
                return i / perLeaf == j / perLeaf ? 2u : 4u;
            });
        NS_TEST_ASSERT_MSG_EQ(mismatch, "", mismatch);
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * A rail fabric of 3 servers x 4 GPUs: 4 rails + 1 spine, 12 + 4 links, spine links at
 * 3 x 10 Gb/s by default; 2 hops on a rail, 4 across rails; the same at flow level.
 */
class RailTopologyTestCase : public TestCase
{
  public:
    RailTopologyTestCase()
        : TestCase("Rail: counts, and Build gives the graph Install builds")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t servers = 3;
        const uint32_t g = 4;
        const uint32_t n = servers * g;
        RailTopologyHelper rail;
        rail.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
        rail.SetDeviceAttribute("Mtu", UintegerValue(MTU));
        rail.SetChannelAttribute("Delay", TimeValue(NanoSeconds(200)));
        NS_TEST_ASSERT_MSG_EQ(rail.GetSpineDataRate(servers).GetBitRate(),
                              servers * HOST_BPS,
                              "non-blocking spine links by default");

        const uint32_t first = NodeList::GetNNodes();
        NodeContainer gpus(n);
        NodeContainer switches = rail.Install(gpus, g);
        NS_TEST_ASSERT_MSG_EQ(switches.GetN(), g + 1, "a switch per rail + the spine");
        NS_TEST_ASSERT_MSG_EQ(rail.GetRails().GetN(), g, "rails");
        NS_TEST_ASSERT_MSG_EQ(switches.Get(g), rail.GetSpine(), "the spine comes last");
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, n + g + 1, "GPUs + switches");
        NS_TEST_ASSERT_MSG_EQ(PacketLinks(first), n + g, "GPU links + rail-spine links");
        NS_TEST_ASSERT_MSG_EQ(rail.GetRails().Get(2)->GetNDevices(),
                              servers + 1 + 1,
                              "a rail: a GPU per server, the spine, loopback");
        NS_TEST_ASSERT_MSG_EQ(rail.GetSpine()->GetNDevices(), g + 1, "a port per rail");
        NS_TEST_ASSERT_MSG_EQ(HostsOnInterfaceOne(gpus, rail.GetGpuDevices()), n, "interface 1");
        // GPU 1.2 (host 6) is on rail 2.
        Ptr<Channel> gpu6 = rail.GetGpuDevices().Get(6)->GetChannel();
        NS_TEST_ASSERT_MSG_EQ(gpu6->GetDevice(1)->GetNode(), rail.GetRails().Get(2), "rail 2");

        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        std::vector<uint32_t> vertices = rail.Build(topology, servers, g);
        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes() - first, n + g + 1, "Build creates no node");
        NS_TEST_ASSERT_MSG_EQ(vertices.size(), n, "a vertex per GPU");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNVertices(), n + g + 1, "GPUs + rails + spine");
        NS_TEST_ASSERT_MSG_EQ(topology->GetNLinks(), 2 * (n + g), "duplex links");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(vertices[6]), "gpu1.2", "server-major");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(n + 3), "rail3", "rail name");
        NS_TEST_ASSERT_MSG_EQ(topology->GetVertexName(n + g), "spine", "spine name");
        NS_TEST_ASSERT_MSG_NE(topology->FindLink(vertices[6], n + 2), -1, "gpu1.2 on rail 2");
        const int64_t spineLink = topology->FindLink(n + 1, n + g);
        NS_TEST_ASSERT_MSG_NE(spineLink, -1, "rail 1 to the spine");
        NS_TEST_ASSERT_MSG_EQ(topology->GetLink(spineLink).capacity, 3e10, "3 x 10 Gb/s");

        const GraphShape packet = PacketShape(first);
        const GraphShape flow = FlowShape(topology);
        NS_TEST_ASSERT_MSG_EQ(packet.vertices, flow.vertices, "same vertices");
        NS_TEST_ASSERT_MSG_EQ((packet.links == flow.links), true, "same links, rates, delays");
        NS_TEST_ASSERT_MSG_EQ((packet.degrees == flow.degrees), true, "same degrees");
        const std::string mismatch =
            CompareHops(gpus, topology, vertices, [g](uint32_t i, uint32_t j) {
                return i % g == j % g ? 2u : 4u;
            });
        NS_TEST_ASSERT_MSG_EQ(mismatch, "", mismatch);
        Simulator::Destroy();
    }
};

/**
 * \ingroup optical-tests
 * Flow-level graphs of thousands of GPUs, without a single ns-3 node: a 4096-host fat tree
 * (32 per leaf, 16 spines), a 512 x 8 rail fabric, a 10000-host star.
 */
class FlowScaleTestCase : public TestCase
{
  public:
    FlowScaleTestCase()
        : TestCase("Build: thousands of hosts, no ns-3 node")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t nodes = NodeList::GetNNodes();

        FatTreeTopologyHelper fatTree;
        fatTree.SetHostsPerLeaf(32);
        fatTree.SetNSpines(16);
        fatTree.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
        Ptr<FlowTopology> ft = CreateObject<FlowTopology>();
        std::vector<uint32_t> hosts = fatTree.Build(ft, 4096);
        NS_TEST_ASSERT_MSG_EQ(hosts.size(), 4096, "hosts");
        NS_TEST_ASSERT_MSG_EQ(ft->GetNVertices(),
                              4096 + 128 + 16,
                              "hosts + 128 leaves + 16 spines");
        NS_TEST_ASSERT_MSG_EQ(ft->GetNLinks(), 2 * (4096 + 128 * 16), "host links + uplinks");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(ft, hosts[0], hosts[31]), 2, "same leaf");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(ft, hosts[0], hosts[32]), 4, "next leaf");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(ft, hosts[4095], hosts[1]), 4, "last leaf to first");

        RailTopologyHelper rail;
        rail.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
        Ptr<FlowTopology> rt = CreateObject<FlowTopology>();
        std::vector<uint32_t> gpus = rail.Build(rt, 512, 8);
        NS_TEST_ASSERT_MSG_EQ(gpus.size(), 4096, "GPUs");
        NS_TEST_ASSERT_MSG_EQ(rt->GetNVertices(), 4096 + 8 + 1, "GPUs + 8 rails + spine");
        NS_TEST_ASSERT_MSG_EQ(rt->GetNLinks(), 2 * (4096 + 8), "GPU links + rail-spine links");
        NS_TEST_ASSERT_MSG_EQ(rt->GetVertexName(gpus[4095]), "gpu511.7", "last GPU");
        NS_TEST_ASSERT_MSG_EQ(rt->GetLink(rt->FindLink(4096, 4104)).capacity,
                              512 * 100e9,
                              "spine links: 512 x 100 Gb/s");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(rt, gpus[3], gpus[8 * 300 + 3]), 2, "same rail");
        NS_TEST_ASSERT_MSG_EQ(FlowHops(rt, gpus[3], gpus[4]), 4, "same server, other rail");

        StarTopologyHelper star;
        Ptr<FlowTopology> st = CreateObject<FlowTopology>();
        NS_TEST_ASSERT_MSG_EQ(star.Build(st, 10000).size(), 10000, "hosts");
        NS_TEST_ASSERT_MSG_EQ(st->GetNVertices(), 10001, "hosts + switch");
        NS_TEST_ASSERT_MSG_EQ(st->GetNLinks(), 20000, "a duplex link per host");

        NS_TEST_ASSERT_MSG_EQ(NodeList::GetNNodes(), nodes, "no ns-3 node created");
    }
};

/**
 * \ingroup optical-tests
 * Attributes never set read as the point-to-point defaults, Config::SetDefault included, at
 * both levels.
 */
class TopologyDefaultsTestCase : public TestCase
{
  public:
    TopologyDefaultsTestCase()
        : TestCase("Unset link attributes are the point-to-point defaults at both levels")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::PointToPointNetDevice::DataRate", StringValue("5Gbps"));
        FatTreeTopologyHelper fatTree;
        fatTree.SetHostsPerLeaf(2);
        fatTree.SetNSpines(1);
        Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
        fatTree.Build(topology, 4);
        const uint32_t first = NodeList::GetNNodes();
        NodeContainer hosts(4);
        fatTree.Install(hosts);
        const GraphShape packet = PacketShape(first);
        const GraphShape flow = FlowShape(topology);
        Config::SetDefault("ns3::PointToPointNetDevice::DataRate", StringValue("32768bps"));
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(flow.links.size(), 2 * (4 + 2), "4 host links + 2 uplinks");
        NS_TEST_ASSERT_MSG_EQ(std::get<0>(flow.links.front()), 5'000'000'000ULL, "default rate");
        NS_TEST_ASSERT_MSG_EQ(std::get<0>(flow.links.back()), 5'000'000'000ULL, "uplink rate");
        NS_TEST_ASSERT_MSG_EQ(std::get<1>(flow.links.front()), 0, "default delay");
        NS_TEST_ASSERT_MSG_EQ(std::get<2>(flow.links.front()), 1500, "default MTU");
        NS_TEST_ASSERT_MSG_EQ((packet.links == flow.links), true, "same links at both levels");
    }
};

/**
 * \ingroup optical-tests
 * UDP echoes from host 0 to the last host and back, through the fabric's IPv4 routes.
 */
class TopologyEchoTestCase : public TestCase
{
  public:
    /// \param [in] fabric "star", "fat-tree" or "rail"
    explicit TopologyEchoTestCase(const std::string& fabric)
        : TestCase("UDP echo from host 0 to the last host across the " + fabric),
          m_fabric(fabric)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(8);
        if (m_fabric == "star")
        {
            StarTopologyHelper star;
            star.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            star.Install(hosts);
        }
        else if (m_fabric == "fat-tree")
        {
            FatTreeTopologyHelper fatTree;
            fatTree.SetHostsPerLeaf(2);
            fatTree.SetNSpines(3);
            fatTree.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            fatTree.Install(hosts);
        }
        else
        {
            RailTopologyHelper rail;
            rail.SetDeviceAttribute("DataRate", DataRateValue(DataRate(HOST_BPS)));
            rail.Install(hosts, 4);
        }
        Ptr<Node> last = hosts.Get(hosts.GetN() - 1);
        const Ipv4Address to = last->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        const uint16_t port = 9;
        UdpEchoServerHelper server(port);
        ApplicationContainer serverApp = server.Install(last);
        UdpEchoClientHelper client(to, port);
        client.SetAttribute("MaxPackets", UintegerValue(PACKETS));
        client.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        client.SetAttribute("PacketSize", UintegerValue(512));
        ApplicationContainer clientApp = client.Install(hosts.Get(0));
        // "RxWithAddresses" has the same signature in every release (ns-3.48 changed "Rx").
        serverApp.Get(0)->TraceConnectWithoutContext(
            "RxWithAddresses",
            MakeCallback(&TopologyEchoTestCase::ServerRx, this));
        clientApp.Get(0)->TraceConnectWithoutContext(
            "RxWithAddresses",
            MakeCallback(&TopologyEchoTestCase::ClientRx, this));
        serverApp.Start(Seconds(0));
        clientApp.Start(MilliSeconds(1));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(m_serverRx, PACKETS, "every datagram reaches the last host");
        NS_TEST_ASSERT_MSG_EQ(m_clientRx, PACKETS, "every echo comes back to host 0");
    }

    /// Counts a datagram at the server.
    void ServerRx(Ptr<const Packet>, const Address&, const Address&)
    {
        ++m_serverRx;
    }

    /// Counts an echo at the client.
    void ClientRx(Ptr<const Packet>, const Address&, const Address&)
    {
        ++m_clientRx;
    }

    static constexpr uint32_t PACKETS = 3; //!< Datagrams sent
    std::string m_fabric;                  //!< Fabric under test
    uint32_t m_serverRx{0};                //!< Datagrams at the server
    uint32_t m_clientRx{0};                //!< Echoes at the client
};

/**
 * \ingroup optical-tests
 * Topology helpers: packet-level and flow-level builds of the same fabrics.
 */
class TopologyHelperTestSuite : public TestSuite
{
  public:
    TopologyHelperTestSuite()
        : TestSuite("optical-topology", SUITE_UNIT)
    {
        AddTestCase(new StarTopologyTestCase, TEST_QUICK);
        AddTestCase(new FatTreeTopologyTestCase, TEST_QUICK);
        AddTestCase(new RailTopologyTestCase, TEST_QUICK);
        AddTestCase(new FlowScaleTestCase, TEST_QUICK);
        AddTestCase(new TopologyDefaultsTestCase, TEST_QUICK);
        AddTestCase(new TopologyEchoTestCase("star"), TEST_QUICK);
        AddTestCase(new TopologyEchoTestCase("fat-tree"), TEST_QUICK);
        AddTestCase(new TopologyEchoTestCase("rail"), TEST_QUICK);
        AddTestCase(new DescriptionCountsTestCase, TEST_QUICK);
        AddTestCase(new HandWrittenDescriptionTestCase, TEST_QUICK);
        AddTestCase(new BadDescriptionTestCase, TEST_QUICK);
        AddTestCase(new RealizersAgreeTestCase("star"), TEST_QUICK);
        AddTestCase(new RealizersAgreeTestCase("fat-tree"), TEST_QUICK);
        AddTestCase(new RealizersAgreeTestCase("rail"), TEST_QUICK);
        AddTestCase(new RingDescriptionTestCase, TEST_QUICK);
        AddTestCase(new TorusDescriptionTestCase(false), TEST_QUICK);
        AddTestCase(new TorusDescriptionTestCase(true), TEST_QUICK);
        AddTestCase(new TorusRealizersAgreeTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static TopologyHelperTestSuite g_topologyHelperTestSuite;

} // namespace
