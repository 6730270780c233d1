/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The results store: schema round trip (what is written reads back the same), statuses,
// batching, per-event tables, and errors on bad input.

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/results-store.h"
#include "ns3/test.h"

#include <chrono>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <map>
#include <sqlite3.h>
#include <sys/stat.h>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

namespace
{
/// Runs a query returning one row and returns its first column as text ("" if none).
std::string
QueryText(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* s = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0))
    {
        out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

/// Size of a file in bytes (-1 if it cannot be read).
long long
FileSize(const std::string& path)
{
    struct stat info;
    return stat(path.c_str(), &info) == 0 ? static_cast<long long>(info.st_size) : -1;
}
} // namespace

/**
 * \ingroup optical-tests
 * What is written reads back the same, with the right statuses.
 */
class ResultsStoreRoundTripTestCase : public TestCase
{
  public:
    ResultsStoreRoundTripTestCase()
        : TestCase("Runs, parameters, metrics, series and event tables read back as written")
    {
    }

  private:
    void DoRun() override
    {
        const std::string path = CreateTempDirFilename("sub/dir/results.db");
        std::remove(path.c_str());
        ResultsStore store;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(store.Open(path, error), true, error);
        store.SetBatchSize(7); // force several transactions
        ResultsStore::RunInfo info;
        info.program = "probe";
        info.sweepKey = "k1";
        info.rngSeed = 3;
        info.rngRun = 42;
        info.version = "v-test";
        info.commandLine = "--a=1 --b='x y'";
        const int64_t run = store.BeginRun(info,
                                           {{"a", "1", "cli"},
                                            {"ns3::OcsChannel::Length", "5", "attribute"},
                                            {"RngRun", "42", "global"}});
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT status FROM runs WHERE id=" + std::to_string(run)),
            "running",
            "a started run is 'running' and visible at once");
        for (int i = 0; i < 20; ++i)
        {
            store.AddMetric(run, "m" + std::to_string(i), 0.5 * i, "u");
            store.AddSeriesPoint(run, "curve", i, i * i);
        }
        store.AddMetric(run, "m3", 99.25, "u"); // replaces
        store.CreateEventTable("collective",
                               {{"rank", "INTEGER"}, {"bytes", "REAL"}, {"algo", "TEXT"}});
        store.AddEvent("collective", run, {int64_t{7}, 1.5e9, std::string("ring")});
        store.AddEvent("collective", run, {int64_t{8}, 2.5e9, std::string("tree")});
        store.FinishRun(run, true);
        store.Close();

        const std::string id = std::to_string(run);
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT status FROM runs WHERE id=" + id),
                              "ok",
                              "status ok");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path,
                                        "SELECT "
                                        "program||'|'||sweep_key||'|'||rng_seed||'|'||rng_run||'|'|"
                                        "|version||'|'||command_line FROM runs WHERE id=" +
                                            id),
                              "probe|k1|3|42|v-test|--a=1 --b='x y'",
                              "run fields");
        NS_TEST_EXPECT_MSG_NE(QueryText(path, "SELECT ended_at FROM runs WHERE id=" + id),
                              "",
                              "end time");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path,
                                        "SELECT value||'/'||kind FROM parameters WHERE run_id=" +
                                            id + " AND name='ns3::OcsChannel::Length'"),
                              "5/attribute",
                              "attribute parameter");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT count(*) FROM metrics WHERE run_id=" + id),
                              "20",
                              "20 metrics");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT value FROM metrics WHERE run_id=" + id + " AND name='m3'"),
            "99.25",
            "replaced");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path,
                      "SELECT sum(value) FROM metrics WHERE run_id=" + id + " AND name!='m3'"),
            "93.5",
            "sum of 0.5 i over i != 3 = 95 - 1.5");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path,
                                        "SELECT count(*)||'/'||sum(y) FROM series WHERE run_id=" +
                                            id + " AND series='curve'"),
                              "20/2470.0",
                              "20 points, sum of squares 0..19");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path,
                                        "SELECT group_concat(rank||':'||bytes||':'||algo, ',') "
                                        "FROM ev_collective WHERE run_id=" +
                                            id),
                              "7:1500000000.0:ring,8:2500000000.0:tree",
                              "event rows");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT columns FROM event_tables WHERE name='collective'"),
            "rank INTEGER, bytes REAL, algo TEXT",
            "event table registered");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "PRAGMA journal_mode"), "wal", "WAL mode");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT value FROM meta WHERE key='schema_version'"),
                              "1",
                              "schema version");

        // A second run in the same database, failed: its metrics stay, flagged by its status.
        ResultsStore again;
        NS_TEST_ASSERT_MSG_EQ(again.Open(path, error), true, error);
        const int64_t run2 = again.BeginRun(info, {});
        again.AddMetric(run2, "partial", 1, "");
        again.FinishRun(run2, false, "stopped");
        again.Close();
        NS_TEST_EXPECT_MSG_EQ(run2, run + 1, "ids grow");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path,
                      "SELECT status||':'||message FROM runs WHERE id=" + std::to_string(run2)),
            "failed:stopped",
            "failed with its message");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(
                path,
                "SELECT count(*) FROM metrics m JOIN runs r ON r.id=m.run_id WHERE r.status='ok'"),
            "20",
            "only the ok run's metrics count as complete");
    }
};

