/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WanTopology: the GraphML loader (LoadGraphMl, through libxml2).

#include "wan-topology-detail.h"
#include "wan-topology.h"

#include "ns3/abort.h"

#include <fstream>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <limits>

namespace ns3
{

namespace
{
/// The topology's log component, under its one name.
LogComponent& g_log = wantopologydetail::TopologyLog();
} // namespace

using namespace wantopologydetail;

namespace
{

/// \return \p name in lower case (an element's or attribute's local name)
std::string
LowerName(const xmlChar* name)
{
    return Lower(name ? reinterpret_cast<const char*>(name) : "");
}

/// \return the attribute of \p node named \p name (any case, any prefix), "" if absent
std::string
Attribute(const xmlNode* node, const std::string& name)
{
    for (const xmlAttr* a = node->properties; a; a = a->next)
    {
        if (LowerName(a->name) == name)
        {
            xmlChar* value = xmlNodeListGetString(node->doc, a->children, 1);
            std::string out = value ? reinterpret_cast<const char*>(value) : "";
            xmlFree(value);
            return out;
        }
    }
    return "";
}

/// \return the line of \p node in its file
uint64_t
LineOf(const xmlNode* node)
{
    const long line = xmlGetLineNo(node);
    return line > 0 ? static_cast<uint64_t>(line) : 0;
}

/**
 * Appends the character data inside \p node (text and CDATA of it and its descendants).
 * \param [in] node An element
 * \param [in,out] text The text so far
 * \param [in] depth Depth below the data element
 */
void
TextOf(const xmlNode* node, std::string& text, int depth = 0)
{
    for (const xmlNode* c = node->children; c; c = c->next)
    {
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
        {
            text += c->content ? reinterpret_cast<const char*>(c->content) : "";
        }
        else if (c->type == XML_ELEMENT_NODE && depth < 64)
        {
            TextOf(c, text, depth + 1);
        }
    }
}

/// A GraphML node or edge, as read.
struct GraphElement
{
    std::string id;                                               //!< Node id
    std::string source;                                           //!< Edge source
    std::string target;                                           //!< Edge target
    uint64_t line{0};                                             //!< Line of its tag
    std::map<std::string, std::pair<std::string, uint64_t>> data; //!< Key id to text, line
};

/// A GraphML key.
struct GraphKey
{
    std::string domain; //!< node, edge, graph, all...
    std::string name;   //!< attr.name, lower case
};

/// What a walk over a GraphML document collects.
struct GraphScan
{
    std::map<std::string, GraphKey> keys; //!< Keys by id
    std::vector<GraphElement> nodes;      //!< The nodes, in document order
    std::vector<GraphElement> edges;      //!< The edges, in document order
    std::string error;                    //!< The first problem, with its line
};

/**
 * Walks the elements below \p parent (libxml2 bounds the depth to 256 levels).
 * \param [in] parent An element
 * \param [in] owner Whose data a <data> child is: -1 none, k >= 0 node k, -2 - k edge k
 * \param [in,out] scan What is collected
 * \param [in] where "path:" for messages
 * \return false on a structural error (in scan.error)
 */
bool
Walk(const xmlNode* parent, int64_t owner, GraphScan& scan, const std::string& where)
{
    for (const xmlNode* n = parent->children; n; n = n->next)
    {
        if (n->type == XML_ENTITY_REF_NODE)
        {
            scan.error = where + std::to_string(LineOf(parent)) + ": entity reference '&" +
                         LowerName(n->name) + ";' (entities are not supported)";
            return false;
        }
        if (n->type != XML_ELEMENT_NODE)
        {
            continue;
        }
        const std::string name = LowerName(n->name);
        const std::string at = where + std::to_string(LineOf(n)) + ": ";
        int64_t childOwner = owner;
        if (name == "key")
        {
            const std::string id = Attribute(n, "id");
            if (!id.empty())
            {
                const std::string domain = Attribute(n, "for");
                scan.keys[id] = {Lower(domain.empty() ? "all" : domain),
                                 Lower(Attribute(n, "attr.name"))};
            }
            continue;
        }
        if (name == "node")
        {
            GraphElement node;
            node.id = Attribute(n, "id");
            node.line = LineOf(n);
            if (node.id.empty())
            {
                scan.error = at + "<node> without an id";
                return false;
            }
            if (scan.nodes.size() >= WanTopology::MAX_SITES)
            {
                scan.error = at + "more than " + std::to_string(WanTopology::MAX_SITES) +
                             " nodes (WanTopology::MAX_SITES)";
                return false;
            }
            scan.nodes.push_back(node);
            childOwner = static_cast<int64_t>(scan.nodes.size() - 1);
        }
        else if (name == "edge")
        {
            GraphElement edge;
            edge.source = Attribute(n, "source");
            edge.target = Attribute(n, "target");
            edge.line = LineOf(n);
            for (const auto* end : {&edge.source, &edge.target})
            {
                if (end->empty())
                {
                    scan.error =
                        at + "<edge> without a " + (end == &edge.source ? "source" : "target");
                    return false;
                }
            }
            if (scan.edges.size() >= WanTopology::MAX_FIBRES)
            {
                scan.error = at + "more than " + std::to_string(WanTopology::MAX_FIBRES) +
                             " edges (WanTopology::MAX_FIBRES)";
                return false;
            }
            scan.edges.push_back(edge);
            childOwner = -2 - static_cast<int64_t>(scan.edges.size() - 1);
        }
        else if (name == "graph")
        {
            childOwner = -1;
        }
        else if (name == "data")
        {
            GraphElement* target = owner >= 0    ? &scan.nodes[owner]
                                   : owner <= -2 ? &scan.edges[-2 - owner]
                                                 : nullptr;
            const std::string key = Attribute(n, "key");
            if (target && !target->data.count(key))
            {
                std::string text;
                TextOf(n, text);
                const std::string value = OpticalUnits::Trim(text);
                if (!value.empty())
                {
                    target->data[key] = {value, LineOf(n)};
                }
            }
            continue; // foreign content inside <data> (yEd graphics) is not walked
        }
        if (!Walk(n, childOwner, scan, where))
        {
            return false;
        }
    }
    return true;
}

/**
 * Parses GraphML text with libxml2 (no network, no DTD loading, no entity substitution) and
 * walks its elements.
 * \param [in] path The file (for messages)
 * \param [in] text Its text
 * \param [out] scan The keys, nodes and edges read
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
ParseGraphMl(const std::string& path, const std::string& text, GraphScan& scan, std::string& error)
{
    // Parse with libxml2: no network, no DTD loading, no entity substitution; a document
    // deeper than 256 levels or with an entity loop is refused by the parser itself.
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
    {
        error = path + ": cannot create an XML parser (out of memory)";
        return false;
    }
    const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt,
                                      text.data(),
                                      static_cast<int>(text.size()),
                                      path.c_str(),
                                      nullptr,
                                      options);
    if (!doc)
    {
        const xmlError* e = xmlCtxtGetLastError(ctxt);
        std::string message = e && e->message ? e->message : "not well-formed XML";
        std::replace(message.begin(), message.end(), '\n', ' ');
        message = OpticalDataFile::Shorten(OpticalUnits::Trim(message), 200);
        error = Where(path, e && e->line > 0 ? e->line : 0) + "not well-formed XML: " + message;
        xmlFreeParserCtxt(ctxt);
        return false;
    }

    struct Free
    {
        xmlDocPtr doc;
        xmlParserCtxtPtr ctxt;

        ~Free()
        {
            xmlFreeDoc(doc);
            xmlFreeParserCtxt(ctxt);
        }
    } free{doc, ctxt};

    if (doc->intSubset && (doc->intSubset->entities || doc->intSubset->pentities))
    {
        const std::size_t at = text.find("<!ENTITY");
        const auto line =
            1 +
            std::count(text.begin(),
                       text.begin() + static_cast<std::ptrdiff_t>(at == std::string::npos ? 0 : at),
                       '\n');
        error = Where(path, static_cast<uint64_t>(line)) + "entity declarations are not supported";
        return false;
    }
    const xmlNode* root = xmlDocGetRootElement(doc);
    if (!root || LowerName(root->name) != "graphml")
    {
        error = Where(path, root ? LineOf(root) : 1) + "the root element is <" +
                (root ? LowerName(root->name) : std::string()) + ">, not <graphml>";
        return false;
    }
    if (!Walk(root, -1, scan, path + ":"))
    {
        error = scan.error;
        return false;
    }
    return true;
}

/// The GraphML keys this reader understands, and the numbers read under them.
class GraphKeys
{
  public:
    /**
     * \param [in] scan The document's keys
     * \param [in] path The file (for messages)
     */
    GraphKeys(const GraphScan& scan, const std::string& path)
        : label(For(scan, "node", {"label"})),
          latitude(For(scan, "node", {"latitude"})),
          longitude(For(scan, "node", {"longitude"})),
          weight(For(scan, "node", {"population", "weight"})),
          length(For(scan, "edge", {"linklength", "length", "distance"})),
          m_path(path)
    {
    }

