/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TORUS_FABRIC_H
#define TORUS_FABRIC_H

#include "photonic-server-fabric.h"
#include "torus-geometry.h"

#include "ns3/flow-topology.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"

#include <array>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A torus datacenter whose servers each hold a PhotonicServerFabric: where the light
 * from each accelerator port ends up, through the fabrics and the fibres between servers.
 *
 * A path starts at an accelerator port, crosses its server's fabric, and either ends at
 * another accelerator port of the server or leaves on an outward fibre, which reaches the
 * neighbouring server's fibre at the same torus link, whose fabric forwards it again, until it
 * ends at an accelerator port. With every fabric in its default configuration the paths are
 * exactly the torus links. A path is usable only while every circuit on it is lit. With
 * inter-rack switches (SetupInterRack()) the wrap-around links cross them, and a path may join
 * two racks.
 */
class TorusFabric : public Object
{
  public:
    /// One end of a path: an accelerator's torus port.
    struct End
    {
        uint32_t accelerator{0}; //!< Accelerator
        uint32_t port{0};        //!< Its port (0..5)
    };

    /// A lit path between two accelerator ports, one bandwidth unit.
    struct Path
    {
        End a;                         //!< One end (the lower accelerator, then port)
        End b;                         //!< The other end
        std::vector<uint32_t> servers; //!< Servers whose fabric it crosses, in order from a
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    TorusFabric();

    /**
     * \brief Builds one fabric per server.
     * \param [in] geometry The datacenter (copied)
     * \param [in] ocsFactory Creates each server's switch (type ns3::OpticalCircuitSwitch, with
     * its ReconfigurationDelay, InsertionLoss, ...)
     * \param [in] modelFactory If its type is set, creates each switch's own switch model
     * (an ns3::OcsSwitchModel such as ns3::CompiledSwitchModel: what is inside the fabric),
     * set before the fabric's default configuration
     */
    void Setup(const TorusGeometry& geometry,
               ObjectFactory ocsFactory,
               ObjectFactory modelFactory = ObjectFactory());

    /**
     * \brief Joins the racks through optical circuit switches, as TPUv4 does: every
     * wrap-around link of a rack (from the last accelerator of a dimension back to the first)
     * goes through an OCS instead of a direct fibre. There is one OCS per dimension d and per
     * position on the rack's face across d (X x Y positions for Z, ...), with two ports per
     * rack: port 2 r is rack r's + end (the last accelerator's + port), port 2 r + 1 its - end
     * (the first accelerator's - port). The default configuration joins each rack's ends (the
     * plain torus); joining rack r's + end to rack r''s - end (and back) makes one torus of
     * the two racks in that dimension. Call after Setup() and before Build().
     * \param [in] factory Creates the switches (ns3::OpticalCircuitSwitch; PortCount is set)
     */
    void SetupInterRack(ObjectFactory factory);

    /// \return true if SetupInterRack() was called
    bool HasInterRack() const;

    /**
     * \param [in] dimension Dimension (0, 1, 2 for X, Y, Z; its rack size must be above 1)
     * \param [in] position Position on the face (the other two coordinates, lower dimension
     * fastest)
     * \return the inter-rack switch
     */
    Ptr<OpticalCircuitSwitch> GetInterRackSwitch(uint32_t dimension, uint32_t position) const;

    /**
     * \param [in] dimension Dimension (0, 1, 2 for X, Y, Z)
     * \return the number of its inter-rack switches (0 without them, or if the rack is one
     * accelerator wide in that dimension)
     */
    uint32_t GetNInterRackSwitches(uint32_t dimension) const;

    /**
     * \brief Where a wrap-around link's end meets its inter-rack switch.
     * \param [in] accelerator An accelerator at the first or last position of a dimension
     * \param [in] port Its port leaving the rack in that dimension (+ at the last, - at the
     * first)
     * \param [out] position The switch's position on the face
     * \param [out] switchPort The switch's port
     * \return false if that port's link is not a wrap-around link or there are no inter-rack
     * switches
     */
    bool GetInterRackPort(uint32_t accelerator,
                          uint32_t port,
                          uint32_t& position,
                          uint32_t& switchPort) const;

    /// \return the geometry
    const TorusGeometry& GetGeometry() const;

