/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "as-graph.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AsGraph");

namespace
{

/// \return the fields of a '|'-separated line
std::vector<std::string>
SplitBars(const std::string& line)
{
    std::vector<std::string> out;
    std::string::size_type start = 0;
    while (true)
    {
        const auto bar = line.find('|', start);
        out.push_back(
            line.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos)
        {
            return out;
        }
        start = bar + 1;
    }
}

} // namespace

std::string
AsRelationName(AsRelation r)
{
    switch (r)
    {
    case AsRelation::CUSTOMER:
        return "customer";
    case AsRelation::PEER:
        return "peer";
    case AsRelation::PROVIDER:
        return "provider";
    }
    return "?";
}

std::string
AsTierName(AsTier t)
{
    switch (t)
    {
    case AsTier::TIER1:
        return "tier1";
    case AsTier::TRANSIT:
        return "transit";
    case AsTier::STUB:
        return "stub";
    }
    return "?";
}

bool
AsGraph::ParseAsn(const std::string& text, uint32_t& asn)
{
    if (text.empty() || text.size() > 10 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    {
        return false;
    }
    const uint64_t v = std::stoull(text);
    if (v == 0 || v >= 0xffffffffULL)
    {
        return false;
    }
    asn = static_cast<uint32_t>(v);
    return true;
}

uint32_t
AsGraph::AddAs(uint32_t asn)
{
    const auto [it, added] = m_index.emplace(asn, static_cast<uint32_t>(m_asn.size()));
    if (added)
    {
        m_asn.push_back(asn);
        m_org.push_back(NONE);
    }
    return it->second;
}

bool
AsGraph::AddLink(uint32_t a, uint32_t b, int rel, std::string& error)
{
    if (rel != -1 && rel != 0)
    {
        error = "unknown relationship code " + std::to_string(rel) +
                " (allowed: -1, provider to customer; 0, peer to peer)";
        return false;
    }
    if (a == b)
    {
        error = "AS " + std::to_string(a) + " is listed as its own neighbour";
        return false;
    }
    const uint32_t ia = AddAs(a);
    const uint32_t ib = AddAs(b);
    const uint64_t key = (static_cast<uint64_t>(std::min(ia, ib)) << 32) | std::max(ia, ib);
    if (!m_linkKeys.insert(key).second)
    {
        error = "the link between AS " + std::to_string(a) + " and AS " + std::to_string(b) +
                " is given twice";
        return false;
    }
    m_links.push_back({ia, ib, rel});
    return true;
}

bool
AsGraph::Finalize(std::string& error)
{
    const uint32_t n = GetN();
    std::vector<uint32_t> count(n + 1, 0);
    m_p2c = 0;
    m_peer = 0;
    for (const auto& l : m_links)
    {
        ++count[l.a];
        ++count[l.b];
        (l.rel == -1 ? m_p2c : m_peer)++;
    }
    m_begin.assign(n + 1, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        m_begin[i + 1] = m_begin[i] + count[i];
    }

    // Slots: (relation, neighbour AS number), sorted per AS.
    struct Slot
    {
        AsRelation rel;
        uint32_t asn;
        uint32_t neighbor;
    };

    std::vector<Slot> slots(m_begin[n]);
    std::vector<uint32_t> fill(m_begin.begin(), m_begin.end() - 1);
    for (const auto& l : m_links)
    {
        const AsRelation ofB = l.rel == -1 ? AsRelation::CUSTOMER : AsRelation::PEER;
        const AsRelation ofA = l.rel == -1 ? AsRelation::PROVIDER : AsRelation::PEER;
        slots[fill[l.a]++] = {ofB, m_asn[l.b], l.b};
        slots[fill[l.b]++] = {ofA, m_asn[l.a], l.a};
    }
    m_custEnd.assign(n, 0);
    m_peerEnd.assign(n, 0);
    m_neighbor.resize(slots.size());
    m_relation.resize(slots.size());
    for (uint32_t i = 0; i < n; ++i)
    {
        std::sort(slots.begin() + m_begin[i],
                  slots.begin() + m_begin[i + 1],
                  [](const Slot& x, const Slot& y) {
                      return x.rel != y.rel ? x.rel < y.rel : x.asn < y.asn;
                  });
        m_custEnd[i] = m_begin[i];
        m_peerEnd[i] = m_begin[i];
        for (uint32_t e = m_begin[i]; e < m_begin[i + 1]; ++e)
        {
            m_neighbor[e] = slots[e].neighbor;
            m_relation[e] = slots[e].rel;
            if (slots[e].rel == AsRelation::CUSTOMER)
            {
                m_custEnd[i] = e + 1;
            }
            if (slots[e].rel != AsRelation::PROVIDER)
            {
                m_peerEnd[i] = e + 1;
            }
        }
        m_custEnd[i] = std::max(m_custEnd[i], m_begin[i]);
        m_peerEnd[i] = std::max(m_peerEnd[i], m_custEnd[i]);
    }
    // Reverse slots: a's slot toward b matched with b's slot toward a.
    m_reverse.assign(slots.size(), NONE);
    for (uint32_t a = 0; a < n; ++a)
    {
        for (uint32_t e = m_begin[a]; e < m_begin[a + 1]; ++e)
        {
            const uint32_t b = m_neighbor[e];
            if (b > a)
            {
                const uint32_t r = FindSlot(b, a);
                m_reverse[e] = r;
                m_reverse[r] = e;
            }
        }
    }
    // Topological order of the provider-to-customer links (Kahn: an AS once its customers are).
    std::vector<uint32_t> pending(n);
    m_topo.clear();
    m_topo.reserve(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        pending[i] = m_custEnd[i] - m_begin[i];
        if (pending[i] == 0)
        {
            m_topo.push_back(i);
        }
    }
    for (std::size_t k = 0; k < m_topo.size(); ++k)
    {
        const uint32_t c = m_topo[k];
        for (uint32_t e = m_peerEnd[c]; e < m_begin[c + 1]; ++e)
        {
            if (--pending[m_neighbor[e]] == 0)
            {
                m_topo.push_back(m_neighbor[e]);
            }
        }
    }
    if (m_topo.size() != n)
    {
        std::ostringstream os;
        os << "the provider-to-customer links form a cycle (ASes on or above it:";
        uint32_t shown = 0;
        for (uint32_t i = 0; i < n && shown < 8; ++i)
        {
            if (pending[i] > 0)
            {
                os << " " << m_asn[i];
                ++shown;
            }
        }
        os << ")";
        error = os.str();
        return false;
    }
    m_topoRank.assign(n, 0);
    for (uint32_t k = 0; k < n; ++k)
    {
        m_topoRank[m_topo[k]] = k;
    }
    CompleteOrganisations();
    NS_LOG_INFO("AS graph: " << n << " ASes, " << m_p2c << " provider-customer and " << m_peer
                             << " peer links");
    return true;
}

uint32_t
AsGraph::GetN() const
{
    return static_cast<uint32_t>(m_asn.size());
}

uint64_t
AsGraph::GetLinkCount() const
{
    return m_p2c + m_peer;
}

uint64_t
AsGraph::GetProviderCustomerCount() const
{
    return m_p2c;
}

uint64_t
AsGraph::GetPeerCount() const
{
    return m_peer;
}

uint32_t
AsGraph::GetAsn(uint32_t i) const
{
    return m_asn[i];
}

uint32_t
AsGraph::IndexOf(uint32_t asn) const
{
    const auto it = m_index.find(asn);
    return it == m_index.end() ? NONE : it->second;
}

uint32_t
AsGraph::Begin(uint32_t i) const
{
    return m_begin[i];
}

uint32_t
AsGraph::End(uint32_t i) const
{
    return m_begin[i + 1];
}

uint32_t
AsGraph::CustomersEnd(uint32_t i) const
{
    return m_custEnd[i];
}

uint32_t
AsGraph::PeersEnd(uint32_t i) const
{
    return m_peerEnd[i];
}

uint32_t
AsGraph::Neighbor(uint32_t e) const
{
    return m_neighbor[e];
}

AsRelation
AsGraph::Relation(uint32_t e) const
{
    return m_relation[e];
}

uint32_t
AsGraph::Reverse(uint32_t e) const
{
    return m_reverse[e];
}

uint32_t
AsGraph::GetSlotCount() const
{
    return static_cast<uint32_t>(m_neighbor.size());
}

uint32_t
AsGraph::FindSlot(uint32_t a, uint32_t b) const
{
    for (uint32_t e = m_begin[a]; e < m_begin[a + 1]; ++e)
    {
        if (m_neighbor[e] == b)
        {
            return e;
        }
    }
    return NONE;
}

uint32_t
AsGraph::Degree(uint32_t i) const
{
    return m_begin[i + 1] - m_begin[i];
}

AsTier
AsGraph::Tier(uint32_t i) const
{
    if (m_custEnd[i] == m_begin[i])
    {
        return AsTier::STUB;
    }
    return m_peerEnd[i] == m_begin[i + 1] ? AsTier::TIER1 : AsTier::TRANSIT;
}

const std::vector<uint32_t>&
AsGraph::TopologicalOrder() const
{
    return m_topo;
}

const std::vector<uint32_t>&
AsGraph::TopologicalRank() const
{
    return m_topoRank;
}

void
AsGraph::SetOrganisation(uint32_t i, const std::string& orgId, const std::string& orgName)
{
    const auto [it, added] = m_orgIndex.emplace(orgId, static_cast<uint32_t>(m_orgId.size()));
    if (added)
    {
        m_orgId.push_back(orgId);
        m_orgName.push_back(orgName.empty() ? orgId : orgName);
    }
    m_org[i] = it->second;
}

void
AsGraph::CompleteOrganisations()
{
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        if (m_org[i] == NONE)
        {
            SetOrganisation(i, "AS" + std::to_string(m_asn[i]));
        }
    }
}

