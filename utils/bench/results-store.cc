/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * Benchmark: rows per second written through the ResultsStore, in batches, against a baseline
 * of plain SQLite inserts of the same rows in one transaction, in the same process.
 * Target: at least 50,000 metric rows per second. Prints name: value lines; compare the ratio
 * on a noisy machine rather than absolute figures.
 */

#include "ns3/results-store.h"

#include "ns3/core-module.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sqlite3.h>
#include <string>
#include <unistd.h>

using namespace ns3;

namespace
{
double
Seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

/// Rows/s through the ResultsStore: metrics (or series points) of one run.
double
StoreRate(const std::string& path, uint32_t rows, std::size_t batch, bool series)
{
    std::remove(path.c_str());
    ResultsStore store;
    std::string error;
    if (!store.Open(path, error))
    {
        std::cerr << "results-store bench: " << error << std::endl;
        std::exit(1);
    }
    store.SetBatchSize(batch);
    ResultsStore::RunInfo info;
    info.program = "bench";
    const int64_t run = store.BeginRun(info, {});
    const auto t0 = std::chrono::steady_clock::now();
    for (uint32_t i = 0; i < rows; ++i)
    {
        if (series)
        {
            store.AddSeriesPoint(run, "s", i, 0.5 * i);
        }
        else
        {
            store.AddMetric(run, "metric-" + std::to_string(i), i, "unit");
        }
    }
    store.FinishRun(run, true);
    const auto t1 = std::chrono::steady_clock::now();
    store.Close();
    return rows / Seconds(t0, t1);
}

/// Rows/s of plain SQLite: one transaction of prepared inserts into the same table.
double
BaselineRate(const std::string& path, uint32_t rows)
{
    std::remove(path.c_str());
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db,
                 "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; CREATE TABLE metrics (run_id "
                 "INTEGER, name TEXT, value REAL, unit TEXT, PRIMARY KEY (run_id, name))",
                 nullptr,
                 nullptr,
                 nullptr);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO metrics VALUES (1, ?, ?, 'unit')", -1, &s, nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    for (uint32_t i = 0; i < rows; ++i)
    {
        const std::string name = "metric-" + std::to_string(i);
        sqlite3_bind_text(s, 1, name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(s, 2, i);
        sqlite3_step(s);
        sqlite3_reset(s);
    }
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    const auto t1 = std::chrono::steady_clock::now();
    sqlite3_finalize(s);
    sqlite3_close(db);
    return rows / Seconds(t0, t1);
}
} // namespace

int
main(int argc, char* argv[])
{
    uint32_t rows = 200000;
    uint32_t batch = 10000;
    std::string dir = "/tmp";
    CommandLine cmd(__FILE__);
    cmd.AddValue("rows", "Rows to write per measurement", rows);
    cmd.AddValue("batch", "Rows per transaction of the store", batch);
    cmd.AddValue("dir", "Directory for the temporary databases", dir);
    cmd.Parse(argc, argv);
    if (rows == 0 || batch == 0)
    {
        std::cerr << "results-store bench: --rows and --batch must be >= 1" << std::endl;
        return 1;
    }
    const std::string path = dir + "/optical-bench-" + std::to_string(getpid()) + ".db";
    const double baseline = BaselineRate(path, rows);
    const double metrics = StoreRate(path, rows, batch, false);
    const double series = StoreRate(path, rows, batch, true);
    const double unbatched = StoreRate(path, std::min<uint32_t>(rows, 2000), 1, false);
    for (const char* suffix : {"", "-wal", "-shm"})
    {
        std::remove((path + suffix).c_str());
    }
    std::cout << "baseline-sqlite-rows-per-s: " << static_cast<uint64_t>(baseline) << "\n"
              << "store-metric-rows-per-s: " << static_cast<uint64_t>(metrics) << "\n"
              << "store-series-rows-per-s: " << static_cast<uint64_t>(series) << "\n"
              << "store-unbatched-metric-rows-per-s: " << static_cast<uint64_t>(unbatched) << "\n"
              << "ratio-store-over-baseline: " << metrics / baseline << "\n"
              << "target-metric-rows-per-s: 50000" << std::endl;
    return metrics >= 50000 ? 0 : 3;
}
