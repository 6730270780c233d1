/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RESULTS_STORE_H
#define RESULTS_STORE_H

#include "ns3/optical-database.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The results store: one SQLite database that every program of the module writes its
 * runs, parameters, metrics, series and per-event tables to.
 *
 * The schema is defined once, in data/results-schema.sql, and the per-event tables and their
 * columns once, in data/results-event-tables.txt; both files are read at run time, by this
 * class and by the Python tools (utils/ns3optical/results.py), and documented in
 * doc/optical.rst. The database runs in WAL mode with a busy
 * timeout, so several processes may write at once without losing rows. Writes are buffered and
 * committed in transactions: when a buffer fills, on Flush() and on FinishRun(). A run is
 * 'running' until FinishRun(); a process that dies leaves it 'running' and readers only trust
 * runs marked 'ok'.
 *
 * Open() refuses a path that is not a database it can use: a directory, an empty (0-byte)
 * file, or a file that does not start with SQLite's header ("SQLite format 3"). A new database
 * is built under a temporary name in the same directory and linked into place complete, so
 * other processes never see it half made (an empty file is therefore never a database that
 * another process is creating).
 *
 * Every public method locks the store, so that InterruptRun() may be called from another
 * thread (OpticalExperiment's signal watcher) while the program writes.
 *
 * Depends on nothing but ns-3 core and SQLite.
 */
class ResultsStore
{
  public:
    /// A cell of a per-event table.
    using Value = std::variant<int64_t, double, std::string>;

    /// The columns of a per-event table: (column name, SQL type) pairs, in order.
    using Columns = std::vector<std::pair<std::string, std::string>>;

    /// The file declaring the per-event tables, in the module's data directory.
    static constexpr const char* EVENT_TABLES_FILE = "results-event-tables.txt";

    /// What a run is when it starts.
    struct RunInfo
    {
        std::string program;     //!< Program name
        std::string sweepKey;    //!< Sweep grid point and seed (empty outside sweeps)
        int64_t rngSeed{1};      //!< ns-3 RngSeed
        int64_t rngRun{1};       //!< ns-3 RngRun
        std::string version;     //!< Module version
        std::string commandLine; //!< Arguments as given
    };

    /// A parameter of a run: (name, value, kind) with kind 'cli', 'attribute' or 'global'.
    struct Parameter
    {
        std::string name;  //!< Name
        std::string value; //!< Value as text
        std::string kind;  //!< 'cli', 'attribute' or 'global'
    };

    ResultsStore();
    ~ResultsStore();
    ResultsStore(const ResultsStore&) = delete;
    ResultsStore& operator=(const ResultsStore&) = delete;

    /**
     * \brief Opens (creating if needed) a database and its schema; creates missing parent
     * directories.
     * \param [in] path Database file
     * \param [out] error Why it failed
     * \return true on success
     */
    bool Open(const std::string& path, std::string& error);

    /// \return true once Open() succeeded
    bool IsOpen() const;

    /// \return the database path
    const std::string& GetPath() const;

    /**
     * \brief Records the start of a run (status 'running') with its parameters.
     * \param [in] info The run
     * \param [in] parameters Its parameters
     * \return the run id
     */
    int64_t BeginRun(const RunInfo& info, const std::vector<Parameter>& parameters);

    /**
     * \brief Records a scalar result (replacing an earlier value of the same name).
     * \param [in] runId Run
     * \param [in] name Metric name
     * \param [in] value Value
     * \param [in] unit Unit (may be empty)
     */
    void AddMetric(int64_t runId, const std::string& name, double value, const std::string& unit);

    /**
     * \brief Records one point of a curve.
     * \param [in] runId Run
     * \param [in] series Series name
     * \param [in] x Abscissa
     * \param [in] y Ordinate
     */
    void AddSeriesPoint(int64_t runId, const std::string& series, double x, double y);

    /**
     * \brief Parses the text of an event-table declaration file (results-event-tables.txt):
     * one 'name: column TYPE, column TYPE, ...' line per table; blank lines and lines starting
     * with '#' are ignored.
     * \param [in] text The file's text
     * \param [out] tables Table name -> its columns, in order
     * \param [out] error What is wrong (the line number and why)
     * \return true if every line is a valid declaration and no table or column repeats
     */
    static bool ParseEventTables(const std::string& text,
                                 std::map<std::string, Columns>& tables,
                                 std::string& error);

    /**
     * \return the per-event tables declared in the data directory's results-event-tables.txt
     * (read by Open())
     */
    const std::map<std::string, Columns>& GetDeclaredEventTables() const;

    /**
     * \brief Creates the per-event table 'ev_<name>' declared in results-event-tables.txt (if
     * it does not exist), with all its declared columns; AddEvent() then takes one value per
     * declared column, in the declared order. Aborts if \p name is not declared.
     * \param [in] name Declared table name
     */
    void CreateEventTable(const std::string& name);

    /**
     * \brief Creates (or extends) the declared per-event table 'ev_<name>' with only the
     * columns \p columns, for a table that several programs write, each filling some of its
     * columns (types come from the declaration); AddEvent() then takes one value per column
     * of \p columns, in that order. Aborts if the table or a column is not declared.
     * \param [in] name Declared table name
     * \param [in] columns Names of declared columns of the table
     */
    void CreateEventTableColumns(const std::string& name, const std::vector<std::string>& columns);

    /**
     * \brief Creates a per-event table 'ev_<name>' (if it does not exist) that is not declared
     * in results-event-tables.txt, for models outside the module. Its first column is run_id.
     * Aborts if \p name is declared there (use CreateEventTable(name): a table's columns are
     * declared once).
     * \param [in] name Table name (letters, digits and '_')
     * \param [in] columns (column name, SQL type) pairs; types INTEGER, REAL or TEXT
     */
    void CreateEventTable(const std::string& name, const Columns& columns);

    /**
     * \brief Adds one row to a per-event table.
     * \param [in] name Table name, as given to CreateEventTable()
     * \param [in] runId Run
     * \param [in] values One value per column
     */
    void AddEvent(const std::string& name, int64_t runId, const std::vector<Value>& values);

    /// \brief Commits every buffered write in one transaction.
    void Flush();

    /**
     * \brief Ends a run: flushes, then sets its status, end time and message.
     * \param [in] runId Run
     * \param [in] ok True for 'ok', false for 'failed'
     * \param [in] message Why it failed (may be empty)
     */
    void FinishRun(int64_t runId, bool ok, const std::string& message = "");

    /**
     * \brief Removes a run and everything recorded for it (parameters, metrics, series and
     * its rows of every event table, by the schema's ON DELETE CASCADE), in one transaction:
     * for a run whose input was refused after it started, which must leave no row.
     * \param [in] runId Run
     */
    void DeleteRun(int64_t runId);

    /**
     * \brief Marks a run 'failed' from another thread than the writer's (a signal watcher):
     * waits at most \p wait for a write in progress to end, flushes the buffered rows, sets
     * the run 'failed' with \p message if it is still 'running', and makes every later write
     * a no-op (the process is about to end).
     * \param [in] runId Run
     * \param [in] message Why it failed (for example "killed by SIGTERM")
     * \param [in] wait Longest wait for the store's lock
     * \return true if the store could be locked (the run is then 'failed', unless it had
     * already ended), false if it stayed busy, is closed or was already interrupted
     */
    bool InterruptRun(int64_t runId, const std::string& message, std::chrono::milliseconds wait);

    /// \brief Closes the database (flushing first).
    void Close();

    /**
     * \param [in] rows Number of buffered rows after which writes are committed
     */
    void SetBatchSize(std::size_t rows);

  private:
    /// A buffered write.
    struct Pending
    {
        sqlite3_stmt* statement;  //!< Prepared statement to run
        std::vector<Value> binds; //!< Values to bind
    };

    /**
     * \brief Creates or extends 'ev_<name>' with \p columns and prepares its insert.
     * \param [in] name Table name
     * \param [in] columns Its columns (those AddEvent() takes values for)
     */
    void CreateEventTableLocked(const std::string& name, const Columns& columns);
    /**
     * \param [in] name Table name
     * \return the declaration of \p name (aborts if it is not declared)
     */
    const Columns& Declared(const std::string& name) const;
    void FlushLocked();
    void FinishRunLocked(int64_t runId, bool ok, const std::string& message, bool onlyRunning);
    void Enqueue(sqlite3_stmt* statement, std::vector<Value> binds);

    mutable std::recursive_timed_mutex m_mutex; //!< Held by every public method
    bool m_interrupted{false};                  //!< InterruptRun() was called: writes are no-ops
    OpticalDatabase m_db{"ResultsStore", "results database"};          //!< Connection
    std::vector<Pending> m_pending;                                    //!< Buffered writes
    std::size_t m_batchSize{10000};                                    //!< Rows per transaction
    sqlite3_stmt* m_insertMetric{nullptr};                             //!< Prepared metric insert
    sqlite3_stmt* m_insertSeries{nullptr};                             //!< Prepared series insert
    std::vector<std::pair<std::string, sqlite3_stmt*>> m_eventInserts; //!< Event inserts
    std::vector<std::pair<std::string, std::size_t>> m_eventColumns;   //!< Columns per table
    std::map<std::string, Columns> m_declaredEventTables;              //!< results-event-tables.txt
    std::vector<std::pair<int64_t, std::chrono::steady_clock::time_point>>
        m_runStarts; //!< When each run began (wall clock)
};

} // namespace ns3

#endif /* RESULTS_STORE_H */
