/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Per-flow path pinning (PathPinningRouting, PathPinningHelper): TE paths installed at packet
// level on a triangle of routers, above global routing in an Ipv4ListRouting.

#include "../../common/optical-test-compat.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <map>
#include <sstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{

/// UDP protocol number.
constexpr uint8_t UDP = 17;

/// \return an Internet stack whose routing is static (0) then global (-10), as documented
InternetStackHelper
ListStack()
{
    Ipv4ListRoutingHelper list;
    list.Add(Ipv4StaticRoutingHelper(), 0);
    list.Add(Ipv4GlobalRoutingHelper(), -10);
    InternetStackHelper stack;
    stack.SetRoutingHelper(list);
    return stack;
}

/**
 * Triangle of routers A, B, C (A-B and B-C 1 ms, A-C 10 ms, all 10 Mb/s) with host S behind A
 * and host D behind C (100 Mb/s, 50 us). Three UDP flows S -> D, told apart by destination port:
 * flow 1 pinned to A-C, flow 2 (a TE path turned into routers by PathNodes) to A-B-C, flow 3
 * unpinned (global routing: the direct hop). Checks per-packet one-way delays, per-device
 * transmissions, the pinning counters and that nothing is lost.
 */
class TriangleTestCase : public TestCase
{
  public:
    TriangleTestCase()
        : TestCase("Pinned UDP flows take their paths on a triangle")
    {
    }

  private:
    /// What one flow saw.
    struct FlowStats
    {
        uint32_t sent{0};           //!< Packets sent
        uint32_t received{0};       //!< Packets received
        Time minDelay{Time::Max()}; //!< Smallest one-way delay
        Time maxDelay{Time::Min()}; //!< Largest one-way delay
    };

    void DoRun() override
    {
        const DataRate wanRate("10Mbps");
        const DataRate hostRate("100Mbps");
        const Time shortDelay = MilliSeconds(1);
        const Time longDelay = MilliSeconds(10);
        const Time hostDelay = MicroSeconds(50);
        const uint32_t payload = 500; // bytes of UDP payload, SeqTsHeader included
        const uint32_t packets = 20;  // per flow
        const Time interval = MilliSeconds(5);

        NodeContainer routers;
        routers.Create(3);
        NodeContainer hosts;
        hosts.Create(2);
        Ptr<Node> a = routers.Get(0);
        Ptr<Node> b = routers.Get(1);
        Ptr<Node> c = routers.Get(2);
        Ptr<Node> s = hosts.Get(0);
        Ptr<Node> d = hosts.Get(1);
        Names::Add("routerA", a);
        Names::Add("routerB", b);
        Names::Add("routerC", c);
        Names::Add("hostS", s);
        Names::Add("hostD", d);

        InternetStackHelper stack = ListStack();
        stack.Install(routers);
        stack.Install(hosts);

        PointToPointHelper wan;
        wan.SetDeviceAttribute("DataRate", DataRateValue(wanRate));
        wan.SetChannelAttribute("Delay", TimeValue(shortDelay));
        NetDeviceContainer ab = wan.Install(a, b);
        NetDeviceContainer bc = wan.Install(b, c);
        wan.SetChannelAttribute("Delay", TimeValue(longDelay));
        NetDeviceContainer ac = wan.Install(a, c);
        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", DataRateValue(hostRate));
        access.SetChannelAttribute("Delay", TimeValue(hostDelay));
        NetDeviceContainer sa = access.Install(s, a);
        NetDeviceContainer cd = access.Install(c, d);

        Ipv4AddressHelper addresses;
        addresses.SetBase("10.0.1.0", "255.255.255.0");
        addresses.Assign(ab);
        addresses.SetBase("10.0.2.0", "255.255.255.0");
        addresses.Assign(bc);
        addresses.SetBase("10.0.3.0", "255.255.255.0");
        addresses.Assign(ac);
        addresses.SetBase("10.1.0.0", "255.255.255.0");
        const Ipv4Address sAddress = addresses.Assign(sa).GetAddress(0);
        addresses.SetBase("10.2.0.0", "255.255.255.0");
        const Ipv4Address dAddress = addresses.Assign(cd).GetAddress(1);
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();

        PathPinningHelper::Install(routers);
        PathPinningHelper::Install(routers); // twice: still one per router
        for (uint32_t r = 0; r < 3; ++r)
        {
            Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(
                routers.Get(r)->GetObject<Ipv4>()->GetRoutingProtocol());
            NS_TEST_ASSERT_MSG_NE(list, nullptr, "the stack has a list routing");
            NS_TEST_ASSERT_MSG_EQ(list->GetNRoutingProtocols(), 3, "static, global and pinning");
            int16_t priority = 0;
            Ptr<Ipv4RoutingProtocol> first = list->GetRoutingProtocol(0, priority);
            NS_TEST_ASSERT_MSG_EQ(first, PathPinningHelper::Get(routers.Get(r)), "asked first");
            NS_TEST_ASSERT_MSG_EQ(priority, 10, "default priority");
        }
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(s), nullptr, "hosts have no pinning");

