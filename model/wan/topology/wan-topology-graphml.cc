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

} // namespace

bool
WanTopology::LoadGraphMl(const std::string& file, std::string& error, const GraphOptions& options)
{
    NS_LOG_FUNCTION(this << file);
    WanTopology topo;
    std::vector<std::string> notes;
    if (!LoadGraphFile(file, "GraphML", options, ParseGraphMl, topo, notes, error))
    {
        return false;
    }
    topo.m_notes = notes;
    *this = std::move(topo);
    return true;
}

} // namespace ns3
