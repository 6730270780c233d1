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
    bool refuse = false;
    uint32_t sleepMs = 0;
    uint32_t lines = 0;
    double value = 1.0;

    OpticalExperiment exp("results-probe", "Writes test rows to the results store");
    exp.AddCount("rows", "Metric rows to write", rows, 0, 10'000'000);
    exp.AddCount("series", "Series points to write", series, 0, 10'000'000);
    exp.AddFlag("crash", "Abort after writing the rows (SIGABRT)", crash);
    exp.AddFlag("fail", "Record the run as failed and exit with status 3", fail);
    exp.AddFlag("refuse",
                "Refuse the input after the rows are written (Refuse: the run is removed)",
                refuse);
    exp.AddCount("sleepMs", "Wall-clock sleep before finishing, in ms", sleepMs, 0, 3'600'000);
    exp.AddCount("lines",
                 "Lines 'line: i' printed on stdout after the rows (for pipes closed early)",
                 lines,
                 0,
                 100'000'000);
    exp.AddReal("value", "Value of the metric 'value'", value, OpticalBounds::Between(-1e9, 1e9));
    exp.Parse(argc, argv);
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
    for (uint32_t i = 0; i < lines; ++i)
    {
        std::cout << "line: " << i << std::endl;
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
    if (refuse)
    {
        exp.Require(false, "refuse", "refused on request after Start()");
    }
    if (fail)
    {
        exp.Fail("failing on request", 3);
    }
    exp.Metric("value", value);
    exp.Metric("rows", rows, "rows");
    return exp.Finish();
}