        // The TE view: vertices A 0, B 1, C 2; the detour A-B-C is arcs 0 then 2.
        TeGraph g;
        g.nodes = 3;
        g.arcs = {{0, 1, 1}, {0, 2, 1}, {1, 2, 1}};
        const std::vector<Ptr<Node>> routerOfVertex{a, b, c};
        std::string error;
        const auto detour = PathPinningHelper::PathNodes(routerOfVertex, g, {0, 2}, error);
        NS_TEST_ASSERT_MSG_EQ(detour.size(), 3, error);
        const auto direct = PathPinningHelper::PathNodes(routerOfVertex, g, {1}, error);
        NS_TEST_ASSERT_MSG_EQ(direct.size(), 2, error);

        const uint16_t ports[3] = {1001, 1002, 1003};
        const uint16_t sourcePorts[3] = {5001, 5002, 5003};
        // Flow 1: any source port; flow 2: its exact 5-tuple.
        bool ok =
            PathPinningHelper::Pin(direct,
                                   PathPinningRouting::Flow(sAddress, dAddress, UDP, 0, ports[0]),
                                   error);
        NS_TEST_ASSERT_MSG_EQ(ok, true, error);
        ok = PathPinningHelper::Pin(
            detour,
            PathPinningRouting::Flow(sAddress, dAddress, UDP, sourcePorts[1], ports[1]),
            error);
        NS_TEST_ASSERT_MSG_EQ(ok, true, error);
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(a)->GetNPins(), 2, "A pins both flows");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(b)->GetNPins(), 1, "B pins flow 2");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(c)->GetNPins(), 0, "C is the last router");

        // Transmissions per WAN device.
        std::map<std::string, uint32_t> tx;
        auto count = [&tx](std::string name) {
            return [&tx, name](Ptr<const Packet>) { ++tx[name]; };
        };
        ab.Get(0)->TraceConnectWithoutContext("PhyTxEnd",
                                              Callback<void, Ptr<const Packet>>(count("A->B")));
        bc.Get(0)->TraceConnectWithoutContext("PhyTxEnd",
                                              Callback<void, Ptr<const Packet>>(count("B->C")));
        ac.Get(0)->TraceConnectWithoutContext("PhyTxEnd",
                                              Callback<void, Ptr<const Packet>>(count("A->C")));
        ab.Get(1)->TraceConnectWithoutContext("PhyTxEnd",
                                              Callback<void, Ptr<const Packet>>(count("B->A")));

        std::vector<FlowStats> stats(3);
        std::vector<Ptr<Socket>> senders;
        for (uint32_t f = 0; f < 3; ++f)
        {
            Ptr<Socket> rx = Socket::CreateSocket(d, UdpSocketFactory::GetTypeId());
            rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), ports[f]));
            rx->SetRecvCallback(Callback<void, Ptr<Socket>>([&stats, f](Ptr<Socket> socket) {
                while (Ptr<Packet> p = socket->Recv())
                {
                    SeqTsHeader h;
                    p->RemoveHeader(h);
                    const Time delay = Simulator::Now() - h.GetTs();
                    FlowStats& st = stats[f];
                    ++st.received;
                    st.minDelay = std::min(st.minDelay, delay);
                    st.maxDelay = std::max(st.maxDelay, delay);
                }
            }));
            Ptr<Socket> tx = Socket::CreateSocket(s, UdpSocketFactory::GetTypeId());
            tx->Bind(InetSocketAddress(Ipv4Address::GetAny(), sourcePorts[f]));
            senders.push_back(tx);
            for (uint32_t k = 0; k < packets; ++k)
            {
                // Flows 1 ms apart, so that no packet ever waits in a queue.
                const Time at = Seconds(1) + interval * k + MilliSeconds(f);
                Schedule(at, [tx, &stats, f, payload, dAddress, port = ports[f]]() {
                    SeqTsHeader h;
                    h.SetSeq(stats[f].sent);
                    Ptr<Packet> p = Create<Packet>(payload - h.GetSerializedSize());
                    p->AddHeader(h);
                    if (tx->SendTo(p, 0, InetSocketAddress(dAddress, port)) >= 0)
                    {
                        ++stats[f].sent;
                    }
                });
            }
        }
        Simulator::Stop(Seconds(2));
        Simulator::Run();

        // Expected one-way delays from the link attributes: a frame is the payload plus UDP
        // (8), IPv4 (20) and PPP (2) headers; S-A and C-D are crossed by every flow.
        const uint32_t frame = payload + 8 + 20 + 2;
        const Time access2 = 2 * (hostRate.CalculateBytesTxTime(frame) + hostDelay);
        const Time wanSer = wanRate.CalculateBytesTxTime(frame);
        const Time expected[3] = {access2 + wanSer + longDelay,
                                  access2 + 2 * wanSer + 2 * shortDelay,
                                  access2 + wanSer + longDelay};
        const Time tolerance = NanoSeconds(2);
        for (uint32_t f = 0; f < 3; ++f)
        {
            const FlowStats& st = stats[f];
            const std::string flow = "flow " + std::to_string(f + 1);
            NS_TEST_ASSERT_MSG_EQ(st.sent, packets, flow + ": all sent");
            NS_TEST_ASSERT_MSG_EQ(st.received, st.sent, flow + ": all received");
            NS_TEST_ASSERT_MSG_EQ_TOL(st.minDelay, expected[f], tolerance, flow + ": min delay");
            NS_TEST_ASSERT_MSG_EQ_TOL(st.maxDelay, expected[f], tolerance, flow + ": max delay");
        }
        // The detour is shorter in time than the direct hop, yet global routing (hops) takes
        // the direct one for flow 3.
        NS_TEST_ASSERT_MSG_LT(expected[1], expected[0], "the detour is faster");

        NS_TEST_ASSERT_MSG_EQ(tx["B->C"], packets, "B to C carries exactly flow 2");
        NS_TEST_ASSERT_MSG_EQ(tx["A->B"], packets, "A to B carries exactly flow 2");
        NS_TEST_ASSERT_MSG_EQ(tx["A->C"], 2 * packets, "A to C carries flows 1 and 3");
        NS_TEST_ASSERT_MSG_EQ(tx["B->A"], 0, "nothing comes back");

        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(a)->GetNForwarded(), 2 * packets, "A pins");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(a)->GetNMissed(), packets, "A: flow 3");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(b)->GetNForwarded(), packets, "B pins");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(b)->GetNMissed(), 0, "B: nothing else");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(c)->GetNForwarded(), 0, "C has no pins");
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(c)->GetNMissed(), 3 * packets, "C: all");

        Simulator::Destroy();
        Names::Clear();
    }
};