    /// \return the fabric of a server
    Ptr<PhotonicServerFabric> GetServerFabric(uint32_t server) const;

    /**
     * \brief Follows the light from an accelerator port.
     * \param [in] accelerator Accelerator
     * \param [in] port Port
     * \param [out] end The accelerator port it reaches
     * \param [out] servers If not null, the servers crossed, in order
     * \return false if it meets a dark or unconnected circuit
     */
    bool Trace(uint32_t accelerator,
               uint32_t port,
               End& end,
               std::vector<uint32_t>* servers = nullptr) const;

    /// \return every lit path, once
    std::vector<Path> GetPaths() const;

    /**
     * \brief Keeps a flow-level graph in step with the fabrics: the dynamic part of the
     * datacenter at flow level (its static part, one vertex per accelerator, is
     * TorusDatacenterHelper::Describe() made by FlowTopologyRealizer). There is one directed
     * link from a to b carrying as many units of bandwidth as there are lit paths between a's
     * ports and b's (the accelerator stripes its traffic to b over them, as a collective
     * library stripes a connection's channels). When fabrics reconfigure, a pair's link takes
     * its new number of paths, goes down when it has none, and a pair newly joined gets a
     * link. A path from an accelerator back to itself gets none.
     * \param [in] topology The graph (one TorusFabric per graph)
     * \param [in] vertices The vertex of each accelerator, by accelerator id
     * \param [in] unitBps Bandwidth of one torus port (bit/s, > 0)
     * \param [in] delay Delay of a path (the fibre and the fabrics)
     */
    void Track(Ptr<FlowTopology> topology,
               const std::vector<uint32_t>& vertices,
               double unitBps,
               Time delay);

    /**
     * \brief Builds the datacenter in a flow-level graph: one vertex per accelerator
     * ("acc<i>", in id order, as FlowTopologyRealizer names the hosts of
     * TorusDatacenterHelper::Describe()), then Track(). TorusDatacenterHelper::Build does the
     * same through the description.
     * \param [in] topology The graph (one TorusFabric per graph)
     * \param [in] unitBps Bandwidth of one torus port (bit/s, > 0)
     * \param [in] delay Delay of a path (the fibre and the fabrics)
     * \return the accelerator vertices, by accelerator id
     */
    std::vector<uint32_t> Build(Ptr<FlowTopology> topology, double unitBps, Time delay);

    /**
     * \param [in] accelerator Accelerator
     * \param [in] port Port
     * \return the flow-level link (of the pair) that the port's lit path feeds now (-1 if
     * none is lit)
     */
    int64_t GetFlowLink(uint32_t accelerator, uint32_t port) const;

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief An inter-rack switch changed a circuit: re-trace every rack once, now.
     * \param [in] from Changed circuit's input port (unused)
     * \param [in] to Changed circuit's output port (unused)
     */
    void InterRackChanged(uint32_t from, uint32_t to);

    /**
     * \brief A circuit of a server's fabric changed: re-trace its rack once, now.
     * \param [in] server The server
     * \param [in] from Changed circuit's input port
     * \param [in] to Changed circuit's output port
     */
    void Changed(uint32_t server, uint32_t from, uint32_t to);

    /**
     * \brief Re-traces every port of a server's rack and updates the flow-level links.
     * \param [in] server A server of the rack
     */
    void Refresh(uint32_t server);

    std::vector<bool> m_refreshPending;                        //!< Per rack: a Refresh scheduled
    Ptr<FlowTopology> m_topology;                              //!< Flow-level graph, if built
    std::vector<uint32_t> m_vertices;                          //!< Accelerator -> vertex
    double m_unitBps{0};                                       //!< Port bandwidth
    Time m_delay;                                              //!< Path delay
    std::vector<int64_t> m_portLink;                           //!< (6 a + p) -> current link or -1
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> m_links; //!< (a, b) -> link
    TorusGeometry m_geometry;                                  //!< Geometry
    std::vector<Ptr<PhotonicServerFabric>> m_fabrics;          //!< One per server
    /// Inter-rack switches per dimension and face position (empty: direct wrap-arounds)
    std::array<std::vector<Ptr<OpticalCircuitSwitch>>, 3> m_interRack;
};

} // namespace ns3

#endif /* TORUS_FABRIC_H */
