/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "smn-repository.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <sqlite3.h>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SmnRepository");

namespace
{

/// A component kind and its layer.
struct KindLayer
{
    const char* kind; //!< Kind
    uint32_t layer;   //!< Layer
};

/// The component kinds, in layer order.
const KindLayer kKinds[] = {
    {"fibre", 1},
    {"amplifier", 1},
    {"roadm", 1},
    {"transponder", 1},
    {"wavelength", 1},
    {"ocs", 1},
    {"ocs-port", 1},
    {"router", 3},
    {"linecard", 3},
    {"ip-link", 3},
    {"route", 3},
    {"server", 7},
    {"accelerator", 7},
    {"job", 7},
    {"tenant", 7},
    {"service", 7},
};

/**
 * \param [in] list Allowed words
 * \return them, comma-separated
 */
std::string
Joined(const std::vector<std::string>& list)
{
    std::string out;
    for (const auto& w : list)
    {
        out += (out.empty() ? "" : ", ") + w;
    }
    return out;
}

/**
 * \brief Splits the text of QUERIES_FILE into its named queries.
 * \param [in] text The file
 * \return name -> SQL
 */
std::map<std::string, std::string>
SplitQueries(const std::string& text)
{
    std::map<std::string, std::string> queries;
    std::istringstream in(text);
    std::string line;
    std::string name;
    const std::string marker = "-- query:";
    while (std::getline(in, line))
    {
        if (line.compare(0, marker.size(), marker) == 0)
        {
            name = line.substr(marker.size());
            name.erase(0, name.find_first_not_of(' '));
            name.erase(name.find_last_not_of(" \r") + 1);
            queries[name];
            continue;
        }
        if (!name.empty() && line.compare(0, 2, "--") != 0)
        {
            queries[name] += line + "\n";
        }
    }
    return queries;
}

/**
 * \param [in] name A file of the data directory
 * \param [out] text Its text
 * \param [out] error Why it cannot be read
 * \return false on error
 */
bool
ReadDataText(const std::string& name, std::string& text, std::string& error)
{
    const std::string path = OpticalDataFile::Resolve(name);
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        error += " (set NS3_OPTICAL_DATA_DIR to the module's data/ directory)";
        return false;
    }
    return true;
}

} // namespace

SmnRepository::SmnRepository()
{
    NS_LOG_FUNCTION(this);
}

SmnRepository::~SmnRepository()
{
    Close();
}

const std::vector<std::string>&
SmnRepository::ComponentKinds()
{
    static const std::vector<std::string> kinds = [] {
        std::vector<std::string> k;
        for (const auto& kl : kKinds)
        {
            k.emplace_back(kl.kind);
        }
        return k;
    }();
    return kinds;
}

const std::vector<std::string>&
SmnRepository::RelationKinds()
{
    static const std::vector<std::string> kinds =
        {"rides-on", "amplified-by", "ends-at", "part-of", "uses", "hosted-on"};
    return kinds;
}

const std::vector<std::string>&
SmnRepository::EventKinds()
{
    static const std::vector<std::string> kinds = {"rate-change",
                                                   "link-down",
                                                   "link-up",
                                                   "snr",
                                                   "circuit-up",
                                                   "circuit-down",
                                                   "failure",
                                                   "repair",
                                                   "te-decision",
                                                   "slice-allocated",
                                                   "slice-released",
                                                   "alarm"};
    return kinds;
}

uint32_t
SmnRepository::LayerOf(const std::string& kind)
{
    for (const auto& kl : kKinds)
    {
        if (kind == kl.kind)
        {
            return kl.layer;
        }
    }
    return 0;
}

