/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// OpticalExperiment's signal handling: a handler that only writes the signal's number to a
// pipe, and a watcher thread that marks the active run 'killed by SIGx' in the results store,
// then ends the process by that signal.

#include "optical-experiment-detail.h"
#include "optical-experiment.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <mutex>
#include <poll.h>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace ns3
{

using namespace opticalexperimentdetail;

namespace
{
/// The experiment's log component, under its one name.
LogComponent& g_log = opticalexperimentdetail::ExperimentLog();

/// Signals after which a started run is marked 'failed'.
const int HANDLED_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGABRT};

/// Number of handled signals.
constexpr size_t HANDLED_COUNT = sizeof(HANDLED_SIGNALS) / sizeof(HANDLED_SIGNALS[0]);

/// Dispositions the handlers replaced (restored when the run ends).
struct sigaction g_previous[HANDLED_COUNT];

/// Whether the handler of each handled signal is installed (signals ignored at start stay so).
bool g_installed[HANDLED_COUNT] = {false};

/// Pipe from the signal handler to the watcher thread: one byte per signal, its number.
int g_signalPipe[2] = {-1, -1};

/// Pipe from the watcher to the handler of a synchronous signal waiting for the run's mark.
int g_replyPipe[2] = {-1, -1};

/**
 * Longest wait of the watcher for a write of the program in progress before it marks the run
 * (a flush of a full batch takes milliseconds; a program that aborts inside the store holds it).
 */
constexpr std::chrono::milliseconds SIGNAL_STORE_WAIT{5000};

/// Whether a signal is synchronous (raised by the thread that gets it, which must not go on).
bool
IsSynchronous(int signal)
{
    return signal == SIGPIPE || signal == SIGABRT;
}

/// Name of a handled signal.
const char*
SignalName(int signal)
{
    switch (signal)
    {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    case SIGPIPE:
        return "SIGPIPE";
    case SIGABRT:
        return "SIGABRT";
    default:
        return "a signal";
    }
}
} // namespace

void
OpticalExperiment::WatchSignals()
{
    if (pipe2(g_signalPipe, O_CLOEXEC) != 0 || pipe2(g_replyPipe, O_CLOEXEC) != 0)
    {
        NS_LOG_WARN("no pipe for the signal watcher: a signal leaves the run 'running'");
        return;
    }
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        g_active = this;
    }
    // The watcher starts with the handled signals blocked, so that asynchronous ones reach
    // the program's threads (whose handler only writes to the pipe), never the watcher.
    sigset_t blocked;
    sigset_t previousMask;
    sigemptyset(&blocked);
    for (int signal : HANDLED_SIGNALS)
    {
        sigaddset(&blocked, signal);
    }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask);
    std::thread(&OpticalExperiment::Watcher).detach();
    pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);
    for (size_t i = 0; i < HANDLED_COUNT; ++i)
    {
        struct sigaction current;
        sigaction(HANDLED_SIGNALS[i], nullptr, &current);
        if (current.sa_handler == SIG_IGN)
        {
            continue; // ignored when the program started (nohup, background jobs): stays so
        }
        struct sigaction action;
        std::memset(&action, 0, sizeof(action));
        action.sa_handler = &OpticalExperiment::OnSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        g_installed[i] = sigaction(HANDLED_SIGNALS[i], &action, &g_previous[i]) == 0;
    }
}

void
OpticalExperiment::StopWatchingSignals()
{
    if (g_signalPipe[1] < 0)
    {
        return;
    }
    for (size_t i = 0; i < HANDLED_COUNT; ++i)
    {
        if (g_installed[i])
        {
            sigaction(HANDLED_SIGNALS[i], &g_previous[i], nullptr);
            g_installed[i] = false;
        }
    }
    // No handler writes to the pipe any more: closing it ends the watcher.
    close(g_signalPipe[1]);
    g_signalPipe[1] = -1;
}

void
OpticalExperiment::Watcher()
{
    unsigned char byte = 0;
    ssize_t n = 0;
    do
    {
        n = read(g_signalPipe[0], &byte, 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1)
    {
        // The run ended: the pipe was closed.
        close(g_signalPipe[0]);
        close(g_replyPipe[0]);
        close(g_replyPipe[1]);
        return;
    }
    const int signal = byte;
    {
        std::lock_guard<std::mutex> lock(g_activeMutex);
        if (g_active)
        {
            g_active->MarkInterrupted(std::string("killed by ") + SignalName(signal));
        }
    }
    if (IsSynchronous(signal))
    {
        // The handler waits in the thread that raised it, and ends the process.
        const char done = 1;
        while (write(g_replyPipe[1], &done, 1) < 0 && errno == EINTR)
        {
        }
        return;
    }
    // End the process by the signal, with its default action, as if it had not been caught.
    std::signal(signal, SIG_DFL);
    kill(getpid(), signal);
}

void
OpticalExperiment::MarkInterrupted(const std::string& message)
{
    if (m_started && !m_finished && m_store)
    {
        if (!m_store->InterruptRun(m_runId, message, SIGNAL_STORE_WAIT))
        {
            std::cerr << m_program << ": " << message
                      << ": the results store stayed busy; the run is left 'running'" << std::endl;
        }
        m_finished = true;
    }
}

void
OpticalExperiment::OnSignal(int signal)
{
    // Only async-signal-safe calls: the watcher thread does the marking.
    const int savedErrno = errno;
    const unsigned char byte = static_cast<unsigned char>(signal);
    const bool sent = write(g_signalPipe[1], &byte, 1) == 1;
    if (IsSynchronous(signal))
    {
        // This thread must not go on (a write to a closed pipe, abort()): wait for the run's
        // mark, then end by the signal, delivered with its default action when this returns.
        if (sent)
        {
            struct pollfd reply;
            reply.fd = g_replyPipe[0];
            reply.events = POLLIN;
            reply.revents = 0;
            poll(&reply, 1, static_cast<int>(SIGNAL_STORE_WAIT.count()) + 2000);
        }
        std::signal(signal, SIG_DFL);
        raise(signal);
    }
    errno = savedErrno;
}
} // namespace ns3