/**
 * Lookup order, AddPin errors and RouteOutput on a router R1 joined to R2 by two parallel
 * links (interface 1 on 10.1.1.0/24, interface 2 on 10.1.2.0/24).
 */
class LookupTestCase : public TestCase
{
  public:
    LookupTestCase()
        : TestCase("Most specific pin wins and RouteOutput uses address pins")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        InternetStackHelper stack = ListStack();
        stack.Install(nodes);
        PointToPointHelper p2p;
        NetDeviceContainer link1 = p2p.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer link2 = p2p.Install(nodes.Get(0), nodes.Get(1));
        Ipv4AddressHelper addresses;
        addresses.SetBase("10.1.1.0", "255.255.255.0");
        addresses.Assign(link1);
        addresses.SetBase("10.1.2.0", "255.255.255.0");
        addresses.Assign(link2);
        PathPinningHelper::Install(nodes);
        Ptr<PathPinningRouting> r1 = PathPinningHelper::Get(nodes.Get(0));
        Ptr<Ipv4> ipv4 = nodes.Get(0)->GetObject<Ipv4>();
        const uint32_t if1 = ipv4->GetInterfaceForDevice(link1.Get(0));
        const uint32_t if2 = ipv4->GetInterfaceForDevice(link2.Get(0));
        NS_TEST_ASSERT_MSG_EQ(if1, 1, "interface of link 1");
        NS_TEST_ASSERT_MSG_EQ(if2, 2, "interface of link 2");

