/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicTarget::Load and Save: the editable, line-based target file format (one record per
// line, KEY=VALUE fields, '#' comments). Format: doc/photonic-target.rst.part and
// data/photonic/README.md.

#include "photonic-target.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-units.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicTargetFile");

namespace
{

/// Shortest decimal text that reads back as exactly x (std::to_chars' round-trip form).
std::string
Real(double x)
{
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), x);
    return std::string(buf, r.ptr);
}

/// A time in the largest of s, ms, us, ns, ps that holds it as a whole number (exact).
std::string
TimeText(Time t)
{
    const int64_t ps = t.GetPicoSeconds();
    if (ps == 0)
    {
        return "0s";
    }
    const char* units[] = {"s", "ms", "us", "ns"};
    int64_t div = 1000000000000LL;
    for (const char* u : units)
    {
        if (ps % div == 0)
        {
            return std::to_string(ps / div) + u;
        }
        div /= 1000;
    }
    return std::to_string(ps) + "ps";
}

/// A seconds value as a Time, rounded to the picosecond.
Time
FromSeconds(double s)
{
    return PicoSeconds(static_cast<int64_t>(std::llround(s * 1e12)));
}

/// Text of a node id for the file: e.ELEMENT.END.PORT or io.INDEX.
std::string
NodeText(uint32_t node, uint32_t nElements)
{
    if (node < 4 * nElements)
    {
        return "e." + std::to_string(node / 4) + "." + std::to_string((node / 2) % 2) + "." +
               std::to_string(node % 2);
    }
    return "io." + std::to_string(node - 4 * nElements);
}

/// One line's fields: the record name, positional words, KEY=VALUE pairs (in order).
struct Line
{
    std::string where;                                     //!< file:line
    std::string record;                                    //!< First word
    std::vector<std::string> words;                        //!< Other words without '='
    std::vector<std::pair<std::string, std::string>> keys; //!< KEY=VALUE fields
    std::vector<bool> used;                                //!< Per key, read

    /// \return index of key or -1 (a repeated key is an error found by Check)
    int Find(const std::string& k) const
    {
        for (std::size_t i = 0; i < keys.size(); ++i)
        {
            if (keys[i].first == k)
            {
                return static_cast<int>(i);
            }
        }
        return -1;
    }
};

/// Reads fields of a Line with file:line errors naming the field.
class Reader
{
  public:
    /// \param [in] l The line
    explicit Reader(Line& l)
        : m_l(l)
    {
        m_l.used.assign(m_l.keys.size(), false);
    }

    /// \return the text of key k (marks it read), or nullptr
    const std::string* Get(const std::string& k)
    {
        const int i = m_l.Find(k);
        if (i < 0)
        {
            return nullptr;
        }
        m_l.used[i] = true;
        return &m_l.keys[i].second;
    }

    /// Reads a real >= 0; \return false with error when bad or (required and) missing
    bool Real(const std::string& k, bool required, double& v, std::string& error)
    {
        const std::string* t = Get(k);
        if (!t)
        {
            return Missing(k, required, error);
        }
        std::string why;
        if (!OpticalUnits::ParseReal(*t, v, why))
        {
            error = m_l.where + ": field '" + k + "': bad number '" + *t + "' (" + why + ")";
            return false;
        }
        return true;
    }

    /// Reads a non-negative real (loss, power)
    bool NonNegative(const std::string& k, bool required, double& v, std::string& error)
    {
        const double old = v;
        if (!Real(k, required, v, error))
        {
            return false;
        }
        if (v < 0)
        {
            error = m_l.where + ": field '" + k + "': " + m_l.keys[m_l.Find(k)].second +
                    " is negative (must be >= 0)";
            v = old;
            return false;
        }
        return true;
    }

    /// Reads a whole number
    bool Unsigned(const std::string& k, bool required, uint32_t& v, std::string& error)
    {
        const std::string* t = Get(k);
        if (!t)
        {
            return Missing(k, required, error);
        }
        uint64_t u = 0;
        std::string why;
        if (!OpticalUnits::ParseUnsigned(*t, UINT32_MAX, u, why))
        {
            error = m_l.where + ": field '" + k + "': bad whole number '" + *t + "' (" + why + ")";
            return false;
        }
        v = static_cast<uint32_t>(u);
        return true;
    }