uint32_t
AsGraph::GetOrganisation(uint32_t i) const
{
    return m_org[i];
}

uint32_t
AsGraph::GetOrganisationCount() const
{
    return static_cast<uint32_t>(m_orgId.size());
}

const std::string&
AsGraph::GetOrganisationId(uint32_t o) const
{
    return m_orgId[o];
}

const std::string&
AsGraph::GetOrganisationName(uint32_t o) const
{
    return m_orgName[o];
}

bool
AsGraph::LoadRelationships(const std::string& path, std::string& error)
{
    std::string text;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        return false;
    }
    OpticalDataFile::Lines lines(text);
    std::string line;
    uint64_t lineNo = 0;
    uint64_t links = 0;
    std::size_t columns = 0;
    while (lines.Next(line))
    {
        ++lineNo;
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const std::string where = path + ":" + std::to_string(lineNo) + ": ";
        if (++links > MAX_LINKS)
        {
            error = where + "more than " + std::to_string(MAX_LINKS) +
                    " links (AsGraph::MAX_LINKS; CAIDA's serial-2 file of 2024 has about "
                    "500,000)";
            return false;
        }
        const auto f = SplitBars(line);
        if (f.size() != 3 && f.size() != 4)
        {
            error = where +
                    "expected as1|as2|rel (serial-1) or as1|as2|rel|source (serial-2), "
                    "found " +
                    std::to_string(f.size()) + " field(s) in '" + OpticalDataFile::Shorten(line) +
                    "'";
            return false;
        }
        if (columns != 0 && f.size() != columns)
        {
            error = where + "has " + std::to_string(f.size()) + " fields where earlier lines had " +
                    std::to_string(columns);
            return false;
        }
        columns = f.size();
        uint32_t a = 0;
        uint32_t b = 0;
        if (!ParseAsn(f[0], a) || !ParseAsn(f[1], b))
        {
            error = where + "'" + OpticalDataFile::Shorten(ParseAsn(f[0], a) ? f[1] : f[0]) +
                    "' is not an AS number (" + ASN_RANGE + ")";
            return false;
        }
        int rel = 0;
        if (f[2] == "-1")
        {
            rel = -1;
        }
        else if (f[2] == "0")
        {
            rel = 0;
        }
        else
        {
            error = where + "unknown relationship code '" + OpticalDataFile::Shorten(f[2]) +
                    "' (allowed: -1, provider to customer; 0, peer to peer)";
            return false;
        }
        std::string problem;
        if (!AddLink(a, b, rel, problem))
        {
            error = where + problem;
            return false;
        }
    }
    if (GetN() == 0)
    {
        error = path + ": no links";
        return false;
    }
    std::string problem;
    if (!Finalize(problem))
    {
        error = path + ": " + problem;
        return false;
    }
    return true;
}

