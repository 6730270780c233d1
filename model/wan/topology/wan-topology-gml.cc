/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WanTopology: the GML loader (LoadGml). GML (Graph Modelling Language, Himsolt 1996) is a
// nested list of key-value pairs; no Debian library the module depends on reads it, and the
// grammar is small, so it is read here into the same GraphScan as GraphML.

#include "wan-topology-detail.h"
#include "wan-topology.h"

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

/// A token of a GML file.
struct GmlToken
{
    /// What the token is.
    enum Kind
    {
        END,    //!< End of the file
        KEY,    //!< A key (a name)
        SCALAR, //!< A number or a bare word
        STRING, //!< A string (quotes removed, references decoded)
        OPEN,   //!< [
        CLOSE,  //!< ]
    };

    Kind kind{END};   //!< Kind
    std::string text; //!< Its text
    uint64_t line{0}; //!< Its line
};

/// \return the UTF-8 bytes of code point \p c (U+FFFD for one out of range)
std::string
Utf8(uint32_t c)
{
    if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
    {
        c = 0xFFFD;
    }
    std::string out;
    if (c < 0x80)
    {
        out += static_cast<char>(c);
    }
    else if (c < 0x800)
    {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    else if (c < 0x10000)
    {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    else
    {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

/// \return \p raw with its HTML character references decoded (&amp; &lt; &gt; &quot; &apos;,
/// &#N; and &#xH;); anything else that starts with '&' is kept as it is
std::string
DecodeReferences(const std::string& raw)
{
    static const std::pair<const char*, const char*> named[] = {{"amp", "&"},
                                                                {"lt", "<"},
                                                                {"gt", ">"},
                                                                {"quot", "\""},
                                                                {"apos", "'"}};
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i)
    {
        const std::size_t semi = raw[i] == '&' ? raw.find(';', i) : std::string::npos;
        if (semi == std::string::npos || semi - i > 10)
        {
            out += raw[i];
            continue;
        }
        const std::string name = raw.substr(i + 1, semi - i - 1);
        std::string decoded;
        if (name.size() > 1 && name[0] == '#')
        {
            const bool hex = name[1] == 'x' || name[1] == 'X';
            const std::string digits = name.substr(hex ? 2 : 1);
            const bool ok = !digits.empty() &&
                            std::all_of(digits.begin(), digits.end(), [hex](unsigned char c) {
                                return hex ? std::isxdigit(c) : std::isdigit(c);
                            });
            if (ok)
            {
                decoded = Utf8(static_cast<uint32_t>(
                    std::min(std::stoull(digits, nullptr, hex ? 16 : 10), 0x110000ULL)));
            }
        }
        for (const auto& [entity, text] : named)
        {
            if (name == entity)
            {
                decoded = text;
            }
        }
        if (decoded.empty())
        {
            out += raw[i];
            continue;
        }
        out += decoded;
        i = semi;
    }
    return out;
}

/// Cuts a GML text into tokens, with their lines.
class GmlLexer
{
  public:
    /**
     * \param [in] text The file's text
     * \param [in] path The file (for messages)
     */
    GmlLexer(const std::string& text, const std::string& path)
        : m_text(text),
          m_path(path)
    {
        if (m_text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        {
            m_at = 3; // a UTF-8 byte-order mark
        }
    }

    /**
     * Reads the next token.
     * \param [out] token The token
     * \param [in] keyExpected Whether a key is expected (else a value)
     * \param [out] error The file, line and problem
     * \return false on a malformed token
     */
    bool Next(GmlToken& token, bool keyExpected, std::string& error)
    {
        SkipBlanks();
        token = GmlToken();
        token.line = m_line;
        if (m_at >= m_text.size())
        {
            return true;
        }
        const char c = m_text[m_at];
        if (c == '[' || c == ']')
        {
            token.kind = c == '[' ? GmlToken::OPEN : GmlToken::CLOSE;
            token.text = std::string(1, c);
            ++m_at;
            return true;
        }
        if (c == '"')
        {
            const std::size_t end = m_text.find('"', m_at + 1);
            if (end == std::string::npos)
            {
                error = Where(m_path, m_line) + "a string opened here is never closed";
                return false;
            }
            const std::string raw = m_text.substr(m_at + 1, end - m_at - 1);
            m_line += static_cast<uint64_t>(std::count(raw.begin(), raw.end(), '\n'));
            m_at = end + 1;
            token.kind = GmlToken::STRING;
            token.text = DecodeReferences(raw);
            return true;
        }
        std::size_t end = m_at;
        while (end < m_text.size() && !std::isspace(static_cast<unsigned char>(m_text[end])) &&
               m_text[end] != '[' && m_text[end] != ']' && m_text[end] != '"')
        {
            ++end;
        }
        token.text = m_text.substr(m_at, end - m_at);
        m_at = end;
        if (keyExpected)
        {
            const bool name =
                (std::isalpha(static_cast<unsigned char>(token.text[0])) || token.text[0] == '_') &&
                std::all_of(token.text.begin(), token.text.end(), [](unsigned char ch) {
                    return std::isalnum(ch) || ch == '_';
                });
            if (!name)
            {
                error = Where(m_path, m_line) + "'" + OpticalDataFile::Shorten(token.text, 40) +
                        "' is not a key (a key is a name: a letter or '_', then letters, "
                        "digits or '_')";
                return false;
            }
            token.kind = GmlToken::KEY;
            return true;
        }
        token.kind = GmlToken::SCALAR;
        return true;
    }

  private:
    /// Skips white space and comment lines ('#' to the end of the line).
    void SkipBlanks()
    {
        while (m_at < m_text.size())
        {
            const char c = m_text[m_at];
            if (c == '\n')
            {
                ++m_line;
                ++m_at;
            }
            else if (std::isspace(static_cast<unsigned char>(c)))
            {
                ++m_at;
            }
            else if (c == '#')
            {
                const std::size_t eol = m_text.find('\n', m_at);
                m_at = eol == std::string::npos ? m_text.size() : eol;
            }
            else
            {
                return;
            }
        }
    }

    const std::string& m_text; //!< The text
    std::string m_path;        //!< The file
    std::size_t m_at{0};       //!< The next character
    uint64_t m_line{1};        //!< Its line
};

/// Reads a GML file's lists into a GraphScan.
class GmlReader
{
  public:
    /**
     * \param [in] text The file's text
     * \param [in] path The file (for messages)
     * \param [out] scan What is read
     */
    GmlReader(const std::string& text, const std::string& path, GraphScan& scan)
        : m_lexer(text, path),
          m_path(path),
          m_scan(scan)
    {
    }

    /**
     * Reads the whole file.
     * \param [out] error The file, line and problem
     * \return true on success
     */
    bool Read(std::string& error)
    {
        if (!List(Context::TOP, 0, 0, error))
        {
            return false;
        }
        if (!m_graphSeen)
        {
            error = m_path + ": no 'graph [ ... ]' list (is this a GML file?)";
            return false;
        }
        return true;
    }

  private:
    /// Whose pairs a list holds.
    enum class Context
    {
        TOP,   //!< The file
        GRAPH, //!< The first graph
        NODE,  //!< A node of it
        EDGE,  //!< An edge of it
        OTHER, //!< Anything else (skipped)
    };

    /**
     * Reads the pairs of a list up to its ']' (or the end of the file, at the top).
     * \param [in] context Whose pairs they are
     * \param [in] depth How deep the list is
     * \param [in] openLine The line of its '['
     * \param [out] error The file, line and problem
     * \return true on success
     */
    bool List(Context context, uint32_t depth, uint64_t openLine, std::string& error)
    {
        while (true)
        {
            GmlToken key;
            if (!m_lexer.Next(key, true, error))
            {
                return false;
            }
            if (key.kind == GmlToken::END || key.kind == GmlToken::CLOSE)
            {
                if ((key.kind == GmlToken::END) != (context == Context::TOP))
                {
                    error = context == Context::TOP
                                ? Where(m_path, key.line) + "']' without a '[' to close"
                                : Where(m_path, openLine) +
                                      "the list opened here is never closed (']' missing)";
                    return false;
                }
                return true;
            }
            GmlToken value;
            if (!m_lexer.Next(value, false, error))
            {
                return false;
            }
            if (value.kind == GmlToken::END || value.kind == GmlToken::CLOSE)
            {
                error = Where(m_path, key.line) + "key '" + key.text + "' has no value";
                return false;
            }
            if (!Pair(context, depth, key, value, error))
            {
                return false;
            }
        }
    }

    /**
     * Takes one pair of a list.
     * \param [in] context Whose pair it is
     * \param [in] depth How deep its list is
     * \param [in] key Its key
     * \param [in] value Its value (a scalar, a string, or '[' of a list)
     * \param [out] error The file, line and problem
     * \return true on success
     */
    bool Pair(Context context,
              uint32_t depth,
              const GmlToken& key,
              const GmlToken& value,
              std::string& error)
    {
        const std::string name = Lower(key.text);
        if (value.kind == GmlToken::OPEN)
        {
            if (depth + 1 > WanTopology::MAX_GML_DEPTH)
            {
                error = Where(m_path, value.line) + "lists nested more than " +
                        std::to_string(WanTopology::MAX_GML_DEPTH) +
                        " deep (WanTopology::MAX_GML_DEPTH)";
                return false;
            }
            Context inner = Context::OTHER;
            if (context == Context::TOP && name == "graph" && !m_graphSeen)
            {
                m_graphSeen = true;
                inner = Context::GRAPH;
            }
            else if (context == Context::GRAPH && (name == "node" || name == "edge"))
            {
                inner = name == "node" ? Context::NODE : Context::EDGE;
                if (!Begin(inner == Context::NODE, value.line, error))
                {
                    return false;
                }
            }
            if (!List(inner, depth + 1, value.line, error))
            {
                return false;
            }
            return inner == Context::NODE || inner == Context::EDGE ? End(error) : true;
        }
        if (context != Context::NODE && context != Context::EDGE)
        {
            return true;
        }
        GraphElement& element =
            context == Context::NODE ? m_scan.nodes.back() : m_scan.edges.back();
        std::string* end = context == Context::NODE && name == "id"       ? &element.id
                           : context == Context::EDGE && name == "source" ? &element.source
                           : context == Context::EDGE && name == "target" ? &element.target
                                                                          : nullptr;
        if (end)
        {
            if (!end->empty())
            {
                error = Where(m_path, key.line) + "'" + key.text + "' given twice";
                return false;
            }
            *end = value.text;
            return true;
        }
        const std::string id = (context == Context::NODE ? "node:" : "edge:") + name;
        m_scan.keys[id] = {context == Context::NODE ? "node" : "edge", name};
        const std::string text = OpticalUnits::Trim(value.text);
        if (!text.empty() && !element.data.count(id))
        {
            element.data[id] = {text, key.line};
        }
        return true;
    }

    /// Starts a node (\p node) or an edge at \p line; false past the bounds.
    bool Begin(bool node, uint64_t line, std::string& error)
    {
        const std::size_t count = node ? m_scan.nodes.size() : m_scan.edges.size();
        const uint32_t most = node ? WanTopology::MAX_SITES : WanTopology::MAX_FIBRES;
        if (count >= most)
        {
            error = Where(m_path, line) + "more than " + std::to_string(most) +
                    (node ? " nodes (WanTopology::MAX_SITES)" : " edges (WanTopology::MAX_FIBRES)");
            return false;
        }
        GraphElement element;
        element.line = line;
        (node ? m_scan.nodes : m_scan.edges).push_back(element);
        m_current = node ? 'n' : 'e';
        return true;
    }

    /// Ends the node or edge just read; false if it lacks its id or ends.
    bool End(std::string& error)
    {
        const GraphElement& e = m_current == 'n' ? m_scan.nodes.back() : m_scan.edges.back();
        const char* missing = m_current == 'n'   ? (e.id.empty() ? "an id" : nullptr)
                              : e.source.empty() ? "a source"
                              : e.target.empty() ? "a target"
                                                 : nullptr;
        if (missing)
        {
            error = Where(m_path, e.line) + (m_current == 'n' ? "node" : "edge") + " without " +
                    missing;
            return false;
        }
        return true;
    }

    GmlLexer m_lexer;        //!< The tokens
    std::string m_path;      //!< The file
    GraphScan& m_scan;       //!< What is read
    bool m_graphSeen{false}; //!< Whether the first graph list was met
    char m_current{'n'};     //!< The element being read: 'n'ode or 'e'dge
};

} // namespace

bool
WanTopology::LoadGml(const std::string& file, std::string& error, const GraphOptions& options)
{
    NS_LOG_FUNCTION(this << file);
    WanTopology topo;
    std::vector<std::string> notes;
    if (!LoadGraphFile(
            file,
            "GML",
            options,
            [](const std::string& path,
               const std::string& text,
               GraphScan& scan,
               std::string& why) { return GmlReader(text, path, scan).Read(why); },
            topo,
            notes,
            error))
    {
        return false;
    }
    topo.m_notes = notes;
    *this = std::move(topo);
    return true;
}

} // namespace ns3
