/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The WAN's fibre layer and its traffic: great-circle distances, the built-in backbone, the
// CSV and GraphML loaders and their errors, the synthetic generator, traffic matrices.

#include "../../common/optical-test-compat.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{

/// \return true if \p text contains \p part
bool
Contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// \return true if the two topologies have the same name, sites and fibres
bool
Same(const WanTopology& x, const WanTopology& y)
{
    if (x.GetName() != y.GetName() || x.GetNSites() != y.GetNSites() ||
        x.GetNFibres() != y.GetNFibres())
    {
        return false;
    }
    for (uint32_t i = 0; i < x.GetNSites(); ++i)
    {
        const auto& a = x.GetSite(i);
        const auto& b = y.GetSite(i);
        if (a.name != b.name || a.latitude != b.latitude || a.longitude != b.longitude ||
            a.weight != b.weight)
        {
            return false;
        }
    }
    for (uint32_t i = 0; i < x.GetNFibres(); ++i)
    {
        const auto& a = x.GetFibre(i);
        const auto& b = y.GetFibre(i);
        if (a.a != b.a || a.b != b.b || a.lengthKm != b.lengthKm)
        {
            return false;
        }
    }
    return true;
}

/**
 * Checks 2-edge-connectivity the slow way, independently of GetBridges(): the network
 * without each fibre in turn must stay connected.
 * \param [in] topo The topology
 * \return the number of fibres whose loss disconnects it
 */
uint32_t
CountCuttingFibres(const WanTopology& topo)
{
    uint32_t cutting = 0;
    for (uint32_t k = 0; k < topo.GetNFibres(); ++k)
    {
        WanTopology without;
        for (const auto& s : topo.GetSites())
        {
            without.AddSite(s);
        }
        for (uint32_t j = 0; j < topo.GetNFibres(); ++j)
        {
            std::string error;
            const auto& f = topo.GetFibre(j);
            if (j != k && !without.AddFibre(f.a, f.b, f.lengthKm, error))
            {
                return topo.GetNFibres() + 1;
            }
        }
        cutting += without.IsConnected() ? 0 : 1;
    }
    return cutting;
}

/// \return the first 1-based line of \p lines containing \p marker (0 if none)
uint32_t
LineOf(const std::vector<std::string>& lines, const std::string& marker)
{
    for (std::size_t i = 0; i < lines.size(); ++i)
    {
        if (Contains(lines[i], marker))
        {
            return static_cast<uint32_t>(i + 1);
        }
    }
    return 0;
}

/// \return the default graph options with route factor \p factor
WanTopology::GraphOptions
RouteFactor(double factor)
{
    WanTopology::GraphOptions options;
    options.routeFactor = factor;
    return options;
}

/// \return graph options that refuse parallel links, unlocated nodes and pieces
WanTopology::GraphOptions
Strict()
{
    WanTopology::GraphOptions options;
    options.parallelLinks = WanTopology::ParallelLinks::REFUSE;
    options.unlocated = WanTopology::UnlocatedSites::REFUSE;
    options.disconnected = WanTopology::Disconnected::REFUSE;
    return options;
}

/// \return the one note of \p topo containing \p part ("" if none)
std::string
NoteWith(const WanTopology& topo, const std::string& part)
{
    for (const auto& note : topo.GetNotes())
    {
        if (Contains(note, part))
        {
            return note;
        }
    }
    return "";
}

/// Writes \p lines to \p file, one a line.
void
Write(const std::string& file, const std::vector<std::string>& lines)
{
    std::ofstream out(file);
    for (const auto& l : lines)
    {
        out << l << "\n";
    }
}

/// \return a random stream on stream number \p stream
Ptr<UniformRandomVariable>
Stream(int64_t stream)
{
    auto rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    return rng;
}

/// \return a demand's volume from a matrix, -1 if absent
double
DemandOf(const std::vector<TrafficMatrix::Demand>& demands, uint32_t s, uint32_t d)
{
    for (const auto& x : demands)
    {
        if (x.src == s && x.dst == d)
        {
            return x.gbps;
        }
    }
    return -1;
}

/// Coordinates of some cities (degrees).
const double NEW_YORK[] = {40.7128, -74.0060};
const double LOS_ANGELES[] = {34.0522, -118.2437};
const double LONDON[] = {51.5074, -0.1278};
const double PARIS[] = {48.8566, 2.3522};

} // namespace

/// Haversine distances against known values.
class GreatCircleTestCase : public TestCase
{
  public:
    GreatCircleTestCase()
        : TestCase("Great-circle distance: New York-Los Angeles 3936 km, London-Paris 344 km, "
                   "a quarter meridian pi R over 2")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ_TOL(
            WanTopology::GreatCircleKm(NEW_YORK[0], NEW_YORK[1], LOS_ANGELES[0], LOS_ANGELES[1]),
            3936,
            5,
            "New York-Los Angeles");
        NS_TEST_ASSERT_MSG_EQ_TOL(
            WanTopology::GreatCircleKm(LONDON[0], LONDON[1], PARIS[0], PARIS[1]),
            344,
            2,
            "London-Paris");
        NS_TEST_ASSERT_MSG_EQ_TOL(WanTopology::GreatCircleKm(0, 0, 90, 0),
                                  M_PI * 6371 / 2,
                                  1e-6,
                                  "equator to pole");
        NS_TEST_ASSERT_MSG_EQ_TOL(WanTopology::GreatCircleKm(0, 0, 0, 180),
                                  M_PI * 6371,
                                  1e-6,
                                  "antipodes");
        NS_TEST_ASSERT_MSG_EQ_TOL(WanTopology::GreatCircleKm(10, 170, 10, -170),
                                  WanTopology::GreatCircleKm(10, -10, 10, 10),
                                  1e-9,
                                  "across the date line");
        NS_TEST_ASSERT_MSG_EQ(WanTopology::GreatCircleKm(12.5, 33, 12.5, 33), 0, "same point");
    }
};

/// The built-in continental backbone.
class BackboneTestCase : public TestCase
{
  public:
    BackboneTestCase()
        : TestCase("Built-in continental-backbone: 25 sites, 40 fibres of 145 to 1773 km, each "
                   "the great circle x 1.2, connected and 2-edge-connected")
    {
    }

