/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "results-store.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ResultsStore");

namespace
{
/// Current UTC time, ISO 8601 with milliseconds.
std::string
UtcNow()
{
    const auto now = std::chrono::system_clock::now();
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
    char out[48];
    std::snprintf(out, sizeof(out), "%s.%03dZ", buf, static_cast<int>(ms));
    return out;
}

/// True if \p name is a safe SQL identifier (letters, digits, '_', not starting with a digit).
bool
IsIdentifier(const std::string& name)
{
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
    {
        return false;
    }
    for (char c : name)
    {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
        {
            return false;
        }
    }
    return true;
}
} // namespace

ResultsStore::ResultsStore() = default;

ResultsStore::~ResultsStore()
{
    Close();
}

bool
ResultsStore::IsOpen() const
{
    return m_db.IsOpen();
}

const std::string&
ResultsStore::GetPath() const
{
    return m_db.GetPath();
}

void
ResultsStore::SetBatchSize(std::size_t rows)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    m_batchSize = rows == 0 ? 1 : rows;
}

bool
ResultsStore::Open(const std::string& path, std::string& error)
{
    NS_LOG_FUNCTION(this << path);
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    Close();
    if (path.empty())
    {
        error = "empty database path";
        return false;
    }
    std::ifstream schemaFile(OpticalDataFile::Resolve("results-schema.sql"));
    if (!schemaFile)
    {
        error = "cannot read the results schema '" +
                OpticalDataFile::Resolve("results-schema.sql") +
                "' (set NS3_OPTICAL_DATA_DIR to the module's data/ directory)";
        return false;
    }
    std::stringstream schema;
    schema << schemaFile.rdbuf();
    const std::string tablesPath = OpticalDataFile::Resolve(EVENT_TABLES_FILE);
    std::ifstream tablesFile(tablesPath);
    if (!tablesFile)
    {
        error = "cannot read the event-table declarations '" + tablesPath +
                "' (set NS3_OPTICAL_DATA_DIR to the module's data/ directory)";
        return false;
    }
    std::stringstream tablesText;
    tablesText << tablesFile.rdbuf();
    std::map<std::string, Columns> declared;
    if (!ParseEventTables(tablesText.str(), declared, error))
    {
        error = tablesPath + ": " + error;
        return false;
    }
    // data/results-schema.sql stamps this version into meta; another one is refused.
    m_db.SetSchemaVersion("SELECT value FROM meta WHERE key = 'schema_version'", "1");
    if (!m_db.Open(path, schema.str(), error))
    {
        return false;
    }
    m_interrupted = false;
    m_declaredEventTables = std::move(declared);
    m_insertMetric = m_db.Prepare(
        "INSERT OR REPLACE INTO metrics (run_id, name, value, unit) VALUES (?, ?, ?, ?)");
    m_insertSeries = m_db.Prepare("INSERT INTO series (run_id, series, x, y) VALUES (?, ?, ?, ?)");
    return true;
}

