/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SERVER_HELPER_H
#define INFERENCE_SERVER_HELPER_H

#include "ns3/collective-transport.h"
#include "ns3/data-rate.h"
#include "ns3/flow-network.h"
#include "ns3/inference-pager.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/topology-description.h"
#include "ns3/training-config.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What InferenceServerHelper installed: one transport whose ranks are every GPU
 * (server-major) then every server's host memory, and the servers' fabrics.
 */
struct InferenceServers
{
    Ptr<CollectiveTransport> transport; //!< Ranks: GPUs (server-major) then host memories
    uint32_t servers{0};                //!< Servers
    uint32_t gpusPerServer{0};          //!< GPUs per server
    /**
     * \param [in] server A server
     * \param [in] gpu A GPU of it
     * \return its rank (server x gpusPerServer + gpu)
     */
    uint32_t GpuRank(uint32_t server, uint32_t gpu) const;
    /**
     * \param [in] server A server
     * \return the rank of its host memory (servers x gpusPerServer + server)
     */
    uint32_t HostRank(uint32_t server) const;
    std::vector<Ptr<OpticalCircuitSwitch>> fabrics; //!< Per server (empty if FabricPorts == 0)
    Ptr<FlowNetwork> network;                       //!< Flow level (nullptr at packet level)
    uint32_t portsPerGpu{0};                        //!< Fabric ports per GPU (0: no fabric)
    std::vector<uint32_t> vertices;                 //!< Flow level: topology vertex of each rank
    NodeContainer nodes;                            //!< Packet level: node of each rank
    std::vector<Ptr<Node>> switchNodes; //!< Packet level: each server's NVSwitch (if any)
};

/**
 * \ingroup optical
 * \brief Builds inference servers as real links (shaped like PointToPointHelper): per server,
 * its GPUs, an NVSwitch joining them (scale-up links), a PCIe link from each GPU to the
 * server's host memory, and optionally a photonic fabric switch with ports on every GPU.
 *
 * Intra-server traffic is flows (or packets) on these links, not a ScaleUpDomain: pages, a
 * co-located training job's collectives and other pages share the links max-min at flow level.
 *
 * Routing at flow level (a path function on the topology, for the servers' vertices; other
 * vertices keep shortest paths): a GPU and its host memory use their PCIe link; two GPUs of a
 * server use the NVSwitch if the server has scale-up links, else the fabric's lit circuits
 * (fewest hops over the server's GPUs); a host memory is never crossed. At packet level the
 * host memories' interfaces carry a routing metric of \c HostMetric so that global routing
 * does not cross them either, unless a server has no NVSwitch (its GPUs then reach each other
 * through the host, PCIe both ways); fabric circuits carry no packets (their devices get no
 * addresses).
 */
class InferenceServerHelper
{
  public:
    InferenceServerHelper();

    /**
     * \brief Takes the scale-up rate from a GPU type (its scaleup_gbps in data/gpu-types.csv;
     * 0: no NVLink, no NVSwitch).
     * \param [in] gpu The GPU type
     */
    void SetGpu(const GpuSpec& gpu);