  private:
    void DoRun() override
    {
        const auto names = WanTopology::ListBuiltIn();
        NS_TEST_ASSERT_MSG_EQ(std::count(names.begin(), names.end(), "continental-backbone"),
                              1,
                              "listed");
        WanTopology topo;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(topo.Load("continental-backbone", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetName(), "continental-backbone", "name");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 25, "sites");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNFibres(), 40, "fibres");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetMeanDegree(), 3.2, 1e-12, "mean degree");
        NS_TEST_ASSERT_MSG_EQ(topo.IsConnected(), true, "connected");
        NS_TEST_ASSERT_MSG_EQ(topo.IsTwoEdgeConnected(), true, "2-edge-connected");
        NS_TEST_ASSERT_MSG_EQ(topo.GetBridges().size(), 0, "no bridges");
        NS_TEST_ASSERT_MSG_EQ(CountCuttingFibres(topo), 0, "no single cut disconnects it");
        double shortest = 1e9;
        double longest = 0;
        for (const auto& f : topo.GetFibres())
        {
            const double gc = topo.GetGreatCircleKm(f.a, f.b);
            NS_TEST_ASSERT_MSG_EQ_TOL(f.lengthKm,
                                      std::round(gc * 1.2),
                                      0.5,
                                      topo.GetSite(f.a).name << "-" << topo.GetSite(f.b).name);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f.lengthKm, 145, "at least 145 km");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(f.lengthKm, 1773, "at most 1773 km");
            shortest = std::min(shortest, f.lengthKm);
            longest = std::max(longest, f.lengthKm);
        }
        NS_TEST_ASSERT_MSG_EQ(shortest, 145, "Sacramento-San Francisco");
        NS_TEST_ASSERT_MSG_EQ(longest, 1773, "Denver-Chicago");
        const int64_t chicago = topo.FindSite("Chicago");
        const int64_t denver = topo.FindSite("Denver");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(chicago, 0, "Chicago");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(chicago).weight, 9.6, "population");
        const int64_t f = topo.FindFibre(denver, chicago);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(f, 0, "Denver-Chicago fibre");
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(f).lengthKm, 1773, "its length");
        NS_TEST_ASSERT_MSG_EQ(topo.FindSite("Atlantis"), -1, "no such site");
        // New York-Los Angeles from the file's coordinates.
        NS_TEST_ASSERT_MSG_EQ_TOL(
            topo.GetGreatCircleKm(topo.FindSite("New York"), topo.FindSite("Los Angeles")),
            3936,
            5,
            "NY-LA");
        // Unknown built-in names list the known ones and change nothing.
        WanTopology before = topo;
        NS_TEST_ASSERT_MSG_EQ(topo.Load("atlantis", error), false, "unknown built-in");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "'atlantis'"), true, error);
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "continental-backbone"), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(topo, before), true, "unchanged");
        // Round trip through SaveCsv.
        const std::string file = CreateTempDirFilename("backbone-copy.csv");
        NS_TEST_ASSERT_MSG_EQ(topo.SaveCsv(file, error), true, error);
        WanTopology copy;
        NS_TEST_ASSERT_MSG_EQ(copy.Load(file, error), true, error);
        copy.SetName(topo.GetName());
        NS_TEST_ASSERT_MSG_EQ(Same(copy, topo), true, "round trip");
        // Names with commas and quotes survive the round trip.
        WanTopology odd;
        odd.AddSite({"Quote \"Q\", Inc", 1, 2, 3});
        odd.AddSite({"Plain", 1.5, 2, 1});
        NS_TEST_ASSERT_MSG_EQ(odd.AddFibre(0, 1, 60, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(odd.SaveCsv(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(copy.Load(file, error), true, error);
        copy.SetName(odd.GetName());
        NS_TEST_ASSERT_MSG_EQ(Same(copy, odd), true, "quoted names");
    }
};

/// The project CSV format: a good file, and every error with its line and bad value.
class CsvTestCase : public TestCase
{
  public:
    CsvTestCase()
        : TestCase("Project CSV: derived lengths; errors give file, line and bad value and "
                   "leave the topology unchanged")
    {
    }

  private:
    /// Loads \p extra after a good square A-B-C-D and expects an error at its first line.
    void ExpectError(const WanTopology& loaded,
                     const std::string& what,
                     const std::vector<std::string>& extra,
                     const std::string& bad,
                     bool exact = false)
    {
        std::vector<std::string> lines = {"# a square of four sites",
                                          "kind,site,peer,latitude,longitude,weight,length_km",
                                          "site,A,,0,0,1,",
                                          "site,B,,0,1,2,",
                                          "site,C,,1,1,3,",
                                          "site,D,,1,0,4,",
                                          "fibre,A,B,,,,120",
                                          "fibre,B,C,,,,130",
                                          "",
                                          "fibre,C,D,,,,140",
                                          "fibre,D,A,,,,150"};
        const std::size_t line = lines.size() + 1;
        lines.insert(lines.end(), extra.begin(), extra.end());
        const std::string file = CreateTempDirFilename("bad-" + std::to_string(line) + ".csv");
        Write(file, lines);
        WanTopology topo = loaded;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(topo.Load(file, error, Strict()), false, what << " accepted");
        NS_TEST_EXPECT_MSG_EQ(Contains(error, file + ":" + std::to_string(line) + ": "),
                              true,
                              what << ": no file:line " << line << " in: " << error);
        NS_TEST_EXPECT_MSG_EQ(Contains(error, bad),
                              true,
                              what << ": no '" << bad << "' in: " << error);
        if (exact)
        {
            NS_TEST_EXPECT_MSG_EQ(error, file + ":" + std::to_string(line) + ": " + bad, what);
        }
        NS_TEST_EXPECT_MSG_EQ(Same(topo, loaded), true, what << ": topology changed");
    }

    void DoRun() override
    {
        WanTopology backbone;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(backbone.Load("continental-backbone", error), true, error);
        // A good file: rows in any order, a derived length, default weight.
        const std::string good = CreateTempDirFilename("good.csv");
        Write(good,
              {"kind,site,peer,latitude,longitude,weight,length_km",
               "fibre,New York,Los Angeles,,,,",
               "site,New York,,40.7128,-74.0060,20.1,",
               "Fibre,Los Angeles,Paris,,,,9000.5",
               "site,Los Angeles,,34.0522,-118.2437,,",
               "site,Paris,,48.8566,2.3522,11,"});
        WanTopology topo;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(good, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetName(), "good", "name: the file's stem");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 3, "sites");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNFibres(), 2, "fibres");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(1).weight, 1, "default weight");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(0).lengthKm,
                                  1.2 * WanTopology::GreatCircleKm(NEW_YORK[0],
                                                                   NEW_YORK[1],
                                                                   LOS_ANGELES[0],
                                                                   LOS_ANGELES[1]),
                                  1e-9,
                                  "derived length");
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(1).lengthKm, 9000.5, "given length");
        NS_TEST_ASSERT_MSG_EQ(topo.IsTwoEdgeConnected(), false, "a path has bridges");
        NS_TEST_ASSERT_MSG_EQ(topo.GetBridges().size(), 2, "two bridges");
        // The same file with a UTF-8 byte-order mark and CRLF line endings: the same topology.
        {
            std::ofstream out(good, std::ios::binary);
            out << "\xEF\xBB\xBFkind,site,peer,latitude,longitude,weight,length_km\r\n"
                << "fibre,New York,Los Angeles,,,,\r\n"
                << "site,New York,,40.7128,-74.0060,20.1,\r\n"
                << "Fibre,Los Angeles,Paris,,,,9000.5\r\n"
                << "site,Los Angeles,,34.0522,-118.2437,,\r\n"
                << "site,Paris,,48.8566,2.3522,11,\r\n";
        }
        WanTopology crlf;
        NS_TEST_ASSERT_MSG_EQ(crlf.Load(good, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(crlf, topo), true, "BOM and CRLF change nothing");
        NS_TEST_ASSERT_MSG_EQ(crlf.GetFibre(1).lengthKm, 9000.5, "no CR in the last cell");

        // Errors, each at line 12 (after the good square), with the bad value.
        ExpectError(backbone, "unknown site", {"fibre,A,Zed,,,,10"}, "unknown site 'Zed'");
        ExpectError(backbone, "text length", {"fibre,A,C,,,,abc"}, "'abc' is not a number");
        ExpectError(backbone, "negative length", {"fibre,A,C,,,,-5"}, "-5");
        ExpectError(backbone,
                    "zero length",
                    {"fibre,A,C,,,,0"},
                    "column 'length_km': '0' is out of range (allowed: > 0 km and <= 40075 km) "
                    "(fibre A-C; empty for great-circle x 1.2)",
                    true);
        ExpectError(backbone,
                    "absurd length",
                    {"fibre,A,C,,,,5e9"},
                    "column 'length_km': '5e9' is out of range (allowed: > 0 km and <= 40075 km) "
                    "(fibre A-C; empty for great-circle x 1.2)",
                    true);
        ExpectError(backbone,
                    "infinite length",
                    {"fibre,A,C,,,,inf"},
                    "column 'length_km': 'inf' is not a number (allowed: > 0 km and <= 40075 "
                    "km) (fibre A-C; empty for great-circle x 1.2)",
                    true);
        ExpectError(backbone,
                    "duplicate",
                    {"fibre,B,A,,,,99"},
                    "fibre B-A is a duplicate (already at line 7; one fibre per pair)",
                    true);
        ExpectError(backbone,
                    "self-loop",
                    {"fibre,C,C,,,,10"},
                    "fibre C-C: both ends are 'C' (self-loops not allowed)",
                    true);
        ExpectError(backbone,
                    "disconnected",
                    {"site,E,,5,5,1,"},
                    "site 'E' is not reachable from 'A'");
        ExpectError(backbone,
                    "bad latitude",
                    {"site,E,,north,5,1,"},
                    "column 'latitude': 'north' is not a number (allowed: -90 degrees to 90 "
                    "degrees) (site 'E')",
                    true);
        ExpectError(backbone,
                    "latitude range",
                    {"site,E,,95,5,1,"},
                    "column 'latitude': '95' is out of range (allowed: -90 degrees to 90 "
                    "degrees) (site 'E')",
                    true);
        ExpectError(backbone,
                    "longitude range",
                    {"site,E,,5,-180.5,1,"},
                    "column 'longitude': '-180.5' is out of range (allowed: -180 degrees to 180 "
                    "degrees) (site 'E')",
                    true);
        ExpectError(backbone,
                    "weight",
                    {"site,E,,5,5,0,", "fibre,E,A,,,,1"},
                    "column 'weight': '0' is out of range (allowed: > 0 and <= 1000000) (site "
                    "'E')",
                    true);
        ExpectError(backbone,
                    "missing latitude",
                    {"site,E,,,5,1,"},
                    "column 'latitude': empty value (allowed: -90 degrees to 90 degrees) (site "
                    "'E')",
                    true);
        ExpectError(backbone,
                    "twice",
                    {"site,B,,5,5,1,"},
                    "'B' is declared twice (first at line 4");
        ExpectError(backbone, "kind", {"link,A,C,,,,10"}, "kind 'link'");
        ExpectError(backbone, "no peer", {"fibre,A,,,,,10"}, "'A' has no peer");
        ExpectError(backbone, "misplaced cell", {"fibre,A,C,1,,,10"}, "column 'latitude'");
        ExpectError(backbone, "missing cell", {"fibre,A,C,,,10"}, "expected 7 cells, found 6");

        // Files without sites.
        const std::string empty = CreateTempDirFilename("empty.csv");
        Write(empty, {"# nothing", "kind,site,peer,latitude,longitude,weight,length_km"});
        topo = backbone;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(empty, error), false, "header only");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, empty + ": no sites"), true, error);
        Write(empty, {});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(empty, error), false, "empty file");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "no header row"), true, error);
        Write(empty, {"kind,site"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(empty, error), false, "columns");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, ":1: missing column 'peer'"), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.Load(empty + ".missing", error), false, "no file");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "cannot open"), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(topo, backbone), true, "unchanged");
    }
};