/**
 * \ingroup optical-tests
 * Opening fails cleanly, naming the problem.
 */
class ResultsStoreOpenErrorsTestCase : public TestCase
{
  public:
    ResultsStoreOpenErrorsTestCase()
        : TestCase("Opening a bad path fails with a message and leaves the store closed")
    {
    }

  private:
    void DoRun() override
    {
        ResultsStore store;
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(store.Open("/proc/no/such/dir/x.db", error), false, "cannot create");
        NS_TEST_EXPECT_MSG_NE(error.find("/proc/no"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(store.IsOpen(), false, "closed");
        NS_TEST_EXPECT_MSG_EQ(store.Open("", error), false, "empty path");
        const std::string notDb = CreateTempDirFilename("not-a-db.db");
        const std::string text =
            "this is not an SQLite database, but it is long enough to have a header......";
        {
            std::ofstream f(notDb);
            f << text;
        }
        NS_TEST_EXPECT_MSG_EQ(store.Open(notDb, error), false, "not a database");
        NS_TEST_EXPECT_MSG_NE(error.find(notDb), std::string::npos, error);
        NS_TEST_EXPECT_MSG_NE(error.find("is not an SQLite database"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(store.IsOpen(), false, "still closed");
        NS_TEST_EXPECT_MSG_EQ(FileSize(notDb),
                              static_cast<long long>(text.size()),
                              "the file is left as it was");

        // An empty file is refused, not filled with a schema.
        const std::string empty = CreateTempDirFilename("empty.db");
        {
            std::ofstream f(empty);
        }
        NS_TEST_EXPECT_MSG_EQ(store.Open(empty, error), false, "0-byte file refused");
        NS_TEST_EXPECT_MSG_NE(error.find("empty file (0 bytes)"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_NE(error.find(empty), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(store.IsOpen(), false, "still closed");
        NS_TEST_EXPECT_MSG_EQ(FileSize(empty), 0, "the empty file stays empty");

        // A directory is refused.
        const std::string dir = CreateTempDirFilename("a-directory");
        mkdir(dir.c_str(), 0777);
        NS_TEST_EXPECT_MSG_EQ(store.Open(dir, error), false, "directory refused");
        NS_TEST_EXPECT_MSG_NE(error.find("is a directory"), std::string::npos, error);

        // A database of another schema version is refused before anything is written to it.
        const std::string newer = CreateTempDirFilename("version-2.db");
        {
            sqlite3* db = nullptr;
            sqlite3_open(newer.c_str(), &db);
            sqlite3_exec(db,
                         "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                         "INSERT INTO meta VALUES ('schema_version', '2');",
                         nullptr,
                         nullptr,
                         nullptr);
            sqlite3_close(db);
        }
        NS_TEST_EXPECT_MSG_EQ(store.Open(newer, error), false, "version 2 refused");
        NS_TEST_EXPECT_MSG_NE(error.find("schema version 2"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_NE(error.find("version 1 only"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(newer, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"),
            "1",
            "no table was added to it");
        NS_TEST_EXPECT_MSG_EQ(QueryText(newer, "PRAGMA journal_mode"), "delete", "journal kept");
        NS_TEST_EXPECT_MSG_EQ(store.IsOpen(), false, "still closed");
        // A version-1 database opens again (the check reads what Open() stamped).
        const std::string current = CreateTempDirFilename("version-1.db");
        NS_TEST_EXPECT_MSG_EQ(store.Open(current, error), true, error);
        store.Close();
        NS_TEST_EXPECT_MSG_EQ(store.Open(current, error), true, error);
        store.Close();
    }
};

/**
 * \ingroup optical-tests
 * A new database appears complete, under its own name only.
 */
class ResultsStoreCreationTestCase : public TestCase
{
  public:
    ResultsStoreCreationTestCase()
        : TestCase("A new database is created complete (SQLite header, schema), no file left "
                   "behind; an interrupted run is failed and later writes are no-ops")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("fresh");
        const std::string path = dir + "/new.db";
        ResultsStore store;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(store.Open(path, error), true, error);
        char header[16] = {0};
        {
            std::ifstream f(path, std::ios::binary);
            f.read(header, sizeof(header));
        }
        NS_TEST_EXPECT_MSG_EQ(std::string(header, 15), "SQLite format 3", "an SQLite file");
        std::vector<std::string> names;
        if (DIR* d = opendir(dir.c_str()))
        {
            while (const dirent* entry = readdir(d))
            {
                const std::string name = entry->d_name;
                if (name != "." && name != ".." && name.rfind("new.db", 0) == 0 &&
                    name != "new.db" && name != "new.db-wal" && name != "new.db-shm")
                {
                    names.push_back(name);
                }
            }
            closedir(d);
        }
        NS_TEST_EXPECT_MSG_EQ(names.size(), 0, "no temporary file left (" << names.size() << ")");

        // InterruptRun (the signal watcher's call): fails a running run, keeps an ended one.
        ResultsStore::RunInfo info;
        info.program = "probe";
        const int64_t done = store.BeginRun(info, {});
        store.FinishRun(done, true);
        const int64_t running = store.BeginRun(info, {});
        store.AddMetric(running, "before", 1, "");
        NS_TEST_EXPECT_MSG_EQ(
            store.InterruptRun(done, "killed by SIGTERM", std::chrono::seconds(1)),
            true,
            "the store was free");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT status FROM runs WHERE id=" + std::to_string(done)),
            "ok",
            "an ended run keeps its status");
        NS_TEST_EXPECT_MSG_EQ(
            store.InterruptRun(running, "killed by SIGTERM", std::chrono::seconds(1)),
            false,
            "only once");
        store.Close();

        ResultsStore second;
        NS_TEST_ASSERT_MSG_EQ(second.Open(path, error), true, error);
        const int64_t run = second.BeginRun(info, {});
        second.AddMetric(run, "before", 1, "");
        NS_TEST_EXPECT_MSG_EQ(
            second.InterruptRun(run, "killed by SIGTERM", std::chrono::seconds(1)),
            true,
            "marked");
        second.AddMetric(run, "after", 2, "");
        second.FinishRun(run, true);
        second.Close();
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path,
                      "SELECT status||':'||message FROM runs WHERE id=" + std::to_string(run)),
            "failed:killed by SIGTERM",
            "interrupted, and FinishRun afterwards changes nothing");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path,
                      "SELECT group_concat(name) FROM metrics WHERE run_id=" + std::to_string(run)),
            "before",
            "the buffered row was flushed, the later one dropped");
    }
};

/**
 * \ingroup optical-tests
 * An event table written by an older model version gains the columns a newer one adds.
 */
class ResultsStoreEventTableEvolutionTestCase : public TestCase
{
  public:
    ResultsStoreEventTableEvolutionTestCase()
        : TestCase("Event tables gain new columns; old rows keep theirs")
    {
    }

  private:
    void DoRun() override
    {
        const std::string path = CreateTempDirFilename("evolve.db");
        std::string error;
        ResultsStore::RunInfo info;
        info.program = "probe";
        {
            ResultsStore old;
            NS_TEST_ASSERT_MSG_EQ(old.Open(path, error), true, error);
            const int64_t run = old.BeginRun(info, {});
            old.CreateEventTable("it", {{"a", "INTEGER"}, {"b", "REAL"}});
            old.AddEvent("it", run, {int64_t{1}, 1.5});
            old.FinishRun(run, true);
        }
        ResultsStore store;
        NS_TEST_ASSERT_MSG_EQ(store.Open(path, error), true, error);
        const int64_t run = store.BeginRun(info, {});
        store.CreateEventTable("it", {{"a", "INTEGER"}, {"c", "TEXT"}, {"b", "REAL"}});
        store.AddEvent("it", run, {int64_t{2}, std::string("new"), 2.5});
        store.FinishRun(run, true);
        store.Close();
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT group_concat(a||':'||b||':'||ifnull(c,'-'), ',') FROM ev_it"),
            "1:1.5:-,2:2.5:new",
            "rows of both versions, by column name");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT columns FROM event_tables WHERE name='it'"),
                              "a INTEGER, b REAL, c TEXT",
                              "registered columns updated");
    }
};

/**
 * \ingroup optical-tests
 * The declaration file of the per-event tables: its parser on hand-made texts, and tables
 * created from the module's declarations.
 */
class ResultsStoreDeclaredEventTablesTestCase : public TestCase
{
  public:
    ResultsStoreDeclaredEventTablesTestCase()
        : TestCase("Event tables declared once: parser, declared tables, column subsets")
    {
    }

  private:
    void DoRun() override
    {
        std::map<std::string, ResultsStore::Columns> tables;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(
            ResultsStore::ParseEventTables("# comment\n\n t1: a INTEGER, b REAL \nt2:c TEXT\n",
                                           tables,
                                           error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(tables.size(), 2, "two tables");
        NS_TEST_EXPECT_MSG_EQ(tables["t1"].size(), 2, "t1 has a and b");
        NS_TEST_EXPECT_MSG_EQ(tables["t1"][1].first + " " + tables["t1"][1].second,
                              "b REAL",
                              "second column of t1, in order");
        NS_TEST_EXPECT_MSG_EQ(tables["t2"][0].first, "c", "blanks around ':' are optional");
        for (const std::string bad : {"t1 a INTEGER\n",
                                      "t1: a INTEGER\nt1: b REAL\n",
                                      "t1: a INTEGER, a REAL\n",
                                      "t1: a FLOAT\n",
                                      "t1: run_id INTEGER\n",
                                      "t1: a INTEGER REAL\n",
                                      "t-1: a INTEGER\n",
                                      "t1:\n"})
        {
            NS_TEST_EXPECT_MSG_EQ(ResultsStore::ParseEventTables(bad, tables, error),
                                  false,
                                  "refused: " << bad);
            NS_TEST_EXPECT_MSG_EQ(error.find("line "), 0, "the error names the line: " << error);
        }

        const std::string path = CreateTempDirFilename("declared.db");
        ResultsStore store;
        NS_TEST_ASSERT_MSG_EQ(store.Open(path, error), true, error);
        const auto& declared = store.GetDeclaredEventTables();
        NS_TEST_ASSERT_MSG_EQ(declared.count("collectives"), 1, "collectives is declared");
        NS_TEST_ASSERT_MSG_EQ(declared.count("iterations"), 1, "iterations is declared");
        ResultsStore::RunInfo info;
        info.program = "probe";
        const int64_t run = store.BeginRun(info, {});
        store.CreateEventTable("collectives");
        std::vector<ResultsStore::Value> row;
        std::string expected;
        for (const auto& [column, type] : declared.at("collectives"))
        {
            expected += (expected.empty() ? "" : ", ") + column + " " + type;
            row.emplace_back(type == "TEXT"   ? ResultsStore::Value(std::string("x"))
                             : type == "REAL" ? ResultsStore::Value(0.5)
                                              : ResultsStore::Value(int64_t{7}));
        }
        store.AddEvent("collectives", run, row);
        store.CreateEventTableColumns("iterations", {"iteration", "time_s"});
        store.AddEvent("iterations", run, {int64_t{3}, 0.25});
        store.FinishRun(run, true);
        store.Close();
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT columns FROM event_tables WHERE name='collectives'"),
            expected,
            "ev_collectives has the declared columns, in the declared order");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT COUNT(*) FROM ev_collectives"),
                              "1",
                              "one row written");
        NS_TEST_EXPECT_MSG_EQ(
            QueryText(path, "SELECT columns FROM event_tables WHERE name='iterations'"),
            "iteration INTEGER, time_s REAL",
            "a subset of the declared columns, with their declared types");
        NS_TEST_EXPECT_MSG_EQ(QueryText(path, "SELECT iteration||':'||time_s FROM ev_iterations"),
                              "3:0.25",
                              "values bound to the named columns");
    }
};

/**
 * \ingroup optical-tests
 * The results store.
 */
class ResultsStoreTestSuite : public TestSuite
{
  public:
    ResultsStoreTestSuite()
        : TestSuite("optical-results-store", SUITE_UNIT)
    {
        AddTestCase(new ResultsStoreRoundTripTestCase, TEST_QUICK);
        AddTestCase(new ResultsStoreOpenErrorsTestCase, TEST_QUICK);
        AddTestCase(new ResultsStoreCreationTestCase, TEST_QUICK);
        AddTestCase(new ResultsStoreEventTableEvolutionTestCase, TEST_QUICK);
        AddTestCase(new ResultsStoreDeclaredEventTablesTestCase, TEST_QUICK);
    }
};

/// Static instance that registers the suite.
static ResultsStoreTestSuite g_resultsStoreTestSuite;

} // namespace