    /// \return the first of the keys \p ids \p e has data for (text and line), or null
    static const std::pair<std::string, uint64_t>* Find(const GraphElement& e,
                                                        const std::vector<std::string>& ids)
    {
        for (const auto& id : ids)
        {
            const auto it = e.data.find(id);
            if (it != e.data.end())
            {
                return &it->second;
            }
        }
        return static_cast<const std::pair<std::string, uint64_t>*>(nullptr);
    }

    /**
     * Reads the number \p e holds under one of \p ids.
     * \param [in] e The element
     * \param [in] ids The keys
     * \param [in] what The quantity (for messages)
     * \param [in] element The element (for messages)
     * \param [in] bounds The values allowed
     * \param [in] unit The unit
     * \param [out] value The value, if present
     * \param [out] present Whether \p e has one
     * \param [out] error The file, line and problem
     * \return false if present but not a number within \p bounds
     */
    bool Number(const GraphElement& e,
                const std::vector<std::string>& ids,
                const std::string& what,
                const std::string& element,
                const OpticalBounds& bounds,
                const std::string& unit,
                double& value,
                bool& present,
                std::string& error) const
    {
        present = false;
        const auto* cell = Find(e, ids);
        if (!cell)
        {
            return true;
        }
        std::string why;
        if (!OpticalDataFile::ReadReal(cell->first, bounds, unit, value, why))
        {
            error = Where(m_path, cell->second) + element + ": " + what + ": " + why;
            return false;
        }
        present = true;
        return true;
    }

