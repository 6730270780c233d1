/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicTarget::Generate: feed-forward MZI meshes (Clements, Reck), Benes networks of 2x2
// switches with their waveguide crossings, and recirculating meshes of tunable unit cells on
// hexagonal, square and triangular lattices. See doc/photonic-target.rst.part.

#include "photonic-target.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicTargetGenerate");

namespace
{

/// Largest mesh side / port count a generator accepts (keeps 4E + P well inside 32 bits).
constexpr uint32_t kMaxPorts = 1u << 20;

/// An element with the Spec's parameters.
PhotonicElement
MakeElement(const PhotonicTarget::Spec& spec, PhotonicElementKind kind)
{
    PhotonicElement e;
    e.kind = kind;
    e.lossDb = spec.elementLossDb;
    e.switchingTime = spec.switchingTime;
    e.powerMw = spec.powerMw;
    return e;
}

/// A waveguide from node a to node b.
PhotonicWaveguide
MakeWaveguide(uint32_t a, uint32_t b, uint32_t crossings = 0)
{
    PhotonicWaveguide w;
    w.a = a;
    w.b = b;
    w.crossings = crossings;
    w.lossDb = 0;
    return w;
}

/// Upper modes of the MZIs of column c of an n-mode mesh (MziMesh::Layout's rule).
void
ColumnModes(uint32_t n, bool reck, uint32_t c, std::vector<uint32_t>& modes)
{
    modes.clear();
    for (uint32_t m = c % 2; m + 2 <= n; m += 2)
    {
        if (reck && (m > c || c + m > 2 * n - 4))
        {
            if (m > c)
            {
                break;
            }
            continue;
        }
        modes.push_back(m);
    }
}

/// Clements and Reck meshes of n modes.
bool
GenerateMesh(const PhotonicTarget::Spec& spec,
             uint32_t n,
             bool reck,
             PhotonicTarget& target,
             std::string& error)
{
    const uint32_t columns = reck ? (n >= 2 ? 2 * n - 3 : 0) : n;
    const std::size_t count = static_cast<std::size_t>(n) * (n - 1) / 2;
    std::vector<PhotonicElement> elements;
    elements.reserve(count);
    std::vector<PhotonicIoPort> io(2 * static_cast<std::size_t>(n));
    std::vector<PhotonicWaveguide> waveguides;
    waveguides.reserve(count * 2 + n);
    const uint32_t nodeBase = static_cast<uint32_t>(4 * count);
    // Per mode, the node light last left it by (an input I/O node, then element ports).
    std::vector<uint32_t> last(n);
    for (uint32_t k = 0; k < n; ++k)
    {
        io[k].canInput = true;
        io[k].canOutput = false;
        io[k].x = 0;
        io[k].y = k;
        io[n + k].canInput = false;
        io[n + k].canOutput = true;
        io[n + k].x = columns + 1.0;
        io[n + k].y = k;
        last[k] = nodeBase + k;
    }
    std::vector<uint32_t> modes;
    for (uint32_t c = 0; c < columns; ++c)
    {
        ColumnModes(n, reck, c, modes);
        for (uint32_t m : modes)
        {
            const auto e = static_cast<uint32_t>(elements.size());
            PhotonicElement el = MakeElement(spec, PhotonicElementKind::MZI);
            el.column = c;
            el.mode = m;
            el.x = c + 1.0;
            el.y = m + 0.5;
            elements.push_back(el);
            for (uint32_t i = 0; i < 2; ++i)
            {
                waveguides.push_back(
                    MakeWaveguide(last[m + i], PhotonicTarget::ElementPort(e, 0, i)));
                last[m + i] = PhotonicTarget::ElementPort(e, 1, i);
            }
        }
    }
    for (uint32_t k = 0; k < n; ++k)
    {
        waveguides.push_back(MakeWaveguide(last[k], nodeBase + n + k));
    }
    NS_ASSERT(elements.size() == count);
    return target.Build(spec.style + "-" + std::to_string(n),
                        spec.style,
                        true,
                        elements,
                        io,
                        waveguides,
                        n,
                        spec.crossingLossDb,
                        spec.splitterExcessLossDb,
                        error);
}

/**
 * Benes wiring: the input row (2 switch + port) of stage s + 1 that output row r of stage s
 * feeds, in an n-port network of log2 n = k. The first k - 1 gaps unshuffle each block of
 * n >> s rows (port p of switch i goes to sub-network p, its input i); the last k - 1 gaps
 * shuffle them back. BenesRouter::Apply uses the same rule.
 */
uint32_t
BenesNextRow(uint32_t n, uint32_t k, uint32_t s, uint32_t r)
{
    if (s + 1 < k)
    {
        const uint32_t m = n >> s;
        const uint32_t base = r - r % m;
        const uint32_t l = r % m;
        return base + (l % 2) * (m / 2) + l / 2;
    }
    const uint32_t d = 2 * k - 3 - s;
    const uint32_t m = n >> d;
    const uint32_t base = r - r % m;
    const uint32_t l = r % m;
    return base + 2 * (l % (m / 2)) + l / (m / 2);
}

/// Per link (row i -> row to[i]), how many other links it crosses: (i-k)(to[i]-to[k]) < 0.
void
CountCrossings(const std::vector<uint32_t>& to, std::vector<uint32_t>& crossings)
{
    const auto n = static_cast<uint32_t>(to.size());
    crossings.assign(n, 0);
    std::vector<uint32_t> tree(n + 1, 0); // Fenwick tree over destination rows
    // Links before i that land below to[i]: (i - k) > 0, (to[i] - to[k]) < 0.
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t atMost = 0; // earlier links with to <= to[i]
        for (uint32_t j = to[i] + 1; j > 0; j -= j & (~j + 1))
        {
            atMost += tree[j];
        }
        crossings[i] += i - atMost;
        for (uint32_t j = to[i] + 1; j <= n; j += j & (~j + 1))
        {
            ++tree[j];
        }
    }
    // Links after i that land above to[i].
    std::fill(tree.begin(), tree.end(), 0);
    for (uint32_t i = n; i-- > 0;)
    {
        uint32_t below = 0; // later links with to < to[i]
        for (uint32_t j = to[i]; j > 0; j -= j & (~j + 1))
        {
            below += tree[j];
        }
        crossings[i] += below;
        for (uint32_t j = to[i] + 1; j <= n; j += j & (~j + 1))
        {
            ++tree[j];
        }
    }
}

