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

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("OcsReconfigurationExample");

int
main(int argc, char* argv[])
{
    Time reconfigDelay = MilliSeconds(10);
    Time period = MilliSeconds(100);
    Time duration = Seconds(1);
    Time controlDelay = Seconds(0);
    std::string policy = "drop";
    DataRate offered("1Gbps");
    DataRate line("10Gbps");
    uint32_t packetSize = 1000;
    uint32_t queueSize = 1000;
    double fibreLength = 20.0;
    bool pcap = false;

    OpticalExperiment exp("ocs-reconfiguration",
                          "Two host pairs on a 4-port OCS swap partners periodically");
    // Times: from instant (0) to the slowest circuit switches (robotic patch panels, a minute).
    exp.AddTime("reconfigDelay",
                "Time a changing circuit stays dark",
                reconfigDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("controlDelay",
                "Control-plane delay before each reconfiguration",
                controlDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("period",
                "Time between two reconfiguration requests (longer than reconfigDelay + "
                "controlDelay)",
                period,
                OpticalBounds::Above(0).AtMost(3600));
    exp.AddTime("duration",
                "Time during which the hosts send",
                duration,
                OpticalBounds::AtLeast(1e-6).AtMost(3600));
    exp.AddEnum("policy", "Reconfiguration policy", policy, {"drop", "drain"});
    exp.AddDataRate("rate",
                    "Offered UDP rate per host",
                    offered,
                    OpticalBounds::AtLeast(1e3).AtMost(1.6e12));
    exp.AddDataRate("linkRate",
                    "Line rate of each host's transceiver",
                    line,
                    OpticalBounds::AtLeast(1e6).AtMost(1.6e12));
    exp.AddCount("packetSize",
                 "UDP payload per datagram (bytes; 1472 fills a 1500-byte MTU)",
                 packetSize,
                 1,
                 1472);
    exp.AddCount("queueSize",
                 "Transmit queue of each host's device (packets)",
                 queueSize,
                 1,
                 1000000);
    exp.AddReal("fibreLength",
                "Fibre length between each host and the switch (up to 100 km)",
                fibreLength,
                OpticalBounds::AtLeast(0).AtMost(1e5),
                "m");
    exp.AddFlag("pcap", "Write pcap traces of the hosts' devices", pcap);
    exp.Parse(argc, argv);

    // ---- checks that involve several options, before anything runs
    exp.Require(period > reconfigDelay + controlDelay,
                "period",
                "must be longer than --reconfigDelay + --controlDelay (" +
                    OpticalUnits::FormatTime((reconfigDelay + controlDelay).GetSeconds()) + ")");

    exp.Start();

    // ---- topology: four hosts on a four-port switch
    NodeContainer hosts(4);
    Ptr<Node> ocsNode = CreateObject<Node>();

    OcsHelper ocsHelper;
    ocsHelper.SetDeviceAttribute("DataRate", DataRateValue(line));
    ocsHelper.SetChannelAttribute("Length", DoubleValue(fibreLength));
    ocsHelper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(reconfigDelay));
    ocsHelper.SetSwitchAttribute("ControlPlaneDelay", TimeValue(controlDelay));
    ocsHelper.SetSwitchAttribute("Policy", StringValue(policy == "drop" ? "Drop" : "Drain"));
    ocsHelper.SetQueue("ns3::DropTailQueue",
                       "MaxSize",
                       QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queueSize)));
    NetDeviceContainer nics = ocsHelper.Install(ocsNode, hosts);
    Ptr<OpticalCircuitSwitch> ocs = OcsHelper::GetSwitch(ocsNode);

    const OcsConfiguration configA = OcsConfiguration().Connect(0, 1).Connect(2, 3);
    const OcsConfiguration configB = OcsConfiguration().Connect(0, 2).Connect(1, 3);
    ocs->SetInitialConfiguration(configA);
    Ptr<OcsCyclicSchedule> schedule =
        OcsHelper::InstallCyclicSchedule(ocs, {configB, configA}, period, period, duration);

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
    senders.Stop(duration);
    sinks.Start(Seconds(0));

    OcsTrafficLedger ledger;
    ledger.AddSenders(senders);
    ledger.AddSinks(sinks);
    ledger.AddDevices(nics);
    ledger.AddSwitch(ocs);
    if (pcap)
    {
        ocsHelper.EnablePcapAll("ocs-reconfiguration");
    }

    // Run past the end of the traffic until the last circuits are lit and the queues have
    // drained: a reconfiguration under way, then every host's device queue and queue disc
    // emptied at line rate (frames of the payload plus at most 64 bytes of IPv4, UDP and link
    // headers), the fibre crossed (light in fibre covers more than 2e8 m/s), and 50 ms more.
    uint64_t backlog = queueSize;
    if (Ptr<QueueDisc> qdisc =
            hosts.Get(0)->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(nics.Get(0)))
    {
        const QueueSize limit = qdisc->GetMaxSize();
        backlog += limit.GetUnit() == QueueSizeUnit::PACKETS ? limit.GetValue()
                                                             : limit.GetValue() / packetSize + 1;
    }
    const double drainS =
        backlog * (packetSize + 64.0) * 8 / line.GetBitRate() + fibreLength / 2e8 + 0.05;
    const Time end = duration + reconfigDelay + controlDelay + Seconds(drainS);
    exp.Run(end);

    const uint64_t switchDrops = ledger.GetSwitchDrops();
    const uint64_t dropped = ledger.GetDropped();
    const bool conserved = ledger.Conserves();
    const uint64_t reconfigurations = ocs->GetNReconfigurations();
    const double darkMs = ocs->GetDarkTime().GetSeconds() * 1e3;
    const uint64_t skipped = schedule->GetNSkipped();
    Simulator::Destroy();

    if (!conserved)
    {
        exp.Fail("conservation violated: sent " + std::to_string(ledger.GetSent()) +
                     " != delivered " + std::to_string(ledger.GetDelivered()) + " + dropped " +
                     std::to_string(dropped),
                 2);
    }
    const double goodputGbps =
        ledger.GetDelivered() * packetSize * 8.0 / duration.GetSeconds() / 1e9;
    const double offeredGbps = hosts.GetN() * offered.GetBitRate() / 1e9;
    exp.Metric("sent-packets", ledger.GetSent(), "packets");
    exp.Metric("delivered-packets", ledger.GetDelivered(), "packets");
    exp.Metric("dropped-packets", dropped, "packets");
    exp.Metric("switch-dropped-packets", switchDrops, "packets");
    exp.Metric("queue-dropped-packets", ledger.GetQueueDrops(), "packets");
    exp.Metric("skipped-reconfigurations", skipped, "");
    exp.Metric("reconfigurations", reconfigurations, "");
    exp.Metric("dark-time-ms", darkMs, "ms");
    exp.Metric("offered-gbps", offeredGbps, "Gbit/s");
    exp.Metric("goodput-gbps", goodputGbps, "Gbit/s");
    return exp.Finish();
}
