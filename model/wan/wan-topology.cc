/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wan-topology.h"

#include "../common/optical-graph.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <boost/graph/biconnected_components.hpp>
#include <boost/graph/connected_components.hpp>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WanTopology");

const std::string WanTopology::BUILT_IN_DIRECTORY = "wan";

namespace
{

/// Kilometres per degree of a great circle.
const double KM_PER_DEGREE = WanTopology::EARTH_RADIUS_KM * M_PI / 180.0;

/// \return \p text in lower case
std::string
Lower(const std::string& text)
{
    std::string out = text;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return out;
}

/// \return true if \p text ends with \p suffix, ignoring case
bool
EndsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size() &&
           Lower(text.substr(text.size() - suffix.size())) == Lower(suffix);
}

/// \return \p text without white space (including line breaks) at both ends
std::string
TrimSpace(const std::string& text)
{
    const auto b = text.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
    {
        return "";
    }
    return text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1);
}

/// \return the file's name without directory and extension
std::string
Stem(const std::string& path)
{
    std::string base =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const auto dot = base.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

/// \return the built-in directory's path
std::string
BuiltInDirectory()
{
    return OpticalDataFile::GetDataDirectory() + "/" + WanTopology::BUILT_IN_DIRECTORY;
}

/// \return \p file, or the file of that name in the built-in directory when it has no '/'
std::string
ResolveWan(const std::string& file)
{
    return file.find('/') == std::string::npos ? BuiltInDirectory() + "/" + file : file;
}

/// \return "path:line: "
std::string
Where(const std::string& path, uint64_t line)
{
    return path + ":" + std::to_string(line) + ": ";
}

/// \return a number as text, without trailing zeros
std::string
Num(double value)
{
    std::ostringstream s;
    s << std::setprecision(10) << value;
    return s.str();
}

/**
 * The line numbers of the data rows of a CSV file, by the rules of OpticalDataFile::ReadCsv
 * (blank and '#' lines skipped, the first other line is the header).
 * \param [in] path The file
 * \return the line number of each data row, in order
 */
std::vector<uint64_t>
DataLineNumbers(const std::string& path)
{
    std::vector<uint64_t> lines;
    std::ifstream in(path);
    std::string line;
    uint64_t number = 0;
    bool header = false;
    while (std::getline(in, line))
    {
        ++number;
        const std::string t = OpticalDataFile::Trim(line);
        if (t.empty() || t[0] == '#')
        {
            continue;
        }
        if (!header)
        {
            header = true;
            continue;
        }
        lines.push_back(number);
    }
    return lines;
}

/// The fibre layer as an undirected Boost.Graph multigraph (one edge per fibre, by index).
using FibreGraph = opticalgraph::Multigraph;

/**
 * The connected components of the fibre layer (boost::connected_components), numbered in the
 * order of each component's lowest site.
 * \param [in] n Number of sites
 * \param [in] fibres The fibres
 * \param [in] without Per fibre, true to leave it out (null: none)
 * \param [out] comp Per site, its component
 * \return the number of components
 */
uint32_t
FibreComponents(uint32_t n,
                const std::vector<WanTopology::Fibre>& fibres,
                const std::vector<bool>* without,
                std::vector<uint32_t>& comp)
{
    FibreGraph g(n);
    for (uint32_t f = 0; f < fibres.size(); ++f)
    {
        if (!without || !(*without)[f])
        {
            boost::add_edge(fibres[f].a, fibres[f].b, f, g);
        }
    }
    comp.assign(n, 0);
    return n == 0 ? 0 : boost::connected_components(g, comp.data());
}

/**
 * The bridges of the component of site 0, by Boost.Graph: boost::biconnected_components over
 * the fibres, a fibre being a bridge if it is a block of its own and no other fibre joins its
 * two sites. (Boost's search skips every edge back to a vertex's parent, so of parallel fibres
 * it sees only the first, which can come out as a block of its own; the second check rules it
 * out, and the others are left without a block.)
 * \param [in] n Number of sites
 * \param [in] fibres The fibres
 * \return the bridges' fibre indices, ascending
 */
std::vector<uint32_t>
FindBridges(uint32_t n, const std::vector<WanTopology::Fibre>& fibres)
{
    std::vector<uint32_t> bridges;
    if (n == 0)
    {
        return bridges;
    }
    const uint32_t none = std::numeric_limits<uint32_t>::max();
    FibreGraph g(n);
    for (uint32_t f = 0; f < fibres.size(); ++f)
    {
        if (fibres[f].a != fibres[f].b)
        {
            boost::add_edge(fibres[f].a, fibres[f].b, f, g);
        }
    }
    std::vector<uint32_t> comp(n, 0);
    boost::connected_components(g, comp.data());
    std::vector<uint32_t> block(fibres.size(), none);
    const std::size_t nBlocks = boost::biconnected_components(
        g,
        boost::make_iterator_property_map(block.begin(), boost::get(boost::edge_index, g)));
    std::vector<uint32_t> blockEdges(nBlocks, 0);
    for (uint32_t b : block)
    {
        if (b != none)
        {
            ++blockEdges[b];
        }
    }
    for (uint32_t f = 0; f < fibres.size(); ++f)
    {
        if (block[f] == none || blockEdges[block[f]] != 1 || comp[fibres[f].a] != comp[0])
        {
            continue;
        }
        uint32_t joining = 0; // fibres between the same two sites
        auto [e, end] = boost::out_edges(fibres[f].a, g);
        for (; e != end; ++e)
        {
            joining += boost::target(*e, g) == fibres[f].b ? 1 : 0;
        }
        if (joining == 1)
        {
            bridges.push_back(f);
        }
    }
    return bridges;
}

} // namespace