int64_t
ResultsStore::BeginRun(const RunInfo& info, const std::vector<Parameter>& parameters)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    NS_LOG_FUNCTION(this << info.program);
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::BeginRun: the store is not open");
    NS_ABORT_MSG_IF(m_interrupted, "ResultsStore::BeginRun: the store was interrupted");
    char host[256] = {0};
    gethostname(host, sizeof(host) - 1);
    m_db.Exec("BEGIN IMMEDIATE");
    sqlite3_stmt* run = m_db.Prepare(
        "INSERT INTO runs (program, status, sweep_key, rng_seed, rng_run, version, host, pid, "
        "command_line, started_at) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_bind_text(run, 1, info.program.c_str(), -1, SQLITE_TRANSIENT);
    if (info.sweepKey.empty())
    {
        sqlite3_bind_null(run, 2);
    }
    else
    {
        sqlite3_bind_text(run, 2, info.sweepKey.c_str(), -1, SQLITE_TRANSIENT);
    }
    sqlite3_bind_int64(run, 3, info.rngSeed);
    sqlite3_bind_int64(run, 4, info.rngRun);
    sqlite3_bind_text(run, 5, info.version.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(run, 6, host, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(run, 7, static_cast<int64_t>(getpid()));
    sqlite3_bind_text(run, 8, info.commandLine.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(run, 9, UtcNow().c_str(), -1, SQLITE_TRANSIENT);
    m_db.Check(sqlite3_step(run), "recording a run");
    sqlite3_finalize(run);
    const int64_t runId = sqlite3_last_insert_rowid(m_db.Get());

    sqlite3_stmt* param = m_db.Prepare(
        "INSERT OR REPLACE INTO parameters (run_id, name, value, kind) VALUES (?, ?, ?, ?)");
    for (const auto& p : parameters)
    {
        sqlite3_bind_int64(param, 1, runId);
        sqlite3_bind_text(param, 2, p.name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(param, 3, p.value.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(param, 4, p.kind.c_str(), -1, SQLITE_TRANSIENT);
        m_db.Check(sqlite3_step(param), "recording parameter " + p.name);
        sqlite3_reset(param);
    }
    sqlite3_finalize(param);
    m_db.Exec("COMMIT");
    m_runStarts.emplace_back(runId, std::chrono::steady_clock::now());
    return runId;
}

void
ResultsStore::Enqueue(sqlite3_stmt* statement, std::vector<Value> binds)
{
    m_pending.push_back({statement, std::move(binds)});
    if (m_pending.size() >= m_batchSize)
    {
        FlushLocked();
    }
}

void
ResultsStore::AddMetric(int64_t runId,
                        const std::string& name,
                        double value,
                        const std::string& unit)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::AddMetric: the store is not open");
    Enqueue(m_insertMetric, {runId, name, value, unit});
}

void
ResultsStore::AddSeriesPoint(int64_t runId, const std::string& series, double x, double y)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::AddSeriesPoint: the store is not open");
    Enqueue(m_insertSeries, {runId, series, x, y});
}

bool
ResultsStore::ParseEventTables(const std::string& text,
                               std::map<std::string, Columns>& tables,
                               std::string& error)
{
    tables.clear();
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    const auto trim = [](const std::string& t) {
        const auto b = t.find_first_not_of(" \t\r");
        const auto e = t.find_last_not_of(" \t\r");
        return b == std::string::npos ? std::string() : t.substr(b, e - b + 1);
    };
    while (std::getline(lines, line))
    {
        ++number;
        const std::string where = "line " + std::to_string(number) + ": ";
        line = trim(line);
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const auto colon = line.find(':');
        if (colon == std::string::npos)
        {
            error = where + "expected 'name: column TYPE, ...'";
            return false;
        }
        const std::string name = trim(line.substr(0, colon));
        if (!IsIdentifier(name))
        {
            error = where + "bad table name '" + name + "'";
            return false;
        }
        if (tables.count(name))
        {
            error = where + "table '" + name + "' is declared twice";
            return false;
        }
        Columns columns;
        std::istringstream list(line.substr(colon + 1));
        std::string item;
        while (std::getline(list, item, ','))
        {
            std::istringstream words(item);
            std::string column;
            std::string type;
            std::string extra;
            words >> column >> type >> extra;
            if (!IsIdentifier(column) || column == "run_id" || !extra.empty() ||
                (type != "INTEGER" && type != "REAL" && type != "TEXT"))
            {
                error = where + "bad column '" + trim(item) + "' of table '" + name +
                        "' (expected 'column TYPE', TYPE one of INTEGER, REAL, TEXT)";
                return false;
            }
            for (const auto& c : columns)
            {
                if (c.first == column)
                {
                    error =
                        where + "column '" + column + "' of table '" + name + "' is declared twice";
                    return false;
                }
            }
            columns.emplace_back(column, type);
        }
        if (columns.empty())
        {
            error = where + "table '" + name + "' has no column";
            return false;
        }
        tables.emplace(name, std::move(columns));
    }
    return true;
}

const std::map<std::string, ResultsStore::Columns>&
ResultsStore::GetDeclaredEventTables() const
{
    return m_declaredEventTables;
}

const ResultsStore::Columns&
ResultsStore::Declared(const std::string& name) const
{
    const auto it = m_declaredEventTables.find(name);
    NS_ABORT_MSG_IF(it == m_declaredEventTables.end(),
                    "ResultsStore: event table '" << name << "' is not declared in "
                                                  << EVENT_TABLES_FILE
                                                  << " (the module's data directory)");
    return it->second;
}

void
ResultsStore::CreateEventTable(const std::string& name)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::CreateEventTable: the store is not open");
    CreateEventTableLocked(name, Declared(name));
}

void
ResultsStore::CreateEventTableColumns(const std::string& name,
                                      const std::vector<std::string>& columns)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::CreateEventTableColumns: the store is not open");
    const Columns& declared = Declared(name);
    Columns chosen;
    for (const auto& column : columns)
    {
        const auto it = std::find_if(declared.begin(), declared.end(), [&](const auto& c) {
            return c.first == column;
        });
        NS_ABORT_MSG_IF(it == declared.end(),
                        "ResultsStore: column '" << column << "' of event table '" << name
                                                 << "' is not declared in " << EVENT_TABLES_FILE);
        chosen.push_back(*it);
    }
    CreateEventTableLocked(name, chosen);
}

void
ResultsStore::CreateEventTable(const std::string& name, const Columns& columns)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::CreateEventTable: the store is not open");
    NS_ABORT_MSG_IF(m_declaredEventTables.count(name),
                    "ResultsStore: event table '" << name << "' is declared in "
                                                  << EVENT_TABLES_FILE
                                                  << ": call CreateEventTable(\"" << name
                                                  << "\") (its columns are declared there once)");
    CreateEventTableLocked(name, columns);
}