    const std::vector<std::string> label;     //!< Keys of a node's name
    const std::vector<std::string> latitude;  //!< Keys of a node's latitude
    const std::vector<std::string> longitude; //!< Keys of a node's longitude
    const std::vector<std::string> weight;    //!< Keys of a node's weight
    const std::vector<std::string> length;    //!< Keys of an edge's length

  private:
    /// \return the ids of the keys of \p domain (or "all") named one of \p names
    static std::vector<std::string> For(const GraphScan& scan,
                                        const std::string& domain,
                                        const std::vector<std::string>& names)
    {
        std::vector<std::string> ids;
        for (const auto& [id, key] : scan.keys)
        {
            if ((key.domain == domain || key.domain == "all") &&
                std::find(names.begin(), names.end(), key.name) != names.end())
            {
                ids.push_back(id);
            }
        }
        return ids;
    }

    std::string m_path; //!< The file
};

/**
 * Adds a site per GraphML node to \p topo.
 * \param [in] path The file (for messages)
 * \param [in] scan The document
 * \param [in] keys Its keys
 * \param [in,out] topo The topology
 * \param [out] byId Per node id, its site
 * \param [out] located Per site, whether the node has coordinates
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
AddGraphNodes(const std::string& path,
              const GraphScan& scan,
              const GraphKeys& keys,
              WanTopology& topo,
              std::map<std::string, uint32_t>& byId,
              std::vector<bool>& located,
              std::string& error)
{
    for (const auto& node : scan.nodes)
    {
        const std::string element = "node '" + node.id + "'";
        if (byId.count(node.id))
        {
            error = Where(path, node.line) + element + " is declared twice (first at line " +
                    std::to_string(scan.nodes[byId.at(node.id)].line) + ")";
            return false;
        }
        WanTopology::Site site;
        const auto* label = GraphKeys::Find(node, keys.label);
        site.name = label ? label->first : node.id;
        if (topo.FindSite(site.name) >= 0)
        {
            NS_LOG_INFO(Where(path, node.line)
                        << "label '" << site.name << "' used twice; node " << node.id << " is '"
                        << site.name << " [" << node.id << "]'");
            site.name += " [" + node.id + "]";
            if (topo.FindSite(site.name) >= 0)
            {
                error = Where(path, node.line) + element + ": its name '" + site.name +
                        "' is the label of another node (labels must tell nodes apart)";
                return false;
            }
        }
        bool hasLat = false;
        bool hasLon = false;
        bool hasWeight = false;
        if (!keys.Number(node,
                         keys.latitude,
                         "Latitude",
                         element,
                         WanTopology::LatitudeBounds(),
                         "degrees",
                         site.latitude,
                         hasLat,
                         error) ||
            !keys.Number(node,
                         keys.longitude,
                         "Longitude",
                         element,
                         WanTopology::LongitudeBounds(),
                         "degrees",
                         site.longitude,
                         hasLon,
                         error) ||
            !keys.Number(node,
                         keys.weight,
                         "weight",
                         element,
                         WanTopology::WeightBounds(),
                         "",
                         site.weight,
                         hasWeight,
                         error))
        {
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
    return true;
}

/**
 * Adds a fibre per GraphML edge to \p topo.
 * \param [in] path The file (for messages)
 * \param [in] scan The document
 * \param [in] keys Its keys
 * \param [in] routeFactor Length of an edge without one: great circle x this
 * \param [in] byId Per node id, its site
 * \param [in] located Per site, whether the node has coordinates
 * \param [in,out] topo The topology
 * \param [out] error The file, line and problem
 * \return true on success
 */
bool
AddGraphEdges(const std::string& path,
              const GraphScan& scan,
              const GraphKeys& keys,
              double routeFactor,
              const std::map<std::string, uint32_t>& byId,
              const std::vector<bool>& located,
              WanTopology& topo,
              std::string& error)
{
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> edgeLine;
    for (const auto& edge : scan.edges)
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
        if (a == b)
        {
            error = Where(path, edge.line) + element + ": both ends are '" + edge.source +
                    "' (self-loops not allowed)";
            return false;
        }
        const auto key = std::make_pair(std::min(a, b), std::max(a, b));
        if (edgeLine.count(key))
        {
            error = Where(path, edge.line) + element + " is a duplicate (already at line " +
                    std::to_string(edgeLine.at(key)) + "; one fibre per pair)";
            return false;
        }
        double length = 0;
        bool hasLength = false;
        const OpticalBounds lengthBounds =
            OpticalBounds::AtLeast(0).AtMost(WanTopology::MAX_LENGTH_KM);
        if (!keys.Number(edge,
                         keys.length,
                         "length",
                         element,
                         lengthBounds,
                         "km",
                         length,
                         hasLength,
                         error))
        {
            return false;
        }
        if (!hasLength)
        {
            for (uint32_t s : {a, b})
            {
                if (!located[s])
                {
                    error = Where(path, edge.line) + element + " has no length, and node '" +
                            scan.nodes[s].id + "' (line " + std::to_string(scan.nodes[s].line) +
                            ") has no Latitude and Longitude to derive one from";
                    return false;
                }
            }
            // At most half the circumference x MAX_ROUTE_FACTOR (2): inside LengthBounds().
            length = topo.GetGreatCircleKm(a, b) * routeFactor;
        }
        std::string why;
        if (!topo.AddFibre(
                a,
                b,
                std::min(WanTopology::MAX_LENGTH_KM, std::max(WanTopology::MIN_LENGTH_KM, length)),
                why))
        {
            error = Where(path, edge.line) + why;
            return false;
        }
        edgeLine[key] = edge.line;
    }
    return true;
}

} // namespace