uint32_t
WanTopology::AddSite(const Site& site)
{
    const auto index = static_cast<uint32_t>(m_sites.size());
    m_sites.push_back(site);
    m_fibresAt.emplace_back();
    m_byName.emplace(site.name, index);
    return index;
}

bool
WanTopology::AddFibre(uint32_t a, uint32_t b, double lengthKm, std::string& error)
{
    const uint32_t n = GetNSites();
    if (a >= n || b >= n)
    {
        error = "fibre " + std::to_string(a) + "-" + std::to_string(b) + ": site index " +
                std::to_string(a >= n ? a : b) + " is unknown (there are " + std::to_string(n) +
                " sites, 0 to " + std::to_string(n == 0 ? 0 : n - 1) + ")";
        return false;
    }
    const std::string which = "fibre " + m_sites[a].name + "-" + m_sites[b].name;
    if (a == b)
    {
        error = which + ": both ends are site " + std::to_string(a) + " (self-loops not allowed)";
        return false;
    }
    if (!std::isfinite(lengthKm) || lengthKm <= 0)
    {
        error = which + ": length " + Num(lengthKm) + " km is not allowed (must be > 0)";
        return false;
    }
    const auto key = std::make_pair(std::min(a, b), std::max(a, b));
    if (m_pairs.count(key))
    {
        error = which + ": these sites already have a fibre (index " +
                std::to_string(m_pairs.at(key)) + "; one fibre per pair)";
        return false;
    }
    const auto index = static_cast<uint32_t>(m_fibres.size());
    m_fibres.push_back({a, b, lengthKm});
    m_fibresAt[a].push_back(index);
    m_fibresAt[b].push_back(index);
    m_pairs[key] = index;
    return true;
}

uint32_t
WanTopology::GetNSites() const
{
    return static_cast<uint32_t>(m_sites.size());
}

uint32_t
WanTopology::GetNFibres() const
{
    return static_cast<uint32_t>(m_fibres.size());
}

const WanTopology::Site&
WanTopology::GetSite(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_sites.size(),
                    "site " << i << " of a topology of " << m_sites.size() << " sites");
    return m_sites[i];
}

const WanTopology::Fibre&
WanTopology::GetFibre(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_fibres.size(),
                    "fibre " << i << " of a topology of " << m_fibres.size() << " fibres");
    return m_fibres[i];
}

const std::vector<WanTopology::Site>&
WanTopology::GetSites() const
{
    return m_sites;
}

const std::vector<WanTopology::Fibre>&
WanTopology::GetFibres() const
{
    return m_fibres;
}

const std::vector<uint32_t>&
WanTopology::GetFibresAt(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_sites.size(),
                    "site " << i << " of a topology of " << m_sites.size() << " sites");
    return m_fibresAt[i];
}

int64_t
WanTopology::FindFibre(uint32_t a, uint32_t b) const
{
    const auto it = m_pairs.find(std::make_pair(std::min(a, b), std::max(a, b)));
    return it == m_pairs.end() ? -1 : static_cast<int64_t>(it->second);
}

int64_t
WanTopology::FindSite(const std::string& name) const
{
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : static_cast<int64_t>(it->second);
}

double
WanTopology::GetMeanDegree() const
{
    return m_sites.empty() ? 0.0 : 2.0 * m_fibres.size() / m_sites.size();
}

double
WanTopology::GetTotalLengthKm() const
{
    double total = 0;
    for (const auto& f : m_fibres)
    {
        total += f.lengthKm;
    }
    return total;
}

std::vector<uint32_t>
WanTopology::GetUnreachable() const
{
    std::vector<uint32_t> unreachable;
    if (m_sites.empty())
    {
        return unreachable;
    }
    std::vector<uint32_t> comp;
    FibreComponents(GetNSites(), m_fibres, nullptr, comp);
    for (uint32_t i = 0; i < m_sites.size(); ++i)
    {
        if (comp[i] != comp[0])
        {
            unreachable.push_back(i);
        }
    }
    return unreachable;
}

bool
WanTopology::IsConnected() const
{
    return !m_sites.empty() && GetUnreachable().empty();
}

std::vector<uint32_t>
WanTopology::GetBridges() const
{
    return FindBridges(GetNSites(), m_fibres);
}

bool
WanTopology::IsTwoEdgeConnected() const
{
    return IsConnected() && FindBridges(GetNSites(), m_fibres).empty();
}

std::string
WanTopology::GetName() const
{
    return m_name;
}

void
WanTopology::SetName(const std::string& name)
{
    m_name = name;
}

double
WanTopology::GreatCircleKm(double lat1, double lon1, double lat2, double lon2)
{
    const double rad = M_PI / 180.0;
    const double dLat = (lat2 - lat1) * rad;
    const double dLon = (lon2 - lon1) * rad;
    const double h =
        std::sin(dLat / 2) * std::sin(dLat / 2) +
        std::cos(lat1 * rad) * std::cos(lat2 * rad) * std::sin(dLon / 2) * std::sin(dLon / 2);
    return 2 * EARTH_RADIUS_KM * std::asin(std::min(1.0, std::sqrt(h)));
}

double
WanTopology::GetGreatCircleKm(uint32_t a, uint32_t b) const
{
    const Site& sa = GetSite(a);
    const Site& sb = GetSite(b);
    return GreatCircleKm(sa.latitude, sa.longitude, sb.latitude, sb.longitude);
}

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
WanTopology::Load(const std::string& nameOrFile, std::string& error)
{
    NS_LOG_FUNCTION(this << nameOrFile);
    if (EndsWith(nameOrFile, ".graphml"))
    {
        return LoadGraphMl(nameOrFile, error);
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
                "; or give a .csv or .graphml file)";
        return false;
    }
    return LoadCsv(path, error);
}

