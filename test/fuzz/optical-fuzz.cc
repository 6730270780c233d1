/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical-tests
 * Fuzz harness of the module's file loaders and of its option layer (issue #18).
 *
 * Each target takes seed inputs (the module's data files, small topologies, an SNR trace, an
 * OCS configuration, option values), applies deterministic mutations drawn from a
 * std::mt19937 seeded by (--seed, target, case) and runs the loader or parser on the result
 * in a forked child with an alarm() time limit. Every case is classified:
 *  - accepted: the loader succeeded and what it loaded passed the target's checks;
 *  - rejected: the loader returned false with a message naming the file (or the option);
 *  - CRASH: the child died of a signal, aborted, or exited without answering;
 *  - HANG: the child outlived the time limit;
 *  - UNNAMED: a rejection with an empty message, or one that does not name the file/option;
 *  - INVALID: the loader succeeded but what it returned breaks the loader's own contract
 *    (a non-finite number, a parsed value that another reading of the text contradicts).
 * The last four are failures: each is printed with its seed, case and mutations, and its
 * input is saved (--save-dir). `--target=T --case=K` replays one case. The program exits 1
 * if any case failed, 0 otherwise; its last line is "N passed, N failed".
 *
 * Usage: optical-fuzz [--group=loaders|options|all] [--target=NAME] [--cases=N] [--seed=S]
 *        [--time-limit=SECONDS] [--case-timeout=SECONDS] [--case=K] [--save-dir=DIR]
 *        [--source-dir=DIR] [--list] [--verbose]
 */

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#ifndef OPTICAL_SOURCE_DIR
#define OPTICAL_SOURCE_DIR "."
#endif

using namespace ns3;

/// Set in forked children: they end by _exit() or by the code under test's exit(), whose
/// leaks (objects a rejected parse leaves behind) are not errors.
static volatile int g_inChild = 0;

/**
 * LeakSanitizer's hook (builds with -fsanitize=address): no leak check at a child's exit.
 * \return non-zero in a forked child
 */
extern "C" int
__lsan_is_turned_off()
{
    return g_inChild;
}

namespace
{

// ------------------------------------------------------------------------------ verdicts

/// What a child reports for one case.
struct Answer
{
    char kind{'?'};      //!< 'A' accepted, 'R' rejected, 'I' accepted but invalid
    std::string message; //!< Rejection message, or what is invalid
};

/// Classes of a case.
enum Verdict
{
    ACCEPTED,
    REJECTED,
    CRASH,
    HANG,
    UNNAMED,
    INVALID,
    N_VERDICTS
};

const char* const VERDICT_NAMES[N_VERDICTS] =
    {"accepted", "rejected", "CRASH", "HANG", "UNNAMED", "INVALID"};

/// One case to run in a child: returns the answer; \p input is the mutated input.
using CaseBody = std::function<Answer(const std::string& input)>;

/// Result of running a case body in a forked child.
struct ChildResult
{
    Verdict verdict{CRASH}; //!< Classification before the naming check
    Answer answer;          //!< What the child said (if it said anything)
    std::string detail;     //!< Signal, exit code or time limit
    std::string stderrText; //!< The child's standard error (start of it)
    int exitCode{-1};       //!< Exit status if the child exited
};

/// Writes all of \p data to \p fd.
void
WriteAll(int fd, const std::string& data)
{
    size_t done = 0;
    while (done < data.size())
    {
        const ssize_t n = write(fd, data.data() + done, data.size() - done);
        if (n <= 0)
        {
            if (n < 0 && errno == EINTR)
            {
                continue;
            }
            return;
        }
        done += static_cast<size_t>(n);
    }
}

/// Reads \p fd to its end.
std::string
ReadAll(int fd)
{
    std::string out;
    char buf[4096];
    for (;;)
    {
        const ssize_t n = read(fd, buf, sizeof(buf));
        if (n < 0 && errno == EINTR)
        {
            continue;
        }
        if (n <= 0)
        {
            break;
        }
        out.append(buf, static_cast<size_t>(n));
    }
    return out;
}

/// Reads a whole file (empty if it cannot be read).
std::string
ReadFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Writes a whole file; false on failure.
bool
WriteFile(const std::string& path, const std::string& data)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    return static_cast<bool>(out);
}

/**
 * Runs \p body(\p input) in a forked child limited to \p timeoutS seconds; the child's
 * standard output is discarded and its standard error kept in \p errFile.
 */
