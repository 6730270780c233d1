/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TORUS_IP_ROUTING_H
#define TORUS_IP_ROUTING_H

#include "torus-fabric.h"

#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/object.h"
#include "ns3/ocs-configuration.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief IPv4 forwarding over a torus datacenter at packet level, kept in step with the
 * servers' photonic fabrics.
 *
 * Accelerator a's port p has the address 10.0.0.0 + 8 a + p (/32); the eight addresses
 * 10.0.0.0 + 8 a ... + 7 are a's block (/29). Each lit path is a link between two
 * accelerators' ports; accelerators forward packets (IP forwarding) along shortest paths in
 * hops over the lit paths. Every time a server's fabric (or an inter-rack switch) finishes a
 * reconfiguration, every
 * node's static routes are computed again: one /29 route per reachable accelerator, out of
 * the port whose path leads to the first hop. Packets sent into a dark circuit are lost at
 * the switch, as light is.
 */
class TorusIpRouting : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    TorusIpRouting();

    /**
     * \param [in] accelerator Accelerator
     * \param [in] port Port (0..5)
     * \return the address of the port
     */
    static Ipv4Address GetAddress(uint32_t accelerator, uint32_t port);

    /**
     * \param [in] accelerator Accelerator
     * \return the address of its first port: the one to send to
     */
    Ipv4Address GetAcceleratorAddress(uint32_t accelerator) const;

    /**
     * \brief Starts routing.
     * \param [in] fabric The datacenter
     * \param [in] nodes Node of each accelerator (Internet stack installed)
     * \param [in] interfaces IPv4 interface of each accelerator port (-1: no port)
     */
    void Setup(Ptr<TorusFabric> fabric,
               NodeContainer nodes,
               const std::vector<std::array<int32_t, 6>>& interfaces);

    /// \brief Computes every node's routes from the lit paths now.
    void Update();

    /// \return route computations so far
    uint64_t GetNUpdates() const;

  protected:
    void DoDispose() override;

  private:
    /// \brief A fabric finished switching.
    void Switched(const OcsConfiguration& config);

    Ptr<TorusFabric> m_fabric;                        //!< Datacenter
    NodeContainer m_nodes;                            //!< Accelerators
    std::vector<std::array<int32_t, 6>> m_interfaces; //!< Port -> IPv4 interface
    uint64_t m_updates{0};                            //!< Computations
};

} // namespace ns3

#endif /* TORUS_IP_ROUTING_H */