    /**
     * \brief Scale-up link rate per GPU and direction (default 3600 Gb/s: H100 NVLink 4,
     * 450 GB/s per direction; SetGpu takes the type's). 0: no scale-up links.
     * \param [in] rate The rate
     */
    void SetScaleUpRate(DataRate rate);
    /**
     * \brief Delay of a GPU's link to the NVSwitch (default 500 ns: half of the ~1 us GPU to
     * GPU NVLink latency through an NVSwitch; a page between GPUs crosses two links).
     * \param [in] delay The delay
     */
    void SetScaleUpLatency(Time delay);
    /**
     * \brief PCIe rate per GPU and direction (default 512 Gb/s: PCIe 5.0 x16 nominal, 64 GB/s;
     * 128b/130b coding and TLP headers leave about 50-55 GB/s effective: set that for DMA
     * throughput as measured).
     * \param [in] rate The rate
     */
    void SetPcieRate(DataRate rate);
    /**
     * \brief One-way delay of a GPU's PCIe link to host memory (default 1 us: the order of a
     * PCIe 5.0 DMA read through the root complex).
     * \param [in] delay The delay
     */
    void SetPcieLatency(Time delay);
    /**
     * \brief Photonic fabric ports per GPU (default 0: the server has no fabric).
     * \param [in] ports The ports
     */
    void SetFabricPorts(uint32_t ports);
    /**
     * \brief Rate of each fabric port (default 400 Gb/s: one 400G optical port, e.g. 4 x 100G
     * wavelengths; an assumption, not a published figure of a fabric: set yours).
     * \param [in] rate The rate
     */
    void SetFabricPortRate(DataRate rate);
    /**
     * \brief Reconfiguration delay of each server's fabric switch (default 3.7 us: the
     * "interposer" OCS device class, Lightmatter Passage; "mzi-mesh" is 1.1 s;
     * data/ocs-device-classes.csv).
     * \param [in] delay The delay
     */
    void SetFabricDelay(Time delay);
    /**
     * \brief Delay between a GPU and its fabric port (default 0.5 ns: about 10 cm of
     * waveguide at 2e8 m/s); a circuit's latency is twice this.
     * \param [in] delay The delay
     */
    void SetFabricPortDelay(Time delay);
    /**
     * \brief Host DRAM usable for pages per server (default 1 TiB: 2 TB-class DRAM of an
     * 8 x H100 server, about half for pages). Recorded for the schedulers; no link uses it.
     * \param [in] bytes The bytes
     */
    void SetHostMemory(uint64_t bytes);
    /**
     * \brief MTU of every link and fabric port (default 9000 bytes, jumbo frames; > 0).
     * \param [in] mtu The MTU
     */
    void SetMtu(uint32_t mtu);
    /**
     * \brief Flow level only: transfers carry no packet headers and no per-hop store and
     * forward (default false). The transports InstallFlow and MakeSubTransport make get a
     * FlowCollectiveTransport Mtu of 1, not above its IpTcpHeaderBytes, which FlowNetwork
     * treats as fluid (FlowNetwork::WireBytes); the message frame header stays.
     * \param [in] fluid Fluid transfers
     */
    void SetFluid(bool fluid);
    /**
     * \brief Routing metric of host memories' interfaces at packet level (default 1000: far
     * more than any path through an NVSwitch).
     * \param [in] metric The metric
     */
    void SetHostMetric(uint16_t metric);
    /**
     * \brief First TCP port of the packet-level transports (default 9100; each further
     * transport made by MakeSubTransport takes the next).
     * \param [in] port The port
     */
    void SetTcpPort(uint16_t port);

    /// \return the scale-up rate
    DataRate GetScaleUpRate() const;
    /// \return the PCIe rate
    DataRate GetPcieRate() const;
    /// \return the fabric port rate
    DataRate GetFabricPortRate() const;
    /// \return the fabric ports per GPU
    uint32_t GetFabricPorts() const;
    /// \return host DRAM for pages per server (bytes)
    uint64_t GetHostMemory() const;

    /**
     * \brief Checks the settings and sizes.
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \return "" if they can be built, else what is wrong, naming the value
     */
    std::string Check(uint32_t servers, uint32_t gpusPerServer) const;

    /**
     * \brief Describes the servers. Per server S: hosts "gpuS.G" (ranks S x G + g, all
     * servers' GPUs first), hosts "hostS" (ranks after all GPUs), a switch "nvswitchS" with a
     * link per GPU at ScaleUpRate (only if ScaleUpRate > 0), a PCIe link per GPU to hostS at
     * PcieRate (GPU first), and, if FabricPorts > 0, an OCS "fabricS" with FabricPorts ports
     * per GPU: port g x FabricPorts + k is GPU g's nic k. Nodes: switches and OCSes after all
     * hosts, server by server (nvswitchS then fabricS); links: server by server, NVLink links
     * then PCIe links, in GPU order.
     * \param [in] servers Servers (> 0)
     * \param [in] gpusPerServer GPUs per server (> 0)
     * \return the description (a fatal error if Check() fails)
     */
    TopologyDescription Describe(uint32_t servers, uint32_t gpusPerServer) const;