bool
AsGraph::LoadOrganisations(const std::string& path, std::string& error)
{
    std::string text;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        return false;
    }
    m_org.assign(GetN(), NONE);
    m_orgId.clear();
    m_orgName.clear();
    m_orgIndex.clear();
    std::unordered_map<std::string, std::string> names; // org id -> name
    uint64_t asRecords = 0;
    enum class Section
    {
        NONE,
        ORGS,
        ASES
    } section = Section::NONE;
    OpticalDataFile::Lines lines(text);
    std::string line;
    uint64_t lineNo = 0;
    while (lines.Next(line))
    {
        ++lineNo;
        const std::string where = path + ":" + std::to_string(lineNo) + ": ";
        if (line.rfind("# format:", 0) == 0)
        {
            const auto f = SplitBars(line.substr(9));
            if (!f.empty() && f[0] == "org_id")
            {
                section = Section::ORGS;
            }
            else if (!f.empty() && f[0] == "aut")
            {
                section = Section::ASES;
            }
            else
            {
                error = where + "unknown record format '" + line.substr(9) +
                        "' (allowed: org_id|... or aut|...)";
                return false;
            }
            continue;
        }
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const auto f = SplitBars(line);
        if (section == Section::NONE)
        {
            error = where + "a record before any '# format:' line";
            return false;
        }
        if (section == Section::ORGS)
        {
            if (f.size() != 5)
            {
                error = where +
                        "an organisation record has 5 fields "
                        "(org_id|changed|org_name|country|source), found " +
                        std::to_string(f.size());
                return false;
            }
            if (f[0].empty())
            {
                error = where + "empty org_id";
                return false;
            }
            names[f[0]] = f[2];
            continue;
        }
        if (f.size() != 6)
        {
            error = where +
                    "an AS record has 6 fields "
                    "(aut|changed|aut_name|org_id|opaque_id|source), found " +
                    std::to_string(f.size());
            return false;
        }
        uint32_t asn = 0;
        if (!ParseAsn(f[0], asn))
        {
            error = where + "'" + OpticalDataFile::Shorten(f[0]) + "' is not an AS number (" +
                    ASN_RANGE + ")";
            return false;
        }
        const auto name = names.find(f[3]);
        if (name == names.end())
        {
            error = where + "AS " + f[0] + " names organisation '" +
                    OpticalDataFile::Shorten(f[3]) +
                    "', which no organisation record before it defines";
            return false;
        }
        ++asRecords;
        const uint32_t i = IndexOf(asn);
        if (i != NONE)
        {
            SetOrganisation(i, f[3], name->second);
        }
    }
    if (asRecords == 0)
    {
        error = path + ": no AS record (aut|changed|aut_name|org_id|opaque_id|source after a "
                       "'# format: aut|...' line): an empty file, or not a CAIDA "
                       "AS-to-organisation file";
        return false;
    }
    CompleteOrganisations();
    return true;
}

