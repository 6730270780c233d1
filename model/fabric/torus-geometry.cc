/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-geometry.h"

#include "ns3/abort.h"
#include "ns3/optical-data-file.h"

#include <sstream>

namespace ns3
{

namespace
{
/// Dimension names, for messages.
const char* const DIMENSION[3] = {"X", "Y", "Z"};

/// \return "AxBxC"
std::string
Shape(const std::array<uint32_t, 3>& s)
{
    return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}
} // namespace

bool
TorusGeometry::ParseShape(const std::string& text,
                          std::array<uint32_t, 3>& shape,
                          std::string& error)
{
    std::array<uint32_t, 3> parsed{};
    const std::string t = OpticalUnits::Trim(text);
    const std::size_t x1 = t.find('x');
    const std::size_t x2 = x1 == std::string::npos ? x1 : t.find('x', x1 + 1);
    if (x1 == std::string::npos || x2 == std::string::npos ||
        t.find('x', x2 + 1) != std::string::npos)
    {
        error = "shape '" + text + "' is not AxBxC with whole numbers 1 to " +
                std::to_string(MAX_SHAPE_DIMENSION);
        return false;
    }
    const std::string parts[3] = {t.substr(0, x1), t.substr(x1 + 1, x2 - x1 - 1), t.substr(x2 + 1)};
    for (int d = 0; d < 3; ++d)
    {
        uint64_t v = 0;
        std::string why;
        // Digits only: "1e3" or "+4" are not dimensions of a shape.
        const bool digits =
            !parts[d].empty() && parts[d].find_first_not_of("0123456789") == std::string::npos;
        if (!digits || !OpticalDataFile::ReadCount(parts[d], 1, MAX_SHAPE_DIMENSION, v, why))
        {
            error = "shape '" + text + "' is not AxBxC with whole numbers 1 to " +
                    std::to_string(MAX_SHAPE_DIMENSION) + " (dimension " + DIMENSION[d] + ": '" +
                    parts[d] + "')";
            return false;
        }
        parsed[d] = static_cast<uint32_t>(v);
    }
    shape = parsed;
    return true;
}

std::string
TorusGeometry::Check(uint32_t racks,
                     const std::array<uint32_t, 3>& rack,
                     const std::array<uint32_t, 3>& server)
{
    if (racks == 0)
    {
        return "a torus datacenter needs at least 1 rack (got 0)";
    }
    for (int d = 0; d < 3; ++d)
    {
        if (rack[d] == 0)
        {
            return "rack shape " + Shape(rack) + ": dimension " + DIMENSION[d] +
                   " is 0 (at least 1; a dimension of 1 has no links)";
        }
        if (server[d] == 0 || rack[d] % server[d] != 0)
        {
            return "server shape " + Shape(server) + " does not tile rack shape " + Shape(rack) +
                   ": dimension " + DIMENSION[d] + " " + std::to_string(server[d]) +
                   " must divide " + std::to_string(rack[d]);
        }
    }
    const uint64_t total = static_cast<uint64_t>(racks) * rack[0] * rack[1] * rack[2];
    if (total > (1u << 24))
    {
        return std::to_string(racks) + " racks of " + Shape(rack) + " make " +
               std::to_string(total) + " accelerators (at most 2^24)";
    }
    return "";
}

bool
TorusGeometry::Configure(uint32_t racks,
                         const std::array<uint32_t, 3>& rack,
                         const std::array<uint32_t, 3>& server,
                         std::string& error)
{
    error = Check(racks, rack, server);
    if (!error.empty())
    {
        return false;
    }
    m_racks = racks;
    m_rack = rack;
    m_server = server;
    m_links.clear();
    m_links.reserve(3 * GetNAccelerators());
    for (uint32_t a = 0; a < GetNAccelerators(); ++a)
    {
        for (uint32_t d = 0; d < 3; ++d)
        {
            Link link;
            link.a = a;
            link.portA = 2 * d;
            link.b = GetNeighbour(a, 2 * d);
            link.portB = 2 * d + 1;
            link.intraServer = GetServer(a) == GetServer(link.b);
            m_links.push_back(link);
        }
    }
    return true;
}

bool
TorusGeometry::ConfigureFromText(uint32_t racks,
                                 const std::string& rack,
                                 const std::string& server,
                                 std::string& error)
{
    std::array<uint32_t, 3> r{};
    std::array<uint32_t, 3> s{};
    if (!ParseShape(rack, r, error))
    {
        error = "rack " + error;
        return false;
    }
    if (!ParseShape(server, s, error))
    {
        error = "server " + error;
        return false;
    }
    return Configure(racks, r, s, error);
}

bool
TorusGeometry::HasPort(uint32_t port) const
{
    return port < PORTS && m_rack[port / 2] > 1;
}

uint32_t
TorusGeometry::GetNRacks() const
{
    return m_racks;
}

uint32_t
TorusGeometry::GetAcceleratorsPerRack() const
{
    return m_rack[0] * m_rack[1] * m_rack[2];
}

uint32_t
TorusGeometry::GetNAccelerators() const
{
    return m_racks * GetAcceleratorsPerRack();
}

uint32_t
TorusGeometry::GetAcceleratorsPerServer() const
{
    return m_server[0] * m_server[1] * m_server[2];
}

uint32_t
TorusGeometry::GetServersPerRack() const
{
    return GetAcceleratorsPerServer() == 0 ? 0
                                           : GetAcceleratorsPerRack() / GetAcceleratorsPerServer();
}

uint32_t
TorusGeometry::GetNServers() const
{
    return m_racks * GetServersPerRack();
}

const std::array<uint32_t, 3>&
TorusGeometry::GetRackShape() const
{
    return m_rack;
}

const std::array<uint32_t, 3>&
TorusGeometry::GetServerShape() const
{
    return m_server;
}

uint32_t
TorusGeometry::GetRack(uint32_t accelerator) const
{
    NS_ABORT_MSG_IF(accelerator >= GetNAccelerators(),
                    "TorusGeometry: no accelerator " << accelerator << " (there are "
                                                     << GetNAccelerators() << ")");
    return accelerator / GetAcceleratorsPerRack();
}

TorusGeometry::Coord
TorusGeometry::GetCoord(uint32_t accelerator) const
{
    const uint32_t local = accelerator - GetRack(accelerator) * GetAcceleratorsPerRack();
    return Coord{local % m_rack[0],
                 (local / m_rack[0]) % m_rack[1],
                 local / (m_rack[0] * m_rack[1])};
}

uint32_t
TorusGeometry::GetAccelerator(uint32_t rack, const Coord& c) const
{
    NS_ABORT_MSG_IF(rack >= m_racks || c.x >= m_rack[0] || c.y >= m_rack[1] || c.z >= m_rack[2],
                    "TorusGeometry: no position (" << c.x << ", " << c.y << ", " << c.z
                                                   << ") in rack " << rack);
    return rack * GetAcceleratorsPerRack() + c.x + m_rack[0] * (c.y + m_rack[1] * c.z);
}

uint32_t
TorusGeometry::GetServer(uint32_t accelerator) const
{
    const Coord c = GetCoord(accelerator);
    return GetServerAt(GetRack(accelerator),
                       Coord{c.x / m_server[0], c.y / m_server[1], c.z / m_server[2]});
}

TorusGeometry::Coord
TorusGeometry::GetServerCoord(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= GetNServers(),
                    "TorusGeometry: no server " << server << " (there are " << GetNServers()
                                                << ")");
    const uint32_t local = server % GetServersPerRack();
    const uint32_t nx = m_rack[0] / m_server[0];
    const uint32_t ny = m_rack[1] / m_server[1];
    return Coord{local % nx, (local / nx) % ny, local / (nx * ny)};
}

