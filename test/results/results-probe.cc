/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * A program for the results-store and sweep tests (standalone build only): writes rows to the
 * results store through OpticalExperiment and can crash, fail or sleep on demand.
 */

#include "ns3/core-module.h"
#include "ns3/optical-experiment.h"

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t rows = 10;
    uint32_t series = 0;
    bool crash = false;
    bool fail = false;
    uint32_t sleepMs = 0;
    double value = 1.0;

    OpticalExperiment exp("results-probe", "Writes test rows to the results store");
    exp.AddValue("rows", "Metric rows to write", rows);
    exp.AddValue("series", "Series points to write", series);
    exp.AddValue("crash", "Abort after writing the rows (the run stays 'running')", crash);
    exp.AddValue("fail", "Record the run as failed and exit with status 3", fail);
    exp.AddValue("sleepMs", "Wall-clock sleep before finishing (ms)", sleepMs);
    exp.AddValue("value", "Value of the metric 'value'", value);
    exp.Parse(argc, argv);
    if (rows > 10'000'000)
    {
        exp.Fail("--rows must be at most 10000000 (got " + std::to_string(rows) + ")");
    }
    exp.Start();
    if (ResultsStore* store = exp.GetStore())
    {
        for (uint32_t i = 0; i < rows; ++i)
        {
            store->AddMetric(exp.GetRunId(), "row-" + std::to_string(i), i, "");
        }
    }
    for (uint32_t i = 0; i < series; ++i)
    {
        exp.SeriesPoint("probe", i, 2.0 * i);
    }
    if (crash)
    {
        std::cerr << "results-probe: crashing on request" << std::endl;
        std::abort();
    }
    if (sleepMs > 0)
    {
        std::this_thread::sleep_for(std::chrono::milliseconds(sleepMs));
    }
    if (fail)
    {
        exp.Fail("failing on request", 3);
    }
    exp.Metric("value", value);
    exp.Metric("rows", rows, "rows");
    return exp.Finish();
}