bool
WanTopology::LoadCsv(const std::string& file, std::string& error)
{
    NS_LOG_FUNCTION(this << file);
    const std::string path = ResolveWan(file);
    std::vector<OpticalDataFile::Row> rows;
    if (!OpticalDataFile::ReadCsv(path,
                                  {"kind", "site"},
                                  {"peer", "latitude", "longitude", "weight", "length_km"},
                                  rows,
                                  error))
    {
        return false;
    }
    const std::vector<uint64_t> lines = DataLineNumbers(path);
    auto where = [&](std::size_t i) { return Where(path, i < lines.size() ? lines[i] : 0); };
    auto mustBeEmpty = [&](std::size_t i, const std::vector<const char*>& columns) {
        for (const char* col : columns)
        {
            if (!rows[i].at(col).empty())
            {
                error = where(i) + "column '" + col + "' must be empty in a " +
                        Lower(rows[i].at("kind")) + " row (found '" + rows[i].at(col) + "')";
                return false;
            }
        }
        return true;
    };

    WanTopology topo;
    topo.SetName(Stem(path));
    std::vector<std::size_t> siteRow; // row of each site
    std::vector<std::size_t> fibreRows;
    for (std::size_t i = 0; i < rows.size(); ++i)
    {
        const auto& row = rows[i];
        const std::string kind = Lower(row.at("kind"));
        if (kind == "fibre" || kind == "fiber")
        {
            fibreRows.push_back(i);
            continue;
        }
        if (kind != "site")
        {
            error = where(i) + "kind '" + row.at("kind") + "' is not one of: site, fibre";
            return false;
        }
        const std::string& name = row.at("site");
        const int64_t known = topo.FindSite(name);
        if (known >= 0)
        {
            error = where(i) + "site '" + name + "' is declared twice (first at line " +
                    std::to_string(lines.at(siteRow.at(static_cast<std::size_t>(known)))) +
                    "; site names must be unique)";
            return false;
        }
        if (!mustBeEmpty(i, {"peer", "length_km"}))
        {
            return false;
        }
        Site site;
        site.name = name;

        const struct
        {
            const char* column;
            double* value;
            double low;
            double high;
            bool required;
        } cells[] = {{"latitude", &site.latitude, -90, 90, true},
                     {"longitude", &site.longitude, -180, 180, true},
                     {"weight", &site.weight, 0, std::numeric_limits<double>::infinity(), false}};

        for (const auto& c : cells)
        {
            const std::string& text = row.at(c.column);
            if (text.empty() && !c.required)
            {
                continue;
            }
            if (text.empty())
            {
                error = where(i) + "site '" + name + "': " + c.column + " is missing (degrees, " +
                        Num(c.low) + " to " + Num(c.high) + ")";
                return false;
            }
            if (!OpticalDataFile::ParseDouble(text, *c.value))
            {
                error = where(i) + "site '" + name + "': " + c.column + " '" + text +
                        "' is not a number";
                return false;
            }
            const bool weight = std::string(c.column) == "weight";
            if (weight ? *c.value <= 0 : (*c.value < c.low || *c.value > c.high))
            {
                error = where(i) + "site '" + name + "': " + c.column + " " + text +
                        (weight ? " must be > 0"
                                : " is out of range (" + Num(c.low) + " to " + Num(c.high) + ")");
                return false;
            }
        }
        topo.AddSite(site);
        siteRow.push_back(i);
    }
    if (topo.GetNSites() == 0)
    {
        error = path + ": no sites (expected rows 'site,NAME,,LATITUDE,LONGITUDE,WEIGHT,' and "
                       "'fibre,NAME,PEER,,,,LENGTH_KM')";
        return false;
    }
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> fibreRow;
    for (std::size_t i : fibreRows)
    {
        const auto& row = rows[i];
        const std::string& a = row.at("site");
        const std::string& b = row.at("peer");
        if (b.empty())
        {
            error = where(i) + "fibre from '" + a + "' has no peer (the other end's site name)";
            return false;
        }
        for (const std::string* end : {&a, &b})
        {
            if (topo.FindSite(*end) < 0)
            {
                error = where(i) + "fibre " + a + "-" + b + ": unknown site '" + *end +
                        "' (declare it in a site row)";
                return false;
            }
        }
        if (!mustBeEmpty(i, {"latitude", "longitude", "weight"}))
        {
            return false;
        }
        const auto ia = static_cast<uint32_t>(topo.FindSite(a));
        const auto ib = static_cast<uint32_t>(topo.FindSite(b));
        if (ia == ib)
        {
            error = where(i) + "fibre " + a + "-" + b + ": both ends are '" + a +
                    "' (self-loops not allowed)";
            return false;
        }
        const auto key = std::make_pair(std::min(ia, ib), std::max(ia, ib));
        if (fibreRow.count(key))
        {
            error = where(i) + "fibre " + a + "-" + b + " is a duplicate (already at line " +
                    std::to_string(lines.at(fibreRow.at(key))) + "; one fibre per pair)";
            return false;
        }
        double length = 0;
        const std::string& text = row.at("length_km");
        if (text.empty())
        {
            length = std::max(MIN_LENGTH_KM, topo.GetGreatCircleKm(ia, ib) * DEFAULT_ROUTE_FACTOR);
        }
        else if (!OpticalDataFile::ParseDouble(text, length))
        {
            error = where(i) + "fibre " + a + "-" + b + ": length_km '" + text +
                    "' is not a number (km, > 0; empty for great-circle x " +
                    Num(DEFAULT_ROUTE_FACTOR) + ")";
            return false;
        }
        else if (length <= 0)
        {
            error = where(i) + "fibre " + a + "-" + b + ": length_km " + text +
                    " is not allowed (km, must be > 0)";
            return false;
        }
        std::string why;
        if (!topo.AddFibre(ia, ib, length, why))
        {
            error = where(i) + why;
            return false;
        }
        fibreRow[key] = i;
    }
    const auto unreachable = topo.GetUnreachable();
    if (!unreachable.empty())
    {
        const uint32_t s = unreachable.front();
        error = where(siteRow[s]) + "site '" + topo.GetSite(s).name + "' is not reachable from '" +
                topo.GetSite(0).name + "' (the first site): the network is disconnected (" +
                std::to_string(unreachable.size()) + " of " + std::to_string(topo.GetNSites()) +
                " sites unreachable)";
        return false;
    }
    NS_LOG_INFO("loaded " << path << ": " << topo.GetNSites() << " sites, " << topo.GetNFibres()
                          << " fibres");
    *this = std::move(topo);
    return true;
}