    /// Reads a flag 0 or 1
    bool Flag(const std::string& k, bool required, bool& v, std::string& error)
    {
        const std::string* t = Get(k);
        if (!t)
        {
            return Missing(k, required, error);
        }
        if (*t != "0" && *t != "1")
        {
            error = m_l.where + ": field '" + k + "': '" + *t + "' is not 0 or 1";
            return false;
        }
        v = *t == "1";
        return true;
    }

    /// Reads a time (a bare number is in microseconds)
    bool TimeField(const std::string& k, bool required, Time& v, std::string& error)
    {
        const std::string* t = Get(k);
        if (!t)
        {
            return Missing(k, required, error);
        }
        double s = 0;
        std::string why;
        if (!OpticalUnits::ParseTime(*t, "us", s, why))
        {
            error = m_l.where + ": field '" + k + "': bad time '" + *t + "' (" + why + ")";
            return false;
        }
        if (s < 0)
        {
            error = m_l.where + ": field '" + k + "': " + *t + " is negative (must be >= 0)";
            return false;
        }
        v = FromSeconds(s);
        return true;
    }

    /// Reads an element kind
    bool Kind(const std::string& k, bool required, PhotonicElementKind& v, std::string& error)
    {
        const std::string* t = Get(k);
        if (!t)
        {
            return Missing(k, required, error);
        }
        if (*t == "mzi")
        {
            v = PhotonicElementKind::MZI;
        }
        else if (*t == "switch")
        {
            v = PhotonicElementKind::SWITCH;
        }
        else
        {
            error = m_l.where + ": field '" + k + "': unknown kind '" + *t + "' (mzi, switch)";
            return false;
        }
        return true;
    }

    /// \return false with an error naming the first key not read, or a repeated key
    bool Check(std::string& error) const
    {
        for (std::size_t i = 0; i < m_l.keys.size(); ++i)
        {
            if (m_l.Find(m_l.keys[i].first) != static_cast<int>(i))
            {
                error = m_l.where + ": field '" + m_l.keys[i].first + "' given twice";
                return false;
            }
            if (!m_l.used[i])
            {
                error = m_l.where + ": unknown key '" + m_l.keys[i].first + "' in a '" +
                        m_l.record + "' line";
                return false;
            }
        }
        return true;
    }

  private:
    /// Missing-field result
    bool Missing(const std::string& k, bool required, std::string& error) const
    {
        if (required)
        {
            error = m_l.where + ": missing field '" + k + "' in a '" + m_l.record + "' line";
            return false;
        }
        return true;
    }

    Line& m_l; //!< The line
};

/// Parses node text ("e.3.1.0", "io.5"): false when malformed.
bool
ParseNode(const std::string& t, bool& isIo, uint32_t& a, uint32_t& b, uint32_t& c)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(t);
    while (std::getline(in, part, '.'))
    {
        parts.push_back(part);
    }
    if (t.empty() || t.back() == '.')
    {
        return false;
    }
    auto whole = [](const std::string& s, uint32_t& v) {
        if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
        {
            return false;
        }
        v = static_cast<uint32_t>(std::stoul(s));
        return true;
    };
    if (parts.size() == 2 && parts[0] == "io")
    {
        isIo = true;
        return whole(parts[1], a);
    }
    if (parts.size() == 4 && parts[0] == "e")
    {
        isIo = false;
        return whole(parts[1], a) && whole(parts[2], b) && whole(parts[3], c) && b < 2 && c < 2;
    }
    return false;
}

/// A waveguide line as read: its two nodes (checked against the elements and I/O ports once
/// the whole file is read).
struct PendingWaveguide
{
    std::string where;   //!< file:line
    std::string text[2]; //!< The nodes as written
    bool isIo[2];        //!< Per node, an I/O port (else an element port)
    uint32_t v[2][3];    //!< Per node, ParseNode's numbers
    PhotonicWaveguide w; //!< Its crossings and loss
};

