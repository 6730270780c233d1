/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * Two host pairs on a 4-port optical circuit switch swap partners periodically.
 *
 *        H0   H1   H2   H3          configuration A: 0-1, 2-3
 *         |    |    |    |          configuration B: 0-2, 1-3
 *       +-------------------+
 *       |  OCS (4 ports)    |       A until --period, then B, A, B, ... every --period
 *       +-------------------+
 *
 * Every host sends constant-rate UDP datagrams (--rate, --packetSize) to the IPv4 limited
 * broadcast address, so each datagram goes wherever the host's circuit leads at that moment:
 * to its partner of the current configuration. Each reconfiguration darkens all four ports for
 * --reconfigDelay. Under --policy=drop the switch changes at once and datagrams sent into the
 * dark are lost; under --policy=drain it first pauses the hosts and waits until their frames
 * have crossed, and the hosts queue their datagrams until the new circuits are lit.
 *
 * The program checks conservation (sent = delivered + dropped), prints its headline metrics as
 * "name: value" lines and records the run in the results store (--results, default
 * results/optical.db). goodput-gbps is the UDP payload delivered per second of --duration,
 * summed over the hosts.
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/traffic-control-module.h"

#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("OcsReconfigurationExample");

namespace
{
uint64_t g_sent = 0;       //!< Datagrams handed to UDP by the senders
uint64_t g_delivered = 0;  //!< Datagrams received by the sinks
uint64_t g_queueDrops = 0; //!< Frames dropped by device queues and queue discs

void
CountSent(Ptr<const Packet>)
{
    ++g_sent;
}

void
CountDelivered(Ptr<const Packet>, const Address&)
{
    ++g_delivered;
}

void
CountQueueDrop(Ptr<const Packet>)
{
    ++g_queueDrops;
}

void
CountQueueDiscDrop(Ptr<const QueueDiscItem>)
{
    ++g_queueDrops;
}

/// Shortest text form of a number.
template <typename T>
std::string
Str(T value)
{
    std::ostringstream oss;
    oss << value;
    return oss.str();
}
} // namespace

