/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_TOPOLOGY_DETAIL_H
#define WAN_TOPOLOGY_DETAIL_H

// Private to WanTopology's source files (not installed): what its graph, its loaders (CSV,
// GraphML, GML) and its generator share.

#include "wan-topology.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{
namespace wantopologydetail
{

/**
 * \brief The log component "WanTopology" (defined in wan-topology.cc), which the topology's
 * other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& TopologyLog();

/// Kilometres per degree of a great circle.
const double KM_PER_DEGREE = WanTopology::EARTH_RADIUS_KM * M_PI / 180.0;

/// \return \p text in lower case
inline std::string
Lower(const std::string& text)
{
    std::string out = text;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return out;
}

/// \return true if \p text ends with \p suffix, ignoring case
inline bool
EndsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size() &&
           Lower(text.substr(text.size() - suffix.size())) == Lower(suffix);
}

/// \return the file's name without directory and extension
inline std::string
Stem(const std::string& path)
{
    std::string base =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const auto dot = base.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

/// \return the built-in directory's path
inline std::string
BuiltInDirectory()
{
    return OpticalDataFile::GetDataDirectory() + "/" + WanTopology::BUILT_IN_DIRECTORY;
}

/// \return \p file, or the file of that name in the built-in directory when it has no '/'
inline std::string
ResolveWan(const std::string& file)
{
    return file.find('/') == std::string::npos ? BuiltInDirectory() + "/" + file : file;
}

/// \return "path:line: "
inline std::string
Where(const std::string& path, uint64_t line)
{
    return path + ":" + std::to_string(line) + ": ";
}

/// \return a number as text, without trailing zeros
inline std::string
Num(double value)
{
    return optical::Num(value, 10);
}

/**
 * The connected components of the fibre layer, by union-find (boost::disjoint_sets over the
 * fibres: no graph is built), numbered in the order of each component's lowest site.
 * \param [in] n Number of sites
 * \param [in] fibres The fibres
 * \param [in] without Per fibre, true to leave it out (null: none)
 * \param [out] comp Per site, its component
 * \return the number of components
 */
uint32_t FibreComponents(uint32_t n,
                         const std::vector<WanTopology::Fibre>& fibres,
                         const std::vector<bool>* without,
                         std::vector<uint32_t>& comp);

/**
 * The bridges of the component of site 0 (BridgeVisitor, by boost::depth_first_visit from
 * site 0 over the fibre view: no graph is built).
 * \param [in] fibres The fibres
 * \param [in] at Per site, its fibres
 * \return the bridges' fibre indices, ascending
 */
std::vector<uint32_t> FindBridges(const std::vector<WanTopology::Fibre>& fibres,
                                  const std::vector<std::vector<uint32_t>>& at);

/// A node or an edge of a graph file (GraphML or GML), as read.
struct GraphElement
{
    std::string id;                                               //!< Node id
    std::string source;                                           //!< Edge source
    std::string target;                                           //!< Edge target
    uint64_t line{0};                                             //!< Line of its tag
    std::map<std::string, std::pair<std::string, uint64_t>> data; //!< Key id to text, line
};

/// A key of a graph file: what the data under its id is.
struct GraphKey
{
    std::string domain; //!< node, edge, graph, all...
    std::string name;   //!< The attribute's name, lower case
};

/// What a graph file holds, format aside: what its reader collects.
struct GraphScan
{
    std::map<std::string, GraphKey> keys; //!< Keys by id
    std::vector<GraphElement> nodes;      //!< The nodes, in document order
    std::vector<GraphElement> edges;      //!< The edges, in document order
    std::string error;                    //!< The first problem, with its line
};

/**
 * Checks the options of a graph file's load.
 * \param [in] path The file (for messages)
 * \param [in] options The options
 * \param [out] error The bad value and what is allowed
 * \return true if allowed
 */
bool CheckGraphOptions(const std::string& path,
                       const WanTopology::GraphOptions& options,
                       std::string& error);

/**
 * Makes the fibre layer a graph file describes (the part of LoadGraphMl() and LoadGml() after
 * parsing): sites from nodes, fibres from edges, the rules of \p options applied.
 * \param [in] path The file (for messages; its stem names the topology)
 * \param [in] scan What the file holds
 * \param [in] options The rules
 * \param [out] topo The topology
 * \param [out] notes What the rules did, one line per rule that applied
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool ScanToTopology(const std::string& path,
                    const GraphScan& scan,
                    const WanTopology::GraphOptions& options,
                    WanTopology& topo,
                    std::vector<std::string>& notes,
                    std::string& error);

/// Parses a graph file's text into a GraphScan: (path, text, scan, error) -> success.
using GraphParser =
    std::function<bool(const std::string&, const std::string&, GraphScan&, std::string&)>;

/**
 * Loads a graph file: resolves it, checks \p options, reads it through OpticalDataFile (at
 * most WanTopology::MAX_GRAPHML_BYTES), parses it and makes the topology (ScanToTopology).
 * \param [in] file The file (a name without '/' is looked up in data/wan/)
 * \param [in] format "GraphML" or "GML", for messages
 * \param [in] options The rules
 * \param [in] parse The format's parser
 * \param [out] topo The topology
 * \param [out] notes What the rules did
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool LoadGraphFile(const std::string& file,
                   const std::string& format,
                   const WanTopology::GraphOptions& options,
                   const GraphParser& parse,
                   WanTopology& topo,
                   std::vector<std::string>& notes,
                   std::string& error);

} // namespace wantopologydetail
} // namespace ns3

#endif // WAN_TOPOLOGY_DETAIL_H