void
ResultsStore::CreateEventTableLocked(const std::string& name, const Columns& columns)
{
    NS_ABORT_MSG_IF(!IsIdentifier(name),
                    "ResultsStore: event table name '" << name
                                                       << "' must be letters, digits and '_'");
    NS_ABORT_MSG_IF(columns.empty(), "ResultsStore: event table '" << name << "' has no column");
    std::string definition;
    std::string placeholders = "?";
    for (const auto& [column, type] : columns)
    {
        NS_ABORT_MSG_IF(!IsIdentifier(column) || column == "run_id",
                        "ResultsStore: bad column name '" << column << "' in event table '" << name
                                                          << "'");
        NS_ABORT_MSG_IF(type != "INTEGER" && type != "REAL" && type != "TEXT",
                        "ResultsStore: column '" << column << "' of event table '" << name
                                                 << "' has type '" << type
                                                 << "' (allowed: INTEGER, REAL, TEXT)");
        definition += (definition.empty() ? "" : ", ") + column + " " + type;
        placeholders += ", ?";
    }
    FlushLocked();
    m_db.Exec("BEGIN IMMEDIATE");
    m_db.Exec("CREATE TABLE IF NOT EXISTS ev_" + name +
              " (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE, " + definition +
              ")");
    // A table made by another version of a model may lack columns: add them (rows written
    // before keep NULL there), so old and new runs share one table.
    std::vector<std::pair<std::string, std::string>> existing;
    sqlite3_stmt* info = m_db.Prepare("PRAGMA table_info(ev_" + name + ")");
    while (sqlite3_step(info) == SQLITE_ROW)
    {
        const auto* col = reinterpret_cast<const char*>(sqlite3_column_text(info, 1));
        const auto* type = reinterpret_cast<const char*>(sqlite3_column_text(info, 2));
        existing.emplace_back(col ? col : "", type ? type : "");
    }
    sqlite3_finalize(info);
    for (const auto& [column, type] : columns)
    {
        const bool present = std::any_of(existing.begin(), existing.end(), [&](const auto& e) {
            return e.first == column;
        });
        if (!present)
        {
            m_db.Exec("ALTER TABLE ev_" + name + " ADD COLUMN " + column + " " + type);
            existing.emplace_back(column, type);
        }
    }
    std::string all;
    for (const auto& [column, type] : existing)
    {
        if (column != "run_id")
        {
            all += (all.empty() ? "" : ", ") + column + " " + type;
        }
    }
    sqlite3_stmt* reg =
        m_db.Prepare("INSERT OR REPLACE INTO event_tables (name, columns) VALUES (?, ?)");
    sqlite3_bind_text(reg, 1, name.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(reg, 2, all.c_str(), -1, SQLITE_TRANSIENT);
    m_db.Check(sqlite3_step(reg), "registering event table " + name);
    sqlite3_finalize(reg);
    m_db.Exec("COMMIT");
    for (const auto& entry : m_eventInserts)
    {
        if (entry.first == name)
        {
            return;
        }
    }
    std::string names = "run_id";
    for (const auto& column : columns)
    {
        names += ", " + column.first;
    }
    m_eventInserts.emplace_back(
        name,
        m_db.Prepare("INSERT INTO ev_" + name + " (" + names + ") VALUES (" + placeholders + ")"));
    m_eventColumns.emplace_back(name, columns.size());
}

void
ResultsStore::AddEvent(const std::string& name, int64_t runId, const std::vector<Value>& values)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (m_interrupted)
    {
        return;
    }
    for (std::size_t i = 0; i < m_eventInserts.size(); ++i)
    {
        if (m_eventInserts[i].first == name)
        {
            NS_ABORT_MSG_IF(values.size() != m_eventColumns[i].second,
                            "ResultsStore: event table '"
                                << name << "' has " << m_eventColumns[i].second << " columns, got "
                                << values.size() << " values");
            std::vector<Value> binds;
            binds.reserve(values.size() + 1);
            binds.emplace_back(runId);
            binds.insert(binds.end(), values.begin(), values.end());
            Enqueue(m_eventInserts[i].second, std::move(binds));
            return;
        }
    }
    NS_FATAL_ERROR("ResultsStore: no event table '" << name << "' (call CreateEventTable first)");
}