bool
SmnRepository::Open(const std::string& path,
                    const std::string& network,
                    int64_t runId,
                    std::string& error)
{
    NS_LOG_FUNCTION(this << path << network << runId);
    Close();
    if (network.empty())
    {
        error = "SmnRepository: empty network name";
        return false;
    }
    std::string schema;
    std::string queriesText;
    if (!ReadDataText(SCHEMA_FILE, schema, error) ||
        !ReadDataText(QUERIES_FILE, queriesText, error))
    {
        return false;
    }
    const auto queries = SplitQueries(queriesText);
    for (const char* needed : {"dependents", "dependencies", "events", "relations"})
    {
        if (queries.count(needed) == 0)
        {
            error = std::string(QUERIES_FILE) + ": no query named '" + needed + "'";
            return false;
        }
    }
    if (!m_db.Open(path, schema, error))
    {
        return false;
    }
    sqlite3_stmt* insertNetwork =
        m_db.Prepare("INSERT INTO smn_networks (name, run_id) VALUES (?, ?)");
    sqlite3_bind_text(insertNetwork, 1, network.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(insertNetwork, 2, runId);
    m_db.Check(sqlite3_step(insertNetwork), "adding network " + network);
    sqlite3_finalize(insertNetwork);
    m_network = sqlite3_last_insert_rowid(m_db.Get());
    m_networkName = network;
    m_insertComponent =
        m_db.Prepare("INSERT INTO smn_components (network_id, name, kind, layer, team, "
                     "detail) VALUES (?, ?, ?, ?, ?, ?)");
    m_insertRelation = m_db.Prepare("INSERT INTO smn_relations (network_id, dependent, dependency, "
                                    "kind, since, until) VALUES (?, ?, ?, ?, ?, NULL)");
    m_endRelation = m_db.Prepare("UPDATE smn_relations SET until = ? WHERE dependent = ? AND "
                                 "dependency = ? AND until IS NULL");
    m_insertEvent =
        m_db.Prepare("INSERT INTO smn_events (network_id, time, component, kind, value, "
                     "detail) VALUES (?, ?, ?, ?, ?, ?)");
    for (const auto& [name, sql] : queries)
    {
        m_queries[name] = m_db.Prepare(sql);
    }
    return true;
}

bool
SmnRepository::IsOpen() const
{
    return m_db.IsOpen();
}

int64_t
SmnRepository::GetNetworkId() const
{
    return m_network;
}

void
SmnRepository::BeginWrite()
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository: not open");
    if (!m_inTransaction)
    {
        m_db.Exec("BEGIN IMMEDIATE");
        m_inTransaction = true;
    }
}

void
SmnRepository::Flush()
{
    if (m_db.IsOpen() && m_inTransaction)
    {
        m_db.Exec("COMMIT");
        m_inTransaction = false;
    }
}

void
SmnRepository::Close()
{
    if (!m_db.IsOpen())
    {
        return;
    }
    Flush();
    for (auto* s : {m_insertComponent, m_insertRelation, m_endRelation, m_insertEvent})
    {
        sqlite3_finalize(s);
    }
    for (auto& [name, s] : m_queries)
    {
        sqlite3_finalize(s);
    }
    m_queries.clear();
    m_insertComponent = m_insertRelation = m_endRelation = m_insertEvent = nullptr;
    m_db.Close();
    m_components.clear();
    m_ids.clear();
    m_index.clear();
    m_open.clear();
}

int64_t
SmnRepository::IndexOf(const std::string& name, std::string& error) const
{
    const auto it = m_index.find(name);
    if (it == m_index.end())
    {
        error = "unknown component '" + name + "' in SMN network '" + m_networkName + "'";
        return -1;
    }
    return static_cast<int64_t>(it->second);
}

bool
SmnRepository::Has(const std::string& name) const
{
    return m_index.count(name) > 0;
}