/// GraphML in the Topology Zoo's style.
class GraphMlTestCase : public TestCase
{
  public:
    GraphMlTestCase()
        : TestCase("GraphML: labels, coordinates, lengths = great circle x route factor, "
                   "LinkLength honoured; a byte-order mark and CRLF change nothing")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> lines = {
            R"(<?xml version="1.0" encoding="utf-8"?>)",
            R"(<graphml xmlns="http://graphml.graphdrawing.org/xmlns">)",
            R"(  <!-- keys as the Topology Zoo writes them -->)",
            R"(  <key attr.name="Network" attr.type="string" for="graph" id="d0" />)",
            R"(  <key attr.name="Latitude" attr.type="double" for="node" id="d29" />)",
            R"(  <key attr.name="Longitude" attr.type="double" for="node" id="d30" />)",
            R"(  <key attr.name="label" attr.type="string" for="node" id="d32" />)",
            R"(  <key attr.name="LinkLength" attr.type="double" for="edge" id="d40" />)",
            R"(  <key attr.name="label" attr.type="string" for="edge" id="d41" />)",
            R"(  <key for="node" id="d50" yfiles.type="nodegraphics"/>)",
            R"(  <graph edgedefault="undirected">)",
            R"(    <data key="d0">Test &amp; Co</data>)",
            R"(    <node id="0"><data key="d32">New York</data>)",
            R"(      <data key="d29">40.7128</data><data key="d30">-74.0060</data></node>)",
            R"(    <node id="1">)",
            R"(      <data key="d50"><y:ShapeNode><y:NodeLabel>ignored</y:NodeLabel></y:ShapeNode></data>)",
            R"(      <data key="d32"><![CDATA[Los Angeles]]></data>)",
            R"(      <data key="d29">)",
            R"(        34.0522</data>)",
            R"(      <data key="d30">-118.2437</data>)",
            R"(    </node>)",
            R"(    <node id="2"><data key="d32">London</data><data key="d29">51.5074</data>)",
            R"(      <data key="d30">-0.1278</data></node>)",
            R"(    <node id='3'><data key="d32">Paris &#38; suburbs</data>)",
            R"(      <data key="d29"> 48.8566 </data><data key="d30">2.3522</data></node>)",
            R"(    <edge source="0" target="1"><data key="d41">10 Gbps</data></edge>)",
            R"(    <edge source="1" target="2" />)",
            R"(    <edge source="2" target="3"><data key="d40">500</data></edge>)",
            R"(    <edge source="3" target="0"/>)",
            R"(  </graph>)",
            R"(</graphml>)"};
        const std::string file = CreateTempDirFilename("zoo.graphml");
        Write(file, lines);
        WanTopology topo;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(topo.LoadGraphMl(file, error, RouteFactor(1.3)), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetName(), "zoo", "name");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 4, "nodes");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNFibres(), 4, "edges");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(1).name, "Los Angeles", "CDATA label");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(3).name, "Paris & suburbs", "entity in a label");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(3).latitude, 48.8566, "blanks around a number");
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(2).weight, 1, "default weight");
        auto gc = [&](uint32_t a, uint32_t b) { return topo.GetGreatCircleKm(a, b); };
        const uint32_t ends[][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
        for (const auto& e : ends)
        {
            const int64_t f = topo.FindFibre(e[0], e[1]);
            NS_TEST_ASSERT_MSG_GT_OR_EQ(f, 0, "edge " << e[0] << "-" << e[1]);
            const double expected = (e[0] == 2 && e[1] == 3) ? 500 : 1.3 * gc(e[0], e[1]);
            NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(f).lengthKm,
                                      expected,
                                      1e-9 * expected,
                                      "length of " << e[0] << "-" << e[1]);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(topo.FindFibre(0, 1)).lengthKm,
                                  1.3 * 3935.7,
                                  1.3 * 5,
                                  "NY-LA x 1.3");
        NS_TEST_ASSERT_MSG_EQ(topo.IsTwoEdgeConnected(), true, "a ring");

        // A UTF-8 byte-order mark and CRLF line endings: the same topology.
        {
            std::ofstream out(file, std::ios::binary);
            out << "\xEF\xBB\xBF";
            for (const auto& l : lines)
            {
                out << l << "\r\n";
            }
        }
        WanTopology crlf;
        NS_TEST_ASSERT_MSG_EQ(crlf.LoadGraphMl(file, error, RouteFactor(1.3)), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(crlf, topo), true, "BOM and CRLF change nothing");

        // The default route factor, through Load(), and co-located nodes.
        std::vector<std::string> twin = lines;
        twin[23] = R"(    <node id='3'><data key="d32">London</data>)";
        twin[24] = R"(      <data key="d29">51.5074</data><data key="d30">-0.1278</data></node>)";
        Write(file, twin);
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(3).name, "London [3]", "a label used twice");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(topo.FindFibre(1, 2)).lengthKm,
                                  1.2 * gc(1, 2),
                                  1e-9 * gc(1, 2),
                                  "default route factor 1.2");
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(topo.FindFibre(2, 3)).lengthKm, 500, "given length");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(topo.FindFibre(3, 0)).lengthKm,
                                  1.2 * gc(2, 0),
                                  1e-9 * gc(2, 0),
                                  "same place, same length");
        twin[27] = R"(    <edge source="2" target="3"/>)";
        Write(file, twin);
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(topo.FindFibre(2, 3)).lengthKm,
                              WanTopology::MIN_LENGTH_KM,
                              "co-located nodes: 1 km");
        NS_TEST_ASSERT_MSG_EQ(topo.LoadGraphMl(file, error, RouteFactor(0.9)),
                              false,
                              "route factor < 1");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "0.9"), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.LoadGraphMl(file, error, RouteFactor(2.5)),
                              false,
                              "route factor > 2");
        NS_TEST_ASSERT_MSG_EQ(error,
                              file + ": route factor 2.5 is not allowed (1 to 2)",
                              "route factor > 2");
    }
};