void
ResultsStore::Flush()
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (!m_interrupted)
    {
        FlushLocked();
    }
}

void
ResultsStore::FlushLocked()
{
    if (!m_db.IsOpen() || m_pending.empty())
    {
        return;
    }
    m_db.Exec("BEGIN IMMEDIATE");
    for (auto& write : m_pending)
    {
        sqlite3_stmt* s = write.statement;
        for (std::size_t i = 0; i < write.binds.size(); ++i)
        {
            const int col = static_cast<int>(i) + 1;
            const Value& v = write.binds[i];
            if (const auto* n = std::get_if<int64_t>(&v))
            {
                sqlite3_bind_int64(s, col, *n);
            }
            else if (const auto* d = std::get_if<double>(&v))
            {
                sqlite3_bind_double(s, col, *d);
            }
            else
            {
                const auto& text = std::get<std::string>(v);
                sqlite3_bind_text(s,
                                  col,
                                  text.c_str(),
                                  static_cast<int>(text.size()),
                                  SQLITE_TRANSIENT);
            }
        }
        m_db.Check(sqlite3_step(s), "writing results");
        sqlite3_reset(s);
    }
    m_db.Exec("COMMIT");
    m_pending.clear();
}

void
ResultsStore::FinishRun(int64_t runId, bool ok, const std::string& message)
{
    NS_LOG_FUNCTION(this << runId << ok);
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    NS_ABORT_MSG_IF(!m_db.IsOpen(), "ResultsStore::FinishRun: the store is not open");
    if (!m_interrupted)
    {
        FinishRunLocked(runId, ok, message, false);
    }
}

bool
ResultsStore::InterruptRun(int64_t runId,
                           const std::string& message,
                           std::chrono::milliseconds wait)
{
    std::unique_lock<std::recursive_timed_mutex> lock(m_mutex, std::defer_lock);
    if (!lock.try_lock_for(wait) || !m_db.IsOpen() || m_interrupted)
    {
        return false;
    }
    FinishRunLocked(runId, false, message, true);
    m_interrupted = true;
    return true;
}

void
ResultsStore::DeleteRun(int64_t runId)
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    NS_LOG_FUNCTION(this << runId);
    if (!m_db.IsOpen() || m_interrupted)
    {
        return;
    }
    FlushLocked(); // buffered rows of this run go with it; those of other runs stay
    m_db.Exec("BEGIN IMMEDIATE");
    sqlite3_stmt* s = m_db.Prepare("DELETE FROM runs WHERE id = ?");
    sqlite3_bind_int64(s, 1, runId);
    m_db.Check(sqlite3_step(s), "deleting run");
    sqlite3_finalize(s);
    m_db.Exec("COMMIT");
}

void
ResultsStore::FinishRunLocked(int64_t runId, bool ok, const std::string& message, bool onlyRunning)
{
    FlushLocked();
    double wall = 0;
    for (const auto& [id, start] : m_runStarts)
    {
        if (id == runId)
        {
            wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
    }
    m_db.Exec("BEGIN IMMEDIATE");
    sqlite3_stmt* s = m_db.Prepare(
        std::string("UPDATE runs SET status = ?, ended_at = ?, wall_seconds = ?, message = "
                    "? WHERE id = ?") +
        (onlyRunning ? " AND status = 'running'" : ""));
    sqlite3_bind_text(s, 1, ok ? "ok" : "failed", -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, UtcNow().c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(s, 3, wall);
    if (message.empty())
    {
        sqlite3_bind_null(s, 4);
    }
    else
    {
        sqlite3_bind_text(s, 4, message.c_str(), -1, SQLITE_TRANSIENT);
    }
    sqlite3_bind_int64(s, 5, runId);
    m_db.Check(sqlite3_step(s), "finishing run");
    sqlite3_finalize(s);
    m_db.Exec("COMMIT");
}

void
ResultsStore::Close()
{
    std::lock_guard<std::recursive_timed_mutex> lock(m_mutex);
    if (!m_db.IsOpen())
    {
        return;
    }
    if (!m_interrupted)
    {
        FlushLocked();
    }
    sqlite3_finalize(m_insertMetric);
    sqlite3_finalize(m_insertSeries);
    for (auto& entry : m_eventInserts)
    {
        sqlite3_finalize(entry.second);
    }
    m_insertMetric = nullptr;
    m_insertSeries = nullptr;
    m_eventInserts.clear();
    m_eventColumns.clear();
    m_db.Close();
}

} // namespace ns3
