/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-database.h"

#include "ns3/fatal-error.h"
#include "ns3/log.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OpticalDatabase");

namespace
{
/// Databases this process created (for unique temporary names).
std::atomic<unsigned> g_created{0};
} // namespace

OpticalDatabase::OpticalDatabase(std::string owner, std::string what)
    : m_owner(std::move(owner)),
      m_what(std::move(what))
{
}

std::string
OpticalDatabase::Article() const
{
    // "an SMN repository", "a results database": an acronym is read letter by letter.
    const std::string first = m_what.substr(0, m_what.find(' '));
    const bool acronym = first.size() > 1 && std::all_of(first.begin(), first.end(), [](char c) {
                             return std::isupper(static_cast<unsigned char>(c));
                         });
    const char c = m_what.empty() ? 'x' : m_what[0];
    const bool vowel =
        std::string(acronym ? "AEFHILMNORSX" : "aeiouAEIOU").find(c) != std::string::npos;
    return vowel ? "an " : "a ";
}

void
OpticalDatabase::SetSchemaVersion(const std::string& query, const std::string& version)
{
    m_versionQuery = query;
    m_version = version;
}

std::string
OpticalDatabase::StoredVersion(sqlite3* db) const
{
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, m_versionQuery.c_str(), -1, &statement, nullptr) != SQLITE_OK)
    {
        sqlite3_finalize(statement);
        return ""; // its tables do not exist yet
    }
    std::string version;
    if (sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0))
    {
        version = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    return version;
}

OpticalDatabase::~OpticalDatabase()
{
    Close();
}

bool
OpticalDatabase::IsOpen() const
{
    return m_db != nullptr;
}

sqlite3*
OpticalDatabase::Get() const
{
    return m_db;
}

const std::string&
OpticalDatabase::GetPath() const
{
    return m_path;
}

void
OpticalDatabase::Close()
{
    if (m_db)
    {
        sqlite3_close(m_db);
        m_db = nullptr;
    }
}

bool
OpticalDatabase::MakeParentDirectories(const std::string& path, std::string& error)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos || slash == 0)
    {
        return true;
    }
    const std::string dir = path.substr(0, slash);
    std::string partial = dir[0] == '/' ? "/" : "";
    std::istringstream parts(dir);
    std::string part;
    while (std::getline(parts, part, '/'))
    {
        if (part.empty())
        {
            continue;
        }
        partial += (partial.empty() || partial.back() == '/' ? "" : "/") + part;
        if (mkdir(partial.c_str(), 0777) != 0 && errno != EEXIST)
        {
            error = "cannot create directory '" + partial + "': " + std::strerror(errno);
            return false;
        }
    }
    return true;
}

bool
OpticalDatabase::Open(const std::string& path, const std::string& schema, std::string& error)
{
    NS_LOG_FUNCTION(this << path);
    Close();
    if (path.empty())
    {
        // In memory: nothing to share with other processes, so no journal to choose.
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK ||
            !SetUp(db, path, schema, error))
        {
            if (error.empty())
            {
                error = "cannot open " + Article() + m_what +
                        " in memory: " + (db ? sqlite3_errmsg(db) : "out of memory");
            }
            sqlite3_close(db);
            return false;
        }
        m_db = db;
        m_path.clear();
        return true;
    }
    if (!MakeParentDirectories(path, error))
    {
        return false;
    }
    m_db = OpenFile(path, schema, error);
    if (m_db)
    {
        m_path = path;
    }
    return m_db != nullptr;
}

