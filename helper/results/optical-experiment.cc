/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-experiment.h"

#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"

#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <unistd.h>

#ifndef OPTICAL_VERSION
#define OPTICAL_VERSION "unknown"
#endif
#ifndef OPTICAL_SOURCE_DIR
#define OPTICAL_SOURCE_DIR ""
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OpticalExperiment");

namespace
{
/// Options that OpticalExperiment adds itself (not recorded as parameters).
const char* const OWN_OPTIONS[] = {"results", "sweepKey", "progress"};

/// Quotes an argument for a shell when needed.
std::string
ShellQuote(const std::string& arg)
{
    if (!arg.empty() && arg.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;!#~") == std::string::npos)
    {
        return arg;
    }
    std::string out = "'";
    for (char c : arg)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}
} // namespace

OpticalExperiment::OpticalExperiment(const std::string& program, const std::string& description)
    : m_program(program)
{
    if (!description.empty())
    {
        m_cmd.Usage(description);
    }
}

OpticalExperiment::~OpticalExperiment()
{
    if (m_started && !m_finished && m_store)
    {
        m_store->FinishRun(m_runId, false, "the program ended without OpticalExperiment::Finish()");
    }
}

CommandLine&
OpticalExperiment::GetCommandLine()
{
    return m_cmd;
}

void
OpticalExperiment::Parse(int argc, char* argv[])
{
    m_progress = isatty(STDERR_FILENO);
    m_cmd.AddValue("results",
                   "Results database (SQLite) to record this run in; 'none' records nothing",
                   m_resultsPath);
    m_cmd.AddValue("sweepKey",
                   "Identifier of a sweep's grid point (set by the sweep runner)",
                   m_sweepKey);
    m_cmd.AddValue("progress", "Print simulation progress on stderr", m_progress);
    for (int i = 1; i < argc; ++i)
    {
        m_args.emplace_back(argv[i]);
    }
    m_cmd.Parse(argc, argv);
}

void
OpticalExperiment::Fail(const std::string& message, int exitCode)
{
    std::cerr << m_program << ": " << message << std::endl;
    if (m_started && m_store && !m_finished)
    {
        m_store->FinishRun(m_runId, false, message);
        m_store->Close();
    }
    m_finished = true;
    std::exit(exitCode);
}

std::string
OpticalExperiment::GetVersion()
{
    // The checkout's own description when the program runs from a git checkout, else the
    // version compiled in.
    const std::string dir = OPTICAL_SOURCE_DIR;
    if (!dir.empty())
    {
        const std::string command =
            "git -C '" + dir + "' describe --always --dirty --tags 2>/dev/null";
        if (FILE* pipe = popen(command.c_str(), "r"))
        {
            char buf[128] = {0};
            std::string out;
            while (fgets(buf, sizeof(buf), pipe))
            {
                out += buf;
            }
            const int rc = pclose(pipe);
            while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
            {
                out.pop_back();
            }
            if (rc == 0 && !out.empty())
            {
                return out;
            }
        }
    }
    return OPTICAL_VERSION;
}

DataRate
OpticalExperiment::PositiveDataRate(const std::string& option, const std::string& text)
{
    DataRateValue value;
    if (!value.DeserializeFromString(text, MakeDataRateChecker()) || value.Get().GetBitRate() == 0)
    {
        Fail("--" + option + " '" + text + "' is not a positive data rate (e.g. 500Mbps, 10Gbps)");
    }
    return value.Get();
}

Time
OpticalExperiment::NonNegativeTime(const std::string& option, const std::string& text)
{
    TimeValue value;
    if (!value.DeserializeFromString(text, MakeTimeChecker()) || value.Get().IsStrictlyNegative())
    {
        Fail("--" + option + " '" + text + "' is not a non-negative time (e.g. 1us, 2ms)");
    }
    return value.Get();
}

void
OpticalExperiment::Start()
{
    NS_ABORT_MSG_IF(m_started, "OpticalExperiment::Start called twice");
    if (m_resultsPath != "none")
    {
        auto store = std::make_unique<ResultsStore>();
        std::string error;
        if (!store->Open(m_resultsPath, error))
        {
            Fail("--results: " + error);
        }
        std::vector<ResultsStore::Parameter> parameters;
        for (const auto& option : m_options)
        {
            parameters.push_back({option.name, option.print(), "cli"});
        }
        for (const auto& arg : m_args)
        {
            if (arg.rfind("--", 0) != 0)
            {
                continue;
            }
            const auto eq = arg.find('=');
            const std::string name =
                arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
            const std::string value = eq == std::string::npos ? "true" : arg.substr(eq + 1);
            bool known = name == "RngRun" || name == "RngSeed";
            for (const auto& option : m_options)
            {
                known = known || option.name == name;
            }
            for (const char* own : OWN_OPTIONS)
            {
                known = known || name == own;
            }
            if (!known && !name.empty())
            {
                parameters.push_back(
                    {name, value, name.rfind("ns3::", 0) == 0 ? "attribute" : "global"});
            }
        }
        parameters.push_back({"RngSeed", std::to_string(RngSeedManager::GetSeed()), "global"});
        parameters.push_back({"RngRun", std::to_string(RngSeedManager::GetRun()), "global"});
        ResultsStore::RunInfo info;
        info.program = m_program;
        info.sweepKey = m_sweepKey;
        info.rngSeed = RngSeedManager::GetSeed();
        info.rngRun = static_cast<int64_t>(RngSeedManager::GetRun());
        info.version = GetVersion();
        for (const auto& arg : m_args)
        {
            info.commandLine += (info.commandLine.empty() ? "" : " ") + ShellQuote(arg);
        }
        m_runId = store->BeginRun(info, parameters);
        m_store = std::move(store);
    }
    m_started = true;
}

void
OpticalExperiment::Run(Time stop)
{
    Simulator::Stop(stop - Simulator::Now());
    m_stop = stop;
    m_wallStart = std::chrono::steady_clock::now();
    m_lastReport = m_wallStart;
    if (m_progress && stop > Simulator::Now())
    {
        m_progressStep = std::max(NanoSeconds(1), (stop - Simulator::Now()) / 1000);
        m_progressEvent = Simulator::Schedule(m_progressStep, &OpticalExperiment::Progress, this);
    }
    Simulator::Run();
    m_progressEvent.Cancel();
    if (m_progress)
    {
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - m_wallStart).count();
        std::cerr << m_program << ": simulated " << Simulator::Now().GetSeconds() << " s in "
                  << std::fixed << std::setprecision(1) << wall << " s" << std::defaultfloat
                  << std::endl;
    }
}