int
main(int argc, char* argv[])
{
    double reconfigDelay = 0.01;
    double period = 0.1;
    double duration = 1.0;
    double controlDelay = 0.0;
    std::string policy = "drop";
    std::string rate = "1Gbps";
    std::string linkRate = "10Gbps";
    uint32_t packetSize = 1000;
    uint32_t queueSize = 1000;
    double fibreLength = 20.0;
    bool pcap = false;

    OpticalExperiment exp("ocs-reconfiguration",
                          "Two host pairs on a 4-port OCS swap partners periodically");
    exp.AddValue("reconfigDelay", "Time a changing circuit stays dark (s)", reconfigDelay);
    exp.AddValue("controlDelay",
                 "Control-plane delay before each reconfiguration (s)",
                 controlDelay);
    exp.AddValue("period", "Time between two reconfiguration requests (s)", period);
    exp.AddValue("duration", "Time during which the hosts send (s)", duration);
    exp.AddValue("policy", "Reconfiguration policy: drop or drain", policy);
    exp.AddValue("rate", "Offered UDP rate per host (e.g. 1Gbps)", rate);
    exp.AddValue("linkRate", "Line rate of each host's transceiver (e.g. 10Gbps)", linkRate);
    exp.AddValue("packetSize", "UDP payload per datagram (bytes, 1..1472)", packetSize);
    exp.AddValue("queueSize", "Transmit queue of each host's device (packets)", queueSize);
    exp.AddValue("fibreLength", "Fibre length between each host and the switch (m)", fibreLength);
    exp.AddValue("pcap", "Write pcap traces of the hosts' devices", pcap);
    exp.Parse(argc, argv);

    // ---- validate every parameter before building anything
    if (!(reconfigDelay >= 0))
    {
        exp.Fail("--reconfigDelay must be >= 0 s (got " + Str(reconfigDelay) + ")");
    }
    if (!(controlDelay >= 0))
    {
        exp.Fail("--controlDelay must be >= 0 s (got " + Str(controlDelay) + ")");
    }
    if (!(duration > 0))
    {
        exp.Fail("--duration must be > 0 s (got " + Str(duration) + ")");
    }
    if (!(period > reconfigDelay + controlDelay))
    {
        exp.Fail("--period must be longer than --reconfigDelay + --controlDelay (got period " +
                 Str(period) + " s)");
    }
    if (policy != "drop" && policy != "drain")
    {
        exp.Fail("--policy must be 'drop' or 'drain' (got '" + policy + "')");
    }
    if (packetSize < 1 || packetSize > 1472)
    {
        exp.Fail("--packetSize must be in 1..1472 bytes (got " + Str(packetSize) + ")");
    }
    if (queueSize < 1)
    {
        exp.Fail("--queueSize must be >= 1 packet");
    }
    if (!(fibreLength >= 0))
    {
        exp.Fail("--fibreLength must be >= 0 m");
    }
    const DataRate offered = exp.PositiveDataRate("rate", rate);
    const DataRate line = exp.PositiveDataRate("linkRate", linkRate);

    exp.Start();

    // ---- topology: four hosts on a four-port switch
    NodeContainer hosts(4);
    Ptr<Node> ocsNode = CreateObject<Node>();

    OcsHelper ocsHelper;
    ocsHelper.SetDeviceAttribute("DataRate", DataRateValue(line));
    ocsHelper.SetChannelAttribute("Length", DoubleValue(fibreLength));
    ocsHelper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(Seconds(reconfigDelay)));
    ocsHelper.SetSwitchAttribute("ControlPlaneDelay", TimeValue(Seconds(controlDelay)));
    ocsHelper.SetSwitchAttribute("Policy", StringValue(policy == "drop" ? "Drop" : "Drain"));
    ocsHelper.SetQueue("ns3::DropTailQueue",
                       "MaxSize",
                       QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queueSize)));
    NetDeviceContainer nics = ocsHelper.Install(ocsNode, hosts);
    Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);

    const OcsConfiguration configA = OcsConfiguration().Connect(0, 1).Connect(2, 3);
    const OcsConfiguration configB = OcsConfiguration().Connect(0, 2).Connect(1, 3);
    ocs->SetInitialConfiguration(configA);
    Ptr<OcsCyclicSchedule> schedule = OcsHelper::InstallCyclicSchedule(ocs,
                                                                       {configB, configA},
                                                                       Seconds(period),
                                                                       Seconds(period),
                                                                       Seconds(duration));

    InternetStackHelper internet;
    internet.Install(hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(nics);

    // ---- traffic: constant-rate UDP to whoever the circuit reaches
    const uint16_t port = 9;
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinks = sinkHelper.Install(hosts);
    OnOffHelper onoff("ns3::UdpSocketFactory",
                      InetSocketAddress(Ipv4Address("255.255.255.255"), port));
    onoff.SetConstantRate(offered, packetSize);
    ApplicationContainer senders = onoff.Install(hosts);
    senders.Start(Seconds(0));
    senders.Stop(Seconds(duration));
    sinks.Start(Seconds(0));

    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        senders.Get(i)->TraceConnectWithoutContext("Tx", MakeCallback(&CountSent));
        sinks.Get(i)->TraceConnectWithoutContext("Rx", MakeCallback(&CountDelivered));
        Ptr<OcsNetDevice> nic = DynamicCast<OcsNetDevice>(nics.Get(i));
        nic->GetQueue()->TraceConnectWithoutContext("Drop", MakeCallback(&CountQueueDrop));
        Ptr<QueueDisc> qdisc =
            hosts.Get(i)->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(nic);
        if (qdisc)
        {
            qdisc->TraceConnectWithoutContext("Drop", MakeCallback(&CountQueueDiscDrop));
        }
    }
    if (pcap)
    {
        ocsHelper.EnablePcapAll("ocs-reconfiguration");
    }

    // Run past the end of the traffic until queues have drained and the last circuits are lit.
    const Time end = Seconds(duration + reconfigDelay + controlDelay + 0.05);
    exp.Run(end);

    const auto counters = ocs->GetTotalCounters();
    uint64_t switchDrops = 0;
    for (uint32_t r = 0; r < OpticalCircuitSwitch::N_DROP_REASONS; ++r)
    {
        switchDrops += counters.drops[r];
    }
    const uint64_t dropped = switchDrops + g_queueDrops;
    const uint64_t reconfigurations = ocs->GetNReconfigurations();
    const double darkMs = ocs->GetDarkTime().GetSeconds() * 1e3;
    const uint64_t skipped = schedule->GetNSkipped();
    Simulator::Destroy();

    if (g_sent != g_delivered + dropped)
    {
        exp.Fail("conservation violated: sent " + Str(g_sent) + " != delivered " +
                     Str(g_delivered) + " + dropped " + Str(dropped),
                 2);
    }
    const double goodputGbps = g_delivered * packetSize * 8.0 / duration / 1e9;
    const double offeredGbps = hosts.GetN() * offered.GetBitRate() / 1e9;
    exp.Metric("sent-packets", g_sent, "packets");
    exp.Metric("delivered-packets", g_delivered, "packets");
    exp.Metric("dropped-packets", dropped, "packets");
    exp.Metric("switch-dropped-packets", switchDrops, "packets");
    exp.Metric("queue-dropped-packets", g_queueDrops, "packets");
    exp.Metric("skipped-reconfigurations", skipped, "");
    exp.Metric("reconfigurations", reconfigurations, "");
    exp.Metric("dark-time-ms", darkMs, "ms");
    exp.Metric("offered-gbps", offeredGbps, "Gbit/s");
    exp.Metric("goodput-gbps", goodputGbps, "Gbit/s");
    return exp.Finish();
}
