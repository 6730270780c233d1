/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TORUS_GEOMETRY_H
#define TORUS_GEOMETRY_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The wiring of a torus ML datacenter (TPUv4-like): racks of X x Y x Z accelerators,
 * each rack a 3D torus with wrap-around links, cut into servers of sx x sy x sz accelerators.
 *
 * Numbering: accelerator (rack r, x, y, z) is r X Y Z + x + X (y + Y z); server (rack r, i, j,
 * k) in server units is r S + i + (X / sx)(j + (Y / sy) k) with S servers per rack. Each
 * accelerator has six ports, port 2 d for +d and 2 d + 1 for -d (d = 0, 1, 2 for X, Y, Z), each
 * of one bandwidth unit. Each accelerator owns the link of its + port in each dimension, so
 * there are 3 links per accelerator; in a dimension of size 2 the + and - links of a pair are
 * two distinct links. A link is intra-server if both ends are on one server. A rack dimension
 * of size 1 has no links: the ports of that dimension do not exist (HasPort() is false; their
 * Link entries join the accelerator to itself and are never lit). The Morphlux prototype (four
 * GPUs in a 2 x 2 square, X and Y ports only) is the rack 2x2x1.
 *
 * Pure geometry: no ns-3 objects. Helpers build devices and flow graphs from it.
 */
class TorusGeometry
{
  public:
    /// Ports per accelerator.
    static constexpr uint32_t PORTS = 6;

    /// A position inside a rack (accelerators or, for servers, server units).
    struct Coord
    {
        uint32_t x{0}; //!< X
        uint32_t y{0}; //!< Y
        uint32_t z{0}; //!< Z
    };

    /// An undirected torus link: the + port of \c a to the - port of \c b.
    struct Link
    {
        uint32_t a{0};           //!< Accelerator owning the link (its + port)
        uint32_t portA{0};       //!< Port of a (2 d)
        uint32_t b{0};           //!< Neighbour
        uint32_t portB{0};       //!< Port of b (2 d + 1)
        bool intraServer{false}; //!< Both ends on one server
    };

    TorusGeometry() = default;

    /// Largest datacenter the geometry holds, in accelerators (2^24), and so the largest
    /// dimension of a shape.
    static constexpr uint32_t MAX_ACCELERATORS = 1u << 24;

    /**
     * \brief Parses a shape "AxBxC": three whole numbers written in decimal digits, each from 1
     * to MAX_ACCELERATORS, joined by 'x' (blanks around the whole text aside). Signs, blanks
     * inside, exponents, fractions and hexadecimal are refused.
     * \param [in] text The text
     * \param [out] shape The shape (unchanged on failure)
     * \param [out] error What is wrong, naming the text and what is allowed
     * \return true on success
     */
    static bool ParseShape(const std::string& text,
                           std::array<uint32_t, 3>& shape,
                           std::string& error);

    /**
     * \brief Parses a comma-separated list of shapes "AxBxC,AxBxC,..." (each as ParseShape();
     * an empty list or an empty item, such as a trailing comma, is refused).
     * \param [in] text The list
     * \param [out] shapes The shapes, in order (cleared first)
     * \param [out] error What is wrong, naming the item
     * \param [in] maxCount Most shapes allowed
     * \return true on success
     */
    static bool ParseShapeList(const std::string& text,
                               std::vector<std::array<uint32_t, 3>>& shapes,
                               std::string& error,
                               size_t maxCount = 1000);

    /**
     * \brief Splits a comma-separated list into its items, refusing an empty list and empty
     * items (",", a leading or trailing comma); each item is trimmed of blanks.
     * \param [in] text The list
     * \param [out] items The items (cleared first)
     * \param [out] error What is wrong, naming the list
     * \param [in] maxCount Most items allowed
     * \return true on success
     */
    static bool SplitList(const std::string& text,
                          std::vector<std::string>& items,
                          std::string& error,
                          size_t maxCount = 1000);

    /**
     * \brief Checks a datacenter shape.
     * \param [in] racks Racks (> 0)
     * \param [in] rack Accelerators per rack in X, Y, Z (each >= 1; a dimension of 1 has no
     * links)
     * \param [in] server Accelerators per server in X, Y, Z (each > 0 and dividing the rack's)
     * \return "" if valid (at most MAX_ACCELERATORS accelerators in all), else what is wrong,
     * naming the value
     */
    static std::string Check(uint32_t racks,
                             const std::array<uint32_t, 3>& rack,
                             const std::array<uint32_t, 3>& server);

