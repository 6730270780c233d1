/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_BENCH_CHILD_H
#define OPTICAL_BENCH_CHILD_H

// Benchmarks that measure one run's peak memory run it in a child process: this is the one
// place that forks, pipes the child's result line back and reads its resource usage.

#include "ns3/abort.h"

#include <functional>
#include <iostream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ns3
{
namespace bench
{

/// What a child run gave back.
struct ChildOutput
{
    std::string text;     //!< The line the child wrote
    bool exitedOk{false}; //!< It wrote all of it and exited with status 0
    double peakMiB{0};    //!< Its peak resident memory (MiB)
};

/**
 * \brief Runs \p work in a forked child process; the child writes the text \p work returns
 * to a pipe and exits, the parent reads it and the child's peak memory.
 * \param [in] work The run, returning its result as text (one line)
 * \return what the child gave back
 */
inline ChildOutput
RunInChild(const std::function<std::string()>& work)
{
    int fd[2];
    NS_ABORT_MSG_IF(pipe(fd) != 0, "pipe failed");
    std::cout.flush();
    const pid_t pid = fork();
    NS_ABORT_MSG_IF(pid < 0, "fork failed");
    if (pid == 0)
    {
        close(fd[0]);
        const std::string line = work();
        const ssize_t written = write(fd[1], line.data(), line.size());
        close(fd[1]);
        _exit(written == static_cast<ssize_t>(line.size()) ? 0 : 1);
    }
    close(fd[1]);
    ChildOutput out;
    char buffer[256];
    ssize_t got;
    while ((got = read(fd[0], buffer, sizeof(buffer))) > 0)
    {
        out.text.append(buffer, got);
    }
    close(fd[0]);
    int status = 0;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    out.exitedOk = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    out.peakMiB = usage.ru_maxrss / 1024.0; // kilobytes on Linux
    return out;
}

} // namespace bench
} // namespace ns3

#endif /* OPTICAL_BENCH_CHILD_H */