bool
AsGraph::WriteRelationships(const std::string& path, std::string& error) const
{
    std::ofstream out(path);
    if (!out)
    {
        error = path + ": cannot be written";
        return false;
    }
    out << "# AS relationships (CAIDA serial-1 format): <provider-as>|<customer-as>|-1 and "
           "<peer-as>|<peer-as>|0\n";
    out << "# " << GetN() << " ASes, " << m_p2c << " provider-customer links, " << m_peer
        << " peer links\n";
    for (int pass = 0; pass < 2; ++pass)
    {
        for (uint32_t a = 0; a < GetN(); ++a)
        {
            const uint32_t from = pass == 0 ? m_begin[a] : m_custEnd[a];
            const uint32_t to = pass == 0 ? m_custEnd[a] : m_peerEnd[a];
            for (uint32_t e = from; e < to; ++e)
            {
                const uint32_t b = m_neighbor[e];
                if (pass == 0 || m_asn[a] < m_asn[b])
                {
                    out << m_asn[a] << "|" << m_asn[b] << "|" << (pass == 0 ? "-1" : "0") << "\n";
                }
            }
        }
    }
    if (!out)
    {
        error = path + ": write failed";
        return false;
    }
    return true;
}

bool
AsGraph::WriteOrganisations(const std::string& path, std::string& error) const
{
    std::ofstream out(path);
    if (!out)
    {
        error = path + ": cannot be written";
        return false;
    }
    out << "# format:org_id|changed|org_name|country|source\n";
    for (uint32_t o = 0; o < GetOrganisationCount(); ++o)
    {
        out << m_orgId[o] << "|20260101|" << m_orgName[o] << "|ZZ|SYNTHETIC\n";
    }
    out << "# format:aut|changed|aut_name|org_id|opaque_id|source\n";
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        out << m_asn[i] << "|20260101|AS" << m_asn[i] << "|" << m_orgId[m_org[i]]
            << "||SYNTHETIC\n";
    }
    if (!out)
    {
        error = path + ": write failed";
        return false;
    }
    return true;
}