    /**
     * \brief Sets the shape (default-constructed geometries are empty).
     * \param [in] racks Racks
     * \param [in] rack Rack shape
     * \param [in] server Server shape
     * \param [out] error What is wrong (the geometry is unchanged on failure)
     * \return true on success
     */
    bool Configure(uint32_t racks,
                   const std::array<uint32_t, 3>& rack,
                   const std::array<uint32_t, 3>& server,
                   std::string& error);

    /**
     * \brief Configure() with the rack and server shapes as text ("4x4x4", "2x2x1").
     * \param [in] racks Racks
     * \param [in] rack Rack shape
     * \param [in] server Server shape
     * \param [out] error What is wrong (a malformed shape is named as rack or server shape)
     * \return true on success
     */
    bool ConfigureFromText(uint32_t racks,
                           const std::string& rack,
                           const std::string& server,
                           std::string& error);

    /**
     * \brief ConfigureFromText() for a program's options: also refuses a datacenter of more
     * than \p maxAccelerators, and says which of the three inputs is wrong.
     * \param [in] racks Racks
     * \param [in] rack Rack shape
     * \param [in] server Server shape
     * \param [in] maxAccelerators Largest datacenter allowed, in accelerators
     * \param [out] culprit On failure: "rack", "server" or "racks"
     * \param [out] error What is wrong
     * \return true on success
     */
    bool ConfigureFromText(uint32_t racks,
                           const std::string& rack,
                           const std::string& server,
                           uint64_t maxAccelerators,
                           std::string& culprit,
                           std::string& error);

    /// \return racks
    uint32_t GetNRacks() const;
    /// \return true if the port exists (its dimension has a size above 1)
    bool HasPort(uint32_t port) const;
    /// \return accelerators in all
    uint32_t GetNAccelerators() const;
    /// \return accelerators per rack
    uint32_t GetAcceleratorsPerRack() const;
    /// \return servers in all
    uint32_t GetNServers() const;
    /// \return servers per rack
    uint32_t GetServersPerRack() const;
    /// \return accelerators per server
    uint32_t GetAcceleratorsPerServer() const;
    /// \return the rack shape
    const std::array<uint32_t, 3>& GetRackShape() const;
    /// \return the server shape
    const std::array<uint32_t, 3>& GetServerShape() const;

    /// \return the rack of an accelerator
    uint32_t GetRack(uint32_t accelerator) const;
    /// \return the position of an accelerator in its rack
    Coord GetCoord(uint32_t accelerator) const;
    /// \return the accelerator at a position of a rack
    uint32_t GetAccelerator(uint32_t rack, const Coord& c) const;
    /// \return the server of an accelerator
    uint32_t GetServer(uint32_t accelerator) const;
    /// \return the position of a server in its rack, in server units
    Coord GetServerCoord(uint32_t server) const;
    /// \return the server at a position (server units) of a rack
    uint32_t GetServerAt(uint32_t rack, const Coord& c) const;
    /// \return the accelerators of a server, in local order (x fastest)
    std::vector<uint32_t> GetServerAccelerators(uint32_t server) const;
    /// \return the index of an accelerator inside its server
    uint32_t GetLocalIndex(uint32_t accelerator) const;

    /**
     * \param [in] accelerator Accelerator
     * \param [in] port Port (0..5)
     * \return the accelerator at the other end of the port's link (wrap-around in the rack)
     */
    uint32_t GetNeighbour(uint32_t accelerator, uint32_t port) const;

    /// \return the link of an accelerator's port
    uint32_t GetLink(uint32_t accelerator, uint32_t port) const;

    /// \return every link (index = link id: 3 per accelerator, accelerator-major)
    const std::vector<Link>& GetLinks() const;

  private:
    uint32_t m_racks{0};                       //!< Racks
    std::array<uint32_t, 3> m_rack{0, 0, 0};   //!< Rack shape
    std::array<uint32_t, 3> m_server{0, 0, 0}; //!< Server shape
    std::vector<Link> m_links;                 //!< Links
};

} // namespace ns3

#endif /* TORUS_GEOMETRY_H */