/// What Load gathers from the lines of a target file before it builds the target.
struct TargetFileState
{
    std::string name;                                    //!< target name=
    std::string style;                                   //!< target style=
    bool directed{true};                                 //!< target directed=
    uint32_t nInputs{0};                                 //!< target inputs=
    double crossing{0};                                  //!< target crossing_loss_db=
    double excess{0};                                    //!< target splitter_excess_loss_db=
    bool haveTarget{false};                              //!< A target line was read
    bool haveDefaults{false};                            //!< A defaults line was read
    PhotonicElementKind dKind{PhotonicElementKind::MZI}; //!< defaults kind=
    double dLoss{0};                                     //!< defaults loss_db=
    Time dTime;                                          //!< defaults switching_time=
    double dPower{0};                                    //!< defaults power_mw=
    bool hasKind{false};                                 //!< defaults gave kind=
    bool hasLoss{false};                                 //!< defaults gave loss_db=
    bool hasTime{false};                                 //!< defaults gave switching_time=
    bool hasPower{false};                                //!< defaults gave power_mw=
    std::vector<PhotonicElement> elements;               //!< element lines, by index
    std::vector<PhotonicIoPort> io;                      //!< io lines, by index
    std::vector<PendingWaveguide> pending;               //!< waveguide lines, in file order
    std::vector<std::string> ioWhere;                    //!< file:line of each io line
};

/**
 * Splits a line (its comment removed) into its record name, positional words and KEY=VALUE
 * fields.
 * \param [in] raw The line's text
 * \param [in] where Its file:line
 * \return the line (record empty for a blank line)
 */
Line
SplitLine(const std::string& raw, const std::string& where)
{
    Line l;
    l.where = where;
    std::istringstream words(raw);
    std::string w;
    while (words >> w)
    {
        if (l.record.empty())
        {
            l.record = w;
            continue;
        }
        const std::size_t eq = w.find('=');
        if (eq == std::string::npos)
        {
            l.words.push_back(w);
        }
        else
        {
            l.keys.emplace_back(w.substr(0, eq), w.substr(eq + 1));
        }
    }
    return l;
}

/**
 * Checks the number of positional words of a line.
 * \param [in] l The line
 * \param [in] count Words it must have
 * \param [in] what What they are, for the error
 * \param [out] error Set when the count differs
 * \return true if it has \p count words
 */
bool
Positional(const Line& l, std::size_t count, const std::string& what, std::string& error)
{
    if (l.words.size() != count)
    {
        error = l.where + ": a '" + l.record + "' line takes " + what + ", got " +
                std::to_string(l.words.size()) + " words without '='";
        return false;
    }
    return true;
}

