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

namespace
{

/// The options, with their defaults.
struct Options
{
    Time reconfigDelay{MilliSeconds(10)}; //!< Time a changing circuit stays dark
    Time period{MilliSeconds(100)};       //!< Time between two reconfiguration requests
    Time duration{Seconds(1)};            //!< Time during which the hosts send
    Time controlDelay{Seconds(0)};        //!< Control-plane delay before each reconfiguration
    std::string policy{"drop"};           //!< drop | drain
    DataRate offered{"1Gbps"};            //!< Offered UDP rate per host
    DataRate line{"10Gbps"};              //!< Line rate of each host's transceiver
    uint32_t packetSize{1000};            //!< UDP payload per datagram (bytes)
    uint32_t queueSize{1000};             //!< Transmit queue of each device (packets)
    double fibreLength{20.0};             //!< Fibre between each host and the switch (m)
    bool pcap{false};                     //!< Write pcap traces
};

/// The network: four hosts on a four-port switch, and their traffic.
struct Network
{
    NodeContainer hosts;             //!< The hosts
    OcsHelper ocsHelper;             //!< Builds the switch and the hosts' devices
    NetDeviceContainer nics;         //!< The hosts' devices
    Ptr<OpticalCircuitSwitch> ocs;   //!< The switch
    Ptr<OcsCyclicSchedule> schedule; //!< Its configurations, A and B in turn
    ApplicationContainer sinks;      //!< A packet sink on every host
    ApplicationContainer senders;    //!< A constant-rate sender on every host
};

/// What the switch did, read at the end of the run.
struct SwitchCounts
{
    uint64_t switchDrops{0};      //!< Frames the switch dropped
    uint64_t dropped{0};          //!< Frames dropped in all
    bool conserved{false};        //!< sent = delivered + dropped
    uint64_t reconfigurations{0}; //!< Reconfigurations done
    double darkMs{0};             //!< Dark time (ms)
    uint64_t skipped{0};          //!< Reconfigurations skipped
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The options, holding their defaults
 */
void
AddOptions(OpticalExperiment& exp, Options& o)
{
    // Times: from instant (0) to the slowest circuit switches (robotic patch panels, a minute).
    exp.AddTime("reconfigDelay",
                "Time a changing circuit stays dark",
                o.reconfigDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("controlDelay",
                "Control-plane delay before each reconfiguration",
                o.controlDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddTime("period",
                "Time between two reconfiguration requests (longer than reconfigDelay + "
                "controlDelay)",
                o.period,
                OpticalBounds::Above(0).AtMost(3600));
    exp.AddTime("duration",
                "Time during which the hosts send",
                o.duration,
                OpticalBounds::AtLeast(1e-6).AtMost(3600));
    exp.AddEnum("policy", "Reconfiguration policy", o.policy, {"drop", "drain"});
    exp.AddDataRate("rate",
                    "Offered UDP rate per host",
                    o.offered,
                    OpticalBounds::AtLeast(1e3).AtMost(1.6e12));
    exp.AddDataRate("linkRate",
                    "Line rate of each host's transceiver",
                    o.line,
                    OpticalBounds::AtLeast(1e6).AtMost(1.6e12));
    exp.AddCount("packetSize",
                 "UDP payload per datagram (bytes; 1472 fills a 1500-byte MTU)",
                 o.packetSize,
                 1,
                 1472);
    exp.AddCount("queueSize",
                 "Transmit queue of each host's device (packets)",
                 o.queueSize,
                 1,
                 1000000);
    exp.AddReal("fibreLength",
                "Fibre length between each host and the switch (up to 100 km)",
                o.fibreLength,
                OpticalBounds::AtLeast(0).AtMost(1e5),
                "m");
    exp.AddFlag("pcap", "Write pcap traces of the hosts' devices", o.pcap);
}

/**
 * \brief Checks the options that involve several of them, before anything runs.
 * \param [in] o The options
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
Check(const Options& o, OpticalExperiment& exp)
{
    exp.Require(o.period > o.reconfigDelay + o.controlDelay,
                "period",
                "must be longer than --reconfigDelay + --controlDelay (" +
                    OpticalUnits::FormatTime((o.reconfigDelay + o.controlDelay).GetSeconds()) +
                    ")");
}

/**
 * \brief Builds the topology: four hosts on a four-port switch, configuration A, then B, A,
 * ... every --period, and the hosts' Internet stacks.
 * \param [in] o The options
 * \param [out] net The network
 */
void
BuildTopology(const Options& o, Network& net)
{
    net.hosts.Create(4);
    Ptr<Node> ocsNode = CreateObject<Node>();

    net.ocsHelper.SetDeviceAttribute("DataRate", DataRateValue(o.line));
    net.ocsHelper.SetChannelAttribute("Length", DoubleValue(o.fibreLength));
    net.ocsHelper.SetSwitchAttribute("ReconfigurationDelay", TimeValue(o.reconfigDelay));
    net.ocsHelper.SetSwitchAttribute("ControlPlaneDelay", TimeValue(o.controlDelay));
    net.ocsHelper.SetSwitchAttribute("Policy", StringValue(o.policy == "drop" ? "Drop" : "Drain"));
    net.ocsHelper.SetQueue("ns3::DropTailQueue",
                           "MaxSize",
                           QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, o.queueSize)));
    net.nics = net.ocsHelper.Install(ocsNode, net.hosts);
    net.ocs = OcsHelper::GetSwitch(ocsNode);

    const OcsConfiguration configA = OcsConfiguration().Connect(0, 1).Connect(2, 3);
    const OcsConfiguration configB = OcsConfiguration().Connect(0, 2).Connect(1, 3);
    net.ocs->SetInitialConfiguration(configA);
    net.schedule = OcsHelper::InstallCyclicSchedule(net.ocs,
                                                    {configB, configA},
                                                    o.period,
                                                    o.period,
                                                    o.duration);

    InternetStackHelper internet;
    internet.Install(net.hosts);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(net.nics);
}

/**
 * \brief Installs the traffic: constant-rate UDP to whoever the circuit reaches.
 * \param [in] o The options
 * \param [in,out] net The network (gets the senders and the sinks)
 */
void
InstallTraffic(const Options& o, Network& net)
{
    const uint16_t port = 9;
    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    net.sinks = sinkHelper.Install(net.hosts);
    OnOffHelper onoff("ns3::UdpSocketFactory",
                      InetSocketAddress(Ipv4Address("255.255.255.255"), port));
    onoff.SetConstantRate(o.offered, o.packetSize);
    net.senders = onoff.Install(net.hosts);
    net.senders.Start(Seconds(0));
    net.senders.Stop(o.duration);
    net.sinks.Start(Seconds(0));
}

/**
 * \brief The end of the run, once the traffic has stopped and the network has drained.
 * \param [in] o The options
 * \param [in] net The network
 * \return the end of the run
 */
Time
GetEnd(const Options& o, const Network& net)
{
    // Run past the end of the traffic until the last circuits are lit and the queues have
    // drained: a reconfiguration under way, then every host's device queue and queue disc
    // emptied at line rate (frames of the payload plus at most 64 bytes of IPv4, UDP and link
    // headers), the fibre crossed (light in fibre covers more than 2e8 m/s), and 50 ms more.
    uint64_t backlog = o.queueSize;
    if (Ptr<QueueDisc> qdisc =
            net.hosts.Get(0)->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(
                net.nics.Get(0)))
    {
        const QueueSize limit = qdisc->GetMaxSize();
        backlog += limit.GetUnit() == QueueSizeUnit::PACKETS ? limit.GetValue()
                                                             : limit.GetValue() / o.packetSize + 1;
    }
    const double drainS =
        backlog * (o.packetSize + 64.0) * 8 / o.line.GetBitRate() + o.fibreLength / 2e8 + 0.05;
    return o.duration + o.reconfigDelay + o.controlDelay + Seconds(drainS);
}

/**
 * \brief Reads what the switch and the ledger counted, at the end of the run.
 * \param [in] net The network
 * \param [in] ledger The packet ledger
 * \return the counts
 */
SwitchCounts
Count(const Network& net, const OcsTrafficLedger& ledger)
{
    SwitchCounts n;
    n.switchDrops = ledger.GetSwitchDrops();
    n.dropped = ledger.GetDropped();
    n.conserved = ledger.Conserves();
    n.reconfigurations = net.ocs->GetNReconfigurations();
    n.darkMs = net.ocs->GetDarkTime().GetSeconds() * 1e3;
    n.skipped = net.schedule->GetNSkipped();
    return n;
}

/**
 * \brief Checks conservation and prints the metrics.
 * \param [in,out] exp The experiment (fails, exit code 2, if packets went missing)
 * \param [in] o The options
 * \param [in] net The network
 * \param [in] ledger The packet ledger
 * \param [in] n What the switch counted
 */
void
Report(OpticalExperiment& exp,
       const Options& o,
       const Network& net,
       const OcsTrafficLedger& ledger,
       const SwitchCounts& n)
{
    if (!n.conserved)
    {
        exp.Fail("conservation violated: sent " + std::to_string(ledger.GetSent()) +
                     " != delivered " + std::to_string(ledger.GetDelivered()) + " + dropped " +
                     std::to_string(n.dropped),
                 2);
    }
    const double goodputGbps =
        ledger.GetDelivered() * o.packetSize * 8.0 / o.duration.GetSeconds() / 1e9;
    const double offeredGbps = net.hosts.GetN() * o.offered.GetBitRate() / 1e9;
    exp.Metric("sent-packets", ledger.GetSent(), "packets");
    exp.Metric("delivered-packets", ledger.GetDelivered(), "packets");
    exp.Metric("dropped-packets", n.dropped, "packets");
    exp.Metric("switch-dropped-packets", n.switchDrops, "packets");
    exp.Metric("queue-dropped-packets", ledger.GetQueueDrops(), "packets");
    exp.Metric("skipped-reconfigurations", n.skipped, "");
    exp.Metric("reconfigurations", n.reconfigurations, "");
    exp.Metric("dark-time-ms", n.darkMs, "ms");
    exp.Metric("offered-gbps", offeredGbps, "Gbit/s");
    exp.Metric("goodput-gbps", goodputGbps, "Gbit/s");
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    OpticalExperiment exp("ocs-reconfiguration",
                          "Two host pairs on a 4-port OCS swap partners periodically");
    AddOptions(exp, o);
    exp.Parse(argc, argv);
    // ---- checks that involve several options, before anything runs
    Check(o, exp);
    exp.Start();

    // ---- topology: four hosts on a four-port switch
    Network net;
    BuildTopology(o, net);

    // ---- traffic: constant-rate UDP to whoever the circuit reaches
    InstallTraffic(o, net);
    OcsTrafficLedger ledger;
    ledger.AddSenders(net.senders);
    ledger.AddSinks(net.sinks);
    ledger.AddDevices(net.nics);
    ledger.AddSwitch(net.ocs);
    if (o.pcap)
    {
        net.ocsHelper.EnablePcapAll("ocs-reconfiguration");
    }
    exp.Run(GetEnd(o, net));

    const SwitchCounts counts = Count(net, ledger);
    Simulator::Destroy();
    Report(exp, o, net, ledger, counts);
    return exp.Finish();
}