/// A Benes network of n = 2^k ports.
bool
GenerateBenes(const PhotonicTarget::Spec& spec,
              uint32_t n,
              PhotonicTarget& target,
              std::string& error)
{
    uint32_t k = 0;
    while ((1u << k) < n)
    {
        ++k;
    }
    const uint32_t stages = 2 * k - 1;
    const uint32_t half = n / 2;
    const std::size_t count = static_cast<std::size_t>(stages) * half;
    std::vector<PhotonicElement> elements;
    elements.reserve(count);
    for (uint32_t s = 0; s < stages; ++s)
    {
        for (uint32_t i = 0; i < half; ++i)
        {
            PhotonicElement el = MakeElement(spec, PhotonicElementKind::SWITCH);
            el.column = s;
            el.mode = 2 * i;
            el.x = s + 1.0;
            el.y = 2 * i + 0.5;
            elements.push_back(el);
        }
    }
    const uint32_t nodeBase = static_cast<uint32_t>(4 * count);
    std::vector<PhotonicIoPort> io(2 * static_cast<std::size_t>(n));
    std::vector<PhotonicWaveguide> waveguides;
    waveguides.reserve(static_cast<std::size_t>(stages + 1) * n);
    for (uint32_t r = 0; r < n; ++r)
    {
        io[r].canInput = true;
        io[r].canOutput = false;
        io[r].x = 0;
        io[r].y = r;
        io[n + r].canInput = false;
        io[n + r].canOutput = true;
        io[n + r].x = stages + 1.0;
        io[n + r].y = r;
        waveguides.push_back(MakeWaveguide(
            nodeBase + r,
            PhotonicTarget::ElementPort(BenesRouter::Element(n, 0, r / 2), 0, r % 2)));
    }
    std::vector<uint32_t> to(n);
    std::vector<uint32_t> crossings;
    for (uint32_t s = 0; s + 1 < stages; ++s)
    {
        for (uint32_t r = 0; r < n; ++r)
        {
            to[r] = BenesNextRow(n, k, s, r);
        }
        CountCrossings(to, crossings);
        for (uint32_t r = 0; r < n; ++r)
        {
            waveguides.push_back(MakeWaveguide(
                PhotonicTarget::ElementPort(BenesRouter::Element(n, s, r / 2), 1, r % 2),
                PhotonicTarget::ElementPort(BenesRouter::Element(n, s + 1, to[r] / 2),
                                            0,
                                            to[r] % 2),
                crossings[r]));
        }
    }
    for (uint32_t r = 0; r < n; ++r)
    {
        waveguides.push_back(MakeWaveguide(
            PhotonicTarget::ElementPort(BenesRouter::Element(n, stages - 1, r / 2), 1, r % 2),
            nodeBase + n + r));
    }
    return target.Build("benes-" + std::to_string(n),
                        "benes",
                        true,
                        elements,
                        io,
                        waveguides,
                        n,
                        spec.crossingLossDb,
                        spec.splitterExcessLossDb,
                        error);
}