/**
 * Reads the 'target' line: name, style, direction, inputs and losses.
 * \param [in] l The line
 * \param [in,out] r Its reader
 * \param [in,out] s What the file said so far
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ReadTargetRecord(const Line& l, Reader& r, TargetFileState& s, std::string& error)
{
    if (s.haveTarget)
    {
        error = l.where + ": a second 'target' line";
        return false;
    }
    s.haveTarget = true;
    if (!Positional(l, 0, "only KEY=VALUE fields", error))
    {
        return false;
    }
    const std::string* n = r.Get("name");
    const std::string* st = r.Get("style");
    if (!n || !st)
    {
        error = l.where + ": missing field '" + std::string(n ? "style" : "name") +
                "' in a 'target' line";
        return false;
    }
    s.name = *n;
    s.style = *st;
    if (s.name.empty() || s.style.empty())
    {
        error =
            l.where + ": field '" + std::string(s.name.empty() ? "name" : "style") + "' is empty";
        return false;
    }
    return r.Flag("directed", true, s.directed, error) &&
           r.Unsigned("inputs", s.directed, s.nInputs, error) &&
           r.NonNegative("crossing_loss_db", true, s.crossing, error) &&
           r.NonNegative("splitter_excess_loss_db", true, s.excess, error);
}

/**
 * Reads the 'defaults' line: the element fields the element lines may leave out.
 * \param [in] l The line
 * \param [in,out] r Its reader
 * \param [in,out] s What the file said so far
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ReadDefaultsRecord(const Line& l, Reader& r, TargetFileState& s, std::string& error)
{
    if (s.haveDefaults || !s.elements.empty())
    {
        error = l.where + ": a 'defaults' line must come once, before the elements";
        return false;
    }
    s.haveDefaults = true;
    if (!Positional(l, 0, "only KEY=VALUE fields", error))
    {
        return false;
    }
    s.hasKind = l.Find("kind") >= 0;
    s.hasLoss = l.Find("loss_db") >= 0;
    s.hasTime = l.Find("switching_time") >= 0;
    s.hasPower = l.Find("power_mw") >= 0;
    return r.Kind("kind", false, s.dKind, error) &&
           r.NonNegative("loss_db", false, s.dLoss, error) &&
           r.TimeField("switching_time", false, s.dTime, error) &&
           r.NonNegative("power_mw", false, s.dPower, error);
}

/**
 * Reads an 'element' or an 'io' line: its index (the next one) and its fields.
 * \param [in] l The line
 * \param [in,out] r Its reader
 * \param [in,out] s What the file said so far (the element or port appended)
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ReadIndexedRecord(const Line& l, Reader& r, TargetFileState& s, std::string& error)
{
    if (!Positional(l, 1, "its INDEX", error))
    {
        return false;
    }
    uint64_t index = 0;
    std::string why;
    const std::size_t expected = l.record == "element" ? s.elements.size() : s.io.size();
    if (!OpticalUnits::ParseUnsigned(l.words[0], UINT32_MAX, index, why) || index != expected)
    {
        error = l.where + ": " + l.record + " index '" + l.words[0] + "': expected " +
                std::to_string(expected) + " (indices count up from 0, one line each)";
        return false;
    }
    if (l.record == "element")
    {
        PhotonicElement e;
        e.kind = s.dKind;
        e.lossDb = s.dLoss;
        e.switchingTime = s.dTime;
        e.powerMw = s.dPower;
        if (!r.Kind("kind", !s.hasKind, e.kind, error) ||
            !r.NonNegative("loss_db", !s.hasLoss, e.lossDb, error) ||
            !r.TimeField("switching_time", !s.hasTime, e.switchingTime, error) ||
            !r.NonNegative("power_mw", !s.hasPower, e.powerMw, error) ||
            !r.Real("x", false, e.x, error) || !r.Real("y", false, e.y, error) ||
            !r.Unsigned("column", false, e.column, error) ||
            !r.Unsigned("mode", false, e.mode, error))
        {
            return false;
        }
        s.elements.push_back(e);
        return true;
    }
    PhotonicIoPort p;
    if (!r.Flag("in", true, p.canInput, error) || !r.Flag("out", true, p.canOutput, error) ||
        !r.Real("x", false, p.x, error) || !r.Real("y", false, p.y, error))
    {
        return false;
    }
    if (!p.canInput && !p.canOutput)
    {
        error = l.where + ": io " + l.words[0] + " has in=0 and out=0";
        return false;
    }
    s.io.push_back(p);
    s.ioWhere.push_back(l.where);
    return true;
}

/**
 * Reads a 'waveguide' line: its two nodes (checked for form only) and its fields.
 * \param [in] l The line
 * \param [in,out] r Its reader
 * \param [in,out] s What the file said so far (the waveguide appended to the pending ones)
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ReadWaveguideRecord(const Line& l, Reader& r, TargetFileState& s, std::string& error)
{
    if (!Positional(l, 2, "two NODEs (e.ELEMENT.END.PORT or io.INDEX)", error))
    {
        return false;
    }
    PendingWaveguide p;
    p.where = l.where;
    for (int k = 0; k < 2; ++k)
    {
        p.text[k] = l.words[k];
        if (!ParseNode(l.words[k], p.isIo[k], p.v[k][0], p.v[k][1], p.v[k][2]))
        {
            error = l.where + ": bad node '" + l.words[k] +
                    "' (e.ELEMENT.END.PORT with END, PORT 0 or 1, or io.INDEX)";
            return false;
        }
    }
    double loss = 0;
    if (!r.Unsigned("crossings", false, p.w.crossings, error) ||
        !r.NonNegative("loss_db", false, loss, error))
    {
        return false;
    }
    p.w.lossDb = loss;
    s.pending.push_back(p);
    return true;
}

/**
 * Reads one record (a line that is not blank): the 'target' line must come first; then
 * every key of the line must have been read, once.
 * \param [in,out] l The line (its keys marked as read)
 * \param [in,out] s What the file said so far
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ReadRecord(Line& l, TargetFileState& s, std::string& error)
{
    Reader r(l);
    if (l.record != "target" && !s.haveTarget)
    {
        error = l.where + ": the first record must be a 'target' line, not '" + l.record + "'";
        return false;
    }
    bool ok = false;
    if (l.record == "target")
    {
        ok = ReadTargetRecord(l, r, s, error);
    }
    else if (l.record == "defaults")
    {
        ok = ReadDefaultsRecord(l, r, s, error);
    }
    else if (l.record == "element" || l.record == "io")
    {
        ok = ReadIndexedRecord(l, r, s, error);
    }
    else if (l.record == "waveguide")
    {
        ok = ReadWaveguideRecord(l, r, s, error);
    }
    else
    {
        error = l.where + ": unknown record '" + l.record +
                "' (target, defaults, element, io, waveguide)";
        return false;
    }
    return ok && r.Check(error);
}

/**
 * Turns the pending waveguides into waveguides between node ids, checking that their
 * elements and I/O ports exist and, on a directed target, that they run with the light.
 * \param [in] s What the file said
 * \param [out] waveguides The waveguides, in file order
 * \param [out] error Set on failure
 * \return true on success
 */
