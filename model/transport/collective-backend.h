/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_BACKEND_H
#define COLLECTIVE_BACKEND_H

#include "collective-transport.h"
#include "scale-up-domain.h"

#include "ns3/flow-engine.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/optical-names.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Which backend moves a workload's bytes: a typed value, the key of the backend
 * registry (BackendRegistry).
 *
 * Programs use the constants (Backend::PACKET, Backend::FLOW) and ask the registry what a
 * backend is (BackendRegistry::Get: its network level, features, transport); they never
 * compare backends to decide how to build something. Names ("packet", "flow") are for the
 * command line, through FromName(), in any case.
 */
class Backend
{
  public:
    /// The backends (the registry's entries, in this order).
    enum Value : uint8_t
    {
        PACKET, //!< packet: ns-3's TCP/IP stack, packet by packet (TcpCollectiveTransport)
        FLOW,   //!< flow: a flow-level engine (FlowCollectiveTransport over a FlowEngine)
        RDMA,   //!< rdma: RoCEv2 queue pairs on a lossless network (RdmaCollectiveTransport)
    };

    /// \param [in] value The backend
    Backend(Value value = PACKET);

    /// \return the value (an index of the registry)
    operator Value() const;

    /// \return the name ("packet")
    std::string GetName() const;

    /**
     * \brief Reads a backend's name, in any case.
     * \param [in] name The name
     * \param [out] backend The backend
     * \param [out] error If unknown: the name and the registered names
     * \return true if known
     */
    static bool FromName(const std::string& name, Backend& backend, std::string& error);

    /// \return the registered names, in registry order
    static const OpticalNames& GetNames();

  private:
    Value m_value; //!< Value
};

/**
 * \ingroup optical
 * \brief Where a backend's transport runs: on ns-3 nodes with their stacks (a fabric realized
 * by PacketTopologyRealizer), or on a flow engine's endpoints (FlowTopologyRealizer, or a
 * time-slotted RdcnFluidNetwork). Fabric helpers realize a network for a level, never for a
 * named backend.
 */
enum class NetworkLevel : uint8_t
{
    PACKET, //!< ns-3 nodes, devices, stacks and queues
    FLOW,   //!< a FlowEngine's endpoints
};

/**
 * \ingroup optical
 * \brief What a backend models, as bits of BackendInfo::features: the composition matrix and
 * the programs' option checks ask for features, not for backends.
 */
struct BackendFeature
{
    /// The bits.
    enum Bits : uint32_t
    {
        PACKETS = 1u << 0,         //!< Packets with headers, serialization per hop
        QUEUEING = 1u << 1,        //!< Queues and queueing delay in switches
        LOSS = 1u << 2,            //!< Packets can be dropped (full queues, dark circuits)
        TCP_DYNAMICS = 1u << 3,    //!< Congestion control, retransmission, handshakes
        MAX_MIN_SHARING = 1u << 4, //!< Links shared max-min fairly, rates recomputed per change
        LANES = 1u << 5,           //!< Messages pinned to parallel lanes (SendOnLane)
        LARGE_SCALE = 1u << 6,     //!< Thousands of GPUs without an ns-3 node per GPU
        LOSSLESS = 1u << 7,        //!< Priority flow control: switches pause, never drop
        RDMA_CC = 1u << 8,         //!< RDMA congestion control (DCQCN, HPCC) and go-back-N
    };
};

/**
 * \ingroup optical
 * \brief The ranks a backend's transport serves, as a fabric realized them: ns-3 nodes at
 * packet level, a flow engine's endpoints at flow level; and each rank's scale-up domain.
 */
struct BackendRanks
{
    std::vector<Ptr<Node>> nodes;            //!< PACKET: node of each rank
    Ptr<FlowEngine> engine;                  //!< FLOW: the engine
    std::vector<uint32_t> endpoints;         //!< FLOW: engine endpoint of each rank
    std::vector<Ptr<ScaleUpDomain>> scaleUp; //!< Scale-up domain of each rank (or nullptr)
    std::vector<uint32_t> local;             //!< Each rank's GPU index in its domain

    /// \return the number of ranks
    uint32_t GetN() const;
};

/**
 * \ingroup optical
 * \brief One backend of the registry: its name, help, network level, features, transport type
 * and how its transport is installed on ranks.
 */
struct BackendInfo
{
    Backend backend;           //!< The key
    std::string name;          //!< Name on the command line
    std::string help;          //!< One sentence for --help and the doc
    NetworkLevel level;        //!< Where its transport runs
    uint32_t features{0};      //!< BackendFeature bits
    std::string transportType; //!< TypeId name of its transport (attributes go to its factory)
    /// Installs the transport (created by the factory, of transportType) on the ranks.
    std::function<Ptr<CollectiveTransport>(const ObjectFactory& factory, const BackendRanks& ranks)>
        install;
    /// Wall time per delivered 9 KB packet (us) measured on a 2-core machine (doc/optical.rst,
    /// "Performance"), for announcing packet-level work before a run, with a hint to run faster
    /// (may be empty); null for backends without packets.
    std::function<double(std::string& hint)> packetCostUs;

    /// \param [in] f BackendFeature bits \return true if the backend has all of them
    bool Has(uint32_t f) const;
};

/**
 * \ingroup optical
 * \brief The one place that names the backends: options (OpticalExperiment::AddBackend),
 * helpers (CollectiveHelper) and studies ask it what a backend is and how to install it.
 *
 * Adding a backend: a value in Backend, an entry in collective-backend.cc (name, help, level,
 * features, transport type, install function) and the transport's own files.
 */
class BackendRegistry
{
  public:
    /// \return every backend, in Backend order
    static const std::vector<BackendInfo>& GetAll();

    /**
     * \param [in] backend A backend
     * \return its entry
     */
    static const BackendInfo& Get(Backend backend);

    /**
     * \param [in] features BackendFeature bits (0: any)
     * \param [in] level Only backends of this level, if given
     * \return the backends with all of them, in registry order
     */
    static std::vector<Backend> Find(uint32_t features = 0, const NetworkLevel* level = nullptr);

    /**
     * \brief Checks that a backend can serve a program.
     * \param [in] backend The backend
     * \param [in] allowed The backends the program supports
     * \param [out] error If not allowed: the backend, the allowed ones and why
     * \return true if allowed
     */
    static bool Check(Backend backend, const std::vector<Backend>& allowed, std::string& error);

    /// \param [in] backends Backends \return their names, "packet, flow"
    static std::string Names(const std::vector<Backend>& backends);

    /// \return a help paragraph: each backend's name and help
    static std::string Describe();
};

} // namespace ns3

#endif /* COLLECTIVE_BACKEND_H */