/// A planar lattice: vertices with positions, edges (the unit cells) between them.
struct Lattice
{
    std::vector<double> vx;                           //!< Vertex x
    std::vector<double> vy;                           //!< Vertex y (down)
    std::vector<std::pair<uint32_t, uint32_t>> edges; //!< Cells: end 0 at first, end 1 at second
    uint32_t fullDegree{0};                           //!< Degree of an inner vertex
};

/// Square lattice of rows x cols square cells, unit edges.
void
SquareLattice(uint32_t rows, uint32_t cols, Lattice& g)
{
    g.fullDegree = 4;
    const uint32_t w = cols + 1;
    for (uint32_t y = 0; y <= rows; ++y)
    {
        for (uint32_t x = 0; x <= cols; ++x)
        {
            g.vx.push_back(x);
            g.vy.push_back(y);
        }
    }
    g.edges.reserve(2 * static_cast<std::size_t>(rows) * cols + rows + cols);
    for (uint32_t y = 0; y <= rows; ++y)
    {
        for (uint32_t x = 0; x <= cols; ++x)
        {
            const uint32_t v = y * w + x;
            if (x < cols)
            {
                g.edges.emplace_back(v, v + 1);
            }
            if (y < rows)
            {
                g.edges.emplace_back(v, v + w);
            }
        }
    }
}

/// Triangular lattice: rows + 1 rows of cols + 1 vertices, odd rows shifted by half an edge.
void
TriangularLattice(uint32_t rows, uint32_t cols, Lattice& g)
{
    g.fullDegree = 6;
    const uint32_t w = cols + 1;
    const double h = std::sqrt(3.0) / 2;
    for (uint32_t y = 0; y <= rows; ++y)
    {
        for (uint32_t x = 0; x <= cols; ++x)
        {
            g.vx.push_back(x + 0.5 * (y % 2));
            g.vy.push_back(y * h);
        }
    }
    g.edges.reserve(3 * static_cast<std::size_t>(rows) * cols + rows + cols);
    for (uint32_t y = 0; y <= rows; ++y)
    {
        for (uint32_t x = 0; x <= cols; ++x)
        {
            const uint32_t v = y * w + x;
            if (x < cols)
            {
                g.edges.emplace_back(v, v + 1);
            }
            if (y < rows)
            {
                // Even rows reach x - 1/2 and x + 1/2 below (indices x - 1, x); odd rows x, x + 1.
                const uint32_t below = (y + 1) * w;
                if (y % 2 == 0)
                {
                    if (x >= 1)
                    {
                        g.edges.emplace_back(v, below + x - 1);
                    }
                    g.edges.emplace_back(v, below + x);
                }
                else
                {
                    g.edges.emplace_back(v, below + x);
                    if (x + 1 <= cols)
                    {
                        g.edges.emplace_back(v, below + x + 1);
                    }
                }
            }
        }
    }
}