bool
ResolveWaveguides(const TargetFileState& s,
                  std::vector<PhotonicWaveguide>& waveguides,
                  std::string& error)
{
    waveguides.reserve(s.pending.size());
    const auto ne = static_cast<uint32_t>(s.elements.size());
    for (const PendingWaveguide& p : s.pending)
    {
        uint32_t node[2];
        for (int k = 0; k < 2; ++k)
        {
            if (p.isIo[k] ? p.v[k][0] >= s.io.size() : p.v[k][0] >= ne)
            {
                error = p.where + ": node '" + p.text[k] + "' names " +
                        (p.isIo[k] ? "I/O port " : "element ") + std::to_string(p.v[k][0]) +
                        ", but the file has " +
                        std::to_string(p.isIo[k] ? s.io.size() : s.elements.size());
                return false;
            }
            node[k] = p.isIo[k] ? 4 * ne + p.v[k][0]
                                : PhotonicTarget::ElementPort(p.v[k][0], p.v[k][1], p.v[k][2]);
        }
        if (s.directed)
        {
            // Light runs from an input I/O port or an element's end 1 to an output I/O port
            // or an element's end 0.
            const bool fromOk = p.isIo[0] ? p.v[0][0] < s.nInputs : p.v[0][1] == 1;
            const bool toOk = p.isIo[1] ? p.v[1][0] >= s.nInputs : p.v[1][1] == 0;
            if (!fromOk || !toOk)
            {
                error = p.where + ": waveguide " + p.text[0] + " " + p.text[1] +
                        " runs against the light of a directed target (from an input io or "
                        "an element's end 1, to an output io or an element's end 0)";
                return false;
            }
        }
        PhotonicWaveguide w = p.w;
        w.a = node[0];
        w.b = node[1];
        waveguides.push_back(w);
    }
    return true;
}

/**
 * On a directed target, checks that the I/O ports below inputs= can take light in and the
 * others can let it out.
 * \param [in] s What the file said
 * \param [out] error Set on failure
 * \return true on success (always for an undirected target)
 */
bool
CheckIoDirections(const TargetFileState& s, std::string& error)
{
    if (!s.directed)
    {
        return true;
    }
    const uint32_t nInputs = s.nInputs;
    for (std::size_t k = 0; k < s.io.size(); ++k)
    {
        if (k < nInputs ? !s.io[k].canInput : !s.io[k].canOutput)
        {
            error = s.ioWhere[k] + ": io " + std::to_string(k) + " is " +
                    (k < nInputs ? "an input (below inputs=" : "an output (from inputs=") +
                    std::to_string(nInputs) + ") but has " + (k < nInputs ? "in=0" : "out=0");
            return false;
        }
    }
    return true;
}

} // namespace

bool
PhotonicTarget::Load(const std::string& path, PhotonicTarget& target, std::string& error)
{
    NS_LOG_FUNCTION(path);
    std::string text;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        error = "target file: " + error;
        return false;
    }
    OpticalDataFile::Lines lines(text);
    TargetFileState s;
    std::string raw;
    uint32_t lineNo = 0;
    while (lines.Next(raw))
    {
        ++lineNo;
        const std::size_t hash = raw.find('#');
        if (hash != std::string::npos)
        {
            raw.resize(hash);
        }
        Line l = SplitLine(raw, path + ":" + std::to_string(lineNo));
        if (l.record.empty())
        {
            continue;
        }
        if (!ReadRecord(l, s, error))
        {
            return false;
        }
    }
    if (!s.haveTarget)
    {
        error = path + ":" + std::to_string(lineNo) + ": no 'target' line";
        return false;
    }
    std::vector<PhotonicWaveguide> waveguides;
    if (!ResolveWaveguides(s, waveguides, error) || !CheckIoDirections(s, error))
    {
        return false;
    }
    PhotonicTarget t;
    std::string why;
    if (!t.Build(s.name,
                 s.style,
                 s.directed,
                 s.elements,
                 s.io,
                 waveguides,
                 s.nInputs,
                 s.crossing,
                 s.excess,
                 why))
    {
        error = path + ": " + why;
        return false;
    }
    target = std::move(t);
    return true;
}

