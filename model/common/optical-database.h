/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_DATABASE_H
#define OPTICAL_DATABASE_H

#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace ns3
{

/**
 * \ingroup optical
 * \brief The module's one SQLite layer: a connection to a database file (or in memory) set up
 * with a schema, with the statements every store needs. ResultsStore and SmnRepository are
 * written on it.
 *
 * Open() makes a missing file complete under a temporary name and links it into place, so that
 * no process ever sees an empty or half-made database at the path; refuses a directory, a file
 * that is not regular, an empty file and a file that is not SQLite, each with its reason; sets
 * the connection up (WAL journal, synchronous NORMAL, foreign keys, a 30 s busy timeout) and
 * runs the schema in one transaction, retrying while another process holds the lock. Exec(),
 * Prepare() and Check() make a failure fatal, naming the owner, the path and SQLite's message.
 */
class OpticalDatabase
{
  public:
    /**
     * \param [in] owner Who uses it, for messages ("ResultsStore")
     * \param [in] what What the database is, for messages ("results database")
     */
    OpticalDatabase(std::string owner, std::string what);
    ~OpticalDatabase();
    OpticalDatabase(const OpticalDatabase&) = delete;
    OpticalDatabase& operator=(const OpticalDatabase&) = delete;

    /**
     * \brief Opens (creating it if missing) the database and runs \p schema on it.
     * \param [in] path A file, or "" for a database in memory
     * \param [in] schema SQL run at every open (CREATE TABLE IF NOT EXISTS ...)
     * \param [out] error Why not, naming the path
     * \return true if open
     */
    bool Open(const std::string& path, const std::string& schema, std::string& error);

    /**
     * \brief Declares the schema version this build reads and writes: before the schema runs,
     * Open() reads the version an existing database holds with \p query (one row, one column;
     * a query that fails, as on a new file without its tables, or returns no row means "not
     * stamped yet") and refuses a database that holds another version, naming both, so that a
     * newer or foreign database is never written into. Call before Open().
     * \param [in] query SQL returning the stored version ("SELECT value FROM meta WHERE ...")
     * \param [in] version The version of this build ("1")
     */
    void SetSchemaVersion(const std::string& query, const std::string& version);

    /// \return true while open
    bool IsOpen() const;

    /// \return the connection (nullptr if closed)
    sqlite3* Get() const;

    /// \return the path ("" in memory)
    const std::string& GetPath() const;

    /// \brief Closes the connection (statements must be finalized before).
    void Close();

    /**
     * \brief Runs SQL; a failure is fatal.
     * \param [in] sql The statements
     */
    void Exec(const std::string& sql) const;

    /**
     * \param [in] sql A statement
     * \return it prepared (a failure is fatal; finalize it with sqlite3_finalize)
     */
    sqlite3_stmt* Prepare(const std::string& sql) const;

    /**
     * \brief Makes a failed SQLite call fatal.
     * \param [in] rc Its return code (SQLITE_OK, SQLITE_DONE and SQLITE_ROW pass)
     * \param [in] what What was being done
     */
    void Check(int rc, const std::string& what) const;

    /**
     * \brief Creates every missing directory of a path's parent.
     * \param [in] path A file's path
     * \param [out] error Why not
     * \return true on success
     */
    static bool MakeParentDirectories(const std::string& path, std::string& error);

  private:
    /// \brief Opens an existing or new file (see the class doc). \param [in] path File
    /// \param [in] schema Schema \param [out] error Why not \return the connection or nullptr
    sqlite3* OpenFile(const std::string& path, const std::string& schema, std::string& error);

    /// \return "a " or "an ", as m_what is read ("an SMN repository")
    std::string Article() const;

    /// \brief Reads the version a database holds (SetSchemaVersion). \param [in] db Connection
    /// \return the version, or "" when it holds none yet
    std::string StoredVersion(sqlite3* db) const;

    /// \brief Sets a connection up and runs the schema. \param [in] db Connection
    /// \param [in] path Its path, for messages \param [in] schema Schema \param [out] error Why
    /// not \return true on success
    bool SetUp(sqlite3* db,
               const std::string& path,
               const std::string& schema,
               std::string& error) const;

    std::string m_owner;        //!< For messages
    std::string m_what;         //!< For messages
    std::string m_path;         //!< Path ("" in memory)
    std::string m_versionQuery; //!< SetSchemaVersion's query ("" = no check)
    std::string m_version;      //!< SetSchemaVersion's version
    sqlite3* m_db{nullptr};     //!< Connection
};

} // namespace ns3

#endif /* OPTICAL_DATABASE_H */