/// Honeycomb of rows x cols pointy-top hexagons (odd rows shifted right by half a cell).
void
HexagonalLattice(uint32_t rows, uint32_t cols, Lattice& g)
{
    g.fullDegree = 3;
    // Integer coordinates: x in units of sqrt(3)/2, y in units of 1/2 (edge length 1).
    const int cornerX[6] = {0, 1, 1, 0, -1, -1};
    const int cornerY[6] = {-2, -1, 1, 2, 1, -1};
    std::unordered_map<uint64_t, uint32_t> vertex;
    const std::size_t nv = 2 * static_cast<std::size_t>(rows) * cols + 2 * rows + 2 * cols;
    vertex.reserve(nv);
    g.vx.reserve(nv);
    g.vy.reserve(nv);
    std::unordered_map<uint64_t, uint32_t> edgeSeen;
    const std::size_t ne = 3 * static_cast<std::size_t>(rows) * cols + 2 * rows + 2 * cols;
    edgeSeen.reserve(ne);
    g.edges.reserve(ne);
    for (uint32_t r = 0; r < rows; ++r)
    {
        for (uint32_t c = 0; c < cols; ++c)
        {
            const int64_t cx = 2 * static_cast<int64_t>(c) + 1 + (r % 2);
            const int64_t cy = 3 * static_cast<int64_t>(r) + 2;
            uint32_t id[6];
            for (int k = 0; k < 6; ++k)
            {
                const int64_t x = cx + cornerX[k];
                const int64_t y = cy + cornerY[k];
                const uint64_t key = (static_cast<uint64_t>(x) << 32) | static_cast<uint64_t>(y);
                auto it = vertex.find(key);
                if (it == vertex.end())
                {
                    it = vertex.emplace(key, static_cast<uint32_t>(g.vx.size())).first;
                    g.vx.push_back(x * std::sqrt(3.0) / 2);
                    g.vy.push_back(y * 0.5);
                }
                id[k] = it->second;
            }
            for (int k = 0; k < 6; ++k)
            {
                uint32_t a = id[k];
                uint32_t b = id[(k + 1) % 6];
                if (a > b)
                {
                    std::swap(a, b);
                }
                const uint64_t key = (static_cast<uint64_t>(a) << 32) | b;
                if (edgeSeen.emplace(key, 0).second)
                {
                    g.edges.emplace_back(a, b);
                }
            }
        }
    }
}

/// Per lattice vertex, the cell ends that meet there, in CSR form: vertex v has the ends
/// inc[start[v]] .. inc[start[v + 1] - 1], each 2 cell + end.
struct Incidence
{
    std::vector<uint32_t> start; //!< Per vertex, its first entry (one more: the end)
    std::vector<uint32_t> inc;   //!< The cell ends
};

/// A free element port on the border of a recirculating mesh (it becomes an I/O port).
struct FreePort
{
    uint32_t node; //!< The free element port
    double key;    //!< Clockwise angle from the top left
    double x;      //!< Vertex x
    double y;      //!< Vertex y
};

/// Where the clockwise order of the border ports starts: the lattice's centre, and the angle
/// of its top-left corner seen from there.
struct BorderFrame
{
    double cx;         //!< Centre x
    double cy;         //!< Centre y
    double startAngle; //!< Angle of the top-left corner
};

/**
 * One unit cell (an MZI) per lattice edge, at its middle, and the cells' ends at each vertex.
 * \param [in] spec The spec (element parameters)
 * \param [in] g The lattice
 * \param [out] elements The cells, in edge order
 * \param [out] incidence The cell ends at each vertex
 */