bool
PhotonicTarget::Save(const std::string& path, std::string& error) const
{
    NS_LOG_FUNCTION(path);
    for (const std::string* word : {&m_name, &m_style})
    {
        if (word->empty() || word->find_first_of(" \t\r\n#=") != std::string::npos)
        {
            error = path + ": target name or style '" + *word +
                    "' cannot be written (empty, or holds a blank, '#' or '=')";
            return false;
        }
    }
    std::ostringstream out;
    out << "# ns3-optical photonic switch target (format: doc/optical.rst, \"Target files\")\n";
    out << "target name=" << m_name << " style=" << m_style << " directed=" << (m_directed ? 1 : 0);
    if (m_directed)
    {
        out << " inputs=" << m_nInputs;
    }
    out << " crossing_loss_db=" << Real(m_crossingLossDb)
        << " splitter_excess_loss_db=" << Real(m_splitterExcessLossDb) << "\n";
    // Defaults: the most common value of each element field.
    PhotonicElement d;
    if (!m_elements.empty())
    {
        std::map<int, std::size_t> kinds;
        std::map<double, std::size_t> losses;
        std::map<int64_t, std::size_t> times;
        std::map<double, std::size_t> powers;
        for (const PhotonicElement& e : m_elements)
        {
            ++kinds[static_cast<int>(e.kind)];
            ++losses[e.lossDb];
            ++times[e.switchingTime.GetPicoSeconds()];
            ++powers[e.powerMw];
        }
        auto best = [](const auto& m) {
            auto b = m.begin();
            for (auto i = m.begin(); i != m.end(); ++i)
            {
                if (i->second > b->second)
                {
                    b = i;
                }
            }
            return b->first;
        };
        d.kind = static_cast<PhotonicElementKind>(best(kinds));
        d.lossDb = best(losses);
        d.switchingTime = PicoSeconds(best(times));
        d.powerMw = best(powers);
    }
    auto kindText = [](PhotonicElementKind k) {
        return k == PhotonicElementKind::SWITCH ? "switch" : "mzi";
    };
    out << "defaults kind=" << kindText(d.kind) << " loss_db=" << Real(d.lossDb)
        << " switching_time=" << TimeText(d.switchingTime) << " power_mw=" << Real(d.powerMw)
        << "\n";
    for (std::size_t i = 0; i < m_elements.size(); ++i)
    {
        const PhotonicElement& e = m_elements[i];
        out << "element " << i;
        if (e.kind != d.kind)
        {
            out << " kind=" << kindText(e.kind);
        }
        if (e.lossDb != d.lossDb)
        {
            out << " loss_db=" << Real(e.lossDb);
        }
        if (e.switchingTime != d.switchingTime)
        {
            out << " switching_time=" << TimeText(e.switchingTime);
        }
        if (e.powerMw != d.powerMw)
        {
            out << " power_mw=" << Real(e.powerMw);
        }
        out << " x=" << Real(e.x) << " y=" << Real(e.y);
        if (e.column != 0 || e.mode != 0)
        {
            out << " column=" << e.column << " mode=" << e.mode;
        }
        out << "\n";
    }
    for (std::size_t k = 0; k < m_io.size(); ++k)
    {
        const PhotonicIoPort& p = m_io[k];
        out << "io " << k << " in=" << (p.canInput ? 1 : 0) << " out=" << (p.canOutput ? 1 : 0)
            << " x=" << Real(p.x) << " y=" << Real(p.y) << "\n";
    }
    const auto ne = static_cast<uint32_t>(m_elements.size());
    for (const PhotonicWaveguide& w : m_waveguides)
    {
        out << "waveguide " << NodeText(w.a, ne) << " " << NodeText(w.b, ne);
        if (w.crossings != 0)
        {
            out << " crossings=" << w.crossings;
        }
        if (w.lossDb != 0)
        {
            out << " loss_db=" << Real(w.lossDb);
        }
        out << "\n";
    }
    std::ofstream file(path);
    if (!file)
    {
        error = path + ": cannot write the target file";
        return false;
    }
    file << out.str();
    file.close();
    if (!file)
    {
        error = path + ": writing the target file failed";
        return false;
    }
    return true;
}

} // namespace ns3