namespace
{

/// One XML item: a tag or a run of text.
struct XmlItem
{
    enum Kind
    {
        TEXT,    //!< Character data (entities decoded)
        OPEN,    //!< Start tag (or empty-element tag, with selfClosing)
        CLOSE,   //!< End tag
        END      //!< End of input
    } kind{END}; //!< What it is

    std::string name;                         //!< Local tag name (without prefix), lower case
    std::map<std::string, std::string> attrs; //!< Attributes (names in lower case)
    bool selfClosing{false};                  //!< "<x ... />"
    std::string text;                         //!< The text
    uint64_t line{1};                         //!< Line where it starts
};

/// A small, tolerant XML scanner: tags, attributes, text, comments, CDATA, entities.
class XmlScanner
{
  public:
    /// \param [in] text The document
    explicit XmlScanner(const std::string& text)
        : m_text(text)
    {
    }

    /**
     * \param [out] item The next item
     * \param [out] error On failure: line and what is wrong
     * \return false on malformed input
     */
    bool Next(XmlItem& item, std::string& error)
    {
        item = XmlItem();
        item.line = m_line;
        if (m_pos >= m_text.size())
        {
            item.kind = XmlItem::END;
            return true;
        }
        if (m_text[m_pos] != '<')
        {
            const std::size_t lt = m_text.find('<', m_pos);
            const std::size_t end = lt == std::string::npos ? m_text.size() : lt;
            item.kind = XmlItem::TEXT;
            item.text = Decode(Advance(end));
            return true;
        }
        if (m_text.compare(m_pos, 4, "<!--") == 0)
        {
            return Skip("-->", "comment", item, error);
        }
        if (m_text.compare(m_pos, 9, "<![CDATA[") == 0)
        {
            const std::size_t close = m_text.find("]]>", m_pos);
            if (close == std::string::npos)
            {
                error = "unterminated CDATA section";
                return false;
            }
            Advance(m_pos + 9);
            item.kind = XmlItem::TEXT;
            item.text = Advance(close);
            Advance(close + 3);
            return true;
        }
        if (m_text.compare(m_pos, 2, "<?") == 0)
        {
            return Skip("?>", "processing instruction", item, error);
        }
        if (m_text.compare(m_pos, 2, "<!") == 0)
        {
            return Skip(">", "declaration", item, error);
        }
        // A tag: find its end outside quoted attribute values.
        std::size_t i = m_pos + 1;
        char quote = 0;
        while (i < m_text.size() && (quote || m_text[i] != '>'))
        {
            if (quote && m_text[i] == quote)
            {
                quote = 0;
            }
            else if (!quote && (m_text[i] == '"' || m_text[i] == '\''))
            {
                quote = m_text[i];
            }
            ++i;
        }
        if (i >= m_text.size())
        {
            error = "unterminated tag";
            return false;
        }
        std::string tag = Advance(i + 1);
        tag = tag.substr(1, tag.size() - 2); // without '<' and '>'
        item.kind = XmlItem::OPEN;
        if (!tag.empty() && tag[0] == '/')
        {
            item.kind = XmlItem::CLOSE;
            tag = tag.substr(1);
        }
        if (!tag.empty() && tag.back() == '/')
        {
            item.selfClosing = true;
            tag.pop_back();
        }
        std::size_t k = 0;
        while (k < tag.size() && !std::isspace(static_cast<unsigned char>(tag[k])))
        {
            ++k;
        }
        item.name = LocalName(tag.substr(0, k));
        // Attributes: name = "value" | 'value'
        while (k < tag.size())
        {
            while (k < tag.size() && std::isspace(static_cast<unsigned char>(tag[k])))
            {
                ++k;
            }
            const std::size_t nameStart = k;
            while (k < tag.size() && tag[k] != '=' &&
                   !std::isspace(static_cast<unsigned char>(tag[k])))
            {
                ++k;
            }
            const std::string attr = Lower(tag.substr(nameStart, k - nameStart));
            while (k < tag.size() && std::isspace(static_cast<unsigned char>(tag[k])))
            {
                ++k;
            }
            if (k >= tag.size() || tag[k] != '=')
            {
                continue; // an attribute without a value: ignored
            }
            ++k;
            while (k < tag.size() && std::isspace(static_cast<unsigned char>(tag[k])))
            {
                ++k;
            }
            if (k < tag.size() && (tag[k] == '"' || tag[k] == '\''))
            {
                const char q = tag[k];
                const std::size_t close = tag.find(q, k + 1);
                const std::size_t stop = close == std::string::npos ? tag.size() : close;
                item.attrs[attr] = Decode(tag.substr(k + 1, stop - k - 1));
                k = stop + 1;
            }
            else
            {
                const std::size_t start = k;
                while (k < tag.size() && !std::isspace(static_cast<unsigned char>(tag[k])))
                {
                    ++k;
                }
                item.attrs[attr] = Decode(tag.substr(start, k - start));
            }
        }
        return true;
    }