sqlite3*
OpticalDatabase::OpenFile(const std::string& path, const std::string& schema, std::string& error)
{
    struct stat info;
    if (stat(path.c_str(), &info) != 0)
    {
        if (errno != ENOENT)
        {
            error = "cannot open " + m_what + " '" + path + "': " + std::strerror(errno);
            return nullptr;
        }
        // A new database: made complete under a temporary name, then linked into place, so
        // that no process ever sees an empty or half-made file at the path. If another process
        // made it meanwhile, link() fails with EEXIST and that database is used.
        char host[64] = {0};
        gethostname(host, sizeof(host) - 1);
        const std::string temporary = path + ".new-" + host + "-" + std::to_string(getpid()) + "-" +
                                      std::to_string(++g_created);
        sqlite3* fresh = nullptr;
        const int rc =
            sqlite3_open_v2(temporary.c_str(),
                            &fresh,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE,
                            nullptr);
        const bool made = rc == SQLITE_OK && SetUp(fresh, path, schema, error);
        if (rc != SQLITE_OK)
        {
            error = "cannot create " + m_what + " '" + path +
                    "': " + (fresh ? sqlite3_errmsg(fresh) : sqlite3_errstr(rc));
        }
        sqlite3_close(fresh); // checkpoints the WAL into the file and removes it
        if (made && link(temporary.c_str(), path.c_str()) != 0 && errno != EEXIST)
        {
            // A file system without hard links: rename, unless the path appeared meanwhile.
            struct stat again;
            if (stat(path.c_str(), &again) != 0 && rename(temporary.c_str(), path.c_str()) != 0)
            {
                error = "cannot create " + m_what + " '" + path + "': " + std::strerror(errno);
                unlink(temporary.c_str());
                return nullptr;
            }
        }
        unlink(temporary.c_str());
        if (!made)
        {
            return nullptr;
        }
        if (stat(path.c_str(), &info) != 0)
        {
            error = "cannot create " + m_what + " '" + path + "': " + std::strerror(errno);
            return nullptr;
        }
    }
    // Whether an existing file is SQLite is left to SQLite (SQLITE_NOTADB): reading it here
    // would mean opening and closing it, which drops every POSIX lock this process holds on it,
    // SQLite's too.
    if (S_ISDIR(info.st_mode))
    {
        error = "'" + path + "' is a directory, not " + Article() + m_what;
        return nullptr;
    }
    if (!S_ISREG(info.st_mode))
    {
        error = "'" + path + "' is not a regular file, so not " + Article() + m_what;
        return nullptr;
    }
    if (info.st_size == 0)
    {
        error = "'" + path + "' is an empty file (0 bytes), not " + Article() + m_what +
                ": remove it to start a new database there, or pass another path";
        return nullptr;
    }
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    if (rc != SQLITE_OK)
    {
        error = "cannot open " + m_what + " '" + path +
                "': " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return nullptr;
    }
    if (!SetUp(db, path, schema, error))
    {
        sqlite3_close(db);
        return nullptr;
    }
    return db;
}

bool
OpticalDatabase::SetUp(sqlite3* db,
                       const std::string& path,
                       const std::string& schema,
                       std::string& error) const
{
    sqlite3_busy_timeout(db, 30000);
    // WAL lets readers and one writer at a time work concurrently; switching to it needs a
    // moment without other writers, so retry while another process holds the lock.
    const std::string journal =
        path.empty() ? "" : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; ";
    // The version first, before any pragma or schema changes a byte of a foreign file.
    if (!m_versionQuery.empty())
    {
        const std::string stored = StoredVersion(db);
        if (!stored.empty() && stored != m_version)
        {
            error = "'" + path + "' is " + Article() + m_what + " of schema version " + stored +
                    "; this build reads and writes version " + m_version +
                    " only: pass another path (nothing was written to it)";
            return false;
        }
    }
    const std::string begin = journal + "PRAGMA foreign_keys=ON; BEGIN IMMEDIATE;";
    const std::string setup = schema + "\nCOMMIT;";
    for (int attempt = 0;; ++attempt)
    {
        char* message = nullptr;
        int rc = sqlite3_exec(db, begin.c_str(), nullptr, nullptr, &message);
        if (rc == SQLITE_OK)
        {
            rc = sqlite3_exec(db, setup.c_str(), nullptr, nullptr, &message);
        }
        if (rc == SQLITE_OK)
        {
            return true;
        }
        const std::string text = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        sqlite3_exec(db, "ROLLBACK;", nullptr, nullptr, nullptr);
        if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && attempt < 100)
        {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        if (rc == SQLITE_NOTADB)
        {
            error = "'" + path + "' is not an SQLite database (" + text + "); pass the path of " +
                    Article() + m_what + ", or of a file that does not exist yet";
        }
        else
        {
            error = "cannot set up " + m_what + " '" + path + "': " + text;
        }
        return false;
    }
}

void
OpticalDatabase::Check(int rc, const std::string& what) const
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
        NS_FATAL_ERROR(m_owner << ": " << what << " failed on '" << m_path
                               << "': " << (m_db ? sqlite3_errmsg(m_db) : "no database")
                               << " (SQLite code " << rc << ")");
    }
}

void
OpticalDatabase::Exec(const std::string& sql) const
{
    char* message = nullptr;
    const int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK)
    {
        const std::string text = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        NS_FATAL_ERROR(m_owner << ": '" << sql.substr(0, 60) << "' failed on '" << m_path
                               << "': " << text);
    }
}

sqlite3_stmt*
OpticalDatabase::Prepare(const std::string& sql) const
{
    sqlite3_stmt* statement = nullptr;
    Check(sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr), "preparing " + sql);
    return statement;
}

} // namespace ns3