/// GraphML errors.
class GraphMlErrorsTestCase : public TestCase
{
  public:
    GraphMlErrorsTestCase()
        : TestCase("GraphML errors: unknown node, missing coordinates, bad number, no nodes, "
                   "disconnected; each with its line, the topology unchanged")
    {
    }

  private:
    /// Writes \p lines, loads them over \p loaded and expects an error at \p marker's line.
    void ExpectError(const WanTopology& loaded,
                     const std::string& what,
                     const std::vector<std::string>& lines,
                     const std::string& marker,
                     const std::string& bad,
                     bool exact = false)
    {
        const std::string file = CreateTempDirFilename("bad.graphml");
        Write(file, lines);
        WanTopology topo = loaded;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(topo.Load(file, error, Strict()), false, what << " accepted");
        const uint32_t line = LineOf(lines, marker);
        NS_TEST_EXPECT_MSG_NE(line, 0, what << ": no marker " << marker);
        NS_TEST_EXPECT_MSG_EQ(Contains(error, file + ":" + std::to_string(line) + ": "),
                              true,
                              what << ": no file:line " << line << " in: " << error);
        NS_TEST_EXPECT_MSG_EQ(Contains(error, bad),
                              true,
                              what << ": no '" << bad << "' in: " << error);
        if (exact)
        {
            NS_TEST_EXPECT_MSG_EQ(error, file + ":" + std::to_string(line) + ": " + bad, what);
        }
        NS_TEST_EXPECT_MSG_EQ(Same(topo, loaded), true, what << ": topology changed");
    }

    /// \return a three-node triangle with \p node2 and \p edges replacing node 2 and the edges
    static std::vector<std::string> Doc(const std::vector<std::string>& node2,
                                        const std::vector<std::string>& edges)
    {
        std::vector<std::string> lines = {
            "<graphml>",
            R"(<key attr.name="Latitude" for="node" id="lat"/>)",
            R"(<key attr.name="Longitude" for="node" id="lon"/>)",
            R"(<key attr.name="length" for="edge" id="len"/>)",
            R"(<graph edgedefault="undirected">)",
            R"(<node id="a"><data key="lat">10</data><data key="lon">20</data></node>)",
            R"(<node id="b"><data key="lat">11</data><data key="lon">20</data></node>)"};
        lines.insert(lines.end(), node2.begin(), node2.end());
        lines.insert(lines.end(), edges.begin(), edges.end());
        lines.emplace_back("</graph>");
        lines.emplace_back("</graphml>");
        return lines;
    }

    void DoRun() override
    {
        WanTopology backbone;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(backbone.Load("continental-backbone", error), true, error);
        const std::vector<std::string> node2 = {
            R"(<node id="c"><data key="lat">11</data><data key="lon">21</data></node>)"};
        const std::vector<std::string> ring = {R"(<edge source="a" target="b"/>)",
                                               R"(<edge source="b" target="c"/>)",
                                               R"(<edge source="c" target="a"/>)"};
        // The document itself is good.
        const std::string file = CreateTempDirFilename("good.graphml");
        Write(file, Doc(node2, ring));
        WanTopology topo;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetNFibres(), 3, "triangle");

        std::vector<std::string> edges = ring;
        edges.push_back(R"(<edge source="a" target="zz"/>)");
        ExpectError(backbone, "unknown node", Doc(node2, edges), "\"zz\"", "unknown node 'zz'");
        ExpectError(backbone,
                    "no coordinates",
                    Doc({R"(<node id="c"><data key="lat">11</data></node>)"}, ring),
                    R"(source="b" target="c")",
                    "node 'c'");
        // Without coordinates but with lengths, c is fine.
        edges = {R"(<edge source="a" target="b"/>)",
                 R"(<edge source="b" target="c"><data key="len">80</data></edge>)",
                 R"(<edge source="c" target="a"><data key="len">90</data></edge>)"};
        Write(file, Doc({R"(<node id="c"/>)"}, edges));
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(2).lengthKm, 90, "given length");
        ExpectError(
            backbone,
            "bad latitude",
            Doc({R"(<node id="c"><data key="lat">north</data><data key="lon">21</data></node>)"},
                ring),
            "north",
            "node 'c': Latitude: 'north' is not a number (allowed: -90 degrees to 90 degrees)",
            true);
        edges = ring;
        edges[1] = R"(<edge source="b" target="c"><data key="len">12km</data></edge>)";
        ExpectError(backbone,
                    "bad length",
                    Doc(node2, edges),
                    "12km",
                    "edge b-c: length: '12km' is not a number (trailing 'km') (allowed: 0 km to "
                    "40075 km)",
                    true);
        edges[1] = R"(<edge source="b" target="c"><data key="len">-3</data></edge>)";
        ExpectError(backbone,
                    "negative length",
                    Doc(node2, edges),
                    "-3",
                    "edge b-c: length: '-3' is out of range (allowed: 0 km to 40075 km)",
                    true);
        edges[1] = R"(<edge source="b" target="c"><data key="len">5e9</data></edge>)";
        ExpectError(backbone,
                    "absurd length",
                    Doc(node2, edges),
                    "5e9",
                    "edge b-c: length: '5e9' is out of range (allowed: 0 km to 40075 km)",
                    true);
        edges = ring;
        edges.push_back(R"(<edge source="c" target="c"/>)");
        ExpectError(backbone,
                    "self-loop",
                    Doc(node2, edges),
                    R"(source="c" target="c")",
                    "edge c-c: both ends are 'c' (self-loops not allowed with parallel links "
                    "'refuse'; 'merge' drops them)",
                    true);
        edges = ring;
        edges.push_back(R"(<edge source="b" target="a"><data key="len">7</data></edge>)");
        ExpectError(backbone,
                    "parallel edge",
                    Doc(node2, edges),
                    R"(source="b" target="a")",
                    "edge b-a is a duplicate (already at line 9; one fibre per pair with parallel "
                    "links 'refuse'; 'merge' merges them)",
                    true);
        edges = ring;
        edges[2] = R"(<edge source="c"/>)";
        ExpectError(backbone,
                    "no target",
                    Doc(node2, edges),
                    R"(<edge source="c"/>)",
                    "<edge> without a target",
                    true);
        ExpectError(backbone,
                    "disconnected",
                    Doc(node2, {R"(<edge source="a" target="b"/>)"}),
                    R"(<node id="c">)",
                    "node 'c' (c) is not reachable from node 'a'");
        ExpectError(
            backbone,
            "latitude range",
            Doc({R"(<node id="c"><data key="lat">99</data><data key="lon">21</data></node>)"},
                ring),
            R"(<node id="c">)",
            "node 'c': Latitude: '99' is out of range (allowed: -90 degrees to 90 degrees)",
            true);
        ExpectError(backbone,
                    "unterminated tag",
                    Doc(node2, {R"(<edge source="a target="b"/>)"}),
                    R"(source="a target)",
                    "not well-formed XML: ");
        ExpectError(backbone,
                    "twice",
                    Doc({R"(<node id="b"/>)"}, ring),
                    R"(<node id="b"/>)",
                    "node 'b' is declared twice (first at line 7)");

        // No nodes at all.
        const std::string none = CreateTempDirFilename("none.graphml");
        Write(none, {"<graphml><graph></graph></graphml>"});
        topo = backbone;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none, error), false, "no nodes");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, none + ": no nodes"), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(topo, backbone), true, "unchanged");
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none + ".missing.graphml", error), false, "no file");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "cannot open"), true, error);

        // Entity declarations are refused (no billion laughs); external entities are never
        // fetched.
        Write(none,
              {"<?xml version=\"1.0\"?>",
               "<!DOCTYPE graphml [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>",
               "<graphml><graph><node id=\"&b;\"/></graph></graphml>"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none, error), false, "entities");
        NS_TEST_ASSERT_MSG_EQ(error, none + ":2: entity declarations are not supported", "");
        Write(none,
              {"<?xml version=\"1.0\"?>",
               "<!DOCTYPE graphml SYSTEM \"http://example.invalid/graphml.dtd\">",
               "<graphml><graph><node id=\"a\"/></graph></graphml>"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 1, "an external DTD is not loaded");
        topo = backbone;
        Write(none, {"<graph><node id=\"a\"/></graph>"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none, error), false, "root");
        NS_TEST_ASSERT_MSG_EQ(error, none + ":1: the root element is <graph>, not <graphml>", "");
        // A file over the size bound is refused before it is read.
        std::filesystem::resize_file(none, WanTopology::MAX_GRAPHML_BYTES + 1);
        NS_TEST_ASSERT_MSG_EQ(topo.Load(none, error), false, "size");
        NS_TEST_ASSERT_MSG_EQ(error,
                              "GraphML file: " + none +
                                  ": 16777217 bytes is too large (at most 16777216 bytes, 16MiB)",
                              "size bound");
        NS_TEST_ASSERT_MSG_EQ(Same(topo, backbone), true, "unchanged");
    }
};