    /// \return the line of the scanner's position
    uint64_t GetLine() const
    {
        return m_line;
    }

  private:
    /// \return the text from the position to \p end, moving there and counting lines
    std::string Advance(std::size_t end)
    {
        const std::string out = m_text.substr(m_pos, end - m_pos);
        m_line += static_cast<uint64_t>(std::count(out.begin(), out.end(), '\n'));
        m_pos = end;
        return out;
    }

    /// Skips to after \p terminator; an empty TEXT item stands for what was skipped.
    bool Skip(const char* terminator, const char* what, XmlItem& item, std::string& error)
    {
        const std::size_t close = m_text.find(terminator, m_pos + 1);
        if (close == std::string::npos)
        {
            error = std::string("unterminated ") + what;
            return false;
        }
        Advance(close + std::string(terminator).size());
        item.kind = XmlItem::TEXT;
        return true;
    }

    /// \return the local part of a qualified name, in lower case
    static std::string LocalName(const std::string& name)
    {
        const auto colon = name.find(':');
        return Lower(colon == std::string::npos ? name : name.substr(colon + 1));
    }

    /// \return \p text with the predefined and numeric entities replaced
    static std::string Decode(const std::string& text)
    {
        std::string out;
        for (std::size_t i = 0; i < text.size(); ++i)
        {
            const std::size_t semi = text[i] == '&' ? text.find(';', i) : std::string::npos;
            if (semi == std::string::npos || semi - i > 10)
            {
                out += text[i];
                continue;
            }
            const std::string entity = text.substr(i + 1, semi - i - 1);
            static const std::map<std::string, char> named = {{"lt", '<'},
                                                              {"gt", '>'},
                                                              {"amp", '&'},
                                                              {"quot", '"'},
                                                              {"apos", '\''}};
            if (named.count(entity))
            {
                out += named.at(entity);
            }
            else if (entity.size() > 1 && entity[0] == '#')
            {
                const bool hex = entity[1] == 'x' || entity[1] == 'X';
                const long code =
                    std::strtol(entity.c_str() + (hex ? 2 : 1), nullptr, hex ? 16 : 10);
                if (code > 0 && code < 0x80)
                {
                    out += static_cast<char>(code);
                }
                else
                {
                    out += '?'; // non-ASCII characters are not needed in names
                }
            }
            else
            {
                out += text.substr(i, semi - i + 1);
            }
            i = semi;
        }
        return out;
    }

    const std::string& m_text; //!< The document
    std::size_t m_pos{0};      //!< Position
    uint64_t m_line{1};        //!< Line at the position
};

/// A GraphML node or edge, as read.
struct GraphElement
{
    std::string id;                                               //!< Node id
    std::string source;                                           //!< Edge source
    std::string target;                                           //!< Edge target
    uint64_t line{0};                                             //!< Line of its tag
    std::map<std::string, std::pair<std::string, uint64_t>> data; //!< Key id to text, line
};

} // namespace