void
PlaceCells(const PhotonicTarget::Spec& spec,
           const Lattice& g,
           std::vector<PhotonicElement>& elements,
           Incidence& incidence)
{
    const std::size_t ne = g.edges.size();
    const std::size_t nv = g.vx.size();
    elements.reserve(ne);
    std::vector<uint32_t>& start = incidence.start;
    start.assign(nv + 1, 0);
    for (const auto& e : g.edges)
    {
        ++start[e.first + 1];
        ++start[e.second + 1];
    }
    for (std::size_t v = 0; v < nv; ++v)
    {
        start[v + 1] += start[v];
    }
    std::vector<uint32_t> fill(start.begin(), start.end() - 1);
    std::vector<uint32_t>& inc = incidence.inc;
    inc.assign(2 * ne, 0); // 2 cell + end
    for (std::size_t c = 0; c < ne; ++c)
    {
        const auto& e = g.edges[c];
        PhotonicElement el = MakeElement(spec, PhotonicElementKind::MZI);
        el.x = (g.vx[e.first] + g.vx[e.second]) / 2;
        el.y = (g.vy[e.first] + g.vy[e.second]) / 2;
        elements.push_back(el);
        inc[fill[e.first]++] = static_cast<uint32_t>(2 * c);
        inc[fill[e.second]++] = static_cast<uint32_t>(2 * c + 1);
    }
}

/**
 * \param [in] g The lattice
 * \return the frame of its border ports' order (its bounding box's centre and top-left corner)
 */
BorderFrame
MakeBorderFrame(const Lattice& g)
{
    const std::size_t nv = g.vx.size();
    double minX = 0;
    double minY = 0;
    double maxX = 0;
    double maxY = 0;
    if (nv > 0)
    {
        minX = *std::min_element(g.vx.begin(), g.vx.end());
        maxX = *std::max_element(g.vx.begin(), g.vx.end());
        minY = *std::min_element(g.vy.begin(), g.vy.end());
        maxY = *std::max_element(g.vy.begin(), g.vy.end());
    }
    const double cx = (minX + maxX) / 2;
    const double cy = (minY + maxY) / 2;
    const double startAngle = std::atan2(minY - cy, minX - cx);
    return BorderFrame{cx, cy, startAngle};
}

/**
 * The two free ports of a border vertex's ring (the first end's port 0, the last end's port
 * 1), with their sort keys: a point a little way along the cell, clockwise angle from the top
 * left.
 * \param [in] g The lattice
 * \param [in] v The vertex
 * \param [in] firstEnd The ring's first cell end
 * \param [in] lastEnd Its last cell end
 * \param [in] frame The border's frame
 * \param [in,out] free The free ports (the two appended)
 */
void
AddBorderPorts(const Lattice& g,
               std::size_t v,
               uint32_t firstEnd,
               uint32_t lastEnd,
               const BorderFrame& frame,
               std::vector<FreePort>& free)
{
    const double twoPi = 2 * M_PI;
    for (auto [end, index] : {std::pair<uint32_t, uint32_t>{firstEnd, 0}, {lastEnd, 1}})
    {
        const auto& e = g.edges[end / 2];
        const uint32_t other = (end % 2 == 0) ? e.second : e.first;
        const double px = g.vx[v] + 0.01 * (g.vx[other] - g.vx[v]);
        const double py = g.vy[v] + 0.01 * (g.vy[other] - g.vy[v]);
        double a = std::atan2(py - frame.cy, px - frame.cx) - frame.startAngle;
        while (a < 0)
        {
            a += twoPi;
        }
        while (a >= twoPi)
        {
            a -= twoPi;
        }
        free.push_back(
            FreePort{PhotonicTarget::ElementPort(end / 2, end % 2, index), a, g.vx[v], g.vy[v]});
    }
}

/**
 * Joins the cell ends at each vertex into a ring: clockwise, each end's port 1 to the next
 * end's port 0. A border vertex's ring is open after its widest gap; its two free ports are
 * collected.
 * \param [in] g The lattice
 * \param [in] incidence The cell ends at each vertex
 * \param [in] frame The border's frame
 * \param [in,out] waveguides The waveguides (the rings' appended)
 * \param [out] free The free ports of the border vertices
 */