ChildResult
RunInChild(const CaseBody& body,
           const std::string& input,
           unsigned timeoutS,
           const std::string& errFile)
{
    ChildResult result;
    int fds[2];
    if (pipe(fds) != 0)
    {
        result.detail = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = fork();
    if (pid < 0)
    {
        result.detail = std::string("fork: ") + std::strerror(errno);
        close(fds[0]);
        close(fds[1]);
        return result;
    }
    if (pid == 0)
    {
        g_inChild = 1;
        close(fds[0]);
        const int devnull = open("/dev/null", O_WRONLY);
        const int err = open(errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (devnull >= 0)
        {
            dup2(devnull, STDOUT_FILENO);
        }
        if (err >= 0)
        {
            dup2(err, STDERR_FILENO);
        }
        signal(SIGALRM, SIG_DFL);
        alarm(timeoutS);
        const Answer a = body(input);
        WriteAll(fds[1], std::string(1, a.kind) + a.message);
        close(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    const std::string said = ReadAll(fds[0]);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    {
    }
    std::string err = ReadFile(errFile);
    if (err.size() > 2000)
    {
        err = err.substr(0, 2000) + "...";
    }
    result.stderrText = err;
    if (WIFSIGNALED(status))
    {
        const int sig = WTERMSIG(status);
        result.verdict = sig == SIGALRM ? HANG : CRASH;
        result.detail = sig == SIGALRM ? "over the time limit of " + std::to_string(timeoutS) + " s"
                                       : std::string("killed by signal ") + strsignal(sig);
        return result;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.exitCode = code;
    if (code != 0 || said.empty())
    {
        result.verdict = CRASH;
        result.detail = "exited with status " + std::to_string(code) + " without an answer";
        return result;
    }
    result.answer.kind = said[0];
    result.answer.message = said.substr(1);
    result.verdict = said[0] == 'A' ? ACCEPTED : said[0] == 'R' ? REJECTED : INVALID;
    return result;
}

// ------------------------------------------------------------------------------ mutations

/// Values that break naive number handling.
const std::vector<std::string> BAD_VALUES = {
    "0",
    "-1",
    "1e308",
    "-1e308",
    "1e-308",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "4.7",
    "5e9",
    "1e999",
    "-0",
    "1e-400",
    "0x1p3",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999",
    "",
    " ",
    "abc",
    "1,2",
    "\"q\"",
    "%s%n",
    "-",
    "+",
    ".",
    "e5",
    "1e",
    "--1",
    "\t7\t",
    "1 2",
};

/// A long string (for fields and option values).
std::string
HugeString(std::mt19937& rng)
{
    const size_t n = 1000 + rng() % 100000;
    return std::string(n, static_cast<char>('a' + rng() % 26));
}

/// Splits text into lines, keeping each line's terminator.
std::vector<std::string>
Lines(const std::string& s)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < s.size())
    {
        const size_t nl = s.find('\n', start);
        const size_t end = nl == std::string::npos ? s.size() : nl + 1;
        lines.push_back(s.substr(start, end - start));
        start = end;
    }
    return lines;
}

/// Joins lines.
std::string
Join(const std::vector<std::string>& lines)
{
    std::string s;
    for (const auto& l : lines)
    {
        s += l;
    }
    return s;
}

/// Positions [begin, end) of the number-looking tokens of \p s.
std::vector<std::pair<size_t, size_t>>
NumberTokens(const std::string& s)
{
    std::vector<std::pair<size_t, size_t>> tokens;
    size_t i = 0;
    while (i < s.size())
    {
        const bool sign = (s[i] == '-' || s[i] == '+') && i + 1 < s.size() &&
                          std::isdigit(static_cast<unsigned char>(s[i + 1]));
        if (std::isdigit(static_cast<unsigned char>(s[i])) || sign)
        {
            size_t j = i + 1;
            while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.' ||
                                    s[j] == 'e' || s[j] == 'E'))
            {
                ++j;
            }
            tokens.emplace_back(i, j);
            i = j;
        }
        else
        {
            ++i;
        }
    }
    return tokens;
}

/// Positions [begin, end) of the cells of \p s: text between ',', '\n', '<', '>' and '"'.
std::vector<std::pair<size_t, size_t>>
Cells(const std::string& s)
{
    std::vector<std::pair<size_t, size_t>> cells;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
    {
        if (i == s.size() || s[i] == ',' || s[i] == '\n' || s[i] == '<' || s[i] == '>' ||
            s[i] == '"')
        {
            cells.emplace_back(start, i);
            start = i + 1;
        }
    }
    return cells;
}

/// A value to put in a cell: one of BAD_VALUES, a huge string, random bytes.
std::string
BadValue(std::mt19937& rng)
{
    const unsigned pick = rng() % 20;
    if (pick == 0)
    {
        return HugeString(rng);
    }
    if (pick == 1)
    {
        std::string bytes(1 + rng() % 8, ' ');
        for (auto& c : bytes)
        {
            c = static_cast<char>(rng() % 256);
        }
        return bytes;
    }
    return BAD_VALUES[rng() % BAD_VALUES.size()];
}

/// Applies one mutation to \p s; returns its description.
std::string
MutateOnce(std::string& s, std::mt19937& rng)
{
    const unsigned op = rng() % 18;
    const size_t pos = s.empty() ? 0 : rng() % s.size();
    switch (op)
    {
    case 0: {
        if (s.empty())
        {
            s = "x";
        }
        const int bit = static_cast<int>(rng() % 8);
        s[pos] = static_cast<char>(s[pos] ^ (1 << bit));
        return "flip bit " + std::to_string(bit) + " of byte " + std::to_string(pos);
    }
    case 1:
        s.resize(pos);
        return "truncate at " + std::to_string(pos);
    case 2:
    case 3:
    case 4: {
        auto lines = Lines(s);
        if (lines.empty())
        {
            return "line op on empty input";
        }
        const size_t i = rng() % lines.size();
        const size_t j = rng() % lines.size();
        if (op == 2)
        {
            lines.insert(lines.begin() + static_cast<long>(i), lines[i]);
            s = Join(lines);
            return "duplicate line " + std::to_string(i + 1);
        }
        if (op == 3)
        {
            lines.erase(lines.begin() + static_cast<long>(i));
            s = Join(lines);
            return "delete line " + std::to_string(i + 1);
        }
        std::swap(lines[i], lines[j]);
        s = Join(lines);
        return "swap lines " + std::to_string(i + 1) + " and " + std::to_string(j + 1);
    }
    case 5:
    case 6:
    case 7: {
        const auto tokens = NumberTokens(s);
        if (tokens.empty())
        {
            return "no number to replace";
        }
        const auto [b, e] = tokens[rng() % tokens.size()];
        const std::string v = BadValue(rng);
        const std::string old = s.substr(b, e - b);
        s.replace(b, e - b, v);
        return "number '" + old + "' at " + std::to_string(b) + " -> '" +
               (v.size() > 40 ? v.substr(0, 20) + "...(" + std::to_string(v.size()) + ")" : v) +
               "'";
    }
    case 8:
    case 9: {
        const auto cells = Cells(s);
        const auto [b, e] = cells[rng() % cells.size()];
        const std::string v = BadValue(rng);
        s.replace(b, e - b, v);
        return "cell at " + std::to_string(b) + " -> '" +
               (v.size() > 40 ? v.substr(0, 20) + "...(" + std::to_string(v.size()) + ")" : v) +
               "'";
    }
    case 10:
        s = "\xEF\xBB\xBF" + s;
        return "byte order mark";
    case 11: {
        std::string out;
        for (char c : s)
        {
            if (c == '\n')
            {
                out += '\r';
            }
            out += c;
        }
        s = out;
        return "CRLF line ends";
    }
    case 12:
        s.insert(pos, 1, '\0');
        return "NUL at " + std::to_string(pos);
    case 13: {
        const std::string v = HugeString(rng);
        s.insert(pos, v);
        return "huge text (" + std::to_string(v.size()) + " bytes) at " + std::to_string(pos);
    }
    case 14:
        s.clear();
        return "empty input";
    case 15: {
        const size_t len = s.empty() ? 0 : rng() % std::min<size_t>(s.size() - pos, 200) + 1;
        s.erase(pos, len);
        return "delete " + std::to_string(len) + " bytes at " + std::to_string(pos);
    }
    case 16: {
        const std::string v = BAD_VALUES[rng() % BAD_VALUES.size()];
        s.insert(pos, v);
        return "insert '" + v + "' at " + std::to_string(pos);
    }
    default: {
        const auto cells = Cells(s);
        const auto [b, e] = cells[rng() % cells.size()];
        const std::string cell = s.substr(b, e - b) + ",";
        s.insert(b, cell);
        return "duplicate cell at " + std::to_string(b);
    }
    }
}

/// Applies 1 to 3 mutations; \p log gets their descriptions.
std::string
Mutate(const std::string& seed, std::mt19937& rng, std::string& log)
{
    std::string s = seed;
    const unsigned n = 1 + rng() % 3;
    for (unsigned i = 0; i < n; ++i)
    {
        log += (log.empty() ? "" : "; ") + MutateOnce(s, rng);
    }
    return s;
}

// ------------------------------------------------------------------------------ targets

/// A fuzz target.
struct Target
{
    std::string name;                   //!< Target name
    std::string group;                  //!< "loaders" or "options"
    std::vector<std::string> seeds;     //!< Seed inputs (file contents or values)
    std::vector<std::string> seedNames; //!< Where each seed came from
    std::string extension;              //!< Extension of the file the input is written to
    /// Makes the input of case \p index from a seed and the random stream; fills the log.
    std::function<std::string(const std::string&, std::mt19937&, std::string&)> make;
    /// Runs one case (in the child); \p path is the file holding the input (or "").
    std::function<Answer(const std::string& input, const std::string& path)> run;
    /// What a rejection must contain, from the input and its path (empty: just non-empty).
    std::function<std::vector<std::string>(const std::string& input, const std::string& path)>
        mustName;
    /// Whether the body may end the process: status 1 is a rejection (its message on standard
    /// error), status 0 a success (as --help); else the body must answer.
    bool mayExit{false};
};

/// Accepted.
Answer
Ok()
{
    return {'A', ""};
}

/// Rejected with \p error.
Answer
Rejected(const std::string& error)
{
    return {'R', error};
}

/// Accepted but invalid.
Answer
Invalid(const std::string& what)
{
    return {'I', what};
}

/// Basename of a path.
std::string
BaseName(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// Must name the file: its basename.
std::vector<std::string>
NamesFile(const std::string&, const std::string& path)
{
    return {BaseName(path)};
}

/// Checks a WanTopology after a successful load.
Answer
CheckTopology(const WanTopology& topo)
{
    for (uint32_t i = 0; i < topo.GetNSites(); ++i)
    {
        const auto& s = topo.GetSite(i);
        if (!std::isfinite(s.latitude) || !std::isfinite(s.longitude) || !std::isfinite(s.weight) ||
            !(s.weight > 0) || std::fabs(s.latitude) > 90 || std::fabs(s.longitude) > 180)
        {
            return Invalid("site " + std::to_string(i) + " '" + s.name + "' has latitude " +
                           std::to_string(s.latitude) + ", longitude " +
                           std::to_string(s.longitude) + ", weight " + std::to_string(s.weight));
        }
    }
    for (uint32_t i = 0; i < topo.GetNFibres(); ++i)
    {
        const auto& f = topo.GetFibre(i);
        if (!std::isfinite(f.lengthKm) || !(f.lengthKm > 0) || f.a >= topo.GetNSites() ||
            f.b >= topo.GetNSites())
        {
            return Invalid("fibre " + std::to_string(i) + " has length " +
                           std::to_string(f.lengthKm) + " km");
        }
    }
    if (topo.GetNSites() == 0)
    {
        return Invalid("a topology without sites");
    }
    return Ok();
}

/// A finite, non-negative number, else a description.
bool
GoodNumber(double v)
{
    return std::isfinite(v) && v >= 0;
}

/// The loader targets; \p src is the source directory.
std::vector<Target>
LoaderTargets(const std::string& src)
{
    std::vector<Target> targets;
    auto addFile = [&](Target& t, const std::string& rel) {
        const std::string text = ReadFile(src + "/" + rel);
        if (text.empty())
        {
            std::cerr << "optical-fuzz: cannot read the seed " << src << "/" << rel << std::endl;
            std::exit(2);
        }
        t.seeds.push_back(text);
        t.seedNames.push_back(rel);
    };
    auto mutate = [](const std::string& seed, std::mt19937& rng, std::string& log) {
        return Mutate(seed, rng, log);
    };

    // Each target gets an equal share of what is left of the time budget, and a fast target
    // leaves most of its share to the later ones: this one runs first, costing the last
    // (the slow traffic-matrix) only the time it takes (about 1 s).
    {
        Target t{"inference-trace", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "test/fuzz/seeds/inference-trace.csv");
        t.run = [](const std::string&, const std::string& path) {
            std::vector<InferenceRequestSpec> requests;
            std::string error;
            if (!InferenceArrivals::ReadTrace(path, requests, error))
            {
                return Rejected(error);
            }
            for (size_t i = 0; i < requests.size(); ++i)
            {
                const InferenceRequestSpec& r = requests[i];
                if (r.id != i || r.arrival.IsStrictlyNegative() || r.promptTokens < 1 ||
                    r.outputTokens < 1 || (i > 0 && r.arrival < requests[i - 1].arrival))
                {
                    return Invalid("request " + std::to_string(i) + " at " +
                                   std::to_string(r.arrival.GetSeconds()) + " s, " +
                                   std::to_string(r.promptTokens) + " prompt and " +
                                   std::to_string(r.outputTokens) + " output tokens");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        // Chakra traces: one rank's file in a folder of its own (PATH.d/t.0.et); an accepted
        // trace is a graph that validates, with finite sizes; a rejection names the folder.
        Target t{"chakra-trace", "loaders", {}, {}, ".et", mutate, nullptr, nullptr};
        addFile(t, "data/chakra/custom_ring_allreduce_8npus_1MB/custom_allreduce.0.et");
        addFile(t, "data/chakra/all_reduce/4npus_1MB/all_reduce.0.et");
        t.run = [](const std::string& input, const std::string& path) {
            const std::string dir = path + ".d";
            ::mkdir(dir.c_str(), 0700);
            std::ofstream(dir + "/t.0.et", std::ios::binary) << input;
            ExecutionGraph graph;
            std::string error;
            std::string invalid;
            const Answer answer = !ChakraTrace::Read(dir, graph, error) ? Rejected(error)
                                  : !graph.Validate(invalid)
                                      ? Invalid("accepted but invalid: " + invalid)
                                      : Ok();
            std::error_code ignored;
            std::filesystem::remove_all(dir, ignored);
            return answer;
        };
        t.mustName = [](const std::string&, const std::string& path) {
            return std::vector<std::string>{BaseName(path) + ".d"};
        };
        targets.push_back(t);
    }
    {
        // Flow-size CDFs: an accepted file is a valid CDF, and what is drawn from it lies
        // between its smallest and largest sizes.
        Target t{"flow-size-cdf", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/workload/websearch.csv");
        addFile(t, "data/workload/datamining.csv");
        t.run = [](const std::string&, const std::string& path) {
            Ptr<FlowSizeDistribution> d = CreateObject<FlowSizeDistribution>();
            std::string error;
            if (!d->ReadFile(path, error))
            {
                return Rejected(error);
            }
            const auto& p = d->GetPoints();
            for (size_t i = 0; i < p.size(); ++i)
            {
                if (!GoodNumber(p[i].bytes) || !(p[i].probability >= 0) ||
                    !(p[i].probability <= 1) ||
                    (i > 0 &&
                     (!(p[i].bytes > p[i - 1].bytes) || p[i].probability < p[i - 1].probability)))
                {
                    return Invalid("point " + std::to_string(i) + ": " +
                                   std::to_string(p[i].bytes) + " bytes, probability " +
                                   std::to_string(p[i].probability));
                }
            }
            const double mean = d->Mean();
            const double lo = d->GetMinBytes();
            const double hi = d->GetMaxBytes();
            if (p.empty() || p.back().probability != 1 || !std::isfinite(mean) || mean < lo ||
                mean > hi || d->SampleMean() < mean || d->SampleMean() > mean + 1)
            {
                return Invalid("mean " + std::to_string(mean) + " bytes, sizes " +
                               std::to_string(lo) + " to " + std::to_string(hi));
            }
            for (int i = 0; i < 16; ++i)
            {
                const double s = static_cast<double>(d->Sample());
                if (s < std::max(1.0, std::floor(lo)) || s > std::ceil(hi))
                {
                    return Invalid("a sample of " + std::to_string(s) + " bytes");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"wan-topology-csv", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/wan/continental-backbone.csv");
        addFile(t, "test/fuzz/seeds/small-topology.csv");
        t.run = [](const std::string&, const std::string& path) {
            WanTopology topo;
            std::string error;
            if (!topo.LoadCsv(path, error))
            {
                return Rejected(error);
            }
            return CheckTopology(topo);
        };
        targets.push_back(t);
    }
    // The graph files (the Topology Zoo's two formats), through Load() and its default rules.
    for (const char* format : {"graphml", "gml"})
    {
        Target t{std::string("wan-topology-") + format,
                 "loaders",
                 {},
                 {},
                 std::string(".") + format,
                 mutate,
                 nullptr,
                 NamesFile};
        addFile(t, std::string("test/fuzz/seeds/small.") + format);
        t.run = [](const std::string&, const std::string& path) {
            WanTopology topo;
            std::string error;
            if (!topo.Load(path, error))
            {
                return Rejected(error);
            }
            return CheckTopology(topo);
        };
        targets.push_back(t);
    }
    // The photonic files: a target (hardware) file and a program of the language.
    {
        Target t{"photonic-target", "loaders", {}, {}, ".txt", mutate, nullptr, NamesFile};
        addFile(t, "data/photonic/custom-4x4.txt");
        addFile(t, "data/photonic/benes-8.txt");
        t.run = [](const std::string&, const std::string& path) {
            PhotonicTarget target;
            std::string error;
            if (!PhotonicTarget::Load(path, target, error))
            {
                return Rejected(error);
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"photonic-program", "loaders", {}, {}, ".lambda", mutate, nullptr, NamesFile};
        addFile(t, "examples/photonic/programs/permutation8.lambda");
        addFile(t, "examples/photonic/programs/multicast.lambda");
        t.run = [](const std::string&, const std::string& path) {
            PhotonicProgram program;
            std::vector<PhotonicDiagnostic> diagnostics;
            if (PhotonicLanguage::ParseFile(path, program, diagnostics))
            {
                return diagnostics.empty() ? Ok() : Invalid("accepted with a diagnostic");
            }
            if (diagnostics.empty())
            {
                return Invalid("refused without a diagnostic");
            }
            return Rejected(diagnostics.front().ToString());
        };
        targets.push_back(t);
    }
    // The CAIDA AS files: relationships, then organisations over the seed's graph.
    {
        Target t{"as-relationships", "loaders", {}, {}, ".txt", mutate, nullptr, NamesFile};
        addFile(t, "test/fuzz/seeds/small.as-rel.txt");
        t.run = [](const std::string&, const std::string& path) {
            AsGraph graph;
            std::string error;
            if (!graph.LoadRelationships(path, error))
            {
                return Rejected(error);
            }
            for (uint32_t i = 0; i < graph.GetN(); ++i)
            {
                if (graph.GetAsn(i) == 0 || graph.GetAsn(i) == 0xffffffffU)
                {
                    return Invalid("reserved AS " + std::to_string(graph.GetAsn(i)));
                }
            }
            return graph.GetN() >= 2 ? Ok() : Invalid("a graph of fewer than two ASes");
        };
        targets.push_back(t);
    }
    {
        Target t{"as-organisations", "loaders", {}, {}, ".txt", mutate, nullptr, NamesFile};
        addFile(t, "test/fuzz/seeds/small.as2org.txt");
        const std::string relationships = src + "/test/fuzz/seeds/small.as-rel.txt";
        t.run = [relationships](const std::string&, const std::string& path) {
            AsGraph graph;
            std::string error;
            if (!graph.LoadRelationships(relationships, error))
            {
                return Invalid("the seed graph: " + error);
            }
            if (!graph.LoadOrganisations(path, error))
            {
                return Rejected(error);
            }
            for (uint32_t i = 0; i < graph.GetN(); ++i)
            {
                if (graph.GetOrganisation(i) >= graph.GetOrganisationCount())
                {
                    return Invalid("AS " + std::to_string(graph.GetAsn(i)) +
                                   " has no organisation");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"snr-trace", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "test/fuzz/seeds/snr-trace.csv");
        t.run = [](const std::string&, const std::string& path) {
            std::vector<SnrTimeSeries::Sample> samples;
            std::string error;
            if (!SnrTimeSeries::LoadCsv(path, samples, error))
            {
                return Rejected(error);
            }
            for (size_t i = 0; i < samples.size(); ++i)
            {
                if ((!samples[i].dark && !std::isfinite(samples[i].snrDb)) ||
                    samples[i].time.IsStrictlyNegative() ||
                    (i > 0 && samples[i].time <= samples[i - 1].time))
                {
                    return Invalid("sample " + std::to_string(i) + " at " +
                                   std::to_string(samples[i].time.GetSeconds()) + " s, SNR " +
                                   std::to_string(samples[i].snrDb) + " dB");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"fabric-catalog", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/rail-components.csv");
        t.run = [](const std::string&, const std::string& path) {
            RailCatalog catalog;
            std::string error;
            if (!catalog.Load(path, error))
            {
                return Rejected(error);
            }
            for (const auto& c : catalog.GetComponents())
            {
                if (!GoodNumber(c.powerW) || !GoodNumber(c.costUsd))
                {
                    return Invalid("component '" + c.kind + "' of '" + c.system + "': power " +
                                   std::to_string(c.powerW) + " W, cost " +
                                   std::to_string(c.costUsd) + " USD");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"ocs-device-classes", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/ocs-device-classes.csv");
        t.run = [](const std::string&, const std::string& path) {
            std::vector<OcsDeviceClass> classes;
            std::string error;
            if (!OcsDeviceClass::LoadAll(path, classes, error))
            {
                return Rejected(error);
            }
            for (const auto& c : classes)
            {
                if (c.reconfigurationDelay.IsStrictlyNegative() ||
                    c.controlPlaneDelay.IsStrictlyNegative() ||
                    (c.hasInsertionLoss && !GoodNumber(c.insertionLossDb)))
                {
                    return Invalid("class '" + c.name + "': reconfiguration delay " +
                                   std::to_string(c.reconfigurationDelay.GetSeconds()) +
                                   " s, control plane delay " +
                                   std::to_string(c.controlPlaneDelay.GetSeconds()) +
                                   " s, insertion loss " + std::to_string(c.insertionLossDb));
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"transceiver-modes", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/transceiver-modes.csv");
        t.run = [](const std::string& input, const std::string& path) {
            const char* tables[] = {"voyager", "openroadm-v5", "zr400g", "radwan"};
            const std::string table = tables[input.size() % 4];
            TransceiverModes modes;
            std::string error;
            if (!modes.Load(table, path, error))
            {
                return Rejected(error);
            }
            for (const auto& m : modes.GetModes())
            {
                if (!(m.rateGbps > 0) || !std::isfinite(m.rateGbps) || !GoodNumber(m.baudGbd) ||
                    !std::isfinite(m.snrDb) || !std::isfinite(m.osnrDb) ||
                    !GoodNumber(m.spacingGhz))
                {
                    return Invalid("table '" + table + "': mode of " + std::to_string(m.rateGbps) +
                                   " Gb/s, " + std::to_string(m.baudGbd) + " GBd, SNR " +
                                   std::to_string(m.snrDb) + " dB, spacing " +
                                   std::to_string(m.spacingGhz) + " GHz");
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"cost-catalog", "loaders", {}, {}, ".csv", mutate, nullptr, NamesFile};
        addFile(t, "data/wan/bypass-costs.csv");
        t.run = [](const std::string&, const std::string& path) {
            CostCatalog catalog;
            std::string error;
            if (!catalog.Load(path, error))
            {
                return Rejected(error);
            }
            for (int c = 0; c < CostCatalog::N_COMPONENTS; ++c)
            {
                const double v = catalog.Get(static_cast<CostCatalog::Component>(c));
                if (!GoodNumber(v))
                {
                    return Invalid(CostCatalog::Name(static_cast<CostCatalog::Component>(c)) +
                                   " costs " + std::to_string(v));
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    // GPU types and models are looked up by name in the data directory: the input is written
    // as the data file of a directory that NS3_OPTICAL_DATA_DIR names.
    {
        Target t{"gpu-types", "loaders", {}, {}, "/gpu-types.csv", mutate, nullptr, nullptr};
        addFile(t, "data/gpu-types.csv");
        t.mustName = [](const std::string&, const std::string&) {
            return std::vector<std::string>{"gpu-types.csv"};
        };
        t.run = [](const std::string& input, const std::string& path) {
            setenv("NS3_OPTICAL_DATA_DIR", path.substr(0, path.rfind('/')).c_str(), 1);
            const char* names[] = {"h100", "h200", "gb200", "rtx6000ada"};
            const std::string name = names[input.size() % 4];
            GpuSpec gpu;
            std::string error;
            if (!GpuSpec::Lookup(name, gpu, error))
            {
                return Rejected(error);
            }
            if (!(gpu.peakFlops > 0) || !std::isfinite(gpu.peakFlops) || !(gpu.mfu > 0) ||
                gpu.mfu > 1 || !(gpu.memoryBytes > 0) || !std::isfinite(gpu.memoryBytes) ||
                !GoodNumber(gpu.scaleUpBps) || !(gpu.hbmBytesPerSecond > 0) ||
                !std::isfinite(gpu.hbmBytesPerSecond))
            {
                return Invalid("GPU '" + name + "': peak " + std::to_string(gpu.peakFlops) +
                               " FLOP/s, mfu " + std::to_string(gpu.mfu) + ", memory " +
                               std::to_string(gpu.memoryBytes) + " B, scale-up " +
                               std::to_string(gpu.scaleUpBps) + " bit/s, HBM " +
                               std::to_string(gpu.hbmBytesPerSecond) + " B/s");
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"models", "loaders", {}, {}, "/models.csv", mutate, nullptr, nullptr};
        addFile(t, "data/models.csv");
        t.mustName = [](const std::string&, const std::string&) {
            return std::vector<std::string>{"models.csv"};
        };
        t.run = [](const std::string& input, const std::string& path) {
            setenv("NS3_OPTICAL_DATA_DIR", path.substr(0, path.rfind('/')).c_str(), 1);
            const char* names[] = {"gpt3-175b",
                                   "llama2-7b",
                                   "flashmoe",
                                   "tiny",
                                   "tiny-moe",
                                   "llama3-8b",
                                   "llama3-70b",
                                   "mixtral-8x7b"};
            const std::string name = names[input.size() % 8];
            ModelSpec m;
            std::string error;
            if (!ModelSpec::Lookup(name, m, error))
            {
                return Rejected(error);
            }
            if (m.layers == 0 || m.hidden == 0 || m.heads == 0 || m.seqLen == 0 || m.vocab == 0 ||
                m.ffnHidden == 0 || !std::isfinite(m.capacityFactor) || m.kvHeads == 0 ||
                m.heads % m.kvHeads != 0 || m.headDim == 0 || m.paramBytes == 0 ||
                m.paramBytes > ModelSpec::MAX_PARAM_BYTES || m.mlpMatrices < 2 ||
                m.mlpMatrices > 3 || !std::isfinite(m.TotalParameters()) ||
                (m.experts > 0 &&
                 (m.topK == 0 || m.topK > m.experts || m.moeEvery == 0 || !(m.capacityFactor > 0))))
            {
                return Invalid("model '" + name + "': " + std::to_string(m.layers) +
                               " layers, hidden " + std::to_string(m.hidden) + ", heads " +
                               std::to_string(m.heads) + ", experts " + std::to_string(m.experts) +
                               ", kv heads " + std::to_string(m.kvHeads) + ", head dim " +
                               std::to_string(m.headDim) + ", param bytes " +
                               std::to_string(m.paramBytes) + ", mlp matrices " +
                               std::to_string(m.mlpMatrices) + ", top-k " + std::to_string(m.topK) +
                               ", moe every " + std::to_string(m.moeEvery) + ", capacity factor " +
                               std::to_string(m.capacityFactor));
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        Target t{"ocs-configuration", "loaders", {}, {}, "", mutate, nullptr, nullptr};
        addFile(t, "test/fuzz/seeds/ocs-configuration.txt");
        t.seeds.push_back("");
        t.seedNames.push_back("(empty configuration)");
        t.mustName = [](const std::string&, const std::string&) {
            return std::vector<std::string>{};
        };
        t.run = [](const std::string& input, const std::string&) {
            OcsConfiguration config;
            std::string error;
            if (!OcsConfiguration::Parse(input, config, error))
            {
                return Rejected(error);
            }
            uint64_t ports = 0;
            for (const auto& c : config.GetCircuits())
            {
                ports = std::max<uint64_t>(ports, std::max(c.from, c.to) + uint64_t{1});
                if (std::isnan(c.insertionLossDb) || std::isinf(c.insertionLossDb))
                {
                    return Invalid("circuit " + std::to_string(c.from) + "-" +
                                   std::to_string(c.to) + " with loss " +
                                   std::to_string(c.insertionLossDb) + " dB");
                }
            }
            if (ports <= 4096 && config.Validate(static_cast<uint32_t>(ports)).empty())
            {
                for (double loss : config.GetLossMap(static_cast<uint32_t>(ports), 1.0))
                {
                    if (!std::isfinite(loss))
                    {
                        return Invalid("a non-finite loss in the loss map");
                    }
                }
                OcsConfiguration again;
                if (!OcsConfiguration::Parse(config.ToString(), again, error) || !(again == config))
                {
                    return Invalid("'" + config.ToString() + "' does not read back: " + error);
                }
            }
            return Ok();
        };
        targets.push_back(t);
    }
    {
        // Traffic matrices are made, not loaded: the input is "kind\ntotal".
        Target t{"traffic-matrix", "loaders", {}, {}, "", nullptr, nullptr, nullptr};
        for (const char* kind : {"gravity", "uniform", "bimodal", "bimodal:0.3"})
        {
            t.seeds.push_back(std::string(kind) + "\n400");
            t.seedNames.push_back(kind);
        }
        t.make = [](const std::string& seed, std::mt19937& rng, std::string& log) {
            const std::string kind = seed.substr(0, seed.rfind('\n'));
            const char* totals[] =
                {"400", "0", "-1", "1e308", "1e-308", "nan", "inf", "5e9", "4.7"};
            const std::string total = totals[rng() % 9];
            const std::string mutated = rng() % 3 ? Mutate(kind, rng, log) : kind;
            log += (log.empty() ? "" : "; ") + std::string("total ") + total;
            return mutated + "\n" + total;
        };
        t.mustName = [](const std::string&, const std::string&) {
            return std::vector<std::string>{};
        };
        t.run = [](const std::string& input, const std::string&) {
            const auto nl = input.rfind('\n');
            const std::string kind = input.substr(0, nl);
            const double total = std::strtod(input.c_str() + nl + 1, nullptr);
            WanTopology topo;
            std::string error;
            topo.AddSite({"a", 40, -74, 8.3});
            topo.AddSite({"b", 34, -118, 3.9});
            topo.AddSite({"c", 51.5, -0.1, 1});
            topo.AddSite({"d", 48.9, 2.4, 2.1});
            topo.AddFibre(0, 1, 4000, error);
            topo.AddFibre(1, 2, 9000, error);
            topo.AddFibre(2, 3, 350, error);
            topo.AddFibre(3, 0, 6000, error);
            Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
            std::vector<TrafficMatrix::Demand> demands;
            error.clear();
            if (!TrafficMatrix::Make(kind, topo, total, rng, demands, error))
            {
                return Rejected(error);
            }
            if (!std::isfinite(total) || total < 0)
            {
                return Invalid("a total of " + std::to_string(total) + " Gb/s was accepted");
            }
            double sum = 0;
            for (const auto& d : demands)
            {
                if (!GoodNumber(d.gbps) || d.src == d.dst || d.src >= 4 || d.dst >= 4)
                {
                    return Invalid("demand " + std::to_string(d.src) + "->" +
                                   std::to_string(d.dst) + " of " + std::to_string(d.gbps) +
                                   " Gb/s");
                }
                sum += d.gbps;
            }
            if (demands.size() != 12 || std::fabs(sum - total) > 1e-9 * total)
            {
                return Invalid(std::to_string(demands.size()) + " demands summing to " +
                               std::to_string(sum) + " Gb/s, not 12 summing to " +
                               std::to_string(total));
            }
            return Ok();
        };
        targets.push_back(t);
    }
    return targets;
}

// ------------------------------------------------------------------------------ option layer

/// Units that option values get (valid, almost valid, wrong).
const std::vector<std::string> UNIT_SUFFIXES = {
    "",     "",     "",     "s",    "ms",        "us",    "ns",   "ps",    "fs",    "min",
    "h",    "d",    "y",    "hh",   "mss",       "sec",   "S",    "bps",   "kbps",  "Kbps",
    "Mbps", "Gbps", "Tbps", "gbps", "Mb/s",      "B/s",   "GBps", "KiBps", "Gibps", "B",
    "KB",   "kB",   "KiB",  "MiB",  "GB",        "kb",    "%",    "%%",    " s",    "s ",
    "x",    "e",    "e+",   "\n",   "\xC2\xB5s", "bps/s", "ms5",  "Gbps,",
};

/// A random option value (numbers with units, lists, text).
std::string
OptionValue(std::mt19937& rng)
{
    const unsigned kind = rng() % 10;
    if (kind == 0)
    {
        // a list
        const size_t n = (rng() % 4 == 0) ? 1 + rng() % 3000 : 1 + rng() % 5;
        std::string list;
        for (size_t i = 0; i < n; ++i)
        {
            list += (i ? "," : "") + std::to_string(static_cast<int>(rng() % 2000) - 100);
        }
        if (rng() % 3 == 0)
        {
            list += rng() % 2 ? "," : ",,x";
        }
        return list;
    }
    if (kind == 1)
    {
        return rng() % 4 == 0 ? HugeString(rng) : BAD_VALUES[rng() % BAD_VALUES.size()];
    }
    std::string number;
    switch (rng() % 6)
    {
    case 0:
        number = BAD_VALUES[rng() % BAD_VALUES.size()];
        break;
    case 1:
        number = std::to_string(rng() % 100000);
        break;
    case 2: {
        std::uniform_real_distribution<double> u(-12, 12);
        std::ostringstream s;
        s.precision(1 + rng() % 17);
        s << std::pow(10.0, u(rng)) * (rng() % 5 == 0 ? -1 : 1);
        number = s.str();
        break;
    }
    case 3:
        number = std::to_string(rng() % 10) + "." + std::to_string(rng() % 1000) + "e" +
                 std::to_string(static_cast<int>(rng() % 700) - 350);
        break;
    case 4:
        number = std::string(1 + rng() % 400, '9');
        break;
    default:
        number = std::to_string(rng() % 3);
        break;
    }
    std::string value = number + UNIT_SUFFIXES[rng() % UNIT_SUFFIXES.size()];
    if (rng() % 8 == 0)
    {
        std::string log;
        value = Mutate(value, rng, log);
    }
    return value;
}

/// Checks one OpticalUnits parse against an independent reading; "" if consistent.
std::string
CheckUnits(const std::string& text)
{
    std::ostringstream out;
    const std::string t = OpticalUnits::Trim(text);
    auto strtodWhole = [](const std::string& s, double& v) {
        if (s.empty() || s.find('\0') != std::string::npos)
        {
            return false;
        }
        char* end = nullptr;
        v = std::strtod(s.c_str(), &end);
        return *end == '\0';
    };
    // ParseReal: finite, and what strtod reads from the whole text.
    double v = 0;
    std::string error;
    if (OpticalUnits::ParseReal(text, v, error))
    {
        double w = 0;
        if (!std::isfinite(v) || !strtodWhole(t, w) || !(w == v || (w == 0 && v == 0)))
        {
            out << "ParseReal('" << t << "') = " << v << " (strtod reads " << w << ")";
            return out.str();
        }
    }
    else if (error.empty())
    {
        return "ParseReal('" + t + "') failed without a message";
    }
    // ParseUnsigned: whole, within the maximum.
    for (uint64_t max : {uint64_t{4294967295u}, uint64_t{18446744073709551615u}})
    {
        uint64_t u = 0;
        error.clear();
        if (OpticalUnits::ParseUnsigned(text, max, u, error))
        {
            double w = 0;
            if (u > max || !strtodWhole(t, w) || w < 0 ||
                std::fabs(w - static_cast<double>(u)) > 1e-9 * w + 0.5)
            {
                out << "ParseUnsigned('" << t << "', " << max << ") = " << u << " (strtod reads "
                    << w << ")";
                return out.str();
            }
        }
        else if (error.empty())
        {
            return "ParseUnsigned('" + t + "') failed without a message";
        }
    }

    // Units: a number then one of the documented units (an independent table).
    struct U
    {
        const char* name;
        double factor;
    };

    const std::vector<U> times = {{"y", 365.0 * 86400},
                                  {"d", 86400},
                                  {"h", 3600},
                                  {"min", 60},
                                  {"s", 1},
                                  {"ms", 1e-3},
                                  {"us", 1e-6},
                                  {"ns", 1e-9},
                                  {"ps", 1e-12},
                                  {"fs", 1e-15}};
    std::vector<U> rates;
    std::vector<U> sizes;
    const std::vector<U> prefixes = {{"", 1},
                                     {"k", 1e3},
                                     {"K", 1e3},
                                     {"M", 1e6},
                                     {"G", 1e9},
                                     {"T", 1e12},
                                     {"Ki", 1024.0},
                                     {"Mi", 1048576.0},
                                     {"Gi", 1073741824.0},
                                     {"Ti", 1099511627776.0}};
    static std::vector<std::string> names; // keeps the c_str()s alive
    names.clear();
    names.reserve(100);
    for (const auto& p : prefixes)
    {
        for (const char* r : {"bps", "b/s", "Bps", "B/s"})
        {
            names.push_back(std::string(p.name) + r);
            rates.push_back({names.back().c_str(), p.factor * (r[0] == 'B' ? 8 : 1)});
        }
        if (std::string(p.name) != "k")
        {
            names.push_back(std::string(p.name) + "B");
            sizes.push_back({names.back().c_str(), p.factor});
        }
    }
    sizes.push_back({"kB", 1e3});
    auto expect = [&](const std::vector<U>& table, const std::string& bare, double& value) {
        // Split: longest tail that is a unit, the head a number strtod reads whole.
        for (const auto& u : table)
        {
            const std::string n = u.name;
            if (t.size() > n.size() && t.compare(t.size() - n.size(), n.size(), n) == 0)
            {
                const std::string head = OpticalUnits::Trim(t.substr(0, t.size() - n.size()));
                double x = 0;
                std::string e;
                if (OpticalUnits::ParseReal(head, x, e))
                {
                    value = x * u.factor;
                    return true;
                }
            }
        }
        double x = 0;
        std::string e;
        if (OpticalUnits::ParseReal(t, x, e))
        {
            for (const auto& u : table)
            {
                if (bare == u.name)
                {
                    value = x * u.factor;
                    return true;
                }
            }
        }
        return false;
    };
    auto compare = [&](const char* what,
                       bool ok,
                       double got,
                       const std::vector<U>& table,
                       const std::string& bare,
                       const std::string& err) -> std::string {
        double want = 0;
        const bool expected = expect(table, bare, want) && std::isfinite(want);
        if (ok &&
            (!std::isfinite(got) || !expected || std::fabs(got - want) > 1e-12 * std::fabs(want)))
        {
            std::ostringstream s;
            s << what << "('" << t << "', bare " << bare << ") = " << got
              << (expected ? " (expected " + std::to_string(want) + ")"
                           : " (not a documented form)");
            return s.str();
        }
        if (!ok && err.empty())
        {
            return std::string(what) + "('" + t + "') failed without a message";
        }
        return "";
    };
    double got = 0;
    error.clear();
    bool ok = OpticalUnits::ParseTime(text, "s", got, error);
    std::string problem = compare("ParseTime", ok, got, times, "s", error);
    if (problem.empty())
    {
        error.clear();
        ok = OpticalUnits::ParseTime(text, "h", got, error);
        problem = compare("ParseTime", ok, got, times, "h", error);
    }
    if (problem.empty())
    {
        error.clear();
        ok = OpticalUnits::ParseDataRate(text, "Gbps", got, error);
        problem = compare("ParseDataRate", ok, got, rates, "Gbps", error);
    }
    if (problem.empty())
    {
        error.clear();
        ok = OpticalUnits::ParseBytes(text, "B", got, error);
        problem = compare("ParseBytes", ok, got, sizes, "B", error);
        if (problem.empty() && ok && got != std::floor(got))
        {
            problem = "ParseBytes('" + t + "') is not whole";
        }
    }
    return problem;
}

/// The option names of the experiment of the "experiment" target, with their checks.
struct FuzzOptions
{
    Time time{Seconds(1)};
    DataRate rate{"10Gbps"};
    double rateNumber{400};
    double timeNumber{2};
    uint64_t bytes{4096};
    uint32_t count32{4};
    uint64_t count64{8};
    double real{1.5};
    double fraction{0.5};
    double percent{50};
    std::string enumValue{"gravity"};
    bool flag{false};
    std::string text{"label"};
    std::string file;
    std::vector<double> reals{1, 2};
    std::vector<uint64_t> counts{1, 2};
    std::vector<std::string> enums{"a"};
};

const std::vector<std::string> OPTION_NAMES = {
    "time",
    "rate",
    "rateNumber",
    "timeNumber",
    "bytes",
    "count32",
    "count64",
    "real",
    "fraction",
    "percent",
    "kind",
    "flag",
    "label",
    "input",
    "reals",
    "counts",
    "modes",
    "results",
    "RngRun",
    "RngSeed",
    "SimulatorImplementationType",
    "ns3::TcpSocket::SegmentSize",
    "ns3::PointToPointNetDevice::DataRate",
    "unknownOption",
    "ChecksumEnabled",
    "progress",
    "sweepKey",
};

/// Runs OpticalExperiment::Parse (in the child) on \p args (NUL-separated); checks the values.
Answer
RunExperiment(const std::string& args)
{
    std::vector<std::string> words{"optical-fuzz-experiment"};
    size_t start = 0;
    while (start <= args.size())
    {
        const size_t nul = args.find('\0', start);
        const size_t end = nul == std::string::npos ? args.size() : nul;
        words.push_back(args.substr(start, end - start));
        start = end + 1;
    }
    FuzzOptions o;
    OpticalExperiment exp("optical-fuzz-experiment", "The fuzz harness's experiment");
    exp.AddTime("time", "A time", o.time, OpticalBounds::AtLeast(0).AtMost(3600));
    exp.AddDataRate("rate", "A rate", o.rate, OpticalBounds::Above(0).AtMost(1e13));
    exp.AddRateNumber("rateNumber",
                      "A rate in Gbps",
                      o.rateNumber,
                      OpticalBounds::Above(0).AtMost(1e5),
                      "Gbps");
    exp.AddTimeNumber("timeNumber",
                      "A time in h",
                      o.timeNumber,
                      OpticalBounds::AtLeast(0).AtMost(1e4),
                      "h");
    exp.AddBytes("bytes", "A size", o.bytes, OpticalBounds::Between(1, 1e12));
    exp.AddCount("count32", "A count", o.count32, 1, 1024);
    exp.AddCount("count64", "A count", o.count64, 0, 1000000);
    exp.AddReal("real", "A real", o.real, OpticalBounds::Between(-10, 10), "dB");
    exp.AddFraction("fraction", "A fraction", o.fraction);
    exp.AddPercent("percent", "A percentage", o.percent);
    exp.AddEnum("kind", "A kind", o.enumValue, {"gravity", "uniform", "bimodal"});
    exp.AddFlag("flag", "A flag", o.flag);
    exp.AddText("label", "A label", o.text, false);
    exp.AddInputFile("input", "An input file", o.file);
    exp.AddRealList("reals", "Reals", o.reals, OpticalBounds::Between(0, 100), "km", 1, 10);
    exp.AddCountList("counts", "Counts", o.counts, 1, 64, 1, 10);
    exp.AddEnumList("modes", "Modes", o.enums, {"a", "b", "c"}, 1, 3);
    std::vector<char*> argv;
    for (auto& w : words)
    {
        argv.push_back(&w[0]);
    }
    exp.Parse(static_cast<int>(argv.size()), argv.data());
    // Parse returned: every value must be within its bounds.
    std::ostringstream bad;
    const double t = o.time.GetSeconds();
    if (!(t >= 0 && t <= 3600))
    {
        bad << "time " << t << " s; ";
    }
    const double r = static_cast<double>(o.rate.GetBitRate());
    if (!(r > 0 && r <= 1e13))
    {
        bad << "rate " << r << " bps; ";
    }
    if (!(o.rateNumber > 0 && o.rateNumber <= 1e5))
    {
        bad << "rateNumber " << o.rateNumber << "; ";
    }
    if (!(o.timeNumber >= 0 && o.timeNumber <= 1e4))
    {
        bad << "timeNumber " << o.timeNumber << "; ";
    }
    if (!(o.bytes >= 1 && o.bytes <= 1000000000000ULL))
    {
        bad << "bytes " << o.bytes << "; ";
    }
    if (!(o.count32 >= 1 && o.count32 <= 1024) || o.count64 > 1000000)
    {
        bad << "counts " << o.count32 << ", " << o.count64 << "; ";
    }
    if (!(o.real >= -10 && o.real <= 10) || !(o.fraction >= 0 && o.fraction <= 1) ||
        !(o.percent >= 0 && o.percent <= 100))
    {
        bad << "real " << o.real << ", fraction " << o.fraction << ", percent " << o.percent
            << "; ";
    }
    if (o.enumValue != "gravity" && o.enumValue != "uniform" && o.enumValue != "bimodal")
    {
        bad << "kind '" << o.enumValue << "'; ";
    }
    if (o.text.empty())
    {
        bad << "empty label; ";
    }
    if (o.reals.empty() || o.reals.size() > 10)
    {
        bad << o.reals.size() << " reals; ";
    }
    for (double x : o.reals)
    {
        if (!(x >= 0 && x <= 100))
        {
            bad << "real element " << x << "; ";
        }
    }
    if (o.counts.empty() || o.counts.size() > 10)
    {
        bad << o.counts.size() << " counts; ";
    }
    for (uint64_t x : o.counts)
    {
        if (x < 1 || x > 64)
        {
            bad << "count element " << x << "; ";
        }
    }
    if (o.enums.empty() || o.enums.size() > 3)
    {
        bad << o.enums.size() << " modes; ";
    }
    for (const auto& e : o.enums)
    {
        if (e != "a" && e != "b" && e != "c")
        {
            bad << "mode '" << e << "'; ";
        }
    }
    if (!bad.str().empty())
    {
        return Invalid("Parse accepted: " + bad.str());
    }
    return Ok();
}

/// The option-layer targets.
std::vector<Target>
OptionTargets()
{
    std::vector<Target> targets;
    {
        Target t{"units", "options", {"10"}, {"(generated)"}, "", nullptr, nullptr, nullptr};
        t.make = [](const std::string&, std::mt19937& rng, std::string& log) {
            const std::string v = OptionValue(rng);
            log = "value of " + std::to_string(v.size()) + " bytes";
            return v;
        };
        t.mustName = [](const std::string&, const std::string&) {
            return std::vector<std::string>{};
        };
        t.run = [](const std::string& input, const std::string&) {
            const std::string problem = CheckUnits(input);
            return problem.empty() ? Ok() : Invalid(problem);
        };
        targets.push_back(t);
    }
    {
        Target t{"experiment", "options", {""}, {"(generated)"}, "", nullptr, nullptr, nullptr};
        t.make = [](const std::string&, std::mt19937& rng, std::string& log) {
            std::string args;
            const unsigned n = 1 + rng() % 3;
            for (unsigned i = 0; i < n; ++i)
            {
                const std::string& name = OPTION_NAMES[rng() % OPTION_NAMES.size()];
                std::string arg;
                switch (rng() % 12)
                {
                case 0:
                    arg = "--" + name; // no value
                    break;
                case 1:
                    arg = "-" + name + "=" + OptionValue(rng);
                    break;
                case 2:
                    arg = name + "=1"; // no dashes
                    break;
                case 3:
                    arg = "--" + name + "=";
                    break;
                default:
                    arg = "--" + name + "=" + OptionValue(rng);
                    break;
                }
                // the value must not hold NUL (argv cannot): NUL separates arguments here
                arg.erase(std::remove(arg.begin(), arg.end(), '\0'), arg.end());
                args += (i ? std::string(1, '\0') : "") + arg;
                log += (i ? " " : "") + (arg.size() > 60 ? arg.substr(0, 40) + "...(" +
                                                               std::to_string(arg.size()) + ")"
                                                         : arg);
            }
            return args;
        };
        // A rejection names one of the options given (or says an argument is unexpected).
        t.mustName = [](const std::string& input, const std::string&) {
            std::vector<std::string> names;
            size_t start = 0;
            while (start <= input.size())
            {
                const size_t nul = input.find('\0', start);
                const size_t end = nul == std::string::npos ? input.size() : nul;
                std::string arg = input.substr(start, end - start);
                start = end + 1;
                size_t d = 0;
                while (d < 2 && d < arg.size() && arg[d] == '-')
                {
                    ++d;
                }
                if (d == 0)
                {
                    names.push_back("'" + arg + "'");
                    continue;
                }
                names.push_back("--" + arg.substr(d,
                                                  arg.find('=') == std::string::npos
                                                      ? std::string::npos
                                                      : arg.find('=') - d));
            }
            return names;
        };
        t.run = [](const std::string& input, const std::string&) { return RunExperiment(input); };
        t.mayExit = true;
        targets.push_back(t);
    }
    return targets;
}

// ------------------------------------------------------------------------------ driver

/// Command-line settings.
struct Settings
{
    std::string group{"all"};
    std::string target;
    uint64_t cases{300};
    uint64_t seed{1};
    double timeLimit{25};
    unsigned caseTimeout{10};
    int64_t onlyCase{-1};
    std::string saveDir;
    std::string sourceDir{OPTICAL_SOURCE_DIR};
    bool list{false};
    bool verbose{false};
};

/// Prints the usage and exits with \p code.
[[noreturn]] void
Usage(int code)
{
    (code ? std::cerr : std::cout)
        << "Usage: optical-fuzz [options]\n"
           "  --group=loaders|options|all  targets to run (default all)\n"
           "  --target=NAME                one target (see --list)\n"
           "  --cases=N                    cases per target (default 300)\n"
           "  --seed=S                     random seed (default 1)\n"
           "  --time-limit=SECONDS         wall-clock budget of the whole run (default 25);\n"
           "                               targets share it, a target stops when its share is "
           "used\n"
           "  --case-timeout=SECONDS       time limit of one case (default 10)\n"
           "  --case=K                     run only case K (with --target): replay\n"
           "  --save-dir=DIR               where failing inputs are saved (default: a temp dir)\n"
           "  --source-dir=DIR             module source directory (seeds; default: the build's)\n"
           "  --list                       list the targets and their seeds\n"
           "  --verbose                    print every case\n";
    std::exit(code);
}

/// Parses the command line.
Settings
ParseArgs(int argc, char* argv[])
{
    Settings s;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        const auto eq = arg.find('=');
        const std::string name = arg.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
        std::string error;
        uint64_t u = 0;
        double d = 0;
        auto number = [&](uint64_t max) {
            if (!OpticalUnits::ParseUnsigned(value, max, u, error))
            {
                std::cerr << "optical-fuzz: " << arg << ": " << error << std::endl;
                std::exit(2);
            }
            return u;
        };
        if (name == "--group" && (value == "loaders" || value == "options" || value == "all"))
        {
            s.group = value;
        }
        else if (name == "--target" && !value.empty())
        {
            s.target = value;
        }
        else if (name == "--cases")
        {
            s.cases = number(100000000);
        }
        else if (name == "--seed")
        {
            s.seed = number(4294967295u);
        }
        else if (name == "--time-limit")
        {
            if (!OpticalUnits::ParseTime(value, "s", d, error) || !(d > 0))
            {
                std::cerr << "optical-fuzz: " << arg << ": "
                          << (error.empty() ? "must be > 0" : error) << std::endl;
                std::exit(2);
            }
            s.timeLimit = d;
        }
        else if (name == "--case-timeout")
        {
            s.caseTimeout = static_cast<unsigned>(std::max<uint64_t>(1, number(3600)));
        }
        else if (name == "--case")
        {
            s.onlyCase = static_cast<int64_t>(number(100000000));
        }
        else if (name == "--save-dir" && !value.empty())
        {
            s.saveDir = value;
        }
        else if (name == "--source-dir" && !value.empty())
        {
            s.sourceDir = value;
        }
        else if (arg == "--list")
        {
            s.list = true;
        }
        else if (arg == "--verbose")
        {
            s.verbose = true;
        }
        else if (arg == "--help" || arg == "-h")
        {
            Usage(0);
        }
        else
        {
            std::cerr << "optical-fuzz: unknown or bad argument '" << arg << "'" << std::endl;
            Usage(2);
        }
    }
    if (s.onlyCase >= 0 && s.target.empty())
    {
        std::cerr << "optical-fuzz: --case needs --target" << std::endl;
        std::exit(2);
    }
    return s;
}

/// Whether \p message names one of \p names (or anything, when \p names is empty).
bool
MessageNames(const std::string& message, const std::vector<std::string>& names)
{
    if (message.empty())
    {
        return false;
    }
    if (names.empty())
    {
        return true;
    }
    for (const auto& n : names)
    {
        if (message.find(n) != std::string::npos)
        {
            return true;
        }
    }
    return false;
}

/// Shortens a text for printing, escaping control bytes.
std::string
Printable(const std::string& s, size_t max = 300)
{
    std::string out;
    for (size_t i = 0; i < s.size() && out.size() < max; ++i)
    {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\n')
        {
            out += "\\n";
        }
        else if (c < 32 || c >= 127)
        {
            char buf[8];
            std::snprintf(buf, sizeof(buf), "\\x%02x", c);
            out += buf;
        }
        else
        {
            out += static_cast<char>(c);
        }
    }
    if (out.size() >= max)
    {
        out += "...(" + std::to_string(s.size()) + " bytes)";
    }
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    const Settings s = ParseArgs(argc, argv);
    std::vector<Target> targets;
    if (s.group != "options" || !s.target.empty())
    {
        for (auto& t : LoaderTargets(s.sourceDir))
        {
            targets.push_back(t);
        }
    }
    if (s.group != "loaders" || !s.target.empty())
    {
        for (auto& t : OptionTargets())
        {
            targets.push_back(t);
        }
    }
    if (!s.target.empty())
    {
        std::vector<Target> one;
        for (auto& t : targets)
        {
            if (t.name == s.target)
            {
                one.push_back(t);
            }
        }
        if (one.empty())
        {
            std::cerr << "optical-fuzz: unknown target '" << s.target << "' (--list lists them)"
                      << std::endl;
            return 2;
        }
        targets = one;
    }
    if (s.list)
    {
        for (const auto& t : targets)
        {
            std::cout << t.group << " " << t.name << ":";
            for (const auto& n : t.seedNames)
            {
                std::cout << " " << n;
            }
            std::cout << std::endl;
        }
        return 0;
    }

    // A private working directory for the inputs.
    const char* tmp = std::getenv("TMPDIR");
    std::string work = std::string(tmp && *tmp ? tmp : "/tmp") + "/optical-fuzz-XXXXXX";
    if (!mkdtemp(&work[0]))
    {
        std::cerr << "optical-fuzz: cannot make a temporary directory: " << std::strerror(errno)
                  << std::endl;
        return 2;
    }
    const std::string saveDir = s.saveDir.empty() ? work + "/failures" : s.saveDir;
    mkdir(saveDir.c_str(), 0755);
    const std::string errFile = work + "/stderr.txt";
    // The results store of the experiment target must never be written: point it nowhere.
    setenv("NS3_OPTICAL_RESULTS", "none", 1);

    std::cout << "optical-fuzz: seed " << s.seed << ", " << s.cases << " cases per target, "
              << s.timeLimit << " s budget, " << s.caseTimeout << " s per case, " << targets.size()
              << " targets" << std::endl;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&start]() {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    uint64_t totalFailed = 0;
    uint64_t totalPassed = 0;
    for (size_t ti = 0; ti < targets.size(); ++ti)
    {
        const Target& t = targets[ti];
        // Each target gets an equal share of what is left of the budget.
        const double share = (s.timeLimit - elapsed()) / static_cast<double>(targets.size() - ti);
        const double targetStart = elapsed();
        uint64_t counts[N_VERDICTS] = {};
        uint64_t ran = 0;
        const uint64_t first = s.onlyCase >= 0 ? static_cast<uint64_t>(s.onlyCase) : 0;
        const uint64_t last = s.onlyCase >= 0 ? first + 1 : s.cases;
        for (uint64_t k = first; k < last; ++k)
        {
            if (s.onlyCase < 0 && elapsed() - targetStart > share)
            {
                break;
            }
            // The case's stream depends on the seed, the target's name and the case only.
            std::seed_seq seq{static_cast<uint32_t>(s.seed),
                              static_cast<uint32_t>(std::hash<std::string>{}(t.name) & 0xffffffffu),
                              static_cast<uint32_t>(k)};
            std::mt19937 rng(seq);
            const size_t seedIndex = rng() % t.seeds.size();
            std::string log;
            // The first cases of a loader are its seeds, unmutated.
            const bool pristine = k < t.seeds.size() && t.group == "loaders";
            const size_t si = pristine ? k : seedIndex;
            const std::string input = pristine ? t.seeds[si] : t.make(t.seeds[si], rng, log);
            if (pristine)
            {
                log = "unmutated seed";
            }
            std::string path;
            if (!t.extension.empty())
            {
                const std::string dir = work + "/" + t.name + "-" + std::to_string(k);
                if (t.extension[0] == '/')
                {
                    mkdir(dir.c_str(), 0755);
                    path = dir + t.extension;
                }
                else
                {
                    path = dir + t.extension;
                }
                WriteFile(path, input);
            }
            const CaseBody body = [&t, &path](const std::string& in) { return t.run(in, path); };
            ChildResult r = RunInChild(body, input, s.caseTimeout, errFile);
            if (t.mayExit && r.verdict == CRASH && r.exitCode == 1)
            {
                r.verdict = REJECTED;
                r.answer.message = r.stderrText;
                r.detail.clear();
            }
            else if (t.mayExit && r.verdict == CRASH && r.exitCode == 0)
            {
                r.verdict = ACCEPTED;
                r.detail.clear();
            }
            if (r.verdict == REJECTED && !MessageNames(r.answer.message, t.mustName(input, path)))
            {
                r.verdict = UNNAMED;
            }
            ++counts[r.verdict];
            ++ran;
            const bool failed = r.verdict != ACCEPTED && r.verdict != REJECTED;
            if (failed || s.verbose)
            {
                std::cout << "  " << VERDICT_NAMES[r.verdict] << ": target " << t.name << " seed "
                          << s.seed << " case " << k << " (seed input " << t.seedNames[si] << "; "
                          << log << ")";
                if (!r.detail.empty())
                {
                    std::cout << ": " << r.detail;
                }
                if (!r.answer.message.empty())
                {
                    std::cout << ": " << Printable(r.answer.message);
                }
                std::cout << std::endl;
            }
            if (failed)
            {
                const std::string saved = saveDir + "/" + t.name + "-seed" +
                                          std::to_string(s.seed) + "-case" + std::to_string(k) +
                                          ".input";
                WriteFile(saved, input);
                if (!r.stderrText.empty())
                {
                    std::cout << "    stderr: " << Printable(r.stderrText, 600) << std::endl;
                }
                std::cout << "    input saved: " << saved << " (" << input.size() << " bytes)"
                          << std::endl;
                std::cout << "    replay: optical-fuzz --target=" << t.name << " --seed=" << s.seed
                          << " --case=" << k << " --verbose" << std::endl;
            }
            if (!path.empty())
            {
                unlink(path.c_str());
                if (t.extension[0] == '/')
                {
                    rmdir(path.substr(0, path.rfind('/')).c_str());
                }
            }
        }
        const uint64_t failed = counts[CRASH] + counts[HANG] + counts[UNNAMED] + counts[INVALID];
        totalFailed += failed;
        totalPassed += counts[ACCEPTED] + counts[REJECTED];
        std::cout << "optical-fuzz: " << t.group << "/" << t.name << ": " << ran << " cases in "
                  << static_cast<int>((elapsed() - targetStart) * 1000) / 1000.0 << " s:";
        for (int v = 0; v < N_VERDICTS; ++v)
        {
            std::cout << " " << counts[v] << " " << VERDICT_NAMES[v];
        }
        std::cout << std::endl;
    }
    unlink(errFile.c_str());
    rmdir(saveDir.c_str()); // only if nothing was saved
    rmdir(work.c_str());
    std::cout << "optical-fuzz: " << (totalFailed ? "FAILED" : "ok") << " in "
              << static_cast<int>(elapsed() * 10) / 10.0 << " s" << std::endl;
    std::cout << totalPassed << " passed, " << totalFailed << " failed" << std::endl;
    return totalFailed ? 1 : 0;
}