        const Ipv4Address src("10.9.9.9");
        const Ipv4Address dst("10.8.8.8");
        const Ipv4Address any = Ipv4Address::GetAny();
        std::string error;
        using R = PathPinningRouting;
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Addresses(src, dst), if1, any, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, UDP, 0, 0), if2, any, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, UDP, 0, 80), if1, any, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, UDP, 5000, 80), if1, any, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, UDP, 5000, 0), if1, any, error),
                              true,
                              error);
        // Replaced, not added.
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, UDP, 5000, 80), if2, any, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(r1->GetNPins(), 5, "five keys");

        auto lookup = [&r1](const R::FlowKey& key, bool withPorts) -> int {
            R::Pin pin;
            return r1->Lookup(key, withPorts, pin) ? static_cast<int>(pin.interface) : -1;
        };
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, UDP, 5000, 80), true), 2, "5-tuple");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, UDP, 4000, 80), true), 1, "dst port");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, UDP, 5000, 81), true), 1, "src port");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, UDP, 4000, 81), true), 2, "protocol");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, 6, 5000, 80), true), 1, "addresses");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(src, dst, UDP, 5000, 80), false), 2, "no ports");
        NS_TEST_ASSERT_MSG_EQ(lookup(R::Flow(dst, src, UDP, 5000, 80), true), -1, "reverse");

        // Bad pins, each naming the bad value; nothing added.
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Addresses(src, dst), 0, any, error), false, "lo");
        NS_TEST_ASSERT_MSG_NE(error.find("interface 0"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Addresses(src, dst), 7, any, error), false, "7");
        NS_TEST_ASSERT_MSG_NE(error.find("interface 7"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Flow(src, dst, 0, 0, 80), if1, any, error),
                              false,
                              "ports without protocol");
        NS_TEST_ASSERT_MSG_NE(error.find("protocol 0"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Addresses(any, dst), if1, any, error), false, "src");
        NS_TEST_ASSERT_MSG_NE(error.find("source 0.0.0.0"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_EQ(r1->GetNPins(), 5, "still five");

        std::ostringstream table;
        r1->PrintRoutingTable(Create<OutputStreamWrapper>(&table));
        NS_TEST_ASSERT_MSG_NE(table.str().find("5000"), std::string::npos, table.str());
        NS_TEST_ASSERT_MSG_NE(table.str().find("10.8.8.8"), std::string::npos, table.str());

        // RouteOutput: a pin keyed on one of R1's own addresses matches an unset source, and
        // the route takes that address as its source.
        const Ipv4Address far("10.7.7.7");
        NS_TEST_ASSERT_MSG_EQ(r1->AddPin(R::Addresses(Ipv4Address("10.1.1.1"), far),
                                         if2,
                                         Ipv4Address("10.1.2.2"),
                                         error),
                              true,
                              error);
        Ipv4Header header;
        header.SetSource(any);
        header.SetDestination(far);
        header.SetProtocol(UDP);
        Socket::SocketErrno err = Socket::ERROR_NOTERROR;
        Ptr<Ipv4Route> route = r1->RouteOutput(nullptr, header, nullptr, err);
        NS_TEST_ASSERT_MSG_NE(route, nullptr, "pinned output route");
        NS_TEST_ASSERT_MSG_EQ(err, Socket::ERROR_NOTERROR, "no error");
        NS_TEST_ASSERT_MSG_EQ(route->GetOutputDevice(), link2.Get(0), "pinned device");
        NS_TEST_ASSERT_MSG_EQ(route->GetGateway(), Ipv4Address("10.1.2.2"), "pinned next hop");
        NS_TEST_ASSERT_MSG_EQ(route->GetSource(), Ipv4Address("10.1.1.1"), "source of the key");
        // Through the whole list too.
        route = ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ((route ? route->GetOutputDevice() : nullptr), link2.Get(0), "list");
        // Bound to the other device: no pinned route.
        route = r1->RouteOutput(nullptr, header, link1.Get(0), err);
        NS_TEST_ASSERT_MSG_EQ(route, nullptr, "bound elsewhere");
        NS_TEST_ASSERT_MSG_EQ(err, Socket::ERROR_NOROUTETOHOST, "left to the others");
        // Ports are not read in RouteOutput: a UDP packet's payload is not its header.
        header.SetDestination(dst);
        header.SetSource(src);
        route = r1->RouteOutput(Create<Packet>(100), header, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ((route ? route->GetOutputDevice() : nullptr),
                              link2.Get(0),
                              "the protocol pin (interface 2)");
        // An interface that is down is skipped.
        header.SetSource(any);
        header.SetDestination(far);
        ipv4->SetDown(if2);
        route = r1->RouteOutput(nullptr, header, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ(route, nullptr, "pinned interface down");
        ipv4->SetUp(if2);
        // Unpinned: the list falls back to static routing's connected route.
        header.SetDestination(Ipv4Address("10.1.1.2"));
        NS_TEST_ASSERT_MSG_EQ(r1->RouteOutput(nullptr, header, nullptr, err), nullptr, "unpinned");
        NS_TEST_ASSERT_MSG_EQ(err, Socket::ERROR_NOROUTETOHOST, "no route to host");
        route = ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ((route ? route->GetOutputDevice() : nullptr), link1.Get(0), "static");

        r1->RemovePins();
        NS_TEST_ASSERT_MSG_EQ(r1->GetNPins(), 0, "removed");
        Simulator::Destroy();
    }
};

/// Pin and PathNodes errors, each naming the bad node, arc or vertex.
class PinErrorsTestCase : public TestCase
{
  public:
    PinErrorsTestCase()
        : TestCase("Pin and PathNodes errors name the routers")
    {
    }

  private:
    void DoRun() override
    {
        // A line: left - middle - right, and a host behind right.
        NodeContainer routers;
        routers.Create(3);
        Ptr<Node> host = CreateObject<Node>();
        Names::Add("left", routers.Get(0));
        Names::Add("middle", routers.Get(1));
        Names::Add("right", routers.Get(2));
        Names::Add("host", host);
        InternetStackHelper stack = ListStack();
        stack.Install(routers);
        stack.Install(host);
        PointToPointHelper p2p;
        Ipv4AddressHelper addresses("10.3.0.0", "255.255.255.0");
        addresses.Assign(p2p.Install(routers.Get(0), routers.Get(1)));
        addresses.NewNetwork();
        addresses.Assign(p2p.Install(routers.Get(1), routers.Get(2)));
        addresses.NewNetwork();
        addresses.Assign(p2p.Install(routers.Get(2), host));
        PathPinningHelper::Install(routers);

        const auto key =
            PathPinningRouting::Addresses(Ipv4Address("10.3.0.1"), Ipv4Address("10.3.2.2"));
        std::string error;
        bool ok = PathPinningHelper::Pin({routers.Get(0), routers.Get(2)}, key, error);
        NS_TEST_ASSERT_MSG_EQ(ok, false, "left and right are not adjacent");
        NS_TEST_ASSERT_MSG_NE(error.find("left and right are not adjacent"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(routers.Get(0))->GetNPins(), 0, "no pin");

        // Fails at the last hop: nothing pinned on the first ones.
        Ptr<Node> beyond = CreateObject<Node>();
        ok = PathPinningHelper::Pin({routers.Get(0), routers.Get(1), routers.Get(2), host, beyond},
                                    key,
                                    error);
        NS_TEST_ASSERT_MSG_EQ(ok, false, "host has no pinning");
        NS_TEST_ASSERT_MSG_NE(error.find("host has no PathPinningRouting"),
                              std::string::npos,
                              error);
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(routers.Get(0))->GetNPins(), 0, "atomic");

        ok = PathPinningHelper::Pin({routers.Get(0), routers.Get(1), routers.Get(0)}, key, error);
        NS_TEST_ASSERT_MSG_EQ(ok, false, "loop");
        NS_TEST_ASSERT_MSG_NE(error.find("left appears twice"), std::string::npos, error);

        ok = PathPinningHelper::Pin({routers.Get(0)}, key, error);
        NS_TEST_ASSERT_MSG_EQ(ok, false, "one router");
        NS_TEST_ASSERT_MSG_NE(error.find("1 routers"), std::string::npos, error);

        // The last router may be a host; the next hop is the peer's address on the link.
        ok = PathPinningHelper::Pin({routers.Get(0), routers.Get(1), routers.Get(2), host},
                                    key,
                                    error);
        NS_TEST_ASSERT_MSG_EQ(ok, true, error);
        PathPinningRouting::Pin pin;
        NS_TEST_ASSERT_MSG_EQ(PathPinningHelper::Get(routers.Get(1))->Lookup(key, false, pin),
                              true,
                              "middle pinned");
        NS_TEST_ASSERT_MSG_EQ(pin.nextHop, Ipv4Address("10.3.1.2"), "right's address");
        NS_TEST_ASSERT_MSG_EQ(pin.interface, 2, "middle's interface to right");

        TeGraph g;
        g.nodes = 3;
        g.arcs = {{0, 1, 1}, {1, 2, 1}, {2, 1, 1}};
        const std::vector<Ptr<Node>> routerOfVertex{routers.Get(0), routers.Get(1), routers.Get(2)};
        auto nodes = PathPinningHelper::PathNodes(routerOfVertex, g, {0, 1}, error);
        NS_TEST_ASSERT_MSG_EQ(nodes.size(), 3, error);
        NS_TEST_ASSERT_MSG_EQ(nodes[2], routers.Get(2), "ends at right");
        nodes = PathPinningHelper::PathNodes(routerOfVertex, g, {0, 0}, error);
        NS_TEST_ASSERT_MSG_EQ(nodes.size(), 0, "not contiguous");
        NS_TEST_ASSERT_MSG_NE(error.find("arc 0 starts at vertex 0"), std::string::npos, error);
        nodes = PathPinningHelper::PathNodes(routerOfVertex, g, {5}, error);
        NS_TEST_ASSERT_MSG_NE(error.find("arc 5 out of range"), std::string::npos, error);
        nodes = PathPinningHelper::PathNodes({routers.Get(0)}, g, {0}, error);
        NS_TEST_ASSERT_MSG_NE(error.find("vertex 1 has no router"), std::string::npos, error);

        Simulator::Destroy();
        Names::Clear();
    }
};

/// The suite.
class PathPinningTestSuite : public TestSuite
{
  public:
    PathPinningTestSuite()
        : TestSuite("optical-wan-path-pinning", SUITE_UNIT)
    {
        AddTestCase(new TriangleTestCase, TEST_QUICK);
        AddTestCase(new LookupTestCase, TEST_QUICK);
        AddTestCase(new PinErrorsTestCase, TEST_QUICK);
    }
};

/// Registers the suite.
static PathPinningTestSuite g_pathPinningTestSuite;

} // namespace

} // namespace