AsGraph
AsGraph::Misinfer(double fraction, double missingShare, Ptr<UniformRandomVariable> rng) const
{
    AsGraph g = SameAses();
    for (const auto& l : m_links)
    {
        int rel = l.rel;
        uint32_t a = l.a;
        uint32_t b = l.b;
        if (rng->GetValue() < fraction)
        {
            if (rng->GetValue() < missingShare)
            {
                continue;
            }
            if (rel == -1)
            {
                rel = 0;
            }
            else
            {
                rel = -1;
                if (m_topoRank[a] < m_topoRank[b])
                {
                    std::swap(a, b);
                }
            }
        }
        std::string unused;
        g.AddLink(m_asn[a], m_asn[b], rel, unused);
    }
    std::string error;
    const bool ok = g.Finalize(error);
    NS_ABORT_MSG_UNLESS(ok, "AsGraph::Misinfer: " << error);
    return g;
}

AsGraph
AsGraph::SameAses() const
{
    AsGraph g;
    for (uint32_t i = 0; i < GetN(); ++i)
    {
        g.AddAs(m_asn[i]);
    }
    g.m_org = m_org;
    g.m_orgId = m_orgId;
    g.m_orgName = m_orgName;
    g.m_orgIndex = m_orgIndex;
    return g;
}

AsGraph
AsGraph::WithLinks(const std::vector<std::pair<uint32_t, uint32_t>>& links) const
{
    AsGraph g = SameAses();
    std::string unused;
    for (const auto& l : m_links)
    {
        g.AddLink(m_asn[l.a], m_asn[l.b], l.rel, unused);
    }
    for (auto [a, b] : links)
    {
        if (a == b)
        {
            continue;
        }
        if (m_topoRank[a] < m_topoRank[b])
        {
            std::swap(a, b);
        }
        g.AddLink(m_asn[a], m_asn[b], -1, unused); // refused (skipped) when present
    }
    std::string error;
    const bool ok = g.Finalize(error);
    NS_ABORT_MSG_UNLESS(ok, "AsGraph::WithLinks: " << error);
    return g;
}

bool
AsGraph::IsValleyFree(const std::vector<uint32_t>& path) const
{
    // Phases: 0 climbing, 1 after the peer link or the first descent.
    int phase = 0;
    for (std::size_t k = 0; k + 1 < path.size(); ++k)
    {
        const uint32_t e = FindSlot(path[k], path[k + 1]);
        if (e == NONE)
        {
            return false;
        }
        const AsRelation r = m_relation[e];
        if (r == AsRelation::PROVIDER)
        {
            if (phase != 0)
            {
                return false;
            }
        }
        else if (r == AsRelation::PEER)
        {
            if (phase != 0)
            {
                return false;
            }
            phase = 1;
        }
        else
        {
            phase = 1;
        }
    }
    return true;
}

} // namespace ns3