bool
WanTopology::LoadGraphMl(const std::string& file, std::string& error, double routeFactor)
{
    NS_LOG_FUNCTION(this << file << routeFactor);
    const std::string path = ResolveWan(file);
    if (!std::isfinite(routeFactor) || routeFactor < 1 || routeFactor > MAX_ROUTE_FACTOR)
    {
        error = path + ": route factor " + Num(routeFactor) + " is not allowed (1 to " +
                Num(MAX_ROUTE_FACTOR) + ")";
        return false;
    }
    std::string text;
    if (!OpticalDataFile::ReadText(path, MAX_GRAPHML_BYTES, text, error))
    {
        error = "GraphML file: " + error;
        return false;
    }

    GraphScan scan;
    if (!ParseGraphMl(path, text, scan, error))
    {
        return false;
    }
    const auto& nodes = scan.nodes;
    if (nodes.empty())
    {
        error = path + ": no nodes (no <node> elements; is this a GraphML file?)";
        return false;
    }
    const GraphKeys keys(scan, path);
    WanTopology topo;
    topo.SetName(Stem(path));
    std::map<std::string, uint32_t> byId;
    std::vector<bool> located;
    if (!AddGraphNodes(path, scan, keys, topo, byId, located, error) ||
        !AddGraphEdges(path, scan, keys, routeFactor, byId, located, topo, error))
    {
        return false;
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

} // namespace ns3