/// The synthetic generator.
class GeneratorTestCase : public TestCase
{
  public:
    GeneratorTestCase()
        : TestCase("Generator: 754 sites of mean degree 2.4 like Kdl, connected and "
                   "2-edge-connected, Euclidean lengths, deterministic per stream")
    {
    }

  private:
    void DoRun() override
    {
        const double width = 4000;
        const double height = 2500;
        WanTopology kdl;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(754, 2.4, width, height, Stream(1), kdl, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(kdl.GetName(), "synthetic-754", "name");
        NS_TEST_ASSERT_MSG_EQ(kdl.GetNSites(), 754, "sites");
        NS_TEST_ASSERT_MSG_EQ(kdl.GetNFibres(), 905, "fibres: round(754 x 2.4 / 2)");
        NS_TEST_ASSERT_MSG_EQ_TOL(kdl.GetMeanDegree(), 2.4, 0.24, "mean degree within 10%");
        NS_TEST_ASSERT_MSG_EQ(kdl.IsConnected(), true, "connected");
        NS_TEST_ASSERT_MSG_EQ(kdl.GetBridges().size(), 0, "no bridges");
        NS_TEST_ASSERT_MSG_EQ(CountCuttingFibres(kdl), 0, "every single cut survived");
        // Lengths: the plane's straight lines x 1.2, from the projected coordinates.
        const double kmPerDegree = 6371 * M_PI / 180;
        uint32_t degreeOne = 0;
        for (uint32_t i = 0; i < kdl.GetNSites(); ++i)
        {
            const auto& s = kdl.GetSite(i);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(s.longitude * kmPerDegree), width / 2, "x");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(s.latitude * kmPerDegree), height / 2, "y");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(s.weight, 1, "weight >= 1");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(s.weight, 100, "weight <= 100");
            degreeOne += kdl.GetFibresAt(i).size() < 2 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(degreeOne, 0, "every site has two fibres or more");
        for (const auto& f : kdl.GetFibres())
        {
            const auto& a = kdl.GetSite(f.a);
            const auto& b = kdl.GetSite(f.b);
            const double d =
                kmPerDegree * std::hypot(a.latitude - b.latitude, a.longitude - b.longitude);
            NS_TEST_ASSERT_MSG_EQ_TOL(f.lengthKm, std::max(1.0, 1.2 * d), 1e-6, "length");
        }
        // Fibres join neighbours: the mean fibre is far shorter than the mean distance.
        NS_TEST_ASSERT_MSG_LT(kdl.GetTotalLengthKm() / kdl.GetNFibres(), 400, "short fibres");

        // Same stream, same network; another stream, another.
        WanTopology again;
        NS_TEST_ASSERT_MSG_EQ(
            WanTopology::Generate(754, 2.4, width, height, Stream(1), again, error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(Same(again, kdl), true, "deterministic");
        WanTopology other;
        NS_TEST_ASSERT_MSG_EQ(
            WanTopology::Generate(754, 2.4, width, height, Stream(2), other, error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(Same(other, kdl), false, "another stream");
        NS_TEST_ASSERT_MSG_NE(other.GetSite(0).latitude, kdl.GetSite(0).latitude, "positions");

        // Other sizes and degrees.
        const struct
        {
            uint32_t sites;
            double degree;
        } cases[] = {{50, 3.0}, {50, 4.0}, {100, 2.5}, {200, 6.0}, {6, 5.0}, {3, 2.0}};

        for (const auto& c : cases)
        {
            WanTopology t;
            NS_TEST_ASSERT_MSG_EQ(
                WanTopology::Generate(c.sites, c.degree, 1000, 1000, Stream(3), t, error),
                true,
                error);
            NS_TEST_ASSERT_MSG_EQ_TOL(t.GetMeanDegree(),
                                      c.degree,
                                      0.1 * c.degree,
                                      c.sites << " sites, degree " << c.degree);
            NS_TEST_ASSERT_MSG_EQ(t.IsTwoEdgeConnected(), true, c.sites << " sites");
            NS_TEST_ASSERT_MSG_EQ(CountCuttingFibres(t), 0, c.sites << " sites");
        }

        // Bad parameters: an error naming the value; the output unchanged.
        const WanTopology before = kdl;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(2, 2, 10, 10, Stream(1), kdl, error),
                              false,
                              "2");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "2 sites"), true, error);
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(10, 1.5, 10, 10, Stream(1), kdl, error),
                              false,
                              "degree");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "mean degree 1.5"), true, error);
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(10, 9.5, 10, 10, Stream(1), kdl, error),
                              false,
                              "degree");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "mean degree 9.5"), true, error);
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(10, 3, -1, 10, Stream(1), kdl, error),
                              false,
                              "plane");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "-1 x 10"), true, error);
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(10, 3, 10, 10, nullptr, kdl, error),
                              false,
                              "no stream");
        NS_TEST_ASSERT_MSG_EQ(Same(kdl, before), true, "unchanged");
    }
};