bool
SmnRepository::AddComponent(const std::string& name,
                            const std::string& kind,
                            const std::string& team,
                            std::string& error,
                            const std::string& detail)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::AddComponent: not open");
    const uint32_t layer = LayerOf(kind);
    if (name.empty())
    {
        error = "a component needs a name";
        return false;
    }
    if (layer == 0)
    {
        error = "component '" + name + "': unknown kind '" + kind +
                "' (allowed: " + Joined(ComponentKinds()) + ")";
        return false;
    }
    if (team.empty())
    {
        error = "component '" + name + "': no owning team";
        return false;
    }
    if (Has(name))
    {
        error = "component '" + name + "' is already in SMN network '" + m_networkName + "'";
        return false;
    }
    BeginWrite();
    sqlite3_bind_int64(m_insertComponent, 1, m_network);
    sqlite3_bind_text(m_insertComponent, 2, name.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(m_insertComponent, 3, kind.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(m_insertComponent, 4, static_cast<int>(layer));
    sqlite3_bind_text(m_insertComponent, 5, team.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(m_insertComponent, 6, detail.c_str(), -1, SQLITE_TRANSIENT);
    m_db.Check(sqlite3_step(m_insertComponent), "adding component " + name);
    sqlite3_reset(m_insertComponent);
    m_index[name] = m_components.size();
    m_components.push_back({name, kind, layer, team, detail});
    m_ids.push_back(sqlite3_last_insert_rowid(m_db.Get()));
    return true;
}

bool
SmnRepository::Relate(const std::string& dependent,
                      const std::string& dependency,
                      const std::string& kind,
                      Time since,
                      std::string& error)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::Relate: not open");
    const int64_t a = IndexOf(dependent, error);
    const int64_t b = a < 0 ? -1 : IndexOf(dependency, error);
    if (b < 0)
    {
        return false;
    }
    if (a == b)
    {
        error = "component '" + dependent + "' cannot depend on itself";
        return false;
    }
    const auto& kinds = RelationKinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    {
        error = "relation '" + dependent + "' on '" + dependency + "': unknown kind '" + kind +
                "' (allowed: " + Joined(kinds) + ")";
        return false;
    }
    BeginWrite();
    sqlite3_bind_int64(m_insertRelation, 1, m_network);
    sqlite3_bind_int64(m_insertRelation, 2, m_ids[a]);
    sqlite3_bind_int64(m_insertRelation, 3, m_ids[b]);
    sqlite3_bind_text(m_insertRelation, 4, kind.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(m_insertRelation, 5, since.GetSeconds());
    m_db.Check(sqlite3_step(m_insertRelation), "relating " + dependent + " to " + dependency);
    sqlite3_reset(m_insertRelation);
    auto& open = m_open[{m_ids[a], m_ids[b]}];
    ++open.count;
    open.latestSince = std::max(open.latestSince, since.GetSeconds());
    return true;
}

bool
SmnRepository::EndRelation(const std::string& dependent,
                           const std::string& dependency,
                           Time until,
                           std::string& error)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::EndRelation: not open");
    const int64_t a = IndexOf(dependent, error);
    const int64_t b = a < 0 ? -1 : IndexOf(dependency, error);
    if (b < 0)
    {
        return false;
    }
    const auto it = m_open.find({m_ids[a], m_ids[b]});
    if (it == m_open.end())
    {
        error = "no relation of '" + dependent + "' on '" + dependency + "' holds to end";
        return false;
    }
    if (until.GetSeconds() < it->second.latestSince)
    {
        error = "relation of '" + dependent + "' on '" + dependency + "': end " +
                std::to_string(until.GetSeconds()) + " s is before its start " +
                std::to_string(it->second.latestSince) + " s";
        return false;
    }
    BeginWrite();
    sqlite3_bind_double(m_endRelation, 1, until.GetSeconds());
    sqlite3_bind_int64(m_endRelation, 2, m_ids[a]);
    sqlite3_bind_int64(m_endRelation, 3, m_ids[b]);
    m_db.Check(sqlite3_step(m_endRelation), "ending " + dependent + " on " + dependency);
    sqlite3_reset(m_endRelation);
    m_open.erase(it);
    return true;
}

bool
SmnRepository::Record(Time at,
                      const std::string& component,
                      const std::string& kind,
                      double value,
                      std::string& error,
                      const std::string& detail)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::Record: not open");
    const int64_t a = IndexOf(component, error);
    if (a < 0)
    {
        return false;
    }
    const auto& kinds = EventKinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    {
        error = "event of '" + component + "': unknown kind '" + kind +
                "' (allowed: " + Joined(kinds) + ")";
        return false;
    }
    BeginWrite();
    sqlite3_bind_int64(m_insertEvent, 1, m_network);
    sqlite3_bind_double(m_insertEvent, 2, at.GetSeconds());
    sqlite3_bind_int64(m_insertEvent, 3, m_ids[a]);
    sqlite3_bind_text(m_insertEvent, 4, kind.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(m_insertEvent, 5, value);
    sqlite3_bind_text(m_insertEvent, 6, detail.c_str(), -1, SQLITE_TRANSIENT);
    m_db.Check(sqlite3_step(m_insertEvent), "recording an event of " + component);
    sqlite3_reset(m_insertEvent);
    return true;
}

bool
SmnRepository::Find(const std::string& name, Component& component, std::string& error)
{
    const int64_t a = IndexOf(name, error);
    if (a < 0)
    {
        return false;
    }
    component = m_components[a];
    return true;
}

void
SmnRepository::RunComponentQuery(sqlite3_stmt* query,
                                 int64_t id,
                                 std::optional<Time> at,
                                 std::vector<Component>& out)
{
    Flush();
    out.clear();
    sqlite3_bind_int64(query, sqlite3_bind_parameter_index(query, ":component"), id);
    const int atIndex = sqlite3_bind_parameter_index(query, ":at");
    if (at)
    {
        sqlite3_bind_double(query, atIndex, at->GetSeconds());
    }
    else
    {
        sqlite3_bind_null(query, atIndex);
    }
    int rc;
    while ((rc = sqlite3_step(query)) == SQLITE_ROW)
    {
        Component c;
        c.name = reinterpret_cast<const char*>(sqlite3_column_text(query, 0));
        c.kind = reinterpret_cast<const char*>(sqlite3_column_text(query, 1));
        c.layer = static_cast<uint32_t>(sqlite3_column_int(query, 2));
        c.team = reinterpret_cast<const char*>(sqlite3_column_text(query, 3));
        c.detail = reinterpret_cast<const char*>(sqlite3_column_text(query, 4));
        out.push_back(std::move(c));
    }
    m_db.Check(rc, "querying component " + std::to_string(id));
    sqlite3_reset(query);
}

bool
SmnRepository::DependentsOf(const std::string& name,
                            std::vector<Component>& dependents,
                            std::string& error,
                            std::optional<Time> at)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::DependentsOf: not open");
    const int64_t a = IndexOf(name, error);
    if (a < 0)
    {
        return false;
    }
    RunComponentQuery(m_queries.at("dependents"), m_ids[a], at, dependents);
    return true;
}