void
JoinVertices(const Lattice& g,
             const Incidence& incidence,
             const BorderFrame& frame,
             std::vector<PhotonicWaveguide>& waveguides,
             std::vector<FreePort>& free)
{
    const std::vector<uint32_t>& start = incidence.start;
    const std::vector<uint32_t>& inc = incidence.inc;
    const std::size_t nv = g.vx.size();
    const double twoPi = 2 * M_PI;
    std::vector<std::pair<double, uint32_t>> ring;
    for (std::size_t v = 0; v < nv; ++v)
    {
        ring.clear();
        for (uint32_t k = start[v]; k < start[v + 1]; ++k)
        {
            const auto& e = g.edges[inc[k] / 2];
            const uint32_t other = (inc[k] % 2 == 0) ? e.second : e.first;
            // y grows downwards: increasing atan2 is clockwise on the drawing.
            ring.emplace_back(std::atan2(g.vy[other] - g.vy[v], g.vx[other] - g.vx[v]), inc[k]);
        }
        std::sort(ring.begin(), ring.end());
        const std::size_t deg = ring.size();
        if (deg == 0)
        {
            continue;
        }
        std::size_t first = 0; // the ring starts after its widest gap on a border vertex
        const bool border = deg < g.fullDegree;
        if (border)
        {
            double widest = -1;
            for (std::size_t k = 0; k < deg; ++k)
            {
                const double next = k + 1 < deg ? ring[k + 1].first : ring[0].first + twoPi;
                if (next - ring[k].first > widest)
                {
                    widest = next - ring[k].first;
                    first = (k + 1) % deg;
                }
            }
        }
        const std::size_t joins = border ? deg - 1 : deg;
        for (std::size_t j = 0; j < joins; ++j)
        {
            const uint32_t a = ring[(first + j) % deg].second;
            const uint32_t b = ring[(first + j + 1) % deg].second;
            waveguides.push_back(MakeWaveguide(PhotonicTarget::ElementPort(a / 2, a % 2, 1),
                                               PhotonicTarget::ElementPort(b / 2, b % 2, 0)));
        }
        if (border)
        {
            AddBorderPorts(g,
                           v,
                           ring[first].second,
                           ring[(first + deg - 1) % deg].second,
                           frame,
                           free);
        }
    }
}

/// Recirculating mesh: unit cells on the lattice's edges, rings at its vertices.
bool
GenerateRecirculating(const PhotonicTarget::Spec& spec,
                      const Lattice& g,
                      const std::string& name,
                      PhotonicTarget& target,
                      std::string& error)
{
    const std::size_t ne = g.edges.size();
    std::vector<PhotonicElement> elements;
    Incidence incidence;
    PlaceCells(spec, g, elements, incidence);
    std::vector<PhotonicWaveguide> waveguides;
    waveguides.reserve(2 * ne + 64);
    std::vector<FreePort> free;
    JoinVertices(g, incidence, MakeBorderFrame(g), waveguides, free);
    std::sort(free.begin(), free.end(), [](const FreePort& p, const FreePort& q) {
        return p.key < q.key || (p.key == q.key && p.node < q.node);
    });
    std::vector<PhotonicIoPort> io(free.size());
    const auto nodeBase = static_cast<uint32_t>(4 * ne);
    for (std::size_t k = 0; k < free.size(); ++k)
    {
        io[k].canInput = true;
        io[k].canOutput = true;
        io[k].x = free[k].x;
        io[k].y = free[k].y;
        waveguides.push_back(MakeWaveguide(free[k].node, nodeBase + static_cast<uint32_t>(k)));
    }
    return target.Build(name,
                        spec.style,
                        false,
                        elements,
                        io,
                        waveguides,
                        static_cast<uint32_t>(io.size()),
                        spec.crossingLossDb,
                        spec.splitterExcessLossDb,
                        error);
}

} // namespace