/// Traffic matrices.
class TrafficMatrixTestCase : public TestCase
{
  public:
    TrafficMatrixTestCase()
        : TestCase("Traffic matrices: gravity ratios, uniform, bimodal share of large pairs, "
                   "totals, largest pairs, kinds by name")
    {
    }

  private:
    void DoRun() override
    {
        WanTopology topo;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(topo.Load("continental-backbone", error), true, error);
        const uint32_t n = topo.GetNSites();
        const double total = 12345.6;

        // Gravity.
        const auto gravity = TrafficMatrix::Gravity(topo, total);
        NS_TEST_ASSERT_MSG_EQ(gravity.size(), n * (n - 1), "pairs");
        NS_TEST_ASSERT_MSG_EQ_TOL(TrafficMatrix::Total(gravity), total, 1e-9 * total, "total");
        const uint32_t ny = topo.FindSite("New York");
        const uint32_t la = topo.FindSite("Los Angeles");
        const uint32_t chi = topo.FindSite("Chicago");
        const uint32_t abq = topo.FindSite("Albuquerque");
        NS_TEST_ASSERT_MSG_EQ_TOL(DemandOf(gravity, ny, la) / DemandOf(gravity, ny, chi),
                                  13.2 / 9.6,
                                  1e-12,
                                  "w_LA over w_Chicago");
        NS_TEST_ASSERT_MSG_EQ_TOL(DemandOf(gravity, la, ny) / DemandOf(gravity, abq, ny),
                                  13.2 / 0.9,
                                  1e-12,
                                  "w_LA over w_Albuquerque");
        NS_TEST_ASSERT_MSG_EQ_TOL(DemandOf(gravity, ny, la),
                                  DemandOf(gravity, la, ny),
                                  1e-12,
                                  "symmetric");
        NS_TEST_ASSERT_MSG_EQ(DemandOf(gravity, ny, ny), -1, "no self demand");
        // By hand: sum over ordered pairs of w_s w_d = (sum w)^2 - sum w^2.
        double sum = 0;
        double squares = 0;
        for (const auto& s : topo.GetSites())
        {
            sum += s.weight;
            squares += s.weight * s.weight;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(DemandOf(gravity, ny, la),
                                  total * 20.1 * 13.2 / (sum * sum - squares),
                                  1e-9,
                                  "NY-LA by hand");

        // Uniform.
        const auto uniform = TrafficMatrix::Uniform(topo, total);
        NS_TEST_ASSERT_MSG_EQ(uniform.size(), n * (n - 1), "pairs");
        for (const auto& d : uniform)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(d.gbps, total / (n * (n - 1)), 1e-12, "equal");
            NS_TEST_ASSERT_MSG_NE(d.src, d.dst, "no self demand");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(TrafficMatrix::Total(uniform), total, 1e-9 * total, "total");

        // Bimodal on 50 sites: about 20% large pairs, ten times the small ones.
        WanTopology fifty;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::Generate(50, 3, 2000, 2000, Stream(5), fifty, error),
                              true,
                              error);
        const auto bimodal = TrafficMatrix::Bimodal(fifty, total, 0.2, Stream(6));
        NS_TEST_ASSERT_MSG_EQ(bimodal.size(), 50 * 49, "pairs");
        NS_TEST_ASSERT_MSG_EQ_TOL(TrafficMatrix::Total(bimodal), total, 1e-9 * total, "total");
        double smallest = 1e300;
        double largest = 0;
        for (const auto& d : bimodal)
        {
            smallest = std::min(smallest, d.gbps);
            largest = std::max(largest, d.gbps);
        }
        // Small pairs are 0.5 to 1.5 units, large ones 5 to 15: the threshold 3 separates them.
        const double unit = smallest / 0.5;
        NS_TEST_ASSERT_MSG_EQ_TOL(largest / unit, 15, 0.2, "largest near 15 units");
        uint32_t nLarge = 0;
        double largeSum = 0;
        double smallSum = 0;
        for (const auto& d : bimodal)
        {
            const double u = d.gbps / unit;
            NS_TEST_ASSERT_MSG_EQ((u <= 1.55 || u >= 4.9),
                                  true,
                                  "no value between the modes: " << u);
            nLarge += u > 3 ? 1 : 0;
            (u > 3 ? largeSum : smallSum) += d.gbps;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(nLarge / 2450.0, 0.2, 0.03, "share of large pairs");
        NS_TEST_ASSERT_MSG_EQ_TOL((largeSum / nLarge) / (smallSum / (2450 - nLarge)),
                                  10,
                                  0.5,
                                  "ratio of the means");
        const auto again = TrafficMatrix::Bimodal(fifty, total, 0.2, Stream(6));
        NS_TEST_ASSERT_MSG_EQ(again[77].gbps, bimodal[77].gbps, "deterministic");
        const auto none = TrafficMatrix::Bimodal(fifty, total, 0, Stream(6));
        NS_TEST_ASSERT_MSG_LT_OR_EQ(none[0].gbps / none[1].gbps, 3, "no large pair");

        // Largest pairs.
        const auto top = TrafficMatrix::Largest(gravity, 0.5);
        NS_TEST_ASSERT_MSG_EQ_TOL(TrafficMatrix::Total(top), total, 1e-9 * total, "same total");
        NS_TEST_ASSERT_MSG_LT(top.size(), gravity.size() / 4, "few pairs carry half");
        double keptOriginal = 0;
        double minKept = 1e300;
        for (const auto& d : top)
        {
            keptOriginal += DemandOf(gravity, d.src, d.dst);
            minKept = std::min(minKept, DemandOf(gravity, d.src, d.dst));
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(keptOriginal, 0.5 * total, "at least half the volume");
        NS_TEST_ASSERT_MSG_LT(keptOriginal - minKept, 0.5 * total, "and no more pairs than needed");
        uint32_t dropped = 0;
        for (const auto& d : gravity)
        {
            bool kept = false;
            for (const auto& k : top)
            {
                kept = kept || (k.src == d.src && k.dst == d.dst);
            }
            dropped += kept ? 0 : 1;
            NS_TEST_ASSERT_MSG_EQ((kept || d.gbps <= minKept),
                                  true,
                                  "a dropped pair larger than a kept one");
        }
        NS_TEST_ASSERT_MSG_EQ(dropped + top.size(), gravity.size(), "partition");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Largest(gravity, 1).size(), gravity.size(), "all");

        // By name.
        std::vector<TrafficMatrix::Demand> out;
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", topo, total, nullptr, out, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(out[3].gbps, gravity[3].gbps, "gravity by name");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("uniform", topo, total, nullptr, out, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(out[3].gbps, uniform[3].gbps, "uniform by name");
        NS_TEST_ASSERT_MSG_EQ(
            TrafficMatrix::Make("bimodal:0.2", fifty, total, Stream(6), out, error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(out[77].gbps, bimodal[77].gbps, "bimodal by name");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("bimodal", fifty, total, Stream(6), out, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(out[77].gbps, bimodal[77].gbps, "default share 0.2");
        const auto kept = out;
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("poisson", topo, total, Stream(6), out, error),
                              false,
                              "poisson");
        for (const char* word : {"'poisson'", "gravity", "uniform", "bimodal"})
        {
            NS_TEST_ASSERT_MSG_EQ(Contains(error, word), true, error);
        }
        NS_TEST_ASSERT_MSG_EQ(out.size(), kept.size(), "unchanged");
        NS_TEST_ASSERT_MSG_EQ(out[5].gbps, kept[5].gbps, "unchanged");
        NS_TEST_ASSERT_MSG_EQ(
            TrafficMatrix::Make("bimodal:1.5", fifty, total, Stream(6), out, error),
            false,
            "share");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "'1.5'"), true, error);
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("bimodal", fifty, total, nullptr, out, error),
                              false,
                              "no stream");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", topo, -1, nullptr, out, error),
                              false,
                              "total");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "-1"), true, error);
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::Make("gravity", WanTopology(), 1, nullptr, out, error),
                              false,
                              "no sites");
        NS_TEST_ASSERT_MSG_EQ(out[5].gbps, kept[5].gbps, "unchanged");
    }
};