    /**
     * \brief The initial circuits of a server's fabric: F one-way rings, port (g, k) sending
     * to port ((g + 1) mod G, k) for every k < F (GPU g reaches g + 1 over F circuits; with
     * two GPUs, each reaches the other over F); none with one GPU.
     * \param [in] gpusPerServer G
     * \return the configuration
     */
    OcsConfiguration RingConfiguration(uint32_t gpusPerServer) const;

    /**
     * \brief Builds the servers at flow level on \p network (a topology is made if it has
     * none) and one FlowCollectiveTransport (no ScaleUpDomain) over every GPU and host memory.
     * Sets the topology's path function (see the class documentation): once per network.
     * The fabrics are switches with the ring as initial configuration, their circuits kept
     * as links (FlowTopologyRealizer::AdoptOcs).
     * \param [in] network The engine
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \return what was built
     */
    InferenceServers InstallFlow(Ptr<FlowNetwork> network,
                                 uint32_t servers,
                                 uint32_t gpusPerServer) const;

    /**
     * \brief Builds the servers at packet level (ns-3 nodes, point-to-point links, Internet
     * stacks, global routes) and one TcpCollectiveTransport, started, over every GPU and
     * host memory.
     * \param [in] servers Servers
     * \param [in] gpusPerServer GPUs per server
     * \return what was built
     */
    InferenceServers InstallPacket(uint32_t servers, uint32_t gpusPerServer);

    /**
     * \brief A second transport over some of the GPUs (a co-located training job), on the
     * same links: rank i is the i-th GPU given. Flow level: a FlowCollectiveTransport on the
     * same network; packet level: a TcpCollectiveTransport on the next TCP port, started.
     * \param [in] installed What InstallFlow or InstallPacket returned
     * \param [in] gpus (server, gpu) of each rank
     * \return the transport (a fatal error names a GPU that does not exist)
     */
    Ptr<CollectiveTransport> MakeSubTransport(
        const InferenceServers& installed,
        const std::vector<std::pair<uint32_t, uint32_t>>& gpus);

    /**
     * \brief Registers every server of \p installed on a FabricInferencePager (its fabric, or
     * none) and sets its transport. Flow level only if the servers have fabrics (a fatal
     * error at packet level: circuits carry no packets there).
     * \param [in] pager The pager
     * \param [in] installed What InstallFlow returned
     */
    static void ConfigurePager(Ptr<FabricInferencePager> pager, const InferenceServers& installed);

  private:
    DataRate m_scaleUpRate; //!< NVLink per GPU and direction
    Time m_scaleUpLatency;  //!< GPU to NVSwitch
    DataRate m_pcieRate;    //!< PCIe per GPU and direction
    Time m_pcieLatency;     //!< GPU to host
    uint32_t m_fabricPorts; //!< Fabric ports per GPU
    DataRate m_fabricRate;  //!< Per fabric port
    Time m_fabricDelay;     //!< Reconfiguration delay
    Time m_fabricPortDelay; //!< GPU to fabric port
    uint64_t m_hostMemory;  //!< Host DRAM for pages
    uint32_t m_mtu;         //!< MTU
    bool m_fluid;           //!< Flow level without packet headers
    uint16_t m_hostMetric;  //!< Packet-level metric of host interfaces
    uint16_t m_tcpPort;     //!< Next TCP port
};

} // namespace ns3

#endif /* INFERENCE_SERVER_HELPER_H */