uint32_t
TorusGeometry::GetServerAt(uint32_t rack, const Coord& c) const
{
    const uint32_t nx = m_rack[0] / m_server[0];
    const uint32_t ny = m_rack[1] / m_server[1];
    return rack * GetServersPerRack() + c.x + nx * (c.y + ny * c.z);
}

std::vector<uint32_t>
TorusGeometry::GetServerAccelerators(uint32_t server) const
{
    const Coord s = GetServerCoord(server);
    const uint32_t rack = server / GetServersPerRack();
    std::vector<uint32_t> out;
    for (uint32_t k = 0; k < m_server[2]; ++k)
    {
        for (uint32_t j = 0; j < m_server[1]; ++j)
        {
            for (uint32_t i = 0; i < m_server[0]; ++i)
            {
                out.push_back(GetAccelerator(
                    rack,
                    Coord{s.x * m_server[0] + i, s.y * m_server[1] + j, s.z * m_server[2] + k}));
            }
        }
    }
    return out;
}

uint32_t
TorusGeometry::GetLocalIndex(uint32_t accelerator) const
{
    const Coord c = GetCoord(accelerator);
    return c.x % m_server[0] +
           m_server[0] * (c.y % m_server[1] + m_server[1] * (c.z % m_server[2]));
}

uint32_t
TorusGeometry::GetNeighbour(uint32_t accelerator, uint32_t port) const
{
    NS_ABORT_MSG_IF(port >= PORTS, "TorusGeometry: no port " << port << " (ports 0..5)");
    Coord c = GetCoord(accelerator);
    uint32_t* v[3] = {&c.x, &c.y, &c.z};
    const uint32_t d = port / 2;
    const uint32_t n = m_rack[d];
    *v[d] = port % 2 == 0 ? (*v[d] + 1) % n : (*v[d] + n - 1) % n;
    return GetAccelerator(GetRack(accelerator), c);
}

uint32_t
TorusGeometry::GetLink(uint32_t accelerator, uint32_t port) const
{
    NS_ABORT_MSG_IF(port >= PORTS, "TorusGeometry: no port " << port << " (ports 0..5)");
    const uint32_t d = port / 2;
    // The + port's link is the accelerator's own; the - port's is the - neighbour's + link.
    const uint32_t owner = port % 2 == 0 ? accelerator : GetNeighbour(accelerator, port);
    return 3 * owner + d;
}

const std::vector<TorusGeometry::Link>&
TorusGeometry::GetLinks() const
{
    return m_links;
}

} // namespace ns3