void
OpticalExperiment::Progress()
{
    // Adapt the simulated step so that checks come about every 0.25-1 s of wall-clock time;
    // report at most once a second.
    const auto now = std::chrono::steady_clock::now();
    const double sinceReport = std::chrono::duration<double>(now - m_lastReport).count();
    const double elapsed = std::chrono::duration<double>(now - m_wallStart).count();
    if (sinceReport < 0.25)
    {
        m_progressStep = m_progressStep * 2;
    }
    if (sinceReport >= 1.0)
    {
        const double done = Simulator::Now().GetSeconds() / m_stop.GetSeconds();
        std::cerr << m_program << ": " << std::fixed << std::setprecision(1) << 100 * done << "% ("
                  << Simulator::Now().GetSeconds() << " of " << m_stop.GetSeconds()
                  << " s simulated), " << elapsed << " s elapsed, ETA "
                  << (done > 0 ? elapsed * (1 - done) / done : 0.0) << " s" << std::defaultfloat
                  << std::endl;
        m_lastReport = now;
        if (sinceReport > 2.0)
        {
            m_progressStep = std::max(NanoSeconds(1), m_progressStep / 2);
        }
    }
    if (Simulator::Now() + m_progressStep < m_stop)
    {
        m_progressEvent = Simulator::Schedule(m_progressStep, &OpticalExperiment::Progress, this);
    }
}

void
OpticalExperiment::Metric(const std::string& name, double value, const std::string& unit)
{
    std::cout << name << ": " << value << std::endl;
    if (m_store)
    {
        m_store->AddMetric(m_runId, name, value, unit);
    }
}

void
OpticalExperiment::SeriesPoint(const std::string& series, double x, double y)
{
    if (m_store)
    {
        m_store->AddSeriesPoint(m_runId, series, x, y);
    }
}

ResultsStore*
OpticalExperiment::GetStore()
{
    return m_store.get();
}

int64_t
OpticalExperiment::GetRunId() const
{
    return m_runId;
}

int
OpticalExperiment::Finish()
{
    if (m_store && !m_finished)
    {
        m_store->FinishRun(m_runId, true);
        m_store->Close();
    }
    m_finished = true;
    return 0;
}

} // namespace ns3