/// The rules of GraphOptions: parallel links, self-loops, unlocated nodes, pieces.
class GraphRulesTestCase : public TestCase
{
  public:
    GraphRulesTestCase()
        : TestCase("Graph rules: parallel links merged to the shortest, self-loops dropped, "
                   "unlocated nodes placed at their neighbours' centre in rounds or given a "
                   "fixed length, the largest component kept; each said once")
    {
    }

  private:
    void DoRun() override
    {
        // a (0, 0), b (0, 20) and e (10, 0) are located; c (next to a and b) and d (next to c
        // only) are not; f-g is a second, smaller piece without coordinates.
        const std::vector<std::string> lines = {
            "<graphml>",
            R"(<key attr.name="Latitude" for="node" id="lat"/>)",
            R"(<key attr.name="Longitude" for="node" id="lon"/>)",
            R"(<key attr.name="LinkLength" for="edge" id="len"/>)",
            R"(<graph edgedefault="undirected">)",
            R"(<node id="a"><data key="lat">0</data><data key="lon">0</data></node>)",
            R"(<node id="b"><data key="lat">0</data><data key="lon">20</data></node>)",
            R"(<node id="c"/>)",
            R"(<node id="d"/>)",
            R"(<node id="e"><data key="lat">10</data><data key="lon">0</data></node>)",
            R"(<node id="f"/>)",
            R"(<node id="g"/>)",
            R"(<edge source="a" target="b"/>)",
            R"(<edge source="b" target="a"><data key="len">9</data></edge>)",
            R"(<edge source="a" target="b"><data key="len">7</data></edge>)",
            R"(<edge source="c" target="a"/>)",
            R"(<edge source="c" target="b"/>)",
            R"(<edge source="d" target="c"/>)",
            R"(<edge source="e" target="a"/>)",
            R"(<edge source="e" target="e"/>)",
            R"(<edge source="f" target="g"/>)",
            "</graph>",
            "</graphml>"};
        const std::string file = CreateTempDirFilename("rules.graphml");
        Write(file, lines);
        WanTopology topo;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 5, "f and g dropped");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNFibres(), 5, "a-b once, no self-loop, no f-g");
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(topo.FindFibre(0, 1)).lengthKm,
                              7,
                              "merged: the shortest given length");
        // c: the centre of (0, 0) and (0, 20) is (0, 10); d, placed in the next round, on c.
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetSite(2).latitude, 0, 1e-12, "c latitude");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetSite(2).longitude, 10, 1e-12, "c longitude");
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetSite(3).longitude, 10, 1e-12, "d on c");
        const double tenDegrees = 10 * WanTopology::EARTH_RADIUS_KM * M_PI / 180;
        NS_TEST_ASSERT_MSG_EQ_TOL(topo.GetFibre(topo.FindFibre(2, 0)).lengthKm,
                                  1.2 * tenDegrees,
                                  1e-9 * tenDegrees,
                                  "c-a: 10 degrees x 1.2");
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(topo.FindFibre(3, 2)).lengthKm,
                              WanTopology::MIN_LENGTH_KM,
                              "d-c: co-located");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNotes().size(), 4, "four rules applied");
        NS_TEST_ASSERT_MSG_EQ(Contains(NoteWith(topo, "parallel"), "2 parallel link(s)"),
                              true,
                              "merged note");
        NS_TEST_ASSERT_MSG_EQ(NoteWith(topo, "self-loop"), "1 self-loop(s) dropped", "loop note");
        NS_TEST_ASSERT_MSG_EQ(
            NoteWith(topo, "components"),
            "the network has 2 components: its largest is kept, 5 of 7 sites (dropped: 'f', 'g')",
            "pieces note");
        NS_TEST_ASSERT_MSG_EQ(Contains(NoteWith(topo, "placed"), "2 site(s)"), true, "placed");

        // The fixed length instead: c and d stay where they are not, fibres 250 km.
        WanTopology::GraphOptions fixed;
        fixed.unlocated = WanTopology::UnlocatedSites::FIXED_LENGTH;
        fixed.unlocatedLengthKm = 250;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error, fixed), true, error);
        for (auto [x, y] : {std::pair{2, 0}, std::pair{2, 1}, std::pair{3, 2}})
        {
            NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(topo.FindFibre(x, y)).lengthKm,
                                  250,
                                  "fixed " << x << "-" << y);
        }
        NS_TEST_ASSERT_MSG_EQ(Contains(NoteWith(topo, "250 km"), "2 site(s)"), true, "fixed note");

        // Nothing located in reach: the fixed length even under 'neighbours'.
        Write(file,
              {"<graphml><graph>",
               R"(<node id="p"/><node id="q"/><node id="r"/>)",
               R"(<edge source="p" target="q"/><edge source="q" target="r"/>)",
               "</graph></graphml>"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetFibre(0).lengthKm,
                              WanTopology::DEFAULT_UNLOCATED_LENGTH_KM,
                              "default length");
        NS_TEST_ASSERT_MSG_EQ(Contains(NoteWith(topo, "no located node"), "3 site(s)"),
                              true,
                              "unreachable note");
        // Two pieces of two: the first wins the tie.
        Write(file,
              {"<graphml><graph>",
               R"(<node id="p"/><node id="q"/><node id="r"/><node id="s"/>)",
               R"(<edge source="r" target="s"/><edge source="q" target="p"/>)",
               "</graph></graphml>"});
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetSite(0).name, "p", "the first piece");
        NS_TEST_ASSERT_MSG_EQ(topo.GetNSites(), 2, "of two");
        // A CSV load has no notes.
        NS_TEST_ASSERT_MSG_EQ(topo.Load("continental-backbone", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(topo.GetNotes().empty(), true, "no notes");

        // The rules' names, and a bad length.
        WanTopology::UnlocatedSites rule = WanTopology::UnlocatedSites::REFUSE;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::ParseUnlocatedSites("Fixed", rule, error), true, "");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(rule),
                              static_cast<int>(WanTopology::UnlocatedSites::FIXED_LENGTH),
                              "fixed");
        WanTopology::Disconnected pieces = WanTopology::Disconnected::LARGEST;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::ParseDisconnected("each", pieces, error), false, "");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "largest, refuse"), true, error);
        WanTopology::ParallelLinks parallel = WanTopology::ParallelLinks::MERGE;
        NS_TEST_ASSERT_MSG_EQ(WanTopology::ParseParallelLinks("REFUSE", parallel, error), true, "");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(parallel),
                              static_cast<int>(WanTopology::ParallelLinks::REFUSE),
                              "refuse");
        fixed.unlocatedLengthKm = 0;
        NS_TEST_ASSERT_MSG_EQ(topo.Load(file, error, fixed), false, "0 km");
        NS_TEST_ASSERT_MSG_EQ(Contains(error, "unlocated length 0 km"), true, error);
    }
};

/// GML: the same topology as GraphML, and its errors with their lines.
class GmlTestCase : public TestCase
{
  public:
    GmlTestCase()
        : TestCase("GML: lists, strings with character references, comments, skipped "
                   "graphics; the same sites and fibres as GraphML; errors with file:line")
    {
    }

