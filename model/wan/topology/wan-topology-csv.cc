/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WanTopology: the CSV format (Load, LoadCsv, SaveCsv) and the built-in topologies.

#include "wan-topology-detail.h"
#include "wan-topology.h"

#include "ns3/abort.h"

#include <filesystem>
#include <fstream>
#include <limits>

namespace ns3
{

namespace
{
/// The topology's log component, under its one name.
LogComponent& g_log = wantopologydetail::TopologyLog();
} // namespace

using namespace wantopologydetail;

std::vector<std::string>
WanTopology::ListBuiltIn()
{
    std::vector<std::string> names;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(BuiltInDirectory(), ec), end; !ec && it != end;
         it.increment(ec))
    {
        const std::string file = it->path().filename().string();
        if (EndsWith(file, ".csv") && it->is_regular_file(ec))
        {
            names.push_back(file.substr(0, file.size() - 4));
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool
WanTopology::Load(const std::string& nameOrFile, std::string& error, const GraphOptions& options)
{
    NS_LOG_FUNCTION(this << nameOrFile);
    if (EndsWith(nameOrFile, ".graphml"))
    {
        return LoadGraphMl(nameOrFile, error, options);
    }
    if (EndsWith(nameOrFile, ".gml"))
    {
        return LoadGml(nameOrFile, error, options);
    }
    if (nameOrFile.find('/') != std::string::npos || nameOrFile.find('.') != std::string::npos)
    {
        return LoadCsv(nameOrFile, error);
    }
    const std::string path = BuiltInDirectory() + "/" + nameOrFile + ".csv";
    if (nameOrFile.empty() || !std::ifstream(path))
    {
        std::string list;
        for (const auto& name : ListBuiltIn())
        {
            list += (list.empty() ? "" : ", ") + name;
        }
        error = "no built-in WAN topology '" + nameOrFile + "' (no " + path +
                "; built-in: " + (list.empty() ? "none found" : list) +
                "; or give a .csv, .graphml or .gml file)";
        return false;
    }
    return LoadCsv(path, error);
}

namespace
{

/**
 * Checks that \p row leaves \p columns empty.
 * \param [in] row The row
 * \param [in] columns The columns
 * \param [out] error The file, line and column
 * \return true if they are empty
 */
bool
MustBeEmpty(const OpticalDataFile::Record& row,
            const std::vector<const char*>& columns,
            std::string& error)
{
    for (const char* col : columns)
    {
        if (row.Has(col))
        {
            error = row.Where() + "column '" + col + "' must be empty in a " +
                    Lower(row.Text("kind")) + " row (found '" +
                    OpticalDataFile::Shorten(row.Text(col)) + "')";
            return false;
        }
    }
    return true;
}

/**
 * Adds the site rows of a topology CSV file to \p topo and collects its fibre rows.
 * \param [in] rows The file's rows
 * \param [in,out] topo The topology
 * \param [out] siteRow Per site, its row
 * \param [out] fibreRows The fibre rows
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
AddCsvSites(const std::vector<OpticalDataFile::Record>& rows,
            WanTopology& topo,
            std::vector<std::size_t>& siteRow,
            std::vector<std::size_t>& fibreRows,
            std::string& error)
{
    for (std::size_t i = 0; i < rows.size(); ++i)
    {
        const auto& row = rows[i];
        const std::string kind = Lower(row.Text("kind"));
        if (kind == "fibre" || kind == "fiber")
        {
            if (fibreRows.size() >= WanTopology::MAX_FIBRES)
            {
                error = row.Where() + "more than " + std::to_string(WanTopology::MAX_FIBRES) +
                        " fibres (WanTopology::MAX_FIBRES)";
                return false;
            }
            fibreRows.push_back(i);
            continue;
        }
        if (kind != "site")
        {
            error = row.Where() + "kind '" + OpticalDataFile::Shorten(row.Text("kind")) +
                    "' is not one of: site, fibre";
            return false;
        }
        const std::string name = row.Text("site");
        const int64_t known = topo.FindSite(name);
        if (known >= 0)
        {
            error = row.Where() + "site '" + name + "' is declared twice (first at line " +
                    std::to_string(rows[siteRow.at(static_cast<std::size_t>(known))].line) +
                    "; site names must be unique)";
            return false;
        }
        if (topo.GetNSites() >= WanTopology::MAX_SITES)
        {
            error = row.Where() + "more than " + std::to_string(WanTopology::MAX_SITES) +
                    " sites (WanTopology::MAX_SITES)";
            return false;
        }
        if (!MustBeEmpty(row, {"peer", "length_km"}, error))
        {
            return false;
        }
        WanTopology::Site site;
        site.name = name;
        if (!row.Real("latitude", WanTopology::LatitudeBounds(), "degrees", site.latitude, error) ||
            !row.Real("longitude",
                      WanTopology::LongitudeBounds(),
                      "degrees",
                      site.longitude,
                      error) ||
            (row.Has("weight") &&
             !row.Real("weight", WanTopology::WeightBounds(), "", site.weight, error)))
        {
            error += " (site '" + name + "')";
            return false;
        }
        topo.AddSite(site);
        siteRow.push_back(i);
    }
    return true;
}

/**
 * Adds the fibre rows of a topology CSV file to \p topo.
 * \param [in] rows The file's rows
 * \param [in] fibreRows The fibre rows
 * \param [in,out] topo The topology
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
AddCsvFibres(const std::vector<OpticalDataFile::Record>& rows,
             const std::vector<std::size_t>& fibreRows,
             WanTopology& topo,
             std::string& error)
{
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> fibreRow;
    for (std::size_t i : fibreRows)
    {
        const auto& row = rows[i];
        const std::string a = row.Text("site");
        const std::string b = row.Text("peer");
        if (b.empty())
        {
            error = row.Where() + "fibre from '" + a + "' has no peer (the other end's site name)";
            return false;
        }
        for (const std::string* end : {&a, &b})
        {
            if (topo.FindSite(*end) < 0)
            {
                error = row.Where() + "fibre " + a + "-" + b + ": unknown site '" + *end +
                        "' (declare it in a site row)";
                return false;
            }
        }
        if (!MustBeEmpty(row, {"latitude", "longitude", "weight"}, error))
        {
            return false;
        }
        const auto ia = static_cast<uint32_t>(topo.FindSite(a));
        const auto ib = static_cast<uint32_t>(topo.FindSite(b));
        if (ia == ib)
        {
            error = row.Where() + "fibre " + a + "-" + b + ": both ends are '" + a +
                    "' (self-loops not allowed)";
            return false;
        }
        const auto key = std::make_pair(std::min(ia, ib), std::max(ia, ib));
        if (fibreRow.count(key))
        {
            error = row.Where() + "fibre " + a + "-" + b + " is a duplicate (already at line " +
                    std::to_string(rows[fibreRow.at(key)].line) + "; one fibre per pair)";
            return false;
        }
        double length = 0;
        if (!row.Has("length_km"))
        {
            // Great circle (at most half the circumference) x DEFAULT_ROUTE_FACTOR (< 2):
            // always inside LengthBounds().
            length = std::max(WanTopology::MIN_LENGTH_KM,
                              topo.GetGreatCircleKm(ia, ib) * WanTopology::DEFAULT_ROUTE_FACTOR);
        }
        else if (!row.Real("length_km", WanTopology::LengthBounds(), "km", length, error))
        {
            error += " (fibre " + a + "-" + b + "; empty for great-circle x " +
                     Num(WanTopology::DEFAULT_ROUTE_FACTOR) + ")";
            return false;
        }
        std::string why;
        if (!topo.AddFibre(ia, ib, length, why))
        {
            error = row.Where() + why;
            return false;
        }
        fibreRow[key] = i;
    }
    return true;
}

} // namespace

bool
WanTopology::LoadCsv(const std::string& file, std::string& error)
{
    NS_LOG_FUNCTION(this << file);
    const std::string path = ResolveWan(file);
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(path,
                                      {"kind", "site"},
                                      {"peer", "latitude", "longitude", "weight", "length_km"},
                                      rows,
                                      error))
    {
        return false;
    }
    WanTopology topo;
    topo.SetName(Stem(path));
    std::vector<std::size_t> siteRow; // row of each site
    std::vector<std::size_t> fibreRows;
    if (!AddCsvSites(rows, topo, siteRow, fibreRows, error))
    {
        return false;
    }
    if (topo.GetNSites() == 0)
    {
        error = path + ": no sites (expected rows 'site,NAME,,LATITUDE,LONGITUDE,WEIGHT,' and "
                       "'fibre,NAME,PEER,,,,LENGTH_KM')";
        return false;
    }
    if (!AddCsvFibres(rows, fibreRows, topo, error))
    {
        return false;
    }
    const auto unreachable = topo.GetUnreachable();
    if (!unreachable.empty())
    {
        const uint32_t s = unreachable.front();
        error = rows[siteRow[s]].Where() + "site '" + topo.GetSite(s).name +
                "' is not reachable from '" + topo.GetSite(0).name +
                "' (the first site): the network is disconnected (" +
                std::to_string(unreachable.size()) + " of " + std::to_string(topo.GetNSites()) +
                " sites unreachable)";
        return false;
    }
    NS_LOG_INFO("loaded " << path << ": " << topo.GetNSites() << " sites, " << topo.GetNFibres()
                          << " fibres");
    *this = std::move(topo);
    return true;
}

bool
WanTopology::SaveCsv(const std::string& file, std::string& error) const
{
    std::ofstream out(file);
    if (!out)
    {
        error = "cannot write '" + file + "'";
        return false;
    }
    auto quoted = [](const std::string& name) {
        if (name.find_first_of(",\"") == std::string::npos)
        {
            return name;
        }
        std::string out = "\"";
        for (char c : name)
        {
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        }
        return out + "\"";
    };
    out << "# WAN topology '" << m_name << "': " << m_sites.size() << " sites, " << m_fibres.size()
        << " fibres (ns3-optical WanTopology::SaveCsv)\n";
    out << "kind,site,peer,latitude,longitude,weight,length_km\n";
    out << std::setprecision(10);
    for (const auto& s : m_sites)
    {
        out << "site," << quoted(s.name) << ",," << s.latitude << "," << s.longitude << ","
            << s.weight << ",\n";
    }
    for (const auto& f : m_fibres)
    {
        out << "fibre," << quoted(m_sites[f.a].name) << "," << quoted(m_sites[f.b].name) << ",,,,"
            << std::round(f.lengthKm * 1000) / 1000 << "\n";
    }
    if (!out)
    {
        error = "cannot write '" + file + "'";
        return false;
    }
    return true;
}

} // namespace ns3
