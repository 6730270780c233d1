/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PATHPRED_TEST_GRAPHS_H
#define PATHPRED_TEST_GRAPHS_H

// Hand-made AS graphs and small helpers shared by the path-prediction test suites.

#include "ns3/abort.h"
#include "ns3/optical-module.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{
namespace pathpredtest
{

/// A graph from (a, b, rel) links in CAIDA's coding (-1: a provides transit to b; 0: peers).
inline AsGraph
MakeGraph(const std::vector<std::tuple<uint32_t, uint32_t, int>>& links)
{
    AsGraph g;
    std::string error;
    for (const auto& [a, b, rel] : links)
    {
        NS_ABORT_MSG_UNLESS(g.AddLink(a, b, rel, error), error);
    }
    NS_ABORT_MSG_UNLESS(g.Finalize(error), error);
    return g;
}

/// \return the AS numbers of a path of indices
inline std::vector<uint32_t>
Asns(const AsGraph& g, const std::vector<uint32_t>& path)
{
    std::vector<uint32_t> out;
    for (uint32_t i : path)
    {
        out.push_back(g.GetAsn(i));
    }
    return out;
}

/// \return the indices of a path of AS numbers
inline std::vector<uint32_t>
Indices(const AsGraph& g, const std::vector<uint32_t>& asns)
{
    std::vector<uint32_t> out;
    for (uint32_t a : asns)
    {
        out.push_back(g.IndexOf(a));
    }
    return out;
}

/// \return the path of a scratch file \p name in the system's temporary directory
inline std::string
TempPath(const std::string& name)
{
    return (std::filesystem::temp_directory_path() / ("ns3-optical-pathpred-" + name)).string();
}

/// Writes \p text to the scratch file \p name; \return its path
inline std::string
WriteTemp(const std::string& name, const std::string& text)
{
    const std::string path = TempPath(name);
    std::ofstream(path) << text;
    return path;
}

} // namespace pathpredtest
} // namespace ns3

#endif /* PATHPRED_TEST_GRAPHS_H */