bool
WanTopology::LoadGraphMl(const std::string& file, std::string& error, double routeFactor)
{
    NS_LOG_FUNCTION(this << file << routeFactor);
    const std::string path = ResolveWan(file);
    if (!std::isfinite(routeFactor) || routeFactor < 1)
    {
        error = path + ": route factor " + Num(routeFactor) + " is not allowed (must be >= 1)";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        error = "cannot open GraphML file '" + path + "'";
        return false;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();

    // Pass 1: keys, nodes and edges.
    struct Key
    {
        std::string domain; // node, edge, graph, all...
        std::string name;   // attr.name, lower case
    };

    std::map<std::string, Key> keys;
    std::vector<GraphElement> nodes;
    std::vector<GraphElement> edges;

    struct Open
    {
        std::string name;
        int owner; // -1 none, 0..: node index, -2 - k: edge k
    };

    std::vector<Open> stack;
    int dataOwner = -1;
    std::size_t dataDepth = 0; // stack depth of the open <data>, 0 if none
    std::string dataKey;
    std::string dataText;
    uint64_t dataLine = 0;
    XmlScanner scanner(text);
    XmlItem item;
    while (true)
    {
        const uint64_t line = scanner.GetLine();
        if (!scanner.Next(item, error))
        {
            error = Where(path, line) + error;
            return false;
        }
        if (item.kind == XmlItem::END)
        {
            break;
        }
        if (item.kind == XmlItem::TEXT)
        {
            if (dataDepth > 0)
            {
                dataText += item.text;
            }
            continue;
        }
        if (item.kind == XmlItem::CLOSE)
        {
            std::size_t k = stack.size();
            while (k > 0 && stack[k - 1].name != item.name)
            {
                --k;
            }
            if (k == 0)
            {
                NS_LOG_WARN(Where(path, item.line) << "stray </" << item.name << ">, ignored");
                continue;
            }
            if (dataDepth > 0 && k <= dataDepth)
            {
                GraphElement* owner = dataOwner >= 0    ? &nodes[dataOwner]
                                      : dataOwner <= -2 ? &edges[-2 - dataOwner]
                                                        : nullptr;
                if (owner && !owner->data.count(dataKey))
                {
                    owner->data[dataKey] = {TrimSpace(dataText), dataLine};
                }
                dataDepth = 0;
            }
            stack.resize(k - 1);
            continue;
        }
        // A start tag.
        const int parentOwner = stack.empty() ? -1 : stack.back().owner;
        int owner = parentOwner;
        if (item.name == "key")
        {
            const std::string id = item.attrs.count("id") ? item.attrs.at("id") : "";
            if (!id.empty())
            {
                keys[id] = {Lower(item.attrs.count("for") ? item.attrs.at("for") : "all"),
                            Lower(item.attrs.count("attr.name") ? item.attrs.at("attr.name") : "")};
            }
        }
        else if (item.name == "node")
        {
            if (!item.attrs.count("id") || item.attrs.at("id").empty())
            {
                error = Where(path, item.line) + "<node> without an id";
                return false;
            }
            GraphElement node;
            node.id = item.attrs.at("id");
            node.line = item.line;
            nodes.push_back(node);
            owner = static_cast<int>(nodes.size() - 1);
        }
        else if (item.name == "edge")
        {
            for (const char* end : {"source", "target"})
            {
                if (!item.attrs.count(end) || item.attrs.at(end).empty())
                {
                    error = Where(path, item.line) + "<edge> without a " + end;
                    return false;
                }
            }
            GraphElement edge;
            edge.source = item.attrs.at("source");
            edge.target = item.attrs.at("target");
            edge.line = item.line;
            edges.push_back(edge);
            owner = -2 - static_cast<int>(edges.size() - 1);
        }
        else if (item.name == "graph")
        {
            owner = -1;
        }
        else if (item.name == "data" && dataDepth == 0)
        {
            dataKey = item.attrs.count("key") ? item.attrs.at("key") : "";
            dataOwner = parentOwner;
            dataText.clear();
            dataLine = item.line;
            if (item.selfClosing)
            {
                continue; // an empty value: as if absent
            }
            stack.push_back({item.name, owner});
            dataDepth = stack.size();
            continue;
        }
        if (!item.selfClosing)
        {
            stack.push_back({item.name, owner});
        }
    }
    if (nodes.empty())
    {
        error = path + ": no nodes (no <node> elements; is this a GraphML file?)";
        return false;
    }

    // Pass 2: the keys this reader understands.
    auto keyFor = [&](const std::string& domain, const std::vector<std::string>& names) {
        std::vector<std::string> ids;
        for (const auto& [id, key] : keys)
        {
            if ((key.domain == domain || key.domain == "all") &&
                std::find(names.begin(), names.end(), key.name) != names.end())
            {
                ids.push_back(id);
            }
        }
        return ids;
    };
    const auto labelKeys = keyFor("node", {"label"});
    const auto latKeys = keyFor("node", {"latitude"});
    const auto lonKeys = keyFor("node", {"longitude"});
    const auto weightKeys = keyFor("node", {"population", "weight"});
    const auto lengthKeys = keyFor("edge", {"linklength", "length", "distance"});
    auto find = [](const GraphElement& e, const std::vector<std::string>& ids) {
        for (const auto& id : ids)
        {
            const auto it = e.data.find(id);
            if (it != e.data.end() && !it->second.first.empty())
            {
                return &it->second;
            }
        }
        return static_cast<const std::pair<std::string, uint64_t>*>(nullptr);
    };
    auto number = [&](const GraphElement& e,
                      const std::vector<std::string>& ids,
                      const std::string& what,
                      const std::string& element,
                      double& value,
                      bool& present) {
        present = false;
        const auto* cell = find(e, ids);
        if (!cell)
        {
            return true;
        }
        if (!OpticalDataFile::ParseDouble(cell->first, value))
        {
            error = Where(path, cell->second) + element + ": " + what + " '" + cell->first +
                    "' is not a number";
            return false;
        }
        present = true;
        return true;
    };

    WanTopology topo;
    topo.SetName(Stem(path));
    std::map<std::string, uint32_t> byId;
    std::vector<bool> located;
    for (const auto& node : nodes)
    {
        const std::string element = "node '" + node.id + "'";
        if (byId.count(node.id))
        {
            error = Where(path, node.line) + element + " is declared twice (first at line " +
                    std::to_string(nodes[byId.at(node.id)].line) + ")";
            return false;
        }
        Site site;
        const auto* label = find(node, labelKeys);
        site.name = label ? label->first : node.id;
        if (topo.FindSite(site.name) >= 0)
        {
            NS_LOG_INFO(Where(path, node.line)
                        << "label '" << site.name << "' used twice; node " << node.id << " is '"
                        << site.name << " [" << node.id << "]'");
            site.name += " [" + node.id + "]";
        }
        bool hasLat = false;
        bool hasLon = false;
        bool hasWeight = false;
        if (!number(node, latKeys, "Latitude", element, site.latitude, hasLat) ||
            !number(node, lonKeys, "Longitude", element, site.longitude, hasLon) ||
            !number(node, weightKeys, "weight", element, site.weight, hasWeight))
        {
            return false;
        }
        if ((hasLat && std::abs(site.latitude) > 90) || (hasLon && std::abs(site.longitude) > 180))
        {
            error = Where(path, node.line) + element + ": coordinates (" + Num(site.latitude) +
                    ", " + Num(site.longitude) +
                    ") are out of range (latitude -90 to 90, longitude -180 to 180)";
            return false;
        }
        if (hasWeight && site.weight <= 0)
        {
            error = Where(path, find(node, weightKeys)->second) + element + ": weight " +
                    Num(site.weight) + " must be > 0";
            return false;
        }
        if (!(hasLat && hasLon))
        {
            site.latitude = 0;
            site.longitude = 0;
        }
        byId[node.id] = topo.AddSite(site);
        located.push_back(hasLat && hasLon);
    }
    for (const auto& edge : edges)
    {
        const std::string element = "edge " + edge.source + "-" + edge.target;
        for (const std::string* end : {&edge.source, &edge.target})
        {
            if (!byId.count(*end))
            {
                error = Where(path, edge.line) + element + ": unknown node '" + *end + "'";
                return false;
            }
        }
        const uint32_t a = byId.at(edge.source);
        const uint32_t b = byId.at(edge.target);
        double length = 0;
        bool hasLength = false;
        if (!number(edge, lengthKeys, "length", element, length, hasLength))
        {
            return false;
        }
        if (hasLength && length < 0)
        {
            error = Where(path, find(edge, lengthKeys)->second) + element + ": length " +
                    Num(length) + " km is not allowed (must be >= 0)";
            return false;
        }
        if (a == b)
        {
            NS_LOG_WARN(Where(path, edge.line) << element << ": a self-loop, skipped");
            continue;
        }
        if (topo.FindFibre(a, b) >= 0)
        {
            NS_LOG_WARN(Where(path, edge.line)
                        << element << ": parallel to an earlier edge, merged into it");
            continue;
        }
        if (!hasLength)
        {
            for (uint32_t s : {a, b})
            {
                if (!located[s])
                {
                    error = Where(path, edge.line) + element + " has no length, and node '" +
                            nodes[s].id + "' (line " + std::to_string(nodes[s].line) +
                            ") has no Latitude and Longitude to derive one from";
                    return false;
                }
            }
            length = topo.GetGreatCircleKm(a, b) * routeFactor;
        }
        std::string why;
        if (!topo.AddFibre(a, b, std::max(MIN_LENGTH_KM, length), why))
        {
            error = Where(path, edge.line) + why;
            return false;
        }
    }
    const auto unreachable = topo.GetUnreachable();
    if (!unreachable.empty())
    {
        const uint32_t s = unreachable.front();
        error = Where(path, nodes[s].line) + "node '" + nodes[s].id + "' (" + topo.GetSite(s).name +
                ") is not reachable from node '" + nodes[0].id + "' (" + topo.GetSite(0).name +
                "): the network is disconnected (" + std::to_string(unreachable.size()) + " of " +
                std::to_string(topo.GetNSites()) + " nodes unreachable)";
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
        return name.find(',') == std::string::npos ? name : "\"" + name + "\"";
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

bool
WanTopology::Generate(uint32_t sites,
                      double meanDegree,
                      double widthKm,
                      double heightKm,
                      Ptr<UniformRandomVariable> rng,
                      WanTopology& out,
                      std::string& error,
                      double routeFactor)
{
    NS_LOG_FUNCTION(sites << meanDegree << widthKm << heightKm << routeFactor);
    const uint32_t n = sites;
    if (!rng)
    {
        error = "WanTopology::Generate: no random stream (pass a UniformRandomVariable)";
        return false;
    }
    if (n < 3)
    {
        error = "WanTopology::Generate: " + std::to_string(n) +
                " sites is not allowed (a 2-edge-connected network needs >= 3)";
        return false;
    }
    if (!std::isfinite(meanDegree) || meanDegree < 2 || meanDegree > n - 1)
    {
        error = "WanTopology::Generate: mean degree " + Num(meanDegree) +
                " is not allowed (2 to sites - 1 = " + std::to_string(n - 1) + ")";
        return false;
    }
    if (!std::isfinite(widthKm) || !std::isfinite(heightKm) || widthKm <= 0 || heightKm <= 0)
    {
        error = "WanTopology::Generate: plane " + Num(widthKm) + " x " + Num(heightKm) +
                " km is not allowed (both > 0)";
        return false;
    }
    if (!std::isfinite(routeFactor) || routeFactor < 1)
    {
        error = "WanTopology::Generate: route factor " + Num(routeFactor) +
                " is not allowed (must be >= 1)";
        return false;
    }
    const uint64_t maxFibres = static_cast<uint64_t>(n) * (n - 1) / 2;
    const uint64_t target =
        std::min<uint64_t>(maxFibres, static_cast<uint64_t>(std::llround(n * meanDegree / 2)));

    WanTopology topo;
    topo.SetName("synthetic-" + std::to_string(n));
    std::vector<double> x(n);
    std::vector<double> y(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        x[i] = rng->GetValue(0, widthKm);
        y[i] = rng->GetValue(0, heightKm);
        Site site;
        site.name = "s" + std::to_string(i);
        site.latitude = (y[i] - heightKm / 2) / KM_PER_DEGREE;
        site.longitude = (x[i] - widthKm / 2) / KM_PER_DEGREE;
        site.weight = 1 / rng->GetValue(0.01, 1);
        topo.AddSite(site);
    }
    auto dist = [&](uint32_t a, uint32_t b) { return std::hypot(x[a] - x[b], y[a] - y[b]); };
    auto add = [&](uint32_t a, uint32_t b) {
        std::string why;
        const bool ok = topo.AddFibre(a, b, std::max(MIN_LENGTH_KM, dist(a, b) * routeFactor), why);
        NS_ABORT_MSG_IF(!ok, why);
    };

    // 1. Euclidean minimum spanning tree (Prim, O(n^2)).
    {
        std::vector<bool> in(n, false);
        std::vector<double> best(n, std::numeric_limits<double>::infinity());
        std::vector<uint32_t> from(n, 0);
        best[0] = 0;
        for (uint32_t step = 0; step < n; ++step)
        {
            uint32_t u = n;
            for (uint32_t i = 0; i < n; ++i)
            {
                if (!in[i] && (u == n || best[i] < best[u]))
                {
                    u = i;
                }
            }
            in[u] = true;
            if (step > 0)
            {
                add(from[u], u);
            }
            for (uint32_t i = 0; i < n; ++i)
            {
                const double d = dist(u, i);
                if (!in[i] && d < best[i])
                {
                    best[i] = d;
                    from[i] = u;
                }
            }
        }
    }

    // 2. While bridges are left: pair the leaves of the bridge tree (the 2-edge-connected
    // components with a single bridge) greedily by distance, each pair by its closest sites.
    while (true)
    {
        const auto bridges = FindBridges(n, topo.m_fibres);
        if (bridges.empty())
        {
            break;
        }
        // Components without the bridges.
        std::vector<bool> isBridge(topo.GetNFibres(), false);
        for (uint32_t br : bridges)
        {
            isBridge[br] = true;
        }
        std::vector<uint32_t> comp;
        const uint32_t nComp = FibreComponents(n, topo.m_fibres, &isBridge, comp);
        std::vector<uint32_t> bridgeDegree(nComp, 0);
        for (uint32_t br : bridges)
        {
            ++bridgeDegree[comp[topo.m_fibres[br].a]];
            ++bridgeDegree[comp[topo.m_fibres[br].b]];
        }
        std::vector<uint32_t> leafSites;
        for (uint32_t s = 0; s < n; ++s)
        {
            if (bridgeDegree[comp[s]] == 1)
            {
                leafSites.push_back(s);
            }
        }

        // The closest pair of sites between each two leaves.
        struct Candidate
        {
            double d;
            uint32_t a;
            uint32_t b;
        };

        std::map<std::pair<uint32_t, uint32_t>, Candidate> closest;
        for (std::size_t i = 0; i < leafSites.size(); ++i)
        {
            for (std::size_t j = i + 1; j < leafSites.size(); ++j)
            {
                const uint32_t a = leafSites[i];
                const uint32_t b = leafSites[j];
                if (comp[a] == comp[b] || topo.FindFibre(a, b) >= 0)
                {
                    continue;
                }
                const auto key =
                    std::make_pair(std::min(comp[a], comp[b]), std::max(comp[a], comp[b]));
                const double d = dist(a, b);
                const auto it = closest.find(key);
                if (it == closest.end() || d < it->second.d)
                {
                    closest[key] = {d, a, b};
                }
            }
        }
        std::vector<Candidate> candidates;
        for (const auto& [key, c] : closest)
        {
            candidates.push_back(c);
        }
        std::stable_sort(candidates.begin(),
                         candidates.end(),
                         [](const Candidate& x, const Candidate& y) { return x.d < y.d; });
        std::vector<bool> matched(nComp, false);
        uint32_t added = 0;
        for (const auto& c : candidates)
        {
            if (!matched[comp[c.a]] && !matched[comp[c.b]])
            {
                matched[comp[c.a]] = matched[comp[c.b]] = true;
                add(c.a, c.b);
                ++added;
            }
        }
        NS_ABORT_MSG_IF(added == 0, "a bridge tree without two leaves");
    }
    if (topo.GetNFibres() > target)
    {
        NS_LOG_WARN("WanTopology::Generate: 2-edge-connectivity needs "
                    << topo.GetNFibres() << " fibres, more than the " << target
                    << " of a mean degree of " << meanDegree << " (mean degree "
                    << topo.GetMeanDegree() << ")");
    }

    // 3. Waxman-style fibres up to the target.
    const double diagonal = std::hypot(widthKm, heightKm);
    const uint64_t patience = 10000000; // consecutive rejections before the fallback
    uint64_t rejected = 0;
    while (topo.GetNFibres() < target && rejected < patience)
    {
        const uint32_t a = rng->GetInteger(0, n - 1);
        const uint32_t b = rng->GetInteger(0, n - 1);
        const double u = rng->GetValue(0, 1);
        if (a == b || topo.FindFibre(a, b) >= 0 ||
            u >= std::exp(-dist(a, b) / (WAXMAN_ALPHA * diagonal)))
        {
            ++rejected;
            continue;
        }
        rejected = 0;
        add(a, b);
    }
    if (topo.GetNFibres() < target)
    {
        // Nearly complete graphs: the remaining pairs, shortest first.
        NS_LOG_WARN("WanTopology::Generate: Waxman draws stalled; adding the shortest pairs");
        std::vector<std::pair<double, std::pair<uint32_t, uint32_t>>> pairs;
        for (uint32_t a = 0; a < n; ++a)
        {
            for (uint32_t b = a + 1; b < n; ++b)
            {
                if (topo.FindFibre(a, b) < 0)
                {
                    pairs.push_back({dist(a, b), {a, b}});
                }
            }
        }
        std::sort(pairs.begin(), pairs.end());
        for (std::size_t k = 0; k < pairs.size() && topo.GetNFibres() < target; ++k)
        {
            add(pairs[k].second.first, pairs[k].second.second);
        }
    }
    NS_LOG_INFO("generated " << n << " sites, " << topo.GetNFibres() << " fibres, mean degree "
                             << topo.GetMeanDegree());
    out = std::move(topo);
    return true;
}

} // namespace ns3