  private:
    /// Writes \p lines as a .gml, loads and expects \p bad at \p marker's line.
    void ExpectError(const std::vector<std::string>& lines,
                     const std::string& marker,
                     const std::string& bad)
    {
        const std::string file = CreateTempDirFilename("bad.gml");
        Write(file, lines);
        WanTopology topo;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(topo.Load(file, error), false, bad << " accepted");
        const uint32_t line = LineOf(lines, marker);
        NS_TEST_EXPECT_MSG_EQ(error,
                              file + ":" + std::to_string(line) + ": " + bad,
                              "the error of " << marker);
    }

    void DoRun() override
    {
        const std::vector<std::string> lines = {
            "# a comment line",
            "Creator \"test\"",
            "graph [",
            "  directed 0",
            "  label \"ignored\"",
            "  node [ id 0 label \"New York\" Latitude 40.7128 Longitude -74.006 ]",
            "  node [",
            "    id 1",
            "    label \"Paris &amp; suburbs &#233;\"",
            "    Latitude 48.8566",
            "    Longitude 2.3522",
            "    graphics [ x 1.0 y 2.0 fill \"#ff0000\" ]",
            "  ]",
            "  node [ id 2 label \"London\" Latitude 51.5074 Longitude -0.1278 Population 9 ]",
            "  edge [ source 0 target 1 ]",
            "  edge [ source 1 target 2 LinkLength 500 ]",
            "  edge [ source 2 target 0 ]",
            "  edge [ source 0 target 2 key 1 ]",
            "]"};
        const std::string file = CreateTempDirFilename("zoo.gml");
        Write(file, lines);
        WanTopology gml;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(gml.Load(file, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(gml.GetName(), "zoo", "stem");
        NS_TEST_ASSERT_MSG_EQ(gml.GetNSites(), 3, "nodes");
        NS_TEST_ASSERT_MSG_EQ(gml.GetNFibres(), 3, "a parallel edge merged");
        NS_TEST_ASSERT_MSG_EQ(gml.GetSite(1).name, "Paris & suburbs \xC3\xA9", "references");
        NS_TEST_ASSERT_MSG_EQ(gml.GetSite(2).weight, 9, "population");
        NS_TEST_ASSERT_MSG_EQ(gml.GetFibre(gml.FindFibre(1, 2)).lengthKm, 500, "LinkLength");
        NS_TEST_ASSERT_MSG_EQ_TOL(gml.GetFibre(gml.FindFibre(0, 1)).lengthKm,
                                  1.2 * gml.GetGreatCircleKm(0, 1),
                                  1e-9,
                                  "derived length");

        // The same network as GraphML: the same topology.
        const std::string graphml = CreateTempDirFilename("zoo.graphml");
        Write(graphml,
              {"<graphml>",
               R"(<key attr.name="label" for="node" id="l"/>)",
               R"(<key attr.name="Latitude" for="node" id="la"/>)",
               R"(<key attr.name="Longitude" for="node" id="lo"/>)",
               R"(<key attr.name="Population" for="node" id="p"/>)",
               R"(<key attr.name="LinkLength" for="edge" id="len"/>)",
               "<graph>",
               R"(<node id="0"><data key="l">New York</data><data key="la">40.7128</data>)"
               R"(<data key="lo">-74.006</data></node>)",
               R"(<node id="1"><data key="l">Paris &amp; suburbs &#233;</data>)"
               R"(<data key="la">48.8566</data><data key="lo">2.3522</data></node>)",
               R"(<node id="2"><data key="l">London</data><data key="la">51.5074</data>)"
               R"(<data key="lo">-0.1278</data><data key="p">9</data></node>)",
               R"(<edge source="0" target="1"/>)",
               R"(<edge source="1" target="2"><data key="len">500</data></edge>)",
               R"(<edge source="2" target="0"/>)",
               R"(<edge source="0" target="2"/>)",
               "</graph></graphml>"});
        WanTopology xml;
        NS_TEST_ASSERT_MSG_EQ(xml.Load(graphml, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(Same(gml, xml), true, "GML and GraphML agree");
        NS_TEST_ASSERT_MSG_EQ(gml.GetNotes().size(), xml.GetNotes().size(), "same notes");

        ExpectError({"graph [", "  node [ id 0 label \"x ]", "]"},
                    "label",
                    "a string opened here is never closed");
        ExpectError({"graph [", "  node [ id 0", "]"},
                    "graph",
                    "the list opened here is never closed (']' missing)");
        ExpectError({"graph [ node [ id 0 ] ]", "] # one too many"},
                    "too many",
                    "']' without a '[' to close");
        ExpectError({"graph [", "  node [ id 0 ]", "  3x 4", "]"},
                    "3x",
                    "'3x' is not a key (a key is a name: a letter or '_', then letters, digits "
                    "or '_')");
        ExpectError({"graph [", "  node [ label \"a\" ]", "]"}, "label", "node without an id");
        ExpectError({"graph [", "  node [ id 0 ]", "  edge [ source 0 ]", "]"},
                    "edge",
                    "edge without a target");
        ExpectError({"graph [", "  node [ id 0 id 1 ]", "]"}, "id 1", "'id' given twice");
        ExpectError({"graph [", "  node [ id 0 Latitude 95 Longitude 0 ]", "]"},
                    "95",
                    "node '0': Latitude: '95' is out of range (allowed: -90 degrees to 90 "
                    "degrees)");
        ExpectError({"graph [", "  node [ id 0 ]", "  edge [ source 0 target 7 ]", "]"},
                    "target 7",
                    "edge 0-7: unknown node '7'");
        ExpectError({"graph [", "  node [ id 0 ]", "  node [ id 0 label \"b\" ]", "]"},
                    "\"b\"",
                    "node '0' is declared twice (first at line 2)");
        // The graph list is 1 deep: the 64th nested list (line 65) is one too many.
        std::vector<std::string> deep = {"graph [ node [ id 0 ]"};
        for (uint32_t i = 0; i < WanTopology::MAX_GML_DEPTH; ++i)
        {
            deep.push_back("x [");
        }
        const std::string deepFile = CreateTempDirFilename("deep.gml");
        Write(deepFile, deep);
        NS_TEST_ASSERT_MSG_EQ(gml.Load(deepFile, error), false, "too deep");
        NS_TEST_ASSERT_MSG_EQ(error,
                              deepFile + ":65: lists nested more than 64 deep "
                                         "(WanTopology::MAX_GML_DEPTH)",
                              "depth");
        const std::string none = CreateTempDirFilename("none.gml");
        Write(none, {"Creator \"nobody\"", "nodes [ ]"});
        NS_TEST_ASSERT_MSG_EQ(gml.Load(none, error), false, "no graph");
        NS_TEST_ASSERT_MSG_EQ(error, none + ": no 'graph [ ... ]' list (is this a GML file?)", "");
        NS_TEST_ASSERT_MSG_EQ(gml.GetNSites(), 3, "unchanged");
    }
};

/// The suite.
class WanTopologyTestSuite : public TestSuite
{
  public:
    WanTopologyTestSuite()
        : TestSuite("optical-wan-topology", SUITE_UNIT)
    {
        AddTestCase(new GreatCircleTestCase, TEST_QUICK);
        AddTestCase(new BackboneTestCase, TEST_QUICK);
        AddTestCase(new CsvTestCase, TEST_QUICK);
        AddTestCase(new GraphMlTestCase, TEST_QUICK);
        AddTestCase(new GraphMlErrorsTestCase, TEST_QUICK);
        AddTestCase(new GraphRulesTestCase, TEST_QUICK);
        AddTestCase(new GmlTestCase, TEST_QUICK);
        AddTestCase(new GeneratorTestCase, TEST_QUICK);
        AddTestCase(new TrafficMatrixTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
static WanTopologyTestSuite g_wanTopologyTestSuite;

} // namespace