bool
PhotonicTarget::Generate(const Spec& spec, PhotonicTarget& target, std::string& error)
{
    NS_LOG_FUNCTION(spec.style << spec.ports << spec.elements);
    const std::string styles = "clements, reck, benes, hexagonal, square, triangular";
    if (spec.ports < 2 || spec.ports > kMaxPorts)
    {
        error = "target spec: ports " + std::to_string(spec.ports) + " is not in [2, " +
                std::to_string(kMaxPorts) + "]";
        return false;
    }
    if (spec.elements > 200000000u)
    {
        error = "target spec: elements " + std::to_string(spec.elements) +
                " is beyond the 200000000 a generated target holds";
        return false;
    }
    if (!(spec.elementLossDb >= 0) || !std::isfinite(spec.elementLossDb) ||
        !(spec.crossingLossDb >= 0) || !std::isfinite(spec.crossingLossDb) ||
        !(spec.splitterExcessLossDb >= 0) || !std::isfinite(spec.splitterExcessLossDb) ||
        !(spec.powerMw >= 0) || !std::isfinite(spec.powerMw) ||
        spec.switchingTime.IsStrictlyNegative())
    {
        error = "target spec: losses, power and switching time must be finite and >= 0";
        return false;
    }
    PhotonicTarget t;
    bool ok = false;
    if (spec.style == "clements" || spec.style == "reck")
    {
        uint64_t n = spec.ports;
        while (n * (n - 1) / 2 < spec.elements)
        {
            ++n;
        }
        ok = GenerateMesh(spec, static_cast<uint32_t>(n), spec.style == "reck", t, error);
    }
    else if (spec.style == "benes")
    {
        uint64_t n = 2;
        uint32_t k = 1;
        while (n < spec.ports || (n / 2) * (2 * k - 1) < spec.elements)
        {
            n *= 2;
            ++k;
        }
        ok = GenerateBenes(spec, static_cast<uint32_t>(n), t, error);
    }
    else if (spec.style == "hexagonal" || spec.style == "square" || spec.style == "triangular")
    {
        // Near-square sizes in order: 1x1, 1x2, 2x2, 2x3, 3x3, ... (rows x columns of cells).
        uint64_t rows = 1;
        uint64_t cols = 1;
        while (true)
        {
            uint64_t e;
            uint64_t p;
            if (spec.style == "hexagonal")
            {
                e = 3 * rows * cols + 2 * rows + 2 * cols - 1;
                p = 4 * (rows + cols + 1);
                if (rows * cols == 1)
                {
                    p /= 2; // a lone hexagon is a ring: two-sided, half its ports are inputs
                }
            }
            else if (spec.style == "square")
            {
                e = 2 * rows * cols + rows + cols;
                p = 4 * (rows + cols) / 2; // two-sided: half the I/O ports are inputs
            }
            else
            {
                e = 3 * rows * cols + rows + cols;
                p = 4 * (rows + cols) / 2; // two-sided: half the I/O ports are inputs
            }
            if (e >= spec.elements && p >= spec.ports)
            {
                break;
            }
            if (cols == rows)
            {
                ++cols;
            }
            else
            {
                ++rows;
            }
        }
        Lattice g;
        const auto r = static_cast<uint32_t>(rows);
        const auto c = static_cast<uint32_t>(cols);
        if (spec.style == "hexagonal")
        {
            HexagonalLattice(r, c, g);
        }
        else if (spec.style == "square")
        {
            SquareLattice(r, c, g);
        }
        else
        {
            TriangularLattice(r, c, g);
        }
        ok = GenerateRecirculating(spec,
                                   g,
                                   spec.style + "-" + std::to_string(r) + "x" + std::to_string(c),
                                   t,
                                   error);
    }
    else
    {
        error = "target spec: unknown style '" + spec.style + "' (styles: " + styles +
                "; custom targets are files)";
        return false;
    }
    if (ok)
    {
        target = std::move(t);
    }
    return ok;
}

} // namespace ns3
