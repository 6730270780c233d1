/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_SERVER_FABRIC_H
#define PHOTONIC_SERVER_FABRIC_H

#include "torus-geometry.h"

#include "ns3/object.h"
#include "ns3/ocs-configuration.h"
#include "ns3/optical-circuit-switch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The programmable photonic interconnect inside one server of a torus datacenter
 * (Morphlux): it joins its accelerators' torus ports and the fibres that leave the server.
 *
 * It is an OpticalCircuitSwitch (the one circuit mechanism of the module: a reconfiguration
 * delay during which only the changed paths are dark, an insertion loss per path, the same
 * traces) whose ports are structured:
 *
 * - accelerator port (i, p), for the server's accelerator i (local order) and torus port p,
 *   is switch port 6 i + p;
 * - outward fibre k, for the k-th accelerator port (in that order) whose torus link leaves the
 *   server, is switch port 6 A + k (A accelerators). It leads to the matching fibre of the
 *   neighbouring server.
 *
 * The default configuration reproduces the plain torus: every accelerator port whose link
 * stays in the server is joined to the port at the link's other end, every other port to its
 * outward fibre. Other configurations steer bandwidth: two accelerator ports joined directly
 * (a path inside the server), or two outward fibres joined (traffic passes through this server
 * to stitch non-adjacent servers). Reprogramming is OpticalCircuitSwitch::Reconfigure with the
 * switch's ReconfigurationDelay (device classes ``mzi-mesh``, 1.1 s, as in the Morphlux
 * prototype, or ``interposer``, 3.7 us).
 */
class PhotonicServerFabric : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    PhotonicServerFabric();

    /**
     * \brief Builds the fabric of one server: its switch, sized and set to the default
     * configuration.
     * \param [in] geometry The datacenter
     * \param [in] server The server
     * \param [in] ocs The switch to use (attributes set by the caller; its PortCount is set here)
     */
    void Setup(const TorusGeometry& geometry, uint32_t server, Ptr<OpticalCircuitSwitch> ocs);

    /// \return the server
    uint32_t GetServer() const;

    /// \return the switch
    Ptr<OpticalCircuitSwitch> GetSwitch() const;

    /// \return accelerators of the server (global ids, local order)
    const std::vector<uint32_t>& GetAccelerators() const;

    /**
     * \param [in] local Accelerator index in the server
     * \param [in] port Torus port (0..5)
     * \return the switch port of an accelerator port
     */
    uint32_t GetAcceleratorPort(uint32_t local, uint32_t port) const;

    /**
     * \param [in] local Accelerator index in the server
     * \param [in] port Torus port (0..5)
     * \return the switch port of the outward fibre at that position, or -1 if the port's torus
     * link stays inside the server
     */
    int32_t GetOutwardPort(uint32_t local, uint32_t port) const;

    /// \return the number of outward fibres
    uint32_t GetNOutward() const;

    /**
     * \param [in] switchPort A switch port
     * \param [out] local Accelerator index (accelerator ports), or of the position of the fibre
     * \param [out] port Torus port of that position
     * \return true if the switch port is an accelerator port, false for an outward fibre
     */
    bool Describe(uint32_t switchPort, uint32_t& local, uint32_t& port) const;

    /// \return the configuration that reproduces the plain torus
    const OcsConfiguration& GetDefaultConfiguration() const;

  protected:
    void DoDispose() override;

  private:
    uint32_t m_server{0};                  //!< Server
    Ptr<OpticalCircuitSwitch> m_ocs;       //!< The switch
    std::vector<uint32_t> m_accelerators;  //!< Accelerators, local order
    std::vector<int32_t> m_outward;        //!< (6 i + p) -> outward switch port or -1
    std::vector<uint32_t> m_outwardOrigin; //!< Outward index -> 6 i + p
    OcsConfiguration m_default;            //!< The plain torus
};

} // namespace ns3

#endif /* PHOTONIC_SERVER_FABRIC_H */