bool
SmnRepository::DependenciesOf(const std::string& name,
                              std::vector<Component>& dependencies,
                              std::string& error,
                              std::optional<Time> at)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::DependenciesOf: not open");
    const int64_t a = IndexOf(name, error);
    if (a < 0)
    {
        return false;
    }
    RunComponentQuery(m_queries.at("dependencies"), m_ids[a], at, dependencies);
    return true;
}

bool
SmnRepository::EventsOf(const std::string& name,
                        Time from,
                        Time to,
                        std::vector<Event>& events,
                        std::string& error)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::EventsOf: not open");
    const int64_t a = IndexOf(name, error);
    if (a < 0)
    {
        return false;
    }
    if (to < from)
    {
        error = "events of '" + name + "': the end " + std::to_string(to.GetSeconds()) +
                " s is before the start " + std::to_string(from.GetSeconds()) + " s";
        return false;
    }
    Flush();
    events.clear();
    sqlite3_stmt* q = m_queries.at("events");
    sqlite3_bind_int64(q, sqlite3_bind_parameter_index(q, ":component"), m_ids[a]);
    sqlite3_bind_double(q, sqlite3_bind_parameter_index(q, ":t1"), from.GetSeconds());
    sqlite3_bind_double(q, sqlite3_bind_parameter_index(q, ":t2"), to.GetSeconds());
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
    {
        Event e;
        e.time = sqlite3_column_double(q, 0);
        e.kind = reinterpret_cast<const char*>(sqlite3_column_text(q, 1));
        e.value = sqlite3_column_double(q, 2);
        e.detail = reinterpret_cast<const char*>(sqlite3_column_text(q, 3));
        events.push_back(std::move(e));
    }
    m_db.Check(rc, "querying the events of " + name);
    sqlite3_reset(q);
    return true;
}

bool
SmnRepository::ServicesCrossing(const std::string& name,
                                Time at,
                                std::vector<Component>& services,
                                std::string& error)
{
    std::vector<Component> all;
    if (!DependentsOf(name, all, error, at))
    {
        return false;
    }
    services.clear();
    for (auto& c : all)
    {
        if (c.kind == "service")
        {
            services.push_back(std::move(c));
        }
    }
    return true;
}

std::vector<SmnRepository::Relation>
SmnRepository::Relations(std::optional<Time> at)
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::Relations: not open");
    Flush();
    sqlite3_stmt* q = m_queries.at("relations");
    sqlite3_bind_int64(q, sqlite3_bind_parameter_index(q, ":network"), m_network);
    const int atIndex = sqlite3_bind_parameter_index(q, ":at");
    if (at)
    {
        sqlite3_bind_double(q, atIndex, at->GetSeconds());
    }
    else
    {
        sqlite3_bind_null(q, atIndex);
    }
    std::vector<Relation> out;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
    {
        out.push_back({reinterpret_cast<const char*>(sqlite3_column_text(q, 0)),
                       reinterpret_cast<const char*>(sqlite3_column_text(q, 1)),
                       reinterpret_cast<const char*>(sqlite3_column_text(q, 2))});
    }
    m_db.Check(rc, "listing the relations");
    sqlite3_reset(q);
    return out;
}

std::vector<SmnRepository::Component>
SmnRepository::Components(const std::string& kind) const
{
    std::vector<Component> out;
    for (const auto& c : m_components)
    {
        if (kind.empty() || c.kind == kind)
        {
            out.push_back(c);
        }
    }
    return out;
}

std::map<std::string, uint64_t>
SmnRepository::CountRowsByTable()
{
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "SmnRepository::CountRowsByTable: not open");
    Flush();
    std::map<std::string, uint64_t> rows;
    for (const char* table : {"smn_components", "smn_relations", "smn_events"})
    {
        sqlite3_stmt* q =
            m_db.Prepare(std::string("SELECT COUNT(*) FROM ") + table + " WHERE network_id = ?");
        sqlite3_bind_int64(q, 1, m_network);
        m_db.Check(sqlite3_step(q), std::string("counting ") + table);
        rows[table] = static_cast<uint64_t>(sqlite3_column_int64(q, 0));
        sqlite3_finalize(q);
    }
    return rows;
}

uint64_t
SmnRepository::CountRows()
{
    uint64_t total = 0;
    for (const auto& [table, n] : CountRowsByTable())
    {
        total += n;
    }
    return total;
}

} // namespace ns3
