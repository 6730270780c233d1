/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Topology helpers (star, leaf/spine fat tree, rail-optimized): node, link and vertex counts;
// the flow-level graph (Build) is the packet-level network (Install): same vertices, links,
// rates, delays, MTUs, degrees, and hop counts between every two hosts (walked through ns-3's
// IPv4 routes at packet level, shortest paths at flow level); packets cross the fabrics.

#include "../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/fat-tree-topology-helper.h"
#include "ns3/flow-topology.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rail-topology-helper.h"
#include "ns3/star-topology-helper.h"
#include "ns3/test.h"

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
    }
};

/// Static instance that registers the suite.
static TopologyHelperTestSuite g_topologyHelperTestSuite;

} // namespace
