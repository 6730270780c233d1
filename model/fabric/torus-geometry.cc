/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "torus-geometry.h"

#include "ns3/abort.h"
#include "ns3/optical-units.h"

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
TorusGeometry::SplitList(const std::string& text,
                         std::vector<std::string>& items,
                         std::string& error,
                         size_t maxCount)
{
    items.clear();
    const std::string list = OpticalUnits::Trim(text);
    if (list.empty())
    {
        error = "empty list (give at least one item)";
        return false;
    }
    size_t begin = 0;
    while (true)
    {
        const size_t comma = list.find(',', begin);
        const std::string item = OpticalUnits::Trim(
            list.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin));
        if (item.empty())
        {
            error = "empty item in '" + text + "' (items are separated by single commas)";
            return false;
        }
        if (items.size() == maxCount)
        {
            error = "more than " + std::to_string(maxCount) + " items in the list";
            return false;
        }
        items.push_back(item);
        if (comma == std::string::npos)
        {
            return true;
        }
        begin = comma + 1;
    }
}

bool
TorusGeometry::ParseShape(const std::string& text,
                          std::array<uint32_t, 3>& shape,
                          std::string& error)
{
    const std::string trimmed = OpticalUnits::Trim(text);
    const std::string allowed = "AxBxC, each a whole number from 1 to " +
                                std::to_string(MAX_ACCELERATORS) + " in decimal digits";
    std::array<uint32_t, 3> parsed{};
    size_t begin = 0;
    for (int d = 0; d < 3; ++d)
    {
        const size_t end = d < 2 ? trimmed.find('x', begin) : trimmed.size();
        const std::string part =
            end == std::string::npos ? std::string() : trimmed.substr(begin, end - begin);
        // Digits only (the length bound keeps the number well inside 64 bits).
        const bool digits = !part.empty() && part.size() <= 9 &&
                            part.find_first_not_of("0123456789") == std::string::npos;
        const uint64_t value = digits ? std::stoull(part) : 0;
        if (!digits || value == 0 || value > MAX_ACCELERATORS)
        {
            error = "shape '" + text + "' is not " + allowed;
            return false;
        }
        parsed[d] = static_cast<uint32_t>(value);
        begin = end + 1;
    }
    shape = parsed;
    return true;
}

bool
TorusGeometry::ParseShapeList(const std::string& text,
                              std::vector<std::array<uint32_t, 3>>& shapes,
                              std::string& error,
                              size_t maxCount)
{
    shapes.clear();
    std::vector<std::string> items;
    if (!SplitList(text, items, error, maxCount))
    {
        error = "shape list: " + error;
        return false;
    }
    for (const std::string& item : items)
    {
        std::array<uint32_t, 3> shape{};
        if (!ParseShape(item, shape, error))
        {
            shapes.clear();
            error += " (in '" + text + "')";
            return false;
        }
        shapes.push_back(shape);
    }
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
    // Each factor is below 2^32 and the running product at most 2^24 before it: no overflow.
    uint64_t total = racks;
    for (int d = 0; d < 3 && total <= MAX_ACCELERATORS; ++d)
    {
        total *= rack[d];
    }
    if (total > MAX_ACCELERATORS)
    {
        return std::to_string(racks) + (racks == 1 ? " rack of " : " racks of ") + Shape(rack) +
               (racks == 1 ? " makes" : " make") + " more than " +
               std::to_string(MAX_ACCELERATORS) + " accelerators (at most 2^24)";
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
TorusGeometry::ConfigureFromText(uint32_t racks,
                                 const std::string& rack,
                                 const std::string& server,
                                 uint64_t maxAccelerators,
                                 std::string& culprit,
                                 std::string& error)
{
    std::array<uint32_t, 3> r{};
    std::array<uint32_t, 3> s{};
    culprit = "rack";
    if (!ParseShape(rack, r, error))
    {
        return false;
    }
    error = Check(1, r, {1, 1, 1});
    if (!error.empty())
    {
        return false;
    }
    culprit = "server";
    if (!ParseShape(server, s, error))
    {
        return false;
    }
    error = Check(1, r, s);
    if (!error.empty())
    {
        error = "with --rack=" + rack + ": " + error;
        return false;
    }
    culprit = "racks";
    TorusGeometry geometry;
    if (!geometry.Configure(racks, r, s, error))
    {
        return false;
    }
    if (geometry.GetNAccelerators() > maxAccelerators)
    {
        error = std::to_string(racks) + " racks of " + rack + " make " +
                std::to_string(geometry.GetNAccelerators()) + " accelerators (at most " +
                std::to_string(maxAccelerators) + ")";
        return false;
    }
    *this = geometry;
    culprit.clear();
    return true;
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
