/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// OpticalExperiment: the run's lifecycle and its recording in the results store (construction,
// Start, Run with progress, Metric, SeriesPoint, Finish, Fail). The typed options are in
// optical-experiment-options.cc, Parse in optical-experiment-parse.cc, the signal watcher in
// optical-experiment-signals.cc.

#include "optical-experiment.h"

#include "optical-experiment-detail.h"

#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <mutex>

#ifndef OPTICAL_VERSION
#define OPTICAL_VERSION "unknown"
#endif
#ifndef OPTICAL_SOURCE_DIR
#define OPTICAL_SOURCE_DIR ""
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OpticalExperiment");

namespace opticalexperimentdetail
{

LogComponent&
ExperimentLog()
{
    return g_log;
}

/// The experiment whose run the signal watcher marks (one per process); under g_activeMutex.
OpticalExperiment* g_active = nullptr;

/// Guards g_active and the end of a run (Finish, Fail) against the signal watcher.
std::mutex g_activeMutex;

} // namespace opticalexperimentdetail

using namespace opticalexperimentdetail;

namespace
{
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
    if (const char* env = std::getenv("NS3_OPTICAL_RESULTS"))
    {
        if (*env != '\0')
        {
            m_resultsPath = env;
        }
    }
}

OpticalExperiment::~OpticalExperiment()
{
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_started && !m_finished && m_store)
        {
            m_store->FinishRun(m_runId,
                               false,
                               "the program ended without OpticalExperiment::Finish()");
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
}

void
OpticalExperiment::Note(const std::string& message) const
{
    std::cerr << m_program << ": note: " << message << std::endl;
}

void
OpticalExperiment::Fail(const std::string& message, int exitCode)
{
    End(message, true, exitCode);
}

void
OpticalExperiment::Refuse(const std::string& message)
{
    End(message, false, 1);
}

void
OpticalExperiment::End(const std::string& message, bool keepRun, int exitCode)
{
    std::cerr << m_program << ": " << message << std::endl;
    if (!m_started || !keepRun)
    {
        std::cerr << m_program << ": nothing was run" << std::endl;
    }
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_started && m_store && !m_finished)
        {
            if (keepRun)
            {
                m_store->FinishRun(m_runId, false, message);
            }
            else
            {
                m_store->DeleteRun(m_runId);
            }
            m_store->Close();
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
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
            if (option.record)
            {
                parameters.push_back(
                    {option.name, option.wasGiven ? option.given : option.defaultText, "cli"});
            }
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
        m_started = true;
        WatchSignals();
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
    m_lastEvents = Simulator::GetEventCount();
    m_checkEvents = m_lastEvents;
    if (m_progress && stop > Simulator::Now())
    {
        // A short first step, doubled while checks come fast: a workload that ends long before
        // the stop time still reports (a thousandth of a 3,600 s stop is past most jobs' end).
        m_progressStep =
            std::max(NanoSeconds(1), std::min(MicroSeconds(1), (stop - Simulator::Now()) / 1000));
        m_progressEvent = Simulator::Schedule(m_progressStep, &OpticalExperiment::Progress, this);
    }
    Simulator::Run();
    m_progressEvent.Cancel();
    if (m_progress)
    {
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - m_wallStart).count();
        std::cerr << m_program << ": simulated " << std::defaultfloat << std::setprecision(6)
                  << Simulator::Now().GetSeconds() << " s in " << std::fixed << std::setprecision(1)
                  << wall << " s" << std::defaultfloat << std::endl;
    }
}

void
OpticalExperiment::SetProgressMeasure(std::function<double()> fractionDone)
{
    m_fractionDone = std::move(fractionDone);
}

void
OpticalExperiment::Progress()
{
    // Adapt the simulated step so that checks come about every 0.25-1 s of wall-clock time;
    // report at most once a second.
    const auto now = std::chrono::steady_clock::now();
    const double sinceReport = std::chrono::duration<double>(now - m_lastReport).count();
    const double elapsed = std::chrono::duration<double>(now - m_wallStart).count();
    const uint64_t executed = Simulator::GetEventCount();
    const bool idle = executed - m_checkEvents <= 1; // nothing ran since the last check but it
    m_checkEvents = executed;
    if (idle)
    {
        // The workload is over (or waits for the stop time): get there in a few checks.
        m_progressStep = m_progressStep * 2;
    }
    else if (sinceReport < 0.25)
    {
        // At most 100 simulated us while events run: a step grown through a quiet phase
        // (compute, a pipeline's bubble) would otherwise span the whole of the busy phase
        // that follows.
        m_progressStep = std::min(m_progressStep * 2, std::max(MicroSeconds(100), m_progressStep));
    }
    if (sinceReport >= 1.0)
    {
        const double done = m_fractionDone ? std::clamp(m_fractionDone(), 0.0, 1.0)
                                           : Simulator::Now().GetSeconds() / m_stop.GetSeconds();
        const uint64_t events = Simulator::GetEventCount();
        std::cerr << m_program << ": " << std::fixed << std::setprecision(1) << 100 * done
                  << "% done, " << std::defaultfloat << std::setprecision(6)
                  << Simulator::Now().GetSeconds() << " s simulated (stop at "
                  << m_stop.GetSeconds() << " s), " << std::fixed << std::setprecision(1) << elapsed
                  << " s elapsed, " << std::setprecision(0)
                  << double(events - m_lastEvents) / sinceReport << " events/s, about "
                  << std::setprecision(1) << (done > 0 ? elapsed * (1 - done) / done : 0.0)
                  << " s left" << std::defaultfloat << std::endl;
        m_lastEvents = events;
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
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (m_store && !m_finished)
        {
            m_store->FinishRun(m_runId, true);
            m_store->Close();
        }
        m_finished = true;
        if (g_active == this)
        {
            g_active = nullptr;
        }
    }
    StopWatchingSignals();
    return 0;
}

} // namespace ns3
